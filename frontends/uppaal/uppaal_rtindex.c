// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_rtindex.c -- an element of a clock array picked on an edge by a
 * value known only at run time (`guard a[i] > 0`, `assign C[x % 2] = 0`).
 * The translation needs each clock by name (the caps, the zones), so the
 * index becomes a select variable of the edge: `a[i] > 0` is
 * `select k : int[lo,hi]; guard i == k && a[k] > 0` over the array's
 * index range.  Exactly one k matches i, so the edge's steps are the
 * same, each with a constant element.  The index is read in the source
 * state; an update that changes what it reads before the element is
 * used would change the meaning, and is refused.
 */
#include "uppaal.h"

#include <string.h>

/* the select variables made here: names no model can write (an '@') */
#define MAX_RT_SELECTS 4

typedef struct {
	up_net *n;
	up_template *t;
	up_edge *ed;
	up_vec *guards;         /* up_expr*: index == k, conjoined to the guard */
	int nsel;
	const up_expr *idx[MAX_RT_SELECTS];    /* the index of each select made */
	const up_var *arr[MAX_RT_SELECTS];
	const char *name[MAX_RT_SELECTS];
} rt_st;

static up_expr *node(up_ctx *c, int kind, const up_expr *at)
{
	up_expr *x = up_alloc(c, sizeof *x);
	x->kind = kind;
	x->file = at->file;
	x->line = at->line;
	x->col = at->col;
	x->height = 1;
	return x;
}

/* the clock array that e (one index: a[i]) names in instance in, with
 * an index that is not constant there (the edge's selects bound) */
static up_var *rt_clock_array(up_net *n, up_inst *in, const up_edge *ed, const up_expr *e)
{
	if (e->kind != X_INDEX || !e->a || e->a->kind != X_ID)
		return NULL;
	up_bind *b = up_lookup(n, in, e->a->name);
	up_var *v = b ? b->var : NULL;
	if (!v && b && b->value && b->value->kind == X_ID)
		v = up_var_of(n, NULL, b->value);       /* a reference parameter */
	if (!v || !v->celem || v->ndims != 1)
		return NULL;
	long k;
	up_edge_bind_selects_low(n, in, ed);
	int constant = up_eval_const(n, in, e->b, &k);
	in->sel.n = 0;
	return constant ? NULL : v;
}

/* the clock array e names with a run-time index in some instance of the
 * template (all of them must agree on its range), or NULL */
static up_var *rt_array(rt_st *s, const up_expr *e)
{
	up_var *found = NULL;
	for (int i = 0; i < s->n->insts.n; i++) {
		up_inst *in = s->n->insts.v[i];
		if (in->t != s->t)
			continue;
		up_var *v = rt_clock_array(s->n, in, s->ed, e);
		if (!v)
			continue;
		if (found && (found->dimlo[0] != v->dimlo[0] || found->dimsz[0] != v->dimsz[0]))
			up_fail_at(s->n->m->c, e->file ? e->file : s->n->m->file, e->line, e->col,
				   "clock array '%s': indexed by a value known only at run time, and its size differs "
				   "between the template's instances", e->a->name);
		found = v;
	}
	return found;
}

static int has_effect(const up_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == X_ASSIGN || e->kind == X_INCDEC || e->kind == X_CALL)
		return 1;
	return has_effect(e->a) || has_effect(e->b) || has_effect(e->c);
}

static int reads_name(const up_expr *e, const char *name)
{
	if (!e)
		return 0;
	if ((e->kind == X_ID || e->kind == X_CALL) && e->name && strcmp(e->name, name) == 0)
		return 1;
	return reads_name(e->a, name) || reads_name(e->b, name) || reads_name(e->c, name);
}

/* may the updates before[0..nb) change what idx reads */
static const up_expr *changes(const up_expr *idx, const up_expr *const *before, int nb)
{
	for (int j = 0; j < nb; j++) {
		const up_expr *u = before[j];
		if (u->kind == X_CALL)
			return u;
		if (u->kind != X_ASSIGN && u->kind != X_INCDEC)
			continue;
		const up_expr *target = up_index_base(u->a);
		while (target && target->kind == X_DOT)
			target = up_index_base(target->a);
		if (!target || target->kind != X_ID || reads_name(idx, target->name))
			return u;
	}
	return NULL;
}

/* e with its run-time clock indices replaced by select variables;
 * before[0..nb): the edge's updates that run before e (NULL: a guard) */
