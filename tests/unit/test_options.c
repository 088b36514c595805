// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_options.c -- the runtime's option parser refuses what it cannot
 * honour: NaN, infinities and out-of-range numbers, -a with -l; it, the
 * driver's checks, the help texts and docs/options.md read one table
 * (runtime/options.def).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "options.h"
#include "heuristic.h"
#include "por.h"
#include "targets.h"

/* parse pan's argv "pan ARGS..." (NULL-terminated list) */
static int parse(const char *const *args, dmc_options *o, char *err, size_t n)
{
	char *argv[16] = { "pan" };
	int argc = 1;
	for (; args[argc - 1]; argc++)
		argv[argc] = (char *) args[argc - 1];
	argv[argc] = NULL;
	return dmc_options_parse(&argc, argv, "bfs", "none", o, err, n);
}

static void refused(const char *opt, const char *value)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { opt, value, NULL };
	int rc = parse(args, &o, err, sizeof err);
	if (rc != -1 || !strstr(err, opt))
		fprintf(stderr, "  %s %s: rc %d, '%s'\n", opt, value, rc, err);
	CHECK_EQ_LONG(rc, -1);
	CHECK(strstr(err, opt) != NULL);
}

static void test_numbers_must_be_numbers_in_range(void)
{
	static const char *const opts[] = { "--weight", "--max-depth", "--memlim", "--time-limit",
	                                     "--beam", NULL };
	static const char *const bad[] = { "nan", "NaN", "inf", "-inf", "1e300", "-1", "0", "x", "", NULL };
	for (int i = 0; opts[i]; i++)
		for (int j = 0; bad[j]; j++)
			refused(opts[i], bad[j]);
	refused("--beam", "2.5");
	refused("--weight", "1e7");
}

static void test_numbers_in_range_are_taken(void)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--search=wastar", "--weight", "1e6", "--max-depth=2e9", "--memlim", "1e12",
	                       "--time-limit", "0.5", "--beam", "1e12", NULL };
	CHECK_EQ_LONG(parse(args, &o, err, sizeof err), 0);
	CHECK(o.weight == 1e6);
	CHECK_EQ_LONG(o.max_depth, 2000000000L);
	CHECK(o.memlim_mb == 1e12 && o.time_limit == 0.5);
	CHECK(o.beam_width == (size_t) 1e12);
}

static void test_a_and_l_are_separate_runs(void)
{
	dmc_options o;
	char err[512] = "";
	const char *al[] = { "-a", "-l", NULL }, *la[] = { "-l", "-a", NULL }, *aa[] = { "-a", "-a", NULL };
	CHECK_EQ_LONG(parse(al, &o, err, sizeof err), -1);
	CHECK(strstr(err, "-a and -l cannot be combined") != NULL);
	CHECK_EQ_LONG(parse(la, &o, err, sizeof err), -1);
	CHECK_EQ_LONG(parse(aa, &o, err, sizeof err), 0);
	CHECK_EQ_LONG(o.cycles, 1);
}

/* the i-th of "a|b|c" into w; 0 past the last */
static int nth_choice(const char *choices, int i, char *w, size_t n)
{
	const char *p = choices;
	for (; i > 0 && *p; i--)
		p += strcspn(p, "|") + (p[strcspn(p, "|")] == '|');
	size_t len = strcspn(p, "|");
	if (!*p || len >= n)
		return 0;
	memcpy(w, p, len);
	w[len] = '\0';
	return 1;
}

/* a valid value of t, or NULL (flags) */
static const char *valid_value(const dmc_opt *t, char *buf, size_t n)
{
	switch (t->kind) {
	case DMC_OPTK_FLAG:      return NULL;
	case DMC_OPTK_NUMBER:
	case DMC_OPTK_WHOLE:     snprintf(buf, n, "%g", t->hi); return buf;
	case DMC_OPTK_CHOICE:
	case DMC_OPTK_LIST:      return nth_choice(t->choices, 0, buf, n) ? buf : NULL;
	case DMC_OPTK_SEARCH:    return "wastar";
	case DMC_OPTK_HEURISTIC: return "hl";    /* without regard to case */
	case DMC_OPTK_HCACHE:    return "exact:16";
	case DMC_OPTK_TEXT:      return "some.lua";
	case DMC_OPTK_PRESET:    return "prove";
	}
	return NULL;
}

/* Every option pan's table declares is taken by pan's parser, as NAME V
 * and as NAME=V; dmc check's own ones are refused by pan. */
