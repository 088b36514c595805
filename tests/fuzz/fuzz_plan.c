// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_plan.c -- libFuzzer harness: a plan file (dmc plan --validate
 * PLAN, frontends/anml/anml_planfile.c) read against a fixed model with
 * parameters and several instances, then, when it reads, the validator
 * (anml_validate.c), the Gantt chart (anml_gantt.c) and the writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_mutate.h"
#include "anml.h"

const char *const fuzz_nest_pairs[][2] = {
	{ "(", ")" }, { "[", "]" }, { NULL, NULL },
};

static const char model[] =
	"PLAN f\n"
	"TYPES site = {a, b, c}\n"
	"TIMELINE R\n"
	"  ACTIONS\n"
	"    Park: [1,_]\n"
	"    Go(s: site, t: site): [2,5]\n"
	"    Done: [1,_]\n"
	"  TRANSITIONS\n"
	"    Park -> Go(_, _)\n"
	"    Go(x, _) -> (Go(_, x) | Done)\n"
	"END R\n"
	"VARIABLES r1, r2: R\n"
	"INITIAL-STATE\n"
	"  |-> r1.Park\n"
	"  |-> r2.Park\n"
	"GOALS\n"
	"  r1.Done\n"
	"CONSTRAINTS\n"
	"  r1.Go(a, _) contains r2.Park\n"
	"END f\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static anml_model m;
	static int loaded;
	anml_err err;
	if (!loaded) {
		if (anml_parse("f.anml", model, &m, &err) != 0 || anml_resolve(&m, &err) != 0) {
			fprintf(stderr, "%s\n", err.msg);
			abort();
		}
		loaded = 1;
	}
	char *text = fuzz_text(data, size);
	anml_plan p;
	if (anml_plan_read_ipc("fuzz.plan", text, &m, &p, &err) == 0) {
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);
		if (!out)
			abort();
		(void) anml_validate(&m, &p, NULL);
		(void) anml_plan_gantt(out, &m, &p, 30);
		anml_plan_write_ipc(out, &m, &p, 30);
		fclose(out);
		free(buf);
		anml_plan_free(&p);
	}
	free(text);
	return 0;
}
