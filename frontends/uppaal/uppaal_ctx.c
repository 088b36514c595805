// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_ctx.c -- the translator's arena, growable vectors, errors and
 * warnings.  An error formats "file:line: message" and longjmps back to
 * the entry point (up_translate_text), which frees the arena.
 */
#include "uppaal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct up_chunk {
	up_chunk *next;
	max_align_t data[];
};

void *up_alloc(up_ctx *c, size_t n)
{
	up_chunk *k = calloc(1, sizeof *k + n + 1);
	if (!k) {
		fputs("dmc: out of memory\n", stderr);
		exit(2);
	}
	k->next = c->chunks;
	c->chunks = k;
	return k->data;
}

char *up_strndup(up_ctx *c, const char *s, size_t n)
{
	char *p = up_alloc(c, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *up_strdup(up_ctx *c, const char *s)
{
	return up_strndup(c, s, strlen(s));
}

FILE *up_mem_open(up_ctx *c)
{
	if (c->nmem == 16)
		up_fail(c, NULL, 0, "functions nested too deeply");
	int i = c->nmem;
	c->membuf[i] = NULL;
	c->memlen[i] = 0;
	FILE *f = open_memstream(&c->membuf[i], &c->memlen[i]);
	if (!f) {
		fputs("dmc: out of memory\n", stderr);
		exit(2);
	}
	c->mem[i] = f;
	c->nmem++;
	return f;
}

char *up_mem_close(up_ctx *c, size_t *len)
{
	int i = --c->nmem;
	fclose(c->mem[i]);
	if (len)
		*len = c->memlen[i];
	return c->membuf[i];
}

void up_ctx_free(up_ctx *c)
{
	while (c->nmem > 0)
		free(up_mem_close(c, NULL));
	while (c->chunks) {
		up_chunk *k = c->chunks;
		c->chunks = k->next;
		free(k);
	}
}

void up_push(up_ctx *c, up_vec *a, void *p)
{
	if (a->n == a->cap) {
		int cap = a->cap ? 2 * a->cap : 8;
		void **v = up_alloc(c, (size_t)cap * sizeof *v);
		if (a->n)
			memcpy(v, a->v, (size_t)a->n * sizeof *v);
		a->v = v;
		a->cap = cap;
	}
	a->v[a->n++] = p;
}

static void format_err(up_ctx *c, const char *file, int line, int col, const char *fmt, va_list ap)
{
	int k = 0;
	if (file && line > 0 && col > 0)
		k = snprintf(c->err, sizeof c->err, "%s:%d:%d: ", file, line, col);
	else if (file && line > 0)
		k = snprintf(c->err, sizeof c->err, "%s:%d: ", file, line);
	else if (file)
		k = snprintf(c->err, sizeof c->err, "%s: ", file);
	if (k < 0 || (size_t)k >= sizeof c->err)
		k = 0;
	vsnprintf(c->err + k, sizeof c->err - (size_t)k, fmt, ap);
}

void up_fail(up_ctx *c, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	format_err(c, file, line, 0, fmt, ap);
	va_end(ap);
	longjmp(*c->on_error, 1);
}

void up_fail_at(up_ctx *c, const char *file, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	format_err(c, file, line, col, fmt, ap);
	va_end(ap);
	longjmp(*c->on_error, 1);
}

int up_find_nul(const char *text, size_t len, int *line, int *col)
{
	const char *z = memchr(text, 0, len);
	if (!z)
		return 0;
	*line = *col = 1;
	for (const char *p = text; p < z; p++) {
		if (*p == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
	return 1;
}

void up_check_no_nul(up_ctx *c, const char *file, const char *text, size_t len)
{
	int line, col;
	if (up_find_nul(text, len, &line, &col))
		up_fail_at(c, file, line, col, "a NUL byte (the file is not text)");
}

void up_warn(up_ctx *c, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	c->nwarn++;
	if (!c->warn)
		return;
	if (!file)
		fputs("dmc: warning: ", c->warn);
	else if (line > 0)
		fprintf(c->warn, "dmc: %s:%d: warning: ", file, line);
	else
		fprintf(c->warn, "dmc: %s: warning: ", file);
	va_start(ap, fmt);
	vfprintf(c->warn, fmt, ap);
	va_end(ap);
	fputc('\n', c->warn);
}
