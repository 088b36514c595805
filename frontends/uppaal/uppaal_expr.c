// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_expr.c -- UPPAAL expressions by precedence climbing, C's
 * priorities plus UPPAAL's word operators (and, or, not, imply):
 *   = := += ... (right)  <  ?:  <  imply  <  || or  <  && and  <  |  <  ^
 *   <  &  <  == !=  <  < <= > >=  <  << >>  <  + -  <  * / %  <  unary
 *   <  postfix ++ -- [i] .name f(args)
 */
#include "uppaal.h"

#include <string.h>

static up_expr *node(up_lex *l, int kind, const char *op)
{
	up_expr *e = up_alloc(l->c, sizeof *e);
	e->kind = kind;
	e->line = l->t.line;
	e->col = l->t.col;
	e->file = l->file;
	e->height = 1;
	if (op) {
		size_t k = strlen(op);
		memcpy(e->op, op, k < sizeof e->op ? k : sizeof e->op - 1);
	}
	return e;
}

static up_expr *unary(up_lex *l);

/* x's height from its children's: a tree too deep for the recursive
 * passes (evaluation, the writer) is an error here */
static up_expr *grown(up_lex *l, up_expr *x)
{
	int h = 0;
	if (x->a && x->a->height > h)
		h = x->a->height;
	if (x->b && x->b->height > h)
		h = x->b->height;
	if (x->c && x->c->height > h)
		h = x->c->height;
	x->height = h + 1;
	if (x->height > UP_MAX_EXPR_HEIGHT)
		up_fail_at(l->c, l->file, x->line, x->col, "expression too long: more than %d operators in a chain",
			   UP_MAX_EXPR_HEIGHT);
	return x;
}

static up_expr *primary(up_lex *l)
{
	up_expr *e;
	if (l->t.kind == T_DBL) {
		e = node(l, X_DBL, NULL);
		e->dval = l->t.dnum;
		e->name = up_strdup(l->c, l->t.text);
		up_next(l);
	} else if (l->t.kind == T_NUM) {
		if (l->t.num > 2147483647L)
			up_fail_at(l->c, l->file, l->t.line, l->t.col,
				   "number too large (UPPAAL's int is 32 bits: at most 2147483647)");
		e = node(l, X_NUM, NULL);
		e->val = l->t.num;
		up_next(l);
	} else if (up_is(l, "true") || up_is(l, "false")) {
		e = node(l, X_NUM, NULL);
		e->val = up_is(l, "true");
		up_next(l);
	} else if (up_accept(l, "(")) {
		e = up_parse_expr(l);
		up_expect(l, ")");
	} else if (up_is(l, "forall") || up_is(l, "exists") || up_is(l, "sum")) {
		/* forall (i : T) body: body for every value of the range T
		 * (int[a,b] or a typedef's name), joined by && (|| , +) */
		e = node(l, X_QUANT, up_is(l, "forall") ? "A" : up_is(l, "exists") ? "E" : "S");
		up_next(l);
		up_expect(l, "(");
		e->name = up_expect_id(l, "a name");
		up_expect(l, ":");
		if (up_accept(l, "int")) {
			up_expect(l, "[");
			e->a = up_parse_expr(l);
			up_expect(l, ",");
			e->b = up_parse_expr(l);
			up_expect(l, "]");
		} else {
			e->a = node(l, X_ID, NULL);
			e->a->name = up_expect_id(l, "a range type (int[a,b] or a typedef's name)");
		}
		up_expect(l, ")");
		up_enter(l);
		e->c = up_parse_cond_expr(l);
		up_leave(l);
		return grown(l, e);
	} else if (l->t.kind == T_ID) {
		static const char *const reserved[] = { "and", "or", "not", "imply", NULL };
		for (int i = 0; reserved[i]; i++)
			if (up_is(l, reserved[i]))
				up_fail_at(l->c, l->file, l->t.line, l->t.col, "'%s' is not supported here", reserved[i]);
		e = node(l, X_ID, NULL);
		e->name = up_strdup(l->c, l->t.text);
		up_next(l);
	} else {
		up_lex_fail(l, "an expression");
	}
	for (;;) {
		if (up_is(l, "[")) {
			up_expr *x = node(l, X_INDEX, NULL);
			up_next(l);
			x->a = e;
			x->b = up_parse_expr(l);
			up_expect(l, "]");
			e = grown(l, x);
		} else if (up_is(l, "'") && (e->kind == X_ID || e->kind == X_INDEX)) {
			/* x': a clock's rate, in invariants (x' == 0: a stopwatch) */
			up_expr *x = node(l, X_UN, "'");
			up_next(l);
			x->a = e;
			e = grown(l, x);
		} else if (up_is(l, ".")) {
			up_expr *x = node(l, X_DOT, NULL);
			up_next(l);
			x->a = e;
			x->name = up_expect_id(l, "a location name after '.'");
			e = grown(l, x);
		} else if (up_is(l, "(") && e->kind == X_ID) {
			/* P(1).loc in queries; calls of user functions are rejected
			 * where they are used (uppaal_emit.c) */
			up_expr *x = node(l, X_CALL, NULL);
			up_next(l);
			x->name = e->name;
			up_expr *argv[UP_MAX_ARGS];
			int k = 0;
			if (!up_accept(l, ")")) {
				do {
					if (k == UP_MAX_ARGS)
						up_fail_at(l->c, l->file, l->t.line, l->t.col, "more than %d arguments in '%s(...)'",
							   UP_MAX_ARGS, e->name);
					argv[k++] = up_parse_cond_expr(l);
				} while (up_accept(l, ","));
				up_expect(l, ")");
			}
			x->val = k;
			x->a = k > 0 ? argv[0] : NULL;
			x->b = k > 1 ? argv[1] : NULL;
			if (k == 3) {
				x->c = argv[2];
			} else if (k > 3) {
				up_expr *next = NULL;
				for (int i = k - 1; i >= 2; i--) {
					up_expr *g = node(l, X_ARGS, NULL);
					g->a = argv[i];
					g->b = next;
					next = grown(l, g);
				}
				x->c = next;
			}
			e = grown(l, x);
		} else if (up_is(l, "++") || up_is(l, "--")) {
			up_expr *x = node(l, X_INCDEC, l->t.text);
			up_next(l);
			x->a = e;
			x->val = 1;
			e = grown(l, x);
		} else {
			return e;
		}
	}
}

