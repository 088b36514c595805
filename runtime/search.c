// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
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
 *   ut      smallest h, plus the parent's g when the move was relatively
 *           useless (ut.h), then smallest g, then first queued
 * astar and wastar re-open a state reached again with a smaller g.  A
 * chain state (chains.c) is queued in the same order, not stored, with
 * the h of the state whose expansion made it less one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <time.h>
#include <stdint.h>
#include "search.h"
#include "progress.h"
#include "runtime.h"
#include "bridge.h"
#include "open_list.h"
#include "alternation.h"
#include "state_table.h"
#include "lua_script.h"
#include "ndfs.h"
#include "report.h"
#include "faults.h"
#include "memlim.h"
#include "grow.h"
#include "ut.h"
#include "chains.h"
#include "cost.h"

#define DMC_REC_CLASH 2u            /* dmc_state_rec.closed: shared fingerprint */

/* the --search kinds (searches.def): open-list discipline, re-opening,
 * and the order (queue order, or f = g + W*h with ties to smaller h, or
 * h with ties to smaller g, or that h plus ut's penalty) */
enum { ORDER_G, ORDER_F, ORDER_H, ORDER_UT };
static const struct best_first_kind {
	dmc_open_kind open;
	int reopen;
	int order;
} kinds[] = {
#define DMC_SEARCH(ID, NAME, OPEN, REOPEN, ORDER, WEIGHT, FLAGS, HELP) { DMC_OPEN_##OPEN, REOPEN, ORDER_##ORDER },
#include "searches.def"
};

static const struct best_first_kind *kind_of(const dmc_run *R)
{
	return &kinds[R->opt.search];
}

double dmc_now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

double dmc_runtime_bytes(const dmc_run *R)
{
	double b = 0;
	const dmc_hcache_stats *hc = R->heur ? dmc_heuristic_cache_stats(R->heur, R->hinst) : NULL;
	if (hc)
		b += (double) hc->bytes;
	return b + (R->search ? R->search->bytes(R) : dmc_br_glue_bytes());
}

static double bf_bytes(const dmc_run *R)
{
	double b = dmc_br_glue_bytes();
	if (R->open)
		b += (double) dmc_open_bytes(R->open);
	if (R->alt)
		b += (double) dmc_alt_bytes(R->alt);
	if (R->table)
		b += (double) dmc_st_bytes(R->table);
	return b + (double) R->urgent_cap * sizeof *R->urgent;
}

_Noreturn void dmc_search_fail(dmc_run *R, const char *msg)
{
	fprintf(stderr, "pan: spin-dmc: %s\n", msg);
	fflush(stdout);
	R->cancelled = 1;               /* no results to report */
	exit(2);
}

_Noreturn void dmc_rt_refuse(dmc_run *R, const char *msg)
{
	dmc_search_fail(R, msg);
}

/* An error pan checks that the targets do not cover (why), or NULL: h
 * then says nothing about the distance to it. */
static const char *uncovered_error(const dmc_run *R)
{
	if (dmc_br_checks_deadlocks() && !R->targets.deadlock)
		return "off (pan also checks invalid end states, which are not a target; "
		       "add -E or --target deadlock)";
	if (dmc_br_checks_asserts() && !(R->targets.kinds & DMC_TGT_ASSERT))
		return "off (pan also checks assertions, which are not a target; add -A)";
	if (dmc_br_checks_asserts() && R->targets.hidden_asserts > 0)
		return "off (statement merging hid an assert the targets could not locate; "
		       "spin -o3 shows it)";
	if (dmc_br_claim_type() >= 0 && !(R->targets.kinds & DMC_TGT_CLAIM))
		return "off (pan also checks the never claim, which is not a target)";
	return NULL;
}

/* Prune h = infinity only when it is sound: every error pan checks for
 * must be one the targets cover, or a pruned state could hide one. */
static void decide_pruning(dmc_run *R)
{
	const char *why, *gap = uncovered_error(R);
	R->prune = 0;
	if (R->opt.no_prune)
		R->prune_note = "off (--no-prune)";
	else if (!R->heur->proves_dead_ends)
		R->prune_note = "off (the heuristic never proves dead ends)";
	else if (gap)
		R->prune_note = gap;
	else if ((why = dmc_heuristic_prune_veto(&R->targets, R->heur, R->hinst)) != NULL) {
		snprintf(R->prune_buf, sizeof R->prune_buf, "off (%s)", why);
		R->prune_note = R->prune_buf;
	} else {
		R->prune = 1;
		R->prune_note = "on";
	}
	/* --anytime drops states by g + h only when h is a lower bound on
	 * the steps to every error pan may report */
	R->any.h_bound = R->any.on && dmc_heuristic_admissible(R->heur, &R->targets) && !gap
	                 && !dmc_heuristic_prune_veto(&R->targets, R->heur, R->hinst);
}

