// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_schedule.c -- the plan from a replayed trail: the translated
 * model prints "@@ANML INST ACT START END P1 P2 ..." (numbers) whenever
 * an action starts (`spin -t` executes the printf statements along the
 * trail); this file reads those lines back into an anml_plan and prints
 * a plan per timeline instance.
 */
#include "anml.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int parse_line(const char *p, long *v, int max)
{
	int n = 0;
	while (n < max) {
		char *end;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || !*p)
			break;
		long x = strtol(p, &end, 10);
		if (end == p)
			return -1;
		v[n++] = x;
		p = end;
	}
	return n;
}

int anml_plan_from_replay(const anml_model *m, const char *text, anml_plan *plan, anml_err *err)
{
	memset(plan, 0, sizeof *plan);
	plan->ninsts = m->ninsts;
	plan->lines = drv_alloc(((size_t) m->ninsts + 1) * sizeof *plan->lines);
	memset(plan->lines, 0, ((size_t) m->ninsts + 1) * sizeof *plan->lines);
	for (const char *p = strstr(text, "@@ANML"); p; p = strstr(p + 1, "@@ANML")) {
		long v[16];
		if (strncmp(p, "@@ANMLEND ", 10) == 0) {
			/* the lazy translation: the end of the instance's last action */
			int n = parse_line(p + 10, v, 16);
			if (n != 2 || v[0] < 0 || v[0] >= m->ninsts || plan->lines[v[0]].n == 0)
				goto bad;
			plan->lines[v[0]].steps[plan->lines[v[0]].n - 1].end = (int) v[1];
			continue;
		}
		if (strncmp(p, "@@ANML ", 7) != 0)
			continue;
		int n = parse_line(p + 7, v, 16);
		if (n < 4 || v[0] < 0 || v[0] >= m->ninsts)
			goto bad;
		const anml_timeline *tl = &m->tls[m->insts[v[0]].tl];
		if (v[1] < 0 || v[1] >= tl->nacts || n != 4 + tl->maxparams || tl->maxparams > 8)
			goto bad;
		anml_line *ln = &plan->lines[v[0]];
		ln->steps = drv_realloc(ln->steps, ((size_t) ln->n + 1) * sizeof *ln->steps);
		anml_step *s = &ln->steps[ln->n++];
		memset(s, 0, sizeof *s);
		s->act = (int) v[1];
		s->start = (int) v[2];
		s->end = (int) v[3];
		for (int k = 0; k < tl->maxparams; k++)
			s->params[k] = (int) v[4 + k];
	}
	return 0;
bad:
	snprintf(err->msg, sizeof err->msg, "the replayed trail has a malformed @@ANML line");
	anml_plan_free(plan);
	return -1;
}

void anml_plan_print(FILE *out, const anml_model *m, const anml_plan *plan)
{
	for (int i = 0; i < plan->ninsts; i++) {
		const anml_inst *in = &m->insts[i];
		const anml_timeline *tl = &m->tls[in->tl];
		if (in->implicit)
			fprintf(out, "timeline %s:\n", in->name);
		else
			fprintf(out, "timeline %s (%s):\n", in->name, tl->name);
		for (int k = 0; k < plan->lines[i].n; k++) {
			const anml_step *s = &plan->lines[i].steps[k];
			const anml_action *a = &tl->acts[s->act];
			char act[256];
			int len = snprintf(act, sizeof act, "%s", a->name);
			for (int q = 0; q < a->nparams && len < (int) sizeof act; q++) {
				const anml_type *ty = &m->types[a->ptype[q]];
				int v = s->params[q];
				len += snprintf(act + len, sizeof act - (size_t) len, "%s%s", q ? "," : "(",
				                v >= 0 && v < ty->nvals ? ty->vals[v] : "?");
			}
			if (a->nparams && len < (int) sizeof act)
				snprintf(act + len, sizeof act - (size_t) len, ")");
			fprintf(out, "  %-24s start %4d  end %4d\n", act, s->start, s->end);
		}
	}
}

void anml_plan_free(anml_plan *plan)
{
	for (int i = 0; plan->lines && i < plan->ninsts; i++)
		free(plan->lines[i].steps);
	free(plan->lines);
	memset(plan, 0, sizeof *plan);
}
