// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * atg_build.c -- the abstract transition graph's construction (dmc_atg_new): the
 * actions, atoms and effects of the abstract model, indexed for the
 * evaluations (atg_impl.h), and its settings.
 */
#include "atg_impl.h"

/* ---------------------------------------------------------------- */
/* construction                                                     */
/* ---------------------------------------------------------------- */

static void *take(dmc_atg *g, size_t n, size_t size)
{
	void *p;
	if (g->nmem == MAXMEM) {
		g->oom = 1;
		return NULL;
	}
	p = calloc(n ? n : 1, size);
	if (!p)
		g->oom = 1;
	else
		g->mem[g->nmem++] = p;
	return p;
}

/* A growable array, only while building. */
typedef struct { int n, cap; void *v; size_t size; } vec;

static void *vec_push(vec *a, int *bad)
{
	if (a->n == a->cap) {
		int cap = a->cap ? 2 * a->cap : 16;
		void *v = realloc(a->v, (size_t)cap * a->size);
		if (!v) {
			*bad = 1;
			return NULL;
		}
		a->v = v;
		a->cap = cap;
	}
	return (char *)a->v + (size_t)a->n++ * a->size;
}

static void ipush(vec *a, int x, int *bad)
{
	int *p = vec_push(a, bad);
	if (p)
		*p = x;
}

typedef struct {
	dmc_atg *g;
	int bad;                      /* malformed model or out of memory */
	int *seen, stamp;             /* per variable, to collect distinct ones */
	vec atoms, owners, avars, acts, effs, evars;   /* owners: dmc_atg.a_owner */
	vec k_tacts, i_tacts, k_vatoms, i_vatoms, k_vgatoms, i_vgatoms, k_vacts, i_vacts;
	vec k_wait, i_wait, k_supp, i_supp;
} builder;

/* Append the distinct variables e reads to out. */
static void collect_vars(builder *b, const dmc_aexpr *e, vec *out)
{
	if (!e)
		return;
	switch (e->op) {
	case DMC_AE_CONST: case DMC_AE_ANY:
		return;
	case DMC_AE_VAR:
		if (e->var < 0 || e->var >= b->g->m->nvars)
			b->bad = 1;
		else if (b->seen[e->var] != b->stamp) {
			b->seen[e->var] = b->stamp;
			ipush(out, e->var, &b->bad);
		}
		return;
	case DMC_AE_NEG: case DMC_AE_NOT: case DMC_AE_BITNOT:
		collect_vars(b, e->a, out);
		return;
	case DMC_AE_COND:
		collect_vars(b, e->c, out);
		/* fall through */
	default:
		collect_vars(b, e->a, out);
		collect_vars(b, e->b, out);
		return;
	}
}

/* The conjuncts of e become atoms; those always true are dropped. */
static void add_atoms(builder *b, const dmc_aexpr *e, int kind, int own)
{
	int start = b->avars.n;
	atom *a;
	if (!e)
		return;
	if (e->op == DMC_AE_AND) {
		add_atoms(b, e->a, kind, own);
		add_atoms(b, e->b, kind, own);
		return;
	}
	b->stamp++;
	collect_vars(b, e, &b->avars);
	if (b->avars.n == start && dmc_vs_may_true(e, NULL))
		return;
	if (!(a = vec_push(&b->atoms, &b->bad)))
		return;
	ipush(&b->owners, own << 2 | kind, &b->bad);
	a->e = e;
	a->vfirst = start;
	a->nv = b->avars.n - start;
}

/* rhs is var + c, c + var or var - c: *step = the signed constant. */
static int self_step(const dmc_aexpr *rhs, int var, long *step)
{
	const dmc_aexpr *x = rhs->a, *y = rhs->b;
	long c;
	if ((rhs->op != DMC_AE_ADD && rhs->op != DMC_AE_SUB) || !x || !y)
		return 0;
	if (rhs->op == DMC_AE_ADD && x->op == DMC_AE_CONST) {
		x = rhs->b;
		y = rhs->a;
	}
	if (x->op != DMC_AE_VAR || x->var != var || y->op != DMC_AE_CONST)
		return 0;
	c = y->value;
	if (c == 0 || c == NEG || c == POS)
		return 0;
	*step = rhs->op == DMC_AE_SUB ? -c : c;
	return 1;
}

/* The values e gives whatever the sets of the variables it reads, into
 * r, when e is made of constants, conditions (0 or 1) and ?: giving at
 * most 4 intervals (a ?: gives a part of what its branches give, and
 * sets that small never merge); 0 otherwise. */
static int const_values(const dmc_aexpr *e, dmc_vset *r)
{
	dmc_vset c;
	if (!e)
		return 0;
	switch (e->op) {
	case DMC_AE_CONST:
		dmc_vs_set(r, e->value, e->value);
		return 1;
	case DMC_AE_LT: case DMC_AE_LE: case DMC_AE_GT: case DMC_AE_GE: case DMC_AE_EQ:
	case DMC_AE_NE: case DMC_AE_AND: case DMC_AE_OR: case DMC_AE_NOT:
		dmc_vs_set(r, 0, 1);
		return 1;
	case DMC_AE_COND:
		if (!const_values(e->b, r) || !const_values(e->c, &c))
			return 0;
		dmc_vs_union(r, &c);
		return r->n <= 4;
	default:
		return 0;
	}
}

/* effect.reach: the values f can add (effect_values), when they are
 * known and fitting them to f's bounds and domain keeps them all. */
static void effect_reach(const builder *b, effect *f)
{
	const dmc_avar *av = &b->g->m->vars[f->var];
	dmc_vset r;
	f->reach_lo = 1;
	f->reach_hi = 0;
	f->exact = 0;
	if (f->kind == EF_ANY)
		dmc_vs_set(&r, av->lo, av->hi);
	else if (f->kind != EF_SET || !const_values(f->rhs, &r))
		return;
	if (!r.n || dmc_vs_min(&r) < av->lo || dmc_vs_max(&r) > av->hi
	    || (f->bounded && (dmc_vs_min(&r) < f->lo || dmc_vs_max(&r) > f->hi)))
		return;
	f->reach = small_mask(&r);
	f->reach_lo = dmc_vs_min(&r);
	f->reach_hi = dmc_vs_max(&r);
	f->exact = r.n == 1 && (f->kind == EF_ANY || f->rhs->op == DMC_AE_CONST);
}

