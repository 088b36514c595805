// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal.h -- networks of automata (UPPAAL .xta / .xml) as the translator
 * into Promela sees them: expressions, declarations, templates, the
 * system line, the query.  Everything is allocated in one arena (up_model)
 * so that an error anywhere (a longjmp to the entry point) frees it all.
 */
#ifndef PROM_UPPAAL_H
#define PROM_UPPAAL_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>

#include "env.h"

/* ---- arena and errors ---- */
typedef struct up_chunk up_chunk;
typedef struct {
	up_chunk *chunks;
	jmp_buf *on_error;      /* where up_fail jumps to */
	char err[512];          /* "file:line: message" */
	FILE *warn;             /* warnings (stderr; NULL: silent) */
	int nwarn;
	int inexact;            /* a strict clock constraint: discrete time may
				 * lose behaviours of the dense-time model */
	int zone_query_refused; /* the network takes zones, the query not
				 * (up_zone_plan): it keeps its own translation */
	int discrete_time;      /* the caller asks for integer clocks (the unit
				 * tests of the discrete-time Promela; no command
				 * line option yet) */
	long max_promela;       /* the largest translation in bytes; 0:
				 * UP_MAX_PROMELA (uppaal_emit.h) */
	/* memory streams open while writing; up_ctx_free closes what an
	 * error left open */
	FILE *mem[16];
	char *membuf[16];
	size_t memlen[16];
	int nmem;
} up_ctx;

/* a memory stream; up_mem_close (of the last one opened) gives its text,
 * which the caller frees */
FILE *up_mem_open(up_ctx *c);
char *up_mem_close(up_ctx *c, size_t *len);

