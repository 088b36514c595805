// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * atg_layers.c -- one evaluation's layers from a state: hL (atg_impl.h).
 *
 * Building (Fig. 1) is event driven, the paper's incremental trick:
 *   - every transition, action and goal counts its unmet conditions;
 *     a location reached or an atom found satisfiable decrements the
 *     counters of what waits for it (per-location and per-variable lists
 *     made by dmc_atg_new), and at zero the thing is enabled for good:
 *     the sets only grow, so nothing is ever disabled again;
 *   - an atom not yet satisfiable is re-evaluated only when a variable
 *     it reads gained values;
 *   - an enabled action applies its effects when it becomes enabled,
 *     and again only when a variable its effects read gained values.
 * Layer k+1 is computed from layer k alone (effects read V_k), so the
 * layer at which something first appears is its distance in the
 * abstraction.  Instead of keeping every layer, we keep the layer at
 * which each location, atom, transition, action and goal first
 * appeared, and per variable a log of its value set at every layer
 * where it changed.
 *
 * Termination.  A layer that adds no location and no value is the
 * fixpoint.  Values are bounded by widening: v := v + c (c > 0 constant)
 * adds [min + c, +inf) at once (the paper's shortcut), v := v - c adds
 * (-inf, max - c]; other effects that read variables are evaluated (the
 * image of the current sets), and a variable that keeps growing through
 * such effects is widened (see widen()) and after WIDEN_ALL growths has
 * its whole domain.
 * Constant effects can make a variable grow only once each.  So every
 * variable changes a bounded number of times, which also bounds the
 * number of layers (and the log) in advance.
 */
#include "atg_impl.h"

/* ---------------------------------------------------------------- */
/* building the layers (Fig. 1)                                     */
/* ---------------------------------------------------------------- */

/* a[0..n) := NEVER */
static void fill_never(int *a, int n)
{
	for (int i = 0; i < n; i++)
		a[i] = NEVER;
}

/* dst := src, copying only the intervals in use (most sets have one). */
static void vs_copy(dmc_vset *dst, const dmc_vset *src)
{
	dst->n = src->n;
	if (src->n == 1)
		dst->iv[0] = src->iv[0];
	else
		memcpy(dst->iv, src->iv, (size_t)src->n * sizeof src->iv[0]);
}

/* Returns 0 when the log was full and its last entry replaced. */
static int log_append(dmc_atg *g, int v, int k)
{
	int i = g->logoff[v] + g->nlog[v], kept = 1;
	if (g->nlog[v] == g->logcap[v]) {
		i--;                  /* cannot happen (see size_buffers); stay sound */
		kept = 0;
	} else
		g->nlog[v]++;
	vs_copy(&g->log[i], &g->cur[v]);
	g->log_layer[i] = k;
	return kept;
}

static void push_apply(dmc_atg *g, int a, int k)
{
	if (g->as[a].mark != k) {
		g->as[a].mark = k;
		g->apply[g->napply++] = a;
	}
}

static inline void act_dec(dmc_atg *g, int a, int k)
{
	if (g->as[a].unsat == g->as[a].need)   /* the first condition met */
		g->dirty_a[g->ndirty_a++] = a;
	if (--g->as[a].unsat == 0) {
		g->as[a].en = k;
		if (k == 0 && g->a_defer0[a])
			g->defer[g->ndefer++] = a;    /* pushed by layer0_atoms */
		else
			push_apply(g, a, k);
	}
}

static void trans_dec(dmc_atg *g, int t, int k)
{
	if (g->ts[t].unsat == g->ts[t].need)
		g->dirty_t[g->ndirty_t++] = t;
	if (--g->ts[t].unsat == 0) {
		for (int i = g->t_live.first[t]; i < g->t_live.first[t + 1]; i++)
			act_dec(g, g->t_live.item[i], k);
	}
}

/* Goal i holds from layer k on: is it the best so far (the smallest
 * layer + extra_steps, then the smallest index)? */
static void goal_holds(dmc_atg *g, int i, int k)
{
	long v = (long)k + extra_steps(g->m, i);
	g->g_layer[i] = k;
	if (v < g->best || (v == g->best && i < g->goal)) {
		g->best = v;
		g->goal = i;
	}
}

static void goal_dec(dmc_atg *g, int i, int k)
{
	if (--g->g_unsat[i] == 0)
		goal_holds(g, i, k);
}

static void atom_holds(dmc_atg *g, int i, int k)
{
	int o = g->a_owner[i];
	g->atom_sat[i] = k;
	g->dirty_atom[g->ndirty_atom++] = i;
	if ((o & 3) == OWN_TRANS)
		trans_dec(g, o >> 2, k);
	else if ((o & 3) == OWN_ACT)
		act_dec(g, o >> 2, k);
	else
		goal_dec(g, o >> 2, k);
}

/* A transition whose only condition is its location (FREE_T + t in
 * l_wait) is enabled when the location is reached (once an evaluation)
 * without its counter, unless it is off. */
static void loc_reached(dmc_atg *g, int l, int k)
{
	for (int i = g->l_wait.first[l]; i < g->l_wait.first[l + 1]; i++) {
		int w = g->l_wait.item[i];
		if (w >= FREE_T && !g->t_off[w - FREE_T]) {
			w -= FREE_T;
			for (int j = g->t_live.first[w]; j < g->t_live.first[w + 1]; j++)
				act_dec(g, g->t_live.item[j], k);
		} else if (w >= 0)
			trans_dec(g, w >= FREE_T ? w - FREE_T : w, k);
		else
			goal_dec(g, -w - 1, k);
	}
}

/* Where the indexed atoms of v stand for its set at layer 0 (kept for
 * the next evaluation, which starts from there if v's set is the same). */
static void simple_start(dmc_atg *g, int v)
{
	const dmc_vset *s = &g->cur[v];
	int le0 = g->v_le.first[v], le1 = g->v_le.first[v + 1];
	int ge0 = g->v_ge.first[v], ge1 = g->v_ge.first[v + 1];
	g->le0_ptr[v] = s->n ? bound(g->le_key, le0, le1, dmc_vs_min(s), 1) : le1;
	g->ge0_ptr[v] = s->n ? bound(g->ge_key, ge0, ge1, dmc_vs_max(s), 0) : ge0;
}

/* The key of vals[vars[0..nv)] into key, hashed with p into *hash; its
 * length, or -1 when it is longer than MEMO_LKEY.  Per variable: its
 * small_mask, or ~n (negative) and the ends of its n intervals. */
static int memo_key(dmc_vprog p, const int *vars, int nv, const dmc_vset *const *vals,
                    const long *masks, long *key, uint64_t *hash)
{
	uint64_t h = (uint64_t)p.first * 0x9e3779b97f4a7c15u;
	int len = 0;
	for (int i = 0; i < nv; i++) {
		const dmc_vset *x = vals[vars[i]];
		long w = masks ? masks[vars[i]] : small_mask(x);
		if (w >= 0) {
			if (len == MEMO_LKEY)
				return -1;
			key[len++] = w;
			h = (h ^ (uint64_t)w) * 0x100000001b3u;
			continue;
		}
		if (len + 1 + 2 * x->n > MEMO_LKEY)
			return -1;
		key[len++] = ~(long)x->n;
		h = (h ^ (uint64_t)x->n) * 0x100000001b3u;
		for (int j = 0; j < x->n; j++) {
			key[len++] = x->iv[j].lo;
			key[len++] = x->iv[j].hi;
			h = (h ^ (uint64_t)x->iv[j].lo) * 0x100000001b3u;
			h = (h ^ (uint64_t)x->iv[j].hi) * 0x100000001b3u;
		}
	}
	*hash = h ^ h >> 29;
	return len;
}

/* One slot of either table: its header fields and its data. */
typedef struct {
	int *id, *klen, *res_n;
	long *data;
} memo_ref;

static memo_ref memo_at(dmc_atg *g, uint64_t h, int len)
{
	memo_ref r;
	if (len <= MEMO_KEY) {
		memo_slot *m = &g->memo[h & (MEMO_SLOTS - 1)];
		r.id = &m->id, r.klen = &m->klen, r.res_n = &m->res_n, r.data = m->data;
	} else {
		memo_lslot *m = &g->lmemo[h & (MEMO_LSLOTS - 1)];
		r.id = &m->id, r.klen = &m->klen, r.res_n = &m->res_n, r.data = m->data;
	}
	return r;
}

static int memo_same(memo_ref m, dmc_vprog p, const long *key, int len)
{
	if (*m.id != p.first + 1 || *m.klen != len)
		return 0;
	for (int i = 0; i < len; i++)
		if (m.data[i] != key[i])
			return 0;
	return 1;
}

/* What program p gives for the sets vals[] of the variables it reads,
 * vars[0..nv): "may be true" (out == NULL) or the set into out.  The
 * same sets give the same result, so results are remembered by input:
 * the states of one search share most variables' sets.  vals ==
 * g->curview takes the key words from g->curmask. */
int atg_memo_run(dmc_atg *g, dmc_vprog p, const int *vars, int nv,
                    const dmc_vset *const *vals, dmc_vset *out)
{
	const long *masks = vals == g->curview ? g->curmask : NULL;
	long key[MEMO_LKEY];
	int len, r;
	uint64_t h;
	memo_ref m;
	if (p.len < MEMO_MINLEN || (len = memo_key(p, vars, nv, vals, masks, key, &h)) < 0) {
		if (!out)
			return dmc_vp_may_true(g->progs, p, vals);
		dmc_vp_eval(g->progs, p, vals, out);
		return 0;
	}
	m = memo_at(g, h, len);
	if (memo_same(m, p, key, len)) {
		if (!out)
			return *m.res_n;
		out->n = *m.res_n;
		for (int i = 0; i < *m.res_n; i++) {
			out->iv[i].lo = m.data[len + 2 * i];
			out->iv[i].hi = m.data[len + 2 * i + 1];
		}
		return 0;
	}
	if (out) {
		dmc_vp_eval(g->progs, p, vals, out);
		if (out->n > MEMO_RES)
			return 0;
		r = out->n;
		for (int i = 0; i < r; i++) {
			m.data[len + 2 * i] = out->iv[i].lo;
			m.data[len + 2 * i + 1] = out->iv[i].hi;
		}
	} else
		r = dmc_vp_may_true(g->progs, p, vals);
	*m.id = p.first + 1;
	*m.klen = len;
	*m.res_n = r;
	for (int i = 0; i < len; i++)
		m.data[i] = key[i];
	return r;
}

/* The atoms that may hold at layer 0.  Only those reading a variable
 * whose initial set differs from the previous evaluation's are
 * evaluated again (an atom reads nothing but its variables' sets). */
static void sat0_eval(dmc_atg *g, int i)
{
	uint64_t bit = (uint64_t)1 << (i % 64);
	const atom *a = &g->atoms[i];
	if (atg_memo_run(g, a->prog, &g->avars[a->vfirst], a->nv, g->curview, NULL))
		g->sat0[i / 64] |= bit;
	else
		g->sat0[i / 64] &= ~bit;
}

static void sat0_put(dmc_atg *g, const int *item, int from, int to, int on)
{
	for (int j = from; j < to; j++) {
		uint64_t bit = (uint64_t)1 << (item[j] % 64);
		if (on)
			g->sat0[item[j] / 64] |= bit;
		else
			g->sat0[item[j] / 64] &= ~bit;
	}
}

/* The indexed atoms of v that hold when v has the values s: their bits
 * set (on = 1) or cleared (on = 0).  Clearing for the old set, then
 * setting for the new one updates them without evaluating any (the
 * index's rule is what evaluating gives, see simple_atom; an empty set
 * makes none hold). */
static void simple_sat0(dmc_atg *g, int v, const dmc_vset *s, int on)
{
	int e0 = g->v_eq.first[v], e1 = g->v_eq.first[v + 1];
	int le1 = g->v_le.first[v + 1], ge0 = g->v_ge.first[v];
	if (!s->n)
		return;
	for (int i = 0; i < s->n && e0 < e1; i++) {
		int a = bound(g->eq_key, e0, e1, s->iv[i].lo, 1);
		int b = bound(g->eq_key, a, e1, s->iv[i].hi, 0);
		sat0_put(g, g->v_eq.item, a, b, on);
		e0 = b;
	}
	sat0_put(g, g->v_le.item, bound(g->le_key, g->v_le.first[v], le1, dmc_vs_min(s), 1), le1, on);
	sat0_put(g, g->v_ge.item, ge0, bound(g->ge_key, ge0, g->v_ge.first[v + 1], dmc_vs_max(s), 0), on);
}

static int bit_at(const uint64_t *bits, int i)
{
	return bits[i / 64] >> (i % 64) & 1;
}

/* Is the atom a condition of a dead pair (live_pairs)? */
static int atom_dead(const dmc_atg *g, int i)
{
	return bit_at(g->dead0, i);
}

/* A variable no effect writes keeps its layer-0 set in every layer, so
 * an atom reading only such variables holds at every layer or at none:
 * a rendezvous pair with such an atom false at layer 0 is never enabled
 * in this evaluation (dead), and whether its other atoms hold changes
 * nothing.  t_live is t_acts without those pairs, l_slive l_supp, v_glive v_gatoms
 * without their atoms (the others in the same order), made again when
 * such a variable's set changes.  Layer 0 does not evaluate a dead
 * pair's atoms but those deciding it is dead (layer0_sat): a pair that
 * comes back to life has them evaluated here. */
static int act_dead(const dmc_atg *g, int a)
{
	return g->acts[a].nchan && atom_dead(g, g->acts[a].chan);
}

/* live := the actions of all (nkeys lists) but the dead pairs, in order. */
static void live_actions(const dmc_atg *g, const csr *all, int nkeys, csr *live)
{
	int n = 0;
	for (int k = 0; k < nkeys; k++) {
		live->first[k] = n;
		for (int i = all->first[k]; i < all->first[k + 1]; i++)
			if (!act_dead(g, all->item[i]))
				live->item[n++] = all->item[i];
	}
	live->first[nkeys] = n;
}

/* The same for lists of effects, with their keys (if keys). */
static void live_effects(const dmc_atg *g, const csr *all, const long *keys, csr *live,
                         long *lkeys)
{
	int n = 0, nv = g->m->nvars;
	for (int v = 0; v < nv; v++) {
		live->first[v] = n;
		for (int i = all->first[v]; i < all->first[v + 1]; i++)
			if (!act_dead(g, g->effs[all->item[i]].act)) {
				if (keys)
					lkeys[n] = keys[i];
				live->item[n++] = all->item[i];
			}
	}
	live->first[nv] = n;
}

/* a[to[i]] := a[i], n elements of size bytes, through buf. */
static void permute(void *a, const int *to, int n, size_t size, void *buf)
{
	for (int i = 0; i < n; i++)
		memcpy((char *)buf + (size_t)to[i] * size, (char *)a + (size_t)i * size, size);
	memcpy(a, buf, (size_t)n * size);
}

static void map_items(csr *c, int nkeys, const int *to)
{
	for (int i = 0; i < c->first[nkeys]; i++)
		c->item[i] = to[c->item[i]];
}

/* Renumber the actions, the live ones first, then the dead pairs (each
 * in their order), and their effects with them: an evaluation touches
 * the live ones only, and with most pairs dead (channel arrays) they
 * would lie far apart.  Lists keep their order; the only comparison of
 * indices, effects' in support_val, goes by e_rank.  Done once, at the
 * first evaluation, when no evaluation state is kept (layer0_sat runs
 * right after undo_last). */
static void relayout(dmc_atg *g)
{
	int na = g->nacts, ne = g->neffs, n = 0, nv = g->m->nvars;
	size_t big = sizeof(action) > sizeof(effect) ? sizeof(action) : sizeof(effect);
	int *ato = malloc(((size_t)na + 1) * sizeof(int));
	int *eto = malloc(((size_t)ne + 1) * sizeof(int));
	void *buf = malloc(((size_t)(na > ne ? na : ne) + 1) * big);   /* the largest element */
	g->laid_out = 1;
	if (!ato || !eto || !buf) {   /* keep the model's order */
		free(ato), free(eto), free(buf);
		return;
	}
	for (int pass = 0; pass < 2; pass++)
		for (int a = 0; a < na; a++)
			if (act_dead(g, a) == pass)
				ato[a] = n++;
	n = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int a = 0; a < na; a++)
			if (act_dead(g, a) == pass)
				for (int e = g->acts[a].efirst; e < g->acts[a].efirst + g->acts[a].neff; e++)
					eto[e] = n++;
	for (int a = 0; a < na; a++)
		g->acts[a].efirst = g->acts[a].neff ? eto[g->acts[a].efirst] : 0;
	for (int e = 0; e < ne; e++)
		g->effs[e].act = ato[g->effs[e].act];
	for (int i = 0; i < g->natoms; i++)
		if ((g->a_owner[i] & 3) == OWN_ACT)
			g->a_owner[i] = ato[g->a_owner[i] >> 2] << 2 | OWN_ACT;
	permute(g->acts, ato, na, sizeof(action), buf);
	permute(g->as, ato, na, sizeof *g->as, buf);
	permute(g->a_ret, ato, na, sizeof(int), buf);
	permute(g->sel_layer, ato, na, sizeof(int), buf);
	permute(g->sel_reps, ato, na, sizeof(long), buf);
	permute(g->a_posted, ato, na, 1, buf);
	permute(g->effs, eto, ne, sizeof(effect), buf);
	permute(g->eff_stamp, eto, ne, sizeof(uint64_t), buf);
	permute(g->e_rank, eto, ne, sizeof(int), buf);
	for (int a = 0; a < na; a++)
		g->a_at[a] = ato[g->a_at[a]];
	for (int i = 0; i < g->nx_act; i++)
		g->x_act[i] = ato[g->x_act[i]];
	map_items(&g->t_acts, g->m->ntrans, ato);
	map_items(&g->l_supp, g->nlocs, ato);
	map_items(&g->v_acts, nv, ato);
	map_items(&g->v_writers, nv, eto);
	map_items(&g->v_wgen, nv, eto);
	map_items(&g->v_wconst, nv, eto);
	free(ato), free(eto), free(buf);
}

