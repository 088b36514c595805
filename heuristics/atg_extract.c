// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * atg_extract.c -- an abstract solution extracted from the layers: hU, and
 * the helpful transitions (atg_impl.h).
 */
#include "atg_impl.h"

/* ---------------------------------------------------------------- */
/* extracting an abstract solution (appendix A.2, Fig. 5)           */
/* ---------------------------------------------------------------- */

/* V_j(v): the last logged set at or below layer j. */
static const dmc_vset *values_at(const dmc_atg *g, int v, int j)
{
	int i = g->logoff[v] + g->nlog[v] - 1;
	while (i > g->logoff[v] && g->log_layer[i] > j)
		i--;
	return &g->log[i];
}

/* The first layer with c in V(v), NEVER if none. */
static int first_layer(const dmc_atg *g, int v, long c)
{
	for (int i = g->logoff[v]; i < g->logoff[v] + g->nlog[v]; i++)
		if (dmc_vs_contains(&g->log[i], c))
			return g->log_layer[i];
	return NEVER;
}

static void add_cost(dmc_atg *g, long n)
{
	g->cost = n > (long)NEVER - 1 - g->cost ? (long)NEVER - 1 : g->cost + n;
}

/* Targets go to the layer where they first appear, which is below the
 * layer being processed (by construction of the ATG). */
static void push_target(dmc_atg *g, int id, int layer)
{
	if (layer >= g->cur_k)
		layer = g->cur_k - 1;
	if (layer <= 0)
		return;               /* holds in the state itself */
	g->link[id] = g->head[layer];
	g->head[layer] = id;
}

static void target_loc(dmc_atg *g, int l)
{
	if (g->loc_targeted[l])
		return;
	g->loc_targeted[l] = 1;
	g->x_loc[g->nx_loc++] = l;
	if (g->first_loc[l] != NEVER)
		push_target(g, l, g->first_loc[l]);
}

static void target_val(dmc_atg *g, int v, long c)
{
	int layer = first_layer(g, v, c), i;
	if (layer == NEVER || layer == 0)
		return;
	for (i = g->v_thead[v]; i >= 0; i = g->tv_next[i])
		if (g->tv_val[i] == c)
			return;
	if (g->nvt == g->vcap)
		return;               /* pool full: this value is left unsupported */
	i = g->nvt++;
	g->tv_var[i] = v;
	g->tv_val[i] = c;
	g->tv_next[i] = g->v_thead[v];
	g->v_thead[v] = i;
	push_target(g, g->nlocs + i, layer);
}

/* What a witness must make e do: be possibly true, or (for an effect
 * into a variable with domain [lo, hi]) possibly produce c; e reads
 * vars[0..nv). */
typedef struct {
	int produce;
	long c, lo, hi;
	const int *vars;
	int nv;
	const atom *simple;           /* an indexed atom: its rule, not its program */
} goalpred;

/* What evaluating an indexed atom on its variable's set s gives (the
 * rule simple_atom states). */
static int simple_may(const atom *a, const dmc_vset *s)
{
	if (!s->n)
		return 0;
	switch (a->simple) {
	case SA_EQ:
		return dmc_vs_contains(s, a->key);
	case SA_LE:
		return dmc_vs_min(s) <= a->key;
	case SA_GE:
		return dmc_vs_max(s) >= a->key;
	default:
		return 0;
	}
}

static int holds(dmc_atg *g, dmc_vprog e, const goalpred *p)
{
	dmc_vset r;
	if (p->simple)
		return simple_may(p->simple, g->view[p->vars[0]]);
	if (!p->produce)
		return atg_memo_run(g, e, p->vars, p->nv, g->view, NULL);
	atg_memo_run(g, e, p->vars, p->nv, g->view, &r);
	dmc_vs_fit(&r, p->lo, p->hi, g->wrap);
	return dmc_vs_contains(&r, p->c);
}

static unsigned long distance(long ref, dmc_ival iv)
{
	if (ref < iv.lo)
		return (unsigned long)iv.lo - (unsigned long)ref;
	if (ref > iv.hi)
		return (unsigned long)ref - (unsigned long)iv.hi;
	return 0;
}

/* Choose one value w of variable u from *s keeping p true, as close to
 * ref as we can: try the nearest point of each interval (nearest
 * interval first), else bisect the interval, keeping the half nearer
 * ref when both halves may work.  view[u] is left at {w}. */
