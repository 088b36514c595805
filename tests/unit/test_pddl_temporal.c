// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_pddl_temporal.c -- PDDL 2.1's durative actions below the driver:
 * parsing (durations in ticks, conditions and effects at start, over all
 * and at end; what is not supported refused at FILE:LINE:COL), grounding,
 * the temporal validator (conditions at each time point, over-all
 * conditions, happenings that interfere at one time point, durations),
 * temporal plan files, the replay's times and the Promela (names only in
 * escaped comments, each action's line its start's alternative).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pml_safety.h"
#include "pddl.h"

static const char *const dom =
	"(define (domain cellar)\n"
	"  (:requirements :typing :durative-actions)\n"
	"  (:types match fuse)\n"
	"  (:predicates (light) (handfree) (unused ?m - match) (mended ?f - fuse))\n"
	"  (:durative-action light-match :parameters (?m - match) :duration (= ?duration 8)\n"
	"    :condition (at start (unused ?m))\n"
	"    :effect (and (at start (not (unused ?m))) (at start (light)) (at end (not (light)))))\n"
	"  (:durative-action mend-fuse :parameters (?f - fuse) :duration (= ?duration 4.5)\n"
	"    :condition (and (at start (handfree)) (over all (light)))\n"
	"    :effect (and (at start (not (handfree))) (at end (mended ?f)) (at end (handfree)))))\n";

static const char *const prob =
	"(define (problem c2) (:domain cellar) (:objects m1 m2 - match f1 f2 - fuse)\n"
	"  (:init (handfree) (unused m1) (unused m2))\n"
	"  (:goal (and (mended f1) (mended f2))))\n";

static int load(const char *d, const char *p, pddl_model *m, pddl_err *err)
{
	const char *files[] = { "d.pddl", "p.pddl" }, *texts[] = { d, p };
	return pddl_parse(files, texts, 2, m, err);
}

static void test_parse_and_ground(void)
{
	pddl_model m;
	pddl_task t;
	pddl_err err;
	CHECK(load(dom, prob, &m, &err) == 0);
	CHECK(m.temporal);
	CHECK_EQ_LONG(m.nacts, 2);
	CHECK(m.acts[0].durative && m.acts[1].durative);
	CHECK_EQ_LONG(m.acts[0].dur, 8000);
	CHECK_EQ_LONG(m.acts[1].dur, 4500);
	CHECK(m.acts[1].pre && m.acts[1].inv && !m.acts[1].pre_end);
	CHECK(!m.acts[0].inv);
	int ends = 0;
	for (int e = 0; e < m.acts[1].neffs; e++)
		ends += m.acts[1].effs[e].at_end;
	CHECK_EQ_LONG(ends, 2);
	CHECK(pddl_ground(&m, &t, 1000, &err) == 0);
	CHECK_EQ_LONG(t.nacts, 4);
	for (int i = 0; i < t.nacts; i++)
		CHECK(t.acts[i].inv && t.acts[i].pre_end);
	pddl_task_free(&t);
	pddl_free(&m);
}

static void test_errors(void)
{
	static const struct { const char *d, *msg; } cases[] = {
		{ "(define (domain d) (:functions (f)) (:predicates (p)))", "d.pddl:1:21: :functions not supported" },
		{ "(define (domain d) (:predicates (p))\n (:durative-action a :parameters () :duration (= ?duration (f)) :effect (at end (p))))",
		  "d.pddl:2:60: durations from functions not supported (:numeric-fluents" },
		{ "(define (domain d) (:predicates (p))\n (:durative-action a :parameters () :duration (<= ?duration 3) :effect (at end (p))))",
		  "d.pddl:2:48: duration constraints '(<= ...)' not supported (:duration-inequalities)" },
		{ "(define (domain d) (:predicates (p))\n (:durative-action a :parameters () :effect (at end (p))))",
		  "d.pddl:2:2: expected a ':duration (= ?duration NUMBER)' in the durative action 'a'" },
		{ "(define (domain d) (:predicates (p))\n (:durative-action a :parameters () :duration (= ?duration 1) :condition (p) :effect (at end (p))))",
		  "d.pddl:2:74: expected '(at start ...)', '(over all ...)' or '(at end ...)', found '(p ...)'" },
		{ "(define (domain d) (:predicates (p))\n (:durative-action a :parameters () :duration (= ?duration 1) :effect (over all (p))))",
		  "d.pddl:2:71: expected '(at start ...)' or '(at end ...)', found '(over ...)'" },
		{ "(define (domain d) (:predicates (p))\n (:durative-action a :parameters () :duration (= ?duration 1.0005) :effect (at end (p))))",
		  "d.pddl:2:60: the duration '1.0005' has more than 3 decimals (a tick is 0.001)" },
		{ "(define (domain d) (:predicates (p))\n (:durative-action a :parameters () :duration (= ?duration 0) :effect (at end (p))))",
		  "d.pddl:2:60: expected a positive duration, found '0'" },
		{ "(define (domain d) (:predicates (p))\n (:action a :parameters () :duration (= ?duration 1) :effect (p)))",
		  "d.pddl:2:28: :duration is for a ':durative-action'" },
		{ "(define (domain d) (:predicates (p))\n (:durative-action a :parameters () :duration (= ?duration 1) :effect (at end (increase (c) 1))))",
		  "d.pddl:2:80: numeric expressions ('increase') not supported (:numeric-fluents)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		pddl_model m;
		pddl_err err;
		CHECK(load(cases[i].d, "(define (problem q) (:domain d) (:goal (p)))", &m, &err) != 0);
		if (strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)) != 0)
			CHECK_STR(err.msg, cases[i].msg);
		pddl_free(&m);
	}
}

