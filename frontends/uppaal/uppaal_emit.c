// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_emit.c -- the network as Promela (the scheme is in docs/uppaal.md):
 *   - a global per variable, INSTANCE_var per template local, a byte
 *     loc_INSTANCE holding the instance's location (what the query and
 *     the heuristics read), ncommit = number of processes in committed
 *     locations;
 *   - one proctype per instance: a label at_LOC per location, an `if`
 *     with one option per edge (per select value), the source line in a
 *     comment "edge INST: SRC -> DST ...";
 *   - binary synchronisation: a rendezvous channel.  The UPPAAL receiver
 *     sends (edge id, its guard, commit permission); the UPPAAL sender
 *     receives in an atomic that runs its own update, then the receiver's
 *     (chosen by the edge id): UPPAAL's order, in one step;
 *   - Tick and Clock: a delay of d units for all clocks (one rendezvous), when no process is committed
 *     or urgent, no urgent synchronisation is enabled and every
 *     invariant still holds afterwards;
 *   - Monitor: assert(!phi) for E<> phi, assert(phi) for A[] phi;
 *   - liveness queries (A<>, E[], -->): an ltl formula instead, and each
 *     edge's updates in a d_step, so that the never claim, which steps
 *     after every statement even inside an atomic, sees no state halfway
 *     through an edge (the only states before the d_step differ from the
 *     edge's source state in dmc_eid alone, which no query reads).
 */
#include "uppaal_csp.h"
#include "uppaal_emit.h"
#include "uppaal_zone.h"
#include "pml_text.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	up_inst *in;
	up_edge *ed;
	long sel[4];
	int eid;
	up_var *chan;
	int has_el;             /* the channel element is a constant: el */
	long el;
} recv_edge;

/* a UPPAAL sender's edge on a binary channel: its update and its
 * target are in the process's shared block for the channel (sync_group) */
typedef struct {
	up_edge *ed;
	long sel[4];
	const char *dl;         /* the target label */
	int has_el;             /* the channel element is a constant: el */
	long el;
} send_entry;

/* per process and channel: the senders' edges, which jump to one block
 * that runs the sender's update, then the receiver's.  One block per
 * channel instead of one copy of every receiver's update per sender
 * edge keeps the Promela linear in the edges (it was senders x receivers). */
typedef struct {
	up_var *ch;
	up_vec sends;           /* send_entry* */
} sync_group;

typedef struct {
	up_emit_st s;
	up_vec recvs;           /* recv_edge* */
	up_vec groups;          /* sync_group* of the process being written */
	int maxdst;             /* the most senders of one group (dmc_dst's range) */
	int any_committed, any_sync;
	unsigned char *dispatch;  /* per pid: receives broadcasts (see proc) */
	int maxb;               /* dmc_bK flags a broadcast needs */
	int dstep;              /* updates in a d_step (liveness queries) */
	int deadlock;           /* the query is A[] not deadlock or E<> deadlock */
	int merged;             /* each array of binary channels is one Promela
				 * channel, the element its first field (chan_op) */
	const char **stop;      /* per clock: when it stands still (rate 0), or NULL */
	/* channel priorities (prio_setup): per entry of m->prios its channel
	 * and element (-1: every element); per level whether dmc_hiL (some
	 * transition of a higher level is enabled) is defined */
	up_var **prio_var;
	long *prio_el;
	unsigned char *hi_defined;
	char *prio_defs;        /* the #define lines */
	char *urgent_def;       /* zones: "#define dmc_nourgent (...)" (no urgent
				 * synchronisation is enabled), or NULL */
	/* zones: the sender of the synchronisation being written, and
	 * whether guard() leaves out the zone test (broadcast receivers,
	 * whose targets' invariants the step's successor checks) */
	up_inst *zs_in;
	up_edge *zs_ed;
	int zno_check;
	up_csp *csp;            /* CSP synchronisation (`sync a;`): the plan */
} em;

/* the start and the end of an edge's updates */
static void updates_begin(em *e)
{
	if (e->dstep)
		fputs(" d_step {", e->s.out);
}

static void updates_end(em *e)
{
	if (e->dstep)
		fputs(" }", e->s.out);
}

static const char *loc_name(const up_loc *l)
{
	return l->name ? l->name : l->id;
}

static const char *ptype(long lo, long hi)
{
	if (lo >= 0 && hi <= 255)
		return "byte";
	if (lo >= -32768 && hi <= 32767)
		return "short";
	return "int";
}

#define MAX_SELECT_COMBOS 65536

/* bind the select variables of ed to the combination number k; 0 when k is past the last */
static int bind_select(em *e, up_inst *in, up_edge *ed, long k, long *vals)
{
	up_ctx *c = e->s.n->m->c;
	in->sel.n = 0;
	if (ed->selects.n > 4)
		up_fail_at(c, e->s.file, ed->line, ed->col, "more than 4 select variables on one edge");
	long combos = 1;
	for (int i = ed->selects.n - 1; i >= 0; i--) {
		up_select *sl = ed->selects.v[i];
		long lo = up_eval_const_or_fail(e->s.n, in, sl->type.lo, "select range");
		long hi = up_eval_const_or_fail(e->s.n, in, sl->type.hi, "select range");
		long w = hi - lo + 1;
		if (w <= 0)
			return 0;
		/* one Promela option per combination: bounded */
		if (w > MAX_SELECT_COMBOS || (combos *= w) > MAX_SELECT_COMBOS)
			up_fail_at(c, e->s.file, ed->line, ed->col, "select: more than %d combinations of values on one edge",
				   MAX_SELECT_COMBOS);
		vals[i] = lo + k % w;
		k /= w;
	}
	if (k > 0)
		return 0;
	for (int i = 0; i < ed->selects.n; i++) {
		up_select *sl = ed->selects.v[i];
		up_bind *b = up_alloc(c, sizeof *b);
		up_expr *v = up_alloc(c, sizeof *v);
		v->kind = X_NUM;
		v->val = vals[i];
		b->name = sl->name;
		b->value = v;
		up_push(c, &in->sel, b);
	}
	return 1;
}

static up_var *chan_of(em *e, up_inst *in, up_edge *ed)
{
	up_var *v = up_var_of(e->s.n, in, ed->sync);
	if (!v || v->type.kind != TY_CHAN)
		up_fail_at(e->s.n->m->c, e->s.file, ed->line, ed->col, "synchronisation on something that is not a channel");
	if (ed->sync->kind == X_INDEX && !v->nsize)
		up_fail_at(e->s.n->m->c, e->s.file, ed->line, ed->col, "'%s' is not an array of channels", v->name);
	return v;
}

/* The flat element of the channel array edge ed synchronises on, when
 * its indices are constants once parameters and select values are bound:
 * 1 and *el.  A receiving edge on another constant element can never
 * meet this edge, so its option is left out of the sender's block. */
static int sync_element(em *e, up_inst *in, up_edge *ed, const up_var *ch, long *el)
{
	return ed->sync->kind == X_INDEX && up_const_element(e->s.n, in, ed->sync, ch, el);
}

/* may receiving entry r meet a sender on one of the elements els[0..nels)
 * (nels < 0: any element)? */
static int may_meet(const recv_edge *r, const long *els, int nels)
{
	if (nels < 0 || !r->has_el)
		return 1;
	for (int i = 0; i < nels; i++)
		if (els[i] == r->el)
			return 1;
	return 0;
}

static void collect_recvs(em *e)
{
	up_net *n = e->s.n;
	int eid = 1;
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		for (int k = 0; k < in->t->edges.n; k++) {
			up_edge *ed = in->t->edges.v[k];
			if (!ed->sync)
				continue;
			e->any_sync = 1;
			long vals[4] = { 0 };
			for (long j = 0; bind_select(e, in, ed, j, vals); j++) {
				up_var *ch = chan_of(e, in, ed);
				up_csp_add(e->csp, in, ed, vals);
				if (ed->sync_dir != '?')
					continue;
				recv_edge *r = up_alloc(n->m->c, sizeof *r);
				r->in = in;
				r->ed = ed;
				memcpy(r->sel, vals, sizeof vals);
				r->eid = eid++;
				r->chan = ch;
				r->has_el = sync_element(e, in, ed, ch, &r->el);
				up_push(n->m->c, &e->recvs, r);
			}
			in->sel.n = 0;
		}
	}
}

/* " = { a, b, ... }": an array whose initial values differ (SPIN 6
 * reads an initialiser list per element), each value checked against
 * the range */
static void init_list(up_net *n, const up_var *v, FILE *o)
{
	for (int k = 0; k < v->init_list.n; k++) {
		long x = up_eval_const_or_fail(n, v->owner, v->init_list.v[k], "initialiser");
		if (v->type.kind == TY_INT && (x < v->lo || x > v->hi))
			up_fail_at(n->m->c, v->file, v->line, v->col,
				   "'%s': initial value %ld (element %d) is outside its range [%ld,%ld]%s",
				   v->name, x, k, v->lo, v->hi, v->type.lo ? "" : " (an int without a range is 16 bits in UPPAAL)");
		if (v->type.kind == TY_BOOL)
			x = x != 0;
		fprintf(o, "%s%ld", k ? ", " : " = { ", x);
	}
	fputs(" }", o);
}

