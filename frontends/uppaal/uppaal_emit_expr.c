// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_emit_expr.c -- UPPAAL expressions and updates as Promela text,
 * names resolved in an instance: select values and parameters become
 * their values, template locals the globals INSTANCE_var, P.l in a query
 * (loc_P == index of l).
 */
#include "uppaal_emit.h"
#include "uppaal_zone.h"

#include <stdlib.h>
#include <string.h>

static void fail_at(up_emit_st *s, const up_expr *e, const char *fmt, const char *arg)
{
	up_fail_at(s->n->m->c, e && e->file ? e->file : s->file, e ? e->line : 0, e ? e->col : 0, fmt, arg);
}

/* the instance an expression before '.' names: P1, P(1) */
static up_inst *inst_of(up_emit_st *s, const up_expr *e)
{
	char name[200];
	if (e->kind == X_ID) {
		snprintf(name, sizeof name, "%s", e->name);
	} else if (e->kind == X_CALL) {
		size_t k = (size_t) snprintf(name, sizeof name, "%s(", e->name);
		for (int i = 0; i < e->val && k < sizeof name; i++) {
			long v = up_eval_const_or_fail(s->n, NULL, up_call_arg(e, i), "process argument");
			k += (size_t) snprintf(name + k, sizeof name - k, "%s%ld", i ? "," : "", v);
		}
		if (k < sizeof name)
			snprintf(name + k, sizeof name - k, ")");
	} else {
		fail_at(s, e, "expected a process name before '.'%s", "");
	}
	up_inst *in = up_find_inst(s->n, name);
	if (!in)
		fail_at(s, e, "unknown process '%s'", name);
	return in;
}

static void emit(up_emit_st *s, up_inst *in, const up_expr *e);

/* functions are inlined: a call inside a call inside ... is bounded (a
 * recursive function would inline forever) */
#define MAX_CALL_DEPTH 32

void up_check_size(up_emit_st *s, const char *file, int line, int col)
{
	up_ctx *c = s->n->m->c;
	long max = c->max_promela > 0 ? c->max_promela : UP_MAX_PROMELA;
	if (s->body && ftell(s->body) > max)
		up_fail_at(c, file, line, col,
			   "the translation is larger than %ld MB here (synchronisations with many partners, "
			   "many instances, or functions calling functions, multiply the text)",
			   max >> 20 > 0 ? max >> 20 : 1);
}

static void enter_func(up_emit_st *s, const up_expr *call)
{
	up_check_size(s, call->file ? call->file : s->file, call->line, call->col);
	if (++s->in_func > MAX_CALL_DEPTH)
		fail_at(s, call, "call of '%s': calls nested more than 32 deep (recursive functions are not supported)",
			call->name);
}

/* ---- user functions, inlined: each parameter is bound to the Promela
 * text of its argument (evaluated in the caller's scope) ---- */

static up_func *find_func(up_emit_st *s, up_inst *in, const char *name)
{
	if (in)
		for (int i = 0; i < in->t->funcs.n; i++)
			if (strcmp(((up_func *) in->t->funcs.v[i])->name, name) == 0)
				return in->t->funcs.v[i];
	up_model *m = s->n->m;
	for (int i = 0; i < m->funcs.n; i++)
		if (strcmp(((up_func *) m->funcs.v[i])->name, name) == 0)
			return m->funcs.v[i];
	return NULL;
}

/* UPPAAL's built-in functions on doubles (the language reference's
 * list): a call of one names the feature dmc does not check */
static int double_builtin(const char *name)
{
	static const char *const fs[] = { "fint", "fabs", "fmod", "fma", "fmax", "fmin", "fdim", "exp", "exp2",
		"expm1", "ln", "log", "log10", "log2", "log1p", "pow", "sqrt", "cbrt", "hypot", "sin", "cos", "tan",
		"asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc",
		"tgamma", "lgamma", "ceil", "floor", "trunc", "round", "ldexp", "ilogb", "logb", "nextafter",
		"copysign", "signbit", "random", "random_normal", "random_poisson", "random_arcsine",
		"random_beta", "random_gamma", "random_tri", "random_weibull", NULL };
	for (int i = 0; fs[i]; i++)
		if (strcmp(fs[i], name) == 0)
			return 1;
	return 0;
}

/* a call of an unknown function: an error naming why */
static void no_function(up_emit_st *s, const up_expr *e)
{
	if (double_builtin(e->name))
		fail_at(s, e, "call of '%s', UPPAAL's built-in function on doubles: type 'double' is not supported", e->name);
	fail_at(s, e, "call of '%s': no such function", e->name);
}

