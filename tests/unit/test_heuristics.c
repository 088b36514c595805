// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_heuristics.c -- targets and the heuristics over fake models.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "check.h"
#include "expr.h"
#include "fake_bridge.h"
#include "heuristic.h"
#include "heuristic_helpers.h"
#include "combine.h"
#include "targets.h"
#include "dstep_scan.h"

#define INF DMC_H_INF

static int tP, tQ, tN;

/*
 * proctype P                          proctype Q
 *   1 -((x<3))->      2  line 2         1 -((y>0))->        2  line 10
 *   1 -else->         5  line 2         2 -assert((y<2))->  3  line 11
 *   2 -x = (x+1)->    3  line 3         3 -(-end-)->        0  line 12 (end)
 *   3 -(1)->          1  line 3
 *   5 -assert((x!=7))-> 6  line 5     claim never_0 (ltl [] (x<5))
 *   6 -(run Q())->    7  line 6         1 -(!((x<5)))->     2  line 20
 *   7 -(-end-)->      0  line 7 (end)   1 -(1)->            1  line 20
 *                                       2 -assert(!(!((x<5))))-> 1  line 20
 * Control distances to the asserts: P 1:1 2:3 3:2 5:0; Q 1:1 2:0;
 * claim 1:1 2:0.  With a claim, pid 0 is the claim.
 */
static void model(int with_claim, int with_run)
{
	fb_reset();
	tP = fb_type("P", 8, 1);
	tQ = fb_type("Q", 4, 1);
	fb_global("x", 1);
	fb_global("y", 1);
	fb_trans(tP, 1, 2, 2, "((x<3))");
	fb_trans(tP, 1, 5, 2, "else");
	fb_trans(tP, 2, 3, 3, "x = (x+1)");
	fb_trans(tP, 3, 1, 3, "(1)");
	fb_trans(tP, 5, 6, 5, "assert((x!=7))");
	fb_trans(tP, 6, 7, 6, with_run ? "(run Q())" : "(1)");
	fb_trans(tP, 7, 0, 7, "-end-");
	fb_label(tP, 7, DMC_LBL_END);
	fb_trans(tQ, 1, 2, 10, "((y>0))");
	fb_trans(tQ, 2, 3, 11, "assert((y<2))");
	fb_trans(tQ, 3, 0, 12, "-end-");
	fb_label(tQ, 3, DMC_LBL_END);
	tN = -1;
	if (with_claim) {
		tN = fb_type("never_0", 3, 1);
		fb_claim(tN);
		fb_trans(tN, 1, 2, 20, "(!((x<5)))");
		fb_trans(tN, 1, 1, 20, "(1)");
		fb_trans(tN, 2, 1, 20, "assert(!(!((x<5))))");
		fb_proc(tN, 1);
	}
}

static char out[4096];

static const char *print_targets(const dmc_targets *t)
{
	FILE *f = tmpfile();
	size_t n;
	if (!f)
		return "";
	dmc_targets_print(t, 0, f);
	rewind(f);
	n = fread(out, 1, sizeof out - 1, f);
	out[n] = '\0';
	fclose(f);
	return out;
}

static const char *print_formula(const dmc_expr *e)
{
	static char buf[256];
	FILE *f = tmpfile();
	size_t n;
	if (!f || !e)
		return "(null)";
	dmc_expr_print(e, f);
	rewind(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static int build(int kinds, dmc_targets *t)
{
	char err[256];
	int rc = dmc_targets_build(kinds, t, err, sizeof err);
	if (rc < 0)
		fprintf(stderr, "targets: %s\n", err);
	return rc;
}

/* ---- targets ---- */

static void test_parse_kinds(void)
{
	CHECK_EQ_LONG(dmc_targets_parse_kinds("assert"), DMC_TGT_ASSERT);
	CHECK_EQ_LONG(dmc_targets_parse_kinds("claim"), DMC_TGT_CLAIM);
	CHECK_EQ_LONG(dmc_targets_parse_kinds("deadlock"), DMC_TGT_DEADLOCK);
	CHECK_EQ_LONG(dmc_targets_parse_kinds("assert,claim,deadlock"), 7);
	CHECK_EQ_LONG(dmc_targets_parse_kinds(" claim , deadlock "), 6);
	CHECK_EQ_LONG(dmc_targets_parse_kinds("assert,assert"), 1);
	CHECK_EQ_LONG(dmc_targets_parse_kinds("bogus"), -1);
	CHECK_EQ_LONG(dmc_targets_parse_kinds("assert,bogus"), -1);
	CHECK_EQ_LONG(dmc_targets_parse_kinds("asserts"), -1);
	CHECK_EQ_LONG(dmc_targets_parse_kinds(""), -1);
	CHECK_EQ_LONG(dmc_targets_parse_kinds("assert,"), -1);
	CHECK_EQ_LONG(dmc_targets_parse_kinds(NULL), -1);
}

static void test_targets_default(void)
{
	dmc_targets t;
	model(1, 1);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.kinds, DMC_TGT_ASSERT | DMC_TGT_CLAIM);
	CHECK_EQ_LONG(t.deadlock, 0);
	CHECK_EQ_LONG(t.ngoals, 3);
	if (t.ngoals == 3) {
		dmc_goal *g = &t.goals[0];
		CHECK_EQ_LONG(g->kind, DMC_TGT_ASSERT);
		CHECK_EQ_LONG(g->nlocs, 1);
		CHECK_EQ_LONG(g->locs[0].type, tP);
		CHECK_EQ_LONG(g->locs[0].state, 5);
		CHECK_EQ_LONG(g->locs[0].pid, -1);
		CHECK_EQ_LONG(g->extra_steps, 1);
		CHECK_EQ_LONG(g->line, 5);
		CHECK_STR(g->text, "assert((x!=7))");
		CHECK_STR(print_formula(g->formula), "!((x!=7))");
		g = &t.goals[1];
		CHECK_EQ_LONG(g->kind, DMC_TGT_ASSERT);
		CHECK_EQ_LONG(g->locs[0].type, tQ);
		CHECK_EQ_LONG(g->locs[0].state, 2);
		CHECK_STR(print_formula(g->formula), "!((y<2))");
		g = &t.goals[2];
		CHECK_EQ_LONG(g->kind, DMC_TGT_CLAIM);
		CHECK_EQ_LONG(g->locs[0].type, tN);
		CHECK_EQ_LONG(g->locs[0].state, 2);
		CHECK_EQ_LONG(g->extra_steps, 1);
		CHECK_EQ_LONG(g->line, 20);
		CHECK_STR(print_formula(g->formula), "!((x<5))");
	}
	const char *s = print_targets(&t);
	CHECK(strstr(s, "targets (assert,claim): 3 goals") != NULL);
	CHECK(strstr(s, "assert P state 5, line 5: assert((x!=7)); formula !((x!=7)); +1 step") != NULL);
	CHECK(strstr(s, "claim  never_0 state 2, line 20: assert(!(!((x<5)))); formula !((x<5))") != NULL);
	dmc_targets_free(&t);
	CHECK_EQ_LONG(t.ngoals, 0);

	/* without asserts or claim: deadlocks */
	fb_reset();
	int a = fb_type("A", 3, 1);
	fb_trans(a, 1, 2, 1, "((x>0))");
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.kinds, DMC_TGT_DEADLOCK);
	CHECK_EQ_LONG(t.deadlock, 1);
	CHECK_EQ_LONG(t.ngoals, 0);
	CHECK(strstr(print_targets(&t), "deadlock: ") != NULL);
	dmc_targets_free(&t);
	/* ... unless pan does not check them either */
	fb_checks(0, 1);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.kinds, 0);
	CHECK_EQ_LONG(t.deadlock, 0);
	dmc_targets_free(&t);
}