/* fold0, a_defer0 and the pairs' needs for the live pairs just found
 * (atg_impl.h); every counter is at rest here, and is set to its need. */
static void fold_fixed(dmc_atg *g)
{
	for (int a = 0; a < g->nacts; a++) {
		const action *ac = &g->acts[a];
		int dead = act_dead(g, a), nf = 0;
		for (int j = ac->chan; j < ac->chan + ac->nchan; j++) {
			uint64_t bit = (uint64_t)1 << (j % 64);
			if (!dead && g->a_fixed[j]) {   /* live: every fixed atom holds */
				g->fold0[j / 64] |= bit;
				g->atom_sat[j] = 0;
				nf++;
			} else if (g->fold0[j / 64] & bit) {
				g->fold0[j / 64] &= ~bit;
				g->atom_sat[j] = NEVER;
			}
		}
		g->as[a].need = 1 + (ac->part[1] >= 0) + ac->nchan - nf;
		g->as[a].unsat = g->as[a].need;
		g->a_defer0[a] = ac->nchan > 0 && nf == ac->nchan;
	}
}

static void live_pairs(dmc_atg *g)
{
	int n = 0;
	for (int a = 0; a < g->nacts; a++) {
		const action *ac = &g->acts[a];
		int dead = 0;
		for (int j = ac->chan; j < ac->chan + ac->nchan && !dead; j++)
			dead = g->a_fixed[j] && !bit_at(g->sat0, j);
		for (int j = ac->chan; j < ac->chan + ac->nchan; j++) {
			uint64_t bit = (uint64_t)1 << (j % 64);
			if (!dead && atom_dead(g, j) && !g->a_fixed[j] && g->atoms[j].simple == SA_NONE)
				sat0_eval(g, j);
			if (dead)
				g->dead0[j / 64] |= bit;
			else
				g->dead0[j / 64] &= ~bit;
		}
	}
	if (!g->laid_out)
		relayout(g);
	live_actions(g, &g->t_acts, g->m->ntrans, &g->t_live);
	live_actions(g, &g->l_supp, g->nlocs, &g->l_slive);
	live_effects(g, &g->v_wgen, NULL, &g->v_wglive, NULL);
	live_effects(g, &g->v_wconst, g->wc_key, &g->v_wclive, g->wcl_key);
	for (int v = 0; v < g->m->nvars; v++) {
		g->v_glive.first[v] = n;
		for (int i = g->v_gatoms.first[v]; i < g->v_gatoms.first[v + 1]; i++)
			if (!atom_dead(g, g->v_gatoms.item[i]))
				g->v_glive.item[n++] = g->v_gatoms.item[i];
	}
	g->v_glive.first[g->m->nvars] = n;
	fold_fixed(g);
	g->live_stale = 0;
}

