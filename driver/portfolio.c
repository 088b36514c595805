// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * portfolio.c -- SPIN's depth-first pan and dmc's guided search at once,
 * the first verdict wins (portfolio.h).
 */
#define _GNU_SOURCE            /* sched_getaffinity, CPU_COUNT */
#include "portfolio.h"
#include "build.h"
#include "claims.h"
#include "fs.h"
#include "pan_output.h"
#include "path.h"
#include "run.h"
#include "spin_proofs.h"
#include "../runtime/checked.h"
#include "../runtime/memlim.h"
#include "../runtime/version.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SHORTEN_MAX_S 10.0   /* the time for a shorter trail after the first violation, at most */
/* the shortening's time at least: a pan's start takes ~0.1 s; with the
 * breadth-first member beside (two cores) more, which proves a shortest
 * trail of a few hundred thousand states in it (BEEM's phils.5, blocks.3) */
#define SHORTEN_FLOOR_S 1.0
#define SHORTEN_FLOOR_BFS_S 2.5
/* A model's first run is compared with SPIN's own spin -a, gcc and pan
 * (issue 38: within 1.3x): after its first answer, the wait for dmc's
 * pan and the shortening get this fraction of the time the answer took
 * since dmc check began (SPIN's compile in it), no floor; a shortening
 * is not started with less than SHORTEN_MIN_S left (pan's start) */
#define FIRST_RUN_EXTRA 0.2
#define SHORTEN_MIN_S 0.2
#define POLL_S 0.002         /* how often the members are looked at */
/* the preset for a property expected to hold: guided's search beside
 * SPIN's depth-first one (the shortening members keep the default's) */
#define PROVE "--preset=prove"
#define SPIN_PAN_DEPTH "-m1000000"
#define GRACE_S 5.0          /* after a signal: the members' time to report */

/* ANYTIME and BFS: after the race, the shortening of a trail no member
 * guarantees shortest (--anytime, the guided pan again; on two cores
 * and more, its breadth-first search beside it) */
enum { DFS, GUIDED, ANYTIME, BFS, NMEMBERS };
static const char *const member_name[NMEMBERS] = { "spin-dfs", "guided", "anytime", "bfs" };

/* SPIN's member must search about as fast as SPIN alone: the guided
 * member runs DRV_PORTFOLIO_NICE nicer than dmc; on one core spin-dfs
 * gets 5/6 of the turns */
static const double slice_s[NMEMBERS] = { 0.25, 0.05 };   /* one core: each member's turn */

typedef struct {
	pid_t pid;              /* while it runs, else 0 */
	int started;            /* 0 while its pan compiles (drv_portfolio.pending) */
	int unbuilt;            /* its pan did not compile */
	const char *waited;     /* not started: why */
	int timed_out;          /* spin-dfs: stopped at --time-limit */
	int ended, killed, stopped;
	int status;             /* its exit status (drv_run's result) */
	int verdict;            /* 0, 1, 3, or 2: none */
	double start, end, cpu;
	double states;          /* -1: not known (killed) */
	long trail_steps;       /* -1: no trail */
	int shortest;           /* its trail is guaranteed shortest */
	char *out, *err;        /* its standard output and error */
	char *trail;            /* its trail file */
} member;

/* what spin -a's output says of the model's claims and labels (read
 * once a run: claims.h) */
typedef struct {
	int nclaims;            /* 2 when not known: -N is passed on */
	int accept_labels, progress_labels;
} model_claims;

static void read_model_claims(const drv_portfolio *p, model_claims *mc)
{
	drv_claims cl;
	memset(mc, 0, sizeof *mc);
	mc->nclaims = 2;
	if (drv_claims_read(p->build, NULL, &cl) == 0) {
		mc->nclaims = cl.n;
		mc->accept_labels = cl.accept_labels;
		mc->progress_labels = cl.progress_labels;
		drv_claims_free(&cl);
	}
}

double drv_portfolio_clock(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

static double now(void)
{
	return drv_portfolio_clock();
}

static void sleep_s(double s)
{
	struct timespec t = { (time_t) s, (long) ((s - (double) (time_t) s) * 1e9) };
	nanosleep(&t, NULL);     /* a signal ends it early: fine */
}

/* Whether the time after the first answer is the first run's
 * (FIRST_RUN_EXTRA; --shorten: the user's budget instead) */
static int first_run_bound(const drv_portfolio *p)
{
	return p->first_run && p->shorten_s < 0;
}

/* A first run's end at the latest, after a first answer at `answered` */
static double first_run_end(const drv_portfolio *p, double answered)
{
	return answered + FIRST_RUN_EXTRA * (answered - p->began);
}

/* the shortening's time after a first answer at `answered`, the search
 * having begun at t0: --shorten's, else as long again as the search took,
 * SHORTEN_MAX_S at most, on a first run first_run_end's at most */
static double shorten_time(const drv_portfolio *p, double answered, double t0)
{
	if (p->shorten_s >= 0)
		return p->shorten_s;
	double s = answered - t0 < SHORTEN_MAX_S ? answered - t0 : SHORTEN_MAX_S;
	if (first_run_bound(p) && s > first_run_end(p, answered) - answered)
		s = first_run_end(p, answered) - answered;
	return s > 0 ? s : 0;
}

static int cores(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0)
		return CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int) n : 1;
}

drv_build_sched drv_portfolio_build_sched(void)
{
	int n = cores();
	return (drv_build_sched) { DRV_PORTFOLIO_NICE, n < 4 ? n : 4, n < 2 };
}

