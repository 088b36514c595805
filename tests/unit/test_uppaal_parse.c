// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_uppaal_parse.c -- the UPPAAL translator's parsers, one test per
 * construct of the supported subset (XTA and XML), checked on the
 * Promela they produce.
 */
#include "check.h"
#include "uppaal_helpers.h"

static const char *two_procs =
	"const int N = 2;\n"
	"typedef int[1,N] id_t;\n"
	"int[0,N] id;\n"
	"bool flag = true;\n"
	"int a[3] = {4, 4, 4};\n"
	"process P(const id_t i) {\n"
	"  clock x;\n"
	"  int[0,5] n = 1;\n"
	"  state A, B {x <= 3}, C;\n"
	"  commit C;\n"
	"  init A;\n"
	"  trans A -> B { guard id == 0 && flag; assign x = 0, id = i; },\n"
	"        B -> C { guard x >= 2; assign n += 2, a[i] = n; },\n"
	"        C -> A { assign id = 0; };\n"
	"}\n"
	"system P;\n";

static void test_globals_and_types(void)
{
	up_result r = up_run("m.xta", two_procs, NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "byte id;"));
	CHECK(has(&r, "bool flag = 1;"));
	CHECK(has(&r, "short a[3] = 4;"));
	CHECK(has(&r, "byte P_1_n = 1;"));     /* template local, per instance */
	CHECK(has(&r, "byte P_2_n = 1;"));
	up_done(&r);
}

static void test_partial_instantiation_enumerates(void)
{
	up_result r = up_run("m.xta", two_procs, NULL);
	CHECK(has(&r, "active proctype P_1()"));
	CHECK(has(&r, "active proctype P_2()"));
	CHECK(!has(&r, "P_3"));
	/* the parameter i is replaced by its value */
	CHECK(has(&r, "id = 2;"));
	CHECK(has(&r, "a[2] = P_2_n"));
	up_done(&r);
}

static void test_locations_labels_and_comments(void)
{
	up_result r = up_run("m.xta", two_procs, NULL);
	CHECK(has(&r, "at_A:"));
	CHECK(has(&r, "at_B:\t/* location B, invariant (x <= 3) */"));
	CHECK(has(&r, "/* edge P(1): A -> B (m.xta:12) */"));
	CHECK(has(&r, "byte loc_P_1 = 0;\t/* location of P(1): 0=A 1=B 2=C */"));
	up_done(&r);
}

static void test_committed_locations(void)
{
	up_result r = up_run("m.xta", two_procs, NULL);
	CHECK(has(&r, "byte ncommit = 0;"));
	/* entering C counts, leaving it uncounts; other edges wait for 0 */
	CHECK(has(&r, "ncommit = ncommit + 1"));
	CHECK(has(&r, "ncommit = ncommit - 1"));
	CHECK(has(&r, "&& ncommit == 0 ->"));
	up_done(&r);
}

static void test_clock_cap_and_tick(void)
{
	up_result r = up_run("m.xta", two_procs, NULL);
	/* largest constant 3 (the invariant): the clock stops at 4 */
	CHECK(has(&r, "clock P(1).x, stops at 4"));
	CHECK(has(&r, "active proctype Tick()"));
	/* one time unit is one rendezvous: every clock's next value in one message */
	CHECK(has(&r, "chan dmc_tick = [0] of { bit, byte, byte };"));
	CHECK(has(&r, "active proctype Clock()"));
	/* a delay of up to the cap (4) is one step; the invariant d units later */
	CHECK(has(&r, ":: /* delay 1 */ dmc_tick!((1"));
	CHECK(has(&r, ":: /* delay 4 */ dmc_tick!((1"));
	CHECK(!has(&r, "/* delay 5 */"));
	CHECK(has(&r, "(loc_P_1 != 1 || ((P_1_x + 3) <= 3))"));
	CHECK(has(&r, "((1 && (0 || loc_P_1 == 1)) -> (P_1_x + 3 < 4 -> P_1_x + 3 : 4) : P_1_x)"));
	CHECK(has(&r, ":: dmc_tick?1, P_1_x, P_2_x\n"));
	CHECK(has(&r, "(loc_P_1 != 1 || ((P_1_x + 1) <= 3))"));
	/* the target invariant, with the reset applied, guards A -> B */
	CHECK(has(&r, "(0 <= 3)"));
	up_done(&r);
}

