// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_results.c -- one results table gives the text block and a JSON
 * object that a real JSON parser (cJSON) reads back with the same values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "check.h"
#include "heuristic.h"
#include "results.h"

/* what writer wrote into a temporary file, as a string (caller frees) */
static char *written(void (*writer)(FILE *, const dmc_results *), const dmc_results *r)
{
	FILE *f = tmpfile();
	if (!f)
		return NULL;
	writer(f, r);
	long n = ftell(f);
	rewind(f);
	char *s = calloc((size_t) n + 1, 1);
	if (s && fread(s, 1, (size_t) n, f) != (size_t) n)
		s[0] = '\0';
	fclose(f);
	return s;
}

static void fill(dmc_results *r)
{
	dmc_results_init(r);
	dmc_results_title(r, "spin-dmc: search %s, heuristic %s", "astar", "hL");
	dmc_results_str(r, "verdict", NULL, "no-violation");
	dmc_results_bool(r, "admissible", 1);
	dmc_results_h(r, "h_initial", "h(initial state)", DMC_H_INF);
	dmc_results_num(r, "states_stored", NULL, "%.0f", 1234567);
	dmc_results_num(r, NULL, "states stored", "%.0f", 1234567);
	dmc_results_num(r, "time_s", NULL, "%.6f", 0.25);
	dmc_results_text(r, "memory (MB)", "%.3f (pan %.3f + runtime %.3f)", 3.0, 2.0, 1.0);
	dmc_results_object(r, "hcache");
	dmc_results_str(r, "mode", NULL, "exact");
	dmc_results_num(r, "hits", NULL, "%.0f", 7);
	dmc_results_end(r);
	dmc_results_null(r, "trail_file");
	dmc_results_str(r, "model", NULL, "a \"quoted\"\\name\n");
	dmc_results_h(r, "h_none", NULL, -1);
}

static void test_json_reads_back(void)
{
	dmc_results r;
	fill(&r);
	char *s = written(dmc_results_write_json, &r);
	CHECK(s != NULL);
	cJSON *j = cJSON_Parse(s);
	CHECK(cJSON_IsObject(j));
	CHECK_STR(cJSON_GetObjectItem(j, "verdict")->valuestring, "no-violation");
	CHECK(cJSON_IsTrue(cJSON_GetObjectItem(j, "admissible")));
	CHECK_STR(cJSON_GetObjectItem(j, "h_initial")->valuestring, "inf");
	CHECK(cJSON_GetObjectItem(j, "states_stored")->valuedouble == 1234567);
	CHECK(cJSON_GetObjectItem(j, "time_s")->valuedouble == 0.25);
	const cJSON *hc = cJSON_GetObjectItem(j, "hcache");
	CHECK(cJSON_IsObject(hc));
	CHECK_STR(cJSON_GetObjectItem(hc, "mode")->valuestring, "exact");
	CHECK(cJSON_GetObjectItem(hc, "hits")->valuedouble == 7);
	CHECK(cJSON_IsNull(cJSON_GetObjectItem(j, "trail_file")));
	CHECK(cJSON_IsNull(cJSON_GetObjectItem(j, "h_none")));
	CHECK_STR(cJSON_GetObjectItem(j, "model")->valuestring, "a \"quoted\"\\name\n");
	/* text-only rows are not members */
	CHECK(cJSON_GetObjectItem(j, "memory (MB)") == NULL);
	CHECK_EQ_LONG(cJSON_GetArraySize(j), 9);
	cJSON_Delete(j);
	free(s);
}

static void test_text_lines(void)
{
	dmc_results r;
	fill(&r);
	char *s = written(dmc_results_write_text, &r);
	CHECK(s != NULL);
	CHECK(strncmp(s, "\nspin-dmc: search astar, heuristic hL\n", 38) == 0);
	CHECK(strstr(s, "\th(initial state)        \"inf\"\n") != NULL);
	CHECK(strstr(s, "\tstates stored           1234567\n") != NULL);
	CHECK(strstr(s, "\tmemory (MB)             3.000 (pan 2.000 + runtime 1.000)\n") != NULL);
	/* JSON-only rows have no line */
	CHECK(strstr(s, "verdict") == NULL && strstr(s, "hits") == NULL && strstr(s, "0.25") == NULL);
	free(s);
}

CHECK_MAIN("results",
	CASE(test_json_reads_back),
	CASE(test_text_lines))
