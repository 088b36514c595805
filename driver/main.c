// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * main.c -- dmc, spin-dmc's driver: directed model checking with SPIN.
 *
 *   dmc check MODEL [options] [-- pan options]       a model to verdict
 *   dmc cc [--portable] [compiler args] pan.c        compile pan with the runtime
 *   dmc vars MODEL.pml pan.h > dmc_vars.h            variable accessors
 *   dmc translate MODEL.xml|.xta|.anml [-o OUT.pml]   into Promela (promela/)
 *   dmc plan MODEL.anml, dmc gen-anml ...             ANMLite planning
 *   dmc help [--markdown]                            usage; docs/options.md
 *
 * A driver in the manner of mpicc: every step it takes can be run by hand
 * (see docs/usage.md).  Exit status of `dmc check`: 0 no violation
 * (complete search), 1 violation, 2 bad input or usage, 3 incomplete
 * search without a violation.
 */
#include "cmd.h"
#include "env.h"
#include "frontend.h"
#include "translate.h"
#include "util.h"
#include "../runtime/options_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the input languages dmc check takes (frontend.h): "Promela (.pml,
 * any other file), UPPAAL (.xml .xta), ..." */
static void languages(FILE *out)
{
	fputs("models: ", out);
	const drv_frontend *const *all = drv_frontend_all();
	for (size_t k = 0; all[k]; k++)
		fprintf(out, "%s%s (%s)", k ? ", " : "", all[k]->name, *all[k]->suffixes ? all[k]->suffixes
		        : "any other file");
	fputs("\n", out);
}

static void usage(FILE *out)
{
	fputs("usage: dmc check MODEL [options] [-- pan options]\n"
	      "       dmc cc [--portable] [--search S] [--heuristic H] [--meta FILE.h] [compiler args] pan.c\n"
	      "       dmc model MODEL [options of dmc check] [-- pan options]\n"
	      "       dmc vars MODEL.pml pan.h\n"
	      "       dmc translate MODEL.xml|MODEL.xta|MODEL.anml [options] [-o OUT.pml] [--meta OUT.h]\n"
	      "       dmc plan MODEL.anml [options]\n"
	      "       dmc gen-anml -T timelines -A actions -R transitions -C constraints --seed N\n"
	      "       dmc help [--markdown]\n"
	      , out);
	languages(out);
	fputs("options of dmc check (docs/options.md):\n", out);
	dmc_opt_usage(out, DMC_OPTW_PAN | DMC_OPTW_DMC);
	fputs("exit status: 0 no violation, 1 violation, 2 bad input, 3 incomplete\n", out);
	fflush(out);
}

int main(int argc, char **argv)
{
	drv_env env;
	const char *cmd;
	int rc;

	drv_env_init(&env, argv[0]);
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	cmd = argv[1];
	if (strcmp(cmd, "check") == 0) {
		rc = drv_cmd_check(&env, argc - 2, argv + 2);
		if (rc == DRV_SHOW_USAGE) {
			usage(stdout);
			rc = 0;
		}
	} else if (strcmp(cmd, "model") == 0) {
		/* the abstract model, targets and over-approximations hL/hU use:
		 * dmc check MODEL --show-model */
		char **args = malloc(((size_t) argc + 1) * sizeof *args);
		if (!args) {
			drv_msg("out of memory");
			return 2;
		}
		int n = 0;
		for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++)
			args[n++] = argv[i];
		args[n++] = "--show-model";
		for (int i = 2; i < argc; i++)
			if (strcmp(argv[i], "--") == 0) {
				while (i < argc)
					args[n++] = argv[i++];
				break;
			}
		args[n] = NULL;
		rc = drv_cmd_check(&env, n, args);
		free(args);
	} else if (strcmp(cmd, "cc") == 0)
		rc = drv_cmd_cc(&env, argc - 2, argv + 2);
	else if (strcmp(cmd, "vars") == 0)
		rc = drv_cmd_vars(&env, argc - 2, argv + 2);
	else if (strcmp(cmd, "translate") == 0)
		rc = prom_cmd_translate(&env, argc - 2, argv + 2);
	else if (strcmp(cmd, "plan") == 0)
		rc = prom_cmd_plan(&env, argc - 2, argv + 2);
	else if (strcmp(cmd, "gen-anml") == 0)
		rc = prom_cmd_gen_anml(&env, argc - 2, argv + 2);
	else if (strcmp(cmd, "help") == 0 && argc == 3 && strcmp(argv[2], "--markdown") == 0) {
		dmc_opt_markdown(stdout);      /* docs/options.md (make docs) */
		rc = 0;
	} else if (strcmp(cmd, "help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
		usage(stdout);
		rc = 0;
	} else {
		drv_msg("unknown command '%s' (valid: check, model, cc, vars, translate, plan, gen-anml, help)", cmd);
		rc = 2;
	}
	free(env.libdir);
	free(env.share);
	free(env.top);
	fflush(stdout);
	return rc;
}