static void add_effect(builder *b, int act, int var, const dmc_aexpr *rhs, const dmc_assign *as)
{
	effect *f;
	long step;
	if (var < 0 || var >= b->g->m->nvars) {
		b->bad = 1;
		return;
	}
	if (!(f = vec_push(&b->effs, &b->bad)))
		return;
	f->var = var;
	f->act = act;
	f->rhs = rhs;
	f->step = 0;
	f->vfirst = b->evars.n;
	f->bounded = as && as->bounded;
	f->lo = f->bounded ? as->lo : 0;
	f->hi = f->bounded ? as->hi : 0;
	if (!rhs || rhs->op == DMC_AE_ANY)
		f->kind = EF_ANY;
	else if (self_step(rhs, var, &step)) {
		f->kind = step > 0 ? EF_INC : EF_DEC;
		f->step = step > 0 ? step : -step;
		ipush(&b->evars, var, &b->bad);
	} else {
		f->kind = EF_SET;
		b->stamp++;
		collect_vars(b, rhs, &b->evars);
	}
	f->nv = b->evars.n - f->vfirst;
	effect_reach(b, f);
}

static int valid_trans(const dmc_amodel *m, const dmc_atrans *t)
{
	if (t->proc < 0 || t->proc >= m->nprocs)
		return 0;
	if (t->from < 0 || t->to < 0 || t->from >= m->procs[t->proc].nlocs
	    || t->to >= m->procs[t->proc].nlocs)
		return 0;
	if (t->spawn >= m->nprocs || (t->spawn >= 0 && m->procs[t->spawn].nlocs <= 0))
		return 0;
	if (t->nassign < 0 || (t->nassign > 0 && !t->assign) || t->nmsg < 0)
		return 0;
	if (t->nmsg > 0 && t->sync == DMC_SYNC_SEND && !t->msg)
		return 0;
	if (t->nmsg > 0 && t->sync == DMC_SYNC_RECV && !t->recv_var)
		return 0;
	return 1;
}

static int valid_model(const dmc_amodel *m)
{
	for (int p = 0; p < m->nprocs; p++)
		if (m->procs[p].nlocs < 0 || (m->procs[p].nlocs > 0
		    && (m->procs[p].start < 0 || m->procs[p].start >= m->procs[p].nlocs)))
			return 0;
	for (int v = 0; v < m->nvars; v++)
		if (m->vars[v].lo > m->vars[v].hi)
			return 0;
	for (int t = 0; t < m->ntrans; t++)
		if (!valid_trans(m, &m->trans[t]))
			return 0;
	for (int i = 0; i < m->ngoals; i++) {
		const dmc_agoal *gl = &m->goals[i];
		for (int k = 0; k < gl->nlocs; k++)
			if (gl->proc[k] < 0 || gl->proc[k] >= m->nprocs || gl->loc[k] < 0
			    || gl->loc[k] >= m->procs[gl->proc[k]].nlocs)
				return 0;
	}
	return 1;
}

/* An action and its effects (a pair's atoms are made by add_pairs). */
static void add_action(builder *b, int s, int r)
{
	dmc_atg *g = b->g;
	const dmc_amodel *m = g->m;
	int a = b->acts.n;
	action *ac = vec_push(&b->acts, &b->bad);
	if (!ac)
		return;
	ac->part[0] = s;
	ac->part[1] = r;
	ac->chan = -1;
	ac->nchan = 0;
	ac->efirst = b->effs.n;
	for (int i = 0; i < 2; i++) {
		int t = ac->part[i];
		if (t < 0)
			continue;
		for (int k = 0; k < m->trans[t].nassign; k++)
			add_effect(b, a, m->trans[t].assign[k].var, m->trans[t].assign[k].rhs, &m->trans[t].assign[k]);
		ipush(&b->k_tacts, t, &b->bad);
		ipush(&b->i_tacts, a, &b->bad);
	}
	if (r >= 0) {                 /* the message: msg[k] into recv_var[k] */
		const dmc_atrans *ts = &m->trans[s], *tr = &m->trans[r];
		for (int k = 0; k < tr->nmsg; k++)
			if (tr->recv_var[k] >= 0)
				add_effect(b, a, tr->recv_var[k], k < ts->nmsg ? ts->msg[k] : NULL, NULL);
	}
	((action *)b->acts.v)[a].neff = b->effs.n - ((action *)b->acts.v)[a].efirst;
}

/* In n[0..6]: sent == value || sent < lo || sent > hi, the condition
 * for a received field to match (pan truncates the sent value to the
 * field's type; a value outside it is let through, not truncated). */
static dmc_aexpr *match_atom(dmc_aexpr *n, dmc_aexpr *sent, const dmc_amatch *mt)
{
	n[0] = (dmc_aexpr){ .op = DMC_AE_CONST, .value = mt->lo };
	n[1] = (dmc_aexpr){ .op = DMC_AE_CONST, .value = mt->hi };
	n[2] = (dmc_aexpr){ .op = DMC_AE_LT, .a = sent, .b = &n[0] };
	n[3] = (dmc_aexpr){ .op = DMC_AE_GT, .a = sent, .b = &n[1] };
	n[4] = (dmc_aexpr){ .op = DMC_AE_OR, .a = &n[2], .b = &n[3] };
	n[5] = (dmc_aexpr){ .op = DMC_AE_EQ, .a = sent, .b = mt->value };
	n[6] = (dmc_aexpr){ .op = DMC_AE_OR, .a = &n[5], .b = &n[4] };
	return &n[6];
}

/* When sent is "c ? x : y" with constants x == the matched value != y,
 * both within the field's range, the match holds exactly when c may be
 * true (a set evaluation: sent has x iff c may be true, no value out of
 * range): c, whose conjuncts then become atoms of their own, each read
 * again only when its own variables change.  The UPPAAL translation's
 * delay offers have this shape (docs/uppaal.md).  NULL otherwise. */
static const dmc_aexpr *match_cond(const dmc_aexpr *sent, const dmc_amatch *mt)
{
	const dmc_aexpr *x, *y, *v = mt->value;
	if (sent->op != DMC_AE_COND || v->op != DMC_AE_CONST)
		return NULL;
	x = sent->b;
	y = sent->c;
	if (!x || !y || x->op != DMC_AE_CONST || y->op != DMC_AE_CONST
	    || x->value != v->value || y->value == v->value
	    || x->value < mt->lo || x->value > mt->hi || y->value < mt->lo || y->value > mt->hi)
		return NULL;
	return sent->a;
}

