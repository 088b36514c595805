// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pdb.c -- pattern databases over the abstract model (see pdb.h).
 *
 * Semantics of one abstract step from an abstract state (the pattern's
 * values; every other variable ranges over its domain, every automaton
 * outside the pattern is at any location):
 *   - a transition of automaton p is enabled when p is outside the
 *     pattern or at the transition's source, and its guard may be true;
 *   - a rendezvous pair (a SEND and a RECV of two automata) likewise,
 *     when their channels may be equal and every matched field may equal
 *     the sent value; it costs 2 steps, as in pan (send, then receive);
 *   - each assigned pattern variable takes every value its right-hand side
 *     may have (wrapped into the domain as pan stores it), the union when
 *     it is assigned twice; a NULL right-hand side gives the whole domain;
 *     a merged statement's effect (dmc_assign.merged: it happens after
 *     other parts of the sequence, or not at all) adds, to the old value
 *     and the own statement's, what its right-hand side gives over those
 *     values, to a fixpoint (give_merged).
 * Every concrete step is one of these, so the abstract distance is a
 * lower bound.  Variables whose successor values are too many to list
 * (VALUES_MAX) leave the pattern, as do components when the exploration
 * outgrows max_states.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pdb.h"
#include "pdb_dpr.h"
#include "pdb_zone.h"
#include "valueset.h"
#include "vprog.h"

#define VALUES_MAX 256                /* successor values of one variable in one step */
#define PRODUCT_MAX 4096              /* successors of one state by one transition */
#define INF_D INT32_MAX
#define STATE_ZONE_MAX (64 * 64)      /* a zone's cells at most (zone_dbm_ctext.h) */

typedef struct { uint32_t from, to; int cost, t, r; } edge;

struct dmc_pdb {
	const dmc_amodel *m;
	/* the pattern; a state is k = nv + np values, and with atomic
	 * sequences in the model one more (zoff = k + 1): the slot of the
	 * automaton that may move alone, or -1; then, when the pattern's
	 * automata have dense clocks, their zone (pdb_zone.h): w slots */
	int nv, np, k, zoff, w;
	dmc_pdb_zone *z;              /* NULL: no clock */
	int no_zone;                  /* the selection left the clocks out */
	int cone_outgrew;             /* cone_only: everything relevant did not fit */
	long *zfrom;                  /* the zone of the state being expanded */
	uint32_t *dhead, *dnext;      /* with a zone: the states by their k values (state + 1) */
	size_t dcap;
	int atomics;                  /* the model has transitions into atomic sequences */
	int *pv, *pp;
	int *var_slot, *proc_slot;    /* model index -> slot, or -1 */
	/* predicate classes (dmc_pdb_preds): per variable slot the class
	 * starts (ncut[i] = 0: the exact value), per automaton slot the
	 * locations told apart (nmark[j] = 0: every location) */
	const dmc_pdb_preds *preds;
	dmc_pdb_preds own;            /* preds: the table's copy */
	long *own_cut;
	int *own_mark;
	int *ncut, *nmark;
	const long **cut;
	const int **mark;
	unsigned char *constant;      /* per variable: no transition changes it */
	/* compiled expressions */
	dmc_vprogs *ps;
	dmc_vprog *guard, *goal_f, *chan;
	dmc_vprog **rhs, **msg, **match;
	int *es, *er;                 /* one state's enabled sends and receives */
	/* the transitions by automaton and source location: those of
	 * automaton q at location l are by_loc[first[base[q] + l] ..
	 * first[base[q] + l + 1]), all of q's from first[base[q]] */
	int *by_loc, *first, *base;
	int loc_index;                /* 0: a transition's source is out of range, scan all */
	dmc_vset *dom, *cur;
	const dmc_vset **vals, **vals2;   /* the evaluators' input; vals2: give_merged's */
	/* the table */
	long *st;                     /* k values per state */
	size_t n, cap;
	uint32_t *ht;                 /* state index + 1, 0 empty */
	size_t htcap;
	int *dist;
	edge *edges;
	size_t nedges, edcap;
	/* one step's successor values per slot */
	dmc_vset *next;
	unsigned char *assigned;
	long *succ;
	int *pos;
	dmc_pdb_stats stats;
	int bad_var;                  /* a variable with too many values, or -1 */
	/* the build's limits (late) */
	double deadline;              /* max_seconds from the start, or 0 */
	int (*stop)(void *ctx);
	void *stop_ctx;
	unsigned work;                /* since the limits were last asked */
	size_t work_total, max_work;  /* all of it; its bound (0: none) */
	int late;                     /* a limit was reached: for good */
};

enum { OK = 0, NOMEM = -1, TOO_BIG = -2, TOO_WIDE = -3, OUT_OF_TIME = -4 };