static void test_inactive_clock_reduction(void)
{
	up_result r = up_run("m.xta", two_procs, NULL);
	/* x is read in B only: it advances there, and is zeroed entering C */
	CHECK(has(&r, "((P_1_x < 4 && (0 || loc_P_1 == 1)) -> P_1_x + 1 : P_1_x)"));
	CHECK(has(&r, "P_1_x = 0; ncommit = ncommit + 1; loc_P_1 = 2"));
	up_done(&r);
}

static void test_query_exists(void)
{
	up_result r = up_run("m.xta", two_procs, "E<> P(1).C && P(2).B");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "assert(!(((loc_P_1 == 2) && (loc_P_2 == 1))))"));
	up_done(&r);
}

static void test_query_forall(void)
{
	up_result r = up_run("m.xta", two_procs, "A[] not (id == 1 and P(1).x > 2)");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "assert(((!((id == 1) && (P_1_x > 2)))))"));
	up_done(&r);
}

/* A<>, E[] and --> become an ltl formula; the edges' updates a d_step,
 * so that the never claim sees no state halfway through an edge */
static void test_query_liveness(void)
{
	up_result r = up_run("m.xta", two_procs, "A<> P(1).C");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "ltl dmc_query { <> ((loc_P_1 == 2)) }"));
	CHECK(has(&r, "is a counterexample */"));
	CHECK(has(&r, "-> d_step { P_1_x = 0;"));
	CHECK(!has(&r, "proctype Monitor"));
	up_done(&r);
	r = up_run("m.xta", two_procs, "E[] id == 0");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "ltl dmc_query { <> !((id == 0)) }"));
	CHECK(has(&r, "is a witness */"));
	up_done(&r);
	r = up_run("m.xta", two_procs, "P(1).B --> P(1).x > 2");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "ltl dmc_query { [] (!((loc_P_1 == 1)) || <> ((P_1_x > 2))) }"));
	CHECK(has(&r, "clock P(1).x, stops at 4"));    /* the query's constant counts */
	up_done(&r);
	/* safety queries keep plain atomic edges */
	r = up_run("m.xta", two_procs, "E<> P(1).C");
	CHECK(!has(&r, "d_step"));
	up_done(&r);
}

static void test_query_clock_constant_raises_cap(void)
{
	/* the model compares x with 3 at most; the query with 7 */
	up_result r = up_run("m.xta", two_procs, "E<> P(1).x == 7");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "clock P(1).x, stops at 8"));
	CHECK(has(&r, "clock P(2).x, stops at 4"));
	up_done(&r);
}

static void test_query_file_comments(void)
{
	up_model m;
	up_ctx c;
	jmp_buf jb;
	memset(&c, 0, sizeof c);
	memset(&m, 0, sizeof m);
	m.c = &c;
	c.on_error = &jb;
	if (setjmp(jb) == 0) {
		up_query *q = up_read_query_file(&m, "// the property\n/* two\nlines */\n\nA[] x < 3\nE<> y\n", "q.q");
		CHECK_EQ_LONG(q->kind, 'A');
		CHECK_EQ_LONG(q->line, 5);
		CHECK_STR(q->text, "A[] x < 3");
	} else {
		CHECK(0);
	}
	up_ctx_free(&c);
}

/* a backslash at the end of a line continues the query (verifyta's
 * .q files); lines and columns stay the file's */
