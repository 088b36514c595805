/*
 * search.c -- the search policy: which state pan expands next, which
 * successors count as new, and when the search stops.
 *
 * pan calls dmc_rt_store for every successor it generates, dmc_rt_push
 * for those to be queued (now = the successor), and dmc_rt_pop for the
 * next state to expand.  The order is the open list's discipline and the
 * priority packed here:
 *   bfs     FIFO (SPIN's own order)
 *   dfs     LIFO
 *   astar   smallest f = g + h, then smallest h, then first queued
 *   wastar  smallest f = g + W*h, then smallest h, then first queued
 *   greedy  smallest h, then smallest g, then first queued
 *   beam    layer by layer in g; within a layer smallest h, then first
 *           queued; at most K states kept per layer
 * astar and wastar re-open a state reached again with a smaller g.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdint.h>
#include "search.h"
#include "runtime.h"
#include "bridge.h"
#include "open_list.h"
#include "state_table.h"
#include "absmodel_build.h"
#include "lua_script.h"
#include "ndfs.h"
#include "report.h"
#include "faults.h"

dmc_search_state dmc_S;

static dmc_open *open_list;
static dmc_state_table *table;      /* best g per state; astar/wastar only */
static int reopen;
#define DMC_REC_CLASH 2u            /* dmc_state_rec.closed: shared fingerprint */

/* pan's re-pushes after a failed rendezvous: expanded before anything else */
static void **urgent;
static size_t nurgent, urgent_cap;

static double pops_since_clock;

double dmc_now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

double dmc_runtime_bytes(void)
{
	double b = 0;
	if (open_list)
		b += (double) dmc_open_bytes(open_list);
	if (table)
		b += (double) dmc_st_bytes(table);
	const dmc_hcache_stats *hc = dmc_heuristic_cache_stats(dmc_S.heur, dmc_S.hinst);
	if (hc)
		b += (double) hc->bytes;
	if (dmc_S.opt.cycles)
		b += dmc_live_bytes();        /* includes the glue's tables */
	else
		b += dmc_br_glue_bytes();
	return b + (double) urgent_cap * sizeof(void *);
}

static void fail(const char *msg)
{
	fprintf(stderr, "pan: spin-dmc: %s\n", msg);
	fflush(stdout);
	dmc_report_cancel();            /* no results to report */
	exit(2);
}

/* Prune h = infinity only when it is sound: every error pan checks for
 * must be one the targets cover, or a pruned state could hide one. */
static void decide_pruning(void)
{
	static char note[400];
	const char *why;
	dmc_S.prune = 0;
	if (dmc_S.opt.no_prune)
		dmc_S.prune_note = "off (--no-prune)";
	else if (!dmc_S.heur->proves_dead_ends)
		dmc_S.prune_note = "off (the heuristic never proves dead ends)";
	else if (dmc_br_checks_deadlocks() && !dmc_S.targets.deadlock)
		dmc_S.prune_note = "off (pan also checks invalid end states, which are not a target; "
		                   "add -E or --target deadlock)";
	else if (dmc_br_checks_asserts() && !(dmc_S.targets.kinds & DMC_TGT_ASSERT))
		dmc_S.prune_note = "off (pan also checks assertions, which are not a target; add -A)";
	else if (dmc_br_checks_asserts() && dmc_S.targets.hidden_asserts > 0)
		dmc_S.prune_note = "off (statement merging hid an assert the targets could not locate; "
		                   "spin -o3 shows it)";
	else if (dmc_br_claim_type() >= 0 && !(dmc_S.targets.kinds & DMC_TGT_CLAIM))
		dmc_S.prune_note = "off (pan also checks the never claim, which is not a target)";
	else if ((why = dmc_heuristic_prune_veto(&dmc_S.targets, dmc_S.heur, dmc_S.hinst)) != NULL) {
		snprintf(note, sizeof note, "off (%s)", why);
		dmc_S.prune_note = note;
	} else {
		dmc_S.prune = 1;
		dmc_S.prune_note = "on";
	}
}

/* --show-model: the abstract model of the relaxed-planning heuristics. */
static void show_model(void)
{
	char err[256];
	dmc_abuild b;
	if (!dmc_S.opt.show_targets)
		dmc_targets_print(&dmc_S.targets, stdout);
	if (dmc_abuild_make(&b, &dmc_S.targets, err, sizeof err) < 0)
		fail(err);
	dmc_abuild_print(&b, stdout);
	dmc_abuild_free(&b);
	fflush(stdout);
	dmc_report_cancel();            /* no search, no results */
	exit(0);
}

