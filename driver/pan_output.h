// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pan_output.h -- the verdict in the report of SPIN's own pan (pan.c
 * compiled without the runtime: the portfolio's depth-first member,
 * portfolio.h).
 *
 * pan's exit status is 0 whether or not it found an error, so the
 * verdict is read from what it prints:
 *   pan:1: assertion violated (x==1) (at depth 225)   the error, first
 *   pan: wrote MODEL.trail                             its trail
 *   State-vector 48 byte, depth reached 299, errors: 1
 *         727 states, stored
 *   Warning: Search not completed                     (also after an error)
 *   error: max search depth too small                 (-m: states cut off)
 *   pan: out of memory / pan: reached -DMEMLIM bound
 *   pan: elapsed time 0.07 seconds
 *   	never claim         	+ (NAME)                the claim searched
 * A violation is "errors: N" with N > 0; no violation needs "errors: 0"
 * and none of the signs of an incomplete search; a report without the
 * errors line (pan crashed, was killed, or refused its options) gives
 * no verdict, and neither does one where pan gave up on itself, which
 * it counts as an error too:
 *   pan: error, VECTORSZ too small, recompile pan.c with -DVECTORSZ=N ...
 *   pan:1: aborting (at depth 0)
 */
#ifndef DRV_PAN_OUTPUT_H
#define DRV_PAN_OUTPUT_H

typedef struct {
	long errors;            /* "errors: N", -1 when there is no such line */
	int not_completed;      /* "Search not completed" */
	int depth_cut;          /* "max search depth too small" */
	int out_of_memory;      /* "out of memory", "-DMEMLIM bound" */
	int interrupted;        /* "Interrupted" (pan's SIGINT handler) */
	int aborted;            /* "pan: error, ..." or "pan:1: aborting": pan's own failure */
	double states;          /* "N states, stored", -1 when absent */
	double elapsed;         /* "pan: elapsed time S seconds", -1 when absent */
	char error[256];        /* the first error, "assertion violated (x==1)" */
	char trail[256];        /* "pan: wrote NAME": NAME */
	char claim[128];        /* "never claim + (NAME)": NAME; "" without one (or -l's) */
} drv_pan_output;

/* Read pan's standard output text into *o. */
void drv_pan_output_parse(const char *text, drv_pan_output *o);

/* dmc's exit status for it: 1 violation, 0 no violation (a complete
 * search), 3 incomplete, 2 no verdict (none, or pan gave up) */
int drv_pan_output_status(const drv_pan_output *o);

/* the reason a search without an error is incomplete ("" otherwise) */
const char *drv_pan_output_incomplete(const drv_pan_output *o);

#endif
