// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * path.c -- dirname, basename, logical absolute directories, the
 * executable's directory.
 */
/* realpath() is an XSI function: the one place the driver asks for more
 * than POSIX.1-2008's base */
#define _XOPEN_SOURCE 700

#include "path.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *drv_dirname(const char *path)
{
	char *d = drv_strdup(path);
	size_t n = strlen(d);
	if (n == 0) {
		free(d);
		return drv_strdup(".");
	}
	while (n > 1 && d[n - 1] == '/')          /* trailing slashes */
		d[--n] = '\0';
	char *slash = strrchr(d, '/');
	if (!slash) {
		free(d);
		return drv_strdup(".");
	}
	n = (size_t)(slash - d);
	while (n > 0 && d[n - 1] == '/')
		n--;
	if (n == 0)
		n = 1;                                   /* "/x" -> "/" */
	d[n] = '\0';
	return d;
}

char *drv_basename(const char *path)
{
	char *b = drv_strdup(path);
	size_t n = strlen(b);
	while (n > 1 && b[n - 1] == '/')
		b[--n] = '\0';
	char *slash = strrchr(b, '/');
	if (slash && slash[1] != '\0') {
		char *r = drv_strdup(slash + 1);
		free(b);
		return r;
	}
	return b;
}

/* The shell's idea of the current directory: $PWD when it names the
 * current directory, else getcwd(). */
static char *current_dir(void)
{
	const char *pwd = getenv("PWD");
	struct stat a, b;
	if (pwd && pwd[0] == '/' && stat(pwd, &a) == 0 && stat(".", &b) == 0
	    && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		return drv_strdup(pwd);
	size_t cap = 256;
	for (;;) {
		char *buf = drv_alloc(cap);
		if (getcwd(buf, cap))
			return buf;
		free(buf);
		if (cap > 1 << 20)
			return NULL;
		cap *= 2;
	}
}

/* Remove "." and ".." components and duplicate slashes, textually. */
static char *canonical(const char *abs)
{
	size_t n = strlen(abs);
	char *out = drv_alloc(n + 2);
	size_t o = 0;
	const char *s = abs;
	while (*s) {
		while (*s == '/')
			s++;
		if (!*s)
			break;
		size_t len = strcspn(s, "/");
		if (len == 1 && s[0] == '.') {
			/* nothing */
		} else if (len == 2 && s[0] == '.' && s[1] == '.') {
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > 0)
				o--;                           /* the slash */
		} else {
			out[o++] = '/';
			memcpy(out + o, s, len);
			o += len;
		}
		s += len;
	}
	if (o == 0)
		out[o++] = '/';
	out[o] = '\0';
	return out;
}

char *drv_abs_dir_of(const char *file)
{
	char *dir = drv_dirname(file), *joined, *result;
	struct stat st;
	if (dir[0] == '/')
		joined = dir;
	else {
		char *cwd = current_dir();
		if (!cwd) {
			free(dir);
			return NULL;
		}
		joined = drv_printf("%s/%s", cwd, dir);
		free(cwd);
		free(dir);
	}
	result = canonical(joined);
	if (stat(result, &st) != 0 || !S_ISDIR(st.st_mode)) {
		/* the textual path does not lead there: resolve physically */
		free(result);
		result = realpath(joined, NULL);
		if (result && (stat(result, &st) != 0 || !S_ISDIR(st.st_mode))) {
			free(result);
			result = NULL;
		}
	}
	free(joined);
	return result;
}

/* argv[0] without a slash: the first match in $PATH, as the shell found it */
static char *search_path(const char *name)
{
	const char *path = getenv("PATH");
	if (!path)
		return NULL;
	while (*path) {
		size_t len = strcspn(path, ":");
		char *cand = len ? drv_printf("%.*s/%s", (int)len, path, name)
		                 : drv_printf("./%s", name);
		struct stat st;
		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && access(cand, X_OK) == 0)
			return cand;
		free(cand);
		path += len;
		if (*path == ':')
			path++;
	}
	return NULL;
}

char *drv_which(const char *name)
{
	if (strchr(name, '/'))
		return drv_strdup(name);
	return search_path(name);
}

char *drv_exe_path(const char *argv0)
{
	char *exe = realpath("/proc/self/exe", NULL);
	if (!exe && argv0 && *argv0) {
		if (strchr(argv0, '/'))
			exe = realpath(argv0, NULL);
		else {
			char *found = search_path(argv0);
			if (found) {
				exe = realpath(found, NULL);
				free(found);
			}
		}
	}
	return exe;
}

char *drv_exe_dir(const char *argv0)
{
	char *exe = drv_exe_path(argv0);
	if (!exe)
		return NULL;
	char *dir = drv_dirname(exe);
	free(exe);
	return dir;
}