/* does e (an expression of a function's body) assign the name */
static int expr_assigns(const up_expr *e, const char *name)
{
	if (!e)
		return 0;
	if ((e->kind == X_ASSIGN || e->kind == X_INCDEC) && e->a && e->a->kind == X_ID
	    && strcmp(e->a->name, name) == 0)
		return 1;
	return expr_assigns(e->a, name) || expr_assigns(e->b, name) || expr_assigns(e->c, name);
}

/* does the statement assign the name (a value parameter: then it is a
 * local copy, UPPAAL's call by value) */
static int stmt_assigns(const up_stmt *st, const char *name)
{
	if (!st)
		return 0;
	if (expr_assigns(st->e, name) || stmt_assigns(st->then, name) || stmt_assigns(st->els, name))
		return 1;
	if (st->kind == S_BLOCK)
		for (int i = 0; i < st->body.n; i++)
			if (stmt_assigns(st->body.v[i], name))
				return 1;
	if (st->kind == S_DECL)
		for (int i = 0; i < st->body.n; i++)
			if (expr_assigns(((const up_var *) st->body.v[i])->init, name))
				return 1;
	return 0;
}

/* bind f's parameters to the call's arguments; returns the old in->sel.n.
 * With temps (void functions, whose body may change what an argument
 * reads), a non-constant value argument is first copied into a global
 * dmc_argK (printed here; the caller zeroes it after the body). */
static int bind_args(up_emit_st *s, up_inst *in, const up_expr *call, up_func *f, int temps)
{
	up_ctx *c = s->n->m->c;
	if (!in)
		fail_at(s, call, "call of '%s': functions in queries are not supported", call->name);
	if (call->val != f->params.n)
		up_fail_at(c, call->file ? call->file : s->file, call->line, call->col,
			   "call of '%s': %d arguments, the function takes %d",
			call->name, (int) call->val, f->params.n);
	const up_expr *args[UP_MAX_ARGS];
	for (int i = 0; i < call->val && i < UP_MAX_ARGS; i++)
		args[i] = up_call_arg(call, i);
	int keep = in->sel.n;
	up_bind *nb[UP_MAX_ARGS];
	for (int i = 0; i < f->params.n; i++) {
		up_var *p = f->params.v[i];
		if (p->type.kind == TY_STRUCT) {
			/* a struct by reference: p.f is the argument's field f */
			if (!p->type.is_ref || args[i]->kind != X_ID)
				fail_at(s, call, "call of '%s': a struct is passed by reference ('&') to a struct variable",
					call->name);
			for (int k = 0; k < p->type.fields->n; k++) {
				const char *fname = ((up_var *) p->type.fields->v[k])->name;
				up_expr dot = { .kind = X_DOT, .a = (up_expr *) args[i], .name = fname, .line = call->line };
				up_var *fv = up_field_of(s->n, in, &dot);
				if (!fv)
					fail_at(s, call, "call of '%s': the argument is not a struct with these fields", call->name);
				char *bn = up_alloc(c, strlen(p->name) + strlen(fname) + 2);
				sprintf(bn, "%s.%s", p->name, fname);
				up_bind *b = up_alloc(c, sizeof *b);
				b->name = bn;
				b->var = fv;
				nb[i] = b;
				up_push(c, &in->sel, b);
			}
			nb[i] = NULL;
			continue;
		}
		if (p->type.is_ref && !up_var_of(s->n, in, args[i]))
			fail_at(s, call, "call of '%s': a reference parameter needs a variable", call->name);
		char *text;
		long k;
		/* a value parameter the body assigns is a copy (void functions) */
		int copy = temps && !p->type.is_ref && stmt_assigns(f->body, p->name);
		if (!copy && !temps && !p->type.is_ref && up_eval_const(s->n, in, args[i], &k)) {
			/* a constant argument stays a number: the body may fold it */
			nb[i] = up_alloc(c, sizeof *nb[i]);
			nb[i]->name = p->name;
			nb[i]->value = up_alloc(c, sizeof *nb[i]->value);
			nb[i]->value->kind = X_NUM;
			nb[i]->value->val = k;
			continue;
		}
		FILE *keep_out = s->out;
		/* each argument is written into a memory stream of its own */
		if (c->nmem >= 14)
			fail_at(s, call, "call of '%s': calls nested too deeply in arguments", call->name);
		s->out = up_mem_open(c);
		emit(s, in, args[i]);
		text = up_mem_close(c, NULL);
		s->out = keep_out;
		if (copy || (temps && !p->type.is_ref && !up_eval_const(s->n, in, args[i], &k))) {
			fprintf(s->out, "dmc_arg%d = %s; ", s->ntemp, text);
			free(text);
			s->out = up_mem_open(c);
			fprintf(s->out, "dmc_arg%d", s->ntemp++);
			text = up_mem_close(c, NULL);
			s->out = keep_out;
			if (s->ntemp > s->maxtemp)
				s->maxtemp = s->ntemp;
		}
		up_expr *x = up_alloc(c, sizeof *x);
		x->kind = X_ID;
		x->name = up_strdup(c, text);
		x->line = -2;                   /* Promela text */
		x->val = p->type.is_ref || copy; /* may be assigned */
		free(text);
		nb[i] = up_alloc(c, sizeof *nb[i]);
		nb[i]->name = p->name;
		nb[i]->value = x;
	}
	/* bound after all arguments are rendered: an argument may use a name
	 * that is also a parameter */
	for (int i = 0; i < f->params.n; i++)
		if (nb[i])
			up_push(c, &in->sel, nb[i]);
	return keep;
}

