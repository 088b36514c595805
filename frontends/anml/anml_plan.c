// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_plan.c -- `dmc plan MODEL.anml [options]`: `dmc check MODEL.anml`
 * (the ANMLite front end, anml_frontend.c: the translation into
 * $DMC_CACHE/anml/NAME-HASH/NAME.pml, the same build cache and pan) with
 * planning's defaults, then the plan from the trail per timeline
 * instance with the search statistics, written as a plan file in the
 * IPC's format (anml_planfile.c: NAME.plan in the working directory,
 * or -o FILE), read back from that file and checked by the validator
 * (anml_validate.c); --gantt draws it (anml_gantt.c), --json prints one
 * object (docs/json.md).  `dmc plan MODEL.anml --validate FILE` checks
 * a plan file without searching.
 *
 * Exit status: 0 a plan was found and validated (--validate: the file
 * is a valid plan); 1 the search was complete and found no plan: no
 * plan exists within the horizon (--validate: the plan breaks the
 * model, each violation on standard error); 2 bad input or usage, or an
 * internal error (including a plan the validator rejects); 3 the search
 * was incomplete (a limit) without a plan.
 */
#include "anml.h"
#include "anml_cmd.h"
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
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct {
	const char *model, *search, *heur;
	const char *encoding;    /* --encoding, or NULL: lazy, eager for htime */
	const char *plan_file;   /* -o: the plan file (default MODEL.plan beside the model) */
	const char *gantt;       /* --gantt FILE.svg */
	const char *validate;    /* --validate FILE: check this plan file only */
	int horizon, keep, json;
	int optimal;             /* --optimal makespan */
	int no_preferred;        /* --no-preferred: no list of hplan's helpful moves */
	drv_strv check_opts;     /* passed on to dmc check */
	/* what a search gave: the plan's makespan (0: none), the size of
	 * the translation and the seconds dmc check took besides its search
	 * (translating, spin -a, compiling pan: the build) */
	int makespan;
	long pml_bytes;
	double build_s;
} plan_opts;

static int usage_error(const char *fmt, const char *a)
{
	char msg[300];
	snprintf(msg, sizeof msg, fmt, a);
	drv_msg("plan: %s (usage: dmc plan MODEL.anml [options]; dmc plan --help lists them)", msg);
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
			if (o->model)
				return usage_error("more than one model ('%s')", argv[i]);
			o->model = argv[i];
			break;
		case DRV_ARG_OPTION:
			if (strcmp(a, "--search") == 0)
				o->search = v;
			else if (strcmp(a, "--heuristic") == 0)
				o->heur = v;
			else if (strcmp(a, "--horizon") == 0) {
				if (anml_parse_horizon(v, &o->horizon) != 0)
					return 2;
			} else if (strcmp(a, "--encoding") == 0)
				o->encoding = v;
			else if (strcmp(a, "--optimal") == 0) {
				if (strcmp(v, "makespan") != 0)
					return usage_error("--optimal: expected 'makespan', found '%s'", v);
				o->optimal = 1;
			}
			else if (strcmp(a, "--no-preferred") == 0)
				o->no_preferred = 1;
			else if (strcmp(a, "-o") == 0)
				o->plan_file = v;
			else if (strcmp(a, "--gantt") == 0)
				o->gantt = v;
			else if (strcmp(a, "--validate") == 0)
				o->validate = v;
			else if (strcmp(a, "--keep") == 0)
				o->keep = 1;
			else if (strcmp(a, "--json") == 0)
				o->json = 1;
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
	if (!o->model)
		return usage_error("%s", "no model given");
	if (o->optimal && (o->json || o->validate))
		return usage_error("%s", "--optimal makespan runs several searches: not with --json or --validate");
	return 0;
}

/* the translation searched: --encoding, else lazy, but eager for htime
 * (it reads the end times the eager translation chooses) */
static const char *plan_encoding(const plan_opts *o)
{
	if (o->encoding)
		return o->encoding;
	return strcmp(o->heur, "htime") == 0 ? "eager" : "lazy";
}

/* what the plan printed minimises (docs/anmlite.md, "Plan quality") */
static const char *minimised(const plan_opts *o)
{
	if (o->optimal)
		return "makespan";
	if (strcmp(o->search, "bfs") == 0 || (strcmp(o->search, "astar") == 0
	    && (strcmp(o->heur, "none") == 0 || strcmp(o->heur, "htime") == 0)))
		return "steps";
	return "none";
}

static const char *minimised_text(const plan_opts *o)
{
	const char *what = minimised(o);
	if (strcmp(what, "makespan") == 0)
		return "makespan (--optimal makespan: the horizon is lowered below each plan's makespan until no plan is left)";
	if (strcmp(what, "steps") == 0)
		return "the translation's steps (actions and clock steps), not the makespan";
	return "nothing: the first plan found (dmc plan --optimal makespan minimises the makespan)";
}

