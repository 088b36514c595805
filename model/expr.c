// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * expr.c -- parse, evaluate and measure SPIN statement-text expressions.
 *
 * The parser is recursive descent with C's operator priorities (SPIN
 * parenthesises fully, but hand-written texts and tests need not).
 * Names are resolved once, at parse time, through the bridge; a name
 * the bridge does not know (timeout, _last, enabled(), P[0]@lab, ...)
 * becomes an "unknown" node that keeps its source text and whose value
 * cannot be determined.  Evaluation is three-valued: a value, or -1 for
 * "cannot tell", and && || ?: still answer when the known operands
 * decide.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "expr.h"
#include "state_view.h"
#include "absmodel.h"

/* ---- the tree ---- */

enum {                                /* node kinds */
	X_CONST,                      /* val; name when written as a name (mtype, true) */
	X_VAR,                        /* var; a = index or NULL */
	X_REMOTE,                     /* name[a].field[b]: local `var` of process a */
	X_PC,                         /* control state of process a (P[a]._p, pc_value(a)) */
	X_PID,                        /* _pid */
	X_NRPR,                       /* _nr_pr */
	X_UNKNOWN,                    /* name = source text; never evaluates */
	X_UNOP,                       /* op a */
	X_BINOP,                      /* a op b */
	X_COND,                       /* (a -> b : c) */
	X_CHAN,                       /* op(a), a channel predicate */
	X_POLL                        /* a?[...]; name = source text */
};

enum {                                /* binary operators, in priority order */
	OP_OR, OP_AND, OP_BOR, OP_XOR, OP_BAND, OP_EQ, OP_NE,
	OP_LT, OP_LE, OP_GT, OP_GE, OP_SHL, OP_SHR,
	OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
	OP_NEG, OP_NOT, OP_COMPL,     /* unary */
	CH_LEN, CH_EMPTY, CH_NEMPTY, CH_FULL, CH_NFULL,
	CH_RECV, CH_SEND              /* guards of c?.. and c!.. (see chan_value) */
};