static int validate_text(const pddl_model *m, const char *text)
{
	pddl_plan p;
	pddl_err err;
	if (pddl_plan_read("t.plan", text, m, &p, &err) != 0) {
		CHECK_STR(err.msg, "(read)");
		return -1;
	}
	FILE *null = fopen("/dev/null", "w");
	int bad = pddl_validate(m, &p, null);
	fclose(null);
	pddl_plan_free(&p);
	return bad;
}

static void test_validate(void)
{
	pddl_model m;
	pddl_err err;
	pddl_plan p;
	CHECK(load(dom, prob, &m, &err) == 0);
	/* the least makespan: the second match after the first burnt out */
	const char *good = "0.000: (light-match m1) [8.000]\n0.001: (mend-fuse f1) [4.500]\n"
	                   "8.001: (light-match m2) [8]\n8.002: (mend-fuse f2) [4.5] ; done\n";
	CHECK(pddl_plan_read("good.plan", good, &m, &p, &err) == 0);
	CHECK(p.temporal);
	CHECK_EQ_LONG(p.steps[3].at, 8002);
	CHECK_EQ_LONG(pddl_plan_makespan(&m, &p), 16001);
	FILE *null = fopen("/dev/null", "w");
	CHECK(pddl_validate(&m, &p, null) == 0);
	CHECK_EQ_LONG(pddl_plan_shorten(&m, &p), 0);
	pddl_plan_free(&p);
	fclose(null);
	/* the second fuse in the first match's light: it burns out at 8, in the mending */
	CHECK_EQ_LONG(validate_text(&m, "0: (light-match m1) [8]\n0.001: (mend-fuse f1) [4.5]\n"
	                                "4.502: (mend-fuse f2) [4.5]\n4.503: (light-match m2) [8]\n"), 1);
	/* the mending starting with the match, both at 0: valid, the light
	 * is over all, after the time point (the search would put them a
	 * tick apart) */
	CHECK_EQ_LONG(validate_text(&m, "0: (light-match m1) [8]\n0: (mend-fuse f1) [4.5]\n"
	                                "8.001: (light-match m2) [8]\n8.001: (mend-fuse f2) [4.5]\n"), 0);
	/* two fuses at one time point: both read and delete the free hand */
	CHECK_EQ_LONG(validate_text(&m, "0: (light-match m1) [8]\n0.001: (mend-fuse f1) [4.5]\n"
	                                "0.001: (mend-fuse f2) [4.5]\n"), 1);
	/* one after the other, the hand not free yet */
	CHECK_EQ_LONG(validate_text(&m, "0: (light-match m1) [8]\n0.001: (mend-fuse f1) [4.5]\n"
	                                "0.002: (mend-fuse f2) [4.5]\n"), 1);
	/* the wrong duration */
	CHECK_EQ_LONG(validate_text(&m, "0: (light-match m1) [7]\n0.001: (mend-fuse f1) [4.5]\n"), 1);
	/* the goal half met */
	CHECK_EQ_LONG(validate_text(&m, "0: (light-match m1) [8]\n0.001: (mend-fuse f1) [4.5]\n"), 1);
	/* a step without its time */
	CHECK(pddl_plan_read("x.plan", "(light-match m1) [8]\n", &m, &p, &err) != 0);
	CHECK_STR(err.msg, "x.plan:1:1: expected a time 'T:' before the step (the domain's actions are durative)");
	CHECK(pddl_plan_read("x.plan", "0: (light-match m1) [x]\n", &m, &p, &err) != 0);
	CHECK_STR(err.msg, "x.plan:1:22: expected a duration 'NUMBER]'");
	pddl_free(&m);
}