static void test_targets_kinds(void)
{
	dmc_targets t;
	model(1, 1);
	/* assert: every assert, the claim's ones with kind CLAIM; no claim ends */
	CHECK(build(DMC_TGT_ASSERT, &t) == 0);
	CHECK_EQ_LONG(t.kinds, DMC_TGT_ASSERT);
	CHECK_EQ_LONG(t.ngoals, 3);
	CHECK_EQ_LONG(t.ngoals == 3 ? t.goals[2].kind : 0, DMC_TGT_CLAIM);
	dmc_targets_free(&t);
	/* claim: only the claim */
	CHECK(build(DMC_TGT_CLAIM, &t) == 0);
	CHECK_EQ_LONG(t.ngoals, 1);
	CHECK_EQ_LONG(t.ngoals == 1 ? t.goals[0].locs[0].type : -1, tN);
	dmc_targets_free(&t);
	/* deadlock joins asserts */
	CHECK(build(DMC_TGT_ASSERT | DMC_TGT_DEADLOCK, &t) == 0);
	CHECK_EQ_LONG(t.ngoals, 3);
	CHECK_EQ_LONG(t.deadlock, 1);
	CHECK(strstr(print_targets(&t), "(assert,deadlock): 3 goals + invalid end states") != NULL);
	dmc_targets_free(&t);
	CHECK(build(DMC_TGT_DEADLOCK, &t) == 0);
	CHECK_EQ_LONG(t.ngoals, 0);
	CHECK_EQ_LONG(t.deadlock, 1);
	dmc_targets_free(&t);
	/* pan -A: no assert is checked, the claim's included */
	fb_checks(1, 0);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.ngoals, 0);
	CHECK_EQ_LONG(t.deadlock, 1);
	dmc_targets_free(&t);
}

/* Statement merging: "if :: x > 1 -> assert(y != 2) :: else fi" leaves
 * the assert at an unreachable state after its carrier; pan moved the
 * carrier into the if's state.  The goal: that state, the carrier's
 * guard and the negated assert.  After an assignment only the location
 * remains; an orphan (no carrier) is counted as hidden. */
static void test_targets_merged_assert(void)
{
	dmc_targets t;
	fb_reset();
	int p = fb_type("P", 10, 1);
	fb_global("x", 1);
	fb_global("y", 1);
	int copy = fb_trans(p, 1, 6, 4, "((x>1))");   /* the if's copy of the carrier */
	fb_trans(p, 1, 6, 4, "else");
	int carrier = fb_trans(p, 2, 6, 4, "((x>1))");   /* the carrier in the table, unreachable */
	fb_trans_id(copy, carrier);
	fb_trans(p, 3, 0, 4, "assert((y!=2))");
	fb_trans(p, 6, 7, 5, "x = 0");        /* carrier with an assignment */
	fb_trans(p, 7, 0, 5, "y = 2");
	fb_trans(p, 8, 0, 5, "assert((y!=2))");
	fb_trans(p, 5, 0, 6, "assert((x!=9))");   /* orphan: state 4 is no carrier */
	fb_set("x", 0, 0);
	fb_set("y", 0, 0);
	CHECK(build(DMC_TGT_ASSERT, &t) == 0);
	const char *s = print_targets(&t);
	CHECK_EQ_LONG(t.ngoals, 2);
	CHECK_EQ_LONG(t.hidden_asserts, 1);
	CHECK(strstr(s, "merged into the step from state 1") != NULL);
	CHECK(strstr(s, "formula ((x>1)&&!((y!=2)))") != NULL || strstr(s, "formula ((x>1)&&(y==2))") != NULL);
	CHECK(strstr(s, "merged into the step from state 6: x = 0); +1 step") != NULL);
	if (t.ngoals == 2) {
		CHECK_EQ_LONG(t.goals[0].locs[0].state, 1);
		CHECK(t.goals[0].formula != NULL);
		CHECK_EQ_LONG(t.goals[1].locs[0].state, 6);
		CHECK(t.goals[1].formula == NULL);
	}
	dmc_targets_free(&t);
}

/* never { do :: x>3 -> break :: x==2 -> goto done :: else od; x==5; done: skip } */
static void claim_with_end(int end_label_only)
{
	fb_reset();
	int p = fb_type("P", 3, 1);
	fb_global("x", 1);
	fb_trans(p, 1, 2, 1, "x = (x+1)");
	tN = fb_type("never_0", 12, 6);
	fb_claim(tN);
	fb_trans(tN, 6, 9, 3, "((x>3))");
	fb_trans(tN, 6, 10, 3, "((x==2))");
	fb_trans(tN, 6, 6, 3, "else");
	fb_trans(tN, 9, 10, 4, "((x==5))");
	fb_trans(tN, 10, 11, 5, "(1)");
	if (end_label_only)
		fb_label(tN, 11, DMC_LBL_END);        /* no -end- transition listed */
	else
		fb_trans(tN, 11, 0, 6, "-end-");
	fb_proc(tN, 6);
	fb_proc(p, 1);
}

static void test_targets_claim_end(void)
{
	dmc_targets t;
	for (int variant = 0; variant < 2; variant++) {
		claim_with_end(variant);
		CHECK(build(DMC_TGT_CLAIM, &t) == 0);
		CHECK_EQ_LONG(t.ngoals, 1);
		if (t.ngoals == 1) {
			dmc_goal *g = &t.goals[0];
			CHECK_EQ_LONG(g->kind, DMC_TGT_CLAIM);
			CHECK_EQ_LONG(g->locs[0].type, tN);
			CHECK_EQ_LONG(g->locs[0].state, 11);
			CHECK_EQ_LONG(g->locs[0].pid, -1);
			CHECK_EQ_LONG(g->extra_steps, 0);
			CHECK(g->formula == NULL);
			CHECK_EQ_LONG(g->line, variant ? 5 : 6);   /* incoming if none leaves */
			CHECK_STR(g->text, "end state of never claim never_0");
		}
		CHECK(strstr(print_targets(&t), "claim  never_0 state 11, line") != NULL);
		dmc_targets_free(&t);
	}
	/* the default finds the claim's end too */
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.ngoals, 1);
	CHECK_EQ_LONG(t.kinds, DMC_TGT_ASSERT | DMC_TGT_CLAIM);
	dmc_targets_free(&t);
}

static void expect_build_error(int kinds, const char *fragment)
{
	dmc_targets t;
	char err[256] = "";
	CHECK(dmc_targets_build(kinds, &t, err, sizeof err) < 0);
	CHECK(strstr(err, fragment) != NULL);
	if (!strstr(err, fragment))
		fprintf(stderr, "  got \"%s\"\n", err);
	CHECK_EQ_LONG(t.ngoals, 0);
	CHECK(t.goals == NULL);
}

static void test_targets_errors(void)
{
	model(0, 1);
	expect_build_error(DMC_TGT_CLAIM, "--target claim: the model has no never claim or ltl formula");
	expect_build_error(DMC_TGT_ASSERT | DMC_TGT_CLAIM, "no never claim");
	expect_build_error(64, "unknown target");
	fb_checks(1, 0);
	expect_build_error(DMC_TGT_ASSERT, "--target assert: pan does not check assertions");
	fb_checks(0, 1);
	expect_build_error(DMC_TGT_DEADLOCK, "--target deadlock: pan does not check invalid end states");

	fb_reset();
	int a = fb_type("A", 3, 1);
	fb_trans(a, 1, 2, 1, "((x>0))");
	expect_build_error(DMC_TGT_ASSERT, "--target assert: the model has no assert statements");
	/* a liveness claim: accept states only */
	int n = fb_type("never_0", 4, 1);
	fb_claim(n);
	fb_trans(n, 1, 2, 1, "((x>0))");
	fb_trans(n, 2, 2, 1, "(1)");
	fb_label(n, 2, DMC_LBL_ACCEPT);
	expect_build_error(DMC_TGT_CLAIM, "--target claim: the never claim never_0 has no assert and no end state");
}