static void test_query_file_continuation(void)
{
	up_model m;
	up_ctx c;
	jmp_buf jb;
	memset(&c, 0, sizeof c);
	memset(&m, 0, sizeof m);
	m.c = &c;
	c.on_error = &jb;
	if (setjmp(jb) == 0) {
		up_vec v = { 0 };
		up_split_query_file(&m, "// first\nE<> P.a \\\n  && P.b \\ \r\n  && n == 1 /* c */\n"
				    "A[] \\\n n <= 2\n/* x\n */ E<> P.b \\\n && x y\nE<> z \\", "q.q", &v);
		CHECK_EQ_LONG(v.n, 4);
		const up_query_src *q = v.v[0];
		CHECK_EQ_LONG(q->line, 2);
		CHECK_EQ_LONG(q->col, 1);
		up_query *pq = up_parse_query_at(&m, q->text, q->file, q->line, q->col);
		CHECK_STR(pq->text, "E<> (P.a && P.b) && (n == 1)");
		q = v.v[1];
		CHECK_EQ_LONG(q->line, 5);
		pq = up_parse_query_at(&m, q->text, q->file, q->line, q->col);
		CHECK_STR(pq->text, "A[] n <= 2");
		q = v.v[2];
		CHECK_EQ_LONG(q->line, 8);
		CHECK_EQ_LONG(q->col, 5);
		q = v.v[3];
		CHECK_EQ_LONG(q->line, 10);
		pq = up_parse_query_at(&m, q->text, q->file, q->line, q->col);
		CHECK_STR(pq->text, "E<> z");
		/* an error in a continued line names that line */
		char why[512];
		CHECK(up_try_query(&m, v.v[2], why, sizeof why) == NULL);
		CHECK(strstr(why, "q.q:9:7: expected the end of the query, found 'y'") != NULL);
	} else {
		CHECK(0);
	}
	up_ctx_free(&c);
}

/* instances named like Promela keywords or names SPIN reserves get a
 * Promela name of their own; their comments (which the trail reads)
 * keep the model's names */
static void test_keyword_instance_names(void)
{
	static const char *const names[] = { "exit", "run", "init", "len", "timeout", "np_", "pc_value",
		"enabled", "skip", "printf", "Tick", "Monitor", "loc", "dmc", "v", "at", NULL };
	for (int i = 0; names[i]; i++) {
		char text[512], query[128], want[128];
		snprintf(text, sizeof text, "process P() { int n; state a, b; init a; trans a -> b { assign n = 1; }; }\n"
			 "%s = P();\nsystem %s;\n", names[i], names[i]);
		snprintf(query, sizeof query, "E<> %s.b && %s.n == 1", names[i], names[i]);
		up_result r = up_run("m.xta", text, query);
		CHECK_EQ_LONG(r.rc, 0);
		snprintf(want, sizeof want, "active proctype v_%s()\t/* %s, template P", names[i], names[i]);
		CHECK(has(&r, want));
		snprintf(want, sizeof want, "byte loc_v_%s = 0;\t/* location of %s: 0=a 1=b */", names[i], names[i]);
		CHECK(has(&r, want));
		snprintf(want, sizeof want, "short v_%s_n;\t/* %s.n in", names[i], names[i]);
		CHECK(has(&r, want));
		snprintf(want, sizeof want, "((loc_v_%s == 1) && (v_%s_n == 1))", names[i], names[i]);
		CHECK(has(&r, want));
		up_done(&r);
	}
	/* a bare template named so, and its enumerated instances */
	up_result r = up_run("m.xta", "process run(const int[0,1] i) { state a; init a; }\n"
			     "process len() { state a; init a; }\nsystem run, len;\n", "E<> run(1).a && len.a");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "active proctype run_0()") && has(&r, "active proctype run_1()"));
	CHECK(has(&r, "active proctype v_len()"));
	up_done(&r);
}

/* names joined with '_' may meet (global A_x and A's local x; an
 * enumerated P(1) and an instance P_1); the later one gets a suffix */
