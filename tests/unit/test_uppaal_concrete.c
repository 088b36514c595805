// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_uppaal_concrete.c -- concrete delays from a zone trail
 * (frontends/uppaal/uppaal_concrete.c): open intervals get the real
 * value between their ends, several clocks and invariants are met at
 * once, an urgent state lets no time pass, and a trail no times satisfy
 * is refused rather than printed wrong.
 */
#include "check.h"
#include "uppaal.h"

/* bounds as the zone programs write them: 2c (<= c), 2c - 1 (< c) */
static int le(int c) { return 2 * c; }
static int lt(int c) { return 2 * c - 1; }

static void test_open_interval(void)
{
	/* A -> B { guard x > 1 && x < 2; }: the delay in A is 1.5 */
	const int g[] = { 0, 1, lt(-1), 1, 0, lt(2) };
	up_zstep st[2] = { { NULL, 0, NULL, 0, 1 }, { g, 6, NULL, 0, 1 } };
	long long delay[2], clocks[2], den;
	CHECK(up_concrete_delays(2, st, 1, NULL, 0, delay, clocks, &den) == 0);
	CHECK_EQ_LONG(den, 2);
	CHECK_EQ_LONG(delay[0], 3);              /* 1.5 */
	CHECK(delay[1] >= 0);
	CHECK_EQ_LONG(clocks[1], 3 + delay[1]);
	/* ending in B with x < 2 (the query's constraint) */
	const int fin[] = { 1, 0, lt(2) };
	CHECK(up_concrete_delays(2, st, 1, fin, 3, delay, clocks, &den) == 0);
	CHECK(delay[0] > den && delay[0] < 2 * den);
	CHECK(clocks[1] < 2 * den);
	CHECK_EQ_LONG(delay[1], clocks[1] - delay[0]);
}

static void test_two_clocks(void)
{
	/* A { x <= 1 } -> B { guard x == 1; y = 0 } -> C { guard x < 2 && y > 0 } */
	const int inv_a[] = { 1, 0, le(1) };
	const int g1[] = { 0, 1, le(-1), 1, 0, le(1), -1, 2, 0 };
	const int g2[] = { 1, 0, lt(2), 0, 2, lt(0) };
	up_zstep st[3] = { { NULL, 0, inv_a, 3, 1 }, { g1, 9, NULL, 0, 1 }, { g2, 6, NULL, 0, 1 } };
	long long delay[3], clocks[3], den;
	CHECK(up_concrete_delays(3, st, 2, NULL, 0, delay, clocks, &den) == 0);
	CHECK_EQ_LONG(delay[0], den);            /* x == 1 */
	CHECK(delay[1] > 0 && delay[1] < den);   /* 0 < y < 1 */
	/* y >= 1 && x < 2 instead: no times (x - y stays 1) */
	const int g3[] = { 1, 0, lt(2), 0, 2, le(-1) };
	st[2].run = g3;
	CHECK(up_concrete_delays(3, st, 2, NULL, 0, delay, clocks, &den) == -1);
}

static void test_urgent(void)
{
	/* an urgent state between the steps: no delay there, so x > 0 after
	 * x was reset right before is impossible, x >= 0 is not */
	const int r[] = { -1, 1, 0 };
	const int g[] = { 0, 1, lt(0) };
	up_zstep st[3] = { { NULL, 0, NULL, 0, 1 }, { r, 3, NULL, 0, 0 }, { g, 3, NULL, 0, 1 } };
	long long delay[3], clocks[2], den;
	CHECK(up_concrete_delays(2, st, 2, NULL, 0, delay, clocks, &den) == -1);
	const int g0[] = { 0, 1, le(0) };
	st[2].run = g0;
	CHECK(up_concrete_delays(2, st, 2, NULL, 0, delay, clocks, &den) == 0);
	CHECK_EQ_LONG(delay[1], 0);
}

CHECK_MAIN("uppaal_concrete",
	CASE(test_open_interval), CASE(test_two_clocks), CASE(test_urgent))
