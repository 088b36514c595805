// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anytime.c -- --anytime's bookkeeping: the best trail, the bound that
 * drops states, the weight schedule and the improvements (anytime.h).
 */
#include <stdio.h>
#include <string.h>
#include "anytime.h"
#include "heuristic.h"

/* LAMA's restarting weighted A* goes 5, 3, 2, 1 */
static const double schedule[] = { 5, 3, 2, 1 };

int dmc_anytime_shorter(const dmc_anytime *a, long length)
{
	return a->on && (a->best == 0 || length < a->best);
}

int dmc_anytime_beyond(const dmc_anytime *a, int g, int h)
{
	if (!a->on || a->best == 0)
		return 0;
	if (g >= a->best)
		return 1;
	/* an admissible h: every error lies at least h steps further on
	 * (h = infinity: none is reachable) */
	return a->h_bound && (h == DMC_H_INF || (long) g + h >= a->best);
}

double dmc_anytime_next_weight(double weight, int f_order)
{
	size_t n = sizeof schedule / sizeof schedule[0];
	if (!f_order)
		return schedule[0];
	for (size_t i = 0; i < n; i++)
		if (schedule[i] < weight)
			return schedule[i];
	return schedule[n - 1];
}

void dmc_anytime_record(dmc_anytime *a, long length, double states, double seconds, double weight)
{
	size_t i = a->n < DMC_ANYTIME_KEEP ? a->n : DMC_ANYTIME_KEEP - 1;
	a->step[i] = (dmc_anytime_step) { length, states, seconds, weight };
	a->best = length;
	a->n++;
}

void dmc_anytime_json(const dmc_anytime *a, char *buf, size_t n)
{
	size_t kept = a->n < DMC_ANYTIME_KEEP ? a->n : DMC_ANYTIME_KEEP, used = 0;
	int w = snprintf(buf, n, "[");
	used = w > 0 ? (size_t) w : 0;
	for (size_t i = 0; i < kept && used < n; i++) {
		const dmc_anytime_step *s = &a->step[i];
		w = snprintf(buf + used, n - used, "%s{\"length\": %ld, \"states\": %.0f, \"time_s\": %.6f, "
		             "\"weight\": %g}", i ? ", " : "", s->length, s->states, s->seconds, s->weight);
		used += w > 0 ? (size_t) w : 0;
	}
	if (used + 2 > n) {          /* did not fit: the caller writes null */
		buf[0] = '\0';
		return;
	}
	strcpy(buf + used, "]");
}
