// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_pml.h -- what the parts of the ANMLite Promela writer share
 * (anml_pml.c: the model and its transitions; anml_pml_expr.c: C
 * expressions for timepoints and parameters; anml_pml_ref.c: constraints
 * with a reference point, 'at' and 'next').  Internal to frontends/anml/.
 */
#ifndef PROM_ANML_PML_H
#define PROM_ANML_PML_H

#include "anml.h"

#include <stddef.h>

#define MAXV 16   /* action references in one constraint */
#define MAXT 32   /* terms in one constraint */

typedef struct {
	int tl, inst, act;
	const anml_ref *ref;     /* its arguments restrict the occurrences */
} tvar;

typedef struct {
	int is_const, var, point, k, next;
} tterm;

/* a constraint as an ascending chain over action variables */
typedef struct {
	const anml_constraint *src;
	int id;
	int nterms, nvars, uterm;
	tterm t[MAXT];
	int ops[MAXT];
	tvar v[MAXV];
	/* with a reference point (anml_constraint.referenced): the bindings
	 * of the variables to instances, nb rows of nvars */
	int referenced, refpoint, unext;
	int nb;
	int *binds;
	unsigned char need[MAXV]; /* snapshot slots kept per variable (S_CS ...) */
} tchain;

/* snapshot slots: S_NS alone (without S_NSV) is a flag "the next one
 * has started" (1), with S_NSV its start time */
enum { S_CS = 1, S_CE = 2, S_NS = 4, S_NE = 8, S_NSV = 16 };

/* a parameter's value in a transition: a constant or an expression */
typedef struct {
	int is_const, val;
	char expr[48];
} tparam;

/* the events of one transition of instance inst: X ends, Y starts;
 * xp: X's parameters (before the step), yp: Y's (as chosen by it) */
typedef struct {
	int inst, x, y;          /* x, y: -1 when absent */
	tparam xp[8], yp[8];
} tevents;

/* a recorded timepoint of the occurrences of an action with given
 * arguments (anml_ref with values), e.g. rover_Drill_f1_s */
typedef struct {
	int inst, act, point;
	const anml_ref *ref;
	int nelem;               /* an array of nelem with lifted arguments, else 0 */
} trec;

/* a recorded timepoint and how guards compare it (anml_pml.c, clamp_note) */
typedef struct {
	char name[160];
	int k;                   /* the largest offset against the step's time */
	int fixed;               /* compared with a constant or another timepoint */
} tclamp;

/* A family of constraints (anml_pml_family.c): constraints a model writes
 * once per value of a parameter of the universal action, each reading
 * the recorded timepoints of another instance (logistics: truck t1's
 * `k1.In(tr1, x).start <= t1.Load(p1, x).end`, the same with k2 and p2,
 * ...).  Their recorded timepoints share one array, a slot per value,
 * and where the universal event's parameter is not known when the text
 * is written, the family is one guard indexed by it. */
typedef struct {
	int pos;                 /* the universal term's argument that selects the member */
	int var;                 /* the chain variable whose instance differs per member */
	int act;                 /* that variable's action */
	const anml_ref *ref;     /* its arguments (the same in every member) */
	int nvals;               /* the selecting parameter's values: one member each */
	int *inst;               /* per value: the member's instance of var */
	int nelem;               /* elements a member's recorded timepoint has (1: a scalar) */
} tfamily;

typedef struct {
	const anml_model *m;
	char file[512];          /* m->file as comment text (pml_comment_text) */
	int H;
	tchain *ch;
	int nch;
	unsigned char *rec;      /* [inst][act][point]: recorded? */
	int maxacts;
	trec *frec;              /* recorded timepoints with arguments */
	int nfrec;
	int *rest;               /* [inst][act]: least time still needed after act */
	FILE *out;
	anml_err *err;
	size_t max_bytes;        /* the processes' text may not exceed it, */
	size_t work;             /* nor its steps so far their limit (anml_pml.c) */
	int too_big;             /* one did: the writer stops */
	int lazy;                /* ends decided at the next start, a ticking clock */
	unsigned char *rec_decl; /* rec and nfrec as declared in the Promela (the */
	int nfrec_decl;          /* headers' writers may mark more: not declared) */
	tclamp *clamp;           /* the lazy clock's resets of recorded timepoints */
	int nclamp, noclamp;
	tfamily *fam;            /* families of constraints (anml_pml_family.c) */
	int nfam;
	int *ch_fam;             /* per chain: its family, or -1 */
	int *ch_head;            /* per chain: its group's first chain */
	int *ch_gsize;           /* per group's first chain: the group's size */
} writer;

