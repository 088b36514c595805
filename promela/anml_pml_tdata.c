/*
 * anml_pml_tdata.c -- the timeline data block at the end of a translated
 * ANMLite model: the timelines' actions, minimal durations, transitions,
 * first actions, the actions an instance may finish after, the goal
 * bits of an instance with several goals, the recorded
 * timepoints' variables and the constraints as ground chains (a term
 * marked '*' counts only the occurrences with given arguments), in a
 * comment of "@@TL" lines.  SPIN ignores it; the htime heuristic
 * (heuristics/h_time.c) reads it from the model pan was built from and
 * evaluates a temporal relaxation on the state's variables.  Everything
 * here is generated from the ANML model, like the Promela itself; see
 * docs/heuristics.md ("htime") for the format.
 *
 * Durations are [min, max] (max -1: unbounded).  The data relaxes the
 * translation: parameters and transition patterns
 * are left out (every listed succession is allowed), and so are the
 * constraints the relaxation cannot bound soundly (with a reference
 * point other than the universal timepoint, i.e. 'at' or 'next', and
 * those whose universal term has arguments).  Leaving a constraint out
 * only makes the relaxation weaker, never unsound.
 */
#include "anml_pml.h"

#include <string.h>

/* the recorded (unfiltered) timepoint's variable, or "-" */
static void recvar(writer *w, int inst, int act, int point, char *buf, size_t n)
{
	if (*anml_rec_at(w, inst, act, point))
		snprintf(buf, n, "%s_%s_%c", anml_iname(w, inst), anml_aname(w, inst, act),
		         point == ANML_START ? 's' : 'e');
	else
		snprintf(buf, n, "-");
}

static const char *op_name(int op)
{
	return op == ANML_LT ? "<" : op == ANML_LE ? "<=" : "=";
}

/* one ground chain: every variable bound to an instance */
static void ground(writer *w, const tchain *c, const int *b)
{
	fprintf(w->out, "@@TL chain %d %d", c->src->loc.line, c->uterm);
	for (int i = 0; i < c->nterms; i++) {
		const tterm *t = &c->t[i];
		if (i > 0)
			fprintf(w->out, " %s", op_name(c->ops[i - 1]));
		if (t->is_const)
			fprintf(w->out, " c%d", t->k);
		else
			fprintf(w->out, " %d.%d.%c%+d%s", b[t->var], c->v[t->var].act,
			        t->point == ANML_START ? 's' : 'e', t->k, anml_has_filter(c->v[t->var].ref) ? "*" : "");
	}
	fprintf(w->out, "\n");
}

static void bindings(writer *w, const tchain *c, int *b, int k)
{
	if (k == c->nvars) {
		ground(w, c, b);
		return;
	}
	const tvar *v = &c->v[k];
	if (v->inst >= 0) {
		b[k] = v->inst;
		bindings(w, c, b, k + 1);
		return;
	}
	for (int i = 0; i < w->m->ninsts; i++)
		if (w->m->insts[i].tl == v->tl) {
			b[k] = i;
			bindings(w, c, b, k + 1);
		}
}

void anml_write_tdata(writer *w)
{
	const anml_model *m = w->m;
	FILE *out = w->out;
	fprintf(out, "\n/* Timeline data for the htime heuristic (docs/heuristics.md), generated\n"
	        " * from the model: durations, transitions and constraints, relaxed.\n");
	fprintf(out, "@@TL htime 1 horizon %d never %d insts %d\n", w->H, w->H > 250 ? 32767 : 255, m->ninsts);
	for (int i = 0; i < m->ninsts; i++) {
		const anml_timeline *tl = &m->tls[m->insts[i].tl];
		int first = anml_initial_action(m, i), ng = anml_inst_goal_count(m, i);
		fprintf(out, "@@TL inst %d %s_act %s_e acts %d\n", i, anml_iname(w, i), anml_iname(w, i), tl->nacts);
		for (int a = 0; a < tl->nacts; a++) {
			char rs[160], re[160];
			recvar(w, i, a, ANML_START, rs, sizeof rs);
			recvar(w, i, a, ANML_END, re, sizeof re);
			fprintf(out, "@@TL act %d %d min %d max %d first %d finish %d s %s e %s\n", i, a, tl->acts[a].min,
			        tl->acts[a].max == ANML_UNBOUNDED ? -1 : tl->acts[a].max, first < 0 || first == a,
			        ng == 0 || anml_is_goal(m, i, a), rs, re);
		}
		int gi[64], ngi = anml_inst_goals(m, i, gi, 64);
		if (ngi > 1) {      /* the goal bits (leave() sets bit k for goal gi[k]) */
			fprintf(out, "@@TL goals %d %s_goals\n", i, anml_iname(w, i));
			for (int k = 0; k < ngi; k++)
				fprintf(out, "@@TL goal %d %d %d\n", i, k, m->goals[gi[k]].act);
		}
		for (int t = 0; t < tl->ntrans; t++)
			fprintf(out, "@@TL trans %d %d %d\n", i, tl->trans[t].from.act, tl->trans[t].to.act);
	}
	for (int k = 0; k < w->nch; k++) {
		const tchain *c = &w->ch[k];
		if (c->referenced || anml_has_filter(c->v[c->t[c->uterm].var].ref))
			continue;
		int b[MAXV];
		bindings(w, c, b, 0);
	}
	fprintf(out, "@@TL end\n */\n");
}
