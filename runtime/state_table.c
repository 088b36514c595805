// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * state_table.c -- records of best g and closed flag, keyed by a state's
 * fingerprint (see state_table.h), on the project's hash map.
 */
#include <stdint.h>
#include <stdlib.h>

#include "hash_map.h"
#include "state_table.h"

struct dmc_state_table {
	dmc_hmap map;                 /* key -> dmc_state_rec */
};

static uint64_t key_of(const void *key)
{
	return (uint64_t) (uintptr_t) key;
}

dmc_state_table *dmc_st_new(size_t initial_slots)
{
	dmc_state_table *t = malloc(sizeof *t);
	if (t == NULL)
		return NULL;
	dmc_hmap_init(&t->map, sizeof(dmc_state_rec));
	if (dmc_hmap_reserve(&t->map, initial_slots / 2) < 0) {
		free(t);
		return NULL;
	}
	return t;
}

void dmc_st_free(dmc_state_table *t)
{
	if (t == NULL)
		return;
	dmc_hmap_free(&t->map);
	free(t);
}

dmc_state_rec *dmc_st_find(dmc_state_table *t, const void *key)
{
	return dmc_hmap_get(&t->map, key_of(key));
}

dmc_state_rec *dmc_st_insert(dmc_state_table *t, const void *key, int g, int *inserted)
{
	int ins;
	dmc_state_rec *r = dmc_hmap_put(&t->map, key_of(key), &ins);
	if (inserted)
		*inserted = r && ins;
	if (r && ins) {
		r->g = g;
		r->closed = 0;
	}
	return r;
}

size_t dmc_st_count(const dmc_state_table *t)
{
	return dmc_hmap_count(&t->map);
}

size_t dmc_st_bytes(const dmc_state_table *t)
{
	return sizeof *t + dmc_hmap_bytes(&t->map);
}