/* whether dmc check gets option name from the command line */
static int passed_on(const plan_opts *o, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < o->check_opts.n; i++)
		if (strncmp(o->check_opts.v[i], name, n) == 0
		    && (o->check_opts.v[i][n] == '=' || o->check_opts.v[i][n] == 0))
			return 1;
	return 0;
}

/* hplan's helpful moves in a list of their own (--preferred) in the
 * searches that look for a plan fast, as hff's on PDDL */
static int preferred(const plan_opts *o)
{
	return !o->no_preferred && strcmp(o->heur, "hplan") == 0
	       && (strcmp(o->search, "greedy") == 0 || strcmp(o->search, "wastar") == 0);
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

/* the plan as the IPC's plan file at path; 0, or 2 after a message */
static int write_plan_file(const char *path, const anml_model *m, const anml_plan *p, int horizon)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		drv_msg("plan: cannot write the plan file %s: %s (-o FILE writes it elsewhere)", path,
		        strerror(errno));
		return 2;
	}
	anml_plan_write_ipc(f, m, p, horizon);
	if (fclose(f) != 0) {
		drv_msg("plan: cannot write the plan file %s", path);
		return 2;
	}
	return 0;
}

/* a plan file read into *p; 0, or 2 after a message (FILE:LINE:COL) */
static int read_plan_file(const char *path, const anml_model *m, anml_plan *p)
{
	size_t len;
	anml_err err;
	char *text = drv_read_file(path, &len);
	if (!text) {
		drv_msg("plan: %s: %s", path, strerror(errno ? errno : ENOENT));
		return 2;
	}
	int rc = anml_plan_read_ipc(path, text, m, p, &err) == 0 ? 0 : 2;
	if (rc)
		drv_msg_plain(err.msg);
	free(text);
	return rc;
}

static int write_gantt(const char *path, const anml_model *m, const anml_plan *p, int horizon)
{
	FILE *f = fopen(path, "w");
	int bad = !f || anml_plan_gantt(f, m, p, horizon) != 0;
	if (f && fclose(f) != 0)
		bad = 1;
	if (bad) {
		drv_msg("plan: cannot write %s", path);
		return 2;
	}
	return 0;
}

/* the plan per instance as JSON (docs/dmc.schema.json's plan) */
static cJSON *plan_json(const anml_model *m, const anml_plan *p)
{
	cJSON *tls = cJSON_CreateArray();
	for (int i = 0; p && i < p->ninsts; i++) {
		const anml_inst *in = &m->insts[i];
		const anml_timeline *tl = &m->tls[in->tl];
		cJSON *t = cJSON_CreateObject(), *steps = cJSON_CreateArray();
		cJSON_AddStringToObject(t, "instance", in->name);
		cJSON_AddStringToObject(t, "timeline", tl->name);
		for (int k = 0; k < p->lines[i].n; k++) {
			const anml_step *s = &p->lines[i].steps[k];
			const anml_action *a = &tl->acts[s->act];
			cJSON *js = cJSON_CreateObject(), *args = cJSON_CreateArray();
			cJSON_AddStringToObject(js, "action", a->name);
			for (int q = 0; q < a->nparams; q++) {
				const anml_type *ty = &m->types[a->ptype[q]];
				int v = s->params[q];
				cJSON_AddItemToArray(args, cJSON_CreateString(v >= 0 && v < ty->nvals ? ty->vals[v] : "?"));
			}
			cJSON_AddItemToObject(js, "args", args);
			cJSON_AddNumberToObject(js, "start", s->start);
			cJSON_AddNumberToObject(js, "end", s->end);
			cJSON_AddNumberToObject(js, "duration", s->end - s->start);
			cJSON_AddItemToArray(steps, js);
		}
		cJSON_AddItemToObject(t, "steps", steps);
		cJSON_AddItemToArray(tls, t);
	}
	return tls;
}

