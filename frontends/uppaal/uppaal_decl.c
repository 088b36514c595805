// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_decl.c -- declarations (global, template, system), templates in
 * XTA syntax, edge labels and the system line.  The subset: int with
 * ranges, bool, const, clock, chan (urgent, broadcast), typedef, structs,
 * arrays (flattened); templates with parameters; locations with invariants, urgent,
 * committed; edges with select, guard, sync, assign.
 */
#include "uppaal.h"

#include <string.h>

static up_var *declarator(up_model *m, up_lex *l, const up_type *ty);

static int is_typedef(up_model *m, const char *name, up_type *out)
{
	for (int i = 0; i < m->typedefs.n; i++) {
		up_typedef *t = m->typedefs.v[i];
		if (strcmp(t->name, name) == 0) {
			if (out)
				*out = t->type;
			return 1;
		}
	}
	return 0;
}

static int starts_type(up_model *m, up_lex *l)
{
	static const char *const kw[] = { "const", "urgent", "broadcast", "meta", "int",
		"bool", "clock", "chan", "void", "scalar", "struct", "double", NULL };
	if (l->t.kind != T_ID)
		return 0;
	for (int i = 0; kw[i]; i++)
		if (up_is(l, kw[i]))
			return 1;
	return is_typedef(m, l->t.text, NULL);
}

static void parse_type1(up_model *m, up_lex *l, up_type *ty);

void up_parse_type(up_model *m, up_lex *l, up_type *ty)
{
	up_enter(l);           /* struct { struct { ... */
	parse_type1(m, l, ty);
	up_leave(l);
}

static void parse_type1(up_model *m, up_lex *l, up_type *ty)
{
	memset(ty, 0, sizeof *ty);
	int is_const = 0, urgent = 0, broadcast = 0;
	for (;;) {
		if (up_accept(l, "const"))
			is_const = 1;
		else if (up_accept(l, "urgent"))
			urgent = 1;
		else if (up_accept(l, "broadcast"))
			broadcast = 1;
		else if (up_accept(l, "meta"))
			up_warn(m->c, l->file, l->t.line, "'meta' ignored: the variable is part of the state");
		else
			break;
	}
	if (up_accept(l, "int")) {
		ty->kind = TY_INT;
		if (up_accept(l, "[")) {
			ty->lo = up_parse_expr(l);
			up_expect(l, ",");
			ty->hi = up_parse_expr(l);
			up_expect(l, "]");
		}
	} else if (up_accept(l, "bool")) {
		ty->kind = TY_BOOL;
	} else if (up_accept(l, "clock")) {
		ty->kind = TY_CLOCK;
	} else if (up_accept(l, "chan")) {
		ty->kind = TY_CHAN;
		if (up_is(l, "priority"))
			up_fail_at(m->c, l->file, l->t.line, l->t.col, "channel priorities ('chan priority ...') "
				   "belong in the global declarations");
	} else if (up_accept(l, "struct")) {
		/* struct { int a; bool b[2]; }: its variables become one
		 * variable per field (uppaal_inst.c) */
		ty->kind = TY_STRUCT;
		ty->fields = up_alloc(m->c, sizeof *ty->fields);
		up_expect(l, "{");
		while (!up_accept(l, "}")) {
			up_type ft;
			int line = l->t.line, col = l->t.col;
			up_parse_type(m, l, &ft);
			if (ft.kind != TY_INT && ft.kind != TY_BOOL)
				up_fail_at(m->c, l->file, line, col, "struct fields: only int and bool are supported");
			do {
				up_var *f = declarator(m, l, &ft);
				if (f->init || f->init_list.n || f->type.is_ref)
					up_fail_at(m->c, l->file, f->line, f->col, "struct field '%s': no initialiser or '&' here", f->name);
				up_push(m->c, ty->fields, f);
			} while (up_accept(l, ","));
			up_expect(l, ";");
		}
		if (!ty->fields->n)
			up_fail_at(m->c, l->file, l->t.line, l->t.col, "empty struct");
	} else if (up_is(l, "scalar")) {
		/* scalar[N], a symmetric set of N values that can only be
		 * compared and assigned: the values 0..N-1 (without UPPAAL's
		 * symmetry reduction, which does not change a verdict) */
		int line = l->t.line, col = l->t.col;
		up_next(l);
		up_expect(l, "[");
		ty->kind = TY_INT;
		ty->hi = up_alloc(m->c, sizeof *ty->hi);
		ty->hi->kind = X_BIN;
		strcpy(ty->hi->op, "-");
		ty->hi->a = up_parse_expr(l);
		ty->hi->b = up_alloc(m->c, sizeof *ty->hi->b);
		ty->hi->b->kind = X_NUM;
		ty->hi->b->val = 1;
		ty->hi->line = ty->hi->b->line = line;
		ty->hi->col = ty->hi->b->col = col;
		ty->hi->file = ty->hi->b->file = l->file;
		ty->hi->height = ty->hi->a->height + 1;
		ty->hi->b->height = 1;
		ty->lo = up_alloc(m->c, sizeof *ty->lo);
		*ty->lo = *ty->hi->b;
		ty->lo->val = 0;
		up_expect(l, "]");
	} else if (up_is(l, "double") && is_const && m->decl_type) {
		/* a constant the model may declare but not use: its
		 * initialiser may hold decimal literals */
		ty->kind = TY_DBL;
		up_next(l);
	} else if (up_is(l, "double")) {
		up_fail_at(m->c, l->file, l->t.line, l->t.col, "type 'double' is not supported (dmc checks integers and "
			   "clocks in discrete time; a 'const double' is read, and may not be used)");
	} else if (up_is(l, "void")) {
		up_fail_at(m->c, l->file, l->t.line, l->t.col, "type '%s' is not supported", l->t.text);
	} else if (l->t.kind == T_ID && is_typedef(m, l->t.text, ty)) {
		up_next(l);
	} else if (is_const && l->t.kind == T_ID) {
		/* UPPAAL 3.x: `const N = 5;` without a type is an int */
		ty->kind = TY_INT;
	} else {
		up_lex_fail(l, "a type (int, bool, clock, chan, const ...)");
	}
	ty->is_const |= is_const;
	ty->is_urgent |= urgent;
	ty->is_broadcast |= broadcast;
	if ((urgent || broadcast) && ty->kind != TY_CHAN)
		up_fail_at(m->c, l->file, l->t.line, l->t.col, "'urgent'/'broadcast' apply to channels only");
}

