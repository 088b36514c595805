// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * lua_load.c -- the Lua state: sandbox, memory cap, instruction budget,
 * running the script, and errors that name the script's file and line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "lua_internal.h"
#include "lua_script.h"

/* The allocator: refuses to grow the state beyond mem_limit. */
static void *alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	dmc_lua *c = ud;
	if (!ptr)
		osize = 0;
	if (nsize == 0) {
		free(ptr);
		c->mem -= osize;
		return NULL;
	}
	if (nsize > osize && c->mem + (nsize - osize) > c->mem_limit)
		return NULL;
	void *p = realloc(ptr, nsize);
	if (p)
		c->mem = c->mem - osize + nsize;
	return p;
}

/* print: to standard error (standard output may be --json's) */
static int print_stderr(lua_State *L)
{
	int n = lua_gettop(L);
	for (int i = 1; i <= n; i++) {
		size_t len;
		const char *s = luaL_tolstring(L, i, &len);
		if (i > 1)
			fputc('\t', stderr);
		fwrite(s, 1, len, stderr);
		lua_pop(L, 1);
	}
	fputc('\n', stderr);
	return 0;
}

/* Once the budget is spent, every further instruction fails too: a
 * script cannot pcall its way past the limit.  The watchdog
 * (lua_watchdog.c) sets this hook too, when a call has used its
 * processor time. */
void dmc_lua_budget_hook(lua_State *L, lua_Debug *ar)
{
	(void) ar;
	dmc_lua *X = dmc_lua_of(L);
	X->exceeded = 1;
	lua_sethook(L, dmc_lua_budget_hook, LUA_MASKCOUNT, 1);
	/* no call frame for the hook: level 0 is the Lua function running */
	luaL_where(L, 0);
	if (dmc_lua_watchdog_fired())
		lua_pushfstring(L, "processor time limit exceeded (more than %d s in one call)",
		                (int) dmc_lua_watchdog_seconds());
	else
		lua_pushfstring(L, "instruction budget exceeded (more than %d VM instructions in one "
		                "call; set budget = N to allow more)", (int) X->budget);
	lua_concat(L, 2);
	lua_error(L);
}

/* setmetatable without __gc: Lua runs finalizers with hooks off, so
 * one could escape the instruction budget.  (A __gc field added to a
 * metatable later does not mark the object: checking here suffices.) */
static int safe_setmetatable(lua_State *L)
{
	if (lua_type(L, 2) == LUA_TTABLE) {
		lua_pushliteral(L, "__gc");
		if (lua_rawget(L, 2) != LUA_TNIL)
			return luaL_error(L, "__gc metamethods are not allowed in a script");
		lua_pop(L, 1);
	}
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, 1);
	return 1;
}

/* xpcall(f, msgh, ...) with the handler called after the error has
 * unwound, as an ordinary call.  Lua's own xpcall calls it where the
 * error is raised: for the budget hook's error that is inside the hook,
 * where hooks are off, so a handler that loops would never be stopped.
 * (The sandbox has no debug library: a handler cannot look at the
 * stack it would otherwise see.) */
static int safe_xpcall(lua_State *L)
{
	int n = lua_gettop(L);
	luaL_checktype(L, 2, LUA_TFUNCTION);
	luaL_checkany(L, 1);
	lua_pushvalue(L, 1);
	for (int i = 3; i <= n; i++)
		lua_pushvalue(L, i);
	if (lua_pcall(L, n - 2, LUA_MULTRET, 0) == LUA_OK) {
		lua_pushboolean(L, 1);
		lua_insert(L, n + 1);
		return lua_gettop(L) - n;
	}
	lua_pushvalue(L, 2);
	lua_insert(L, -2);
	lua_call(L, 1, 1);            /* an error in the handler propagates */
	lua_pushboolean(L, 0);
	lua_insert(L, -2);
	return 2;
}

int dmc_lua_new_state(dmc_lua *X)
{
	static const luaL_Reg libs[] = {
		{ LUA_GNAME, luaopen_base }, { LUA_TABLIBNAME, luaopen_table },
		{ LUA_STRLIBNAME, luaopen_string }, { LUA_MATHLIBNAME, luaopen_math },
		{ LUA_UTF8LIBNAME, luaopen_utf8 }, { NULL, NULL }
	};
	/* no io, os, package/require, debug, coroutine; no file or code loading */
	static const char *const removed[] = {
		"dofile", "loadfile", "load", "require", "collectgarbage", NULL
	};
	X->mem = 0;
	lua_State *L = lua_newstate(alloc, X);
	if (!L)
		return -1;
	*(dmc_lua **) lua_getextraspace(L) = X;
	for (const luaL_Reg *l = libs; l->name; l++) {
		luaL_requiref(L, l->name, l->func, 1);
		lua_pop(L, 1);
	}
	for (int i = 0; removed[i]; i++) {
		lua_pushnil(L);
		lua_setglobal(L, removed[i]);
	}
	lua_pushcfunction(L, print_stderr);
	lua_setglobal(L, "print");
	lua_getglobal(L, "setmetatable");
	lua_pushcclosure(L, safe_setmetatable, 1);
	lua_setglobal(L, "setmetatable");
	lua_pushcfunction(L, safe_xpcall);
	lua_setglobal(L, "xpcall");
	/* string.dump hands out bytecode, which a sandbox must not load back */
	lua_getglobal(L, LUA_STRLIBNAME);
	lua_pushnil(L);
	lua_setfield(L, -2, "dump");
	lua_pop(L, 1);
	X->L = L;
	dmc_lua_watchdog_start(X);
	return 0;
}