/* check: dmc check's results, NULL with --validate (no search) */
static void print_json(const plan_opts *o, const anml_model *m, const char *verdict,
                       const anml_plan *p, int valid, const char *plan_file, cJSON *check)
{
	cJSON *j = cJSON_CreateObject();
	cJSON_AddNumberToObject(j, "schema_version", DMC_JSON_SCHEMA);
	cJSON_AddStringToObject(j, "version", dmc_version);
	cJSON_AddStringToObject(j, "verdict", verdict);
	cJSON_AddStringToObject(j, "model", o->model);
	cJSON_AddStringToObject(j, "name", m->name);
	cJSON_AddNumberToObject(j, "horizon", o->horizon);
	cJSON_AddStringToObject(j, "minimised", minimised(o));
	if (check) {
		cJSON_AddStringToObject(j, "encoding", plan_encoding(o));
		cJSON_AddNumberToObject(j, "translation_bytes", (double) o->pml_bytes);
		cJSON_AddNumberToObject(j, "build_s", o->build_s);
	} else {
		cJSON_AddNullToObject(j, "encoding");
		cJSON_AddNullToObject(j, "translation_bytes");
		cJSON_AddNullToObject(j, "build_s");
	}
	if (check) {
		cJSON_AddStringToObject(j, "search", o->search);
		cJSON_AddStringToObject(j, "heuristic", o->heur);
	} else {
		cJSON_AddNullToObject(j, "search");
		cJSON_AddNullToObject(j, "heuristic");
	}
	if (p) {
		cJSON_AddBoolToObject(j, "valid", valid);
		cJSON_AddNumberToObject(j, "makespan", anml_plan_makespan(p));
		cJSON_AddStringToObject(j, "plan_file", plan_file);
	} else {
		cJSON_AddNullToObject(j, "valid");
		cJSON_AddNullToObject(j, "makespan");
		cJSON_AddNullToObject(j, "plan_file");
	}
	cJSON_AddItemToObject(j, "timelines", plan_json(m, p));
	if (check)
		cJSON_AddItemReferenceToObject(j, "check", check);
	else
		cJSON_AddNullToObject(j, "check");
	char *text = cJSON_PrintUnformatted(j);
	if (text)
		printf("%s\n", text);
	free(text);
	cJSON_Delete(j);
	fflush(stdout);
}

/* the plan found: printed, written as a plan file, read back from it
 * and validated, drawn; 0, or 2 after a message */
static int found(const drv_env *e, plan_opts *o, const anml_model *m, const char *pml,
                 FILE *txt, cJSON *check)
{
	anml_plan found, read;
	char *path = o->plan_file ? drv_strdup(o->plan_file) : plan_default_file(o->model, ".anml");
	int rc = anml_replay_plan(e, m, pml, &found);
	if (rc == 0) {
		anml_plan_print(txt, m, &found);
		rc = write_plan_file(path, m, &found, o->horizon);
		anml_plan_free(&found);
	}
	/* what is validated, drawn and printed as JSON is the file's plan */
	if (rc == 0 && (rc = read_plan_file(path, m, &read)) == 0) {
		int bad = anml_check_plan(m, &read, txt);
		if (bad) {
			drv_msg("internal error: the validator rejects the plan (%d violation%s); "
			        "please report it with the model", bad, bad == 1 ? "" : "s");
			rc = 2;
		}
		if (rc == 0) {
			o->makespan = anml_plan_makespan(&read);
			fprintf(txt, "plan file: %s (makespan %d)\n", path, o->makespan);
		}
		if (rc == 0 && o->gantt && (rc = write_gantt(o->gantt, m, &read, o->horizon)) == 0)
			fprintf(txt, "Gantt chart: %s\n", o->gantt);
		if (rc == 0 && o->json)
			print_json(o, m, "plan", &read, 1, path, check);
		anml_plan_free(&read);
	}
	free(path);
	return rc;
}

/* --validate FILE: the plan file against the model, no search */
static int validate_only(const plan_opts *o, const anml_model *m)
{
	anml_plan p;
	if (read_plan_file(o->validate, m, &p) != 0)
		return 2;
	int bad = anml_check_plan(m, &p, o->json ? stderr : stdout), rc = bad ? 1 : 0;
	if (o->json)
		print_json(o, m, bad ? "invalid-plan" : "plan", &p, !bad, o->validate, NULL);
	if (bad)
		drv_msg("plan: %s is no valid plan of %s (%d violation%s, above)", o->validate, o->model,
		        bad, bad == 1 ? "" : "s");
	else if (o->gantt && write_gantt(o->gantt, m, &p, o->horizon) != 0)
		rc = 2;
	anml_plan_free(&p);
	return rc;
}