double dmc_pdb_clock(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- the build's limits ----
 * max_seconds and the caller's stop are asked every WORK_CHECK units of
 * work (a state expanded, a transition tried, a successor stored, a
 * distance settled: each well under a microsecond or a few), inside the
 * exploration and the distances as well as between them, so that one
 * large pattern overruns them by a fraction of a millisecond, not by its
 * whole exploration.  The empty pattern (one abstract state) is what a
 * build that is late falls back on: it is never cut short. */
#define WORK_CHECK 1024

static int late(dmc_pdb *p)
{
	if (!p->late && p->k > 0)
		p->late = (p->deadline > 0 && dmc_pdb_clock() > p->deadline) || (p->stop && p->stop(p->stop_ctx))
		          || (p->max_work > 0 && p->work_total > p->max_work);
	return p->late && p->k > 0;
}

/* n more units of work: 1 when a limit is reached */
static int over(dmc_pdb *p, unsigned n)
{
	p->work += n;
	p->work_total += n;
	if (p->work < WORK_CHECK)
		return p->late && p->k > 0;
	p->work = 0;
	return late(p);
}

/* ---- compiling the model's expressions (once) ---- */

static int add(dmc_pdb *p, const dmc_aexpr *e, dmc_vprog *out)
{
	return dmc_vprogs_add(p->ps, e, out);
}

static int compile_model(dmc_pdb *p)
{
	const dmc_amodel *m = p->m;
	p->ps = dmc_vprogs_new();
	p->guard = calloc((size_t) m->ntrans + 1, sizeof *p->guard);
	p->chan = calloc((size_t) m->ntrans + 1, sizeof *p->chan);
	p->rhs = calloc((size_t) m->ntrans + 1, sizeof *p->rhs);
	p->msg = calloc((size_t) m->ntrans + 1, sizeof *p->msg);
	p->match = calloc((size_t) m->ntrans + 1, sizeof *p->match);
	p->goal_f = calloc((size_t) m->ngoals + 1, sizeof *p->goal_f);
	if (!p->ps || !p->guard || !p->chan || !p->rhs || !p->msg || !p->match || !p->goal_f)
		return NOMEM;
	for (int t = 0; t < m->ntrans; t++) {
		const dmc_atrans *tr = &m->trans[t];
		if (add(p, tr->guard ? tr->guard : NULL, &p->guard[t]) < 0
		    || add(p, tr->chan, &p->chan[t]) < 0)
			return NOMEM;
		if (!(p->rhs[t] = calloc((size_t) tr->nassign + 1, sizeof **p->rhs))
		    || !(p->msg[t] = calloc((size_t) tr->nmsg + 1, sizeof **p->msg))
		    || !(p->match[t] = calloc((size_t) tr->nmsg + 1, sizeof **p->match)))
			return NOMEM;
		for (int a = 0; a < tr->nassign; a++)
			if (add(p, tr->assign[a].rhs, &p->rhs[t][a]) < 0)
				return NOMEM;
		for (int f = 0; f < tr->nmsg; f++) {
			if (tr->sync == DMC_SYNC_SEND && add(p, tr->msg ? tr->msg[f] : NULL, &p->msg[t][f]) < 0)
				return NOMEM;
			if (tr->sync == DMC_SYNC_RECV && tr->match
			    && add(p, tr->match[f].value, &p->match[t][f]) < 0)
				return NOMEM;
		}
	}
	for (int g = 0; g < m->ngoals; g++)
		if (add(p, m->goals[g].formula, &p->goal_f[g]) < 0)
			return NOMEM;
	if (dmc_vprogs_seal(p->ps) < 0)
		return NOMEM;
	size_t nl = 0;
	p->base = malloc(((size_t) m->nprocs + 1) * sizeof *p->base);
	if (!p->base)
		return NOMEM;
	for (int q = 0; q < m->nprocs; q++) {
		p->base[q] = (int) nl;
		nl += (size_t) (m->procs[q].nlocs > 0 ? m->procs[q].nlocs : 0);
	}
	p->base[m->nprocs] = (int) nl;
	p->first = calloc(nl + 2, sizeof *p->first);
	p->by_loc = malloc(((size_t) m->ntrans + 1) * sizeof *p->by_loc);
	if (!p->first || !p->by_loc)
		return NOMEM;
	p->loc_index = 1;
	for (int t = 0; t < m->ntrans; t++)
		if (m->trans[t].from >= 0 && m->trans[t].from < m->procs[m->trans[t].proc].nlocs)
			p->first[p->base[m->trans[t].proc] + m->trans[t].from + 1]++;
		else
			p->loc_index = 0;
	for (size_t i = 0; i < nl; i++)
		p->first[i + 1] += p->first[i];
	for (int t = 0; t < m->ntrans; t++)
		if (m->trans[t].from >= 0 && m->trans[t].from < m->procs[m->trans[t].proc].nlocs)
			p->by_loc[p->first[p->base[m->trans[t].proc] + m->trans[t].from]++] = t;
	for (size_t i = nl; i > 0; i--)
		p->first[i] = p->first[i - 1];
	p->first[0] = 0;
	p->es = malloc(((size_t) m->ntrans + 1) * sizeof *p->es);
	p->er = malloc(((size_t) m->ntrans + 1) * sizeof *p->er);
	if (!p->es || !p->er)
		return NOMEM;
	p->dom = malloc(((size_t) m->nvars + 1) * sizeof *p->dom);
	p->cur = malloc(((size_t) m->nvars + 1) * sizeof *p->cur);
	p->next = malloc(((size_t) m->nvars + 1) * sizeof *p->next);
	p->vals = malloc(((size_t) m->nvars + 1) * sizeof *p->vals);
	p->vals2 = malloc(((size_t) m->nvars + 1) * sizeof *p->vals2);
	p->var_slot = malloc(((size_t) m->nvars + 1) * sizeof *p->var_slot);
	p->proc_slot = malloc(((size_t) m->nprocs + 1) * sizeof *p->proc_slot);
	p->pv = malloc(((size_t) m->nvars + 1) * sizeof *p->pv);
	p->pp = malloc(((size_t) m->nprocs + 1) * sizeof *p->pp);
	p->assigned = malloc((size_t) m->nvars + 1);
	p->succ = malloc(((size_t) m->nvars + m->nprocs + 2 + STATE_ZONE_MAX) * sizeof *p->succ);
	p->zfrom = malloc((STATE_ZONE_MAX + 1) * sizeof *p->zfrom);
	p->pos = malloc(((size_t) m->nvars + 1) * sizeof *p->pos);
	p->ncut = calloc((size_t) m->nvars + 1, sizeof *p->ncut);
	p->cut = calloc((size_t) m->nvars + 1, sizeof *p->cut);
	p->nmark = calloc((size_t) m->nprocs + 1, sizeof *p->nmark);
	p->mark = calloc((size_t) m->nprocs + 1, sizeof *p->mark);
	p->constant = malloc((size_t) m->nvars + 1);
	if (!p->constant || !p->ncut || !p->cut || !p->nmark || !p->mark || !p->dom || !p->cur || !p->next || !p->vals || !p->vals2 || !p->var_slot || !p->proc_slot
	    || !p->pv || !p->pp || !p->assigned || !p->succ || !p->pos || !p->zfrom)
		return NOMEM;
	for (int v = 0; v < m->nvars; v++) {
		dmc_vs_set(&p->dom[v], m->vars[v].lo, m->vars[v].hi);
		p->constant[v] = 1;
	}
	for (int t = 0; t < m->ntrans; t++) {
		const dmc_atrans *tr = &m->trans[t];
		p->atomics |= tr->atomic;
		for (int a = 0; a < tr->nassign; a++)
			if (tr->assign[a].var >= 0 && tr->assign[a].var < m->nvars)
				p->constant[tr->assign[a].var] = 0;
		for (int f = 0; f < tr->nmsg && tr->recv_var; f++)
			if (tr->recv_var[f] >= 0 && tr->recv_var[f] < m->nvars)
				p->constant[tr->recv_var[f]] = 0;
	}
	return OK;
}

/* ---- the state table ---- */

static uint64_t hash_state(const long *s, int k)
{
	uint64_t h = 1469598103934665603ull;
	for (int i = 0; i < k; i++) {
		h ^= (uint64_t) s[i];
		h *= 1099511628211ull;
		h ^= h >> 29;
	}
	return h;
}

static long find(const dmc_pdb *p, const long *s)
{
	if (!p->htcap)
		return -1;
	size_t mask = p->htcap - 1, i = (size_t) hash_state(s, p->w) & mask;
	for (; p->ht[i]; i = (i + 1) & mask) {
		size_t j = p->ht[i] - 1;
		if (memcmp(p->st + j * (size_t) p->w, s, (size_t) p->w * sizeof *s) == 0)
			return (long) j;
	}
	return -1;
}

static int rehash(dmc_pdb *p, size_t cap)
{
	uint32_t *ht = calloc(cap, sizeof *ht);
	if (!ht)
		return NOMEM;
	free(p->ht);
	p->ht = ht;
	p->htcap = cap;
	for (size_t j = 0; j < p->n; j++) {
		size_t i = (size_t) hash_state(p->st + j * (size_t) p->w, p->w) & (cap - 1);
		while (ht[i])
			i = (i + 1) & (cap - 1);
		ht[i] = (uint32_t) (j + 1);
	}
	return OK;
}

/* s's index, inserting it; TOO_BIG past max, NOMEM. */
static long insert(dmc_pdb *p, const long *s, size_t max)
{
	long j = find(p, s);
	if (j >= 0)
		return j;
	if (p->n >= max)
		return TOO_BIG;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 1024;
		long *st = realloc(p->st, cap * ((size_t) p->w ? (size_t) p->w : 1) * sizeof *st);
		if (!st)
			return NOMEM;
		p->st = st;
		p->cap = cap;
	}
	if (2 * (p->n + 1) > p->htcap && rehash(p, p->htcap ? 2 * p->htcap : 2048) < 0)
		return NOMEM;
	memcpy(p->st + p->n * (size_t) p->w, s, (size_t) p->w * sizeof *s);
	size_t mask = p->htcap - 1, i = (size_t) hash_state(s, p->w) & mask;
	while (p->ht[i])
		i = (i + 1) & mask;
	p->ht[i] = (uint32_t) (p->n + 1);
	return (long) p->n++;
}

static int add_edge(dmc_pdb *p, size_t from, size_t to, int cost, int t, int r)
{
	if (from == to)
		return OK;                    /* a self-loop shortens no distance */
	if (p->nedges == p->edcap) {
		size_t cap = p->edcap ? 2 * p->edcap : 4096;
		edge *e = realloc(p->edges, cap * sizeof *e);
		if (!e)
			return NOMEM;
		p->edges = e;
		p->edcap = cap;
	}
	p->edges[p->nedges++] = (edge){ (uint32_t) from, (uint32_t) to, cost, t, r };
	return OK;
}

/* ---- one abstract step ---- */

/* The class of value x in variable slot i (x itself without classes). */
static long class_of(const dmc_pdb *p, int i, long x)
{
	long c = 0;
	if (!p->ncut[i])
		return x;
	while (c < p->ncut[i] && p->cut[i][c] <= x)
		c++;
	return c;
}

/* The values of class c of variable slot i. */
static void class_values(const dmc_pdb *p, int i, long c, dmc_vset *out)
{
	const dmc_avar *d = &p->m->vars[p->pv[i]];
	if (!p->ncut[i]) {
		dmc_vs_set(out, c, c);
		return;
	}
	dmc_vs_set(out, c == 0 ? d->lo : p->cut[i][c - 1], c == p->ncut[i] ? d->hi : p->cut[i][c] - 1);
}

/* The class of location l of automaton slot j: its rank among the marked
 * locations, nmark for the others (the location itself without marks). */
static long loc_class(const dmc_pdb *p, int j, int l)
{
	int c = 0;
	if (!p->nmark[j])
		return l;
	while (c < p->nmark[j] && p->mark[j][c] != l)
		c++;
	return c;
}

/* The abstract state s as the evaluators' input. */
static void load(dmc_pdb *p, const long *s)
{
	for (int v = 0; v < p->m->nvars; v++)
		p->vals[v] = &p->dom[v];
	for (int i = 0; i < p->nv; i++) {
		class_values(p, i, s[i], &p->cur[i]);
		p->vals[p->pv[i]] = &p->cur[i];
	}
}

/* The value of model variable v in abstract state s, for the zone's
 * steps (pdb_zone.h): -1 when the pattern leaves it out or keeps only
 * its class. */
static int slot_value(const void *ctx, const long *s, int v, long *out)
{
	const dmc_pdb *p = ctx;
	int slot = v >= 0 && v < p->m->nvars ? p->var_slot[v] : -1;
	if (slot < 0 || p->ncut[slot])
		return -1;
	*out = s[slot];
	return 0;
}

/* The model's initial state in the pattern (values and locations as
 * their classes: themselves without predicates): nobody inside an atomic
 * sequence yet, the pattern's zone. */
static void initial_state(dmc_pdb *p, const dmc_pdb_input *in, long *init)
{
	for (int i = 0; i < p->nv; i++)
		init[i] = class_of(p, i, in->init_val[p->pv[i]]);
	for (int i = 0; i < p->np; i++)
		init[p->nv + i] = loc_class(p, i, in->init_loc[p->pp[i]]);
	init[p->k] = -1;
	if (p->z)
		dmc_pdbz_init(p->z, init + p->zoff, init, slot_value, p);
}

static int at(const dmc_pdb *p, const long *s, int proc, int loc)
{
	int slot = p->proc_slot[proc];
	return slot < 0 || s[p->nv + slot] == loc_class(p, slot, loc);
}

/* next[i] (values) as the set of classes they fall into. */
static void to_classes(dmc_pdb *p, int i)
{
	dmc_vset c, x;
	dmc_vs_clear(&c);
	for (long j = 0; j <= p->ncut[i]; j++) {
		class_values(p, i, j, &x);
		for (int k = 0; k < p->next[i].n; k++)
			if (p->next[i].iv[k].lo <= x.iv[0].hi && p->next[i].iv[k].hi >= x.iv[0].lo) {
				dmc_vs_add(&c, j, j);
				break;
			}
	}
	p->next[i] = c;
}

static size_t count(const dmc_vset *s)
{
	size_t n = 0;
	for (int i = 0; i < s->n; i++) {
		unsigned long w = (unsigned long) s->iv[i].hi - (unsigned long) s->iv[i].lo;
		if (w >= VALUES_MAX)
			return VALUES_MAX + 1;
		n += w + 1;
	}
	return n;
}

