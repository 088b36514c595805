// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_pml_temporal.c -- a grounded task with durative actions as
 * Promela: decision epochs on a time line of ticks (PDDL_TICKS a time
 * unit; a tick is the epsilon between happenings that interfere).
 *
 * Time is kept relative, so that states differing only in the clock
 * are one state: e[d] is the end of running durative action d in ticks
 * after the base time (0: not running; one instance of a ground action
 * at a time), next the earliest of them, k the tick of the next
 * happening after the base time.  The loop's alternatives:
 *
 *   - a start of durative action d at tick k, before the next end
 *     (k < next): its start condition holds, its start effects apply,
 *     e[d] = k + duration; then k advances one tick.  Each start or
 *     instantaneous action has a tick of its own;
 *   - an instantaneous action (a plain :action) at tick k < next, alike;
 *   - time advancing to the earliest end: every action ending then ends
 *     together -- their end conditions hold before, no two interfere
 *     (one writes a fact the other reads or writes), their end effects
 *     apply -- and the base moves there;
 *
 * and after every happening the over-all condition of each action still
 * running holds (a guard on the state after: facts substituted by their
 * new values, pddl_pml_post).  The goal holds with nothing running.
 * With nothing running the clock is reset (k = 0): what is left of the
 * plan does not depend on the time.  Under spin -t the happenings print
 * "@@PDDLT S K TICK" (start of ground action K at the base's TICK),
 * "@@PDDLT I K TICK" (an instantaneous one) and "@@PDDLT A N" / "@@PDDLT
 * R N" (the base moves N ticks), from which pddl_plan_from_replay_temporal
 * reads the plan with its times.  docs/planning.md, "Durative actions".
 */
#include "pddl.h"
#include "pml_text.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	const pddl_task *t;
	int nd;                  /* durative ground actions */
	int *dix;                /* per ground action: its index in e[], -1 instantaneous */
	int *gact;               /* per durative index: its ground action */
	int *dur;                /* per durative index: its duration in ticks */
	int **inv_readers;       /* per fact: the durative indices whose over-all reads it */
	int *ninv_readers;
	char **post;             /* per fact: its value after the happening written (NULL: f[x]) */
	unsigned char *mark;     /* per durative index, scratch */
} tw;

/* ---- facts a formula reads ---- */
static void reads(const pddl_gf *x, void (*visit)(void *, int), void *arg)
{
	if (!x)
		return;
	if (x->kind == PG_FACT)
		visit(arg, x->fact);
	for (int i = 0; i < x->n; i++)
		reads(x->kids[i], visit, arg);
}

typedef struct {
	tw *w;
	int d;
} reader_arg;

static void add_inv_reader(void *arg, int f)
{
	reader_arg *r = arg;
	tw *w = r->w;
	int n = w->ninv_readers[f];
	if (n && w->inv_readers[f][n - 1] == r->d)
		return;
	w->inv_readers[f] = drv_realloc(w->inv_readers[f], ((size_t) n + 1) * sizeof **w->inv_readers);
	w->inv_readers[f][w->ninv_readers[f]++] = r->d;
}

/* ---- the state after a happening ---- */
/* a disjunction being written into a memstream */
typedef struct {
	char *text;
	size_t len;
	FILE *f;
	int n;                   /* disjuncts so far */
	int always;              /* an unconditional one */
} disj;

static void disj_add(disj *d, const char *when, const pddl_gf *cond)
{
	if (!d->f && !(d->f = open_memstream(&d->text, &d->len)))
		abort();
	if (!when && !cond) {
		d->always = 1;
		return;
	}
	fputs(d->n++ ? " || " : "(", d->f);
	if (when && cond)
		fprintf(d->f, "(%s && ", when);
	else if (when)
		fputs(when, d->f);
	if (cond) {
		fputs("(", d->f);
		pddl_pml_expr(d->f, cond);
		fputs(")", d->f);
	}
	if (when && cond)
		fputs(")", d->f);
}

