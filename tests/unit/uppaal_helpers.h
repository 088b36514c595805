// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_helpers.h -- translate a model given as a string (frontends/
 * uppaal/uppaal*.c) for the UPPAAL unit tests: the Promela text or the error.
 */
#ifndef UPPAAL_HELPERS_H
#define UPPAAL_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uppaal.h"

typedef struct {
	int rc;
	char *pml;              /* the Promela text (rc 0) */
	char err[512];          /* "file:line: message" (rc 2) */
	int nwarn;
} up_result;

/* the translation of text (query: --target) in discrete time: these tests
 * check the discrete-time Promela, which the translation still writes
 * where zones are refused (test_uppaal_zone.c and tests/e2e/uppaal_zones.sh
 * check zones); up_run_zones: the default, zones where they are taken */
static inline up_result up_run_mode(const char *file, const char *text, const char *query, int zones)
{
	up_result r;
	up_ctx c;
	size_t len = 0;
	memset(&r, 0, sizeof r);
	memset(&c, 0, sizeof c);
	c.discrete_time = !zones;
	FILE *mem = open_memstream(&r.pml, &len);
	r.rc = up_translate_text(&c, file, text, strlen(text), query, NULL, mem);
	fclose(mem);
	snprintf(r.err, sizeof r.err, "%s", c.err);
	r.nwarn = c.nwarn;
	up_ctx_free(&c);
	return r;
}

static inline up_result up_run(const char *file, const char *text, const char *query)
{
	return up_run_mode(file, text, query, 0);
}

static inline up_result up_run_zones(const char *file, const char *text, const char *query)
{
	return up_run_mode(file, text, query, 1);
}

static inline void up_done(up_result *r)
{
	free(r->pml);
	r->pml = NULL;
}

static inline int has(const up_result *r, const char *needle)
{
	return r->pml && strstr(r->pml, needle) != NULL;
}

#endif
