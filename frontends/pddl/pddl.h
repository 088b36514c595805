// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl.h -- PDDL (the planning community's language, STRIPS and ADL
 * parts) read into a lifted model: a domain (types, constants,
 * predicates, action schemas) and a problem (objects, initial state,
 * goal).  The model is grounded by relaxed reachability (pddl_ground.c)
 * and written as Promela whose assertion violation is a plan
 * (pddl_pml.c); the validator (pddl_validate.c) applies a plan to the
 * lifted model, independently of the grounding.  PDDL 2.1's durative
 * actions (constant durations) are start and end happenings on a time
 * line of ticks (pddl_pml_temporal.c; the validator's temporal part).
 * docs/planning.md.
 */
#ifndef PROM_PDDL_H
#define PROM_PDDL_H

#include <stddef.h>
#include <stdio.h>

/* an error message "FILE:LINE:COL: what was expected" */
typedef struct {
	char msg[512];
} pddl_err;

/* ---- s-expressions (pddl_sexpr.c) ---- */
typedef struct pddl_sx {
	char *atom;              /* NULL for a list; lower-cased (PDDL ignores case) */
	struct pddl_sx *kids;    /* a list's elements */
	int n;
	int line, col;
	const char *file;        /* not owned */
} pddl_sx;

/* the top-level lists of text into *out (*n of them); 0, or -1 with
 * *err set (file:line:col) */
int pddl_sx_read(const char *file, const char *text, pddl_sx **out, int *n, pddl_err *err);
void pddl_sx_free(pddl_sx *s, int n);
/* "'(...'" or the atom quoted, for "found X" in messages */
void pddl_sx_describe(const pddl_sx *s, char *buf, size_t len);

/* ---- the lifted model (pddl_parse.c) ---- */
/* a term: an object (>= 0) or a variable v (PDDL_VAR(v), < 0) */
#define PDDL_VAR(v) (-1 - (v))
#define PDDL_IS_VAR(t) ((t) < 0)
#define PDDL_VAR_OF(t) (-1 - (t))

enum { PF_TRUE, PF_ATOM, PF_EQ, PF_NOT, PF_AND, PF_OR, PF_IMPLY, PF_EXISTS, PF_FORALL };

typedef struct pddl_fm {
	int kind;
	int pred;                /* PF_ATOM */
	int *args, nargs;        /* PF_ATOM, PF_EQ (2 terms) */
	struct pddl_fm *sub;     /* PF_NOT (1), PF_AND/OR (n), PF_IMPLY (2), quantifiers (1) */
	int n;
	int var0, nvars;         /* quantifiers: variables var0 .. var0+nvars-1 */
	int *vtype;              /* their types */
} pddl_fm;

/* an effect literal: for all bindings of its variables, when cond holds
 * in the state before the action, pred(args) becomes true (add) or false */
typedef struct {
	int var0, nvars, *vtype; /* forall variables (nvars 0: none) */
	pddl_fm *cond;           /* NULL: unconditional */
	int add;
	int pred, *args, nargs;
	int line;
	int at_end;              /* a durative action's "at end" effect (else at start) */
} pddl_eff;

/* time in ticks: PDDL_TICKS a time unit; a tick is the epsilon that
 * separates happenings (docs/planning.md, "Durative actions") */
#define PDDL_TICKS 1000

typedef struct {
	char *name;
	int nparams, *ptype;     /* parameters are variables 0 .. nparams-1 */
	char **pname;
	int nvars;               /* parameters and quantified variables */
	pddl_fm *pre;            /* NULL: none */
	pddl_eff *effs;
	int neffs;
	int line;
	/* a :durative-action: pre is its "at start" condition, inv its
	 * "over all" one, pre_end its "at end" one (NULL: none); dur its
	 * duration in ticks (> 0) */
	int durative;
	pddl_fm *inv, *pre_end;
	int dur;
} pddl_action;

typedef struct {
	char *name;
	int nargs, *atype;
	int fluent;              /* some effect changes it (else static) */
} pddl_pred;

typedef struct {
	char *domain_name, *problem_name;
	const char *domain_file, *problem_file;   /* not owned */
	char **types;            /* 0 is "object" */
	int *tparent;            /* -1 for object */
	int ntypes;
	char **objs;             /* domain constants, then problem objects */
	int *otype;
	int nobjs;
	pddl_pred *preds;
	int npreds;
	pddl_action *acts;
	int nacts;
	int *init, ninit;        /* ground atoms: pred, args..., one after another */
	int init_len;            /* ints in init */
	pddl_fm *goal;
	int goal_nvars;          /* the goal's quantified variables */
	int has_domain, has_problem;
	int temporal;            /* some action is durative */
} pddl_model;

/* PDDL's defines of the files' texts (a domain and a problem, one or two
 * files) into *m; 0, or -1 with *err set */
int pddl_parse(const char *const *files, const char *const *texts, int nfiles, pddl_model *m,
               pddl_err *err);
/* files read and parsed; 0, or -1 with *err set (a file that cannot be read too) */
int pddl_load(const char *const *files, int nfiles, pddl_model *m, pddl_err *err);
void pddl_free(pddl_model *m);
/* is object o of type t (or a subtype)? */
int pddl_is_a(const pddl_model *m, int o, int t);
/* an atom "(pred a b)" into buf */
void pddl_atom_text(const pddl_model *m, int pred, const int *args, char *buf, size_t len);

/* ---- the grounding (pddl_ground.c) ---- */
enum { PG_TRUE, PG_FALSE, PG_FACT, PG_NOT, PG_AND, PG_OR };

typedef struct pddl_gf {
	int kind;
	int fact;                /* PG_FACT */
	struct pddl_gf **kids;
	int n;
} pddl_gf;

typedef struct {
	pddl_gf *cond;           /* NULL: unconditional */
	int fact, add;
	int at_end;              /* a durative action's end effect */
} pddl_geff;

typedef struct {
	int schema;
	int *args;               /* the parameters' objects */
	pddl_gf *pre;            /* a durative action's: at start */
	pddl_geff *effs;
	int neffs;
	pddl_gf *inv, *pre_end;  /* a durative action's over all and at end conditions (else NULL) */
} pddl_gaction;

typedef struct {
	int nfacts;              /* the fluent atoms relaxed reachability reaches */
	int *fpred, **fargs;     /* fact i is fpred[i](fargs[i]) */
	char *finit;             /* true in the initial state */
	pddl_gaction *acts;
	int nacts;
	pddl_gf *goal;           /* PG_FALSE: unreachable even without deletes */
	size_t atoms;            /* fluent atoms looked at (reached or not) */
	long horizon;            /* a temporal translation's: every action ends by then, in
	                          * ticks (0: no bound; dmc plan --optimal makespan sets it) */
} pddl_task;

/* m grounded into *t, at most max_actions ground actions; 0, or -1
 * with *err set */
int pddl_ground(const pddl_model *m, pddl_task *t, int max_actions, pddl_err *err);
void pddl_task_free(pddl_task *t);
/* ground action a's IPC text "(name arg ...)" into buf */
void pddl_gaction_text(const pddl_model *m, const pddl_gaction *a, char *buf, size_t len);

/* ---- Promela (pddl_pml.c) ---- */
/* the task's Promela to out: a plan is the assertion's violation, each
 * action prints "@@PDDL K" (ground action K) when spin -t replays it;
 * act_line (NULL: not wanted; else t->nacts + 1 of them) gets each
 * ground action's line, where its alternative of the loop starts (a
 * durative action's start), and a temporal task's time advance's line
 * after them */
void pddl_write_promela(FILE *out, const pddl_model *m, const pddl_task *t, int *act_line);

/* the translation of a temporal task (m->temporal, pddl_pml_temporal.c),
 * which pddl_write_promela calls: act_line as there, and when it is not
 * NULL out is an open_memstream's of *text, *len */
void pddl_write_promela_temporal(FILE *out, const pddl_model *m, const pddl_task *t, int *act_line,
                                 char *const *text, const size_t *len);
/* the lines written to mem (an open_memstream's of *text, *len) since *at, added to *line */
void pddl_pml_count_lines(FILE *mem, char *const *text, const size_t *len, size_t *at, int *line);
/* the plan process's start: the initial facts set in one d_step, then
 * the loop of actions opens (its label end_plan) */
void pddl_pml_write_start(FILE *out, const char *finit, int nfacts);
/* what the two translations share: a ground formula as a Promela
 * expression; an action's effects of one kind (add or delete) and time
 * (at_end), c[k] the k-th of its distinct conditions (pddl_pml_conditions) */
void pddl_pml_expr(FILE *out, const pddl_gf *x);
/* the same with fact k written as value[k] where that is not NULL */
void pddl_pml_expr_as(FILE *out, const pddl_gf *x, char *const *value);
int pddl_pml_conditions(const pddl_gaction *a, int at_end, char ***cond, int **which);
void pddl_pml_free_conditions(char **cond, int n, int *which);
void pddl_pml_effects(FILE *out, const pddl_gaction *a, const int *which, int add, int at_end);

/* ---- the task for the hff heuristic (pddl_meta.c) ---- */
/* the generated C header of model/pddl_task.h's tables for t, whose
 * Promela (pddl_write_promela) has its actions at act_line; a temporal
 * task's durative actions as snap actions: a start (its start condition,
 * its start effects and "running") and an end ("running" and its end
 * condition, its end effects), the running bits after the facts */
void pddl_write_meta(FILE *out, const pddl_model *m, const pddl_task *t, const int *act_line);

/* ---- plans and the validator (pddl_validate.c) ---- */
typedef struct {
	int act;                 /* schema */
	int *args;
	int line;                /* in the plan file, 0 for a plan from the search */
	long at;                 /* a temporal plan's: the start in ticks */
	int dur;                 /* its duration in ticks (-1: not given) */
} pddl_step;

typedef struct {
	pddl_step *steps;
	int n;
	int temporal;            /* times and durations (the model's actions are durative) */
} pddl_plan;

/* "(action a b)" lines (';' comments, an optional "T:" prefix, an
 * optional "[D]" suffix) into *p; 0, or -1 with *err set (file:line:col) */
int pddl_plan_read(const char *file, const char *text, const pddl_model *m, pddl_plan *p,
                   pddl_err *err);
/* the plan from spin -t's output ("@@PDDL K" lines; a temporal task's
 * "@@PDDLT" lines, pddl_pml_temporal.c); 0, or -1 */
int pddl_plan_from_replay(const pddl_model *m, const pddl_task *t, const char *text, pddl_plan *p,
                          pddl_err *err);
void pddl_plan_write(FILE *out, const pddl_model *m, const pddl_plan *p);
void pddl_plan_free(pddl_plan *p);
/* the plan applied to the initial state: every precondition and then the
 * goal must hold; each violation on err_out, their number (0: valid) */
int pddl_validate(const pddl_model *m, const pddl_plan *p, FILE *err_out);
/* action elimination on a valid plan: each step in turn left out, with
 * every later step that is then not applicable, when the goal still
 * holds; the number of steps removed (the plan stays valid) */
int pddl_plan_shorten(const pddl_model *m, pddl_plan *p);

/* ---- temporal plans (pddl_validate.c) ---- */
/* the temporal validator: the happenings (starts, ends, instantaneous
 * actions) grouped by time; in each group no two interfere, each one's
 * condition holds in the state before, the effects apply together, and
 * the over-all condition of every action running across the time point
 * holds after it; the goal after the last with no action running.  Each
 * violation on err_out (NULL: none), their number (0: valid) */
int pddl_validate_temporal(const pddl_model *m, const pddl_plan *p, FILE *err_out);
/* the end of the plan's last happening, in ticks */
long pddl_plan_makespan(const pddl_model *m, const pddl_plan *p);
/* the temporal plan from the replay's "@@PDDLT" lines; 0, or -1 */
int pddl_plan_from_replay_temporal(const pddl_model *m, const pddl_task *t, const char *text, pddl_plan *p,
                                   pddl_err *err);
/* ticks as "12.345" into buf */
void pddl_ticks_text(long ticks, char *buf, size_t len);

#endif
