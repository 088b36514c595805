// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pdb.h -- a pattern database over the abstract model (absmodel.h):
 * the exact distance table of the model projected onto a pattern, a
 * subset of its variables and of its automata's locations (seed 004).
 *
 * The projection is explored exhaustively, breadth-first, from the
 * projection of the initial state; then distances to the abstract error
 * states are computed backwards.  What the pattern leaves out is any
 * value of its domain (guards over it may hold, effects on it vanish), so
 * every concrete path maps to an abstract path no longer than it: the
 * table never overestimates, and a state whose projection reaches no
 * error is a proved dead end.  Independent of pan: the unit tests build
 * models by hand.
 */
#ifndef DMC_PDB_H
#define DMC_PDB_H

#include <stddef.h>
#include "absmodel.h"

#define DMC_PDB_INF (-1)              /* no abstract error reachable */
#define DMC_PDB_MISS (-2)             /* not an abstract state of the table */

typedef struct dmc_pdb dmc_pdb;

/* A predicate abstraction (seed 001) in the table's terms: per variable
 * v, ncut[v] class starts cut[v][0] < cut[v][1] < ... inside (lo, hi]
 * (the predicates v < c, v <= c, v == c ... cut its domain into
 * intervals; a state keeps the interval its value is in, 0 cuts: the
 * variable is out); per automaton q, nmark[q] locations told apart
 * (loc(q) == l), all others one class (0 marks: q is out). */
typedef struct dmc_pdb_preds {
	const int *ncut;
	const long *const *cut;
	const int *nmark;
	const int *const *mark;
} dmc_pdb_preds;

/* What the pattern may contain and where the exploration starts.
 * var_ok[v] / proc_ok[p]: may be kept (a variable with one value per
 * state, an automaton that is one process); init_val[v] / init_loc[p]:
 * their values in the initial state (read only where ok). */
typedef struct dmc_pdb_input {
	const dmc_amodel *m;
	const unsigned char *var_ok, *proc_ok;
	const long *init_val;
	const int *init_loc;
	size_t max_states;            /* abstract states at most (the table's size) */
	double max_seconds;           /* building time at most (0: no limit) */
	/* The whole initial state as the ATG's layer 0, or NULL: with it the
	 * pattern is chosen by downward refinement with hU's accuracy
	 * measure (pdb_dpr.h), without it by relevance alone. */
	const dmc_astate *s0;
	int keep_edges;               /* keep the transitions (dmc_pdb_path) */
	/* Nonzero when the build must end now (dmc_heuristic_opts.stop), or
	 * NULL.  Asked, as max_seconds is, every fraction of a millisecond
	 * of work: a build past either ends as one past max_seconds does. */
	int (*stop)(void *ctx);
	void *stop_ctx;
	/* Where everything relevant outgrows max_states: abstract states at
	 * most of the patterns grown toward a proof (pdb.c, "growing a
	 * pattern toward a proof"); 0 or at most max_states: no growth. */
	size_t prove_states;
	/* Nonzero: the exact table of everything relevant (the goals' cone
	 * of influence) or none -- no selection, no growth: where it
	 * outgrows max_states (its clocks dropped first) or max_seconds,
	 * dmc_pdb_build fails with the reason.  Its cost is one or two
	 * explorations of at most max_states (pdb-cone, h_pdb.c). */
	int cone_only;
} dmc_pdb_input;

/* cone_only's work bound, per state of max_states: units of the build's
 * work (a state expanded, a transition tried, a successor stored, a
 * distance settled) -- a bound the machine's load does not move, so the
 * default's tables, and its searches, are the same on every run. */
#define DMC_PDB_CONE_WORK 40

/* Select the pattern and build the table (seed 004): start from every
 * component allowed that the goals depend on; with in->s0 leave out, one
 * at a time, those whose removal keeps hU(initial) (downward pattern
 * refinement); then, while the exploration outgrows max_states, the one
 * whose removal lowers hU(initial) least (without s0: the one farthest
 * from the goals with the most distinct values).  Before any shrinking,
 * where everything relevant outgrows max_states and prove_states is
 * larger, a pattern grown from the goals toward a proof (h(initial)
 * infinite, within prove_states and half the time left) is the table
 * when one is found.  Past max_seconds, or
 * when in->stop says so, the empty pattern (one abstract state;
 * stats.timed_out).  NULL with a reason when out of memory, or (with
 * in->cone_only) when everything relevant does not fit. */
