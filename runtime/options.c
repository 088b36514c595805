// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * options.c -- take the runtime's options (options.def) off pan's argv
 * and leave pan's alone.
 */
#include <stdlib.h>
#include <string.h>
#include "options.h"
#include "heuristic.h"
#include "targets.h"
#include "por.h"

int dmc_search_parse(const char *name, dmc_search_kind *out)
{
	int i = dmc_search_index(name);
	if (i < 0)
		return -1;
	*out = (dmc_search_kind) i;
	return 0;
}

/* the defaults options.def declares */
static double default_number(dmc_opt_id id)
{
	return strtod(dmc_opt_table[id].def, NULL);
}

/* -a, -l: one kind of cycle per run */
static int set_cycles(dmc_options *o, int mode, char *err, size_t errlen)
{
	if (o->cycles && o->cycles != mode) {
		/* pan -DNP would search for one kind only: either answer
		 * would leave the other unchecked */
		snprintf(err, errlen, "-a and -l cannot be combined: acceptance cycles (-a) "
		         "and non-progress cycles (-l) are separate runs");
		return -1;
	}
	o->cycles = mode;
	return 0;
}

/* Take option t with value v (NULL for a flag), checked against
 * options.def already. */
static int apply(dmc_options *o, const dmc_opt *t, const char *v, char *err, size_t errlen)
{
	double d = 0;
	if ((t->kind == DMC_OPTK_NUMBER || t->kind == DMC_OPTK_WHOLE)
	    && dmc_opt_number(t, v, &d, err, errlen) < 0)
		return -1;
	switch (t->id) {
	case DMC_OPT_SEARCH:
		o->search_name = v;
		o->given |= DMC_GIVEN_SEARCH;
		break;
	case DMC_OPT_HEURISTIC:
		o->heuristic = v;
		o->given |= DMC_GIVEN_HEURISTIC;
		break;
	case DMC_OPT_LUA:
		o->lua_file = v;
		break;
	case DMC_OPT_INITIAL:
		o->initial = v;
		break;
	case DMC_OPT_PRESET:
		o->preset = v;
		break;
	case DMC_OPT_WEIGHT:
		o->weight = d;
		o->given |= DMC_GIVEN_WEIGHT;
		break;
	case DMC_OPT_BEAM:
		o->beam_width = (size_t) d;
		o->given |= DMC_GIVEN_BEAM;
		break;
	case DMC_OPT_TARGET:
		o->targets = dmc_targets_parse_kinds(v);
		o->given |= DMC_GIVEN_TARGET;
		break;
	case DMC_OPT_RANGE_CHECKS:
		o->range_mode = dmc_targets_range_mode(v);
		break;
	case DMC_OPT_MEMLIM:
		o->memlim_mb = d;
		break;
	case DMC_OPT_MAX_DEPTH:
		o->max_depth = (long) d;
		break;
	case DMC_OPT_TIME_LIMIT:
		o->time_limit = d;
		break;
	case DMC_OPT_POR_PROVISO: {
		dmc_por_proviso p = DMC_POR_C2C;
		dmc_por_proviso_parse(v, &p);
		o->por_proviso = (int) p;
		o->given |= DMC_GIVEN_PROVISO;
		break;
	}
	case DMC_OPT_POR_PLATEAU:
		o->por_plateau = (unsigned) d;
		break;
	case DMC_OPT_GUIDE:
		o->guide = v;
		break;
	case DMC_OPT_H_BUDGET:
		o->h_budget_off = strcmp(v, "off") == 0;
		break;
	case DMC_OPT_COST:
		o->cost_moves = strcmp(v, "moves") == 0;
		break;
	case DMC_OPT_TIE: {
		dmc_tie_kind k = DMC_TIE_DEFAULT;
		dmc_combo_tie_parse(v, &k);
		o->tie = (int) k;
		break;
	}
	case DMC_OPT_JSON:         o->json = 1; break;
	case DMC_OPT_NO_PRUNE:     o->no_prune = 1; break;
	case DMC_OPT_NO_ZONE_INCLUSION: o->no_zone_inclusion = 1; break;
	case DMC_OPT_NO_CHAINS:    o->no_chains = 1; break;
	case DMC_OPT_ANYTIME:      o->anytime = 1; break;
	case DMC_OPT_PREFERRED:    o->preferred = 1; break;
	case DMC_OPT_QUIET:        o->quiet = 1; break;
	case DMC_OPT_PLOT_PROGRESS: o->plot_file = v; break;
	case DMC_OPT_NO_POR:       o->no_por = 1; break;
	case DMC_OPT_POR:          o->por = 1; break;
	case DMC_OPT_SHOW_TARGETS: o->show_targets = 1; break;
	case DMC_OPT_SHOW_MODEL:   o->show_model = 1; break;
	case DMC_OPT_HELP:         o->help = 1; break;
	case DMC_OPT_VERSION:      o->help = 2; break;   /* dmc_rt_main prints it */
	/* pan's liveness options are the runtime's: pan -DBFS has none */
	case DMC_OPT_ACCEPT:       return set_cycles(o, 1, err, errlen);
	case DMC_OPT_NON_PROGRESS: return set_cycles(o, 2, err, errlen);
	case DMC_OPT_FAIR:         o->fair = 1; break;
	default:
		/* a heuristic's own option (its DMC_DESCRIBE block): it reads
		 * the value itself */
		if (t->owned && (t->where & DMC_OPTW_PAN)) {
			o->values.v[t->id] = v ? v : "1";
			break;
		}
		/* dmc check's own: never pan's */
		snprintf(err, errlen, "%s is an option of dmc check, not of pan", t->name);
		return -1;
	}
	return 0;
}

