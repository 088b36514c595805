// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_ground.c -- the lifted model grounded by relaxed reachability:
 * starting from the initial state, an action's binding is kept when its
 * precondition can hold if nothing were ever deleted (negative literals
 * of changing predicates assumed true), and its add effects reached; to
 * the fixpoint.  Only those bindings become ground actions and only the
 * atoms reached become facts, so the grounding is the reachable part,
 * not every combination of objects.  Static predicates (no action
 * changes them) are folded into true or false, as are atoms never
 * reached (always false); quantifiers expand over their type's objects.
 * Parameters are bound one at a time, and a conjunct of the
 * precondition is checked as soon as its parameters are, so a static
 * type-like predicate prunes the enumeration early.
 */
#include "pddl.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ATOMS 4000000

/* ground atoms: pred then args, interned to dense ids */
typedef struct {
	int *pool;
	size_t plen, pcap;
	size_t *off;
	int n, cap;
	int *slot;               /* open addressing: id + 1, 0 empty */
	size_t nslots;
} atomtab;

static uint64_t atom_hash(int pred, const int *args, int nargs)
{
	uint64_t h = 1469598103934665603ULL ^ (uint64_t) (unsigned) pred;
	for (int i = 0; i < nargs; i++)
		h = (h ^ (uint64_t) (unsigned) args[i]) * 1099511628211ULL;
	return h * 0x9e3779b97f4a7c15ULL;
}

static void at_grow(atomtab *t)
{
	size_t ns = t->nslots ? 2 * t->nslots : 1024;
	int *slot = drv_alloc(ns * sizeof *slot);
	memset(slot, 0, ns * sizeof *slot);
	for (int id = 0; id < t->n; id++) {
		const int *k = &t->pool[t->off[id]];
		size_t i = (size_t) (atom_hash(k[0], k + 2, k[1]) & (ns - 1));
		while (slot[i])
			i = (i + 1) & (ns - 1);
		slot[i] = id + 1;
	}
	free(t->slot);
	t->slot = slot;
	t->nslots = ns;
}

/* the atom's id, or -1 when absent and !insert (or the table full) */
static int at_find(atomtab *t, int pred, const int *args, int nargs, int insert)
{
	if (t->nslots == 0 || (size_t) t->n * 2 >= t->nslots) {
		if (!insert && t->nslots == 0)
			return -1;
		at_grow(t);
	}
	size_t i = (size_t) (atom_hash(pred, args, nargs) & (t->nslots - 1));
	for (; t->slot[i]; i = (i + 1) & (t->nslots - 1)) {
		const int *k = &t->pool[t->off[t->slot[i] - 1]];
		if (k[0] == pred && k[1] == nargs && memcmp(k + 2, args, (size_t) nargs * sizeof *args) == 0)
			return t->slot[i] - 1;
	}
	if (!insert || t->n >= MAX_ATOMS)
		return -1;
	if (t->plen + (size_t) nargs + 2 > t->pcap) {
		t->pcap = 2 * (t->pcap + (size_t) nargs + 2);
		t->pool = drv_realloc(t->pool, t->pcap * sizeof *t->pool);
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->off = drv_realloc(t->off, (size_t) t->cap * sizeof *t->off);
	}
	t->off[t->n] = t->plen;
	t->pool[t->plen++] = pred;
	t->pool[t->plen++] = nargs;
	memcpy(&t->pool[t->plen], args, (size_t) nargs * sizeof *args);
	t->plen += (size_t) nargs;
	t->slot[i] = t->n + 1;
	return t->n++;
}

static void at_free(atomtab *t)
{
	free(t->pool);
	free(t->off);
	free(t->slot);
}

typedef struct {
	const pddl_model *m;
	atomtab init;            /* the initial state's atoms */
	atomtab fl;              /* fluent atoms looked at */
	char *reached;           /* per fl id */
	int rcap;
	int changed, full;
	int *bind;
	/* per type, its objects */
	int **tobjs, *ntobjs;
	pddl_err *err;
} G;

static int *atom_args(G *g, const int *args, int nargs, int *buf)
{
	for (int i = 0; i < nargs; i++)
		buf[i] = PDDL_IS_VAR(args[i]) ? g->bind[PDDL_VAR_OF(args[i])] : args[i];
	return buf;
}

