// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_zone.c -- dense time as zones (docs/uppaal.md "Clocks: zones").
 * The clocks are one difference bound matrix in pan's state vector
 * (c_state dmc_z), kept canonical and extrapolated, so that pan's
 * hashing identifies equal symbolic states.  The operations are C
 * (zone_dbm_ctext.h, copied into the Promela's c_decl); this file decides
 * whether a network can have zones, and writes
 *   - an edge's test: c_expr "the zone, its guard's clock constraints,
 *     its resets and its target's invariant leave a nonempty zone"
 *     (side-effect free, beside the data part of the guard);
 *   - the edge's effect on the zone: c_code running the guards'
 *     constraints, then the resets (both partners of a synchronisation);
 *   - after every step the successor: delay (unless a process is
 *     committed or urgent), every invariant, inactive clocks freed,
 *     extrapolation.  A synchronisation whose partners' constraints
 *     only meet in an empty zone leaves a state with the empty zone:
 *     no edge is enabled there and the query never holds there.
 * Each piece of zone code starts with a note, (dmc_znote) ("..."),
 * saying what it does in terms the abstract model reads
 * (model/clock_note.c): the heuristics learn the clock constraints from
 * the translation, not by reading its C.
 */
#include "uppaal_emit.h"
#include "uppaal_zone.h"
#include "pml_text.h"

#include <stdlib.h>
#include <string.h>

/* the DBM code, as C text (generated from zone_dbm_ctext.h by the Makefile) */
static const char zone_dbm_text[] =
#include "zone_dbm_ctext.inc"
	;

/* the translator runs the same code for the initial zone */
#include "zone_dbm_ctext.h"

static int is_cmp(const char *op)
{
	return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=")
		|| !strcmp(op, "==") || !strcmp(op, "!=");
}

static int is_and(const up_expr *e)
{
	return e && e->kind == X_BIN && (!strcmp(e->op, "&&") || !strcmp(e->op, "and"));
}

/* the clock e names, in instance in (NULL: the query, where P.x names
 * P's clock x), or NULL */
static up_var *clock_of(up_net *n, up_inst *in, const up_expr *e)
{
	if (!in)
		return up_query_clock(n, e);
	if (!up_is_clock(n, in, e))
		return NULL;
	up_var *v = up_var_of(n, in, e);
	return v && v->clock >= 0 ? v : NULL;
}

/* a comparison of a clock: its clock side (0: a or 1: b), or -1 */
static int clock_side(up_net *n, up_inst *in, const up_expr *e)
{
	if (!e || e->kind != X_BIN || !is_cmp(e->op))
		return -1;
	if (clock_of(n, in, e->a) || (in && up_is_clock(n, in, e->a)))
		return 0;
	if (clock_of(n, in, e->b) || (in && up_is_clock(n, in, e->b)))
		return 1;
	return -1;
}

int up_zone_is_atom(up_net *n, up_inst *in, const up_expr *e)
{
	return clock_side(n, in, e) >= 0;
}

static int mentions_clock(up_net *n, up_inst *in, const up_expr *e)
{
	if (!e)
		return 0;
	if ((e->kind == X_ID || e->kind == X_INDEX || e->kind == X_DOT) && clock_of(n, in, e))
		return 1;
	if (in && (e->kind == X_ID || e->kind == X_INDEX) && up_is_clock(n, in, e))
		return 1;
	return mentions_clock(n, in, e->a) || mentions_clock(n, in, e->b) || mentions_clock(n, in, e->c);
}

/* the constraints of a clock comparison as (i, j, bound) triples;
 * 0 when it is none zones take (x != c, a bound of the state) */
static int atom(up_net *n, up_inst *in, const up_expr *e, int upper_only, int *out, int *k)
{
	int side = clock_side(n, in, e);
	const up_expr *clk = side ? e->b : e->a, *other = side ? e->a : e->b;
	long c;
	up_var *v = clock_of(n, in, clk);
	if (!v || !up_eval_const(n, in, other, &c) || c < -100000000L || c > 100000000L)
		return 0;
	char op[3] = "";
	strcpy(op, e->op);
	if (side)
		up_cmp_mirror(op);
	int x = v->clock + 1, strict = op[1] == 0 && op[0] != '=';
	if (!strcmp(op, "!="))
		return 0;
	int up = op[0] == '<' || op[0] == '=', low = op[0] == '>' || op[0] == '=';
	if (upper_only && low)
		return 0;
	if (out && up) {
		out[(*k)++] = x;
		out[(*k)++] = 0;
		out[(*k)++] = dmc_zbound((int) c, strict);
	}
	if (out && low) {
		out[(*k)++] = 0;
		out[(*k)++] = x;
		out[(*k)++] = dmc_zbound((int) -c, strict);
	}
	return 1;
}

/* a guard (upper_only: an invariant) zones take: a conjunction whose
 * clock parts are comparisons with constants; its triples into out */
static int conj_prog(up_net *n, up_inst *in, const up_expr *e, int upper_only, int *out, int *k, int cap)
{
	if (!e)
		return 1;
	if (is_and(e))
		return conj_prog(n, in, e->a, upper_only, out, k, cap) && conj_prog(n, in, e->b, upper_only, out, k, cap);
	if (clock_side(n, in, e) >= 0) {
		if (out && *k + 6 > cap)
			return 0;
		return atom(n, in, e, upper_only, out, k);
	}
	return !mentions_clock(n, in, e);
}

/* ---- planning ---- */

static const char *edge_refusal(up_net *n, up_inst *in, up_edge *ed)
{
	up_edge_bind_selects_low(n, in, ed);    /* as the caps' scan does */
	const char *why = NULL;
	if (!conj_prog(n, in, ed->guard, 0, NULL, NULL, 0))
		why = "a guard compares a clock other than by a conjunction of x ~ c with a constant c (x != c, "
			"a disjunction, a bound of the state)";
	else if (ed->sync && mentions_clock(n, in, ed->guard)) {
		up_var *ch = up_var_of(n, in, ed->sync->kind == X_INDEX ? up_index_base(ed->sync) : ed->sync);
		if (ch && ch->type.is_broadcast && ed->sync_dir == '?')
			why = "a broadcast receiver's guard compares a clock";
	}
	in->sel.n = 0;
	return why;
}

int up_zone_plan(up_net *n, const up_query *q)
{
	n->zone_why = NULL;
	n->zones = 0;
	if (!n->clocks.n)
		return 0;
	if (n->m->c->discrete_time)
		n->zone_why = "discrete time asked for";
	else if (n->clocks.n + 1 > DMC_ZMAXDIM)
		n->zone_why = "more than 63 clocks";
	for (int i = 0; i < n->vars.n && !n->zone_why; i++) {
		up_var *v = n->vars.v[i];
		if (v->type.kind == TY_CHAN && v->type.is_urgent)
			n->zone_why = "an urgent channel";
	}
	for (int i = 0; i < n->insts.n && !n->zone_why; i++) {
		up_inst *in = n->insts.v[i];
		for (int k = 0; k < in->t->locs.n && !n->zone_why; k++) {
			up_loc *l = in->t->locs.v[k];
			if (l->rates.n)
				n->zone_why = "a clock rate (stopwatch)";
			else if (!conj_prog(n, in, l->inv, 1, NULL, NULL, 0))
				n->zone_why = "an invariant other than upper bounds x < c, x <= c with constants";
		}
		for (int k = 0; k < in->t->edges.n && !n->zone_why; k++)
			n->zone_why = edge_refusal(n, in, in->t->edges.v[k]);
	}
	/* the network takes zones: does the query? (a query that does not
	 * keeps its own translation, in discrete time: uppaal.c) */
	if (!n->zone_why && q) {
		if (up_query_is_liveness(q))
			n->zone_why = "a liveness query";
		else if (up_query_deadlock(q))
			n->zone_why = "a deadlock query";
		else
			n->zone_why = up_zone_query_why(n, q);
		n->m->c->zone_query_refused = n->zone_why != NULL;
	}
	n->zones = n->zone_why == NULL;
	return n->zones;
}

void up_cmp_mirror(char *op)
{
	if (op[0] == '<')
		op[0] = '>';
	else if (op[0] == '>')
		op[0] = '<';
}

int up_zone_bound(int c, int strict)
{
	return dmc_zbound(c, strict);
}

/* ---- writing ---- */

#define MAX_PROG 3072

typedef struct {
	int v[MAX_PROG];
	int k;
} prog;

static void put(up_net *n, prog *p, int a, int b, int c)
{
	if (p->k + 3 > MAX_PROG)
		up_fail(n->m->c, n->m->file, 0, "too many clock constraints in one step for zones");
	p->v[p->k++] = a;
	p->v[p->k++] = b;
	p->v[p->k++] = c;
}

static void guard_prog(up_net *n, up_inst *in, up_edge *ed, prog *p)
{
	if (!conj_prog(n, in, ed->guard, 0, p->v, &p->k, MAX_PROG))
		up_fail(n->m->c, n->m->file, ed->line, "a clock constraint zones cannot take");
}

static void reset_prog(up_net *n, up_inst *in, up_edge *ed, prog *p)
{
	for (int i = 0; i < ed->assigns.n; i++) {
		up_expr *a = ed->assigns.v[i];
		long k;
		if (a->kind != X_ASSIGN || !up_is_clock(n, in, a->a))
			continue;
		up_var *v = up_var_of(n, in, a->a);
		if (v && v->clock >= 0 && up_eval_const(n, in, a->b, &k))
			put(n, p, -1, v->clock + 1, (int) k);
	}
}

static void inv_prog(up_net *n, up_inst *in, int loc, prog *p)
{
	up_loc *l = in->t->locs.v[loc];
	if (!conj_prog(n, in, l->inv, 1, p->v, &p->k, MAX_PROG))
		up_fail(n->m->c, n->m->file, l->line, "an invariant zones cannot take");
}

/* The program as the note the abstract model reads (docs/uppaal.md
 * "Clocks: zones", the notes): items "c I OP K" (clock I, the zone's
 * numbering from 1, compared with K), "r I K" (reset to K), "f I"
 * (freed), "?" (a constraint between two clocks: zones refuse them),
 * each after " , ".  Only letters, digits, '_', ' ', ',', '<', '>',
 * '=' and '-': the string cannot end early, and SPIN takes it for an
 * expression without side effects (no ';', "++", "--" or '=' alone in
 * a c_expr). */
static void print_note(FILE *o, const prog *p)
{
	for (int k = 0; k + 2 < p->k; k += 3) {
		int a = p->v[k], b = p->v[k + 1], c = p->v[k + 2];
		if (a == -1)
			fprintf(o, " , r %d %d", b, c);
		else if (a == -2)
			fprintf(o, " , f %d", b);
		else if (a > 0 && b == 0)       /* x_a <= c/2, or < (c+1)/2 when odd */
			fprintf(o, " , c %d %s %d", a, c & 1 ? "<" : "<=", c & 1 ? (c + 1) / 2 : c / 2);
		else if (a == 0 && b > 0)       /* -x_b <= c/2: x_b >= -c/2, or > when odd */
			fprintf(o, " , c %d %s %d", b, c & 1 ? ">" : ">=", c & 1 ? -(c + 1) / 2 : -c / 2);
		else
			fputs(" , ?", o);
	}
}

/* "(dmc_znote) ("KIND ...")": the note beside a zone operation; the
 * function returns 1 and does nothing */
static void open_note(FILE *o, const char *kind, const prog *p)
{
	fprintf(o, "(dmc_znote) (\"%s", kind);
	if (p)
		print_note(o, p);
}

/* what entering location l of in runs: its inactive clocks freed, its
 * invariant */
static void loc_prog(up_net *n, up_inst *in, int l, prog *p)
{
	for (int c = 0; c < n->clocks.n; c++) {
		up_var *v = n->clocks.v[c];
		if (v->owner == in && n->live[c] && !n->live[c][l])
			put(n, p, -2, c + 1, 0);
	}
	inv_prog(n, in, l, p);
}

static void print_prog(FILE *o, const prog *p)
{
	fputs("(const int[]){", o);
	for (int i = 0; i < p->k; i++)
		fprintf(o, "%s%d", i ? "," : "", p->v[i]);
	if (!p->k)
		fputc('0', o);
	fprintf(o, "}, %d", p->k);
}

void up_zone_check(up_net *n, up_inst *in, up_edge *ed, FILE *o)
{
	prog p = { .k = 0 };
	guard_prog(n, in, ed, &p);
	reset_prog(n, in, ed, &p);
	inv_prog(n, in, ed->dst, &p);
	if (!p.k)
		return;
	/* "(dmc_zok) (": SPIN refuses a name followed by '(' in a c_expr
	 * inside an expression (it takes it for a call with side effects);
	 * dmc_zok has none */
	fputs(" && c_expr { ", o);
	open_note(o, "test", &p);
	fputs("\") && (dmc_zok) ((dmc_zr) (now.dmc_z.set, now.dmc_z.d), DMC_ZDIM, ", o);
	print_prog(o, &p);
	fputs(") }", o);
}

void up_zone_apply(up_net *n, up_inst **ins, up_edge **eds, int k, FILE *o)
{
	prog p = { .k = 0 };
	for (int i = 0; i < k; i++)
		guard_prog(n, ins[i], eds[i], &p);
	for (int i = 0; i < k; i++)
		reset_prog(n, ins[i], eds[i], &p);
	if (!p.k)
		return;
	fputs("c_code { ", o);
	open_note(o, "run", &p);
	fputs("\"); dmc_zrun(dmc_zw(&now.dmc_z.set, now.dmc_z.d), DMC_ZDIM, ", o);
	print_prog(o, &p);
	fputs("); }; ", o);
}

/* The successor's note: "post", then the network's tables: "m I M"
 * (clock I's largest constant), and per process and location, after
 * "at VAR L" (the location variable VAR is L), its invariant's items
 * and "u" where time cannot pass (urgent, committed).  Not the clocks
 * a location frees (no path reads them before a reset): SPIN keeps
 * only 1,024 characters of embedded C for the model, and the notes of
 * 15 processes must fit. */
static void post_note(up_net *n, FILE *o)
{
	open_note(o, "post", NULL);
	for (int c = 0; c < n->clocks.n; c++)
		fprintf(o, " , m %d %ld", c + 1, n->cap[c] - 1 < 0 ? 0 : n->cap[c] - 1);
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		for (int l = 0; l < in->t->locs.n; l++) {
			up_loc *lc = in->t->locs.v[l];
			prog p = { .k = 0 };
			inv_prog(n, in, l, &p);
			if (!p.k && !lc->urgent && !lc->committed)
				continue;
			fprintf(o, " , at loc_%s %d", in->pname, l);
			print_note(o, &p);
			if (lc->urgent || lc->committed)
				fputs(" , u", o);
		}
	}
}

