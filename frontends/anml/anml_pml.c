// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_pml.c -- an ANMLite model as Promela (docs/anmlite.md,
 * "Translation"), after the paper's SAL translation:
 *
 *   - one process per timeline instance; its variable INST_act holds the
 *     current action (or TL_null once the timeline is finished);
 *   - an event-driven clock: an action chooses its end time (its
 *     timeout INST_e) when it starts, within its duration and the
 *     horizon; the clock process jumps to the earliest timeout once no
 *     instance is due;
 *   - a transition X -> Y of an instance happens at X's timeout; it is
 *     guarded by every constraint whose universally quantified (last)
 *     timepoint is X.end or Y.start on that instance;
 *   - start and end times are recorded only where a constraint reads
 *     them, to keep the state small; the instances of a constraint with
 *     a variable share an array indexed by the variable's value, and
 *     are one guard where the variable is a parameter of the event
 *     (lift_exprs, constraint_guards);
 *   - the goal process asserts !(every instance finished): SPIN's
 *     assertion violation is a plan, and the assert is the heuristics'
 *     target.
 * The lazy translation (--encoding lazy, docs/anmlite.md) instead
 * decides an action's end when its successor starts (INST_s: its start),
 * and its clock ticks, forgetting starts and recorded timepoints no
 * guard can tell apart any more (lazy_clock, clamp_note).
 * During `spin -t`, each action start prints "@@ANML inst act start end
 * params..." (anml_schedule.c reads it back).
 */
#include "anml_pml.h"
#include "pml_text.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int add_var(tchain *c, const anml_ref *r, int merge)
{
	if (merge)
		for (int i = 0; i < c->nvars; i++)
			if (c->v[i].tl == r->tl && c->v[i].inst == r->inst && c->v[i].act == r->act
			    && anml_same_filter(c->v[i].ref, r))
				return i;
	if (c->nvars == MAXV)
		return -1;
	c->v[c->nvars].tl = r->tl;
	c->v[c->nvars].inst = r->inst;
	c->v[c->nvars].act = r->act;
	c->v[c->nvars].ref = r;
	return c->nvars++;
}

static void push(tchain *c, int var, int point, int op)
{
	c->t[c->nterms].var = var;
	c->t[c->nterms].point = point;
	if (c->nterms > 0)
		c->ops[c->nterms - 1] = op;
	c->nterms++;
}

/* Allen relations as chains: X rel Y, the latest timepoint last */
static void allen_chain(tchain *c, int rel, int x, int y)
{
	enum { S = ANML_START, E = ANML_END, LT = ANML_LT, LE = ANML_LE, EQ = ANML_EQ };
	switch (rel) {
	case ANML_BEFORE:   push(c, x, E, 0); push(c, y, S, LT); break;
	case ANML_MEETS:    push(c, x, E, 0); push(c, y, S, EQ); break;
	case ANML_OVERLAPS: push(c, x, S, 0); push(c, y, S, LT); push(c, x, E, LT); push(c, y, E, LT); break;
	case ANML_DURING:   push(c, y, S, 0); push(c, x, S, LT); push(c, x, E, LE); push(c, y, E, LT); break;
	case ANML_STARTS:   push(c, x, S, 0); push(c, y, S, EQ); push(c, x, E, LE); push(c, y, E, LT); break;
	case ANML_FINISHES: push(c, y, S, 0); push(c, x, S, LT); push(c, x, E, LE); push(c, y, E, EQ); break;
	case ANML_EQUALS:   push(c, x, S, 0); push(c, y, S, EQ); push(c, x, E, LE); push(c, y, E, EQ); break;
	case ANML_CONTAINS: push(c, x, S, 0); push(c, y, S, LT); push(c, y, E, LE); push(c, x, E, LT); break;
	}
}

static int normalise(writer *w, const anml_constraint *src, tchain *c)
{
	memset(c, 0, sizeof *c);
	c->src = src;
	if (src->allen >= 0) {
		int x = add_var(c, &src->x, 0), y = add_var(c, &src->y, 0);
		allen_chain(c, src->allen, x, y);
	} else {
		if (src->nterms > MAXT)
			goto too_big;
		for (int i = 0; i < src->nterms; i++) {
			const anml_term *t = &src->terms[i];
			c->t[i].is_const = t->is_const;
			c->t[i].k = t->k;
			c->t[i].point = t->point;
			c->t[i].next = t->next;
			if (!t->is_const && (c->t[i].var = add_var(c, &t->ref, 1)) < 0)
				goto too_big;
			if (i > 0)
				c->ops[i - 1] = src->ops[i - 1];
		}
		c->nterms = src->nterms;
	}
	c->uterm = -1;
	for (int i = 0; i < c->nterms; i++)
		if (!c->t[i].is_const)
			c->uterm = i;
	c->referenced = src->allen < 0 && src->referenced;
	c->refpoint = src->refpoint;
	c->unext = c->t[c->uterm].next;
	/* the snapshot slots the guard reads, and what filling them needs */
	const tterm *ut = &c->t[c->uterm];
	for (int i = 0; i < c->nterms && c->referenced; i++) {
		const tterm *t = &c->t[i];
		if (t->is_const)
			continue;
		unsigned char *n = &c->need[t->var];
		if (t->var == ut->var && (t->next || !c->unext) && t->point == ut->point)
			continue;      /* the universal event itself: time */
		if (!t->next)
			*n |= t->point == ANML_START ? S_CS : S_CE | S_NS;
		else
			*n |= t->point == ANML_START ? S_NS | S_NSV : S_NS | S_NE;
	}
	return 0;
too_big:
	snprintf(w->err->msg, sizeof w->err->msg, "%s:%d:%d: constraint too large for the translator (at most %d terms, %d actions)",
	         w->m->file, src->loc.line, src->loc.col, MAXT, MAXV);
	return -1;
}

/* The value of term i under binding b for a transition with events ev,
 * the other actions at their current occurrence at the universal time
 * (no reference point): appends the value to val and validity
 * conditions to cond; 0 if the term has no value (the constraint cannot
 * hold). */
/* what a term's value is made of (clamp_note() below) */
enum { TV_CONST, TV_TIME, TV_REC, TV_PICK };

