// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_valueset.c -- interval-list value sets and abstract evaluation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "valueset.h"

#define NEG DMC_AV_NEG_INF
#define POS DMC_AV_POS_INF

/* ---- expressions ---- */

static dmc_aexpr pool[256];
static int npool;

static dmc_aexpr *node(dmc_ae_op op, dmc_aexpr *a, dmc_aexpr *b)
{
	dmc_aexpr *e = &pool[npool++];
	memset(e, 0, sizeof *e);
	e->op = op;
	e->a = a;
	e->b = b;
	return e;
}

static dmc_aexpr *C(long v) { dmc_aexpr *e = node(DMC_AE_CONST, NULL, NULL); e->value = v; return e; }
static dmc_aexpr *V(int v) { dmc_aexpr *e = node(DMC_AE_VAR, NULL, NULL); e->var = v; return e; }
static dmc_aexpr *B(dmc_ae_op op, dmc_aexpr *a, dmc_aexpr *b) { return node(op, a, b); }
static dmc_aexpr *U(dmc_ae_op op, dmc_aexpr *a) { return node(op, a, NULL); }

/* ---- helpers ---- */

static char buf[512];

static const char *fmt(const dmc_vset *s)
{
	dmc_vs_format(s, buf, sizeof buf);
	return buf;
}

/* A set from n pairs lo, hi (longs). */
static dmc_vset mk(int n, ...)
{
	dmc_vset s;
	va_list ap;
	dmc_vs_clear(&s);
	va_start(ap, n);
	for (int i = 0; i < n; i++) {
		long lo = va_arg(ap, long), hi = va_arg(ap, long);
		dmc_vs_add(&s, lo, hi);
	}
	va_end(ap);
	return s;
}

static dmc_vset env[4];
static const dmc_vset *vals[4] = { &env[0], &env[1], &env[2], &env[3] };

static const char *ev(const dmc_aexpr *e)
{
	dmc_vset r;
	dmc_vs_eval(e, vals, &r);
	return fmt(&r);
}

/* ---- building and queries ---- */

static void test_add_merge(void)
{
	dmc_vset s = mk(2, 1L, 3L, 5L, 7L);
	CHECK_STR(fmt(&s), "{1..3, 5..7}");
	dmc_vs_add(&s, 4, 4);                 /* adjacent on both sides */
	CHECK_STR(fmt(&s), "{1..7}");
	dmc_vs_add(&s, 10, 10);
	dmc_vs_add(&s, -3, -3);
	CHECK_STR(fmt(&s), "{-3, 1..7, 10}");
	dmc_vs_add(&s, 0, 12);
	CHECK_STR(fmt(&s), "{-3, 0..12}");
	dmc_vs_add(&s, 20, POS);
	dmc_vs_add(&s, NEG, -10);
	CHECK_STR(fmt(&s), "{-inf..-10, -3, 0..12, 20..+inf}");
	dmc_vs_add(&s, 5, 1);                 /* empty: ignored */
	CHECK_EQ_LONG(s.n, 4);
	CHECK_EQ_LONG(dmc_vs_min(&s), NEG);
	CHECK_EQ_LONG(dmc_vs_max(&s), POS);
	dmc_vs_clear(&s);
	CHECK(dmc_vs_empty(&s));
	CHECK_STR(fmt(&s), "{}");
	CHECK_EQ_LONG(dmc_vs_min(&s), POS);
	CHECK_EQ_LONG(dmc_vs_max(&s), NEG);
}

/* Over DMC_VS_MAX intervals the closest neighbours merge: sound. */
static void test_cap(void)
{
	dmc_vset s;
	dmc_vs_clear(&s);
	for (long v = 0; v < 20; v++)
		dmc_vs_add(&s, v * v * 10, v * v * 10);   /* gaps grow */
	CHECK_EQ_LONG(s.n, DMC_VS_MAX);
	for (long v = 0; v < 20; v++)
		CHECK(dmc_vs_contains(&s, v * v * 10));
	CHECK(dmc_vs_contains(&s, 5));                /* merged: 0..10 first */
	CHECK(!dmc_vs_contains(&s, 3000));            /* the widest gaps stay */
}