static void test_targets_unreachable(void)
{
	dmc_targets t;
	fb_reset();
	int a = fb_type("A", 6, 1);
	fb_trans(a, 1, 2, 1, "assert((x>0))");
	fb_trans(a, 2, 1, 1, "(1)");
	fb_trans(a, 4, 5, 9, "assert((x<0))");    /* dead code after the loop */
	fb_trans(a, 5, 0, 9, "-end-");
	/* an ltl claim: pan's table also holds its unreachable end state */
	int n = fb_type("p1", 11, 6);
	fb_claim(n);
	fb_trans(n, 6, 2, 3, "(!((x<5)))");
	fb_trans(n, 6, 6, 3, "(1)");
	fb_trans(n, 2, 6, 3, "assert(!(!((x<5))))");
	fb_trans(n, 8, 10, 8, "(1)");
	fb_label(n, 10, DMC_LBL_END);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.ngoals, 2);
	for (int i = 0; i < t.ngoals; i++) {
		CHECK(t.goals[i].locs[0].state != 4);
		CHECK(t.goals[i].locs[0].state != 10);
	}
	dmc_targets_free(&t);
}

static void test_targets_unparsable_assert(void)
{
	dmc_targets t;
	fb_reset();
	int a = fb_type("A", 3, 1);
	fb_trans(a, 1, 2, 4, "assert((x<))");     /* still a location */
	CHECK(build(DMC_TGT_ASSERT, &t) == 0);
	CHECK_EQ_LONG(t.ngoals, 1);
	CHECK(t.ngoals == 1 && t.goals[0].formula == NULL);
	dmc_targets_free(&t);
}

/* ---- errors no goal locates: pruning is vetoed ---- */

static int hides(const char *text)
{
	char why[256];
	return dmc_dstep_text_may_hide(text, why, sizeof why);
}

static void test_dstep_scan(void)
{
	CHECK_EQ_LONG(hides("active proctype P() { d_step { x = 1; y = 2 }; assert(x) }"), 0);
	CHECK_EQ_LONG(hides("active proctype P() { d_step { x = 1; assert(x == 1) } }"), 1);
	CHECK_EQ_LONG(hides("active proctype P() { d_step{c_code { now.x = 1; }} }"), 1);
	CHECK_EQ_LONG(hides("#define CHK(v) assert(v)\nactive proctype P() { d_step { CHK(x) } }"), 1);
	CHECK_EQ_LONG(hides("# define CHK \\\n  assert(x)\nactive proctype P() { d_step { CHK } }"), 1);
	CHECK_EQ_LONG(hides("inline b() { assert(0) }\ninline a(v) { v = 1; b() }\n"
	                    "active proctype P() { d_step { a(x) } }"), 1);        /* through two inlines */
	CHECK_EQ_LONG(hides("inline a(v) { v = 1 }\nactive proctype P() { d_step { a(x) }; assert(x) }"), 0);
	CHECK_EQ_LONG(hides("active proctype P() { d_step { x = 1 /* assert(x) */ } }"), 0);
	CHECK_EQ_LONG(hides("active proctype P() { d_step { x = 1 // assert(x)\n } }"), 0);
	CHECK_EQ_LONG(hides("active proctype P() { d_step { printf(\"assert(x)\") } }"), 0);
	CHECK_EQ_LONG(hides("D_proctype P() { x = 1; assert(x) }"), 1);
	CHECK_EQ_LONG(hides("active proctype P() { d_step { a[i] = 1 } }"), 1);    /* bounds check */
	CHECK_EQ_LONG(hides("#define A a[i]\nactive proctype P() { d_step { A = 1 } }"), 1);
	CHECK_EQ_LONG(hides("#include \"other.pml\"\nactive proctype P() { d_step { x = 1 } }"), 1);
	CHECK_EQ_LONG(hides("active proctype P() { d_step { x = 1 } "), 0);    /* unbalanced: no body */
	char why[256];
	CHECK_EQ_LONG(dmc_dstep_file_may_hide("/nonexistent/model.pml", why, sizeof why), 1);
	CHECK(strstr(why, "cannot read") != NULL);
}

/* pan's Boundcheck reports an index out of range as an assertion
 * violation: unless every index is known to be in range, the targets
 * veto pruning. */
