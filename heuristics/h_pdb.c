// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_pdb.c -- pdb, a pattern-database heuristic (seed 004) over the
 * abstract model hL and hU use (absmodel_build.c): the pattern database
 * (pdb.c) is built once from the initial state, and h(s) is the table's
 * distance of s's projection.  Infinite means no abstract error is
 * reachable: since the abstraction over-approximates, a proved dead end
 * (unless the model gave up on something, as for hL).
 *
 * What may be in the pattern: globals and channel lengths (not when chan
 * variables are assigned: then a send may reach another channel than the
 * one its transition counts), and locations and locals of the automata
 * that are one process each (those of proctypes no `run` starts: a new
 * instance could otherwise reuse the pid of one that ended).  Channel
 * contents and spawn automata stay out: one abstract variable or
 * automaton stands for several values or instances there.
 */

/* What pdb and pdb-pred own: their options and their results member
 * (runtime/describe.sh reads this block into the option table, the
 * help, the docs and the report; it is not compiled here). */
#ifdef DMC_DESCRIBE
DMC_OPT(PDB_STATES, "--pdb-states", WHOLE, "N", 1, 5e7, NULL, "50000", PAN, NULL,
	"pdb, pdb-pred, pdb-cone: abstract states of a table at most; the pattern shrinks (pdb-pred: refinement stops; pdb-cone: no table) where its exploration would not fit")
DMC_OPT(PDB_TIME, "--pdb-time", NUMBER, "S", 0.001, 1e9, NULL, "10", PAN, NULL,
	"pdb, pdb-pred, pdb-cone: seconds at most for building the abstract model, selecting the patterns (refining the predicates) and building the tables; --time-limit counts this time too")
DMC_OPT(PDB_PROVE_STATES, "--pdb-prove-states", WHOLE, "N", 0, 5e7, NULL, "500000", PAN, NULL,
	"pdb: where everything the goals depend on outgrows --pdb-states, abstract states at most of a pattern grown from the goals toward a proof that no error is reachable (h(initial) infinite: the search stores one state); 0: no such attempt")
DMC_OPT(SHOW_PDB, "--show-pdb", FLAG, "", 0, 0, NULL, "", PAN, NULL,
	"pdb, pdb-pred, pdb-cone: print each table's pattern, size and distance histogram")
DMC_RESULT(PDB, "pdb", "the pattern databases of pdb, pdb-pred and pdb-cone (also as a term of an alternation), or null")
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "heuristic.h"
#include "absmodel_build.h"
#include "pdb.h"
#include "pdb_pred.h"
#include "results.h"
#include "runtime.h"

#define CHAN_OWNER (-2)               /* absmodel_build.c's vowner of a channel length */

typedef struct {
	dmc_abuild model;
	dmc_pdb *pdb[DMC_PDB_PRED_TABLES];   /* h is the maximum of their values */
	int ntables;
	dmc_pdb_stats total;          /* over the tables (states, edges, bytes: sums) */
	/* per table: the states it valued infinite (the first table to, of
	 * those combined) -- the search prunes them when pruning is on */
	size_t dead_ends[DMC_PDB_PRED_TABLES];
	char patterns_json[DMC_PDB_PRED_TABLES * 160 + 8];
	int blind;                    /* h = 0: deadlocks, or goals the model lacks */
	int far_h;
	long *val;
	int *loc;
	char veto[320];
} pdb_inst;

static void pdb_free(void *self)
{
	pdb_inst *h = self;
	if (!h)
		return;
	for (int i = 0; i < h->ntables; i++)
		dmc_pdb_free(h->pdb[i]);
	dmc_abuild_free(&h->model);
	free(h->val);
	free(h->loc);
	free(h);
}

/* The one value of v (or location of automaton p) in s: 0, or -1 when it
 * has none or several. */
static int one_value(const dmc_astate *s, int v, long *out)
{
	int n = 0;
	for (int i = 0; i < s->nvals; i++)
		if (s->val_var[i] == v) {
			if (n++ && s->val_val[i] != *out)
				return -1;
			*out = s->val_val[i];
		}
	return n ? 0 : -1;
}

