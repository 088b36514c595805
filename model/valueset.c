// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * valueset.c -- integer sets as interval lists, and abstract evaluation
 * of dmc_aexpr over them (see valueset.h).
 *
 * LONG_MIN and LONG_MAX stand for the infinities, so every bound
 * computation saturates at them: a result that does not fit in a long
 * becomes the infinity on its side, which only widens the set.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "valueset.h"

#define NEG DMC_AV_NEG_INF
#define POS DMC_AV_POS_INF
#define LBITS ((int)(sizeof(long) * CHAR_BIT))

/* ---- saturating bound arithmetic ---- */

static int is_inf(long a) { return a == NEG || a == POS; }
static long neg(long a) { return a == NEG ? POS : a == POS ? NEG : -a; }
static long lmin(long a, long b) { return a < b ? a : b; }
static long lmax(long a, long b) { return a > b ? a : b; }

/* a + b for a bound: an upper bound (up) prefers +inf when the two
 * infinities meet, a lower bound -inf; both are sound. */
static long add(long a, long b, int up)
{
	int pinf = a == POS || b == POS, ninf = a == NEG || b == NEG;
	if (pinf && ninf)
		return up ? POS : NEG;
	if (pinf)
		return POS;
	if (ninf)
		return NEG;
	if (b > 0 && a > POS - b)
		return POS;
	if (b < 0 && a < NEG - b)
		return NEG;
	return a + b;
}

static long mul(long a, long b)
{
	int negative = (a < 0) != (b < 0);
	if (a == 0 || b == 0)
		return 0;
	if (is_inf(a) || is_inf(b))
		return negative ? NEG : POS;
	if ((a < 0 ? -a : a) > POS / (b < 0 ? -b : b))
		return negative ? NEG : POS;
	return a * b;
}

/* C's truncating a / b, b != 0; *undef when both are infinite. */
static long quot(long a, long b, int *undef)
{
	if (is_inf(b)) {
		if (is_inf(a))
			*undef = 1;
		return 0;
	}
	if (is_inf(a))
		return (a < 0) != (b < 0) ? NEG : POS;
	return a / b;
}

/* a >> s rounding down (arithmetic shift), 0 <= s < LBITS, portable. */
static long shr(long a, int s)
{
	if (is_inf(a))
		return a;
	return a >= 0 ? a >> s : -((-a - 1) >> s) - 1;
}

/* Smallest 2^k - 1 >= a, for a >= 0. */
static long ones(long a)
{
	long r = 0;
	if (a == POS)
		return POS;
	while (r < a)
		r = r * 2 + 1;
	return r;
}

/* ---- building ---- */

void dmc_vs_clear(dmc_vset *s)
{
	s->n = 0;
}

void dmc_vs_set(dmc_vset *s, long lo, long hi)
{
	s->n = lo <= hi;
	s->iv[0].lo = lo;
	s->iv[0].hi = hi;
}

/* Over capacity: merge the two neighbours with the smallest gap. */
static void merge_closest(dmc_ival *iv, int *n)
{
	int best = 0;
	unsigned long bestgap = (unsigned long)-1;
	for (int i = 0; i + 1 < *n; i++) {
		unsigned long gap = (unsigned long)iv[i + 1].lo - (unsigned long)iv[i].hi;
		if (gap < bestgap) {
			bestgap = gap;
			best = i;
		}
	}
	iv[best].hi = iv[best + 1].hi;
	for (int i = best + 1; i + 1 < *n; i++)
		iv[i] = iv[i + 1];
	(*n)--;
}

/* x lies entirely left of [lo, ...] with a gap (so they do not merge). */
static int left_of(long xhi, long lo)
{
	return xhi < lo && xhi + 1 < lo;
}

/* The general case, through a buffer with room for one interval more
 * than a set holds (then the two closest are merged). */