/* Rendezvous pairs; a pair whose channels are constants that differ, or
 * with a field that can never match, is never made; a variable channel
 * and each field the receive matches against a sent value that is not a
 * constant get an atom (the receive's guard in pan).  A process does
 * not meet itself, but an automaton that some transition spawns may
 * stand for several instances (absmodel_build.c makes one per proctype
 * for all instances `run` creates), which can meet each other. */
static void add_pairs(builder *b)
{
	dmc_atg *g = b->g;
	const dmc_amodel *m = g->m;
	int npairs = 0, maxf = 0;
	unsigned char *spawned = calloc((size_t)m->nprocs + 1, 1);
	if (!spawned) {
		b->bad = 1;
		return;
	}
	for (int t = 0; t < m->ntrans; t++)
		if (m->trans[t].spawn >= 0)
			spawned[m->trans[t].spawn] = 1;
	for (int s = 0; s < m->ntrans; s++)
		for (int r = 0; m->trans[s].sync == DMC_SYNC_SEND && r < m->ntrans; r++)
			npairs += m->trans[r].sync == DMC_SYNC_RECV;
	for (int r = 0; r < m->ntrans; r++)
		if (m->trans[r].sync == DMC_SYNC_RECV && m->trans[r].nmsg > maxf)
			maxf = m->trans[r].nmsg;
	/* per pair: the channel atom, then per matched field the nodes of
	 * msg == value || msg < lo || msg > hi (match_atom) */
	if (!(g->chan_eq = take(g, (size_t)npairs * (size_t)(1 + 7 * maxf), sizeof *g->chan_eq))) {
		free(spawned);
		return;
	}
	npairs = 0;
	for (int s = 0; s < m->ntrans; s++) {
		if (m->trans[s].sync != DMC_SYNC_SEND)
			continue;
		for (int r = 0; r < m->ntrans; r++) {
			const dmc_atrans *ts = &m->trans[s], *tr = &m->trans[r];
			dmc_aexpr *eq;
			int a = b->acts.n, natoms = b->atoms.n;
			if (tr->sync != DMC_SYNC_RECV)
				continue;
			int never = 0;
			eq = &g->chan_eq[(size_t)npairs++ * (size_t)(1 + 7 * maxf)];
			if (tr->proc == ts->proc && !spawned[tr->proc])
				continue;
			eq->op = DMC_AE_EQ;
			eq->a = ts->chan;
			eq->b = tr->chan;
			if (ts->chan && tr->chan)
				add_atoms(b, eq, OWN_ACT, a);
			for (int k = 0; tr->match && k < tr->nmsg; k++)
				if (tr->match[k].value && k < ts->nmsg && ts->msg[k]) {
					const dmc_aexpr *c = match_cond(ts->msg[k], &tr->match[k]);
					add_atoms(b, c ? c : match_atom(&eq[1 + 7 * k], ts->msg[k], &tr->match[k]),
					          OWN_ACT, a);
				}
			for (int i = natoms; i < b->atoms.n; i++)
				never |= ((atom *)b->atoms.v)[i].nv == 0;
			if (never) {             /* constants that differ */
				b->atoms.n = b->owners.n = natoms;
				continue;
			}
			add_action(b, s, r);
			if (b->atoms.n > natoms && b->acts.n > a) {
				((action *)b->acts.v)[a].chan = natoms;
				((action *)b->acts.v)[a].nchan = b->atoms.n - natoms;
			}
		}
	}
	free(spawned);
}

/* From (key, item) lists: items of each key, in order. */
static void csr_make(dmc_atg *g, csr *c, int nkeys, const vec *keys, const vec *items)
{
	const int *k = keys->v, *it = items->v;
	c->first = take(g, (size_t)nkeys + 1, sizeof *c->first);
	c->item = take(g, (size_t)keys->n, sizeof *c->item);
	if (g->oom)
		return;
	for (int i = 0; i < keys->n; i++)
		c->first[k[i] + 1]++;
	for (int i = 0; i < nkeys; i++)
		c->first[i + 1] += c->first[i];
	for (int i = 0; i < keys->n; i++)       /* first[k] runs to the end of k ... */
		c->item[c->first[k[i]]++] = it[i];
	for (int i = nkeys; i > 0; i--)         /* ... and is moved back */
		c->first[i] = c->first[i - 1];
	c->first[0] = 0;
}

/* "v op c" or "c op v" (op a comparison but !=, c a constant) as an
 * index entry: dmc_vs_compare on {c} and a nonempty set of v gives "may
 * be true" exactly when v may equal c (==), min(v) < c (<), min(v) <= c
 * (<=), max(v) > c (>), max(v) >= c (>=); an empty set gives false. */
static void simple_atom(atom *a)
{
	const dmc_aexpr *e = a->e, *x = e->a, *y = e->b;
	dmc_ae_op op = e->op;
	long c;
	a->simple = SA_NONE;
	if (!x || !y || op == DMC_AE_NE || op < DMC_AE_LT || op > DMC_AE_EQ)
		return;
	if (x->op == DMC_AE_CONST && y->op == DMC_AE_VAR) {   /* c < v is v > c */
		const dmc_aexpr *t = x;
		x = y;
		y = t;
		op = op == DMC_AE_LT ? DMC_AE_GT : op == DMC_AE_LE ? DMC_AE_GE
		   : op == DMC_AE_GT ? DMC_AE_LT : op == DMC_AE_GE ? DMC_AE_LE : op;
	}
	if (x->op != DMC_AE_VAR || y->op != DMC_AE_CONST)
		return;
	c = y->value;
	switch (op) {
	case DMC_AE_EQ: a->simple = SA_EQ; a->key = c; break;
	case DMC_AE_LE: a->simple = SA_LE; a->key = c; break;
	case DMC_AE_GE: a->simple = SA_GE; a->key = c; break;
	case DMC_AE_LT:
		a->simple = c == NEG ? SA_NEVER : SA_LE;
		a->key = c - (c != NEG);
		break;
	default:                      /* GT */
		a->simple = c == POS ? SA_NEVER : SA_GE;
		a->key = c + (c != POS);
		break;
	}
}