static int term_value(writer *w, const tchain *c, const int *b, int i, const tevents *ev,
                      sbuf *val, sbuf *cond, int *kind, char *var)
{
	const tterm *t = &c->t[i];
	*kind = TV_CONST;
	if (t->is_const) {
		anml_sb_printf(val, "%d", t->k);
		return 1;
	}
	*kind = TV_TIME;
	const tterm *u = &c->t[c->uterm];
	const tvar *tv = &c->v[t->var];
	int j = b[t->var], z = tv->act, ui = b[u->var], ua = c->v[u->var].act;
	char rn[160], rc[400];
	if (j == ui && z == ua && t->var == u->var) {
		/* the universally quantified occurrence itself */
		if (t->point == u->point) {
			anml_sb_printf(val, "time");
			return 1;
		}
		if (u->point == ANML_END && t->point == ANML_START) {
			anml_rec_name(w, j, z, NULL, ANML_START, rn, sizeof rn);
			anml_sb_printf(val, "%s", rn);
			*kind = TV_REC;
			snprintf(var, 160, "%s", rn);
			return 1;
		}
		return 0;    /* its end is in the future */
	}
	anml_rec_name(w, j, z, tv->ref, t->point, rn, sizeof rn);
	if (t->point == ANML_START)
		snprintf(rc, sizeof rc, "%s != NEVER", rn);
	else {
		/* the current occurrence must have ended */
		tparam cur[8];
		sbuf mb = { 0 };
		anml_current_params(w, j, cur);
		int mm = anml_match(tv->ref, cur, &mb);
		if (mm < 0)
			snprintf(rc, sizeof rc, "%s != NEVER && !(%s_act == %s_%s && %s)", rn, anml_iname(w, j), anml_tname(w, j),
			         anml_aname(w, j, z), mb.s);
		else
			snprintf(rc, sizeof rc, "%s != NEVER && %s_act != %s_%s", rn, anml_iname(w, j), anml_tname(w, j),
			         anml_aname(w, j, z));
		free(mb.s);
	}
	if (j == ev->inst && ((t->point == ANML_END && z == ev->x) || (t->point == ANML_START && z == ev->y))) {
		/* an event of this very step, if it matches the arguments */
		sbuf mb = { 0 };
		int mm = anml_match(tv->ref, t->point == ANML_END ? ev->xp : ev->yp, &mb);
		if (mm == 1)
			anml_sb_printf(val, "time");
		else if (mm < 0) {
			char simple[200];
			snprintf(simple, sizeof simple, "%s != NEVER", rn);
			anml_pick(val, cond, mb.s, "time", rn, simple);
			*kind = TV_PICK;
			snprintf(var, 160, "%s", rn);
		}
		free(mb.s);
		if (mm != 0)
			return 1;
	}
	anml_sb_printf(cond, " && %s", rc);
	anml_sb_printf(val, "%s", rn);
	*kind = TV_REC;
	snprintf(var, 160, "%s", rn);
	return 1;
}

/* The lazy translation forgets how long ago a recorded timepoint was
 * once no guard can tell: a timepoint v that guards compare only with
 * the time of the step (v + k1 op time + k2, |k1 - k2| <= K) reads the
 * same as 0 once time > v + K + 1 (docs/anmlite.md, "The lazy
 * translation").  clamp_note records, per variable, the largest K, or
 * that it is compared with something else (a constant or another
 * timepoint: then it is never reset). */
static tclamp *clamp_find(writer *w, const char *var)
{
	/* an element of an array of recorded timepoints: the whole array */
	int n = (int) strcspn(var, "[");
	for (int i = 0; i < w->nclamp; i++)
		if (strncmp(w->clamp[i].name, var, (size_t) n) == 0 && w->clamp[i].name[n] == 0)
			return &w->clamp[i];
	w->clamp = drv_realloc(w->clamp, ((size_t) w->nclamp + 1) * sizeof *w->clamp);
	tclamp *c = &w->clamp[w->nclamp++];
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%.*s", n, var);
	return c;
}

static void clamp_note(writer *w, int ka, const char *va, int kz, const char *vz, int k)
{
	if (k < 0)
		k = -k;
	if ((ka == TV_REC || ka == TV_PICK) && kz == TV_TIME) {
		tclamp *c = clamp_find(w, va);
		if (k > c->k)
			c->k = k;
		return;
	}
	if ((kz == TV_REC || kz == TV_PICK) && ka == TV_TIME) {
		tclamp *c = clamp_find(w, vz);
		if (k > c->k)
			c->k = k;
		return;
	}
	if (ka == TV_REC || ka == TV_PICK)
		clamp_find(w, va)->fixed = 1;
	if (kz == TV_REC || kz == TV_PICK)
		clamp_find(w, vz)->fixed = 1;
}

static const char *op_text(int op)
{
	return op == ANML_LT ? "<" : op == ANML_LE ? "<=" : "==";
}

/* the relations of chain c, its terms valued by tv (binding b or bi) */
static int chain_rel(writer *w, const tchain *c, const int *b, int bi, const tevents *ev, sbuf *cond, sbuf *rel)
{
	for (int i = 0; i + 1 < c->nterms; i++) {
		sbuf a = { 0 }, z = { 0 };
		int ka = TV_CONST, kz = TV_CONST;
		char va[160] = "", vz[160] = "";
		int ok = c->referenced
		         ? anml_ref_term_value(c, bi, i, ev, &a, cond) && anml_ref_term_value(c, bi, i + 1, ev, &z, cond)
		         : term_value(w, c, b, i, ev, &a, cond, &ka, va) && term_value(w, c, b, i + 1, ev, &z, cond, &kz, vz);
		if (ok && !c->referenced)
			clamp_note(w, ka, va, kz, vz, (c->t[i].is_const ? 0 : c->t[i].k) - (c->t[i + 1].is_const ? 0 : c->t[i + 1].k));
		if (ok) {
			anml_sb_printf(rel, " && %s", a.s);
			if (c->t[i].k && !c->t[i].is_const)
				anml_sb_printf(rel, " + %d", c->t[i].k);
			anml_sb_printf(rel, " %s %s", op_text(c->ops[i]), z.s);
			if (c->t[i + 1].k && !c->t[i + 1].is_const)
				anml_sb_printf(rel, " + %d", c->t[i + 1].k);
		}
		free(a.s);
		free(z.s);
		if (!ok)
			return 0;
	}
	return 1;
}

/* the guard of one constraint instance (binding b, or bi with a
 * reference point); um: the condition that the universal event matches
 * the universal term's arguments (NULL: always) */
static void chain_guard(writer *w, const tchain *c, const int *b, int bi, const tevents *ev, const char *um, sbuf *g)
{
	sbuf cond = { 0 }, rel = { 0 };
	int ok = chain_rel(w, c, b, bi, ev, &cond, &rel);
	anml_sb_printf(g, " &&\n\t\t   /* constraint %s:%d */ ", w->file, c->src->loc.line);
	const char *open = "", *close = "";
	char pre[200] = "";
	if (c->referenced || um) {
		/* vacuous without a reference occurrence, or for other arguments */
		char r[64];
		anml_slot(c, bi, -1, NULL, r, sizeof r);
		snprintf(pre, sizeof pre, "(%s%s%s%s", um ? "!" : "", um ? um : "",
		         um && c->referenced ? " || " : "", "");
		if (c->referenced)
			snprintf(pre + strlen(pre), sizeof pre - strlen(pre), "%s == NEVER", r);
		open = pre;
		close = ")";
	}
	if (!ok)
		anml_sb_printf(g, "%s%sfalse%s", open, *open ? " || " : "", close);
	else {
		/* cond and rel are " && "-joined; without either, true */
		const char *body = cond.s ? cond.s : rel.s ? rel.s : " && true";
		anml_sb_printf(g, "%s%s(%s%s)%s", open, *open ? " || " : "", body + 4,
		               cond.s && rel.s ? rel.s : "", close);
	}
	free(cond.s);
	free(rel.s);
}

/* the universal term's argument condition at this event: NULL (always),
 * "" (never) or a condition */
