// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * ndfs.h -- liveness by nested depth-first search: acceptance cycles
 * (-a: never claims, ltl formulas, accept labels) and non-progress cycles
 * (-l: progress labels), over pan's expansion interface.
 */
#ifndef DMC_NDFS_H
#define DMC_NDFS_H

#include <stddef.h>
#include <stdint.h>
#include "options.h"

typedef struct dmc_live_stats {
	double outer_stored;          /* distinct states of the outer search */
	double outer_expanded;        /* ... entered (expanded) by it */
	double inner_stored;          /* distinct states of the nested searches */
	double inner_expanded;
	double seeds;                 /* nested searches started (accepting states finished) */
	double clashes;               /* fingerprint clashes (resolved exactly) */
	double stack_peak;            /* deepest DFS stack (outer + inner) */
	double pending_peak;          /* most queued successors at once */
	double por_dropped;           /* successors of candidates pan tried and POR rejected */
	double por_inner_reduced;     /* nested-search expansions that replayed a reduced one */
	double por_inner_undecided;   /* ...whose outer state had no recorded decision (full) */
} dmc_live_stats;

typedef struct dmc_run dmc_run;

/* The nested DFS's statistics (zero before it starts). */
const dmc_live_stats *dmc_live_get_stats(const dmc_run *R);

/* Check the liveness options (-a, -l, -f, --guide against --search and
 * --heuristic) and pan's -N (the claim must exist: pan ignores -N when
 * there is one claim, and exits 1 when none has the name), then tell the
 * glue; 0, or -1 with a message. */
int dmc_live_check_options(dmc_options *o, int argc, char **argv, char *err, size_t errlen);
/* Set up once pan's tables exist (from dmc_rt_start). */
void dmc_live_start(dmc_run *R);
void dmc_live_push(dmc_run *R, void *item, int g, int repush);
void *dmc_live_pop(dmc_run *R);
double dmc_live_bytes(const dmc_run *R);
/* Free the nested DFS of a run (its queued states go back to pan). */
void dmc_live_free(dmc_run *R);
/* The guidance in words, for the results. */
const char *dmc_live_guide_note(const dmc_run *R);

/* Successor ordering (ndfs_guide.c): tables from pan's automata. */
/* mode: 0 none, 1 fsm, 2 hamming; cycles: 1 -a, 2 -l.  NULL when out of
 * memory (a guide whose tables could not be built orders nothing). */
typedef struct dmc_guide dmc_guide;
dmc_guide *dmc_guide_new(int mode, int cycles);
/* Outer search: distance of now to an accepting state (smaller first). */
int dmc_guide_outer(const dmc_guide *G);
/* Nested search: distance of now to the seed; the seed's control states
 * are read from its queued copy. */
void dmc_guide_set_seed(dmc_guide *G, void *seed_item);
int dmc_guide_inner(const dmc_guide *G, int *tie);
double dmc_guide_bytes(const dmc_guide *G);
void dmc_guide_free(dmc_guide *G);

#endif
