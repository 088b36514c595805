// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * bridge.h -- the narrow interface between spin-dmc and SPIN's pan.
 *
 * Everything in runtime/ and heuristics/ sees pan only through these
 * functions.  They are implemented by spin-plugin/glue_*.c, which is
 * compiled per model next to pan.c and is the only file that includes
 * pan.h.  Unit tests implement them with a fake model (tests/unit).
 *
 * Indices: proctypes ("types") are 0..dmc_br_ntypes()-1 in pan's order
 * (the never claim, if any, is one of them); control states are
 * 0..dmc_br_nstates(type)-1; processes ("pids") are 0..dmc_br_nprocs()-1
 * in pan's order (with a never claim, pid 0 is the claim).
 */
#ifndef DMC_BRIDGE_H
#define DMC_BRIDGE_H

#include <stddef.h>

/* ---- static model structure: pan's transition tables ---- */

int dmc_br_ntypes(void);
const char *dmc_br_type_name(int type);
int dmc_br_claim_type(void);          /* -1 when there is no never claim */
int dmc_br_is_claim(int type);        /* a never claim or ltl formula, running or not */
int dmc_br_nstates(int type);
int dmc_br_start_state(int type);

enum {                                /* dmc_br_labels() bits */
	DMC_LBL_ACCEPT   = 1,         /* accept* label          */
	DMC_LBL_END      = 2,         /* end* label or proc end */
	DMC_LBL_PROGRESS = 4          /* progress* label        */
};
int dmc_br_labels(int type, int state);

enum {                                /* dmc_trans.atomic: bits */
	DMC_TR_PLAIN  = 0,
	DMC_TR_ATOMIC = 1,            /* ends inside atomic { }: pan's Trans.atom bit 2, the
	                               * process keeps the right to move alone */
	DMC_TR_DSTEP  = 2             /* a whole d_step { } (also ATOMIC inside an atomic) */
};

typedef struct dmc_trans {
	int from, to;                 /* control states; to may be 0 (process ends) */
	int id;                       /* pan's t_id, unique within the proctype */
	int line;                     /* source line of the statement */
	int atomic;                   /* DMC_TR_* */
	const char *text;             /* SPIN's statement text, fully parenthesised; the
	                               * UPPAAL translation's zone code (embedded C that
	                               * reads and writes only the zone, c_state dmc_z)
	                               * shows as `skip` (a statement) and `1` (a test) */
	int zone_guard;               /* the text's 1 stands for a zone test, which may
	                               * be false: the statement is not certain */
	const char *zone_note;        /* what the zone code does, as the translation's
	                               * notes say (docs/uppaal.md "Clocks: zones";
	                               * model/clock_note.c reads them), or NULL */
} dmc_trans;

int dmc_br_ntrans(int type, int state);
void dmc_br_trans(int type, int state, int k, dmc_trans *out);

/* ---- the current state (pan's `now`) ---- */

int dmc_br_nprocs(void);
int dmc_br_proc_type(int pid);
int dmc_br_proc_state(int pid);

/* In the middle of a rendezvous (pan has made the send offer, the
 * receive must follow): the sender and the control state it sent from.
 * Returns 1 then, else 0. */
int dmc_br_rendezvous_pending(int *pid, int *state);

/* The move pan is storing the result of (between a step and the store
 * of the state it made): process pid left control state `from` by its
 * transition with pan's id `id` (dmc_trans.id).  0 then; -1 when there
 * is none (the initial state). */
int dmc_br_step(int *pid, int *from, int *id);

/* Did the state whose successors pan is storing leave pan no choice of
 * process: inside a process's atomic sequence, or with a rendezvous
 * offer waiting for its receive?  Such a move continues a transition
 * chosen earlier (one edge of a network of automata is several pan
 * steps). */
int dmc_br_step_forced(void);

