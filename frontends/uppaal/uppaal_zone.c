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

/* e as sign * (p - m + k): p, m the clocks added and subtracted (at most
 * one each), k the constants; 0 when e is no such sum */
static int linear(up_net *n, up_inst *in, const up_expr *e, int sign, up_var **p, up_var **m, long *k, int depth)
{
	long v;
	if (!e || depth > 64)
		return 0;
	up_var *cv = e->kind == X_ID || e->kind == X_INDEX || e->kind == X_DOT ? clock_of(n, in, e) : NULL;
	if (cv) {
		up_var **slot = sign > 0 ? p : m;
		if (*slot)
			return 0;
		*slot = cv;
		return 1;
	}
	if (!mentions_clock(n, in, e)) {
		if (!up_eval_const(n, in, e, &v) || v < -100000000L || v > 100000000L)
			return 0;
		*k += sign * v;
		return *k >= -100000000L && *k <= 100000000L;
	}
	if (e->kind == X_BIN && (!strcmp(e->op, "+") || !strcmp(e->op, "-")))
		return linear(n, in, e->a, sign, p, m, k, depth + 1)
			&& linear(n, in, e->b, e->op[0] == '+' ? sign : -sign, p, m, k, depth + 1);
	if (e->kind == X_UN && (!strcmp(e->op, "-") || !strcmp(e->op, "+")))
		return linear(n, in, e->a, e->op[0] == '-' ? -sign : sign, p, m, k, depth + 1);
	return 0;
}

int up_clock_linear(up_net *n, up_inst *in, const up_expr *e, up_var **x, up_var **y, char op[3], long *c)
{
	long k = 0;
	*x = *y = NULL;
	if (!e || e->kind != X_BIN || !is_cmp(e->op))
		return 0;
	/* a - b OP 0: x - y + k OP 0 */
	if (!linear(n, in, e->a, 1, x, y, &k, 0) || !linear(n, in, e->b, -1, x, y, &k, 0) || (!*x && !*y))
		return 0;
	strcpy(op, e->op);
	if (!*x) {              /* -y + k OP 0 is y OP' k */
		*x = *y;
		*y = NULL;
		up_cmp_mirror(op);
		*c = k;
	} else {
		*c = -k;
	}
	return 1;
}

int up_zone_is_atom(up_net *n, up_inst *in, const up_expr *e)
{
	up_var *x, *y;
	char op[3];
	long c;
	return clock_side(n, in, e) >= 0 || up_clock_linear(n, in, e, &x, &y, op, &c);
}

/* a clock compared with a constant as written (x ~ c, c ~ x): the
 * comparisons the scaling to decimal constants rewrites */
static int plain(up_net *n, up_inst *in, const up_expr *e)
{
	int side = clock_side(n, in, e);
	return side >= 0 && !mentions_clock(n, in, side ? e->a : e->b);
}

/* the difference constraint (i, j, b) among the splits (not again, nor
 * its negation) */
static void add_diag(up_net *n, int i, int j, int b)
{
	for (int q = 0; q < n->nzdiag; q++) {
		const int *g = n->zdiag + 3 * q;
		if ((g[0] == i && g[1] == j && g[2] == b) || (g[0] == j && g[1] == i && g[2] == -b - 1))
			return;
	}
	if (n->nzdiag == n->zdiag_cap) {
		int cap = n->zdiag_cap ? 2 * n->zdiag_cap : 16;
		int *v = up_alloc(n->m->c, sizeof *v * 3 * (size_t) cap);
		if (n->nzdiag)
			memcpy(v, n->zdiag, sizeof *v * 3 * (size_t) n->nzdiag);
		n->zdiag = v;
		n->zdiag_cap = cap;
	}
	int *g = n->zdiag + 3 * n->nzdiag++;
	g[0] = i;
	g[1] = j;
	g[2] = b;
}

void up_zone_note_diag(up_net *n, const up_var *x, const up_var *y, int b)
{
	/* an element picked by a select is any of its array's */
	long nx = x->carr ? x->carr->nsize : 1, ny = y->carr ? y->carr->nsize : 1;
	for (long a = 0; a < nx; a++)
		for (long c = 0; c < ny; c++) {
			const up_var *ex = x->carr ? x->carr->celem[a] : x, *ey = y->carr ? y->carr->celem[c] : y;
			if (ex != ey)
				add_diag(n, ex->clock + 1, ey->clock + 1, b);
		}
}

