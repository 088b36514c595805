// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_stmt.c -- libFuzzer harness: the heuristics' reader of pan's
 * statement texts (model/stmt.c, expr.c) over the fake bridge of
 * the unit tests (tests/unit/fake_bridge.c).
 *
 * The whole input is one statement text: split (dmc_stmt_split), parsed
 * as an expression, an assert and a guard, evaluated, measured, made
 * abstract and printed back.  Then its lines (up to 8, each cut to what
 * the fake bridge holds) become transitions of proctype P, and the
 * targets and the abstract model (absmodel_build.c) are built from them
 * as pan's tables would give them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absmodel.h"
#include "absmodel_build.h"
#include "expr.h"
#include "fake_bridge.h"
#include "fuzz_mutate.h"
#include "stmt.h"
#include "targets.h"

const char *const fuzz_nest_pairs[][2] = {
	{ "(", ")" }, { "!(", ")" }, { "-", "" }, { "arr[", "]" }, { "((", ")&&(x>1))" }, { NULL, NULL },
};

static int tP, tQ;

/* the model of tests/unit/test_expr.c: globals x, y, b, arr[3], chans
 * c (buffered), r (rendezvous), cs[2]; P with locals i, loc[2], me;
 * Q with y; mtypes ack, req */
static void model(void)
{
	fb_reset();
	fb_has_vars(1);
	fb_checks(1, 1);
	tP = fb_type("P", 20, 1);
	tQ = fb_type("Q", 6, 1);
	fb_global("x", 1);
	fb_global("y", 1);
	fb_global("b", 1);
	fb_global("arr", 3);
	fb_local(tP, "i", 1);
	fb_local(tP, "loc", 2);
	fb_local(tQ, "y", 1);
	fb_chan_var(-1, "c", 1);
	fb_chan_var(-1, "r", 1);
	fb_chan_var(-1, "cs", 2);
	fb_chan_var(tP, "me", 1);
	fb_mtype("ack", 1);
	fb_mtype("req", 2);
	int c = fb_chan(2), r = fb_chan(0), d = fb_chan(1);
	fb_chan_len(c, 1);
	fb_set("c", 0, c);
	fb_set("r", 0, r);
	fb_set("cs", 0, c);
	fb_set("cs", 1, d);
	int p0 = fb_proc(tP, 1);
	fb_proc(tQ, 1);
	fb_set_local(p0, "me", 0, d);
	fb_set_local(p0, "i", 0, 10);
	fb_set("x", 0, 3);
	fb_set("arr", 2, -5);
}

/* abstract variables: one per global scalar and array element, by name */
static int abs_var(void *ctx, const dmc_var *v, long index, int pid)
{
	(void) ctx;
	(void) pid;
	return v && index >= 0 && index < 3 ? (int) index : -1;
}

static int abs_chan(void *ctx, long chan_id, int *cap)
{
	(void) ctx;
	*cap = 2;
	return chan_id == 1 ? 3 : -1;
}

static void expression(const char *text)
{
	static FILE *devnull;
	char err[256];
	if (!devnull && !(devnull = fopen("/dev/null", "w")))
		abort();
	dmc_stmt st;
	dmc_stmt_split(text, &st);
	dmc_stmt_free(&st);
	for (int type = -1; type <= tP; type++) {
		dmc_expr *e = dmc_expr_parse(text, type, err, sizeof err);
		if (e) {
			long v;
			int approx = 0, out[8];
			(void) dmc_expr_eval(e, dmc_view_now(), 0, &v);
			(void) dmc_expr_distance(e, dmc_view_now(), 0);
			(void) dmc_expr_needs_pid(e);
			dmc_expr_print(e, devnull);
			dmc_aexpr_free(dmc_expr_abstract(e, 0, abs_var, abs_chan, NULL, &approx));
			(void) dmc_expr_lvalues(e, 0, abs_var, NULL, out, 8);
			e = dmc_expr_not(e);
			e = dmc_expr_and(e, dmc_expr_parse("(x>1)", -1, err, sizeof err));
			(void) dmc_expr_distance(e, dmc_view_now(), 1);
			dmc_expr_free(e);
		}
		dmc_expr_free(dmc_expr_parse_assert(text, type, err, sizeof err));
		dmc_expr *g = dmc_expr_guard_of(text, type);
		if (g) {
			long v;
			(void) dmc_expr_eval(g, dmc_view_now(), 0, &v);
			dmc_expr_free(g);
		}
	}
}

/* the lines as P's transitions 1 -> 2 -> ... and the abstract model */
static void tables(const char *text)
{
	char line[150];
	int k = 0;
	model();
	for (const char *p = text; *p && k < 8; k++) {
		size_t n = strcspn(p, "\n");
		size_t m = n < sizeof line - 1 ? n : sizeof line - 1;
		memcpy(line, p, m);
		line[m] = 0;
		fb_trans(tP, k + 1, k + 2, 10 + k, line);
		p += n + (p[n] == '\n');
	}
	fb_trans(tQ, 1, 2, 30, "c!x");
	dmc_targets tg;
	dmc_abuild b;
	char err[256];
	if (dmc_targets_build(0, &tg, err, sizeof err) < 0)
		return;
	if (dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0) {
		dmc_astate s;
		dmc_abuild_state(&b, dmc_view_now(), &s);
		dmc_abuild_free(&b);
	}
	dmc_targets_free(&tg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	model();
	expression(text);
	tables(text);
	free(text);
	return 0;
}
