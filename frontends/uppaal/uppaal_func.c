// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_func.c -- the value of a function with a result whose body is
 * more than `return e;` (local variables, if/else, loops), as one Promela
 * expression: the body is run symbolically.  Each local (and each value
 * parameter, which the body may change) is bound to its current value,
 * a number when it is constant, else Promela text; an assignment binds
 * it again.  An if whose condition is not constant either merges the two
 * branches' values ((c -> a : b) per changed local) or, when a branch
 * returns, gives (c -> the rest after then : the rest after else).
 * Loops are unrolled while their condition is constant (a bound known at
 * translation time, as in for (i : id_t) or while (i < N)); a loop whose
 * condition depends on the state is an error, and so is a change of
 * anything but the function's own locals (an expression has no effects).
 */
#include "uppaal_emit.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* the text of a function's value may not grow beyond this */
#define MAX_VALUE_TEXT (1L << 20)

/* what is left to run: a list of statements from i on, a range-for at
 * value val, a while loop, or the end of a branch (FR_END) */
enum { FR_SEQ, FR_FOR, FR_WHILE, FR_END };
typedef struct frame {
	int kind;
	const up_vec *v;
	int i;
	const up_stmt *st;      /* FR_FOR, FR_WHILE */
	long val, hi;           /* FR_FOR */
	const struct frame *up;
} frame;

typedef struct {
	up_emit_st *s;
	up_inst *in;
	const up_func *f;
	up_vec names;           /* const char*: the names the body may assign */
} sym;

static void fail(sym *y, int line, int col, const char *fmt, const char *arg)
{
	up_fail_at(y->s->n->m->c, y->f->file, line, col, fmt, y->f->name, arg);
}

static frame *fr(sym *y, int kind, const up_vec *v, int i, const frame *up)
{
	frame *f = up_alloc(y->s->n->m->c, sizeof *f);
	f->kind = kind;
	f->v = v;
	f->i = i;
	f->up = up;
	return f;
}

/* a statement alone as a list */
static const up_vec *one(sym *y, const up_stmt *st)
{
	up_vec *v = up_alloc(y->s->n->m->c, sizeof *v);
	up_push(y->s->n->m->c, v, (void *) st);
	return v;
}

/* e's value: a number when constant, else its Promela text */
static up_expr *value(sym *y, const up_expr *e)
{
	up_ctx *c = y->s->n->m->c;
	up_expr *x = up_alloc(c, sizeof *x);
	long k;
	if (up_eval_const(y->s->n, y->in, e, &k)) {
		x->kind = X_NUM;
		x->val = k;
		return x;
	}
	FILE *keep = y->s->out;
	y->s->out = up_mem_open(c);
	up_emit_expr_st(y->s, y->in, e);
	size_t len;
	char *t = up_mem_close(c, &len);
	y->s->out = keep;
	if ((long) len > MAX_VALUE_TEXT) {
		free(t);
		fail(y, e->line, e->col, "function '%s': its value is longer than 1 MB of Promela%s", "");
	}
	x->kind = X_ID;
	x->line = -2;           /* Promela text */
	x->name = up_strdup(c, t);
	free(t);
	return x;
}

static int assignable(sym *y, const char *name)
{
	for (int i = 0; i < y->names.n; i++)
		if (strcmp(y->names.v[i], name) == 0)
			return 1;
	return 0;
}

static void bind(sym *y, const char *name, up_expr *val)
{
	up_ctx *c = y->s->n->m->c;
	up_bind *b = up_alloc(c, sizeof *b);
	b->name = name;
	b->value = val;
	up_push(c, &y->in->sel, b);
}

static void declare(sym *y, const up_stmt *st)
{
	up_ctx *c = y->s->n->m->c;
	for (int i = 0; i < st->body.n; i++) {
		const up_var *d = st->body.v[i];
		if (d->size)
			up_fail_at(c, d->file, d->line, d->col, "function '%s': local arrays in a function with a "
				   "result are not supported (write a void function)", y->f->name);
		up_expr *z = up_alloc(c, sizeof *z);
		z->kind = X_NUM;
		up_expr *v = d->init ? value(y, d->init) : z;
		if (d->type.kind == TY_BOOL && v->kind == X_NUM)
			v->val = v->val != 0;
		bind(y, d->name, v);
		if (!d->type.is_const)
			up_push(c, &y->names, (void *) d->name);
	}
}

