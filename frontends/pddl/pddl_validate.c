// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_validate.c -- plans in the IPC's format ("(action arg ...)" a
 * line, as sas_plan files write them) read and written, and the
 * validator: the plan applied to the lifted model's initial state, step
 * by step, under PDDL's semantics (every precondition holds in the state
 * before its step; conditional effects' conditions are read in that
 * state too; deletes, then adds), and the goal in the last state.  It
 * works on the lifted model, not on the grounding the search used, so a
 * wrong grounding or translation shows as a rejected plan.  Temporal
 * plans ("T: (action arg ...) [D]", durative actions) have a validator
 * of their own below (pddl_validate_temporal).
 */
#include "pddl.h"
#include "util.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- a set of ground atoms ("pred a b" strings) ---- */
typedef struct {
	char **slot;
	size_t n, cap;
} atomset;

static uint64_t str_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char) *s) * 1099511628211ULL;
	return h;
}

static char *key(const pddl_model *m, int pred, const int *args)
{
	char buf[1024];
	pddl_atom_text(m, pred, args, buf, sizeof buf);
	return drv_strdup(buf);
}

/* 1 if k is in s (k freed unless it is inserted) */
static int set_op(atomset *s, char *k, int insert, int remove)
{
	if (s->cap == 0 || (insert && 2 * (s->n + 1) > s->cap)) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		char **slot = drv_alloc(cap * sizeof *slot);
		memset(slot, 0, cap * sizeof *slot);
		for (size_t i = 0; i < s->cap; i++)
			if (s->slot[i] && s->slot[i] != (char *) s) {
				size_t j = str_hash(s->slot[i]) & (cap - 1);
				while (slot[j])
					j = (j + 1) & (cap - 1);
				slot[j] = s->slot[i];
			}
		free(s->slot);
		s->slot = slot;
		s->cap = cap;
	}
	/* (char *) s marks a removed entry */
	size_t i = str_hash(k) & (s->cap - 1), tomb = SIZE_MAX;
	for (; s->slot[i]; i = (i + 1) & (s->cap - 1)) {
		if (s->slot[i] == (char *) s) {
			if (tomb == SIZE_MAX)
				tomb = i;
		} else if (strcmp(s->slot[i], k) == 0) {
			if (remove) {
				free(s->slot[i]);
				s->slot[i] = (char *) s;
				s->n--;
			}
			free(k);
			return 1;
		}
	}
	if (insert) {
		s->slot[tomb != SIZE_MAX ? tomb : i] = k;
		s->n++;
	} else
		free(k);
	return 0;
}

static void set_free(atomset *s)
{
	for (size_t i = 0; i < s->cap; i++)
		if (s->slot[i] != (char *) s)
			free(s->slot[i]);
	free(s->slot);
}

/* ---- formulas in a state ---- */
typedef struct {
	const pddl_model *m;
	atomset *state;
	int *bind;
	atomset *rec;            /* non-NULL: every atom read goes here (and nothing is short-circuited) */
} ev;

static void args_of(const ev *e, const int *t, int n, int *out)
{
	for (int i = 0; i < n; i++)
		out[i] = PDDL_IS_VAR(t[i]) ? e->bind[PDDL_VAR_OF(t[i])] : t[i];
}

static int holds(ev *e, const pddl_fm *f);

static int quant(ev *e, const pddl_fm *f, int k, int any)
{
	if (k == f->nvars)
		return holds(e, &f->sub[0]);
	int found = 0;
	for (int o = 0; o < e->m->nobjs; o++) {
		if (!pddl_is_a(e->m, o, f->vtype[k]))
			continue;
		e->bind[f->var0 + k] = o;
		if (quant(e, f, k + 1, any) == any) {
			found = 1;
			if (!e->rec)
				return any;
		}
	}
	return found ? any : !any;
}