/* {a, b} or, for an array of depth dimensions, {{a, b}, {c, d}}: the
 * values in row-major order into v->init_list */
static void init_list(up_model *m, up_lex *l, up_var *v, int depth)
{
	if (depth > UP_MAX_DIMS)
		up_fail_at(m->c, l->file, l->t.line, l->t.col, "'%s': initialiser nested deeper than the array", v->name);
	up_expect(l, "{");
	do {
		if (up_is(l, "{")) {
			/* an array of structs: one more level, the struct's fields */
			if (depth >= v->dims.n + (v->size && v->type.kind == TY_STRUCT))
				up_fail_at(m->c, l->file, l->t.line, l->t.col, "'%s': initialiser nested deeper than the array", v->name);
			init_list(m, l, v, depth + 1);
		} else {
			up_push(m->c, &v->init_list, up_parse_cond_expr(l));
		}
	} while (up_accept(l, ","));
	up_expect(l, "}");
}

/* name [size]... [= init] after the type; the caller handles ',' and ';' */
static up_var *declarator(up_model *m, up_lex *l, const up_type *ty)
{
	up_var *v = up_alloc(m->c, sizeof *v);
	v->type = *ty;
	v->file = l->file;
	v->line = l->t.line;
	v->col = l->t.col;
	if (up_accept(l, "&"))
		v->type.is_ref = 1;
	v->name = up_expect_id(l, "a name");
	if (up_accept(l, "[")) {
		v->size = up_parse_expr(l);
		up_expect(l, "]");
		while (up_accept(l, "[")) {
			if (v->dims.n + 1 >= UP_MAX_DIMS)
				up_fail_at(m->c, l->file, l->t.line, l->t.col, "'%s': more than %d dimensions", v->name, UP_MAX_DIMS);
			up_push(m->c, &v->dims, up_parse_expr(l));
			up_expect(l, "]");
		}
	}
	/* `typedef int row_t[4]; row_t r[2];` is int r[2][4] */
	for (int k = 0; ty->adims && k < ty->adims->n; k++) {
		if (!v->size) {
			v->size = ty->adims->v[k];
			continue;
		}
		if (v->dims.n + 1 >= UP_MAX_DIMS)
			up_fail_at(m->c, l->file, v->line, v->col, "'%s': more than %d dimensions", v->name, UP_MAX_DIMS);
		up_push(m->c, &v->dims, ty->adims->v[k]);
	}
	v->type.adims = NULL;
	/* `:=` is UPPAAL's older spelling of the initialiser's `=` */
	if (up_accept(l, "=") || up_accept(l, ":=")) {
		if (up_is(l, "{")) {
			if (!v->size && v->type.kind != TY_STRUCT)
				up_fail_at(m->c, l->file, l->t.line, l->t.col, "'%s': '{' initialiser for a non-array", v->name);
			init_list(m, l, v, 0);
		} else {
			v->init = up_parse_cond_expr(l);
		}
	}
	if (v->type.kind == TY_CLOCK && v->init)
		up_fail_at(m->c, l->file, v->line, v->col, "clock '%s' cannot have an initialiser", v->name);
	return v;
}

/* ---- clock rates ---- */

static int is_rate(const up_expr *e)
{
	return e && e->kind == X_UN && strcmp(e->op, "'") == 0;
}

/* e without its conjuncts x' == r (pushed to loc->rates); NULL: none left */
static up_expr *take_rates(up_model *m, up_loc *loc, up_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == X_BIN && strcmp(e->op, "&&") == 0) {
		up_expr *a = take_rates(m, loc, e->a), *b = take_rates(m, loc, e->b);
		if (!a || !b)
			return a ? a : b;
		e->a = a;
		e->b = b;
		return e;
	}
	if (e->kind == X_BIN && strcmp(e->op, "==") == 0 && (is_rate(e->a) || is_rate(e->b))) {
		if (is_rate(e->b)) {
			up_expr *t = e->a;
			e->a = e->b;
			e->b = t;
		}
		if (is_rate(e->b))
			up_fail_at(m->c, e->file, e->line, e->col, "a clock rate on both sides of '=='");
		up_push(m->c, &loc->rates, e);
		return NULL;
	}
	return e;
}

