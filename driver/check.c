// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * check.c -- `dmc check MODEL [options] [-- pan options]`: a model to
 * verdict.
 *
 *   0. the front end that takes MODEL (frontend.h) translates it into
 *      the cache (Promela, and a header of its metadata that pan is
 *      compiled with); a Promela model is checked as it is;
 *   1. pan from the build cache, or built there (build.h: spin -a runs
 *      every time, the key covers SPIN's output and the tools);
 *   2. the model's old trails removed, pan run in a private directory of
 *      the cache and its trails moved beside the model (trail.h), so
 *      MODEL.pml.trail beside the model is this run's and complete;
 *   3. with --replay and a violation, spin -t -p MODEL; a translated
 *      model's violation is also printed in its own terms.
 * Exit status: 0 no violation (complete search), 1 violation, 2 bad input
 * or usage (a trail that could not be written beside the model, too),
 * 3 incomplete search without a violation; 128 + N when signal N
 * (SIGINT, SIGTERM, SIGHUP) stopped it before pan had a verdict (passed
 * on to spin, the compiler or pan, waited for; run.h), or when pan died
 * of signal N (said here; SIGKILL from the OOM killer, SIGSEGV), which
 * main.c turns into 3.
 */
#include "build.h"
#include "cache.h"
#include "claims.h"
#include "cmd.h"
#include "frontend.h"
#include "fs.h"
#include "msc.h"
#include "path.h"
#include "portfolio.h"
#include "run.h"
#include "spin_proofs.h"
#include "trail.h"
#include "util.h"
#include "../runtime/options_table.h"
#include "../runtime/version.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
	const char *model, *search, *heur, *spin_opts, *cflags;
	const char *query;   /* UPPAAL models: a .q file or 'E<> ...' */
	int horizon;         /* ANMLite models: --horizon, or 0 */
	const char *encoding; /* ANMLite models: --encoding, or NULL */
	const char *fe_opts[8]; /* the options given that are a front end's own */
	int nfe_opts;        /* (drv_frontend.options), as the table names them */
	const char *meta;    /* --meta: a metadata header for pan (dmc translate --meta) */
	const char *lua;     /* --lua FILE: given to pan as an absolute path */
	const char *store;   /* --store: SPIN's store, a -D flag for pan */
	int ranks;           /* --ranks N: pan under mpirun (docs/distributed.md) */
	const char *hostfile;
	const char *msc;     /* --msc FILE.svg: the counterexample's chart (msc.h) */
	const char *shown;   /* the model as given (model is its translation's) */
	int replay, portable, keep, json;
	int no_por;          /* --no-por: a -DNOREDUCE pan, as before POR */
	int spin_quiet;      /* spin -a's warnings were shown already (drv_build_req.quiet) */
	const char *entry_in; /* a pan built before (check_formulas): run it, no build */
	const char *spin_entry_in; /* and SPIN's own pan built beside it (the portfolio), or NULL */
	struct formula_plan *plan; /* non-NULL: plan the model's own formulas once built */
	int portfolio_off;   /* --portfolio off */
	double shorten_s;    /* --shorten S, else -1 */
	const drv_fe_query *single; /* a front end's one query: its answer in
	                      * verifyta's words after pan's report (check) */
	char cwd[4096];      /* where relative output paths (--plot-progress) are */
	drv_strv rt_opts;    /* options for the runtime (--weight=W ...) */
	drv_strv pan_opts;   /* after "--" */
} check_opts;

/* what check_formulas learns from the model's build: its claims and
 * whether each run searches acceptance cycles */
typedef struct formula_plan {
	drv_claims cl;
	int add_a;           /* -a: accept labels and no safety search chosen */
	char *entry;         /* several claims: the build every run uses */
	char *spin_entry;    /* and SPIN's own pan's (the portfolio), or NULL */
} formula_plan;

static int plan_formulas(check_opts *o, const char *entry);

/* one run of several, one per query of the model (check_queries): which
 * query, and what pan and the front end printed, for the answer */
typedef struct {
	int index;           /* drv_fe_request.query_index, from 1 */
	char *json;          /* pan's standard output: its --json object */
	char *err;           /* pan's standard error */
	char *trace;         /* after a trail: the front end's show_trail text */
} query_run;

/* pan's modes that print tables or replay a trail instead of searching
 * would end without a verdict */
static int pan_mode_without_verdict(const char *p)
{
	return p[0] == '-' && p[1] && (strchr("dDCgS", p[1]) ? p[2] == '\0'
	       : p[1] == 'r' && (p[2] == '\0' || (p[2] >= '0' && p[2] <= '9')));
}

/* --ranks N: pan runs under mpirun, N ranks on this machine (more than
 * its cores allowed) or on --hostfile's hosts */
static void mpirun_args(const check_opts *o, drv_strv *argv)
{
	char n[16];
	snprintf(n, sizeof n, "%d", o->ranks);
	drv_strv_push(argv, "mpirun");
	drv_strv_push(argv, "-np");
	drv_strv_push(argv, n);
	if (o->hostfile) {
		drv_strv_push(argv, "--hostfile");
		drv_strv_push(argv, o->hostfile);
	} else
		drv_strv_push(argv, "--oversubscribe");
	if (geteuid() == 0)
		drv_strv_push(argv, "--allow-run-as-root");   /* Open MPI refuses root otherwise */
	/* where the reporting rank writes pan's status (ranks_status()), on
	 * every host */
	drv_strv_push(argv, "-x");
	drv_strv_push(argv, "DMC_STATUS_FILE");
}

/* The exit status the reporting rank of pan --ranks wrote to path (the
 * runtime, dist.h), or -1 when it wrote none.  mpirun's own status is
 * not pan's when mpirun was signalled: Open MPI's is then 1, whatever
 * the ranks said. */
static int ranks_status(const char *path)
{
	size_t len;
	char *text = drv_read_file(path, &len), *end;
	long st = text ? strtol(text, &end, 10) : -1;
	if (!text || end == text || st < 0 || st > 3)
		st = -1;
	free(text);
	return (int) st;
}

/* Take option t with value v (NULL for a flag), checked already: dmc
 * check's own, or passed on to pan as NAME or NAME=V. */
