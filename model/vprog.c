// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * vprog.c -- compiled abstract expressions (see vprog.h).
 *
 * Every operator does what dmc_vs_eval does for it, through the same
 * functions of valueset.c (dmc_vs_compare, dmc_vs_arith, dmc_vs_bool),
 * so the results are the same sets.  The savings: operands are pointers
 * (a variable's set is never copied, a constant is one interval written
 * in place), and a condition stays two bits until an arithmetic operator
 * needs it as a set.  A subexpression the tree shares (match_atom in
 * atg_build.c uses the sent value three times) is computed once: its result is
 * kept and read back (VP_REF) where it occurs again.  a && b is false
 * whatever b when a cannot be true, a || b true when a cannot be false:
 * b is then skipped (VP_SKIP_AND, VP_SKIP_OR).  A comparison with a
 * constant, and a constant added or subtracted (guards, clock bounds,
 * x + 1), is one instruction that never makes the constant's set.
 */
#include <stdlib.h>
#include <string.h>

#include "vprog.h"

#define NEG DMC_AV_NEG_INF
#define POS DMC_AV_POS_INF
#define F DMC_VS_MAYFALSE
#define T DMC_VS_MAYTRUE

#define VP_REF (-1)                   /* push the result kept by instruction var */
#define VP_SKIP_AND (-2)              /* on the left operand of the && at var */
#define VP_SKIP_OR (-3)
#define VP_NOP (-4)
#define VP_CMP_CONST (-5)             /* top arg value: arg a comparison */
#define VP_ADD_CONST (-6)             /* top arg value: arg DMC_AE_ADD or DMC_AE_SUB */
#define VP_VAR_NARROW (-7)            /* push variable var's set within [value, hi] */

typedef struct {
	int op;                       /* dmc_ae_op, or VP_* */
	int var;                      /* DMC_AE_VAR; VP_REF, VP_SKIP_*: an instruction */
	long value;                   /* DMC_AE_CONST, VP_*_CONST */
	int arg;                      /* VP_*_CONST: the operator */
	int keep;                     /* its result is read again (VP_REF) */
	long hi;                      /* VP_VAR_NARROW */
} ins;

/* An operand: a set, or (s == NULL) a condition's bits; at is the
 * instruction that made it, whose scratch set it may be written to. */
typedef struct {
	const dmc_vset *s;
	int bits, at;
} slot;

struct dmc_vprogs {
	ins *code;
	int n, cap, maxlen;
	dmc_vset all;                 /* [-inf, +inf] */
	dmc_vset *scratch;            /* one per instruction of the longest program */
	slot *stack;
	slot *kept;                   /* per instruction: its result, if keep */
};

/* While compiling one program: its inner nodes, how often the tree
 * reaches each, and where the first occurrence's result is. */
typedef struct {
	const dmc_aexpr **node;
	int *count, *at, n, cap;
} shared;

dmc_vprogs *dmc_vprogs_new(void)
{
	dmc_vprogs *ps = calloc(1, sizeof *ps);
	if (ps)
		dmc_vs_set(&ps->all, NEG, POS);
	return ps;
}

void dmc_vprogs_free(dmc_vprogs *ps)
{
	if (!ps)
		return;
	free(ps->code);
	free(ps->scratch);
	free(ps->stack);
	free(ps->kept);
	free(ps);
}

static int emit(dmc_vprogs *ps, int op, int var, long value)
{
	if (ps->n == ps->cap) {
		int cap = ps->cap ? 2 * ps->cap : 256;
		ins *c = realloc(ps->code, (size_t)cap * sizeof *c);
		if (!c)
			return -1;
		ps->code = c;
		ps->cap = cap;
	}
	ps->code[ps->n++] = (ins){ op, var, value, 0, 0, 0 };
	return 0;
}

static int is_leaf(const dmc_aexpr *e)
{
	return !e || e->op == DMC_AE_CONST || e->op == DMC_AE_VAR || e->op == DMC_AE_ANY;
}

/* The index of inner node e in sh, -1 if not there. */
static int shared_find(const shared *sh, const dmc_aexpr *e)
{
	for (int i = 0; i < sh->n; i++)
		if (sh->node[i] == e)
			return i;
	return -1;
}

/* Count how often the tree reaches each inner node (a node reached
 * again is not descended into: it will be read back, not compiled). */
