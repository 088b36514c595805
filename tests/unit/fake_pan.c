// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fake_pan.c -- drives the runtime's hooks over an explicit graph (see
 * fake_pan.h), and answers the glue's callbacks (runtime/runtime.h) the
 * way the glue does for pan.
 *
 * A queued state is an fp_item (the glue's is SPIN's BFS_State).  The
 * store is exact, one set for the outer search and one for the nested
 * one (SPIN keeps them apart by the nested-search bit).  The initial
 * state is stored and queued, then: pop, expand every edge of its
 * location, store each successor, queue it when the runtime says so --
 * until the runtime pops nothing or an error state is reached.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_bridge.h"
#include "fake_pan.h"
#include "bridge.h"
#include "run_context.h"
#include "runtime.h"
#include "report.h"

typedef struct fp_item {
	int loc, g, inner;
} fp_item;

static struct {
	int is_error[FP_MAX];
	int is_atomic[FP_MAX];        /* inside an atomic sequence: a chain state */
	int cycles;                   /* -a: the nested DFS runs */
	int seed_loc;                 /* the nested search's seed, or -1 */
	int cur_loc, cur_inner;       /* the state pan expands ("now") */
	int errors;
	int discarded;
	long maxdepth;
} P;

void fp_reset(void)
{
	memset(&P, 0, sizeof P);
	P.seed_loc = -1;
}

void fp_error(int loc)
{
	P.is_error[loc] = 1;
}

void fp_atomic(int loc)
{
	P.is_atomic[loc] = 1;
}

static fp_item *item(int loc, int g, int inner)
{
	fp_item *it = malloc(sizeof *it);
	if (!it)
		abort();
	*it = (fp_item) { loc, g, inner };
	return it;
}

static uint64_t key_of(int loc, int inner)
{
	return (uint64_t) loc * 2 + (uint64_t) inner + 1;
}

/* now = loc: the bridge's process 0 is there */
static void set_now(int loc, int inner)
{
	P.cur_loc = loc;
	P.cur_inner = inner;
	fb_move(0, loc);
}

/* offer the successor loc (now = it) at depth g to the store; queue it
 * when the runtime asks; 1 when it is an error state.  from: the state
 * expanded, or -1 for the initial state (the glue's glue_step_g: a step
 * from inside an atomic sequence is free in moves) */
static int store(dmc_run *R, int *seen, int loc, int g, int from, int inner, fp_result *out)
{
	int sg = dmc_rt_step_g(R, g, from >= 0 && P.is_atomic[from]);
	set_now(loc, inner);
	/* the glue's cycle check (a nested state equal to the seed), or
	 * pan's uerror at an error state */
	if (inner ? loc == P.seed_loc : P.is_error[loc]) {
		out->error = 1;
		out->error_loc = loc;
		out->error_g = g;
		out->error_cost = sg;
		P.errors += !inner;
		if (!dmc_rt_anytime(R))
			return 1;
		/* the glue's --anytime uerror: a trail of g steps, written
		 * when shorter; the error state is not stored (as pan's) */
		if (dmc_rt_anytime_shorter(R, g)) {
			if (out->nimproved < (int) (sizeof out->improved / sizeof out->improved[0]))
				out->improved[out->nimproved++] = g;
			dmc_rt_anytime_improved(R, g);
		}
		return 0;
	}
	/* the glue's chain state (runtime/chains.c): queued, not stored */
	if (!P.cycles && P.is_atomic[loc] && dmc_rt_chain_step(R)) {
		dmc_rt_push(R, item(loc, g, inner), 0, sg, DMC_PUSH_CHAIN);
		return 0;
	}
	int old = seen[loc * 2 + inner];
	seen[loc * 2 + inner] = 1;
	int push;
	if (P.cycles) {
		uint32_t v = (uint32_t) loc;
		push = dmc_rt_live_store(R, &v, sizeof v, old, inner);
	} else
		push = dmc_rt_store(R, dmc_rt_wants_keys(R) ? key_of(loc, inner) : 0, sg, old);
	if (push)
		dmc_rt_push(R, item(loc, g, inner), key_of(loc, inner), sg, 0);
	return 0;
}

