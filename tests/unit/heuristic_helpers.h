// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * heuristic_helpers.h -- one instance of a heuristic, made, evaluated
 * once and freed, for the unit tests.
 */
#ifndef DMC_TEST_HEURISTIC_HELPERS_H
#define DMC_TEST_HEURISTIC_HELPERS_H

#include "heuristic.h"

/* 1 when h refuses targets t (its reason in err). */
static inline int th_refuses(const dmc_heuristic *h, const dmc_targets *t, char *err, size_t n)
{
	dmc_heuristic_opts o = dmc_heuristic_default_opts();
	void *self = h->create(t, &o, err, n);
	h->free(self);
	return self == NULL;
}

/* h of the current state from a fresh instance, or -1 (reason in err);
 * *veto (when veto is not NULL) gets the instance's prune veto, copied
 * into vbuf. */
static inline int th_eval_once(const dmc_heuristic *h, const dmc_targets *t, char *err, size_t n,
                               const char **veto, char *vbuf, size_t vn)
{
	dmc_heuristic_opts o = dmc_heuristic_default_opts();
	void *self = h->create(t, &o, err, n);
	if (!self)
		return -1;
	int v = h->eval(self, dmc_view_now());
	if (veto) {
		const char *why = dmc_heuristic_prune_veto(t, h, self);
		*veto = why ? (snprintf(vbuf, vn, "%s", why), vbuf) : NULL;
	}
	h->free(self);
	return v;
}

#endif