/* prev0[v] := cur[v], with what goes with it. */
static void keep0(dmc_atg *g, int v)
{
	const dmc_vset *c = &g->cur[v];
	vs_copy(&g->prev0[v], c);
	g->one0[v] = c->n == 1 && c->iv[0].lo == c->iv[0].hi;
	g->val0[v] = c->iv[0].lo;
	g->mask0[v] = g->curmask[v];
	simple_start(g, v);
}

/* sat0 for the sets of layer 0 (then t_live, which reads it). */
static void layer0_sat(dmc_atg *g)
{
	int nv = g->m->nvars;
	if (!g->have_prev0) {
		g->live_stale = 1;
		for (int i = 0; i < g->natoms; i++)
			sat0_eval(g, i);
		for (int v = 0; v < nv; v++)
			keep0(g, v);
		g->have_prev0 = 1;
	} else {
		if (++g->epoch == 0) {
			memset(g->atom_epoch, 0, (size_t)g->natoms * sizeof *g->atom_epoch);
			g->epoch = 1;
		}
		for (int v = 0; v < nv; v++) {
			if (!g->chg0[v])
				continue;
			if (!g->v_written[v])
				g->live_stale = 1;
			simple_sat0(g, v, &g->prev0[v], 0);
			simple_sat0(g, v, &g->cur[v], 1);
			keep0(g, v);
			for (int j = g->v_gatoms.first[v]; j < g->v_gatoms.first[v + 1]; j++) {
				int at = g->v_gatoms.item[j];
				if (g->atom_epoch[at] != g->epoch) {
					g->atom_epoch[at] = g->epoch;
					if (g->a_fixed[at] || !atom_dead(g, at))
						sat0_eval(g, at);
				}
			}
		}
	}
	if (g->live_stale)
		live_pairs(g);
}

