// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_csp.c -- CSP synchronisation: utap reads `sync a;` (no '!' or
 * '?') as a CSP synchronisation and `IO P {a, b[1]}` after the system
 * line as process P's alphabet.  Its meaning is the one of
 * uppaal-to-tchecker, whose tests are the public files that use it
 * (docs/uppaal.md "CSP synchronisation"):
 *   - an edge `sync a;` of a process without an IO declaration is never
 *     taken;
 *   - one of a process whose alphabet does not hold a is taken alone;
 *   - the processes whose alphabets hold a and that have `sync a;`
 *     edges (the participants) take a together, one edge each; with
 *     one participant it takes its edges alone.
 * The element of a channel array an edge names must be known once the
 * parameters and select values are bound: the event is (channel,
 * element).  The Promela of a joint step is written by uppaal_emit.c.
 */
#include "uppaal_csp.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

int up_parse_io(up_model *m, up_lex *l)
{
	up_lex save = *l;
	up_next(l);
	if (l->t.kind != T_ID) {
		*l = save;      /* "IO" is a name here: IO = P(); */
		return 0;
	}
	up_iodecl *d = up_alloc(m->c, sizeof *d);
	d->file = l->file;
	d->line = l->t.line;
	d->col = l->t.col;
	d->name = up_expect_id(l, "a process name");
	if (up_accept(l, "(") && !up_accept(l, ")")) {
		do {
			up_push(m->c, &d->args, up_parse_cond_expr(l));
		} while (up_accept(l, ","));
		up_expect(l, ")");
	}
	up_expect(l, "{");
	while (!up_is(l, "}")) {
		up_expr *x = up_parse_chan_ref(m, l);
		if (up_is(l, "?") || up_is(l, "!"))
			up_fail_at(m->c, l->file, l->t.line, l->t.col, "IO declarations of inputs and outputs ('%s%s') are "
				   "not supported (dmc reads IO alphabets of CSP synchronisation: channels without '?' or '!')",
				   up_index_base(x)->name, l->t.text);
		up_push(m->c, &d->chans, x);
		if (!up_accept(l, ","))
			break;
	}
	up_expect(l, "}");
	up_accept(l, ";");
	up_push(m->c, &m->iodecls, d);
	return 1;
}

/* ---- the plan ---- */

static void *el_ptr(long el)
{
	return (void *) (intptr_t) el;
}

static long ptr_el(const void *p)
{
	return (long) (intptr_t) p;
}

/* the instance an IO declaration names: P, or P(1, 2) */
static up_inst *io_inst(up_net *n, const up_iodecl *d)
{
	char name[512];
	snprintf(name, sizeof name, "%s", d->name);
	for (int k = 0; k < d->args.n; k++) {
		long v = up_eval_const_or_fail(n, NULL, d->args.v[k], "IO declaration's argument");
		size_t u = strlen(name);
		snprintf(name + u, sizeof name - u, "%s%ld", k ? "," : "(", v);
	}
	if (d->args.n) {
		size_t u = strlen(name);
		snprintf(name + u, sizeof name - u, ")");
	}
	up_inst *in = up_find_inst(n, name);
	if (!in)
		up_fail_at(n->m->c, d->file, d->line, d->col, "IO declaration: no process '%s' in the system", name);
	return in;
}

/* the indices of e (a[i][j]) are as many as v has dimensions */
static void check_dims(up_net *n, const up_expr *e, const up_var *v)
{
	const up_expr *base = e;
	int ni = 0;
	for (; base->kind == X_INDEX; base = base->a)
		ni++;
	if (ni != v->ndims)
		up_fail_at(n->m->c, base->file ? base->file : n->m->file, base->line, base->col,
			   "'%s': an element needs one index per dimension", v->name);
}