static void take(check_opts *o, const dmc_opt *t, const char *v)
{
	if (o->nfe_opts < 8 && drv_frontend_option(t->name))
		o->fe_opts[o->nfe_opts++] = t->name;
	switch (t->id) {
	case DMC_OPT_SEARCH:    o->search = v; return;
	case DMC_OPT_HEURISTIC: o->heur = v; return;
	case DMC_OPT_LUA:       o->lua = v; return;      /* made absolute in check() */
	case DMC_OPT_QUERY:     o->query = v; return;
	case DMC_OPT_HORIZON:   o->horizon = atoi(v); return;   /* checked: 1..30000 */
	case DMC_OPT_ENCODING:  o->encoding = v; return;
	case DMC_OPT_META:      o->meta = v; return;
	case DMC_OPT_SPIN_OPTS: o->spin_opts = v; return;
	case DMC_OPT_CFLAGS:    o->cflags = v; return;
	case DMC_OPT_STORE:     o->store = v; return;
	case DMC_OPT_RANKS:     o->ranks = atoi(v); return;     /* checked: 1..4096 */
	case DMC_OPT_HOSTFILE:  o->hostfile = v; return;
	case DMC_OPT_REPLAY:    o->replay = 1; return;
	case DMC_OPT_PORTABLE:  o->portable = 1; return;
	case DMC_OPT_KEEP:      o->keep = 1; return;
	case DMC_OPT_MSC:       o->msc = v; return;
	case DMC_OPT_PORTFOLIO: o->portfolio_off = strcmp(v, "off") == 0; return;
	case DMC_OPT_SHORTEN:   o->shorten_s = strtod(v, NULL); return;   /* checked: 0..3600 */
	case DMC_OPT_LTL:
		/* an ltl formula's claim: acceptance cycles, pan -N */
		drv_strv_push(&o->rt_opts, "-a");
		drv_strv_push(&o->rt_opts, "-N");
		drv_strv_push(&o->rt_opts, v);
		return;
	case DMC_OPT_JSON:
		o->json = 1;
		break;
	case DMC_OPT_PLOT_PROGRESS: {
		/* pan runs in a directory of its own */
		char *abs = v[0] == '/' ? drv_strdup(v) : drv_printf("%s/%s", o->cwd, v);
		char *opt = drv_printf("%s=%s", t->name, abs);
		drv_strv_push(&o->rt_opts, opt);
		free(opt);
		free(abs);
		return;
	}
	case DMC_OPT_NO_POR:
		o->no_por = 1;
		break;
	default:
		break;
	}
	if (v) {
		char *opt = drv_printf("%s=%s", t->name, v);
		drv_strv_push(&o->rt_opts, opt);
		free(opt);
	} else
		drv_strv_push(&o->rt_opts, t->name);
}

/* 0 parsed, 2 usage error (said), DRV_SHOW_USAGE for -h/--help.  Every
 * value is checked against options.def here, before spin or the compiler
 * runs. */
static int parse(check_opts *o, int argc, char **argv)
{
	char err[512];
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v;
		const dmc_opt *t;
		if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++) {
				if (pan_mode_without_verdict(argv[i])) {
					drv_msg("check: pan's %s does not search, so it gives no verdict "
					        "(run pan directly, or use --replay for a trail)", argv[i]);
					return 2;
				}
				/* the runtime's options may come here too: checked alike */
				if ((t = dmc_opt_lookup(argv[i], DMC_OPTW_PAN, &v)) && t->kind != DMC_OPTK_FLAG
				    && (v || i + 1 < argc)
				    && dmc_opt_check(t, v ? v : argv[i + 1], err, sizeof err) < 0) {
					drv_msg("check: %s", err);
					return 2;
				}
				drv_strv_push(&o->pan_opts, argv[i]);
			}
			break;
		} else if (strcmp(a, "-h") == 0)
			return DRV_SHOW_USAGE;
		else if ((t = dmc_opt_lookup(a, DMC_OPTW_PAN | DMC_OPTW_DMC, &v))) {
			if (t->id == DMC_OPT_HELP)
				return DRV_SHOW_USAGE;
			if (t->kind != DMC_OPTK_FLAG && !v) {
				if (i + 1 >= argc) {
					drv_msg("check: %s needs a value: %s %s, %s", a, a, t->arg, t->help);
					return 2;
				}
				v = argv[++i];
			}
			if (v && dmc_opt_check(t, v, err, sizeof err) < 0) {
				drv_msg("check: %s", err);
				return 2;
			}
			take(o, t, v);
		} else if (a[0] == '-') {
			drv_msg("check: unknown option '%s' (see dmc help)", a);
			return 2;
		} else {
			if (o->model && *o->model) {
				drv_msg("check: more than one model given ('%s', '%s')", o->model, a);
				return 2;
			}
			o->model = o->shown = a;
		}
	}
	return 0;
}

/* "is a directory" or "no such file" for a model or query that is no
 * regular file; NULL when it is one */
static const char *not_a_file(const char *path, const char *what)
{
	static char buf[64];
	struct stat st;
	if (stat(path, &st) != 0)
		return errno == ENOENT ? "no such file" : strerror(errno);
	if (S_ISDIR(st.st_mode))
		return snprintf(buf, sizeof buf, "is a directory, not a %s", what), buf;
	if (!S_ISREG(st.st_mode))
		return "not a regular file";
	return NULL;
}

/* spin -t -p on the model's trail (the first numbered one of pan -e when
 * there is no plain one), from a directory of the cache: SPIN hands the
 * model's name to a shell, so the name is src/BASE */
static void replay(const drv_env *e, const char *cache, const char *mdir, const char *mbase,
                   const char *suffix, const char *shown, int json)
{
	char *trail = drv_trail_to_replay(mdir, mbase, suffix);
	char *view = trail ? drv_spin_view(cache, "replay", mdir) : NULL;
	if (!view) {
		if (!trail)
			drv_msg("no trail of %s to replay in %s", mbase, mdir);
		free(trail);
		return;
	}
	drv_strv argv = { 0 };
	char *out = drv_printf("%s/replay.out", view);
	int fd = drv_open_out(out);
	drv_run_io io = { view, fd, json ? -1 : fd, NULL, NULL, 0 };
	char *t = drv_printf("src/%s", trail);
	char *name = drv_printf("src/%s", mbase);
	drv_strv_push(&argv, e->spin);
	drv_strv_push(&argv, "-t");
	drv_strv_push(&argv, "-k");
	drv_strv_push(&argv, t);
	drv_strv_push(&argv, "-p");
	drv_strv_push(&argv, name);
	if (fd >= 0) {
		drv_run(argv.v, &io);
		close(fd);
		drv_show_renamed(out, name, shown, 0, json ? stderr : stdout);
	}
	free(out);
	drv_strv_free(&argv);
	drv_rm_rf(view);
	free(view);
	free(trail);
	free(t);
	free(name);
}

static int has_opt(const drv_strv *v, const char *opt)
{
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->v[i], opt) == 0)
			return 1;
	return 0;
}

/* whether v has option opt ("--name" or "--name=value"), with any value */
static int has_opt_named(const drv_strv *v, const char *opt)
{
	size_t n = strcspn(opt, "=");
	for (size_t i = 0; i < v->n; i++)
		if (strncmp(v->v[i], opt, n) == 0 && (v->v[i][n] == '=' || v->v[i][n] == 0))
			return 1;
	return 0;
}