static int pick(dmc_atg *g, dmc_vprog e, const goalpred *p, int u,
                const dmc_vset *s, long ref, long *w)
{
	dmc_vset *one = &g->single[u];
	unsigned visited = 0;
	g->view[u] = one;
	for (int round = 0; round < s->n; round++) {
		int best = -1;
		long a, b, x;
		for (int i = 0; i < s->n; i++)
			if (!(visited & 1u << i)
			    && (best < 0 || distance(ref, s->iv[i]) < distance(ref, s->iv[best])))
				best = i;
		visited |= 1u << best;
		a = s->iv[best].lo;
		b = s->iv[best].hi;
		x = ref < a ? a : ref > b ? b : ref;
		dmc_vs_set(one, x, x);
		if (x != NEG && x != POS && holds(g, e, p)) {
			*w = x;
			return 1;
		}
		dmc_vs_set(one, a, b);
		if (!holds(g, e, p))
			continue;
		while (a < b) {
			long mid = a + (long)(((unsigned long)b - (unsigned long)a) / 2);
			int low = ref <= mid, ok = 0;
			for (int t = 0; t < 2 && !ok; t++, low = !low) {
				if (low)
					dmc_vs_set(one, a, mid);
				else
					dmc_vs_set(one, mid + 1, b);
				if ((ok = holds(g, e, p))) {
					if (low)
						b = mid;
					else
						a = mid + 1;
				}
			}
			if (!ok)
				break;   /* an over-approximated "may": no single value */
		}
		if (a == b && a != NEG && a != POS) {
			dmc_vs_set(one, a, a);
			*w = a;
			return 1;
		}
	}
	return 0;
}

/* The targets a witness chose, in order (rec_target), or NULL. */
typedef struct {
	int *var, n;
	long *val;
} wrecord;

static void rec_target(dmc_atg *g, wrecord *rec, int v, long c)
{
	if (rec) {
		rec->var[rec->n] = v;
		rec->val[rec->n++] = c;
	}
	target_val(g, v, c);
}

/* make-target for one condition or effect (Fig. 5): pick values of the
 * variables e reads, from V_j, so that p holds, and post each as a
 * target at the layer where it first appears.  Variable by variable:
 * the earliest logged set of the variable that keeps p true, then one
 * value in it near the variable's value in the state.  Gives up (posts
 * no more) if the over-approximation has no single value that works. */
static void witness(dmc_atg *g, dmc_vprog e, const int *vars, int nv, int j,
                    const goalpred *pred, int known, wrecord *rec)
{
	goalpred with_vars = *pred, *p = &with_vars;
	const atom *eq = pred->simple;
	if (known && eq && eq->simple == SA_EQ && eq->key != NEG && eq->key != POS) {
		/* a known "u == key": V_j holds key, and the search below ends
		 * at it (in the first set holding it, key itself) */
		rec_target(g, rec, vars[0], eq->key);
		return;
	}
	with_vars.vars = vars;
	with_vars.nv = nv;
	for (int i = 0; i < nv; i++)
		g->view[vars[i]] = values_at(g, vars[i], j);
	if (!known && !holds(g, e, p))
		return;
	for (int i = 0; i < nv; i++) {
		int u = vars[i], x;
		const dmc_vset *s0 = &g->log[g->logoff[u]];
		long ref = dmc_vs_empty(s0) ? 0 : dmc_vs_min(s0), w;
		if (ref == NEG)
			ref = dmc_vs_max(s0) == POS ? 0 : dmc_vs_max(s0);
		int found = 0, last = g->logoff[u];
		while (last + 1 < g->logoff[u] + g->nlog[u] && g->log_layer[last + 1] <= j)
			last++;
		/* p holds with u at V_j(u), its last set here (the variables
		 * before u were given values that keep p true, those after are
		 * still at V_j): that set needs no evaluation */
		for (x = g->logoff[u]; x <= last; x++) {
			g->view[u] = &g->log[x];
			if ((found = x == last || holds(g, e, p)))
				break;
		}
		/* a single value that works is what pick would choose */
		const dmc_vset *one = g->view[u];
		if (found && one->n == 1 && one->iv[0].lo == one->iv[0].hi
		    && one->iv[0].lo != NEG && one->iv[0].lo != POS)
			w = one->iv[0].lo;
		else if (!pick(g, e, p, u, g->view[u], ref, &w))
			return;
		rec_target(g, rec, u, w);
	}
}