/* The heuristic is an alternation: one open list per term (alternation.h) */
static int alternating(const dmc_run *R)
{
	return R->opt.combo.active && R->opt.combo.kind == DMC_COMB_ALT;
}

/* The heuristic asked for refused the targets because they have no
 * location to aim at (the model has no assert and no never claim, and
 * pan checks invalid end states, or nothing): every heuristic applies to
 * every model, so the deadlock heuristic guides instead (the targets are
 * invalid end states), or none; the results say so.  Any other refusal
 * (a combination's term, a model the heuristic cannot read) stays an
 * error. */
static void fall_back(dmc_run *R, const dmc_heuristic_opts *hopts, const char *why)
{
	char err[512];
	int alt = alternating(R);
	if (R->targets.ngoals > 0 || (R->opt.combo.active && !alt))
		dmc_search_fail(R, why);
	char asked[sizeof R->opt.combo.name];
	snprintf(asked, sizeof asked, "%s", R->heur->name);
	const dmc_heuristic *guide = dmc_heuristic_find(R->targets.deadlock ? "deadlock" : "none");
	/* an alternation keeps its lists of none (breadth- and depth-first
	 * lists find what SPIN's BFS and DFS find), the others order by the
	 * guide; one list left is the guide's plain search */
	if (alt && dmc_combo_retarget(&R->opt.combo, guide) > 1)
		R->heur = dmc_combo_finish(&R->opt.combo);
	else {
		R->opt.combo.active = 0;
		R->heur = guide;
	}
	if (!(R->hinst = R->heur->create(&R->targets, hopts, err, sizeof err)))
		dmc_search_fail(R, err);
	snprintf(R->heur_note, sizeof R->heur_note, "%s has nothing to aim at (%s): %s%s%s", asked,
	         R->targets.deadlock ? "the targets are invalid end states" : "no assert, never claim or checked end state",
	         R->targets.deadlock ? "guided by the deadlock heuristic instead" : "no guidance (h = 0)",
	         R->opt.combo.active ? ", as " : "", R->opt.combo.active ? R->heur->name : "");
}

/* --show-model: the targets and the abstract model the heuristic layer
 * builds for them (dmc_heuristic_show_model), and no search. */
static void show_model(dmc_run *R)
{
	char err[256];
	if (!R->opt.show_targets)
		dmc_targets_print(&R->targets, dmc_heuristic_range_fallback(R->heur, &R->targets), stdout);
	if (dmc_heuristic_show_model(&R->targets, stdout, err, sizeof err) < 0)
		dmc_search_fail(R, err);
	fflush(stdout);
	R->cancelled = 1;               /* no search, no results */
}

/* --initial NAME=V: the initial state (pan's `now` before its first
 * store, which the heuristics read too) with global NAME equal to V */
static void set_initial(dmc_run *R)
{
	const char *spec = R->opt.initial, *eq = spec ? strchr(spec, '=') : NULL;
	char name[128], msg[256], *end;
	dmc_var v;
	if (!spec)
		return;
	if (!eq || eq == spec || (size_t) (eq - spec) >= sizeof name) {
		snprintf(msg, sizeof msg, "--initial %s: expected NAME=VALUE", spec);
		dmc_search_fail(R, msg);
	}
	memcpy(name, spec, (size_t) (eq - spec));
	name[eq - spec] = 0;
	errno = 0;
	long val = strtol(eq + 1, &end, 10);
	if (errno || end == eq + 1 || *end) {
		snprintf(msg, sizeof msg, "--initial %s: the value is not a whole number", spec);
		dmc_search_fail(R, msg);
	}
	if (dmc_br_var_find(name, -1, &v) != 0 || v.local_type >= 0 || v.size != 1 || v.is_chan) {
		snprintf(msg, sizeof msg, "--initial %s: the model has no global scalar variable '%s'", spec, name);
		dmc_search_fail(R, msg);
	}
	if (val < v.lo || val > v.hi || dmc_br_var_write_global(&v, val) != 0) {
		snprintf(msg, sizeof msg, "--initial %s: %ld is outside '%s' (%ld..%ld)", spec, val, name, v.lo, v.hi);
		dmc_search_fail(R, msg);
	}
}

int dmc_rt_start(dmc_run *R)
{
	set_initial(R);
	R->started = 1;
	R->t_start = dmc_now_seconds();
	if (R->opt.memlim_mb <= 0) {
		R->opt.memlim_mb = dmc_memlim_default_mb();
		R->opt.memlim_auto = R->opt.memlim_mb > 0;
	}
	dmc_faults_take_sigint();         /* pan has installed its own handler by now */
	R->st.h_min = DMC_H_INF;
	R->st.h_initial = -1;
	R->search = R->opt.cycles ? &dmc_nested_dfs : &dmc_best_first;
	return R->search->start(R);
}

