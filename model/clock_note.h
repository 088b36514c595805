// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * clock_note.h -- the UPPAAL translation's notes beside its zone code
 * (docs/uppaal.md "Clocks: zones") read into the abstract model's
 * clock programs and tables (absmodel.h).
 *
 * A note is items separated by " , ": a kind ("test", "run", "post"),
 * then "c I OP K" (clock I compared with K, OP one of < <= > >= ==),
 * "r I K" (reset to K), "f I" (freed), "?" (not said).  A post's note
 * then has the network's tables: "m I M" (clock I's largest constant)
 * and, after "at VAR L" (location variable VAR is L), that location's
 * items and "u" (time cannot pass there).
 */
#ifndef DMC_CLOCK_NOTE_H
#define DMC_CLOCK_NOTE_H

#include "absmodel.h"

/* note's kind and items into *out (out->item allocated, NULL when none):
 * 0, or -1 when what it says is not understood where it matters (an
 * item of a run or post that is "?" or unreadable; a test's unreadable
 * items are left out: the test only passes more often) or out of
 * memory.  A post's tables are not read here. */
int dmc_clk_note(const char *note, dmc_aclkprog *out);

/* A post's note: its tables into m (nclocks, clock_max, clk_at), the
 * location variables named through var (the abstract variable, or -1).
 * 0, or -1 when something is not understood (nothing is set then). */
int dmc_clk_tables(const char *note, dmc_amodel *m, int (*var)(void *ctx, const char *name),
                   void *ctx);

#endif
