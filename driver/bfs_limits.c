// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * bfs_limits.c -- models that SPIN's depth-first pan checks but its
 * breadth-first code, which spin-dmc drives, refuses to compile (pan.h
 * and pan.c #error under -DBFS).  Named at the model's line and column
 * instead of as a compiler error in pan.h.
 */
#include "build.h"
#include "fs.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *macro;   /* in pan.h when the model uses it */
	const char *word;    /* where the model uses it */
	const char *why;
} limits[] = {
	{ "\n#define HAS_HIDDEN", "hidden",
	  "variables declared hidden are not supported: they are not in the state "
	  "vector, so pan's breadth-first code cannot restore them for a state taken "
	  "from its queue (remove 'hidden': the check is then exact)" },
	{ "\n#define HAS_LAST", "_last",
	  "_last is not supported: pan's breadth-first code does not keep it" },
	{ "\n#define HAS_STACK", "c_track",
	  "c_track with \"UnMatched\" is not supported: pan's breadth-first code "
	  "cannot restore the tracked data (use \"Matched\")" },
};

static int ident_char(char c)
{
	return c == '_' || isalnum((unsigned char) c);
}

/* the first use of word as a name in text, outside comments and strings:
 * 1 with *line, *col set, or 0 */
static int find_word(const char *text, const char *word, int *line, int *col)
{
	size_t n = strlen(word);
	int ln = 1, cl = 1;
	for (const char *p = text; *p; ) {
		if (p[0] == '/' && p[1] == '*') {
			p += 2, cl += 2;
			for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p == '\n')
					ln++, cl = 1;
				else
					cl++;
			if (*p)
				p += 2, cl += 2;
			continue;
		}
		if ((p[0] == '/' && p[1] == '/') || p[0] == '"') {
			char end = p[0] == '"' ? '"' : '\n';
			for (p++, cl++; *p && *p != end && *p != '\n'; p++)
				cl++;
			if (*p == '"')
				p++, cl++;
			continue;
		}
		if (strncmp(p, word, n) == 0 && (p == text || !ident_char(p[-1])) && !ident_char(p[n])) {
			*line = ln;
			*col = cl;
			return 1;
		}
		if (*p == '\n')
			ln++, cl = 1;
		else
			cl++;
		p++;
	}
	return 0;
}

int drv_bfs_unsupported(const char *bdir, const char *model, const char *shown)
{
	char *panh_path = drv_printf("%s/pan.h", bdir);
	char *panh = drv_read_file(panh_path, NULL);
	int rc = 0;
	for (size_t k = 0; panh && k < sizeof limits / sizeof limits[0] && rc == 0; k++) {
		if (!strstr(panh, limits[k].macro))
			continue;
		char *text = drv_read_file(model, NULL);
		int line, col;
		if (text && find_word(text, limits[k].word, &line, &col))
			drv_msg("%s:%d:%d: %s", shown, line, col, limits[k].why);
		else
			drv_msg("%s: %s", shown, limits[k].why);
		free(text);
		rc = 2;
	}
	free(panh);
	free(panh_path);
	return rc;
}