static up_expr *unary(up_lex *l)
{
	up_expr *e;
	if (up_is(l, "-") || up_is(l, "!") || up_is(l, "~") || up_is(l, "+") || up_is(l, "not")) {
		up_enter(l);
		e = node(l, X_UN, up_is(l, "not") ? "!" : l->t.text);
		up_next(l);
		if (e->op[0] == '-' && l->t.kind == T_NUM && l->t.num == 2147483648L) {
			/* -2147483648: the one number written with its sign */
			e->kind = X_NUM;
			e->val = -2147483648L;
			e->op[0] = 0;
			up_next(l);
		} else {
			e->a = unary(l);
			e = grown(l, e);
		}
		up_leave(l);
	} else if (up_is(l, "++") || up_is(l, "--")) {
		up_enter(l);
		e = node(l, X_INCDEC, l->t.text);
		up_next(l);
		e->a = unary(l);
		e = grown(l, e);
		up_leave(l);
	} else {
		e = primary(l);
	}
	return e;
}

/* binary levels, lowest first; word operators map to C's */
static const struct { const char *ops[6]; } levels[] = {
	{ { "imply", NULL } },
	{ { "||", "or", NULL } },
	{ { "&&", "and", NULL } },
	{ { "|", NULL } },
	{ { "^", NULL } },
	{ { "&", NULL } },
	{ { "==", "!=", NULL } },
	{ { "<", "<=", ">", ">=", NULL } },
	{ { "<?", ">?", NULL } },           /* minimum, maximum (UPPAAL 4) */
	{ { "<<", ">>", NULL } },
	{ { "+", "-", NULL } },
	{ { "*", "/", "%", NULL } },
	{ { "**", NULL } },                 /* power (UPPAAL 5), right-associative */
};
#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

static up_expr *binary(up_lex *l, int lev)
{
	if (lev == NLEVELS)
		return unary(l);
	up_expr *e = binary(l, lev + 1);
	for (;;) {
		const char *op = NULL;
		for (int i = 0; levels[lev].ops[i]; i++)
			if (up_is(l, levels[lev].ops[i]))
				op = levels[lev].ops[i];
		if (!op)
			return e;
		const char *cop = strcmp(op, "or") == 0 ? "||" : strcmp(op, "and") == 0 ? "&&"
			: strcmp(op, "imply") == 0 ? "=>" : op;
		up_expr *x = node(l, X_BIN, cop);
		up_next(l);
		x->a = e;
		if (strcmp(op, "**") == 0) {
			/* a ** b ** c is a ** (b ** c) */
			up_enter(l);
			x->b = binary(l, lev);
			up_leave(l);
			return grown(l, x);
		}
		x->b = binary(l, lev + 1);
		e = grown(l, x);
	}
}

