// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_xta.c -- libFuzzer harness: an XTA model through the UPPAAL
 * translator (lexer, parser, instantiation, clocks, Promela emitter).
 */
#include "fuzz_mutate.h"
#include "fuzz_uppaal_common.h"

const char *const fuzz_nest_pairs[][2] = {
	{ "(", ")" }, { "-(", ")" }, { "!", "" }, { "{", "}" }, { "a[", "]" }, { NULL, NULL },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	fuzz_uppaal("fuzz.xta", text, size, NULL, NULL);
	free(text);
	return 0;
}
