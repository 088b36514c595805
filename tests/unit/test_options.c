/*
 * test_options.c -- the runtime's option parser refuses what it cannot
 * honour: NaN, infinities and out-of-range numbers, -a with -l.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "options.h"

/* parse pan's argv "pan ARGS..." (NULL-terminated list) */
static int parse(const char *const *args, dmc_options *o, char *err, size_t n)
{
	char *argv[16] = { "pan" };
	int argc = 1;
	for (; args[argc - 1]; argc++)
		argv[argc] = (char *) args[argc - 1];
	argv[argc] = NULL;
	return dmc_options_parse(&argc, argv, "bfs", "none", o, err, n);
}

static void refused(const char *opt, const char *value)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { opt, value, NULL };
	int rc = parse(args, &o, err, sizeof err);
	if (rc != -1 || !strstr(err, opt))
		fprintf(stderr, "  %s %s: rc %d, '%s'\n", opt, value, rc, err);
	CHECK_EQ_LONG(rc, -1);
	CHECK(strstr(err, opt) != NULL);
}

static void test_numbers_must_be_numbers_in_range(void)
{
	static const char *const opts[] = { "--weight", "--max-depth", "--memlim", "--time-limit",
	                                     "--beam", NULL };
	static const char *const bad[] = { "nan", "NaN", "inf", "-inf", "1e300", "-1", "0", "x", "", NULL };
	for (int i = 0; opts[i]; i++)
		for (int j = 0; bad[j]; j++)
			refused(opts[i], bad[j]);
	refused("--beam", "2.5");
	refused("--weight", "1e7");
}

static void test_numbers_in_range_are_taken(void)
{
	dmc_options o;
	char err[512] = "";
	const char *args[] = { "--search=wastar", "--weight", "1e6", "--max-depth=2e9", "--memlim", "1e12",
	                       "--time-limit", "0.5", "--beam", "1e12", NULL };
	CHECK_EQ_LONG(parse(args, &o, err, sizeof err), 0);
	CHECK(o.weight == 1e6);
	CHECK_EQ_LONG(o.max_depth, 2000000000L);
	CHECK(o.memlim_mb == 1e12 && o.time_limit == 0.5);
	CHECK(o.beam_width == (size_t) 1e12);
}

static void test_a_and_l_are_separate_runs(void)
{
	dmc_options o;
	char err[512] = "";
	const char *al[] = { "-a", "-l", NULL }, *la[] = { "-l", "-a", NULL }, *aa[] = { "-a", "-a", NULL };
	CHECK_EQ_LONG(parse(al, &o, err, sizeof err), -1);
	CHECK(strstr(err, "-a and -l cannot be combined") != NULL);
	CHECK_EQ_LONG(parse(la, &o, err, sizeof err), -1);
	CHECK_EQ_LONG(parse(aa, &o, err, sizeof err), 0);
	CHECK_EQ_LONG(o.cycles, 1);
}

CHECK_MAIN("options",
	CASE(test_numbers_must_be_numbers_in_range),
	CASE(test_numbers_in_range_are_taken),
	CASE(test_a_and_l_are_separate_runs))
