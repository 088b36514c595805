// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pdb_pred.c -- relaxation refinement of predicate abstractions (see
 * pdb_pred.h).  The predicates are those the table can hold (pdb.h's
 * dmc_pdb_preds): comparisons of one variable with a constant, and
 * loc(q) == l.  Comparisons between two variables, or with expressions
 * the refinement cannot fold to a constant, are left out: fewer
 * predicates make a coarser abstraction, never an unsound one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb_pred.h"
#include "valueset.h"

#define CUTS_MAX 64                   /* class starts per variable at most */

typedef struct {
	const dmc_amodel *m;
	const unsigned char *var_ok, *proc_ok;
	int *ncut, *nmark;
	long **cut;
	int **mark;
	dmc_pdb_preds view;
} predset;

static void set_free(predset *ps)
{
	for (int v = 0; ps->cut && v < ps->m->nvars; v++)
		free(ps->cut[v]);
	for (int q = 0; ps->mark && q < ps->m->nprocs; q++)
		free(ps->mark[q]);
	free(ps->ncut), free(ps->nmark), free(ps->cut), free(ps->mark);
}

static int set_init(predset *ps, const dmc_pdb_input *in)
{
	const dmc_amodel *m = in->m;
	memset(ps, 0, sizeof *ps);
	ps->m = m;
	ps->var_ok = in->var_ok;
	ps->proc_ok = in->proc_ok;
	ps->ncut = calloc((size_t) m->nvars + 1, sizeof *ps->ncut);
	ps->nmark = calloc((size_t) m->nprocs + 1, sizeof *ps->nmark);
	ps->cut = calloc((size_t) m->nvars + 1, sizeof *ps->cut);
	ps->mark = calloc((size_t) m->nprocs + 1, sizeof *ps->mark);
	for (int v = 0; ps->cut && v < m->nvars; v++)
		ps->cut[v] = malloc(CUTS_MAX * sizeof **ps->cut);
	for (int q = 0; ps->mark && q < m->nprocs; q++)
		ps->mark[q] = malloc(((size_t) m->procs[q].nlocs + 1) * sizeof **ps->mark);
	if (!ps->ncut || !ps->nmark || !ps->cut || !ps->mark)
		return -1;
	for (int v = 0; v < m->nvars; v++)
		if (!ps->cut[v])
			return -1;
	for (int q = 0; q < m->nprocs; q++)
		if (!ps->mark[q])
			return -1;
	ps->view = (dmc_pdb_preds){ ps->ncut, (const long *const *) ps->cut, ps->nmark,
	                            (const int *const *) ps->mark };
	return 0;
}

/* Add class start c to variable v (sorted, unique); 1 when new. */
static int add_cut(predset *ps, int v, long c)
{
	const dmc_avar *d = &ps->m->vars[v];
	int n = ps->ncut[v], i = 0;
	if (v < 0 || v >= ps->m->nvars || !ps->var_ok[v] || c <= d->lo || c > d->hi || n >= CUTS_MAX)
		return 0;
	while (i < n && ps->cut[v][i] < c)
		i++;
	if (i < n && ps->cut[v][i] == c)
		return 0;
	memmove(&ps->cut[v][i + 1], &ps->cut[v][i], (size_t) (n - i) * sizeof **ps->cut);
	ps->cut[v][i] = c;
	ps->ncut[v]++;
	return 1;
}

static int add_mark(predset *ps, int q, int l)
{
	if (q < 0 || q >= ps->m->nprocs || !ps->proc_ok[q] || l < 0 || l >= ps->m->procs[q].nlocs)
		return 0;
	for (int i = 0; i < ps->nmark[q]; i++)
		if (ps->mark[q][i] == l)
			return 0;
	ps->mark[q][ps->nmark[q]++] = l;
	return 1;
}

/* e's value when it reads no variable: 1, else 0. */
static int constant(const dmc_aexpr *e, long *out)
{
	long a, b;
	if (!e)
		return 0;
	switch (e->op) {
	case DMC_AE_CONST: *out = e->value; return 1;
	case DMC_AE_NEG: if (!constant(e->a, &a)) return 0; *out = -a; return 1;
	case DMC_AE_ADD: case DMC_AE_SUB: case DMC_AE_MUL:
		if (!constant(e->a, &a) || !constant(e->b, &b))
			return 0;
		*out = e->op == DMC_AE_ADD ? a + b : e->op == DMC_AE_SUB ? a - b : a * b;
		return 1;
	default: return 0;
	}
}

/* The predicate "v op c" as class starts of v. */
static int add_cmp(predset *ps, int v, dmc_ae_op op, long c)
{
	switch (op) {
	case DMC_AE_LT: case DMC_AE_GE: return add_cut(ps, v, c);
	case DMC_AE_LE: case DMC_AE_GT: return add_cut(ps, v, c + 1);
	case DMC_AE_EQ: case DMC_AE_NE: return add_cut(ps, v, c) | add_cut(ps, v, c + 1);
	default: return 0;
	}
}

