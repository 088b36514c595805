// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * ndfs_guide.c -- the order in which the nested DFS tries successors
 * (seed 003, section 5: direct the outer search toward accepting states
 * and the nested search toward the seed, with the FSM or the Hamming
 * distance).
 *
 *   outer (-a):  min over processes of the distance, in the process's own
 *                automaton (pan's transition table), from its control
 *                state to an accept-labelled state: the claim's distance
 *                to acceptance for never claims and ltl formulas;
 *   outer (-l):  0 for states committed to a non-progress cycle, else 1;
 *   inner fsm:   sum over processes of the automaton distance from the
 *                control state to the seed's (the FSM distance), ties
 *                broken by the Hamming distance;
 *   inner hamming: bytes of the state vector that differ from the seed.
 * The distances ignore data and other processes, so they only order
 * successors: the search stays complete whatever they say.
 */
#include <stdlib.h>
#include <string.h>
#include "ndfs.h"
#include "bridge.h"
#include "runtime.h"
#include "grow.h"

#define FAR 1000                  /* automaton distance when not reachable */
#define APSP_MAX 400              /* control states per type for all pairs */

struct dmc_guide {
	int mode, cycles, ntypes;
	int **dacc;               /* [type][state]: distance to an accept state */
	int **apsp;               /* [type][from * n + to], NULL when too large */
	int *seed_state;          /* the seed's control state per pid */
	size_t nseed, seed_cap;
	double bytes;
};

/* Distances from src (forward) in type's automaton into out[0..n). */
static void bfs_from(int type, int n, int src, int *out, int *queue)
{
	for (int i = 0; i < n; i++)
		out[i] = FAR;
	int head = 0, tail = 0;
	out[src] = 0;
	queue[tail++] = src;
	while (head < tail) {
		int s = queue[head++];
		int m = dmc_br_ntrans(type, s);
		for (int k = 0; k < m; k++) {
			dmc_trans t;
			dmc_br_trans(type, s, k, &t);
			if (t.to > 0 && t.to < n && out[t.to] == FAR) {
				out[t.to] = out[s] + 1;
				queue[tail++] = t.to;
			}
		}
	}
}

dmc_guide *dmc_guide_new(int m, int cyc)
{
	dmc_guide *G = calloc(1, sizeof *G);
	if (!G)
		return NULL;
	G->cycles = cyc;
	G->mode = m;
	if (!G->mode)
		return G;
	G->ntypes = dmc_br_ntypes();
	G->dacc = calloc((size_t) G->ntypes, sizeof *G->dacc);
	G->apsp = calloc((size_t) G->ntypes, sizeof *G->apsp);
	if (!G->dacc || !G->apsp)
		dmc_rt_out_of_memory("nested DFS guidance", (size_t) G->ntypes * sizeof *G->dacc);
	for (int t = 0; t < G->ntypes; t++) {
		int n = dmc_br_nstates(t);
		if (n <= 0)
			continue;
		int *d = malloc((size_t) n * sizeof *d), *q = malloc((size_t) n * sizeof *q);
		int *all = n <= APSP_MAX ? malloc((size_t) n * n * sizeof *all) : NULL;
		int *row = malloc((size_t) n * sizeof *row);
		if (!d || !q || !row || (n <= APSP_MAX && !all))
			dmc_rt_out_of_memory("nested DFS guidance", (size_t) n * n * sizeof *all);
		for (int s = 0; s < n; s++)
			d[s] = FAR;
		for (int s = 0; s < n; s++) {
			bfs_from(t, n, s, row, q);
			if (all)
				memcpy(all + (size_t) s * n, row, (size_t) n * sizeof *row);
			for (int a = 0; a < n; a++)
				if ((dmc_br_labels(t, a) & DMC_LBL_ACCEPT) && row[a] < d[s])
					d[s] = row[a];
		}
		free(row);
		free(q);
		G->dacc[t] = d;
		G->apsp[t] = all;
		G->bytes += (double) n * sizeof *d + (all ? (double) n * n * sizeof *all : 0);
	}
	return G;
}

int dmc_guide_outer(const dmc_guide *G)
{
	if (G->cycles == 2)
		return dmc_br_live_accepting() ? 0 : 1;
	int best = FAR;
	for (int pid = 0; pid < dmc_br_nprocs(); pid++) {
		int t = dmc_br_proc_type(pid), s = dmc_br_proc_state(pid);
		if (t >= 0 && t < G->ntypes && G->dacc && G->dacc[t] && s >= 0 && s < dmc_br_nstates(t)
		    && G->dacc[t][s] < best)
			best = G->dacc[t][s];
	}
	return best;
}

void dmc_guide_set_seed(dmc_guide *G, void *seed_item)
{
	if (!G->mode)
		return;
	G->nseed = 0;
	for (int pid = 0;; pid++) {
		int s = dmc_br_item_proc_state(seed_item, pid);
		if (s < 0)
			break;
		DMC_NEED(G->seed_state, G->seed_cap, G->nseed + 1, "nested DFS, the seed's states");
		G->seed_state[G->nseed++] = s;
	}
}

int dmc_guide_inner(const dmc_guide *G, int *tie)
{
	int ham = dmc_br_hamming_to_seed();
	if (G->mode == 2) {
		*tie = 0;
		return ham;
	}
	int sum = 0, np = dmc_br_nprocs();
	for (int pid = 0; pid < np && (size_t) pid < G->nseed; pid++) {
		int t = dmc_br_proc_type(pid), s = dmc_br_proc_state(pid), n;
		if (t < 0 || t >= G->ntypes || !G->apsp || !G->apsp[t])
			continue;
		n = dmc_br_nstates(t);
		if (s >= 0 && s < n && G->seed_state[pid] >= 0 && G->seed_state[pid] < n)
			sum += G->apsp[t][(size_t) s * n + G->seed_state[pid]];
	}
	*tie = ham;
	return sum;
}

double dmc_guide_bytes(const dmc_guide *G)
{
	return G->bytes;
}

void dmc_guide_free(dmc_guide *G)
{
	if (!G)
		return;
	for (int t = 0; t < G->ntypes; t++) {
		if (G->dacc)
			free(G->dacc[t]);
		if (G->apsp)
			free(G->apsp[t]);
	}
	free(G->dacc);
	free(G->apsp);
	free(G->seed_state);
	free(G);
}
