/*
 * lua_internal.h -- what the runtime's Lua files share (not for the
 * search: it uses lua_script.h).
 */
#ifndef DMC_LUA_INTERNAL_H
#define DMC_LUA_INTERNAL_H

#include <stddef.h>
#include <lua.h>

#define DMC_LUA_BUDGET_DEFAULT 1000000L      /* instructions per call */
#define DMC_LUA_BUDGET_MAX     2000000000L   /* the budget setting's upper bound */
#define DMC_LUA_CHUNK_BUDGET   100000000L    /* for running the script */
#define DMC_LUA_MEM_LIMIT      ((size_t) 256 << 20)

typedef struct dmc_lua_ctx {
	lua_State *L;
	char *file;                   /* the script, as given */
	long budget;                  /* instructions per call */
	size_t mem, mem_limit;        /* bytes the state holds, and its cap */
	int priority_ref;             /* registry: priority function, or LUA_NOREF */
	int beam_ref;                 /* registry: beam width function, or LUA_NOREF */
	int lines_ref;                /* registry: global name -> line assigned */
	int s_ref;                    /* registry: the table given to priority */
	double calls;
} dmc_lua_ctx;

extern dmc_lua_ctx dmc_lua;

/* A sandboxed state (base without file loading, string, table, math,
 * utf8; print goes to stderr) in dmc_lua.L.  0, or -1. */
int dmc_lua_new_state(void);
/* Load and run the script with the chunk budget; record the line of
 * every global it assigns.  0, or -1 with the message. */
int dmc_lua_run_file(const char *file, char *err, size_t errlen);
/* lua_pcall with the per-call instruction budget; on error the message
 * (already "FILE:LINE: ...") is copied to err and popped. */
int dmc_lua_call(int nargs, int nresults, long budget, char *err, size_t errlen);
/* The processor-time bound of one call (lua_watchdog.c): start with the
 * hook to set when a call has run too long, stop when the state is
 * closed; enter/leave around each call (leave: 1 if it ran too long). */
void dmc_lua_watchdog_start(lua_Hook hook);
void dmc_lua_watchdog_stop(void);
void dmc_lua_watchdog_enter(long budget);
int dmc_lua_watchdog_leave(void);
int dmc_lua_watchdog_fired(void);
double dmc_lua_watchdog_seconds(void);

/* The line a global was assigned at (0 if unknown). */
int dmc_lua_line_of(const char *name);

/* Read-only model access on the table at stack index s: s.var, s.proc,
 * s.mtype (lua_model.c).  0, or -1. */
int dmc_lua_model_open(lua_State *L, int s);

/* Settings: apply the script's globals to o (lua_settings.c). */
struct dmc_options;
int dmc_lua_apply_settings(struct dmc_options *o, char *err, size_t errlen);

#endif
