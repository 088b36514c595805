// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * hbudget.h -- the heuristics' budget (--h-budget, issue 40): a
 * heuristic whose evaluations cost more than they save is switched off
 * for the rest of the run.
 *
 * "Costs": the share of the search's wall-clock time its evaluations
 * took (the sampled evaluations' time per call, times the calls, over
 * the time searched), above DMC_HBUDGET_SHARE.  "Saves": either dead
 * ends (h = infinity, which prune or go last) among at least
 * DMC_HBUDGET_DEAD of its values, or, in a search ordered by h,
 * progress: its last new smallest value came after the first
 * 1/DMC_HBUDGET_PLATEAU of its evaluations (greedy), or
 * 1/DMC_HBUDGET_ALT_PLATEAU (an alternation's list: its breadth- and
 * depth-first lists hedge a plateau already, and hU's list on arbiter_4
 * sat at 7 from the 2,574th evaluation to the 65,550th, then led to the
 * error).  A search whose order ignores h (bfs, dfs) gains from h only
 * by its dead ends, and only when they are pruned.  The verdict is taken
 * every DMC_HBUDGET_EVERY evaluations from DMC_HBUDGET_MIN_EVALS on, so
 * that small searches never change.
 *
 * A switched-off term is no longer evaluated: a single heuristic gives 0
 * from then on (the greedy search goes on breadth-first from the newest
 * states, a complete search stays complete: nothing more is pruned); an
 * alternation's list of it takes no more states (its queued ones are
 * still expanded), and the last list on stays on; a sum or max combines
 * the terms still on.  Searches ordered by g + h (astar, wastar), by
 * layer (beam), ut, --anytime, --preferred and a script's priority(s)
 * are left alone (what their order promises depends on h).
 */
#ifndef DMC_HBUDGET_H
#define DMC_HBUDGET_H

#include "combine.h"

#define DMC_HBUDGET_MIN_EVALS 16384   /* no verdict before this many evaluations */
#define DMC_HBUDGET_EVERY 1024        /* then one every this many */
#define DMC_HBUDGET_SHARE 0.5         /* "costs": more than this share of the time */
#define DMC_HBUDGET_DEAD 0.01         /* "saves": at least this share of dead ends */
#define DMC_HBUDGET_PLATEAU 2         /* "saves": progress after 1/this of the evaluations */
#define DMC_HBUDGET_ALT_PLATEAU 32    /* ... in an alternation's list */

typedef struct dmc_hbudget {
	int on;                       /* the budget watches this run */
	const char *why_not;          /* ... or why not (static text) */
	int nterms;                   /* 1: a single heuristic; else the combination's terms */
	const char *name[DMC_COMBO_MAX];
	int follows[DMC_COMBO_MAX];   /* the term whose value it reuses (combine.h's same_as), or -1 */
	int ordered;                  /* the search orders by h: progress counts */
	int keep_one;                 /* an alternation: its last list on stays on */
	int dead_pays;                /* its dead ends are pruned or go last (else they save nothing) */
	unsigned char off[DMC_COMBO_MAX];
	double evals, timed;          /* evaluations, those timed */
	double sec[DMC_COMBO_MAX];    /* each term's time in the timed ones */
	int best[DMC_COMBO_MAX];      /* its smallest finite value so far */
	double improved[DMC_COMBO_MAX];   /* the evaluation that found it */
	double dead[DMC_COMBO_MAX];   /* its infinities */
	double next;                  /* the evaluation of the next verdict */
	/* what was switched off: at which evaluation, its share then */
	double off_at[DMC_COMBO_MAX], off_share[DMC_COMBO_MAX];
	int noff;
} dmc_hbudget;

/* Watch nterms terms named name[] (follows may be NULL: none reuses
 * another's value). */
void dmc_hbudget_start(dmc_hbudget *b, int nterms, const char *const *name, const int *follows,
                       int ordered, int keep_one);
/* Not watched, and why (static text). */
void dmc_hbudget_skip(dmc_hbudget *b, const char *why);
/* One evaluation's values hv[0..nterms) (a term switched off: ignored),
 * and for a timed one each term's seconds (sec, else NULL). */
void dmc_hbudget_note(dmc_hbudget *b, const int *hv, const double *sec);
/* Time for a verdict?  Then switch off what costs more than it saves,
 * given the seconds searched so far; returns how many were switched off
 * now. */
int dmc_hbudget_check(dmc_hbudget *b, double searched);
static inline int dmc_hbudget_off(const dmc_hbudget *b, int i)
{
	return b->on && b->off[i];
}
/* The search's evaluation through the budget (search.c's bf_push, when
 * b->on): R's heuristic or combination in R's current state, every term
 * switched off left out; noted, and every DMC_HBUDGET_EVERY evaluations
 * judged.  Returns h; a combination's also in *hc and hv. */
struct dmc_run;
/* Watch R's heuristic (at the end of the search's start), or say why
 * not: by_h, the search orders by h (greedy); ignores_h, its order
 * ignores h (bfs, dfs). */
void dmc_hbudget_setup(struct dmc_run *R, int by_h, int ignores_h);
int dmc_hbudget_eval(struct dmc_run *R, int timed, double *hc, int *hv);
/* The results' text (one line) and JSON (an object). */
void dmc_hbudget_text(const dmc_hbudget *b, char *buf, size_t n);
void dmc_hbudget_json(const dmc_hbudget *b, char *buf, size_t n);

#endif
