// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * clock_note.c -- the UPPAAL translation's zone notes read into the
 * abstract model (clock_note.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clock_note.h"

#define TOKS 6

/* the next item of *p (up to " , " or the end) split into words:
 * their number (0 at the end of the note) */
static int next_item(const char **p, char w[TOKS][64])
{
	const char *s = *p, *e;
	while (*s == ' ' || *s == ',')
		s++;
	if (!*s)
		return 0;
	e = strchr(s, ',');
	if (!e)
		e = s + strlen(s);
	*p = e;
	int n = 0;
	while (s < e) {
		while (s < e && *s == ' ')
			s++;
		if (s >= e)
			break;
		size_t k = 0;
		while (s < e && *s != ' ') {
			if (n < TOKS && k + 1 < sizeof w[0])
				w[n][k++] = *s;
			s++;
		}
		if (n < TOKS)
			w[n][k] = '\0';
		n++;
	}
	return n;
}

static int number(const char *w, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(w, &end, 10);
	if (!*w || *end || errno || v < -100000000L || v > 100000000L)
		return -1;
	*out = v;
	return 0;
}

static int compare(const char *w, dmc_ae_op *op)
{
	static const struct { const char *s; dmc_ae_op op; } ops[] = {
		{ "<", DMC_AE_LT }, { "<=", DMC_AE_LE }, { ">", DMC_AE_GT }, { ">=", DMC_AE_GE },
		{ "==", DMC_AE_EQ } };
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (!strcmp(w, ops[i].s)) {
			*op = ops[i].op;
			return 0;
		}
	return -1;
}

/* an item "c I OP K", "r I K", "f I" into *it: 0, or -1 */
static int item(char w[TOKS][64], int n, dmc_aclk *it)
{
	long c;
	memset(it, 0, sizeof *it);
	if (n < 2 || number(w[1], &c) < 0 || c < 1)
		return -1;
	it->clock = (int) c;
	if (!strcmp(w[0], "c") && n == 4 && compare(w[2], &it->op) == 0 && number(w[3], &it->value) == 0) {
		it->kind = 'c';
		return 0;
	}
	if (!strcmp(w[0], "r") && n == 3 && number(w[2], &it->value) == 0 && it->value >= 0) {
		it->kind = 'r';
		return 0;
	}
	if (!strcmp(w[0], "f") && n == 2) {
		it->kind = 'f';
		return 0;
	}
	return -1;
}

static int push(dmc_aclk **v, int *n, const dmc_aclk *it)
{
	dmc_aclk *m = realloc(*v, ((size_t) *n + 1) * sizeof *m);
	if (!m)
		return -1;
	m[(*n)++] = *it;
	*v = m;
	return 0;
}

/* "?" is a constraint between two clocks (a guard, or an invariant met
 * on the way), which the abstract zones do not keep: leaving a
 * constraint out only lets more valuations through, so an abstraction
 * stays an over-approximation (a reset or a free left out would not) */
int dmc_clk_note(const char *note, dmc_aclkprog *out)
{
	char w[TOKS][64];
	int n, bad = 0;
	memset(out, 0, sizeof *out);
	while (!bad && (n = next_item(&note, w)) > 0) {
		int kind = !strcmp(w[0], "test") ? DMC_CLK_TEST : !strcmp(w[0], "run") ? DMC_CLK_RUN
		           : !strcmp(w[0], "post") ? DMC_CLK_POST : 0;
		dmc_aclk it;
		if (kind && n == 1) {
			/* one kind a statement (a test and an effect would need both) */
			bad = out->kind && out->kind != kind;
			out->kind = kind;
		} else if (!out->kind)
			bad = 1;
		else if (out->kind == DMC_CLK_POST)
			break;                /* the tables: dmc_clk_tables */
		else if (n == 1 && !strcmp(w[0], "?"))
			continue;             /* a constraint between clocks: left out (below) */
		else if (item(w, n, &it) == 0)
			bad = push(&out->item, &out->n, &it) < 0;
		else
			bad = out->kind != DMC_CLK_TEST;
	}
	if (!out->kind)
		bad = 1;
	if (bad) {
		free(out->item);
		memset(out, 0, sizeof *out);
		return -1;
	}
	return 0;
}

int dmc_clk_tables(const char *note, dmc_amodel *m, int (*var)(void *ctx, const char *name), void *ctx)
{
	char w[TOKS][64];
	int n, bad = 0, nclocks = 0, nat = 0;
	long *max = NULL, c, v;
	dmc_aclkloc *at = NULL;
	dmc_aclk it;
	if ((n = next_item(&note, w)) != 1 || strcmp(w[0], "post"))
		return -1;
	while (!bad && (n = next_item(&note, w)) > 0) {
		if (!strcmp(w[0], "m") && n == 3 && number(w[1], &c) == 0 && c == nclocks + 1
		    && number(w[2], &v) == 0 && v >= 0) {
			long *mm = realloc(max, ((size_t) c + 1) * sizeof *mm);
			if (!mm) {
				bad = 1;
				break;
			}
			max = mm;
			max[0] = 0;
			max[c] = v;
			nclocks = (int) c;
		} else if (!strcmp(w[0], "at") && n == 3 && number(w[2], &v) == 0) {
			dmc_aclkloc *a = realloc(at, ((size_t) nat + 1) * sizeof *a);
			if (!a) {
				bad = 1;
				break;
			}
			at = a;
			memset(&at[nat], 0, sizeof at[nat]);
			at[nat].var = var(ctx, w[1]);
			at[nat].loc = v;
			bad = at[nat++].var < 0;
		} else if (!strcmp(w[0], "u") && n == 1 && nat > 0)
			at[nat - 1].urgent = 1;
		else if (!strcmp(w[0], "?") && n == 1 && nat > 0)
			continue;             /* an invariant between clocks: left out */
		else if (nat > 0 && item(w, n, &it) == 0 && it.clock <= nclocks)
			bad = push(&at[nat - 1].item, &at[nat - 1].n, &it) < 0;
		else
			bad = 1;
	}
	if (bad || !nclocks) {
		free(max);
		for (int i = 0; i < nat; i++)
			free(at[i].item);
		free(at);
		return -1;
	}
	m->nclocks = nclocks;
	m->clock_max = max;
	m->nclk_at = nat;
	m->clk_at = at;
	return 0;
}