void up_split_rates(up_model *m, up_loc *loc)
{
	loc->inv = take_rates(m, loc, loc->inv);
}

/* ---- user functions ---- */

static up_stmt *statement(up_model *m, up_lex *l);

static up_stmt *stmt_node(up_model *m, up_lex *l, int kind)
{
	up_stmt *st = up_alloc(m->c, sizeof *st);
	st->kind = kind;
	st->line = l->t.line;
	st->col = l->t.col;
	return st;
}

static up_stmt *block(up_model *m, up_lex *l)
{
	up_stmt *b = stmt_node(m, l, S_BLOCK);
	up_expect(l, "{");
	while (!up_accept(l, "}")) {
		if (l->t.kind == T_EOF)
			up_lex_fail(l, "'}'");
		up_push(m->c, &b->body, statement(m, l));
	}
	return b;
}

static up_stmt *statement1(up_model *m, up_lex *l);

/* int i = 0, a[3];  in a function: S_DECL (the ';' read too) */
static up_stmt *local_decl(up_model *m, up_lex *l)
{
	up_stmt *st = stmt_node(m, l, S_DECL);
	up_type ty;
	up_parse_type(m, l, &ty);
	if (ty.kind != TY_INT && ty.kind != TY_BOOL)
		up_fail_at(m->c, l->file, st->line, st->col, "local variables of functions: only int and bool");
	do {
		up_var *v = declarator(m, l, &ty);
		if (v->type.is_ref)
			up_fail_at(m->c, l->file, v->line, v->col, "'&' outside a parameter list ('%s')", v->name);
		if (v->type.is_const && !v->init)
			up_fail_at(m->c, l->file, v->line, v->col, "constant '%s' has no value", v->name);
		up_push(m->c, &st->body, v);
	} while (up_accept(l, ","));
	up_expect(l, ";");
	return st;
}

static up_stmt *statement(up_model *m, up_lex *l)
{
	up_enter(l);
	up_stmt *st = statement1(m, l);
	up_leave(l);
	return st;
}

static up_stmt *statement1(up_model *m, up_lex *l)
{
	if (up_is(l, "{"))
		return block(m, l);
	if (up_accept(l, ";"))
		return stmt_node(m, l, S_BLOCK);
	if (up_is(l, "if")) {
		up_stmt *st = stmt_node(m, l, S_IF);
		up_next(l);
		up_expect(l, "(");
		st->e = up_parse_expr(l);
		up_expect(l, ")");
		st->then = statement(m, l);
		if (up_accept(l, "else"))
			st->els = statement(m, l);
		return st;
	}
	if (up_is(l, "return")) {
		up_stmt *st = stmt_node(m, l, S_RETURN);
		up_next(l);
		if (!up_is(l, ";"))
			st->e = up_parse_expr(l);
		up_expect(l, ";");
		return st;
	}
	if (up_is(l, "while")) {
		up_stmt *st = stmt_node(m, l, S_WHILE);
		up_next(l);
		up_expect(l, "(");
		st->e = up_parse_expr(l);
		up_expect(l, ")");
		st->then = statement(m, l);
		return st;
	}
	if (up_is(l, "for")) {
		int line = l->t.line, col = l->t.col;
		up_next(l);
		up_expect(l, "(");
		if (l->t.kind == T_ID && !starts_type(m, l)) {
			/* for (i : int[a,b]) or for (i : typedef): unrolled */
			up_lex save = *l;
			const char *name = up_expect_id(l, "a name");
			if (up_accept(l, ":")) {
				up_stmt *st = stmt_node(m, l, S_FOR);
				st->line = line;
				st->col = col;
				st->var = name;
				up_parse_type(m, l, &st->range);
				if (st->range.kind != TY_INT || !st->range.lo || st->range.adims)
					up_fail_at(m->c, l->file, line, col, "for (%s : ...): expected a bounded integer range", name);
				up_expect(l, ")");
				st->then = statement(m, l);
				return st;
			}
			*l = save;
		}
		/* for (init; cond; step) body  =  { init; while (cond) { body step } } */
		up_stmt *b = stmt_node(m, l, S_BLOCK), *w = stmt_node(m, l, S_WHILE);
		b->line = w->line = line;
		b->col = w->col = col;
		if (starts_type(m, l)) {
			up_push(m->c, &b->body, local_decl(m, l));     /* for (int i = 0; ...) */
		} else {
			if (!up_is(l, ";")) {
				up_stmt *init = stmt_node(m, l, S_EXPR);
				init->e = up_parse_expr(l);
				up_push(m->c, &b->body, init);
			}
			up_expect(l, ";");
		}
		w->e = up_is(l, ";") ? NULL : up_parse_expr(l);
		up_expect(l, ";");
		up_stmt *step = NULL;
		if (!up_is(l, ")")) {
			step = stmt_node(m, l, S_EXPR);
			step->e = up_parse_expr(l);
		}
		up_expect(l, ")");
		up_stmt *body = stmt_node(m, l, S_BLOCK);
		up_push(m->c, &body->body, statement(m, l));
		if (step)
			up_push(m->c, &body->body, step);
		w->then = body;
		up_push(m->c, &b->body, w);
		return b;
	}
	if (up_is(l, "do")) {
		/* do S while (c);  =  { S while (c) S } */
		up_stmt *b = stmt_node(m, l, S_BLOCK), *w = stmt_node(m, l, S_WHILE);
		up_next(l);
		up_stmt *body = statement(m, l);
		up_expect(l, "while");
		up_expect(l, "(");
		w->e = up_parse_expr(l);
		up_expect(l, ")");
		up_expect(l, ";");
		w->then = body;
		up_push(m->c, &b->body, body);
		up_push(m->c, &b->body, w);
		return b;
	}
	static const char *const unsupported[] = { "switch", "break", "continue", NULL };
	for (int i = 0; unsupported[i]; i++)
		if (up_is(l, unsupported[i]))
			up_fail_at(m->c, l->file, l->t.line, l->t.col,
				"'%s' in a function is not supported (only assignments, if/else, for, while and return)",
				unsupported[i]);
	if (starts_type(m, l))
		return local_decl(m, l);
	up_stmt *st = stmt_node(m, l, S_EXPR);
	st->e = up_parse_expr(l);
	up_expect(l, ";");
	return st;
}

