// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_clock.c -- clocks in discrete time.  A clock is an integer that
 * the Tick process advances by 1 and that stops at cap = (the largest
 * constant it is compared with) + 1: above that no guard, invariant or
 * query can tell the values apart.  Comparisons of a clock with a
 * constant (x ~ c, c ~ x), or with an expression of bounded integers (the
 * cap is its largest value, from the variables' declared ranges), and
 * resets to a constant are supported; clock differences (zones only) are rejected.  Strict comparisons are exact on the integer
 * values but not for dense time: a warning says so.
 */
#include "uppaal.h"

#include <string.h>

typedef struct {
	up_net *n;
	up_inst *in;
	const char *file;
	int strict_warned, rate_warned;
} scan_st;

static int is_cmp(const char *op)
{
	return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=")
		|| !strcmp(op, "==") || !strcmp(op, "!=");
}

/* the name of a clock, an element of a clock array (x[i]), or a clock
 * array's name alone */
int up_is_clock(up_net *n, up_inst *in, const up_expr *e)
{
	if (e && e->kind == X_INDEX) {
		e = up_index_base(e);
		if (e->kind != X_ID)
			return 0;
		up_var *a = up_var_of(n, in, e);
		return a && a->celem;
	}
	if (!e || e->kind != X_ID)
		return 0;
	up_var *v = up_var_of(n, in, e);
	return v && (v->clock >= 0 || v->celem);
}

/* P.x or P(1).x in a query: the clock variable, or NULL */
static up_var *dot_clock(scan_st *s, const up_expr *e)
{
	char name[200];
	if (e->kind != X_DOT)
		return NULL;
	if (e->a->kind == X_ID) {
		snprintf(name, sizeof name, "%s", e->a->name);
	} else if (e->a->kind == X_CALL) {
		size_t k = (size_t) snprintf(name, sizeof name, "%s(", e->a->name);
		for (int i = 0; i < e->a->val && k < sizeof name; i++) {
			long v;
			if (!up_eval_const(s->n, NULL, up_call_arg(e->a, i), &v))
				return NULL;
			k += (size_t) snprintf(name + k, sizeof name - k, "%s%ld", i ? "," : "", v);
		}
		if (k < sizeof name)
			snprintf(name + k, sizeof name - k, ")");
	} else {
		return NULL;
	}
	up_inst *in = up_find_inst(s->n, name);
	if (!in || up_find_loc(in->t, e->name) >= 0)
		return NULL;
	up_expr id = { .kind = X_ID, .name = e->name, .line = e->line };
	up_var *v = up_var_of(s->n, in, &id);
	return v && v->clock >= 0 ? v : NULL;
}

static int mentions_clock(scan_st *s, const up_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == X_ID)
		return up_is_clock(s->n, s->in, e);
	if (e->kind == X_INDEX && up_is_clock(s->n, s->in, e))
		return 1;
	if (e->kind == X_DOT)
		return dot_clock(s, e) != NULL;
	return mentions_clock(s, e->a) || mentions_clock(s, e->b) || mentions_clock(s, e->c);
}

/* the values e may take, from the variables' declared ranges (interval
 * arithmetic); 0 when not known */
