// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * absmodel.h -- the abstract model the relaxed-planning heuristics hL and
 * hU work on (seed 000, sections 3-4): a network of automata, one per
 * process instance, with integer variables, guards, assignments and
 * binary synchronisation, plus the targets.
 *
 * It is built from pan's tables (absmodel_build.c) and is independent of
 * pan: the ATG code (heuristics/atg_*.c) and its unit tests see only this header.
 * Everything the builder does not understand is over-approximated here:
 * a guard becomes NULL (true), an assignment's right-hand side becomes
 * NULL ("any value of the variable's domain"), so hL stays admissible.
 */
#ifndef DMC_ABSMODEL_H
#define DMC_ABSMODEL_H

#include <limits.h>

#define DMC_AV_NEG_INF LONG_MIN       /* open lower end of a value range */
#define DMC_AV_POS_INF LONG_MAX       /* open upper end */

/* Expressions over the model's variables (integers; booleans are 0/1). */
typedef enum {
	DMC_AE_CONST,                 /* value */
	DMC_AE_VAR,                   /* var */
	DMC_AE_ANY,                   /* an unknown value: any integer */
	DMC_AE_NEG, DMC_AE_NOT, DMC_AE_BITNOT,                        /* a */
	DMC_AE_ADD, DMC_AE_SUB, DMC_AE_MUL, DMC_AE_DIV, DMC_AE_MOD,   /* a, b */
	DMC_AE_SHL, DMC_AE_SHR, DMC_AE_BITAND, DMC_AE_BITOR, DMC_AE_BITXOR,
	DMC_AE_LT, DMC_AE_LE, DMC_AE_GT, DMC_AE_GE, DMC_AE_EQ, DMC_AE_NE,
	DMC_AE_AND, DMC_AE_OR,
	DMC_AE_COND                   /* a ? b : c */
} dmc_ae_op;

typedef struct dmc_aexpr {
	dmc_ae_op op;
	long value;                   /* DMC_AE_CONST */
	int var;                      /* DMC_AE_VAR: index into dmc_amodel.vars */
	struct dmc_aexpr *a, *b, *c;
} dmc_aexpr;

typedef struct dmc_avar {
	char *name;                   /* "x", "P[2].i", "arr[3]" */
	long lo, hi;                  /* domain (byte: 0..255, bool: 0..1, int: 32-bit) */
	int empty_ok;                 /* a set, not a value: no value in a state means
	                               * the empty set (a channel's contents), not
	                               * "unknown" */
} dmc_avar;

typedef struct dmc_assign {
	int var;
	dmc_aexpr *rhs;               /* NULL: any value of the domain */
	int merged;                   /* the effect of a statement merged into the
	                               * transition (absmodel_build.c): it may or may
	                               * not happen, after other parts of the sequence
	                               * (the monotone ATG reads it as any assignment;
	                               * an explicit abstraction, pdb.c, as a havoc) */
	int bounded;                  /* the store happens only after an assert that
	                               * is a target checked lo <= rhs <= hi in the
	                               * same state (absmodel_build.c): a value outside
	                               * is an assertion violation first, so the ATG
	                               * drops it (wrap or not); 0: unbounded */
	long lo, hi;
} dmc_assign;

enum { DMC_SYNC_NONE = 0, DMC_SYNC_SEND = 1, DMC_SYNC_RECV = 2 };

/* A received field to match: a rendezvous pair fires only when the sent
 * value, truncated to the field's type [lo, hi] as pan stores it, may
 * equal value (the ATG also lets it fire when the sent value may lie
 * outside [lo, hi], rather than model the truncation). */
typedef struct dmc_amatch {
	dmc_aexpr *value;             /* NULL: the field matches anything */
	long lo, hi;
} dmc_amatch;

/* Dense clocks.  The UPPAAL translation keeps a timed network's clocks
 * in one zone (docs/uppaal.md "Clocks: zones") and writes beside each
 * zone operation a note saying what it does; model/clock_note.c reads
 * them.  Clocks are numbered 1..nclocks, as in the zone.  An item: */
typedef struct dmc_aclk {
	char kind;                    /* 'c': x_clock op value (op DMC_AE_LT, LE, GT, GE);
	                               * 'r': x_clock := value; 'f': x_clock any value */
	int clock;
	dmc_ae_op op;
	long value;
} dmc_aclk;

enum { DMC_CLK_TEST = 1,          /* the items leave a nonempty zone; nothing changes */
       DMC_CLK_RUN,               /* the items are applied (a zone may become empty) */
       DMC_CLK_POST };            /* time passes (unless a location in dmc_amodel.clk_at
                                   * says it cannot), then every location's items */