static void emit_var_name(up_emit_st *s, up_inst *in, const up_expr *e)
{
	up_bind *b = up_lookup(s->n, in, e->name);
	if (!b)
		fail_at(s, e, "unknown name '%s'", e->name);
	if (b->value && b->value->kind == X_DBL)
		fail_at(s, e, "'%s' is a 'const double': double values are not supported (dmc checks integers and "
			"clocks in discrete time; scale the constants to integers)", e->name);
	if (b->var && s->in_func && (b->var->clock >= 0 || b->var->celem))
		fail_at(s, e, "clock '%s' inside a function: clocks in functions are not supported", e->name);
	if (b->var && b->var->celem)
		fail_at(s, e, "clock array '%s' used as a whole: name one element (x[i])", e->name);
	if (b->var) {
		for (int i = 0; i < s->subst.n; i += 2)
			if (s->subst.v[i] == b->var) {
				emit(s, NULL, s->subst.v[i + 1]);
				return;
			}
		fprintf(s->out, "%s", b->var->pname);
		return;
	}
	/* a value: parameters and select values are bound in the system's scope */
	if (b->value->kind == X_NUM)
		fprintf(s->out, "%ld", b->value->val);
	else
		emit(s, NULL, b->value);
}

static up_expr *index_of(up_ctx *c, up_expr *a, const up_expr *i, int line)
{
	up_expr *x = up_alloc(c, sizeof *x);
	x->kind = X_INDEX;
	x->a = a;
	x->b = (up_expr *) i;
	x->line = line;
	return x;
}

/* s[i].f and s[i].f[j] in an array of structs: the field's own array,
 * written as (s.f)[i] and (s.f)[i][j]; NULL for anything else */
static const up_expr *struct_element(up_emit_st *s, up_inst *in, const up_expr *e)
{
	const up_expr *outer[UP_MAX_DIMS + 1], *inner[UP_MAX_DIMS + 1], *d = e, *base;
	int no = 0, ni = 0;
	while (d->kind == X_INDEX && no <= UP_MAX_DIMS) {
		outer[no++] = d->b;
		d = d->a;
	}
	if (d->kind != X_DOT || !d->a || d->a->kind != X_INDEX || !up_field_of(s->n, in, d))
		return NULL;
	for (base = d->a; base->kind == X_INDEX && ni <= UP_MAX_DIMS; base = base->a)
		inner[ni++] = base->b;
	up_ctx *c = s->n->m->c;
	up_expr *r = up_alloc(c, sizeof *r);
	r->kind = X_ID;
	r->line = e->line;
	char *name = up_alloc(c, strlen(base->name) + strlen(d->name) + 2);
	sprintf(name, "%s.%s", base->name, d->name);
	r->name = name;
	for (int k = ni - 1; k >= 0; k--)          /* the struct's indices, innermost first */
		r = index_of(c, r, inner[k], e->line);
	for (int k = no - 1; k >= 0; k--)          /* then the field's */
		r = index_of(c, r, outer[k], e->line);
	return r;
}

void up_emit_flat_index(up_emit_st *s, up_inst *in, const up_expr *e)
{
	FILE *o = s->out;
	/* a[i][j]...: the indices from the outside in */
	const up_expr *idx[UP_MAX_DIMS + 1], *base = e;
	int ni = 0;
	while (base->kind == X_INDEX && ni <= UP_MAX_DIMS) {
		idx[ni++] = base->b;
		base = base->a;
	}
	up_var *v = NULL;
	if (base->kind == X_DOT && !up_field_of(s->n, in, base)) {
		/* P.a[i]: process P's array a */
		up_bind *b = up_lookup(s->n, inst_of(s, base->a), base->name);
		v = b ? b->var : NULL;
	} else if (base->kind == X_ID) {
		v = up_var_of(s->n, in, base);
	} else if (base->kind == X_DOT) {
		v = up_field_of(s->n, in, base);      /* s.a[i]: an array field */
	} else {
		fail_at(s, e, "expected an array name before '['%s", "");
	}
	if (!v || !v->nsize)
		fail_at(s, e, "'%s' is not an array", base->name);
	if (ni != v->ndims)
		fail_at(s, e, "'%s': an element needs one index per dimension", base->name);
	for (int k = 0; k < ni; k++) {
		const up_expr *x = idx[ni - 1 - k];
		long stride = 1;
		for (int d = k + 1; d < v->ndims; d++)
			stride *= v->dimsz[d];
		if (k)
			fputs(" + ", o);
		if (stride > 1 || v->dimlo[k])
			fputc('(', o);
		emit(s, in, x);
		if (v->dimlo[k])
			fprintf(o, " - %ld", v->dimlo[k]);
		if (stride > 1)
			fprintf(o, ") * %ld", stride);
		else if (v->dimlo[k])
			fputc(')', o);
	}
}

