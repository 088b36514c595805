// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * hbudget.c -- the heuristics' budget: what each term's evaluations
 * cost and save, and switching off those that do not pay (hbudget.h).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "hbudget.h"
#include "lua_script.h"
#include "search.h"

void dmc_hbudget_skip(dmc_hbudget *b, const char *why)
{
	memset(b, 0, sizeof *b);
	b->why_not = why;
}

void dmc_hbudget_start(dmc_hbudget *b, int nterms, const char *const *name, const int *follows,
                       int ordered, int keep_one)
{
	memset(b, 0, sizeof *b);
	b->on = 1;
	b->nterms = nterms < 1 ? 1 : nterms > DMC_COMBO_MAX ? DMC_COMBO_MAX : nterms;
	b->ordered = ordered;
	b->keep_one = keep_one;
	b->dead_pays = 1;
	b->next = DMC_HBUDGET_MIN_EVALS;
	for (int i = 0; i < b->nterms; i++) {
		b->name[i] = name[i];
		b->follows[i] = follows ? follows[i] : -1;
		b->best[i] = INT_MAX;
	}
}

void dmc_hbudget_note(dmc_hbudget *b, const int *hv, const double *sec)
{
	b->evals++;
	b->timed += sec != NULL;
	for (int i = 0; i < b->nterms; i++) {
		if (b->off[i])
			continue;
		if (sec)
			b->sec[i] += sec[i];
		if (hv[i] == DMC_H_INF)
			b->dead[i]++;
		else if (hv[i] < b->best[i]) {
			b->best[i] = hv[i];
			b->improved[i] = b->evals;
		}
	}
}

static int terms_on(const dmc_hbudget *b)
{
	int n = 0;
	for (int i = 0; i < b->nterms; i++)
		n += !b->off[i];
	return n;
}

int dmc_hbudget_check(dmc_hbudget *b, double searched)
{
	int now = 0;
	if (!b->on || b->evals < b->next)
		return 0;
	b->next = b->evals + DMC_HBUDGET_EVERY;
	if (b->timed < 1 || searched <= 0)
		return 0;
	for (int i = 0; i < b->nterms; i++) {
		if (b->off[i] || b->follows[i] >= 0)
			continue;
		/* costs: its share of the time searched */
		double share = b->sec[i] / b->timed * b->evals / searched;
		if (share <= DMC_HBUDGET_SHARE)
			continue;
		/* saves: dead ends, or (ordered by h) progress after the first
		 * 1/DMC_HBUDGET_PLATEAU of its evaluations (hbudget.h) */
		if (b->dead_pays && b->dead[i] >= DMC_HBUDGET_DEAD * b->evals)
			continue;
		if (b->ordered && b->improved[i] * (b->keep_one ? DMC_HBUDGET_ALT_PLATEAU : DMC_HBUDGET_PLATEAU)
		                  > b->evals)
			continue;
		if (b->keep_one && terms_on(b) <= 1)
			break;
		/* off, and the terms reusing its value with it */
		for (int k = 0; k < b->nterms; k++)
			if (k == i || b->follows[k] == i) {
				b->off[k] = 1;
				b->off_at[k] = b->evals;
				b->off_share[k] = share > 1 ? 1 : share;
				b->noff++;
				now++;
			}
	}
	return now;
}

/* after what, why: one term switched off, for the text */
static int describe_off(const dmc_hbudget *b, int i, char *buf, size_t n)
{
	char best[96];
	if (b->best[i] == INT_MAX)
		snprintf(best, sizeof best, "no finite value");
	else
		snprintf(best, sizeof best, "smallest value %d, found at evaluation %.0f", b->best[i],
		         b->improved[i]);
	return snprintf(buf, n, "%s switched off after %.0f evaluations (%.0f%% of the search time; %s; "
	                "%.0f dead ends)", b->name[i], b->off_at[i], 100 * b->off_share[i], best, b->dead[i]);
}