/* The witness memo's key for atom a known at layer j: per variable the
 * number of its logged sets up to j, then each (its small_mask, or ~n
 * and the ends of its n intervals) -- all witness reads; its length, or
 * -1 when longer than WMEMO_KEY. */
static int wmemo_key(const dmc_atg *g, const atom *a, int j, long *key, uint64_t *hash)
{
	uint64_t h = (uint64_t)(a - g->atoms + 1) * 0x9e3779b97f4a7c15u;
	int len = 0;
	for (int i = 0; i < a->nv; i++) {
		int u = g->avars[a->vfirst + i], x0 = g->logoff[u], last = x0;
		while (last + 1 < x0 + g->nlog[u] && g->log_layer[last + 1] <= j)
			last++;
		if (len == WMEMO_KEY)
			return -1;
		key[len++] = last - x0 + 1;
		h = (h ^ (uint64_t)(last - x0 + 1)) * 0x100000001b3u;
		for (int x = x0; x <= last; x++) {
			const dmc_vset *s = &g->log[x];
			long w = small_mask(s);
			if (w >= 0) {
				if (len == WMEMO_KEY)
					return -1;
				key[len++] = w;
				h = (h ^ (uint64_t)w) * 0x100000001b3u;
				continue;
			}
			if (len + 1 + 2 * s->n > WMEMO_KEY)
				return -1;
			key[len++] = ~(long)s->n;
			for (int k = 0; k < s->n; k++) {
				key[len++] = s->iv[k].lo;
				key[len++] = s->iv[k].hi;
				h = (h ^ (uint64_t)s->iv[k].lo) * 0x100000001b3u;
				h = (h ^ (uint64_t)s->iv[k].hi) * 0x100000001b3u;
			}
		}
	}
	*hash = h ^ h >> 29;
	return len;
}

/* witness for atom i, known true at layer j (post_atom): an atom
 * reading many variables (a goal summing over every process) tries
 * dozens of combinations of their sets, each a program run or a lookup
 * in the long-key memo; the targets it chose are remembered by the sets
 * it chose from, and posted again in the same order. */
static void witness_known(dmc_atg *g, int i, int j, const goalpred *maytrue)
{
	const atom *a = &g->atoms[i];
	const int *vars = &g->avars[a->vfirst];
	long key[WMEMO_KEY];
	uint64_t h;
	int len;
	wmemo_slot *m;
	if (a->nv < WMEMO_MINV || a->nv > WMEMO_OUT || !g->wmemo
	    || (len = wmemo_key(g, a, j, key, &h)) < 0) {
		witness(g, a->prog, vars, a->nv, j, maytrue, 1, NULL);
		return;
	}
	m = &g->wmemo[h & (WMEMO_SLOTS - 1)];
	if (m->id == i + 1 && m->klen == len && !memcmp(m->key, key, (size_t)len * sizeof key[0])) {
		for (int k = 0; k < m->nout; k++)
			target_val(g, m->out_var[k], m->out_val[k]);
		return;
	}
	wrecord rec = { m->out_var, 0, m->out_val };
	m->id = 0;                    /* filled below */
	witness(g, a->prog, vars, a->nv, j, maytrue, 1, &rec);
	m->id = i + 1;
	m->klen = len;
	m->nout = rec.n;
	memcpy(m->key, key, (size_t)len * sizeof key[0]);
}

static void post_atom(dmc_atg *g, int i)
{
	const atom *a = &g->atoms[i];
	const goalpred maytrue = { 0, 0, 0, 0, NULL, 0,
	                           a->simple != SA_NONE && a->simple != SA_NEVER ? a : NULL };
	if (g->atom_posted[i])
		return;
	g->atom_posted[i] = 1;
	g->x_atom[g->nx_atom++] = i;
	if (g->atom_sat[i] != 0 && g->atom_sat[i] != NEVER)
		/* known: the atom was found true on exactly the sets V_j */
		witness_known(g, i, g->atom_sat[i], &maytrue);
}

/* Select action a at layer j, reps times in a row: count it once per
 * layer (more repetitions only add the difference) and post its
 * conditions as targets once. */
