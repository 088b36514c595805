// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_zone.h -- dense time as zones (uppaal_zone.c)
 */
#ifndef PROM_UPPAAL_ZONE_H
#define PROM_UPPAAL_ZONE_H

#include "uppaal_emit.h"

/* whether the network's clocks become one zone for query q (NULL: for
 * the network alone; sets n->zones, n->zone_why says why not; the
 * context's zone_query_refused when the network takes zones and q not) */
int up_zone_plan(up_net *n, const up_query *q);
/* NULL when zones can read E<> or A[] query q (uppaal_zone_query.c),
 * else why not */
const char *up_zone_query_why(up_net *n, const up_query *q);
/* e is a comparison of a clock (its Promela text is 1 with zones) */
int up_zone_is_atom(up_net *n, up_inst *in, const up_expr *e);
/* the c_decl (the DBM code and the network's tables) and the c_state */
void up_zone_decls(up_net *n, FILE *o);
/* " && c_expr {...}": ed's clock guard, resets and target invariant leave
 * a nonempty zone (nothing when ed has none) */
void up_zone_check(up_net *n, up_inst *in, up_edge *ed, FILE *o);
/* the same for edges eds[0..k) taken together (a CSP synchronisation):
 * their guards, then their resets, then their targets' invariants */
void up_zone_check_joint(up_net *n, up_inst **ins, up_edge **eds, int k, FILE *o);
/* "c_code {...}; ": the guards' constraints of edges eds[0..k), then
 * their resets (nothing when there are none) */
void up_zone_apply(up_net *n, up_inst **ins, up_edge **eds, int k, FILE *o);
/* a broadcast (UPPAAL: every process whose receiving edge is enabled
 * takes part; the guards read before any update): "c_code {...}; " the
 * sender's guard constraints, the receiver's resets (nothing when there
 * are none); whether the edge's guard has clock constraints */
void up_zone_guard_run(up_net *n, up_inst *in, up_edge *ed, FILE *o);
void up_zone_resets(up_net *n, up_inst *in, up_edge *ed, FILE *o);
int up_zone_clock_guard(up_net *n, up_inst *in, up_edge *ed);
/* a receiving edge with a clock guard, where the Promela flag (dmc_bK: its
 * location and data guard hold) is true: an `if` splitting the zone into
 * the part where the guard holds (the receiver takes part) and those
 * where it fails (the flag is set to 0) */
void up_zone_recv_split(up_net *n, up_inst *in, up_edge *ed, const char *flag, FILE *o);
/* "c_code {...}": the successor zone after a step */
void up_zone_post(up_net *n, int any_committed, FILE *o);
/* on s->out: a Promela condition, true in a symbolic state where the
 * assert of E<> or A[] query q holds (no valuation of the zone is a
 * witness of E<> q, or a counterexample of A[] q) */
void up_zone_holds(up_emit_st *s, const up_query *q);
/* "c_expr {...}": the zone meets the program v[0..k) (a query's case) */
void up_zone_test(FILE *o, const int *v, int k);
/* a bound (c, < when strict, else <=) as the DBMs store it */
int up_zone_bound(int c, int strict);
/* A comparison's operator with its sides swapped: c < x is x > c */
void up_cmp_mirror(char *op);
/* the difference constraint x - y bounded by b (as the DBMs store it) is
 * one the zone is split along (an element of a clock array picked by a
 * select: every element's) */
void up_zone_note_diag(up_net *n, const up_var *x, const up_var *y, int b);
/* a c_expr: the zone is not empty */
const char *up_zone_live(void);

#endif
