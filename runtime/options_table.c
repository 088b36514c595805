// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * options_table.c -- options.def, searches.def and heuristics.def as
 * tables; the value checks and help texts built on them.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "options_table.h"
#include "hcache.h"
#include "combine.h"

const dmc_opt dmc_opt_table[DMC_OPT_COUNT] = {
#define DMC_OPT(ID, NAME, KIND, ARG, LO, HI, CHOICES, DEFAULT, WHERE, LUA, HELP) \
	{ DMC_OPT_##ID, NAME, DMC_OPTK_##KIND, ARG, LO, HI, CHOICES, DEFAULT, DMC_OPTW_##WHERE, LUA, HELP, 0 },
#define DMC_OWNED_OPT(ID, NAME, KIND, ARG, LO, HI, CHOICES, DEFAULT, WHERE, LUA, HELP) \
	{ DMC_OPT_##ID, NAME, DMC_OPTK_##KIND, ARG, LO, HI, CHOICES, DEFAULT, DMC_OPTW_##WHERE, LUA, HELP, 1 },
#include "options.def"
#undef DMC_OWNED_OPT
};

const dmc_lua_only_setting dmc_lua_only[] = {
#define DMC_OPT(ID, NAME, KIND, ARG, LO, HI, CHOICES, DEFAULT, WHERE, LUA, HELP)
#define DMC_LUA_ONLY(NAME, VALUE, HELP) { NAME, VALUE, HELP },
#include "options.def"
	{ NULL, NULL, NULL }
};

const char *const dmc_search_names[] = {
#define DMC_SEARCH(ID, NAME, OPEN, REOPEN, ORDER, WEIGHT, FLAGS, HELP) NAME,
#include "searches.def"
	NULL
};

const char *const dmc_search_help[] = {
#define DMC_SEARCH(ID, NAME, OPEN, REOPEN, ORDER, WEIGHT, FLAGS, HELP) HELP,
#include "searches.def"
	NULL
};

const dmc_search_row dmc_searches[] = {
#define DMC_SEARCH(ID, NAME, OPEN, REOPEN, ORDER, WEIGHT, FLAGS, HELP) \
	{ NAME, HELP, DMC_SOPEN_##OPEN, REOPEN, DMC_SORDER_##ORDER, DMC_SWEIGHT_##WEIGHT, FLAGS },
#include "searches.def"
};

const char *dmc_search_f_text(const dmc_search_row *s)
{
	if (s->order == DMC_SORDER_G)
		return "g";
	if (s->order == DMC_SORDER_F)
		return s->weight == DMC_SWEIGHT_ONE ? "g + h" : "g + W*h";
	return "h";
}

int dmc_search_alternates(const dmc_search_row *s)
{
	return s->open == DMC_SOPEN_HEAP && s->order != DMC_SORDER_UT;
}

const char *const dmc_heuristic_names[] = {
#define DMC_HEURISTIC(SYM, NAME) NAME,
#include "heuristics.def"
	NULL
};

const dmc_preset dmc_presets[] = {
#define DMC_PRESET(NAME, OPTIONS, HELP) { NAME, OPTIONS, HELP },
#include "presets.def"
	{ NULL, NULL, NULL }
};

const dmc_preset *dmc_preset_find(const char *name)
{
	for (int i = 0; name && dmc_presets[i].name; i++)
		if (strcmp(name, dmc_presets[i].name) == 0)
			return &dmc_presets[i];
	return NULL;
}

static void preset_names(char *buf, size_t n)
{
	const char *names[16];
	int k = 0;
	for (int i = 0; dmc_presets[i].name && k < 15; i++)
		names[k++] = dmc_presets[i].name;
	names[k] = NULL;
	dmc_opt_join(names, buf, n);
}

const char *dmc_optv_text(const dmc_optv *o, dmc_opt_id id)
{
	return o && o->v[id] ? o->v[id] : dmc_opt_table[id].def;
}

double dmc_optv_number(const dmc_optv *o, dmc_opt_id id)
{
	return strtod(dmc_optv_text(o, id), NULL);
}

int dmc_optv_flag(const dmc_optv *o, dmc_opt_id id)
{
	return o && o->v[id] != NULL;
}

const dmc_opt *dmc_opt_lookup(const char *a, int where, const char **value)
{
	*value = NULL;
	for (int i = 0; i < DMC_OPT_COUNT; i++) {
		const dmc_opt *t = &dmc_opt_table[i];
		size_t n = strlen(t->name);
		if (!(t->where & where) || strncmp(a, t->name, n) != 0)
			continue;
		if (a[n] == '\0')
			return t;
		if (a[n] == '=' && t->kind != DMC_OPTK_FLAG) {
			*value = a + n + 1;
			return t;
		}
	}
	return NULL;
}

int dmc_search_index(const char *name)
{
	for (int i = 0; name && dmc_search_names[i]; i++)
		if (strcmp(name, dmc_search_names[i]) == 0)
			return i;
	return -1;
}

static int same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char) *a) != tolower((unsigned char) *b))
			return 0;
	return *a == *b;
}

