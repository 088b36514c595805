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

#endif
