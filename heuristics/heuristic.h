/*
 * heuristic.h -- what a heuristic is to the search runtime.
 *
 * A heuristic estimates the number of pan steps (trail lines) from the
 * current state (read through runtime/bridge.h) to an error state of one
 * of the search targets.  DMC_H_INF means "no target is reachable from
 * here" (a proved dead end); the runtime may prune such states.
 */
#ifndef DMC_HEURISTIC_H
#define DMC_HEURISTIC_H

#include <limits.h>
#include <stddef.h>
#include "targets.h"
#include "hcache.h"

#define DMC_H_INF INT_MAX

typedef struct dmc_heuristic {
	const char *name;
	const char *summary;          /* one line for --help */
	int admissible;               /* never overestimates (see docs/heuristics.md) */
	int proves_dead_ends;         /* may return DMC_H_INF */
	/* Prepare for the given targets; on failure write a one-line reason
	 * to err and return -1 (e.g. "dL needs target locations"). */
	int (*init)(const dmc_targets *tg, char *err, size_t errlen);
	int (*eval)(void);            /* h of the current state */
	void (*done)(void);
	/* The heuristic-value cache's statistics, or NULL (no cache). */
	const dmc_hcache_stats *(*cache_stats)(void);
} dmc_heuristic;

const dmc_heuristic *dmc_heuristic_find(const char *name);

/* Why no infinite h may be trusted in this search (pruning would be
 * unsound), or NULL: the targets may miss an error pan checks for
 * (tg->prune_veto), or a heuristic's abstraction had to give up on
 * something it could not represent (set at its init). */
const char *dmc_heuristic_prune_veto(const dmc_targets *tg);
/* A heuristic's reason (copied; the first one stays), or NULL to clear. */
void dmc_heuristic_set_prune_veto(const char *why);
/* All heuristics, NULL-terminated, for listing valid names. */
const dmc_heuristic *const *dmc_heuristic_all(void);

#endif
