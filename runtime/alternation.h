// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * alternation.h -- several open lists over one set of states, expanded
 * in turn (Fast Downward's and LAMA's alternation, MCTA's multi-queue
 * search).
 *
 * Every state is queued once per list, each list ordered by its own
 * priority (one heuristic each); pops take the lists in turn, so a
 * heuristic that is flat or misleading where the others are not costs
 * at most a constant factor.  A list whose heuristic just reached a new
 * best value is boosted: it gets the next `boost` pops (progress is
 * worth following, as in Fast Downward's boosting of preferred
 * operators).
 *
 * A state is expanded once: its first pop hands the item out; its
 * entries in the other lists are skipped when they come up.  Items are
 * the caller's; the lists never free one.
 */
#ifndef DMC_ALTERNATION_H
#define DMC_ALTERNATION_H

#include <stddef.h>
#include <stdint.h>

#define DMC_ALT_MAX 9                 /* lists: DMC_COMBO_MAX, and --preferred's */
/* pops a list gets for progress: Fast Downward's 1000 let a list whose
 * heuristic keeps improving on a plateau starve the others (a flawed mutex
 * beside workers: 13,400 states against 2,128 with 100; docs/heuristics.md) */
#define DMC_ALT_BOOST 100

typedef struct dmc_alt dmc_alt;

dmc_alt *dmc_alt_new(int nlists);
/* Hands every item still queued and not yet handed out to discard (may
 * be NULL), then frees the lists. */
void dmc_alt_free(dmc_alt *a, void (*discard)(void *item));

#define DMC_ALT_SKIP UINT64_MAX       /* a priority: not in this list */

/* Queue item (depth g, identity key, stall: open_list.h) in every
 * list, in list i with priority prio[i] (smaller first; ties
 * first-in-first-out; DMC_ALT_SKIP: not in list i, which must not be
 * every list) and heuristic value h[i].  A new best h[i] boosts list i.
 * Returns -1 when memory is exhausted (nothing queued), else 0. */
int dmc_alt_push(dmc_alt *a, void *item, const void *key, int g, unsigned stall,
                 const uint64_t *prio, const int *h);
/* The next state to expand (its g and key in *g, *key), or NULL when no
 * list has one.  *list, *h and *stall (may be NULL) get the list it came
 * from, its h in that list and the stall it was queued with. */
void *dmc_alt_pop(dmc_alt *a, int *g, const void **key, int *list, int *h, unsigned *stall);

size_t dmc_alt_size(const dmc_alt *a);       /* states queued, not yet handed out */
size_t dmc_alt_bytes(const dmc_alt *a);
/* Pops served by list i so far. */
double dmc_alt_pops(const dmc_alt *a, int i);

#endif
