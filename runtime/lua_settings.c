// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * lua_settings.c -- a script's settings become options and a native
 * combination: after this, a declarative script costs nothing per state.
 *
 * Precedence: an option given on the command line wins over the script's
 * setting of the same thing; the script wins over compile-time defaults.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include "lua_internal.h"
#include "lua_script.h"
#include "options.h"
#include "targets.h"

/* The settings: the options' Lua names and the script-only ones, as
 * options.def declares them. */
static const char *setting_name(int i)
{
	for (int k = 0; k < DMC_OPT_COUNT; k++)
		if (dmc_opt_table[k].lua && i-- == 0)
			return dmc_opt_table[k].lua;
	return dmc_lua_only[i].name;          /* NULL after the last */
}

/* "FILE:LINE: NAME: message" for the setting `name` */
static int fail(dmc_lua *X, const char *name, char *err, size_t errlen, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	int line = dmc_lua_line_of(X, name);
	if (line > 0)
		snprintf(err, errlen, "%s:%d: %s: %s", X->file, line, name, msg);
	else
		snprintf(err, errlen, "%s: %s: %s", X->file, name, msg);
	return -1;
}

/* Levenshtein distance, for "did you mean" */
static int distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	int row[32];
	if (n > 30 || m > 30)
		return 99;
	for (size_t j = 0; j <= m; j++)
		row[j] = (int) j;
	for (size_t i = 1; i <= n; i++) {
		int diag = row[0];
		row[0] = (int) i;
		for (size_t j = 1; j <= m; j++) {
			int up = row[j];
			int best = diag + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best) best = row[j] + 1;
			if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[m];
}

/* A global that is not a setting but looks like a misspelt one. */
static int check_typos(dmc_lua *X, char *err, size_t errlen)
{
	lua_State *L = X->L;
	lua_rawgeti(L, LUA_REGISTRYINDEX, X->lines_ref);
	lua_pushnil(L);
	while (lua_next(L, -2)) {
		lua_pop(L, 1);
		const char *name = lua_tostring(L, -1);
		int is_known = 0;
		const char *known;
		for (int i = 0; (known = setting_name(i)); i++)
			is_known |= strcmp(name, known) == 0;
		for (int i = 0; (known = setting_name(i)) && !is_known; i++)
			if (distance(name, known) <= (strlen(known) > 5 ? 2 : 1)) {
				fail(X, name, err, errlen, "not a setting; did you mean '%s'?", known);
				lua_pop(L, 2);
				return -1;
			}
	}
	lua_pop(L, 1);
	return 0;
}

/* The global `name` on the stack; its Lua type (LUA_TNIL when unset). */
static int get(dmc_lua *X, const char *name)
{
	return lua_getglobal(X->L, name);
}

static int get_string(dmc_lua *X, const char *name, const char **out, char *err, size_t errlen)
{
	lua_State *L = X->L;
	int t = get(X, name);
	*out = NULL;
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return 0;
	}
	if (t != LUA_TSTRING) {
		lua_pop(L, 1);
		return fail(X, name, err, errlen, "expected a string, got %s", lua_typename(L, t));
	}
	/* alive while the global holds it; what the options keep after the
	 * state is closed is the registry's own name */
	*out = lua_tostring(L, -1);
	lua_pop(L, 1);
	return 0;
}

/* a boolean setting: *out 1 or 0, untouched when the script does not set it */
static int get_bool(dmc_lua *X, const char *name, int *out, char *err, size_t errlen)
{
	lua_State *L = X->L;
	int t = get(X, name);
	if (t != LUA_TNIL && t != LUA_TBOOLEAN) {
		lua_pop(L, 1);
		return fail(X, name, err, errlen, "expected true or false, got %s", lua_typename(L, t));
	}
	if (t == LUA_TBOOLEAN)
		*out = lua_toboolean(L, -1);
	lua_pop(L, 1);
	return 0;
}

