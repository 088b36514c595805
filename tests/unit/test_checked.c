// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_checked.c -- what a run searched for, in words (runtime/checked.c):
 * the runtime's report and the portfolio's say it with these.
 */
#include "checked.h"
#include "check.h"

static char yes[256], no[512];

/* a safety run without a claim: assertions and invalid end states */
static void test_safety(void)
{
	dmc_checked c = { .asserts = 1, .ends = 1 };
	dmc_checked_words(&c, yes, sizeof yes, no, sizeof no);
	CHECK_STR(yes, "assertions, invalid end states");
	CHECK_STR(no, "acceptance cycles (no accept labels), non-progress cycles (-l)");
	c.acc_labels = c.prog_labels = 1;
	dmc_checked_words(&c, yes, sizeof yes, no, sizeof no);
	CHECK_STR(no, "acceptance cycles (the model has accept labels: -a searches them), "
	              "non-progress cycles (the model has progress labels: -l searches them)");
}

/* a never claim: its end (safety) or its acceptance cycles (-a); SPIN
 * disables invalid end states with a claim */
static void test_claim(void)
{
	dmc_checked c = { .asserts = 1, .claim = "p1", .acc_labels = 1 };
	dmc_checked_words(&c, yes, sizeof yes, no, sizeof no);
	CHECK_STR(yes, "assertions, never claim p1 (reaching its end)");
	CHECK_STR(no, "invalid end states (disabled by the never claim, as in SPIN), acceptance cycles (the model "
	              "has accept labels: -a searches them), non-progress cycles (-l)");
	c.acc = c.cycles = 1;
	dmc_checked_words(&c, yes, sizeof yes, no, sizeof no);
	CHECK_STR(yes, "assertions, acceptance cycles of never claim p1");
}

/* -l; -A with -E: nothing */
static void test_cycles_and_nothing(void)
{
	dmc_checked c = { .asserts = 1, .np = 1, .cycles = 1, .prog_labels = 1 };
	dmc_checked_words(&c, yes, sizeof yes, no, sizeof no);
	CHECK_STR(yes, "assertions, non-progress cycles");
	CHECK_STR(no, "invalid end states (not with -a or -l, as in SPIN), acceptance cycles (no accept labels)");
	dmc_checked n = { 0 };
	dmc_checked_words(&n, yes, sizeof yes, no, sizeof no);
	CHECK_STR(yes, "nothing");
	CHECK_STR(no, "assertions (-A), invalid end states (-E), acceptance cycles (no accept labels), "
	              "non-progress cycles (-l)");
}

CHECK_MAIN("checked", CASE(test_safety), CASE(test_claim), CASE(test_cycles_and_nothing))
