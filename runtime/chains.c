// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * chains.c -- chains of atomic steps (issues 39 and 40).
 *
 * One move of a model may be several pan steps: the statements of an
 * atomic sequence (a UPPAAL edge is one: guard, zone operations, updates,
 * docs/uppaal.md), or a rendezvous, whose offer is a state of its own in
 * pan -DBFS until a receiver takes it.  SPIN's BFS stores every state in
 * between; the papers' searches count one state per move.  Here such a
 * state -- the successor of an atomic step that stays atomic, or a
 * mid-rendezvous state -- is a chain state: the glue does not offer it
 * to SPIN's store, and the search queues it (search.c, with the
 * DMC_PUSH_CHAIN push) without evaluating the heuristic: its h is the
 * expanded state's less one (dmc_chains_h), so A* and greedy expand it
 * next, and bfs sees it in SPIN's own order.  The chain ends where the
 * move does (atomicity left or lost, the handshake done): that state is
 * stored and evaluated as before.  A chain state is expanded by pan as
 * any other, so an assertion, an invalid end state (the chain blocked
 * with atomicity lost: pan expands every process there) and a
 * rendezvous offer's outcome are seen as before, trails keep every pan
 * step (the frames' parent links), and g counts pan steps, so bfs and A*
 * trails stay SPIN BFS's length (with --cost moves, cost.c, a chain is
 * one move: its steps after the first cost 0).
 *
 * Not compressed: the successors of a preselected expansion (partial-
 * order reduction decides its proviso on them; the glue), liveness
 * (ndfs.c), the distributed search (the glue), ut and alternations
 * (below).  A chain state is in no store: the glue keeps the recent ones
 * and drops one generated again while a copy with a g no larger is
 * queued (dmc_rt_chain_again); beyond those, a chain state reached on
 * two paths is expanded twice, and DMC_CHAIN_MAX bounds a chain.
 */

/* What chains.c owns (runtime/describe.sh): its results member. */
#ifdef DMC_DESCRIBE
DMC_RESULT(CHAINS, "chains", "chains of atomic steps: whether on, and the states queued without being stored, or null (liveness)")
#endif

#include "chains.h"
#include "search.h"
#include "runtime.h"
#include "results.h"
#include "lua_script.h"
#include "options_table.h"

void dmc_chains_start(dmc_run *R)
{
	const dmc_search_row *row = &dmc_searches[R->opt.search];
	R->chains.on = 0;
	if (R->opt.no_chains)
		R->chains.note = "off (--no-chains)";
	else if (row->order == DMC_SORDER_UT)
		R->chains.note = "off (search ut: a move's usefulness is judged state by state)";
	else if (R->alt)
		R->chains.note = "off (several open lists: an alternation or --preferred)";
	else if (dmc_lua_has_priority(R->lua))
		R->chains.note = "off (a script's priority(s) orders every state by its own h)";
	else {
		R->chains.on = 1;
		R->chains.note = "on";
	}
}

int dmc_chains_h(int h)
{
	if (h == DMC_H_INF)
		return h;
	return h > 0 ? h - 1 : 0;
}

int dmc_rt_chain_step(const dmc_run *R)
{
	return R->chains.on && R->exp_chain + 1 < DMC_CHAIN_MAX;
}

void dmc_rt_chain_again(dmc_run *R)
{
	R->st.generated++;
	R->st.chain_again++;
}

void dmc_rt_chains_off(dmc_run *R, const char *why)
{
	R->chains.on = 0;
	R->chains.note = why;
}

int dmc_search_result_CHAINS(const dmc_run *R, dmc_results *r)
{
	if (!R->chains.note)
		return 0;                 /* not a best-first search */
	if (R->chains.on)
		dmc_results_text(r, "chain states", "%.0f inside atomic sequences and rendezvous handshakes, "
		                 "queued without being stored (--no-chains stores them); %.0f dropped as "
		                 "copies of queued ones", R->st.chain_states, R->st.chain_again);
	else
		dmc_results_text(r, "chain states", "%s", R->chains.note);
	dmc_results_object(r, "chains");
	dmc_results_bool(r, "on", R->chains.on);
	dmc_results_str(r, "note", NULL, R->chains.note);
	dmc_results_num(r, "states_not_stored", NULL, "%.0f", R->st.chain_states);
	dmc_results_num(r, "copies_dropped", NULL, "%.0f", R->st.chain_again);
	dmc_results_end(r);
	return 1;
}
