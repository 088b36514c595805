// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_claims.c -- a model's claims and labels read from SPIN's output
 * (driver/claims.c), on excerpts of what spin -a 6.5.2 writes.
 */
#include "check.h"
#include "claims.h"

/* pan.h's parts claims.c reads, for a model with n claims (0: none) and
 * the given user-defined accept labels and progress labels */
static char pan_h[1024];
static const char *make_pan_h(int n, int accept, int progress)
{
	char claims[128] = "";
	if (n > 0)
		snprintf(claims, sizeof claims, "#ifndef NOCLAIM\n\t#define NCLAIMS\t%d\n\t#ifndef NP\n"
		         "\t\t#define VERI\t%d\n\t#endif\n#endif\n", n, n + 1);
	snprintf(pan_h, sizeof pan_h,
	         "#ifdef NP\n\t#define HAS_NP\t2\n\t#define VERI\t%d\t/* np_ */\n#endif\n%s"
	         "#ifndef NCLAIMS\n\t#define NCLAIMS 1\n#endif\n"
	         "#ifdef NP\n\t#define ACCEPT_LAB\t1 /* at least 1 in np_ */\n#else\n"
	         "\t#define ACCEPT_LAB\t%d /* user-defined accept labels */\n#endif\n"
	         "#define PROG_LAB\t%d /* progress labels */\n", n + 2, claims, accept, progress);
	return pan_h;
}

static void test_no_claim(void)
{
	drv_claims c;
	CHECK_EQ_LONG(drv_claims_parse("", make_pan_h(0, 0, 1), "", "active proctype p() { skip }", &c), 0);
	CHECK_EQ_LONG(c.n, 0);
	CHECK_EQ_LONG(c.accept_labels, 0);
	CHECK_EQ_LONG(c.progress_labels, 1);
	drv_claims_free(&c);
	/* accept labels in a process, no claim: -a is still the property */
	CHECK_EQ_LONG(drv_claims_parse(NULL, make_pan_h(0, 2, 0), NULL, NULL, &c), 0);
	CHECK_EQ_LONG(c.n, 0);
	CHECK_EQ_LONG(c.accept_labels, 1);
	drv_claims_free(&c);
	CHECK_EQ_LONG(drv_claims_parse("", NULL, "", "", &c), -1);
}

static void test_one_unnamed(void)
{
	drv_claims c;
	CHECK_EQ_LONG(drv_claims_parse("", make_pan_h(1, 1, 0), "", "never { skip }", &c), 0);
	CHECK_EQ_LONG(c.n, 1);
	CHECK(c.v[0].name == NULL);
	CHECK(c.v[0].text == NULL);
	CHECK_EQ_LONG(c.accept_labels, 1);
	drv_claims_free(&c);
}

static void test_ltl_blocks(void)
{
	const char *out = "ltl served: [] ((! (req)) || (<> (grant)))\nltl safe: [] (! (grant))\n"
	                  "  the model contains 2 never claims: safe, served\n";
	const char *pan_c = "\t\tspin_c_typ[0] = 3; /* safe */\n\t\tspin_c_typ[1] = 2; /* served */\n";
	const char *model = "bool req, grant;\n// ltl safe in a comment\n"
	                    "active proctype p() { skip }\n  ltl served { [] (req -> <> grant) }\n"
	                    "ltl  safe { [] !grant }\n";
	drv_claims c;
	CHECK_EQ_LONG(drv_claims_parse(out, make_pan_h(2, 1, 0), pan_c, model, &c), 0);
	CHECK_EQ_LONG(c.n, 2);
	CHECK_STR(c.v[0].name, "served");        /* the model's order, not pan's */
	CHECK_STR(c.v[0].text, "[] ((! (req)) || (<> (grant)))");
	CHECK_EQ_LONG(c.v[0].line, 4);
	CHECK_EQ_LONG(c.v[0].col, 3);
	CHECK_STR(c.v[1].name, "safe");
	CHECK_EQ_LONG(c.v[1].line, 5);
	CHECK_EQ_LONG(c.v[1].col, 1);
	CHECK_EQ_LONG(c.pan_default, -1);
	drv_claims_free(&c);
}

static void test_named_never_claims(void)
{
	/* never claims with names and no ltl block: pan.c names them */
	const char *pan_c = "x\n\t\tspin_c_typ[0] = 3; /* second */\n\t\tspin_c_typ[1] = 2; /* first */\n";
	drv_claims c;
	CHECK_EQ_LONG(drv_claims_parse("", make_pan_h(2, 0, 0), pan_c, "never first { skip }", &c), 0);
	CHECK_EQ_LONG(c.n, 2);
	CHECK_STR(c.v[0].name, "second");
	CHECK_STR(c.v[1].name, "first");
	CHECK(c.v[1].text == NULL);
	CHECK_EQ_LONG(c.v[1].line, 0);          /* no `ltl first` to point at */
	drv_claims_free(&c);
}

static void test_never_beside_ltl(void)
{
	/* an unnamed never claim beside ltl blocks: pan names it never_0 but
	 * cannot select it by -N (SPIN 6.5.2); it is the claim pan runs
	 * without -N */
	const char *out = "ltl a: [] (x)\n  the model contains 2 never claims: a, never_0\n"
	                  "  choose which one with ./pan -a -N name (defaults to -N never_0)\n";
	const char *pan_c = "\t\tspin_c_typ[0] = 3; /* a */\n\t\tspin_c_typ[2] = 2; /* never_0 */\n";
	drv_claims c;
	CHECK_EQ_LONG(drv_claims_parse(out, make_pan_h(2, 1, 0), pan_c, "never { skip }\nltl a { [] x }", &c), 0);
	CHECK_EQ_LONG(c.n, 2);
	CHECK_STR(c.v[0].name, "a");
	CHECK_STR(c.v[1].name, "never_0");
	CHECK_EQ_LONG(c.pan_default, 1);
	CHECK_EQ_LONG(c.v[0].line, 2);
	drv_claims_free(&c);
}

CHECK_MAIN("claims", CASE(test_no_claim), CASE(test_one_unnamed), CASE(test_ltl_blocks),
           CASE(test_named_never_claims), CASE(test_never_beside_ltl))
