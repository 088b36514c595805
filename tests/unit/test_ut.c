// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_ut.c -- relatively useless transitions (seed 002, Definition 3)
 * over small explicit models: the abstract transitions a reduced system
 * removes (model/absmodel_reduce.c), and the moves hL's reduced
 * systems call useless, against sets worked out by hand.
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "fake_bridge.h"
#include "absmodel_reduce.h"
#include "expr.h"
#include "heuristic.h"
#include "targets.h"

#define INF DMC_H_INF

/* ---- the strengthening, on an abstract model written out here ----
 * automaton 0: 0 -[a := 1]-> 1, 1 -[b := a]-> 2, 3 -[]-> 1 (id 7)
 * automaton 1: 0 -[a > 0]-> 1, 0 -[c := 2]-> 2, 1 -[]-> 2 */
static dmc_aexpr *var(int v)
{
	dmc_aexpr *e = dmc_aexpr_leaf(DMC_AE_VAR, 0);
	e->var = v;
	return e;
}

static void areduce_model(dmc_amodel *m)
{
	static dmc_aproc procs[2] = { { .name = "A", .nlocs = 4 }, { .name = "B", .nlocs = 3 } };
	static dmc_avar vars[3] = { { "a", 0, 9, 0 }, { "b", 0, 9, 0 }, { "c", 0, 9, 0 } };
	static dmc_assign as_a = { .var = 0 }, as_b = { .var = 1 }, as_c = { .var = 2 };
	static dmc_atrans t[6];
	memset(t, 0, sizeof t);
	as_a.rhs = dmc_aexpr_leaf(DMC_AE_CONST, 1);
	as_b.rhs = var(0);
	as_c.rhs = dmc_aexpr_leaf(DMC_AE_CONST, 2);
	t[0] = (dmc_atrans) { .proc = 0, .from = 0, .to = 1, .nassign = 1, .assign = &as_a, .spawn = -1, .id = 0 };
	t[1] = (dmc_atrans) { .proc = 0, .from = 1, .to = 2, .nassign = 1, .assign = &as_b, .spawn = -1, .id = 1 };
	t[2] = (dmc_atrans) { .proc = 0, .from = 3, .to = 1, .spawn = -1, .id = 7 };
	t[3] = (dmc_atrans) { .proc = 1, .from = 0, .to = 1, .spawn = -1, .id = 0,
	                      .guard = dmc_aexpr_new(DMC_AE_GT, var(0), dmc_aexpr_leaf(DMC_AE_CONST, 0)) };
	t[4] = (dmc_atrans) { .proc = 1, .from = 0, .to = 2, .nassign = 1, .assign = &as_c, .spawn = -1, .id = 1 };
	t[5] = (dmc_atrans) { .proc = 1, .from = 1, .to = 2, .spawn = -1, .id = 2 };
	*m = (dmc_amodel) { .nprocs = 2, .procs = procs, .nvars = 3, .vars = vars, .ntrans = 6, .trans = t };
}

static void areduce_free(dmc_amodel *m)
{
	for (int i = 0; i < m->ntrans; i++) {
		dmc_aexpr_free(m->trans[i].guard);
		for (int k = 0; k < m->trans[i].nassign; k++)
			dmc_aexpr_free(m->trans[i].assign[k].rhs);
	}
}

static int same(const int *got, int n, const int *want, int nw)
{
	return n == nw && memcmp(got, want, (size_t) n * sizeof *got) == 0;
}

