// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_dist.c -- dL and dU: control-flow distance to the target locations.
 *
 * At init, a backward breadth-first search over each proctype's
 * transition graph (guards ignored, one step per transition) gives, for
 * every goal location, the distance from every control state to it.
 * A process instance "covers" a location at distance dist[its state];
 * a type that some `run` can create also offers a fresh instance at
 * dist[start] + 1 (the run itself is a step).  For a goal:
 *     dL = max over its locations of the best candidate, dU = sum;
 * plus extra_steps; h = min over goals.  DMC_H_INF when every goal has a
 * location no candidate can reach (and deadlocks are not a target).
 *
 * One-location goals for "any instance", all the targets module makes,
 * are folded at init into one table per type: best[state] = min over
 * those goals of dist + extra, so eval is one lookup per process.  Other
 * goals keep a distance array per location.  eval allocates nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "heuristic.h"

#define INF DMC_H_INF

typedef struct {
	int type, pid;
	int *dist;                    /* per state of type */
} dloc;

typedef struct {
	int first, nlocs, extra;      /* locs[first .. first+nlocs) */
} dgoal;

typedef struct {
	int sum;                      /* dU: sum over locations; dL: max */
	int never_inf;                /* a goal without location exists: no INF */
	int ntypes;
	int *nstates, *start, *off;   /* per type; off into best */
	int *best;                    /* folded one-location goals */
	unsigned char *has_best;      /* per type: best holds something */
	unsigned char *spawnable;     /* per type: some `run` creates it */
	int ngoals, nlocs;
	dgoal *goals;                 /* the goals that are not folded */
	dloc *locs;
	int const_h;                  /* min extra_steps of goals without location */
} dist_state;

/* ---- the transition graph, backwards ---- */

typedef struct {
	int n;
	int *first;                   /* preds of s: pred[first[s] .. first[s+1]) */
	int *pred;
} rgraph;

static void rgraph_free(rgraph *g)
{
	free(g->first);
	free(g->pred);
	memset(g, 0, sizeof *g);
}

static int rgraph_build(int type, rgraph *g)
{
	dmc_trans tr;
	int n = dmc_br_nstates(type), m = 0;
	g->n = n;
	g->first = calloc((size_t)n + 2, sizeof *g->first);
	if (!g->first)
		return -1;
	for (int s = 0; s < n; s++)       /* count in first[to + 2], then prefix sums */
		for (int k = 0; k < dmc_br_ntrans(type, s); k++) {
			dmc_br_trans(type, s, k, &tr);
			if (tr.to >= 0 && tr.to < n) {
				g->first[tr.to + 2]++;
				m++;
			}
		}
	for (int s = 2; s <= n + 1; s++)
		g->first[s] += g->first[s - 1];
	g->pred = malloc(((size_t)m + 1) * sizeof *g->pred);
	if (!g->pred)
		return -1;
	for (int s = 0; s < n; s++)       /* first[to + 1] is the fill cursor */
		for (int k = 0; k < dmc_br_ntrans(type, s); k++) {
			dmc_br_trans(type, s, k, &tr);
			if (tr.to >= 0 && tr.to < n)
				g->pred[g->first[tr.to + 1]++] = s;
		}
	return 0;
}

/* dist[s] = fewest transitions from s to target (INF if none). */
static void bfs(const rgraph *g, int target, int *dist, int *queue)
{
	int head = 0, tail = 0;
	for (int s = 0; s < g->n; s++)
		dist[s] = INF;
	if (target < 0 || target >= g->n)
		return;
	dist[target] = 0;
	queue[tail++] = target;
	while (head < tail) {
		int s = queue[head++];
		for (int i = g->first[s]; i < g->first[s + 1]; i++) {
			int p = g->pred[i];
			if (dist[p] == INF) {
				dist[p] = dist[s] + 1;
				queue[tail++] = p;
			}
		}
	}
}

/* ---- which types `run` can create ---- */

static int is_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Does text contain "run <name>(" ?  SPIN writes "(run Q(x,1))". */
static int runs(const char *text, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = strstr(text, "run "); p; p = strstr(p + 1, "run ")) {
		if (p > text && is_ident((unsigned char)p[-1]))
			continue;
		const char *q = p + 4;
		while (*q == ' ')
			q++;
		if (strncmp(q, name, n) == 0 && q[n] == '(')
			return 1;
	}
	return 0;
}

