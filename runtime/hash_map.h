// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * hash_map.h -- the project's one hash map: 64-bit keys, fixed-size values.
 *
 * Open addressing with linear probing over a power-of-two array of slots,
 * grown (doubled) to keep the load at most 1/2.  Every key is allowed,
 * 0 included.  Nothing is ever deleted: a user that is done with a key
 * clears its value.  Keys are mixed before use, so addresses and
 * fingerprints both make good keys.
 *
 * Values are fixed-size blobs (val_size bytes, aligned for any type of at
 * most 8 bytes) reached by pointer.  A pointer returned by get or put
 * stays valid until the next put (which may grow the map) or clear.
 */
#ifndef DMC_HASH_MAP_H
#define DMC_HASH_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct dmc_hmap {
	unsigned char *slot;          /* mask + 1 slots: an 8-byte key, then the value */
	size_t mask;                  /* slots - 1; no slots yet: slot is NULL */
	size_t count;                 /* keys held, key 0 included */
	size_t val_size, slot_size;
	unsigned char *zero_val;      /* key 0's value (0 marks an empty slot) */
	int has_zero;                 /* key 0 is held */
} dmc_hmap;

/* An empty map of val_size-byte values; allocates nothing, cannot fail. */
void dmc_hmap_init(dmc_hmap *m, size_t val_size);
/* Frees the slots; the map is empty again (and may be used again). */
void dmc_hmap_free(dmc_hmap *m);
/* Room for n keys without growing; 0, or -1 when memory is exhausted
 * (the map is unchanged). */
int dmc_hmap_reserve(dmc_hmap *m, size_t n);

/* key's value, or NULL when key is not held. */
void *dmc_hmap_get(const dmc_hmap *m, uint64_t key);
/* key's value, inserted (all bytes 0, *inserted = 1) when absent;
 * NULL when memory is exhausted (the map is unchanged).  inserted may
 * be NULL. */
void *dmc_hmap_put(dmc_hmap *m, uint64_t key, int *inserted);
/* Forgets every key, keeping the slots. */
void dmc_hmap_clear(dmc_hmap *m);

size_t dmc_hmap_count(const dmc_hmap *m);
/* Bytes the map has allocated. */
size_t dmc_hmap_bytes(const dmc_hmap *m);

#endif
