// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * grow.h -- the project's one way to grow an array.
 *
 * dmc_grow makes the array at *arrayp (*cap elements of elem bytes) hold
 * at least n elements: the capacity doubles (from 16 for an empty array)
 * until it does, but never beyond max when max is nonzero.  Capacities
 * stay powers of two when they start at one (a ring buffer relies on
 * it).  0, or -1 when the size overflows or realloc refuses: then the
 * array and *cap are unchanged, and the caller decides (in pan's process
 * the run ends through dmc_rt_out_of_memory: DMC_NEED).
 *
 *   if (DMC_GROW(list->item, list->cap, list->n + 1) < 0)
 *           return -1;
 *   DMC_NEED(list->item, list->cap, list->n + 1, "the list");
 */
#ifndef DMC_GROW_H
#define DMC_GROW_H

#include <stddef.h>

#define DMC_GROW_FIRST 16

/* arrayp: the address of the array's pointer (any object pointer type) */
int dmc_grow(void *arrayp, size_t *cap, size_t n, size_t elem, size_t max);

#define DMC_GROW(array, cap, n) dmc_grow(&(array), &(cap), (n), sizeof *(array), 0)

/* In pan's process (the runtime and the glue, which include runtime.h):
 * grow, or end the run as incomplete, "out of memory (what ...)". */
#define DMC_NEED(array, cap, n, what) do { \
		if (DMC_GROW(array, cap, n) < 0) \
			dmc_rt_out_of_memory(what, (n) * sizeof *(array)); \
	} while (0)

#endif