void dmc_search_start(void)
{
	char err[512];
	dmc_search_state *S = &dmc_S;
	S->started = 1;
	S->t_start = dmc_now_seconds();
	dmc_faults_take_sigint();         /* pan has installed its own handler by now */
	S->st.h_min = DMC_H_INF;
	S->st.h_initial = -1;
	if (S->opt.cycles) {              /* liveness: nested DFS (ndfs.c) */
		S->heur = dmc_heuristic_find(S->opt.heuristic);
		S->opt.search_name = "nested-dfs";
		S->prune_note = "off (liveness)";
		dmc_live_start();
		return;
	}

	if (S->opt.combo.active) {        /* a Lua script's combination */
		S->heur = dmc_combo_finish(&S->opt.combo);
		if (dmc_lua_has_priority()) {
			char name[sizeof S->opt.combo.name];
			size_t n = sizeof S->opt.combo.name;
			memcpy(name, S->opt.combo.name, n);
			strcpy(S->opt.combo.name, "priority(s) of ");
			strncat(S->opt.combo.name, name, n - strlen(S->opt.combo.name) - 1);
			S->opt.combo.as_heuristic.admissible = 0;   /* nothing is known */
		}
	} else
		S->heur = dmc_heuristic_find(S->opt.heuristic);
	if (dmc_targets_build(S->opt.targets, &S->targets, err, sizeof err) < 0)
		fail(err);
	if (S->opt.show_targets) {
		dmc_targets_print(&S->targets, stdout);
		if (dmc_br_statement_merging() && S->targets.hidden_asserts > 0)
			printf("note: statement merging hid %d assert(s) whose step could not be located: "
			       "they are not listed (spin -o3 -a shows all)\n", S->targets.hidden_asserts);
	}
	if (S->opt.show_model)
		show_model();
	dmc_heuristic_opts hopts = dmc_heuristic_default_opts();
	hopts.hcache = dmc_hcache_config;
	hopts.combo = &S->opt.combo;
	if (!(S->hinst = S->heur->create(&S->targets, &hopts, err, sizeof err)))
		fail(err);
	decide_pruning();
	if (dmc_lua_start(&S->opt.combo, err, sizeof err) < 0)
		fail(err);

	dmc_open_kind kind = DMC_OPEN_HEAP;
	switch (S->opt.search) {
	case DMC_SEARCH_BFS:  kind = DMC_OPEN_FIFO; break;
	case DMC_SEARCH_DFS:  kind = DMC_OPEN_LIFO; break;
	case DMC_SEARCH_BEAM: kind = DMC_OPEN_BEAM; break;
	default: break;
	}
	open_list = dmc_open_new(kind, kind == DMC_OPEN_BEAM ? S->opt.beam_width : 0);
	if (open_list && kind == DMC_OPEN_BEAM && S->opt.beam_width_of)
		dmc_open_set_width_of(open_list, S->opt.beam_width_of);
	reopen = S->opt.search == DMC_SEARCH_ASTAR || S->opt.search == DMC_SEARCH_WASTAR;
	if (reopen)
		table = dmc_st_new(1u << 16);
	if (!open_list || (reopen && !table))
		dmc_faults_stop_out_of_memory("setting up the search", 0);
}

int dmc_rt_wants_keys(void)
{
	if (!dmc_S.started)             /* the first call comes before any store */
		dmc_search_start();
	return reopen;
}

#define KEY(k) ((const void *) (uintptr_t) (k))

int dmc_rt_store(uint64_t key, int g, int spin_old)
{
	if (!dmc_S.started)
		dmc_search_start();
	dmc_S.st.generated++;
	if (!spin_old) {
		dmc_S.st.stored++;
		if (reopen) {
			int inserted;
			dmc_state_rec *r = dmc_st_insert(table, KEY(key), g, &inserted);
			if (!r)
				dmc_S.stopped = "out of memory (the runtime's state table)";
			else if (!inserted) {
				/* SPIN says new, yet the fingerprint is known: two states
				 * share it.  Their record is no longer trusted: no
				 * re-opening, no stale discards (complete, maybe not
				 * shortest). */
				r->closed = DMC_REC_CLASH;
				dmc_S.st.clashes++;
			}
		}
		return 1;
	}
	if (!reopen)
		return 0;
	dmc_state_rec *r = dmc_st_find(table, KEY(key));
	if (!r || r->closed == DMC_REC_CLASH || g >= r->g)
		return 0;
	if (r->closed)
		dmc_S.st.reopened++;
	r->g = g;
	r->closed = 0;
	return 1;
}

static uint64_t priority(int g, int h)
{
	const uint64_t hmax = 0xFFFFFF;
	uint64_t hc = (uint64_t) h > hmax ? hmax : (uint64_t) h;
	switch (dmc_S.opt.search) {
	case DMC_SEARCH_ASTAR:
	case DMC_SEARCH_WASTAR: {
		/* f in 1/256 steps above the low 24 bits, h below */
		double f = (double) g + dmc_S.opt.weight * (double) hc;
		return ((uint64_t) (f * 256.0) << 24) | hc;
	}
	case DMC_SEARCH_GREEDY:
	case DMC_SEARCH_BEAM:
		return (hc << 32) | (uint32_t) g;
	default:
		return 0;
	}
}

/* A script's combination (combine.h), or its priority(s): h for the
 * statistics and pruning, and hc, hv for the order. */