static void test_promela_names_unique(void)
{
	up_result r = up_run("m.xta", "int A_x;\nint loc_B;\nint P_1_2;\n"
			     "process A() { int x; state a; init a; trans a -> a { assign x = 1, A_x = 2; }; }\n"
			     "process P(const int[1,1] i) { state a; init a; }\nP_1 = A();\nB = A();\n"
			     "system A, P, P_1, B;\n", "E<> A.x == 1 && A_x == 2 && P_1.x == 1");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "short A_x;\t/* A_x in"));
	CHECK(has(&r, "short A_x_2;\t/* A.x in"));
	CHECK(has(&r, "short v_loc_B;\t/* loc_B in"));
	CHECK(has(&r, "active proctype P_1()\t/* P(1), template P"));
	CHECK(has(&r, "active proctype P_1_2()\t/* P_1, template A"));
	CHECK(has(&r, "byte loc_P_1_2 = 0;\t/* location of P_1:"));
	/* the global P_1_2 meets the instance's new name (instances first) */
	CHECK(has(&r, "short P_1_2_2;\t/* P_1_2 in"));
	CHECK(has(&r, "short P_1_x;\t/* P_1.x in"));
	CHECK(has(&r, "A_x_2 = 1"));
	CHECK(has(&r, "(A_x_2 == 1) && (A_x == 2)"));
	up_done(&r);
}

static const char *sync_model =
	"chan c[2];\n"
	"urgent chan u;\n"
	"int v;\n"
	"process S() {\n"
	"  state s0, s1;\n"
	"  urgent s1;\n"
	"  init s0;\n"
	"  trans s0 -> s1 { select i : int[0,1]; sync c[i]!; assign v = i; },\n"
	"        s1 -> s0 { sync u!; };\n"
	"}\n"
	"process R(int &w) {\n"
	"  clock y;\n"
	"  state r0;\n"
	"  init r0;\n"
	"  trans r0 -> r0 { sync c[1]?; assign w = w + 10; },\n"
	"        r0 -> r0 { guard y >= 1; sync u?; assign y = 0; };\n"
	"}\n"
	"Rv = R(v);\n"
	"system S, Rv;\n";

static void test_select_expands(void)
{
	up_result r = up_run("s.xta", sync_model, NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "/* edge S: s0 -> s1 [i=0] c[i]! (s.xta:8) */"));
	CHECK(has(&r, "/* edge S: s0 -> s1 [i=1] c[i]! (s.xta:8) */"));
	CHECK(has(&r, "c[0]?dmc_eid"));
	CHECK(has(&r, "c[1]?dmc_eid"));
	up_done(&r);
}

static void test_binary_sync_and_reference_parameter(void)
{
	up_result r = up_run("s.xta", sync_model, NULL);
	CHECK(has(&r, "chan c[2] = [0] of { byte, bit, bit };"));
	/* the receiver offers its edge id; the sender runs both updates */
	CHECK(has(&r, ":: c[1]!1, ((1) -> 1 : 0), 1 -> goto at_r0"));
	CHECK(has(&r, ":: dmc_eid == 1 && loc_Rv == 0 -> assert(-32768 <= (v + 10) && (v + 10) <= 32767); v = (v + 10)"));
	up_done(&r);
}

static void test_urgent_location_and_channel(void)
{
	up_result r = up_run("s.xta", sync_model, NULL);
	CHECK(has(&r, "&& loc_S != 1"));
	CHECK(has(&r, "&& !(loc_S == 1 && loc_Rv == 0 && 1 && (Rv_y >= 1))"));
	/* an urgent synchronisation could become enabled during a longer delay */
	CHECK(!has(&r, "/* delay 2 */"));
	up_done(&r);
}

