// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_hash_map.c -- unit tests of runtime/hash_map.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hash_map.h"

typedef struct { int g; unsigned flags; } rec;

static void test_empty(void)
{
	dmc_hmap m;
	dmc_hmap_init(&m, sizeof(rec));
	CHECK_EQ_LONG(dmc_hmap_count(&m), 0);
	CHECK_EQ_LONG(dmc_hmap_bytes(&m), 0);           /* nothing allocated yet */
	CHECK(dmc_hmap_get(&m, 1) == NULL);
	CHECK(dmc_hmap_get(&m, 0) == NULL);
	dmc_hmap_free(&m);
	dmc_hmap_free(&m);                               /* freeing twice is harmless */
}

static void test_put_get(void)
{
	dmc_hmap m;
	dmc_hmap_init(&m, sizeof(rec));
	int ins = -1;
	rec *r = dmc_hmap_put(&m, 42, &ins);
	CHECK(r != NULL);
	CHECK_EQ_LONG(ins, 1);
	CHECK(r->g == 0 && r->flags == 0);               /* a new value is zeroed */
	r->g = 7;
	r = dmc_hmap_put(&m, 42, &ins);
	CHECK_EQ_LONG(ins, 0);
	CHECK_EQ_LONG(r->g, 7);
	CHECK_EQ_LONG(((rec *) dmc_hmap_get(&m, 42))->g, 7);
	CHECK(dmc_hmap_get(&m, 43) == NULL);
	CHECK_EQ_LONG(dmc_hmap_count(&m), 1);
	CHECK(dmc_hmap_put(&m, 43, NULL) != NULL);       /* inserted may be NULL */
	CHECK_EQ_LONG(dmc_hmap_count(&m), 2);
	dmc_hmap_free(&m);
	CHECK_EQ_LONG(dmc_hmap_count(&m), 0);
	CHECK(dmc_hmap_get(&m, 42) == NULL);
}

/* 0 is a key like any other (a fingerprint may be 0) */
static void test_key_zero(void)
{
	dmc_hmap m;
	dmc_hmap_init(&m, sizeof(uint64_t));
	int ins;
	uint64_t *v = dmc_hmap_put(&m, 0, &ins);
	CHECK(v != NULL && ins == 1 && *v == 0);
	*v = 99;
	CHECK(dmc_hmap_put(&m, 1, NULL) != NULL);
	CHECK_EQ_LONG(*(uint64_t *) dmc_hmap_get(&m, 0), 99);
	CHECK(dmc_hmap_get(&m, 1) != NULL && *(uint64_t *) dmc_hmap_get(&m, 1) == 0);
	CHECK_EQ_LONG(dmc_hmap_count(&m), 2);
	v = dmc_hmap_put(&m, 0, &ins);
	CHECK(ins == 0 && *v == 99);
	dmc_hmap_clear(&m);
	CHECK(dmc_hmap_get(&m, 0) == NULL);
	v = dmc_hmap_put(&m, 0, &ins);
	CHECK(ins == 1 && *v == 0);                      /* zeroed again after clear */
	dmc_hmap_free(&m);
}

/* a million keys: every value survives the doublings */
static void test_growth(void)
{
	dmc_hmap m;
	dmc_hmap_init(&m, sizeof(uint64_t));
	const uint64_t n = 1000000;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t *v = dmc_hmap_put(&m, i * 0x9E3779B97F4A7C15ull, NULL);
		CHECK(v != NULL);
		if (v)
			*v = i;
	}
	CHECK_EQ_LONG(dmc_hmap_count(&m), (long) n);
	int ok = 1;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t *v = dmc_hmap_get(&m, i * 0x9E3779B97F4A7C15ull);
		ok &= v && *v == i;
	}
	CHECK(ok);
	CHECK(dmc_hmap_get(&m, 3) == NULL);
	/* load at most 1/2: at least 2n slots of 16 bytes */
	CHECK(dmc_hmap_bytes(&m) >= 2 * n * 16);
	dmc_hmap_free(&m);
}

/* addresses as keys: aligned, sharing their high bits */
static void test_address_keys(void)
{
	static char block[4096];
	dmc_hmap m;
	dmc_hmap_init(&m, sizeof(void *));
	for (size_t i = 0; i < sizeof block; i += 64) {
		void **v = dmc_hmap_put(&m, (uint64_t) (uintptr_t) &block[i], NULL);
		CHECK(v != NULL);
		if (v)
			*v = &block[i];
	}
	int ok = 1;
	for (size_t i = 0; i < sizeof block; i += 64) {
		void **v = dmc_hmap_get(&m, (uint64_t) (uintptr_t) &block[i]);
		ok &= v && *v == &block[i];
	}
	CHECK(ok);
	CHECK(dmc_hmap_get(&m, (uint64_t) (uintptr_t) &block[1]) == NULL);
	dmc_hmap_free(&m);
}

/* reserve: no growth (values stay in place) up to the reserved count;
 * clear keeps the slots */
static void test_reserve_clear(void)
{
	dmc_hmap m;
	dmc_hmap_init(&m, 1);
	CHECK(dmc_hmap_reserve(&m, 1000) == 0);
	size_t bytes = dmc_hmap_bytes(&m);
	CHECK(bytes >= 2000 * 16);
	unsigned char *first = dmc_hmap_put(&m, 5, NULL);
	*first = 'x';
	for (uint64_t k = 6; k < 1004; k++)
		CHECK(dmc_hmap_put(&m, k, NULL) != NULL);
	CHECK_EQ_LONG(dmc_hmap_bytes(&m), (long) bytes);
	CHECK(dmc_hmap_get(&m, 5) == first && *first == 'x');
	dmc_hmap_clear(&m);
	CHECK_EQ_LONG(dmc_hmap_count(&m), 0);
	CHECK_EQ_LONG(dmc_hmap_bytes(&m), (long) bytes);
	CHECK(dmc_hmap_get(&m, 5) == NULL);
	unsigned char *again = dmc_hmap_put(&m, 5, NULL);
	CHECK(again && *again == 0);
	CHECK(dmc_hmap_reserve(&m, SIZE_MAX) == -1);     /* refused, map unchanged */
	CHECK(dmc_hmap_get(&m, 5) == again);
	dmc_hmap_free(&m);
}

/* values of odd sizes stay 8-byte aligned */
static void test_alignment(void)
{
	dmc_hmap m;
	dmc_hmap_init(&m, 12);
	for (uint64_t k = 1; k < 100; k++) {
		unsigned char *v = dmc_hmap_put(&m, k, NULL);
		CHECK(v && (uintptr_t) v % 8 == 0);
		if (v)
			memset(v, (int) k, 12);
	}
	int ok = 1;
	for (uint64_t k = 1; k < 100; k++) {
		unsigned char *v = dmc_hmap_get(&m, k);
		ok &= v && v[0] == k && v[11] == k;
	}
	CHECK(ok);
	dmc_hmap_free(&m);
}

CHECK_MAIN("hash_map",
	CASE(test_empty),
	CASE(test_put_get),
	CASE(test_key_zero),
	CASE(test_growth),
	CASE(test_address_keys),
	CASE(test_reserve_clear),
	CASE(test_alignment))
