// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fake_bridge.h -- runtime/bridge.h over a small model built by a test.
 *
 * A test calls fb_reset(), describes proctypes, transitions, processes,
 * variables and channels, and then calls the code under test, which
 * sees the model only through dmc_br_*.  Everything lives in fixed
 * arrays; exceeding a limit aborts the test.
 */
#ifndef DMC_FAKE_BRIDGE_H
#define DMC_FAKE_BRIDGE_H

#define FB_MAX_TYPES  8
#define FB_MAX_STATES 64
#define FB_MAX_TRANS  256
#define FB_MAX_PROCS  16
#define FB_MAX_VARS   32
#define FB_MAX_ELEMS  8               /* array length */
#define FB_MAX_MTYPES 16
#define FB_MAX_CHANS  8

void fb_reset(void);                  /* an empty model: no types, no claim */

/* static structure */
int fb_type(const char *name, int nstates, int start);          /* returns the type */
void fb_claim(int type);                                         /* type is the never claim */
int fb_trans(int type, int from, int to, int line, const char *text); /* returns its id */
/* Give transition t (fb_trans's answer) pan's t_id id: pan copies a
 * transition into other states keeping its id. */
void fb_trans_id(int t, int id);
/* Transition t's text stands for zone code with this note (docs/uppaal.md
 * "Clocks: zones"; kept, not copied), inside a test when guard. */
void fb_trans_zone(int t, const char *note, int guard);
void fb_label(int type, int state, int labels);                 /* DMC_LBL_* bits */

/* processes */
int fb_proc(int type, int state);                               /* returns the pid */
void fb_move(int pid, int state);

/* variables: scalars have size 1; locals are per process */
int fb_global(const char *name, int size);
/* The values variable var (fb_global's or fb_local's result) holds. */
void fb_var_range(int var, long lo, long hi);
int fb_local(int type, const char *name, int size);
int fb_chan_var(int type, const char *name, int size);          /* type -1: global */
void fb_set(const char *name, long index, long val);            /* a global */
void fb_set_local(int pid, const char *name, long index, long val);
void fb_mtype(const char *name, long val);

/* channels: ids are 1-based like pan's */
int fb_chan(int cap);
void fb_chan_len(int id, int len);
/* Channel id's message fields (default 1), and field fld of slot's message. */
void fb_chan_fields(int id, int nf);
void fb_chan_msg(int id, int slot, int fld, long val);

/* pan in the middle of a rendezvous: pid sent from state (pid -1: none) */
void fb_rendezvous_pending(int pid, int state);

/* the move dmc_br_step reports (pid -1: none, the default) */
void fb_step(int pid, int from, int id);

/* build facts */
void fb_has_vars(int on);
void fb_checks(int deadlocks, int asserts);
/* what dmc_br_model_file() answers (NULL: "fake.pml", the default) */
void fb_model_file(const char *path);

#endif