/* With a rendezvous half done the sender's send location comes last
 * (absmodel_build.c) and counts instead of its current one. */
static int one_loc(const dmc_astate *s, int p, int halfway, int *out)
{
	int n = 0;
	for (int i = 0; i < s->nlocs; i++)
		if (s->loc_proc[i] == p) {
			if (n++ && !(halfway && i == s->nlocs - 1) && s->loc_loc[i] != *out)
				return -1;
			*out = s->loc_loc[i];
		}
	return n ? 0 : -1;
}

static void show_one(const pdb_inst *h, const dmc_pdb *p, int i)
{
	const dmc_pdb_stats *st = dmc_pdb_stats_of(p);
	const dmc_amodel *m = &h->model.m;
	size_t hist[65];
	char tag[16] = "";
	if (h->ntables > 1)
		snprintf(tag, sizeof tag, " %d", i + 1);
	printf("pdb%s pattern:", tag);
	for (int j = 0; j < dmc_pdb_nprocs(p); j++)
		printf(" @%s", m->procs[dmc_pdb_proc(p, j)].name);
	for (int j = 0; j < dmc_pdb_nvars(p); j++)
		printf(" %s", m->vars[dmc_pdb_var(p, j)].name);
	if (dmc_pdb_nclocks(p))
		printf(" and %d of %d clocks (a zone)", dmc_pdb_nclocks(p), m->nclocks);
	printf("\npdb%s: %zu abstract states, %zu transitions, %d round(s) (%d growing toward a proof)%s, %.3f s, %zu bytes, h(initial) = ",
	       tag, st->states, st->edges, st->rounds, st->grow_rounds, st->timed_out ? " (time limit)" : "",
	       st->seconds, st->bytes);
	if (st->h_init == DMC_PDB_INF)
		printf("infinity\n");
	else
		printf("%d\n", st->h_init);
	dmc_pdb_histogram(p, hist, 64);
	printf("pdb%s distances:", tag);
	for (int d = 0; d < 64; d++)
		if (hist[d])
			printf(" %d:%zu", d, hist[d]);
	if (hist[64])
		printf(" inf:%zu", hist[64]);
	printf("\n");
}

static void show(const pdb_inst *h)
{
	for (int i = 0; i < h->ntables; i++)
		show_one(h, h->pdb[i], i);
}

/* The tables' statistics together: sizes add up, h(initial) is the
 * maximum (infinite when one is), rounds add up (seconds: create's). */
static void sum_stats(pdb_inst *h)
{
	dmc_pdb_stats *t = &h->total;
	memset(t, 0, sizeof *t);
	t->h_init = 0;
	for (int i = 0; i < h->ntables; i++) {
		const dmc_pdb_stats *st = dmc_pdb_stats_of(h->pdb[i]);
		t->states += st->states;
		t->edges += st->edges;
		t->bytes += st->bytes;
		t->rounds += st->rounds;
		t->timed_out |= st->timed_out;
		t->pattern += st->pattern;
		if (t->h_init != DMC_PDB_INF && (st->h_init == DMC_PDB_INF || st->h_init > t->h_init))
			t->h_init = st->h_init;
	}
	t->tables = h->ntables;
}

enum pdb_kind { PDB_SELECT, PDB_PREDS, PDB_CONE };

