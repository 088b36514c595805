// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_parse.c -- a PDDL domain and problem (s-expressions, pddl_sexpr.c)
 * into the lifted model of pddl.h: requirements (what dmc does not
 * support is refused by name), types, constants and objects,
 * predicates, action schemas with ADL's preconditions (not, and, or,
 * imply, exists, forall, =) and effects (when, forall), PDDL 2.1's
 * durative actions with constant durations (their conditions and effects
 * at start, over all and at end), the initial state and the goal.  Every message names the file, line and column
 * and what was expected.
 */
#include "pddl.h"
#include "fs.h"
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define GROW(arr, n) ((arr) = drv_realloc((arr), ((size_t) (n) + 1) * sizeof *(arr)))

typedef struct {
	pddl_model *m;
	pddl_err *err;
	char **vname;            /* the variables in scope, innermost last */
	int *vnum, nscope, cap;
	int nvars;               /* the current action's variables so far */
	int *vtypes;             /* their types */
	int in_problem;
} ctx;

static int fail_at(ctx *c, const pddl_sx *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail_at(ctx *c, const pddl_sx *at, const char *fmt, ...)
{
	int k = snprintf(c->err->msg, sizeof c->err->msg, "%s:%d:%d: ", at->file, at->line, at->col);
	va_list ap;
	va_start(ap, fmt);
	if (k > 0 && (size_t) k < sizeof c->err->msg)
		vsnprintf(c->err->msg + k, sizeof c->err->msg - (size_t) k, fmt, ap);
	va_end(ap);
	return -1;
}

/* "expected WHAT, found X" at x, or at the end of list `in` when x is NULL */
static int expected(ctx *c, const pddl_sx *in, const pddl_sx *x, const char *what)
{
	char found[96];
	pddl_sx_describe(x, found, sizeof found);
	return fail_at(c, x ? x : in, "expected %s, found %s", what, found);
}

static const pddl_sx *kid(const pddl_sx *s, int i)
{
	return s && !s->atom && i < s->n ? &s->kids[i] : NULL;
}

static int is_kw(const pddl_sx *s, const char *kw)
{
	return s && s->atom && strcmp(s->atom, kw) == 0;
}

static int is_name(const pddl_sx *s)
{
	return s && s->atom && s->atom[0] != '?' && s->atom[0] != ':' && s->atom[0] != '-'
	       && strcmp(s->atom, "=") != 0;
}

/* ---- requirements ---- */
static const char *const supported[] = {
	":strips", ":typing", ":negative-preconditions", ":disjunctive-preconditions", ":equality",
	":existential-preconditions", ":universal-preconditions", ":quantified-preconditions",
	":conditional-effects", ":adl", ":durative-actions", NULL,
};
static const char *const refused[] = {
	":fluents", ":numeric-fluents", ":object-fluents", ":duration-inequalities",
	":continuous-effects", ":derived-predicates", ":timed-initial-literals", ":preferences",
	":constraints", ":action-costs", ":time", NULL,
};

static int requirements(ctx *c, const pddl_sx *s)
{
	for (int i = 1; i < s->n; i++) {
		const pddl_sx *r = &s->kids[i];
		int ok = 0;
		if (!r->atom || r->atom[0] != ':')
			return expected(c, s, r, "a requirement such as ':strips'");
		for (int k = 0; supported[k]; k++)
			ok |= strcmp(r->atom, supported[k]) == 0;
		for (int k = 0; !ok && refused[k]; k++)
			if (strcmp(r->atom, refused[k]) == 0)
				return fail_at(c, r, "%s not supported (dmc plan takes STRIPS and ADL: "
				               ":strips :typing :negative-preconditions :equality "
				               ":disjunctive-preconditions :existential-preconditions "
				               ":universal-preconditions :conditional-effects; and "
				               ":durative-actions with constant durations)", r->atom);
		if (!ok)
			return fail_at(c, r, "unknown requirement '%s'", r->atom);
	}
	return 0;
}

/* ---- types and objects ---- */
static int type_find(const pddl_model *m, const char *name)
{
	for (int i = 0; i < m->ntypes; i++)
		if (strcmp(m->types[i], name) == 0)
			return i;
	return -1;
}

static int type_add(pddl_model *m, const char *name)
{
	int t = type_find(m, name);
	if (t >= 0)
		return t;
	GROW(m->types, m->ntypes);
	GROW(m->tparent, m->ntypes);
	m->types[m->ntypes] = drv_strdup(name);
	m->tparent[m->ntypes] = 0;
	return m->ntypes++;
}

static int obj_find(const pddl_model *m, const char *name)
{
	for (int i = 0; i < m->nobjs; i++)
		if (strcmp(m->objs[i], name) == 0)
			return i;
	return -1;
}

int pddl_is_a(const pddl_model *m, int o, int t)
{
	int u = m->otype[o];
	for (int steps = 0; u >= 0 && steps <= m->ntypes; steps++) {
		if (u == t)
			return 1;
		u = m->tparent[u];
	}
	return t == 0;
}

/* the type after '-' at s->kids[*i] */
static int type_ref(ctx *c, const pddl_sx *s, int *i, int declare)
{
	const pddl_sx *t = kid(s, *i);
	if (t && !t->atom && t->n > 0 && is_kw(&t->kids[0], "either"))
		return fail_at(c, t, "'either' types not supported (declare a common super-type)");
	if (!is_name(t))
		return expected(c, s, t, "a type name after '-'");
	int ty = type_find(c->m, t->atom);
	if (ty < 0 && !declare)
		return fail_at(c, t, "undefined type '%s'", t->atom);
	if (ty < 0)
		ty = type_add(c->m, t->atom);
	(*i)++;
	return ty;
}

/* a typed list "a b - t c" from s->kids[from]: each name with its type
 * through add(c, node, type); 0 or -1 */
static int typed_list(ctx *c, const pddl_sx *s, int from, int vars, int declare_types,
                      int (*add)(ctx *, const pddl_sx *, int))
{
	int i = from;
	while (i < s->n) {
		int j = i;
		while (j < s->n && !is_kw(&s->kids[j], "-")) {
			const pddl_sx *x = &s->kids[j];
			if (vars ? !(x->atom && x->atom[0] == '?' && x->atom[1]) : !is_name(x))
				return expected(c, s, x, vars ? "a variable '?name' or '-'" : "a name or '-'");
			j++;
		}
		int ty = 0;
		if (j < s->n) {
			j++;
			if ((ty = type_ref(c, s, &j, declare_types)) < 0)
				return -1;
		}
		for (int k = i; k < j && !is_kw(&s->kids[k], "-"); k++)
			if (add(c, &s->kids[k], ty) != 0)
				return -1;
		i = j;
	}
	return 0;
}

static int add_type(ctx *c, const pddl_sx *x, int parent)
{
	int t = type_add(c->m, x->atom);
	if (t == 0)
		return 0;   /* "object" stays the root */
	c->m->tparent[t] = parent;
	for (int u = parent, steps = 0; u > 0; u = c->m->tparent[u])
		if (u == t || ++steps > c->m->ntypes)
			return fail_at(c, x, "the type '%s' is its own super-type", x->atom);
	return 0;
}

static int add_object(ctx *c, const pddl_sx *x, int type)
{
	pddl_model *m = c->m;
	int o = obj_find(m, x->atom);
	if (o >= 0) {
		if (m->otype[o] == type)
			return 0;   /* a constant listed again as an object */
		return fail_at(c, x, "'%s' is declared twice with different types", x->atom);
	}
	GROW(m->objs, m->nobjs);
	GROW(m->otype, m->nobjs);
	m->objs[m->nobjs] = drv_strdup(x->atom);
	m->otype[m->nobjs++] = type;
	return 0;
}

/* ---- predicates ---- */
static int pred_find(const pddl_model *m, const char *name)
{
	for (int i = 0; i < m->npreds; i++)
		if (strcmp(m->preds[i].name, name) == 0)
			return i;
	return -1;
}

static int add_pred_arg(ctx *c, const pddl_sx *x, int type)
{
	pddl_pred *p = &c->m->preds[c->m->npreds];
	if (p->nargs == 64)
		return fail_at(c, x, "more than 64 arguments of one predicate");
	GROW(p->atype, p->nargs);
	p->atype[p->nargs++] = type;
	return 0;
}

static int predicates(ctx *c, const pddl_sx *s)
{
	pddl_model *m = c->m;
	for (int i = 1; i < s->n; i++) {
		const pddl_sx *d = &s->kids[i];
		if (d->atom || !is_name(kid(d, 0)))
			return expected(c, s, d, "a predicate '(name ?x ...)'");
		if (pred_find(m, d->kids[0].atom) >= 0)
			return fail_at(c, d, "the predicate '%s' is declared twice", d->kids[0].atom);
		GROW(m->preds, m->npreds);
		memset(&m->preds[m->npreds], 0, sizeof m->preds[0]);
		m->preds[m->npreds].name = drv_strdup(d->kids[0].atom);
		int rc = typed_list(c, d, 1, 1, 0, add_pred_arg);
		m->npreds++;
		if (rc)
			return -1;
	}
	return 0;
}

/* ---- formulas ---- */
/* a variable declared: in scope, numbered, typed */
static int add_var(ctx *c, const pddl_sx *x, int type)
{
	if (c->nscope == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 8;
		c->vname = drv_realloc(c->vname, (size_t) c->cap * sizeof *c->vname);
		c->vnum = drv_realloc(c->vnum, (size_t) c->cap * sizeof *c->vnum);
	}
	if (c->nvars >= 1000)
		return fail_at(c, x, "more than 1000 variables in one action");
	GROW(c->vtypes, c->nvars);
	c->vtypes[c->nvars] = type;
	c->vname[c->nscope] = x->atom;
	c->vnum[c->nscope++] = c->nvars++;
	return 0;
}

static int term(ctx *c, const pddl_sx *in, const pddl_sx *x, int *t)
{
	if (x && x->atom && x->atom[0] == '?') {
		for (int i = c->nscope - 1; i >= 0; i--)
			if (strcmp(c->vname[i], x->atom) == 0) {
				*t = PDDL_VAR(c->vnum[i]);
				return 0;
			}
		return fail_at(c, x, "undefined variable '%s'", x->atom);
	}
	if (x && !x->atom)
		return fail_at(c, x, "function terms not supported (:object-fluents)");
	if (!is_name(x))
		return expected(c, in, x, "a variable or an object");
	if ((*t = obj_find(c->m, x->atom)) < 0)
		return fail_at(c, x, "undefined %s '%s'", c->in_problem ? "object" : "constant", x->atom);
	return 0;
}

static const char *const numeric_heads[] = {
	">", "<", ">=", "<=", "increase", "decrease", "assign", "scale-up", "scale-down", NULL,
};

static int numeric(ctx *c, const pddl_sx *h)
{
	for (int k = 0; numeric_heads[k]; k++)
		if (is_kw(h, numeric_heads[k]))
			return fail_at(c, h, "numeric expressions ('%s') not supported (:numeric-fluents)", h->atom);
	return 0;
}

/* an atom (pred t1 t2 ...) at s into *pred, *args */
static int atom(ctx *c, const pddl_sx *s, int *pred, int **args, int *nargs)
{
	const pddl_sx *h = kid(s, 0);
	if (h && numeric(c, h) != 0)
		return -1;
	if (!is_name(h))
		return expected(c, s, h, "a predicate");
	if ((*pred = pred_find(c->m, h->atom)) < 0)
		return fail_at(c, h, "undefined predicate '%s'", h->atom);
	const pddl_pred *p = &c->m->preds[*pred];
	if (s->n - 1 != p->nargs)
		return fail_at(c, s, "the predicate '%s' takes %d argument%s, not %d", p->name, p->nargs,
		               p->nargs == 1 ? "" : "s", s->n - 1);
	*nargs = p->nargs;
	*args = drv_alloc((size_t) (p->nargs + 1) * sizeof **args);
	for (int i = 0; i < p->nargs; i++) {
		if (term(c, s, &s->kids[i + 1], &(*args)[i]) != 0)
			return -1;
		int o = (*args)[i];
		if (!PDDL_IS_VAR(o) && !pddl_is_a(c->m, o, p->atype[i]))
			return fail_at(c, &s->kids[i + 1], "'%s' is not of type %s", c->m->objs[o],
			               c->m->types[p->atype[i]]);
	}
	return 0;
}

/* the variables (?x - t ...) of a quantifier at s->kids[1], put in scope */
static int quant_vars(ctx *c, const pddl_sx *s, int *var0, int *nvars, int **vtype)
{
	const pddl_sx *v = kid(s, 1);
	if (!v || v->atom)
		return expected(c, s, v, "a list of variables '(?x - type ...)'");
	*var0 = c->nvars;
	if (typed_list(c, v, 0, 1, 0, add_var) != 0)
		return -1;
	*nvars = c->nvars - *var0;
	*vtype = drv_alloc((size_t) (*nvars + 1) * sizeof **vtype);
	for (int i = 0; i < *nvars; i++)
		(*vtype)[i] = c->vtypes[*var0 + i];
	return 0;
}

static int formula(ctx *c, const pddl_sx *in, const pddl_sx *s, pddl_fm *f, int depth)
{
	memset(f, 0, sizeof *f);
	if (!s || s->atom)
		return expected(c, in, s, "a formula '(...)'");
	if (depth > 100)
		return fail_at(c, s, "formulas nested deeper than 100");
	const pddl_sx *h = kid(s, 0);
	if (!h) {
		f->kind = PF_TRUE;   /* () */
		return 0;
	}
	if (is_kw(h, "and") || is_kw(h, "or")) {
		f->kind = is_kw(h, "and") ? PF_AND : PF_OR;
		f->n = s->n - 1;
		f->sub = drv_alloc((size_t) (f->n + 1) * sizeof *f->sub);
		memset(f->sub, 0, (size_t) (f->n + 1) * sizeof *f->sub);
		for (int i = 0; i < f->n; i++)
			if (formula(c, s, &s->kids[i + 1], &f->sub[i], depth + 1) != 0)
				return -1;
		return 0;
	}
	if (is_kw(h, "not") || is_kw(h, "imply")) {
		int n = is_kw(h, "not") ? 1 : 2;
		f->kind = n == 1 ? PF_NOT : PF_IMPLY;
		f->sub = drv_alloc(2 * sizeof *f->sub);
		memset(f->sub, 0, 2 * sizeof *f->sub);
		f->n = n;
		for (int i = 0; i < n; i++)
			if (formula(c, s, kid(s, i + 1), &f->sub[i], depth + 1) != 0)
				return -1;
		if (s->n > n + 1)
			return expected(c, s, &s->kids[n + 1], "')'");
		return 0;
	}
	if (is_kw(h, "exists") || is_kw(h, "forall")) {
		f->kind = is_kw(h, "exists") ? PF_EXISTS : PF_FORALL;
		int scope = c->nscope;
		f->sub = drv_alloc(sizeof *f->sub);
		memset(f->sub, 0, sizeof *f->sub);
		f->n = 1;
		if (quant_vars(c, s, &f->var0, &f->nvars, &f->vtype) != 0
		    || formula(c, s, kid(s, 2), f->sub, depth + 1) != 0)
			return -1;
		c->nscope = scope;
		if (s->n > 3)
			return expected(c, s, &s->kids[3], "')'");
		return 0;
	}
	if (is_kw(h, "=")) {
		f->kind = PF_EQ;
		f->nargs = 2;
		f->args = drv_alloc(2 * sizeof *f->args);
		if (s->n != 3)
			return fail_at(c, s, "'=' takes 2 terms, not %d", s->n - 1);
		for (int i = 0; i < 2; i++)
			if (term(c, s, &s->kids[i + 1], &f->args[i]) != 0)
				return -1;
		return 0;
	}
	f->kind = PF_ATOM;
	return atom(c, s, &f->pred, &f->args, &f->nargs);
}

static void fm_clear(pddl_fm *f)
{
	if (!f)
		return;
	for (int i = 0; f->sub && i < f->n; i++)
		fm_clear(&f->sub[i]);
	free(f->sub);
	free(f->args);
	free(f->vtype);
}

static void fm_free(pddl_fm *f)
{
	fm_clear(f);
	free(f);
}

/* ---- effects: flattened into literals ---- */
typedef struct {
	int var0, nvars;         /* forall variables in effect so far */
	pddl_fm *conds[32];      /* whens in effect (not owned) */
	int nconds;
} eff_env;

static pddl_fm *fm_copy(const pddl_fm *f)
{
	pddl_fm *g = drv_alloc(sizeof *g);
	*g = *f;
	if (f->args) {
		g->args = drv_alloc((size_t) (f->nargs + 1) * sizeof *g->args);
		memcpy(g->args, f->args, (size_t) f->nargs * sizeof *g->args);
	}
	if (f->vtype) {
		g->vtype = drv_alloc((size_t) (f->nvars + 1) * sizeof *g->vtype);
		memcpy(g->vtype, f->vtype, (size_t) f->nvars * sizeof *g->vtype);
	}
	if (f->sub) {
		g->sub = drv_alloc((size_t) (f->n + 1) * sizeof *g->sub);
		for (int i = 0; i < f->n; i++) {
			pddl_fm *k = fm_copy(&f->sub[i]);
			g->sub[i] = *k;
			free(k);
		}
	}
	return g;
}

static int effect(ctx *c, pddl_action *a, const pddl_sx *in, const pddl_sx *s, eff_env env, int depth)
{
	if (!s || s->atom)
		return expected(c, in, s, "an effect '(...)'");
	if (depth > 100)
		return fail_at(c, s, "effects nested deeper than 100");
	const pddl_sx *h = kid(s, 0);
	if (!h)
		return 0;   /* () */
	if (is_kw(h, "and")) {
		for (int i = 1; i < s->n; i++)
			if (effect(c, a, s, &s->kids[i], env, depth + 1) != 0)
				return -1;
		return 0;
	}
	if (is_kw(h, "forall")) {
		int scope = c->nscope, var0, n, *vt;
		if (quant_vars(c, s, &var0, &n, &vt) != 0)
			return -1;
		free(vt);
		if (env.nvars == 0)
			env.var0 = var0;
		env.nvars = c->nvars - env.var0;
		int rc = effect(c, a, s, kid(s, 2), env, depth + 1);
		c->nscope = scope;
		return rc;
	}
	if (is_kw(h, "when")) {
		if (env.nconds == 32)
			return fail_at(c, s, "more than 32 nested 'when's");
		pddl_fm *f = drv_alloc(sizeof *f);
		int rc = formula(c, s, kid(s, 1), f, depth + 1);
		if (rc == 0) {
			env.conds[env.nconds++] = f;
			rc = effect(c, a, s, kid(s, 2), env, depth + 1);
		}
		fm_free(f);
		return rc;
	}
	if (numeric(c, h) != 0)
		return -1;
	int add = 1;
	const pddl_sx *at = s;
	if (is_kw(h, "not")) {
		add = 0;
		at = kid(s, 1);
		if (!at || at->atom)
			return expected(c, s, at, "an atom '(predicate ...)'");
	}
	GROW(a->effs, a->neffs);
	pddl_eff *e = &a->effs[a->neffs++];
	memset(e, 0, sizeof *e);
	e->add = add;
	e->line = s->line;
	e->var0 = env.var0;
	e->nvars = env.nvars;
	e->vtype = drv_alloc((size_t) (env.nvars + 1) * sizeof *e->vtype);
	for (int i = 0; i < env.nvars; i++)
		e->vtype[i] = c->vtypes[env.var0 + i];
	if (env.nconds == 1)
		e->cond = fm_copy(env.conds[0]);
	else if (env.nconds > 1) {
		e->cond = drv_alloc(sizeof *e->cond);
		memset(e->cond, 0, sizeof *e->cond);
		e->cond->kind = PF_AND;
		e->cond->n = env.nconds;
		e->cond->sub = drv_alloc((size_t) env.nconds * sizeof *e->cond->sub);
		for (int i = 0; i < env.nconds; i++) {
			pddl_fm *k = fm_copy(env.conds[i]);
			e->cond->sub[i] = *k;
			free(k);
		}
	}
	if (atom(c, at, &e->pred, &e->args, &e->nargs) != 0)
		return -1;
	c->m->preds[e->pred].fluent = 1;
	return 0;
}

/* ---- durative actions ---- */
/* a duration "8", "2.5" (at most 3 decimals: a tick is 1/PDDL_TICKS) in
 * ticks into *ticks */
static int duration_value(ctx *c, const pddl_sx *in, const pddl_sx *x, int *ticks)
{
	if (x && !x->atom)
		return fail_at(c, x, "durations from functions not supported (:numeric-fluents; "
		               "a constant duration '(= ?duration 5)' is)");
	if (!x || !x->atom[0] || x->atom[0] == '?')
		return expected(c, in, x, "a number, the duration");
	long v = 0;
	int dec = -1;
	for (const char *q = x->atom; *q; q++) {
		if (*q == '.' && dec < 0)
			dec = 0;
		else if (*q >= '0' && *q <= '9') {
			if (dec >= 3)
				return fail_at(c, x, "the duration '%s' has more than 3 decimals (a tick is 0.001)", x->atom);
			if (dec >= 0)
				dec++;
			v = v * 10 + (*q - '0');
			if (v > 100000L * PDDL_TICKS)
				return fail_at(c, x, "the duration '%s' is too large (at most 100000)", x->atom);
		} else
			return expected(c, in, x, "a number, the duration");
	}
	for (int d = dec < 0 ? 0 : dec; d < 3; d++)
		v *= 10;
	if (v > 100000L * PDDL_TICKS)
		return fail_at(c, x, "the duration '%s' is too large (at most 100000)", x->atom);
	if (v <= 0)
		return fail_at(c, x, "expected a positive duration, found '%s'", x->atom);
	*ticks = (int) v;
	return 0;
}

static int duration(ctx *c, pddl_action *a, const pddl_sx *in, const pddl_sx *s)
{
	const pddl_sx *h = kid(s, 0);
	if (h && (is_kw(h, "<=") || is_kw(h, ">=") || is_kw(h, "<") || is_kw(h, ">") || is_kw(h, "and")))
		return fail_at(c, h, "duration constraints '(%s ...)' not supported (:duration-inequalities)", h->atom);
	if (!s || s->atom || !is_kw(h, "=") || !is_kw(kid(s, 1), "?duration"))
		return expected(c, in, s, "a duration '(= ?duration NUMBER)'");
	if (s->n != 3)
		return expected(c, s, kid(s, 3), "a duration '(= ?duration NUMBER)'");
	return duration_value(c, s, kid(s, 2), &a->dur);
}

/* "(at start X)", "(at end X)", "(over all X)": 0, 1, 2 and X; -1 if s is none */
static int timed(const pddl_sx *s, const pddl_sx **x)
{
	if (!s || s->atom || s->n != 3)
		return -1;
	*x = &s->kids[2];
	if (is_kw(kid(s, 0), "at") && is_kw(kid(s, 1), "start"))
		return 0;
	if (is_kw(kid(s, 0), "at") && is_kw(kid(s, 1), "end"))
		return 1;
	if (is_kw(kid(s, 0), "over") && is_kw(kid(s, 1), "all"))
		return 2;
	return -1;
}

/* the timed conjuncts of s, or s itself when it is one (an "and" of them) */
static void timed_parts(const pddl_sx *s, const pddl_sx **parts, int *n)
{
	if (s && !s->atom && s->n > 0 && is_kw(kid(s, 0), "and")) {
		*n = s->n - 1;
		for (int i = 0; i < *n; i++)
			parts[i] = &s->kids[i + 1];
	} else {
		*n = s && !s->atom && s->n == 0 ? 0 : 1;
		parts[0] = s;
	}
}

static int dur_conditions(ctx *c, pddl_action *a, const pddl_sx *in, const pddl_sx *s)
{
	if (!s || s->atom)
		return expected(c, in, s, "a condition '(and (at start ...) (over all ...) (at end ...))'");
	const pddl_sx **parts = drv_alloc(((size_t) s->n + 1) * sizeof *parts);
	int n, rc = 0;
	timed_parts(s, parts, &n);
	pddl_fm *when[3] = { NULL, NULL, NULL };
	int nwhen[3] = { 0, 0, 0 };
	for (int i = 0; i < n && rc == 0; i++) {
		const pddl_sx *x;
		int w = timed(parts[i], &x);
		if (w < 0) {
			rc = expected(c, s, parts[i], "'(at start ...)', '(over all ...)' or '(at end ...)'");
			break;
		}
		when[w] = drv_realloc(when[w], ((size_t) nwhen[w] + 1) * sizeof *when[w]);
		rc = formula(c, parts[i], x, &when[w][nwhen[w]++], 0);
	}
	pddl_fm **dst[3] = { &a->pre, &a->pre_end, &a->inv };
	for (int w = 0; w < 3; w++) {
		if (!nwhen[w])
			continue;
		pddl_fm *f = drv_alloc(sizeof *f);
		memset(f, 0, sizeof *f);
		f->kind = PF_AND;
		f->n = nwhen[w];
		f->sub = when[w];
		*dst[w] = f;
	}
	free(parts);
	return rc;
}

static int dur_effects(ctx *c, pddl_action *a, const pddl_sx *in, const pddl_sx *s)
{
	if (!s || s->atom)
		return expected(c, in, s, "an effect '(and (at start ...) (at end ...))'");
	const pddl_sx **parts = drv_alloc(((size_t) s->n + 1) * sizeof *parts);
	int n, rc = 0;
	timed_parts(s, parts, &n);
	for (int i = 0; i < n && rc == 0; i++) {
		const pddl_sx *x, *h = kid(parts[i], 0);
		int w = timed(parts[i], &x);
		if (w < 0 || w == 2) {
			if (h && (is_kw(h, "forall") || is_kw(h, "when")))
				rc = fail_at(c, h, "'%s' around timed effects not supported (write it inside "
				             "'(at start ...)' or '(at end ...)')", h->atom);
			else if (h && numeric(c, h) != 0)
				rc = -1;
			else
				rc = expected(c, s, parts[i], "'(at start ...)' or '(at end ...)'");
			break;
		}
		int from = a->neffs;
		eff_env env;
		memset(&env, 0, sizeof env);
		rc = effect(c, a, parts[i], x, env, 0);
		for (int e = from; e < a->neffs; e++)
			a->effs[e].at_end = w == 1;
	}
	free(parts);
	return rc;
}

/* ---- actions ---- */
static int action(ctx *c, const pddl_sx *s)
{
	pddl_model *m = c->m;
	int durative = is_kw(kid(s, 0), ":durative-action");
	const pddl_sx *name = kid(s, 1);
	if (!is_name(name))
		return expected(c, s, name, "an action name");
	for (int i = 0; i < m->nacts; i++)
		if (strcmp(m->acts[i].name, name->atom) == 0)
			return fail_at(c, name, "the action '%s' is declared twice", name->atom);
	GROW(m->acts, m->nacts);
	pddl_action *a = &m->acts[m->nacts++];
	memset(a, 0, sizeof *a);
	a->name = drv_strdup(name->atom);
	a->line = s->line;
	a->durative = durative;
	m->temporal |= durative;
	c->nscope = 0;
	c->nvars = 0;
	for (int i = 2; i < s->n; i += 2) {
		const pddl_sx *k = &s->kids[i], *v = kid(s, i + 1);
		if (is_kw(k, ":parameters")) {
			if (!v || v->atom)
				return expected(c, s, v, "a parameter list '(?x - type ...)'");
			if (a->ptype || c->nvars)    /* ptype: an empty list given before */
				return fail_at(c, k, "expected one :parameters, before :precondition and :effect");
			if (typed_list(c, v, 0, 1, 0, add_var) != 0)
				return -1;
			a->nparams = c->nvars;
			a->ptype = drv_alloc((size_t) (a->nparams + 1) * sizeof *a->ptype);
			a->pname = drv_alloc((size_t) (a->nparams + 1) * sizeof *a->pname);
			for (int p = 0; p < a->nparams; p++) {
				a->ptype[p] = c->vtypes[p];
				a->pname[p] = drv_strdup(c->vname[p]);
			}
		} else if (durative && is_kw(k, ":duration")) {
			if (a->dur)
				return fail_at(c, k, "expected one :duration");
			if (duration(c, a, s, v) != 0)
				return -1;
		} else if (durative && is_kw(k, ":condition")) {
			if (a->pre || a->inv || a->pre_end)
				return fail_at(c, k, "expected one :condition");
			if (dur_conditions(c, a, s, v) != 0)
				return -1;
		} else if (durative && is_kw(k, ":effect")) {
			if (dur_effects(c, a, s, v) != 0)
				return -1;
		} else if (durative)
			return expected(c, s, k, "':parameters', ':duration', ':condition' or ':effect'");
		else if (is_kw(k, ":precondition")) {
			if (a->pre)
				return fail_at(c, k, "expected one :precondition");
			a->pre = drv_alloc(sizeof *a->pre);
			if (formula(c, s, v, a->pre, 0) != 0)
				return -1;
		} else if (is_kw(k, ":effect")) {
			eff_env env;
			memset(&env, 0, sizeof env);
			if (effect(c, a, s, v, env, 0) != 0)
				return -1;
		} else if (is_kw(k, ":duration"))
			return fail_at(c, k, ":duration is for a ':durative-action'");
		else
			return expected(c, s, k, "':parameters', ':precondition' or ':effect'");
	}
	a->nvars = c->nvars;
	if (durative && !a->dur)
		return fail_at(c, s, "expected a ':duration (= ?duration NUMBER)' in the durative action '%s'", a->name);
	return 0;
}

/* ---- domain and problem ---- */
static int define_name(ctx *c, const pddl_sx *d, const char *kw, char **name)
{
	const pddl_sx *h = kid(d, 1);
	if (!h || h->atom || !is_kw(kid(h, 0), kw) || !is_name(kid(h, 1)) || h->n != 2) {
		char what[64];
		snprintf(what, sizeof what, "'(%s NAME)'", kw);
		return expected(c, d, h, what);
	}
	*name = drv_strdup(h->kids[1].atom);
	return 0;
}

static int section_refused(ctx *c, const pddl_sx *k)
{
	static const char *const what[][2] = {
		{ ":functions", ":numeric-fluents" },
		{ ":derived", ":derived-predicates" }, { ":constraints", ":constraints" },
		{ ":metric", ":action-costs" }, { ":process", "PDDL+" }, { ":event", "PDDL+" },
		{ NULL, NULL },
	};
	for (int i = 0; what[i][0]; i++)
		if (is_kw(k, what[i][0]))
			return fail_at(c, k, "%s not supported (%s)", k->atom, what[i][1]);
	return 0;
}

static int domain(ctx *c, const pddl_sx *d)
{
	pddl_model *m = c->m;
	if (define_name(c, d, "domain", &m->domain_name) != 0)
		return -1;
	m->domain_file = d->file;
	/* declarations first, then the actions that use them */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 2; i < d->n; i++) {
			const pddl_sx *s = &d->kids[i], *k = kid(s, 0);
			if (!k || !k->atom)
				return expected(c, d, s, "a section '(:keyword ...)'");
			if (section_refused(c, k) != 0)
				return -1;
			int act = is_kw(k, ":action") || is_kw(k, ":durative-action");
			if (pass != act)
				continue;
			int rc;
			if (is_kw(k, ":requirements"))
				rc = requirements(c, s);
			else if (is_kw(k, ":types"))
				rc = typed_list(c, s, 1, 0, 1, add_type);
			else if (is_kw(k, ":constants"))
				rc = typed_list(c, s, 1, 0, 0, add_object);
			else if (is_kw(k, ":predicates"))
				rc = predicates(c, s);
			else if (act)
				rc = action(c, s);
			else
				rc = expected(c, d, k, "':requirements', ':types', ':constants', ':predicates', ':action' "
				              "or ':durative-action'");
			if (rc != 0)
				return -1;
		}
	m->has_domain = 1;
	return 0;
}