/* ---- `return;` in void functions ---- */


static int declares(const up_stmt *st)
{
	if (st->kind == S_DECL)
		return 1;
	if (st->kind == S_BLOCK)
		for (int i = 0; i < st->body.n; i++)
			if (((const up_stmt *) st->body.v[i])->kind == S_DECL)
				return 1;
	return 0;
}

static up_stmt *without_returns(up_model *m, const char *file, const up_stmt *st, const up_vec *cont);

/* the statements v[from..] followed by cont, without `return;`: a return
 * ends the list (what follows it never runs); an if whose branches
 * return gets the statements after it in both branches, so that a
 * branch that does not return runs them and one that does skips them.
 * Loops stay as they are (a return in a loop: error). */
static up_stmt *seq_without_returns(up_model *m, const char *file, const up_vec *v, int from, const up_vec *cont,
				    int line, int col)
{
	up_stmt *b = up_alloc(m->c, sizeof *b);
	b->kind = S_BLOCK;
	b->line = line;
	b->col = col;
	for (int i = from; i < v->n; i++) {
		const up_stmt *st = v->v[i];
		if (st->kind == S_RETURN) {
			if (st->e)
				up_fail_at(m->c, file, st->line, st->col, "'return' with a value in a void function");
			return b;
		}
		if (!up_stmt_has_return(st)) {
			up_push(m->c, &b->body, (void *) st);
			continue;
		}
		/* the rest of this list, then what follows the list */
		up_vec rest = { 0 };
		for (int k = i + 1; k < v->n; k++)
			up_push(m->c, &rest, v->v[k]);
		for (int k = 0; k < cont->n; k++)
			up_push(m->c, &rest, cont->v[k]);
		up_push(m->c, &b->body, without_returns(m, file, st, &rest));
		return b;
	}
	/* no return in v: cont follows, itself without returns */
	if (cont->n) {
		up_vec none = { 0 };
		up_stmt *t = seq_without_returns(m, file, cont, 0, &none, line, col);
		for (int k = 0; k < t->body.n; k++)
			up_push(m->c, &b->body, t->body.v[k]);
	}
	return b;
}

/* st (which has a return) followed by cont, without returns */
static up_stmt *without_returns(up_model *m, const char *file, const up_stmt *st, const up_vec *cont)
{
	if (st->kind == S_FOR || st->kind == S_WHILE || st->kind == S_DO)
		up_fail_at(m->c, file, st->line, st->col, "'return' inside a loop of a void function is not supported");
	/* the statements after st move into st's blocks: they must not meet
	 * st's own locals there */
	if (cont->n && ((st->then && declares(st->then)) || (st->els && declares(st->els)) || declares(st)))
		up_fail_at(m->c, file, st->line, st->col, "'return' in a block with local variables, with statements "
			   "after the block, is not supported (declare the locals at the start of the function)");
	if (st->kind == S_BLOCK)
		return seq_without_returns(m, file, &st->body, 0, cont, st->line, st->col);
	/* S_IF */
	up_stmt *r = up_alloc(m->c, sizeof *r);
	*r = *st;
	up_vec one = { 0 };
	up_push(m->c, &one, st->then);
	r->then = seq_without_returns(m, file, &one, 0, cont, st->line, st->col);
	up_vec two = { 0 };
	if (st->els)
		up_push(m->c, &two, st->els);
	r->els = seq_without_returns(m, file, &two, 0, cont, st->line, st->col);
	return r;
}