/* The UPPAAL translation's zone in the current state (docs/uppaal.md
 * "Clocks: zones"): its dimension (clocks + 1), *d its canonical DBM;
 * 0 when the model has none, or it is the initial zone (not spelled out
 * in the state). */
int dmc_br_zone(const int **d);

/* Zone inclusion (spin-plugin/glue_zone.c): 1 when the queued state
 * `item` (dmc_rt_push's) has a zone that a state stored after it
 * includes, with the same discrete part -- it need not be expanded.
 * dmc_br_zone_inclusion: 1 when the model has zones and the search
 * uses inclusion, *covered the new states it did not store. */
int dmc_br_subsumed(void *item);
int dmc_br_zone_inclusion(double *covered);

/* ---- variables, through accessors generated from SPIN's symbol table ---- */

typedef struct dmc_var {
	int id;                       /* index into the model's accessor table */
	int size;                     /* array length, 1 for scalars */
	int local_type;               /* proctype of a local, -1 for a global */
	int is_chan;                  /* variable holds a channel id */
	long lo, hi;                  /* values its storage holds; stores wrap */
} dmc_var;

/* Look up `name` as a local of proctype `type` (if type >= 0), then as a
 * global.  Returns 0 when found. */
int dmc_br_var_find(const char *name, int type, dmc_var *out);
/* Read element `index` (0 for scalars) of v; for a local, in process pid.
 * Returns 0 on success, -1 if out of range or pid is of the wrong type. */
int dmc_br_var_read(const dmc_var *v, int pid, long index, long *val);
/* Set global scalar v to val in the current state (pan's `now`): 0, or
 * -1 for a local, an array, a value outside v's storage, or a pan built
 * without accessors.  Only before the search (--initial). */
int dmc_br_var_write_global(const dmc_var *v, long val);
/* n reads at once, as dmc_br_var_read(&vs[i], pid[i], idx[i], &val[i])
 * for i < n, ok[i] = 1 where it succeeded, 0 where not: a heuristic
 * reads a state's variables in one call. */
void dmc_br_vars_read(int n, const dmc_var *vs, const int *pid, const long *idx, long *val,
                      unsigned char *ok);
/* Enumerate the readable variables: 0..dmc_br_nvars()-1. */
int dmc_br_nvars(void);
/* Variable i: its name and handle.  Returns 0, or -1 out of range. */
int dmc_br_var_at(int i, const char **name, dmc_var *out);
/* 1 when the model's variable accessors were compiled in (dmc_vars.h). */
int dmc_br_has_vars(void);

/* mtype constant by name: 0 when found. */
int dmc_br_mtype(const char *name, long *val);

/* Channel whose id is held in a chan variable: current length and
 * capacity (0 for rendezvous).  Returns 0 on success. */
int dmc_br_chan(long chan_id, int *len, int *cap);
/* Its number of message fields (-1: no such channel), and field fld of
 * the message in slot (0 = the head, < len).  Returns 0 on success. */
int dmc_br_chan_nfields(long chan_id);
int dmc_br_chan_field(long chan_id, int slot, int fld, long *val);
/* The values field fld of the channel's messages can hold (pan stores a
 * sent value there, truncated to the field's type), from the declaration
 * of a chan variable that holds the id now.  -1 when not known (no such
 * variable, a type other than bit, bool, byte, mtype, short, int). */
int dmc_br_chan_field_range(long chan_id, int fld, long *lo, long *hi);

/* ---- facts about the build ---- */

const char *dmc_br_model_file(void);  /* the .pml pan.c was generated from */
int dmc_br_statement_merging(void);   /* 1 when spin -a merged statements */
int dmc_br_checks_deadlocks(void);    /* pan reports invalid end states */
int dmc_br_checks_asserts(void);      /* pan reports assertion violations */
/* 1 when pan may hold back a process whose statement is executable:
 * provided clauses or priorities (HAS_PROVIDED, HAS_PRIORITY) */
int dmc_br_restricts_processes(void);

#endif