static char *universal_match(const tchain *c, const tevents *ev, int skip, int *never)
{
	const tterm *u = &c->t[c->uterm];
	sbuf mb = { 0 };
	anml_ref r = *c->v[u->var].ref;
	anml_arg args[8];
	if (skip >= 0) {   /* a family's selecting argument: every value has its member */
		for (int k = 0; k < r.nargs && k < 8; k++)
			args[k] = r.args[k];
		if (r.nargs > 8)
			r.nargs = 8;
		args[skip].kind = ANML_ARG_ANY;
		r.args = args;
	}
	int mm = anml_match(&r, u->point == ANML_END ? ev->xp : ev->yp, &mb);
	*never = mm == 0;
	if (mm != -1) {
		free(mb.s);
		return NULL;
	}
	return mb.s;
}

/* every binding of the chain's type-level variables to instances in
 * which the universal term is (ev->inst, act, point) */
static void bind(writer *w, const tchain *c, int *b, int k, const tevents *ev, const char *um, sbuf *g)
{
	if (anml_spend(w))
		return;
	if (k == c->nvars) {
		const tterm *u = &c->t[c->uterm];
		if (b[u->var] == ev->inst)
			chain_guard(w, c, b, -1, ev, um, g);
		return;
	}
	const tvar *v = &c->v[k];
	if (v->inst >= 0) {
		b[k] = v->inst;
		bind(w, c, b, k + 1, ev, um, g);
		return;
	}
	for (int i = 0; i < w->m->ninsts; i++)
		if (w->m->insts[i].tl == v->tl) {
			b[k] = i;
			bind(w, c, b, k + 1, ev, um, g);
		}
}

/* Lifting: the instances of a constraint with variables (consecutive
 * in w->ch, one origin) differ only in the variables' values.  When
 * every variable is an argument of the universal term whose value at
 * event ev is a parameter not known when the text is written (t1_p1),
 * only the instance with the variables equal to those parameters
 * applies, and one guard reading arrays indexed by the parameters says
 * what the instances' guards say (anml_pml_expr.c, anml_lift_set).
 * lift_exprs fills e[v] with variable v's parameter; 0 when the
 * instances must be written one by one (a variable not bound so, or
 * bound to a value known here: then all but one instance never apply). */
static int lift_exprs(const tchain *c, const tevents *ev, const char **e)
{
	const anml_constraint *src = c->src;
	if (!src->origin || c->referenced || src->allen >= 0)
		return 0;
	const tterm *u = &c->t[c->uterm];
	const anml_ref *r = c->v[u->var].ref;
	const tparam *p = u->point == ANML_END ? ev->xp : ev->yp;
	for (int v = 0; v < ANML_MAX_CVARS; v++)
		e[v] = NULL;
	for (int k = 0; k < r->nargs && k < 8; k++) {
		if (!anml_lifted(r, k))
			continue;
		if (p[k].is_const || r->args[k].lvar > ANML_MAX_CVARS)
			return 0;
		const char **slot = &e[r->args[k].lvar - 1];
		if (*slot && strcmp(*slot, p[k].expr) != 0)
			return 0;  /* one variable, two parameters: written one by one */
		*slot = p[k].expr;
	}
	int nvars = 0;
	for (int i = 0; i < src->nterms; i++) {
		const anml_ref *tr = &src->terms[i].ref;
		for (int k = 0; k < tr->nargs; k++)
			if (anml_lifted(tr, k)) {
				if (tr->args[k].lvar > nvars)
					nvars = tr->args[k].lvar;
				/* the chain merged this reference with another one
				 * (the same action written twice): only with the same
				 * variable there, or the instances differ in shape */
				const anml_ref *mr = c->v[c->t[i].var].ref;
				if (!src->terms[i].is_const && (!anml_lifted(mr, k) || mr->args[k].lvar != tr->args[k].lvar))
					return 0;
			}
	}
	for (int v = 0; v < nvars; v++)
		if (!e[v])
			return 0;
	return 1;
}

/* the constraint guards of a transition with events ev */
static void constraint_guards(writer *w, const tevents *ev, sbuf *g)
{
	int tl = w->m->insts[ev->inst].tl;
	/* per family: 1 + the chain heading the member written for all */
	int *fam_done = drv_alloc(((size_t) w->nfam + 1) * sizeof *fam_done);
	memset(fam_done, 0, ((size_t) w->nfam + 1) * sizeof *fam_done);
	for (int i = 0; i < w->nch && !anml_spend(w); i++) {
		const tchain *c = &w->ch[i];
		const tterm *u = &c->t[c->uterm];
		const tvar *uv = &c->v[u->var];
		if (uv->tl != tl || (uv->inst >= 0 && uv->inst != ev->inst))
			continue;
		if (!((u->point == ANML_END && uv->act == ev->x) || (u->point == ANML_START && uv->act == ev->y)))
			continue;
		int f = w->ch_fam[i], gh = anml_group_head(w, i);
		if (f >= 0 && fam_done[f] && fam_done[f] != gh + 1)
			continue;    /* another member: written as one guard for the family */
		const char *lift[ANML_MAX_CVARS];
		int lifted = lift_exprs(c, ev, lift);
		for (int j = i + 1; lifted && j < w->nch && w->ch[j].src->origin == c->src->origin; j++)
			if (w->ch[j].nvars != c->nvars)
				lifted = 0;   /* merged references in some instances only */
		if (lifted)
			anml_lift_set(lift);
		/* a family whose selecting parameter is not known here: one guard
		 * for all its members, the slot indexed by the parameter */
		const tparam *up = u->point == ANML_END ? ev->xp : ev->yp;
		int skip = f >= 0 && !up[w->fam[f].pos].is_const ? w->fam[f].pos : -1;
		if (skip >= 0) {
			fam_done[f] = gh + 1;
			anml_fam_select(f, up[skip].expr);
		}
		int never;
		char *um = universal_match(c, ev, skip, &never);
		if (!never && c->referenced) {
			for (int bi = 0; bi < c->nb; bi++)
				if (c->binds[bi * c->nvars + u->var] == ev->inst)
					chain_guard(w, c, NULL, bi, ev, um, g);
		} else if (!never) {
			int b[MAXV];
			bind(w, c, b, 0, ev, um, g);
		}
		free(um);
		if (skip >= 0) {
			anml_fam_select(-1, NULL);
			/* every member's timepoints are recorded (their writers
			 * record what the guards name), not only the one named */
			const tfamily *F = &w->fam[f];
			for (int t = 0; t < c->nterms; t++)
				for (int v = 0; v < F->nvals && !c->t[t].is_const && c->t[t].var == F->var; v++) {
					char rn[200];
					anml_rec_name(w, F->inst[v], F->act, c->v[F->var].ref, c->t[t].point, rn, sizeof rn);
				}
		}
		if (lifted) {
			anml_lift_set(NULL);
			/* the other instances of the constraint: said */
			while (i + 1 < w->nch && w->ch[i + 1].src->origin == c->src->origin)
				i++;
		}
	}
	free(fam_done);
}

/* ---- entering an action ---- */

static int tl_maxparams(writer *w, int inst)
{
	return w->m->tls[w->m->insts[inst].tl].maxparams;
}

/* the source position whose value target position k copies, or -1 */
static int copied_from(const anml_trans *tr, int k)
{
	if (!tr || !tr->to.has_args || tr->to.args[k].kind != ANML_ARG_VAR)
		return -1;
	for (int f = 0; f < tr->from.nargs; f++)
		if (tr->from.args[f].kind == ANML_ARG_VAR && tr->from.args[f].val == tr->to.args[k].val)
			return f;
	return -1;
}