static void test_index_veto(void)
{
	dmc_targets t;
	static const struct { const char *text; int veto; } cases[] = {
		{ "arr[1] = 0", 0 }, { "arr[2] = 0", 1 }, { "x = arr[(1-_pid)]", 0 },
		{ "arr[x] = 0", 1 }, { "x = arr[k]", 0 }, { "((arr[k]>0))", 0 },
		{ "c!arr[x]", 1 }, { "assert((arr[x]==0))", 1 }, { "assert((arr[k]==0))", 0 },
		{ "printf('%d',arr[x])", 1 }, { "x = 1", 0 }, { "q[x] = 1", 1 },
		{ "printf('a[%d], b',arr[k],x)", 0 }, { "(run A(arr[1],x))", 0 }, { "(run A(arr[x]))", 1 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		fb_reset();
		int a = fb_type("A", 4, 1);
		fb_global("arr", 2);
		fb_global("x", 1);
		fb_global("k", 1);                /* never written: its value, 1, is in range */
		fb_chan_var(-1, "c", 1);
		fb_trans(a, 1, 2, 7, cases[i].text);
		fb_trans(a, 2, 3, 8, "assert((x<5))");
		fb_trans(a, 3, 1, 9, "x = (x+1)");    /* x may be anything */
		fb_proc(a, 1);
		fb_set("k", 0, 1);
		CHECK(build(0, &t) == 0);
		if ((t.prune_veto[0] != 0) != cases[i].veto)
			fprintf(stderr, "index veto for \"%s\": \"%s\"\n", cases[i].text, t.prune_veto);
		CHECK_EQ_LONG(t.prune_veto[0] != 0, cases[i].veto);
		CHECK_EQ_LONG(dmc_heuristic_prune_veto(&t, NULL, NULL) != NULL, cases[i].veto);
		dmc_targets_free(&t);
	}
	/* a D_STEP with a model file that cannot be read vetoes too */
	fb_reset();
	int a = fb_type("A", 4, 1);
	fb_global("x", 1);
	fb_trans(a, 1, 2, 7, "D_STEP3");
	fb_trans(a, 2, 3, 8, "assert((x<5))");
	fb_proc(a, 1);
	CHECK(build(0, &t) == 0);
	CHECK(strstr(t.prune_veto, "d_step") != NULL);
	CHECK(strstr(print_targets(&t), "no dead-end pruning") != NULL);
	dmc_targets_free(&t);
}

/* ---- the registry ---- */

/* --range-checks: which heuristics aim at range checks last, per mode;
 * hL stays admissible unless told otherwise */
static void test_range_modes(void)
{
	static dmc_goal goals[2];
	static dmc_loc loc = { 0, 0, 3 };
	dmc_targets t;
	const dmc_heuristic *hL = dmc_heuristic_find("hL"), *hU = dmc_heuristic_find("hU"),
	                    *hUc = dmc_heuristic_find("hUc"), *dL = dmc_heuristic_find("dL");
	memset(&t, 0, sizeof t);
	goals[0].locs = &loc;
	goals[0].nlocs = 1;
	goals[1].locs = &loc;
	goals[1].nlocs = 1;
	goals[1].range_check = 1;
	t.goals = goals;
	t.ngoals = 2;
	t.nrange_checks = 1;
	CHECK_EQ_LONG(dmc_targets_range_mode("goal"), DMC_RANGE_GOAL);
	CHECK_EQ_LONG(dmc_targets_range_mode("fallback"), DMC_RANGE_FALLBACK);
	CHECK_EQ_LONG(dmc_targets_range_mode("auto"), DMC_RANGE_AUTO);
	t.range_mode = DMC_RANGE_GOAL;
	CHECK(!dmc_heuristic_range_fallback(hL, &t) && !dmc_heuristic_range_fallback(hU, &t));
	CHECK(dmc_heuristic_admissible(hL, &t));
	t.range_mode = DMC_RANGE_FALLBACK;
	CHECK(dmc_heuristic_range_fallback(hL, &t) && dmc_heuristic_range_fallback(hU, &t));
	CHECK(!dmc_heuristic_admissible(hL, &t));
	t.range_mode = DMC_RANGE_AUTO;
	CHECK(!dmc_heuristic_range_fallback(hL, &t));
	CHECK(dmc_heuristic_admissible(hL, &t));
	CHECK(dmc_heuristic_range_fallback(hU, &t) && dmc_heuristic_range_fallback(hUc, &t));
	CHECK(!dmc_heuristic_range_fallback(dL, &t) && dmc_heuristic_admissible(dL, &t));
	/* nothing else to aim at first: no tiers whatever the mode */
	t.ngoals = 1;
	t.goals = &goals[1];
	CHECK(!dmc_heuristic_range_fallback(hU, &t));
}

static void test_registry(void)
{
	const char *names[] = { "none", "dL", "dU", "hf", "deadlock", "hL", "hU", "hUc", "htime", "pdb",
	                        "pdb-pred" };
	const dmc_heuristic *const *all = dmc_heuristic_all();
	int n = 0, nnames = 0;
	while (all[n])
		n++;
	/* the registry and the driver's list of names are one heuristics.def */
	while (dmc_heuristic_names[nnames])
		nnames++;
	CHECK_EQ_LONG(n, nnames);
	for (int i = 0; i < n && i < nnames; i++)
		CHECK_STR(all[i]->name, dmc_heuristic_names[i]);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const dmc_heuristic *h = dmc_heuristic_find(names[i]);
		CHECK(h != NULL);
		CHECK_STR(h ? h->name : NULL, names[i]);
		CHECK(h && h->summary && h->create && h->eval && h->free);
	}
	CHECK(dmc_heuristic_find("dl") == dmc_heuristic_find("dL"));
	CHECK(dmc_heuristic_find("DU") == dmc_heuristic_find("dU"));
	CHECK(dmc_heuristic_find("d") == NULL);
	CHECK(dmc_heuristic_find("nonexistent") == NULL);
	CHECK(dmc_heuristic_find(NULL) == NULL);
	CHECK(dmc_heuristic_find("none")->admissible);
	CHECK(dmc_heuristic_find("dL")->admissible);
	CHECK(!dmc_heuristic_find("dU")->admissible);
	CHECK(!dmc_heuristic_find("hf")->admissible);
	CHECK(!dmc_heuristic_find("deadlock")->admissible);
	CHECK(dmc_heuristic_find("dL")->proves_dead_ends);
	CHECK(!dmc_heuristic_find("hf")->proves_dead_ends);
	CHECK(dmc_heuristic_find("hL")->admissible && dmc_heuristic_find("hL")->proves_dead_ends);
	CHECK(dmc_heuristic_find("pdb")->admissible && dmc_heuristic_find("pdb")->proves_dead_ends);
	CHECK(dmc_heuristic_find("pdb-pred")->admissible && dmc_heuristic_find("pdb-pred")->proves_dead_ends);
	CHECK(!dmc_heuristic_find("hU")->admissible && dmc_heuristic_find("hU")->proves_dead_ends);
}

static void test_none(void)
{
	dmc_targets t;
	char err[256];
	const dmc_heuristic *h = dmc_heuristic_find("none");
	model(0, 1);
	fb_proc(tP, 1);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(th_eval_once(h, &t, err, sizeof err, NULL, NULL, 0), 0);
	dmc_targets_free(&t);
}

/* ---- dL / dU ---- */

static int eval_with(const char *name, const dmc_targets *t)
{
	char err[256];
	const dmc_heuristic *h = dmc_heuristic_find(name);
	int v = th_eval_once(h, t, err, sizeof err, NULL, NULL, 0);
	if (v < 0)
		fprintf(stderr, "%s create: %s\n", name, err);
	return v;
}

static void test_dist_one_location_goals(void)
{
	dmc_targets t;
	model(0, 1);
	int p = fb_proc(tP, 1);
	CHECK(build(0, &t) == 0);
	/* P at 1: 1 step to the assert + 1; Q (none yet, P can run one): 1 + 1 + 1 */
	CHECK_EQ_LONG(eval_with("dL", &t), 2);
	CHECK_EQ_LONG(eval_with("dU", &t), 2);
	fb_move(p, 2);                    /* P: 3 + 1 = 4; Q: 3 */
	CHECK_EQ_LONG(eval_with("dL", &t), 3);
	fb_move(p, 3);
	CHECK_EQ_LONG(eval_with("dL", &t), 3);
	fb_move(p, 5);
	CHECK_EQ_LONG(eval_with("dL", &t), 1);
	fb_move(p, 6);                    /* P past its assert: only Q remains */
	CHECK_EQ_LONG(eval_with("dL", &t), 3);
	int q = fb_proc(tQ, 1);
	CHECK_EQ_LONG(eval_with("dL", &t), 2);
	fb_move(q, 2);
	CHECK_EQ_LONG(eval_with("dL", &t), 1);
	fb_move(q, 3);                    /* a fresh Q can still come */
	CHECK_EQ_LONG(eval_with("dL", &t), 3);
	fb_move(p, 7);
	CHECK_EQ_LONG(eval_with("dL", &t), 3);
	dmc_targets_free(&t);
}

static void test_dist_inf(void)
{
	dmc_targets t;
	char err[256];
	model(0, 0);                      /* nobody runs Q */
	int p = fb_proc(tP, 6);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(eval_with("dL", &t), INF);    /* no Q and P is past its assert */
	CHECK_EQ_LONG(eval_with("dU", &t), INF);
	int q = fb_proc(tQ, 1);
	CHECK_EQ_LONG(eval_with("dL", &t), 2);
	fb_move(q, 3);
	fb_move(p, 7);
	CHECK_EQ_LONG(eval_with("dL", &t), INF);
	fb_move(p, 0);                    /* a finished process */
	CHECK_EQ_LONG(eval_with("dL", &t), INF);
	/* with deadlocks also a target, a deadlock may be one step away: h = 0 */
	t.deadlock = 1;
	CHECK_EQ_LONG(eval_with("dL", &t), 0);
	dmc_targets_free(&t);
	/* no locations at all: init fails */
	CHECK(build(DMC_TGT_DEADLOCK, &t) == 0);
	CHECK(th_refuses(dmc_heuristic_find("dL"), &t, err, sizeof err));
	CHECK_STR(err, "dL/dU need target locations (asserts or a never claim); the model has none");
	CHECK(th_refuses(dmc_heuristic_find("dU"), &t, err, sizeof err));
	dmc_targets_free(&t);
}