static void *create(const dmc_targets *tg, const dmc_heuristic_opts *opts, enum pdb_kind kind,
                    char *err, size_t errlen)
{
	int located = 0, unlocated = 0;
	double t0 = dmc_pdb_clock();
	pdb_inst *h;
	for (int i = 0; i < tg->ngoals; i++) {
		located += tg->goals[i].nlocs == 1;
		unlocated += tg->goals[i].nlocs != 1;
	}
	if (!located) {
		snprintf(err, errlen, "pdb needs target locations (asserts or a never claim); the model has none");
		return NULL;
	}
	if (!(h = calloc(1, sizeof *h))) {
		snprintf(err, errlen, "out of memory building the abstract model");
		return NULL;
	}
	if (dmc_abuild_make(&h->model, tg, DMC_GOALS_ALL, err, errlen) < 0) {
		free(h);
		return NULL;
	}
	dmc_abuild *b = &h->model;
	const dmc_amodel *m = &b->m;
	/* a goal the abstract model does not have could be nearer than
	 * every goal it has: no bound then */
	h->blind = tg->deadlock || unlocated > 0;
	if (h->blind && kind == PDB_CONE) {
		/* an alternation's list of h = 0 would only repeat none's */
		snprintf(err, errlen, "pdb-cone has no bound for %s", tg->deadlock
		         ? "invalid end states" : "a target with several locations");
		pdb_free(h);
		return NULL;
	}
	if (b->gave_up[0])
		snprintf(h->veto, sizeof h->veto, "the abstract model gave up on %s", b->gave_up);
	h->far_h = m->ntrans < DMC_H_INF / 4 ? 2 * m->ntrans + 2 : DMC_H_INF / 2;
	h->val = calloc((size_t) m->nvars + 1, sizeof *h->val);
	h->loc = calloc((size_t) m->nprocs + 1, sizeof *h->loc);
	unsigned char *var_ok = calloc((size_t) m->nvars + 1, 1);
	unsigned char *proc_ok = calloc((size_t) m->nprocs + 1, 1);
	if (!h->val || !h->loc || !var_ok || !proc_ok) {
		free(var_ok), free(proc_ok);
		pdb_free(h);
		snprintf(err, errlen, "out of memory building the pattern database");
		return NULL;
	}
	/* what may be in the pattern, with its value in the initial state */
	dmc_astate s;
	dmc_abuild_state(b, dmc_view_now(), &s);
	for (int v = 0; v < m->nvars && !b->halfway; v++) {
		int owner = b->vowner[v];
		int single = owner == -1 || (owner == CHAN_OWNER && !b->chans_unfixed)
		             || (owner >= 0 && owner < b->ninit && b->spawn_of[b->proc_type[owner]] < 0);
		var_ok[v] = single && one_value(&s, v, &h->val[v]) == 0;
	}
	for (int p = 0; p < b->ninit && !b->halfway; p++)
		proc_ok[p] = b->spawn_of[b->proc_type[p]] < 0 && one_loc(&s, p, 0, &h->loc[p]) == 0;
	/* --pdb-time bounds the whole build: the abstract model's time counts */
	double pdb_time = dmc_optv_number(opts->values, DMC_OPT_PDB_TIME);
	double secs = pdb_time > 0 ? pdb_time - (dmc_pdb_clock() - t0) : 0;
	if (pdb_time > 0 && secs < 1e-6)
		secs = 1e-6;                  /* 0 would be no limit */
	size_t pdb_states = (size_t) dmc_optv_number(opts->values, DMC_OPT_PDB_STATES);
	size_t prove_states = (size_t) dmc_optv_number(opts->values, DMC_OPT_PDB_PROVE_STATES);
	dmc_pdb_input in = { m, var_ok, proc_ok, h->val, h->loc, pdb_states, secs, &s, 0,
	                     opts->stop, opts->stop_ctx, prove_states, kind == PDB_CONE };
	if (!h->blind && kind == PDB_PREDS)
		h->ntables = dmc_pdb_pred_build(&in, h->pdb, err, errlen);
	else if (!h->blind)
		h->ntables = (h->pdb[0] = dmc_pdb_build(&in, err, errlen)) ? 1 : -1;
	free(var_ok), free(proc_ok);
	if (h->ntables < 0) {
		h->ntables = 0;
		pdb_free(h);
		return NULL;
	}
	sum_stats(h);
	h->total.seconds = dmc_pdb_clock() - t0;   /* the abstract model, the selection, every table */
	int show_pdb = dmc_optv_flag(opts->values, DMC_OPT_SHOW_PDB);
	if (show_pdb && h->ntables)
		show(h);
	else if (show_pdb)
		printf("pdb: no table (%s): h = 0\n", tg->deadlock ? "the targets include invalid end states"
		       : "a target with several locations");
	return h;
}