/* The steps of reps applications of action a in a row: the paper counts
 * each application; with cycle costs, every round after the first also
 * goes back along the automaton to the action's source. */
static long rep_cost(const dmc_atg *g, int a, long reps)
{
	long c = steps(g, a) * reps;
	if (g->cycles && reps > 1)
		c += (reps - 1) * (long)g->a_ret[a];
	return c;
}

static void select_action(dmc_atg *g, int a, int j, long reps)
{
	const action *ac = &g->acts[a];
	if (g->sel_layer[a] == j) {
		if (reps > g->sel_reps[a]) {
			add_cost(g, rep_cost(g, a, reps) - rep_cost(g, a, g->sel_reps[a]));
			g->sel_reps[a] = reps;
		}
		return;
	}
	if (g->sel_layer[a] < 0)              /* first selected in this extraction */
		g->x_act[g->nx_act++] = a;
	g->sel_layer[a] = j;
	g->sel_reps[a] = reps;
	add_cost(g, rep_cost(g, a, reps));
	if (g->a_posted[a])
		return;
	g->a_posted[a] = 1;
	for (int i = 0; i < 2 && ac->part[i] >= 0; i++) {
		int t = ac->part[i];
		target_loc(g, g->loc_base[g->m->trans[t].proc] + g->m->trans[t].from);
		for (int k = g->t_afirst[t]; k < g->t_afirst[t + 1]; k++)
			post_atom(g, k);
	}
	for (int i = 0; i < ac->nchan; i++)
		post_atom(g, ac->chan + i);
}

/* How hard an action's conditions are: the sum of their first layers
 * (FF's "difficulty"), to break ties. */
static long difficulty(const dmc_atg *g, int a)
{
	const action *ac = &g->acts[a];
	long d = 0;
	for (int i = 0; i < ac->nchan; i++)
		d += g->atom_sat[ac->chan + i];
	for (int i = 0; i < 2 && ac->part[i] >= 0; i++) {
		int t = ac->part[i];
		d += g->first_loc[g->loc_base[g->m->trans[t].proc] + g->m->trans[t].from];
		for (int k = g->t_afirst[t]; k < g->t_afirst[t + 1]; k++)
			d += g->atom_sat[k];
	}
	return d;
}

/* Is (a, cost, diff) better than the best so far? */
static int better(const dmc_atg *g, int a, long cost, long diff, int best, long bcost,
                  long bdiff)
{
	if (best < 0)
		return 1;
	if (g->as[a].en != g->as[best].en)
		return g->as[a].en < g->as[best].en;
	if (cost != bcost)
		return cost < bcost;
	return diff < bdiff;
}

static void support_loc(dmc_atg *g, int l, int k)
{
	int best = -1, known = 0;
	long bdiff = 0;
	for (int i = g->l_slive.first[l]; i < g->l_slive.first[l + 1]; i++) {
		int a = g->l_slive.item[i];
		long diff;
		if (g->as[a].en > k - steps(g, a))
			continue;
		if (g->sel_layer[a] == k - steps(g, a)) {
			best = a;         /* already in the plan: free */
			break;
		}
		if (best >= 0 && g->as[a].en == g->as[best].en && steps(g, a) == steps(g, best)) {
			/* only then do the difficulties decide (better) */
			if (!known)
				bdiff = difficulty(g, best);
			known = 1;
			if ((diff = difficulty(g, a)) < bdiff) {
				best = a;
				bdiff = diff;
			}
		} else if (better(g, a, steps(g, a), 0, best, best < 0 ? 0 : steps(g, best), 0)) {
			best = a;
			known = 0;
		}
	}
	if (best < 0)
		add_cost(g, 1);       /* cannot happen: the ATG reached l somehow */
	else
		select_action(g, best, k - steps(g, best), 1);
}

static long ceil_div(unsigned long n, long d)
{
	unsigned long q = (n + (unsigned long)d - 1) / (unsigned long)d;
	return q > (unsigned long)NEVER / 2 ? NEVER / 2 : (long)q;
}

/* Can effect f (of an action enabled at layer j) produce c at layer
 * j + 1?  *reps: applications needed; *base: for a shortcut, the value
 * it starts from (another target). */