static void emit(up_emit_st *s, up_inst *in, const up_expr *e)
{
	FILE *o = s->out;
	long folded;
	/* a constant part is computed here once, so that its overflow or
	 * division by zero is an error at its position (pan's C arithmetic
	 * would wrap or trap) */
	if (e->kind == X_BIN || e->kind == X_UN)
		(void) up_eval_const(s->n, in, e, &folded);
	if (e->kind == X_INDEX || e->kind == X_DOT) {
		const up_expr *r = struct_element(s, in, e);
		if (r)
			e = r;
	}
	switch (e->kind) {
	case X_DBL:
		up_no_double(s->n->m->c, s->file, e);
		break;
	case X_NUM:
		/* -2147483648 would be read as -(2147483648), which overflows */
		if (e->val == -2147483648L)
			fputs("(-2147483647 - 1)", o);
		else
			fprintf(o, "%ld", e->val);
		break;
	case X_ID:
		if (e->line == -2)      /* a Promela name made by the writer */
			fputs(e->name, o);
		else
			emit_var_name(s, in, e);
		break;
	case X_INDEX: {
		const up_expr *base = up_index_base(e);
		if (base->kind != X_ID && base->kind != X_DOT)
			fail_at(s, e, "expected an array name before '['%s", "");
		up_var *cv = base->kind == X_ID ? up_var_of(s->n, in, base) : NULL;
		if (cv && cv->celem) {
			/* an element of a clock array: its own clock */
			up_var *el = up_var_of(s->n, in, e);
			int i = 0;
			while (i < s->subst.n && s->subst.v[i] != el)
				i += 2;
			if (i < s->subst.n)
				emit(s, NULL, s->subst.v[i + 1]);
			else
				fputs(el->pname, o);
			break;
		}
		if (cv && cv->cvals) {
			/* a constant array at an index known only at run time: a
			 * choice over its values by the element number */
			long flat;
			if (up_const_index(s->n, in, e, cv, &flat)) {
				fprintf(o, "%ld", cv->cvals[flat]);
				break;
			}
			up_ctx *c = s->n->m->c;
			FILE *keep = s->out;
			s->out = up_mem_open(c);
			up_emit_flat_index(s, in, e);
			char *ix = up_mem_close(c, NULL);
			s->out = keep;
			for (long k = 0; k + 1 < cv->nsize; k++)
				fprintf(o, "((%s) == %ld -> %ld : ", ix, k, cv->cvals[k]);
			fprintf(o, "%ld", cv->cvals[cv->nsize - 1]);
			for (long k = 0; k + 1 < cv->nsize; k++)
				fputc(')', o);
			free(ix);
			break;
		}
		/* one flat Promela array, row-major */
		emit(s, in, base);
		fputc('[', o);
		up_emit_flat_index(s, in, e);
		fputc(']', o);
		break;
	}
	case X_DOT: {
		if (up_eval_const(s->n, in, e, &folded)) {
			/* a field of a constant struct */
			fprintf(o, "%ld", folded);
			break;
		}
		up_var *f = up_field_of(s->n, in, e);
		if (f) {                /* a struct's field: its own variable */
			fputs(f->pname, o);
			break;
		}
		up_inst *p = inst_of(s, e->a);
		int k = up_find_loc(p->t, e->name);
		if (k >= 0) {
			fprintf(o, "(loc_%s == %d)", p->pname, k);
			break;
		}
		up_expr id = { .kind = X_ID, .name = e->name, .line = e->line };
		up_bind *b = up_lookup(s->n, p, e->name);
		if (!b || (b->var && b->var->owner != p && !(b->value)))
			fail_at(s, e, "'%s' is neither a location nor a variable of the process", e->name);
		emit(s, p, &id);
		break;
	}
	case X_CALL: {
		up_func *f = find_func(s, in, e->name);
		if (!f)
			no_function(s, e);
		if (f->is_void)
			fail_at(s, e, "call of the void function '%s' inside an expression", e->name);
		int keep = bind_args(s, in, e, f, 0);
		enter_func(s, e);
		fputc('(', o);
		if (f->ret)
			emit(s, in, f->ret);
		else
			up_func_value(s, in, f);
		fputc(')', o);
		s->in_func--;
		in->sel.n = keep;
		break;
	}
	case X_QUANT: {
		/* unrolled: the body once per value, the name bound to it */
		long lo, hi;
		up_quant_range(s->n, in, e, &lo, &hi);
		up_vec *scope = in ? &in->sel : &s->n->gbinds;
		const char *op = e->op[0] == 'A' ? " && " : e->op[0] == 'E' ? " || " : " + ";
		if (lo > hi) {
			fputs(e->op[0] == 'A' ? "1" : "0", o);
			break;
		}
		fputc('(', o);
		for (long v = lo; v <= hi; v++) {
			up_bind *b = up_alloc(s->n->m->c, sizeof *b);
			b->name = e->name;
			b->value = up_alloc(s->n->m->c, sizeof *b->value);
			b->value->kind = X_NUM;
			b->value->val = v;
			up_push(s->n->m->c, scope, b);
			if (v > lo)
				fputs(op, o);
			fputc('(', o);
			emit(s, in, e->c);
			fputc(')', o);
			scope->n--;
		}
		fputc(')', o);
		break;
	}
	case X_UN:
		fprintf(o, "(%s", e->op);
		emit(s, in, e->a);
		fputc(')', o);
		break;
	case X_COND:
		fputc('(', o);
		emit(s, in, e->a);
		fputs(" -> ", o);
		emit(s, in, e->b);
		fputs(" : ", o);
		emit(s, in, e->c);
		fputc(')', o);
		break;
	case X_BIN:
		if (s->zone && up_zone_is_atom(s->n, in, e)) {
			fputs("1", o);  /* the zone test is beside it (up_zone_check) */
			break;
		}
		if (strcmp(e->op, "<?") == 0 || strcmp(e->op, ">?") == 0) {
			/* the smaller (larger): no side effects, so each side twice */
			fputs("((", o);
			emit(s, in, e->a);
			fprintf(o, " %c ", e->op[0]);
			emit(s, in, e->b);
			fputs(") -> ", o);
			emit(s, in, e->a);
			fputs(" : ", o);
			emit(s, in, e->b);
			fputc(')', o);
			break;
		}
		if (strcmp(e->op, "**") == 0) {
			/* a constant power was folded above; a ** k with a constant
			 * k is k products */
			long k;
			if (up_eval_const(s->n, in, e, &folded)) {
				fprintf(o, "%ld", folded);
				break;
			}
			if (!up_eval_const(s->n, in, e->b, &k) || k < 0 || k > 31)
				fail_at(s, e, "'**' needs a constant exponent from 0 to 31 when the base is not constant%s", "");
			fputs("(1", o);
			for (long i = 0; i < k; i++) {
				fputs(" * ", o);
				emit(s, in, e->a);
			}
			fputc(')', o);
			break;
		}
		fputc('(', o);
		if (strcmp(e->op, "=>") == 0) {
			fputs("!", o);
			emit(s, in, e->a);
			fputs(" || ", o);
		} else {
			emit(s, in, e->a);
			fprintf(o, " %s ", e->op);
		}
		emit(s, in, e->b);
		fputc(')', o);
		break;
	case X_ASSIGN:
	case X_INCDEC:
		fail_at(s, e, "assignment inside an expression%s", "");
		break;
	}
}

