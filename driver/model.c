// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * model.c -- `dmc model MODEL [options] [-- pan options]`: the abstract
 * model, targets and over-approximations hL/hU use, which is
 * `dmc check MODEL --show-model`.
 */
#include "cmd.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

int drv_cmd_model(const drv_env *e, int argc, char **argv)
{
	char **args = drv_alloc(((size_t) argc + 2) * sizeof *args);
	int n = 0, rc;
	for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
		args[n++] = argv[i];
	args[n++] = "--show-model";
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			while (i < argc)
				args[n++] = argv[i++];
			break;
		}
	args[n] = NULL;
	rc = drv_cmd_check(e, n, args);
	free(args);
	return rc;
}
