// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * trail.c -- moving pan's trails beside the model (see trail.h).
 */
#include "trail.h"
#include "fs.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *drv_trail_suffix(char *const pan_opts[], size_t n)
{
	const char *suffix = "trail";
	for (size_t i = 0; i < n; i++)
		if (strncmp(pan_opts[i], "-t", 2) == 0 && pan_opts[i][2]
		    && strncmp(pan_opts[i], "-t_reverse", 10) != 0)
			suffix = pan_opts[i] + 2;
	return suffix;
}

typedef struct {
	const char *base, *suffix;
} trail_name;

/* BASE.SUF or BASE<digits>.SUF: -1 if name is neither, else the number (0 for none) */
static long trail_number(const char *name, const trail_name *t)
{
	size_t bl = strlen(t->base), n = strlen(name), sl = strlen(t->suffix);
	if (n < bl + sl + 1 || strncmp(name, t->base, bl) != 0
	    || strcmp(name + n - sl, t->suffix) != 0 || name[n - sl - 1] != '.')
		return -1;
	long num = 0;
	for (size_t i = bl; i < n - sl - 1; i++) {
		if (name[i] < '0' || name[i] > '9' || num > 1000000)
			return -1;
		num = num * 10 + (name[i] - '0');
	}
	return num;
}

/* The names of base's trails in dir, each after fn(dir, name, arg); the
 * first non-zero result stops and is returned. */
static int each_trail(const char *dir, const trail_name *t,
                      int (*fn)(const char *dir, const char *name, void *arg), void *arg)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	drv_strv names = { 0 };
	int rc = 0;
	if (!d)
		return errno == ENOENT ? 0 : -2;
	while ((e = readdir(d)) != NULL)
		if (trail_number(e->d_name, t) >= 0)
			drv_strv_push(&names, e->d_name);
	closedir(d);
	for (size_t i = 0; i < names.n && rc == 0; i++)
		rc = fn(dir, names.v[i], arg);
	drv_strv_free(&names);
	return rc;
}

static int remove_one(const char *dir, const char *name, void *arg)
{
	(void) arg;
	char *path = drv_printf("%s/%s", dir, name);
	int rc = 0;
	if (unlink(path) != 0 && errno != ENOENT) {
		drv_msg("cannot remove the old trail %s: %s", path, strerror(errno));
		rc = -1;
	}
	free(path);
	return rc;
}

int drv_trails_remove(const char *mdir, const char *base, const char *suffix)
{
	trail_name t = { base, suffix };
	int rc = each_trail(mdir, &t, remove_one, NULL);
	if (rc == -2)
		drv_msg("cannot read the directory %s: %s", mdir, strerror(errno));
	return rc == 0 ? 0 : -1;
}

/* from (on another file system) into a temporary file beside to, then
 * renamed to it; 0, or -1 with errno */
static int copy_into_place(const char *from, const char *to, const char *mdir)
{
	char *tmp = drv_printf("%s/.dmc-trail-XXXXXX", mdir);
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1, rc = -1, saved = 0;
	char buf[65536];
	ssize_t got;
	if (in < 0 || (out = mkstemp(tmp)) < 0)
		goto done;
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(out, 0666 & ~mask) != 0)
		goto done;
	while ((got = read(in, buf, sizeof buf)) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			goto done;
		}
		for (ssize_t off = 0; off < got; ) {
			ssize_t w = write(out, buf + off, (size_t)(got - off));
			if (w < 0) {
				if (errno == EINTR)
					continue;
				goto done;
			}
			off += w;
		}
	}
	if (fsync(out) != 0)
		goto done;
	int c = close(out);
	out = -1;
	if (c != 0 || rename(tmp, to) != 0)
		goto done;
	rc = 0;
done:
	saved = errno;
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	if (rc != 0)
		unlink(tmp);
	free(tmp);
	errno = saved;
	return rc;
}

typedef struct {
	const char *mdir;
	int moved;
} install_state;

static int install_one(const char *dir, const char *name, void *arg)
{
	install_state *st = arg;
	char *from = drv_printf("%s/%s", dir, name), *to = drv_printf("%s/%s", st->mdir, name);
	struct stat sb;
	int rc = 0;
	if (stat(from, &sb) != 0) {
		drv_msg("cannot read the trail %s: %s", from, strerror(errno));
		rc = -1;
	} else if (sb.st_size == 0) {
		/* pan created it and could not write a step */
		drv_msg("pan could not write the trail %s (it is empty: is that file system full?)", from);
		rc = -1;
	} else if (rename(from, to) != 0 && (errno != EXDEV || copy_into_place(from, to, st->mdir) != 0)) {
		drv_msg("cannot write the trail %s: %s", to, strerror(errno));
		rc = -1;
	} else
		st->moved++;
	free(from);
	free(to);
	return rc;
}

int drv_trails_install(const char *rundir, const char *mdir, const char *base, const char *suffix)
{
	install_state st = { mdir, 0 };
	trail_name t = { base, suffix };
	int rc = each_trail(rundir, &t, install_one, &st);
	if (rc == -2)
		drv_msg("cannot read the directory %s: %s", rundir, strerror(errno));
	return rc == 0 ? st.moved : -1;
}

char *drv_trail_to_replay(const char *mdir, const char *base, const char *suffix)
{
	for (int n = 0; n < 1000; n++) {
		char *name = n ? drv_printf("%s%d.%s", base, n, suffix) : drv_printf("%s.%s", base, suffix);
		char *path = drv_printf("%s/%s", mdir, name);
		int found = drv_is_file(path);
		free(path);
		if (found)
			return name;
		free(name);
	}
	return NULL;
}
