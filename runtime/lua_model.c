// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * lua_model.c -- the model, read-only, for priority(s): variables and
 * processes by name, through runtime/bridge.h (the accessors `dmc vars`
 * generates from SPIN's symbol table, as the heuristics use them).
 *
 *   s.var.NAME           a global scalar; an array gives a view a with
 *                        a[i] (0-based, as in Promela) and #a
 *   s.proc[PID]          a process (pids 0-based, as in pan): .pid,
 *                        .type (proctype name), .state (control state),
 *                        .line (source line of that state), and its
 *                        local variables by name
 *   s.proc.NAME          the process of proctype NAME with the lowest pid
 *   #s.proc              the number of processes (also s.nprocs)
 *   s.mtype.NAME         an mtype constant
 *   s.len(c)             messages in the channel a chan variable holds
 * Names are resolved through tables built once at start; values are
 * read from the current state at each access.  Writing is an error.
 */
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include "lua_internal.h"
#include "bridge.h"

#define ARRAY_MT "dmc.array"
#define PROC_MT  "dmc.proc"

typedef struct { int var, pid; } array_view;
typedef struct { int pid; } proc_view;

static int read_only(lua_State *L)
{
	return luaL_error(L, "the model is read-only in a Lua script");
}

static long read_var(lua_State *L, int i, int pid, long index)
{
	const dmc_var *vars = dmc_lua_of(L)->vars;
	long v;
	if (dmc_br_var_read(&vars[i], pid, index, &v) < 0) {
		const char *name = "?";
		dmc_var again;
		dmc_br_var_at(i, &name, &again);
		luaL_error(L, "cannot read variable '%s'%s", name, vars[i].local_type >= 0
		           ? " (its process has ended, or the pid now runs another proctype)" : "");
	}
	return v;
}

/* cache[key], made by make() when absent; leaves it on the stack */
static void cached(lua_State *L, lua_Integer key, void (*make)(lua_State *, int, int), int a, int b)
{
	lua_rawgeti(L, LUA_REGISTRYINDEX, dmc_lua_of(L)->cache_ref);
	if (lua_rawgeti(L, -1, key) == LUA_TNIL) {
		lua_pop(L, 1);
		make(L, a, b);
		lua_pushvalue(L, -1);
		lua_rawseti(L, -3, key);
	}
	lua_remove(L, -2);
}

static void make_array(lua_State *L, int var, int pid)
{
	array_view *a = lua_newuserdatauv(L, sizeof *a, 0);
	a->var = var;
	a->pid = pid;
	luaL_setmetatable(L, ARRAY_MT);
}

static void make_proc(lua_State *L, int pid, int unused)
{
	(void) unused;
	proc_view *p = lua_newuserdatauv(L, sizeof *p, 0);
	p->pid = pid;
	luaL_setmetatable(L, PROC_MT);
}

/* the value of var i (in process pid) on the stack */
static void push_var(lua_State *L, int i, int pid)
{
	const dmc_lua *X = dmc_lua_of(L);
	if (X->vars[i].size == 1)
		lua_pushinteger(L, read_var(L, i, pid, 0));
	else
		cached(L, (lua_Integer) (pid + 1) * X->nvars + i + 1000000, make_array, i, pid);
}

static int array_index(lua_State *L)
{
	array_view *a = luaL_checkudata(L, 1, ARRAY_MT);
	const dmc_var *vars = dmc_lua_of(L)->vars;
	int isint;
	lua_Integer k = lua_tointegerx(L, 2, &isint);
	if (!isint)
		return luaL_error(L, "array index must be a whole number");
	if (k < 0 || k >= vars[a->var].size)
		return luaL_error(L, "array index %d out of range 0..%d", (int) k, vars[a->var].size - 1);
	lua_pushinteger(L, read_var(L, a->var, a->pid, (long) k));
	return 1;
}

static int array_len(lua_State *L)
{
	array_view *a = luaL_checkudata(L, 1, ARRAY_MT);
	lua_pushinteger(L, dmc_lua_of(L)->vars[a->var].size);
	return 1;
}

static int var_index(lua_State *L)
{
	const char *name = luaL_checkstring(L, 2);
	lua_rawgeti(L, LUA_REGISTRYINDEX, dmc_lua_of(L)->gnames_ref);
	lua_pushvalue(L, 2);
	if (lua_rawget(L, -2) != LUA_TNUMBER)
		return luaL_error(L, "the model has no global variable '%s'%s", name,
		                  dmc_br_has_vars() ? "" : " (pan was built without variable accessors)");
	push_var(L, (int) lua_tointeger(L, -1), 0);
	return 1;
}

static int proc_of_type(const char *name)
{
	for (int pid = 0; pid < dmc_br_nprocs(); pid++)
		if (strcmp(dmc_br_type_name(dmc_br_proc_type(pid)), name) == 0)
			return pid;
	return -1;
}

static int procs_index(lua_State *L)
{
	int pid, isint;
	lua_Integer k = lua_tointegerx(L, 2, &isint);
	if (isint) {
		if (k < 0 || k >= dmc_br_nprocs())
			return luaL_error(L, "no process with pid %d (there are %d)", (int) k, dmc_br_nprocs());
		pid = (int) k;
	} else if (lua_type(L, 2) == LUA_TSTRING) {
		pid = proc_of_type(lua_tostring(L, 2));
		if (pid < 0) {          /* no instance now: nil, not an error */
			lua_pushnil(L);
			return 1;
		}
	} else
		return luaL_error(L, "s.proc is indexed by a pid or a proctype name");
	cached(L, pid, make_proc, pid, 0);
	return 1;
}

static int procs_len(lua_State *L)
{
	lua_pushinteger(L, dmc_br_nprocs());
	return 1;
}

static int state_line(int type, int state)
{
	dmc_trans tr;
	if (dmc_br_ntrans(type, state) == 0)
		return 0;
	dmc_br_trans(type, state, 0, &tr);
	return tr.line;
}

static int proc_index(lua_State *L)
{
	proc_view *p = luaL_checkudata(L, 1, PROC_MT);
	const char *k = luaL_checkstring(L, 2);
	if (p->pid >= dmc_br_nprocs())
		return luaL_error(L, "process %d has ended", p->pid);
	int type = dmc_br_proc_type(p->pid);
	if (strcmp(k, "pid") == 0)
		lua_pushinteger(L, p->pid);
	else if (strcmp(k, "state") == 0)
		lua_pushinteger(L, dmc_br_proc_state(p->pid));
	else if (strcmp(k, "type") == 0)
		lua_pushstring(L, dmc_br_type_name(type));
	else if (strcmp(k, "line") == 0)
		lua_pushinteger(L, state_line(type, dmc_br_proc_state(p->pid)));
	else {
		lua_rawgeti(L, LUA_REGISTRYINDEX, dmc_lua_of(L)->lnames_ref);
		lua_rawgeti(L, -1, type);
		if (lua_istable(L, -1)) {
			lua_pushvalue(L, 2);
			if (lua_rawget(L, -2) == LUA_TNUMBER) {
				push_var(L, (int) lua_tointeger(L, -1), p->pid);
				return 1;
			}
		}
		return luaL_error(L, "proctype %s has no local variable '%s' (and it is not pid, "
		                  "type, state or line)", dmc_br_type_name(type), k);
	}
	return 1;
}

static int mtype_index(lua_State *L)
{
	const char *name = luaL_checkstring(L, 2);
	long v;
	if (dmc_br_mtype(name, &v) < 0)
		return luaL_error(L, "the model has no mtype constant '%s'", name);
	lua_pushinteger(L, v);
	lua_pushvalue(L, 2);
	lua_pushinteger(L, v);
	lua_rawset(L, 1);             /* constants: cache in the table */
	return 1;
}

static int chan_len(lua_State *L)
{
	int len, cap;
	lua_Integer id = luaL_checkinteger(L, 1);
	if (dmc_br_chan((long) id, &len, &cap) < 0)
		return luaL_error(L, "%d is not a channel", (int) id);
	lua_pushinteger(L, len);
	return 1;
}

/* t = setmetatable({}, { __index = index, __newindex = read_only [, __len = len] }) */
static void view_table(lua_State *L, lua_CFunction index, lua_CFunction len)
{
	lua_newtable(L);
	lua_newtable(L);
	lua_pushcfunction(L, index);
	lua_setfield(L, -2, "__index");
	lua_pushcfunction(L, read_only);
	lua_setfield(L, -2, "__newindex");
	if (len) {
		lua_pushcfunction(L, len);
		lua_setfield(L, -2, "__len");
	}
	lua_setmetatable(L, -2);
}

int dmc_lua_model_open(dmc_lua *X, int s)
{
	lua_State *L = X->L;
	free(X->vars);
	X->nvars = dmc_br_nvars();
	X->vars = calloc((size_t) X->nvars + 1, sizeof *X->vars);
	if (!X->vars)
		return -1;
	dmc_var *vars = X->vars;
	lua_newtable(L);              /* globals */
	lua_newtable(L);              /* locals by proctype */
	for (int i = 0; i < X->nvars; i++) {
		const char *name;
		if (dmc_br_var_at(i, &name, &vars[i]) < 0)
			continue;
		if (vars[i].local_type < 0) {
			lua_pushinteger(L, i);
			lua_setfield(L, -3, name);
		} else {
			if (lua_rawgeti(L, -1, vars[i].local_type) != LUA_TTABLE) {
				lua_pop(L, 1);
				lua_newtable(L);
				lua_pushvalue(L, -1);
				lua_rawseti(L, -3, vars[i].local_type);
			}
			lua_pushinteger(L, i);
			lua_setfield(L, -2, name);
			lua_pop(L, 1);
		}
	}
	X->lnames_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	X->gnames_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lua_newtable(L);
	X->cache_ref = luaL_ref(L, LUA_REGISTRYINDEX);

	static const luaL_Reg array_mt[] = {
		{ "__index", array_index }, { "__len", array_len }, { "__newindex", read_only }, { NULL, NULL }
	};
	static const luaL_Reg proc_mt[] = {
		{ "__index", proc_index }, { "__newindex", read_only }, { NULL, NULL }
	};
	luaL_newmetatable(L, ARRAY_MT);
	luaL_setfuncs(L, array_mt, 0);
	lua_pop(L, 1);
	luaL_newmetatable(L, PROC_MT);
	luaL_setfuncs(L, proc_mt, 0);
	lua_pop(L, 1);

	view_table(L, var_index, NULL);
	lua_setfield(L, s, "var");
	view_table(L, procs_index, procs_len);
	lua_setfield(L, s, "proc");
	view_table(L, mtype_index, NULL);
	lua_setfield(L, s, "mtype");
	lua_pushcfunction(L, chan_len);
	lua_setfield(L, s, "len");
	return 0;
}
