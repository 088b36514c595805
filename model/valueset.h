// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * valueset.h -- sets of integers for the monotonicity abstraction
 * (seed 000, sections 3.1 and 4).
 *
 * A set is a sorted list of disjoint, non-adjacent closed intervals;
 * an explicit value c is the interval [c, c], and an end may be
 * DMC_AV_NEG_INF / DMC_AV_POS_INF (an open-ended region, so x := x+1
 * gives [min, +inf) at once).  The list holds at most DMC_VS_MAX
 * intervals: adding one more merges the two closest neighbours, which
 * only adds values.  Every operation here over-approximates: the result
 * contains every value the concrete operation can give.
 *
 * Sets are plain values (no heap): copy them with =.
 */
#ifndef DMC_VALUESET_H
#define DMC_VALUESET_H

#include <stddef.h>
#include <stdio.h>

#include "absmodel.h"

#define DMC_VS_MAX 16                 /* intervals per set */

typedef struct { long lo, hi; } dmc_ival;

typedef struct {
	int n;
	dmc_ival iv[DMC_VS_MAX];      /* iv[0..n), increasing */
} dmc_vset;

/* building */
void dmc_vs_clear(dmc_vset *s);                        /* s := {} */
void dmc_vs_set(dmc_vset *s, long lo, long hi);        /* s := [lo, hi] ({} if lo > hi) */
int dmc_vs_add(dmc_vset *s, long lo, long hi);         /* s := s + [lo, hi]; 1 if s grew */
int dmc_vs_union(dmc_vset *dst, const dmc_vset *src);  /* dst := dst + src; 1 if dst grew */

/* Keep s inside the domain [lo, hi].  wrap = 0: values outside are
 * dropped (the seed paper's rule).  wrap = 1: they are reduced modulo
 * the domain's size, as C truncates a store into a narrower type (a
 * Promela byte 255+1 is 0); a region too large to map, or a domain with
 * an infinite end, gives the whole domain. */
void dmc_vs_fit(dmc_vset *s, long lo, long hi, int wrap);

/* queries */
int dmc_vs_empty(const dmc_vset *s);
int dmc_vs_contains(const dmc_vset *s, long v);
int dmc_vs_subset(const dmc_vset *a, const dmc_vset *b);   /* a within b */
int dmc_vs_equal(const dmc_vset *a, const dmc_vset *b);
long dmc_vs_min(const dmc_vset *s);           /* DMC_AV_POS_INF when empty */
long dmc_vs_max(const dmc_vset *s);           /* DMC_AV_NEG_INF when empty */
int dmc_vs_has_nonzero(const dmc_vset *s);    /* "may be true" for a condition's values */

/* Abstract evaluation: out := every value e may take when each variable
 * v ranges over *vals[v] independently (a NULL vals[v] is "any integer").
 * Arithmetic is interval arithmetic on each pair of intervals, saturating
 * at the infinities; division and modulo ignore a zero divisor (the
 * concrete step fails).  Comparisons and the logical operators give a
 * subset of {0, 1}: 1 if some choice of operand values makes them true,
 * 0 if some choice makes them false.  So a && b is "may be true" when a
 * may be and b may be, each with its own values: the paper's local
 * quantification.  DMC_AE_ANY and a NULL expression are all integers. */
void dmc_vs_eval(const dmc_aexpr *e, const dmc_vset *const *vals, dmc_vset *out);
/* c op x is x op' c: < and >, <= and >= swapped, == and != kept */
dmc_ae_op dmc_ae_mirror(dmc_ae_op op);
/* The branch a ?: takes when its condition c is true is evaluated with
 * each variable that a top-level conjunct of c compares with a constant
 * (x op k, k op x, x + j op k, x - j op k; op not !=) narrowed to the
 * values satisfying it: c true implies the conjunct, so nothing a
 * concrete state can give is lost.  (x < 3 && ...) -> x + 1 : x stays
 * within x's range instead of growing by one at every application.
 * dmc_vs_narrowing writes the narrowing inside such a branch into out:
 * the enclosing branches' outer[0..n), then c's ranges (intersecting a
 * variable's entries; at most DMC_VS_NARROW_MAX, the rest left out); it
 * returns their number.  dmc_vs_clip keeps s's values within [lo, hi]. */
#define DMC_VS_NARROW_MAX 8
typedef struct { int var; long lo, hi; } dmc_vs_narrow;
int dmc_vs_narrowing(const dmc_aexpr *c, const dmc_vs_narrow *outer, int n, dmc_vs_narrow *out);
void dmc_vs_clip(dmc_vset *s, long lo, long hi);
int dmc_vs_may_true(const dmc_aexpr *e, const dmc_vset *const *vals);
int dmc_vs_may_false(const dmc_aexpr *e, const dmc_vset *const *vals);

/* The parts of dmc_vs_eval, for evaluators that keep conditions as two
 * bits (vprog.c): a comparison's {may be false, may be true}, the set
 * {0}, {1}, {0, 1} or {} of such bits, and a binary arithmetic or bit
 * operator on two sets. */
#define DMC_VS_MAYFALSE 1
#define DMC_VS_MAYTRUE 2
int dmc_vs_compare(dmc_ae_op op, const dmc_vset *a, const dmc_vset *b);
void dmc_vs_bool(dmc_vset *out, int may_false, int may_true);
void dmc_vs_arith(dmc_ae_op op, const dmc_vset *a, const dmc_vset *b, dmc_vset *out);
/* The same with b = {c}: dmc_vs_compare(op, a, {c}) and, for op ADD or
 * SUB, dmc_vs_arith(op, a, {c}, out), without making the set {c}. */
int dmc_vs_compare_const(dmc_ae_op op, const dmc_vset *a, long c);
void dmc_vs_add_const(dmc_ae_op op, const dmc_vset *a, long c, dmc_vset *out);

/* "{0, 3..7, 10..+inf}" into buf; returns what snprintf would. */
int dmc_vs_format(const dmc_vset *s, char *buf, size_t len);
void dmc_vs_print(const dmc_vset *s, FILE *f);

#endif