const char *dmc_heuristic_list_next(const char *p, char *name, size_t n, int *fits)
{
	size_t len = strcspn(p, ",");
	snprintf(name, n, "%.*s", (int) (len < n ? len : n - 1), p);
	*fits = len < n;
	return p[len] ? p + len + 1 : NULL;
}

const char *dmc_heuristic_entry_split(char *entry)
{
	char *colon = strchr(entry, ':');
	if (!colon)
		return NULL;
	*colon = '\0';
	return colon + 1;
}

static int is_choice(const char *choices, const char *s, size_t len);
static void choices_text(const char *choices, const char *last_sep, char *buf, size_t n);

int dmc_heuristic_list_check(const char *v, char *err, size_t errlen)
{
	char list[512], name[64], ties[DMC_COMBO_MAX][16];
	int idx[DMC_COMBO_MAX], n = 0, fits, any_tie = 0;
	const char *tie_choices = dmc_opt_table[DMC_OPT_TIE].choices;
	for (const char *p = v; p;) {
		p = dmc_heuristic_list_next(p, name, sizeof name, &fits);
		const char *tie = fits ? dmc_heuristic_entry_split(name) : NULL;
		int i = fits ? dmc_heuristic_index(name) : -1;
		if (i < 0) {
			dmc_opt_join(dmc_heuristic_names, list, sizeof list);
			snprintf(err, errlen, "unknown heuristic '%s' (valid: %s; several, comma-separated, "
			         "alternate; H:T orders H's list with --tie T)", name, list);
			return -1;
		}
		if (tie && (!is_choice(tie_choices, tie, strlen(tie)) || strlen(tie) >= sizeof ties[0])) {
			choices_text(tie_choices, " or ", list, sizeof list);
			snprintf(err, errlen, "--heuristic %s: unknown tie-breaking '%s' (valid: %s)", name, tie, list);
			return -1;
		}
		if (n == DMC_COMBO_MAX) {
			snprintf(err, errlen, "--heuristic: at most %d heuristics alternate", DMC_COMBO_MAX);
			return -1;
		}
		any_tie |= tie != NULL;
		snprintf(ties[n], sizeof ties[n], "%s", tie ? tie : "default");
		for (int k = 0; k < n; k++)
			if (idx[k] == i && strcmp(ties[k], ties[n]) == 0) {
				snprintf(err, errlen, "--heuristic: %s given twice%s", name,
				         any_tie ? " with the same tie-breaking" : "");
				return -1;
			}
		idx[n++] = i;
	}
	if (n == 1 && any_tie) {
		snprintf(err, errlen, "--heuristic %s: H:T orders one list of an alternation "
		         "(H1,H2:T,...); for one heuristic use --tie", v);
		return -1;
	}
	return 0;
}

int dmc_heuristic_index(const char *name)
{
	for (int i = 0; name && dmc_heuristic_names[i]; i++)
		if (same_name(name, dmc_heuristic_names[i]))
			return i;
	return -1;
}

static void append(char *buf, size_t n, const char *s, size_t len)
{
	size_t have = strlen(buf);
	if (have + 1 >= n)
		return;
	if (len > n - have - 1)
		len = n - have - 1;
	memcpy(buf + have, s, len);
	buf[have + len] = '\0';
}

void dmc_opt_join(const char *const *list, char *buf, size_t n)
{
	buf[0] = '\0';
	for (int i = 0; list[i]; i++) {
		if (i)
			append(buf, n, ", ", 2);
		append(buf, n, list[i], strlen(list[i]));
	}
}

/* "a|b|c" as "a, b, c" (last_sep ", ") or "a, b or c" (" or ") */
static void choices_text(const char *choices, const char *last_sep, char *buf, size_t n)
{
	buf[0] = '\0';
	for (const char *p = choices; *p; ) {
		size_t len = strcspn(p, "|");
		if (p != choices)
			append(buf, n, p[len] ? ", " : last_sep, strlen(p[len] ? ", " : last_sep));
		append(buf, n, p, len);
		p += len + (p[len] == '|');
	}
}