static int bounds(scan_st *s, const up_expr *e, long *lo, long *hi, int depth)
{
	long k, a0, a1, b0, b1;
	if (!e || depth > 64)
		return 0;
	if (up_eval_const(s->n, s->in, e, &k)) {
		*lo = *hi = k;
		return 1;
	}
	switch (e->kind) {
	case X_ID: case X_INDEX: case X_DOT: {
		up_var *v = up_var_of(s->n, s->in, e);
		if (!v || v->clock >= 0 || (v->type.kind != TY_INT && v->type.kind != TY_BOOL))
			return 0;
		if (v->cvals) {
			*lo = *hi = v->cvals[0];
			for (long i = 1; i < v->nsize; i++) {
				if (v->cvals[i] < *lo) *lo = v->cvals[i];
				if (v->cvals[i] > *hi) *hi = v->cvals[i];
			}
			return 1;
		}
		*lo = v->lo;
		*hi = v->hi;
		return 1;
	}
	case X_CALL: {
		/* a function's result is in its type's range */
		up_func *f = NULL;
		up_vec *fs[2] = { s->in ? &s->in->t->funcs : NULL, &s->n->m->funcs };
		for (int j = 0; j < 2 && !f; j++)
			for (int i = 0; fs[j] && i < fs[j]->n && !f; i++)
				if (!strcmp(((up_func *) fs[j]->v[i])->name, e->name))
					f = fs[j]->v[i];
		if (!f || f->is_void)
			return 0;
		if (f->rtype.kind == TY_BOOL) {
			*lo = 0;
			*hi = 1;
			return 1;
		}
		if (!f->rtype.lo)
			return 0;
		*lo = up_eval_const_or_fail(s->n, s->in, f->rtype.lo, "range");
		*hi = up_eval_const_or_fail(s->n, s->in, f->rtype.hi, "range");
		return 1;
	}
	case X_UN:
		if (!bounds(s, e->a, &a0, &a1, depth + 1))
			return 0;
		if (e->op[0] == '-') {
			*lo = -a1;
			*hi = -a0;
		} else if (e->op[0] == '+') {
			*lo = a0;
			*hi = a1;
		} else {
			return 0;
		}
		return 1;
	case X_COND:
		if (!bounds(s, e->b, &a0, &a1, depth + 1) || !bounds(s, e->c, &b0, &b1, depth + 1))
			return 0;
		*lo = a0 < b0 ? a0 : b0;
		*hi = a1 > b1 ? a1 : b1;
		return 1;
	case X_BIN:
		if (!bounds(s, e->a, &a0, &a1, depth + 1) || !bounds(s, e->b, &b0, &b1, depth + 1))
			return 0;
		if (!strcmp(e->op, "+")) {
			*lo = a0 + b0;
			*hi = a1 + b1;
		} else if (!strcmp(e->op, "-")) {
			*lo = a0 - b1;
			*hi = a1 - b0;
		} else if (!strcmp(e->op, "*")) {
			long p[4] = { a0 * b0, a0 * b1, a1 * b0, a1 * b1 };
			*lo = *hi = p[0];
			for (int i = 1; i < 4; i++) {
				if (p[i] < *lo) *lo = p[i];
				if (p[i] > *hi) *hi = p[i];
			}
		} else {
			return 0;
		}
		/* the ranges are 32-bit values: these stay far from long's limits */
		return *hi <= 2147483647L && *lo >= -2147483648L;
	default:
		return 0;
	}
}

/* clock v counts up to at least k; the elements of a clock array share
 * one cap (the scan binds a select index to its lowest value) */
static void raise_cap(up_net *n, const up_var *v, long k)
{
	if (!v->carr) {
		if (k > n->cap[v->clock])
			n->cap[v->clock] = k;
		return;
	}
	for (long i = 0; i < v->carr->nsize; i++)
		if (k > n->cap[v->carr->celem[i]->clock])
			n->cap[v->carr->celem[i]->clock] = k;
}

/* The quantifier q's name bound to v in the scope the scan reads (the
 * caller pops it: scope->n--) */
static up_vec *quant_bind(scan_st *s, const up_expr *q, long v)
{
	up_ctx *c = s->n->m->c;
	up_vec *scope = s->in ? &s->in->sel : &s->n->gbinds;
	up_bind *b = up_alloc(c, sizeof *b);
	b->name = q->name;
	b->value = up_alloc(c, sizeof *b->value);
	b->value->kind = X_NUM;
	b->value->val = v;
	up_push(c, scope, b);
	return scope;
}

