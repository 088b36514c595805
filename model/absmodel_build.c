// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * absmodel_build.c -- from pan's transition tables to the abstract model
 * the ATG works on (seed 000, section 3; ARCHITECTURE.md section 4).
 *
 * One automaton per process running when the search starts, plus one
 * "spawn" automaton per proctype that some `run` starts: it stands for
 * all instances created later (under the monotonicity abstraction one
 * automaton with several locations covers several instances).  Variables
 * are split into elements: globals once, locals once per automaton.
 * Guards and effects come from the statement text; what is not
 * understood is over-approximated (guard true, effect "any value"), and
 * counted for the report, so hL stays admissible:
 *   - an array element chosen at run time: reads any value, writes may
 *     change every element;
 *   - channel predicates, _nr_pr, pc values, unknown names: any value;
 *   - buffered channels: their lengths are modelled (a send needs room
 *     and adds one, a receive needs a message and takes one; len, empty,
 *     full, ... are conditions on the length), their contents are not:
 *     a receive delivers any value.  Channel ids are read from the state
 *     the search starts in; if the model assigns chan variables, or a
 *     channel is created later, its operations only over-approximate;
 *   - d_step: every global, channel and the process's locals may change
 *     arbitrarily;
 *   - embedded C (c_code, c_expr): every variable may change, the guard
 *     is true; and since C may also do what no variable shows, the model
 *     then records that it gave up (gave_up): no dead end it finds is
 *     proved, the runtime must not prune;
 *   - run: every `run NAME(` anywhere in a statement (also inside an
 *     assignment or an expression) starts NAME; a run whose proctype
 *     cannot be read makes every proctype startable (and gives up).
 * Rendezvous channels become binary synchronisation, as in the paper.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "absmodel_build.h"
#include "clock_note.h"
#include "expr.h"
#include "stmt.h"

#define DOMAIN_LO INT_MIN             /* when the bridge gives no storage range */
#define DOMAIN_HI INT_MAX
#define CHAN_OWNER (-2)               /* dmc_abuild.vowner of a channel length */
#define CONTENT_OWNER (-3)            /* ... of a channel's field contents: vidx = id * 64 + field */

typedef struct ctx {
	dmc_abuild *b;
	int cur;                      /* the automaton whose statement is read */
	int cur_pid;                  /* its pan pid, -1 for a spawn automaton */
	int chan_mode;                /* CHAN_*: how a send or receive is read */
	const dmc_targets *tg;        /* the targets (make_trans), or NULL */
	/* per control state of the process's type (make_trans): the state
	 * and index of its only incoming transition; in_s -1 none, -2 several */
	const int *in_s, *in_k;
} ctx;

enum {
	CHAN_BY_STATE,                /* rendezvous or buffered as the current state says */
	CHAN_RENDEZVOUS,              /* as a rendezvous with any channel it may name */
	CHAN_BUFFERED                 /* as a buffered channel not known */
};

/* pan pid -> abstract automaton (now, or at build time) */
static int automaton_of(const dmc_abuild *b, int pid, int type)
{
	if (pid >= 0 && pid < b->ninit && b->proc_type[pid] == type)
		return pid;
	return type >= 0 && type < b->ntypes ? b->spawn_of[type] : -1;
}

static int var_lookup(void *vctx, const dmc_var *v, long index, int pid)
{
	ctx *c = vctx;
	dmc_abuild *b = c->b;
	if (v->id < 0 || v->id >= b->nbridge_vars || index < 0 || index >= v->size)
		return -1;
	if (v->local_type < 0)
		return b->gbase[v->id] < 0 ? -1 : b->gbase[v->id] + (int) index;
	int a = (pid == c->cur_pid) ? c->cur : -1;
	if (a < 0 && pid >= 0 && pid < dmc_br_nprocs())
		a = automaton_of(b, pid, dmc_br_proc_type(pid));
	if (a < 0 || b->lbase[a][v->id] < 0)
		return -1;
	return b->lbase[a][v->id] + (int) index;
}

static int chan_lookup(void *vctx, long id, int *cap)
{
	ctx *c = vctx;
	if (id < 1 || id > c->b->nchans || c->b->chan_len[id] < 0)
		return -1;
	*cap = c->b->chan_cap[id];
	return c->b->chan_len[id];
}

static char *fmt(const char *a, const char *name, long idx, int size)
{
	char buf[256];
	if (size > 1)
		snprintf(buf, sizeof buf, "%s%s%s[%ld]", a ? a : "", a ? "." : "", name, idx);
	else
		snprintf(buf, sizeof buf, "%s%s%s", a ? a : "", a ? "." : "", name);
	char *s = malloc(strlen(buf) + 1);
	if (s)
		strcpy(s, buf);
	return s;
}

static int add_var(dmc_abuild *b, const char *owner, const char *name, const dmc_var *h,
                   long idx, int aproc)
{
	int i = b->m.nvars++;
	b->m.vars[i].name = fmt(owner, name, idx, h->size);
	b->m.vars[i].lo = h->lo < h->hi ? h->lo : DOMAIN_LO;   /* pan's storage type: stores wrap */
	b->m.vars[i].hi = h->lo < h->hi ? h->hi : DOMAIN_HI;
	b->vh[i] = *h;
	b->vidx[i] = idx;
	b->vowner[i] = aproc;
	return b->m.vars[i].name ? 0 : -1;
}

static int make_vars(dmc_abuild *b)
{
	int n = dmc_br_nvars(), total = 0;
	const char *name;
	dmc_var h;
	b->nbridge_vars = n;
	for (int i = 0; i < n; i++) {
		if (dmc_br_var_at(i, &name, &h) != 0)
			return -1;
		if (h.local_type < 0)
			total += h.size;
		else
			for (int p = 0; p < b->m.nprocs; p++)
				if (b->proc_type[p] == h.local_type)
					total += h.size;
	}
	total += b->nchans + b->ncontent;
	b->m.vars = calloc((size_t) total + 1, sizeof *b->m.vars);
	b->vh = calloc((size_t) total + 1, sizeof *b->vh);
	b->vidx = calloc((size_t) total + 1, sizeof *b->vidx);
	b->vowner = calloc((size_t) total + 1, sizeof *b->vowner);
	b->gbase = malloc(((size_t) n + 1) * sizeof *b->gbase);
	b->lbase = calloc((size_t) b->m.nprocs + 1, sizeof *b->lbase);
	if (!b->m.vars || !b->vh || !b->vidx || !b->vowner || !b->gbase || !b->lbase)
		return -1;
	for (int p = 0; p < b->m.nprocs; p++) {
		if (!(b->lbase[p] = malloc(((size_t) n + 1) * sizeof **b->lbase)))
			return -1;
		for (int i = 0; i < n; i++)
			b->lbase[p][i] = -1;
	}
	for (int i = 0; i < n; i++) {
		dmc_br_var_at(i, &name, &h);
		b->gbase[i] = -1;
		if (h.local_type < 0) {
			b->gbase[i] = b->m.nvars;
			for (long k = 0; k < h.size; k++)
				if (add_var(b, NULL, name, &h, k, -1) < 0)
					return -1;
			continue;
		}
		for (int p = 0; p < b->m.nprocs; p++) {
			if (b->proc_type[p] != h.local_type)
				continue;
			b->lbase[p][i] = b->m.nvars;
			for (long k = 0; k < h.size; k++)
				if (add_var(b, b->m.procs[p].name, name, &h, k, p) < 0)
					return -1;
		}
	}
	/* channel lengths: owner CHAN_OWNER, vidx = the channel id */
	for (int id = 1; id <= b->nchans; id++) {
		char cname[48];
		if (b->chan_cap[id] <= 0)
			continue;
		snprintf(cname, sizeof cname, "len(chan %d)", id);
		b->chan_len[id] = b->m.nvars;
		memset(&h, 0, sizeof h);
		h.size = 1;
		if (add_var(b, NULL, cname, &h, id, CHAN_OWNER) < 0)
			return -1;
		b->m.vars[b->chan_len[id]].lo = 0;
		b->m.vars[b->chan_len[id]].hi = b->chan_cap[id];
		if (b->chan_nf[id] > 0)
			b->chan_content[id] = b->m.nvars;
		for (int f = 0; f < b->chan_nf[id]; f++) {
			int v = b->m.nvars;
			snprintf(cname, sizeof cname, "chan %d field %d", id, f);
			long lo, hi;
			if (add_var(b, NULL, cname, &h, (long) id * 64 + f, CONTENT_OWNER) < 0
			    || dmc_br_chan_field_range(id, f, &lo, &hi) < 0)
				return -1;
			/* the field's type: pan truncates a sent value to it */
			b->m.vars[v].lo = lo;
			b->m.vars[v].hi = hi;
			b->m.vars[v].empty_ok = 1;    /* an empty channel holds nothing */
		}
	}
	return 0;
}

