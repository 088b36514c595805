// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * progress.c -- pan's progress line (its snapshot()), at most once a
 * second, followed by the runtime's: what the search knows that pan does
 * not (open list, best h, rate).  pan prints a line every million states
 * and, in the nested DFS, every ten levels of depth, which on a fast
 * search is a flood; the glue's dmc_snapshot asks dmc_rt_progress_due
 * first (redirects.def).
 */
#include <stdio.h>

#include "runtime.h"
#include "run_context.h"
#include "search.h"
#include "heuristic.h"

#define DMC_PROGRESS_SECONDS 1.0

int dmc_rt_progress_due(const dmc_run *R)
{
	static double last = -1;
	double now = dmc_now_seconds();
	if (last < 0)
		last = R && R->t_start > 0 ? R->t_start : now;
	if (now - last < DMC_PROGRESS_SECONDS)
		return 0;
	last = now;
	return 1;
}

void dmc_rt_progress(const dmc_run *R, FILE *f)
{
	if (!R)
		return;
	double secs = R->t_start > 0 ? dmc_now_seconds() - R->t_start : 0;
	fprintf(f, "spin-dmc: %.0f states stored, %.0f expanded, %.0f states/s",
	        R->st.stored, R->st.expanded, secs > 0 ? R->st.stored / secs : 0.0);
	if (R->open)
		fprintf(f, ", open list %zu (peak %.0f)", dmc_open_size(R->open), R->st.open_peak);
	if (R->st.h_min >= 0 && R->st.h_min < DMC_H_INF)
		fprintf(f, ", best h %d", R->st.h_min);
	fprintf(f, ", runtime %.1f MB, %.1f s\n", dmc_runtime_bytes(R) / 1048576.0, secs);
	fflush(f);
}