int dmc_lua_call(dmc_lua *X, int nargs, int nresults, long budget, char *err, size_t errlen)
{
	lua_State *L = X->L;
	long saved = X->budget;
	X->budget = budget;           /* for the hook's message */
	X->exceeded = 0;
	lua_sethook(L, dmc_lua_budget_hook, LUA_MASKCOUNT, budget > 0x7fffffffL ? 0x7fffffff : (int) budget);
	dmc_lua_watchdog_enter(budget);
	int rc = lua_pcall(L, nargs, nresults, 0);
	dmc_lua_watchdog_leave();
	if (rc == LUA_OK && X->exceeded) {       /* cannot happen; never trust it */
		lua_pop(L, nresults);
		lua_pushfstring(L, "%s: instruction budget exceeded", X->file);
		rc = LUA_ERRRUN;
	}
	/* the hook stays, with a fresh budget: finalizers (__gc) that run
	 * later, e.g. when the state is closed, are bounded too */
	lua_sethook(L, dmc_lua_budget_hook, LUA_MASKCOUNT, (int) DMC_LUA_BUDGET_DEFAULT);
	X->budget = saved;
	if (rc == LUA_OK)
		return 0;
	const char *m = lua_tostring(L, -1);
	if (rc == LUA_ERRMEM)
		snprintf(err, errlen, "%s: out of memory (the script may use %zu MB)",
		         X->file, X->mem_limit >> 20);
	else if (m)
		snprintf(err, errlen, "%s", m);
	else
		snprintf(err, errlen, "%s: the script raised an error with a %s, not a message",
		         X->file, luaL_typename(L, -1));
	lua_pop(L, 1);
	return -1;
}

/* _G's __newindex while the script runs: remember where each global was
 * set, so a bad setting is reported at its line. */
static int track_assign(lua_State *L)
{
	lua_Debug ar;
	int line = 0;
	if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar))
		line = ar.currentline;
	if (lua_type(L, 2) == LUA_TSTRING) {
		lua_rawgeti(L, LUA_REGISTRYINDEX, dmc_lua_of(L)->lines_ref);
		lua_pushvalue(L, 2);
		lua_pushinteger(L, line);
		lua_rawset(L, -3);
		lua_pop(L, 1);
	}
	lua_rawset(L, 1);
	return 0;
}

int dmc_lua_line_of(dmc_lua *X, const char *name)
{
	lua_State *L = X->L;
	lua_rawgeti(L, LUA_REGISTRYINDEX, X->lines_ref);
	lua_getfield(L, -1, name);
	int line = (int) lua_tointeger(L, -1);
	lua_pop(L, 2);
	return line;
}

int dmc_lua_run_file(dmc_lua *X, const char *file, char *err, size_t errlen)
{
	lua_State *L = X->L;
	free(X->file);
	X->file = strdup(file);
	if (!X->file) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	lua_newtable(L);
	X->lines_ref = luaL_ref(L, LUA_REGISTRYINDEX);

	/* text only: a precompiled chunk could break the sandbox */
	int rc = luaL_loadfilex(L, file, "t");
	if (rc != LUA_OK) {
		const char *m = lua_tostring(L, -1);
		if (rc == LUA_ERRFILE)
			snprintf(err, errlen, "%s: cannot read the script", file);
		else
			snprintf(err, errlen, "%s", m ? m : "cannot load the script");
		lua_pop(L, 1);
		return -1;
	}
	lua_pushglobaltable(L);
	lua_newtable(L);
	lua_pushcfunction(L, track_assign);
	lua_setfield(L, -2, "__newindex");
	lua_setmetatable(L, -2);
	lua_pop(L, 1);
	rc = dmc_lua_call(X, 0, 0, DMC_LUA_CHUNK_BUDGET, err, errlen);
	lua_pushglobaltable(L);
	lua_pushnil(L);
	lua_setmetatable(L, -2);
	lua_pop(L, 1);
	return rc;
}

void dmc_lua_close(dmc_lua *X)
{
	dmc_lua_watchdog_stop(X);
	if (X->L)
		lua_close(X->L);
	X->L = NULL;
	X->priority_ref = X->beam_ref = X->lines_ref = X->s_ref = LUA_NOREF;
	X->gnames_ref = X->lnames_ref = X->cache_ref = LUA_NOREF;
}

void dmc_lua_free(dmc_lua *X)
{
	if (!X)
		return;
	dmc_lua_close(X);
	free(X->vars);
	free(X->file);
	free(X);
}

dmc_lua *dmc_lua_load(const char *file, dmc_options *o, char *err, size_t errlen)
{
	dmc_lua *X = calloc(1, sizeof *X);
	if (!X) {
		snprintf(err, errlen, "%s: out of memory", file);
		return NULL;
	}
	X->budget = DMC_LUA_BUDGET_DEFAULT;
	X->mem_limit = DMC_LUA_MEM_LIMIT;
	X->priority_ref = X->beam_ref = X->lines_ref = X->s_ref = LUA_NOREF;
	X->gnames_ref = X->lnames_ref = X->cache_ref = LUA_NOREF;
	if (dmc_lua_new_state(X) < 0) {
		snprintf(err, errlen, "%s: cannot create a Lua state", file);
		dmc_lua_free(X);
		return NULL;
	}
	if (dmc_lua_run_file(X, file, err, errlen) < 0 || dmc_lua_apply_settings(X, o, err, errlen) < 0) {
		dmc_lua_free(X);
		return NULL;
	}
	/* nothing to call per state or per layer: no Lua during the search */
	if (X->priority_ref == LUA_NOREF && X->beam_ref == LUA_NOREF)
		dmc_lua_close(X);
	return X;
}

int dmc_lua_has_priority(const dmc_lua *X)
{
	return X && X->L && X->priority_ref != LUA_NOREF;
}

double dmc_lua_calls(const dmc_lua *X)
{
	return X ? X->calls : 0;
}