int drv_portfolio_takes(char *const rt_opts[], size_t n, drv_strv *spin_opts, const char **spin_cflags)
{
	int a = 0;
	*spin_cflags = "";
	for (size_t i = 0; i < n; i++) {
		const char *o = rt_opts[i];
		if (strcmp(o, "-a") == 0) {
			drv_strv_push(spin_opts, o);
			a = 1;
		} else if (strcmp(o, "-l") == 0) {
			/* SPIN's non-progress cycles: pan -l, compiled with -DNP */
			drv_strv_push(spin_opts, o);
			*spin_cflags = "-DNP";
		} else if (strcmp(o, "-N") == 0 && i + 1 < n) {
			drv_strv_push(spin_opts, o);
			drv_strv_push(spin_opts, rt_opts[++i]);
		} else if (strcmp(o, "--json") != 0 && strcmp(o, "--quiet") != 0 && strcmp(o, PROVE) != 0
		           && strncmp(o, "--time-limit=", 13) != 0 && strncmp(o, "--memlim=", 9) != 0)
			return 0;      /* the limits: drv_portfolio_run shares them out;
			                * --quiet: the runtime's members are; the
			                * preset prove: guided's search */
	}
	/* -a with -l: a single run refuses it */
	return !(a && **spin_cflags);
}

long drv_trail_steps(const char *path)
{
	size_t len;
	char *t = drv_read_file(path, &len);
	long n = 0;
	if (!t)
		return -1;
	for (size_t i = 0; i < len; i++)
		if ((i == 0 || t[i - 1] == '\n') && t[i] >= '0' && t[i] <= '9')
			n++;
	free(t);
	return n;
}

/* "states stored   N" in the runtime's text report, "states_stored": N
 * in its JSON; -1 without */
static double guided_states(const char *out_path)
{
	size_t len;
	char *t = drv_read_file(out_path, &len), *p;
	double n = -1;
	if (t && (p = strstr(t, "\"states_stored\": ")))
		n = strtod(p + 17, NULL);
	else if (t && (p = strstr(t, "\tstates stored ")))
		n = strtod(p + 15, NULL);
	free(t);
	return n;
}

static void stop_member(member *m, int sig)
{
	if (m->pid > 0)
		kill(-m->pid, sig);
}

static void reap(member *m, int block, double t)
{
	struct rusage ru;
	int st;
	if (m->pid <= 0 || !drv_spawned_wait(m->pid, block, &st, &ru))
		return;
	m->pid = 0;
	m->ended = 1;
	m->status = st;
	m->end = t;
	m->cpu = (double) ru.ru_utime.tv_sec + (double) ru.ru_utime.tv_usec * 1e-6
	         + (double) ru.ru_stime.tv_sec + (double) ru.ru_stime.tv_usec * 1e-6;
}

/* SIGKILL to the member's group, and reaped: no process of it is left */
static void kill_member(member *m)
{
	if (m->pid <= 0)
		return;
	kill(-m->pid, SIGKILL);
	m->killed = 1;
	reap(m, 1, now());
}

/* the trail a member that ended wrote; one step is a shortest trail
 * (every search checks the initial state before its first step) */
static void read_trail(member *m)
{
	m->trail_steps = !m->killed && drv_is_file(m->trail) ? drv_trail_steps(m->trail) : -1;
	if (m->trail_steps == 1)
		m->shortest = 1;
}

static void read_dfs(member *m, drv_pan_output *po)
{
	size_t len;
	char *text = drv_read_file(m->out, &len);
	drv_pan_output_parse(text ? text : "", po);
	free(text);
	read_trail(m);
	m->verdict = !m->killed && m->status == 0 ? drv_pan_output_status(po) : 2;
	m->states = po->states;
}

/* whether the runtime's report (text or JSON) says its trail is a
 * shortest one */
static int says_shortest(const char *out_path)
{
	size_t len;
	char *t = drv_read_file(out_path, &len);
	int yes = t && (strstr(t, "\"shortest\": true") || strstr(t, "trail guaranteed shortest"));
	free(t);
	return yes;
}

static void read_guided(member *m)
{
	read_trail(m);
	m->verdict = !m->killed && (m->status == 0 || m->status == 1 || m->status == 3) ? m->status : 2;
	m->states = guided_states(m->out);
	m->shortest = m->trail_steps == 1 || (m->trail_steps > 0 && says_shortest(m->out));
}

/* whether the results list member i: spin-dfs and guided always
 * (started or not), the shortening's members when they ran */
static int listed(const member *ms, int i)
{
	return i < ANYTIME || ms[i].start > 0;
}

static const char *verdict_word(const member *m)
{
	if (!m->started)
		return "not-started";
	if (!m->ended)
		return "running";
	if (m->killed)
		return "stopped";
	switch (m->verdict) {
	case 0: return "no-violation";
	case 1: return "violation";
	case 3: return "incomplete";
	default: return "error";
	}
}

