// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_pddl.c -- libFuzzer harness: one PDDL file holding a domain and a
 * problem through the front end (frontends/pddl/pddl_sexpr.c,
 * pddl_parse.c) and, when it is valid and small enough to ground
 * quickly, the grounding (pddl_ground.c, at most 2,000 actions), the
 * Promela writer (pddl_pml.c), the task for hff (pddl_meta.c) and the
 * validator on the empty plan
 * (pddl_validate.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_mutate.h"
#include "pddl.h"

const char *const fuzz_nest_pairs[][2] = {
	{ "(", ")" }, { "(and ", ")" }, { "(not ", ")" }, { "(forall (?v) ", ")" }, { NULL, NULL },
};

/* the bindings grounding may enumerate: objects^parameters per action */
static double bindings(const pddl_model *m)
{
	double worst = 1;
	for (int i = 0; i < m->nacts; i++) {
		double b = 1;
		for (int k = 0; k < m->acts[i].nvars; k++)
			b *= m->nobjs > 0 ? m->nobjs : 1;
		if (b > worst)
			worst = b;
	}
	return worst;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	const char *files[] = { "fuzz.pddl" };
	const char *texts[] = { text };
	pddl_model m;
	pddl_err err;
	if (pddl_parse(files, texts, 1, &m, &err) == 0 && bindings(&m) <= 20000) {
		pddl_task t;
		if (pddl_ground(&m, &t, 2000, &err) == 0) {
			char *buf = NULL;
			size_t len = 0;
			FILE *out = open_memstream(&buf, &len);
			if (!out)
				abort();
			int *lines = malloc(((size_t) t.nacts + 1) * sizeof *lines);
			if (!lines)
				abort();
			pddl_write_promela(out, &m, &t, lines);
			pddl_write_meta(out, &m, &t, lines);
			fclose(out);
			free(lines);
			free(buf);
		}
		pddl_task_free(&t);
		pddl_plan p = { NULL, 0, m.temporal };
		FILE *devnull = fopen("/dev/null", "w");
		if (devnull) {
			(void) pddl_validate(&m, &p, devnull);
			fclose(devnull);
		}
	}
	pddl_free(&m);
	free(text);
	return 0;
}