/* the word s..e is one of choices */
static int is_choice(const char *choices, const char *s, size_t len)
{
	for (const char *p = choices; *p; ) {
		size_t n = strcspn(p, "|");
		if (n == len && strncmp(p, s, n) == 0)
			return 1;
		p += n + (p[n] == '|');
	}
	return 0;
}

/* comma-separated choices, spaces around each allowed, none empty */
static int is_choice_list(const char *choices, const char *v)
{
	for (const char *p = v;; p++) {
		size_t n = strcspn(p, ",");
		const char *s = p, *e = p + n;
		while (s < e && *s == ' ')
			s++;
		while (e > s && e[-1] == ' ')
			e--;
		if (!is_choice(choices, s, (size_t)(e - s)))
			return 0;
		p += n;
		if (*p == '\0')
			return 1;
	}
}

static void range_text(const dmc_opt *t, char *buf, size_t n)
{
	snprintf(buf, n, "%s%g..%g", t->kind == DMC_OPTK_WHOLE ? "whole numbers " : "", t->lo, t->hi);
}

int dmc_opt_number(const dmc_opt *t, const char *v, double *out, char *err, size_t errlen)
{
	char range[64], *end;
	double d = strtod(v, &end);
	range_text(t, range, sizeof range);
	if (end == v || *end != '\0' || !isfinite(d)) {
		snprintf(err, errlen, "%s: expected a finite number, got '%s' (valid: %s)", t->name, v, range);
		return -1;
	}
	if (!(d >= t->lo && d <= t->hi) || (t->kind == DMC_OPTK_WHOLE && d != floor(d))) {
		snprintf(err, errlen, "%s: '%s' is %s (valid: %s)", t->name, v,
		         d >= t->lo && d <= t->hi ? "not a whole number" : "out of range", range);
		return -1;
	}
	*out = d;
	return 0;
}

int dmc_opt_check(const dmc_opt *t, const char *v, char *err, size_t errlen)
{
	char list[256];
	double d;
	dmc_hcache_conf conf;
	switch (t->kind) {
	case DMC_OPTK_FLAG:
	case DMC_OPTK_TEXT:
		return 0;
	case DMC_OPTK_NUMBER:
	case DMC_OPTK_WHOLE:
		return dmc_opt_number(t, v, &d, err, errlen);
	case DMC_OPTK_CHOICE:
		if (is_choice(t->choices, v, strlen(v)))
			return 0;
		choices_text(t->choices, " or ", list, sizeof list);
		snprintf(err, errlen, "%s: expected %s, got '%s'", t->name, list, v);
		return -1;
	case DMC_OPTK_LIST:
		if (is_choice_list(t->choices, v))
			return 0;
		choices_text(t->choices, ", ", list, sizeof list);
		snprintf(err, errlen, "%s: unknown %s '%s' (valid: %s, comma-separated)",
		         t->name, t->name + 2, v, list);
		return -1;
	case DMC_OPTK_SEARCH:
		if (dmc_search_index(v) >= 0)
			return 0;
		dmc_opt_join(dmc_search_names, list, sizeof list);
		snprintf(err, errlen, "unknown search '%s' (valid: %s)", v, list);
		return -1;
	case DMC_OPTK_HEURISTIC:
		return dmc_heuristic_list_check(v, err, errlen);
	case DMC_OPTK_HCACHE:
		return dmc_hcache_parse(v, &conf, err, errlen);
	case DMC_OPTK_PRESET:
		if (dmc_preset_find(v))
			return 0;
		preset_names(list, sizeof list);
		snprintf(err, errlen, "unknown preset '%s' (valid: %s)", v, list);
		return -1;
	}
	return 0;
}

void dmc_opt_values(const dmc_opt *t, char *buf, size_t n)
{
	buf[0] = '\0';
	switch (t->kind) {
	case DMC_OPTK_NUMBER:
	case DMC_OPTK_WHOLE:
		range_text(t, buf, n);
		break;
	case DMC_OPTK_CHOICE:
	case DMC_OPTK_HCACHE:
		choices_text(t->choices, ", ", buf, n);
		break;
	case DMC_OPTK_LIST:
		choices_text(t->choices, ", ", buf, n);
		append(buf, n, ", comma-separated", strlen(", comma-separated"));
		break;
	case DMC_OPTK_SEARCH:
		dmc_opt_join(dmc_search_names, buf, n);
		break;
	case DMC_OPTK_HEURISTIC:
		dmc_opt_join(dmc_heuristic_names, buf, n);
		break;
	case DMC_OPTK_PRESET:
		preset_names(buf, n);
		break;
	case DMC_OPTK_FLAG:
	case DMC_OPTK_TEXT:
		break;
	}
}

