// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * report.c -- print the search results when pan ends.
 *
 * pan's wrapup() ends every search, exhausted or stopped at an error; the
 * glue redirects its pan_exit call to dmc_rt_finish.  pan also leaves
 * through exit() from a few other places (its own errors before or
 * outside wrapup), so an on_exit handler reports those endings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include "report.h"
#include "checked.h"
#include "alternation.h"
#include "progress.h"
#include "search.h"
#include "runtime.h"
#include "bridge.h"
#include "lua_script.h"
#include "por.h"
#include "ndfs.h"
#include "faults.h"
#include "results.h"
#include "version.h"
#include "dist.h"
#include "cost.h"


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
static void live_results(const dmc_run *R, dmc_results *r, long cycle, long stem)
{
	const dmc_live_stats *l = dmc_live_get_stats(R);
	const char *mode = R->opt.cycles == 1 ? "acceptance" : "non-progress";
	dmc_results_text(r, "liveness", "%s cycles (%s), guide %s", mode,
	                 R->opt.cycles == 1 ? "-a" : "-l", dmc_live_guide_note(R));
	dmc_results_text(r, "outer search states", "%.0f stored, %.0f expanded",
	                 l->outer_stored, l->outer_expanded);
	dmc_results_text(r, "inner search states", "%.0f stored, %.0f expanded, in %.0f nested searches",
	                 l->inner_stored, l->inner_expanded, l->seeds);
	dmc_results_text(r, "DFS stack peak", "%.0f states, %.0f successors pending at most",
	                 l->stack_peak, l->pending_peak);
	if (l->clashes > 0)
		dmc_results_text(r, "fingerprint clashes", "%.0f (resolved exactly)", l->clashes);
	if (dmc_por_status(R->por, NULL))
		dmc_results_text(r, "POR in nested search", "%.0f nested expansions replayed the outer "
		                 "search's reduced one, %.0f had none recorded",
		                 l->por_inner_reduced, l->por_inner_undecided);
	if (cycle >= 0)
		dmc_results_text(r, "cycle", "%ld steps after a stem of %ld", cycle, stem);
}

static void live_json(const dmc_run *R, dmc_results *r, long cycle, long stem)
{
	const dmc_live_stats *l = dmc_live_get_stats(R);
	dmc_results_object(r, "liveness");
	dmc_results_str(r, "cycles", NULL, R->opt.cycles == 1 ? "acceptance" : "non-progress");
	dmc_results_str(r, "guide", NULL, R->opt.guide);
	dmc_results_num(r, "outer_states", NULL, "%.0f", l->outer_stored);
	dmc_results_num(r, "outer_expanded", NULL, "%.0f", l->outer_expanded);
	dmc_results_num(r, "inner_states", NULL, "%.0f", l->inner_stored);
	dmc_results_num(r, "inner_expanded", NULL, "%.0f", l->inner_expanded);
	dmc_results_num(r, "nested_searches", NULL, "%.0f", l->seeds);
	dmc_results_num(r, "stack_peak", NULL, "%.0f", l->stack_peak);
	dmc_results_num(r, "pending_peak", NULL, "%.0f", l->pending_peak);
	dmc_results_num(r, "fingerprint_clashes", NULL, "%.0f", l->clashes);
	dmc_results_num(r, "por_inner_reduced", NULL, "%.0f", l->por_inner_reduced);
	dmc_results_num(r, "por_inner_undecided", NULL, "%.0f", l->por_inner_undecided);
	dmc_results_num(r, "por_dropped", NULL, "%.0f", l->por_dropped);
	if (cycle >= 0) {
		dmc_results_num(r, "stem_length", NULL, "%.0f", (double) stem);
		dmc_results_num(r, "cycle_length", NULL, "%.0f", (double) cycle);
	} else {
		dmc_results_null(r, "stem_length");
		dmc_results_null(r, "cycle_length");
	}
	dmc_results_end(r);
}

/* Why pan stopped before its search finished (pan's `done` is 0), with
 * no error found: a signal, a refused allocation, pan's own -Q limit.
 * The only other way pan ends early is its allocator's "out of memory"
 * (Malloc, which then calls wrapup), the default. */
