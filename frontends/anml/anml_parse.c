// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_parse.c -- ANMLite text to an anml_model (grammar: docs/anmlite.md).
 * Recursive descent over anml_lex tokens; the first error stops the
 * parse with "FILE:LINE:COL: expected ..., found ...".
 */
#include "anml_lex.h"
#include "util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

const char *const anml_allen_names[ANML_NALLEN] = {
	"before", "meets", "overlaps", "during", "starts", "finishes", "equals", "contains"
};

typedef struct {
	anml_lexer lx;
	anml_tok tok, peek;
	const char *file;
	anml_err *err;
	jmp_buf fail;
	anml_pat *prev, *cur;    /* a chain's elements, freed on failure */
	int nprev, ncur;
	anml_ref trial;          /* X of a possible "X allen Y", freed on failure */
} parser;

#define GROW(arr, n) ((arr) = drv_realloc((arr), ((size_t)(n) + 1) * sizeof *(arr)), \
                      memset(&(arr)[n], 0, sizeof *(arr)), &(arr)[(n)++])

static void fail_at(parser *p, anml_loc loc, const char *fmt, ...);

static void next(parser *p)
{
	p->tok = p->peek;
	p->peek = anml_lex_next(&p->lx);
	if (p->tok.kind == TK_INT && p->tok.ival > INT_MAX)
		fail_at(p, p->tok.loc, "number too large (at most %d)", INT_MAX);
}

static void describe(const anml_tok *t, char *buf, size_t n)
{
	if (t->kind == TK_ID || t->kind == TK_INT || t->kind == TK_BAD)
		snprintf(buf, n, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), t->s);
	else
		snprintf(buf, n, "%s", anml_tok_name(t->kind));
}