static void test_replay(void)
{
	pddl_model m;
	pddl_task t;
	pddl_err err;
	pddl_plan p;
	CHECK(load(dom, prob, &m, &err) == 0);
	CHECK(pddl_ground(&m, &t, 1000, &err) == 0);
	int match = -1, fuse = -1;
	for (int i = 0; i < t.nacts; i++) {
		if (t.acts[i].schema == 0 && match < 0)
			match = i;
		if (t.acts[i].schema == 1 && fuse < 0)
			fuse = i;
	}
	char trail[256];
	/* started at the base's ticks 0 and 1; the base moves to the ends */
	snprintf(trail, sizeof trail, "x\n@@PDDLT S %d 0\n@@PDDLT S %d 1\n@@PDDLT A 4501\n@@PDDLT A 3499\n@@PDDLT R 1\n",
	         match, fuse);
	CHECK(pddl_plan_from_replay(&m, &t, trail, &p, &err) == 0);
	CHECK_EQ_LONG(p.n, 2);
	CHECK_EQ_LONG(p.steps[0].at, 0);
	CHECK_EQ_LONG(p.steps[1].at, 1);
	CHECK_EQ_LONG(pddl_plan_makespan(&m, &p), 8000);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	pddl_plan_write(out, &m, &p);
	fclose(out);
	CHECK(strstr(buf, "0.000: (light-match m1) [8.000]\n0.001: (mend-fuse f1) [4.500]\n; makespan = 8.000\n") != NULL);
	free(buf);
	pddl_plan_free(&p);
	CHECK(pddl_plan_from_replay(&m, &t, "@@PDDLT S 99 0\n", &p, &err) != 0);
	pddl_task_free(&t);
	pddl_free(&m);
}

/* the translation: names only in comments, each ground action's line its
 * start's alternative, the advance's and the goal's alternatives */
static void test_promela(void)
{
	const char *d = "(define (domain x*/c_code{pwned}/*) (:requirements :durative-actions) (:predicates (p*/c_decl{int_z}/* ?x) (q))"
	                " (:durative-action a*/c_code{pwned}/* :parameters (?x) :duration (= ?duration 2)"
	                "  :condition (over all (q)) :effect (at end (p*/c_decl{int_z}/* ?x)))"
	                " (:action b :parameters () :precondition () :effect (q)))";
	const char *p = "(define (problem y*/c_code{pwned}/*) (:domain x*/c_code{pwned}/*) "
	                "(:objects o*/c_code{pwned}/*) (:goal (p*/c_decl{int_z}/* o*/c_code{pwned}/*)))";
	pddl_model m;
	pddl_task t;
	pddl_err err;
	if (load(d, p, &m, &err) != 0) {
		CHECK_STR(err.msg, "(loaded)");
		pddl_free(&m);
		return;
	}
	CHECK(pddl_ground(&m, &t, 100, &err) == 0);
	CHECK_EQ_LONG(t.nacts, 2);
	int *lines = calloc((size_t) t.nacts + 1, sizeof *lines);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	pddl_write_promela(out, &m, &t, lines);
	fclose(out);
	for (int i = 0; i < t.nacts; i++) {
		const char *at = buf;
		for (int l = 1; l < lines[i] && at; l++)
			at = strchr(at, '\n') ? strchr(at, '\n') + 1 : NULL;
		char want[64];
		snprintf(want, sizeof want, "printf(\"@@PDDLT %c %d %%d\\n\", k)", m.acts[t.acts[i].schema].durative ? 'S' : 'I', i);
		CHECK(at && strncmp(at, "\t:: d_step { ", 13) == 0);
		CHECK(at && strstr(at, want) != NULL);
	}
	CHECK(strstr(buf, "/* time advances to the earliest end") != NULL);
	CHECK(strstr(buf, ":: atomic { nrun == 0 && ") != NULL);
	/* the printf strings blanked before the check: nothing else may be a string */
	for (char *q = strstr(buf, "\"@@PDDLT "); q; q = strstr(q, "\"@@PDDLT ")) {
		char *e = strstr(q + 1, "\"");
		CHECK(e != NULL);
		if (!e)
			break;
		memset(q, ' ', (size_t) (e + 1 - q));
	}
	const char *bad = pml_unsafe(buf);
	if (bad)
		CHECK_STR(bad, "(nothing unsafe)");
	free(buf);
	free(lines);
	pddl_task_free(&t);
	pddl_free(&m);
}

CHECK_MAIN("pddl_temporal",
	CASE(test_parse_and_ground),
	CASE(test_errors),
	CASE(test_validate),
	CASE(test_replay),
	CASE(test_promela))
