// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_plan.c -- `dmc plan DOMAIN.pddl PROBLEM.pddl [options]`: the
 * problem grounded (pddl_ground.c) and translated into the build cache
 * ($DMC_CACHE/pddl/NAME-HASH/NAME.pml, the grounded task for the hff
 * heuristic beside it), `dmc check` on it with planning's defaults
 * (greedy search with hff, FF's relaxed plan on the grounded task, and
 * its helpful actions preferred: a plan fast),
 * the plan read back from the trail (spin -t), written in the IPC's
 * format (PROBLEM.plan in the working directory, or -o FILE), read back
 * from that file and checked by the validator on the lifted model
 * (pddl_validate.c).  A plan the validator accepts is first shortened
 * by action elimination (steps whose removal keeps the plan valid).
 * What the search minimised is printed: the steps when the trail is
 * shortest (--search bfs; with durative actions the happenings and time
 * advances, not the makespan), else nothing.  A temporal plan's file is
 * "T: (action arg ...) [D]" a line, its makespan printed.
 * `--validate FILE` checks a plan file without searching; `dmc
 * translate DOMAIN.pddl PROBLEM.pddl` (pddl_translate.c) writes the Promela.
 *
 * Exit status as ANMLite's dmc plan: 0 a plan found and validated
 * (--validate: a valid plan), 1 no plan exists (a complete search, or
 * the goal unreachable even without deletes; --validate: an invalid
 * plan), 2 bad input or usage (or a plan the validator rejects: an
 * internal error), 3 the search was incomplete.
 */
#include "pddl.h"
#include "pddl_cmd.h"
#include "plan_util.h"
#include "../../runtime/version.h"
#include "cache.h"
#include "cmd_args.h"
#include "cmd.h"
#include "frontend.h"
#include "fs.h"
#include "path.h"
#include "run.h"
#include "util.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
	const char *files[2];
	int nfiles;
	const char *search, *heur;
	int preferred;           /* --preferred passed on: hff's helpful actions */
	int no_preferred;        /* --no-preferred */
	const char *plan_file, *validate;
	int keep, json;
	int optimal;             /* --optimal makespan */
	long horizon;            /* the translation's, in ticks (0: none) */
	long makespan;           /* the plan's found, in ticks */
	drv_strv check_opts;
} plan_opts;

static int usage_error(const char *fmt, const char *a)
{
	char msg[300];
	snprintf(msg, sizeof msg, fmt, a);
	drv_msg("plan: %s (usage: dmc plan DOMAIN.pddl PROBLEM.pddl [options]; dmc plan --help lists them)", msg);
	return 2;
}

static int parse(plan_opts *o, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		const char *a, *v;
		switch (drv_command_arg(DRV_CMD_PLAN, argc, argv, &i, &a, &v)) {
		case DRV_ARG_ERROR:
			return 2;
		case DRV_ARG_UNKNOWN:
			return drv_command_unknown(DRV_CMD_PLAN, argv[i]);
		case DRV_ARG_OPERAND:
			if (o->nfiles == 2)
				return usage_error("more than a domain and a problem ('%s')", argv[i]);
			o->files[o->nfiles++] = argv[i];
			break;
		case DRV_ARG_OPTION:
			if (strcmp(a, "--search") == 0)
				o->search = v;
			else if (strcmp(a, "--heuristic") == 0)
				o->heur = v;
			else if (strcmp(a, "--no-preferred") == 0)
				o->no_preferred = 1;
			else if (strcmp(a, "-o") == 0)
				o->plan_file = v;
			else if (strcmp(a, "--validate") == 0)
				o->validate = v;
			else if (strcmp(a, "--keep") == 0)
				o->keep = 1;
			else if (strcmp(a, "--json") == 0)
				o->json = 1;
			else if (strcmp(a, "--optimal") == 0) {
				if (strcmp(v, "makespan") != 0)
					return usage_error("--optimal: expected 'makespan', found '%s'", v);
				o->optimal = 1;
			} else if (strcmp(a, "--horizon") == 0 || strcmp(a, "--gantt") == 0 || strcmp(a, "--encoding") == 0)
				return usage_error("%s is for ANMLite models (a PDDL plan's time line is its durative actions')", a);
			else if (drv_command_check_option(&drv_commands[DRV_CMD_PLAN], a)) {
				/* dmc check's (runtime/options.def; --tie, --beam, ...), passed on */
				char *opt = v ? drv_printf("%s=%s", a, v) : drv_printf("%s", a);
				drv_strv_push(&o->check_opts, opt);
				free(opt);
			} else
				return drv_command_unhandled(DRV_CMD_PLAN, a);
			break;
		}
	}
	if (o->nfiles == 0)
		return usage_error("%s", "no domain and problem given");
	if (o->optimal && (o->json || o->validate))
		return usage_error("%s", "--optimal makespan runs several searches: not with --json or --validate");
	return 0;
}

