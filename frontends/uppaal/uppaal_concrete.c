// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_concrete.c -- a concrete trace from a symbolic (zone) trail:
 * the delay before each step and the clocks' values at the end, real
 * numbers that satisfy every guard, invariant and the query's
 * constraints (UPPAAL's "concrete trace"; docs/uppaal.md "Clocks:
 * zones").
 *
 * The trail fixes the steps; only the times T_1 <= ... <= T_n of the
 * steps and the time T_end of the final state are free (T_0 = 0).  A
 * clock x at time T is T - T_r + v, r the step that last reset it to v,
 * so every constraint x_i - x_j ~ c of a step's guard, of an invariant
 * (checked when the state is entered and when it is left: a convex
 * invariant held in between) and of the query is a difference of two
 * times ~ a constant:
 * a system of difference constraints.  With times counted in 1/S units,
 * strict bounds < c become <= S*c - 1: for S above the number of times
 * this is exact (a cycle of the constraint graph has at most that many
 * strict edges), and S = 1, 2, 4, ... is tried first so that the delays
 * are short binary fractions (1.5 rather than 1.4814...).  Bellman-Ford
 * from a virtual source finds a solution or proves there is none.
 */
#include "uppaal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	int a, b;               /* T_a - T_b <= c*S - strict */
	long long c;
	int strict;
} dcon;

typedef struct {
	dcon *v;
	int n, cap;
} dcons;

static int add(dcons *d, int a, int b, long long c, int strict)
{
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 64;
		dcon *v = realloc(d->v, sizeof *v * (size_t) cap);
		if (!v)
			return -1;
		d->v = v;
		d->cap = cap;
	}
	d->v[d->n++] = (dcon) { a, b, c, strict };
	return 0;
}

/* the zone program's triple (i, j, bound) at time var t, clock i last
 * reset at time var r[i] to value val[i] (clock 0 is the constant 0) */
static int constrain(dcons *d, int t, const int *r, const long *val, int i, int j, int bound)
{
	if (bound >= 0x3fffffff)       /* DMC_ZINF: no bound */
		return 0;
	int strict = bound & 1;
	long long c = strict ? ((long long) bound + 1) / 2 : bound / 2;
	/* x_i = T - T_r[i] + val[i] (x_0 = 0): x_i - x_j <= c is
	 * T_r[j] - T_r[i] <= c - val[i] + val[j] (T where one of them is 0) */
	int a = j ? r[j] : t, b = i ? r[i] : t;
	c += (j ? val[j] : 0) - (i ? val[i] : 0);
	if (!i && !j)
		return c < 0 || (c == 0 && strict) ? -1 : 0;
	return add(d, a, b, c, strict);
}

static int program(dcons *d, int t, int *r, long *val, int step, const int *p, int k, int resets)
{
	for (int q = 0; q + 2 < k; q += 3) {
		if (p[q] == -1) {
			if (resets) {
				r[p[q + 1]] = step;
				val[p[q + 1]] = p[q + 2];
			}
		} else if (p[q] >= 0 && constrain(d, t, r, val, p[q], p[q + 1], p[q + 2]) != 0) {
			return -1;
		}
	}
	return 0;
}

/* Bellman-Ford with every time 0 from a virtual source: 0 and the times
 * (T_0 = 0) in t, or -1 when the system has no solution in 1/S units */
static int solve(const dcons *d, int nt, long long s, long long *t)
{
	for (int i = 0; i < nt; i++)
		t[i] = 0;
	for (int round = 0; round <= nt; round++) {
		int changed = 0;
		for (int k = 0; k < d->n; k++) {
			const dcon *e = &d->v[k];
			long long w = e->c * s - e->strict;
			if (t[e->b] + w < t[e->a]) {
				t[e->a] = t[e->b] + w;
				changed = 1;
			}
		}
		if (!changed) {
			long long t0 = t[0];
			for (int i = 0; i < nt; i++)
				t[i] -= t0;
			return 0;
		}
	}
	return -1;
}

int up_concrete_delays(int dim, const up_zstep *st, int n, const int *fin, int nfin,
		       long long *delay, long long *clocks, long long *den)
{
	/* time vars: 0 the start, s (1..n) step s, n + 1 the end */
	int nt = n + 2, rc = -1;
	int *r = calloc((size_t) dim, sizeof *r);
	long *val = calloc((size_t) dim, sizeof *val);
	long long *t = calloc((size_t) nt, sizeof *t);
	dcons d = { 0 };
	if (!r || !val || !t)
		goto out;
	for (int s = 0; s <= n; s++) {
		if (s > 0 && program(&d, s, r, val, s, st[s].run, st[s].nrun, 1) != 0)
			goto out;
		/* the state after step s is left at T_{s+1} */
		if (add(&d, s, s + 1, 0, 0) != 0 || (!st[s].delay && add(&d, s + 1, s, 0, 0) != 0))
			goto out;
		/* its invariant holds when it is entered and when it is left
		 * (a convex invariant then holds in between) */
		if (program(&d, s, r, val, s, st[s].inv, st[s].ninv, 0) != 0
		    || program(&d, s + 1, r, val, s, st[s].inv, st[s].ninv, 0) != 0)
			goto out;
	}
	if (program(&d, n + 1, r, val, n, fin, nfin, 0) != 0)
		goto out;
	for (long long s = 1;; s *= 2) {
		if (solve(&d, nt, s, t) == 0) {
			*den = s;
			rc = 0;
			break;
		}
		if (s > nt + 1)
			break;
	}
	if (rc == 0) {
		for (int s = 0; s <= n; s++)
			delay[s] = t[s + 1] - t[s];
		clocks[0] = 0;
		for (int x = 1; x < dim; x++)
			clocks[x] = t[n + 1] - t[r[x]] + (long long) val[x] * *den;
	}
out:
	free(r);
	free(val);
	free(t);
	free(d.v);
	return rc;
}
