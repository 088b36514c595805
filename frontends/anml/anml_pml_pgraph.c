// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_pml_pgraph.c -- the planning graph of an ANMLite model for the
 * hplan heuristic (model/plan_graph.h), written into the translation's
 * generated header after the timeline data: nodes (an instance's action
 * with parameter values), the edges the transition patterns allow, the
 * requirements the constraints put on entering or leaving a node, and
 * the goals.  A model with more than PG_MAX_NODES nodes gets an empty
 * graph (hplan then says so).
 */
#include "anml_pml.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define PG_MAX_NODES 20000

typedef struct {
	writer *w;
	int *base;        /* [inst * maxacts + act]: first node */
	int *inst_first;  /* [inst]: first node */
	int nnodes;
	sbuf ef, et;      /* edges */
	int nedges;
	sbuf rn, rl, rv, ro, rs;   /* requirements: node, leave, var, set offsets, set lists */
	int nreqs, nrs;
} pg;

static const anml_action *act_of(const anml_model *m, int inst, int act)
{
	return &m->tls[m->insts[inst].tl].acts[act];
}

static int nvals(const anml_model *m, int inst, int act)
{
	const anml_action *a = act_of(m, inst, act);
	int n = 1;
	for (int k = 0; k < a->nparams && n <= PG_MAX_NODES; k++)
		n *= m->types[a->ptype[k]].nvals;
	return n;
}

/* node index ix's parameter values */
static void params_of(const anml_model *m, int inst, int act, int ix, int *p)
{
	const anml_action *a = act_of(m, inst, act);
	for (int k = 0; k < a->nparams; k++) {
		int nv = m->types[a->ptype[k]].nvals;
		p[k] = ix % nv;
		ix /= nv;
	}
}

/* do values p match ref's arguments? */
static int ref_matches(const anml_ref *r, const int *p)
{
	if (!r || !r->has_args)
		return 1;
	for (int k = 0; k < r->nargs; k++)
		if (r->args[k].kind == ANML_ARG_VALUE && r->args[k].val != p[k])
			return 0;
	return 1;
}

/* does the pair (from with pf, to with pt) match transition pattern tr? */
static int trans_matches(const anml_trans *tr, const int *pf, const int *pt)
{
	int bound[32], val[32];
	memset(bound, 0, sizeof bound);
	const anml_pat *pp[2] = { &tr->from, &tr->to };
	const int *pv[2] = { pf, pt };
	for (int s = 0; s < 2; s++) {
		if (!pp[s]->has_args)
			continue;
		for (int k = 0; k < pp[s]->nargs; k++) {
			const anml_arg *a = &pp[s]->args[k];
			if (a->kind == ANML_ARG_VALUE && a->val != pv[s][k])
				return 0;
			if (a->kind == ANML_ARG_VAR && a->val >= 0 && a->val < 32) {
				if (bound[a->val] && val[a->val] != pv[s][k])
					return 0;
				bound[a->val] = 1;
				val[a->val] = pv[s][k];
			}
		}
	}
	return 1;
}

static void edge(pg *g, int from, int to)
{
	anml_sb_printf(&g->ef, "%s%d", g->nedges ? ", " : "", from);
	anml_sb_printf(&g->et, "%s%d", g->nedges ? ", " : "", to);
	g->nedges++;
}

static void edges_of(pg *g, int i)
{
	const anml_model *m = g->w->m;
	const anml_timeline *tl = &m->tls[m->insts[i].tl];
	int first = anml_initial_action(m, i), pf[8] = { 0 }, pt[8] = { 0 };
	const anml_ref *init = anml_initial_ref(m, i);
	for (int b = 0; b < tl->nacts; b++) {
		if (first >= 0 && first != b)
			continue;
		for (int y = 0; y < nvals(m, i, b); y++) {
			params_of(m, i, b, y, pt);
			if (!init || !init->has_args || ref_matches(init, pt))
				edge(g, -1 - i, g->base[i * g->w->maxacts + b] + y);
		}
	}
	for (int t = 0; t < tl->ntrans; t++) {
		const anml_trans *tr = &tl->trans[t];
		int a = tr->from.act, b = tr->to.act;
		for (int x = 0; x < nvals(m, i, a); x++) {
			params_of(m, i, a, x, pf);
			for (int y = 0; y < nvals(m, i, b); y++) {
				params_of(m, i, b, y, pt);
				if (trans_matches(tr, pf, pt))
					edge(g, g->base[i * g->w->maxacts + a] + x, g->base[i * g->w->maxacts + b] + y);
			}
		}
	}
}

