// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
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
typedef struct {
	int ntypes, claim;
	int *nstates, *off, *first;
	unsigned char *always;        /* per slot: some transition needs no guard */
	dmc_expr **guards;
	int nguards;
} dl_inst;

static void free_deadlock(void *self)
{
	dl_inst *d = self;
	if (!d)
		return;
	for (int i = 0; i < d->nguards; i++)
		dmc_expr_free(d->guards[i]);
	free(d->guards);
	free(d->nstates);
	free(d->off);
	free(d->first);
	free(d->always);
	free(d);
}

static void *create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	int nslots = 0, ntrans = 0;
	dmc_trans tr;
	dl_inst *d;

	(void)opts;
	if (!tg->deadlock) {
		snprintf(err, errlen, "the deadlock heuristic needs deadlock targets (--target deadlock)");
		return NULL;
	}
	if (!(d = calloc(1, sizeof *d)))
		goto oom;
	d->ntypes = dmc_br_ntypes();
	d->claim = dmc_br_claim_type();
	d->nstates = calloc((size_t)d->ntypes + 1, sizeof *d->nstates);
	d->off = calloc((size_t)d->ntypes + 1, sizeof *d->off);
	if (!d->nstates || !d->off)
		goto oom;
	for (int t = 0; t < d->ntypes; t++) {
		d->nstates[t] = dmc_br_nstates(t);
		d->off[t] = nslots;
		nslots += d->nstates[t];
		for (int s = 0; s < d->nstates[t]; s++)
			ntrans += dmc_br_ntrans(t, s);
	}
	d->first = calloc((size_t)nslots + 1, sizeof *d->first);
	d->always = calloc((size_t)nslots + 1, 1);
	d->guards = calloc((size_t)ntrans + 1, sizeof *d->guards);
	if (!d->first || !d->always || !d->guards)
		goto oom;
	for (int t = 0; t < d->ntypes; t++)
		for (int s = 0; s < d->nstates[t]; s++) {
			int slot = d->off[t] + s;
			d->first[slot] = d->nguards;
			for (int k = 0; k < dmc_br_ntrans(t, s) && !d->always[slot]; k++) {
				dmc_br_trans(t, s, k, &tr);
				if (strcmp(tr.text, "-end-") == 0)
					continue;
				dmc_expr *g = dmc_expr_guard_of(tr.text, t);
				if (g)
					d->guards[d->nguards++] = g;
				else
					d->always[slot] = 1;
			}
		}
	d->first[nslots] = d->nguards;
	return d;
oom:
	free_deadlock(d);
	snprintf(err, errlen, "deadlock heuristic: out of memory");
	return NULL;
}

static int may_move(const dl_inst *d, const dmc_state_view *sv, int pid, int t, int s)
{
	int slot = d->off[t] + s;
	long v;
	if (d->always[slot])
		return 1;
	for (int i = d->first[slot]; i < d->first[slot + 1]; i++)
		if (dmc_expr_eval(d->guards[i], sv, pid, &v) != 0 || v != 0)
			return 1;
	return 0;
}

static int eval(void *self, const dmc_state_view *sv)
{
	const dl_inst *d = self;
	int h = 0;
	for (int pid = 0; pid < dmc_view_nprocs(sv); pid++) {
		int t = dmc_view_proc_type(sv, pid), s = dmc_view_proc_state(sv, pid);
		if (t == d->claim)
			continue;
		if (t < 0 || t >= d->ntypes || s < 0 || s >= d->nstates[t])
			h++;              /* cannot tell: assume it can move */
		else
			h += may_move(d, sv, pid, t, s);
	}
	return h;
}

const dmc_heuristic dmc_h_deadlock = {
	.name = "deadlock", .summary = "number of processes that may still move (aims at invalid end states)",
	.admissible = 0, .proves_dead_ends = 0,
	.create = create, .eval = eval, .free = free_deadlock
};
