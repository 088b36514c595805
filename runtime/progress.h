// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * progress.h -- what the search shows while it runs (progress.c): the
 * progress line (runtime.h: dmc_rt_progress_due, dmc_rt_progress) and,
 * with --plot-progress FILE.svg, samples of the best-first searches'
 * expansions drawn when the search ends: best h and the open list's
 * size over expansions, and the states expanded per f-layer.
 */
#ifndef DMC_PROGRESS_H
#define DMC_PROGRESS_H

#include "run_context.h"

#define DMC_PLOT_SAMPLES 1024
#define DMC_PLOT_LAYERS (1 << 20)      /* f-layers beyond are left out */

typedef struct {
	double expanded, open;
	int h, f;                          /* best h so far, f of the expansion (-1: none) */
} dmc_plot_sample;

/* --plot-progress: a sample every `every` expansions, at most
 * DMC_PLOT_SAMPLES (when full, every other one is dropped and the
 * interval doubles: the samples stay evenly spread whatever the
 * search's length), and the expansions per f-layer */
struct dmc_plot {
	double every, next;
	int n;
	dmc_plot_sample s[DMC_PLOT_SAMPLES];
	double *layer;
	int nlayer;
};

/* A best-first search expanded a state of depth g and value h (pop). */
void dmc_progress_expanded(dmc_run *R, int g, int h);

/* The end of the search: --plot-progress's picture written (a message
 * on standard error when it cannot be), its samples freed
 * (progress_plot.c). */
void dmc_progress_finish(dmc_run *R);

#endif