/* The rule dmc_vs_add follows, written as plainly as possible: the
 * value set as a list of up to DMC_VS_MAX + 1 disjoint intervals with
 * gaps, the new one absorbing those it overlaps or touches; one too many
 * merges the first pair of neighbours with the smallest gap. */
static void ref_add(dmc_ival *iv, int *n, long lo, long hi)
{
	dmc_ival out[DMC_VS_MAX + 1];
	int m = 0, i = 0, best = 0;
	unsigned long bestgap = (unsigned long)-1;
	if (lo > hi)
		return;
	for (; i < *n && iv[i].hi < lo && iv[i].hi + 1 < lo; i++)
		out[m++] = iv[i];
	for (; i < *n && !(hi < iv[i].lo && hi + 1 < iv[i].lo); i++) {
		lo = iv[i].lo < lo ? iv[i].lo : lo;
		hi = iv[i].hi > hi ? iv[i].hi : hi;
	}
	out[m].lo = lo;
	out[m++].hi = hi;
	for (; i < *n; i++)
		out[m++] = iv[i];
	if (m > DMC_VS_MAX) {
		for (i = 0; i + 1 < m; i++)
			if ((unsigned long)out[i + 1].lo - (unsigned long)out[i].hi < bestgap) {
				bestgap = (unsigned long)out[i + 1].lo - (unsigned long)out[i].hi;
				best = i;
			}
		out[best].hi = out[best + 1].hi;
		for (i = best + 1; i + 1 < m; i++)
			out[i] = out[i + 1];
		m--;
	}
	memcpy(iv, out, (size_t)m * sizeof *iv);
	*n = m;
}

/* dmc_vs_add against ref_add on random additions into sets that fill up
 * (points and short intervals, ties between gaps included); it returns
 * 1 exactly when the set changed. */
static void test_add_like_ref(void)
{
	unsigned long r = 12345;
	int bad = 0;
	for (int run = 0; run < 2000 && !bad; run++) {
		dmc_vset s;
		dmc_ival ref[DMC_VS_MAX + 1];
		int nref = 0;
		long span = run % 3 == 0 ? 40 : run % 3 == 1 ? 200 : 5000;
		dmc_vs_clear(&s);
		for (int k = 0; k < 60 && !bad; k++) {
			long lo, hi;
			r = r * 6364136223846793005UL + 1442695040888963407UL;
			lo = (long)((r >> 33) % (unsigned long)span) - span / 2;
			hi = lo + ((r >> 20) % 4 == 0 ? (long)((r >> 40) % 5) : 0);
			dmc_vset before = s;
			int grew = dmc_vs_add(&s, lo, hi);
			ref_add(ref, &nref, lo, hi);
			bad = s.n != nref || grew != !dmc_vs_equal(&before, &s);
			for (int i = 0; i < nref && !bad; i++)
				bad = s.iv[i].lo != ref[i].lo || s.iv[i].hi != ref[i].hi;
		}
	}
	CHECK(!bad);
}

static void test_contains_subset_equal(void)
{
	dmc_vset a = mk(2, 1L, 3L, 8L, 9L), b = mk(2, 0L, 4L, 6L, 20L), c = mk(1, 2L, 8L);
	CHECK(dmc_vs_contains(&a, 1) && dmc_vs_contains(&a, 9));
	CHECK(!dmc_vs_contains(&a, 4) && !dmc_vs_contains(&a, 0) && !dmc_vs_contains(&a, 10));
	CHECK(dmc_vs_subset(&a, &b));
	CHECK(!dmc_vs_subset(&b, &a));
	CHECK(!dmc_vs_subset(&c, &b));                 /* 5 is missing */
	CHECK(dmc_vs_subset(&a, &a) && dmc_vs_equal(&a, &a));
	CHECK(!dmc_vs_equal(&a, &b));
	dmc_vset e;
	dmc_vs_clear(&e);
	CHECK(dmc_vs_subset(&e, &a));
	CHECK(!dmc_vs_subset(&a, &e));
}

static void test_union(void)
{
	dmc_vset a = mk(1, 0L, 5L), b = mk(1, 2L, 3L), c = mk(1, 6L, 9L);
	CHECK(!dmc_vs_union(&a, &b));                  /* nothing new: the fixpoint test */
	CHECK_STR(fmt(&a), "{0..5}");
	CHECK(dmc_vs_union(&a, &c));
	CHECK_STR(fmt(&a), "{0..9}");
	CHECK(!dmc_vs_union(&a, &c));
}