void *up_alloc(up_ctx *c, size_t n);               /* zeroed */
char *up_strdup(up_ctx *c, const char *s);
char *up_strndup(up_ctx *c, const char *s, size_t n);
void up_ctx_free(up_ctx *c);
void up_fail(up_ctx *c, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((noreturn, format(printf, 4, 5)))
#endif
	;
/* "file:line:col: message" (col 0: "file:line: message") */
void up_fail_at(up_ctx *c, const char *file, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((noreturn, format(printf, 5, 6)))
#endif
	;
/* text of len bytes must hold no NUL byte (the text after one would be
 * ignored): else an error at its line and column */
void up_check_no_nul(up_ctx *c, const char *file, const char *text, size_t len);
/* 1 and the first NUL's line and column, or 0 */
int up_find_nul(const char *text, size_t len, int *line, int *col);
void up_warn(up_ctx *c, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* a growable array of pointers */
typedef struct { void **v; int n, cap; } up_vec;
void up_push(up_ctx *c, up_vec *a, void *p);

/* ---- lexer (uppaal_lex.c) ---- */
enum { T_EOF, T_ID, T_NUM, T_OP, T_DBL /* a decimal literal: 1.5 */ };
typedef struct {
	int kind;
	char text[64];
	long num;
	double dnum;            /* T_DBL */
	int line, col;
} up_tok;

/* how deep expressions and statements may nest: the parser, the
 * evaluator and the writer recurse once per level */
#define UP_MAX_NESTING 256
/* the longest chain of operators in one expression (a + a + ... is as
 * deep a tree as nested parentheses) */
#define UP_MAX_EXPR_HEIGHT 2000

typedef struct {
	up_ctx *c;
	const char *file;
	const char *s;          /* the text */
	size_t pos;
	int line;
	size_t line_start;      /* pos of the current line's first character */
	int col0;               /* the file's column of the text's first character */
	int depth;              /* nesting of expressions and statements now */
	up_tok t;               /* current token */
} up_lex;

void up_lex_init(up_lex *l, up_ctx *c, const char *file, const char *text, int line);
/* the text starts at column col of its first line in the file (XML) */
void up_lex_init_at(up_lex *l, up_ctx *c, const char *file, const char *text, int line, int col);
/* one more level of nesting (error beyond UP_MAX_NESTING); up_leave: one less */
void up_enter(up_lex *l);
void up_leave(up_lex *l);
void up_next(up_lex *l);
int up_is(const up_lex *l, const char *op);          /* current is op/keyword */
int up_accept(up_lex *l, const char *op);            /* consume if up_is */
void up_expect(up_lex *l, const char *op);           /* else file:line error */
const char *up_expect_id(up_lex *l, const char *what);
void up_lex_fail(up_lex *l, const char *expected)
#if defined(__GNUC__)
	__attribute__((noreturn))
#endif
	;

typedef struct up_inst *up_inst_ptr;

/* ---- expressions (uppaal_expr.c) ---- */
enum {
	X_NUM, X_ID, X_INDEX, X_UN, X_BIN, X_COND, X_ASSIGN, X_INCDEC, X_DOT, X_CALL,
	X_QUANT,                /* forall/exists/sum (name : range) c: op "A", "E"
				 * or "S"; the range is a (lo) and b (hi), or a
				 * typedef's name in a and b NULL */
	X_ARGS,                 /* the 3rd and later arguments of a call of more
				 * than 3: a the argument, b the next X_ARGS */
	X_DBL                   /* a decimal literal: dval, its text in name (in a
				 * `const double`, or compared with a clock) */
};
/* the arguments of a call: val of them in a, b, c (more than 3: c is a
 * chain of X_ARGS) */
#define UP_MAX_ARGS 16
typedef struct up_expr up_expr;
struct up_expr {
	int kind;
	char op[4];             /* operator text: "+", "&&", "=", "+=", "++", ... */
	long val;               /* X_NUM; X_INCDEC: 1 if postfix */
	double dval;            /* X_DBL */
	const char *name;       /* X_ID, X_DOT (the location), X_CALL */
	up_expr *a, *b, *c;
	int line, col;          /* col 0: not known */
	int height;             /* 1 + the children's largest height */
	const char *file;       /* the text it was parsed from (NULL: made by the translator) */
};
up_expr *up_parse_expr(up_lex *l);                   /* an assignment expression */
up_expr *up_parse_cond_expr(up_lex *l);              /* no assignment */
/* argument i (from 0) of the call e */
const up_expr *up_call_arg(const up_expr *e, int i);
/* text of an expression, for messages: UPPAAL syntax */
void up_expr_text(const up_expr *e, char *buf, size_t n);
/* an error at the first decimal literal in e (where none may be) */
void up_no_double(up_ctx *c, const char *file, const up_expr *e);

typedef struct { int line, col; } up_pos;

/* ---- declarations and templates (uppaal_decl.c) ---- */
enum { TY_INT, TY_BOOL, TY_CLOCK, TY_CHAN, TY_STRUCT, TY_DBL };
#define UP_MAX_DIMS 4
/* the most elements of an array (binary channels: 255, pan's limit) */
#define UP_MAX_ARRAY 4096
typedef struct {
	int kind;
	int is_const, is_urgent, is_broadcast, is_ref;
	up_expr *lo, *hi;       /* int range, NULL: default [-32768,32767] */
	up_vec *fields;         /* TY_STRUCT: up_var* (name, type, array size) */
	up_vec *adims;          /* an array typedef's dimensions (up_expr*), which
				 * a declarator of the type adds after its own;
				 * NULL: not an array type */
} up_type;

typedef struct up_var_s {
	const char *name;
	up_type type;
	up_expr *size;          /* array size or NULL (the first dimension) */
	up_vec dims;            /* up_expr*: further dimensions of a[2][3] */
	up_expr *init;          /* NULL, or the initialiser */
	up_vec init_list;       /* {a, b, c} for arrays */
	const char *file;
	int line, col;
	/* filled in by up_instantiate for the variables of the network */
	const char *pname;      /* Promela name */
	long lo, hi, nsize;     /* range (evaluated), array size (0: scalar; all
	                         * dimensions: Promela gets one flat array) */
	long dimsz[UP_MAX_DIMS];/* the dimensions' sizes (evaluated) */
	long dimlo[UP_MAX_DIMS];/* the first index of each (0, or the low end of
				 * the range type an array is sized by: a[id_t]) */
	int ndims;              /* 0 for a scalar */
	int clock;              /* index in up_net.clocks, -1 if not a clock */
	up_inst_ptr owner;      /* instance of a local, NULL for globals */
	long *cvals;            /* a constant array: its nsize values (row-major);
				 * not a Promela variable */
	struct up_var_s **celem;/* a clock array: its nsize element clocks (the
				 * array is no Promela variable) */
	struct up_var_s *carr;  /* an element of a clock array: the array */
} up_var;

typedef struct {
	const char *name;
	up_type type;
} up_typedef;

/* user functions: `T f(params) { return e; }` (inlined into expressions)
 * and `void f(params) { statements }` (inlined into updates) */
enum { S_EXPR, S_IF, S_BLOCK, S_RETURN, S_FOR, S_WHILE, S_DECL, S_DO };
typedef struct up_stmt up_stmt;
struct up_stmt {
	int kind;
	up_expr *e;             /* S_EXPR, S_RETURN; S_IF, S_WHILE: the condition */
	up_stmt *then, *els;    /* S_IF; S_FOR, S_WHILE: the body in then */
	const char *var;        /* S_FOR (i : int[a,b]): the name, bound in turn */
	up_type range;          /* S_FOR: its range (or typedef) */
	up_vec body;            /* S_BLOCK: up_stmt*; S_DECL: up_var* (locals) */
	int line, col;
};
/* 1 when st or a statement inside it is a return */
int up_stmt_has_return(const up_stmt *st);

typedef struct {
	const char *name;
	int is_void;
	up_type rtype;          /* the result's type (non-void) */
	up_vec params;          /* up_var* */
	up_stmt *body;          /* S_BLOCK */
	up_expr *ret;           /* non-void whose body is `return e;`: e (else NULL:
				 * the body is evaluated symbolically, uppaal_func.c) */
	const char *file;
	int line, col;
} up_func;

typedef struct {
	const char *name;       /* NULL for an unnamed XML location */
	const char *id;         /* XML id, or the name */
	up_expr *inv;
	up_vec rates;           /* up_expr*: the invariant's clock rates x' == e
				 * (X_BIN "==", a: X_UN "'" of the clock, b: the rate) */
	int urgent, committed;
	int line, col;
} up_loc;

typedef struct {
	const char *name;
	up_type type;           /* TY_INT with range: the values */
} up_select;

typedef struct {
	int src, dst;           /* location indices */
	up_vec selects;         /* up_select* */
	up_expr *guard;         /* NULL: true */
	up_expr *sync;          /* channel expression, NULL: none */
	int sync_dir;           /* '!', '?' or UP_SYNC_CSP (`sync a;`) */
	up_vec assigns;         /* up_expr* */
	int line, col;
} up_edge;

typedef struct {
	const char *name;
	up_vec params;          /* up_var* (type, name) */
	up_vec vars;            /* up_var* locals */
	up_vec funcs;           /* up_func* local functions */
	up_vec locs;            /* up_loc* */
	up_vec edges;           /* up_edge* */
	int init;               /* location index, -1 if unset */
	const char *file;
	int line, col;
} up_template;

typedef struct {
	const char *name;       /* instance name */
	const char *tmpl;
	up_vec args;            /* up_expr* */
	up_vec params;          /* up_var*: `Name(const id_t i) = T(i, a[i]);`, an
				 * instance per value of the bounded parameters */
	int line, col;
} up_instdecl;

typedef struct {
	int kind;               /* 'E' E<> phi, 'A' A[] phi (safety: an assert);
	                         * 'F' A<> phi, 'G' E[] phi, 'L' phi --> psi
	                         * (liveness: an ltl formula, see up_query_is_liveness) */
	up_expr *phi;
	up_expr *psi;           /* the right side of --> */
	const char *text;
	const char *file;
	int line, col;
} up_query;

/* an element of `chan priority a, d[0] < default < b;` (one declaration
 * per system, in the global declarations) */
typedef struct {
	up_expr *ch;            /* a channel, a whole array of them, or an element
				 * with constant indices; NULL: default */
	int level;              /* 0 for the first group, one more after each '<' */
} up_prio;

/* `IO P {a, b[1]}` after the system line: process P's alphabet of CSP
 * synchronisations (uppaal_csp.c) */
typedef struct {
	const char *name;       /* the process */
	up_vec args;            /* up_expr*: `IO P(1) {...}` names the instance P(1) */
	up_vec chans;           /* up_expr*: channels and channel elements */
	const char *file;
	int line, col;
} up_iodecl;

typedef struct {
	up_ctx *c;
	const char *file;
	up_vec iodecls;         /* up_iodecl*: the CSP alphabets, if declared */
	up_vec prios;           /* up_prio*: the channel priorities, if declared */
	up_vec dconsts;         /* up_var*: global `const double` constants, which
				 * nothing may use (checked, then left out) */
	int decl_type;          /* parsing a declaration's type: `const double` is read */
	int prio_default;       /* the level of `default` (0 when not listed: the
				 * first group's, as UPPAAL's parser library sets it) */
	int prio_line;          /* where the declaration is (0: none) */
	up_vec typedefs;        /* up_typedef* */
	up_vec globals;         /* up_var* */
	up_vec funcs;           /* up_func* global functions */
	up_vec templates;       /* up_template* */
	up_vec instdecls;       /* up_instdecl* (Name = T(args);) */
	up_vec system;          /* const char* names in the system line */
	up_vec system_pos;      /* up_pos*: where each of them is */
	int system_line, system_col;
	up_vec queries;         /* up_query_src*: the model file's stored queries
				 * (XML), parsed only when used */
} up_model;

/* a query's text and where it starts, not parsed yet */
typedef struct {
	const char *text;
	const char *file;
	int line, col;
} up_query_src;

/* declarations (global, template or system) into vars, functions into
 * funcs; typedefs go to m */
void up_parse_decls(up_model *m, up_lex *l, up_vec *vars, up_vec *funcs, int in_system);
/* a whole .xta text */
void up_parse_xta(up_model *m, const char *text);
/* "const int id, int &x" into t->params */
void up_parse_params(up_model *m, up_template *t, const char *text, int line, int col);
/* the XML reader (uppaal_xml.c) */
void up_parse_xml(up_model *m, const char *text, size_t len);
/* helpers for the XML reader: a location's invariant, an edge's labels */
up_template *up_new_template(up_model *m, const char *name, int line, int col);
int up_find_loc(const up_template *t, const char *name_or_id);
void up_parse_label(up_model *m, up_edge *ed, const char *kind, const char *text, int line, int col);
void up_parse_type(up_model *m, up_lex *l, up_type *ty);
/* the clock rates (x' == e) of loc's invariant into loc->rates, the rest
 * stays the invariant (NULL when nothing is left) */
void up_split_rates(up_model *m, up_loc *loc);

/* a channel reference, name or name[e]..., in a sync label or an IO list
 * (uppaal_decl.c) */
up_expr *up_parse_chan_ref(up_model *m, up_lex *l);

/* ---- CSP synchronisation (uppaal_csp.c) ---- */
/* an edge's sync_dir for utap's `sync a;` (no '!' or '?') */
#define UP_SYNC_CSP 'C'
/* at "IO" in the system declarations: 1 after reading `IO P {a, b}`
 * into m->iodecls; 0 (nothing read) when "IO" starts something else */
int up_parse_io(up_model *m, up_lex *l);

/* ---- queries (uppaal_query.c) ---- */
/* parse "E<> phi" or "A[] phi" (text from file, line) */
up_query *up_parse_query(up_model *m, const char *text, const char *file, int line);
/* the same, the text starting at column col of line */
up_query *up_parse_query_at(up_model *m, const char *text, const char *file, int line, int col);
/* the first query of a .q file (UPPAAL's format: comments, one per line) */
up_query *up_read_query_file(up_model *m, const char *text, const char *file);
/* every query of a .q file, unparsed, in order into out (up_query_src*) */
void up_split_query_file(up_model *m, const char *text, const char *file, up_vec *out);
/* parse a stored query; NULL (and why in why) when it cannot be checked */
up_query *up_try_query(up_model *m, const up_query_src *src, char *why, size_t n);
/* does the query's condition name `deadlock` */
int up_query_deadlock(const up_query *q);
/* A<>, E[] and --> become an ltl formula checked by the nested DFS */
int up_query_is_liveness(const up_query *q);

/* ---- the instantiated network (uppaal_inst.c) ---- */
typedef struct up_inst up_inst;
typedef struct {
	const char *name;       /* a name of the template's scope */
	up_expr *value;         /* substituted expression (params, constants) */
	up_var *var;            /* or the network variable it stands for */
} up_bind;

struct up_inst {
	const char *name;       /* instance name in the source model */
	const char *pname;      /* its Promela name (a valid identifier) */
	up_template *t;
	up_vec binds;           /* up_bind*: params and locals */
	int pid;                /* Promela pid (order of the proctypes) */
	int line, col;          /* its name in the system line (or its declaration) */
	up_vec sel;             /* up_bind*: select values while emitting an edge */
};

typedef struct {
	up_model *m;
	up_vec insts;           /* up_inst* */
	up_vec vars;            /* up_var*: globals and instantiated locals (Promela names) */
	up_vec clocks;          /* up_var* among vars that are clocks */
	up_vec gbinds;          /* up_bind*: the global scope */
	long *cap;              /* per clock (index in clocks): the value it stops at */
	unsigned char **live;   /* per clock: per location of its owner, 1 if its value
				 * may still be read; NULL: live everywhere (globals) */
	long time_scale;        /* clock constants multiplied by this (up_clock_scale):
				 * 1, or more when a clock is compared with 1.5 */
	up_vec rate_checks;     /* up_rate_check*: rates whose type allows values other
				 * than 0 and 1, checked in every delay (up_clock_caps) */
	int zones;              /* the clocks are a zone (uppaal_zone.c), not integers */
	const char *zone_why;   /* why not (NULL: no clocks, or zones) */
	int strict_line;        /* the first strict clock constraint (0: none) */
	const char *strict_file;
	const up_expr *diag;    /* the first clock difference or clock arithmetic
				 * (x - y < c, x + 1 <= c): zones only (NULL: none) */
	const char *diag_file;
	int *zdiag;             /* zones: the difference constraints of the network
				 * and its queries, (i, j, bound) triples as the
				 * DBMs store them (zone_dbm_ctext.h) */
	int nzdiag, zdiag_cap;
	int zdiag_written;      /* how many of them the Promela's table holds */
	int zurgent;            /* zones: the network synchronises on urgent
				 * channels (time passes only where no such
				 * synchronisation is enabled: dmc_nourgent) */
	int zurgent_init;       /* one is enabled in the initial state */
} up_net;

/* a clock rate x' == e of location loc of instance in */
typedef struct {
	up_inst *in;
	int loc;
	const up_expr *rate;
} up_rate_check;

void up_instantiate(up_net *n, up_model *m);
/* clock array elements that edges pick by values known only at run time
 * become select variables of the edges (uppaal_rtindex.c; called by
 * up_instantiate) */
void up_rt_clock_indices(up_net *n);
/* look a name up in an instance (NULL: global scope) */
up_bind *up_lookup(up_net *n, up_inst *in, const char *name);
int up_eval_const(up_net *n, up_inst *in, const up_expr *e, long *out);
long up_eval_const_or_fail(up_net *n, up_inst *in, const up_expr *e, const char *what);
up_inst *up_find_inst(up_net *n, const char *name);
/* name is a typedef of a bounded int (and no variable or constant of the
 * scope): 1 and its range */
int up_typedef_range(up_net *n, up_inst *in, const char *name, long *lo, long *hi);
/* the element number a[i][j]... names in v when every index is constant
 * (an index outside the array: error) */
int up_const_index(up_net *n, up_inst *in, const up_expr *e, const up_var *v, long *flat);
/* the same without the error: 0 also for an index outside the array */
int up_const_element(up_net *n, up_inst *in, const up_expr *e, const up_var *v, long *flat);
/* the range of a forall/exists/sum (X_QUANT); errors when it is not one */
int up_quant_range(up_net *n, up_inst *in, const up_expr *e, long *lo, long *hi);
/* a variable like declaration d (range and shape evaluated in in), named
 * pname in Promela, not added to the network (a function's local) */
up_var *up_local_var(up_net *n, up_inst *in, const up_var *d, const char *pname);
/* the network variable an X_ID / X_INDEX names (NULL: a constant or
 * unknown); an element of a clock array is its clock (an error when the
 * index is not constant) */
up_var *up_var_of(up_net *n, up_inst *in, const up_expr *e);
/* the array an indexed name a[i][j] indexes (a), else e itself */
const up_expr *up_index_base(const up_expr *e);
up_var *up_field_of(up_net *n, up_inst *in, const up_expr *e);   /* s.f */

/* ---- clocks (uppaal_clock.c) ---- */
/* clocks compared with decimal constants: every clock constant times the
 * least common multiple of their denominators (n->time_scale); an error
 * at any other decimal literal.  Called by up_clock_caps. */
void up_clock_scale(up_net *n, const up_query *q);
void up_clock_caps(up_net *n, const up_query *q);  /* caps; warns on strict constraints */
/* the product of the clocks' ranges 0..cap (1 without clocks) */
double up_clock_valuations(const up_net *n);
int up_is_clock(up_net *n, up_inst *in, const up_expr *e);
/* inactive clocks: which locations may still read each local clock */
void up_clock_liveness(up_net *n, const up_query *q);
/* the edge's select variables bound to their lower ends in in->sel, so
 * that a scan of the edge can evaluate expressions that read them */
void up_edge_bind_selects_low(up_net *n, up_inst *in, const up_edge *ed);
/* does the edge reset clock v (to a constant) */
int up_edge_resets(up_net *n, up_inst *in, const up_edge *ed, const up_var *v);
/* the clock a query names (P.x, P(1).x, a global x or t[1]), or NULL */
up_var *up_query_clock(up_net *n, const up_expr *e);
/* comparison e of clocks and constants with + and - (x - y < c,
 * x + 1 <= y, x >= c): 1 and the constraint *x - *y OP c (*y NULL: x OP c),
 * else 0; in instance in (NULL: the query) (uppaal_zone.c) */
int up_clock_linear(up_net *n, up_inst *in, const up_expr *e, up_var **x, up_var **y, char op[3], long *c);
/* after up_clock_caps: in discrete time, the warning on the first strict
 * clock constraint (and the translation is inexact) */
void up_clock_strict_warn(up_net *n);

/* ---- concrete traces (uppaal_concrete.c) ---- */
/* a step of a zone trail, in the zone programs' triples (zone_dbm_ctext.h) */
typedef struct {
	const int *run;         /* the step's program: the guards' constraints,
				 * then the resets (step 0, the start: none) */
	int nrun;
	const int *inv;         /* the invariants of the state after it */
	int ninv;
	int delay;              /* time may pass in that state */
} up_zstep;
/* the delays of a trail of steps st[1..n] from st[0] (the initial
 * state), ending with the constraints fin[0..nfin) (the query's case):
 * delay[s] time units in the state after step s (s = 0..n), clocks[x]
 * each clock's value at the end (x = 1..dim-1), both counted in 1/den
 * units; 0, or -1 when no times satisfy the constraints */
int up_concrete_delays(int dim, const up_zstep *st, int n, const int *fin, int nfin,
		       long long *delay, long long *clocks, long long *den);

/* ---- Promela (uppaal_emit.c) ---- */
typedef struct {
	const char *query_text;
	up_query *q;            /* NULL: no property (or the queries below) */
	/* several safety queries (E<>, A[]; up_query*) in one translation: a
	 * Monitor branch each, query_no[i] the one global dmc_query selects
	 * when pan runs (pan --initial dmc_query=K; spin -DDMC_QUERY=K) */
	const up_vec *queries;
	const int *query_no;
} up_emit_opts;
void up_emit(up_net *n, FILE *out, const up_emit_opts *o);
/* an expression as Promela text, names resolved in instance in */
void up_emit_expr(up_net *n, up_inst *in, const up_expr *e, FILE *out);

/* the whole translation: model text to Promela; returns 0 or 2 (error in
 * c->err).  query_text/query_file may be NULL.  The query: query_text
 * without query_file (a formula); else the .q file's text, or without
 * one the model's stored queries: the first one dmc can check. */
int up_translate_text(up_ctx *c, const char *file, const char *text, size_t len,
		      const char *query_text, const char *query_file, FILE *out);
/* the same with stored query k (from 1) of the .q file or the model, and
 * no other (an error when it cannot be checked); k 0: up_translate_text */
int up_translate_query(up_ctx *c, const char *file, const char *text, size_t len,
		       const char *query_text, const char *query_file, int k, FILE *out);

/* the stored queries ks[0..nk) (numbers from 1: E<> and A[] queries
 * that are not about deadlock) in one translation, the query checked
 * chosen when pan runs (up_emit_opts.queries) */
int up_translate_shared(up_ctx *c, const char *file, const char *text, size_t len,
			const char *query_text, const char *query_file, const int *ks, int nk, FILE *out);

/* ---- every stored query, for dmc check (uppaal.c) ---- */
typedef struct {
	char *text;             /* as written, on one line */
	char *file;             /* where it starts */
	int line, col;
	char *skip;             /* why dmc cannot check it, or NULL */
	int witness;            /* 1: a trail of the translation shows it satisfied
				 * (E<>, E[]); 0: NOT satisfied (A[], A<>, -->) */
	int shared;             /* E<> or A[] (not about deadlock) that translates:
				 * checked by the one build of all such queries */
	int inexact;            /* its translation has strict clock constraints:
				 * an answer without a trail may be UPPAAL's
				 * opposite (discrete time lost the behaviour) */
} up_query_info;
/* dmc translate MODEL.xta|.xml (the front end's translate): the
 * arguments after "translate" (uppaal.c) */
int prom_uppaal_translate(const drv_env *e, int argc, char **argv);
/* translate MODEL (.xml/.xta) into out_path; the query from query_file,
 * else the target text ('E<> ...'), else the model's first query.
 * Messages name the model's file and line; returns 0 or 2. */
int prom_uppaal_to_file(const char *model, const char *query_file, const char *target,
			const char *out_path, int quiet);
/* the stored queries of query_file (a .q file), or without one of the
 * model, in order, each tried (parsed and translated: what fails is
 * skipped with the reason; the translations' warnings go to standard
 * error once each).  Their number, or -1 after a message when the model
 * or the file cannot be read. */
int prom_uppaal_queries(const char *model, const char *query_file, int quiet, up_query_info **out);
void prom_uppaal_free_queries(up_query_info *q, int n);
/* the shared translation (up_translate_shared) of stored queries
 * ks[0..nk) into out_path, without warnings (the queries' listing gave
 * them); 0 or 2 after a message */
int prom_uppaal_shared_to_file(const char *model, const char *query_file, const int *ks, int nk,
			       const char *out_path);
/* prom_uppaal_to_file with stored query k (from 1) only; k 0: as there */
int prom_uppaal_query_to_file(const char *model, const char *query_file, const char *target, int k,
			      const char *out_path, int quiet);

#endif
