// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_state_table.c -- unit tests of runtime/state_table.c.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "state_table.h"

#define SLOT 16                       /* bytes of a slot: the key and a record */

/* keys are addresses that are never dereferenced */
static const void *key_at(uintptr_t a)
{
	return (const void *)a;
}

static void test_basic(void)
{
	dmc_state_table *t = dmc_st_new(0);
	static char a, b;
	dmc_state_rec *r;
	int ins = -1;
	CHECK(t != NULL);
	CHECK_EQ_LONG(dmc_st_count(t), 0);
	CHECK(dmc_st_find(t, &a) == NULL);
	CHECK(dmc_st_find(t, NULL) == NULL);
	r = dmc_st_insert(t, &a, 7, &ins);
	CHECK(r != NULL);
	CHECK_EQ_LONG(ins, 1);
	CHECK(r->g == 7 && r->closed == 0);
	CHECK_EQ_LONG(dmc_st_count(t), 1);
	r->closed = 1;
	r->g = 5;
	/* a second insert finds the record and leaves it alone */
	r = dmc_st_insert(t, &a, 99, &ins);
	CHECK(r != NULL);
	CHECK_EQ_LONG(ins, 0);
	CHECK(r->g == 5 && r->closed == 1);
	CHECK_EQ_LONG(dmc_st_count(t), 1);
	CHECK(dmc_st_find(t, &a) == r);
	CHECK(dmc_st_find(t, &b) == NULL);
	r = dmc_st_insert(t, &b, 0, NULL);       /* inserted may be NULL */
	CHECK(r != NULL && r->g == 0);
	CHECK_EQ_LONG(dmc_st_count(t), 2);
	/* a fingerprint of 0 (NULL) is a key like any other */
	r = dmc_st_insert(t, NULL, 3, &ins);
	CHECK(r != NULL && r->g == 3);
	CHECK_EQ_LONG(ins, 1);
	CHECK(dmc_st_find(t, NULL) == r);
	CHECK_EQ_LONG(dmc_st_count(t), 3);
	dmc_st_free(t);
	dmc_st_free(NULL);
}

/* 1M contiguous byte addresses: the worst case for a weak hash */
static void test_growth_1m(void)
{
	enum { N = 1000000 };
	static char buf[N];
	dmc_state_table *t = dmc_st_new(4);
	size_t i, bad = 0;
	CHECK(t != NULL);
	if (t == NULL)
		return;
	/* first half, then mark every third as closed */
	for (i = 0; i < N / 2; i++) {
		int ins = 0;
		dmc_state_rec *r = dmc_st_insert(t, &buf[i], (int)i, &ins);
		if (r == NULL || ins != 1 || r->g != (int)i)
			bad++;
	}
	for (i = 0; i < N / 2; i += 3)
		dmc_st_find(t, &buf[i])->closed = 1;
	/* second half, growing the table several more times */
	for (i = N / 2; i < N; i++) {
		int ins = 0;
		if (dmc_st_insert(t, &buf[i], (int)i, &ins) == NULL || ins != 1)
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
	CHECK_EQ_LONG(dmc_st_count(t), N);
	for (i = 0; i < N; i++) {
		dmc_state_rec *r = dmc_st_find(t, &buf[i]);
		unsigned closed = i < N / 2 && i % 3 == 0;
		if (r == NULL || r->g != (int)i || r->closed != closed)
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
	/* re-inserting finds every record and changes nothing */
	for (i = 0; i < N; i += 7) {
		int ins = 1;
		dmc_state_rec *r = dmc_st_insert(t, &buf[i], -1, &ins);
		if (r == NULL || ins != 0 || r->g != (int)i)
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
	CHECK_EQ_LONG(dmc_st_count(t), N);
	/* load at most 1/2 */
	CHECK(dmc_st_bytes(t) >= 2 * (size_t)N * SLOT);
	CHECK(dmc_st_bytes(t) <= 4 * (size_t)N * SLOT + 64);
	dmc_st_free(t);
}

/* page-aligned keys: the low bits are all zero */
static void test_aligned_keys(void)
{
	enum { N = 200000 };
	dmc_state_table *t = dmc_st_new(1000);
	size_t i, bad = 0;
	CHECK(t != NULL);
	if (t == NULL)
		return;
	for (i = 1; i <= N; i++)
		if (dmc_st_insert(t, key_at(i << 12), (int)i, NULL) == NULL)
			bad++;
	CHECK_EQ_LONG(dmc_st_count(t), N);
	for (i = 1; i <= N; i++) {
		dmc_state_rec *r = dmc_st_find(t, key_at(i << 12));
		if (r == NULL || r->g != (int)i)
			bad++;
		/* misaligned neighbours were never inserted */
		if (dmc_st_find(t, key_at((i << 12) + 8)) != NULL)
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
	dmc_st_free(t);
}

static void test_sizes(void)
{
	dmc_state_table *t = dmc_st_new(1000);
	CHECK(t != NULL);
	CHECK_EQ_LONG(sizeof(dmc_state_rec), 8);
	/* initial slots round up to a power of two */
	CHECK(dmc_st_bytes(t) >= 1024 * SLOT);
	CHECK(dmc_st_bytes(t) < 2048 * SLOT);
	dmc_st_free(t);
	t = dmc_st_new(0);
	CHECK(t != NULL);
	CHECK(dmc_st_bytes(t) > 0);
	dmc_st_free(t);
}

CHECK_MAIN("state_table",
	CASE(test_basic),
	CASE(test_growth_1m),
	CASE(test_aligned_keys),
	CASE(test_sizes))
