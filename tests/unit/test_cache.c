// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_cache.c -- unit tests of driver/cache.c (the build cache: its
 * directory, key and digests), driver/trail.c (trails moved beside the
 * model) and driver/path.c (dirname, basename).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "driver/cache.h"
#include "driver/fs.h"
#include "driver/path.h"
#include "driver/trail.h"
#include "driver/util.h"

static uint64_t hash_of(const char *s, size_t len)
{
	drv_hash h;
	drv_hash_init(&h);
	drv_hash_update(&h, s, len);
	return drv_hash_final(&h);
}

static void test_hash_streaming(void)
{
	static const char text[] = "proctype P() { assert(false) } /* a model of 48+ bytes */";
	size_t n = sizeof text - 1;
	uint64_t whole = hash_of(text, n);
	/* any split into pieces gives the same hash */
	for (size_t cut = 0; cut <= n; cut++) {
		drv_hash h;
		drv_hash_init(&h);
		drv_hash_update(&h, text, cut);
		drv_hash_update(&h, text + cut, n - cut);
		CHECK(drv_hash_final(&h) == whole);
	}
	drv_hash h;
	drv_hash_init(&h);
	for (size_t i = 0; i < n; i++)
		drv_hash_update(&h, text + i, 1);
	CHECK(drv_hash_final(&h) == whole);
	/* final does not change the state */
	CHECK(drv_hash_final(&h) == whole);
}

static void test_hash_differs(void)
{
	uint64_t seen[64];
	char buf[16] = { 0 };
	/* every prefix of a zero buffer, and single flipped bits */
	for (size_t i = 0; i < 16; i++)
		seen[i] = hash_of(buf, i);
	for (size_t i = 0; i < 16; i++) {
		buf[i] = 1;
		seen[16 + i] = hash_of(buf, 16);
		buf[i] = (char)0x80;
		seen[32 + i] = hash_of(buf, 16);
		buf[i] = 0;
	}
	seen[48] = hash_of("a", 1);
	seen[49] = hash_of("b", 1);
	size_t clashes = 0;
	for (size_t i = 0; i < 50; i++)
		for (size_t j = i + 1; j < 50; j++)
			clashes += seen[i] == seen[j];
	CHECK_EQ_LONG(clashes, 0);
	/* framed items: "ab" + "c" is not "a" + "bc" */
	drv_hash a, b;
	drv_hash_init(&a);
	drv_hash_init(&b);
	drv_hash_item(&a, "ab", 2);
	drv_hash_item(&a, "c", 1);
	drv_hash_item(&b, "a", 1);
	drv_hash_item(&b, "bc", 2);
	CHECK(drv_hash_final(&a) != drv_hash_final(&b));
}

static void test_cache_dir(void)
{
	char *d;
	setenv("DMC_CACHE", "/c/dmc", 1);
	d = drv_cache_dir();
	CHECK_STR(d, "/c/dmc");
	free(d);
	setenv("DMC_CACHE", "", 1);
	setenv("XDG_CACHE_HOME", "/xdg", 1);
	d = drv_cache_dir();
	CHECK_STR(d, "/xdg/spin-dmc");
	free(d);
	unsetenv("XDG_CACHE_HOME");
	setenv("HOME", "/home/u", 1);
	d = drv_cache_dir();
	CHECK_STR(d, "/home/u/.cache/spin-dmc");
	free(d);
	/* a relative XDG_CACHE_HOME is to be ignored */
	setenv("XDG_CACHE_HOME", "rel", 1);
	d = drv_cache_dir();
	CHECK_STR(d, "/home/u/.cache/spin-dmc");
	free(d);
	unsetenv("XDG_CACHE_HOME");
	/* without HOME: never a name in /tmp another user could create
	 * first (/tmp/.cache/spin-dmc was one) */
	for (int empty = 0; empty < 2; empty++) {
		if (empty)
			setenv("HOME", "", 1);
		else
			unsetenv("HOME");
		d = drv_cache_dir();
		CHECK(strncmp(d, "/tmp/.cache", 11) != 0);
		CHECK(d[0] == '/');
		CHECK(strstr(d, "spin-dmc") != NULL);
		free(d);
	}
	unsetenv("DMC_CACHE");
}

static char scratch[] = "/tmp/dmc-test-cache-XXXXXX";

