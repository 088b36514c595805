// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * absmodel.c -- copying and freeing parts of an abstract model (absmodel.h).
 */
#include <stdlib.h>
#include <string.h>
#include "absmodel.h"
#include "expr.h"

dmc_aexpr *dmc_aexpr_new(dmc_ae_op op, dmc_aexpr *a, dmc_aexpr *b)
{
	dmc_aexpr *e = calloc(1, sizeof *e);
	if (!e) {
		dmc_aexpr_free(a);
		dmc_aexpr_free(b);
		return NULL;
	}
	e->op = op;
	e->a = a;
	e->b = b;
	return e;
}

dmc_aexpr *dmc_aexpr_leaf(dmc_ae_op op, long value)
{
	dmc_aexpr *e = dmc_aexpr_new(op, NULL, NULL);
	if (e)
		e->value = value;
	return e;
}

dmc_aexpr *dmc_aexpr_copy(const dmc_aexpr *e)
{
	if (!e)
		return NULL;
	dmc_aexpr *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	*c = *e;
	c->a = c->b = c->c = NULL;
	if ((e->a && !(c->a = dmc_aexpr_copy(e->a))) || (e->b && !(c->b = dmc_aexpr_copy(e->b)))
	    || (e->c && !(c->c = dmc_aexpr_copy(e->c)))) {
		dmc_aexpr_free(c);
		return NULL;
	}
	return c;
}

void dmc_atrans_free_parts(dmc_atrans *t)
{
	dmc_aexpr_free(t->guard);
	for (int k = 0; k < t->nassign; k++)
		dmc_aexpr_free(t->assign[k].rhs);
	free(t->assign);
	dmc_aexpr_free(t->chan);
	for (int k = 0; k < t->nmsg && t->msg; k++)
		dmc_aexpr_free(t->msg[k]);
	free(t->msg);
	free(t->recv_var);
	for (int k = 0; k < t->nmsg && t->match; k++)
		dmc_aexpr_free(t->match[k].value);
	free(t->match);
	if (t->clk)
		free(t->clk->item);
	free(t->clk);
	memset(t, 0, sizeof *t);
}

void dmc_amodel_free(dmc_amodel *m)
{
	for (int i = 0; i < m->ntrans; i++)
		dmc_atrans_free_parts(&m->trans[i]);
	free(m->trans);
	for (int i = 0; i < m->ngoals; i++) {
		free(m->goals[i].proc);
		free(m->goals[i].loc);
		dmc_aexpr_free(m->goals[i].formula);
	}
	free(m->goals);
	for (int p = 0; p < m->nprocs; p++)
		free(m->procs[p].name);
	free(m->procs);
	for (int v = 0; v < m->nvars; v++)
		free(m->vars[v].name);
	free(m->vars);
	free(m->clock_max);
	for (int i = 0; i < m->nclk_at; i++)
		free(m->clk_at[i].item);
	free(m->clk_at);
	memset(m, 0, sizeof *m);
}