static int init_atom(ctx *c, const pddl_sx *in, const pddl_sx *s)
{
	pddl_model *m = c->m;
	int pred, *args = NULL, nargs;
	if (!s || s->atom)
		return expected(c, in, s, "an atom '(predicate object ...)'");
	if (is_kw(kid(s, 0), "="))
		return fail_at(c, s, "numeric initial values not supported (:numeric-fluents)");
	if (is_kw(kid(s, 0), "at") && pred_find(m, "at") < 0)
		return fail_at(c, s, "timed initial literals not supported (:timed-initial-literals)");
	if (is_kw(kid(s, 0), "not"))
		return 0;   /* the closed world assumption says so already */
	if (atom(c, s, &pred, &args, &nargs) != 0) {
		free(args);
		return -1;
	}
	m->init = drv_realloc(m->init, (size_t) (m->init_len + nargs + 1) * sizeof *m->init);
	m->init[m->init_len++] = pred;
	for (int i = 0; i < nargs; i++)
		m->init[m->init_len++] = args[i];
	m->ninit++;
	free(args);
	return 0;
}

static int problem(ctx *c, const pddl_sx *d)
{
	pddl_model *m = c->m;
	if (define_name(c, d, "problem", &m->problem_name) != 0)
		return -1;
	m->problem_file = d->file;
	c->in_problem = 1;
	int goal = 0;
	for (int i = 2; i < d->n; i++) {
		const pddl_sx *s = &d->kids[i], *k = kid(s, 0);
		if (!k || !k->atom)
			return expected(c, d, s, "a section '(:keyword ...)'");
		/* the makespan, what temporal plans are judged by (dmc plan
		 * --optimal makespan minimises it); any other metric is refused */
		const pddl_sx *tt = kid(s, 2);
		if (is_kw(k, ":metric") && s->n == 3 && is_kw(kid(s, 1), "minimize") && tt && !tt->atom && tt->n == 1
		    && is_kw(kid(tt, 0), "total-time"))
			continue;
		if (section_refused(c, k) != 0)
			return -1;
		int rc = 0;
		if (is_kw(k, ":domain")) {
			if (!is_name(kid(s, 1)) || s->n != 2)
				return expected(c, s, kid(s, 1), "the domain's name");
			if (strcmp(s->kids[1].atom, m->domain_name) != 0)
				return fail_at(c, &s->kids[1], "the problem is of domain '%s', the domain given is '%s'",
				               s->kids[1].atom, m->domain_name);
		} else if (is_kw(k, ":requirements"))
			rc = requirements(c, s);
		else if (is_kw(k, ":objects"))
			rc = typed_list(c, s, 1, 0, 0, add_object);
		else if (is_kw(k, ":init")) {
			for (int j = 1; j < s->n && rc == 0; j++)
				rc = init_atom(c, s, &s->kids[j]);
		} else if (is_kw(k, ":goal")) {
			if (goal++)
				return fail_at(c, k, "expected one :goal");
			c->nscope = c->nvars = 0;
			m->goal = drv_alloc(sizeof *m->goal);
			rc = formula(c, s, kid(s, 1), m->goal, 0);
			m->goal_nvars = c->nvars;
			if (rc == 0 && s->n > 2)
				rc = expected(c, s, &s->kids[2], "')' after the goal");
		} else
			rc = expected(c, d, k, "':domain', ':objects', ':init' or ':goal'");
		if (rc != 0)
			return -1;
	}
	if (!goal)
		return fail_at(c, d, "expected a ':goal' in the problem");
	m->has_problem = 1;
	return 0;
}

