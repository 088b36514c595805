// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * spin_proofs.h -- what SPIN's own pan proved before (the portfolio).
 *
 * SPIN's pan is deterministic: the same pan (a build cache entry, keyed
 * by spin -a's output and the compiler) run with the same options
 * (-a, -l, -N NAME ...) searches the same states.  When its search was
 * complete and found no violation, the entry's file `proofs` gets a line
 * of those options; a later run of the same entry and options knows that
 * no search can find a violation, and the portfolio (portfolio.h) does
 * not start the guided search, nor compile its pan, unless SPIN's pan
 * ends without that answer this time (a smaller memory or time limit).
 */
#ifndef DRV_SPIN_PROOFS_H
#define DRV_SPIN_PROOFS_H

#include "util.h"

/* The options as one line: the proof's key (newly allocated) */
char *drv_spin_proof_key(const drv_strv *spin_opts);

/* Whether entry's proofs has the line key (a file of ours only) */
int drv_spin_proved(const char *entry, const char *key);

/* Add the line key to entry's proofs (silently nothing if it cannot) */
void drv_spin_proof_record(const char *entry, const char *key);

#endif
