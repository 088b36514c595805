// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_planfile.c -- a plan as temporal planners write it (the IPC's
 * plan format), one action a line, ordered by start time:
 *
 *   ; comment
 *   START: (INSTANCE.ACTION ARG ...) [DURATION]
 *
 * START and DURATION are whole time units ("3" or "3.000"); the action
 * is named by its timeline instance because ANMLite's actions belong to
 * one.  `dmc plan` writes it and reads it back for the validator, so
 * the file is what was validated; `dmc plan MODEL --validate FILE`
 * checks a plan from elsewhere.
 */
#include "anml.h"
#include "util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	int inst;
	const anml_step *s;
} timed_step;

static int by_start(const void *a, const void *b)
{
	const timed_step *x = a, *y = b;
	if (x->s->start != y->s->start)
		return x->s->start < y->s->start ? -1 : 1;
	return x->inst < y->inst ? -1 : x->inst > y->inst;
}

int anml_plan_makespan(const anml_plan *plan)
{
	int end = 0;
	for (int i = 0; i < plan->ninsts; i++)
		for (int k = 0; k < plan->lines[i].n; k++)
			if (plan->lines[i].steps[k].end > end)
				end = plan->lines[i].steps[k].end;
	return end;
}

void anml_plan_write_ipc(FILE *out, const anml_model *m, const anml_plan *plan, int horizon)
{
	size_t n = 0;
	for (int i = 0; i < plan->ninsts; i++)
		n += (size_t) plan->lines[i].n;
	timed_step *all = drv_alloc((n ? n : 1) * sizeof *all);
	n = 0;
	for (int i = 0; i < plan->ninsts; i++)
		for (int k = 0; k < plan->lines[i].n; k++)
			all[n++] = (timed_step) { i, &plan->lines[i].steps[k] };
	qsort(all, n, sizeof *all, by_start);
	fprintf(out, "; plan %s (%s), horizon %d, makespan %d\n", m->name, m->file, horizon,
	        anml_plan_makespan(plan));
	fprintf(out, "; START: (INSTANCE.ACTION ARG ...) [DURATION]\n");
	for (size_t j = 0; j < n; j++) {
		const anml_inst *in = &m->insts[all[j].inst];
		const anml_action *a = &m->tls[in->tl].acts[all[j].s->act];
		fprintf(out, "%d: (%s.%s", all[j].s->start, in->name, a->name);
		for (int q = 0; q < a->nparams; q++) {
			const anml_type *ty = &m->types[a->ptype[q]];
			int v = all[j].s->params[q];
			fprintf(out, " %s", v >= 0 && v < ty->nvals ? ty->vals[v] : "?");
		}
		fprintf(out, ") [%d]\n", all[j].s->end - all[j].s->start);
	}
	free(all);
}

typedef struct {
	const char *file;
	int line;
	const char *bol, *p;
	anml_err *err;
} reader;

