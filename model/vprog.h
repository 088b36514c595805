// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * vprog.h -- abstract expressions (absmodel.h) compiled once into flat
 * postfix programs, evaluated over value sets with exactly the results of
 * dmc_vs_eval (valueset.h), without walking the expression tree and
 * without copying variables' sets: operands are pointers to them,
 * conditions two bits (may be false, may be true) until something needs
 * them as a set.
 *
 * All programs of one owner live in one dmc_vprogs (one instruction
 * array); a program is an index range into it.  Evaluating allocates
 * nothing: the work area is sized at dmc_vprogs_seal.
 */
#ifndef DMC_VPROG_H
#define DMC_VPROG_H

#include "valueset.h"

typedef struct { int first, len; } dmc_vprog;

typedef struct dmc_vprogs dmc_vprogs;

dmc_vprogs *dmc_vprogs_new(void);
void dmc_vprogs_free(dmc_vprogs *ps);
/* Compile e (NULL: any integer) and append it; -1 when out of memory. */
int dmc_vprogs_add(dmc_vprogs *ps, const dmc_aexpr *e, dmc_vprog *out);
/* After the last add: allocate the work area.  -1 when out of memory. */
int dmc_vprogs_seal(dmc_vprogs *ps);

/* What dmc_vs_eval(e, vals, out), dmc_vs_may_true(e, vals) give for the
 * expression p was compiled from. */
void dmc_vp_eval(dmc_vprogs *ps, dmc_vprog p, const dmc_vset *const *vals, dmc_vset *out);
int dmc_vp_may_true(dmc_vprogs *ps, dmc_vprog p, const dmc_vset *const *vals);

#endif
