// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * combine.c -- heuristics and g combined natively (see combine.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "combine.h"
#include "runtime.h"
#include "search.h"

struct dmc_combo_inst {
	const dmc_combo *c;
	dmc_hshare *shared;           /* what the terms share; freed after them */
	void *term[DMC_COMBO_MAX];
	dmc_hcache_stats cache;       /* the terms' caches together (combo_cache_stats) */
};

void dmc_combo_clear(dmc_combo *c)
{
	memset(c, 0, sizeof *c);
	c->wg = 1.0;
	c->kind = DMC_COMB_SUM;
	c->tie = DMC_TIE_DEFAULT;
	for (int i = 0; i < DMC_COMBO_MAX; i++)
		c->same_as[i] = -1;
}

/* h as the next term, weight w, reusing term same_as's values (-1: none) */
static int append_term(dmc_combo *c, const dmc_heuristic *h, double w, int same_as,
                       char *err, size_t errlen)
{
	if (c->nterms == DMC_COMBO_MAX) {
		snprintf(err, errlen, "at most %d heuristics can be combined", DMC_COMBO_MAX);
		return -1;
	}
	c->h[c->nterms] = h;
	c->same_as[c->nterms] = same_as;
	c->w[c->nterms++] = w;
	return 0;
}

int dmc_combo_add(dmc_combo *c, const char *name, double w, char *err, size_t errlen)
{
	const dmc_heuristic *h = dmc_heuristic_find(name);
	if (!h) {
		snprintf(err, errlen, "unknown heuristic '%s'", name);
		return -1;
	}
	if (!(w >= 0) || isinf(w)) {
		snprintf(err, errlen, "weight of %s: expected a number >= 0", h->name);
		return -1;
	}
	for (int i = 0; i < c->nterms; i++)
		if (c->h[i] == h) {
			snprintf(err, errlen, "heuristic %s given twice", h->name);
			return -1;
		}
	return append_term(c, h, w, -1, err, errlen);
}

int dmc_combo_add_list(dmc_combo *c, const char *name, dmc_tie_kind tie, char *err, size_t errlen)
{
	const dmc_heuristic *h = dmc_heuristic_find(name);
	int same = -1;
	for (int i = 0; h && i < c->nterms; i++)
		if (c->h[i] == h) {
			if (c->list_tie[i] == tie) {
				snprintf(err, errlen, "heuristic %s given twice with the same tie-breaking", h->name);
				return -1;
			}
			if (same < 0)
				same = i;
		}
	/* (dmc_combo_add refuses a repeated heuristic and checks a new one) */
	if ((same >= 0 ? append_term(c, h, 1.0, same, err, errlen)
	               : dmc_combo_add(c, name, 1.0, err, errlen)) < 0)
		return -1;
	c->list_tie[c->nterms - 1] = tie;
	return 0;
}

int dmc_combo_retarget(dmc_combo *c, const dmc_heuristic *guide)
{
	const dmc_combo old = *c;
	char err[160];
	dmc_combo_clear(c);
	c->active = old.active;
	c->kind = old.kind;
	c->tie = old.tie;
	c->wg = old.wg;
	for (int i = 0; i < old.nterms; i++) {
		const dmc_heuristic *h = strcmp(old.h[i]->name, "none") == 0 ? old.h[i] : guide;
		int seen = 0;
		for (int k = 0; k < c->nterms; k++)
			seen |= c->h[k] == h && c->list_tie[k] == old.list_tie[i];
		if (!seen)
			dmc_combo_add_list(c, h->name, old.list_tie[i], err, sizeof err);
	}
	return c->nterms;
}

/* dmc_tie_kind's names, in its order */
static const char *const tie_names[] = { "default", "h", "g", "deep", "fifo", "lifo", "random", NULL };

int dmc_combo_tie_parse(const char *s, dmc_tie_kind *out)
{
	for (int i = 0; tie_names[i]; i++)
		if (strcmp(s, tie_names[i]) == 0) {
			*out = (dmc_tie_kind) i;
			return 0;
		}
	return -1;
}

int dmc_combo_kind_parse(const char *s, dmc_comb_kind *out)
{
	if (strcmp(s, "sum") == 0)
		*out = DMC_COMB_SUM;
	else if (strcmp(s, "max") == 0)
		*out = DMC_COMB_MAX;
	else if (strcmp(s, "alt") == 0)
		*out = DMC_COMB_ALT;
	else
		return -1;
	return 0;
}