/* Pattern variable v may take the values of vs (evaluated), or any value
 * of its domain (vs NULL). */
static void give(dmc_pdb *p, int v, const dmc_vset *vs)
{
	int slot = p->var_slot[v];
	dmc_vset x = vs ? *vs : p->dom[v];
	const dmc_avar *d = &p->m->vars[v];
	if (slot < 0)
		return;
	if (vs && (dmc_vs_min(&x) < d->lo || dmc_vs_max(&x) > d->hi))
		dmc_vs_fit(&x, d->lo, d->hi, 1);
	if (!p->assigned[slot]) {
		p->assigned[slot] = 1;
		p->next[slot] = x;
	} else
		dmc_vs_union(&p->next[slot], &x);
}

/* The transition's own assignments, from the state's values. */
static void give_assigns(dmc_pdb *p, int t)
{
	const dmc_atrans *tr = &p->m->trans[t];
	dmc_vset x;
	for (int a = 0; a < tr->nassign; a++) {
		int v = tr->assign[a].var;
		if (v < 0 || v >= p->m->nvars || p->var_slot[v] < 0 || tr->assign[a].merged)
			continue;
		if (!tr->assign[a].rhs)
			give(p, v, NULL);
		else {
			dmc_vp_eval(p->ps, p->rhs[t][a], p->vals, &x);
			give(p, v, &x);
		}
	}
}

/* Merged effects (of t and r) run after the own statement, in an order
 * and a number not known: each target keeps its value or takes what its
 * right-hand side gives over the values reachable so far -- a local
 * fixpoint over value sets (the monotone semantics of the ATG), widened
 * to the whole domain when it does not settle. */
static void give_merged(dmc_pdb *p, int t, int r)
{
	int tt[2] = { t, r }, any = 0;
	for (int k = 0; k < 2 && tt[k] >= 0; k++)
		for (int a = 0; a < p->m->trans[tt[k]].nassign; a++) {
			const dmc_assign *as = &p->m->trans[tt[k]].assign[a];
			int slot = as->var >= 0 && as->var < p->m->nvars ? p->var_slot[as->var] : -1;
			if (!as->merged || slot < 0)
				continue;
			any = 1;
			if (!p->assigned[slot]) {     /* or the old value stays */
				p->assigned[slot] = 1;
				p->next[slot] = p->cur[slot];
			}
		}
	if (!any)
		return;
	memcpy(p->vals2, p->vals, (size_t) p->m->nvars * sizeof *p->vals2);
	for (int i = 0; i < p->nv; i++)
		if (p->assigned[i])
			p->vals2[p->pv[i]] = &p->next[i];
	for (int round = 0, grew = 1; grew; round++) {
		grew = 0;
		for (int k = 0; k < 2 && tt[k] >= 0; k++) {
			const dmc_atrans *tr = &p->m->trans[tt[k]];
			for (int a = 0; a < tr->nassign; a++) {
				int v = tr->assign[a].var, slot;
				dmc_vset x;
				if (!tr->assign[a].merged || v < 0 || v >= p->m->nvars || (slot = p->var_slot[v]) < 0)
					continue;
				if (!tr->assign[a].rhs || round >= 8)
					x = p->dom[v];
				else {
					dmc_vp_eval(p->ps, p->rhs[tt[k]][a], p->vals2, &x);
					if (dmc_vs_min(&x) < p->m->vars[v].lo || dmc_vs_max(&x) > p->m->vars[v].hi)
						dmc_vs_fit(&x, p->m->vars[v].lo, p->m->vars[v].hi, 1);
				}
				grew |= dmc_vs_union(&p->next[slot], &x);
			}
		}
	}
}

/* ---- atomic sequences ----
 * pan (bfs(), kept by the glue) lets a process that has just made a move
 * ending inside an atomic sequence (Trans.atom bit 2; after a rendezvous,
 * the receiver's) make the next move alone -- every one of its
 * executable moves, and nobody else's -- as long as it has one; when it
 * has none, atomicity is lost and every process may move.  The state
 * vector does not say whether a process holds that right: it depends on
 * the path.  So the abstract state keeps it (slot w - 1: the pattern
 * automaton holding it, or -1), and the abstract step restricts the
 * moves only when the automaton's own move is certain -- a transition at
 * its location, known exactly, that is executable whenever its guard
 * holds (dmc_atrans.certain) and whose guard holds for every value the
 * abstract state stands for.  Otherwise every automaton may move, as
 * when it has no exclusive right.  An automaton outside the pattern
 * never holds it (its location is not known): every automaton may move. */

/* The location of automaton slot j in class c, or -1 when the class has
 * several. */
static int exact_loc(const dmc_pdb *p, int j, long c)
{
	if (!p->nmark[j])
		return (int) c;
	return c < p->nmark[j] ? p->mark[j][c] : -1;
}

/* The slot of the automaton that may move alone after transition t (and
 * its partner r), or -1. */
static long alone_after(const dmc_pdb *p, int t, int r)
{
	const dmc_atrans *x = &p->m->trans[r >= 0 ? r : t];
	int j = p->proc_slot[x->proc];
	if (!x->atomic || j < 0 || exact_loc(p, j, loc_class(p, j, x->to)) < 0)
		return -1;
	return j;
}

/* No overflow of pan's int arithmetic (the value sets compute with
 * long), no operator whose C semantics the value sets do not follow
 * exactly (division by 0, shifts, bit operations): then an evaluation
 * over value sets contains every value pan may compute. */
static int int_exact(const dmc_pdb *p, const dmc_aexpr *e)
{
	dmc_vset x;
	if (!e)
		return 1;
	switch (e->op) {
	case DMC_AE_CONST: case DMC_AE_VAR: case DMC_AE_ANY:
		return 1;
	case DMC_AE_NOT: case DMC_AE_LT: case DMC_AE_LE: case DMC_AE_GT: case DMC_AE_GE:
	case DMC_AE_EQ: case DMC_AE_NE: case DMC_AE_AND: case DMC_AE_OR: case DMC_AE_COND:
		return int_exact(p, e->a) && int_exact(p, e->b) && int_exact(p, e->c);
	case DMC_AE_NEG: case DMC_AE_ADD: case DMC_AE_SUB: case DMC_AE_MUL:
		if (!int_exact(p, e->a) || !int_exact(p, e->b))
			return 0;
		dmc_vs_eval(e, p->vals, &x);
		return dmc_vs_empty(&x) || (dmc_vs_min(&x) >= INT32_MIN && dmc_vs_max(&x) <= INT32_MAX);
	default:
		return 0;
	}
}

/* Transition t is executable in every state the loaded abstract state
 * stands for (its automaton being at its source). */
static int surely_enabled(dmc_pdb *p, int t)
{
	const dmc_atrans *tr = &p->m->trans[t];
	dmc_vset x;
	if (!tr->certain || tr->sync != DMC_SYNC_NONE || tr->spawn >= 0)
		return 0;
	if (!tr->guard)
		return 1;
	if (!int_exact(p, tr->guard))
		return 0;
	dmc_vp_eval(p->ps, p->guard[t], p->vals, &x);
	return !dmc_vs_empty(&x) && !dmc_vs_contains(&x, 0);
}

/* In loaded abstract state s: the automaton that moves alone, or -1
 * (everybody may move).  Not when the automaton may also offer a
 * rendezvous there: pan -DBFS re-expands the state without atomicity
 * when an offer fails (the glue drops that, but the abstraction need not
 * rely on it). */
static int moves_alone(dmc_pdb *p, const long *s)
{
	long j = s[p->k];
	if (j < 0 || !p->loc_index)
		return -1;
	int q = p->pp[j], l = exact_loc(p, (int) j, s[p->nv + j]), sure = 0;
	if (l < 0 || l >= p->m->procs[q].nlocs)
		return -1;
	for (int k = p->first[p->base[q] + l]; k < p->first[p->base[q] + l + 1]; k++) {
		int t = p->by_loc[k];
		if (p->m->trans[t].sync == DMC_SYNC_SEND && dmc_vp_may_true(p->ps, p->guard[t], p->vals))
			return -1;
		sure |= surely_enabled(p, t);
	}
	return sure ? q : -1;
}

/* Every successor of s by transition t (and r, its rendezvous partner,
 * or -1): the product of the slots' values. */
