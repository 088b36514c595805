// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_none.c -- h = 0: blind search (A* becomes uniform-cost = BFS order).
 */
#include "heuristic.h"

/* No state: every instance is this one constant. */
static const char instance = 0;

static void *create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	(void)tg;
	(void)opts;
	(void)err;
	(void)errlen;
	return (void *)&instance;
}

static int eval(void *self, const dmc_state_view *s)
{
	(void)self;
	(void)s;
	return 0;
}

static void free_none(void *self)
{
	(void)self;
}

const dmc_heuristic dmc_h_none = {
	.name = "none", .summary = "h = 0 (uninformed)", .admissible = 1, .proves_dead_ends = 0,
	.create = create, .eval = eval, .free = free_none
};