static int plan(const drv_env *e, plan_opts *o)
{
	anml_model m;
	anml_err err;
	char *tmp = NULL, *pml = NULL, *out = NULL, *text = NULL;
	cJSON *json = NULL;
	FILE *txt = o->json ? stderr : stdout;   /* --json: standard output is the object */
	int rc = 2;
	if (drv_frontend_for(o->model) != &prom_fe_anml)
		return usage_error("'%s' is no ANMLite model (MODEL.anml)", o->model);
	if (anml_load(o->model, &m, &err) != 0) {
		drv_msg_plain(err.msg);
		anml_free(&m);
		return 2;
	}
	if (o->validate) {
		rc = validate_only(o, &m);
		anml_free(&m);
		return rc;
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
	if (strcmp(o->search, "greedy") == 0 && !passed_on(o, "--tie")) {
		/* greedy search on hplan meets plateaus of equal h (the clock's
		 * ticks, moves no goal needs): the newest state first goes down
		 * one of them instead of across all (docs/anmlite.md, "Planning
		 * heuristic: hplan"; logistics 2x4x3: 10178 states instead of
		 * 174864 with the smaller g first) */
		drv_strv_push(&argv, "--tie");
		drv_strv_push(&argv, "lifo");
	}
	drv_strv_push(&argv, "--heuristic");
	drv_strv_push(&argv, o->heur);
	if (preferred(o))
		drv_strv_push(&argv, "--preferred");
	drv_strv_push(&argv, "--encoding");
	drv_strv_push(&argv, plan_encoding(o));
	/* pan without gcc's optimisation (after build.c's -O1/-O2, so it
	 * wins): a plan's search takes seconds at most, gcc -O1 on the large
	 * transition function of a planning model far longer (logistics
	 * 3x6x4 at load 12: 40 s at -O1, 17 s at -O0, its search 16% slower;
	 * docs/anmlite.md); the heuristics are in the runtime, compiled -O2 */
	drv_strv_push(&argv, "--cflags=-O0");
	drv_strv_push(&argv, "--json");
	for (size_t i = 0; i < o->check_opts.n; i++)
		drv_strv_push(&argv, o->check_opts.v[i]);
	out = drv_printf("%s/check.out", tmp);
	drv_redirect r;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (drv_redirect_begin(&r, out) == 0) {
		rc = drv_check_translated(e, (int) argv.n, argv.v, &pml);
		drv_redirect_end(&r);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	struct stat pst;
	o->pml_bytes = pml && stat(pml, &pst) == 0 ? (long) pst.st_size : 0;
	drv_strv_free(&argv);
	size_t len = 0;
	text = drv_read_file(out, &len);
	json = text ? plan_json_results(text) : NULL;
	if (rc == 2 || rc < 0 || rc > 3 || !json || !pml) {
		if (text)
			drv_cat(out, stderr);
		drv_msg("plan: the search failed (dmc check %s)", o->model);
		if (rc <= 3)
			rc = 2;
		goto done;
	}
	if (o->keep)
		drv_msg("plan: the Promela model is %s", pml);
	/* the check's wall time besides its search: translation and build */
	o->build_s = (double) (t1.tv_sec - t0.tv_sec) + (double) (t1.tv_nsec - t0.tv_nsec) / 1e9
	             - plan_json_num(json, "time_s");
	if (o->build_s < 0)
		o->build_s = 0;
	fprintf(txt, "plan %s (%s), horizon %d, search %s, heuristic %s%s\n", m.name, o->model, o->horizon,
	        o->search, o->heur, preferred(o) ? ", helpful moves preferred" : "");
	fprintf(txt, "minimised: %s\n", minimised_text(o));
	fprintf(txt, "translation: %s, %ld bytes of Promela; translating and building took %.2f s\n",
	        plan_encoding(o), o->pml_bytes, o->build_s);
	if (rc == 1) {
		rc = found(e, o, &m, pml, txt, json);
	} else if (rc == 0) {
		fprintf(txt, "no plan exists within the horizon %d (the search was complete)\n", o->horizon);
		rc = 1;
	} else {
		fprintf(txt, "no plan found: the search was incomplete (a limit stopped it)\n");
		rc = 3;
	}
	fprintf(txt, "search: %.0f states stored, %.0f expanded, %.3f s\n", plan_json_num(json, "states_stored"),
	        plan_json_num(json, "states_expanded"), plan_json_num(json, "time_s"));
	if (o->json && rc != 0 && rc != 2)
		print_json(o, &m, rc == 1 ? "no-plan" : "incomplete", NULL, 0, NULL, json);
	fflush(txt);
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

/* --optimal makespan (plan_lower_makespan): a search within a horizon */
typedef struct {
	const drv_env *e;
	const plan_opts *o;
} within;

static int search_within(void *arg, long horizon, long *makespan)
{
	within *w = arg;
	plan_opts q = *w->o;
	q.horizon = (int) horizon;
	q.makespan = 0;
	int rc = plan(w->e, &q);
	*makespan = q.makespan;
	return rc;
}

static void time_text(long v, char *buf, size_t len)
{
	snprintf(buf, len, "%ld", v);
}

int prom_cmd_plan(const drv_env *e, int argc, char **argv)
{
	plan_opts o;
	int rc;
	if ((rc = drv_need_build(e)) != 0)
		return rc;
	memset(&o, 0, sizeof o);
	o.search = "greedy";
	o.heur = "hplan";
	o.horizon = ANML_DEFAULT_HORIZON;
	rc = parse(&o, argc, argv);
	if (rc == 0)
		rc = plan(e, &o);
	if (rc == 0 && o.optimal) {
		within w = { e, &o };
		rc = plan_lower_makespan(o.makespan, search_within, &w, time_text);
	}
	drv_strv_free(&o.check_opts);
	return rc;
}