static void test_pan_takes_every_declared_option(void)
{
	for (int i = 0; i < DMC_OPT_COUNT; i++) {
		const dmc_opt *t = &dmc_opt_table[i];
		char buf[64], eq[128], err[512] = "";
		dmc_options o;
		const char *v = valid_value(t, buf, sizeof buf);
		const char *sep[] = { t->name, v, NULL };
		CHECK_EQ_LONG(dmc_opt_table[i].id, i);
		int rc = parse(sep, &o, err, sizeof err);
		if ((rc == 0) != ((t->where & DMC_OPTW_PAN) != 0))
			fprintf(stderr, "  %s %s: rc %d, '%s'\n", t->name, v ? v : "", rc, err);
		CHECK_EQ_LONG(rc, t->where & DMC_OPTW_PAN ? 0 : -1);
		if (!v)
			continue;
		snprintf(eq, sizeof eq, "%s=%s", t->name, v);
		const char *joined[] = { eq, NULL };
		CHECK_EQ_LONG(parse(joined, &o, err, sizeof err), t->where & DMC_OPTW_PAN ? 0 : -1);
	}
}

/* The declared defaults are the parser's. */
static void test_defaults_are_the_table_s(void)
{
	dmc_options o;
	char err[512] = "";
	const char *none[] = { NULL };
	CHECK_EQ_LONG(parse(none, &o, err, sizeof err), 0);
	CHECK(o.weight == strtod(dmc_opt_table[DMC_OPT_WEIGHT].def, NULL));
	CHECK(o.weight == 2.0);
	CHECK_EQ_LONG(o.beam_width, 100);
	CHECK_STR(o.guide, dmc_opt_table[DMC_OPT_GUIDE].def);
	CHECK_EQ_LONG(o.por_proviso, DMC_POR_C2C);
	CHECK_STR(dmc_opt_table[DMC_OPT_POR_PROVISO].def, "c2c");
}

/* The choices the table declares are the ones the runtime's own parsers
 * take, and no others. */
static void test_declared_choices_are_the_runtime_s(void)
{
	char w[32];
	int n = 0, all = 0;
	dmc_por_proviso pp;
	for (; nth_choice(dmc_opt_table[DMC_OPT_POR_PROVISO].choices, n, w, sizeof w); n++)
		CHECK_EQ_LONG(dmc_por_proviso_parse(w, &pp), 0);
	CHECK_EQ_LONG(n, 3);
	for (int i = 0; nth_choice(dmc_opt_table[DMC_OPT_TARGET].choices, i, w, sizeof w); i++) {
		CHECK(dmc_targets_parse_kinds(w) > 0);
		all |= dmc_targets_parse_kinds(w);
	}
	CHECK_EQ_LONG(all, DMC_TGT_ASSERT | DMC_TGT_CLAIM | DMC_TGT_DEADLOCK);
	/* the list syntax: the same answers as the runtime's parser */
	static const char *const lists[] = { "assert,claim", " claim , deadlock ", "assert,", "",
	                                     "asserts", "assert,bogus", NULL };
	char err[256];
	for (int i = 0; lists[i]; i++)
		CHECK_EQ_LONG(dmc_opt_check(&dmc_opt_table[DMC_OPT_TARGET], lists[i], err, sizeof err) == 0,
		              dmc_targets_parse_kinds(lists[i]) > 0);
}

/* heuristics.def is the registry's list, in its order */
static void test_heuristic_names_are_the_registry(void)
{
	const dmc_heuristic *const *all = dmc_heuristic_all();
	int i = 0;
	for (; all[i] && dmc_heuristic_names[i]; i++)
		CHECK_STR(dmc_heuristic_names[i], all[i]->name);
	CHECK(!all[i] && !dmc_heuristic_names[i]);
	CHECK_EQ_LONG(dmc_heuristic_index("DL"), 1);
	CHECK_EQ_LONG(dmc_heuristic_index("hX"), -1);
}

/* The driver's check (dmc_opt_check) and pan's parser refuse the same
 * values with the same message, which names the valid values. */
