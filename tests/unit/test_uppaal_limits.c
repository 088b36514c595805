// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_uppaal_limits.c -- the UPPAAL front end at its limits (issue 13,
 * items 14 and 16): 32-bit constant arithmetic (overflow, division by
 * zero, INT_MIN / -1, shifts out of range) is an error at its
 * FILE:LINE:COL, never a signal or a wrapped value; nesting is bounded
 * (no stack overflow); every int32 literal is read; a NUL byte is an
 * error, not the end of the text.  Run under ASan/UBSan (make unit).
 */
#include "check.h"
#include "pml_safety.h"
#include "uppaal_helpers.h"

/* an overflow or other undefined behaviour ends the test (a failure),
 * not just a line on stderr */
const char *__ubsan_default_options(void);
const char *__ubsan_default_options(void)
{
	return "halt_on_error=1:print_stacktrace=1";
}

#define P_OK "process P() { state a; init a; }\nsystem P;\n"

/* rc 2 and the message starts "FILE:LINE:COL: " with that line and
 * column and contains what */
static int error_at(const char *file, const char *text, const char *query, const char *pos, const char *what)
{
	up_result r = up_run(file, text, query);
	char want[128];
	/* pos "FILE:LINE:COL", or "FILE:LINE:" for any column */
	size_t n = strlen(pos);
	int any_col = pos[n - 1] == ':';
	snprintf(want, sizeof want, "%s%s", pos, any_col ? "" : ": ");
	int ok = r.rc == 2 && strncmp(r.err, want, strlen(want)) == 0 && strstr(r.err, what);
	if (ok && any_col) {
		const char *p = r.err + n;
		ok = *p >= '0' && *p <= '9';
		while (*p >= '0' && *p <= '9')
			p++;
		ok = ok && p[0] == ':' && p[1] == ' ';
	}
	if (!ok)
		fprintf(stderr, "  got rc %d, \"%s\" (wanted %s... %s)\n", r.rc, r.err, want, what);
	up_done(&r);
	return ok;
}

static int translates(const char *text, const char *query, const char *needle)
{
	up_result r = up_run("m.xta", text, query);
	int ok = r.rc == 0 && (!needle || has(&r, needle));
	if (!ok)
		fprintf(stderr, "  got rc %d, \"%s\" (wanted %s)\n", r.rc, r.err, needle ? needle : "success");
	up_done(&r);
	return ok;
}

static void test_overflow_in_constants(void)
{
	/* SIGFPE before: (2^60 * 8) / -1 in 64 bits */
	CHECK(error_at("m.xta", "const int K = (1<<30)*(1<<30)*8 / -1;\n" P_OK, NULL, "m.xta:1:22",
		       "integer overflow"));
	CHECK(error_at("m.xta", "const int K = (1<<30)*(1<<30)*8 % -1;\n" P_OK, NULL, "m.xta:1:22",
		       "integer overflow"));
	CHECK(error_at("m.xta", "const int K = 2147483647 + 1;\n" P_OK, NULL, "m.xta:1:26", "integer overflow"));
	CHECK(error_at("m.xta", "const int K = -2147483648 - 1;\n" P_OK, NULL, "m.xta:1:27", "integer overflow"));
	CHECK(error_at("m.xta", "const int M = -2147483648;\nconst int K = M / -1;\n" P_OK, NULL, "m.xta:2:17",
		       "integer overflow"));
	CHECK(error_at("m.xta", "const int M = -2147483648;\nconst int K = -M;\n" P_OK, NULL, "m.xta:2:15",
		       "integer overflow"));
	CHECK(error_at("m.xta", "const int K = 65536 * 65536;\n" P_OK, NULL, "m.xta:1:21", "integer overflow"));
	CHECK(error_at("m.xta", "const int K = 1 << 31;\n" P_OK, NULL, "m.xta:1:17", "integer overflow"));
	CHECK(error_at("m.xta", "const int K = 1 << 32;\n" P_OK, NULL, "m.xta:1:17", "shift"));
	CHECK(error_at("m.xta", "const int K = 1 >> -1;\n" P_OK, NULL, "m.xta:1:17", "shift"));
	CHECK(error_at("m.xta", "const int K = 7 / 0;\n" P_OK, NULL, "m.xta:1:17", "division by zero"));
	CHECK(error_at("m.xta", "const int K = 7 % (1 - 1);\n" P_OK, NULL, "m.xta:1:17", "division by zero"));
	/* in an array size, a range, a query */
	CHECK(error_at("m.xta", "int a[(1<<30)*4];\n" P_OK, NULL, "m.xta:1:14", "integer overflow"));
	CHECK(error_at("m.xta", "int[0, 1<<31] x;\n" P_OK, NULL, "m.xta:1:9", "integer overflow"));
	CHECK(error_at("m.xta", "int x;\n" P_OK, "E<> x == (1<<30)*(1<<30)*8 / -1", "--target:1:17", "integer overflow"));
	/* the largest values that fit are fine, and the branch not taken is not evaluated */
	CHECK(translates("const int K = 2147483647;\nconst int M = -2147483648;\nconst int S = 1 << 30;\n"
			 "const int Q = M / 1 + K - (M % -1);\nconst int D = 1 > 0 ? 5 : 1 / 0;\nint[0,D] y;\n" P_OK,
			 "E<> y == D", "(y == 5)"));
}

