// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_memory.c -- pan's memory, zeroed by the system rather than by
 * pan.  pan's emalloc hands out pieces of chunks from Malloc, each piece
 * once, and clears every piece with memset: its hash table (2^-w
 * pointers, 128 MB by default) is written page by page before the
 * search starts, about 0.1-0.2 s that a small model's whole search does
 * not take.  In Malloc, malloc becomes calloc (a large chunk is fresh
 * zero pages, mapped as they are first written); in emalloc, memset of a
 * piece is then a no-op: the piece is zero already (redirects.def).
 */
#include <stdlib.h>
#include <string.h>

void *dmc_zero_malloc(size_t n);
void *dmc_emalloc_memset(void *p, int c, size_t n);

void *dmc_zero_malloc(size_t n)
{
	return calloc(1, n);
}

void *dmc_emalloc_memset(void *p, int c, size_t n)
{
	return c == 0 ? p : memset(p, c, n);
}
