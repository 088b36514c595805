// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_uppaal_common.h -- the UPPAAL translator's whole pipeline
 * (frontends/uppaal/uppaal.c: up_translate_text) on one fuzz input, for the XTA,
 * XML and query harnesses.  The Promela goes to a memory stream that is
 * thrown away; warnings are silent.
 */
#ifndef FUZZ_UPPAAL_COMMON_H
#define FUZZ_UPPAAL_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uppaal.h"

#define FUZZ_MAX_PROMELA (1L << 20)

/* stored query k (from 1) only, as dmc check translates each of several
 * queries; k 0: the first one dmc can check, as dmc translate does */
static inline void fuzz_uppaal_k(const char *file, const char *text, size_t len,
				 const char *query_text, const char *query_file, int k)
{
	up_ctx c;
	char *buf = NULL;
	size_t blen = 0;
	memset(&c, 0, sizeof c);
	/* the fuzzer looks for crashes and hangs in the translator, not for
	 * the seconds a translation of tens of MB (a legal model: 255
	 * instances of a large template) takes in an instrumented build:
	 * a smaller bound on the Promela, the same check */
	c.max_promela = FUZZ_MAX_PROMELA;
	FILE *out = open_memstream(&buf, &blen);
	if (!out)
		abort();
	int rc = up_translate_query(&c, file, text, len, query_text, query_file, k, out);
	fclose(out);
	if (getenv("FUZZ_VERBOSE"))      /* to see what a seed does */
		fprintf(stderr, "fuzz_uppaal: rc %d %s (%zu bytes of Promela)\n", rc, c.err, blen);
	free(buf);
	up_ctx_free(&c);
}

static inline void fuzz_uppaal(const char *file, const char *text, size_t len,
			       const char *query_text, const char *query_file)
{
	fuzz_uppaal_k(file, text, len, query_text, query_file, 0);
}

#endif
