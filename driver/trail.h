// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * trail.h -- the counterexample trails of `dmc check`.
 *
 * pan runs in a private directory of the build cache and writes its
 * trails there (BASE.trail, and with -e BASE1.trail, BASE2.trail, ...,
 * BASE being the model's file name; pan -tSUF writes BASE.SUF ...); dmc then moves each beside the
 * model in one rename() (across file systems: a temporary file there,
 * written and synced, then renamed), so a trail beside the model is
 * always complete.  Before the search the model's old trails are
 * removed: a trail there is always this run's.
 */
#ifndef DRV_TRAIL_H
#define DRV_TRAIL_H

#include <stddef.h>

/* The suffix of pan's trail files for these pan options ("trail", or
 * SUF for -tSUF). */
const char *drv_trail_suffix(char *const pan_opts[], size_t n);

/* Remove mdir's trails of base; 0, or -1 after a message. */
int drv_trails_remove(const char *mdir, const char *base, const char *suffix);

/* Move the trails of base from rundir into mdir; the number moved, or
 * -1 after a message saying which trail could not be written where. */
int drv_trails_install(const char *rundir, const char *mdir, const char *base, const char *suffix);

/* The file name of the trail spin -t should replay: BASE.SUF, else the
 * first of pan -e's BASEN.SUF; NULL when there is none. */
char *drv_trail_to_replay(const char *mdir, const char *base, const char *suffix);

#endif
