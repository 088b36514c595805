// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_search.c -- every search and the nested DFS over explicit graphs,
 * driven through the runtime's hooks by the fake pan (fake_pan.h): the
 * order of expansion, A*'s shortest path, greedy's and beam's shortcuts,
 * dead-end pruning, acceptance cycles, and options refused at start-up.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fake_bridge.h"
#include "fake_pan.h"
#include "bridge.h"

/* one proctype "P" with locations 1..n, started at 1; process 0 runs it */
static int graph(int n)
{
	fb_reset();
	fp_reset();
	int t = fb_type("P", n + 1, 1);
	fb_proc(t, 1);
	fb_global("x", 1);            /* the asserts' variable */
	fb_has_vars(1);
	fb_checks(1, 1);
	return t;
}

static void edge(int t, int from, int to)
{
	fb_trans(t, from, to, from, "(1)");
}

/* the error: an assert at location e (reaching e is the violation) */
static void error_at(int t, int e)
{
	fb_trans(t, e, 0, 99, "assert((x==0))");
	fp_error(e);
}

static void run(fp_result *r, const char *search, const char *heur, const char *extra)
{
	const char *args[8] = { "--search", search, "--heuristic", heur, extra, NULL };
	fp_run(args, r);
	if (r->status != 0)
		fprintf(stderr, "  %s/%s: status %d, %s\n", search, heur, r->status, r->err);
}

/* run with two extra options (the second may be NULL) */
static void run2(fp_result *r, const char *search, const char *heur, const char *a, const char *b)
{
	const char *args[8] = { "--search", search, "--heuristic", heur, a, b, NULL };
	fp_run(args, r);
	if (r->status != 0)
		fprintf(stderr, "  %s/%s: status %d, %s\n", search, heur, r->status, r->err);
}

static void order_is(const fp_result *r, const int *want, int n)
{
	CHECK_EQ_LONG(r->nexpanded, n);
	for (int i = 0; i < n && i < r->nexpanded; i++)
		CHECK_EQ_LONG(r->order[i], want[i]);
}

/* 1 -> 2, 1 -> 3, 2 -> 4, 3 -> 4, 4 -> 5 (the error) */
static int diamond(void)
{
	int t = graph(5);
	edge(t, 1, 2);
	edge(t, 1, 3);
	edge(t, 2, 4);
	edge(t, 3, 4);
	edge(t, 4, 5);
	error_at(t, 5);
	return t;
}

static void bfs_expands_first_queued_first(void)
{
	fp_result r;
	diamond();
	run(&r, "bfs", "none", NULL);
	static const int want[] = { 1, 2, 3, 4 };
	order_is(&r, want, 4);
	CHECK(r.error && r.error_loc == 5 && r.error_g == 3);
}

static void dfs_expands_last_queued_first(void)
{
	fp_result r;
	diamond();
	run(&r, "dfs", "none", NULL);
	static const int want[] = { 1, 3, 4 };
	order_is(&r, want, 3);
	CHECK(r.error && r.error_g == 3);
}

/* Two ways to the error at 9: 1-2-9 (2 steps) and 1-3-4-5-6-9 (5), plus
 * a side branch 3-7-8 that leads nowhere. */
static int two_paths(void)
{
	int t = graph(9);
	edge(t, 1, 3);            /* generated first: the long way */
	edge(t, 1, 2);
	edge(t, 2, 9);
	edge(t, 3, 4);
	edge(t, 4, 5);
	edge(t, 5, 6);
	edge(t, 6, 9);
	edge(t, 3, 7);
	edge(t, 7, 8);
	error_at(t, 9);
	return t;
}

static void astar_finds_the_shortest_path(void)
{
	fp_result r, b;
	two_paths();
	run(&r, "astar", "dL", NULL);
	CHECK(r.error && r.error_g == 2);
	two_paths();
	run(&b, "bfs", "none", NULL);
	CHECK(b.error && b.error_g == 2);
	CHECK(r.expanded <= b.expanded);
	/* dL is exact here: A* expands only the shortest path's states */
	static const int want[] = { 1, 2 };
	order_is(&r, want, 2);
}

static void greedy_and_wastar_follow_h(void)
{
	fp_result r;
	two_paths();
	run(&r, "greedy", "dL", NULL);
	static const int want[] = { 1, 2 };
	order_is(&r, want, 2);
	CHECK(r.error && r.error_g == 2);
	two_paths();
	run(&r, "wastar", "dL", "--weight=3");
	order_is(&r, want, 2);
}

