// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * state_view.c -- pan's current state as a view (state_view.h): the
 * readers are bridge.h's, which read pan's `now`.
 */
#include "state_view.h"

static int now_nprocs(const void *st)
{
	(void) st;
	return dmc_br_nprocs();
}

static int now_proc_type(const void *st, int pid)
{
	(void) st;
	return dmc_br_proc_type(pid);
}

static int now_proc_state(const void *st, int pid)
{
	(void) st;
	return dmc_br_proc_state(pid);
}

static int now_rendezvous_pending(const void *st, int *pid, int *state)
{
	(void) st;
	return dmc_br_rendezvous_pending(pid, state);
}

static int now_var_read(const void *st, const dmc_var *v, int pid, long index, long *val)
{
	(void) st;
	return dmc_br_var_read(v, pid, index, val);
}

static int now_chan(const void *st, long chan_id, int *len, int *cap)
{
	(void) st;
	return dmc_br_chan(chan_id, len, cap);
}

static int now_chan_nfields(const void *st, long chan_id)
{
	(void) st;
	return dmc_br_chan_nfields(chan_id);
}

static int now_chan_field(const void *st, long chan_id, int slot, int fld, long *val)
{
	(void) st;
	return dmc_br_chan_field(chan_id, slot, fld, val);
}

static void now_vars_read(const void *st, int n, const dmc_var *vs, const int *pid,
                          const long *idx, long *val, unsigned char *ok)
{
	(void) st;
	dmc_br_vars_read(n, vs, pid, idx, val, ok);
}

static int now_zone(const void *st, const int **d)
{
	(void) st;
	return dmc_br_zone(d);
}

static const dmc_view_ops now_ops = {
	now_nprocs, now_proc_type, now_proc_state, now_rendezvous_pending,
	now_var_read, now_chan, now_chan_nfields, now_chan_field, now_vars_read, now_zone,
};

static const dmc_state_view now_view = { &now_ops, 0 };

const dmc_state_view *dmc_view_now(void)
{
	return &now_view;
}