static void test_dist_with_claim(void)
{
	dmc_targets t;
	model(1, 1);                      /* pid 0: the claim at 1 */
	int p = fb_proc(tP, 2);
	CHECK(build(0, &t) == 0);
	/* claim: 1 + 1; P: 3 + 1; Q: fresh 1 + 1 + 1 */
	CHECK_EQ_LONG(eval_with("dL", &t), 2);
	fb_move(0, 2);
	CHECK_EQ_LONG(eval_with("dL", &t), 1);
	dmc_targets_free(&t);
	/* claim targets only */
	CHECK(build(DMC_TGT_CLAIM, &t) == 0);
	fb_move(0, 1);
	fb_move(p, 5);
	CHECK_EQ_LONG(eval_with("dL", &t), 2);
	dmc_targets_free(&t);
	/* a claim end state: extra 0 */
	claim_with_end(0);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(eval_with("dL", &t), 2);      /* 6 -> 10 -> 11 (x==2 on the way) */
	fb_move(0, 10);
	CHECK_EQ_LONG(eval_with("dL", &t), 1);
	fb_move(0, 11);
	CHECK_EQ_LONG(eval_with("dL", &t), 0);
	dmc_targets_free(&t);
}

/* A hand-made target set: one goal over the given locations. */
static dmc_loc locs[4];
static dmc_goal goals[2];
static dmc_targets hand(int nlocs, int extra)
{
	dmc_targets t = { 0 };
	memset(goals, 0, sizeof goals);
	goals[0].kind = DMC_TGT_ASSERT;
	goals[0].nlocs = nlocs;
	goals[0].locs = locs;
	goals[0].extra_steps = extra;
	t.kinds = DMC_TGT_ASSERT;
	t.ngoals = 1;
	t.goals = goals;
	return t;
}

static void test_dist_conjunctions(void)
{
	model(0, 1);
	int p = fb_proc(tP, 2);
	int q = fb_proc(tQ, 1);
	locs[0] = (dmc_loc){ tP, 5, -1 };
	locs[1] = (dmc_loc){ tQ, 2, -1 };
	dmc_targets t = hand(2, 0);
	/* P needs 3, Q needs 1: dL takes the max, dU the sum */
	CHECK_EQ_LONG(eval_with("dL", &t), 3);
	CHECK_EQ_LONG(eval_with("dU", &t), 4);
	t.goals[0].extra_steps = 2;
	CHECK_EQ_LONG(eval_with("dL", &t), 5);
	CHECK_EQ_LONG(eval_with("dU", &t), 6);
	t.goals[0].extra_steps = 0;
	/* the best instance counts */
	fb_proc(tQ, 2);
	CHECK_EQ_LONG(eval_with("dU", &t), 3);
	/* P at 6 cannot get back to 5 and nobody runs P */
	fb_move(p, 6);
	CHECK_EQ_LONG(eval_with("dL", &t), INF);
	CHECK_EQ_LONG(eval_with("dU", &t), INF);
	/* a second goal that is reachable decides */
	goals[1] = goals[0];
	goals[1].nlocs = 1;
	goals[1].locs = &locs[1];
	goals[1].extra_steps = 1;
	t.ngoals = 2;
	CHECK_EQ_LONG(eval_with("dL", &t), 1);
	(void)q;
}

static void test_dist_specific_pid(void)
{
	model(0, 1);
	fb_proc(tP, 1);                   /* pid 0: 1 step */
	fb_proc(tP, 2);                   /* pid 1: 3 steps */
	locs[0] = (dmc_loc){ tP, 5, 1 };
	dmc_targets t = hand(1, 1);
	CHECK_EQ_LONG(eval_with("dL", &t), 4);
	locs[0].pid = -1;
	CHECK_EQ_LONG(eval_with("dL", &t), 2);
	locs[0].pid = 7;                  /* not running, and P is never run */
	CHECK_EQ_LONG(eval_with("dL", &t), INF);
	locs[0] = (dmc_loc){ tQ, 2, 5 };  /* not running yet, but Q can be run */
	CHECK_EQ_LONG(eval_with("dL", &t), 3);
	locs[0] = (dmc_loc){ tP, 99, -1 };   /* no such state */
	CHECK_EQ_LONG(eval_with("dL", &t), INF);
	/* a goal without location bounds h by its extra steps and is never INF */
	goals[1].kind = DMC_TGT_ASSERT;
	goals[1].nlocs = 0;
	goals[1].extra_steps = 2;
	t.ngoals = 2;
	CHECK_EQ_LONG(eval_with("dL", &t), 2);
}

/* ---- hgoal ---- */

/* hgoal of the current state with --hgoal-weight w ("" for the default) */
static int goal_eval_weighted(const dmc_targets *t, const char *w)
{
	char err[256];
	const dmc_heuristic *h = dmc_heuristic_find("hgoal");
	dmc_optv values;
	dmc_heuristic_opts o = dmc_heuristic_default_opts();
	memset(&values, 0, sizeof values);
	if (*w)
		values.v[DMC_OPT_HGOAL_WEIGHT] = w;
	o.values = &values;
	void *self = h->create(t, &o, err, sizeof err);
	if (!self)
		return -1;
	int v = h->eval(self, dmc_view_now());
	h->free(self);
	return v;
}

static void test_goal_count(void)
{
	char err[256];
	model(0, 1);
	int p = fb_proc(tP, 2);
	int q = fb_proc(tQ, 1);
	locs[0] = (dmc_loc){ tP, 5, -1 };
	locs[1] = (dmc_loc){ tQ, 2, -1 };
	dmc_targets t = hand(2, 1);
	const dmc_heuristic *h = dmc_heuristic_find("hgoal");
	CHECK(h && !h->admissible && !h->proves_dead_ends);
	/* neither location held: 2; one: 1; both: 0 (its error is extra_steps away) */
	CHECK_EQ_LONG(goal_eval_weighted(&t, ""), 2);
	CHECK_EQ_LONG(goal_eval_weighted(&t, "3"), 6);
	fb_move(q, 2);
	CHECK_EQ_LONG(goal_eval_weighted(&t, ""), 1);
	fb_move(p, 5);
	CHECK_EQ_LONG(goal_eval_weighted(&t, "3"), 0);
	/* never infinite: P past its location, nobody runs another */
	fb_move(p, 7);
	CHECK_EQ_LONG(goal_eval_weighted(&t, ""), 1);
	/* the nearest goal counts; a goal without location gives 0 */
	goals[1] = goals[0];
	goals[1].nlocs = 0;
	t.ngoals = 2;
	CHECK_EQ_LONG(goal_eval_weighted(&t, ""), 0);
	/* deadlocks a target: 0 everywhere */
	t.ngoals = 1;
	t.deadlock = 1;
	CHECK_EQ_LONG(goal_eval_weighted(&t, "5"), 0);
	/* nothing with a location to count: refused */
	t.deadlock = 0;
	goals[0].nlocs = 0;
	CHECK(th_refuses(h, &t, err, sizeof err));
	CHECK_STR(err, "hgoal counts the locations of goals: the targets have none");
}

/* ---- hf ---- */

static void test_hf(void)
{
	dmc_targets t;
	char err[256];
	model(0, 1);
	fb_proc(tP, 1);
	fb_set("x", 0, 3);
	fb_set("y", 0, 0);
	CHECK(build(0, &t) == 0);
	/* P: x==7 is 4 away, +1; Q: y>=2 is 2 away, +1 */
	CHECK_EQ_LONG(eval_with("hf", &t), 3);
	fb_set("y", 0, 5);
	CHECK_EQ_LONG(eval_with("hf", &t), 1);
	fb_set("y", 0, 0);
	fb_set("x", 0, 7);
	CHECK_EQ_LONG(eval_with("hf", &t), 1);
	fb_set("x", 0, 12);
	CHECK_EQ_LONG(eval_with("hf", &t), 3);
	dmc_targets_free(&t);

	model(1, 1);                      /* the claim's formula: x>=5 */
	fb_set("x", 0, 3);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(eval_with("hf", &t), 3);
	fb_set("x", 0, 4);
	CHECK_EQ_LONG(eval_with("hf", &t), 2);
	dmc_targets_free(&t);

	/* init failures */
	fb_has_vars(0);
	CHECK(build(0, &t) == 0);
	CHECK(th_refuses(dmc_heuristic_find("hf"), &t, err, sizeof err));
	CHECK(strstr(err, "variable accessors") != NULL);
	dmc_targets_free(&t);
	fb_has_vars(1);
	CHECK(build(DMC_TGT_DEADLOCK, &t) == 0);
	CHECK(th_refuses(dmc_heuristic_find("hf"), &t, err, sizeof err));
	CHECK(strstr(err, "formula") != NULL);
	dmc_targets_free(&t);
}