/* fl's id of a fluent atom, inserted (and reached[] grown) */
static int fluent_id(G *g, int pred, const int *args, int nargs)
{
	int id = at_find(&g->fl, pred, args, nargs, 1);
	if (id < 0) {
		g->full = 1;
		return -1;
	}
	if (id >= g->rcap) {
		int n = g->rcap ? 2 * g->rcap : 1024;
		while (n <= id)
			n *= 2;
		g->reached = drv_realloc(g->reached, (size_t) n);
		memset(g->reached + g->rcap, 0, (size_t) (n - g->rcap));
		g->rcap = n;
	}
	return id;
}

static int relaxed_quant(G *g, const pddl_fm *f, int neg, int k, int any);

/* ---- relaxed truth: fluent atoms true when reached, their negations
 * always possible; static atoms, equality exact ---- */
static int relaxed(G *g, const pddl_fm *f, int neg)
{
	int a[64], r;
	switch (f->kind) {
	case PF_TRUE:
		return !neg;
	case PF_EQ:
		atom_args(g, f->args, 2, a);
		return (a[0] == a[1]) != neg;
	case PF_ATOM:
		atom_args(g, f->args, f->nargs, a);
		if (!g->m->preds[f->pred].fluent)
			return (at_find(&g->init, f->pred, a, f->nargs, 0) >= 0) != neg;
		if (neg)
			return 1;
		r = fluent_id(g, f->pred, a, f->nargs);
		return r >= 0 && g->reached[r];
	case PF_NOT:
		return relaxed(g, &f->sub[0], !neg);
	case PF_AND:
	case PF_OR: {
		int conj = (f->kind == PF_AND) != neg;   /* all must hold */
		for (int i = 0; i < f->n; i++)
			if (relaxed(g, &f->sub[i], neg) != conj)
				return !conj;
		return conj;
	}
	case PF_IMPLY:
		/* a -> b is (not a) or b */
		if (!neg)
			return relaxed(g, &f->sub[0], 1) || relaxed(g, &f->sub[1], 0);
		return relaxed(g, &f->sub[0], 0) && relaxed(g, &f->sub[1], 1);
	default: {   /* quantifiers: exists is an or, forall an and (flipped by neg) */
		int any = (f->kind == PF_EXISTS) != neg;
		return relaxed_quant(g, f, neg, 0, any);
	}
	}
}

/* the quantifier's k-th variable and the rest bound in turn: any (an
 * exists) holds when one binding does, else (a forall) when all do */
static int relaxed_quant(G *g, const pddl_fm *f, int neg, int k, int any)
{
	if (k == f->nvars)
		return relaxed(g, &f->sub[0], neg);
	int t = f->vtype[k];
	for (int i = 0; i < g->ntobjs[t]; i++) {
		g->bind[f->var0 + k] = g->tobjs[t][i];
		if (relaxed_quant(g, f, neg, k + 1, any) == any)
			return any;
	}
	return !any;
}

/* ---- ground formulas, folded ---- */
static pddl_gf *gf_new(int kind)
{
	pddl_gf *x = drv_alloc(sizeof *x);
	memset(x, 0, sizeof *x);
	x->kind = kind;
	return x;
}

static void gf_free(pddl_gf *x)
{
	if (!x)
		return;
	for (int i = 0; i < x->n; i++)
		gf_free(x->kids[i]);
	free(x->kids);
	free(x);
}

static pddl_gf *gf_not(pddl_gf *x)
{
	if (x->kind == PG_TRUE || x->kind == PG_FALSE) {
		x->kind = x->kind == PG_TRUE ? PG_FALSE : PG_TRUE;
		return x;
	}
	if (x->kind == PG_NOT) {
		pddl_gf *k = x->kids[0];
		free(x->kids);
		free(x);
		return k;
	}
	pddl_gf *n = gf_new(PG_NOT);
	n->kids = drv_alloc(sizeof *n->kids);
	n->kids[0] = x;
	n->n = 1;
	return n;
}