static void globals(em *e)
{
	up_net *n = e->s.n;
	FILE *o = e->s.out;
	for (int i = 0; i < n->vars.n; i++) {
		up_var *v = n->vars.v[i];
		up_inst *own = v->owner;
		if (v->type.kind == TY_CHAN && e->csp->edges.n)
			continue;       /* CSP synchronisation needs no Promela channel */
		if (v->type.kind == TY_CHAN) {
			fprintf(o, "chan %s", v->pname);
			if (v->nsize && !e->merged)
				fprintf(o, "[%ld]", v->nsize);
			fputs(" = [0] of { ", o);
			if (v->nsize && e->merged)
				fprintf(o, "%s, ", ptype(0, v->nsize - 1));
			fprintf(o, "%s, bit, bit };\t/* ", e->recvs.n > 250 ? "short" : "byte");
			pml_commentf(o, "%schan %s, line %d", v->type.is_urgent ? "urgent " : "", v->name, v->line);
			fputs(" */\n", o);
			continue;
		}
		if (v->type.kind == TY_CLOCK && n->zones)
			continue;       /* in the zone */
		if (v->type.kind == TY_CLOCK) {
			long cap = n->cap[v->clock];
			fprintf(o, "%s %s;\t/* ", ptype(0, cap), v->pname);
			pml_commentf(o, "clock %s%s%s, stops at %ld, line %d", own ? own->name : "", own ? "." : "",
				     v->name, cap, v->line);
			fputs(" */\n", o);
			continue;
		}
		fprintf(o, "%s %s", v->type.kind == TY_BOOL ? "bool" : ptype(v->lo, v->hi), v->pname);
		if (v->nsize)
			fprintf(o, "[%ld]", v->nsize);
		long init = 0;
		int listed = 0;         /* written as a list: the values differ */
		if (v->init) {
			init = up_eval_const_or_fail(n, own, v->init, "initialiser");
		} else if (v->init_list.n) {
			if (v->init_list.n != v->nsize)
				up_fail_at(n->m->c, v->file, v->line, v->col, "'%s': %d initial values for %ld elements",
					v->name, v->init_list.n, v->nsize);
			init = up_eval_const_or_fail(n, own, v->init_list.v[0], "initialiser");
			for (int k = 1; k < v->init_list.n && !listed; k++)
				listed = up_eval_const_or_fail(n, own, v->init_list.v[k], "initialiser") != init;
		} else if (v->type.kind == TY_INT && (v->lo > 0 || v->hi < 0)) {
			init = v->lo > 0 ? v->lo : v->hi;
			up_warn(n->m->c, v->file, v->line, "'%s': 0 is outside its range; starts at %ld", v->name, init);
		}
		if (v->type.kind == TY_INT && (init < v->lo || init > v->hi))
			up_fail_at(n->m->c, v->file, v->line, v->col, "'%s': initial value %ld is outside its range [%ld,%ld]%s",
				   v->name, init, v->lo, v->hi, v->type.lo ? "" : " (an int without a range is 16 bits in UPPAAL)");
		if (v->type.kind == TY_BOOL)
			init = init != 0;
		if (listed)
			init_list(n, v, o);
		else if (init)
			fprintf(o, " = %ld", init);
		fputs(";\t/* ", o);
		pml_commentf(o, "%s%s%s in [%ld,%ld], line %d", own ? own->name : "",
			     own ? "." : "", v->name, v->lo, v->hi, v->line);
		fputs(" */\n", o);
	}
	int ncom = 0;
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		fprintf(o, "byte loc_%s = %d;\t/* ", in->pname, in->t->init);
		pml_commentf(o, "location of %s:", in->name);
		for (int k = 0; k < in->t->locs.n; k++) {
			up_loc *l = in->t->locs.v[k];
			pml_commentf(o, " %d=%s", k, loc_name(l));
			if (l->committed)
				e->any_committed = 1;
		}
		fprintf(o, " */\n");
		ncom += ((up_loc *) in->t->locs.v[in->t->init])->committed;
	}
	if (e->any_committed)
		fprintf(o, "byte ncommit = %d;\t/* processes in committed locations */\n", ncom);
	/* a sender's edge reads dmc_eid even when no process receives (the
	 * edge is then never taken) */
	int binary = e->recvs.n > 0;
	for (int i = 0; i < n->vars.n && !binary && !e->csp->edges.n; i++) {
		const up_var *v = n->vars.v[i];
		binary = v->type.kind == TY_CHAN && !v->type.is_broadcast;
	}
	if (binary)
		fprintf(o, "%s dmc_eid;\t/* the receiving edge of a synchronisation (0 between steps) */\n",
			e->recvs.n > 250 ? "short" : "byte");
	if (e->maxdst)
		fprintf(o, "%s dmc_dst;\t/* the sending edge of a synchronisation (0 between steps) */\n",
			e->maxdst > 250 ? "short" : "byte");
	fputc('\n', o);
}

static int mentions(up_net *n, up_inst *in, const up_expr *e, const up_var *v)
{
	if (!e)
		return 0;
	if (e->kind == X_ID)
		return up_var_of(n, in, e) == v;
	return mentions(n, in, e->a, v) || mentions(n, in, e->b, v) || mentions(n, in, e->c, v);
}

/* "&& INV" of ed's target with the constants the update assigns to clocks */
static void target_inv(em *e, up_inst *in, up_edge *ed)
{
	up_loc *dst = in->t->locs.v[ed->dst];
	if (!dst->inv)
		return;
	e->s.subst.n = 0;
	for (int i = 0; i < ed->assigns.n; i++) {
		up_expr *a = ed->assigns.v[i];
		if (a->kind == X_ASSIGN && !strcmp(a->op, "=")
		    && (a->a->kind == X_ID || up_is_clock(e->s.n, in, a->a))) {
			up_var *v = up_var_of(e->s.n, in, a->a);
			long k;
			if (v && v->clock < 0 && mentions(e->s.n, in, dst->inv, v))
				up_warn(e->s.n->m->c, e->s.file, ed->line,
					"the target's invariant reads '%s', which the update changes: it is checked with the old value",
					v->name);
			if (v && v->clock >= 0 && up_eval_const(e->s.n, in, a->b, &k)) {
				up_expr *x = up_alloc(e->s.n->m->c, sizeof *x);
				x->kind = X_NUM;
				x->val = k;
				up_push(e->s.n->m->c, &e->s.subst, v);
				up_push(e->s.n->m->c, &e->s.subst, x);
			}
		}
	}
	fputs(" && ", e->s.out);
	up_emit_expr_st(&e->s, in, dst->inv);
	e->s.subst.n = 0;
}

static void guard(em *e, up_inst *in, up_edge *ed)
{
	fputc('(', e->s.out);
	up_emit_expr_st(&e->s, in, ed->guard);
	target_inv(e, in, ed);
	if (e->s.zone && !e->zno_check)
		up_zone_check(e->s.n, in, ed, e->s.out);
	fputc(')', e->s.out);
}

/* zones: the step's effect on the zone and its successor (the edge ed
 * of in, with a partner's edge r of rin for a binary synchronisation) */
static void zone_step(em *e, up_inst *in, up_edge *ed, up_inst *rin, up_edge *r)
{
	if (!e->s.zone)
		return;
	up_inst *ins[2] = { in, rin };
	up_edge *eds[2] = { ed, r };
	fputs("; ", e->s.out);
	up_zone_apply(e->s.n, ins, eds, r ? 2 : 1, e->s.out);
	up_zone_post(e->s.n, e->any_committed, e->s.out);
}

/* the update of ed, the location change and the commit count */
static void effect(em *e, up_inst *in, up_edge *ed, const char *sep0)
{
	FILE *o = e->s.out;
	const char *sep = " ";
	int first = 1;
	up_loc *src = in->t->locs.v[ed->src], *dst = in->t->locs.v[ed->dst];
	up_net *n = e->s.n;
	for (int i = 0; i < ed->assigns.n; i++) {
		const up_expr *a = ed->assigns.v[i];
		if (n->zones && a->kind == X_ASSIGN && up_is_clock(n, in, a->a))
			continue;       /* a reset: in the zone (zone_step) */
		fputs(first ? sep : sep0, o);
		first = 0;
		up_emit_update(&e->s, in, ed->assigns.v[i]);
	}
	/* local clocks dead at the target (uppaal_clock.c) start over at 0
	 * (zones: freed by the successor) */
	for (int k = 0; k < n->clocks.n && !n->zones; k++) {
		up_var *v = n->clocks.v[k];
		if (v->owner != in || !n->live[k] || n->live[k][ed->dst] || up_edge_resets(n, in, ed, v))
			continue;
		fprintf(o, "%s%s = 0", first ? sep : sep0, v->pname);
		first = 0;
	}
	if (src->committed != dst->committed) {
		fprintf(o, "%sncommit = ncommit %c 1", first ? sep : sep0, dst->committed ? '+' : '-');
		first = 0;
	}
	fprintf(o, "%sloc_%s = %d", first ? sep : sep0, in->pname, ed->dst);
}

static void comment(em *e, up_inst *in, up_edge *ed, const long *sel)
{
	FILE *o = e->s.out;
	fputs("\t/* ", o);
	pml_commentf(o, "edge %s: %s -> %s", in->name, loc_name(in->t->locs.v[ed->src]),
		     loc_name(in->t->locs.v[ed->dst]));
	for (int i = 0; i < ed->selects.n; i++)
		pml_commentf(o, "%s%s=%ld", i ? "," : " [", ((up_select *) ed->selects.v[i])->name, sel[i]);
	if (ed->selects.n)
		fputc(']', o);
	if (ed->sync) {
		char b[120];
		up_expr_text(ed->sync, b, sizeof b);
		if (ed->sync_dir == UP_SYNC_CSP)
			pml_commentf(o, " %s", b);
		else
			pml_commentf(o, " %s%c", b, ed->sync_dir);
	}
	pml_commentf(o, " (%s:%d)", e->s.file, ed->line);
	fputs(" */\n", o);
}