static void scan(scan_st *s, const up_expr *e)
{
	up_ctx *c = s->n->m->c;
	if (!e)
		return;
	const up_expr *rate = e->kind == X_UN && strcmp(e->op, "'") == 0 ? e
		: e->kind == X_BIN && e->a && e->a->kind == X_UN && strcmp(e->a->op, "'") == 0 ? e->a
		: e->kind == X_BIN && e->b && e->b->kind == X_UN && strcmp(e->b->op, "'") == 0 ? e->b : NULL;
	if (rate)
		up_fail_at(c, rate->file ? rate->file : s->file, rate->line, rate->col,
			   "a clock rate (x') belongs in a location's invariant, as a conjunct x' == e");
	if (e->kind == X_QUANT) {
		/* the body for every value: forall (i : id_t) P(i).x <= 10
		 * compares each P(i).x with 10 */
		long lo, hi;
		up_quant_range(s->n, s->in, e, &lo, &hi);
		for (long v = lo; v <= hi; v++) {
			up_vec *scope = quant_bind(s, e, v);
			scan(s, e->c);
			scope->n--;
		}
		return;
	}
	if (e->kind == X_BIN && is_cmp(e->op)) {
		int ca = mentions_clock(s, e->a), cb = mentions_clock(s, e->b);
		if (ca || cb) {
			const up_expr *clk = ca ? e->a : e->b, *other = ca ? e->b : e->a;
			if ((ca && cb) || (clk->kind != X_ID && clk->kind != X_DOT && clk->kind != X_INDEX)) {
				/* x - y ~ c, x + 1 <= y: zones only (up_clock_strict_warn
				 * refuses them in discrete time); both clocks count to |c| */
				up_var *x, *y;
				char op[3];
				long k;
				if (!up_clock_linear(s->n, s->in, e, &x, &y, op, &k))
					up_fail_at(c, e->file ? e->file : s->file, e->line, e->col,
						   "clocks compared other than as x - y ~ c, x ~ c with constants c");
				if (!s->n->diag) {
					s->n->diag = e;
					s->n->diag_file = e->file ? e->file : s->file;
				}
				raise_cap(s->n, x, k < 0 ? -k : k);
				if (y)
					raise_cap(s->n, y, k < 0 ? -k : k);
				return;
			}
			long k, lo;
			if (!up_eval_const(s->n, s->in, other, &k)) {
				/* compared with an expression of the state: the clock
				 * must count up to the expression's largest value */
				if (!bounds(s, other, &lo, &k, 0))
					up_fail_at(c, e->file ? e->file : s->file, e->line, e->col,
						   "a clock can only be compared with a constant or a bounded expression");
				if (k > 4096)
					up_warn(c, e->file ? e->file : s->file, e->line, "a clock compared with an expression "
						"up to %ld: in discrete time it counts that far (the state space grows with it)", k);
			}
			up_var *v = clk->kind == X_DOT ? dot_clock(s, clk) : up_var_of(s->n, s->in, clk);
			if (!v || v->clock < 0)
				up_fail_at(c, e->file ? e->file : s->file, e->line, e->col,
					   "a clock array is compared as a whole: name one element (x[i])");
			raise_cap(s->n, v, k);
			if ((!strcmp(e->op, "<") || !strcmp(e->op, ">") || !strcmp(e->op, "!="))
			    && !s->strict_warned) {
				/* only discrete time loses behaviours here (up_clock_strict_warn) */
				s->strict_warned = 1;
				s->n->strict_line = e->line;
				s->n->strict_file = s->file;
			}
			return;
		}
	}
	if (e->kind == X_ASSIGN && up_is_clock(s->n, s->in, e->a)) {
		long k;
		if (strcmp(e->op, "=") != 0 || !up_eval_const(s->n, s->in, e->b, &k) || k < 0)
			up_fail_at(c, e->file ? e->file : s->file, e->line, e->col, "a clock can only be reset to a non-negative constant");
		up_var *v = up_var_of(s->n, s->in, e->a);
		if (!v || v->clock < 0)
			up_fail_at(c, e->file ? e->file : s->file, e->line, e->col,
				   "a clock array is reset as a whole: reset one element (x[i] = 0)");
		raise_cap(s->n, v, k);
		return;
	}
	if (e->kind == X_ID && up_is_clock(s->n, s->in, e))
		up_fail_at(c, e->file ? e->file : s->file, e->line, e->col, "clock '%s' used outside a comparison with a constant", e->name);
	if (e->kind == X_INDEX && up_is_clock(s->n, s->in, e))
		up_fail_at(c, e->file ? e->file : s->file, e->line, e->col, "clock '%s[...]' used outside a comparison "
			   "with a constant", up_index_base(e)->name);
	scan(s, e->a);
	scan(s, e->b);
	scan(s, e->c);
}

