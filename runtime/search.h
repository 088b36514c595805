/*
 * search.h -- the search policy over pan's expansion interface, and the
 * statistics it keeps.
 */
#ifndef DMC_SEARCH_H
#define DMC_SEARCH_H

#include "options.h"
#include "targets.h"
#include "heuristic.h"

typedef struct dmc_stats {
	double expanded;              /* states popped and expanded by pan */
	double generated;             /* successors offered to the store */
	double stored;                /* distinct states */
	double reopened;              /* expanded states reached again with smaller g */
	double pruned;                /* states with h = infinity not queued */
	double dropped;               /* states a beam layer could not keep */
	double stale;                 /* queue entries superseded by a re-opening */
	double repushed;              /* pan's re-expansions after failed rendezvous */
	double clashes;               /* fingerprint clashes SPIN's store exposed */
	double open_peak;
	int h_initial;                /* DMC_H_INF if a dead end */
	int h_min;                    /* smallest h seen */
	double hcalls;
	double htimed, hseconds;      /* evaluations timed (a sample) and their time */
	double open_bytes_peak, table_bytes;
} dmc_stats;

typedef struct dmc_search_state {
	dmc_options opt;
	const dmc_heuristic *heur;
	void *hinst;                  /* heur's instance (heur->create), or NULL */
	dmc_targets targets;
	int prune;                    /* h = infinity states are dropped */
	const char *prune_note;       /* why pruning is off */
	int started;
	const char *stopped;          /* a limit ended the search, or NULL */
	double t_start, t_end;
	dmc_stats st;
} dmc_search_state;

extern dmc_search_state dmc_S;

/* Called once pan's tables exist (at the first store). Exits 2 on error. */
void dmc_search_start(void);
double dmc_now_seconds(void);
double dmc_runtime_bytes(void);

#endif