static int write_plan_file(const char *path, const pddl_model *m, const pddl_plan *p)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		drv_msg("plan: cannot write the plan file %s: %s (-o FILE writes it elsewhere)", path, strerror(errno));
		return 2;
	}
	pddl_plan_write(f, m, p);
	if (fclose(f) != 0) {
		drv_msg("plan: cannot write the plan file %s", path);
		return 2;
	}
	return 0;
}

static int read_plan_file(const char *path, const pddl_model *m, pddl_plan *p)
{
	size_t len;
	pddl_err err;
	memset(p, 0, sizeof *p);
	char *text = drv_read_file(path, &len);
	if (!text) {
		drv_msg("plan: %s: %s", path, strerror(errno ? errno : ENOENT));
		return 2;
	}
	int rc = pddl_plan_read(path, text, m, p, &err) == 0 ? 0 : 2;
	if (rc) {
		drv_msg_plain(err.msg);
		pddl_plan_free(p);
	}
	free(text);
	return rc;
}

static cJSON *steps_json(const pddl_model *m, const pddl_plan *p)
{
	cJSON *a = cJSON_CreateArray();
	char buf[1024];
	for (int i = 0; p && i < p->n; i++) {
		pddl_gaction g = { p->steps[i].act, p->steps[i].args, NULL, NULL, 0, NULL, NULL };
		pddl_gaction_text(m, &g, buf, sizeof buf);
		cJSON_AddItemToArray(a, cJSON_CreateString(buf));
	}
	return a;
}

static void print_json(const plan_opts *o, const pddl_job *j, const char *verdict, const pddl_plan *p,
                       int valid, const char *plan_file, size_t pml_bytes, cJSON *check)
{
	cJSON *js = cJSON_CreateObject();
	cJSON_AddNumberToObject(js, "schema_version", DMC_JSON_SCHEMA);
	cJSON_AddStringToObject(js, "version", dmc_version);
	cJSON_AddStringToObject(js, "verdict", verdict);
	cJSON_AddStringToObject(js, "domain", j->m.domain_file);
	cJSON_AddStringToObject(js, "problem", j->m.problem_file);
	cJSON_AddStringToObject(js, "name", j->m.problem_name);
	cJSON_AddNumberToObject(js, "facts", j->t.nfacts);
	cJSON_AddNumberToObject(js, "actions", j->t.nacts);
	cJSON_AddNumberToObject(js, "ground_s", j->ground_s);
	cJSON_AddNumberToObject(js, "promela_bytes", (double) pml_bytes);
	if (check) {
		cJSON_AddStringToObject(js, "search", o->search);
		cJSON_AddStringToObject(js, "heuristic", o->heur);
	} else {
		cJSON_AddNullToObject(js, "search");
		cJSON_AddNullToObject(js, "heuristic");
	}
	if (p) {
		cJSON_AddBoolToObject(js, "valid", valid);
		cJSON_AddNumberToObject(js, "steps", p->n);
		cJSON_AddStringToObject(js, "plan_file", plan_file);
	} else {
		cJSON_AddNullToObject(js, "valid");
		cJSON_AddNullToObject(js, "steps");
		cJSON_AddNullToObject(js, "plan_file");
	}
	if (p && j->m.temporal)
		cJSON_AddNumberToObject(js, "makespan", (double) pddl_plan_makespan(&j->m, p) / PDDL_TICKS);
	else
		cJSON_AddNullToObject(js, "makespan");
	cJSON_AddItemToObject(js, "plan", steps_json(&j->m, p));
	if (check)
		cJSON_AddItemReferenceToObject(js, "check", check);
	else
		cJSON_AddNullToObject(js, "check");
	char *text = cJSON_PrintUnformatted(js);
	if (text)
		printf("%s\n", text);
	free(text);
	cJSON_Delete(js);
	fflush(stdout);
}

