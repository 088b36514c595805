// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * absmodel_build.h -- the abstract model of the Promela model pan was
 * generated from (absmodel.h), and the mapping that reads pan's current
 * state into the ATG's layer 0.
 */
#ifndef DMC_ABSMODEL_BUILD_H
#define DMC_ABSMODEL_BUILD_H

#include <stdio.h>
#include "absmodel.h"
#include "targets.h"
#include "bridge.h"
#include "state_view.h"

typedef struct dmc_abuild {
	dmc_amodel m;
	int ninit;                    /* abstract procs 0..ninit-1: pan's pids at build time */
	int *proc_type;               /* abstract proc -> proctype */
	int *spawn_of;                /* proctype -> its spawn automaton, or -1 */
	int ntypes;
	/* abstract variable -> what to read */
	dmc_var *vh;
	long *vidx;
	int *vowner;                  /* abstract proc of a local, -1 for a global */
	int *gbase;                   /* bridge var id -> first abstract var (globals) */
	int **lbase;                  /* [abstract proc][bridge var id] -> first abstract var */
	int nbridge_vars;
	/* buffered channels: a length variable each, and per message field
	 * a variable whose value set is what the channel may hold there */
	int nchans;                   /* channel ids 1..nchans existed at build time */
	int *chan_len;                /* [id] -> its length variable, or -1 */
	int *chan_cap;                /* [id] -> capacity */
	int *chan_nf;                 /* [id] -> message fields (contents tracked), or 0 */
	int *chan_content;            /* [id] -> variable of field 0 (then 1, ...), or -1 */
	int ncontent;                 /* content variables in all */
	/* what was over-approximated, for the model report */
	int approx_exprs, approx_stmts, approx_chans, approx_runs, approx_merged;
	int range_checked;            /* assignments bounded by their range assert */
	int clk_unknown;              /* a zone statement's note not understood: no clocks */
	/* What the abstraction could not represent, even over-approximated
	 * (embedded C, a run of an unknown proctype): "" when nothing.  Then
	 * an infinite h proves nothing and the runtime must not prune. */
	char gave_up[256];
	int chans_unfixed;            /* chan variables are assigned or received into */
	int unmodelled;               /* last state: a process no automaton stands for */
	/* per-evaluation buffers (allocated once) */
	int *loc_proc, *loc_loc, *val_var;
	long *val_val;
	int cap_locs, cap_vals;
	/* the variables read at the same place in every state (globals and
	 * the locals of processes there at build time), read in one call:
	 * handle, pid (-1: a global), index; the values read, ok */
	int nfixed;
	dmc_var *fixed_var;
	int *fixed_pid;
	long *fixed_idx, *fixed_val;
	unsigned char *fixed_ok;
	int halfway;                  /* last state: a rendezvous sent, not yet received */
	int *lv;                      /* the abstract variables one lvalue may write: */
	int lv_cap;                   /* every element of the largest array */
} dmc_abuild;

/* Build from pan's tables, the targets and the current (initial) state.
 * Returns 0, or -1 with a reason. */
enum { DMC_GOALS_ALL, DMC_GOALS_NO_RANGE_CHECKS };   /* which of tg's goals the model gets */
int dmc_abuild_make(dmc_abuild *b, const dmc_targets *tg, int goals, char *err, size_t errlen);
/* Layer 0 for state sv, in b's buffers (no allocation). */
void dmc_abuild_state(dmc_abuild *b, const dmc_state_view *sv, dmc_astate *out);
/* The automaton standing for process pid of proctype type, or -1. */
int dmc_abuild_automaton(const dmc_abuild *b, int pid, int type);
void dmc_abuild_print(const dmc_abuild *b, FILE *f);
void dmc_abuild_free(dmc_abuild *b);

#endif
