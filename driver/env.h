// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * env.h -- where spin-dmc's files are, and which programs to run.
 *
 * The library directory (libdmc.a, dmc-gcc.so, share/ with the glue and
 * the headers) is, first match:
 *   1. $DMC_LIBDIR;
 *   2. DMC_LIBDIR_DEFAULT, compiled in by `make install`
 *      ($(PREFIX)/lib/spin-dmc);
 *   3. the directory of the executable, symbolic links resolved: the
 *      build tree's binary is build/dmc and the top-level ./dmc is a
 *      symbolic link to it, so libdir = build/.
 */
#ifndef DRV_ENV_H
#define DRV_ENV_H

typedef struct {
	char *libdir;       /* libdmc.a, dmc-gcc.so */
	char *share;        /* libdir/share: the glue, headers */
	char *top;          /* the source tree, named in "not built" */
	const char *spin;   /* $SPIN, else spin */
	const char *cc;     /* $CC, else gcc */
} drv_env;

void drv_env_init(drv_env *e, const char *argv0);
/* Status 0 when libdmc.a and the glue's files exist; else the message
 * and status 2. */
int drv_need_build(const drv_env *e);

#endif
