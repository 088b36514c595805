// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_expr.c -- model/expr.c over the fake bridge.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "check.h"
#include "expr.h"
#include "fake_bridge.h"

#define UNKNOWN  (-9999)              /* ev(): the value cannot be determined */
#define BADPARSE (-8888)              /* ev(): the text did not parse */

static int tP, tQ, tC;                /* types of the standard model */
static int chan_c, chan_r, chan_d;    /* channel ids */

/* proctype P (locals i, loc[2], me), Q (local y); globals x, y, b,
 * arr[3], chans c (buffered, 2), r (rendezvous), cs[2]; mtypes.
 * pids: 0, 1 are P; 2 is Q.  No never claim unless with_claim. */
static void model(int with_claim)
{
	fb_reset();
	if (with_claim) {
		tC = fb_type("never_0", 4, 1);
		fb_claim(tC);
		fb_proc(tC, 1);
	}
	tP = fb_type("P", 10, 1);
	tQ = fb_type("Q", 6, 1);
	fb_global("x", 1);
	fb_global("y", 1);
	fb_global("b", 1);
	fb_global("arr", 3);
	fb_local(tP, "i", 1);
	fb_local(tP, "loc", 2);
	fb_local(tQ, "y", 1);             /* shadows the global y in Q */
	fb_chan_var(-1, "c", 1);
	fb_chan_var(-1, "r", 1);
	fb_chan_var(-1, "cs", 2);
	fb_chan_var(tP, "me", 1);
	fb_mtype("ack", 1);
	fb_mtype("req", 2);
	chan_c = fb_chan(2);
	chan_r = fb_chan(0);
	chan_d = fb_chan(1);
	fb_set("c", 0, chan_c);
	fb_set("r", 0, chan_r);
	fb_set("cs", 0, chan_c);
	fb_set("cs", 1, chan_d);
	int p0 = fb_proc(tP, 3), p1 = fb_proc(tP, 4);
	int q = fb_proc(tQ, 2);
	fb_set_local(p0, "me", 0, chan_d);
	fb_set_local(p1, "me", 0, chan_d);
	fb_set_local(p0, "i", 0, 10);
	fb_set_local(p1, "i", 0, 20);
	fb_set_local(q, "y", 0, 30);
	fb_set("x", 0, 3);
	fb_set("y", 0, 7);
}

/* Parse text in scope type and evaluate in pid. */
static long ev(const char *text, int type, int pid)
{
	char err[200];
	long v;
	dmc_expr *e = dmc_expr_parse(text, type, err, sizeof err);
	if (!e) {
		fprintf(stderr, "parse error: %s\n", err);
		return BADPARSE;
	}
	int rc = dmc_expr_eval(e, dmc_view_now(), pid, &v);
	dmc_expr_free(e);
	return rc == 0 ? v : UNKNOWN;
}

static long dist(const char *text, int type, int pid)
{
	char err[200];
	dmc_expr *e = dmc_expr_parse(text, type, err, sizeof err);
	if (!e)
		return BADPARSE;
	long d = dmc_expr_distance(e, dmc_view_now(), pid);
	dmc_expr_free(e);
	return d;
}

static char printed[512];

static const char *print_expr(const dmc_expr *e)
{
	FILE *f = tmpfile();
	size_t n;
	if (!f || !e)
		return "(null)";
	dmc_expr_print(e, f);
	rewind(f);
	n = fread(printed, 1, sizeof printed - 1, f);
	printed[n] = '\0';
	fclose(f);
	return printed;
}

/* Parse and print back; "(error)" if it does not parse. */
static const char *reprint(const char *text, int type)
{
	char err[200];
	dmc_expr *e = dmc_expr_parse(text, type, err, sizeof err);
	if (!e)
		return "(error)";
	print_expr(e);
	dmc_expr_free(e);
	return printed;
}

