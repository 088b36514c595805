// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * grow.c -- doubling growth of arrays (grow.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

int dmc_grow(void *arrayp, size_t *cap, size_t n, size_t elem, size_t max)
{
	if (n <= *cap)
		return 0;
	size_t c = *cap ? *cap : DMC_GROW_FIRST;
	while (c < n) {
		if (c > SIZE_MAX / 2)
			return -1;
		c *= 2;
	}
	if (max && c > max)
		c = max;
	if (c < n || (elem && c > SIZE_MAX / elem))
		return -1;
	/* the array's pointer is read and written as bytes: arrayp may
	 * point to any object pointer type */
	void *a;
	memcpy(&a, arrayp, sizeof a);
	void *na = realloc(a, c * elem);
	if (!na)
		return -1;
	memcpy(arrayp, &na, sizeof na);
	*cap = c;
	return 0;
}
