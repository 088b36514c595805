// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_anml_validate.c -- the plan validator (frontends/anml/anml_validate.c)
 * on hand-made schedules, valid and invalid, and the generator's
 * determinism (frontends/anml/anml_gen.c).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "anml.h"

static void load(const char *text, anml_model *m)
{
	anml_err err;
	int rc = anml_parse("t.anml", text, m, &err);
	if (rc == 0)
		rc = anml_resolve(m, &err);
	if (rc != 0)
		fprintf(stderr, "%s\n", err.msg);
	CHECK(rc == 0);
}

/* a plan from "inst: act start end; act start end | inst: ..." with
 * action numbers; parameters after '/' (act/p1/p2) */
static void make_plan(const anml_model *m, const char *spec, anml_plan *p)
{
	p->ninsts = m->ninsts;
	p->lines = calloc((size_t) m->ninsts, sizeof *p->lines);
	int inst = 0;
	const char *s = spec;
	while (*s) {
		if (*s == '|') {
			inst++;
			s++;
			continue;
		}
		if (*s == ' ' || *s == ';') {
			s++;
			continue;
		}
		anml_step st;
		memset(&st, 0, sizeof st);
		char *end;
		st.act = (int) strtol(s, &end, 10);
		s = end;
		for (int k = 0; *s == '/'; k++) {
			st.params[k] = (int) strtol(s + 1, &end, 10);
			s = end;
		}
		st.start = (int) strtol(s, &end, 10);
		s = end;
		st.end = (int) strtol(s, &end, 10);
		s = end;
		anml_line *ln = &p->lines[inst];
		ln->steps = realloc(ln->steps, ((size_t) ln->n + 1) * sizeof *ln->steps);
		ln->steps[ln->n++] = st;
	}
}

static int violations(const char *model, const char *spec)
{
	anml_model m;
	anml_plan p;
	load(model, &m);
	make_plan(&m, spec, &p);
	int bad = anml_validate(&m, &p, NULL);
	anml_plan_free(&p);
	anml_free(&m);
	return bad;
}

static const char ex1[] =
	"PLAN ex1\n"
	"TIMELINE A ACTIONS A0: [2,_] A1 A2 TRANSITIONS A0 -> A1 -> A2 END A\n"
	"TIMELINE B ACTIONS B0: [2,_] B1: [1,10] TRANSITIONS B0 -> B1 END B\n"
	"INITIAL-STATE |-> A.A0 |-> B.B0\n"
	"GOALS A.A2 B.B1\n"
	"END ex1\n";

static void test_ex1_valid(void)
{
	CHECK_EQ_LONG(violations(ex1, "0 0 2; 1 2 3; 2 3 4 | 0 0 2; 1 2 3"), 0);
	CHECK_EQ_LONG(violations(ex1, "0 0 7; 1 7 9; 2 9 10 | 0 0 5; 1 5 15"), 0);
}

static void test_ex1_invalid(void)
{
	/* A0 too short */
	CHECK_EQ_LONG(violations(ex1, "0 0 1; 1 1 3; 2 3 4 | 0 0 2; 1 2 3"), 1);
	/* B1 too long */
	CHECK_EQ_LONG(violations(ex1, "0 0 2; 1 2 3; 2 3 4 | 0 0 2; 1 2 13"), 1);
	/* a gap on A */
	CHECK_EQ_LONG(violations(ex1, "0 0 2; 1 3 4; 2 4 5 | 0 0 2; 1 2 3"), 1);
	/* A0 -> A2 is not a transition */
	CHECK_EQ_LONG(violations(ex1, "0 0 2; 2 2 3 | 0 0 2; 1 2 3"), 1);
	/* goal B1 not reached, and B ends with B0 */
	CHECK_EQ_LONG(violations(ex1, "0 0 2; 1 2 3; 2 3 4 | 0 0 2"), 2);
	/* A does not start with A0 (and A1 -> A2 is fine) */
	CHECK(violations(ex1, "1 0 2; 2 2 3 | 0 0 2; 1 2 3") >= 1);
	/* does not start at 0 */
	CHECK_EQ_LONG(violations(ex1, "0 1 3; 1 3 4; 2 4 5 | 0 0 2; 1 2 3"), 1);
	/* an instance without actions */
	CHECK_EQ_LONG(violations(ex1, "0 0 2; 1 2 3; 2 3 4 |"), 1);
}

