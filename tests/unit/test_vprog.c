// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_vprog.c -- compiled expressions (vprog.c) give exactly what the
 * tree walker dmc_vs_eval gives (shared subexpressions and skipped
 * operands of && and || included), and dmc_vs_add's in-place insertion is
 * the union of sets, on random expressions and sets.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "valueset.h"
#include "vprog.h"

#define NEG DMC_AV_NEG_INF
#define POS DMC_AV_POS_INF

static unsigned long rng = 12345;

static unsigned rnd(unsigned n)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(rng >> 33) % n;
}

static dmc_aexpr pool[4096];
static int npool;

static dmc_aexpr *node(dmc_ae_op op)
{
	dmc_aexpr *e = &pool[npool++];
	memset(e, 0, sizeof *e);
	e->op = op;
	return e;
}

static long rand_value(void)
{
	static const long special[] = { NEG, POS, 0, 1, -1, 255, 256, 62, 63 };
	if (rnd(8) == 0)
		return special[rnd(sizeof special / sizeof special[0])];
	return (long)rnd(40) - 15;
}

/* The inner nodes of the expression being made, complete: a later
 * operand may be one of them again (a shared subexpression, which
 * vprog.c computes once). */
static dmc_aexpr *done[64];
static int ndone;

static dmc_aexpr *rand_expr(int depth);

/* A condition that narrows its ?:'s true branch (dmc_vs_narrowing):
 * x op k, k op x or x +- j op k, alone or in a conjunction. */
static dmc_aexpr *narrowing_cond(void)
{
	static const dmc_ae_op cmp[] = { DMC_AE_LT, DMC_AE_LE, DMC_AE_GT, DMC_AE_GE, DMC_AE_EQ, DMC_AE_NE };
	dmc_aexpr *x = node(DMC_AE_VAR), *k = node(DMC_AE_CONST), *c = node(cmp[rnd(6)]);
	x->var = (int)rnd(4);
	k->value = rand_value();
	if (rnd(3) == 0) {
		dmc_aexpr *j = node(DMC_AE_CONST), *sum = node(rnd(2) ? DMC_AE_ADD : DMC_AE_SUB);
		j->value = rand_value();
		sum->a = x;
		sum->b = j;
		x = sum;
	}
	c->a = rnd(4) ? x : k;
	c->b = c->a == x ? k : x;
	if (rnd(2)) {
		dmc_aexpr *and = node(DMC_AE_AND);
		and->a = c;
		and->b = rnd(2) ? narrowing_cond() : rand_expr(1);
		return and;
	}
	return c;
}

static dmc_aexpr *rand_expr(int depth)
{
	static const dmc_ae_op ops[] = {
		DMC_AE_NEG, DMC_AE_NOT, DMC_AE_BITNOT, DMC_AE_ADD, DMC_AE_SUB, DMC_AE_MUL,
		DMC_AE_DIV, DMC_AE_MOD, DMC_AE_SHL, DMC_AE_SHR, DMC_AE_BITAND, DMC_AE_BITOR,
		DMC_AE_BITXOR, DMC_AE_LT, DMC_AE_LE, DMC_AE_GT, DMC_AE_GE, DMC_AE_EQ, DMC_AE_NE,
		DMC_AE_AND, DMC_AE_OR, DMC_AE_COND
	};
	dmc_aexpr *e;
	unsigned k = rnd(10);
	if (ndone > 0 && rnd(6) == 0)
		return done[rnd((unsigned)ndone)];
	if (depth == 0 || k < 3) {
		if (k == 0 && rnd(4) == 0)
			return rnd(2) ? node(DMC_AE_ANY) : NULL;
		if (k % 2) {
			e = node(DMC_AE_VAR);
			e->var = (int)rnd(4);
		} else {
			e = node(DMC_AE_CONST);
			e->value = rand_value();
		}
		return e;
	}
	e = node(ops[rnd(sizeof ops / sizeof ops[0])]);
	e->a = rand_expr(depth - 1);
	if (e->op != DMC_AE_NEG && e->op != DMC_AE_NOT && e->op != DMC_AE_BITNOT)
		e->b = rand_expr(depth - 1);
	if (e->op == DMC_AE_COND)
		e->c = rand_expr(depth - 1);
	if (e->op == DMC_AE_COND && rnd(2))
		e->a = narrowing_cond();
	if (ndone < 64)
		done[ndone++] = e;
	return e;
}