static void test_driver_and_pan_refuse_alike(void)
{
	static const char *const bad[] = { "gredy", "nan", "", "-1", "1e300", "2.5", "c3", NULL };
	for (int i = 0; i < DMC_OPT_COUNT; i++) {
		const dmc_opt *t = &dmc_opt_table[i];
		if (t->kind == DMC_OPTK_FLAG || t->kind == DMC_OPTK_TEXT || !(t->where & DMC_OPTW_PAN))
			continue;         /* (dmc check's own never reach pan) */
		for (int j = 0; bad[j]; j++) {
			char e1[512] = "", e2[512] = "";
			dmc_options o;
			const char *args[] = { t->name, bad[j], NULL };
			int driver = dmc_opt_check(t, bad[j], e1, sizeof e1);
			int pan = parse(args, &o, e2, sizeof e2);
			if (driver == 0)        /* e.g. --max-depth 2.5 (pan's -m takes the whole part) */
				continue;
			CHECK_EQ_LONG(pan, -1);
			CHECK_STR(e2, e1);
		}
	}
	char err[512];
	CHECK_EQ_LONG(dmc_opt_check(&dmc_opt_table[DMC_OPT_SEARCH], "gredy", err, sizeof err), -1);
	CHECK(strstr(err, "valid: bfs, dfs, astar, wastar, greedy, beam") != NULL);
	CHECK_EQ_LONG(dmc_opt_check(&dmc_opt_table[DMC_OPT_HEURISTIC], "hX", err, sizeof err), -1);
	CHECK(strstr(err, "valid: none, dL, dU, hf, deadlock, hL, hU, hUc, htime") != NULL);
	CHECK_EQ_LONG(dmc_opt_check(&dmc_opt_table[DMC_OPT_GUIDE], "best", err, sizeof err), -1);
	CHECK_STR(err, "--guide: expected fsm, hamming or none, got 'best'");
	CHECK_EQ_LONG(dmc_opt_check(&dmc_opt_table[DMC_OPT_WEIGHT], "nan", err, sizeof err), -1);
	CHECK(strstr(err, "finite number") != NULL);
}

/* A valued option with nothing after it is refused, not passed to pan. */
static void test_a_missing_value_is_refused(void)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--search", NULL };
	CHECK_EQ_LONG(parse(args, &o, err, sizeof err), -1);
	CHECK(strstr(err, "--search needs a value") != NULL);
}

static char *captured(void (*write)(FILE *, int), int arg)
{
	FILE *f = tmpfile();
	char *text = calloc(1, 65536);
	write(f, arg);
	rewind(f);
	size_t n = fread(text, 1, 65535, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void markdown(FILE *f, int unused)
{
	(void) unused;
	dmc_opt_markdown(f);
}

/* pan's help lists pan's options, dmc check's lists all; both list
 * every search and heuristic */
static void test_help_lists_the_table(void)
{
	char *pan = captured(dmc_opt_usage, DMC_OPTW_PAN);
	char *dmc = captured(dmc_opt_usage, DMC_OPTW_PAN | DMC_OPTW_DMC);
	for (int i = 0; i < DMC_OPT_COUNT; i++) {
		const dmc_opt *t = &dmc_opt_table[i];
		char head[64];
		snprintf(head, sizeof head, "  %s%s%s ", t->name, *t->arg ? " " : "", t->arg);
		CHECK(strstr(dmc, head) != NULL);
		CHECK((strstr(pan, head) != NULL) == ((t->where & DMC_OPTW_PAN) != 0));
	}
	for (int i = 0; dmc_search_names[i]; i++)
		CHECK(strstr(pan, dmc_search_names[i]) != NULL);
	for (int i = 0; dmc_heuristic_names[i]; i++)
		CHECK(strstr(pan, dmc_heuristic_names[i]) != NULL);
	free(pan);
	free(dmc);
}

/* docs/options.md is what the table generates (make docs rewrites it) */
static void test_docs_options_md_is_current(void)
{
	char *want = captured(markdown, 0);
	FILE *f = fopen("docs/options.md", "r");
	char *have = calloc(1, 65536);
	CHECK(f != NULL);
	if (f) {
		have[fread(have, 1, 65535, f)] = '\0';
		fclose(f);
	}
	if (strcmp(want, have) != 0)
		fprintf(stderr, "  docs/options.md differs from `dmc help --markdown`: run make docs\n");
	CHECK(strcmp(want, have) == 0);
	free(want);
	free(have);
}

/* dmc check's pan: compiled-in astar, none and the preset fast; then the
 * preset, a script (script: 1 means one is given, its settings none)
 * and what follows from them, as dmc_rt_setup does */
static int compose(const char *const *args, int script, dmc_options *o, char *err, size_t n)
{
	char *argv[16] = { "pan" };
	int argc = 1;
	for (; args[argc - 1]; argc++)
		argv[argc] = (char *) args[argc - 1];
	argv[argc] = NULL;
	if (dmc_options_parse(&argc, argv, "astar", "none", o, err, n) < 0
	    || dmc_options_apply_preset(o, "fast", script, err, n) < 0)
		return -1;
	return dmc_options_settle(o, err, n);
}

static const char *overrides(const dmc_options *o, int with_values)
{
	static char buf[2][256];
	dmc_options_preset_overrides(o, with_values, buf[with_values], sizeof buf[0]);
	return buf[with_values];
}

#define FAST_LIST "hf,dL,pdb-cone,hU,none,none:deep"

/* no option: the preset fast as it stands, reduction on (greedy) */
static void test_default_preset_applies(void)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { NULL };
	CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
	CHECK_STR(o.preset, "fast");
	CHECK_STR(o.search_name, "greedy");
	CHECK_STR(o.heuristic, FAST_LIST);
	CHECK(o.por_off == NULL);
	CHECK_STR(overrides(&o, 1), "");
	CHECK_STR(o.preset_note, "");
}

/* --no-por replaces the reduction only: fast's search and heuristics stay */
static void test_no_por_keeps_the_preset_s_search(void)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--no-por", NULL };
	CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
	CHECK_STR(o.preset, "fast");
	CHECK_STR(o.search_name, "greedy");
	CHECK_STR(o.heuristic, FAST_LIST);
	CHECK_STR(o.por_off, "off (--no-por)");
	CHECK_STR(overrides(&o, 1), "--no-por");
	CHECK_STR(overrides(&o, 0), "\"--no-por\"");
}