typedef struct { int var; long key; int item; } keyed;

static int keyed_cmp(const void *p, const void *q)
{
	const keyed *a = p, *b = q;
	if (a->var != b->var)
		return a->var < b->var ? -1 : 1;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->item > b->item) - (a->item < b->item);
}

/* k[0..n) (freed here) as lists of items per variable ordered by key,
 * and the keys parallel to c->item. */
static void index_keyed(builder *b, keyed *k, int n, csr *c, long **keys)
{
	dmc_atg *g = b->g;
	vec kv = { 0, 0, NULL, sizeof(int) }, iv = { 0, 0, NULL, sizeof(int) };
	qsort(k, (size_t)n, sizeof *k, keyed_cmp);
	for (int i = 0; i < n; i++) {
		ipush(&kv, k[i].var, &b->bad);
		ipush(&iv, k[i].item, &b->bad);
	}
	if (!b->bad)
		csr_make(g, c, g->m->nvars, &kv, &iv);
	if (!b->bad && (*keys = take(g, (size_t)n, sizeof **keys)))
		for (int i = 0; i < n; i++)
			(*keys)[i] = k[i].key;
	free(k);
	free(kv.v);
	free(iv.v);
}

/* eq_at: the lookup tables of the variables whose SA_EQ keys span at
 * most a few times their number (the others search eq_key). */
static void index_eq_dense(builder *b)
{
	dmc_atg *g = b->g;
	int nv = g->m->nvars;
	long total = 0;
	if (b->bad || !(g->eq_off = take(g, (size_t)nv, sizeof(int)))
	    || !(g->eq_lo = take(g, (size_t)nv, sizeof(long))))
		return;
	for (int v = 0; v < nv; v++) {
		int first = g->v_eq.first[v], end = g->v_eq.first[v + 1];
		unsigned long span;       /* max - min, unsigned: no overflow whatever the keys */
		g->eq_off[v] = -1;
		if (first == end)
			continue;
		span = (unsigned long)g->eq_key[end - 1] - (unsigned long)g->eq_key[first];
		if (span < 4UL * (unsigned long)(end - first) + 64 && total + (long)span < INT_MAX / 2) {
			g->eq_off[v] = (int)total;
			g->eq_lo[v] = g->eq_key[first];
			total += (long)span + 1;
		}
	}
	if (!(g->eq_at = take(g, (size_t)total, sizeof(int))))
		return;
	for (int v = 0; v < nv; v++) {
		int j = g->v_eq.first[v], end = g->v_eq.first[v + 1];
		if (g->eq_off[v] < 0)
			continue;
		long n = g->eq_key[end - 1] - g->eq_lo[v] + 1;
		for (long i = 0; i < n; i++) {
			while (g->eq_key[j] < g->eq_lo[v] + i)
				j++;
			g->eq_at[g->eq_off[v] + i] = j;
		}
	}
}

/* The index of one kind of simple atom. */
static void index_atoms(builder *b, int kind, csr *c, long **keys)
{
	dmc_atg *g = b->g;
	int n = 0;
	keyed *k = malloc(((size_t)g->natoms + 1) * sizeof *k);
	if (!k) {
		b->bad = 1;
		return;
	}
	for (int i = 0; i < g->natoms; i++)
		if (g->atoms[i].simple == kind)
			k[n++] = (keyed){ g->avars[g->atoms[i].vfirst], g->atoms[i].key, i };
	index_keyed(b, k, n, c, keys);
}

/* v := c with c in v's domain: it produces exactly c (fitting keeps c,
 * wrapping or not). */
static int const_writer(const dmc_atg *g, const effect *f)
{
	const dmc_avar *av = &g->m->vars[f->var];
	return f->kind == EF_SET && f->rhs->op == DMC_AE_CONST
	       && f->rhs->value >= av->lo && f->rhs->value <= av->hi;
}

/* The constant writers of each variable by (constant, effect). */
static void index_writers(builder *b)
{
	dmc_atg *g = b->g;
	int n = 0;
	keyed *k = malloc(((size_t)g->neffs + 1) * sizeof *k);
	if (!k) {
		b->bad = 1;
		return;
	}
	for (int i = 0; i < g->neffs; i++)
		if (const_writer(g, &g->effs[i]))
			k[n++] = (keyed){ g->effs[i].var, g->effs[i].rhs->value, i };
	index_keyed(b, k, n, &g->v_wconst, &g->wc_key);
}

