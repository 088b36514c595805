// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pdb_dpr.c -- hU of the projected initial state (see pdb_dpr.h).
 */
#include <stdlib.h>

#include "atg.h"
#include "pdb_dpr.h"

struct dmc_pdb_dpr {
	const dmc_amodel *m;
	const dmc_astate *s0;
	const unsigned char *var_ok, *proc_ok;
	dmc_atg *g;
	int *loc_proc, *loc_loc, *val_var;
	long *val_val;
};

dmc_pdb_dpr *dmc_pdb_dpr_new(const dmc_amodel *m, const dmc_astate *s0,
                             const unsigned char *var_ok, const unsigned char *proc_ok)
{
	dmc_pdb_dpr *d = calloc(1, sizeof *d);
	size_t locs = (size_t) s0->nlocs + 1;
	if (!d)
		return NULL;
	for (int p = 0; p < m->nprocs; p++)
		locs += (size_t) m->procs[p].nlocs;
	d->m = m;
	d->s0 = s0;
	d->var_ok = var_ok;
	d->proc_ok = proc_ok;
	d->g = dmc_atg_new(m);
	d->loc_proc = malloc(locs * sizeof *d->loc_proc);
	d->loc_loc = malloc(locs * sizeof *d->loc_loc);
	d->val_var = malloc(((size_t) s0->nvals + 1) * sizeof *d->val_var);
	d->val_val = malloc(((size_t) s0->nvals + 1) * sizeof *d->val_val);
	if (!d->g || !d->loc_proc || !d->loc_loc || !d->val_var || !d->val_val) {
		dmc_pdb_dpr_free(d);
		return NULL;
	}
	return d;
}

void dmc_pdb_dpr_free(dmc_pdb_dpr *d)
{
	if (!d)
		return;
	dmc_atg_free(d->g);
	free(d->loc_proc), free(d->loc_loc), free(d->val_var), free(d->val_val);
	free(d);
}

int dmc_pdb_dpr_h(dmc_pdb_dpr *d, const unsigned char *keep_v, const unsigned char *keep_p)
{
	const dmc_astate *s0 = d->s0;
	dmc_astate s = { 0, d->loc_proc, d->loc_loc, 0, d->val_var, d->val_val };
	int nl = 0, nv = 0;
	for (int i = 0; i < s0->nlocs; i++) {
		int p = s0->loc_proc[i];
		if (d->proc_ok[p] && !keep_p[p])
			continue;
		d->loc_proc[nl] = p;
		d->loc_loc[nl++] = s0->loc_loc[i];
	}
	for (int p = 0; p < d->m->nprocs; p++)
		for (int l = 0; d->proc_ok[p] && !keep_p[p] && l < d->m->procs[p].nlocs; l++) {
			d->loc_proc[nl] = p;
			d->loc_loc[nl++] = l;
		}
	for (int i = 0; i < s0->nvals; i++) {
		int v = s0->val_var[i];
		if (d->var_ok[v] && !keep_v[v])
			continue;             /* no value pair: the whole domain */
		d->val_var[nv] = v;
		d->val_val[nv++] = s0->val_val[i];
	}
	s.nlocs = nl;
	s.nvals = nv;
	return dmc_atg_hU(d->g, &s);
}
