// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * stmt.h -- what kind of statement a transition's text is, split into
 * its parts (left and right of an assignment, channel and fields of a
 * send or receive, the proctype a run starts).
 */
#ifndef DMC_STMT_H
#define DMC_STMT_H

#define DMC_STMT_MAX_RUNS 8

typedef enum {
	DMC_ST_COND,                  /* an expression: executable when true */
	DMC_ST_ASSIGN,                /* lhs = rhs */
	DMC_ST_SEND,                  /* chan!f0,f1,... (also chan!!...) */
	DMC_ST_RECV,                  /* chan?f0,f1,... (also ??, ?<...>) */
	DMC_ST_RUN,                   /* run P(...) */
	DMC_ST_ELSE, DMC_ST_TIMEOUT,  /* executable when nothing else is / all block */
	DMC_ST_NOP,                   /* changes nothing: (1), printf, assert, goto, -end- */
	DMC_ST_OTHER                  /* d_step, c_code, c_expr, anything else: effects unknown */
} dmc_stmt_kind;

typedef struct dmc_stmt {
	dmc_stmt_kind kind;
	char *buf;                    /* a copy of the text the parts point into */
	const char *lhs, *rhs;        /* ASSIGN; COND: rhs is the expression */
	const char *chan;             /* SEND, RECV */
	int nfields;
	const char **field;           /* SEND, RECV: nfields parts, however many */
	const char *proctype;         /* RUN */
	/* Read from the whole text, whatever its kind: */
	int embedded_c;               /* c_code or c_expr ("{c_code2}", "({c_code3})"):
	                               * may read and write anything */
	int nruns;                    /* `run NAME(` anywhere, e.g. "p = (run Q(5)+run Q(5))" */
	char runs[DMC_STMT_MAX_RUNS][64];   /* the proctypes, each once */
	int runs_unknown;             /* a run whose proctype could not be read, or more
	                               * than DMC_STMT_MAX_RUNS: it may start any proctype */
	int truncated;                /* no memory for the copy: the parts are unknown */
} dmc_stmt;

/* Classify and split text (pan's statement text), of any length and
 * with any number of fields.  Never fails: what is not recognised is
 * DMC_ST_OTHER; embedded C is always DMC_ST_OTHER with embedded_c set.
 * Every split is released with dmc_stmt_free. */
void dmc_stmt_split(const char *text, dmc_stmt *out);
void dmc_stmt_free(dmc_stmt *st);

/* p at a quote (' or "): the matching closing quote, skipping
 * backslash escapes; the last character when the text ends first. */
const char *dmc_text_skip_quoted(const char *p);

#endif