static void test_numbers(void)
{
	/* every int32 was refused above 10^9 */
	CHECK(translates("const int K = 2000000000;\nint[0,1] x;\n" P_OK, "E<> x < K", "(x < 2000000000)"));
	CHECK(translates("int x;\n" P_OK, "E<> x > -2147483648", "(x > (-2147483647 - 1))"));
	CHECK(error_at("m.xta", "const int K = 2147483648;\n" P_OK, NULL, "m.xta:1:15", "number too large"));
	CHECK(error_at("m.xta", "const int K = 99999999999999999999;\n" P_OK, NULL, "m.xta:1:15", "number too large"));
}

/* n copies of open, then mid, then n copies of close */
static char *nest(const char *before, const char *open, int n, const char *mid, const char *close, const char *after)
{
	size_t len = strlen(before) + (size_t) n * (strlen(open) + strlen(close)) + strlen(mid) + strlen(after) + 1;
	char *s = malloc(len);
	size_t k = 0;
	if (!s)
		abort();
#define APPEND(x) do { size_t m_ = strlen(x); memcpy(s + k, (x), m_); k += m_; } while (0)
	APPEND(before);
	for (int i = 0; i < n; i++)
		APPEND(open);
	APPEND(mid);
	for (int i = 0; i < n; i++)
		APPEND(close);
	APPEND(after);
#undef APPEND
	s[k] = 0;
	return s;
}

static void test_deep_nesting(void)
{
	/* 10,000 parentheses: a stack overflow before */
	char *t = nest("int x;\nprocess P() { state a; init a; trans a -> a { guard ", "(", 10000, "x", ")",
		       " > 0; }; }\nsystem P;\n");
	CHECK(error_at("m.xta", t, NULL, "m.xta:2:", "nested more than 256 levels"));
	free(t);
	char *q = nest("E<> ", "(", 10000, "P.a", ")", "");
	CHECK(error_at("m.xta", P_OK, q, "--target:1:", "nested more than 256 levels"));
	free(q);
	t = nest("int x;\nprocess P() { state a; init a; trans a -> a { guard ", "-", 10000, "x", "", " > 0; }; }\nsystem P;\n");
	CHECK(error_at("m.xta", t, NULL, "m.xta:2:", "nested more than 256 levels"));
	free(t);
	t = nest("int x;\nvoid f() ", "{ if (x > 0) ", 10000, "x = 1;", "}", "\n" P_OK);
	CHECK(error_at("m.xta", t, NULL, "m.xta:2:", "nested more than 256 levels"));
	free(t);
	t = nest("", "struct { ", 10000, "int x;", " } y;", "\n" P_OK);
	CHECK(error_at("m.xta", t, NULL, "m.xta:1:", "nested more than 256 levels"));
	free(t);
	/* a long chain of operators is as deep a tree */
	t = nest("int x;\nprocess P() { state a; init a; trans a -> a { guard x", "", 0, "", "", "");
	size_t n = strlen(t);
	t = realloc(t, n + 5 * 100000 + 100);
	if (!t)
		abort();
	for (int i = 0; i < 100000; i++)
		n += (size_t) sprintf(t + n, " + x");
	sprintf(t + n, " > 0; }; }\nsystem P;\n");
	CHECK(error_at("m.xta", t, NULL, "m.xta:2:", "expression too long"));
	free(t);
	/* an XML label and an XML formula */
	char *g = nest("", "(", 10000, "1", ")", "");
	size_t xl = strlen(g) + 400;
	char *x = malloc(xl);
	if (!x)
		abort();
	snprintf(x, xl, "<nta><template><name>P</name><location id=\"a\"/><init ref=\"a\"/>"
		 "<transition><source ref=\"a\"/><target ref=\"a\"/><label kind=\"guard\">%s</label></transition>"
		 "</template><system>system P;</system></nta>", g);
	CHECK(error_at("m.xml", x, "E<> P.a", "m.xml:1:", "nested more than 256 levels"));
	snprintf(x, xl, "<nta><template><name>P</name><location id=\"a\"/><init ref=\"a\"/></template>"
		 "<system>system P;</system><queries><query><formula>E&lt;&gt; %s</formula></query></queries></nta>", g);
	CHECK(error_at("m.xml", x, NULL, "m.xml:1:", "nested more than 256 levels"));
	free(x);
	free(g);
	/* 200 levels are fine */
	t = nest("int x;\nprocess P() { state a; init a; trans a -> a { guard ", "(", 200, "x", ")", " > 0; }; }\nsystem P;\n");
	CHECK(translates(t, "E<> P.a", NULL));
	free(t);
}