static void test_fit(void)
{
	dmc_vset s = mk(1, -5L, 300L);
	dmc_vs_fit(&s, 0, 255, 0);
	CHECK_STR(fmt(&s), "{0..255}");
	s = mk(1, 250L, 260L);
	dmc_vs_fit(&s, 0, 255, 0);
	CHECK_STR(fmt(&s), "{250..255}");
	s = mk(1, 250L, 260L);
	dmc_vs_fit(&s, 0, 255, 1);                     /* byte: 256 is 0 */
	CHECK_STR(fmt(&s), "{0..4, 250..255}");
	s = mk(2, -1L, -1L, 511L, 511L);
	dmc_vs_fit(&s, 0, 255, 1);
	CHECK_STR(fmt(&s), "{255}");
	s = mk(1, 5L, POS);                            /* x++ forever wraps around */
	dmc_vs_fit(&s, 0, 255, 1);
	CHECK_STR(fmt(&s), "{0..255}");
	s = mk(1, 5L, POS);
	dmc_vs_fit(&s, 0, 255, 0);
	CHECK_STR(fmt(&s), "{5..255}");
	s = mk(1, 2L, 2L);                             /* bool := 2 is 0 */
	dmc_vs_fit(&s, 0, 1, 1);
	CHECK_STR(fmt(&s), "{0}");
	s = mk(1, -3L, -3L);                           /* half-open domain: whole */
	dmc_vs_fit(&s, 0, POS, 1);
	CHECK_STR(fmt(&s), "{0..+inf}");
	s = mk(1, 2147483648L, 2147483648L);           /* int: 2^31 is -2^31 */
	dmc_vs_fit(&s, -2147483648L, 2147483647L, 1);
	CHECK_STR(fmt(&s), "{-2147483648}");
}

/* ---- evaluation ---- */

static void test_eval_arith(void)
{
	npool = 0;
	env[0] = mk(1, 1L, 3L);
	env[1] = mk(2, 10L, 10L, 20L, 20L);
	CHECK_STR(ev(B(DMC_AE_ADD, V(0), V(1))), "{11..13, 21..23}");
	CHECK_STR(ev(B(DMC_AE_SUB, V(1), V(0))), "{7..9, 17..19}");
	CHECK_STR(ev(U(DMC_AE_NEG, V(0))), "{-3..-1}");
	env[0] = mk(1, 0L, POS);
	CHECK_STR(ev(B(DMC_AE_SUB, V(0), C(1))), "{-1..+inf}");
	CHECK_STR(ev(B(DMC_AE_ADD, V(0), C(POS - 1))), "{9223372036854775806..+inf}");
	CHECK_STR(ev(B(DMC_AE_MUL, V(0), C(-1))), "{-inf..0}");
	CHECK_STR(ev(B(DMC_AE_MUL, V(0), C(0))), "{0}");
	env[0] = mk(1, -2L, 3L);
	CHECK_STR(ev(B(DMC_AE_MUL, V(0), C(4))), "{-8..12}");
	CHECK_STR(ev(B(DMC_AE_MUL, C(4000000000L), C(4000000000L))), "{+inf}");   /* saturates */
	CHECK_STR(ev(U(DMC_AE_BITNOT, C(0))), "{-1}");
	env[0] = mk(1, 0L, 3L);
	CHECK_STR(ev(U(DMC_AE_BITNOT, V(0))), "{-4..-1}");
	/* one interval each (dmc_vs_arith's short way): the bounds saturate
	 * and meet infinities as with more intervals */
	env[0] = mk(1, NEG, 3L);
	env[1] = mk(1, 2L, POS);
	CHECK_STR(ev(B(DMC_AE_ADD, V(0), V(1))), "{-inf..+inf}");
	CHECK_STR(ev(B(DMC_AE_SUB, V(0), V(1))), "{-inf..1}");
	CHECK_STR(ev(B(DMC_AE_SUB, V(1), V(0))), "{-1..+inf}");
	CHECK_STR(ev(B(DMC_AE_ADD, C(POS - 1), C(5))), "{+inf}");
	CHECK_STR(ev(B(DMC_AE_SUB, C(NEG + 1), C(5))), "{-inf}");
	CHECK_STR(ev(B(DMC_AE_ADD, C(NEG), C(POS))), "{-inf..+inf}");
	CHECK_STR(ev(B(DMC_AE_ADD, V(0), C(-4))), "{-inf..-1}");
	env[1] = mk(0);
	CHECK_STR(ev(B(DMC_AE_ADD, V(0), V(1))), "{}");
}

