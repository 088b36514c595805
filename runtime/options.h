// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * options.h -- the runtime's command-line options, parsed off pan's argv.
 */
#ifndef DMC_OPTIONS_H
#define DMC_OPTIONS_H

#include <stdio.h>
#include <stddef.h>
#include "combine.h"
#include "options_table.h"

typedef enum {
#define DMC_SEARCH(ID, NAME, OPEN, REOPEN, ORDER, WEIGHT, FLAGS, HELP) DMC_SEARCH_##ID,
#include "searches.def"
} dmc_search_kind;

typedef struct dmc_options {
	dmc_search_kind search;
	const char *search_name;
	const char *heuristic;
	double weight;                /* wastar: f = g + weight * h */
	size_t beam_width;            /* beam: states kept per depth layer */
	int targets;                  /* DMC_TGT_* bits; 0 = derive the default */
	int range_mode;               /* --range-checks: DMC_RANGE_* (dmc_targets.range_mode) */
	int json;                     /* stdout is one JSON object */
	int no_prune;                 /* keep h = infinity states */
	int no_zone_inclusion;        /* --no-zone-inclusion (spin-plugin/glue_zone.c) */
	int h_budget_off;             /* --h-budget off (hbudget.h) */
	int no_chains;                /* --no-chains: store chain states too (chains.c) */
	int cost_moves;               /* --cost moves: g counts moves (cost.c) */
	int no_por;                   /* --no-por: no partial-order reduction (por.h) */
	int por;                      /* --por: reduction even where the trail should be shortest */
	const char *por_off;          /* dmc_options_settle: why reduction is off, or NULL (on) */
	char por_off_note[96];        /* its text when composed */
	int por_proviso;              /* dmc_por_proviso: C2c (default) or C2cl */
	unsigned por_plateau;         /* --por-plateau (por.h's guided reduction) */
	int show_targets;             /* print the targets before searching */
	int show_model;               /* print the abstract model and stop */
	double memlim_mb;             /* 0 = no limit */
	int memlim_auto;              /* memlim_mb is memlim.h's default */
	long max_depth;               /* < 0 = pan's own -m */
	double time_limit;            /* seconds, 0 = none */
	int anytime;                  /* --anytime: improve the trail (anytime.h) */
	int preferred;                /* --preferred: a list of helpful moves' successors */
	int quiet;                    /* --quiet: no progress lines */
	const char *plot_file;        /* --plot-progress FILE.svg, or NULL */
	int help;                     /* 1 --help, 2 --version */
	/* Lua scripts (runtime/lua_*.c) */
	const char *initial;          /* --initial NAME=V, or NULL */
	const char *lua_file;         /* --lua FILE, or -DDMC_LUA at compile time */
	unsigned given;               /* DMC_GIVEN_* bits: set on the command line */
	dmc_combo combo;              /* combined heuristics; combo.active = 0: none */
	/* liveness (runtime/ndfs.c) */
	int cycles;                   /* 0 safety, 1 -a acceptance, 2 -l non-progress */
	int fair;                     /* -f given (weak fairness: refused) */
	const char *guide;            /* --guide: fsm (default), hamming, none */
	int tie;                      /* --tie: a dmc_tie_kind; DMC_TIE_DEFAULT: the search's */
	/* presets (presets.def) */
	const char *preset;           /* --preset, or the default that applied; NULL: none */
	const char *preset_search;    /* the preset's --search, --heuristic, or NULL */
	const char *preset_heuristic;
	unsigned char given_opt[DMC_OPT_COUNT];   /* options given on the command line */
	dmc_optv values;              /* the options a heuristic reads itself (its DMC_DESCRIBE block) */
	char preset_words[256];       /* the preset's options, split (values point here) */
	/* dmc_options_settle: the preset's heuristic list replaced by its first
	 * admissible heuristic, and why ("" when not) */
	char preset_note[200];
} dmc_options;

enum {                                /* dmc_options.given */
	DMC_GIVEN_SEARCH = 1, DMC_GIVEN_HEURISTIC = 2, DMC_GIVEN_WEIGHT = 4,
	DMC_GIVEN_BEAM = 8, DMC_GIVEN_TARGET = 16,
	DMC_GIVEN_PROVISO = 32
};

/* --search's names are dmc_search_names (options_table.h). */
int dmc_search_parse(const char *name, dmc_search_kind *out);

/* Set defaults (compile-time search and heuristic, the rest from
 * options.def), then take every runtime option (options.def's PAN ones)
 * out of argv (argc updated).  Returns 0, or -1 with a
 * one-line message in err. */
int dmc_options_parse(int *argc, char **argv, const char *default_search,
                      const char *default_heuristic, dmc_options *o,
                      char *err, size_t errlen);

/* Apply --preset P, or else preset fallback (dmc check's compiled-in
 * default; NULL or "" for none) unless a liveness search (-a, -l) or a
 * script is asked for (script: a --lua file or a compiled-in one).  Each
 * option given on the command line replaces only its own field of the
 * preset (--por and --no-por are one field); the preset's options fill
 * the rest and do not count as given (a script may still set them).
 * 0, or -1 with a message. */
int dmc_options_apply_preset(dmc_options *o, const char *fallback, int script,
                             char *err, size_t errlen);

/* The fields of the preset in force the command line replaced, as
 * "--search astar, --no-por" into buf (with_values 0: the names only,
 * as a JSON array's strings "\"--search\", \"--no-por\""); "" when none. */
void dmc_options_preset_overrides(const dmc_options *o, int with_values, char *buf, size_t n);

/* After the preset and a script's settings, what follows from them:
 *  - a preset's heuristic list (an alternation: the preset's choice for
 *    its own search) that is still in force with another search, or
 *    with --anytime (one open list), gives way to the list's first
 *    admissible heuristic (o->preset_note says so);
 *  - partial-order reduction (o->por_off): off with --no-por; off by
 *    default where the trail should be shortest (astar, bfs, --anytime;
 *    never for -a, -l) unless --por; on otherwise.
 * 0, or -1 with a message (--por with --no-por). */
int dmc_options_settle(dmc_options *o, char *err, size_t errlen);

/* Check and resolve search and heuristic names (again after a script
 * changed them).  0, or -1 with a message. */
int dmc_options_check(dmc_options *o, char *err, size_t errlen);

void dmc_options_usage(FILE *f);

#endif