static void test_nul_byte(void)
{
	static const char text[] = "int x;\nprocess P() { state a; init a; }\nsystem P;\n\0garbage";
	up_result r;
	up_ctx c;
	size_t len = 0;
	memset(&r, 0, sizeof r);
	memset(&c, 0, sizeof c);
	FILE *mem = open_memstream(&r.pml, &len);
	r.rc = up_translate_text(&c, "m.xta", text, sizeof text - 1, "E<> P.a", NULL, mem);
	fclose(mem);
	CHECK(r.rc == 2 && strstr(c.err, "m.xta:4:1: a NUL byte"));
	up_ctx_free(&c);
	up_done(&r);
}

/* a <template> inside a <transition> or <location> of another left a
 * dangling template pointer: a crash */
static void test_xml_nested_template(void)
{
	CHECK(error_at("m.xml", "<nta><template><name>T</name><location id=\"a\"/><init ref=\"a\"/>"
		       "<transition><source ref=\"a\"/><target ref=\"a\"/><template><name>U</name>"
		       "<location id=\"b\"/><init ref=\"b\"/></template></transition></template>"
		       "<system>system T;</system></nta>", "E<> T.a", "m.xml:1:109", "<template> inside a <transition>"));
	CHECK(error_at("m.xml", "<nta><template><name>T</name><location id=\"a\"><template><name>x</name></template>"
		       "</location><init ref=\"a\"/></template><system>system T;</system></nta>", "E<> T.a",
		       "m.xml:1:47", "<template> inside a <location>"));
}

/* a select over all ints was 2^32 Promela options (and receiving entries) */
static void test_select_combinations(void)
{
	CHECK(error_at("m.xta", "int x;\nprocess P() { state a; init a; trans\n"
		       "  a -> a { select i : int[0, 2147483647]; guard x == i; }; }\nsystem P;\n", "E<> P.a",
		       "m.xta:3:3", "more than 65536 combinations"));
	CHECK(error_at("m.xta", "chan c;\nprocess P() { state a; init a; trans\n"
		       "  a -> a { select i : int[0, 300], j : int[0, 300]; sync c?; }; }\nsystem P;\n", "E<> P.a",
		       "m.xta:3:3", "more than 65536 combinations"));
	CHECK(translates("int x;\nprocess P() { state a; init a; trans\n"
			 "  a -> a { select i : int[0, 99]; guard x == i; }; }\nsystem P;\n", "E<> P.a", "x == 99"));
}

CHECK_MAIN("uppaal_limits",
	CASE(test_select_combinations),
	CASE(test_xml_nested_template),
	CASE(test_overflow_in_constants),
	CASE(test_numbers),
	CASE(test_deep_nesting),
	CASE(test_nul_byte))
