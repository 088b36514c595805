// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * expr.h -- expressions from SPIN's statement text.
 *
 * pan keeps the source text of every statement in its transition table,
 * fully parenthesised by SPIN: "((flag[(1-_pid)]==0)||(turn==(1-_pid)))",
 * "assert(((x!=7)&&(arr[1]==0)))", "c?req,loc[1]", "x = (x+i)".  This
 * module parses the expressions in it, evaluates them on the current
 * state through the bridge, and measures how far they are from true.
 */
#ifndef DMC_EXPR_H
#define DMC_EXPR_H

#include <stddef.h>
#include "bridge.h"
#include "state_view.h"

typedef struct dmc_expr dmc_expr;

/* Parse a boolean/integer expression.  Names resolve through the bridge
 * as locals of proctype `type` (if >= 0), globals, mtype constants.
 * Returns NULL with a message in err on failure. */
dmc_expr *dmc_expr_parse(const char *text, int type, char *err, size_t errlen);

/* If `stmt` is "assert(E)", return E parsed (NULL otherwise or on error). */
dmc_expr *dmc_expr_parse_assert(const char *stmt, int type, char *err, size_t errlen);

/* The guard that must hold for a statement to be executable, or NULL when
 * the statement is always executable or its condition is not understood. */
dmc_expr *dmc_expr_guard_of(const char *stmt, int type);

dmc_expr *dmc_expr_not(dmc_expr *e);  /* takes ownership */
/* a && b; NULL stands for true (takes ownership of both). */
dmc_expr *dmc_expr_and(dmc_expr *a, dmc_expr *b);

/* Evaluate in state sv, in process pid (for locals and _pid). 0 on
 * success, -1 if the value cannot be determined (unreadable variable,
 * division by zero). */
int dmc_expr_eval(const dmc_expr *e, const dmc_state_view *sv, int pid, long *val);

/* Distance to truth (the hf definition in docs/heuristics.md): 0 when e
 * holds; for a comparison, how far the operands are apart; && sums,
 * || takes the minimum; anything unknown counts 0. */
long dmc_expr_distance(const dmc_expr *e, const dmc_state_view *sv, int pid);

/* 1 when e reads a local variable or _pid, i.e. its value depends on
 * the process it is evaluated in. */
int dmc_expr_needs_pid(const dmc_expr *e);

/* 1 when evaluating e in one of the processes pids[0..npids-1]
 * (npids < 0: processes not known) may index an array outside its
 * bounds, which pan reports as an assertion violation ("invalid array
 * index"): an index that is neither a constant (possibly from _pid) in
 * range nor a variable whose storage type keeps it in range, nor a
 * variable that is never written (fixed(ctx, v) != 0: its value in the
 * current state, for every process, is its value for good) in range. */
typedef int (*dmc_var_fixed_fn)(void *ctx, const dmc_var *v);
int dmc_expr_index_may_fail(const dmc_expr *e, const int *pids, int npids,
                            dmc_var_fixed_fn fixed, void *ctx);

/* ---- conversion to the abstract model of absmodel.h ---- */
struct dmc_aexpr;
/* The abstract variable for element `index` of v as seen by process pid,
 * or -1 when it has none. */
typedef int (*dmc_abs_var_fn)(void *ctx, const dmc_var *v, long index, int pid);
/* The abstract variable holding the length of the channel with this id
 * (capacity in *cap), or -1 when channel lengths are not modelled. */
typedef int (*dmc_abs_chan_fn)(void *ctx, long chan_id, int *cap);
/* e in process pid as an abstract expression: constant indices and _pid
 * resolved now; len/empty/nempty/full/nfull of a channel become
 * conditions on its length variable (chan_fn; channel ids are read from
 * the current state); whatever cannot be modelled (an element chosen at run
 * time, _nr_pr, unknown names) becomes DMC_AE_ANY and
 * counts in *approx.  NULL when out of memory. */
struct dmc_aexpr *dmc_expr_abstract(const dmc_expr *e, int pid, dmc_abs_var_fn fn,
                                    dmc_abs_chan_fn chan_fn, void *ctx, int *approx);
/* The abstract variables an assignment to e may change (all elements of
 * an array indexed at run time).  Returns their number, -1 when e is not
 * a variable. */
int dmc_expr_lvalues(const dmc_expr *e, int pid, dmc_abs_var_fn fn, void *ctx, int *out, int max);
void dmc_aexpr_free(struct dmc_aexpr *e);

/* Print back in SPIN's syntax. */
void dmc_expr_print(const dmc_expr *e, void *file /* FILE * */);
void dmc_expr_free(dmc_expr *e);

#endif