static void disj_close(disj *d)
{
	if (d->f) {
		if (d->n)
			fputs(")", d->f);
		fclose(d->f);
		d->f = NULL;
	}
}

typedef struct {
	const char *when;        /* the happening's own condition ("e[3] == next"), NULL: none */
	const pddl_gaction *a;
	int at_end;
} part;

/* w->post for the happening made of parts (one, or the ends of an
 * advance): a fact added is 1 (an add wins over a delete, as deletes go
 * first), deleted 0, under their conditions read in the state before;
 * written into *written (1 per fact touched, the caller's to clear) */
static void post_build(tw *w, const part *p, int np, unsigned char *written)
{
	int nf = w->t->nfacts;
	disj *add = drv_alloc(((size_t) nf + 1) * sizeof *add), *del = drv_alloc(((size_t) nf + 1) * sizeof *del);
	memset(add, 0, ((size_t) nf + 1) * sizeof *add);
	memset(del, 0, ((size_t) nf + 1) * sizeof *del);
	for (int i = 0; i < np; i++)
		for (int e = 0; e < p[i].a->neffs; e++) {
			const pddl_geff *ef = &p[i].a->effs[e];
			if (ef->at_end != p[i].at_end)
				continue;
			written[ef->fact] = 1;
			disj_add(ef->add ? &add[ef->fact] : &del[ef->fact], p[i].when, ef->cond);
		}
	for (int x = 0; x < nf; x++) {
		disj_close(&add[x]);
		disj_close(&del[x]);
		if (!written[x])
			continue;
		char *s;
		if (add[x].always)
			s = drv_strdup("1");
		else if (add[x].n && del[x].always)
			s = drv_printf("(%s -> 1 : 0)", add[x].text);
		else if (add[x].n && del[x].n)
			s = drv_printf("(%s -> 1 : (%s -> 0 : f[%d]))", add[x].text, del[x].text, x);
		else if (add[x].n)
			s = drv_printf("(%s -> 1 : f[%d])", add[x].text, x);
		else if (del[x].always)
			s = drv_strdup("0");
		else
			s = drv_printf("(%s -> 0 : f[%d])", del[x].text, x);
		free(w->post[x]);
		w->post[x] = s;
		free(add[x].text);
		free(del[x].text);
		add[x].text = del[x].text = NULL;
	}
	for (int x = 0; x < nf; x++) {
		free(add[x].text);
		free(del[x].text);
	}
	free(add);
	free(del);
}

static void post_clear(tw *w, unsigned char *written)
{
	for (int x = 0; x < w->t->nfacts; x++) {
		free(w->post[x]);
		w->post[x] = NULL;
		written[x] = 0;
	}
}

/* " && (over-all conditions after the happening)": own (durative index,
 * -1: none) always; every other running action's whose over-all reads
 * a fact written; running is "e[c] > 0", at an advance "e[c] > next" */
static void inv_guard(FILE *out, tw *w, const unsigned char *written, int own, int advance)
{
	const pddl_task *t = w->t;
	memset(w->mark, 0, (size_t) w->nd + 1);
	for (int x = 0; x < t->nfacts; x++)
		if (written[x])
			for (int i = 0; i < w->ninv_readers[x]; i++)
				w->mark[w->inv_readers[x][i]] = 1;
	for (int d = 0; d < w->nd; d++) {
		const pddl_gf *inv = t->acts[w->gact[d]].inv;
		if (!inv || inv->kind == PG_TRUE || (!w->mark[d] && d != own))
			continue;
		if (d == own)
			fputs(" &&\n\t\t   ", out);
		else
			fprintf(out, " &&\n\t\t   (e[%d] %s || ", d, advance ? "<= next" : "== 0");
		pddl_pml_expr_as(out, inv, w->post);   /* each fact as it is after the happening */
		if (d != own)
			fputs(")", out);
	}
}

/* ---- interference of the ends at one time point ---- */
/* per fact, the durative indices whose end effects write it and whose
 * end condition or end effects' conditions read it */
typedef struct {
	int **wr, *nwr, **rd, *nrd;
} ends_rw;