/* --anytime: three ways to the error at 11, of 2 (1-2-11), 4 (1-3-4-5-11)
 * and 6 steps (1-6-...-10-11), the longest generated last. */
static int three_paths(void)
{
	int t = graph(11);
	edge(t, 1, 2);
	edge(t, 1, 3);
	edge(t, 1, 6);
	edge(t, 2, 11);
	edge(t, 3, 4);
	edge(t, 4, 5);
	edge(t, 5, 11);
	edge(t, 6, 7);
	edge(t, 7, 8);
	edge(t, 8, 9);
	edge(t, 9, 10);
	edge(t, 10, 11);
	error_at(t, 11);
	return t;
}

static void anytime_shortens_the_trail(void)
{
	fp_result r;
	/* dfs takes the longest way first (6 steps); then f = g + 5*0 takes
	 * 3 before 2 (the heap keeps the LIFO order among equal f) but 2's
	 * error (2 steps) comes before 4-5's; nothing shorter is left */
	three_paths();
	run(&r, "dfs", "none", "--anytime");
	CHECK_EQ_LONG(r.nimproved, 2);
	CHECK_EQ_LONG(r.improved[0], 6);
	CHECK_EQ_LONG(r.improved[1], 2);
	CHECK(r.proven);
	static const int want[] = { 1, 6, 7, 8, 9, 10, 3, 2 };
	order_is(&r, want, 8);
	/* without --anytime dfs stops at its first trail */
	three_paths();
	run(&r, "dfs", "none", NULL);
	CHECK(r.error && r.error_g == 6 && r.nimproved == 0 && !r.proven);
}

/* After a trail of 2 steps, a state at g = 1 can only lead to a shorter
 * one if h < 1: with dL (admissible) bounding every error pan checks,
 * 3 and 6 are dropped unexpanded; when pan also checks invalid end
 * states (not dL's target), only g >= 2 drops states. */
static void anytime_drops_what_cannot_be_shorter(void)
{
	fp_result r;
	three_paths();
	fb_checks(0, 1);
	run(&r, "greedy", "dL", "--anytime");
	CHECK_EQ_LONG(r.nimproved, 1);
	CHECK_EQ_LONG(r.improved[0], 2);
	CHECK(r.proven);
	static const int bounded[] = { 1, 2 };
	order_is(&r, bounded, 2);
	CHECK(r.pruned >= 2);
	three_paths();
	run(&r, "greedy", "dL", "--anytime");
	CHECK(r.proven && r.nimproved == 1);
	static const int by_g[] = { 1, 2, 3, 6 };
	order_is(&r, by_g, 4);
	/* refused where it cannot work */
	three_paths();
	run(&r, "greedy", "dL,none", "--anytime");
	CHECK(r.status == -1 && strstr(r.err, "cannot be used with alternation"));
	three_paths();
	const char *live[] = { "--anytime", "-a", NULL };
	fp_run(live, &r);
	CHECK(r.status == -1 && strstr(r.err, "cannot be combined with -a"));
}

/* A plateau: h = none is 0 everywhere, so greedy's order is its
 * tie-breaking: on the diamond, g and fifo expand breadth-first, deep
 * and lifo the last branch first; random is some order of the same
 * states, the same every run. */
static void ties_order_a_plateau(void)
{
	fp_result r, again;
	static const int bfs[] = { 1, 2, 3, 4 }, dfs[] = { 1, 3, 4 };
	diamond();
	run(&r, "greedy", "none", "--tie=g");
	order_is(&r, bfs, 4);
	diamond();
	run(&r, "greedy", "none", "--tie=fifo");
	order_is(&r, bfs, 4);
	diamond();
	run(&r, "greedy", "none", "--tie=lifo");
	order_is(&r, dfs, 3);
	diamond();
	run(&r, "greedy", "none", "--tie=deep");
	CHECK_EQ_LONG(r.order[0], 1);
	CHECK_EQ_LONG(r.order[2], 4);       /* from 2 or 3 straight on to 4 */
	diamond();
	run(&r, "greedy", "none", "--tie=random");
	diamond();
	run(&again, "greedy", "none", "--tie=random");
	CHECK(r.error && r.error_g == 3);
	CHECK_EQ_LONG(r.nexpanded, again.nexpanded);
	for (int i = 0; i < r.nexpanded && i < again.nexpanded; i++)
		CHECK_EQ_LONG(r.order[i], again.order[i]);
}

