// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * json_error.h -- with --json, an error is one JSON object on standard
 * output too (docs/json.md): {"schema_version", "version", "verdict":
 * "error", "exit_status", "message", "file", "line", "column"}; the
 * verdict is "incomplete" for status 3, a run a signal stopped before it
 * had one.
 */
#ifndef DRV_JSON_ERROR_H
#define DRV_JSON_ERROR_H

#include "help.h"

#include <stdio.h>

/* 1 when command c takes --json and its arguments have it (before or
 * after "--"). */
int drv_json_wanted(const drv_command *c, int argc, char **argv);

/* The error object of the last message (drv_last_msg), its file, line and
 * column when it begins with FILE:LINE[:COL]: (else null). */
void drv_json_error(FILE *out, int status);

#endif
