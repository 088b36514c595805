// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_uppaal_inject.c -- no text of a UPPAAL model, query or file name
 * reaches the Promela unescaped (issue 13, item 9): every text field of
 * the XTA and XML formats, the query (--target, a .q file, an XML
 * <formula>) and the file name get each known injection shape; the
 * translation either fails with FILE:LINE:COL or gives Promela with no C
 * code, directive or unclosed comment (pml_safety.h).
 */
#include "check.h"
#include "pml_safety.h"
#include "uppaal_helpers.h"
#include "pml_text.h"

/* the shapes: a comment ended early, a // that the UPPAAL lexer skips, a
 * newline and a directive, a backslash line splice, a trigraph, quotes,
 * printf conversions, C blocks under Promela names */
static const char *const payloads[] = {
	"*/ c_decl { int pwned; } /*",
	"x // */ c_code { pwned(); } /*",
	"x\n#include \"/etc/passwd\"\n",
	"x\\\n c_code { pwned(); }",
	"x ?\?/\n c_decl { int pwned; }",
	"\"x\" 'y'",
	"%s%n%d",
	"c_code",
	"c_decl",
	"inline",
	"hidden",
	"x /* c_expr { pwned() } */ y",
	"\x1b[2J\x7f",
};
#define NPAYLOADS ((int) (sizeof payloads / sizeof payloads[0]))

static int nsafe, nrejected;

/* translate; fine when rc 2 with a position, or rc 0 and safe Promela */
static int safe_mode(const char *file, const char *text, const char *query, const char *field, int k, int zones);

/* both semantics: discrete time and zones (whose embedded C is the
 * translator's own: pml_safety.h's uppaal_zone_text) */
static int safe(const char *file, const char *text, const char *query, const char *field, int k)
{
	return safe_mode(file, text, query, field, k, 0) && safe_mode(file, text, query, field, k, 1);
}

static int safe_mode(const char *file, const char *text, const char *query, const char *field, int k, int zones)
{
	up_result r = up_run_mode(file, text, query, zones);
	int ok;
	if (r.rc == 0) {
		const char *bad = pml_unsafe(r.pml);
		ok = bad == NULL;
		if (!ok)
			fprintf(stderr, "  %s, payload %d: the Promela has %s\n", field, k, bad);
		nsafe++;
	} else {
		/* the model's position, or the query's (--target) */
		ok = r.rc == 2 && (has_position(r.err, file) || has_position(r.err, "--target"));
		if (!ok)
			fprintf(stderr, "  %s, payload %d: rc %d, \"%s\"\n", field, k, r.rc, r.err);
		nrejected++;
	}
	up_done(&r);
	return ok;
}

static char *subst(const char *tmpl, const char *payload)
{
	const char *at = strstr(tmpl, "@@");
	size_t n = strlen(tmpl) + strlen(payload) + 1;
	char *s = malloc(n);
	snprintf(s, n, "%.*s%s%s", (int) (at - tmpl), tmpl, payload, at + 2);
	return s;
}

/* an XTA model with the payload in one place each */
static const char *const xta_fields[] = {
	"int @@;\nprocess P() { state a; init a; }\nsystem P;\n",
	"chan @@;\nprocess P() { state a; init a; }\nsystem P;\n",
	"const int @@ = 1;\nprocess P() { state a; init a; }\nsystem P;\n",
	"typedef int[0,1] @@;\nprocess P() { state a; init a; }\nsystem P;\n",
	"struct { int @@; } s;\nprocess P() { state a; init a; }\nsystem P;\n",
	"int x;\nvoid @@() { x = 1; }\nprocess P() { state a; init a; }\nsystem P;\n",
	"process @@() { state a; init a; }\nsystem P;\n",
	"process P() { state @@; init a; }\nsystem P;\n",
	"process P(const int @@) { state a; init a; }\nQ = P(1);\nsystem Q;\n",
	"process P() { int @@; state a; init a; }\nsystem P;\n",
	"process P() { clock @@; state a; init a; }\nsystem P;\n",
	"process P() { state a; init a; trans a -> a { select @@ : int[0,1]; }; }\nsystem P;\n",
	"int x;\nprocess P() { state a; init a; trans a -> a { guard x == @@; }; }\nsystem P;\n",
	"int x;\nprocess P() { state a; init a; trans a -> a { assign x = @@; }; }\nsystem P;\n",
	"chan c;\nprocess P() { state a; init a; trans a -> a { sync @@!; }; }\nsystem P;\n",
	"process P() { state a { @@ }; init a; }\nsystem P;\n",
	"process P() { state a; init a; }\n@@ = P();\nsystem P;\n",
	"process P() { state a; init a; }\nsystem @@;\n",
	"// @@\nprocess P() { state a; init a; }\nsystem P;\n",
	"/* @@ */\nprocess P() { state a; init a; }\nsystem P;\n",
	"process P() { state a; init a; }\nsystem P; @@\n",
};