static void put(const char *dir, const char *name, const char *text)
{
	char *p = drv_printf("%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	free(p);
}

/* the cache refuses what others could have written */
static void test_cache_open_refuses(void)
{
	char *dir = drv_printf("%s/shared", scratch), *d;
	CHECK(mkdir(dir, 0777) == 0);
	CHECK(chmod(dir, 0777) == 0);
	setenv("DMC_CACHE", dir, 1);
	d = drv_cache_open();
	CHECK(d == NULL);                           /* writable by others */
	free(d);
	CHECK(chmod(dir, 0700) == 0);
	d = drv_cache_open();
	CHECK(d != NULL);
	if (d)
		CHECK_STR(d, dir);
	free(d);
	/* created when missing, 0700 */
	char *fresh = drv_printf("%s/a/b/spin-dmc", scratch);
	struct stat st;
	setenv("DMC_CACHE", fresh, 1);
	d = drv_cache_open();
	CHECK(d != NULL && stat(fresh, &st) == 0 && (st.st_mode & 0777) == 0700);
	free(d);
	unsetenv("DMC_CACHE");
	/* entries: a symbolic link or a group-writable file is not ours to run */
	char *f = drv_printf("%s/f", scratch), *l = drv_printf("%s/l", scratch);
	put(scratch, "f", "x");
	CHECK(chmod(f, 0755) == 0);
	CHECK(drv_untrusted(f, 0) == NULL);
	CHECK(drv_untrusted(f, 1) != NULL);
	CHECK(chmod(f, 0775) == 0);
	CHECK(drv_untrusted(f, 0) != NULL);
	CHECK(symlink(f, l) == 0);
	CHECK(drv_untrusted(l, 0) != NULL);
	free(f);
	free(l);
	free(fresh);
	free(dir);
}

/* the key changes with every input of the build */
static void test_build_key(void)
{
	char *gen = drv_printf("%s/gen", scratch), *lib = drv_printf("%s/lib", scratch);
	char *share = drv_printf("%s/lib/share", scratch);
	CHECK(mkdir(gen, 0700) == 0 && mkdir(lib, 0700) == 0 && mkdir(share, 0700) == 0);
	put(gen, "pan.c", "int main(void) { return 0; }\n");
	put(gen, "pan.h", "#define PanSource \"src/m.pml\"\n");
	put(gen, "spin.out", "");
	put(lib, "libdmc.a", "lib");
	put(lib, "dmc-gcc.so", "plugin");
	put(share, "dmc_glue.c", "glue");
	put(share, "runtime.h", "header");
	drv_build_inputs in = { "sh", "sh", "", "", 0, lib, share, NULL };
	char *k0 = drv_build_key(gen, &in), *k;
	k = drv_build_key(gen, &in);
	CHECK_STR(k, k0);                           /* the same inputs, the same key */
	free(k);
	put(gen, "spin.out", "not SPIN's output for the model");
	k = drv_build_key(gen, &in);
	CHECK_STR(k, k0);
	free(k);
	const char *edits[][2] = {
		{ "gen", "pan.h" }, { "gen", "pan.m" }, { "lib", "libdmc.a" }, { "lib", "dmc-gcc.so" },
		{ "lib/share", "runtime.h" }, { "lib/share", "new.h" },
	};
	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
		char *d = drv_printf("%s/%s", scratch, edits[i][0]);
		put(d, edits[i][1], "changed");
		k = drv_build_key(gen, &in);
		CHECK(strcmp(k, k0) != 0);
		free(k0);
		k0 = k;
		free(d);
	}
	drv_build_inputs other[] = {
		{ "sh", "sh", "-o3", "", 0, lib, share, NULL },
		{ "sh", "sh", "", "-DX", 0, lib, share, NULL },
		{ "sh", "sh", "", "", 1, lib, share, NULL },
		{ "spin-dmc-no-such-program", "sh", "", "", 0, lib, share, NULL },
		{ "sh", "cat", "", "", 0, lib, share, NULL },
	};
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
		k = drv_build_key(gen, &other[i]);
		CHECK(strcmp(k, k0) != 0);
		free(k);
	}
	/* a front end's metadata header: its contents, not its name */
	put(scratch, "m1.h", "int a;\n");
	put(scratch, "m2.h", "int a;\n");
	char *m1 = drv_printf("%s/m1.h", scratch), *m2 = drv_printf("%s/m2.h", scratch);
	drv_build_inputs with_meta = in, with_other = in;
	with_meta.meta = m1;
	with_other.meta = m2;
	char *km = drv_build_key(gen, &with_meta);
	k = drv_build_key(gen, &with_other);
	CHECK(strcmp(km, k0) != 0);
	CHECK_STR(k, km);
	free(k);
	put(scratch, "m2.h", "int b;\n");
	k = drv_build_key(gen, &with_other);
	CHECK(strcmp(k, km) != 0);
	free(k);
	free(km);
	free(m1);
	free(m2);
	setenv("CPATH", "/somewhere", 1);
	k = drv_build_key(gen, &in);
	CHECK(strcmp(k, k0) != 0);
	free(k);
	unsetenv("CPATH");
	free(k0);
	free(gen);
	free(lib);
	free(share);
}