static const char *why_pan_stopped(const dmc_run *R)
{
	const char *r;
	if ((r = dmc_faults_interrupted()))
		return r;
	if ((r = dmc_faults_oom()))
		return r;
	double q = dmc_br_pan_quota();
	if (q > 0 && dmc_now_seconds() - R->t_start >= q - 1)
		return "time limit (pan's -Q)";
	return "out of memory (pan)";
}

/* SPIN's partial search: a store that may take a new state for an old one */
static const char *lossy_reason(void)
{
	return dmc_br_store_kind() == DMC_STORE_BITSTATE
	       ? "bitstate hashing (-DBITSTATE) may have taken new states for visited ones"
	       : "hash compaction (-DHC) may have taken distinct states for one";
}

/* what may have kept a finished search from seeing every state, or NULL */
static const char *states_missed(const dmc_run *R)
{
	if (R->st.dropped > 0)
		return "beam search dropped states";
	if (dmc_br_depth_truncated())
		return "depth limit (-m / --max-depth)";
	if (dmc_br_lossy_store())
		return lossy_reason();
	return NULL;
}

static const char *incomplete_reason(const dmc_run *R)
{
	if (R->stopped)
		return R->stopped;
	if (!dmc_br_search_done()) {
		/* pan stops at its error limit (-c, -e): not a fault */
		if (dmc_br_errors() > 0 && !dmc_faults_interrupted() && !dmc_faults_oom())
			return "";
		return why_pan_stopped(R);
	}
	const char *missed = states_missed(R);
	return missed ? missed : "";
}

const char *dmc_report_anytime_unproven(const dmc_run *R)
{
	if (R->any.best == 0)
		return "no trail was found";
	if (R->stopped)
		return R->stopped;
	if (!R->any.exhausted)
		return "the search did not finish";
	if (dmc_por_status(R->por, NULL))
		return "partial-order reduction was on (--por)";
	if (R->st.clashes > 0)
		return "fingerprint clashes kept states from being re-opened";
	return states_missed(R);
}

/* Why the trail found may not be a shortest one, or NULL when it is
 * guaranteed: first the search's order, then what may hide a shorter
 * trail from it.  buf holds a composed reason. */
static const char *not_shortest(const dmc_run *R, char *buf, size_t n)
{
	const dmc_options *o = &R->opt;
	if (o->cycles)
		return "the nested depth-first search (-a, -l) looks for a cycle, not for the shortest trail";
	if (R->any.on)
		return dmc_report_anytime_unproven(R);
	const dmc_search_row *row = &dmc_searches[o->search];
	if (row->order == DMC_SORDER_F) {
		if (row->weight == DMC_SWEIGHT_OPT && o->weight > 1) {
			snprintf(buf, n, "weighted A* (W=%g) may trade length for speed", o->weight);
			return buf;
		}
		/* W = 1 is A*: */
		if (R->pref)
			return "--preferred expands helpful moves' successors out of A*'s order";
		if (o->combo.active && o->combo.kind == DMC_COMB_ALT)
			return "an alternation of heuristics expands states out of A*'s order";
		if (!dmc_heuristic_admissible(R->heur, &R->targets)) {
			snprintf(buf, n, "the heuristic %s is not admissible", R->heur->name);
			return buf;
		}
		if (!dmc_cost_h_admissible(R)) {
			snprintf(buf, n, "g counts moves (--cost moves) and the heuristic %s bounds pan steps, "
			         "not moves", R->heur->name);
			return buf;
		}
		const dmc_hcache_stats *hc = dmc_heuristic_cache_stats(R->heur, R->hinst);
		if (hc && strcmp(hc->mode, "hashed") == 0)
			return "--hcache N: a value cache without collision check may give a state another's h";
	} else if (!(row->flags & DMC_SF_SHORTEST)) {
		snprintf(buf, n, "%s search does not look for the shortest trail", o->search_name);
		return buf;
	}
	if (dmc_por_status(R->por, NULL))
		return "partial-order reduction (--por): the reduced graph's shortest trail may be longer";
	if (R->reopen_off)
		return "bitstate store: states reached again by a shorter path are not re-opened";
	if (R->st.clashes > 0)
		return "fingerprint clashes kept states from being re-opened";
	if (dmc_br_lossy_store())
		return lossy_reason();
	if (R->nranks > 1)
		return "a distributed search without --anytime's bound";
	return NULL;
}

/* --ranks: each rank's share of the search (dist.h), a text line for
 * each of the first RANK_LINES ranks and a JSON array of all; the
 * array's text (returned, to be freed after the results are written) */