/* is target parameter k chosen freely (no value, no copy)? */
static int is_free(const anml_trans *tr, int k)
{
	if (tr && tr->to.has_args && tr->to.args[k].kind == ANML_ARG_VALUE)
		return 0;
	return copied_from(tr, k) < 0;
}

/* the number of ways to choose y's free parameters */
static long combos(writer *w, int inst, int y, const anml_trans *tr)
{
	const anml_model *m = w->m;
	const anml_action *a = &m->tls[m->insts[inst].tl].acts[y];
	long n = 1;
	for (int k = 0; k < a->nparams; k++)
		if (is_free(tr, k) && n < 100000)
			n *= m->types[a->ptype[k]].nvals;
	return n;
}

/* y's parameters in a transition (before the step): values, copies of
 * the source's, or the free choice combo */
static void y_params(writer *w, int inst, int y, const anml_trans *tr, long combo, tparam *p)
{
	const anml_model *m = w->m;
	const anml_action *a = &m->tls[m->insts[inst].tl].acts[y];
	memset(p, 0, 8 * sizeof *p);
	for (int k = 0; k < a->nparams; k++) {
		int f = copied_from(tr, k);
		p[k].is_const = 1;
		if (tr && tr->to.has_args && tr->to.args[k].kind == ANML_ARG_VALUE)
			p[k].val = tr->to.args[k].val;
		else if (f >= 0) {
			p[k].is_const = 0;
			snprintf(p[k].expr, sizeof p[k].expr, "%s_p%d", anml_iname(w, inst), f);
		} else {
			int nv = m->types[a->ptype[k]].nvals;
			p[k].val = (int) (combo % nv);
			combo /= nv;
		}
	}
	for (int k = a->nparams; k < 8; k++)
		p[k].is_const = 1;
}

/* the recorded timepoints of act's occurrences with given arguments
 * (the parameters are the current ones); with lifted arguments, the
 * element the parameters index */
static void record_filtered(writer *w, sbuf *s, int inst, int act, int point, const tparam *known)
{
	for (int i = 0; i < w->nfrec && !anml_spend(w); i++) {
		const trec *r = &w->frec[i];
		if (r->inst != inst || r->act != act || r->point != point)
			continue;
		char rn[200];
		tparam cur[8];
		sbuf mb = { 0 };
		if (known)   /* parameters known when the text is written: no test */
			memcpy(cur, known, sizeof cur);
		else
			anml_current_params(w, inst, cur);
		/* the written arguments select; the lifted ones index */
		anml_ref sel = *r->ref;
		anml_arg args[8];
		for (int k = 0; k < sel.nargs && k < 8; k++) {
			args[k] = r->ref->args[k];
			if (anml_lifted(r->ref, k))
				args[k].kind = ANML_ARG_ANY;
		}
		sel.args = args;
		if (sel.nargs > 8)
			sel.nargs = 8;
		if (r->nelem)
			anml_rec_elem(w, inst, act, r->ref, point, cur, rn, sizeof rn);
		else
			anml_rec_name(w, inst, act, r->ref, point, rn, sizeof rn);
		int mm = anml_match(&sel, cur, &mb);
		if (mm == 1)
			anml_sb_printf(s, "; %s = time", rn);
		else if (mm < 0)
			anml_sb_printf(s, "; %s = (%s -> time : %s)", rn, mb.s, rn);
		free(mb.s);
	}
}

/* the statements that start action y on inst with free-parameter choice
 * combo (mixed radix) and duration d: the parameters, the recorded
 * start, the end time, the printf for the plan */
static void enter(writer *w, sbuf *s, int inst, int y, const anml_trans *tr, long combo, int d)
{
	long combo0 = combo;
	const anml_model *m = w->m;
	const char *in = anml_iname(w, inst), *tn = anml_tname(w, inst);
	const anml_action *a = &m->tls[m->insts[inst].tl].acts[y];
	int np = tl_maxparams(w, inst);
	/* copies of the source's values go through tmp_k: p0, p1 may swap;
	 * a value that stays in its place needs no tmp_k (only the
	 * assignment to parameter k writes INST_pk), but stays an
	 * assignment: SPIN makes a variable nothing assigns a constant, and
	 * hplan reads INST_pk from the state */
	for (int k = 0; k < a->nparams; k++) {
		int f = copied_from(tr, k);
		if (f >= 0 && f != k)
			anml_sb_printf(s, "; tmp_%d = %s_p%d", k, in, f);
	}
	for (int k = 0; k < a->nparams; k++) {
		int f = copied_from(tr, k);
		if (tr && tr->to.has_args && tr->to.args[k].kind == ANML_ARG_VALUE)
			anml_sb_printf(s, "; %s_p%d = %d", in, k, tr->to.args[k].val);
		else if (f == k)
			anml_sb_printf(s, "; %s_p%d = %s_p%d", in, k, in, k);
		else if (f >= 0)
			anml_sb_printf(s, "; %s_p%d = tmp_%d; tmp_%d = 0", in, k, k, k);
		else {
			int nv = m->types[a->ptype[k]].nvals;
			anml_sb_printf(s, "; %s_p%d = %ld", in, k, combo % nv);
			combo /= nv;
		}
	}
	for (int k = a->nparams; k < np; k++)
		anml_sb_printf(s, "; %s_p%d = 0", in, k);
	anml_sb_printf(s, ";\n\t\t   %s_act = %s_%s", in, tn, a->name);
	if (*anml_rec_at(w, inst, y, ANML_START))
		anml_sb_printf(s, "; %s_%s_s = time", in, a->name);
	tparam known[8];
	y_params(w, inst, y, tr, combo0, known);
	for (int k = 0; k < 8; k++)
		if (!known[k].is_const)   /* a copy: the parameter as just assigned */
			snprintf(known[k].expr, sizeof known[k].expr, "%s_p%d", in, k);
	record_filtered(w, s, inst, y, ANML_START, known);
	if (w->lazy)
		anml_sb_printf(s, "; %s_s = time", in);
	else
		anml_sb_printf(s, "; %s_e = time + %d", in, d);
	anml_sb_printf(s, ";\n\t\t   printf(\"@@ANML %d %%d %%d %%d", inst);
	for (int k = 0; k < np; k++)
		anml_sb_printf(s, " %%d");
	if (w->lazy)   /* the end is not chosen yet: leave() prints it */
		anml_sb_printf(s, "\\n\", %s_act, time, -1", in);
	else
		anml_sb_printf(s, "\\n\", %s_act, time, %s_e", in, in);
	for (int k = 0; k < np; k++)
		anml_sb_printf(s, ", %s_p%d", in, k);
	anml_sb_printf(s, ")");
}

/* the guard on the source's parameters of pattern tr */
static void source_guard(writer *w, sbuf *g, int inst, const anml_trans *tr)
{
	const char *in = anml_iname(w, inst);
	if (!tr || !tr->from.has_args)
		return;
	for (int k = 0; k < tr->from.nargs; k++) {
		const anml_arg *a = &tr->from.args[k];
		if (a->kind == ANML_ARG_VALUE)
			anml_sb_printf(g, " && %s_p%d == %d", in, k, a->val);
		else if (a->kind == ANML_ARG_VAR)
			for (int f = 0; f < k; f++)
				if (tr->from.args[f].kind == ANML_ARG_VAR && tr->from.args[f].val == a->val) {
					anml_sb_printf(g, " && %s_p%d == %s_p%d", in, k, in, f);
					break;
				}
	}
}