static void push_unique(int **list, int *n, int d)
{
	if (*n && (*list)[*n - 1] == d)
		return;
	*list = drv_realloc(*list, ((size_t) *n + 1) * sizeof **list);
	(*list)[(*n)++] = d;
}

typedef struct {
	ends_rw *rw;
	int d;
} rd_arg;

static void add_end_reader(void *arg, int f)
{
	rd_arg *r = arg;
	push_unique(&r->rw->rd[f], &r->rw->nrd[f], r->d);
}

static void sum_due(FILE *out, const int *list, int n)
{
	fputs("(", out);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s(e[%d] == next)", i ? " + " : "", list[i]);
	fputs(")", out);
}

/* " && !(...)": no fact written by two ending actions, or written by
 * one and read by another */
static void conflict_guard(FILE *out, const tw *w)
{
	const pddl_task *t = w->t;
	int nf = t->nfacts;
	ends_rw rw;
	rw.wr = drv_alloc(((size_t) nf + 1) * sizeof *rw.wr);
	rw.rd = drv_alloc(((size_t) nf + 1) * sizeof *rw.rd);
	rw.nwr = drv_alloc(((size_t) nf + 1) * sizeof *rw.nwr);
	rw.nrd = drv_alloc(((size_t) nf + 1) * sizeof *rw.nrd);
	memset(rw.wr, 0, ((size_t) nf + 1) * sizeof *rw.wr);
	memset(rw.rd, 0, ((size_t) nf + 1) * sizeof *rw.rd);
	memset(rw.nwr, 0, ((size_t) nf + 1) * sizeof *rw.nwr);
	memset(rw.nrd, 0, ((size_t) nf + 1) * sizeof *rw.nrd);
	for (int d = 0; d < w->nd; d++) {
		const pddl_gaction *a = &t->acts[w->gact[d]];
		rd_arg r = { &rw, d };
		reads(a->pre_end, add_end_reader, &r);
		for (int e = 0; e < a->neffs; e++)
			if (a->effs[e].at_end) {
				push_unique(&rw.wr[a->effs[e].fact], &rw.nwr[a->effs[e].fact], d);
				reads(a->effs[e].cond, add_end_reader, &r);
			}
	}
	int any = 0;
	for (int x = 0; x < nf; x++) {
		/* the pairs that can interfere at all: two writers, or a writer and another reader */
		int pair = rw.nwr[x] >= 2;
		for (int i = 0; !pair && i < rw.nwr[x]; i++)
			for (int j = 0; !pair && j < rw.nrd[x]; j++)
				pair = rw.wr[x][i] != rw.rd[x][j];
		if (!pair)
			continue;
		fputs(any++ ? " ||\n\t\t      " : " &&\n\t\t   !(", out);
		/* writers >= 2, or writer-reader pairs beyond an action's own */
		int *both = drv_alloc(((size_t) rw.nwr[x] + 1) * sizeof *both), nb = 0;
		for (int i = 0; i < rw.nwr[x]; i++)
			for (int j = 0; j < rw.nrd[x]; j++)
				if (rw.wr[x][i] == rw.rd[x][j])
					both[nb++] = rw.wr[x][i];
		fputs("(", out);
		if (rw.nwr[x] >= 2) {
			sum_due(out, rw.wr[x], rw.nwr[x]);
			fputs(" >= 2", out);
		}
		if (rw.nrd[x]) {
			fputs(rw.nwr[x] >= 2 ? " || " : "", out);
			sum_due(out, rw.wr[x], rw.nwr[x]);
			fputs(" * ", out);
			sum_due(out, rw.rd[x], rw.nrd[x]);
			fputs(" > ", out);
			if (nb)
				sum_due(out, both, nb);
			else
				fputs("0", out);
		}
		fputs(")", out);
		free(both);
	}
	if (any)
		fputs(")", out);
	for (int x = 0; x < nf; x++) {
		free(rw.wr[x]);
		free(rw.rd[x]);
	}
	free(rw.wr);
	free(rw.rd);
	free(rw.nwr);
	free(rw.nrd);
}

