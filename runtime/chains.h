// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * chains.h -- chains of atomic steps (chains.c): the states pan reaches
 * inside an atomic sequence or a rendezvous handshake are queued without
 * being stored or evaluated.
 */
#ifndef DMC_CHAINS_H
#define DMC_CHAINS_H

#include "run_context.h"

/* A chain is cut (its state stored as any other) after this many steps
 * without a stored state: a cycle inside an atomic sequence then meets
 * SPIN's store, and a sequence that branches and merges again is
 * expanded at most this deep once per path. */
#define DMC_CHAIN_MAX 64

/* Whether the search queues chain states (R->chains), and why not:
 * once, when the best-first search starts (its lists are set up). */
void dmc_chains_start(dmc_run *R);

/* h of a chain state queued by the expansion of a state with h: one
 * step changes the distance to a target by at most one, so h - 1 is a
 * lower bound where h is. */
int dmc_chains_h(int h);

#endif