static void test_xta_fields(void)
{
	for (size_t f = 0; f < sizeof xta_fields / sizeof xta_fields[0]; f++)
		for (int k = 0; k < NPAYLOADS; k++) {
			char *text = subst(xta_fields[f], payloads[k]);
			char field[32];
			snprintf(field, sizeof field, "xta field %d", (int) f);
			CHECK(safe("m.xta", text, "E<> P.a", field, k));
			free(text);
		}
}

/* the query: --target text (as the command line gives it) */
static void test_queries(void)
{
	static const char *const q[] = { "E<> P.a @@", "E<> P.a // @@", "A[] @@", "@@ --> P.a",
		"E<> P.a /* @@ */" };
	for (size_t f = 0; f < sizeof q / sizeof q[0]; f++)
		for (int k = 0; k < NPAYLOADS; k++) {
			char *query = subst(q[f], payloads[k]);
			char field[32];
			snprintf(field, sizeof field, "query %d", (int) f);
			CHECK(safe("m.xta", "process P() { state a; init a; }\nsystem P;\n", query, field, k));
			free(query);
		}
}

/* the payload as XML character data or attribute value */
static char *xml_escape(const char *s)
{
	size_t n = 1;
	for (const char *p = s; *p; p++)
		n += 6;
	char *o = malloc(n), *q = o;
	for (const char *p = s; *p; p++) {
		const char *e = *p == '<' ? "&lt;" : *p == '>' ? "&gt;" : *p == '&' ? "&amp;"
			: *p == '"' ? "&quot;" : NULL;
		if (e) {
			strcpy(q, e);
			q += strlen(e);
		} else {
			*q++ = *p;
		}
	}
	*q = 0;
	return o;
}

#define XML_HEAD "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<nta>\n"
static const char *const xml_fields[] = {
	XML_HEAD "<declaration>int @@;</declaration>\n<template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/></template>\n<system>system P;</system>\n</nta>\n",
	XML_HEAD "<template><name>@@</name>"
		"<location id=\"a\"/><init ref=\"a\"/></template>\n<system>system P;</system>\n</nta>\n",
	XML_HEAD "<template><name>P</name><parameter>const int @@</parameter>"
		"<location id=\"a\"/><init ref=\"a\"/></template>\n<system>Q = P(1);\nsystem Q;</system>\n</nta>\n",
	XML_HEAD "<template><name>P</name><declaration>int @@;</declaration>"
		"<location id=\"a\"/><init ref=\"a\"/></template>\n<system>system P;</system>\n</nta>\n",
	XML_HEAD "<template><name>P</name>"
		"<location id=\"a\"><name>@@</name></location><init ref=\"a\"/></template>\n<system>system P;</system>\n</nta>\n",
	/* an unnamed location is named by its id */
	XML_HEAD "<template><name>P</name>"
		"<location id=\"@@\"/><init ref=\"@@\"/>"
		"<transition><source ref=\"@@\"/><target ref=\"@@\"/></transition></template>\n"
		"<system>system P;</system>\n</nta>\n",
	XML_HEAD "<template><name>P</name>"
		"<location id=\"a\"><label kind=\"invariant\">@@</label></location><init ref=\"a\"/></template>\n"
		"<system>system P;</system>\n</nta>\n",
	XML_HEAD "<template><name>P</name>"
		"<location id=\"a\"><label kind=\"comments\">@@</label></location><init ref=\"a\"/>"
		"<transition><source ref=\"a\"/><target ref=\"a\"/><label kind=\"comments\">@@</label></transition>"
		"</template>\n<system>system P;</system>\n</nta>\n",
	XML_HEAD "<declaration>int x; chan c;</declaration><template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/>"
		"<transition><source ref=\"a\"/><target ref=\"a\"/><label kind=\"guard\">x == @@</label></transition>"
		"</template>\n<system>system P;</system>\n</nta>\n",
	XML_HEAD "<declaration>int x; chan c;</declaration><template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/>"
		"<transition><source ref=\"a\"/><target ref=\"a\"/><label kind=\"assignment\">x = @@</label></transition>"
		"</template>\n<system>system P;</system>\n</nta>\n",
	XML_HEAD "<declaration>int x; chan c;</declaration><template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/>"
		"<transition><source ref=\"a\"/><target ref=\"a\"/><label kind=\"synchronisation\">@@!</label></transition>"
		"</template>\n<system>system P;</system>\n</nta>\n",
	XML_HEAD "<template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/>"
		"<transition><source ref=\"a\"/><target ref=\"a\"/><label kind=\"select\">@@ : int[0,1]</label></transition>"
		"</template>\n<system>system P;</system>\n</nta>\n",
	XML_HEAD "<template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/></template>\n<system>@@ = P();\nsystem P;</system>\n</nta>\n",
	XML_HEAD "<template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/></template>\n<system>system P;</system>\n"
		"<queries><query><formula>E&lt;&gt; P.a @@</formula><comment>@@</comment></query></queries>\n</nta>\n",
	XML_HEAD "<template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/></template>\n<system>system P;</system>\n"
		"<queries><query><formula>E&lt;&gt; P.a // @@</formula></query></queries>\n</nta>\n",
	XML_HEAD "<!-- @@ --><template><name>P</name>"
		"<location id=\"a\"/><init ref=\"a\"/></template>\n<system>system P;</system>\n</nta>\n",
};

