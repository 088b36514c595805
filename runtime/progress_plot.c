// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * progress_plot.c -- --plot-progress FILE.svg: the samples progress.c
 * took, drawn when the search ends, in three panels over one another:
 * the best h so far and the open list's size, both over the states
 * expanded (h falling towards 0 is the heuristic leading the search to
 * a target; a flat h with a growing open list is a plateau), and the
 * states expanded per f-layer (f as the search orders its open list:
 * g + h for astar, g + W*h for wastar, h for greedy, beam and ut, g for
 * bfs and dfs).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"
#include "bridge.h"
#include "run_context.h"
#include "progress.h"
#include "heuristic.h"
#include "svg.h"

#define W 860.0
#define LEFT 80.0
#define RIGHT 30.0
#define PANEL_H 170.0
#define GAP 70.0
#define TOP 60.0

typedef struct {
	double x0, y0, w, h;             /* the plot area */
	double xmax, ymax;
} panel;

/* 12345 -> "12.3k": axis labels that fit */
static void number(char *buf, size_t n, double v)
{
	if (v >= 1e6)
		snprintf(buf, n, "%gM", round(v / 1e5) / 10);
	else if (v >= 1e4)
		snprintf(buf, n, "%gk", round(v / 1e2) / 10);
	else
		snprintf(buf, n, "%g", v);
}

static double px(const panel *p, double x) { return p->x0 + (p->xmax > 0 ? x / p->xmax : 0) * p->w; }
static double py(const panel *p, double y) { return p->y0 + p->h - (p->ymax > 0 ? y / p->ymax : 0) * p->h; }

/* frame, grid, tick labels and the titles of panel p; xmax and ymax are
 * rounded up to a tick */
static void axes(FILE *out, panel *p, const char *title, const char *xlabel, const char *ylabel)
{
	char t[64];
	double xs = dmc_svg_tick(p->xmax, 8), ys = dmc_svg_tick(p->ymax, 5);
	p->xmax = xs * ceil(p->xmax / xs);
	p->ymax = ys * ceil(p->ymax / ys);
	if (p->xmax <= 0)
		p->xmax = xs;
	if (p->ymax <= 0)
		p->ymax = ys;
	dmc_svg_text(out, p->x0, p->y0 - 10, "start", 13, 0, "black", title);
	for (double y = 0; y <= p->ymax + 1e-9; y += ys) {
		number(t, sizeof t, y);
		dmc_svg_line(out, p->x0, py(p, y), p->x0 + p->w, py(p, y), "#e0e0e0", 1, 0);
		dmc_svg_text(out, p->x0 - 6, py(p, y) + 4, "end", 11, 0, "#444", t);
	}
	for (double x = 0; x <= p->xmax + 1e-9; x += xs) {
		number(t, sizeof t, x);
		dmc_svg_line(out, px(p, x), p->y0 + p->h, px(p, x), p->y0 + p->h + 4, "#444", 1, 0);
		dmc_svg_text(out, px(p, x), p->y0 + p->h + 17, "middle", 11, 0, "#444", t);
	}
	dmc_svg_rect(out, p->x0, p->y0, p->w, p->h, "none", "#444");
	dmc_svg_text(out, p->x0 + p->w / 2, p->y0 + p->h + 33, "middle", 12, 0, "#444", xlabel);
	dmc_svg_text(out, p->x0 - 52, p->y0 + p->h / 2, "middle", 12, -90, "#444", ylabel);
}

/* a line of samples: value(i) over expansions, from the last sample
 * the value is known (h < 0 or infinite: a gap) */
static void series(FILE *out, const panel *p, const struct dmc_plot *pl, int which, const char *colour)
{
	double *xs = malloc((size_t) pl->n * sizeof *xs), *ys = malloc((size_t) pl->n * sizeof *ys);
	int n = 0;
	for (int i = 0; xs && ys && i <= pl->n; i++) {
		const dmc_plot_sample *s = i < pl->n ? &pl->s[i] : NULL;
		double v = !s ? -1 : which ? s->open : s->h >= 0 && s->h < DMC_H_INF ? s->h : -1;
		if (v < 0) {                  /* a gap, or the end: draw what came before */
			if (n == 1)
				dmc_svg_rect(out, xs[0] - 1.5, ys[0] - 1.5, 3, 3, colour, "none");
			if (n > 1)
				dmc_svg_polyline(out, xs, ys, n, colour, 2);
			n = 0;
			continue;
		}
		xs[n] = px(p, s->expanded);
		ys[n] = py(p, v);
		n++;
	}
	free(xs);
	free(ys);
}