void up_emit_expr_st(up_emit_st *s, up_inst *in, const up_expr *e)
{
	if (!e)
		fputs("1", s->out);
	else
		emit(s, in, e);
}

static void emit_stmt(up_emit_st *s, up_inst *in, const up_stmt *st, int *first)
{
	FILE *o = s->out;
	switch (st->kind) {
	case S_BLOCK:
		for (int i = 0; i < st->body.n; i++)
			emit_stmt(s, in, st->body.v[i], first);
		break;
	case S_RETURN:
		up_fail_at(s->n->m->c, s->file, st->line, st->col, "'return' in a void function is not supported");
		break;
	case S_DECL:
		/* each local a global dmc_locK, set here (0 without an
		 * initialiser: a declaration in a loop starts again) and 0
		 * again after the call */
		for (int i = 0; i < st->body.n; i++) {
			const up_var *d = st->body.v[i];
			up_var *v = up_local_slot(s, in, d);
			if (!v)
				continue;
			long n = v->nsize ? v->nsize : 1;
			if (d->init_list.n && d->init_list.n != n)
				up_fail_at(s->n->m->c, d->file, d->line, d->col, "'%s': %d values for %ld elements",
					   d->name, d->init_list.n, n);
			for (long k = 0; k < n; k++) {
				const up_expr *init = d->init_list.n ? d->init_list.v[k] : d->init;
				if (!*first)
					fputs("; ", o);
				*first = 0;
				if (init) {
					up_expr lhs = { .kind = X_ID, .name = d->name, .line = d->line, .col = d->col, .file = d->file };
					up_expr idx = { .kind = X_NUM, .val = k + v->dimlo[0] };
					up_expr el = { .kind = X_INDEX, .a = &lhs, .b = &idx, .line = d->line, .col = d->col, .file = d->file };
					up_expr as = { .kind = X_ASSIGN, .op = "=", .a = v->nsize ? &el : &lhs, .b = (up_expr *) init,
						       .line = d->line, .col = d->col, .file = d->file };
					if (v->ndims > 1)
						up_fail_at(s->n->m->c, d->file, d->line, d->col,
							   "'%s': initialisers of local arrays of more than one dimension are not supported", d->name);
					up_emit_update(s, in, &as);
				} else if (v->nsize) {
					fprintf(o, "%s[%ld] = 0", v->pname, k);
				} else {
					fprintf(o, "%s = 0", v->pname);
				}
			}
		}
		break;
	case S_EXPR:
		if (!*first)
			fputs("; ", o);
		*first = 0;
		up_emit_update(s, in, st->e);
		break;
	case S_FOR: {
		/* unrolled: the body once per value, the name bound to it */
		long lo = up_eval_const_or_fail(s->n, in, st->range.lo, "for range");
		long hi = up_eval_const_or_fail(s->n, in, st->range.hi, "for range");
		if (hi - lo >= 256)
			up_fail_at(s->n->m->c, s->file, st->line, st->col, "for (%s : ...): more than 256 values", st->var);
		if (!in)
			up_fail_at(s->n->m->c, s->file, st->line, st->col, "for (%s : ...) outside a process", st->var);
		up_ctx *c = s->n->m->c;
		for (long v = lo; v <= hi; v++) {
			if (++s->unrolled > UP_MAX_UNROLLED)
				up_fail_at(c, s->file, st->line, st->col,
					   "for (%s : ...): the for loops unroll to more than %ld copies of their bodies",
					   st->var, UP_MAX_UNROLLED);
			up_bind *b = up_alloc(c, sizeof *b);
			up_expr *x = up_alloc(c, sizeof *x);
			x->kind = X_NUM;
			x->val = v;
			x->line = st->line;
			b->name = st->var;
			b->value = x;
			up_push(c, &in->sel, b);
			emit_stmt(s, in, st->then, first);
			in->sel.n--;
		}
		break;
	}
	case S_WHILE: {
		if (!*first)
			fputs("; ", o);
		*first = 0;
		fputs("do :: (", o);
		if (st->e)
			emit(s, in, st->e);
		else
			fputc('1', o);
		fputs(") -> skip", o);
		int f2 = 0;
		emit_stmt(s, in, st->then, &f2);
		fputs(" :: else -> break od", o);
		break;
	}
	case S_IF: {
		if (!*first)
			fputs("; ", o);
		*first = 0;
		fputs("if :: (", o);
		emit(s, in, st->e);
		fputs(") -> skip", o);
		int f2 = 0;
		emit_stmt(s, in, st->then, &f2);
		fputs(" :: else -> skip", o);
		if (st->els) {
			f2 = 0;
			emit_stmt(s, in, st->els, &f2);
		}
		fputs(" fi", o);
		break;
	}
	}
}

