// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * ut.h -- the transition-based evaluation of --search ut (seed 002,
 * Wehrle, Kupferschmid, Podelski, TACAS 2009, Fig. 3).
 *
 * A move t from s to s' is relatively useless when h of s in the reduced
 * system without t's local transition (and what the conservative
 * strengthening removes with it: heuristic.h's eval_without) is no
 * larger than h(s').  The successor's priority is then h(s') + c(s),
 * c(s) the length of the trail s was reached by, else h(s'): greedy
 * search where the heuristic tells useful moves apart, A*-like where
 * it does not.  Only moves pan chose among processes are judged: a step
 * inside an atomic sequence carries on with a transition judged at its
 * first step (the paper's transitions are whole edges and
 * synchronisations; a translated edge is 2-5 pan steps).  A rendezvous
 * offer is judged at the receive that completes it: s is the state
 * before the offer, s' the synchronisation's successor (the state
 * half-way, whose h counts the sender as still at its send, says
 * nothing about the move), and the half-way state itself is queued
 * without a penalty.
 */
#ifndef DMC_UT_H
#define DMC_UT_H

#include "run_context.h"

/* Pan expands the state now current, at depth g: remember it. */
void dmc_ut_expanding(dmc_run *R, int g);
/* The penalty of the successor now current, whose h is h: c(s) when the
 * move that made it is relatively useless, else 0 (and 0 for the initial
 * state, which no move made).  *mid_rv: nonzero when the successor is
 * half-way through a rendezvous; for an offer judged later it becomes
 * 2 + h(S_t, s), which its open entry keeps until it is expanded
 * (dmc_run's ut.pending). */
int dmc_ut_penalty(dmc_run *R, int h, int *mid_rv);

#endif
