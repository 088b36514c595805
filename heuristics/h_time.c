// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_time.c -- htime: a temporal relaxation for models translated from
 * ANMLite (frontends/anml/anml_pml.c), with sound dead-end detection.
 *
 * The ANMLite front end generates a C header of tables from the ANML
 * model (frontends/anml/anml_pml_tdata.c, model/timeline_data.h), which
 * dmc cc --meta compiles into pan: per timeline instance its action and
 * timeout variables, per action the minimal and maximal duration,
 * whether it may come first and whether the instance may finish after
 * it, the variables of its recorded timepoints, the
 * transitions (without parameter patterns), and every constraint as a
 * ground chain t0 op t1 op ... (op one of <, <=, =; the universal term
 * is named).  In a state (read through the bridge) htime computes lower
 * bounds on the time of every future timepoint, as earliest times in a
 * simple temporal network with release times:
 *
 *   F_s(a) = max(min over ways into a of their time, R_s(a)),
 *   F_e(a) = max(F_s(a) + min(a), R_e(a)),
 *
 * starting from each instance's current action and its timeout (or, not
 * started, its first actions at the current time), and infinity when a
 * timepoint would lie after the horizon H, after a deadline D, or after
 * the latest time L the action could start or end at (no gaps: an
 * action starts when its predecessor ends, the first one now, and lasts
 * at most its maximal duration; L is an upper bound over all ways in).  The
 * release times R come from the constraints: every occurrence of the
 * universal timepoint u must see the chain hold with every other term at
 * a value no smaller than the earliest time that timepoint can have
 * (the last recorded occurrence, or a future one: min(P, F)), and each
 * of those must have happened by u, so u >= their bound.  Bounds are
 * propagated along the chain; an empty interval means u can never
 * occur.  R and F feed each other; the iteration starts below the true
 * earliest times and stays below them (every function is monotone), so
 * every iterate is a sound lower bound.  The state is a dead end
 * (DMC_H_INF) when an instance's current action cannot end at its
 * timeout or an instance cannot reach a finishing action by H: then no
 * plan within the horizon exists from it.  Otherwise h is the sum over
 * instances of the fewest transitions to finishing through actions the
 * relaxation allows, a lower bound on the pan steps (admissible).
 *
 * An instance with several goals must also complete each goal not yet
 * completed (its bit in INST_goals): by the current action's end or by
 * a future occurrence of the goal action, each a step of its own.
 *
 * What is relaxed (never unsound): parameters and transition patterns
 * (also those of goals), constraints in the latest times L, constraints
 * with 'at' or 'next' and those whose universal term has arguments (the
 * translator leaves them out of the data), and the past of unrecorded
 * timepoints (taken as 0).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "heuristic.h"
#include "timeline_data.h"

#define TINF (1 << 28)

typedef struct {
	int min, max, first, finish;  /* max -1: unbounded */
	int has_var[2];
	dmc_var var[2];               /* recorded start / end */
	int nsucc, *succ;
} t_act;

typedef struct {
	dmc_var act, end;
	int nacts;
	t_act *a;
	int has_goals, ngoals;        /* several goals: their bits */
	dmc_var goals;
	int goal_act[30];
} t_inst;

typedef struct {
	int is_const, inst, act, point, k, filtered;
} t_term;

typedef struct {
	int line, uterm, n;
	t_term *t;
	int *ops;                     /* 0 <, 1 <=, 2 = */
} t_chain;

/* An instance: the timeline data, and the buffers of one evaluation. */
typedef struct {
	int H, never, ninst, maxacts, nch;
	dmc_var time;
	t_inst *in;
	t_chain *ch;
	/* per evaluation, [inst][act][point] */
	int *P, *Fv, *R, *D, *cand, *steps;
	int *L;                       /* [inst][act][point]: latest times */
	int *lo, *hi;                 /* per chain term */
	int maxterms;
	/* per instance: its current action (-1 none, nacts: finished) and
	 * timeout, and whether the current action can end */
	int *cur, *tout, *cur_ok;
} htime;

#define IX(i, a, p) (((i) * T->maxacts + (a)) * 2 + (p))