/* x = e, x op= e, x++, ++x on a local */
static void assign(sym *y, const up_expr *e)
{
	up_ctx *c = y->s->n->m->c;
	if (e->kind == X_CALL)
		fail(y, e->line, e->col, "function '%s': a call of '%s' for its effect (a function with a result "
		     "changes nothing but its locals)", e->name);
	if (e->kind != X_ASSIGN && e->kind != X_INCDEC)
		return;         /* no effect */
	if (e->a->kind != X_ID || !assignable(y, e->a->name)) {
		char buf[120];
		up_expr_text(e->a, buf, sizeof buf);
		fail(y, e->line, e->col, "function '%s': assigns '%s', which is not one of its locals (a function "
		     "with a result changes nothing else)", buf);
	}
	up_expr *x = up_alloc(c, sizeof *x);
	x->kind = X_BIN;
	x->line = e->line;
	x->col = e->col;
	x->file = e->file;
	x->a = e->a;
	if (e->kind == X_INCDEC) {
		x->op[0] = e->op[0];
		x->b = up_alloc(c, sizeof *x->b);
		x->b->kind = X_NUM;
		x->b->val = 1;
	} else if (strcmp(e->op, "=") == 0) {
		x = e->b;
	} else {
		memcpy(x->op, e->op, strlen(e->op) - 1);
		x->b = e->b;
	}
	bind(y, e->a->name, value(y, x));
}

int up_stmt_has_return(const up_stmt *st)
{
	if (!st)
		return 0;
	if (st->kind == S_RETURN)
		return 1;
	if (st->kind == S_BLOCK)
		for (int i = 0; i < st->body.n; i++)
			if (up_stmt_has_return(st->body.v[i]))
				return 1;
	return up_stmt_has_return(st->then) || up_stmt_has_return(st->els);
}

static const char *text_of(const up_expr *v, char *buf, size_t n)
{
	if (v->kind == X_NUM) {
		snprintf(buf, n, v->val == -2147483648L ? "(-2147483647 - 1)" : "%ld", v->val);
		return buf;
	}
	return v->name;
}

static up_expr *run(sym *y, const frame *f);

/* (c -> a : b) as a value */
static up_expr *choice(sym *y, const up_expr *c, const up_expr *a, const up_expr *b)
{
	up_ctx *cx = y->s->n->m->c;
	char ba[32], bb[32];
	const char *ta = text_of(a, ba, sizeof ba), *tb = text_of(b, bb, sizeof bb);
	if ((long) (strlen(c->name) + strlen(ta) + strlen(tb)) > MAX_VALUE_TEXT)
		fail(y, y->f->line, y->f->col, "function '%s': its value is longer than 1 MB of Promela%s", "");
	char *t = up_alloc(cx, strlen(c->name) + strlen(ta) + strlen(tb) + 16);
	sprintf(t, "(%s -> %s : %s)", c->name, ta, tb);
	up_expr *x = up_alloc(cx, sizeof *x);
	x->kind = X_ID;
	x->line = -2;
	x->name = t;
	return x;
}

static up_expr *current(sym *y, const char *name)
{
	up_bind *b = up_lookup(y->s->n, y->in, name);
	return b ? b->value : NULL;
}

/* if (c) then else, c not constant, no return in either: the locals
 * each branch changes get (c -> after then : after else) */
static void merge(sym *y, const up_expr *c, const up_stmt *st)
{
	up_ctx *cx = y->s->n->m->c;
	int keep = y->in->sel.n, nn = y->names.n;
	up_expr **a = up_alloc(cx, sizeof *a * (size_t) (nn + 1));
	run(y, fr(y, FR_SEQ, one(y, st->then), 0, fr(y, FR_END, NULL, 0, NULL)));
	for (int i = 0; i < nn; i++)
		a[i] = current(y, y->names.v[i]);
	y->in->sel.n = keep;
	y->names.n = nn;
	if (st->els)
		run(y, fr(y, FR_SEQ, one(y, st->els), 0, fr(y, FR_END, NULL, 0, NULL)));
	up_expr **b = up_alloc(cx, sizeof *b * (size_t) (nn + 1));
	for (int i = 0; i < nn; i++)
		b[i] = current(y, y->names.v[i]);
	y->in->sel.n = keep;
	y->names.n = nn;
	for (int i = 0; i < nn; i++)
		if (a[i] != b[i])
			bind(y, y->names.v[i], choice(y, c, a[i], b[i]));
}