/* the front ends that take opt, as "UPPAAL models (.xml .xta)" */
static char *takers(const char *opt)
{
	char *list = drv_strdup("");
	for (const drv_frontend *const *f = drv_frontend_all(); *f; f++)
		if (drv_frontend_takes(*f, opt)) {
			char *l = drv_printf("%s%s%s models (%s)", list, *list ? " or " : "", (*f)->name, (*f)->suffixes);
			free(list);
			list = l;
		}
	return list;
}

/* "" after a message when o has an option fe's models do not take
 * (another front end's own: --query, --horizon; --meta when fe writes
 * the header itself), else NULL */
static const char *option_not_taken(const drv_frontend *fe, const check_opts *o)
{
	for (int i = 0; i < o->nfe_opts; i++)
		if (!drv_frontend_takes(fe, o->fe_opts[i])) {
			char *list = takers(o->fe_opts[i]);
			drv_msg("check: %s is for %s, not for a %s model", o->fe_opts[i], list, fe->name);
			free(list);
			return "";
		}
	if (o->meta && fe->prepare) {
		drv_msg("check: --meta is for a translation checked as Promela; dmc check writes "
		        "the %s model's own", fe->name);
		return "";
	}
	return NULL;
}

/* has o an option fe's models do not take?  (check() says so) */
static int option_taken_elsewhere(const drv_frontend *fe, const check_opts *o)
{
	for (int i = 0; i < o->nfe_opts; i++)
		if (!drv_frontend_takes(fe, o->fe_opts[i]))
			return 1;
	return 0;
}

/* pan options that are one formula's run (check_formulas): -N NAME,
 * -tSUFFIX; SPIN's pan takes them alike */
static int formula_pan_opts(const drv_strv *v)
{
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->v[i], "-N") == 0 && i + 1 < v->n)
			i++;
		else if (strncmp(v->v[i], "-t", 2) != 0 || !v->v[i][2])
			return 0;
	return 1;
}

/* Whether nothing chooses the search, so the portfolio (portfolio.h) may
 * run: no search option, no pan options but a formula's, no compiler
 * flags but -l's, a Promela model (one formula of several too); its
 * runtime options are drv_portfolio_takes()'s */
static int portfolio_may_run(const check_opts *o, const drv_frontend *fe)
{
	return !o->portfolio_off && !fe->prepare && !o->search && !o->heur && !o->lua && !o->store
	       && !o->ranks && !o->meta && !o->portable && !o->no_por && formula_pan_opts(&o->pan_opts)
	       && (!*o->cflags || strcmp(o->cflags, "-DNOCLAIM") == 0);
}

/* the one query's answer after its run (pan's status rc: 0, 1 or 3), as
 * the answers of several are given; error: the trail is the model's error */
static void single_answer(const drv_fe_query *q, int rc, int error)
{
	fflush(stdout);
	printf("Verifying formula 1 at %s:%d:%d\n  %s\n", q->file, q->line, q->col, q->text);
	if (rc == 3)
		printf(" -- Formula is not decided: the search was incomplete (above).\n");
	else if (error)
		printf(" -- Formula is not decided: the model stops on an error (its trace above).\n");
	else
		printf(" -- Formula is %s.\n", (rc == 1) == (q->witness != 0) ? "satisfied" : "NOT satisfied");
	if (rc == 0 && q->note)
		printf("    note: %s\n", q->note);
	fflush(stdout);
}

/* Check o->model: one run of pan.  qr NULL: pan's report and the trail
 * as they come; else the run of one query of several, whose pan prints
 * JSON into qr (not shown) and whose trail the front end shows into qr. */