/* the statements that end action x on inst */
static void leave(writer *w, sbuf *s, int inst, int x)
{
	const char *in = anml_iname(w, inst);
	if (w->lazy)
		anml_sb_printf(s, "; printf(\"@@ANMLEND %d %%d\\n\", time)", inst);
	if (*anml_rec_at(w, inst, x, ANML_END))
		anml_sb_printf(s, "; %s_%s_e = time", in, anml_aname(w, inst, x));
	record_filtered(w, s, inst, x, ANML_END, NULL);
	int gi[64], ng = anml_inst_goals(w->m, inst, gi, 64);
	if (ng <= 1)
		return;
	tparam cur[8];
	anml_current_params(w, inst, cur);
	for (int g = 0; g < ng; g++) {
		const anml_ref *r = &w->m->goals[gi[g]];
		if (r->act != x)
			continue;
		sbuf mb = { 0 };
		int mm = anml_match(r, cur, &mb);
		if (mm == 1)
			anml_sb_printf(s, "; %s_goals = %s_goals | %d", in, in, 1 << g);
		else if (mm < 0)
			anml_sb_printf(s, "; %s_goals = %s_goals | (%s -> %d : 0)", in, in, mb.s, 1 << g);
		free(mb.s);
	}
}

/* finishing after x: x must match one of the goals on it (and with
 * several goals, every goal must have been completed) */
static void finish_guard(writer *w, sbuf *g, int inst, int x)
{
	const char *in = anml_iname(w, inst);
	int gi[64], ng = anml_inst_goals(w->m, inst, gi, 64);
	if (ng == 0)
		return;
	tparam cur[8];
	anml_current_params(w, inst, cur);
	sbuf any = { 0 }, bits = { 0 };
	int always = 0, fixed = 0;
	for (int k = 0; k < ng; k++) {
		const anml_ref *r = &w->m->goals[gi[k]];
		if (r->act != x)
			continue;
		sbuf mb = { 0 };
		int mm = anml_match(r, cur, &mb);
		if (mm == 1) {
			always = 1;
			fixed |= 1 << k;
		} else if (mm < 0) {
			anml_sb_printf(&any, "%s%s", any.s ? " || " : "", mb.s);
			anml_sb_printf(&bits, " | (%s -> %d : 0)", mb.s, 1 << k);
		}
		free(mb.s);
	}
	if (!always)
		anml_sb_printf(g, " && (%s)", any.s ? any.s : "false");
	if (ng > 1)
		anml_sb_printf(g, " && (%s_goals | %d%s) == %d", in, fixed, bits.s ? bits.s : "", (1 << ng) - 1);
	free(any.s);
	free(bits.s);
}

/* ---- the model ---- */

#define REST_INF 1000000

/* rest[inst][a]: a lower bound on the time inst needs after action a
 * ends before it may finish: the least sum of minimal durations along
 * the transitions to an action it may finish after (a goal action, or
 * any when it has no goals).  Parameters, constraints and the goals
 * still to be reached are ignored, so the bound is optimistic: a state
 * with time + rest > H cannot lead to a plan within the horizon. */
static void compute_rest(writer *w)
{
	const anml_model *m = w->m;
	w->rest = drv_alloc((size_t) m->ninsts * (size_t) w->maxacts * sizeof *w->rest);
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		int *r = &w->rest[(size_t) i * (size_t) w->maxacts];
		int ng = anml_inst_goal_count(m, i);
		for (int a = 0; a < tl->nacts; a++)
			r[a] = ng == 0 || anml_is_goal(m, i, a) ? 0 : REST_INF;
		/* Bellman-Ford: at most nacts rounds */
		for (int round = 0; round < tl->nacts; round++) {
			int changed = 0;
			for (int t = 0; t < tl->ntrans; t++) {
				int a = tl->trans[t].from.act, b = tl->trans[t].to.act;
				/* in long: a duration may be up to INT_MAX; below r[a]
				 * (at most REST_INF) the sum fits an int again */
				long v = (long) tl->acts[b].min + r[b];
				if (r[b] < REST_INF && v < r[a]) {
					r[a] = (int) v;
					changed = 1;
				}
			}
			if (!changed)
				break;
		}
	}
}

static int rest_of(writer *w, int inst, int act)
{
	return w->rest[(size_t) inst * (size_t) w->maxacts + (size_t) act];
}

/* A few hundred bytes of ANMLite can ask for gigabytes of Promela, or
 * for hours of work that writes little (constraint instances times
 * transitions times parameter values): the writer stops once its text
 * (the processes, in memory) or its steps pass the limits. */
/* the steps allowed with a text limit of max_bytes: they bound the work
 * that writes little, as max_bytes bounds what it writes */
static size_t step_limit(size_t max_bytes)
{
	return max_bytes / 4;
}

int anml_spend(writer *w)
{
	if (++w->work > step_limit(w->max_bytes))
		w->too_big = 1;
	return w->too_big;
}

static int over_budget(writer *w)
{
	if (!w->too_big) {
		long n = ftell(w->out);
		w->too_big = n < 0 || (size_t) n > w->max_bytes;
	}
	return w->too_big;
}

/* One transition x -> y of inst (x -1: the first action, y -1: the
 * instance finishes) as do-options, one d_step per choice of y's free
 * parameters and duration: a single step each, no intermediate states. */
