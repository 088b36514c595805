// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_pml_family.c -- families of constraints: the constraints a model
 * writes once per value of a parameter, each naming another instance.
 *
 * A planning model ties an action's parameter to an instance by writing
 * one constraint per value: logistics says, for truck t1 and each
 * package pI (instance kI),
 *
 *     kI.In(tr1, x).start <= t1.Load(pI, x).end
 *
 * Written one by one, the guard of every transition out of t1's Load has
 * a term per package, `(!(t1_p0 == I) || kI_In...)`, so the text grows
 * with packages x transitions out of Load (itself a choice per package):
 * quadratically.  Such constraints are a family: the same chain, the
 * universal term differing only in the constant of one argument (pos)
 * and one other action only in its instance (var), one member per value
 * of that argument, each on another instance.  The members' recorded
 * timepoints of var are one array with a slot per value
 * (Pkg_In_f0_v_s_m0[value * 4 + x] instead of kI_In_f0_v_s[x]), and
 * where the universal event's parameter is not known when the text is
 * written, the family is one guard whose slot is that parameter
 * (anml_pml.c, constraint_guards).  The state holds the same timepoints,
 * laid out differently, so every search explores the same states.
 */
#include "anml_pml.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* the first chain of chain i's group (the instances of one constraint
 * with variables are consecutive, one origin) and the group's size */
int anml_group_head(const writer *w, int i)
{
	return w->ch_head[i];
}

static int group_size(const writer *w, int h)
{
	return w->ch_gsize[h];
}

/* every chain's group head and every head's group size, once: a
 * constraint with variables over big types has thousands of instances,
 * and the guards ask per transition */
static void find_groups(writer *w)
{
	w->ch_head = drv_alloc(((size_t) w->nch + 1) * sizeof *w->ch_head);
	w->ch_gsize = drv_alloc(((size_t) w->nch + 1) * sizeof *w->ch_gsize);
	for (int i = 0; i < w->nch; i++) {
		int o = w->ch[i].src->origin;
		w->ch_head[i] = o && i > 0 && w->ch[i - 1].src->origin == o ? w->ch_head[i - 1] : i;
		w->ch_gsize[i] = 0;
		w->ch_gsize[w->ch_head[i]]++;
	}
}

/* the same arguments: values, lifted positions and '_' (pos: skipped) */
static int same_args(const anml_ref *a, const anml_ref *b, int pos)
{
	if (a->nargs != b->nargs)
		return 0;
	for (int k = 0; k < a->nargs; k++) {
		if (k == pos)
			continue;
		const anml_arg *x = &a->args[k], *y = &b->args[k];
		if (x->kind != y->kind || anml_lifted(a, k) != anml_lifted(b, k))
			return 0;
		if (x->kind == ANML_ARG_VALUE && (x->lvar ? x->lvar != y->lvar : x->val != y->val))
			return 0;
	}
	return 1;
}

/* Are chains h and c members of one family?  Then *pos is the argument
 * of the universal term whose constant differs and *var the variable
 * whose instance does; 0 if not. */
static int pairable(const tchain *h, const tchain *c, int *pos, int *var)
{
	if (h->referenced || c->referenced || h->src->allen >= 0 || c->src->allen >= 0
	    || h->nterms != c->nterms || h->nvars != c->nvars || h->uterm != c->uterm)
		return 0;
	if ((h->src->origin == 0) != (c->src->origin == 0))
		return 0;
	for (int i = 0; i < h->nterms; i++) {
		const tterm *a = &h->t[i], *b = &c->t[i];
		if (a->is_const != b->is_const || a->k != b->k || a->point != b->point || a->next || b->next
		    || (!a->is_const && a->var != b->var))
			return 0;
		if (i + 1 < h->nterms && h->ops[i] != c->ops[i])
			return 0;
	}
	int uv = h->t[h->uterm].var;
	const tvar *hu = &h->v[uv], *cu = &c->v[uv];
	if (hu->tl != cu->tl || hu->inst < 0 || hu->inst != cu->inst || hu->act != cu->act
	    || !hu->ref || !cu->ref || hu->ref->nargs != cu->ref->nargs)
		return 0;
	*pos = -1;
	for (int k = 0; k < hu->ref->nargs; k++) {
		const anml_arg *x = &hu->ref->args[k], *y = &cu->ref->args[k];
		if (x->kind == ANML_ARG_VALUE && y->kind == ANML_ARG_VALUE && !x->lvar && !y->lvar && x->val != y->val) {
			if (*pos >= 0)
				return 0;
			*pos = k;
		}
	}
	if (*pos < 0 || !same_args(hu->ref, cu->ref, *pos))
		return 0;
	*var = -1;
	for (int v = 0; v < h->nvars; v++) {
		if (v == uv)
			continue;
		const tvar *a = &h->v[v], *b = &c->v[v];
		if (a->tl != b->tl || a->act != b->act || !a->ref != !b->ref || (a->ref && !same_args(a->ref, b->ref, -1)))
			return 0;
		if (a->inst == b->inst)
			continue;
		if (a->inst < 0 || b->inst < 0 || *var >= 0)
			return 0;
		*var = v;
	}
	return *var >= 0;
}

/* does family f claim the recorded timepoints of (inst, act, ref)? */
static int claims(const tfamily *f, int inst, int act, const anml_ref *ref)
{
	if (f->act != act || !anml_same_rec(f->ref, ref))
		return 0;
	for (int v = 0; v < f->nvals; v++)
		if (f->inst[v] == inst)
			return 1;
	return 0;
}

