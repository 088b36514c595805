// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * env.c -- the library directory and the programs dmc runs (see env.h).
 */
#include "env.h"
#include "fs.h"
#include "path.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef DMC_LIBDIR_DEFAULT
#define DMC_LIBDIR_DEFAULT ""
#endif

/* $name, else dflt.  A relative path with a slash (SPIN=./myspin) is made
 * absolute: spin runs in a build directory, not in ours. */
static const char *program(const char *name, const char *dflt)
{
	static char *made[2];
	static int nmade;
	const char *v = getenv(name);
	if (!v || !*v)
		return dflt;
	if (v[0] == '/' || !strchr(v, '/') || nmade == 2)
		return v;
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd))
		return v;
	return made[nmade++] = drv_printf("%s/%s", cwd, v);
}

void drv_env_init(drv_env *e, const char *argv0)
{
	const char *v = getenv("DMC_LIBDIR");
	char *exe_dir = drv_exe_dir(argv0);
	if (!exe_dir)
		exe_dir = drv_strdup(".");
	if (v && *v)
		e->libdir = drv_strdup(v);
	else if (DMC_LIBDIR_DEFAULT[0] != '\0')
		e->libdir = drv_strdup(DMC_LIBDIR_DEFAULT);
	else
		e->libdir = drv_strdup(exe_dir);
	e->share = drv_printf("%s/share", e->libdir);
	e->top = drv_dirname(exe_dir);                /* build/.. */
	free(exe_dir);
	e->spin = program("SPIN", "spin");
	e->cc = program("CC", "gcc");
}

int drv_need_build(const drv_env *e)
{
	char *lib = drv_printf("%s/libdmc.a", e->libdir);
	int ok = drv_is_file(lib);
	free(lib);
#define DMC_GLUE_SOURCE(f) { \
		char *glue = drv_printf("%s/%s", e->share, f); \
		ok = ok && drv_is_file(glue); \
		free(glue); \
	}
#include "glue_sources.def"
	if (ok)
		return 0;
	const char *set = getenv("DMC_LIBDIR");
	if ((set && *set) || DMC_LIBDIR_DEFAULT[0] != '\0')
		/* an installed dmc (or DMC_LIBDIR): no build tree to name */
		drv_msg("spin-dmc's library directory %s lacks libdmc.a or the glue sources: "
		        "install spin-dmc again there (make install), or set DMC_LIBDIR", e->libdir);
	else
		drv_msg("spin-dmc is not built: run ./configure && make in %s", e->top);
	return 2;
}