static int holds(ev *e, const pddl_fm *f)
{
	int a[64];
	switch (f->kind) {
	case PF_TRUE:
		return 1;
	case PF_EQ:
		args_of(e, f->args, 2, a);
		return a[0] == a[1];
	case PF_ATOM:
		args_of(e, f->args, f->nargs, a);
		if (e->rec)
			set_op(e->rec, key(e->m, f->pred, a), 1, 0);
		return set_op(e->state, key(e->m, f->pred, a), 0, 0);
	case PF_NOT:
		return !holds(e, &f->sub[0]);
	case PF_AND:
	case PF_OR: {
		int conj = f->kind == PF_AND, r = conj;
		for (int i = 0; i < f->n && (e->rec || r == conj); i++)
			if (holds(e, &f->sub[i]) != conj)
				r = !conj;
		return r;
	}
	case PF_IMPLY: {
		int l = holds(e, &f->sub[0]);
		if (!l && !e->rec)
			return 1;
		return holds(e, &f->sub[1]) || !l;
	}
	default:
		return quant(e, f, 0, f->kind == PF_EXISTS);
	}
}

/* ---- effects ---- */
typedef struct {
	char **k;
	int *add;
	int n;
} changes;

static void eff_collect(ev *e, const pddl_eff *ef, int k, changes *ch)
{
	if (k < ef->nvars) {
		for (int o = 0; o < e->m->nobjs; o++)
			if (pddl_is_a(e->m, o, ef->vtype[k])) {
				e->bind[ef->var0 + k] = o;
				eff_collect(e, ef, k + 1, ch);
			}
		return;
	}
	if (ef->cond && !holds(e, ef->cond))
		return;
	int a[64];
	args_of(e, ef->args, ef->nargs, a);
	ch->k = drv_realloc(ch->k, ((size_t) ch->n + 1) * sizeof *ch->k);
	ch->add = drv_realloc(ch->add, ((size_t) ch->n + 1) * sizeof *ch->add);
	ch->k[ch->n] = key(e->m, ef->pred, a);
	ch->add[ch->n++] = ef->add;
}

static void step_text(const pddl_model *m, const pddl_step *s, char *buf, size_t len)
{
	pddl_gaction g = { s->act, s->args, NULL, NULL, 0, NULL, NULL };
	pddl_gaction_text(m, &g, buf, len);
}

/* a validation's state: the atoms true, the binding buffer */
static void ev_open(ev *e, const pddl_model *m)
{
	int maxv = m->goal_nvars;
	for (int i = 0; i < m->nacts; i++)
		if (m->acts[i].nvars > maxv)
			maxv = m->acts[i].nvars;
	e->m = m;
	e->rec = NULL;
	e->state = drv_alloc(sizeof *e->state);
	memset(e->state, 0, sizeof *e->state);
	e->bind = drv_alloc((size_t) (maxv + 1) * sizeof *e->bind);
	for (int i = 0, k = 0; i < m->ninit; i++) {
		int pred = m->init[k];
		set_op(e->state, key(m, pred, &m->init[k + 1]), 1, 0);
		k += m->preds[pred].nargs + 1;
	}
}

static void ev_close(ev *e)
{
	set_free(e->state);
	free(e->state);
	free(e->bind);
}

/* step s applied when its precondition holds: 1, else 0 (the state as it was) */
static int apply(ev *e, const pddl_step *s)
{
	const pddl_action *a = &e->m->acts[s->act];
	memcpy(e->bind, s->args, (size_t) a->nparams * sizeof *e->bind);
	if (a->pre && !holds(e, a->pre))
		return 0;
	changes ch = { 0 };
	for (int f = 0; f < a->neffs; f++)
		eff_collect(e, &a->effs[f], 0, &ch);
	for (int pass = 0; pass < 2; pass++)   /* deletes, then adds */
		for (int c = 0; c < ch.n; c++)
			if (ch.add[c] == pass)
				set_op(e->state, drv_strdup(ch.k[c]), pass, !pass);
	for (int c = 0; c < ch.n; c++)
		free(ch.k[c]);
	free(ch.k);
	free(ch.add);
	return 1;
}