/* after "TYPE name" at "(": the parameters and the body */
static void function(up_model *m, up_lex *l, const up_type *ty, int is_void, const char *name,
		     int line, int col, up_vec *funcs)
{
	up_func *f = up_alloc(m->c, sizeof *f);
	f->name = name;
	f->is_void = is_void;
	if (!is_void)
		f->rtype = *ty;
	f->file = l->file;
	f->line = line;
	f->col = col;
	if (!funcs)
		up_fail_at(m->c, l->file, line, col, "function '%s': functions are not allowed here", name);
	if (!is_void && ((ty->kind != TY_INT && ty->kind != TY_BOOL) || ty->adims))
		up_fail_at(m->c, l->file, line, col, "function '%s': only int, bool and void functions are supported", name);
	up_expect(l, "(");
	if (!up_accept(l, ")")) {
		do {
			up_type pt;
			up_parse_type(m, l, &pt);
			up_var *p = up_alloc(m->c, sizeof *p);
			p->type = pt;
			p->line = l->t.line;
			p->col = l->t.col;
			p->file = l->file;
			if (up_accept(l, "&"))
				p->type.is_ref = 1;
			p->name = up_expect_id(l, "a parameter name");
			if (pt.adims)
				up_fail_at(m->c, l->file, p->line, p->col, "function '%s': array parameters are not supported", name);
			if (pt.kind == TY_CLOCK || pt.kind == TY_CHAN)
				up_fail_at(m->c, l->file, p->line, p->col, "function '%s': clock and channel parameters are not supported", name);
			up_push(m->c, &f->params, p);
		} while (up_accept(l, ","));
		up_expect(l, ")");
	}
	f->body = block(m, l);
	if (is_void && up_stmt_has_return(f->body)) {
		up_vec none = { 0 };
		f->body = seq_without_returns(m, l->file, &f->body->body, 0, &none, f->body->line, f->body->col);
	}
	/* `return e;` alone: inlined as e; other bodies are evaluated
	 * symbolically (uppaal_func.c) */
	if (!is_void && f->body->body.n == 1 && ((up_stmt *) f->body->body.v[0])->kind == S_RETURN)
		f->ret = ((up_stmt *) f->body->body.v[0])->e;
	if (!is_void && !f->body->body.n)
		up_fail_at(m->c, l->file, line, col, "function '%s' returns no value", name);
	up_push(m->c, funcs, f);
}

static void param_list(up_model *m, up_lex *l, up_template *t);

/* "P1 = P(1, 2);" in the system declarations, or with parameters of its
 * own, "Q(const id_t i) = P(i, 2);" (an instance Q(i) per value of i) */
static void instdecl(up_model *m, up_lex *l)
{
	up_instdecl *d = up_alloc(m->c, sizeof *d);
	d->line = l->t.line;
	d->col = l->t.col;
	d->name = up_expect_id(l, "an instance name");
	if (up_accept(l, "(") && !up_accept(l, ")")) {
		up_template own = { 0 };
		param_list(m, l, &own);
		up_expect(l, ")");
		d->params = own.params;
	}
	if (!up_accept(l, ":="))
		up_expect(l, "=");
	d->tmpl = up_expect_id(l, "a template name");
	if (up_accept(l, "(") && !up_accept(l, ")")) {
		do {
			up_push(m->c, &d->args, up_parse_cond_expr(l));
		} while (up_accept(l, ","));
		up_expect(l, ")");
	}
	up_expect(l, ";");
	up_push(m->c, &m->instdecls, d);
}

static void system_line(up_model *m, up_lex *l)
{
	m->system_line = l->t.line;
	m->system_col = l->t.col;
	do {
		up_pos *at = up_alloc(m->c, sizeof *at);
		at->line = l->t.line;
		at->col = l->t.col;
		up_push(m->c, &m->system_pos, at);
		up_push(m->c, &m->system, (void *) up_expect_id(l, "a process name"));
		if (up_is(l, "<"))
			/* priorities restrict the behaviour: ignoring them would
			 * answer for another model */
			up_fail_at(m->c, l->file, l->t.line, l->t.col, "process priorities ('system A < B;') are not "
				   "supported (channel priorities are)");
	} while (up_accept(l, ","));
	up_expect(l, ";");
}

/* after "const double": name = e, ...; -- kept apart (m->dconsts):
 * checked when the network is built, an error wherever it is used */
static void const_doubles(up_model *m, up_lex *l, up_vec *vars, const up_type *ty)
{
	do {
		up_var *v = declarator(m, l, ty);
		if (vars != &m->globals)
			up_fail_at(m->c, l->file, v->line, v->col, "'%s': a 'const double' outside the global "
				   "declarations is not supported", v->name);
		if (v->size || !v->init || v->type.is_ref)
			up_fail_at(m->c, l->file, v->line, v->col, "'%s': a 'const double' needs a value (and no "
				   "array, no '&')", v->name);
		up_push(m->c, &m->dconsts, v);
	} while (up_accept(l, ","));
	if (up_is(l, "("))
		up_fail_at(m->c, l->file, l->t.line, l->t.col, "double functions are not supported");
	up_expect(l, ";");
}

/* after "chan priority": a, d[0] < default < b, e; -- '<' starts a
 * higher level, ',' continues the level */
