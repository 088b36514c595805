// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fs.c -- test -f, mkdir -p, rm -rf, reading files.
 */
#include "fs.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int drv_is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int drv_is_exec(const char *path)
{
	return access(path, X_OK) == 0;
}

int drv_mkdir_p(const char *path)
{
	char *p = drv_strdup(path);
	struct stat st;
	int rc = 0;
	for (char *s = p + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST) {
			rc = -1;
			break;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	if (rc == 0 && stat(path, &st) != 0)
		rc = -1;
	else if (rc == 0 && !S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		rc = -1;
	}
	free(p);
	return rc;
}

int drv_rm_rf(const char *path)
{
	struct stat st;
	int rc = 0;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *e;
		if (!d)
			return -1;
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char *sub = drv_printf("%s/%s", path, e->d_name);
			if (drv_rm_rf(sub) != 0)
				rc = -1;
			free(sub);
		}
		closedir(d);
		if (rmdir(path) != 0)
			rc = -1;
	} else if (unlink(path) != 0)
		rc = -1;
	return rc;
}

char *drv_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0, cap = 8192, got;
	char *buf;
	if (!f)
		return NULL;
	buf = drv_alloc(cap);
	while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (cap - n - 1 == 0) {
			cap *= 2;
			buf = drv_realloc(buf, cap);
		}
	}
	if (ferror(f)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

int drv_file_contains(const char *path, const char *const *needles)
{
	size_t len = 0;
	char *text = drv_read_file(path, &len);
	int found = 0;
	for (const char *const *nd = needles; text && *nd && !found; nd++) {
		size_t m = strlen(*nd);
		for (size_t i = 0; i + m <= len && !found; i++)
			found = memcmp(text + i, *nd, m) == 0;
	}
	free(text);
	return found;
}

int drv_cat(const char *path, FILE *out)
{
	FILE *f = fopen(path, "rb");
	char buf[8192];
	size_t got;
	if (!f)
		return -1;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, got, out);
	fclose(f);
	fflush(out);
	return 0;
}