#define RANK_LINES 16
static char *rank_results(const dmc_run *R, dmc_results *r)
{
	if (!R->ranks)
		return NULL;
	size_t cap = 512 * (size_t) R->nranks + 16, n = 0;   /* a rank's object is < 400 bytes */
	char *json = malloc(cap);
	if (!json)
		return NULL;
	json[n++] = '[';
	for (int i = 0; i < R->nranks; i++) {
		const dmc_dist_rank_stats *k = &R->ranks[i];
		if (i < RANK_LINES)
			dmc_results_text(r, "rank", "%d: %.0f stored, %.0f expanded, %.0f records sent (%.1f MB), "
			                 "peak RSS %.1f MB, CPU %.2f s, idle %.2f s, at the level gate %.2f s", i,
			                 k->stored, k->expanded, k->records, k->bytes / 1048576.0, k->peak_rss_mb,
			                 k->cpu_s, k->idle_s, k->gate_s);
		if (n + 400 > cap)
			break;
		n += (size_t) snprintf(json + n, cap - n, "%s{\"rank\": %d, \"states_stored\": %.0f, "
		                       "\"states_expanded\": %.0f, \"states_generated\": %.0f, \"records_sent\": %.0f, "
		                       "\"batches_sent\": %.0f, \"bytes_sent\": %.0f, \"memory_mb\": %.3f, "
		                       "\"peak_rss_mb\": %.1f, \"cpu_s\": %.6f, \"idle_s\": %.6f, \"gate_s\": %.6f}",
		                       i ? ", " : "", i, k->stored, k->expanded, k->generated, k->records, k->batches,
		                       k->bytes, k->memory_mb, k->peak_rss_mb, k->cpu_s, k->idle_s, k->gate_s);
	}
	if (R->nranks > RANK_LINES)
		dmc_results_text(r, "rank", "... %d more (the JSON's ranks has every rank)", R->nranks - RANK_LINES);
	snprintf(json + n, cap - n, "]");
	dmc_results_raw_ref(r, "ranks", json);
	return json;
}

/* What the heuristic aimed at: the target kinds, the goals, and the
 * range checks among them (fallback goals with --range-checks fallback
 * and a heuristic that honours it) */
static void report_targets(dmc_results *r, const dmc_run *R)
{
	const dmc_targets *t = &R->targets;
	char kinds[32];
	int fallback = dmc_heuristic_range_fallback(R->heur, t);
	dmc_targets_kinds_name(t->kinds, kinds, sizeof kinds);
	dmc_results_text(r, "targets", "%s: %d goal%s%s, %d range check%s%s", kinds[0] ? kinds : "none",
	                 t->ngoals, t->ngoals == 1 ? "" : "s", t->deadlock ? " + invalid end states" : "",
	                 t->nrange_checks, t->nrange_checks == 1 ? "" : "s",
	                 fallback ? " (fallback goals)" : "");
	dmc_results_object(r, "targets");
	dmc_results_str(r, "kinds", NULL, kinds);
	dmc_results_num(r, "goals", NULL, "%.0f", (double) t->ngoals);
	dmc_results_bool(r, "invalid_end_states", t->deadlock);
	dmc_results_num(r, "range_checks", NULL, "%.0f", (double) t->nrange_checks);
	dmc_results_bool(r, "range_fallback", fallback);
	dmc_results_end(r);
}

/* whether some proctype (the claim when claim) has a state with label */
static int model_has_label(int label, int claim)
{
	for (int t = 0; t < dmc_br_ntypes(); t++)
		if (dmc_br_is_claim(t) == claim)
			for (int s = 0; s < dmc_br_nstates(t); s++)
				if (dmc_br_labels(t, s) & label)
					return 1;
	return 0;
}

/* What this run searched for and what it did not, so that "no
 * violation" is never read as covering a property that was not looked
 * at: pan's own "Full statespace search for" block, with the reason for
 * each property left out (and how to check it) where the model has what
 * it needs. */
