// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_build_opt.c -- unit tests of drv_pan_opt_level (driver/build.c):
 * the optimisation level dmc compiles a pan.c at follows the size of its
 * transitions, pan.m (-O2, -O1 past DRV_PAN_M_BIG, -O0 past
 * DRV_PAN_M_HUGE: the arbiter trees A_5 and A_6, 1.0 and 2.1 MB, build
 * in a minute instead of many; docs/uppaal.md "The arbiter tree A_6").
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "driver/build.h"
#include "driver/fs.h"
#include "driver/util.h"

static char scratch[] = "/tmp/dmc-test-build-opt.XXXXXX";

/* scratch/pan.m of size bytes (a sparse file: only its size is read) */
static void pan_m_of(long size)
{
	char *p = drv_printf("%s/pan.m", scratch);
	FILE *f = fopen(p, "w");
	CHECK(f != NULL);
	if (f) {
		CHECK(fclose(f) == 0);
		CHECK(truncate(p, size) == 0);
	}
	free(p);
}

static void test_opt_level(void)
{
	CHECK(mkdtemp(scratch) != NULL);
	/* no pan.m (spin -a writes one always; a build without is no pan's) */
	CHECK_STR(drv_pan_opt_level(scratch), "-O2");
	pan_m_of(0);
	CHECK_STR(drv_pan_opt_level(scratch), "-O2");
	pan_m_of(DRV_PAN_M_BIG);
	CHECK_STR(drv_pan_opt_level(scratch), "-O2");
	pan_m_of(DRV_PAN_M_BIG + 1);
	CHECK_STR(drv_pan_opt_level(scratch), "-O1");
	pan_m_of(DRV_PAN_M_HUGE);
	CHECK_STR(drv_pan_opt_level(scratch), "-O1");
	pan_m_of(DRV_PAN_M_HUGE + 1);
	CHECK_STR(drv_pan_opt_level(scratch), "-O0");
	/* the arbiter trees' pans, as measured (A_5 1,001,216 bytes, A_6
	 * 2,065,326) and the ANMLite logistics 2x4x3 of docs/anmlite.md */
	pan_m_of(1001216);
	CHECK_STR(drv_pan_opt_level(scratch), "-O0");
	pan_m_of(2065326);
	CHECK_STR(drv_pan_opt_level(scratch), "-O0");
	pan_m_of(530L << 10);
	CHECK_STR(drv_pan_opt_level(scratch), "-O1");
	CHECK(drv_rm_rf(scratch) == 0);
}

CHECK_MAIN("build_opt",
	CASE(test_opt_level))