/* the plan found: written as a plan file, read back and validated */
static int found(const drv_env *e, plan_opts *o, const pddl_job *j, const char *pml, FILE *txt,
                 cJSON *check, size_t bytes)
{
	pddl_plan got, read;
	char *path = o->plan_file ? drv_strdup(o->plan_file) : plan_default_file(j->m.problem_file, ".pddl");
	int rc = pddl_replay_plan(e, j, pml, &got);
	/* a greedy plan often holds detours: action elimination takes them
	 * out -- only from a plan the validator accepts, so that a wrong
	 * translation still shows as a rejected plan */
	FILE *null = fopen("/dev/null", "w");
	if (rc == 0 && null && pddl_validate(&j->m, &got, null) == 0) {
		int n = got.n, cut = pddl_plan_shorten(&j->m, &got);
		if (cut > 0)
			fprintf(txt, "shortened: the search's plan of %d steps less %d by action elimination\n", n, cut);
	}
	if (null)
		fclose(null);
	if (rc == 0) {
		pddl_plan_write(txt, &j->m, &got);
		rc = write_plan_file(path, &j->m, &got);
		pddl_plan_free(&got);
	}
	/* what is validated and printed as JSON is the file's plan */
	if (rc == 0 && (rc = read_plan_file(path, &j->m, &read)) == 0) {
		if (pddl_check_plan(&j->m, &read, txt) != 0) {
			drv_msg("internal error: the validator rejects the plan; please report it with the model");
			rc = 2;
		}
		const cJSON *sh = cJSON_GetObjectItemCaseSensitive(check, "shortest");
		const cJSON *why = cJSON_GetObjectItemCaseSensitive(check, "shortest_reason");
		char ms[64] = "";
		if (j->m.temporal) {
			char t[32];
			pddl_ticks_text(pddl_plan_makespan(&j->m, &read), t, sizeof t);
			snprintf(ms, sizeof ms, ", makespan %s", t);
		}
		if (rc == 0)
			fprintf(txt, "plan file: %s (%d steps%s; minimised: %s)\n", path, read.n, ms,
			        cJSON_IsTrue(sh) && j->m.temporal
			        ? "the search's steps (happenings and time advances), not the makespan"
			        : cJSON_IsTrue(sh) ? "steps, the plan is a shortest one"
			        : cJSON_IsString(why) ? why->valuestring : "nothing");
		if (rc == 0 && o->json)
			print_json(o, j, "plan", &read, 1, path, bytes, check);
		o->makespan = pddl_plan_makespan(&j->m, &read);
		pddl_plan_free(&read);
	}
	free(path);
	return rc;
}

static int validate_only(const plan_opts *o, const pddl_job *j)
{
	pddl_plan p;
	if (read_plan_file(o->validate, &j->m, &p) != 0)
		return 2;
	int bad = pddl_check_plan(&j->m, &p, o->json ? stderr : stdout);
	if (o->json)
		print_json(o, j, bad ? "invalid-plan" : "plan", &p, !bad, o->validate, 0, NULL);
	if (bad)
		drv_msg("plan: %s is no valid plan of %s (above)", o->validate, j->m.problem_file);
	pddl_plan_free(&p);
	return bad ? 1 : 0;
}

/* dmc check PML --meta META --search S --heuristic H [--preferred] --json [options] -- -E, its
 * output into out; its status, the results into *json */
static int run_check(const drv_env *e, const plan_opts *o, const char *pml, const char *meta, const char *out,
                     cJSON **json, char **text)
{
	drv_strv argv = { 0 };
	drv_strv_push(&argv, pml);
	drv_strv_push(&argv, "--meta");
	drv_strv_push(&argv, meta);
	drv_strv_push(&argv, "--search");
	drv_strv_push(&argv, o->search);
	drv_strv_push(&argv, "--heuristic");
	drv_strv_push(&argv, o->heur);
	if (o->preferred)
		drv_strv_push(&argv, "--preferred");
	drv_strv_push(&argv, "--json");
	for (size_t i = 0; i < o->check_opts.n; i++)
		drv_strv_push(&argv, o->check_opts.v[i]);
	/* a plan is an assertion violation: no invalid end states to look for */
	drv_strv_push(&argv, "--");
	drv_strv_push(&argv, "-E");
	drv_redirect r;
	int rc = 2;
	if (drv_redirect_begin(&r, out) == 0) {
		rc = drv_check_translated(e, (int) argv.n, argv.v, NULL);
		drv_redirect_end(&r);
	}
	drv_strv_free(&argv);
	size_t len = 0;
	*text = drv_read_file(out, &len);
	*json = *text ? plan_json_results(*text) : NULL;
	return rc;
}