/* The last atom of pair a, where layer0_atoms pushes it if deferred. */
static int last_atom(const dmc_atg *g, int a)
{
	return g->acts[a].chan + g->acts[a].nchan - 1;
}

/* The atoms in [lo, hi) that hold at layer 0 but the folded ones, in
 * their order, and before each the deferred pairs from *d on whose last
 * atom comes before it. */
static void walk0(dmc_atg *g, int lo, int hi, int *d)
{
	for (int w = lo / 64; lo < hi && w <= (hi - 1) / 64; w++) {
		uint64_t x = g->sat0[w] & ~g->dead0[w] & ~g->fold0[w];
		if (w == lo / 64)
			x &= ~(uint64_t)0 << (lo % 64);
		if (w == (hi - 1) / 64 && hi % 64)
			x &= ((uint64_t)1 << (hi % 64)) - 1;
		for (; x; x &= x - 1) {
			int i = w * 64 + __builtin_ctzll(x);
			while (*d < g->ndefer && last_atom(g, g->defer[*d]) < i)
				push_apply(g, g->defer[(*d)++], 0);
			atom_holds(g, i, 0);
		}
	}
}

/* The atoms that hold at layer 0 but the folded ones, in their order,
 * and the deferred pairs (enabled at layer 0, all their atoms folded)
 * each where its last atom would have come: as when every atom was
 * walked.  The pairs' atoms follow the transitions' and the goals'
 * (build_static), so every pair enabled at layer 0 has been by the time
 * the walk gets to them: the deferred ones are sorted then. */