static void link_lists(builder *b)
{
	dmc_atg *g = b->g;
	const dmc_amodel *m = g->m;
	int nv = m->nvars;
	/* variables -> atoms, and -> actions whose effects read them */
	for (int i = 0; i < g->natoms; i++) {
		simple_atom(&g->atoms[i]);
		for (int k = 0; k < g->atoms[i].nv; k++) {
			ipush(&b->k_vatoms, g->avars[g->atoms[i].vfirst + k], &b->bad);
			ipush(&b->i_vatoms, i, &b->bad);
			if (g->atoms[i].simple == SA_NONE) {
				ipush(&b->k_vgatoms, g->avars[g->atoms[i].vfirst + k], &b->bad);
				ipush(&b->i_vgatoms, i, &b->bad);
			}
		}
	}
	for (int a = 0; a < g->nacts; a++) {
		b->stamp++;
		for (int i = 0; i < g->acts[a].neff; i++) {
			const effect *f = &g->effs[g->acts[a].efirst + i];
			for (int k = 0; k < f->nv; k++) {
				int v = g->evars[f->vfirst + k];
				if (b->seen[v] == b->stamp)
					continue;
				b->seen[v] = b->stamp;
				ipush(&b->k_vacts, v, &b->bad);
				ipush(&b->i_vacts, a, &b->bad);
			}
		}
	}
	/* locations -> waiting transitions and goals, -> supporting actions */
	for (int t = 0; t < m->ntrans; t++) {
		int free_t = m->ntrans < FREE_T && g->t_afirst[t] == g->t_afirst[t + 1];
		ipush(&b->k_wait, g->loc_base[m->trans[t].proc] + m->trans[t].from, &b->bad);
		ipush(&b->i_wait, free_t ? FREE_T + t : t, &b->bad);
	}
	for (int i = 0; i < m->ngoals; i++)
		for (int k = 0; k < m->goals[i].nlocs; k++) {
			ipush(&b->k_wait, g->loc_base[m->goals[i].proc[k]] + m->goals[i].loc[k], &b->bad);
			ipush(&b->i_wait, -i - 1, &b->bad);
		}
	for (int a = 0; a < g->nacts; a++) {
		action *ac = &g->acts[a];
		ac->nloc = 0;
		for (int i = 0; i < 2 && ac->part[i] >= 0; i++) {
			const dmc_atrans *t = &m->trans[ac->part[i]];
			ac->loc[ac->nloc++] = g->loc_base[t->proc] + t->to;
			if (t->spawn >= 0)
				ac->loc[ac->nloc++] = g->loc_base[t->spawn] + m->procs[t->spawn].start;
		}
		for (int i = 0; i < ac->nloc; i++) {
			ipush(&b->k_supp, ac->loc[i], &b->bad);
			ipush(&b->i_supp, a, &b->bad);
		}
	}
	if (b->bad)
		return;
	csr_make(g, &g->t_acts, m->ntrans, &b->k_tacts, &b->i_tacts);
	g->t_live.first = take(g, (size_t)m->ntrans + 1, sizeof(int));
	g->t_live.item = take(g, (size_t)b->k_tacts.n, sizeof(int));
	g->v_written = take(g, (size_t)nv, 1);
	g->a_fixed = take(g, (size_t)g->natoms, 1);
	if (g->oom)
		return;
	for (int i = 0; i < g->neffs; i++)
		g->v_written[g->effs[i].var] = 1;
	for (int i = 0; i < g->natoms; i++) {
		g->a_fixed[i] = 1;
		for (int k = 0; k < g->atoms[i].nv; k++)
			if (g->v_written[g->avars[g->atoms[i].vfirst + k]])
				g->a_fixed[i] = 0;
	}
	csr_make(g, &g->v_atoms, nv, &b->k_vatoms, &b->i_vatoms);
	csr_make(g, &g->v_gatoms, nv, &b->k_vgatoms, &b->i_vgatoms);
	g->v_glive.first = take(g, (size_t)nv + 1, sizeof(int));
	g->v_glive.item = take(g, (size_t)b->k_vgatoms.n, sizeof(int));
	index_atoms(b, SA_EQ, &g->v_eq, &g->eq_key);
	index_eq_dense(b);
	index_atoms(b, SA_LE, &g->v_le, &g->le_key);
	index_atoms(b, SA_GE, &g->v_ge, &g->ge_key);
	csr_make(g, &g->v_acts, nv, &b->k_vacts, &b->i_vacts);
	csr_make(g, &g->l_wait, g->nlocs, &b->k_wait, &b->i_wait);
	csr_make(g, &g->l_supp, g->nlocs, &b->k_supp, &b->i_supp);
	g->l_slive.first = take(g, (size_t)g->nlocs + 1, sizeof(int));
	g->l_slive.item = take(g, (size_t)b->k_supp.n, sizeof(int));
	{
		vec kw = { 0, 0, NULL, sizeof(int) }, iw = { 0, 0, NULL, sizeof(int) };
		for (int i = 0; i < g->neffs; i++) {
			ipush(&kw, g->effs[i].var, &b->bad);
			ipush(&iw, i, &b->bad);
		}
		if (!b->bad)
			csr_make(g, &g->v_writers, nv, &kw, &iw);
		kw.n = iw.n = 0;
		for (int i = 0; i < g->neffs; i++)
			if (!const_writer(g, &g->effs[i])) {
				ipush(&kw, g->effs[i].var, &b->bad);
				ipush(&iw, i, &b->bad);
			}
		if (!b->bad)
			csr_make(g, &g->v_wgen, nv, &kw, &iw);
		free(kw.v);
		free(iw.v);
		index_writers(b);
		g->v_wglive.first = take(g, (size_t)nv + 1, sizeof(int));
		g->v_wglive.item = take(g, (size_t)g->neffs, sizeof(int));
		g->v_wclive.first = take(g, (size_t)nv + 1, sizeof(int));
		g->v_wclive.item = take(g, (size_t)g->neffs, sizeof(int));
		g->wcl_key = take(g, (size_t)g->neffs, sizeof(long));
	}
}

/* Copy a builder vector into the dmc_atg. */
static void *keep(dmc_atg *g, const vec *a)
{
	void *p = take(g, (size_t)a->n, a->size);
	if (p && a->n)
		memcpy(p, a->v, (size_t)a->n * a->size);
	return p;
}

/* The arrays that evaluations change and put back (see dirty_loc, x_loc)
 * at their rest values; the goals by extra_steps, stable. */
static void rest_values(dmc_atg *g)
{
	const dmc_amodel *m = g->m;
	for (int v = 0; v < m->nvars; v++)
		g->curview[v] = &g->cur[v];
	for (int l = 0; l < g->nlocs; l++)
		g->first_loc[l] = NEVER;
	for (int i = 0; i < g->natoms; i++)
		g->atom_sat[i] = NEVER;
	for (int t = 0; t < m->ntrans; t++) {
		g->ts[t].unsat = g->ts[t].need;
	}
	for (int a = 0; a < g->nacts; a++) {
		g->as[a].unsat = g->as[a].need;
		g->as[a].en = NEVER;
		g->as[a].mark = g->as[a].lmark = g->sel_layer[a] = -1;
		g->a_at[a] = a;
	}
	for (int e = 0; e < g->neffs; e++)
		g->e_rank[e] = e;
	for (int i = 0; i < m->ngoals; i++) {
		int j = i;
		for (; j > 0 && extra_steps(m, g->g_by_extra[j - 1]) > extra_steps(m, i); j--)
			g->g_by_extra[j] = g->g_by_extra[j - 1];
		g->g_by_extra[j] = i;
	}
}

/* Bounds: the log of a variable holds its initial set, one entry per
 * computed growth up to WIDEN_ALL, one per constant effect on it. */