up_csp *up_csp_new(up_net *n)
{
	up_ctx *c = n->m->c;
	up_csp *p = up_alloc(c, sizeof *p);
	p->n = n;
	p->has_io = up_alloc(c, (size_t) n->insts.n + 1);
	p->alpha = up_alloc(c, sizeof *p->alpha * ((size_t) n->insts.n + 1));
	for (int i = 0; i < n->m->iodecls.n; i++) {
		up_iodecl *d = n->m->iodecls.v[i];
		up_inst *in = io_inst(n, d);
		if (p->has_io[in->pid])
			up_fail_at(c, d->file, d->line, d->col, "a second IO declaration for '%s'", in->name);
		p->has_io[in->pid] = 1;
		for (int k = 0; k < d->chans.n; k++) {
			up_expr *x = d->chans.v[k];
			up_var *v = up_var_of(n, NULL, x);
			long el = -1;
			if (!v || v->type.kind != TY_CHAN)
				up_fail_at(c, x->file, x->line, x->col, "IO declaration of '%s': '%s' is not a global channel",
					   in->name, up_index_base(x)->name);
			if (x->kind == X_INDEX) {
				if (!v->nsize)
					up_fail_at(c, x->file, x->line, x->col, "'%s' is not an array of channels", v->name);
				check_dims(n, x, v);
				if (!up_const_index(n, NULL, x, v, &el))
					up_fail_at(c, x->file, x->line, x->col, "IO declaration of '%s': the index of '%s' must be "
						   "a constant", in->name, v->name);
			} else if (!v->nsize) {
				el = 0;
			}
			up_push(c, &p->alpha[in->pid], v);
			up_push(c, &p->alpha[in->pid], el_ptr(el));
		}
	}
	return p;
}

void up_csp_add(up_csp *p, up_inst *in, up_edge *ed, const long *sel)
{
	up_net *n = p->n;
	up_ctx *c = n->m->c;
	if (!ed->sync)
		return;
	if (ed->sync_dir != UP_SYNC_CSP) {
		if (!p->nbinary++) {
			p->binary = ed;
			p->binary_in = in;
		}
		return;
	}
	up_var *ch = up_var_of(n, in, ed->sync);
	const up_expr *x = ed->sync;
	const char *name = up_index_base(x)->name, *file = x->file ? x->file : n->m->file;
	if (!ch || ch->type.kind != TY_CHAN)
		up_fail_at(c, file, x->line, x->col, "synchronisation on something that is not a channel");
	if (ch->type.is_broadcast || ch->type.is_urgent)
		up_fail_at(c, file, x->line, x->col, "CSP synchronisation on %s channel '%s' is not supported",
			   ch->type.is_broadcast ? "the broadcast" : "the urgent", name);
	long el = 0;
	if (ed->sync->kind == X_INDEX) {
		if (!ch->nsize)
			up_fail_at(c, file, x->line, x->col, "'%s' is not an array of channels", ch->name);
		check_dims(n, ed->sync, ch);
		if (!up_const_index(n, in, ed->sync, ch, &el))
			up_fail_at(c, file, x->line, x->col, "CSP synchronisation on an element of '%s' chosen by "
				   "the state is not supported (an index from a parameter or a select is)", name);
	} else if (ch->nsize) {
		up_fail_at(c, file, x->line, x->col, "'%s' is an array of channels: synchronise on an element",
			   name);
	}
	up_csp_edge *r = up_alloc(c, sizeof *r);
	r->in = in;
	r->ed = ed;
	memcpy(r->sel, sel, sizeof r->sel);
	r->ch = ch;
	r->el = el;
	up_push(c, &p->edges, r);
}

static int in_alpha(const up_csp *p, const up_csp_edge *r)
{
	const up_vec *a = &p->alpha[r->in->pid];
	for (int k = 0; k + 1 < a->n; k += 2) {
		long el = ptr_el(a->v[k + 1]);
		if (a->v[k] == r->ch && (el < 0 || el == r->el))
			return 1;
	}
	return 0;
}

static up_csp_event *event_of(up_csp *p, const up_csp_edge *r)
{
	for (int i = 0; i < p->events.n; i++) {
		up_csp_event *ev = p->events.v[i];
		if (ev->ch == r->ch && ev->el == r->el)
			return ev;
	}
	up_csp_event *ev = up_alloc(p->n->m->c, sizeof *ev);
	ev->ch = r->ch;
	ev->el = r->el;
	up_push(p->n->m->c, &p->events, ev);
	return ev;
}