void dmc_opt_usage_one(FILE *f, const dmc_opt *t)
{
	char head[64], values[512];
	snprintf(head, sizeof head, "%s%s%s", t->name, *t->arg ? " " : "", t->arg);
	fprintf(f, "  %-18s %s\n", head, t->help);
	dmc_opt_values(t, values, sizeof values);
	if (*values || *t->def) {
		fprintf(f, "  %-18s %s: %s%s%s%s\n", "", t->arg, values,
		        *values && *t->def ? "; " : "", *t->def ? "default " : "", t->def);
	}
}

void dmc_opt_usage(FILE *f, int where)
{
	for (int i = 0; i < DMC_OPT_COUNT; i++)
		if (dmc_opt_table[i].where & where)
			dmc_opt_usage_one(f, &dmc_opt_table[i]);
}

/* s in a table cell: no emphasis, no cell break, no tag */
static void md(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '<' || *s == '>') {
			fputs(*s == '<' ? "&lt;" : "&gt;", f);
			continue;
		}
		if (strchr("*_|", *s))
			fputc('\\', f);
		fputc(*s, f);
	}
}

void dmc_opt_markdown(FILE *f)
{
	char values[512];
	fputs("# Options\n\n"
	      "<!-- generated by `dmc help --markdown` (make docs) from runtime/options.def,\n"
	      "     runtime/searches.def and heuristics/heuristics.def: edit those -->\n\n"
	      "`dmc check MODEL [options] [-- pan options]` takes every option below (and\n"
	      "`dmc model` the same).  A pan built by `dmc check` or `dmc cc` takes those\n"
	      "with a mark in the pan column, before or after its own options; `dmc check`\n"
	      "checks every value before it runs spin or the compiler.  A value follows\n"
	      "the option as `--name=V` or `--name V`.\n\n"
	      "| option | value | default | pan | Lua setting | description |\n"
	      "|--------|-------|---------|-----|-------------|-------------|\n", f);
	for (int i = 0; i < DMC_OPT_COUNT; i++) {
		const dmc_opt *t = &dmc_opt_table[i];
		dmc_opt_values(t, values, sizeof values);
		if (!*values && t->kind == DMC_OPTK_TEXT)
			snprintf(values, sizeof values, "%s", t->arg);
		fprintf(f, "| `%s%s%s` | ", t->name, *t->arg ? " " : "", t->arg);
		md(f, values);
		fprintf(f, " | %s%s%s | %s | %s%s%s | ", *t->def ? "`" : "", t->def, *t->def ? "`" : "",
		        t->where & DMC_OPTW_PAN ? "x" : "", t->lua ? "`" : "", t->lua ? t->lua : "",
		        t->lua ? "`" : "");
		md(f, t->help);
		fputs(" |\n", f);
	}
	fputs("\n`dmc check` compiles its defaults `astar` and `none` into pan.\n\n"
	      "## Searches\n\n| name | search |\n|------|--------|\n", f);
	for (int i = 0; dmc_search_names[i]; i++)
	{
		fprintf(f, "| `%s` | ", dmc_search_names[i]);
		md(f, dmc_search_help[i]);
		fputs(" |\n", f);
	}
	fputs("\n## Heuristics\n\n", f);
	for (int i = 0; dmc_heuristic_names[i]; i++)
		fprintf(f, "%s`%s`", i ? ", " : "", dmc_heuristic_names[i]);
	fputs(" ([heuristics.md](heuristics.md) describes them).\n\n"
	      "## Lua settings without an option\n\n"
	      "A `--lua` script's settings ([lua.md](lua.md)): those in the table above,\n"
	      "and these.\n\n"
	      "| setting | value | description |\n|---------|-------|-------------|\n", f);
	for (int i = 0; dmc_lua_only[i].name; i++)
	{
		fprintf(f, "| `%s` | ", dmc_lua_only[i].name);
		md(f, dmc_lua_only[i].value);
		fputs(" | ", f);
		md(f, dmc_lua_only[i].help);
		fputs(" |\n", f);
	}
}
