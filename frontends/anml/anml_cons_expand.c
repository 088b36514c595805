// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_cons_expand.c -- constraints with variables in their references'
 * arguments (Drill(x).end < Analyse(x).start) are universally
 * quantified: each is replaced by one copy per combination of its
 * variables' values, in which every variable argument is that value.
 * The back ends (translator, validator) then see only values and '_'.
 */
#include "anml_ast.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
	return s ? drv_strdup(s) : NULL;
}

/* a deep copy of r with each variable argument set to val[variable] */
static anml_ref copy_ref(const anml_model *m, const anml_ref *r, const int *val)
{
	anml_ref c = *r;
	c.qual = dup_or_null(r->qual);
	c.action = dup_or_null(r->action);
	c.args = r->nargs ? drv_alloc(sizeof *c.args * (size_t) r->nargs) : NULL;
	for (int k = 0; k < r->nargs; k++) {
		c.args[k] = r->args[k];
		if (r->args[k].kind == ANML_ARG_VAR) {
			const anml_action *a = &m->tls[r->tl].acts[r->act];
			c.args[k].kind = ANML_ARG_VALUE;
			c.args[k].lvar = 1 + r->args[k].val;
			c.args[k].val = val[r->args[k].val];
			c.args[k].name = drv_strdup(m->types[a->ptype[k]].vals[c.args[k].val]);
		} else
			c.args[k].name = dup_or_null(r->args[k].name);
	}
	return c;
}

static anml_constraint copy_constraint(const anml_model *m, const anml_constraint *c, const int *val, int origin)
{
	anml_constraint d = *c;
	d.nvars = 0;
	d.origin = origin;
	d.x = copy_ref(m, &c->x, val);
	d.y = copy_ref(m, &c->y, val);
	d.at.ref = copy_ref(m, &c->at.ref, val);
	d.terms = c->nterms ? drv_alloc(sizeof *d.terms * (size_t) c->nterms) : NULL;
	for (int k = 0; k < c->nterms; k++) {
		d.terms[k] = c->terms[k];
		d.terms[k].ref = copy_ref(m, &c->terms[k].ref, val);
	}
	d.ops = NULL;
	if (c->nterms > 1) {
		d.ops = drv_alloc(sizeof *d.ops * (size_t) (c->nterms - 1));
		memcpy(d.ops, c->ops, sizeof *d.ops * (size_t) (c->nterms - 1));
	}
	return d;
}

static long combinations(const anml_model *m, const anml_constraint *c)
{
	long n = 1;
	for (int v = 0; v < c->nvars; v++) {
		n *= m->types[c->vtype[v]].nvals;
		if (n > ANML_MAX_CVAR_COPIES)
			return n;
	}
	return n;
}

int anml_cons_expand(anml_model *m, const anml_constraint **too_many)
{
	long total = 0;
	for (int i = 0; i < m->ncons; i++) {
		total += combinations(m, &m->cons[i]);
		if (total > ANML_MAX_CVAR_COPIES) {
			*too_many = &m->cons[i];
			return -1;
		}
	}
	if (total == m->ncons)
		return 0;                  /* no variables */
	anml_constraint *out = drv_alloc(sizeof *out * (size_t) total);
	int n = 0;
	for (int i = 0; i < m->ncons; i++) {
		anml_constraint *c = &m->cons[i];
		if (c->nvars == 0) {
			out[n++] = *c;         /* moved, not copied */
			continue;
		}
		int val[ANML_MAX_CVARS] = {0};
		for (;;) {                 /* every combination, like an odometer */
			out[n++] = copy_constraint(m, c, val, i + 1);
			int v = 0;
			while (v < c->nvars && ++val[v] == m->types[c->vtype[v]].nvals)
				val[v++] = 0;
			if (v == c->nvars)
				break;
		}
		anml_constraint_free(c);
	}
	free(m->cons);
	m->cons = out;
	m->ncons = n;
	return 0;
}