static void test_constants_and_arithmetic(void)
{
	model(0);
	CHECK_EQ_LONG(ev("42", -1, -1), 42);
	CHECK_EQ_LONG(ev("  7 ", -1, -1), 7);
	CHECK_EQ_LONG(ev("true", -1, -1), 1);
	CHECK_EQ_LONG(ev("false", -1, -1), 0);
	CHECK_EQ_LONG(ev("7+5", -1, -1), 12);
	CHECK_EQ_LONG(ev("7-5", -1, -1), 2);
	CHECK_EQ_LONG(ev("7*5", -1, -1), 35);
	CHECK_EQ_LONG(ev("7/2", -1, -1), 3);
	CHECK_EQ_LONG(ev("-7/2", -1, -1), -3);
	CHECK_EQ_LONG(ev("7%3", -1, -1), 1);
	CHECK_EQ_LONG(ev("1<<4", -1, -1), 16);
	CHECK_EQ_LONG(ev("16>>2", -1, -1), 4);
	CHECK_EQ_LONG(ev("6&3", -1, -1), 2);
	CHECK_EQ_LONG(ev("6|3", -1, -1), 7);
	CHECK_EQ_LONG(ev("6^3", -1, -1), 5);
	CHECK_EQ_LONG(ev("-(5)", -1, -1), -5);
	CHECK_EQ_LONG(ev("~(0)", -1, -1), -1);
	CHECK_EQ_LONG(ev("!(0)", -1, -1), 1);
	CHECK_EQ_LONG(ev("!(5)", -1, -1), 0);
}

static void test_comparisons_and_logic(void)
{
	model(0);
	CHECK_EQ_LONG(ev("(3<4)", -1, -1), 1);
	CHECK_EQ_LONG(ev("(4<4)", -1, -1), 0);
	CHECK_EQ_LONG(ev("(4<=4)", -1, -1), 1);
	CHECK_EQ_LONG(ev("(5>4)", -1, -1), 1);
	CHECK_EQ_LONG(ev("(4>=5)", -1, -1), 0);
	CHECK_EQ_LONG(ev("(4==4)", -1, -1), 1);
	CHECK_EQ_LONG(ev("(4!=4)", -1, -1), 0);
	CHECK_EQ_LONG(ev("(1&&0)", -1, -1), 0);
	CHECK_EQ_LONG(ev("(2&&3)", -1, -1), 1);
	CHECK_EQ_LONG(ev("(0||0)", -1, -1), 0);
	CHECK_EQ_LONG(ev("(0||7)", -1, -1), 1);
}

static void test_precedence(void)
{
	model(0);
	CHECK_EQ_LONG(ev("1+2*3", -1, -1), 7);
	CHECK_EQ_LONG(ev("(1+2)*3", -1, -1), 9);
	CHECK_EQ_LONG(ev("10-4-3", -1, -1), 3);         /* left-associative */
	CHECK_EQ_LONG(ev("64/4/2", -1, -1), 8);
	CHECK_EQ_LONG(ev("2*7%4", -1, -1), 2);
	CHECK_EQ_LONG(ev("1<<2+1", -1, -1), 8);         /* + before << */
	CHECK_EQ_LONG(ev("1+1<3", -1, -1), 1);          /* << before < */
	CHECK_EQ_LONG(ev("1<2==1", -1, -1), 1);         /* < before == */
	CHECK_EQ_LONG(ev("1==2<3", -1, -1), 1);
	CHECK_EQ_LONG(ev("6&3^1|8", -1, -1), 11);       /* & ^ | */
	CHECK_EQ_LONG(ev("3==3&1", -1, -1), 1);         /* == before & */
	CHECK_EQ_LONG(ev("1|0&&0", -1, -1), 0);         /* | before && */
	CHECK_EQ_LONG(ev("0||1&&0", -1, -1), 0);        /* && before || */
	CHECK_EQ_LONG(ev("1||1&&0", -1, -1), 1);
	CHECK_EQ_LONG(ev("-3*-2", -1, -1), 6);          /* unary binds tightest */
	CHECK_EQ_LONG(ev("!0+1", -1, -1), 2);
	CHECK_EQ_LONG(ev("~1&7", -1, -1), 6);
	CHECK_EQ_LONG(ev("- -4", -1, -1), 4);
	CHECK_STR(reprint("1+2*3-4", -1), "((1+(2*3))-4)");
	CHECK_STR(reprint("a_b", -1), "a_b");
	CHECK_STR(reprint("!x<3||y==2&&b", -1), "((!(x)<3)||((y==2)&&b))");
}

