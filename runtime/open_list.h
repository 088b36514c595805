// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * open_list.h -- the search frontier.
 *
 * One interface, four disciplines:
 *   DMC_OPEN_FIFO  first in, first out (SPIN's BFS order)
 *   DMC_OPEN_LIFO  last in, first out (depth-first order)
 *   DMC_OPEN_HEAP  smallest (prio, seq) first; the search packs its
 *                  ordering into prio (e.g. f in the high bits, h in the
 *                  low bits) and seq (a push counter) breaks the rest of
 *                  the ties first-in-first-out
 *   DMC_OPEN_BEAM  layered by g: all entries of the current g-layer are
 *                  popped (smallest (prio, seq) first) before the next
 *                  layer starts; each layer keeps at most `width` entries,
 *                  the ones with the smallest (prio, seq); pushing into a
 *                  full layer evicts the worst entry (which may be the
 *                  pushed one) and hands it back to the caller.
 * Entries are copied by value; the open list never frees `item`.
 */
#ifndef DMC_OPEN_LIST_H
#define DMC_OPEN_LIST_H

#include <stddef.h>
#include <stdint.h>

typedef enum { DMC_OPEN_FIFO, DMC_OPEN_LIFO, DMC_OPEN_HEAP, DMC_OPEN_BEAM } dmc_open_kind;

typedef struct dmc_open_entry {
	uint64_t prio;                /* smaller pops first (HEAP, BEAM) */
	uint64_t seq;                 /* set by dmc_open_push: push counter */
	void *item;                   /* the caller's state handle */
	const void *key;              /* the caller's state identity */
	int g;                        /* depth of the state */
	int h;                        /* heuristic value */
	unsigned stall;               /* expansions on its path since h last dropped (por.h) */
	/* 0, or a state half-way through a rendezvous (--anytime never
	 * drops it): 1, or under --search ut 2 + the reduced h its offer is
	 * judged by once the receive is known (ut.h) */
	int mid_rv;
	int chain;                    /* a chain state (chains.c): its steps since the last
	                               * stored state; 0 for a stored state */
} dmc_open_entry;

typedef struct dmc_open dmc_open;

dmc_open *dmc_open_new(dmc_open_kind kind, size_t beam_width);
void dmc_open_free(dmc_open *o);

/* Push e (its seq is assigned here).  Returns 1 and fills *evicted when a
 * BEAM layer overflowed (the evicted entry may be e itself), else 0.
 * Returns -1 when memory is exhausted. */
int dmc_open_push(dmc_open *o, const dmc_open_entry *e, dmc_open_entry *evicted);
/* Pop the next entry into *out; returns 0 when the list is empty. */
int dmc_open_pop(dmc_open *o, dmc_open_entry *out);
/* The entry the next pop returns (FIFO, LIFO, HEAP), left in place; NULL
 * when the list is empty or a BEAM (its layers decide at the pop). */
const dmc_open_entry *dmc_open_peek(const dmc_open *o);

/* BEAM: the width of each layer, width_of(ctx, g), asked once when the
 * layer is created (a beam-width schedule); NULL = the width given to
 * dmc_open_new. */
void dmc_open_set_width_of(dmc_open *o, size_t (*width_of)(void *ctx, int g), void *ctx);

size_t dmc_open_size(const dmc_open *o);
size_t dmc_open_bytes(const dmc_open *o);     /* memory held by the list */

#endif