void up_zone_post(up_net *n, int any_committed, FILE *o)
{
	/* zone code starts with a dmc_z name: the runtime's glue shows it to
	 * the heuristics as skip (it writes no Promela variable) */
	fputs("c_code { ", o);
	post_note(n, o);
	fprintf(o, "\"); dmc_zpost(dmc_zw(&now.dmc_z.set, now.dmc_z.d), %s, (const int[DMC_ZNP]){",
		any_committed ? "now.ncommit" : "0");
	for (int i = 0; i < n->insts.n; i++)
		fprintf(o, "%snow.loc_%s", i ? ", " : " ", ((up_inst *) n->insts.v[i])->pname);
	fputs(" }); }", o);
}

/* a zone test of the program v[0..k): "the zone meets it", with its
 * note (a query's case, uppaal_zone_query.c) */
void up_zone_test(FILE *o, const int *v, int k)
{
	prog p = { .k = 0 };
	for (int i = 0; i < k && i < MAX_PROG; i++)
		p.v[p.k++] = v[i];
	fputs("c_expr { ", o);
	open_note(o, "test", &p);
	fputs("\") && (dmc_zok) ((dmc_zr) (now.dmc_z.set, now.dmc_z.d), DMC_ZDIM, ", o);
	print_prog(o, &p);
	fputs(") }", o);
}