static cJSON *portfolio_json(const drv_portfolio *p, const member *ms, int winner, int ncores, int sliced,
                             double shorten, double t0, int kept, const char *not_shortened)
{
	cJSON *o = cJSON_CreateObject(), *list = cJSON_CreateObject();
	double wall = 0, cpu = 0;
	cJSON_AddStringToObject(o, "answered_by", winner >= 0 ? member_name[winner] : "none");
	cJSON_AddStringToObject(o, "trail_from", kept >= 0 ? member_name[kept] : "none");
	if (kept >= 0)
		cJSON_AddBoolToObject(o, "trail_shortest", ms[kept].shortest);
	else
		cJSON_AddNullToObject(o, "trail_shortest");
	cJSON_AddNumberToObject(o, "cores", ncores);
	cJSON_AddBoolToObject(o, "time_sliced", sliced);
	if (shorten >= 0)
		cJSON_AddNumberToObject(o, "shortening_s", shorten);
	else
		cJSON_AddNullToObject(o, "shortening_s");
	if (not_shortened)
		cJSON_AddStringToObject(o, "not_shortened", not_shortened);
	else
		cJSON_AddNullToObject(o, "not_shortened");
	cJSON_AddBoolToObject(o, "first_run", p->first_run);
	for (int i = 0; i < NMEMBERS; i++) {
		const member *m = &ms[i];
		if (!listed(ms, i))
			continue;
		cJSON *j = cJSON_CreateObject();
		cJSON_AddStringToObject(j, "verdict", verdict_word(m));
		if (m->states >= 0)
			cJSON_AddNumberToObject(j, "states_stored", m->states);
		else
			cJSON_AddNullToObject(j, "states_stored");
		if (m->trail_steps >= 0)
			cJSON_AddNumberToObject(j, "trail_length", (double) m->trail_steps);
		else
			cJSON_AddNullToObject(j, "trail_length");
		cJSON_AddNumberToObject(j, "wall_s", m->started ? m->end - m->start : 0);
		cJSON_AddNumberToObject(j, "cpu_s", m->cpu);
		cJSON_AddItemToObject(list, member_name[i], j);
		if (m->started && m->end - t0 > wall)
			wall = m->end - t0;
		cpu += m->cpu;
	}
	cJSON_AddNumberToObject(o, "wall_s", wall);
	cJSON_AddNumberToObject(o, "cpu_s", cpu);
	cJSON_AddItemToObject(o, "members", list);
	return o;
}

/* What spin-dfs searched for, as a single run of dmc's pan with the
 * same options would say it (the runtime's report_checked): assertions
 * always (the portfolio takes no -A), -a's or -l's cycles, the claim
 * pan named, invalid end states without a claim or cycles (as in SPIN),
 * the model's labels from spin -a's pan.h. */
static void dfs_checked(const drv_portfolio *p, const drv_pan_output *po, const model_claims *mc,
                        dmc_checked *c)
{
	memset(c, 0, sizeof *c);
	c->asserts = 1;
	for (size_t i = 0; i < p->spin_opts->n; i++) {
		c->acc |= strcmp(p->spin_opts->v[i], "-a") == 0;
		c->np |= strcmp(p->spin_opts->v[i], "-l") == 0;
	}
	c->cycles = c->acc || c->np;
	c->claim = po->claim[0] ? po->claim : NULL;
	c->ends = !c->cycles && !c->claim;
	c->acc_labels = mc->accept_labels;
	c->prog_labels = mc->progress_labels;
}

static cJSON *checked_json(const dmc_checked *c, const char *not_checked)
{
	cJSON *j = cJSON_CreateObject();
	cJSON_AddBoolToObject(j, "assertions", c->asserts);
	cJSON_AddBoolToObject(j, "invalid_end_states", c->ends);
	cJSON_AddBoolToObject(j, "acceptance_cycles", c->acc);
	cJSON_AddBoolToObject(j, "non_progress_cycles", c->np);
	if (c->claim)
		cJSON_AddStringToObject(j, "claim", c->claim);
	else
		cJSON_AddNullToObject(j, "claim");
	cJSON_AddBoolToObject(j, "accept_labels", c->acc_labels);
	cJSON_AddBoolToObject(j, "progress_labels", c->prog_labels);
	cJSON_AddStringToObject(j, "not_checked", not_checked);
	return j;
}

/* the text summary after the winner's report; dfs: spin-dfs's report
 * was shown, which does not say what was checked in a single run's
 * words (the runtime's report does) */
static void print_summary(const drv_portfolio *p, const drv_pan_output *po, const model_claims *mc,
                          const cJSON *pj, const member *ms, int winner, int kept, int dfs,
                          const char *not_shortened)
{
	const char *what[NMEMBERS] = {
		"SPIN's depth-first search (pan, partial-order reduction)",
		"the guided search (preset fast)",
		"the anytime search",
		"the breadth-first search"
	};
	for (char *const *g = p->guided_argv; *g; g++)
		if (strcmp(*g, PROVE) == 0)
			what[GUIDED] = "dmc's search (preset prove)";
	if (winner >= 0)
		printf("\nspin-dmc portfolio: %s answered first: %s\n", what[winner], verdict_word(&ms[winner]));
	else
		printf("\nspin-dmc portfolio: neither member gave a complete verdict\n");
	if (dfs) {
		char yes[256], no[512];
		dmc_checked c;
		dfs_checked(p, po, mc, &c);
		dmc_checked_words(&c, yes, sizeof yes, no, sizeof no);
		printf("\t%-23s %s\n\t%-23s %s\n", "checked", yes, "not checked", no[0] ? no : "nothing");
	}
	if (kept >= 0 && kept != winner)
		printf("\ttrail                   %ld steps from %s, %s %s's %ld (kept)\n", ms[kept].trail_steps,
		       member_name[kept], ms[kept].trail_steps < ms[winner].trail_steps ? "shorter than" : "as long as",
		       member_name[winner], ms[winner].trail_steps);
	if (kept >= 0)
		printf("\ttrail shortest          %s\n", ms[kept].shortest ? "guaranteed" : "not guaranteed");
	if (not_shortened)
		printf("\ttrail not shortened     %s\n", not_shortened);
	for (int i = 0; i < NMEMBERS; i++) {
		char states[32] = "-";
		if (!listed(ms, i))
			continue;
		if (!ms[i].started) {
			printf("\t%-8s  %-13s (%s)\n", member_name[i], verdict_word(&ms[i]),
			       ms[i].waited ? ms[i].waited : "its pan was still compiling");
			continue;
		}
		if (ms[i].states >= 0)
			snprintf(states, sizeof states, "%.0f", ms[i].states);
		printf("\t%-8s  %-13s %12s states stored, %8.3f s wall, %8.3f s CPU\n", member_name[i],
		       verdict_word(&ms[i]), states, ms[i].end - ms[i].start, ms[i].cpu);
	}
	const cJSON *w = cJSON_GetObjectItemCaseSensitive(pj, "wall_s");
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(pj, "cpu_s");
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(pj, "cores");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(pj, "time_sliced");
	printf("\ttotal                   %.3f s wall, %.3f s CPU (%d core%s%s)\n", w->valuedouble,
	       c->valuedouble, n->valueint, n->valueint == 1 ? "" : "s",
	       cJSON_IsTrue(s) ? ", members in turns" : "");
}

