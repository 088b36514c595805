// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_uppaal_errors.c -- malformed and unsupported UPPAAL input: every
 * one gives status 2 and a message naming the file and the line.
 */
#include "check.h"
#include "uppaal_helpers.h"

/* translate; expect failure with "FILE:LINE: ..." containing what */
static int fails(const char *file, const char *text, const char *query, int line, const char *what)
{
	up_result r = up_run(file, text, query);
	char prefix[200];
	snprintf(prefix, sizeof prefix, "%s:%d:", file, line);
	/* "FILE:LINE: " or "FILE:LINE:COL: " */
	const char *rest = r.err + strlen(prefix);
	int ok = r.rc == 2 && strncmp(r.err, prefix, strlen(prefix)) == 0 && strstr(r.err, what);
	if (ok && *rest != ' ') {
		while (*rest >= '0' && *rest <= '9')
			rest++;
		ok = rest[0] == ':' && rest[1] == ' ';
	}
	if (!ok)
		fprintf(stderr, "  got rc %d, \"%s\" (wanted %s... %s)\n", r.rc, r.err, prefix, what);
	up_done(&r);
	return ok;
}

#define P_OK "process P() { state a; init a; }\n"

static void test_missing_semicolon(void)
{
	CHECK(fails("e.xta", "int x\nint y;\n" P_OK "system P;\n", NULL, 2, "expected ';', found 'int'"));
}

static void test_unknown_location(void)
{
	CHECK(fails("e.xta", "process P() {\n state a;\n init a;\n trans a -> b { };\n}\nsystem P;\n",
		    NULL, 4, "unknown location 'b'"));
}

static void test_unknown_name(void)
{
	CHECK(fails("e.xta", "process P() {\n state a;\n init a;\n trans a -> a { guard z > 1; };\n}\nsystem P;\n",
		    NULL, 4, "unknown name 'z'"));
}

static void test_unknown_template(void)
{
	CHECK(fails("e.xta", P_OK "\nsystem P, Q;\n", NULL, 3, "unknown template 'Q'"));
}

static void test_no_system_line(void)
{
	CHECK(fails("e.xta", "int x;\n" P_OK, NULL, 3, "no 'system' line"));
}


static void test_function_subset(void)
{
	CHECK(fails("e.xta", "int x;\nvoid f() { switch (x) { } }\n" P_OK "system P;\n", NULL, 2,
		    "'switch' in a function is not supported"));
	CHECK(fails("e.xta", "int x;\nvoid f() { while (x < 2) { x++; break; } }\n" P_OK "system P;\n", NULL, 2,
		    "'break' in a function is not supported"));
	CHECK(fails("e.xta", "int x;\nvoid f() { for (clock i; ; ) x++; }\n" P_OK "system P;\n", NULL, 2,
		    "local variables of functions: only int and bool"));
	CHECK(fails("e.xta", "int x;\nvoid f() { for (k : bool) x++; }\n" P_OK "system P;\n", NULL, 2,
		    "expected a bounded integer range"));
	/* a local's initial value is range-checked like an update */
	up_result r = up_run("e.xta", "int x;\nvoid f() {\n int[0,3] y = 4; }\nprocess P() { state s; init s;\n"
			     " trans s -> s { assign f(); }; }\nsystem P;\n", "E<> P.s");
	CHECK(r.rc == 0 && has(&r, "assert(0 <= 4 && 4 <= 3); dmc_loc0 = 4"));
	up_done(&r);
	CHECK(fails("e.xta", "int x;\nint f() { x++; return x; }\nprocess P() { state s; init s;\n"
		    " trans s -> s { guard f() > 0; }; }\nsystem P;\n", NULL, 2, "not one of its locals"));
	/* a value parameter the function assigns is its own copy, as in UPPAAL */
	r = up_run("e.xta", "int x;\nvoid f(int a) { a = 1; x = a; }\nprocess P() {\n state s;\n init s;\n"
		   " trans s -> s { assign f(x); };\n}\nsystem P;\n", "E<> x == 1");
	CHECK(r.rc == 0 && has(&r, "dmc_arg0 = x; dmc_arg0 = 1;"));
	up_done(&r);
	CHECK(fails("e.xta", "int x;\nint f(int a) { return a; }\nprocess P() {\n state s;\n init s;\n"
		    " trans s -> s { guard f(x, 1) > 0; };\n}\nsystem P;\n", NULL, 6, "2 arguments, the function takes 1"));
	CHECK(fails("e.xta", "int x;\nprocess P() {\n state s;\n init s;\n"
		    " trans s -> s { guard g(x) > 0; };\n}\nsystem P;\n", NULL, 5, "no such function"));
}

