// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pdb_zone.c -- a pattern's dense clocks as a zone (pdb_zone.h).  The
 * DBM operations are the translation's own (zone_dbm_ctext.h: one
 * implementation of the zone for pan and for the abstraction); a
 * clock's index here is its rank among the pattern's clocks.
 */
#include <stdlib.h>
#include <string.h>

#include "pdb_zone.h"
#include "../frontends/uppaal/zone_dbm_ctext.h"

struct dmc_pdb_zone {
	const dmc_amodel *m;
	int n, dim;                   /* the pattern's clocks; the DBM's dimension n + 1 */
	int *idx;                     /* model clock 1..nclocks -> 1..n, or 0: left out */
	int *mx;                      /* per index: the largest constant (mx[0] = 0) */
	int *clk;                     /* per index 1..n: the model's clock */
	int *d;                       /* a DBM being worked on */
	int *prog;                    /* a zone program (dmc_zrun's triples) */
	int cap;
};

dmc_pdb_zone *dmc_pdbz_new(const dmc_amodel *m, const unsigned char *keep_p)
{
	if (!m->nclocks)
		return NULL;
	dmc_pdb_zone *z = calloc(1, sizeof *z);
	if (!z || !(z->idx = calloc((size_t) m->nclocks + 1, sizeof *z->idx)))
		goto fail;
	z->m = m;
	int longest = 0;
	for (int t = 0; t < m->ntrans; t++) {
		const dmc_aclkprog *c = m->trans[t].clk;
		if (c && c->n > longest)
			longest = c->n;
		if (!c || !keep_p[m->trans[t].proc])
			continue;
		for (int i = 0; i < c->n; i++)
			z->idx[c->item[i].clock] = 1;
	}
	for (int a = 0; a < m->nclk_at; a++)
		if (m->clk_at[a].n > longest)
			longest = m->clk_at[a].n;
	for (int c = 1; c <= m->nclocks; c++)
		if (z->idx[c])
			z->idx[c] = ++z->n;
	if (!z->n || z->n + 1 > DMC_ZMAXDIM)
		goto fail;
	z->dim = z->n + 1;
	z->cap = 6 * longest + 6;     /* == is two constraints */
	z->mx = calloc((size_t) z->dim, sizeof *z->mx);
	z->d = calloc((size_t) (z->dim * z->dim), sizeof *z->d);
	z->clk = calloc((size_t) z->dim, sizeof *z->clk);
	z->prog = calloc((size_t) z->cap, sizeof *z->prog);
	if (!z->mx || !z->d || !z->prog || !z->clk)
		goto fail;
	for (int c = 1; c <= m->nclocks; c++)
		if (z->idx[c]) {
			z->mx[z->idx[c]] = (int) m->clock_max[c];
			z->clk[z->idx[c]] = c;
		}
	return z;
fail:
	dmc_pdbz_free(z);
	return NULL;
}

void dmc_pdbz_free(dmc_pdb_zone *z)
{
	if (!z)
		return;
	free(z->idx), free(z->mx), free(z->d), free(z->prog), free(z->clk);
	free(z);
}

int dmc_pdbz_cells(const dmc_pdb_zone *z) { return z ? z->dim * z->dim : 0; }
int dmc_pdbz_nclocks(const dmc_pdb_zone *z) { return z ? z->n : 0; }

/* items as a zone program over the pattern's clocks (the others' left
 * out: unconstrained); its length */
static int program(dmc_pdb_zone *z, const dmc_aclk *it, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		int x = z->idx[it[i].clock], v = (int) it[i].value;
		if (!x)
			continue;
		switch (it[i].kind) {
		case 'r':
			z->prog[k++] = -1, z->prog[k++] = x, z->prog[k++] = v;
			break;
		case 'f':
			z->prog[k++] = -2, z->prog[k++] = x, z->prog[k++] = 0;
			break;
		default:
			if (it[i].op == DMC_AE_LT || it[i].op == DMC_AE_LE || it[i].op == DMC_AE_EQ) {
				z->prog[k++] = x, z->prog[k++] = 0;
				z->prog[k++] = dmc_zbound(v, it[i].op == DMC_AE_LT);
			}
			if (it[i].op == DMC_AE_GT || it[i].op == DMC_AE_GE || it[i].op == DMC_AE_EQ) {
				z->prog[k++] = 0, z->prog[k++] = x;
				z->prog[k++] = dmc_zbound(-v, it[i].op == DMC_AE_GT);
			}
		}
	}
	return k;
}