/* the nodes of (inst, act) matching ref, appended as one set */
static void node_set(pg *g, int inst, int act, const anml_ref *ref)
{
	const anml_model *m = g->w->m;
	int p[8] = { 0 };
	for (int x = 0; x < nvals(m, inst, act); x++) {
		params_of(m, inst, act, x, p);
		if (ref_matches(ref, p)) {
			anml_sb_printf(&g->rs, "%s%d", g->nrs ? ", " : "", g->base[inst * g->w->maxacts + act] + x);
			g->nrs++;
		}
	}
	anml_sb_printf(&g->ro, ", %d", g->nrs);
}

/* the recorded timepoint of term (inst, act, ref, point), if the
 * Promela declares one (never marks a new one) */
static void rec_var(writer *w, int inst, int act, const anml_ref *ref, int point, char *buf, size_t n)
{
	int found = 0;
	if (!anml_has_filter(ref))
		found = w->rec_decl[(anml_rec_at(w, inst, act, point) - w->rec)];
	else
		for (int i = 0; i < w->nfrec_decl && !found; i++)
			found = w->frec[i].inst == inst && w->frec[i].act == act && w->frec[i].point == point
			        && anml_same_rec(w->frec[i].ref, ref);
	if (found) {
		char nm[160];
		anml_rec_name(w, inst, act, ref, point, nm, sizeof nm);
		snprintf(buf, n, "\"%s\"", nm);
	} else
		snprintf(buf, n, "NULL");
}

/* the requirements of chain c under binding b */
static void chain_reqs(pg *g, const tchain *c, const int *b)
{
	writer *w = g->w;
	const anml_model *m = w->m;
	const tterm *u = &c->t[c->uterm];
	const tvar *uv = &c->v[u->var];
	int ui = b[u->var], p[8] = { 0 };
	for (int i = 0; i < c->nterms; i++) {
		const tterm *t = &c->t[i];
		if (t->is_const || t->var == u->var)
			continue;
		const tvar *tv = &c->v[t->var];
		char var[200];
		rec_var(w, b[t->var], tv->act, tv->ref, t->point, var, sizeof var);
		for (int x = 0; x < nvals(m, ui, uv->act); x++) {
			params_of(m, ui, uv->act, x, p);
			if (!ref_matches(uv->ref, p))
				continue;
			anml_sb_printf(&g->rn, "%s%d", g->nreqs ? ", " : "", g->base[ui * w->maxacts + uv->act] + x);
			anml_sb_printf(&g->rl, "%s%d", g->nreqs ? ", " : "", u->point == ANML_END);
			anml_sb_printf(&g->rv, "%s%s", g->nreqs ? ", " : "", var);
			node_set(g, b[t->var], tv->act, tv->ref);
			g->nreqs++;
		}
	}
}

static void bindings(pg *g, const tchain *c, int *b, int k)
{
	if (k == c->nvars) {
		chain_reqs(g, c, b);
		return;
	}
	const tvar *v = &c->v[k];
	if (v->inst >= 0) {
		b[k] = v->inst;
		bindings(g, c, b, k + 1);
		return;
	}
	for (int i = 0; i < g->w->m->ninsts; i++)
		if (g->w->m->insts[i].tl == v->tl) {
			b[k] = i;
			bindings(g, c, b, k + 1);
		}
}

static void write_empty(FILE *out)
{
	fprintf(out, "\n/* no planning graph: too many nodes for hplan */\nconst dmc_plan_graph *dmc_plan_graph_meta(void)\n"
	        "{\n\treturn NULL;\n}\n");
}

