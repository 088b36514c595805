// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_gantt.c -- `dmc plan --gantt FILE.svg`: the plan as a Gantt
 * chart, one row per timeline instance, one bar per action from its
 * start to its end, labelled with the action and its arguments; the
 * time axis runs to the makespan.  Each action of a timeline keeps its
 * colour, so repeated actions are seen at a glance.
 */
#include "anml.h"
#include "../../runtime/svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define LEFT 150.0      /* the instances' names */
#define TOP 58.0
#define ROW 40.0
#define BAR 26.0
#define PLOT_W 760.0

static void step_label(char *buf, size_t n, const anml_model *m, const anml_timeline *tl,
                       const anml_step *s)
{
	const anml_action *a = &tl->acts[s->act];
	int len = snprintf(buf, n, "%s", a->name);
	for (int q = 0; q < a->nparams && len < (int) n; q++) {
		const anml_type *ty = &m->types[a->ptype[q]];
		int v = s->params[q];
		len += snprintf(buf + len, n - (size_t) len, "%s%s", q ? "," : "(",
		                v >= 0 && v < ty->nvals ? ty->vals[v] : "?");
	}
	if (a->nparams && len < (int) n)
		snprintf(buf + len, n - (size_t) len, ")");
}

int anml_plan_gantt(FILE *out, const anml_model *m, const anml_plan *plan, int horizon)
{
	int span = anml_plan_makespan(plan);
	if (span < 1)
		span = 1;
	/* the axis ends at a tick */
	double step = dmc_svg_tick(span, 12), axis = step * ceil(span / step);
	double unit = PLOT_W / axis, w = LEFT + PLOT_W + 30, h = TOP + ROW * plan->ninsts + 40;
	char text[300];
	dmc_svg_begin(out, w, h);
	snprintf(text, sizeof text, "plan %s: %d timeline%s, makespan %d (horizon %d)", m->name,
	         plan->ninsts, plan->ninsts == 1 ? "" : "s", span, horizon);
	dmc_svg_text(out, 12, 24, "start", 15, 0, "black", text);

	/* the time axis: ticks and grid lines, labelled above and below */
	double bottom = TOP + ROW * plan->ninsts;
	for (double t = 0; t <= axis + 1e-9; t += step) {
		double x = LEFT + t * unit;
		snprintf(text, sizeof text, "%g", t);
		dmc_svg_line(out, x, TOP - 4, x, bottom, "#d0d0d0", 1, 0);
		dmc_svg_text(out, x, TOP - 8, "middle", 11, 0, "#444", text);
		dmc_svg_text(out, x, bottom + 16, "middle", 11, 0, "#444", text);
	}
	dmc_svg_text(out, LEFT + PLOT_W / 2, bottom + 32, "middle", 12, 0, "#444", "time");

	for (int i = 0; i < plan->ninsts; i++) {
		const anml_inst *in = &m->insts[i];
		const anml_timeline *tl = &m->tls[in->tl];
		double y = TOP + ROW * i, yb = y + (ROW - BAR) / 2;
		if (i % 2)
			dmc_svg_rect(out, 0, y, w, ROW, "#f4f4f4", "none");
		if (in->implicit)
			snprintf(text, sizeof text, "%s", in->name);
		else
			snprintf(text, sizeof text, "%s (%s)", in->name, tl->name);
		dmc_svg_text(out, LEFT - 10, y + ROW / 2 + 4, "end", 13, 0, "black", text);
		for (int k = 0; k < plan->lines[i].n; k++) {
			const anml_step *s = &plan->lines[i].steps[k];
			char label[256], title[400];
			double x = LEFT + s->start * unit, bw = (s->end - s->start) * unit;
			step_label(label, sizeof label, m, tl, s);
			snprintf(title, sizeof title, "%s.%s: start %d, end %d, duration %d", in->name, label,
			         s->start, s->end, s->end - s->start);
			dmc_svg_group_begin(out, title);
			dmc_svg_rect(out, x, yb, bw, BAR, dmc_svg_colour(s->act), "#333");
			/* the label inside a bar wide enough (about 6.5 px a
			 * character at 11 px), else none: the title has it */
			if (bw >= 6.5 * (double) strlen(label) + 6)
				dmc_svg_text(out, x + bw / 2, yb + BAR / 2 + 4, "middle", 11, 0, "black", label);
			else if (bw >= 6.5 * 3 + 6) {
				char shortl[64];
				int fit = (int) ((bw - 6) / 6.5) - 1;
				snprintf(shortl, sizeof shortl, "%.*s~", fit > 0 && fit < 60 ? fit : 1, label);
				dmc_svg_text(out, x + bw / 2, yb + BAR / 2 + 4, "middle", 11, 0, "black", shortl);
			}
			dmc_svg_group_end(out);
		}
	}
	dmc_svg_end(out);
	return ferror(out) ? -1 : 0;
}