static void fail_at(parser *p, anml_loc loc, const char *fmt, ...)
{
	char text[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	snprintf(p->err->msg, sizeof p->err->msg, "%s:%d:%d: %s", p->file, loc.line, loc.col, text);
	longjmp(p->fail, 1);
}

static void expected(parser *p, const char *what)
{
	char found[64];
	describe(&p->tok, found, sizeof found);
	fail_at(p, p->tok.loc, "expected %s, found %s", what, found);
}

static int is_word(const anml_tok *t, const char *w)
{
	return t->kind == TK_ID && t->len == strlen(w) && strncmp(t->s, w, t->len) == 0;
}

static const char *const section_words[] = {
	"PLAN", "END", "TYPES", "TIMELINE", "ACTIONS", "TRANSITIONS", "VARIABLES",
	"GOALS", "CONSTRAINTS", NULL
};
static const char *const reserved_words[] = {
	"start", "end", "next", "at", NULL
};

static int is_section(const anml_tok *t)
{
	if (t->kind == TK_INITIAL_STATE)
		return 1;
	for (int i = 0; section_words[i]; i++)
		if (is_word(t, section_words[i]))
			return 1;
	return 0;
}

static int allen_of(const anml_tok *t)
{
	for (int i = 0; i < ANML_NALLEN; i++)
		if (is_word(t, anml_allen_names[i]))
			return i;
	return -1;
}

static int is_reserved(const anml_tok *t)
{
	if (is_section(t) || allen_of(t) >= 0)
		return 1;
	for (int i = 0; reserved_words[i]; i++)
		if (is_word(t, reserved_words[i]))
			return 1;
	return 0;
}

static void expect(parser *p, int kind, const char *what)
{
	if (p->tok.kind != kind)
		expected(p, what);
	next(p);
}

static void expect_word(parser *p, const char *w)
{
	char what[64];
	if (!is_word(&p->tok, w)) {
		snprintf(what, sizeof what, "'%s'", w);
		expected(p, what);
	}
	next(p);
}

/* a name being declared or used: an identifier that is not a keyword */
static char *name(parser *p, const char *what, anml_loc *loc)
{
	if (p->tok.kind != TK_ID || is_reserved(&p->tok)) {
		if (p->tok.kind == TK_ID) {
			char found[64];
			describe(&p->tok, found, sizeof found);
			fail_at(p, p->tok.loc, "expected %s, found the keyword %s", what, found);
		}
		expected(p, what);
	}
	/* next() may fail (a number too large follows): the copy is made
	 * after it, or nothing would free it */
	anml_tok t = p->tok;
	next(p);
	char *s = drv_alloc(t.len + 1);
	memcpy(s, t.s, t.len);
	s[t.len] = 0;
	if (loc)
		*loc = t.loc;
	return s;
}

static int bound(parser *p, int *v)
{
	if (p->tok.kind == TK_WILD) {
		next(p);
		*v = ANML_UNBOUNDED;
		return 0;
	}
	if (p->tok.kind != TK_INT)
		expected(p, "a duration bound (a number or '_')");
	*v = (int) p->tok.ival;
	next(p);
	return 1;
}

/* A1(x, y: animal; z: color): [min, max] */
static void action(parser *p, anml_timeline *tl)
{
	anml_action *a = GROW(tl->acts, tl->nacts);
	a->name = name(p, "an action name", &a->loc);
	a->min = 1;
	a->max = ANML_UNBOUNDED;
	if (p->tok.kind == TK_LPAREN) {
		next(p);
		for (;;) {
			int first = a->nparams;
			for (;;) {
				a->pname = drv_realloc(a->pname, ((size_t) a->nparams + 1) * sizeof *a->pname);
				a->ptname = drv_realloc(a->ptname, ((size_t) a->nparams + 1) * sizeof *a->ptname);
				a->ptname[a->nparams] = NULL;
				a->pname[a->nparams] = name(p, "a parameter name", NULL);
				a->nparams++;
				if (p->tok.kind != TK_COMMA)
					break;
				next(p);
			}
			expect(p, TK_COLON, "':' and the parameters' type");
			anml_loc tloc = p->tok.loc;
			char *tn = name(p, "a type name", NULL);
			(void) tloc;
			for (int i = first; i < a->nparams; i++)
				a->ptname[i] = i == first ? tn : drv_strdup(tn);
			if (p->tok.kind == TK_COMMA || p->tok.kind == TK_SEMI) {
				next(p);
				continue;
			}
			break;
		}
		expect(p, TK_RPAREN, "')' after the parameters");
		a->ptype = drv_alloc((size_t) a->nparams * sizeof *a->ptype);
	}
	if (p->tok.kind == TK_COLON) {
		next(p);
		expect(p, TK_LBRACK, "'[' and the duration [min, max]");
		anml_loc lo = p->tok.loc;
		if (!bound(p, &a->min))
			a->min = 1;
		expect(p, TK_COMMA, "','");
		bound(p, &a->max);
		expect(p, TK_RBRACK, "']'");
		if (a->max != ANML_UNBOUNDED && a->max < a->min)
			fail_at(p, lo, "the duration of %s is empty: [%d,%d]", a->name, a->min, a->max);
	}
}

static void pattern(parser *p, anml_pat *pat)
{
	pat->action = name(p, "an action name", &pat->loc);
	if (p->tok.kind != TK_LPAREN)
		return;
	pat->has_args = 1;
	next(p);
	for (;;) {
		anml_arg *arg = GROW(pat->args, pat->nargs);
		arg->loc = p->tok.loc;
		if (p->tok.kind == TK_WILD) {
			arg->kind = ANML_ARG_ANY;
			next(p);
		} else
			arg->name = name(p, "a value, a variable or '_'", NULL);
		if (p->tok.kind != TK_COMMA)
			break;
		next(p);
	}
	expect(p, TK_RPAREN, "')' after the arguments");
}

static void free_pats(anml_pat *pats, int n)
{
	for (int i = 0; i < n; i++) {
		free(pats[i].action);
		for (int j = 0; j < pats[i].nargs; j++)
			free(pats[i].args[j].name);
		free(pats[i].args);
	}
	free(pats);
}

/* one element of a chain: a pattern or (p1 | p2 | ...), into p->cur */
static void chain_element(parser *p)
{
	p->cur = NULL;
	p->ncur = 0;
	if (p->tok.kind == TK_LPAREN) {
		next(p);
		for (;;) {
			pattern(p, GROW(p->cur, p->ncur));
			if (p->tok.kind != TK_BAR)
				break;
			next(p);
		}
		expect(p, TK_RPAREN, "'|' or ')' in the list of successors");
	} else
		pattern(p, GROW(p->cur, p->ncur));
}

static void copy_pat(anml_pat *dst, const anml_pat *src)
{
	*dst = *src;
	dst->action = drv_strdup(src->action);
	dst->args = NULL;
	if (src->nargs) {
		dst->args = drv_alloc((size_t) src->nargs * sizeof *dst->args);
		for (int i = 0; i < src->nargs; i++) {
			dst->args[i] = src->args[i];
			dst->args[i].name = src->args[i].name ? drv_strdup(src->args[i].name) : NULL;
		}
	}
}

/* A0 -> A1 -> (A2 | A3) -> A4 */
static void chain(parser *p, anml_timeline *tl)
{
	int steps = 0;
	chain_element(p);
	p->prev = p->cur;
	p->nprev = p->ncur;
	p->cur = NULL;
	p->ncur = 0;
	while (p->tok.kind == TK_ARROW) {
		next(p);
		chain_element(p);
		for (int i = 0; i < p->nprev; i++)
			for (int j = 0; j < p->ncur; j++) {
				anml_trans *t = GROW(tl->trans, tl->ntrans);
				copy_pat(&t->from, &p->prev[i]);
				copy_pat(&t->to, &p->cur[j]);
			}
		free_pats(p->prev, p->nprev);
		p->prev = p->cur;
		p->nprev = p->ncur;
		p->cur = NULL;
		p->ncur = 0;
		steps++;
	}
	if (steps == 0)
		expected(p, "'->' and a successor");
	free_pats(p->prev, p->nprev);
	p->prev = NULL;
	p->nprev = 0;
}

static void timeline(parser *p, anml_model *m)
{
	anml_timeline *tl = GROW(m->tls, m->ntls);
	next(p);
	tl->name = name(p, "the timeline's name", &tl->loc);
	expect_word(p, "ACTIONS");
	while (p->tok.kind == TK_ID && !is_section(&p->tok))
		action(p, tl);
	if (tl->nacts == 0)
		expected(p, "an action");
	if (is_word(&p->tok, "TRANSITIONS")) {
		next(p);
		while ((p->tok.kind == TK_ID && !is_section(&p->tok)) || p->tok.kind == TK_LPAREN)
			chain(p, tl);
	}
	char what[200];
	snprintf(what, sizeof what, "END %s", tl->name);
	if (!is_word(&p->tok, "END"))
		expected(p, what);
	next(p);
	if (p->tok.kind != TK_ID || strlen(tl->name) != p->tok.len
	    || strncmp(p->tok.s, tl->name, p->tok.len) != 0)
		expected(p, what);
	next(p);
}

static void types(parser *p, anml_model *m)
{
	next(p);
	while (p->tok.kind == TK_ID && !is_section(&p->tok)) {
		anml_type *t = GROW(m->types, m->ntypes);
		t->name = name(p, "a type name", &t->loc);
		if (p->tok.kind != TK_EQ && p->tok.kind != TK_COLON)
			expected(p, "'=' and the type's values {v1, v2, ...}");
		next(p);
		expect(p, TK_LBRACE, "'{'");
		for (;;) {
			char **v = GROW(t->vals, t->nvals);
			*v = name(p, "a value", NULL);
			if (p->tok.kind != TK_COMMA)
				break;
			next(p);
		}
		expect(p, TK_RBRACE, "',' or '}'");
	}
}

static void variables(parser *p, anml_model *m)
{
	next(p);
	while (p->tok.kind == TK_ID && !is_section(&p->tok)) {
		int first = m->ninsts;
		for (;;) {
			anml_inst *in = GROW(m->insts, m->ninsts);
			in->name = name(p, "an instance name", &in->loc);
			if (p->tok.kind != TK_COMMA)
				break;
			next(p);
		}
		expect(p, TK_COLON, "',' or ':' and the timeline");
		char *tn = name(p, "a timeline name", NULL);
		for (int i = first; i < m->ninsts; i++)
			m->insts[i].tlname = i == first ? tn : drv_strdup(tn);
	}
}

/* (v1, _, v2): the arguments of a reference */
static void ref_args(parser *p, anml_ref *r)
{
	r->has_args = 1;
	next(p);
	for (;;) {
		anml_arg *arg = GROW(r->args, r->nargs);
		arg->loc = p->tok.loc;
		if (p->tok.kind == TK_WILD) {
			arg->kind = ANML_ARG_ANY;
			next(p);
		} else
			arg->name = name(p, "a value or '_'", NULL);
		if (p->tok.kind != TK_COMMA)
			break;
		next(p);
	}
	expect(p, TK_RPAREN, "',' or ')' after the arguments");
}

static void ref(parser *p, anml_ref *r, const char *what)
{
	anml_loc loc;
	char *a = name(p, what, &loc);
	r->loc = loc;
	if (p->tok.kind == TK_DOT && p->peek.kind == TK_ID && !is_word(&p->peek, "start")
	    && !is_word(&p->peek, "end") && !is_word(&p->peek, "next")) {
		next(p);
		r->qual = a;
		r->action = name(p, "an action name", NULL);
	} else
		r->action = a;
	if (p->tok.kind == TK_LPAREN)
		ref_args(p, r);
}

static void free_ref_args(anml_ref *r)
{
	for (int i = 0; i < r->nargs; i++)
		free(r->args[i].name);
	free(r->args);
	r->args = NULL;
	r->nargs = r->has_args = 0;
}

static void initial(parser *p, anml_model *m)
{
	next(p);
	while (p->tok.kind == TK_MAPSTO) {
		next(p);
		ref(p, GROW(m->inits, m->ninits), "a timeline or instance, '.', and an action");
	}
}

static void goals(parser *p, anml_model *m)
{
	next(p);
	while (p->tok.kind == TK_ID && !is_section(&p->tok)) {
		ref(p, GROW(m->goals, m->ngoals), "a goal action");
		if (p->tok.kind == TK_COMMA)
			next(p);
	}
}

/* [qual.]action[(args)][.next].(start|end) [(+|-) N]  or  [-]N */
static void term(parser *p, anml_term *t)
{
	t->loc = p->tok.loc;
	if (p->tok.kind == TK_INT || p->tok.kind == TK_MINUS) {
		int neg = p->tok.kind == TK_MINUS;
		if (neg)
			next(p);
		if (p->tok.kind != TK_INT)
			expected(p, "a number");
		t->is_const = 1;
		t->k = (int) (neg ? -p->tok.ival : p->tok.ival);
		next(p);
		return;
	}
	char ids[4][128];
	int n = 0, args_after = -1;
	anml_loc first = p->tok.loc;
	for (;;) {
		if (p->tok.kind != TK_ID || is_section(&p->tok))
			expected(p, n ? "a name, 'next', 'start' or 'end'" : "a timepoint or a number");
		if (n == 4)
			fail_at(p, p->tok.loc, "expected at most INSTANCE.ACTION.next.start|end");
		snprintf(ids[n], sizeof ids[n], "%.*s", (int) p->tok.len, p->tok.s);
		n++;
		int last_is_point = is_word(&p->tok, "start") || is_word(&p->tok, "end");
		int is_next = is_word(&p->tok, "next");
		next(p);
		if (last_is_point)
			break;
		if (p->tok.kind == TK_LPAREN && !is_next && args_after < 0) {
			/* the action's arguments: ACTION(v, _).start */
			args_after = n - 1;
			ref_args(p, &t->ref);
		}
		if (p->tok.kind != TK_DOT)
			expected(p, args_after == n - 1 ? "'.next', '.start' or '.end'" : "'.start' or '.end'");
		next(p);
	}
	t->point = strcmp(ids[n - 1], "end") == 0 ? ANML_END : ANML_START;
	int k = n - 1;
	if (k >= 1 && strcmp(ids[k - 1], "next") == 0) {
		t->next = 1;
		k--;
	}
	if (k < 1 || k > 2 || (args_after >= 0 && args_after != k - 1))
		fail_at(p, first, "expected [INSTANCE.]ACTION[(ARGS)][.next].start|end");
	t->ref.loc = first;
	t->ref.qual = k == 2 ? drv_strdup(ids[0]) : NULL;
	t->ref.action = drv_strdup(ids[k - 1]);
	if (p->tok.kind == TK_PLUS || p->tok.kind == TK_MINUS) {
		int neg = p->tok.kind == TK_MINUS;
		next(p);
		if (p->tok.kind != TK_INT)
			expected(p, "a number");
		t->k = (int) (neg ? -p->tok.ival : p->tok.ival);
		next(p);
	}
}

static int relop(const anml_tok *t)
{
	switch (t->kind) {
	case TK_LT: case TK_LE: case TK_EQ: case TK_GT: case TK_GE:
		return 1;
	}
	return 0;
}

/* descending chains (only '>', '>=', '=') are read right to left */
static void orient(parser *p, anml_constraint *c, int *raw, anml_loc *oploc)
{
	int up = 0, down = 0;
	for (int i = 0; i < c->nterms - 1; i++) {
		if (raw[i] == TK_LT || raw[i] == TK_LE)
			up = 1;
		if (raw[i] == TK_GT || raw[i] == TK_GE)
			down = 1;
		if (up && down)
			fail_at(p, oploc[i], "expected a chain in one direction: all of '<', '<=', '=' or all of '>', '>=', '='");
	}
	c->ops = drv_alloc((size_t) c->nterms * sizeof *c->ops);
	if (down) {
		for (int i = 0, j = c->nterms - 1; i < j; i++, j--) {
			anml_term t = c->terms[i];
			c->terms[i] = c->terms[j];
			c->terms[j] = t;
		}
		for (int i = 0; i < c->nterms - 1; i++) {
			int r = raw[c->nterms - 2 - i];
			c->ops[i] = r == TK_GT ? ANML_LT : r == TK_GE ? ANML_LE : ANML_EQ;
		}
	} else
		for (int i = 0; i < c->nterms - 1; i++)
			c->ops[i] = raw[i] == TK_LT ? ANML_LT : raw[i] == TK_LE ? ANML_LE : ANML_EQ;
}

static void constraint(parser *p, anml_model *m)
{
	anml_constraint *c = GROW(m->cons, m->ncons);
	c->loc = p->tok.loc;
	c->allen = -1;
	if (is_word(&p->tok, "at")) {
		next(p);
		c->has_at = 1;
		term(p, &c->at);
		if (c->at.is_const || c->at.k || c->at.next)
			fail_at(p, c->at.loc, "expected a timepoint ACTION.start|end (no 'next', no constant) as the reference point");
		expect(p, TK_COLON, "':' after the reference point");
	}
	/* X allen Y: one or two names, then an Allen relation */
	if (p->tok.kind == TK_ID && !is_reserved(&p->tok)) {
		int a1 = allen_of(&p->peek);
		if (a1 >= 0 || p->peek.kind == TK_DOT || p->peek.kind == TK_LPAREN) {
			anml_lexer save = p->lx;
			anml_tok st = p->tok, sp = p->peek;
			anml_ref *x = &p->trial;
			memset(x, 0, sizeof *x);
			ref(p, x, "an action");
			int a = allen_of(&p->tok);
			if (a >= 0) {
				c->allen = a;
				c->x = *x;
				memset(x, 0, sizeof *x);
				next(p);
				ref(p, &c->y, "an action after the Allen relation");
				return;
			}
			free(x->qual);
			free(x->action);
			free_ref_args(x);
			memset(x, 0, sizeof *x);
			p->lx = save;
			p->tok = st;
			p->peek = sp;
		}
	}
	int raw[64];
	anml_loc oploc[64];
	term(p, GROW(c->terms, c->nterms));
	if (!relop(&p->tok))
		expected(p, "'<', '<=', '=', '>=' or '>'");
	while (relop(&p->tok)) {
		if (c->nterms >= 64)
			fail_at(p, p->tok.loc, "a chain of more than 64 terms");
		raw[c->nterms - 1] = p->tok.kind;
		oploc[c->nterms - 1] = p->tok.loc;
		next(p);
		term(p, GROW(c->terms, c->nterms));
	}
	orient(p, c, raw, oploc);
}

static void constraints(parser *p, anml_model *m)
{
	next(p);
	while ((p->tok.kind == TK_ID && !is_section(&p->tok)) || p->tok.kind == TK_INT
	       || p->tok.kind == TK_MINUS)
		constraint(p, m);
}

int anml_parse(const char *file, const char *text, anml_model *m, anml_err *err)
{
	parser p;
	memset(m, 0, sizeof *m);
	memset(&p, 0, sizeof p);
	m->file = drv_strdup(file);
	p.file = file;
	p.err = err;
	if (setjmp(p.fail)) {
		free_pats(p.prev, p.nprev);
		free_pats(p.cur, p.ncur);
		free(p.trial.qual);
		free(p.trial.action);
		free_ref_args(&p.trial);
		return -1;
	}
	anml_lex_init(&p.lx, text);
	p.peek = anml_lex_next(&p.lx);
	next(&p);
	expect_word(&p, "PLAN");
	m->name = name(&p, "the plan's name", &m->loc);
	for (;;) {
		if (is_word(&p.tok, "TIMELINE"))
			timeline(&p, m);
		else if (is_word(&p.tok, "TYPES"))
			types(&p, m);
		else if (is_word(&p.tok, "VARIABLES"))
			variables(&p, m);
		else if (p.tok.kind == TK_INITIAL_STATE)
			initial(&p, m);
		else if (is_word(&p.tok, "GOALS"))
			goals(&p, m);
		else if (is_word(&p.tok, "CONSTRAINTS"))
			constraints(&p, m);
		else
			break;
	}
	char what[200];
	snprintf(what, sizeof what, "a section (TYPES, TIMELINE, VARIABLES, INITIAL-STATE, GOALS, CONSTRAINTS) or END %s", m->name);
	if (!is_word(&p.tok, "END"))
		expected(&p, what);
	next(&p);
	snprintf(what, sizeof what, "END %s", m->name);
	if (p.tok.kind != TK_ID || strlen(m->name) != p.tok.len
	    || strncmp(p.tok.s, m->name, p.tok.len) != 0)
		expected(&p, what);
	next(&p);
	if (p.tok.kind != TK_EOF)
		expected(&p, "the end of the file after END");
	return 0;
}