static int check(const drv_env *e, check_opts *o, char **checked, query_run *qr)
{
	char *mdir = NULL, *mbase = NULL, *cache = NULL, *entry = NULL, *pan = NULL;
	char *rundir = NULL;
	const drv_frontend *fe = NULL;
	drv_fe_job job = { 0 };
	const char *why;
	drv_strv argv = { 0 }, spin_opts = { 0 };
	char *spin_entry = NULL, *spin_pan = NULL;
	const char *spin_cflags = NULL;
	drv_build *pending = NULL;
	char *proof = NULL;
	int rc = 2, sig, portfolio = 0;
	double began = drv_portfolio_clock();   /* a first run's bound counts from here */

	if (!o->model || !*o->model) {
		drv_msg("check: no model given (usage: dmc check MODEL.pml [options])");
		return 2;
	}
	if ((why = not_a_file(o->model, "model file")) || !(mdir = drv_abs_dir_of(o->model))) {
		drv_msg("check: %s: %s", o->model, why ? why : "no such file");
		return 2;
	}
	struct stat qst;
	if (o->query && stat(o->query, &qst) == 0 && (why = not_a_file(o->query, "query file"))) {
		/* a path, but no query file (a formula names no path) */
		drv_msg("check: --query %s: %s", o->query, why);
		free(mdir);
		return 2;
	}
	if (!(cache = drv_cache_open())) {
		free(mdir);
		return 2;
	}
	fe = drv_frontend_for(o->model);
	if ((why = option_not_taken(fe, o)))
		goto done;
	if (fe->prepare) {
		/* translated into the cache: check the translation */
		drv_fe_request rq = { o->model, o->query, o->horizon, cache, qr ? qr->index : 0, o->encoding };
		if (fe->prepare(e, &rq, &job) != 0)
			goto done;
		for (size_t i = 0; i < job.rt_opts.n; i++)
			if (!has_opt(&o->rt_opts, job.rt_opts.v[i]))
				drv_strv_push(&o->rt_opts, job.rt_opts.v[i]);
		for (size_t i = 0; i < job.rt_defaults.n; i++)   /* the user's value stays */
			if (!has_opt_named(&o->rt_opts, job.rt_defaults.v[i]))
				drv_strv_push(&o->rt_opts, job.rt_defaults.v[i]);
		for (size_t i = 0; i < job.pan_opts.n; i++)
			drv_strv_push(&o->pan_opts, job.pan_opts.v[i]);
		free(mdir);
		if (!(mdir = drv_abs_dir_of(job.pml)))
			goto done;
		o->model = job.pml;
		o->meta = job.meta;
		if (!*o->spin_opts && job.spin_opts)
			o->spin_opts = job.spin_opts;
	} else if (o->meta && (why = not_a_file(o->meta, "header file"))) {
		drv_msg("check: --meta %s: %s", o->meta, why);
		goto done;
	}
	mbase = drv_basename(o->model);
	if ((why = drv_unsafe_model_name(mbase))) {
		drv_msg("check: cannot give the model's file name '%s' to SPIN: %s; rename the file", mbase, why);
		goto done;
	}

	portfolio = portfolio_may_run(o, fe)
	            && drv_portfolio_takes(o->rt_opts.v, o->rt_opts.n, &spin_opts, &spin_cflags);
	proof = portfolio ? drv_spin_proof_key(&spin_opts) : NULL;
	drv_build_req req = { o->model, mdir, mbase, o->spin_opts, o->cflags, o->portable, o->meta,
	                      o->spin_quiet, portfolio ? spin_cflags : NULL, proof };
	/* a formula's run uses its plan's builds (the portfolio's SPIN pan
	 * too, when the plan's run built it) */
	formula_plan *plan = o->plan;
	if (o->entry_in && (!portfolio || o->spin_entry_in)) {
		entry = drv_strdup(o->entry_in);
		if (portfolio)
			spin_entry = drv_strdup(o->spin_entry_in);
	} else if (portfolio) {
		/* the portfolio starts each member when its pan is built */
		if ((rc = drv_build_start(e, cache, &req, drv_portfolio_build_sched(), &entry, &spin_entry, &pending)) != 0)
			goto done;
	} else if ((rc = drv_build_pan(e, cache, &req, &entry)) != 0)
		goto done;
	if (o->plan && plan_formulas(o, pending ? drv_build_files(pending) : entry) > 0) {
		/* several formulas: each run uses the builds, compiled at once */
		if (pending)
			drv_build_resume(pending);
		if (pending && ((rc = drv_build_poll(pending, DRV_PAN_DMC, 1)) != 0
		                || (rc = drv_build_poll(pending, DRV_PAN_SPIN, 1)) != 0))
			goto done;
		if (spin_entry)
			plan->spin_entry = drv_strdup(spin_entry);
		rc = 0;                               /* several formulas: one run each */
		goto done;
	}
	if (portfolio) {
		/* the plan may have added -a; a formula's -N NAME and -tSUFFIX
		 * (pan options) go to SPIN's pan too */
		drv_strv_free(&spin_opts);
		portfolio = drv_portfolio_takes(o->rt_opts.v, o->rt_opts.n, &spin_opts, &spin_cflags);
		for (size_t i = 0; portfolio && i < o->pan_opts.n; i++)
			drv_strv_push(&spin_opts, o->pan_opts.v[i]);
	}
	if (portfolio)
		spin_pan = drv_printf("%s/pan", spin_entry);
	rc = 2;
	if (o->keep)
		drv_msg("build directory %s", entry);
	pan = drv_printf("%s/pan", entry);

	/* a trail beside the model after this run is this run's */
	const char *suffix = drv_trail_suffix(o->pan_opts.v, o->pan_opts.n);
	if (drv_trails_remove(mdir, mbase, suffix) != 0
	    || (strcmp(suffix, "trail") != 0 && drv_trails_remove(mdir, mbase, "trail") != 0))
		goto done;
	/* pan's model is src/BASE there too (the runtime may read it) */
	if (!(rundir = drv_spin_view(cache, "run", mdir)))
		goto done;

	if (o->ranks > 0)
		mpirun_args(o, &argv);
	drv_strv_push(&argv, pan);
	/* one query of several that is a liveness query (its front end asks
	 * for -a): the nested DFS; --search and --heuristic are for the
	 * safety queries */
	int nested_only = qr && has_opt(&job.rt_opts, "-a") && !has_opt(&o->pan_opts, "-a");
	if (o->search && !nested_only) {
		char *s = drv_printf("--search=%s", o->search);
		drv_strv_push(&argv, s);
		free(s);
	}
	if (o->heur && !nested_only) {
		char *h = drv_printf("--heuristic=%s", o->heur);
		drv_strv_push(&argv, h);
		free(h);
	}
	if (o->lua) {
		/* pan runs in a directory of its own */
		char *dir = drv_abs_dir_of(o->lua), *base = drv_basename(o->lua);
		if ((why = not_a_file(o->lua, "Lua script")) || !dir) {
			drv_msg("check: --lua %s: %s", o->lua, why ? why : "no such file");
			free(dir);
			free(base);
			goto done;
		}
		char *l = drv_printf("--lua=%s/%s", strcmp(dir, "/") == 0 ? "" : dir, base);
		drv_strv_push(&argv, l);
		free(l);
		free(dir);
		free(base);
	}
	for (size_t i = 0; i < o->rt_opts.n; i++)
		drv_strv_push(&argv, o->rt_opts.v[i]);
	if (qr && !has_opt(&o->rt_opts, "--json"))
		drv_strv_push(&argv, "--json");
	for (size_t i = 0; i < o->pan_opts.n; i++)
		drv_strv_push(&argv, o->pan_opts.v[i]);
	char *status_file = o->ranks > 0 ? drv_printf("%s/pan.status", rundir) : NULL;
	drv_run_io in_rundir = { rundir, -1, -1, status_file ? "DMC_STATUS_FILE" : NULL, status_file, 0 };
	char *pan_out = qr ? drv_printf("%s/pan.json", rundir) : NULL;
	char *pan_err = qr ? drv_printf("%s/pan.err", rundir) : NULL;
	if (qr && ((in_rundir.out_fd = drv_open_out(pan_out)) < 0 || (in_rundir.err_fd = drv_open_out(pan_err)) < 0)) {
		drv_msg("check: cannot write %s", rundir);
		rc = 2;
	} else if (portfolio) {
		/* one formula of several: its JSON into qr, as pan's */
		drv_portfolio pf = { argv.v, spin_pan, &spin_opts, rundir, cache,
		                     pending ? drv_build_files(pending) : entry, mbase, suffix, o->shown,
		                     o->json || qr, in_rundir.out_fd, in_rundir.err_fd, pending, o->shorten_s,
		                     pending && drv_build_compiles_spin(pending), began };
		rc = drv_portfolio_run(&pf);
	} else {
		rc = drv_run(argv.v, &in_rundir);
	}
	if (status_file) {
		int st = ranks_status(status_file);
		if (st >= 0)
			rc = st;
		else if (drv_interrupted())
			rc = 128 + drv_interrupted();   /* mpirun's 1 is no violation's */
	}
	free(status_file);
	if (qr) {
		size_t len;
		if (in_rundir.out_fd >= 0)
			close(in_rundir.out_fd);
		if (in_rundir.err_fd >= 0)
			close(in_rundir.err_fd);
		qr->json = drv_read_file(pan_out, &len);
		qr->err = drv_read_file(pan_err, &len);
	}
	free(pan_out);
	free(pan_err);
	drv_strv_free(&argv);
	sig = drv_interrupted();
	/* the trails, even of a search pan reported on after a signal */
	if (drv_trails_install(rundir, mdir, mbase, suffix) < 0) {
		rc = 2;
		goto done;
	}
	if (sig) {
		/* pan's own verdict stands when it gave one that is not "no
		 * violation" (an interrupted search is never complete); without
		 * one, main.c says what stopped the run */
		if (rc == 1 || rc == 3)
			drv_msg("interrupted by %s", drv_signal_name(sig));
		else
			rc = 128 + sig;
		goto done;
	}
	if (rc == 2) {
		drv_msg_note("pan stopped on an error (its message is on standard error)");
		goto done;
	}
	if (rc > 128 && rc < 128 + 65) {
		/* pan (a rank of it, under mpirun) died of a signal nobody sent
		 * through dmc: no verdict, an incomplete search, as when dmc is
		 * interrupted (main.c says 3).  The OOM killer's is SIGKILL. */
		drv_msg("pan was killed by %s%s: no verdict", drv_signal_name(rc - 128),
		        rc - 128 == SIGKILL ? " (out of memory?)" : "");
		goto done;
	}
	if (rc != 0 && rc != 1 && rc != 3) {
		drv_msg("pan ended abnormally (status %d)", rc);
		rc = 2;
		goto done;
	}
	if (rc == 1 && qr && fe && fe->show_trail) {
		/* the trail in the model's terms, shown (or not) with the answer */
		char *out = drv_printf("%s/trace.txt", rundir);
		drv_redirect r;
		size_t len;
		if (drv_redirect_begin(&r, out) == 0) {
			rc = fe->show_trail(e, &job);
			drv_redirect_end(&r);
			qr->trace = drv_read_file(out, &len);
		}
		free(out);
	} else if (rc == 1 && o->replay)
		replay(e, cache, mdir, mbase, suffix, o->model, o->json);
	/* the violation in the model's terms (standard output is the JSON
	 * results with --json), or its chart */
	if (rc == 1 && !qr && o->msc) {
		drv_msc_req mr = { fe, &job, cache, mdir, mbase, suffix, o->shown, o->json };
		rc = drv_msc_of_violation(e, &mr, o->msc);
	} else if (rc == 1 && !qr && fe && fe->show_trail && !o->json) {
		if (!o->single) {
			rc = fe->show_trail(e, &job);
		} else {
			/* shown as it comes; a trail that leaves a variable's
			 * range is the model's error, no answer to the query */
			char *out = drv_printf("%s/trace.txt", rundir);
			drv_redirect r;
			size_t len;
			char *trace = NULL;
			if (drv_redirect_begin(&r, out) == 0) {
				rc = fe->show_trail(e, &job);
				drv_redirect_end(&r);
				trace = drv_read_file(out, &len);
			}
			if (trace)
				fputs(trace, stdout);
			if (rc == 1)
				single_answer(o->single, rc, trace && strstr(trace, "\nerror: "));
			free(trace);
			free(out);
		}
	} else if (o->single && !o->json && (rc == 0 || rc == 3)) {
		single_answer(o->single, rc, 0);
	}
done:
	if ((sig = drv_interrupted()) && (rc == 0 || rc == 2))
		rc = 128 + sig;
	drv_strv_free(&argv);
	if (rundir)
		drv_rm_rf(rundir);
	free(rundir);
	if (checked && job.pml)
		*checked = drv_strdup(job.pml);
	if (fe)
		drv_fe_job_free(fe, &job);
	free(mdir);
	free(mbase);
	free(cache);
	free(entry);
	free(pan);
	free(spin_entry);
	free(spin_pan);
	drv_strv_free(&spin_opts);
	drv_build_end(pending);
	free(proof);
	return rc;
}

