/*
 * report.c -- print the search results when pan exits.
 *
 * pan ends through exit() both when the search is exhausted and when it
 * stops at an error (wrapup), so an atexit handler sees every ending.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include "report.h"
#include "search.h"
#include "runtime.h"
#include "bridge.h"
#include "lua_script.h"
#include "por.h"
#include "ndfs.h"
#include "faults.h"

static FILE *json_out;

void dmc_report_set_json_stream(FILE *f) { json_out = f; }

/* Steps in a SPIN trail file: lines whose first field is a step number
 * (the -2:... claim and -4:... merge lines are not steps). */
static long trail_steps(const char *name)
{
	FILE *f = fopen(name, "r");
	char line[256];
	long n = 0;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (line[0] != '-' && line[0] >= '0' && line[0] <= '9')
			n++;
	fclose(f);
	return n;
}

/* A lasso's stem and cycle: steps before and after SPIN's -1:-1:-1
 * marker; -1 when the trail has no marker. */
static long trail_cycle(const char *name, long *stem)
{
	FILE *f = fopen(name, "r");
	char line[256];
	long n = 0, cycle = -1;
	*stem = 0;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "-1:-1:-1", 8) == 0) {
			*stem = n;
			cycle = 0;
		} else if (line[0] >= '0' && line[0] <= '9') {
			n++;
			if (cycle >= 0)
				cycle++;
		}
	}
	fclose(f);
	return cycle;
}

/* the nested DFS's statistics (-a, -l) */
static void print_live(FILE *f, int json, long cycle, long stem)
{
	const dmc_live_stats *l = &dmc_live_st;
	const char *mode = dmc_S.opt.cycles == 1 ? "acceptance" : "non-progress";
	if (json) {
		fprintf(f, ", \"liveness\": {\"cycles\": \"%s\", \"guide\": \"%s\""
		        ", \"outer_states\": %.0f, \"outer_expanded\": %.0f"
		        ", \"inner_states\": %.0f, \"inner_expanded\": %.0f"
		        ", \"nested_searches\": %.0f, \"stack_peak\": %.0f, \"pending_peak\": %.0f"
		        ", \"fingerprint_clashes\": %.0f"
		        ", \"por_inner_reduced\": %.0f, \"por_inner_undecided\": %.0f"
		        ", \"por_dropped\": %.0f",
		        mode, dmc_S.opt.guide, l->outer_stored, l->outer_expanded, l->inner_stored,
		        l->inner_expanded, l->seeds, l->stack_peak, l->pending_peak, l->clashes,
		        l->por_inner_reduced, l->por_inner_undecided, l->por_dropped);
		if (cycle >= 0)
			fprintf(f, ", \"stem_length\": %ld, \"cycle_length\": %ld}", stem, cycle);
		else
			fprintf(f, ", \"stem_length\": null, \"cycle_length\": null}");
		return;
	}
	fprintf(f, "\t%-24s%s cycles (%s), guide %s\n", "liveness", mode,
	        dmc_S.opt.cycles == 1 ? "-a" : "-l", dmc_live_guide_note());
	fprintf(f, "\t%-24s%.0f stored, %.0f expanded\n", "outer search states",
	        l->outer_stored, l->outer_expanded);
	fprintf(f, "\t%-24s%.0f stored, %.0f expanded, in %.0f nested searches\n",
	        "inner search states", l->inner_stored, l->inner_expanded, l->seeds);
	fprintf(f, "\t%-24s%.0f states, %.0f successors pending at most\n", "DFS stack peak",
	        l->stack_peak, l->pending_peak);
	if (l->clashes > 0)
		fprintf(f, "\t%-24s%.0f (resolved exactly)\n", "fingerprint clashes", l->clashes);
	if (dmc_por_status(NULL))
		fprintf(f, "\t%-24s%.0f nested expansions replayed the outer search's reduced one, "
		        "%.0f had none recorded\n", "POR in nested search", l->por_inner_reduced,
		        l->por_inner_undecided);
	if (cycle >= 0)
		fprintf(f, "\t%-24s%ld steps after a stem of %ld\n", "cycle", cycle, stem);
}

