// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_validate.c -- an independent check of a plan against an ANMLite
 * model: it reads the resolved model (anml_ast.h) and the schedule and
 * shares no code with the translator (anml_pml.c), so a translation bug
 * shows up as a rejected plan.
 *
 * Checked: every instance runs at least one action from time 0 without
 * gaps or overlaps; durations; the initial action; every succession is
 * a listed transition whose patterns match the parameters; goals (each
 * goal action occurs, an instance with goals ends with one); every
 * constraint (semantics in docs/anmlite.md): for each occurrence of the
 * universally quantified action (the latest timepoint of the chain),
 * the other actions' current occurrences (or next ones, for '.next') at
 * the reference point satisfy the relations; references with arguments
 * count only the occurrences with those parameters.
 */
#include "anml.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const anml_model *m;
	const anml_plan *p;
	FILE *report;
	int bad;
} vctx;

static void violation(vctx *v, const char *fmt, ...)
{
	v->bad++;
	if (!v->report)
		return;
	va_list ap;
	va_start(ap, fmt);
	fputs("invalid plan: ", v->report);
	vfprintf(v->report, fmt, ap);
	fputc('\n', v->report);
	va_end(ap);
}

static const anml_timeline *tl_of(vctx *v, int inst)
{
	return &v->m->tls[v->m->insts[inst].tl];
}

/* does pattern pair tr allow step a (source) followed by step b? */
static int pattern_allows(const anml_trans *tr, const anml_step *a, const anml_step *b)
{
	int bound[128], val[128];
	memset(bound, 0, sizeof bound);
	const anml_pat *pats[2] = { &tr->from, &tr->to };
	const anml_step *steps[2] = { a, b };
	for (int s = 0; s < 2; s++) {
		if (!pats[s]->has_args)
			continue;
		for (int k = 0; k < pats[s]->nargs; k++) {
			const anml_arg *g = &pats[s]->args[k];
			int x = steps[s]->params[k];
			if (g->kind == ANML_ARG_VALUE && x != g->val)
				return 0;
			if (g->kind == ANML_ARG_VAR && g->val < 128) {
				if (bound[g->val] && val[g->val] != x)
					return 0;
				bound[g->val] = 1;
				val[g->val] = x;
			}
		}
	}
	return 1;
}

/* does step s match reference r: the same action and, where r gives
 * values, the same parameters? */
static int matches(const anml_ref *r, const anml_step *s)
{
	if (s->act != r->act)
		return 0;
	for (int k = 0; k < r->nargs && k < 8; k++)
		if (r->args[k].kind == ANML_ARG_VALUE && s->params[k] != r->args[k].val)
			return 0;
	return 1;
}

static int for_inst(const anml_model *m, const anml_ref *r, int inst)
{
	return r->inst == inst || (r->inst < 0 && r->tl == m->insts[inst].tl);
}