/* ---- every query of a model, verifyta-style ---- */

/* the query's answer from its run's verdict (pan's) and the query's kind */
static const char *answer_of(const char *verdict, const drv_fe_query *q, const query_run *qr)
{
	if (!verdict)
		return "error";
	if (strcmp(verdict, "violation") == 0)
		/* a trail that leaves a variable's range is the model's error
		 * (UPPAAL stops there), no answer to the query */
		return qr->trace && strstr(qr->trace, "\nerror: ") ? "error"
		       : q->witness ? "satisfied" : "not-satisfied";
	if (strcmp(verdict, "no-violation") == 0)
		return q->witness ? "not-satisfied" : "satisfied";
	return strcmp(verdict, "incomplete") == 0 ? "unknown" : "error";
}

/* {"index", "count", "formula", "file", "line", "column", "answer", "reason",
 * "note"}; note: the front end's caveat, for an answer without a trail */
static cJSON *query_json(const drv_fe_query *q, int k, int n, const char *answer, const char *reason,
			 const char *note)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "index", k);
	cJSON_AddNumberToObject(o, "count", n);
	cJSON_AddStringToObject(o, "formula", q->text);
	cJSON_AddStringToObject(o, "file", q->file);
	cJSON_AddNumberToObject(o, "line", q->line);
	cJSON_AddNumberToObject(o, "column", q->col);
	cJSON_AddStringToObject(o, "answer", answer);
	if (reason)
		cJSON_AddStringToObject(o, "reason", reason);
	else
		cJSON_AddNullToObject(o, "reason");
	if (note)
		cJSON_AddStringToObject(o, "note", note);
	else
		cJSON_AddNullToObject(o, "note");
	return o;
}

/* the object of a query without pan's results, the shape of --json's
 * error object: skipped (exit_status null, the reason in q->skip), or
 * incomplete (3: pan died of a signal, message says which) */
static void print_unanswered_json(const drv_fe_query *q, int k, int n, const char *message)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "schema_version", DMC_JSON_SCHEMA);
	cJSON_AddStringToObject(o, "version", dmc_version);
	cJSON_AddStringToObject(o, "verdict", q->skip ? "skipped" : "incomplete");
	if (q->skip)
		cJSON_AddNullToObject(o, "exit_status");
	else
		cJSON_AddNumberToObject(o, "exit_status", 3);
	cJSON_AddStringToObject(o, "message", q->skip ? q->skip : message);
	cJSON_AddStringToObject(o, "file", q->file);
	cJSON_AddNumberToObject(o, "line", q->line);
	cJSON_AddNumberToObject(o, "column", q->col);
	cJSON_AddItemToObject(o, "query", query_json(q, k, n, q->skip ? "skipped" : "unknown", q->skip, NULL));
	char *t = cJSON_PrintUnformatted(o);
	if (t)
		printf("%s\n", t);
	free(t);
	cJSON_Delete(o);
}

/* pan's object as it printed it, with the member "query" added */
static void print_run_json(const char *pan_json, cJSON *query)
{
	char *qt = cJSON_PrintUnformatted(query);
	const char *end = pan_json ? strrchr(pan_json, '}') : NULL;
	if (qt && end)
		printf("%.*s, \"query\": %s}\n", (int) (end - pan_json), pan_json, qt);
	free(qt);
}

