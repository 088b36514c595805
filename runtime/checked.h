// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * checked.h -- the words for what a run searched for and what it did
 * not ("checked" / "not checked" in the report, the JSON member
 * checked.not_checked): the runtime's report and the portfolio's, when
 * SPIN's own pan answered (driver/portfolio.c), say it alike.
 */
#ifndef DMC_CHECKED_H
#define DMC_CHECKED_H

#include <stddef.h>

typedef struct {
	int asserts;            /* assertions searched (not -A) */
	int ends;               /* invalid end states searched */
	int acc, np;            /* acceptance cycles (-a), non-progress cycles (-l) */
	int cycles;             /* -a or -l: the nested depth-first search */
	const char *claim;      /* the never claim in the run, or NULL */
	int acc_labels;         /* the model (its claims too) has accept labels */
	int prog_labels;        /* its proctypes have progress labels */
} dmc_checked;

/* "assertions, invalid end states, ..." into yes (n_yes bytes; "nothing"
 * for none) and the properties left out, each with why and how to
 * search it, into no ("" for none) */
void dmc_checked_words(const dmc_checked *c, char *yes, size_t n_yes, char *no, size_t n_no);

#endif
