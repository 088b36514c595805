// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_meta.c -- the grounded task as the generated C header the hff
 * heuristic reads (model/pddl_task.h): the facts, the formulas in
 * negation normal form as and/or nodes over literals, the ground
 * actions' preconditions and Promela lines, and one op per effect
 * (its precondition the action's and, for a conditional effect, its
 * condition's).  A temporal task's durative actions become snap actions
 * (snap_task), so that relaxed plans see the ends of running actions.
 */
#include "pddl.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define FALSE_REF (-2)   /* while building: false (an or of nothing) */

typedef struct {
	int nfacts;
	int nnodes, cap;
	unsigned char *is_or;
	int *off;            /* off[k]: node k's first kid in kids */
	int *kids, nkids, kcap;
	unsigned char *neg_used;   /* per fact: some formula reads it false */
	int false_node;      /* the node standing for false, or -1 */
} nnf;

static void push_kid(nnf *b, int r)
{
	if (b->nkids == b->kcap) {
		b->kcap = b->kcap ? 2 * b->kcap : 256;
		b->kids = drv_realloc(b->kids, (size_t) b->kcap * sizeof *b->kids);
	}
	b->kids[b->nkids++] = r;
}

/* a node of the kids kids[from..nkids-1] */
static int new_node(nnf *b, int is_or, int from)
{
	if (b->nnodes + 1 >= b->cap) {
		b->cap = b->cap ? 2 * b->cap : 256;
		b->is_or = drv_realloc(b->is_or, (size_t) b->cap);
		b->off = drv_realloc(b->off, ((size_t) b->cap + 1) * sizeof *b->off);
	}
	b->is_or[b->nnodes] = (unsigned char) is_or;
	b->off[b->nnodes] = from;
	return 2 * b->nfacts + b->nnodes++;
}

/* a reference as built (FALSE_REF for false) to one the table holds */
static int final_ref(nnf *b, int r)
{
	if (r != FALSE_REF)
		return r;
	if (b->false_node < 0)
		b->false_node = new_node(b, 1, b->nkids);
	return b->false_node;
}

/* x (negated when neg) in negation normal form: -1 true, FALSE_REF
 * false, else a reference; and and or with constants folded.  A node's
 * kids are gathered first (their own nodes are made on the way), then
 * put in kids[] together. */
static int ref_of(nnf *b, const pddl_gf *x, int neg)
{
	switch (x->kind) {
	case PG_TRUE:
		return neg ? FALSE_REF : -1;
	case PG_FALSE:
		return neg ? -1 : FALSE_REF;
	case PG_FACT:
		if (neg)
			b->neg_used[x->fact] = 1;
		return neg ? b->nfacts + x->fact : x->fact;
	case PG_NOT:
		return ref_of(b, x->kids[0], !neg);
	default: {
		int is_or = (x->kind == PG_OR) != neg;
		int *tmp = drv_alloc(((size_t) x->n + 1) * sizeof *tmp), n = 0;
		for (int i = 0; i < x->n; i++) {
			int r = ref_of(b, x->kids[i], neg);
			if (r == (is_or ? FALSE_REF : -1))
				continue;            /* the unit */
			if (r == (is_or ? -1 : FALSE_REF)) {
				free(tmp);           /* absorbs */
				return r;
			}
			tmp[n++] = r;
		}
		int r = n == 0 ? (is_or ? FALSE_REF : -1) : tmp[0];
		if (n > 1) {
			int from = b->nkids;
			for (int i = 0; i < n; i++)
				push_kid(b, tmp[i]);
			r = new_node(b, is_or, from);
		}
		free(tmp);
		return r;
	}
	}
}

/* and of two references */
static int and2(nnf *b, int p, int q)
{
	if (p == FALSE_REF || q == FALSE_REF)
		return FALSE_REF;
	if (p == -1 || p == q)
		return q;
	if (q == -1)
		return p;
	int from = b->nkids;
	push_kid(b, p);
	push_kid(b, q);
	return new_node(b, 0, from);
}

static int gf_equal(const pddl_gf *x, const pddl_gf *y)
{
	if (x->kind != y->kind || x->n != y->n || (x->kind == PG_FACT && x->fact != y->fact))
		return 0;
	for (int i = 0; i < x->n; i++)
		if (!gf_equal(x->kids[i], y->kids[i]))
			return 0;
	return 1;
}

/* a list of ints, 20 a line; "0" when empty (C has no empty arrays) */
static void ints(FILE *out, const char *name, const int *v, int n)
{
	fprintf(out, "static const int %s[] = {", name);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%d", i % 20 ? ", " : i ? ",\n\t" : "\n\t", v[i]);
	fprintf(out, "%s};\n", n ? "\n" : " 0 ");
}

static void bytes(FILE *out, const char *name, const unsigned char *v, int n)
{
	fprintf(out, "static const unsigned char %s[] = {", name);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%d", i % 40 ? "," : i ? ",\n\t" : "\n\t", v[i]);
	fprintf(out, "%s};\n", n ? "\n" : " 0 ");
}

static void write_meta(FILE *out, const pddl_task *t, const int *act_line)
{
	nnf b;
	memset(&b, 0, sizeof b);
	b.nfacts = t->nfacts;
	b.false_node = -1;
	b.cap = 64;
	b.is_or = drv_alloc((size_t) b.cap);
	b.off = drv_alloc(((size_t) b.cap + 1) * sizeof *b.off);
	b.neg_used = drv_alloc((size_t) t->nfacts + 1);
	memset(b.neg_used, 0, (size_t) t->nfacts + 1);
	int *pre = drv_alloc(((size_t) t->nacts + 1) * sizeof *pre);
	/* per effect of each action: its op's precondition */
	int neffs = 0;
	for (int i = 0; i < t->nacts; i++)
		neffs += t->acts[i].neffs;
	int *eff_pre = drv_alloc(((size_t) neffs + 1) * sizeof *eff_pre);
	for (int i = 0, k = 0; i < t->nacts; i++) {
		const pddl_gaction *a = &t->acts[i];
		pre[i] = final_ref(&b, ref_of(&b, a->pre, 0));
		for (int e = 0; e < a->neffs; e++, k++) {
			const pddl_gf *c = a->effs[e].cond;
			int same = -1;       /* an earlier effect with this condition */
			for (int d = 0; c && d < e && same < 0; d++)
				if (a->effs[d].cond && gf_equal(a->effs[d].cond, c))
					same = d;
			if (!c)
				eff_pre[k] = pre[i];
			else if (same >= 0)
				eff_pre[k] = eff_pre[k - e + same];
			else
				eff_pre[k] = final_ref(&b, and2(&b, pre[i], ref_of(&b, c, 0)));
		}
	}
	int goal = final_ref(&b, ref_of(&b, t->goal, 0));
	/* the ops: every add, and the deletes of facts read false */
	int nops = 0, *op_act = drv_alloc(((size_t) neffs + 1) * sizeof *op_act);
	int *op_pre = drv_alloc(((size_t) neffs + 1) * sizeof *op_pre);
	int *op_lit = drv_alloc(((size_t) neffs + 1) * sizeof *op_lit);
	for (int i = 0, k = 0; i < t->nacts; i++)
		for (int e = 0; e < t->acts[i].neffs; e++, k++) {
			const pddl_geff *ef = &t->acts[i].effs[e];
			if (!ef->add && !b.neg_used[ef->fact])
				continue;
			op_act[nops] = i;
			op_pre[nops] = eff_pre[k];
			op_lit[nops++] = ef->add ? ef->fact : t->nfacts + ef->fact;
		}
	b.off[b.nnodes] = b.nkids;   /* new_node keeps room for it */

	fputs("/*\n", out);
	fprintf(out, " * The grounded PDDL task of the translation beside this file, for the hff\n"
	             " * heuristic (model/pddl_task.h); written by dmc (frontends/pddl/pddl_meta.c).\n"
	             " * dmc cc --meta compiles it into pan.\n"
	             " * %d facts, %d ground actions, %d nodes, %d ops.\n */\n"
	             "#include \"pddl_task.h\"\n\n", t->nfacts, t->nacts, b.nnodes, nops);
	bytes(out, "dmc_pt_init", (const unsigned char *) t->finit, t->nfacts);
	bytes(out, "dmc_pt_or", b.is_or, b.nnodes);
	ints(out, "dmc_pt_off", b.off, b.nnodes + 1);
	ints(out, "dmc_pt_kids", b.kids, b.nkids);
	ints(out, "dmc_pt_pre", pre, t->nacts);
	ints(out, "dmc_pt_line", act_line, t->nacts);
	ints(out, "dmc_pt_op_act", op_act, nops);
	ints(out, "dmc_pt_op_pre", op_pre, nops);
	ints(out, "dmc_pt_op_lit", op_lit, nops);
	fprintf(out, "\nstatic const dmc_pddl_task dmc_pt = {\n"
	             "\tDMC_PDDL_TASK_VERSION, \"f\", \"plan\", %d, dmc_pt_init,\n"
	             "\t%d, dmc_pt_or, dmc_pt_off, dmc_pt_kids,\n"
	             "\t%d, dmc_pt_pre, dmc_pt_line,\n"
	             "\t%d, dmc_pt_op_act, dmc_pt_op_pre, dmc_pt_op_lit,\n"
	             "\t%d\n};\n\n"
	             "const dmc_pddl_task *dmc_pddl_task_meta(void)\n{\n\treturn &dmc_pt;\n}\n",
	        t->nfacts, b.nnodes, t->nacts, nops, goal);
	free(b.is_or);
	free(b.off);
	free(b.kids);
	free(b.neg_used);
	free(pre);
	free(eff_pre);
	free(op_act);
	free(op_pre);
	free(op_lit);
}

static pddl_gf *gf_fact(int f)
{
	pddl_gf *x = drv_alloc(sizeof *x);
	memset(x, 0, sizeof *x);
	x->kind = PG_FACT;
	x->fact = f;
	return x;
}

/* t with each durative action (fact "running" d: t->nfacts + d, the
 * Promela's f[] bit) as a start and an end snap action, the end's line
 * the time advance's (act_line[t->nacts]); the formulas are t's, shared,
 * except the end's "running and its end condition" (freed by snap_free) */
static void snap_task(const pddl_model *m, const pddl_task *t, const int *act_line, pddl_task *s, int **lines)
{
	int nd = 0;
	for (int i = 0; i < t->nacts; i++)
		nd += m->acts[t->acts[i].schema].durative;
	memset(s, 0, sizeof *s);
	s->nfacts = t->nfacts + nd;
	s->finit = drv_alloc((size_t) s->nfacts + 1);
	memset(s->finit, 0, (size_t) s->nfacts + 1);
	memcpy(s->finit, t->finit, (size_t) t->nfacts);
	s->acts = drv_alloc(((size_t) t->nacts + nd + 1) * sizeof *s->acts);
	*lines = drv_alloc(((size_t) t->nacts + nd + 1) * sizeof **lines);
	s->goal = t->goal;
	for (int i = 0, d = 0; i < t->nacts; i++) {
		const pddl_gaction *a = &t->acts[i];
		pddl_gaction *st = &s->acts[s->nacts];
		*st = *a;
		(*lines)[s->nacts++] = act_line[i];
		if (!m->acts[a->schema].durative)
			continue;
		int run = t->nfacts + d++, ns = 0, ne = 0;
		for (int e = 0; e < a->neffs; e++)
			a->effs[e].at_end ? ne++ : ns++;
		pddl_gaction *en = &s->acts[s->nacts];
		*en = *a;
		(*lines)[s->nacts++] = act_line[t->nacts];
		st->effs = drv_alloc(((size_t) ns + 2) * sizeof *st->effs);
		en->effs = drv_alloc(((size_t) ne + 2) * sizeof *en->effs);
		st->neffs = en->neffs = 0;
		for (int e = 0; e < a->neffs; e++) {
			if (a->effs[e].at_end)
				en->effs[en->neffs++] = a->effs[e];
			else
				st->effs[st->neffs++] = a->effs[e];
		}
		st->effs[st->neffs++] = (pddl_geff) { NULL, run, 1, 0 };
		en->effs[en->neffs++] = (pddl_geff) { NULL, run, 0, 1 };
		en->pre = drv_alloc(sizeof *en->pre);
		memset(en->pre, 0, sizeof *en->pre);
		en->pre->kind = PG_AND;
		en->pre->n = 2;
		en->pre->kids = drv_alloc(2 * sizeof *en->pre->kids);
		en->pre->kids[0] = gf_fact(run);
		en->pre->kids[1] = a->pre_end ? a->pre_end : NULL;
		if (!en->pre->kids[1])
			en->pre->n = 1;
	}
}

static void snap_free(const pddl_model *m, const pddl_task *t, pddl_task *s, int *lines)
{
	for (int i = 0, k = 0; i < t->nacts; i++, k++) {
		if (!m->acts[t->acts[i].schema].durative)
			continue;
		free(s->acts[k].effs);
		k++;
		free(s->acts[k].effs);
		free(s->acts[k].pre->kids[0]);
		free(s->acts[k].pre->kids);
		free(s->acts[k].pre);
	}
	free(s->acts);
	free(s->finit);
	free(lines);
}

void pddl_write_meta(FILE *out, const pddl_model *m, const pddl_task *t, const int *act_line)
{
	if (!m->temporal) {
		write_meta(out, t, act_line);
		return;
	}
	pddl_task s;
	int *lines;
	snap_task(m, t, act_line, &s, &lines);
	write_meta(out, &s, lines);
	snap_free(m, t, &s, lines);
}