static int successors(dmc_pdb *p, size_t from, int t, int r, size_t max)
{
	const long *s = p->st + from * (size_t) p->w;
	int cost = r >= 0 ? 2 : 1, nvar = 0;
	memset(p->assigned, 0, (size_t) p->nv);
	give_assigns(p, t);
	if (r >= 0) {
		const dmc_atrans *snd = &p->m->trans[t], *rcv = &p->m->trans[r];
		give_assigns(p, r);
		for (int f = 0; f < rcv->nmsg && rcv->recv_var; f++) {
			int v = rcv->recv_var[f];
			dmc_vset x;
			if (v < 0 || v >= p->m->nvars || p->var_slot[v] < 0)
				continue;
			if (f < snd->nmsg && snd->msg && snd->msg[f]) {
				dmc_vp_eval(p->ps, p->msg[t][f], p->vals, &x);
				give(p, v, &x);
			} else
				give(p, v, NULL);
		}
	}
	give_merged(p, t, r);
	long *succ = p->succ;
	memcpy(succ, s, (size_t) p->w * sizeof *succ);
	if (p->z)
		memcpy(p->zfrom, s + p->zoff, (size_t) (p->w - p->zoff) * sizeof *succ);
	if (p->zoff > p->k)
		succ[p->k] = alone_after(p, t, r);
	const dmc_atrans *tt = &p->m->trans[t];
	if (p->proc_slot[tt->proc] >= 0)
		succ[p->nv + p->proc_slot[tt->proc]] = loc_class(p, p->proc_slot[tt->proc], tt->to);
	if (r >= 0 && p->proc_slot[p->m->trans[r].proc] >= 0)
		succ[p->nv + p->proc_slot[p->m->trans[r].proc]]
		    = loc_class(p, p->proc_slot[p->m->trans[r].proc], p->m->trans[r].to);
	size_t product = 1, widest = 0;
	for (int i = 0; i < p->nv; i++) {
		if (!p->assigned[i])
			continue;
		if (p->ncut[i])
			to_classes(p, i);
		size_t c = count(&p->next[i]);
		if (c > VALUES_MAX) {
			p->bad_var = p->pv[i];
			return TOO_WIDE;
		}
		if (c == 0)
			return OK;            /* no value: the step cannot happen */
		if (c > widest) {
			widest = c;
			p->bad_var = p->pv[i];
		}
		product *= c;
		if (product > PRODUCT_MAX)
			return TOO_WIDE;      /* the widest of them leaves */
		if (c == 1)
			succ[i] = p->next[i].iv[0].lo;
		else
			p->pos[nvar++] = i;   /* at most log2(PRODUCT_MAX) of them */
	}
	p->bad_var = -1;
	/* odometer over the slots with several values */
	int iv[64], nv = nvar;
	for (int j = 0; j < nv; j++) {
		iv[j] = 0;
		succ[p->pos[j]] = p->next[p->pos[j]].iv[0].lo;
	}
	for (;;) {
		if (over(p, 1))
			return OUT_OF_TIME;
		if (p->z)
			dmc_pdbz_step(p->z, p->zfrom, t, r, succ, slot_value, p, succ + p->zoff);
		long to = insert(p, succ, max);
		if (to < 0)
			return (int) to;
		if (add_edge(p, from, (size_t) to, cost, t, r) < 0)
			return NOMEM;
		int j = 0;
		for (; j < nv; j++) {
			int sl = p->pos[j];
			const dmc_vset *vs = &p->next[sl];
			if (succ[sl] < vs->iv[iv[j]].hi) {
				succ[sl]++;
				break;
			}
			if (iv[j] + 1 < vs->n) {
				succ[sl] = vs->iv[++iv[j]].lo;
				break;
			}
			iv[j] = 0;
			succ[sl] = vs->iv[0].lo;
		}
		if (j == nv)
			return OK;
	}
}

static int enabled(dmc_pdb *p, const long *s, int t)
{
	const dmc_atrans *tr = &p->m->trans[t];
	return at(p, s, tr->proc, tr->from) && dmc_vp_may_true(p->ps, p->guard[t], p->vals)
	       && (!p->z || dmc_pdbz_test(p->z, s + p->zoff, t));
}

/* 1 when a and b share no value for sure: their union has as many values
 * as both (only counted while the sets are small) */
static int disjoint(const dmc_vset *a, const dmc_vset *b)
{
	dmc_vset x = *a;
	for (int i = 0; i < b->n; i++)
		dmc_vs_add(&x, b->iv[i].lo, b->iv[i].hi);
	return count(a) <= VALUES_MAX && count(b) <= VALUES_MAX && count(&x) == count(a) + count(b);
}

/* Whether enabled send t and enabled receive r may pair up. */
static int pair_match(dmc_pdb *p, int t, int r)
{
	const dmc_atrans *snd = &p->m->trans[t], *rcv = &p->m->trans[r];
	dmc_vset a, b;
	if (snd->chan && rcv->chan) {
		dmc_vp_eval(p->ps, p->chan[t], p->vals, &a);
		dmc_vp_eval(p->ps, p->chan[r], p->vals, &b);
		if (disjoint(&a, &b))
			return 0;
	}
	for (int f = 0; rcv->match && f < rcv->nmsg; f++) {
		const dmc_amatch *mt = &rcv->match[f];
		if (!mt->value || f >= snd->nmsg || !snd->msg || !snd->msg[f])
			continue;
		dmc_vp_eval(p->ps, p->msg[t][f], p->vals, &a);
		if (dmc_vs_min(&a) < mt->lo || dmc_vs_max(&a) > mt->hi)
			continue;             /* truncation not modelled: may match */
		dmc_vp_eval(p->ps, p->match[r][f], p->vals, &b);
		if (disjoint(&a, &b))
			return 0;
	}
	return 1;
}

/* The smallest extra_steps of a goal that may hold in s, or INF_D. */
static int goal_value(dmc_pdb *p, const long *s)
{
	int best = INF_D;
	for (int g = 0; g < p->m->ngoals; g++) {
		const dmc_agoal *go = &p->m->goals[g];
		int ok = 1, extra = go->extra_steps > 0 ? go->extra_steps : 0;
		for (int l = 0; l < go->nlocs && ok; l++)
			ok = at(p, s, go->proc[l], go->loc[l]);
		if (ok && go->formula && !dmc_vp_may_true(p->ps, p->goal_f[g], p->vals))
			ok = 0;
		if (ok && extra < best)
			best = extra;
	}
	return best;
}

/* Transition t in state i: its successors when it fires alone; a
 * rendezvous half, when enabled, goes to the list of its kind. */
static int visit(dmc_pdb *p, size_t i, int t, int alone, int *ns, int *nr, size_t max)
{
	const dmc_atrans *tr = &p->m->trans[t];
	if (over(p, 1))
		return OUT_OF_TIME;
	if (alone >= 0 && tr->proc != alone && tr->sync != DMC_SYNC_RECV && !p->m->procs[tr->proc].claim)
		return OK;                /* another automaton moves alone (its receives pair with its sends) */
	if (!enabled(p, p->st + i * (size_t) p->w, t))
		return OK;
	if (p->m->trans[t].sync == DMC_SYNC_SEND)
		p->es[(*ns)++] = t;
	else if (p->m->trans[t].sync == DMC_SYNC_RECV)
		p->er[(*nr)++] = t;
	else
		return successors(p, i, t, -1, max);
	return OK;
}

/* Breadth-first from init: OK, TOO_BIG, TOO_WIDE (p->bad_var), NOMEM,
 * OUT_OF_TIME. */
static int explore(dmc_pdb *p, const long *init, size_t max)
{
	p->n = 0;
	p->nedges = 0;
	if (p->htcap)
		memset(p->ht, 0, p->htcap * sizeof *p->ht);
	p->bad_var = -1;
	long r = insert(p, init, max);
	if (r < 0)
		return (int) r;
	for (size_t i = 0; i < p->n; i++) {
		/* the state array may move while successors are added: index */
		load(p, p->st + i * (size_t) p->w);
		if (over(p, 1))
			return OUT_OF_TIME;
		int ns = 0, nr = 0, alone = p->zoff > p->k ? moves_alone(p, p->st + i * (size_t) p->w) : -1;
		for (int q = 0; q < p->m->nprocs; q++) {
			/* an automaton in the pattern: its transitions at its
			 * location (one class of locations: those of each) */
			int slot = p->proc_slot[q], lo = p->first[p->base[q]], hi = p->first[p->base[q + 1]];
			long c = slot >= 0 ? p->st[i * (size_t) p->w + p->nv + slot] : -1;
			if (!p->loc_index) {
				if (q > 0)
					break;
				lo = 0;
				hi = p->m->ntrans;
			} else if (slot >= 0 && !p->nmark[slot]) {
				lo = p->first[p->base[q] + c];
				hi = p->first[p->base[q] + c + 1];
			}
			for (int j = lo; j < hi; j++) {
				int rc = visit(p, i, p->loc_index ? p->by_loc[j] : j, alone, &ns, &nr, max);
				if (rc < 0)
					return rc;
			}
		}
		/* rendezvous pairs among the enabled halves only */
		for (int a = 0; a < ns; a++)
			for (int b = 0; b < nr; b++) {
				if (p->m->trans[p->es[a]].proc == p->m->trans[p->er[b]].proc
				    || !pair_match(p, p->es[a], p->er[b]))
					continue;
				int rc = successors(p, i, p->es[a], p->er[b], max);
				if (rc < 0)
					return rc;
			}
	}
	return OK;
}

/* ---- backward distances (Dijkstra over the reversed edges) ---- */

typedef struct { int d; uint32_t s; } hitem;

static void heap_push(hitem *h, size_t *n, hitem x)
{
	size_t i = (*n)++;
	while (i > 0 && h[(i - 1) / 2].d > x.d) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = x;
}

static hitem heap_pop(hitem *h, size_t *n)
{
	hitem top = h[0], x = h[--*n];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && h[c + 1].d < h[c].d)
			c++;
		if (h[c].d >= x.d)
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n > 0)
		h[i] = x;
	return top;
}