static void test_clock_difference_rejected(void)
{
	CHECK(fails("e.xta", "clock x, y;\nprocess P() {\n state a;\n init a;\n trans a -> a { guard x - y < 2; };\n}\nsystem P;\n",
		    NULL, 5, "clock differences"));
}

static void test_clock_vs_variable_rejected(void)
{
	/* an expression without known bounds (division, an unbounded
	 * function); a bounded one is read (the clock counts up to it) */
	CHECK(fails("e.xta", "clock x;\nint n;\nprocess P() {\n state a {x <= n / 2};\n init a;\n}\nsystem P;\n",
		    NULL, 4, "compared with a constant or a bounded expression"));
	CHECK(fails("e.xta", "clock x;\nint n;\nint f() { return n; }\nprocess P() {\n state a {x <= f()};\n init a;\n}\n"
		    "system P;\n", NULL, 5, "compared with a constant or a bounded expression"));
	up_result r = up_run("e.xta", "clock x;\nint[0,4] n;\nprocess P() {\n state a {x <= n + 1};\n init a;\n}\n"
			     "system P;\n", "E<> P.a");
	CHECK(r.rc == 0 && has(&r, "stops at 6"));
	up_done(&r);
}

static void test_bad_argument_count(void)
{
	CHECK(fails("e.xta", "process P(const int k) { state a; init a; }\nA = P(1, 2);\nsystem A;\n", NULL, 2,
		    "takes 1 arguments, 2 given"));
}

static void test_open_parameter_unbounded(void)
{
	CHECK(fails("e.xta", "process P(const int k) { state a; init a; }\nsystem P;\n", NULL, 2,
		    "not a bounded int"));
}

static void test_constant_needed(void)
{
	CHECK(fails("e.xta", "int n = 2;\nint a[n];\n" P_OK "system P;\n", NULL, 2, "not a constant expression"));
}

static void test_unterminated_comment(void)
{
	CHECK(fails("e.xta", "int x;\n/* oops\n" P_OK "system P;\n", NULL, 2, "unterminated comment"));
}

static void test_bad_character(void)
{
	CHECK(fails("e.xta", "int x;\nint y @ 3;\n", NULL, 2, "unexpected character '@'"));
}

static void test_array_dimensions(void)
{
	CHECK(fails("e.xta", "int a[2][3];\nprocess P() { state s; init s;\n trans s -> s { assign a[1] = 0; }; }\nsystem P;\n",
		    NULL, 3, "one index per dimension"));
	CHECK(fails("e.xta", "chan c[2][2];\nprocess P() { state s; init s;\n trans s -> s { sync c[1]!; }; }\nsystem P;\n",
		    NULL, 3, "one index per dimension"));
	CHECK(fails("e.xta", "int a[70][70];\n" P_OK "system P;\n", NULL, 1, "more than 4096"));
	CHECK(fails("e.xta", "int a[2] = {{1, 2}, {3, 4}};\n" P_OK "system P;\n", NULL, 1, "nested deeper"));
}