/* The channels of the current state; none are modelled when the model
 * assigns chan variables or receives into them, or has embedded C (the
 * ids would not be fixed). */
static int make_chans(dmc_abuild *b)
{
	int len, cap, reassigned = 0;
	dmc_trans tr;
	dmc_stmt st;
	dmc_var v;
	for (int t = 0; t < dmc_br_ntypes() && !reassigned; t++)
		for (int s = 0; s < dmc_br_nstates(t); s++)
			for (int k = 0; k < dmc_br_ntrans(t, s); k++) {
				dmc_br_trans(t, s, k, &tr);
				dmc_stmt_split(tr.text, &st);
				/* an assignment, or a receive into a chan variable (a
				 * channel passed in a message); embedded C may do
				 * anything */
				if (st.embedded_c)
					reassigned = 1;
				for (int f = -1; f < (st.kind == DMC_ST_RECV ? st.nfields : 0) && !reassigned; f++) {
					const char *lv = f < 0 ? st.lhs : st.field[f];
					char name[128];
					if (!lv)
						continue;
					size_t n = strcspn(lv, "[ .");
					snprintf(name, sizeof name, "%.*s", (int) (n < sizeof name ? n : sizeof name - 1), lv);
					if (dmc_br_var_find(name, t, &v) == 0 && v.is_chan)
						reassigned = 1;
				}
				dmc_stmt_free(&st);
			}
	b->chans_unfixed = reassigned;
	while (!reassigned && dmc_br_chan(b->nchans + 1, &len, &cap) == 0)
		b->nchans++;
	b->chan_len = malloc(((size_t) b->nchans + 2) * sizeof *b->chan_len);
	b->chan_cap = malloc(((size_t) b->nchans + 2) * sizeof *b->chan_cap);
	b->chan_nf = malloc(((size_t) b->nchans + 2) * sizeof *b->chan_nf);
	b->chan_content = malloc(((size_t) b->nchans + 2) * sizeof *b->chan_content);
	if (!b->chan_len || !b->chan_cap || !b->chan_nf || !b->chan_content)
		return -1;
	b->ncontent = 0;
	for (int id = 0; id <= b->nchans; id++) {
		b->chan_len[id] = b->chan_content[id] = -1;
		b->chan_cap[id] = b->chan_nf[id] = 0;
		if (id > 0 && dmc_br_chan(id, &len, &cap) == 0) {
			int nf = dmc_br_chan_nfields(id), typed = 1;
			long lo, hi;
			b->chan_cap[id] = cap;
			for (int f = 0; f < nf && typed; f++)
				typed = dmc_br_chan_field_range(id, f, &lo, &hi) == 0;
			if (cap > 0 && nf > 0 && typed) {
				b->chan_nf[id] = nf;
				b->ncontent += nf;
			}
		}
	}
	return 0;
}

static int type_by_name(const char *name)
{
	for (int t = 0; t < dmc_br_ntypes(); t++)
		if (strcmp(dmc_br_type_name(t), name) == 0)
			return t;
	return -1;
}

/* Record the first thing the abstraction could not represent soundly. */
static void give_up(dmc_abuild *b, const char *fmt_, ...)
{
	va_list ap;
	if (b->gave_up[0])
		return;
	va_start(ap, fmt_);
	vsnprintf(b->gave_up, sizeof b->gave_up, fmt_, ap);
	va_end(ap);
}

/* Mark proctype r (-1: every proctype) as started by some run. */
static void mark_spawned(dmc_abuild *b, int r, int *nspawn)
{
	for (int t = 0; t < b->ntypes; t++)
		if ((t == r || (r < 0 && !dmc_br_is_claim(t))) && b->spawn_of[t] == -1) {
			b->spawn_of[t] = -2;      /* numbered in make_procs */
			(*nspawn)++;
		}
}

static int make_procs(dmc_abuild *b)
{
	int np = dmc_br_nprocs(), nt = dmc_br_ntypes(), nspawn = 0;
	dmc_trans tr;
	dmc_stmt st;
	b->ntypes = nt;
	b->ninit = np;
	b->spawn_of = malloc(((size_t) nt + 1) * sizeof *b->spawn_of);
	if (!b->spawn_of)
		return -1;
	for (int t = 0; t < nt; t++)
		b->spawn_of[t] = -1;
	/* which proctypes some run starts, in any statement and expression */
	for (int t = 0; t < nt; t++)
		for (int s = 0; s < dmc_br_nstates(t); s++)
			for (int k = 0; k < dmc_br_ntrans(t, s); k++) {
				dmc_br_trans(t, s, k, &tr);
				dmc_stmt_split(tr.text, &st);
				for (int i = 0; i < st.nruns; i++) {
					int r = type_by_name(st.runs[i]);
					if (r < 0) {
						st.runs_unknown = 1;
						break;
					}
					mark_spawned(b, r, &nspawn);
				}
				if (st.runs_unknown) {
					give_up(b, "a run whose proctype is not known (line %d: %s)", tr.line, tr.text);
					mark_spawned(b, -1, &nspawn);
				}
				dmc_stmt_free(&st);
			}
	b->m.nprocs = np + nspawn;
	b->m.procs = calloc((size_t) b->m.nprocs + 1, sizeof *b->m.procs);
	b->proc_type = calloc((size_t) b->m.nprocs + 1, sizeof *b->proc_type);
	if (!b->m.procs || !b->proc_type)
		return -1;
	for (int p = 0; p < b->m.nprocs; p++) {
		char name[160];
		int t;
		if (p < np) {
			t = dmc_br_proc_type(p);
			snprintf(name, sizeof name, "%s[%d]", dmc_br_type_name(t), p);
		} else {
			for (t = 0; t < nt && b->spawn_of[t] != -2; t++)
				;
			b->spawn_of[t] = p;
			snprintf(name, sizeof name, "%s[run]", dmc_br_type_name(t));
		}
		b->proc_type[p] = t;
		b->m.procs[p].name = malloc(strlen(name) + 1);
		if (!b->m.procs[p].name)
			return -1;
		strcpy(b->m.procs[p].name, name);
		b->m.procs[p].nlocs = dmc_br_nstates(t);
		b->m.procs[p].start = dmc_br_start_state(t);
		b->m.procs[p].claim = dmc_br_is_claim(t);
	}
	return 0;
}