/* OK, NOMEM, OUT_OF_TIME (the distances unfinished: p->dist is no bound). */
static int distances(dmc_pdb *p)
{
	size_t n = p->n, *first = calloc(n + 1, sizeof *first);
	uint32_t *src = malloc((p->nedges + 1) * sizeof *src);
	int *cost = malloc((p->nedges + 1) * sizeof *cost);
	hitem *heap = malloc((p->nedges + n + 1) * sizeof *heap);
	size_t hn = 0;
	free(p->dist);
	p->dist = malloc((n + 1) * sizeof *p->dist);
	if (!first || !src || !cost || !heap || !p->dist) {
		free(first), free(src), free(cost), free(heap);
		return NOMEM;
	}
	int rc = OK;
	/* incoming edges of each state, grouped by target (an edge is a
	 * few nanoseconds here: 1024 of them count as 16 units of work) */
	for (size_t e = 0; e < p->nedges; e++)
		first[p->edges[e].to + 1]++;
	for (size_t i = 0; i < n; i++)
		first[i + 1] += first[i];
	for (size_t e = 0; e < p->nedges; e++) {
		if ((e & 1023) == 0 && over(p, 16)) {
			rc = OUT_OF_TIME;
			goto out;
		}
		size_t at_ = first[p->edges[e].to]++;
		src[at_] = p->edges[e].from;
		cost[at_] = p->edges[e].cost;
	}
	for (size_t i = n; i > 0; i--)
		first[i] = first[i - 1];
	first[0] = 0;
	for (size_t i = 0; i < n && rc == OK; i++) {
		if (over(p, 1))
			rc = OUT_OF_TIME;
		load(p, p->st + i * (size_t) p->w);
		p->dist[i] = goal_value(p, p->st + i * (size_t) p->w);
		if (p->dist[i] != INF_D)
			heap_push(heap, &hn, (hitem){ p->dist[i], (uint32_t) i });
	}
	while (hn > 0 && rc == OK) {
		hitem x = heap_pop(heap, &hn);
		if (x.d > p->dist[x.s])
			continue;
		if (over(p, 1 + (unsigned) (first[x.s + 1] - first[x.s])))
			rc = OUT_OF_TIME;
		for (size_t e = first[x.s]; e < first[x.s + 1]; e++) {
			int d = x.d + cost[e];
			if (d < p->dist[src[e]]) {
				p->dist[src[e]] = d;
				heap_push(heap, &hn, (hitem){ d, src[e] });
			}
		}
	}
out:
	free(first), free(src), free(cost), free(heap);
	return rc;
}

/* ---- pattern selection ---- */

static void set_pattern(dmc_pdb *p, const unsigned char *keep_v, const unsigned char *keep_p)
{
	p->nv = p->np = 0;
	const dmc_pdb_preds *pr = p->preds;
	for (int v = 0; v < p->m->nvars; v++) {
		p->var_slot[v] = keep_v[v] ? p->nv : -1;
		if (keep_v[v]) {
			p->ncut[p->nv] = pr ? pr->ncut[v] : 0;
			p->cut[p->nv] = pr ? pr->cut[v] : NULL;
			p->pv[p->nv++] = v;
		}
	}
	for (int q = 0; q < p->m->nprocs; q++) {
		p->proc_slot[q] = keep_p[q] ? p->np : -1;
		if (keep_p[q]) {
			p->nmark[p->np] = pr ? pr->nmark[q] : 0;
			p->mark[p->np] = pr ? pr->mark[q] : NULL;
			p->pp[p->np++] = q;
		}
	}
	p->k = p->nv + p->np;
	p->zoff = p->k + (p->atomics ? 1 : 0);
	dmc_pdbz_free(p->z);
	p->z = p->preds || p->no_zone ? NULL : dmc_pdbz_new(p->m, keep_p);
	p->w = p->zoff + dmc_pdbz_cells(p->z);
	free(p->st);
	free(p->ht);
	p->st = NULL;
	p->ht = NULL;
	p->cap = p->htcap = 0;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *) a, y = *(const long *) b;
	return x < y ? -1 : x > y;
}

/* Distinct values of slot i among the states explored. */
static size_t distinct(const dmc_pdb *p, int i, long *col)
{
	size_t d = 0;
	for (size_t j = 0; j < p->n; j++)
		col[j] = p->st[j * (size_t) p->w + i];
	qsort(col, p->n, sizeof *col, cmp_long);
	for (size_t j = 0; j < p->n; j++)
		d += j == 0 || col[j] != col[j - 1];
	return d;
}

static void mark_read(const dmc_aexpr *e, int *rank, int r, int *changed)
{
	if (!e)
		return;
	if (e->op == DMC_AE_VAR && r < rank[e->var]) {
		rank[e->var] = r;
		*changed = 1;
	}
	mark_read(e->a, rank, r, changed);
	mark_read(e->b, rank, r, changed);
	mark_read(e->c, rank, r, changed);
}

static void lower(int *rank, int i, int r, int *changed)
{
	if (r < rank[i]) {
		rank[i] = r;
		*changed = 1;
	}
}

/* How far each component is from the goals in the model's dependencies:
 * 0 for what the goals read (variables of their formulas, automata of
 * their locations); a transition matters at the least rank of its
 * automaton and of the variables it assigns, and what it reads (guard,
 * right-hand sides of those assignments, a rendezvous partner's automaton
 * and message) one more.  Unreached components: INT_MAX. */
static void relevance(const dmc_amodel *m, int *rank_v, int *rank_p)
{
	int changed = 1;
	for (int v = 0; v < m->nvars; v++)
		rank_v[v] = INT32_MAX;
	for (int q = 0; q < m->nprocs; q++)
		rank_p[q] = INT32_MAX;
	for (int g = 0; g < m->ngoals; g++) {
		mark_read(m->goals[g].formula, rank_v, 0, &changed);
		for (int l = 0; l < m->goals[g].nlocs; l++)
			rank_p[m->goals[g].proc[l]] = 0;
	}
	while (changed) {
		changed = 0;
		for (int t = 0; t < m->ntrans; t++) {
			const dmc_atrans *tr = &m->trans[t];
			int r = rank_p[tr->proc];
			for (int a = 0; a < tr->nassign; a++)
				if (tr->assign[a].var >= 0 && rank_v[tr->assign[a].var] < r)
					r = rank_v[tr->assign[a].var];
			for (int f = 0; f < tr->nmsg && tr->recv_var; f++)
				if (tr->recv_var[f] >= 0 && rank_v[tr->recv_var[f]] < r)
					r = rank_v[tr->recv_var[f]];
			if (r == INT32_MAX)
				continue;
			lower(rank_p, tr->proc, r + 1, &changed);
			mark_read(tr->guard, rank_v, r + 1, &changed);
			/* time passing reads the location variables (invariants) */
			for (int a = 0; tr->clk && tr->clk->kind == DMC_CLK_POST && a < m->nclk_at; a++)
				lower(rank_v, m->clk_at[a].var, r + 1, &changed);
			mark_read(tr->chan, rank_v, r + 1, &changed);
			for (int a = 0; a < tr->nassign; a++)
				if (tr->assign[a].var >= 0 && rank_v[tr->assign[a].var] <= r)
					mark_read(tr->assign[a].rhs, rank_v, r + 1, &changed);
			if (tr->sync == DMC_SYNC_NONE)
				continue;
			for (int u = 0; u < m->ntrans; u++) {
				const dmc_atrans *o = &m->trans[u];
				if (o->sync == DMC_SYNC_NONE || o->sync == tr->sync || o->proc == tr->proc)
					continue;
				lower(rank_p, o->proc, r + 1, &changed);
				mark_read(o->guard, rank_v, r + 1, &changed);
				for (int f = 0; o->sync == DMC_SYNC_SEND && f < o->nmsg && o->msg; f++)
					mark_read(o->msg[f], rank_v, r + 1, &changed);
			}
		}
	}
}

/* Which component to drop after an exploration that outgrew the limit:
 * the one farthest from the goals (relevance), among those the one with
 * the most distinct values in the states explored. */
static void drop_one(dmc_pdb *p, unsigned char *keep_v, unsigned char *keep_p,
                     const int *rank_v, const int *rank_p)
{
	long *col = malloc((p->n + 1) * sizeof *col);
	int best = -1, best_rank = 0;
	size_t best_d = 0;
	for (int i = 0; i < p->k; i++) {
		int r = i < p->nv ? rank_v[p->pv[i]] : rank_p[p->pp[i - p->nv]];
		if (late(p)) {
			free(col);
			return;               /* the empty pattern next */
		}
		if (i < p->nv && p->constant[p->pv[i]] && p->k > p->nv)
			continue;             /* one value: costs no state, tells guards apart */
		if (r < 0)
			continue;             /* not a candidate (drop_accurate) */
		size_t d = col ? distinct(p, i, col) : (size_t) i;
		if (best < 0 || r > best_rank || (r == best_rank && d >= best_d)) {
			best = i;
			best_rank = r;
			best_d = d;
		}
	}
	free(col);
	if (best < 0)
		return;
	if (best < p->nv)
		keep_v[p->pv[best]] = 0;
	else
		keep_p[p->pp[best - p->nv]] = 0;
}

typedef struct { int slot, h, rank; } cand;

static int cmp_cand(const void *a, const void *b)
{
	const cand *x = a, *y = b;
	if (x->h != y->h)
		return x->h > y->h ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank > y->rank ? -1 : 1;
	return x->slot - y->slot;
}

/* What to leave out after an exploration that outgrew the limit, by the
 * accuracy measure (pdb_dpr.h): the components whose removal keeps
 * hU(initial) of the projection highest, the least spurious behaviour hU
 * sees (ties: farthest from the goals).  A quarter of the pattern at a
 * time, so that a large model needs few explorations that fail. */
static void drop_accurate(dmc_pdb *p, dmc_pdb_dpr *dpr, unsigned char *keep_v,
                          unsigned char *keep_p, const int *rank_v, const int *rank_p)
{
	cand *c = malloc(((size_t) p->k + 1) * sizeof *c);
	int n = 0;
	if (!c) {
		drop_one(p, keep_v, keep_p, rank_v, rank_p);
		return;
	}
	for (int i = 0; i < p->k; i++) {
		unsigned char *k = i < p->nv ? &keep_v[p->pv[i]] : &keep_p[p->pp[i - p->nv]];
		if (i < p->nv && p->constant[p->pv[i]] && p->k > p->nv)
			continue;             /* one value: costs no state */
		if (late(p)) {
			free(c);
			return;               /* the empty pattern next */
		}
		*k = 0;
		c[n].h = dmc_pdb_dpr_h(dpr, keep_v, keep_p);
		*k = 1;
		c[n].rank = i < p->nv ? rank_v[p->pv[i]] : rank_p[p->pp[i - p->nv]];
		c[n++].slot = i;
	}
	qsort(c, (size_t) n, sizeof *c, cmp_cand);
	for (int j = 0; j < n && j < (n + 3) / 4; j++) {
		int i = c[j].slot;
		if (i < p->nv)
			keep_v[p->pv[i]] = 0;
		else
			keep_p[p->pp[i - p->nv]] = 0;
	}
	free(c);
}

