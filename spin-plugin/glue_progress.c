// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_progress.c -- pan's progress line inside the searches the runtime
 * drives: at most once a second, and with the runtime's own line after
 * it (runtime/progress.c).  pan's bfs() and store_state() call this in
 * place of snapshot() (redirects.def).  pan's line goes to standard
 * output, as in SPIN; the runtime's to standard error.
 */
#include "glue.h"

void snapshot(void);

void dmc_snapshot(void)
{
	if (!dmc_rt_progress_due(dmc_glue_run))
		return;
	snapshot();
	dmc_rt_progress(dmc_glue_run, stderr);
}
