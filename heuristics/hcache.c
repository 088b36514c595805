// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * hcache.c -- the heuristic-value cache (see hcache.h).
 *
 * exact: the project's hash map (runtime/hash_map.h) from the key's hash
 * to the key's place in a byte arena and h; a hit compares the key's
 * bytes, so a hash shared by two keys is a miss, never the other key's
 * value (a cached infinity prunes a state).  The arena and the slots are
 * allocated up front (no allocation per state); a key that does not fit,
 * or a map at its entry limit, empties the cache (a flush): cheap, and
 * recent states are the likely repeats.
 * hashed: one int per slot, h + 1 (0: empty).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash_map.h"
#include "hcache.h"


#define ARENA_PER_ENTRY 64            /* bytes of key per entry, on average */

typedef struct {                      /* exact: a key's bytes and its value */
	uint32_t off, len;
	int h;
} entry;

struct dmc_hcache {
	dmc_hcache_mode mode;
	size_t nslots;                /* hashed */
	size_t limit;                 /* exact: at most this many entries */
	dmc_hmap map;                 /* exact: hash -> entry */
	unsigned char *arena;
	size_t arena_cap, arena_used;
	int *vals;                    /* hashed */
	dmc_hcache_stats st;
};

int dmc_hcache_parse(const char *s, dmc_hcache_conf *out, char *err, size_t errlen)
{
	const char *num = NULL;
	char *end;
	if (strcmp(s, "off") == 0) {
		out->mode = DMC_HCACHE_OFF;
		out->entries = 0;
		return 0;
	}
	if (strcmp(s, "exact") == 0) {
		out->mode = DMC_HCACHE_EXACT;
		out->entries = DMC_HCACHE_DEFAULT_ENTRIES;
		return 0;
	}
	if (strncmp(s, "exact:", 6) == 0) {
		out->mode = DMC_HCACHE_EXACT;
		num = s + 6;
	} else {
		out->mode = DMC_HCACHE_HASHED;
		num = s;
	}
	unsigned long long n = strtoull(num, &end, 10);
	if (!*num || *end || num[0] == '-' || n < 1 || n > (1ull << 30)) {
		snprintf(err, errlen, "--hcache: expected off, exact, exact:N or N "
		         "(entries, 1 to 2^30), got '%s'", s);
		return -1;
	}
	out->entries = (size_t) n;
	return 0;
}

dmc_hcache *dmc_hcache_new(const dmc_hcache_conf *conf)
{
	dmc_hcache *c;
	if (conf->mode == DMC_HCACHE_OFF || conf->entries == 0 || !(c = calloc(1, sizeof *c)))
		return NULL;
	c->mode = conf->mode;
	c->st.entries = conf->entries;
	if (c->mode == DMC_HCACHE_HASHED) {
		c->nslots = conf->entries;
		c->vals = calloc(c->nslots, sizeof *c->vals);
		c->st.mode = "hashed";
		c->st.bytes = c->nslots * sizeof *c->vals;
		if (!c->vals) {
			free(c);
			return NULL;
		}
		return c;
	}
	c->limit = conf->entries;
	c->arena_cap = conf->entries * ARENA_PER_ENTRY;
	dmc_hmap_init(&c->map, sizeof(entry));
	int reserved = dmc_hmap_reserve(&c->map, c->limit);
	c->arena = malloc(c->arena_cap);
	c->st.mode = "exact";
	c->st.bytes = dmc_hmap_bytes(&c->map) + c->arena_cap;
	if (reserved < 0 || !c->arena) {
		dmc_hcache_free(c);
		return NULL;
	}
	return c;
}

void dmc_hcache_free(dmc_hcache *c)
{
	if (!c)
		return;
	dmc_hmap_free(&c->map);
	free(c->arena);
	free(c->vals);
	free(c);
}

int dmc_hcache_get(dmc_hcache *c, const void *key, size_t len, uint64_t hash, int *h)
{
	c->st.lookups++;
	if (c->mode == DMC_HCACHE_HASHED) {
		int v = c->vals[hash % c->nslots];
		if (v == 0 || v == INT_MAX)   /* empty, or an infinity: recompute */
			return 0;
		*h = v - 1;
		c->st.hits++;
		return 1;
	}
	const entry *e = dmc_hmap_get(&c->map, hash);
	if (!e || e->len != len || memcmp(c->arena + e->off, key, len) != 0)
		return 0;                     /* absent, or another key with this hash */
	*h = e->h;
	c->st.hits++;
	return 1;
}

static void flush(dmc_hcache *c)
{
	dmc_hmap_clear(&c->map);
	c->arena_used = 0;
	c->st.flushes++;
}

void dmc_hcache_put(dmc_hcache *c, const void *key, size_t len, uint64_t hash, int h)
{
	if (c->mode == DMC_HCACHE_HASHED) {
		/* h + 1 with infinity (INT_MAX) kept as INT_MAX */
		c->vals[hash % c->nslots] = h >= INT_MAX - 1 ? INT_MAX : h + 1;
		return;
	}
	if (len > c->arena_cap || len > UINT32_MAX)
		return;
	if (dmc_hmap_count(&c->map) >= c->limit || c->arena_used + len > c->arena_cap)
		flush(c);
	/* reserved for limit entries: never grows, never fails; a key of
	 * the same hash is replaced */
	entry *e = dmc_hmap_put(&c->map, hash, NULL);
	if (!e)
		return;
	memcpy(c->arena + c->arena_used, key, len);
	e->off = (uint32_t) c->arena_used;
	e->len = (uint32_t) len;
	e->h = h;
	c->arena_used += len;
}

const dmc_hcache_stats *dmc_hcache_stats_of(const dmc_hcache *c)
{
	return c ? &c->st : NULL;
}