/* a member's report with the model's name as the user gave it (pan's
 * lists of unreached states name the build's copy, src/BASE) */
static void print_report(const drv_portfolio *p, const member *m, FILE *out)
{
	char *given = drv_printf("src/%s", p->mbase);
	drv_show_renamed(m->out, given, p->shown, 0, out);
	free(given);
}

/* spin-dfs answered: the result object of --json (docs/json.md,
 * "portfolio_result") */
static void print_dfs_json(const drv_portfolio *p, const member *m, const drv_pan_output *po,
                           const model_claims *mc, cJSON *pj)
{
	cJSON *o = cJSON_CreateObject();
	static const char *const verdicts[] = { [0] = "no-violation", [1] = "violation", [3] = "incomplete" };
	cJSON_AddNumberToObject(o, "schema_version", DMC_JSON_SCHEMA);
	cJSON_AddStringToObject(o, "version", dmc_version);
	cJSON_AddStringToObject(o, "verdict", verdicts[m->verdict]);
	cJSON_AddStringToObject(o, "search", "spin-dfs");
	cJSON_AddNumberToObject(o, "states_stored", po->states >= 0 ? po->states : 0);
	cJSON_AddNumberToObject(o, "trail_length", m->verdict == 1 && m->trail_steps > 0 ? (double) m->trail_steps : 0);
	cJSON_AddNumberToObject(o, "time_s", m->end - m->start);
	cJSON_AddNumberToObject(o, "cpu_s", m->cpu);
	if (m->verdict == 1) {
		char *tf = drv_printf("%s.%s", p->mbase, p->suffix);
		cJSON_AddStringToObject(o, "trail_file", tf);
		cJSON_AddStringToObject(o, "error", po->error[0] ? po->error : "error");
		free(tf);
	} else {
		cJSON_AddNullToObject(o, "trail_file");
		cJSON_AddNullToObject(o, "error");
	}
	cJSON_AddStringToObject(o, "incomplete_reason", m->timed_out ? "time limit (--time-limit)"
	                        : m->verdict == 3 ? drv_pan_output_incomplete(po) : "");
	char *model = drv_printf("src/%s", p->mbase);
	cJSON_AddStringToObject(o, "model", model);
	free(model);
	char yes[256], no[512];
	dmc_checked c;
	dfs_checked(p, po, mc, &c);
	dmc_checked_words(&c, yes, sizeof yes, no, sizeof no);
	cJSON_AddItemToObject(o, "checked", checked_json(&c, no));
	cJSON_AddItemToObject(o, "portfolio", pj);
	char *t = cJSON_PrintUnformatted(o);
	if (t)
		printf("%s\n", t);
	free(t);
	cJSON_DetachItemFromObject(o, "portfolio");
	cJSON_Delete(o);
}

/* guided answered with --json: its object, "portfolio" added */
static void print_guided_json(const member *m, const cJSON *pj)
{
	size_t len;
	char *text = drv_read_file(m->out, &len), *pt = cJSON_PrintUnformatted(pj);
	char *end = text ? strrchr(text, '}') : NULL;
	if (end && pt)
		printf("%.*s, \"portfolio\": %s}\n", (int) (end - text), text, pt);
	else if (text)
		fputs(text, stdout);
	free(text);
	free(pt);
}

/* the member's trail into the run directory as BASE.trail (the other's removed) */
static int keep_trail(const drv_portfolio *p, const member *m, const char *rundir_trail)
{
	if (strcmp(m->trail, rundir_trail) == 0)
		return 0;
	unlink(rundir_trail);
	if (rename(m->trail, rundir_trail) != 0) {
		drv_msg("cannot move the trail %s to %s: %s", m->trail, p->rundir, strerror(errno));
		return -1;
	}
	return 0;
}

/* Whether the run looks for cycles (-a, -l): a trail of the nested
 * depth-first search, which --anytime does not shorten */
static int cycles(const drv_portfolio *p)
{
	for (size_t i = 0; i < p->spin_opts->n; i++)
		if (strcmp(p->spin_opts->v[i], "-a") == 0 || strcmp(p->spin_opts->v[i], "-l") == 0)
			return 1;
	return 0;
}

/* Start a shortening member: the guided pan again with the options
 * more, in dir; 0, or -1 (not started) */
static int start_shortening(const drv_portfolio *p, member *m, const char *dir, const char *const more[],
                            double deadline)
{
	drv_strv argv = { 0 };
	int out = -1, err = -1, rc = -1;
	if ((out = drv_open_out(m->out)) < 0 || (err = drv_open_out(m->err)) < 0) {
		drv_msg("cannot write in %s: %s", dir, strerror(errno));
		goto done;
	}
	for (char *const *g = p->guided_argv; *g; g++)
		if (strcmp(*g, PROVE) != 0)
			drv_strv_push(&argv, *g);
	for (size_t i = 0; more[i]; i++)
		drv_strv_push(&argv, more[i]);
	char *limit = drv_printf("--time-limit=%.3f", deadline - now());
	drv_strv_push(&argv, limit);
	free(limit);
	drv_run_io io = { dir, out, err, NULL, NULL, 0 };
	m->start = now();
	m->started = 1;
	if ((m->pid = drv_spawn(argv.v, &io, 0)) < 0) {
		m->pid = 0;
		m->start = 0;
		goto done;
	}
	rc = 0;
done:
	if (out >= 0)
		close(out);
	if (err >= 0)
		close(err);
	drv_strv_free(&argv);
	return rc;
}