const char *up_zone_live(void)
{
	return "c_expr { now.dmc_z.set == 0 || now.dmc_z.d[0] == 0 }";
}

/* per process and location: the program run on entering (inactive
 * clocks freed, the invariant), its start and length in one table */
static void loc_progs(up_net *n, FILE *o, int maxl)
{
	prog all = { .k = 0 };
	int np = n->insts.n;
	int *at = calloc((size_t) np * (size_t) maxl * 2 + 2, sizeof *at);
	for (int i = 0; i < np; i++) {
		up_inst *in = n->insts.v[i];
		for (int l = 0; l < in->t->locs.n; l++) {
			int start = all.k;
			loc_prog(n, in, l, &all);
			at[2 * (i * maxl + l)] = start;
			at[2 * (i * maxl + l) + 1] = all.k - start;
		}
	}
	fputs("static const int dmc_zloc_prog[] = {", o);
	for (int i = 0; i < all.k; i++)
		fprintf(o, "%s%d", i ? "," : "", all.v[i]);
	fprintf(o, "%s};\nstatic const int dmc_zloc_at[%d] = {", all.k ? "" : "0", np * maxl * 2);
	for (int i = 0; i < np * maxl * 2; i++)
		fprintf(o, "%s%d", i ? "," : "", at[i]);
	fputs("};\n", o);
	free(at);
}