/* another search: the preset's list gives way to its first admissible
 * heuristic (dL), and astar does not reduce */
static void test_another_search_takes_the_first_admissible_heuristic(void)
{
	static const char *const searches[] = { "astar", "bfs", "wastar", "dfs", "beam", NULL };
	for (int i = 0; searches[i]; i++) {
		dmc_options o;
		char err[512] = "", want[64];
		const char *args[] = { "--search", searches[i], NULL };
		CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
		CHECK_STR(o.preset, "fast");
		CHECK_STR(o.search_name, searches[i]);
		CHECK_STR(o.heuristic, "dL");
		CHECK(strstr(o.preset_note, "first admissible heuristic, dL") != NULL);
		snprintf(want, sizeof want, "--search %s", searches[i]);
		CHECK_STR(overrides(&o, 1), want);
		int shortest_search = i < 2;
		CHECK((o.por_off != NULL) == shortest_search);
		if (shortest_search)
			CHECK(strstr(o.por_off, searches[i]) != NULL && strstr(o.por_off, "--por") != NULL);
	}
	/* the preset's own search keeps the list */
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--search", "greedy", NULL };
	CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
	CHECK_STR(o.heuristic, FAST_LIST);
	CHECK_STR(o.preset_note, "");
}

/* --anytime: one open list (dL) and no reduction, fast's search stays */
static void test_anytime_gets_what_the_shortest_trail_needs(void)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--anytime", NULL };
	CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
	CHECK_STR(o.search_name, "greedy");
	CHECK_STR(o.heuristic, "dL");
	CHECK(o.anytime);
	CHECK(o.por_off != NULL && strstr(o.por_off, "--anytime") != NULL);
	CHECK(strstr(o.preset_note, "without --anytime") != NULL);
	CHECK_STR(overrides(&o, 1), "--anytime");
}

/* the user's own heuristic, a list too, is never replaced */
static void test_a_given_heuristic_stays(void)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--search", "astar", "--heuristic", "hf,hL", NULL };
	CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
	CHECK_STR(o.heuristic, "hf,hL");
	CHECK_STR(o.preset_note, "");
	CHECK_STR(overrides(&o, 1), "--search astar, --heuristic hf,hL");
	CHECK_STR(overrides(&o, 0), "\"--search\", \"--heuristic\"");
	const char *args2[] = { "--heuristic", "hL", NULL };
	CHECK_EQ_LONG(compose(args2, 0, &o, err, sizeof err), 0);
	CHECK_STR(o.search_name, "greedy");
	CHECK_STR(o.heuristic, "hL");
}

/* --no-chains: chain states are stored (runtime/chains.c); off by default */
static void test_no_chains(void)
{
	dmc_options o;
	char err[512] = "";
	const char *none[] = { "--search", "bfs", NULL };
	CHECK_EQ_LONG(compose(none, 0, &o, err, sizeof err), 0);
	CHECK(!o.no_chains);
	const char *args[] = { "--search", "bfs", "--no-chains", NULL };
	CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
	CHECK(o.no_chains);
}