/* A long dead branch that h likes (hf-like: the first branch looks
 * closest) and a short way to the error: alternation with none reaches
 * the error after expanding from both lists in turn, each state once. */
static void alternation_takes_lists_in_turn(void)
{
	fp_result r;
	two_paths();
	run(&r, "greedy", "dL,none", NULL);
	CHECK(r.status == 0);
	CHECK(r.error && r.error_g == 2);
	/* every expanded state once */
	for (int i = 0; i < r.nexpanded; i++)
		for (int j = 0; j < i; j++)
			CHECK(r.order[i] != r.order[j]);
	two_paths();
	run(&r, "beam", "dL,none", NULL);
	CHECK(r.status == -1 && strstr(r.err, "needs --search greedy, astar or wastar"));
}

/* dL proves 7 and 8 dead ends (no path to the assert): with -E-like
 * targets (no deadlock checks) they are pruned, and the search stays
 * complete for the error. */
static void proved_dead_ends_are_pruned(void)
{
	fp_result r;
	two_paths();
	fb_checks(0, 1);
	run(&r, "bfs", "dL", NULL);
	CHECK(r.error && r.error_g == 2);
	CHECK(r.pruned >= 1);
	/* pan also checks invalid end states, which dL does not aim at:
	 * nothing may be pruned */
	two_paths();
	run(&r, "bfs", "dL", NULL);
	CHECK_EQ_LONG((long) r.pruned, 0);
}

/* A beam of width 1 keeps one state per layer: the other is dropped (and
 * given back to pan). */
static void beam_drops_beyond_its_width(void)
{
	fp_result r;
	int t = graph(6);
	edge(t, 1, 2);
	edge(t, 1, 3);
	edge(t, 2, 4);
	edge(t, 3, 5);
	edge(t, 5, 6);
	error_at(t, 6);
	run(&r, "beam", "dL", "--beam=1");
	CHECK(r.dropped >= 1);
	CHECK(r.discarded >= 1);
	CHECK(r.error && r.error_g == 3);     /* dL keeps the branch that reaches it */
}

/* A state space whose assert holds (the fake pan never fails it): every
 * search is complete and stores and expands every state once -- the
 * locations 1..6 and 0, where the process has ended. */
static void complete_searches_store_every_state(void)
{
	static const char *const searches[] = { "bfs", "dfs", "astar", "wastar", "greedy", NULL };
	for (int i = 0; searches[i]; i++) {
		fp_result r;
		int t = graph(6);
		edge(t, 1, 2);
		edge(t, 1, 3);
		edge(t, 2, 4);
		edge(t, 3, 4);
		edge(t, 4, 1);             /* a cycle back */
		edge(t, 4, 5);
		edge(t, 5, 6);
		fb_trans(t, 6, 0, 99, "assert((x==0))");
		run(&r, searches[i], "dL", NULL);
		if (r.stored != 7)
			fprintf(stderr, "  %s stored %.0f\n", searches[i], r.stored);
		CHECK(!r.error);
		CHECK_EQ_LONG((long) r.stored, 7);
		CHECK_EQ_LONG((long) r.expanded, 7);
	}
}

/* -a: 1 -> 2 -> 3 -> 2, 3 accepting: the nested search from 3 comes back
 * to 3 (an acceptance cycle); without the edge back there is none. */
static void nested_dfs_finds_acceptance_cycles(void)
{
	fp_result r;
	int t = graph(3);
	edge(t, 1, 2);
	edge(t, 2, 3);
	edge(t, 3, 2);
	fb_label(t, 3, DMC_LBL_ACCEPT);
	const char *args[] = { "-a", NULL };
	fp_run(args, &r);
	CHECK_EQ_LONG(r.status, 0);
	CHECK(r.error && r.error_loc == 3);

	t = graph(3);
	edge(t, 1, 2);
	edge(t, 2, 3);
	edge(t, 2, 1);
	fb_label(t, 3, DMC_LBL_ACCEPT);
	fp_run(args, &r);
	CHECK_EQ_LONG(r.status, 0);
	CHECK(!r.error);
	CHECK_EQ_LONG((long) r.stored, 3);    /* the nested search from 3 finds no successor */
}

/* Chains of atomic steps (runtime/chains.c): 2 and 3 are inside an
 * atomic sequence, 1 -> 2 -> 3 -> 5 and 1 -> 6 -> 5 (the error).  The
 * chain states are queued, not stored, and bfs and A* still reach the
 * error by the shorter path; --no-chains stores them. */