static int count_nodes(shared *sh, const dmc_aexpr *e)
{
	int i;
	if (is_leaf(e))
		return 0;
	if ((i = shared_find(sh, e)) >= 0) {
		sh->count[i]++;
		return 0;
	}
	if (sh->n == sh->cap) {
		int cap = sh->cap ? 2 * sh->cap : 32;
		const dmc_aexpr **nd = realloc(sh->node, (size_t)cap * sizeof *nd);
		int *c = nd ? realloc(sh->count, (size_t)cap * sizeof *c) : NULL;
		int *a = c ? realloc(sh->at, (size_t)cap * sizeof *a) : NULL;
		if (nd)
			sh->node = nd;
		if (c)
			sh->count = c;
		if (!a)
			return -1;
		sh->at = a;
		sh->cap = cap;
	}
	sh->node[sh->n] = e;
	sh->count[sh->n] = 1;
	sh->at[sh->n++] = -1;
	if (count_nodes(sh, e->a) < 0 || count_nodes(sh, e->b) < 0)
		return -1;
	return e->op == DMC_AE_COND ? count_nodes(sh, e->c) : 0;
}

/* The narrowing in force where a subexpression is compiled: the
 * conditions of the ?: branches it is in (dmc_vs_narrowing). */
typedef struct {
	const dmc_vs_narrow *nw;
	int nn;
} narrowing;

static int compile(dmc_vprogs *ps, shared *sh, int first, const dmc_aexpr *e, narrowing nr);

static int is_compare(dmc_ae_op op)
{
	return op >= DMC_AE_LT && op <= DMC_AE_NE;
}

/* x op c (a comparison, + or -) or c op x (a comparison) as x's code and
 * one VP_*_CONST; 1 if e is not of that form. */
static int compile_const(dmc_vprogs *ps, shared *sh, int first, const dmc_aexpr *e, narrowing nr)
{
	int arith = e->op == DMC_AE_ADD || e->op == DMC_AE_SUB;
	const dmc_aexpr *x = e->a, *c = e->b;
	dmc_ae_op op = e->op;
	if ((!arith && !is_compare(op)) || !x || !c)
		return 1;
	if (c->op != DMC_AE_CONST) {
		if (arith || x->op != DMC_AE_CONST)
			return 1;
		x = e->b;
		c = e->a;
		op = dmc_ae_mirror(op);
	}
	if (compile(ps, sh, first, x, nr) < 0 || emit(ps, arith ? VP_ADD_CONST : VP_CMP_CONST, 0, c->value) < 0)
		return -1;
	ps->code[ps->n - 1].arg = op;
	return 0;
}

/* The operands of a && b or a || b, with the skip between them, which
 * jumps to the operator (it follows them).  b's code must not keep a
 * result that something after the operator reads: then no skip. */
static int compile_skip(dmc_vprogs *ps, shared *sh, int first, const dmc_aexpr *e, narrowing nr)
{
	int skip;
	if (compile(ps, sh, first, e->a, nr) < 0)
		return -1;
	skip = ps->n;
	if (emit(ps, e->op == DMC_AE_AND ? VP_SKIP_AND : VP_SKIP_OR, 0, 0) < 0
	    || compile(ps, sh, first, e->b, nr) < 0)
		return -1;
	ps->code[skip].var = ps->n - first;      /* where the operator goes */
	for (int i = skip + 1; i < ps->n; i++)
		if (ps->code[i].keep)
			ps->code[skip].op = VP_NOP;
	return 0;
}

/* A variable, narrowed where nr says so. */
static int compile_var(dmc_vprogs *ps, const dmc_aexpr *e, narrowing nr)
{
	for (int i = 0; i < nr.nn; i++)
		if (nr.nw[i].var == e->var) {
			if (emit(ps, VP_VAR_NARROW, e->var, nr.nw[i].lo) < 0)
				return -1;
			ps->code[ps->n - 1].hi = nr.nw[i].hi;
			return 0;
		}
	return emit(ps, e->op, e->var, e->value);
}

/* c ? a : b, a under c's narrowing too */
static int compile_cond(dmc_vprogs *ps, shared *sh, int first, const dmc_aexpr *e, narrowing nr)
{
	dmc_vs_narrow in[DMC_VS_NARROW_MAX];
	narrowing then = { in, dmc_vs_narrowing(e->a, nr.nw, nr.nn, in) };
	return compile(ps, sh, first, e->a, nr) < 0 || compile(ps, sh, first, e->b, then) < 0
	       ? -1 : compile(ps, sh, first, e->c, nr);
}

/* Postfix: the operands (a, b, c), then the operator; NULL is "any".
 * first: the program's first instruction (VP_REF, VP_SKIP_* are
 * relative to it).  A subexpression is shared (kept, read back) only
 * where nothing is narrowed: under a narrowing the same node may have
 * other values. */
