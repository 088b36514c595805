// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_fuzz_found.c -- the bugs the fuzz harnesses found (tests/fuzz/,
 * docs/fuzzing.md), one test each on the translator's entry point; the
 * minimised inputs are also replayed by make check-full
 * (tests/fuzz/regress/).  Leaks show up as failures here too: the unit
 * tests run with LeakSanitizer.
 */
#include "check.h"
#include "uppaal_helpers.h"
#include "anml.h"
#include "expr.h"
#include "fake_bridge.h"

/* the fuzzers stop at every UBSan report; so does this test (the other
 * unit tests print them and go on) */
const char *__ubsan_default_options(void);
const char *__ubsan_default_options(void)
{
	return "halt_on_error=1:print_stacktrace=1";
}

/* fuzz_xta: nested for loops in a function multiply (16^6 copies of the
 * body here); the translation ran for minutes.  Now bounded, an error. */
static void test_xta_nested_for_bounded(void)
{
	up_result r = up_run("n.xta",
		"int a[16];\n"
		"void fill() {\n"
		"  for (i : int[0,15]) for (j : int[0,15]) for (k : int[0,15])\n"
		"  for (l : int[0,15]) for (m : int[0,15]) for (n : int[0,15])\n"
		"    a[i] = j + k + l + m + n;\n"
		"}\n"
		"process P() { state s0, s1; init s0; trans s0 -> s1 { assign fill(); }; }\n"
		"system P;\n", NULL);
	CHECK_EQ_LONG(r.rc, 2);
	CHECK(strstr(r.err, "n.xta:4:") == r.err);
	CHECK(strstr(r.err, "more than 100000 copies") != NULL);
	up_done(&r);
	/* one loop of 256 values in a loop of 256 is still fine */
	r = up_run("n.xta",
		"int a[2];\n"
		"void fill() { for (i : int[0,255]) for (j : int[0,255]) a[0] = i + j; }\n"
		"process P() { state s0, s1; init s0; trans s0 -> s1 { assign fill(); }; }\n"
		"system P;\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	up_done(&r);
}

/* fuzz_xml: a <template> inside a <location> left the reader with a
 * location but no template (a null pointer dereference). */
static void test_xml_nested_template(void)
{
	up_result r = up_run("n.xml",
		"<nta><template><name>T</name><location id=\"a\">\n"
		"<template><name>U</name></template></location></template></nta>", NULL);
	CHECK_EQ_LONG(r.rc, 2);
	CHECK_STR(r.err, "n.xml:2:1: <template> inside a <location>");
	up_done(&r);
	r = up_run("n.xml",
		"<nta><template><name>T</name><location id=\"a\"/><init ref=\"a\"/>\n"
		"<transition><source ref=\"a\"/><location id=\"b\"/></transition></template></nta>", NULL);
	CHECK_EQ_LONG(r.rc, 2);
	CHECK(strstr(r.err, "<location> inside a <transition>") != NULL);
	up_done(&r);
}

/* fuzz_anml: a name followed by a number too large leaked the name (the
 * error came from reading the next token) */
static void test_anml_name_then_big_number(void)
{
	anml_model m;
	anml_err err;
	CHECK(anml_parse("n.anml", "PLAN A 2174648181", &m, &err) == -1);
	CHECK(strstr(err.msg, "n.anml:1:8:") == err.msg);
	CHECK(strstr(err.msg, "number too large") != NULL);
	anml_free(&m);
}

/* fuzz_anml: a duration of INT_MAX (the largest number ANMLite
 * accepts) overflowed int in the Promela writer's remaining-time bound
 * (signed overflow, UBSan).  Such an action can never fit the horizon:
 * the translation succeeds and the action is never started. */
static void test_anml_duration_intmax(void)
{
	static const char *const models[] = {
		"PLAN rover\nTIMELINE Arm ACTIONS\nStowed:[2147483647,_]Stow TRANSITIONS\n"
		"Stowed->Stow END Arm\nGOALS Stow\nEND rover",
		"PLAN crew\nTYPES\ntask={science}TIMELINE Crew ACTIONS Sleep:[2147483647,_]Work(t:task)"
		"TRANSITIONS\nSleep->Work\nEND Crew\nGOALS\nWork(science)END crew",
	};
	for (size_t k = 0; k < sizeof models / sizeof models[0]; k++) {
		anml_model m;
		anml_err err;
		char *buf = NULL;
		size_t len = 0;
		CHECK(anml_parse("d.anml", models[k], &m, &err) == 0);
		CHECK(anml_resolve(&m, &err) == 0);
		FILE *out = open_memstream(&buf, &len);
		CHECK(anml_write_promela(out, &m, 10, &err) == 0);
		fclose(out);
		CHECK(buf && strstr(buf, "proctype") != NULL);
		free(buf);
		anml_free(&m);
	}
}

/* a model whose type has n values v0..v(n-1), an action V(a,b) and W(a,b)
 * of that type, and ncons copies of one constraint over two variables
 * (n*n instances each) */
static char *quadratic_model(int n, int ncons)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	fprintf(f, "PLAN p\nTYPES\n  site = {");
	for (int i = 0; i < n; i++)
		fprintf(f, "%sv%d", i ? "," : "", i);
	fprintf(f, "}\nTIMELINE R\n  ACTIONS\n    V(a: site, b: site): [1,2]\n    W(a: site, b: site): [1,2]\n"
	        "  TRANSITIONS\n    V(_,_) -> W(_,_)\n    W(_,_) -> V(_,_)\nEND R\nINITIAL-STATE\n  |-> R.V(v0,v0)\n"
	        "GOALS\n  R.W(v1,v1)\nCONSTRAINTS\n");
	for (int i = 0; i < ncons; i++)
		fprintf(f, "  V(x,y).end < W(x,y).start\n");
	fprintf(f, "END p\n");
	fclose(f);
	return buf;
}

