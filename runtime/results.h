// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * results.h -- the results of a search as one table, written as the
 * text block after pan's summary and as one JSON object by one writer.
 *
 * Each row is a value with a JSON member name and a text label: a row
 * with no label is JSON only, a row with no key is a text line only
 * (lines that say several values in words, such as "memory (MB)").
 * Object rows open and close a nested JSON object ("liveness", "hcache").
 * Rows keep the order they are added in, in both outputs.
 */
#ifndef DMC_RESULTS_H
#define DMC_RESULTS_H

#include <stdio.h>

typedef enum {
	DMC_RES_NUM,                  /* a number, printed with the row's format */
	DMC_RES_STR,                  /* a string (JSON-escaped) */
	DMC_RES_BOOL,
	DMC_RES_NULL,                 /* JSON null; no text line */
	DMC_RES_H,                    /* a heuristic value: DMC_H_INF "inf", < 0 null */
	DMC_RES_TEXT,                 /* a text line only, already formatted */
	DMC_RES_OBJECT,               /* opens a JSON object (key); no text line */
	DMC_RES_RAW,                  /* JSON text written as it is; no text line */
	DMC_RES_END                   /* closes it */
} dmc_result_kind;

typedef struct dmc_result {
	dmc_result_kind kind;
	const char *key;              /* JSON member name, or NULL */
	const char *label;            /* text label, or NULL */
	const char *fmt;              /* DMC_RES_NUM: printf format of the value */
	double num;
	int flag;                     /* DMC_RES_BOOL, DMC_RES_H (the int value) */
	const char *str;              /* DMC_RES_STR, DMC_RES_TEXT (in the table's buffer) */
} dmc_result;

#define DMC_RESULTS_MAX 256

typedef struct dmc_results {
	char title[256];              /* the text block's first line */
	dmc_result row[DMC_RESULTS_MAX];
	int n;
	char buf[16384];              /* the strings of the rows */
	size_t used;
} dmc_results;

void dmc_results_init(dmc_results *r);
void dmc_results_title(dmc_results *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A number: fmt formats it for JSON and, with a label, for the text. */
void dmc_results_num(dmc_results *r, const char *key, const char *label,
                     const char *fmt, double v);
void dmc_results_str(dmc_results *r, const char *key, const char *label, const char *s);
void dmc_results_bool(dmc_results *r, const char *key, int v);
void dmc_results_null(dmc_results *r, const char *key);
void dmc_results_h(dmc_results *r, const char *key, const char *label, int h);
/* A text line only: label, then the formatted value. */
void dmc_results_text(dmc_results *r, const char *label, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void dmc_results_object(dmc_results *r, const char *key);
/* A JSON-only member whose value is the JSON text json (an array, ...). */
void dmc_results_raw(dmc_results *r, const char *key, const char *json);
/* The same for JSON text too long for the table's buffer (a distributed
 * run's ranks): not copied, so it must outlive the table's writing. */
void dmc_results_raw_ref(dmc_results *r, const char *key, const char *json);
void dmc_results_end(dmc_results *r);

void dmc_results_write_text(FILE *f, const dmc_results *r);
void dmc_results_write_json(FILE *f, const dmc_results *r);

#endif