static void check_line(vctx *v, int inst)
{
	const anml_model *m = v->m;
	const anml_line *ln = &v->p->lines[inst];
	const anml_timeline *tl = tl_of(v, inst);
	const char *in = m->insts[inst].name;
	if (ln->n == 0) {
		violation(v, "instance %s has no actions", in);
		return;
	}
	if (ln->steps[0].start != 0)
		violation(v, "instance %s starts at %d, not at 0", in, ln->steps[0].start);
	for (int i = 0; i < m->ninits; i++)
		if (for_inst(m, &m->inits[i], inst) && !matches(&m->inits[i], &ln->steps[0]))
			violation(v, "instance %s starts with %s, INITIAL-STATE (line %d) says %s%s", in,
			          tl->acts[ln->steps[0].act].name, m->inits[i].loc.line, tl->acts[m->inits[i].act].name,
			          m->inits[i].has_args ? " with other parameters" : "");
	for (int k = 0; k < ln->n; k++) {
		const anml_step *s = &ln->steps[k];
		const anml_action *a = &tl->acts[s->act];
		int d = s->end - s->start;
		if (d < a->min || (a->max != ANML_UNBOUNDED && d > a->max))
			violation(v, "%s on %s lasts %d (from %d to %d), outside its duration [%d,%s%d]", a->name, in,
			          d, s->start, s->end, a->min, a->max == ANML_UNBOUNDED ? "_" : "",
			          a->max == ANML_UNBOUNDED ? 0 : a->max);
		for (int q = 0; q < a->nparams; q++)
			if (s->params[q] < 0 || s->params[q] >= m->types[a->ptype[q]].nvals)
				violation(v, "%s on %s has parameter %d out of its type", a->name, in, q + 1);
		if (k + 1 == ln->n)
			break;
		const anml_step *t = &ln->steps[k + 1];
		if (t->start != s->end)
			violation(v, "on %s, %s ends at %d but %s starts at %d (no gaps or overlaps)", in,
			          a->name, s->end, tl->acts[t->act].name, t->start);
		int ok = 0;
		for (int i = 0; i < tl->ntrans && !ok; i++)
			ok = tl->trans[i].from.act == s->act && tl->trans[i].to.act == t->act
			     && pattern_allows(&tl->trans[i], s, t);
		if (!ok)
			violation(v, "on %s, %s -> %s at %d is not an allowed transition", in, a->name,
			          tl->acts[t->act].name, t->start);
	}
	/* goals */
	int has_goal = 0;
	for (int g = 0; g < m->ngoals; g++) {
		const anml_ref *r = &m->goals[g];
		if (!for_inst(m, r, inst))
			continue;
		has_goal = 1;
		int seen = 0;
		for (int k = 0; k < ln->n; k++)
			seen |= matches(r, &ln->steps[k]);
		if (!seen)
			violation(v, "goal %s (line %d) is not reached on %s", tl->acts[r->act].name, r->loc.line, in);
	}
	if (has_goal) {
		int last = ln->steps[ln->n - 1].act, is_goal = 0;
		for (int g = 0; g < m->ngoals; g++) {
			const anml_ref *r = &m->goals[g];
			if (for_inst(m, r, inst) && matches(r, &ln->steps[ln->n - 1]))
				is_goal = 1;
		}
		if (!is_goal)
			violation(v, "%s ends with %s, which is not one of its goals", in, tl->acts[last].name);
	}
}

/* ---- constraints ---- */

/* a "role": an action of the constraint (with its arguments), bound to
 * an instance */
typedef struct {
	int tl, inst, act;
	const anml_ref *ref;
} role;

#define MAXR 16
#define MAXC 10   /* candidate occurrences per role */

typedef struct {
	const anml_constraint *c;
	role r[MAXR];
	int nr;
	int term_role[64];       /* chain terms: their role, -1 for constants */
	int urole, upoint;       /* the universal role and timepoint */
	int unext;               /* the last term is U.next */
} vcons;

static int same_role(const role *a, const anml_ref *ref)
{
	if (a->tl != ref->tl || a->inst != ref->inst || a->act != ref->act)
		return 0;
	for (int k = 0; k < a->ref->nargs || k < ref->nargs; k++) {
		int x = k < a->ref->nargs && a->ref->args[k].kind == ANML_ARG_VALUE ? a->ref->args[k].val : -1;
		int y = k < ref->nargs && ref->args[k].kind == ANML_ARG_VALUE ? ref->args[k].val : -1;
		if (x != y)
			return 0;
	}
	return 1;
}

static int role_of(vcons *vc, const anml_ref *ref, int merge)
{
	if (merge)
		for (int i = 0; i < vc->nr; i++)
			if (same_role(&vc->r[i], ref))
				return i;
	if (vc->nr == MAXR)
		return -1;
	vc->r[vc->nr].tl = ref->tl;
	vc->r[vc->nr].inst = ref->inst;
	vc->r[vc->nr].act = ref->act;
	vc->r[vc->nr].ref = ref;
	return vc->nr++;
}

