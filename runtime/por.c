// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * por.c -- the C2c / C2cl proviso for pan's preselected (ample) expansions.
 * See por.h for how pan, the glue and this file share the work.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "alternation.h"
#include "por.h"

struct dmc_por {
	dmc_por_proviso proviso;
	int (*in_open)(void *ctx, uint64_t key);
	void *in_open_ctx;
	dmc_por_stats stats, counted;
	int wanted, on;
	int guided;                   /* a candidate must also make progress... */
	int plateau_ok;               /* ...unless the plateau budget allows one more */
	struct {                      /* the plateau budget and its growth (dmc_por_expanding) */
		unsigned budget;
		int best_h[DMC_ALT_MAX];   /* the lowest h expanded from each open list */
		unsigned since;       /* expansions since one of them went down */
		unsigned window;      /* ...that double the budget (0: DMC_POR_WINDOW) */
	} plateau;
	const char *status_note;
	const char *off_note;         /* why it is not wanted */
	struct {                      /* the expansion in progress */
		int attempted;        /* a candidate process was tried */
		int full;             /* ...and then every process was expanded */
		int pid;              /* the candidate being tried, -1 none */
		int some_ok, some_bad;   /* its successors: not closed / closed */
		int progress;         /* a successor with a better h (guided) */
		int rejected;         /* dmc_por_reject_candidate */
		int last_sel;         /* the last successor was the candidate's */
	} cur;
};

dmc_por *dmc_por_new(void)
{
	dmc_por *P = calloc(1, sizeof *P);
	if (P)
		dmc_por_reset(P);
	return P;
}

void dmc_por_free(dmc_por *P)
{
	free(P);
}

void dmc_por_set_wanted(dmc_por *P, int w, const char *off_note)
{
	P->wanted = w;
	P->off_note = off_note;
}
int dmc_por_wanted(const dmc_por *P) { return P->wanted; }
const char *dmc_por_off_note(const dmc_por *P)
{
	return P->off_note ? P->off_note : "off (--no-por)";
}


void dmc_por_set_status(dmc_por *P, int is_on, const char *note)
{
	P->on = is_on;
	P->status_note = note;
}

int dmc_por_status(const dmc_por *P, const char **note)
{
	if (note)
		*note = P->status_note;
	return P->on;
}

void dmc_por_set_proviso(dmc_por *P, dmc_por_proviso p) { P->proviso = p; }
dmc_por_proviso dmc_por_proviso_kind(const dmc_por *P) { return P->proviso; }

const char *dmc_por_proviso_name(dmc_por_proviso p)
{
	return p == DMC_POR_C2CL ? "c2cl" : p == DMC_POR_STACK ? "stack" : "c2c";
}

int dmc_por_proviso_parse(const char *name, dmc_por_proviso *out)
{
	if (strcmp(name, "c2c") == 0)
		*out = DMC_POR_C2C;
	else if (strcmp(name, "c2cl") == 0)
		*out = DMC_POR_C2CL;
	else if (strcmp(name, "stack") == 0)
		*out = DMC_POR_STACK;
	else
		return -1;
	return 0;
}

void dmc_por_set_closed_query(dmc_por *P, int (*q)(void *ctx, uint64_t key), void *ctx)
{
	P->in_open = q;
	P->in_open_ctx = ctx;
}

/* the verdict on the candidate so far */
static int proviso_ok(const dmc_por *P)
{
	if (P->cur.rejected)
		return 0;
	if (P->proviso != DMC_POR_C2C)
		return P->cur.some_ok && !P->cur.some_bad;
	return P->cur.some_ok;
}

static int candidate_ok(const dmc_por *P)
{
	return proviso_ok(P) && (!P->guided || P->cur.progress || P->plateau_ok);
}

/* the candidate being left failed: count why */
static void count_failed(dmc_por *P)
{
	if (P->cur.pid < 0 || candidate_ok(P))
		return;
	P->stats.candidates_failed++;
	if (proviso_ok(P))
		P->stats.candidates_no_progress++;
}

/* the outcome of the expansion in progress, into counted (stats + it) */
static void count_current(dmc_por *P)
{
	P->counted = P->stats;
	if (!P->cur.attempted)
		return;
	if (P->cur.full)
		P->counted.proviso_full++;
	else if (P->cur.pid >= 0 && candidate_ok(P))
		P->counted.reduced++;
}