/* the constraints of a clock comparison as (i, j, bound) triples (out
 * NULL: the difference constraints are noted for the splits); 0 when it
 * is none zones take (x != c, a bound of the state) */
static int atom(up_net *n, up_inst *in, const up_expr *e, int *out, int *k)
{
	up_var *vx, *vy;
	char op[3] = "";
	long c;
	if (!up_clock_linear(n, in, e, &vx, &vy, op, &c) || c < -100000000L || c > 100000000L)
		return 0;
	/* the scaling to decimal constants rewrites x ~ c only */
	if (n->time_scale > 1 && !plain(n, in, e))
		return 0;
	int x = vx->clock + 1, y = vy ? vy->clock + 1 : 0, strict = op[1] == 0 && op[0] != '=';
	if (!strcmp(op, "!="))
		return 0;
	int up = op[0] == '<' || op[0] == '=', low = op[0] == '>' || op[0] == '=';
	if (!out && vy) {
		if (up)
			up_zone_note_diag(n, vx, vy, dmc_zbound((int) c, strict));
		if (low)
			up_zone_note_diag(n, vy, vx, dmc_zbound((int) -c, strict));
	}
	if (out && up) {
		out[(*k)++] = x;
		out[(*k)++] = y;
		out[(*k)++] = dmc_zbound((int) c, strict);
	}
	if (out && low) {
		out[(*k)++] = y;
		out[(*k)++] = x;
		out[(*k)++] = dmc_zbound((int) -c, strict);
	}
	return 1;
}

/* a guard or an invariant zones take: a conjunction whose clock parts
 * are comparisons x ~ c, x - y ~ c with constants c; its triples into
 * out.  (An invariant may bound a clock from below, as UPPAAL 5 allows:
 * a convex invariant that holds on entering holds while time passes up
 * to where it fails, so the successor is the delay cut by it.) */
static int conj_prog(up_net *n, up_inst *in, const up_expr *e, int *out, int *k, int cap)
{
	if (!e)
		return 1;
	if (is_and(e))
		return conj_prog(n, in, e->a, out, k, cap) && conj_prog(n, in, e->b, out, k, cap);
	if (up_zone_is_atom(n, in, e)) {
		if (out && *k + 6 > cap)
			return 0;
		return atom(n, in, e, out, k);
	}
	return !mentions_clock(n, in, e);
}

/* ---- planning ---- */

/* the channel variable edge ed of in synchronises on (NULL: none) */
static up_var *sync_chan(up_net *n, up_inst *in, const up_edge *ed)
{
	if (!ed->sync)
		return NULL;
	up_var *ch = up_var_of(n, in, ed->sync->kind == X_INDEX ? up_index_base(ed->sync) : ed->sync);
	return ch && ch->type.kind == TY_CHAN ? ch : NULL;
}

/* the receiving edges on broadcast channel ch whose guards read clocks */
static int clock_receivers(up_net *n, const up_var *ch)
{
	int k = 0;
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		for (int j = 0; j < in->t->edges.n; j++) {
			up_edge *ed = in->t->edges.v[j];
			if (ed->sync_dir != '?' || sync_chan(n, in, ed) != ch)
				continue;
			up_edge_bind_selects_low(n, in, ed);
			k += mentions_clock(n, in, ed->guard);
			in->sel.n = 0;
		}
	}
	return k;
}

/* the most receiving edges with clock guards on one broadcast channel:
 * each splits the zone (up_zone_recv_split) */
#define MAX_CLOCK_RECEIVERS 8

static const char *edge_refusal(up_net *n, up_inst *in, up_edge *ed)
{
	up_edge_bind_selects_low(n, in, ed);    /* as the caps' scan does */
	const char *why = NULL;
	if (!conj_prog(n, in, ed->guard, NULL, NULL, 0))
		why = "a guard compares a clock other than by a conjunction of x ~ c, x - y ~ c with constants c "
			"(x != c, a disjunction, a bound of the state)";
	else if (ed->sync && ed->sync_dir == '?' && mentions_clock(n, in, ed->guard)) {
		/* a broadcast receiver's clock guard splits the zone: whether it
		 * takes part depends on the valuation (up_zone_recv_split) */
		up_var *ch = sync_chan(n, in, ed);
		in->sel.n = 0;
		if (ch && ch->type.is_broadcast && ((up_loc *) in->t->locs.v[ed->src])->committed)
			why = "a broadcast receiver's clock guard in a committed location";
		else if (ch && ch->type.is_broadcast && clock_receivers(n, ch) > MAX_CLOCK_RECEIVERS)
			why = "more than 8 receiving edges with clock guards on one broadcast channel";
	}
	in->sel.n = 0;
	return why;
}