/* the extended language's errors name file, line and column */
static void test_language_errors(void)
{
	/* a local array in a function with a result */
	CHECK(fails("e.xta", "int f() { int a[2]; return 0; }\nprocess P() { state s; init s;\n"
		    " trans s -> s { guard f() == 0; }; }\nsystem P;\n", NULL, 1, "local arrays"));
	/* a function with a result that changes a global */
	CHECK(fails("e.xta", "int g;\nint f() { g = 1; return 0; }\nprocess P() { state s; init s;\n"
		    " trans s -> s { guard f() == 0; }; }\nsystem P;\n", NULL, 2, "not one of its locals"));
	/* falls off its end */
	CHECK(fails("e.xta", "int g;\nint f() { if (g > 0) return 1; }\nprocess P() { state s; init s;\n"
		    " trans s -> s { guard f() == 0; }; }\nsystem P;\n", NULL, 2, "can end without returning"));
	/* a quantifier over something that is not a range */
	CHECK(fails("e.xta", "int g;\nprocess P() { state s; init s;\n trans s -> s { guard forall (i : g) i > 0; }; }\n"
		    "system P;\n", NULL, 3, "not a bounded int type"));
	/* deadlock under another operator */
	up_result r = up_run("e.xta", P_OK "system P;\n", "E<> P.a && deadlock");
	CHECK(r.rc == 2 && strstr(r.err, "'E<> deadlock' only"));
	up_done(&r);
	/* an initial value outside the range */
	CHECK(fails("e.xta", "int[0,3] v = 4;\n" P_OK "system P;\n", NULL, 1, "outside its range [0,3]"));
}

static void test_structs(void)
{
	CHECK(fails("e.xta", "struct { int a; bool b; } s[2] = {{1, true}};\n" P_OK "system P;\n", NULL, 1,
		    "one value per field (2) of every struct"));
	CHECK(fails("e.xta", "struct { int a[2]; } s[2][2];\n" P_OK "system P;\n", NULL, 1,
		    "an array field of an array of structs"));
	/* different initial values per element: a Promela initialiser list */
	up_result r = up_run("e.xta", "struct { int a; } s[2] = {{1}, {2}};\n" P_OK "system P;\n", NULL);
	CHECK(r.rc == 0 && has(&r, "s_a[2] = { 1, 2 };"));
	up_done(&r);
	CHECK(fails("e.xta", "struct { int[0,1] a; } s[2] = {{1}, {2}};\n" P_OK "system P;\n", NULL, 1,
		    "initial value 2 (element 1) is outside its range [0,1]"));
	CHECK(fails("e.xta", "struct {\n clock c; } s;\n" P_OK "system P;\n", NULL, 2, "only int and bool"));
	CHECK(fails("e.xta", "struct { int a; bool b; } s = {1};\n" P_OK "system P;\n", NULL, 1, "one value per field"));
	CHECK(fails("e.xta", "typedef struct { int a; } S;\nS s;\nvoid f(S x) { x.a = 1; }\n"
		    "process P() { state q; init q; trans q -> q { assign f(s); }; }\nsystem P;\n", NULL, 4,
		    "passed by reference"));
}

static void test_bad_query(void)
{
	CHECK(fails("--target", P_OK "system P;\n", "A[] P.a --> P.a", 1, "'-->' stands alone (p --> q)"));
	CHECK(fails("--target", P_OK "system P;\n", "P.a --> deadlock", 1, "'E<> deadlock' only"));
	CHECK(fails("--target", P_OK "system P;\n", "A<> (P.a ? 1 : 0)", 1, "conditional expression"));
	CHECK(fails("--target", P_OK "system P;\n", "P.a --> (P.a", 1, "expected ')'"));
	CHECK(fails("--target", P_OK "system P;\n", "E<> P.a && deadlock", 1, "'E<> deadlock' only"));
	CHECK(fails("--target", P_OK "system P;\n", "E<> P.zz", 1, "neither a location nor a variable"));
	CHECK(fails("--target", P_OK "system P;\n", "E<> (P.a", 1, "expected ')'"));
	CHECK(fails("--target", P_OK "system P;\n", "P.a", 1, "expected 'E<>', 'A[]', 'A<>', 'E[]' or 'p --> q'"));
}

static void test_assignment_in_guard(void)
{
	CHECK(fails("e.xta", "int x;\nprocess P() {\n state a;\n init a;\n trans a -> a { guard x = 1; };\n}\nsystem P;\n",
		    NULL, 5, "expected ';', found '='"));
}

static void test_reserved_process_name(void)
{
	CHECK(fails("e.xta", "int Q;\nprocess P() { state a; init a; }\nQ = P();\nsystem Q;\n", NULL, 3,
		    "also a global name"));
}