static void add_merging(dmc_vset *s, long lo, long hi)
{
	dmc_ival buf[DMC_VS_MAX + 1];
	int n = 0, i = 0;
	while (i < s->n && left_of(s->iv[i].hi, lo))
		buf[n++] = s->iv[i++];
	while (i < s->n && !left_of(hi, s->iv[i].lo)) {      /* overlaps or touches */
		lo = lmin(lo, s->iv[i].lo);
		hi = lmax(hi, s->iv[i].hi);
		i++;
	}
	buf[n].lo = lo;
	buf[n++].hi = hi;
	while (i < s->n)
		buf[n++] = s->iv[i++];
	if (n > DMC_VS_MAX)
		merge_closest(buf, &n);
	for (i = 0; i < n; i++)
		s->iv[i] = buf[i];
	s->n = n;
}

/* In place: [lo, hi] absorbs the intervals [i, j) it overlaps or
 * touches; only a new interval in a full set needs add_merging. */
int dmc_vs_add(dmc_vset *s, long lo, long hi)
{
	int i = s->n, j;
	if (lo > hi)
		return 0;
	if (i > 0 && left_of(s->iv[i - 1].hi, lo)) {    /* after the last: append */
		if (i == DMC_VS_MAX) {
			add_merging(s, lo, hi);
			return 1;
		}
		s->iv[i].lo = lo;
		s->iv[i].hi = hi;
		s->n = i + 1;
		return 1;
	}
	for (i = 0; i < s->n && left_of(s->iv[i].hi, lo); i++)
		;
	for (j = i; j < s->n && !left_of(hi, s->iv[j].lo); j++)
		;
	if (j == i) {                 /* a new interval before iv[i] */
		if (s->n == DMC_VS_MAX) {
			add_merging(s, lo, hi);
			return 1;
		}
		memmove(&s->iv[i + 1], &s->iv[i], (size_t)(s->n - i) * sizeof s->iv[0]);
		s->iv[i].lo = lo;
		s->iv[i].hi = hi;
		s->n++;
		return 1;
	}
	if (j == i + 1 && s->iv[i].lo <= lo && hi <= s->iv[i].hi)
		return 0;             /* held already */
	s->iv[i].lo = lmin(lo, s->iv[i].lo);
	s->iv[i].hi = lmax(hi, s->iv[j - 1].hi);
	if (j > i + 1) {
		memmove(&s->iv[i + 1], &s->iv[j], (size_t)(s->n - j) * sizeof s->iv[0]);
		s->n -= j - i - 1;
	}
	return 1;
}

int dmc_vs_union(dmc_vset *dst, const dmc_vset *src)
{
	if (dmc_vs_subset(src, dst))
		return 0;
	for (int i = 0; i < src->n; i++)
		dmc_vs_add(dst, src->iv[i].lo, src->iv[i].hi);
	return 1;
}

/* ---- domains ---- */

/* Add [a, b], which lies outside [lo, hi], reduced modulo the domain. */
static void add_wrapped(dmc_vset *out, long a, long b, long lo, long hi)
{
	const long lim = POS / 4;     /* keeps the differences below in range */
	long size, ra, rb;
	if (is_inf(lo) || is_inf(hi) || a <= -lim || b >= lim || lo <= -lim || hi >= lim
	    || b - a >= hi - lo) {
		dmc_vs_add(out, lo, hi);
		return;
	}
	size = hi - lo + 1;
	ra = lo + ((a - lo) % size + size) % size;
	rb = lo + ((b - lo) % size + size) % size;
	if (ra <= rb)
		dmc_vs_add(out, ra, rb);
	else {
		dmc_vs_add(out, lo, rb);
		dmc_vs_add(out, ra, hi);
	}
}

void dmc_vs_fit(dmc_vset *s, long lo, long hi, int wrap)
{
	dmc_vset out;
	if (s->n == 0 || (s->iv[0].lo >= lo && s->iv[s->n - 1].hi <= hi))
		return;               /* inside already */
	out.n = 0;
	for (int i = 0; i < s->n; i++) {
		long a = s->iv[i].lo, b = s->iv[i].hi;
		dmc_vs_add(&out, lmax(a, lo), lmin(b, hi));
		if (!wrap)
			continue;
		if (a < lo)
			add_wrapped(&out, a, lmin(b, lo - 1), lo, hi);
		if (b > hi)
			add_wrapped(&out, lmax(a, hi + 1), b, lo, hi);
	}
	*s = out;
}