static void chan_priority(up_model *m, up_lex *l, int line, int col)
{
	if (m->prio_line)
		up_fail_at(m->c, l->file, line, col, "a second channel priority declaration (the first is at line %d; "
			   "UPPAAL allows one per system)", m->prio_line);
	m->prio_line = line;
	int level = 0;
	do {
		if (up_accept(l, "default")) {
			m->prio_default = level;
		} else {
			up_prio *p = up_alloc(m->c, sizeof *p);
			int el = l->t.line, ec = l->t.col;
			up_expr *x = up_alloc(m->c, sizeof *x);
			x->kind = X_ID;
			x->name = up_expect_id(l, "a channel or 'default'");
			x->line = el;
			x->col = ec;
			x->file = l->file;
			/* the indices are expressions inside brackets: a '<' in them
			 * is no separator */
			while (up_accept(l, "[")) {
				up_expr *ix = up_alloc(m->c, sizeof *ix);
				ix->kind = X_INDEX;
				ix->a = x;
				ix->b = up_parse_expr(l);
				ix->line = el;
				ix->col = ec;
				ix->file = l->file;
				up_expect(l, "]");
				x = ix;
			}
			p->ch = x;
			p->level = level;
			up_push(m->c, &m->prios, p);
		}
		if (up_accept(l, "<"))
			level++;
		else if (!up_accept(l, ","))
			break;
	} while (1);
	up_expect(l, ";");
}

void up_parse_decls(up_model *m, up_lex *l, up_vec *vars, up_vec *funcs, int in_system)
{
	while (l->t.kind != T_EOF && !up_is(l, "}") && !up_is(l, "process")
	       && !up_is(l, "state")) {
		if (up_accept(l, ";"))
			continue;
		if (up_accept(l, "typedef")) {
			up_typedef *t = up_alloc(m->c, sizeof *t);
			up_parse_type(m, l, &t->type);
			t->name = up_expect_id(l, "a type name");
			if (up_is(l, "[")) {
				/* an array type: its dimensions, then those of the
				 * type it names (typedef row_t grid_t[3], as in C) */
				up_vec *dims = up_alloc(m->c, sizeof *dims);
				while (up_accept(l, "[")) {
					up_push(m->c, dims, up_parse_expr(l));
					up_expect(l, "]");
				}
				for (int k = 0; t->type.adims && k < t->type.adims->n; k++)
					up_push(m->c, dims, t->type.adims->v[k]);
				if (dims->n > UP_MAX_DIMS)
					up_fail_at(m->c, l->file, l->t.line, l->t.col, "'%s': more than %d dimensions",
						   t->name, UP_MAX_DIMS);
				t->type.adims = dims;
			}
			up_expect(l, ";");
			up_push(m->c, &m->typedefs, t);
			continue;
		}
		if (up_accept(l, "system")) {
			if (!in_system)
				up_fail_at(m->c, l->file, l->t.line, l->t.col, "'system' outside the system declarations");
			system_line(m, l);
			continue;
		}
		if (in_system && up_is(l, "gantt")) {
			/* UPPAAL's Gantt chart (for its simulator): nothing to check */
			int line = l->t.line, depth = 0;
			up_next(l);
			up_expect(l, "{");
			while (l->t.kind != T_EOF && (depth > 0 || !up_is(l, "}"))) {
				depth += up_is(l, "{") - up_is(l, "}");
				up_next(l);
			}
			up_expect(l, "}");
			up_warn(m->c, l->file, line, "'gantt' chart ignored (it only draws the simulator's chart)");
			continue;
		}
		if (in_system && up_is(l, "IO") && up_parse_io(m, l))
			continue;
		if (in_system && l->t.kind == T_ID && !starts_type(m, l)) {
			instdecl(m, l);
			continue;
		}
		if (up_is(l, "chan") && vars == &m->globals) {
			up_lex save = *l;
			int line = l->t.line, col = l->t.col;
			up_next(l);
			if (up_accept(l, "priority")) {
				chan_priority(m, l, line, col);
				continue;
			}
			*l = save;
		}
		if (!starts_type(m, l))
			up_lex_fail(l, "a declaration");
		up_type ty;
		if (up_accept(l, "void")) {
			int line = l->t.line, col = l->t.col;
			const char *name = up_expect_id(l, "a function name");
			function(m, l, &ty, 1, name, line, col, funcs);
			continue;
		}
		m->decl_type = 1;
		up_parse_type(m, l, &ty);
		m->decl_type = 0;
		if (ty.kind == TY_DBL) {
			const_doubles(m, l, vars, &ty);
			continue;
		}
		if (l->t.kind == T_ID) {
			/* TYPE name( ... : a function */
			up_lex save = *l;
			int line = l->t.line, col = l->t.col;
			const char *name = up_expect_id(l, "a name");
			if (up_is(l, "(")) {
				function(m, l, &ty, 0, name, line, col, funcs);
				continue;
			}
			*l = save;
		}
		do {
			up_var *v = declarator(m, l, &ty);
			if (v->type.is_const && !v->init && !v->init_list.n)
				up_fail_at(m->c, l->file, v->line, v->col, "constant '%s' has no value", v->name);
			if (v->type.is_ref)
				up_fail_at(m->c, l->file, v->line, v->col, "'&' outside a parameter list ('%s')", v->name);
			up_push(m->c, vars, v);
		} while (up_accept(l, ","));
		up_expect(l, ";");
	}
}

/* a template's parameters up to the end of the list: UPPAAL 4's
 * `const int a, int &b` and UPPAAL 3's groups `const a, b; int &c`
 * (groups separated by ';', the names of a group share its type, and a
 * bare `const a` is a `const int`) */
