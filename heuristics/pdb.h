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
} dmc_pdb_input;

/* Select the pattern and build the table: start from every component
 * allowed and drop one at a time (the one with the most distinct values,
 * those the goals read last) until the exploration fits max_states.
 * NULL with a reason when out of memory. */
dmc_pdb *dmc_pdb_build(const dmc_pdb_input *in, char *err, size_t errlen);
void dmc_pdb_free(dmc_pdb *p);

/* The pattern's components (indices into the model's vars and procs). */
int dmc_pdb_nvars(const dmc_pdb *p);
int dmc_pdb_var(const dmc_pdb *p, int i);
int dmc_pdb_nprocs(const dmc_pdb *p);
int dmc_pdb_proc(const dmc_pdb *p, int i);

/* Distance of the abstract state with these pattern values (val[i] for
 * dmc_pdb_var(p, i), loc[i] for dmc_pdb_proc(p, i)): pan steps, or
 * DMC_PDB_INF, or DMC_PDB_MISS. */
int dmc_pdb_lookup(const dmc_pdb *p, const long *val, const int *loc);

/* The table's states, for tests: state i's pattern values (as lookup
 * takes them) and distance. */
size_t dmc_pdb_nstates(const dmc_pdb *p);
int dmc_pdb_state(const dmc_pdb *p, size_t i, long *val, int *loc);

/* Statistics: abstract states, their transitions, refinement rounds,
 * the initial state's distance, build time. */
typedef struct dmc_pdb_stats {
	size_t states, edges;
	int rounds;
	int h_init;                   /* DMC_PDB_INF when infinite */
	double seconds;
	size_t bytes;
	int timed_out;                /* the time limit stopped refinement: empty pattern */
} dmc_pdb_stats;
const dmc_pdb_stats *dmc_pdb_stats_of(const dmc_pdb *p);
/* Abstract states per distance: hist[d] for d < n, hist[n] the infinite ones. */
void dmc_pdb_histogram(const dmc_pdb *p, size_t *hist, int n);

#endif
