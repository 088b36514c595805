// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_goal.c -- hgoal, goal counting (as planning's goal-count heuristic):
 * a goal is a set of locations that must all hold (targets.h); h is, over
 * the goals, the fewest of a goal's locations no process is at, each
 * counting --hgoal-weight steps.  h = 0 where some goal's locations all
 * hold (its error is extra_steps away) or a goal has no location (a
 * formula, a claim: nothing to count), and everywhere when invalid end
 * states are a target.
 *
 * It reads nothing but the processes' control states, so it costs next to
 * nothing and never needs the abstract model; it guides greedy search
 * towards the states where the goals' processes stand.  Never infinite:
 * it proves no dead end and never prunes.  Not admissible: one step can
 * put a process where two locations of one goal are (or, with `run`,
 * two processes at once), and --hgoal-weight may exceed one step.
 */

/* What hgoal owns (runtime/describe.sh): its option and its results member. */
#ifdef DMC_DESCRIBE
DMC_OPT(HGOAL_WEIGHT, "--hgoal-weight", WHOLE, "N", 1, 1000000, NULL, "1", PAN, "hgoal_weight",
	"hgoal: the steps each location of a goal no process is at counts")
DMC_RESULT(HGOAL, "hgoal", "hgoal's count of the states it found at a goal, or null")
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "heuristic.h"
#include "results.h"

typedef struct {
	const dmc_targets *tg;
	int weight;                   /* --hgoal-weight */
	double at_goal;               /* evaluations that gave 0 with a goal's locations all held */
} goal_inst;

static void *goal_create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err,
                         size_t errlen)
{
	int located = 0;
	for (int i = 0; i < tg->ngoals; i++)
		located += tg->goals[i].nlocs > 0;
	if (!located && !tg->deadlock) {
		snprintf(err, errlen, "hgoal counts the locations of goals: the targets have none");
		return NULL;
	}
	goal_inst *h = calloc(1, sizeof *h);
	if (!h) {
		snprintf(err, errlen, "hgoal: out of memory");
		return NULL;
	}
	h->tg = tg;
	h->weight = (int) dmc_optv_number(opts->values, DMC_OPT_HGOAL_WEIGHT);
	return h;
}

/* Is some process of s at location l? */
static int held(const dmc_state_view *s, const dmc_loc *l)
{
	if (l->pid >= 0)
		return l->pid < dmc_view_nprocs(s) && dmc_view_proc_type(s, l->pid) == l->type
		       && dmc_view_proc_state(s, l->pid) == l->state;
	for (int pid = 0; pid < dmc_view_nprocs(s); pid++)
		if (dmc_view_proc_type(s, pid) == l->type && dmc_view_proc_state(s, pid) == l->state)
			return 1;
	return 0;
}

static int goal_eval(void *self, const dmc_state_view *s)
{
	goal_inst *h = self;
	const dmc_targets *tg = h->tg;
	if (tg->deadlock)
		return 0;                 /* a deadlock may be one step away */
	int best = -1;
	for (int i = 0; i < tg->ngoals && best != 0; i++) {
		const dmc_goal *g = &tg->goals[i];
		int missing = 0;
		for (int k = 0; k < g->nlocs; k++)
			missing += !held(s, &g->locs[k]);
		if (best < 0 || missing < best)
			best = missing;
		if (missing == 0 && g->nlocs > 0)
			h->at_goal++;
	}
	return best < 0 ? 0 : best * h->weight;
}

static void goal_free(void *self)
{
	free(self);
}

/* the results' "hgoal" member */
static int goal_results(const void *self, const char *name, dmc_results *r)
{
	const goal_inst *h = self;
	if (strcmp(name, "hgoal") != 0)
		return 0;
	dmc_results_text(r, "goal count", "%.0f evaluation(s) at a goal's locations, weight %d",
	                 h->at_goal, h->weight);
	dmc_results_object(r, "hgoal");
	dmc_results_num(r, "at_goal", NULL, "%.0f", h->at_goal);
	dmc_results_end(r);
	return 1;
}

const dmc_heuristic dmc_h_goal = {
	.name = "hgoal",
	.summary = "goal count: the fewest locations of a goal no process is at (never infinite; not admissible)",
	.admissible = 0, .proves_dead_ends = 0,
	.create = goal_create, .eval = goal_eval, .free = goal_free, .results = goal_results
};