static void test_xml_fields(void)
{
	for (size_t f = 0; f < sizeof xml_fields / sizeof xml_fields[0]; f++)
		for (int k = 0; k < NPAYLOADS; k++) {
			char *esc = xml_escape(payloads[k]);
			char *text = subst(xml_fields[f], esc);
			/* some fields hold the payload more than once */
			while (strstr(text, "@@")) {
				char *t2 = subst(text, esc);
				free(text);
				text = t2;
			}
			char field[32];
			snprintf(field, sizeof field, "xml field %d", (int) f);
			CHECK(safe("m.xml", text, strstr(xml_fields[f], "<formula>") ? NULL : "E<> P.a", field, k));
			free(text);
			free(esc);
		}
}

/* the file name is printed into comments too */
static void test_file_name(void)
{
	for (int k = 0; k < NPAYLOADS; k++) {
		char *file = subst("m@@.xta", payloads[k]);
		CHECK(safe(file, "int x;\nprocess P() { state a; init a; trans a -> a { assign x = 1; }; }\nsystem P;\n",
			   "E<> P.a", "file name", k));
		free(file);
	}
}

/* the issue's reproduction: the query parses as E<> T.done, the
 * comment the raw text went into used to end at its */
static void test_xml_query_c_decl(void)
{
	const char *m = XML_HEAD "<template><name>T</name>"
		"<location id=\"a\"><name>done</name></location><init ref=\"a\"/></template>\n"
		"<system>system T;</system>\n<queries><query><formula>E&lt;&gt; T.done // */ c_decl { "
		"__attribute__((constructor)) static void f(void) { system(\"touch pwned\"); } } /*"
		"</formula></query></queries>\n</nta>\n";
	up_result r = up_run("m.xml", m, NULL);
	CHECK(r.rc == 0);
	CHECK(r.pml && pml_unsafe(r.pml) == NULL);
	CHECK(has(&r, "/* the query E<> T.done (m.xml:"));
	CHECK(!has(&r, "system("));
	up_done(&r);
}

/* The notes beside the zone code (docs/uppaal.md "Notes for the
 * heuristics"): what each piece does, in the abstract model's terms,
 * and still only what the translator writes */
static void test_zone_notes(void)
{
	up_result r = up_run_zones("m.xta", "process P() { clock x; state a {x <= 3}, b, c; init a;\n"
	                           "trans a -> b { guard x > 1; assign x = 0; }, b -> c { guard x >= 2; }; }\n"
	                           "system P;\n", "E<> P.c");
	CHECK(r.rc == 0);
	CHECK(r.pml && pml_unsafe(r.pml) == NULL);
	CHECK(has(&r, "c_expr { (dmc_znote) (\"test , c 1 > 1 , r 1 0\") && (dmc_zok) ("));
	CHECK(has(&r, "c_code { (dmc_znote) (\"run , c 1 > 1 , r 1 0\"); dmc_zrun("));
	CHECK(has(&r, "c_expr { (dmc_znote) (\"test , c 1 >= 2\") && (dmc_zok) ("));
	CHECK(has(&r, "c_code { (dmc_znote) (\"post , m 1 3 , at loc_"));
	CHECK(has(&r, " 0 , c 1 <= 3\"); dmc_zpost("));
	up_done(&r);
}

/* clock differences (the splits along them) and urgent channels (the
 * macro dmc_nourgent) with zones: still only what the translator writes,
 * whatever the names */