/* the function's value from f on; NULL when an FR_END is reached */
static up_expr *run(sym *y, const frame *f)
{
	up_ctx *c = y->s->n->m->c;
	for (;;) {
		if (!f)
			fail(y, y->f->line, y->f->col, "function '%s' can end without returning a value%s", "");
		const up_stmt *st;
		const frame *next;
		switch (f->kind) {
		case FR_END:
			return NULL;
		case FR_SEQ:
			if (f->i >= f->v->n) {
				f = f->up;
				continue;
			}
			st = f->v->v[f->i];
			next = fr(y, FR_SEQ, f->v, f->i + 1, f->up);
			break;
		case FR_FOR: {
			if (f->val > f->hi) {
				f = f->up;
				continue;
			}
			up_expr *x = up_alloc(c, sizeof *x);
			x->kind = X_NUM;
			x->val = f->val;
			bind(y, f->st->var, x);
			frame *nf = fr(y, FR_FOR, NULL, 0, f->up);
			nf->st = f->st;
			nf->val = f->val + 1;
			nf->hi = f->hi;
			next = nf;
			st = f->st->then;
			break;
		}
		default: {      /* FR_WHILE */
			long k = 1;
			if (f->st->e && !up_eval_const(y->s->n, y->in, f->st->e, &k))
				fail(y, f->st->line, f->st->col, "function '%s': a loop whose condition depends on the "
				     "state in a function with a result (its bound must be known%s)", "");
			if (!k) {
				f = f->up;
				continue;
			}
			next = f;
			st = f->st->then;
		}
		}
		if (++y->s->unrolled > UP_MAX_UNROLLED)
			fail(y, st->line, st->col, "function '%s': the loops unroll to more than 100000 steps%s", "");
		switch (st->kind) {
		case S_EXPR:
			assign(y, st->e);
			f = next;
			break;
		case S_DECL:
			declare(y, st);
			f = next;
			break;
		case S_RETURN:
			if (!st->e)
				fail(y, st->line, st->col, "function '%s': 'return' without a value%s", "");
			return value(y, st->e);
		case S_BLOCK:
			f = fr(y, FR_SEQ, &st->body, 0, next);
			break;
		case S_FOR: {
			frame *nf = fr(y, FR_FOR, NULL, 0, next);
			nf->st = st;
			nf->val = up_eval_const_or_fail(y->s->n, y->in, st->range.lo, "for range");
			nf->hi = up_eval_const_or_fail(y->s->n, y->in, st->range.hi, "for range");
			f = nf;
			break;
		}
		case S_WHILE: {
			frame *nf = fr(y, FR_WHILE, NULL, 0, next);
			nf->st = st;
			f = nf;
			break;
		}
		case S_IF: {
			long k;
			if (up_eval_const(y->s->n, y->in, st->e, &k)) {
				f = k ? fr(y, FR_SEQ, one(y, st->then), 0, next)
				      : st->els ? fr(y, FR_SEQ, one(y, st->els), 0, next) : next;
				break;
			}
			up_expr *cond = value(y, st->e);
			if (!up_stmt_has_return(st->then) && !up_stmt_has_return(st->els)) {
				merge(y, cond, st);
				f = next;
				break;
			}
			int keep = y->in->sel.n, nn = y->names.n;
			up_expr *a = run(y, fr(y, FR_SEQ, one(y, st->then), 0, next));
			y->in->sel.n = keep;
			y->names.n = nn;
			up_expr *b = run(y, st->els ? fr(y, FR_SEQ, one(y, st->els), 0, next) : next);
			y->in->sel.n = keep;
			y->names.n = nn;
			if (!a || !b)
				fail(y, st->line, st->col, "function '%s': 'return' inside a branch of a loop body or "
				     "a branch that depends on the state is not supported here%s", "");
			return choice(y, cond, a, b);
		}
		default:
			fail(y, st->line, st->col, "function '%s': statement not supported%s", "");
		}
	}
}

/* the function's value by running its body; 0 (and the error in the
 * context, everything else as before) when it cannot be run symbolically */
