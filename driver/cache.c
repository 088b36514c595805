// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cache.c -- the build cache's directory and key (see cache.h).
 */
/* realpath() and st_mtim are XSI/POSIX.1-2008 with XSI */
#define _XOPEN_SOURCE 700

#include "cache.h"
#include "fs.h"
#include "path.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define C1 UINT64_C(0x87c37b91114253d5)
#define C2 UINT64_C(0x4cf5ad432745937f)
#define SEED UINT64_C(0x5350494e2d444d43)

static uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static uint64_t mix_k(uint64_t k)
{
	k *= C1;
	k = rotl(k, 31);
	return k * C2;
}

static void block(drv_hash *s, const unsigned char *p)
{
	uint64_t k = 0;
	for (int i = 7; i >= 0; i--)
		k = (k << 8) | p[i];                       /* little-endian */
	s->h ^= mix_k(k);
	s->h = rotl(s->h, 27);
	s->h = s->h * 5 + 0x52dce729;
}

void drv_hash_init(drv_hash *s)
{
	memset(s, 0, sizeof *s);
	s->h = SEED;
}

void drv_hash_update(drv_hash *s, const void *data, size_t len)
{
	const unsigned char *p = data;
	s->total += len;
	if (s->nbuf > 0) {
		while (len > 0 && s->nbuf < 8) {
			s->buf[s->nbuf++] = *p++;
			len--;
		}
		if (s->nbuf < 8)
			return;
		block(s, s->buf);
		s->nbuf = 0;
	}
	for (; len >= 8; p += 8, len -= 8)
		block(s, p);
	memcpy(s->buf, p, len);
	s->nbuf = len;
}

uint64_t drv_hash_final(const drv_hash *s)
{
	uint64_t h = s->h, k = 0;
	if (s->nbuf > 0) {
		for (size_t i = s->nbuf; i-- > 0; )
			k = (k << 8) | s->buf[i];
		h ^= mix_k(k);
	}
	h ^= s->total;
	h ^= h >> 33;                                   /* fmix64 */
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	h *= UINT64_C(0xc4ceb9fe1a85ec53);
	h ^= h >> 33;
	return h;
}

static void hash_length(drv_hash *s, uint64_t len)
{
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(len >> (8 * i));
	drv_hash_update(s, b, 8);
}

void drv_hash_item(drv_hash *s, const void *data, size_t len)
{
	drv_hash_update(s, data, len);
	hash_length(s, len);
}

int drv_hash_file(drv_hash *s, const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char buf[65536];
	size_t got;
	uint64_t len = 0;
	int rc = 0;
	if (!f)
		return -1;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		drv_hash_update(s, buf, got);
		len += got;
	}
	if (ferror(f))
		rc = -1;
	fclose(f);
	hash_length(s, len);
	return rc;
}

/* ---- the cache directory ---- */

char *drv_cache_dir(void)
{
	const char *v = getenv("DMC_CACHE");
	if (v && *v)
		return drv_strdup(v);
	v = getenv("XDG_CACHE_HOME");
	if (v && v[0] == '/')                  /* relative ones are to be ignored */
		return drv_printf("%s/spin-dmc", v);
	v = getenv("HOME");
	if (v && *v)
		return drv_printf("%s/.cache/spin-dmc", v);
	struct passwd *pw = getpwuid(geteuid());
	if (pw && pw->pw_dir && pw->pw_dir[0] == '/' && drv_untrusted(pw->pw_dir, 1) == NULL)
		return drv_printf("%s/.cache/spin-dmc", pw->pw_dir);
	/* a name of our own, not one anybody could create first and fill */
	return drv_printf("/tmp/spin-dmc-%lu", (unsigned long) geteuid());
}

static const char *why_not(const struct stat *st, int dir)
{
	if (dir ? !S_ISDIR(st->st_mode) : !S_ISREG(st->st_mode))
		return dir ? "not a directory" : "not a regular file";
	if (st->st_uid != geteuid())
		return "owned by another user";
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return "writable by group or others";
	return NULL;
}

const char *drv_untrusted(const char *path, int dir)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return strerror(errno);
	if (S_ISLNK(st.st_mode))
		return "a symbolic link";
	return why_not(&st, dir);
}

char *drv_cache_open(void)
{
	char *dir = drv_cache_dir();
	struct stat st;
	if (dir[0] != '/') {
		char cwd[4096];
		if (!getcwd(cwd, sizeof cwd)) {
			drv_msg("build cache %s: cannot find the current directory: %s", dir, strerror(errno));
			free(dir);
			return NULL;
		}
		char *abs = drv_printf("%s/%s", cwd, dir);
		free(dir);
		dir = abs;
	}
	if (drv_mkdir_p(dir) != 0) {
		drv_msg("cannot create the build cache %s: %s (set DMC_CACHE to another directory)",
		        dir, strerror(errno));
		free(dir);
		return NULL;
	}
	/* the cache itself may be a symbolic link to a directory of ours */
	const char *why = stat(dir, &st) != 0 ? strerror(errno) : why_not(&st, 1);
	if (why) {
		drv_msg("refusing the build cache %s: %s (whoever can write there chooses the "
		        "program dmc runs; set DMC_CACHE to a directory of yours, mode 0700)", dir, why);
		free(dir);
		return NULL;
	}
	return dir;
}