static void test_areduce_strengthening(void)
{
	dmc_amodel m;
	int out[6], n;
	areduce_model(&m);
	/* A's a := 1 writes a, read by A's b := a and B's guard a > 0; it
	 * leads to A's 1, where A's transition id 7 leads too */
	static const int a0[] = { 0, 1, 2, 3 };
	n = dmc_areduce(&m, 0, 0, 0, out);
	CHECK(same(out, n, a0, 4));
	/* A's b := a: b is read by nothing, nothing else leads to A's 2 */
	static const int a1[] = { 1 };
	n = dmc_areduce(&m, 0, 1, 1, out);
	CHECK(same(out, n, a1, 1));
	/* B's a > 0: writes nothing; B's c := 2 and 1 -> 2 lead to B's 2? no:
	 * a > 0 leads to B's 1, which nothing else reaches */
	static const int b0[] = { 3 };
	n = dmc_areduce(&m, 1, 0, 0, out);
	CHECK(same(out, n, b0, 1));
	/* B's c := 2 leads to B's 2, as B's 1 -> 2 does; c is read by nothing */
	static const int b1[] = { 4, 5 };
	n = dmc_areduce(&m, 1, 0, 1, out);
	CHECK(same(out, n, b1, 2));
	/* no such local transition: nothing removed */
	CHECK_EQ_LONG(dmc_areduce(&m, 1, 0, 9, out), 0);
	CHECK_EQ_LONG(dmc_areduce(&m, 0, 1, 0, out), 0);
	areduce_free(&m);
}

/* ---- moves hL calls relatively useless ----
 * P: 1 -a = 1-> 2 -assert((b!=1))-> 3
 * Q: 1 -b = 1-> 2,  1 -(1)-> 3 -(1)-> 1
 * The error: P at 2 with b = 1.  hL (one layer per step, plus the
 * assert's step):
 *   s0 = (P1, Q1):  hL = 2 (layer 1 has P at 2 and b = 1, +1)
 *   moves of s0: P's a = 1 -> (P2, Q1) hL 2; Q's b = 1 -> (P1, Q2) hL 2;
 *                Q's (1) -> (P1, Q3) hL 3
 *   reduced: without P's a = 1 P never reaches 2: inf, useful;
 *            without Q's b = 1 b stays 0: inf, useful;
 *            without Q's 1 -> 3: hL 2 <= 3: relatively useless.
 *   s1 = (P1, Q3): hL 3; moves: P's a = 1 -> (P2, Q3) hL 3, useful
 *            (inf without it); Q's 3 -> 1 -> (P1, Q1) hL 2, useful
 *            (without it Q stays at 3: inf).
 * hU counts the relaxed plan's transitions instead (a = 1, b = 1 and the
 * assert from s0: 3): s0 3, its moves 2, 2, 4, the skip's reduced
 * system 3 <= 4; s1 4, its moves 3, 3.  The same moves are useless. */
static int tP, tQ, pP, pQ, t_a, t_b, t_skip, t_back;

static void ut_model(void)
{
	fb_reset();
	fb_has_vars(1);
	tP = fb_type("P", 4, 1);
	tQ = fb_type("Q", 4, 1);
	fb_global("a", 1);
	fb_global("b", 1);
	t_a = fb_trans(tP, 1, 2, 2, "a = 1");
	fb_trans(tP, 2, 3, 3, "assert((b!=1))");
	t_b = fb_trans(tQ, 1, 2, 5, "b = 1");
	t_skip = fb_trans(tQ, 1, 3, 6, "(1)");
	t_back = fb_trans(tQ, 3, 1, 7, "(1)");
	pP = fb_proc(tP, 1);
	pQ = fb_proc(tQ, 1);
}

typedef struct { int pid, from, to, id; const char *var; long val; } move;

/* Whether `mv` from the current state is relatively useless for h:
 * h(S_t, s) <= h(s'); *hr, *hs get both values.  The state is left as
 * it was. */
static int useless(const dmc_heuristic *h, void *self, const move *mv, int *hr, int *hs)
{
	h->remember(self, dmc_view_now());
	int from = mv->from;
	fb_move(mv->pid, mv->to);
	if (mv->var)
		fb_set(mv->var, 0, mv->val);
	*hs = h->eval(self, dmc_view_now());
	*hr = h->eval_without(self, mv->pid, mv->from, mv->id, INF - 1);
	fb_move(mv->pid, from);
	if (mv->var)
		fb_set(mv->var, 0, 0);
	return *hr <= *hs;
}

