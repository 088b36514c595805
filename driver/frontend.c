// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * frontend.c -- the list of front ends (frontends/common/frontends.def,
 * each defined in its folder), the choice by file suffix and the options
 * only some front ends take (frontend.h).
 */
#include "frontend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DMC_FRONTEND(SYM) extern const drv_frontend SYM;
#include "frontends.def"

static const drv_frontend *const all[] = {
#define DMC_FRONTEND(SYM) &SYM,
#include "frontends.def"
	NULL
};

const drv_frontend *const *drv_frontend_all(void)
{
	return all;
}

/* is one of the space-separated words of list w (with suffix, its end)? */
static int has_word(const char *list, const char *w, int suffix)
{
	size_t n = strlen(w);
	for (const char *s = list ? list : ""; *s; ) {
		size_t m = strcspn(s, " ");
		if (m > 0 && (suffix ? n > m && memcmp(w + n - m, s, m) == 0 : n == m && memcmp(w, s, m) == 0))
			return 1;
		s += m;
		s += strspn(s, " ");
	}
	return 0;
}

/* does path end in one of the space-separated suffixes? */
static int takes(const char *suffixes, const char *path)
{
	return has_word(suffixes, path, 1);
}

int drv_frontend_takes(const drv_frontend *fe, const char *opt)
{
	return has_word(fe->options, opt, 0);
}

int drv_frontend_option(const char *opt)
{
	for (size_t k = 0; all[k]; k++)
		if (drv_frontend_takes(all[k], opt))
			return 1;
	return 0;
}

const drv_frontend *drv_frontend_for(const char *path)
{
	size_t k = 0;
	for (; all[k + 1]; k++)
		if (takes(all[k]->suffixes, path))
			return all[k];
	return all[k];
}

const char *drv_frontend_translated_suffixes(void)
{
	static char buf[256];
	const char *sfx[32];
	int n = 0;
	for (size_t k = 0; all[k]; k++) {
		if (!all[k]->translate)
			continue;
		for (const char *s = all[k]->suffixes; *s && n < 32; ) {
			size_t m = strcspn(s, " ");
			if (m > 0)
				sfx[n++] = s;
			s += m;
			s += strspn(s, " ");
		}
	}
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && len < sizeof buf; i++) {
		int w = snprintf(buf + len, sizeof buf - len, "%sMODEL%.*s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
		                 (int) strcspn(sfx[i], " "), sfx[i]);
		if (w < 0)
			break;
		len += (size_t) w;
	}
	return buf;
}

void drv_fe_job_free(const drv_frontend *fe, drv_fe_job *job)
{
	if (fe->release)
		fe->release(job);
	free(job->pml);
	free(job->meta);
	drv_strv_free(&job->rt_opts);
	drv_strv_free(&job->rt_defaults);
	drv_strv_free(&job->pan_opts);
	memset(job, 0, sizeof *job);
}