static dmc_aexpr *abstract_text(ctx *c, const char *text, int *approx)
{
	char err[128];
	dmc_expr *e = text ? dmc_expr_parse(text, c->b->proc_type[c->cur], err, sizeof err) : NULL;
	if (!e) {
		(*approx)++;
		return NULL;
	}
	dmc_aexpr *a = dmc_expr_abstract(e, c->cur_pid, var_lookup, chan_lookup, c, approx);
	dmc_expr_free(e);
	return a;
}

/* Append an assignment to t. */
static int assign(dmc_atrans *t, int var, dmc_aexpr *rhs)
{
	dmc_assign *more = realloc(t->assign, ((size_t) t->nassign + 1) * sizeof *more);
	if (!more) {
		dmc_aexpr_free(rhs);
		return -1;
	}
	t->assign = more;
	t->assign[t->nassign].var = var;
	t->assign[t->nassign].rhs = rhs;
	t->assign[t->nassign].merged = 0;
	t->assign[t->nassign].bounded = 0;
	t->nassign++;
	return 0;
}

/* Targets of an assignment or a received field: their abstract
 * variables, into c->b->lv (room for every element of any array, so an
 * unknown index writes them all). */
static int lvalues(ctx *c, const char *text)
{
	char err[128];
	dmc_expr *e = dmc_expr_parse(text, c->b->proc_type[c->cur], err, sizeof err);
	int n = e ? dmc_expr_lvalues(e, c->cur_pid, var_lookup, c, c->b->lv, c->b->lv_cap) : -1;
	dmc_expr_free(e);
	return n;
}

/* Effects not known: every global and the automaton's locals may change. */
static int havoc(ctx *c, dmc_atrans *t)
{
	for (int v = 0; v < c->b->m.nvars; v++)
		if (c->b->vowner[v] < 0 || c->b->vowner[v] == c->cur)
			if (assign(t, v, NULL) < 0)
				return -1;
	return 0;
}

/* Embedded C: every variable may change. */
static int havoc_all(dmc_atrans *t, int nvars)
{
	for (int v = 0; v < nvars; v++)
		if (assign(t, v, NULL) < 0)
			return -1;
	return 0;
}

/* The channel a send or receive uses, whether it is a rendezvous
 * (capacity 0) as far as the current state tells, and for a buffered
 * channel with a modelled length its id (else 0). */
static int channel(ctx *c, const char *chan, dmc_aexpr **ch, int *rendezvous, long *buffered)
{
	char err[128];
	long id;
	int len, cap, approx = 0;
	dmc_expr *e = dmc_expr_parse(chan, c->b->proc_type[c->cur], err, sizeof err);
	*ch = NULL;
	*rendezvous = 0;
	*buffered = 0;
	if (!e)
		return 0;
	if (c->chan_mode == CHAN_RENDEZVOUS)
		*rendezvous = 1;
	else if (c->chan_mode == CHAN_BY_STATE && dmc_expr_eval(e, dmc_view_now(), c->cur_pid, &id) == 0
	         && dmc_br_chan(id, &len, &cap) == 0) {
		if (cap == 0)
			*rendezvous = 1;
		else if (id <= c->b->nchans && c->b->chan_len[id] >= 0)
			*buffered = id;
	}
	*ch = dmc_expr_abstract(e, c->cur_pid, var_lookup, chan_lookup, c, &approx);
	dmc_expr_free(e);
	if (*rendezvous && !*ch)
		return -1;
	return 0;
}

/* Does chan name the same channel, of the same kind, in every state?
 * Only when chan variables are never assigned or received into and the
 * current state tells its id (a local of an instance `run` creates
 * later, e.g. a chan parameter, is not known here). */
static int chan_fixed(ctx *c, const char *chan)
{
	char err[128];
	long id;
	int len, cap, fixed = 0;
	dmc_expr *e;
	if (c->b->chans_unfixed)
		return 0;
	e = dmc_expr_parse(chan, c->b->proc_type[c->cur], err, sizeof err);
	fixed = e && dmc_expr_eval(e, dmc_view_now(), c->cur_pid, &id) == 0 && dmc_br_chan(id, &len, &cap) == 0;
	dmc_expr_free(e);
	return fixed;
}

/* The id of the channel chan names in the current state, or -1. */
static long chan_id(ctx *c, const char *chan)
{
	char err[128];
	long id = -1;
	dmc_expr *e = dmc_expr_parse(chan, c->b->proc_type[c->cur], err, sizeof err);
	if (!e || dmc_expr_eval(e, dmc_view_now(), c->cur_pid, &id) != 0)
		id = -1;
	dmc_expr_free(e);
	return id;
}

static dmc_aexpr *var_ref(int var)
{
	dmc_aexpr *e = dmc_aexpr_leaf(DMC_AE_VAR, 0);
	if (e)
		e->var = var;
	return e;
}

/* op(a, b), NULL when either is missing (out of memory) */
static dmc_aexpr *binary(dmc_ae_op op, dmc_aexpr *a, dmc_aexpr *b)
{
	if (!a || !b) {
		dmc_aexpr_free(a);
		dmc_aexpr_free(b);
		return NULL;
	}
	return dmc_aexpr_new(op, a, b);
}

static dmc_aexpr *len_op(dmc_ae_op op, int var, long k)
{
	return binary(op, var_ref(var), dmc_aexpr_leaf(DMC_AE_CONST, k));
}

/* A send needs room and adds a message; a receive needs one and takes it. */
static int buffered_length(dmc_abuild *b, dmc_atrans *t, long id, int send)
{
	int len = b->chan_len[id];
	dmc_aexpr *rhs;
	t->guard = send ? len_op(DMC_AE_LT, len, b->chan_cap[id]) : len_op(DMC_AE_GT, len, 0);
	rhs = len_op(send ? DMC_AE_ADD : DMC_AE_SUB, len, 1);
	if (!t->guard || !rhs) {
		dmc_aexpr_free(rhs);
		return -1;
	}
	return assign(t, len, rhs);
}

/* A buffered channel's contents: per field, the set of values it may
 * hold.  A send adds its values; a receive gives its variables the
 * field's values, and a constant field (a message to match) needs the
 * field to hold that constant. */
static int buffered_contents(ctx *c, dmc_atrans *t, long id, const dmc_stmt *st)
{
	dmc_abuild *b = c->b;
	const int *lv = c->b->lv;
	for (int f = 0; f < st->nfields && f < b->chan_nf[id]; f++) {
		int cv = b->chan_content[id] + f;
		if (st->kind == DMC_ST_SEND) {
			if (assign(t, cv, abstract_text(c, st->field[f], &b->approx_exprs)) < 0)
				return -1;
			continue;
		}
		int n = lvalues(c, st->field[f]);
		for (int k = 0; k < n; k++) {
			dmc_aexpr *r = var_ref(cv);
			if (!r || assign(t, lv[k], r) < 0)
				return -1;
		}
		if (n <= 0) {             /* a value to match: a constant, eval(e), _ */
			int approx = 0;
			dmc_aexpr *k = abstract_text(c, st->field[f], &approx);
			if (k && k->op == DMC_AE_CONST) {
				/* len > 0 && field == k */
				t->guard = binary(DMC_AE_AND, t->guard, binary(DMC_AE_EQ, var_ref(cv), k));
				if (!t->guard)
					return -1;
			} else
				dmc_aexpr_free(k);
		}
	}
	return 0;
}