static void test_eval_div_mod_shift_bits(void)
{
	npool = 0;
	env[0] = mk(1, -2L, 2L);
	CHECK_STR(ev(B(DMC_AE_DIV, C(10), V(0))), "{-10..-5, 5..10}");  /* 0 skipped */
	CHECK_STR(ev(B(DMC_AE_DIV, C(7), C(0))), "{}");
	CHECK_STR(ev(B(DMC_AE_DIV, C(-7), C(2))), "{-3}");              /* truncates */
	env[1] = mk(1, 0L, POS);
	CHECK_STR(ev(B(DMC_AE_MOD, V(1), C(5))), "{0..4}");
	CHECK_STR(ev(B(DMC_AE_MOD, C(-7), C(3))), "{-1}");
	CHECK_STR(ev(B(DMC_AE_MOD, B(DMC_AE_ADD, C(12), V(0)), C(100))), "{10..14}");
	env[2] = mk(1, -20L, 20L);
	CHECK_STR(ev(B(DMC_AE_MOD, V(2), C(7))), "{-6..6}");
	CHECK_STR(ev(B(DMC_AE_DIV, V(1), C(2))), "{0..+inf}");
	CHECK_STR(ev(B(DMC_AE_SHL, C(3), C(2))), "{12}");
	CHECK_STR(ev(B(DMC_AE_SHR, C(-8), C(1))), "{-4}");
	CHECK_STR(ev(B(DMC_AE_SHR, C(-7), C(1))), "{-4}");               /* rounds down */
	CHECK_STR(ev(B(DMC_AE_SHL, C(1), C(70))), "{-inf..+inf}");
	CHECK_STR(ev(B(DMC_AE_BITAND, C(12), C(10))), "{8}");
	CHECK_STR(ev(B(DMC_AE_BITXOR, C(12), C(10))), "{6}");
	env[0] = mk(1, 0L, 5L);
	env[3] = mk(1, 0L, 9L);
	CHECK_STR(ev(B(DMC_AE_BITOR, V(0), V(3))), "{0..15}");
	CHECK_STR(ev(B(DMC_AE_BITAND, V(0), V(3))), "{0..5}");
	CHECK_STR(ev(B(DMC_AE_BITAND, V(2), C(3))), "{0..3}");
}

