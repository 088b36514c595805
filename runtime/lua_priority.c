// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * lua_priority.c -- priority(s), called once per generated state.
 *
 * `s` is one table made at the start and refilled per call (no table is
 * created per state): s.g, s.h (the combined value of the requested
 * heuristics), one field per requested heuristic (s.hU ...; math.huge
 * for a proved dead end), s.nprocs, and the read-only model views
 * s.var, s.proc, s.mtype (lua_model.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <lua.h>
#include <lauxlib.h>
#include "lua_internal.h"
#include "lua_script.h"
#include "bridge.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

double dmc_lua_us_per_call(const dmc_lua *X)
{
	return X && X->timed_calls > 0 ? 1e6 * X->timed_seconds / X->timed_calls : 0;
}

int dmc_lua_start(dmc_lua *X, const dmc_combo *c, char *err, size_t errlen)
{
	if (!dmc_lua_has_priority(X))
		return 0;
	lua_State *L = X->L;
	lua_Debug ar;
	lua_rawgeti(L, LUA_REGISTRYINDEX, X->priority_ref);
	X->fn_line = lua_getinfo(L, ">S", &ar) ? ar.linedefined : 0;
	X->nterms = c->nterms;
	lua_newtable(L);
	for (int i = 0; i < X->nterms; i++) {
		X->term_name[i] = c->h[i]->name;
		lua_pushinteger(L, 0);
		lua_setfield(L, -2, X->term_name[i]);
	}
	if (dmc_lua_model_open(X, lua_gettop(L)) < 0) {
		lua_pop(L, 1);
		snprintf(err, errlen, "%s: out of memory setting up priority(s)", X->file);
		return -1;
	}
	X->s_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	return 0;
}

static void push_h(lua_State *L, double h)
{
	if (h >= (double) DMC_H_INF)
		lua_pushnumber(L, HUGE_VAL);
	else if (h == floor(h))
		lua_pushinteger(L, (lua_Integer) h);
	else
		lua_pushnumber(L, h);
}

int dmc_lua_priority(dmc_lua *X, int g, const int *hv, double h, double *out,
                     char *err, size_t errlen)
{
	lua_State *L = X->L;
	int timed = ((long long) X->calls & 15) == 0;
	double t0 = timed ? now() : 0;
	lua_rawgeti(L, LUA_REGISTRYINDEX, X->priority_ref);
	lua_rawgeti(L, LUA_REGISTRYINDEX, X->s_ref);
	lua_pushinteger(L, g);
	lua_setfield(L, -2, "g");
	push_h(L, h);
	lua_setfield(L, -2, "h");
	for (int i = 0; i < X->nterms; i++) {
		push_h(L, (double) hv[i]);
		lua_setfield(L, -2, X->term_name[i]);
	}
	lua_pushinteger(L, dmc_br_nprocs());
	lua_setfield(L, -2, "nprocs");
	X->calls++;
	if (dmc_lua_call(X, 1, 1, X->budget, err, errlen) < 0)
		return -1;
	int t = lua_type(L, -1);
	double v = t == LUA_TNUMBER ? lua_tonumber(L, -1) : 0;
	const char *what = NULL;
	char got[64];
	if (t != LUA_TNUMBER) {
		snprintf(got, sizeof got, "%s", lua_typename(L, t));
		what = got;
	} else if (isnan(v))
		what = "NaN";
	else if (v < 0) {
		snprintf(got, sizeof got, "%g (negative)", v);
		what = got;
	}
	lua_pop(L, 1);
	if (timed) {
		X->timed_seconds += now() - t0;
		X->timed_calls++;
	}
	if (what) {
		snprintf(err, errlen, "%s:%d: priority(s) returned %s for a state at depth %d; "
		         "expected a number >= 0 (math.huge: last)", X->file, X->fn_line, what, g);
		return -1;
	}
	*out = v;
	return 0;
}
