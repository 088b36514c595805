// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * util.c -- messages, memory and argument vectors for the driver.
 */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the last message, for --json's error object (json_error.c) */
static char last_msg[1024];

void drv_msg(const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	va_start(ap, fmt);
	vsnprintf(last_msg, sizeof last_msg, fmt, ap);
	va_end(ap);
	fputs("dmc: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void drv_msg_plain(const char *s)
{
	fflush(stdout);
	snprintf(last_msg, sizeof last_msg, "%s", s);
	fprintf(stderr, "%s\n", s);
}

void drv_msg_note(const char *s)
{
	snprintf(last_msg, sizeof last_msg, "%s", s);
}

const char *drv_last_msg(void)
{
	return last_msg;
}

static void out_of_memory(void)
{
	fputs("dmc: out of memory\n", stderr);
	exit(2);
}

void *drv_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *drv_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *drv_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(drv_alloc(n), s, n);
}

char *drv_printf(const char *fmt, ...)
{
	char small[256];
	va_list ap;
	int n;
	char *s;
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		out_of_memory();
	s = drv_alloc((size_t)n + 1);
	if ((size_t)n < sizeof small) {
		memcpy(s, small, (size_t)n + 1);
		return s;
	}
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static void strv_add(drv_strv *a, char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap ? 2 * a->cap : 16;
		a->v = drv_realloc(a->v, a->cap * sizeof *a->v);
	}
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
}

void drv_strv_push(drv_strv *a, const char *s)
{
	strv_add(a, drv_strdup(s));
}

void drv_strv_push_words(drv_strv *a, const char *s)
{
	static const char blanks[] = " \t\n";
	while (*s) {
		size_t skip = strspn(s, blanks), len;
		s += skip;
		len = strcspn(s, blanks);
		if (len == 0)
			break;
		char *w = drv_alloc(len + 1);
		memcpy(w, s, len);
		w[len] = '\0';
		strv_add(a, w);
		s += len;
	}
}

void drv_strv_free(drv_strv *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	a->v = NULL;
	a->n = a->cap = 0;
}
