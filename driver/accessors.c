// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * accessors.c -- `dmc vars MODEL.pml pan.h`: run spin -d and write the
 * variable accessors (the text itself: vars.c).
 */
#include "build.h"
#include "cmd.h"
#include "path.h"
#include "run.h"
#include "fs.h"
#include "util.h"
#include "vars.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int drv_gen_vars(const drv_env *e, const char *cwd, const char *model, const char *panh,
                 const char *out_path)
{
	drv_strv argv = { 0 };
	char *symtab = NULL, *text, *dir = NULL, *base = NULL;
	size_t symtab_len = 0, text_len = 0;
	FILE *out;
	int rc;
	/* spin hands the name to a shell (see build.h): a name it would
	 * expand is run as its file name from its own directory */
	if (strpbrk(model, "$`\"\\\n")) {
		base = drv_basename(model);
		if (drv_unsafe_model_name(base)) {
			drv_msg("cannot give the model's file name '%s' to spin -d: %s", base,
			        drv_unsafe_model_name(base));
			free(base);
			return 1;
		}
		char *d = drv_dirname(model);
		dir = cwd && d[0] != '/' ? drv_printf("%s/%s", cwd, d) : d;
		if (dir != d)
			free(d);
		model = base;
		cwd = dir;
	}
	drv_strv_push(&argv, e->spin);
	drv_strv_push(&argv, "-d");
	drv_strv_push(&argv, model);
	rc = drv_run_capture(argv.v, cwd, &symtab, &symtab_len);
	drv_strv_free(&argv);
	free(dir);
	free(base);
	if (rc != 0) {
		free(symtab);
		return 1;
	}
	out = out_path ? fopen(out_path, "w") : stdout;
	if (!out) {
		drv_msg("cannot write %s: %s", out_path, strerror(errno));
		free(symtab);
		return 1;
	}
	text = drv_read_file(panh, &text_len);
	if (!text) {
		drv_msg("cannot read %s: %s", panh, strerror(errno));
		rc = 1;
	} else if (drv_vars_write(symtab, symtab_len, text, text_len, out) != 0)
		rc = 1;
	if (out != stdout) {
		if (fclose(out) != 0)
			rc = 1;
	} else if (fflush(stdout) != 0)
		rc = 1;
	free(text);
	free(symtab);
	return rc;
}

int drv_cmd_vars(const drv_env *e, int argc, char **argv)
{
	int rc;
	if (argc != 2) {
		drv_msg("usage: dmc vars MODEL.pml pan.h");
		return 2;
	}
	if ((rc = drv_need_build(e)) != 0)
		return rc;
	if (drv_gen_vars(e, NULL, argv[0], argv[1], NULL) != 0) {
		drv_msg("vars: spin -d %s failed", argv[0]);
		return 2;
	}
	return 0;
}