/* ---- the happenings ---- */
/* a start's or an instantaneous action's effects, conditions read first into c[] */
static void apply(FILE *out, const pddl_gaction *a, const char *indent)
{
	char **cond;
	int *which, nc = pddl_pml_conditions(a, 0, &cond, &which);
	for (int k = 0; k < nc; k++)
		fprintf(out, "\n%sc[%d] = %s;", indent, k, cond[k]);
	fprintf(out, "\n%s", indent);
	pddl_pml_effects(out, a, which, 0, 0);
	pddl_pml_effects(out, a, which, 1, 0);
	for (int k = 0; k < nc; k++)
		fprintf(out, " c[%d] = 0;", k);
	pddl_pml_free_conditions(cond, nc, which);
}

/* the happening's tick done: k advances, or with nothing running the base */
static void tick_done(FILE *out, const tw *w)
{
	fprintf(out, "\n\t\t   if :: nrun == 0 -> printf(\"@@PDDLT R 1\\n\")%s :: else -> k++ fi }\n",
	        w->t->horizon ? "; now++" : "");
}

static void start_alt(FILE *out, tw *w, int i, unsigned char *written)
{
	const pddl_gaction *a = &w->t->acts[i];
	int d = w->dix[i];
	part p = { NULL, a, 0 };
	post_build(w, &p, 1, written);
	if (d >= 0)
		fprintf(out, "\t:: d_step { e[%d] == 0 && (nrun == 0 || k < next) && ", d);
	else
		fputs("\t:: d_step { (nrun == 0 || k < next) && ", out);
	if (w->t->horizon && d >= 0)   /* it ends by the horizon */
		fprintf(out, "now + k + %d <= %ld && ", w->dur[d], w->t->horizon);
	else if (w->t->horizon)
		fprintf(out, "now + k <= %ld && ", w->t->horizon);
	pddl_pml_expr(out, a->pre);
	inv_guard(out, w, written, d, 0);
	fputs(" ->", out);
	post_clear(w, written);
	apply(out, a, "\t\t   ");
	if (d >= 0) {
		fprintf(out, "\n\t\t   printf(\"@@PDDLT S %d %%d\\n\", k);", i);
		fprintf(out, "\n\t\t   e[%d] = k + %d; f[%d] = 1;", d, w->dur[d], w->t->nfacts + d);
		fprintf(out, " if :: nrun == 0 || e[%d] < next -> next = e[%d] :: else fi; nrun++;", d, d);
	} else
		fprintf(out, "\n\t\t   printf(\"@@PDDLT I %d %%d\\n\", k);", i);
	tick_done(out, w);
}