/* --por asks for reduction where the search would go without; with
 * --no-por it is refused; --por and --no-por are one field of a preset */
static void test_por_is_asked_for(void)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--search", "astar", "--por", NULL };
	CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
	CHECK(o.por_off == NULL);
	const char *both[] = { "--por", "--no-por", NULL };
	CHECK_EQ_LONG(compose(both, 0, &o, err, sizeof err), -1);
	CHECK(strstr(err, "--por") && strstr(err, "--no-por"));
	/* short says --no-por; --por given replaces that field */
	const char *sp[] = { "--preset", "short", "--por", NULL };
	CHECK_EQ_LONG(compose(sp, 0, &o, err, sizeof err), 0);
	CHECK(!o.no_por && o.por && o.por_off == NULL);
	CHECK_STR(o.search_name, "wastar");
	CHECK(o.anytime);
	CHECK_STR(overrides(&o, 1), "--por");
}

/* every preset: fields only; prove reduces, short does not */
static void test_each_preset(void)
{
	for (int i = 0; dmc_presets[i].name; i++) {
		dmc_options o;
		char err[512] = "";
		const char *args[] = { "--preset", dmc_presets[i].name, NULL };
		if (compose(args, 0, &o, err, sizeof err) != 0)
			fprintf(stderr, "  preset %s: %s\n", dmc_presets[i].name, err);
		CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
		CHECK_STR(o.preset, dmc_presets[i].name);
		CHECK_STR(overrides(&o, 1), "");
		if (strcmp(o.preset, "prove") == 0)
			CHECK(o.search == DMC_SEARCH_BFS && o.por_off == NULL);
		if (strcmp(o.preset, "short") == 0)
			CHECK(o.anytime && o.por_off != NULL);
	}
	/* with a preset named, an option still replaces its field only */
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--preset", "short", "--heuristic", "hL", NULL };
	CHECK_EQ_LONG(compose(args, 0, &o, err, sizeof err), 0);
	CHECK_STR(o.search_name, "wastar");
	CHECK_STR(o.heuristic, "hL");
	CHECK(o.anytime && o.no_por);
}

/* a script, -a or -l: no default preset (the compiled-in defaults; a
 * script's settings decide); the nested DFS reduces, astar does not */
static void test_no_default_preset_with_a_script_or_cycles(void)
{
	dmc_options o;
	char err[512] = "";
	const char *none[] = { NULL };
	CHECK_EQ_LONG(compose(none, 1, &o, err, sizeof err), 0);
	CHECK(o.preset == NULL);
	CHECK_STR(o.search_name, "astar");
	CHECK_STR(o.heuristic, "none");
	CHECK(o.por_off != NULL);
	CHECK_STR(overrides(&o, 1), "");
	const char *a[] = { "-a", NULL };
	CHECK_EQ_LONG(compose(a, 0, &o, err, sizeof err), 0);
	CHECK(o.preset == NULL);
	CHECK(o.por_off == NULL);
	/* an explicit preset applies with a script too */
	const char *p[] = { "--preset", "fast", NULL };
	CHECK_EQ_LONG(compose(p, 1, &o, err, sizeof err), 0);
	CHECK_STR(o.preset, "fast");
	CHECK_STR(o.search_name, "greedy");
}

CHECK_MAIN("options",
	CASE(test_pan_takes_every_declared_option),
	CASE(test_defaults_are_the_table_s),
	CASE(test_declared_choices_are_the_runtime_s),
	CASE(test_heuristic_names_are_the_registry),
	CASE(test_driver_and_pan_refuse_alike),
	CASE(test_a_missing_value_is_refused),
	CASE(test_help_lists_the_table),
	CASE(test_docs_options_md_is_current),
	CASE(test_numbers_must_be_numbers_in_range),
	CASE(test_numbers_in_range_are_taken),
	CASE(test_a_and_l_are_separate_runs),
	CASE(test_default_preset_applies),
	CASE(test_no_por_keeps_the_preset_s_search),
	CASE(test_no_chains),
	CASE(test_another_search_takes_the_first_admissible_heuristic),
	CASE(test_anytime_gets_what_the_shortest_trail_needs),
	CASE(test_a_given_heuristic_stays),
	CASE(test_por_is_asked_for),
	CASE(test_each_preset),
	CASE(test_no_default_preset_with_a_script_or_cycles))
