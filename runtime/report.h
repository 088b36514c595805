/*
 * report.h -- the results: a block after pan's summary, or one JSON object.
 */
#ifndef DMC_REPORT_H
#define DMC_REPORT_H

#include <stdio.h>

/* Where --json writes (the real stdout; pan's own output goes to stderr). */
void dmc_report_set_json_stream(FILE *f);
/* Registered with on_exit (it needs pan's exit status): prints the
 * results and ends the process with 0 (no violation, complete search),
 * 1 (violation) or 3 (incomplete: a limit, a signal, out of memory);
 * with 2 when pan refused its options or stopped at an error of its own
 * that is not the model's violation (VECTORSZ too small, ...). */
void dmc_report_on_exit(int status, void *arg);
/* The runtime ends pan with its own message (an error, --show-model):
 * no results. */
void dmc_report_cancel(void);

#endif