up_expr *up_parse_cond_expr(up_lex *l)
{
	up_enter(l);
	up_expr *e = binary(l, 0);
	if (up_is(l, "?")) {
		up_expr *x = node(l, X_COND, NULL);
		up_next(l);
		x->a = e;
		x->b = up_parse_expr(l);
		up_expect(l, ":");
		x->c = up_parse_cond_expr(l);
		e = grown(l, x);
	}
	up_leave(l);
	return e;
}

up_expr *up_parse_expr(up_lex *l)
{
	up_expr *e = up_parse_cond_expr(l);
	static const char *const aops[] = { "=", ":=", "+=", "-=", "*=", "/=", "%=",
		"&=", "|=", "^=", "<<=", ">>=", NULL };
	for (int i = 0; aops[i]; i++) {
		if (up_is(l, aops[i])) {
			up_expr *x = node(l, X_ASSIGN, strcmp(aops[i], ":=") == 0 ? "=" : aops[i]);
			up_next(l);
			if (e->kind != X_ID && e->kind != X_INDEX && e->kind != X_DOT)
				up_fail_at(l->c, l->file, x->line, x->col, "the left side of '%s' is not a variable", x->op);
			x->a = e;
			up_enter(l);
			x->b = up_parse_expr(l);
			up_leave(l);
			return grown(l, x);
		}
	}
	return e;
}

const up_expr *up_call_arg(const up_expr *e, int i)
{
	if (i == 0)
		return e->a;
	if (i == 1)
		return e->b;
	if (e->val <= 3)
		return e->c;
	const up_expr *g = e->c;
	for (int k = 2; k < i && g; k++)
		g = g->b;
	return g ? g->a : NULL;
}

static void text(const up_expr *e, char **p, size_t *n)
{
	int k = 0;
#define OUT(...) do { \
		k = snprintf(*p, *n, __VA_ARGS__); \
		if (k < 0) \
			k = 0; \
		if ((size_t)k >= *n) \
			k = (int)(*n ? *n - 1 : 0); \
		*p += k; \
		*n -= (size_t)k; \
	} while (0)
	if (!e)
		return;
	switch (e->kind) {
	case X_NUM: OUT("%ld", e->val); break;
	case X_DBL: OUT("%s", e->name); break;
	case X_ID: OUT("%s", e->name); break;
	case X_INDEX: text(e->a, p, n); OUT("["); text(e->b, p, n); OUT("]"); break;
	case X_DOT: text(e->a, p, n); OUT(".%s", e->name); break;
	case X_CALL:
		OUT("%s(", e->name);
		for (int i = 0; i < e->val; i++) {
			if (i)
				OUT(",");
			text(up_call_arg(e, i), p, n);
		}
		OUT(")");
		break;
	case X_UN: OUT("%s", e->op); text(e->a, p, n); break;
	case X_QUANT:
		OUT("%s (%s : ", e->op[0] == 'A' ? "forall" : e->op[0] == 'E' ? "exists" : "sum", e->name);
		if (e->b) {
			OUT("int["); text(e->a, p, n); OUT(","); text(e->b, p, n); OUT("]");
		} else {
			text(e->a, p, n);
		}
		OUT(") "); text(e->c, p, n);
		break;
	case X_INCDEC:
		if (!e->val) OUT("%s", e->op);
		text(e->a, p, n);
		if (e->val) OUT("%s", e->op);
		break;
	case X_COND:
		OUT("("); text(e->a, p, n); OUT(" ? "); text(e->b, p, n); OUT(" : ");
		text(e->c, p, n); OUT(")");
		break;
	default:
		OUT("("); text(e->a, p, n);
		OUT(" %s ", strcmp(e->op, "=>") == 0 ? "imply" : e->op);
		text(e->b, p, n); OUT(")");
	}
#undef OUT
}

void up_expr_text(const up_expr *e, char *buf, size_t n)
{
	if (!n)
		return;
	buf[0] = 0;
	text(e, &buf, &n);
}

void up_no_double(up_ctx *c, const char *file, const up_expr *e)
{
	if (!e)
		return;
	if (e->kind == X_DBL)
		up_fail_at(c, e->file ? e->file : file, e->line, e->col, "'%s': double values are not supported (dmc "
			   "checks integers and clocks in discrete time; a clock may be compared with one)", e->name);
	up_no_double(c, file, e->a);
	up_no_double(c, file, e->b);
	up_no_double(c, file, e->c);
}
