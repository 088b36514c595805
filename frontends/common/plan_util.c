// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * plan_util.c -- what the planners share (plan_util.h).
 */
#include "plan_util.h"
#include "path.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double plan_json_num(const cJSON *results, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(results, key);
	return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

cJSON *plan_json_results(char *text)
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

char *plan_default_file(const char *model, const char *suffix)
{
	char *base = drv_basename(model);
	size_t n = strlen(base), k = strlen(suffix);
	if (n > k && strcmp(base + n - k, suffix) == 0)
		n -= k;
	char *p = drv_printf("%.*s.plan", (int) n, base);
	free(base);
	return p;
}

int plan_write_file(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "w");
	int ok = f && fwrite(text, 1, len, f) == len;
	if (f && fclose(f) != 0)
		ok = 0;
	if (!ok)
		drv_msg("cannot write %s", path);
	return ok ? 0 : 2;
}

int plan_lower_makespan(long best, int (*search)(void *arg, long horizon, long *makespan), void *arg,
                        void (*text)(long v, char *buf, size_t len))
{
	int rc = 1;
	char t[32], t1[32];
	while (best > 1) {
		long got = 0;
		text(best - 1, t, sizeof t);
		printf("--optimal makespan: searching for a plan with makespan at most %s\n", t);
		fflush(stdout);
		rc = search(arg, best - 1, &got);
		if (rc != 0)
			break;
		best = got;
	}
	if (rc == 2)
		return 2;
	text(best, t, sizeof t);
	text(best - 1, t1, sizeof t1);
	if (best <= 1 || rc == 1)
		printf("optimal: makespan %s is the least (a complete search found no plan with makespan %s)\n", t, t1);
	else
		printf("not proved optimal: makespan %s (the search for a plan with makespan at most %s was "
		       "incomplete)\n", t, t1);
	fflush(stdout);
	return 0;
}
