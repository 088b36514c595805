// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_sexpr.c -- PDDL's text as s-expressions: lists in parentheses of
 * atoms (names, ?variables, :keywords, numbers, '-' and '='), with ';'
 * comments to the end of the line.  Every node keeps its line and
 * column for the messages of pddl_parse.c; atoms are lower-cased since
 * PDDL is case-insensitive.
 */
#include "pddl.h"
#include "util.h"
#include "pml_text.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 200   /* deeper nesting is no planning model (and would exhaust the stack) */

typedef struct {
	const char *file, *p;
	int line, col;
	pddl_err *err;
} reader;

static void skip_space(reader *r)
{
	for (;;) {
		if (*r->p == '\n') {
			r->line++;
			r->col = 1;
			r->p++;
		} else if (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\f') {
			r->col++;
			r->p++;
		} else if (*r->p == ';') {
			while (*r->p && *r->p != '\n')
				r->p++;
		} else
			return;
	}
}

static int atom_char(int c)
{
	return c > ' ' && c < 127 && c != '(' && c != ')' && c != ';';
}

static int fail(reader *r, const char *what)
{
	char found[32];
	if (!*r->p)
		snprintf(found, sizeof found, "the end of the file");
	else
		pml_char_text(found, sizeof found, (unsigned char) *r->p);
	snprintf(r->err->msg, sizeof r->err->msg, "%s:%d:%d: expected %s, found %s", r->file, r->line,
	         r->col, what, found);
	return -1;
}

/* the element at r->p (after space) into *s */
static int read_one(reader *r, pddl_sx *s, int depth)
{
	memset(s, 0, sizeof *s);
	s->file = r->file;
	s->line = r->line;
	s->col = r->col;
	if (*r->p == '(') {
		if (depth >= MAX_DEPTH)
			return fail(r, "at most 200 nested lists");
		r->p++;
		r->col++;
		int cap = 0;
		for (;;) {
			skip_space(r);
			if (*r->p == ')') {
				r->p++;
				r->col++;
				return 0;
			}
			if (!*r->p)
				return fail(r, "')'");
			if (s->n == cap) {
				cap = cap ? 2 * cap : 4;
				s->kids = drv_realloc(s->kids, (size_t) cap * sizeof *s->kids);
			}
			if (read_one(r, &s->kids[s->n], depth + 1) != 0) {
				s->n++;   /* freed with the rest */
				return -1;
			}
			s->n++;
		}
	}
	if (!atom_char((unsigned char) *r->p))
		return fail(r, "'(', ')' or a name");
	const char *b = r->p;
	while (atom_char((unsigned char) *r->p))
		r->p++;
	size_t n = (size_t) (r->p - b);
	r->col += (int) n;
	s->atom = drv_alloc(n + 1);
	for (size_t i = 0; i < n; i++)
		s->atom[i] = (char) tolower((unsigned char) b[i]);
	s->atom[n] = 0;
	return 0;
}

int pddl_sx_read(const char *file, const char *text, pddl_sx **out, int *n, pddl_err *err)
{
	reader r = { file, text, 1, 1, err };
	int cap = 0;
	*out = NULL;
	*n = 0;
	for (;;) {
		skip_space(&r);
		if (!*r.p)
			return 0;
		if (*r.p != '(')
			return fail(&r, "'(' (a define)");
		if (*n == cap) {
			cap = cap ? 2 * cap : 2;
			*out = drv_realloc(*out, (size_t) cap * sizeof **out);
		}
		int rc = read_one(&r, &(*out)[*n], 0);
		(*n)++;
		if (rc != 0)
			return -1;
	}
}

static void free_kids(pddl_sx *s)
{
	for (int i = 0; i < s->n; i++)
		free_kids(&s->kids[i]);
	free(s->kids);
	free(s->atom);
}

void pddl_sx_free(pddl_sx *s, int n)
{
	for (int i = 0; i < n; i++)
		free_kids(&s[i]);
	free(s);
}

void pddl_sx_describe(const pddl_sx *s, char *buf, size_t len)
{
	if (!s)
		snprintf(buf, len, "the end of the list");
	else if (s->atom)
		snprintf(buf, len, "'%.60s'", s->atom);
	else if (s->n > 0 && s->kids[0].atom)
		snprintf(buf, len, "'(%.60s ...)'", s->kids[0].atom);
	else
		snprintf(buf, len, "a list");
}