/* is e a bound parameter (Promela text); *assignable for a reference */
static int is_param(up_emit_st *s, up_inst *in, const up_expr *e, int *assignable)
{
	if (e->kind != X_ID)
		return 0;
	up_bind *b = up_lookup(s->n, in, e->name);
	if (!b || !b->value || b->value->line != -2)
		return 0;
	*assignable = (int) b->value->val;
	return 1;
}

/* the value an assignment or ++/-- stores */
static void new_value(up_emit_st *s, up_inst *in, const up_expr *e)
{
	FILE *o = s->out;
	if (e->kind == X_INCDEC) {
		fputc('(', o);
		emit(s, in, e->a);
		fprintf(o, " %c 1)", e->op[0]);
	} else if (strcmp(e->op, "=") == 0) {
		emit(s, in, e->b);
	} else {
		char op[4];
		snprintf(op, sizeof op, "%.*s", (int) strlen(e->op) - 1, e->op);
		fputc('(', o);
		emit(s, in, e->a);
		fprintf(o, " %s ", op);
		emit(s, in, e->b);
		fputc(')', o);
	}
}

/* UPPAAL stops with an error when an update leaves the variable's range:
 * an assert on the value before it is stored (the Promela type might
 * wrap it), left out when the value is a constant inside the range or a
 * variable whose range fits.
 * Booleans and clocks have no range to leave. */
