// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * absmodel_reduce.h -- the reduced system of the transition-based search
 * (seed 002, Definition 2, and the conservative strengthening of its
 * section 5): the abstract transitions to remove with one local
 * transition of one automaton.
 */
#ifndef DMC_ABSMODEL_REDUCE_H
#define DMC_ABSMODEL_REDUCE_H

#include "absmodel.h"

/* The transitions of m removed with the local transition (proc, from,
 * id) -- automaton proc's transitions from location `from` with pan's id
 * `id` (one Promela statement may give several) -- into out (room for
 * m->ntrans), each once, ascending: those, every transition of any
 * automaton that reads a variable they write, and every transition of
 * proc that leads to a location they lead to.  Returns the count; 0
 * when no transition of m is (proc, from, id). */
int dmc_areduce(const dmc_amodel *m, int proc, int from, int id, int *out);

#endif
