// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_pddl.c -- the PDDL front end below the driver: parsing (errors at
 * FILE:LINE:COL, unsupported requirements by name), grounding by relaxed
 * reachability (static facts folded, unreachable actions left out,
 * conditional effects and quantifiers), the Promela (names only in
 * escaped comments), plan files and the validator.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pml_safety.h"
#include "pddl.h"

static const char *const dom =
	"(define (domain lift)\n"
	"  (:requirements :adl)\n"
	"  (:types floor person)\n"
	"  (:predicates (at ?f - floor) (above ?a ?b - floor) (on ?p - person ?f - floor)\n"
	"               (inside ?p - person) (served ?p - person) (broken))\n"
	"  (:action move :parameters (?a ?b - floor)\n"
	"    :precondition (and (at ?a) (or (above ?a ?b) (above ?b ?a)) (not (broken)))\n"
	"    :effect (and (at ?b) (not (at ?a))\n"
	"                 (forall (?p - person) (when (inside ?p) (and (on ?p ?b) (not (on ?p ?a)))))))\n"
	"  (:action board :parameters (?p - person ?f - floor)\n"
	"    :precondition (and (at ?f) (on ?p ?f) (not (served ?p)))\n"
	"    :effect (inside ?p))\n"
	"  (:action leave :parameters (?p - person)\n"
	"    :precondition (and (inside ?p) (exists (?f - floor) (and (at ?f) (on ?p ?f))))\n"
	"    :effect (and (not (inside ?p)) (served ?p))))\n";

static const char *const prob =
	"(define (problem two)\n"
	"  (:domain lift)\n"
	"  (:objects f1 f2 f3 - floor ann bob - person)\n"
	"  (:init (at f1) (above f1 f2) (above f2 f3) (on ann f1) (on bob f3))\n"
	"  (:goal (and (forall (?p - person) (served ?p)) (on ann f3) (on bob f1))))\n";

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
	CHECK_EQ_LONG(m.nacts, 3);
	CHECK_EQ_LONG(m.nobjs, 5);
	CHECK(!m.preds[1].fluent);   /* above: static */
	CHECK(m.preds[0].fluent);
	CHECK(pddl_ground(&m, &t, 1000, &err) == 0);
	/* move: f1-f2, f2-f1, f2-f3, f3-f2 (above folded, no f1-f3 nor f1-f1);
	 * board 2x3; leave 2 */
	int moves = 0;
	for (int i = 0; i < t.nacts; i++)
		moves += t.acts[i].schema == 0;
	CHECK_EQ_LONG(moves, 4);
	CHECK_EQ_LONG(t.nacts, 4 + 6 + 2);
	/* facts: at x3, on x6, inside x2, served x2 (broken never reached: folded) */
	CHECK_EQ_LONG(t.nfacts, 3 + 6 + 2 + 2);
	CHECK(t.goal->kind == PG_AND);
	pddl_task_free(&t);
	pddl_free(&m);
}

static void test_plan_validate(void)
{
	pddl_model m;
	pddl_err err;
	pddl_plan p;
	CHECK(load(dom, prob, &m, &err) == 0);
	const char *good =
		"(board ann f1)\n(move f1 f2)\n(move f2 f3)\n(leave ann)\n(board bob f3)\n"
		"0: (move f3 f2) [1]\n(move f2 f1)\n(LEAVE bob) ; done\n";
	CHECK(pddl_plan_read("good.plan", good, &m, &p, &err) == 0);
	CHECK_EQ_LONG(p.n, 8);
	FILE *null = fopen("/dev/null", "w");
	CHECK(pddl_validate(&m, &p, null) == 0);
	pddl_plan_free(&p);
	/* (leave ann) before she reached f3 is fine, but then she is not on f3 */
	CHECK(pddl_plan_read("bad.plan", "(board ann f1)\n(leave ann)\n", &m, &p, &err) == 0);
	CHECK_EQ_LONG(pddl_validate(&m, &p, null), 1);
	pddl_plan_free(&p);
	/* moving from f1 to f3 directly: no above between them */
	CHECK(pddl_plan_read("bad.plan", "(move f1 f3)\n", &m, &p, &err) == 0);
	CHECK_EQ_LONG(pddl_validate(&m, &p, null), 1);
	pddl_plan_free(&p);
	CHECK(pddl_plan_read("x.plan", "(move f1)\n", &m, &p, &err) != 0);
	CHECK_STR(err.msg, "x.plan:1:2: the action 'move' takes 2 arguments, not 1");
	CHECK(pddl_plan_read("x.plan", "\n  (board f1 ann)\n", &m, &p, &err) != 0);
	CHECK_STR(err.msg, "x.plan:2:10: 'f1' is not of type person (board's parameter ?p)");
	fclose(null);
	pddl_free(&m);
}

