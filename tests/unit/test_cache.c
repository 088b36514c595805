/*
 * test_cache.c -- unit tests of driver/cache.c (the build cache's key)
 * and driver/path.c (dirname, basename).
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "driver/cache.h"
#include "driver/path.h"

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

static void test_includes(void)
{
	static const char model[] =
		"#include \"defs.h\"\n"
		"  #  include   \" spaced.h \" // trailing\n"
		"/* #include \"comment.h\" */\n"
		"#include <sys.h>\n"
		"#include \"a.h\" // \"last quote\"\n"
		"#include \"unclosed.h\n"
		"#define X 1\n"
		"#include\t\"last.h\"";
	drv_strv inc = { 0 };
	drv_model_includes(model, sizeof model - 1, &inc);
	CHECK_EQ_LONG(inc.n, 4);
	if (inc.n == 4) {
		CHECK_STR(inc.v[0], "defs.h");
		CHECK_STR(inc.v[1], "spaced.h");
		CHECK_STR(inc.v[2], "a.h\" // \"last quote");   /* as sed's greedy match */
		CHECK_STR(inc.v[3], "last.h");
	}
	drv_strv_free(&inc);
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
	unsetenv("HOME");
	d = drv_cache_dir();
	CHECK_STR(d, "/tmp/.cache/spin-dmc");
	free(d);
	unsetenv("DMC_CACHE");
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

CHECK_MAIN("cache",
	CASE(test_hash_streaming),
	CASE(test_hash_differs),
	CASE(test_includes),
	CASE(test_cache_dir),
	CASE(test_dirname_basename))
