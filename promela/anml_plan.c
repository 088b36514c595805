// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_plan.c -- `dmc plan MODEL.anml [options]`: `dmc check MODEL.anml`
 * (the ANMLite front end, anml_frontend.c: the translation into
 * $DMC_CACHE/anml/NAME-HASH/NAME.pml, the same build cache and pan) with
 * planning's defaults, then the plan from the trail per timeline
 * instance with the search statistics, re-checked by the validator
 * (anml_validate.c).
 *
 * Exit status: 0 a plan was found and validated; 1 the search was
 * complete and found no plan: no plan exists within the horizon; 2 bad
 * input or usage, or an internal error (including a plan the validator
 * rejects); 3 the search was incomplete (a limit) without a plan.
 */
#include "anml.h"
#include "anml_cmd.h"
#include "cache.h"
#include "cmd.h"
#include "frontend.h"
#include "fs.h"
#include "path.h"
#include "run.h"
#include "translate.h"
#include "util.h"

#include <cjson/cJSON.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
	const char *model, *search, *heur;
	int horizon, keep;
	drv_strv check_opts;   /* passed on to dmc check */
} plan_opts;

static int usage_error(const char *fmt, const char *a)
{
	char msg[300];
	snprintf(msg, sizeof msg, fmt, a);
	drv_msg("plan: %s (usage: dmc plan MODEL.anml [--search S] [--heuristic H] [--horizon N] "
	        "[--weight W] [--beam K] [--time-limit S] [--memlim MB] [--max-depth N] [--keep])", msg);
	return 2;
}

static int parse(plan_opts *o, int argc, char **argv)
{
	static const char *const pass[] = { "--weight", "--beam", "--time-limit", "--memlim", "--max-depth", NULL };
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		int takes = strcmp(a, "--search") == 0 || strcmp(a, "--heuristic") == 0
		            || strcmp(a, "--horizon") == 0;
		int passes = 0;
		for (int k = 0; pass[k]; k++)
			passes |= strcmp(a, pass[k]) == 0;
		if ((takes || passes) && i + 1 >= argc)
			return usage_error("%s needs a value", a);
		if (strcmp(a, "--search") == 0)
			o->search = argv[++i];
		else if (strcmp(a, "--heuristic") == 0)
			o->heur = argv[++i];
		else if (strcmp(a, "--horizon") == 0) {
			if (anml_parse_horizon(argv[++i], &o->horizon) != 0)
				return 2;
		} else if (passes) {
			char *opt = drv_printf("%s=%s", a, argv[++i]);
			drv_strv_push(&o->check_opts, opt);
			free(opt);
		} else if (strcmp(a, "--keep") == 0)
			o->keep = 1;
		else if (a[0] == '-')
			return usage_error("unknown option '%s'", a);
		else if (o->model)
			return usage_error("more than one model ('%s')", a);
		else
			o->model = a;
	}
	if (!o->model)
		return usage_error("%s", "no model given");
	return 0;
}

/* a number member of dmc check's results; -1 if absent */
static double json_num(const cJSON *results, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(results, key);
	return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

/* dmc check's results: the line of its output that is a JSON object
 * with a "verdict" (pan's own output is on the other lines), or NULL */
static cJSON *json_results(char *text)
{
	for (char *p = text; p && *p; ) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		if (*p == '{') {
			cJSON *j = cJSON_Parse(p);
			if (cJSON_IsObject(j) && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(j, "verdict")))
				return j;
			cJSON_Delete(j);
		}
		p = nl ? nl + 1 : NULL;
	}
	return NULL;
}

/* a private directory in the build cache for dmc check's output; NULL
 * after a message */
static char *scratch_dir(void)
{
	char *cache = drv_cache_open(), *dir = NULL;
	if (cache) {
		dir = drv_printf("%s/plan-XXXXXX", cache);
		if (!mkdtemp(dir)) {
			drv_msg("plan: cannot create a directory in the build cache %s", cache);
			free(dir);
			dir = NULL;
		}
	}
	free(cache);
	return dir;
}

static int plan(const drv_env *e, plan_opts *o)
{
	anml_model m;
	anml_err err;
	char *tmp = NULL, *pml = NULL, *out = NULL, *text = NULL;
	cJSON *json = NULL;
	int rc = 2;
	if (drv_frontend_for(o->model) != &prom_fe_anml)
		return usage_error("'%s' is no ANMLite model (MODEL.anml)", o->model);
	if (anml_load(o->model, &m, &err) != 0) {
		fprintf(stderr, "%s\n", err.msg);
		anml_free(&m);
		return 2;
	}
	if (!(tmp = scratch_dir()))
		goto done;

	/* dmc check MODEL.anml --horizon N --search S --heuristic H --json ...
	 * (the ANMLite front end), its output in check.out */
	drv_strv argv = { 0 };
	char *h = drv_printf("%d", o->horizon);
	drv_strv_push(&argv, o->model);
	drv_strv_push(&argv, "--horizon");
	drv_strv_push(&argv, h);
	free(h);
	drv_strv_push(&argv, "--search");
	drv_strv_push(&argv, o->search);
	drv_strv_push(&argv, "--heuristic");
	drv_strv_push(&argv, o->heur);
	drv_strv_push(&argv, "--json");
	for (size_t i = 0; i < o->check_opts.n; i++)
		drv_strv_push(&argv, o->check_opts.v[i]);
	out = drv_printf("%s/check.out", tmp);
	drv_redirect r;
	if (drv_redirect_begin(&r, out) == 0) {
		rc = drv_check_translated(e, (int) argv.n, argv.v, &pml);
		drv_redirect_end(&r);
	}
	drv_strv_free(&argv);
	size_t len = 0;
	text = drv_read_file(out, &len);
	json = text ? json_results(text) : NULL;
	if (rc == 2 || rc < 0 || !json || !pml) {
		if (text)
			drv_cat(out, stderr);
		drv_msg("plan: the search failed (dmc check %s)", o->model);
		rc = 2;
		goto done;
	}
	if (o->keep)
		drv_msg("plan: the Promela model is %s", pml);
	printf("plan %s (%s), horizon %d, search %s, heuristic %s\n", m.name, o->model, o->horizon,
	       o->search, o->heur);
	if (rc == 1) {
		if (anml_show_plan(e, &m, pml) != 0) {
			rc = 2;
			goto done;
		}
		rc = 0;
	} else if (rc == 0) {
		printf("no plan exists within the horizon %d (the search was complete)\n", o->horizon);
		rc = 1;
	} else {
		printf("no plan found: the search was incomplete (a limit stopped it)\n");
		rc = 3;
	}
	printf("search: %.0f states stored, %.0f expanded, %.3f s\n", json_num(json, "states_stored"),
	       json_num(json, "states_expanded"), json_num(json, "time_s"));
	fflush(stdout);
done:
	if (tmp)
		drv_rm_rf(tmp);
	cJSON_Delete(json);
	free(text);
	free(out);
	free(tmp);
	free(pml);
	anml_free(&m);
	return rc;
}

int prom_cmd_plan(const drv_env *e, int argc, char **argv)
{
	plan_opts o;
	int rc;
	if ((rc = drv_need_build(e)) != 0)
		return rc;
	memset(&o, 0, sizeof o);
	o.search = "greedy";
	o.heur = "hf";
	o.horizon = ANML_DEFAULT_HORIZON;
	rc = parse(&o, argc, argv);
	if (rc == 0)
		rc = plan(e, &o);
	drv_strv_free(&o.check_opts);
	return rc;
}