int pddl_parse(const char *const *files, const char *const *texts, int nfiles, pddl_model *m,
               pddl_err *err)
{
	ctx c;
	memset(&c, 0, sizeof c);
	memset(m, 0, sizeof *m);
	c.m = m;
	c.err = err;
	type_add(m, "object");
	m->tparent[0] = -1;
	pddl_sx *all[8] = { 0 };
	int nall[8] = { 0 }, rc = 0;
	const pddl_sx *dom = NULL, *prob = NULL;
	if (nfiles > 8)
		nfiles = 8;
	for (int f = 0; f < nfiles && rc == 0; f++) {
		rc = pddl_sx_read(files[f], texts[f], &all[f], &nall[f], err);
		for (int i = 0; rc == 0 && i < nall[f]; i++) {
			const pddl_sx *d = &all[f][i], *h = kid(d, 1);
			if (!is_kw(kid(d, 0), "define"))
				rc = expected(&c, d, kid(d, 0) ? kid(d, 0) : d, "'define'");
			else if (h && !h->atom && is_kw(kid(h, 0), "domain") && !dom)
				dom = d;
			else if (h && !h->atom && is_kw(kid(h, 0), "problem") && !prob)
				prob = d;
			else
				rc = expected(&c, d, h, dom && prob ? "one domain and one problem" : "'(domain NAME)' or '(problem NAME)'");
		}
	}
	if (rc == 0 && !dom)
		rc = fail_at(&c, &(pddl_sx) { .file = files[0], .line = 1, .col = 1 },
		             "expected a '(define (domain NAME) ...)' (dmc plan DOMAIN.pddl PROBLEM.pddl)");
	if (rc == 0 && !prob)
		rc = fail_at(&c, &(pddl_sx) { .file = files[nfiles - 1], .line = 1, .col = 1 },
		             "expected a '(define (problem NAME) ...)' (dmc plan DOMAIN.pddl PROBLEM.pddl)");
	if (rc == 0)
		rc = domain(&c, dom);
	if (rc == 0)
		rc = problem(&c, prob);
	for (int f = 0; f < nfiles; f++)
		pddl_sx_free(all[f], nall[f]);
	free(c.vname);
	free(c.vnum);
	free(c.vtypes);
	return rc;
}

