// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * translate.c -- `dmc translate`: the translator of the front end that
 * takes the model's file name (driver/frontend.h, frontends.def).
 */
#include "cmd_args.h"
#include "frontend.h"
#include "translate.h"
#include "util.h"

#include <string.h>
#include <sys/stat.h>

/* 1 when an output file (-o OUT, --meta OUT.h) is one of the inputs (the
 * same file under any name: a PDDL problem as well as its domain): the
 * translation would replace it */
static int output_is_input(int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		const char *a, *v;
		struct stat o;
		if (drv_command_arg(DRV_CMD_TRANSLATE, argc, argv, &i, &a, &v) != DRV_ARG_OPTION
		    || (strcmp(a, "-o") != 0 && strcmp(a, "--meta") != 0) || stat(v, &o) != 0)
			continue;
		for (int j = 0; j < argc; j++) {
			const char *b, *w;
			struct stat m;
			if (drv_command_arg(DRV_CMD_TRANSLATE, argc, argv, &j, &b, &w) == DRV_ARG_OPERAND
			    && stat(argv[j], &m) == 0 && o.st_dev == m.st_dev && o.st_ino == m.st_ino) {
				drv_msg("translate: %s %s is the input %s itself; choose another output file", a, v, argv[j]);
				return 1;
			}
		}
	}
	return 0;
}

int prom_cmd_translate(const drv_env *e, int argc, char **argv)
{
	/* the model is the first operand a front end translates; that front
	 * end reads all the arguments */
	for (int i = 0; i < argc; i++) {
		const char *a, *v;
		switch (drv_command_arg(DRV_CMD_TRANSLATE, argc, argv, &i, &a, &v)) {
		case DRV_ARG_ERROR:
			return 2;
		case DRV_ARG_UNKNOWN:
			return drv_command_unknown(DRV_CMD_TRANSLATE, argv[i]);
		case DRV_ARG_OPTION:
			break;
		case DRV_ARG_OPERAND: {
			const drv_frontend *fe = drv_frontend_for(argv[i]);
			if (!fe->translate)
				break;
			if (output_is_input(argc, argv))
				return 2;
			return fe->translate(e, argc, argv);
		}
		}
	}
	drv_msg("translate: expected a model file %s", drv_frontend_translated_suffixes());
	return 2;
}
