// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_uppaal_zone.c -- the DBM operations the UPPAAL translation copies
 * into its Promela (frontends/uppaal/zone_dbm_ctext.h): dense-time answers,
 * canonical forms (equal zones are equal matrices, which pan's hashing
 * relies on), extrapolation and inactive clocks.
 */
#include "check.h"
#include "zone_dbm_ctext.h"

#include <string.h>

enum { N = 3 };                 /* clocks x = 1, y = 2 */

static int ge(int x, int c) { (void) x; return dmc_zbound(-c, 0); }
static int gt(int x, int c) { (void) x; return dmc_zbound(-c, 1); }

/* every clock 0, then time passes */
static void start(int *d)
{
	memset(d, 0, sizeof(int) * N * N);
	dmc_zup(d, N);
}

static void test_open_interval(void)
{
	int d[N * N];
	start(d);
	/* 1 < x < 2 holds at x = 1.5 */
	int p[] = { 0, 1, gt(1, 1), 1, 0, dmc_zbound(2, 1) };
	CHECK(dmc_zok(d, N, p, 6));
	/* x > 2 and x < 2: empty; dmc_zok leaves the zone alone */
	int q[] = { 0, 1, gt(1, 2), 1, 0, dmc_zbound(2, 1) };
	int keep[N * N];
	memcpy(keep, d, sizeof d);
	CHECK(!dmc_zok(d, N, q, 6));
	CHECK(memcmp(keep, d, sizeof d) == 0);
	/* closed ends: x >= 2 and x <= 2 meet at 2 */
	int r[] = { 0, 1, ge(1, 2), 1, 0, dmc_zbound(2, 0) };
	CHECK(dmc_zok(d, N, r, 6));
}

static void test_two_clocks(void)
{
	int d[N * N];
	start(d);
	/* x == 1, y := 0, delay: x - y == 1 from then on */
	int p[] = { 1, 0, dmc_zbound(1, 0), 0, 1, ge(1, 1), -1, 2, 0 };
	CHECK(dmc_zrun(d, N, p, 9));
	dmc_zup(d, N);
	CHECK_EQ_LONG(d[1 * N + 2], dmc_zbound(1, 0));
	CHECK_EQ_LONG(d[2 * N + 1], dmc_zbound(-1, 0));
	int q[] = { 1, 0, dmc_zbound(2, 1), 0, 2, gt(2, 0) };   /* x < 2 && y > 0 */
	CHECK(dmc_zok(d, N, q, 6));
	int r[] = { 0, 2, ge(2, 1), 1, 0, dmc_zbound(2, 1) };   /* y >= 1 && x < 2 */
	CHECK(!dmc_zrun(d, N, r, 6));
	CHECK(dmc_zempty(d));
	CHECK(!dmc_zok(d, N, q, 6));             /* nothing passes the empty zone */
}

static void test_canonical(void)
{
	/* the same constraints in another order, or once more: the same matrix */
	int a[N * N], b[N * N];
	start(a);
	start(b);
	int p[] = { 1, 0, dmc_zbound(5, 0), 0, 2, ge(2, 1), 1, 2, dmc_zbound(3, 1) };
	int q[] = { 1, 2, dmc_zbound(3, 1), 0, 2, ge(2, 1), 1, 0, dmc_zbound(5, 0), 0, 2, ge(2, 1) };
	CHECK(dmc_zrun(a, N, p, 9));
	CHECK(dmc_zrun(b, N, q, 12));
	CHECK(memcmp(a, b, sizeof a) == 0);
	/* closing a closed matrix changes nothing */
	CHECK(dmc_zclose(b, N));
	CHECK(memcmp(a, b, sizeof a) == 0);
	/* the empty zone has one representation */
	int e1[N * N], e2[N * N];
	memcpy(e1, a, sizeof a);
	dmc_zset_empty(e2, N);
	int no[] = { 1, 0, dmc_zbound(0, 1) };   /* x < 0 */
	CHECK(!dmc_zrun(e1, N, no, 3));
	CHECK(memcmp(e1, e2, sizeof e1) == 0);
	CHECK_EQ_LONG(dmc_zadd(DMC_ZINF, 4), DMC_ZINF);
	CHECK_EQ_LONG(dmc_zadd(dmc_zbound(1, 1), dmc_zbound(2, 0)), dmc_zbound(3, 1));
}