static void param_list(up_model *m, up_lex *l, up_template *t)
{
	up_type ty;
	int new_type = 1;
	for (;;) {
		if (new_type)
			up_parse_type(m, l, &ty);
		up_var *v = declarator(m, l, &ty);
		if (v->init || v->init_list.n || (v->size && !v->type.is_ref))
			up_fail_at(m->c, l->file, v->line, v->col, "parameter '%s': %s", v->name, v->size && !v->init
				   && !v->init_list.n ? "arrays by value are not supported (an array by reference, '&a[N]', is)"
				   : "defaults are not supported");
		up_push(m->c, &t->params, v);
		if (up_accept(l, ";"))
			new_type = 1;
		else if (up_accept(l, ","))
			/* another name of the same type (UPPAAL 3), or a type */
			new_type = starts_type(m, l);
		else
			break;
	}
}

void up_parse_params(up_model *m, up_template *t, const char *text, int line, int col)
{
	up_lex l;
	up_lex_init_at(&l, m->c, m->file, text, line, col);
	if (l.t.kind == T_EOF)
		return;
	param_list(m, &l, t);
	if (l.t.kind != T_EOF)
		up_lex_fail(&l, "',', ';' or the end of the parameter list");
}

up_template *up_new_template(up_model *m, const char *name, int line, int col)
{
	for (int i = 0; i < m->templates.n; i++)
		if (strcmp(((up_template *) m->templates.v[i])->name, name) == 0)
			up_fail_at(m->c, m->file, line, col, "template '%s' defined twice", name);
	up_template *t = up_alloc(m->c, sizeof *t);
	t->name = up_strdup(m->c, name);
	t->init = -1;
	t->file = m->file;
	t->line = line;
	t->col = col;
	up_push(m->c, &m->templates, t);
	return t;
}

int up_find_loc(const up_template *t, const char *name)
{
	for (int i = 0; i < t->locs.n; i++) {
		const up_loc *lc = t->locs.v[i];
		if ((lc->name && strcmp(lc->name, name) == 0) || strcmp(lc->id, name) == 0)
			return i;
	}
	return -1;
}

/* a guard; UPPAAL 3.x's `g1, g2` is g1 && g2 */
static up_expr *guard_list(up_lex *l)
{
	up_expr *g = up_parse_cond_expr(l);
	while (up_is(l, ",")) {
		up_expr *x = up_alloc(l->c, sizeof *x);
		x->kind = X_BIN;
		strcpy(x->op, "&&");
		x->line = l->t.line;
		x->col = l->t.col;
		x->file = l->file;
		up_next(l);
		x->a = g;
		x->b = up_parse_cond_expr(l);
		x->height = (x->a->height > x->b->height ? x->a->height : x->b->height) + 1;
		if (x->height > UP_MAX_EXPR_HEIGHT)
			up_fail_at(l->c, l->file, x->line, x->col, "expression too long: more than %d operators in a chain",
				   UP_MAX_EXPR_HEIGHT);
		g = x;
	}
	return g;
}

static void parse_select(up_model *m, up_lex *l, up_edge *ed)
{
	do {
		up_select *s = up_alloc(m->c, sizeof *s);
		s->name = up_expect_id(l, "a select variable");
		up_expect(l, ":");
		up_parse_type(m, l, &s->type);
		if (s->type.kind != TY_INT || !s->type.lo || s->type.adims)
			up_fail_at(m->c, l->file, l->t.line, l->t.col, "select '%s': expected a bounded int type", s->name);
		up_push(m->c, &ed->selects, s);
	} while (up_accept(l, ","));
}

/* a channel: a name or name[e]... (a full expression would take '?' for
 * ?:), in a sync label or an IO list */
up_expr *up_parse_chan_ref(up_model *m, up_lex *l)
{
	up_expr *ch = up_alloc(m->c, sizeof *ch);
	ch->kind = X_ID;
	ch->line = l->t.line;
	ch->col = l->t.col;
	ch->file = l->file;
	ch->name = up_expect_id(l, "a channel");
	while (up_accept(l, "[")) {
		up_expr *x = up_alloc(m->c, sizeof *x);
		x->kind = X_INDEX;
		x->line = ch->line;
		x->col = ch->col;
		x->file = l->file;
		x->a = ch;
		x->b = up_parse_expr(l);
		up_expect(l, "]");
		ch = x;
	}
	return ch;
}

static void parse_sync(up_model *m, up_lex *l, up_edge *ed)
{
	up_expr *ch = up_parse_chan_ref(m, l);
	ed->sync = ch;
	if (up_accept(l, "!"))
		ed->sync_dir = '!';
	else if (up_accept(l, "?"))
		ed->sync_dir = '?';
	else if (l->t.kind == T_EOF || up_is(l, ";"))
		/* utap reads `sync a;` as a CSP synchronisation (uppaal_csp.c) */
		ed->sync_dir = UP_SYNC_CSP;
	else
		up_lex_fail(l, "'!' or '?' after the channel");
}

static void parse_assign(up_model *m, up_lex *l, up_edge *ed)
{
	(void) m;
	do {
		up_push(m->c, &ed->assigns, up_parse_expr(l));
	} while (up_accept(l, ","));
}

