// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_htime.c -- the htime heuristic (heuristics/h_time.c) on fake
 * states of a small ANMLite translation, its timeline data given by hand
 * as the tables of timeline_data.h (which frontends/anml/anml_pml_tdata.c
 * generates):
 *
 *   instance A: X [2,_] (or [2,xmax]) -> Y [3,_]; starts with X, finishes after Y
 *   instance B: P [1,_] <-> Q [1,_]; starts with P, finishes after Q
 *   constraint: B.Q.end + 2 < A.Y.start   (universal: A.Y.start)
 *
 * From the start (time 0): X [0,2]; P [0,1], Q [1,2], so Y starts at 5
 * at the earliest and ends at 8 at the earliest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "check.h"
#include "fake_bridge.h"
#include "heuristic.h"
#include "heuristic_helpers.h"
#include "targets.h"
#include "timeline_data.h"

#define INF DMC_H_INF

/* timepoint (inst, act, point: 0 start, 1 end) + k, and a constant */
#define TP(i, a, p, k) { 0, (k), (i), (a), (p), 0 }
#define TC(k) { 1, (k), 0, 0, 0, 0 }

/* the timeline data the generated header would hold, built per test */
static dmc_tl_act acts_a[2], acts_b[2];
static const dmc_tl_trans trans_a[] = { { 0, 1 } }, trans_b[] = { { 0, 1 }, { 1, 0 } };
static dmc_tl_inst insts[2];
/* B.Q.end + 2 < A.Y.start (universal: A.Y.start) */
static const dmc_tl_term base_terms[] = { TP(1, 1, 1, 2), TP(0, 1, 0, 0) };
static const int lt[] = { DMC_TL_LT }, le[] = { DMC_TL_LE };
static dmc_tl_chain chains[2];
static dmc_timeline data;
static const dmc_timeline *current;     /* what the "header" gives; NULL: none */

/* the generated header's function, as a pan built with it has it */
const dmc_timeline *dmc_timeline_meta(void)
{
	return current;
}

/* the fake model: globals as the translation declares them, a goal
 * process with the assert; A and B not started (act = nacts + 1); the
 * data's horizon, X's maximal duration and one more chain (or none) */
static void model_x(int horizon, int xmax, const dmc_tl_chain *extra)
{
	fb_reset();
	int g = fb_type("goal", 3, 1);
	fb_trans(g, 1, 2, 30, "assert(!(((A_act==2)&&(B_act==2))))");
	fb_proc(g, 1);
	const char *vars[] = { "time", "A_act", "A_e", "A_X_e", "B_act", "B_e", "B_P_s", "B_Q_e" };
	for (int i = 0; i < 8; i++)
		fb_global(vars[i], 1);
	fb_set("A_act", 0, 3);
	fb_set("B_act", 0, 3);
	fb_set("A_X_e", 0, 255);
	fb_set("B_P_s", 0, 255);
	fb_set("B_Q_e", 0, 255);
	/* A: X [2,xmax] -> Y [3,_], starts with X, finishes after Y;
	 * B: P [1,_] <-> Q [1,_], starts with P, finishes after Q */
	acts_a[0] = (dmc_tl_act) { 2, xmax, 1, 0, { NULL, "A_X_e" } };
	acts_a[1] = (dmc_tl_act) { 3, -1, 0, 1, { NULL, NULL } };
	acts_b[0] = (dmc_tl_act) { 1, -1, 1, 0, { "B_P_s", NULL } };
	acts_b[1] = (dmc_tl_act) { 1, -1, 0, 1, { NULL, "B_Q_e" } };
	insts[0] = (dmc_tl_inst) { "A_act", "A_e", 2, acts_a, 1, trans_a, NULL, 0, NULL };
	insts[1] = (dmc_tl_inst) { "B_act", "B_e", 2, acts_b, 2, trans_b, NULL, 0, NULL };
	chains[0] = (dmc_tl_chain) { 9, 1, 2, base_terms, lt };
	if (extra)
		chains[1] = *extra;
	data = (dmc_timeline) { DMC_TIMELINE_VERSION, horizon, 255, 2, insts, extra ? 2 : 1, chains };
	current = &data;
}

static void model(int horizon, const dmc_tl_chain *extra)
{
	model_x(horizon, -1, extra);
}

