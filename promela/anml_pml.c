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
 *     them, to keep the state small;
 *   - the goal process asserts !(every instance finished): SPIN's
 *     assertion violation is a plan, and the assert is the heuristics'
 *     target.
 * During `spin -t`, each action start prints "@@ANML inst act start end
 * params..." (anml_schedule.c reads it back).
 */
#include "anml.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAXV 16   /* action references in one constraint */
#define MAXT 32   /* terms in one constraint */

typedef struct {
	int tl, inst, act;
} tvar;

typedef struct {
	int is_const, var, point, k;
} tterm;

/* a constraint as an ascending chain over action variables */
typedef struct {
	const anml_constraint *src;
	int nterms, nvars, uterm;
	tterm t[MAXT];
	int ops[MAXT];
	tvar v[MAXV];
} tchain;

/* the events of one transition of instance inst: X ends, Y starts */
typedef struct {
	int inst, x, y;          /* x, y: -1 when absent */
} tevents;

typedef struct {
	const anml_model *m;
	int H;
	tchain *ch;
	int nch;
	unsigned char *rec;      /* [inst][act][point]: recorded? */
	int maxacts;
	FILE *out;
	anml_err *err;
	int failed;
	long guards;             /* constraint instances written (a size check) */
} writer;

static unsigned char *rec_at(writer *w, int inst, int act, int point)
{
	return &w->rec[((size_t) inst * (size_t) w->maxacts + (size_t) act) * 2 + (size_t) point];
}

static int add_var(tchain *c, const anml_ref *r, int merge)
{
	if (merge)
		for (int i = 0; i < c->nvars; i++)
			if (c->v[i].tl == r->tl && c->v[i].inst == r->inst && c->v[i].act == r->act)
				return i;
	if (c->nvars == MAXV)
		return -1;
	c->v[c->nvars].tl = r->tl;
	c->v[c->nvars].inst = r->inst;
	c->v[c->nvars].act = r->act;
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
	return 0;
too_big:
	snprintf(w->err->msg, sizeof w->err->msg, "%s:%d:%d: constraint too large for the translator (at most %d terms, %d actions)",
	         w->m->file, src->loc.line, src->loc.col, MAXT, MAXV);
	return -1;
}

/* ---- expressions ---- */

typedef struct {
	char *s;
	size_t len, cap;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if (b->s && b->len + (size_t) n < b->cap) {
			b->len += (size_t) n;
			return;
		}
		b->cap = (b->cap + (size_t) n + 1) * 2;
		b->s = drv_realloc(b->s, b->cap);
	}
}

static const char *iname(writer *w, int inst)
{
	return w->m->insts[inst].name;
}

static const char *aname(writer *w, int inst, int act)
{
	return w->m->tls[w->m->insts[inst].tl].acts[act].name;
}

static const char *tname(writer *w, int inst)
{
	return w->m->tls[w->m->insts[inst].tl].name;
}

/* The value of term i under binding b for a transition with events ev:
 * appends the value to val and validity conditions to cond; 0 if the
 * term has no value (the constraint cannot hold). */