static void size_buffers(dmc_atg *g)
{
	const dmc_amodel *m = g->m;
	int nv = m->nvars, ncap = 0;
	g->logoff = take(g, (size_t)nv, sizeof(int));
	g->logcap = take(g, (size_t)nv, sizeof(int));
	if (g->oom)
		return;
	for (int v = 0; v < nv; v++)
		g->logcap[v] = 2 + WIDEN_ALL;
	for (int i = 0; i < g->neffs; i++)
		if (g->effs[i].nv == 0)
			g->logcap[g->effs[i].var]++;
	g->nlog_total = 0;
	for (int v = 0; v < nv; v++) {
		g->logoff[v] = g->nlog_total;
		g->nlog_total += g->logcap[v];
	}
	/* every layer below the top adds a location or a logged value set,
	 * or waits for a rendezvous pair to complete (the one after it does) */
	g->maxlayer = 2 * (g->nlocs + g->nlog_total + 1);
	for (int i = 0; i < g->natoms; i++)
		ncap += g->atoms[i].nv;
	for (int i = 0; i < g->neffs; i++)
		ncap += g->effs[i].nv;
	g->vcap = 4 * (ncap + nv) + 64;

	g->cur = take(g, (size_t)nv, sizeof(dmc_vset));
	g->next = take(g, (size_t)nv, sizeof(dmc_vset));
	g->single = take(g, (size_t)nv, sizeof(dmc_vset));
	g->log = malloc(((size_t)g->nlog_total + 1) * sizeof(dmc_vset));   /* pages touched as used */
	if (g->log && g->nmem < MAXMEM)
		g->mem[g->nmem++] = g->log;
	else {
		free(g->log);
		g->log = NULL;
		g->oom = 1;
	}
	g->curview = take(g, (size_t)nv, sizeof(dmc_vset *));
	g->curmask = take(g, (size_t)nv, sizeof(long));
	g->view = take(g, (size_t)nv, sizeof(dmc_vset *));
	g->log_layer = take(g, (size_t)g->nlog_total, sizeof(int));
	g->nlog = take(g, (size_t)nv, sizeof(int));
	g->nchg = take(g, (size_t)nv, sizeof(int));
	g->touched_at = take(g, (size_t)nv, sizeof(int));
	g->vtouched = take(g, (size_t)nv, sizeof(int));
	g->grew = take(g, (size_t)nv, 1);
	g->computed = take(g, (size_t)nv, 1);
	g->first_loc = take(g, (size_t)g->nlocs, sizeof(int));
	g->newlocs = take(g, (size_t)g->nlocs, sizeof(int));
	g->atom_sat = take(g, (size_t)g->natoms, sizeof(int));
	g->prev0 = take(g, (size_t)nv, sizeof(dmc_vset));
	g->sat0 = take(g, ((size_t)g->natoms + 63) / 64, sizeof(uint64_t));
	g->dead0 = take(g, ((size_t)g->natoms + 63) / 64, sizeof(uint64_t));
	g->fold0 = take(g, ((size_t)g->natoms + 63) / 64, sizeof(uint64_t));
	g->a_defer0 = take(g, (size_t)g->nacts, 1);
	g->defer = take(g, (size_t)g->nacts, sizeof(int));
	g->atom_epoch = take(g, (size_t)g->natoms, sizeof(unsigned));
	g->le_ptr = take(g, (size_t)nv, sizeof(int));
	g->le0_ptr = take(g, (size_t)nv, sizeof(int));
	g->mask0 = take(g, (size_t)nv, sizeof(long));
	g->chg0 = take(g, (size_t)nv, 1);
	g->one0 = take(g, (size_t)nv, 1);
	g->val0 = take(g, (size_t)nv, sizeof(long));
	g->cur_grown = take(g, (size_t)nv, 1);
	g->ge0_ptr = take(g, (size_t)nv, sizeof(int));
	g->ge_ptr = take(g, (size_t)nv, sizeof(int));
	g->found = take(g, (size_t)g->natoms, sizeof(int));
	g->memo = take(g, MEMO_SLOTS, sizeof(memo_slot));
	g->lmemo = take(g, MEMO_LSLOTS, sizeof(memo_lslot));
	g->wmemo = take(g, WMEMO_SLOTS, sizeof(wmemo_slot));
	g->fmark = take(g, ((size_t)g->natoms + 63) / 64, sizeof(uint64_t));
	g->eff_stamp = take(g, (size_t)g->neffs, sizeof(uint64_t));
	g->dirty_loc = take(g, (size_t)g->nlocs, sizeof(int));
	g->dirty_atom = take(g, (size_t)g->natoms, sizeof(int));
	g->dirty_t = take(g, 2 * (size_t)m->ntrans, sizeof(int));
	g->t_off = take(g, (size_t)m->ntrans, 1);
	g->offl = take(g, (size_t)m->ntrans, sizeof(int));
	g->dirty_a = take(g, (size_t)g->nacts, sizeof(int));
	g->g_by_extra = take(g, (size_t)m->ngoals, sizeof(int));
	g->x_loc = take(g, (size_t)g->nlocs, sizeof(int));
	g->x_atom = take(g, (size_t)g->natoms, sizeof(int));
	g->x_act = take(g, (size_t)g->nacts, sizeof(int));
	g->apply = take(g, (size_t)g->nacts, sizeof(int));
	g->later = take(g, (size_t)g->nacts, sizeof(int));
	g->later_next = take(g, (size_t)g->nacts, sizeof(int));
	g->g_unsat = take(g, (size_t)m->ngoals, sizeof(int));
	g->g_layer = take(g, (size_t)m->ngoals, sizeof(int));
	g->head = take(g, (size_t)g->maxlayer + 2, sizeof(int));
	g->link = take(g, (size_t)g->nlocs + (size_t)g->vcap, sizeof(int));
	g->loc_targeted = take(g, (size_t)g->nlocs, 1);
	g->a_posted = take(g, (size_t)g->nacts, 1);
	g->atom_posted = take(g, (size_t)g->natoms, 1);
	g->tv_var = take(g, (size_t)g->vcap, sizeof(int));
	g->tv_next = take(g, (size_t)g->vcap, sizeof(int));
	g->tv_val = take(g, (size_t)g->vcap, sizeof(long));
	g->v_thead = take(g, (size_t)nv, sizeof(int));
	g->sel_layer = take(g, (size_t)g->nacts, sizeof(int));
	g->sel_reps = take(g, (size_t)g->nacts, sizeof(long));
	g->a_at = take(g, (size_t)g->nacts, sizeof(int));
	g->e_rank = take(g, (size_t)g->neffs, sizeof(int));
	if (!g->oom)
		rest_values(g);
}

/* The control-flow distance (transitions of its automaton, guards
 * ignored) from t's target back to t's source: the extra steps of each
 * further round when t must repeat.  0 when there is no way back (the
 * repetitions must come from other instances of a spawned automaton). */