static int produces(dmc_atg *g, const effect *f, long c, int j, long *reps, long *base)
{
	const dmc_avar *av = &g->m->vars[f->var];
	const dmc_vset *s = values_at(g, f->var, j);
	*reps = 1;
	*base = c;
	if (f->bounded && (c < f->lo || c > f->hi))
		return 0;             /* dropped (effect_values) */
	if (f->kind == EF_ANY)
		return c >= av->lo && c <= av->hi;
	if (f->kind == EF_SET) {
		goalpred p = { 1, c, av->lo, av->hi, &g->evars[f->vfirst], f->nv, NULL };
		for (int i = 0; i < f->nv; i++)
			g->view[g->evars[f->vfirst + i]] = values_at(g, g->evars[f->vfirst + i], j);
		return holds(g, f->prog, &p);
	}
	if (f->kind == EF_INC) {      /* from the largest b <= c - step */
		long lim = c < NEG + f->step ? NEG : c - f->step;
		for (int i = s->n - 1; i >= 0 && lim != NEG; i--)
			if (s->iv[i].lo <= lim) {
				*base = s->iv[i].hi < lim ? s->iv[i].hi : lim;
				*reps = ceil_div((unsigned long)c - (unsigned long)*base, f->step);
				return 1;
			}
		/* only around the top of the domain (wrap) */
		*base = dmc_vs_max(s);
		if (!g->wrap || f->bounded || av->lo == NEG || av->hi == POS || *base == POS || *base > av->hi)
			return 0;
		*reps = ceil_div((unsigned long)av->hi - (unsigned long)*base
		                 + (unsigned long)c - (unsigned long)av->lo + 1, f->step);
		return 1;
	}
	{                             /* EF_DEC: from the smallest b >= c + step */
		long lim = c > POS - f->step ? POS : c + f->step;
		for (int i = 0; i < s->n && lim != POS; i++)
			if (s->iv[i].hi >= lim) {
				*base = s->iv[i].lo > lim ? s->iv[i].lo : lim;
				*reps = ceil_div((unsigned long)*base - (unsigned long)c, f->step);
				return 1;
			}
		*base = dmc_vs_min(s);
		if (!g->wrap || f->bounded || av->lo == NEG || av->hi == POS || *base == NEG || *base < av->lo)
			return 0;
		*reps = ceil_div((unsigned long)*base - (unsigned long)av->lo
		                 + (unsigned long)av->hi - (unsigned long)c + 1, f->step);
		return 1;
	}
}

/* A value target (v, c) first appearing at layer k: an effect of an
 * action enabled at k - 1 that can produce c (Fig. 5's cases: v := c,
 * v := v', v := v +- 1, generalised to any expression). */
static void support_val(dmc_atg *g, int ti, int k)
{
	int v = g->tv_var[ti], best = -1, any = -1;
	long c = g->tv_val[ti], breps = 0, bbase = 0, bcost = 0, bdiff = 0;
	/* The writers of v in order, leaving out those that assign another
	 * constant: they cannot produce c (writers_at) */
	int i = g->v_wglive.first[v], ie = g->v_wglive.first[v + 1];
	int ci = bound(g->wcl_key, g->v_wclive.first[v], g->v_wclive.first[v + 1], c, 1);
	int ce = bound(g->wcl_key, ci, g->v_wclive.first[v + 1], c, 0);
	while (i < ie || ci < ce) {
		int e = ci == ce || (i < ie && g->e_rank[g->v_wglive.item[i]] < g->e_rank[g->v_wclive.item[ci]])
		        ? g->v_wglive.item[i++] : g->v_wclive.item[ci++];
		const effect *f = &g->effs[e];
		int a = f->act, d = steps(g, a);
		long reps, base, cost, diff;
		if (g->as[a].en > k - d)
			continue;
		/* the effect read layer k - 1 (a pair's too: applied late) */
		if (!produces(g, f, c, k - 1, &reps, &base))
			continue;
		cost = rep_cost(g, a, reps);
		if (g->sel_layer[a] == k - d)
			cost = reps > g->sel_reps[a]
			       ? rep_cost(g, a, reps) - rep_cost(g, a, g->sel_reps[a]) : 0;
		diff = difficulty(g, a);
		if (cost == 0 || better(g, a, cost, diff, best < 0 ? -1 : g->effs[best].act,
		                        bcost, bdiff)) {
			best = e;
			breps = reps;
			bbase = base;
			bcost = cost;
			bdiff = diff;
			if (cost == 0)
				break;
		}
	}
	if (best < 0) {
		/* Only widening or merged intervals put c here: no effect makes
		 * it exactly, so there is no witness to follow down.  Take the
		 * earliest writer and charge the layers below as if a chain of
		 * k steps built the value (hU stays >= the layer count). */
		for (int j = g->v_writers.first[v]; j < g->v_writers.first[v + 1]; j++) {
			int a = g->effs[g->v_writers.item[j]].act;
			if (g->as[a].en <= k - steps(g, a) && (any < 0 || g->as[a].en < g->as[any].en))
				any = a;
		}
		if (any >= 0) {
			select_action(g, any, k - steps(g, any), 1);
			add_cost(g, k - steps(g, any));
		}
		return;
	}
	select_action(g, g->effs[best].act, k - steps(g, g->effs[best].act), breps);
	{
		const effect *f = &g->effs[best];
		const dmc_avar *av = &g->m->vars[v];
		goalpred p = { 1, c, av->lo, av->hi, NULL, 0, NULL };
		if (f->kind == EF_INC || f->kind == EF_DEC)
			target_val(g, v, bbase);
		else if (f->kind == EF_SET)
			witness(g, f->prog, &g->evars[f->vfirst], f->nv, k - 1, &p, 0, NULL);
	}
}