static int get_number(dmc_lua *X, const char *name, double lo, double hi, int whole, int *set, double *out,
                      char *err, size_t errlen)
{
	lua_State *L = X->L;
	int t = get(X, name);
	*set = 0;
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return 0;
	}
	if (t != LUA_TNUMBER) {
		lua_pop(L, 1);
		return fail(X, name, err, errlen, "expected a number, got %s", lua_typename(L, t));
	}
	double v = lua_tonumber(L, -1);
	lua_pop(L, 1);
	/* written so that NaN fails too */
	if (!(v >= lo && v <= hi) || (whole && v != floor(v)))
		return fail(X, name, err, errlen, "expected a %s %g..%g, got %g",
		            whole ? "whole number" : "number", lo, hi, v);
	*set = 1;
	*out = v;
	return 0;
}

/* ---- the beam-width schedule ---- */

/* beam = { [0] = 1000, [20] = 100 }: the width of the last step at or
 * above the layer's depth */
static size_t width_from_table(const dmc_lua *X, int g)
{
	size_t w = X->default_width;
	for (int i = 0; i < X->nsteps && X->step_depth[i] <= g; i++)
		w = X->step_width[i];
	return w;
}

/* beam = function(depth) ... end: called once per new layer */
static size_t width_from_function(dmc_lua *X, int g)
{
	char err[512];
	lua_State *L = X->L;
	lua_rawgeti(L, LUA_REGISTRYINDEX, X->beam_ref);
	lua_pushinteger(L, g);
	if (dmc_lua_call(X, 1, 1, X->budget, err, sizeof err) < 0) {
		fprintf(stderr, "pan: spin-dmc: %s\n", err);
		fflush(NULL);
		_Exit(2);
	}
	int isnum;
	double v = lua_tonumberx(L, -1, &isnum);
	lua_pop(L, 1);
	if (!isnum || !(v >= 1 && v <= DMC_BEAM_MAX) || v != floor(v)) {
		fprintf(stderr, "pan: spin-dmc: %s:%d: beam(%d) returned %s; expected a whole number >= 1\n",
		        X->file, X->beam_fn_line, g,
		        isnum ? "a number out of range" : "a non-number");
		fflush(NULL);
		_Exit(2);
	}
	return (size_t) v;
}

int dmc_lua_has_beam_schedule(const dmc_lua *X)
{
	return X && X->beam_schedule != DMC_LUA_BEAM_FIXED;
}

size_t dmc_lua_beam_width(void *ctx, int g)
{
	dmc_lua *X = ctx;
	return X->beam_schedule == DMC_LUA_BEAM_FUNCTION ? width_from_function(X, g)
	                                                 : width_from_table(X, g);
}

static int cmp_steps(const void *a, const void *b)
{
	long x = *(const long *) a, y = *(const long *) b;
	return (x > y) - (x < y);
}

static int beam_setting(dmc_lua *X, dmc_options *o, char *err, size_t errlen)
{
	lua_State *L = X->L;
	int t = get(X, "beam");
	if (t == LUA_TNIL || (o->given & DMC_GIVEN_BEAM)) {
		lua_pop(L, 1);
		return 0;
	}
	if (t == LUA_TFUNCTION) {
		lua_Debug ar;
		lua_pushvalue(L, -1);
		X->beam_fn_line = lua_getinfo(L, ">S", &ar) ? ar.linedefined : 0;
		X->beam_ref = luaL_ref(L, LUA_REGISTRYINDEX);
		X->beam_schedule = DMC_LUA_BEAM_FUNCTION;
		return 0;
	}
	if (t == LUA_TTABLE) {
		long pairs[2 * DMC_LUA_MAX_STEPS];
		int nsteps = 0;
		lua_pushnil(L);
		while (lua_next(L, -2)) {
			int ik, iv;
			lua_Integer k = lua_tointegerx(L, -2, &ik), v = lua_tointegerx(L, -1, &iv);
			lua_pop(L, 1);
			if (!ik || k < 0 || k > 2000000000 || !iv || v < 1 || (double) v > DMC_BEAM_MAX) {
				lua_pop(L, 2);
				return fail(X, "beam", err, errlen, "a schedule maps depths (whole numbers "
				            "0..2000000000) to widths (whole numbers 1..%g), "
				            "e.g. { [0] = 1000, [20] = 100 }", DMC_BEAM_MAX);
			}
			if (nsteps == DMC_LUA_MAX_STEPS) {
				lua_pop(L, 2);
				return fail(X, "beam", err, errlen, "at most %d steps", DMC_LUA_MAX_STEPS);
			}
			pairs[2 * nsteps] = (long) k;
			pairs[2 * nsteps + 1] = (long) v;
			nsteps++;
		}
		lua_pop(L, 1);
		qsort(pairs, (size_t) nsteps, 2 * sizeof(long), cmp_steps);
		for (int i = 0; i < nsteps; i++) {
			X->step_depth[i] = pairs[2 * i];
			X->step_width[i] = (size_t) pairs[2 * i + 1];
		}
		X->nsteps = nsteps;
		X->default_width = o->beam_width;
		X->beam_schedule = DMC_LUA_BEAM_STEPS;
		if (nsteps > 0 && X->step_depth[0] == 0)
			o->beam_width = X->step_width[0];   /* the report's K: the first layer's */
		return 0;
	}
	lua_pop(L, 1);
	int set;
	double d;
	const dmc_opt *bt = &dmc_opt_table[DMC_OPT_BEAM];
	if (get_number(X, "beam", bt->lo, bt->hi, bt->kind == DMC_OPTK_WHOLE, &set, &d, err, errlen) < 0)
		return -1;
	if (set)
		o->beam_width = (size_t) d;
	return 0;
}