static void test_conditional(void)
{
	model(0);
	CHECK_EQ_LONG(ev("( (1) -> (3) : (4) )", -1, -1), 3);
	CHECK_EQ_LONG(ev("(0 -> 3 : 4)", -1, -1), 4);
	CHECK_EQ_LONG(ev("2+(x>0 -> 10 : 20)", -1, -1), 12);
	CHECK_EQ_LONG(ev("(x -> (y -> 1 : 2) : 3)", -1, -1), 1);
	/* an unknown condition still decides when both branches agree */
	CHECK_EQ_LONG(ev("(timeout -> 5 : 5)", -1, -1), 5);
	CHECK_EQ_LONG(ev("(timeout -> 5 : 6)", -1, -1), UNKNOWN);
	CHECK_STR(reprint("( (b) -> (3) : (4) )", -1), "(b -> 3 : 4)");
	/* pan writes it with '?' in array indices and asserts */
	CHECK_EQ_LONG(ev("( (1) ? (3) : (4) )", -1, -1), 3);
	CHECK_EQ_LONG(ev("(0 ? 3 : 4)", -1, -1), 4);
	CHECK_EQ_LONG(ev("arr[( (x) ? (1) : (0) )]", -1, -1), ev("arr[1]", -1, -1));
	CHECK_EQ_LONG(ev("(x ? (y ? 1 : 2) : 3)", -1, -1), 1);
	CHECK_EQ_LONG(ev("( (x) ? (( (0) ? (7) : (( (y) -> (8) : (9) )) )) : (0) )", -1, -1), 8);
	CHECK_STR(reprint("((arr[( (b) ? (1) : (0) )]==0))", -1), "(arr[(b -> 1 : 0)]==0)");
	/* a poll is still a poll */
	dmc_expr *e = dmc_expr_parse("(c?[ack] -> 1 : 0)", -1, NULL, 0);
	CHECK(e != NULL);
	dmc_expr_free(e);
}