static int bad(reader *r, const char *fmt, ...)
{
	char what[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(r->err->msg, sizeof r->err->msg, "%s:%d:%d: %s", r->file, r->line,
	         (int) (r->p - r->bol) + 1, what);
	return -1;
}

static void blanks(reader *r)
{
	while (*r->p == ' ' || *r->p == '\t' || *r->p == '\r')
		r->p++;
}

/* a whole number of time units, "3" or "3.000" */
static int time_value(reader *r, int *v, const char *what)
{
	blanks(r);
	if (!isdigit((unsigned char) *r->p))
		return bad(r, "%s: a whole number expected", what);
	long x = 0;
	while (isdigit((unsigned char) *r->p)) {
		x = x * 10 + (*r->p++ - '0');
		if (x > ANML_MAX_HORIZON * 10L)
			return bad(r, "%s is too large", what);
	}
	if (*r->p == '.') {
		r->p++;
		while (*r->p == '0')
			r->p++;
		if (isdigit((unsigned char) *r->p))
			return bad(r, "%s: ANMLite's times are whole numbers", what);
	}
	*v = (int) x;
	return 0;
}

/* a name: letters, digits, '_', '-' (the instance and action stop at '.') */
static int name(reader *r, char *buf, size_t n, const char *what)
{
	size_t len = 0;
	blanks(r);
	while (isalnum((unsigned char) *r->p) || *r->p == '_' || *r->p == '-') {
		if (len + 1 < n)
			buf[len++] = *r->p;
		r->p++;
	}
	buf[len] = 0;
	if (!len)
		return bad(r, "%s expected", what);
	return 0;
}

static int find(char **names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

static int step_line(reader *r, const anml_model *m, anml_plan *plan)
{
	char iname[128], aname[128], val[128];
	int start, dur, inst = -1, act = -1;
	if (time_value(r, &start, "the start time") != 0)
		return -1;
	blanks(r);
	if (*r->p++ != ':')
		return r->p--, bad(r, "':' expected after the start time");
	blanks(r);
	if (*r->p++ != '(')
		return r->p--, bad(r, "'(' expected");
	const char *at = r->p;
	if (name(r, iname, sizeof iname, "an instance name") != 0)
		return -1;
	for (int i = 0; i < m->ninsts; i++)
		if (strcmp(m->insts[i].name, iname) == 0)
			inst = i;
	if (inst < 0)
		return r->p = at, bad(r, "no timeline instance '%s' in the model", iname);
	if (*r->p++ != '.')
		return r->p--, bad(r, "'.' expected: INSTANCE.ACTION");
	const anml_timeline *tl = &m->tls[m->insts[inst].tl];
	at = r->p;
	if (name(r, aname, sizeof aname, "an action name") != 0)
		return -1;
	for (int a = 0; a < tl->nacts; a++)
		if (strcmp(tl->acts[a].name, aname) == 0)
			act = a;
	if (act < 0)
		return r->p = at, bad(r, "timeline %s has no action '%s'", tl->name, aname);
	const anml_action *a = &tl->acts[act];
	anml_step s;
	memset(&s, 0, sizeof s);
	s.act = act;
	for (int q = 0; q < a->nparams; q++) {
		const anml_type *ty = &m->types[a->ptype[q]];
		blanks(r);
		at = r->p;
		if (*r->p == ')')
			return bad(r, "%s.%s takes %d argument%s", iname, aname, a->nparams, a->nparams == 1 ? "" : "s");
		if (name(r, val, sizeof val, "an argument") != 0)
			return -1;
		if ((s.params[q] = find(ty->vals, ty->nvals, val)) < 0)
			return r->p = at, bad(r, "'%s' is no value of type %s", val, ty->name);
	}
	blanks(r);
	if (*r->p != ')')
		return bad(r, a->nparams ? "')' expected: %s.%s takes %d argument(s)" : "')' expected: %s.%s takes no arguments",
		           iname, aname, a->nparams);
	r->p++;
	blanks(r);
	if (*r->p++ != '[')
		return r->p--, bad(r, "'[DURATION]' expected");
	if (time_value(r, &dur, "the duration") != 0)
		return -1;
	blanks(r);
	if (*r->p++ != ']')
		return r->p--, bad(r, "']' expected");
	blanks(r);
	if (*r->p && *r->p != '\n' && *r->p != ';')
		return bad(r, "unexpected text after the step");
	s.start = start;
	s.end = start + dur;
	anml_line *ln = &plan->lines[inst];
	ln->steps = drv_realloc(ln->steps, ((size_t) ln->n + 1) * sizeof *ln->steps);
	/* in start order per instance (the file is ordered by start overall) */
	int k = ln->n++;
	while (k > 0 && ln->steps[k - 1].start > s.start) {
		ln->steps[k] = ln->steps[k - 1];
		k--;
	}
	ln->steps[k] = s;
	return 0;
}

int anml_plan_read_ipc(const char *file, const char *text, const anml_model *m, anml_plan *plan,
                       anml_err *err)
{
	reader r = { file, 0, text, text, err };
	memset(plan, 0, sizeof *plan);
	plan->ninsts = m->ninsts;
	plan->lines = drv_alloc(((size_t) m->ninsts + 1) * sizeof *plan->lines);
	memset(plan->lines, 0, ((size_t) m->ninsts + 1) * sizeof *plan->lines);
	while (*r.p) {
		r.line++;
		r.bol = r.p;
		blanks(&r);
		if (*r.p != ';' && *r.p != '\n' && *r.p && step_line(&r, m, plan) != 0) {
			anml_plan_free(plan);
			return -1;
		}
		while (*r.p && *r.p != '\n')
			r.p++;
		if (*r.p)
			r.p++;
	}
	return 0;
}
