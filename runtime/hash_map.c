// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * hash_map.c -- open addressing, 64-bit keys, fixed-size values
 * (see hash_map.h).
 */
#include <stdlib.h>
#include <string.h>

#include "hash_map.h"

#define MIN_SLOTS 16

/* The splitmix64 finaliser: fingerprints are well mixed already, but
 * addresses are aligned and share their high bits. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	x ^= x >> 31;
	return x;
}

static uint64_t key_of(const unsigned char *slot)
{
	uint64_t k;
	memcpy(&k, slot, sizeof k);
	return k;
}

/* The slot holding key (nonzero), or the empty slot where it would go. */
static unsigned char *probe(unsigned char *slot, size_t mask, size_t slot_size, uint64_t key)
{
	size_t i = (size_t) mix(key) & mask;
	for (;;) {
		unsigned char *s = slot + i * slot_size;
		uint64_t k = key_of(s);
		if (k == key || k == 0)
			return s;
		i = (i + 1) & mask;
	}
}

void dmc_hmap_init(dmc_hmap *m, size_t val_size)
{
	memset(m, 0, sizeof *m);
	m->val_size = val_size;
	/* a multiple of 8: every slot's key and value stay aligned */
	m->slot_size = (sizeof(uint64_t) + val_size + 7) / 8 * 8;
}

void dmc_hmap_free(dmc_hmap *m)
{
	free(m->slot);
	free(m->zero_val);
	dmc_hmap_init(m, m->val_size);
}

/* Rehash into n slots (a power of two, holding count at load <= 1/2). */
static int resize(dmc_hmap *m, size_t n)
{
	if (n > SIZE_MAX / m->slot_size)
		return -1;
	unsigned char *ns = calloc(n, m->slot_size);
	if (!ns)
		return -1;
	if (m->slot)
		for (size_t i = 0; i <= m->mask; i++) {
			unsigned char *s = m->slot + i * m->slot_size;
			uint64_t k = key_of(s);
			if (k)
				memcpy(probe(ns, n - 1, m->slot_size, k), s, m->slot_size);
		}
	free(m->slot);
	m->slot = ns;
	m->mask = n - 1;
	return 0;
}

int dmc_hmap_reserve(dmc_hmap *m, size_t n)
{
	size_t slots = MIN_SLOTS;
	while (slots / 2 < n) {
		if (slots > SIZE_MAX / 2)
			return -1;
		slots *= 2;
	}
	if (m->slot && slots <= m->mask + 1)
		return 0;
	return resize(m, slots);
}

void *dmc_hmap_get(const dmc_hmap *m, uint64_t key)
{
	if (key == 0)
		return m->has_zero ? m->zero_val : NULL;
	if (!m->slot)
		return NULL;
	unsigned char *s = probe(m->slot, m->mask, m->slot_size, key);
	return key_of(s) ? s + sizeof(uint64_t) : NULL;
}

void *dmc_hmap_put(dmc_hmap *m, uint64_t key, int *inserted)
{
	if (inserted)
		*inserted = 0;
	if (key == 0) {
		if (!m->has_zero) {
			if (!m->zero_val && !(m->zero_val = malloc(m->val_size ? m->val_size : 1)))
				return NULL;
			memset(m->zero_val, 0, m->val_size);
			m->has_zero = 1;
			m->count++;
			if (inserted)
				*inserted = 1;
		}
		return m->zero_val;
	}
	unsigned char *s = m->slot ? probe(m->slot, m->mask, m->slot_size, key) : NULL;
	if (s && key_of(s))
		return s + sizeof(uint64_t);
	/* keep the load at most 1/2 after this insert */
	if (!m->slot || 2 * (m->count + 1) > m->mask + 1) {
		if (dmc_hmap_reserve(m, m->count + 1) < 0)
			return NULL;
		s = probe(m->slot, m->mask, m->slot_size, key);
	}
	memcpy(s, &key, sizeof key);
	m->count++;
	if (inserted)
		*inserted = 1;
	return s + sizeof(uint64_t);
}

void dmc_hmap_clear(dmc_hmap *m)
{
	if (m->slot)
		memset(m->slot, 0, (m->mask + 1) * m->slot_size);
	m->has_zero = 0;
	m->count = 0;
}

size_t dmc_hmap_count(const dmc_hmap *m)
{
	return m->count;
}

size_t dmc_hmap_bytes(const dmc_hmap *m)
{
	return (m->slot ? (m->mask + 1) * m->slot_size : 0) + (m->zero_val ? m->val_size : 0);
}
