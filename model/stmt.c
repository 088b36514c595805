// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * stmt.c -- split SPIN's statement text into its parts.
 *
 * pan's tables hold each statement as SPIN prints it: conditions fully
 * parenthesised "((x>3))", assignments "x = (x+1)", channel operations
 * "c!ack,3" and "c?req,loc[1]", "(run P())", "printf('...',x)",
 * "assert(...)", "else", "timeout", "-end-", "D_STEP12" (a d_step's code
 * lives only in pan.m), "{c_code2}" (c_code, also c_code [guard] {...}),
 * "({c_code3})" (c_expr).  The split is purely textual; the parts are then
 * parsed as expressions (expr.c).  Whatever the kind, the whole text is
 * also scanned for embedded C and for `run` in any expression
 * ("p = run Q()", "p = (run Q(5)+run Q(5))", "printf('%d',run Q())"):
 * the abstract model must see every process a statement may start.
 */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "stmt.h"

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	char *e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

const char *dmc_text_skip_quoted(const char *p)
{
	char quote = *p;
	while (p[1]) {
		p++;
		if (*p == '\\' && p[1])
			p++;
		else if (*p == quote)
			return p;
	}
	return p;
}

/* The first c at nesting depth 0 outside quotes, or NULL; for '=' only
 * a plain assignment (not == <= >= !=). */
static char *top_level(char *s, char c)
{
	int depth = 0;
	for (char *p = s; *p; p++) {
		switch (*p) {
		case '\'': case '"': p += dmc_text_skip_quoted(p) - p; continue;
		case '(': case '[': depth++; continue;
		case ')': case ']': depth--; continue;
		default: break;
		}
		if (depth != 0 || *p != c)
			continue;
		if (c == '=' && (p[1] == '=' || (p > s && strchr("=<>!", p[-1]))))
			continue;
		if (c == '!' && p[1] == '=')
			continue;
		return p;
	}
	return NULL;
}

static int starts_with_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	return strncmp(s, w, n) == 0 && !(isalnum((unsigned char) s[n]) || s[n] == '_');
}

/* Split "a,b,c" at depth-0 commas into out->field (room for one more
 * field than the text has commas). */
static void split_fields(char *s, dmc_stmt *out)
{
	out->nfields = 0;
	while (s && *s) {
		char *comma = top_level(s, ',');
		if (comma)
			*comma = '\0';
		out->field[out->nfields++] = trim(s);
		s = comma ? comma + 1 : NULL;
	}
}

/* The channel operand: a name, possibly indexed (anything inside the
 * brackets), right before op. */
static int is_chan_operand(const char *s, const char *op)
{
	int depth = 0;
	if (op == s || !(isalpha((unsigned char) *s) || *s == '_'))
		return 0;
	for (const char *p = s; p < op; p++) {
		if (*p == '[')
			depth++;
		else if (*p == ']')
			depth--;
		else if (depth == 0 && !(isalnum((unsigned char) *p) || *p == '_' || *p == '.' || *p == ' '))
			return 0;
	}
	return depth == 0;
}

static int is_ident_char(int c)
{
	return isalnum((unsigned char) c) || c == '_';
}

/* An identifier naming embedded C: pan's "c_codeN" stand-ins, or c_code
 * and c_expr themselves. */
static int is_embedded_c(const char *id, size_t n)
{
	if (n == 6 && (strncmp(id, "c_code", 6) == 0 || strncmp(id, "c_expr", 6) == 0))
		return 1;
	if (n <= 6 || strncmp(id, "c_code", 6) != 0)
		return 0;
	for (size_t i = 6; i < n; i++)
		if (!isdigit((unsigned char) id[i]))
			return 0;
	return 1;
}

static void add_run(dmc_stmt *out, const char *name, size_t n)
{
	for (int i = 0; i < out->nruns; i++)
		if (strlen(out->runs[i]) == n && strncmp(out->runs[i], name, n) == 0)
			return;
	if (out->nruns >= DMC_STMT_MAX_RUNS || n >= sizeof out->runs[0]) {
		out->runs_unknown = 1;
		return;
	}
	memcpy(out->runs[out->nruns], name, n);
	out->runs[out->nruns++][n] = '\0';
}