static void range_check(up_emit_st *s, up_inst *in, const up_expr *e)
{
	up_var *v = up_var_of(s->n, in, e->a);
	long k;
	if (!v || v->type.kind != TY_INT)
		return;
	if (e->kind == X_ASSIGN && strcmp(e->op, "=") == 0) {
		if (up_eval_const(s->n, in, e->b, &k) && k >= v->lo && k <= v->hi)
			return;
		/* a variable whose own range fits */
		up_var *r = (e->b->kind == X_ID || e->b->kind == X_INDEX) ? up_var_of(s->n, in, e->b) : NULL;
		if (r && ((r->type.kind == TY_INT && r->lo >= v->lo && r->hi <= v->hi)
			  || (r->type.kind == TY_BOOL && v->lo <= 0 && v->hi >= 1)))
			return;
	}
	FILE *o = s->out;
	fprintf(o, "assert(%ld <= ", v->lo);
	new_value(s, in, e);
	fputs(" && ", o);
	new_value(s, in, e);
	fprintf(o, " <= %ld); ", v->hi);
}

/* a copy of e with its one ++/-- (inside an index) replaced by the
 * variable; *found: that ++/--.  e itself when there is none. */
static const up_expr *without_incdec(up_emit_st *s, const up_expr *e, const up_expr **found)
{
	if (!e)
		return e;
	if (e->kind == X_INCDEC) {
		if (*found)
			fail_at(s, e, "more than one '%s' in one assignment", e->op);
		*found = e;
		return e->a;
	}
	const up_expr *a = without_incdec(s, e->a, found), *b = without_incdec(s, e->b, found),
		*c = without_incdec(s, e->c, found);
	if (a == e->a && b == e->b && c == e->c)
		return e;
	up_expr *x = up_alloc(s->n->m->c, sizeof *x);
	*x = *e;
	x->a = (up_expr *) a;
	x->b = (up_expr *) b;
	x->c = (up_expr *) c;
	return x;
}

/* the field names of the struct variable name (its "name.f" bindings in
 * the innermost scope that has any) into out; their number */
static int struct_fields(up_emit_st *s, up_inst *in, const char *name, up_vec *out)
{
	up_vec *scopes[3] = { in ? &in->sel : NULL, in ? &in->binds : NULL, &s->n->gbinds };
	size_t len = strlen(name);
	for (int k = 0; k < 3; k++) {
		if (!scopes[k])
			continue;
		for (int i = 0; i < scopes[k]->n; i++) {
			const up_bind *b = scopes[k]->v[i];
			if (strncmp(b->name, name, len) == 0 && b->name[len] == '.' && !strchr(b->name + len + 1, '.')) {
				int dup = 0;
				for (int j = 0; j < out->n && !dup; j++)
					dup = strcmp(out->v[j], b->name + len + 1) == 0;
				if (!dup)
					up_push(s->n->m->c, out, (void *) (b->name + len + 1));
			}
		}
		if (out->n)
			return out->n;
	}
	return 0;
}

/* s = t for two struct variables of the same fields: field by field */
static int struct_assign(up_emit_st *s, up_inst *in, const up_expr *e)
{
	up_ctx *c = s->n->m->c;
	up_vec fa = { 0 }, fb = { 0 };
	if (e->kind != X_ASSIGN || strcmp(e->op, "=") != 0 || e->a->kind != X_ID || e->b->kind != X_ID
	    || up_var_of(s->n, in, e->a) || !struct_fields(s, in, e->a->name, &fa))
		return 0;
	struct_fields(s, in, e->b->name, &fb);
	int same = fa.n == fb.n;
	for (int i = 0; i < fa.n && same; i++)
		same = strcmp(fa.v[i], fb.v[i]) == 0;
	if (!same)
		fail_at(s, e, "struct assignment '%s = ...': the right side is not a struct of the same fields",
			e->a->name);
	for (int i = 0; i < fa.n; i++) {
		up_expr *da = up_alloc(c, sizeof *da), *db = up_alloc(c, sizeof *db), *as = up_alloc(c, sizeof *as);
		*da = (up_expr) { .kind = X_DOT, .a = e->a, .name = fa.v[i], .line = e->line, .col = e->col,
				  .file = e->file, .height = e->a->height + 1 };
		*db = (up_expr) { .kind = X_DOT, .a = e->b, .name = fa.v[i], .line = e->line, .col = e->col,
				  .file = e->file, .height = e->b->height + 1 };
		*as = *e;
		as->a = da;
		as->b = db;
		const up_var *fv = up_field_of(s->n, in, da);
		if (fv && fv->nsize)
			fail_at(s, e, "struct assignment '%s = ...': array fields are not supported", e->a->name);
		if (i)
			fputs("; ", s->out);
		up_emit_update(s, in, as);
	}
	return 1;
}