/* ---- the best-first searches: every --search (searches.def) ---- */

/* Whether h can tell states apart: not h = 0 alone (none, or a script's
 * combination of none with g), which keeps SPIN's reduction as it is. */
static int informative(const dmc_run *R)
{
	const dmc_combo *c = &R->opt.combo;
	if (!c->active)
		return strcmp(R->heur->name, "none") != 0;
	if (dmc_lua_has_priority(R->lua))
		return 1;
	for (int i = 0; i < c->nterms; i++)
		if (c->w[i] > 0 && strcmp(c->h[i]->name, "none") != 0)
			return 1;
	return 0;
}

/* --preferred: one more list, of the successors a helpful move made
 * (Fast Downward's preferred operators), after the heuristic's or the
 * alternation's own lists.  A fallback guide without plans (nothing to
 * aim at) runs without it, and says so. */
static void preferred_start(dmc_run *R, dmc_open_kind kind)
{
	R->alt_lists = alternating(R) ? R->opt.combo.nterms : 1;
	R->pref = 0;
	if (!R->opt.preferred)
		return;
	if (kind != DMC_OPEN_HEAP || kind_of(R)->order == ORDER_UT)
		dmc_search_fail(R, "--preferred adds an open list: it needs --search greedy, astar or wastar");
	if (dmc_lua_has_priority(R->lua))
		dmc_search_fail(R, "--preferred orders its list by the heuristic: a script's priority(s) "
		                "cannot be used with it");
	if (!dmc_h_has_plans(R->heur)) {
		/* fall_back chose the guide, and noted it, only with no goals */
		int fell_back = R->targets.ngoals == 0 && R->heur_note[0];
		if (!fell_back)
			dmc_search_fail(R, "--preferred needs relaxed plans: hL, hU, hUc (hff on PDDL, hplan on ANMLite) as the heuristic "
			                "or in the alternation");
		size_t len = strlen(R->heur_note);
		snprintf(R->heur_note + len, sizeof R->heur_note - len, "; no relaxed plans, so no --preferred list");
		return;
	}
	R->pref = 1;
	R->alt_lists++;
}

/* dmc_heuristic_opts.stop: while the heuristic builds its tables (pdb,
 * pdb-pred), a signal or the time limit ends the run as it ends a
 * search -- the build is part of the run's time (t_start is before it);
 * the search then stops before its first expansion. */
static int build_must_stop(void *ctx)
{
	dmc_run *R = ctx;
	const char *sig;
	if (R->stopped)
		return 1;
	if ((sig = dmc_faults_signal()))
		R->stopped = sig;
	else if (R->opt.time_limit > 0 && dmc_now_seconds() - R->t_start > R->opt.time_limit)
		R->stopped = "time limit (--time-limit)";
	return R->stopped != NULL;
}