/* A directory for the breadth-first member beside guided's (its trail
 * has guided's name): ddir/bfs, its src the model's directory as in
 * p->rundir; NULL if it cannot be made */
static char *bfs_dir(const drv_portfolio *p, const char *ddir)
{
	char *dir = drv_printf("%s/bfs", ddir), *src = drv_printf("%s/src", p->rundir);
	char *link = drv_printf("%s/src", dir), target[4096];
	ssize_t n = readlink(src, target, sizeof target - 1);
	int ok = n > 0 && mkdir(dir, 0700) == 0;
	if (ok) {
		target[n] = '\0';
		ok = symlink(target, link) == 0;
	}
	free(src);
	free(link);
	if (!ok) {
		free(dir);
		return NULL;
	}
	return dir;
}

/* The kept trail (member kept's) is not guaranteed shortest: until
 * deadline, alone, the guided pan again with --anytime (weighted A* with
 * falling weights, no partial-order reduction: no other build) and, on
 * two cores or more, with --search=bfs beside it (blind, but its first
 * trail is a shortest one: the heuristics do not always see the short
 * ones).  The first proven shortest ends both; else the shortest trail
 * of the two, when shorter than kept's (or as long and proven shortest),
 * is kept: the member kept now.  rtrail: where guided's pan writes its
 * trail (the kept one is moved aside first, into ddir). */
static int shorten_trail(const drv_portfolio *p, member *ms, int kept, double deadline, const char *ddir,
                         const char *rtrail, int ncores, const char *memlim)
{
	char *bdir = NULL;
	if (kept == GUIDED) {
		char *aside = drv_printf("%s/guided.trail", ddir);
		if (rename(rtrail, aside) != 0) {
			free(aside);
			return kept;
		}
		free(ms[GUIDED].trail);
		ms[GUIDED].trail = aside;
	} else
		unlink(rtrail);       /* guided's longer trail, if any */
	const char *anytime_more[3] = { "--anytime", NULL, NULL };
	if (ncores >= 2 && (bdir = bfs_dir(p, ddir))) {
		/* half the memory each (memlim: the member's half) */
		const char *bfs_more[3] = { "--search=bfs", memlim, NULL };
		anytime_more[1] = memlim;
		ms[BFS].out = drv_printf("%s/bfs.out", bdir);
		ms[BFS].err = drv_printf("%s/bfs.err", bdir);
		ms[BFS].trail = drv_printf("%s/%s.%s", bdir, p->mbase, p->suffix);
		start_shortening(p, &ms[BFS], bdir, bfs_more, deadline);
	}
	if (start_shortening(p, &ms[ANYTIME], p->rundir, anytime_more, deadline) != 0
	    && ms[BFS].pid <= 0)
		goto done;
	double sig_at = -1;
	while (ms[ANYTIME].pid > 0 || ms[BFS].pid > 0) {
		double t = now();
		for (int i = ANYTIME; i <= BFS; i++)
			if (ms[i].pid > 0) {
				reap(&ms[i], 0, t);
				if (ms[i].ended) {
					read_guided(&ms[i]);
					if (ms[i].shortest)   /* the other can do no better */
						kill_member(&ms[i == BFS ? ANYTIME : BFS]);
				}
			}
		if (drv_interrupted() && sig_at < 0)
			sig_at = t;          /* they got the signal too: their reports */
		/* a --time-limit not kept (a heuristic's set-up), or no report
		 * after a signal */
		if (t > deadline + GRACE_S || (sig_at >= 0 && t - sig_at > GRACE_S)) {
			kill_member(&ms[ANYTIME]);
			kill_member(&ms[BFS]);
		} else
			sleep_s(POLL_S);
	}
	for (int i = ANYTIME; i <= BFS; i++) {
		member *a = &ms[i];
		if (!a->started)
			continue;
		if (!a->ended || a->killed)
			read_guided(a);   /* what the loop did not read */
		if (a->trail_steps > 0 && (a->verdict == 1 || a->verdict == 3)
		    && (a->trail_steps < ms[kept].trail_steps
		        || (a->trail_steps == ms[kept].trail_steps && a->shortest && !ms[kept].shortest)))
			kept = i;
	}
done:
	if (kept != ANYTIME)
		unlink(rtrail);
	if (bdir && kept != BFS)
		drv_rm_rf(bdir);
	free(bdir);
	return kept;
}

static int portfolio_run(const drv_portfolio *p);

/* the report into p->out_fd and p->err_fd (a formula's run, whose
 * JSON check.c reads), else to ours */
int drv_portfolio_run(const drv_portfolio *p)
{
	int saved[2] = { -1, -1 }, to[2] = { p->out_fd, p->err_fd };
	fflush(NULL);
	for (int i = 0; i < 2; i++)
		if (to[i] >= 0 && (saved[i] = fcntl(1 + i, F_DUPFD_CLOEXEC, 3)) >= 0)
			dup2(to[i], 1 + i);
	int rc = portfolio_run(p);
	fflush(NULL);
	for (int i = 0; i < 2; i++)
		if (saved[i] >= 0) {
			dup2(saved[i], 1 + i);
			close(saved[i]);
		}
	return rc;
}

