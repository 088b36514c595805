// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * ut.c -- relatively useless transitions and the penalty of --search ut
 * (see ut.h).
 */
#include "ut.h"
#include "search.h"
#include "bridge.h"

void dmc_ut_expanding(dmc_run *R, int g)
{
	dmc_ut_state *u = &R->ut;
	u->parent = 1;
	u->g = g;
	if (R->heur->remember && R->heur->eval_without)
		R->heur->remember(R->hinst, R->view);
	else                          /* no reduced systems: h(S_t, s) is h(s) */
		u->h = R->heur->eval(R->hinst, R->view);
}

int dmc_ut_penalty(dmc_run *R, int h)
{
	dmc_ut_state *u = &R->ut;
	dmc_stats *st = &R->st;
	int pid, from, id, reduced;
	/* the paper judges transitions, whole edges and synchronisations:
	 * a forced step only carries on with one already judged */
	if (!u->parent || dmc_br_step(&pid, &from, &id) < 0 || dmc_br_step_forced())
		return 0;
	if (R->heur->remember && R->heur->eval_without) {
		/* time one in 16, as the state evaluations */
		int timed = ((uint64_t) st->ut_reduced & 15) == 0;
		double t0 = timed ? dmc_now_seconds() : 0;
		reduced = R->heur->eval_without(R->hinst, pid, from, id, h);
		if (timed) {
			st->ut_rseconds += dmc_now_seconds() - t0;
			st->ut_rtimed++;
		}
		st->ut_reduced++;
	} else
		reduced = u->h;
	if (reduced <= h) {
		st->ut_useless++;
		return u->g;
	}
	return 0;
}