static int eval_h(void)
{
	dmc_targets t;
	char err[256];
	const dmc_heuristic *h = dmc_heuristic_find("htime");
	if (dmc_targets_build(DMC_TGT_ASSERT, &t, err, sizeof err) < 0) {
		fprintf(stderr, "targets: %s\n", err);
		return -1;
	}
	int v = th_eval_once(h, &t, err, sizeof err, NULL, NULL, 0);
	if (v < 0)
		fprintf(stderr, "htime create: %s\n", err);
	dmc_targets_free(&t);
	return v;
}

static void cleanup(void)
{
	current = NULL;
}

static void test_registered(void)
{
	const dmc_heuristic *h = dmc_heuristic_find("htime");
	CHECK(h != NULL);
	CHECK(h && h->admissible && h->proves_dead_ends);
}

/* the start: three steps per instance (first action, next, finish) */
static void test_initial(void)
{
	model(10, NULL);
	CHECK_EQ_LONG(eval_h(), 6);
	model(8, NULL);
	CHECK_EQ_LONG(eval_h(), 6);
	/* Y cannot end before 8 */
	model(7, NULL);
	CHECK_EQ_LONG(eval_h(), INF);
	cleanup();
}

/* at time 4, A in X until 7 (so Y starts at 7 exactly), B in P until
 * 4: Q ends at 5 at the earliest, Y must start at 8 or later -- a dead
 * end; with B in Q until 4 instead, Y can start at 7 and end at 10 */
static void test_state(void)
{
	model(10, NULL);
	fb_set("time", 0, 4);
	fb_set("A_act", 0, 0);
	fb_set("A_e", 0, 7);
	fb_set("B_act", 0, 0);
	fb_set("B_e", 0, 4);
	fb_set("B_P_s", 0, 0);
	CHECK_EQ_LONG(eval_h(), INF);
	fb_set("B_act", 0, 1);
	fb_set("B_Q_e", 0, 255);
	CHECK_EQ_LONG(eval_h(), 2 + 1);      /* A: Y, finish; B: finish */
	/* the recorded end of an earlier Q counts too */
	fb_set("B_act", 0, 0);
	fb_set("B_Q_e", 0, 2);
	CHECK(eval_h() < INF);
	/* B finished (act = nacts), its Q ended at 4 */
	fb_set("B_act", 0, 2);
	fb_set("B_e", 0, 11);
	fb_set("B_Q_e", 0, 4);
	CHECK_EQ_LONG(eval_h(), 2);
	/* ... and never ran Q: Y can never start */
	fb_set("B_Q_e", 0, 255);
	CHECK_EQ_LONG(eval_h(), INF);
	cleanup();
}

/* a constraint on the current action's end that its timeout cannot
 * meet: the instance can never leave it */
static void test_current_end(void)
{
	static const dmc_tl_term t[] = { TP(1, 0, 0, 5), TP(0, 0, 1, 0) };
	const dmc_tl_chain c = { 10, 1, 2, t, lt };      /* B.P.start + 5 < A.X.end */
	model(20, &c);
	fb_set("A_act", 0, 0);
	fb_set("A_e", 0, 2);
	fb_set("B_act", 0, 0);
	fb_set("B_e", 0, 1);
	fb_set("B_P_s", 0, 0);
	CHECK_EQ_LONG(eval_h(), INF);
	fb_set("A_e", 0, 6);
	CHECK(eval_h() < INF);
	cleanup();
}

/* maximal durations: X starts at 0, so it ends by its maximum; B.Q.end +
 * 4 < A.X.end needs X to end at 7 or later (Q ends at 2 at the earliest) */
