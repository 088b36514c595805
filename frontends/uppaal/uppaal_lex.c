// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_lex.c -- tokens of UPPAAL's declaration, label and XTA syntax:
 * identifiers, decimal numbers, operators; // and block comments skipped.
 * Every token carries its line for error messages.
 */
#include "uppaal.h"
#include "pml_text.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* longest first */
static const char *const ops[] = {
	"<<=", ">>=", "->", "<=", ">=", "==", "!=", "&&", "||", "++", "--", "**", "<?", ">?",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", ":=",
	NULL
};

void up_lex_init_at(up_lex *l, up_ctx *c, const char *file, const char *text, int line, int col)
{
	memset(l, 0, sizeof *l);
	l->c = c;
	l->file = file;
	l->s = text ? text : "";
	l->line = line > 0 ? line : 1;
	l->col0 = col > 0 ? col : 1;
	up_next(l);
}

void up_lex_init(up_lex *l, up_ctx *c, const char *file, const char *text, int line)
{
	up_lex_init_at(l, c, file, text, line, 1);
}

/* the column of pos (on the current line) */
static int col_of(const up_lex *l, size_t pos)
{
	return (l->line_start == 0 ? l->col0 : 1) + (int) (pos - l->line_start);
}

void up_enter(up_lex *l)
{
	if (++l->depth > UP_MAX_NESTING)
		up_fail_at(l->c, l->file, l->t.line, l->t.col, "nested more than %d levels deep", UP_MAX_NESTING);
}

void up_leave(up_lex *l)
{
	l->depth--;
}

static void skip_space(up_lex *l)
{
	for (;;) {
		char ch = l->s[l->pos];
		if (ch == '\n') {
			l->line++;
			l->pos++;
			l->line_start = l->pos;
		} else if (isspace((unsigned char) ch)) {
			l->pos++;
		} else if (ch == '/' && l->s[l->pos + 1] == '/') {
			while (l->s[l->pos] && l->s[l->pos] != '\n')
				l->pos++;
		} else if (ch == '/' && l->s[l->pos + 1] == '*') {
			int start = l->line, col = col_of(l, l->pos);
			l->pos += 2;
			while (l->s[l->pos] && !(l->s[l->pos] == '*' && l->s[l->pos + 1] == '/')) {
				if (l->s[l->pos] == '\n') {
					l->line++;
					l->line_start = l->pos + 1;
				}
				l->pos++;
			}
			if (!l->s[l->pos])
				up_fail_at(l->c, l->file, start, col, "unterminated comment");
			l->pos += 2;
		} else {
			return;
		}
	}
}

void up_next(up_lex *l)
{
	skip_space(l);
	const char *p = l->s + l->pos;
	up_tok *t = &l->t;
	t->line = l->line;
	t->col = col_of(l, l->pos);
	t->num = 0;
	if (!*p) {
		t->kind = T_EOF;
		strcpy(t->text, "end of input");
		return;
	}
	if (isalpha((unsigned char) *p) || *p == '_') {
		size_t n = 0;
		while (isalnum((unsigned char) p[n]) || p[n] == '_')
			n++;
		if (n >= sizeof t->text)
			up_fail_at(l->c, l->file, l->line, t->col, "identifier too long (more than %d characters)",
				   (int) sizeof t->text - 1);
		t->kind = T_ID;
		memcpy(t->text, p, n);
		t->text[n] = 0;
		l->pos += n;
		return;
	}
	if (isdigit((unsigned char) *p)) {
		size_t n = 0;
		long v = 0;
		/* UPPAAL's int has 32 bits: up to 2^31 - 1, and 2^31 only
		 * after a minus sign (the parser checks that) */
		while (isdigit((unsigned char) p[n])) {
			v = v * 10 + (p[n] - '0');
			if (v > 2147483648L)
				up_fail_at(l->c, l->file, l->line, t->col,
					   "number too large (UPPAAL's int is 32 bits: at most 2147483647)");
			n++;
		}
		if (p[n] == '.' && isdigit((unsigned char) p[n + 1])) {
			size_t m = n + 1 + strspn(p + n + 1, "0123456789");
			if (m >= sizeof t->text || isalpha((unsigned char) p[m]) || p[m] == '.' || p[m] == '_')
				up_fail_at(l->c, l->file, l->line, t->col, "malformed number");
			t->kind = T_DBL;
			memcpy(t->text, p, m);
			t->text[m] = 0;
			t->dnum = strtod(t->text, NULL);
			l->pos += m;
			return;
		}
		if (isalpha((unsigned char) p[n]) || p[n] == '.' || p[n] == '_')
			up_fail_at(l->c, l->file, l->line, t->col, "malformed number");
		t->kind = T_NUM;
		t->num = v;
		snprintf(t->text, sizeof t->text, "%ld", v);
		l->pos += n;
		return;
	}
	for (int i = 0; ops[i]; i++) {
		size_t n = strlen(ops[i]);
		if (strncmp(p, ops[i], n) == 0) {
			t->kind = T_OP;
			strcpy(t->text, ops[i]);
			l->pos += n;
			return;
		}
	}
	if (strchr("+-*/%<>=!&|^~?:;,.(){}[]'", *p)) {
		t->kind = T_OP;
		t->text[0] = *p;
		t->text[1] = 0;
		l->pos++;
		return;
	}
	char what[32];
	pml_char_text(what, sizeof what, *p);
	up_fail_at(l->c, l->file, l->line, t->col, "unexpected character %s", what);
}

int up_is(const up_lex *l, const char *op)
{
	return l->t.kind != T_EOF && l->t.kind != T_NUM && strcmp(l->t.text, op) == 0;
}

int up_accept(up_lex *l, const char *op)
{
	if (!up_is(l, op))
		return 0;
	up_next(l);
	return 1;
}

void up_lex_fail(up_lex *l, const char *expected)
{
	if (l->t.kind == T_EOF)
		up_fail_at(l->c, l->file, l->t.line, l->t.col, "expected %s, found end of input", expected);
	up_fail_at(l->c, l->file, l->t.line, l->t.col, "expected %s, found '%s'", expected, l->t.text);
}

void up_expect(up_lex *l, const char *op)
{
	if (!up_accept(l, op)) {
		char what[80];
		snprintf(what, sizeof what, "'%s'", op);
		up_lex_fail(l, what);
	}
}

const char *up_expect_id(up_lex *l, const char *what)
{
	if (l->t.kind != T_ID)
		up_lex_fail(l, what);
	const char *s = up_strdup(l->c, l->t.text);
	up_next(l);
	return s;
}