static void rand_set(dmc_vset *s)
{
	int n = (int)rnd(5);
	dmc_vs_clear(s);
	if (rnd(6) == 0) {
		dmc_vs_set(s, rnd(2) ? NEG : rand_value(), rnd(2) ? POS : 100);
		return;
	}
	for (int i = 0; i < n; i++) {
		long a = rand_value(), b = a;
		if (rnd(3) == 0 && a < 1000 && a > -1000)
			b = a + (long)rnd(6);
		dmc_vs_add(s, a, b);
	}
}

static void test_compiled_equals_tree(void)
{
	dmc_vset env[4], want, got;
	const dmc_vset *vals[4] = { &env[0], &env[1], &env[2], NULL };
	int bad = 0;
	for (int round = 0; round < 400 && !bad; round++) {
		dmc_vprogs *ps = dmc_vprogs_new();
		dmc_aexpr *es[32];
		dmc_vprog p[32];
		npool = 0;
		CHECK(ps != NULL);
		if (!ps)
			return;
		for (int i = 0; i < 32; i++) {
			ndone = 0;
			es[i] = rand_expr(1 + (int)rnd(4));
			CHECK(dmc_vprogs_add(ps, es[i], &p[i]) == 0);
		}
		CHECK(dmc_vprogs_seal(ps) == 0);
		for (int t = 0; t < 20 && !bad; t++) {
			for (int v = 0; v < 3; v++)
				rand_set(&env[v]);
			for (int i = 0; i < 32 && !bad; i++) {
				const dmc_vset *const *vv = rnd(10) ? vals : NULL;
				dmc_vs_eval(es[i], vv, &want);
				dmc_vp_eval(ps, p[i], vv, &got);
				if (!dmc_vs_equal(&want, &got)
				    || dmc_vs_may_true(es[i], vv) != dmc_vp_may_true(ps, p[i], vv)) {
					fprintf(stderr, "round %d expr %d: tree ", round, i);
					dmc_vs_print(&want, stderr);
					fprintf(stderr, ", compiled ");
					dmc_vs_print(&got, stderr);
					fputc('\n', stderr);
					bad = 1;
				}
			}
		}
		dmc_vprogs_free(ps);
	}
	CHECK(!bad);
}

/* Adding intervals in [0, 80) one by one gives their union as long as
 * it has at most DMC_VS_MAX runs (then the closest merge: a superset). */
static void test_add_is_union(void)
{
	for (int round = 0; round < 2000; round++) {
		unsigned char in[82] = { 0 };
		dmc_vset s;
		dmc_vs_clear(&s);
		for (int step = 0; step < 30; step++) {
			int lo = (int)rnd(80), hi = lo + (int)rnd(5), runs = 0, k = 0, ok = 1;
			if (hi > 79)
				hi = 79;
			for (int x = lo; x <= hi; x++)
				in[x] = 1;
			dmc_vs_add(&s, lo, hi);
			for (int x = 0; x < 80; x++)
				runs += in[x] && (x == 0 || !in[x - 1]);
			if (runs > DMC_VS_MAX) {
				for (int x = 0; x < 80; x++)
					if (in[x] && !dmc_vs_contains(&s, x))
						ok = 0;
				CHECK(ok && s.n <= DMC_VS_MAX);
				break;
			}
			for (int x = 0; x < 80; x++)
				ok &= (in[x] != 0) == dmc_vs_contains(&s, x);
			for (int i = 0; i + 1 < s.n; i++)      /* sorted, with gaps */
				ok &= s.iv[i].hi + 1 < s.iv[i + 1].lo;
			k = s.n;
			ok &= k == runs;
			CHECK(ok);
			if (!ok)
				return;
		}
	}
}

CHECK_MAIN("vprog", CASE(test_compiled_equals_tree), CASE(test_add_is_union))