static void free_htime(void *self)
{
	htime *T = self;
	if (!T)
		return;
	for (int i = 0; T->in && i < T->ninst; i++) {
		for (int a = 0; T->in[i].a && a < T->in[i].nacts; a++)
			free(T->in[i].a[a].succ);
		free(T->in[i].a);
	}
	for (int c = 0; c < T->nch; c++) {
		free(T->ch[c].t);
		free(T->ch[c].ops);
	}
	free(T->in);
	free(T->ch);
	free(T->P);
	free(T->Fv);
	free(T->R);
	free(T->D);
	free(T->L);
	free(T->cand);
	free(T->steps);
	free(T->lo);
	free(T->hi);
	free(T->cur);
	free(T->tout);
	free(T->cur_ok);
	free(T);
}

static int find_var(const char *name, dmc_var *v, char *err, size_t errlen)
{
	if (name && dmc_br_var_find(name, -1, v) == 0 && v->local_type < 0)
		return 0;
	snprintf(err, errlen, "htime: the timeline data names '%s', which the model does not declare",
	         name ? name : "(null)");
	return -1;
}

static int add_succ(t_act *a, int b)
{
	int *s = realloc(a->succ, ((size_t) a->nsucc + 1) * sizeof *s);
	if (!s)
		return -1;
	a->succ = s;
	a->succ[a->nsucc++] = b;
	return 0;
}

/* a chain term: the constant k, or timepoint (inst, act, point) + k */
static int load_term(const htime *T, const dmc_tl_term *s, t_term *t)
{
	memset(t, 0, sizeof *t);
	t->k = s->k;
	if (s->is_const)
		return t->is_const = 1, 0;
	t->inst = s->inst;
	t->act = s->act;
	t->point = s->point != 0;
	t->filtered = s->filtered != 0;
	if (t->inst < 0 || t->inst >= T->ninst || t->act < 0 || t->act >= T->in[t->inst].nacts)
		return -1;
	return 0;
}

static int load_chain(htime *T, const dmc_tl_chain *s)
{
	t_chain c;
	memset(&c, 0, sizeof c);
	c.line = s->line;
	c.uterm = s->uterm;
	c.n = s->nterms;
	if (c.n <= 0 || c.n > 64 || !s->t || (c.n > 1 && !s->ops))
		return -1;
	c.t = calloc((size_t) c.n, sizeof *c.t);
	c.ops = calloc((size_t) c.n, sizeof *c.ops);
	if (!c.t || !c.ops)
		goto bad;
	for (int j = 0; j < c.n; j++) {
		if (j > 0) {
			int op = s->ops[j - 1];
			c.ops[j - 1] = op == DMC_TL_LT ? 0 : op == DMC_TL_LE ? 1 : op == DMC_TL_EQ ? 2 : -1;
			if (c.ops[j - 1] < 0)
				goto bad;
		}
		if (load_term(T, &s->t[j], &c.t[j]) != 0)
			goto bad;
	}
	if (c.uterm < 0 || c.uterm >= c.n || c.t[c.uterm].is_const)
		goto bad;
	t_chain *nc = realloc(T->ch, ((size_t) T->nch + 1) * sizeof *T->ch);
	if (!nc)
		goto bad;
	T->ch = nc;
	T->ch[T->nch++] = c;
	if (c.n > T->maxterms)
		T->maxterms = c.n;
	return 0;
bad:
	free(c.t);
	free(c.ops);
	return -1;
}