int pddl_validate(const pddl_model *m, const pddl_plan *p, FILE *err_out)
{
	if (m->temporal)
		return pddl_validate_temporal(m, p, err_out);
	ev e;
	int bad = 0;
	ev_open(&e, m);
	for (int i = 0; i < p->n && !bad; i++)
		if (!apply(&e, &p->steps[i])) {
			char text[512];
			step_text(m, &p->steps[i], text, sizeof text);
			fprintf(err_out, "step %d %s: its precondition does not hold\n", i + 1, text);
			bad++;
		}
	if (!bad && !holds(&e, m->goal)) {
		fprintf(err_out, "the goal does not hold after the plan's %d step%s\n", p->n, p->n == 1 ? "" : "s");
		bad++;
	}
	ev_close(&e);
	return bad;
}

/* keep[] with step i left out, and every later step that is then not
 * applicable: does the goal still hold?  (keep[] updated only if so) */
static int without(const pddl_model *m, const pddl_plan *p, char *keep, int i)
{
	ev e;
	char *k = drv_alloc((size_t) p->n + 1);
	memcpy(k, keep, (size_t) p->n);
	k[i] = 0;
	ev_open(&e, m);
	for (int j = 0; j < p->n; j++)
		if (k[j] && !apply(&e, &p->steps[j]))
			k[j] = 0;
	int ok = holds(&e, m->goal);
	if (ok)
		memcpy(keep, k, (size_t) p->n);
	ev_close(&e);
	free(k);
	return ok;
}

static int shorten_temporal(const pddl_model *m, pddl_plan *p);

int pddl_plan_shorten(const pddl_model *m, pddl_plan *p)
{
	if (m->temporal)
		return shorten_temporal(m, p);
	char *keep = drv_alloc((size_t) p->n + 1);
	memset(keep, 1, (size_t) p->n);
	for (int i = 0; i < p->n; i++)
		if (keep[i])
			(void) without(m, p, keep, i);
	int n = 0;
	for (int i = 0; i < p->n; i++) {
		if (keep[i])
			p->steps[n++] = p->steps[i];
		else
			free(p->steps[i].args);
	}
	int removed = p->n - n;
	p->n = n;
	free(keep);
	return removed;
}

/* ---- temporal plans ---- */
void pddl_ticks_text(long ticks, char *buf, size_t len)
{
	long a = ticks < 0 ? -ticks : ticks;
	snprintf(buf, len, "%s%ld.%03ld", ticks < 0 ? "-" : "", a / PDDL_TICKS, a % PDDL_TICKS);
}

static int step_dur(const pddl_model *m, const pddl_step *s)
{
	return m->acts[s->act].durative ? m->acts[s->act].dur : 0;
}

long pddl_plan_makespan(const pddl_model *m, const pddl_plan *p)
{
	long end = 0;
	for (int i = 0; i < p->n; i++)
		if (p->steps[i].at + step_dur(m, &p->steps[i]) > end)
			end = p->steps[i].at + step_dur(m, &p->steps[i]);
	return end;
}

/* a happening: step's start (0), end (1) or an instantaneous step (2) */
typedef struct {
	long at;
	int step, kind;
} happening;

static int happening_cmp(const void *a, const void *b)
{
	const happening *x = a, *y = b;
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->step != y->step ? x->step - y->step : x->kind - y->kind;
}

/* what one happening reads and changes in the state before its time point */
typedef struct {
	atomset reads;
	changes ch;
	int ok;                  /* its condition holds */
} hap_eval;

static void hap_run(ev *e, const pddl_step *s, int kind, hap_eval *h)
{
	const pddl_action *a = &e->m->acts[s->act];
	const pddl_fm *cond = kind == 1 ? a->pre_end : a->pre;
	memset(h, 0, sizeof *h);
	memcpy(e->bind, s->args, (size_t) a->nparams * sizeof *e->bind);
	e->rec = &h->reads;
	h->ok = !cond || holds(e, cond);
	for (int f = 0; f < a->neffs; f++)
		if (kind == 2 || a->effs[f].at_end == (kind == 1))
			eff_collect(e, &a->effs[f], 0, &h->ch);
	e->rec = NULL;
}