int dmc_options_parse(int *argc, char **argv, const char *default_search,
                      const char *default_heuristic, dmc_options *o,
                      char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	o->weight = default_number(DMC_OPT_WEIGHT);
	o->beam_width = (size_t) default_number(DMC_OPT_BEAM);
	o->por_plateau = (unsigned) default_number(DMC_OPT_POR_PLATEAU);
	o->max_depth = -1;
	o->guide = dmc_opt_table[DMC_OPT_GUIDE].def;
	o->range_mode = dmc_targets_range_mode(dmc_opt_table[DMC_OPT_RANGE_CHECKS].def);
	o->search_name = default_search;
	o->heuristic = default_heuristic;
	dmc_combo_clear(&o->combo);

	int out = 1;
	for (int i = 1; i < *argc; i++) {
		const char *a = argv[i], *v;
		const dmc_opt *t = dmc_opt_lookup(a, DMC_OPTW_PAN, &v);
		if (!t) {
			if (strncmp(a, "--", 2) == 0 && a[2]) {
				snprintf(err, errlen, "unknown option '%s' (see --help)", a);
				return -1;
			}
			argv[out++] = argv[i];      /* pan's */
			continue;
		}
		if (t->kind != DMC_OPTK_FLAG && !v) {
			if (i + 1 >= *argc) {
				snprintf(err, errlen, "%s needs a value (%s)", t->name, t->arg);
				return -1;
			}
			v = argv[++i];
		}
		if (v && dmc_opt_check(t, v, err, errlen) < 0)
			return -1;
		if (apply(o, t, v, err, errlen) < 0)
			return -1;
		o->given_opt[t->id] = 1;
	}
	*argc = out;
	argv[out] = NULL;
	return dmc_options_check(o, err, errlen);
}

/* The fields a preset sets: what to search and how (presets.def uses
 * no other option).  --por and --no-por are one field. */
static const dmc_opt_id preset_fields[] = {
	DMC_OPT_SEARCH, DMC_OPT_HEURISTIC, DMC_OPT_WEIGHT, DMC_OPT_BEAM, DMC_OPT_TIE,
	DMC_OPT_ANYTIME, DMC_OPT_POR, DMC_OPT_NO_POR, DMC_OPT_PREFERRED
};
#define NFIELDS (sizeof preset_fields / sizeof preset_fields[0])

static int is_preset_field(dmc_opt_id id)
{
	for (size_t i = 0; i < NFIELDS; i++)
		if (preset_fields[i] == id)
			return 1;
	return 0;
}

/* whether the command line gave option id's field */
static int field_given(const dmc_options *o, dmc_opt_id id)
{
	if (id == DMC_OPT_POR || id == DMC_OPT_NO_POR)
		return o->given_opt[DMC_OPT_POR] || o->given_opt[DMC_OPT_NO_POR];
	return o->given_opt[id];
}

/* The preset's options as words in o->preset_words; returns how many
 * (at most max), the words in w. */
static int preset_split(dmc_options *o, const dmc_preset *p, const char **w, int max)
{
	int n = 0;
	snprintf(o->preset_words, sizeof o->preset_words, "%s", p->options);
	for (char *s = o->preset_words; *s && n < max;) {
		w[n++] = s;
		s += strcspn(s, " ");
		if (*s)
			*s++ = '\0';
	}
	return n;
}

int dmc_options_apply_preset(dmc_options *o, const char *fallback, int script,
                             char *err, size_t errlen)
{
	const char *name = o->preset;
	if (!name) {
		if (!fallback || !*fallback || script || o->cycles)
			return 0;
		name = fallback;
	}
	const dmc_preset *p = dmc_preset_find(name);
	if (!p) {                     /* a compiled-in name: --preset's was checked */
		snprintf(err, errlen, "unknown preset '%s'", name);
		return -1;
	}
	o->preset = p->name;
	const char *w[32], *v;
	int n = preset_split(o, p, w, 32);
	unsigned given = o->given;
	for (int k = 0; k < n; k++) {
		const dmc_opt *t = dmc_opt_lookup(w[k], DMC_OPTW_PAN, &v);
		if (!t || !is_preset_field(t->id)) {
			snprintf(err, errlen, "preset %s: '%s' is not an option a preset sets", p->name, w[k]);
			return -1;
		}
		if (t->kind != DMC_OPTK_FLAG && !v && k + 1 < n)
			v = w[++k];
		if (t->id == DMC_OPT_SEARCH)
			o->preset_search = v;
		else if (t->id == DMC_OPT_HEURISTIC)
			o->preset_heuristic = v;
		if (field_given(o, t->id))
			continue;
		if ((v && dmc_opt_check(t, v, err, errlen) < 0) || apply(o, t, v, err, errlen) < 0)
			return -1;
	}
	o->given = given;
	return dmc_options_check(o, err, errlen);
}

