// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * heuristic.c -- the registry (heuristics.def) looked up by name, the
 * pool through which instances share a structure, and the abstract
 * model they read, printed for --show-model.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heuristic.h"
#include "absmodel_build.h"

#define DMC_HEURISTIC(SYM, NAME) extern const dmc_heuristic SYM;
#include "heuristics.def"

static const dmc_heuristic *const all[] = {
#define DMC_HEURISTIC(SYM, NAME) &SYM,
#include "heuristics.def"
	NULL
};

/* Names match without regard to case: "dl" finds dL. */
static int same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
	return *a == *b;
}

const dmc_heuristic *dmc_heuristic_find(const char *name)
{
	for (int i = 0; name && all[i]; i++)
		if (same_name(all[i]->name, name))
			return all[i];
	return NULL;
}

const dmc_heuristic *const *dmc_heuristic_all(void)
{
	return all;
}

dmc_heuristic_opts dmc_heuristic_default_opts(void)
{
	/* values NULL: the heuristics' options at their defaults */
	dmc_heuristic_opts o = { NULL, NULL, NULL, NULL, NULL };
	return o;
}

int dmc_heuristic_range_fallback(const dmc_heuristic *h, const dmc_targets *tg)
{
	if (!h || h->tiers_goals == DMC_TIERS_NONE)
		return 0;
	if (tg->range_mode != DMC_RANGE_FALLBACK
	    && !(tg->range_mode == DMC_RANGE_AUTO && h->tiers_goals == DMC_TIERS_AUTO))
		return 0;
	return dmc_targets_tiered(tg);
}

int dmc_heuristic_admissible(const dmc_heuristic *h, const dmc_targets *tg)
{
	return h->admissible && !dmc_heuristic_range_fallback(h, tg);
}

const char *dmc_heuristic_prune_veto(const dmc_targets *tg, const dmc_heuristic *h,
                                     const void *self)
{
	if (tg && tg->prune_veto[0])
		return tg->prune_veto;
	return h && self && h->prune_veto ? h->prune_veto(self) : NULL;
}

const dmc_hcache_stats *dmc_heuristic_cache_stats(const dmc_heuristic *h, const void *self)
{
	return h && self && h->cache_stats ? h->cache_stats(self) : NULL;
}

int dmc_heuristic_show_model(const dmc_targets *tg, FILE *f, char *err, size_t errlen)
{
	dmc_abuild b;
	if (dmc_abuild_make(&b, tg, DMC_GOALS_ALL, err, errlen) < 0)
		return -1;
	dmc_abuild_print(&b, f);
	dmc_abuild_free(&b);
	return 0;
}

/* ---- the sharing pool: a handful of entries, a linear list ---- */

typedef struct share_entry {
	const char *key;
	void *obj;
	void (*free_fn)(void *);
	struct share_entry *next;
} share_entry;

struct dmc_hshare {
	share_entry *first;
};

dmc_hshare *dmc_hshare_new(void)
{
	return calloc(1, sizeof(dmc_hshare));
}

void dmc_hshare_free(dmc_hshare *p)
{
	if (!p)
		return;
	for (share_entry *e = p->first, *next; e; e = next) {
		next = e->next;
		e->free_fn(e->obj);
		free(e);
	}
	free(p);
}

void *dmc_hshare_get(dmc_hshare *p, const char *key)
{
	for (share_entry *e = p ? p->first : NULL; e; e = e->next)
		if (strcmp(e->key, key) == 0)
			return e->obj;
	return NULL;
}

int dmc_hshare_put(dmc_hshare *p, const char *key, void *obj, void (*free_fn)(void *))
{
	share_entry *e = malloc(sizeof *e);
	if (!e)
		return -1;
	e->key = key;
	e->obj = obj;
	e->free_fn = free_fn;
	e->next = p->first;
	p->first = e;
	return 0;
}
