// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_hcache.c -- unit tests of heuristics/hcache.c: the exact cache
 * never answers with another key's value, even for a shared hash.
 */
#include <limits.h>
#include <string.h>

#include "check.h"
#include "hcache.h"

static dmc_hcache *exact(size_t entries)
{
	dmc_hcache_conf conf = { DMC_HCACHE_EXACT, entries };
	dmc_hcache *c = dmc_hcache_new(&conf);
	CHECK(c != NULL);
	return c;
}

static void test_exact_hit_and_mismatch(void)
{
	dmc_hcache *c = exact(16);
	if (!c)
		return;
	int h = -1;
	CHECK(dmc_hcache_get(c, "abc", 3, 7, &h) == 0);
	dmc_hcache_put(c, "abc", 3, 7, INT_MAX);             /* an infinity */
	CHECK(dmc_hcache_get(c, "abc", 3, 7, &h) == 1 && h == INT_MAX);
	/* the same hash, other bytes or another length: a miss */
	CHECK(dmc_hcache_get(c, "abd", 3, 7, &h) == 0);
	CHECK(dmc_hcache_get(c, "ab", 2, 7, &h) == 0);
	/* hash 0 is a hash like any other */
	dmc_hcache_put(c, "zero", 4, 0, 5);
	CHECK(dmc_hcache_get(c, "zero", 4, 0, &h) == 1 && h == 5);
	const dmc_hcache_stats *st = dmc_hcache_stats_of(c);
	CHECK(st->hits == 2 && st->lookups == 5);
	dmc_hcache_free(c);
}

/* full at N entries: emptied and refilled, the newest entry kept */
static void test_exact_flush(void)
{
	dmc_hcache *c = exact(4);
	if (!c)
		return;
	int h;
	for (int i = 0; i < 5; i++)
		dmc_hcache_put(c, &i, sizeof i, (uint64_t) i * 1000003u, i);
	CHECK_EQ_LONG(dmc_hcache_stats_of(c)->flushes, 1);
	int k = 4;
	CHECK(dmc_hcache_get(c, &k, sizeof k, 4000012u, &h) == 1 && h == 4);
	k = 0;
	CHECK(dmc_hcache_get(c, &k, sizeof k, 0, &h) == 0);
	dmc_hcache_free(c);
}

CHECK_MAIN("hcache",
	CASE(test_exact_hit_and_mismatch),
	CASE(test_exact_flush))
