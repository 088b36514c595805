// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pdb_dpr.h -- the accuracy measure of downward pattern refinement
 * (seed 004, Def. 7 and Fig. 2): hU (atg.h) of the initial state in the
 * model projected onto a pattern.  A component left out of the pattern
 * is any value of its domain (a variable) or at every location at once
 * (an automaton) in the ATG's layer 0, which is exactly the monotone
 * relaxation of the projected model.  A pattern whose projection keeps
 * hU(initial) of the whole model is "relatively accurate": abstracting
 * the component away introduced no spurious behaviour hU can see.
 */
#ifndef DMC_PDB_DPR_H
#define DMC_PDB_DPR_H

#include "absmodel.h"

typedef struct dmc_pdb_dpr dmc_pdb_dpr;

/* For model m and its initial state s0 (both must outlive the result);
 * var_ok / proc_ok: what a pattern may leave out (the rest keeps its
 * values of s0 whatever the pattern).  NULL when out of memory. */
dmc_pdb_dpr *dmc_pdb_dpr_new(const dmc_amodel *m, const dmc_astate *s0,
                             const unsigned char *var_ok, const unsigned char *proc_ok);
void dmc_pdb_dpr_free(dmc_pdb_dpr *d);

/* hU of s0 projected onto the pattern keep_v / keep_p (DMC_ATG_INF when
 * no goal is reachable even in the relaxation). */
int dmc_pdb_dpr_h(dmc_pdb_dpr *d, const unsigned char *keep_v, const unsigned char *keep_p);

#endif