/* Why pan stopped before its search finished (pan's `done` is 0), with
 * no error found: a signal, a refused allocation, pan's own -Q limit.
 * The only other way pan ends early is its allocator's "out of memory"
 * (Malloc, which then calls wrapup), the default. */
static const char *why_pan_stopped(void)
{
	const char *r;
	if ((r = dmc_faults_interrupted()))
		return r;
	if ((r = dmc_faults_oom()))
		return r;
	double q = dmc_br_pan_quota();
	if (q > 0 && dmc_now_seconds() - dmc_S.t_start >= q - 1)
		return "time limit (pan's -Q)";
	return "out of memory (pan)";
}

static const char *incomplete_reason(void)
{
	if (dmc_S.stopped)
		return dmc_S.stopped;
	if (!dmc_br_search_done()) {
		/* pan stops at its error limit (-c, -e): not a fault */
		if (dmc_br_errors() > 0 && !dmc_faults_interrupted() && !dmc_faults_oom())
			return "";
		return why_pan_stopped();
	}
	if (dmc_S.st.dropped > 0)
		return "beam search dropped states";
	if (dmc_br_depth_truncated())
		return "depth limit (-m / --max-depth)";
	if (dmc_br_lossy_store())
		return "hash compaction (-DHC) may have taken distinct states for one";
	return "";
}

static const char *verdict(void)
{
	if (dmc_br_errors() > 0)
		return "violation";
	return *incomplete_reason() ? "incomplete" : "no-violation";
}

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char) *s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void print_h(FILE *f, int h)
{
	if (h == 0x7fffffff || h < 0)
		fputs(h < 0 ? "null" : "\"inf\"", f);
	else
		fprintf(f, "%d", h);
}

static int cancelled;

void dmc_report_cancel(void) { cancelled = 1; }

/* pan stopped because the state vector reached VECTORSZ: not a
 * violation of the model (pan calls it an error and writes a trail) */
static void vector_too_small(long need)
{
	long n = dmc_br_vectorsz();
	while (n <= need)
		n *= 2;
	unlink(dmc_br_trail_name());
	fprintf(stderr, "pan: spin-dmc: the state vector needs more than the %ld bytes pan was "
	        "compiled for (VECTORSZ): compile pan with -DVECTORSZ=%ld "
	        "(dmc check: --cflags -DVECTORSZ=%ld)\n", dmc_br_vectorsz(), n, n);
	fflush(NULL);
	_exit(2);
}