void dmc_hbudget_text(const dmc_hbudget *b, char *buf, size_t n)
{
	size_t used;
	if (!b->on) {
		snprintf(buf, n, "not applied (%s)", b->why_not ? b->why_not : "not a best-first search");
		return;
	}
	if (b->noff == 0) {
		snprintf(buf, n, "on: every heuristic kept (%.0f evaluations)", b->evals);
		return;
	}
	used = (size_t) snprintf(buf, n, "on: ");
	for (int i = 0; i < b->nterms && used < n; i++) {
		if (!b->off[i] || b->follows[i] >= 0)
			continue;
		if (used > 4)
			used += (size_t) snprintf(buf + used, n - used, "; ");
		if (used < n)
			used += (size_t) describe_off(b, i, buf + used, n - used);
	}
	if (used < n)
		snprintf(buf + used, n - used, "%s", terms_on(b) == 0 ? "; the search went on blind (h = 0)"
		         : "; the search went on with the rest");
}

void dmc_hbudget_json(const dmc_hbudget *b, char *buf, size_t n)
{
	size_t used = (size_t) snprintf(buf, n, "{\"applied\": %s, \"note\": \"%s\", \"evaluations\": %.0f, "
	                                "\"switched_off\": [", b->on ? "true" : "false",
	                                b->on ? "" : b->why_not ? b->why_not : "not a best-first search", b->evals);
	int first = 1;
	for (int i = 0; b->on && i < b->nterms && used < n; i++) {
		if (!b->off[i])
			continue;
		used += (size_t) snprintf(buf + used, n - used, "%s{\"heuristic\": \"%s\", \"after_evaluations\": %.0f, "
		                          "\"time_share\": %.4f, \"best_h\": %d, \"best_h_at\": %.0f, "
		                          "\"dead_ends\": %.0f}", first ? "" : ", ", b->name[i], b->off_at[i],
		                          b->off_share[i], b->best[i] == INT_MAX ? -1 : b->best[i],
		                          b->improved[i], b->dead[i]);
		first = 0;
	}
	if (used < n)
		snprintf(buf + used, n - used, "]}");
}

void dmc_hbudget_setup(dmc_run *R, int by_h, int ignores_h)
{
	const dmc_combo *c = &R->opt.combo;
	const char *names[DMC_COMBO_MAX];
	dmc_hbudget *b = &R->hb;
	if (R->opt.h_budget_off)
		dmc_hbudget_skip(b, "--h-budget off");
	else if (!by_h && !ignores_h)
		dmc_hbudget_skip(b, "the search's order or its promise depends on h: astar, wastar, beam, ut");
	else if (R->any.on)
		dmc_hbudget_skip(b, "--anytime");
	else if (R->pref)
		dmc_hbudget_skip(b, "--preferred");
	else if (dmc_lua_has_priority(R->lua))
		dmc_hbudget_skip(b, "a script's priority(s)");
	else if (!c->active && strcmp(R->heur->name, "none") == 0)
		dmc_hbudget_skip(b, "no heuristic");
	else if (!c->active)
		dmc_hbudget_start(b, 1, &R->heur->name, NULL, by_h, 0);
	else {
		for (int i = 0; i < c->nterms; i++)
			names[i] = c->h[i]->name;
		dmc_hbudget_start(b, c->nterms, names, c->same_as, by_h, c->kind == DMC_COMB_ALT);
	}
	b->dead_pays = R->prune || by_h;
}

int dmc_hbudget_eval(dmc_run *R, int timed, double *hc, int *hv)
{
	dmc_hbudget *b = &R->hb;
	double sec[DMC_COMBO_MAX] = { 0 };
	int h;
	if (R->opt.combo.active) {
		*hc = dmc_combo_eval_some(R->hinst, R->view, hv, b->off, timed ? sec : NULL);
		h = dmc_combo_round(*hc);
		dmc_hbudget_note(b, hv, timed ? sec : NULL);
	} else if (b->off[0])
		h = 0;
	else {
		double t0 = timed ? dmc_now_seconds() : 0;
		h = R->heur->eval(R->hinst, R->view);
		if (timed)
			sec[0] = dmc_now_seconds() - t0;
		dmc_hbudget_note(b, &h, timed ? sec : NULL);
	}
	if (b->evals >= b->next)
		dmc_hbudget_check(b, dmc_now_seconds() - R->t_start);
	return h;
}