/* ---- the combination ---- */

/* registry order, so `pairs` order does not matter */
static int add_terms_in_order(dmc_combo *c, const double *w, const int *used, char *err, size_t errlen)
{
	const dmc_heuristic *const *all = dmc_heuristic_all();
	for (int i = 0; all[i]; i++)
		if (used[i] && dmc_combo_add(c, all[i]->name, w[i], err, errlen) < 0)
			return -1;
	return 0;
}

static int heuristic_index(const char *name)
{
	const dmc_heuristic *h = dmc_heuristic_find(name), *const *all = dmc_heuristic_all();
	for (int i = 0; h && all[i]; i++)
		if (all[i] == h)
			return i;
	return -1;
}

static int combination(dmc_lua *X, dmc_options *o, int script_heuristic, char *err, size_t errlen)
{
	lua_State *L = X->L;
	double w[64] = { 0 };
	int used[64] = { 0 }, any = 0, nterms = 0;
	dmc_combo *c = &o->combo;
	const char *s;

	dmc_combo_clear(c);
	int t = get(X, "weights");
	if (t == LUA_TTABLE) {
		lua_pushnil(L);
		while (lua_next(L, -2)) {
			if (lua_type(L, -2) != LUA_TSTRING) {
				lua_pop(L, 3);
				return fail(X, "weights", err, errlen, "keys are g and heuristic names");
			}
			const char *k = lua_tostring(L, -2);
			int isnum;
			double v = lua_tonumberx(L, -1, &isnum);
			if (!isnum || !(v >= 0 && v <= DMC_WEIGHT_MAX)) {
				lua_pop(L, 3);
				return fail(X, "weights", err, errlen, "weight of %s: expected a number 0..%g",
				            k, DMC_WEIGHT_MAX);
			}
			if (strcmp(k, "g") == 0)
				c->wg = v;
			else {
				int i = heuristic_index(k);
				if (i < 0) {
					char e[200];
					snprintf(e, sizeof e, "'%s' is neither g nor a heuristic", k);
					lua_pop(L, 3);
					return fail(X, "weights", err, errlen, "%s", e);
				}
				used[i] = 1;
				w[i] = v;
				nterms++;
			}
			lua_pop(L, 1);
		}
		any = 1;
	} else if (t != LUA_TNIL) {
		lua_pop(L, 1);
		return fail(X, "weights", err, errlen, "expected a table such as { g = 1, hU = 2 }");
	}
	lua_pop(L, 1);

	t = get(X, "heuristics");
	if (t == LUA_TTABLE) {
		lua_Integer n = (lua_Integer) lua_rawlen(L, -1);
		for (lua_Integer i = 1; i <= n; i++) {
			lua_rawgeti(L, -1, i);
			const char *name = lua_tostring(L, -1);
			int k = name && lua_type(L, -1) == LUA_TSTRING ? heuristic_index(name) : -1;
			lua_pop(L, 1);
			if (k < 0) {
				lua_pop(L, 1);
				return fail(X, "heuristics", err, errlen, "element %d is not a heuristic name",
				            (int) i);
			}
			if (!used[k]) {
				used[k] = 1;
				w[k] = 1.0;
				nterms++;
			}
		}
		any = 1;
	} else if (t != LUA_TNIL) {
		lua_pop(L, 1);
		return fail(X, "heuristics", err, errlen, "expected a list such as { \"hL\", \"dU\" }");
	}
	lua_pop(L, 1);

	if (get_string(X, "combine", &s, err, errlen) < 0)
		return -1;
	if (s) {
		any = 1;
		if (dmc_combo_kind_parse(s, &c->kind) < 0)
			return fail(X, "combine", err, errlen, "expected \"sum\", \"max\" or \"alt\", got '%s'", s);
	}
	if (get_string(X, "tie", &s, err, errlen) < 0)
		return -1;
	if (s) {
		any = 1;
		if (dmc_combo_tie_parse(s, &c->tie) < 0)
			return fail(X, "tie", err, errlen, "expected \"h\", \"g\", \"deep\", \"fifo\", \"lifo\" or \"random\", got '%s'", s);
	}

	t = get(X, "priority");
	if (t == LUA_TFUNCTION) {
		X->priority_ref = luaL_ref(L, LUA_REGISTRYINDEX);
		any = 1;
	} else {
		lua_pop(L, 1);
		if (t != LUA_TNIL)
			return fail(X, "priority", err, errlen, "expected a function priority(s)");
	}
	if (!any)
		return 0;

	if (nterms > 0 && (o->given & DMC_GIVEN_HEURISTIC))
		return fail(X, dmc_lua_line_of(X, "weights") ? "weights" : "heuristics", err, errlen,
		            "the script names its heuristics; drop --heuristic %s", o->heuristic);
	if (nterms > 0 && script_heuristic)
		return fail(X, "heuristic", err, errlen, "set either heuristic or the heuristics "
		            "in weights/heuristics, not both");
	if (nterms == 0) {          /* e.g. weights = { g = 0.5 }: the one heuristic */
		int k = heuristic_index(o->heuristic);
		if (k < 0)              /* H1,H2: an alternation, not one heuristic */
			return fail(X, dmc_lua_line_of(X, "weights") ? "weights" : "heuristics", err, errlen,
			            "the script weighs one heuristic, but --heuristic %s alternates several; "
			            "choose one", o->heuristic);
		used[k] = 1;
		w[k] = 1.0;
	}
	if (add_terms_in_order(c, w, used, err, errlen) < 0) {
		char why[256];
		snprintf(why, sizeof why, "%s", err);
		return fail(X, dmc_lua_line_of(X, "weights") ? "weights" : "heuristics", err, errlen, "%s", why);
	}
	if (dmc_searches[o->search].order == DMC_SORDER_G) {
		const char *what = X->priority_ref != LUA_NOREF ? "priority" : "weights";
		if (!dmc_lua_line_of(X, what))
			what = dmc_lua_line_of(X, "combine") ? "combine" : "tie";
		return fail(X, what, err, errlen, "search %s takes states in queue order: "
		            "use astar, wastar, greedy or beam", o->search_name);
	}
	c->active = X->priority_ref != LUA_NOREF || !dmc_combo_is_plain(c);
	if (!c->active)             /* exactly the single heuristic */
		o->heuristic = c->h[0]->name;
	return 0;
}