/* kid added to an and (or): true (false) dropped, false (true) absorbs */
static pddl_gf *gf_join(pddl_gf *j, pddl_gf *kid)
{
	int unit = j->kind == PG_AND ? PG_TRUE : PG_FALSE;
	if (j->kind != PG_AND && j->kind != PG_OR) {   /* absorbed already */
		gf_free(kid);
		return j;
	}
	if (kid->kind == unit) {
		gf_free(kid);
		return j;
	}
	if (kid->kind == PG_TRUE || kid->kind == PG_FALSE) {
		gf_free(j);
		return kid;
	}
	if (kid->kind == j->kind) {   /* flattened */
		for (int i = 0; i < kid->n; i++)
			j = gf_join(j, kid->kids[i]);
		kid->n = 0;
		gf_free(kid);
		return j;
	}
	j->kids = drv_realloc(j->kids, ((size_t) j->n + 1) * sizeof *j->kids);
	j->kids[j->n++] = kid;
	return j;
}

/* an and/or with its kids joined: the one kid itself, or its unit */
static pddl_gf *gf_done(pddl_gf *j)
{
	if ((j->kind == PG_AND || j->kind == PG_OR) && j->n <= 1) {
		pddl_gf *r = j->n ? j->kids[0] : gf_new(j->kind == PG_AND ? PG_TRUE : PG_FALSE);
		j->n = 0;
		gf_free(j);
		return r;
	}
	return j;
}

static pddl_gf *ground(G *g, const pddl_fm *f);

static pddl_gf *ground_quant(G *g, const pddl_fm *f, int k, pddl_gf *j)
{
	if (k == f->nvars)
		return gf_join(j, ground(g, &f->sub[0]));
	int t = f->vtype[k];
	for (int i = 0; i < g->ntobjs[t] && (j->kind == PG_AND || j->kind == PG_OR); i++) {
		g->bind[f->var0 + k] = g->tobjs[t][i];
		j = ground_quant(g, f, k + 1, j);
	}
	return j;
}

/* f under g->bind: static atoms and unreached fluent atoms folded */
static pddl_gf *ground(G *g, const pddl_fm *f)
{
	int a[64];
	pddl_gf *x;
	switch (f->kind) {
	case PF_TRUE:
		return gf_new(PG_TRUE);
	case PF_EQ:
		atom_args(g, f->args, 2, a);
		return gf_new(a[0] == a[1] ? PG_TRUE : PG_FALSE);
	case PF_ATOM: {
		atom_args(g, f->args, f->nargs, a);
		if (!g->m->preds[f->pred].fluent)
			return gf_new(at_find(&g->init, f->pred, a, f->nargs, 0) >= 0 ? PG_TRUE : PG_FALSE);
		int id = fluent_id(g, f->pred, a, f->nargs);
		if (id < 0 || !g->reached[id])
			return gf_new(PG_FALSE);
		x = gf_new(PG_FACT);
		x->fact = id;
		return x;
	}
	case PF_NOT:
		return gf_not(ground(g, &f->sub[0]));
	case PF_AND:
	case PF_OR:
		x = gf_new(f->kind == PF_AND ? PG_AND : PG_OR);
		for (int i = 0; i < f->n && (x->kind == PG_AND || x->kind == PG_OR); i++)
			x = gf_join(x, ground(g, &f->sub[i]));
		return gf_done(x);
	case PF_IMPLY:
		x = gf_join(gf_new(PG_OR), gf_not(ground(g, &f->sub[0])));
		if (x->kind == PG_OR)
			x = gf_join(x, ground(g, &f->sub[1]));
		return gf_done(x);
	default:
		x = gf_new(f->kind == PF_EXISTS ? PG_OR : PG_AND);
		return gf_done(ground_quant(g, f, 0, x));
	}
}

/* ---- enumerating an action's bindings ---- */
typedef struct {
	const pddl_action *a;
	const pddl_fm **conj;    /* the precondition's top-level conjuncts */
	int *at;                 /* the parameter after whose binding each is checked */
	int nconj;
	int (*visit)(G *, void *);   /* per binding that passes; nonzero stops */
	void *arg;
} enumer;

static int max_param(const pddl_fm *f, int nparams)
{
	int m = -1;
	for (int i = 0; i < f->nargs; i++)
		if (PDDL_IS_VAR(f->args[i]) && PDDL_VAR_OF(f->args[i]) < nparams && PDDL_VAR_OF(f->args[i]) > m)
			m = PDDL_VAR_OF(f->args[i]);
	for (int i = 0; i < f->n; i++) {
		int k = max_param(&f->sub[i], nparams);
		if (k > m)
			m = k;
	}
	return m;
}