static const char two[] =
	"PLAN p\n"
	"TIMELINE A ACTIONS A0 A1 A2 TRANSITIONS A0 -> A1 -> A2 END A\n"
	"TIMELINE B ACTIONS B0 B1 B2 TRANSITIONS B0 -> B1 -> B2 END B\n"
	"INITIAL-STATE |-> A.A0 |-> B.B0\n"
	"GOALS A.A2 B.B2\n";

static int with(const char *constraints, const char *spec)
{
	char text[1024];
	snprintf(text, sizeof text, "%sCONSTRAINTS %s\nEND p\n", two, constraints);
	return violations(text, spec);
}

static void test_inequalities(void)
{
	/* A1.end + 2 < B1.start: B1 starts at 6, A1 ends at 3 */
	CHECK_EQ_LONG(with("A1.end + 2 < B1.start", "0 0 2; 1 2 3; 2 3 4 | 0 0 6; 1 6 7; 2 7 8"), 0);
	CHECK_EQ_LONG(with("A1.end + 3 < B1.start", "0 0 2; 1 2 3; 2 3 4 | 0 0 6; 1 6 7; 2 7 8"), 1);
	CHECK_EQ_LONG(with("A1.end + 3 <= B1.start", "0 0 2; 1 2 3; 2 3 4 | 0 0 6; 1 6 7; 2 7 8"), 0);
	CHECK_EQ_LONG(with("A1.end + 4 < B1.start", "0 0 2; 1 2 3; 2 3 4 | 0 0 6; 1 6 7; 2 7 8"), 1);
	/* the existential A1 has not ended when B1 starts */
	CHECK_EQ_LONG(with("A1.end < B1.start", "0 0 2; 1 2 9; 2 9 10 | 0 0 6; 1 6 7; 2 7 8"), 1);
	/* a chain: A0.start < B0.end < A2.start; the universal A2.start */
	CHECK_EQ_LONG(with("A0.start < B0.end < A2.start", "0 0 2; 1 2 5; 2 5 6 | 0 0 3; 1 3 4; 2 4 5"), 0);
	CHECK_EQ_LONG(with("A0.start < B0.end < A2.start", "0 0 2; 1 2 3; 2 3 6 | 0 0 3; 1 3 4; 2 4 5"), 1);
	/* deadline with a constant */
	CHECK_EQ_LONG(with("A2.end <= 6", "0 0 2; 1 2 5; 2 5 6 | 0 0 3; 1 3 4; 2 4 5"), 0);
	CHECK_EQ_LONG(with("A2.end < 6", "0 0 2; 1 2 5; 2 5 6 | 0 0 3; 1 3 4; 2 4 5"), 1);
	/* equality at the same time point */
	CHECK_EQ_LONG(with("A1.end = B1.start", "0 0 2; 1 2 3; 2 3 4 | 0 0 3; 1 3 4; 2 4 5"), 0);
	CHECK_EQ_LONG(with("A1.end = B1.start", "0 0 2; 1 2 3; 2 3 4 | 0 0 2; 1 2 4; 2 4 5"), 1);
}

static void test_vacuous(void)
{
	/* B1 never runs: a constraint quantified over B1 holds vacuously */
	const char *m = "PLAN p TIMELINE A ACTIONS A0 A1 A2 TRANSITIONS A0 -> (A1 | A2) A1 -> A2 END A\n"
	                "TIMELINE B ACTIONS B0 B1 B2 TRANSITIONS B0 -> (B1 | B2) B1 -> B2 END B\n"
	                "GOALS A.A2 B.B2 CONSTRAINTS A1.end + 100 < B1.start\nB1 contains A1\nEND p";
	CHECK_EQ_LONG(violations(m, "0 0 1; 2 1 2 | 0 0 1; 2 1 2"), 0);
	/* the existential A1 never ran: violated */
	CHECK_EQ_LONG(violations(m, "0 0 1; 2 1 2 | 0 0 1; 1 1 5; 2 5 6"), 2);
}