/* The settings of the options a component declares with a Lua name (its
 * DMC_DESCRIBE block): kept as text in o->values, as the command line's
 * are, for the component to read; the command line wins. */
static int owned_settings(dmc_lua *X, dmc_options *o, char *err, size_t errlen)
{
	for (int k = 0; k < DMC_OPT_COUNT; k++) {
		const dmc_opt *t = &dmc_opt_table[k];
		char *buf = o->values.text[k];
		size_t n = sizeof o->values.text[k];
		const char *s;
		int set = 0;
		double d;
		if (!t->owned || !t->lua || o->given_opt[k])
			continue;
		if (t->kind == DMC_OPTK_FLAG) {
			if (get_bool(X, t->lua, &set, err, errlen) < 0)
				return -1;
			if (set)
				o->values.v[k] = "1";
		} else if (t->kind == DMC_OPTK_NUMBER || t->kind == DMC_OPTK_WHOLE) {
			if (get_number(X, t->lua, t->lo, t->hi, t->kind == DMC_OPTK_WHOLE, &set, &d, err,
			               errlen) < 0)
				return -1;
			if (set) {
				snprintf(buf, n, "%.17g", d);
				o->values.v[k] = buf;
			}
		} else {
			char why[256];
			if (get_string(X, t->lua, &s, err, errlen) < 0)
				return -1;
			if (!s)
				continue;
			if (strlen(s) >= n)
				return fail(X, t->lua, err, errlen, "longer than %zu characters", n - 1);
			if (dmc_opt_check(t, s, why, sizeof why) < 0)
				return fail(X, t->lua, err, errlen, "%s", why);
			snprintf(buf, n, "%s", s);
			o->values.v[k] = buf;
		}
	}
	return 0;
}