/* Allen relations on intervals: the definitions themselves */
static int allen_holds(int rel, int xs, int xe, int ys, int ye)
{
	switch (rel) {
	case ANML_BEFORE:   return xe < ys;
	case ANML_MEETS:    return xe == ys;
	case ANML_OVERLAPS: return xs < ys && ys < xe && xe < ye;
	case ANML_DURING:   return ys < xs && xe < ye;
	case ANML_STARTS:   return xs == ys && xe < ye;
	case ANML_FINISHES: return ys < xs && xe == ye;
	case ANML_EQUALS:   return xs == ys && xe == ye;
	case ANML_CONTAINS: return xs < ys && ye < xe;
	}
	return 0;
}

static int rel_holds(int op, long a, long b)
{
	return op == ANML_LT ? a < b : op == ANML_LE ? a <= b : a == b;
}

/* the occurrence of role r after step k on its instance (the first one
 * when k is -1), or -1 */
static int successor(vctx *v, const vcons *vc, const int *bind, int r, int k)
{
	const anml_line *ln = &v->p->lines[bind[r]];
	for (int i = k + 1; i < ln->n; i++)
		if (matches(vc->r[r].ref, &ln->steps[i]))
			return i;
	return -1;
}

/* with the current occurrence choice[] of every role (-1: none), relative
 * to the universal time u: does the constraint hold? */
static int holds(vctx *v, const vcons *vc, const int *bind, const int *choice, int u)
{
	const anml_constraint *c = vc->c;
	if (c->allen >= 0) {
		if (choice[0] < 0 || choice[1] < 0)
			return 0;
		const anml_step *x = &v->p->lines[bind[0]].steps[choice[0]];
		const anml_step *y = &v->p->lines[bind[1]].steps[choice[1]];
		return allen_holds(c->allen, x->start, x->end, y->start, y->end);
	}
	long val[64];
	for (int i = 0; i < c->nterms; i++) {
		const anml_term *t = &c->terms[i];
		if (t->is_const) {
			val[i] = t->k;
			continue;
		}
		int r = vc->term_role[i], k = choice[r];
		if (t->next)
			k = successor(v, vc, bind, r, k);
		if (k < 0)
			return 0;    /* no such occurrence */
		const anml_step *s = &v->p->lines[bind[r]].steps[k];
		int tp = t->point == ANML_START ? s->start : s->end;
		if (tp > u)
			return 0;    /* it has not occurred by the universal timepoint */
		val[i] = tp + t->k;
	}
	for (int i = 0; i + 1 < c->nterms; i++)
		if (!rel_holds(c->ops[i], val[i], val[i + 1]))
			return 0;
	return 1;
}

/* try every combination of candidate occurrences (exists) */
static int exists_choice(vctx *v, const vcons *vc, const int *bind, int cand[][MAXC], const int *ncand,
                         int *choice, int k, int u)
{
	if (k == vc->nr)
		return holds(v, vc, bind, choice, u);
	for (int i = 0; i < ncand[k]; i++) {
		choice[k] = cand[k][i];
		if (exists_choice(v, vc, bind, cand, ncand, choice, k + 1, u))
			return 1;
	}
	return 0;
}