/* r's process among ev's participants (added in process order) */
static int part_of(up_csp *p, up_csp_event *ev, const up_csp_edge *r)
{
	int k = 0;
	while (k < ev->nparts && ev->parts[k]->pid < r->in->pid)
		k++;
	if (k < ev->nparts && ev->parts[k] == r->in)
		return k;
	if (ev->nparts == UP_CSP_MAX_PARTS)
		up_fail_at(p->n->m->c, r->ed->sync->file ? r->ed->sync->file : p->n->m->file, r->ed->sync->line,
			   r->ed->sync->col, "CSP synchronisation on '%s': more than %d processes take part",
			   r->ch->name, UP_CSP_MAX_PARTS);
	for (int j = ev->nparts; j > k; j--) {
		ev->parts[j] = ev->parts[j - 1];
		ev->edges[j] = ev->edges[j - 1];
	}
	ev->parts[k] = r->in;
	memset(&ev->edges[k], 0, sizeof ev->edges[k]);
	ev->nparts++;
	return k;
}

void up_csp_finish(up_csp *p)
{
	up_net *n = p->n;
	up_ctx *c = n->m->c;
	if (!p->edges.n)
		return;
	const up_expr *first = ((up_csp_edge *) p->edges.v[0])->ed->sync;
	const char *file = first->file ? first->file : n->m->file;
	char b[120];
	up_expr_text(first, b, sizeof b);
	if (p->nbinary) {
		char s[120];
		up_expr_text(p->binary->sync, s, sizeof s);
		up_fail_at(c, file, first->line, first->col, "CSP synchronisation ('%s') and binary or broadcast "
			   "synchronisation ('%s%c', line %d) in one model: UPPAAL's parser rejects the mix", b, s,
			   p->binary->sync_dir, p->binary->sync->line);
	}
	if (n->m->prios.n)
		up_fail_at(c, file, first->line, first->col, "CSP synchronisation ('%s') with channel priorities is not "
			   "supported", b);
	const up_inst *warned = NULL;
	for (int i = 0; i < p->edges.n; i++) {
		up_csp_edge *r = p->edges.v[i];
		if (!p->has_io[r->in->pid]) {
			const up_expr *x = r->ed->sync;
			r->role = UP_CSP_BLOCKED;
			if (warned != r->in)
				up_warn(c, x->file ? x->file : n->m->file, x->line, "'%s' synchronises with 'sync %s;' (CSP) but "
					"has no IO declaration: such edges are never taken (uppaal-to-tchecker's reading)",
					r->in->name, up_index_base(x)->name);
			warned = r->in;
			continue;
		}
		if (!in_alpha(p, r)) {
			r->role = UP_CSP_ALONE;
			continue;
		}
		r->role = UP_CSP_JOINT;
		r->ev = event_of(p, r);
		up_push(c, &r->ev->edges[part_of(p, r->ev, r)], r);
	}
	/* an event with one participant is no synchronisation */
	int kept = 0;
	for (int i = 0; i < p->events.n; i++) {
		up_csp_event *ev = p->events.v[i];
		if (ev->nparts < 2) {
			for (int k = 0; k < ev->edges[0].n; k++)
				((up_csp_edge *) ev->edges[0].v[k])->role = UP_CSP_ALONE;
			continue;
		}
		long combos = 1;
		for (int k = 0; k < ev->nparts && combos <= UP_CSP_MAX_COMBOS; k++)
			combos *= ev->edges[k].n;
		if (combos > UP_CSP_MAX_COMBOS) {
			const up_expr *x = ((up_csp_edge *) ev->edges[0].v[0])->ed->sync;
			up_fail_at(c, x->file ? x->file : n->m->file, x->line, x->col, "CSP synchronisation on '%s': more "
				   "than %d combinations of its participants' edges", ev->ch->name, UP_CSP_MAX_COMBOS);
		}
		p->events.v[kept++] = ev;
	}
	p->events.n = kept;
}

up_csp_edge *up_csp_find(const up_csp *p, const up_inst *in, const up_edge *ed, const long *sel)
{
	for (int i = 0; i < p->edges.n; i++) {
		up_csp_edge *r = p->edges.v[i];
		if (r->in == in && r->ed == ed && !memcmp(r->sel, sel, sizeof(long) * (size_t) ed->selects.n))
			return r;
	}
	return NULL;
}

int up_csp_follower(const up_csp *p, int pid)
{
	for (int i = 0; i < p->events.n; i++) {
		const up_csp_event *ev = p->events.v[i];
		for (int k = 1; k < ev->nparts; k++)
			if (ev->parts[k]->pid == pid)
				return 1;
	}
	return 0;
}