static void test_strict_constraint_warns(void)
{
	up_result r = up_run("w.xta",
		"process P() { clock x; state a, b; init a; trans a -> b { guard x > 2; }; }\nsystem P;\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK_EQ_LONG(r.nwarn, 1);
	up_done(&r);
}

static const char *xml_model =
	"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	"<!DOCTYPE nta PUBLIC '-//Uppaal Team//DTD Flat System 1.1//EN' 'http://www.it.uu.se/research/group/darts/uppaal/flat-1_2.dtd'>\n"
	"<nta>\n"
	"\t<declaration>int[0,3] n;\nchan go;</declaration>\n"
	"\t<template>\n"
	"\t\t<name x=\"5\" y=\"5\">T</name>\n"
	"\t\t<parameter>const int k</parameter>\n"
	"\t\t<declaration>clock x;</declaration>\n"
	"\t\t<location id=\"id0\" x=\"0\" y=\"0\">\n"
	"\t\t\t<name x=\"-10\" y=\"-34\">idle</name>\n"
	"\t\t\t<label kind=\"invariant\" x=\"0\" y=\"0\">x &lt;= 4</label>\n"
	"\t\t</location>\n"
	"\t\t<location id=\"id1\" x=\"100\" y=\"0\"><committed/></location>\n"
	"\t\t<init ref=\"id0\"/>\n"
	"\t\t<transition>\n"
	"\t\t\t<source ref=\"id0\"/>\n"
	"\t\t\t<target ref=\"id1\"/>\n"
	"\t\t\t<label kind=\"guard\" x=\"0\" y=\"0\">x &gt;= k</label>\n"
	"\t\t\t<label kind=\"synchronisation\" x=\"0\" y=\"0\">go!</label>\n"
	"\t\t\t<label kind=\"assignment\" x=\"0\" y=\"0\">n = k</label>\n"
	"\t\t</transition>\n"
	"\t\t<transition><source ref=\"id1\"/><target ref=\"id0\"/>"
	"<label kind=\"assignment\">x = 0</label></transition>\n"
	"\t</template>\n"
	"\t<template><name>U</name><location id=\"id2\"><name>w</name></location>"
	"<init ref=\"id2\"/><transition><source ref=\"id2\"/><target ref=\"id2\"/>"
	"<label kind=\"synchronisation\">go?</label></transition></template>\n"
	"\t<system>A = T(2);\nsystem A, U;</system>\n"
	"\t<queries><query><formula>E&lt;&gt; n == 2</formula><comment/></query></queries>\n"
	"</nta>\n";

static void test_xml_format(void)
{
	up_result r = up_run("m.xml", xml_model, NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "active proctype A()"));
	CHECK(has(&r, "active proctype U()"));
	CHECK(has(&r, "byte loc_A = 0;\t/* location of A: 0=idle 1=id1 */"));
	CHECK(has(&r, "/* edge A: idle -> id1 go! (m.xml:16) */"));
	/* the parameter k = 2 in the guard; id1 is committed: the sender may go */
	CHECK(has(&r, "go?dmc_eid, eval((((A_x >= 2)) -> 1 : 2)), 1 ->"));
	/* the reset applied to idle's invariant x <= 4 */
	CHECK(has(&r, "(1 && (0 <= 4))"));
	/* the model's own query is the default */
	CHECK(has(&r, "assert(!((n == 2)))"));
	CHECK(has(&r, "clock A.x, stops at 5"));
	up_done(&r);
}

/* UPPAAL 3.x parameter lists: groups separated by ';', names of a group
 * sharing its type, a bare `const NAME` a const int; in XTA and XML */