void anml_write_pgraph(writer *w, FILE *out)
{
	const anml_model *m = w->m;
	pg g;
	memset(&g, 0, sizeof g);
	g.w = w;
	fprintf(out, "\n/* the planning graph for the hplan heuristic (plan_graph.h) */\n#include \"plan_graph.h\"\n");
	g.base = drv_alloc((size_t) m->ninsts * (size_t) w->maxacts * sizeof *g.base);
	g.inst_first = drv_alloc(((size_t) m->ninsts + 1) * sizeof *g.inst_first);
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		g.inst_first[i] = g.nnodes;
		for (int a = 0; a < tl->nacts && g.nnodes <= PG_MAX_NODES; a++) {
			g.base[i * w->maxacts + a] = g.nnodes;
			g.nnodes += nvals(m, i, a);
		}
	}
	if (g.nnodes > PG_MAX_NODES) {
		write_empty(out);
		free(g.base);
		free(g.inst_first);
		return;
	}
	fprintf(out, "static const dmc_pg_node dmc_pg_nodes[] = {");
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		for (int a = 0; a < tl->nacts; a++)
			for (int x = 0; x < nvals(m, i, a); x++)
				fprintf(out, "%s{ %d, %d }", g.inst_first[i] + a + x ? ", " : " ", i, a);
	}
	fprintf(out, " };\n");
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		const char *in = m->insts[i].name;
		fprintf(out, "static const int dmc_pg_base_%d[] = {", i);
		for (int a = 0; a < tl->nacts; a++)
			fprintf(out, "%s%d", a ? ", " : " ", g.base[i * w->maxacts + a]);
		fprintf(out, " };\nstatic const int dmc_pg_radix_%d[] = {", i);
		for (int a = 0; a < tl->nacts; a++)
			for (int k = 0; k < 8; k++)
				fprintf(out, "%s%d", a || k ? ", " : " ",
				        k < tl->acts[a].nparams ? m->types[tl->acts[a].ptype[k]].nvals : 1);
		fprintf(out, " };\nstatic const char *const dmc_pg_params_%d[] = {", i);
		for (int k = 0; k < tl->maxparams; k++)
			fprintf(out, "%s\"%s_p%d\"", k ? ", " : " ", in, k);
		fprintf(out, "%s };\n", tl->maxparams ? "" : " NULL");
		edges_of(&g, i);
	}
	fprintf(out, "static const dmc_pg_inst dmc_pg_insts[] = {\n");
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		const char *in = m->insts[i].name;
		char gv[200] = "NULL";
		if (anml_inst_goal_count(m, i) > 1)
			snprintf(gv, sizeof gv, "\"%s_goals\"", in);
		fprintf(out, "\t{ \"%s_act\", %d, dmc_pg_params_%d, %s, %d, %d, dmc_pg_base_%d, dmc_pg_radix_%d },\n",
		        in, tl->maxparams, i, gv, tl->nacts, g.inst_first[i], i, i);
	}
	fprintf(out, "};\n");
	anml_sb_printf(&g.ro, "0");
	for (int k = 0; k < w->nch; k++) {
		const tchain *c = &w->ch[k];
		if (c->referenced)   /* 'next' and 'at': left out (a relaxation) */
			continue;
		int b[MAXV];
		bindings(&g, c, b, 0);
	}
	/* goals, as sets after the requirements' */
	sbuf gi = { 0 }, gb = { 0 };
	int ngoals = 0;
	for (int i = 0; i < m->ninsts; i++) {
		int idx[64], ng = anml_inst_goals(m, i, idx, 64);
		for (int q = 0; q < ng; q++) {
			anml_sb_printf(&gi, "%s%d", ngoals ? ", " : "", i);
			anml_sb_printf(&gb, "%s%d", ngoals ? ", " : "", ng > 1 ? q : -1);
			node_set(&g, i, m->goals[idx[q]].act, &m->goals[idx[q]]);
			ngoals++;
		}
	}
	fprintf(out, "static const int dmc_pg_ef[] = { %s };\nstatic const int dmc_pg_et[] = { %s };\n",
	        g.ef.s ? g.ef.s : "0", g.et.s ? g.et.s : "0");
	fprintf(out, "static const int dmc_pg_rn[] = { %s };\nstatic const int dmc_pg_rl[] = { %s };\n",
	        g.rn.s ? g.rn.s : "0", g.rl.s ? g.rl.s : "0");
	fprintf(out, "static const char *const dmc_pg_rv[] = { %s };\n", g.rv.s ? g.rv.s : "NULL");
	fprintf(out, "static const int dmc_pg_so[] = { %s };\nstatic const int dmc_pg_sl[] = { %s };\n",
	        g.ro.s, g.rs.s ? g.rs.s : "0");
	fprintf(out, "static const int dmc_pg_gi[] = { %s };\nstatic const int dmc_pg_gb[] = { %s };\n",
	        gi.s ? gi.s : "0", gb.s ? gb.s : "0");
	fprintf(out, "static const dmc_plan_graph dmc_pg = {\n\tDMC_PLAN_GRAPH_VERSION, %d, %d, dmc_pg_insts, %d, dmc_pg_nodes,\n"
	        "\t%d, dmc_pg_ef, dmc_pg_et,\n\t%d, dmc_pg_rn, dmc_pg_rl, dmc_pg_rv, { %d, dmc_pg_so, dmc_pg_sl },\n"
	        "\t%d, dmc_pg_gi, dmc_pg_gb, { %d, dmc_pg_so + %d, dmc_pg_sl }\n};\n\n"
	        "const dmc_plan_graph *dmc_plan_graph_meta(void)\n{\n\treturn &dmc_pg;\n}\n",
	        w->H > 250 ? 32767 : 255, m->ninsts, g.nnodes, g.nedges, g.nreqs, g.nreqs, ngoals, ngoals, g.nreqs);
	free(gi.s);
	free(gb.s);
	free(g.ef.s);
	free(g.et.s);
	free(g.rn.s);
	free(g.rl.s);
	free(g.rv.s);
	free(g.ro.s);
	free(g.rs.s);
	free(g.base);
	free(g.inst_first);
}
