// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * search.h -- the search policy over pan's expansion interface, and the
 * statistics it keeps.
 */
#ifndef DMC_SEARCH_H
#define DMC_SEARCH_H

#include "options.h"
#include "targets.h"
#include "heuristic.h"
#include "run_context.h"

double dmc_now_seconds(void);
double dmc_runtime_bytes(const dmc_run *R);
/* The search ends with its own message (exit 2): no results. */
_Noreturn void dmc_search_fail(dmc_run *R, const char *msg);
/* A limit (time, memory, a signal, an allocation) ended the search:
 * R->stopped says which. */
int dmc_search_limit_reached(dmc_run *R);

extern const dmc_search_ops dmc_best_first;   /* search.c: every --search */
extern const dmc_search_ops dmc_nested_dfs;   /* ndfs.c: -a and -l */

#endif