/* The value a received field must match: a constant, or eval(e) (the
 * value of e in the receiver); NULL for _, or when the expression is not
 * fully known (the field then constrains nothing, as before matching was
 * modelled).  In pan a rendezvous receive is executable only if every
 * such field equals the sender's: this is the receive's guard, e.g. the
 * guard of the UPPAAL edge that the translation puts into eval(). */
static dmc_aexpr *match_value(ctx *c, const char *text)
{
	const char *end;
	int approx = 0;
	char *inner;
	dmc_aexpr *a;
	while (*text == ' ' || *text == '\t')
		text++;
	end = text + strlen(text);
	while (end > text && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (end == text || (end - text == 1 && text[0] == '_'))
		return NULL;
	if (end - text > 6 && strncmp(text, "eval", 4) == 0 && end[-1] == ')') {
		const char *p = text + 4;
		int depth = 0;
		while (*p == ' ' || *p == '\t')
			p++;
		/* strip eval( ... ) only if its '(' closes at the very end */
		for (const char *q = p; *p == '(' && q < end; q++) {
			depth += *q == '(';
			depth -= *q == ')';
			if (depth == 0) {
				if (q == end - 1) {
					text = p + 1;
					end--;
				}
				break;
			}
		}
	}
	if (!(inner = malloc((size_t) (end - text) + 1)))
		return NULL;
	memcpy(inner, text, (size_t) (end - text));
	inner[end - text] = 0;
	a = abstract_text(c, inner, &approx);
	free(inner);
	if (a && approx) {
		dmc_aexpr_free(a);
		a = NULL;
	}
	return a;
}

/* The effects of statement st (not its runs) on t. */
static int add_effects(ctx *c, dmc_atrans *t, const dmc_stmt *stp)
{
	dmc_abuild *b = c->b;
	dmc_stmt st = *stp;
	const int *lv = c->b->lv;
	int n, rv;
	long id, cid = 0;
	switch (st.kind) {
	case DMC_ST_COND:
		if (st.rhs)
			t->guard = abstract_text(c, st.rhs, &b->approx_exprs);
		return 0;
	case DMC_ST_ASSIGN: {
		dmc_aexpr *rhs = abstract_text(c, st.rhs, &b->approx_exprs);
		n = lvalues(c, st.lhs);
		if (n < 0) {              /* not a variable we can read: anything may change */
			dmc_aexpr_free(rhs);
			b->approx_stmts++;
			return havoc(c, t);
		}
		for (int k = 0; k < n; k++) {
			dmc_aexpr *r = NULL;
			if (rhs && k + 1 < n && !(r = abstract_text(c, st.rhs, &b->approx_exprs)))
				return -1;
			if (assign(t, lv[k], k + 1 < n ? r : rhs) < 0)
				return -1;
		}
		if (n == 0)
			dmc_aexpr_free(rhs);
		return 0;
	}
	case DMC_ST_SEND:
	case DMC_ST_RECV:
		if (channel(c, st.chan, &t->chan, &rv, &id) < 0)
			return -1;
		if (!rv) {                /* buffered, or a channel not known */
			dmc_aexpr_free(t->chan);
			t->chan = NULL;
			if (id > 0 && buffered_length(b, t, id, st.kind == DMC_ST_SEND) < 0)
				return -1;
			if (id > 0 && b->chan_nf[id] > 0)
				return buffered_contents(c, t, id, &st);
			b->approx_chans++;        /* contents not tracked */
			if (st.kind == DMC_ST_RECV)
				for (int f = 0; f < st.nfields; f++) {
					n = lvalues(c, st.field[f]);
					for (int k = 0; k < n; k++)
						if (assign(t, lv[k], NULL) < 0)
							return -1;
				}
			return 0;
		}
		t->sync = st.kind == DMC_ST_SEND ? DMC_SYNC_SEND : DMC_SYNC_RECV;
		t->nmsg = st.nfields;
		t->msg = calloc((size_t) st.nfields + 1, sizeof *t->msg);
		t->recv_var = calloc((size_t) st.nfields + 1, sizeof *t->recv_var);
		if (st.kind == DMC_ST_RECV)
			t->match = calloc((size_t) st.nfields + 1, sizeof *t->match);
		if (!t->msg || !t->recv_var || (st.kind == DMC_ST_RECV && !t->match))
			return -1;
		for (int f = 0; f < st.nfields; f++) {
			t->recv_var[f] = -1;
			if (st.kind == DMC_ST_SEND)
				t->msg[f] = abstract_text(c, st.field[f], &b->approx_exprs);
			else if ((n = lvalues(c, st.field[f])) == 1)
				t->recv_var[f] = lv[0];
			else if (n <= 0 && (cid > 0 || (cid = chan_id(c, st.chan)) > 0)
			         && dmc_br_chan_field_range(cid, f, &t->match[f].lo, &t->match[f].hi) == 0)
				/* a constant or eval(e) to match, or _ */
				t->match[f].value = match_value(c, st.field[f]);
			else                  /* a run-time element */
				for (int k = 0; k < n; k++)
					if (assign(t, lv[k], NULL) < 0)
						return -1;
		}
		return 0;
	case DMC_ST_OTHER:
		b->approx_stmts++;
		return havoc(c, t);
	default:                      /* run (add_spawns), else, timeout, printf, assert, -end-:
		                       * no effect */
		return 0;
	}
}

/* Transition `ti` starts the spawn automaton `spawn`: the new instance's
 * locals start from its arguments and initialisers, which are not
 * modelled: any value.  (Instances already running put only their own
 * values there.) */
static int spawn_on(dmc_abuild *b, int ti, int spawn)
{
	b->m.trans[ti].spawn = spawn;
	for (int v = 0; v < b->m.nvars; v++)
		if (b->vowner[v] == spawn && assign(&b->m.trans[ti], v, NULL) < 0)
			return -1;
	return 0;
}

/* A new transition with the move (process, locations) of transition ti,
 * no guard and no effects (copy_move: with ti's guard); its index, or -1. */
static int new_trans(dmc_abuild *b, int ti)
{
	dmc_atrans *more = realloc(b->m.trans, ((size_t) b->m.ntrans + 1) * sizeof *more);
	if (!more)
		return -1;
	b->m.trans = more;
	dmc_atrans *copy = &b->m.trans[b->m.ntrans];
	memset(copy, 0, sizeof *copy);
	copy->proc = b->m.trans[ti].proc;
	copy->from = b->m.trans[ti].from;
	copy->to = b->m.trans[ti].to;
	copy->id = b->m.trans[ti].id;
	copy->atomic = b->m.trans[ti].atomic;   /* the move's atom bit, whatever the reading */
	copy->spawn = -1;
	return b->m.ntrans++;
}

static int copy_move(dmc_abuild *b, int ti)
{
	int tj = new_trans(b, ti);
	if (tj < 0)
		return -1;
	b->m.ntrans--;                /* not counted until complete */
	if (b->m.trans[ti].guard && !(b->m.trans[tj].guard = dmc_aexpr_copy(b->m.trans[ti].guard)))
		return -1;
	return b->m.ntrans++;
}

/* The processes transition `ti` (statement st) starts.  A transition
 * starts one automaton; each further one gets a copy of the move with
 * only the guard (in the monotone abstraction both fire in the same
 * layer, and the copy adds no behaviour the original lacks but the
 * effects, which only makes it more permissive). */
static int add_spawns(ctx *c, int ti, const dmc_stmt *st)
{
	dmc_abuild *b = c->b;
	int first = 1;
	for (int t = 0; t < b->ntypes; t++) {
		int wanted = 0;
		if (dmc_br_is_claim(t) || b->spawn_of[t] < 0)
			continue;
		wanted = st->runs_unknown;
		for (int i = 0; i < st->nruns && !wanted; i++)
			wanted = strcmp(st->runs[i], dmc_br_type_name(t)) == 0;
		if (!wanted)
			continue;
		if (!first && (ti = copy_move(b, ti)) < 0)
			return -1;
		first = 0;
		if (spawn_on(b, ti, b->spawn_of[t]) < 0)
			return -1;
	}
	if (st->nruns > 0 && first)   /* none of them is a proctype */
		b->approx_runs++;
	return 0;
}

/* Whether statement st (of pan transition tr, abstract guard guard) is
 * executable whenever its guard is true: an assignment, a condition
 * whose expression was read, goto, skip, printf, assert.  Never a
 * channel operation, run, else, timeout, -end- (a process ends only
 * after those it started), d_step or unknown code, and nothing when pan
 * may hold a process back (provided clauses, priorities).  pan's
 * statement merging appends only statements that cannot block. */
static int certain(const dmc_stmt *st, const dmc_trans *tr, const dmc_aexpr *guard)
{
	if (st->embedded_c || tr->zone_guard || st->truncated || st->nruns > 0 || st->runs_unknown
	    || (tr->atomic & DMC_TR_DSTEP) || dmc_br_restricts_processes())
		return 0;
	switch (st->kind) {
	case DMC_ST_ASSIGN:
		return 1;
	case DMC_ST_COND:
		return guard != NULL;
	case DMC_ST_NOP:
		return strcmp(tr->text, "-end-") != 0;
	default:
		return 0;
	}
}

/* Structurally equal abstract expressions. */
static int same_aexpr(const dmc_aexpr *a, const dmc_aexpr *b)
{
	if (!a || !b)
		return a == b;
	if (a->op != b->op || (a->op == DMC_AE_CONST && a->value != b->value)
	    || (a->op == DMC_AE_VAR && a->var != b->var))
		return 0;
	return same_aexpr(a->a, b->a) && same_aexpr(a->b, b->b) && same_aexpr(a->c, b->c);
}

/* Is the assert at state `at` of `type` a target of every instance
 * (an assert goal located there alone)? */
static int assert_is_target(const dmc_targets *tg, int type, int at)
{
	for (int i = 0; tg && i < tg->ngoals; i++) {
		const dmc_goal *g = &tg->goals[i];
		if ((g->kind == DMC_TGT_ASSERT || g->kind == DMC_TGT_CLAIM) && g->nlocs == 1
		    && g->locs[0].type == type && g->locs[0].state == at && g->locs[0].pid < 0)
			return 1;
	}
	return 0;
}

/* The range check dmc translate puts before a store into a bounded
 * integer: `assert(lo <= E && E <= hi); x = E` inside an atomic sequence.
 * When the only way into state `from` (the assignment's) is that assert,
 * the assert ends inside the atomic sequence (the same process moves
 * next: the assignment, always executable, reads the state the assert
 * read) and the assert is a target, every store of a value outside
 * [lo, hi] comes after an assertion violation, i.e. after a goal: a
 * shortest path to any goal never makes one.  So the ATG may drop those
 * values (dmc_assign.bounded).  Without this, `incs = incs - 1` from 1
 * gives the shortcut's (-inf, 0], which wraps to all of byte's 0..255:
 * incs >= 2 "may hold" one step after a client leaves its critical
 * section (the arbiter trees, issue 17).  1 with *lo, *hi set, else 0. */
static int range_assert(ctx *c, int from, const dmc_aexpr *rhs, long *lo, long *hi)
{
	int type = c->b->proc_type[c->cur], approx = 0, ok = 0;
	dmc_trans in;
	char err[128];
	/* provided clauses or priorities could hold the process back between
	 * the assert and the store while others change E */
	if (!rhs || !c->tg || !c->in_s || c->in_s[from] < 0 || from == dmc_br_start_state(type)
	    || dmc_br_restricts_processes())
		return 0;
	dmc_br_trans(type, c->in_s[from], c->in_k[from], &in);
	if (!(in.atomic & DMC_TR_ATOMIC) || (in.atomic & DMC_TR_DSTEP) || !in.text
	    || strncmp(in.text, "assert", 6) != 0 || !assert_is_target(c->tg, type, in.from))
		return 0;
	dmc_expr *e = dmc_expr_parse_assert(in.text, type, err, sizeof err);
	dmc_aexpr *a = e ? dmc_expr_abstract(e, c->cur_pid, var_lookup, chan_lookup, c, &approx) : NULL;
	dmc_expr_free(e);
	if (a && !approx && a->op == DMC_AE_AND && a->a && a->b && a->a->op == DMC_AE_LE
	    && a->b->op == DMC_AE_LE && a->a->a && a->a->a->op == DMC_AE_CONST && a->b->b
	    && a->b->b->op == DMC_AE_CONST && same_aexpr(a->a->b, rhs) && same_aexpr(a->b->a, rhs)
	    && a->a->a->value <= a->b->b->value) {
		*lo = a->a->a->value;
		*hi = a->b->b->value;
		ok = 1;
	}
	dmc_aexpr_free(a);
	return ok;
}

/* The global scalar named name, as an abstract variable, or -1. */
static int global_var(void *vctx, const char *name)
{
	dmc_var h;
	if (dmc_br_var_find(name, -1, &h) != 0 || h.local_type >= 0 || h.size != 1)
		return -1;
	return var_lookup(vctx, &h, 0, -1);
}

/* Transition ti's zone operation, as the translation's note says
 * (clock_note.h).  A note not understood on a statement (its effect on
 * the zone unknown) makes the model drop every clock (clocks_finish);
 * on a test it is only a guard that may hold.  A test counts only in a
 * condition (a statement that blocks when false), not inside an assert
 * (the query's, which executes either way). */
static void add_clock_note(ctx *c, int ti, const dmc_trans *tr, int condition)
{
	dmc_abuild *b = c->b;
	dmc_aclkprog *pr = calloc(1, sizeof *pr);
	if (!pr || dmc_clk_note(tr->zone_note, pr) < 0 || (pr->kind == DMC_CLK_TEST) != (tr->zone_guard != 0)
	    || (pr->kind == DMC_CLK_TEST && !condition)) {
		if (pr)
			free(pr->item);
		free(pr);
		b->clk_unknown |= !tr->zone_guard;
		return;
	}
	if (pr->kind == DMC_CLK_POST && !b->m.nclocks && dmc_clk_tables(tr->zone_note, &b->m, global_var, c) < 0)
		b->clk_unknown = 1;
	b->m.trans[ti].clk = pr;
}

/* Every clock dropped unless every note was understood, a post's note
 * gave the tables, every item names one of their clocks and pan did not
 * merge statements (a merged statement's zone code could come with any
 * transition of its process). */
static void clocks_finish(dmc_abuild *b)
{
	dmc_amodel *m = &b->m;
	int ok = !b->clk_unknown && m->nclocks > 0 && !dmc_br_statement_merging();
	for (int t = 0; t < m->ntrans && ok; t++)
		for (int i = 0; m->trans[t].clk && i < m->trans[t].clk->n && ok; i++)
			ok = m->trans[t].clk->item[i].clock <= m->nclocks;
	if (ok)
		return;
	for (int t = 0; t < m->ntrans; t++) {
		if (m->trans[t].clk)
			free(m->trans[t].clk->item);
		free(m->trans[t].clk);
		m->trans[t].clk = NULL;
	}
	free(m->clock_max);
	for (int i = 0; i < m->nclk_at; i++)
		free(m->clk_at[i].item);
	free(m->clk_at);
	m->clock_max = NULL;
	m->clk_at = NULL;
	m->nclocks = m->nclk_at = 0;
}

static int add_trans(ctx *c, int from, const dmc_trans *tr)
{
	dmc_abuild *b = c->b;
	dmc_amodel *m = &b->m;
	dmc_stmt st;
	int ti, rc;
	dmc_atrans *more = realloc(m->trans, ((size_t) m->ntrans + 1) * sizeof *more);
	if (!more)
		return -1;
	m->trans = more;
	ti = m->ntrans++;
	dmc_atrans *t = &m->trans[ti];
	memset(t, 0, sizeof *t);
	t->proc = c->cur;
	t->from = from;
	t->to = tr->to;
	t->spawn = -1;
	t->id = tr->id;
	t->atomic = (tr->atomic & DMC_TR_ATOMIC) != 0;

	dmc_stmt_split(tr->text, &st);
	if (st.embedded_c) {
		/* C may change anything, pcs and processes included: havoc
		 * what the model has, and give up on proving dead ends */
		b->approx_stmts++;
		give_up(b, "embedded C (line %d: %s)", tr->line, tr->text);
		rc = havoc_all(t, b->m.nvars);
	} else
		rc = add_effects(c, t, &st);
	if (rc == 0 && tr->zone_note)
		add_clock_note(c, ti, tr, st.kind == DMC_ST_COND);
	if (rc == 0 && (st.kind == DMC_ST_SEND || st.kind == DMC_ST_RECV) && !st.embedded_c
	    && !chan_fixed(c, st.chan)) {
		/* the channel may be a rendezvous or buffered, whatever it is
		 * now: a second transition for the other reading */
		int tj = new_trans(b, ti);
		if (tj < 0) {
			dmc_stmt_free(&st);
			return -1;
		}
		c->chan_mode = m->trans[ti].sync != DMC_SYNC_NONE ? CHAN_BUFFERED : CHAN_RENDEZVOUS;
		rc = add_effects(c, &m->trans[tj], &st);
		c->chan_mode = CHAN_BY_STATE;
	}
	if (rc == 0 && st.kind == DMC_ST_ASSIGN && !st.embedded_c && m->trans[ti].nassign == 1
	    && range_assert(c, from, m->trans[ti].assign[0].rhs, &m->trans[ti].assign[0].lo,
	                    &m->trans[ti].assign[0].hi)) {
		m->trans[ti].assign[0].bounded = 1;
		b->range_checked++;
	}
	if (rc == 0) {
		m->trans[ti].certain = certain(&st, tr, m->trans[ti].guard);
		rc = add_spawns(c, ti, &st);
	}
	dmc_stmt_free(&st);
	return rc < 0 ? -1 : rc;
}

/* States of type reachable from its start through the table's edges.
 * With statement merging (spin -a's default) pan shows only the first
 * statement of a merged sequence; the others stay in the table at states
 * no edge leads to. */
static unsigned char *reachable_states(int type)
{
	int n = dmc_br_nstates(type), head = 0, tail = 0;
	unsigned char *seen = calloc((size_t) n + 1, 1);
	int *queue = malloc(((size_t) n + 1) * sizeof *queue);
	dmc_trans tr;
	if (!seen || !queue) {
		free(seen);
		free(queue);
		return NULL;
	}
	int start = dmc_br_start_state(type);
	if (start >= 0 && start < n) {
		seen[start] = 1;
		queue[tail++] = start;
	}
	while (head < tail) {
		int s = queue[head++];
		for (int k = 0; k < dmc_br_ntrans(type, s); k++) {
			dmc_br_trans(type, s, k, &tr);
			if (tr.to >= 0 && tr.to < n && !seen[tr.to]) {
				seen[tr.to] = 1;
				queue[tail++] = tr.to;
			}
		}
	}
	free(queue);
	return seen;
}

/* 1 when a transition at a reachable state of `type` has pan's t_id `id`.
 * pan puts a copy of each if/do option's first statement (same t_id,
 * same code) into the if/do state; the original stays at a state nothing
 * reaches and never executes from there. */
static int copied_to_live(int type, const unsigned char *live, int id)
{
	dmc_trans tr;
	if (id == 0)          /* merged-away entries are settr(0,...): never a copy */
		return 0;
	for (int s = 0; s < dmc_br_nstates(type); s++)
		for (int k = 0; k < dmc_br_ntrans(type, s) && live[s]; k++) {
			dmc_br_trans(type, s, k, &tr);
			if (tr.id == id)
				return 1;
		}
	return 0;
}

/* Give transitions first..(ntrans at call) the effects of the merged
 * transitions: their assignments, and their runs (a transition that
 * starts another process already gets a copy of its move for it). */
static int merge_into(dmc_abuild *b, int first, const dmc_atrans *merged, int nmerged)
{
	int last = b->m.ntrans;
	for (int j = 0; j < nmerged; j++) {
		for (int i = first; i < last; i++)
			for (int a = 0; a < merged[j].nassign; a++) {
				dmc_aexpr *rhs = NULL;
				if (merged[j].assign[a].rhs && !(rhs = dmc_aexpr_copy(merged[j].assign[a].rhs)))
					return -1;
				if (assign(&b->m.trans[i], merged[j].assign[a].var, rhs) < 0)
					return -1;
				b->m.trans[i].assign[b->m.trans[i].nassign - 1].merged = 1;
			}
		int sp = merged[j].spawn;
		for (int i = first; i < last && sp >= 0; i++) {
			int k = i;
			if (b->m.trans[i].spawn == sp)
				continue;
			if (b->m.trans[i].spawn >= 0 && (k = copy_move(b, i)) < 0)
				return -1;
			b->m.trans[k].spawn = sp;
			b->m.trans[k].certain = 0;    /* a run may fail */
		}
		if (merged[j].nassign > 0 || sp >= 0)
			b->approx_merged++;
	}
	return 0;
}

/* The effects of statements merged into others (they sit at unreachable
 * states): we cannot tell which transition carries them, so every
 * transition of the automaton gets them (abstract effects only add
 * values: an over-approximation).  Originals of copied if/do options
 * are skipped: their copies are ordinary transitions already. */
static int add_merged_effects(ctx *c, const unsigned char *live, int first_trans)
{
	dmc_abuild *b = c->b;
	int type = b->proc_type[c->cur];
	dmc_trans tr;
	for (int s = 0; s < dmc_br_nstates(type); s++) {
		if (live[s])
			continue;
		for (int k = 0; k < dmc_br_ntrans(type, s); k++) {
			dmc_br_trans(type, s, k, &tr);
			if (copied_to_live(type, live, tr.id))
				continue;
			/* build it as a transition of its own (or several, for
			 * several runs), take them off the list, copy their effects */
			int before = b->m.ntrans, nmerged;
			if (add_trans(c, s, &tr) < 0)
				return -1;
			nmerged = b->m.ntrans - before;
			dmc_atrans *merged = malloc((size_t) nmerged * sizeof *merged);
			if (!merged)
				return -1;
			memcpy(merged, &b->m.trans[before], (size_t) nmerged * sizeof *merged);
			b->m.ntrans = before;
			int rc = merge_into(b, first_trans, merged, nmerged);
			for (int j = 0; j < nmerged; j++)
				dmc_atrans_free_parts(&merged[j]);
			free(merged);
			if (rc < 0)
				return -1;
		}
	}
	return 0;
}

/* in_s/in_k of ctx for proctype type: one pass over its transitions. */
static int incoming(int type, int **in_s, int **in_k)
{
	int n = dmc_br_nstates(type);
	dmc_trans tr;
	*in_s = malloc(((size_t) n + 1) * sizeof **in_s);
	*in_k = malloc(((size_t) n + 1) * sizeof **in_k);
	if (!*in_s || !*in_k)
		return -1;
	for (int s = 0; s <= n; s++)
		(*in_s)[s] = -1;
	for (int s = 0; s < n; s++)
		for (int k = 0; k < dmc_br_ntrans(type, s); k++) {
			dmc_br_trans(type, s, k, &tr);
			if (tr.to < 0 || tr.to > n)
				continue;
			if ((*in_s)[tr.to] == -1) {
				(*in_s)[tr.to] = s;
				(*in_k)[tr.to] = k;
			} else
				(*in_s)[tr.to] = -2;
		}
	return 0;
}

static int make_trans(dmc_abuild *b, const dmc_targets *tg)
{
	dmc_trans tr;
	for (int p = 0; p < b->m.nprocs; p++) {
		int type = b->proc_type[p], first = b->m.ntrans, rc = 0, *in_s = NULL, *in_k = NULL;
		unsigned char *live = reachable_states(type);
		if (!live || incoming(type, &in_s, &in_k) < 0)
			rc = -1;
		ctx c = { b, p, p < b->ninit ? p : -1, CHAN_BY_STATE, tg, in_s, in_k };
		for (int s = 0; s < dmc_br_nstates(type) && rc == 0; s++)
			for (int k = 0; k < dmc_br_ntrans(type, s) && live[s] && rc == 0; k++) {
				dmc_br_trans(type, s, k, &tr);
				rc = add_trans(&c, s, &tr);
			}
		if (rc == 0)
			rc = add_merged_effects(&c, live, first);
		free(live);
		free(in_s);
		free(in_k);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The goals, all of tg's or all but its range checks; the transitions
 * (make_trans) see every goal of tg either way. */
static int make_goals(dmc_abuild *b, const dmc_targets *tg, int goals)
{
	int n = 0;
	for (int i = 0; i < tg->ngoals; i++)
		if (tg->goals[i].nlocs == 1)
			n += b->m.nprocs;
	b->m.goals = calloc((size_t) n + 1, sizeof *b->m.goals);
	if (!b->m.goals)
		return -1;
	for (int i = 0; i < tg->ngoals; i++) {
		const dmc_goal *g = &tg->goals[i];
		if (g->nlocs != 1)        /* several locations: not produced yet */
			continue;
		if (g->range_check && goals == DMC_GOALS_NO_RANGE_CHECKS)
			continue;
		for (int p = 0; p < b->m.nprocs; p++) {
			if (b->proc_type[p] != g->locs[0].type || (g->locs[0].pid >= 0 && g->locs[0].pid != p))
				continue;
			dmc_agoal *a = &b->m.goals[b->m.ngoals++];
			ctx c = { b, p, p < b->ninit ? p : -1, CHAN_BY_STATE, tg, NULL, NULL };
			a->nlocs = 1;
			a->proc = malloc(sizeof *a->proc);
			a->loc = malloc(sizeof *a->loc);
			if (!a->proc || !a->loc)
				return -1;
			a->proc[0] = p;
			a->loc[0] = g->locs[0].state;
			a->extra_steps = g->extra_steps;
			if (g->formula)
				a->formula = dmc_expr_abstract(g->formula, c.cur_pid, var_lookup, chan_lookup, &c,
				                               &b->approx_exprs);
		}
	}
	return 0;
}

/* Is v read at the same place in every state (dmc_abuild.fixed_var)? */
static int is_fixed(const dmc_abuild *b, int v)
{
	int owner = b->vowner[v];
	return owner != CHAN_OWNER && owner != CONTENT_OWNER && (owner < 0 || owner < b->ninit);
}

static int make_buffers(dmc_abuild *b)
{
	int spawned_vars = 0;
	for (int v = 0; v < b->m.nvars; v++)
		if (b->vowner[v] >= b->ninit)
			spawned_vars++;
	/* channel lengths are read one value each: counted in nvars */
	b->cap_locs = 256 + b->m.nprocs;              /* pan: at most 255 processes */
	b->cap_vals = b->m.nvars + spawned_vars * 256;
	for (int id = 1; id <= b->nchans; id++)
		b->cap_vals += b->chan_nf[id] * b->chan_cap[id];   /* a value per message */
	b->loc_proc = malloc((size_t) b->cap_locs * sizeof *b->loc_proc);
	b->loc_loc = malloc((size_t) b->cap_locs * sizeof *b->loc_loc);
	b->val_var = malloc(((size_t) b->cap_vals + 1) * sizeof *b->val_var);
	b->val_val = malloc(((size_t) b->cap_vals + 1) * sizeof *b->val_val);
	size_t nf = (size_t) b->m.nvars + 1;
	b->fixed_var = malloc(nf * sizeof *b->fixed_var);
	b->fixed_pid = malloc(nf * sizeof *b->fixed_pid);
	b->fixed_idx = malloc(nf * sizeof *b->fixed_idx);
	b->fixed_val = malloc(nf * sizeof *b->fixed_val);
	b->fixed_ok = malloc(nf);
	if (!b->loc_proc || !b->loc_loc || !b->val_var || !b->val_val || !b->fixed_var
	    || !b->fixed_pid || !b->fixed_idx || !b->fixed_val || !b->fixed_ok)
		return -1;
	b->nfixed = 0;
	for (int v = 0; v < b->m.nvars; v++)
		if (is_fixed(b, v)) {
			b->fixed_var[b->nfixed] = b->vh[v];
			b->fixed_pid[b->nfixed] = b->vowner[v] < 0 ? -1 : b->vowner[v];
			b->fixed_idx[b->nfixed++] = b->vidx[v];
		}
	return 0;
}

/* The lvalue buffer: as many elements as the largest array has. */
static int make_lv(dmc_abuild *b)
{
	const char *name;
	dmc_var v;
	b->lv_cap = 1;
	for (int i = 0; i < dmc_br_nvars(); i++)
		if (dmc_br_var_at(i, &name, &v) == 0 && v.size > b->lv_cap)
			b->lv_cap = v.size;
	b->lv = malloc((size_t) b->lv_cap * sizeof *b->lv);
	return b->lv ? 0 : -1;
}

int dmc_abuild_make(dmc_abuild *b, const dmc_targets *tg, int goals, char *err, size_t errlen)
{
	memset(b, 0, sizeof *b);
	if (!dmc_br_has_vars()) {
		snprintf(err, errlen, "hL/hU need the model's variable accessors (build pan with dmc cc)");
		return -1;
	}
	if (make_lv(b) < 0 || make_procs(b) < 0 || make_chans(b) < 0 || make_vars(b) < 0 || make_trans(b, tg) < 0
	    || make_goals(b, tg, goals) < 0 || make_buffers(b) < 0) {
		dmc_abuild_free(b);
		snprintf(err, errlen, "out of memory building the abstract model");
		return -1;
	}
	clocks_finish(b);
	return 0;
}

int dmc_abuild_automaton(const dmc_abuild *b, int pid, int type)
{
	return automaton_of(b, pid, type);
}

/* The values of state sv into val_var, val_val; returns their number. */
static int read_vars(dmc_abuild *b, const dmc_state_view *sv, int np)
{
	int nv = 0;
	dmc_view_vars_read(sv, b->nfixed, b->fixed_var, b->fixed_pid, b->fixed_idx, b->fixed_val,
	                   b->fixed_ok);
	for (int v = 0, f = 0; v < b->m.nvars; v++) {
		long x;
		int owner = b->vowner[v], len, cap;
		if (is_fixed(b, v)) {
			if (b->fixed_ok[f] && nv < b->cap_vals) {
				b->val_var[nv] = v;
				b->val_val[nv++] = b->fixed_val[f];
			}
			f++;
			continue;
		}
		if (owner == CHAN_OWNER) {
			if (dmc_view_chan(sv, b->vidx[v], &len, &cap) == 0 && nv < b->cap_vals) {
				b->val_var[nv] = v;
				b->val_val[nv++] = len;
			}
			continue;
		}
		if (owner == CONTENT_OWNER) {         /* the field of every message */
			long id = b->vidx[v] / 64;
			int fld = (int) (b->vidx[v] % 64);
			for (int slot = 0; dmc_view_chan_field(sv, id, slot, fld, &x) == 0 && nv < b->cap_vals;
			     slot++) {
				b->val_var[nv] = v;
				b->val_val[nv++] = x;
			}
			continue;
		}
		for (int pid = 0; pid < np; pid++)    /* every instance the spawn automaton stands for */
			if (automaton_of(b, pid, dmc_view_proc_type(sv, pid)) == owner
			    && dmc_view_var_read(sv, &b->vh[v], pid, b->vidx[v], &x) == 0 && nv < b->cap_vals) {
				b->val_var[nv] = v;
				b->val_val[nv++] = x;
			}
	}
	return nv;
}

/* read_vars when every variable is fixed (no channel contents, no
 * process started later): the values are read in place. */
static int read_fixed(dmc_abuild *b, const dmc_state_view *sv)
{
	int nv = 0;
	dmc_view_vars_read(sv, b->nfixed, b->fixed_var, b->fixed_pid, b->fixed_idx, b->val_val,
	                   b->fixed_ok);
	for (int v = 0; v < b->nfixed; v++)
		if (b->fixed_ok[v]) {
			b->val_var[nv] = v;
			b->val_val[nv++] = b->val_val[v];     /* nv <= v */
		}
	return nv;
}

void dmc_abuild_state(dmc_abuild *b, const dmc_state_view *sv, dmc_astate *out)
{
	int nl = 0, nv, np = dmc_view_nprocs(sv);
	int rv_pid, rv_state;
	b->unmodelled = 0;
	for (int pid = 0; pid < np && nl < b->cap_locs; pid++) {
		int a = automaton_of(b, pid, dmc_view_proc_type(sv, pid));
		if (a < 0) {              /* started by something the model did not see */
			b->unmodelled = 1;
			continue;
		}
		b->loc_proc[nl] = a;
		b->loc_loc[nl++] = dmc_view_proc_state(sv, pid);
	}
	/* Half-way through a rendezvous pan has moved the sender on, and the
	 * receive must come next; the abstract model knows the pair as one
	 * synchronised step, so the sender counts as still at its send. */
	b->halfway = 0;
	if (dmc_view_rendezvous_pending(sv, &rv_pid, &rv_state) && nl < b->cap_locs) {
		int a = automaton_of(b, rv_pid, dmc_view_proc_type(sv, rv_pid));
		b->halfway = a >= 0;
		if (a >= 0) {
			b->loc_proc[nl] = a;
			b->loc_loc[nl++] = rv_state;
		}
	}
	nv = b->nfixed == b->m.nvars ? read_fixed(b, sv) : read_vars(b, sv, np);
	out->nlocs = nl;
	out->loc_proc = b->loc_proc;
	out->loc_loc = b->loc_loc;
	out->nvals = nv;
	out->val_var = b->val_var;
	out->val_val = b->val_val;
}

void dmc_abuild_print(const dmc_abuild *b, FILE *f)
{
	const dmc_amodel *m = &b->m;
	int sync = 0, assigns = 0, guards = 0;
	for (int i = 0; i < m->ntrans; i++) {
		sync += m->trans[i].sync != DMC_SYNC_NONE;
		assigns += m->trans[i].nassign;
		guards += m->trans[i].guard != NULL;
	}
	fprintf(f, "abstract model: %d automata, %d variables, %d transitions "
	        "(%d guarded, %d rendezvous, %d assignments), %d goals\n",
	        m->nprocs, m->nvars, m->ntrans, guards, sync, assigns, m->ngoals);
	for (int p = 0; p < m->nprocs; p++)
		fprintf(f, "  automaton %-16s %d locations, start %d%s\n", m->procs[p].name,
		        m->procs[p].nlocs, m->procs[p].start, p >= b->ninit ? " (instances started by run)" : "");
	for (int v = 0; v < m->nvars; v++)
		fprintf(f, "  variable  %s\n", m->vars[v].name);
	if (m->nclocks)
		fprintf(f, "  %d dense clocks: the zone's operations as the translation's notes say\n", m->nclocks);
	if (b->gave_up[0])
		fprintf(f, "gave up (no dead end is proved): %s\n", b->gave_up);
	fprintf(f, "over-approximated: %d expressions (any value), %d statements (effects unknown: "
	        "d_step, embedded C, unreadable targets), %d buffered-channel operations (contents "
	        "not tracked), %d run statements, %d merged statements (their effects may come "
	        "with any transition of their process)\n",
	        b->approx_exprs, b->approx_stmts, b->approx_chans, b->approx_runs, b->approx_merged);
	if (b->range_checked)
		fprintf(f, "range-checked: %d assignments store only values their assert (a target) "
		        "allows: the rest is dropped\n", b->range_checked);
}

void dmc_abuild_free(dmc_abuild *b)
{
	if (b->lbase)
		for (int p = 0; p < b->m.nprocs; p++)
			free(b->lbase[p]);
	dmc_amodel_free(&b->m);
	free(b->lbase);
	free(b->gbase);
	free(b->vh);
	free(b->vidx);
	free(b->vowner);
	free(b->proc_type);
	free(b->spawn_of);
	free(b->loc_proc);
	free(b->loc_loc);
	free(b->val_var);
	free(b->val_val);
	free(b->fixed_var);
	free(b->fixed_pid);
	free(b->fixed_idx);
	free(b->fixed_val);
	free(b->fixed_ok);
	free(b->chan_len);
	free(b->chan_nf);
	free(b->chan_content);
	free(b->chan_cap);
	free(b->lv);
	memset(b, 0, sizeof *b);
}