static void test_hf_locals(void)
{
	dmc_targets t;
	fb_reset();
	int r = fb_type("R", 4, 1);
	fb_local(r, "i", 1);
	fb_trans(r, 1, 2, 1, "assert((i!=2))");
	CHECK(build(0, &t) == 0);
	/* no R yet: i cannot be read, so the formula counts 0 */
	CHECK_EQ_LONG(eval_with("hf", &t), 1);
	int a = fb_proc(r, 1), b = fb_proc(r, 1);
	fb_set_local(a, "i", 0, 0);
	fb_set_local(b, "i", 0, 5);
	CHECK_EQ_LONG(eval_with("hf", &t), 3);        /* min(|0-2|, |5-2|) + 1 */
	fb_set_local(b, "i", 0, 2);
	CHECK_EQ_LONG(eval_with("hf", &t), 1);
	/* a goal for one process reads only that one */
	t.goals[0].locs[0].pid = a;
	CHECK_EQ_LONG(eval_with("hf", &t), 3);
	dmc_targets_free(&t);
}

static void test_hf_goal_without_formula(void)
{
	dmc_targets t;
	claim_with_end(0);
	fb_set("x", 0, 100);
	CHECK(build(0, &t) == 0);
	/* no formula here: the goal counts its extra steps, no refusal */
	CHECK_EQ_LONG(eval_with("hf", &t), 0);
	dmc_targets_free(&t);
	/* with an assert too, the claim's end goal counts 0 + 0 */
	int p = fb_type("A", 3, 1);
	fb_trans(p, 1, 2, 1, "assert((x<5))");
	fb_proc(p, 1);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.ngoals, 2);
	CHECK_EQ_LONG(eval_with("hf", &t), 0);
	dmc_targets_free(&t);
}

static void test_hf_saturates(void)
{
	dmc_targets t;
	fb_reset();
	int a = fb_type("A", 3, 1);
	fb_global("x", 1);
	fb_trans(a, 1, 2, 1, "assert((x!=-5))");
	fb_proc(a, 1);
	fb_set("x", 0, 9000000000000000000L);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(eval_with("hf", &t), INF - 1);
	dmc_targets_free(&t);
}

/* An assert hf cannot read is a goal all the same (issue 13): the
 * conditional SPIN writes into an array index is read, anything still
 * unreadable counts 0 + 1 instead of a refusal. */
static void test_hf_unreadable_assert(void)
{
	dmc_targets t;
	fb_reset();
	int a = fb_type("A", 4, 1);
	fb_global("c", 1);
	fb_global("arr", 2);
	fb_trans(a, 1, 2, 1, "assert((arr[( (c) ? (1) : (0) )]==0))");
	fb_proc(a, 1);
	fb_set("c", 0, 1);
	fb_set("arr", 1, 4);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.unparsed, 0);
	CHECK(t.ngoals == 1 && t.goals[0].formula != NULL);
	CHECK_EQ_LONG(eval_with("hf", &t), 1);            /* arr[1] != 0 already */
	fb_set("arr", 1, 0);
	CHECK_EQ_LONG(eval_with("hf", &t), 2);
	dmc_targets_free(&t);

	fb_reset();
	a = fb_type("A", 4, 1);
	fb_global("x", 1);
	fb_trans(a, 1, 2, 1, "assert((x<))");
	fb_proc(a, 1);
	CHECK(build(0, &t) == 0);
	CHECK_EQ_LONG(t.unparsed, 1);
	CHECK(strstr(print_targets(&t), "not understood") != NULL);
	CHECK_EQ_LONG(eval_with("hf", &t), 1);
	dmc_targets_free(&t);
}

/* ---- deadlock ---- */

static void test_deadlock(void)
{
	dmc_targets t;
	char err[256];
	fb_reset();
	fb_global("x", 1);
	fb_chan_var(-1, "c", 1);
	fb_chan_var(-1, "r", 1);
	int c = fb_chan(1), r = fb_chan(0);
	fb_set("c", 0, c);
	fb_set("r", 0, r);
	fb_set("x", 0, 3);
	int A = fb_type("A", 3, 1), B = fb_type("B", 3, 1), C = fb_type("C", 3, 1);
	int D = fb_type("D", 3, 1), E = fb_type("E", 3, 1), F = fb_type("F", 3, 1);
	fb_trans(A, 1, 2, 1, "c?x");
	fb_trans(A, 1, 2, 1, "((x>5))");
	fb_trans(B, 1, 2, 2, "((x<5))");
	fb_trans(C, 1, 0, 3, "-end-");        /* finished */
	fb_trans(D, 1, 2, 4, "r!1");          /* rendezvous: may move */
	fb_trans(E, 1, 2, 5, "((x>5))");
	fb_trans(E, 1, 2, 5, "else");
	fb_trans(F, 1, 2, 6, "x = 1");
	fb_trans(F, 2, 1, 6, "c!x");
	int pa = fb_proc(A, 1), pb = fb_proc(B, 1), pc = fb_proc(C, 1);
	int pd = fb_proc(D, 1), pe = fb_proc(E, 1), pf = fb_proc(F, 1);
	CHECK(build(DMC_TGT_DEADLOCK, &t) == 0);
	CHECK_EQ_LONG(eval_with("deadlock", &t), 4);     /* B D E F */
	fb_chan_len(c, 1);
	CHECK_EQ_LONG(eval_with("deadlock", &t), 5);     /* A too */
	fb_set("x", 0, 6);
	CHECK_EQ_LONG(eval_with("deadlock", &t), 4);     /* A D E F */
	fb_move(pf, 2);                                   /* c is full */
	CHECK_EQ_LONG(eval_with("deadlock", &t), 3);
	fb_chan_len(c, 0);
	fb_set("x", 0, 3);
	fb_move(pb, 2);                                   /* no transitions left */
	fb_move(pd, 2);
	fb_move(pe, 2);
	CHECK_EQ_LONG(eval_with("deadlock", &t), 1);     /* F: c!x */
	fb_chan_len(c, 1);                               /* F blocked, A done */
	fb_move(pa, 2);
	CHECK_EQ_LONG(eval_with("deadlock", &t), 0);
	(void)pc;
	dmc_targets_free(&t);

	/* the never claim is not a process that can deadlock */
	int n = fb_type("never_0", 2, 1);
	fb_claim(n);
	fb_trans(n, 1, 1, 9, "(1)");
	fb_proc(n, 1);
	CHECK(build(DMC_TGT_DEADLOCK, &t) == 0);
	CHECK_EQ_LONG(eval_with("deadlock", &t), 0);
	dmc_targets_free(&t);

	/* only for deadlock targets */
	model(0, 1);
	CHECK(build(DMC_TGT_ASSERT, &t) == 0);
	CHECK(th_refuses(dmc_heuristic_find("deadlock"), &t, err, sizeof err));
	CHECK(strstr(err, "--target deadlock") != NULL);
	dmc_targets_free(&t);
}

static void test_deadlock_locals(void)
{
	dmc_targets t;
	fb_reset();
	int a = fb_type("A", 3, 1);
	fb_local(a, "i", 1);
	fb_trans(a, 1, 2, 1, "((i>0))");
	int p = fb_proc(a, 1), q = fb_proc(a, 1);
	fb_set_local(q, "i", 0, 1);
	CHECK(build(DMC_TGT_DEADLOCK, &t) == 0);
	CHECK_EQ_LONG(eval_with("deadlock", &t), 1);      /* only q */
	fb_set_local(p, "i", 0, 4);
	CHECK_EQ_LONG(eval_with("deadlock", &t), 2);
	dmc_targets_free(&t);
}