static void report_checked(dmc_results *r, const dmc_run *R)
{
	int claim = dmc_br_claim_type();
	dmc_checked c = {
		.asserts = dmc_br_checks_asserts(),
		.ends = !R->opt.cycles && dmc_br_checks_deadlocks(),
		.acc = R->opt.cycles == 1, .np = R->opt.cycles == 2, .cycles = R->opt.cycles != 0,
		.claim = claim >= 0 ? dmc_br_type_name(claim) : NULL,
		.acc_labels = model_has_label(DMC_LBL_ACCEPT, 0) || model_has_label(DMC_LBL_ACCEPT, 1),
		.prog_labels = model_has_label(DMC_LBL_PROGRESS, 0),
	};
	char yes[256], no[512];
	dmc_checked_words(&c, yes, sizeof yes, no, sizeof no);
	dmc_results_text(r, "checked", "%s", yes);
	dmc_results_text(r, "not checked", "%s", no[0] ? no : "nothing");
	dmc_results_object(r, "checked");
	dmc_results_bool(r, "assertions", c.asserts);
	dmc_results_bool(r, "invalid_end_states", c.ends);
	dmc_results_bool(r, "acceptance_cycles", c.acc);
	dmc_results_bool(r, "non_progress_cycles", c.np);
	if (c.claim)
		dmc_results_str(r, "claim", NULL, c.claim);
	else
		dmc_results_null(r, "claim");
	dmc_results_bool(r, "accept_labels", c.acc_labels);
	dmc_results_bool(r, "progress_labels", c.prog_labels);
	dmc_results_str(r, "not_checked", NULL, no);
	dmc_results_end(r);
}

/* The results members the heuristics declare (their DMC_DESCRIBE
 * blocks), in registration order: the running heuristic's own, null for
 * the others' (the JSON object has every member every time). */
static void heuristic_results(const dmc_run *R, dmc_results *r)
{
	static const char *const members[] = {
#define DMC_RESULT(ID, NAME, HELP) NAME,
#include "heuristic_desc.def"
#undef DMC_RESULT
		NULL
	};
	for (int i = 0; members[i]; i++)
		if (!(R->heur->results && R->hinst && R->heur->results(R->hinst, members[i], r)))
			dmc_results_null(r, members[i]);
}

/* The results members the searches' files declare (their DMC_DESCRIBE
 * blocks: runtime/describe.sh): each file's dmc_search_result_ID writes
 * its member when its search ran, else the member is null. */
#define DMC_RESULT(ID, NAME, HELP) int dmc_search_result_##ID(const dmc_run *R, dmc_results *r);
#include "search_desc.def"
#undef DMC_RESULT

