// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * plan_util.h -- what the planners (dmc plan of ANMLite and of PDDL)
 * share: reading dmc check's JSON results, naming the plan file,
 * writing their translations and --optimal makespan's loop.
 */
#ifndef PLAN_UTIL_H
#define PLAN_UTIL_H

#include <cjson/cJSON.h>
#include <stddef.h>

/* a number member of dmc check's results; -1 if absent */
double plan_json_num(const cJSON *results, const char *key);

/* dmc check's results: the line of its output text that is a JSON object
 * with a "verdict" (pan's own output is on the other lines), or NULL;
 * text's newlines are overwritten */
cJSON *plan_json_results(char *text);

/* NAME.plan in the working directory for DIR/NAME.SUFFIX (as a compiler
 * writes its output: the model's directory may be a read-only one);
 * newly allocated */
char *plan_default_file(const char *model, const char *suffix);

/* text into path (a translation, its metadata): 0, or 2 after a message */
int plan_write_file(const char *path, const char *text, size_t len);

/* --optimal makespan: after a plan of makespan best, search again with
 * the horizon one unit (of the planner's time) below the best makespan,
 * until a complete search finds no plan (the last plan is then
 * makespan-optimal: proved) or a search is incomplete (not proved).
 * search(arg, horizon, &makespan) is dmc plan's search within a horizon:
 * 0 a plan (its makespan set), 1 none within the horizon (complete), 3
 * incomplete, 2 an error; text(v, buf, len) writes a time.  What it
 * does is printed on standard output; 0, or 2 after an error. */
int plan_lower_makespan(long best, int (*search)(void *arg, long horizon, long *makespan), void *arg,
                        void (*text)(long v, char *buf, size_t len));

#endif