static void hap_free(hap_eval *h)
{
	set_free(&h->reads);
	for (int c = 0; c < h->ch.n; c++)
		free(h->ch.k[c]);
	free(h->ch.k);
	free(h->ch.add);
}

/* does x change an atom y reads, or one y changes the other way? */
static int interferes(hap_eval *x, hap_eval *y)
{
	for (int c = 0; c < x->ch.n; c++) {
		if (set_op(&y->reads, drv_strdup(x->ch.k[c]), 0, 0))
			return 1;
		for (int d = 0; d < y->ch.n; d++)
			if (x->ch.add[c] != y->ch.add[d] && strcmp(x->ch.k[c], y->ch.k[d]) == 0)
				return 1;
	}
	return 0;
}

static const char *const kind_name[] = { "start", "end", "" };

int pddl_validate_temporal(const pddl_model *m, const pddl_plan *p, FILE *err_out)
{
	int bad = 0, nh = 0;
	char text[512], t[32];
	happening *hs = drv_alloc(((size_t) 2 * p->n + 1) * sizeof *hs);
	for (int i = 0; i < p->n; i++) {
		const pddl_step *s = &p->steps[i];
		step_text(m, s, text, sizeof text);
		if (s->at < 0) {
			if (err_out)
				fprintf(err_out, "step %d %s: no time\n", i + 1, text);
			bad++;
			continue;
		}
		if (m->acts[s->act].durative && s->dur >= 0 && s->dur != m->acts[s->act].dur) {
			char d1[32], d2[32];
			pddl_ticks_text(s->dur, d1, sizeof d1);
			pddl_ticks_text(m->acts[s->act].dur, d2, sizeof d2);
			if (err_out)
				fprintf(err_out, "step %d %s: the duration %s is not the action's %s\n", i + 1, text, d1, d2);
			bad++;
			continue;
		}
		if (m->acts[s->act].durative) {
			hs[nh++] = (happening) { s->at, i, 0 };
			hs[nh++] = (happening) { s->at + m->acts[s->act].dur, i, 1 };
		} else
			hs[nh++] = (happening) { s->at, i, 2 };
	}
	qsort(hs, (size_t) nh, sizeof *hs, happening_cmp);
	ev e;
	ev_open(&e, m);
	for (int g = 0; g < nh && !bad;) {
		int end = g;
		while (end < nh && hs[end].at == hs[g].at)
			end++;
		pddl_ticks_text(hs[g].at, t, sizeof t);
		/* the time point's happenings, each in the state before it */
		hap_eval *he = drv_alloc(((size_t) (end - g) + 1) * sizeof *he);
		for (int h = g; h < end; h++) {
			const pddl_step *s = &p->steps[hs[h].step];
			hap_run(&e, s, hs[h].kind, &he[h - g]);
			if (!he[h - g].ok) {
				step_text(m, s, text, sizeof text);
				if (err_out)
					fprintf(err_out, "step %d %s: its %s%scondition does not hold at %s\n", hs[h].step + 1, text,
					        kind_name[hs[h].kind], hs[h].kind == 2 ? "pre" : " ", t);
				bad++;
			}
		}
		for (int x = g; x < end && !bad; x++)
			for (int y = g; y < end && !bad; y++)
				if (x != y && interferes(&he[x - g], &he[y - g])) {
					char t2[512];
					step_text(m, &p->steps[hs[x].step], text, sizeof text);
					step_text(m, &p->steps[hs[y].step], t2, sizeof t2);
					if (err_out)
						fprintf(err_out, "steps %d %s (%s) and %d %s (%s) interfere at %s: "
						        "happenings that do must be at least 0.001 apart\n",
						        hs[x].step + 1, text, kind_name[hs[x].kind][0] ? kind_name[hs[x].kind] : "instantaneous",
						        hs[y].step + 1, t2, kind_name[hs[y].kind][0] ? kind_name[hs[y].kind] : "instantaneous", t);
					bad++;
				}
		/* all effects together: deletes, then adds */
		for (int pass = 0; pass < 2 && !bad; pass++)
			for (int h = 0; h < end - g; h++)
				for (int c = 0; c < he[h].ch.n; c++)
					if (he[h].ch.add[c] == pass)
						set_op(e.state, drv_strdup(he[h].ch.k[c]), pass, !pass);
		for (int h = 0; h < end - g; h++)
			hap_free(&he[h]);
		free(he);
		/* the over-all conditions of the actions running across the time point */
		for (int i = 0; i < p->n && !bad; i++) {
			const pddl_step *s = &p->steps[i];
			const pddl_action *a = &m->acts[s->act];
			if (!a->durative || !a->inv || s->at > hs[g].at || s->at + a->dur <= hs[g].at)
				continue;
			memcpy(e.bind, s->args, (size_t) a->nparams * sizeof *e.bind);
			if (!holds(&e, a->inv)) {
				step_text(m, s, text, sizeof text);
				if (err_out)
					fprintf(err_out, "step %d %s: its over-all condition does not hold after %s\n", i + 1, text, t);
				bad++;
			}
		}
		g = end;
	}
	if (!bad && !holds(&e, m->goal)) {
		if (err_out)
			fprintf(err_out, "the goal does not hold at the end of the plan's %d step%s\n", p->n,
			        p->n == 1 ? "" : "s");
		bad++;
	}
	ev_close(&e);
	free(hs);
	return bad;
}