/* Every comparison of one variable with a constant in e (only_var >= 0:
 * of that variable only). */
static int add_atoms(predset *ps, const dmc_aexpr *e, int only_var)
{
	long c;
	int grew = 0;
	if (!e)
		return 0;
	if (e->op >= DMC_AE_LT && e->op <= DMC_AE_NE) {
		if (e->a && e->a->op == DMC_AE_VAR && constant(e->b, &c)
		    && (only_var < 0 || e->a->var == only_var))
			return add_cmp(ps, e->a->var, e->op, c);
		if (e->b && e->b->op == DMC_AE_VAR && constant(e->a, &c)
		    && (only_var < 0 || e->b->var == only_var))
			return add_cmp(ps, e->b->var, dmc_ae_mirror(e->op), c);
	}
	grew |= add_atoms(ps, e->a, only_var);
	grew |= add_atoms(ps, e->b, only_var);
	grew |= add_atoms(ps, e->c, only_var);
	return grew;
}

/* The predicates on x carried back through x := e (P[x -> e]): with e
 * = y + k (or y - k, or y) a class start c of x gives c - k on y. */
static int substitute(predset *ps, int x, const dmc_aexpr *e)
{
	long k = 0;
	int y = -1, grew = 0;
	if (!e || x < 0 || x >= ps->m->nvars)
		return 0;
	if (e->op == DMC_AE_VAR)
		y = e->var;
	else if ((e->op == DMC_AE_ADD || e->op == DMC_AE_SUB) && e->a && e->a->op == DMC_AE_VAR
	         && constant(e->b, &k)) {
		y = e->a->var;
		k = e->op == DMC_AE_SUB ? -k : k;
	}
	if (y < 0 || y >= ps->m->nvars)
		return 0;
	for (int i = 0; i < ps->ncut[x]; i++)
		grew |= add_cut(ps, y, ps->cut[x][i] - k);
	return grew;
}

/* Fig. 3 of seed 001 over one abstract error path (t[i] with its
 * rendezvous partner r[i], or -1): backwards, a process whose next
 * transition starts elsewhere than the previous one ended is spurious for
 * location reasons (mark that location, stop); otherwise carry the
 * predicates back through the assignments and add the guards. */
static int refine_path(predset *ps, const int *t, const int *r, int n, int *curloc)
{
	const dmc_amodel *m = ps->m;
	int grew = 0;
	for (int q = 0; q < m->nprocs; q++)
		curloc[q] = -1;
	for (int i = n - 1; i >= 0; i--) {
		int e[2] = { t[i], r[i] };
		for (int k = 0; k < 2 && e[k] >= 0; k++) {
			const dmc_atrans *tr = &m->trans[e[k]];
			if (curloc[tr->proc] >= 0 && tr->to != curloc[tr->proc]
			    && add_mark(ps, tr->proc, curloc[tr->proc]))
				return 1;
			curloc[tr->proc] = tr->from;
		}
		for (int k = 0; k < 2 && e[k] >= 0; k++) {
			const dmc_atrans *tr = &m->trans[e[k]];
			for (int a = tr->nassign - 1; a >= 0; a--)
				grew |= substitute(ps, tr->assign[a].var, tr->assign[a].rhs);
			for (int f = 0; tr->sync == DMC_SYNC_RECV && tr->recv_var && f < tr->nmsg; f++) {
				int partner = k == 1 ? e[0] : -1;
				const dmc_atrans *snd = partner >= 0 ? &m->trans[partner] : NULL;
				if (snd && snd->msg && f < snd->nmsg)
					grew |= substitute(ps, tr->recv_var[f], snd->msg[f]);
			}
		}
		for (int k = 0; k < 2 && e[k] >= 0; k++) {
			grew |= add_atoms(ps, m->trans[e[k]].guard, -1);
			grew |= add_mark(ps, m->trans[e[k]].proc, m->trans[e[k]].from);
		}
	}
	return grew;
}

/* The variables the goals' formulas compare with constants, at most max. */
static int goal_vars(const dmc_aexpr *e, int *vars, int n, int max)
{
	long c;
	if (!e || n >= max)
		return n;
	if (e->op >= DMC_AE_LT && e->op <= DMC_AE_NE) {
		int v = e->a && e->a->op == DMC_AE_VAR && constant(e->b, &c) ? e->a->var
		        : e->b && e->b->op == DMC_AE_VAR && constant(e->a, &c) ? e->b->var : -1;
		for (int i = 0; v >= 0 && i < n; i++)
			if (vars[i] == v)
				v = -1;
		if (v >= 0)
			vars[n++] = v;
		return n;
	}
	n = goal_vars(e->a, vars, n, max);
	n = goal_vars(e->b, vars, n, max);
	return goal_vars(e->c, vars, n, max);
}

