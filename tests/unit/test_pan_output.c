// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_pan_output.c -- unit tests of driver/pan_output.c: the verdict in
 * SPIN's own pan's report, on reports SPIN 6.5.2's pan printed (cut
 * where the lines that follow say nothing the parser reads).
 */
#include "check.h"
#include "driver/pan_output.h"
#include "driver/portfolio.h"
#include "driver/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char assertion[] =
	"pan:1: assertion violated (incs==1) (at depth 225)\n"
	"pan: wrote bakery_bad.pml.trail\n"
	"\n"
	"(Spin Version 6.5.2 -- 6 December 2019)\n"
	"Warning: Search not completed\n"
	"\t+ Partial Order Reduction\n"
	"\n"
	"Full statespace search for:\n"
	"\tnever claim         \t- (none specified)\n"
	"\tassertion violations\t+\n"
	"\tacceptance   cycles \t- (not selected)\n"
	"\tinvalid end states\t+\n"
	"\n"
	"State-vector 48 byte, depth reached 299, errors: 1\n"
	"      727 states, stored\n"
	"       92 states, matched\n"
	"      819 transitions (= stored+matched)\n"
	"\n"
	"pan: elapsed time 0 seconds\n";

static const char no_violation[] =
	"\n(Spin Version 6.5.2 -- 6 December 2019)\n"
	"\t+ Partial Order Reduction\n"
	"\n"
	"Full statespace search for:\n"
	"\tinvalid end states\t+\n"
	"\n"
	"State-vector 44 byte, depth reached 38, errors: 0\n"
	"      147 states, stored\n"
	"       45 states, matched\n"
	"unreached in proctype collector\n"
	"\tdeadlock_ordered_ok.pml:33, state 6, \"-end-\"\n"
	"\t(1 of 6 states)\n"
	"\n"
	"pan: elapsed time 1.25 seconds\n";

static const char depth_cut[] =
	"error: max search depth too small\n"
	"\n(Spin Version 6.5.2 -- 6 December 2019)\n"
	"\t+ Partial Order Reduction\n"
	"State-vector 44 byte, depth reached 9, errors: 0\n"
	"       52 states, stored\n";

static const char out_of_memory[] =
	"pan: out of memory\n"
	"hint: to reduce memory, recompile with\n"
	"  -DCOLLAPSE # good, fast compression, or\n"
	"(Spin Version 6.5.2 -- 6 December 2019)\n"
	"Warning: Search not completed\n"
	"State-vector 0 byte, depth reached 0, errors: 0\n"
	"        0 states, stored\n";

static const char acceptance[] =
	"pan:1: acceptance cycle (at depth 9)\n"
	"pan: wrote live_accept_bad.pml.trail\n"
	"\n(Spin Version 6.5.2 -- 6 December 2019)\n"
	"Warning: Search not completed\n"
	"State-vector 20 byte, depth reached 14, errors: 1\n"
	"       15 states, stored\n";

static const char end_state[] =
	"pan:1: invalid end state (at depth 2)\n"
	"pan: wrote dl.pml.trail\n"
	"State-vector 28 byte, depth reached 2, errors: 1\n";

static const char vectorsz[] =
	"pan: error, VECTORSZ too small, recompile pan.c with -DVECTORSZ=N with N>4412\n"
	"pan:1: aborting (at depth 0)\n"
	"pan: wrote wide.pml.trail\n"
	"\n(Spin Version 6.5.2 -- 6 December 2019)\n"
	"Warning: Search not completed\n"
	"State-vector 4412 byte, depth reached 0, errors: 1\n"
	"        0 states, stored\n";

static void test_assertion(void)
{
	drv_pan_output o;
	drv_pan_output_parse(assertion, &o);
	CHECK_EQ_LONG(o.errors, 1);
	CHECK_STR(o.error, "assertion violated (incs==1)");
	CHECK_STR(o.trail, "bakery_bad.pml.trail");
	CHECK(o.not_completed);
	CHECK(o.states == 727);
	CHECK(o.elapsed == 0);
	/* "Search not completed" follows every error: still a violation */
	CHECK_EQ_LONG(drv_pan_output_status(&o), 1);
	CHECK_STR(drv_pan_output_incomplete(&o), "");
}

static void test_no_violation(void)
{
	drv_pan_output o;
	drv_pan_output_parse(no_violation, &o);
	CHECK_EQ_LONG(o.errors, 0);
	CHECK_STR(o.error, "");
	CHECK_STR(o.trail, "");
	CHECK(o.states == 147);
	CHECK(o.elapsed == 1.25);
	CHECK_EQ_LONG(drv_pan_output_status(&o), 0);
}

static void test_incomplete(void)
{
	drv_pan_output o;
	drv_pan_output_parse(depth_cut, &o);
	CHECK(o.depth_cut);
	CHECK_EQ_LONG(drv_pan_output_status(&o), 3);
	CHECK_STR(drv_pan_output_incomplete(&o), "depth");
	drv_pan_output_parse(out_of_memory, &o);
	CHECK(o.out_of_memory);
	CHECK(o.states == 0);
	CHECK_EQ_LONG(drv_pan_output_status(&o), 3);
	CHECK_STR(drv_pan_output_incomplete(&o), "memory");
	drv_pan_output_parse("Interrupted\n" "State-vector 44 byte, depth reached 38, errors: 0\n", &o);
	CHECK_EQ_LONG(drv_pan_output_status(&o), 3);
	CHECK_STR(drv_pan_output_incomplete(&o), "interrupted");
}

