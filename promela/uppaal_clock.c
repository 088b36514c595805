/*
 * uppaal_clock.c -- clocks in discrete time.  A clock is an integer that
 * the Tick process advances by 1 and that stops at cap = (the largest
 * constant it is compared with) + 1: above that no guard, invariant or
 * query can tell the values apart.  Only comparisons of a clock with a
 * constant (x ~ c, c ~ x) and resets to a constant are supported; clock
 * differences are rejected.  Strict comparisons are exact on the integer
 * values but not for dense time: a warning says so.
 */
#include "uppaal.h"

#include <string.h>

typedef struct {
	up_net *n;
	up_inst *in;
	const char *file;
	int strict_warned;
} scan_st;

static int is_cmp(const char *op)
{
	return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=")
		|| !strcmp(op, "==") || !strcmp(op, "!=");
}

int up_is_clock(up_net *n, up_inst *in, const up_expr *e)
{
	if (!e || e->kind != X_ID)
		return 0;
	up_var *v = up_var_of(n, in, e);
	return v && v->clock >= 0;
}

static int mentions_clock(scan_st *s, const up_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == X_ID)
		return up_is_clock(s->n, s->in, e);
	if (e->kind == X_DOT)
		return 0;
	return mentions_clock(s, e->a) || mentions_clock(s, e->b) || mentions_clock(s, e->c);
}

static void scan(scan_st *s, const up_expr *e)
{
	up_ctx *c = s->n->m->c;
	if (!e)
		return;
	if (e->kind == X_BIN && is_cmp(e->op)) {
		int ca = mentions_clock(s, e->a), cb = mentions_clock(s, e->b);
		if (ca || cb) {
			const up_expr *clk = ca ? e->a : e->b, *other = ca ? e->b : e->a;
			if ((ca && cb) || clk->kind != X_ID)
				up_fail(c, s->file, e->line,
					"clock differences and clock arithmetic are not supported in discrete time");
			long k;
			if (!up_eval_const(s->n, s->in, other, &k))
				up_fail(c, s->file, e->line, "a clock can only be compared with a constant");
			up_var *v = up_var_of(s->n, s->in, clk);
			if (k > s->n->cap[v->clock])
				s->n->cap[v->clock] = k;
			if ((!strcmp(e->op, "<") || !strcmp(e->op, ">") || !strcmp(e->op, "!="))
			    && !s->strict_warned) {
				s->strict_warned = 1;
				up_warn(c, s->file, e->line,
					"strict clock constraint: in discrete time x<c means x<=c-1 (and x>c means x>=c+1); "
					"the translation may lose behaviours of the dense-time model");
			}
			return;
		}
	}
	if (e->kind == X_ASSIGN && up_is_clock(s->n, s->in, e->a)) {
		long k;
		if (strcmp(e->op, "=") != 0 || !up_eval_const(s->n, s->in, e->b, &k) || k < 0)
			up_fail(c, s->file, e->line, "a clock can only be reset to a non-negative constant");
		up_var *v = up_var_of(s->n, s->in, e->a);
		if (k > s->n->cap[v->clock])
			s->n->cap[v->clock] = k;
		return;
	}
	if (e->kind == X_ID && up_is_clock(s->n, s->in, e))
		up_fail(c, s->file, e->line, "clock '%s' used outside a comparison with a constant", e->name);
	scan(s, e->a);
	scan(s, e->b);
	scan(s, e->c);
}

void up_clock_caps(up_net *n, const up_query *q)
{
	scan_st s = { n, NULL, n->m->file, 0 };
	for (int i = 0; i < n->clocks.n; i++)
		n->cap[i] = 0;
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		s.in = in;
		for (int k = 0; k < in->t->locs.n; k++)
			scan(&s, ((up_loc *) in->t->locs.v[k])->inv);
		for (int k = 0; k < in->t->edges.n; k++) {
			up_edge *ed = in->t->edges.v[k];
			/* select variables are constants: bind them to their lower bound so
			 * the scan can evaluate expressions that use them */
			in->sel.n = 0;
			for (int j = 0; j < ed->selects.n; j++) {
				up_select *sl = ed->selects.v[j];
				up_bind *b = up_alloc(n->m->c, sizeof *b);
				b->name = sl->name;
				b->value = sl->type.lo;
				up_push(n->m->c, &in->sel, b);
			}
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
	}
	for (int i = 0; i < n->clocks.n; i++)
		n->cap[i] += 1;
}
