// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * plan_util.h -- what the planners (dmc plan of ANMLite and of PDDL)
 * share: reading dmc check's JSON results, naming the plan file and
 * writing their translations.
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

#endif
