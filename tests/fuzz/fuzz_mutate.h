// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_mutate.h -- the structure-aware mutator shared by the harnesses.
 *
 * Byte-level mutation never reaches inputs like 10,000 nested
 * parentheses or a constant just past 2^31, which is where the parsers
 * crashed before.  Every harness links fuzz_mutate.c, whose
 * LLVMFuzzerCustomMutator mixes libFuzzer's own mutations with edits of
 * a valid input: deep nesting around a stretch of text, extreme numbers
 * in place of (or beside) a number, a line repeated many times.  The
 * harness says which brackets its language nests (fuzz_nest_pairs).
 */
#ifndef FUZZ_MUTATE_H
#define FUZZ_MUTATE_H

#include <stddef.h>
#include <stdint.h>

/* "()" style pairs, opening then closing text, ending with {NULL, NULL};
 * defined by each harness */
extern const char *const fuzz_nest_pairs[][2];

/* the input as a NUL-terminated string (the harness frees it) */
char *fuzz_text(const uint8_t *data, size_t size);

#endif
