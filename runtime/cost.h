// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cost.h -- what g counts (cost.c, --cost): pan's steps, or moves.
 */
#ifndef DMC_COST_H
#define DMC_COST_H

#include "run_context.h"

/* Whether g counts moves in this run (R->cost), and why not: once, when
 * the best-first search starts (its kind and --anytime are known). */
void dmc_cost_start(dmc_run *R);

/* Whether the heuristic's h is a lower bound in g's unit: the heuristics
 * bound pan's steps, which bound nothing in moves (a move may be many
 * steps) unless h is 0 everywhere. */
int dmc_cost_h_admissible(const dmc_run *R);

/* "steps" or "moves": the unit A*'s "guaranteed shortest" is in */
const char *dmc_cost_unit(const dmc_run *R);

#endif
