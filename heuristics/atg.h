// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * atg.h -- the abstract transition graph (seed 000, section 4, Fig. 1)
 * and the heuristics hL and hU computed from it (appendix A.2, Fig. 5).
 *
 * For a state, the ATG is a sequence of layers: per process the
 * locations it may be at, per variable the values it may have, both
 * growing monotonically (the monotonicity abstraction).  hL is the first
 * layer at which a goal may hold (plus the goal's extra_steps): a lower
 * bound on the length of an optimal abstract solution, hence admissible.
 * hU is the length of an abstract solution extracted backwards from the
 * ATG: usually closer to the real distance, not admissible.  Both are
 * DMC_ATG_INF when no goal can be reached even in the abstraction: then
 * no goal is reachable for real, a proved dead end.
 *
 * One rendezvous (a SEND and a RECV transition firing together) takes
 * two layers here, as it takes two pan steps (the send, then the
 * receive); the paper counts it as one step (dmc_atg_set_sync_steps).
 * The two transitions belong to different automata, or to one automaton
 * that some transition spawns (it may stand for several instances).
 *
 * dmc_atg_new does all the allocation; evaluating a state allocates
 * nothing.  A dmc_atg is not thread-safe: it keeps its buffers, and
 * what it learnt from earlier evaluations to make the next ones cheaper
 * (which atoms held at layer 0, the results of atom and effect programs
 * by their inputs, hU's witnesses of atoms reading many variables by
 * their sets, which rendezvous pairs cannot fire); none of that changes
 * a value.
 */
#ifndef DMC_ATG_H
#define DMC_ATG_H

#include <limits.h>
#include <stdio.h>

#include "absmodel.h"

#define DMC_ATG_INF INT_MAX           /* == DMC_H_INF of heuristic.h */

typedef struct dmc_atg dmc_atg;

/* Prepare for model m (which must outlive the dmc_atg and not change:
 * everything but extra_steps is precomputed here).  NULL when out
 * of memory or when m is malformed: an index (process, location,
 * variable, spawned process) out of range. */
dmc_atg *dmc_atg_new(const dmc_amodel *m);
void dmc_atg_free(dmc_atg *g);

/* Values an effect computes outside a variable's domain: wrap = 1
 * (default) reduces them modulo the domain size, as pan's stores into
 * byte/short/int do, so hL stays admissible for models that overflow on
 * purpose; wrap = 0 drops them, as the paper does (precise when the
 * model never overflows). */
void dmc_atg_set_wrap(dmc_atg *g, int wrap);

/* Layers (and hU cost) of one rendezvous: 2 (default, pan's count) or
 * 1 (the paper's). */
void dmc_atg_set_sync_steps(dmc_atg *g, int n);

/* hU with cycle costs (the heuristic hUc): an action that must apply
 * r > 1 times in a row (v := v + 1 up to a target value) is charged r
 * applications plus r - 1 rounds back along its automaton from its
 * target location to its source (the control-flow distance).  Off by
 * default: the paper's hU counts the applications only, and
 * underestimates loops (its Fig. 3). */
void dmc_atg_set_cycle_costs(dmc_atg *g, int on);

/* The reduced system of the transition-based search: transitions
 * trans[0..n-1] (indices into the model's trans, each at most once) never
 * fire in the evaluations that follow, until the next call; n = 0: all
 * may.  The array must stay valid while set. */
void dmc_atg_set_disabled(dmc_atg *g, const int *trans, int n);

int dmc_atg_hL(dmc_atg *g, const dmc_astate *s);
int dmc_atg_hU(dmc_atg *g, const dmc_astate *s);
/* Both from one ATG; either pointer may be NULL.  Returns hL. */
int dmc_atg_eval(dmc_atg *g, const dmc_astate *s, int *hL, int *hU);

/* The helpful transitions of the last evaluation (Fast Downward's
 * preferred operators; Hoffmann and Nebel's helpful actions): those of
 * the actions hU's plan applies at layer 0, both halves of a
 * rendezvous pair.  Up to max indices into the model's trans go to
 * trans; returns how many.  0 unless the last evaluation extracted a
 * plan (dmc_atg_hU, or dmc_atg_eval with hU, to a reachable goal). */
int dmc_atg_helpful(const dmc_atg *g, int *trans, int max);

/* Does the location (process proc at loc) or variable v of layer 0
 * matter to hL and hU?  Two states that differ only in (proc, loc) pairs
 * and values of variables that do not matter have the same hL and hU
 * (in every reduced system too): a cache may key on the rest.  Indices
 * out of range matter. */
int dmc_atg_relevant_loc(const dmc_atg *g, int proc, int loc);
int dmc_atg_relevant_var(const dmc_atg *g, int v);

/* The last ATG built: its top layer index (the layer where the search
 * stopped: a goal's layer or the fixpoint), and a dump of every layer
 * (what first appears there: locations, variable values, enabled
 * transitions and rendezvous pairs). */
int dmc_atg_top(const dmc_atg *g);
void dmc_atg_print(const dmc_atg *g, FILE *f);

#endif
