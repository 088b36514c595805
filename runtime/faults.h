// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * faults.h -- a search that cannot finish: a signal or exhausted memory.
 *
 * One policy for both: the search stops, the results are printed as
 * usual (--json too) with verdict "incomplete" and the reason, and pan
 * exits 3.  Nothing is printed from a signal handler: it records the
 * signal, and the search loop stops at its next step (search.c).
 */
#ifndef DMC_FAULTS_H
#define DMC_FAULTS_H

#include <stddef.h>

/* Before pan's main: SIGTERM and SIGHUP are recorded from now on; SIGINT
 * is held back (pan installs its own handler for it, which would end
 * the process with status 0) until dmc_faults_take_sigint. */
void dmc_faults_install(void);
/* Once pan has set up (the search starts): the runtime's SIGINT handler
 * replaces pan's, and a SIGINT held back until now is delivered. */
void dmc_faults_take_sigint(void);
/* "interrupted by SIGINT" (SIGTERM, SIGHUP) once such a signal came;
 * else NULL.  Cheap: the search asks at every step. */
const char *dmc_faults_signal(void);
/* The same, counting a SIGINT still held back (for the results). */
const char *dmc_faults_interrupted(void);

/* Why an allocation failed ("out of memory (what ...)"), or NULL.
 * Recorded and then ending pan:
 * dmc_rt_out_of_memory (runtime.h), the one way an allocation failure
 * ends pan; the results report the incomplete search (exit status 3, or
 * 1 if a violation was found before). */
const char *dmc_faults_oom(void);

#endif