/* the channel of ed and the operation op ('!' the UPPAAL receiver's
 * offer, '?' the sender's receive); merged: the array's one channel and
 * the element as the first field (a receive matches it with eval) */
static void chan_op(em *e, up_inst *in, up_edge *ed, char op)
{
	if (!e->merged || ed->sync->kind != X_INDEX) {
		up_emit_expr_st(&e->s, in, ed->sync);
		fputc(op, e->s.out);
		return;
	}
	fprintf(e->s.out, "%s%c%s", chan_of(e, in, ed)->pname, op, op == '?' ? "eval(" : "(");
	up_emit_flat_index(&e->s, in, ed->sync);
	fputs("), ", e->s.out);
}

/* SPIN's limit on channels (queues) of a model: 255, dmc_tick included */
#define SPIN_MAX_CHANNELS 255

/* more channel elements than SPIN takes ("too many channel types"): the
 * arrays are merged (chan_op) */
static int must_merge(const up_net *n)
{
	long total = 1;                   /* dmc_tick */
	for (int i = 0; i < n->vars.n; i++) {
		const up_var *v = n->vars.v[i];
		if (v->type.kind == TY_CHAN)
			total += v->nsize ? v->nsize : 1;
	}
	return total > SPIN_MAX_CHANNELS;
}

static int is_bcast(em *e, up_inst *in, up_edge *ed)
{
	return ed->sync && chan_of(e, in, ed)->type.is_broadcast;
}

/* a process in dispatch form has no location labels: its edges test loc_ */
static void src_cond(em *e, up_inst *in, up_edge *ed)
{
	if (e->dispatch[in->pid])
		fprintf(e->s.out, "loc_%s == %d && ", in->pname, ed->src);
}

/* bind the select variables of ed in instance in to the values vals */
static void bind_sel_vals(em *e, up_inst *in, up_edge *ed, const long *vals)
{
	in->sel.n = 0;
	for (int k = 0; k < ed->selects.n; k++) {
		up_bind *b = up_alloc(e->s.n->m->c, sizeof *b);
		up_expr *x = up_alloc(e->s.n->m->c, sizeof *x);
		x->kind = X_NUM;
		x->val = vals[k];
		b->name = ((up_select *) ed->selects.v[k])->name;
		b->value = x;
		up_push(e->s.n->m->c, &in->sel, b);
	}
}

/* bind the select values of a receiving entry */
static void bind_recv_sel(em *e, recv_edge *r)
{
	bind_sel_vals(e, r->in, r->ed, r->sel);
}

/* the receiving entry's enabledness: location, channel index, guard */
static void recv_enabled(em *e, up_inst *in, up_edge *ed, recv_edge *r)
{
	FILE *o = e->s.out;
	fprintf(o, "(loc_%s == %d && ", r->in->pname, r->ed->src);
	if (ed->sync->kind == X_INDEX) {
		up_emit_flat_index(&e->s, in, ed->sync);
		fputs(" == ", o);
		up_vec keep = in->sel;
		bind_recv_sel(e, r);
		up_emit_flat_index(&e->s, r->in, r->ed->sync);
		fputs(" && ", o);
		guard(e, r->in, r->ed);
		r->in->sel.n = 0;
		in->sel = keep;
	} else {
		up_vec keep = in->sel;
		bind_recv_sel(e, r);
		guard(e, r->in, r->ed);
		r->in->sel.n = 0;
		in->sel = keep;
	}
	fputc(')', o);
}

/* UPPAAL's committed rule for edge ed of in, whose source location is
 * not committed: " && (no process is in a committed location, or a
 * receiver on ch waits in one and can take this edge's synchronisation)" */
static void committed_rule(em *e, up_inst *in, up_edge *ed, const up_var *ch)
{
	FILE *o = e->s.out;
	fputs(" && (ncommit == 0", o);
	for (int i = 0; ch && i < e->recvs.n; i++) {
		recv_edge *r = e->recvs.v[i];
		if (r->chan != ch || r->in == in || !((up_loc *) r->in->t->locs.v[r->ed->src])->committed)
			continue;
		fputs(" || ", o);
		recv_enabled(e, in, ed, r);
	}
	fputc(')', o);
}

static void prio_guard(em *e, up_inst *in, up_edge *ed);

/* zones: a broadcast's receivers whose guards read clocks take part
 * where the valuation meets their guards, so the zone is split (after the
 * sender's guard, before any update; up_zone_recv_split); dmc_bK, the
 * K-th receiving edge's location and data guard, becomes 0 where its
 * clock guard fails */
static void recv_splits(em *e, up_inst *in, up_edge *ed, const up_var *ch)
{
	FILE *o = e->s.out;
	int k = 0, any = 0;
	for (int i = 0; i < e->recvs.n && !any; i++) {
		recv_edge *r = e->recvs.v[i];
		if (r->chan != ch || r->in == in)
			continue;
		bind_recv_sel(e, r);
		any = up_zone_clock_guard(e->s.n, r->in, r->ed);
		r->in->sel.n = 0;
	}
	if (!any)
		return;
	fputs("\t\t", o);
	up_zone_guard_run(e->s.n, in, ed, o);
	fputs("skip;\n", o);
	for (int i = 0; i < e->recvs.n; i++) {
		recv_edge *r = e->recvs.v[i];
		if (r->chan != ch || r->in == in)
			continue;
		char flag[32];
		snprintf(flag, sizeof flag, "dmc_b%d", k++);
		up_vec keep = in->sel;
		bind_recv_sel(e, r);
		up_zone_recv_split(e->s.n, r->in, r->ed, flag, o);
		r->in->sel.n = 0;
		in->sel = keep;
	}
}

/* UPPAAL's broadcast: the sender with every process that has an enabled
 * receiving edge (one per process, any of them), guards evaluated before
 * any update, updates in process order after the sender's */
static void broadcast(em *e, up_inst *in, up_edge *ed, const long *sel, const char *dl)
{
	FILE *o = e->s.out;
	up_loc *src = in->t->locs.v[ed->src];
	up_var *ch = chan_of(e, in, ed);
	fputs("\t:: atomic { (", o);
	src_cond(e, in, ed);
	guard(e, in, ed);
	prio_guard(e, in, ed);
	if (e->any_committed && !src->committed)
		committed_rule(e, in, ed, ch);
	fputs(") ->", o);
	updates_begin(e);
	comment(e, in, ed, sel);
	int nb = 0;
	for (int i = 0; i < e->recvs.n; i++) {
		recv_edge *r = e->recvs.v[i];
		if (r->chan != ch || r->in == in)
			continue;
		fprintf(o, "\t\tdmc_b%d = ", nb++);
		e->zno_check = 1;
		recv_enabled(e, in, ed, r);
		e->zno_check = 0;
		fputs(";\n", o);
	}
	if (nb > e->maxb)
		e->maxb = nb;
	if (e->s.zone)
		recv_splits(e, in, ed, ch);
	fputs("\t\t", o);
	effect(e, in, ed, "; ");
	fputs(";\n", o);
	if (e->s.zone) {
		fputs("\t\t", o);
		up_zone_apply(e->s.n, &in, &ed, 1, o);
		fputc('\n', o);
	}
	/* one `if` per receiving process, in process order */
	for (int p = 0; p < e->s.n->insts.n; p++) {
		up_inst *rp = e->s.n->insts.v[p];
		int k = 0, any = 0;
		for (int i = 0; i < e->recvs.n; i++) {
			recv_edge *r = e->recvs.v[i];
			if (r->chan != ch || r->in == in)
				continue;
			if (r->in == rp) {
				if (!any)
					fputs("\t\tif\n", o);
				any = 1;
				up_vec keep = in->sel;
				bind_recv_sel(e, r);
				fprintf(o, "\t\t:: dmc_b%d ->", k);
				effect(e, r->in, r->ed, "; ");
				if (e->s.zone) {
					/* its guard's constraints were applied before
					 * any update (recv_splits) */
					fputs("; ", o);
					up_zone_resets(e->s.n, r->in, r->ed, o);
					fputs("skip", o);
				}
				r->in->sel.n = 0;
				in->sel = keep;
				comment(e, r->in, r->ed, r->sel);
			}
			k++;
		}
		if (any)
			fputs("\t\t:: else -> skip\n\t\tfi;\n", o);
	}
	fputs("\t\t", o);
	if (e->s.zone) {
		up_zone_post(e->s.n, e->any_committed, o);
		fputs(";\n\t\t", o);
	}
	for (int i = 0; i < nb; i++)
		fprintf(o, "dmc_b%d = 0; ", i);
	if (e->dstep)
		fputs("skip };\n\t\t", o);
	fprintf(o, "goto at_%s }\n", dl);
}

/* Up to this many receiving edges of other processes on a channel are
 * written into each sending edge's atomic (the relaxed heuristics read
 * them there best); with more, the process's senders share one block
 * per channel, so that the Promela stays linear in the edges. */
