// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_anml.c -- libFuzzer harness: an ANMLite model through the front
 * end (frontends/anml/anml_lex.c, anml_parse.c, anml_sema.c) and, when it is
 * valid, the Promela writer (anml_pml*.c) with a horizon of 10.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_mutate.h"
#include "anml.h"

const char *const fuzz_nest_pairs[][2] = {
	{ "(", ")" }, { "[", "]" }, { "TIMELINE T\n", "END T\n" }, { NULL, NULL },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	anml_model m;
	anml_err err;
	memset(&m, 0, sizeof m);
	if (anml_parse("fuzz.anml", text, &m, &err) == 0 && anml_resolve(&m, &err) == 0) {
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);
		if (!out)
			abort();
		(void) anml_write_promela_max(out, &m, 10, (size_t) 4 << 20, &err);
		fclose(out);
		free(buf);
	}
	anml_free(&m);
	free(text);
	return 0;
}