int dmc_combo_is_plain(const dmc_combo *c)
{
	return c->nterms == 1 && c->w[0] == 1.0 && c->wg == 1.0
	    && c->tie == DMC_TIE_DEFAULT;
}

void dmc_combo_free(dmc_combo_inst *ci)
{
	if (!ci)
		return;
	for (int i = 0; i < ci->c->nterms; i++)
		if (ci->term[i] && ci->c->h[i]->free)
			ci->c->h[i]->free(ci->term[i]);
	dmc_hshare_free(ci->shared);
	free(ci);
}

/* Remove term i and the terms that reuse its values (same_as). */
static void drop_term(dmc_combo *c, int i)
{
	int keep[DMC_COMBO_MAX], n = 0;
	for (int k = 0; k < c->nterms; k++)
		if (k != i && c->same_as[k] != i)
			keep[n++] = k;
	int map[DMC_COMBO_MAX];
	for (int k = 0; k < c->nterms; k++)
		map[k] = -1;
	for (int j = 0; j < n; j++)
		map[keep[j]] = j;
	for (int j = 0; j < n; j++) {
		int k = keep[j];
		c->h[j] = c->h[k];
		c->w[j] = c->w[k];
		c->list_tie[j] = c->list_tie[k];
		c->same_as[j] = c->same_as[k] < 0 ? -1 : map[c->same_as[k]];
	}
	c->nterms = n;
}

dmc_combo_inst *dmc_combo_create(dmc_combo *c, const dmc_targets *tg,
                                 const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	dmc_combo_inst *ci = calloc(1, sizeof *ci);
	dmc_heuristic_opts o = *opts;
	if (!ci || !(o.shared = ci->shared = dmc_hshare_new()))
		dmc_rt_out_of_memory("setting up the combination of heuristics", sizeof *ci);
	ci->c = c;
	o.combo = NULL;
	c->dropped[0] = '\0';
	for (int i = 0; i < c->nterms; i++) {
		if (c->same_as[i] >= 0 || (ci->term[i] = c->h[i]->create(tg, &o, err, errlen)))
			continue;
		if (!c->lenient || c->nterms == 1) {
			dmc_combo_free(ci);
			return NULL;
		}
		size_t len = strlen(c->dropped);
		snprintf(c->dropped + len, sizeof c->dropped - len, "%s%s left out (%s)",
		         len ? "; " : "", c->h[i]->name, err);
		drop_term(c, i);
		for (int k = i; k < c->nterms; k++)
			ci->term[k] = NULL;
		i--;
	}
	if (c->dropped[0])
		dmc_combo_finish(c);  /* the name and properties of what is left */
	return ci;
}

double dmc_combo_eval(dmc_combo_inst *ci, const dmc_state_view *sv, int *hv)
{
	return dmc_combo_eval_some(ci, sv, hv, NULL, NULL);
}

double dmc_combo_eval_some(dmc_combo_inst *ci, const dmc_state_view *sv, int *hv,
                           const unsigned char *off, double *sec)
{
	const dmc_combo *c = ci->c;
	double h = 0;
	int inf = 0, first = 1;
	for (int i = 0; i < c->nterms; i++) {
		if (off && off[i]) {
			hv[i] = 0;
			continue;
		}
		if (c->same_as[i] >= 0)
			hv[i] = hv[c->same_as[i]];
		else if (sec) {
			double t0 = dmc_now_seconds();
			hv[i] = c->h[i]->eval(ci->term[i], sv);
			sec[i] += dmc_now_seconds() - t0;
		} else
			hv[i] = c->h[i]->eval(ci->term[i], sv);
		if (hv[i] == DMC_H_INF) {
			inf = 1;
			continue;
		}
		double t = c->w[i] * (double) hv[i];
		if (c->kind == DMC_COMB_MAX)
			h = t > h ? t : h;
		else if (c->kind == DMC_COMB_ALT)        /* the best any list sees */
			h = first || t < h ? t : h;
		else
			h += t;
		first = 0;
	}
	/* a finite value stays finite, however large: only a term's own
	 * infinity is a proved dead end (and may prune) */
	if (inf)
		return (double) DMC_H_INF;
	return h < (double) DMC_H_INF - 1 ? h : (double) DMC_H_INF - 1;
}