/* Two instances of every heuristic at once for the same targets: each
 * answers what a lone instance answers, and freeing one leaves the other
 * working. */
static void test_instances_side_by_side(void)
{
	dmc_targets t;
	char err[256];
	dmc_heuristic_opts o = dmc_heuristic_default_opts();
	model(1, 1);
	fb_proc(tP, 1);
	CHECK(build(DMC_TGT_ASSERT | DMC_TGT_CLAIM, &t) == 0);
	const dmc_heuristic *const *all = dmc_heuristic_all();
	for (int i = 0; all[i]; i++) {
		if (strcmp(all[i]->name, "deadlock") == 0)
			continue;
		if (strcmp(all[i]->name, "htime") == 0 || strcmp(all[i]->name, "hplan") == 0
		    || strcmp(all[i]->name, "hff") == 0) {
			/* needs an ANMLite translation's timeline data or planning
			 * graph (test_htime.c; hplan: tests/e2e/anml.sh), or a PDDL
			 * translation's task (hff: tests/e2e/pddl.sh) */
			CHECK(th_refuses(all[i], &t, err, sizeof err));
			continue;
		}
		int solo = th_eval_once(all[i], &t, err, sizeof err, NULL, NULL, 0);
		void *a = all[i]->create(&t, &o, err, sizeof err);
		void *b = all[i]->create(&t, &o, err, sizeof err);
		CHECK(a && b);
		if (!a || !b)
			continue;
		CHECK(solo >= 0);
		CHECK_EQ_LONG(all[i]->eval(a, dmc_view_now()), solo);
		CHECK_EQ_LONG(all[i]->eval(b, dmc_view_now()), solo);
		all[i]->free(a);
		CHECK_EQ_LONG(all[i]->eval(b, dmc_view_now()), solo);
		all[i]->free(b);
	}
	dmc_targets_free(&t);
}

/* targets t restricted to the goal whose first location is in `type` */
static dmc_targets goals_in(const dmc_targets *t, int type)
{
	dmc_targets v = *t;
	v.ngoals = 0;
	for (int i = 0; i < t->ngoals; i++)
		if (t->goals[i].nlocs > 0 && t->goals[i].locs[0].type == type) {
			v.goals = &t->goals[i];
			v.ngoals = 1;
			break;
		}
	return v;
}

/* Two instances of one heuristic for two target sets, evaluated in turn
 * in the same states: each keeps its own data (for hL its own abstract
 * model and value cache, keyed by the abstract state only: a shared
 * cache would hand one instance the other's values). */
static void test_instances_for_two_target_sets(void)
{
	static const char *const names[] = { "hL", "hU", "dL", "dU", "hf" };
	dmc_targets t;
	char err[256];
	dmc_heuristic_opts o = dmc_heuristic_default_opts();
	model(0, 1);
	fb_has_vars(1);
	int p = fb_proc(tP, 1);
	CHECK(build(DMC_TGT_ASSERT, &t) == 0);
	/* P's assert((x!=7)) and Q's assert((y<2)); Q needs y > 0 first */
	dmc_targets tp = goals_in(&t, tP), tq = goals_in(&t, tQ);
	CHECK(tp.ngoals == 1 && tq.ngoals == 1);
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		const dmc_heuristic *h = dmc_heuristic_find(names[k]);
		void *a = h->create(&tp, &o, err, sizeof err);
		void *b = h->create(&tq, &o, err, sizeof err);
		CHECK(a && b);
		if (!a || !b) {
			fprintf(stderr, "%s: %s\n", names[k], err);
			h->free(a);
			h->free(b);
			continue;
		}
		int differ = 0;
		/* states: P at 1, 2, 5 with y = 0, then with y = 1 */
		static const int at[] = { 1, 2, 5, 1, 5 };
		for (size_t s = 0; s < sizeof at / sizeof at[0]; s++) {
			fb_move(p, at[s]);
			fb_set("y", 0, s >= 3);
			int ha = h->eval(a, dmc_view_now()), hb = h->eval(b, dmc_view_now());
			int sa = th_eval_once(h, &tp, err, sizeof err, NULL, NULL, 0);
			int sb = th_eval_once(h, &tq, err, sizeof err, NULL, NULL, 0);
			if (ha != sa || hb != sb)
				fprintf(stderr, "%s at P:%d: %d %d, alone %d %d\n", names[k], at[s], ha, hb, sa, sb);
			CHECK_EQ_LONG(ha, sa);
			CHECK_EQ_LONG(hb, sb);
			/* and again, now from the caches */
			CHECK_EQ_LONG(h->eval(b, dmc_view_now()), sb);
			CHECK_EQ_LONG(h->eval(a, dmc_view_now()), sa);
			differ |= ha != hb;
		}
		CHECK(differ);            /* the two target sets do tell apart */
		h->free(a);
		h->free(b);
	}
	dmc_targets_free(&t);
}

/* ---- a state other than the current one, as a view ---- */

/* A view that answers from a log: rec_* readers ask pan's current state
 * and note each question with its answer; replay_* readers answer from
 * the notes alone (and count questions they have no note for). */
enum { Q_NPROCS, Q_TYPE, Q_STATE, Q_RV, Q_VAR, Q_CHAN, Q_NFIELDS, Q_FIELD };
typedef struct { int q; long a, b, c, d; const void *var; int rc; long o1, o2; } note;
typedef struct { note n[4096]; int len, unknown; } notes;

static note *lookup(notes *L, int q, const void *var, long a, long b, long c, long d)
{
	for (int i = 0; i < L->len; i++) {
		note *n = &L->n[i];
		if (n->q == q && n->var == var && n->a == a && n->b == b && n->c == c && n->d == d)
			return n;
	}
	return NULL;
}

/* one question of kind q: asked of now and noted (recording), or answered
 * from the notes (replaying); *o1, *o2 get the outputs */
static int ask(const void *st, int q, const void *var, long a, long b, long c, long d, long *o1,
               long *o2)
{
	notes *L = (notes *) st;
	note *n = lookup(L, q, var, a, b, c, d);
	if (L->unknown < 0) {            /* recording */
		if (!n && L->len < 4096) {
			n = &L->n[L->len++];
			*n = (note) { q, a, b, c, d, var, 0, 0, 0 };
			int i1 = 0, i2 = 0;
			const dmc_state_view *now = dmc_view_now();
			switch (q) {
			case Q_NPROCS: n->rc = dmc_view_nprocs(now); break;
			case Q_TYPE: n->rc = dmc_view_proc_type(now, (int) a); break;
			case Q_STATE: n->rc = dmc_view_proc_state(now, (int) a); break;
			case Q_RV: n->rc = dmc_view_rendezvous_pending(now, &i1, &i2); break;
			case Q_VAR: n->rc = dmc_view_var_read(now, var, (int) a, b, &n->o1); break;
			case Q_CHAN: n->rc = dmc_view_chan(now, a, &i1, &i2); break;
			case Q_NFIELDS: n->rc = dmc_view_chan_nfields(now, a); break;
			case Q_FIELD: n->rc = dmc_view_chan_field(now, a, (int) b, (int) c, &n->o1); break;
			}
			if (q == Q_RV || q == Q_CHAN) {
				n->o1 = i1;
				n->o2 = i2;
			}
		}
	} else if (!n) {
		L->unknown++;
		return -1;
	}
	if (!n)
		return -1;
	*o1 = n->o1;
	*o2 = n->o2;
	return n->rc;
}