static void layer0_atoms(dmc_atg *g)
{
	int split = g->g_afirst[g->m->ngoals], d = 0;
	walk0(g, 0, split, &d);               /* pushes none: every key >= split */
	for (int i = 1; i < g->ndefer; i++) {   /* by last atom: a few, insertion */
		int x = g->defer[i], j = i;
		for (; j > 0 && last_atom(g, g->defer[j - 1]) > last_atom(g, x); j--)
			g->defer[j] = g->defer[j - 1];
		g->defer[j] = x;
	}
	walk0(g, split, g->natoms, &d);
	while (d < g->ndefer)
		push_apply(g, g->defer[d++], 0);
	g->ndefer = 0;
}

/* Put back what the last evaluation changed (dirty_loc ...). */
static void undo_last(dmc_atg *g)
{
	for (int i = 0; i < g->ndirty_loc; i++)
		g->first_loc[g->dirty_loc[i]] = NEVER;
	for (int i = 0; i < g->ndirty_atom; i++)
		g->atom_sat[g->dirty_atom[i]] = NEVER;
	for (int i = 0; i < g->ndirty_t; i++) {
		int t = g->dirty_t[i];
		g->ts[t].unsat = g->ts[t].need;
	}
	for (int i = 0; i < g->ndirty_a; i++) {
		int a = g->dirty_a[i];
		g->as[a].unsat = g->as[a].need;
		g->as[a].en = NEVER;
		g->as[a].mark = g->as[a].lmark = -1;
	}
	g->ndirty_loc = g->ndirty_atom = g->ndirty_t = g->ndirty_a = 0;
}

/* Variable v's set at layer 0 is in cur[v]: the log's first entry is
 * that set (it is written only here, as the log holds more than one
 * entry, and stays from the previous evaluation while the set is
 * prev0's). */
static void layer0_var(dmc_atg *g, int v)
{
	const dmc_avar *av = &g->m->vars[v];
	dmc_vset *c = &g->cur[v];
	const dmc_vset *p = &g->prev0[v];
	if (!c->n && !av->empty_ok)   /* no value in the state: unknown */
		dmc_vs_set(c, av->lo, av->hi);
	g->nlog[v] = 1;
	g->cur_grown[v] = 0;
	if (!g->have_prev0)
		g->chg0[v] = 1;
	else if (c->n == 1) {         /* most sets: one value */
		dmc_ival a = c->iv[0], b = p->iv[0];
		g->chg0[v] = p->n != 1 || a.lo != b.lo || a.hi != b.hi;
	} else
		g->chg0[v] = !dmc_vs_equal(p, c);
	if (g->chg0[v]) {
		g->curmask[v] = small_mask(c);
		vs_copy(&g->log[g->logoff[v]], c);
		g->log_layer[g->logoff[v]] = 0;
	} else
		g->curmask[v] = g->mask0[v];
}

/* Does the state list its values by variable (as dmc_abuild_state)? */
static int by_variable(const dmc_astate *s)
{
	for (int i = 1; i < s->nvals; i++)
		if (s->val_var[i] < s->val_var[i - 1])
			return 0;
	return 1;
}

/* cur := the sets the state gives its variables, chg0 := those that
 * differ from prev0, for a state that lists its values by variable.
 * Most variables have one: when that is prev0's single value (one0,
 * val0), cur[v] still holds it unless the previous evaluation's layers
 * grew it (cur_grown), and neither set is read. */
static void layer0_sets(dmc_atg *g, const dmc_astate *s)
{
	int nv = g->m->nvars, i = 0, n = s->nvals;
	while (i < n && s->val_var[i] < 0)
		i++;
	for (int v = 0; v < nv; v++) {
		dmc_vset *c = &g->cur[v];
		if (i < n && s->val_var[i] == v && (i + 1 == n || s->val_var[i + 1] != v)) {
			long x = s->val_val[i++];
			if (g->one0[v] && g->val0[v] == x) {
				if (g->cur_grown[v]) {
					c->n = 1;
					c->iv[0].lo = c->iv[0].hi = x;
					g->cur_grown[v] = 0;
				}
				g->nlog[v] = 1;
				g->chg0[v] = 0;
				g->curmask[v] = g->mask0[v];
				continue;
			}
			c->n = 1;
			c->iv[0].lo = c->iv[0].hi = x;
		} else
			for (c->n = 0; i < n && s->val_var[i] == v; i++)
				dmc_vs_add(c, s->val_val[i], s->val_val[i]);
		layer0_var(g, v);
	}
}