int pddl_load(const char *const *files, int nfiles, pddl_model *m, pddl_err *err)
{
	char *texts[8] = { 0 };
	int rc = 0;
	memset(m, 0, sizeof *m);
	if (nfiles > 8)
		nfiles = 8;
	for (int f = 0; f < nfiles && rc == 0; f++) {
		size_t len;
		if (!(texts[f] = drv_read_file(files[f], &len))) {
			snprintf(err->msg, sizeof err->msg, "cannot read %s: %s", files[f], strerror(errno ? errno : ENOENT));
			rc = -1;
		} else if (strlen(texts[f]) != len) {
			int line = 1, col = 1;
			for (const char *q = texts[f]; *q; q++, col++)
				if (*q == '\n') {
					line++;
					col = 0;
				}
			snprintf(err->msg, sizeof err->msg, "%s:%d:%d: a NUL byte (is it a PDDL file?)", files[f], line, col);
			rc = -1;
		}
	}
	if (rc == 0)
		rc = pddl_parse(files, (const char *const *) texts, nfiles, m, err);
	for (int f = 0; f < nfiles; f++)
		free(texts[f]);
	return rc;
}

void pddl_free(pddl_model *m)
{
	for (int i = 0; i < m->ntypes; i++)
		free(m->types[i]);
	free(m->types);
	free(m->tparent);
	for (int i = 0; i < m->nobjs; i++)
		free(m->objs[i]);
	free(m->objs);
	free(m->otype);
	for (int i = 0; i < m->npreds; i++) {
		free(m->preds[i].name);
		free(m->preds[i].atype);
	}
	free(m->preds);
	for (int i = 0; i < m->nacts; i++) {
		pddl_action *a = &m->acts[i];
		free(a->name);
		free(a->ptype);
		for (int p = 0; a->pname && p < a->nparams; p++)
			free(a->pname[p]);
		free(a->pname);
		if (a->pre)
			fm_free(a->pre);
		if (a->inv)
			fm_free(a->inv);
		if (a->pre_end)
			fm_free(a->pre_end);
		for (int e = 0; e < a->neffs; e++) {
			free(a->effs[e].vtype);
			free(a->effs[e].args);
			if (a->effs[e].cond)
				fm_free(a->effs[e].cond);
		}
		free(a->effs);
	}
	free(m->acts);
	free(m->init);
	if (m->goal)
		fm_free(m->goal);
	free(m->domain_name);
	free(m->problem_name);
	memset(m, 0, sizeof *m);
}

void pddl_atom_text(const pddl_model *m, int pred, const int *args, char *buf, size_t len)
{
	int k = snprintf(buf, len, "(%s", m->preds[pred].name);
	for (int i = 0; i < m->preds[pred].nargs && k > 0 && (size_t) k < len; i++)
		k += snprintf(buf + k, len - (size_t) k, " %s", m->objs[args[i]]);
	if (k > 0 && (size_t) k < len)
		snprintf(buf + k, len - (size_t) k, ")");
}