/* UPPAAL 3.x parameter lists, malformed */
static void test_bad_parameter_lists(void)
{
	CHECK(fails("e.xta", "process P(const a; ) { state q; init q; }\nsystem P;\n", NULL, 1, "expected a type"));
	CHECK(fails("e.xta", "process P(const a,) { state q; init q; }\nsystem P;\n", NULL, 1, "expected a name"));
	CHECK(fails("e.xta", "process P(const a b) { state q; init q; }\nsystem P;\n", NULL, 1,
		    "expected ',', ';' or ')', found 'b'"));
	CHECK(fails("e.xta", "process P(const a;\n int x = 1) { state q; init q; }\nsystem P;\n", NULL, 2,
		    "parameter 'x': defaults are not supported"));
	CHECK(fails("e.xta", "process P(int a[2]) { state q; init q; }\nsystem P;\n", NULL, 1,
		    "parameter 'a': arrays by value are not supported"));
}

/* deadlock other than A[] not deadlock / E<> deadlock: an error at the
 * keyword (never an answer) */
static void test_deadlock_elsewhere(void)
{
	static const char *const q[] = { "E<> not deadlock", "A[] deadlock", "E<> P.a && deadlock",
		"A[] P.a imply !deadlock", "P.a --> deadlock", "A<> deadlock", NULL };
	static const int col[] = { 9, 5, 12, 16, 9, 5 };
	for (int i = 0; q[i]; i++) {
		up_result r = up_run("e.xta", P_OK "system P;\n", q[i]);
		char want[64];
		snprintf(want, sizeof want, "--target:1:%d: query '", col[i]);
		CHECK(r.rc == 2 && strncmp(r.err, want, strlen(want)) == 0
		      && strstr(r.err, "'deadlock' here is not supported: dmc checks 'A[] not deadlock' and 'E<> deadlock' only"));
		if (r.rc != 2 || strncmp(r.err, want, strlen(want)) != 0)
			fprintf(stderr, "  %s: %s\n", q[i], r.err);
		up_done(&r);
	}
	up_result r = up_run("e.xta", P_OK "system P;\n", "A[] not deadlock");
	CHECK_EQ_LONG(r.rc, 0);
	up_done(&r);
}

/* clock arrays: an index known only at run time in an invariant (on an
 * edge it is a select: uppaal_rtindex.c) or changed by an earlier update,
 * two dimensions, the array as a whole */
static void test_clock_array_errors(void)
{
	CHECK(fails("e.xta", "int j;\nclock x[2];\nprocess P() { state a {x[j] <= 1}; init a; }\n"
		    "system P;\n", NULL, 3, "clock array 'x': the index must be a constant"));
	CHECK(fails("e.xta", "int j;\nclock x[2];\nprocess P() { state a; init a; trans a -> a { assign j++, x[j] = 0; }; }\n"
		    "system P;\n", NULL, 3, "an earlier update of the edge may change it"));
	up_result r = up_run("e.xta", "int[0,1] j;\nclock x[2];\nprocess P() { state a; init a; trans a -> a "
			     "{ guard x[j] >= 1; assign x[j] = 0, j = 1 - j; }; }\nsystem P;\n", "E<> P.a");
	CHECK_EQ_LONG(r.rc, 0);
	up_done(&r);
	CHECK(fails("e.xta", "clock x[2][2];\n" P_OK "system P;\n", NULL, 1, "more than one dimension"));
	CHECK(fails("e.xta", "clock x[2];\nprocess P() { state a; init a; trans a -> a { guard x >= 1; }; }\nsystem P;\n",
		    NULL, 2, "a clock array is compared as a whole"));
	CHECK(fails("e.xta", "clock x[2];\nprocess P() { state a; init a; trans a -> a { assign x = 0; }; }\nsystem P;\n",
		    NULL, 2, "a clock array is reset as a whole"));
	CHECK(fails("e.xta", "clock x[2];\nprocess P() { state a; init a; trans a -> a { guard x[2] >= 1; }; }\nsystem P;\n",
		    NULL, 2, "index 2 of 'x' is outside the array"));
	CHECK(fails("e.xta", "clock x[2];\nint v;\nprocess P() { state a; init a; trans a -> a { assign v = x[0]; }; }\nsystem P;\n",
		    NULL, 3, "used outside a comparison"));
}

