// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fake_pan.h -- a small pan for the unit tests: it drives the runtime's
 * hooks (runtime/runtime.h) over an explicit graph, as the glue drives
 * them over pan's state space, so every search and the nested DFS run
 * without compiling a pan.
 *
 * The graph is one proctype of the fake bridge (tests/unit/fake_bridge.h):
 * a state is the location of process 0, a transition an edge.  The test
 * builds it with fb_type / fb_trans / fb_label / fb_proc, then calls
 * fp_run with pan's options; the heuristics see the location through
 * the bridge.  A location marked fp_error is an error state (pan's
 * uerror: the search stops there, or with --anytime goes on); with -a, an accepting location closes
 * a cycle when the nested search reaches its seed again.
 */
#ifndef DMC_FAKE_PAN_H
#define DMC_FAKE_PAN_H

#define FP_MAX 64

typedef struct fp_result {
	int status;                   /* dmc_rt_start: 0 searched, 1 shown, -1 options refused */
	char err[256];                /* why the options were refused */
	int error;                    /* an error state (or a cycle) was reached */
	int error_loc;                /* where: the error location, or the cycle's seed */
	int error_g;                  /* its depth (steps from the initial state) */
	int error_cost;               /* its g as the search counts it (--cost) */
	int order[4 * FP_MAX];        /* locations in the order they were expanded */
	int nexpanded;
	double stored, expanded, reopened, pruned, dropped;
	double chain_states;          /* queued as chain states, not stored */
	int discarded;                /* items the runtime handed back (dmc_br_discard) */
	/* --anytime: pan goes on after each error; the trails the runtime
	 * took as shorter (their steps, in order), and whether the last is
	 * proven shortest */
	long improved[8];
	int nimproved;
	int proven;
} fp_result;

void fp_reset(void);              /* no error locations; fb_reset() is the test's */
void fp_error(int loc);           /* reaching loc is an error (pan's uerror) */
/* loc is inside an atomic sequence: its successor states are chain
 * states (runtime/chains.c), offered as the glue offers them */
void fp_atomic(int loc);
/* Run the runtime over the graph of type 0, process 0, from its start
 * state, with pan's options (NULL-terminated, without argv[0]). */
void fp_run(const char *const *args, fp_result *out);

#endif