/* At most how many abstract states the pattern has: the product of its
 * domains and location counts.  When that fits the limit no component
 * needs to go: the exact table of everything relevant. */
static double bound(const dmc_amodel *m, const unsigned char *keep_v, const unsigned char *keep_p)
{
	double b = 1;
	for (int v = 0; v < m->nvars && b < 1e18; v++)
		if (keep_v[v])
			b *= (double) m->vars[v].hi - (double) m->vars[v].lo + 1;
	for (int q = 0; q < m->nprocs && b < 1e18; q++)
		if (keep_p[q])
			b *= m->procs[q].nlocs;
	return b;
}

/* Downward pattern refinement (seed 004, Fig. 2) before any exploration:
 * from the pattern of everything relevant, leave out one component at a
 * time while hU(initial) of the projection stays hU(initial) of the whole
 * model (a relatively accurate abstraction), to a fixpoint. */
static void refine_down(dmc_pdb *p, dmc_pdb_dpr *dpr, unsigned char *keep_v,
                        unsigned char *keep_p, const unsigned char *var_ok,
                        const unsigned char *proc_ok, const int *rank_v, const int *rank_p)
{
	const dmc_amodel *m = p->m;
	unsigned char *all_v = malloc((size_t) m->nvars + 1), *all_p = malloc((size_t) m->nprocs + 1);
	if (!all_v || !all_p) {
		free(all_v), free(all_p);
		return;
	}
	memcpy(all_v, var_ok, (size_t) m->nvars);
	memcpy(all_p, proc_ok, (size_t) m->nprocs);
	int h0 = dmc_pdb_dpr_h(dpr, all_v, all_p);
	free(all_v), free(all_p);
	/* farthest from the goals first (the paper's order does not matter
	 * much; this one settles sooner) */
	for (int changed = 1; changed && !late(p);) {
		changed = 0;
		for (int r = INT32_MAX; r >= 0 && !late(p); r = r == INT32_MAX ? m->nvars + m->nprocs + 2 : r - 1) {
			for (int q = 0; q < m->nprocs && !late(p); q++)
				if (keep_p[q] && rank_p[q] == r) {
					keep_p[q] = 0;
					if (dmc_pdb_dpr_h(dpr, keep_v, keep_p) == h0)
						changed = 1;
					else
						keep_p[q] = 1;
				}
			for (int v = 0; v < m->nvars && !late(p); v++)
				if (keep_v[v] && rank_v[v] == r && !p->constant[v]) {
					keep_v[v] = 0;
					if (dmc_pdb_dpr_h(dpr, keep_v, keep_p) == h0)
						changed = 1;
					else
						keep_v[v] = 1;
				}
		}
	}
}

/* ---- growing a pattern toward a proof ----
 * Where everything relevant does not fit max_states, a pattern may still
 * prove the error unreachable (h(initial) infinite): the search then has
 * nothing to do.  First everything relevant within the larger budget
 * prove_states (where it fits, it proves or no pattern does: leaving a
 * component out only adds abstract paths), and none at all when its
 * exploration meets an abstract error state.  Where it outgrows the
 * budget without meeting one, upward refinement guided by
 * counterexamples: from what the goals read, explore; while an abstract
 * error path exists, add the components its transitions read that the
 * pattern leaves out (their automata, the variables of their guards,
 * channels, right-hand sides and messages), the nearest to the goals
 * first (relevance), since the path exists only because one of them may
 * take any value.  It ends with a proof, or when the pattern outgrows
 * prove_states, or when nothing is left to add (no pattern proves it). */

static void grow_read(const dmc_aexpr *e, const unsigned char *ok, const unsigned char *keep,
                      const int *rank, int *best, unsigned char *cand)
{
	if (!e)
		return;
	if (e->op == DMC_AE_VAR && e->var >= 0 && ok[e->var] && !keep[e->var] && rank[e->var] != INT32_MAX) {
		cand[e->var] = 1;
		if (rank[e->var] < *best)
			*best = rank[e->var];
	}
	grow_read(e->a, ok, keep, rank, best, cand);
	grow_read(e->b, ok, keep, rank, best, cand);
	grow_read(e->c, ok, keep, rank, best, cand);
}

/* The components transition t reads that the pattern leaves out, into
 * cand_v / cand_p; *best: the least relevance rank among them. */
static void grow_candidates(const dmc_pdb *p, const dmc_pdb_input *in, int t, const unsigned char *gv,
                            const unsigned char *gp, const int *rank_v, const int *rank_p,
                            int *best, unsigned char *cand_v, unsigned char *cand_p)
{
	const dmc_atrans *tr = &p->m->trans[t];
	if (in->proc_ok[tr->proc] && !gp[tr->proc] && rank_p[tr->proc] != INT32_MAX) {
		cand_p[tr->proc] = 1;
		if (rank_p[tr->proc] < *best)
			*best = rank_p[tr->proc];
	}
	grow_read(tr->guard, in->var_ok, gv, rank_v, best, cand_v);
	grow_read(tr->chan, in->var_ok, gv, rank_v, best, cand_v);
	for (int a = 0; tr->clk && tr->clk->kind == DMC_CLK_POST && a < p->m->nclk_at; a++) {
		int v = p->m->clk_at[a].var;
		if (in->var_ok[v] && !gv[v] && rank_v[v] != INT32_MAX) {
			cand_v[v] = 1;
			if (rank_v[v] < *best)
				*best = rank_v[v];
		}
	}
	for (int a = 0; a < tr->nassign; a++)
		grow_read(tr->assign[a].rhs, in->var_ok, gv, rank_v, best, cand_v);
	for (int f = 0; f < tr->nmsg; f++) {
		if (tr->sync == DMC_SYNC_SEND && tr->msg)
			grow_read(tr->msg[f], in->var_ok, gv, rank_v, best, cand_v);
		if (tr->sync == DMC_SYNC_RECV && tr->match)
			grow_read(tr->match[f].value, in->var_ok, gv, rank_v, best, cand_v);
	}
}

/* Whether a state explored so far (reachable in the pattern's
 * abstraction, an exploration cut at its limit included) may be an error
 * state: with everything relevant in the pattern, then no pattern proves
 * the error unreachable (a smaller one only adds paths). */
static int reached_goal(dmc_pdb *p)
{
	for (size_t i = 0; i < p->n; i++) {
		if (p->deadline > 0 && over(p, 1))
			return 0;
		load(p, p->st + i * (size_t) p->w);
		if (goal_value(p, p->st + i * (size_t) p->w) != INF_D)
			return 1;
	}
	return 0;
}

/* the build's own limits passed (not the growth's) */
static int late_now(const dmc_pdb *p, double deadline)
{
	return (deadline > 0 && dmc_pdb_clock() > deadline) || (p->stop && p->stop(p->stop_ctx));
}

/* OK with p's table proving h(initial) infinite; TOO_BIG when the pattern
 * outgrew in->prove_states, nothing is left to add or everything relevant
 * meets an abstract error; NOMEM; OUT_OF_TIME (a quarter of the time left
 * at the start: the selection for guidance still needs the rest). */
static int grow_proof(dmc_pdb *p, const dmc_pdb_input *in, const unsigned char *all_v,
                      const unsigned char *all_p, const int *rank_v, const int *rank_p, long *init)
{
	const dmc_amodel *m = p->m;
	unsigned char *gv = calloc((size_t) m->nvars + 1, 1), *gp = calloc((size_t) m->nprocs + 1, 1);
	unsigned char *cv = calloc((size_t) m->nvars + 1, 1), *cp = calloc((size_t) m->nprocs + 1, 1);
	int *trans = NULL, *partner = NULL, rc = NOMEM;
	double deadline = p->deadline;
	if (!gv || !gp || !cv || !cp)
		goto out;
	if (deadline > 0)
		p->deadline = dmc_pdb_clock() + (deadline - dmc_pdb_clock()) / 4;
	/* first everything relevant, within prove_states: when it fits it
	 * proves or no pattern does (a smaller one only adds paths) */
	memcpy(gv, all_v, (size_t) m->nvars);
	memcpy(gp, all_p, (size_t) m->nprocs);
	for (int round = 0;; round++) {
		set_pattern(p, gv, gp);
		initial_state(p, in, init);
		p->stats.rounds++;
		p->stats.grow_rounds++;
		if ((rc = explore(p, init, p->k == 0 ? 1 : in->prove_states)) == OK)
			rc = distances(p);
		if (round == 0 && rc == OK && p->dist[0] != INF_D) {
			rc = TOO_BIG;
			break;
		}
		if (round == 0 && (rc == TOO_BIG || rc == OUT_OF_TIME)) {
			/* an abstract error everything relevant reaches (the
			 * states explored before the limit are reachable too):
			 * no pattern proves it */
			double d = p->deadline;
			p->deadline = 0;      /* the scan is bounded by the states explored */
			int reached = reached_goal(p);
			p->deadline = d;
			if (reached) {
				rc = TOO_BIG;
				break;
			}
		}
		if (round == 0 && (rc == TOO_BIG || rc == OUT_OF_TIME) && !late_now(p, deadline)) {
			/* then grow from what the goals read */
			p->late = 0;
			for (int v = 0; v < m->nvars; v++)
				gv[v] = in->var_ok[v] && rank_v[v] == 0;
			for (int q = 0; q < m->nprocs; q++)
				gp[q] = in->proc_ok[q] && rank_p[q] == 0;
			continue;
		}
		if (rc != OK || p->dist[0] == INF_D)
			break;                /* out of a limit, or proved */
		int len = p->dist[0] + 1, n, best = INT32_MAX;
		free(trans), free(partner);
		trans = malloc((size_t) len * sizeof *trans);
		partner = malloc((size_t) len * sizeof *partner);
		if (!trans || !partner) {
			rc = NOMEM;
			break;
		}
		n = dmc_pdb_path(p, trans, partner, len);
		memset(cv, 0, (size_t) m->nvars);
		memset(cp, 0, (size_t) m->nprocs);
		for (int i = 0; i < n; i++) {
			grow_candidates(p, in, trans[i], gv, gp, rank_v, rank_p, &best, cv, cp);
			if (partner[i] >= 0)
				grow_candidates(p, in, partner[i], gv, gp, rank_v, rank_p, &best, cv, cp);
		}
		if (best == INT32_MAX) {
			rc = TOO_BIG;         /* a path over the pattern alone: no pattern proves it */
			break;
		}
		for (int v = 0; v < m->nvars; v++)
			gv[v] |= cv[v] && rank_v[v] == best;
		for (int q = 0; q < m->nprocs; q++)
			gp[q] |= cp[q] && rank_p[q] == best;
	}
	if (p->deadline != deadline) {
		p->deadline = deadline;   /* the growth's own limit: not the build's */
		p->late = 0;
	}
out:
	free(gv), free(gp), free(cv), free(cp), free(trans), free(partner);
	return rc;
}

