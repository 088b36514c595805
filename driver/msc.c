// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * msc.c -- a message sequence chart (msc.h) as SVG: the lifelines side
 * by side under their names, one row per step from the top, an arrow
 * per message labelled with the channel and values (UPPAAL: the
 * sender's edge above, the receiver's below its head), a box for a step
 * without one, a dashed band across for time passing, and what the
 * counterexample ends with at the bottom.
 */
#include "msc.h"
#include "../runtime/svg.h"

#include <string.h>

#define COL 190.0           /* between lifelines */
#define MARGIN 30.0
#define HEAD 70.0           /* the title and the names */
#define ROWH 34.0

static double lx(int line) { return MARGIN + COL / 2 + COL * line; }
static double ry(int row) { return HEAD + 40 + ROWH * row; }

/* text cut to about max_px at 10 px a character of 6 px */
static void fitted(FILE *out, double x, double y, const char *anchor, double max_px, const char *fill,
                   const char *text)
{
	char buf[256];
	int chars = (int) (max_px / 6.0);
	if (chars < 4)
		chars = 4;
	if ((int) strlen(text) > chars && chars < (int) sizeof buf - 1)
		snprintf(buf, sizeof buf, "%.*s~", chars - 1, text);
	else
		snprintf(buf, sizeof buf, "%s", text);
	dmc_svg_text(out, x, y, anchor, 10, 0, fill, buf);
}

int drv_msc_svg(FILE *out, const drv_msc *m)
{
	/* room for the title, and right of the last lifeline for a label
	 * that starts there (a pending send, a loop, a local step) */
	double w = 2 * MARGIN + COL * (m->nlines > 2 ? m->nlines : 2) + COL / 2;
	if (m->title && w < 2 * MARGIN + 8.5 * (double) strlen(m->title))
		w = 2 * MARGIN + 8.5 * (double) strlen(m->title);
	double bottom = ry(m->rows) + 10, h = bottom + 60;
	dmc_svg_begin(out, w, h);
	dmc_svg_text(out, MARGIN, 26, "start", 15, 0, "black", m->title ? m->title : "counterexample");
	for (int i = 0; i < m->nlines; i++) {
		dmc_svg_rect(out, lx(i) - COL / 2 + 12, HEAD - 12, COL - 24, 26, "#eef3fb", "#333");
		fitted(out, lx(i), HEAD + 5, "middle", COL - 30, "black", m->lines[i]);
		dmc_svg_line(out, lx(i), HEAD + 14, lx(i), bottom, "#888", 1, 1);
	}
	for (int k = 0; k < m->nev; k++) {
		const drv_msc_event *e = &m->ev[k];
		double x1 = lx(e->from), y1 = ry(e->row), x2 = lx(e->to), y2 = ry(e->row_to);
		char title[1200];
		snprintf(title, sizeof title, "%s%s%s", e->label, e->label_to ? " / " : "", e->label_to ? e->label_to : "");
		dmc_svg_group_begin(out, title);
		switch (e->kind) {
		case DRV_MSC_MESSAGE:
			if (e->from == e->to) {       /* to itself: a loop to the right */
				double xs[] = { x1, x1 + 40, x1 + 40 };
				double ys[] = { y1, y1, y2 + 12 };
				dmc_svg_polyline(out, xs, ys, 3, "#1f5fa8", 1.5);
				dmc_svg_arrow(out, x1 + 40, y2 + 12, x1 + 2, y2 + 12, "#1f5fa8");
				fitted(out, x1 + 46, y1 + 4, "start", COL - 60, "#1f5fa8", e->label);
				break;
			}
			dmc_svg_arrow(out, x1, y1, x2, y2, "#1f5fa8");
			{
				double span = (x2 > x1 ? x2 - x1 : x1 - x2) - 10;
				fitted(out, (x1 + x2) / 2, (y1 + y2) / 2 - 5, "middle", span, "#1f5fa8", e->label);
				if (e->label_to)
					fitted(out, x2 + (x2 > x1 ? -6 : 6), y2 + 13, x2 > x1 ? "end" : "start", span,
					       "#555", e->label_to);
			}
			break;
		case DRV_MSC_PENDING:
			dmc_svg_arrow(out, x1, y1, x1 + 50, y1, "#b5651d");
			fitted(out, x1 + 56, y1 + 4, "start", COL - 70, "#b5651d", e->label);
			fitted(out, x1 + 56, y1 + 16, "start", COL - 70, "#b5651d", "(not received)");
			break;
		case DRV_MSC_LOCAL:
			dmc_svg_rect(out, x1 - 5, y1 - 7, 10, 14, "#f2c14e", "#333");
			fitted(out, x1 + 10, y1 + 4, "start", COL - 20, "#333", e->label);
			break;
		case DRV_MSC_DELAY:
			dmc_svg_rect(out, MARGIN, y1 - 10, w - 2 * MARGIN, 20, "#f3f3f3", "none");
			dmc_svg_line(out, MARGIN, y1, w - MARGIN, y1, "#999", 1, 1);
			dmc_svg_text(out, MARGIN + 4, y1 + 4, "start", 10, 0, "#555", e->label);
			break;
		}
		dmc_svg_group_end(out);
	}
	if (m->end) {
		dmc_svg_line(out, MARGIN, bottom + 8, w - MARGIN, bottom + 8, "#c00", 2, 0);
		fitted(out, MARGIN, bottom + 26, "start", w - 2 * MARGIN, "#c00", m->end);
	}
	dmc_svg_end(out);
	return ferror(out) ? -1 : 0;
}
