// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * ut.c -- relatively useless transitions and the penalty of --search ut
 * (see ut.h), and what it reports.
 */

/* What ut owns (runtime/describe.sh): its results member. */
#ifdef DMC_DESCRIBE
DMC_RESULT(UT, "ut", "the useless-transitions search's reduced systems, or null")
#endif

#include <limits.h>
#include "ut.h"
#include "search.h"
#include "bridge.h"
#include "results.h"

void dmc_ut_expanding(dmc_run *R, int g)
{
	dmc_ut_state *u = &R->ut;
	u->parent = 1;
	u->g = g;
	if (u->pending >= 2)          /* only its receive moves: nothing to judge against it */
		return;
	if (R->heur->remember && R->heur->eval_without)
		R->heur->remember(R->hinst, R->view);
	else                          /* no reduced systems: h(S_t, s) is h(s) */
		u->h = R->heur->eval(R->hinst, R->view);
}

/* h(S_t, s) of the state being expanded, t the move (pid, from, id); a
 * value above bound may stand for any larger one (heuristic.h) */
static int reduced_h(dmc_run *R, int pid, int from, int id, int bound)
{
	dmc_ut_state *u = &R->ut;
	if (!R->heur->remember || !R->heur->eval_without)
		return u->h;
	/* time one in 16, as the state evaluations */
	int timed = ((uint64_t) u->reduced & 15) == 0;
	double t0 = timed ? dmc_now_seconds() : 0;
	int r = R->heur->eval_without(R->hinst, pid, from, id, bound);
	if (timed) {
		u->rseconds += dmc_now_seconds() - t0;
		u->rtimed++;
	}
	u->reduced++;
	return r;
}

/* Fig. 3 of the paper: the penalty c(s) when t is relatively useless,
 * h(S_t, s) <= h(s') */
static int judge(dmc_ut_state *u, int reduced, int h, int c)
{
	u->judged++;
	if (reduced <= h) {
		u->useless++;
		return c;
	}
	return 0;
}

int dmc_ut_penalty(dmc_run *R, int h, int *mid_rv)
{
	dmc_ut_state *u = &R->ut;
	int pid, from, id;
	if (!u->parent || dmc_br_step(&pid, &from, &id) < 0)
		return 0;
	/* the paper judges transitions, whole edges and synchronisations:
	 * a forced step only carries on with one already judged -- except
	 * the receive that completes an offer, whose successor is the
	 * synchronisation's: the offer is judged there, its s one step up */
	if (dmc_br_step_forced())
		return u->pending >= 2 ? judge(u, u->pending - 2, h, u->g - 1) : 0;
	if (*mid_rv) {
		/* half-way, h(s') is no measure of the move: the ATG counts the
		 * sender as still at its send and subtracts the step taken, so
		 * every offer seemed to lower h by one and none was useless (the
		 * arbiter trees, whose every edge synchronises, were searched as
		 * greedy search does).  The receive's successor is judged. */
		int r = reduced_h(R, pid, from, id, DMC_H_INF);
		*mid_rv = 2 + (r > INT_MAX - 2 ? INT_MAX - 2 : r);
		return 0;
	}
	return judge(u, reduced_h(R, pid, from, id, h), h, u->g);
}

/* the results' "ut" member (report.c: search_results) */
int dmc_search_result_UT(const dmc_run *R, dmc_results *r)
{
	const dmc_ut_state *u = &R->ut;
	double secs = R->t_end - R->t_start;
	if (!u->on)
		return 0;
	double r_us = u->rtimed > 0 ? 1e6 * u->rseconds / u->rtimed : 0;
	double r_share = secs > 0 ? 100.0 * r_us * 1e-6 * u->reduced / secs : 0;
	r_share = r_share > 100 ? 100 : r_share;
	int reduced = R->heur->remember && R->heur->eval_without;
	if (reduced)
		dmc_results_text(r, "reduced systems", "%.0f evaluations, %.2f us each, %.1f%% of the "
		                 "search time (1 in 16 timed)", u->reduced, r_us, r_share);
	else
		dmc_results_text(r, "reduced systems", "none (%s has no reduced systems: "
		                 "a move is useless when h does not decrease)", R->heur->name);
	dmc_results_text(r, "useless moves", "%.0f of %.0f judged (relatively useless: penalised by "
	                 "their depth)", u->useless, u->judged);
	dmc_results_object(r, "ut");
	dmc_results_num(r, "reduced_evaluations", NULL, "%.0f", u->reduced);
	dmc_results_num(r, "reduced_us_per_eval", NULL, "%.3f", r_us);
	dmc_results_num(r, "reduced_time_share", NULL, "%.4f", r_share / 100);
	dmc_results_num(r, "useless_moves", NULL, "%.0f", u->useless);
	dmc_results_num(r, "judged_moves", NULL, "%.0f", u->judged);
	dmc_results_end(r);
	return 1;
}