/* action elimination on a valid temporal plan: each step left out in
 * turn when the plan stays valid (the others keep their times) */
static int shorten_temporal(const pddl_model *m, pddl_plan *p)
{
	int removed = 0;
	for (int i = 0; i < p->n;) {
		pddl_step s = p->steps[i];
		memmove(&p->steps[i], &p->steps[i + 1], (size_t) (p->n - i - 1) * sizeof *p->steps);
		p->n--;
		if (pddl_validate_temporal(m, p, NULL) == 0) {
			free(s.args);
			removed++;
			continue;
		}
		memmove(&p->steps[i + 1], &p->steps[i], (size_t) (p->n - i) * sizeof *p->steps);
		p->steps[i] = s;
		p->n++;
		i++;
	}
	return removed;
}

int pddl_plan_from_replay_temporal(const pddl_model *m, const pddl_task *t, const char *text, pddl_plan *p,
                                   pddl_err *err)
{
	long base = 0;
	memset(p, 0, sizeof *p);
	p->temporal = 1;
	for (const char *q = strstr(text, "@@PDDLT "); q; q = strstr(q + 1, "@@PDDLT ")) {
		char kind = q[8], *end;
		long a = strtol(q + 9, &end, 10), tick = 0;
		if (kind == 'S' || kind == 'I')
			tick = strtol(end, &end, 10);
		if ((kind != 'S' && kind != 'I' && kind != 'A' && kind != 'R') || end == q + 9 || a < 0
		    || ((kind == 'S' || kind == 'I') && a >= t->nacts)) {
			snprintf(err->msg, sizeof err->msg, "the replayed trail has a malformed @@PDDLT line");
			pddl_plan_free(p);
			return -1;
		}
		if (kind == 'A' || kind == 'R') {
			base += a;
			continue;
		}
		const pddl_gaction *g = &t->acts[a];
		int np = m->acts[g->schema].nparams;
		p->steps = drv_realloc(p->steps, ((size_t) p->n + 1) * sizeof *p->steps);
		pddl_step *s = &p->steps[p->n++];
		s->act = g->schema;
		s->line = 0;
		s->at = base + tick;
		s->dur = m->acts[g->schema].durative ? m->acts[g->schema].dur : -1;
		s->args = drv_alloc(((size_t) np + 1) * sizeof *s->args);
		memcpy(s->args, g->args, (size_t) np * sizeof *s->args);
	}
	return 0;
}