/* ---- queries ---- */

int dmc_vs_empty(const dmc_vset *s)
{
	return s->n == 0;
}

int dmc_vs_contains(const dmc_vset *s, long v)
{
	for (int i = 0; i < s->n && s->iv[i].lo <= v; i++)
		if (v <= s->iv[i].hi)
			return 1;
	return 0;
}

/* Intervals of b are maximal, so each interval of a must fit in one. */
int dmc_vs_subset(const dmc_vset *a, const dmc_vset *b)
{
	int j = 0;
	for (int i = 0; i < a->n; i++) {
		while (j < b->n && b->iv[j].hi < a->iv[i].lo)
			j++;
		if (j == b->n || b->iv[j].lo > a->iv[i].lo || b->iv[j].hi < a->iv[i].hi)
			return 0;
	}
	return 1;
}

int dmc_vs_equal(const dmc_vset *a, const dmc_vset *b)
{
	if (a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (a->iv[i].lo != b->iv[i].lo || a->iv[i].hi != b->iv[i].hi)
			return 0;
	return 1;
}

long dmc_vs_min(const dmc_vset *s)
{
	return s->n ? s->iv[0].lo : POS;
}

long dmc_vs_max(const dmc_vset *s)
{
	return s->n ? s->iv[s->n - 1].hi : NEG;
}

int dmc_vs_has_nonzero(const dmc_vset *s)
{
	return s->n > 1 || (s->n == 1 && (s->iv[0].lo != 0 || s->iv[0].hi != 0));
}

static int single(const dmc_vset *s)
{
	return s->n == 1 && s->iv[0].lo == s->iv[0].hi && !is_inf(s->iv[0].lo);
}

static int intersects(const dmc_vset *a, const dmc_vset *b)
{
	int i = 0, j = 0;
	while (i < a->n && j < b->n) {
		if (a->iv[i].hi < b->iv[j].lo)
			i++;
		else if (b->iv[j].hi < a->iv[i].lo)
			j++;
		else
			return 1;
	}
	return 0;
}

/* ---- arithmetic on one pair of intervals ---- */

static void add_corners(dmc_vset *out, long c1, long c2, long c3, long c4)
{
	dmc_vs_add(out, lmin(lmin(c1, c2), lmin(c3, c4)), lmax(lmax(c1, c2), lmax(c3, c4)));
}

/* x / y and x % y for a divisor interval y of one sign (0 excluded). */
static void div_part(dmc_ae_op op, dmc_ival x, dmc_ival y, dmc_vset *out)
{
	if (op == DMC_AE_DIV) {
		int undef = 0;
		long c1 = quot(x.lo, y.lo, &undef), c2 = quot(x.lo, y.hi, &undef);
		long c3 = quot(x.hi, y.lo, &undef), c4 = quot(x.hi, y.hi, &undef);
		if (undef)
			dmc_vs_add(out, NEG, POS);
		else
			add_corners(out, c1, c2, c3, c4);
		return;
	}
	/* %: the result has the dividend's sign and |x % y| < |y|, |x % y| <= |x| */
	if (y.lo == y.hi && !is_inf(y.lo) && !is_inf(x.lo) && !is_inf(x.hi)
	    && x.lo / y.lo == x.hi / y.lo) {            /* one quotient: x % y is monotone */
		dmc_vs_add(out, x.lo % y.lo, x.hi % y.lo);
		return;
	}
	long m = y.lo > 0 ? y.hi : neg(y.lo);         /* the largest |y| */
	long m1 = m == POS ? POS : m - 1;
	if (x.hi >= 0)
		dmc_vs_add(out, 0, lmin(lmax(x.hi, 0), m1));
	if (x.lo < 0)
		dmc_vs_add(out, lmax(x.lo, neg(m1)), 0);
}

static void bits_part(dmc_ae_op op, dmc_ival x, dmc_ival y, dmc_vset *out)
{
	if (x.lo == x.hi && y.lo == y.hi && !is_inf(x.lo) && !is_inf(y.lo)) {
		long r = op == DMC_AE_BITAND ? (x.lo & y.lo)
		       : op == DMC_AE_BITOR ? (x.lo | y.lo) : (x.lo ^ y.lo);
		dmc_vs_add(out, r, r);
		return;
	}
	if (op == DMC_AE_BITAND && (x.lo >= 0 || y.lo >= 0)) {
		long hi = x.lo >= 0 && y.lo >= 0 ? lmin(x.hi, y.hi) : x.lo >= 0 ? x.hi : y.hi;
		dmc_vs_add(out, 0, hi);
	} else if (op != DMC_AE_BITAND && x.lo >= 0 && y.lo >= 0)
		dmc_vs_add(out, 0, ones(lmax(x.hi, y.hi)));
	else
		dmc_vs_add(out, NEG, POS);
}

static void shift_part(dmc_ae_op op, dmc_ival x, dmc_ival y, dmc_vset *out)
{
	if (y.lo < 0 || y.hi > LBITS - 2) {          /* undefined in C: anything */
		dmc_vs_add(out, NEG, POS);
		return;
	}
	if (op == DMC_AE_SHL)
		add_corners(out, mul(x.lo, 1L << y.lo), mul(x.lo, 1L << y.hi),
		            mul(x.hi, 1L << y.lo), mul(x.hi, 1L << y.hi));
	else
		add_corners(out, shr(x.lo, (int)y.lo), shr(x.lo, (int)y.hi),
		            shr(x.hi, (int)y.lo), shr(x.hi, (int)y.hi));
}

void dmc_vs_arith(dmc_ae_op op, const dmc_vset *a, const dmc_vset *b, dmc_vset *out)
{
	out->n = 0;
	if (a->n == 1 && b->n == 1 && (op == DMC_AE_ADD || op == DMC_AE_SUB)) {
		/* one interval each (most sums): what the loop below makes with
		 * one dmc_vs_add into the empty set */
		dmc_ival x = a->iv[0], y = b->iv[0];
		long lo = op == DMC_AE_ADD ? add(x.lo, y.lo, 0) : add(x.lo, neg(y.hi), 0);
		long hi = op == DMC_AE_ADD ? add(x.hi, y.hi, 1) : add(x.hi, neg(y.lo), 1);
		if (lo <= hi) {
			out->iv[0].lo = lo;
			out->iv[0].hi = hi;
			out->n = 1;
		}
		return;
	}
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++) {
			dmc_ival x = a->iv[i], y = b->iv[j];
			switch (op) {
			case DMC_AE_ADD:
				dmc_vs_add(out, add(x.lo, y.lo, 0), add(x.hi, y.hi, 1));
				break;
			case DMC_AE_SUB:
				dmc_vs_add(out, add(x.lo, neg(y.hi), 0), add(x.hi, neg(y.lo), 1));
				break;
			case DMC_AE_MUL:
				add_corners(out, mul(x.lo, y.lo), mul(x.lo, y.hi),
				            mul(x.hi, y.lo), mul(x.hi, y.hi));
				break;
			case DMC_AE_DIV:
			case DMC_AE_MOD:
				if (y.hi >= 1)
					div_part(op, x, (dmc_ival){ lmax(y.lo, 1), y.hi }, out);
				if (y.lo <= -1)
					div_part(op, x, (dmc_ival){ y.lo, lmin(y.hi, -1) }, out);
				break;
			case DMC_AE_SHL:
			case DMC_AE_SHR:
				shift_part(op, x, y, out);
				break;
			default:
				bits_part(op, x, y, out);
				break;
			}
		}
}

