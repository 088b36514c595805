/*
 * hcache.c -- the heuristic-value cache (see hcache.h).
 *
 * exact: open addressing over `entries` slots, load at most 1/2; each
 * slot has the key's hash, the key's place in a byte arena, and h.  The
 * arena and the slots are allocated up front (no allocation per state);
 * a key that does not fit, or a table at its load limit, empties the
 * cache (a flush): cheap, and recent states are the likely repeats.
 * hashed: one int per slot, h + 1 (0: empty).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hcache.h"


#define ARENA_PER_ENTRY 64            /* bytes of key per entry, on average */

typedef struct {
	uint64_t hash;                /* 0: empty */
	uint32_t off, len;
	int h;
} slot;

struct dmc_hcache {
	dmc_hcache_mode mode;
	size_t nslots, used, limit;   /* exact: used < limit = nslots / 2 */
	slot *slots;                  /* exact */
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
	c->nslots = 2;
	while (c->nslots < 2 * conf->entries)
		c->nslots *= 2;
	c->limit = conf->entries;
	c->arena_cap = conf->entries * ARENA_PER_ENTRY;
	c->slots = calloc(c->nslots, sizeof *c->slots);
	c->arena = malloc(c->arena_cap);
	c->st.mode = "exact";
	c->st.bytes = c->nslots * sizeof *c->slots + c->arena_cap;
	if (!c->slots || !c->arena) {
		dmc_hcache_free(c);
		return NULL;
	}
	return c;
}

void dmc_hcache_free(dmc_hcache *c)
{
	if (!c)
		return;
	free(c->slots);
	free(c->arena);
	free(c->vals);
	free(c);
}

static uint64_t nonzero(uint64_t hash)
{
	return hash ? hash : 1;
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
	hash = nonzero(hash);
	for (size_t i = hash & (c->nslots - 1);; i = (i + 1) & (c->nslots - 1)) {
		const slot *s = &c->slots[i];
		if (!s->hash)
			return 0;
		if (s->hash == hash && s->len == len && memcmp(c->arena + s->off, key, len) == 0) {
			*h = s->h;
			c->st.hits++;
			return 1;
		}
	}
}

static void flush(dmc_hcache *c)
{
	memset(c->slots, 0, c->nslots * sizeof *c->slots);
	c->used = c->arena_used = 0;
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
	if (c->used >= c->limit || c->arena_used + len > c->arena_cap)
		flush(c);
	hash = nonzero(hash);
	size_t i = hash & (c->nslots - 1);
	while (c->slots[i].hash)
		i = (i + 1) & (c->nslots - 1);
	memcpy(c->arena + c->arena_used, key, len);
	c->slots[i].hash = hash;
	c->slots[i].off = (uint32_t) c->arena_used;
	c->slots[i].len = (uint32_t) len;
	c->slots[i].h = h;
	c->arena_used += len;
	c->used++;
}

const dmc_hcache_stats *dmc_hcache_stats_of(const dmc_hcache *c)
{
	return c ? &c->st : NULL;
}