/* ---- plan files ---- */
static int perr(pddl_err *err, const char *file, int line, int col, const char *what)
{
	snprintf(err->msg, sizeof err->msg, "%s:%d:%d: %s", file, line, col, what);
	return -1;
}

static int name_end(int c)
{
	return !c || isspace(c) || c == '(' || c == ')' || c == ';';
}

/* a time "12.345" at q in ticks (rounded to the nearest), *end after it */
static long ticks_of(const char *q, const char **end)
{
	char *e;
	double v = strtod(q, &e);
	*end = e;
	if (e == q || v < 0 || v > 1e9)
		return -1;
	return (long) (v * PDDL_TICKS + 0.5);
}

int pddl_plan_read(const char *file, const char *text, const pddl_model *m, pddl_plan *p, pddl_err *err)
{
	memset(p, 0, sizeof *p);
	p->temporal = m->temporal;
	int line = 1;
	for (const char *l = text; *l; line++) {
		const char *eol = strchr(l, '\n'), *q = l;
		if (!eol)
			eol = l + strlen(l);
		while (q < eol && isspace((unsigned char) *q))
			q++;
		long at = -1;
		int dur = -1;
		const char *tq = q;
		if (q < eol && isdigit((unsigned char) *q)) {   /* "T: " */
			at = ticks_of(q, &q);
			if (q < eol && *q == ':')
				q++;
			else
				return perr(err, file, line, (int) (q - l) + 1, "expected ':' after the time");
			while (q < eol && isspace((unsigned char) *q))
				q++;
		}
		if (q == eol || *q == ';') {
			l = *eol ? eol + 1 : eol;
			continue;
		}
		if (m->temporal && at < 0)
			return perr(err, file, line, (int) (tq - l) + 1,
			            "expected a time 'T:' before the step (the domain's actions are durative)");
		if (*q != '(')
			return perr(err, file, line, (int) (q - l) + 1, "expected '(' (a step '(action arg ...)')");
		q++;
		char words[64][128];
		int nw = 0, cols[64];
		for (;;) {
			while (q < eol && isspace((unsigned char) *q))
				q++;
			if (q < eol && *q == ')')
				break;
			if (q == eol || name_end((unsigned char) *q))
				return perr(err, file, line, (int) (q - l) + 1, "expected a name or ')'");
			if (nw == 64)
				return perr(err, file, line, (int) (q - l) + 1, "more than 63 arguments");
			cols[nw] = (int) (q - l) + 1;
			int n = 0;
			while (q < eol && !name_end((unsigned char) *q)) {
				if (n < 127)
					words[nw][n++] = (char) tolower((unsigned char) *q);
				q++;
			}
			words[nw++][n] = 0;
		}
		q++;
		while (q < eol && isspace((unsigned char) *q))
			q++;
		if (q < eol && *q == '[') {   /* " [D]": a duration */
			const char *dq = ++q;
			long d = isdigit((unsigned char) *q) ? ticks_of(q, &q) : -1;
			if (d < 0 || d > 100000L * PDDL_TICKS || q >= eol || *q != ']')
				return perr(err, file, line, (int) (dq - l) + 1, "expected a duration 'NUMBER]'");
			dur = (int) d;
			q++;
		}
		while (q < eol && isspace((unsigned char) *q))
			q++;
		if (q < eol && *q != ';')
			return perr(err, file, line, (int) (q - l) + 1, "expected the end of the line after the step");
		if (nw == 0)
			return perr(err, file, line, cols[0], "expected an action name");
		int act = -1;
		for (int a = 0; a < m->nacts; a++)
			if (strcmp(m->acts[a].name, words[0]) == 0)
				act = a;
		char msg[300];
		if (act < 0) {
			snprintf(msg, sizeof msg, "undefined action '%s'", words[0]);
			return perr(err, file, line, cols[0], msg);
		}
		const pddl_action *a = &m->acts[act];
		if (nw - 1 != a->nparams) {
			snprintf(msg, sizeof msg, "the action '%s' takes %d argument%s, not %d", a->name, a->nparams,
			         a->nparams == 1 ? "" : "s", nw - 1);
			return perr(err, file, line, cols[0], msg);
		}
		pddl_step s = { act, drv_alloc((size_t) (a->nparams + 1) * sizeof *s.args), line, at, dur };
		for (int i = 1; i < nw; i++) {
			int o = -1;
			for (int k = 0; k < m->nobjs; k++)
				if (strcmp(m->objs[k], words[i]) == 0)
					o = k;
			if (o < 0 || !pddl_is_a(m, o, a->ptype[i - 1])) {
				if (o < 0)
					snprintf(msg, sizeof msg, "undefined object '%s'", words[i]);
				else
					snprintf(msg, sizeof msg, "'%s' is not of type %s (%s's parameter %s)", words[i],
					         m->types[a->ptype[i - 1]], a->name, a->pname[i - 1]);
				free(s.args);
				return perr(err, file, line, cols[i], msg);
			}
			s.args[i - 1] = o;
		}
		p->steps = drv_realloc(p->steps, ((size_t) p->n + 1) * sizeof *p->steps);
		p->steps[p->n++] = s;
		l = *eol ? eol + 1 : eol;
	}
	return 0;
}

