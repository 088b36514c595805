// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_lex.h -- the ANMLite lexer: identifiers, integers, punctuation
 * and the INITIAL-STATE keyword; comments run from "//" to the end of
 * the line.  Every token carries its line and column.
 */
#ifndef PROM_ANML_LEX_H
#define PROM_ANML_LEX_H

#include "anml_ast.h"

enum {
	TK_EOF, TK_ID, TK_INT, TK_WILD /* _ */, TK_COLON, TK_COMMA, TK_SEMI,
	TK_LBRACK, TK_RBRACK, TK_LPAREN, TK_RPAREN, TK_LBRACE, TK_RBRACE,
	TK_BAR, TK_ARROW /* -> */, TK_MAPSTO /* |-> */, TK_DOT, TK_PLUS,
	TK_MINUS, TK_LT, TK_LE, TK_EQ, TK_GE, TK_GT, TK_INITIAL_STATE, TK_BAD
};

typedef struct {
	int kind;
	const char *s;   /* the token's text in the source */
	size_t len;
	long ival;       /* TK_INT: its value, INT_MAX + 1 when larger than INT_MAX */
	anml_loc loc;
} anml_tok;

typedef struct {
	const char *text, *p;
	int line, col;
} anml_lexer;

void anml_lex_init(anml_lexer *lx, const char *text);
/* The next token; TK_BAD for a character that starts no token. */
anml_tok anml_lex_next(anml_lexer *lx);
/* How a token kind is named in "expected ..." messages. */
const char *anml_tok_name(int kind);

#endif
