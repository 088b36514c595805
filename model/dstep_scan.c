// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * dstep_scan.c -- may a d_step of the model hide an assert? (dstep_scan.h)
 *
 * Purely textual, and conservative: comments and strings are blanked;
 * a name is "suspect" when it is assert, c_code or c_expr, or a macro
 * (#define) or inline whose body uses a suspect name or an array index
 * (pan's bounds check fails as an assertion); a d_step (or D_proctype)
 * body that uses a suspect name or indexes an array may hide an
 * assertion violation.  Code
 * that #if excludes is read all the same (only more suspects), and a
 * model that #includes files is not read at all: the answer is 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dstep_scan.h"

#define MAX_TEXT (64L << 20)          /* a larger model file is not read */

typedef struct {
	const char *name, *body;      /* the body: [body, end) of the blanked text */
	size_t nlen;
	const char *end;
	int suspect;
} def;

static int ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int ident_char(int c) { return ident_start(c) || (c >= '0' && c <= '9'); }

/* Comments and string contents become blanks (newlines stay). */
static void blank(char *s)
{
	for (char *p = s; *p; p++) {
		if (p[0] == '/' && p[1] == '*') {
			for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p != '\n')
					*p = ' ';
			if (!*p)
				return;
			p[0] = p[1] = ' ';
			p++;
		} else if (p[0] == '/' && p[1] == '/') {
			for (; *p && *p != '\n'; p++)
				*p = ' ';
			if (!*p)
				return;
		} else if (*p == '"') {
			for (p++; *p && *p != '"' && *p != '\n'; p++) {
				if (*p == '\\' && p[1] && p[1] != '\n')
					*p++ = ' ';
				*p = ' ';
			}
			if (!*p)
				return;
		}
	}
}

static int line_of(const char *text, const char *at)
{
	int n = 1;
	for (const char *p = text; p < at; p++)
		n += *p == '\n';
	return n;
}

/* The end of the brace group opening at *open ('{'), or NULL. */
static const char *group_end(const char *open)
{
	int depth = 0;
	for (const char *p = open; *p; p++) {
		depth += *p == '{';
		depth -= *p == '}';
		if (depth == 0)
			return p;
	}
	return NULL;
}

/* The first '{' after p, skipping blanks and a parameter list; NULL
 * when something else comes first. */
static const char *body_open(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || ident_char((unsigned char) *p))
		p++;
	if (*p == '(') {
		int depth = 0;
		for (; *p; p++) {
			depth += *p == '(';
			depth -= *p == ')';
			if (depth == 0)
				break;
		}
		if (*p)
			p++;
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
	}
	return *p == '{' ? p : NULL;
}

static int is_word(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && strncmp(w, s, n) == 0;
}

/* The first suspect name used in [p, end): 1 and its name in *used. */
static int uses_suspect(const char *p, const char *end, const def *defs, int ndefs,
                        const char **used, size_t *usedlen)
{
	static const char *const base[] = { "assert", "c_code", "c_expr" };
	while (p < end) {
		if (*p == '[') {          /* an index: pan checks its bounds */
			*used = p;
			*usedlen = 1;
			return 1;
		}
		if (!ident_start((unsigned char) *p) || (ident_char((unsigned char) p[-1]))) {
			p++;
			continue;
		}
		const char *w = p;
		while (p < end && ident_char((unsigned char) *p))
			p++;
		size_t n = (size_t) (p - w);
		for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
			if (is_word(w, n, base[i])) {
				*used = w;
				*usedlen = n;
				return 1;
			}
		for (int i = 0; i < ndefs; i++)
			if (defs[i].suspect && defs[i].nlen == n && strncmp(defs[i].name, w, n) == 0) {
				*used = w;
				*usedlen = n;
				return 1;
			}
	}
	return 0;
}