void fp_run(const char *const *args, fp_result *out)
{
	char *argv[32] = { "pan" };
	int argc = 1;
	for (; args[argc - 1] && argc < 31; argc++)
		argv[argc] = (char *) args[argc - 1];
	argv[argc] = NULL;
	memset(out, 0, sizeof *out);
	P.maxdepth = 10000;
	dmc_run *R = NULL;
	dmc_build_info info = { "bfs", "none", "fake", "fake.pml", 0, 0, &P.maxdepth, "", &R, NULL, NULL, "" };
	R = calloc(1, sizeof *R);
	if (!R)
		abort();
	int rc = dmc_rt_setup(R, &argc, argv, &info, out->err, sizeof out->err);
	if (rc != 0) {
		out->status = -1;
		dmc_rt_free(R);
		return;
	}
	P.cycles = R->opt.cycles;
	out->status = dmc_rt_start(R);
	if (out->status != 0) {
		dmc_rt_free(R);
		return;
	}
	int seen[2 * FP_MAX] = { 0 };
	int start = dmc_br_start_state(0);
	if (store(R, seen, start, 0, -1, 0, out))
		goto done;
	fp_item *it;
	while ((it = dmc_rt_pop(R)) != NULL) {
		if (out->nexpanded < (int) (sizeof out->order / sizeof out->order[0]))
			out->order[out->nexpanded++] = it->loc;
		set_now(it->loc, it->inner);
		int n = dmc_br_ntrans(0, it->loc), stop = 0;
		for (int k = 0; k < n && !stop; k++) {
			dmc_trans t;
			dmc_br_trans(0, it->loc, k, &t);
			stop = store(R, seen, t.to, it->g + 1, it->loc, it->inner, out);
		}
		free(it);
		if (stop)
			break;
	}
done:
	out->proven = R->any.best > 0 && !dmc_report_anytime_unproven(R);
	out->stored = R->st.stored;
	out->expanded = R->st.expanded;
	out->reopened = R->st.reopened;
	out->pruned = R->st.pruned;
	out->dropped = R->st.dropped;
	out->chain_states = R->st.chain_states;
	out->discarded = P.discarded;
	dmc_rt_free(R);
}

/* ---- the glue's callbacks (runtime/runtime.h) ---- */

void dmc_br_discard(void *it)
{
	P.discarded++;
	free(it);
}

double dmc_br_pan_memory(void) { return 0; }
double dmc_br_hashtable_bytes(void) { return 0; }
double dmc_br_pan_nstates(void) { return 0; }
int dmc_br_errors(void) { return P.errors; }
int dmc_br_depth_truncated(void) { return 0; }
const char *dmc_br_trail_name(void) { return "fake.pml.trail"; }
int dmc_br_pan_phase(void) { return DMC_PAN_SEARCH; }
int dmc_br_search_done(void) { return 1; }
double dmc_br_pan_quota(void) { return 0; }
long dmc_br_vector_overflow(void) { return 0; }
long dmc_br_vectorsz(void) { return 1024; }
int dmc_br_lossy_store(void) { return 0; }
int dmc_br_store_kind(void) { return DMC_STORE_EXACT; }
const char *dmc_br_store_name(void) { return "exact"; }
double dmc_br_store_bytes(void) { return 0; }
double dmc_br_glue_bytes(void) { return 0; }

int dmc_br_set_cycles(int mode) { return mode; }
int dmc_br_claim_named(const char *name) { (void) name; return 0; }

int dmc_br_live_accepting(void)
{
	return (dmc_br_labels(0, P.cur_loc) & DMC_LBL_ACCEPT) != 0;
}

void *dmc_br_clone_inner(void *it)
{
	const fp_item *x = it;
	return item(x->loc, x->g, 1);
}

void dmc_br_set_seed(void *it)
{
	P.seed_loc = it ? ((const fp_item *) it)->loc : -1;
}

int dmc_br_item_stable(void *it) { (void) it; return 1; }

const void *dmc_br_item_vector(void *it, size_t *n)
{
	*n = sizeof(int);
	return &((const fp_item *) it)->loc;
}

int dmc_br_item_proc_state(void *it, int pid)
{
	return pid == 0 ? ((const fp_item *) it)->loc : -1;
}

int dmc_br_hamming_to_seed(void) { return P.cur_loc != P.seed_loc; }
int dmc_br_live_blocked(void *c) { (void) c; return 0; }
