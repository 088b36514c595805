/*
 * report.h -- the results: a block after pan's summary, or one JSON object.
 */
#ifndef DMC_REPORT_H
#define DMC_REPORT_H

#include <stdio.h>

/* Where --json writes (the real stdout; pan's own output goes to stderr). */
void dmc_report_set_json_stream(FILE *f);
/* Registered with atexit: prints the results and ends the process with
 * 0 (no violation, complete), 1 (violation) or 3 (incomplete). */
void dmc_report_at_exit(void);

#endif
