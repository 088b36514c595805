// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * targets.h -- what the heuristics aim at, derived from the model.
 *
 * A target set is a disjunction of goals.  A goal is a conjunction of
 * process locations plus an optional formula over variables; reaching
 * it and then taking `extra_steps` more steps produces the error
 * (an assert needs one more step: executing the assert itself).
 */
#ifndef DMC_TARGETS_H
#define DMC_TARGETS_H

#include <stddef.h>

struct dmc_expr;

enum {                                /* target kinds, for --target */
	DMC_TGT_ASSERT   = 1,         /* assert statements (incl. in the claim) */
	DMC_TGT_CLAIM    = 2,         /* never claim end states and asserts     */
	DMC_TGT_DEADLOCK = 4          /* invalid end states                     */
};

typedef struct dmc_loc {
	int type;                     /* proctype */
	int state;                    /* control state */
	int pid;                      /* a specific process, or -1: any instance of type */
} dmc_loc;

typedef struct dmc_goal {
	int kind;                     /* one DMC_TGT_* */
	int nlocs;
	dmc_loc *locs;                /* all must hold (conjunction) */
	struct dmc_expr *formula;     /* must hold too; NULL = true.  Variables of
	                               * a local scope are read in the process that
	                               * satisfies locs[0]. */
	int extra_steps;
	int line;                     /* source line, for reports */
	char *text;                   /* human-readable description */
	int range_check;              /* an assert that only checks the value a store
	                               * writes next (is_range_check in targets.c) */
} dmc_goal;

typedef struct dmc_targets {
	int kinds;                    /* DMC_TGT_* bits that were requested */
	int ngoals;
	dmc_goal *goals;
	int deadlock;                 /* invalid end states are a target */
	int hidden_asserts;           /* asserts statement merging hid where we
	                               * could not find them: not targets, so
	                               * dead-end pruning must stay off */
	char prune_veto[256];         /* an error pan checks that the goals may miss
	                               * (an assert hidden in a d_step, an array
	                               * index out of bounds): "" when none */
	int unparsed;                 /* goals whose condition could not be parsed:
	                               * their location only (formula NULL) */
	int nrange_checks;            /* goals with range_check set */
	int range_mode;               /* --range-checks (DMC_RANGE_*): whether hL/hU/hUc
	                               * aim at the range checks only from states
	                               * where no other goal can be reached
	                               * (dmc_heuristic_range_fallback); set by the caller */
} dmc_targets;

/* Parse a --target list such as "assert,claim" into DMC_TGT_* bits.
 * Returns -1 on an unknown name. */
int dmc_targets_parse_kinds(const char *list);
/* Derive the targets of the requested kinds from the model (through the
 * bridge).  kinds == 0 means the default: asserts and the claim if the
 * model has any, otherwise deadlocks.  Returns 0, or -1 with a reason. */
int dmc_targets_build(int kinds, dmc_targets *out, char *err, size_t errlen);
/* kinds (DMC_TGT_* bits) as --target spells them, "" for none, in buf */
const char *dmc_targets_kinds_name(int kinds, char *buf, size_t n);
/* --range-checks: range checks are goals like any other (GOAL), fallback
 * goals (FALLBACK), fallback goals for the heuristics that are not
 * admissible anyway (AUTO: hU, hUc; see dmc_heuristic_range_fallback) */
enum { DMC_RANGE_GOAL, DMC_RANGE_FALLBACK, DMC_RANGE_AUTO };
/* "goal", "fallback", "auto" as DMC_RANGE_* (anything else: GOAL) */
int dmc_targets_range_mode(const char *name);
/* Can range checks be fallback goals here: are there any, and other
 * goals with a location to aim at first? */
int dmc_targets_tiered(const dmc_targets *t);
/* fallback: the range checks are marked as fallback goals */
void dmc_targets_print(const dmc_targets *t, int fallback, void *file /* FILE * */);
void dmc_targets_free(dmc_targets *t);

#endif