int pddl_plan_from_replay(const pddl_model *m, const pddl_task *t, const char *text, pddl_plan *p,
                          pddl_err *err)
{
	if (m->temporal)
		return pddl_plan_from_replay_temporal(m, t, text, p, err);
	memset(p, 0, sizeof *p);
	for (const char *q = strstr(text, "@@PDDL "); q; q = strstr(q + 1, "@@PDDL ")) {
		char *end;
		long k = strtol(q + 7, &end, 10);
		if (end == q + 7 || k < 0 || k >= t->nacts) {
			snprintf(err->msg, sizeof err->msg, "the replayed trail has a malformed @@PDDL line");
			pddl_plan_free(p);
			return -1;
		}
		const pddl_gaction *a = &t->acts[k];
		int np = m->acts[a->schema].nparams;
		p->steps = drv_realloc(p->steps, ((size_t) p->n + 1) * sizeof *p->steps);
		pddl_step *s = &p->steps[p->n++];
		s->act = a->schema;
		s->line = 0;
		s->args = drv_alloc(((size_t) np + 1) * sizeof *s->args);
		memcpy(s->args, a->args, (size_t) np * sizeof *s->args);
	}
	return 0;
}

void pddl_plan_write(FILE *out, const pddl_model *m, const pddl_plan *p)
{
	char buf[1024];
	if (p->temporal) {
		char t[32], d[32];
		for (int i = 0; i < p->n; i++) {
			const pddl_step *s = &p->steps[i];
			step_text(m, s, buf, sizeof buf);
			pddl_ticks_text(s->at, t, sizeof t);
			pddl_ticks_text(m->acts[s->act].durative ? m->acts[s->act].dur : 0, d, sizeof d);
			if (m->acts[s->act].durative)
				fprintf(out, "%s: %s [%s]\n", t, buf, d);
			else
				fprintf(out, "%s: %s\n", t, buf);
		}
		pddl_ticks_text(pddl_plan_makespan(m, p), buf, sizeof buf);
		fprintf(out, "; makespan = %s\n", buf);
		return;
	}
	for (int i = 0; i < p->n; i++) {
		step_text(m, &p->steps[i], buf, sizeof buf);
		fprintf(out, "%s\n", buf);
	}
	fprintf(out, "; cost = %d (unit cost)\n", p->n);
}

void pddl_plan_free(pddl_plan *p)
{
	for (int i = 0; i < p->n; i++)
		free(p->steps[i].args);
	free(p->steps);
	memset(p, 0, sizeof *p);
}