static int bf_start(dmc_run *R)
{
	char err[512];
	if (R->opt.combo.active) {        /* a Lua script's combination */
		R->heur = dmc_combo_finish(&R->opt.combo);
		if (dmc_lua_has_priority(R->lua)) {
			char name[sizeof R->opt.combo.name];
			size_t n = sizeof R->opt.combo.name;
			memcpy(name, R->opt.combo.name, n);
			strcpy(R->opt.combo.name, "priority(s) of ");
			strncat(R->opt.combo.name, name, n - strlen(R->opt.combo.name) - 1);
			R->opt.combo.as_heuristic.admissible = 0;   /* nothing is known */
		}
	} else
		R->heur = dmc_heuristic_find(R->opt.heuristic);
	R->any.on = R->opt.anytime;       /* never with a combination (dmc_rt_setup) */
	if (dmc_targets_build(R->opt.targets, &R->targets, err, sizeof err) < 0)
		dmc_search_fail(R, err);
	R->targets.range_mode = R->opt.range_mode;
	if (R->opt.show_targets) {
		dmc_targets_print(&R->targets, dmc_heuristic_range_fallback(R->heur, &R->targets), stdout);
		if (dmc_br_statement_merging() && R->targets.hidden_asserts > 0)
			printf("note: statement merging hid %d assert(s) whose step could not be located: "
			       "they are not listed (spin -o3 -a shows all)\n", R->targets.hidden_asserts);
	}
	if (R->opt.show_model) {
		show_model(R);
		return 1;
	}
	dmc_heuristic_opts hopts = dmc_heuristic_default_opts();
	hopts.values = &R->opt.values;
	hopts.combo = &R->opt.combo;
	hopts.stop = build_must_stop;
	hopts.stop_ctx = R;
	/* a preset's alternation leaves out what cannot be built, unless
	 * nothing is aimed at (fall_back guides by deadlock then) */
	R->opt.combo.lenient &= R->targets.ngoals > 0;
	if (!(R->hinst = R->heur->create(&R->targets, &hopts, err, sizeof err)))
		fall_back(R, &hopts, err);
	else if (R->opt.combo.active && R->opt.combo.dropped[0])
		snprintf(R->heur_note, sizeof R->heur_note, "%s", R->opt.combo.dropped);
	build_must_stop(R);               /* a limit the building reached: no expansion */
	decide_pruning(R);
	if (dmc_lua_start(R->lua, &R->opt.combo, err, sizeof err) < 0)
		dmc_search_fail(R, err);

	dmc_open_kind kind = kind_of(R)->open;
	if (alternating(R)) {
		if (kind != DMC_OPEN_HEAP)
			dmc_search_fail(R, "a script's combine = \"alt\" (one open list per heuristic) "
			                "needs search = \"greedy\", \"astar\" or \"wastar\"");
		if (dmc_lua_has_priority(R->lua))
			dmc_search_fail(R, "alternation orders each open list by its own heuristic: "
			                "a script's priority(s) cannot be used with it");
		if (kind_of(R)->order == ORDER_UT)
			dmc_search_fail(R, "search = \"ut\" orders one open list: a script's combine = \"alt\" "
			                "cannot be used with it");
	}
	preferred_start(R, kind);
	if ((R->pref || alternating(R)) && !(R->alt = dmc_alt_new(R->alt_lists)))
		dmc_rt_out_of_memory("setting up the search", 0);
	if (kind_of(R)->order == ORDER_UT && dmc_lua_has_priority(R->lua))
		dmc_search_fail(R, "a script's priority(s) gives the whole priority: search = \"ut\" "
		                "cannot add its penalty to it (use greedy)");
	R->ut.on = kind_of(R)->order == ORDER_UT;
	dmc_chains_start(R);
	dmc_cost_start(R);
	R->open = dmc_open_new(kind, kind == DMC_OPEN_BEAM ? R->opt.beam_width : 0);
	if (R->open && kind == DMC_OPEN_BEAM && dmc_lua_has_beam_schedule(R->lua))
		dmc_open_set_width_of(R->open, dmc_lua_beam_width, R->lua);
	/* --anytime proves a trail shortest only if every state reached by a
	 * shorter path is expanded again (anytime.h); a distributed bfs never
	 * reaches a state by a longer path first (exact_levels) */
	R->reopen = kind_of(R)->reopen || (R->any.on && !R->exact_levels);
	/* the best g per state would need the runtime's table (16 bytes a
	 * state), which a bit array is there to avoid: no re-opening, and
	 * A*'s trail may not be shortest (the results say so) */
	if (R->reopen && dmc_br_store_kind() == DMC_STORE_BITSTATE) {
		R->reopen = 0;
		R->reopen_off = 1;
	}
	/* an order by h: a reduced expansion must not defer the moves the
	 * heuristic rewards (por.h) */
	R->por_guided = (kind == DMC_OPEN_HEAP || kind == DMC_OPEN_BEAM) && informative(R);
	dmc_por_set_guided(R->por, R->por_guided, R->opt.por_plateau);
	R->exp_h = INT_MAX;
	if (R->reopen)
		R->table = dmc_st_new(1u << 16);
	if (!R->open || (R->reopen && !R->table))
		dmc_rt_out_of_memory("setting up the search", 0);
	/* --h-budget (hbudget.h): whether the order serves h or ignores it */
	dmc_hbudget_setup(R, kind == DMC_OPEN_HEAP && kind_of(R)->order == ORDER_H,
	                  kind == DMC_OPEN_FIFO || kind == DMC_OPEN_LIFO);
	return 0;
}

void *dmc_rt_glue(const dmc_run *R)
{
	return R->glue;
}

dmc_por *dmc_rt_por(dmc_run *R)
{
	return R->por;
}

int dmc_rt_wants_keys(const dmc_run *R)
{
	/* the state table's key; --tie random orders by it too */
	int random = R->opt.tie == DMC_TIE_RANDOM || R->opt.combo.tie == DMC_TIE_RANDOM;
	for (int i = 0; R->opt.combo.kind == DMC_COMB_ALT && i < R->opt.combo.nterms; i++)
		random |= R->opt.combo.list_tie[i] == DMC_TIE_RANDOM;
	return R->reopen || random;
}

int dmc_rt_reopens(const dmc_run *R)
{
	return R->reopen;
}

#define KEY(k) ((const void *) (uintptr_t) (k))