#define INLINE_RECEIVERS 16

/* The receivers' side of a rendezvous on ch that in sends on the
 * elements els[0..nels) (nels < 0: any): one option per receiving edge
 * of another process that may meet it, chosen by dmc_eid, ending the
 * updates' d_step when there is one.  check_ranges: the receivers'
 * select ranges are checked here (the inline form's only check). */
static void receivers(em *e, up_inst *in, up_var *ch, int check_ranges, const long *els, int nels)
{
	FILE *o = e->s.out;
	int any = 0;
	fputs("\t\tif\n", o);
	for (int i = 0; i < e->recvs.n; i++) {
		recv_edge *r = e->recvs.v[i];
		if (r->chan != ch || r->in == in || !may_meet(r, els, nels))
			continue;
		any = 1;
		if (check_ranges) {
			long v[4];
			bind_select(e, r->in, r->ed, 0, v);
		}
		bind_recv_sel(e, r);
		/* the receiver's location is implied by the edge id; saying it
		 * lets the relaxed heuristics (hL, hU) see the dependency */
		fprintf(o, "\t\t:: dmc_eid == %d && loc_%s == %d ->", r->eid, r->in->pname, r->ed->src);
		effect(e, r->in, r->ed, "; ");
		zone_step(e, e->zs_in, e->zs_ed, r->in, r->ed);
		r->in->sel.n = 0;
		comment(e, r->in, r->ed, r->sel);
	}
	if (!any)
		fputs("\t\t:: false\n", o);
	fprintf(o, "\t\tfi;\n\t\tdmc_eid = 0%s;\n", e->dstep ? " }" : "");
}

/* a sender's edge with the receivers' updates inside its atomic */
static void sender_inline(em *e, up_inst *in, up_edge *ed, const long *sel, const char *dl, up_var *ch,
                          const long *els, int nels)
{
	FILE *o = e->s.out;
	up_loc *src = in->t->locs.v[ed->src];
	fputs("\t:: atomic { ", o);
	chan_op(e, in, ed, '?');
	fputs("dmc_eid, eval((", o);
	src_cond(e, in, ed);
	guard(e, in, ed);
	prio_guard(e, in, ed);
	fprintf(o, " -> 1 : 2)), %s ->", !e->any_committed || src->committed ? "_" : "1");
	updates_begin(e);
	comment(e, in, ed, sel);
	fputs("\t\t", o);
	effect(e, in, ed, "; ");
	fputs(";\n", o);
	e->zs_in = in;
	e->zs_ed = ed;
	receivers(e, in, ch, 1, els, nels);
	fprintf(o, "\t\tgoto at_%s }\n", dl);
}

/* ---- channel priorities ----
 * UPPAAL: an action transition is enabled only if no transition of a
 * higher priority is enabled in the same state (delays are not
 * affected).  A synchronisation has its channel's level, a transition
 * without one the level of `default`.  dmc_hiL is the disjunction of the
 * enabledness of every transition above level L (locations, guards,
 * target invariants, the committed rule, a partner for a binary
 * synchronisation); each edge of level L gets `&& !dmc_hiL`. */

/* a channel element's flat index from constant indices (up_const_index);
 * 0 when one is not constant */
static int const_flat(em *e, up_inst *in, const up_expr *x, const up_var *v, long *k)
{
	const up_expr *base = x;
	int ni = 0;
	for (; base->kind == X_INDEX; base = base->a)
		ni++;
	if (ni != v->ndims)
		up_fail_at(e->s.n->m->c, base->file ? base->file : e->s.file, base->line, base->col,
			   "'%s': an element needs one index per dimension", v->name);
	return up_const_index(e->s.n, in, x, v, k);
}

static int prio_level(em *e, const up_var *v, long k)
{
	up_model *m = e->s.n->m;
	int lvl = m->prio_default;
	for (int i = 0; i < m->prios.n; i++)
		if (e->prio_var[i] == v && e->prio_el[i] < 0)
			lvl = ((up_prio *) m->prios.v[i])->level;
	for (int i = 0; i < m->prios.n; i++)
		if (e->prio_var[i] == v && e->prio_el[i] == k)
			lvl = ((up_prio *) m->prios.v[i])->level;
	return lvl;
}

/* the level of edge ed (its select values bound) */
static int edge_level(em *e, up_inst *in, up_edge *ed)
{
	up_model *m = e->s.n->m;
	if (!ed->sync)
		return m->prio_default;
	up_var *ch = chan_of(e, in, ed);
	int per_element = 0;
	for (int i = 0; i < m->prios.n; i++)
		per_element |= e->prio_var[i] == ch && e->prio_el[i] >= 0;
	if (!per_element)
		return prio_level(e, ch, -1);
	long k;
	if (!const_flat(e, in, ed->sync, ch, &k))
		up_fail_at(m->c, e->s.file, ed->line, ed->col, "'%s': its elements have different priorities, and "
			   "this synchronisation's index is known only at run time (not supported; an index from a "
			   "select is fine)", ch->name);
	return prio_level(e, ch, k);
}

/* "(enabled)" of the transitions that edge ed (select values bound) of
 * in starts, at its level; 0 when it starts none (a receiving edge) */
static int transitions_enabled(em *e, up_inst *in, up_edge *ed, int *first)
{
	FILE *o = e->s.out;
	up_loc *src = in->t->locs.v[ed->src];
	int any = 0;
	if (ed->sync && ed->sync_dir == '?')
		return 0;
	up_var *ch = ed->sync ? chan_of(e, in, ed) : NULL;
	if (!ch || ch->type.is_broadcast) {
		fprintf(o, "%s(loc_%s == %d && ", *first ? "" : "\\\n\t|| ", in->pname, ed->src);
		*first = 0;
		guard(e, in, ed);
		if (e->any_committed && !src->committed)
			committed_rule(e, in, ed, ch);
		fputc(')', o);
		return 1;
	}
	for (int i = 0; i < e->recvs.n; i++) {
		recv_edge *r = e->recvs.v[i];
		if (r->chan != ch || r->in == in)
			continue;
		up_check_size(&e->s, e->s.file, ed->line, ed->col);
		fprintf(o, "%s(loc_%s == %d && ", *first ? "" : "\\\n\t|| ", in->pname, ed->src);
		*first = 0;
		guard(e, in, ed);
		fputs(" && ", o);
		recv_enabled(e, in, ed, r);
		if (e->any_committed && !src->committed && !((up_loc *) r->in->t->locs.v[r->ed->src])->committed)
			fputs(" && ncommit == 0", o);
		fputc(')', o);
		any = 1;
	}
	return any;
}

/* resolve the declaration's channels, then define dmc_hiL for every
 * level L below a level that has transitions */
static void prio_setup(em *e)
{
	up_net *n = e->s.n;
	up_model *m = n->m;
	up_ctx *c = m->c;
	if (!m->prios.n && !m->prio_line)
		return;
	e->prio_var = up_alloc(c, (size_t) (m->prios.n + 1) * sizeof *e->prio_var);
	e->prio_el = up_alloc(c, (size_t) (m->prios.n + 1) * sizeof *e->prio_el);
	int maxl = m->prio_default;
	for (int i = 0; i < m->prios.n; i++) {
		up_prio *p = m->prios.v[i];
		const up_expr *b = up_index_base(p->ch);
		up_var *v = up_var_of(n, NULL, b);
		if (!v || v->type.kind != TY_CHAN)
			up_fail_at(c, b->file, b->line, b->col, "channel priority: '%s' is not a global channel", b->name);
		e->prio_var[i] = v;
		e->prio_el[i] = -1;
		if (p->ch->kind == X_INDEX && !const_flat(e, NULL, p->ch, v, &e->prio_el[i]))
			up_fail_at(c, b->file, b->line, b->col, "channel priority: '%s': the index must be a constant", b->name);
		if (p->level > maxl)
			maxl = p->level;
	}
	e->hi_defined = up_alloc(c, (size_t) maxl + 2);
	FILE *keep = e->s.out;
	e->s.out = up_mem_open(c);
	for (int lvl = 0; lvl < maxl; lvl++) {
		FILE *body = e->s.out;
		e->s.out = e->s.body = up_mem_open(c);    /* body: checked for size */
		int first = 1;
		for (int i = 0; i < n->insts.n; i++) {
			up_inst *in = n->insts.v[i];
			for (int k = 0; k < in->t->edges.n; k++) {
				up_edge *ed = in->t->edges.v[k];
				long sel[4];
				for (long j = 0; bind_select(e, in, ed, j, sel); j++)
					if (edge_level(e, in, ed) > lvl)
						transitions_enabled(e, in, ed, &first);
				in->sel.n = 0;
			}
		}
		e->s.body = NULL;
		char *t = up_mem_close(c, NULL);
		e->s.out = body;
		if (!first) {
			e->hi_defined[lvl] = 1;
			fprintf(body, "#define dmc_hi%d (%s)\n", lvl, t);
		}
		free(t);
	}
	char *t = up_mem_close(c, NULL);
	e->prio_defs = up_strdup(c, t);
	free(t);
	e->s.out = keep;
}

/* " && !dmc_hiL" for an edge of level L below an enabled higher one */
static void prio_guard(em *e, up_inst *in, up_edge *ed)
{
	if (!e->hi_defined)
		return;
	int lvl = edge_level(e, in, ed);
	if (e->hi_defined[lvl])
		fprintf(e->s.out, " && !dmc_hi%d", lvl);
}