static int eval_combo(double *hc, int *hv)
{
	*hc = dmc_combo_eval(dmc_S.hinst, hv);
	return dmc_combo_round(*hc);
}

static uint64_t combo_priority(int g, double hc, const int *hv)
{
	const dmc_combo *c = &dmc_S.opt.combo;
	dmc_search_kind k = dmc_S.opt.search;
	int fg = k == DMC_SEARCH_ASTAR || k == DMC_SEARCH_WASTAR;
	dmc_tie_kind tie = c->tie != DMC_TIE_DEFAULT ? c->tie : fg ? DMC_TIE_H : DMC_TIE_G;
	double primary;
	if (dmc_lua_has_priority()) {
		char err[512];
		if (dmc_lua_priority(g, hv, hc, &primary, err, sizeof err) < 0)
			fail(err);
	} else if (fg)
		primary = c->wg * (double) g + dmc_S.opt.weight * hc;
	else
		primary = hc;
	return dmc_combo_pack(primary, tie, g, hc);
}

static void push_urgent(void *item)
{
	if (nurgent == urgent_cap) {
		size_t cap = urgent_cap ? 2 * urgent_cap : 64;
		void **u = realloc(urgent, cap * sizeof *u);
		if (!u)
			dmc_faults_stop_out_of_memory("queue of re-expansions", cap * sizeof *u);
		urgent = u;
		urgent_cap = cap;
	}
	urgent[nurgent++] = item;
}

void dmc_rt_push(void *item, uint64_t key, int g, int repush)
{
	dmc_stats *st = &dmc_S.st;
	if (dmc_S.opt.cycles) {
		dmc_live_push(item, g, repush);
		return;
	}
	if (repush) {
		st->repushed++;
		push_urgent(item);
		return;
	}
	/* time one evaluation in 16: the heuristic's share of the search
	 * without a clock read per state */
	int combo = dmc_S.opt.combo.active, hv[DMC_COMBO_MAX];
	int timed = ((uint64_t) st->hcalls & 15) == 0;
	double hc = 0, t0 = timed ? dmc_now_seconds() : 0;
	int h = combo ? eval_combo(&hc, hv) : dmc_S.heur->eval(dmc_S.hinst);
	if (timed) {
		st->hseconds += dmc_now_seconds() - t0;
		st->htimed++;
	}
	st->hcalls++;
	if (st->h_initial < 0)
		st->h_initial = h;
	if (h < st->h_min)
		st->h_min = h;
	int rv_pid, rv_state;
	if (h == DMC_H_INF && dmc_S.prune && !dmc_br_rendezvous_pending(&rv_pid, &rv_state)) {
		/* (never a mid-rendezvous state: whether its offer is taken
		 * decides whether its parent is blocked, in the glue) */
		st->pruned++;
		dmc_br_discard(item);
		return;
	}
	uint64_t prio = combo ? combo_priority(g, hc, hv) : priority(g, h);
	dmc_open_entry e = { prio, 0, item, KEY(key), g, h }, ev;
	int r = dmc_open_push(open_list, &e, &ev);
	if (r < 0) {
		dmc_S.stopped = "out of memory (the runtime's open list)";
		dmc_br_discard(item);
		return;
	}
	if (r == 1) {
		st->dropped++;
		dmc_br_discard(ev.item);
	}
	double n = (double) dmc_open_size(open_list);
	if (n > st->open_peak)
		st->open_peak = n;
}

static int limit_reached(void)
{
	const dmc_options *o = &dmc_S.opt;
	const char *sig;
	if (dmc_S.stopped)
		return 1;
	if ((sig = dmc_faults_signal())) {
		dmc_S.stopped = sig;
		return 1;
	}
	if (o->memlim_mb > 0
	    && dmc_br_pan_memory() + dmc_runtime_bytes() > o->memlim_mb * 1048576.0) {
		dmc_S.stopped = "memory limit (--memlim)";
		return 1;
	}
	if (o->time_limit > 0 && ++pops_since_clock >= 256) {
		pops_since_clock = 0;
		if (dmc_now_seconds() - dmc_S.t_start > o->time_limit) {
			dmc_S.stopped = "time limit (--time-limit)";
			return 1;
		}
	}
	return 0;
}

void *dmc_rt_pop(void)
{
	dmc_open_entry e;
	if (!dmc_S.started)             /* no initial state: the claim cannot start */
		dmc_search_start();
	if (dmc_S.opt.cycles)
		return limit_reached() ? NULL : dmc_live_pop();
	if (nurgent > 0)
		return urgent[--nurgent];
	if (limit_reached())
		return NULL;
	while (dmc_open_pop(open_list, &e)) {
		if (reopen) {
			dmc_state_rec *r = dmc_st_find(table, e.key);
			if (r && r->closed != DMC_REC_CLASH) {
				if (r->g < e.g) {   /* superseded by a cheaper path */
					dmc_S.st.stale++;
					dmc_br_discard(e.item);
					continue;
				}
				r->closed = 1;
			}
		}
		dmc_S.st.expanded++;
		return e.item;
	}
	return NULL;
}