static int n_nprocs(const void *st) { long x, y; return ask(st, Q_NPROCS, 0, 0, 0, 0, 0, &x, &y); }
static int n_type(const void *st, int pid) { long x, y; return ask(st, Q_TYPE, 0, pid, 0, 0, 0, &x, &y); }
static int n_state(const void *st, int pid) { long x, y; return ask(st, Q_STATE, 0, pid, 0, 0, 0, &x, &y); }
static int n_rv(const void *st, int *pid, int *state)
{
	long x, y;
	int rc = ask(st, Q_RV, 0, 0, 0, 0, 0, &x, &y);
	*pid = (int) x;
	*state = (int) y;
	return rc;
}
static int n_var(const void *st, const dmc_var *v, int pid, long index, long *val)
{
	long y;
	return ask(st, Q_VAR, v, pid, index, 0, 0, val, &y);
}
static int n_chan(const void *st, long id, int *len, int *cap)
{
	long x, y;
	int rc = ask(st, Q_CHAN, 0, id, 0, 0, 0, &x, &y);
	*len = (int) x;
	*cap = (int) y;
	return rc;
}
static int n_nfields(const void *st, long id) { long x, y; return ask(st, Q_NFIELDS, 0, id, 0, 0, 0, &x, &y); }
static int n_field(const void *st, long id, int slot, int fld, long *val)
{
	long y;
	return ask(st, Q_FIELD, 0, id, slot, fld, 0, val, &y);
}
/* no vars_read: heuristics reading many variables take the fallback */
static const dmc_view_ops noted_ops = { n_nprocs, n_type, n_state, n_rv, n_var, n_chan, n_nfields,
                                        n_field, NULL, NULL };

/* Every heuristic reads the state it estimates through its view only:
 * h of a state noted while it was current, evaluated after pan's current
 * state has moved on, is h of that state -- not of the current one. */
static void test_eval_reads_only_its_view(void)
{
	static notes L;
	dmc_targets ta, td;
	char err[256];
	dmc_heuristic_opts o = dmc_heuristic_default_opts();
	model(0, 1);
	fb_has_vars(1);
	int p = fb_proc(tP, 1);
	CHECK(build(DMC_TGT_ASSERT, &ta) == 0);
	CHECK(build(DMC_TGT_DEADLOCK, &td) == 0);
	const dmc_state_view noted = { &noted_ops, &L };
	const dmc_heuristic *const *all = dmc_heuristic_all();
	for (int i = 0; all[i]; i++) {
		if (strcmp(all[i]->name, "htime") == 0 || strcmp(all[i]->name, "hplan") == 0
		    || strcmp(all[i]->name, "hff") == 0)
			continue;             /* needs an ANMLite or PDDL translation (test_htime.c, anml.sh, pddl.sh) */
		int dl = strcmp(all[i]->name, "deadlock") == 0;
		void *self = all[i]->create(dl ? &td : &ta, &o, err, sizeof err);
		if (!self)
			fprintf(stderr, "%s: %s\n", all[i]->name, err);
		CHECK(self != NULL);
		if (!self)
			continue;
		fb_move(p, 5);            /* next to P's assert */
		fb_set("y", 0, 0);
		int there = all[i]->eval(self, dmc_view_now());
		L.len = 0;
		L.unknown = -1;
		CHECK_EQ_LONG(all[i]->eval(self, &noted), there);
		fb_move(p, 2);            /* pan moves on: P far from its assert, y = 1 */
		fb_set("y", 0, 1);
		int here = all[i]->eval(self, dmc_view_now());
		L.unknown = 0;
		int replayed = all[i]->eval(self, &noted);
		if (replayed != there || L.unknown)
			fprintf(stderr, "%s: noted state %d, replayed %d (%d questions not noted), current %d\n",
			        all[i]->name, there, replayed, L.unknown, here);
		CHECK_EQ_LONG(replayed, there);
		CHECK(L.unknown == 0);
		if (strcmp(all[i]->name, "none") != 0 && !dl)   /* (one process can move in both) */
			CHECK(here != there);  /* the two states do differ for it */
		all[i]->free(self);
	}
	dmc_targets_free(&ta);
	dmc_targets_free(&td);
}

/* A combination's terms are instances made with one sharing pool: hL, hU
 * and hUc build one abstract model and one cache (keyed by the term), and
 * each term answers what it answers alone. */
static void test_combination_shares_explicitly(void)
{
	static const char *const names[] = { "hL", "hU", "hUc", "dL" };
	dmc_targets t;
	dmc_combo c;
	char err[256];
	int hv[DMC_COMBO_MAX];
	dmc_heuristic_opts o = dmc_heuristic_default_opts();
	model(0, 1);
	fb_has_vars(1);
	int p = fb_proc(tP, 1);
	CHECK(build(DMC_TGT_ASSERT, &t) == 0);
	dmc_combo_clear(&c);
	for (int i = 0; i < 4; i++)
		CHECK_EQ_LONG(dmc_combo_add(&c, names[i], 1, err, sizeof err), 0);
	c.kind = DMC_COMB_MAX;
	const dmc_heuristic *ch = dmc_combo_finish(&c);
	CHECK_STR(ch->name, "max(hL, hU, hUc, dL)");
	o.combo = &c;
	void *self = ch->create(&t, &o, err, sizeof err);
	CHECK(self != NULL);
	for (int s = 1; self && s <= 5; s += 2) {
		fb_move(p, s);
		double h = dmc_combo_eval(self, dmc_view_now(), hv);
		int best = 0;
		for (int i = 0; i < 4; i++) {
			int alone = th_eval_once(dmc_heuristic_find(names[i]), &t, err, sizeof err, NULL, NULL, 0);
			CHECK_EQ_LONG(hv[i], alone);
			best = alone > best ? alone : best;
		}
		CHECK(h == (double) best);
		CHECK_EQ_LONG(ch->eval(self, dmc_view_now()), best);
	}
	CHECK(dmc_heuristic_prune_veto(&t, ch, self) == NULL);
	/* one cache for hL, hU and hUc, reported once: 3 states x 2 calls
	 * (dmc_combo_eval, eval) x 3 terms looked up, dL has none */
	const dmc_hcache_stats *hc = dmc_heuristic_cache_stats(ch, self);
	CHECK(hc != NULL);
	if (hc) {
		CHECK_STR(hc->mode, "exact");
		CHECK(hc->lookups == 18);
		CHECK(hc->hits == 9);
	}
	ch->free(self);
	o.combo = NULL;               /* the combination's class needs its terms */
	CHECK(ch->create(&t, &o, err, sizeof err) == NULL);
	dmc_targets_free(&t);
}

CHECK_MAIN("heuristics",
	CASE(test_parse_kinds),
	CASE(test_targets_default),
	CASE(test_targets_kinds), CASE(test_targets_merged_assert),
	CASE(test_targets_claim_end),
	CASE(test_targets_errors),
	CASE(test_targets_unreachable),
	CASE(test_targets_unparsable_assert),
	CASE(test_registry), CASE(test_range_modes),
	CASE(test_none),
	CASE(test_dist_one_location_goals),
	CASE(test_dist_inf),
	CASE(test_dist_with_claim),
	CASE(test_dist_conjunctions),
	CASE(test_dist_specific_pid),
	CASE(test_goal_count),
	CASE(test_hf),
	CASE(test_hf_locals),
	CASE(test_hf_goal_without_formula),
	CASE(test_hf_saturates),
	CASE(test_hf_unreadable_assert),
	CASE(test_dstep_scan),
	CASE(test_index_veto),
	CASE(test_deadlock),
	CASE(test_deadlock_locals),
	CASE(test_instances_side_by_side),
	CASE(test_eval_reads_only_its_view),
	CASE(test_instances_for_two_target_sets),
	CASE(test_combination_shares_explicitly))