void up_zone_decls(up_net *n, FILE *o)
{
	int dim = n->clocks.n + 1, np = n->insts.n, maxl = 1;
	for (int i = 0; i < np; i++) {
		up_inst *in = n->insts.v[i];
		if (in->t->locs.n > maxl)
			maxl = in->t->locs.n;
	}
	fputs("/* zones (docs/uppaal.md \"Clocks: zones\"): the DBM operations, then the\n"
	      " * network's tables: each clock's largest constant, and per process and\n"
	      " * location what entering it runs (inactive clocks freed, the invariant) */\n"
	      "c_decl {\n", o);
	fputs(zone_dbm_text, o);
	/* the notes beside the zone operations are its argument, for the
	 * abstract model (model/clock_note.c); here it does nothing */
	fputs("static int dmc_znote(const char *note)\n{\n\t(void) note;\n\treturn 1;\n}\n", o);
	fprintf(o, "enum { DMC_ZDIM = %d, DMC_ZNP = %d, DMC_ZNL = %d };\n", dim, np, maxl);
	fputs("static const int dmc_zm[DMC_ZDIM] = { 0", o);
	int *m = up_alloc(n->m->c, sizeof *m * (size_t) dim);
	for (int c = 0; c < n->clocks.n; c++) {
		m[c + 1] = (int) (n->cap[c] - 1 < 0 ? 0 : n->cap[c] - 1);
		fprintf(o, ", %d", m[c + 1]);
	}
	fputs(" };\n", o);
	loc_progs(n, o, maxl);
	/* urgent and committed locations: no delay */
	fputs("static const unsigned char dmc_zurgent[DMC_ZNP * DMC_ZNL] = {", o);
	for (int i = 0; i < np; i++) {
		up_inst *in = n->insts.v[i];
		for (int l = 0; l < maxl; l++) {
			up_loc *lc = l < in->t->locs.n ? in->t->locs.v[l] : NULL;
			fprintf(o, "%s%d", i || l ? "," : "", lc && (lc->urgent || lc->committed));
		}
	}
	fputs("};\n"
	      "static void dmc_zpost(int *d, int ncommit, const int *locs)\n{\n"
	      "\tint delay = ncommit == 0;\n"
	      "\tif (dmc_zempty(d))\n\t\treturn;\n"
	      "\tfor (int p = 0; p < DMC_ZNP; p++)\n"
	      "\t\tdelay = delay && !dmc_zurgent[p * DMC_ZNL + locs[p]];\n"
	      "\tif (delay)\n\t\tdmc_zup(d, DMC_ZDIM);\n"
	      "\tfor (int p = 0; p < DMC_ZNP; p++) {\n"
	      "\t\tconst int *a = &dmc_zloc_at[2 * (p * DMC_ZNL + locs[p])];\n"
	      "\t\tif (!dmc_zrun(d, DMC_ZDIM, dmc_zloc_prog + a[0], a[1]))\n\t\t\treturn;\n"
	      "\t}\n"
	      "\tdmc_zextra(d, DMC_ZDIM, dmc_zm);\n}\n", o);
	/* the initial zone: every clock 0, then the same successor */
	int *d = up_alloc(n->m->c, sizeof *d * (size_t) (dim * dim));
	int delay = 1;
	prog all = { .k = 0 };
	for (int i = 0; i < np; i++) {
		up_inst *in = n->insts.v[i];
		up_loc *l = in->t->locs.v[in->t->init];
		delay = delay && !l->urgent && !l->committed;
		for (int c = 0; c < n->clocks.n; c++) {
			up_var *v = n->clocks.v[c];
			if (v->owner == in && n->live[c] && !n->live[c][in->t->init])
				put(n, &all, -2, c + 1, 0);
		}
		inv_prog(n, in, in->t->init, &all);
	}
	if (delay)
		dmc_zup(d, dim);
	dmc_zrun(d, dim, all.v, all.k);
	dmc_zextra(d, dim, m);
	fputs("static const int dmc_zinit[DMC_ZDIM * DMC_ZDIM] = {", o);
	for (int i = 0; i < dim * dim; i++)
		fprintf(o, "%s%d", i ? "," : "", d[i]);
	/* pan.h, which the runtime's glue compiles alone, declares the state:
	 * the zone's type is spelled out there, and it starts as zeros; set
	 * 0 is the initial zone, dmc_zinit (only the initial state has it) */
	fputs("};\n"
	      "static const int *dmc_zr(int set, const int *d)\n{\n\treturn set ? d : dmc_zinit;\n}\n"
	      "static int *dmc_zw(int *set, int *d)\n{\n"
	      "\tif (!*set)\n\t\tfor (int i = 0; i < DMC_ZDIM * DMC_ZDIM; i++)\n\t\t\td[i] = dmc_zinit[i];\n"
	      "\t*set = 1;\n\treturn d;\n}\n}\n", o);
	fprintf(o, "c_state \"struct { int set; int d[%d]; } dmc_z\" \"Global\"\t"
		"/* the zone: x_i - x_j <= d[i*DIM+j]/2 (odd: <) */\n\n", dim * dim);
}

/* unused here, used in the Promela: keep the compiler quiet */
void up_zone_unused(void)
{
	(void) dmc_zok;
	(void) dmc_zclose;
}