/* With a zone: the states by their k values (the look-ups know neither
 * the zone nor who moves alone). */
static int index_discrete(dmc_pdb *p)
{
	size_t cap = 2;
	while (cap < 2 * p->n + 2)
		cap *= 2;
	p->dhead = calloc(cap, sizeof *p->dhead);
	p->dnext = malloc((p->n + 1) * sizeof *p->dnext);
	if (!p->dhead || !p->dnext)
		return NOMEM;
	p->dcap = cap;
	for (size_t j = 0; j < p->n; j++) {
		size_t h = (size_t) hash_state(p->st + j * (size_t) p->w, p->k) & (cap - 1);
		p->dnext[j] = p->dhead[h];
		p->dhead[h] = (uint32_t) (j + 1);
	}
	return OK;
}

static dmc_pdb *finish(dmc_pdb *p, int rc, double t0, int keep_edges, char *err, size_t errlen)
{
	if (rc == OK && p->z)
		rc = index_discrete(p);
	if (rc != OK) {
		if (p->cone_outgrew)
			snprintf(err, errlen, "everything the goals depend on (%d components) outgrows %s",
			         p->k, rc == OUT_OF_TIME ? "its work bound (40 units per abstract state of the size limit) or the time limit" : rc == TOO_WIDE
			         ? "256 values of a variable or 4096 successors of a transition" : "the limit of abstract states");
		else
			snprintf(err, errlen, rc == NOMEM ? "out of memory building the pattern database"
			         : rc == OUT_OF_TIME ? "the abstraction outgrows the time limit"
			         : "the abstraction outgrows the limit");
		dmc_pdb_free(p);
		return NULL;
	}
	p->stats.states = p->n;
	p->stats.pattern = p->k;
	p->stats.tables = 1;
	p->stats.edges = p->nedges;
	p->stats.h_init = p->dist[0] == INF_D ? DMC_PDB_INF : p->dist[0];
	p->stats.seconds = dmc_pdb_clock() - t0;
	p->stats.bytes = p->n * ((size_t) p->w * sizeof(long) + sizeof(int)) + p->htcap * sizeof(uint32_t);
	if (!keep_edges) {
		free(p->edges);       /* the table no longer needs them */
		p->edges = NULL;
		p->nedges = p->edcap = 0;
	}
	return p;
}

/* The build's limits from in. */
static void set_limits(dmc_pdb *p, const dmc_pdb_input *in, double t0)
{
	p->deadline = in->max_seconds > 0 ? t0 + in->max_seconds : 0;
	p->max_work = in->cone_only ? in->max_states * DMC_PDB_CONE_WORK : 0;
	p->stop = in->stop;
	p->stop_ctx = in->stop_ctx;
}

dmc_pdb *dmc_pdb_build(const dmc_pdb_input *in, char *err, size_t errlen)
{
	const dmc_amodel *m = in->m;
	double t0 = dmc_pdb_clock();
	dmc_pdb *p = calloc(1, sizeof *p);
	unsigned char *keep_v = calloc((size_t) m->nvars + 1, 1), *keep_p = calloc((size_t) m->nprocs + 1, 1);
	int *goal_v = calloc((size_t) m->nvars + 1, sizeof *goal_v);
	int *goal_p = calloc((size_t) m->nprocs + 1, sizeof *goal_p);
	long *init = malloc(((size_t) m->nvars + m->nprocs + 2 + STATE_ZONE_MAX) * sizeof *init);
	dmc_pdb_dpr *dpr = NULL;
	int rc = NOMEM;
	if (!p || !keep_v || !keep_p || !goal_v || !goal_p || !init)
		goto out;
	p->m = m;
	set_limits(p, in, t0);
	if (compile_model(p) < 0)
		goto out;
	relevance(m, goal_v, goal_p);
	/* what no goal depends on changes no abstract distance: out at once
	 * (the cone of influence; seed 004 leaves out its safe processes) */
	for (int v = 0; v < m->nvars; v++)
		keep_v[v] = in->var_ok[v] != 0 && goal_v[v] != INT32_MAX;
	for (int q = 0; q < m->nprocs; q++)
		keep_p[q] = in->proc_ok[q] != 0 && goal_p[q] != INT32_MAX;
	if (in->s0 && !in->cone_only && !(dpr = dmc_pdb_dpr_new(m, in->s0, in->var_ok, in->proc_ok)))
		goto out;
	for (int refined = 0, grown = 0;;) {
		set_pattern(p, keep_v, keep_p);
		initial_state(p, in, init);
		size_t max = in->max_states > 0 ? in->max_states : 1;
		if (late(p) && in->cone_only) {
			rc = OUT_OF_TIME;
			p->cone_outgrew = 1;
			break;
		}
		if (late(p)) {
			/* out of time: the empty pattern (one state) is always small */
			memset(keep_v, 0, (size_t) m->nvars);
			memset(keep_p, 0, (size_t) m->nprocs);
			p->stats.timed_out = 1;
			continue;
		}
		p->stats.rounds++;            /* an exploration */
		rc = explore(p, init, p->k == 0 ? 1 : max);
		if (rc == OK)
			rc = distances(p);
		if (rc == OK || rc == NOMEM)
			break;
		if (in->cone_only && !(rc == TOO_BIG && p->z && !p->no_zone)) {
			p->cone_outgrew = 1;
			break;        /* no smaller pattern: none (finish says why) */
		}
		if (rc == OUT_OF_TIME)
			continue;
		if (rc == TOO_BIG && !refined && !grown++ && in->prove_states > max && !reached_goal(p)) {
			/* everything relevant does not fit: a pattern that
			 * proves the error unreachable, before one that guides
			 * (not when its exploration has met an abstract error
			 * already); else the same exploration again, cut at
			 * max, for the selection below */
			rc = grow_proof(p, in, keep_v, keep_p, goal_v, goal_p, init);
			if (rc == OK || rc == NOMEM)
				break;
			continue;
		}
		if (rc == TOO_BIG && p->z && !p->no_zone) {
			/* the zone multiplies a pattern's states most: the
			 * table that guides is first tried without clocks
			 * (every zone a clock-free state stands for), before
			 * leaving components out */
			p->no_zone = 1;
			continue;
		}
		if (rc == TOO_WIDE && p->bad_var >= 0)
			keep_v[p->bad_var] = 0;
		else if (dpr && !refined++) {
			/* everything relevant does not fit: downward refinement
			 * first, then the least harmful removals */
			double before = bound(m, keep_v, keep_p);
			refine_down(p, dpr, keep_v, keep_p, in->var_ok, in->proc_ok, goal_v, goal_p);
			if (bound(m, keep_v, keep_p) == before)
				drop_accurate(p, dpr, keep_v, keep_p, goal_v, goal_p);
		} else if (dpr)
			drop_accurate(p, dpr, keep_v, keep_p, goal_v, goal_p);
		else
			drop_one(p, keep_v, keep_p, goal_v, goal_p);
	}
out:
	dmc_pdb_dpr_free(dpr);
	free(keep_v), free(keep_p), free(goal_v), free(goal_p), free(init);
	if (!p)
		return NULL;
	return finish(p, rc, t0, in->keep_edges, err, errlen);
}

