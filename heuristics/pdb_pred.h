// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pdb_pred.h -- pattern databases of predicate abstractions chosen by
 * relaxation refinement (seed 001): predicates are read off the goals,
 * then a refinement loop builds the abstraction's table (pdb.h), takes a
 * shortest abstract error path from the abstract initial state and adds
 * the predicates that path needs (its guards, the predicates it must keep
 * through its assignments, the location a process must be at: Fig. 3),
 * until the table would outgrow the limit, the path is not spurious in
 * any way the refinement can see (nothing new), the initial state is a
 * proved dead end, or the rounds run out.  One abstraction per variable
 * the goals read (the paper's "2abs": one per goal condition), combined
 * by the maximum of their tables.
 */
#ifndef DMC_PDB_PRED_H
#define DMC_PDB_PRED_H

#include "pdb.h"

#define DMC_PDB_PRED_TABLES 4         /* abstractions at most */
#define DMC_PDB_PRED_ROUNDS 24        /* refinement rounds per abstraction at most */

/* Up to DMC_PDB_PRED_TABLES tables into out (each independent of in's
 * arrays after the call); returns how many, or -1 with a reason.  The
 * tables' stats count the refinement rounds.  The abstractions share
 * in->max_seconds; past their share, or when in->stop says so, a
 * refinement keeps the last table it finished (stats.timed_out; none
 * yet: the empty abstraction's), and after in->stop no further
 * abstraction is begun. */
int dmc_pdb_pred_build(const dmc_pdb_input *in, dmc_pdb **out, char *err, size_t errlen);

#endif
