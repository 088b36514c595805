// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * absmodel_reduce.c -- the abstract transitions a local transition's
 * reduced system removes (absmodel_reduce.h).
 */
#include <stdlib.h>
#include <string.h>
#include "absmodel_reduce.h"

static int reads(const dmc_aexpr *e, const unsigned char *written)
{
	for (; e; e = e->b) {
		if (e->op == DMC_AE_VAR && written[e->var])
			return 1;
		if (reads(e->a, written) || reads(e->c, written))
			return 1;
	}
	return 0;
}

/* Whether t's guard, right-hand sides, channel, sent values or matched
 * values read a variable marked in written.  An assignment of "any
 * value" (rhs NULL) reads nothing. */
static int trans_reads(const dmc_atrans *t, const unsigned char *written)
{
	if (reads(t->guard, written) || reads(t->chan, written))
		return 1;
	for (int k = 0; k < t->nassign; k++)
		if (reads(t->assign[k].rhs, written))
			return 1;
	for (int k = 0; k < t->nmsg; k++)
		if ((t->msg && reads(t->msg[k], written))
		    || (t->match && reads(t->match[k].value, written)))
			return 1;
	return 0;
}

static void mark_writes(const dmc_atrans *t, unsigned char *written, int nvars)
{
	for (int k = 0; k < t->nassign; k++)
		if (t->assign[k].var >= 0 && t->assign[k].var < nvars)
			written[t->assign[k].var] = 1;
	for (int k = 0; t->sync == DMC_SYNC_RECV && t->recv_var && k < t->nmsg; k++)
		if (t->recv_var[k] >= 0 && t->recv_var[k] < nvars)
			written[t->recv_var[k]] = 1;
}

int dmc_areduce(const dmc_amodel *m, int proc, int from, int id, int *out)
{
	int n = 0;
	unsigned char *written = calloc((size_t) m->nvars + 1, 1);
	unsigned char *to = calloc(proc >= 0 && proc < m->nprocs ? (size_t) m->procs[proc].nlocs + 1 : 1, 1);
	unsigned char *own = calloc((size_t) m->ntrans + 1, 1);
	if (!written || !to || !own)
		goto done;                /* out of memory: nothing removed */
	for (int t = 0; t < m->ntrans; t++) {
		const dmc_atrans *a = &m->trans[t];
		if (a->proc != proc || a->from != from || a->id != id)
			continue;
		own[t] = 1;
		mark_writes(a, written, m->nvars);
		if (a->to >= 0 && a->to < m->procs[proc].nlocs)
			to[a->to] = 1;
	}
	for (int t = 0; t < m->ntrans; t++) {
		const dmc_atrans *a = &m->trans[t];
		int same_to = a->proc == proc && a->to >= 0 && a->to < m->procs[proc].nlocs && to[a->to];
		if (own[t] || same_to || trans_reads(a, written))
			out[n++] = t;
	}
	/* nothing of (proc, from, id): nothing is removed */
	int found = 0;
	for (int t = 0; t < m->ntrans && !found; t++)
		found = own[t];
	if (!found)
		n = 0;
done:
	free(written);
	free(to);
	free(own);
	return n;
}
