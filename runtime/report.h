// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * report.h -- the results: a block after pan's summary, or one JSON object.
 */
#ifndef DMC_REPORT_H
#define DMC_REPORT_H

#include <stdio.h>

/* Registered with on_exit, with the run as arg (it needs pan's exit
 * status; pan ends its process itself, from many places): prints the
 * results (to stdout, and with --json as one JSON object to the run's
 * json stream) and ends the process with 0 (no violation, complete search),
 * 1 (violation) or 3 (incomplete: a limit, a signal, out of memory);
 * with 2 when pan refused its options or stopped at an error of its own
 * that is not the model's violation (VECTORSZ too small, ...). */
void dmc_report_on_exit(int status, void *arg);

#endif
