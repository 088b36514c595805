// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_hbudget.c -- unit tests of runtime/hbudget.c: when a heuristic's
 * evaluations are judged not to pay (costly and neither progress nor
 * dead ends), when they are kept, and what the results say.
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "hbudget.h"
#include "heuristic.h"

/* n evaluations; one in 16 timed at sec[i] seconds a term; term i's
 * value from value(i, k) (k: the evaluation) */
static void feed(dmc_hbudget *b, int n, const double *sec, int (*value)(int, double))
{
	for (int k = 0; k < n; k++) {
		int hv[DMC_COMBO_MAX];
		double e = b->evals + 1;
		for (int i = 0; i < b->nterms; i++)
			hv[i] = value(i, e);
		dmc_hbudget_note(b, hv, ((long) e & 15) == 15 ? sec : NULL);
	}
}

static int flat(int i, double k) { (void) i; (void) k; return 7; }
/* a new smallest value every 1000 evaluations */
static int falling(int i, double k) { (void) i; return 100000 - (int) (k / 1000); }
/* 9 until evaluation 1000, then 8 */
static int step_at_1000(int i, double k) { (void) i; return k < 1000 ? 9 : 8; }
/* one dead end in 50 */
static int dead_ends(int i, double k) { (void) i; return (long) k % 50 == 0 ? DMC_H_INF : 7; }

static const char *const names[] = { "hU", "hL", "hU", "none" };

static void test_no_verdict_before_min(void)
{
	dmc_hbudget b;
	double sec[1] = { 1e-3 };
	dmc_hbudget_start(&b, 1, names, NULL, 1, 0);
	feed(&b, DMC_HBUDGET_MIN_EVALS - 1, sec, flat);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 1.0), 0);
	CHECK(!dmc_hbudget_off(&b, 0));
}

/* 1 ms an evaluation, 16384 of them in 20 s searched: 82 % of the time,
 * and a plateau from the first: off */
static void test_costly_plateau_off(void)
{
	dmc_hbudget b;
	double sec[1] = { 1e-3 };
	char text[600], json[900];
	dmc_hbudget_start(&b, 1, names, NULL, 1, 0);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, flat);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 1);
	CHECK(dmc_hbudget_off(&b, 0));
	dmc_hbudget_text(&b, text, sizeof text);
	CHECK(strstr(text, "hU switched off after 16384 evaluations (82% of the search time") != NULL);
	CHECK(strstr(text, "went on blind") != NULL);
	dmc_hbudget_json(&b, json, sizeof json);
	CHECK(strstr(json, "\"applied\": true") != NULL);
	CHECK(strstr(json, "{\"heuristic\": \"hU\", \"after_evaluations\": 16384, \"time_share\": 0.8192, "
	              "\"best_h\": 7, \"best_h_at\": 1, \"dead_ends\": 0}") != NULL);
	/* a term off is no longer noted */
	feed(&b, 100, sec, flat);
	CHECK(fabs(b.sec[0] - 1e-3 * 1024) < 1e-9 && b.evals == DMC_HBUDGET_MIN_EVALS + 100);
}

/* costly, but a new smallest value in the later half: kept, until the
 * search orders by something else (bfs: only dead ends pay) */
static void test_progress_kept(void)
{
	dmc_hbudget b;
	double sec[1] = { 1e-3 };
	dmc_hbudget_start(&b, 1, names, NULL, 1, 0);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, falling);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 0);
	CHECK(!dmc_hbudget_off(&b, 0));
	dmc_hbudget_start(&b, 1, names, NULL, 0, 0);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, falling);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 1);
}

/* a plateau, but cheap (41 % of the time), or proving dead ends: kept */
static void test_cheap_or_dead_ends_kept(void)
{
	dmc_hbudget b;
	double sec[1] = { 1e-3 };
	char text[600];
	dmc_hbudget_start(&b, 1, names, NULL, 1, 0);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, flat);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 40.0), 0);
	dmc_hbudget_text(&b, text, sizeof text);
	CHECK_STR(text, "on: every heuristic kept (16384 evaluations)");
	dmc_hbudget_start(&b, 1, names, NULL, 0, 0);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, dead_ends);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 0);
	/* judged again only DMC_HBUDGET_EVERY evaluations later */
	CHECK_EQ_LONG(b.next, DMC_HBUDGET_MIN_EVALS + DMC_HBUDGET_EVERY);
	/* dead ends neither pruned nor put last (bfs --no-prune) save nothing */
	dmc_hbudget_start(&b, 1, names, NULL, 0, 0);
	b.dead_pays = 0;
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, dead_ends);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 1);
}

/* an alternation hU, hL, hU again (another tie-break), none: hU goes
 * with the list reusing its value; hL would be the last costly list but
 * none is still on, so it goes too; none (free) stays */
static void test_alternation(void)
{
	dmc_hbudget b;
	double sec[4] = { 1e-3, 1e-3, 0, 1e-7 };
	int follows[4] = { -1, -1, 0, -1 };
	char text[600];
	dmc_hbudget_start(&b, 4, names, follows, 1, 1);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, flat);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 3);
	CHECK(dmc_hbudget_off(&b, 0) && dmc_hbudget_off(&b, 1) && dmc_hbudget_off(&b, 2));
	CHECK(!dmc_hbudget_off(&b, 3));
	dmc_hbudget_text(&b, text, sizeof text);
	CHECK(strstr(text, "hU switched off") && strstr(text, "; hL switched off") != NULL);
	CHECK(strstr(text, "went on with the rest") != NULL);
	/* a list's last progress at evaluation 1000: a plateau 16 times as
	 * long would be off for a single heuristic, not for a list */
	dmc_hbudget_start(&b, 4, names, follows, 1, 1);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, step_at_1000);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 0);
	dmc_hbudget_start(&b, 1, names, NULL, 1, 0);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, step_at_1000);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 1);
	/* without the free list, the last costly one stays on */
	dmc_hbudget_start(&b, 2, names, NULL, 1, 1);
	feed(&b, DMC_HBUDGET_MIN_EVALS, sec, flat);
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 20.0), 1);
	CHECK(dmc_hbudget_off(&b, 0) && !dmc_hbudget_off(&b, 1));
}

static void test_not_applied(void)
{
	dmc_hbudget b;
	char text[600], json[900];
	dmc_hbudget_skip(&b, "--h-budget off");
	CHECK(!dmc_hbudget_off(&b, 0));
	CHECK_EQ_LONG(dmc_hbudget_check(&b, 1.0), 0);
	dmc_hbudget_text(&b, text, sizeof text);
	CHECK_STR(text, "not applied (--h-budget off)");
	dmc_hbudget_json(&b, json, sizeof json);
	CHECK_STR(json, "{\"applied\": false, \"note\": \"--h-budget off\", \"evaluations\": 0, \"switched_off\": []}");
}

CHECK_MAIN("hbudget",
	CASE(test_no_verdict_before_min),
	CASE(test_costly_plateau_off),
	CASE(test_progress_kept),
	CASE(test_cheap_or_dead_ends_kept),
	CASE(test_alternation),
	CASE(test_not_applied))
