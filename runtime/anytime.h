// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anytime.h -- --anytime: after the first counterexample the search goes
 * on for shorter ones.
 *
 * One search, re-prioritised (search.c): when a trail shorter than the
 * best is found, the open list is re-ordered by f = g + W*h with the next
 * weight of the schedule (5, 3, 2, 1: the first below the weight in use;
 * a search that is not ordered by f starts at 5), and from then on every
 * state that cannot lead to a shorter trail is dropped: g + h >= best
 * when h is a lower bound on the steps to every error pan checks, else
 * g >= best.  States are re-opened when reached by a shorter path (every
 * search re-opens under --anytime).  So the order only decides how soon
 * the shorter trails come: when the open list runs empty, no trail
 * shorter than the best exists in the graph searched -- the full state
 * graph when partial-order reduction is off and nothing else cut it (a
 * depth limit, a beam, a fingerprint clash, a lossy store): the trail is
 * then proven shortest.
 */
#ifndef DMC_ANYTIME_H
#define DMC_ANYTIME_H

#include <stddef.h>

#define DMC_ANYTIME_KEEP 32           /* improvements the results list at most */

typedef struct dmc_anytime_step {
	long length;                  /* trail steps */
	double states;                /* states stored when it was found */
	double seconds;               /* since the search started */
	double weight;                /* the weight the search went on with */
} dmc_anytime_step;

typedef struct dmc_anytime {
	int on;                       /* --anytime */
	long best;                    /* the best trail's steps; 0: none yet */
	int h_bound;                  /* h bounds the steps to every error pan checks */
	int f_order;                  /* the open list is ordered by f = g + W*h now ... */
	double weight;                /* ... with this W */
	int exhausted;                /* the open list ran empty after a trail was found */
	size_t n;                     /* improvements found (the first trail is one) */
	dmc_anytime_step step[DMC_ANYTIME_KEEP];   /* the first DMC_ANYTIME_KEEP - 1, and the last */
} dmc_anytime;

/* A trail of `length` steps would be shorter than the best. */
int dmc_anytime_shorter(const dmc_anytime *a, long length);

/* A state at depth g with heuristic value h cannot lead to a trail
 * shorter than the best (h: DMC_H_INF for a dead end). */
int dmc_anytime_beyond(const dmc_anytime *a, int g, int h);

/* The weight the search goes on with after an improvement, when it
 * searched with `weight` (f_order: the open list was ordered by f). */
double dmc_anytime_next_weight(double weight, int f_order);

/* Record an improvement (dmc_anytime_shorter said yes). */
void dmc_anytime_record(dmc_anytime *a, long length, double states, double seconds, double weight);

/* The improvements as a JSON array of {length, states, time_s, weight}
 * into buf (at most n bytes); "[]" when there are none. */
void dmc_anytime_json(const dmc_anytime *a, char *buf, size_t n);

#endif