/* the number of clock valuations discrete time may store per location
 * and variable vector: the product of the clocks' ranges 0..cap */
double up_clock_valuations(const up_net *n)
{
	double p = 1;
	for (int i = 0; i < n->clocks.n; i++)
		p *= (double) n->cap[i] + 1;
	return p;
}

/* above this many clock valuations, with a clock counting further than
 * UP_CLOCK_CAP_WARN, the translation says so (small caps multiply too,
 * Fischer's 10 clocks of 0..3, but reachability keeps few of them) */
#define UP_CLOCK_VALUATIONS_WARN 1e5
#define UP_CLOCK_CAP_WARN 100

/* A warning when the clocks' ranges multiply into many valuations
 * (csma-style models with large constants): zones would keep one
 * symbolic state where discrete time keeps every integer combination.
 * The widest ranges are named. */
static void clock_range_report(up_net *n)
{
	double p = up_clock_valuations(n);
	long top = 0;
	for (int i = 0; i < n->clocks.n; i++)
		top = n->cap[i] > top ? n->cap[i] : top;
	if (p <= UP_CLOCK_VALUATIONS_WARN || top <= UP_CLOCK_CAP_WARN)
		return;
	char list[240] = "";
	size_t used = 0;
	unsigned char *shown = up_alloc(n->m->c, (size_t) n->clocks.n + 1);
	for (int k = 0; k < 4 && k < n->clocks.n; k++) {
		int best = -1;
		for (int i = 0; i < n->clocks.n; i++)
			if (!shown[i] && (best < 0 || n->cap[i] > n->cap[best]))
				best = i;
		shown[best] = 1;
		const up_var *v = n->clocks.v[best];
		used += (size_t) snprintf(list + used, sizeof list - used, "%s%s%s%s 0..%ld", k ? ", " : "",
					  v->owner ? v->owner->name : "", v->owner ? "." : "", v->name, n->cap[best]);
		if (used >= sizeof list)
			break;
	}
	up_warn(n->m->c, n->m->file, 0, "discrete time: %d clock%s take up to %.3g combined values (%s%s); "
		"the state space grows with the clock constants, where UPPAAL's zones would not",
		n->clocks.n, n->clocks.n == 1 ? "" : "s", p, list, n->clocks.n > 4 ? ", ..." : "");
}

/* a rate x' == r of location loc: x a clock, r 0 or 1 (a stopwatch; other
 * rates are hybrid clocks, for statistical checking only).  An r whose
 * type allows other values (`x' == running[i]` with `int running[N]`)
 * is checked in every delay: Tick stops with an assertion when it is
 * neither 0 nor 1 where time could pass (n->rate_checks). */