/* One table's value for the state read into s (its zone: dimension
 * zdim, 0 when none). */
static int eval_one(pdb_inst *h, const dmc_pdb *p, const dmc_astate *s, const int *zone, int zdim)
{
	dmc_abuild *b = &h->model;
	int nv = dmc_pdb_nvars(p), np = dmc_pdb_nprocs(p);
	for (int i = 0; i < nv; i++)
		if (one_value(s, dmc_pdb_var(p, i), &h->val[i]) < 0)
			return 0;             /* not one value (a process gone): no bound */
	for (int i = 0; i < np; i++)
		if (one_loc(s, dmc_pdb_proc(p, i), b->halfway, &h->loc[i]) < 0)
			return 0;
	int d = dmc_pdb_lookup_zone(p, h->val, h->loc, zone, zdim);
	if (d == DMC_PDB_MISS)
		return 0;                 /* not reached by the abstraction: cannot be, but no bound */
	if (d == DMC_PDB_INF)
		return b->gave_up[0] || b->unmodelled ? h->far_h : DMC_H_INF;
	/* half-way through a rendezvous, the pair (2 steps) is half done */
	if (b->halfway && d > 0)
		d--;
	return d;
}

/* The maximum of admissible values is admissible (seed 001's MAX). */
static int pdb_eval(void *self, const dmc_state_view *sv)
{
	pdb_inst *h = self;
	dmc_astate s;
	int best = 0;
	if (h->blind)
		return 0;
	const int *zone = NULL;
	int zdim = h->model.m.nclocks ? dmc_view_zone(sv, &zone) : 0;
	dmc_abuild_state(&h->model, sv, &s);
	for (int i = 0; i < h->ntables && best != DMC_H_INF; i++) {
		int d = eval_one(h, h->pdb[i], &s, zone, zdim);
		if (d == DMC_H_INF)
			h->dead_ends[i]++;
		if (d > best)
			best = d;
	}
	return best;
}

static void *pdb_create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err,
                        size_t errlen)
{
	return create(tg, opts, PDB_SELECT, err, errlen);
}

static void *pred_create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err,
                         size_t errlen)
{
	return create(tg, opts, PDB_PREDS, err, errlen);
}

static void *cone_create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err,
                         size_t errlen)
{
	return create(tg, opts, PDB_CONE, err, errlen);
}

/* The "patterns" array of the "pdb" member: per table its size, build
 * time, h(initial) and the states it valued infinite. */
static const char *patterns_json(const pdb_inst *hc)
{
	pdb_inst *h = (pdb_inst *) hc;        /* the instance's own buffer */
	size_t at = 0, cap = sizeof h->patterns_json;
	at += (size_t) snprintf(h->patterns_json, cap, "[");
	for (int i = 0; i < h->ntables && at < cap; i++) {
		const dmc_pdb_stats *st = dmc_pdb_stats_of(h->pdb[i]);
		char hi[24] = "\"inf\"";
		if (st->h_init != DMC_PDB_INF)
			snprintf(hi, sizeof hi, "%d", st->h_init);
		at += (size_t) snprintf(h->patterns_json + at, cap - at,
		                        "%s{\"components\":%d,\"abstract_states\":%zu,\"build_s\":%.6f,"
		                        "\"h_initial\":%s,\"dead_ends\":%zu}", i ? "," : "", st->pattern,
		                        st->states, st->seconds, hi, h->dead_ends[i]);
	}
	if (at < cap)
		snprintf(h->patterns_json + at, cap - at, "]");
	return h->patterns_json;
}