static int draw(FILE *out, const dmc_run *R, const struct dmc_plot *pl)
{
	char t[512];
	double xmax = 0, hmax = 0, omax = 0, lmax = 0;
	int fmax = -1;
	for (int i = 0; i < pl->n; i++) {
		const dmc_plot_sample *s = &pl->s[i];
		xmax = s->expanded > xmax ? s->expanded : xmax;
		if (s->h >= 0 && s->h < DMC_H_INF && s->h > hmax)
			hmax = s->h;
		omax = s->open > omax ? s->open : omax;
	}
	for (int f = 0; f < pl->nlayer; f++)
		if (pl->layer[f] > 0) {
			fmax = f;
			lmax = pl->layer[f] > lmax ? pl->layer[f] : lmax;
		}
	double h = TOP + 3 * (PANEL_H + GAP);
	dmc_svg_begin(out, W, h);
	snprintf(t, sizeof t, "search %s, heuristic %s: %.0f states expanded, %.0f stored", R->opt.search_name,
	         R->heur ? R->heur->name : R->opt.heuristic, R->st.expanded, R->st.stored);
	dmc_svg_text(out, 12, 24, "start", 15, 0, "black", t);
	snprintf(t, sizeof t, "model %s", dmc_br_model_file());
	dmc_svg_text(out, 12, 42, "start", 12, 0, "#444", t);

	panel a = { LEFT, TOP + 10, W - LEFT - RIGHT, PANEL_H, xmax, hmax };
	axes(out, &a, "best h so far (smallest h of a generated state)", "states expanded", "h");
	series(out, &a, pl, 0, "#1f77b4");
	panel b = { LEFT, a.y0 + PANEL_H + GAP, W - LEFT - RIGHT, PANEL_H, xmax, omax };
	axes(out, &b, "open list size", "states expanded", "states queued");
	series(out, &b, pl, 1, "#e07b00");

	/* expansions per f-layer; layers binned when there are more than
	 * the panel has room for */
	panel c = { LEFT, b.y0 + PANEL_H + GAP, W - LEFT - RIGHT, PANEL_H, fmax + 1, 0 };
	int bin = 1;
	while ((fmax + 1) / bin > 200)
		bin *= 2;
	double binmax = 0;
	for (int f0 = 0; f0 <= fmax; f0 += bin) {
		double sum = 0;
		for (int f = f0; f < f0 + bin && f <= fmax; f++)
			sum += pl->layer[f];
		binmax = sum > binmax ? sum : binmax;
	}
	c.ymax = binmax > 0 ? binmax : lmax;
	snprintf(t, sizeof t, "states expanded per f-layer (f = %s)%s",
	         dmc_search_f_text(&dmc_searches[R->opt.search]),
	         bin > 1 ? ", layers binned" : "");
	axes(out, &c, t, "f", "states expanded");
	for (int f0 = 0; f0 <= fmax; f0 += bin) {
		double sum = 0;
		for (int f = f0; f < f0 + bin && f <= fmax; f++)
			sum += pl->layer[f];
		if (sum <= 0)
			continue;
		char title[96];
		snprintf(title, sizeof title, "f %d%s%.0d: %.0f states expanded", f0, bin > 1 ? ".." : "",
		         bin > 1 ? f0 + bin - 1 : 0, sum);
		double x = px(&c, f0), w = px(&c, f0 + bin) - x;
		dmc_svg_group_begin(out, title);
		dmc_svg_rect(out, x + (w > 4 ? 0.5 : 0), py(&c, sum), w > 4 ? w - 1 : w, c.y0 + c.h - py(&c, sum),
		             "#2a9d8f", "none");
		dmc_svg_group_end(out);
	}
	if (pl->n == 0)
		dmc_svg_text(out, W / 2, TOP + PANEL_H / 2, "middle", 14, 0, "#a00",
		             "no expansions sampled (the nested DFS of -a/-l is not a best-first search)");
	dmc_svg_end(out);
	return ferror(out) ? -1 : 0;
}

void dmc_progress_finish(dmc_run *R)
{
	if (!R->opt.plot_file)
		return;
	static struct dmc_plot none;
	struct dmc_plot *pl = R->plot ? R->plot : &none;
	/* the last state of the search as the last sample */
	if (pl != &none && pl->n > 0 && pl->s[pl->n - 1].expanded < R->st.expanded && pl->n < DMC_PLOT_SAMPLES) {
		dmc_plot_sample *s = &pl->s[pl->n++];
		s->expanded = R->st.expanded;
		s->open = R->open ? (double) dmc_open_size(R->open) : 0;
		s->h = R->st.h_min;
		s->f = R->exp_f;
	}
	FILE *out = fopen(R->opt.plot_file, "w");
	int bad = !out || draw(out, R, pl) != 0;
	if (out && fclose(out) != 0)
		bad = 1;
	if (bad)
		fprintf(stderr, "pan: spin-dmc: cannot write --plot-progress %s\n", R->opt.plot_file);
	if (pl != &none) {
		free(pl->layer);
		free(pl);
	}
	R->plot = NULL;
}