/* an edge without synchronisation (or a CSP one taken alone) */
static void local_edge(em *e, up_inst *in, up_edge *ed, const long *sel, const char *dl)
{
	FILE *o = e->s.out;
	up_loc *src = in->t->locs.v[ed->src];
	fputs("\t:: atomic { ", o);
	if (e->dispatch[in->pid])
		fprintf(o, "loc_%s == %d && ", in->pname, ed->src);
	guard(e, in, ed);
	prio_guard(e, in, ed);
	if (e->any_committed && !src->committed)
		fputs(" && ncommit == 0", o);
	fputs(" ->", o);
	updates_begin(e);
	effect(e, in, ed, "; ");
	zone_step(e, in, ed, NULL, NULL);
	updates_end(e);
	fprintf(o, "; goto at_%s }", dl);
	comment(e, in, ed, sel);
}

static int csp_edge(em *e, up_inst *in, up_edge *ed, const long *sel, const char *dl);

/* The Promela options of edge ed of in (its select values sel bound):
 * how many were written (0: the edge runs inside other processes'
 * steps, or is never taken) */
static int edge(em *e, up_inst *in, up_edge *ed, const long *sel)
{
	up_check_size(&e->s, e->s.file, ed->line, ed->col);
	FILE *o = e->s.out;
	up_loc *src = in->t->locs.v[ed->src], *dst = in->t->locs.v[ed->dst];
	const char *dl = e->dispatch[in->pid] ? "loop" : loc_name(dst);
	if (!ed->sync) {
		local_edge(e, in, ed, sel, dl);
		return 1;
	}
	if (ed->sync_dir == UP_SYNC_CSP)
		return csp_edge(e, in, ed, sel, dl);
	if (is_bcast(e, in, ed)) {
		if (ed->sync_dir != '!')
			return 0;       /* receiving edges run inside the senders' steps */
		broadcast(e, in, ed, sel, dl);
		return 1;
	}
	if (ed->sync_dir == '?') {
		/* the UPPAAL receiver offers: (edge id, guard, commit permission) */
		int eid = 0;
		for (int i = 0; i < e->recvs.n; i++) {
			recv_edge *r = e->recvs.v[i];
			if (r->in == in && r->ed == ed
			    && !memcmp(r->sel, sel, sizeof(long) * (size_t) ed->selects.n))
				eid = r->eid;
		}
		fputs("\t:: ", o);
		chan_op(e, in, ed, '!');
		fprintf(o, "%d, (", eid);
		src_cond(e, in, ed);
		guard(e, in, ed);
		fputs(" -> 1 : 0), ", o);
		if (!e->any_committed || src->committed)
			fputs("1", o);
		else
			fputs("(ncommit == 0)", o);
		fprintf(o, " -> goto at_%s", dl);
		comment(e, in, ed, sel);
		return 1;
	}
	/* the UPPAAL sender: the rendezvous, then both updates, the sender's
	 * first: the receivers' inside the sender's atomic when they are
	 * few, else in the process's block for the channel (sync_block) */
	up_var *ch = chan_of(e, in, ed);
	long el = 0;
	int nels = sync_element(e, in, ed, ch, &el) ? 1 : -1, nrecv = 0;
	for (int i = 0; i < e->recvs.n; i++) {
		recv_edge *r = e->recvs.v[i];
		nrecv += r->chan == ch && r->in != in && may_meet(r, &el, nels);
	}
	if (nrecv <= INLINE_RECEIVERS || e->s.zone) {   /* zones: both edges known in one place */
		sender_inline(e, in, ed, sel, dl, ch, &el, nels);
		return 1;
	}
	sync_group *g = NULL;
	int k = 0;
	for (; k < e->groups.n && !g; k++)
		if (((sync_group *) e->groups.v[k])->ch == ch)
			g = e->groups.v[k];
	if (!g) {
		g = up_alloc(e->s.n->m->c, sizeof *g);
		g->ch = ch;
		up_push(e->s.n->m->c, &e->groups, g);
		k = e->groups.n;
	}
	send_entry *se = up_alloc(e->s.n->m->c, sizeof *se);
	se->ed = ed;
	memcpy(se->sel, sel, sizeof se->sel);
	se->dl = dl;
	se->has_el = nels > 0;
	se->el = el;
	up_push(e->s.n->m->c, &g->sends, se);
	if (g->sends.n > e->maxdst)
		e->maxdst = g->sends.n;
	fputs("\t:: atomic { ", o);
	chan_op(e, in, ed, '?');
	fputs("dmc_eid, eval((", o);
	src_cond(e, in, ed);
	guard(e, in, ed);
	prio_guard(e, in, ed);
	fprintf(o, " -> 1 : 2)), %s ->", !e->any_committed || src->committed ? "_" : "1");
	if (e->dstep) {
		/* the sender's update goes into the block's d_step, with the
		 * receiver's: the never claim sees no state between them */
		fprintf(o, " dmc_dst = %d;", g->sends.n);
	} else {
		effect(e, in, ed, "; ");
		fputs(";", o);
	}
	fprintf(o, " goto dmc_sync%d }", k);
	comment(e, in, ed, sel);
	return 1;
}

/* ---- CSP synchronisation (uppaal_csp.c says which edges take part) ---- */

/* One step of joint event ev: the edges r[0..k) (r[0] the first
 * participant's, whose process writes the step; all select values bound),
 * enabled when every one is: its location, its guard and its target's
 * invariant, with zones the guards' conjunction, the resets and the
 * targets' invariants meeting the zone; the committed rule of UPPAAL
 * (a process is committed: one of the edges leaves a committed location).
 * The updates in process order, each seeing those before it. */
static void csp_step(em *e, up_csp_edge **r, int k, const char *dl)
{
	FILE *o = e->s.out;
	up_inst *ins[UP_CSP_MAX_PARTS];
	up_edge *eds[UP_CSP_MAX_PARTS];
	int committed = 0;
	up_check_size(&e->s, e->s.file, r[0]->ed->line, r[0]->ed->col);
	fputs("\t:: atomic { (", o);
	src_cond(e, r[0]->in, r[0]->ed);
	e->zno_check = 1;
	for (int i = 0; i < k; i++) {
		ins[i] = r[i]->in;
		eds[i] = r[i]->ed;
		committed |= ((up_loc *) ins[i]->t->locs.v[eds[i]->src])->committed;
		if (i)
			fprintf(o, " && loc_%s == %d && ", ins[i]->pname, eds[i]->src);
		guard(e, ins[i], eds[i]);
	}
	e->zno_check = 0;
	if (e->s.zone)
		up_zone_check_joint(e->s.n, ins, eds, k, o);
	if (e->any_committed && !committed)
		fputs(" && ncommit == 0", o);
	fputs(") ->", o);
	updates_begin(e);
	comment(e, ins[0], eds[0], r[0]->sel);
	fputs("\t\t", o);
	effect(e, ins[0], eds[0], "; ");
	fputs(";\n", o);
	/* the trail's reader (uppaal_trail.c) takes a line with this mark
	 * for a further edge of the step */
	for (int i = 1; i < k; i++) {
		fputs("\t\t/* csp partner */", o);
		effect(e, ins[i], eds[i], "; ");
		fputc(';', o);
		comment(e, ins[i], eds[i], r[i]->sel);
	}
	fputs("\t\t", o);
	if (e->s.zone) {
		up_zone_apply(e->s.n, ins, eds, k, o);
		up_zone_post(e->s.n, e->any_committed, o);
		fputs(";\n\t\t", o);
	}
	if (e->dstep)
		fputs("skip };\n\t\t", o);
	fprintf(o, "goto at_%s }\n", dl);
}

/* a `sync a;` edge (select values sel bound): taken alone, never, or,
 * written by the event's first participant, once per combination of the
 * other participants' edges on the event; how many options written */
static int csp_edge(em *e, up_inst *in, up_edge *ed, const long *sel, const char *dl)
{
	up_csp_edge *me = up_csp_find(e->csp, in, ed, sel);
	if (!me || me->role == UP_CSP_BLOCKED)
		return 0;
	if (me->role == UP_CSP_ALONE) {
		local_edge(e, in, ed, sel, dl);
		return 1;
	}
	const up_csp_event *ev = me->ev;
	if (ev->parts[0] != in)
		return 0;       /* taken in the first participant's steps */
	int k = ev->nparts, at[UP_CSP_MAX_PARTS] = { 0 }, n = 0;
	up_csp_edge *r[UP_CSP_MAX_PARTS];
	r[0] = me;
	for (;;) {
		for (int i = 1; i < k; i++) {
			r[i] = ev->edges[i].v[at[i]];
			bind_sel_vals(e, r[i]->in, r[i]->ed, r[i]->sel);
		}
		csp_step(e, r, k, dl);
		n++;
		for (int i = 1; i < k; i++)
			r[i]->in->sel.n = 0;
		int i = k - 1;
		while (i >= 1 && ++at[i] == ev->edges[i].n)
			at[i--] = 0;
		if (i < 1)
			break;
	}
	return n;
}

/* the block of group k (1-based) of process in: entered by its senders'
 * edges after the rendezvous (with dmc_dst, the sender's entry, and
 * dmc_eid, the receiver's edge), inside an atomic that sequential flow
 * never reaches (a goto into the middle of an atomic stays atomic) */
