// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * checked.c -- what a run searched for, in words (checked.h).
 */
#include "checked.h"

#include <stdio.h>

#define ADD(buf, size, n, ...) \
	((n) += (size_t) snprintf((buf) + (n), (n) < (size) ? (size) - (n) : 0, __VA_ARGS__))

void dmc_checked_words(const dmc_checked *c, char *yes, size_t n_yes, char *no, size_t n_no)
{
	size_t ny = 0, nn = 0;
	yes[0] = no[0] = '\0';
	if (c->asserts)
		ADD(yes, n_yes, ny, "assertions");
	else
		ADD(no, n_no, nn, "assertions (-A)");
	if (c->ends)
		ADD(yes, n_yes, ny, "%sinvalid end states", ny ? ", " : "");
	else
		ADD(no, n_no, nn, "%sinvalid end states (%s)", nn ? ", " : "",
		    c->claim ? "disabled by the never claim, as in SPIN"
		    : c->cycles ? "not with -a or -l, as in SPIN" : "-E");
	if (c->claim && !c->acc)
		ADD(yes, n_yes, ny, "%snever claim %s (reaching its end)", ny ? ", " : "", c->claim);
	if (c->acc)
		ADD(yes, n_yes, ny, "%sacceptance cycles%s%s", ny ? ", " : "", c->claim ? " of never claim " : "",
		    c->claim ? c->claim : "");
	else
		ADD(no, n_no, nn, "%sacceptance cycles (%s)", nn ? ", " : "",
		    c->acc_labels ? "the model has accept labels: -a searches them" : "no accept labels");
	if (c->np)
		ADD(yes, n_yes, ny, "%snon-progress cycles", ny ? ", " : "");
	else
		ADD(no, n_no, nn, "%snon-progress cycles (%s)", nn ? ", " : "",
		    c->prog_labels ? "the model has progress labels: -l searches them" : "-l");
	if (!yes[0])
		snprintf(yes, n_yes, "nothing");
}
