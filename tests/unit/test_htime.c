/*
 * test_htime.c -- the htime heuristic (heuristics/h_time.c) on fake
 * states of a small ANMLite translation, its timeline data written by
 * hand in the format promela/anml_pml_tdata.c writes:
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
#include <unistd.h>

#include "bridge.h"
#include "check.h"
#include "fake_bridge.h"
#include "heuristic.h"
#include "heuristic_helpers.h"
#include "targets.h"

#define INF DMC_H_INF

static char path[64];

static const char *data_fmt =
	"/* a translation's data block\n"
	"@@TL htime 1 horizon %d never 255 insts 2\n"
	"@@TL inst 0 A_act A_e acts 2\n"
	"@@TL act 0 0 min 2 max %d first 1 finish 0 s - e A_X_e\n"
	"@@TL act 0 1 min 3 max -1 first 0 finish 1 s - e -\n"
	"@@TL trans 0 0 1\n"
	"@@TL inst 1 B_act B_e acts 2\n"
	"@@TL act 1 0 min 1 max -1 first 1 finish 0 s B_P_s e -\n"
	"@@TL act 1 1 min 1 max -1 first 0 finish 1 s - e B_Q_e\n"
	"@@TL trans 1 0 1\n"
	"@@TL trans 1 1 0\n"
	"@@TL chain 9 1 1.1.e+2 < 0.1.s+0\n"
	"%s"
	"@@TL end\n */\n";

/* the fake model: globals as the translation declares them, a goal
 * process with the assert; A and B not started (act = nacts + 1) */
static void model_x(int horizon, int xmax, const char *extra)
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
	snprintf(path, sizeof path, "/tmp/dmc-test-htime-%ld.pml", (long) getpid());
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fprintf(f, data_fmt, horizon, xmax, extra ? extra : "");
	fclose(f);
	fb_model_file(path);
}

static void model(int horizon, const char *extra)
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
	unlink(path);
	fb_model_file(NULL);
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
	model(20, "@@TL chain 10 1 1.0.s+5 < 0.0.e+0\n");   /* B.P.start + 5 < A.X.end */
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
	model_x(20, -1, "@@TL chain 13 1 1.1.e+4 < 0.0.e+0\n");
	CHECK(eval_h() < INF);
	model_x(20, 7, "@@TL chain 13 1 1.1.e+4 < 0.0.e+0\n");
	CHECK(eval_h() < INF);
	model_x(20, 6, "@@TL chain 13 1 1.1.e+4 < 0.0.e+0\n");
	CHECK_EQ_LONG(eval_h(), INF);
	/* A in X since 0 until 6: its successor Y starts at 6 exactly; a
	 * release time of 7 on Y's start cannot be met */
	model_x(20, -1, "@@TL chain 14 1 1.1.e+5 < 0.1.s+0\n");   /* B.Q.end + 5 < A.Y.start */
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
	model(20, "@@TL chain 11 0 0.1.e+0 <= c9\n");        /* A.Y.end <= 9 */
	CHECK(eval_h() < INF);                              /* Y ends at 8 */
	model(20, "@@TL chain 11 0 0.1.e+0 < c8\n");         /* A.Y.end < 8 */
	CHECK_EQ_LONG(eval_h(), INF);
	/* a chain that cannot hold: X.end + 30 < Y.start within 20 */
	model(20, "@@TL chain 12 1 0.0.e+30 < 0.1.s+0\n");
	CHECK_EQ_LONG(eval_h(), INF);
	cleanup();
}

static void test_errors(void)
{
	dmc_targets t;
	char err[256];
	const dmc_heuristic *h = dmc_heuristic_find("htime");
	model(10, NULL);
	/* a model without data */
	FILE *f = fopen(path, "w");
	if (f) {
		fputs("active proctype p() { skip }\n", f);
		fclose(f);
	}
	CHECK(dmc_targets_build(DMC_TGT_ASSERT, &t, err, sizeof err) == 0);
	CHECK(th_refuses(h, &t, err, sizeof err));
	CHECK(strstr(err, "no timeline data") != NULL);
	/* data naming a variable the model does not have */
	f = fopen(path, "w");
	if (f) {
		fputs("@@TL htime 1 horizon 5 never 255 insts 1\n@@TL inst 0 Z_act Z_e acts 1\n@@TL end\n", f);
		fclose(f);
	}
	CHECK(th_refuses(h, &t, err, sizeof err));
	CHECK(strstr(err, "Z_act") != NULL);
	/* malformed */
	f = fopen(path, "w");
	if (f) {
		fputs("@@TL htime 1 horizon 5 never 255 insts 1\n@@TL bogus\n", f);
		fclose(f);
	}
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