static void find_spawnable(dist_state *d)
{
	dmc_trans tr;
	for (int t = 0; t < d->ntypes; t++)
		for (int s = 0; s < d->nstates[t]; s++)
			for (int k = 0; k < dmc_br_ntrans(t, s); k++) {
				dmc_br_trans(t, s, k, &tr);
				for (int u = 0; u < d->ntypes; u++)
					if (!d->spawnable[u] && runs(tr.text, dmc_br_type_name(u)))
						d->spawnable[u] = 1;
			}
}

/* ---- create / free ---- */

static void state_free(dist_state *d)
{
	if (!d)
		return;
	for (int i = 0; i < d->nlocs; i++)
		free(d->locs[i].dist);
	free(d->locs);
	free(d->goals);
	free(d->nstates);
	free(d->start);
	free(d->off);
	free(d->best);
	free(d->has_best);
	free(d->spawnable);
	free(d);
}

static int foldable(const dmc_goal *g)
{
	return g->nlocs == 1 && g->locs[0].pid < 0;
}

static int valid_loc(const dist_state *d, const dmc_loc *l)
{
	return l->type >= 0 && l->type < d->ntypes && l->state >= 0 && l->state < d->nstates[l->type];
}

/* Fills d (zeroed, sum set); on failure the caller frees it. */
static int state_init(dist_state *d, const dmc_targets *tg, char *err, size_t errlen)
{
	rgraph *graphs = NULL;
	int *tmp = NULL, *queue = NULL, total = 0, maxn = 1, located = 0, rc = -1;

	d->ntypes = dmc_br_ntypes();
	d->const_h = INF;
	d->never_inf = tg->deadlock;
	if (tg->deadlock)                 /* a deadlock may be one step away */
		d->const_h = 0;
	for (int i = 0; i < tg->ngoals; i++) {
		located += tg->goals[i].nlocs > 0;
		if (tg->goals[i].nlocs == 0) {
			d->never_inf = 1;
			if (tg->goals[i].extra_steps < d->const_h)
				d->const_h = tg->goals[i].extra_steps;
		}
	}
	if (!located) {
		snprintf(err, errlen, "dL/dU need target locations (asserts or a never claim); the model has none");
		return -1;
	}

	size_t nt = (size_t)d->ntypes + 1;
	d->nstates = calloc(nt, sizeof *d->nstates);
	d->start = calloc(nt, sizeof *d->start);
	d->off = calloc(nt, sizeof *d->off);
	d->has_best = calloc(nt, 1);
	d->spawnable = calloc(nt, 1);
	graphs = calloc(nt, sizeof *graphs);
	if (!d->nstates || !d->start || !d->off || !d->has_best || !d->spawnable || !graphs)
		goto out;
	for (int t = 0; t < d->ntypes; t++) {
		d->nstates[t] = dmc_br_nstates(t);
		d->start[t] = dmc_br_start_state(t);
		d->off[t] = total;
		total += d->nstates[t];
		if (d->nstates[t] > maxn)
			maxn = d->nstates[t];
		if (rgraph_build(t, &graphs[t]) < 0)
			goto out;
	}
	find_spawnable(d);
	d->best = malloc(((size_t)total + 1) * sizeof *d->best);
	tmp = malloc((size_t)maxn * sizeof *tmp);
	queue = malloc((size_t)maxn * sizeof *queue);
	d->goals = calloc((size_t)tg->ngoals + 1, sizeof *d->goals);
	if (!d->best || !tmp || !queue || !d->goals)
		goto out;
	for (int i = 0; i < total; i++)
		d->best[i] = INF;

	for (int i = 0; i < tg->ngoals; i++) {
		const dmc_goal *g = &tg->goals[i];
		if (g->nlocs == 0)
			continue;
		if (foldable(g)) {
			const dmc_loc *l = &g->locs[0];
			if (!valid_loc(d, l))
				continue;         /* a location that does not exist: unreachable */
			int *best = d->best + d->off[l->type];
			bfs(&graphs[l->type], l->state, tmp, queue);
			for (int s = 0; s < d->nstates[l->type]; s++)
				if (tmp[s] != INF && tmp[s] + g->extra_steps < best[s])
					best[s] = tmp[s] + g->extra_steps;
			d->has_best[l->type] = 1;
			continue;
		}
		dloc *more = realloc(d->locs, ((size_t)d->nlocs + g->nlocs) * sizeof *more);
		if (!more)
			goto out;
		d->locs = more;
		dgoal *dg = &d->goals[d->ngoals++];
		dg->first = d->nlocs;
		dg->nlocs = g->nlocs;
		dg->extra = g->extra_steps;
		for (int k = 0; k < g->nlocs; k++) {
			const dmc_loc *l = &g->locs[k];
			dloc *dl = &d->locs[d->nlocs++];
			dl->type = valid_loc(d, l) ? l->type : -1;
			dl->pid = l->pid;
			dl->dist = NULL;
			if (dl->type < 0)
				continue;         /* never reachable */
			if (!(dl->dist = malloc((size_t)d->nstates[l->type] * sizeof *dl->dist)))
				goto out;
			bfs(&graphs[l->type], l->state, dl->dist, queue);
		}
	}
	rc = 0;
out:
	for (int t = 0; graphs && t < d->ntypes; t++)
		rgraph_free(&graphs[t]);
	free(graphs);
	free(tmp);
	free(queue);
	if (rc < 0)
		snprintf(err, errlen, "dL/dU: out of memory");
	return rc;
}