static void option(writer *w, int inst, int x, int y, const anml_trans *tr, int line)
{
	if (over_budget(w))
		return;
	const anml_model *m = w->m;
	const char *in = anml_iname(w, inst), *tn = anml_tname(w, inst);
	const anml_timeline *tl = &m->tls[m->insts[inst].tl];
	tevents ev;
	memset(&ev, 0, sizeof ev);
	ev.inst = inst;
	ev.x = x;
	ev.y = y;
	anml_current_params(w, inst, ev.xp);
	sbuf g0 = { 0 }, lv = { 0 };
	if (x >= 0 && w->lazy) {
		/* x may end at any time within its duration */
		const anml_action *xa = &tl->acts[x];
		anml_sb_printf(&g0, "%s_act == %s_%s", in, tn, xa->name);
		if (xa->min > 0)
			anml_sb_printf(&g0, " && time >= %s_s + %d", in, xa->min);
		if (xa->max != ANML_UNBOUNDED)
			anml_sb_printf(&g0, " && time <= %s_s + %d", in, xa->max);
	} else if (x >= 0)
		anml_sb_printf(&g0, "%s_act == %s_%s && time == %s_e", in, tn, tl->acts[x].name, in);
	else
		anml_sb_printf(&g0, "%s_act == %s_none", in, tn);
	source_guard(w, &g0, inst, tr);
	if (y < 0)
		finish_guard(w, &g0, inst, x);
	if (x >= 0) {
		leave(w, &lv, inst, x);
		anml_ref_updates(w, &ev, PH_END, &lv);
		anml_ref_updates(w, &ev, PH_UREF, &lv);
	}
	fprintf(w->out, "\t/* %s -> %s", x >= 0 ? tl->acts[x].name : "(start)",
	        y >= 0 ? tl->acts[y].name : "(finished)");
	if (line > 0)
		fprintf(w->out, ", %s:%d", w->file, line);
	fprintf(w->out, " */\n");
	if (y < 0) {
		sbuf g = { 0 }, post = { 0 };
		anml_sb_printf(&g, "%s", g0.s);
		constraint_guards(w, &ev, &g);
		anml_ref_updates(w, &ev, PH_SNAP, &post);
		if (w->lazy)
			fprintf(w->out, "\t:: d_step {\n\t\t   %s ->\n\t\t   skip%s; %s_act = %s_null; %s_s = 0%s\n\t   }\n",
			        g.s, lv.s ? lv.s : "", in, tn, in, post.s ? post.s : "");
		else
			fprintf(w->out, "\t:: d_step {\n\t\t   %s ->\n\t\t   skip%s; %s_act = %s_null; %s_e = H + 1%s\n\t   }\n",
			        g.s, lv.s ? lv.s : "", in, tn, in, post.s ? post.s : "");
		free(g.s);
		free(post.s);
	} else {
		const anml_action *a = &tl->acts[y];
		int dmax = a->max == ANML_UNBOUNDED || a->max > w->H ? w->H : a->max;
		long nc = combos(w, inst, y, tr);
		/* y must end early enough for the instance to finish by H */
		int rest = rest_of(w, inst, y);
		if (rest >= REST_INF || (long) a->min + rest > w->H)
			nc = 0;
		for (long c = 0; c < nc && !over_budget(w); c++) {
			/* the constraint guards may depend on y's parameters */
			sbuf g = { 0 }, post = { 0 };
			anml_sb_printf(&g, "%s", g0.s);
			y_params(w, inst, y, tr, c, ev.yp);
			constraint_guards(w, &ev, &g);
			anml_ref_updates(w, &ev, PH_START, &post);
			anml_ref_updates(w, &ev, PH_SNAP, &post);
			if (w->lazy && a->min + rest <= w->H) {
				/* one step: the end is decided when the next action starts */
				sbuf st = { 0 };
				enter(w, &st, inst, y, tr, c, a->min);
				fprintf(w->out, "\t:: d_step {\n\t\t   %s && time + %d <= H ->\n\t\t   skip%s%s%s\n\t   }\n",
				        g.s, a->min + rest, lv.s ? lv.s : "", st.s ? st.s : "", post.s ? post.s : "");
				free(st.s);
			}
			for (int d = a->min; !w->lazy && d <= dmax && d + rest <= w->H && !over_budget(w); d++) {
				sbuf st = { 0 };
				enter(w, &st, inst, y, tr, c, d);
				fprintf(w->out, "\t:: d_step {\n\t\t   %s && time + %d <= H ->\n\t\t   skip%s%s%s\n\t   }\n",
				        g.s, d + rest, lv.s ? lv.s : "", st.s ? st.s : "", post.s ? post.s : "");
				free(st.s);
			}
			free(g.s);
			free(post.s);
		}
	}
	free(g0.s);
	free(lv.s);
}

static void process(writer *w, int inst)
{
	const anml_model *m = w->m;
	const anml_inst *ins = &m->insts[inst];
	const anml_timeline *tl = &m->tls[ins->tl];
	int first = anml_initial_action(m, inst);
	const anml_ref *init = anml_initial_ref(m, inst);
	anml_trans itr;
	memset(&itr, 0, sizeof itr);
	if (init && init->has_args) {
		/* INITIAL-STATE with arguments: a pattern for the first action */
		itr.to.has_args = 1;
		itr.to.nargs = init->nargs;
		itr.to.args = init->args;
		itr.to.act = init->act;
	}
	fprintf(w->out, "\n/* instance %s of timeline %s (%s:%d) */\nactive proctype P_%s()\n{\nend_run:\n\tdo\n",
	        ins->name, tl->name, w->file, ins->loc.line, ins->name);
	/* the first action: INITIAL-STATE's, else any */
	for (int y = 0; y < tl->nacts; y++)
		if (first < 0 || first == y)
			option(w, inst, -1, y, init && init->has_args ? &itr : NULL, 0);
	for (int x = 0; x < tl->nacts; x++) {
		for (int i = 0; i < tl->ntrans; i++) {
			const anml_trans *tr = &tl->trans[i];
			if (tr->from.act == x)
				option(w, inst, x, tr->to.act, tr, tr->from.loc.line);
		}
		int ng = anml_inst_goal_count(m, inst);
		if (ng == 0 || anml_is_goal(m, inst, x))
			option(w, inst, x, -1, NULL, 0);
	}
	fprintf(w->out, "\tod\n}\n");
}

/* the elements of the recorded timepoint named base (0: not an array) */
static int clamp_elems(writer *w, const char *base)
{
	for (int f = 0; f < w->nfrec; f++) {
		char b[160];
		int n = anml_rec_base(w, w->frec[f].inst, w->frec[f].act, w->frec[f].ref, w->frec[f].point, b, sizeof b);
		if (strcmp(b, base) == 0)
			return n;
	}
	return 0;
}

/* an array of n recorded timepoints is reset by a loop, not element by
 * element (the counter is a short) */
static int clamp_loop(int n)
{
	return n > 2 && n <= 32767;
}

/* The clock of the lazy translation ticks: time + 1 once every instance
 * has started, some has not finished, and no action must end now (its
 * maximal duration is reached).  An unbounded action whose minimal
 * duration has passed may end at any later time, whatever its start:
 * its INST_s becomes 0, so that states differing only in it are one. */
static void lazy_clock(writer *w)
{
	const anml_model *m = w->m;
	FILE *out = w->out;
	int loops = 0;
	for (int i = 0; i < w->nclamp && !w->noclamp; i++)
		if (!w->clamp[i].fixed && clamp_loop(clamp_elems(w, w->clamp[i].name)))
			loops = 1;
	fprintf(out, "\n/* the clock: one time unit a step */\nactive proctype clock()\n{\n%s"
	        "end_clock:\n\tdo\n\t:: d_step {\n\t\t(time < H",
	        loops ? "\tshort i;    /* the element of an array the tick resets (0 between steps) */\n" : "");
	for (int i = 0; i < m->ninsts; i++)
		fprintf(out, " && %s_act != %s_none", m->insts[i].name, m->tls[m->insts[i].tl].name);
	fprintf(out, "\n\t\t && (");
	for (int i = 0; i < m->ninsts; i++)
		fprintf(out, "%s%s_act != %s_null", i ? " || " : "", m->insts[i].name, m->tls[m->insts[i].tl].name);
	fprintf(out, ")");
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		for (int a = 0; a < tl->nacts; a++)
			if (tl->acts[a].max != ANML_UNBOUNDED)
				fprintf(out, "\n\t\t && (%s_act != %s_%s || time < %s_s + %d)", m->insts[i].name,
				        tl->name, tl->acts[a].name, m->insts[i].name, tl->acts[a].max);
	}
	fprintf(out, ") ->\n\t\ttime++");
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		for (int a = 0; a < tl->nacts; a++)
			if (tl->acts[a].max == ANML_UNBOUNDED && tl->acts[a].min > 0)
				fprintf(out, ";\n\t\t%s_s = (%s_act == %s_%s && %s_s + %d <= time -> 0 : %s_s)",
				        m->insts[i].name, m->insts[i].name, tl->name, tl->acts[a].name, m->insts[i].name,
				        tl->acts[a].min, m->insts[i].name);
	}
	for (int i = 0; i < w->nclamp && !w->noclamp; i++) {
		if (w->clamp[i].fixed)
			continue;
		int nelem = clamp_elems(w, w->clamp[i].name);
		if (clamp_loop(nelem)) {
			/* an array: a loop inside the d_step (still one step), its
			 * counter back to 0 after, so that it never tells states apart */
			const char *v = w->clamp[i].name;
			fprintf(out, ";\n\t\ti = 0;\n\t\tdo\n\t\t:: i < %d -> %s[i] = (%s[i] != NEVER && %s[i] + %d < time -> 0 : %s[i]); i++"
			        "\n\t\t:: else -> break\n\t\tod", nelem, v, v, v, w->clamp[i].k + 1, v);
			continue;
		}
		for (int e = 0; e < (nelem ? nelem : 1); e++) {
			char v[200];
			if (nelem)
				snprintf(v, sizeof v, "%s[%d]", w->clamp[i].name, e);
			else
				snprintf(v, sizeof v, "%s", w->clamp[i].name);
			fprintf(out, ";\n\t\t%s = (%s != NEVER && %s + %d < time -> 0 : %s)", v, v, v,
			        w->clamp[i].k + 1, v);
		}
	}
	fprintf(out, "%s\n\t   }\n\tod\n}\n", loops ? ";\n\t\ti = 0" : "");
}