static int portfolio_run(const drv_portfolio *p)
{
	member ms[NMEMBERS];
	drv_strv dargv = { 0 }, gargv = { 0 };
	char *ddir = drv_printf("%s/run-XXXXXX", p->cache), *memlim = NULL, *sentry = NULL, *proof = NULL;
	int proved = 0;
	int rc = 2, ncores = cores(), sliced = ncores < 2, turn = DFS, winner = -1, kept = -1, alone = 0;
	int fds[4] = { -1, -1, -1, -1 };
	double t0 = now(), deadline = -1, shorten = -1, next_turn = 0, sig_at = -1;
	drv_pan_output po;
	memset(ms, 0, sizeof ms);
	memset(&po, 0, sizeof po);
	for (int i = 0; i < NMEMBERS; i++) {
		ms[i].states = -1;
		ms[i].trail_steps = -1;
	}
	if (!mkdtemp(ddir)) {
		drv_msg("cannot create a directory in the build cache %s: %s", p->cache, strerror(errno));
		free(ddir);
		return 2;
	}
	ms[DFS].out = drv_printf("%s/pan.out", ddir);
	ms[DFS].err = drv_printf("%s/pan.err", ddir);
	/* SPIN's pan writes its trail in its directory, the model's name
	 * (src/BASE) without the directory */
	ms[DFS].trail = drv_printf("%s/%s.%s", ddir, p->mbase, p->suffix);
	ms[GUIDED].out = drv_printf("%s/guided.out", p->rundir);
	ms[GUIDED].err = drv_printf("%s/guided.err", p->rundir);
	char *rtrail = drv_printf("%s/%s.%s", p->rundir, p->mbase, p->suffix);
	ms[GUIDED].trail = drv_strdup(rtrail);
	ms[ANYTIME].out = drv_printf("%s/anytime.out", p->rundir);
	ms[ANYTIME].err = drv_printf("%s/anytime.err", p->rundir);
	ms[ANYTIME].trail = drv_strdup(rtrail);
	if ((fds[0] = drv_open_out(ms[DFS].out)) < 0
	    || (fds[1] = drv_open_out(ms[DFS].err)) < 0 || (fds[2] = drv_open_out(ms[GUIDED].out)) < 0
	    || (fds[3] = drv_open_out(ms[GUIDED].err)) < 0) {
		drv_msg("cannot write in %s or %s: %s", ddir, p->rundir, strerror(errno));
		goto done;
	}
	/* each member half of a single run's memory (--memlim's, or the
	 * default's); --time-limit: guided stops itself, spin-dfs is
	 * stopped */
	double mb = dmc_memlim_default_mb() / 2, limit_s = -1;
	for (char *const *a = p->guided_argv; *a; a++)
		if (strncmp(*a, "--memlim=", 9) == 0)
			mb = strtod(*a + 9, NULL) / 2;
		else if (strncmp(*a, "--time-limit=", 13) == 0)
			limit_s = strtod(*a + 13, NULL);
	drv_strv_push(&dargv, p->spin_pan);
	/* pan's default depth bound (-m10000) cuts many models' depth-first
	 * search short (incomplete, BEEM's mcs.3 among them); a million
	 * levels of pan's stack cost about 50 MB */
	drv_strv_push(&dargv, SPIN_PAN_DEPTH);
	/* -N NAME of a model's only claim: pan would warn that it ignores
	 * it, and a single run does not (the runtime drops the warning) */
	model_claims mc;
	read_model_claims(p, &mc);
	for (size_t i = 0; i < p->spin_opts->n; i++)
		if (strcmp(p->spin_opts->v[i], "-N") == 0 && i + 1 < p->spin_opts->n && mc.nclaims < 2)
			i++;
		else
			drv_strv_push(&dargv, p->spin_opts->v[i]);
	for (char *const *a = p->guided_argv; *a; a++)
		if (strncmp(*a, "--memlim=", 9) != 0)
			drv_strv_push(&gargv, *a);
	if (mb >= 1) {
		memlim = drv_printf("--memlim=%.0f", mb);
		drv_strv_push(&gargv, memlim);
	}
	drv_run_io io[2] = { { ddir, fds[0], fds[1], NULL, NULL, 0 },
	                     { p->rundir, fds[2], fds[3], NULL, NULL, DRV_PORTFOLIO_NICE } };
	char *const *argvs[2] = { dargv.v, gargv.v };
	double as_mb[2] = { mb >= 1 ? mb : 0, 0 };
	int first = 1;
	/* SPIN's pan proved this model with these options before
	 * (spin_proofs.h): no search finds a violation, guided waits
	 * unless spin-dfs does not answer so again */
	sentry = drv_dirname(p->spin_pan);
	proof = drv_spin_proof_key(p->spin_opts);
	proved = drv_spin_proved(sentry, proof);
	if (proved)
		ms[GUIDED].waited = "SPIN's pan proved this model with these options before";
	for (;;) {
		double t = now();
		int dfs_failed = ms[DFS].ended && ms[DFS].verdict != 0;
		if (p->pending && drv_build_deferred(p->pending) && (!proved || dfs_failed))
			drv_build_resume(p->pending);
		/* each member as soon as its pan is built */
		for (int i = DFS; i <= GUIDED && !drv_interrupted(); i++) {
			if (ms[i].started || (i == GUIDED && proved && !dfs_failed))
				continue;
			int b = p->pending ? drv_build_poll(p->pending, i == DFS ? DRV_PAN_SPIN : DRV_PAN_DMC, 0) : 0;
			if (b == -1)
				continue;
			ms[i].started = 1;
			ms[i].start = t = now();
			if (first)
				t0 = t;        /* the search's time: the first member's */
			first = 0;
			if (b != 0 || (ms[i].pid = drv_spawn(argvs[i], &io[i], as_mb[i])) < 0) {
				ms[i].pid = 0;
				ms[i].ended = 1;
				ms[i].end = t;
				ms[i].status = ms[i].verdict = 2;
				ms[i].unbuilt = b != 0;
				continue;
			}
			int other = i == DFS ? GUIDED : DFS;
			if (sliced && ms[other].pid > 0) {
				/* one core: it waits for its turn */
				stop_member(&ms[i], SIGSTOP);
				ms[i].stopped = 1;
				if (!ms[other].stopped) {
					turn = other;
					next_turn = t + slice_s[other];
				}
			}
		}
		for (int i = 0; i < NMEMBERS; i++)
			if (ms[i].pid > 0) {
				reap(&ms[i], 0, t);
				if (ms[i].ended)
					i == DFS ? read_dfs(&ms[i], &po) : read_guided(&ms[i]);
			}
		int sig = drv_interrupted();
		if (sig) {
			/* the members got the signal too: their reports, or killed */
			if (sig_at < 0) {
				sig_at = t;
				for (int i = 0; i < NMEMBERS; i++)
					if (ms[i].stopped)
						stop_member(&ms[i], SIGCONT);
					else if (i < ANYTIME && !ms[i].started) {
						/* its compiler got the signal: never started */
						ms[i].ended = ms[i].killed = 1;
						ms[i].verdict = 2;
					}
			}
			if (ms[DFS].ended && ms[GUIDED].ended)
				break;
			if (t - sig_at > GRACE_S) {
				kill_member(&ms[DFS]);
				kill_member(&ms[GUIDED]);
			}
			sleep_s(POLL_S);
			continue;
		}
		if (limit_s > 0 && !first && t - t0 >= limit_s) {
			/* --time-limit: SPIN's pan has none of its own; a member
			 * whose pan is not built by then is not started */
			if (ms[DFS].pid > 0) {
				if (ms[DFS].stopped)
					stop_member(&ms[DFS], SIGCONT);
				kill_member(&ms[DFS]);
				read_dfs(&ms[DFS], &po);
				ms[DFS].verdict = 3;
				ms[DFS].timed_out = 1;
			}
			for (int i = DFS; i <= GUIDED; i++)
				if (!ms[i].started) {
					ms[i].ended = 1;
					ms[i].verdict = 2;
				}
		}
		int dv = ms[DFS].ended ? ms[DFS].verdict : -1, gv = ms[GUIDED].ended ? ms[GUIDED].verdict : -1;
		/* guided's 2 is bad input or a construct the runtime refuses
		 * (a never claim with an atomic sequence): SPIN's pan, the
		 * oracle, still answers (its own error, e.g. a vector too small,
		 * ends the run with guided's message, exit 2) */
		if (gv == 0 || gv == 1) {
			winner = dv == 1 ? DFS : GUIDED;
			break;
		}
		/* spin-dfs's violation on two cores or more: the shortening
		 * (anytime and breadth-first at once, below) at once, once
		 * dmc's pan is built; on one core guided goes on first */
		/* a trail guaranteed shortest (one step) is kept as it is, and
		 * a cycle's is not shortened: on two cores guided has nothing
		 * to do after spin-dfs's violation, its pan is not waited for */
		if (dv == 1 && (ms[DFS].shortest || (cycles(p) && !sliced))) {
			winner = DFS;
			break;
		}
		if (dv == 1 && deadline < 0 && !ms[GUIDED].started && first_run_bound(p)) {
			/* a first run waits for dmc's pan until its end only */
			deadline = first_run_end(p, ms[DFS].end);
			shorten = deadline - ms[DFS].end;
		}
		if (dv == 0 || (dv == 1 && (gv >= 0 || (!sliced && ms[GUIDED].started) || p->shorten_s == 0
		                            || (deadline >= 0 && t >= deadline)))) {
			winner = DFS;
			break;
		}
		if (dv == 1 && deadline < 0 && ms[GUIDED].started) {
			/* guided's chance of a shorter trail (the anytime search
			 * has what is left of it, SHORTEN_FLOOR_S at least), once
			 * its pan is built */
			shorten = shorten_time(p, ms[DFS].end, t0);
			deadline = t + shorten;
			if (limit_s > 0 && deadline > t0 + limit_s)
				deadline = t0 + limit_s;
			if (ms[GUIDED].stopped) {
				stop_member(&ms[GUIDED], SIGCONT);
				ms[GUIDED].stopped = 0;
			}
		}
		if (dv >= 0 && gv >= 0)
			break;            /* neither complete */
		if (dv >= 0 && !alone && ms[GUIDED].pid > 0) {
			/* guided runs alone (shortening spin-dfs's trail, or
			 * after its incomplete search): dmc's own priority back,
			 * where the system lets an unprivileged process have it */
			alone = 1;
			errno = 0;
			int own = getpriority(PRIO_PROCESS, 0);
			if (errno == 0)
				setpriority(PRIO_PGRP, (id_t) ms[GUIDED].pid, own);
		}
		if (sliced && t >= next_turn && ms[DFS].pid > 0 && ms[GUIDED].pid > 0 && deadline < 0) {
			int other = turn == DFS ? GUIDED : DFS;
			stop_member(&ms[turn], SIGSTOP);
			ms[turn].stopped = 1;
			stop_member(&ms[other], SIGCONT);
			ms[other].stopped = 0;
			turn = other;
			next_turn = t + slice_s[other];
		} else if (sliced && (dv >= 0 || gv >= 0)) {
			/* one ended: the other has the core */
			for (int i = 0; i < NMEMBERS; i++)
				if (ms[i].stopped) {
					stop_member(&ms[i], SIGCONT);
					ms[i].stopped = 0;
				}
		}
		sleep_s(POLL_S);
	}
	for (int i = 0; i < NMEMBERS; i++)
		if (ms[i].pid > 0) {
			if (ms[i].stopped)
				stop_member(&ms[i], SIGCONT);
			kill_member(&ms[i]);
		}
	int dv = ms[DFS].verdict, gv = ms[GUIDED].verdict;
	if (ms[DFS].ended && dv == 0 && !proved)
		drv_spin_proof_record(sentry, proof);
	if (winner < 0 && ms[GUIDED].ended && gv == 1)
		winner = GUIDED;          /* a violation reported as a signal came */
	else if (winner < 0 && ms[DFS].ended && dv == 1)
		winner = DFS;
	if (winner == DFS && ms[GUIDED].ended && gv == 1 && ms[GUIDED].trail_steps > 0
	    && ms[GUIDED].trail_steps < ms[DFS].trail_steps)
		kept = GUIDED;
	else if (winner >= 0 && ms[winner].verdict == 1)
		kept = winner;
	const char *not_shortened = NULL;
	if (kept >= 0 && !ms[kept].shortest && !cycles(p) && !drv_interrupted()) {
		/* every trail not guaranteed shortest gets the rest of the
		 * time for a shorter one: as much again as the first answer
		 * took, at most SHORTEN_MAX_S (spin-dfs's answer gave guided
		 * its part already), and the floor at least -- on a first run
		 * what is left of first_run_end's, no floor */
		double t = now(), least = POLL_S;
		int bound = first_run_bound(p);
		if (deadline < 0) {
			shorten = shorten_time(p, ms[winner].end, t0);
			deadline = t + shorten;
		}
		double floor_s = ncores >= 2 ? SHORTEN_FLOOR_BFS_S : SHORTEN_FLOOR_S;
		if (bound) {
			least = SHORTEN_MIN_S;
			if (deadline > first_run_end(p, ms[winner].end))
				deadline = first_run_end(p, ms[winner].end);
		} else if (p->shorten_s < 0 && deadline < t + floor_s)
			deadline = t + floor_s;           /* --shorten: no floor */
		if (limit_s > 0 && deadline > t0 + limit_s)
			deadline = t0 + limit_s;
		shorten = deadline - ms[winner].end;
		if (shorten < 0)
			shorten = 0;
		if (ms[GUIDED].unbuilt)
			not_shortened = "dmc's pan did not compile";
		else if (!ms[GUIDED].started && bound)
			not_shortened = "first run: dmc's pan was still compiling when the run's time was up "
			                "(a fifth of the time to the first trail); the next run of the model "
			                "compiles it and shortens the trail";
		else if (ms[GUIDED].started && deadline > t + least)
			kept = shorten_trail(p, ms, kept, deadline, ddir, rtrail, ncores, memlim);
		else if (p->shorten_s == 0)
			not_shortened = "--shorten 0";
		else if (limit_s > 0 && t >= t0 + limit_s)
			not_shortened = "the time limit (--time-limit) was reached";
		else if (bound)
			not_shortened = "first run: too little of the run's time was left once dmc's pan was built; "
			                "the next run of the model shortens the trail";
		else if (!ms[GUIDED].started)
			not_shortened = "dmc's pan was not built";
	}
	if (kept >= 0 && keep_trail(p, &ms[kept], rtrail) != 0)
		goto done;
	if (kept < 0)
		unlink(rtrail);

	/* the report of the member that answered (guided's when its trail is
	 * kept); without an answer, of the one whose search was incomplete */
	cJSON *pj = portfolio_json(p, ms, winner, ncores, sliced, shorten, t0, kept, not_shortened);
	int shown = kept >= 0 ? kept : winner;
	if (shown < 0)
		shown = ms[GUIDED].started && ms[GUIDED].ended && !ms[GUIDED].killed && (gv == 3 || dv != 3)
		        ? GUIDED : DFS;
	if (shown == DFS) {
		if (p->json && dv != 2)
			print_dfs_json(p, &ms[DFS], &po, &mc, pj);
		else {
			print_report(p, &ms[DFS], p->json ? stderr : stdout);
			drv_cat(ms[DFS].err, stderr);
		}
		rc = dv;
		if (dv == 1 && !po.trail[0])
			drv_msg("SPIN's pan reported an error but wrote no trail");
		if ((dv == 0 || dv == 1) && ms[GUIDED].unbuilt)
			drv_msg("note: SPIN's pan answered; dmc's pan did not compile (above)");
		else if ((dv == 0 || dv == 1) && ms[GUIDED].ended && !ms[GUIDED].killed && ms[GUIDED].status == 2) {
			drv_msg("note: SPIN's pan answered; the guided search refused the model:");
			drv_cat(ms[GUIDED].err, stderr);
		}
	} else {
		if (p->json)
			print_guided_json(&ms[shown], pj);
		else
			print_report(p, &ms[shown], stdout);
		drv_cat(ms[shown].err, stderr);
		/* the anytime search's trail is a violation even when its time
		 * ran out before it proved the trail shortest */
		rc = shown >= ANYTIME ? 1 : ms[shown].killed ? 2 : ms[shown].status;
	}
	if (!p->json)
		print_summary(p, &po, &mc, pj, ms, winner, kept, shown == DFS, not_shortened);
	fflush(stdout);
	cJSON_Delete(pj);
	if (drv_interrupted() && rc != 1 && rc != 3)
		rc = 128 + drv_interrupted();
done:
	for (int i = 0; i < NMEMBERS; i++)
		kill_member(&ms[i]);
	for (int i = 0; i < 4; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	drv_rm_rf(ddir);
	free(ddir);
	free(rtrail);
	free(memlim);
	for (int i = 0; i < NMEMBERS; i++) {
		free(ms[i].out);
		free(ms[i].err);
		free(ms[i].trail);
	}
	drv_strv_free(&dargv);
	drv_strv_free(&gargv);
	free(sentry);
	free(proof);
	return rc;
}