static void advance_alt(FILE *out, tw *w, unsigned char *written)
{
	const pddl_task *t = w->t;
	fputs("\t/* time advances to the earliest end: the actions ending then end together */\n", out);
	fputs("\t:: d_step { nrun > 0", out);
	/* end conditions */
	for (int d = 0; d < w->nd; d++) {
		const pddl_gaction *a = &t->acts[w->gact[d]];
		if (!a->pre_end || a->pre_end->kind == PG_TRUE)
			continue;
		fprintf(out, " &&\n\t\t   (e[%d] != next || ", d);
		pddl_pml_expr(out, a->pre_end);
		fputs(")", out);
	}
	conflict_guard(out, w);
	/* over-all conditions after the ends */
	part *p = drv_alloc(((size_t) w->nd + 1) * sizeof *p);
	char **when = drv_alloc(((size_t) w->nd + 1) * sizeof *when);
	for (int d = 0; d < w->nd; d++) {
		when[d] = drv_printf("e[%d] == next", d);
		p[d] = (part) { when[d], &t->acts[w->gact[d]], 1 };
	}
	post_build(w, p, w->nd, written);
	inv_guard(out, w, written, -1, 1);
	post_clear(w, written);
	fputs(" ->", out);
	/* the ends' effects: every condition read before any effect (the
	 * ends do not interfere, so one after another is all at once); as
	 * conditional expressions, not ifs: SPIN bounds the jumps of a d_step */
	for (int d = 0; d < w->nd; d++) {
		const pddl_gaction *a = &t->acts[w->gact[d]];
		char **cond;
		int *which, nc = pddl_pml_conditions(a, 1, &cond, &which);
		for (int k = 0; k < nc; k++)
			fprintf(out, "\n\t\t   c[%d] = %s;", k, cond[k]);
		for (int add = 0; add < 2; add++)
			for (int e = 0; e < a->neffs; e++) {
				const pddl_geff *ef = &a->effs[e];
				if (!ef->at_end || ef->add != add)
					continue;
				fprintf(out, "\n\t\t   f[%d] = ((e[%d] == next", ef->fact, d);
				if (which[e] >= 0)
					fprintf(out, " && c[%d]", which[e]);
				fprintf(out, ") -> %d : f[%d]);", add, ef->fact);
			}
		for (int k = 0; k < nc; k++)
			fprintf(out, " c[%d] = 0;", k);
		pddl_pml_free_conditions(cond, nc, which);
	}
	fputs("\n\t\t   printf(\"@@PDDLT A %d\\n\", next);", out);
	if (w->t->horizon)
		fputs(" now = now + next;", out);
	/* the ended stop, the others' ends move with the base; the earliest */
	fprintf(out, "\n\t\t   ti = 0;"
	             "\n\t\t   do"
	             "\n\t\t   :: ti < %d ->"
	             "\n\t\t\tif"
	             "\n\t\t\t:: e[ti] == next -> e[ti] = 0; f[%d + ti] = 0; nrun--"
	             "\n\t\t\t:: e[ti] > next -> e[ti] = e[ti] - next;"
	             "\n\t\t\t   if :: tn == 0 || e[ti] < tn -> tn = e[ti] :: else fi"
	             "\n\t\t\t:: else"
	             "\n\t\t\tfi;"
	             "\n\t\t\tti++"
	             "\n\t\t   :: else -> break"
	             "\n\t\t   od;"
	             "\n\t\t   next = tn; ti = 0; tn = 0;", w->nd, t->nfacts);
	fputs("\n\t\t   k = 0;", out);
	tick_done(out, w);
	for (int d = 0; d < w->nd; d++)
		free(when[d]);
	free(when);
	free(p);
}