static void chains_are_queued_not_stored(void)
{
	static const char *const searches[] = { "bfs", "astar", NULL };
	for (int i = 0; searches[i]; i++) {
		fp_result r;
		int t = graph(6);
		edge(t, 1, 2);
		edge(t, 1, 6);
		edge(t, 2, 3);
		edge(t, 3, 5);
		edge(t, 6, 5);
		error_at(t, 5);
		fp_atomic(2);
		fp_atomic(3);
		run(&r, searches[i], "none", NULL);
		CHECK(r.error && r.error_loc == 5 && r.error_g == 2);
		CHECK_EQ_LONG((long) r.stored, 2);       /* 1 and 6 */
		CHECK(r.chain_states >= 1);
		run(&r, searches[i], "none", "--no-chains");
		CHECK(r.error && r.error_loc == 5 && r.error_g == 2);
		CHECK_EQ_LONG((long) r.chain_states, 0);
		CHECK(r.stored >= 3);
	}
}

/* --cost moves (runtime/cost.c): 1 -> 2 -> 3 -> 4 -> 5 with 2, 3, 4
 * inside an atomic sequence is one move of 4 steps, 1 -> 6 -> 7 -> 5
 * three moves of a step each.  bfs, and A* counting steps, take the
 * second (3 steps); A* with h = 0 counting moves the first (1 move),
 * with or without chains; bfs counts steps whatever --cost says. */
static void astar_counts_moves(void)
{
	static const char *const opts[] = { NULL, "--no-chains" };
	for (int i = 0; i < 2; i++) {
		fp_result r;
		int t = graph(7);
		edge(t, 1, 2);
		edge(t, 2, 3);
		edge(t, 3, 4);
		edge(t, 4, 5);
		edge(t, 1, 6);
		edge(t, 6, 7);
		edge(t, 7, 5);
		error_at(t, 5);
		fp_atomic(2);
		fp_atomic(3);
		fp_atomic(4);
		run2(&r, "astar", "none", "--cost=moves", opts[i]);
		CHECK(r.error && r.error_loc == 5 && r.error_g == 4 && r.error_cost == 1);
		run2(&r, "astar", "none", "--cost=steps", opts[i]);
		CHECK(r.error && r.error_loc == 5 && r.error_g == 3 && r.error_cost == 3);
		run2(&r, "bfs", "none", "--cost=moves", opts[i]);
		CHECK(r.error && r.error_loc == 5 && r.error_g == 3 && r.error_cost == 3);
	}
}

/* A cycle inside an atomic sequence (2 -> 3 -> 2, both atomic; 3 -> 4
 * leaves it): the chain is cut at DMC_CHAIN_MAX steps and stored, so the
 * search ends. */
static void a_cycle_inside_atomic_is_cut(void)
{
	static const char *const searches[] = { "bfs", "greedy", "astar", NULL };
	for (int i = 0; searches[i]; i++) {
		fp_result r;
		int t = graph(4);
		edge(t, 1, 2);
		edge(t, 2, 3);
		edge(t, 3, 2);
		edge(t, 3, 4);
		fp_atomic(2);
		fp_atomic(3);
		run(&r, searches[i], "none", NULL);
		CHECK_EQ_LONG(r.status, 0);
		CHECK(!r.error);
		CHECK(r.chain_states > 0 && r.stored <= 4);
	}
}

static void unknown_values_are_refused(void)
{
	fp_result r;
	diamond();
	const char *bad[] = { "--search", "gredy", NULL };
	fp_run(bad, &r);
	CHECK_EQ_LONG(r.status, -1);
	CHECK(strstr(r.err, "gredy") != NULL && strstr(r.err, "greedy") != NULL);
}

CHECK_MAIN("search",
	CASE(bfs_expands_first_queued_first),
	CASE(dfs_expands_last_queued_first),
	CASE(astar_finds_the_shortest_path),
	CASE(greedy_and_wastar_follow_h),
	CASE(ties_order_a_plateau),
	CASE(alternation_takes_lists_in_turn),
	CASE(anytime_shortens_the_trail),
	CASE(anytime_drops_what_cannot_be_shorter),
	CASE(proved_dead_ends_are_pruned),
	CASE(beam_drops_beyond_its_width),
	CASE(complete_searches_store_every_state),
	CASE(chains_are_queued_not_stored),
	CASE(a_cycle_inside_atomic_is_cut),
	CASE(astar_counts_moves),
	CASE(nested_dfs_finds_acceptance_cycles),
	CASE(unknown_values_are_refused))
