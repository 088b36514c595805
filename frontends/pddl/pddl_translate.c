// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_translate.c -- `dmc translate DOMAIN.pddl PROBLEM.pddl [-o
 * OUT.pml]`: the grounding's figures on standard error, the Promela
 * dmc plan searches (pddl_pml.c) on standard output or into OUT.pml.
 */
#include "pddl.h"
#include "pddl_cmd.h"
#include "cmd_args.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int pddl_cmd_translate(const drv_env *e, int argc, char **argv)
{
	const char *files[2] = { NULL, NULL }, *outp = NULL;
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
	pddl_job j;
	int rc = pddl_job_load(&j, files, n, stderr);
	if (rc == 0) {
		FILE *f = outp ? fopen(outp, "w") : stdout;
		if (!f) {
			drv_msg("translate: cannot write %s: %s", outp, strerror(errno));
			rc = 2;
		} else {
			pddl_write_promela(f, &j.m, &j.t);
			if (outp && fclose(f) != 0) {
				drv_msg("translate: cannot write %s", outp);
				rc = 2;
			}
		}
	}
	pddl_job_free(&j);
	return rc;
}
