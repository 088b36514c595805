/*
 * options.c -- parse the runtime's long options and leave pan's alone.
 */
#include <stdlib.h>
#include <string.h>
#include "options.h"
#include "heuristic.h"
#include "targets.h"
#include "por.h"

const char *const dmc_search_names[] = {
	"bfs", "dfs", "astar", "wastar", "greedy", "beam", NULL
};

int dmc_search_parse(const char *name, dmc_search_kind *out)
{
	for (int i = 0; dmc_search_names[i]; i++)
		if (strcmp(name, dmc_search_names[i]) == 0) {
			*out = (dmc_search_kind) i;
			return 0;
		}
	return -1;
}

static void list_searches(char *buf, size_t n)
{
	buf[0] = '\0';
	for (int i = 0; dmc_search_names[i]; i++) {
		strncat(buf, i ? ", " : "", n - strlen(buf) - 1);
		strncat(buf, dmc_search_names[i], n - strlen(buf) - 1);
	}
}

static void list_heuristics(char *buf, size_t n)
{
	const dmc_heuristic *const *all = dmc_heuristic_all();
	buf[0] = '\0';
	for (int i = 0; all[i]; i++) {
		strncat(buf, i ? ", " : "", n - strlen(buf) - 1);
		strncat(buf, all[i]->name, n - strlen(buf) - 1);
	}
}

/* "--name=value" or "--name value": the value, or NULL when absent. */
static const char *value_of(int *i, int argc, char **argv, const char *name)
{
	size_t len = strlen(name);
	const char *a = argv[*i];
	if (strncmp(a, name, len) != 0)
		return NULL;
	if (a[len] == '=')
		return a + len + 1;
	if (a[len] == '\0' && *i + 1 < argc) {
		(*i)++;
		return argv[*i];
	}
	return NULL;
}

/* A number in [lo, hi]: NaN, infinities and anything out of range are
 * refused (a comparison with NaN is false, so the test is written to
 * fail for it). */
