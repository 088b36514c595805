// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_memlim.c -- the default memory limit (runtime/memlim.c).
 */
#include <stdlib.h>
#include <unistd.h>

#include "memlim.h"
#include "check.h"

static void test_parse(void)
{
	CHECK(dmc_memlim_parse("max\n") < 0);
	CHECK(dmc_memlim_parse("") < 0);
	CHECK(dmc_memlim_parse(NULL) < 0);
	CHECK(dmc_memlim_parse("0\n") < 0);
	CHECK(dmc_memlim_parse("12ab\n") < 0);
	CHECK(dmc_memlim_parse("-5\n") < 0);
	CHECK(dmc_memlim_parse("1073741824\n") == 1073741824.0);
	CHECK(dmc_memlim_parse("9223372036854771712\n") > 9e18);   /* cgroup v1 without a limit */
}

/* 90 % of the machine's memory at most; the ranks Open MPI started on
 * this machine share it. */
static void test_default(void)
{
	double phys = (double) sysconf(_SC_PHYS_PAGES) * (double) sysconf(_SC_PAGESIZE) / 1048576.0;
	double mb, shared;
	unsetenv("OMPI_COMM_WORLD_LOCAL_SIZE");
	mb = dmc_memlim_default_mb();
	CHECK(mb > 0);
	CHECK(mb <= 0.9 * phys + 1);
	setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "4", 1);
	shared = dmc_memlim_default_mb();
	CHECK(shared > 0.24 * mb && shared < 0.26 * mb);
	setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "junk", 1);
	CHECK(dmc_memlim_default_mb() == mb);
	unsetenv("OMPI_COMM_WORLD_LOCAL_SIZE");
}

CHECK_MAIN("memlim", CASE(test_parse), CASE(test_default))
