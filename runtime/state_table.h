// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * state_table.h -- the runtime's own record of states: best g and closed flag.
 *
 * SPIN's store (h_store) decides identity and keeps the state vectors.
 * This table maps a state's key (a 64-bit fingerprint of its vector,
 * passed as a pointer-sized value) to what A* needs and SPIN's store does
 * not keep: the best depth found so far and whether it was expanded.
 * On the project's hash map (hash_map.h): every key is allowed, NULL (a
 * fingerprint of 0) included; 16 bytes a slot, load at most 1/2.
 */
#ifndef DMC_STATE_TABLE_H
#define DMC_STATE_TABLE_H

#include <stddef.h>

typedef struct dmc_state_rec {
	int g;                        /* best depth found so far */
	unsigned closed;              /* 1 once expanded with depth g */
} dmc_state_rec;

typedef struct dmc_state_table dmc_state_table;

dmc_state_table *dmc_st_new(size_t initial_slots);
void dmc_st_free(dmc_state_table *t);

/* The record for key, or NULL. */
dmc_state_rec *dmc_st_find(dmc_state_table *t, const void *key);
/* The record for key, inserting {key, g, closed=0} when absent (then
 * *inserted = 1).  Returns NULL when memory is exhausted.  Records may
 * move when the table grows: do not keep the pointer across inserts. */
dmc_state_rec *dmc_st_insert(dmc_state_table *t, const void *key, int g, int *inserted);

size_t dmc_st_count(const dmc_state_table *t);
size_t dmc_st_bytes(const dmc_state_table *t);

#endif
