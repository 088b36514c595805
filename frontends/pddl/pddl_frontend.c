// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_frontend.c -- PDDL behind the front-end interface
 * (driver/frontend.h): loading and grounding (pddl_parse.c,
 * pddl_ground.c), the translation into the build cache (pddl_pml.c),
 * the plan read back from a trail (spin -t) and validated.  `dmc plan
 * DOMAIN.pddl PROBLEM.pddl` (pddl_plan.c) is the planner's command;
 * `dmc check FILE.pddl` takes a file holding both the domain and the
 * problem and prints the plan its violation is.
 */
#include "pddl.h"
#include "pddl_cmd.h"
#include "cache.h"
#include "frontend.h"
#include "fs.h"
#include "path.h"
#include "plan_util.h"
#include "run.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

int pddl_job_load(pddl_job *j, const char *const *files, int nfiles, FILE *info)
{
	pddl_err err;
	memset(j, 0, sizeof *j);
	if (pddl_load(files, nfiles, &j->m, &err) != 0) {
		drv_msg_plain(err.msg);
		return 2;
	}
	double t0 = now();
	if (pddl_ground(&j->m, &j->t, PDDL_MAX_ACTIONS, &err) != 0) {
		drv_msg("%s: %s", j->m.problem_file, err.msg);
		return 2;
	}
	j->ground_s = now() - t0;
	if (info)
		fprintf(info, "grounded: %d facts, %d actions (relaxed reachability, %zu atoms looked at), %.3f s\n",
		        j->t.nfacts, j->t.nacts, j->t.atoms, j->ground_s);
	return 0;
}

void pddl_job_free(pddl_job *j)
{
	pddl_task_free(&j->t);
	pddl_free(&j->m);
}

/* a name for files: the problem's, with anything but [a-z0-9_-] as '_' */
static char *file_name(const char *name)
{
	char *s = drv_strdup(name && *name ? name : "problem");
	for (char *p = s; *p; p++)
		if (!isalnum((unsigned char) *p) && *p != '-' && *p != '_')
			*p = '_';
	if (strlen(s) > 60)
		s[60] = 0;
	return s;
}

int pddl_write_cached(const pddl_job *j, const char *cache, char **pml, char **meta, size_t *bytes)
{
	char *text = NULL, *mtext = NULL;
	size_t len = 0, mlen = 0;
	FILE *mem = open_memstream(&text, &len), *mmem = open_memstream(&mtext, &mlen);
	if (!mem || !mmem) {
		drv_msg("out of memory");
		return 2;
	}
	int *lines = drv_alloc(((size_t) j->t.nacts + 1) * sizeof *lines);
	pddl_write_promela(mem, &j->m, &j->t, lines);
	fclose(mem);
	pddl_write_meta(mmem, &j->m, &j->t, lines);
	fclose(mmem);
	free(lines);
	if (bytes)
		*bytes = len;
	/* named by the translation: the same problem, the same pan from the cache */
	drv_hash h;
	drv_hash_init(&h);
	drv_hash_item(&h, text, len);
	drv_hash_item(&h, mtext, mlen);
	char *name = file_name(j->m.problem_name);
	char *dir = drv_printf("%s/pddl/%s-%016llx", cache, name, (unsigned long long) drv_hash_final(&h));
	*pml = drv_printf("%s/%s.pml", dir, name);
	*meta = drv_printf("%s/%s.meta.h", dir, name);
	int rc = 0;
	if (drv_mkdir_p(dir) != 0) {
		drv_msg("cannot create the directory %s", dir);
		rc = 2;
	} else if ((rc = plan_write_file(*pml, text, len)) == 0)
		rc = plan_write_file(*meta, mtext, mlen);
	free(name);
	free(dir);
	free(text);
	free(mtext);
	return rc;
}

int pddl_replay_plan(const drv_env *e, const pddl_job *j, const char *pml, pddl_plan *p)
{
	char *dir = drv_dirname(pml), *base = drv_basename(pml), *out = NULL;
	size_t len;
	/* from its directory: spin hands the name to a shell */
	char *argv[] = { (char *) e->spin, "-t", base, NULL };
	int st = drv_run_capture(argv, dir, &out, &len), rc = 2;
	pddl_err err;
	memset(p, 0, sizeof *p);
	if (st != 0 || !out)
		drv_msg("spin -t %s failed (status %d)", pml, st);
	else if (pddl_plan_from_replay(&j->m, &j->t, out, p, &err) != 0)
		drv_msg("%s", err.msg);
	else
		rc = 0;
	free(dir);
	free(base);
	free(out);
	return rc;
}

int pddl_check_plan(const pddl_model *m, const pddl_plan *p, FILE *out)
{
	int bad = pddl_validate(m, p, stderr);
	if (bad)
		return bad;
	if (m->temporal) {
		char t[32];
		pddl_ticks_text(pddl_plan_makespan(m, p), t, sizeof t);
		fprintf(out, "validated: %d step%s, makespan %s: at each time point the start, end and instantaneous "
		             "conditions hold and no two happenings interfere, over-all conditions hold while their "
		             "actions run, the goal at the end\n", p->n, p->n == 1 ? "" : "s", t);
		fflush(out);
		return 0;
	}
	fprintf(out, "validated: %d step%s, each precondition holds in the state before it, the goal after the last\n",
	        p->n, p->n == 1 ? "" : "s");
	fflush(out);
	return 0;
}

/* ---- dmc check FILE.pddl (domain and problem in one file) ---- */
static int prepare(const drv_env *e, const drv_fe_request *rq, drv_fe_job *job)
{
	pddl_job *j = drv_alloc(sizeof *j);
	const char *files[] = { rq->model };
	(void) e;
	job->model = j;
	if (pddl_job_load(j, files, 1, NULL) != 0)
		return 2;
	if (pddl_write_cached(j, rq->cache, &job->pml, &job->meta, NULL) != 0)
		return 2;
	/* a plan is an assertion violation; the loop's end label leaves
	 * pan's invalid-end-state check nothing to find */
	drv_strv_push(&job->pan_opts, "-E");
	return 0;
}

static int show_trail(const drv_env *e, const drv_fe_job *job)
{
	const pddl_job *j = job->model;
	pddl_plan p;
	if (pddl_replay_plan(e, j, job->pml, &p) != 0)
		return 2;
	printf("plan of %s (%s):\n", j->m.problem_name, j->m.problem_file);
	pddl_plan_write(stdout, &j->m, &p);
	int bad = pddl_check_plan(&j->m, &p, stdout);
	pddl_plan_free(&p);
	if (bad) {
		drv_msg("internal error: the validator rejects the plan; please report it with the model");
		return 2;
	}
	return 1;
}

static void release(drv_fe_job *job)
{
	if (job->model)
		pddl_job_free(job->model);
	free(job->model);
}

const drv_frontend prom_fe_pddl = {
	.name = "PDDL", .suffixes = ".pddl", .options = NULL,
	.translate = pddl_cmd_translate, .prepare = prepare, .show_trail = show_trail,
	.release = release, .plan = pddl_cmd_plan,
};