/* an instance: its variables, actions, transitions and goals */
static int load_inst(htime *T, int i, const dmc_tl_inst *s, char *err, size_t errlen)
{
	t_inst *in = &T->in[i];
	if (s->nacts <= 0 || s->nacts > 4096 || !s->acts || s->ntrans < 0 || (s->ntrans > 0 && !s->trans))
		return -1;
	if (find_var(s->act_var, &in->act, err, errlen) || find_var(s->end_var, &in->end, err, errlen))
		return -2;
	in->nacts = s->nacts;
	if (!(in->a = calloc((size_t) s->nacts, sizeof *in->a)))
		return -1;
	if (s->nacts > T->maxacts)
		T->maxacts = s->nacts;
	for (int a = 0; a < s->nacts; a++) {
		const dmc_tl_act *sa = &s->acts[a];
		if (sa->min < 0 || (sa->max != -1 && sa->max < sa->min))
			return -1;
		t_act *x = &in->a[a];
		x->min = sa->min;
		x->max = sa->max;
		x->first = sa->first;
		x->finish = sa->finish;
		for (int p = 0; p < 2; p++)
			/* spin leaves out a variable no statement reads: then its
			 * past is unknown here (taken as 0) */
			if (sa->var[p] && dmc_br_var_find(sa->var[p], -1, &x->var[p]) == 0
			    && x->var[p].local_type < 0)
				x->has_var[p] = 1;
	}
	if (s->goals_var) {
		if (find_var(s->goals_var, &in->goals, err, errlen))
			return -2;
		in->has_goals = 1;
		if (s->ngoals > 30 || (s->ngoals > 0 && !s->goal_act))
			return -1;
		for (int k = 0; k < s->ngoals; k++) {
			if (s->goal_act[k] < 0 || s->goal_act[k] >= in->nacts)
				return -1;
			in->goal_act[in->ngoals++] = s->goal_act[k];
		}
	}
	for (int t = 0; t < s->ntrans; t++) {
		int a = s->trans[t].from, b = s->trans[t].to;
		if (a < 0 || a >= in->nacts || b < 0 || b >= in->nacts || add_succ(&in->a[a], b))
			return -1;
	}
	return 0;
}

/* The timeline data the generated header compiled into pan gives
 * (timeline_data.h); weak: a pan without it has none. */
const dmc_timeline *dmc_timeline_meta(void) __attribute__((weak));

static int load(htime *T, const dmc_timeline *tl, char *err, size_t errlen)
{
	if (!tl) {
		snprintf(err, errlen, "htime: the model has no timeline data (htime is for models translated "
		         "from ANMLite by dmc translate or dmc plan)");
		return -1;
	}
	if (tl->version != DMC_TIMELINE_VERSION || tl->ninsts <= 0 || tl->ninsts > 4096 || !tl->insts
	    || tl->nchains < 0 || (tl->nchains > 0 && !tl->chains))
		goto bad;
	T->H = tl->horizon;
	T->never = tl->never;
	T->ninst = tl->ninsts;
	if (!(T->in = calloc((size_t) T->ninst, sizeof *T->in)))
		goto bad;
	for (int i = 0; i < T->ninst; i++) {
		int rc = load_inst(T, i, &tl->insts[i], err, errlen);
		if (rc == -2)
			return -1;
		if (rc != 0)
			goto bad;
	}
	for (int c = 0; c < tl->nchains; c++)
		if (load_chain(T, &tl->chains[c]) != 0)
			goto bad;
	return 0;
bad:
	snprintf(err, errlen, "htime: malformed timeline data in the model");
	return -1;
}

static void *create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	htime *T;
	(void)opts;
	err[0] = 0;
	if (tg->deadlock || dmc_br_claim_type() >= 0 || !(tg->kinds & DMC_TGT_ASSERT) || tg->ngoals == 0) {
		snprintf(err, errlen, "htime: its target is the goal assertion of an ANMLite translation "
		         "(not deadlocks or a never claim)");
		return NULL;
	}
	if (!dmc_br_has_vars()) {
		snprintf(err, errlen, "htime needs the model's variable accessors");
		return NULL;
	}
	if (!(T = calloc(1, sizeof *T))) {
		snprintf(err, errlen, "htime: out of memory");
		return NULL;
	}
	int rc = load(T, dmc_timeline_meta ? dmc_timeline_meta() : NULL, err, errlen);
	if (rc == 0 && find_var("time", &T->time, err, errlen) != 0)
		rc = -1;
	if (rc == 0) {
		size_t n = (size_t) T->ninst * (size_t) T->maxacts * 2;
		T->P = calloc(n, sizeof *T->P);
		T->Fv = calloc(n, sizeof *T->Fv);
		T->R = calloc(n, sizeof *T->R);
		T->D = calloc(n, sizeof *T->D);
		T->L = calloc(n, sizeof *T->L);
		T->cand = calloc((size_t) T->maxacts, sizeof *T->cand);
		T->steps = calloc((size_t) T->maxacts, sizeof *T->steps);
		T->lo = calloc((size_t) T->maxterms + 1, sizeof *T->lo);
		T->hi = calloc((size_t) T->maxterms + 1, sizeof *T->hi);
		T->cur = calloc((size_t) T->ninst, sizeof *T->cur);
		T->tout = calloc((size_t) T->ninst, sizeof *T->tout);
		T->cur_ok = calloc((size_t) T->ninst, sizeof *T->cur_ok);
		if (!T->P || !T->Fv || !T->R || !T->D || !T->L || !T->cand || !T->steps || !T->lo || !T->hi
		    || !T->cur || !T->tout || !T->cur_ok) {
			snprintf(err, errlen, "htime: out of memory");
			rc = -1;
		}
	}
	if (rc != 0) {
		free_htime(T);
		return NULL;
	}
	return T;
}