void up_parse_label(up_model *m, up_edge *ed, const char *kind, const char *text, int line, int col)
{
	up_lex l;
	up_lex_init_at(&l, m->c, m->file, text, line, col);
	if (l.t.kind == T_EOF)
		return;
	if (strcmp(kind, "select") == 0)
		parse_select(m, &l, ed);
	else if (strcmp(kind, "guard") == 0)
		ed->guard = guard_list(&l);
	else if (strcmp(kind, "synchronisation") == 0)
		parse_sync(m, &l, ed);
	else if (strcmp(kind, "assignment") == 0)
		parse_assign(m, &l, ed);
	else
		return;     /* comments, probabilities, ...: ignored */
	if (l.t.kind != T_EOF)
		up_lex_fail(&l, "the end of the label");
}

/* ---- XTA ---- */

static void xta_states(up_model *m, up_lex *l, up_template *t)
{
	do {
		up_loc *lc = up_alloc(m->c, sizeof *lc);
		lc->line = l->t.line;
		lc->col = l->t.col;
		lc->name = up_expect_id(l, "a location name");
		lc->id = lc->name;
		if (up_find_loc(t, lc->name) >= 0)
			up_fail_at(m->c, l->file, lc->line, lc->col, "location '%s' declared twice", lc->name);
		if (up_accept(l, "{")) {
			if (!up_is(l, "}")) {
				lc->inv = up_parse_cond_expr(l);
				up_split_rates(m, lc);
			}
			up_expect(l, "}");
		}
		up_push(m->c, &t->locs, lc);
	} while (up_accept(l, ","));
	up_expect(l, ";");
}

static int loc_ref(up_model *m, up_lex *l, up_template *t)
{
	int line = l->t.line, col = l->t.col;
	const char *n = up_expect_id(l, "a location name");
	int i = up_find_loc(t, n);
	if (i < 0)
		up_fail_at(m->c, l->file, line, col, "unknown location '%s' in template '%s'", n, t->name);
	return i;
}

static void xta_flags(up_model *m, up_lex *l, up_template *t, int committed)
{
	do {
		up_loc *lc = t->locs.v[loc_ref(m, l, t)];
		if (committed)
			lc->committed = 1;
		else
			lc->urgent = 1;
	} while (up_accept(l, ","));
	up_expect(l, ";");
}

static void xta_trans(up_model *m, up_lex *l, up_template *t)
{
	int src = -1;
	do {
		up_edge *ed = up_alloc(m->c, sizeof *ed);
		ed->line = l->t.line;
		ed->col = l->t.col;
		if (!up_is(l, "->"))
			src = loc_ref(m, l, t);
		else if (src < 0)
			up_lex_fail(l, "a source location");
		ed->src = src;
		up_expect(l, "->");
		ed->dst = loc_ref(m, l, t);
		up_expect(l, "{");
		while (!up_accept(l, "}")) {
			if (up_accept(l, "select"))
				parse_select(m, l, ed);
			else if (up_accept(l, "guard"))
				ed->guard = guard_list(l);
			else if (up_accept(l, "sync"))
				parse_sync(m, l, ed);
			else if (up_accept(l, "assign"))
				parse_assign(m, l, ed);
			else
				up_lex_fail(l, "'select', 'guard', 'sync', 'assign' or '}'");
			up_expect(l, ";");
		}
		up_push(m->c, &t->edges, ed);
	} while (up_accept(l, ","));
	up_expect(l, ";");
}

static void xta_process(up_model *m, up_lex *l)
{
	int line = l->t.line, col = l->t.col;
	const char *name = up_expect_id(l, "a template name");
	up_template *t = up_new_template(m, name, line, col);
	if (up_accept(l, "(") && !up_accept(l, ")")) {
		param_list(m, l, t);
		if (!up_accept(l, ")"))
			up_lex_fail(l, "',', ';' or ')'");
	}
	up_expect(l, "{");
	up_parse_decls(m, l, &t->vars, &t->funcs, 0);
	if (up_is(l, "}"))
		/* utap's grammar allows an empty body; its network has no
		 * initial state (UPPAAL's XML format requires an <init>) */
		up_fail_at(m->c, l->file, line, col, "template '%s' has no locations: a process needs an initial "
			   "location", name);
	if (!up_accept(l, "state"))
		up_lex_fail(l, "'state'");
	xta_states(m, l, t);
	for (;;) {
		if (up_accept(l, "commit"))
			xta_flags(m, l, t, 1);
		else if (up_accept(l, "urgent"))
			xta_flags(m, l, t, 0);
		else
			break;
	}
	up_expect(l, "init");
	t->init = loc_ref(m, l, t);
	up_expect(l, ";");
	if (up_accept(l, "trans"))
		xta_trans(m, l, t);
	up_expect(l, "}");
}

void up_parse_xta(up_model *m, const char *text)
{
	up_lex l;
	up_lex_init(&l, m->c, m->file, text, 1);
	for (;;) {
		up_parse_decls(m, &l, &m->globals, &m->funcs, 1);
		if (up_accept(&l, "process"))
			xta_process(m, &l);
		else if (l.t.kind == T_EOF)
			break;
		else
			up_lex_fail(&l, "a declaration, 'process' or 'system'");
	}
	if (!m->system.n)
		up_fail_at(m->c, m->file, l.t.line, l.t.col, "no 'system' line");
}