static void test_old_parameter_lists(void)
{
	up_result r = up_run("m.xta", "int[0,20] t;\nchan c;\n"
		"process P(const id; const d, e; int[0,20] &s) { state a, b; init a;\n"
		"  trans a -> b { assign s := s + id * d + e; }; }\n"
		"process Q(const int[0,1] i, j; chan &x, &y) { state q; init q; trans q -> q { sync x!; }; }\n"
		"process R(int[0,20] &u, &w; const k) { state r; init r; trans r -> r { sync c?; assign w = k; }; }\n"
		"process S(const int[0,1] i, j) { state s; init s; }\n"
		"P1 := P(1, 2, 3, t); Q1 = Q(0, 1, c, c); R1 = R(t, t, 7);\nsystem P1, Q1, R1, S;\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "t = ((t + (1 * 2)) + 3)"));  /* s is t, id 1, d 2, e 3 */
	CHECK(has(&r, "active proctype S_1_1()")); /* j shares i's type int[0,1] */
	CHECK(!has(&r, "S_1_2") && has(&r, "active proctype S_0_0()"));
	CHECK(has(&r, "t = 7"));              /* &w: R(t, t, 7) */
	up_done(&r);
	/* the XML's <parameter> */
	char xml[4096];
	const char *k = strstr(xml_model, "<parameter>const int k</parameter>");
	CHECK(k != NULL);
	if (!k)
		return;
	snprintf(xml, sizeof xml, "%.*s<parameter>const k; const unused</parameter>%s", (int) (k - xml_model), xml_model,
		 k + strlen("<parameter>const int k</parameter>"));
	char *sys = strstr(xml, "A = T(2);");
	CHECK(sys != NULL);
	if (!sys)
		return;
	memcpy(sys, "A=T(2,9);", 9);
	r = up_run("m.xml", xml, NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "go?dmc_eid, eval((((A_x >= 2)) -> 1 : 2)), 1 ->"));
	up_done(&r);
}

/* clock arrays: one clock per element, indexed by constants, template
 * parameters and select values; one cap for all elements */
static void test_clock_arrays(void)
{
	up_result r = up_run("m.xta", "clock t[2];\n"
		"process P(const int[0,1] i) { clock x[2]; state a {t[i] <= 3}, b; init a;\n"
		"  trans a -> b { select k : int[0,1]; guard x[k] >= 1 && t[1 - i] <= 5; assign t[i] = 0, x[0] = 0; }; }\n"
		"system P;\n", "E<> P(1).b && t[0] >= 2");
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "byte t_0;\t/* clock t[0], stops at 6"));
	CHECK(has(&r, "byte t_1;\t/* clock t[1], stops at 6"));
	CHECK(has(&r, "byte P_1_x_1;\t/* clock P(1).x[1], stops at 2"));
	CHECK(has(&r, "(P_0_x_1 >= 1) && (t_1 <= 5)"));
	CHECK(has(&r, "t_0 = 0; P_0_x_0 = 0;"));
	CHECK(has(&r, "(t_0 >= 2)"));
	CHECK(!has(&r, "byte t[") && !has(&r, "-> t[") && !has(&r, "|| ((t["));
	CHECK(has(&r, "assert(!(((loc_P_1 == 1) && (t_0 >= 2))))"));
	up_done(&r);
}

