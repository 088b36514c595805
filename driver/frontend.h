// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * frontend.h -- the input languages dmc takes, behind one interface.
 *
 * A front end says which file suffixes it takes, translates a model into
 * Promela (and a generated C header of the model's metadata, which dmc
 * cc --meta compiles into pan), and prints a violation's trail in the
 * model's terms.  dmc check, dmc model, dmc translate and dmc plan pick
 * the front end by the model's file name (drv_frontend_for); the front
 * ends are listed in frontends/common/frontends.def.  Adding an input language
 * is its translator, one file defining its drv_frontend, and one line
 * there (docs/contributing.md).
 */
#ifndef DRV_FRONTEND_H
#define DRV_FRONTEND_H

#include "env.h"
#include "util.h"

/* What dmc check asks a front end to translate. */
typedef struct {
	const char *model;        /* as the user named it (a regular file) */
	const char *query;        /* --query, or NULL */
	int horizon;              /* --horizon, or 0 (the front end's default) */
	const char *cache;        /* the build cache: the translation goes there */
	int query_index;          /* k > 0: the k-th of the front end's queries()
	                           * only; 0: the query as the front end picks it */
	const char *encoding;     /* --encoding, or NULL (the front end's default) */
} drv_fe_request;

/* One of a model's queries, as dmc check lists them (queries() below). */
typedef struct {
	char *text;               /* the query as written, on one line */
	char *file;               /* where it starts */
	int line, col;
	char *skip;               /* why it cannot be checked, or NULL */
	int witness;              /* 1: a trail (a violation) shows the query
	                           * satisfied (E<>); 0: NOT satisfied (A[]) */
	char *note;               /* a caveat for an answer without a trail
	                           * (the translation may lose behaviours), or NULL */
} drv_fe_query;

/* A translation for dmc check, and what the check adds to its options. */
typedef struct {
	char *pml;                /* the Promela model to check */
	char *meta;               /* its generated metadata header, or NULL */
	const char *spin_opts;    /* spin -a's options when the user gave none, or NULL */
	drv_strv rt_opts;         /* options for pan's runtime, each added unless given */
	drv_strv rt_defaults;     /* the language's defaults for pan's runtime
	                           * ("--cost=moves"), each added unless the
	                           * user gave the option, with any value */
	drv_strv pan_opts;        /* pan's own options, added after the user's */
	void *model;              /* the front end's own (the parsed model), or NULL */
} drv_fe_job;

struct drv_msc_req;                    /* msc.h */

typedef struct drv_frontend {
	const char *name;                  /* "Promela", "UPPAAL", "ANMLite" */
	/* the file suffixes it takes, space-separated (".xml .xta"); "" for
	 * the last front end of the list, which takes every other file */
	const char *suffixes;
	/* dmc check's options only this language's models take (declared
	 * in runtime/options.def), space-separated ("--query"); NULL for
	 * none.  dmc check refuses such an option for a model of a front
	 * end that does not list it, naming the ones that do. */
	const char *options;
	/* dmc translate MODEL ...: the arguments after "translate"; NULL:
	 * the model is Promela already */
	int (*translate)(const drv_env *e, int argc, char **argv);
	/* dmc check: the model translated into the cache (job->pml, ...);
	 * 0, or 2 after a message.  NULL: the model is checked as it is. */
	int (*prepare)(const drv_env *e, const drv_fe_request *rq, drv_fe_job *job);
	/* after a violation: its trail (beside job->pml) in the model's
	 * terms on standard output; returns dmc check's status, 1 (the
	 * violation) or 2 (after a message).  NULL: SPIN's terms are the
	 * model's. */
	int (*show_trail)(const drv_env *e, const drv_fe_job *job);
	void (*release)(drv_fe_job *job);  /* job->model; may be NULL */
	/* dmc check: the queries of rq (a query file's, or the model's own)
	 * into *list (malloc'd, and each string in it; NULL for a formula
	 * given as the query: 1); their number, or -1 after a message.  With two or more, dmc check checks each in
	 * turn (drv_fe_request.query_index).  NULL: one query a run. */
	int (*queries)(const drv_env *e, const drv_fe_request *rq, drv_fe_query **list);
	/* dmc check --msc FILE.svg, dmc trail: after a violation, the chart
	 * of its counterexample into svg (msc.h); dmc check's status, 1 or
	 * 2 after a message.  NULL: a message that the language has no
	 * chart, then the trail as without --msc. */
	int (*msc)(const drv_env *e, const struct drv_msc_req *rq, const char *svg);
	/* dmc plan MODEL ...: the arguments after "plan"; dmc's exit status.
	 * NULL: the language has no planner (dmc plan refuses it). */
	int (*plan)(const drv_env *e, int argc, char **argv);
} drv_frontend;

/* The front end that takes path (by its suffix): never NULL, the last
 * one of the list takes every other file. */
const drv_frontend *drv_frontend_for(const char *path);
/* Every front end in list order, NULL-terminated. */
const drv_frontend *const *drv_frontend_all(void);
/* The suffixes the front ends that translate take, as "A, B or C"
 * (for messages); a static buffer. */
const char *drv_frontend_translated_suffixes(void);
/* Does fe take opt, one of the options some front end lists as its
 * own (drv_frontend.options)?  drv_frontend_option: does one? */
int drv_frontend_takes(const drv_frontend *fe, const char *opt);
int drv_frontend_option(const char *opt);
/* Frees what a job holds (and job->model through release). */
void drv_fe_job_free(const drv_frontend *fe, drv_fe_job *job);

#endif
