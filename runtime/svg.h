// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * svg.h -- a small SVG writer for the pictures spin-dmc draws: the
 * search's progress (pan --plot-progress), a counterexample's message
 * sequence chart (dmc trail --msc) and a plan's timelines (dmc plan
 * --gantt).  Coordinates are in pixels, (0,0) the top left corner;
 * colours are SVG colour strings ("#1f77b4", "none").
 */
#ifndef DMC_SVG_H
#define DMC_SVG_H

#include <stdio.h>

/* the document's start and end: a white background of w x h */
void dmc_svg_begin(FILE *out, double w, double h);
void dmc_svg_end(FILE *out);

void dmc_svg_rect(FILE *out, double x, double y, double w, double h, const char *fill,
                  const char *stroke);
void dmc_svg_line(FILE *out, double x1, double y1, double x2, double y2, const char *stroke,
                  double width, int dashed);
/* an arrow from (x1,y1) to (x2,y2), its head at the end */
void dmc_svg_arrow(FILE *out, double x1, double y1, double x2, double y2, const char *stroke);
/* text with its anchor "start", "middle" or "end" at x, baseline y;
 * rotate: degrees (0 none); the text is escaped */
void dmc_svg_text(FILE *out, double x, double y, const char *anchor, double size, double rotate,
                  const char *fill, const char *text);
/* a polyline through n points (xs[i], ys[i]) */
void dmc_svg_polyline(FILE *out, const double *xs, const double *ys, int n, const char *stroke,
                      double width);
/* a group of elements with a title viewers show on hover */
void dmc_svg_group_begin(FILE *out, const char *title);
void dmc_svg_group_end(FILE *out);

/* a distinct fill colour for series i */
const char *dmc_svg_colour(int i);

/* round step for an axis from 0 to max with about n ticks */
double dmc_svg_tick(double max, int n);

#endif
