// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_ztrail.h -- the concrete trace of a zone trail (uppaal_ztrail.c)
 */
#ifndef PROM_UPPAAL_ZTRAIL_H
#define PROM_UPPAAL_ZTRAIL_H

#include <stddef.h>

typedef struct {
	int ok;                 /* computed */
	int nstates;            /* the trail's zone steps + 1 */
	long long *delay;       /* per state (0: the initial one), the delay there */
	int nclocks;
	long long *clocks;      /* clock x's value at the end: clocks[x], x from 1 */
	long long den;          /* delays and values count 1/den time steps */
} up_ztrace;

/* from the translation's text ptext and spin's replay ol[0..no) (spin
 * -t -p -g): 0, or -1 when the delays cannot be computed (zt->ok 0) */
int up_ztrace_compute(const char *ptext, char **ol, size_t no, up_ztrace *zt);
void up_ztrace_free(up_ztrace *zt);
/* num/den as "1.5", or "7/3" when it has no finite decimal */
void up_ztrace_format(long long num, long long den, char *buf, size_t n);

#endif