/* Macros and inlines: name and body. */
static int collect_defs(const char *s, def **out)
{
	int n = 0, cap = 0;
	def *defs = NULL;
	for (const char *p = s; *p; p++) {
		if (!ident_start((unsigned char) *p) || (p > s && ident_char((unsigned char) p[-1])))
			continue;
		const char *w = p;
		while (ident_char((unsigned char) p[1]))
			p++;
		size_t len = (size_t) (p + 1 - w);
		const char *hash = w;
		while (hash > s && (hash[-1] == ' ' || hash[-1] == '\t'))
			hash--;
		int is_define = is_word(w, len, "define") && hash > s && hash[-1] == '#';
		int is_inline = is_word(w, len, "inline");
		if (!is_define && !is_inline)
			continue;
		const char *name = p + 1;
		while (*name == ' ' || *name == '\t')
			name++;
		const char *ne = name;
		while (ident_char((unsigned char) *ne))
			ne++;
		if (ne == name)
			continue;
		def d = { name, ne, (size_t) (ne - name), NULL, 0 };
		if (is_define) {              /* to the end of the line, with continuations */
			const char *e = ne;
			while (*e && !(*e == '\n' && e[-1] != '\\'))
				e++;
			d.end = e;
		} else {
			const char *open = body_open(ne);
			if (!open || !(d.end = group_end(open)))
				continue;
			d.body = open;
		}
		if (n == cap) {
			def *more = realloc(defs, (size_t) (cap = cap ? 2 * cap : 16) * sizeof *more);
			if (!more) {
				free(defs);
				return -1;
			}
			defs = more;
		}
		defs[n++] = d;
	}
	*out = defs;
	return n;
}

int dmc_dstep_text_may_hide(const char *text, char *why, size_t whylen)
{
	char *s = malloc(strlen(text) + 2);
	def *defs = NULL;
	int ndefs, found = 0, changed = 1;
	const char *used;
	size_t usedlen;
	if (!s) {
		snprintf(why, whylen, "out of memory reading the model");
		return 1;
	}
	s[0] = '\n';                      /* so that p[-1] is always readable */
	strcpy(s + 1, text);
	blank(s + 1);
	for (const char *p = strstr(s, "include"); p; p = strstr(p + 1, "include")) {
		const char *q = p;
		while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q > s && q[-1] == '#') {
			snprintf(why, whylen, "line %d: the model includes other files, whose d_steps "
			         "are not read", line_of(s + 1, p));
			free(s);
			return 1;
		}
	}
	if ((ndefs = collect_defs(s + 1, &defs)) < 0) {
		snprintf(why, whylen, "out of memory reading the model");
		free(s);
		return 1;
	}
	while (changed) {                 /* suspect names, to a fixpoint */
		changed = 0;
		for (int i = 0; i < ndefs; i++)
			if (!defs[i].suspect && uses_suspect(defs[i].body, defs[i].end, defs, ndefs, &used, &usedlen))
				defs[i].suspect = changed = 1;
	}
	for (const char *p = s + 1; *p && !found; p++) {
		if (!ident_start((unsigned char) *p) || ident_char((unsigned char) p[-1]))
			continue;
		const char *w = p;
		while (ident_char((unsigned char) p[1]))
			p++;
		size_t len = (size_t) (p + 1 - w);
		if (!is_word(w, len, "d_step") && !is_word(w, len, "D_proctype"))
			continue;
		const char *open = body_open(p + 1), *end;
		if (!open || !(end = group_end(open)))
			continue;
		if (uses_suspect(open, end, defs, ndefs, &used, &usedlen)) {
			if (*used == '[')
				snprintf(why, whylen, "line %d: a %.*s indexes an array (pan reports an index out "
				         "of bounds as an assertion violation), which the targets cannot locate",
				         line_of(s + 1, w), (int) len, w);
			else
				snprintf(why, whylen, "line %d: a %.*s contains %.*s, which the targets cannot locate",
				         line_of(s + 1, w), (int) len, w, (int) (usedlen < 64 ? usedlen : 64), used);
			found = 1;
		}
	}
	free(defs);
	free(s);
	return found;
}

int dmc_dstep_file_may_hide(const char *path, char *why, size_t whylen)
{
	FILE *f = path && *path ? fopen(path, "rb") : NULL;
	char *text = NULL;
	long n = -1;
	int rc;
	if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && n <= MAX_TEXT
	    && fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t) n + 1)) != NULL) {
		if (fread(text, 1, (size_t) n, f) != (size_t) n) {
			free(text);
			text = NULL;
		} else
			text[n] = '\0';
	}
	if (f)
		fclose(f);
	if (!text) {
		snprintf(why, whylen, "the model's d_steps may hide asserts: cannot read %s",
		         path && *path ? path : "the model file");
		return 1;
	}
	/* a NUL inside the file ends the text read: SPIN would not read it either */
	rc = dmc_dstep_text_may_hide(text, why, whylen);
	free(text);
	return rc;
}