static void test_variables(void)
{
	model(0);
	CHECK_EQ_LONG(ev("x", -1, -1), 3);
	CHECK_EQ_LONG(ev("(x+y)", -1, -1), 10);
	fb_set("arr", 0, 5);
	fb_set("arr", 1, 6);
	fb_set("arr", 2, 7);
	CHECK_EQ_LONG(ev("arr[1]", -1, -1), 6);
	CHECK_EQ_LONG(ev("arr[(x-1)]", -1, -1), 7);
	CHECK_EQ_LONG(ev("arr[arr[0]-4]", -1, -1), 6);
	CHECK_EQ_LONG(ev("arr[3]", -1, -1), UNKNOWN);    /* out of range */
	CHECK_EQ_LONG(ev("arr[-1]", -1, -1), UNKNOWN);
	/* locals are read in the given process */
	CHECK_EQ_LONG(ev("i", tP, 0), 10);
	CHECK_EQ_LONG(ev("i", tP, 1), 20);
	CHECK_EQ_LONG(ev("(i+x)", tP, 1), 23);
	CHECK_EQ_LONG(ev("i", tP, 2), UNKNOWN);          /* pid 2 is a Q */
	CHECK_EQ_LONG(ev("i", tP, -1), UNKNOWN);
	fb_set_local(1, "loc", 1, 9);
	CHECK_EQ_LONG(ev("loc[1]", tP, 1), 9);
	/* a local shadows a global of the same name */
	CHECK_EQ_LONG(ev("y", tQ, 2), 30);
	CHECK_EQ_LONG(ev("y", tP, 0), 7);
	CHECK_EQ_LONG(ev("y", -1, 2), 7);
	/* a local of another scope is not visible */
	CHECK_EQ_LONG(ev("i", tQ, 2), UNKNOWN);
	/* unknown names parse but do not evaluate */
	CHECK_EQ_LONG(ev("nosuch", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("_last", -1, -1), UNKNOWN);
	CHECK_STR(reprint("nosuch[x+1]", -1), "nosuch[x+1]");
	CHECK_STR(reprint("arr[_pid]", tP), "arr[_pid]");
}

static void test_pid_and_nr_pr(void)
{
	model(0);
	CHECK_EQ_LONG(ev("_pid", tP, 1), 1);
	CHECK_EQ_LONG(ev("_pid", tP, -1), UNKNOWN);
	fb_set("arr", 1, 4);
	CHECK_EQ_LONG(ev("arr[_pid]", tP, 1), 4);
	CHECK_EQ_LONG(ev("_nr_pr", -1, -1), 3);
	/* with a never claim, pan's pid 0 is the claim and Promela's _pid
	 * does not count it */
	model(1);
	CHECK_EQ_LONG(ev("_pid", tP, 1), 0);
	CHECK_EQ_LONG(ev("_pid", tQ, 3), 2);
	CHECK_EQ_LONG(ev("_nr_pr", -1, -1), 4);
}

static void test_remote_refs(void)
{
	model(0);
	CHECK_EQ_LONG(ev("P[1].i", -1, -1), 20);
	CHECK_EQ_LONG(ev("(P[0].i+P[1].i)", -1, -1), 30);
	CHECK_EQ_LONG(ev("P[2].i", -1, -1), UNKNOWN);    /* pid 2 is a Q */
	CHECK_EQ_LONG(ev("P[9].i", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("P[0]._p", -1, -1), 3);
	CHECK_EQ_LONG(ev("Q[2]._p", -1, -1), 2);
	CHECK_EQ_LONG(ev("pc_value(1)", -1, -1), 4);
	fb_set_local(0, "loc", 1, 8);
	CHECK_EQ_LONG(ev("P[0].loc[1]", -1, -1), 8);
	CHECK_STR(reprint("P[0].loc[1]", -1), "P[0].loc[1]");
	CHECK_STR(reprint("(P[0]._p==lab)", -1), "(P[0]._p==lab)");
	CHECK_EQ_LONG(ev("(P[0]._p==lab)", -1, -1), UNKNOWN);   /* labels are not known */
	CHECK_EQ_LONG(ev("P[0]@lab", -1, -1), UNKNOWN);
	CHECK_STR(reprint("P[0]@lab", -1), "P[0]@lab");
	CHECK_EQ_LONG(ev("P[0].nosuch", -1, -1), UNKNOWN);
	/* with a claim, P[n] counts like _pid: pan pid n+1 */
	model(1);
	CHECK_EQ_LONG(ev("P[0].i", -1, -1), 10);
	CHECK_EQ_LONG(ev("P[1]._p", -1, -1), 4);
}

static void test_mtypes(void)
{
	model(0);
	CHECK_EQ_LONG(ev("req", -1, -1), 2);
	CHECK_EQ_LONG(ev("(x==ack)", -1, -1), 0);
	fb_set("x", 0, 1);
	CHECK_EQ_LONG(ev("(x==ack)", -1, -1), 1);
	CHECK_STR(reprint("(x!=req)", -1), "(x!=req)");
}

static void test_channels(void)
{
	model(0);
	CHECK_EQ_LONG(ev("len(c)", -1, -1), 0);
	CHECK_EQ_LONG(ev("empty(c)", -1, -1), 1);
	CHECK_EQ_LONG(ev("nempty(c)", -1, -1), 0);
	CHECK_EQ_LONG(ev("full(c)", -1, -1), 0);
	CHECK_EQ_LONG(ev("nfull(c)", -1, -1), 1);
	fb_chan_len(chan_c, 2);
	CHECK_EQ_LONG(ev("len(c)", -1, -1), 2);
	CHECK_EQ_LONG(ev("(((len(c)>0)&&nfull(c)))", -1, -1), 0);
	CHECK_EQ_LONG(ev("full(c)", -1, -1), 1);
	CHECK_EQ_LONG(ev("nempty(cs[0])", -1, -1), 1);
	CHECK_EQ_LONG(ev("empty(cs[1])", -1, -1), 1);
	CHECK_EQ_LONG(ev("len(me)", tP, 0), 0);
	CHECK_EQ_LONG(ev("len(me)", tP, 2), UNKNOWN);
	CHECK_EQ_LONG(ev("len(y)", -1, -1), UNKNOWN);      /* y = 7: no such channel */
	/* a poll is false on an empty channel, unknown otherwise */
	CHECK_EQ_LONG(ev("(c?[req,_])", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("(cs[1]??[ack])", -1, -1), 0);
	CHECK_STR(reprint("(c?[req,loc[1]])", tP), "c?[req,loc[1]]");
}

static void test_unknowns_three_valued(void)
{
	model(0);
	CHECK_EQ_LONG(ev("(timeout)", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("((x>1)||timeout)", -1, -1), 1);
	CHECK_EQ_LONG(ev("(timeout||(x>1))", -1, -1), 1);
	CHECK_EQ_LONG(ev("((x>5)||timeout)", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("((x>5)&&enabled(1))", -1, -1), 0);
	CHECK_EQ_LONG(ev("(enabled(1)&&(x>5))", -1, -1), 0);
	CHECK_EQ_LONG(ev("((x>1)&&enabled(1))", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("(timeout+1)", -1, -1), UNKNOWN);
	CHECK_STR(reprint("(enabled(1)&&x)", -1), "(enabled(1)&&x)");
}

static void test_eval_edge_cases(void)
{
	model(0);
	CHECK_EQ_LONG(ev("(1/0)", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("(1%0)", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("(1/(x-3))", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("(1<<99)", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(ev("(1<<-1)", -1, -1), UNKNOWN);
	/* no undefined behaviour at the extremes: arithmetic wraps */
	fb_set("x", 0, LONG_MAX);
	fb_set("y", 0, LONG_MIN);
	CHECK_EQ_LONG(ev("(x+1)", -1, -1), LONG_MIN);
	CHECK_EQ_LONG(ev("(y-1)", -1, -1), LONG_MAX);
	CHECK_EQ_LONG(ev("-(y)", -1, -1), LONG_MIN);
	CHECK_EQ_LONG(ev("(y/-1)", -1, -1), LONG_MIN);
	CHECK_EQ_LONG(ev("(y%-1)", -1, -1), 0);
	CHECK_EQ_LONG(ev("(x*2)", -1, -1), -2);
}

static void test_print_round_trip(void)
{
	static const char *const texts[] = {
		"((x!=7)&&(arr[1]==0))", "((b&&((x>2)||!(b))))", "(((len(c)>0)&&nfull(c)))",
		"((((x==1)&&!((y>2)))||b))", "!(!((x<5)))", "-(y)", "((~(x)%3)<<1)",
		"(((((((x*2)/3)%4)-(x<<2))+(x>>1))+((x&3)|(x^1))))", "(x>=req)",
	};
	static const char *const want[] = {
		"((x!=7)&&(arr[1]==0))", "(b&&((x>2)||!(b)))", "((len(c)>0)&&nfull(c))",
		"(((x==1)&&!((y>2)))||b)", "!(!((x<5)))", "-(y)", "((~(x)%3)<<1)",
		"((((((x*2)/3)%4)-(x<<2))+(x>>1))+((x&3)|(x^1)))", "(x>=req)",
	};
	model(0);
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		CHECK_STR(reprint(texts[i], tP), want[i]);
		CHECK_STR(reprint(want[i], tP), want[i]);   /* printing is a fixed point */
	}
}

static void expect_error(const char *text)
{
	char err[200] = "untouched";
	dmc_expr *e = dmc_expr_parse(text, -1, err, sizeof err);
	CHECK(e == NULL);
	CHECK(strcmp(err, "untouched") != 0 && err[0] != '\0');
	if (e) {
		fprintf(stderr, "  \"%s\" parsed\n", text);
		dmc_expr_free(e);
	}
}

static void test_parse_errors(void)
{
	char err[200];
	model(0);
	expect_error("");
	expect_error("(x<3");
	expect_error("x+");
	expect_error("x)");
	expect_error("(x<3))");
	expect_error("3 4");
	expect_error("arr[1");
	expect_error("(1 -> 2)");
	expect_error("(1 -> 2 : )");
	expect_error("len(c");
	expect_error("*3");
	expect_error("x = 3");
	expect_error("99999999999999999999999");
	expect_error("c?x");
	expect_error("f(1,(2)");
	dmc_expr_parse("(x<3", -1, err, sizeof err);
	CHECK(strstr(err, "expected ')'") != NULL);
	CHECK(strstr(err, "(x<3") != NULL);
	/* a long name is an error, not an overflow */
	char longname[400];
	memset(longname, 'a', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	expect_error(longname);
	/* err may be NULL */
	CHECK(dmc_expr_parse("(", -1, NULL, 0) == NULL);
}

static void test_assert_extraction(void)
{
	char err[200];
	dmc_expr *e;
	model(0);
	e = dmc_expr_parse_assert("assert(((x!=7)&&(arr[1]==0)))", -1, err, sizeof err);
	CHECK_STR(print_expr(e), "((x!=7)&&(arr[1]==0))");
	dmc_expr_free(e);
	e = dmc_expr_parse_assert("assert(!(!((x<5))))", -1, err, sizeof err);
	CHECK_STR(print_expr(e), "!(!((x<5)))");
	dmc_expr_free(e);
	e = dmc_expr_parse_assert("assert(0)", -1, err, sizeof err);
	CHECK_STR(print_expr(e), "0");
	dmc_expr_free(e);
	e = dmc_expr_parse_assert("assert((i<3))", tP, err, sizeof err);
	long v = -1;
	CHECK(e && dmc_expr_eval(e, dmc_view_now(), 0, &v) == 0 && v == 0);    /* i = 10 in pid 0 */
	dmc_expr_free(e);
	CHECK(dmc_expr_parse_assert("x = 1", -1, err, sizeof err) == NULL);
	CHECK(strstr(err, "not an assert") != NULL);
	CHECK(dmc_expr_parse_assert("asserted(1)", -1, err, sizeof err) == NULL);
	CHECK(dmc_expr_parse_assert("assert((x<)", -1, err, sizeof err) == NULL);
	CHECK(err[0] != '\0');
	CHECK(dmc_expr_parse_assert("assert(x) + 1", -1, err, sizeof err) == NULL);
}

/* guard_of(stmt) evaluated in pid: its value, UNKNOWN, or -1 for NULL */
static long guard(const char *stmt, int type, int pid)
{
	long v;
	dmc_expr *g = dmc_expr_guard_of(stmt, type);
	if (!g)
		return -1;
	int rc = dmc_expr_eval(g, dmc_view_now(), pid, &v);
	dmc_expr_free(g);
	return rc == 0 ? v : UNKNOWN;
}

static void test_guard_of(void)
{
	model(0);
	/* conditions: their expression */
	CHECK_EQ_LONG(guard("((x<3))", -1, -1), 0);
	CHECK_EQ_LONG(guard("((x<4))", -1, -1), 1);
	CHECK_EQ_LONG(guard("((i<30))", tP, 1), 1);
	CHECK_EQ_LONG(guard("(((len(c)>0)&&nfull(c)))", -1, -1), 0);
	CHECK_EQ_LONG(guard("(empty(c))", -1, -1), 1);
	CHECK_EQ_LONG(guard("(0)", -1, -1), 0);
	CHECK_EQ_LONG(guard("(1)", -1, -1), -1);               /* always executable */
	dmc_expr *g = dmc_expr_guard_of(" ((x>2)) ", -1);
	CHECK_STR(print_expr(g), "(x>2)");
	dmc_expr_free(g);
	/* receive: the channel must hold a message */
	CHECK_EQ_LONG(guard("c?req,loc[1]", tP, 0), 0);
	CHECK_EQ_LONG(guard("c??ack,y", tQ, 2), 0);
	CHECK_EQ_LONG(guard("c?<req,y>", tQ, 2), 0);
	CHECK_EQ_LONG(guard("cs[1]?i", tP, 0), 0);
	CHECK_EQ_LONG(guard("me?i", tP, 0), 0);
	fb_chan_len(chan_c, 1);
	CHECK_EQ_LONG(guard("c?req,loc[1]", tP, 0), 1);
	/* send: the channel must have room */
	CHECK_EQ_LONG(guard("c!ack,3", -1, -1), 1);
	fb_chan_len(chan_c, 2);
	CHECK_EQ_LONG(guard("c!ack,3", -1, -1), 0);
	CHECK_EQ_LONG(guard("c!!ack,3", -1, -1), 0);
	CHECK_EQ_LONG(guard("cs[i-10]!i", tP, 0), 0);          /* cs[0] is c */
	CHECK_EQ_LONG(guard("me!1", tP, 1), 1);
	/* a poll: false on an empty channel */
	CHECK_EQ_LONG(guard("(cs[1]?[req,_])", -1, -1), 0);
	CHECK_EQ_LONG(guard("(c?[req,_])", -1, -1), UNKNOWN);
	/* rendezvous: the partner decides, so the guard cannot be evaluated */
	CHECK_EQ_LONG(guard("r!y", -1, -1), UNKNOWN);
	CHECK_EQ_LONG(guard("r?eval(y)", -1, -1), UNKNOWN);
	/* everything else is always executable: NULL */
	static const char *const always[] = {
		"x = (x+1)", "arr[_pid] = 2", "y = ( (b) -> (3) : (4) )", "printf('hi %d\\n',x)",
		"printm(x)", "(run Q())", "else", "(timeout)", "timeout", "D_STEP9", "-end-",
		".(goto)", "assert(((x!=7)&&(arr[1]==0)))", "goto :b0", "", "nosuch?x", "x?y",
		"c_code1", "(1 +", "_pid",
	};
	for (size_t i = 0; i < sizeof always / sizeof always[0]; i++) {
		g = dmc_expr_guard_of(always[i], tP);
		CHECK(g == NULL);
		if (g) {
			fprintf(stderr, "  guard of \"%s\": %s\n", always[i], print_expr(g));
			dmc_expr_free(g);
		}
	}
}

static void test_distance(void)
{
	model(0);                         /* x = 3, y = 7 */
	CHECK_EQ_LONG(dist("(x==y)", -1, -1), 4);
	CHECK_EQ_LONG(dist("(y==x)", -1, -1), 4);
	CHECK_EQ_LONG(dist("(x!=y)", -1, -1), 0);
	CHECK_EQ_LONG(dist("(x!=3)", -1, -1), 1);
	CHECK_EQ_LONG(dist("(x<y)", -1, -1), 0);
	CHECK_EQ_LONG(dist("(y<x)", -1, -1), 5);
	CHECK_EQ_LONG(dist("(y<=x)", -1, -1), 4);
	CHECK_EQ_LONG(dist("(x>y)", -1, -1), 5);
	CHECK_EQ_LONG(dist("(x>=y)", -1, -1), 4);
	CHECK_EQ_LONG(dist("(y>x)", -1, -1), 0);
	CHECK_EQ_LONG(dist("(x<=3)", -1, -1), 0);
	CHECK_EQ_LONG(dist("((x+1)*2==y+3)", -1, -1), 2);
	/* && sums, || takes the minimum */
	CHECK_EQ_LONG(dist("((x==1)&&(y==10))", -1, -1), 5);
	CHECK_EQ_LONG(dist("((x==1)||(y==10))", -1, -1), 2);
	CHECK_EQ_LONG(dist("(((x==1)||(y==10))&&(x>5))", -1, -1), 5);
	/* negation is pushed inward */
	CHECK_EQ_LONG(dist("!((x<5))", -1, -1), 2);            /* x>=5 */
	CHECK_EQ_LONG(dist("!((x<=5))", -1, -1), 3);           /* x>5 */
	CHECK_EQ_LONG(dist("!((x>1))", -1, -1), 2);            /* x<=1 */
	CHECK_EQ_LONG(dist("!((x>=1))", -1, -1), 3);           /* x<1 */
	CHECK_EQ_LONG(dist("!((x==3))", -1, -1), 1);           /* x!=3 */
	CHECK_EQ_LONG(dist("!((x!=5))", -1, -1), 2);           /* x==5 */
	CHECK_EQ_LONG(dist("!(((x==1)&&(y==7)))", -1, -1), 0); /* x!=1 || y!=7 */
	CHECK_EQ_LONG(dist("!(((x==3)&&(y==7)))", -1, -1), 1);
	CHECK_EQ_LONG(dist("!(((x==3)||(y==7)))", -1, -1), 2); /* x!=3 && y!=7 */
	CHECK_EQ_LONG(dist("!(!((x==5)))", -1, -1), 2);
	CHECK_EQ_LONG(dist("!(!(!((x<5))))", -1, -1), 2);
	/* other expressions: 0 when true, else 1 */
	CHECK_EQ_LONG(dist("b", -1, -1), 1);
	CHECK_EQ_LONG(dist("!(b)", -1, -1), 0);
	CHECK_EQ_LONG(dist("(x-3)", -1, -1), 1);
	CHECK_EQ_LONG(dist("x", -1, -1), 0);
	CHECK_EQ_LONG(dist("nempty(c)", -1, -1), 1);
	CHECK_EQ_LONG(dist("(x -> (y==7) : 0)", -1, -1), 0);
	CHECK_EQ_LONG(dist("((b&&(x==0))||empty(c))", -1, -1), 0);
	/* unknown: optimistic */
	CHECK_EQ_LONG(dist("(arr[9]==1)", -1, -1), 0);
	CHECK_EQ_LONG(dist("timeout", -1, -1), 0);
	CHECK_EQ_LONG(dist("!(timeout)", -1, -1), 0);
	CHECK_EQ_LONG(dist("((i==0)&&(x==0))", tP, -1), 3);   /* i unreadable: 0 + 3 */
	/* locals in the given process */
	CHECK_EQ_LONG(dist("(i==12)", tP, 0), 2);
	CHECK_EQ_LONG(dist("(i==12)", tP, 1), 8);
	CHECK(dmc_expr_distance(NULL, dmc_view_now(), -1) == 0);
}

static void test_distance_saturates(void)
{
	model(0);
	fb_set("x", 0, LONG_MAX);
	fb_set("y", 0, LONG_MIN);
	CHECK_EQ_LONG(dist("(x==y)", -1, -1), LONG_MAX);
	CHECK_EQ_LONG(dist("(y==x)", -1, -1), LONG_MAX);
	CHECK_EQ_LONG(dist("(x<y)", -1, -1), LONG_MAX);
	CHECK_EQ_LONG(dist("(x<=y)", -1, -1), LONG_MAX);
	CHECK_EQ_LONG(dist("(y>x)", -1, -1), LONG_MAX);
	CHECK_EQ_LONG(dist("((x==y)&&(x==y))", -1, -1), LONG_MAX);
	CHECK_EQ_LONG(dist("(y<x)", -1, -1), 0);
	CHECK_EQ_LONG(dist("(x==0)", -1, -1), LONG_MAX);
	CHECK_EQ_LONG(dist("(y==0)", -1, -1), LONG_MAX);
}

static void test_not_and_needs_pid(void)
{
	char err[200];
	model(0);
	dmc_expr *e = dmc_expr_not(dmc_expr_parse("((x!=7)&&b)", -1, err, sizeof err));
	CHECK_STR(print_expr(e), "!(((x!=7)&&b))");
	CHECK_EQ_LONG(dmc_expr_distance(e, dmc_view_now(), -1), 0);            /* b is false: !b holds */
	dmc_expr_free(e);
	/* !!E collapses when E is boolean, so the claim's formula stays short */
	e = dmc_expr_not(dmc_expr_parse_assert("assert(!(!((x<5))))", -1, err, sizeof err));
	CHECK_STR(print_expr(e), "!((x<5))");
	dmc_expr_free(e);
	e = dmc_expr_not(dmc_expr_not(dmc_expr_parse("x", -1, err, sizeof err)));
	CHECK_STR(print_expr(e), "!(!(x))");                  /* !!x is not x */
	long v;
	CHECK(dmc_expr_eval(e, dmc_view_now(), -1, &v) == 0 && v == 1);
	dmc_expr_free(e);
	CHECK(dmc_expr_not(NULL) == NULL);
	e = dmc_expr_parse("(x+arr[1])", tP, err, sizeof err);
	CHECK(!dmc_expr_needs_pid(e));
	dmc_expr_free(e);
	e = dmc_expr_parse("(x+arr[i])", tP, err, sizeof err);
	CHECK(dmc_expr_needs_pid(e));
	dmc_expr_free(e);
	e = dmc_expr_parse("(_pid==1)", tP, err, sizeof err);
	CHECK(dmc_expr_needs_pid(e));
	dmc_expr_free(e);
}

/* May "arr[idx]" (arr of 3 elements) index out of bounds, in P (pids 0
 * and 1)?  x is a byte, s a short. */
static int idx_fails(const char *idx)
{
	char text[100], err[200];
	const int pids[] = { 0, 1 };
	snprintf(text, sizeof text, "arr[%s]", idx);
	dmc_expr *e = dmc_expr_parse(text, tP, err, sizeof err);
	CHECK(e != NULL);
	int r = e ? dmc_expr_index_may_fail(e, pids, 2, NULL, NULL) : -1;
	dmc_expr_free(e);
	return r;
}

/* An index that non-negative operands keep below the length is in
 * bounds whatever the state: (x + 1) % 3 for a byte x; not for a short
 * (C's % keeps the sign), nor % 4, nor anything else not bounded. */
static void test_index_bounds(void)
{
	model(0);
	fb_var_range(0, 0, 255);          /* x: a byte */
	fb_var_range(1, -32768, 32767);   /* y: a short */
	CHECK_EQ_LONG(idx_fails("(x + 1) % 3"), 0);
	CHECK_EQ_LONG(idx_fails("(x * 2 + _pid) % 3"), 0);
	CHECK_EQ_LONG(idx_fails("x / 100"), 0);
	CHECK_EQ_LONG(idx_fails("x >> 7"), 0);
	CHECK_EQ_LONG(idx_fails("(x & 1) + (x & 1)"), 0);
	CHECK_EQ_LONG(idx_fails("x % 4"), 1);
	CHECK_EQ_LONG(idx_fails("(y + 1) % 3"), 1);
	CHECK_EQ_LONG(idx_fails("x / 64"), 1);
	CHECK_EQ_LONG(idx_fails("x - 1"), 1);
	CHECK_EQ_LONG(idx_fails("x % y"), 1);
	CHECK_EQ_LONG(idx_fails("x % 0"), 1);
	CHECK_EQ_LONG(idx_fails("(x * x * x * x) % 3"), 1);    /* may pass 2^30 */
}

CHECK_MAIN("expr",
	CASE(test_constants_and_arithmetic),
	CASE(test_comparisons_and_logic),
	CASE(test_precedence),
	CASE(test_conditional),
	CASE(test_variables),
	CASE(test_pid_and_nr_pr),
	CASE(test_remote_refs),
	CASE(test_mtypes),
	CASE(test_channels),
	CASE(test_unknowns_three_valued),
	CASE(test_eval_edge_cases),
	CASE(test_print_round_trip),
	CASE(test_parse_errors),
	CASE(test_assert_extraction),
	CASE(test_guard_of),
	CASE(test_distance),
	CASE(test_distance_saturates),
	CASE(test_not_and_needs_pid),
	CASE(test_index_bounds))