static void check_binding(vctx *v, const vcons *vc, const int *bind)
{
	const anml_model *m = v->m;
	const anml_constraint *c = vc->c;
	int ui = bind[vc->urole], ua = vc->r[vc->urole].act;
	const anml_line *uln = &v->p->lines[ui];
	int prev = -1;    /* the previous occurrence of the universal role */
	for (int o = 0; o < uln->n; o++) {
		if (!matches(vc->r[vc->urole].ref, &uln->steps[o]))
			continue;
		/* the reference occurrence q and point r; the universal time u */
		int q = vc->unext ? prev : o;
		prev = o;
		if (q < 0)
			continue;    /* U.next without an occurrence before it: vacuous */
		int u = vc->upoint == ANML_START ? uln->steps[o].start : uln->steps[o].end;
		int refp = c->referenced ? c->refpoint : vc->upoint;
		int r = refp == ANML_START ? uln->steps[q].start : uln->steps[q].end;
		int cand[MAXR][MAXC], ncand[MAXR], choice[MAXR];
		for (int x = 0; x < vc->nr; x++) {
			ncand[x] = 0;
			if (x == vc->urole) {
				cand[x][ncand[x]++] = q;     /* the reference occurrence itself */
				continue;
			}
			/* the current occurrence at r: the latest started before r, or
			 * one starting at r (simultaneous events happen in either order) */
			const anml_line *ln = &v->p->lines[bind[x]];
			int latest = -1;
			for (int k = 0; k < ln->n; k++) {
				if (!matches(vc->r[x].ref, &ln->steps[k]))
					continue;
				if (ln->steps[k].start < r)
					latest = k;
				else if (ln->steps[k].start == r && ncand[x] < MAXC - 2)
					cand[x][ncand[x]++] = k;
			}
			cand[x][ncand[x]++] = latest;    /* -1: none yet (its next is the first) */
		}
		if (exists_choice(v, vc, bind, cand, ncand, choice, 0, u))
			continue;
		const anml_timeline *tl = tl_of(v, ui);
		violation(v, "constraint %s:%d does not hold for %s on %s at %d (%s %d..%d)", m->file,
		          c->loc.line, tl->acts[ua].name, m->insts[ui].name, u, tl->acts[ua].name,
		          uln->steps[o].start, uln->steps[o].end);
	}
}

static void each_binding(vctx *v, const vcons *vc, int *bind, int k)
{
	if (k == vc->nr) {
		check_binding(v, vc, bind);
		return;
	}
	if (vc->r[k].inst >= 0) {
		bind[k] = vc->r[k].inst;
		each_binding(v, vc, bind, k + 1);
		return;
	}
	for (int i = 0; i < v->m->ninsts; i++)
		if (v->m->insts[i].tl == vc->r[k].tl) {
			bind[k] = i;
			each_binding(v, vc, bind, k + 1);
		}
}

static void check_constraint(vctx *v, const anml_constraint *c)
{
	vcons vc;
	memset(&vc, 0, sizeof vc);
	vc.c = c;
	if (c->allen >= 0) {
		role_of(&vc, &c->x, 0);
		role_of(&vc, &c->y, 0);
		/* the universal: the interval whose end is the latest timepoint */
		vc.urole = c->allen == ANML_CONTAINS ? 0 : 1;
		vc.upoint = c->allen == ANML_BEFORE || c->allen == ANML_MEETS ? ANML_START : ANML_END;
	} else {
		if (c->nterms > 64) {
			violation(v, "constraint %s:%d is too long to check", v->m->file, c->loc.line);
			return;
		}
		vc.urole = -1;
		for (int i = 0; i < c->nterms; i++) {
			vc.term_role[i] = -1;
			if (c->terms[i].is_const)
				continue;
			vc.term_role[i] = role_of(&vc, &c->terms[i].ref, 1);
			if (vc.term_role[i] < 0) {
				violation(v, "constraint %s:%d is too large to check", v->m->file, c->loc.line);
				return;
			}
			vc.urole = vc.term_role[i];
			vc.upoint = c->terms[i].point;
			vc.unext = c->terms[i].next;
		}
	}
	int bind[MAXR];
	each_binding(v, &vc, bind, 0);
}

int anml_validate(const anml_model *m, const anml_plan *plan, FILE *report)
{
	vctx v = { m, plan, report, 0 };
	if (plan->ninsts != m->ninsts) {
		violation(&v, "the plan has %d timelines, the model %d", plan->ninsts, m->ninsts);
		return v.bad;
	}
	for (int i = 0; i < m->ninsts; i++) {
		const anml_line *ln = &plan->lines[i];
		for (int k = 0; k < ln->n; k++)
			if (ln->steps[k].act < 0 || ln->steps[k].act >= tl_of(&v, i)->nacts) {
				violation(&v, "instance %s: unknown action number %d", m->insts[i].name, ln->steps[k].act);
				return v.bad;
			}
	}
	for (int i = 0; i < m->ninsts; i++)
		check_line(&v, i);
	for (int c = 0; c < m->ncons; c++)
		check_constraint(&v, &m->cons[c]);
	return v.bad;
}
