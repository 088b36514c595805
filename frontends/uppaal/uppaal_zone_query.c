// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_zone_query.c -- an E<> or A[] query read on a symbolic state
 * (docs/uppaal.md "Clocks: zones").  A state is its discrete part and a
 * zone; UPPAAL finds E<> phi in it when some valuation of the zone
 * satisfies phi, and A[] phi fails in it when some valuation satisfies
 * !phi.  "Some valuation satisfies f" distributes over a disjunction but
 * not over a conjunction, so f (phi or !phi) is brought into a
 * disjunction of terms, each the conjunction of a clock-free condition
 * of the discrete part and clock constraints x ~ c:
 *     exists v in Z: f  =  OR_i (data_i && Z meets the constraints_i)
 * The clock-free parts stay whole (one Promela expression each); not,
 * imply, !=, forall and exists over clocks are unfolded (a forall over
 * clocks is a conjunction over the range's values).  The test is
 * monotone in Z, as zone inclusion in pan's store needs (a state covered
 * by a stored one has no witness the stored one lacks).
 */
#include "uppaal_emit.h"
#include "uppaal_zone.h"

#include <stdlib.h>
#include <string.h>

/* the disjunction grows as the product of the conjunctions it unfolds */
#define MAX_TERMS 64
#define MAX_CONSTRAINTS 3072    /* ints per term: 3 per x ~ c */
#define DMC_ZMAXDIAG_QUERY 256  /* zone_dbm_ctext.h's DMC_ZMAXDIAG */

typedef struct {
	const char *data;       /* Promela text, NULL: true */
	int *v, k;              /* the clock constraints (i, j, bound) */
} zterm;

typedef struct {
	zterm t[MAX_TERMS];
	int n;
} zdnf;

typedef struct {
	up_net *n;
	up_emit_st *s;          /* NULL: only whether the query can be read so */
	const char *why;        /* the first reason it cannot */
} zq;

static int is_cmp(const char *op)
{
	return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=")
		|| !strcmp(op, "==") || !strcmp(op, "!=");
}

static void bind(up_net *n, const char *name, long v)
{
	up_bind *b = up_alloc(n->m->c, sizeof *b);
	b->name = name;
	b->value = up_alloc(n->m->c, sizeof *b->value);
	b->value->kind = X_NUM;
	b->value->val = v;
	up_push(n->m->c, &n->gbinds, b);
}

/* a clock named in e, with the quantifiers' names bound to each of their
 * values (P(i).x under forall (i : id_t) is a clock for every i) */
static int reads_clock(up_net *n, const up_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == X_QUANT) {
		long lo, hi;
		int r = 0;
		up_quant_range(n, NULL, e, &lo, &hi);
		for (long v = lo; v <= hi && !r; v++) {
			bind(n, e->name, v);
			r = reads_clock(n, e->c);
			n->gbinds.n--;
		}
		return r;
	}
	if ((e->kind == X_ID || e->kind == X_INDEX || e->kind == X_DOT) && up_query_clock(n, e))
		return 1;
	return reads_clock(n, e->a) || reads_clock(n, e->b) || reads_clock(n, e->c);
}

static void refuse(zq *z, const char *why)
{
	if (!z->why)
		z->why = why;
}

static void one_term(zq *z, zdnf *d, const char *data)
{
	d->n = 1;
	d->t[0].data = data;
	d->t[0].v = up_alloc(z->n->m->c, sizeof(int) * 6);     /* one atom's */
	d->t[0].k = 0;
}

/* a and b (a := a and b) */
static void and_terms(zq *z, zdnf *a, const zdnf *b)
{
	up_ctx *c = z->n->m->c;
	if (a->n * b->n > MAX_TERMS) {
		refuse(z, "the query's clock constraints unfold into more than 64 cases");
		return;
	}
	zdnf *r = up_alloc(c, sizeof *r);
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++) {
			const zterm *x = &a->t[i], *y = &b->t[j];
			zterm *t = &r->t[r->n++];
			if (x->k + y->k > MAX_CONSTRAINTS) {
				refuse(z, "too many clock constraints in one case of the query");
				return;
			}
			t->v = up_alloc(c, sizeof(int) * (size_t) (x->k + y->k + 1));
			memcpy(t->v, x->v, sizeof(int) * (size_t) x->k);
			memcpy(t->v + x->k, y->v, sizeof(int) * (size_t) y->k);
			t->k = x->k + y->k;
			if (!x->data || !y->data) {
				t->data = x->data ? x->data : y->data;
			} else {
				char *s = up_alloc(c, strlen(x->data) + strlen(y->data) + 5);
				sprintf(s, "%s && %s", x->data, y->data);
				t->data = s;
			}
		}
	*a = *r;
}