void dmc_vs_add_const(dmc_ae_op op, const dmc_vset *a, long c, dmc_vset *out)
{
	long lo = op == DMC_AE_SUB ? neg(c) : c, hi = lo;
	out->n = 0;
	for (int i = 0; i < a->n; i++)
		dmc_vs_add(out, add(a->iv[i].lo, lo, 0), add(a->iv[i].hi, hi, 1));
}

/* ---- conditions ---- */

void dmc_vs_bool(dmc_vset *out, int may_false, int may_true)
{
	out->n = may_false || may_true;
	out->iv[0].lo = may_false ? 0 : 1;
	out->iv[0].hi = may_true ? 1 : 0;
}

/* The bits of a op b from the ends of a and b (nonempty) and, for ==
 * and !=, whether they meet (have a value in common) and are the same
 * single value. */
static int compare_bits(dmc_ae_op op, long amin, long amax, long bmin, long bmax, int meet,
                        int same)
{
	int t, f;
	switch (op) {
	case DMC_AE_LT: t = amin < bmax; f = amax >= bmin; break;
	case DMC_AE_LE: t = amin <= bmax; f = amax > bmin; break;
	case DMC_AE_GT: t = amax > bmin; f = amin <= bmax; break;
	case DMC_AE_GE: t = amax >= bmin; f = amin < bmax; break;
	case DMC_AE_EQ: t = meet; f = !same; break;
	default: t = !same; f = meet; break;        /* NE */
	}
	return (f ? DMC_VS_MAYFALSE : 0) | (t ? DMC_VS_MAYTRUE : 0);
}