typedef struct {
	char *s;
	size_t len, cap;
} sbuf;

/* The snapshot bookkeeping of one transition of ev->inst, in the order
 * the statements run: END after X's end is recorded (fills ce/ne),
 * UREF before the next action is entered (the reference occurrence ends
 * now: its own slots), START after Y is entered (fills ns), SNAP last
 * (the other variables' current occurrences after this step). */
enum { PH_END, PH_UREF, PH_START, PH_SNAP };

/* anml_pml.c: one more step of the writer (a constraint, binding or
 * recorded timepoint looked at); 1 when the writer must stop (too_big) */
int anml_spend(writer *w);

/* anml_pml_expr.c */
void anml_sb_printf(sbuf *b, const char *fmt, ...);
const char *anml_iname(writer *w, int inst);
const char *anml_aname(writer *w, int inst, int act);
const char *anml_tname(writer *w, int inst);
unsigned char *anml_rec_at(writer *w, int inst, int act, int point);
int anml_arg_val(const anml_ref *r, int k);
int anml_has_filter(const anml_ref *r);
int anml_same_filter(const anml_ref *a, const anml_ref *b);
/* lifted arguments (anml_pml_expr.c): is argument k of r one that
 * replaced a constraint's variable?  While exprs is set (NULL clears
 * it), variable v's lifted arguments stand for exprs[v] */
int anml_lifted(const anml_ref *r, int k);
void anml_lift_set(const char *const *exprs);
/* do a and b name the same recorded timepoint (values and lifted
 * positions)? */
int anml_same_rec(const anml_ref *a, const anml_ref *b);
/* the recorded timepoint's name without an index; its number of
 * elements (0: not an array) */
int anml_rec_base(writer *w, int inst, int act, const anml_ref *ref, int point, char *buf, size_t n);
/* its element for parameters p (the lifted positions' values or
 * expressions; NULL: the arguments' values or lifted expressions) */
void anml_rec_elem(writer *w, int inst, int act, const anml_ref *ref, int point, const tparam *p, char *buf, size_t n);
/* the recorded timepoint of act's occurrences on inst matching ref's
 * arguments (all when ref has none): its name; marks it recorded */
void anml_rec_name(writer *w, int inst, int act, const anml_ref *ref, int point, char *buf, size_t n);
/* the parameters of inst's current action as expressions */
void anml_current_params(writer *w, int inst, tparam *p);
/* do parameters p match ref's arguments?  1 always, 0 never, -1 it
 * depends: then the condition is appended to b */
int anml_match(const anml_ref *ref, const tparam *p, sbuf *b);
/* val = (m -> a : bval), cond += && (m || bcond) */
void anml_pick(sbuf *val, sbuf *cond, const char *m, const char *a, const char *bval, const char *bcond);

/* anml_pml_ref.c */
void anml_slot(const tchain *c, int bi, int v, const char *what, char *buf, size_t n);
int anml_ref_term_value(const tchain *c, int bi, int i, const tevents *ev, sbuf *val, sbuf *cond);
void anml_list_bindings(writer *w, tchain *c, int *b, int k);
void anml_ref_updates(writer *w, const tevents *ev, int phase, sbuf *s);

/* anml_pml_family.c: find the families among the chains (after
 * normalising them); free them */
void anml_find_families(writer *w);
/* the first chain of chain i's group: the instances of one constraint
 * with variables are consecutive chains of one origin */
int anml_group_head(const writer *w, int i);
void anml_free_families(writer *w);
/* the family whose shared array holds the recorded timepoint of act's
 * occurrences on inst matching ref, and the member's slot; -1 if none */
int anml_fam_store(const writer *w, int inst, int act, const anml_ref *ref, int *slot);
/* while set (f >= 0), family f's slot is the expression expr (the
 * universal event's parameter) instead of the member's number */
void anml_fam_select(int f, const char *expr);
int anml_fam_selected(const char **expr);

/* anml_pml_tdata.c: the timeline data for the htime heuristic, a C
 * header on out (model/timeline_data.h) */
void anml_write_tdata(writer *w, FILE *out);

/* anml_pml_pgraph.c: the planning graph for the hplan heuristic, after
 * the timeline data (model/plan_graph.h) */
void anml_write_pgraph(writer *w, FILE *out);

#endif