static long rd(const dmc_state_view *sv, const dmc_var *v)
{
	long x = 0;
	dmc_view_var_read(sv, v, 0, 0, &x);
	return x;
}

static int maxi(int a, int b) { return a > b ? a : b; }
static int mini(int a, int b) { return a < b ? a : b; }

/* latest future times of inst i's timepoints: an action starts exactly
 * when its predecessor ends (the current one at its timeout, a first
 * one now) and lasts at most its maximal duration, and every action
 * ends by H; -1 where no occurrence can come.  Upper bounds over all
 * ways in (Bellman-Ford, values only grow and stay within H). */
static void latest(htime *T, int i, int now)
{
	const t_inst *in = &T->in[i];
	int *L = T->L;
	for (int a = 0; a < in->nacts; a++)
		L[IX(i, a, 0)] = L[IX(i, a, 1)] = -1;
	if (T->cur[i] < 0) {
		for (int a = 0; a < in->nacts; a++)
			if (in->a[a].first)
				L[IX(i, a, 0)] = now;
	} else if (T->cur[i] < in->nacts) {
		const t_act *c = &in->a[T->cur[i]];
		for (int k = 0; k < c->nsucc; k++)
			L[IX(i, c->succ[k], 0)] = T->tout[i];
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int a = 0; a < in->nacts; a++) {
			int s = L[IX(i, a, 0)];
			if (s < 0)
				continue;
			int e = in->a[a].max < 0 ? T->H : mini(T->H, s + in->a[a].max);
			if (e <= L[IX(i, a, 1)])
				continue;
			L[IX(i, a, 1)] = e;
			for (int k = 0; k < in->a[a].nsucc; k++)
				if (e > L[IX(i, in->a[a].succ[k], 0)]) {
					L[IX(i, in->a[a].succ[k], 0)] = e;
					changed = 1;
				}
		}
	}
}

/* earliest future times of inst i's timepoints given R and D (Bellman-
 * Ford: the ways into an action only get earlier) */
static void earliest(htime *T, int i, int now)
{
	const t_inst *in = &T->in[i];
	for (int a = 0; a < in->nacts; a++) {
		T->Fv[IX(i, a, 0)] = T->Fv[IX(i, a, 1)] = TINF;
		T->cand[a] = TINF;
	}
	if (T->cur[i] < 0) {
		/* not started: its first action starts now, as the clock waits
		 * for every instance's first action (their timeouts are 0) */
		for (int a = 0; a < in->nacts; a++) {
			if (!in->a[a].first || T->R[IX(i, a, 0)] > now || now > T->D[IX(i, a, 0)])
				continue;
			int e = maxi(now + in->a[a].min, T->R[IX(i, a, 1)]);
			if (e > T->H || e > T->D[IX(i, a, 1)] || e > T->L[IX(i, a, 1)])
				continue;
			T->Fv[IX(i, a, 0)] = now;
			T->Fv[IX(i, a, 1)] = e;
			for (int k = 0; k < in->a[a].nsucc; k++)
				T->cand[in->a[a].succ[k]] = mini(T->cand[in->a[a].succ[k]], e);
		}
	} else if (T->cur[i] < in->nacts && T->cur_ok[i]) {
		const t_act *c = &in->a[T->cur[i]];
		for (int k = 0; k < c->nsucc; k++)
			T->cand[c->succ[k]] = mini(T->cand[c->succ[k]], T->tout[i]);
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int a = 0; a < in->nacts; a++) {
			if (T->cand[a] >= TINF)
				continue;
			int s = maxi(T->cand[a], T->R[IX(i, a, 0)]);
			if (s > T->D[IX(i, a, 0)] || s > T->H || s > T->L[IX(i, a, 0)])
				continue;
			int e = maxi(s + in->a[a].min, T->R[IX(i, a, 1)]);
			if (e > T->H || e > T->D[IX(i, a, 1)] || e > T->L[IX(i, a, 1)])
				continue;
			if (s >= T->Fv[IX(i, a, 0)] && e >= T->Fv[IX(i, a, 1)])
				continue;      /* nothing earlier (s and e grow with cand) */
			T->Fv[IX(i, a, 0)] = s;
			T->Fv[IX(i, a, 1)] = e;
			for (int k = 0; k < in->a[a].nsucc; k++) {
				int b = in->a[a].succ[k];
				if (e < T->cand[b]) {
					T->cand[b] = e;
					changed = 1;
				}
			}
		}
	}
}

