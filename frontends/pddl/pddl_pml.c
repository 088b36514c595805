// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_pml.c -- a grounded PDDL task (pddl_ground.c) as Promela: the
 * facts are a bit array f[], set to the initial state by the first
 * step; each ground action is one d_step alternative of one loop (its
 * precondition the guard; its conditional effects' conditions read
 * into the bits c[] first, since PDDL evaluates them in the state before
 * the action; deletes, then adds, so an atom both deleted and added
 * stays true); the goal is an assertion that fails when the goal holds,
 * so that a counterexample is a plan.  Under spin -t each action prints
 * "@@PDDL K" (ground action K), which is how the plan is read back.
 * Names reach the Promela only inside escaped comments (pml_text.h).
 */
#include "pddl.h"
#include "pml_text.h"

#include <stdlib.h>
#include <string.h>

void pddl_pml_expr_as(FILE *out, const pddl_gf *x, char *const *value)
{
	switch (x->kind) {
	case PG_TRUE:
		fputs("1", out);
		return;
	case PG_FALSE:
		fputs("0", out);
		return;
	case PG_FACT:
		if (value && value[x->fact])
			fputs(value[x->fact], out);
		else
			fprintf(out, "f[%d]", x->fact);
		return;
	case PG_NOT:
		fputs("!", out);
		if (x->kids[0]->kind == PG_FACT && !(value && value[x->kids[0]->fact]))
			pddl_pml_expr_as(out, x->kids[0], value);
		else {
			fputs("(", out);
			pddl_pml_expr_as(out, x->kids[0], value);
			fputs(")", out);
		}
		return;
	default:
		fputs("(", out);
		for (int i = 0; i < x->n; i++) {
			if (i)
				fputs(x->kind == PG_AND ? " && " : " || ", out);
			pddl_pml_expr_as(out, x->kids[i], value);
		}
		fputs(")", out);
	}
}

void pddl_pml_expr(FILE *out, const pddl_gf *x)
{
	pddl_pml_expr_as(out, x, NULL);
}

static char *expr_text(const pddl_gf *x)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		abort();
	pddl_pml_expr(f, x);
	fclose(f);
	return buf;
}

/* an action's distinct effect conditions (of its effects at_end):
 * cond[k] the text of c[k], which[e] effect e's k (-1: unconditional);
 * their number */
int pddl_pml_conditions(const pddl_gaction *a, int at_end, char ***cond, int **which)
{
	int n = 0;
	*cond = malloc(((size_t) a->neffs + 1) * sizeof **cond);
	*which = malloc(((size_t) a->neffs + 1) * sizeof **which);
	if (!*cond || !*which)
		abort();
	for (int e = 0; e < a->neffs; e++) {
		(*which)[e] = -1;
		if (!a->effs[e].cond || a->effs[e].at_end != at_end)
			continue;
		char *t = expr_text(a->effs[e].cond);
		int k = 0;
		while (k < n && strcmp((*cond)[k], t) != 0)
			k++;
		if (k == n)
			(*cond)[n++] = t;
		else
			free(t);
		(*which)[e] = k;
	}
	return n;
}

void pddl_pml_free_conditions(char **cond, int n, int *which)
{
	for (int k = 0; k < n; k++)
		free(cond[k]);
	free(cond);
	free(which);
}

/* the effects of kind add (0: deletes) at the time at_end */
void pddl_pml_effects(FILE *out, const pddl_gaction *a, const int *which, int add, int at_end)
{
	for (int e = 0; e < a->neffs; e++) {
		const pddl_geff *ef = &a->effs[e];
		if (ef->add != add || ef->at_end != at_end)
			continue;
		if (which[e] < 0)
			fprintf(out, " f[%d] = %d;", ef->fact, add);
		else
			fprintf(out, "\n\t\t   if :: c[%d] -> f[%d] = %d :: else fi;", which[e], ef->fact, add);
	}
}

/* the lines written to mem (an open_memstream's) since *at, added to *line */
void pddl_pml_count_lines(FILE *mem, char *const *text, const size_t *len, size_t *at, int *line)
{
	fflush(mem);
	for (; *at < *len; (*at)++)
		*line += (*text)[*at] == '\n';
}