int dmc_lua_apply_settings(dmc_lua *X, dmc_options *o, char *err, size_t errlen)
{
	const char *s;
	int set, script_heuristic = 0;
	double d;
	if (check_typos(X, err, errlen) < 0)
		return -1;

	if (get_string(X, "search", &s, err, errlen) < 0)
		return -1;
	if (s && !(o->given & DMC_GIVEN_SEARCH)) {
		dmc_search_kind k;
		if (dmc_search_parse(s, &k) < 0) {
			char names[256];
			dmc_opt_join(dmc_search_names, names, sizeof names);
			return fail(X, "search", err, errlen, "unknown search '%s' (valid: %s)", s, names);
		}
		o->search_name = dmc_search_names[k];
		o->search = k;
		if (!(o->given & DMC_GIVEN_WEIGHT))     /* the default; astar sets 1 below */
			o->weight = strtod(dmc_opt_table[DMC_OPT_WEIGHT].def, NULL);
	}
	if (get_string(X, "heuristic", &s, err, errlen) < 0)
		return -1;
	if (s) {
		script_heuristic = 1;
		if (!dmc_heuristic_find(s)) {
			char names[256];
			dmc_opt_join(dmc_heuristic_names, names, sizeof names);
			return fail(X, "heuristic", err, errlen, "unknown heuristic '%s' (valid: %s)", s, names);
		}
		if (!(o->given & DMC_GIVEN_HEURISTIC))
			o->heuristic = dmc_heuristic_find(s)->name;
	}
	const dmc_opt *wt = &dmc_opt_table[DMC_OPT_WEIGHT];
	if (get_number(X, "weight", wt->lo, wt->hi, 0, &set, &d, err, errlen) < 0)
		return -1;
	if (set && !(o->given & DMC_GIVEN_WEIGHT)) {
		o->weight = d;
		/* the script's own contradiction; --search astar simply wins */
		if (dmc_searches[o->search].weight == DMC_SWEIGHT_ONE && !(o->given & DMC_GIVEN_SEARCH))
			return fail(X, "weight", err, errlen, "search %s has weight 1; use search = \"wastar\"",
			            o->search_name);
	}
	if (beam_setting(X, o, err, errlen) < 0)
		return -1;
	if (get_string(X, "target", &s, err, errlen) < 0)
		return -1;
	if (s && !(o->given & DMC_GIVEN_TARGET)) {
		int k = dmc_targets_parse_kinds(s);
		if (k <= 0) {
			char valid[256];
			dmc_opt_values(&dmc_opt_table[DMC_OPT_TARGET], valid, sizeof valid);
			return fail(X, "target", err, errlen, "unknown target '%s' (valid: %s)", s, valid);
		}
		o->targets = k;
	}
	int anytime = o->anytime;
	if (get_bool(X, "anytime", &anytime, err, errlen) < 0)
		return -1;
	o->anytime |= anytime;            /* --anytime on the command line wins */
	if (owned_settings(X, o, err, errlen) < 0)
		return -1;
	if (get_number(X, "budget", 1000, DMC_LUA_BUDGET_MAX, 1, &set, &d, err, errlen) < 0)
		return -1;
	if (set)
		X->budget = (long) d;
	if (combination(X, o, script_heuristic, err, errlen) < 0)
		return -1;
	return dmc_options_check(o, err, errlen);
}
