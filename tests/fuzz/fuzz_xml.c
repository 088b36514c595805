// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_xml.c -- libFuzzer harness: a UPPAAL XML model (expat reader,
 * labels, declarations, queries) through the translator.
 */
#include "fuzz_mutate.h"
#include "fuzz_uppaal_common.h"

const char *const fuzz_nest_pairs[][2] = {
	{ "(", ")" }, { "<nta>", "</nta>" }, { "<label kind=\"guard\">", "</label>" },
	{ "&lt;", "" }, { NULL, NULL },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	fuzz_uppaal("fuzz.xml", text, size, NULL, NULL);
	free(text);
	return 0;
}
