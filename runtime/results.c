// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * results.c -- one table of results, one writer for text and JSON.
 *
 * The table is filled once, after the search; a row that does not fit
 * (more than DMC_RESULTS_MAX rows or 16 KB of strings) is dropped, which
 * only a programming error can cause: the rows are a fixed list.  It is
 * said on standard error, so that the JSON schema's test finds the member
 * missing and the message says why.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "results.h"
#include "heuristic.h"

void dmc_results_init(dmc_results *r)
{
	memset(r, 0, sizeof *r);
}

static dmc_result *add(dmc_results *r, dmc_result_kind kind, const char *key, const char *label)
{
	if (r->n >= DMC_RESULTS_MAX) {
		fprintf(stderr, "dmc: the results table is full (DMC_RESULTS_MAX): '%s' left out\n",
		        key ? key : label ? label : "?");
		return NULL;
	}
	dmc_result *x = &r->row[r->n++];
	memset(x, 0, sizeof *x);
	x->kind = kind;
	x->key = key;
	x->label = label;
	return x;
}

/* a copy of s in the table's buffer ("" when it is full) */
static const char *keep(dmc_results *r, const char *s)
{
	size_t n = strlen(s ? s : "") + 1;
	if (r->used + n > sizeof r->buf)
		return "";
	char *p = r->buf + r->used;
	memcpy(p, s ? s : "", n);
	r->used += n;
	return p;
}

void dmc_results_title(dmc_results *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->title, sizeof r->title, fmt, ap);
	va_end(ap);
}

void dmc_results_num(dmc_results *r, const char *key, const char *label, const char *fmt, double v)
{
	dmc_result *x = add(r, DMC_RES_NUM, key, label);
	if (x) {
		x->fmt = fmt;
		x->num = v;
	}
}

void dmc_results_str(dmc_results *r, const char *key, const char *label, const char *s)
{
	dmc_result *x = add(r, DMC_RES_STR, key, label);
	if (x)
		x->str = keep(r, s);
}

void dmc_results_bool(dmc_results *r, const char *key, int v)
{
	dmc_result *x = add(r, DMC_RES_BOOL, key, NULL);
	if (x)
		x->flag = v != 0;
}

void dmc_results_null(dmc_results *r, const char *key)
{
	add(r, DMC_RES_NULL, key, NULL);
}

void dmc_results_h(dmc_results *r, const char *key, const char *label, int h)
{
	dmc_result *x = add(r, DMC_RES_H, key, label);
	if (x)
		x->flag = h;
}

void dmc_results_text(dmc_results *r, const char *label, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	dmc_result *x = add(r, DMC_RES_TEXT, NULL, label);
	if (x)
		x->str = keep(r, line);
}

void dmc_results_object(dmc_results *r, const char *key)
{
	add(r, DMC_RES_OBJECT, key, NULL);
}

void dmc_results_raw(dmc_results *r, const char *key, const char *json)
{
	dmc_result *x = add(r, DMC_RES_RAW, key, NULL);
	if (x)
		x->str = keep(r, json);
}

void dmc_results_raw_ref(dmc_results *r, const char *key, const char *json)
{
	dmc_result *x = add(r, DMC_RES_RAW, key, NULL);
	if (x)
		x->str = json;
}

void dmc_results_end(dmc_results *r)
{
	add(r, DMC_RES_END, NULL, NULL);
}

static void write_h(FILE *f, int h)
{
	if (h == DMC_H_INF || h < 0)
		fputs(h < 0 ? "null" : "\"inf\"", f);
	else
		fprintf(f, "%d", h);
}

static void write_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char) *s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void dmc_results_write_text(FILE *f, const dmc_results *r)
{
	fprintf(f, "\n%s\n", r->title);
	for (int i = 0; i < r->n; i++) {
		const dmc_result *x = &r->row[i];
		if (!x->label)
			continue;
		switch (x->kind) {
		case DMC_RES_NUM:
			fprintf(f, "\t%-24s", x->label);
			fprintf(f, x->fmt ? x->fmt : "%g", x->num);
			fputc('\n', f);
			break;
		case DMC_RES_STR:
		case DMC_RES_TEXT:
			fprintf(f, "\t%-24s%s\n", x->label, x->str);
			break;
		case DMC_RES_H:
			fprintf(f, "\t%-24s", x->label);
			write_h(f, x->flag);
			fputc('\n', f);
			break;
		case DMC_RES_BOOL:
			fprintf(f, "\t%-24s%s\n", x->label, x->flag ? "yes" : "no");
			break;
		default:
			break;
		}
	}
	fflush(f);
}

void dmc_results_write_json(FILE *f, const dmc_results *r)
{
	int first = 1;
	fputc('{', f);
	for (int i = 0; i < r->n; i++) {
		const dmc_result *x = &r->row[i];
		if (x->kind == DMC_RES_END) {
			fputc('}', f);
			first = 0;
			continue;
		}
		if (!x->key)
			continue;
		fprintf(f, "%s\"%s\": ", first ? "" : ", ", x->key);
		first = 0;
		switch (x->kind) {
		case DMC_RES_NUM:
			fprintf(f, x->fmt ? x->fmt : "%g", x->num);
			break;
		case DMC_RES_STR:
			write_json_string(f, x->str);
			break;
		case DMC_RES_BOOL:
			fputs(x->flag ? "true" : "false", f);
			break;
		case DMC_RES_H:
			write_h(f, x->flag);
			break;
		case DMC_RES_RAW:
			fputs(x->str && *x->str ? x->str : "null", f);   /* "": did not fit */
			break;
		case DMC_RES_OBJECT:
			fputc('{', f);
			first = 1;
			break;
		default:
			fputs("null", f);
			break;
		}
	}
	fputs("}\n", f);
	fflush(f);
}