static void test_broadcast(void)
{
	up_result r = up_run("b.xta",
		"broadcast chan b;\nint n;\n"
		"process S() { state s0, s1; init s0; trans s0 -> s1 { sync b!; assign n = 1; }; }\n"
		"process R() { state r0, r1; init r0; trans r0 -> r1 { guard n == 0; sync b?; assign n++; }; }\n"
		"system S, R;\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	/* the receiver's guard is read before the sender's update */
	CHECK(has(&r, "dmc_b0 = (loc_R == 0 && ((n == 0)));\n\t\t n = 1; loc_S = 1;"));
	CHECK(has(&r, ":: dmc_b0 -> assert(-32768 <= (n + 1) && (n + 1) <= 32767); n = (n + 1); loc_R = 1"));
	CHECK(has(&r, ":: else -> skip"));
	/* the receiver is moved by the sender: a loop over loc_R, no labels */
	CHECK(has(&r, "receives broadcasts: its location is loc_R"));
	CHECK(!has(&r, "at_r1:"));
	up_done(&r);
}

static void test_functions_inlined(void)
{
	up_result r = up_run("f.xta",
		"int n; int a[2];\n"
		"int twice(int k) { return 2 * k; }\n"
		"void put(int &dst, int k) { if (k > 0) dst = twice(k); else { dst = 0; n++; } }\n"
		"process P() {\n"
		"  int m;\n"
		"  bool small(int k) { return k < m; }\n"
		"  state s;\n  init s;\n"
		"  trans s -> s { guard small(n + 1); assign put(a[1], n); };\n"
		"}\nsystem P;\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	/* the argument's text replaces the parameter; template functions see locals */
	CHECK(has(&r, "(((n + 1) < P_m))"));
	/* a value argument of a void function is copied first */
	CHECK(has(&r, "int dmc_arg0;"));
	CHECK(has(&r, "dmc_arg0 = n; if :: ((dmc_arg0 > 0)) -> skip; a[1] = ((2 * dmc_arg0)) "
		":: else -> skip; a[1] = 0; assert(-32768 <= (n + 1) && (n + 1) <= 32767); n = (n + 1) fi; dmc_arg0 = 0"));
	up_done(&r);
}

/* an update that may leave the range is checked before the store */
static void test_range_checks(void)
{
	up_result r = up_run("m.xta", two_procs, NULL);
	CHECK(has(&r, "assert(0 <= (P_1_n + 2) && (P_1_n + 2) <= 5); P_1_n = (P_1_n + 2);"));
	/* constants inside the range and variables whose range fits: no check */
	CHECK(has(&r, "-> P_1_x = 0; id = 1;"));
	CHECK(has(&r, "a[1] = P_1_n;"));
	CHECK(!has(&r, "assert(-32768"));
	up_done(&r);
}

/* a[i][j] is one flat Promela array, row-major */
static void test_two_dimensional_array(void)
{
	up_result r = up_run("m.xta",
		"int[0,9] m[2][3] = {{4, 4, 4}, {4, 4, 4}};\nint k;\n"
		"process P() { state s; init s; trans s -> s { guard m[1][2] == 4; assign m[k][1] = 5; }; }\n"
		"system P;\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "byte m[6] = 4;"));
	CHECK(has(&r, "((m[(1) * 3 + 2] == 4)) -> m[(k) * 3 + 1] = 5;"));
	up_done(&r);
}

/* for (k : range) is unrolled; while becomes a do-loop in the step */
static void test_loops_in_functions(void)
{
	up_result r = up_run("l.xta",
		"int a[3]; int n;\n"
		"void f() { for (k : int[0,2]) a[k] = k; while (n > 0) n--; }\n"
		"process P() { state s; init s; trans s -> s { assign f(); }; }\n"
		"system P;\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "a[0] = 0; a[1] = 1; a[2] = 2; do :: ((n > 0)) -> skip; "));
	CHECK(has(&r, "n = (n - 1) :: else -> break od"));
	up_done(&r);
}

CHECK_MAIN("uppaal_parse",
	CASE(test_functions_inlined),
	CASE(test_broadcast),
	CASE(test_globals_and_types),
	CASE(test_range_checks),
	CASE(test_two_dimensional_array),
	CASE(test_loops_in_functions),
	CASE(test_partial_instantiation_enumerates),
	CASE(test_locations_labels_and_comments),
	CASE(test_committed_locations),
	CASE(test_clock_cap_and_tick),
	CASE(test_inactive_clock_reduction),
	CASE(test_query_exists),
	CASE(test_query_forall),
	CASE(test_query_liveness),
	CASE(test_query_clock_constant_raises_cap),
	CASE(test_query_file_comments),
	CASE(test_query_file_continuation),
	CASE(test_keyword_instance_names),
	CASE(test_promela_names_unique),
	CASE(test_select_expands),
	CASE(test_binary_sync_and_reference_parameter),
	CASE(test_urgent_location_and_channel),
	CASE(test_strict_constraint_warns),
	CASE(test_xml_format),
	CASE(test_old_parameter_lists),
	CASE(test_clock_arrays))