static void test_shorten(void)
{
	pddl_model m;
	pddl_err err;
	pddl_plan p;
	CHECK(load(dom, prob, &m, &err) == 0);
	/* a detour up and down before boarding, and a useless extra move at
	 * the end: 3 steps go, the rest stays valid */
	const char *detour =
		"(move f1 f2)\n(move f2 f1)\n(board ann f1)\n(move f1 f2)\n(move f2 f3)\n(leave ann)\n"
		"(board bob f3)\n(move f3 f2)\n(move f2 f1)\n(leave bob)\n(move f1 f2)\n";
	CHECK(pddl_plan_read("d.plan", detour, &m, &p, &err) == 0);
	FILE *null = fopen("/dev/null", "w");
	CHECK(pddl_validate(&m, &p, null) == 0);
	CHECK_EQ_LONG(pddl_plan_shorten(&m, &p), 3);
	CHECK_EQ_LONG(p.n, 8);
	CHECK(pddl_validate(&m, &p, null) == 0);
	CHECK_EQ_LONG(pddl_plan_shorten(&m, &p), 0);
	pddl_plan_free(&p);
	fclose(null);
	pddl_free(&m);
}

static void test_errors(void)
{
	static const struct { const char *d, *p, *msg; } cases[] = {
		{ "(define (domain d) (:requirements :duration-inequalities))", "", "d.pddl:1:35: :duration-inequalities not supported" },
		{ "(define (domain d) (:predicates (p ?x)) (:action a :parameters (?x) :effect (p)))", "",
		  "d.pddl:1:77: the predicate 'p' takes 1 argument, not 0" },
		{ "(define (domain d) (:predicates (p)))", "(define (problem q) (:domain d) (:init (p)))",
		  "p.pddl:1:1: expected a ':goal' in the problem" },
		{ "(define (domain d) (:predicates (p)))", "(define (problem q) (:domain d) (:goal (p) (p)))",
		  "p.pddl:1:44: expected ')' after the goal, found '(p ...)'" },
		{ "(define (domain d) (:predicates (p)))", "(define (problem q) (:domain d) (:objects a - t) (:goal (p)))",
		  "p.pddl:1:47: undefined type 't'" },
		{ "(define (domain d) (:predicates (p)) #)", "", "d.pddl:1:38: expected a section '(:keyword ...)', found '#'" },
		{ "(define (domain d) (:predicates (p)))", "(define (problem q) (:domain d) (:goal (q x)))",
		  "p.pddl:1:41: undefined predicate 'q'" },
		{ "(define (domain d) (:predicates (p)))", "(define (problem q) (:domain d) (:goal (p)))\x01",
		  "p.pddl:1:45: expected '(' (a define), found byte 0x01" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		pddl_model m;
		pddl_err err;
		const char *p = *cases[i].p ? cases[i].p : prob;
		CHECK(load(cases[i].d, p, &m, &err) != 0);
		if (strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)) != 0)
			CHECK_STR(err.msg, cases[i].msg);
		pddl_free(&m);
	}
}