/* the earliest value timepoint (i, a, p) can have when a constraint
 * reads it: its last occurrence so far, the current one, or a future one */
static int est(const htime *T, const t_term *t)
{
	if (t->filtered)
		return 0;
	int v = mini(T->P[IX(t->inst, t->act, t->point)], T->Fv[IX(t->inst, t->act, t->point)]);
	if (t->point == 1 && T->cur[t->inst] == t->act && T->cur_ok[t->inst])
		v = mini(v, T->tout[t->inst]);
	return v;
}

static int sat_add(int x, int d)
{
	return x >= TINF ? TINF : x <= -TINF ? -TINF : x + d;
}

/* the release time and deadline chain c puts on its universal
 * timepoint; returns 1 if either changed */
static int apply_chain(htime *T, const t_chain *c)
{
	int n = c->n, u = c->uterm;
	for (int j = 0; j < n; j++) {
		const t_term *t = &c->t[j];
		if (t->is_const)
			T->lo[j] = T->hi[j] = t->k;
		else if (j == u) {
			T->lo[j] = -TINF;
			T->hi[j] = TINF;
		} else {
			T->lo[j] = sat_add(est(T, t), t->k);
			T->hi[j] = TINF;
		}
	}
	for (int round = 0; round < n; round++)
		for (int j = 0; j + 1 < n; j++) {
			int d = c->ops[j] == 0;
			T->lo[j + 1] = maxi(T->lo[j + 1], sat_add(T->lo[j], d));
			T->hi[j] = mini(T->hi[j], sat_add(T->hi[j + 1], -d));
			if (c->ops[j] == 2) {
				T->lo[j] = maxi(T->lo[j], T->lo[j + 1]);
				T->hi[j + 1] = mini(T->hi[j + 1], T->hi[j]);
			}
		}
	const t_term *ut = &c->t[u];
	int rel = sat_add(T->lo[u], -ut->k), dl = sat_add(T->hi[u], -ut->k);
	for (int j = 0; j < n; j++) {
		if (T->lo[j] > T->hi[j])
			rel = TINF;                /* the chain cannot hold: u never occurs */
		if (j != u && !c->t[j].is_const)
			rel = maxi(rel, est(T, &c->t[j]));   /* it must have happened by u */
	}
	if (rel > T->H)
		rel = TINF;
	int *R = &T->R[IX(ut->inst, ut->act, ut->point)], *D = &T->D[IX(ut->inst, ut->act, ut->point)];
	int changed = 0;
	if (rel > *R) {
		*R = rel;
		changed = 1;
	}
	if (dl < *D) {
		*D = dl;
		changed = 1;
	}
	return changed;
}

/* fewest transitions from the current state of inst i to finishing,
 * through actions the relaxation allows; TINF when none */