static int way_back(const dmc_atg *g, const int *first, const int *out, int *dist,
                    int *queue, int t)
{
	const dmc_atrans *tr = &g->m->trans[t];
	int base = g->loc_base[tr->proc], n = g->m->procs[tr->proc].nlocs;
	int head = 0, tail = 0, found = 0;
	for (int l = 0; l < n; l++)
		dist[base + l] = -1;
	dist[base + tr->to] = 0;
	queue[tail++] = base + tr->to;
	while (head < tail) {
		int l = queue[head++];
		if (l == base + tr->from) {
			found = dist[l];
			break;
		}
		for (int i = first[l]; i < first[l + 1]; i++) {
			int to = g->loc_base[tr->proc] + g->m->trans[out[i]].to;
			if (dist[to] < 0) {
				dist[to] = dist[l] + 1;
				queue[tail++] = to;
			}
		}
	}
	return found;
}

static void return_steps(builder *b)
{
	dmc_atg *g = b->g;
	const dmc_amodel *m = g->m;
	int *first = calloc((size_t)g->nlocs + 2, sizeof(int));
	int *out = malloc(((size_t)m->ntrans + 1) * sizeof(int));
	int *dist = malloc(((size_t)g->nlocs + 1) * sizeof(int));
	int *queue = malloc(((size_t)g->nlocs + 1) * sizeof(int));
	g->a_ret = take(g, (size_t)g->nacts, sizeof(int));
	if (!first || !out || !dist || !queue || g->oom) {
		b->bad = 1;
		goto done;
	}
	/* transitions by source location (CSR) */
	for (int t = 0; t < m->ntrans; t++)
		first[g->loc_base[m->trans[t].proc] + m->trans[t].from + 2]++;
	for (int l = 0; l < g->nlocs; l++)
		first[l + 2] += first[l + 1];
	for (int t = 0; t < m->ntrans; t++)
		out[first[g->loc_base[m->trans[t].proc] + m->trans[t].from + 1]++] = t;
	for (int a = 0; a < g->nacts; a++) {
		int r = 0;
		for (int i = 0; i < 2 && g->acts[a].part[i] >= 0; i++) {
			int w = way_back(g, first, out, dist, queue, g->acts[a].part[i]);
			if (w > r)
				r = w;
		}
		g->a_ret[a] = r;
	}
done:
	free(first);
	free(out);
	free(dist);
	free(queue);
}

/* What can matter to a goal: its locations and the variables its atoms
 * read; for a location that matters, the actions reaching it; for a
 * variable, the actions writing it; for such an action, the locations
 * it leaves, the variables its atoms read and those its effects into
 * variables that matter read.  Everything else (say, processes sharing
 * nothing with the targets) changes neither hL nor hU: the layer at
 * which each thing that matters first appears, and the order in which
 * it happens, are decided by things that matter alone. */
typedef struct { dmc_atg *g; int *queue, n; } relq;

static void rel_loc(relq *q, int l)
{
	if (!q->g->loc_rel[l]) {
		q->g->loc_rel[l] = 1;
		q->queue[q->n++] = l;
	}
}

static void rel_var(relq *q, int v)
{
	if (!q->g->var_rel[v]) {
		q->g->var_rel[v] = 1;
		q->queue[q->n++] = q->g->nlocs + v;
	}
}

/* The variables atoms [i0, i1) read. */
static void rel_atoms(relq *q, int i0, int i1)
{
	const dmc_atg *g = q->g;
	for (int i = i0; i < i1; i++)
		for (int k = 0; k < g->atoms[i].nv; k++)
			rel_var(q, g->avars[g->atoms[i].vfirst + k]);
}

static void relevance(builder *b)
{
	dmc_atg *g = b->g;
	const dmc_amodel *m = g->m;
	relq q = { g, malloc(((size_t)g->nlocs + (size_t)m->nvars + 1) * sizeof(int)), 0 };
	unsigned char *act_rel = calloc((size_t)g->nacts + 1, 1);
	g->loc_rel = take(g, (size_t)g->nlocs, 1);
	g->var_rel = take(g, (size_t)m->nvars, 1);
	if (!q.queue || !act_rel || g->oom) {
		b->bad = 1;
		goto done;
	}
	for (int i = 0; i < m->ngoals; i++) {
		for (int k = 0; k < m->goals[i].nlocs; k++)
			rel_loc(&q, g->loc_base[m->goals[i].proc[k]] + m->goals[i].loc[k]);
		rel_atoms(&q, g->g_afirst[i], g->g_afirst[i + 1]);
	}
	while (q.n > 0) {
		int x = q.queue[--q.n], v = x - g->nlocs;
		const csr *c = x < g->nlocs ? &g->l_supp : &g->v_writers;
		int first = c->first[x < g->nlocs ? x : v], end = c->first[(x < g->nlocs ? x : v) + 1];
		for (int j = first; j < end; j++) {
			int a = x < g->nlocs ? c->item[j] : g->effs[c->item[j]].act;
			if (x >= g->nlocs) {          /* what the writers of v read */
				const effect *f = &g->effs[c->item[j]];
				for (int k = 0; k < f->nv; k++)
					rel_var(&q, g->evars[f->vfirst + k]);
			}
			if (act_rel[a])
				continue;
			act_rel[a] = 1;
			for (int i = 0; i < 2 && g->acts[a].part[i] >= 0; i++) {
				int t = g->acts[a].part[i];
				rel_loc(&q, g->loc_base[m->trans[t].proc] + m->trans[t].from);
				rel_atoms(&q, g->t_afirst[t], g->t_afirst[t + 1]);
			}
			rel_atoms(&q, g->acts[a].chan, g->acts[a].chan + g->acts[a].nchan);
		}
	}
done:
	free(q.queue);
	free(act_rel);
}

/* The layers action a takes: a rendezvous pair is two pan steps
 * (sync_steps); kept in as[a].steps, which the layers read. */
static int layers_of(const dmc_atg *g, int a)
{
	return g->acts[a].part[1] >= 0 ? g->sync_steps : 1;
}