static const char *json_text(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double json_number(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* the answer in verifyta's words, and what the search did */
static void print_answer(const char *answer, const cJSON *res, const drv_fe_query *q, const query_run *qr,
			 int show_trace, const char *note)
{
	/* an answer the front end cannot vouch for says so on its own line
	 * (the note below says why) */
	const char *inexact = note ? " (not exact: see the note)" : "";
	if (strcmp(answer, "satisfied") == 0)
		printf(" -- Formula is satisfied%s.\n", inexact);
	else if (strcmp(answer, "not-satisfied") == 0)
		printf(" -- Formula is NOT satisfied%s.\n", inexact);
	else if (strcmp(answer, "unknown") == 0)
		printf(" -- Formula is not decided: the search was incomplete (%s).\n",
		       json_text(res, "incomplete_reason") ? json_text(res, "incomplete_reason") : "?");
	else if (qr->trace && strstr(qr->trace, "\nerror: "))
		printf(" -- Formula is not decided: the model stops on an error (its trace below).\n");
	else
		printf(" -- Formula is not decided: pan stopped on an error:\n%s", qr->err ? qr->err : "");
	if (res) {
		printf("    (search %s, heuristic %s: %.0f states stored, %.3f s",
		       json_text(res, "search") ? json_text(res, "search") : "?",
		       json_text(res, "heuristic") ? json_text(res, "heuristic") : "?",
		       json_number(res, "states_stored"), json_number(res, "time_s"));
		if (json_number(res, "trail_length") > 0)
			printf("; a %s of %.0f steps%s", q->witness ? "witness" : "counterexample",
			       json_number(res, "trail_length"), show_trace ? "" : ", shown with --replay");
		printf(")\n");
	}
	if (qr->trace && (show_trace || strcmp(answer, "error") == 0))
		fputs(qr->trace, stdout);
}

/* 0, 1, 3 (no query had a worse one), 2 or 128 + N: which of two
 * statuses of the queries' runs stands for all */
static int worse(int a, int b)
{
	static const int rank[] = { [0] = 0, [3] = 1, [1] = 2, [2] = 3 };
	if (a >= 128 || b >= 128)
		return a >= 128 ? a : b;
	return rank[a] >= rank[b] ? a : b;
}

static void free_queries(drv_fe_query *list, int n)
{
	for (int k = 0; list && k < n; k++) {
		free(list[k].text);
		free(list[k].file);
		free(list[k].skip);
		free(list[k].note);
	}
	free(list);
}

/* o with copies of its option lists, for one run of several (a run
 * adds to them); drv_strv_free both after it */
static check_opts copy_opts(const check_opts *o)
{
	check_opts one = *o;
	memset(&one.rt_opts, 0, sizeof one.rt_opts);
	memset(&one.pan_opts, 0, sizeof one.pan_opts);
	for (size_t i = 0; i < o->rt_opts.n; i++)
		drv_strv_push(&one.rt_opts, o->rt_opts.v[i]);
	for (size_t i = 0; i < o->pan_opts.n; i++)
		drv_strv_push(&one.pan_opts, o->pan_opts.v[i]);
	return one;
}

/* ---- a Promela model's own properties, spin -search's way ---- */

/* whether the options already say which property to search: -a, -l or
 * a claim (--ltl NAME, pan's -N) */
static int chooses_property(const check_opts *o)
{
	for (size_t i = 0; i < o->rt_opts.n; i++) {
		const char *a = o->rt_opts.v[i];
		if (strcmp(a, "-a") == 0 || strcmp(a, "-l") == 0 || strcmp(a, "-N") == 0)
			return 1;
	}
	for (size_t i = 0; i < o->pan_opts.n; i++) {
		const char *a = o->pan_opts.v[i];
		if (strcmp(a, "-a") == 0 || strcmp(a, "-l") == 0 || strncmp(a, "-N", 2) == 0)
			return 1;
	}
	return 0;
}

/* the option that chose a safety search, when one did (the nested DFS
 * that -a runs takes none of them), else NULL */
static const char *safety_search_option(const check_opts *o)
{
	static const char *const safety_only[] = { "--preset", "--anytime", "--preferred", NULL };
	if (o->search)
		return "--search";
	if (o->heur)
		return "--heuristic";
	if (o->lua)
		return "--lua";
	if (o->ranks > 0)
		return "--ranks";
	for (size_t i = 0; i < o->rt_opts.n; i++)
		for (const char *const *s = safety_only; *s; s++)
			if (strncmp(o->rt_opts.v[i], *s, strlen(*s)) == 0)
				return *s;
	return NULL;
}

static void print_formula_answer(const char *answer, const cJSON *res, const query_run *qr)
{
	if (strcmp(answer, "satisfied") == 0)
		printf(" -- holds: no violation (complete search)");
	else if (strcmp(answer, "not-satisfied") == 0)
		printf(" -- violated: %s", json_text(res, "error") ? json_text(res, "error") : "?");
	else if (strcmp(answer, "unknown") == 0)
		printf(" -- not decided: the search was incomplete (%s)",
		       json_text(res, "incomplete_reason") ? json_text(res, "incomplete_reason") : "?");
	else {
		printf(" -- not decided: pan stopped on an error:\n%s\n", qr->err ? qr->err : "");
		return;
	}
	printf("\n    (%s: %.0f states stored, %.3f s", json_text(res, "search") ? json_text(res, "search") : "?",
	       json_number(res, "states_stored"), json_number(res, "time_s"));
	if (json_text(res, "trail_file"))
		printf("; a trail of %.0f steps: %s", json_number(res, "trail_length"), json_text(res, "trail_file"));
	printf(")\n");
}

/* check()'s look at the model's build (o->plan): the claims, the notes
 * on what a chosen safety search leaves out, -a added where the run is
 * one; 1: several formulas (one run each), 0: one run as o says */
static int plan_formulas(check_opts *o, const char *entry)
{
	formula_plan *f = o->plan;
	drv_claims *cl = &f->cl;
	o->plan = NULL;
	if (drv_claims_read(entry, o->model, cl) != 0)
		return 0;
	const char *safety = safety_search_option(o);
	f->add_a = cl->accept_labels && !safety;
	if (cl->accept_labels && safety)
		drv_msg("note: the model has accept labels%s, but %s chose a safety search: acceptance cycles "
		        "are not searched (-a, or dmc check without %s, searches them)",
		        cl->n > 0 ? " (in its never claim)" : "", safety, safety);
	if (cl->n >= 2 && safety) {
		/* a safety search chosen: one run, pan's default claim, as before;
		 * said, so that its verdict is not read as the other formulas' */
		int d = cl->pan_default >= 0 ? cl->pan_default : 0;
		char *others = drv_strdup("");
		for (int k = 0; k < cl->n; k++)
			if (k != d) {
				char *t = drv_printf("%s%s%s", others, *others ? ", " : "", cl->v[k].name);
				free(others);
				others = t;
			}
		drv_msg("note: %s searches the claim %s only (pan's default); not checked: %s (dmc check "
		        "without %s checks every formula, --ltl NAME one)", safety, cl->v[d].name, others, safety);
		free(others);
		cl->n = 1;
	}
	if (cl->n >= 2) {
		f->entry = drv_strdup(entry);
		return 1;
	}
	if (f->add_a)
		drv_strv_push(&o->rt_opts, "-a");
	return 0;
}

/* One run per never claim (ltl formula) of a Promela model, each with
 * -N NAME (but pan's default claim, which -N may not find) and its own
 * trail file (pan -tNAME.trail: MODEL.NAME.trail), answered on its own
 * line (with --json, one object each, with the member "query" as for
 * UPPAAL's queries); with -a where the model has accept labels, as spin
 * -search does, unless an option chose a safety search (plan_formulas).
 * A model with one claim, or none, is one run: the one that built it.
 * Exit status as check_queries'. */
static int check_formulas(const drv_env *e, check_opts *o, char **checked)
{
	if (!o->model || !*o->model || not_a_file(o->model, "model file") || o->meta || chooses_property(o))
		return check(e, o, checked, NULL);
	/* one build: a model with one formula or none is this run */
	formula_plan plan;
	memset(&plan, 0, sizeof plan);
	o->plan = &plan;
	int rc = check(e, o, checked, NULL);
	o->plan = NULL;
	if (!plan.entry) {
		drv_claims_free(&plan.cl);
		return rc;
	}
	drv_claims cl = plan.cl;
	int add_a = plan.add_a;
	o->spin_quiet = 1;
	const char *user_suffix = drv_trail_suffix(o->pan_opts.v, o->pan_opts.n);
	int nviolated = 0, nheld = 0, nopen = 0;
	rc = 0;
	for (int k = 0; k < cl.n && rc < 128; k++) {
		const drv_claim *c = &cl.v[k];
		drv_fe_query q = { c->text ? c->text : c->name, (char *) o->shown, c->line, c->col, NULL, 0, NULL };
		if (!o->json)
			printf("Formula %d of %d: %s %s (%s:%d:%d)\n  %s\n", k + 1, cl.n, c->text ? "ltl" : "never claim",
			       c->name, o->shown, c->line, c->col, c->text ? c->text : "");
		check_opts one = copy_opts(o);
		one.entry_in = plan.entry;
		one.spin_entry_in = plan.spin_entry;
		if (add_a)
			drv_strv_push(&one.rt_opts, "-a");
		if (k != cl.pan_default) {
			drv_strv_push(&one.pan_opts, "-N");
			drv_strv_push(&one.pan_opts, c->name);
		}
		char *suffix = drv_printf("%s.%s", c->name, user_suffix);
		char *topt = drv_printf("-t%s", suffix);
		drv_strv_push(&one.pan_opts, topt);
		one.replay = 0;
		query_run qr = { k + 1, NULL, NULL, NULL };
		fflush(stdout);
		int r = check(e, &one, k == 0 ? checked : NULL, &qr);
		/* pan died of a signal dmc did not pass on: not decided */
		int killed = r >= 128 && !drv_interrupted();
		if (killed)
			r = 3;
		cJSON *res = qr.json && !killed ? cJSON_Parse(qr.json) : NULL;
		const char *verdict = res && (r == 0 || r == 1 || r == 3) ? json_text(res, "verdict") : NULL;
		const char *answer = killed ? "unknown" : answer_of(verdict, &q, &qr);   /* q: an A[]-like claim */
		nviolated += strcmp(answer, "not-satisfied") == 0;
		nheld += strcmp(answer, "satisfied") == 0;
		nopen += strcmp(answer, "unknown") == 0 || strcmp(answer, "error") == 0;
		if (strcmp(answer, "error") == 0 && r != 1)
			r = r >= 128 ? r : 2;
		if (o->json) {
			cJSON *qj = query_json(&q, k + 1, cl.n, answer, NULL, NULL);
			cJSON_AddStringToObject(qj, "name", c->name);
			if (res)
				print_run_json(qr.json, qj);
			else if (killed)
				print_unanswered_json(&q, k + 1, cl.n, drv_last_msg());
			else if (r < 128)
				print_unanswered_json(&(drv_fe_query){ q.text, q.file, q.line, q.col,
					(char *) "pan stopped on an error (its message is on standard error)", 0, NULL },
					k + 1, cl.n, NULL);
			cJSON_Delete(qj);
			if (!res && qr.err)
				fputs(qr.err, stderr);
		} else if (killed)
			printf(" -- not decided: %s\n", drv_last_msg());
		else
			print_formula_answer(answer, res, &qr);
		fflush(stdout);
		if (r == 1 && o->replay) {
			char *cache = drv_cache_open(), *mdir = drv_abs_dir_of(o->model), *mbase = drv_basename(o->model);
			if (cache && mdir && mbase)
				replay(e, cache, mdir, mbase, suffix, o->model, o->json);
			free(cache);
			free(mdir);
			free(mbase);
		}
		const cJSON *chk = res ? cJSON_GetObjectItemCaseSensitive(res, "checked") : NULL;
		if (!o->json && k + 1 == cl.n && json_text(chk, "not_checked"))
			printf("Each formula's run checked: %s%s; not checked: %s\n",
			       cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(chk, "assertions")) ? "assertions, " : "",
			       cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(chk, "acceptance_cycles"))
			       ? "the formula's acceptance cycles" : "the formula's claim reaching its end",
			       json_text(chk, "not_checked"));
		cJSON_Delete(res);
		free(qr.json);
		free(qr.err);
		free(qr.trace);
		free(suffix);
		free(topt);
		drv_strv_free(&one.rt_opts);
		drv_strv_free(&one.pan_opts);
		rc = worse(rc, r);
	}
	if (!o->json && rc < 128)
		printf("%d formulas: %d violated, %d hold, %d not decided\n", cl.n, nviolated, nheld, nopen);
	drv_claims_free(&cl);
	free(plan.entry);
	free(plan.spin_entry);
	return rc;
}