/* The table keeps its own copy of the predicates (one block each). */
static int copy_preds(dmc_pdb *p, const dmc_pdb_preds *pr)
{
	const dmc_amodel *m = p->m;
	size_t nc = 0, nm = 0;
	for (int v = 0; v < m->nvars; v++)
		nc += (size_t) pr->ncut[v];
	for (int q = 0; q < m->nprocs; q++)
		nm += (size_t) pr->nmark[q];
	int *ncut = malloc(((size_t) m->nvars + 1) * sizeof *ncut);
	int *nmark = malloc(((size_t) m->nprocs + 1) * sizeof *nmark);
	const long **cut = malloc(((size_t) m->nvars + 1) * sizeof *cut);
	const int **mark = malloc(((size_t) m->nprocs + 1) * sizeof *mark);
	p->own_cut = malloc((nc + 1) * sizeof *p->own_cut);
	p->own_mark = malloc((nm + 1) * sizeof *p->own_mark);
	p->own = (dmc_pdb_preds){ ncut, (const long *const *) cut, nmark, (const int *const *) mark };
	p->preds = &p->own;
	if (!ncut || !nmark || !cut || !mark || !p->own_cut || !p->own_mark)
		return NOMEM;
	nc = nm = 0;
	for (int v = 0; v < m->nvars; v++) {
		ncut[v] = pr->ncut[v];
		cut[v] = p->own_cut + nc;
		memcpy(p->own_cut + nc, pr->cut[v], (size_t) ncut[v] * sizeof *p->own_cut);
		nc += (size_t) ncut[v];
	}
	for (int q = 0; q < m->nprocs; q++) {
		nmark[q] = pr->nmark[q];
		mark[q] = p->own_mark + nm;
		memcpy(p->own_mark + nm, pr->mark[q], (size_t) nmark[q] * sizeof *p->own_mark);
		nm += (size_t) nmark[q];
	}
	return OK;
}

dmc_pdb *dmc_pdb_build_preds(const dmc_pdb_input *in, const dmc_pdb_preds *pr, int *outgrew,
                             char *err, size_t errlen)
{
	const dmc_amodel *m = in->m;
	double t0 = dmc_pdb_clock();
	dmc_pdb *p = calloc(1, sizeof *p);
	unsigned char *keep_v = calloc((size_t) m->nvars + 1, 1), *keep_p = calloc((size_t) m->nprocs + 1, 1);
	long *init = malloc(((size_t) m->nvars + m->nprocs + 2 + STATE_ZONE_MAX) * sizeof *init);
	int rc = NOMEM;
	*outgrew = 0;
	if (!p || !keep_v || !keep_p || !init)
		goto out;
	p->m = m;
	set_limits(p, in, t0);
	if (compile_model(p) < 0 || copy_preds(p, pr) < 0)
		goto out;
	pr = p->preds;
	for (int v = 0; v < m->nvars; v++)
		keep_v[v] = in->var_ok[v] && pr->ncut[v] > 0;
	for (int q = 0; q < m->nprocs; q++)
		keep_p[q] = in->proc_ok[q] && pr->nmark[q] > 0;
	set_pattern(p, keep_v, keep_p);
	initial_state(p, in, init);
	p->stats.rounds = 1;
	rc = explore(p, init, in->max_states > 0 ? in->max_states : 1);
	if (rc == OK)
		rc = distances(p);
	if (rc == TOO_BIG || rc == TOO_WIDE || rc == OUT_OF_TIME)
		*outgrew = 1;
out:
	free(keep_v), free(keep_p), free(init);
	if (!p)
		return NULL;
	return finish(p, rc, t0, in->keep_edges, err, errlen);
}

int dmc_pdb_path(const dmc_pdb *p, int *trans, int *partner, int max)
{
	size_t at_ = 0;
	int n = 0;
	if (!p->n || !p->edges || p->dist[0] == INF_D)
		return 0;
	while (p->dist[at_] > 0 && n < max) {
		size_t e = 0;
		for (; e < p->nedges; e++)
			if (p->edges[e].from == at_ && p->dist[p->edges[e].to] != INF_D
			    && p->dist[p->edges[e].to] + p->edges[e].cost == p->dist[at_])
				break;
		if (e == p->nedges)
			break;                /* the goal's extra steps: the path ends here */
		trans[n] = p->edges[e].t;
		partner[n++] = p->edges[e].r;
		at_ = p->edges[e].to;
	}
	return n;
}

void dmc_pdb_free(dmc_pdb *p)
{
	if (!p)
		return;
	for (int t = 0; p->m && t < p->m->ntrans; t++) {
		if (p->rhs)
			free(p->rhs[t]);
		if (p->msg)
			free(p->msg[t]);
		if (p->match)
			free(p->match[t]);
	}
	dmc_vprogs_free(p->ps);
	free(p->guard), free(p->goal_f), free(p->chan), free(p->rhs), free(p->msg), free(p->match);
	free(p->es), free(p->er), free(p->by_loc), free(p->first), free(p->base), free(p->dom), free(p->cur), free(p->next), free(p->vals), free(p->vals2);
	free(p->var_slot), free(p->proc_slot), free(p->pv), free(p->pp);
	free(p->assigned), free(p->succ), free(p->pos);
	free(p->ncut), free(p->cut), free(p->nmark), free(p->mark), free(p->constant);
	free((void *) p->own.ncut), free((void *) p->own.cut), free((void *) p->own.nmark);
	free((void *) p->own.mark), free(p->own_cut), free(p->own_mark);
	free(p->st), free(p->ht), free(p->dist), free(p->edges);
	dmc_pdbz_free(p->z);
	free(p->zfrom), free(p->dhead), free(p->dnext);
	free(p);
}

int dmc_pdb_nvars(const dmc_pdb *p) { return p->nv; }
int dmc_pdb_var(const dmc_pdb *p, int i) { return p->pv[i]; }
int dmc_pdb_nprocs(const dmc_pdb *p) { return p->np; }
int dmc_pdb_proc(const dmc_pdb *p, int i) { return p->pp[i]; }
int dmc_pdb_nclocks(const dmc_pdb *p) { return dmc_pdbz_nclocks(p->z); }

/* best (a distance, DMC_PDB_INF or DMC_PDB_MISS) with one more
 * candidate's distance d: the least finite one; infinite only when
 * every candidate is */
static int least_distance(int best, int d)
{
	if (d != INF_D && (best < 0 || d < best))
		return d;
	return d == INF_D && best == DMC_PDB_MISS ? DMC_PDB_INF : best;
}

/* The least distance of the table's states with the k values of key
 * whose zones meet the concrete zone (dimension dim; 0: not known, then
 * every one): a concrete state lies in the zone of one of them (the
 * abstraction over-approximates); DMC_PDB_INF when all are infinite,
 * DMC_PDB_MISS when there is none. */
static int lookup_zone(const dmc_pdb *p, const long *key, const int *zone, int dim)
{
	int best = DMC_PDB_MISS;
	size_t h = (size_t) hash_state(key, p->k) & (p->dcap - 1);
	for (uint32_t j = p->dhead[h]; j; j = p->dnext[j - 1]) {
		const long *s = p->st + (size_t) (j - 1) * (size_t) p->w;
		if (memcmp(s, key, (size_t) p->k * sizeof *s) != 0
		    || (dim > 0 && !dmc_pdbz_meets(p->z, s + p->zoff, zone, dim)))
			continue;
		best = least_distance(best, p->dist[j - 1]);
	}
	return best;
}

int dmc_pdb_lookup(const dmc_pdb *p, const long *val, const int *loc)
{
	return dmc_pdb_lookup_zone(p, val, loc, NULL, 0);
}

int dmc_pdb_lookup_zone(const dmc_pdb *p, const long *val, const int *loc, const int *zone, int dim)
{
	long *key = p->succ;          /* not used outside the build */
	for (int i = 0; i < p->nv; i++)
		key[i] = val[i];
	for (int i = 0; i < p->np; i++)
		key[p->nv + i] = loc[i];
	for (int i = 0; i < p->nv; i++)
		key[i] = class_of(p, i, key[i]);
	for (int i = 0; i < p->np; i++)
		key[p->nv + i] = loc_class(p, i, (int) key[p->nv + i]);
	if (p->z)
		return lookup_zone(p, key, zone, dim);
	if (p->zoff == p->k) {
		long j = find(p, key);
		if (j < 0)
			return DMC_PDB_MISS;
		return p->dist[j] == INF_D ? DMC_PDB_INF : p->dist[j];
	}
	/* whether some automaton moves alone is not in the state: the least
	 * distance of the abstract states it may be (one that the
	 * abstraction never reaches stands for no concrete state) */
	int best = DMC_PDB_MISS;
	for (int e = -1; e < p->np; e++) {
		key[p->k] = e;
		long j = find(p, key);
		if (j >= 0)
			best = least_distance(best, p->dist[j]);
	}
	return best;
}

int dmc_pdb_alone(const dmc_pdb *p, size_t i)
{
	return p->zoff > p->k && p->st[i * (size_t) p->w + p->k] >= 0 ? p->pp[p->st[i * (size_t) p->w + p->k]] : -1;
}

size_t dmc_pdb_nstates(const dmc_pdb *p)
{
	return p->n;
}

int dmc_pdb_state(const dmc_pdb *p, size_t i, long *val, int *loc)
{
	const long *s = p->st + i * (size_t) p->w;
	for (int j = 0; j < p->nv; j++)
		val[j] = s[j];
	for (int j = 0; j < p->np; j++)
		loc[j] = (int) s[p->nv + j];
	return p->dist[i] == INF_D ? DMC_PDB_INF : p->dist[i];
}

void dmc_pdb_set_rounds(dmc_pdb *p, int rounds)
{
	p->stats.rounds = rounds;
}

void dmc_pdb_set_timed_out(dmc_pdb *p)
{
	p->stats.timed_out = 1;
}

const dmc_pdb_stats *dmc_pdb_stats_of(const dmc_pdb *p)
{
	return &p->stats;
}

void dmc_pdb_histogram(const dmc_pdb *p, size_t *hist, int n)
{
	memset(hist, 0, ((size_t) n + 1) * sizeof *hist);
	for (size_t j = 0; j < p->n; j++)
		hist[p->dist[j] == INF_D ? n : p->dist[j] >= n ? n - 1 : p->dist[j]]++;
}