static void conjuncts(enumer *e, const pddl_fm *f)
{
	if (f->kind == PF_AND) {
		for (int i = 0; i < f->n; i++)
			conjuncts(e, &f->sub[i]);
		return;
	}
	e->conj = drv_realloc(e->conj, ((size_t) e->nconj + 1) * sizeof *e->conj);
	e->at = drv_realloc(e->at, ((size_t) e->nconj + 1) * sizeof *e->at);
	e->conj[e->nconj] = f;
	e->at[e->nconj++] = max_param(f, e->a->nparams);
}

static int bind_from(G *g, enumer *e, int k)
{
	for (int c = 0; c < e->nconj; c++)
		if (e->at[c] == k - 1 && !relaxed(g, e->conj[c], 0))
			return 0;
	if (k == e->a->nparams)
		return e->visit(g, e->arg);
	int t = e->a->ptype[k];
	for (int i = 0; i < g->ntobjs[t]; i++) {
		g->bind[k] = g->tobjs[t][i];
		if (bind_from(g, e, k + 1))
			return 1;
	}
	return 0;
}

static int enumerate(G *g, const pddl_action *a, int (*visit)(G *, void *), void *arg)
{
	enumer e = { a, NULL, NULL, 0, visit, arg };
	if (a->pre)
		conjuncts(&e, a->pre);
	int rc = bind_from(g, &e, 0);
	free(e.conj);
	free(e.at);
	return rc;
}

/* an effect's forall variables bound in turn, visit per binding */
static int eff_bindings(G *g, const pddl_eff *ef, int k, int (*visit)(G *, const pddl_eff *, void *),
                        void *arg)
{
	if (k == ef->nvars)
		return visit(g, ef, arg);
	int t = ef->vtype[k];
	for (int i = 0; i < g->ntobjs[t]; i++) {
		g->bind[ef->var0 + k] = g->tobjs[t][i];
		if (eff_bindings(g, ef, k + 1, visit, arg))
			return 1;
	}
	return 0;
}

/* ---- the relaxed fixpoint ---- */
static int reach_add(G *g, const pddl_eff *ef, void *arg)
{
	int a[64];
	(void) arg;
	if (!ef->add || (ef->cond && !relaxed(g, ef->cond, 0)))
		return 0;
	int id = fluent_id(g, ef->pred, atom_args(g, ef->args, ef->nargs, a), ef->nargs);
	if (id < 0)
		return 1;
	if (!g->reached[id]) {
		g->reached[id] = 1;
		g->changed = 1;
	}
	return 0;
}

static int reach_action(G *g, void *arg)
{
	const pddl_action *a = arg;
	for (int i = 0; i < a->neffs; i++)
		if (eff_bindings(g, &a->effs[i], 0, reach_add, NULL))
			return 1;
	return 0;
}

/* ---- the ground actions ---- */
typedef struct {
	pddl_task *t;
	int schema, max;
	pddl_gaction *cur;
} collect;

static int add_geff(G *g, const pddl_eff *ef, void *arg)
{
	collect *c = arg;
	int a[64];
	pddl_gf *cond = ef->cond ? ground(g, ef->cond) : NULL;
	if (cond && cond->kind == PG_TRUE) {
		gf_free(cond);
		cond = NULL;
	}
	int id = fluent_id(g, ef->pred, atom_args(g, ef->args, ef->nargs, a), ef->nargs);
	if ((cond && cond->kind == PG_FALSE) || id < 0 || !g->reached[id]) {
		gf_free(cond);
		return id < 0;
	}
	pddl_gaction *ga = c->cur;
	ga->effs = drv_realloc(ga->effs, ((size_t) ga->neffs + 1) * sizeof *ga->effs);
	ga->effs[ga->neffs++] = (pddl_geff) { cond, id, ef->add, ef->at_end };
	return 0;
}