static int number(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end != '\0' || !(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

int dmc_options_parse(int *argc, char **argv, const char *default_search,
                      const char *default_heuristic, dmc_options *o,
                      char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	o->weight = 2.0;
	o->beam_width = 100;
	o->max_depth = -1;
	o->guide = "fsm";
	o->search_name = default_search;
	o->heuristic = default_heuristic;
	dmc_combo_clear(&o->combo);

	int out = 1;
	for (int i = 1; i < *argc; i++) {
		const char *a = argv[i], *v;
		double d;
		/* pan's liveness options are the runtime's: pan -DBFS has none */
		if (strcmp(a, "-a") == 0 || strcmp(a, "-l") == 0) {
			int mode = a[1] == 'a' ? 1 : 2;
			if (o->cycles && o->cycles != mode) {
				/* pan -DNP would search for one kind only: either
				 * answer would leave the other unchecked */
				snprintf(err, errlen, "-a and -l cannot be combined: acceptance cycles (-a) "
				         "and non-progress cycles (-l) are separate runs");
				return -1;
			}
			o->cycles = mode;
			continue;
		}
		if (strcmp(a, "-f") == 0) {
			o->fair = 1;
			continue;
		}
		if (strncmp(a, "--", 2) != 0 || strcmp(a, "--") == 0) {
			argv[out++] = argv[i];
			continue;
		}
		if ((v = value_of(&i, *argc, argv, "--search"))) {
			o->search_name = v;
			o->given |= DMC_GIVEN_SEARCH;
		} else if ((v = value_of(&i, *argc, argv, "--heuristic"))) {
			o->heuristic = v;
			o->given |= DMC_GIVEN_HEURISTIC;
		} else if ((v = value_of(&i, *argc, argv, "--lua")))
			o->lua_file = v;
		else if ((v = value_of(&i, *argc, argv, "--weight"))) {
			if (number(v, 1.0, DMC_WEIGHT_MAX, &d) < 0) {
				snprintf(err, errlen, "--weight: expected a number 1..%g, got '%s'",
				         DMC_WEIGHT_MAX, v);
				return -1;
			}
			o->weight = d;
			o->given |= DMC_GIVEN_WEIGHT;
		} else if ((v = value_of(&i, *argc, argv, "--beam"))) {
			if (number(v, 1.0, DMC_BEAM_MAX, &d) < 0 || d != (double) (long long) d) {
				snprintf(err, errlen, "--beam: expected a whole number 1..%g, got '%s'",
				         DMC_BEAM_MAX, v);
				return -1;
			}
			o->beam_width = (size_t) d;
			o->given |= DMC_GIVEN_BEAM;
		} else if ((v = value_of(&i, *argc, argv, "--hcache"))) {
			if (dmc_hcache_parse(v, &dmc_hcache_config, err, errlen) < 0)
				return -1;
		} else if ((v = value_of(&i, *argc, argv, "--target"))) {
			int k = dmc_targets_parse_kinds(v);
			if (k <= 0) {
				snprintf(err, errlen, "--target: unknown target '%s' (valid: assert, claim, deadlock, comma-separated)", v);
				return -1;
			}
			o->targets = k;
			o->given |= DMC_GIVEN_TARGET;
		} else if ((v = value_of(&i, *argc, argv, "--memlim"))) {
			if (number(v, 1.0, 1e12, &d) < 0) {
				snprintf(err, errlen, "--memlim: expected megabytes 1..1e12, got '%s'", v);
				return -1;
			}
			o->memlim_mb = d;
		} else if ((v = value_of(&i, *argc, argv, "--max-depth"))) {
			if (number(v, 1.0, 2e9, &d) < 0) {
				snprintf(err, errlen, "--max-depth: expected a depth 1..2000000000, got '%s'", v);
				return -1;
			}
			o->max_depth = (long) d;
		} else if ((v = value_of(&i, *argc, argv, "--time-limit"))) {
			if (number(v, 0.001, 1e9, &d) < 0) {
				snprintf(err, errlen, "--time-limit: expected seconds 0.001..1e9, got '%s'", v);
				return -1;
			}
			o->time_limit = d;
		} else if ((v = value_of(&i, *argc, argv, "--por-proviso"))) {
			dmc_por_proviso p;
			if (dmc_por_proviso_parse(v, &p) < 0) {
				snprintf(err, errlen, "--por-proviso: expected c2c, c2cl or stack, got '%s'", v);
				return -1;
			}
			o->por_proviso = (int) p;
			o->given |= DMC_GIVEN_PROVISO;
		} else if ((v = value_of(&i, *argc, argv, "--guide"))) {
			if (strcmp(v, "fsm") != 0 && strcmp(v, "hamming") != 0 && strcmp(v, "none") != 0) {
				snprintf(err, errlen, "--guide: expected fsm, hamming or none, got '%s'", v);
				return -1;
			}
			o->guide = v;
		} else if (strcmp(a, "--json") == 0)
			o->json = 1;
		else if (strcmp(a, "--no-prune") == 0)
			o->no_prune = 1;
		else if (strcmp(a, "--no-por") == 0)
			o->no_por = 1;
		else if (strcmp(a, "--show-targets") == 0)
			o->show_targets = 1;
		else if (strcmp(a, "--show-model") == 0)
			o->show_model = 1;
		else if (strcmp(a, "--help") == 0)
			o->help = 1;
		else {
			snprintf(err, errlen, "unknown option '%s' (see --help)", a);
			return -1;
		}
	}
	*argc = out;
	argv[out] = NULL;
	return dmc_options_check(o, err, errlen);
}

int dmc_options_check(dmc_options *o, char *err, size_t errlen)
{
	char names[256];
	if (dmc_search_parse(o->search_name, &o->search) < 0) {
		list_searches(names, sizeof names);
		snprintf(err, errlen, "unknown search '%s' (valid: %s)", o->search_name, names);
		return -1;
	}
	if (!dmc_heuristic_find(o->heuristic)) {
		list_heuristics(names, sizeof names);
		snprintf(err, errlen, "unknown heuristic '%s' (valid: %s)", o->heuristic, names);
		return -1;
	}
	if (o->search == DMC_SEARCH_ASTAR)
		o->weight = 1.0;
	return 0;
}

void dmc_options_usage(FILE *f)
{
	char s[256], h[256];
	list_searches(s, sizeof s);
	list_heuristics(h, sizeof h);
	fprintf(f,
	"spin-dmc runtime options (before or after pan's own):\n"
	"\t--search S       search algorithm: %s\n"
	"\t--heuristic H    heuristic: %s\n"
	"\t--weight W       weighted A*: f = g + W*h (default 2)\n"
	"\t--beam K         beam search: states kept per depth layer (default 100)\n"
	"\t--lua FILE       a Lua script: settings and/or priority(s) (docs/lua.md)\n"
	"\t--target T       what heuristics aim at: assert, claim, deadlock (comma-separated)\n"
	"\t--hcache C       hL/hU value cache: exact (default, 65536 entries), exact:N,\n"
	"\t                 N (seed 000's N-slot table, no collision check) or off\n"
	"\t--show-targets   print the targets derived from the model\n"
	"\t--show-model     print the abstract model hL/hU use, and stop\n"
	"\t--no-prune       keep states whose heuristic value is infinity\n"
	"\t--no-por         no partial-order reduction (it is on when pan is built\n"
	"\t                 without -DNOREDUCE)\n"
	"\t--por-proviso P  c2c (default: some ample successor not yet expanded)\n"
	"\t                 or c2cl (every ample successor not yet expanded; -a and\n"
	"\t                 -l use it) or stack (-a, -l: no ample successor on the\n"
	"\t                 DFS stack)\n"
	"\t--memlim MB      stop cleanly before pan and the runtime use MB megabytes\n"
	"\t--max-depth N    do not expand states deeper than N (pan's -m)\n"
	"\t--time-limit S   stop cleanly after S seconds\n"
	"\t-a               acceptance cycles (never claim, ltl, accept labels): nested DFS\n"
	"\t-l               non-progress cycles (progress labels): nested DFS\n"
	"\t--guide G        nested DFS order: fsm (default), hamming, none (SPIN's order)\n"
	"\t--json           standard output is one JSON object with the results\n"
	"\t--help           this text, then pan's options\n", s, h);
}