static void test_xml_syntax_error(void)
{
	CHECK(fails("e.xml", "<nta>\n<declaration>int x;</declaration>\n<template>\n</nta>\n", NULL, 4, "XML: mismatched tag"));
}

static void test_xml_bad_label(void)
{
	CHECK(fails("e.xml",
		"<nta>\n<template><name>T</name>\n<location id=\"a\"/>\n<init ref=\"a\"/>\n"
		"<transition><source ref=\"a\"/><target ref=\"a\"/>\n"
		"<label kind=\"guard\">x &gt;</label></transition>\n"
		"</template>\n<system>system T;</system>\n</nta>\n", NULL, 6, "expected an expression"));
}

static void test_xml_unknown_ref(void)
{
	CHECK(fails("e.xml",
		"<nta>\n<template><name>T</name>\n<location id=\"a\"/>\n<init ref=\"a\"/>\n"
		"<transition><source ref=\"a\"/><target ref=\"q\"/></transition>\n"
		"</template>\n<system>system T;</system>\n</nta>\n", NULL, 5, "unknown target location"));
}

/* branchpoints: a branch into another branchpoint, a synchronisation on
 * both the transition into a branchpoint and a branch, a branchpoint
 * nothing leaves, a weight of 0 */
static void test_xml_branchpoints(void)
{
#define BP_HEAD "<nta>\n<declaration>chan c;</declaration><template><name>T</name>\n" \
	"<location id=\"a\"/><location id=\"b\"/><branchpoint id=\"p\"/><branchpoint id=\"q\"/>\n<init ref=\"a\"/>\n"
#define BP_TAIL "</template>\n<system>system T;</system>\n</nta>\n"
	CHECK(fails("e.xml", BP_HEAD "<transition><source ref=\"a\"/><target ref=\"p\"/></transition>\n"
		    "<transition><source ref=\"p\"/><target ref=\"q\"/></transition>\n" BP_TAIL, NULL, 6,
		    "a transition from a branchpoint to a branchpoint"));
	CHECK(fails("e.xml", BP_HEAD "<transition><source ref=\"a\"/><target ref=\"p\"/><label kind=\"synchronisation\">c!</label></transition>\n"
		    "<transition><source ref=\"p\"/><target ref=\"b\"/><label kind=\"synchronisation\">c?</label></transition>\n"
		    BP_TAIL, NULL, 6, "one synchronisation per step"));
	CHECK(fails("e.xml", BP_HEAD "<transition><source ref=\"a\"/><target ref=\"p\"/></transition>\n" BP_TAIL, NULL, 5,
		    "a transition into a branchpoint that has no branch"));
	CHECK(fails("e.xml", BP_HEAD "<transition><source ref=\"a\"/><target ref=\"p\"/></transition>\n"
		    "<transition><source ref=\"p\"/><target ref=\"b\"/><label kind=\"probability\">w</label></transition>\n"
		    BP_TAIL, NULL, 6, "branch weight 'w': only positive numbers"));
#undef BP_HEAD
#undef BP_TAIL
}

/* channel priorities, return; in void functions, rates, doubles: what
 * is read, and the errors with their lines */