void dmc_por_expansion_begin(dmc_por *P)
{
	count_current(P);
	P->stats = P->counted;
	P->cur.attempted = P->cur.full = 0;
	P->cur.pid = -1;
	P->cur.some_ok = P->cur.some_bad = 0;
	P->cur.progress = P->cur.rejected = P->cur.last_sel = 0;
}

int dmc_por_successor(dmc_por *P, int preselected, int pid, uint64_t key, int queued, int in_queue)
{
	P->cur.last_sel = preselected;
	if (!preselected) {
		/* pan expands every process: after a tried candidate, that is
		 * because no candidate satisfied the proviso */
		if (P->cur.attempted && !P->cur.full) {
			P->cur.full = 1;
			count_failed(P);
			P->cur.pid = -1;
		}
		return 0;
	}
	if (pid != P->cur.pid) {             /* pan moved on to the next candidate */
		count_failed(P);
		P->cur.pid = pid;
		P->cur.some_ok = P->cur.some_bad = 0;
		P->cur.progress = P->cur.rejected = 0;
		P->cur.attempted = 1;
	}
	int not_closed = queued || (P->in_open ? P->in_open(P->in_open_ctx, key) : in_queue);
	if (not_closed)
		P->cur.some_ok = 1;
	else
		P->cur.some_bad = 1;
	return candidate_ok(P);
}

void dmc_por_reject_candidate(dmc_por *P)
{
	if (P->cur.pid >= 0)
		P->cur.some_bad = P->cur.rejected = 1;
}

void dmc_por_set_guided(dmc_por *P, int on, unsigned budget)
{
	P->guided = on;
	P->plateau.budget = budget;
	for (int i = 0; i < DMC_ALT_MAX; i++)
		P->plateau.best_h[i] = INT_MAX;
	P->plateau.since = 0;
}
int dmc_por_guided(const dmc_por *P) { return P->guided; }

void dmc_por_set_plateau_ok(dmc_por *P, int ok) { P->plateau_ok = ok; }

void dmc_por_expanding(dmc_por *P, int list, int h, unsigned stall)
{
	if (list < 0 || list >= DMC_ALT_MAX)
		list = DMC_ALT_MAX - 1;
	if (h < P->plateau.best_h[list]) {
		P->plateau.best_h[list] = h;
		P->plateau.since = 0;
	} else if (++P->plateau.since >= (P->plateau.window ? P->plateau.window : DMC_POR_WINDOW)
	           && P->plateau.budget < DMC_POR_PLATEAU_TOP) {
		P->plateau.budget = P->plateau.budget ? 2 * P->plateau.budget : 1;
		if (P->plateau.budget > DMC_POR_PLATEAU_TOP)
			P->plateau.budget = DMC_POR_PLATEAU_TOP;
		P->plateau.since = 0;
	}
	P->plateau_ok = stall < P->plateau.budget;
}

unsigned dmc_por_plateau_budget(const dmc_por *P) { return P->plateau.budget; }

void dmc_por_set_window(dmc_por *P, unsigned window)
{
	P->plateau.window = window;
}

void dmc_por_progress_elsewhere(dmc_por *P, int h)
{
	if (h < P->plateau.best_h[0]) {
		P->plateau.best_h[0] = h;
		P->plateau.since = 0;
	}
}

void dmc_por_progress(dmc_por *P)
{
	if (P->cur.last_sel && P->cur.pid >= 0)
		P->cur.progress = 1;
}

int dmc_por_candidate_ok(const dmc_por *P)
{
	return P->cur.pid >= 0 && candidate_ok(P);
}

int dmc_por_chosen(const dmc_por *P)
{
	return P->cur.attempted && !P->cur.full && P->cur.pid >= 0 && candidate_ok(P) ? P->cur.pid : -1;
}

const dmc_por_stats *dmc_por_get_stats(dmc_por *P)
{
	count_current(P);
	return &P->counted;
}

void dmc_por_reset(dmc_por *P)
{
	memset(P, 0, sizeof *P);
	P->proviso = DMC_POR_C2C;
	P->wanted = 1;
	P->status_note = "off (no expansion yet)";
	P->cur.pid = -1;
}
