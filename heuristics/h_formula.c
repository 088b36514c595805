// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_formula.c -- hf: how far the variables are from making a goal's
 * formula true (dmc_expr_distance, defined in docs/heuristics.md).
 *
 *   h = min over goals of ( min over candidate processes p of
 *                           distance(formula, p) ) + extra_steps
 *
 * The candidates are the process the goal names (locs[0].pid), or every
 * current instance of locs[0].type: a formula's locals are read in the
 * process that will stand at the location.  A formula that reads no
 * local is evaluated once.  Goals without a formula (claim end states,
 * asserts whose condition the parser does not understand) count
 * extra_steps.
 * Not admissible: one step can move a variable by more than one.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bridge.h"
#include "expr.h"
#include "heuristic.h"

#define INF DMC_H_INF

typedef struct {
	const dmc_expr *formula;      /* NULL: holds */
	int type, pid;                /* candidates; type -1: evaluate without a process */
	int per_pid;                  /* the formula reads locals or _pid */
	int extra;
} hgoal;

typedef struct {
	hgoal *goals;
	int ngoals;
} hf_inst;

static void free_hf(void *self)
{
	hf_inst *f = self;
	if (!f)
		return;
	free(f->goals);
	free(f);
}

static void *create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	int nformulas = 0;
	hf_inst *f;
	(void)opts;
	for (int i = 0; i < tg->ngoals; i++)
		nformulas += tg->goals[i].formula != NULL;
	if (!dmc_br_has_vars()) {
		snprintf(err, errlen, "hf needs the model's variable accessors (dmc_vars.h), "
		         "which this build of pan lacks");
		return NULL;
	}
	/* Goals whose condition could not be read (or that have none: claim
	 * end states) count 0 + extra_steps: permissive, never a refusal. */
	if (nformulas == 0 && tg->ngoals == 0) {
		snprintf(err, errlen, "hf needs targets with a formula (assert statements); "
		         "the targets have none");
		return NULL;
	}
	if (!(f = calloc(1, sizeof *f)) || !(f->goals = calloc((size_t)tg->ngoals + 1, sizeof *f->goals))) {
		free(f);
		snprintf(err, errlen, "hf: out of memory");
		return NULL;
	}
	for (int i = 0; i < tg->ngoals; i++) {
		const dmc_goal *g = &tg->goals[i];
		hgoal *h = &f->goals[f->ngoals++];
		h->formula = g->formula;
		h->type = g->nlocs > 0 ? g->locs[0].type : -1;
		h->pid = g->nlocs > 0 ? g->locs[0].pid : -1;
		h->per_pid = g->formula && dmc_expr_needs_pid(g->formula);
		h->extra = g->extra_steps;
	}
	return f;
}

static long min_l(long a, long b) { return a < b ? a : b; }

static long goal_distance(const hgoal *g, const dmc_state_view *sv)
{
	long best = -1;
	if (!g->formula)
		return 0;
	if (!g->per_pid)
		return dmc_expr_distance(g->formula, sv, -1);
	if (g->pid >= 0)
		return dmc_expr_distance(g->formula, sv, g->pid);
	for (int pid = 0; pid < dmc_view_nprocs(sv); pid++)
		if (dmc_view_proc_type(sv, pid) == g->type) {
			long d = dmc_expr_distance(g->formula, sv, pid);
			best = best < 0 ? d : min_l(best, d);
		}
	/* no instance yet: the locals are unknown, so only globals count */
	return best >= 0 ? best : dmc_expr_distance(g->formula, sv, -1);
}

static int eval(void *self, const dmc_state_view *sv)
{
	const hf_inst *f = self;
	long h = INF - 1;
	for (int i = 0; i < f->ngoals; i++) {
		long d = min_l(goal_distance(&f->goals[i], sv), INF - 1);
		h = min_l(h, d > INF - 1 - f->goals[i].extra ? INF - 1 : d + f->goals[i].extra);
	}
	return (int)h;
}

const dmc_heuristic dmc_h_hf = {
	.name = "hf", .summary = "distance of the variables from the goals' formulas (!assert condition)",
	.admissible = 0, .proves_dead_ends = 0,
	.create = create, .eval = eval, .free = free_hf
};
