// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_lex.c -- the ANMLite lexer (see anml_lex.h).
 */
#include "anml_lex.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

void anml_lex_init(anml_lexer *lx, const char *text)
{
	lx->text = lx->p = text;
	lx->line = lx->col = 1;
}

static void advance(anml_lexer *lx, size_t n)
{
	while (n-- > 0 && *lx->p) {
		if (*lx->p == '\n') {
			lx->line++;
			lx->col = 1;
		} else
			lx->col++;
		lx->p++;
	}
}

static void skip_blanks(anml_lexer *lx)
{
	for (;;) {
		if (*lx->p && isspace((unsigned char) *lx->p))
			advance(lx, 1);
		else if (lx->p[0] == '/' && lx->p[1] == '/') {
			while (*lx->p && *lx->p != '\n')
				advance(lx, 1);
		} else
			return;
	}
}

static int is_id(int c)
{
	return isalnum(c) || c == '_';
}

anml_tok anml_lex_next(anml_lexer *lx)
{
	anml_tok t;
	skip_blanks(lx);
	memset(&t, 0, sizeof t);
	t.s = lx->p;
	t.loc.line = lx->line;
	t.loc.col = lx->col;
	const char *p = lx->p;
	size_t n = 1;
	if (!*p) {
		t.kind = TK_EOF;
		return t;
	}
	if (isalpha((unsigned char) *p) || (*p == '_' && is_id((unsigned char) p[1]))) {
		while (is_id((unsigned char) p[n]))
			n++;
		t.kind = TK_ID;
		if (n == 7 && strncmp(p, "INITIAL", 7) == 0 && strncmp(p + 7, "-STATE", 6) == 0
		    && !is_id((unsigned char) p[13])) {
			n = 13;
			t.kind = TK_INITIAL_STATE;
		}
	} else if (isdigit((unsigned char) *p)) {
		/* past INT_MAX the value stays INT_MAX + 1: the parser says
		 * "number too large" (never a silently smaller number) */
		long v = 0;
		while (isdigit((unsigned char) p[n - 1])) {
			v = v * 10 + (p[n - 1] - '0');
			if (v > INT_MAX)
				v = (long) INT_MAX + 1;
			n++;
		}
		n--;
		t.kind = TK_INT;
		t.ival = v;
	} else if (p[0] == '|' && p[1] == '-' && p[2] == '>') {
		t.kind = TK_MAPSTO;
		n = 3;
	} else if (p[0] == '-' && p[1] == '>') {
		t.kind = TK_ARROW;
		n = 2;
	} else if (p[0] == '<' && p[1] == '=') {
		t.kind = TK_LE;
		n = 2;
	} else if (p[0] == '>' && p[1] == '=') {
		t.kind = TK_GE;
		n = 2;
	} else {
		switch (*p) {
		case '_': t.kind = TK_WILD; break;
		case ':': t.kind = TK_COLON; break;
		case ',': t.kind = TK_COMMA; break;
		case ';': t.kind = TK_SEMI; break;
		case '[': t.kind = TK_LBRACK; break;
		case ']': t.kind = TK_RBRACK; break;
		case '(': t.kind = TK_LPAREN; break;
		case ')': t.kind = TK_RPAREN; break;
		case '{': t.kind = TK_LBRACE; break;
		case '}': t.kind = TK_RBRACE; break;
		case '|': t.kind = TK_BAR; break;
		case '.': t.kind = TK_DOT; break;
		case '+': t.kind = TK_PLUS; break;
		case '-': t.kind = TK_MINUS; break;
		case '<': t.kind = TK_LT; break;
		case '=': t.kind = TK_EQ; break;
		case '>': t.kind = TK_GT; break;
		default: t.kind = TK_BAD; break;
		}
	}
	t.len = n;
	advance(lx, n);
	return t;
}

const char *anml_tok_name(int kind)
{
	static const char *const names[] = {
		"end of file", "a name", "a number", "'_'", "':'", "','", "';'",
		"'['", "']'", "'('", "')'", "'{'", "'}'", "'|'", "'->'", "'|->'", "'.'",
		"'+'", "'-'", "'<'", "'<='", "'='", "'>='", "'>'", "INITIAL-STATE",
		"an unexpected character"
	};
	return kind >= 0 && kind <= TK_BAD ? names[kind] : "?";
}
