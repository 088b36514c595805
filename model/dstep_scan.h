// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * dstep_scan.h -- may a d_step of the model hide an assert?
 *
 * pan's tables show a d_step as one statement, "D_STEP12"; its body is
 * compiled into pan.m and nowhere to be read at run time.  An assert in
 * it is an error pan reports that the targets cannot locate, so the
 * runtime may not prune dead ends.  This reads the model's source to
 * tell: the body of every d_step, with the macros and inlines it uses.
 */
#ifndef DMC_DSTEP_SCAN_H
#define DMC_DSTEP_SCAN_H

#include <stddef.h>

/* 1 when some d_step in the Promela text may execute an assert, embedded
 * C or an array index (or the text cannot tell: it includes other files),
 * with the reason in why; 0 when none can. */
int dmc_dstep_text_may_hide(const char *text, char *why, size_t whylen);

/* The same for the model file at path; 1 (with a reason) when the file
 * cannot be read. */
int dmc_dstep_file_may_hide(const char *path, char *why, size_t whylen);

#endif