int dmc_rt_store(dmc_run *R, uint64_t key, int g, int spin_old)
{
	R->st.generated++;
	if (!spin_old) {
		R->st.stored++;
		if (R->reopen) {
			int inserted;
			dmc_state_rec *r = dmc_st_insert(R->table, KEY(key), g, &inserted);
			if (!r)
				dmc_rt_out_of_memory("the runtime's state table", 0);
			if (!inserted) {
				/* SPIN says new, yet the fingerprint is known: two states
				 * share it.  Their record is no longer trusted: no
				 * re-opening, no stale discards (complete, maybe not
				 * shortest). */
				r->closed = DMC_REC_CLASH;
				R->st.clashes++;
			}
		}
		return 1;
	}
	if (!R->reopen)
		return 0;
	dmc_state_rec *r = dmc_st_find(R->table, KEY(key));
	if (!r || r->closed == DMC_REC_CLASH || g >= r->g)
		return 0;
	if (r->closed)
		R->st.reopened++;
	r->g = g;
	r->closed = 0;
	return 1;
}

/* A script's combination (combine.h), or its priority(s): h for the
 * statistics and pruning, and hc, hv for the order. */
static int eval_combo(dmc_run *R, double *hc, int *hv)
{
	*hc = dmc_combo_eval(R->hinst, R->view, hv);
	return dmc_combo_round(*hc);
}

/* the open list is ordered by f = g + W*h (--anytime's, after a trail) */
static int f_order(const dmc_run *R)
{
	return R->any.f_order || kind_of(R)->order == ORDER_F;
}

static double weight_of(const dmc_run *R)
{
	return R->any.f_order ? R->any.weight : R->opt.weight;
}

/* The open list's key, one encoding for every search (dmc_combo_pack):
 * the primary value in 1/256 steps above 24 bits of tie-break.  astar
 * and wastar: f = wg*g + W*h, ties to smaller h; greedy and beam: h, ties
 * to smaller g; a script may choose the tie-break or give the primary
 * value itself (priority(s)).  bfs and dfs ignore the key.  A single
 * heuristic's h is capped to the tie-break's 24 bits before it enters f,
 * so that states with h = infinity (pruning off) still order by g. */
/* The tie-breaking rule: --tie, else the script's tie, else smaller h
 * (f orders) or smaller g (h orders). */

static dmc_tie_kind tie_of(const dmc_run *R, const dmc_combo *c)
{
	if (R->opt.tie != DMC_TIE_DEFAULT)
		return (dmc_tie_kind) R->opt.tie;
	if (c->tie != DMC_TIE_DEFAULT)
		return c->tie;
	return f_order(R) ? DMC_TIE_H : DMC_TIE_G;
}

static uint64_t tie_salt(const dmc_run *R, uint64_t key)
{
	return R->opt.tie == DMC_TIE_RANDOM || R->opt.combo.tie == DMC_TIE_RANDOM
	       ? key : (uint64_t) R->st.hcalls;
}

static uint64_t order_key_tie(const dmc_run *R, const dmc_combo *c, dmc_tie_kind tie, int g,
                              double hc, uint64_t key, int penalty)
{
	int fg = f_order(R);
	double primary = (fg ? c->wg * (double) g + weight_of(R) * hc : hc) + penalty;
	return dmc_combo_pack_salted(primary, tie, g, hc, tie == DMC_TIE_RANDOM ? key : tie_salt(R, key));
}

static uint64_t order_key(const dmc_run *R, const dmc_combo *c, int g, double hc, uint64_t key,
                          int penalty)
{
	return order_key_tie(R, c, tie_of(R, c), g, hc, key, penalty);
}

static uint64_t priority(dmc_run *R, int g, double hc, const int *hv, uint64_t key, int penalty)
{
	static const dmc_combo plain = { .wg = 1.0, .tie = DMC_TIE_DEFAULT };
	if (!R->opt.combo.active)
		return order_key(R, &plain, g, hc > 0xFFFFFF ? 0xFFFFFF : hc, key, penalty);
	if (dmc_lua_has_priority(R->lua)) {
		char err[512];
		double primary;
		if (dmc_lua_priority(R->lua, g, hv, hc, &primary, err, sizeof err) < 0)
			dmc_search_fail(R, err);
		return dmc_combo_pack_salted(primary, tie_of(R, &R->opt.combo), g, hc, tie_salt(R, key));
	}
	return order_key(R, &R->opt.combo, g, hc, key, penalty);
}

/* Alternation (--heuristic H1,H2,...): state item in every open list, in
 * list i ordered as the search orders a single heuristic h_i. */
_Static_assert(DMC_COMBO_MAX < DMC_ALT_MAX, "an open list per term of a combination, and --preferred's");

