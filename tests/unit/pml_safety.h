// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pml_safety.h -- for the translators' injection tests: does a generated
 * Promela text hold only what the translator writes, whatever the model's
 * names, comments, queries and file name were?  Outside comments (as the
 * C preprocessor SPIN runs removes them): no c_code/c_decl/c_expr/
 * c_state/c_track/inline, no directive, no string or character literal;
 * anywhere: no backslash, no "??" (a trigraph), no control character
 * but newline and tab, and every comment closed.
 */
#ifndef PML_SAFETY_H
#define PML_SAFETY_H

#include <stdio.h>
#include <string.h>

/* the length of an ANMLite schedule string, "@@ANML 0 %d %d\n" (only
 * numbers and %d), at p; 0 if p holds something else */
static inline size_t anml_schedule_string(const char *p)
{
	if (strncmp(p, "\"@@ANML", 7) != 0)
		return 0;
	size_t n = 7;
	while (p[n] == ' ' || (p[n] >= '0' && p[n] <= '9') || (p[n] == '%' && p[n + 1] == 'd'))
		n += p[n] == '%' ? 2 : 1;
	return strncmp(p + n, "\\n\"", 3) == 0 ? n + 3 : 0;
}

/* The UPPAAL translation's zones (docs/uppaal.md "Clocks: zones"): the
 * length of what it writes itself at p, which holds nothing from the
 * model but numbers and the (renamed) location variables: its c_decl
 * (up to the c_state line), and embedded C that names only the zone's
 * functions; 0 if p holds something else.  The embedded C's arguments
 * are then checked like the rest, as is the body of the one macro it
 * defines (dmc_nourgent: no urgent synchronisation is enabled). */
/* the note beside zone code at p, "(dmc_znote) ("NOTE")" (letters,
 * digits, '_', ' ', ',', '<', '>', '=', '-', '?' only): its length, 0 if
 * p holds something else */
static inline size_t uppaal_zone_note(const char *p)
{
	static const char note_head[] = "(dmc_znote) (\"";
	size_t n = strlen(note_head);
	if (strncmp(p, note_head, n) != 0)
		return 0;
	while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= '0' && p[n] <= '9')
	       || (p[n] && strchr("_ ,<>=-?", p[n])))
		n++;
	return strncmp(p + n, "\")", 2) == 0 ? n + 2 : 0;
}

static inline size_t uppaal_zone_text(const char *p)
{
	static const char *const calls[] = { "c_expr { (dmc_zok) (", "c_expr { now.dmc_z.set == 0 ||",
		"c_code { dmc_zrun(", "c_code { dmc_zpost(", "#define dmc_nourgent (", NULL };
	/* with the note first: what follows it (the splits along clock
	 * differences: dmc_zundecided, dmc_zsplit, dmc_znorm) */
	static const char *const after[] = { "c_expr { ", " && (dmc_zok) (", "c_code { ", "; dmc_zrun(",
		"c_code { ", "; dmc_zpost(", "c_expr { ", " && (dmc_zundecided) (", "c_code { ", "; dmc_zsplit(",
		"c_code { ", "; dmc_znorm(", NULL };
	for (int i = 0; calls[i]; i++)
		if (strncmp(p, calls[i], strlen(calls[i])) == 0)
			return strlen(calls[i]);
	for (int i = 0; after[i]; i += 2) {
		size_t a = strlen(after[i]), b;
		if (strncmp(p, after[i], a) != 0 || !(b = uppaal_zone_note(p + a)))
			continue;
		if (strncmp(p + a + b, after[i + 1], strlen(after[i + 1])) == 0)
			return a + b + strlen(after[i + 1]);
	}
	static const char head[] = "c_decl {\n/* SPDX-License-Identifier: BSD-3-Clause */";
	static const char state[] = "\nc_state \"struct { int set; int d[";
	if (strncmp(p, head, strlen(head)) != 0)
		return 0;
	const char *end = strstr(p, state);
	if (!end)
		return 0;
	for (const char *q = p; q < end; q++)
		if (*q == '"' || *q == '\\' || *q == '#')
			return 0;
	const char *q = end + strlen(state);
	while (*q >= '0' && *q <= '9')
		q++;
	static const char tail[] = "]; } dmc_z\" \"Global\"";
	return strncmp(q, tail, strlen(tail)) == 0 ? (size_t) (q + strlen(tail) - p) : 0;
}

/* NULL when text is safe, else what is wrong; with anml, lines
 * "#define NAME NUMBER" and the schedule's printf strings are allowed
 * (what the ANMLite translation writes) */
static inline const char *pml_unsafe_text(const char *text, int anml)
{
	static const char *const words[] = { "c_code", "c_decl", "c_expr", "c_state", "c_track",
		"inline", "pwned", NULL };
	int line_start = 1;
	for (const char *p = text; *p; p++) {
		unsigned char ch = (unsigned char) *p;
		size_t sched = anml ? anml_schedule_string(p) : uppaal_zone_text(p);
		if (sched) {
			p += sched - 1;
			line_start = 0;
			continue;
		}
		if (ch == '\\')
			return "a backslash";
		if (ch == '?' && p[1] == '?')
			return "a trigraph (?\?)";
		if ((ch < 0x20 && ch != '\n' && ch != '\t') || ch > 0x7e)
			return "a control or non-ASCII character";
		if (ch == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");
			if (!end)
				return "a comment that is not closed";
			for (const char *q = p; q < end; q++)
				if ((unsigned char) *q < 0x20 && *q != '\t' && *q != '\n')
					return "a control character in a comment";
			p = end + 1;
			continue;
		}
		if (ch == '/' && p[1] == '/') {
			while (p[1] && p[1] != '\n')
				p++;
			continue;
		}
		if (ch == '*' && p[1] == '/')
			return "'*/' outside a comment";
		if (ch == '"' || ch == '\'')
			return "a string or character literal";
		if (ch == '#' && line_start) {
			const char *q = p + 8;
			if (!anml || strncmp(p, "#define ", 8) != 0
			    || !((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || *q == '_'))
				return "a preprocessor directive";
			while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9')
			       || *q == '_')
				q++;
			if (*q++ != ' ')
				return "a preprocessor directive";
			if (*q == '-')
				q++;
			if (!(*q >= '0' && *q <= '9'))
				return "a preprocessor directive";
			while (*q >= '0' && *q <= '9')
				q++;
			line_start = 0;
			p += 7;         /* the name is checked as a word below */
			continue;
		}
		if (ch == '\n') {
			line_start = 1;
			continue;
		}
		if (ch != ' ' && ch != '\t')
			line_start = 0;
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_') {
			size_t n = 0;
			while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z')
			       || (p[n] >= '0' && p[n] <= '9') || p[n] == '_')
				n++;
			for (int i = 0; words[i]; i++)
				if (strlen(words[i]) == n && strncmp(p, words[i], n) == 0)
					return words[i];
			p += n - 1;
		}
	}
	return NULL;
}

static inline const char *pml_unsafe(const char *text)
{
	return pml_unsafe_text(text, 0);
}

/* "FILE:LINE:COL: " at the start of msg */
static inline int has_position(const char *msg, const char *file)
{
	size_t n = strlen(file);
	if (strncmp(msg, file, n) != 0 || msg[n] != ':')
		return 0;
	const char *p = msg + n + 1;
	for (int k = 0; k < 2; k++) {
		if (!(*p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p++ != ':')
			return 0;
	}
	return *p == ' ';
}

#endif
