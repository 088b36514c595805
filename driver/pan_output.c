// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pan_output.c -- the verdict in SPIN's own pan's report (pan_output.h).
 */
#include "pan_output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* line (n bytes, no newline) into buf as a string, cut to fit */
static void copy_line(char *buf, size_t size, const char *line, size_t n)
{
	if (n >= size)
		n = size - 1;
	memcpy(buf, line, n);
	buf[n] = '\0';
}

static int has(const char *line, size_t n, const char *what)
{
	size_t m = strlen(what);
	for (size_t i = 0; i + m <= n; i++)
		if (memcmp(line + i, what, m) == 0)
			return 1;
	return 0;
}

/* "pan:1: assertion violated (x==1) (at depth 225)": the error between
 * "pan:N: " and " (at depth" */
static void take_error(drv_pan_output *o, const char *line, size_t n)
{
	const char *p = line + 4;
	while (p < line + n && *p >= '0' && *p <= '9')
		p++;
	if (p + 2 > line + n || p[0] != ':' || p[1] != ' ')
		return;
	p += 2;
	size_t len = (size_t) (line + n - p);
	for (size_t i = 0; i + 10 <= len; i++)
		if (memcmp(p + i, " (at depth", 10) == 0) {
			len = i;
			break;
		}
	copy_line(o->error, sizeof o->error, p, len);
	if (strncmp(o->error, "aborting", 8) == 0)
		o->aborted = 1;
}

/* "\tnever claim   + (NAME)": NAME, but SPIN's own non-progress claim
 * (-DNP's ":np_:"), which the runtime's -l replaces by no claim */
static void take_claim(drv_pan_output *o, const char *name)
{
	const char *end = strchr(name, ')');
	if (!end || strncmp(name, ":np_:", 5) == 0)
		return;
	copy_line(o->claim, sizeof o->claim, name, (size_t) (end - name));
}

void drv_pan_output_parse(const char *text, drv_pan_output *o)
{
	memset(o, 0, sizeof *o);
	o->errors = -1;
	o->states = o->elapsed = -1;
	for (const char *line = text; line && *line; ) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t) (nl - line) : strlen(line);
		const char *e;
		char buf[128];
		copy_line(buf, sizeof buf, line, n);
		if (n > 5 && memcmp(line, "pan:", 4) == 0 && line[4] >= '0' && line[4] <= '9' && !o->error[0])
			take_error(o, line, n);
		else if (n > 11 && memcmp(line, "pan: error,", 11) == 0)
			o->aborted = 1;
		else if (n > 10 && memcmp(line, "pan: wrote ", 11) == 0 && !o->trail[0])
			copy_line(o->trail, sizeof o->trail, line + 11, n - 11);
		else if (has(line, n, "Search not completed"))
			o->not_completed = 1;
		else if (has(line, n, "max search depth too small"))
			o->depth_cut = 1;
		else if (has(line, n, "out of memory") || has(line, n, "-DMEMLIM bound"))
			o->out_of_memory = 1;
		else if (n >= 11 && memcmp(line, "Interrupted", 11) == 0)
			o->interrupted = 1;
		else if (memcmp(buf, "pan: elapsed time ", 18) == 0)
			o->elapsed = strtod(buf + 18, NULL);
		else if (has(line, n, " states, stored") && o->states < 0)
			o->states = strtod(buf, NULL);
		else if (n > 1 && line[0] == '\t' && has(line, n, "never claim") && (e = strstr(buf, "+ (")))
			take_claim(o, e + 3);
		if (o->errors < 0 && has(line, n, "errors: ") && (e = strstr(buf, "errors: ")))
			o->errors = strtol(e + 8, NULL, 10);
		line = nl ? nl + 1 : NULL;
	}
}

int drv_pan_output_status(const drv_pan_output *o)
{
	if (o->errors < 0 || o->aborted)
		return 2;
	if (o->errors > 0)
		return 1;
	return drv_pan_output_incomplete(o)[0] ? 3 : 0;
}

const char *drv_pan_output_incomplete(const drv_pan_output *o)
{
	if (o->errors != 0)
		return "";
	if (o->out_of_memory)
		return "memory";
	if (o->depth_cut)
		return "depth";
	if (o->interrupted)
		return "interrupted";
	return o->not_completed ? "not completed" : "";
}