int dmc_combo_round(double h)
{
	if (h >= (double) DMC_H_INF - 1)
		return h >= (double) DMC_H_INF ? DMC_H_INF : DMC_H_INF - 1;
	return (int) ceil(h);
}

/* ---- the combination as a class ---- */

static void *combo_create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err,
                          size_t errlen)
{
	if (!opts->combo) {
		snprintf(err, errlen, "a combination of heuristics needs its terms (opts.combo)");
		return NULL;
	}
	/* opts->combo is the run's own (options.h): a lenient combination
	 * drops the terms it cannot build from it */
	return dmc_combo_create((dmc_combo *) opts->combo, tg, opts, err, errlen);
}

static int eval_rounded(void *self, const dmc_state_view *sv)
{
	int hv[DMC_COMBO_MAX];
	return dmc_combo_round(dmc_combo_eval(self, sv, hv));
}

/* The terms' value caches as one: each distinct cache once (hL, hU and
 * hUc made with one pool share theirs), NULL when no term caches. */
static const dmc_hcache_stats *combo_cache_stats(const void *self)
{
	dmc_combo_inst *ci = (dmc_combo_inst *) self;    /* the instance's own field */
	const dmc_hcache_stats *seen[DMC_COMBO_MAX];
	int n = 0;
	memset(&ci->cache, 0, sizeof ci->cache);
	for (int i = 0; i < ci->c->nterms; i++) {
		if (ci->c->same_as[i] >= 0)
			continue;
		const dmc_hcache_stats *s = dmc_heuristic_cache_stats(ci->c->h[i], ci->term[i]);
		int dup = 0;
		for (int k = 0; k < n; k++)
			dup |= seen[k] == s;
		if (!s || dup)
			continue;
		seen[n++] = s;
		ci->cache.mode = !ci->cache.mode || strcmp(ci->cache.mode, s->mode) == 0 ? s->mode
		               : "mixed";
		ci->cache.entries += s->entries;
		ci->cache.lookups += s->lookups;
		ci->cache.hits += s->hits;
		ci->cache.flushes += s->flushes;
		ci->cache.bytes += s->bytes;
	}
	return n ? &ci->cache : NULL;
}

static void combo_free(void *self)
{
	dmc_combo_free(self);
}

/* --preferred: the first term with relaxed plans makes them (hL, hU
 * and hUc share one abstract model: their plans are one) */
static int planning_term(const dmc_combo_inst *ci)
{
	for (int i = 0; i < ci->c->nterms; i++)
		if (dmc_h_has_plans(ci->c->h[i]) && ci->term[i])
			return i;
	return -1;
}

static void combo_plan(void *self, const dmc_state_view *sv)
{
	dmc_combo_inst *ci = self;
	int i = planning_term(ci);
	if (i >= 0)
		ci->c->h[i]->plan(ci->term[i], sv);
}

static int combo_helpful(void *self, int pid, int from, int id)
{
	dmc_combo_inst *ci = self;
	int i = planning_term(ci);
	return i >= 0 && ci->c->h[i]->helpful(ci->term[i], pid, from, id);
}

static const char *combo_prune_veto(const void *self)
{
	const dmc_combo_inst *ci = self;
	const char *why = NULL;
	for (int i = 0; i < ci->c->nterms && !why; i++)
		if (ci->c->same_as[i] < 0)
			why = dmc_heuristic_prune_veto(NULL, ci->c->h[i], ci->term[i]);
	return why;
}

/* A results member (the pdb's table, ...) of the first term that has
 * it: an alternation's pdb list reports its table as pdb alone does. */
static int combo_results(const void *self, const char *name, struct dmc_results *r)
{
	const dmc_combo_inst *ci = self;
	for (int i = 0; i < ci->c->nterms; i++)
		if (ci->c->same_as[i] < 0 && ci->c->h[i]->results && ci->term[i]
		    && ci->c->h[i]->results(ci->term[i], name, r))
			return 1;
	return 0;
}

