// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_translate.c -- `dmc translate DOMAIN.pddl PROBLEM.pddl [-o
 * OUT.pml] [--meta OUT.h]`: the grounding's figures on standard error,
 * the Promela dmc plan searches (pddl_pml.c) on standard output or into
 * OUT.pml, and with --meta the grounded task for the hff heuristic
 * (pddl_meta.c), which `dmc check OUT.pml --meta OUT.h` compiles in.
 */
#include "pddl.h"
#include "pddl_cmd.h"
#include "cmd_args.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pddl_cmd_translate(const drv_env *e, int argc, char **argv)
{
	const char *files[2] = { NULL, NULL }, *outp = NULL, *metap = NULL;
	int n = 0;
	(void) e;
	for (int i = 0; i < argc; i++) {
		const char *a, *v;
		switch (drv_command_arg(DRV_CMD_TRANSLATE, argc, argv, &i, &a, &v)) {
		case DRV_ARG_ERROR:
			return 2;
		case DRV_ARG_UNKNOWN:
			return drv_command_unknown(DRV_CMD_TRANSLATE, argv[i]);
		case DRV_ARG_OPERAND:
			if (n == 2) {
				drv_msg("translate: more than a domain and a problem ('%s')", argv[i]);
				return 2;
			}
			files[n++] = argv[i];
			break;
		case DRV_ARG_OPTION:
			if (strcmp(a, "-o") == 0)
				outp = v;
			else if (strcmp(a, "--meta") == 0)
				metap = v;
			else {
				drv_msg("translate: %s is not for PDDL models", a);
				return 2;
			}
			break;
		}
	}
	if (n == 0) {
		drv_msg("translate: expected DOMAIN.pddl PROBLEM.pddl");
		return 2;
	}
	if (metap && outp && strcmp(metap, outp) == 0) {
		drv_msg("translate: -o and --meta name the same file %s", outp);
		return 2;
	}
	pddl_job j;
	int rc = pddl_job_load(&j, files, n, stderr);
	int *lines = rc == 0 ? drv_alloc(((size_t) j.t.nacts + 1) * sizeof *lines) : NULL;
	if (rc == 0) {
		FILE *f = outp ? fopen(outp, "w") : stdout;
		if (!f) {
			drv_msg("translate: cannot write %s: %s", outp, strerror(errno));
			rc = 2;
		} else {
			pddl_write_promela(f, &j.m, &j.t, lines);
			if (outp && fclose(f) != 0) {
				drv_msg("translate: cannot write %s", outp);
				rc = 2;
			}
		}
	}
	if (rc == 0 && metap) {
		FILE *f = fopen(metap, "w");
		if (!f) {
			drv_msg("translate: cannot write %s: %s", metap, strerror(errno));
			rc = 2;
		} else {
			pddl_write_meta(f, &j.m, &j.t, lines);
			if (fclose(f) != 0) {
				drv_msg("translate: cannot write %s", metap);
				rc = 2;
			}
		}
	}
	free(lines);
	pddl_job_free(&j);
	return rc;
}
