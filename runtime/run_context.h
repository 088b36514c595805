// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * run_context.h -- the run context: what one search in this process owns.
 *
 * dmc_rt_main creates it and hands it to the glue, which keeps the one
 * pointer pan's fixed hook signatures force on it and passes it to every
 * runtime call; nothing of a run lives in a global.  The life cycle is
 * ordinary calls in order: options (dmc_rt_main), start (dmc_rt_start,
 * at the glue's first hook, once pan's tables exist), the search
 * (store/push/pop), then the results (report.c, when pan exits: pan ends
 * its process itself, from several places).
 */
#ifndef DMC_RUN_CONTEXT_H
#define DMC_RUN_CONTEXT_H

#include <stdio.h>
#include <stdint.h>
#include "options.h"
#include "targets.h"
#include "heuristic.h"
#include "state_view.h"
#include "open_list.h"
#include "alternation.h"
#include "state_table.h"
#include "por.h"
#include "anytime.h"
#include "hbudget.h"

typedef struct dmc_stats {
	double expanded;              /* states popped and expanded by pan */
	double generated;             /* successors offered to the store */
	double stored;                /* distinct states */
	double reopened;              /* expanded states reached again with smaller g */
	double pruned;                /* states with h = infinity not queued */
	double dropped;               /* states a beam layer could not keep */
	double stale;                 /* queue entries superseded by a re-opening */
	double subsumed;              /* ...whose zone a later state's includes (dmc_br_subsumed) */
	double repushed;              /* pan's re-expansions after failed rendezvous */
	double clashes;               /* fingerprint clashes SPIN's store exposed */
	double open_peak;
	int h_initial;                /* DMC_H_INF if a dead end */
	int h_min;                    /* smallest h seen */
	double hcalls;
	double htimed, hseconds;      /* evaluations timed (a sample) and their time */
	double open_bytes_peak, table_bytes;
	double helpful;               /* --preferred: successors a helpful move made */
	double chain_states;          /* chain states queued without being stored (chains.c) */
	double chain_again;           /* chain states dropped: a copy was queued (chains.c) */
} dmc_stats;

/* --search ut (ut.c): the state being expanded, and its statistics */
typedef struct dmc_ut_state {
	int on;                       /* the search is ut */
	int parent;                   /* a state has been expanded */
	int g;                        /* its depth: c(s) */
	int h;                        /* its h, for heuristics without reduced systems */
	int pending;                  /* its open entry's mid_rv: >= 2 when it is half-way
	                               * through a rendezvous whose offer waits to be judged */
	/* reduced-system evaluations, those timed and their time, the moves
	 * judged and those found relatively useless */
	double reduced, rtimed, rseconds, judged, useless;
} dmc_ut_state;

struct dmc_ndfs;
struct dmc_lua;
typedef struct dmc_run dmc_run;

/* A search: how the runtime answers pan's pushes and pops (search.h). */
typedef struct dmc_search_ops {
	int (*start)(dmc_run *R);     /* 0, or 1: nothing to search (--show-model) */
	void (*push)(dmc_run *R, void *item, uint64_t key, int g, int repush);
	void *(*pop)(dmc_run *R);
	double (*bytes)(const dmc_run *R);
	void (*free)(dmc_run *R);     /* queued states go back to pan */
} dmc_search_ops;

struct dmc_run {
	dmc_options opt;
	const dmc_heuristic *heur;
	void *hinst;                  /* heur's instance (heur->create), or NULL */
	/* the state a push hands the search, as heuristics read it: pan's
	 * current state (dmc_view_now()) */
	const dmc_state_view *view;
	dmc_targets targets;
	int prune;                    /* h = infinity states are dropped */
	const char *prune_note;       /* why pruning is off */
	/* the heuristic asked for had nothing to aim at: what guides instead
	 * and why ("" when it is the one asked for) */
	char heur_note[400];
	char prune_buf[400];
	int started;
	const char *stopped;          /* a limit ended the search, or NULL */
	char error[200];              /* pan's message for the error the trail shows, or "" */
	double t_start, t_end;
	dmc_stats st;

	/* the safety searches (search.c) */
	dmc_open *open;
	dmc_alt *alt;                 /* alternation's open lists (--heuristic H1,H2,...), or NULL */
	int alt_lists;                /* lists the alternation has (1: none) */
	int pref;                     /* its last list is --preferred's */
	dmc_state_table *table;       /* best g per state; astar/wastar only */
	int reopen;
	int reopen_off;               /* the search re-opens, but SPIN's store is a bit array */
	int exact_levels;             /* distributed bfs reaches every state first by a shortest
	                               * path (dist.h): --anytime needs no re-opening */
	/* the distributed search's statistics of every rank (dist.h), on the
	 * rank that reports; NULL otherwise */
	struct dmc_dist_rank_stats *ranks;
	int nranks;
	int por_guided;               /* por.h's guided reduction */
	dmc_hbudget hb;               /* --h-budget: heuristics that do not pay switched off */
	int exp_h, exp_list;          /* h of the state being expanded (its list's, alternating) */
	unsigned exp_stall;           /* and its open_list.h stall */
	int exp_f;                    /* and its f as the search orders (progress.c), or -1 */
	struct {                      /* chains of atomic steps (chains.c) */
		int on;
		const char *note;     /* "on", or why not */
	} chains;
	int exp_chain;                /* the expanded state's chain steps (open_list.h) */
	int exp_g;                    /* the expanded state's g */
	struct {                      /* what g counts (cost.c) */
		int moves;            /* moves; 0: pan's steps */
		const char *note;     /* "moves", or "steps" and why */
	} cost;
	int trail_moves;              /* the error's trail in moves (cost.c), or -1 */
	struct dmc_urgent {           /* pan's re-pushes after a failed rendezvous */
		void *item;
		int g;
	} *urgent;
	size_t nurgent, urgent_cap;
	double pops_since_clock;
	unsigned pops_since_mem;      /* the memory limit is checked every MEM_EVERY pops */
	dmc_ut_state ut;
	dmc_anytime any;              /* --anytime (anytime.h) */

	dmc_por *por;                 /* partial-order reduction's bookkeeping (por.c) */

	struct dmc_lua *lua;          /* the Lua script's context (lua_script.h), or NULL */

	/* liveness (ndfs.c) */
	struct dmc_ndfs *ndfs;

	/* --plot-progress's samples (progress.h), or NULL */
	struct dmc_plot *plot;

	/* the results (report.c) */
	FILE *json;                   /* --json: the real stdout */
	int cancelled;                /* the runtime said why it ended: no results */
	int reported;                 /* the results are printed ... */
	int exit_code;                /* ... and the process ends with this */
	char lua_path[4096];          /* -DDMC_LUA's script, unquoted */
	const dmc_search_ops *search; /* set by dmc_rt_start */

	/* the glue's state (dmc_build_info.glue_new), freed with the run */
	void *glue;
	void (*glue_free)(void *glue);
};

#endif