static int try_value(up_emit_st *s, up_inst *in, const up_func *f, up_expr **out)
{
	up_ctx *c = s->n->m->c;
	jmp_buf jb, *outer = c->on_error;
	up_emit_st keep = *s;
	int nmem = c->nmem, nsel = in->sel.n;
	c->on_error = &jb;
	if (setjmp(jb)) {
		c->on_error = outer;
		while (c->nmem > nmem)
			free(up_mem_close(c, NULL));
		*s = keep;
		in->sel.n = nsel;
		return 0;
	}
	sym y = { s, in, f, { 0 } };
	for (int i = 0; i < f->params.n; i++) {
		const up_var *p = f->params.v[i];
		if (!p->type.is_ref)
			up_push(c, &y.names, (void *) p->name);
	}
	*out = run(&y, fr(&y, FR_SEQ, &f->body->body, 0, NULL));
	c->on_error = outer;
	in->sel.n = nsel;
	return 1;
}

/* at most this many cases when a body that depends on the state through
 * its value parameters is run once per combination of their values */
#define MAX_CASES 256

typedef struct {
	const char *name;       /* the parameter's or variable's name in the body */
	const up_expr *arg;     /* its value now: a parameter's argument, or the variable */
	up_inst *scope;         /* where arg is read (NULL: the system's scope) */
	long lo, hi;
} case_var;

static int declared_in(const up_stmt *st, const char *name);

static int names_local(const up_func *f, const char *name)
{
	for (int i = 0; i < f->params.n; i++)
		if (strcmp(((const up_var *) f->params.v[i])->name, name) == 0)
			return 1;
	return declared_in(f->body, name);
}

/* does st declare name (a local or a range-for's variable) */
static int declared_in(const up_stmt *st, const char *name)
{
	if (!st)
		return 0;
	if (st->kind == S_FOR && strcmp(st->var, name) == 0)
		return 1;
	if (st->kind == S_DECL)
		for (int i = 0; i < st->body.n; i++)
			if (strcmp(((const up_var *) st->body.v[i])->name, name) == 0)
				return 1;
	if (st->kind == S_BLOCK)
		for (int i = 0; i < st->body.n; i++)
			if (declared_in(st->body.v[i], name))
				return 1;
	return declared_in(st->then, name) || declared_in(st->els, name);
}

/* the bounded scalar variables of the state (no clocks, no arrays, at most
 * MAX_CASES values) that e reads, once each, into vs */
static void state_vars_expr(up_emit_st *s, up_inst *in, const up_func *f, const up_expr *e, case_var *vs, int *nv)
{
	if (!e)
		return;
	if (e->kind == X_ID && e->line != -2 && !names_local(f, e->name)) {
		up_bind *b = up_lookup(s->n, in, e->name);
		const up_var *v = b ? b->var : NULL;
		if (v && v->clock < 0 && !v->nsize && !v->cvals && (v->type.kind == TY_INT || v->type.kind == TY_BOOL)
		    && v->hi - v->lo < MAX_CASES && *nv < UP_MAX_ARGS) {
			for (int i = 0; i < *nv; i++)
				if (strcmp(vs[i].name, e->name) == 0)
					return;
			vs[*nv].name = e->name;
			vs[*nv].arg = e;
			vs[*nv].scope = in;
			vs[*nv].lo = v->lo;
			vs[*nv].hi = v->hi;
			(*nv)++;
		}
		return;
	}
	state_vars_expr(s, in, f, e->a, vs, nv);
	state_vars_expr(s, in, f, e->b, vs, nv);
	state_vars_expr(s, in, f, e->c, vs, nv);
}

static void state_vars(up_emit_st *s, up_inst *in, const up_func *f, const up_stmt *st, case_var *vs, int *nv)
{
	if (!st)
		return;
	state_vars_expr(s, in, f, st->e, vs, nv);
	if (st->kind == S_DECL)
		for (int i = 0; i < st->body.n; i++)
			state_vars_expr(s, in, f, ((const up_var *) st->body.v[i])->init, vs, nv);
	if (st->kind == S_BLOCK)
		for (int i = 0; i < st->body.n; i++)
			state_vars(s, in, f, st->body.v[i], vs, nv);
	state_vars(s, in, f, st->then, vs, nv);
	state_vars(s, in, f, st->els, vs, nv);
}

/* A body whose loops or returns depend on the state through bounded value
 * parameters (`int[0,N] next(int[0,N] i) { while (i < N && !link[id][i])
 * i++; return i; }` called with a variable), or, with_state, also through
 * bounded variables of the state it reads (`for (i = size - 1; i >= 0;
 * i--) if (buf[i] == r) return true;`): run once per combination of their
 * values, the value is ((p == v && ...) -> value : ...), exact because
 * each of them holds a value of its range.  0 when that is not possible
 * (a parameter without a bounded range, too many cases, or a case fails). */