/* the results' "pdb" member: the tables together (none: null) */
static int pdb_results(const void *self, const char *name, dmc_results *r)
{
	const pdb_inst *h = self;
	const dmc_pdb_stats *pdb = &h->total;
	if (strcmp(name, "pdb") != 0 || !h->ntables)
		return 0;
	char hi[32] = "infinity";
	if (pdb->h_init != DMC_PDB_INF)
		snprintf(hi, sizeof hi, "%d", pdb->h_init);
	dmc_results_text(r, "pattern database", "%d table(s), %d component(s), %zu abstract states, "
	                 "%d round(s), %.3f s to build%s, %zu bytes, h(initial) = %s", pdb->tables,
	                 pdb->pattern, pdb->states, pdb->rounds, pdb->seconds,
	                 pdb->timed_out ? " (cut short by a time limit or a signal)" : "", pdb->bytes, hi);
	dmc_results_object(r, "pdb");
	dmc_results_num(r, "tables", NULL, "%.0f", pdb->tables);
	dmc_results_num(r, "pattern_size", NULL, "%.0f", pdb->pattern);
	dmc_results_num(r, "abstract_states", NULL, "%.0f", (double) pdb->states);
	dmc_results_num(r, "abstract_transitions", NULL, "%.0f", (double) pdb->edges);
	dmc_results_num(r, "rounds", NULL, "%.0f", pdb->rounds);
	dmc_results_num(r, "build_s", NULL, "%.6f", pdb->seconds);
	dmc_results_num(r, "bytes", NULL, "%.0f", (double) pdb->bytes);
	dmc_results_h(r, "h_initial", NULL, pdb->h_init == DMC_PDB_INF ? DMC_H_INF : pdb->h_init);
	dmc_results_bool(r, "time_limit", pdb->timed_out);
	dmc_results_raw_ref(r, "patterns", patterns_json(h));
	dmc_results_end(r);
	/* the labels outlive the table (it keeps them, not copies) */
	static const char *const tag[] = { "pattern 1", "pattern 2", "pattern 3", "pattern 4" };
	_Static_assert(sizeof tag / sizeof *tag >= DMC_PDB_PRED_TABLES, "a label per table");
	for (int i = 0; i < h->ntables; i++) {
		const dmc_pdb_stats *st = dmc_pdb_stats_of(h->pdb[i]);
		dmc_results_text(r, h->ntables > 1 ? tag[i] : "pattern", "%d component(s), %zu abstract states, %.3f s, %zu dead end(s) found",
		                 st->pattern, st->states, st->seconds, h->dead_ends[i]);
	}
	return 1;
}

static const char *pdb_prune_veto(const void *self)
{
	const pdb_inst *h = self;
	return h->veto[0] ? h->veto : NULL;
}

const dmc_heuristic dmc_h_pdb = {
	.name = "pdb",
	.summary = "pattern database: exact distance in a projection of the abstract model onto a pattern (admissible)",
	.admissible = 1, .proves_dead_ends = 1,
	.create = pdb_create, .eval = pdb_eval, .free = pdb_free,
	.prune_veto = pdb_prune_veto, .results = pdb_results
};

const dmc_heuristic dmc_h_pdb_pred = {
	.name = "pdb-pred",
	.summary = "pattern databases of predicate abstractions from relaxation refinement, their maximum (admissible)",
	.admissible = 1, .proves_dead_ends = 1,
	.create = pred_create, .eval = pdb_eval, .free = pdb_free,
	.prune_veto = pdb_prune_veto, .results = pdb_results
};

/* The default's pdb (runtime/presets.def): only the first exploration,
 * so its cost is bounded by --pdb-states, and a model it does not fit
 * has none (an alternation of a preset leaves it out). */
const dmc_heuristic dmc_h_pdb_cone = {
	.name = "pdb-cone",
	.summary = "pattern database of everything the goals depend on, only where it fits --pdb-states (admissible)",
	.admissible = 1, .proves_dead_ends = 1,
	.create = cone_create, .eval = pdb_eval, .free = pdb_free,
	.prune_veto = pdb_prune_veto, .results = pdb_results
};
