/*
 * absmodel.c -- freeing an abstract model (absmodel.h).
 */
#include <stdlib.h>
#include <string.h>
#include "absmodel.h"
#include "expr.h"

void dmc_amodel_free(dmc_amodel *m)
{
	for (int i = 0; i < m->ntrans; i++) {
		dmc_atrans *t = &m->trans[i];
		dmc_aexpr_free(t->guard);
		for (int k = 0; k < t->nassign; k++)
			dmc_aexpr_free(t->assign[k].rhs);
		free(t->assign);
		dmc_aexpr_free(t->chan);
		for (int k = 0; k < t->nmsg && t->msg; k++)
			dmc_aexpr_free(t->msg[k]);
		free(t->msg);
		free(t->recv_var);
	}
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
	memset(m, 0, sizeof *m);
}