void pddl_write_promela_temporal(FILE *out, const pddl_model *m, const pddl_task *t, int *act_line,
                                 char *const *text, const size_t *len)
{
	tw w;
	char buf[512];
	size_t at = 0;
	int line = 1, maxc = 0;
	memset(&w, 0, sizeof w);
	w.t = t;
	w.dix = drv_alloc(((size_t) t->nacts + 1) * sizeof *w.dix);
	w.gact = drv_alloc(((size_t) t->nacts + 1) * sizeof *w.gact);
	w.dur = drv_alloc(((size_t) t->nacts + 1) * sizeof *w.dur);
	for (int i = 0; i < t->nacts; i++) {
		w.dix[i] = m->acts[t->acts[i].schema].durative ? w.nd : -1;
		if (w.dix[i] >= 0) {
			w.dur[w.nd] = m->acts[t->acts[i].schema].dur;
			w.gact[w.nd++] = i;
		}
		for (int at_end = 0; at_end < 2; at_end++) {
			char **cond;
			int *which, c = pddl_pml_conditions(&t->acts[i], at_end, &cond, &which);
			if (c > maxc)
				maxc = c;
			pddl_pml_free_conditions(cond, c, which);
		}
	}
	int nf = t->nfacts;
	w.inv_readers = drv_alloc(((size_t) nf + 1) * sizeof *w.inv_readers);
	w.ninv_readers = drv_alloc(((size_t) nf + 1) * sizeof *w.ninv_readers);
	memset(w.inv_readers, 0, ((size_t) nf + 1) * sizeof *w.inv_readers);
	memset(w.ninv_readers, 0, ((size_t) nf + 1) * sizeof *w.ninv_readers);
	for (int d = 0; d < w.nd; d++) {
		reader_arg r = { &w, d };
		reads(t->acts[w.gact[d]].inv, add_inv_reader, &r);
	}
	w.post = drv_alloc(((size_t) nf + 1) * sizeof *w.post);
	memset(w.post, 0, ((size_t) nf + 1) * sizeof *w.post);
	w.mark = drv_alloc((size_t) w.nd + 1);
	unsigned char *written = drv_alloc((size_t) nf + 1);
	memset(written, 0, (size_t) nf + 1);

	fputs("/*\n", out);
	pml_commentf(out, " * PDDL problem %s (%s) of domain %s (%s), translated by dmc: see docs/planning.md.",
	             m->problem_name, m->problem_file, m->domain_name, m->domain_file);
	fprintf(out, "\n * Relaxed reachability grounds %d facts and %d actions, %d of them durative;\n"
	             " * time in ticks, %d a time unit.  A plan is a path to the assertion's\n"
	             " * violation (the goal, with no action running).\n */\n\n",
	        t->nfacts, t->nacts, w.nd, PDDL_TICKS);
	/* the facts, then per durative action a bit "running" (e[d] > 0), which
	 * hff's snap actions read (pddl_meta.c) */
	fprintf(out, "bit f[%d];\n", nf + w.nd > 0 ? nf + w.nd : 1);
	for (int i = 0; i < nf; i++) {
		pddl_atom_text(m, t->fpred[i], t->fargs[i], buf, sizeof buf);
		fprintf(out, "/* f[%d] ", i);
		pml_commentf(out, "%s", buf);
		fputs(" */\n", out);
	}
	if (w.nd)
		fprintf(out, "/* f[%d] .. f[%d]: durative action 0 .. %d is running */\n", nf, nf + w.nd - 1, w.nd - 1);
	fprintf(out, "int e[%d];   /* per durative action: its end in ticks after the base, 0 not running */\n",
	        w.nd > 0 ? w.nd : 1);
	fputs("int next;   /* the earliest end of a running action, 0 when none runs */\n"
	      "int k;      /* the next happening's tick after the base */\n"
	      "short nrun; /* the actions running */\n"
	      "int ti, tn; /* the time advance's loop index and earliest end; 0 between steps */\n", out);
	if (t->horizon)
		fprintf(out, "int now;    /* the base's time: every action ends by the horizon, %ld */\n", t->horizon);
	if (maxc)
		fprintf(out, "bit c[%d];   /* conditional effects' conditions, read in the state before; 0 between steps */\n", maxc);
	pddl_pml_write_start(out, t->finit, nf);
	for (int i = 0; i < t->nacts; i++) {
		const pddl_gaction *a = &t->acts[i];
		pddl_gaction_text(m, a, buf, sizeof buf);
		fputs("\t/* ", out);
		pml_commentf(out, "%s", buf);
		fputs(w.dix[i] >= 0 ? " starts */\n" : " */\n", out);
		if (act_line) {
			pddl_pml_count_lines(out, text, len, &at, &line);
			act_line[i] = line;
		}
		start_alt(out, &w, i, written);
	}
	if (w.nd && act_line) {
		pddl_pml_count_lines(out, text, len, &at, &line);
		act_line[t->nacts] = line + 1;   /* below the comment */
	}
	if (w.nd)
		advance_alt(out, &w, written);
	fputs("\t/* the goal with nothing running: its assertion's violation is a plan */\n"
	      "\t:: atomic { nrun == 0 && ", out);
	pddl_pml_expr(out, t->goal);
	fputs(" -> assert(!(", out);
	pddl_pml_expr(out, t->goal);
	fputs(")) }\n\tod\n}\n", out);

	for (int x = 0; x < nf; x++)
		free(w.inv_readers[x]);
	free(w.inv_readers);
	free(w.ninv_readers);
	free(w.post);
	free(w.mark);
	free(written);
	free(w.dix);
	free(w.gact);
	free(w.dur);
}
