// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_task.h -- the grounded task of a PDDL translation, which the hff
 * heuristic (heuristics/h_ff.c) evaluates.
 *
 * The PDDL front end (frontends/pddl/pddl_meta.c) writes it as a
 * generated C header of static tables beside the translation (dmc plan,
 * dmc check FILE.pddl; dmc translate DOMAIN PROBLEM --meta OUT.h) that
 * defines dmc_pddl_task_meta() returning them; dmc cc --meta compiles it
 * into pan.  It is the task at the planning level -- facts and ground
 * actions as the grounding made them, not reverse-engineered from the
 * Promela -- with the formulas in negation normal form:
 *
 * A reference r is a literal or a node: r < nfacts is fact r true,
 * nfacts <= r < 2 * nfacts is fact r - nfacts false, r >= 2 * nfacts is
 * node r - 2 * nfacts (an and or an or of references); -1 stands for
 * true.  An op is one effect of a ground action made unary, as relaxed
 * planning sees it: when its precondition (the action's, and the
 * effect's condition) holds, its literal can be made true (a delete
 * makes "fact false" true; only the negative literals some formula reads
 * have ops).  The facts are the bits of the Promela array fact_var,
 * which the first step of process proc sets to init.
 */
#ifndef DMC_PDDL_TASK_H
#define DMC_PDDL_TASK_H

#define DMC_PDDL_TASK_VERSION 1

typedef struct {
	int version;                  /* DMC_PDDL_TASK_VERSION */
	const char *fact_var;         /* the Promela bit array of the facts */
	const char *proc;             /* the proctype whose first step sets them */
	int nfacts;
	const unsigned char *init;    /* per fact: true in the initial state */
	int nnodes;
	const unsigned char *node_or; /* per node: 1 an or, 0 an and */
	const int *node_off;          /* node k's kids: node_kids[node_off[k] .. node_off[k+1]-1] */
	const int *node_kids;
	int nacts;
	const int *act_pre;           /* per ground action: its precondition (a reference, -1) */
	const int *act_line;          /* the line of its alternative in the Promela */
	int nops;
	const int *op_act, *op_pre, *op_lit;   /* per op: its action, precondition, literal */
	int goal;                     /* a reference, -1 (true) */
} dmc_pddl_task;

/* The model's grounded task; the generated header defines it. */
const dmc_pddl_task *dmc_pddl_task_meta(void);

#endif