static int compile(dmc_vprogs *ps, shared *sh, int first, const dmc_aexpr *e, narrowing nr)
{
	int i = is_leaf(e) || nr.nn ? -1 : shared_find(sh, e), r, fused = 0;
	if (i >= 0 && sh->at[i] >= 0)
		return emit(ps, VP_REF, sh->at[i], 0);
	if (!e)
		return emit(ps, DMC_AE_ANY, 0, 0);
	switch (e->op) {
	case DMC_AE_VAR:
		return compile_var(ps, e, nr);
	case DMC_AE_CONST: case DMC_AE_ANY:
		return emit(ps, e->op, e->var, e->value);
	case DMC_AE_NEG: case DMC_AE_NOT: case DMC_AE_BITNOT:
		r = compile(ps, sh, first, e->a, nr);
		break;
	case DMC_AE_COND:
		r = compile_cond(ps, sh, first, e, nr);
		break;
	case DMC_AE_AND: case DMC_AE_OR:
		r = compile_skip(ps, sh, first, e, nr);
		break;
	default:
		if ((r = compile_const(ps, sh, first, e, nr)) == 0)
			fused = 1;
		else if (r > 0)
			r = compile(ps, sh, first, e->a, nr) < 0 ? -1 : compile(ps, sh, first, e->b, nr);
		break;
	}
	if (r < 0 || (!fused && emit(ps, e->op, 0, 0) < 0))
		return -1;
	if (i >= 0 && sh->count[i] > 1) {
		sh->at[i] = ps->n - 1 - first;
		ps->code[ps->n - 1].keep = 1;
	}
	return 0;
}

int dmc_vprogs_add(dmc_vprogs *ps, const dmc_aexpr *e, dmc_vprog *out)
{
	int first = ps->n, r;
	shared sh = { NULL, NULL, NULL, 0, 0 };
	r = count_nodes(&sh, e) < 0 ? -1 : compile(ps, &sh, first, e, (narrowing){ NULL, 0 });
	free(sh.node);
	free(sh.count);
	free(sh.at);
	if (r < 0)
		return -1;
	out->first = first;
	out->len = ps->n - first;
	if (out->len > ps->maxlen)
		ps->maxlen = out->len;
	return 0;
}

int dmc_vprogs_seal(dmc_vprogs *ps)
{
	size_t n = (size_t)ps->maxlen + 1;
	free(ps->scratch);
	free(ps->stack);
	free(ps->kept);
	ps->scratch = malloc(n * sizeof *ps->scratch);
	ps->stack = malloc(n * sizeof *ps->stack);
	ps->kept = malloc(n * sizeof *ps->kept);
	return ps->scratch && ps->stack && ps->kept ? 0 : -1;
}

static const dmc_vset *as_set(dmc_vprogs *ps, slot *x)
{
	if (!x->s) {
		dmc_vset *t = &ps->scratch[x->at];
		dmc_vs_bool(t, x->bits & F, x->bits & T);
		x->s = t;
	}
	return x->s;
}

/* May be false (contains 0), may be true (has a nonzero value). */
static int as_bits(const slot *x)
{
	if (!x->s)
		return x->bits;
	return (dmc_vs_contains(x->s, 0) ? F : 0) | (dmc_vs_has_nonzero(x->s) ? T : 0);
}

static void copy_set(dmc_vset *dst, const dmc_vset *src)
{
	dst->n = src->n;
	memcpy(dst->iv, src->iv, (size_t)src->n * sizeof src->iv[0]);
}

/* dst := dst united with src, as dmc_vs_union; an empty dst and one
 * interval (a branch of ?: that alone may be taken) is a copy. */
static void unite(dmc_vset *dst, const dmc_vset *src)
{
	if (dst->n == 0 && src->n == 1 && src->iv[0].lo <= src->iv[0].hi) {
		dst->iv[0] = src->iv[0];
		dst->n = 1;
	} else
		dmc_vs_union(dst, src);
}

