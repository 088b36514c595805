// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * msc.h -- a counterexample as a message sequence chart (dmc check
 * --msc FILE.svg, dmc trail): a lifeline per process (Promela) or
 * template instance (UPPAAL), time downwards, an arrow per message
 * (a channel's send to its receive) or synchronisation (the sender's
 * edge to each receiver's), a mark for a step without one.
 */
#ifndef DRV_MSC_H
#define DRV_MSC_H

#include "env.h"
#include "frontend.h"

#include <stdio.h>

enum { DRV_MSC_MESSAGE, DRV_MSC_LOCAL, DRV_MSC_PENDING, DRV_MSC_DELAY };

typedef struct {
	int kind;           /* DRV_MSC_*: PENDING a send never received (still buffered);
	                       DELAY time passing (UPPAAL), across every lifeline */
	int from, to;       /* lifelines; to = from unless MESSAGE */
	int row, row_to;    /* where it starts and ends (time runs down) */
	char *label;        /* the step (the sender's, for a message) */
	char *label_to;     /* the receiver's step, or NULL */
} drv_msc_event;

typedef struct {
	char **lines;       /* the lifelines' names */
	int nlines;
	drv_msc_event *ev;
	int nev;
	int rows;
	char *title;
	char *end;          /* what the counterexample ends with (the violation), or NULL */
} drv_msc;

/* msc_parse.c: the chart of `spin -t -p -s -r` output (Promela
 * channels); 0, or -1 when the text has no step */
int drv_msc_from_spin(const char *text, drv_msc *m);
void drv_msc_free(drv_msc *m);
/* the builders a front end charts its own counterexample with: the
 * lifeline called name (added when new), an event (label copied) at
 * row, the next line of text into buf (NULL at the end) */
int drv_msc_lifeline(drv_msc *m, const char *name);
drv_msc_event *drv_msc_event_add(drv_msc *m, int kind, int from, int row, const char *label);
const char *drv_msc_next_line(const char *p, char *buf, size_t n);

/* msc.c: the chart as SVG; 0, or -1 when out could not be written */
int drv_msc_svg(FILE *out, const drv_msc *m);

/* msc_check.c: after dmc check found a violation, the chart of its
 * trail into svg, drawn by the model's front end (its msc member, see
 * frontend.h; the front end's counterexample printed as without --msc,
 * on standard error with --json); the status dmc check goes on with:
 * 1, or 2 after a message */
typedef struct drv_msc_req {
	const drv_frontend *fe;
	const drv_fe_job *job;
	const char *cache, *mdir, *mbase, *suffix, *model;
	int json;
} drv_msc_req;
int drv_msc_of_violation(const drv_env *e, const drv_msc_req *rq, const char *svg);
/* A chart of SPIN's trail (`spin -t -p -s -r`: processes, sends and
 * receives), replayed from a view of the model's directory in the
 * cache as --replay does: the msc of a front end whose counterexample
 * is SPIN's (Promela's) */
int drv_msc_of_spin_trail(const drv_env *e, const drv_msc_req *rq, const char *svg);
/* m into svg (a message when it cannot be written): 1, or 2 */
int drv_msc_write_svg(const char *svg, drv_msc *m);

#endif