static int plan(const drv_env *e, plan_opts *o)
{
	pddl_job j;
	FILE *txt = o->json ? stderr : stdout;
	char *pml = NULL, *meta = NULL, *out = NULL, *text = NULL, *cache = NULL;
	cJSON *json = NULL;
	size_t bytes = 0;
	int rc = pddl_job_load(&j, o->files, o->nfiles, o->validate ? NULL : txt);
	if (rc != 0)
		goto done;
	if (o->validate) {
		rc = validate_only(o, &j);
		goto done;
	}
	if (o->optimal && !j.m.temporal) {
		rc = usage_error("%s", "--optimal makespan is for durative actions (--search bfs finds a shortest plan)");
		goto done;
	}
	j.t.horizon = o->horizon;
	if (j.t.goal->kind == PG_FALSE) {
		fprintf(txt, "no plan exists: the goal is unreachable even when no action deletes anything "
		             "(relaxed reachability)\n");
		if (o->json)
			print_json(o, &j, "no-plan", NULL, 0, NULL, 0, NULL);
		rc = 1;
		goto done;
	}
	rc = 2;
	if (!(cache = drv_cache_open()) || pddl_write_cached(&j, cache, &pml, &meta, &bytes) != 0)
		goto done;
	fprintf(txt, "translated: %zu bytes of Promela (%s)\n", bytes, pml);
	out = drv_printf("%s.check.out", pml);
	rc = run_check(e, o, pml, meta, out, &json, &text);
	if (rc == 2 || rc < 0 || rc > 3 || !json) {
		if (text)
			drv_cat(out, stderr);
		drv_msg("plan: the search failed (dmc check %s)", pml);
		if (rc <= 3)
			rc = 2;
		goto done;
	}
	if (o->keep)
		drv_msg("plan: the Promela model is %s", pml);
	fprintf(txt, "plan %s (%s, domain %s), search %s, heuristic %s%s\n", j.m.problem_name, j.m.problem_file,
	        j.m.domain_name, o->search, o->heur, o->preferred ? ", helpful actions preferred" : "");
	if (rc == 1)
		rc = found(e, o, &j, pml, txt, json, bytes);
	else if (rc == 0 && o->horizon) {
		char t[32];
		pddl_ticks_text(o->horizon, t, sizeof t);
		fprintf(txt, "no plan with makespan at most %s (the search was complete)\n", t);
		rc = 1;
	} else if (rc == 0) {
		fprintf(txt, "no plan exists (the search was complete)\n");
		rc = 1;
	} else {
		fprintf(txt, "no plan found: the search was incomplete (a limit stopped it)\n");
		rc = 3;
	}
	fprintf(txt, "search: %.0f states stored, %.0f expanded, %.3f s\n", plan_json_num(json, "states_stored"),
	        plan_json_num(json, "states_expanded"), plan_json_num(json, "time_s"));
	if (o->json && rc != 0 && rc != 2)
		print_json(o, &j, rc == 1 ? "no-plan" : "incomplete", NULL, 0, NULL, bytes, json);
	fflush(txt);
done:
	if (out && !o->keep)
		unlink(out);
	cJSON_Delete(json);
	free(text);
	free(out);
	free(pml);
	free(meta);
	free(cache);
	pddl_job_free(&j);
	return rc;
}

/* --optimal makespan (plan_lower_makespan): a search whose every action
 * ends by horizon (ticks) */
typedef struct {
	const drv_env *e;
	const plan_opts *o;
} within;

static int search_within(void *arg, long horizon, long *makespan)
{
	within *w = arg;
	plan_opts q = *w->o;
	q.horizon = horizon;
	q.makespan = 0;
	int rc = plan(w->e, &q);
	*makespan = q.makespan;
	return rc;
}

int pddl_cmd_plan(const drv_env *e, int argc, char **argv)
{
	plan_opts o;
	int rc;
	if ((rc = drv_need_build(e)) != 0)
		return rc;
	memset(&o, 0, sizeof o);
	o.search = "greedy";
	o.heur = "hff";
	rc = parse(&o, argc, argv);
	/* hff's helpful actions in a list of their own (--preferred) in the
	 * searches that look for a plan fast, not A*'s */
	o.preferred = !o.no_preferred && strcmp(o.heur, "hff") == 0
	              && (strcmp(o.search, "greedy") == 0 || strcmp(o.search, "wastar") == 0);
	if (rc == 0)
		rc = plan(e, &o);
	if (rc == 0 && o.optimal) {
		within w = { e, &o };
		rc = plan_lower_makespan(o.makespan, search_within, &w, pddl_ticks_text);
	}
	drv_strv_free(&o.check_opts);
	return rc;
}
