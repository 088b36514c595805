// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * json_error.c -- --json's error object (json_error.h).
 */
#include "json_error.h"
#include "help.h"
#include "util.h"
#include "../runtime/options_table.h"
#include "../runtime/version.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

int drv_json_wanted(const drv_command *c, int argc, char **argv)
{
	if (!drv_command_takes(c, "--json"))
		return 0;
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--json") == 0)
			return 1;
	return 0;
}

/* "FILE:LINE:COL: ..." or "FILE:LINE: ..." after an optional "command: "
 * prefix: 1 with the parts, else 0 */
static int located(const char *m, char *file, size_t n, long *line, long *col)
{
	for (const char *p = m; (p = strchr(p, ':')); p++) {
		char *end;
		long l = strtol(p + 1, &end, 10);
		if (end == p + 1 || l <= 0 || (*end != ':' && *end != ','))
			continue;
		long c = -1;
		if (*end == ':' && end[1] >= '0' && end[1] <= '9')
			c = strtol(end + 1, &end, 10);
		const char *s = m;
		/* the file name starts after "check: " or "translate: " */
		for (const char *q = m; q < p; q++)
			if (q[0] == ':' && q[1] == ' ')
				s = q + 2;
		if (p == s)
			continue;
		snprintf(file, n, "%.*s", (int) (p - s), s);
		*line = l;
		*col = c;
		return 1;
	}
	return 0;
}

void drv_json_error(FILE *out, int status)
{
	const char *m = drv_last_msg();
	char file[512];
	long line, col;
	cJSON *o = cJSON_CreateObject();
	if (!o)
		return;
	cJSON_AddNumberToObject(o, "schema_version", DMC_JSON_SCHEMA);
	cJSON_AddStringToObject(o, "version", dmc_version);
	/* 3: a signal stopped the run before it had a verdict */
	cJSON_AddStringToObject(o, "verdict", status == 3 ? "incomplete" : "error");
	cJSON_AddNumberToObject(o, "exit_status", status);
	cJSON_AddStringToObject(o, "message", *m ? m : "error (see standard error)");
	if (located(m, file, sizeof file, &line, &col)) {
		cJSON_AddStringToObject(o, "file", file);
		cJSON_AddNumberToObject(o, "line", line);
		if (col > 0)
			cJSON_AddNumberToObject(o, "column", col);
		else
			cJSON_AddNullToObject(o, "column");
	} else {
		cJSON_AddNullToObject(o, "file");
		cJSON_AddNullToObject(o, "line");
		cJSON_AddNullToObject(o, "column");
	}
	char *text = cJSON_PrintUnformatted(o);
	if (text)
		fprintf(out, "%s\n", text);
	free(text);
	cJSON_Delete(o);
	fflush(out);
}
