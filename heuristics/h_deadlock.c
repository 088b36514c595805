/*
 * h_deadlock.c -- aim at invalid end states: h = number of processes
 * that may still move.
 *
 * A process may move when its current control state has a transition
 * that is always executable (dmc_expr_guard_of gives NULL: assignments,
 * else, timeout, rendezvous, ...) or whose guard is true or cannot be
 * evaluated.  "-end-" (a finished process leaving) does not count: a
 * finished process cannot prevent a deadlock.  The never claim does not
 * count either.  h = 0 is a candidate deadlock.  Not admissible: a state
 * where many processes can move may be one step from a deadlock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "expr.h"
#include "heuristic.h"

/* Per (type, state) slot, off[type] + state: the guards of its
 * transitions are guards[first[slot] .. first[slot+1]). */
static int ntypes, claim;
static int *nstates, *off, *first;
static unsigned char *always;         /* per slot: some transition needs no guard */
static dmc_expr **guards;
static int nguards;

static void done(void)
{
	for (int i = 0; i < nguards; i++)
		dmc_expr_free(guards[i]);
	free(guards);
	free(nstates);
	free(off);
	free(first);
	free(always);
	guards = NULL;
	nstates = off = first = NULL;
	always = NULL;
	ntypes = nguards = 0;
}

static int init(const dmc_targets *tg, char *err, size_t errlen)
{
	int nslots = 0, ntrans = 0;
	dmc_trans tr;

	done();
	if (!tg->deadlock) {
		snprintf(err, errlen, "the deadlock heuristic needs deadlock targets (--target deadlock)");
		return -1;
	}
	ntypes = dmc_br_ntypes();
	claim = dmc_br_claim_type();
	nstates = calloc((size_t)ntypes + 1, sizeof *nstates);
	off = calloc((size_t)ntypes + 1, sizeof *off);
	if (!nstates || !off)
		goto oom;
	for (int t = 0; t < ntypes; t++) {
		nstates[t] = dmc_br_nstates(t);
		off[t] = nslots;
		nslots += nstates[t];
		for (int s = 0; s < nstates[t]; s++)
			ntrans += dmc_br_ntrans(t, s);
	}
	first = calloc((size_t)nslots + 1, sizeof *first);
	always = calloc((size_t)nslots + 1, 1);
	guards = calloc((size_t)ntrans + 1, sizeof *guards);
	if (!first || !always || !guards)
		goto oom;
	for (int t = 0; t < ntypes; t++)
		for (int s = 0; s < nstates[t]; s++) {
			int slot = off[t] + s;
			first[slot] = nguards;
			for (int k = 0; k < dmc_br_ntrans(t, s) && !always[slot]; k++) {
				dmc_br_trans(t, s, k, &tr);
				if (strcmp(tr.text, "-end-") == 0)
					continue;
				dmc_expr *g = dmc_expr_guard_of(tr.text, t);
				if (g)
					guards[nguards++] = g;
				else
					always[slot] = 1;
			}
		}
	first[nslots] = nguards;
	return 0;
oom:
	done();
	snprintf(err, errlen, "deadlock heuristic: out of memory");
	return -1;
}

static int may_move(int pid, int t, int s)
{
	int slot = off[t] + s;
	long v;
	if (always[slot])
		return 1;
	for (int i = first[slot]; i < first[slot + 1]; i++)
		if (dmc_expr_eval(guards[i], pid, &v) != 0 || v != 0)
			return 1;
	return 0;
}

static int eval(void)
{
	int h = 0;
	for (int pid = 0; pid < dmc_br_nprocs(); pid++) {
		int t = dmc_br_proc_type(pid), s = dmc_br_proc_state(pid);
		if (t == claim)
			continue;
		if (t < 0 || t >= ntypes || s < 0 || s >= nstates[t])
			h++;              /* cannot tell: assume it can move */
		else
			h += may_move(pid, t, s);
	}
	return h;
}

const dmc_heuristic dmc_h_deadlock = {
	"deadlock", "number of processes that may still move (aims at invalid end states)",
	0, 0, init, eval, done, NULL
};
