// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cache_cmd.c -- `dmc cache clean|size|path`, and the cache's size bound:
 * after each new build the least recently used entries go until the
 * cache holds at most $DMC_CACHE_MAX_MB megabytes (default
 * DRV_CACHE_MAX_MB).  A use of an entry (build.c) renews its
 * modification time.  Entries used in the last DRV_CACHE_IN_USE seconds
 * stay: another dmc may be about to run their pan.
 */
#define _XOPEN_SOURCE 700

#include "cache_trim.h"
#include "cache.h"
#include "cmd.h"
#include "help.h"
#include "fs.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DRV_CACHE_MAX_MB 1024
#define DRV_CACHE_IN_USE 600

/* KEY: 16 hex digits (cache.h) */
static int is_key(const char *name)
{
	size_t n = strlen(name);
	return n == 16 && strspn(name, "0123456789abcdef") == 16;
}

/* bytes under path (blocks allocated), links not followed */
static double du(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return 0;
	double n = (double) st.st_blocks * 512;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *e;
		while (d && (e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char *sub = drv_printf("%s/%s", path, e->d_name);
			n += du(sub);
			free(sub);
		}
		if (d)
			closedir(d);
	}
	return n;
}

typedef struct {
	char *key;
	time_t used;
	double bytes;
} entry;

static int oldest_first(const void *a, const void *b)
{
	const entry *x = a, *y = b;
	return x->used < y->used ? -1 : x->used > y->used;
}

/* the cache's entries (with their sizes), n of them */
static entry *entries(const char *cache, size_t *n)
{
	DIR *d = opendir(cache);
	struct dirent *e;
	entry *v = NULL;
	size_t cap = 0;
	*n = 0;
	while (d && (e = readdir(d)) != NULL) {
		struct stat st;
		if (!is_key(e->d_name))
			continue;
		char *path = drv_printf("%s/%s", cache, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (*n == cap)
				v = drv_realloc(v, (cap = cap ? 2 * cap : 64) * sizeof *v);
			v[*n] = (entry) { drv_strdup(e->d_name), st.st_mtime, du(path) };
			++*n;
		}
		free(path);
	}
	if (d)
		closedir(d);
	return v;
}

/* remove the entry KEY and its lock when nobody holds the lock; 0 done */
static int remove_entry(const char *cache, const char *key)
{
	char *lock = drv_printf("%s/%s.lock", cache, key), *path = drv_printf("%s/%s", cache, key);
	int fd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600), rc = -1;
	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) {
		rc = drv_rm_rf(path);
		unlink(lock);
	}
	if (fd >= 0)
		close(fd);
	free(lock);
	free(path);
	return rc;
}

static double max_bytes(void)
{
	const char *v = getenv("DMC_CACHE_MAX_MB");
	char *end;
	double mb = v && *v ? strtod(v, &end) : DRV_CACHE_MAX_MB;
	if (v && *v && (*end || !(mb >= 0)))
		mb = DRV_CACHE_MAX_MB;
	return mb * 1024 * 1024;
}

void drv_cache_trim(const char *cache, const char *keep)
{
	size_t n;
	entry *v = entries(cache, &n);
	double total = 0, bound = max_bytes();
	time_t now = time(NULL);
	for (size_t i = 0; i < n; i++)
		total += v[i].bytes;
	qsort(v, n, sizeof *v, oldest_first);
	for (size_t i = 0; i < n && total > bound; i++)
		if (strcmp(v[i].key, keep) != 0 && now - v[i].used > DRV_CACHE_IN_USE
		    && remove_entry(cache, v[i].key) == 0)
			total -= v[i].bytes;
	for (size_t i = 0; i < n; i++)
		free(v[i].key);
	free(v);
}

void drv_cache_touch(const char *entry_dir)
{
	utimensat(AT_FDCWD, entry_dir, NULL, AT_SYMLINK_NOFOLLOW);
}

/* build-XXXXXX and run-XXXXXX directories (build.c) an interrupted dmc
 * left, older than a day */
static void remove_leftovers(const char *cache)
{
	DIR *d = opendir(cache);
	struct dirent *e;
	time_t now = time(NULL);
	while (d && (e = readdir(d)) != NULL) {
		struct stat st;
		if (strncmp(e->d_name, "build-", 6) != 0 && strncmp(e->d_name, "run-", 4) != 0)
			continue;
		char *path = drv_printf("%s/%s", cache, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && now - st.st_mtime > 86400)
			drv_rm_rf(path);
		free(path);
	}
	if (d)
		closedir(d);
}

int drv_cmd_cache(const drv_env *e, int argc, char **argv)
{
	(void) e;
	int flag;
	if (argc != 1 || !drv_command_option(&drv_commands[DRV_CMD_CACHE], argv[0], &flag)) {
		drv_msg("cache: expected clean, size or path (usage: dmc cache clean|size|path)");
		return 2;
	}
	char *cache = drv_cache_open();
	if (!cache)
		return 2;
	int rc = 0;
	if (strcmp(argv[0], "path") == 0)
		printf("%s\n", cache);
	else if (strcmp(argv[0], "size") == 0) {
		size_t n;
		entry *v = entries(cache, &n);
		double total = 0;
		for (size_t i = 0; i < n; i++) {
			total += v[i].bytes;
			free(v[i].key);
		}
		free(v);
		printf("%.0f bytes in %zu builds (bound %.0f bytes: DMC_CACHE_MAX_MB)\n", total, n, max_bytes());
	} else {
		size_t n, kept = 0;
		entry *v = entries(cache, &n);
		for (size_t i = 0; i < n; i++) {
			if (remove_entry(cache, v[i].key) != 0)
				kept++;
			free(v[i].key);
		}
		free(v);
		remove_leftovers(cache);
		printf("removed %zu builds from %s", n - kept, cache);
		if (kept)
			printf(" (%zu in use by another dmc kept)", kept);
		printf("\n");
	}
	free(cache);
	fflush(stdout);
	return rc;
}