/* a or b (a := a or b) */
static void or_terms(zq *z, zdnf *a, const zdnf *b)
{
	if (a->n + b->n > MAX_TERMS) {
		refuse(z, "the query's clock constraints unfold into more than 64 cases");
		return;
	}
	for (int j = 0; j < b->n; j++)
		a->t[a->n++] = b->t[j];
}

/* a clock-free condition (negated: neg) as one term */
static void data_term(zq *z, const up_expr *e, int neg, zdnf *out)
{
	const char *text = NULL;
	if (z->s) {
		up_ctx *c = z->n->m->c;
		FILE *keep = z->s->out;
		z->s->out = up_mem_open(c);
		fputs(neg ? "!(" : "(", z->s->out);
		up_emit_expr_st(z->s, NULL, e);
		fputc(')', z->s->out);
		size_t len;
		char *t = up_mem_close(c, &len);
		z->s->out = keep;
		text = up_strdup(c, t);
		free(t);
	}
	one_term(z, out, text);
}

static void put(zterm *t, int i, int j, int b)
{
	t->v[t->k++] = i;
	t->v[t->k++] = j;
	t->v[t->k++] = b;
}

/* a - b bounded by bound (a clock; b a clock or NULL: 0) into t; a
 * difference is one the zone is split along (noted while the query is
 * checked, before the Promela is written) */
static void put_clocks(zq *z, zterm *t, const up_var *a, const up_var *b, int bound)
{
	put(t, a ? a->clock + 1 : 0, b ? b->clock + 1 : 0, bound);
	if (a && b && !z->s)
		up_zone_note_diag(z->n, a, b, bound);
}

/* x ~ c or x - y ~ c (negated: neg) as one term, or two for != */
static void atom(zq *z, const up_expr *e, int neg, zdnf *out)
{
	up_net *n = z->n;
	up_var *vx, *vy;
	char op[3] = "";
	long c;
	if (!up_clock_linear(n, NULL, e, &vx, &vy, op, &c) || c < -100000000L || c > 100000000L) {
		refuse(z, "the query compares a clock with something other than a constant");
		return;
	}
	int plain = (up_query_clock(n, e->a) && !reads_clock(n, e->b)) || (up_query_clock(n, e->b) && !reads_clock(n, e->a));
	if (!plain && n->time_scale > 1) {
		/* the scaling to decimal constants rewrites x ~ c only */
		refuse(z, "the query compares clock differences or sums in a model with decimal clock constants");
		return;
	}
	if (neg) {              /* not x < c is x >= c ... */
		static const char *const from[] = { "<", "<=", ">", ">=", "==", "!=" };
		static const char *const to[] = { ">=", ">", "<=", "<", "!=", "==" };
		for (int i = 0; i < 6; i++)
			if (!strcmp(op, from[i])) {
				strcpy(op, to[i]);
				break;
			}
	}
	int strict = op[1] == 0;
	one_term(z, out, NULL);
	if (!strcmp(op, "!=")) {        /* x < c or x > c */
		zdnf gt;
		one_term(z, &gt, NULL);
		put_clocks(z, &out->t[0], vx, vy, up_zone_bound((int) c, 1));
		put_clocks(z, &gt.t[0], vy, vx, up_zone_bound((int) -c, 1));
		or_terms(z, out, &gt);
		return;
	}
	if (op[0] == '<' || op[0] == '=')
		put_clocks(z, &out->t[0], vx, vy, up_zone_bound((int) c, strict && op[0] != '='));
	if (op[0] == '>' || op[0] == '=')
		put_clocks(z, &out->t[0], vy, vx, up_zone_bound((int) -c, strict && op[0] != '='));
}

static int is_op(const up_expr *e, const char *a, const char *b)
{
	return e->kind == X_BIN && (!strcmp(e->op, a) || (b && !strcmp(e->op, b)));
}