static void sync_block(em *e, up_inst *in, sync_group *g, int k)
{
	FILE *o = e->s.out;
	fprintf(o, "\tatomic { false;\t/* ");
	pml_commentf(o, "synchronisations on %s: the receiver's update after the sender's", g->ch->name);
	/* SPIN refuses a jump to the start of a d_step: a skip first */
	fprintf(o, " */\ndmc_sync%d:%s", k, e->dstep ? "\tskip;" : "");
	updates_begin(e);
	fputc('\n', o);
	if (e->dstep) {
		fputs("\t\tif\n", o);
		for (int i = 0; i < g->sends.n; i++) {
			send_entry *se = g->sends.v[i];
			bind_sel_vals(e, in, se->ed, se->sel);
			fprintf(o, "\t\t:: dmc_dst == %d ->", i + 1);
			effect(e, in, se->ed, "; ");
			comment(e, in, se->ed, se->sel);
			in->sel.n = 0;
		}
		fputs("\t\tfi;\n\t\tdmc_dst = 0;\n", o);
	}
	long *els = up_alloc(e->s.n->m->c, sizeof *els * (size_t) g->sends.n);
	int nels = 0;
	for (int i = 0; i < g->sends.n; i++) {
		send_entry *se = g->sends.v[i];
		if (!se->has_el) {
			nels = -1;        /* a sender on a computed element: any receiver */
			break;
		}
		els[nels++] = se->el;
	}
	receivers(e, in, g->ch, 0, els, nels);
	/* back to the sender's target: its location, which its update set */
	if (e->dispatch[in->pid]) {
		fputs("\t\tgoto at_loop\n\t}\n", o);
		return;
	}
	fputs("\t\tif\n", o);
	for (int i = 0; i < g->sends.n; i++) {
		send_entry *se = g->sends.v[i];
		int seen = 0;
		for (int j = 0; j < i && !seen; j++)
			seen = ((send_entry *) g->sends.v[j])->ed->dst == se->ed->dst;
		if (!seen)
			fprintf(o, "\t\t:: loc_%s == %d -> goto at_%s\n", in->pname, se->ed->dst, se->dl);
	}
	fputs("\t\tfi\n\t}\n", o);
}

static void sync_blocks(em *e, up_inst *in)
{
	for (int k = 0; k < e->groups.n; k++)
		sync_block(e, in, e->groups.v[k], k + 1);
	e->groups.n = 0;
}

/* a process that receives broadcasts: the senders move it by setting
 * loc_P, so its control state is one loop over all edges, each testing
 * loc_P (no location labels) */
static void proc_dispatch(em *e, up_inst *in)
{
	FILE *o = e->s.out;
	up_template *t = in->t;
	fprintf(o, "active proctype %s()\t/* ", in->pname);
	pml_commentf(o, "%s, template %s (%s:%d); %s: its location is loc_%s", in->name, t->name, e->s.file,
		     t->line, e->csp->events.n ? "takes CSP synchronisations another process writes" : "receives broadcasts",
		     in->pname);
	fputs(" */\n{\nat_loop:\n\tif\n", o);
	int n = 0;
	for (int i = 0; i < t->edges.n; i++) {
		up_edge *ed = t->edges.v[i];
		long sel[4] = { 0 };
		for (long j = 0; bind_select(e, in, ed, j, sel); j++)
			n += edge(e, in, ed, sel);
		in->sel.n = 0;
	}
	if (!n)
		fprintf(o, "\t:: false\t/* only moved by %s */\n", e->csp->events.n ? "CSP synchronisations" : "broadcasts");
	fputs("\tfi;\n", o);
	sync_blocks(e, in);
	fputs("}\n\n", o);
}

static void proc(em *e, up_inst *in)
{
	FILE *o = e->s.out;
	up_template *t = in->t;
	if (e->dispatch[in->pid]) {
		proc_dispatch(e, in);
		return;
	}
	fprintf(o, "active proctype %s()\t/* ", in->pname);
	pml_commentf(o, "%s, template %s (%s:%d)", in->name, t->name, e->s.file, t->line);
	fprintf(o, " */\n{\n\tgoto at_%s;\n", loc_name(t->locs.v[t->init]));
	for (int k = 0; k < t->locs.n; k++) {
		up_loc *l = t->locs.v[k];
		fprintf(o, "at_%s:\t/* ", loc_name(l));
		pml_commentf(o, "location %s%s%s", loc_name(l),
			     l->committed ? ", committed" : l->urgent ? ", urgent" : "",
			     l->inv ? ", invariant " : "");
		if (l->inv) {
			char b[200];
			up_expr_text(l->inv, b, sizeof b);
			pml_commentf(o, "%s", b);
		}
		fputs(" */\n\tif\n", o);
		int n = 0;
		for (int i = 0; i < t->edges.n; i++) {
			up_edge *ed = t->edges.v[i];
			if (ed->src != k)
				continue;
			long sel[4] = { 0 };
			for (long j = 0; bind_select(e, in, ed, j, sel); j++)
				n += edge(e, in, ed, sel);
			in->sel.n = 0;
		}
		if (!n)
			fputs("\t:: false\t/* no outgoing edge */\n", o);
		fputs("\tfi;\n", o);
	}
	sync_blocks(e, in);
	fputs("}\n\n", o);
}

/* !(an urgent synchronisation is enabled) */
static int urgent_syncs(em *e)
{
	up_net *n = e->s.n;
	FILE *o = e->s.out;
	int any = 0;
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		for (int k = 0; k < in->t->edges.n; k++) {
			up_edge *ed = in->t->edges.v[k];
			if (!ed->sync || ed->sync_dir != '!')
				continue;
			long sel[4];
			for (long j = 0; bind_select(e, in, ed, j, sel); j++) {
				up_var *ch = chan_of(e, in, ed);
				if (!ch->type.is_urgent)
					continue;
				if (ch->type.is_broadcast) {
					/* an urgent broadcast needs no receiver */
					fprintf(o, "\n\t\t   && !(loc_%s == %d && ", in->pname, ed->src);
					up_emit_expr_st(&e->s, in, ed->guard);
					fputc(')', o);
					any = 1;
					continue;
				}
				for (int r = 0; r < e->recvs.n; r++) {
					recv_edge *rv = e->recvs.v[r];
					if (rv->chan != ch || rv->in == in)
						continue;
					up_check_size(&e->s, e->s.file, ed->line, ed->col);
					up_vec keep = in->sel;
					fprintf(o, "\n\t\t   && !(loc_%s == %d && loc_%s == %d && ",
						in->pname, ed->src, rv->in->pname, rv->ed->src);
					up_emit_expr_st(&e->s, in, ed->guard);
					fputs(" && ", o);
					if (ed->sync->kind == X_INDEX) {
						up_emit_flat_index(&e->s, in, ed->sync);
						fputs(" == ", o);
					}
					long dummy[4];
					bind_select(e, rv->in, rv->ed, 0, dummy);
					rv->in->sel.n = 0;
					for (int q = 0; q < rv->ed->selects.n; q++) {
						up_bind *b = up_alloc(n->m->c, sizeof *b);
						up_expr *x = up_alloc(n->m->c, sizeof *x);
						x->kind = X_NUM;
						x->val = rv->sel[q];
						b->name = ((up_select *) rv->ed->selects.v[q])->name;
						b->value = x;
						up_push(n->m->c, &rv->in->sel, b);
					}
					if (ed->sync->kind == X_INDEX) {
						up_emit_flat_index(&e->s, rv->in, rv->ed->sync);
						fputs(" && ", o);
					}
					up_emit_expr_st(&e->s, rv->in, rv->ed->guard);
					fputc(')', o);
					rv->in->sel.n = 0;
					in->sel = keep;
					any = 1;
				}
			}
			in->sel.n = 0;
		}
	}
	return any;
}

/* zones: the macro dmc_nourgent, true where no synchronisation on an
 * urgent channel is enabled (the successor lets time pass only there:
 * up_zone_post), on one line */
static void urgent_define(em *e)
{
	up_ctx *c = e->s.n->m->c;
	FILE *keep = e->s.out;
	e->s.out = up_mem_open(c);
	fputs("#define dmc_nourgent (1", e->s.out);
	urgent_syncs(e);
	fputs(")\n", e->s.out);
	char *t = up_mem_close(c, NULL);
	e->s.out = keep;
	for (char *p = t; *p; p++)
		if (*p == '\n' && p[1])
			*p = ' ';
	e->urgent_def = up_strdup(c, t);
	free(t);
}

/* per clock: the Promela condition under which it stands still in a
 * delay (a location whose invariant gives it rate 0 is active), or NULL
 * when it always runs */
static void clock_stops(em *e)
{
	up_net *n = e->s.n;
	up_ctx *c = n->m->c;
	e->stop = up_alloc(c, (size_t) (n->clocks.n + 1) * sizeof *e->stop);
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		for (int k = 0; k < in->t->locs.n; k++) {
			up_loc *l = in->t->locs.v[k];
			for (int j = 0; j < l->rates.n; j++) {
				const up_expr *r = l->rates.v[j];
				up_var *v = up_var_of(n, in, r->a->a);
				long rate;
				if (!v || v->clock < 0 || (up_eval_const(n, in, r->b, &rate) && rate == 1))
					continue;
				FILE *keep = e->s.out;
				e->s.out = up_mem_open(c);
				if (e->stop[v->clock])
					fprintf(e->s.out, "%s || ", e->stop[v->clock]);
				fprintf(e->s.out, "(loc_%s == %d", in->pname, k);
				if (!up_eval_const(n, in, r->b, &rate)) {
					fputs(" && !(", e->s.out);
					up_emit_expr_st(&e->s, in, r->b);
					fputc(')', e->s.out);
				}
				fputc(')', e->s.out);
				char *t = up_mem_close(c, NULL);
				e->stop[v->clock] = up_strdup(c, t);
				free(t);
				e->s.out = keep;
			}
		}
	}
}