/* dmc check with the front end's queries: one run each, in order, each
 * answered as verifyta answers (with --json one object each); one query
 * (or a front end without queries()) is one run as it always was.  The
 * exit status is the worst of the runs' (worse() above), 2 also when
 * none of the queries can be checked. */
static int check_queries(const drv_env *e, check_opts *o, char **checked)
{
	const drv_frontend *fe = o->model && *o->model ? drv_frontend_for(o->model) : NULL;
	struct stat qst;
	/* what check() says no to, it says */
	if (fe && !fe->prepare && !fe->queries)
		return check_formulas(e, o, checked);
	if (!fe || !fe->queries || !fe->prepare || not_a_file(o->model, "model file")
	    || (o->query && stat(o->query, &qst) == 0 && not_a_file(o->query, "query file"))
	    || option_taken_elsewhere(fe, o) || o->meta)
		return check(e, o, checked, NULL);
	drv_fe_request rq = { o->model, o->query, o->horizon, NULL, 0, o->encoding };
	drv_fe_query *list = NULL;
	int n = fe->queries(e, &rq, &list), rc = 0, nchecked = 0;
	if (n < 0)
		return 2;
	if (n < 2) {
		/* one query: pan's report and trail as always, then its answer */
		if (n == 1 && list && list[0].text && !list[0].skip)
			o->single = &list[0];
		int r = check(e, o, checked, NULL);
		o->single = NULL;
		free_queries(list, n);
		return r;
	}
	for (int k = 0; k < n && rc < 128; k++) {
		const drv_fe_query *q = &list[k];
		if (!o->json)
			printf("Verifying formula %d at %s:%d:%d\n  %s\n", k + 1, q->file, q->line, q->col, q->text);
		if (q->skip) {
			if (o->json)
				print_unanswered_json(q, k + 1, n, NULL);
			else
				printf(" -- Formula is skipped: %s\n", q->skip);
			fflush(stdout);
			continue;
		}
		/* a copy of the options: a run adds its front end's to them */
		check_opts one = copy_opts(o);
		query_run qr = { k + 1, NULL, NULL, NULL };
		fflush(stdout);
		int r = check(e, &one, NULL, &qr);
		/* pan died of a signal dmc did not pass on (SIGKILL from the OOM
		 * killer): no verdict, the query is not decided; the next runs */
		int killed = r >= 128 && !drv_interrupted();
		if (killed)
			r = 3;
		cJSON *res = qr.json && !killed ? cJSON_Parse(qr.json) : NULL;
		const char *verdict = res && (r == 0 || r == 1 || r == 3) ? json_text(res, "verdict") : NULL;
		const char *answer = killed ? "unknown" : answer_of(verdict, q, &qr);
		const char *note = verdict && strcmp(verdict, "violation") != 0 ? q->note : NULL;
		nchecked++;
		if (strcmp(answer, "error") == 0 && r != 1)
			r = r >= 128 ? r : 2;
		if (o->json) {
			cJSON *qj = query_json(q, k + 1, n, answer, NULL, note);
			if (res)
				print_run_json(qr.json, qj);
			else if (killed)
				print_unanswered_json(q, k + 1, n, drv_last_msg());
			else if (r < 128)
				print_unanswered_json(&(drv_fe_query){ q->text, q->file, q->line, q->col,
					(char *) "pan stopped on an error (its message is on standard error)", 0, NULL }, k + 1, n,
					NULL);
			cJSON_Delete(qj);
			if (!res && qr.err)
				fputs(qr.err, stderr);
		} else if (killed)
			printf(" -- Formula is not decided: %s.\n", drv_last_msg());
		else {
			print_answer(answer, res, q, &qr, o->replay, note);
			if (note)
				printf("    note: %s\n", note);
		}
		fflush(stdout);
		cJSON_Delete(res);
		free(qr.json);
		free(qr.err);
		free(qr.trace);
		drv_strv_free(&one.rt_opts);
		drv_strv_free(&one.pan_opts);
		rc = worse(rc, r);
	}
	if (!nchecked && rc < 128) {
		drv_msg("check: none of the %d queries of %s can be checked (the reasons above)", n,
			o->query ? o->query : o->model);
		rc = 2;
	}
	free_queries(list, n);
	return rc;
}

