// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * msc_check.c -- dmc check --msc FILE.svg (msc.h): after a violation,
 * the chart of its trail.  A Promela model's trail is replayed with
 * `spin -t -p -s -r` (its processes, sends and receives) from a view of the model's
 * directory in the cache, as --replay does; a UPPAAL model's is the
 * front end's witness in the model's own terms (its edges and
 * synchronisations, not the translation's channels), printed as
 * without --msc and read back.
 */
#include "msc.h"
#include "cmd.h"
#include "build.h"
#include "fs.h"
#include "run.h"
#include "trail.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_svg(const char *svg, drv_msc *m)
{
	FILE *f = fopen(svg, "w");
	int bad = !f || drv_msc_svg(f, m) != 0;
	if (f && fclose(f) != 0)
		bad = 1;
	if (bad)
		drv_msg("check: --msc: cannot write %s", svg);
	return bad ? 2 : 1;
}

static int promela(const drv_env *e, const drv_msc_req *rq, const char *svg)
{
	char *trail = drv_trail_to_replay(rq->mdir, rq->mbase, rq->suffix);
	char *view = trail ? drv_spin_view(rq->cache, "msc", rq->mdir) : NULL;
	int rc = 2;
	if (!view) {
		if (!trail)
			drv_msg("check: --msc: no trail of %s in %s", rq->mbase, rq->mdir);
		free(trail);
		return 2;
	}
	char *t = drv_printf("src/%s", trail), *name = drv_printf("src/%s", rq->mbase), *out = NULL;
	char *argv[] = { (char *) e->spin, "-t", "-k", t, "-p", "-s", "-r", name, NULL };
	size_t len;
	int st = drv_run_capture(argv, view, &out, &len);
	drv_msc m;
	if (st != 0 || !out)
		drv_msg("check: --msc: spin -t -p -s -r %s failed (status %d)", rq->mbase, st);
	else if (drv_msc_from_spin(out, &m) != 0)
		drv_msg("check: --msc: the trail of %s has no process steps to draw", rq->mbase);
	else {
		int sent = 0, received = 0;
		for (int i = 0; i < m.nev; i++) {
			sent += m.ev[i].kind == DRV_MSC_MESSAGE || m.ev[i].kind == DRV_MSC_PENDING;
			received += m.ev[i].kind == DRV_MSC_MESSAGE;
		}
		m.title = drv_printf("%s: counterexample, %d message%s sent, %d received, %d process%s",
		                     rq->model, sent, sent == 1 ? "" : "s", received, m.nlines,
		                     m.nlines == 1 ? "" : "es");
		rc = write_svg(svg, &m);
		drv_msc_free(&m);
	}
	drv_rm_rf(view);
	free(view);
	free(trail);
	free(t);
	free(name);
	free(out);
	return rc;
}

static int uppaal(const drv_env *e, const drv_msc_req *rq, const char *svg)
{
	char *path = drv_printf("%s/msc-%ld.out", rq->mdir, (long) getpid());
	drv_redirect r;
	int rc = 2;
	if (drv_redirect_begin(&r, path) == 0) {
		rc = rq->fe->show_trail(e, rq->job);
		drv_redirect_end(&r);
	}
	size_t len;
	char *text = drv_read_file(path, &len);
	if (text) {
		fputs(text, rq->json ? stderr : stdout);
		fflush(NULL);
	}
	drv_msc m;
	if (rc == 1 && text) {
		if (drv_msc_from_uppaal(text, &m) != 0) {
			drv_msg("check: --msc: no witness of %s to draw", rq->model);
			rc = 2;
		} else {
			int syncs = 0;
			for (int i = 0; i < m.nev; i++)
				syncs += m.ev[i].kind == DRV_MSC_MESSAGE;
			m.title = drv_printf("%s: counterexample, %d synchronisation%s between %d process%s",
			                     rq->model, syncs, syncs == 1 ? "" : "s", m.nlines,
			                     m.nlines == 1 ? "" : "es");
			rc = write_svg(svg, &m);
			drv_msc_free(&m);
		}
	}
	unlink(path);
	free(path);
	free(text);
	return rc;
}

int drv_msc_of_violation(const drv_env *e, const drv_msc_req *rq, const char *svg)
{
	if (!rq->fe || !rq->fe->show_trail)
		return promela(e, rq, svg);
	if (strcmp(rq->fe->name, "UPPAAL") == 0)
		return uppaal(e, rq, svg);
	drv_msg("check: --msc: a %s model's counterexample has no messages to chart "
	        "(ANMLite: dmc plan --gantt FILE.svg draws the plan)", rq->fe->name);
	return rq->json ? 1 : rq->fe->show_trail(e, rq->job);
}

int drv_cmd_trail(const drv_env *e, int argc, char **argv)
{
	int msc = 0;
	for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
		msc |= strcmp(argv[i], "--msc") == 0 || strncmp(argv[i], "--msc=", 6) == 0;
	if (!msc) {
		drv_msg("trail: --msc FILE.svg is missing (usage: dmc trail MODEL --msc FILE.svg "
		        "[options of dmc check])");
		return 2;
	}
	int rc = drv_cmd_check(e, argc, argv);
	if (rc == 0 || rc == 3)
		drv_msg("trail: no counterexample to draw (%s)",
		        rc == 0 ? "no violation" : "the search was incomplete");
	return rc;
}
