// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_grow.c -- unit tests of runtime/grow.c.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "grow.h"

static void test_doubling(void)
{
	long *a = NULL;
	size_t cap = 0;
	CHECK(DMC_GROW(a, cap, 1) == 0);
	CHECK(a != NULL && cap == DMC_GROW_FIRST);
	for (long i = 0; i < 1000; i++) {
		CHECK(DMC_GROW(a, cap, (size_t) i + 1) == 0);
		a[i] = i;
	}
	CHECK_EQ_LONG(cap, 1024);                     /* powers of two from 16 */
	int ok = 1;
	for (long i = 0; i < 1000; i++)
		ok &= a[i] == i;
	CHECK(ok);
	CHECK(DMC_GROW(a, cap, 10) == 0 && cap == 1024);  /* big enough: unchanged */
	CHECK(DMC_GROW(a, cap, 5000) == 0 && cap == 8192);  /* several doublings at once */
	free(a);
}

static void test_max(void)
{
	int *a = NULL;
	size_t cap = 0;
	CHECK(dmc_grow(&a, &cap, 1, sizeof *a, 10) == 0 && cap == 10);
	CHECK(dmc_grow(&a, &cap, 11, sizeof *a, 10) == -1 && cap == 10);
	free(a);
}

static void test_overflow(void)
{
	char *a = NULL;
	size_t cap = 0;
	CHECK(DMC_GROW(a, cap, 4) == 0);
	char *before = a;
	CHECK(DMC_GROW(a, cap, SIZE_MAX) == -1);          /* refused, unchanged */
	CHECK(a == before && cap == DMC_GROW_FIRST);
	double *d = NULL;
	size_t dcap = 0;
	CHECK(DMC_GROW(d, dcap, SIZE_MAX / 4) == -1);     /* bytes overflow */
	CHECK(d == NULL && dcap == 0);
	free(a);
}

CHECK_MAIN("grow",
	CASE(test_doubling),
	CASE(test_max),
	CASE(test_overflow))