static void load(dmc_pdb_zone *z, const long *cells)
{
	for (int i = 0; i < z->dim * z->dim; i++)
		z->d[i] = (int) cells[i];
}

static void store(const dmc_pdb_zone *z, long *out)
{
	for (int i = 0; i < z->dim * z->dim; i++)
		out[i] = z->d[i];
}

/* pan's dmc_zpost on the pattern: time passes unless a location of the
 * pattern says it cannot, then the items of the pattern's locations,
 * then extrapolation */
static void post(dmc_pdb_zone *z, const long *s, dmc_pdbz_value val, const void *ctx)
{
	const dmc_amodel *m = z->m;
	int delay = 1;
	long x;
	if (dmc_zempty(z->d))
		return;
	for (int a = 0; a < m->nclk_at && delay; a++)
		if (m->clk_at[a].urgent && val(ctx, s, m->clk_at[a].var, &x) == 0 && x == m->clk_at[a].loc)
			delay = 0;
	if (delay)
		dmc_zup(z->d, z->dim);
	for (int a = 0; a < m->nclk_at; a++)
		if (val(ctx, s, m->clk_at[a].var, &x) == 0 && x == m->clk_at[a].loc
		    && !dmc_zrun(z->d, z->dim, z->prog, program(z, m->clk_at[a].item, m->clk_at[a].n)))
			return;
	dmc_zextra(z->d, z->dim, z->mx);
}

void dmc_pdbz_init(dmc_pdb_zone *z, long *cells, const long *s, dmc_pdbz_value val, const void *ctx)
{
	memset(z->d, 0, (size_t) (z->dim * z->dim) * sizeof *z->d);
	post(z, s, val, ctx);
	store(z, cells);
}

int dmc_pdbz_test(const dmc_pdb_zone *zc, const long *cells, int t)
{
	dmc_pdb_zone *z = (dmc_pdb_zone *) zc;   /* its scratch buffers only */
	const dmc_aclkprog *c = z->m->trans[t].clk;
	if (!c || c->kind != DMC_CLK_TEST)
		return 1;
	load(z, cells);
	return dmc_zok(z->d, z->dim, z->prog, program(z, c->item, c->n));
}

void dmc_pdbz_step(dmc_pdb_zone *z, const long *cells, int t, int r, const long *s,
                   dmc_pdbz_value val, const void *ctx, long *out)
{
	int tt[2] = { t, r };
	load(z, cells);
	for (int k = 0; k < 2 && tt[k] >= 0; k++) {
		const dmc_aclkprog *c = z->m->trans[tt[k]].clk;
		if (!c || dmc_zempty(z->d))
			continue;             /* the empty zone stays as it is */
		if (c->kind == DMC_CLK_RUN)
			dmc_zrun(z->d, z->dim, z->prog, program(z, c->item, c->n));
		else if (c->kind == DMC_CLK_POST)
			post(z, s, val, ctx);
	}
	store(z, out);
}

int dmc_pdbz_meets(const dmc_pdb_zone *zc, const long *cells, const int *d, int dim)
{
	dmc_pdb_zone *z = (dmc_pdb_zone *) zc;   /* its scratch DBM only */
	if (dim != z->m->nclocks + 1)
		return 1;
	if (d[0] < 0)
		return 0;                     /* the empty zone meets nothing */
	/* the intersection: the tighter bound of each pair, the concrete
	 * zone projected onto the pattern's clocks (a canonical DBM's
	 * projection is its submatrix) */
	for (int i = 0; i < z->dim; i++)
		for (int j = 0; j < z->dim; j++) {
			int a = (int) cells[i * z->dim + j], b = d[z->clk[i] * dim + z->clk[j]];
			z->d[i * z->dim + j] = a < b ? a : b;
		}
	return dmc_zclose(z->d, z->dim);
}