static int by_cases(up_emit_st *s, up_inst *in, const up_func *f, int with_state, up_expr **out)
{
	up_ctx *c = s->n->m->c;
	case_var cv[UP_MAX_ARGS];
	long val[UP_MAX_ARGS], k;
	int np = 0;
	double cases = 1;
	for (int i = 0; i < f->params.n; i++) {
		const up_var *p = f->params.v[i];
		up_bind *b = up_lookup(s->n, in, p->name);
		if (p->type.is_ref || !b || !b->value || up_eval_const(s->n, in, b->value, &k))
			continue;
		if (p->type.kind == TY_BOOL) {
			cv[np].lo = 0;
			cv[np].hi = 1;
		} else if (p->type.kind != TY_INT || !p->type.lo
			   || !up_eval_const(s->n, in, p->type.lo, &cv[np].lo) || !up_eval_const(s->n, in, p->type.hi, &cv[np].hi)) {
			return 0;
		}
		if (cv[np].hi < cv[np].lo)
			return 0;
		cv[np].name = p->name;
		cv[np].arg = b->value;
		cv[np].scope = NULL;
		np++;
	}
	int nparams = np;
	if (with_state)
		state_vars(s, in, f, f->body, cv, &np);
	if (np == nparams && with_state)
		return 0;               /* nothing more than without the state */
	for (int j = 0; j < np; j++) {
		cases *= (double) (cv[j].hi - cv[j].lo + 1);
		val[j] = cv[j].lo;
	}
	if (!np || cases > MAX_CASES)
		return 0;
	int nsel = in->sel.n;
	up_expr *acc = NULL;
	/* the cases from the last combination to the first: the first one's
	 * test ends up outermost */
	up_vec vals = { 0 }, conds = { 0 };
	for (;;) {
		for (int j = 0; j < np; j++) {
			up_bind *b = up_alloc(c, sizeof *b);
			b->name = cv[j].name;
			b->value = up_alloc(c, sizeof *b->value);
			b->value->kind = X_NUM;
			b->value->val = val[j];
			up_push(c, &in->sel, b);
		}
		up_expr *v;
		int ok = try_value(s, in, f, &v);
		in->sel.n = nsel;
		if (!ok)
			return 0;
		FILE *keep = s->out;
		s->out = up_mem_open(c);
		for (int j = 0; j < np; j++) {
			fprintf(s->out, "%s(", j ? " && " : "");
			up_emit_expr_st(s, cv[j].scope, cv[j].arg);
			fprintf(s->out, ") == %ld", val[j]);
		}
		char *t = up_mem_close(c, NULL);
		s->out = keep;
		up_push(c, &conds, up_strdup(c, t));
		free(t);
		up_push(c, &vals, v);
		int j = np - 1;
		while (j >= 0 && val[j] == cv[j].hi)
			val[j] = cv[j].lo, j--;
		if (j < 0)
			break;
		val[j]++;
	}
	char buf[32];
	for (int i = vals.n - 1; i >= 0; i--) {
		const char *tv = text_of(vals.v[i], buf, sizeof buf);
		if (!acc) {
			acc = up_alloc(c, sizeof *acc);
			acc->kind = X_ID;
			acc->line = -2;
			acc->name = up_strdup(c, tv);
			continue;
		}
		size_t n = strlen(conds.v[i]) + strlen(tv) + strlen(acc->name) + 16;
		if ((long) n > MAX_VALUE_TEXT)
			return 0;
		char *t = up_alloc(c, n);
		snprintf(t, n, "((%s) -> %s : %s)", (char *) conds.v[i], tv, acc->name);
		acc->name = t;
	}
	*out = acc;
	return 1;
}

void up_func_value(up_emit_st *s, up_inst *in, const up_func *f)
{
	up_ctx *c = s->n->m->c;
	up_expr *v;
	char err[sizeof c->err];
	if (!try_value(s, in, f, &v)) {
		memcpy(err, c->err, sizeof err);
		if (!by_cases(s, in, f, 0, &v) && !by_cases(s, in, f, 1, &v)) {
			memcpy(c->err, err, sizeof err);
			longjmp(*c->on_error, 1);
		}
	}
	char buf[32];
	fputs(text_of(v, buf, sizeof buf), s->out);
}
