// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_ast.h -- the ANMLite model as parsed (anml_parse.c) and resolved
 * (anml_sema.c): plan, types, timelines with actions and transitions,
 * instances, initial state, goals and constraints.  The language is
 * described in docs/anmlite.md.
 *
 * Indices: tl = timeline, act = action within its timeline, inst =
 * timeline instance (-1 in a reference: every instance of the timeline,
 * "type level").
 */
#ifndef PROM_ANML_AST_H
#define PROM_ANML_AST_H

#include <stddef.h>

typedef struct {
	int line, col;
} anml_loc;

/* A message "FILE:LINE:COL: TEXT" for a malformed or inconsistent model. */
typedef struct {
	char msg[512];
} anml_err;

typedef struct {
	char *name;
	anml_loc loc;
	char **vals;
	int nvals;
} anml_type;

#define ANML_UNBOUNDED (-1)

typedef struct {
	char *name;
	anml_loc loc;
	int min, max;            /* duration; max ANML_UNBOUNDED for '_' */
	int nparams;
	char **pname, **ptname;  /* parameter and type names */
	int *ptype;              /* resolved type of each parameter */
} anml_action;

/* An argument of a transition pattern: '_', a value of the parameter's
 * type, or a pattern variable (implicitly declared). */
enum { ANML_ARG_ANY, ANML_ARG_VALUE, ANML_ARG_VAR };
typedef struct {
	char *name;              /* NULL for '_' */
	anml_loc loc;
	int kind, val;           /* resolved: kind, value index or variable id */
	int lvar;                /* in an expanded constraint (anml_cons_expand): 1 + the
	                          * variable this value replaced, 0 for a written value */
} anml_arg;

typedef struct {
	char *action;
	anml_loc loc;
	int has_args, nargs;
	anml_arg *args;
	int act;                 /* resolved */
} anml_pat;

typedef struct {
	anml_pat from, to;
	int nvars;               /* pattern variables of this pair */
} anml_trans;

typedef struct {
	char *name;
	anml_loc loc;
	anml_action *acts;
	int nacts;
	anml_trans *trans;
	int ntrans;
	int maxparams;
} anml_timeline;

typedef struct {
	char *name, *tlname;
	anml_loc loc;
	int tl;
	int implicit;            /* no VARIABLES entry: named after the timeline */
} anml_inst;

/* [qual.]action[(args)]: qual is an instance or a timeline name; the
 * arguments (values of the parameters' types or '_') restrict the
 * reference to the occurrences with those parameters. */
typedef struct {
	char *qual, *action;
	anml_loc loc;
	int tl, inst, act;       /* resolved; inst -1: every instance of tl */
	int has_args, nargs;
	anml_arg *args;          /* resolved: kind ANML_ARG_VALUE (val) or ANML_ARG_ANY
	                          * (ANML_ARG_VAR in a constraint until anml_cons_expand) */
} anml_ref;

enum { ANML_START, ANML_END };
typedef struct {
	int is_const;            /* a bare constant */
	anml_ref ref;
	int next, point;         /* point: ANML_START / ANML_END */
	int k;                   /* the constant added (tp + k, or k alone) */
	anml_loc loc;
} anml_term;

enum { ANML_LT, ANML_LE, ANML_EQ };

#define ANML_MAX_CVARS 8          /* variables in one constraint */
#define ANML_MAX_CVAR_COPIES 4096 /* instances of all constraints */

enum {
	ANML_BEFORE, ANML_MEETS, ANML_OVERLAPS, ANML_DURING, ANML_STARTS,
	ANML_FINISHES, ANML_EQUALS, ANML_CONTAINS, ANML_NALLEN
};
extern const char *const anml_allen_names[ANML_NALLEN];

typedef struct {
	anml_loc loc;
	int allen;               /* -1: a chain of terms; else X allen Y */
	anml_ref x, y;
	anml_term *terms;
	int nterms;
	int *ops;                /* ops[i] between terms[i] and terms[i+1] */
	int has_at;
	anml_term at;
	/* resolved (anml_sema.c): a constraint that needs a reference point
	 * other than its universal timepoint ('at', or 'next' in a term)
	 * quantifies over the occurrences of the universal action; refpoint
	 * is the timepoint of the reference occurrence (ANML_START/END), which
	 * is the universal occurrence itself or, when the last term is
	 * U.next, the occurrence of U before it. */
	int referenced, refpoint;
	/* variables in the references' arguments (ANML_ARG_VAR, val = the
	 * variable's index): universally quantified; anml_cons_expand()
	 * replaces the constraint by one copy per combination of values */
	int nvars;
	int vtype[ANML_MAX_CVARS];
	/* an instance made by anml_cons_expand: 1 + the index of the
	 * constraint it instantiates (0: written without variables); the
	 * instances of one constraint are consecutive, and the translator
	 * writes them as one guard where the variables are parameters of
	 * the universal event (anml_pml.c, "lifted") */
	int origin;
} anml_constraint;

typedef struct {
	char *file, *name;
	anml_loc loc;
	anml_type *types;
	int ntypes;
	anml_timeline *tls;
	int ntls;
	anml_inst *insts;
	int ninsts;
	anml_ref *inits;
	int ninits;
	anml_ref *goals;
	int ngoals;
	anml_constraint *cons;
	int ncons;
} anml_model;

/* anml_parse.c: text to model; 0, or -1 with err set (FILE:LINE:COL). */
int anml_parse(const char *file, const char *text, anml_model *m, anml_err *err);
/* anml_sema.c: resolve names, check the model; 0, or -1 with err set. */
int anml_resolve(anml_model *m, anml_err *err);
/* Both, from a file: 0, or -1 with err set. */
int anml_load(const char *path, anml_model *m, anml_err *err);
void anml_free(anml_model *m);

/* anml_cons_expand.c: the constraints with variables replaced by their
 * instances (one per combination of values); 0, or -1 when the
 * constraints would have more than ANML_MAX_CVAR_COPIES instances in all
 * (*too_many is the one that passes the limit). */
int anml_cons_expand(anml_model *m, const anml_constraint **too_many);
void anml_constraint_free(anml_constraint *c);

/* anml_sema.c helpers used by the back ends */
int anml_inst_goal_count(const anml_model *m, int inst);
int anml_is_goal(const anml_model *m, int inst, int act);
/* the first action fixed by INITIAL-STATE for inst, or -1 */
int anml_initial_action(const anml_model *m, int inst);
/* the INITIAL-STATE reference for inst, or NULL */
const anml_ref *anml_initial_ref(const anml_model *m, int inst);
/* does reference r apply to instance inst (named or type level)? */
int anml_ref_applies(const anml_model *m, const anml_ref *r, int inst);
/* the goals of inst without duplicates (same action and arguments):
 * fills idx (up to max) with indices into m->goals; returns the count */
int anml_inst_goals(const anml_model *m, int inst, int *idx, int max);

#endif