static int collect_action(G *g, void *arg)
{
	collect *c = arg;
	const pddl_action *a = &g->m->acts[c->schema];
	pddl_gf *pre = a->pre ? ground(g, a->pre) : gf_new(PG_TRUE);
	if (pre->kind == PG_FALSE) {
		gf_free(pre);
		return g->full;
	}
	pddl_gaction ga = { c->schema, NULL, pre, NULL, 0, NULL, NULL };
	/* a durative action's other conditions: statically false, no step of a plan */
	if (a->durative) {
		ga.inv = a->inv ? ground(g, a->inv) : gf_new(PG_TRUE);
		ga.pre_end = a->pre_end ? ground(g, a->pre_end) : gf_new(PG_TRUE);
		if (ga.inv->kind == PG_FALSE || ga.pre_end->kind == PG_FALSE) {
			gf_free(ga.inv);
			gf_free(ga.pre_end);
			gf_free(pre);
			return g->full;
		}
	}
	c->cur = &ga;
	for (int i = 0; i < a->neffs; i++)
		if (eff_bindings(g, &a->effs[i], 0, add_geff, c))
			break;
	if (ga.neffs == 0 || g->full) {   /* changes nothing: no step of a plan */
		for (int i = 0; i < ga.neffs; i++)
			gf_free(ga.effs[i].cond);
		free(ga.effs);
		gf_free(pre);
		gf_free(ga.inv);
		gf_free(ga.pre_end);
		return g->full;
	}
	pddl_task *t = c->t;
	if (t->nacts >= c->max) {
		snprintf(g->err->msg, sizeof g->err->msg,
		         "the grounding has more than %d actions (reachable from the initial state): "
		         "too large for dmc plan", c->max);
		for (int i = 0; i < ga.neffs; i++)
			gf_free(ga.effs[i].cond);
		free(ga.effs);
		gf_free(pre);
		gf_free(ga.inv);
		gf_free(ga.pre_end);
		return 1;
	}
	ga.args = drv_alloc((size_t) (a->nparams + 1) * sizeof *ga.args);
	memcpy(ga.args, g->bind, (size_t) a->nparams * sizeof *ga.args);
	if (t->nacts % 256 == 0)
		t->acts = drv_realloc(t->acts, ((size_t) t->nacts + 256) * sizeof *t->acts);
	t->acts[t->nacts++] = ga;
	return 0;
}

/* fact ids renumbered densely over the reached atoms */
static void renumber(pddl_gf *x, const int *map)
{
	if (!x)
		return;
	if (x->kind == PG_FACT)
		x->fact = map[x->fact];
	for (int i = 0; i < x->n; i++)
		renumber(x->kids[i], map);
}

static int check_arity(const pddl_model *m, pddl_err *err)
{
	for (int i = 0; i < m->npreds; i++)
		if (m->preds[i].nargs > 64) {
			snprintf(err->msg, sizeof err->msg, "%s: the predicate '%s' has more than 64 arguments",
			         m->domain_file, m->preds[i].name);
			return -1;
		}
	return 0;
}