static void check_rate(scan_st *s, int loc, const up_expr *rate)
{
	up_ctx *c = s->n->m->c;
	const up_expr *x = rate->a->a, *r = rate->b;
	const char *file = rate->file ? rate->file : s->file;
	long lo, hi;
	if (!up_is_clock(s->n, s->in, x))
		up_fail_at(c, file, rate->line, rate->col, "a rate (x') for something that is not a clock");
	if (!bounds(s, r, &lo, &hi, 0))
		up_fail_at(c, file, rate->line, rate->col, "a clock rate must be an integer expression of the state, "
			   "0 or 1 (a stopwatch); other rates are hybrid clocks, which UPPAAL checks statistically only");
	if (hi < 0 || lo > 1)
		up_fail_at(c, file, rate->line, rate->col, "a clock rate of %ld: only 0 and 1 (a stopwatch) are "
			   "supported; other rates are hybrid clocks, which UPPAAL checks statistically only",
			   hi < 0 ? hi : lo);
	if (lo < 0 || hi > 1) {
		up_rate_check *rc = up_alloc(c, sizeof *rc);
		rc->in = s->in;
		rc->loc = loc;
		rc->rate = rate;
		up_push(c, &s->n->rate_checks, rc);
	}
	scan(s, r);
	c->inexact = 1;
	if (!s->rate_warned) {
		s->rate_warned = 1;
		up_warn(c, file, rate->line, "stopwatch (x' == 0): in discrete time the stopped clock keeps its "
			"integer value; UPPAAL over-approximates stopwatches, so answers may differ");
	}
}

/* ---- clocks compared with decimal constants (x < 1.5) ----
 * Multiplying every clock constant by the same factor F scales time:
 * the locations and variables reachable stay the same, so a model whose
 * clocks are compared with 1.5 is checked, exactly as far as discrete
 * time is, with every clock constant times 2 (one time unit is F steps
 * of Tick).  F is the least common multiple of the literals'
 * denominators (1.25: 4). */