static void test_allen(void)
{
	struct { const char *rel, *spec; int bad; } cases[] = {
		/* A1 = [2,4], B1 varies */
		{ "A1 before B1",   "0 0 2; 1 2 4; 2 4 9 | 0 0 5; 1 5 6; 2 6 9", 0 },
		{ "A1 before B1",   "0 0 2; 1 2 4; 2 4 9 | 0 0 4; 1 4 6; 2 6 9", 1 },
		{ "A1 meets B1",    "0 0 2; 1 2 4; 2 4 9 | 0 0 4; 1 4 6; 2 6 9", 0 },
		{ "A1 meets B1",    "0 0 2; 1 2 4; 2 4 9 | 0 0 5; 1 5 6; 2 6 9", 1 },
		{ "A1 overlaps B1", "0 0 2; 1 2 4; 2 4 9 | 0 0 3; 1 3 6; 2 6 9", 0 },
		{ "A1 overlaps B1", "0 0 2; 1 2 4; 2 4 9 | 0 0 1; 1 1 6; 2 6 9", 1 },
		{ "A1 during B1",   "0 0 2; 1 2 4; 2 4 9 | 0 0 1; 1 1 6; 2 6 9", 0 },
		{ "A1 during B1",   "0 0 2; 1 2 4; 2 4 9 | 0 0 2; 1 2 6; 2 6 9", 1 },
		{ "A1 starts B1",   "0 0 2; 1 2 4; 2 4 9 | 0 0 2; 1 2 6; 2 6 9", 0 },
		{ "A1 starts B1",   "0 0 2; 1 2 4; 2 4 9 | 0 0 2; 1 2 4; 2 4 9", 1 },
		{ "A1 finishes B1", "0 0 2; 1 2 4; 2 4 9 | 0 0 1; 1 1 4; 2 4 9", 0 },
		{ "A1 finishes B1", "0 0 2; 1 2 4; 2 4 9 | 0 0 1; 1 1 5; 2 5 9", 1 },
		{ "A1 equals B1",   "0 0 2; 1 2 4; 2 4 9 | 0 0 2; 1 2 4; 2 4 9", 0 },
		{ "A1 equals B1",   "0 0 2; 1 2 4; 2 4 9 | 0 0 2; 1 2 5; 2 5 9", 1 },
		{ "B1 contains A1", "0 0 2; 1 2 4; 2 4 9 | 0 0 1; 1 1 6; 2 6 9", 0 },
		{ "B1 contains A1", "0 0 2; 1 2 4; 2 4 9 | 0 0 3; 1 3 6; 2 6 9", 1 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int bad = with(cases[i].rel, cases[i].spec);
		if (bad != cases[i].bad)
			fprintf(stderr, "case %zu (%s): %d violations\n", i, cases[i].rel, bad);
		CHECK_EQ_LONG(bad, cases[i].bad);
	}
}

static void test_type_level_and_instances(void)
{
	const char *m = "PLAN p TIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> A1 END A\n"
	                "VARIABLES t1, t2: A\nINITIAL-STATE |-> A.A0\nGOALS A.A1\n"
	                "CONSTRAINTS A0.end < A1.start\nEND p";
	/* type level: every t_i.A1 start after every t_j.A0 end (4 combinations) */
	CHECK_EQ_LONG(violations(m, "0 0 2; 1 2 3 | 0 0 2; 1 2 3"), 4);      /* all four fail */
	/* only t2.A0 (ends at 1) before t1.A1 (starts at 2) holds */
	CHECK_EQ_LONG(violations(m, "0 0 2; 1 2 4 | 0 0 1; 1 1 4"), 3);
	/* (the same-instance combinations can never hold: A1 follows A0 at once) */
	const char *m2 = "PLAN p TIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> A1 END A\n"
	                 "VARIABLES t1, t2: A\nGOALS A.A1\n"
	                 "CONSTRAINTS t1.A0.end + 1 < t2.A1.start\nEND p";
	CHECK_EQ_LONG(violations(m2, "0 0 2; 1 2 3 | 0 0 4; 1 4 5"), 0);
	CHECK_EQ_LONG(violations(m2, "0 0 2; 1 2 3 | 0 0 3; 1 3 5"), 1);
	/* the instance-specific constraint leaves t2's own A0 alone */
	CHECK_EQ_LONG(violations(m2, "0 0 2; 1 2 3 | 0 0 9; 1 9 10"), 0);
}

static void test_parameters(void)
{
	const char *m = "PLAN p TYPES animal = {cat, dog}\n"
	                "TIMELINE A ACTIONS A1(x, y: animal) A2(z, w: animal)\n"
	                "TRANSITIONS A1(cat, u) -> A2(u, _) END A\nGOALS A2 END p";
	CHECK_EQ_LONG(violations(m, "0/0/1 0 1; 1/1/0 1 2"), 0);   /* A1(cat,dog) -> A2(dog,cat) */
	CHECK_EQ_LONG(violations(m, "0/1/1 0 1; 1/1/0 1 2"), 1);   /* A1(dog,..): no transition */
	CHECK_EQ_LONG(violations(m, "0/0/1 0 1; 1/0/0 1 2"), 1);   /* u mismatch */
	/* out of the type (and then u does not match either) */
	CHECK_EQ_LONG(violations(m, "0/0/5 0 1; 1/1/0 1 2"), 2);
}

static void test_repeated_actions(void)
{
	/* the current occurrence of A1 is the latest one that started before B1 */
	const char *m = "PLAN p TIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> A1 -> A0 END A\n"
	                "TIMELINE B ACTIONS B0 B1 TRANSITIONS B0 -> B1 END B\n"
	                "GOALS B.B1 CONSTRAINTS A1.end + 1 < B1.start END p";
	/* A1 at [1,2] and [3,6]; B1 starts at 7: current A1 ended at 6: 7 < 7 fails */
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 2; 0 2 3; 1 3 6; 0 6 9 | 0 0 7; 1 7 8"), 1);
	/* B1 starts at 3 (A1 [3,6] starts at the same time: the earlier one counts) */
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 2; 0 2 3; 1 3 6; 0 6 9 | 0 0 4; 1 4 8"), 1);
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 2; 0 2 3; 1 3 6; 0 6 9 | 0 0 8; 1 8 9"), 0);
}

/* 'next' and 'at': the reference point (docs/anmlite.md, "Repeated actions") */
static void test_next_and_at(void)
{
	/* W = 0, R = 1 on A; P = 0, Q = 1 on B */
	const char *base = "PLAN p TIMELINE A ACTIONS W R TRANSITIONS W -> R -> W END A\n"
	                   "TIMELINE B ACTIONS P Q TRANSITIONS P -> Q -> P END B\nCONSTRAINTS ";
	char m[600];
	/* consecutive W at least 2 apart; the first W is vacuous (no W before it) */
	snprintf(m, sizeof m, "%s W.end + 2 <= W.next.start END p", base);
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 3; 0 3 4; 1 4 5; 0 5 6 | 0 0 6"), 1);  /* 4 + 2 > 5 */
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 3; 0 3 4; 1 4 6; 0 6 7 | 0 0 7"), 0);
	CHECK_EQ_LONG(violations(m, "0 0 5 | 0 0 5"), 0);                                   /* one W: vacuous */
	/* between the end of each R and the next R, a Q ends */
	snprintf(m, sizeof m, "%s at R.end: Q.next.end <= R.next.start END p", base);
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 2; 0 2 5; 1 5 6 | 0 0 3; 1 3 4; 0 4 6"), 0);
	/* the only Q ends at 4: it is before the first R's end (its next after 2 is none) */
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 5; 0 5 6; 1 6 7 | 0 0 3; 1 3 4; 0 4 7"), 1);
	/* the next Q must have ended by the next R's start: Q [5,7] ends after R starts at 6 */
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 2; 0 2 6; 1 6 8 | 0 0 5; 1 5 7; 0 7 8"), 1);
	/* a Q starting exactly at the reference point may be the next one (simultaneous) */
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 2; 0 2 5; 1 5 6 | 0 0 2; 1 2 3; 0 3 6"), 0);
	/* at W.start: the P current when W started must have ended by W's end */
	snprintf(m, sizeof m, "%s at W.start: P.end < W.end END p", base);
	/* W [0,1]: P [0,1] does not end before 1 */
	CHECK_EQ_LONG(violations(m, "0 0 1; 1 1 2; 0 2 5 | 0 0 1; 1 1 3; 0 3 6"), 1);
	CHECK_EQ_LONG(violations(m, "0 0 2; 1 2 3; 0 3 6 | 0 0 1; 1 1 3; 0 3 6"), 0);
	/* W [3,5]: P [3,6] starts with it, so the earlier P [0,1] may be the current one */
	CHECK_EQ_LONG(violations(m, "0 0 2; 1 2 3; 0 3 5 | 0 0 1; 1 1 3; 0 3 6"), 0);
	/* W [3,5]: the current P [2,6] ends after W */
	CHECK_EQ_LONG(violations(m, "0 0 2; 1 2 3; 0 3 5 | 0 0 1; 1 1 2; 0 2 6"), 1);
}

/* arguments restrict references to the occurrences with those parameters */
static void test_reference_arguments(void)
{
	const char *m = "PLAN p TYPES s = {a, b}\n"
	                "TIMELINE R ACTIONS Go(x: s) Drill(x: s) TRANSITIONS Go(_) -> Drill(_) -> Go(_) END R\n"
	                "TIMELINE C ACTIONS Idle Cam TRANSITIONS Idle -> Cam -> Idle END C\n"
	                "INITIAL-STATE |-> R.Go(b)\n"
	                "GOALS R.Drill(a)\n"
	                "CONSTRAINTS Cam.end < Drill(a).start END p";
	/* Go(b) Drill(b) Go(a) Drill(a); Cam [1,2] before Drill(a) at 4 */
	CHECK_EQ_LONG(violations(m, "0/1 0 1; 1/1 1 2; 0/0 2 4; 1/0 4 5 | 0 0 1; 1 1 2; 0 2 5"), 0);
	/* Drill(b) first: not constrained by the Cam constraint, but the goal needs Drill(a) last */
	CHECK_EQ_LONG(violations(m, "0/1 0 1; 1/1 1 2 | 0 0 2"), 2);   /* goal not reached, ends with Drill(b) */
	CHECK_EQ_LONG(violations(m, "0/0 0 1; 1/0 1 2 | 0 0 2"), 2);   /* starts with Go(a); Cam never ran */
	/* Drill(a) with no Cam before it */
	CHECK_EQ_LONG(violations(m, "0/1 0 1; 1/0 1 2 | 0 0 2"), 1);
}

static void gen(unsigned long seed, char **text, size_t *len)
{
	anml_gen_opts o = { 3, 6, 10, 3, seed };
	anml_err err;
	FILE *f = open_memstream(text, len);
	CHECK(anml_generate(f, &o, &err) == 0);
	fclose(f);
}

static void test_generator(void)
{
	for (unsigned long seed = 1; seed <= 5; seed++) {
		char *a, *b, *c;
		size_t la, lb, lc;
		gen(seed, &a, &la);
		gen(seed, &b, &lb);
		gen(seed + 100, &c, &lc);
		CHECK(la == lb && memcmp(a, b, la) == 0);
		CHECK(la != lc || memcmp(a, c, la) != 0);
		/* the output parses; the backbone, initial state and goals are there */
		anml_model m;
		anml_err err;
		CHECK(anml_parse("gen.anml", a, &m, &err) == 0 && anml_resolve(&m, &err) == 0);
		CHECK_EQ_LONG(m.ntls, 3);
		CHECK_EQ_LONG(m.ncons, 3);
		for (int t = 0; t < 3; t++) {
			CHECK_EQ_LONG(m.tls[t].ntrans, 10);
			for (int x = 0; x + 1 < 6; x++) {
				int found = 0;
				for (int i = 0; i < m.tls[t].ntrans; i++) {
					found |= m.tls[t].trans[i].from.act == x && m.tls[t].trans[i].to.act == x + 1;
					CHECK(m.tls[t].trans[i].from.act != m.tls[t].trans[i].to.act);
				}
				CHECK(found);
			}
		}
		CHECK_EQ_LONG(anml_initial_action(&m, 2), 0);
		CHECK(anml_is_goal(&m, 1, 5));
		anml_free(&m);
		free(a);
		free(b);
		free(c);
	}
	/* a fixed seed gives a fixed model on every platform */
	char *a;
	size_t la;
	gen(7, &a, &la);
	CHECK(strstr(a, "-R 10 -C 3 --seed 7") != NULL);
	free(a);
	anml_gen_opts bad = { 3, 6, 40, 3, 1 };
	anml_err err;
	FILE *f = fopen("/dev/null", "w");
	CHECK(anml_generate(f, &bad, &err) != 0);
	CHECK(strstr(err.msg, "from 5 (the backbone) to 30 transitions") != NULL);
	fclose(f);
}

CHECK_MAIN("anml_validate",
	CASE(test_ex1_valid),
	CASE(test_ex1_invalid),
	CASE(test_inequalities),
	CASE(test_vacuous),
	CASE(test_allen),
	CASE(test_type_level_and_instances),
	CASE(test_parameters),
	CASE(test_repeated_actions),
	CASE(test_next_and_at),
	CASE(test_reference_arguments),
	CASE(test_generator))