static int term_value(writer *w, const tchain *c, const int *b, int i, const tevents *ev,
                      sbuf *val, sbuf *cond)
{
	const tterm *t = &c->t[i];
	if (t->is_const) {
		sb_printf(val, "%d", t->k);
		return 1;
	}
	const tterm *u = &c->t[c->uterm];
	int j = b[t->var], z = c->v[t->var].act, ui = b[u->var], ua = c->v[u->var].act;
	if (j == ui && z == ua) {
		/* the universally quantified occurrence itself */
		if (t->point == u->point) {
			sb_printf(val, "time");
			return 1;
		}
		if (u->point == ANML_END && t->point == ANML_START) {
			*rec_at(w, j, z, ANML_START) = 1;
			sb_printf(val, "%s_%s_s", iname(w, j), aname(w, j, z));
			return 1;
		}
		return 0;    /* its end is in the future */
	}
	if (j == ev->inst && ((t->point == ANML_END && z == ev->x) || (t->point == ANML_START && z == ev->y))) {
		sb_printf(val, "time");
		return 1;
	}
	*rec_at(w, j, z, t->point) = 1;
	if (t->point == ANML_START) {
		sb_printf(cond, " && %s_%s_s != NEVER", iname(w, j), aname(w, j, z));
		sb_printf(val, "%s_%s_s", iname(w, j), aname(w, j, z));
	} else {
		/* the current occurrence must have ended */
		sb_printf(cond, " && %s_%s_e != NEVER && %s_act != %s_%s", iname(w, j), aname(w, j, z),
		          iname(w, j), tname(w, j), aname(w, j, z));
		sb_printf(val, "%s_%s_e", iname(w, j), aname(w, j, z));
	}
	return 1;
}

static const char *op_text(int op)
{
	return op == ANML_LT ? "<" : op == ANML_LE ? "<=" : "==";
}

/* the guard of one constraint instance (binding b) */
static void chain_guard(writer *w, const tchain *c, const int *b, const tevents *ev, sbuf *g)
{
	sbuf cond = { 0 }, rel = { 0 };
	int ok = 1;
	for (int i = 0; i + 1 < c->nterms && ok; i++) {
		sbuf a = { 0 }, z = { 0 };
		ok = term_value(w, c, b, i, ev, &a, &cond) && term_value(w, c, b, i + 1, ev, &z, &cond);
		if (ok) {
			sb_printf(&rel, " && %s", a.s);
			if (c->t[i].k && !c->t[i].is_const)
				sb_printf(&rel, " + %d", c->t[i].k);
			sb_printf(&rel, " %s %s", op_text(c->ops[i]), z.s);
			if (c->t[i + 1].k && !c->t[i + 1].is_const)
				sb_printf(&rel, " + %d", c->t[i + 1].k);
		}
		free(a.s);
		free(z.s);
	}
	sb_printf(g, " &&\n\t\t   /* constraint %s:%d */ ", w->m->file, c->src->loc.line);
	if (!ok)
		sb_printf(g, "false");
	else
		sb_printf(g, "(true%s%s)", cond.s ? cond.s : "", rel.s ? rel.s : "");
	w->guards++;
	free(cond.s);
	free(rel.s);
}

/* every binding of the chain's type-level variables to instances in
 * which the universal term is (ev->inst, act, point) */
static void bind(writer *w, const tchain *c, int *b, int k, const tevents *ev, sbuf *g)
{
	if (k == c->nvars) {
		const tterm *u = &c->t[c->uterm];
		if (b[u->var] == ev->inst)
			chain_guard(w, c, b, ev, g);
		return;
	}
	const tvar *v = &c->v[k];
	if (v->inst >= 0) {
		b[k] = v->inst;
		bind(w, c, b, k + 1, ev, g);
		return;
	}
	for (int i = 0; i < w->m->ninsts; i++)
		if (w->m->insts[i].tl == v->tl) {
			b[k] = i;
			bind(w, c, b, k + 1, ev, g);
		}
}

/* the constraint guards of a transition with events ev */
static void constraint_guards(writer *w, const tevents *ev, sbuf *g)
{
	int tl = w->m->insts[ev->inst].tl;
	for (int i = 0; i < w->nch; i++) {
		const tchain *c = &w->ch[i];
		const tterm *u = &c->t[c->uterm];
		const tvar *uv = &c->v[u->var];
		if (uv->tl != tl || (uv->inst >= 0 && uv->inst != ev->inst))
			continue;
		if (!((u->point == ANML_END && uv->act == ev->x) || (u->point == ANML_START && uv->act == ev->y)))
			continue;
		int b[MAXV];
		bind(w, c, b, 0, ev, g);
	}
}

/* ---- entering an action ---- */

static int goal_bit(writer *w, int inst, int act);

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