/* The identifiers of text outside quotes: embedded C, and run NAME(. */
static void scan_words(const char *text, dmc_stmt *out)
{
	for (const char *p = text; *p; p++) {
		if (*p == '\'' || *p == '"') {
			p = dmc_text_skip_quoted(p);
			continue;
		}
		if (!is_ident_char(*p) || (p > text && (is_ident_char(p[-1]) || p[-1] == '.')))
			continue;
		const char *w = p;
		while (is_ident_char(p[1]))
			p++;
		size_t n = (size_t) (p + 1 - w);
		if (is_embedded_c(w, n))
			out->embedded_c = 1;
		if (n != 3 || strncmp(w, "run", 3) != 0)
			continue;
		const char *name = p + 1, *end;
		while (*name == ' ' || *name == '\t')
			name++;
		for (end = name; is_ident_char(*end); end++)
			;
		const char *paren = end;
		while (*paren == ' ' || *paren == '\t')
			paren++;
		if (end == name || isdigit((unsigned char) *name) || *paren != '(')
			out->runs_unknown = 1;
		else
			add_run(out, name, (size_t) (end - name));
	}
}

void dmc_stmt_split(const char *text, dmc_stmt *out)
{
	char *s, *p;
	size_t len, nfields = 1;
	memset(out, 0, sizeof *out);
	if (!text)
		text = "";
	scan_words(text, out);
	len = strlen(text);
	for (const char *q = text; *q; q++)
		nfields += *q == ',';
	out->kind = DMC_ST_OTHER;
	out->buf = malloc(len + 1);
	out->field = malloc(nfields * sizeof *out->field);
	if (!out->buf || !out->field) {
		/* the parts cannot be kept: a condition without known guard,
		 * else effects unknown */
		dmc_stmt_free(out);
		out->truncated = 1;
		while (*text == ' ' || *text == '\t')
			text++;
		if (text[0] == '(' && !out->embedded_c && !out->nruns && !out->runs_unknown)
			out->kind = DMC_ST_COND;
		return;
	}
	memcpy(out->buf, text, len + 1);
	s = trim(out->buf);
	if (out->embedded_c)
		return;                   /* c_code, c_expr: may do anything */

	if (strcmp(s, "else") == 0) { out->kind = DMC_ST_ELSE; return; }
	if (strcmp(s, "timeout") == 0 || strcmp(s, "(timeout)") == 0) { out->kind = DMC_ST_TIMEOUT; return; }
	if (strcmp(s, "-end-") == 0 || strcmp(s, ".(goto)") == 0 || strncmp(s, "goto ", 5) == 0
	    || starts_with_word(s, "printf") || starts_with_word(s, "printm")
	    || starts_with_word(s, "assert") || strcmp(s, "break") == 0 || strcmp(s, "skip") == 0) {
		out->kind = DMC_ST_NOP;
		return;
	}
	if (strncmp(s, "D_STEP", 6) == 0 || s[0] == '{')
		return;                   /* code we cannot see: OTHER */
	if (s[0] == '(') {
		/* "(run P(..))" or a condition */
		char *in = trim(s + 1);
		if (starts_with_word(in, "run")) {
			char *name = trim(in + 3), *end = name;
			while (isalnum((unsigned char) *end) || *end == '_')
				end++;
			*end = '\0';
			out->kind = DMC_ST_RUN;
			out->proctype = name;
			return;
		}
		out->kind = DMC_ST_COND;
		out->rhs = s;
		return;
	}
	if ((p = top_level(s, '=')) != NULL) {
		*p = '\0';
		out->kind = DMC_ST_ASSIGN;
		out->lhs = trim(s);
		out->rhs = trim(p + 1);
		return;
	}
	if ((p = top_level(s, '!')) != NULL && is_chan_operand(s, p)) {
		*p = '\0';
		out->kind = DMC_ST_SEND;
		out->chan = trim(s);
		p++;
		if (*p == '!')                /* sorted send */
			p++;
		split_fields(p, out);
		return;
	}
	if ((p = top_level(s, '?')) != NULL && is_chan_operand(s, p)) {
		*p = '\0';
		out->chan = trim(s);
		p++;
		if (*p == '?')                /* random receive */
			p++;
		if (*p == '[') {              /* poll: a condition, no effect */
			out->kind = DMC_ST_COND;
			out->rhs = NULL;
			return;
		}
		out->kind = DMC_ST_RECV;
		if (*p == '<') {              /* copy-receive: fields in <...> */
			p++;
			char *close = strrchr(p, '>');
			if (close)
				*close = '\0';
		}
		split_fields(p, out);
		return;
	}
	/* a bare expression without parentheses */
	out->kind = DMC_ST_COND;
	out->rhs = s;
}

void dmc_stmt_free(dmc_stmt *st)
{
	free(st->buf);
	free(st->field);
	st->buf = NULL;
	st->field = NULL;
	st->nfields = 0;
}