static long extract(dmc_atg *g)
{
	const dmc_agoal *gl = &g->m->goals[g->goal];
	int top = g->g_layer[g->goal];
	fill_bytes(g->head, top + 1, 0xff);
	fill_bytes(g->v_thead, g->m->nvars, 0xff);
	for (int i = 0; i < g->nx_loc; i++)
		g->loc_targeted[g->x_loc[i]] = 0;
	for (int i = 0; i < g->nx_atom; i++)
		g->atom_posted[g->x_atom[i]] = 0;
	for (int i = 0; i < g->nx_act; i++) {
		g->sel_layer[g->x_act[i]] = -1;
		g->a_posted[g->x_act[i]] = 0;
	}
	g->nx_loc = g->nx_atom = g->nx_act = 0;
	g->nvt = 0;
	g->cost = 0;
	g->cur_k = top + 1;
	for (int i = 0; i < gl->nlocs; i++)
		target_loc(g, g->loc_base[gl->proc[i]] + gl->loc[i]);
	for (int i = g->g_afirst[g->goal]; i < g->g_afirst[g->goal + 1]; i++)
		post_atom(g, i);
	for (int k = top; k >= 1; k--) {
		g->cur_k = k;
		while (g->head[k] >= 0) {
			int id = g->head[k];
			g->head[k] = g->link[id];
			if (id < g->nlocs)
				support_loc(g, id, k);
			else
				support_val(g, id - g->nlocs, k);
		}
	}
	return g->cost;
}

int dmc_atg_eval(dmc_atg *g, const dmc_astate *s, int *hL, int *hU)
{
	int l = atg_build_layers(g, s);
	if (hL)
		*hL = l;
	if (hU) {
		if (l == DMC_ATG_INF)
			*hU = DMC_ATG_INF;
		else if (g->goal < 0)
			*hU = l;      /* the layer bound was hit (cannot happen) */
		else {
			int extra = g->m->goals[g->goal].extra_steps;
			long u = extract(g) + (extra > 0 ? extra : 0);
			*hU = u >= DMC_ATG_INF ? DMC_ATG_INF - 1 : (int)u;
			g->planned = 1;
		}
	}
	return l;
}

int dmc_atg_hU(dmc_atg *g, const dmc_astate *s)
{
	int u;
	dmc_atg_eval(g, s, NULL, &u);
	return u;
}

int dmc_atg_helpful(const dmc_atg *g, int *trans, int max)
{
	int n = 0;
	if (!g->planned)
		return 0;
	for (int i = 0; i < g->nx_act; i++) {
		const action *ac = &g->acts[g->x_act[i]];
		if (g->sel_layer[g->x_act[i]] != 0)
			continue;
		for (int k = 0; k < 2 && ac->part[k] >= 0; k++) {
			int t = ac->part[k], seen = 0;
			for (int j = 0; j < n && !seen; j++)
				seen = trans[j] == t;
			if (!seen && n < max)
				trans[n++] = t;
		}
	}
	return n;
}