/* chain h and the candidates cand[0..n) as a family: every value of the
 * selecting parameter once, each member on its own instance (not the
 * universal term's), the variable read only at its start (its end
 * would read the instance's current action), its arguments filtering
 * (an unfiltered timepoint is the timeline data's, by name), and no
 * timepoint another family holds */
static int make_family(writer *w, int h, const int *cand, int n, int pos, int var)
{
	const tchain *c = &w->ch[h];
	const tvar *u = &c->v[c->t[c->uterm].var], *wv = &c->v[var];
	const anml_action *ua = &w->m->tls[u->tl].acts[u->act];
	if (!wv->ref || !anml_has_filter(wv->ref) || pos >= ua->nparams)
		return 0;
	for (int i = 0; i < c->nterms; i++)
		if (!c->t[i].is_const && c->t[i].var == var && c->t[i].point != ANML_START)
			return 0;
	int nv = w->m->types[ua->ptype[pos]].nvals;
	if (n + 1 != nv)
		return 0;
	int *inst = drv_alloc((size_t) nv * sizeof *inst);
	for (int v = 0; v < nv; v++)
		inst[v] = -1;
	for (int j = -1; j < n; j++) {
		const tchain *m = &w->ch[j < 0 ? h : cand[j]];
		int val = m->v[m->t[m->uterm].var].ref->args[pos].val, in = m->v[var].inst;
		int dup = in == u->inst;
		for (int v = 0; v < nv; v++)
			dup |= inst[v] == in;
		for (int f = 0; f < w->nfam && !dup; f++)
			dup = claims(&w->fam[f], in, wv->act, wv->ref);
		if (val < 0 || val >= nv || inst[val] >= 0 || dup) {
			free(inst);
			return 0;
		}
		inst[val] = in;
	}
	/* while the family is one guard, its array's slot is the selecting
	 * parameter: no other action of the chain may read that array */
	for (int v = 0; v < c->nvars; v++) {
		const tvar *o = &c->v[v];
		if (v == var || o->tl != wv->tl || o->act != wv->act || !o->ref || !anml_same_rec(o->ref, wv->ref))
			continue;
		int hit = o->inst < 0;
		for (int q = 0; q < nv; q++)
			hit |= inst[q] == o->inst;
		if (hit) {
			free(inst);
			return 0;
		}
	}
	const anml_action *wa = &w->m->tls[wv->tl].acts[wv->act];
	int nelem = 1;
	for (int k = 0; k < wv->ref->nargs && k < wa->nparams; k++)
		if (anml_lifted(wv->ref, k))
			nelem *= w->m->types[wa->ptype[k]].nvals;
	w->fam = drv_realloc(w->fam, ((size_t) w->nfam + 1) * sizeof *w->fam);
	tfamily *f = &w->fam[w->nfam];
	f->pos = pos;
	f->var = var;
	f->act = wv->act;
	f->ref = wv->ref;
	f->nvals = nv;
	f->inst = inst;
	f->nelem = nelem;
	for (int j = -1; j < n; j++) {
		int g = j < 0 ? h : cand[j], gs = group_size(w, g);
		for (int k = 0; k < gs; k++)
			w->ch_fam[g + k] = w->nfam;
	}
	w->nfam++;
	return 1;
}

void anml_find_families(writer *w)
{
	find_groups(w);
	w->ch_fam = drv_alloc(((size_t) w->nch + 1) * sizeof *w->ch_fam);
	for (int i = 0; i < w->nch; i++)
		w->ch_fam[i] = -1;
	int *cand = drv_alloc(((size_t) w->nch + 1) * sizeof *cand);
	for (int h = 0; h < w->nch; h++) {
		if (anml_group_head(w, h) != h || w->ch_fam[h] >= 0)
			continue;
		int n = 0, pos = -1, var = -1, hs = group_size(w, h);
		for (int c = h + 1; c < w->nch && !anml_spend(w); c++) {
			int p, v;
			if (anml_group_head(w, c) != c || w->ch_fam[c] >= 0 || group_size(w, c) != hs
			    || !pairable(&w->ch[h], &w->ch[c], &p, &v))
				continue;
			if (n == 0) {
				pos = p;
				var = v;
			}
			if (p == pos && v == var)
				cand[n++] = c;
		}
		if (n > 0)
			make_family(w, h, cand, n, pos, var);
	}
	free(cand);
}

void anml_free_families(writer *w)
{
	for (int f = 0; f < w->nfam; f++)
		free(w->fam[f].inst);
	free(w->fam);
	free(w->ch_fam);
	free(w->ch_head);
	free(w->ch_gsize);
	w->fam = NULL;
	w->ch_fam = NULL;
	w->ch_head = NULL;
	w->ch_gsize = NULL;
	w->nfam = 0;
}

int anml_fam_store(const writer *w, int inst, int act, const anml_ref *ref, int *slot)
{
	if (!ref || !anml_has_filter(ref))
		return -1;
	for (int f = 0; f < w->nfam; f++) {
		const tfamily *F = &w->fam[f];
		if (F->act != act || !anml_same_rec(F->ref, ref))
			continue;
		for (int v = 0; v < F->nvals; v++)
			if (F->inst[v] == inst) {
				*slot = v;
				return f;
			}
	}
	return -1;
}

static int sel_fam = -1;
static const char *sel_expr;

void anml_fam_select(int f, const char *expr)
{
	sel_fam = f;
	sel_expr = expr;
}

int anml_fam_selected(const char **expr)
{
	*expr = sel_expr;
	return sel_fam;
}