static void search_results(const dmc_run *R, dmc_results *r)
{
#define DMC_RESULT(ID, NAME, HELP) \
	if (!dmc_search_result_##ID(R, r)) \
		dmc_results_null(r, NAME);
#include "search_desc.def"
#undef DMC_RESULT
}

/* --anytime's improvements and whether the last trail is proven shortest */
static void anytime_results(const dmc_run *R, dmc_results *r)
{
	char json[DMC_ANYTIME_KEEP * 96];
	if (!R->any.on) {
		dmc_results_null(r, "anytime");
		return;
	}
	const char *gap = dmc_report_anytime_unproven(R);
	if (R->any.best > 0)
		dmc_results_text(r, "anytime", "%zu trail(s), the last %ld steps: %s%s", R->any.n,
		                 R->any.best, gap ? "not proven shortest: " : "proven shortest",
		                 gap ? gap : "");
	else
		dmc_results_text(r, "anytime", "no trail to improve");
	dmc_anytime_json(&R->any, json, sizeof json);
	dmc_results_object(r, "anytime");
	dmc_results_raw(r, "improvements", json);
	dmc_results_bool(r, "proven_shortest", !gap);
	if (gap)
		dmc_results_str(r, "not_proven", NULL, gap);
	else
		dmc_results_null(r, "not_proven");
	dmc_results_end(r);
}

/* SPIN's store (-DCOLLAPSE, -DHC, -DBITSTATE): its fixed table (hash
 * table or bit array), what it keeps per stored state, and re-opening
 * turned off by a bit array */
static void store_results(const dmc_run *R, dmc_results *r)
{
	double n = dmc_br_pan_nstates(), table = dmc_br_hashtable_bytes();
	double entries = dmc_br_store_bytes() - table;
	double per = n > 0 ? entries / n : 0.0;
	int bits = dmc_br_store_kind() == DMC_STORE_BITSTATE;
	if (bits)
		dmc_results_text(r, "store", "bitstate, bit array %.1f MB (%.1f bits per stored state)%s",
		                 table / 1048576.0, n > 0 ? 8 * table / n : 0.0,
		                 R->reopen_off ? "; no re-opening: the trail may not be shortest" : "");
	else
		dmc_results_text(r, "store", "%s, %.1f bytes per stored state, hash table %.1f MB",
		                 dmc_br_store_name(), per, table / 1048576.0);
	dmc_results_object(r, "store");
	dmc_results_str(r, "kind", NULL, dmc_br_store_name());
	dmc_results_bool(r, "lossy", dmc_br_lossy_store());
	dmc_results_num(r, "table_bytes", NULL, "%.0f", table);
	dmc_results_num(r, "entry_bytes", NULL, "%.0f", entries);
	dmc_results_num(r, "bytes_per_state", NULL, "%.1f", per);
	dmc_results_bool(r, "reopen_off", R->reopen_off);
	dmc_results_end(r);
}

static const char *verdict(const dmc_run *R)
{
	if (dmc_br_errors() > 0)
		return "violation";
	return *incomplete_reason(R) ? "incomplete" : "no-violation";
}

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

int dmc_report(dmc_run *R, int status)
{
	if (!R || R->cancelled || R->reported)         /* the runtime said why (exit 2, --show-model) */
		return status;
	int phase = dmc_br_pan_phase();
	if (phase == DMC_PAN_OPTIONS && status != 0) {
		/* pan's usage(), -m0, ...: it printed why */
		fprintf(stderr, "pan: spin-dmc: pan refused its options (status %d; pan -- lists them)\n",
		        status);
		fflush(NULL);
		_exit(2);
	}
	if (phase != DMC_PAN_SEARCH)
		return status;                /* pan -d, a replay: pan's own ending */
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
	if (!R->started) {
		/* pan stopped before the search began: an error at the
		 * initial state (a claim's guard pan cannot evaluate), or
		 * while setting up (hash table out of memory, a signal) */
		R->started = 1;
		R->heur = R->opt.combo.active ? dmc_combo_finish(&R->opt.combo)
		        : dmc_heuristic_find(R->opt.heuristic);
		R->prune_note = "off";
		R->st.h_initial = -1;
		R->t_start = dmc_now_seconds();
	}
	if (!R->heur)                 /* (a run that never set up: pan's own report stands) */
		return status;
	if (R->t_end == 0)
		R->t_end = dmc_now_seconds();
	dmc_progress_finish(R);
	const dmc_stats *st = &R->st;
	const char *v = verdict(R);
	int found = dmc_br_errors() > 0;
	const char *trail = found ? dmc_br_trail_name() : "";
	long steps = found ? trail_steps(trail) : 0;
	long stem = 0, cycle = found && R->opt.cycles ? trail_cycle(trail, &stem) : -1;
	double secs = R->t_end - R->t_start;
	double pan_mb = dmc_br_pan_memory() / 1048576.0;
	double rt_mb = dmc_runtime_bytes(R) / 1048576.0;
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	double rss_mb = ru.ru_maxrss / 1024.0;

	dmc_results *r = malloc(sizeof *r);
	if (!r) {
		fprintf(stderr, "pan: spin-dmc: out of memory writing the results\n");
		fflush(NULL);
		_exit(2);
	}
	dmc_results_init(r);
	char wnote[64] = "";
	const dmc_search_row *row = &dmc_searches[R->opt.search];
	if (row->weight == DMC_SWEIGHT_OPT)
		snprintf(wnote, sizeof wnote, " (W=%g)", R->opt.weight);
	else if (row->open == DMC_SOPEN_BEAM && dmc_lua_has_beam_schedule(R->lua))
		snprintf(wnote, sizeof wnote, " (K per layer: the script's schedule)");
	else if (row->open == DMC_SOPEN_BEAM)
		snprintf(wnote, sizeof wnote, " (K=%zu)", R->opt.beam_width);
	char pnote[400] = "", given[300], given_json[300];
	dmc_options_preset_overrides(&R->opt, 1, given, sizeof given);
	dmc_options_preset_overrides(&R->opt, 0, given_json, sizeof given_json);
	if (R->opt.preset)
		snprintf(pnote, sizeof pnote, " (preset %s%s%s)", R->opt.preset, *given ? ", " : "", given);
	dmc_results_title(r, "spin-dmc: search %s%s, heuristic %s%s%s", R->opt.search_name, wnote,
	                  R->heur->name, dmc_heuristic_admissible(R->heur, &R->targets) ? " (admissible)" : "", pnote);
	const char *por_note;
	int por_on = dmc_por_status(R->por, &por_note);
	const dmc_por_stats *ps = dmc_por_get_stats(R->por);
	double h_us = st->htimed > 0 ? 1e6 * st->hseconds / st->htimed : 0;

	double h_share = secs > 0 ? 100.0 * h_us * 1e-6 * st->hcalls / secs : 0;
	const dmc_hcache_stats *hc = dmc_heuristic_cache_stats(R->heur, R->hinst);
	double cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6
	           + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	/* The heuristic's CPU time per evaluation: its wall-clock time times
	 * the share of the run's wall-clock time the process had a core for
	 * (other jobs take the core away at random moments, in and out of the
	 * heuristic alike).  Reading a CPU clock around each timed evaluation
	 * instead is a system call that costs as much as a cheap evaluation
	 * and slows the evaluation after it (measured: 1.3-1.5x). */
	double h_cpu_us = h_us * (secs > 0 && cpu < secs ? cpu / secs : 1);

	dmc_results_num(r, "schema_version", NULL, "%.0f", DMC_JSON_SCHEMA);
	dmc_results_str(r, "version", NULL, dmc_version);
	dmc_results_str(r, "verdict", NULL, v);
	dmc_results_str(r, "search", NULL, R->opt.search_name);
	dmc_results_str(r, "heuristic", NULL, R->heur->name);
	if (R->opt.preset) {
		char arr[320];
		dmc_results_str(r, "preset", NULL, R->opt.preset);
		snprintf(arr, sizeof arr, "[%s]", given_json);
		dmc_results_raw(r, "preset_overrides", arr);
	} else {
		dmc_results_null(r, "preset");
		dmc_results_null(r, "preset_overrides");
	}
	if (R->opt.preset_note[0]) {
		dmc_results_text(r, "preset", "%s", R->opt.preset_note);
		dmc_results_str(r, "preset_note", NULL, R->opt.preset_note);
	} else
		dmc_results_null(r, "preset_note");
	if (R->heur_note[0])
		dmc_results_str(r, "heuristic_note", "heuristic", R->heur_note);
	else
		dmc_results_null(r, "heuristic_note");
	dmc_results_bool(r, "admissible", dmc_heuristic_admissible(R->heur, &R->targets));
	report_targets(r, R);
	report_checked(r, R);
	dmc_results_num(r, "weight", NULL, "%g", R->opt.weight);
	dmc_results_num(r, "beam_width", NULL, "%.0f", (double) R->opt.beam_width);
	dmc_results_h(r, "h_initial", "h(initial state)", st->h_initial);
	dmc_results_num(r, "states_stored", NULL, "%.0f", st->stored);
	dmc_results_num(r, "states_expanded", "states expanded", "%.0f", st->expanded);
	dmc_results_num(r, "states_generated", "states generated", "%.0f", st->generated);
	dmc_results_num(r, NULL, "states stored", "%.0f", st->stored);
	dmc_results_num(r, "states_reopened", "states re-opened", "%.0f", st->reopened);
	dmc_results_num(r, "states_pruned", R->any.on ? "states pruned (bound)"
	                : "states pruned (h=inf)", "%.0f", st->pruned);
	dmc_results_num(r, "states_dropped", row->open == DMC_SOPEN_BEAM ? "states dropped (beam)" : NULL,
	                "%.0f", st->dropped);
	dmc_results_num(r, "open_peak", "peak open list", "%.0f", st->open_peak);
	double covered;
	if (dmc_br_zone_inclusion(&covered)) {
		dmc_results_text(r, "zone inclusion", "%.0f new states inside a stored zone (not stored), "
		                 "%.0f queued states inside a later one (not expanded)", covered, st->subsumed);
		dmc_results_object(r, "zone_inclusion");
		dmc_results_num(r, "covered", NULL, "%.0f", covered);
		dmc_results_num(r, "subsumed", NULL, "%.0f", st->subsumed);
		dmc_results_end(r);
	} else
		dmc_results_null(r, "zone_inclusion");
	if (st->clashes > 0)
		dmc_results_text(r, "fingerprint clashes", "%.0f (those states are never re-opened)",
		                 st->clashes);
	dmc_results_text(r, "dead-end pruning", "%s", R->prune_note);
	dmc_results_num(r, "trail_length", NULL, "%.0f", found ? (double) steps : 0.0);
	dmc_results_num(r, "memory_mb", NULL, "%.3f", pan_mb + rt_mb);
	dmc_results_num(r, "memlim_mb", NULL, "%.0f", R->opt.memlim_mb);
	dmc_results_num(r, "peak_rss_mb", NULL, "%.1f", rss_mb);
	dmc_results_num(r, "time_s", NULL, "%.6f", secs);
	if (por_on) {
		char guided[80] = "";
		unsigned b = dmc_por_plateau_budget(R->por);
		if (dmc_por_guided(R->por) && b != R->opt.por_plateau)
			snprintf(guided, sizeof guided, ", guided, plateau budget %u grown to %u",
			         R->opt.por_plateau, b);
		else if (dmc_por_guided(R->por))
			snprintf(guided, sizeof guided, ", guided, plateau budget %u", b);
		dmc_results_text(r, "partial-order reduction", "on (proviso %s%s): %.0f expansions reduced, "
		                 "%.0f full because of the proviso",
		                 dmc_por_proviso_name(dmc_por_proviso_kind(R->por)), guided, ps->reduced,
		                 ps->proviso_full);
	} else
		dmc_results_text(r, "partial-order reduction", "%s", por_note);
	if (R->opt.cycles)
		live_results(R, r, cycle, stem);
	dmc_results_text(r, "heuristic evaluations", "%.0f, %.2f us each (%.2f us CPU), %.1f%% of the "
	                 "search time (1 in 16 timed)", st->hcalls, h_us, h_cpu_us,
	                 h_share > 100 ? 100 : h_share);
	dmc_results_num(r, "h_evaluations", NULL, "%.0f", st->hcalls);
	dmc_results_num(r, "h_us_per_eval", NULL, "%.3f", h_us);
	dmc_results_num(r, "h_cpu_us_per_eval", NULL, "%.3f", h_cpu_us);
	dmc_results_num(r, "h_time_share", NULL, "%.4f", h_share > 100 ? 1.0 : h_share / 100);
	{
		char text[600], json[900];
		dmc_hbudget_text(&R->hb, text, sizeof text);
		dmc_hbudget_json(&R->hb, json, sizeof json);
		dmc_results_text(r, "heuristic budget", "%s", text);
		dmc_results_raw(r, "h_budget", json);
	}
	search_results(R, r);
	if (R->pref) {
		double pops = R->alt ? dmc_alt_pops(R->alt, R->alt_lists - 1) : 0;
		dmc_results_text(r, "preferred", "%.0f successors made by helpful moves, %.0f states "
		                 "expanded from their list", st->helpful, pops);
		dmc_results_object(r, "preferred");
		dmc_results_num(r, "helpful_successors", NULL, "%.0f", st->helpful);
		dmc_results_num(r, "expanded", NULL, "%.0f", pops);
		dmc_results_end(r);
	} else
		dmc_results_null(r, "preferred");
	dmc_results_bool(r, "por", por_on);
	dmc_results_str(r, "por_proviso", NULL, por_on ? dmc_por_proviso_name(dmc_por_proviso_kind(R->por)) : por_note);
	dmc_results_num(r, "por_reduced", NULL, "%.0f", ps->reduced);
	dmc_results_num(r, "por_proviso_full", NULL, "%.0f", ps->proviso_full);
	dmc_results_num(r, "por_candidates_failed", NULL, "%.0f", ps->candidates_failed);
	dmc_results_num(r, "por_candidates_no_progress", NULL, "%.0f", ps->candidates_no_progress);
	dmc_results_bool(r, "por_guided", dmc_por_guided(R->por));
	dmc_results_num(r, "por_plateau_budget", NULL, "%.0f",
	                dmc_por_guided(R->por) ? (double) dmc_por_plateau_budget(R->por) : R->opt.por_plateau);
	if (hc) {
		dmc_results_text(r, "heuristic cache", "%s, %zu entries: %.0f hits of %.0f lookups (%.1f%%), "
		                 "%.0f flushes", hc->mode, hc->entries, hc->hits, hc->lookups,
		                 hc->lookups > 0 ? 100.0 * hc->hits / hc->lookups : 0.0, hc->flushes);
		dmc_results_object(r, "hcache");
		dmc_results_str(r, "mode", NULL, hc->mode);
		dmc_results_num(r, "entries", NULL, "%.0f", (double) hc->entries);
		dmc_results_num(r, "hits", NULL, "%.0f", hc->hits);
		dmc_results_num(r, "lookups", NULL, "%.0f", hc->lookups);
		dmc_results_num(r, "flushes", NULL, "%.0f", hc->flushes);
		dmc_results_end(r);
	} else
		dmc_results_null(r, "hcache");
	heuristic_results(R, r);
	dmc_results_num(r, "bytes_per_state", NULL, "%.1f",
	                st->stored > 0 ? (dmc_br_pan_memory() - dmc_br_hashtable_bytes()
	                                  + dmc_runtime_bytes(R)) / st->stored : 0.0);
	store_results(R, r);
	if (R->opt.lua_file)
		dmc_results_text(r, "lua script", "%s%s", R->opt.lua_file,
		                 R->opt.combo.active ? "" : " (settings only)");
	if (dmc_lua_calls(R->lua) > 0)
		dmc_results_text(r, "priority(s) calls", "%.0f (%.2f us per call)", dmc_lua_calls(R->lua),
		                 dmc_lua_us_per_call(R->lua));
	if (R->opt.lua_file) {
		dmc_results_num(r, "lua_calls", NULL, "%.0f", dmc_lua_calls(R->lua));
		dmc_results_num(r, "lua_us_per_call", NULL, "%.3f", dmc_lua_us_per_call(R->lua));
	}
	/* processor time of the whole pan process: steadier than time_s on a
	 * loaded machine (tests/bench/lua.sh) */
	dmc_results_num(r, "cpu_s", NULL, "%.6f", cpu);
	if (R->opt.cycles)
		live_json(R, r, cycle, stem);
	else
		dmc_results_null(r, "liveness");
	dmc_results_text(r, "memory (MB)", "%.3f (pan %.3f + runtime %.3f), peak RSS %.1f, limit %.0f%s",
	                 pan_mb + rt_mb, pan_mb, rt_mb, rss_mb, R->opt.memlim_mb,
	                 R->opt.memlim_auto ? " (90% of the memory available)" : "");
	char *ranks_json = rank_results(R, r);
	dmc_results_text(r, "time (s)", "%.3f", secs);
	anytime_results(R, r);
	char sbuf[160];
	const char *longer = found ? not_shortest(R, sbuf, sizeof sbuf) : NULL;
	if (found) {
		dmc_results_text(r, "trail", "%ld steps (%s)", steps, trail);
		if (longer)
			dmc_results_text(r, "shortest", "trail not guaranteed shortest: %s", longer);
		else
			dmc_results_text(r, "shortest", "trail guaranteed shortest in %s",
			                 R->cost.moves ? "moves" : "pan steps");
		dmc_results_str(r, "trail_file", NULL, trail);
		dmc_results_bool(r, "shortest", !longer);
	} else {
		dmc_results_null(r, "trail_file");
		dmc_results_null(r, "shortest");
	}
	if (longer)
		dmc_results_str(r, "shortest_reason", NULL, longer);
	else
		dmc_results_null(r, "shortest_reason");
	if (found && R->error[0])
		dmc_results_str(r, "error", "error", R->error);
	else
		dmc_results_null(r, "error");
	dmc_results_text(r, "verdict", "%s%s%s", v, *incomplete_reason(R) && !found ? ": " : "",
	                 found ? "" : incomplete_reason(R));
	dmc_results_str(r, "incomplete_reason", NULL, incomplete_reason(R));
	dmc_results_str(r, "model", NULL, dmc_br_model_file());

	dmc_results_write_text(stdout, r);
	if (R->json)
		dmc_results_write_json(R->json, r);
	free(r);
	free(ranks_json);
	fflush(NULL);
	R->reported = 1;
	R->exit_code = found ? 1 : strcmp(v, "incomplete") == 0 ? 3 : 0;
	return R->exit_code;
}

void dmc_report_on_exit(int status, void *arg)
{
	dmc_run *R = arg;
	dmc_report(R, status);        /* nothing when dmc_rt_finish reported */
	if (R && R->reported) {
		fflush(NULL);             /* pan_exit may have printed since */
		_exit(R->exit_code);
	}
}
