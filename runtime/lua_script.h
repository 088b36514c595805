// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * lua_script.h -- Lua scripts for the search (docs/lua.md).
 *
 * A script is run once, in a sandbox, before pan starts.  Its settings
 * (search, heuristic, weight, weights, combine, tie, beam, target,
 * budget) become options and a native combination (combine.h): a purely
 * declarative script costs nothing per state.  A script that defines
 * priority(s) is called once per generated state; a beam width given as
 * a function once per depth layer.
 *
 * Everything of a script is in its context (dmc_lua), which the run
 * owns (run_context.h).  Functions taking a context accept NULL (no
 * script) where they only ask.
 */
#ifndef DMC_LUA_SCRIPT_H
#define DMC_LUA_SCRIPT_H

#include <stddef.h>
#include "options.h"

typedef struct dmc_lua dmc_lua;

/* Run `file` and apply its settings to o (what the command line gave
 * explicitly wins; a conflict is an error).  The script's context, or
 * NULL with "FILE:LINE: what" in err. */
dmc_lua *dmc_lua_load(const char *file, dmc_options *o, char *err, size_t errlen);

void dmc_lua_free(dmc_lua *X);

/* 1 when the loaded script defines priority(s). */
int dmc_lua_has_priority(const dmc_lua *X);

/* 1 when the script gives the beam width per layer (a schedule or a
 * function): then dmc_lua_beam_width(X, g) is the width of layer g. */
int dmc_lua_has_beam_schedule(const dmc_lua *X);
size_t dmc_lua_beam_width(void *X, int g);

/* Before the first state (pan's tables exist): the names the priority
 * function may read.  0, or -1 with a message. */
int dmc_lua_start(dmc_lua *X, const dmc_combo *c, char *err, size_t errlen);

/* priority(s) for the current state at depth g, whose heuristic values
 * (the terms of c given to dmc_lua_start) are hv and combined value h.
 * 0 with *out >= 0, or -1 with "FILE:LINE: what" in err. */
int dmc_lua_priority(dmc_lua *X, int g, const int *hv, double h, double *out,
                     char *err, size_t errlen);

/* Calls of priority(s) so far, and their mean cost in microseconds
 * (measured on every 16th call; 0 before any). */
double dmc_lua_calls(const dmc_lua *X);
double dmc_lua_us_per_call(const dmc_lua *X);

#endif