static long gcd(long a, long b)
{
	while (b) {
		long t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* the denominator of a decimal literal (its digits after the point) */
static long denominator(const up_expr *e)
{
	const char *dot = strchr(e->name, '.');
	long num = 0, den = 1;
	for (const char *p = e->name; *p; p++) {
		if (*p == '.')
			continue;
		num = num * 10 + (*p - '0');
		if (p > dot)
			den *= 10;
		if (num > 100000000L || den > 100000000L)
			return -1;
	}
	return den / gcd(num, den);
}

/* pass 0: F from the literals compared with clocks (an error at any
 * other literal); pass 1: every clock comparison's other side and every
 * clock reset times F */
static void scale_walk(scan_st *s, up_expr *e, int pass, long *f)
{
	up_ctx *c = s->n->m->c;
	if (!e)
		return;
	if (e->kind == X_QUANT) {
		/* pass 0 reads the body for every value; pass 1 rewrites its
		 * literals once (whether a side is a clock does not depend on
		 * the value: P(i).x is a clock for every i) */
		long lo, hi;
		up_quant_range(s->n, s->in, e, &lo, &hi);
		for (long v = lo; v <= (pass == 0 ? hi : lo); v++) {
			up_vec *scope = quant_bind(s, e, v);
			scale_walk(s, e->c, pass, f);
			scope->n--;
		}
		return;
	}
	if (e->kind == X_BIN && is_cmp(e->op)) {
		int ca = mentions_clock(s, e->a), cb = mentions_clock(s, e->b);
		if (ca != cb) {
			up_expr **other = ca ? &e->b : &e->a;
			up_expr *o = *other;
			if (pass == 0 && o->kind == X_DBL) {
				long d = denominator(o);
				if (d < 0 || *f / gcd(*f, d) > 1000000L / d)
					up_fail_at(c, o->file ? o->file : s->file, o->line, o->col, "'%s': too many decimals "
						   "(the clock constants would be scaled by more than 10^6)", o->name);
				*f = *f / gcd(*f, d) * d;
			} else if (pass == 0) {
				up_no_double(c, s->file, o);
			} else if (o->kind == X_DBL) {
				up_expr *k = up_alloc(c, sizeof *k);
				*k = *o;
				k->kind = X_NUM;
				k->val = (long) (o->dval * (double) *f + (o->dval < 0 ? -0.5 : 0.5));
				k->name = NULL;
				*other = k;
			} else {
				up_expr *k = up_alloc(c, sizeof *k), *m = up_alloc(c, sizeof *m);
				*k = *o;
				k->kind = X_NUM;
				k->val = *f;
				k->a = k->b = k->c = NULL;
				k->name = NULL;
				k->height = 1;
				*m = *o;
				m->kind = X_BIN;
				strcpy(m->op, "*");
				m->a = k;
				m->b = o;
				m->c = NULL;
				m->height = o->height + 1;
				*other = m;
			}
			return;
		}
	}
	if (e->kind == X_ASSIGN && strcmp(e->op, "=") == 0 && up_is_clock(s->n, s->in, e->a)) {
		up_no_double(c, s->file, e->b);
		long k;
		if (pass == 1 && up_eval_const(s->n, s->in, e->b, &k)) {
			up_expr *x = up_alloc(c, sizeof *x);
			*x = *e->b;
			x->kind = X_NUM;
			x->val = k * *f;
			x->a = x->b = x->c = NULL;
			x->name = NULL;
			x->height = 1;
			e->b = x;
		}
		return;
	}
	if (pass == 0)
		up_no_double(c, s->file, e->kind == X_DBL ? e : NULL);
	scale_walk(s, e->a, pass, f);
	scale_walk(s, e->b, pass, f);
	scale_walk(s, e->c, pass, f);
}

/* the expressions a clock may be compared in: each template's once (with
 * its first instance: they are shared by its instances), then the query */
static void scale_all(up_net *n, const up_query *q, int pass, long *f)
{
	scan_st s = { n, NULL, n->m->file, 0, 0 };
	for (int t = 0; t < n->m->templates.n; t++) {
		up_template *tm = n->m->templates.v[t];
		s.in = NULL;
		for (int i = 0; i < n->insts.n && !s.in; i++)
			if (((up_inst *) n->insts.v[i])->t == tm)
				s.in = n->insts.v[i];
		if (!s.in)
			continue;
		for (int k = 0; k < tm->locs.n; k++) {
			up_loc *l = tm->locs.v[k];
			scale_walk(&s, l->inv, pass, f);
			for (int j = 0; j < l->rates.n && pass == 0; j++)
				up_no_double(n->m->c, s.file, ((up_expr *) l->rates.v[j])->b);
		}
		for (int k = 0; k < tm->edges.n; k++) {
			up_edge *ed = tm->edges.v[k];
			/* select variables are constants: bound to their lower bound */
			s.in->sel.n = 0;
			for (int j = 0; j < ed->selects.n; j++) {
				up_select *sl = ed->selects.v[j];
				up_bind *b = up_alloc(n->m->c, sizeof *b);
				b->name = sl->name;
				b->value = sl->type.lo;
				up_push(n->m->c, &s.in->sel, b);
			}
			scale_walk(&s, ed->guard, pass, f);
			for (int j = 0; j < ed->assigns.n; j++)
				scale_walk(&s, ed->assigns.v[j], pass, f);
			s.in->sel.n = 0;
		}
	}
	s.in = NULL;
	if (q) {
		scale_walk(&s, q->phi, pass, f);
		scale_walk(&s, q->psi, pass, f);
	}
}

void up_clock_scale(up_net *n, const up_query *q)
{
	if (n->time_scale)
		return;
	long f = 1;
	scale_all(n, q, 0, &f);
	n->time_scale = f;
	if (f == 1)
		return;
	scale_all(n, q, 1, &f);
	up_warn(n->m->c, n->m->file, 0, "clocks compared with decimal constants: every clock constant is multiplied "
		"by %ld (time scaled: the same locations and variables are reachable); delays and clock values in "
		"the Promela and in traces count 1/%ld time units", f, f);
}

void up_clock_caps(up_net *n, const up_query *q)
{
	up_clock_scale(n, q);
	scan_st s = { n, NULL, n->m->file, 0, 0 };
	for (int i = 0; i < n->clocks.n; i++)
		n->cap[i] = 0;
	n->rate_checks.n = 0;
	n->diag = NULL;
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		s.in = in;
		for (int k = 0; k < in->t->locs.n; k++) {
			up_loc *l = in->t->locs.v[k];
			scan(&s, l->inv);
			for (int j = 0; j < l->rates.n; j++)
				check_rate(&s, k, l->rates.v[j]);
		}
		for (int k = 0; k < in->t->edges.n; k++) {
			up_edge *ed = in->t->edges.v[k];
			up_edge_bind_selects_low(n, in, ed);
			scan(&s, ed->guard);
			for (int j = 0; j < ed->assigns.n; j++)
				scan(&s, ed->assigns.v[j]);
			in->sel.n = 0;
		}
	}
	if (q) {
		s.in = NULL;
		s.file = q->file;
		scan(&s, q->phi);
		scan(&s, q->psi);
	}
	for (int i = 0; i < n->clocks.n; i++) {
		up_var *v = n->clocks.v[i];
		/* a clock counts in a Promela int up to its cap, plus a delay step */
		if (n->cap[i] > 2147483647L - 64)
			up_fail_at(n->m->c, v->file, v->line, v->col, "clock '%s' is compared with %ld: too large for discrete time",
				v->name, n->cap[i]);
		n->cap[i] += 1;
	}
}

void up_clock_strict_warn(up_net *n)
{
	if (n->zones)
		return;
	if (n->diag)
		up_fail_at(n->m->c, n->diag_file, n->diag->line, n->diag->col, "clock differences and clock arithmetic "
			   "(x - y ~ c) are not supported in discrete time%s%s%s", n->zone_why ? " (zones are not used: " : "",
			   n->zone_why ? n->zone_why : "", n->zone_why ? ")" : "");
	clock_range_report(n);
	if (!n->strict_line)
		return;
	n->m->c->inexact = 1;
	up_warn(n->m->c, n->strict_file, n->strict_line,
		"strict clock constraint: in discrete time x<c means x<=c-1 (and x>c means x>=c+1); "
		"the translation may lose behaviours of the dense-time model%s%s%s",
		n->zone_why ? " (zones are not used: " : "", n->zone_why ? n->zone_why : "", n->zone_why ? ")" : "");
}

up_var *up_query_clock(up_net *n, const up_expr *e)
{
	scan_st s = { n, NULL, n->m->file, 0, 0 };
	if (e && e->kind == X_DOT)
		return dot_clock(&s, e);
	if (e && (e->kind == X_ID || e->kind == X_INDEX) && up_is_clock(n, NULL, e)) {
		up_var *v = up_var_of(n, NULL, e);
		return v && v->clock >= 0 ? v : NULL;
	}
	return NULL;
}

/* ---- inactive clocks ----
 * A template-local clock is dead at a location when every path from there
 * resets it before reading it.  Its value there cannot matter, so the
 * writer sets it to 0 on entering such a location and Tick leaves it
 * alone: states that differ only in dead clocks become one (UPPAAL's
 * "inactive clock reduction"; exact for reachability). */

static int reads(up_net *n, up_inst *in, const up_expr *e, const up_var *v)
{
	if (!e)
		return 0;
	if (e->kind == X_ID)
		return up_var_of(n, in, e) == v;
	if (e->kind == X_ASSIGN)        /* the left side of a reset is not a read */
		return reads(n, in, e->b, v);
	return reads(n, in, e->a, v) || reads(n, in, e->b, v) || reads(n, in, e->c, v);
}

void up_edge_bind_selects_low(up_net *n, up_inst *in, const up_edge *ed)
{
	in->sel.n = 0;
	for (int j = 0; j < ed->selects.n; j++) {
		up_select *sl = ed->selects.v[j];
		up_bind *b = up_alloc(n->m->c, sizeof *b);
		b->name = sl->name;
		b->value = sl->type.lo;
		up_push(n->m->c, &in->sel, b);
	}
}

int up_edge_resets(up_net *n, up_inst *in, const up_edge *ed, const up_var *v)
{
	for (int i = 0; i < ed->assigns.n; i++) {
		const up_expr *a = ed->assigns.v[i];
		if (a->kind == X_ASSIGN && up_var_of(n, in, a->a) == v)
			return 1;
	}
	return 0;
}

/* names after '.' in the query: such clocks stay live everywhere */
static int query_names(const up_expr *e, const char *name)
{
	if (!e)
		return 0;
	if (e->kind == X_DOT && strcmp(e->name, name) == 0)
		return 1;
	return query_names(e->a, name) || query_names(e->b, name) || query_names(e->c, name);
}

/* the locations of in's template where its clock v is live: an invariant
 * there reads it, or an edge from there reads it, or does not reset it
 * and leads where it is live (a least fixpoint over the edges) */
static unsigned char *live_locations(up_net *n, up_inst *in, const up_var *v)
{
	up_ctx *c = n->m->c;
	up_template *t = in->t;
	unsigned char *live = up_alloc(c, (size_t) t->locs.n + 1);
	unsigned char *uses = up_alloc(c, (size_t) t->edges.n + 1);   /* 1 reads, 2 resets */
	for (int l = 0; l < t->locs.n; l++)
		live[l] = (unsigned char) reads(n, in, ((up_loc *) t->locs.v[l])->inv, v);
	for (int i = 0; i < t->edges.n; i++) {
		up_edge *ed = t->edges.v[i];
		/* select values do not matter for which variable is read */
		in->sel.n = 0;
		for (int j = 0; j < ed->selects.n; j++) {
			up_select *sl = ed->selects.v[j];
			up_bind *b = up_alloc(c, sizeof *b);
			b->name = sl->name;
			b->value = sl->type.lo;
			up_push(c, &in->sel, b);
		}
		int r = reads(n, in, ed->guard, v) || reads(n, in, ed->sync, v);
		for (int j = 0; !r && j < ed->assigns.n; j++)
			r = reads(n, in, ed->assigns.v[j], v);
		uses[i] = r ? 1 : up_edge_resets(n, in, ed, v) ? 2 : 0;
		in->sel.n = 0;
	}
	for (int changed = 1; changed; ) {
		changed = 0;
		for (int i = 0; i < t->edges.n; i++) {
			up_edge *ed = t->edges.v[i];
			if (!live[ed->src] && (uses[i] == 1 || (uses[i] == 0 && live[ed->dst]))) {
				live[ed->src] = 1;
				changed = 1;
			}
		}
	}
	return live;
}

void up_clock_liveness(up_net *n, const up_query *q)
{
	up_ctx *c = n->m->c;
	n->live = up_alloc(c, sizeof *n->live * (size_t) (n->clocks.n + 1));
	for (int k = 0; k < n->clocks.n; k++) {
		up_var *v = n->clocks.v[k];
		up_inst *in = v->owner;
		/* an element of a clock array is live everywhere: its index
		 * may be a select value, which the analysis does not follow */
		if (!in || v->carr || (q && (query_names(q->phi, v->name) || query_names(q->psi, v->name))))
			continue;
		/* a template's local clock is read where its name is read: the
		 * same locations in every instance (parameters are bound to
		 * global names, never to another instance's locals) */
		for (int j = 0; j < k && !n->live[k]; j++) {
			const up_var *w = n->clocks.v[j];
			if (n->live[j] && w->owner && w->owner->t == in->t && strcmp(w->name, v->name) == 0)
				n->live[k] = n->live[j];
		}
		if (!n->live[k])
			n->live[k] = live_locations(n, in, v);
	}
}
