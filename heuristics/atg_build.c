// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * atg.c -- the abstract transition graph and hL / hU (see atg.h).
 *
 * Vocabulary.  An *action* is what fires in one abstract step: a
 * transition without synchronisation, or a rendezvous *pair* (a SEND and
 * a RECV transition of two processes, see add_pairs).  Its *conditions* are
 * the source locations of its transitions and the *atoms* of their
 * guards (the top-level conjuncts: the paper quantifies each condition
 * separately), plus for a pair the atoms "the two channels may be equal"
 * and, for each field the receive matches (a constant or eval(e)), "the
 * sent value may equal it".
 * An *effect* adds values to one variable.
 *
 * Building (Fig. 1) is event driven, the paper's incremental trick:
 *   - every transition, action and goal counts its unmet conditions;
 *     a location reached or an atom found satisfiable decrements the
 *     counters of what waits for it (per-location and per-variable lists
 *     made by dmc_atg_new), and at zero the thing is enabled for good:
 *     the sets only grow, so nothing is ever disabled again;
 *   - an atom not yet satisfiable is re-evaluated only when a variable
 *     it reads gained values;
 *   - an enabled action applies its effects when it becomes enabled,
 *     and again only when a variable its effects read gained values.
 * Layer k+1 is computed from layer k alone (effects read V_k), so the
 * layer at which something first appears is its distance in the
 * abstraction.  Instead of keeping every layer, we keep the layer at
 * which each location, atom, transition, action and goal first
 * appeared, and per variable a log of its value set at every layer
 * where it changed.
 *
 * Termination.  A layer that adds no location and no value is the
 * fixpoint.  Values are bounded by widening: v := v + c (c > 0 constant)
 * adds [min + c, +inf) at once (the paper's shortcut), v := v - c adds
 * (-inf, max - c]; other effects that read variables are evaluated (the
 * image of the current sets), and a variable that keeps growing through
 * such effects is widened (see widen()) and after WIDEN_ALL growths has
 * its whole domain.
 * Constant effects can make a variable grow only once each.  So every
 * variable changes a bounded number of times, which also bounds the
 * number of layers (and the log) in advance.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "atg.h"
#include "valueset.h"
#include "vprog.h"

#define NEG DMC_AV_NEG_INF
#define POS DMC_AV_POS_INF
#define NEVER INT_MAX                 /* the layer of what is not reached */
#define FREE_T (1 << 29)              /* l_wait: a transition without atoms */
#define WIDEN_DIR 16                  /* growths by computed effects: towards the bounds */
#define WIDEN_HULL 24                 /* ... and filling the gaps */
#define WIDEN_ALL 28                  /* ... the whole domain */
#define MAXMEM 192                    /* allocations of one dmc_atg (about 125 now) */

enum { EF_SET, EF_ANY, EF_INC, EF_DEC };      /* effect kinds */
enum { OWN_TRANS, OWN_ACT, OWN_GOAL };        /* what an atom is a condition of */
/* Atoms "v op constant" are indexed by the constant (see simple_atom):
 * one may hold iff v may equal key (SA_EQ), min(v) <= key (SA_LE),
 * max(v) >= key (SA_GE), never (SA_NEVER); SA_NONE: evaluated. */
enum { SA_NONE, SA_EQ, SA_LE, SA_GE, SA_NEVER };

typedef struct {
	int var, kind;
	/* every value it can add whatever it reads (effect_reach): within
	 * [reach_lo, reach_hi] (empty: not known), reach their small_mask;
	 * first, with var: most applications read nothing else */
	long reach, reach_lo, reach_hi;
	int exact;                    /* it adds [reach_lo, reach_hi] whatever it reads */
	int act;                      /* the action it belongs to */
	long step;                    /* EF_INC, EF_DEC: the constant, > 0 */
	const dmc_aexpr *rhs;         /* EF_SET */
	dmc_vprog prog;               /* EF_SET: rhs compiled */
	int vfirst, nv;               /* variables read: evars[vfirst .. +nv) */
	int bounded;                  /* dmc_assign.bounded: values outside [lo, hi] */
	long lo, hi;                  /* are dropped before fitting to the domain */
} effect;

typedef struct {
	int part[2];                  /* transitions; part[1] < 0 unless a pair */
	int efirst, neff;             /* effs[efirst .. +neff) */
	int chan, nchan;              /* a pair's atoms (channels may be equal,
	                               * fields may match): [chan, chan + nchan) */
	int loc[4], nloc;             /* the locations it reaches (spawned starts too) */
} action;

typedef struct {
	const dmc_aexpr *e;
	dmc_vprog prog;               /* e compiled */
	int simple;                   /* SA_* */
	long key;                     /* SA_EQ, SA_LE, SA_GE */
	int vfirst, nv;               /* distinct variables read: avars[..] */
} atom;

typedef struct { int *first, *item; } csr;    /* item[first[k] .. first[k+1]) */

/* A remembered evaluation of a program: the sets of the variables it
 * reads (memo_key) and what it gave: "may be true", or a set of at most
 * MEMO_RES intervals.  Both in data: the key's klen words, then the
 * result's ends, so that a hit on a short key reads one cache line. */
#define MEMO_SLOTS 8192               /* a power of 2 */
#define MEMO_RES 4
#define MEMO_DATA 22
#define MEMO_KEY (MEMO_DATA - 2 * MEMO_RES)
#define MEMO_MINLEN 8                 /* shorter programs run faster than a lookup */
typedef struct {
	int id, klen, res_n;          /* id: the program's first instruction + 1, 0: empty */
	long data[MEMO_DATA];
} memo_slot;

struct dmc_atg {
	const dmc_amodel *m;
	int wrap;
	int sync_steps;               /* layers a rendezvous pair takes: 2 (pan) or 1 (paper) */
	int cycles;                   /* hU charges the rounds of loops (dmc_atg_set_cycle_costs) */
	void *mem[MAXMEM];
	int nmem, oom;
	dmc_vprogs *progs;            /* atoms' and effects' expressions, compiled */
	memo_slot *memo;              /* their results by input, MEMO_SLOTS, direct mapped */

	/* ---- fixed at dmc_atg_new ---- */
	int nlocs, *loc_base;         /* location (p, l) is loc_base[p] + l */
	int *loc_proc;                /* and back */
	int natoms, *avars;
	atom *atoms;
	int *t_afirst, *g_afirst;     /* atoms of transition t: [t_afirst[t], t_afirst[t+1]) */
	int nacts, neffs, *evars;
	action *acts;
	effect *effs;
	dmc_aexpr *chan_eq;           /* the pair atoms' expressions */
	/* per transition and per action, what one evaluation counts (the
	 * fields an access needs side by side: the arrays are long) */
	struct tslot { int unsat, need; } *ts;        /* unmet conditions, of how many */
	struct aslot { int unsat, need, en, mark, lmark, steps; } *as;   /* ... the layer
	                               * enabled at, last pushed at (push_apply), put off at
	                               * (later); the layers it takes (see steps) */
	int *g_need;
	int *a_ret;                   /* steps from an action's targets back to its sources */
	csr t_acts;                   /* transition -> actions it is part of */
	csr t_live;                   /* ... but the pairs dead in this evaluation
	                               * (a fixed atom false, see live_pairs) */
	unsigned char *a_fixed;       /* atom: no effect writes what it reads */
	unsigned char *v_written;     /* variable: some effect writes it */
	unsigned char *loc_rel, *var_rel;   /* see relevance() */
	int live_stale;               /* t_live must be made again */
	csr v_atoms;                  /* variable -> atoms reading it */
	csr v_gatoms;                 /* ... those that are evaluated (not SA_*) */
	csr v_glive;                  /* ... but those of pairs dead in this evaluation */
	csr v_eq, v_le, v_ge;         /* variable -> its SA_EQ, SA_LE, SA_GE atoms by key */
	long *eq_key, *le_key, *ge_key;   /* their keys, parallel to .item */
	/* v's SA_EQ keys, when they lie close together: the first atom with
	 * key >= x is eq_at[eq_off[v] + x - eq_lo[v]] (eq_off -1: search) */
	int *eq_off, *eq_at;
	long *eq_lo;
	csr v_acts;                   /* variable -> actions whose effects read it */
	csr v_writers;                /* variable -> effects writing it */
	csr v_wgen, v_wconst;         /* ... split: v := constant in the domain, by the
	                               * constant (wc_key), and the others */
	long *wc_key;
	csr v_wglive, v_wclive;       /* ... but the effects of pairs dead in this evaluation */
	long *wcl_key;
	/* The actions and their effects are renumbered once (relayout), the
	 * live ones first: a_at gives an action's index from its place in
	 * the model's order, e_rank an effect's place in that order. */
	int *a_at, *e_rank, laid_out;
	int *a_owner;                 /* atom: the index of what it is a condition of
	                               * << 2 | OWN_*, apart from the atoms (what
	                               * atom_holds reads: 4 bytes an atom) */
	csr l_wait;                   /* location -> transitions from it (t, or FREE_T + t
	                               * for one without atoms), goals on it (-g-1) */
	csr l_supp;                   /* location -> actions reaching it */
	csr l_slive;                  /* ... but the pairs dead in this evaluation */
	int *logoff, *logcap, nlog_total, maxlayer;

	/* ---- one evaluation ---- */
	dmc_vset *cur, *next, *log, *single;
	const dmc_vset **curview, **view;
	long *curmask;                /* small_mask of each cur set (curview's key words) */
	int *log_layer, *nlog, *nchg, *touched_at, *vtouched, ntouched;
	unsigned char *grew, *computed;
	int *first_loc, *newlocs, nnew;
	int *atom_sat;
	/* layer 0 of the previous evaluation: an atom whose variables start
	 * with the same sets holds at layer 0 iff it held then */
	dmc_vset *prev0;
	long *mask0;                  /* small_mask of each prev0 set */
	unsigned char *chg0;          /* variable: its set at layer 0 differs from prev0 */
	unsigned char *one0;          /* variable: prev0 is {val0} */
	long *val0;
	unsigned char *cur_grown;     /* variable: cur is not its layer-0 set (commit) */
	uint64_t *sat0;               /* bit i: atom i holds in prev0 */
	uint64_t *dead0;              /* bit i: atom i is a condition of a dead pair
	                               * (live_pairs): if evaluated, not again */
	unsigned *atom_epoch, epoch;  /* atom evaluated in this layer 0 */
	int have_prev0;
	int *le0_ptr, *ge0_ptr;       /* le_ptr and ge_ptr for prev0 (simple_start) */
	int *le_ptr, *ge_ptr;         /* per variable: SA_LE atoms from le_ptr on hold,
	                               * SA_GE atoms before ge_ptr hold */
	int *found;                   /* simple atoms that came to hold in one commit */
	uint64_t *fmark;              /* all 0 but while sorting found */
	int *apply, napply;
	int *later, nlater, *later_next;   /* pairs applied one layer late */
	int *g_unsat, *g_layer;
	/* What this evaluation changed in the arrays above (from their rest
	 * values: NEVER, the needs, -1), so that the next one puts back only
	 * that instead of filling arrays as long as the model: the locations
	 * reached, the atoms that hold, the transitions and actions with a
	 * condition met (a disabled transition counts as one). */
	int *dirty_loc, ndirty_loc, *dirty_atom, ndirty_atom;
	int *dirty_t, ndirty_t, *dirty_a, ndirty_a;
	/* the best goal so far (its value layer + extra_steps in best), and
	 * the goals by extra_steps, those before g_next holding */
	long best;
	int *g_by_extra, g_next;
	/* an effect applied at layer k in this evaluation has eff_stamp
	 * ebase + k + 1 (ebase grows by more than the layers each time) */
	uint64_t *eff_stamp, ebase;
	int built, top, goal, result;
	/* transitions that never fire (dmc_atg_set_disabled), or none */
	const int *off;
	int noff;
	unsigned char *t_off;         /* transition: in off in this evaluation */
	int *offl, noffl;             /* the transitions t_off marks */

	/* ---- hU extraction ---- */
	int *head, *link, cur_k;      /* targets by layer; ids: locations, then values */
	unsigned char *loc_targeted, *a_posted, *atom_posted;
	/* set in the last extraction, to be cleared for the next one: the
	 * locations targeted, the atoms posted, the actions selected */
	int *x_loc, nx_loc, *x_atom, nx_atom, *x_act, nx_act;
	int vcap, nvt, *tv_var, *tv_next, *v_thead;
	long *tv_val;
	int *sel_layer;
	long *sel_reps, cost;
	int planned;                  /* the last evaluation extracted a plan */
};

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

/* One variable's set as one key word: bit x for value x, when every
 * value lies in [0, 62] (locations, clocks, flags, pids: most sets);
 * -1 otherwise.  The word is then non-negative, so it never equals the
 * negative first word of the long form. */
static long small_mask(const dmc_vset *x)
{
	unsigned long bits = 0;
	if (x->n == 0 || x->iv[0].lo < 0 || x->iv[x->n - 1].hi > 62)
		return -1;
	for (int j = 0; j < x->n; j++)
		bits |= (2UL << x->iv[j].hi) - (1UL << x->iv[j].lo);
	return (long)bits;
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

static int extra_steps(const dmc_amodel *m, int i)
{
	return m->goals[i].extra_steps > 0 ? m->goals[i].extra_steps : 0;
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

/* ---------------------------------------------------------------- */
/* building the layers (Fig. 1)                                     */
/* ---------------------------------------------------------------- */

/* a[0..n) := NEVER */
static void fill_never(int *a, int n)
{
	for (int i = 0; i < n; i++)
		a[i] = NEVER;
}

/* a[0..n) := -1 (all bits set) or 0. */
static void fill_bytes(int *a, int n, int byte)
{
	memset(a, byte, (size_t)n * sizeof *a);
}

/* dst := src, copying only the intervals in use (most sets have one). */
static void vs_copy(dmc_vset *dst, const dmc_vset *src)
{
	dst->n = src->n;
	if (src->n == 1)
		dst->iv[0] = src->iv[0];
	else
		memcpy(dst->iv, src->iv, (size_t)src->n * sizeof src->iv[0]);
}

/* Returns 0 when the log was full and its last entry replaced. */
static int log_append(dmc_atg *g, int v, int k)
{
	int i = g->logoff[v] + g->nlog[v], kept = 1;
	if (g->nlog[v] == g->logcap[v]) {
		i--;                  /* cannot happen (see size_buffers); stay sound */
		kept = 0;
	} else
		g->nlog[v]++;
	vs_copy(&g->log[i], &g->cur[v]);
	g->log_layer[i] = k;
	return kept;
}

static void push_apply(dmc_atg *g, int a, int k)
{
	if (g->as[a].mark != k) {
		g->as[a].mark = k;
		g->apply[g->napply++] = a;
	}
}

static inline void act_dec(dmc_atg *g, int a, int k)
{
	if (g->as[a].unsat == g->as[a].need)   /* the first condition met */
		g->dirty_a[g->ndirty_a++] = a;
	if (--g->as[a].unsat == 0) {
		g->as[a].en = k;
		push_apply(g, a, k);
	}
}

static void trans_dec(dmc_atg *g, int t, int k)
{
	if (g->ts[t].unsat == g->ts[t].need)
		g->dirty_t[g->ndirty_t++] = t;
	if (--g->ts[t].unsat == 0) {
		for (int i = g->t_live.first[t]; i < g->t_live.first[t + 1]; i++)
			act_dec(g, g->t_live.item[i], k);
	}
}

/* Goal i holds from layer k on: is it the best so far (the smallest
 * layer + extra_steps, then the smallest index)? */
static void goal_holds(dmc_atg *g, int i, int k)
{
	long v = (long)k + extra_steps(g->m, i);
	g->g_layer[i] = k;
	if (v < g->best || (v == g->best && i < g->goal)) {
		g->best = v;
		g->goal = i;
	}
}

static void goal_dec(dmc_atg *g, int i, int k)
{
	if (--g->g_unsat[i] == 0)
		goal_holds(g, i, k);
}

static void atom_holds(dmc_atg *g, int i, int k)
{
	int o = g->a_owner[i];
	g->atom_sat[i] = k;
	g->dirty_atom[g->ndirty_atom++] = i;
	if ((o & 3) == OWN_TRANS)
		trans_dec(g, o >> 2, k);
	else if ((o & 3) == OWN_ACT)
		act_dec(g, o >> 2, k);
	else
		goal_dec(g, o >> 2, k);
}

/* A transition whose only condition is its location (FREE_T + t in
 * l_wait) is enabled when the location is reached (once an evaluation)
 * without its counter, unless it is off. */
static void loc_reached(dmc_atg *g, int l, int k)
{
	for (int i = g->l_wait.first[l]; i < g->l_wait.first[l + 1]; i++) {
		int w = g->l_wait.item[i];
		if (w >= FREE_T && !g->t_off[w - FREE_T]) {
			w -= FREE_T;
			for (int j = g->t_live.first[w]; j < g->t_live.first[w + 1]; j++)
				act_dec(g, g->t_live.item[j], k);
		} else if (w >= 0)
			trans_dec(g, w >= FREE_T ? w - FREE_T : w, k);
		else
			goal_dec(g, -w - 1, k);
	}
}

/* First index in keys[lo, hi) with keys[j] >= x (ge = 1) or > x. */
static int bound(const long *keys, int lo, int hi, long x, int ge)
{
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (ge ? keys[mid] < x : keys[mid] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Where the indexed atoms of v stand for its set at layer 0 (kept for
 * the next evaluation, which starts from there if v's set is the same). */
static void simple_start(dmc_atg *g, int v)
{
	const dmc_vset *s = &g->cur[v];
	int le0 = g->v_le.first[v], le1 = g->v_le.first[v + 1];
	int ge0 = g->v_ge.first[v], ge1 = g->v_ge.first[v + 1];
	g->le0_ptr[v] = s->n ? bound(g->le_key, le0, le1, dmc_vs_min(s), 1) : le1;
	g->ge0_ptr[v] = s->n ? bound(g->ge_key, ge0, ge1, dmc_vs_max(s), 0) : ge0;
}

/* The key of vals[vars[0..nv)] into key, hashed with p into *hash; its
 * length, or -1 when it is longer than MEMO_KEY.  Per variable: its
 * small_mask, or ~n (negative) and the ends of its n intervals. */
static int memo_key(dmc_vprog p, const int *vars, int nv, const dmc_vset *const *vals,
                    const long *masks, long *key, uint64_t *hash)
{
	uint64_t h = (uint64_t)p.first * 0x9e3779b97f4a7c15u;
	int len = 0;
	for (int i = 0; i < nv; i++) {
		const dmc_vset *x = vals[vars[i]];
		long w = masks ? masks[vars[i]] : small_mask(x);
		if (w >= 0) {
			if (len == MEMO_KEY)
				return -1;
			key[len++] = w;
			h = (h ^ (uint64_t)w) * 0x100000001b3u;
			continue;
		}
		if (len + 1 + 2 * x->n > MEMO_KEY)
			return -1;
		key[len++] = ~(long)x->n;
		h = (h ^ (uint64_t)x->n) * 0x100000001b3u;
		for (int j = 0; j < x->n; j++) {
			key[len++] = x->iv[j].lo;
			key[len++] = x->iv[j].hi;
			h = (h ^ (uint64_t)x->iv[j].lo) * 0x100000001b3u;
			h = (h ^ (uint64_t)x->iv[j].hi) * 0x100000001b3u;
		}
	}
	*hash = h ^ h >> 29;
	return len;
}

static int memo_same(const memo_slot *m, dmc_vprog p, const long *key, int len)
{
	if (m->id != p.first + 1 || m->klen != len)
		return 0;
	for (int i = 0; i < len; i++)
		if (m->data[i] != key[i])
			return 0;
	return 1;
}

/* What program p gives for the sets vals[] of the variables it reads,
 * vars[0..nv): "may be true" (out == NULL) or the set into out.  The
 * same sets give the same result, so results are remembered by input:
 * the states of one search share most variables' sets.  vals ==
 * g->curview takes the key words from g->curmask. */
static int memo_run(dmc_atg *g, dmc_vprog p, const int *vars, int nv,
                    const dmc_vset *const *vals, dmc_vset *out)
{
	const long *masks = vals == g->curview ? g->curmask : NULL;
	long key[MEMO_KEY];
	int len, r;
	uint64_t h;
	memo_slot *m;
	if (p.len < MEMO_MINLEN || (len = memo_key(p, vars, nv, vals, masks, key, &h)) < 0) {
		if (!out)
			return dmc_vp_may_true(g->progs, p, vals);
		dmc_vp_eval(g->progs, p, vals, out);
		return 0;
	}
	m = &g->memo[h & (MEMO_SLOTS - 1)];
	if (memo_same(m, p, key, len)) {
		if (!out)
			return m->res_n;
		out->n = m->res_n;
		for (int i = 0; i < m->res_n; i++) {
			out->iv[i].lo = m->data[len + 2 * i];
			out->iv[i].hi = m->data[len + 2 * i + 1];
		}
		return 0;
	}
	if (out) {
		dmc_vp_eval(g->progs, p, vals, out);
		if (out->n > MEMO_RES)
			return 0;
		r = out->n;
		for (int i = 0; i < r; i++) {
			m->data[len + 2 * i] = out->iv[i].lo;
			m->data[len + 2 * i + 1] = out->iv[i].hi;
		}
	} else
		r = dmc_vp_may_true(g->progs, p, vals);
	m->id = p.first + 1;
	m->klen = len;
	m->res_n = r;
	for (int i = 0; i < len; i++)
		m->data[i] = key[i];
	return r;
}

/* The atoms that may hold at layer 0.  Only those reading a variable
 * whose initial set differs from the previous evaluation's are
 * evaluated again (an atom reads nothing but its variables' sets). */
static void sat0_eval(dmc_atg *g, int i)
{
	uint64_t bit = (uint64_t)1 << (i % 64);
	const atom *a = &g->atoms[i];
	if (memo_run(g, a->prog, &g->avars[a->vfirst], a->nv, g->curview, NULL))
		g->sat0[i / 64] |= bit;
	else
		g->sat0[i / 64] &= ~bit;
}

static void sat0_put(dmc_atg *g, const int *item, int from, int to, int on)
{
	for (int j = from; j < to; j++) {
		uint64_t bit = (uint64_t)1 << (item[j] % 64);
		if (on)
			g->sat0[item[j] / 64] |= bit;
		else
			g->sat0[item[j] / 64] &= ~bit;
	}
}

/* The indexed atoms of v that hold when v has the values s: their bits
 * set (on = 1) or cleared (on = 0).  Clearing for the old set, then
 * setting for the new one updates them without evaluating any (the
 * index's rule is what evaluating gives, see simple_atom; an empty set
 * makes none hold). */
static void simple_sat0(dmc_atg *g, int v, const dmc_vset *s, int on)
{
	int e0 = g->v_eq.first[v], e1 = g->v_eq.first[v + 1];
	int le1 = g->v_le.first[v + 1], ge0 = g->v_ge.first[v];
	if (!s->n)
		return;
	for (int i = 0; i < s->n && e0 < e1; i++) {
		int a = bound(g->eq_key, e0, e1, s->iv[i].lo, 1);
		int b = bound(g->eq_key, a, e1, s->iv[i].hi, 0);
		sat0_put(g, g->v_eq.item, a, b, on);
		e0 = b;
	}
	sat0_put(g, g->v_le.item, bound(g->le_key, g->v_le.first[v], le1, dmc_vs_min(s), 1), le1, on);
	sat0_put(g, g->v_ge.item, ge0, bound(g->ge_key, ge0, g->v_ge.first[v + 1], dmc_vs_max(s), 0), on);
}

static int bit_at(const uint64_t *bits, int i)
{
	return bits[i / 64] >> (i % 64) & 1;
}

/* Is the atom a condition of a dead pair (live_pairs)? */
static int atom_dead(const dmc_atg *g, int i)
{
	return bit_at(g->dead0, i);
}

/* A variable no effect writes keeps its layer-0 set in every layer, so
 * an atom reading only such variables holds at every layer or at none:
 * a rendezvous pair with such an atom false at layer 0 is never enabled
 * in this evaluation (dead), and whether its other atoms hold changes
 * nothing.  t_live is t_acts without those pairs, l_slive l_supp, v_glive v_gatoms
 * without their atoms (the others in the same order), made again when
 * such a variable's set changes.  Layer 0 does not evaluate a dead
 * pair's atoms but those deciding it is dead (layer0_sat): a pair that
 * comes back to life has them evaluated here. */
static int act_dead(const dmc_atg *g, int a)
{
	return g->acts[a].nchan && atom_dead(g, g->acts[a].chan);
}

/* live := the actions of all (nkeys lists) but the dead pairs, in order. */
static void live_actions(const dmc_atg *g, const csr *all, int nkeys, csr *live)
{
	int n = 0;
	for (int k = 0; k < nkeys; k++) {
		live->first[k] = n;
		for (int i = all->first[k]; i < all->first[k + 1]; i++)
			if (!act_dead(g, all->item[i]))
				live->item[n++] = all->item[i];
	}
	live->first[nkeys] = n;
}

/* The same for lists of effects, with their keys (if keys). */
static void live_effects(const dmc_atg *g, const csr *all, const long *keys, csr *live,
                         long *lkeys)
{
	int n = 0, nv = g->m->nvars;
	for (int v = 0; v < nv; v++) {
		live->first[v] = n;
		for (int i = all->first[v]; i < all->first[v + 1]; i++)
			if (!act_dead(g, g->effs[all->item[i]].act)) {
				if (keys)
					lkeys[n] = keys[i];
				live->item[n++] = all->item[i];
			}
	}
	live->first[nv] = n;
}

/* a[to[i]] := a[i], n elements of size bytes, through buf. */
static void permute(void *a, const int *to, int n, size_t size, void *buf)
{
	for (int i = 0; i < n; i++)
		memcpy((char *)buf + (size_t)to[i] * size, (char *)a + (size_t)i * size, size);
	memcpy(a, buf, (size_t)n * size);
}

static void map_items(csr *c, int nkeys, const int *to)
{
	for (int i = 0; i < c->first[nkeys]; i++)
		c->item[i] = to[c->item[i]];
}

/* Renumber the actions, the live ones first, then the dead pairs (each
 * in their order), and their effects with them: an evaluation touches
 * the live ones only, and with most pairs dead (channel arrays) they
 * would lie far apart.  Lists keep their order; the only comparison of
 * indices, effects' in support_val, goes by e_rank.  Done once, at the
 * first evaluation, when no evaluation state is kept (layer0_sat runs
 * right after undo_last). */
static void relayout(dmc_atg *g)
{
	int na = g->nacts, ne = g->neffs, n = 0, nv = g->m->nvars;
	size_t big = sizeof(action) > sizeof(effect) ? sizeof(action) : sizeof(effect);
	int *ato = malloc(((size_t)na + 1) * sizeof(int));
	int *eto = malloc(((size_t)ne + 1) * sizeof(int));
	void *buf = malloc(((size_t)(na > ne ? na : ne) + 1) * big);   /* the largest element */
	g->laid_out = 1;
	if (!ato || !eto || !buf) {   /* keep the model's order */
		free(ato), free(eto), free(buf);
		return;
	}
	for (int pass = 0; pass < 2; pass++)
		for (int a = 0; a < na; a++)
			if (act_dead(g, a) == pass)
				ato[a] = n++;
	n = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int a = 0; a < na; a++)
			if (act_dead(g, a) == pass)
				for (int e = g->acts[a].efirst; e < g->acts[a].efirst + g->acts[a].neff; e++)
					eto[e] = n++;
	for (int a = 0; a < na; a++)
		g->acts[a].efirst = g->acts[a].neff ? eto[g->acts[a].efirst] : 0;
	for (int e = 0; e < ne; e++)
		g->effs[e].act = ato[g->effs[e].act];
	for (int i = 0; i < g->natoms; i++)
		if ((g->a_owner[i] & 3) == OWN_ACT)
			g->a_owner[i] = ato[g->a_owner[i] >> 2] << 2 | OWN_ACT;
	permute(g->acts, ato, na, sizeof(action), buf);
	permute(g->as, ato, na, sizeof *g->as, buf);
	permute(g->a_ret, ato, na, sizeof(int), buf);
	permute(g->sel_layer, ato, na, sizeof(int), buf);
	permute(g->sel_reps, ato, na, sizeof(long), buf);
	permute(g->a_posted, ato, na, 1, buf);
	permute(g->effs, eto, ne, sizeof(effect), buf);
	permute(g->eff_stamp, eto, ne, sizeof(uint64_t), buf);
	permute(g->e_rank, eto, ne, sizeof(int), buf);
	for (int a = 0; a < na; a++)
		g->a_at[a] = ato[g->a_at[a]];
	for (int i = 0; i < g->nx_act; i++)
		g->x_act[i] = ato[g->x_act[i]];
	map_items(&g->t_acts, g->m->ntrans, ato);
	map_items(&g->l_supp, g->nlocs, ato);
	map_items(&g->v_acts, nv, ato);
	map_items(&g->v_writers, nv, eto);
	map_items(&g->v_wgen, nv, eto);
	map_items(&g->v_wconst, nv, eto);
	free(ato), free(eto), free(buf);
}

static void live_pairs(dmc_atg *g)
{
	int n = 0;
	for (int a = 0; a < g->nacts; a++) {
		const action *ac = &g->acts[a];
		int dead = 0;
		for (int j = ac->chan; j < ac->chan + ac->nchan && !dead; j++)
			dead = g->a_fixed[j] && !bit_at(g->sat0, j);
		for (int j = ac->chan; j < ac->chan + ac->nchan; j++) {
			uint64_t bit = (uint64_t)1 << (j % 64);
			if (!dead && atom_dead(g, j) && !g->a_fixed[j] && g->atoms[j].simple == SA_NONE)
				sat0_eval(g, j);
			if (dead)
				g->dead0[j / 64] |= bit;
			else
				g->dead0[j / 64] &= ~bit;
		}
	}
	if (!g->laid_out)
		relayout(g);
	live_actions(g, &g->t_acts, g->m->ntrans, &g->t_live);
	live_actions(g, &g->l_supp, g->nlocs, &g->l_slive);
	live_effects(g, &g->v_wgen, NULL, &g->v_wglive, NULL);
	live_effects(g, &g->v_wconst, g->wc_key, &g->v_wclive, g->wcl_key);
	for (int v = 0; v < g->m->nvars; v++) {
		g->v_glive.first[v] = n;
		for (int i = g->v_gatoms.first[v]; i < g->v_gatoms.first[v + 1]; i++)
			if (!atom_dead(g, g->v_gatoms.item[i]))
				g->v_glive.item[n++] = g->v_gatoms.item[i];
	}
	g->v_glive.first[g->m->nvars] = n;
	g->live_stale = 0;
}

/* prev0[v] := cur[v], with what goes with it. */
static void keep0(dmc_atg *g, int v)
{
	const dmc_vset *c = &g->cur[v];
	vs_copy(&g->prev0[v], c);
	g->one0[v] = c->n == 1 && c->iv[0].lo == c->iv[0].hi;
	g->val0[v] = c->iv[0].lo;
	g->mask0[v] = g->curmask[v];
	simple_start(g, v);
}

/* sat0 for the sets of layer 0 (then t_live, which reads it). */
static void layer0_sat(dmc_atg *g)
{
	int nv = g->m->nvars;
	if (!g->have_prev0) {
		g->live_stale = 1;
		for (int i = 0; i < g->natoms; i++)
			sat0_eval(g, i);
		for (int v = 0; v < nv; v++)
			keep0(g, v);
		g->have_prev0 = 1;
	} else {
		if (++g->epoch == 0) {
			memset(g->atom_epoch, 0, (size_t)g->natoms * sizeof *g->atom_epoch);
			g->epoch = 1;
		}
		for (int v = 0; v < nv; v++) {
			if (!g->chg0[v])
				continue;
			if (!g->v_written[v])
				g->live_stale = 1;
			simple_sat0(g, v, &g->prev0[v], 0);
			simple_sat0(g, v, &g->cur[v], 1);
			keep0(g, v);
			for (int j = g->v_gatoms.first[v]; j < g->v_gatoms.first[v + 1]; j++) {
				int at = g->v_gatoms.item[j];
				if (g->atom_epoch[at] != g->epoch) {
					g->atom_epoch[at] = g->epoch;
					if (g->a_fixed[at] || !atom_dead(g, at))
						sat0_eval(g, at);
				}
			}
		}
	}
	if (g->live_stale)
		live_pairs(g);
}

static void layer0_atoms(dmc_atg *g)
{
	int nw = (g->natoms + 63) / 64;
	for (int w = 0; w < nw; w++)          /* in the order of the atoms */
		for (uint64_t x = g->sat0[w] & ~g->dead0[w]; x; x &= x - 1)
			atom_holds(g, w * 64 + __builtin_ctzll(x), 0);
}

/* Put back what the last evaluation changed (dirty_loc ...). */
static void undo_last(dmc_atg *g)
{
	for (int i = 0; i < g->ndirty_loc; i++)
		g->first_loc[g->dirty_loc[i]] = NEVER;
	for (int i = 0; i < g->ndirty_atom; i++)
		g->atom_sat[g->dirty_atom[i]] = NEVER;
	for (int i = 0; i < g->ndirty_t; i++) {
		int t = g->dirty_t[i];
		g->ts[t].unsat = g->ts[t].need;
	}
	for (int i = 0; i < g->ndirty_a; i++) {
		int a = g->dirty_a[i];
		g->as[a].unsat = g->as[a].need;
		g->as[a].en = NEVER;
		g->as[a].mark = g->as[a].lmark = -1;
	}
	g->ndirty_loc = g->ndirty_atom = g->ndirty_t = g->ndirty_a = 0;
}

/* Variable v's set at layer 0 is in cur[v]: the log's first entry is
 * that set (it is written only here, as the log holds more than one
 * entry, and stays from the previous evaluation while the set is
 * prev0's). */
static void layer0_var(dmc_atg *g, int v)
{
	const dmc_avar *av = &g->m->vars[v];
	dmc_vset *c = &g->cur[v];
	const dmc_vset *p = &g->prev0[v];
	if (!c->n && !av->empty_ok)   /* no value in the state: unknown */
		dmc_vs_set(c, av->lo, av->hi);
	g->nlog[v] = 1;
	g->cur_grown[v] = 0;
	if (!g->have_prev0)
		g->chg0[v] = 1;
	else if (c->n == 1) {         /* most sets: one value */
		dmc_ival a = c->iv[0], b = p->iv[0];
		g->chg0[v] = p->n != 1 || a.lo != b.lo || a.hi != b.hi;
	} else
		g->chg0[v] = !dmc_vs_equal(p, c);
	if (g->chg0[v]) {
		g->curmask[v] = small_mask(c);
		vs_copy(&g->log[g->logoff[v]], c);
		g->log_layer[g->logoff[v]] = 0;
	} else
		g->curmask[v] = g->mask0[v];
}

/* Does the state list its values by variable (as dmc_abuild_state)? */
static int by_variable(const dmc_astate *s)
{
	for (int i = 1; i < s->nvals; i++)
		if (s->val_var[i] < s->val_var[i - 1])
			return 0;
	return 1;
}

/* cur := the sets the state gives its variables, chg0 := those that
 * differ from prev0, for a state that lists its values by variable.
 * Most variables have one: when that is prev0's single value (one0,
 * val0), cur[v] still holds it unless the previous evaluation's layers
 * grew it (cur_grown), and neither set is read. */
static void layer0_sets(dmc_atg *g, const dmc_astate *s)
{
	int nv = g->m->nvars, i = 0, n = s->nvals;
	while (i < n && s->val_var[i] < 0)
		i++;
	for (int v = 0; v < nv; v++) {
		dmc_vset *c = &g->cur[v];
		if (i < n && s->val_var[i] == v && (i + 1 == n || s->val_var[i + 1] != v)) {
			long x = s->val_val[i++];
			if (g->one0[v] && g->val0[v] == x) {
				if (g->cur_grown[v]) {
					c->n = 1;
					c->iv[0].lo = c->iv[0].hi = x;
					g->cur_grown[v] = 0;
				}
				g->nlog[v] = 1;
				g->chg0[v] = 0;
				g->curmask[v] = g->mask0[v];
				continue;
			}
			c->n = 1;
			c->iv[0].lo = c->iv[0].hi = x;
		} else
			for (c->n = 0; i < n && s->val_var[i] == v; i++)
				dmc_vs_add(c, s->val_val[i], s->val_val[i]);
		layer0_var(g, v);
	}
}

/* The same for values in any order. */
static void layer0_sets_any(dmc_atg *g, const dmc_astate *s)
{
	int nv = g->m->nvars;
	for (int v = 0; v < nv; v++)
		g->cur[v].n = 0;
	for (int i = 0; i < s->nvals; i++)
		if (s->val_var[i] >= 0 && s->val_var[i] < nv)
			dmc_vs_add(&g->cur[s->val_var[i]], s->val_val[i], s->val_val[i]);
	for (int v = 0; v < nv; v++)
		layer0_var(g, v);
}

static void layer0(dmc_atg *g, const dmc_astate *s)
{
	const dmc_amodel *m = g->m;
	undo_last(g);
	for (int i = 0; i < g->noffl; i++)
		g->t_off[g->offl[i]] = 0;
	g->noffl = 0;
	for (int i = 0; i < g->noff; i++)     /* one more need than can be met */
		if (g->off[i] >= 0 && g->off[i] < m->ntrans) {
			if (!g->t_off[g->off[i]]) {
				g->t_off[g->off[i]] = 1;
				g->offl[g->noffl++] = g->off[i];
			}
			/* listed once here, once more at most by trans_dec */
			if (g->ts[g->off[i]].unsat == g->ts[g->off[i]].need)
				g->dirty_t[g->ndirty_t++] = g->off[i];
			g->ts[g->off[i]].unsat++;
		}
	g->nlater = 0;
	memcpy(g->g_unsat, g->g_need, (size_t)m->ngoals * sizeof(int));
	fill_never(g->g_layer, m->ngoals);
	g->best = NEVER;
	g->goal = -1;
	g->g_next = 0;
	fill_bytes(g->nchg, m->nvars, 0);
	fill_bytes(g->touched_at, m->nvars, 0xff);
	g->napply = 0;
	g->built = 0;
	g->ebase += (uint64_t)g->maxlayer + 2;

	if (by_variable(s))
		layer0_sets(g, s);
	else
		layer0_sets_any(g, s);
	layer0_sat(g);
	for (int i = 0; i < m->ngoals; i++)
		if (g->g_unsat[i] == 0)
			goal_holds(g, i, 0);
	for (int i = 0; i < s->nlocs; i++) {
		int p = s->loc_proc[i], l = s->loc_loc[i];
		if (p < 0 || p >= m->nprocs || l < 0 || l >= m->procs[p].nlocs)
			continue;
		if (g->first_loc[g->loc_base[p] + l] == NEVER) {
			g->first_loc[g->loc_base[p] + l] = 0;
			g->dirty_loc[g->ndirty_loc++] = g->loc_base[p] + l;
			loc_reached(g, g->loc_base[p] + l, 0);
		}
	}
	layer0_atoms(g);
	memcpy(g->le_ptr, g->le0_ptr, (size_t)m->nvars * sizeof(int));
	memcpy(g->ge_ptr, g->ge0_ptr, (size_t)m->nvars * sizeof(int));
}

/* Returns 1 when next[v] is fresh, a copy of cur[v]. */
static int touch(dmc_atg *g, int v, int k)
{
	if (g->touched_at[v] != k) {
		g->touched_at[v] = k;
		vs_copy(&g->next[v], &g->cur[v]);
		g->grew[v] = g->computed[v] = 0;
		g->vtouched[g->ntouched++] = v;
		return 1;
	}
	return 0;
}

/* The values effect f adds at layer k + 1, reading layer k. */
static void effect_values(dmc_atg *g, const effect *f, const dmc_vset *const *vals,
                          dmc_vset *r)
{
	const dmc_avar *av = &g->m->vars[f->var];
	long x;
	switch (f->kind) {
	case EF_ANY:
		dmc_vs_set(r, av->lo, av->hi);
		return;
	case EF_INC:                  /* the shortcut: any number of increments */
		x = dmc_vs_min(vals[f->var]);
		dmc_vs_set(r, x == NEG ? NEG : x > POS - f->step ? POS : x + f->step, POS);
		break;
	case EF_DEC:
		x = dmc_vs_max(vals[f->var]);
		dmc_vs_set(r, NEG, x == POS ? POS : x < NEG + f->step ? NEG : x - f->step);
		break;
	default:
		if (f->rhs->op == DMC_AE_CONST)   /* what its program gives, without running it */
			dmc_vs_set(r, f->rhs->value, f->rhs->value);
		else
			memo_run(g, f->prog, &g->evars[f->vfirst], f->nv, vals, r);
		break;
	}
	if (f->bounded)
		dmc_vs_fit(r, f->lo, f->hi, 0);
	dmc_vs_fit(r, av->lo, av->hi, g->wrap);
}

/* Is [lo, hi] within one interval of s? */
static int vs_holds(const dmc_vset *s, long lo, long hi)
{
	for (int i = 0; i < s->n && s->iv[i].lo <= lo; i++)
		if (hi <= s->iv[i].hi)
			return 1;
	return 0;
}

/* Does the current set of f's variable hold every value f can add? */
static int holds_reach(const dmc_atg *g, const effect *f)
{
	long have = g->curmask[f->var];
	if (f->reach_lo > f->reach_hi)
		return 0;
	if (have >= 0)
		return f->reach >= 0 && !(f->reach & ~have);
	return vs_holds(&g->cur[f->var], f->reach_lo, f->reach_hi);
}

static void apply_effect(dmc_atg *g, const effect *f, int k)
{
	dmc_vset r;
	if (holds_reach(g, f))
		return;               /* nothing to add: the sets only grow */
	if (f->exact) {               /* r would be [reach_lo, reach_hi] */
		dmc_vset *n = &g->next[f->var];
		touch(g, f->var, k);
		if (dmc_vs_add(n, f->reach_lo, f->reach_hi))
			g->grew[f->var] = 1;
		return;
	}
	effect_values(g, f, g->curview, &r);
	touch(g, f->var, k);
	if (dmc_vs_union(&g->next[f->var], &r)) {
		g->grew[f->var] = 1;
		if (f->nv > 0)
			g->computed[f->var] = 1;
	}
}

static void add_loc(dmc_atg *g, int l, int k)
{
	if (g->first_loc[l] == NEVER) {
		g->first_loc[l] = k + 1;
		g->dirty_loc[g->ndirty_loc++] = l;
		g->newlocs[g->nnew++] = l;
	}
}

/* The layers action a takes (layers_of). */
static int steps(const dmc_atg *g, int a)
{
	return g->as[a].steps;
}

/* Has a variable effect f reads changed after layer j? */
static int inputs_changed(const dmc_atg *g, const effect *f, int j)
{
	for (int i = 0; i < f->nv; i++) {
		int v = g->evars[f->vfirst + i];
		if (g->log_layer[g->logoff[v] + g->nlog[v] - 1] > j)
			return 1;
	}
	return 0;
}

/* An effect applied again to inputs that did not change since its last
 * application computes the same values, which are in its variable's set
 * since that layer (the sets only grow): it is skipped. */
static void apply_action(dmc_atg *g, int a, int k)
{
	const action *ac = &g->acts[a];
	for (int i = 0; i < ac->nloc; i++)
		add_loc(g, ac->loc[i], k);
	for (int e = ac->efirst; e < ac->efirst + ac->neff; e++) {
		uint64_t st = g->eff_stamp[e];
		if (st > g->ebase && !inputs_changed(g, &g->effs[e], (int)(st - g->ebase - 1)))
			continue;
		g->eff_stamp[e] = g->ebase + (uint64_t)k + 1;
		apply_effect(g, &g->effs[e], k);
	}
}

/* Widening, counted in growths through computed effects: from
 * WIDEN_DIR on, a set that grew past its max (min) is extended to the
 * domain's hi (lo); from WIDEN_HULL on, its gaps are filled too, so it
 * can only grow outwards, at most twice more; WIDEN_ALL takes the whole
 * domain (reached only when constant effects keep opening gaps). */
static void widen(dmc_atg *g, int v)
{
	const dmc_avar *av = &g->m->vars[v];
	dmc_vset *n = &g->next[v];
	const dmc_vset *o = &g->cur[v];
	long omax = dmc_vs_max(o), omin = dmc_vs_min(o);
	if (++g->nchg[v] >= WIDEN_ALL) {
		dmc_vs_add(n, av->lo, av->hi);
		return;
	}
	if (g->nchg[v] < WIDEN_DIR)
		return;
	if (g->nchg[v] >= WIDEN_HULL)
		dmc_vs_add(n, dmc_vs_min(n), dmc_vs_max(n));
	if (dmc_vs_max(n) > omax && omax < av->hi)
		dmc_vs_add(n, omax, av->hi);
	if (dmc_vs_min(n) < omin && omin > av->lo)
		dmc_vs_add(n, av->lo, omin);
}

/* SA_EQ atoms of v with a key in [a, b] not holding yet, into found;
 * *from: where the keys >= a start to be searched, then where the keys
 * > b start (calls go by increasing a). */
static int found_eq(dmc_atg *g, int v, long a, long b, int nf, int *from)
{
	int end = g->v_eq.first[v + 1], j;
	if (g->eq_off[v] < 0)
		j = bound(g->eq_key, *from, end, a, 1);
	else if (a <= g->eq_lo[v])
		j = *from;            /* every key is >= a */
	else if (a > g->eq_key[end - 1])
		j = end;
	else {                        /* keys from *from on are >= those before */
		j = g->eq_at[g->eq_off[v] + (a - g->eq_lo[v])];
		j = j < *from ? *from : j;
	}
	for (; j < end && g->eq_key[j] <= b; j++)
		if (g->atom_sat[g->v_eq.item[j]] == NEVER)
			g->found[nf++] = g->v_eq.item[j];
	*from = j;
	return nf;
}

/* found[0..n) (distinct atoms) in increasing order: insertion for a
 * few, else through the bit set fmark (words lo..hi). */
static void sort_found(dmc_atg *g, int n)
{
	int lo = INT_MAX, hi = -1, k = 0;
	if (n < 24) {
		for (int i = 1; i < n; i++) {
			int x = g->found[i], j = i;
			for (; j > 0 && g->found[j - 1] > x; j--)
				g->found[j] = g->found[j - 1];
			g->found[j] = x;
		}
		return;
	}
	for (int i = 0; i < n; i++) {
		int w = g->found[i] / 64;
		g->fmark[w] |= (uint64_t)1 << (g->found[i] % 64);
		lo = w < lo ? w : lo;
		hi = w > hi ? w : hi;
	}
	for (int w = lo; w <= hi; w++) {
		for (uint64_t x = g->fmark[w]; x; x &= x - 1)
			g->found[k++] = w * 64 + __builtin_ctzll(x);
		g->fmark[w] = 0;
	}
}

/* The indexed atoms of v that hold now that its set grew (committed and
 * logged, the set before it is the previous log entry unless grew[v] ==
 * 2), by index, in found; returns their number. */
static int simple_found(dmc_atg *g, int v)
{
	const dmc_vset *nw = &g->cur[v], *old;
	int nf = 0, p;
	if (g->v_eq.first[v] < g->v_eq.first[v + 1]) {
		int from = g->v_eq.first[v], o0 = 0;
		long last = g->eq_key[g->v_eq.first[v + 1] - 1];
		if (g->grew[v] == 2) {
			for (int i = 0; i < nw->n; i++)
				nf = found_eq(g, v, nw->iv[i].lo, nw->iv[i].hi, nf, &from);
		} else {
			old = &g->log[g->logoff[v] + g->nlog[v] - 2];
			/* the values nw has, old not: one pass over both lists */
			for (int i = 0; i < nw->n && nw->iv[i].lo <= last; i++) {
				long pos = nw->iv[i].lo, end = nw->iv[i].hi;
				int done = 0;
				while (o0 < old->n && old->iv[o0].hi < pos)
					o0++;
				for (int o = o0; o < old->n && !done; o++) {
					if (old->iv[o].lo > end)
						break;
					if (old->iv[o].lo > pos)
						nf = found_eq(g, v, pos, old->iv[o].lo - 1, nf, &from);
					if (old->iv[o].hi >= end)
						done = 1;
					else
						pos = old->iv[o].hi + 1;
				}
				if (!done)
					nf = found_eq(g, v, pos, end, nf, &from);
			}
		}
	}
	if (nw->n) {
		p = bound(g->le_key, g->v_le.first[v], g->le_ptr[v], dmc_vs_min(nw), 1);
		for (int j = p; j < g->le_ptr[v]; j++)
			if (g->atom_sat[g->v_le.item[j]] == NEVER)
				g->found[nf++] = g->v_le.item[j];
		g->le_ptr[v] = p;
		p = bound(g->ge_key, g->ge_ptr[v], g->v_ge.first[v + 1], dmc_vs_max(nw), 0);
		for (int j = g->ge_ptr[v]; j < p; j++)
			if (g->atom_sat[g->v_ge.item[j]] == NEVER)
				g->found[nf++] = g->v_ge.item[j];
		g->ge_ptr[v] = p;
	}
	sort_found(g, nf);
	return nf;
}

/* Make layer k current: commit the grown sets, then wake what waits. */
static void commit(dmc_atg *g, int k)
{
	int nchanged = 0;
	g->napply = 0;
	for (int i = 0; i < g->ntouched; i++) {
		int v = g->vtouched[i];
		if (!g->grew[v])
			continue;
		if (g->computed[v])
			widen(g, v);
		vs_copy(&g->cur[v], &g->next[v]);
		g->cur_grown[v] = 1;
		g->curmask[v] = small_mask(&g->cur[v]);
		if (!log_append(g, v, k))
			g->grew[v] = 2;       /* the set before is not in the log */
		g->vtouched[nchanged++] = v;
	}
	for (int i = 0; i < nchanged; i++) {
		int v = g->vtouched[i];
		int nf = simple_found(g, v), f = 0;
		int j = g->v_glive.first[v], end = g->v_glive.first[v + 1];
		/* in the order of the atoms' indices, as they wake actions: the
		 * order effects are applied in decides which intervals merge
		 * when a set overflows */
		while (j < end || f < nf) {
			int at;
			if (f == nf || (j < end && g->v_glive.item[j] < g->found[f])) {
				at = g->v_glive.item[j++];
				if (g->atom_sat[at] == NEVER
				    && memo_run(g, g->atoms[at].prog, &g->avars[g->atoms[at].vfirst],
				                g->atoms[at].nv, g->curview, NULL))
					atom_holds(g, at, k);
			} else if (g->atom_sat[at = g->found[f++]] == NEVER)
				atom_holds(g, at, k);
		}
		for (int j = g->v_acts.first[v]; j < g->v_acts.first[v + 1]; j++)
			if (g->as[g->v_acts.item[j]].en <= k)
				push_apply(g, g->v_acts.item[j], k);
	}
	for (int i = 0; i < g->nnew; i++)
		loc_reached(g, g->newlocs[i], k);
}

/* The best goal value by layer k; *stop when no goal still to come can
 * beat it (a goal holding at layer j >= k + 1 gives at least
 * k + 1 + its extra_steps), which keeps hL admissible across goals. */
static long best_goal(dmc_atg *g, int k, int *stop)
{
	int pending = NEVER;
	/* goals hold from the layer they are found at on (goal_holds) */
	while (g->g_next < g->m->ngoals && g->g_layer[g->g_by_extra[g->g_next]] <= k)
		g->g_next++;
	if (g->g_next < g->m->ngoals)
		pending = extra_steps(g->m, g->g_by_extra[g->g_next]);
	*stop = g->best != NEVER && (pending == NEVER || g->best <= (long)k + 1 + pending);
	return g->best;
}

static int finish(dmc_atg *g, int k, long best)
{
	g->top = k;
	g->built = 1;
	g->result = best >= NEVER ? DMC_ATG_INF : (int)best;
	return g->result;
}

static int build(dmc_atg *g, const dmc_astate *s)
{
	int k = 0, stop, grown;
	long best;
	g->planned = 0;
	layer0(g, s);
	for (;;) {
		best = best_goal(g, k, &stop);
		if (stop)
			return finish(g, k, best);
		g->nnew = g->ntouched = 0;
		/* a two-step pair enabled at k completes at k + 2: applied at the
		 * next layer (its effects then read V_k+1, a superset: sound) */
		int nlater_next = 0, *swap;
		for (int i = 0; i < g->napply; i++) {
			int a = g->apply[i];
			if (steps(g, a) == 2) {
				if (g->as[a].lmark != k) {
					g->as[a].lmark = k;
					g->later_next[nlater_next++] = a;
				}
			} else
				apply_action(g, a, k);
		}
		for (int i = 0; i < g->nlater; i++)
			apply_action(g, g->later[i], k);
		swap = g->later;
		g->later = g->later_next;
		g->later_next = swap;
		g->nlater = nlater_next;
		grown = 0;
		for (int i = 0; i < g->ntouched; i++)
			grown |= g->grew[g->vtouched[i]];
		if (!g->nnew && !grown && !g->nlater)  /* the fixpoint */
			return finish(g, k, best);
		if (k + 1 > g->maxlayer)               /* cannot happen; a lower bound */
			return finish(g, k, best != NEVER ? best : k + 1);
		commit(g, ++k);
	}
}

int dmc_atg_hL(dmc_atg *g, const dmc_astate *s)
{
	return build(g, s);
}

/* ---------------------------------------------------------------- */
/* extracting an abstract solution (appendix A.2, Fig. 5)           */
/* ---------------------------------------------------------------- */

/* V_j(v): the last logged set at or below layer j. */
static const dmc_vset *values_at(const dmc_atg *g, int v, int j)
{
	int i = g->logoff[v] + g->nlog[v] - 1;
	while (i > g->logoff[v] && g->log_layer[i] > j)
		i--;
	return &g->log[i];
}

/* The first layer with c in V(v), NEVER if none. */
static int first_layer(const dmc_atg *g, int v, long c)
{
	for (int i = g->logoff[v]; i < g->logoff[v] + g->nlog[v]; i++)
		if (dmc_vs_contains(&g->log[i], c))
			return g->log_layer[i];
	return NEVER;
}

static void add_cost(dmc_atg *g, long n)
{
	g->cost = n > (long)NEVER - 1 - g->cost ? (long)NEVER - 1 : g->cost + n;
}

/* Targets go to the layer where they first appear, which is below the
 * layer being processed (by construction of the ATG). */
static void push_target(dmc_atg *g, int id, int layer)
{
	if (layer >= g->cur_k)
		layer = g->cur_k - 1;
	if (layer <= 0)
		return;               /* holds in the state itself */
	g->link[id] = g->head[layer];
	g->head[layer] = id;
}

static void target_loc(dmc_atg *g, int l)
{
	if (g->loc_targeted[l])
		return;
	g->loc_targeted[l] = 1;
	g->x_loc[g->nx_loc++] = l;
	if (g->first_loc[l] != NEVER)
		push_target(g, l, g->first_loc[l]);
}

static void target_val(dmc_atg *g, int v, long c)
{
	int layer = first_layer(g, v, c), i;
	if (layer == NEVER || layer == 0)
		return;
	for (i = g->v_thead[v]; i >= 0; i = g->tv_next[i])
		if (g->tv_val[i] == c)
			return;
	if (g->nvt == g->vcap)
		return;               /* pool full: this value is left unsupported */
	i = g->nvt++;
	g->tv_var[i] = v;
	g->tv_val[i] = c;
	g->tv_next[i] = g->v_thead[v];
	g->v_thead[v] = i;
	push_target(g, g->nlocs + i, layer);
}

/* What a witness must make e do: be possibly true, or (for an effect
 * into a variable with domain [lo, hi]) possibly produce c; e reads
 * vars[0..nv). */
typedef struct {
	int produce;
	long c, lo, hi;
	const int *vars;
	int nv;
	const atom *simple;           /* an indexed atom: its rule, not its program */
} goalpred;

/* What evaluating an indexed atom on its variable's set s gives (the
 * rule simple_atom states). */
static int simple_may(const atom *a, const dmc_vset *s)
{
	if (!s->n)
		return 0;
	switch (a->simple) {
	case SA_EQ:
		return dmc_vs_contains(s, a->key);
	case SA_LE:
		return dmc_vs_min(s) <= a->key;
	case SA_GE:
		return dmc_vs_max(s) >= a->key;
	default:
		return 0;
	}
}

static int holds(dmc_atg *g, dmc_vprog e, const goalpred *p)
{
	dmc_vset r;
	if (p->simple)
		return simple_may(p->simple, g->view[p->vars[0]]);
	if (!p->produce)
		return memo_run(g, e, p->vars, p->nv, g->view, NULL);
	memo_run(g, e, p->vars, p->nv, g->view, &r);
	dmc_vs_fit(&r, p->lo, p->hi, g->wrap);
	return dmc_vs_contains(&r, p->c);
}

static unsigned long distance(long ref, dmc_ival iv)
{
	if (ref < iv.lo)
		return (unsigned long)iv.lo - (unsigned long)ref;
	if (ref > iv.hi)
		return (unsigned long)ref - (unsigned long)iv.hi;
	return 0;
}

/* Choose one value w of variable u from *s keeping p true, as close to
 * ref as we can: try the nearest point of each interval (nearest
 * interval first), else bisect the interval, keeping the half nearer
 * ref when both halves may work.  view[u] is left at {w}. */
static int pick(dmc_atg *g, dmc_vprog e, const goalpred *p, int u,
                const dmc_vset *s, long ref, long *w)
{
	dmc_vset *one = &g->single[u];
	unsigned visited = 0;
	g->view[u] = one;
	for (int round = 0; round < s->n; round++) {
		int best = -1;
		long a, b, x;
		for (int i = 0; i < s->n; i++)
			if (!(visited & 1u << i)
			    && (best < 0 || distance(ref, s->iv[i]) < distance(ref, s->iv[best])))
				best = i;
		visited |= 1u << best;
		a = s->iv[best].lo;
		b = s->iv[best].hi;
		x = ref < a ? a : ref > b ? b : ref;
		dmc_vs_set(one, x, x);
		if (x != NEG && x != POS && holds(g, e, p)) {
			*w = x;
			return 1;
		}
		dmc_vs_set(one, a, b);
		if (!holds(g, e, p))
			continue;
		while (a < b) {
			long mid = a + (long)(((unsigned long)b - (unsigned long)a) / 2);
			int low = ref <= mid, ok = 0;
			for (int t = 0; t < 2 && !ok; t++, low = !low) {
				if (low)
					dmc_vs_set(one, a, mid);
				else
					dmc_vs_set(one, mid + 1, b);
				if ((ok = holds(g, e, p))) {
					if (low)
						b = mid;
					else
						a = mid + 1;
				}
			}
			if (!ok)
				break;   /* an over-approximated "may": no single value */
		}
		if (a == b && a != NEG && a != POS) {
			dmc_vs_set(one, a, a);
			*w = a;
			return 1;
		}
	}
	return 0;
}

/* make-target for one condition or effect (Fig. 5): pick values of the
 * variables e reads, from V_j, so that p holds, and post each as a
 * target at the layer where it first appears.  Variable by variable:
 * the earliest logged set of the variable that keeps p true, then one
 * value in it near the variable's value in the state.  Gives up (posts
 * no more) if the over-approximation has no single value that works. */
static void witness(dmc_atg *g, dmc_vprog e, const int *vars, int nv, int j,
                    const goalpred *pred, int known)
{
	goalpred with_vars = *pred, *p = &with_vars;
	const atom *eq = pred->simple;
	if (known && eq && eq->simple == SA_EQ && eq->key != NEG && eq->key != POS) {
		/* a known "u == key": V_j holds key, and the search below ends
		 * at it (in the first set holding it, key itself) */
		target_val(g, vars[0], eq->key);
		return;
	}
	with_vars.vars = vars;
	with_vars.nv = nv;
	for (int i = 0; i < nv; i++)
		g->view[vars[i]] = values_at(g, vars[i], j);
	if (!known && !holds(g, e, p))
		return;
	for (int i = 0; i < nv; i++) {
		int u = vars[i], x;
		const dmc_vset *s0 = &g->log[g->logoff[u]];
		long ref = dmc_vs_empty(s0) ? 0 : dmc_vs_min(s0), w;
		if (ref == NEG)
			ref = dmc_vs_max(s0) == POS ? 0 : dmc_vs_max(s0);
		int found = 0, last = g->logoff[u];
		while (last + 1 < g->logoff[u] + g->nlog[u] && g->log_layer[last + 1] <= j)
			last++;
		/* p holds with u at V_j(u), its last set here (the variables
		 * before u were given values that keep p true, those after are
		 * still at V_j): that set needs no evaluation */
		for (x = g->logoff[u]; x <= last; x++) {
			g->view[u] = &g->log[x];
			if ((found = x == last || holds(g, e, p)))
				break;
		}
		/* a single value that works is what pick would choose */
		const dmc_vset *one = g->view[u];
		if (found && one->n == 1 && one->iv[0].lo == one->iv[0].hi
		    && one->iv[0].lo != NEG && one->iv[0].lo != POS)
			w = one->iv[0].lo;
		else if (!pick(g, e, p, u, g->view[u], ref, &w))
			return;
		target_val(g, u, w);
	}
}

static void post_atom(dmc_atg *g, int i)
{
	const atom *a = &g->atoms[i];
	const goalpred maytrue = { 0, 0, 0, 0, NULL, 0,
	                           a->simple != SA_NONE && a->simple != SA_NEVER ? a : NULL };
	if (g->atom_posted[i])
		return;
	g->atom_posted[i] = 1;
	g->x_atom[g->nx_atom++] = i;
	if (g->atom_sat[i] != 0 && g->atom_sat[i] != NEVER)
		/* known: the atom was found true on exactly the sets V_j */
		witness(g, a->prog, &g->avars[a->vfirst], a->nv, g->atom_sat[i], &maytrue, 1);
}

/* Select action a at layer j, reps times in a row: count it once per
 * layer (more repetitions only add the difference) and post its
 * conditions as targets once. */
/* The steps of reps applications of action a in a row: the paper counts
 * each application; with cycle costs, every round after the first also
 * goes back along the automaton to the action's source. */
static long rep_cost(const dmc_atg *g, int a, long reps)
{
	long c = steps(g, a) * reps;
	if (g->cycles && reps > 1)
		c += (reps - 1) * (long)g->a_ret[a];
	return c;
}

static void select_action(dmc_atg *g, int a, int j, long reps)
{
	const action *ac = &g->acts[a];
	if (g->sel_layer[a] == j) {
		if (reps > g->sel_reps[a]) {
			add_cost(g, rep_cost(g, a, reps) - rep_cost(g, a, g->sel_reps[a]));
			g->sel_reps[a] = reps;
		}
		return;
	}
	if (g->sel_layer[a] < 0)              /* first selected in this extraction */
		g->x_act[g->nx_act++] = a;
	g->sel_layer[a] = j;
	g->sel_reps[a] = reps;
	add_cost(g, rep_cost(g, a, reps));
	if (g->a_posted[a])
		return;
	g->a_posted[a] = 1;
	for (int i = 0; i < 2 && ac->part[i] >= 0; i++) {
		int t = ac->part[i];
		target_loc(g, g->loc_base[g->m->trans[t].proc] + g->m->trans[t].from);
		for (int k = g->t_afirst[t]; k < g->t_afirst[t + 1]; k++)
			post_atom(g, k);
	}
	for (int i = 0; i < ac->nchan; i++)
		post_atom(g, ac->chan + i);
}

/* How hard an action's conditions are: the sum of their first layers
 * (FF's "difficulty"), to break ties. */
static long difficulty(const dmc_atg *g, int a)
{
	const action *ac = &g->acts[a];
	long d = 0;
	for (int i = 0; i < ac->nchan; i++)
		d += g->atom_sat[ac->chan + i];
	for (int i = 0; i < 2 && ac->part[i] >= 0; i++) {
		int t = ac->part[i];
		d += g->first_loc[g->loc_base[g->m->trans[t].proc] + g->m->trans[t].from];
		for (int k = g->t_afirst[t]; k < g->t_afirst[t + 1]; k++)
			d += g->atom_sat[k];
	}
	return d;
}

/* Is (a, cost, diff) better than the best so far? */
static int better(const dmc_atg *g, int a, long cost, long diff, int best, long bcost,
                  long bdiff)
{
	if (best < 0)
		return 1;
	if (g->as[a].en != g->as[best].en)
		return g->as[a].en < g->as[best].en;
	if (cost != bcost)
		return cost < bcost;
	return diff < bdiff;
}

static void support_loc(dmc_atg *g, int l, int k)
{
	int best = -1, known = 0;
	long bdiff = 0;
	for (int i = g->l_slive.first[l]; i < g->l_slive.first[l + 1]; i++) {
		int a = g->l_slive.item[i];
		long diff;
		if (g->as[a].en > k - steps(g, a))
			continue;
		if (g->sel_layer[a] == k - steps(g, a)) {
			best = a;         /* already in the plan: free */
			break;
		}
		if (best >= 0 && g->as[a].en == g->as[best].en && steps(g, a) == steps(g, best)) {
			/* only then do the difficulties decide (better) */
			if (!known)
				bdiff = difficulty(g, best);
			known = 1;
			if ((diff = difficulty(g, a)) < bdiff) {
				best = a;
				bdiff = diff;
			}
		} else if (better(g, a, steps(g, a), 0, best, best < 0 ? 0 : steps(g, best), 0)) {
			best = a;
			known = 0;
		}
	}
	if (best < 0)
		add_cost(g, 1);       /* cannot happen: the ATG reached l somehow */
	else
		select_action(g, best, k - steps(g, best), 1);
}

static long ceil_div(unsigned long n, long d)
{
	unsigned long q = (n + (unsigned long)d - 1) / (unsigned long)d;
	return q > (unsigned long)NEVER / 2 ? NEVER / 2 : (long)q;
}

/* Can effect f (of an action enabled at layer j) produce c at layer
 * j + 1?  *reps: applications needed; *base: for a shortcut, the value
 * it starts from (another target). */
static int produces(dmc_atg *g, const effect *f, long c, int j, long *reps, long *base)
{
	const dmc_avar *av = &g->m->vars[f->var];
	const dmc_vset *s = values_at(g, f->var, j);
	*reps = 1;
	*base = c;
	if (f->bounded && (c < f->lo || c > f->hi))
		return 0;             /* dropped (effect_values) */
	if (f->kind == EF_ANY)
		return c >= av->lo && c <= av->hi;
	if (f->kind == EF_SET) {
		goalpred p = { 1, c, av->lo, av->hi, &g->evars[f->vfirst], f->nv, NULL };
		for (int i = 0; i < f->nv; i++)
			g->view[g->evars[f->vfirst + i]] = values_at(g, g->evars[f->vfirst + i], j);
		return holds(g, f->prog, &p);
	}
	if (f->kind == EF_INC) {      /* from the largest b <= c - step */
		long lim = c < NEG + f->step ? NEG : c - f->step;
		for (int i = s->n - 1; i >= 0 && lim != NEG; i--)
			if (s->iv[i].lo <= lim) {
				*base = s->iv[i].hi < lim ? s->iv[i].hi : lim;
				*reps = ceil_div((unsigned long)c - (unsigned long)*base, f->step);
				return 1;
			}
		/* only around the top of the domain (wrap) */
		*base = dmc_vs_max(s);
		if (!g->wrap || f->bounded || av->lo == NEG || av->hi == POS || *base == POS || *base > av->hi)
			return 0;
		*reps = ceil_div((unsigned long)av->hi - (unsigned long)*base
		                 + (unsigned long)c - (unsigned long)av->lo + 1, f->step);
		return 1;
	}
	{                             /* EF_DEC: from the smallest b >= c + step */
		long lim = c > POS - f->step ? POS : c + f->step;
		for (int i = 0; i < s->n && lim != POS; i++)
			if (s->iv[i].hi >= lim) {
				*base = s->iv[i].lo > lim ? s->iv[i].lo : lim;
				*reps = ceil_div((unsigned long)*base - (unsigned long)c, f->step);
				return 1;
			}
		*base = dmc_vs_min(s);
		if (!g->wrap || f->bounded || av->lo == NEG || av->hi == POS || *base == NEG || *base < av->lo)
			return 0;
		*reps = ceil_div((unsigned long)*base - (unsigned long)av->lo
		                 + (unsigned long)av->hi - (unsigned long)c + 1, f->step);
		return 1;
	}
}

/* A value target (v, c) first appearing at layer k: an effect of an
 * action enabled at k - 1 that can produce c (Fig. 5's cases: v := c,
 * v := v', v := v +- 1, generalised to any expression). */
static void support_val(dmc_atg *g, int ti, int k)
{
	int v = g->tv_var[ti], best = -1, any = -1;
	long c = g->tv_val[ti], breps = 0, bbase = 0, bcost = 0, bdiff = 0;
	/* The writers of v in order, leaving out those that assign another
	 * constant: they cannot produce c (writers_at) */
	int i = g->v_wglive.first[v], ie = g->v_wglive.first[v + 1];
	int ci = bound(g->wcl_key, g->v_wclive.first[v], g->v_wclive.first[v + 1], c, 1);
	int ce = bound(g->wcl_key, ci, g->v_wclive.first[v + 1], c, 0);
	while (i < ie || ci < ce) {
		int e = ci == ce || (i < ie && g->e_rank[g->v_wglive.item[i]] < g->e_rank[g->v_wclive.item[ci]])
		        ? g->v_wglive.item[i++] : g->v_wclive.item[ci++];
		const effect *f = &g->effs[e];
		int a = f->act, d = steps(g, a);
		long reps, base, cost, diff;
		if (g->as[a].en > k - d)
			continue;
		/* the effect read layer k - 1 (a pair's too: applied late) */
		if (!produces(g, f, c, k - 1, &reps, &base))
			continue;
		cost = rep_cost(g, a, reps);
		if (g->sel_layer[a] == k - d)
			cost = reps > g->sel_reps[a]
			       ? rep_cost(g, a, reps) - rep_cost(g, a, g->sel_reps[a]) : 0;
		diff = difficulty(g, a);
		if (cost == 0 || better(g, a, cost, diff, best < 0 ? -1 : g->effs[best].act,
		                        bcost, bdiff)) {
			best = e;
			breps = reps;
			bbase = base;
			bcost = cost;
			bdiff = diff;
			if (cost == 0)
				break;
		}
	}
	if (best < 0) {
		/* Only widening or merged intervals put c here: no effect makes
		 * it exactly, so there is no witness to follow down.  Take the
		 * earliest writer and charge the layers below as if a chain of
		 * k steps built the value (hU stays >= the layer count). */
		for (int j = g->v_writers.first[v]; j < g->v_writers.first[v + 1]; j++) {
			int a = g->effs[g->v_writers.item[j]].act;
			if (g->as[a].en <= k - steps(g, a) && (any < 0 || g->as[a].en < g->as[any].en))
				any = a;
		}
		if (any >= 0) {
			select_action(g, any, k - steps(g, any), 1);
			add_cost(g, k - steps(g, any));
		}
		return;
	}
	select_action(g, g->effs[best].act, k - steps(g, g->effs[best].act), breps);
	{
		const effect *f = &g->effs[best];
		const dmc_avar *av = &g->m->vars[v];
		goalpred p = { 1, c, av->lo, av->hi, NULL, 0, NULL };
		if (f->kind == EF_INC || f->kind == EF_DEC)
			target_val(g, v, bbase);
		else if (f->kind == EF_SET)
			witness(g, f->prog, &g->evars[f->vfirst], f->nv, k - 1, &p, 0);
	}
}

static long extract(dmc_atg *g)
{
	const dmc_agoal *gl = &g->m->goals[g->goal];
	int top = g->g_layer[g->goal];
	fill_bytes(g->head, top + 1, 0xff);
	fill_bytes(g->v_thead, g->m->nvars, 0xff);
	for (int i = 0; i < g->nx_loc; i++)
		g->loc_targeted[g->x_loc[i]] = 0;
	for (int i = 0; i < g->nx_atom; i++)
		g->atom_posted[g->x_atom[i]] = 0;
	for (int i = 0; i < g->nx_act; i++) {
		g->sel_layer[g->x_act[i]] = -1;
		g->a_posted[g->x_act[i]] = 0;
	}
	g->nx_loc = g->nx_atom = g->nx_act = 0;
	g->nvt = 0;
	g->cost = 0;
	g->cur_k = top + 1;
	for (int i = 0; i < gl->nlocs; i++)
		target_loc(g, g->loc_base[gl->proc[i]] + gl->loc[i]);
	for (int i = g->g_afirst[g->goal]; i < g->g_afirst[g->goal + 1]; i++)
		post_atom(g, i);
	for (int k = top; k >= 1; k--) {
		g->cur_k = k;
		while (g->head[k] >= 0) {
			int id = g->head[k];
			g->head[k] = g->link[id];
			if (id < g->nlocs)
				support_loc(g, id, k);
			else
				support_val(g, id - g->nlocs, k);
		}
	}
	return g->cost;
}

int dmc_atg_eval(dmc_atg *g, const dmc_astate *s, int *hL, int *hU)
{
	int l = build(g, s);
	if (hL)
		*hL = l;
	if (hU) {
		if (l == DMC_ATG_INF)
			*hU = DMC_ATG_INF;
		else if (g->goal < 0)
			*hU = l;      /* the layer bound was hit (cannot happen) */
		else {
			int extra = g->m->goals[g->goal].extra_steps;
			long u = extract(g) + (extra > 0 ? extra : 0);
			*hU = u >= DMC_ATG_INF ? DMC_ATG_INF - 1 : (int)u;
			g->planned = 1;
		}
	}
	return l;
}

int dmc_atg_hU(dmc_atg *g, const dmc_astate *s)
{
	int u;
	dmc_atg_eval(g, s, NULL, &u);
	return u;
}

int dmc_atg_helpful(const dmc_atg *g, int *trans, int max)
{
	int n = 0;
	if (!g->planned)
		return 0;
	for (int i = 0; i < g->nx_act; i++) {
		const action *ac = &g->acts[g->x_act[i]];
		if (g->sel_layer[g->x_act[i]] != 0)
			continue;
		for (int k = 0; k < 2 && ac->part[k] >= 0; k++) {
			int t = ac->part[k], seen = 0;
			for (int j = 0; j < n && !seen; j++)
				seen = trans[j] == t;
			if (!seen && n < max)
				trans[n++] = t;
		}
	}
	return n;
}

/* ---------------------------------------------------------------- */
/* debugging                                                        */
/* ---------------------------------------------------------------- */

int dmc_atg_relevant_loc(const dmc_atg *g, int proc, int loc)
{
	if (proc < 0 || proc >= g->m->nprocs || loc < 0 || loc >= g->m->procs[proc].nlocs)
		return 1;
	return g->loc_rel[g->loc_base[proc] + loc];
}

int dmc_atg_relevant_var(const dmc_atg *g, int v)
{
	return v < 0 || v >= g->m->nvars || g->var_rel[v];
}

int dmc_atg_top(const dmc_atg *g)
{
	return g->built ? g->top : -1;
}

static void print_trans(const dmc_atg *g, int t, FILE *f)
{
	const dmc_atrans *tr = &g->m->trans[t];
	const char *name = g->m->procs[tr->proc].name;
	if (name)
		fprintf(f, "t%d %s %d->%d", tr->id, name, tr->from, tr->to);
	else
		fprintf(f, "t%d P%d %d->%d", tr->id, tr->proc, tr->from, tr->to);
}

void dmc_atg_print(const dmc_atg *g, FILE *f)
{
	const dmc_amodel *m = g->m;
	if (!g->built) {
		fprintf(f, "ATG: not built\n");
		return;
	}
	if (g->result == DMC_ATG_INF)
		fprintf(f, "ATG: fixpoint at layer %d, no goal reachable\n", g->top);
	else
		fprintf(f, "ATG: %d layers, hL %d (goal %d)\n", g->top + 1, g->result, g->goal);
	for (int k = 0; k <= g->top; k++) {
		fprintf(f, "layer %d:\n", k);
		for (int l = 0; l < g->nlocs; l++)
			if (g->first_loc[l] == k) {
				int p = g->loc_proc[l];
				if (m->procs[p].name)
					fprintf(f, "  %s @ %d\n", m->procs[p].name, l - g->loc_base[p]);
				else
					fprintf(f, "  P%d @ %d\n", p, l - g->loc_base[p]);
			}
		for (int v = 0; v < m->nvars; v++)
			for (int i = g->logoff[v]; i < g->logoff[v] + g->nlog[v]; i++)
				if (g->log_layer[i] == k) {
					fprintf(f, "  %s = ", m->vars[v].name ? m->vars[v].name : "?");
					dmc_vs_print(&g->log[i], f);
					fputc('\n', f);
				}
		for (int o = 0; o < g->nacts; o++) {
			int a = g->a_at[o];
			if (g->as[a].en == k) {
				fprintf(f, "  enabled ");
				print_trans(g, g->acts[a].part[0], f);
				if (g->acts[a].part[1] >= 0) {
					fprintf(f, " || ");
					print_trans(g, g->acts[a].part[1], f);
				}
				fputc('\n', f);
			}
		}
		for (int i = 0; i < m->ngoals; i++)
			if (g->g_layer[i] == k)
				fprintf(f, "  goal %d holds\n", i);
	}
}
