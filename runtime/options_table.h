// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * options_table.h -- the option declarations of options.def,
 * searches.def and heuristics.def as tables, with the checks and the
 * help texts every reader shares.  Plain C with no part of pan: the
 * driver links it too (options_table.c), so `dmc check` refuses a bad
 * value before spin or the compiler runs.
 */
#ifndef DMC_OPTIONS_TABLE_H
#define DMC_OPTIONS_TABLE_H

#include <stddef.h>
#include <stdio.h>

/* Upper bounds of --weight and --beam (and of the Lua settings weight,
 * weights and beam): W * h stays far below what the open list's
 * priority packing can hold; a beam wider than this is a BFS. */
#define DMC_WEIGHT_MAX 1e6
#define DMC_BEAM_MAX   1e12

typedef enum {
	DMC_OPTK_FLAG, DMC_OPTK_NUMBER, DMC_OPTK_WHOLE, DMC_OPTK_CHOICE, DMC_OPTK_LIST,
	DMC_OPTK_SEARCH, DMC_OPTK_HEURISTIC, DMC_OPTK_HCACHE, DMC_OPTK_TEXT, DMC_OPTK_PRESET
} dmc_opt_kind;

enum { DMC_OPTW_PAN = 1, DMC_OPTW_DMC = 2 };   /* dmc_opt.where */

typedef enum {
#define DMC_OPT(ID, NAME, KIND, ARG, LO, HI, CHOICES, DEFAULT, WHERE, LUA, HELP) DMC_OPT_##ID,
#include "options.def"
	DMC_OPT_COUNT
} dmc_opt_id;

typedef struct {
	dmc_opt_id id;
	const char *name;
	dmc_opt_kind kind;
	const char *arg;
	double lo, hi;
	const char *choices;          /* "a|b|c" */
	const char *def;              /* "" none or derived */
	int where;                    /* DMC_OPTW_* */
	const char *lua;              /* the Lua setting, or NULL */
	const char *help;
	int owned;                    /* declared in a component's DMC_DESCRIBE block: the
	                               * component reads it (dmc_optv_*), pan's parser and
	                               * the Lua settings keep it in dmc_options.values */
} dmc_opt;

typedef struct {
	const char *name, *value, *help;
} dmc_lua_only_setting;

extern const dmc_opt dmc_opt_table[DMC_OPT_COUNT];       /* indexed by id */
extern const dmc_lua_only_setting dmc_lua_only[];         /* ends with name NULL */
extern const char *const dmc_search_names[];              /* searches.def, NULL-ended */
extern const char *const dmc_search_help[];
extern const char *const dmc_heuristic_names[];           /* heuristics.def, NULL-ended */

/* A search's row of searches.def, for every reader that asks what the
 * search does (rather than which search it is). */
enum { DMC_SOPEN_FIFO, DMC_SOPEN_LIFO, DMC_SOPEN_HEAP, DMC_SOPEN_BEAM };   /* .open */
enum { DMC_SORDER_G, DMC_SORDER_F, DMC_SORDER_H, DMC_SORDER_UT };        /* .order */
enum { DMC_SWEIGHT_NONE, DMC_SWEIGHT_ONE, DMC_SWEIGHT_OPT };             /* .weight */
enum { DMC_SF_SHORTEST = 1, DMC_SF_LEVELS = 2 };                         /* .flags */
typedef struct {
	const char *name, *help;
	int open, reopen, order, weight, flags;
} dmc_search_row;
extern const dmc_search_row dmc_searches[];               /* indexed by dmc_search_kind */

/* What f is for search row s's order ("g", "g + h", "g + W*h", "h"). */
const char *dmc_search_f_text(const dmc_search_row *s);
/* Whether several heuristics may alternate in search s (one open list
 * per heuristic, each a heap by f or h). */
int dmc_search_alternates(const dmc_search_row *s);

typedef struct {
	const char *name, *options, *help;
} dmc_preset;
extern const dmc_preset dmc_presets[];                    /* presets.def, name NULL at the end */
const dmc_preset *dmc_preset_find(const char *name);

/* The values of the options their component reads itself (a heuristic's
 * DMC_DESCRIBE block, runtime/describe.sh): the text as given (a flag's
 * "1"), NULL where not given.  pan's parser fills dmc_options.values. */
typedef struct dmc_optv {
	const char *v[DMC_OPT_COUNT];
	char text[DMC_OPT_COUNT][64];     /* a value set by a Lua script (v points here) */
} dmc_optv;

/* Option id's value in o, or its default (options.def's DEFAULT) when o
 * is NULL or the option was not given; checked against the table by the
 * parser already. */
double dmc_optv_number(const dmc_optv *o, dmc_opt_id id);
int dmc_optv_flag(const dmc_optv *o, dmc_opt_id id);
const char *dmc_optv_text(const dmc_optv *o, dmc_opt_id id);

/* The option argument a names when one of `where` takes it: "NAME" or
 * "NAME=V" (*value then points at V, else NULL).  NULL: no such option. */
const dmc_opt *dmc_opt_lookup(const char *a, int where, const char **value);

/* 0 if v is a valid value of t, else -1 with a one-line message naming
 * the option and the valid values. */
int dmc_opt_check(const dmc_opt *t, const char *v, char *err, size_t errlen);

/* A NUMBER or WHOLE option's value: finite, in range (and whole).  0, or
 * -1 with a message. */
int dmc_opt_number(const dmc_opt *t, const char *v, double *out, char *err, size_t errlen);

/* Index of name in a NULL-ended list (heuristics without regard to
 * case), or -1. */
int dmc_search_index(const char *name);
int dmc_heuristic_index(const char *name);
/* v is one heuristic name, or several comma-separated ones (alternation:
 * at most DMC_COMBO_MAX, none twice): 0, or -1 with a message. */
int dmc_heuristic_list_check(const char *v, char *err, size_t errlen);
/* The name at p of a comma-separated list into name (n bytes; *fits = 0
 * when it was cut); returns the next name's start, or NULL after the last. */
const char *dmc_heuristic_list_next(const char *p, char *name, size_t n, int *fits);
/* An entry "H:T" (T a --tie choice for H's list of an alternation): cuts
 * entry at the colon and returns T, or NULL for a plain "H". */
const char *dmc_heuristic_entry_split(char *entry);

/* What t's value may be ("1..1e+06", "c2c, c2cl, stack", ...; "" for
 * flags and text), for help texts and messages. */
void dmc_opt_values(const dmc_opt *t, char *buf, size_t n);

/* "a, b, c" of a NULL-ended list into buf. */
void dmc_opt_join(const char *const *list, char *buf, size_t n);

/* The options of `where` (a DMC_OPTW_* mask) as help lines, one each,
 * indented by two. */
void dmc_opt_usage(FILE *f, int where);
/* One option's help lines (the same format). */
void dmc_opt_usage_one(FILE *f, const dmc_opt *t);

/* docs/options.md. */
void dmc_opt_markdown(FILE *f);

#endif
