// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * svg.c -- the SVG writer (svg.h).
 */
#include "svg.h"

#include <math.h>

static void escaped(FILE *out, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '&': fputs("&amp;", out); break;
		case '"': fputs("&quot;", out); break;
		default:
			/* control characters are not allowed in XML 1.0 */
			fputc((unsigned char) *s < 0x20 && *s != '\t' ? ' ' : *s, out);
		}
}

void dmc_svg_begin(FILE *out, double w, double h)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
	        "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
	        w, h, w, h);
	dmc_svg_rect(out, 0, 0, w, h, "white", "none");
}

void dmc_svg_end(FILE *out)
{
	fputs("</svg>\n", out);
}

void dmc_svg_rect(FILE *out, double x, double y, double w, double h, const char *fill,
                  const char *stroke)
{
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"%s\"/>\n",
	        x, y, w, h, fill, stroke);
}

void dmc_svg_line(FILE *out, double x1, double y1, double x2, double y2, const char *stroke,
                  double width, int dashed)
{
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
	        "stroke-width=\"%.1f\"%s/>\n", x1, y1, x2, y2, stroke, width,
	        dashed ? " stroke-dasharray=\"4 3\"" : "");
}

void dmc_svg_arrow(FILE *out, double x1, double y1, double x2, double y2, const char *stroke)
{
	/* the head is a path of its own (markers' colours are not
	 * inherited everywhere) */
	double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy);
	if (len <= 0)
		return;
	double ux = dx / len, uy = dy / len, hx = x2 - 9 * ux, hy = y2 - 9 * uy;
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
	        x1, y1, hx, hy, stroke);
	fprintf(out, "<path d=\"M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f z\" fill=\"%s\"/>\n", x2, y2,
	        hx - 4 * uy, hy + 4 * ux, hx + 4 * uy, hy - 4 * ux, stroke);
}

void dmc_svg_text(FILE *out, double x, double y, const char *anchor, double size, double rotate,
                  const char *fill, const char *text)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%.1f\" fill=\"%s\"",
	        x, y, anchor, size, fill);
	if (rotate != 0)
		fprintf(out, " transform=\"rotate(%.1f %.1f %.1f)\"", rotate, x, y);
	fputs(">", out);
	escaped(out, text);
	fputs("</text>\n", out);
}

void dmc_svg_polyline(FILE *out, const double *xs, const double *ys, int n, const char *stroke,
                      double width)
{
	fputs("<polyline fill=\"none\" points=\"", out);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%.1f,%.1f", i ? " " : "", xs[i], ys[i]);
	fprintf(out, "\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>\n", stroke, width);
}

void dmc_svg_group_begin(FILE *out, const char *title)
{
	fputs("<g><title>", out);
	escaped(out, title);
	fputs("</title>\n", out);
}

void dmc_svg_group_end(FILE *out)
{
	fputs("</g>\n", out);
}

const char *dmc_svg_colour(int i)
{
	/* light enough for black text on them, distinct side by side */
	static const char *const c[] = { "#8ecae6", "#ffb703", "#90be6d", "#f28482", "#cdb4db",
	                                 "#f6bd60", "#84a59d", "#a2d2ff", "#e9c46a", "#bde0fe" };
	return c[(i < 0 ? -i : i) % (int) (sizeof c / sizeof c[0])];
}

double dmc_svg_tick(double max, int n)
{
	if (max <= 0 || n < 1)
		return 1;
	double raw = max / n, p = pow(10, floor(log10(raw))), f = raw / p;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}