static void test_file_digest(void)
{
	char *f = drv_printf("%s/pan", scratch);
	put(scratch, "pan", "\177ELF and the rest");
	char *a = drv_file_digest(f);
	put(scratch, "pan", "\177ELF and the res");
	char *b = drv_file_digest(f);
	put(scratch, "pan", "");
	char *c = drv_file_digest(f);
	CHECK(a && b && c && strcmp(a, b) != 0 && strcmp(b, c) != 0);
	if (c)
		CHECK(strncmp(c, "0 ", 2) == 0);
	free(a);
	free(b);
	free(c);
	free(f);
	CHECK(drv_file_digest("/nonexistent/pan") == NULL);
}

static void test_dirname_basename(void)
{
	static const char *const cases[][3] = {
		{ "model.pml", ".", "model.pml" },
		{ "a/b/model.pml", "a/b", "model.pml" },
		{ "/model.pml", "/", "model.pml" },
		{ "//x//y//", "//x", "y" },
		{ "/", "/", "/" },
		{ "a/", ".", "a" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *d = drv_dirname(cases[i][0]), *b = drv_basename(cases[i][0]);
		CHECK_STR(d, cases[i][1]);
		CHECK_STR(b, cases[i][2]);
		free(d);
		free(b);
	}
}

static int exists(const char *dir, const char *name)
{
	char *p = drv_printf("%s/%s", dir, name);
	int yes = access(p, F_OK) == 0;
	free(p);
	return yes;
}

static void test_trails(void)
{
	char *run = drv_printf("%s/run", scratch), *m = drv_printf("%s/m", scratch);
	CHECK(mkdir(run, 0700) == 0 && mkdir(m, 0700) == 0);
	/* the suffix: pan's -tSUF, not -t_reverse */
	char *opts[] = { "-e", "-tmine", "-t_reverse", "-t" };
	CHECK_STR(drv_trail_suffix(opts, 1), "trail");
	CHECK_STR(drv_trail_suffix(opts, 4), "mine");
	/* old trails of the model go, other files stay */
	put(m, "x.pml", "model");
	put(m, "x.pml.trail", "old");
	put(m, "x.pml12.trail", "old");
	put(m, "x.pml.trail.bak", "keep");
	put(m, "y.pml.trail", "keep");
	put(m, "x.pmlz.trail", "keep");
	CHECK(drv_trails_remove(m, "x.pml", "trail") == 0);
	CHECK(!exists(m, "x.pml.trail") && !exists(m, "x.pml12.trail"));
	CHECK(exists(m, "x.pml.trail.bak") && exists(m, "y.pml.trail") && exists(m, "x.pmlz.trail"));
	char *none = drv_trail_to_replay(m, "x.pml", "trail");
	CHECK(none == NULL);
	/* pan's trails move; an empty one is a failure to write it */
	put(run, "x.pml2.trail", "1:0:1\n");
	put(run, "x.pml1.trail", "1:0:2\n");
	put(run, "pan.out", "other");
	CHECK_EQ_LONG(drv_trails_install(run, m, "x.pml", "trail"), 2);
	CHECK(exists(m, "x.pml1.trail") && exists(m, "x.pml2.trail") && !exists(run, "x.pml1.trail"));
	CHECK(!exists(m, "pan.out"));
	char *first = drv_trail_to_replay(m, "x.pml", "trail");
	CHECK(first != NULL);
	if (first)
		CHECK_STR(first, "x.pml1.trail");
	free(first);
	put(run, "x.pml.trail", "");
	CHECK_EQ_LONG(drv_trails_install(run, m, "x.pml", "trail"), -1);
	CHECK(!exists(m, "x.pml.trail"));
	free(run);
	free(m);
}

static void make_scratch(void)
{
	CHECK(mkdtemp(scratch) != NULL);
}

static void remove_scratch(void)
{
	CHECK(drv_rm_rf(scratch) == 0);
}

CHECK_MAIN("cache",
	CASE(test_hash_streaming),
	CASE(test_hash_differs),
	CASE(test_cache_dir),
	CASE(make_scratch),
	CASE(test_cache_open_refuses),
	CASE(test_build_key),
	CASE(test_file_digest),
	CASE(test_trails),
	CASE(remove_scratch),
	CASE(test_dirname_basename))