static int is_eq(dmc_ae_op op)
{
	return op == DMC_AE_EQ || op == DMC_AE_NE;
}

int dmc_vs_compare(dmc_ae_op op, const dmc_vset *a, const dmc_vset *b)
{
	long amin = dmc_vs_min(a);
	if (!a->n || !b->n)
		return 0;
	return compare_bits(op, amin, dmc_vs_max(a), dmc_vs_min(b), dmc_vs_max(b),
	                    is_eq(op) && intersects(a, b),
	                    is_eq(op) && single(a) && single(b) && amin == dmc_vs_min(b));
}

/* {c} is a single value unless c is infinite, and then a cannot be single
 * with the same value. */
int dmc_vs_compare_const(dmc_ae_op op, const dmc_vset *a, long c)
{
	long amin = dmc_vs_min(a);
	if (!a->n)
		return 0;
	return compare_bits(op, amin, dmc_vs_max(a), c, c, is_eq(op) && dmc_vs_contains(a, c),
	                    is_eq(op) && single(a) && amin == c);
}

/* ---- narrowing ---- */

void dmc_vs_clip(dmc_vset *s, long lo, long hi)
{
	dmc_vset out;
	out.n = 0;
	for (int i = 0; i < s->n; i++)
		if (s->iv[i].hi >= lo && s->iv[i].lo <= hi)
			dmc_vs_add(&out, lmax(s->iv[i].lo, lo), lmin(s->iv[i].hi, hi));
	*s = out;
}

/* k - j without leaving (NEG, POS); 0 when it would */
static int shift(long k, long j, long *r)
{
	return !__builtin_sub_overflow(k, j, r) && *r > NEG && *r < POS;
}

/* Conjunct c of a condition as "variable in [lo, hi]": x op k, k op x,
 * x + j op k, x - j op k (j, k constants); 0 for anything else. */