/* ---- eval ---- */

static long min_l(long a, long b) { return a < b ? a : b; }

/* a + b for 0 <= a, b < INF, kept below INF */
static long add_fin(long a, long b) { return a > INF - 1 - b ? INF - 1 : a + b; }

/* Best distance of any candidate process to location l. */
static long loc_dist(const dist_state *d, const dmc_state_view *sv, const dloc *l, int nprocs)
{
	long best = INF;
	if (l->type < 0)
		return INF;
	for (int pid = l->pid < 0 ? 0 : l->pid; pid < nprocs; pid++) {
		if (dmc_view_proc_type(sv, pid) == l->type) {
			int s = dmc_view_proc_state(sv, pid);
			best = min_l(best, s >= 0 && s < d->nstates[l->type] ? l->dist[s] : 0);
		}
		if (l->pid >= 0)
			break;
	}
	if (d->spawnable[l->type] && (l->pid < 0 || l->pid >= nprocs)) {
		long fresh = l->dist[d->start[l->type]];
		if (fresh != INF)
			best = min_l(best, fresh + 1);
	}
	return best;
}

static int state_eval(const dist_state *d, const dmc_state_view *sv)
{
	int nprocs = dmc_view_nprocs(sv);
	long h = d->const_h;

	for (int pid = 0; pid < nprocs; pid++) {
		int t = dmc_view_proc_type(sv, pid), s = dmc_view_proc_state(sv, pid);
		if (t < 0 || t >= d->ntypes || !d->has_best[t])
			continue;
		h = min_l(h, s >= 0 && s < d->nstates[t] ? d->best[d->off[t] + s] : 0);
	}
	for (int t = 0; t < d->ntypes; t++)
		if (d->has_best[t] && d->spawnable[t]) {
			long fresh = d->best[d->off[t] + d->start[t]];
			if (fresh != INF)
				h = min_l(h, fresh + 1);
		}
	for (int i = 0; i < d->ngoals; i++) {
		const dgoal *g = &d->goals[i];
		long v = 0;
		for (int k = 0; k < g->nlocs && v != INF; k++) {
			long lv = loc_dist(d, sv, &d->locs[g->first + k], nprocs);
			v = lv == INF ? INF : d->sum ? add_fin(v, lv) : (lv > v ? lv : v);
		}
		if (v != INF)
			h = min_l(h, add_fin(v, g->extra));
	}
	if (h >= INF)
		return d->never_inf ? INF - 1 : INF;
	return (int)h;
}

static void *create(int sum, const dmc_targets *tg, char *err, size_t errlen)
{
	dist_state *d = calloc(1, sizeof *d);
	if (!d) {
		snprintf(err, errlen, "dL/dU: out of memory");
		return NULL;
	}
	d->sum = sum;
	if (state_init(d, tg, err, errlen) < 0) {
		state_free(d);
		return NULL;
	}
	return d;
}

static void *create_L(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	(void)opts;
	return create(0, tg, err, errlen);
}

static void *create_U(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	(void)opts;
	return create(1, tg, err, errlen);
}

static int eval(void *self, const dmc_state_view *sv) { return state_eval(self, sv); }
static void free_dist(void *self) { state_free(self); }

const dmc_heuristic dmc_h_dL = {
	.name = "dL",
	.summary = "control-flow distance to the target locations, max over a goal's locations (admissible)",
	.admissible = 1, .proves_dead_ends = 1,
	.create = create_L, .eval = eval, .free = free_dist
};

const dmc_heuristic dmc_h_dU = {
	.name = "dU", .summary = "control-flow distance to the target locations, sum over a goal's locations",
	.admissible = 0, .proves_dead_ends = 1,
	.create = create_U, .eval = eval, .free = free_dist
};
