// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_relax.c -- hL and hU, the relaxed-planning heuristics of seed 000:
 * build the abstract transition graph (atg_*.c) of the abstract model
 * (absmodel_build.c) from the current state.  hL is the layer at which a
 * target first holds (admissible); hU the length of an abstract plan
 * extracted backwards from the graph (not admissible, often sharper).
 * Both are infinity when the graph reaches its fixpoint without a
 * target: a proved dead end -- unless the abstract model gave up on
 * something (embedded C, an unknown run) or the state has a process no
 * automaton stands for: then nothing is proved, h is a large finite
 * value (far_h) and the runtime does not prune (the instance's prune_veto).
 * With --range-checks fallback (dmc_targets_tiered) the graph aims at
 * every goal but the range checks; where it reaches none of them, a
 * second graph with every goal gives far_h + its value, or infinity.
 */

/* What hL, hU and hUc own (runtime/describe.sh): the option of their
 * value cache (its statistics are the results' hcache member, which a
 * combination of them reports too: report.c). */
#ifdef DMC_DESCRIBE
DMC_OPT(HCACHE, "--hcache", HCACHE, "C", 0, 0, "off|exact|exact:N|N", "exact", PAN, NULL,
	"hL/hU value cache: exact (65536 entries; exact:N: N), N (seed 000's N-slot table, no collision check), off")
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "heuristic.h"
#include "absmodel_build.h"
#include "atg.h"
#include "absmodel_reduce.h"
#include "hash_map.h"
#include "hcache.h"
#include "runtime.h"

/* What hL, hU and hUc build from the targets: one per instance, or one
 * per sharing pool (a combination of them builds it once). */
typedef struct {
	dmc_abuild model;
	dmc_atg *graph;
	int deadlocks;                /* a deadlock may be one step away */
	dmc_hcache *cache;
	unsigned char *keybuf;        /* the abstract state, serialised */
	int far_h;                    /* "far" instead of a dead end nothing proves */
	const dmc_atg *project;       /* key on what matters to the ATG only (exact
	                               * cache), or NULL: on the whole state */
	char veto[320];               /* why its infinities prove nothing, or "" */
	/* dmc_targets_tiered: the model and graph above leave the range
	 * checks out; these have every goal (same variables, locations
	 * and transitions) */
	int tiered;
	dmc_abuild all_model;
	dmc_atg *all_graph;
	dmc_hcache *all_cache;        /* its values, keyed on what matters to it */
} relax_core;

enum { MODE_L, MODE_U, MODE_UC };

/* The state remember() kept, as the ATG's layer 0, and the reduced
 * systems asked for so far (the transitions each removes). */
typedef struct {
	int h;                        /* hL: h of the state, a lower bound of every
	                               * reduced system's (fewer transitions never
	                               * reach a target sooner); else unused */
	int nlocs, nvals, halfway, unmodelled;
	int *loc_proc, *loc_loc, *val_var;
	long *val_val;
	int np, *automaton;           /* pid -> its automaton, or -1 */
	int cap_procs;
	unsigned char *key;           /* the cache key: a header, then the state */
	size_t keylen;
	dmc_hmap removed;             /* (automaton, from, id) -> index into lists + 1 */
	int **lists, *nlist, nlists, cap_lists;
	int *scratch;                 /* room for dmc_areduce */
} relax_reduced;

/* The relaxed plan of the state being expanded (--preferred): its
 * helpful transitions, and its processes' automata. */
typedef struct {
	int *trans, ntrans;
	int *automaton, np, cap_procs;
} relax_plan;

typedef struct {
	relax_core *core;
	int owns_core;                /* 0: the sharing pool frees it */
	int mode;
	relax_reduced *red;           /* the first remember() makes it */
	relax_plan plan;              /* the first plan() fills it */
} relax_inst;

static void core_free(void *p)
{
	relax_core *c = p;
	if (!c)
		return;
	dmc_atg_free(c->graph);
	dmc_abuild_free(&c->model);
	if (c->tiered) {
		dmc_atg_free(c->all_graph);
		dmc_abuild_free(&c->all_model);
		dmc_hcache_free(c->all_cache);
	}
	dmc_hcache_free(c->cache);
	free(c->keybuf);
	free(c);
}

static relax_core *core_new(const dmc_targets *tg, int tiered, const dmc_hcache_conf *hc, char *err,
                            size_t errlen)
{
	int located = 0;
	relax_core *c;
	for (int i = 0; i < tg->ngoals; i++)
		located += tg->goals[i].nlocs > 0;
	if (!located) {
		snprintf(err, errlen, "hL/hU need target locations (asserts or a never claim); the model has none");
		return NULL;
	}
	if (!(c = calloc(1, sizeof *c))) {
		snprintf(err, errlen, "out of memory building the abstract model");
		return NULL;
	}
	c->tiered = tiered;
	if (dmc_abuild_make(&c->model, tg, c->tiered ? DMC_GOALS_NO_RANGE_CHECKS : DMC_GOALS_ALL, err,
	                    errlen) < 0) {
		free(c);
		return NULL;
	}
	if (c->tiered && dmc_abuild_make(&c->all_model, tg, DMC_GOALS_ALL, err, errlen) < 0) {
		c->tiered = 0;
		core_free(c);
		return NULL;
	}
	if (c->tiered && c->all_model.m.ntrans != c->model.m.ntrans) {
		/* cannot happen (the goals do not change the transitions): aim at
		 * every goal at once, as without the option */
		dmc_abuild_free(&c->model);
		c->model = c->all_model;
		c->tiered = 0;
	}
	if (!(c->graph = dmc_atg_new(&c->model.m))
	    || (c->tiered && !(c->all_graph = dmc_atg_new(&c->all_model.m)))) {
		core_free(c);
		snprintf(err, errlen, "out of memory building the abstract transition graph");
		return NULL;
	}
	c->deadlocks = tg->deadlock;
	if (c->model.gave_up[0])
		snprintf(c->veto, sizeof c->veto, "the abstract model gave up on %s", c->model.gave_up);
	/* longer than any plan the abstract model can hold (every
	 * transition once), but finite */
	c->far_h = c->model.m.ntrans < DMC_H_INF / 4 ? 2 * c->model.m.ntrans + 2 : DMC_H_INF / 2;
	/* without room for a key the cache is simply off */
	c->keybuf = malloc(17 + (size_t) c->model.cap_locs * 10 + (size_t) c->model.cap_vals * 15);
	if (c->keybuf) {
		c->cache = dmc_hcache_new(hc);
		if (c->tiered)
			c->all_cache = dmc_hcache_new(hc);
	}
	if (hc->mode == DMC_HCACHE_EXACT)
		c->project = c->graph;
	return c;
}

static void reduced_free(relax_reduced *d)
{
	if (!d)
		return;
	free(d->loc_proc);
	free(d->loc_loc);
	free(d->val_var);
	free(d->val_val);
	free(d->automaton);
	free(d->key);
	dmc_hmap_free(&d->removed);
	for (int i = 0; i < d->nlists; i++)
		free(d->lists[i]);
	free(d->lists);
	free(d->nlist);
	free(d->scratch);
	free(d);
}

static void relax_free(void *self)
{
	relax_inst *r = self;
	if (!r)
		return;
	reduced_free(r->red);
	free(r->plan.trans);
	free(r->plan.automaton);
	if (r->owns_core)
		core_free(r->core);
	free(r);
}

extern const dmc_heuristic dmc_h_hL, dmc_h_hU, dmc_h_hUc;

static void *relax_create(int mode, const dmc_targets *tg, const dmc_heuristic_opts *opts,
                          char *err, size_t errlen)
{
	/* hL and hU may differ on the range checks (--range-checks auto):
	 * one shared core per way of aiming at them */
	const dmc_heuristic *self = mode == MODE_L ? &dmc_h_hL : mode == MODE_U ? &dmc_h_hU : &dmc_h_hUc;
	int tiered = dmc_heuristic_range_fallback(self, tg);
	const char *share_key = tiered ? "relax: abstract model, graph and cache (range checks last)"
	                               : "relax: abstract model, graph and cache";
	relax_inst *r = calloc(1, sizeof *r);
	if (!r) {
		snprintf(err, errlen, "out of memory building the abstract model");
		return NULL;
	}
	r->mode = mode;
	r->core = dmc_hshare_get(opts->shared, share_key);
	if (r->core)
		return r;
	dmc_hcache_conf hc;               /* checked by the option parser already */
	if (dmc_hcache_parse(dmc_optv_text(opts->values, DMC_OPT_HCACHE), &hc, err, errlen) < 0
	    || !(r->core = core_new(tg, tiered, &hc, err, errlen))) {
		free(r);
		return NULL;
	}
	if (!opts->shared)
		r->owns_core = 1;
	else if (dmc_hshare_put(opts->shared, share_key, r->core, core_free) < 0) {
		relax_free(r);
		snprintf(err, errlen, "out of memory building the abstract model");
		return NULL;
	}
	return r;
}

static unsigned char *put_uint(unsigned char *p, unsigned long long x)
{
	while (x >= 0x80) {
		*p++ = (unsigned char) (x | 0x80);
		x >>= 7;
	}
	*p++ = (unsigned char) x;
	return p;
}

/* The ATG's input as bytes: which heuristic (hL, hU and hUc may run
 * side by side in a Lua combination and share the cache), locations,
 * then values (zigzag varints); with g, only the locations and
 * variables that matter to g's hL and hU (dmc_atg_relevant_loc), so
 * states differing in the rest share the entry. */
static size_t serialise(unsigned char *keybuf, int mode, const dmc_astate *s, const dmc_atg *g)
{
	unsigned char *p = keybuf;
	unsigned nlocs = 0;
	*p++ = (unsigned char) mode;
	for (int i = 0; i < s->nlocs; i++)
		nlocs += !g || dmc_atg_relevant_loc(g, s->loc_proc[i], s->loc_loc[i]);
	p = put_uint(p, nlocs);
	for (int i = 0; i < s->nlocs; i++)
		if (!g || dmc_atg_relevant_loc(g, s->loc_proc[i], s->loc_loc[i])) {
			p = put_uint(p, (unsigned) s->loc_proc[i]);
			p = put_uint(p, (unsigned) s->loc_loc[i]);
		}
	for (int i = 0; i < s->nvals; i++) {
		unsigned long long v = (unsigned long long) s->val_val[i];
		if (g && !dmc_atg_relevant_var(g, s->val_var[i]))
			continue;
		p = put_uint(p, (unsigned) s->val_var[i]);
		p = put_uint(p, s->val_val[i] < 0 ? ~(v << 1) : v << 1);
	}
	return (size_t) (p - keybuf);
}

#ifdef DMC_HTRACE
/* A build with -DDMC_HTRACE appends every value computed to the file
 * named by $DMC_HTRACE: two builds' traces of one search (breadth-first,
 * --no-prune --hcache off, so the states do not depend on h) are equal
 * iff their heuristics agree on every state (tests/ref/htrace.sh). */
static void htrace(int mode, int h)
{
	static FILE *f;
	static int opened;
	if (!opened) {
		const char *name = getenv("DMC_HTRACE");
		opened = 1;
		f = name ? fopen(name, "w") : NULL;
	}
	if (f)
		fprintf(f, "%d %d\n", mode, h);
}
#endif

/* Half-way through a rendezvous the sender counts as still at its send
 * (absmodel_build.c), so the ATG charges the whole pair (two steps)
 * though one is done: one less stays a lower bound.  An infinity the
 * model cannot prove is far instead. */
static int adjust(const relax_core *c, int h, int halfway, int unmodelled)
{
	if (halfway && h > 0 && h != DMC_H_INF)
		h--;
	if (h == DMC_H_INF && (c->model.gave_up[0] || unmodelled))
		h = c->far_h;
	return h;
}

/* h of graph g for s: hL, hU or hUc; disabled: the transitions a
 * reduced system leaves out (n of them), or NULL */
static int graph_h(dmc_atg *g, int mode, const dmc_astate *s, const int *disabled, int n)
{
	int h;
	dmc_atg_set_cycle_costs(g, mode == MODE_UC);
	if (disabled)
		dmc_atg_set_disabled(g, disabled, n);
	h = mode == MODE_L ? dmc_atg_hL(g, s) : dmc_atg_hU(g, s);
	if (disabled)
		dmc_atg_set_disabled(g, NULL, 0);
	return h;
}

/* Where no goal but a range check may be reached (h infinite), the
 * range checks' value behind every other: far_h + h of the graph with
 * every goal, or infinity when that reaches none either.  A complete
 * search of a query that holds asks this of nearly every state: the
 * whole system's values are cached (the reduced systems' are not). */
static int fallback(relax_core *c, int mode, int h, const dmc_astate *s, const int *disabled, int n)
{
	size_t len = 0;
	uint64_t hash = 0;
	int cached = !disabled && c->all_cache;
	if (!c->tiered || h != DMC_H_INF)
		return h;
	if (cached) {
		len = serialise(c->keybuf, mode, s, c->project ? c->all_graph : NULL);
		hash = dmc_fingerprint(c->keybuf, len);
		if (dmc_hcache_get(c->all_cache, c->keybuf, len, hash, &h))
			return h;
	}
	h = graph_h(c->all_graph, mode, s, disabled, n);
	if (h != DMC_H_INF)
		h += c->far_h;
	if (cached)
		dmc_hcache_put(c->all_cache, c->keybuf, len, hash, h);
	return h;
}

/* h of state sv, from the cache or the ATG. */
static int relax_eval(void *self, const dmc_state_view *sv)
{
	const relax_inst *r = self;
	relax_core *c = r->core;
	int mode = r->mode;
	dmc_astate s;
	int h, hit = 0;
	size_t len = 0;
	uint64_t hash = 0;
	if (c->deadlocks)
		return 0;
	dmc_abuild_state(&c->model, sv, &s);
	if (c->cache) {
		len = serialise(c->keybuf, mode, &s, c->project);
		hash = dmc_fingerprint(c->keybuf, len);
		hit = dmc_hcache_get(c->cache, c->keybuf, len, hash, &h);
	}
	if (!hit) {
		h = graph_h(c->graph, mode, &s, NULL, 0);
		if (c->cache)
			dmc_hcache_put(c->cache, c->keybuf, len, hash, h);
	}
	/* the cache above holds the first graph's value, keyed on what it
	 * reads; fallback keeps its own */
	h = fallback(c, mode, h, &s, NULL, 0);
	h = adjust(c, h, c->model.halfway, c->model.unmodelled);
#ifdef DMC_HTRACE
	htrace(mode, h);
#endif
	return h;
}

/* pid -> its automaton in state sv, into *automaton (grown to *cap) */
static void automata_of(const relax_core *c, const dmc_state_view *sv, int **automaton, int *np,
                        int *cap, const char *what)
{
	*np = dmc_view_nprocs(sv);
	if (*np > *cap) {
		int *a = realloc(*automaton, (size_t) *np * sizeof *a);
		if (!a)
			dmc_rt_out_of_memory(what, 0);
		*automaton = a;
		*cap = *np;
	}
	for (int pid = 0; pid < *np; pid++)
		(*automaton)[pid] = dmc_abuild_automaton(&c->model, pid, dmc_view_proc_type(sv, pid));
}

/* ---- reduced systems (--search ut): remember, eval_without ---- */

static relax_reduced *reduced_new(const relax_core *c)
{
	relax_reduced *d = calloc(1, sizeof *d);
	size_t nl = (size_t) c->model.cap_locs + 1, nv = (size_t) c->model.cap_vals + 1;
	if (!d)
		return NULL;
	d->loc_proc = malloc(nl * sizeof(int));
	d->loc_loc = malloc(nl * sizeof(int));
	d->val_var = malloc(nv * sizeof(int));
	d->val_val = malloc(nv * sizeof(long));
	d->key = malloc(40 + nl * 10 + nv * 15);
	d->scratch = malloc(((size_t) c->model.m.ntrans + 1) * sizeof(int));
	dmc_hmap_init(&d->removed, sizeof(int));
	if (!d->loc_proc || !d->loc_loc || !d->val_var || !d->val_val || !d->key || !d->scratch) {
		reduced_free(d);
		return NULL;
	}
	return d;
}

static void relax_remember(void *self, const dmc_state_view *sv)
{
	relax_inst *r = self;
	relax_core *c = r->core;
	dmc_astate s;
	if (!r->red && !(r->red = reduced_new(c)))
		dmc_rt_out_of_memory("the reduced systems of the transition-based search", 0);
	relax_reduced *d = r->red;
	if (r->mode == MODE_L)
		d->h = relax_eval(self, sv);
	dmc_abuild_state(&c->model, sv, &s);
	d->nlocs = s.nlocs;
	d->nvals = s.nvals;
	memcpy(d->loc_proc, s.loc_proc, (size_t) s.nlocs * sizeof(int));
	memcpy(d->loc_loc, s.loc_loc, (size_t) s.nlocs * sizeof(int));
	memcpy(d->val_var, s.val_var, (size_t) s.nvals * sizeof(int));
	memcpy(d->val_val, s.val_val, (size_t) s.nvals * sizeof(long));
	d->halfway = c->model.halfway;
	d->unmodelled = c->model.unmodelled;
	automata_of(c, sv, &d->automaton, &d->np, &d->cap_procs,
	            "the reduced systems of the transition-based search");
	/* the key's header (24 bytes: mode, automaton, from, id) is written
	 * by eval_without in front of the state */
	s.loc_proc = d->loc_proc;
	s.loc_loc = d->loc_loc;
	s.val_var = d->val_var;
	s.val_val = d->val_val;
	d->keylen = serialise(d->key + 24, r->mode, &s, c->project);
}

/* The transitions removed with (a, from, id), computed once. */
static const int *removed_with(relax_reduced *d, const dmc_amodel *m, int a, int from, int id, int *n)
{
	uint64_t key = ((uint64_t) (unsigned) a << 42) ^ ((uint64_t) (unsigned) from << 21) ^ (unsigned) id;
	int inserted;
	int *slot = dmc_hmap_put(&d->removed, key, &inserted);
	if (!slot)
		dmc_rt_out_of_memory("the reduced systems of the transition-based search", 0);
	if (inserted) {
		int k = dmc_areduce(m, a, from, id, d->scratch);
		int *list = malloc(((size_t) k + 1) * sizeof *list);
		if (d->nlists == d->cap_lists) {
			int nc = d->cap_lists ? 2 * d->cap_lists : 16;
			int **l = realloc(d->lists, (size_t) nc * sizeof *l);
			int *c = l ? realloc(d->nlist, (size_t) nc * sizeof *c) : NULL;
			if (l)
				d->lists = l;
			if (!l || !c)
				dmc_rt_out_of_memory("the reduced systems of the transition-based search", 0);
			d->nlist = c;
			d->cap_lists = nc;
		}
		if (!list)
			dmc_rt_out_of_memory("the reduced systems of the transition-based search", 0);
		memcpy(list, d->scratch, (size_t) k * sizeof *list);
		d->lists[d->nlists] = list;
		d->nlist[d->nlists] = k;
		*slot = ++d->nlists;
	}
	*n = d->nlist[*slot - 1];
	return d->lists[*slot - 1];
}

static int relax_eval_without(void *self, int pid, int from, int id, int bound)
{
	relax_inst *r = self;
	relax_core *c = r->core;
	relax_reduced *d = r->red;
	int h, n, hit = 0;
	if (!d)
		return 0;
	if (c->deadlocks)
		return 0;
	if (r->mode == MODE_L && d->h > bound)
		return d->h;              /* the reduced hL is at least h(s) */
	int a = pid >= 0 && pid < d->np ? d->automaton[pid] : -1;
	const int *off = a >= 0 ? removed_with(d, &c->model.m, a, from, id, &n) : NULL;
	if (!off)
		n = 0;
	dmc_astate s = { d->nlocs, d->loc_proc, d->loc_loc, d->nvals, d->val_var, d->val_val };
	/* the key: a reduced system's mark, the local transition, the state */
	unsigned char *head = d->key, *p = head;
	size_t len = 0;
	uint64_t hash = 0;
	*p++ = (unsigned char) (0x80 | r->mode);
	p = put_uint(p, (unsigned) a);
	p = put_uint(p, (unsigned) from);
	p = put_uint(p, (unsigned) id);
	while (p < head + 24)
		*p++ = 0;
	if (c->cache) {
		len = 24 + d->keylen;
		hash = dmc_fingerprint(head, len);
		hit = dmc_hcache_get(c->cache, head, len, hash, &h);
	}
	if (!hit) {
		h = graph_h(c->graph, r->mode, &s, off, n);
		if (c->cache)
			dmc_hcache_put(c->cache, head, len, hash, h);
	}
	h = fallback(c, r->mode, h, &s, off, n);
	return adjust(c, h, d->halfway, d->unmodelled);
}

/* ---- helpful moves (--preferred): plan, helpful ---- */

/* hU's plan for sv, whatever the instance's mode: hL has no plan of its
 * own, and the plan only chooses a list, never a value */
static void relax_plan_of(void *self, const dmc_state_view *sv)
{
	relax_inst *r = self;
	relax_core *c = r->core;
	relax_plan *p = &r->plan;
	dmc_astate s;
	int hU;
	p->ntrans = 0;
	if (c->deadlocks)
		return;
	if (!p->trans && !(p->trans = malloc(((size_t) c->model.m.ntrans + 1) * sizeof *p->trans)))
		dmc_rt_out_of_memory("the relaxed plans of --preferred", 0);
	automata_of(c, sv, &p->automaton, &p->np, &p->cap_procs, "the relaxed plans of --preferred");
	dmc_abuild_state(&c->model, sv, &s);
	dmc_atg_set_cycle_costs(c->graph, r->mode == MODE_UC);
	dmc_atg_eval(c->graph, &s, NULL, &hU);
	p->ntrans = dmc_atg_helpful(c->graph, p->trans, c->model.m.ntrans);
}

static int relax_helpful(void *self, int pid, int from, int id)
{
	const relax_inst *r = self;
	const relax_plan *p = &r->plan;
	const dmc_amodel *m = &r->core->model.m;
	int a = pid >= 0 && pid < p->np ? p->automaton[pid] : -1;
	if (a < 0)
		return 0;
	for (int i = 0; i < p->ntrans; i++) {
		const dmc_atrans *t = &m->trans[p->trans[i]];
		if (t->proc == a && t->from == from && t->id == id)
			return 1;
	}
	return 0;
}

static void *create_L(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	return relax_create(MODE_L, tg, opts, err, errlen);
}

static void *create_U(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	return relax_create(MODE_U, tg, opts, err, errlen);
}

static void *create_Uc(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	return relax_create(MODE_UC, tg, opts, err, errlen);
}

static const dmc_hcache_stats *relax_cache_stats(const void *self)
{
	return dmc_hcache_stats_of(((const relax_inst *) self)->core->cache);
}

static const char *relax_prune_veto(const void *self)
{
	const relax_core *c = ((const relax_inst *) self)->core;
	return c->veto[0] ? c->veto : NULL;
}

const dmc_heuristic dmc_h_hL = {
	.name = "hL",
	.summary = "relaxed planning: first layer of the abstract transition graph with a target (admissible)",
	.admissible = 1, .proves_dead_ends = 1, .tiers_goals = DMC_TIERS_FALLBACK,
	.create = create_L, .eval = relax_eval, .free = relax_free,
	.cache_stats = relax_cache_stats, .prune_veto = relax_prune_veto,
	.remember = relax_remember, .eval_without = relax_eval_without,
	.plan = relax_plan_of, .helpful = relax_helpful
};

const dmc_heuristic dmc_h_hU = {
	.name = "hU", .summary = "relaxed planning: length of an abstract plan extracted from the graph",
	.admissible = 0, .proves_dead_ends = 1, .tiers_goals = DMC_TIERS_AUTO,
	.create = create_U, .eval = relax_eval, .free = relax_free,
	.cache_stats = relax_cache_stats, .prune_veto = relax_prune_veto,
	.remember = relax_remember, .eval_without = relax_eval_without,
	.plan = relax_plan_of, .helpful = relax_helpful
};

const dmc_heuristic dmc_h_hUc = {
	.name = "hUc", .summary = "hU charging the rounds of the loops that repeated increments go around",
	.admissible = 0, .proves_dead_ends = 1, .tiers_goals = DMC_TIERS_AUTO,
	.create = create_Uc, .eval = relax_eval, .free = relax_free,
	.cache_stats = relax_cache_stats, .prune_veto = relax_prune_veto,
	.remember = relax_remember, .eval_without = relax_eval_without,
	.plan = relax_plan_of, .helpful = relax_helpful
};