/* The build must end: past the deadline (0: none), or the caller says so. */
static int late(const dmc_pdb_input *in, double deadline)
{
	return (deadline > 0 && dmc_pdb_clock() >= deadline) || (in->stop && in->stop(in->stop_ctx));
}

/* One refinement loop from the goals' locations and, of their formulas,
 * the comparisons over only_var (-1: all).  Out of time, the last table
 * finished (stats.timed_out), or the empty abstraction's. */
static dmc_pdb *refine(const dmc_pdb_input *in, int only_var, double deadline, char *err,
                       size_t errlen)
{
	const dmc_amodel *m = in->m;
	predset ps;
	dmc_pdb *best = NULL;
	int *t = NULL, *r = NULL;
	int *curloc = malloc(((size_t) m->nprocs + 1) * sizeof *curloc);
	int rounds = 0, timed_out = 0, outgrew = 0;
	if (!curloc || set_init(&ps, in) < 0) {
		snprintf(err, errlen, "out of memory building the pattern database");
		goto out;
	}
	for (int g = 0; g < m->ngoals; g++) {
		for (int l = 0; l < m->goals[g].nlocs; l++)
			add_mark(&ps, m->goals[g].proc[l], m->goals[g].loc[l]);
		add_atoms(&ps, m->goals[g].formula, only_var);
	}
	dmc_pdb_input sub = *in;
	sub.keep_edges = 1;
	for (;;) {
		if (late(in, deadline)) {
			timed_out = 1;
			break;
		}
		double rest = deadline > 0 ? deadline - dmc_pdb_clock() : 0;
		sub.max_seconds = deadline > 0 && rest < 1e-6 ? 1e-6 : rest;   /* 0 would be no limit */
		dmc_pdb *p = dmc_pdb_build_preds(&sub, &ps.view, &outgrew, err, errlen);
		rounds++;
		if (!p) {
			/* the previous abstraction is the last that fits */
			timed_out = outgrew && late(in, deadline);
			break;
		}
		dmc_pdb_free(best);
		best = p;
		if (dmc_pdb_stats_of(p)->h_init == DMC_PDB_INF || rounds >= DMC_PDB_PRED_ROUNDS)
			break;
		/* a shortest path visits each abstract state at most once */
		size_t len = dmc_pdb_stats_of(p)->states + 1;
		int *t2 = realloc(t, len * sizeof *t), *r2 = t2 ? realloc(r, len * sizeof *r) : NULL;
		if (t2)
			t = t2;
		if (!t2 || !r2)
			break;                /* out of memory: keep this table */
		r = r2;
		int n = dmc_pdb_path(p, t, r, (int) len);
		if (!refine_path(&ps, t, r, n, curloc))
			break;                /* nothing new: the path is as precise as it gets */
	}
	if (!best && (outgrew || timed_out)) {
		/* even the goals' predicates outgrow: the empty abstraction
		 * (one state, never cut short) */
		memset(ps.ncut, 0, (size_t) m->nvars * sizeof *ps.ncut);
		memset(ps.nmark, 0, (size_t) m->nprocs * sizeof *ps.nmark);
		sub.max_seconds = 0;
		best = dmc_pdb_build_preds(&sub, &ps.view, &outgrew, err, errlen);
	}
	if (best) {
		dmc_pdb_set_rounds(best, rounds);
		if (timed_out)
			dmc_pdb_set_timed_out(best);
	}
out:
	set_free(&ps);
	free(t), free(r), free(curloc);
	return best;
}

int dmc_pdb_pred_build(const dmc_pdb_input *in, dmc_pdb **out, char *err, size_t errlen)
{
	const dmc_amodel *m = in->m;
	int vars[DMC_PDB_PRED_TABLES], nv = 0, n = 0;
	double t0 = dmc_pdb_clock();
	for (int g = 0; g < m->ngoals; g++)
		nv = goal_vars(m->goals[g].formula, vars, nv, DMC_PDB_PRED_TABLES);
	if (nv <= 1)
		nv = 0;                       /* one abstraction of everything the goals say */
	for (int i = 0; i < (nv ? nv : 1); i++) {
		if (n > 0 && in->stop && in->stop(in->stop_ctx))
			break;                /* the run ends: no more tables */
		/* each abstraction its share of the time left */
		double rest = in->max_seconds > 0 ? in->max_seconds - (dmc_pdb_clock() - t0) : 0;
		double deadline = in->max_seconds > 0 ? dmc_pdb_clock() + rest / ((nv ? nv : 1) - i) : 0;
		dmc_pdb *p = refine(in, nv ? vars[i] : -1, deadline, err, errlen);
		if (!p) {
			while (n > 0)
				dmc_pdb_free(out[--n]);
			return -1;
		}
		out[n++] = p;
	}
	return n;
}