static void test_useless_hand_computed(void)
{
	static const char *const names[] = { "hL", "hU" };
	/* per heuristic: h(s0), h(s') and h(S_t, s0) of s0's moves, h(s1),
	 * h(s') of s1's moves */
	static const struct { int s0, s0_hs[3], s0_hr[3], s1, s1_hs[2]; } want[] = {
		{ 2, { 2, 2, 3 }, { INF, INF, 2 }, 3, { 3, 2 } },
		{ 3, { 2, 2, 4 }, { INF, INF, 3 }, 4, { 3, 3 } },
	};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		const dmc_heuristic *h = dmc_heuristic_find(names[k]);
		dmc_targets t;
		char err[256];
		ut_model();
		CHECK(h->remember && h->eval_without);
		CHECK(dmc_targets_build(DMC_TGT_ASSERT, &t, err, sizeof err) == 0);
		dmc_heuristic_opts o = dmc_heuristic_default_opts();
		void *self = h->create(&t, &o, err, sizeof err);
		CHECK(self != NULL);
		if (!self) {
			fprintf(stderr, "%s: %s\n", names[k], err);
			dmc_targets_free(&t);
			continue;
		}
		CHECK_EQ_LONG(h->eval(self, dmc_view_now()), want[k].s0);
		const move s0[] = {
			{ pP, 1, 2, t_a, "a", 1 }, { pQ, 1, 2, t_b, "b", 1 }, { pQ, 1, 3, t_skip, NULL, 0 }
		};
		const int *s0_hs = want[k].s0_hs, *s0_hr = want[k].s0_hr;
		static const int s0_useless[] = { 0, 0, 1 };
		for (int i = 0; i < 3; i++) {
			int hr, hs, u = useless(h, self, &s0[i], &hr, &hs);
			if (hr != s0_hr[i] || hs != s0_hs[i])
				fprintf(stderr, "%s s0 move %d: h(S_t, s) %d, h(s') %d\n", names[k], i, hr, hs);
			CHECK_EQ_LONG(hs, s0_hs[i]);
			CHECK_EQ_LONG(hr, s0_hr[i]);
			CHECK_EQ_LONG(u, s0_useless[i]);
		}
		fb_move(pQ, 3);
		CHECK_EQ_LONG(h->eval(self, dmc_view_now()), want[k].s1);
		const move s1[] = { { pP, 1, 2, t_a, "a", 1 }, { pQ, 3, 1, t_back, NULL, 0 } };
		const int *s1_hs = want[k].s1_hs;
		for (int i = 0; i < 2; i++) {
			int hr, hs;
			CHECK_EQ_LONG(useless(h, self, &s1[i], &hr, &hs), 0);
			CHECK_EQ_LONG(hs, s1_hs[i]);
			CHECK_EQ_LONG(hr, INF);
		}
		/* the reduced values came from the ATG, then from the cache: the
		 * same again */
		fb_move(pQ, 1);
		int hr, hs;
		CHECK_EQ_LONG(useless(h, self, &s0[2], &hr, &hs), 1);
		CHECK_EQ_LONG(hr, s0_hr[2]);
		/* a bound below h(s0): whatever is returned exceeds it (hL may
		 * answer h(s0) without building the reduced graph) */
		h->remember(self, dmc_view_now());
		CHECK(h->eval_without(self, pQ, 1, t_skip, 1) > 1);
		CHECK_EQ_LONG(h->eval_without(self, pQ, 1, t_skip, INF - 1), s0_hr[2]);
		/* and the plain evaluation is unchanged by the reduced ones */
		CHECK_EQ_LONG(h->eval(self, dmc_view_now()), want[k].s0);
		h->free(self);
		dmc_targets_free(&t);
	}
}

/* Heuristics without reduced systems say so (the search then uses h(s)). */
static void test_reduced_registry(void)
{
	CHECK(dmc_heuristic_find("hUc")->remember && dmc_heuristic_find("hUc")->eval_without);
	CHECK(!dmc_heuristic_find("none")->remember && !dmc_heuristic_find("none")->eval_without);
}

CHECK_MAIN("ut", CASE(test_areduce_strengthening), CASE(test_useless_hand_computed),
           CASE(test_reduced_registry))