static void test_zone_splits(void)
{
	for (int k = 0; k < NPAYLOADS; k++) {
		char *text = subst("urgent chan u;\nint v;\n"
				   "process P() { clock x, @@; state a {x - @@ <= 3}, b, c; init a;\n"
				   "trans a -> b { guard x - @@ > 1; }, b -> c { guard v == 0; sync u!; }; }\n"
				   "process Q() { state a, b; init a; trans a -> b { sync u?; }; }\n"
				   "system P, Q;\n", payloads[k]);
		char *t2 = subst(text, payloads[k]), *t3 = subst(t2, payloads[k]);
		CHECK(safe_mode("m.xta", t3, "E<> P.c", "differences", k, 1));
		free(text);
		free(t2);
		free(t3);
	}
	up_result r = up_run_zones("m.xta", "urgent chan u;\nint v;\n"
				   "process P() { clock x, y; state a {x - y <= 3}, b, c; init a;\n"
				   "trans a -> b { guard x - y > 1; }, b -> c { guard v == 0; sync u!; }; }\n"
				   "process Q() { state a, b; init a; trans a -> b { sync u?; }; }\n"
				   "system P, Q;\n", "E<> P.c");
	CHECK(r.rc == 0);
	CHECK(r.pml && pml_unsafe(r.pml) == NULL);
	CHECK(has(&r, "#define dmc_nourgent ("));
	CHECK(has(&r, "(dmc_zundecided) ("));
	CHECK(has(&r, "dmc_znorm("));
	up_done(&r);
}

/* reserved names become other names, or are refused */
static void test_reserved_names(void)
{
	up_result r = up_run("m.xta", "int c_code, unix, while;\nprocess P() { state a; init a; }\nsystem P;\n",
			     "E<> c_code == 0 && unix == 0 && while == 0");
	CHECK(r.rc == 0);
	CHECK(has(&r, "v_c_code") && has(&r, "v_unix") && has(&r, "v_while"));
	CHECK(has(&r, "(v_c_code == 0)"));
	up_done(&r);
	/* an instance named so is renamed too (its comments keep its name) */
	r = up_run("m.xta", "process c_decl() { int n; state a; init a; }\nsystem c_decl;\n", "E<> c_decl.a && c_decl.n == 0");
	CHECK(r.rc == 0);
	CHECK(has(&r, "active proctype v_c_decl()\t/* c_decl, template c_decl"));
	CHECK(has(&r, "byte loc_v_c_decl = 0;\t/* location of c_decl: 0=a */"));
	CHECK(has(&r, "((loc_v_c_decl == 0) && (v_c_decl_n == 0))"));
	CHECK(!has(&r, "proctype c_decl"));
	up_done(&r);
}

static void test_summary(void)
{
	/* both outcomes occurred: the test exercised translation and refusal */
	CHECK(nsafe > 20 && nrejected > 20);
}

/* the escaping function itself: pairs, control characters, cutting */
static void test_comment_text(void)
{
	char b[64];
	pml_comment_text(b, sizeof b, "a*/b/*c//d?\?/e\\f\ng\x01h\xc3\xa9");
	CHECK_STR(b, "a* /b/ *c/ /d? ?/e?f?g?h? ?");
	pml_comment_text(b, sizeof b, "***///");
	CHECK_STR(b, " *** / / /");
	pml_comment_text(b, 8, "abcdefghijkl");
	CHECK(strlen(b) < 8 && strstr(b, "...") != NULL);
	pml_comment_text(b, 8, "*/*/*/*/*/*/");
	CHECK(strlen(b) < 8 && !strstr(b, "*/") && !strstr(b, "/*"));
	pml_comment_text(b, 1, "abc");
	CHECK_STR(b, "");
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	pml_commentf(f, "%s!%c", "a", '*');
	pml_commentf(f, "/x");
	fclose(f);
	/* pieces written one after the other form no pair either */
	CHECK_STR(out, "a!* /x");
	free(out);
	CHECK(pml_is_ident("_a1") && !pml_is_ident("1a") && !pml_is_ident("a-b") && !pml_is_ident(""));
	CHECK(pml_is_reserved("c_code") && pml_is_reserved("inline") && pml_is_reserved("unix")
	      && pml_is_reserved("while") && !pml_is_reserved("x"));
}

CHECK_MAIN("uppaal_inject",
	CASE(test_comment_text),
	CASE(test_xta_fields),
	CASE(test_queries),
	CASE(test_xml_fields),
	CASE(test_file_name),
	CASE(test_xml_query_c_decl),
	CASE(test_reserved_names), CASE(test_zone_notes), CASE(test_zone_splits),
	CASE(test_summary))
