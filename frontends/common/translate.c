// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * translate.c -- `dmc translate`: the translator of the front end that
 * takes the model's file name (driver/frontend.h, frontends.def).
 */
#include "frontend.h"
#include "translate.h"
#include "util.h"

#include <string.h>
#include <sys/stat.h>

/* 1 when an output file (-o OUT, --meta OUT.h) is the model itself (the
 * same file under any name): the translation would replace the model */
static int output_is_model(int argc, char **argv, const char *model)
{
	struct stat m, o;
	if (stat(model, &m) != 0)
		return 0;
	for (int i = 0; i + 1 < argc; i++)
		if ((strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--meta") == 0)
		    && stat(argv[i + 1], &o) == 0 && o.st_dev == m.st_dev && o.st_ino == m.st_ino) {
			drv_msg("translate: %s %s is the model %s itself; choose another output file",
			        argv[i], argv[i + 1], model);
			return 1;
		}
	return 0;
}

int prom_cmd_translate(const drv_env *e, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] == '-')
			continue;
		const drv_frontend *fe = drv_frontend_for(a);
		if (!fe->translate)
			continue;
		if (output_is_model(argc, argv, a))
			return 2;
		return fe->translate(e, argc, argv);
	}
	drv_msg("translate: expected a model file %s", drv_frontend_translated_suffixes());
	return 2;
}