static void test_promela_escapes_names(void)
{
	const char *d = "(define (domain x*/c_code{pwned}/*) (:predicates (p*/c_decl{int_z}/* ?x)) "
	                "(:action a*/c_code{pwned}/* :parameters (?x) :precondition () :effect (p*/c_decl{int_z}/* ?x)))";
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
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	pddl_write_promela(out, &m, &t, NULL);
	fclose(out);
	CHECK(strstr(buf, "@@PDDL 0") != NULL);
	/* the plan's printf strings, "@@PDDL K\n" (a number only), blanked
	 * before the check: nothing else may be a string */
	for (char *q = strstr(buf, "\"@@PDDL "); q; q = strstr(q, "\"@@PDDL ")) {
		char *e = q + 8;
		while (*e >= '0' && *e <= '9')
			e++;
		CHECK(e > q + 8 && strncmp(e, "\\n\"", 3) == 0);
		memset(q, ' ', (size_t) (e + 3 - q));
	}
	const char *bad = pml_unsafe(buf);
	if (bad)
		CHECK_STR(bad, "(nothing unsafe)");
	free(buf);
	pddl_task_free(&t);
	pddl_free(&m);
}

/* the task for hff: each action's line is its alternative's in the
 * Promela; negation normal form, ops only for deletes read false */
static void test_meta(void)
{
	pddl_model m;
	pddl_task t;
	pddl_err err;
	CHECK(load(dom, prob, &m, &err) == 0);
	CHECK(pddl_ground(&m, &t, 1000, &err) == 0);
	int *lines = calloc((size_t) t.nacts + 1, sizeof *lines);
	char *pml = NULL, *meta = NULL;
	size_t plen = 0, mlen = 0;
	FILE *out = open_memstream(&pml, &plen);
	pddl_write_promela(out, &m, &t, lines);
	fclose(out);
	for (int i = 0; i < t.nacts; i++) {
		const char *at = pml;
		for (int l = 1; l < lines[i] && at; l++)
			at = strchr(at, '\n') ? strchr(at, '\n') + 1 : NULL;
		char want[64];
		snprintf(want, sizeof want, "printf(\"@@PDDL %d\\n\")", i);
		const char *next = at ? strstr(at, "\t:: ") : NULL;
		CHECK(at && strncmp(at, "\t:: d_step { ", 13) == 0);
		CHECK(at && strstr(at, want) && (!next || strstr(at, want) < strstr(next + 1, "\t:: ")));
	}
	out = open_memstream(&meta, &mlen);
	pddl_write_meta(out, &m, &t, lines);
	fclose(out);
	/* ops: move's add and its 2 conditional adds (x4), board's (x6),
	 * leave's served (x2); no delete is read false ((not (served ?p)) is
	 * never deleted).  Nodes: move's 2 conditions with its precondition
	 * (x4), board's and (x6), leave's and of (inside ?p) and an or of 3
	 * ands (x2), the goal's and */
	CHECK(strstr(meta, " * 13 facts, 12 ground actions, 25 nodes, 20 ops.") != NULL);
	CHECK(strstr(meta, "const dmc_pddl_task *dmc_pddl_task_meta(void)") != NULL);
	free(pml);
	free(meta);
	free(lines);
	pddl_task_free(&t);
	pddl_free(&m);
	/* (not (or p q)): an and of two negative literals; the deletes of
	 * p and q get ops, the add of r none needed beyond its own */
	const char *d2 = "(define (domain n) (:predicates (p) (q) (r))"
	                 " (:action a :parameters () :precondition (not (or (p) (q))) :effect (r))"
	                 " (:action b :parameters () :precondition (r) :effect (and (not (p)) (not (q)) (p))))";
	const char *p2 = "(define (problem n1) (:domain n) (:init (q)) (:goal (and (r) (not (q)))))";
	CHECK(load(d2, p2, &m, &err) == 0);
	CHECK(pddl_ground(&m, &t, 1000, &err) == 0);
	lines = calloc((size_t) t.nacts + 1, sizeof *lines);
	out = open_memstream(&meta, &mlen);
	pddl_write_meta(out, &m, &t, lines);
	fclose(out);
	/* facts p q r; a: pre and(~p, ~q), add r; b: pre r, ops del p, del q, add p */
	CHECK(strstr(meta, " * 3 facts, 2 ground actions, 2 nodes, 4 ops.") != NULL);
	free(meta);
	free(lines);
	pddl_task_free(&t);
	pddl_free(&m);
}

CHECK_MAIN("pddl",
	CASE(test_meta),
	CASE(test_parse_and_ground),
	CASE(test_plan_validate),
	CASE(test_shorten),
	CASE(test_errors),
	CASE(test_promela_escapes_names))
