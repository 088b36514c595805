// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fs.h -- the file-system operations the driver needs, without a shell:
 * test -f / -x, mkdir -p, rm -rf, reading and copying files.
 */
#ifndef DRV_FS_H
#define DRV_FS_H

#include <stddef.h>
#include <stdio.h>

int drv_is_file(const char *path);        /* test -f: a regular file (links followed) */
int drv_is_exec(const char *path);        /* test -x */
int drv_mkdir_p(const char *path);        /* mkdir -p, new ones 0700; 0 on success (else errno says why) */
int drv_rm_rf(const char *path);          /* rm -rf; 0 on success */
/* The whole file, NUL-terminated (*len without the NUL); NULL on error. */
char *drv_read_file(const char *path, size_t *len);
/* 1 when the file holds one of the NULL-terminated needles, else 0
 * (also when it cannot be read). */
int drv_file_contains(const char *path, const char *const *needles);
/* cat PATH >&out; 0 on success. */
int drv_cat(const char *path, FILE *out);

#endif
