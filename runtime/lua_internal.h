// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * lua_internal.h -- what the runtime's Lua files share (not for the
 * search: it uses lua_script.h).
 */
#ifndef DMC_LUA_INTERNAL_H
#define DMC_LUA_INTERNAL_H

#include <stddef.h>
#include <lua.h>
#include "lua_script.h"
#include "bridge.h"

#define DMC_LUA_BUDGET_DEFAULT 1000000L      /* instructions per call */
#define DMC_LUA_BUDGET_MAX     2000000000L   /* the budget setting's upper bound */
#define DMC_LUA_CHUNK_BUDGET   100000000L    /* for running the script */
#define DMC_LUA_MEM_LIMIT      ((size_t) 256 << 20)
#define DMC_LUA_MAX_STEPS      64            /* steps of a beam-width schedule */

/* A script's context: its Lua state and everything the binding keeps
 * about it.  The state carries a pointer to it in its extra space
 * (dmc_lua_of), for the C functions Lua calls. */
struct dmc_lua {
	lua_State *L;                 /* NULL once the search needs no Lua */
	char *file;                   /* the script, as given */
	long budget;                  /* instructions per call */
	int exceeded;                 /* the budget ran out in this call */
	size_t mem, mem_limit;        /* bytes the state holds, and its cap */
	int priority_ref;             /* registry: priority function, or LUA_NOREF */
	int beam_ref;                 /* registry: beam width function, or LUA_NOREF */
	int lines_ref;                /* registry: global name -> line assigned */
	int s_ref;                    /* registry: the table given to priority */

	/* priority(s) (lua_priority.c) */
	double calls;
	int nterms;
	const char *term_name[DMC_COMBO_MAX];
	int fn_line;                  /* where priority is defined */
	/* every 16th call is timed: the cost per call without timing them all */
	double timed_seconds, timed_calls;

	/* the model's views (lua_model.c) */
	int nvars;
	dmc_var *vars;
	int gnames_ref;               /* registry: global name -> var index */
	int lnames_ref;               /* registry: proctype -> { local name -> var index } */
	int cache_ref;                /* registry: views made once: arrays, processes */

	/* the beam-width schedule (lua_settings.c): none (the option's one
	 * width), a table's steps, or a function (beam_ref) */
	enum { DMC_LUA_BEAM_FIXED, DMC_LUA_BEAM_STEPS, DMC_LUA_BEAM_FUNCTION } beam_schedule;
	int nsteps;
	long step_depth[DMC_LUA_MAX_STEPS];
	size_t step_width[DMC_LUA_MAX_STEPS], default_width;
	int beam_fn_line;             /* where beam = function ... is defined */
};

/* The context of the state L belongs to. */
static inline dmc_lua *dmc_lua_of(lua_State *L)
{
	return *(dmc_lua **) lua_getextraspace(L);
}

/* A sandboxed state (base without file loading, string, table, math,
 * utf8; print goes to stderr) in X->L.  0, or -1. */
int dmc_lua_new_state(dmc_lua *X);
/* Close X's state (the context stays: the schedule, the counts). */
void dmc_lua_close(dmc_lua *X);
/* Load and run the script with the chunk budget; record the line of
 * every global it assigns.  0, or -1 with the message. */
int dmc_lua_run_file(dmc_lua *X, const char *file, char *err, size_t errlen);
/* lua_pcall with the per-call instruction budget; on error the message
 * (already "FILE:LINE: ...") is copied to err and popped. */
int dmc_lua_call(dmc_lua *X, int nargs, int nresults, long budget, char *err, size_t errlen);
/* The count hook that fails a call that has spent its budget. */
void dmc_lua_budget_hook(lua_State *L, lua_Debug *ar);
/* The processor-time bound of one call (lua_watchdog.c): start when X's
 * state is made, stop before it is closed; enter/leave around each call
 * (leave: 1 if it ran too long).  One context at a time is watched: the
 * last started (the timer is the process's). */
void dmc_lua_watchdog_start(dmc_lua *X);
void dmc_lua_watchdog_stop(const dmc_lua *X);
void dmc_lua_watchdog_enter(long budget);
int dmc_lua_watchdog_leave(void);
int dmc_lua_watchdog_fired(void);
double dmc_lua_watchdog_seconds(void);

/* The line a global was assigned at (0 if unknown). */
int dmc_lua_line_of(dmc_lua *X, const char *name);

/* Read-only model access on the table at stack index s: s.var, s.proc,
 * s.mtype (lua_model.c).  0, or -1. */
int dmc_lua_model_open(dmc_lua *X, int s);

/* Settings: apply the script's globals to o (lua_settings.c). */
int dmc_lua_apply_settings(dmc_lua *X, dmc_options *o, char *err, size_t errlen);

#endif