static void alt_push(dmc_run *R, void *item, uint64_t key, int g, unsigned stall, double hc,
                     const int *hv)
{
	uint64_t prio[DMC_ALT_MAX];
	const dmc_combo *c = &R->opt.combo;
	int own = R->alt_lists - R->pref;   /* the lists of the heuristic or alternation */
	if (!alternating(R))
		prio[0] = priority(R, g, hc, hv, key, 0);
	else
		for (int i = 0; i < own; i++)   /* a list the budget switched off takes no more */
			prio[i] = dmc_hbudget_off(&R->hb, i) ? DMC_ALT_SKIP
			          : order_key_tie(R, c, c->list_tie[i] != DMC_TIE_DEFAULT ? c->list_tie[i] : tie_of(R, c),
			                          g, hv[i] > 0xFFFFFF ? 0xFFFFFF : hv[i], key, 0);
	if (R->pref) {                /* ordered as the first list, if a helpful move made it */
		int pid, from, id;
		int helpful = dmc_br_step(&pid, &from, &id) == 0 && R->heur->helpful(R->hinst, pid, from, id);
		R->st.helpful += helpful;
		prio[own] = helpful ? prio[0] : DMC_ALT_SKIP;
	}
	if (dmc_alt_push(R->alt, item, KEY(key), g, stall, prio, hv) < 0)
		dmc_rt_out_of_memory("the runtime's open lists", 0);
	double n = (double) dmc_alt_size(R->alt);
	if (n > R->st.open_peak)
		R->st.open_peak = n;
}

static void push_urgent(dmc_run *R, void *item, int g)
{
	DMC_NEED(R->urgent, R->urgent_cap, R->nurgent + 1, "queue of re-expansions");
	R->urgent[R->nurgent].item = item;
	R->urgent[R->nurgent++].g = g;
}

void dmc_rt_push(dmc_run *R, void *item, uint64_t key, int g, int repush)
{
	R->search->push(R, item, key, g, repush);
}

void dmc_rt_expanded(const dmc_run *R, int *h, unsigned *stall)
{
	*h = R->exp_h;
	*stall = R->exp_stall;
}

void dmc_rt_push_child(dmc_run *R, void *item, uint64_t key, int g, int parent_h, unsigned parent_stall)
{
	int h = R->exp_h;
	unsigned stall = R->exp_stall;
	R->exp_h = parent_h;
	R->exp_stall = parent_stall;
	R->search->push(R, item, key, g, 0);
	R->exp_h = h;
	R->exp_stall = stall;
}

/* the open list's push; an entry a beam layer evicted goes back to pan */
static void open_push(dmc_run *R, const dmc_open_entry *e)
{
	dmc_open_entry ev;
	int r = dmc_open_push(R->open, e, &ev);
	if (r < 0)
		dmc_rt_out_of_memory("the runtime's open list", 0);
	if (r == 1) {
		R->st.dropped++;
		dmc_br_discard(ev.item);
	}
	double n = (double) dmc_open_size(R->open);
	if (n > R->st.open_peak)
		R->st.open_peak = n;
}

/* A chain state (chains.c): no store, no evaluation -- the expanded
 * state's h less the step, its plateau (no progress); never dropped by
 * --anytime (it may be mid-rendezvous: the glue waits for its outcome) */
static void chain_push(dmc_run *R, void *item, int g)
{
	R->st.generated++;
	R->st.chain_states++;
	int h = dmc_chains_h(R->exp_h);
	uint64_t prio = priority(R, g, h > 0xFFFFFF ? 0xFFFFFF : h, NULL, 0, 0);
	dmc_open_entry e = { prio, 0, item, KEY(0), g, h, R->exp_stall, 1, R->exp_chain + 1 };
	open_push(R, &e);
}