void dmc_options_preset_overrides(const dmc_options *o, int with_values, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	if (!o->preset)
		return;
	for (size_t i = 0; i < NFIELDS; i++) {
		const dmc_opt *t = &dmc_opt_table[preset_fields[i]];
		if (!o->given_opt[t->id] || used >= n)
			continue;
		const char *v = NULL;
		switch (t->id) {
		case DMC_OPT_SEARCH:    v = o->search_name; break;
		case DMC_OPT_HEURISTIC: v = o->heuristic; break;
		default:                break;
		}
		int k = !with_values ? snprintf(buf + used, n - used, "%s\"%s\"", used ? ", " : "", t->name)
		      : v ? snprintf(buf + used, n - used, "%s%s %s", used ? ", " : "", t->name, v)
		      : snprintf(buf + used, n - used, "%s%s", used ? ", " : "", t->name);
		used += k > 0 ? (size_t) k : 0;
	}
	if (used >= n)                /* cut: no half a name */
		buf[0] = '\0';
}

/* the first admissible heuristic of list (names as heuristics.def
 * spells them), or "none" */
static const char *first_admissible(const char *list)
{
	char name[64];
	int fits;
	for (const char *p = list; p;) {
		p = dmc_heuristic_list_next(p, name, sizeof name, &fits);
		dmc_heuristic_entry_split(name);      /* the term's own tie-breaking goes */
		const dmc_heuristic *h = fits ? dmc_heuristic_find(name) : NULL;
		if (h && h->admissible)
			return h->name;
	}
	return "none";
}

int dmc_options_settle(dmc_options *o, char *err, size_t errlen)
{
	o->preset_note[0] = '\0';
	if (o->por && o->no_por) {
		snprintf(err, errlen, "--por and --no-por ask for opposite things: give one");
		return -1;
	}
	/* the preset's alternation was chosen for the preset's search; with
	 * another (or --anytime, which orders one open list by g + W*h) its
	 * first admissible heuristic keeps what a shorter trail needs */
	if (o->preset_heuristic && o->heuristic == o->preset_heuristic && strchr(o->heuristic, ',')
	    && (o->anytime || (o->preset_search && strcmp(o->search_name, o->preset_search) != 0))) {
		const char *list = o->heuristic;
		o->heuristic = first_admissible(list);
		snprintf(o->preset_note, sizeof o->preset_note,
		         "preset %s's heuristic list %s goes with --search %s%s: its first admissible heuristic, %s",
		         o->preset, list, o->preset_search ? o->preset_search : "?",
		         o->anytime ? " without --anytime" : "", o->heuristic);
		if (dmc_options_check(o, err, errlen) < 0)
			return -1;
	}
	/* partial-order reduction keeps one representative of interleavings,
	 * so the shortest trail of the reduced graph may be longer: off where
	 * the search looks for the shortest trail, unless asked for */
	if (o->no_por)
		o->por_off = "off (--no-por)";
	else if (o->por || o->cycles)
		o->por_off = NULL;
	else if (o->anytime)
		o->por_off = "off (--anytime looks for the shortest trail; --por reduces)";
	else if (dmc_searches[o->search].flags & DMC_SF_SHORTEST) {
		snprintf(o->por_off_note, sizeof o->por_off_note,
		         "off (%s looks for the shortest trail; --por reduces)", dmc_searches[o->search].name);
		o->por_off = o->por_off_note;
	} else
		o->por_off = NULL;
	return 0;
}

int dmc_options_check(dmc_options *o, char *err, size_t errlen)
{
	char names[256];
	if (dmc_search_parse(o->search_name, &o->search) < 0) {
		dmc_opt_join(dmc_search_names, names, sizeof names);
		snprintf(err, errlen, "unknown search '%s' (valid: %s)", o->search_name, names);
		return -1;
	}
	if (dmc_heuristic_list_check(o->heuristic, err, errlen) < 0)
		return -1;
	if (dmc_searches[o->search].weight == DMC_SWEIGHT_ONE)
		o->weight = 1.0;
	if (o->anytime && o->cycles) {
		snprintf(err, errlen, "--anytime shortens the trails of safety errors: "
		         "it cannot be combined with -a or -l");
		return -1;
	}
	if (o->preferred && o->cycles) {
		snprintf(err, errlen, "--preferred orders the search for safety errors: "
		         "it cannot be combined with -a or -l");
		return -1;
	}
	return 0;
}

void dmc_options_usage(FILE *f)
{
	fprintf(f, "spin-dmc runtime options (before or after pan's own):\n");
	dmc_opt_usage(f, DMC_OPTW_PAN);
}
