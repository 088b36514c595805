// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_pml_tdata.c -- the timeline data of a translated ANMLite model,
 * as a generated C header of static tables (model/timeline_data.h):
 * the timelines' actions, minimal and maximal durations, transitions,
 * first actions, the actions an instance may finish after, the goal bits
 * of an instance with several goals, the recorded timepoints' variables
 * and the constraints as ground chains (a term marked filtered counts
 * only the occurrences with given arguments).  dmc cc --meta compiles
 * it into pan, where the htime heuristic (heuristics/h_time.c) evaluates
 * a temporal relaxation on the state's variables.  Everything here is
 * generated from the ANML model, like the Promela itself; see
 * docs/heuristics.md ("htime").
 *
 * The data relaxes the translation: parameters and transition patterns
 * are left out (every listed succession is allowed), and so are the
 * constraints the relaxation cannot bound soundly (with a reference
 * point other than the universal timepoint, i.e. 'at' or 'next', and
 * those whose universal term has arguments).  Leaving a constraint out
 * only makes the relaxation weaker, never unsound.
 */
#include "anml_pml.h"

#include <stdlib.h>
#include <string.h>

/* the recorded (unfiltered) timepoint's variable as a C string, or NULL */
static void recvar(writer *w, int inst, int act, int point, char *buf, size_t n)
{
	if (*anml_rec_at(w, inst, act, point))
		snprintf(buf, n, "\"%s_%s_%c\"", anml_iname(w, inst), anml_aname(w, inst, act),
		         point == ANML_START ? 's' : 'e');
	else
		snprintf(buf, n, "NULL");
}

static const char *op_name(int op)
{
	return op == ANML_LT ? "DMC_TL_LT" : op == ANML_LE ? "DMC_TL_LE" : "DMC_TL_EQ";
}

/* the ground chains written so far: their terms and operators are
 * arrays of their own, the chain table (in `table`) refers to them */
typedef struct {
	FILE *out;
	sbuf table;
	int n;
} chains;

/* one ground chain: every variable bound to an instance */
static void ground(chains *cs, const tchain *c, const int *b)
{
	FILE *out = cs->out;
	fprintf(out, "static const dmc_tl_term dmc_tl_terms_%d[] = {", cs->n);
	for (int i = 0; i < c->nterms; i++) {
		const tterm *t = &c->t[i];
		if (t->is_const)          /* is_const, k, inst, act, point, filtered */
			fprintf(out, "%s{ 1, %d, 0, 0, 0, 0 }", i ? ", " : " ", t->k);
		else
			fprintf(out, "%s{ 0, %d, %d, %d, %d, %d }", i ? ", " : " ", t->k, b[t->var],
			        c->v[t->var].act, t->point == ANML_START ? 0 : 1,
			        anml_has_filter(c->v[t->var].ref));
	}
	fprintf(out, " };\n");
	if (c->nterms > 1) {
		fprintf(out, "static const int dmc_tl_ops_%d[] = {", cs->n);
		for (int i = 0; i + 1 < c->nterms; i++)
			fprintf(out, "%s%s", i ? ", " : " ", op_name(c->ops[i]));
		fprintf(out, " };\n");
	}
	anml_sb_printf(&cs->table, "\t{ %d, %d, %d, dmc_tl_terms_%d, ", c->src->loc.line, c->uterm,
	               c->nterms, cs->n);
	if (c->nterms > 1)
		anml_sb_printf(&cs->table, "dmc_tl_ops_%d },\n", cs->n);
	else
		anml_sb_printf(&cs->table, "NULL },\n");
	cs->n++;
}

static void bindings(writer *w, chains *cs, const tchain *c, int *b, int k)
{
	if (k == c->nvars) {
		ground(cs, c, b);
		return;
	}
	const tvar *v = &c->v[k];
	if (v->inst >= 0) {
		b[k] = v->inst;
		bindings(w, cs, c, b, k + 1);
		return;
	}
	for (int i = 0; i < w->m->ninsts; i++)
		if (w->m->insts[i].tl == v->tl) {
			b[k] = i;
			bindings(w, cs, c, b, k + 1);
		}
}

