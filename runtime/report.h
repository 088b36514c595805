// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * report.h -- the results: a block after pan's summary, or one JSON object.
 */
#ifndef DMC_REPORT_H
#define DMC_REPORT_H

#include <stdio.h>

#include "run_context.h"

/* Prints the results of a run pan is ending with status (to stdout, and
 * with --json as one JSON object to the run's json stream) once, and
 * returns the process's exit status: 0 (no violation, complete search),
 * 1 (violation) or 3 (incomplete: a limit, a signal, out of memory).  It
 * ends the process itself with 2 when pan refused its options or stopped
 * at an error of its own that is not the model's violation (VECTORSZ too
 * small, ...).  Returns status unchanged, printing nothing, when there is
 * nothing to report (pan -d, a replay, a run the runtime cancelled). */
int dmc_report(dmc_run *R, int status);

/* --anytime: why the best trail is not proven shortest, or NULL when it
 * is (the search ran out of states that could lead to a shorter one, in
 * the full state graph: anytime.h). */
const char *dmc_report_anytime_unproven(const dmc_run *R);

/* Registered with on_exit, with the run as arg: ends the process with the
 * reported exit status, reporting first if pan left without wrapup. */
void dmc_report_on_exit(int status, void *arg);

#endif