/* The same for values in any order. */
static void layer0_sets_any(dmc_atg *g, const dmc_astate *s)
{
	int nv = g->m->nvars;
	for (int v = 0; v < nv; v++)
		g->cur[v].n = 0;
	for (int i = 0; i < s->nvals; i++)
		if (s->val_var[i] >= 0 && s->val_var[i] < nv)
			dmc_vs_add(&g->cur[s->val_var[i]], s->val_val[i], s->val_val[i]);
	for (int v = 0; v < nv; v++)
		layer0_var(g, v);
}

static void layer0(dmc_atg *g, const dmc_astate *s)
{
	const dmc_amodel *m = g->m;
	undo_last(g);
	for (int i = 0; i < g->noffl; i++)
		g->t_off[g->offl[i]] = 0;
	g->noffl = 0;
	for (int i = 0; i < g->noff; i++)     /* one more need than can be met */
		if (g->off[i] >= 0 && g->off[i] < m->ntrans) {
			if (!g->t_off[g->off[i]]) {
				g->t_off[g->off[i]] = 1;
				g->offl[g->noffl++] = g->off[i];
			}
			/* listed once here, once more at most by trans_dec */
			if (g->ts[g->off[i]].unsat == g->ts[g->off[i]].need)
				g->dirty_t[g->ndirty_t++] = g->off[i];
			g->ts[g->off[i]].unsat++;
		}
	g->nlater = 0;
	g->ndefer = 0;
	memcpy(g->g_unsat, g->g_need, (size_t)m->ngoals * sizeof(int));
	fill_never(g->g_layer, m->ngoals);
	g->best = NEVER;
	g->goal = -1;
	g->g_next = 0;
	fill_bytes(g->nchg, m->nvars, 0);
	fill_bytes(g->touched_at, m->nvars, 0xff);
	g->napply = 0;
	g->built = 0;
	g->ebase += (uint64_t)g->maxlayer + 2;

	if (by_variable(s))
		layer0_sets(g, s);
	else
		layer0_sets_any(g, s);
	layer0_sat(g);
	for (int i = 0; i < m->ngoals; i++)
		if (g->g_unsat[i] == 0)
			goal_holds(g, i, 0);
	for (int i = 0; i < s->nlocs; i++) {
		int p = s->loc_proc[i], l = s->loc_loc[i];
		if (p < 0 || p >= m->nprocs || l < 0 || l >= m->procs[p].nlocs)
			continue;
		if (g->first_loc[g->loc_base[p] + l] == NEVER) {
			g->first_loc[g->loc_base[p] + l] = 0;
			g->dirty_loc[g->ndirty_loc++] = g->loc_base[p] + l;
			loc_reached(g, g->loc_base[p] + l, 0);
		}
	}
	layer0_atoms(g);
	memcpy(g->le_ptr, g->le0_ptr, (size_t)m->nvars * sizeof(int));
	memcpy(g->ge_ptr, g->ge0_ptr, (size_t)m->nvars * sizeof(int));
}

/* Returns 1 when next[v] is fresh, a copy of cur[v]. */
static int touch(dmc_atg *g, int v, int k)
{
	if (g->touched_at[v] != k) {
		g->touched_at[v] = k;
		vs_copy(&g->next[v], &g->cur[v]);
		g->grew[v] = g->computed[v] = 0;
		g->vtouched[g->ntouched++] = v;
		return 1;
	}
	return 0;
}

/* The values effect f adds at layer k + 1, reading layer k. */
static void effect_values(dmc_atg *g, const effect *f, const dmc_vset *const *vals,
                          dmc_vset *r)
{
	const dmc_avar *av = &g->m->vars[f->var];
	long x;
	switch (f->kind) {
	case EF_ANY:
		dmc_vs_set(r, av->lo, av->hi);
		return;
	case EF_INC:                  /* the shortcut: any number of increments */
		x = dmc_vs_min(vals[f->var]);
		dmc_vs_set(r, x == NEG ? NEG : x > POS - f->step ? POS : x + f->step, POS);
		break;
	case EF_DEC:
		x = dmc_vs_max(vals[f->var]);
		dmc_vs_set(r, NEG, x == POS ? POS : x < NEG + f->step ? NEG : x - f->step);
		break;
	default:
		if (f->rhs->op == DMC_AE_CONST)   /* what its program gives, without running it */
			dmc_vs_set(r, f->rhs->value, f->rhs->value);
		else
			atg_memo_run(g, f->prog, &g->evars[f->vfirst], f->nv, vals, r);
		break;
	}
	if (f->bounded)
		dmc_vs_fit(r, f->lo, f->hi, 0);
	dmc_vs_fit(r, av->lo, av->hi, g->wrap);
}

/* Is [lo, hi] within one interval of s? */
static int vs_holds(const dmc_vset *s, long lo, long hi)
{
	for (int i = 0; i < s->n && s->iv[i].lo <= lo; i++)
		if (hi <= s->iv[i].hi)
			return 1;
	return 0;
}

/* Does the current set of f's variable hold every value f can add? */
static int holds_reach(const dmc_atg *g, const effect *f)
{
	long have = g->curmask[f->var];
	if (f->reach_lo > f->reach_hi)
		return 0;
	if (have >= 0)
		return f->reach >= 0 && !(f->reach & ~have);
	return vs_holds(&g->cur[f->var], f->reach_lo, f->reach_hi);
}

static void apply_effect(dmc_atg *g, const effect *f, int k)
{
	dmc_vset r;
	if (holds_reach(g, f))
		return;               /* nothing to add: the sets only grow */
	if (f->exact) {               /* r would be [reach_lo, reach_hi] */
		dmc_vset *n = &g->next[f->var];
		touch(g, f->var, k);
		if (dmc_vs_add(n, f->reach_lo, f->reach_hi))
			g->grew[f->var] = 1;
		return;
	}
	effect_values(g, f, g->curview, &r);
	touch(g, f->var, k);
	if (dmc_vs_union(&g->next[f->var], &r)) {
		g->grew[f->var] = 1;
		if (f->nv > 0)
			g->computed[f->var] = 1;
	}
}

