// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * alternation.c -- open lists expanded in turn (alternation.h).
 *
 * Each list is a heap (open_list.h) of entries pointing to one shared
 * node per state: the node carries the item, a count of the lists that
 * still hold it, and whether it was handed out.  The list to pop next is
 * the one with the fewest pops charged (a boost charges -DMC_ALT_BOOST),
 * lower index first: plain round robin without progress.
 */
#include <limits.h>
#include <stdlib.h>
#include "alternation.h"
#include "open_list.h"

typedef struct alt_node {
	void *item;
	const void *key;
	int g;
	unsigned stall;
	int refs;                     /* lists still holding an entry */
	int taken;                    /* handed out by a pop */
} alt_node;

struct dmc_alt {
	int n;
	dmc_open *list[DMC_ALT_MAX];
	double charged[DMC_ALT_MAX];  /* pops charged to the list, minus boosts */
	double pops[DMC_ALT_MAX];     /* pops served by the list */
	int best[DMC_ALT_MAX];        /* smallest h pushed into the list */
	size_t live;                  /* nodes not yet taken */
	size_t nodes;                 /* nodes allocated */
};

dmc_alt *dmc_alt_new(int nlists)
{
	if (nlists < 1 || nlists > DMC_ALT_MAX)
		return NULL;
	dmc_alt *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	a->n = nlists;
	for (int i = 0; i < nlists; i++) {
		a->best[i] = INT_MAX;
		if (!(a->list[i] = dmc_open_new(DMC_OPEN_HEAP, 0))) {
			dmc_alt_free(a, NULL);
			return NULL;
		}
	}
	return a;
}

static void release(dmc_alt *a, alt_node *nd, void (*discard)(void *))
{
	if (--nd->refs > 0)
		return;
	if (!nd->taken) {
		if (discard)
			discard(nd->item);
		a->live--;
	}
	a->nodes--;
	free(nd);
}

void dmc_alt_free(dmc_alt *a, void (*discard)(void *))
{
	if (!a)
		return;
	for (int i = 0; i < a->n; i++) {
		dmc_open_entry e;
		if (!a->list[i])
			continue;
		while (dmc_open_pop(a->list[i], &e))
			release(a, e.item, discard);
		dmc_open_free(a->list[i]);
	}
	free(a);
}

int dmc_alt_push(dmc_alt *a, void *item, const void *key, int g, unsigned stall,
                 const uint64_t *prio, const int *h)
{
	alt_node *nd = malloc(sizeof *nd);
	if (!nd)
		return -1;
	*nd = (alt_node) { item, key, g, stall, 0, 0 };
	a->nodes++;
	a->live++;
	for (int i = 0; i < a->n; i++) {
		if (prio[i] == DMC_ALT_SKIP)
			continue;
		dmc_open_entry e = { prio[i], 0, nd, key, g, h[i], stall, 0, 0 };
		if (dmc_open_push(a->list[i], &e, NULL) < 0) {
			/* the entries already pushed stay; the node is dropped
			 * when they come up (taken: never handed out) */
			nd->taken = 1;
			a->live--;
			if (nd->refs == 0) {
				a->nodes--;
				free(nd);
			}
			return -1;
		}
		nd->refs++;
		if (h[i] < a->best[i]) {
			if (a->best[i] != INT_MAX)
				a->charged[i] -= DMC_ALT_BOOST;
			a->best[i] = h[i];
		}
	}
	return 0;
}

/* the list with the fewest pops charged that is not empty, or -1 */
static int next_list(const dmc_alt *a)
{
	int best = -1;
	for (int i = 0; i < a->n; i++)
		if (dmc_open_size(a->list[i]) > 0 && (best < 0 || a->charged[i] < a->charged[best]))
			best = i;
	return best;
}

void *dmc_alt_pop(dmc_alt *a, int *g, const void **key, int *list, int *h, unsigned *stall)
{
	int i;
	while ((i = next_list(a)) >= 0) {
		dmc_open_entry e;
		dmc_open_pop(a->list[i], &e);
		alt_node *nd = e.item;
		if (nd->taken) {              /* expanded from another list */
			release(a, nd, NULL);
			continue;
		}
		nd->taken = 1;
		a->live--;
		a->charged[i] += 1;
		a->pops[i] += 1;
		void *item = nd->item;
		*g = nd->g;
		*key = nd->key;
		if (list)
			*list = i;
		if (h)
			*h = e.h;
		if (stall)
			*stall = nd->stall;
		release(a, nd, NULL);
		return item;
	}
	return NULL;
}

size_t dmc_alt_size(const dmc_alt *a)
{
	return a->live;
}

size_t dmc_alt_bytes(const dmc_alt *a)
{
	size_t b = sizeof *a + a->nodes * sizeof(alt_node);
	for (int i = 0; i < a->n; i++)
		b += dmc_open_bytes(a->list[i]);
	return b;
}

double dmc_alt_pops(const dmc_alt *a, int i)
{
	return i >= 0 && i < a->n ? a->pops[i] : 0;
}
