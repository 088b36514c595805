// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_zone.c -- zone inclusion for the UPPAAL translation's dense time
 * (docs/uppaal.md "Clocks: zones").  A state is its discrete part (the
 * vector without the zone) and a zone, c_state dmc_z, a canonical DBM
 * (d[i] bounds x_i - x_j, a larger int a weaker bound).  A new state
 * whose zone lies inside a stored state's zone with the same discrete
 * part adds nothing: every run from it is a run from the stored one.
 * It is then not stored and not queued, as if pan had seen it.  Where
 * the search re-opens states reached again at a smaller g (A*, BFS with
 * re-opening), a zone is covered only by one stored at a g no larger:
 * a trail through the stored state may be longer, and A*'s shortest
 * trail would be lost with the smaller g.
 *
 * The index: per discrete part (hashed, compared in full) the zones
 * stored with it.  Only when dmc_vars.h says the model has the zone
 * (DMC_ZONE_CELLS), the vector is `now` uncompressed, no rendezvous
 * offer is pending and partial-order reduction is off (its provisos
 * reason about the states pan stores).
 */
#include "glue.h"

#if defined(__has_include)
#if __has_include("dmc_vars.h")
#include "dmc_vars.h"
#endif
#endif

#ifdef DMC_ZONE_CELLS
#include <stddef.h>

typedef struct zone_entry {
	struct zone_entry *next;
	uint64_t hash;
	int g;                        /* depth it was stored at (the least seen) */
	int d[DMC_ZONE_CELLS];
	char disc[];                  /* the vector with the zone zeroed */
} zone_entry;

struct glue_zone_index {
	zone_entry **tab;
	size_t cap, n;
	char *scratch;
	long covered;
};

static int zone_grow(struct glue_zone_index *z)
{
	size_t cap = z->cap ? 2 * z->cap : 4096;
	zone_entry **t = calloc(cap, sizeof *t);
	if (!t)
		return -1;
	for (size_t i = 0; i < z->cap; i++)
		for (zone_entry *e = z->tab[i], *nx; e; e = nx) {
			nx = e->next;
			e->next = t[e->hash & (cap - 1)];
			t[e->hash & (cap - 1)] = e;
		}
	free(z->tab);
	z->tab = t;
	z->cap = cap;
	return 0;
}

int glue_zone_covered(const char *v, int n)
{
	dmc_glue *g = glue();
	size_t off = offsetof(State, dmc_z), zsz = sizeof now.dmc_z;
	if (v != (const char *) &now || (size_t) n < off + zsz || boq != -1 || g->por_on)
		return 0;
	if (!now.dmc_z.set)
		return 0;                     /* the initial zone (dmc_zinit), not spelled out */
	if (!g->zones) {
		g->zones = glue_alloc(sizeof *g->zones, "zone inclusion index");
		memset(g->zones, 0, sizeof *g->zones);
	}
	struct glue_zone_index *z = g->zones;
	if (!z->scratch)
		z->scratch = glue_alloc((size_t) n, "zone inclusion index");
	memcpy(z->scratch, v, (size_t) n);
	memset(z->scratch + off, 0, zsz);
	uint64_t h = dmc_fingerprint(z->scratch, (size_t) n);
	if (z->n >= z->cap / 2 && zone_grow(z) != 0)
		return 0;
	const int *d = now.dmc_z.d;
	int by_g = dmc_rt_reopens(dmc_glue_run);
	int depth_g = trpt->o_tt + 1;         /* as dmc_h_store's */
	for (zone_entry *e = z->tab[h & (z->cap - 1)]; e; e = e->next) {
		if (e->hash != h || memcmp(e->disc, z->scratch, (size_t) n) != 0)
			continue;
		int inside = 1;
		for (int i = 0; i < DMC_ZONE_CELLS && inside; i++)
			inside = d[i] <= e->d[i];
		if (!inside)
			continue;
		if (!by_g || e->g <= depth_g) {
			z->covered++;
			return 1;
		}
		if (memcmp(d, e->d, sizeof e->d) == 0) {
			e->g = depth_g;           /* the same state: pan's store re-opens it */
			return 0;
		}
	}
	zone_entry *e = glue_alloc(sizeof *e + (size_t) n, "zone inclusion index");
	e->hash = h;
	e->g = depth_g;
	memcpy(e->d, d, sizeof e->d);
	memcpy(e->disc, z->scratch, (size_t) n);
	e->next = z->tab[h & (z->cap - 1)];
	z->tab[h & (z->cap - 1)] = e;
	z->n++;
	return 0;
}

long glue_zone_covered_count(void)
{
	dmc_glue *g = glue();
	return g->zones ? g->zones->covered : 0;
}
#else
int glue_zone_covered(const char *v, int n)
{
	(void) v;
	(void) n;
	return 0;
}

long glue_zone_covered_count(void)
{
	return 0;
}
#endif