/* instance i's actions, transitions and goals */
static void instance_tables(writer *w, FILE *out, int i)
{
	const anml_model *m = w->m;
	const anml_timeline *tl = &m->tls[m->insts[i].tl];
	int first = anml_initial_action(m, i), ng = anml_inst_goal_count(m, i);
	fprintf(out, "\n/* instance %s: its actions (min, max, first, finish, recorded start "
	        "and end) */\nstatic const dmc_tl_act dmc_tl_acts_%d[] = {\n", anml_iname(w, i), i);
	for (int a = 0; a < tl->nacts; a++) {
		char rs[160], re[160];
		recvar(w, i, a, ANML_START, rs, sizeof rs);
		recvar(w, i, a, ANML_END, re, sizeof re);
		fprintf(out, "\t{ %d, %d, %d, %d, { %s, %s } },\n", tl->acts[a].min,
		        tl->acts[a].max == ANML_UNBOUNDED ? -1 : tl->acts[a].max, first < 0 || first == a,
		        ng == 0 || anml_is_goal(m, i, a), rs, re);
	}
	fprintf(out, "};\n");
	if (tl->ntrans > 0) {
		fprintf(out, "static const dmc_tl_trans dmc_tl_trans_%d[] = {", i);
		for (int t = 0; t < tl->ntrans; t++)
			fprintf(out, "%s{ %d, %d }", t ? ", " : " ", tl->trans[t].from.act, tl->trans[t].to.act);
		fprintf(out, " };\n");
	}
	int gi[64], ngi = anml_inst_goals(m, i, gi, 64);
	if (ngi > 1) {      /* the goal bits (leave() sets bit k for goal gi[k]) */
		fprintf(out, "static const int dmc_tl_goals_%d[] = {", i);
		for (int k = 0; k < ngi; k++)
			fprintf(out, "%s%d", k ? ", " : " ", m->goals[gi[k]].act);
		fprintf(out, " };\n");
	}
}

void anml_write_tdata(writer *w, FILE *out)
{
	const anml_model *m = w->m;
	/* (without the model's path: pan's build key covers this text) */
	fprintf(out, "/*\n * The timeline data of ANMLite plan %s for the htime heuristic\n"
	        " * (docs/heuristics.md), generated by dmc translate: durations, transitions\n"
	        " * and constraints, relaxed.  dmc cc --meta compiles it into pan.\n */\n"
	        "#include \"timeline_data.h\"\n\n#include <stddef.h>\n", m->name);
	for (int i = 0; i < m->ninsts; i++)
		instance_tables(w, out, i);
	fprintf(out, "\n/* instances: current action, its end, actions, transitions, goal bits */\n"
	        "static const dmc_tl_inst dmc_tl_insts[] = {\n");
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		const char *nm = anml_iname(w, i);
		fprintf(out, "\t{ \"%s_act\", \"%s_e\", %d, dmc_tl_acts_%d, %d, ", nm, nm, tl->nacts, i, tl->ntrans);
		if (tl->ntrans > 0)
			fprintf(out, "dmc_tl_trans_%d, ", i);
		else
			fprintf(out, "NULL, ");
		int gi[64], ngi = anml_inst_goals(m, i, gi, 64);
		if (ngi > 1)
			fprintf(out, "\"%s_goals\", %d, dmc_tl_goals_%d },\n", nm, ngi, i);
		else
			fprintf(out, "NULL, 0, NULL },\n");
	}
	fprintf(out, "};\n\n/* constraints as ground chains (line, universal term, terms) */\n");
	chains cs = { out, { 0 }, 0 };
	for (int k = 0; k < w->nch; k++) {
		const tchain *c = &w->ch[k];
		if (c->referenced || anml_has_filter(c->v[c->t[c->uterm].var].ref))
			continue;
		int b[MAXV];
		bindings(w, &cs, c, b, 0);
	}
	if (cs.n > 0)
		fprintf(out, "static const dmc_tl_chain dmc_tl_chains[] = {\n%s};\n", cs.table.s);
	fprintf(out, "\nstatic const dmc_timeline dmc_tl = {\n\tDMC_TIMELINE_VERSION, %d, %d, %d, dmc_tl_insts, "
	        "%d, %s\n};\n\nconst dmc_timeline *dmc_timeline_meta(void)\n{\n\treturn &dmc_tl;\n}\n",
	        w->H, w->H > 250 ? 32767 : 255, m->ninsts, cs.n, cs.n > 0 ? "dmc_tl_chains" : "NULL");
	free(cs.table.s);
}