static const struct { const char *sym; int pri; } ops[] = {
	{"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4}, {"&", 5}, {"==", 6}, {"!=", 6},
	{"<", 7}, {"<=", 7}, {">", 7}, {">=", 7}, {"<<", 8}, {">>", 8},
	{"+", 9}, {"-", 9}, {"*", 10}, {"/", 10}, {"%", 10},
	{"-", 0}, {"!", 0}, {"~", 0},
	{"len", 0}, {"empty", 0}, {"nempty", 0}, {"full", 0}, {"nfull", 0},
	{"nempty", 0}, {"nfull", 0}
};
#define UNARY_PRI 11

struct dmc_expr {
	int kind, op;
	long val;
	dmc_var var;
	int type;                     /* X_REMOTE, X_PC: proctype, or -1 */
	char *name, *field;
	dmc_expr *a, *b, *c;
};

static char *copy_text(const char *s, size_t n)
{
	char *p = malloc(n + 1);
	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* A new node over a and b; on failure a and b are freed. */
static dmc_expr *node(int kind, int op, dmc_expr *a, dmc_expr *b)
{
	dmc_expr *e = calloc(1, sizeof *e);
	if (!e) {
		dmc_expr_free(a);
		dmc_expr_free(b);
		return NULL;
	}
	e->kind = kind;
	e->op = op;
	e->type = -1;
	e->a = a;
	e->b = b;
	return e;
}

void dmc_expr_free(dmc_expr *e)
{
	if (!e)
		return;
	dmc_expr_free(e->a);
	dmc_expr_free(e->b);
	dmc_expr_free(e->c);
	free(e->name);
	free(e->field);
	free(e);
}

/* ---- the lexer ---- */

enum {                                /* tokens; single characters stand for themselves */
	T_EOF = 256, T_NUM, T_NAME, T_OR, T_AND, T_EQ, T_NE, T_LE, T_GE,
	T_SHL, T_SHR, T_ARROW
};

#define NAME_MAX_LEN 128

typedef struct parser {
	const char *src;              /* the whole text, for messages */
	const char *p;                /* next unread character */
	const char *tok_start;        /* where the current token starts */
	const char *prev_end;         /* where the previous token ended */
	int tok;
	long num;                     /* T_NUM */
	char name[NAME_MAX_LEN];      /* T_NAME */
	int type;                     /* scope for local names */
	char *err;
	size_t errlen;
	int failed;
	int depth;                    /* subexpressions open (EXPR_MAX_DEPTH) */
} parser;

/* Deeper nesting is refused (the statement is then not understood): the
 * parser recurses once per level, and 32,000 parentheses overflowed the
 * stack.  SPIN's own texts nest a few dozen levels. */
#define EXPR_MAX_DEPTH 1000

static void *fail(parser *ps, const char *msg)
{
	if (!ps->failed && ps->err && ps->errlen > 0) {
		int at = (int)(ps->tok_start - ps->src);
		if (ps->tok == T_EOF)
			snprintf(ps->err, ps->errlen, "%s at end of \"%s\"", msg, ps->src);
		else
			snprintf(ps->err, ps->errlen, "%s at offset %d of \"%s\"", msg, at, ps->src);
	}
	ps->failed = 1;
	return NULL;
}

static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* Read one token; on a lexical error ps->failed is set and tok is T_EOF. */
static void next(parser *ps)
{
	const char *p = ps->p;
	ps->prev_end = p;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	ps->tok_start = p;
	if (*p == '\0') {
		ps->tok = T_EOF;
	} else if (is_digit(*p)) {
		long v = 0;
		for (; is_digit(*p); p++) {
			if (v > (LONG_MAX - (*p - '0')) / 10) {
				ps->p = p;
				ps->tok = T_NUM;
				fail(ps, "number too large");
				ps->tok = T_EOF;
				return;
			}
			v = v * 10 + (*p - '0');
		}
		ps->tok = T_NUM;
		ps->num = v;
	} else if (is_alpha(*p)) {
		size_t n = 0;
		for (; is_alpha(*p) || is_digit(*p); p++)
			if (n + 1 < sizeof ps->name)
				ps->name[n++] = *p;
		ps->name[n] = '\0';
		ps->tok = T_NAME;
		if ((size_t)(p - ps->tok_start) >= sizeof ps->name) {
			ps->p = p;
			fail(ps, "name too long");
			ps->tok = T_EOF;
			return;
		}
	} else {
		static const struct { char s[3]; int tok; } two[] = {
			{"||", T_OR}, {"&&", T_AND}, {"==", T_EQ}, {"!=", T_NE}, {"<=", T_LE},
			{">=", T_GE}, {"<<", T_SHL}, {">>", T_SHR}, {"->", T_ARROW}
		};
		ps->tok = (unsigned char)*p++;
		for (size_t i = 0; i < sizeof two / sizeof two[0]; i++)
			if (p[-1] == two[i].s[0] && *p == two[i].s[1]) {
				ps->tok = two[i].tok;
				p++;
				break;
			}
	}
	ps->p = p;
}

static void parser_init(parser *ps, const char *text, int type, char *err, size_t errlen)
{
	memset(ps, 0, sizeof *ps);
	ps->src = ps->p = ps->tok_start = ps->prev_end = text;
	ps->type = type;
	ps->err = err;
	ps->errlen = errlen;
	if (err && errlen > 0)
		err[0] = '\0';
	next(ps);
}

static int accept(parser *ps, int tok)
{
	if (ps->tok != tok)
		return 0;
	next(ps);
	return 1;
}

static int expect(parser *ps, int tok, const char *msg)
{
	if (ps->failed)
		return 0;
	if (accept(ps, tok))
		return 1;
	fail(ps, msg);
	return 0;
}

static int binop_of(int tok)
{
	switch (tok) {
	case T_OR: return OP_OR;
	case T_AND: return OP_AND;
	case '|': return OP_BOR;
	case '^': return OP_XOR;
	case '&': return OP_BAND;
	case T_EQ: return OP_EQ;
	case T_NE: return OP_NE;
	case '<': return OP_LT;
	case T_LE: return OP_LE;
	case '>': return OP_GT;
	case T_GE: return OP_GE;
	case T_SHL: return OP_SHL;
	case T_SHR: return OP_SHR;
	case '+': return OP_ADD;
	case '-': return OP_SUB;
	case '*': return OP_MUL;
	case '/': return OP_DIV;
	case '%': return OP_MOD;
	default: return -1;
	}
}

/* ---- the parser ---- */

static dmc_expr *leaf(parser *ps, int kind)
{
	dmc_expr *e = node(kind, 0, NULL, NULL);
	return e ? e : fail(ps, "out of memory");
}

static dmc_expr *subexpr(parser *ps, int limit);

static dmc_expr *expr(parser *ps) { return subexpr(ps, 0); }

/* Skip a bracketed group starting at the current token ( or [. */
static void skip_group(parser *ps)
{
	int depth = 0;
	do {
		if (ps->tok == '(' || ps->tok == '[')
			depth++;
		else if (ps->tok == ')' || ps->tok == ']')
			depth--;
		else if (ps->tok == T_EOF) {
			fail(ps, "unbalanced brackets");
			return;
		}
		next(ps);
	} while (depth > 0 && !ps->failed);
}

/* At a '?': a channel poll c?[..] or c??[..], not the '?' of a
 * conditional expression (c ? a : b). */
static int is_poll(const parser *ps)
{
	const char *p = ps->p;
	if (*p == '?')
		p++;
	while (*p == ' ' || *p == '\t')
		p++;
	return *p == '[';
}

/* Skip what may follow a name we cannot resolve: [..], (..), .f, @lab,
 * ?[..]; the node keeps the text from start to the end of it. */
static dmc_expr *unknown(parser *ps, const char *start)
{
	for (;;) {
		if (ps->tok == '[' || ps->tok == '(')
			skip_group(ps);
		else if (ps->tok == '.' || ps->tok == '@') {
			next(ps);
			if (!expect(ps, T_NAME, "expected a name"))
				return NULL;
		} else if (ps->tok == '?' && is_poll(ps)) {
			next(ps);
			accept(ps, '?');
			if (ps->tok != '[')
				return fail(ps, "expected '['");
			skip_group(ps);
		} else
			break;
		if (ps->failed)
			return NULL;
	}
	dmc_expr *e = node(X_UNKNOWN, 0, NULL, NULL);
	if (e && !(e->name = copy_text(start, (size_t)(ps->prev_end - start)))) {
		dmc_expr_free(e);
		e = NULL;
	}
	return e ? e : fail(ps, "out of memory");
}

/* c?[...] or c??[...] after the channel expression ch. */
static dmc_expr *poll(parser *ps, dmc_expr *ch, const char *start)
{
	next(ps);                     /* '?' */
	accept(ps, '?');
	if (ps->tok != '[') {
		dmc_expr_free(ch);
		return fail(ps, "expected '[' after '?'");
	}
	skip_group(ps);
	if (ps->failed) {
		dmc_expr_free(ch);
		return NULL;
	}
	dmc_expr *e = node(X_POLL, 0, ch, NULL);
	if (!e || !(e->name = copy_text(start, (size_t)(ps->prev_end - start)))) {
		dmc_expr_free(e);
		return fail(ps, "out of memory");
	}
	return e;
}

/* f( at the current '(' : channel predicates, pc_value, else unknown. */
static dmc_expr *call(parser *ps, const char *name, const char *start)
{
	static const char *const chanfn[] = { "len", "empty", "nempty", "full", "nfull" };
	int op = -1;
	for (int i = 0; i < 5; i++)
		if (strcmp(name, chanfn[i]) == 0)
			op = CH_LEN + i;
	if (op < 0 && strcmp(name, "pc_value") != 0)
		return unknown(ps, start);
	next(ps);
	dmc_expr *a = expr(ps);
	if (!a || !expect(ps, ')', "expected ')'")) {
		dmc_expr_free(a);
		return NULL;
	}
	dmc_expr *e = op < 0 ? node(X_PC, 0, a, NULL) : node(X_CHAN, op, a, NULL);
	return e ? e : fail(ps, "out of memory");
}

static int find_type(const char *name)
{
	for (int t = 0; t < dmc_br_ntypes(); t++)
		if (strcmp(dmc_br_type_name(t), name) == 0)
			return t;
	return -1;
}

/* P[e].x, P[e].x[i], P[e]._p; anything else about P[e] is unknown. */
static dmc_expr *remote(parser *ps, int type, const char *start)
{
	parser save = *ps;
	dmc_var v = { 0 };
	int kind = -1;
	next(ps);                     /* '[' */
	dmc_expr *pid = expr(ps);
	if (!pid || !expect(ps, ']', "expected ']'")) {
		dmc_expr_free(pid);
		return NULL;
	}
	if (accept(ps, '.') && ps->tok == T_NAME) {
		if (strcmp(ps->name, "_p") == 0)
			kind = X_PC;
		else if (dmc_br_var_find(ps->name, type, &v) == 0 && v.local_type == type)
			kind = X_REMOTE;
	}
	if (kind < 0) {               /* not something we can read: keep the text */
		dmc_expr_free(pid);
		*ps = save;
		return unknown(ps, start);
	}
	dmc_expr *e = node(kind, 0, pid, NULL);
	if (!e)
		return fail(ps, "out of memory");
	e->type = type;
	e->var = v;
	e->name = copy_text(start, strlen(dmc_br_type_name(type)));
	if (kind == X_REMOTE)
		e->field = copy_text(ps->name, strlen(ps->name));
	if (!e->name || (kind == X_REMOTE && !e->field)) {
		dmc_expr_free(e);
		return fail(ps, "out of memory");
	}
	next(ps);
	if (kind == X_REMOTE && accept(ps, '[')) {
		if (!(e->b = expr(ps)) || !expect(ps, ']', "expected ']'")) {
			dmc_expr_free(e);
			return NULL;
		}
	}
	return e;
}

static dmc_expr *name_expr(parser *ps)
{
	const char *start = ps->tok_start;
	char name[NAME_MAX_LEN];
	dmc_var v;
	long val;
	dmc_expr *e;
	int t;

	memcpy(name, ps->name, sizeof name);
	next(ps);
	if (strcmp(name, "_pid") == 0)
		return leaf(ps, X_PID);
	if (strcmp(name, "true") == 0 || strcmp(name, "false") == 0) {
		val = name[0] == 't';
		goto constant;
	}
	if (ps->tok == '(')
		return call(ps, name, start);
	if (dmc_br_var_find(name, ps->type, &v) == 0) {
		if (!(e = node(X_VAR, 0, NULL, NULL)) || !(e->name = copy_text(name, strlen(name)))) {
			dmc_expr_free(e);
			return fail(ps, "out of memory");
		}
		e->var = v;
		if (accept(ps, '[')) {
			if (!(e->a = expr(ps)) || !expect(ps, ']', "expected ']'")) {
				dmc_expr_free(e);
				return NULL;
			}
		}
		if (ps->tok == '.') {         /* a struct field: not readable here */
			dmc_expr_free(e);
			return unknown(ps, start);
		}
		if (ps->tok == '?' && is_poll(ps))
			return poll(ps, e, start);
		return e;
	}
	if (strcmp(name, "_nr_pr") == 0)
		return leaf(ps, X_NRPR);
	if (dmc_br_mtype(name, &val) == 0)
		goto constant;
	if (ps->tok == '[' && (t = find_type(name)) >= 0)
		return remote(ps, t, start);
	return unknown(ps, start);

constant:
	if (!(e = node(X_CONST, 0, NULL, NULL)) || !(e->name = copy_text(name, strlen(name)))) {
		dmc_expr_free(e);
		return fail(ps, "out of memory");
	}
	e->val = val;
	return e;
}

static dmc_expr *primary(parser *ps)
{
	dmc_expr *e, *b, *c;
	if (ps->failed)
		return NULL;
	switch (ps->tok) {
	case T_NUM:
		if ((e = node(X_CONST, 0, NULL, NULL)))
			e->val = ps->num;
		next(ps);
		return e ? e : fail(ps, "out of memory");
	case T_NAME:
		return name_expr(ps);
	case '(':
		next(ps);
		if (!(e = expr(ps)))
			return NULL;
		/* SPIN's conditional expression: pan's text writes it
		 * "( (c) -> (a) : (b) )" in assignments, "( (c) ? (a) : (b) )"
		 * in array indices and asserts */
		if (accept(ps, T_ARROW) || accept(ps, '?')) {
			if (!(b = expr(ps)) || !expect(ps, ':', "expected ':' in (c -> a : b)")) {
				dmc_expr_free(e);
				dmc_expr_free(b);
				return NULL;
			}
			if (!(c = expr(ps))) {
				dmc_expr_free(e);
				dmc_expr_free(b);
				return NULL;
			}
			if (!(e = node(X_COND, 0, e, b))) {
				dmc_expr_free(c);
				return fail(ps, "out of memory");
			}
			e->c = c;
		}
		if (!expect(ps, ')', "expected ')'")) {
			dmc_expr_free(e);
			return NULL;
		}
		return e;
	case T_EOF:
		return fail(ps, "expected an expression");
	default:
		return fail(ps, "unexpected symbol");
	}
}

/* Operators with priority above limit (like Lua's subexpr). */
static dmc_expr *subexpr_at(parser *ps, int limit);

static dmc_expr *subexpr(parser *ps, int limit)
{
	if (ps->depth >= EXPR_MAX_DEPTH)
		return fail(ps, "expression nested too deeply");
	ps->depth++;
	dmc_expr *e = subexpr_at(ps, limit);
	ps->depth--;
	return e;
}

static dmc_expr *subexpr_at(parser *ps, int limit)
{
	dmc_expr *e;
	int op = ps->tok == '-' ? OP_NEG : ps->tok == '!' ? OP_NOT : ps->tok == '~' ? OP_COMPL : -1;
	if (op >= 0) {
		next(ps);
		if (!(e = subexpr(ps, UNARY_PRI)))
			return NULL;
		if (!(e = node(X_UNOP, op, e, NULL)))
			return fail(ps, "out of memory");
	} else if (!(e = primary(ps)))
		return NULL;
	/* each operator of a chain a+b+c+... makes the tree one level
	 * deeper on the left (and evaluating it one call deeper): it counts
	 * as nesting too */
	int chain = 0;
	while ((op = binop_of(ps->tok)) >= 0 && ops[op].pri > limit) {
		if (ps->depth >= EXPR_MAX_DEPTH) {
			dmc_expr_free(e);
			e = fail(ps, "expression nested too deeply");
			break;
		}
		ps->depth++;
		chain++;
		next(ps);
		dmc_expr *rhs = subexpr(ps, ops[op].pri);   /* left-associative */
		if (!rhs) {
			dmc_expr_free(e);
			e = NULL;
			break;
		}
		if (!(e = node(X_BINOP, op, e, rhs))) {
			e = fail(ps, "out of memory");
			break;
		}
	}
	ps->depth -= chain;
	return e;
}

static dmc_expr *parse_rest(parser *ps)
{
	dmc_expr *e = expr(ps);
	if (e && ps->tok != T_EOF) {
		dmc_expr_free(e);
		return fail(ps, "unexpected text after the expression");
	}
	return e;
}

dmc_expr *dmc_expr_parse(const char *text, int type, char *err, size_t errlen)
{
	parser ps;
	parser_init(&ps, text, type, err, errlen);
	return ps.failed ? NULL : parse_rest(&ps);
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

dmc_expr *dmc_expr_parse_assert(const char *stmt, int type, char *err, size_t errlen)
{
	parser ps;
	stmt = skip_space(stmt);
	if (strncmp(stmt, "assert", 6) != 0 || *skip_space(stmt + 6) != '(') {
		if (err && errlen > 0)
			snprintf(err, errlen, "not an assert: \"%s\"", stmt);
		return NULL;
	}
	/* "(E)" parses to E: parentheses make no node */
	parser_init(&ps, skip_space(stmt + 6), type, err, errlen);
	dmc_expr *e = ps.failed ? NULL : primary(&ps);
	if (e && ps.tok != T_EOF) {
		dmc_expr_free(e);
		return fail(&ps, "unexpected text after assert(...)");
	}
	return e;
}

static int is_const_true(const dmc_expr *e)
{
	return e->kind == X_CONST && e->val != 0;
}

dmc_expr *dmc_expr_guard_of(const char *stmt, int type)
{
	parser ps;
	dmc_expr *e = NULL;
	stmt = skip_space(stmt);
	parser_init(&ps, stmt, type, NULL, 0);
	if (ps.tok == '(') {
		/* a condition: SPIN writes them parenthesised, "((x>3))", "(run P())" */
		e = parse_rest(&ps);
		if (e && (is_const_true(e) || e->kind == X_UNKNOWN)) {
			dmc_expr_free(e);     /* (1), (timeout), ...: nothing to check */
			e = NULL;
		}
	} else if (ps.tok == T_NAME) {
		/* c?..., c!..., ch[i]?...; assignments and the rest give NULL */
		dmc_var v;
		if (dmc_br_var_find(ps.name, type, &v) != 0 || !v.is_chan)
			return NULL;
		if (!(e = node(X_VAR, 0, NULL, NULL)) || !(e->name = copy_text(ps.name, strlen(ps.name)))) {
			dmc_expr_free(e);
			return NULL;
		}
		e->var = v;
		next(&ps);
		if (accept(&ps, '[') && (!(e->a = expr(&ps)) || !expect(&ps, ']', ""))) {
			dmc_expr_free(e);
			return NULL;
		}
		if (ps.tok == '?' || ps.tok == '!')
			return node(X_CHAN, ps.tok == '?' ? CH_RECV : CH_SEND, e, NULL);
		dmc_expr_free(e);
		e = NULL;
	}
	return e;
}

/* Operators that always yield 0 or 1. */
static int is_boolean(const dmc_expr *e)
{
	switch (e->kind) {
	case X_BINOP: return e->op == OP_OR || e->op == OP_AND || (e->op >= OP_EQ && e->op <= OP_GE);
	case X_UNOP: return e->op == OP_NOT;
	case X_CHAN: return e->op != CH_LEN;
	case X_POLL: return 1;
	case X_CONST: return e->val == 0 || e->val == 1;
	default: return 0;
	}
}

dmc_expr *dmc_expr_not(dmc_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == X_UNOP && e->op == OP_NOT && is_boolean(e->a)) {
		dmc_expr *inner = e->a;       /* !!b == b for a boolean b */
		e->a = NULL;
		dmc_expr_free(e);
		return inner;
	}
	return node(X_UNOP, OP_NOT, e, NULL);
}

dmc_expr *dmc_expr_and(dmc_expr *a, dmc_expr *b)
{
	if (!a || !b) {               /* NULL is "true" */
		return a ? a : b;
	}
	return node(X_BINOP, OP_AND, a, b);
}

int dmc_expr_needs_pid(const dmc_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == X_PID || (e->kind == X_VAR && e->var.local_type >= 0))
		return 1;
	return dmc_expr_needs_pid(e->a) || dmc_expr_needs_pid(e->b) || dmc_expr_needs_pid(e->c);
}

/* ---- evaluation ---- */

/* Two's-complement wrap without signed overflow. */
static long wrap(unsigned long u)
{
	return u <= (unsigned long)LONG_MAX ? (long)u : -(long)(ULONG_MAX - u) - 1;
}

/* pan numbers processes from 0 with the claim first; Promela's _pid and
 * P[n] do not count the claim. */
static int pid_base(void)
{
	return dmc_br_claim_type() >= 0;
}

static int binop_value(int op, long x, long y, long *val)
{
	unsigned long ux = (unsigned long)x, uy = (unsigned long)y;
	switch (op) {
	case OP_BOR: *val = x | y; break;
	case OP_XOR: *val = x ^ y; break;
	case OP_BAND: *val = x & y; break;
	case OP_EQ: *val = x == y; break;
	case OP_NE: *val = x != y; break;
	case OP_LT: *val = x < y; break;
	case OP_LE: *val = x <= y; break;
	case OP_GT: *val = x > y; break;
	case OP_GE: *val = x >= y; break;
	case OP_ADD: *val = wrap(ux + uy); break;
	case OP_SUB: *val = wrap(ux - uy); break;
	case OP_MUL: *val = wrap(ux * uy); break;
	case OP_DIV:
	case OP_MOD:
		if (y == 0)
			return -1;
		if (y == -1)          /* LONG_MIN / -1 overflows */
			*val = op == OP_DIV ? wrap(0UL - ux) : 0;
		else
			*val = op == OP_DIV ? x / y : x % y;
		break;
	case OP_SHL:
	case OP_SHR:
		if (y < 0 || y >= (long)(sizeof(long) * CHAR_BIT))
			return -1;
		*val = op == OP_SHL ? wrap(ux << y) : x >> y;
		break;
	default:
		return -1;
	}
	return 0;
}

/* Value of a channel predicate.  CH_RECV/CH_SEND are the guards of
 * receives and sends: like nempty/nfull on a buffered channel, unknown
 * on a rendezvous channel (its partner decides). */
static int chan_value(const dmc_state_view *sv, int op, long id, long *val)
{
	int len, cap;
	if (dmc_view_chan(sv, id, &len, &cap) != 0)
		return -1;
	switch (op) {
	case CH_LEN: *val = len; break;
	case CH_EMPTY: *val = len == 0; break;
	case CH_NEMPTY: *val = len > 0; break;
	case CH_FULL: *val = len >= cap; break;
	case CH_NFULL: *val = len < cap; break;
	case CH_RECV: if (cap == 0) return -1; *val = len > 0; break;
	case CH_SEND: if (cap == 0) return -1; *val = len < cap; break;
	default: return -1;
	}
	return 0;
}

int dmc_expr_eval(const dmc_expr *e, const dmc_state_view *sv, int pid, long *val)
{
	long x, y, idx = 0;
	int rx, ry;
	switch (e->kind) {
	case X_CONST:
		*val = e->val;
		return 0;
	case X_VAR:
		if (e->a && dmc_expr_eval(e->a, sv, pid, &idx) != 0)
			return -1;
		return dmc_view_var_read(sv, &e->var, pid, idx, val) == 0 ? 0 : -1;
	case X_REMOTE:
	case X_PC:
		if (dmc_expr_eval(e->a, sv, pid, &x) != 0)
			return -1;
		x += pid_base();
		if (x < 0 || x >= dmc_view_nprocs(sv) || (e->type >= 0 && dmc_view_proc_type(sv, (int)x) != e->type))
			return -1;
		if (e->kind == X_PC) {
			*val = dmc_view_proc_state(sv, (int)x);
			return 0;
		}
		if (e->b && dmc_expr_eval(e->b, sv, pid, &idx) != 0)
			return -1;
		return dmc_view_var_read(sv, &e->var, (int)x, idx, val) == 0 ? 0 : -1;
	case X_PID:
		if (pid < 0)
			return -1;
		*val = pid - pid_base();
		return 0;
	case X_NRPR:
		*val = dmc_view_nprocs(sv);
		return 0;
	case X_UNOP:
		if (dmc_expr_eval(e->a, sv, pid, &x) != 0)
			return -1;
		*val = e->op == OP_NEG ? wrap(0UL - (unsigned long)x) : e->op == OP_NOT ? !x : ~x;
		return 0;
	case X_BINOP:
		rx = dmc_expr_eval(e->a, sv, pid, &x);
		if (e->op == OP_AND || e->op == OP_OR) {
			long decide = e->op == OP_OR;     /* the value that settles it */
			if (rx == 0 && (x != 0) == decide) {
				*val = decide;
				return 0;
			}
			ry = dmc_expr_eval(e->b, sv, pid, &y);
			if (ry == 0 && (y != 0) == decide) {
				*val = decide;
				return 0;
			}
			if (rx != 0 || ry != 0)
				return -1;
			*val = !decide;
			return 0;
		}
		if (rx != 0 || dmc_expr_eval(e->b, sv, pid, &y) != 0)
			return -1;
		return binop_value(e->op, x, y, val);
	case X_COND:
		if (dmc_expr_eval(e->a, sv, pid, &x) == 0)
			return dmc_expr_eval(x ? e->b : e->c, sv, pid, val);
		if (dmc_expr_eval(e->b, sv, pid, &x) != 0 || dmc_expr_eval(e->c, sv, pid, &y) != 0 || x != y)
			return -1;
		*val = x;
		return 0;
	case X_CHAN:
		if (dmc_expr_eval(e->a, sv, pid, &x) != 0)
			return -1;
		return chan_value(sv, e->op, x, val);
	case X_POLL:              /* an empty channel has nothing to poll */
		if (dmc_expr_eval(e->a, sv, pid, &x) != 0 || chan_value(sv, CH_LEN, x, &y) != 0 || y != 0)
			return -1;
		*val = 0;
		return 0;
	default:
		return -1;
	}
}

/* ---- distance to truth ---- */

static long sat_add(long a, long b)
{
	if (b > 0 && a > LONG_MAX - b)
		return LONG_MAX;
	if (b < 0 && a < LONG_MIN - b)
		return LONG_MIN;
	return a + b;
}

static long sat_sub(long a, long b)
{
	if (b < 0 && a > LONG_MAX + b)
		return LONG_MAX;
	if (b > 0 && a < LONG_MIN + b)
		return LONG_MIN;
	return a - b;
}

static long at_least_0(long a) { return a < 0 ? 0 : a; }
static long min_of(long a, long b) { return a < b ? a : b; }

/* !(a op b) as a comparison */
static int negate_cmp(int op)
{
	switch (op) {
	case OP_EQ: return OP_NE;
	case OP_NE: return OP_EQ;
	case OP_LT: return OP_GE;
	case OP_LE: return OP_GT;
	case OP_GT: return OP_LE;
	default: return OP_LT;    /* OP_GE */
	}
}

static long cmp_distance(int op, long a, long b)
{
	long d;
	switch (op) {
	case OP_EQ:
		d = sat_sub(a, b);
		return d == LONG_MIN ? LONG_MAX : d < 0 ? -d : d;
	case OP_NE: return a == b;
	case OP_LT: return at_least_0(sat_add(sat_sub(a, b), 1));
	case OP_LE: return at_least_0(sat_sub(a, b));
	case OP_GT: return at_least_0(sat_add(sat_sub(b, a), 1));
	default: return at_least_0(sat_sub(b, a));   /* OP_GE */
	}
}

/* Distance of e (neg = 0) or of !e (neg = 1), negation pushed inward. */
static long distance(const dmc_expr *e, const dmc_state_view *sv, int pid, int neg)
{
	long a, b;
	if (e->kind == X_UNOP && e->op == OP_NOT)
		return distance(e->a, sv, pid, !neg);
	if (e->kind == X_BINOP) {
		int op = e->op;
		if (op == OP_AND || op == OP_OR) {
			a = distance(e->a, sv, pid, neg);
			b = distance(e->b, sv, pid, neg);
			return (op == OP_AND) != neg ? sat_add(a, b) : min_of(a, b);
		}
		if (op >= OP_EQ && op <= OP_GE) {
			if (dmc_expr_eval(e->a, sv, pid, &a) != 0 || dmc_expr_eval(e->b, sv, pid, &b) != 0)
				return 0;
			return cmp_distance(neg ? negate_cmp(op) : op, a, b);
		}
	}
	if (dmc_expr_eval(e, sv, pid, &a) != 0)
		return 0;                 /* unknown: optimistic */
	return ((a != 0) != neg) ? 0 : 1;
}

long dmc_expr_distance(const dmc_expr *e, const dmc_state_view *sv, int pid)
{
	return e ? distance(e, sv, pid, 0) : 0;
}

/* ---- printing ---- */

void dmc_expr_print(const dmc_expr *e, void *file)
{
	FILE *f = file;
	if (!e)
		return;
	switch (e->kind) {
	case X_CONST:
		if (e->name)
			fputs(e->name, f);
		else
			fprintf(f, "%ld", e->val);
		break;
	case X_VAR:
		fputs(e->name, f);
		if (e->a) {
			fputc('[', f);
			dmc_expr_print(e->a, f);
			fputc(']', f);
		}
		break;
	case X_REMOTE:
	case X_PC:
		fprintf(f, "%s", e->type >= 0 ? e->name : "pc_value(");
		if (e->type >= 0)
			fputc('[', f);
		dmc_expr_print(e->a, f);
		if (e->type < 0) {
			fputc(')', f);
			break;
		}
		fprintf(f, "].%s", e->kind == X_PC ? "_p" : e->field);
		if (e->b) {
			fputc('[', f);
			dmc_expr_print(e->b, f);
			fputc(']', f);
		}
		break;
	case X_PID: fputs("_pid", f); break;
	case X_NRPR: fputs("_nr_pr", f); break;
	case X_UNKNOWN:
	case X_POLL:
		fputs(e->name, f);
		break;
	case X_UNOP:
		fprintf(f, "%s(", ops[e->op].sym);
		dmc_expr_print(e->a, f);
		fputc(')', f);
		break;
	case X_BINOP:
		fputc('(', f);
		dmc_expr_print(e->a, f);
		fputs(ops[e->op].sym, f);
		dmc_expr_print(e->b, f);
		fputc(')', f);
		break;
	case X_COND:
		fputc('(', f);
		dmc_expr_print(e->a, f);
		fputs(" -> ", f);
		dmc_expr_print(e->b, f);
		fputs(" : ", f);
		dmc_expr_print(e->c, f);
		fputc(')', f);
		break;
	case X_CHAN:
		fprintf(f, "%s(", ops[e->op].sym);
		dmc_expr_print(e->a, f);
		fputc(')', f);
		break;
	}
}

/* ---- to the abstract model (absmodel.h) ---- */

void dmc_aexpr_free(dmc_aexpr *e)
{
	if (!e)
		return;
	dmc_aexpr_free(e->a);
	dmc_aexpr_free(e->b);
	dmc_aexpr_free(e->c);
	free(e);
}

/* An index or process number known when the model is built: a constant,
 * possibly computed from _pid.  -1 (and *known = 0) otherwise. */
static long static_value(const dmc_expr *e, int pid, int *known)
{
	long v;
	*known = 0;
	if (!e)
		return 0;
	if (e->kind == X_CONST || e->kind == X_PID
	    || (e->kind == X_UNOP && e->op != OP_NOT)
	    || (e->kind == X_BINOP && e->op >= OP_SHL && e->op <= OP_MOD)) {
		int ka = 1, kb = 1;
		if (e->kind == X_UNOP || e->kind == X_BINOP) {
			static_value(e->a, pid, &ka);
			if (e->kind == X_BINOP)
				static_value(e->b, pid, &kb);
		}
		if (ka && kb && dmc_expr_eval(e, dmc_view_now(), pid, &v) == 0) {
			*known = 1;
			return v;
		}
	}
	return -1;
}

/* Is e >= 0 in every state, with e <= *hi?  Its variables' types bound
 * it (pan keeps a variable in its type); arithmetic stays below 2^30,
 * far from overflowing pan's int.  E.g. (head + 1) % N for a byte head:
 * C's % of a non-negative value by N > 0 lies in [0, N - 1]. */
static int nonneg_bound(const dmc_expr *e, long *hi)
{
	const long lim = 1L << 30;
	long ha, hb;
	if (!e)
		return 0;
	switch (e->kind) {
	case X_CONST:
		*hi = e->val;
		return e->val >= 0 && e->val < lim;
	case X_PID:
		*hi = 255;                /* pan runs at most 255 processes */
		return 1;
	case X_VAR:
		*hi = e->var.hi;
		return e->var.lo >= 0 && e->var.hi < lim;
	case X_BINOP:
		if (e->op == OP_MOD || e->op == OP_DIV || e->op == OP_SHR) {
			if (e->b->kind != X_CONST || e->b->val <= 0 || e->b->val >= lim
			    || (e->op == OP_SHR && e->b->val >= 31) || !nonneg_bound(e->a, &ha))
				return 0;
			*hi = e->op == OP_MOD ? (ha < e->b->val ? ha : e->b->val - 1)
			    : e->op == OP_DIV ? ha / e->b->val : ha >> e->b->val;
			return 1;
		}
		if (e->op == OP_BAND) {   /* a & b keeps only the bits of a non-negative side */
			int na = nonneg_bound(e->a, &ha), nb = nonneg_bound(e->b, &hb);
			*hi = na && nb ? (ha < hb ? ha : hb) : na ? ha : hb;
			return na || nb;
		}
		if ((e->op != OP_ADD && e->op != OP_MUL) || !nonneg_bound(e->a, &ha)
		    || !nonneg_bound(e->b, &hb))
			return 0;
		if (e->op == OP_MUL && ha > 0 && hb >= lim / ha)
			return 0;
		*hi = e->op == OP_ADD ? ha + hb : ha * hb;
		return *hi < lim;
	default:
		return 0;
	}
}

/* May index expression idx of an array of size n be out of range? */
static int index_may_fail(const dmc_expr *idx, long n, const int *pids, int npids,
                          dmc_var_fixed_fn fixed, void *ctx)
{
	int known;
	long v;
	if (!idx)
		return 0;
	if (idx->kind == X_VAR && !idx->a && idx->var.lo < idx->var.hi && idx->var.lo >= 0 && idx->var.hi < n)
		return 0;                 /* its type keeps it in range */
	if (idx->kind == X_BINOP && nonneg_bound(idx, &v) && v < n)
		return 0;                 /* (head + 1) % N and the like */
	if (idx->kind == X_VAR && !idx->a && fixed && fixed(ctx, &idx->var)) {
		if (idx->var.local_type < 0)
			return dmc_expr_eval(idx, dmc_view_now(), -1, &v) != 0 || v < 0 || v >= n;
		if (npids < 0)
			return 1;
		for (int i = 0; i < npids; i++)
			if (dmc_expr_eval(idx, dmc_view_now(), pids[i], &v) != 0 || v < 0 || v >= n)
				return 1;
		return 0;
	}
	if (idx->kind == X_VAR)
		return 1;
	if (!dmc_expr_needs_pid(idx)) {
		v = static_value(idx, -1, &known);
		return !known || v < 0 || v >= n;
	}
	if (npids < 0)
		return 1;
	for (int i = 0; i < npids; i++) {
		v = static_value(idx, pids[i], &known);
		if (!known || v < 0 || v >= n)
			return 1;
	}
	return 0;
}

int dmc_expr_index_may_fail(const dmc_expr *e, const int *pids, int npids,
                            dmc_var_fixed_fn fixed, void *ctx)
{
	if (!e)
		return 0;
	if (e->kind == X_VAR && e->a && index_may_fail(e->a, e->var.size, pids, npids, fixed, ctx))
		return 1;
	if (e->kind == X_REMOTE && e->b && index_may_fail(e->b, e->var.size, pids, npids, fixed, ctx))
		return 1;
	if (e->kind == X_UNKNOWN && e->name && strchr(e->name, '['))
		return 1;                 /* e.g. an array SPIN removed as never read */
	return dmc_expr_index_may_fail(e->a, pids, npids, fixed, ctx)
	       || dmc_expr_index_may_fail(e->b, pids, npids, fixed, ctx)
	       || dmc_expr_index_may_fail(e->c, pids, npids, fixed, ctx);
}

static const dmc_ae_op binop_to_ae[] = {
	[OP_OR] = DMC_AE_OR, [OP_AND] = DMC_AE_AND, [OP_BOR] = DMC_AE_BITOR,
	[OP_XOR] = DMC_AE_BITXOR, [OP_BAND] = DMC_AE_BITAND, [OP_EQ] = DMC_AE_EQ,
	[OP_NE] = DMC_AE_NE, [OP_LT] = DMC_AE_LT, [OP_LE] = DMC_AE_LE, [OP_GT] = DMC_AE_GT,
	[OP_GE] = DMC_AE_GE, [OP_SHL] = DMC_AE_SHL, [OP_SHR] = DMC_AE_SHR,
	[OP_ADD] = DMC_AE_ADD, [OP_SUB] = DMC_AE_SUB, [OP_MUL] = DMC_AE_MUL,
	[OP_DIV] = DMC_AE_DIV, [OP_MOD] = DMC_AE_MOD
};

/* len/empty/nempty/full/nfull over the channel's length variable */
static dmc_aexpr *abstract_chan(const dmc_expr *e, int pid, dmc_abs_chan_fn chan_fn, void *ctx)
{
	long id;
	int cap, len;
	if (!chan_fn || e->op > CH_NFULL || dmc_expr_eval(e->a, dmc_view_now(), pid, &id) != 0 || (len = chan_fn(ctx, id, &cap)) < 0)
		return NULL;
	dmc_aexpr *v = dmc_aexpr_leaf(DMC_AE_VAR, 0);
	if (!v)
		return NULL;
	v->var = len;
	switch (e->op) {
	case CH_LEN: return v;
	case CH_EMPTY: return dmc_aexpr_new(DMC_AE_EQ, v, dmc_aexpr_leaf(DMC_AE_CONST, 0));
	case CH_NEMPTY: return dmc_aexpr_new(DMC_AE_GT, v, dmc_aexpr_leaf(DMC_AE_CONST, 0));
	case CH_FULL: return dmc_aexpr_new(DMC_AE_GE, v, dmc_aexpr_leaf(DMC_AE_CONST, cap));
	default: return dmc_aexpr_new(DMC_AE_LT, v, dmc_aexpr_leaf(DMC_AE_CONST, cap));
	}
}

dmc_aexpr *dmc_expr_abstract(const dmc_expr *e, int pid, dmc_abs_var_fn fn, dmc_abs_chan_fn chan_fn,
                             void *ctx, int *approx)
{
	int known, var;
	long idx, proc;
	dmc_aexpr *r;
	switch (e->kind) {
	case X_CONST:
		return dmc_aexpr_leaf(DMC_AE_CONST, e->val);
	case X_PID:
		if (pid < 0)
			break;            /* a spawn automaton's instances: any pid */
		return dmc_aexpr_leaf(DMC_AE_CONST, pid - pid_base());
	case X_VAR:
		idx = static_value(e->a, pid, &known);
		if (e->a && !known)
			break;            /* unknown element: any value */
		if ((var = fn(ctx, &e->var, e->a ? idx : 0, pid)) < 0)
			break;
		r = dmc_aexpr_leaf(DMC_AE_VAR, 0);
		if (r)
			r->var = var;
		return r;
	case X_REMOTE:
		proc = static_value(e->a, pid, &known);
		if (!known)
			break;
		idx = static_value(e->b, pid, &known);
		if ((e->b && !known) || (var = fn(ctx, &e->var, e->b ? idx : 0, (int) proc + pid_base())) < 0)
			break;
		r = dmc_aexpr_leaf(DMC_AE_VAR, 0);
		if (r)
			r->var = var;
		return r;
	case X_CHAN:
		if ((r = abstract_chan(e, pid, chan_fn, ctx)) != NULL)
			return r;
		break;
	case X_UNOP: {
		dmc_aexpr *a = dmc_expr_abstract(e->a, pid, fn, chan_fn, ctx, approx);
		return a ? dmc_aexpr_new(e->op == OP_NEG ? DMC_AE_NEG : e->op == OP_NOT ? DMC_AE_NOT : DMC_AE_BITNOT, a, NULL) : NULL;
	}
	case X_BINOP: {
		dmc_aexpr *a = dmc_expr_abstract(e->a, pid, fn, chan_fn, ctx, approx);
		dmc_aexpr *b = a ? dmc_expr_abstract(e->b, pid, fn, chan_fn, ctx, approx) : NULL;
		if (!b) {
			dmc_aexpr_free(a);
			return NULL;
		}
		return dmc_aexpr_new(binop_to_ae[e->op], a, b);
	}
	case X_COND: {
		dmc_aexpr *c = dmc_expr_abstract(e->a, pid, fn, chan_fn, ctx, approx);
		dmc_aexpr *a = c ? dmc_expr_abstract(e->b, pid, fn, chan_fn, ctx, approx) : NULL;
		dmc_aexpr *b = a ? dmc_expr_abstract(e->c, pid, fn, chan_fn, ctx, approx) : NULL;
		if (!b || !(r = dmc_aexpr_new(DMC_AE_COND, c, a))) {
			dmc_aexpr_free(c);
			dmc_aexpr_free(a);
			dmc_aexpr_free(b);
			return NULL;
		}
		r->c = b;             /* condition ? a : b */
		return r;
	}
	default:                      /* _nr_pr, pc values, polls, unknown names */
		break;
	}
	if (approx)
		(*approx)++;
	return dmc_aexpr_new(DMC_AE_ANY, NULL, NULL);
}

int dmc_expr_lvalues(const dmc_expr *e, int pid, dmc_abs_var_fn fn, void *ctx, int *out, int max)
{
	int known, n = 0;
	long idx;
	if (e->kind != X_VAR)
		return -1;
	idx = static_value(e->a, pid, &known);
	if (!e->a || known) {
		int v = fn(ctx, &e->var, e->a ? idx : 0, pid);
		if (v < 0)
			return -1;
		out[0] = v;
		return 1;
	}
	for (long i = 0; i < e->var.size && n < max; i++) {   /* any element may change */
		int v = fn(ctx, &e->var, i, pid);
		if (v >= 0)
			out[n++] = v;
	}
	return n;
}