static void test_eval_conditions(void)
{
	npool = 0;
	env[0] = mk(2, 1L, 1L, 5L, 5L);           /* x in {1, 5} */
	env[1] = mk(1, 5L, 5L);                   /* y = 5 */
	CHECK_STR(ev(B(DMC_AE_EQ, V(0), C(3))), "{0}");
	CHECK_STR(ev(B(DMC_AE_EQ, V(0), C(5))), "{0..1}");
	CHECK_STR(ev(B(DMC_AE_EQ, V(1), C(5))), "{1}");
	CHECK_STR(ev(B(DMC_AE_NE, V(1), C(5))), "{0}");
	CHECK_STR(ev(B(DMC_AE_LT, V(0), C(2))), "{0..1}");
	CHECK_STR(ev(B(DMC_AE_GT, V(0), C(5))), "{0}");
	CHECK_STR(ev(B(DMC_AE_GE, V(0), C(5))), "{0..1}");
	CHECK_STR(ev(B(DMC_AE_LE, V(0), C(0))), "{0}");
	CHECK_STR(ev(B(DMC_AE_LT, V(0), V(1))), "{0..1}");
	CHECK(dmc_vs_may_true(B(DMC_AE_EQ, V(0), V(1)), vals));
	CHECK(!dmc_vs_may_true(B(DMC_AE_GT, V(0), V(1)), vals));
	CHECK(dmc_vs_may_false(B(DMC_AE_GT, V(0), V(1)), vals));
	/* local quantification: each condition with its own values of x */
	CHECK(dmc_vs_may_true(B(DMC_AE_AND, B(DMC_AE_EQ, V(0), C(1)), B(DMC_AE_EQ, V(0), C(5))), vals));
	CHECK(!dmc_vs_may_true(B(DMC_AE_AND, B(DMC_AE_EQ, V(0), C(1)), B(DMC_AE_EQ, V(1), C(4))), vals));
	CHECK(dmc_vs_may_true(B(DMC_AE_OR, B(DMC_AE_EQ, V(0), C(2)), B(DMC_AE_EQ, V(1), C(5))), vals));
	CHECK(!dmc_vs_may_true(B(DMC_AE_OR, B(DMC_AE_EQ, V(0), C(2)), B(DMC_AE_EQ, V(1), C(4))), vals));
	/* short circuit: the division by zero is not reached when x == 1 */
	{
		dmc_aexpr *div0 = B(DMC_AE_GT, B(DMC_AE_DIV, C(1), C(0)), C(0));
		CHECK_STR(ev(div0), "{}");
		CHECK_STR(ev(B(DMC_AE_OR, B(DMC_AE_EQ, V(0), C(1)), div0)), "{1}");
		CHECK_STR(ev(B(DMC_AE_AND, B(DMC_AE_EQ, V(0), C(2)), div0)), "{0}");
		CHECK_STR(ev(B(DMC_AE_AND, div0, B(DMC_AE_EQ, V(0), C(1)))), "{}");
	}
	CHECK_STR(ev(U(DMC_AE_NOT, B(DMC_AE_EQ, V(1), C(5)))), "{0}");
	CHECK_STR(ev(U(DMC_AE_NOT, V(0))), "{0}");
	/* conditional */
	env[2] = mk(1, 0L, 0L);
	dmc_aexpr *c = node(DMC_AE_COND, V(2), C(10));
	c->c = C(20);
	CHECK_STR(ev(c), "{20}");
	env[2] = mk(1, 0L, 1L);
	CHECK_STR(ev(c), "{10, 20}");
	/* unknowns: ANY, NULL, no values for a variable */
	CHECK_STR(ev(node(DMC_AE_ANY, NULL, NULL)), "{-inf..+inf}");
	CHECK_STR(ev(B(DMC_AE_EQ, node(DMC_AE_ANY, NULL, NULL), C(7))), "{0..1}");
	CHECK(dmc_vs_may_true(NULL, vals));
	{
		const dmc_vset *none[1] = { NULL };
		CHECK(dmc_vs_may_true(B(DMC_AE_EQ, V(0), C(-99)), none));
	}
	/* infinite regions */
	env[0] = mk(1, 1L, POS);
	CHECK(dmc_vs_may_true(B(DMC_AE_EQ, V(0), C(1000000)), vals));
	CHECK(!dmc_vs_may_true(B(DMC_AE_LT, V(0), C(1)), vals));
	CHECK(dmc_vs_may_true(B(DMC_AE_GT, V(0), C(POS - 5)), vals));
}

/* The true branch of c ? a : b sees the variables c's conjuncts compare
 * with constants narrowed to the values satisfying them. */