static void free_writer(writer *w)
{
	for (int k = 0; k < w->nch; k++)
		free(w->ch[k].binds);
	free(w->ch);
	free(w->rec);
	free(w->frec);
	free(w->rest);
	free(w->clamp);
	free(w->rec_decl);
	anml_free_families(w);
}

static int write_translation(FILE *out, FILE *meta, const anml_model *m, int horizon, size_t max_bytes,
                             int lazy, anml_err *err)
{
	writer w;
	memset(&w, 0, sizeof w);
	w.m = m;
	w.max_bytes = max_bytes;
	pml_comment_text(w.file, sizeof w.file, m->file);
	w.H = horizon;
	w.err = err;
	w.lazy = lazy;
	/* TIMELINE_ACTION is a #define: it must not redefine a word of
	 * Promela (timeline d, action step: d_step) */
	for (int t = 0; t < m->ntls; t++)
		for (int a = 0; a < m->tls[t].nacts; a++) {
			char nm[300];
			snprintf(nm, sizeof nm, "%s_%s", m->tls[t].name, m->tls[t].acts[a].name);
			if (pml_is_reserved(nm)) {
				snprintf(err->msg, sizeof err->msg, "%s:%d:%d: action '%s' of timeline '%s' gives the Promela "
					 "name %s, a reserved word: rename the action", m->file, m->tls[t].acts[a].loc.line,
					 m->tls[t].acts[a].loc.col, m->tls[t].acts[a].name, m->tls[t].name, nm);
				return -1;
			}
		}
	for (int t = 0; t < m->ntls; t++)
		if (m->tls[t].nacts > w.maxacts)
			w.maxacts = m->tls[t].nacts;
	w.rec = drv_alloc((size_t) m->ninsts * (size_t) w.maxacts * 2 + 1);
	memset(w.rec, 0, (size_t) m->ninsts * (size_t) w.maxacts * 2 + 1);
	compute_rest(&w);
	w.ch = drv_alloc(((size_t) m->ncons + 1) * sizeof *w.ch);
	for (int i = 0; i < m->ncons; i++) {
		if (normalise(&w, &m->cons[i], &w.ch[w.nch]) != 0) {
			free_writer(&w);
			return -1;
		}
		w.ch[w.nch].id = w.nch;
		if (w.ch[w.nch].referenced)
			w.noclamp = 1;   /* its snapshots copy timepoints: keep them exact */
		if (w.ch[w.nch].referenced) {
			int b[MAXV];
			anml_list_bindings(&w, &w.ch[w.nch], b, 0);
		}
		w.nch++;
		if (w.too_big) {
			snprintf(err->msg, sizeof err->msg, "%s:%d:%d: the constraint binds its actions to too many "
			         "combinations of instances for the translator", m->file, m->cons[i].loc.line,
			         m->cons[i].loc.col);
			free_writer(&w);
			return -1;
		}
	}
	anml_find_families(&w);
	/* the processes first, into memory: they decide which timepoints are
	 * recorded; twice: the first pass marks the recorded timepoints that
	 * the second pass's transitions must then write */
	char *body = NULL;
	size_t blen = 0;
	for (int pass = 0; pass < 2; pass++) {
		free(body);
		body = NULL;
		FILE *mem = open_memstream(&body, &blen);
		if (!mem) {
			snprintf(err->msg, sizeof err->msg, "out of memory");
			free_writer(&w);
			return -1;
		}
		w.out = mem;
		for (int i = 0; i < m->ninsts && !w.too_big; i++) {
			process(&w, i);
			if (w.too_big)
				snprintf(err->msg, sizeof err->msg, "%s:%d:%d: the Promela for instance %s would be too "
				         "large (over %zu MB, or over %zu steps of the translator): use fewer constraint "
				         "variables or type values, or a shorter horizon than %d", m->file,
				         m->insts[i].loc.line, m->insts[i].loc.col, m->insts[i].name, max_bytes >> 20,
				         step_limit(max_bytes), horizon);
		}
		fclose(mem);
		if (w.too_big) {
			free(body);
			free_writer(&w);
			return -1;
		}
	}
	w.out = out;
	size_t nrec = (size_t) m->ninsts * (size_t) w.maxacts * 2 + 1;
	w.rec_decl = drv_alloc(nrec);
	memcpy(w.rec_decl, w.rec, nrec);
	w.nfrec_decl = w.nfrec;

	int wide = horizon > 250;
	const char *ty = wide ? "short" : "byte";
	unsigned char *fam_decl = drv_alloc((size_t) w.nfam * 2 + 1);
	memset(fam_decl, 0, (size_t) w.nfam * 2 + 1);
	fprintf(out, "/*\n * ANMLite plan %s (%s), translated by dmc translate: see docs/anmlite.md.\n"
	        " * A plan is a path to the assertion violation in process goal.\n */\n\n",
	        m->name, w.file);
	fprintf(out, "#define H %d        /* the horizon: every action ends by time H */\n", horizon);
	fprintf(out, "#define NEVER %d    /* a timepoint that has not occurred */\n\n", wide ? 32767 : 255);
	fprintf(out, "%s time;        /* the clock */\n", ty);
	int maxp = 0;
	for (int t = 0; t < m->ntls; t++)
		if (m->tls[t].maxparams > maxp)
			maxp = m->tls[t].maxparams;
	for (int k = 0; k < maxp; k++)
		fprintf(out, "byte tmp_%d;     /* parameter copies in a transition (always 0 between steps) */\n", k);
	for (int t = 0; t < m->ntls; t++) {
		const anml_timeline *tl = &m->tls[t];
		fprintf(out, "\n/* timeline %s (%s:%d) */\n", tl->name, w.file, tl->loc.line);
		for (int a = 0; a < tl->nacts; a++) {
			const anml_action *ac = &tl->acts[a];
			fprintf(out, "#define %s_%s %d    /* duration [%d,", tl->name, ac->name, a, ac->min);
			if (ac->max == ANML_UNBOUNDED)
				fprintf(out, "_]");
			else
				fprintf(out, "%d]", ac->max);
			fprintf(out, ", %s:%d */\n", w.file, ac->loc.line);
		}
		fprintf(out, "#define %s_null %d    /* finished */\n", tl->name, tl->nacts);
		fprintf(out, "#define %s_none %d    /* not started */\n", tl->name, tl->nacts + 1);
	}
	for (int i = 0; i < m->ninsts; i++) {
		const anml_inst *in = &m->insts[i];
		const anml_timeline *tl = &m->tls[in->tl];
		fprintf(out, "\n/* instance %s of %s */\n", in->name, tl->name);
		fprintf(out, "byte %s_act = %s_none;\n", in->name, tl->name);
		if (w.lazy)
			fprintf(out, "%s %s_s;    /* the current action's start (0 once only its end matters) */\n", ty, in->name);
		else
			fprintf(out, "%s %s_e;    /* the current action's end */\n", ty, in->name);
		for (int k = 0; k < tl->maxparams; k++)
			fprintf(out, "byte %s_p%d;    /* the current action's parameter %d */\n", in->name, k, k + 1);
		int ng = anml_inst_goal_count(m, i);
		if (ng > 1)
			fprintf(out, "%s %s_goals;    /* goals completed (bits) */\n", ng > 8 ? "int" : "byte", in->name);
		for (int a = 0; a < tl->nacts; a++)
			for (int p = 0; p < 2; p++) {
				if (*anml_rec_at(&w, i, a, p))
					fprintf(out, "%s %s_%s_%c = NEVER;    /* %s.%s on %s, read by a constraint */\n",
					        ty, in->name, tl->acts[a].name, p ? 'e' : 's', tl->acts[a].name,
					        p ? "end" : "start", in->name);
				for (int f = 0; f < w.nfrec; f++)
					if (w.frec[f].inst == i && w.frec[f].act == a && w.frec[f].point == p) {
						char rn[160], dim[32] = "";
						int slot, fam = anml_fam_store(&w, i, a, w.frec[f].ref, &slot);
						if (fam >= 0 && fam_decl[fam * 2 + p])
							continue;   /* a family's array: declared with its first member */
						if (fam >= 0) {
							fam_decl[fam * 2 + p] = 1;
							int nelem = anml_rec_base(&w, i, a, w.frec[f].ref, p, rn, sizeof rn);
							fprintf(out, "%s %s[%d] = NEVER;    /* %s.%s of the occurrences with the arguments of %s:%d "
							        "on %d instances, a slot per value of the constraints' parameter (a family) */\n",
							        ty, rn, nelem, tl->acts[a].name, p ? "end" : "start", w.file,
							        w.frec[f].ref->loc.line, w.fam[fam].nvals);
							continue;
						}
						int nelem = anml_rec_base(&w, i, a, w.frec[f].ref, p, rn, sizeof rn);
						if (nelem)
							snprintf(dim, sizeof dim, "[%d]", nelem);
						fprintf(out, "%s %s%s = NEVER;    /* %s.%s of the occurrences with the arguments of %s:%d%s */\n",
						        ty, rn, dim, tl->acts[a].name, p ? "end" : "start", w.file,
						        w.frec[f].ref->loc.line, nelem ? ", indexed by the constraint's variables" : "");
					}
			}
	}
	for (int c = 0; c < w.nch; c++) {
		const tchain *ch = &w.ch[c];
		if (!ch->referenced)
			continue;
		fprintf(out, "\n/* constraint %s:%d: its reference point and the occurrences there, per binding */\n",
		        w.file, ch->src->loc.line);
		for (int bi = 0; bi < ch->nb; bi++) {
			char r[64];
			anml_slot(ch, bi, -1, NULL, r, sizeof r);
			fprintf(out, "%s %s = NEVER;", ty, r);
			if (ch->refpoint == ANML_END)
				fprintf(out, " bit k%d_%d_t;", ch->id, bi);
			for (int v = 0; v < ch->nvars; v++) {
				const char *what[4] = { "cs", "ce", "ns", "ne" };
				for (int q = 0; q < 4; q++) {
					char sl[64];
					if (!(ch->need[v] & (1 << q)))
						continue;
					anml_slot(ch, bi, v, what[q], sl, sizeof sl);
					fprintf(out, " %s %s = NEVER;", ty, sl);
				}
			}
			fprintf(out, "\n");
		}
	}
	free(fam_decl);
	fputs(body, out);
	free(body);

	if (w.lazy)
		lazy_clock(&w);
	else {
	/* the clock: jumps to the earliest timeout once no instance is due */
	fprintf(out, "\n/* the event-driven clock */\nactive proctype clock()\n{\nend_clock:\n\tdo\n\t:: d_step {\n\t\t(");
	for (int i = 0; i < m->ninsts; i++)
		fprintf(out, "%s%s_e > time", i ? " && " : "", m->insts[i].name);
	fprintf(out, "\n\t\t && (");
	for (int i = 0; i < m->ninsts; i++)
		fprintf(out, "%s%s_e <= H", i ? " || " : "", m->insts[i].name);
	fprintf(out, ")) ->\n\t\ttime = %s_e", m->insts[0].name);
	for (int i = 1; i < m->ninsts; i++)
		fprintf(out, ";\n\t\tif :: %s_e < time -> time = %s_e :: else fi", m->insts[i].name, m->insts[i].name);
	fprintf(out, "\n\t   }\n\tod\n}\n");
	}

	/* the goal */
	sbuf g = { 0 };
	for (int i = 0; i < m->ninsts; i++)
		anml_sb_printf(&g, "%s%s_act == %s_null", i ? " && " : "", m->insts[i].name, m->tls[m->insts[i].tl].name);
	fprintf(out, "\n/* GOALS: every instance finished (instances with goals finish only after\n"
	        " * completing them); the assertion's violation is a plan */\nactive proctype goal()\n{\n"
	        "end_goal:\n\t(%s);\n\tassert(!(%s))\n}\n", g.s, g.s);
	free(g.s);
	if (meta) {
		anml_write_tdata(&w, meta);
		anml_write_pgraph(&w, meta);
	}
	free_writer(&w);
	return 0;
}

int anml_encoding(const char *name)
{
	return !name ? -1 : strcmp(name, "lazy") == 0 ? 1 : strcmp(name, "eager") == 0 ? 0 : -1;
}

int anml_write_promela(FILE *out, const anml_model *m, int horizon, anml_err *err)
{
	return write_translation(out, NULL, m, horizon, ANML_MAX_PML_BYTES, 0, err);
}

int anml_write_promela_max(FILE *out, const anml_model *m, int horizon, size_t max_bytes, anml_err *err)
{
	return write_translation(out, NULL, m, horizon, max_bytes, 0, err);
}

int anml_write_translation(FILE *out, FILE *meta, const anml_model *m, int horizon, anml_err *err)
{
	return write_translation(out, meta, m, horizon, ANML_MAX_PML_BYTES, 0, err);
}

int anml_write_translation_enc(FILE *out, FILE *meta, const anml_model *m, int horizon, int lazy, anml_err *err)
{
	return write_translation(out, meta, m, horizon, ANML_MAX_PML_BYTES, lazy, err);
}