/* the statements that start action y on inst with free-parameter choice
 * combo (mixed radix) and duration d: the parameters, the recorded
 * start, the end time, the printf for the plan */
static void enter(writer *w, sbuf *s, int inst, int y, const anml_trans *tr, long combo, int d)
{
	const anml_model *m = w->m;
	const char *in = iname(w, inst), *tn = tname(w, inst);
	const anml_action *a = &m->tls[m->insts[inst].tl].acts[y];
	int np = tl_maxparams(w, inst);
	/* copies of the source's values go through tmp_k: p0, p1 may swap */
	for (int k = 0; k < a->nparams; k++) {
		int f = copied_from(tr, k);
		if (f >= 0)
			sb_printf(s, "; tmp_%d = %s_p%d", k, in, f);
	}
	for (int k = 0; k < a->nparams; k++) {
		int f = copied_from(tr, k);
		if (tr && tr->to.has_args && tr->to.args[k].kind == ANML_ARG_VALUE)
			sb_printf(s, "; %s_p%d = %d", in, k, tr->to.args[k].val);
		else if (f >= 0)
			sb_printf(s, "; %s_p%d = tmp_%d; tmp_%d = 0", in, k, k, k);
		else {
			int nv = m->types[a->ptype[k]].nvals;
			sb_printf(s, "; %s_p%d = %ld", in, k, combo % nv);
			combo /= nv;
		}
	}
	for (int k = a->nparams; k < np; k++)
		sb_printf(s, "; %s_p%d = 0", in, k);
	sb_printf(s, ";\n\t\t   %s_act = %s_%s", in, tn, a->name);
	if (*rec_at(w, inst, y, ANML_START))
		sb_printf(s, "; %s_%s_s = time", in, a->name);
	sb_printf(s, "; %s_e = time + %d", in, d);
	sb_printf(s, ";\n\t\t   printf(\"@@ANML %d %%d %%d %%d", inst);
	for (int k = 0; k < np; k++)
		sb_printf(s, " %%d");
	sb_printf(s, "\\n\", %s_act, time, %s_e", in, in);
	for (int k = 0; k < np; k++)
		sb_printf(s, ", %s_p%d", in, k);
	sb_printf(s, ")");
}

/* the guard on the source's parameters of pattern tr */
static void source_guard(writer *w, sbuf *g, int inst, const anml_trans *tr)
{
	const char *in = iname(w, inst);
	if (!tr || !tr->from.has_args)
		return;
	for (int k = 0; k < tr->from.nargs; k++) {
		const anml_arg *a = &tr->from.args[k];
		if (a->kind == ANML_ARG_VALUE)
			sb_printf(g, " && %s_p%d == %d", in, k, a->val);
		else if (a->kind == ANML_ARG_VAR)
			for (int f = 0; f < k; f++)
				if (tr->from.args[f].kind == ANML_ARG_VAR && tr->from.args[f].val == a->val) {
					sb_printf(g, " && %s_p%d == %s_p%d", in, k, in, f);
					break;
				}
	}
}

/* the statements that end action x on inst */
static void leave(writer *w, sbuf *s, int inst, int x)
{
	const char *in = iname(w, inst);
	if (*rec_at(w, inst, x, ANML_END))
		sb_printf(s, "; %s_%s_e = time", in, aname(w, inst, x));
	int ng = anml_inst_goal_count(w->m, inst);
	if (ng > 1 && anml_is_goal(w->m, inst, x))
		sb_printf(s, "; %s_goals = %s_goals | %d", in, in, 1 << goal_bit(w, inst, x));
}

/* ---- the model ---- */

/* One transition x -> y of inst (x -1: the first action, y -1: the
 * instance finishes) as do-options, one d_step per choice of y's free
 * parameters and duration: a single step each, no intermediate states. */