static void test_eval_narrowing(void)
{
	dmc_aexpr *c;
	npool = 0;
	env[0] = mk(1, 0L, 3L);                   /* a clock x in 0..3 */
	env[1] = mk(1, 0L, 10L);
	/* (x < 3) ? x + 1 : x stays in 0..3 (without narrowing 0..4) */
	c = node(DMC_AE_COND, B(DMC_AE_LT, V(0), C(3)), B(DMC_AE_ADD, V(0), C(1)));
	c->c = V(0);
	CHECK_STR(ev(c), "{0..3}");
	/* x + 2 < 3 ? x + 2 : 3 is {2, 3}; 3 > x, x >= 1 and x == 2 narrow too */
	c = node(DMC_AE_COND, B(DMC_AE_LT, B(DMC_AE_ADD, V(0), C(2)), C(3)), B(DMC_AE_ADD, V(0), C(2)));
	c->c = C(3);
	CHECK_STR(ev(c), "{2..3}");
	c = node(DMC_AE_COND, B(DMC_AE_GT, C(3), V(0)), V(0));
	c->c = C(9);
	CHECK_STR(ev(c), "{0..2, 9}");
	/* a conjunction narrows every variable it bounds; x >= 1 && x <= 2
	 * intersect; y - 4 >= 3 is y >= 7 */
	c = node(DMC_AE_COND, B(DMC_AE_AND, B(DMC_AE_AND, B(DMC_AE_GE, V(0), C(1)), B(DMC_AE_LE, V(0), C(2))),
	                        B(DMC_AE_GE, B(DMC_AE_SUB, V(1), C(4)), C(3))),
	         B(DMC_AE_ADD, B(DMC_AE_MUL, V(0), C(100)), V(1)));
	c->c = C(-1);
	CHECK_STR(ev(c), "{-1, 107..210}");
	/* no narrowing: !=, ||, the false branch, two variables compared */
	c = node(DMC_AE_COND, B(DMC_AE_NE, V(0), C(3)), B(DMC_AE_ADD, V(0), C(1)));
	c->c = V(0);
	CHECK_STR(ev(c), "{0..4}");
	c = node(DMC_AE_COND, B(DMC_AE_OR, B(DMC_AE_LT, V(0), C(1)), B(DMC_AE_LT, V(1), C(1))), V(0));
	c->c = C(9);
	CHECK_STR(ev(c), "{0..3, 9}");
	c = node(DMC_AE_COND, B(DMC_AE_LT, V(0), V(1)), V(0));
	c->c = C(9);
	CHECK_STR(ev(c), "{0..3, 9}");
	/* nothing satisfies the conjunct: the branch adds nothing */
	c = node(DMC_AE_COND, B(DMC_AE_AND, B(DMC_AE_GT, V(0), C(5)), B(DMC_AE_LT, V(1), C(20))), V(0));
	c->c = C(9);
	CHECK_STR(ev(c), "{9}");
	/* sound by enumeration: every concrete (x, y) gives a value in the set */
	for (int lo = -2; lo <= 4; lo++) {
		dmc_vset r;
		c = node(DMC_AE_COND, B(DMC_AE_AND, B(DMC_AE_LE, B(DMC_AE_ADD, V(0), C(lo)), C(2)),
		                        B(DMC_AE_GT, V(1), C(lo))),
		         B(DMC_AE_SUB, V(0), V(1)));
		c->c = V(1);
		dmc_vs_eval(c, vals, &r);
		for (long x = 0; x <= 3; x++)
			for (long y = 0; y <= 10; y++) {
				long want = (x + lo <= 2 && y > lo) ? x - y : y;
				CHECK(dmc_vs_contains(&r, want));
			}
	}
}

/* Soundness spot check: every concrete result lies in the abstract one. */
static void test_sound_sample(void)
{
	static const dmc_ae_op ops[] = { DMC_AE_ADD, DMC_AE_SUB, DMC_AE_MUL, DMC_AE_DIV,
		DMC_AE_MOD, DMC_AE_BITAND, DMC_AE_BITOR, DMC_AE_BITXOR, DMC_AE_SHL, DMC_AE_SHR,
		DMC_AE_LT, DMC_AE_EQ, DMC_AE_NE, DMC_AE_GE };
	npool = 0;
	env[0] = mk(3, -9L, -6L, 0L, 2L, 7L, 11L);
	env[1] = mk(2, -3L, -1L, 1L, 4L);
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		dmc_aexpr *e = B(ops[i], V(0), V(1));
		dmc_vset r;
		dmc_vs_eval(e, vals, &r);
		for (long x = -9; x <= 11; x++)
			for (long y = -3; y <= 4; y++) {
				long z;
				if (!dmc_vs_contains(&env[0], x) || !dmc_vs_contains(&env[1], y))
					continue;
				switch (ops[i]) {
				case DMC_AE_ADD: z = x + y; break;
				case DMC_AE_SUB: z = x - y; break;
				case DMC_AE_MUL: z = x * y; break;
				case DMC_AE_DIV: z = x / y; break;
				case DMC_AE_MOD: z = x % y; break;
				case DMC_AE_BITAND: z = x & y; break;
				case DMC_AE_BITOR: z = x | y; break;
				case DMC_AE_BITXOR: z = x ^ y; break;
				case DMC_AE_SHL: if (y < 0 || x < 0) continue; z = x << y; break;
				case DMC_AE_SHR: if (y < 0) continue; z = x >= 0 ? x >> y : -((-x - 1) >> y) - 1; break;
				case DMC_AE_LT: z = x < y; break;
				case DMC_AE_EQ: z = x == y; break;
				case DMC_AE_NE: z = x != y; break;
				default: z = x >= y; break;
				}
				if (!dmc_vs_contains(&r, z)) {
					fprintf(stderr, "op %d: %ld, %ld -> %ld not in %s\n",
					        (int)ops[i], x, y, z, fmt(&r));
					CHECK(0);
				}
			}
	}
}

