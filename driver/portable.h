// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * portable.h -- the plugin's rewrite done on a copy of pan.c's text, for
 * compilers without GCC plugin support (`dmc cc --portable`).
 *
 * Inside store_state(), bfs() and nuerror() the calls to h_store,
 * push_bfs, pop_bfs and putter go to the runtime's dmc_* functions, and
 * pan's main() becomes dmc_pan_main().  SPIN writes every function name
 * at the start of a line, which is what tells us where we are.
 */
#ifndef DRV_PORTABLE_H
#define DRV_PORTABLE_H

#include <stdio.h>

/* Copy pan.c from in to out, rewritten.  When a redirect did not happen
 * (not the SPIN 6.x -DBFS code), say so on err, one line per problem,
 * and return 1; else 0.  out receives the whole text either way. */
int drv_portable_rewrite(FILE *in, FILE *out, FILE *err);

#endif