typedef struct dmc_aclkprog {
	int kind;                     /* DMC_CLK_* */
	int n;
	dmc_aclk *item;
} dmc_aclkprog;

/* What the successor runs where location variable var is loc: the
 * location's inactive clocks freed and its invariant (items), and
 * whether time cannot pass there (urgent, committed). */
typedef struct dmc_aclkloc {
	int var;
	long loc;
	int urgent;
	int n;
	dmc_aclk *item;
} dmc_aclkloc;

typedef struct dmc_atrans {
	int proc;                     /* process instance (automaton) */
	int from, to;                 /* its locations */
	dmc_aexpr *guard;             /* NULL: true */
	int nassign;
	dmc_assign *assign;           /* executed simultaneously */
	/* Binary synchronisation (rendezvous): a SEND and a RECV transition
	 * of two different processes on the same channel fire together;
	 * msg[k] of the send is assigned to recv_var[k] of the receive
	 * (recv_var[k] < 0: the field is matched, see match, or ignored). */
	int sync;                     /* DMC_SYNC_* */
	dmc_aexpr *chan;              /* the channel: a send and a receive pair up
	                               * when their chan values may be equal */
	int nmsg;
	dmc_aexpr **msg;              /* SEND: the sent expressions */
	int *recv_var;                /* RECV: variables receiving the fields */
	dmc_amatch *match;            /* RECV, or NULL: per field, the value it
	                               * must have (a constant or eval(e)) */
	int spawn;                    /* process instance started (run), or -1 */
	int id;                       /* pan's transition id, for reports */
	/* Atomic sequences (pan's Trans.atom bit 2): after this transition
	 * (of a RECV: after the rendezvous pair) the automaton stays inside
	 * an atomic sequence, and pan's next step is one of its moves alone
	 * as long as it has one; when it has none, everyone may move. */
	int atomic;
	dmc_aclkprog *clk;            /* its zone operation (dmc_amodel.nclocks > 0), or NULL */
	int certain;                  /* executable whenever guard (NULL: always) is true:
	                               * no channel, run, else, timeout, unknown effect,
	                               * and pan holds no process back (provided,
	                               * priorities); 0: it may block for other reasons */
} dmc_atrans;

typedef struct dmc_aproc {
	char *name;                   /* "P[2]" */
	int nlocs;
	int start;                    /* start location */
	int claim;                    /* a never claim: moves with the system, never held
	                               * back by an atomic sequence */
} dmc_aproc;

/* A target: all location conditions and the formula must hold, then
 * extra_steps more steps reach the error. */
typedef struct dmc_agoal {
	int nlocs;
	int *proc, *loc;              /* proc[k] must be able to be at loc[k] */
	dmc_aexpr *formula;           /* NULL: true */
	int extra_steps;
} dmc_agoal;

typedef struct dmc_amodel {
	int nprocs;
	dmc_aproc *procs;
	int nvars;
	dmc_avar *vars;
	int ntrans;
	dmc_atrans *trans;
	int ngoals;
	dmc_agoal *goals;             /* disjunction */
	/* dense clocks (0: none, or what the notes say was not all
	 * understood: then no transition has clk and a zone test is a
	 * guard that may hold) */
	int nclocks;
	long *clock_max;              /* [1..nclocks]: the largest constant each is compared with */
	int nclk_at;
	dmc_aclkloc *clk_at;
} dmc_amodel;

/* The state to evaluate h for, as the ATG's layer 0: (proc, loc) pairs
 * and (var, value) pairs.  A process may have several locations (one
 * abstract automaton can stand for several instances of a proctype) and a
 * variable several values; a process with no location is not running yet
 * (a spawn transition may start it at its start location).  A variable
 * with no value pair starts with its whole domain [lo, hi] (its value is
 * not known: e.g. a local of instances not started yet). */
typedef struct dmc_astate {
	int nlocs;
	const int *loc_proc, *loc_loc;
	int nvals;
	const int *val_var;
	const long *val_val;
} dmc_astate;

void dmc_amodel_free(dmc_amodel *m);
void dmc_atrans_free_parts(dmc_atrans *t);   /* its expressions and arrays */
/* A node op(a, b) (takes ownership of a and b, frees them when out of
 * memory), and a leaf (a constant's value; for DMC_AE_VAR set ->var). */
dmc_aexpr *dmc_aexpr_new(dmc_ae_op op, dmc_aexpr *a, dmc_aexpr *b);
dmc_aexpr *dmc_aexpr_leaf(dmc_ae_op op, long value);
dmc_aexpr *dmc_aexpr_copy(const dmc_aexpr *e);   /* NULL for NULL or out of memory */

#endif