static void add_loc(dmc_atg *g, int l, int k)
{
	if (g->first_loc[l] == NEVER) {
		g->first_loc[l] = k + 1;
		g->dirty_loc[g->ndirty_loc++] = l;
		g->newlocs[g->nnew++] = l;
	}
}

/* Has a variable effect f reads changed after layer j? */
static int inputs_changed(const dmc_atg *g, const effect *f, int j)
{
	for (int i = 0; i < f->nv; i++) {
		int v = g->evars[f->vfirst + i];
		if (g->log_layer[g->logoff[v] + g->nlog[v] - 1] > j)
			return 1;
	}
	return 0;
}

/* An effect applied again to inputs that did not change since its last
 * application computes the same values, which are in its variable's set
 * since that layer (the sets only grow): it is skipped. */
static void apply_action(dmc_atg *g, int a, int k)
{
	const action *ac = &g->acts[a];
	for (int i = 0; i < ac->nloc; i++)
		add_loc(g, ac->loc[i], k);
	for (int e = ac->efirst; e < ac->efirst + ac->neff; e++) {
		uint64_t st = g->eff_stamp[e];
		if (st > g->ebase && !inputs_changed(g, &g->effs[e], (int)(st - g->ebase - 1)))
			continue;
		g->eff_stamp[e] = g->ebase + (uint64_t)k + 1;
		apply_effect(g, &g->effs[e], k);
	}
}

/* Widening, counted in growths through computed effects: from
 * WIDEN_DIR on, a set that grew past its max (min) is extended to the
 * domain's hi (lo); from WIDEN_HULL on, its gaps are filled too, so it
 * can only grow outwards, at most twice more; WIDEN_ALL takes the whole
 * domain (reached only when constant effects keep opening gaps). */
static void widen(dmc_atg *g, int v)
{
	const dmc_avar *av = &g->m->vars[v];
	dmc_vset *n = &g->next[v];
	const dmc_vset *o = &g->cur[v];
	long omax = dmc_vs_max(o), omin = dmc_vs_min(o);
	if (++g->nchg[v] >= WIDEN_ALL) {
		dmc_vs_add(n, av->lo, av->hi);
		return;
	}
	if (g->nchg[v] < WIDEN_DIR)
		return;
	if (g->nchg[v] >= WIDEN_HULL)
		dmc_vs_add(n, dmc_vs_min(n), dmc_vs_max(n));
	if (dmc_vs_max(n) > omax && omax < av->hi)
		dmc_vs_add(n, omax, av->hi);
	if (dmc_vs_min(n) < omin && omin > av->lo)
		dmc_vs_add(n, av->lo, omin);
}

/* SA_EQ atoms of v with a key in [a, b] not holding yet, into found;
 * *from: where the keys >= a start to be searched, then where the keys
 * > b start (calls go by increasing a). */
static int found_eq(dmc_atg *g, int v, long a, long b, int nf, int *from)
{
	int end = g->v_eq.first[v + 1], j;
	if (g->eq_off[v] < 0)
		j = bound(g->eq_key, *from, end, a, 1);
	else if (a <= g->eq_lo[v])
		j = *from;            /* every key is >= a */
	else if (a > g->eq_key[end - 1])
		j = end;
	else {                        /* keys from *from on are >= those before */
		j = g->eq_at[g->eq_off[v] + (a - g->eq_lo[v])];
		j = j < *from ? *from : j;
	}
	for (; j < end && g->eq_key[j] <= b; j++)
		if (g->atom_sat[g->v_eq.item[j]] == NEVER)
			g->found[nf++] = g->v_eq.item[j];
	*from = j;
	return nf;
}

/* found[0..n) (distinct atoms) in increasing order: insertion for a
 * few, else through the bit set fmark (words lo..hi). */
static void sort_found(dmc_atg *g, int n)
{
	int lo = INT_MAX, hi = -1, k = 0;
	if (n < 24) {
		for (int i = 1; i < n; i++) {
			int x = g->found[i], j = i;
			for (; j > 0 && g->found[j - 1] > x; j--)
				g->found[j] = g->found[j - 1];
			g->found[j] = x;
		}
		return;
	}
	for (int i = 0; i < n; i++) {
		int w = g->found[i] / 64;
		g->fmark[w] |= (uint64_t)1 << (g->found[i] % 64);
		lo = w < lo ? w : lo;
		hi = w > hi ? w : hi;
	}
	for (int w = lo; w <= hi; w++) {
		for (uint64_t x = g->fmark[w]; x; x &= x - 1)
			g->found[k++] = w * 64 + __builtin_ctzll(x);
		g->fmark[w] = 0;
	}
}

/* The indexed atoms of v that hold now that its set grew (committed and
 * logged, the set before it is the previous log entry unless grew[v] ==
 * 2), by index, in found; returns their number. */