static void option(writer *w, int inst, int x, int y, const anml_trans *tr, int line)
{
	const anml_model *m = w->m;
	const char *in = iname(w, inst), *tn = tname(w, inst);
	const anml_timeline *tl = &m->tls[m->insts[inst].tl];
	tevents ev = { inst, x, y };
	sbuf g = { 0 }, lv = { 0 };
	if (x >= 0)
		sb_printf(&g, "%s_act == %s_%s && time == %s_e", in, tn, tl->acts[x].name, in);
	else
		sb_printf(&g, "%s_act == %s_none", in, tn);
	source_guard(w, &g, inst, tr);
	if (y < 0) {
		int ng = anml_inst_goal_count(m, inst);
		if (ng > 1)
			sb_printf(&g, " && (%s_goals | %d) == %d", in, 1 << goal_bit(w, inst, x), (1 << ng) - 1);
	}
	constraint_guards(w, &ev, &g);
	if (x >= 0)
		leave(w, &lv, inst, x);
	fprintf(w->out, "\t/* %s -> %s", x >= 0 ? tl->acts[x].name : "(start)",
	        y >= 0 ? tl->acts[y].name : "(finished)");
	if (line > 0)
		fprintf(w->out, ", %s:%d", m->file, line);
	fprintf(w->out, " */\n");
	if (y < 0) {
		fprintf(w->out, "\t:: d_step {\n\t\t   %s ->\n\t\t   skip%s; %s_act = %s_null; %s_e = H + 1\n\t   }\n",
		        g.s, lv.s ? lv.s : "", in, tn, in);
	} else {
		const anml_action *a = &tl->acts[y];
		int dmax = a->max == ANML_UNBOUNDED || a->max > w->H ? w->H : a->max;
		long nc = combos(w, inst, y, tr);
		for (long c = 0; c < nc; c++)
			for (int d = a->min; d <= dmax; d++) {
				sbuf st = { 0 };
				enter(w, &st, inst, y, tr, c, d);
				fprintf(w->out, "\t:: d_step {\n\t\t   %s && time + %d <= H ->\n\t\t   skip%s%s\n\t   }\n",
				        g.s, d, lv.s ? lv.s : "", st.s ? st.s : "");
				free(st.s);
			}
	}
	free(g.s);
	free(lv.s);
}

static int goal_bit(writer *w, int inst, int act)
{
	int bit = 0;
	for (int a = 0; a < act; a++)
		bit += anml_is_goal(w->m, inst, a);
	return bit;
}