static int conjunct_range(const dmc_aexpr *c, int *var, long *lo, long *hi)
{
	const dmc_aexpr *x = c->a, *k = c->b;
	dmc_ae_op op = c->op;
	long j = 0, kv;
	if (op < DMC_AE_LT || op > DMC_AE_NE || op == DMC_AE_NE || !x || !k)
		return 0;
	if (x->op == DMC_AE_CONST) {          /* k op x is x op' k */
		const dmc_aexpr *t = x;
		x = k;
		k = t;
		op = dmc_ae_mirror(op);
	}
	if (k->op != DMC_AE_CONST)
		return 0;
	if ((x->op == DMC_AE_ADD || x->op == DMC_AE_SUB) && x->a && x->b
	    && x->a->op == DMC_AE_VAR && x->b->op == DMC_AE_CONST) {
		if (x->b->value == NEG)
			return 0;
		j = x->op == DMC_AE_ADD ? x->b->value : -x->b->value;
		x = x->a;
	}
	if (x->op != DMC_AE_VAR || !shift(k->value, j, &kv))
		return 0;
	*var = x->var;
	*lo = NEG;
	*hi = POS;
	switch (op) {
	case DMC_AE_LT: *hi = kv - 1; break;
	case DMC_AE_LE: *hi = kv; break;
	case DMC_AE_GT: *lo = kv + 1; break;
	case DMC_AE_GE: *lo = kv; break;
	default: *lo = *hi = kv; break;      /* == */
	}
	return 1;
}

dmc_ae_op dmc_ae_mirror(dmc_ae_op op)
{
	return op == DMC_AE_LT ? DMC_AE_GT : op == DMC_AE_LE ? DMC_AE_GE
	       : op == DMC_AE_GT ? DMC_AE_LT : op == DMC_AE_GE ? DMC_AE_LE : op;
}

/* c's ranges appended to nw[0..n); the new count */
static int append_ranges(const dmc_aexpr *c, dmc_vs_narrow *nw, int n)
{
	int var, i;
	long lo, hi;
	if (!c)
		return n;
	if (c->op == DMC_AE_AND)
		return append_ranges(c->b, nw, append_ranges(c->a, nw, n));
	if (!conjunct_range(c, &var, &lo, &hi))
		return n;
	for (i = 0; i < n && nw[i].var != var; i++)
		;
	if (i < n) {                          /* both hold: the intersection */
		nw[i].lo = lmax(nw[i].lo, lo);
		nw[i].hi = lmin(nw[i].hi, hi);
	} else if (n < DMC_VS_NARROW_MAX)
		nw[n++] = (dmc_vs_narrow){ var, lo, hi };
	return n;
}

int dmc_vs_narrowing(const dmc_aexpr *c, const dmc_vs_narrow *outer, int n, dmc_vs_narrow *out)
{
	if (n)
		memcpy(out, outer, (size_t)n * sizeof *out);
	return append_ranges(c, out, n);
}

/* ---- evaluation ---- */

