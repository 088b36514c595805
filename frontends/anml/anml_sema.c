// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_sema.c -- name resolution and consistency checks of a parsed
 * ANMLite model: every type, timeline, instance and action is declared
 * once and every reference names a declared one; patterns have the
 * action's number of arguments; at most one initial action per instance.
 * Timelines without a VARIABLES entry get one instance named after them.
 */
#include "anml_ast.h"
#include "fs.h"
#include "util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	anml_model *m;
	anml_err *err;
	jmp_buf fail;
} sema;

static void fail_at(sema *s, anml_loc loc, const char *fmt, ...)
{
	char text[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	snprintf(s->err->msg, sizeof s->err->msg, "%s:%d:%d: %s", s->m->file, loc.line, loc.col, text);
	longjmp(s->fail, 1);
}

static int find_type(const anml_model *m, const char *n)
{
	for (int i = 0; i < m->ntypes; i++)
		if (strcmp(m->types[i].name, n) == 0)
			return i;
	return -1;
}

static int find_tl(const anml_model *m, const char *n)
{
	for (int i = 0; i < m->ntls; i++)
		if (strcmp(m->tls[i].name, n) == 0)
			return i;
	return -1;
}

static int find_inst(const anml_model *m, const char *n)
{
	for (int i = 0; i < m->ninsts; i++)
		if (strcmp(m->insts[i].name, n) == 0)
			return i;
	return -1;
}

static int find_act(const anml_timeline *tl, const char *n)
{
	for (int i = 0; i < tl->nacts; i++)
		if (strcmp(tl->acts[i].name, n) == 0)
			return i;
	return -1;
}

static int find_val(const anml_type *t, const char *n)
{
	for (int i = 0; i < t->nvals; i++)
		if (strcmp(t->vals[i], n) == 0)
			return i;
	return -1;
}

static void declarations(sema *s)
{
	anml_model *m = s->m;
	for (int i = 0; i < m->ntypes; i++) {
		if (find_type(m, m->types[i].name) != i)
			fail_at(s, m->types[i].loc, "type '%s' is declared twice", m->types[i].name);
		for (int v = 0; v < m->types[i].nvals; v++)
			if (find_val(&m->types[i], m->types[i].vals[v]) != v)
				fail_at(s, m->types[i].loc, "type '%s' lists the value '%s' twice",
				        m->types[i].name, m->types[i].vals[v]);
	}
	for (int i = 0; i < m->ntls; i++) {
		anml_timeline *tl = &m->tls[i];
		if (find_tl(m, tl->name) != i)
			fail_at(s, tl->loc, "timeline '%s' is declared twice", tl->name);
		for (int a = 0; a < tl->nacts; a++) {
			anml_action *ac = &tl->acts[a];
			if (find_act(tl, ac->name) != a)
				fail_at(s, ac->loc, "timeline '%s' declares the action '%s' twice", tl->name, ac->name);
			if (ac->nparams > 8)
				fail_at(s, ac->loc, "action %s has %d parameters: at most 8 are supported", ac->name, ac->nparams);
			if (ac->nparams > tl->maxparams)
				tl->maxparams = ac->nparams;
			for (int k = 0; k < ac->nparams; k++) {
				ac->ptype[k] = find_type(m, ac->ptname[k]);
				if (ac->ptype[k] < 0)
					fail_at(s, ac->loc, "undefined type '%s' (parameter %s of action %s)",
					        ac->ptname[k], ac->pname[k], ac->name);
			}
		}
	}
	for (int i = 0; i < m->ninsts; i++) {
		anml_inst *in = &m->insts[i];
		if (find_inst(m, in->name) != i)
			fail_at(s, in->loc, "instance '%s' is declared twice", in->name);
		in->tl = find_tl(m, in->tlname);
		if (in->tl < 0)
			fail_at(s, in->loc, "undefined timeline '%s' (type of instance %s)", in->tlname, in->name);
	}
	/* a timeline without instances gets one, named after it */
	for (int t = 0; t < m->ntls; t++) {
		int has = 0;
		for (int i = 0; i < m->ninsts; i++)
			has |= m->insts[i].tl == t;
		if (has)
			continue;
		if (find_inst(m, m->tls[t].name) >= 0)
			fail_at(s, m->tls[t].loc, "timeline '%s' has no instances and its name is taken by an instance",
			        m->tls[t].name);
		m->insts = drv_realloc(m->insts, ((size_t) m->ninsts + 1) * sizeof *m->insts);
		anml_inst *in = &m->insts[m->ninsts++];
		memset(in, 0, sizeof *in);
		in->name = drv_strdup(m->tls[t].name);
		in->tlname = drv_strdup(m->tls[t].name);
		in->loc = m->tls[t].loc;
		in->tl = t;
		in->implicit = 1;
	}
}

/* The variables of one transition's patterns or one constraint's
 * references: name, type, first place and number of uses. */
#define MAX_VARS 128
typedef struct {
	const char *name[MAX_VARS];
	anml_loc loc[MAX_VARS];
	int type[MAX_VARS], uses[MAX_VARS], n, max;
} vartab;

/* g names no value of its type ty: it is a variable (ANML_ARG_VAR, val
 * its index in vs), of type ty wherever it occurs */
static void bind_var(sema *s, vartab *vs, anml_arg *g, int ty)
{
	int v = 0;
	while (v < vs->n && strcmp(vs->name[v], g->name) != 0)
		v++;
	if (v == vs->n) {
		/* only a constraint reaches its limit: a transition's is
		 * its number of arguments, checked before */
		if (vs->n == vs->max)
			fail_at(s, g->loc, "more than %d variables in one constraint", vs->max);
		vs->name[v] = g->name;
		vs->loc[v] = g->loc;
		vs->type[v] = ty;
		vs->uses[v] = 0;
		vs->n++;
	} else if (vs->type[v] != ty)
		fail_at(s, g->loc, "variable '%s' stands for values of type %s here and of type %s before",
		        g->name, s->m->types[ty].name, s->m->types[vs->type[v]].name);
	vs->uses[v]++;
	g->kind = ANML_ARG_VAR;
	g->val = v;
}

static void pattern(sema *s, const anml_timeline *tl, anml_pat *p, vartab *vs)
{
	p->act = find_act(tl, p->action);
	if (p->act < 0)
		fail_at(s, p->loc, "undefined action '%s' (timeline %s has no such action)", p->action, tl->name);
	const anml_action *a = &tl->acts[p->act];
	if (!p->has_args)
		return;
	if (p->nargs != a->nparams)
		fail_at(s, p->loc, "action %s has %d parameter%s, the pattern gives %d", a->name,
		        a->nparams, a->nparams == 1 ? "" : "s", p->nargs);
	for (int k = 0; k < p->nargs; k++) {
		anml_arg *g = &p->args[k];
		const anml_type *ty = &s->m->types[a->ptype[k]];
		if (g->kind == ANML_ARG_ANY && !g->name)
			continue;
		int v = find_val(ty, g->name);
		if (v >= 0) {
			g->kind = ANML_ARG_VALUE;
			g->val = v;
			continue;
		}
		bind_var(s, vs, g, a->ptype[k]);
	}
}

static void transitions(sema *s)
{
	for (int t = 0; t < s->m->ntls; t++) {
		anml_timeline *tl = &s->m->tls[t];
		for (int i = 0; i < tl->ntrans; i++) {
			anml_trans *tr = &tl->trans[i];
			vartab vs;
			vs.n = 0;
			vs.max = MAX_VARS;
			if (tr->from.nargs + tr->to.nargs > MAX_VARS)
				fail_at(s, tr->from.loc, "too many pattern arguments");
			pattern(s, tl, &tr->from, &vs);
			pattern(s, tl, &tr->to, &vs);
			tr->nvars = vs.n;
		}
	}
}

static void resolve_ref_name(sema *s, anml_ref *r)
{
	anml_model *m = s->m;
	r->inst = -1;
	if (r->qual) {
		int i = find_inst(m, r->qual), t = find_tl(m, r->qual);
		if (i >= 0 && !(m->insts[i].implicit && t >= 0)) {
			r->inst = i;
			r->tl = m->insts[i].tl;
		} else if (t >= 0)
			r->tl = t;
		else
			fail_at(s, r->loc, "undefined timeline or instance '%s'", r->qual);
		r->act = find_act(&m->tls[r->tl], r->action);
		if (r->act < 0)
			fail_at(s, r->loc, "undefined action '%s' (timeline %s has no such action)",
			        r->action, m->tls[r->tl].name);
		return;
	}
	int found = -1;
	for (int t = 0; t < m->ntls; t++) {
		int a = find_act(&m->tls[t], r->action);
		if (a < 0)
			continue;
		if (found >= 0)
			fail_at(s, r->loc, "action '%s' is ambiguous (timelines %s and %s): write TIMELINE.%s",
			        r->action, m->tls[found].name, m->tls[t].name, r->action);
		found = t;
		r->act = a;
	}
	if (found < 0) {
		if (find_tl(m, r->action) >= 0 || find_inst(m, r->action) >= 0)
			fail_at(s, r->loc, "'%s' is a timeline or instance: expected an action (%s.ACTION)",
			        r->action, r->action);
		fail_at(s, r->loc, "undefined action '%s'", r->action);
	}
	r->tl = found;
}

/* the arguments of a reference: values of the parameters' types or '_';
 * in a constraint (vs not NULL) also variables */
static void resolve_ref(sema *s, anml_ref *r, vartab *vs)
{
	resolve_ref_name(s, r);
	if (!r->has_args)
		return;
	const anml_action *a = &s->m->tls[r->tl].acts[r->act];
	if (r->nargs != a->nparams)
		fail_at(s, r->loc, "action %s has %d parameter%s, the reference gives %d", a->name,
		        a->nparams, a->nparams == 1 ? "" : "s", r->nargs);
	for (int k = 0; k < r->nargs; k++) {
		anml_arg *g = &r->args[k];
		if (!g->name) {
			g->kind = ANML_ARG_ANY;
			continue;
		}
		const anml_type *ty = &s->m->types[a->ptype[k]];
		g->kind = ANML_ARG_VALUE;
		g->val = find_val(ty, g->name);
		if (g->val < 0 && vs)
			bind_var(s, vs, g, a->ptype[k]);
		else if (g->val < 0)
			fail_at(s, g->loc, "'%s' is not a value of type %s (parameter %s of %s): expected a value or '_' "
			        "(variables are allowed in constraints only)", g->name, ty->name, a->pname[k], a->name);
	}
}

static int same_args(const anml_ref *a, const anml_ref *b)
{
	for (int k = 0; k < a->nargs || k < b->nargs; k++) {
		int va = k < a->nargs && a->args[k].kind == ANML_ARG_VALUE ? a->args[k].val : -1;
		int vb = k < b->nargs && b->args[k].kind == ANML_ARG_VALUE ? b->args[k].val : -1;
		if (va != vb)
			return 0;
	}
	return 1;
}

static int same_ref(const anml_ref *a, const anml_ref *b)
{
	return a->tl == b->tl && a->inst == b->inst && a->act == b->act && same_args(a, b);
}

/* 'at' and 'next' (docs/anmlite.md, "Repeated actions"): the reference
 * point is a timepoint of the universal action's occurrence (or of the
 * occurrence before it, when the last term is U.next). */
static void reference_point(sema *s, anml_constraint *c)
{
	int any_next = 0;
	for (int k = 0; k < c->nterms; k++)
		any_next |= !c->terms[k].is_const && c->terms[k].next;
	if (!c->has_at && !any_next)
		return;
	if (c->allen >= 0)
		fail_at(s, c->at.loc, "'at' with an Allen relation: write the relation as a chain of inequalities");
	const anml_term *u = NULL;
	for (int k = 0; k < c->nterms; k++)
		if (!c->terms[k].is_const)
			u = &c->terms[k];
	const anml_action *ua = &s->m->tls[u->ref.tl].acts[u->ref.act];
	c->refpoint = u->point;
	if (c->has_at) {
		if (!same_ref(&c->at.ref, &u->ref))
			fail_at(s, c->at.loc, "the reference point of 'at' must be a timepoint of the universal action %s "
			        "(the last timepoint of the chain)", ua->name);
		c->refpoint = c->at.point;
	}
	if (!u->next && c->refpoint == ANML_END && u->point == ANML_START)
		fail_at(s, c->at.loc, "the reference point %s.end comes after the universal timepoint %s.start",
		        ua->name, ua->name);
	if (u->next && u->point == ANML_END && c->refpoint == ANML_START)
		fail_at(s, c->at.loc, "'at %s.start' with the last term %s.next.end is not supported "
		        "(end the chain at %s.next.start, or write 'at %s.end')", ua->name, ua->name, ua->name, ua->name);
	for (int k = 0; k < c->nterms; k++) {
		const anml_term *t = &c->terms[k];
		if (t->is_const || !t->next || t == u)
			continue;
		if (same_ref(&t->ref, &u->ref) && !u->next)
			fail_at(s, t->loc, "%s.next comes after the universal occurrence of %s: it cannot have occurred",
			        ua->name, ua->name);
		if (!u->next && c->refpoint == u->point) {
			if (u->point == ANML_END)
				fail_at(s, t->loc, "'next' needs a reference point before the universal timepoint %s.end: "
				        "write 'at %s.start:'", ua->name, ua->name);
			fail_at(s, t->loc, "'next' needs a reference point before the universal timepoint %s.start: "
			        "end the chain at %s.end, or at %s.next.start (the reference is then the %s before)",
			        ua->name, ua->name, ua->name, ua->name);
		}
		if (same_ref(&t->ref, &u->ref) && u->next && t->point == ANML_END && u->point == ANML_START)
			fail_at(s, t->loc, "%s.next.end comes after the universal timepoint %s.next.start",
			        ua->name, ua->name);
	}
	/* 'at U.p' where p is the universal point itself changes nothing */
	c->referenced = u->next || c->refpoint != u->point;
}

static int applies(const anml_ref *r, const anml_model *m, int inst)
{
	return r->inst == inst || (r->inst < 0 && r->tl == m->insts[inst].tl);
}

static void references(sema *s)
{
	anml_model *m = s->m;
	for (int i = 0; i < m->ninits; i++)
		resolve_ref(s, &m->inits[i], NULL);
	for (int in = 0; in < m->ninsts; in++) {
		int first = -1;
		for (int i = 0; i < m->ninits; i++) {
			if (!applies(&m->inits[i], m, in))
				continue;
			if (first >= 0 && !(m->inits[first].act == m->inits[i].act
			                    && same_args(&m->inits[first], &m->inits[i])))
				fail_at(s, m->inits[i].loc, "instance %s gets two initial actions (%s and %s)",
				        m->insts[in].name, m->tls[m->insts[in].tl].acts[m->inits[first].act].name,
				        m->inits[i].action);
			first = i;
		}
	}
	for (int i = 0; i < m->ngoals; i++)
		resolve_ref(s, &m->goals[i], NULL);
	for (int in = 0; in < m->ninsts; in++) {
		int idx[64];
		if (anml_inst_goals(m, in, idx, 64) > 30)
			fail_at(s, m->loc, "instance %s has more than 30 goals", m->insts[in].name);
	}
	for (int i = 0; i < m->ncons; i++) {
		anml_constraint *c = &m->cons[i];
		vartab vs;
		vs.n = 0;
		vs.max = ANML_MAX_CVARS;
		if (c->allen >= 0) {
			resolve_ref(s, &c->x, &vs);
			resolve_ref(s, &c->y, &vs);
		}
		for (int k = 0; k < c->nterms; k++)
			if (!c->terms[k].is_const)
				resolve_ref(s, &c->terms[k].ref, &vs);
		if (c->has_at)
			resolve_ref(s, &c->at.ref, &vs);
		/* a variable used once is most likely a misspelt value */
		for (int v = 0; v < vs.n; v++)
			if (vs.uses[v] < 2)
				fail_at(s, vs.loc[v], "'%s' is not a value of type %s, and no other reference of the "
				        "constraint names it: expected a value, '_', or a variable that two references share",
				        vs.name[v], m->types[vs.type[v]].name);
		c->nvars = vs.n;
		memcpy(c->vtype, vs.type, sizeof c->vtype);
	}
	const anml_constraint *big;
	if (anml_cons_expand(m, &big) < 0)
		fail_at(s, big->loc, "the constraints' variables have more than %d combinations of values "
		        "(counting this constraint and those before it)", ANML_MAX_CVAR_COPIES);
	for (int i = 0; i < m->ncons; i++) {
		anml_constraint *c = &m->cons[i];
		int tps = c->allen >= 0 ? 2 : 0;
		for (int k = 0; k < c->nterms; k++)
			tps += !c->terms[k].is_const;
		if (tps == 0)
			fail_at(s, c->loc, "a constraint between constants only: expected a timepoint ACTION.start|end");
		reference_point(s, c);
	}
}

int anml_resolve(anml_model *m, anml_err *err)
{
	sema s;
	s.m = m;
	s.err = err;
	if (setjmp(s.fail))
		return -1;
	if (m->ntls == 0)
		fail_at(&s, m->loc, "plan %s declares no TIMELINE", m->name);
	declarations(&s);
	transitions(&s);
	references(&s);
	return 0;
}

int anml_load(const char *path, anml_model *m, anml_err *err)
{
	size_t len;
	char *text = drv_read_file(path, &len);
	if (!text) {
		memset(m, 0, sizeof *m);
		snprintf(err->msg, sizeof err->msg, "%s: cannot read the file", path);
		return -1;
	}
	if (strlen(text) != len) {
		int line = 1, col = 1;
		for (const char *q = text; *q; q++) {
			if (*q == '\n') {
				line++;
				col = 1;
			} else {
				col++;
			}
		}
		free(text);
		memset(m, 0, sizeof *m);
		snprintf(err->msg, sizeof err->msg, "%s:%d:%d: a NUL byte (the file is not text)", path, line, col);
		return -1;
	}
	int rc = anml_parse(path, text, m, err);
	free(text);
	if (rc == 0)
		rc = anml_resolve(m, err);
	return rc;
}

int anml_inst_goal_count(const anml_model *m, int inst)
{
	int idx[64];
	return anml_inst_goals(m, inst, idx, 64);
}

int anml_is_goal(const anml_model *m, int inst, int act)
{
	for (int i = 0; i < m->ngoals; i++)
		if (applies(&m->goals[i], m, inst) && m->goals[i].act == act)
			return 1;
	return 0;
}

const anml_ref *anml_initial_ref(const anml_model *m, int inst)
{
	for (int i = 0; i < m->ninits; i++)
		if (applies(&m->inits[i], m, inst))
			return &m->inits[i];
	return NULL;
}

int anml_ref_applies(const anml_model *m, const anml_ref *r, int inst)
{
	return applies(r, m, inst);
}

int anml_inst_goals(const anml_model *m, int inst, int *idx, int max)
{
	int n = 0;
	for (int i = 0; i < m->ngoals; i++) {
		if (!applies(&m->goals[i], m, inst))
			continue;
		int dup = 0;
		for (int j = 0; j < n && !dup; j++)
			dup = m->goals[idx[j]].act == m->goals[i].act && same_args(&m->goals[idx[j]], &m->goals[i]);
		if (!dup && n < max)
			idx[n++] = i;
	}
	return n;
}

int anml_initial_action(const anml_model *m, int inst)
{
	for (int i = 0; i < m->ninits; i++)
		if (applies(&m->inits[i], m, inst))
			return m->inits[i].act;
	return -1;
}

static void free_ref(anml_ref *r)
{
	free(r->qual);
	free(r->action);
	for (int i = 0; i < r->nargs; i++)
		free(r->args[i].name);
	free(r->args);
}

void anml_constraint_free(anml_constraint *c)
{
	free_ref(&c->x);
	free_ref(&c->y);
	for (int k = 0; k < c->nterms; k++)
		free_ref(&c->terms[k].ref);
	free(c->terms);
	free(c->ops);
	free_ref(&c->at.ref);
}

static void free_pat(anml_pat *p)
{
	free(p->action);
	for (int j = 0; j < p->nargs; j++)
		free(p->args[j].name);
	free(p->args);
}

void anml_free(anml_model *m)
{
	for (int i = 0; i < m->ntypes; i++) {
		free(m->types[i].name);
		for (int v = 0; v < m->types[i].nvals; v++)
			free(m->types[i].vals[v]);
		free(m->types[i].vals);
	}
	free(m->types);
	for (int t = 0; t < m->ntls; t++) {
		anml_timeline *tl = &m->tls[t];
		for (int a = 0; a < tl->nacts; a++) {
			anml_action *ac = &tl->acts[a];
			free(ac->name);
			for (int k = 0; k < ac->nparams; k++) {
				free(ac->pname[k]);
				free(ac->ptname[k]);
			}
			free(ac->pname);
			free(ac->ptname);
			free(ac->ptype);
		}
		free(tl->acts);
		for (int i = 0; i < tl->ntrans; i++) {
			free_pat(&tl->trans[i].from);
			free_pat(&tl->trans[i].to);
		}
		free(tl->trans);
		free(tl->name);
	}
	free(m->tls);
	for (int i = 0; i < m->ninsts; i++) {
		free(m->insts[i].name);
		free(m->insts[i].tlname);
	}
	free(m->insts);
	for (int i = 0; i < m->ninits; i++)
		free_ref(&m->inits[i]);
	free(m->inits);
	for (int i = 0; i < m->ngoals; i++)
		free_ref(&m->goals[i]);
	free(m->goals);
	for (int i = 0; i < m->ncons; i++)
		anml_constraint_free(&m->cons[i]);
	free(m->cons);
	free(m->file);
	free(m->name);
	memset(m, 0, sizeof *m);
}