/* Run p; the result is the one slot left on the stack. */
static slot *run(dmc_vprogs *ps, dmc_vprog p, const dmc_vset *const *vals)
{
	slot *sp = ps->stack;         /* next free */
	const ins *code = ps->code + p.first;
	for (int i = 0; i < p.len; i++) {
		const ins *in = &code[i];
		dmc_vset *out = &ps->scratch[i];
		slot *x, *y, *z;
		switch (in->op) {
		case VP_REF:                  /* its set (if any) is still in scratch */
			*sp++ = ps->kept[in->var];
			break;
		case VP_SKIP_AND:             /* a cannot be true: a && b is a */
		case VP_SKIP_OR: {            /* a cannot be false: a || b is a */
			int a = as_bits(sp - 1);
			if (a & (in->op == VP_SKIP_AND ? T : F))
				break;
			sp[-1] = (slot){ NULL, a, in->var };
			i = in->var;          /* the operator's result: on after it */
			if (code[i].keep)
				ps->kept[i] = sp[-1];
			continue;
		}
		case VP_NOP:
			break;
		case VP_CMP_CONST:
			x = sp - 1;
			*x = (slot){ NULL, dmc_vs_compare_const(in->arg, as_set(ps, x), in->value), i };
			break;
		case VP_ADD_CONST:
			x = sp - 1;
			dmc_vs_add_const(in->arg, as_set(ps, x), in->value, out);
			*x = (slot){ out, 0, i };
			break;
		case DMC_AE_CONST:
			dmc_vs_set(out, in->value, in->value);
			*sp++ = (slot){ out, 0, i };
			break;
		case DMC_AE_VAR:
			*sp++ = (slot){ vals && vals[in->var] ? vals[in->var] : &ps->all, 0, i };
			break;
		case VP_VAR_NARROW:
			copy_set(out, vals && vals[in->var] ? vals[in->var] : &ps->all);
			dmc_vs_clip(out, in->value, in->hi);
			*sp++ = (slot){ out, 0, i };
			break;
		case DMC_AE_ANY:
			*sp++ = (slot){ &ps->all, 0, i };
			break;
		case DMC_AE_NEG:
		case DMC_AE_BITNOT: {
			const dmc_vset *a = as_set(ps, x = sp - 1);
			out->n = 0;
			for (int k = a->n - 1; k >= 0; k--)
				if (in->op == DMC_AE_NEG)
					dmc_vs_add(out, a->iv[k].hi == NEG ? POS : a->iv[k].hi == POS ? NEG
					                : -a->iv[k].hi,
					           a->iv[k].lo == NEG ? POS : a->iv[k].lo == POS ? NEG
					                : -a->iv[k].lo);
				else
					dmc_vs_add(out, ~a->iv[k].hi, ~a->iv[k].lo);
			*x = (slot){ out, 0, i };
			break;
		}
		case DMC_AE_NOT: {
			int b = as_bits(x = sp - 1);
			*x = (slot){ NULL, (b & T ? F : 0) | (b & F ? T : 0), i };
			break;
		}
		case DMC_AE_AND:
		case DMC_AE_OR: {
			int a, b, at, af, bt, bf;
			y = --sp;
			x = sp - 1;
			a = as_bits(x);
			b = as_bits(y);
			at = (a & T) != 0, af = (a & F) != 0, bt = (b & T) != 0, bf = (b & F) != 0;
			if (in->op == DMC_AE_AND)
				*x = (slot){ NULL, (af || (at && bf) ? F : 0) | (at && bt ? T : 0), i };
			else
				*x = (slot){ NULL, (af && bf ? F : 0) | (at || (af && bt) ? T : 0), i };
			break;
		}
		case DMC_AE_COND: {
			int a;
			z = --sp;
			y = --sp;
			x = sp - 1;
			a = as_bits(x);
			out->n = 0;
			if (a & T)
				unite(out, as_set(ps, y));
			if (a & F)
				unite(out, as_set(ps, z));
			*x = (slot){ out, 0, i };
			break;
		}
		case DMC_AE_LT: case DMC_AE_LE: case DMC_AE_GT:
		case DMC_AE_GE: case DMC_AE_EQ: case DMC_AE_NE: {
			const dmc_vset *a, *b;
			y = --sp;
			x = sp - 1;
			a = as_set(ps, x);
			b = as_set(ps, y);
			*x = (slot){ NULL, dmc_vs_compare(in->op, a, b), i };
			break;
		}
		default: {                    /* binary arithmetic and bit operators */
			const dmc_vset *a, *b;
			y = --sp;
			x = sp - 1;
			a = as_set(ps, x);
			b = as_set(ps, y);
			dmc_vs_arith(in->op, a, b, out);
			*x = (slot){ out, 0, i };
			break;
		}
		}
		if (in->keep)
			ps->kept[i] = sp[-1];
	}
	return sp - 1;
}

void dmc_vp_eval(dmc_vprogs *ps, dmc_vprog p, const dmc_vset *const *vals, dmc_vset *out)
{
	slot *r = run(ps, p, vals);
	if (!r->s)
		dmc_vs_bool(out, r->bits & F, r->bits & T);
	else if (r->s != out)
		copy_set(out, r->s);
}

int dmc_vp_may_true(dmc_vprogs *ps, dmc_vprog p, const dmc_vset *const *vals)
{
	return (as_bits(run(ps, p, vals)) & T) != 0;
}