/* fuzz_anml: one constraint over two variables of a 64-value type has
 * 4,096 instances, each tested on every transition of 4,096 parameter
 * choices: 2.2 GB of Promela from 400 bytes, and a timeout.  The writer
 * now stops at its size and work limits (an error at the instance), and
 * all constraints together have at most 4,096 instances. */
static void test_anml_constraint_instances_bounded(void)
{
	anml_model m;
	anml_err err;
	char *text = quadratic_model(64, 1);
	CHECK(anml_parse("q.anml", text, &m, &err) == 0);
	CHECK(anml_resolve(&m, &err) == 0);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	CHECK(anml_write_promela_max(out, &m, 10, (size_t) 4 << 20, &err) != 0);
	fclose(out);
	CHECK(strstr(err.msg, "q.anml:4:10: the Promela for instance R would be too large") != NULL);
	free(buf);
	anml_free(&m);
	free(text);

	/* a small type: within the limits, translated */
	text = quadratic_model(4, 3);
	CHECK(anml_parse("q.anml", text, &m, &err) == 0);
	CHECK(anml_resolve(&m, &err) == 0);
	buf = NULL;
	out = open_memstream(&buf, &len);
	CHECK(anml_write_promela_max(out, &m, 10, (size_t) 4 << 20, &err) == 0);
	fclose(out);
	CHECK(buf && strstr(buf, "proctype") != NULL);
	free(buf);
	anml_free(&m);
	free(text);

	/* two such constraints: 8,192 instances in all, refused at the second */
	text = quadratic_model(64, 2);
	CHECK(anml_parse("q.anml", text, &m, &err) == 0);
	CHECK(anml_resolve(&m, &err) != 0);
	CHECK(strstr(err.msg, "q.anml:18:3: the constraints' variables have more than 4096 combinations") != NULL);
	anml_free(&m);
	free(text);
}

/* text of n copies of a, then mid, then n copies of b */
static char *repeat3(const char *a, int n, const char *mid, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), lm = strlen(mid);
	char *s = malloc((size_t) n * (la + lb) + lm + 1), *p = s;
	for (int i = 0; i < n; i++, p += la)
		memcpy(p, a, la);
	memcpy(p, mid, lm);
	p += lm;
	for (int i = 0; i < n; i++, p += lb)
		memcpy(p, b, lb);
	*p = 0;
	return s;
}

/* fuzz_stmt: 32,000 nested parentheses overflowed the stack of the
 * statement-text parser (model/expr.c), and a chain 1+1+...+1 of
 * 30,000 terms the stack of the evaluation.  Deeper than 1000 levels is
 * now a parse error (the statement is not understood). */
static void test_expr_deep_nesting(void)
{
	char err[256];
	long v = 0;
	fb_reset();
	char *deep = repeat3("(", 32000, "1", ")");
	CHECK(dmc_expr_parse(deep, -1, err, sizeof err) == NULL);
	CHECK(strstr(err, "nested too deeply") != NULL);
	free(deep);
	char *chain = repeat3("1+", 30000, "1", "");
	CHECK(dmc_expr_parse(chain, -1, err, sizeof err) == NULL);
	free(chain);
	/* what SPIN writes nests far less: still parsed and evaluated */
	char *ok = repeat3("(", 400, "2", "+1)");
	dmc_expr *e = dmc_expr_parse(ok, -1, err, sizeof err);
	CHECK(e != NULL);
	CHECK(e && dmc_expr_eval(e, dmc_view_now(), 0, &v) == 0 && v == 402);
	dmc_expr_free(e);
	free(ok);
}

CHECK_MAIN("fuzz_found",
	CASE(test_expr_deep_nesting),
	CASE(test_anml_duration_intmax),
	CASE(test_anml_constraint_instances_bounded),
	CASE(test_xta_nested_for_bounded),
	CASE(test_xml_nested_template),
	CASE(test_anml_name_then_big_number))