static void test_format(void)
{
	dmc_vset s = mk(3, 0L, 0L, 3L, 7L, 10L, POS);
	char small[6];
	CHECK_STR(fmt(&s), "{0, 3..7, 10..+inf}");
	CHECK_EQ_LONG(dmc_vs_format(&s, small, sizeof small), (long)strlen("{0, 3..7, 10..+inf}"));
	CHECK_STR(small, "{0, 3");
	s = mk(1, NEG, POS);
	CHECK_STR(fmt(&s), "{-inf..+inf}");
}

/* A comparison with a constant and a constant added or subtracted give
 * what the general operators give with the set {c}, infinities
 * included (an infinite end is never a single value). */
static void test_with_const(void)
{
	const dmc_vset sets[] = { mk(0), mk(1, 5L, 5L), mk(1, 1L, 3L), mk(2, 1L, 1L, 5L, 7L),
	                          mk(1, NEG, 0L), mk(1, POS, POS), mk(1, NEG, POS), mk(2, 0L, 0L, 2L, 2L) };
	const long cs[] = { NEG, -1, 0, 1, 3, 5, 7, POS };
	const dmc_ae_op ops[] = { DMC_AE_LT, DMC_AE_LE, DMC_AE_GT, DMC_AE_GE, DMC_AE_EQ, DMC_AE_NE,
	                          DMC_AE_ADD, DMC_AE_SUB };
	dmc_vset c, want, got;
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		for (size_t j = 0; j < sizeof cs / sizeof cs[0]; j++)
			for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
				dmc_vs_set(&c, cs[j], cs[j]);
				if (ops[k] == DMC_AE_ADD || ops[k] == DMC_AE_SUB) {
					dmc_vs_arith(ops[k], &sets[i], &c, &want);
					dmc_vs_add_const(ops[k], &sets[i], cs[j], &got);
					CHECK(dmc_vs_equal(&want, &got));
				} else
					CHECK_EQ_LONG(dmc_vs_compare_const(ops[k], &sets[i], cs[j]),
					              dmc_vs_compare(ops[k], &sets[i], &c));
			}
	CHECK_EQ_LONG(dmc_vs_compare_const(DMC_AE_EQ, &sets[1], 5), DMC_VS_MAYTRUE);
	CHECK_EQ_LONG(dmc_vs_compare_const(DMC_AE_EQ, &sets[5], POS), DMC_VS_MAYTRUE | DMC_VS_MAYFALSE);
	CHECK_EQ_LONG(dmc_vs_compare_const(DMC_AE_NE, &sets[3], 4), DMC_VS_MAYTRUE);
	CHECK_EQ_LONG(dmc_vs_compare_const(DMC_AE_LT, &sets[0], 4), 0);
	dmc_vs_add_const(DMC_AE_SUB, &sets[2], NEG, &got);
	CHECK_STR(fmt(&got), "{+inf}");
}

CHECK_MAIN("valueset",
	CASE(test_add_merge), CASE(test_cap), CASE(test_add_like_ref), CASE(test_contains_subset_equal),
	CASE(test_union), CASE(test_fit), CASE(test_eval_arith),
	CASE(test_eval_div_mod_shift_bits), CASE(test_eval_conditions), CASE(test_eval_narrowing),
	CASE(test_sound_sample), CASE(test_with_const), CASE(test_format))