void up_emit_update(up_emit_st *s, up_inst *in, const up_expr *e)
{
	FILE *o = s->out;
	int assignable = 0;
	if (struct_assign(s, in, e))
		return;
	if (e->kind == X_ASSIGN && e->b->kind == X_ASSIGN) {
		/* i = j = 0: j = 0, then i = j */
		up_expr as = *e;
		as.b = e->b->a;
		up_emit_update(s, in, e->b);
		fputs("; ", o);
		up_emit_update(s, in, &as);
		return;
	}
	if (e->kind == X_ASSIGN && e->a->kind == X_INDEX) {
		/* list[len++] = v: the element at the old len, then len + 1
		 * (++len: len + 1 first) */
		const up_expr *inc = NULL, *lhs = without_incdec(s, e->a, &inc);
		if (inc) {
			up_expr as = *e;
			as.a = (up_expr *) lhs;
			if (!inc->val) {
				up_emit_update(s, in, inc);
				fputs("; ", o);
			}
			up_emit_update(s, in, &as);
			if (inc->val) {
				fputs("; ", o);
				up_emit_update(s, in, inc);
			}
			return;
		}
	}
	if (e->kind == X_CALL) {
		up_func *f = find_func(s, in, e->name);
		if (!f)
			no_function(s, e);
		if (!f->is_void) {
			/* a call for its result only: nothing to do */
			fputs("skip", o);
			return;
		}
		int t0 = s->ntemp, l0 = s->locs.n;
		int keep = bind_args(s, in, e, f, 1);
		int first = 1;
		enter_func(s, e);
		emit_stmt(s, in, f->body, &first);
		if (first)
			fputs("skip", o);
		s->in_func--;
		while (s->ntemp > t0)
			fprintf(o, "; dmc_arg%d = 0", --s->ntemp);
		while (s->locs.n > l0) {
			const up_var *v = s->locs.v[--s->locs.n];
			if (!v->nsize)
				fprintf(o, "; %s = 0", v->pname);
			for (long k = 0; k < v->nsize; k++)
				fprintf(o, "; %s[%ld] = 0", v->pname, k);
		}
		in->sel.n = keep;
		return;
	}
	if ((e->kind == X_ASSIGN || e->kind == X_INCDEC) && is_param(s, in, e->a, &assignable)) {
		if (!assignable)
			fail_at(s, e, "assignment to the value parameter '%s' (use a reference parameter &)", e->a->name);
	} else if (e->kind == X_ASSIGN) {
		up_var *v = up_var_of(s->n, in, e->a);
		if (!v)
			fail_at(s, e, "cannot assign to '%s': not a variable", e->a->kind == X_ID ? e->a->name : "?");
		if (v->type.is_const)
			fail_at(s, e, "cannot assign to constant '%s'", v->name);
	}
	if (e->kind == X_INCDEC && !assignable && !up_var_of(s->n, in, e->a))
		fail_at(s, e, "'%s' needs a variable", e->op);
	if (e->kind == X_ASSIGN || e->kind == X_INCDEC) {
		range_check(s, in, e);
		emit(s, in, e->a);
		fputs(" = ", o);
		new_value(s, in, e);
	} else {
		/* an expression without effect: UPPAAL allows it, evaluate nothing */
		fputs("skip", o);
	}
}

up_var *up_local_slot(up_emit_st *s, up_inst *in, const up_var *d)
{
	up_ctx *c = s->n->m->c;
	if (!in)
		up_fail_at(c, d->file, d->line, d->col, "local '%s' outside a process", d->name);
	if (d->type.is_const) {
		/* a constant: its value */
		up_bind *b = up_alloc(c, sizeof *b);
		b->name = d->name;
		b->value = up_alloc(c, sizeof *b->value);
		b->value->kind = X_NUM;
		b->value->val = up_eval_const_or_fail(s->n, in, d->init, "constant");
		up_push(c, &in->sel, b);
		return NULL;
	}
	up_var *v = up_local_var(s->n, in, d, "dmc_loc");
	char name[48];
	if (v->nsize)
		snprintf(name, sizeof name, "dmc_loc%d_%ld", s->locs.n, v->nsize);
	else
		snprintf(name, sizeof name, "dmc_loc%d", s->locs.n);
	v->pname = up_strdup(c, name);
	up_push(c, &s->locs, v);
	int known = 0;
	for (int i = 0; i < s->locdecl.n && !known; i++)
		known = strcmp(((up_var *) s->locdecl.v[i])->pname, v->pname) == 0;
	if (!known)
		up_push(c, &s->locdecl, v);
	up_bind *b = up_alloc(c, sizeof *b);
	b->name = d->name;
	b->var = v;
	up_push(c, &in->sel, b);
	return v;
}
