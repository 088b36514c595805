// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cost.c -- what g counts (issue 39): pan's steps, or moves.
 *
 * pan's depth counts steps: every statement, so an atomic sequence of k
 * statements costs k and a rendezvous two (the offer and its receipt).
 * A UPPAAL transition is one such atomic sequence (its guard, the zone's
 * operations, the updates; a synchronisation starts with a rendezvous:
 * docs/uppaal.md), of a length that depends on the edge, and the seeds
 * count one per transition.  With --cost moves, g counts moves: a step
 * taken from a state inside an atomic sequence (pan's frame holds
 * atomicity: tau bit 8) or half-way through a rendezvous costs 0, every
 * other step 1.  One move is thus what chains.c queues as one chain,
 * whether or not chains are on: one UPPAAL transition, or one Promela
 * atomic sequence or handshake (as far as it stays atomic; where it
 * blocks and loses atomicity, the next step is a move of its own).
 *
 * Where g matters: A* and weighted A* order by g + h and re-open a state
 * reached again with a smaller g; greedy breaks ties by g.  Not changed:
 * bfs and dfs (their order is SPIN's, g only a depth), beam (its layers
 * are depths), ut (its penalty, the depth, is added to h, which counts
 * pan steps: in moves it weighs about six times less on the UPPAAL
 * translations, and ut on arbiter_3 stored 3,457 states instead of 173),
 * --anytime (its trails are compared in pan steps), liveness (ndfs.c),
 * the distributed search (the glue).  A* finds a trail shortest in moves when h is a lower
 * bound on moves; the heuristics bound steps, which is no bound on moves
 * (only h = 0 is), so "guaranteed shortest" is then not claimed for
 * them (report.c).  Trails are written as always, step by step; the
 * results give their length in moves beside the steps.
 */

/* What cost.c owns (runtime/describe.sh): its results member. */
#ifdef DMC_DESCRIBE
DMC_RESULT(COST, "cost", "what g counts: steps or moves, why, and the trail's length in moves, or null (liveness)")
#endif

#include <string.h>
#include "cost.h"
#include "search.h"
#include "runtime.h"
#include "results.h"
#include "options_table.h"

void dmc_cost_start(dmc_run *R)
{
	const dmc_search_row *row = &dmc_searches[R->opt.search];
	R->cost.moves = 0;
	R->trail_moves = -1;
	if (!R->opt.cost_moves)
		R->cost.note = "steps";
	else if (R->any.on)
		R->cost.note = "steps (--anytime compares its trails in pan steps)";
	else if (row->order == DMC_SORDER_G)
		R->cost.note = "steps (bfs and dfs keep SPIN's order: g is only the depth)";
	else if (row->open == DMC_SOPEN_BEAM)
		R->cost.note = "steps (beam's layers are depths)";
	else if (row->order == DMC_SORDER_UT)
		R->cost.note = "steps (ut adds the depth to h, which counts pan steps)";
	else {
		R->cost.moves = 1;
		R->cost.note = "moves";
	}
}

void dmc_rt_cost_steps(dmc_run *R, const char *why)
{
	R->cost.moves = 0;
	R->cost.note = why;
}

int dmc_rt_cost_moves(const dmc_run *R)
{
	return R->cost.moves;
}

int dmc_rt_step_g(const dmc_run *R, int depth, int free_step)
{
	if (!R->cost.moves || depth <= 0)
		return depth;
	return R->exp_g + !free_step;
}

void dmc_rt_trail_moves(dmc_run *R, int g)
{
	if (R->cost.moves)
		R->trail_moves = g;
}

int dmc_rt_expanded_g(const dmc_run *R)
{
	return R->exp_g;
}

int dmc_cost_h_admissible(const dmc_run *R)
{
	if (!dmc_heuristic_admissible(R->heur, &R->targets))
		return 0;
	return !R->cost.moves || (!R->opt.combo.active && strcmp(R->heur->name, "none") == 0);
}

const char *dmc_cost_unit(const dmc_run *R)
{
	return R->cost.moves ? "moves" : "steps";
}

int dmc_search_result_COST(const dmc_run *R, dmc_results *r)
{
	if (!R->cost.note)
		return 0;                 /* not a best-first search */
	if (R->cost.moves && R->trail_moves >= 0)
		dmc_results_text(r, "cost", "g counts moves (an atomic sequence or a rendezvous handshake "
		                 "is one move: one UPPAAL transition); the trail is %d moves", R->trail_moves);
	else if (R->cost.moves)
		dmc_results_text(r, "cost", "g counts moves (an atomic sequence or a rendezvous handshake "
		                 "is one move: one UPPAAL transition)");
	else
		dmc_results_text(r, "cost", "g counts pan's %s", R->cost.note);
	dmc_results_object(r, "cost");
	dmc_results_str(r, "unit", NULL, R->cost.moves ? "moves" : "steps");
	dmc_results_str(r, "note", NULL, R->cost.note);
	if (R->cost.moves && R->trail_moves >= 0)
		dmc_results_num(r, "trail_moves", NULL, "%.0f", (double) R->trail_moves);
	else
		dmc_results_null(r, "trail_moves");
	dmc_results_end(r);
	return 1;
}