static void build_static(builder *b)
{
	dmc_atg *g = b->g;
	const dmc_amodel *m = g->m;
	g->loc_base = take(g, (size_t)m->nprocs + 1, sizeof(int));
	g->t_afirst = take(g, (size_t)m->ntrans + 1, sizeof(int));
	g->g_afirst = take(g, (size_t)m->ngoals + 1, sizeof(int));
	b->seen = calloc((size_t)m->nvars + 1, sizeof(int));
	if (g->oom || !b->seen) {
		b->bad = 1;
		return;
	}
	for (int p = 0; p < m->nprocs; p++)
		g->loc_base[p + 1] = g->loc_base[p] + m->procs[p].nlocs;
	g->nlocs = g->loc_base[m->nprocs];
	if (!(g->loc_proc = take(g, (size_t)g->nlocs, sizeof(int))))
		return;
	for (int p = 0; p < m->nprocs; p++)
		for (int l = 0; l < m->procs[p].nlocs; l++)
			g->loc_proc[g->loc_base[p] + l] = p;

	/* atoms: transitions' guards, goals' formulas, then channels */
	for (int t = 0; t < m->ntrans; t++) {
		g->t_afirst[t] = b->atoms.n;
		add_atoms(b, m->trans[t].guard, OWN_TRANS, t);
	}
	g->t_afirst[m->ntrans] = b->atoms.n;
	for (int i = 0; i < m->ngoals; i++) {
		g->g_afirst[i] = b->atoms.n;
		add_atoms(b, m->goals[i].formula, OWN_GOAL, i);
	}
	g->g_afirst[m->ngoals] = b->atoms.n;
	for (int t = 0; t < m->ntrans; t++)
		if (m->trans[t].sync != DMC_SYNC_SEND && m->trans[t].sync != DMC_SYNC_RECV)
			add_action(b, t, -1);
	add_pairs(b);
	if (b->bad || g->oom) {
		b->bad = 1;
		return;
	}
	g->natoms = b->atoms.n;
	g->atoms = keep(g, &b->atoms);
	g->a_owner = keep(g, &b->owners);
	g->avars = keep(g, &b->avars);
	g->nacts = b->acts.n;
	g->acts = keep(g, &b->acts);
	g->neffs = b->effs.n;
	g->effs = keep(g, &b->effs);
	g->evars = keep(g, &b->evars);
	if (g->oom || !(g->progs = dmc_vprogs_new())) {
		b->bad = 1;
		return;
	}
	for (int i = 0; i < g->natoms; i++)
		if (dmc_vprogs_add(g->progs, g->atoms[i].e, &g->atoms[i].prog) < 0)
			b->bad = 1;
	for (int i = 0; i < g->neffs; i++)
		if (g->effs[i].kind == EF_SET
		    && dmc_vprogs_add(g->progs, g->effs[i].rhs, &g->effs[i].prog) < 0)
			b->bad = 1;
	if (b->bad || dmc_vprogs_seal(g->progs) < 0) {
		b->bad = 1;
		return;
	}
	g->ts = take(g, (size_t)m->ntrans, sizeof *g->ts);
	g->as = take(g, (size_t)g->nacts, sizeof *g->as);
	g->g_need = take(g, (size_t)m->ngoals, sizeof(int));
	if (g->oom) {
		b->bad = 1;
		return;
	}
	for (int t = 0; t < m->ntrans; t++)
		g->ts[t].need = 1 + g->t_afirst[t + 1] - g->t_afirst[t];
	for (int a = 0; a < g->nacts; a++) {
		g->as[a].need = 1 + (g->acts[a].part[1] >= 0) + g->acts[a].nchan;
		g->as[a].steps = layers_of(g, a);
	}
	for (int i = 0; i < m->ngoals; i++)
		g->g_need[i] = m->goals[i].nlocs + g->g_afirst[i + 1] - g->g_afirst[i];
	link_lists(b);
	return_steps(b);
	relevance(b);
}

dmc_atg *dmc_atg_new(const dmc_amodel *m)
{
	builder b;
	dmc_atg *g;
	if (!m || !valid_model(m) || !(g = calloc(1, sizeof *g)))
		return NULL;
	g->m = m;
	g->wrap = 1;
	g->sync_steps = 2;
	g->cycles = 0;
	memset(&b, 0, sizeof b);
	b.g = g;
	b.atoms.size = sizeof(atom);
	b.owners.size = sizeof(int);
	b.acts.size = sizeof(action);
	b.effs.size = sizeof(effect);
	b.avars.size = b.evars.size = sizeof(int);
	b.k_tacts.size = b.i_tacts.size = b.k_vatoms.size = b.i_vatoms.size = sizeof(int);
	b.k_vgatoms.size = b.i_vgatoms.size = sizeof(int);
	b.k_vacts.size = b.i_vacts.size = b.k_wait.size = b.i_wait.size = sizeof(int);
	b.k_supp.size = b.i_supp.size = sizeof(int);
	build_static(&b);
	if (!b.bad && !g->oom)
		size_buffers(g);
	free(b.seen);
	free(b.atoms.v), free(b.owners.v), free(b.avars.v), free(b.acts.v), free(b.effs.v), free(b.evars.v);
	free(b.k_tacts.v), free(b.i_tacts.v), free(b.k_vatoms.v), free(b.i_vatoms.v);
	free(b.k_vgatoms.v), free(b.i_vgatoms.v);
	free(b.k_vacts.v), free(b.i_vacts.v), free(b.k_wait.v), free(b.i_wait.v);
	free(b.k_supp.v), free(b.i_supp.v);
	if (b.bad || g->oom) {
		dmc_atg_free(g);
		return NULL;
	}
	return g;
}

void dmc_atg_free(dmc_atg *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->nmem; i++)
		free(g->mem[i]);
	dmc_vprogs_free(g->progs);
	free(g);
}

void dmc_atg_set_cycle_costs(dmc_atg *g, int on)
{
	g->cycles = on != 0;
}

void dmc_atg_set_sync_steps(dmc_atg *g, int n)
{
	g->sync_steps = n == 1 ? 1 : 2;
	for (int a = 0; g->as && a < g->nacts; a++)
		g->as[a].steps = layers_of(g, a);
}

void dmc_atg_set_disabled(dmc_atg *g, const int *trans, int n)
{
	g->off = n > 0 ? trans : NULL;
	g->noff = n > 0 ? n : 0;
}

void dmc_atg_set_wrap(dmc_atg *g, int wrap)
{
	g->wrap = wrap != 0;
}