static int simple_found(dmc_atg *g, int v)
{
	const dmc_vset *nw = &g->cur[v], *old;
	int nf = 0, p;
	if (g->v_eq.first[v] < g->v_eq.first[v + 1]) {
		int from = g->v_eq.first[v], o0 = 0;
		long last = g->eq_key[g->v_eq.first[v + 1] - 1];
		if (g->grew[v] == 2) {
			for (int i = 0; i < nw->n; i++)
				nf = found_eq(g, v, nw->iv[i].lo, nw->iv[i].hi, nf, &from);
		} else {
			old = &g->log[g->logoff[v] + g->nlog[v] - 2];
			/* the values nw has, old not: one pass over both lists */
			for (int i = 0; i < nw->n && nw->iv[i].lo <= last; i++) {
				long pos = nw->iv[i].lo, end = nw->iv[i].hi;
				int done = 0;
				while (o0 < old->n && old->iv[o0].hi < pos)
					o0++;
				for (int o = o0; o < old->n && !done; o++) {
					if (old->iv[o].lo > end)
						break;
					if (old->iv[o].lo > pos)
						nf = found_eq(g, v, pos, old->iv[o].lo - 1, nf, &from);
					if (old->iv[o].hi >= end)
						done = 1;
					else
						pos = old->iv[o].hi + 1;
				}
				if (!done)
					nf = found_eq(g, v, pos, end, nf, &from);
			}
		}
	}
	if (nw->n) {
		p = bound(g->le_key, g->v_le.first[v], g->le_ptr[v], dmc_vs_min(nw), 1);
		for (int j = p; j < g->le_ptr[v]; j++)
			if (g->atom_sat[g->v_le.item[j]] == NEVER)
				g->found[nf++] = g->v_le.item[j];
		g->le_ptr[v] = p;
		p = bound(g->ge_key, g->ge_ptr[v], g->v_ge.first[v + 1], dmc_vs_max(nw), 0);
		for (int j = g->ge_ptr[v]; j < p; j++)
			if (g->atom_sat[g->v_ge.item[j]] == NEVER)
				g->found[nf++] = g->v_ge.item[j];
		g->ge_ptr[v] = p;
	}
	sort_found(g, nf);
	return nf;
}

/* Make layer k current: commit the grown sets, then wake what waits. */
static void commit(dmc_atg *g, int k)
{
	int nchanged = 0;
	g->napply = 0;
	for (int i = 0; i < g->ntouched; i++) {
		int v = g->vtouched[i];
		if (!g->grew[v])
			continue;
		if (g->computed[v])
			widen(g, v);
		vs_copy(&g->cur[v], &g->next[v]);
		g->cur_grown[v] = 1;
		g->curmask[v] = small_mask(&g->cur[v]);
		if (!log_append(g, v, k))
			g->grew[v] = 2;       /* the set before is not in the log */
		g->vtouched[nchanged++] = v;
	}
	for (int i = 0; i < nchanged; i++) {
		int v = g->vtouched[i];
		int nf = simple_found(g, v), f = 0;
		int j = g->v_glive.first[v], end = g->v_glive.first[v + 1];
		/* in the order of the atoms' indices, as they wake actions: the
		 * order effects are applied in decides which intervals merge
		 * when a set overflows */
		while (j < end || f < nf) {
			int at;
			if (f == nf || (j < end && g->v_glive.item[j] < g->found[f])) {
				at = g->v_glive.item[j++];
				if (g->atom_sat[at] == NEVER
				    && atg_memo_run(g, g->atoms[at].prog, &g->avars[g->atoms[at].vfirst],
				                g->atoms[at].nv, g->curview, NULL))
					atom_holds(g, at, k);
			} else if (g->atom_sat[at = g->found[f++]] == NEVER)
				atom_holds(g, at, k);
		}
		for (int j = g->v_acts.first[v]; j < g->v_acts.first[v + 1]; j++)
			if (g->as[g->v_acts.item[j]].en <= k)
				push_apply(g, g->v_acts.item[j], k);
	}
	for (int i = 0; i < g->nnew; i++)
		loc_reached(g, g->newlocs[i], k);
}

/* The best goal value by layer k; *stop when no goal still to come can
 * beat it (a goal holding at layer j >= k + 1 gives at least
 * k + 1 + its extra_steps), which keeps hL admissible across goals. */
static long best_goal(dmc_atg *g, int k, int *stop)
{
	int pending = NEVER;
	/* goals hold from the layer they are found at on (goal_holds) */
	while (g->g_next < g->m->ngoals && g->g_layer[g->g_by_extra[g->g_next]] <= k)
		g->g_next++;
	if (g->g_next < g->m->ngoals)
		pending = extra_steps(g->m, g->g_by_extra[g->g_next]);
	*stop = g->best != NEVER && (pending == NEVER || g->best <= (long)k + 1 + pending);
	return g->best;
}

static int finish(dmc_atg *g, int k, long best)
{
	g->top = k;
	g->built = 1;
	g->result = best >= NEVER ? DMC_ATG_INF : (int)best;
	return g->result;
}

/* Layer 0 from s, then layer after layer to the best goal or the
 * fixpoint (atg_impl.h) */
int atg_build_layers(dmc_atg *g, const dmc_astate *s)
{
	int k = 0, stop, grown;
	long best;
	g->planned = 0;
	layer0(g, s);
	for (;;) {
		best = best_goal(g, k, &stop);
		if (stop)
			return finish(g, k, best);
		g->nnew = g->ntouched = 0;
		/* a two-step pair enabled at k completes at k + 2: applied at the
		 * next layer (its effects then read V_k+1, a superset: sound) */
		int nlater_next = 0, *swap;
		for (int i = 0; i < g->napply; i++) {
			int a = g->apply[i];
			if (steps(g, a) == 2) {
				if (g->as[a].lmark != k) {
					g->as[a].lmark = k;
					g->later_next[nlater_next++] = a;
				}
			} else
				apply_action(g, a, k);
		}
		for (int i = 0; i < g->nlater; i++)
			apply_action(g, g->later[i], k);
		swap = g->later;
		g->later = g->later_next;
		g->later_next = swap;
		g->nlater = nlater_next;
		grown = 0;
		for (int i = 0; i < g->ntouched; i++)
			grown |= g->grew[g->vtouched[i]];
		if (!g->nnew && !grown && !g->nlater)  /* the fixpoint */
			return finish(g, k, best);
		if (k + 1 > g->maxlayer)               /* cannot happen; a lower bound */
			return finish(g, k, best != NEVER ? best : k + 1);
		commit(g, ++k);
	}
}

int dmc_atg_hL(dmc_atg *g, const dmc_astate *s)
{
	return atg_build_layers(g, s);
}
