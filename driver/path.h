// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * path.h -- path names as the shell script computed them: dirname(1),
 * basename(1), `cd "$(dirname F)" && pwd`, and where this executable is.
 */
#ifndef DRV_PATH_H
#define DRV_PATH_H

char *drv_dirname(const char *path);      /* dirname(1); newly allocated */
char *drv_basename(const char *path);     /* basename(1); newly allocated */
/* The absolute, logical directory of a file, as `cd "$(dirname F)" &&
 * pwd` prints it: relative to $PWD, "." and ".." removed textually
 * (symbolic links are kept).  NULL if that directory does not exist. */
char *drv_abs_dir_of(const char *file);
/* The running executable, symbolic links resolved (/proc/self/exe,
 * else argv[0] resolved through $PATH; argv0 may be NULL); NULL if
 * unknown.  drv_exe_dir: its directory. */
char *drv_exe_path(const char *argv0);
char *drv_exe_dir(const char *argv0);
/* The file execvp would run for name: name itself when it has a slash,
 * else the first executable match in $PATH; NULL if none. */
char *drv_which(const char *name);

#endif
