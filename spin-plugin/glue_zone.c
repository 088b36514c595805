// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_zone.c -- zone inclusion for the UPPAAL translation's dense time
 * (docs/uppaal.md "Clocks: zones", "Zone inclusion").  A state is its
 * discrete part (the vector without the zone) and a zone, c_state
 * dmc_z, a canonical DBM (d[i] bounds x_i - x_j, a larger int a weaker
 * bound).  Every run from a state is a run from any state with the same
 * discrete part and a zone that includes it, so:
 *
 * - a new state whose zone lies inside a stored state's zone with the
 *   same discrete part adds nothing: it is not stored and not queued, as
 *   if pan had seen it ("covered");
 * - a stored state whose zone lies inside a new state's zone adds
 *   nothing either once the new one is stored: it is marked, and the
 *   search skips it when it pops it ("subsumed", UPPAAL's passed-list
 *   pruning; dmc_br_subsumed).  A skipped state is never expanded, so it
 *   is never a trail's parent; the state that subsumed it is queued and
 *   is expanded, or is itself subsumed by a larger one, and so on.
 *
 * Where the search's trails are shortest (bfs, A*) or it re-opens
 * states reached again at a smaller g (weighted A*), a zone counts as
 * covered only by one stored at a g no larger, and a stored state is
 * subsumed only by a new one at a g no larger: a trail through the
 * larger zone is then no longer, and the shortest trail is kept.  (Both
 * relations are transitive with that condition, so a chain of coverings
 * ends at a state at a g no larger; g is pan's depth, or moves with
 * --cost moves, runtime/cost.c.)  Breadth-first stores states in
 * the order of their depth, so there a state subsumes only the queued
 * states of its own depth; greedy, depth-first and beam subsume any.
 *
 * The index: per discrete part (hashed, compared in full) the zones
 * stored with it.  Only when dmc_vars.h says the model has the zone
 * (DMC_ZONE_CELLS), the vector is `now` uncompressed, no rendezvous
 * offer is pending and partial-order reduction is off.  Under POR,
 * pan's ample sets are checked by the C2c/C2cl proviso against the
 * states pan stores and queues; a covered successor would be "closed"
 * while the state covering it may have been expanded with a different
 * ample set, which the proviso's argument does not cover.  On a zone
 * translation POR has next to nothing to reduce: every edge is an
 * atomic sequence that writes the global zone and location variables,
 * which SPIN never marks safe (only the processes' initial gotos are),
 * so the glue turns POR off there unless the command line asks for
 * --por or --no-zone-inclusion (glue_zone_por_off).  Measured: docs/uppaal.md "Zone inclusion".
 */
#include "glue.h"

#if defined(__has_include)
#if __has_include("dmc_vars.h")
#include "dmc_vars.h"
#endif
#endif

#ifdef DMC_ZONE_CELLS
#include <stddef.h>

/* a stored zone */
typedef struct zone_entry {
	struct zone_entry *next;
	int g;                        /* g it was stored at (the least seen) */
	int subsumed;                 /* a zone stored later includes it */
	int d[DMC_ZONE_CELLS];
} zone_entry;

/* a discrete part and the zones stored with it (compared once per
 * store, not once per zone: Fischer's F^A_5 has up to 120 zones, one per
 * order of its five clocks, for one discrete part) */
typedef struct zone_group {
	struct zone_group *next;
	uint64_t hash;
	zone_entry *zones;
	char disc[];                  /* the vector with the zone zeroed */
} zone_group;

struct glue_zone_index {
	zone_group **tab;
	size_t cap, n;                /* buckets, groups */
	size_t vlen;                  /* the vectors' length (the translation's is fixed) */
	char *scratch;
	double covered;               /* new states inside a larger stored zone */
};

static int zone_grow(struct glue_zone_index *z)
{
	size_t cap = z->cap ? 2 * z->cap : 4096;
	zone_group **t = calloc(cap, sizeof *t);
	if (!t)
		return -1;
	for (size_t i = 0; i < z->cap; i++)
		for (zone_group *e = z->tab[i], *nx; e; e = nx) {
			nx = e->next;
			e->next = t[e->hash & (cap - 1)];
			t[e->hash & (cap - 1)] = e;
		}
	free(z->tab);
	z->tab = t;
	z->cap = cap;
	return 0;
}

/* the group of vector v's discrete part (left in the scratch), or NULL;
 * *hash its hash */
static zone_group *zone_find(struct glue_zone_index *z, const char *v, uint64_t *hash)
{
	size_t off = offsetof(State, dmc_z);
	memcpy(z->scratch, v, z->vlen);
	memset(z->scratch + off, 0, sizeof now.dmc_z);
	uint64_t h = *hash = dmc_fingerprint(z->scratch, z->vlen);
	for (zone_group *e = z->cap ? z->tab[h & (z->cap - 1)] : NULL; e; e = e->next)
		if (e->hash == h && memcmp(e->disc, z->scratch, z->vlen) == 0)
			return e;
	return NULL;
}

/* a includes b (canonical DBMs: entry by entry) */
static int zone_includes(const int *a, const int *b)
{
	for (int i = 0; i < DMC_ZONE_CELLS; i++)
		if (b[i] > a[i])
			return 0;
	return 1;
}

const char *glue_zone_por_off(const dmc_por *por)
{
	if (dmc_rt_por_given(dmc_glue_run) || dmc_por_proviso_kind(por) != DMC_POR_C2C
	    || !dmc_rt_zone_inclusion(dmc_glue_run))
		return NULL;
	return "off (zone translation: zone inclusion instead; --por reduces)";
}

int glue_zone_covered(const char *v, int n, int at_g)
{
	dmc_glue *g = glue();
	size_t off = offsetof(State, dmc_z), zsz = sizeof now.dmc_z;
	if (v != (const char *) &now || (size_t) n < off + zsz || boq != -1 || g->por_on
	    || !dmc_rt_zone_inclusion(dmc_glue_run))
		return 0;
	if (!now.dmc_z.set)
		return 0;                     /* the initial zone (dmc_zinit), not spelled out */
	if (!g->zones) {
		g->zones = glue_alloc(sizeof *g->zones, "zone inclusion index");
		memset(g->zones, 0, sizeof *g->zones);
		g->zones->vlen = (size_t) n;
		g->zones->scratch = glue_alloc((size_t) n, "zone inclusion index");
	}
	struct glue_zone_index *z = g->zones;
	if ((size_t) n != z->vlen)
		return 0;
	if (z->n >= z->cap / 2 && zone_grow(z) != 0)
		return 0;
	uint64_t h;
	zone_group *grp = zone_find(z, v, &h);
	const int *d = now.dmc_z.d;
	int by_g = dmc_rt_depth_matters(dmc_glue_run);
	zone_entry *same = NULL;
	for (zone_entry *e = grp ? grp->zones : NULL; e; e = e->next) {
		if (zone_includes(e->d, d)) {
			int equal = memcmp(d, e->d, sizeof e->d) == 0;
			if (!by_g || e->g <= at_g) {
				z->covered += !equal;     /* (an equal one pan's store knows) */
				return 1;
			}
			if (equal)
				same = e;
		} else if (zone_includes(d, e->d) && (!by_g || at_g <= e->g))
			e->subsumed = 1;          /* (when it was expanded already: no matter) */
	}
	if (same) {
		same->g = at_g;            /* the same state: pan's store re-opens it */
		same->subsumed = 0;
		return 0;
	}
	if (!grp) {
		grp = glue_alloc(sizeof *grp + (size_t) n, "zone inclusion index");
		grp->hash = h;
		grp->zones = NULL;
		memcpy(grp->disc, z->scratch, (size_t) n);
		grp->next = z->tab[h & (z->cap - 1)];
		z->tab[h & (z->cap - 1)] = grp;
		z->n++;
	}
	zone_entry *e = glue_alloc(sizeof *e, "zone inclusion index");
	e->g = at_g;
	e->subsumed = 0;
	memcpy(e->d, d, sizeof e->d);
	e->next = grp->zones;
	grp->zones = e;
	return 0;
}

int dmc_br_subsumed(void *item)
{
	BFS_State *t = item;
	struct glue_zone_index *z = glue()->zones;
	if (!z || !z->n || !t || !t->onow || !t->onow->sv || (size_t) t->onow->sz < z->vlen)
		return 0;
#if SYNC
	if (t->boq != -1)
		return 0;                     /* a rendezvous offer's state: never indexed */
#endif
	const State *s = t->onow->sv;
	if (!s->dmc_z.set)
		return 0;
	uint64_t h;
	zone_group *grp = zone_find(z, (const char *) s, &h);
	for (zone_entry *e = grp ? grp->zones : NULL; e; e = e->next)
		if (memcmp(e->d, s->dmc_z.d, sizeof e->d) == 0)
			return e->subsumed;
	return 0;
}

int dmc_br_zone_inclusion(double *covered)
{
	struct glue_zone_index *z = glue()->zones;
	*covered = z ? z->covered : 0;
	return !glue()->por_on && !glue()->live && dmc_rt_zone_inclusion(dmc_glue_run);
}
#else
int glue_zone_covered(const char *v, int n, int at_g)
{
	(void) v;
	(void) n;
	(void) at_g;
	return 0;
}

const char *glue_zone_por_off(const dmc_por *por)
{
	(void) por;
	return NULL;
}

int dmc_br_subsumed(void *item)
{
	(void) item;
	return 0;
}

int dmc_br_zone_inclusion(double *covered)
{
	*covered = 0;
	return 0;
}
#endif
