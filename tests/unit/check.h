// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * check.h -- a minimal unit-test harness.  Each tests/unit/test_*.c
 * defines TESTS as a list of functions and ends with CHECK_MAIN.  The
 * closing line is "N passed, N failed" so CI can read it.
 */
#ifndef DMC_CHECK_H
#define DMC_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed, check_failed, check_current_failed;

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		check_current_failed = 1; \
	} } while (0)

#define CHECK_EQ_LONG(a, b) do { long check_a_ = (long)(a), check_b_ = (long)(b); \
	if (check_a_ != check_b_) { \
		fprintf(stderr, "%s:%d: check failed: %s == %s (%ld != %ld)\n", \
			__FILE__, __LINE__, #a, #b, check_a_, check_b_); \
		check_current_failed = 1; \
	} } while (0)

#define CHECK_STR(a, b) do { const char *check_a_ = (a), *check_b_ = (b); \
	if (!check_a_ || !check_b_ || strcmp(check_a_, check_b_) != 0) { \
		fprintf(stderr, "%s:%d: check failed: %s == \"%s\" (got \"%s\")\n", \
			__FILE__, __LINE__, #a, check_b_ ? check_b_ : "(null)", \
			check_a_ ? check_a_ : "(null)"); \
		check_current_failed = 1; \
	} } while (0)

typedef void (*check_fn)(void);
typedef struct { const char *name; check_fn fn; } check_case;
#define CASE(f) { #f, f }

static int check_run(const char *suite, const check_case *cases, int n)
{
	for (int i = 0; i < n; i++) {
		check_current_failed = 0;
		cases[i].fn();
		if (check_current_failed) {
			check_failed++;
			fprintf(stderr, "FAIL %s: %s\n", suite, cases[i].name);
		} else
			check_passed++;
	}
	printf("%s: %d passed, %d failed\n", suite, check_passed, check_failed);
	return check_failed != 0;
}

#define CHECK_MAIN(suite, ...) \
	int main(void) { \
		static const check_case cases[] = { __VA_ARGS__ }; \
		return check_run(suite, cases, (int)(sizeof cases / sizeof cases[0])); \
	}

#endif