int pddl_ground(const pddl_model *m, pddl_task *t, int max_actions, pddl_err *err)
{
	G g;
	memset(&g, 0, sizeof g);
	memset(t, 0, sizeof *t);
	g.m = m;
	g.err = err;
	if (check_arity(m, err) != 0)
		return -1;
	int maxvars = m->goal_nvars;
	for (int i = 0; i < m->nacts; i++)
		if (m->acts[i].nvars > maxvars)
			maxvars = m->acts[i].nvars;
	g.bind = drv_alloc((size_t) (maxvars + 1) * sizeof *g.bind);
	g.tobjs = drv_alloc((size_t) m->ntypes * sizeof *g.tobjs);
	g.ntobjs = drv_alloc((size_t) m->ntypes * sizeof *g.ntobjs);
	for (int ty = 0; ty < m->ntypes; ty++) {
		g.tobjs[ty] = drv_alloc((size_t) (m->nobjs + 1) * sizeof **g.tobjs);
		g.ntobjs[ty] = 0;
		for (int o = 0; o < m->nobjs; o++)
			if (pddl_is_a(m, o, ty))
				g.tobjs[ty][g.ntobjs[ty]++] = o;
	}
	for (int i = 0, k = 0; i < m->ninit; i++) {
		int pred = m->init[k], n = m->preds[pred].nargs;
		at_find(&g.init, pred, &m->init[k + 1], n, 1);
		if (m->preds[pred].fluent) {
			int id = fluent_id(&g, pred, &m->init[k + 1], n);
			if (id >= 0)
				g.reached[id] = 1;
		}
		k += n + 1;
	}
	/* the fixpoint */
	do {
		g.changed = 0;
		for (int i = 0; i < m->nacts && !g.full; i++)
			enumerate(&g, &m->acts[i], reach_action, (void *) &m->acts[i]);
	} while (g.changed && !g.full);
	int rc = 0;
	collect c = { t, 0, max_actions, NULL };
	for (int i = 0; i < m->nacts && rc == 0 && !g.full; i++) {
		c.schema = i;
		rc = enumerate(&g, &m->acts[i], collect_action, &c) ? -1 : 0;
	}
	if (rc == 0 && !g.full) {
		memset(g.bind, 0, (size_t) (maxvars + 1) * sizeof *g.bind);
		t->goal = ground(&g, m->goal);
	}
	if (g.full) {
		snprintf(err->msg, sizeof err->msg, "the grounding looks at more than %d atoms: too large for dmc plan",
		         MAX_ATOMS);
		rc = -1;
	}
	t->atoms = (size_t) g.fl.n;
	if (rc == 0) {
		/* the facts: the reached fluent atoms, densely */
		int *map = drv_alloc(((size_t) g.fl.n + 1) * sizeof *map);
		for (int id = 0; id < g.fl.n; id++)
			map[id] = g.reached[id] ? t->nfacts++ : -1;
		t->fpred = drv_alloc(((size_t) t->nfacts + 1) * sizeof *t->fpred);
		t->fargs = drv_alloc(((size_t) t->nfacts + 1) * sizeof *t->fargs);
		t->finit = drv_alloc((size_t) t->nfacts + 1);
		for (int id = 0; id < g.fl.n; id++) {
			if (map[id] < 0)
				continue;
			const int *k = &g.fl.pool[g.fl.off[id]];
			int f = map[id];
			t->fpred[f] = k[0];
			t->fargs[f] = drv_alloc(((size_t) k[1] + 1) * sizeof **t->fargs);
			memcpy(t->fargs[f], k + 2, (size_t) k[1] * sizeof **t->fargs);
			t->finit[f] = at_find(&g.init, k[0], k + 2, k[1], 0) >= 0;
		}
		for (int i = 0; i < t->nacts; i++) {
			renumber(t->acts[i].pre, map);
			renumber(t->acts[i].inv, map);
			renumber(t->acts[i].pre_end, map);
			for (int e = 0; e < t->acts[i].neffs; e++) {
				renumber(t->acts[i].effs[e].cond, map);
				t->acts[i].effs[e].fact = map[t->acts[i].effs[e].fact];
			}
		}
		renumber(t->goal, map);
		free(map);
	}
	for (int ty = 0; ty < m->ntypes; ty++)
		free(g.tobjs[ty]);
	free(g.tobjs);
	free(g.ntobjs);
	free(g.bind);
	free(g.reached);
	at_free(&g.init);
	at_free(&g.fl);
	return rc;
}

void pddl_task_free(pddl_task *t)
{
	for (int i = 0; i < t->nacts; i++) {
		gf_free(t->acts[i].pre);
		gf_free(t->acts[i].inv);
		gf_free(t->acts[i].pre_end);
		for (int e = 0; e < t->acts[i].neffs; e++)
			gf_free(t->acts[i].effs[e].cond);
		free(t->acts[i].effs);
		free(t->acts[i].args);
	}
	free(t->acts);
	for (int f = 0; f < t->nfacts; f++)
		free(t->fargs[f]);
	free(t->fpred);
	free(t->fargs);
	free(t->finit);
	gf_free(t->goal);
	memset(t, 0, sizeof *t);
}

void pddl_gaction_text(const pddl_model *m, const pddl_gaction *a, char *buf, size_t len)
{
	const pddl_action *s = &m->acts[a->schema];
	int k = snprintf(buf, len, "(%s", s->name);
	for (int i = 0; i < s->nparams && k > 0 && (size_t) k < len; i++)
		k += snprintf(buf + k, len - (size_t) k, " %s", m->objs[a->args[i]]);
	if (k > 0 && (size_t) k < len)
		snprintf(buf + k, len - (size_t) k, ")");
}