dmc_pdb *dmc_pdb_build(const dmc_pdb_input *in, char *err, size_t errlen);
/* The table of one predicate abstraction, no selection: NULL with
 * *outgrew = 1 when its exploration outgrows max_states or max_seconds.
 * pr must outlive the table. */
dmc_pdb *dmc_pdb_build_preds(const dmc_pdb_input *in, const dmc_pdb_preds *pr, int *outgrew,
                             char *err, size_t errlen);
/* A shortest abstract error path from the initial abstract state (built
 * with keep_edges): its transitions (and rendezvous partners, or -1), at
 * most max; the number written. */
int dmc_pdb_path(const dmc_pdb *p, int *trans, int *partner, int max);
void dmc_pdb_free(dmc_pdb *p);

/* The pattern's components (indices into the model's vars and procs). */
int dmc_pdb_nvars(const dmc_pdb *p);
int dmc_pdb_var(const dmc_pdb *p, int i);
int dmc_pdb_nprocs(const dmc_pdb *p);
int dmc_pdb_proc(const dmc_pdb *p, int i);
/* The dense clocks the pattern keeps as a zone (pdb_zone.h), 0 without. */
int dmc_pdb_nclocks(const dmc_pdb *p);

/* Distance of the abstract state with these pattern values (val[i] for
 * dmc_pdb_var(p, i), loc[i] for dmc_pdb_proc(p, i); concrete values, the
 * table maps them to its classes): pan steps, or DMC_PDB_INF, or
 * DMC_PDB_MISS.  With atomic sequences the table tells apart which
 * automaton, if any, may move alone (pdb.c); the state does not say, and
 * the look-up gives the least distance of those abstract states. */
int dmc_pdb_lookup(const dmc_pdb *p, const long *val, const int *loc);
/* The same for a state whose dense clocks are zone (canonical, dimension
 * dim, as in pan's state; dim 0: not known): the least distance of the
 * abstract states whose zones meet it. */
int dmc_pdb_lookup_zone(const dmc_pdb *p, const long *val, const int *loc, const int *zone, int dim);

/* The table's states, for tests: state i's pattern values (as lookup
 * takes them; class numbers in a predicate abstraction) and distance. */
size_t dmc_pdb_nstates(const dmc_pdb *p);
int dmc_pdb_state(const dmc_pdb *p, size_t i, long *val, int *loc);
/* The automaton that may move alone in state i (inside an atomic
 * sequence), or -1. */
int dmc_pdb_alone(const dmc_pdb *p, size_t i);

/* Statistics: abstract states, their transitions, refinement rounds,
 * the initial state's distance, build time. */
typedef struct dmc_pdb_stats {
	size_t states, edges;
	int rounds;
	int grow_rounds;              /* of rounds, those growing a pattern toward a proof */
	int h_init;                   /* DMC_PDB_INF when infinite */
	double seconds;
	size_t bytes;
	/* a limit (max_seconds, stop) cut the selection short: pdb's pattern
	 * is empty, pdb-pred's the last abstraction finished in time */
	int timed_out;
	int pattern;                  /* components in the pattern (variables and automata) */
	int tables;                   /* tables combined (heuristics sum their stats) */
} dmc_pdb_stats;
const dmc_pdb_stats *dmc_pdb_stats_of(const dmc_pdb *p);
void dmc_pdb_set_rounds(dmc_pdb *p, int rounds);   /* a refinement loop's count */
void dmc_pdb_set_timed_out(dmc_pdb *p);            /* a refinement loop's limit ended it */
/* Seconds on a monotonic clock (the build's limits are measured on it). */
double dmc_pdb_clock(void);
/* Abstract states per distance: hist[d] for d < n, hist[n] the infinite ones. */
void dmc_pdb_histogram(const dmc_pdb *p, size_t *hist, int n);

#endif
