// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * lua_watchdog.c -- a bound on the processor time of one Lua call.
 *
 * The instruction budget (lua_load.c) counts VM instructions, but one
 * library call can run for hours in C without executing any: a string
 * pattern that backtracks (string.find), string.rep("", 2^60),
 * table.move over 2^60 indices.  While a Lua state exists, a timer of
 * processor time ticks every DMC_LUA_TICK_MS; a call that has run for
 * its allowance gets the count hook set to fire at the next instruction
 * (lua_sethook may be called from a signal handler: Lua's own ldebug.c
 * says so), which fails the call with the script's file:line.  If the C
 * function does not return within a further second, the process ends
 * from the handler with write() and _exit() (async-signal-safe), naming
 * the script and the line of the call.
 */
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>
#include <lua.h>
#include "lua_internal.h"

#define DMC_LUA_TICK_MS 100
#define GRACE_TICKS     10            /* a second after the hook is set */

/* File-scope only because the timer's signal handler (on_tick) must reach them. */
static volatile sig_atomic_t in_call; /* a Lua call is running */
static volatile sig_atomic_t ticks;   /* timer ticks during it */
static volatile sig_atomic_t limit;   /* ticks it may take */
static volatile sig_atomic_t fired;   /* the allowance is spent */
static _Atomic(const dmc_lua *) watched;   /* whose state it may stop; NULL: no timer */

static size_t put(char *b, size_t at, size_t cap, const char *s)
{
	while (*s && at + 1 < cap)
		b[at++] = *s++;
	return at;
}

static size_t put_num(char *b, size_t at, size_t cap, long v)
{
	char d[24];
	int n = 0;
	if (v < 0)
		v = 0;
	do
		d[n++] = (char) ('0' + v % 10);
	while ((v /= 10) > 0 && n < 23);
	while (n > 0 && at + 1 < cap)
		b[at++] = d[--n];
	return at;
}

/* The line the script's function is at (level 1: the caller of the C
 * function that does not return).  Read-only walk of a stack that is
 * not changing: the interrupted code has been inside one C function for
 * a second. */
static long current_line(lua_State *L)
{
	lua_Debug ar;
	for (int level = 0; level < 4; level++)
		if (lua_getstack(L, level, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline > 0)
			return ar.currentline;
	return 0;
}

static void on_tick(int sig)
{
	(void) sig;
	const dmc_lua *X = atomic_load(&watched);
	if (!in_call || !X || !X->L)
		return;
	ticks++;
	if (ticks == limit) {
		fired = 1;
		lua_sethook(X->L, dmc_lua_budget_hook, LUA_MASKCOUNT, 1);
	} else if (ticks >= limit + GRACE_TICKS) {
		char b[512];
		size_t n = put(b, 0, sizeof b, "pan: spin-dmc: ");
		n = put(b, n, sizeof b, X->file ? X->file : "the Lua script");
		long line = current_line(X->L);
		if (line > 0) {
			n = put(b, n, sizeof b, ":");
			n = put_num(b, n, sizeof b, line);
		}
		n = put(b, n, sizeof b, ": a library call ran for more than ");
		n = put_num(b, n, sizeof b, (long) (limit - 1) * DMC_LUA_TICK_MS / 1000);
		n = put(b, n, sizeof b, " s of processor time without returning (a backtracking "
		        "string pattern, string.rep, table.move, ...); stopped\n");
		if (write(2, b, n) < 0)
			_exit(2);
		_exit(2);
	}
}

void dmc_lua_watchdog_start(dmc_lua *X)
{
	if (atomic_exchange(&watched, X))
		return;                       /* the timer is set */
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_tick;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGVTALRM, &sa, NULL);
	struct itimerval t = { { 0, DMC_LUA_TICK_MS * 1000 }, { 0, DMC_LUA_TICK_MS * 1000 } };
	setitimer(ITIMER_VIRTUAL, &t, NULL);
}

void dmc_lua_watchdog_stop(const dmc_lua *X)
{
	if (atomic_load(&watched) != X)
		return;
	struct itimerval t;
	memset(&t, 0, sizeof t);
	setitimer(ITIMER_VIRTUAL, &t, NULL);
	signal(SIGVTALRM, SIG_IGN);          /* a tick still on its way is harmless */
	atomic_store(&watched, NULL);
	in_call = 0;
}

void dmc_lua_watchdog_enter(long budget)
{
	/* 1 s plus 20 ns per instruction of the budget: far more than the
	 * instructions themselves take */
	double ms = 1000.0 + (double) budget * 2e-5;
	fired = 0;
	ticks = 0;
	limit = (sig_atomic_t) (ms / DMC_LUA_TICK_MS) + 1;
	in_call = 1;
}

int dmc_lua_watchdog_leave(void)
{
	in_call = 0;
	return fired;
}

int dmc_lua_watchdog_fired(void)
{
	return fired;
}

double dmc_lua_watchdog_seconds(void)
{
	return (double) (limit - 1) * DMC_LUA_TICK_MS / 1000.0;
}