void dmc_report_on_exit(int status, void *arg)
{
	(void) arg;
	dmc_search_state *S = &dmc_S;
	if (cancelled)                        /* the runtime said why (exit 2, --show-model) */
		return;
	int phase = dmc_br_pan_phase();
	if (phase == DMC_PAN_OPTIONS && status != 0) {
		/* pan's usage(), -m0, ...: it printed why */
		fprintf(stderr, "pan: spin-dmc: pan refused its options (status %d; pan -- lists them)\n",
		        status);
		fflush(NULL);
		_exit(2);
	}
	if (phase != DMC_PAN_SEARCH)
		return;                       /* pan -d, a replay: pan's own ending */
	long need = dmc_br_vector_overflow();
	if (need > 0)
		vector_too_small(need);
	if (dmc_br_errors() == 0 && status != 0 && status != 3) {
		/* pan stopped at an error of its own (a model it cannot
		 * verify, e.g. "has unconditional self-loop"; a trail write) */
		fprintf(stderr, "pan: spin-dmc: pan stopped with an error (status %d), see above\n",
		        status);
		fflush(NULL);
		_exit(2);
	}
	if (!S->started) {
		/* pan stopped before the search began: an error at the
		 * initial state (a claim's guard pan cannot evaluate), or
		 * while setting up (hash table out of memory, a signal) */
		S->started = 1;
		S->heur = dmc_heuristic_find(S->opt.heuristic);
		S->prune_note = "off";
		S->st.h_initial = -1;
		S->t_start = dmc_now_seconds();
	}
	if (!S->heur)
		return;
	if (S->t_end == 0)
		S->t_end = dmc_now_seconds();
	const dmc_stats *st = &S->st;
	const char *v = verdict();
	int found = dmc_br_errors() > 0;
	const char *trail = found ? dmc_br_trail_name() : "";
	long steps = found ? trail_steps(trail) : 0;
	long stem = 0, cycle = found && S->opt.cycles ? trail_cycle(trail, &stem) : -1;
	double secs = S->t_end - S->t_start;
	double pan_mb = dmc_br_pan_memory() / 1048576.0;
	double rt_mb = dmc_runtime_bytes() / 1048576.0;
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	double rss_mb = ru.ru_maxrss / 1024.0;

	printf("\nspin-dmc: search %s", S->opt.search_name);
	if (S->opt.search == DMC_SEARCH_WASTAR)
		printf(" (W=%g)", S->opt.weight);
	if (S->opt.search == DMC_SEARCH_BEAM && S->opt.beam_width_of)
		printf(" (K per layer: the script's schedule)");
	else if (S->opt.search == DMC_SEARCH_BEAM)
		printf(" (K=%zu)", S->opt.beam_width);
	printf(", heuristic %s%s\n", S->heur->name, S->heur->admissible ? " (admissible)" : "");
	printf("\t%-24s", "h(initial state)");
	print_h(stdout, st->h_initial);
	printf("\n\t%-24s%.0f\n", "states expanded", st->expanded);
	printf("\t%-24s%.0f\n", "states generated", st->generated);
	printf("\t%-24s%.0f\n", "states stored", st->stored);
	printf("\t%-24s%.0f\n", "states re-opened", st->reopened);
	printf("\t%-24s%.0f\n", "states pruned (h=inf)", st->pruned);
	if (S->opt.search == DMC_SEARCH_BEAM)
		printf("\t%-24s%.0f\n", "states dropped (beam)", st->dropped);
	printf("\t%-24s%.0f\n", "peak open list", st->open_peak);
	if (st->clashes > 0)
		printf("\t%-24s%.0f (those states are never re-opened)\n", "fingerprint clashes", st->clashes);
	printf("\t%-24s%s\n", "dead-end pruning", S->prune_note);
	const char *por_note;
	int por_on = dmc_por_status(&por_note);
	const dmc_por_stats *ps = dmc_por_get_stats();
	if (por_on)
		printf("\t%-24son (proviso %s): %.0f expansions reduced, %.0f full because of the proviso\n",
		       "partial-order reduction", dmc_por_proviso_name(dmc_por_proviso_kind()),
		       ps->reduced, ps->proviso_full);
	else
		printf("\t%-24s%s\n", "partial-order reduction", por_note);
	if (S->opt.cycles)
		print_live(stdout, 0, cycle, stem);
	double h_us = st->htimed > 0 ? 1e6 * st->hseconds / st->htimed : 0;
	double h_share = secs > 0 ? 100.0 * h_us * 1e-6 * st->hcalls / secs : 0;
	printf("\t%-24s%.0f, %.2f us each, %.1f%% of the search time (1 in 16 timed)\n",
	       "heuristic evaluations", st->hcalls, h_us, h_share > 100 ? 100 : h_share);
	const dmc_hcache_stats *hc = S->heur->cache_stats ? S->heur->cache_stats() : NULL;
	if (hc)
		printf("\t%-24s%s, %zu entries: %.0f hits of %.0f lookups (%.1f%%), %.0f flushes\n",
		       "heuristic cache", hc->mode, hc->entries, hc->hits, hc->lookups,
		       hc->lookups > 0 ? 100.0 * hc->hits / hc->lookups : 0.0, hc->flushes);
	if (S->opt.lua_file)
		printf("\t%-24s%s%s\n", "lua script", S->opt.lua_file,
		       S->opt.combo.active ? "" : " (settings only)");
	if (dmc_lua_calls() > 0)
		printf("\t%-24s%.0f (%.2f us per call)\n", "priority(s) calls", dmc_lua_calls(),
		       dmc_lua_us_per_call());
	printf("\t%-24s%.3f (pan %.3f + runtime %.3f), peak RSS %.1f\n", "memory (MB)",
	       pan_mb + rt_mb, pan_mb, rt_mb, rss_mb);
	printf("\t%-24s%.3f\n", "time (s)", secs);
	if (found)
		printf("\t%-24s%ld steps (%s)\n", "trail", steps, trail);
	printf("\t%-24s%s%s%s\n", "verdict", v, *incomplete_reason() && !found ? ": " : "",
	       found ? "" : incomplete_reason());
	fflush(stdout);

	if (json_out) {
		FILE *f = json_out;
		fprintf(f, "{\"verdict\": ");
		json_string(f, v);
		fprintf(f, ", \"search\": ");
		json_string(f, S->opt.search_name);
		fprintf(f, ", \"heuristic\": ");
		json_string(f, S->heur->name);
		fprintf(f, ", \"admissible\": %s", S->heur->admissible ? "true" : "false");
		fprintf(f, ", \"weight\": %g, \"beam_width\": %zu", S->opt.weight, S->opt.beam_width);
		fprintf(f, ", \"h_initial\": ");
		print_h(f, st->h_initial);
		fprintf(f, ", \"states_stored\": %.0f, \"states_expanded\": %.0f"
		        ", \"states_generated\": %.0f, \"states_reopened\": %.0f"
		        ", \"states_pruned\": %.0f, \"states_dropped\": %.0f"
		        ", \"open_peak\": %.0f, \"trail_length\": %ld"
		        ", \"memory_mb\": %.3f, \"peak_rss_mb\": %.1f, \"time_s\": %.6f",
		        st->stored, st->expanded, st->generated, st->reopened,
		        st->pruned, st->dropped, st->open_peak, found ? steps : 0L,
		        pan_mb + rt_mb, rss_mb, secs);
		fprintf(f, ", \"h_evaluations\": %.0f, \"h_us_per_eval\": %.3f, \"h_time_share\": %.4f",
		        st->hcalls, h_us, h_share > 100 ? 1.0 : h_share / 100);
		fprintf(f, ", \"por\": %s, \"por_proviso\": ", por_on ? "true" : "false");
		json_string(f, por_on ? dmc_por_proviso_name(dmc_por_proviso_kind()) : por_note);
		fprintf(f, ", \"por_reduced\": %.0f, \"por_proviso_full\": %.0f"
		        ", \"por_candidates_failed\": %.0f",
		        ps->reduced, ps->proviso_full, ps->candidates_failed);
		fprintf(f, ", \"hcache\": ");
		if (hc)
			fprintf(f, "{\"mode\": \"%s\", \"entries\": %zu, \"hits\": %.0f, \"lookups\": %.0f"
			        ", \"flushes\": %.0f}", hc->mode, hc->entries, hc->hits, hc->lookups, hc->flushes);
		else
			fputs("null", f);
		fprintf(f, ", \"bytes_per_state\": %.1f",
		        st->stored > 0 ? (dmc_br_pan_memory() - dmc_br_hashtable_bytes()
		                          + dmc_runtime_bytes()) / st->stored : 0.0);
		if (S->opt.lua_file)
			fprintf(f, ", \"lua_calls\": %.0f, \"lua_us_per_call\": %.3f",
			        dmc_lua_calls(), dmc_lua_us_per_call());
		/* processor time of the whole pan process: steadier than time_s
		 * on a loaded machine (tests/bench/lua.sh) */
		fprintf(f, ", \"cpu_s\": %.6f", ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6
		        + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
		if (S->opt.cycles)
			print_live(f, 1, cycle, stem);
		else
			fprintf(f, ", \"liveness\": null");
		fprintf(f, ", \"trail_file\": ");
		if (found)
			json_string(f, trail);
		else
			fputs("null", f);
		fprintf(f, ", \"incomplete_reason\": ");
		json_string(f, incomplete_reason());
		fprintf(f, ", \"model\": ");
		json_string(f, dmc_br_model_file());
		fprintf(f, "}\n");
		fflush(f);
	}
	fflush(NULL);
	_exit(found ? 1 : strcmp(v, "incomplete") == 0 ? 3 : 0);
}
