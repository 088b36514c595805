// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * atg_print.c -- what the abstract transition graph found relevant, and a
 * printout of it for debugging (atg_impl.h).
 */
#include "atg_impl.h"

/* ---------------------------------------------------------------- */
/* debugging                                                        */
/* ---------------------------------------------------------------- */

int dmc_atg_relevant_loc(const dmc_atg *g, int proc, int loc)
{
	if (proc < 0 || proc >= g->m->nprocs || loc < 0 || loc >= g->m->procs[proc].nlocs)
		return 1;
	return g->loc_rel[g->loc_base[proc] + loc];
}

int dmc_atg_relevant_var(const dmc_atg *g, int v)
{
	return v < 0 || v >= g->m->nvars || g->var_rel[v];
}

int dmc_atg_top(const dmc_atg *g)
{
	return g->built ? g->top : -1;
}

static void print_trans(const dmc_atg *g, int t, FILE *f)
{
	const dmc_atrans *tr = &g->m->trans[t];
	const char *name = g->m->procs[tr->proc].name;
	if (name)
		fprintf(f, "t%d %s %d->%d", tr->id, name, tr->from, tr->to);
	else
		fprintf(f, "t%d P%d %d->%d", tr->id, tr->proc, tr->from, tr->to);
}

void dmc_atg_print(const dmc_atg *g, FILE *f)
{
	const dmc_amodel *m = g->m;
	if (!g->built) {
		fprintf(f, "ATG: not built\n");
		return;
	}
	if (g->result == DMC_ATG_INF)
		fprintf(f, "ATG: fixpoint at layer %d, no goal reachable\n", g->top);
	else
		fprintf(f, "ATG: %d layers, hL %d (goal %d)\n", g->top + 1, g->result, g->goal);
	for (int k = 0; k <= g->top; k++) {
		fprintf(f, "layer %d:\n", k);
		for (int l = 0; l < g->nlocs; l++)
			if (g->first_loc[l] == k) {
				int p = g->loc_proc[l];
				if (m->procs[p].name)
					fprintf(f, "  %s @ %d\n", m->procs[p].name, l - g->loc_base[p]);
				else
					fprintf(f, "  P%d @ %d\n", p, l - g->loc_base[p]);
			}
		for (int v = 0; v < m->nvars; v++)
			for (int i = g->logoff[v]; i < g->logoff[v] + g->nlog[v]; i++)
				if (g->log_layer[i] == k) {
					fprintf(f, "  %s = ", m->vars[v].name ? m->vars[v].name : "?");
					dmc_vs_print(&g->log[i], f);
					fputc('\n', f);
				}
		for (int o = 0; o < g->nacts; o++) {
			int a = g->a_at[o];
			if (g->as[a].en == k) {
				fprintf(f, "  enabled ");
				print_trans(g, g->acts[a].part[0], f);
				if (g->acts[a].part[1] >= 0) {
					fprintf(f, " || ");
					print_trans(g, g->acts[a].part[1], f);
				}
				fputc('\n', f);
			}
		}
		for (int i = 0; i < m->ngoals; i++)
			if (g->g_layer[i] == k)
				fprintf(f, "  goal %d holds\n", i);
	}
}