/* Delays of up to this many time units are one step each (longer ones
 * are several steps); more choices would only add transitions. */
#define MAX_DELAY_STEP 8

/* Tick's option for a delay of d units: the guard (1 when time may pass
 * for d units), then every clock's value d units later.  Returns whether
 * urgent synchronisations were written into the guard. */
static int tick_option(em *e, long d)
{
	up_net *n = e->s.n;
	FILE *o = e->s.out;
	int any_urgent_sync = 0;
	/* with a deadlock query one atomic step on one line (no rendezvous:
	 * SPIN's breadth-first search may miss invalid end states with one) */
	const char *nl = e->deadlock ? " " : "\n\t\t   ";
	if (e->deadlock)
		fprintf(o, "\t:: /* delay %ld */ atomic { ((1", d);
	else
		fprintf(o, "\t:: /* delay %ld */ dmc_tick!((1", d);
	if (e->any_committed)
		fputs(" && ncommit == 0", o);
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		for (int k = 0; k < in->t->locs.n; k++) {
			up_loc *l = in->t->locs.v[k];
			if (l->urgent)
				fprintf(o, "%s&& loc_%s != %d", nl, in->pname, k);
			if (!l->inv)
				continue;
			/* the invariant with every clock d units later (invariants are
			 * upper bounds: then it held all the time in between) */
			e->s.subst.n = 0;
			for (int c = 0; c < n->clocks.n; c++) {
				up_var *v = n->clocks.v[c];
				up_expr *x = up_alloc(n->m->c, sizeof *x), *one = up_alloc(n->m->c, sizeof *one);
				up_expr *id = up_alloc(n->m->c, sizeof *id);
				id->kind = X_ID;
				id->name = v->pname;
				id->line = -2;
				one->kind = X_NUM;
				one->val = d;
				x->kind = X_BIN;
				strcpy(x->op, "+");
				x->a = id;
				x->b = one;
				if (e->stop[c]) {
					/* a stopwatch: x + d where it runs */
					char *t = up_alloc(n->m->c, 2 * strlen(v->pname) + strlen(e->stop[c]) + 48);
					sprintf(t, "((%s) -> %s : %s + %ld)", e->stop[c], v->pname, v->pname, d);
					x = id;
					x->name = t;
				}
				up_push(n->m->c, &e->s.subst, v);
				up_push(n->m->c, &e->s.subst, x);
			}
			fprintf(o, "%s&& (loc_%s != %d || ", nl, in->pname, k);
			/* x+d printed through the global scope: the Promela name is bound there */
			up_emit_expr_st(&e->s, in, l->inv);
			fputc(')', o);
			e->s.subst.n = 0;
		}
	}
	if (d == 1)
		any_urgent_sync = urgent_syncs(e);
	if (e->deadlock) {
		/* a delay that changes no clock is no step: where no process can
		 * move either, SPIN sees the deadlock (an invalid end state) */
		fprintf(o, "%s&& (0", nl);
		for (int c = 0; c < n->clocks.n; c++) {
			up_var *v = n->clocks.v[c];
			fprintf(o, " || (%s < %ld", v->pname, n->cap[c]);
			if (e->stop[c])
				fprintf(o, " && !(%s)", e->stop[c]);
			if (n->live[c]) {
				fputs(" && (0", o);
				for (int l = 0; l < v->owner->t->locs.n; l++)
					if (n->live[c][l])
						fprintf(o, " || loc_%s == %d", v->owner->pname, l);
				fputc(')', o);
			}
			fputc(')', o);
		}
		fputc(')', o);
	}
	fputs(e->deadlock ? ")) -> " : ") -> 1 : 0)", o);
	for (int c = 0; c < n->clocks.n; c++) {
		up_var *v = n->clocks.v[c];
		long cap = n->cap[c];
		if (e->deadlock)
			fprintf(o, "%s%s = ((", c ? "; " : "", v->pname);
		else
			fputs(",\n\t\t((", o);
		if (d == 1)
			fprintf(o, "%s < %ld", v->pname, cap);
		else
			fputs("1", o);
		if (e->stop[c])
			fprintf(o, " && !(%s)", e->stop[c]);
		if (n->live[c]) {       /* only where its value may still be read */
			fputs(" && (0", o);
			for (int l = 0; l < v->owner->t->locs.n; l++)
				if (n->live[c][l])
					fprintf(o, " || loc_%s == %d", v->owner->pname, l);
			fputc(')', o);
		}
		if (d == 1)
			fprintf(o, ") -> %s + 1 : %s)", v->pname, v->pname);
		else               /* d units later, stopped at the cap */
			fprintf(o, ") -> (%s + %ld < %ld -> %s + %ld : %ld) : %s)",
				v->pname, d, cap, v->pname, d, cap, v->pname);
	}
	fputs(e->deadlock ? " }\n" : "\n", o);
	return any_urgent_sync;
}

/* a rate r that may be other than 0 or 1 (up_rate_check): Tick stops
 * with an assertion where r is neither and time could pass (no process
 * committed or in an urgent location), instead of letting the clock run
 * at a rate UPPAAL's symbolic engine does not have */
static void rate_checks(em *e)
{
	up_net *n = e->s.n;
	FILE *o = e->s.out;
	for (int i = 0; i < n->rate_checks.n; i++) {
		const up_rate_check *rc = n->rate_checks.v[i];
		up_inst *in = rc->in;
		fprintf(o, "	:: atomic { (loc_%s == %d", in->pname, rc->loc);
		if (e->any_committed)
			fputs(" && ncommit == 0", o);
		for (int j = 0; j < n->insts.n; j++) {
			up_inst *u = n->insts.v[j];
			for (int k = 0; k < u->t->locs.n; k++)
				if (((up_loc *) u->t->locs.v[k])->urgent)
					fprintf(o, " && loc_%s != %d", u->pname, k);
		}
		for (int pass = 0; pass < 2; pass++) {
			fputs(pass ? ") -> assert(" : " && !(", o);
			fputc('(', o);
			up_emit_expr_st(&e->s, in, rc->rate->b);
			fputs(") == 0 || (", o);
			up_emit_expr_st(&e->s, in, rc->rate->b);
			fputs(") == 1)", o);
		}
		fputs(" }\t/* ", o);
		pml_commentf(o, "rate check: a clock rate is 0 or 1 in %s (%s:%d)", in->name,
			     rc->rate->file ? rc->rate->file : n->m->file, rc->rate->line);
		fputs(" */\n", o);
	}
}

static void tick(em *e)
{
	up_net *n = e->s.n;
	FILE *o = e->s.out;
	if (!n->clocks.n || n->zones)
		return;
	clock_stops(e);
	/* A delay is one rendezvous, two pan steps however many clocks there
	 * are: Tick offers every clock's next value, all computed in the same
	 * state, and Clock takes them in one receive.  The first field is 1
	 * when time may pass; Clock only accepts 1.  A delay of d units is
	 * one step for d up to the largest cap (and MAX_DELAY_STEP): beyond
	 * the cap every clock stands still.  Every intermediate time point
	 * stays reachable with shorter delays, so the states are the same;
	 * trails get shorter.  With urgent synchronisations, whose guards
	 * could become true in between, only single units. */
	long maxd = 1;
	for (int c = 0; c < n->clocks.n; c++)
		if (n->cap[c] > maxd)
			maxd = n->cap[c];
	if (maxd > MAX_DELAY_STEP)
		maxd = MAX_DELAY_STEP;
	fputs("/* time passes by d units when no process is committed or urgent,\n"
	      " * no urgent synchronisation is enabled and the invariants still hold\n"
	      " * d units later: Tick offers every clock's next value, Clock takes\n"
	      " * them all at once */\n"
	      "chan dmc_tick = [0] of { bit", o);
	for (int c = 0; c < n->clocks.n; c++)
		fprintf(o, ", %s", ptype(0, n->cap[c]));
	fputs(" };\n\n"
	      "active proctype Tick()\n{\n\tdo\n", o);
	if (!tick_option(e, 1))
		for (long d = 2; d <= maxd; d++)
			tick_option(e, d);
	rate_checks(e);
	if (e->deadlock) {
		fputs("\tod\n}\n\n", o);
		return;
	}
	fputs("\tod\n}\n\nactive proctype Clock()\n{\n\tdo\n\t:: dmc_tick?1", o);
	for (int c = 0; c < n->clocks.n; c++)
		fprintf(o, ", %s", ((up_var *) n->clocks.v[c])->pname);
	fputs("\n\tod\n}\n\n", o);
}

/* LTL reads `->` as implication: a query's condition may not use one */
static void no_conditional(em *e, const up_query *q, const up_expr *x)
{
	if (!x)
		return;
	if (x->kind == X_COND)
		up_fail_at(e->s.n->m->c, q->file, q->line, q->col, "query '%s': a conditional expression (c ? a : b) "
			"in a liveness query is not supported", q->text);
	no_conditional(e, q, x->a);
	no_conditional(e, q, x->b);
	no_conditional(e, q, x->c);
}