static void process(writer *w, int inst)
{
	const anml_model *m = w->m;
	const anml_inst *ins = &m->insts[inst];
	const anml_timeline *tl = &m->tls[ins->tl];
	int first = anml_initial_action(m, inst);
	fprintf(w->out, "\n/* instance %s of timeline %s (%s:%d) */\nactive proctype P_%s()\n{\nend_run:\n\tdo\n",
	        ins->name, tl->name, m->file, ins->loc.line, ins->name);
	/* the first action: INITIAL-STATE's, else any */
	for (int y = 0; y < tl->nacts; y++)
		if (first < 0 || first == y)
			option(w, inst, -1, y, NULL, 0);
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

int anml_write_promela(FILE *out, const anml_model *m, int horizon, anml_err *err)
{
	writer w;
	memset(&w, 0, sizeof w);
	w.m = m;
	w.H = horizon;
	w.err = err;
	for (int t = 0; t < m->ntls; t++)
		if (m->tls[t].nacts > w.maxacts)
			w.maxacts = m->tls[t].nacts;
	w.rec = drv_alloc((size_t) m->ninsts * (size_t) w.maxacts * 2 + 1);
	memset(w.rec, 0, (size_t) m->ninsts * (size_t) w.maxacts * 2 + 1);
	w.ch = drv_alloc(((size_t) m->ncons + 1) * sizeof *w.ch);
	for (int i = 0; i < m->ncons; i++) {
		if (normalise(&w, &m->cons[i], &w.ch[w.nch]) != 0) {
			free(w.ch);
			free(w.rec);
			return -1;
		}
		w.nch++;
	}
	/* the processes first, into memory: they decide which timepoints are recorded */
	char *body = NULL;
	size_t blen = 0;
	FILE *mem = open_memstream(&body, &blen);
	if (!mem) {
		snprintf(err->msg, sizeof err->msg, "out of memory");
		free(w.ch);
		free(w.rec);
		return -1;
	}
	/* twice: the first pass marks the recorded timepoints that the
	 * second pass's transitions must then write */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			fclose(mem);
			free(body);
			body = NULL;
			mem = open_memstream(&body, &blen);
			if (!mem) {
				snprintf(err->msg, sizeof err->msg, "out of memory");
				free(w.ch);
				free(w.rec);
				return -1;
			}
		}
		w.out = mem;
		for (int i = 0; i < m->ninsts; i++)
			process(&w, i);
	}
	fclose(mem);
	w.out = out;

	int wide = horizon > 250;
	const char *ty = wide ? "short" : "byte";
	fprintf(out, "/*\n * ANMLite plan %s (%s), translated by dmc translate: see docs/anmlite.md.\n"
	        " * A plan is a path to the assertion violation in process goal.\n */\n\n",
	        m->name, m->file);
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
		fprintf(out, "\n/* timeline %s (%s:%d) */\n", tl->name, m->file, tl->loc.line);
		for (int a = 0; a < tl->nacts; a++) {
			const anml_action *ac = &tl->acts[a];
			fprintf(out, "#define %s_%s %d    /* duration [%d,", tl->name, ac->name, a, ac->min);
			if (ac->max == ANML_UNBOUNDED)
				fprintf(out, "_]");
			else
				fprintf(out, "%d]", ac->max);
			fprintf(out, ", %s:%d */\n", m->file, ac->loc.line);
		}
		fprintf(out, "#define %s_null %d    /* finished */\n", tl->name, tl->nacts);
		fprintf(out, "#define %s_none %d    /* not started */\n", tl->name, tl->nacts + 1);
	}
	for (int i = 0; i < m->ninsts; i++) {
		const anml_inst *in = &m->insts[i];
		const anml_timeline *tl = &m->tls[in->tl];
		fprintf(out, "\n/* instance %s of %s */\n", in->name, tl->name);
		fprintf(out, "byte %s_act = %s_none;\n", in->name, tl->name);
		fprintf(out, "%s %s_e;    /* the current action's end */\n", ty, in->name);
		for (int k = 0; k < tl->maxparams; k++)
			fprintf(out, "byte %s_p%d;    /* the current action's parameter %d */\n", in->name, k, k + 1);
		if (anml_inst_goal_count(m, i) > 1)
			fprintf(out, "byte %s_goals;    /* goal actions completed (bits) */\n", in->name);
		for (int a = 0; a < tl->nacts; a++)
			for (int p = 0; p < 2; p++)
				if (*rec_at(&w, i, a, p))
					fprintf(out, "%s %s_%s_%c = NEVER;    /* %s.%s on %s, read by a constraint */\n",
					        ty, in->name, tl->acts[a].name, p ? 'e' : 's', tl->acts[a].name,
					        p ? "end" : "start", in->name);
	}
	fputs(body, out);
	free(body);

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

	/* the goal */
	sbuf g = { 0 };
	for (int i = 0; i < m->ninsts; i++)
		sb_printf(&g, "%s%s_act == %s_null", i ? " && " : "", m->insts[i].name, m->tls[m->insts[i].tl].name);
	fprintf(out, "\n/* GOALS: every instance finished (instances with goals finish only after\n"
	        " * completing them); the assertion's violation is a plan */\nactive proctype goal()\n{\n"
	        "end_goal:\n\t(%s);\n\tassert(!(%s))\n}\n", g.s, g.s);
	free(g.s);
	free(w.ch);
	free(w.rec);
	return 0;
}