static up_expr *rewrite(rt_st *s, up_expr *e, const up_expr *const *before, int nb)
{
	up_ctx *c = s->n->m->c;
	if (!e)
		return NULL;
	if (e->kind == X_INDEX) {
		up_var *arr = rt_array(s, e);
		if (arr) {
			char text[200];
			up_expr_text(e->b, text, sizeof text);
			if (has_effect(e->b) || changes(e->b, before, nb))
				up_fail_at(c, e->file ? e->file : s->n->m->file, e->line, e->col,
					   "clock array '%s': the index '%s' is known only at run time and %s; "
					   "not supported", e->a->name, text, has_effect(e->b) ? "has an effect"
					   : "an earlier update of the edge may change it");
			int k = 0;
			for (; k < s->nsel; k++) {
				char other[200];
				up_expr_text(s->idx[k], other, sizeof other);
				if (s->arr[k] == arr && strcmp(other, text) == 0)
					break;
			}
			if (k == s->nsel) {
				if (s->nsel >= MAX_RT_SELECTS)
					up_fail_at(c, e->file ? e->file : s->n->m->file, e->line, e->col,
						   "more than %d clock array elements picked at run time on one edge",
						   MAX_RT_SELECTS);
				char *name = up_alloc(c, 32);
				snprintf(name, 32, "index@%d", s->ed->selects.n + 1);
				up_select *sl = up_alloc(c, sizeof *sl);
				sl->name = name;
				sl->type.kind = TY_INT;
				sl->type.lo = node(c, X_NUM, e);
				sl->type.lo->val = arr->dimlo[0];
				sl->type.hi = node(c, X_NUM, e);
				sl->type.hi->val = arr->dimlo[0] + arr->dimsz[0] - 1;
				up_push(c, &s->ed->selects, sl);
				up_expr *eq = node(c, X_BIN, e), *id = node(c, X_ID, e);
				id->name = name;
				strcpy(eq->op, "==");
				eq->a = e->b;
				eq->b = id;
				eq->height = e->b->height + 1;
				up_push(c, s->guards, eq);
				s->idx[k] = e->b;
				s->arr[k] = arr;
				s->name[k] = name;
				s->nsel++;
			}
			up_expr *x = node(c, X_INDEX, e), *id = node(c, X_ID, e);
			*x = *e;
			id->name = s->name[k];
			x->b = id;
			x->a = e->a;
			x->height = 2;
			return x;
		}
	}
	up_expr *a = rewrite(s, e->a, before, nb), *b = rewrite(s, e->b, before, nb), *cc = rewrite(s, e->c, before, nb);
	if (a == e->a && b == e->b && cc == e->c)
		return e;
	up_expr *x = up_alloc(c, sizeof *x);
	*x = *e;
	x->a = a;
	x->b = b;
	x->c = cc;
	return x;
}

static up_expr *and_expr(up_ctx *c, up_expr *a, up_expr *b)
{
	if (!a)
		return b;
	up_expr *x = node(c, X_BIN, b);
	strcpy(x->op, "&&");
	x->a = a;
	x->b = b;
	x->height = 1 + (a->height > b->height ? a->height : b->height);
	return x;
}

void up_rt_clock_indices(up_net *n)
{
	up_ctx *c = n->m->c;
	for (int ti = 0; ti < n->m->templates.n; ti++) {
		up_template *t = n->m->templates.v[ti];
		int used = 0;
		for (int i = 0; i < n->insts.n && !used; i++)
			used = ((up_inst *) n->insts.v[i])->t == t;
		if (!used || !n->clocks.n)
			continue;
		for (int ei = 0; ei < t->edges.n; ei++) {
			up_edge *ed = t->edges.v[ei];
			up_vec guards = { 0 };
			rt_st s = { n, t, ed, &guards, 0, { 0 }, { 0 }, { 0 } };
			up_expr *g = rewrite(&s, ed->guard, NULL, 0);
			for (int j = 0; j < ed->assigns.n; j++)
				ed->assigns.v[j] = rewrite(&s, ed->assigns.v[j], (const up_expr *const *) ed->assigns.v, j);
			if (!s.nsel)
				continue;
			/* the index tests first: the guard reads the elements they pick */
			up_expr *all = NULL;
			for (int k = 0; k < guards.n; k++)
				all = and_expr(c, all, guards.v[k]);
			ed->guard = g ? and_expr(c, all, g) : all;
		}
	}
}