/* the never claim pan searched: its name, none, or -DNP's own (none for
 * the runtime, whose -l runs without a claim) */
static void test_claim(void)
{
	drv_pan_output o;
	drv_pan_output_parse(assertion, &o);
	CHECK_STR(o.claim, "");
	drv_pan_output_parse("Full statespace search for:\n\tnever claim         \t+ (fair_turns)\n"
	                     "\tassertion violations\t+ (if within scope of claim)\n"
	                     "State-vector 8 byte, depth reached 1, errors: 0\n", &o);
	CHECK_STR(o.claim, "fair_turns");
	drv_pan_output_parse("Full statespace search for:\n\tnever claim         \t+ (:np_:)\n"
	                     "State-vector 8 byte, depth reached 1, errors: 0\n", &o);
	CHECK_STR(o.claim, "");
}

static void test_cycles_and_end_states(void)
{
	drv_pan_output o;
	drv_pan_output_parse(acceptance, &o);
	CHECK_STR(o.error, "acceptance cycle");
	CHECK_EQ_LONG(drv_pan_output_status(&o), 1);
	drv_pan_output_parse(end_state, &o);
	CHECK_STR(o.error, "invalid end state");
	CHECK_STR(o.trail, "dl.pml.trail");
	CHECK_EQ_LONG(drv_pan_output_status(&o), 1);
}

/* no errors line: pan crashed, was killed, or refused its options; or
 * pan gave up on itself (counted as an error) */
static void test_no_verdict(void)
{
	drv_pan_output o;
	drv_pan_output_parse(vectorsz, &o);
	CHECK_EQ_LONG(o.errors, 1);
	CHECK(o.aborted);
	CHECK_EQ_LONG(drv_pan_output_status(&o), 2);
	drv_pan_output_parse("", &o);
	CHECK_EQ_LONG(o.errors, -1);
	CHECK(o.states < 0 && o.elapsed < 0);
	CHECK_EQ_LONG(drv_pan_output_status(&o), 2);
	drv_pan_output_parse("pan: unknown option -Q\n", &o);
	CHECK_EQ_LONG(drv_pan_output_status(&o), 2);
	/* a line cut short, an error without "(at depth" */
	drv_pan_output_parse("pan:1: assertion violated (x)\nState-vector 8 byte, depth reached 1, errors: 1", &o);
	CHECK_STR(o.error, "assertion violated (x)");
	CHECK_EQ_LONG(drv_pan_output_status(&o), 1);
}

static void test_portfolio_options(void)
{
	char *safety[] = { "--json" }, *np[] = { "-l" }, *ltl[] = { "-a", "-N", "p1" }, *fair[] = { "-a", "-f" }, *both[] = { "-l", "-a" };
	char *search[] = { "-a", "--search=bfs" }, *limits[] = { "--memlim=100", "--time-limit=5" };
	char *depth[] = { "--max-depth=9" };
	drv_strv v = { 0 };
	const char *cflags;
	CHECK(drv_portfolio_takes(safety, 1, &v, &cflags) && v.n == 0 && cflags[0] == '\0');
	CHECK(drv_portfolio_takes(np, 1, &v, &cflags) && v.n == 1);
	CHECK_STR(cflags, "-DNP");
	drv_strv_free(&v);
	memset(&v, 0, sizeof v);
	CHECK(drv_portfolio_takes(ltl, 3, &v, &cflags) && v.n == 3);
	CHECK_STR(v.v[2], "p1");
	drv_strv_free(&v);
	memset(&v, 0, sizeof v);
	CHECK(!drv_portfolio_takes(search, 2, &v, &cflags));
	drv_strv_free(&v);
	memset(&v, 0, sizeof v);
	/* the limits are shared out (drv_portfolio_run), not refused */
	CHECK(drv_portfolio_takes(limits, 2, &v, &cflags) && v.n == 0);
	drv_strv_free(&v);
	memset(&v, 0, sizeof v);
	CHECK(!drv_portfolio_takes(depth, 1, &v, &cflags));
	drv_strv_free(&v);
	memset(&v, 0, sizeof v);
	/* weak fairness: the runtime refuses it, and so does a single run */
	CHECK(!drv_portfolio_takes(fair, 2, &v, &cflags));
	drv_strv_free(&v);
	memset(&v, 0, sizeof v);
	CHECK(!drv_portfolio_takes(both, 2, &v, &cflags));
	drv_strv_free(&v);
}

static void test_trail_steps(void)
{
	char path[] = "/tmp/test_pan_output_XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs("-2:2:-2\n-4:-4:-4\n1:0:3\n2:1:5\n3:0:4\n", f);
	fclose(f);
	CHECK_EQ_LONG(drv_trail_steps(path), 3);
	unlink(path);
	CHECK_EQ_LONG(drv_trail_steps(path), -1);
}

CHECK_MAIN("pan_output", CASE(test_assertion), CASE(test_no_violation), CASE(test_incomplete),
	   CASE(test_claim), CASE(test_cycles_and_end_states), CASE(test_no_verdict), CASE(test_portfolio_options),
	   CASE(test_trail_steps))
