// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * msc_check.c -- dmc check --msc FILE.svg (msc.h): after a violation,
 * the chart of its trail, drawn by the model's front end (its msc
 * member).  SPIN's trail, which the Promela front end charts, is
 * replayed here with `spin -t -p -s -r` (its processes, sends and
 * receives) from a view of the model's directory in the cache, as
 * --replay does; a translated language charts its own counterexample
 * (frontends/LANGUAGE/).
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

int drv_msc_write_svg(const char *svg, drv_msc *m)
{
	FILE *f = fopen(svg, "w");
	int bad = !f || drv_msc_svg(f, m) != 0;
	if (f && fclose(f) != 0)
		bad = 1;
	if (bad)
		drv_msg("check: --msc: cannot write %s", svg);
	return bad ? 2 : 1;
}

int drv_msc_of_spin_trail(const drv_env *e, const drv_msc_req *rq, const char *svg)
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
		rc = drv_msc_write_svg(svg, &m);
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

int drv_msc_of_violation(const drv_env *e, const drv_msc_req *rq, const char *svg)
{
	if (!rq->fe)
		return drv_msc_of_spin_trail(e, rq, svg);
	if (rq->fe->msc)
		return rq->fe->msc(e, rq, svg);
	drv_msg("check: --msc: a %s model's counterexample has no messages to chart", rq->fe->name);
	return rq->json || !rq->fe->show_trail ? 1 : rq->fe->show_trail(e, rq->job);
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