static void bf_push(dmc_run *R, void *item, uint64_t key, int g, int repush)
{
	dmc_stats *st = &R->st;
	if (repush == DMC_PUSH_CHAIN) {
		chain_push(R, item, g);
		return;
	}
	if (repush) {
		st->repushed++;
		push_urgent(R, item, g);
		return;
	}
	/* time one evaluation in 16: the heuristic's share of the search
	 * without a clock read per state; the 16th, not the first, so that
	 * the one-time work of the first evaluation (hL/hU lay out their
	 * graph then) is not taken for the cost of one in 16 */
	int combo = R->opt.combo.active, hv[DMC_ALT_MAX];
	int timed = ((uint64_t) st->hcalls & 15) == 15;
	double hc = 0, t0 = timed ? dmc_now_seconds() : 0;
	int h = R->hb.on ? dmc_hbudget_eval(R, timed, &hc, hv)
	        : combo ? eval_combo(R, &hc, hv) : R->heur->eval(R->hinst, R->view);
	if (timed) {
		st->hseconds += dmc_now_seconds() - t0;
		st->htimed++;
	}
	st->hcalls++;
	if (R->alt) {                 /* h in each list: --preferred's is the first's */
		if (!alternating(R))
			hv[0] = h;
		if (R->pref)
			hv[R->alt_lists - 1] = hv[0];
	}
	if (st->h_initial < 0)
		st->h_initial = h;
	if (h < st->h_min)
		st->h_min = h;
	int rv_pid, rv_state;
	if (h == DMC_H_INF && R->prune && !dmc_view_rendezvous_pending(R->view, &rv_pid, &rv_state)) {
		/* (never a mid-rendezvous state: whether its offer is taken
		 * decides whether its parent is blocked, in the glue) */
		st->pruned++;
		dmc_br_discard(item);
		return;
	}
	/* no shorter trail through it; never a mid-rendezvous state (as
	 * above: the glue waits for its offer's outcome) */
	int mid_rv = (R->any.on || R->ut.on) && dmc_view_rendezvous_pending(R->view, &rv_pid, &rv_state);
	if (!mid_rv && dmc_anytime_beyond(&R->any, g, h)) {
		st->pruned++;
		dmc_br_discard(item);
		return;
	}
	/* guided reduction (por.h): a successor either lowers h (progress,
	 * for a candidate process expanded alone) or extends the plateau */
	unsigned stall = 0;
	if (R->por_guided) {
		if ((R->alt ? hv[R->exp_list] : h) < R->exp_h)
			dmc_por_progress(R->por);
		else
			stall = R->exp_stall + (R->exp_stall < UINT_MAX);
	}
	if (R->alt) {
		alt_push(R, item, key, g, stall, combo ? hc : (double) h, hv);
		return;
	}
	int penalty = R->ut.on ? dmc_ut_penalty(R, h, &mid_rv) : 0;
	uint64_t prio = priority(R, g, combo ? hc : (double) h, hv, key, penalty);
	dmc_open_entry e = { prio, 0, item, KEY(key), g, h, stall, mid_rv, 0 };
	open_push(R, &e);
}

#define MEM_EVERY 64

int dmc_search_limit_reached(dmc_run *R)
{
	const dmc_options *o = &R->opt;
	const char *sig;
	if (R->stopped)
		return 1;
	if ((sig = dmc_faults_signal())) {
		R->stopped = sig;
		return 1;
	}
	/* summing the tables' bytes costs about 5 % of an expansion of a
	 * small model: every MEM_EVERY pops (the first included) is enough */
	if (o->memlim_mb > 0 && R->pops_since_mem++ % MEM_EVERY == 0
	    && dmc_br_pan_memory() + dmc_runtime_bytes(R) > o->memlim_mb * 1048576.0) {
		R->stopped = o->memlim_auto ? "memory limit (90% of the memory available; --memlim sets another)"
		                            : "memory limit (--memlim)";
		return 1;
	}
	if (o->time_limit > 0 && ++R->pops_since_clock >= 256) {
		R->pops_since_clock = 0;
		if (dmc_now_seconds() - R->t_start > o->time_limit) {
			R->stopped = "time limit (--time-limit)";
			return 1;
		}
	}
	return 0;
}

void dmc_rt_expanding(dmc_run *R, int g)
{
	if (R->ut.on)
		dmc_ut_expanding(R, g);
	if (R->pref)
		R->heur->plan(R->hinst, R->view);
}

void *dmc_rt_pop(dmc_run *R)
{
	return R->search->pop(R);
}

/* the next queued state: from the open list, or the alternation's lists */
static int next_entry(dmc_run *R, dmc_open_entry *e)
{
	if (!R->alt)
		return dmc_open_pop(R->open, e);
	return (e->item = dmc_alt_pop(R->alt, &e->g, &e->key, &R->exp_list, &e->h, &e->stall)) != NULL;
}

static void *bf_pop(dmc_run *R)
{
	dmc_open_entry e = { 0 };         /* (the alternation's lists fill in part of it) */
	if (R->nurgent > 0) {
		R->exp_h = INT_MAX;           /* unknown: any successor is progress */
		R->exp_stall = 0;
		R->ut.pending = 0;
		R->exp_chain = DMC_CHAIN_MAX; /* unknown: its successors are stored */
		dmc_por_set_plateau_ok(R->por, 1);
		R->exp_g = R->urgent[--R->nurgent].g;
		return R->urgent[R->nurgent].item;
	}
	if (dmc_search_limit_reached(R))
		return NULL;
	while (next_entry(R, &e)) {
		if (R->reopen && !e.chain) {
			dmc_state_rec *r = dmc_st_find(R->table, e.key);
			if (r && r->closed != DMC_REC_CLASH) {
				if (r->g < e.g) {   /* superseded by a cheaper path */
					R->st.stale++;
					dmc_br_discard(e.item);
					continue;
				}
				r->closed = 1;
			}
		}
		if (dmc_br_subsumed(e.item)) {   /* not expanded: never a trail's parent */
			R->st.subsumed++;
			dmc_br_discard(e.item);
			continue;
		}
		if (!e.mid_rv && dmc_anytime_beyond(&R->any, e.g, e.h)) {   /* queued before the last trail */
			R->st.pruned++;
			dmc_br_discard(e.item);
			continue;
		}
		R->st.expanded++;
		dmc_progress_expanded(R, e.g, e.h);
		R->exp_h = e.h;
		R->exp_stall = e.stall;
		R->ut.pending = e.mid_rv;
		R->exp_chain = e.chain;
		R->exp_g = e.g;
		dmc_por_expanding(R->por, R->alt ? R->exp_list : 0, e.h, e.stall);
		return e.item;
	}
	if (R->any.best > 0)
		R->any.exhausted = 1;         /* nothing shorter is left (anytime.h) */
	return NULL;
}