static void test_max_duration(void)
{
	static const dmc_tl_term t13[] = { TP(1, 1, 1, 4), TP(0, 0, 1, 0) };
	static const dmc_tl_term t14[] = { TP(1, 1, 1, 5), TP(0, 1, 0, 0) };
	const dmc_tl_chain c13 = { 13, 1, 2, t13, lt }, c14 = { 14, 1, 2, t14, lt };
	model_x(20, -1, &c13);
	CHECK(eval_h() < INF);
	model_x(20, 7, &c13);
	CHECK(eval_h() < INF);
	model_x(20, 6, &c13);
	CHECK_EQ_LONG(eval_h(), INF);
	/* A in X since 0 until 6: its successor Y starts at 6 exactly; a
	 * release time of 7 on Y's start cannot be met */
	model_x(20, -1, &c14);                           /* B.Q.end + 5 < A.Y.start */
	fb_set("A_act", 0, 0);
	fb_set("A_e", 0, 6);
	fb_set("B_act", 0, 0);
	fb_set("B_e", 0, 1);
	fb_set("B_P_s", 0, 0);
	CHECK_EQ_LONG(eval_h(), INF);                     /* Q ends at 2: Y at 8 */
	fb_set("A_e", 0, 8);
	CHECK(eval_h() < INF);
	cleanup();
}

/* deadlines: a constant after the universal term */
static void test_deadline(void)
{
	static const dmc_tl_term t9[] = { TP(0, 1, 1, 0), TC(9) }, t8[] = { TP(0, 1, 1, 0), TC(8) };
	static const dmc_tl_term t30[] = { TP(0, 0, 1, 30), TP(0, 1, 0, 0) };
	const dmc_tl_chain c9 = { 11, 0, 2, t9, le }, c8 = { 11, 0, 2, t8, lt }, c30 = { 12, 1, 2, t30, lt };
	model(20, &c9);                                     /* A.Y.end <= 9 */
	CHECK(eval_h() < INF);                              /* Y ends at 8 */
	model(20, &c8);                                     /* A.Y.end < 8 */
	CHECK_EQ_LONG(eval_h(), INF);
	/* a chain that cannot hold: X.end + 30 < Y.start within 20 */
	model(20, &c30);
	CHECK_EQ_LONG(eval_h(), INF);
	cleanup();
}

static void test_errors(void)
{
	dmc_targets t;
	char err[256];
	const dmc_heuristic *h = dmc_heuristic_find("htime");
	model(10, NULL);
	/* a pan built without timeline data */
	current = NULL;
	CHECK(dmc_targets_build(DMC_TGT_ASSERT, &t, err, sizeof err) == 0);
	CHECK(th_refuses(h, &t, err, sizeof err));
	CHECK(strstr(err, "no timeline data") != NULL);
	/* data naming a variable the model does not have */
	static const dmc_tl_act z_acts[] = { { 1, -1, 1, 1, { NULL, NULL } } };
	static const dmc_tl_inst z[] = { { "Z_act", "Z_e", 1, z_acts, 0, NULL, NULL, 0, NULL } };
	dmc_timeline bad = { DMC_TIMELINE_VERSION, 5, 255, 1, z, 0, NULL };
	current = &bad;
	CHECK(th_refuses(h, &t, err, sizeof err));
	CHECK(strstr(err, "Z_act") != NULL);
	/* malformed: another version of the tables, a transition to an
	 * action the instance does not have, a chain's term likewise */
	model(10, NULL);
	data.version = DMC_TIMELINE_VERSION + 1;
	CHECK(th_refuses(h, &t, err, sizeof err));
	CHECK(strstr(err, "malformed") != NULL);
	static const dmc_tl_trans far[] = { { 0, 2 } };
	model(10, NULL);
	insts[0].trans = far;
	CHECK(th_refuses(h, &t, err, sizeof err));
	CHECK(strstr(err, "malformed") != NULL);
	static const dmc_tl_term tfar[] = { TP(1, 5, 1, 0), TP(0, 1, 0, 0) };
	const dmc_tl_chain cfar = { 3, 1, 2, tfar, lt };
	model(10, &cfar);
	CHECK(th_refuses(h, &t, err, sizeof err));
	CHECK(strstr(err, "malformed") != NULL);
	dmc_targets_free(&t);
	/* deadlocks as a target: htime would prune them */
	model(10, NULL);
	CHECK(dmc_targets_build(DMC_TGT_ASSERT | DMC_TGT_DEADLOCK, &t, err, sizeof err) == 0);
	CHECK(th_refuses(h, &t, err, sizeof err));
	dmc_targets_free(&t);
	cleanup();
}

CHECK_MAIN("htime",
	CASE(test_registered),
	CASE(test_initial),
	CASE(test_state),
	CASE(test_current_end),
	CASE(test_max_duration),
	CASE(test_deadline),
	CASE(test_errors))
