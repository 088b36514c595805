// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * progress.c -- pan's progress line (its snapshot()), at most once a
 * second, followed by the runtime's on standard error: what the search
 * knows that pan does not (open list, best h, the f-layer, rate).  pan
 * prints a line every million states and, in the nested DFS, every ten
 * levels of depth, which on a fast search is a flood; the glue's
 * dmc_snapshot asks dmc_rt_progress_due first (redirects.def), and
 * --quiet silences both.
 * --plot-progress's samples are taken here (progress.h) and drawn by
 * progress_plot.c.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"
#include "run_context.h"
#include "progress.h"
#include "search.h"
#include "heuristic.h"

#define DMC_PROGRESS_SECONDS 1.0

int dmc_rt_progress_due(const dmc_run *R)
{
	static double last = -1;
	if (R && R->opt.quiet)
		return 0;
	double now = dmc_now_seconds();
	if (last < 0)
		last = R && R->t_start > 0 ? R->t_start : now;
	if (now - last < DMC_PROGRESS_SECONDS)
		return 0;
	last = now;
	return 1;
}

/* f of a state as the search orders it; -1 when it is not a number */
static int f_of(const dmc_run *R, int g, int h)
{
	if (h < 0 || h >= DMC_H_INF)
		return -1;
	switch (dmc_searches[R->opt.search].order) {
	case DMC_SORDER_G:      return g;
	case DMC_SORDER_F: {           /* W = 1 for A* (dmc_options_check) */
		double f = g + R->opt.weight * h;
		return f < INT_MAX ? (int) f : -1;
	}
	default:                return h;
	}
}

void dmc_progress_expanded(dmc_run *R, int g, int h)
{
	int f = R->exp_f = f_of(R, g, h);
	if (!R->opt.plot_file)
		return;
	if (!R->plot && (R->plot = calloc(1, sizeof *R->plot)))
		R->plot->every = 1;
	struct dmc_plot *p = R->plot;
	if (!p)
		return;
	if (f >= 0 && f < DMC_PLOT_LAYERS) {
		if (f >= p->nlayer) {
			int n = p->nlayer ? p->nlayer : 64;
			while (n <= f)
				n *= 2;
			double *l = realloc(p->layer, (size_t) n * sizeof *l);
			if (l) {
				memset(l + p->nlayer, 0, (size_t) (n - p->nlayer) * sizeof *l);
				p->layer = l;
				p->nlayer = n;
			}
		}
		if (f < p->nlayer)
			p->layer[f]++;
	}
	if (R->st.expanded < p->next)
		return;
	if (p->n == DMC_PLOT_SAMPLES) {
		for (int i = 0; i < DMC_PLOT_SAMPLES / 2; i++)
			p->s[i] = p->s[2 * i];
		p->n = DMC_PLOT_SAMPLES / 2;
		p->every *= 2;
	}
	dmc_plot_sample *s = &p->s[p->n++];
	s->expanded = R->st.expanded;
	s->open = R->open ? (double) dmc_open_size(R->open) : 0;
	s->h = R->st.h_min;
	s->f = f;
	p->next = R->st.expanded + p->every;
}

void dmc_rt_progress(const dmc_run *R, FILE *f)
{
	FILE *out = f;
	if (!R)
		return;
	double secs = R->t_start > 0 ? dmc_now_seconds() - R->t_start : 0;
	fflush(stdout);
	fprintf(out, "spin-dmc: %.0f states stored, %.0f expanded, %.0f states/s",
	        R->st.stored, R->st.expanded, secs > 0 ? R->st.stored / secs : 0.0);
	if (R->open)
		fprintf(out, ", open list %zu (peak %.0f)", dmc_open_size(R->open), R->st.open_peak);
	if (R->st.h_min >= 0 && R->st.h_min < DMC_H_INF)
		fprintf(out, ", best h %d", R->st.h_min);
	if (R->open && R->exp_f >= 0)
		fprintf(out, ", f %d", R->exp_f);   /* the f-layer being expanded */
	fprintf(out, ", memory %.1f MB, %.1f s\n",
	        (dmc_br_pan_memory() + dmc_runtime_bytes(R)) / 1048576.0, secs);
	fflush(out);
}