static void test_priorities_returns_doubles(void)
{
	up_result r = up_run("e.xta", "chan a, b;\nchan priority a < default < b;\n"
			     "process P() { state s, t; init s; trans s -> t { sync b!; }, s -> t { }; }\n"
			     "process Q() { state s; init s; trans s -> s { sync b?; }; }\nsystem P, Q;\n", NULL);
	CHECK(r.rc == 0 && has(&r, "#define dmc_hi1 ((loc_P == 0 && (1) && (loc_Q == 0 && (1))))")
	      && has(&r, "{ (1) && !dmc_hi1 ->"));
	up_done(&r);
	CHECK(fails("e.xta", "chan a;\nchan priority a <\n zz;\n" P_OK "system P;\n", NULL, 3, "'zz' is not a global channel"));
	CHECK(fails("e.xta", "int v;\nvoid f() {\n while (v < 2) { v++; return; } }\n"
		    "process P() { state a; init a; trans a -> a { assign f(); }; }\nsystem P;\n", NULL, 3,
		    "'return' inside a loop"));
	CHECK(fails("e.xta", "int v;\nvoid f() {\n return v; }\n"
		    "process P() { state a; init a; trans a -> a { assign f(); }; }\nsystem P;\n", NULL, 3,
		    "'return' with a value in a void function"));
	CHECK(fails("e.xta", "const double D = 2.5;\nint v;\n"
		    "process P() { state a; init a; trans a -> a { assign v = D; }; }\nsystem P;\n", NULL, 3,
		    "'D' is a 'const double'"));
	CHECK(fails("e.xta", "int v;\nprocess P() { state a; init a; trans a -> a {\n assign v = 1.25; }; }\nsystem P;\n",
		    NULL, 3, "'1.25': double values are not supported"));
	CHECK(fails("e.xta", "process P() { clock x; state a { x <= 1 &&\n x' == 2 }; init a; }\nsystem P;\n",
		    NULL, 2, "a clock rate of 2"));
	r = up_run("e.xta", "process P() { clock x; state a { x <= 2.25 }; init a; }\nsystem P;\n", NULL);
	CHECK(r.rc == 0 && has(&r, "time scale: 4 steps") && has(&r, "x <= 9"));
	up_done(&r);
}

static void test_declared_twice(void)
{
	CHECK(fails("e.xta", "int y;\nint y;\n" P_OK "system P;\n", NULL, 2,
		    "'y' is declared twice in the same scope (the global declarations)"));
	CHECK(fails("e.xta", "process P() {\n clock x;\n clock x;\n state a; init a; }\nsystem P;\n", NULL, 3,
		    "'x' is declared twice in the same scope (a template's"));
	CHECK(fails("e.xta", "process P(const int k) {\n int k;\n state a; init a; }\nP1 = P(1);\nsystem P1;\n",
		    NULL, 2, "'k' is declared twice"));
	/* a local may hide a global */
	up_result r = up_run("e.xta", "int x;\nprocess P() { int x; state a; init a; }\nsystem P;\n", NULL);
	CHECK(r.rc == 0);
	up_done(&r);
}

static void test_many_instances_local_clocks(void)
{
	/* each instance's local clock is live where its template reads it:
	 * computed once per template, the same translation */
	up_result r = up_run("e.xta", "typedef int[1,200] id_t;\nint[0,200] id;\n"
			     "process P(const id_t pid) { clock x; state a, b {x <= 2}, c; init a;\n"
			     " trans a -> b { guard id == 0; assign x = 0; }, b -> c { guard x <= 2; assign id = pid; },\n"
			     " c -> a { assign id = 0; }; }\nsystem P;\n", NULL);
	CHECK(r.rc == 0 && has(&r, "id = 200; P_200_x = 0; loc_P_200 = 2;")
	      && has(&r, "((P_200_x < 3 && (0 || loc_P_200 == 1)) -> P_200_x + 1 : P_200_x)"));
	up_done(&r);
}

CHECK_MAIN("uppaal_errors",
	CASE(test_declared_twice),
	CASE(test_many_instances_local_clocks),
	CASE(test_missing_semicolon),
	CASE(test_unknown_location),
	CASE(test_unknown_name),
	CASE(test_unknown_template),
	CASE(test_no_system_line),
	CASE(test_function_subset),
	CASE(test_clock_difference_rejected),
	CASE(test_clock_vs_variable_rejected),
	CASE(test_bad_argument_count),
	CASE(test_open_parameter_unbounded),
	CASE(test_constant_needed),
	CASE(test_unterminated_comment),
	CASE(test_bad_character),
	CASE(test_bad_query), CASE(test_array_dimensions), CASE(test_language_errors), CASE(test_structs),
	CASE(test_assignment_in_guard),
	CASE(test_reserved_process_name),
	CASE(test_bad_parameter_lists),
	CASE(test_deadlock_elsewhere),
	CASE(test_clock_array_errors),
	CASE(test_xml_syntax_error),
	CASE(test_xml_bad_label),
	CASE(test_xml_unknown_ref),
	CASE(test_xml_branchpoints),
	CASE(test_priorities_returns_doubles))
