// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_banner.c -- pan's lines that are false for a run of the runtime,
 * and what is printed instead.
 *
 * pan's wrapup() calls dmc_wrapup_printf for its printf, and its main()
 * dmc_main_fprintf for its fprintf (redirects.def).  Both print what pan
 * asked for, but for the lines of false_lines below, recognised by their
 * format string (pan's literal, exactly): pan -DBFS describes its own
 * breadth-first search, which the runtime replaced.
 */
#include "glue.h"

/* "+ Breadth-First Search": true for the runtime's bfs only */
static int search_line(FILE *f, const char *fmt, va_list ap)
{
	char words[160];
	if (!dmc_rt_search_words(dmc_glue_run, words, sizeof words))
		return vfprintf(f, fmt, ap);
	return fprintf(f, "\t+ spin-dmc search %s\n", words);
}

/* "cycle checks - (disabled by -DSAFETY)": -DBFS implies -DSAFETY, but
 * the runtime's nested DFS checks the cycles of -a and -l (in SPIN's
 * words; the runtime refuses -f) */
static int cycles_line(FILE *f, const char *fmt, va_list ap)
{
	switch (dmc_rt_live(dmc_glue_run)) {
	case 1: return fprintf(f, "\tacceptance   cycles \t+ (fairness disabled)\n");
	case 2: return fprintf(f, "\tnon-progress cycles \t+ (fairness disabled)\n");
	default: return vfprintf(f, fmt, ap);
	}
}

/* the version line, where pan says "Search not completed" when it did
 * not finish: the runtime may end a search pan thinks finished */
static int version_line(FILE *f, const char *fmt, va_list ap)
{
	int n = vfprintf(f, fmt, ap);
	if (dmc_br_search_done() && dmc_rt_cut_short(dmc_glue_run))
		fputs("Warning: Search not completed\n", f);
	return n;
}

/* "use of rendezvous with BFS does not preserve all invalid endstates":
 * the glue decides blocked offers as SPIN's depth-first search does
 * (glue_rv.c; tests/e2e/rendezvous.sh checks it against SPIN's DFS) */
static int rendezvous_line(FILE *f, const char *fmt, va_list ap)
{
	(void) fmt;
	(void) ap;
	return fprintf(f, "note: spin-dmc decides rendezvous offers as SPIN's depth-first search "
	               "does (invalid end states preserved)\n");
}

/* "only one claim defined, -N ignored": the runtime checked that -N
 * (--ltl) names a claim of the model (runtime/ndfs.c), so with one claim
 * the one named is the one checked */
static int nothing(FILE *f, const char *fmt, va_list ap)
{
	(void) f;
	(void) fmt;
	(void) ap;
	return 0;
}

static const struct {
	const char *pan;              /* pan's format string */
	int (*instead)(FILE *f, const char *fmt, va_list ap);
} false_lines[] = {
	{ "\t+ Breadth-First Search\n", search_line },
	{ "\tcycle checks       \t- (disabled by -DSAFETY)\n", cycles_line },
	{ "\n(%s)\n", version_line },
	{ "warning: use of rendezvous with BFS does not preserve all invalid endstates\n",
	  rendezvous_line },
	{ "warning: only one claim defined, -N ignored\n", nothing },
};

static int print(FILE *f, const char *fmt, va_list ap)
{
	for (size_t i = 0; i < sizeof false_lines / sizeof false_lines[0]; i++)
		if (strcmp(fmt, false_lines[i].pan) == 0)
			return false_lines[i].instead(f, fmt, ap);
	return vfprintf(f, fmt, ap);
}

int dmc_wrapup_printf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = print(stdout, fmt, ap);
	va_end(ap);
	return n;
}

int dmc_main_fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = print(f, fmt, ap);
	va_end(ap);
	return n;
}
