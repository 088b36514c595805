// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_frontend.c -- ANMLite behind the front-end interface
 * (driver/frontend.h): `dmc check MODEL.anml [--horizon H]` translates
 * the model into $CACHE/anml/NAME-HASH/NAME.pml with its timeline data
 * for htime beside it (NAME.meta.h, compiled into pan), checks that the
 * goal is unreachable, and prints a violation -- a plan -- per timeline
 * instance, as dmc plan does, re-checked by the validator.
 */
#include "anml.h"
#include "anml_cmd.h"
#include "cache.h"
#include "frontend.h"
#include "fs.h"
#include "msc.h"
#include "path.h"
#include "plan_util.h"
#include "run.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int anml_write_cached(const anml_model *m, int horizon, int lazy, const char *cache, char **pml, char **meta)
{
	char *text = NULL, *mtext = NULL;
	size_t len = 0, mlen = 0;
	anml_err err;
	FILE *mem = open_memstream(&text, &len), *mmem = open_memstream(&mtext, &mlen);
	int rc = mem && mmem ? anml_write_translation_enc(mem, mmem, m, horizon, lazy, &err) : -1;
	if (mem)
		fclose(mem);
	if (mmem)
		fclose(mmem);
	if (rc != 0) {
		fprintf(stderr, "%s\n", mem && mmem ? err.msg : "out of memory");
		free(text);
		free(mtext);
		return 2;
	}
	/* the directory is named by the translation: the same model and
	 * horizon, the same directory (and pan from the build cache) */
	drv_hash h;
	drv_hash_init(&h);
	drv_hash_item(&h, text, len);
	drv_hash_item(&h, mtext, mlen);
	char *dir = drv_printf("%s/anml/%s-%016llx", cache, m->name, (unsigned long long) drv_hash_final(&h));
	*pml = drv_printf("%s/%s.pml", dir, m->name);
	*meta = drv_printf("%s/%s.meta.h", dir, m->name);
	if (drv_mkdir_p(dir) != 0) {
		drv_msg("cannot create the directory %s", dir);
		rc = 2;
	} else if ((rc = plan_write_file(*pml, text, len)) == 0)
		rc = plan_write_file(*meta, mtext, mlen);
	free(dir);
	free(text);
	free(mtext);
	return rc;
}

int anml_replay_plan(const drv_env *e, const anml_model *m, const char *pml, anml_plan *p)
{
	char *dir = drv_dirname(pml), *base = drv_basename(pml), *out = NULL;
	size_t len;
	/* from its directory: spin hands the name to a shell */
	char *argv[] = { (char *) e->spin, "-t", base, NULL };
	int st = drv_run_capture(argv, dir, &out, &len), rc = 2;
	anml_err err;
	if (st != 0 || !out)
		drv_msg("spin -t %s failed (status %d)", pml, st);
	else if (anml_plan_from_replay(m, out, p, &err) != 0)
		drv_msg("%s", err.msg);
	else
		rc = 0;
	free(dir);
	free(base);
	free(out);
	return rc;
}

int anml_check_plan(const anml_model *m, const anml_plan *p, FILE *out)
{
	int bad = anml_validate(m, p, stderr);
	if (bad)
		return bad;
	fprintf(out, "validated: durations, transitions, initial state, goals and %d constraint%s hold\n",
	        m->ncons, m->ncons == 1 ? "" : "s");
	fflush(out);
	return 0;
}

int anml_show_plan(const drv_env *e, const anml_model *m, const char *pml)
{
	anml_plan p;
	int rc = anml_replay_plan(e, m, pml, &p);
	if (rc != 0)
		return rc;
	anml_plan_print(stdout, m, &p);
	fflush(stdout);
	int bad = anml_check_plan(m, &p, stdout);
	if (bad) {
		drv_msg("internal error: the validator rejects the plan (%d violation%s); "
		        "please report it with the model", bad, bad == 1 ? "" : "s");
		rc = 2;
	}
	anml_plan_free(&p);
	return rc;
}

static int prepare(const drv_env *e, const drv_fe_request *rq, drv_fe_job *job)
{
	anml_model *m = drv_alloc(sizeof *m);
	anml_err err;
	(void) e;
	job->model = m;
	if (anml_load(rq->model, m, &err) != 0) {
		drv_msg_plain(err.msg);
		return 2;
	}
	int horizon = rq->horizon > 0 ? rq->horizon : ANML_DEFAULT_HORIZON;
	/* eager unless --encoding lazy (dmc plan passes it) */
	if (anml_write_cached(m, horizon, anml_encoding(rq->encoding) == 1, rq->cache, &job->pml, &job->meta) != 0)
		return 2;
	/* a plan is an assertion violation; the translation's waits carry end
	 * labels, so pan's invalid-end-state check can find nothing -- and
	 * leaving it on would keep dead-end pruning (h = infinity) off */
	drv_strv_push(&job->pan_opts, "-E");
	return 0;
}

static int show_trail(const drv_env *e, const drv_fe_job *job)
{
	const anml_model *m = job->model;
	printf("plan %s (%s):\n", m->name, m->file);
	return anml_show_plan(e, m, job->pml) == 0 ? 1 : 2;
}

static void release(drv_fe_job *job)
{
	if (job->model)
		anml_free(job->model);
	free(job->model);
}

/* --msc: a plan has no messages; its chart is dmc plan --gantt's */
static int msc(const drv_env *e, const drv_msc_req *rq, const char *svg)
{
	(void) svg;
	drv_msg("check: --msc: a %s model's counterexample has no messages to chart "
	        "(ANMLite: dmc plan --gantt FILE.svg draws the plan)", rq->fe->name);
	return rq->json ? 1 : show_trail(e, rq->job);
}

const drv_frontend prom_fe_anml = {
	.name = "ANMLite", .suffixes = ".anml", .options = "--horizon --encoding",
	.translate = prom_anml_translate, .prepare = prepare, .show_trail = show_trail,
	.release = release, .msc = msc, .plan = prom_cmd_plan,
};
