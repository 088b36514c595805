// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * csr_index.h -- a compressed-row index from keys to the entries that
 * carry them, as the planning heuristics (hff, hplan) walk their tables.
 */
#ifndef DMC_CSR_INDEX_H
#define DMC_CSR_INDEX_H

/* For k in 0..n-1 with keys[k] >= 0 (-1: none), list[off[key] ..
 * off[key + 1] - 1] are the k with that key, in increasing order; off has
 * nkeys + 1 entries.  Both arrays are the caller's to free (also after a
 * failure).  0, or -1 when memory ran out. */
int dmc_csr_index(int nkeys, int n, const int *keys, int **off, int **list);

#endif
