// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * state_view.h -- a state as heuristics read it.
 *
 * A heuristic's eval() gets the state to estimate as a view: a table of
 * readers and the state they read.  dmc_view_now() is pan's current
 * state (through runtime/bridge.h); a view of any other state -- a
 * state of the unit tests' fake model, an abstract state -- is the same
 * readers over other data, so a heuristic never needs to know whose
 * state it estimates.  The static model (types, transitions, variable
 * handles) is read through bridge.h directly: it is the same for every
 * state.
 */
#ifndef DMC_STATE_VIEW_H
#define DMC_STATE_VIEW_H

#include "bridge.h"

typedef struct dmc_view_ops {
	int (*nprocs)(const void *st);
	int (*proc_type)(const void *st, int pid);
	int (*proc_state)(const void *st, int pid);
	/* see dmc_br_rendezvous_pending */
	int (*rendezvous_pending)(const void *st, int *pid, int *state);
	/* see dmc_br_var_read, dmc_br_chan, dmc_br_chan_nfields, dmc_br_chan_field */
	int (*var_read)(const void *st, const dmc_var *v, int pid, long index, long *val);
	int (*chan)(const void *st, long chan_id, int *len, int *cap);
	int (*chan_nfields)(const void *st, long chan_id);
	int (*chan_field)(const void *st, long chan_id, int slot, int fld, long *val);
	/* see dmc_br_vars_read; NULL: one var_read each */
	void (*vars_read)(const void *st, int n, const dmc_var *vs, const int *pid, const long *idx,
	                  long *val, unsigned char *ok);
	/* see dmc_br_zone; NULL: no zone known */
	int (*zone)(const void *st, const int **d);
} dmc_view_ops;

typedef struct dmc_state_view {
	const dmc_view_ops *ops;
	const void *st;               /* the state; NULL for pan's current one */
} dmc_state_view;

/* pan's current state */
const dmc_state_view *dmc_view_now(void);

static inline int dmc_view_nprocs(const dmc_state_view *v)
{
	return v->ops->nprocs(v->st);
}
static inline int dmc_view_proc_type(const dmc_state_view *v, int pid)
{
	return v->ops->proc_type(v->st, pid);
}
static inline int dmc_view_proc_state(const dmc_state_view *v, int pid)
{
	return v->ops->proc_state(v->st, pid);
}
static inline int dmc_view_rendezvous_pending(const dmc_state_view *v, int *pid, int *state)
{
	return v->ops->rendezvous_pending(v->st, pid, state);
}
static inline int dmc_view_var_read(const dmc_state_view *v, const dmc_var *var, int pid,
                                    long index, long *val)
{
	return v->ops->var_read(v->st, var, pid, index, val);
}
static inline void dmc_view_vars_read(const dmc_state_view *v, int n, const dmc_var *vs,
                                      const int *pid, const long *idx, long *val,
                                      unsigned char *ok)
{
	if (v->ops->vars_read) {
		v->ops->vars_read(v->st, n, vs, pid, idx, val, ok);
		return;
	}
	for (int i = 0; i < n; i++)
		ok[i] = v->ops->var_read(v->st, &vs[i], pid[i], idx[i], &val[i]) == 0;
}
static inline int dmc_view_chan(const dmc_state_view *v, long chan_id, int *len, int *cap)
{
	return v->ops->chan(v->st, chan_id, len, cap);
}
static inline int dmc_view_zone(const dmc_state_view *v, const int **d)
{
	return v->ops->zone ? v->ops->zone(v->st, d) : 0;
}
static inline int dmc_view_chan_nfields(const dmc_state_view *v, long chan_id)
{
	return v->ops->chan_nfields(v->st, chan_id);
}
static inline int dmc_view_chan_field(const dmc_state_view *v, long chan_id, int slot, int fld,
                                      long *val)
{
	return v->ops->chan_field(v->st, chan_id, slot, fld, val);
}

#endif