static int steps_to_finish(htime *T, const dmc_state_view *sv, int i)
{
	const t_inst *in = &T->in[i];
	if (T->cur[i] >= in->nacts)
		return 0;
	int best = TINF;
	for (int a = 0; a < in->nacts; a++)
		T->steps[a] = TINF;
	for (int a = 0; a < in->nacts; a++) {
		int in_first = T->cur[i] < 0 ? in->a[a].first : 0;
		if (T->cur[i] >= 0 && T->cur_ok[i])
			for (int k = 0; k < in->a[T->cur[i]].nsucc; k++)
				if (in->a[T->cur[i]].succ[k] == a)
					in_first = 1;
		if (in_first && T->Fv[IX(i, a, 1)] < TINF)
			T->steps[a] = 1;
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int a = 0; a < in->nacts; a++) {
			if (T->steps[a] >= TINF)
				continue;
			for (int k = 0; k < in->a[a].nsucc; k++) {
				int b = in->a[a].succ[k];
				if (T->Fv[IX(i, b, 1)] < TINF && T->steps[a] + 1 < T->steps[b]) {
					T->steps[b] = T->steps[a] + 1;
					changed = 1;
				}
			}
		}
	}
	if (T->cur[i] >= 0 && T->cur_ok[i] && in->a[T->cur[i]].finish)
		best = 1;
	for (int a = 0; a < in->nacts; a++)
		if (in->a[a].finish && T->steps[a] < TINF)
			best = mini(best, T->steps[a] + 1);
	if (!in->has_goals || best >= TINF)
		return best;
	/* several goals: each one not completed yet must be, by its action
	 * ending (parameters relaxed): the current one's end, or a future
	 * occurrence; each future one is a step of its own */
	long bits = rd(sv, &in->goals);
	unsigned char counted[4096 / 8] = { 0 };
	int distinct = 0;
	for (int k = 0; k < in->ngoals; k++) {
		int g = in->goal_act[k];
		if (bits & (1L << k))
			continue;
		if (T->cur[i] == g && T->cur_ok[i])
			continue;
		if (T->steps[g] >= TINF)
			return TINF;
		best = maxi(best, T->steps[g] + 1);
		if (!(counted[g / 8] & (1 << (g % 8)))) {
			counted[g / 8] |= (unsigned char) (1 << (g % 8));
			distinct++;
		}
	}
	return maxi(best, distinct + 1);
}

static int eval(void *self, const dmc_state_view *sv)
{
	htime *T = self;
	int now = (int) rd(sv, &T->time);
	size_t n = (size_t) T->ninst * (size_t) T->maxacts * 2;
	for (int i = 0; i < T->ninst; i++) {
		const t_inst *in = &T->in[i];
		long a = rd(sv, &in->act);
		T->cur[i] = a == in->nacts + 1 ? -1 : (int) a;
		T->tout[i] = (int) rd(sv, &in->end);
		T->cur_ok[i] = 1;
		for (int x = 0; x < in->nacts; x++)
			for (int p = 0; p < 2; p++) {
				int v = 0;         /* unknown: may have happened at 0 */
				if (T->cur[i] < 0)
					v = TINF;          /* not started: nothing has happened */
				else if (in->a[x].has_var[p]) {
					long r = rd(sv, &in->a[x].var[p]);
					v = r == T->never ? TINF : (int) r;
				}
				T->P[IX(i, x, p)] = v;
			}
	}
	for (size_t k = 0; k < n; k++) {
		T->R[k] = 0;
		T->D[k] = TINF;
	}
	for (int i = 0; i < T->ninst; i++)
		latest(T, i, now);
	for (int round = 0; round < 4 * T->H + 16; round++) {
		for (int i = 0; i < T->ninst; i++) {
			if (T->cur[i] >= 0 && T->cur[i] < T->in[i].nacts)
				T->cur_ok[i] = T->R[IX(i, T->cur[i], 1)] <= T->tout[i] && T->tout[i] <= T->D[IX(i, T->cur[i], 1)];
			earliest(T, i, now);
		}
		int changed = 0;
		for (int c = 0; c < T->nch; c++)
			changed |= apply_chain(T, &T->ch[c]);
		if (!changed)
			break;
	}
	int h = 0;
	for (int i = 0; i < T->ninst; i++) {
		if (T->cur[i] >= 0 && T->cur[i] < T->in[i].nacts && !T->cur_ok[i])
			return DMC_H_INF;
		int s = steps_to_finish(T, sv, i);
		if (s >= TINF)
			return DMC_H_INF;
		h += s;
	}
	return h;
}

const dmc_heuristic dmc_h_htime = {
	.name = "htime",
	.summary = "ANMLite translations: temporal relaxation (earliest times, constraints as release times)",
	.admissible = 1, .proves_dead_ends = 1,
	.create = create, .eval = eval, .free = free_htime
};
