// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * heuristic.h -- what a heuristic is to the search runtime.
 *
 * A heuristic estimates the number of pan steps (trail lines) from the
 * current state (read through runtime/bridge.h) to an error state of one
 * of the search targets.  DMC_H_INF means "no target is reachable from
 * here" (a proved dead end); the runtime may prune such states.
 *
 * A heuristic is a class (dmc_heuristic, one constant per h_*.c file,
 * registered in heuristics.def) whose create() makes an instance for
 * one set of targets.  Everything an instance changes lives in it: two
 * instances, of one heuristic or of two, never share mutable state
 * unless their creator asks for it (dmc_heuristic_opts.shared).
 */
#ifndef DMC_HEURISTIC_H
#define DMC_HEURISTIC_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include "targets.h"
#include "hcache.h"
#include "state_view.h"
#include "options_table.h"

#define DMC_H_INF INT_MAX

struct dmc_combo;
struct dmc_results;
typedef struct dmc_hshare dmc_hshare;

/* dmc_heuristic.tiers_goals: never; with --range-checks fallback (hL: an
 * admissible heuristic keeps its range goals unless told); with fallback
 * or auto (hU, hUc) */
enum { DMC_TIERS_NONE, DMC_TIERS_FALLBACK, DMC_TIERS_AUTO };

/* What an instance is made with besides its targets. */
typedef struct dmc_heuristic_opts {
	/* Structures instances made with the same pool build once and share
	 * (hL, hU and hUc in one combination: one abstract model, one cache);
	 * NULL: the instance builds and owns its own. */
	dmc_hshare *shared;
	/* The options heuristics declare and read themselves (their
	 * DMC_DESCRIBE blocks): dmc_optv_number(values, DMC_OPT_...) and
	 * the like; NULL: every one's default. */
	const struct dmc_optv *values;
	/* The combination's class only (combine.h): its terms. */
	const struct dmc_combo *combo;
	/* Asked again and again while an instance builds its tables (pdb,
	 * pdb-pred): nonzero when the run must end now (a signal, the run's
	 * time limit).  The build then ends within a fraction of a second
	 * with what is sure to be admissible (pdb.h); NULL: never. */
	int (*stop)(void *ctx);
	void *stop_ctx;
} dmc_heuristic_opts;

/* Defaults: the options' defaults, nothing shared, no combination. */
dmc_heuristic_opts dmc_heuristic_default_opts(void);

typedef struct dmc_heuristic {
	const char *name;
	const char *summary;          /* one line for --help */
	int admissible;               /* never overestimates (see docs/heuristics.md) */
	int proves_dead_ends;         /* may return DMC_H_INF */
	int tiers_goals;              /* DMC_TIERS_*: aims at range checks last when
	                               * --range-checks asks (dmc_heuristic_range_fallback):
	                               * then not admissible */
	/* An instance for the given targets (which must outlive it), or
	 * NULL with a one-line reason in err (e.g. "dL/dU need target
	 * locations ..."). */
	void *(*create)(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err,
	                size_t errlen);
	/* h of state s (pan's current state: dmc_view_now()) */
	int (*eval)(void *self, const dmc_state_view *s);
	void (*free)(void *self);     /* NULL is a no-op */
	/* The heuristic-value cache's statistics, or NULL (no cache);
	 * the member itself may be NULL. */
	const dmc_hcache_stats *(*cache_stats)(const void *self);
	/* Why this instance's infinities may not be trusted (its
	 * abstraction gave up on something), or NULL; may be NULL. */
	const char *(*prune_veto)(const void *self);
	/* Reduced systems, for the transition-based search (--search ut;
	 * seed 002): remember(s) keeps state s (the state being expanded);
	 * eval_without(pid, from, id) is then h of that state in the system
	 * without process pid's local transition from control state `from`
	 * with pan's id `id` (and what the conservative strengthening removes
	 * with it), without reading pan's current state; bound is the value
	 * it will be compared with (h of the successor): when the heuristic
	 * proves the reduced h larger than bound it may return any value
	 * larger than bound instead.  Both NULL: the heuristic has no
	 * reduced systems, and the search uses h(s). */
	void (*remember)(void *self, const dmc_state_view *s);
	int (*eval_without)(void *self, int pid, int from, int id, int bound);
	/* Helpful moves (--preferred): plan(s) computes a relaxed plan for
	 * state s (the state being expanded); helpful(pid, from, id) then
	 * says whether process pid's local transition from control state
	 * `from` with pan's id `id` is one the plan applies first.  Both
	 * NULL: the heuristic has no plans. */
	void (*plan)(void *self, const dmc_state_view *s);
	int (*helpful)(void *self, int pid, int from, int id);
	/* The results members the heuristic declares (DMC_RESULT in its
	 * DMC_DESCRIBE block): writes member `name` of this instance into r
	 * (runtime/results.h: its text line and its JSON object) and returns
	 * 1, or returns 0 and the report writes null; may be NULL. */
	int (*results)(const void *self, const char *name, struct dmc_results *r);
} dmc_heuristic;

/* Does h make relaxed plans (plan and helpful, for --preferred)? */
static inline int dmc_h_has_plans(const dmc_heuristic *h)
{
	return h->plan && h->helpful;
}

const dmc_heuristic *dmc_heuristic_find(const char *name);
/* All heuristics in registry order, NULL-terminated. */
const dmc_heuristic *const *dmc_heuristic_all(void);

/* Does h aim at tg's range checks only where no other goal can be
 * reached (--range-checks fallback, a heuristic that honours it)? */
int dmc_heuristic_range_fallback(const dmc_heuristic *h, const dmc_targets *tg);
/* h->admissible, unless it aims at range checks last (one may lie
 * closer than the goal h counts to). */
int dmc_heuristic_admissible(const dmc_heuristic *h, const dmc_targets *tg);

/* Why no infinite h may be trusted in this search (pruning would be
 * unsound), or NULL: the targets may miss an error pan checks for
 * (tg->prune_veto), or the instance's abstraction had to give up on
 * something.  h or self may be NULL (no instance yet). */
const char *dmc_heuristic_prune_veto(const dmc_targets *tg, const dmc_heuristic *h,
                                     const void *self);
/* The instance's cache statistics, or NULL; h or self may be NULL. */
const dmc_hcache_stats *dmc_heuristic_cache_stats(const dmc_heuristic *h, const void *self);

/* --show-model: the abstract model the relaxed-planning heuristics (hL,
 * hU, hUc) and the pattern databases build for tg, printed to f.  0, or
 * -1 with a message (the model cannot be built). */
int dmc_heuristic_show_model(const dmc_targets *tg, FILE *f, char *err, size_t errlen);

/* ---- structures shared between instances (dmc_heuristic_opts.shared) ---- */

dmc_hshare *dmc_hshare_new(void);
/* Frees every structure put in the pool: after the instances using it. */
void dmc_hshare_free(dmc_hshare *p);
/* The structure put under key, or NULL. */
void *dmc_hshare_get(dmc_hshare *p, const char *key);
/* Put obj under key (a string that outlives the pool); the pool frees it
 * with free_fn.  -1 when memory runs out (the caller keeps obj). */
int dmc_hshare_put(dmc_hshare *p, const char *key, void *obj, void (*free_fn)(void *));

#endif