/* ---- the key ---- */

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/* The regular files in dir whose names start with prefix, sorted. */
static void files_in(const char *dir, const char *prefix, drv_strv *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t first = out->n;
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
			continue;
		char *path = drv_printf("%s/%s", dir, e->d_name);
		if (drv_is_file(path))
			drv_strv_push(out, path);
		free(path);
	}
	closedir(d);
	qsort(out->v + first, out->n - first, sizeof *out->v, by_name);
}

/* A program's identity: the file it resolves to, with size, time and
 * inode (a program's contents are too big to hash every time). */
static void hash_program(drv_hash *s, const char *name)
{
	char *found = drv_which(name), *real = found ? realpath(found, NULL) : NULL;
	struct stat st;
	char *id;
	if (real && stat(real, &st) == 0)
		id = drv_printf("%s|%s|%lld|%lld.%09ld|%llu", name, real, (long long) st.st_size,
		                (long long) st.st_mtim.tv_sec, (long) st.st_mtim.tv_nsec,
		                (unsigned long long) st.st_ino);
	else
		id = drv_printf("%s|not found", name);
	drv_hash_item(s, id, strlen(id));
	free(id);
	free(real);
	free(found);
}

/* A file's name and contents (or that it is missing). */
static void hash_named_file(drv_hash *s, const char *path)
{
	drv_hash_item(s, path, strlen(path));
	if (drv_hash_file(s, path) != 0)
		drv_hash_item(s, "missing", 7);
}

char *drv_build_key(const char *gendir, const drv_build_inputs *in)
{
	static const char *const compiler_env[] = {
		"CPATH", "C_INCLUDE_PATH", "LIBRARY_PATH", "GCC_EXEC_PREFIX", "COMPILER_PATH",
		"GCC_COMPARE_DEBUG", NULL
	};
	drv_hash s;
	drv_strv files = { 0 };
	drv_hash_init(&s);
	char *head = drv_printf("spin-dmc build 2|%s|%s|%d", in->spin_opts, in->cflags, in->portable);
	drv_hash_item(&s, head, strlen(head));
	free(head);
	/* SPIN's output: the model, everything it includes, --spin-opts */
	files_in(gendir, "pan.", &files);
	for (size_t i = 0; i < files.n; i++) {
		const char *base = strrchr(files.v[i], '/') + 1;
		drv_hash_item(&s, base, strlen(base));
		drv_hash_file(&s, files.v[i]);
	}
	drv_strv_free(&files);
	/* the front end's metadata compiled into pan (by its contents) */
	if (in->meta) {
		drv_hash_item(&s, "meta", 4);
		if (drv_hash_file(&s, in->meta) != 0)
			drv_hash_item(&s, "missing", 7);
	}
	/* the programs; dmc's own compile steps are in its executable */
	hash_program(&s, in->spin);
	hash_program(&s, in->cc);
	hash_program(&s, "/proc/self/exe");
	for (const char *const *v = compiler_env; *v; v++) {
		const char *val = getenv(*v);
		char *item = drv_printf("%s=%s", *v, val ? val : "(unset)");
		drv_hash_item(&s, item, strlen(item));
		free(item);
	}
	/* the runtime, the plugin, the glue and the headers */
	char *lib = drv_printf("%s/libdmc.a", in->libdir), *plugin = drv_printf("%s/dmc-gcc.so", in->libdir);
	/* dmc cc --mpi's runtime (absent without Open MPI) */
	char *mpilib = drv_printf("%s/libdmc_mpi.a", in->libdir);
	hash_named_file(&s, lib);
	hash_named_file(&s, plugin);
	hash_named_file(&s, mpilib);
	free(lib);
	free(plugin);
	free(mpilib);
	files_in(in->share, "", &files);
	for (size_t i = 0; i < files.n; i++)
		hash_named_file(&s, files.v[i]);
	drv_strv_free(&files);
	return drv_printf("%016" PRIx64, drv_hash_final(&s));
}

char *drv_file_digest(const char *path)
{
	drv_hash s;
	struct stat st;
	drv_hash_init(&s);
	if (stat(path, &st) != 0 || drv_hash_file(&s, path) != 0)
		return NULL;
	return drv_printf("%lld %016" PRIx64, (long long) st.st_size, drv_hash_final(&s));
}