static void test_extrapolation(void)
{
	/* with largest constant 2 for x, x >= 5 and x >= 3 are the same
	 * (both above 2): one zone after extrapolation */
	int m[N] = { 0, 2, 2 };
	int a[N * N], b[N * N];
	start(a);
	start(b);
	int p[] = { 0, 1, ge(1, 5) }, q[] = { 0, 1, ge(1, 3) };
	CHECK(dmc_zrun(a, N, p, 3));
	CHECK(dmc_zrun(b, N, q, 3));
	CHECK(memcmp(a, b, sizeof a) != 0);
	dmc_zextra(a, N, m);
	dmc_zextra(b, N, m);
	CHECK(memcmp(a, b, sizeof a) == 0);
	/* below the constant nothing changes: x >= 1 stays */
	int c[N * N];
	start(c);
	int r[] = { 0, 1, ge(1, 1) };
	CHECK(dmc_zrun(c, N, r, 3));
	dmc_zextra(c, N, m);
	CHECK_EQ_LONG(c[0 * N + 1], ge(1, 1));
}

static void test_free(void)
{
	/* an inactive clock: any value, the other clocks as they were */
	int d[N * N];
	start(d);
	int p[] = { 1, 0, dmc_zbound(2, 0), -2, 2, 0 };
	CHECK(dmc_zrun(d, N, p, 6));
	CHECK_EQ_LONG(d[2 * N + 0], DMC_ZINF);
	CHECK_EQ_LONG(d[0 * N + 2], 0);
	CHECK_EQ_LONG(d[1 * N + 0], dmc_zbound(2, 0));
	int q[] = { 0, 2, ge(2, 100) };          /* y >= 100 with x <= 2 */
	CHECK(dmc_zok(d, N, q, 3));
	int c[N * N];
	memcpy(c, d, sizeof d);
	dmc_zfree(c, N, 2);                      /* freeing twice: the same */
	CHECK(memcmp(c, d, sizeof d) == 0);
	dmc_zreset(c, N, 2, 0);
	CHECK(dmc_zconstrain(c, N, 2, 0, dmc_zbound(0, 0)));
}

/* clock differences: a zone split along a difference constraint, and
 * the normalisation that keeps the side it lies on (Extra+ alone forgets
 * the difference of two clocks above their constants) */
static void test_differences(void)
{
	int m[N] = { 0, 4, 4 };
	/* y - x > 3 (x - y < -3) and y - x < 4 */
	int g[] = { 1, 2, dmc_zbound(-3, 1), 2, 1, dmc_zbound(4, 1) };
	int between[] = { 1, 2, dmc_zbound(-3, 1), 2, 1, dmc_zbound(4, 1) };
	/* y == 5, x := 0, delay: y - x == 5, both clocks past 4 later */
	int d[N * N], e[N * N];
	start(d);
	int p[] = { 2, 0, dmc_zbound(5, 0), 0, 2, ge(2, 5), -1, 1, 0 };
	CHECK(dmc_zrun(d, N, p, 9));
	dmc_zup(d, N);
	int late[] = { 0, 1, ge(1, 6) };
	CHECK(dmc_zrun(d, N, late, 3));
	CHECK(!dmc_zok(d, N, between, 6));
	memcpy(e, d, sizeof d);
	dmc_zextra(e, N, m);
	CHECK(dmc_zok(e, N, between, 6));         /* why Extra+ is wrong here */
	CHECK(dmc_zmeets(d, N, g, 1) && !dmc_zmeets(d, N, g, 0));
	dmc_zdiag_norm(d, N, m, g, 2);
	CHECK(!dmc_zok(d, N, between, 6));
	int five[] = { 2, 1, dmc_zbound(5, 0), 1, 2, dmc_zbound(-5, 0) };
	CHECK(dmc_zok(d, N, five, 6));
	/* a zone on both sides of y - x > 3 (0 <= y - x <= 10) is split:
	 * each part meets one side only */
	int w[N * N];
	start(w);
	int q[] = { 2, 0, dmc_zbound(10, 0), -1, 1, 0 };
	CHECK(dmc_zrun(w, N, q, 6));
	CHECK(dmc_zmeets(w, N, g, 1) && dmc_zmeets(w, N, g, 0));
	int a[N * N], b[N * N];
	memcpy(a, w, sizeof w);
	memcpy(b, w, sizeof w);
	dmc_zcut(a, N, g, 1);
	dmc_zcut(b, N, g, 0);
	CHECK(dmc_zmeets(a, N, g, 1) && !dmc_zmeets(a, N, g, 0));
	CHECK(!dmc_zmeets(b, N, g, 1) && dmc_zmeets(b, N, g, 0));
	/* an inactive clock is not split along: one side, no cut */
	int f[N * N];
	memcpy(f, w, sizeof w);
	dmc_zfree(f, N, 1);
	CHECK(dmc_zmeets(f, N, g, 1) && !dmc_zmeets(f, N, g, 0));
	memcpy(a, f, sizeof f);
	dmc_zcut(a, N, g, 1);
	CHECK(memcmp(a, f, sizeof f) == 0);
}

CHECK_MAIN("uppaal_zone",
	CASE(test_open_interval), CASE(test_two_clocks), CASE(test_canonical),
	CASE(test_extrapolation), CASE(test_free), CASE(test_differences))