static void eval(const dmc_aexpr *e, const dmc_vset *const *vals, const dmc_vs_narrow *nw, int nn,
                 dmc_vset *out)
{
	dmc_vset a, b;
	if (!e) {
		dmc_vs_set(out, NEG, POS);
		return;
	}
	switch (e->op) {
	case DMC_AE_CONST:
		dmc_vs_set(out, e->value, e->value);
		return;
	case DMC_AE_VAR:
		if (vals && vals[e->var])
			*out = *vals[e->var];
		else
			dmc_vs_set(out, NEG, POS);
		for (int i = 0; i < nn; i++)
			if (nw[i].var == e->var)
				dmc_vs_clip(out, nw[i].lo, nw[i].hi);
		return;
	case DMC_AE_ANY:
		dmc_vs_set(out, NEG, POS);
		return;
	case DMC_AE_NEG:
		eval(e->a, vals, nw, nn, &a);
		out->n = 0;
		for (int i = a.n - 1; i >= 0; i--)
			dmc_vs_add(out, neg(a.iv[i].hi), neg(a.iv[i].lo));
		return;
	case DMC_AE_BITNOT:                   /* ~x = -x - 1, exact on intervals */
		eval(e->a, vals, nw, nn, &a);
		out->n = 0;
		for (int i = a.n - 1; i >= 0; i--)
			dmc_vs_add(out, ~a.iv[i].hi, ~a.iv[i].lo);
		return;
	case DMC_AE_NOT:
		eval(e->a, vals, nw, nn, &a);
		dmc_vs_bool(out, dmc_vs_has_nonzero(&a), dmc_vs_contains(&a, 0));
		return;
	case DMC_AE_AND:              /* C's short circuit: b only when a decides nothing */
	case DMC_AE_OR: {
		int at, af, bt, bf;
		eval(e->a, vals, nw, nn, &a);
		eval(e->b, vals, nw, nn, &b);  /* empty (b fails) only matters if reached */
		at = dmc_vs_has_nonzero(&a);
		af = dmc_vs_contains(&a, 0);
		bt = dmc_vs_has_nonzero(&b);
		bf = dmc_vs_contains(&b, 0);
		if (e->op == DMC_AE_AND)
			dmc_vs_bool(out, af || (at && bf), at && bt);
		else
			dmc_vs_bool(out, af && bf, at || (af && bt));
		return;
	}
	case DMC_AE_COND:
		eval(e->a, vals, nw, nn, &a);
		out->n = 0;
		if (dmc_vs_has_nonzero(&a)) {
			dmc_vs_narrow in[DMC_VS_NARROW_MAX];
			int n = dmc_vs_narrowing(e->a, nw, nn, in);
			eval(e->b, vals, in, n, &b);
			dmc_vs_union(out, &b);
		}
		if (dmc_vs_contains(&a, 0)) {
			eval(e->c, vals, nw, nn, &b);
			dmc_vs_union(out, &b);
		}
		return;
	case DMC_AE_LT: case DMC_AE_LE: case DMC_AE_GT:
	case DMC_AE_GE: case DMC_AE_EQ: case DMC_AE_NE:
		eval(e->a, vals, nw, nn, &a);
		eval(e->b, vals, nw, nn, &b);
		{
			int m = dmc_vs_compare(e->op, &a, &b);
			dmc_vs_bool(out, m & DMC_VS_MAYFALSE, m & DMC_VS_MAYTRUE);
		}
		return;
	default:                              /* binary arithmetic and bit operators */
		eval(e->a, vals, nw, nn, &a);
		eval(e->b, vals, nw, nn, &b);
		dmc_vs_arith(e->op, &a, &b, out);
		return;
	}
}

void dmc_vs_eval(const dmc_aexpr *e, const dmc_vset *const *vals, dmc_vset *out)
{
	eval(e, vals, NULL, 0, out);
}

int dmc_vs_may_true(const dmc_aexpr *e, const dmc_vset *const *vals)
{
	dmc_vset r;
	dmc_vs_eval(e, vals, &r);
	return dmc_vs_has_nonzero(&r);
}

int dmc_vs_may_false(const dmc_aexpr *e, const dmc_vset *const *vals)
{
	dmc_vset r;
	dmc_vs_eval(e, vals, &r);
	return dmc_vs_contains(&r, 0);
}

/* ---- printing ---- */

/* Append text at *n, as snprintf would, counting what does not fit. */
static void append(char *buf, size_t len, int *n, const char *text)
{
	size_t at = (size_t)*n;
	*n += snprintf(at < len ? buf + at : NULL, at < len ? len - at : 0, "%s", text);
}

static void append_bound(char *buf, size_t len, int *n, long v)
{
	char num[32];
	if (v == NEG)
		append(buf, len, n, "-inf");
	else if (v == POS)
		append(buf, len, n, "+inf");
	else {
		snprintf(num, sizeof num, "%ld", v);
		append(buf, len, n, num);
	}
}

int dmc_vs_format(const dmc_vset *s, char *buf, size_t len)
{
	int n = 0;
	append(buf, len, &n, "{");
	for (int i = 0; i < s->n; i++) {
		if (i)
			append(buf, len, &n, ", ");
		append_bound(buf, len, &n, s->iv[i].lo);
		if (s->iv[i].hi != s->iv[i].lo) {
			append(buf, len, &n, "..");
			append_bound(buf, len, &n, s->iv[i].hi);
		}
	}
	append(buf, len, &n, "}");
	return n;
}

void dmc_vs_print(const dmc_vset *s, FILE *f)
{
	char buf[DMC_VS_MAX * 48 + 8];
	dmc_vs_format(s, buf, sizeof buf);
	fputs(buf, f);
}
