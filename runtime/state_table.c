/*
 * state_table.c -- pointer-keyed records of best g and closed flag
 * (see state_table.h).
 *
 * Open addressing with linear probing over a power-of-two array of
 * slots; a NULL key marks an empty slot, so NULL itself cannot be a key
 * (dmc_st_find gives NULL for it and dmc_st_insert fails).  Nothing is
 * ever deleted, so probing needs no tombstones.
 */
#include <stdint.h>
#include <stdlib.h>

#include "state_table.h"

#define MIN_SLOTS 16

struct dmc_state_table {
	dmc_state_rec *slot;
	size_t mask;                  /* number of slots - 1 */
	size_t count;                 /* keys held */
};


/*
 * Keys are addresses: aligned, clustered and with equal high bits, so
 * they need a full 64-bit mix (the splitmix64 finaliser) before masking.
 */
static size_t hash(const void *key)
{
	uint64_t x = (uint64_t)(uintptr_t)key;
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	x ^= x >> 31;
	return (size_t)x;
}

/* The slot holding key, or the empty slot where it would go. */
static dmc_state_rec *probe(dmc_state_rec *slot, size_t mask, const void *key)
{
	size_t i = hash(key) & mask;
	while (slot[i].key != NULL && slot[i].key != key)
		i = (i + 1) & mask;
	return &slot[i];
}

/* Double the slots and rehash; 0 on failure (the table is unchanged). */
static int rehash(dmc_state_table *t)
{
	size_t n = t->mask + 1, i;
	dmc_state_rec *ns;
	if (n > SIZE_MAX / 2 / sizeof(dmc_state_rec))
		return 0;
	ns = calloc(2 * n, sizeof(dmc_state_rec));
	if (ns == NULL)
		return 0;
	for (i = 0; i < n; i++)
		if (t->slot[i].key != NULL)
			*probe(ns, 2 * n - 1, t->slot[i].key) = t->slot[i];
	free(t->slot);
	t->slot = ns;
	t->mask = 2 * n - 1;
	return 1;
}

dmc_state_table *dmc_st_new(size_t initial_slots)
{
	dmc_state_table *t;
	size_t n = MIN_SLOTS;
	while (n < initial_slots) {
		if (n > SIZE_MAX / 2 / sizeof(dmc_state_rec))
			return NULL;
		n *= 2;
	}
	t = malloc(sizeof *t);
	if (t == NULL)
		return NULL;
	t->slot = calloc(n, sizeof(dmc_state_rec));
	if (t->slot == NULL) {
		free(t);
		return NULL;
	}
	t->mask = n - 1;
	t->count = 0;
	return t;
}

void dmc_st_free(dmc_state_table *t)
{
	if (t == NULL)
		return;
	free(t->slot);
	free(t);
}

dmc_state_rec *dmc_st_find(dmc_state_table *t, const void *key)
{
	dmc_state_rec *r;
	if (key == NULL)
		return NULL;
	r = probe(t->slot, t->mask, key);
	return r->key != NULL ? r : NULL;
}

dmc_state_rec *dmc_st_insert(dmc_state_table *t, const void *key, int g, int *inserted)
{
	dmc_state_rec *r;
	if (inserted)
		*inserted = 0;
	if (key == NULL)
		return NULL;
	r = probe(t->slot, t->mask, key);
	if (r->key != NULL)
		return r;
	/* keep the load at most 1/2 after this insert */
	if (2 * (t->count + 1) > t->mask + 1) {
		if (!rehash(t))
			return NULL;
		r = probe(t->slot, t->mask, key);
	}
	r->key = key;
	r->g = g;
	r->closed = 0;
	t->count++;
	if (inserted)
		*inserted = 1;
	return r;
}

size_t dmc_st_count(const dmc_state_table *t)
{
	return t->count;
}

size_t dmc_st_bytes(const dmc_state_table *t)
{
	return sizeof *t + (t->mask + 1) * sizeof(dmc_state_rec);
}
