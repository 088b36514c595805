// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pdb_zone.h -- a pattern's dense clocks as a zone (pdb.c): the clocks
 * its automata's transitions compare or reset, kept as a canonical DBM
 * in the abstract state, run through each transition's zone operation
 * as the abstract model has it (absmodel.h, dmc_aclkprog).
 *
 * The abstraction over-approximates pan's zone: a clock outside the
 * pattern is unconstrained, a location's invariant counts only where
 * its location variable is in the pattern (elsewhere time may pass
 * further), time passes wherever no pattern location says it cannot, and
 * the zone is extrapolated with the clocks' own largest constants (a
 * larger zone).  A zone pan finds empty may stay nonempty here; one
 * empty here is empty in pan.
 */
#ifndef DMC_PDB_ZONE_H
#define DMC_PDB_ZONE_H

#include "absmodel.h"

typedef struct dmc_pdb_zone dmc_pdb_zone;

/* The clocks that transitions of the automata keep_p marks touch, as a
 * zone; NULL when there are none (or the model has no clocks, or out of
 * memory: the pattern then keeps no clock, which is coarser, not wrong). */
dmc_pdb_zone *dmc_pdbz_new(const dmc_amodel *m, const unsigned char *keep_p);
void dmc_pdbz_free(dmc_pdb_zone *z);
int dmc_pdbz_cells(const dmc_pdb_zone *z);     /* slots of the state it takes */
int dmc_pdbz_nclocks(const dmc_pdb_zone *z);

/* The pattern's values as the zone's steps read them: the value of model
 * variable v in state s, 0 with it, -1 when v is not in the pattern. */
typedef int (*dmc_pdbz_value)(const void *ctx, const long *s, int v, long *out);

/* The initial zone into cells: every clock 0, then a post (time passes,
 * the locations' items) in state s. */
void dmc_pdbz_init(dmc_pdb_zone *z, long *cells, const long *s, dmc_pdbz_value val, const void *ctx);
/* Whether transition t's zone test passes on cells (1 when t has none). */
int dmc_pdbz_test(const dmc_pdb_zone *z, const long *cells, int t);
/* The zone after transition t (and r, its rendezvous partner, or -1),
 * from cells to out, the successor being s (its location variables). */
void dmc_pdbz_step(dmc_pdb_zone *z, const long *cells, int t, int r, const long *s,
                   dmc_pdbz_value val, const void *ctx, long *out);

/* Whether the zone of cells meets the concrete zone d (dimension dim,
 * canonical, the model's clock numbering): 1 also when dim does not
 * fit the model (nothing known). */
int dmc_pdbz_meets(const dmc_pdb_zone *z, const long *cells, const int *d, int dim);

#endif