/* "%g" without a trailing "1*" */
static void add_term(char *buf, size_t n, double w, const char *name, int first, const char *sep)
{
	size_t len = strlen(buf);
	if (w == 1.0)
		snprintf(buf + len, n - len, "%s%s", first ? "" : sep, name);
	else
		snprintf(buf + len, n - len, "%s%g*%s", first ? "" : sep, w, name);
}

const dmc_heuristic *dmc_combo_finish(dmc_combo *c)
{
	int adm = 1, dead = 0, tiers = 0;
	char *b = c->name;
	size_t n = sizeof c->name;
	b[0] = '\0';
	if (c->kind == DMC_COMB_MAX && c->nterms > 1)
		snprintf(b, n, "max(");
	if (c->kind == DMC_COMB_ALT)
		snprintf(b, n, "alt(");
	for (int i = 0; i < c->nterms; i++) {
		add_term(b, n, c->w[i], c->h[i]->name, i == 0,
		         c->kind == DMC_COMB_SUM ? " + " : ", ");
		if (c->kind == DMC_COMB_ALT && c->list_tie[i] != DMC_TIE_DEFAULT) {
			size_t len = strlen(b);
			snprintf(b + len, n - len, ":%s", tie_names[c->list_tie[i]]);
		}
		adm &= c->h[i]->admissible && c->w[i] <= 1.0;
		dead |= c->h[i]->proves_dead_ends;
		tiers = c->h[i]->tiers_goals > tiers ? c->h[i]->tiers_goals : tiers;
	}
	if ((c->kind == DMC_COMB_MAX && c->nterms > 1) || c->kind == DMC_COMB_ALT)
		strncat(b, ")", n - strlen(b) - 1);
	if (c->nterms == 0)
		snprintf(b, n, "none");
	if ((c->kind == DMC_COMB_SUM && c->nterms > 1) || c->kind == DMC_COMB_ALT)
		adm = 0;              /* alternation: no list's order is A*'s */
	c->as_heuristic.name = c->name;
	c->as_heuristic.summary = "a combination of heuristics";
	c->as_heuristic.admissible = adm;
	c->as_heuristic.proves_dead_ends = dead;
	c->as_heuristic.tiers_goals = tiers;
	c->as_heuristic.create = combo_create;
	c->as_heuristic.eval = eval_rounded;
	c->as_heuristic.free = combo_free;
	c->as_heuristic.cache_stats = combo_cache_stats;
	c->as_heuristic.prune_veto = combo_prune_veto;
	c->as_heuristic.results = combo_results;
	int planner = 0;
	for (int i = 0; i < c->nterms; i++)
		planner |= dmc_h_has_plans(c->h[i]);
	c->as_heuristic.plan = planner ? combo_plan : NULL;
	c->as_heuristic.helpful = planner ? combo_helpful : NULL;
	return &c->as_heuristic;
}

uint64_t dmc_combo_pack(double primary, dmc_tie_kind tie, int g, double h)
{
	return dmc_combo_pack_salted(primary, tie, g, h, 0);
}

uint64_t dmc_combo_pack_salted(double primary, dmc_tie_kind tie, int g, double h, uint64_t salt)
{
	const uint64_t kmax = 0xFFFFFF;
	const double pmax = 4294967295.0;     /* 2^32 - 1: 40 bits in 1/256 */
	uint64_t key = 0;
	if (!(primary >= 0))
		primary = 0;
	if (primary > pmax)
		primary = pmax;
	switch (tie) {
	case DMC_TIE_H:
		key = h >= (double) kmax ? kmax : (uint64_t) h;
		break;
	case DMC_TIE_G:
		key = (uint64_t) g > kmax ? kmax : (uint64_t) g;
		break;
	case DMC_TIE_DEEP:
		key = kmax - ((uint64_t) g > kmax ? kmax : (uint64_t) g);
		break;
	case DMC_TIE_LIFO:
		key = kmax - (salt & kmax);
		break;
	case DMC_TIE_RANDOM:          /* splitmix64's finaliser */
		salt ^= salt >> 30;
		salt *= UINT64_C(0xbf58476d1ce4e5b9);
		salt ^= salt >> 27;
		salt *= UINT64_C(0x94d049bb133111eb);
		key = (salt ^ (salt >> 31)) & kmax;
		break;
	default:
		break;
	}
	return ((uint64_t) (primary * 256.0) << 24) | key;
}
