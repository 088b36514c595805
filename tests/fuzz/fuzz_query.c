// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_query.c -- libFuzzer harness: the UPPAAL query parser.  The input
 * is a .q file (or, when its first byte is '!', the rest is the
 * --target text) for a small fixed network with locations, variables,
 * an array, a clock and a struct, so that queries can name real things
 * and reach the clock analysis and the emitter.  A .q file's queries are
 * also translated one by one (the first three), as dmc check does with
 * several queries.
 */
#include "fuzz_mutate.h"
#include "fuzz_uppaal_common.h"

const char *const fuzz_nest_pairs[][2] = {
	{ "(", ")" }, { "!", "" }, { "not ", "" }, { "a[", "]" }, { NULL, NULL },
};

static const char model[] =
	"const int N = 2;\n"
	"typedef struct { int[0,3] f; bool g; } S;\n"
	"int[0,N] id;\n"
	"int a[3];\n"
	"bool flag;\n"
	"S s;\n"
	"chan c;\n"
	"process P(const int[1,N] i) {\n"
	"  clock x;\n"
	"  int[0,5] n;\n"
	"  state A, B {x <= 3}, C {x' == 0 && x <= 5};\n"
	"  init A;\n"
	"  trans A -> B { guard id == 0; sync c!; assign x = 0, id = i; },\n"
	"        B -> C { guard x >= 2; assign n += 2, a[i] = n; },\n"
	"        C -> A { sync c?; assign id = 0, s.f = 1; };\n"
	"}\n"
	"system P;\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	if (size > 0 && text[0] == '!')
		fuzz_uppaal("fuzz.xta", model, sizeof model - 1, text + 1, NULL);
	else
		for (int k = 0; k <= 3; k++)
			fuzz_uppaal_k("fuzz.xta", model, sizeof model - 1, text, "fuzz.q", k);
	free(text);
	return 0;
}
