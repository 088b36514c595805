// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * main.c -- the runtime's entry: options first, then pan's own main.
 */
#define _DEFAULT_SOURCE 1     /* on_exit (glibc): the results need pan's exit status */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "runtime.h"
#include "options.h"
#include "options_table.h"
#include "report.h"
#include "search.h"
#include "run_context.h"
#include "lua_script.h"
#include "ndfs.h"
#include "por.h"
#include "faults.h"
#include "version.h"

/* -DDMC_LUA=FILE or -DDMC_LUA='"FILE"': the name without quotes */
static const char *unquote(const char *s, char *buf, size_t n)
{
	size_t len = s ? strlen(s) : 0;
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"' && len - 1 < n) {
		memcpy(buf, s + 1, len - 2);
		buf[len - 2] = '\0';
		return buf;
	}
	return s;
}

/* pan's options that take the whole argument after the letter */
static int gives_depth(const char *a)
{
	return a[0] == '-' && a[1] == 'm';
}

/* pan's -wN: a hash table of 2^N pointers; pan does not check N, and
 * from 61 on the size overflows (pan crashes).  A table pan merely
 * cannot allocate is out of memory (report.c), not a usage error. */
static int bad_hash_size(const char *a)
{
	if (a[0] != '-' || a[1] != 'w')
		return 0;
	char *end;
	long n = strtol(a + 2, &end, 10);
	return *end == '\0' && n > 60;
}

/* --heuristic H1,H2,...: one open list per heuristic, expanded in turn
 * (a combination of kind alt) */
static int alternate(dmc_options *o, char *err, size_t errlen)
{
	char name[64];
	int fits;
	if (o->combo.active) {
		snprintf(err, errlen, "--heuristic %s: a Lua script's combination is given too; choose one",
		         o->heuristic);
		return -1;
	}
	if (!dmc_search_alternates(&dmc_searches[o->search])) {
		snprintf(err, errlen, "alternation over several heuristics (--heuristic H1,H2,...) needs "
		         "--search greedy, astar or wastar");
		return -1;
	}
	dmc_combo_clear(&o->combo);
	for (const char *p = o->heuristic; p;) {
		p = dmc_heuristic_list_next(p, name, sizeof name, &fits);
		const char *t = dmc_heuristic_entry_split(name);
		dmc_tie_kind tie = DMC_TIE_DEFAULT;
		if ((t && dmc_combo_tie_parse(t, &tie) < 0)
		    || dmc_combo_add_list(&o->combo, name, tie, err, errlen) < 0)
			return -1;
	}
	o->combo.kind = DMC_COMB_ALT;
	o->combo.active = 1;
	/* a preset's list, not the user's: what cannot be built is left out */
	o->combo.lenient = !(o->given & DMC_GIVEN_HEURISTIC);
	return 0;
}

int dmc_rt_zone_inclusion(const dmc_run *R)
{
	return !R->opt.no_zone_inclusion;
}

int dmc_rt_por_given(const dmc_run *R)
{
	return R->opt.given_opt[DMC_OPT_POR];
}

int dmc_rt_depth_matters(const dmc_run *R)
{
	return R->reopen || (dmc_searches[R->opt.search].flags & DMC_SF_SHORTEST) != 0;
}

int dmc_rt_setup(dmc_run *R, int *argc, char **argv, const dmc_build_info *info,
                 char *err, size_t errlen)
{
	dmc_options *o = &R->opt;
	R->view = dmc_view_now();
	if (dmc_options_parse(argc, argv, info->search, info->heuristic, o, err, errlen) < 0)
		return -1;
	if (o->help)
		return 1;
	/* a script's settings, before anything else looks at the options;
	 * a preset's before them (a script's setting wins over a preset's) */
	const char *lua = o->lua_file ? o->lua_file
	                : unquote(info->lua, R->lua_path, sizeof R->lua_path);
	if (dmc_options_apply_preset(o, info->preset, lua && *lua, err, errlen) < 0)
		return -1;
	if (lua && *lua && !(R->lua = dmc_lua_load(lua, o, err, errlen)))
		return -1;
	if (lua && *lua)
		o->lua_file = lua;
	if (dmc_options_settle(o, err, errlen) < 0)
		return -1;
	if (strchr(o->heuristic, ',') && alternate(o, err, errlen) < 0)
		return -1;
	if (o->anytime && o->combo.active) {
		snprintf(err, errlen, "--anytime re-orders one open list by g + W*h: it cannot be used "
		         "with alternation (--heuristic H1,H2,...) or a script's combination");
		return -1;
	}
	if (dmc_live_check_options(o, *argc, argv, err, errlen) < 0)
		return -1;
	/* the glue sets POR up at the first store or pop, which may come
	 * before the search starts: it is configured here */
	if (!R->por && !(R->por = dmc_por_new()))
		dmc_rt_out_of_memory("setting up the run", 0);
	dmc_por_set_wanted(R->por, !o->por_off, o->por_off);
	dmc_por_set_proviso(R->por, (dmc_por_proviso) o->por_proviso);
	int user_depth = 0;
	for (int i = 1; i < *argc; i++) {
		if (gives_depth(argv[i]))
			user_depth = 1;
		if (bad_hash_size(argv[i])) {
			snprintf(err, errlen, "%s: a hash table of 2^N slots needs N <= 60", argv[i]);
			return -1;
		}
	}
	/* pan's BFS default of 10000 steps is far too small for greedy and
	 * beam trails; the runtime's own default is unbounded. */
	if (o->max_depth > 0)
		*info->pan_maxdepth = o->max_depth;
	else if (!user_depth)
		*info->pan_maxdepth = 1L << 30;
	return 0;
}

int dmc_rt_main(int argc, char **argv, int (*pan_main)(int, char **),
                const dmc_build_info *info)
{
	char err[512];
	dmc_run *R = calloc(1, sizeof *R);
	if (!R)
		dmc_rt_out_of_memory("setting up the run", sizeof *R);
	if (info->glue_new && !(R->glue = info->glue_new()))
		dmc_rt_out_of_memory("the glue's state", 0);
	R->glue_free = info->glue_free;
	*info->run = R;
	int rc = dmc_rt_setup(R, &argc, argv, info, err, sizeof err);
	if (rc < 0) {
		fprintf(stderr, "pan: spin-dmc: %s\n", err);
		return 2;
	}
	if (rc == 1 && R->opt.help == 2) {   /* --version */
		printf("pan (spin-dmc) %s\n", dmc_version);
		return 0;
	}
	if (rc == 1) {                /* --help */
		dmc_options_usage(stdout);
		printf("\npan's own options:\n");
		fflush(stdout);
		char *pan_help[] = { argv[0], "--", NULL };
		return pan_main(2, pan_help);
	}
	if (R->opt.json) {
		int fd = dup(1);
		FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
		if (!f || dup2(2, 1) < 0) {
			fprintf(stderr, "pan: spin-dmc: cannot set up --json output\n");
			return 2;
		}
		R->json = f;
	}
	/* a fallback: pan's ordinary ending is dmc_rt_finish, from wrapup */
	on_exit(dmc_report_on_exit, R);
	dmc_faults_install();
	return pan_main(argc, argv);
}

int dmc_rt_finish(dmc_run *R, int status)
{
	return dmc_report(R, status);
}