/* edge ed of in (from its initial location) is enabled in the initial
 * state: 1, 0, or -1 when the translator cannot tell (its guard reads
 * the state or a select) */
static int init_enabled(up_net *n, up_inst *in, const up_edge *ed)
{
	long v;
	if (ed->src != in->t->init)
		return 0;
	if (!ed->guard)
		return ed->selects.n ? -1 : 1;
	if (ed->selects.n || !up_eval_const(n, in, ed->guard, &v))
		return -1;
	return v != 0;
}

/* Urgent channels (docs/uppaal.md "Clocks: zones"): UPPAAL forbids clock
 * guards on their edges, so whether an urgent synchronisation is enabled
 * is a condition on the locations and variables; the successor lets time
 * pass only where it is false (the Promela's dmc_nourgent).  For the
 * initial zone the translator decides it from the initial locations and
 * constant guards; where it cannot, zones are refused. */
static const char *urgent_plan(up_net *n)
{
	n->zurgent = n->zurgent_init = 0;
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		for (int k = 0; k < in->t->edges.n; k++) {
			up_edge *ed = in->t->edges.v[k];
			up_var *ch = sync_chan(n, in, ed);
			if (!ch || !ch->type.is_urgent)
				continue;
			n->zurgent = 1;
			up_edge_bind_selects_low(n, in, ed);
			int clk = mentions_clock(n, in, ed->guard);
			in->sel.n = 0;
			if (clk)
				return "a clock guard on an edge that synchronises on an urgent channel (UPPAAL forbids it)";
		}
	}
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		for (int k = 0; k < in->t->edges.n; k++) {
			up_edge *ed = in->t->edges.v[k];
			up_var *ch = sync_chan(n, in, ed);
			int se;
			if (!ch || !ch->type.is_urgent || ed->sync_dir != '!' || !(se = init_enabled(n, in, ed)))
				continue;
			if (ch->type.is_broadcast) {        /* needs no receiver */
				if (se < 0)
					return "an urgent broadcast whose guard reads the state may be enabled initially";
				n->zurgent_init = 1;
				continue;
			}
			for (int j = 0; j < n->insts.n; j++) {
				up_inst *rin = n->insts.v[j];
				for (int r = 0; r < rin->t->edges.n && rin != in; r++) {
					up_edge *rd = rin->t->edges.v[r];
					int re;
					if (sync_chan(n, rin, rd) != ch || rd->sync_dir != '?' || !(re = init_enabled(n, rin, rd)))
						continue;
					long a = 0, b = 0;
					int ia = ed->sync->kind != X_INDEX || up_const_element(n, in, ed->sync, ch, &a);
					int ib = rd->sync->kind != X_INDEX || up_const_element(n, rin, rd->sync, ch, &b);
					if (ia && ib && a != b)
						continue;
					if (se < 0 || re < 0 || !ia || !ib)
						return "an urgent synchronisation whose guards read the state may be enabled initially";
					n->zurgent_init = 1;
				}
			}
		}
	}
	return NULL;
}

int up_zone_plan(up_net *n, const up_query *q)
{
	n->zone_why = NULL;
	n->zones = 0;
	n->nzdiag = 0;
	if (!n->clocks.n)
		return 0;
	if (n->m->c->discrete_time)
		n->zone_why = "discrete time asked for";
	else if (n->clocks.n + 1 > DMC_ZMAXDIM)
		n->zone_why = "more than 63 clocks";
	if (!n->zone_why && n->diag && n->time_scale > 1)
		/* the scaling rewrites the constants of x ~ c only */
		n->zone_why = "clock differences or sums in a model whose clocks are compared with decimal constants";
	if (!n->zone_why)
		n->zone_why = urgent_plan(n);
	for (int i = 0; i < n->insts.n && !n->zone_why; i++) {
		up_inst *in = n->insts.v[i];
		for (int k = 0; k < in->t->locs.n && !n->zone_why; k++) {
			up_loc *l = in->t->locs.v[k];
			if (l->rates.n)
				n->zone_why = "a clock rate (stopwatch)";
			else if (!conj_prog(n, in, l->inv, NULL, NULL, 0))
				n->zone_why = "an invariant other than a conjunction of x ~ c, x - y ~ c with constants c";
		}
		for (int k = 0; k < in->t->edges.n && !n->zone_why; k++)
			n->zone_why = edge_refusal(n, in, in->t->edges.v[k]);
	}
	if (!n->zone_why && n->nzdiag > DMC_ZMAXDIAG)
		n->zone_why = "more than 256 clock difference constraints";
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
	if (!conj_prog(n, in, ed->guard, p->v, &p->k, MAX_PROG))
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
	if (!conj_prog(n, in, l->inv, p->v, &p->k, MAX_PROG))
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
	up_zone_check_joint(n, &in, &ed, 1, o);
}

