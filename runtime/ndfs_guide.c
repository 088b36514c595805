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

#define FAR 1000                  /* automaton distance when not reachable */
#define APSP_MAX 400              /* control states per type for all pairs */

static int mode, cycles, ntypes;
static int **dacc;                /* [type][state]: distance to an accept state */
static int **apsp;                /* [type][from * n + to], NULL when too large */
static int *seed_state;           /* the seed's control state per pid */
static int nseed, seed_cap;
static double bytes;

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

int dmc_guide_init(int m, int cyc, char *err, size_t errlen)
{
	cycles = cyc;
	(void) err; (void) errlen;
	mode = m;
	if (!mode)
		return 0;
	ntypes = dmc_br_ntypes();
	dacc = calloc((size_t) ntypes, sizeof *dacc);
	apsp = calloc((size_t) ntypes, sizeof *apsp);
	if (!dacc || !apsp)
		return 0;                 /* no guidance: still complete */
	for (int t = 0; t < ntypes; t++) {
		int n = dmc_br_nstates(t);
		if (n <= 0)
			continue;
		int *d = malloc((size_t) n * sizeof *d), *q = malloc((size_t) n * sizeof *q);
		int *all = n <= APSP_MAX ? malloc((size_t) n * n * sizeof *all) : NULL;
		if (!d || !q) {
			free(d); free(q); free(all);
			continue;
		}
		for (int s = 0; s < n; s++)
			d[s] = FAR;
		int *row = malloc((size_t) n * sizeof *row);
		for (int s = 0; row && s < n; s++) {
			bfs_from(t, n, s, row, q);
			if (all)
				memcpy(all + (size_t) s * n, row, (size_t) n * sizeof *row);
			for (int a = 0; a < n; a++)
				if ((dmc_br_labels(t, a) & DMC_LBL_ACCEPT) && row[a] < d[s])
					d[s] = row[a];
		}
		free(row);
		free(q);
		dacc[t] = d;
		apsp[t] = all;
		bytes += (double) n * sizeof *d + (all ? (double) n * n * sizeof *all : 0);
	}
	return 0;
}

int dmc_guide_outer(void)
{
	if (cycles == 2)
		return dmc_br_live_accepting() ? 0 : 1;
	int best = FAR;
	for (int pid = 0; pid < dmc_br_nprocs(); pid++) {
		int t = dmc_br_proc_type(pid), s = dmc_br_proc_state(pid);
		if (t >= 0 && t < ntypes && dacc && dacc[t] && s >= 0 && s < dmc_br_nstates(t)
		    && dacc[t][s] < best)
			best = dacc[t][s];
	}
	return best;
}

void dmc_guide_set_seed(void *seed_item)
{
	if (!mode)
		return;
	nseed = 0;
	for (int pid = 0;; pid++) {
		int s = dmc_br_item_proc_state(seed_item, pid);
		if (s < 0)
			break;
		if (nseed == seed_cap) {
			int c = seed_cap ? 2 * seed_cap : 16;
			int *p = realloc(seed_state, (size_t) c * sizeof *p);
			if (!p)
				break;
			seed_state = p;
			seed_cap = c;
		}
		seed_state[nseed++] = s;
	}
}

int dmc_guide_inner(int *tie)
{
	int ham = dmc_br_hamming_to_seed();
	if (mode == 2) {
		*tie = 0;
		return ham;
	}
	int sum = 0, np = dmc_br_nprocs();
	for (int pid = 0; pid < np && pid < nseed; pid++) {
		int t = dmc_br_proc_type(pid), s = dmc_br_proc_state(pid), n;
		if (t < 0 || t >= ntypes || !apsp || !apsp[t])
			continue;
		n = dmc_br_nstates(t);
		if (s >= 0 && s < n && seed_state[pid] >= 0 && seed_state[pid] < n)
			sum += apsp[t][(size_t) s * n + seed_state[pid]];
	}
	*tie = ham;
	return sum;
}

double dmc_guide_bytes(void)
{
	return bytes;
}

void dmc_guide_free(void)
{
	for (int t = 0; t < ntypes; t++) {
		if (dacc)
			free(dacc[t]);
		if (apsp)
			free(apsp[t]);
	}
	free(dacc);
	free(apsp);
	free(seed_state);
	dacc = apsp = NULL;
	seed_state = NULL;
	nseed = seed_cap = 0;
	mode = ntypes = 0;
	bytes = 0;
}
