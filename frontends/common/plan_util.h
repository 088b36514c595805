// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * plan_util.h -- what the planners (dmc plan of ANMLite and of PDDL)
 * share: reading dmc check's JSON results and naming the plan file.
 */
#ifndef PLAN_UTIL_H
#define PLAN_UTIL_H

#include <cjson/cJSON.h>

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

#endif
