/*
 * anml_plan.c -- `dmc plan MODEL.anml [options]`: translate the model
 * (anml_pml.c) into $DMC_CACHE/anml/NAME-HASH/NAME.pml, search it with
 * `dmc check` (the same build cache and pan), replay the trail with
 * `spin -t`, print the schedule per timeline instance with the search
 * statistics, and re-check it with the validator (anml_validate.c).
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

/* the model's Promela in its cache directory: *dir, *pml */
static int write_translation(const anml_model *m, int horizon, char **dir, char **pml)
{
	char *text = NULL;
	size_t len = 0;
	anml_err err;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return 2;
	int rc = anml_write_promela(mem, m, horizon, &err);
	fclose(mem);
	if (rc != 0) {
		fprintf(stderr, "%s\n", err.msg);
		free(text);
		return 2;
	}
	drv_hash h;
	drv_hash_init(&h);
	drv_hash_item(&h, text, len);
	char *cache = drv_cache_dir();
	if (cache[0] != '/') {
		char cwd[4096];
		if (getcwd(cwd, sizeof cwd)) {
			char *abs = drv_printf("%s/%s", cwd, cache);
			free(cache);
			cache = abs;
		}
	}
	*dir = drv_printf("%s/anml/%s-%016llx", cache, m->name, (unsigned long long) drv_hash_final(&h));
	*pml = drv_printf("%s/%s.pml", *dir, m->name);
	free(cache);
	FILE *f = NULL;
	if (drv_mkdir_p(*dir) != 0 || !(f = fopen(*pml, "w")) || fwrite(text, 1, len, f) != len) {
		drv_msg("plan: cannot write %s", *pml);
		if (f)
			fclose(f);
		free(text);
		return 2;
	}
	free(text);
	if (fclose(f) != 0) {
		drv_msg("plan: cannot write %s", *pml);
		return 2;
	}
	return 0;
}

static int replay(const drv_env *e, const anml_model *m, const char *dir, const char *pml,
                  anml_plan *plan)
{
	char *out = drv_printf("%s/replay.out", dir);
	int fd = drv_open_out(out), rc = 2;
	if (fd >= 0) {
		drv_strv argv = { 0 };
		drv_run_io io = { dir, fd, fd };
		/* from its directory: spin hands the name to a shell */
		char *base = drv_basename(pml);
		drv_strv_push(&argv, e->spin);
		drv_strv_push(&argv, "-t");
		drv_strv_push(&argv, base);
		free(base);
		int st = drv_run(argv.v, &io);
		close(fd);
		drv_strv_free(&argv);
		size_t len;
		char *text = drv_read_file(out, &len);
		anml_err err;
		if (st != 0 || !text)
			drv_msg("plan: spin -t %s failed (status %d)", pml, st);
		else if (anml_plan_from_replay(m, text, plan, &err) != 0)
			drv_msg("plan: %s", err.msg);
		else
			rc = 0;
		free(text);
	}
	free(out);
	return rc;
}

static int plan(const drv_env *e, plan_opts *o)
{
	anml_model m;
	anml_err err;
	char *dir = NULL, *pml = NULL, *out = NULL, *text = NULL;
	cJSON *json = NULL;
	int rc;
	if (anml_load(o->model, &m, &err) != 0) {
		fprintf(stderr, "%s\n", err.msg);
		anml_free(&m);
		return 2;
	}
	if ((rc = write_translation(&m, o->horizon, &dir, &pml)) != 0)
		goto done;
	if (o->keep)
		drv_msg("plan: the Promela model is %s", pml);

	/* dmc check PML --search S --heuristic H --json ..., its output in check.out */
	drv_strv argv = { 0 };
	drv_strv_push(&argv, pml);
	drv_strv_push(&argv, "--search");
	drv_strv_push(&argv, o->search);
	drv_strv_push(&argv, "--heuristic");
	drv_strv_push(&argv, o->heur);
	drv_strv_push(&argv, "--json");
	for (size_t i = 0; i < o->check_opts.n; i++)
		drv_strv_push(&argv, o->check_opts.v[i]);
	/* a plan is an assertion violation; the translation's waits carry end
	 * labels, so pan's invalid-end-state check can find nothing -- and
	 * leaving it on would keep dead-end pruning (h = infinity) off */
	drv_strv_push(&argv, "--");
	drv_strv_push(&argv, "-E");
	out = drv_printf("%s/check.out", dir);
	drv_redirect r;
	rc = 2;
	if (drv_redirect_begin(&r, out) == 0) {
		rc = drv_cmd_check(e, (int) argv.n, argv.v);
		drv_redirect_end(&r);
	}
	drv_strv_free(&argv);
	size_t len = 0;
	text = drv_read_file(out, &len);
	json = text ? json_results(text) : NULL;
	if (rc == 2 || rc < 0 || !json) {
		if (text)
			drv_cat(out, stderr);
		drv_msg("plan: the search failed (dmc check %s)", pml);
		rc = 2;
		goto done;
	}
	printf("plan %s (%s), horizon %d, search %s, heuristic %s\n", m.name, o->model, o->horizon,
	       o->search, o->heur);
	if (rc == 1) {
		anml_plan p;
		if (replay(e, &m, dir, pml, &p) != 0) {
			rc = 2;
			goto done;
		}
		anml_plan_print(stdout, &m, &p);
		fflush(stdout);
		int bad = anml_validate(&m, &p, stderr);
		if (bad) {
			drv_msg("plan: internal error: the validator rejects the plan (%d violation%s); "
			        "please report it with the model", bad, bad == 1 ? "" : "s");
			rc = 2;
		} else {
			printf("validated: durations, transitions, initial state, goals and %d constraint%s hold\n",
			       m.ncons, m.ncons == 1 ? "" : "s");
			rc = 0;
		}
		anml_plan_free(&p);
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
	cJSON_Delete(json);
	free(text);
	free(out);
	free(dir);
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