void up_zone_check_joint(up_net *n, up_inst **ins, up_edge **eds, int k, FILE *o)
{
	prog p = { .k = 0 };
	for (int i = 0; i < k; i++)
		guard_prog(n, ins[i], eds[i], &p);
	for (int i = 0; i < k; i++)
		reset_prog(n, ins[i], eds[i], &p);
	for (int i = 0; i < k; i++)
		inv_prog(n, ins[i], eds[i]->dst, &p);
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

/* "c_code {...}; ": the zone program p run (nothing when it is empty) */
static void run_code(FILE *o, const prog *p)
{
	if (!p->k)
		return;
	fputs("c_code { ", o);
	open_note(o, "run", p);
	fputs("\"); dmc_zrun(dmc_zw(&now.dmc_z.set, now.dmc_z.d), DMC_ZDIM, ", o);
	print_prog(o, p);
	fputs("); }; ", o);
}

void up_zone_apply(up_net *n, up_inst **ins, up_edge **eds, int k, FILE *o)
{
	prog p = { .k = 0 };
	for (int i = 0; i < k; i++)
		guard_prog(n, ins[i], eds[i], &p);
	for (int i = 0; i < k; i++)
		reset_prog(n, ins[i], eds[i], &p);
	run_code(o, &p);
}

void up_zone_guard_run(up_net *n, up_inst *in, up_edge *ed, FILE *o)
{
	prog p = { .k = 0 };
	guard_prog(n, in, ed, &p);
	run_code(o, &p);
}

void up_zone_resets(up_net *n, up_inst *in, up_edge *ed, FILE *o)
{
	prog p = { .k = 0 };
	reset_prog(n, in, ed, &p);
	run_code(o, &p);
}

int up_zone_clock_guard(up_net *n, up_inst *in, up_edge *ed)
{
	prog p = { .k = 0 };
	guard_prog(n, in, ed, &p);
	return p.k > 0;
}

void up_zone_recv_split(up_net *n, up_inst *in, up_edge *ed, const char *flag, FILE *o)
{
	prog g = { .k = 0 };
	guard_prog(n, in, ed, &g);
	if (!g.k)
		return;
	/* the guard holds: the receiver takes part */
	fprintf(o, "\t\tif\n\t\t:: %s && (1 && ", flag);
	up_zone_test(o, g.v, g.k);
	fputs(") -> ", o);
	run_code(o, &g);
	fputs("skip\n", o);
	/* its a-th constraint fails and those before it hold (a partition of
	 * the guard's complement): it does not */
	for (int a = 0; a < g.k; a += 3) {
		prog p = { .k = 0 };
		for (int b = 0; b < a; b++)
			p.v[p.k++] = g.v[b];
		p.v[p.k++] = g.v[a + 1];
		p.v[p.k++] = g.v[a];
		p.v[p.k++] = -g.v[a + 2] - 1;
		fprintf(o, "\t\t:: %s && (1 && ", flag);
		up_zone_test(o, p.v, p.k);
		fputs(") -> ", o);
		run_code(o, &p);
		fprintf(o, "%s = 0\n", flag);
	}
	fprintf(o, "\t\t:: !%s -> skip\n\t\tfi;\n", flag);
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

/* after the successor, where the network compares clock differences:
 * the zone split along them (a loop: while it lies on both sides of
 * one, an option per side), then normalised (zone_dbm_ctext.h,
 * dmc_zdiag_norm).  The loop counts its rounds in dmc_zsplits (0 between
 * steps): the states at its head differ in it, so that pan's store never
 * takes a part of the zone for covered by the zone before the split
 * (zone inclusion compares states with the same discrete part).  The
 * loop's test is inside an expression: the heuristics read it as a
 * guard that may hold (a test alone would be a statement, whose note
 * must be a run's) */
static void diag_split(up_net *n, FILE *o)
{
	if (!n->zdiag_written)
		return;
	fputs("; do :: (1 && c_expr { (dmc_znote) (\"test\") && (dmc_zundecided) ((dmc_zr) (now.dmc_z.set, "
	      "now.dmc_z.d)) }) -> dmc_zsplits++; if", o);
	for (int side = 1; side >= 0; side--)
		fprintf(o, " :: c_code { (dmc_znote) (\"run\"); dmc_zsplit(dmc_zw(&now.dmc_z.set, now.dmc_z.d), %d); }",
			side);
	fputs(" fi :: else -> break od; dmc_zsplits = 0; c_code { (dmc_znote) (\"run\"); "
	      "dmc_znorm(dmc_zw(&now.dmc_z.set, now.dmc_z.d)); }", o);
}

/* the successor's c_code; nodelay is C text, nonzero where time may not
 * pass (a process is committed; 1: an urgent synchronisation is enabled) */
static void post_code(up_net *n, const char *nodelay, FILE *o)
{
	/* zone code starts with a dmc_z name: the runtime's glue shows it to
	 * the heuristics as skip (it writes no Promela variable) */
	fputs("c_code { ", o);
	post_note(n, o);
	fprintf(o, "\"); dmc_zpost(dmc_zw(&now.dmc_z.set, now.dmc_z.d), %s, (const int[DMC_ZNP]){", nodelay);
	for (int i = 0; i < n->insts.n; i++)
		fprintf(o, "%snow.loc_%s", i ? ", " : " ", ((up_inst *) n->insts.v[i])->pname);
	fputs(" }); }", o);
}

void up_zone_post(up_net *n, int any_committed, FILE *o)
{
	const char *nodelay = any_committed ? "now.ncommit" : "0";
	if (n->zurgent) {
		/* an urgent synchronisation enabled: no delay (the trail's
		 * reader knows this variant by its 1) */
		fputs("if :: dmc_nourgent -> ", o);
		post_code(n, nodelay, o);
		fputs(" :: else -> ", o);
		post_code(n, "1", o);
		fputs(" fi", o);
	} else {
		post_code(n, nodelay, o);
	}
	diag_split(n, o);
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
	/* the clocks' names in the zone's order, for the trail's reader
	 * (uppaal_trail.c: the final state's values) */
	for (int c = 0; c < n->clocks.n; c++) {
		const up_var *v = n->clocks.v[c];
		fputs("/* ", o);
		pml_commentf(o, "zone clock %d: %s%s%s (line %d)", c + 1, v->owner ? v->owner->name : "",
			     v->owner ? "." : "", v->name, v->line);
		fputs(" */\n", o);
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
	/* the difference constraints the zone is split along (DMC_ZND of them) */
	n->zdiag_written = n->nzdiag;
	fprintf(o, "enum { DMC_ZND = %d };\nstatic const int dmc_zdg[] = {", n->nzdiag);
	for (int i = 0; i < 3 * n->nzdiag; i++)
		fprintf(o, "%s%d", i ? "," : "", n->zdiag[i]);
	fputs(n->nzdiag ? "};\n" : "0};\n", o);
	fputs("static int dmc_zundecided(const int *d)\n{\n\treturn dmc_zundecided_at(d, DMC_ZDIM, dmc_zdg, DMC_ZND) >= 0;\n}\n"
	      "static void dmc_zsplit(int *d, int s)\n{\n\tint q = dmc_zundecided_at(d, DMC_ZDIM, dmc_zdg, DMC_ZND);\n"
	      "\tif (q >= 0)\n\t\tdmc_zcut(d, DMC_ZDIM, dmc_zdg + 3 * q, s);\n}\n"
	      "static void dmc_znorm(int *d)\n{\n\tdmc_zdiag_norm(d, DMC_ZDIM, dmc_zm, dmc_zdg, DMC_ZND);\n}\n", o);
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
	      "\tif (!DMC_ZND)\n\t\tdmc_zextra(d, DMC_ZDIM, dmc_zm);\n}\n", o);
	/* the initial zone: every clock 0, then the same successor */
	int *d = up_alloc(n->m->c, sizeof *d * (size_t) (dim * dim));
	int delay = 1;
	prog all = { .k = 0 };
	for (int i = 0; i < np; i++) {
		up_inst *in = n->insts.v[i];
		up_loc *l = in->t->locs.v[in->t->init];
		delay = delay && !l->urgent && !l->committed && !n->zurgent_init;
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
	if (n->nzdiag)
		dmc_zdiag_norm(d, dim, m, n->zdiag, n->nzdiag);
	else
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
	(void) dmc_zmeets;
	(void) dmc_zcut;
}