void dmc_rt_error_found(dmc_run *R, const char *why)
{
	snprintf(R->error, sizeof R->error, "%s", why ? why : "");
}

/* ---- --anytime (anytime.h): one search, re-prioritised ---- */

int dmc_rt_anytime(const dmc_run *R)
{
	return R->opt.anytime;
}

int dmc_rt_anytime_shorter(const dmc_run *R, long steps)
{
	return dmc_anytime_shorter(&R->any, steps);
}

/* The open list again, ordered by f = g + W*h with the new weight, without
 * the states that cannot lead to a shorter trail. */
static void anytime_reorder(dmc_run *R)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_HEAP, 0);
	dmc_open_entry e, ev;
	if (!o)
		dmc_rt_out_of_memory("the runtime's open list", 0);
	while (dmc_open_pop(R->open, &e)) {
		if (!e.mid_rv && dmc_anytime_beyond(&R->any, e.g, e.h)) {
			R->st.pruned++;
			dmc_br_discard(e.item);
			continue;
		}
		e.prio = priority(R, e.g, e.h > 0xFFFFFF ? 0xFFFFFF : e.h, NULL, (uint64_t) (uintptr_t) e.key, 0);
		if (dmc_open_push(o, &e, &ev) < 0)
			dmc_rt_out_of_memory("the runtime's open list", 0);
	}
	dmc_open_free(R->open);
	R->open = o;
}

void dmc_rt_anytime_improved(dmc_run *R, long steps)
{
	double w = dmc_anytime_next_weight(weight_of(R), f_order(R));
	double t = dmc_now_seconds() - R->t_start;
	dmc_anytime_record(&R->any, steps, R->st.stored, t, w);
	R->any.f_order = 1;
	R->any.weight = w;
	R->ut.on = 0;                     /* f orders the rest of the search */
	printf("anytime: a trail of %ld steps after %.0f states stored, %.3f s; "
	       "searching on for a shorter one with W=%g\n", steps, R->st.stored, t, w);
	fflush(stdout);
	anytime_reorder(R);
}

void dmc_rt_anytime_bound(dmc_run *R, long steps)
{
	/* the states beyond it are dropped as they are popped (bf_pop) */
	if (dmc_anytime_shorter(&R->any, steps))
		R->any.best = steps;
}

int dmc_rt_next(const dmc_run *R, int *h, int *g)
{
	if (R->alt || R->nurgent > 0 || !R->open)
		return 0;
	const dmc_open_entry *e = dmc_open_peek(R->open);
	if (!e)
		return 0;
	*h = e->h;
	*g = e->g;
	return 1;
}

static void bf_free(dmc_run *R)
{
	if (R->open) {                    /* the states still queued go back to pan */
		dmc_open_entry e;
		while (dmc_open_pop(R->open, &e))
			dmc_br_discard(e.item);
		dmc_open_free(R->open);
		R->open = NULL;
	}
	dmc_alt_free(R->alt, dmc_br_discard);
	R->alt = NULL;
	for (size_t i = 0; i < R->nurgent; i++)
		dmc_br_discard(R->urgent[i].item);
	free(R->urgent);
	R->urgent = NULL;
	R->nurgent = R->urgent_cap = 0;
	dmc_st_free(R->table);
	R->table = NULL;
}

const dmc_search_ops dmc_best_first = { bf_start, bf_push, bf_pop, bf_bytes, bf_free };

void dmc_rt_free(dmc_run *R)
{
	if (!R)
		return;
	if (R->search)
		R->search->free(R);
	if (R->heur && R->hinst)
		R->heur->free(R->hinst);
	dmc_targets_free(&R->targets);
	dmc_por_free(R->por);
	dmc_lua_free(R->lua);
	free(R->ranks);
	if (R->glue_free)
		R->glue_free(R->glue);   /* last: freeing the search gave states back to the glue */
	free(R);
}