/* e (negated: neg) as a disjunction of terms */
static void dnf(zq *z, const up_expr *e, int neg, zdnf *out)
{
	out->n = 0;
	if (z->why)
		return;
	if (!reads_clock(z->n, e)) {
		data_term(z, e, neg, out);
		return;
	}
	zdnf *b = up_alloc(z->n->m->c, sizeof *b);
	if (e->kind == X_UN && !strcmp(e->op, "!")) {
		dnf(z, e->a, !neg, out);
	} else if (is_op(e, "&&", "and") || is_op(e, "||", "or") || is_op(e, "=>", NULL)) {
		/* a => b is !a || b */
		int and = e->op[0] == '&' || e->op[0] == 'a';
		dnf(z, e->a, e->op[0] == '=' ? !neg : neg, out);
		dnf(z, e->b, neg, b);
		if (and != neg)         /* a && b, or !(a || b), !(a => b) */
			and_terms(z, out, b);
		else
			or_terms(z, out, b);
	} else if (e->kind == X_QUANT && e->op[0] != 'S') {
		long lo, hi;
		int and = (e->op[0] == 'A') != neg;
		up_quant_range(z->n, NULL, e, &lo, &hi);
		if (and)
			one_term(z, out, NULL);
		for (long v = lo; v <= hi && !z->why; v++) {
			bind(z->n, e->name, v);
			dnf(z, e->c, neg, b);
			z->n->gbinds.n--;
			if (and)
				and_terms(z, out, b);
			else
				or_terms(z, out, b);
		}
	} else if (e->kind == X_BIN && is_cmp(e->op)) {
		atom(z, e, neg, out);
	} else {
		refuse(z, "the query reads a clock other than in comparisons x ~ c joined by and, or, not, imply, "
		       "forall, exists");
	}
	if (z->why)
		out->n = 0;
}

/* the terms of "some valuation of the zone violates q's assert" */
static void violation(zq *z, const up_query *q, zdnf *d)
{
	dnf(z, q->phi, q->kind == 'A', d);
}

const char *up_zone_query_why(up_net *n, const up_query *q)
{
	zq z = { n, NULL, NULL };
	zdnf *d = up_alloc(n->m->c, sizeof *d);
	violation(&z, q, d);
	if (!z.why && n->nzdiag > DMC_ZMAXDIAG_QUERY)
		z.why = "more than 256 clock difference constraints";
	return z.why;
}

static void zok(FILE *o, const zterm *t)
{
	up_zone_test(o, t->v, t->k);
}

/* a conjunction of clock-free conditions and clock comparisons: the
 * query as written, with 1 for each comparison, beside one zone test */
static int plain_conj(up_net *n, const up_expr *e)
{
	if (is_op(e, "&&", "and"))
		return plain_conj(n, e->a) && plain_conj(n, e->b);
	return !reads_clock(n, e) || (e->kind == X_BIN && is_cmp(e->op) && strcmp(e->op, "!="));
}

void up_zone_holds(up_emit_st *s, const up_query *q)
{
	up_net *n = s->n;
	FILE *o = s->out;
	zq z = { n, s, NULL };
	zdnf *d = up_alloc(n->m->c, sizeof *d);
	if (q->kind == 'A' && !reads_clock(n, q->phi)) {
		/* phi holds, or the state is none (its zone is empty) */
		fputs("((", o);
		up_emit_expr_st(s, NULL, q->phi);
		fprintf(o, ") || !%s)", up_zone_live());
		return;
	}
	violation(&z, q, d);
	if (z.why)
		up_fail_at(n->m->c, q->file, q->line, q->col, "query '%s': %s (zones cannot read it)", q->text, z.why);
	if (q->kind == 'E' && d->n == 1 && plain_conj(n, q->phi)) {
		fputs("!((", o);
		up_emit_expr_st(s, NULL, q->phi);
		fputs(") && ", o);
		zok(o, &d->t[0]);
		fputc(')', o);
		return;
	}
	/* no valuation of the zone violates the assert (an empty zone is no
	 * state: nothing meets it) */
	fputs("!(", o);
	for (int i = 0; i < d->n; i++) {
		fprintf(o, "%s(%s && ", i ? " || " : "", d->t[i].data ? d->t[i].data : "1");
		zok(o, &d->t[i]);
		fputc(')', o);
	}
	if (!d->n)
		fputc('0', o);
	fputc(')', o);
}
