// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * version.h -- spin-dmc's version (version.sh: `git describe`, or the
 * VERSION file outside git), baked in at build time; dmc --version,
 * pan --version and the JSON results print it.
 */
#ifndef DMC_VERSION_H
#define DMC_VERSION_H

extern const char dmc_version[];

/* The schema of the JSON objects dmc check, pan --json and dmc plan --json
 * print (docs/json.md): raised when a member changes meaning or goes away,
 * not when one is added. */
#define DMC_JSON_SCHEMA 1

#endif