/* A<> phi: <> phi.  E[] phi: a witness is a counterexample of <> !phi.
 * phi --> psi: [] (phi -> <> psi).  Checked with pan -a (dmc check
 * passes it); a counterexample is a lasso, or a run that ends
 * (a deadlock, which SPIN extends by stuttering), as in UPPAAL, which
 * counts maximal finite runs and does not exclude Zeno runs. */
static void liveness_query(em *e, const up_query *q)
{
	FILE *o = e->s.out;
	no_conditional(e, q, q->phi);
	no_conditional(e, q, q->psi);
	const char *keep = e->s.file;
	e->s.file = q->file;
	fputs("/* ", o);
	pml_commentf(o, "the query %s (%s:%d): pan -a; an acceptance cycle (or a run that ends) is %s",
		     q->text, q->file, q->line, q->kind == 'G' ? "a witness" : "a counterexample");
	fputs(" */\nltl dmc_query { ", o);
	switch (q->kind) {
	case 'F':
		fputs("<> (", o);
		up_emit_expr_st(&e->s, NULL, q->phi);
		fputs(")", o);
		break;
	case 'G':
		fputs("<> !(", o);
		up_emit_expr_st(&e->s, NULL, q->phi);
		fputs(")", o);
		break;
	default:
		fputs("[] (!(", o);
		up_emit_expr_st(&e->s, NULL, q->phi);
		fputs(") || <> (", o);
		up_emit_expr_st(&e->s, NULL, q->psi);
		fputs("))", o);
	}
	fputs(" }\n", o);
	e->s.file = keep;
}

/* several safety queries: the global dmc_query (0 unless pan's --initial
 * or spin -DDMC_QUERY=K for a replay sets it) says which one the Monitor
 * checks.  One assert each, all in the Monitor's one state (a first step
 * that chose a branch would double the state space: the step interleaves
 * with every other); an inactive query's assert holds, and its target
 * (dmc_query == K && ...) tests a variable nothing assigns */
static void shared_monitor(em *e, const up_emit_opts *op)
{
	FILE *o = e->s.out;
	const char *keep = e->s.file;
	int most = 0;
	for (int i = 0; i < op->queries->n; i++)
		most = op->query_no[i] > most ? op->query_no[i] : most;
	fprintf(o, "/* which query the Monitor checks: set when pan runs (--initial dmc_query=K) */\n"
		"#ifndef DMC_QUERY\n#define DMC_QUERY 0\n#endif\n%s dmc_query = DMC_QUERY;\n\n"
		"active proctype Monitor()\n{\n\tdo\n", ptype(0, most));
	for (int i = 0; i < op->queries->n; i++) {
		const up_query *q = op->queries->v[i];
		fputs("\t/* ", o);
		pml_commentf(o, "query %d, %s (%s:%d): %s", op->query_no[i], q->text, q->file, q->line,
			     q->kind == 'E' ? "an assertion violation is a witness"
			     : "an assertion violation is a counterexample");
		e->s.file = q->file;
		if (e->s.zone) {
			/* the query's clocks read in the zone */
			fprintf(o, " */\n\t:: assert(dmc_query != %d || ", op->query_no[i]);
			up_zone_holds(&e->s, q);
			fputs(")\n", o);
			continue;
		}
		fprintf(o, " */\n\t:: assert(dmc_query != %d || %s(", op->query_no[i], q->kind == 'E' ? "!" : "");
		up_emit_expr_st(&e->s, NULL, q->phi);
		fputs("))\n", o);
	}
	fputs("\tod\n}\n", o);
	e->s.file = keep;
}

static void monitor(em *e, const up_emit_opts *op)
{
	FILE *o = e->s.out;
	if (op->queries) {
		shared_monitor(e, op);
		return;
	}
	if (!op->q)
		return;
	if (up_query_is_liveness(op->q)) {
		liveness_query(e, op->q);
		return;
	}
	if (e->deadlock) {
		/* no Monitor: a state where no process (Tick included) can move is
		 * SPIN's invalid end state */
		fputs("/* ", o);
		pml_commentf(o, "the query %s (%s:%d): %s", op->q->text, op->q->file, op->q->line,
			     op->q->kind == 'E' ? "an invalid end state (a deadlock) is a witness"
			     : "an invalid end state (a deadlock) is a counterexample");
		fputs(" */\n", o);
		return;
	}
	fputs("/* ", o);
	pml_commentf(o, "the query %s (%s:%d): %s", op->q->text, op->q->file, op->q->line,
		     op->q->kind == 'E' ? "an assertion violation is a witness"
		     : "an assertion violation is a counterexample");
	fputs(" */\nactive proctype Monitor()\n{\n\tdo\n\t:: assert(", o);
	const char *keep = e->s.file;
	e->s.file = op->q->file;
	if (e->s.zone) {
		/* the query's clocks read in the zone */
		up_zone_holds(&e->s, op->q);
	} else {
		fputs(op->q->kind == 'E' ? "!(" : "(", o);
		up_emit_expr_st(&e->s, NULL, op->q->phi);
		fputc(')', o);
	}
	fputs(")\n\tod\n}\n", o);
	e->s.file = keep;
}

void up_emit(up_net *n, FILE *out, const up_emit_opts *op)
{
	em e;
	memset(&e, 0, sizeof e);
	e.s.n = n;
	e.s.out = out;
	e.s.file = n->m->file;
	e.s.zone = n->zones;
	e.dstep = up_query_is_liveness(op->q);
	e.deadlock = up_query_deadlock(op->q);
	e.merged = must_merge(n);
	e.csp = up_csp_new(n);
	collect_recvs(&e);
	up_csp_finish(e.csp);
	e.dispatch = up_alloc(n->m->c, (size_t) n->insts.n + 1);
	for (int i = 0; i < n->insts.n; i++)
		e.dispatch[i] = (unsigned char) up_csp_follower(e.csp, i);
	for (int i = 0; i < e.recvs.n; i++) {
		recv_edge *r = e.recvs.v[i];
		if (r->chan->type.is_broadcast)
			e.dispatch[r->in->pid] = 1;
	}
	for (int i = 0; i < n->insts.n; i++) {
		up_template *t = ((up_inst *) n->insts.v[i])->t;
		for (int k = 0; k < t->locs.n; k++)
			e.any_committed |= ((up_loc *) t->locs.v[k])->committed;
	}
	fputs("/* ", out);
	pml_commentf(out, "Generated by dmc translate from %s -- do not edit.", n->m->file);
	fprintf(out, "\n * Network of %d processes, %d clocks %s", n->insts.n, n->clocks.n,
		n->zones ? "as zones, dense time" : "in discrete time");
	if (!n->zones && n->clocks.n && n->zone_why)
		pml_commentf(out, " (zones are not used: %s)", n->zone_why);
	fputs(" (docs/uppaal.md). */\n\n", out);
	if (n->zones)
		up_zone_decls(n, out);
	if (n->time_scale > 1)
		fprintf(out, "/* time scale: %ld steps of Tick per time unit (clocks compared with decimal "
			"constants: every clock constant is multiplied by %ld) */\n\n", n->time_scale, n->time_scale);
	prio_setup(&e);
	if (n->zones && n->zurgent)
		urgent_define(&e);
	/* the processes first, into a buffer: they decide which temporaries
	 * the declarations need */
	size_t blen = 0;
	e.s.out = e.s.body = up_mem_open(n->m->c);
	for (int i = 0; i < n->insts.n; i++)
		proc(&e, n->insts.v[i]);
	tick(&e);
	monitor(&e, op);
	up_check_size(&e.s, n->m->file, 0, 0);
	e.s.body = NULL;
	char *text = up_mem_close(n->m->c, &blen);
	/* into the arena: an error in the declarations below must not leak it */
	char *body = up_alloc(n->m->c, blen + 1);
	memcpy(body, text, blen + 1);
	free(text);
	e.s.out = out;
	globals(&e);
	for (int i = 0; i < e.maxb; i++)
		fprintf(out, "bool dmc_b%d;\t/* a broadcast receiver is enabled (0 between steps) */\n", i);
	if (n->zones && n->zdiag_written)
		fputs("short dmc_zsplits;\t/* zones: the splits along clock differences in this step (0 between "
		      "steps) */\n", out);
	for (int i = 0; i < e.s.maxtemp; i++)
		fprintf(out, "int dmc_arg%d;\t/* a value argument of a void function (0 between steps) */\n", i);
	for (int i = 0; i < e.s.locdecl.n; i++) {
		const up_var *v = e.s.locdecl.v[i];
		if (v->nsize)
			fprintf(out, "int %s[%ld];\t/* a function's local array (0 between steps) */\n", v->pname, v->nsize);
		else
			fprintf(out, "int %s;\t/* a function's local variable (0 between steps) */\n", v->pname);
	}
	if (e.s.maxtemp || e.maxb || e.s.locdecl.n)
		fputc('\n', out);
	if (e.prio_defs && e.prio_defs[0])
		fprintf(out, "/* channel priorities: some transition above level L is enabled */\n%s\n", e.prio_defs);
	if (e.urgent_def)
		fprintf(out, "/* zones: time passes only where no urgent synchronisation is enabled */\n%s\n",
			e.urgent_def);
	fwrite(body, 1, blen, out);
}
