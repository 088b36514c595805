// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_translate.c -- `dmc translate MODEL.anml [-o OUT.pml] [--meta
 * OUT.h] [--horizon H]`: load (parse + resolve) an ANMLite model and write
 * its Promela translation (anml_pml.c) to OUT or standard output, and
 * with --meta its timeline data for the htime heuristic as a C header
 * (anml_pml_tdata.c), which `dmc check OUT.pml --meta OUT.h` compiles
 * into pan.
 */
#include "anml.h"
#include "anml_cmd.h"
#include "util.h"
#include "cmd_args.h"

#include <stdlib.h>
#include <string.h>

int anml_parse_horizon(const char *v, int *h)
{
	char *end;
	long n = strtol(v, &end, 10);
	if (!*v || *end || n < 1 || n > ANML_MAX_HORIZON) {
		drv_msg("--horizon: expected a whole number from 1 to %d, found '%s'", ANML_MAX_HORIZON, v);
		return 2;
	}
	*h = (int) n;
	return 0;
}

int anml_translate_file(const char *model, const char *out_path, const char *meta_path, int horizon, int lazy)
{
	anml_model m;
	anml_err err;
	if (anml_load(model, &m, &err) != 0) {
		fprintf(stderr, "%s\n", err.msg);
		anml_free(&m);
		return 2;
	}
	FILE *out = stdout, *meta = NULL;
	if (out_path && !(out = fopen(out_path, "w"))) {
		drv_msg("translate: cannot write %s", out_path);
		anml_free(&m);
		return 2;
	}
	if (meta_path && !(meta = fopen(meta_path, "w"))) {
		drv_msg("translate: cannot write %s", meta_path);
		if (out != stdout)
			fclose(out);
		anml_free(&m);
		return 2;
	}
	int rc = anml_write_translation_enc(out, meta, &m, horizon, lazy, &err);
	if (rc != 0)
		fprintf(stderr, "%s\n", err.msg);
	if (meta && fclose(meta) != 0 && rc == 0) {
		drv_msg("translate: cannot write %s", meta_path);
		rc = -1;
	}
	if (out != stdout) {
		if (fclose(out) != 0 && rc == 0) {
			drv_msg("translate: cannot write %s", out_path);
			rc = -1;
		}
	} else
		fflush(stdout);
	anml_free(&m);
	return rc == 0 ? 0 : 2;
}

int prom_anml_translate(const drv_env *e, int argc, char **argv)
{
	const char *model = NULL, *out = NULL, *meta = NULL;
	int horizon = ANML_DEFAULT_HORIZON, lazy = 0;
	(void) e;
	for (int i = 0; i < argc; i++) {
		const char *a, *v;
		switch (drv_command_arg(DRV_CMD_TRANSLATE, argc, argv, &i, &a, &v)) {
		case DRV_ARG_ERROR:
			return 2;
		case DRV_ARG_UNKNOWN:
			return drv_command_unknown(DRV_CMD_TRANSLATE, argv[i]);
		case DRV_ARG_OPERAND:
			if (drv_command_model(DRV_CMD_TRANSLATE, &model, argv[i]) != 0)
				return 2;
			break;
		case DRV_ARG_OPTION:
			if (strcmp(a, "-o") == 0)
				out = v;
			else if (strcmp(a, "--meta") == 0)
				meta = v;
			else if (strcmp(a, "--horizon") == 0) {
				if (anml_parse_horizon(v, &horizon) != 0)
					return 2;
			} else if (strcmp(a, "--encoding") == 0) {
				lazy = anml_encoding(v);   /* checked: lazy or eager */
			} else {
				/* translate's options of the other languages */
				drv_msg("translate: %s is not an option for ANMLite models (dmc translate --help)", a);
				return 2;
			}
			break;
		}
	}
	if (!model) {
		drv_msg("translate: no model given");
		return 2;
	}
	if (meta && out && strcmp(meta, out) == 0) {
		drv_msg("translate: -o and --meta name the same file %s", out);
		return 2;
	}
	return anml_translate_file(model, out, meta, horizon, lazy);
}
