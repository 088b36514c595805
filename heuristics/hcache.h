// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * hcache.h -- a cache of heuristic values, for the expensive heuristics
 * (hL, hU).
 *
 * Two kinds (--hcache):
 *   exact[:N]  (default) keyed by the whole input of the heuristic (for
 *              hL/hU: the abstract state, i.e. every location and value
 *              the ATG starts from); a hit returns exactly the value the
 *              heuristic would compute.  At most N entries (default
 *              65536); when full it is emptied and refilled.
 *   N          seed 000's table: N slots indexed by the key's hash, no
 *              collision check, so a hit may return another state's
 *              value (a heuristic of its own, not admissible); a cached
 *              infinity is never returned (pruning stays sound).
 *   off        no cache.
 */
#ifndef DMC_HCACHE_H
#define DMC_HCACHE_H

#include <stddef.h>
#include <stdint.h>

typedef enum { DMC_HCACHE_OFF, DMC_HCACHE_EXACT, DMC_HCACHE_HASHED } dmc_hcache_mode;

typedef struct {
	dmc_hcache_mode mode;
	size_t entries;
} dmc_hcache_conf;

#define DMC_HCACHE_DEFAULT_ENTRIES 65536

/* Parse off, exact, exact:N or N.  0, or -1 with a message. */
int dmc_hcache_parse(const char *s, dmc_hcache_conf *out, char *err, size_t errlen);

typedef struct {
	const char *mode;             /* "exact", "hashed" */
	size_t entries;               /* capacity */
	double lookups, hits, flushes;
	size_t bytes;
} dmc_hcache_stats;

typedef struct dmc_hcache dmc_hcache;

/* NULL when the mode is off or memory runs out (then: no cache). */
dmc_hcache *dmc_hcache_new(const dmc_hcache_conf *c);
void dmc_hcache_free(dmc_hcache *c);
/* 1 and *h on a hit. */
int dmc_hcache_get(dmc_hcache *c, const void *key, size_t len, uint64_t hash, int *h);
void dmc_hcache_put(dmc_hcache *c, const void *key, size_t len, uint64_t hash, int h);
const dmc_hcache_stats *dmc_hcache_stats_of(const dmc_hcache *c);

#endif