int drv_cmd_check(const drv_env *e, int argc, char **argv)
{
	return drv_check_translated(e, argc, argv, NULL);
}

int drv_check_translated(const drv_env *e, int argc, char **argv, char **pml)
{
	check_opts o;
	int rc;
	if ((rc = drv_need_build(e)) != 0)
		return rc;
	memset(&o, 0, sizeof o);
	/* the defaults of --search and --heuristic are compiled into pan
	 * (build.c) */
	o.spin_opts = "";
	o.cflags = "";
	o.shorten_s = -1;
	if (!getcwd(o.cwd, sizeof o.cwd))
		snprintf(o.cwd, sizeof o.cwd, ".");
	rc = parse(&o, argc, argv);
	/* --no-por builds pan exactly as before partial-order reduction
	 * (-DNOREDUCE; pan --no-por in a reducing build searches the same
	 * graph, with one more pointer per queued state) */
	char *cflags = NULL;
	if (rc == 0 && o.no_por && (has_opt(&o.rt_opts, "--por") || has_opt(&o.pan_opts, "--por"))) {
		drv_msg("check: --por and --no-por ask for opposite things: give one");
		rc = 2;
	}
	if (rc == 0 && o.no_por)
		o.cflags = cflags = drv_printf("%s -DNOREDUCE", o.cflags);
	/* -l: SPIN's -DNP replaces the never claim by its non-progress
	 * claim; the runtime's nested DFS does the same on a pan without it */
	char *np_cflags = NULL;
	for (size_t i = 0; rc == 0 && i < o.rt_opts.n; i++)
		if (strcmp(o.rt_opts.v[i], "-l") == 0 && !np_cflags)
			o.cflags = np_cflags = drv_printf("%s%s-DNOCLAIM", o.cflags, *o.cflags ? " " : "");
	/* --store: SPIN's compile-time choice of store (options.def's values) */
	static const char *const store_flag[][2] = {
		{ "collapse", "-DCOLLAPSE" }, { "hc4", "-DHC4" }, { "bitstate", "-DBITSTATE" }
	};
	char *store_cflags = NULL;
	for (size_t i = 0; rc == 0 && o.store && i < sizeof store_flag / sizeof store_flag[0]; i++)
		if (strcmp(o.store, store_flag[i][0]) == 0)
			o.cflags = store_cflags = drv_printf("%s%s%s", o.cflags, *o.cflags ? " " : "", store_flag[i][1]);
	/* --ranks: dmc cc --mpi builds pan (the flag goes to dmc cc with the
	 * compiler's flags, and so into the build cache's key) */
	char *mpi_cflags = NULL;
	if (rc == 0 && o.ranks > 0)
		o.cflags = mpi_cflags = drv_printf("%s%s--mpi", o.cflags, *o.cflags ? " " : "");
	/* HDA*'s rule: astar and bfs accept a trail only when no rank holds a
	 * state that could lead to a shorter one -- --anytime's bound, which
	 * every rank applies until the search terminates everywhere */
	if (rc == 0 && o.ranks > 1 && !o.lua && !has_opt(&o.rt_opts, "--anytime")
	    && (!o.search || strcmp(o.search, "astar") == 0 || strcmp(o.search, "bfs") == 0))
		drv_strv_push(&o.rt_opts, "--anytime");
	if (rc == 0)
		rc = check_queries(e, &o, pml);
	free(mpi_cflags);
	free(store_cflags);
	free(np_cflags);
	free(cflags);
	drv_strv_free(&o.rt_opts);
	drv_strv_free(&o.pan_opts);
	return rc;
}
