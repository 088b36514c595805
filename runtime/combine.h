// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * combine.h -- several heuristics and g combined natively: the search a
 * declarative Lua script (or a priority(s) script's inputs) describes.
 *
 *   h    = sum or max over the terms of w_i * h_i      (infinity if any
 *          h_i is: a dead end one heuristic proves is a dead end)
 *   f    = w_g * g + W * h        astar (W = 1), wastar (W = --weight)
 *   f    = h                      greedy, beam (within a layer)
 * then the tie-breaking key, then first queued.  A combination with one
 * term of weight 1, w_g = 1, sum and the default tie-breaking is exactly
 * the single --heuristic; callers do not activate it then.
 *
 * A dmc_combo says what is combined; an instance (dmc_combo_inst) holds
 * one instance per term, all made with one sharing pool, so terms that
 * build the same structure (hL, hU, hUc: the abstract model and its
 * value cache) build it once.
 */
#ifndef DMC_COMBINE_H
#define DMC_COMBINE_H

#include <stdint.h>
#include "heuristic.h"

#define DMC_COMBO_MAX 8               /* heuristics in one combination */

/* ALT: no combined order; one open list per term, expanded in turn
 * (alternation.h); its combined h, for the statistics, is the smallest */
typedef enum { DMC_COMB_SUM, DMC_COMB_MAX, DMC_COMB_ALT } dmc_comb_kind;

typedef enum {
	DMC_TIE_DEFAULT,              /* astar/wastar: h; greedy/beam: g */
	DMC_TIE_H,                    /* smaller combined h first */
	DMC_TIE_G,                    /* smaller g first (shallower) */
	DMC_TIE_DEEP,                 /* larger g first */
	DMC_TIE_FIFO,                 /* first queued first, nothing else */
	DMC_TIE_LIFO,                 /* last queued first (within 2^24 pushes) */
	DMC_TIE_RANDOM                /* by a hash of the state: arbitrary, repeatable */
} dmc_tie_kind;

typedef struct dmc_combo {
	int active;                   /* 0: the single --heuristic path */
	int nterms;
	const dmc_heuristic *h[DMC_COMBO_MAX];
	double w[DMC_COMBO_MAX];
	double wg;                    /* weight of g in f (astar, wastar) */
	dmc_comb_kind kind;
	dmc_tie_kind tie;
	/* an alternation's list i: its own tie-breaking (DMC_TIE_DEFAULT: the
	 * run's), and the earlier term with the same heuristic whose value it
	 * reuses (-1: none) -- "hf,hf:deep" orders hf's values two ways */
	dmc_tie_kind list_tie[DMC_COMBO_MAX];
	int same_as[DMC_COMBO_MAX];
	int lenient;                  /* drop terms that cannot be built (dmc_combo_create) */
	char dropped[256];            /* which were dropped, and why */
	char name[160];               /* e.g. "g + 2*hU", for the report */
	dmc_heuristic as_heuristic;   /* the combination as one class; see below */
} dmc_combo;

typedef struct dmc_combo_inst dmc_combo_inst;

/* Empty: w_g = 1, sum, default tie-breaking, no terms, not active. */
void dmc_combo_clear(dmc_combo *c);
/* Add heuristic `name` with weight w (>= 0); -1 with a message when the
 * name is unknown, repeated, or there are too many terms. */
int dmc_combo_add(dmc_combo *c, const char *name, double w, char *err, size_t errlen);
/* An alternation's list: heuristic `name` ordered with tie-breaking tie;
 * the same heuristic may come again with another tie-breaking. */
int dmc_combo_add_list(dmc_combo *c, const char *name, dmc_tie_kind tie, char *err, size_t errlen);
int dmc_combo_tie_parse(const char *s, dmc_tie_kind *out);   /* -1 unknown */
int dmc_combo_kind_parse(const char *s, dmc_comb_kind *out);  /* -1 unknown */
/* An alternation for a model with nothing to aim at: every list but
 * those of `none` orders by guide instead (the deadlock heuristic, or
 * none), each (heuristic, tie-breaking) pair once, in the order of their
 * first appearance.  Returns the number of lists left. */
int dmc_combo_retarget(dmc_combo *c, const dmc_heuristic *guide);
/* 1 when c says no more than the single heuristic c->h[0] would. */
int dmc_combo_is_plain(const dmc_combo *c);
/* Fill c->name and c->as_heuristic: a class whose create makes a
 * dmc_combo_inst of opts->combo (which must be c), whose eval is the
 * combined h rounded up (for the statistics), admissible when every term
 * is and the combination cannot overestimate (max, or one term, all
 * w <= 1), and whose prune veto is the first a term has. */
const dmc_heuristic *dmc_combo_finish(dmc_combo *c);

/* An instance of every term of c (which must outlive it) for tg, or NULL
 * with the first term's reason.  A lenient c (a preset's alternation)
 * instead drops a term that cannot be built (say, hf without variable
 * accessors), says so in c->dropped and renames itself, unless it is the
 * last one.  opts->shared is ignored: the instance
 * has a pool of its own. */
dmc_combo_inst *dmc_combo_create(dmc_combo *c, const dmc_targets *tg,
                                 const dmc_heuristic_opts *opts, char *err, size_t errlen);
void dmc_combo_free(dmc_combo_inst *ci);

/* Evaluate every term in state sv: hv[i] = h_i (DMC_H_INF for a proved
 * dead end).  Returns the combined h (DMC_H_INF if any term is). */
double dmc_combo_eval(dmc_combo_inst *ci, const dmc_state_view *sv, int *hv);
/* The same without the terms off[i] marks (hv[i] = 0, not combined;
 * off may be NULL), adding each term's seconds to sec[i] when sec is
 * not NULL (hbudget.h). */
double dmc_combo_eval_some(dmc_combo_inst *ci, const dmc_state_view *sv, int *hv,
                           const unsigned char *off, double *sec);
/* A combined h as the statistics show it: rounded up, DMC_H_INF kept. */
int dmc_combo_round(double h);

/* The open list's priority: primary (>= 0, clamped at 2^32) in 1/256
 * steps above 24 bits of tie-breaking key.  salt: for DMC_TIE_LIFO the
 * push counter, for DMC_TIE_RANDOM the state's fingerprint; else unused. */
uint64_t dmc_combo_pack_salted(double primary, dmc_tie_kind tie, int g, double h, uint64_t salt);
/* dmc_combo_pack_salted without salt */
uint64_t dmc_combo_pack(double primary, dmc_tie_kind tie, int g, double h);

#endif