void pddl_pml_write_start(FILE *out, const char *finit, int nfacts)
{
	fputs("\nactive proctype plan()\n{\n\t/* the initial state */\n\td_step {", out);
	int any = 0;
	for (int i = 0; i < nfacts; i++)
		if (finit[i]) {
			fprintf(out, "%s f[%d] = 1;", any % 16 == 15 ? "\n\t\t" : "", i);
			any++;
		}
	fputs(any ? "\n\t}\nend_plan:\n\tdo\n" : " skip }\nend_plan:\n\tdo\n", out);
}

static void write_promela(FILE *out, const pddl_model *m, const pddl_task *t, int *act_line,
                          char *const *text, const size_t *len)
{
	char buf[512];
	size_t at = 0;
	int line = 1, maxc = 0;
	for (int i = 0; i < t->nacts; i++) {
		char **cond;
		int *which, c = pddl_pml_conditions(&t->acts[i], 0, &cond, &which);
		if (c > maxc)
			maxc = c;
		pddl_pml_free_conditions(cond, c, which);
	}
	fputs("/*\n", out);
	pml_commentf(out, " * PDDL problem %s (%s) of domain %s (%s), translated by dmc: see docs/planning.md.",
	             m->problem_name, m->problem_file, m->domain_name, m->domain_file);
	fprintf(out, "\n * Relaxed reachability grounds %d facts and %d actions; a plan is a path to\n"
	             " * the assertion's violation (the goal).\n */\n\n", t->nfacts, t->nacts);
	fprintf(out, "bit f[%d];\n", t->nfacts > 0 ? t->nfacts : 1);
	for (int i = 0; i < t->nfacts; i++) {
		pddl_atom_text(m, t->fpred[i], t->fargs[i], buf, sizeof buf);
		fprintf(out, "/* f[%d] ", i);
		pml_commentf(out, "%s", buf);
		fputs(" */\n", out);
	}
	if (maxc)
		fprintf(out, "bit c[%d];   /* conditional effects' conditions, read in the state before; 0 between steps */\n", maxc);
	pddl_pml_write_start(out, t->finit, t->nfacts);
	for (int i = 0; i < t->nacts; i++) {
		const pddl_gaction *a = &t->acts[i];
		pddl_gaction_text(m, a, buf, sizeof buf);
		fputs("\t/* ", out);
		pml_commentf(out, "%s", buf);
		fputs(" */\n", out);
		if (act_line) {
			pddl_pml_count_lines(out, text, len, &at, &line);
			act_line[i] = line;
		}
		fputs("\t:: d_step { ", out);
		pddl_pml_expr(out, a->pre);
		fputs(" ->", out);
		char **cond;
		int *which, nc = pddl_pml_conditions(a, 0, &cond, &which);
		for (int k = 0; k < nc; k++)
			fprintf(out, "\n\t\t   c[%d] = %s;", k, cond[k]);
		pddl_pml_effects(out, a, which, 0, 0);
		pddl_pml_effects(out, a, which, 1, 0);
		if (nc)
			fputs("\n\t\t  ", out);
		for (int k = 0; k < nc; k++)
			fprintf(out, " c[%d] = 0;", k);
		pddl_pml_free_conditions(cond, nc, which);
		fprintf(out, "\n\t\t   printf(\"@@PDDL %d\\n\") }\n", i);
	}
	fputs("\t/* the goal: its assertion's violation is a plan */\n\t:: atomic { ", out);
	pddl_pml_expr(out, t->goal);
	fputs(" -> assert(!(", out);
	pddl_pml_expr(out, t->goal);
	fputs(")) }\n\tod\n}\n", out);
}

void pddl_write_promela(FILE *out, const pddl_model *m, const pddl_task *t, int *act_line)
{
	void (*writer)(FILE *, const pddl_model *, const pddl_task *, int *, char *const *, const size_t *)
		= m->temporal ? pddl_write_promela_temporal : write_promela;
	if (!act_line) {
		writer(out, m, t, NULL, NULL, NULL);
		return;
	}
	/* written to memory first, where its lines can be counted */
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		abort();
	writer(mem, m, t, act_line, &text, &len);
	fclose(mem);
	fwrite(text, 1, len, out);
	free(text);
}
