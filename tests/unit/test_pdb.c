// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_pdb.c -- pattern databases (heuristics/pdb.c) on abstract models
 * built by hand, with distances worked out by hand; and admissibility:
 * the table of a smaller pattern never exceeds the table of the whole
 * model (the model's exact explicit semantics) on any state's projection;
 * with atomic sequences, no table exceeds the true distance of any state
 * an independent interpreter of pan's semantics reaches (reference
 * below), and a table's dead end is one there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absmodel.h"
#include "pdb.h"
#include "pdb_pred.h"
#include "valueset.h"
#include "check.h"

#define INF DMC_PDB_INF

/* ---- a model in static pools ---- */

static dmc_aproc procs[8];
static dmc_atrans trans[32];
static dmc_avar vars[8];
static dmc_agoal goals[4];
static int gproc[4][2], gloc[4][2];
static dmc_amodel M;
static dmc_aexpr pool[256];
static dmc_assign assigns[64];
static dmc_aexpr *msgs[16];
static int recvs[16];
static int npool, nassigns, nmsgs, nrecvs;
/* the input: what may be in the pattern, initial values */
static unsigned char var_ok[8], proc_ok[8];
static long init_val[8];
static int init_loc[8];

static void reset(void)
{
	memset(procs, 0, sizeof procs);
	memset(trans, 0, sizeof trans);
	memset(vars, 0, sizeof vars);
	memset(goals, 0, sizeof goals);
	memset(&M, 0, sizeof M);
	memset(init_val, 0, sizeof init_val);
	memset(init_loc, 0, sizeof init_loc);
	npool = nassigns = nmsgs = nrecvs = 0;
	M.procs = procs;
	M.trans = trans;
	M.vars = vars;
	M.goals = goals;
}

static dmc_aexpr *node(dmc_ae_op op, dmc_aexpr *a, dmc_aexpr *b)
{
	dmc_aexpr *e = &pool[npool++];
	memset(e, 0, sizeof *e);
	e->op = op;
	e->a = a;
	e->b = b;
	return e;
}

static dmc_aexpr *C(long v) { dmc_aexpr *e = node(DMC_AE_CONST, NULL, NULL); e->value = v; return e; }
static dmc_aexpr *V(int v) { dmc_aexpr *e = node(DMC_AE_VAR, NULL, NULL); e->var = v; return e; }
static dmc_aexpr *B(dmc_ae_op op, dmc_aexpr *a, dmc_aexpr *b) { return node(op, a, b); }
static dmc_aexpr *EQ(dmc_aexpr *a, dmc_aexpr *b) { return node(DMC_AE_EQ, a, b); }

static int proc(const char *name, int nlocs)
{
	int p = M.nprocs++;
	procs[p].name = (char *) name;
	procs[p].nlocs = nlocs;
	proc_ok[p] = 1;
	return p;
}

static int var(const char *name, long lo, long hi, long init)
{
	int v = M.nvars++;
	vars[v].name = (char *) name;
	vars[v].lo = lo;
	vars[v].hi = hi;
	var_ok[v] = 1;
	init_val[v] = init;
	return v;
}

static int tr(int p, int from, int to, dmc_aexpr *guard)
{
	int t = M.ntrans++;
	trans[t].proc = p;
	trans[t].from = from;
	trans[t].to = to;
	trans[t].guard = guard;
	trans[t].spawn = -1;
	trans[t].id = t;
	trans[t].certain = 1;         /* a condition or an assignment (send, recv: 0) */
	return t;
}

/* A transition that ends inside an atomic sequence (pan's atom bit 2). */
static int tra(int p, int from, int to, dmc_aexpr *guard)
{
	int t = tr(p, from, to, guard);
	trans[t].atomic = 1;
	return t;
}

/* Assignments of one transition must be added together. */
static void assign_m(int t, int v, dmc_aexpr *rhs, int merged)
{
	if (!trans[t].nassign)
		trans[t].assign = &assigns[nassigns];
	assigns[nassigns].var = v;
	assigns[nassigns].merged = merged;
	assigns[nassigns++].rhs = rhs;
	trans[t].nassign++;
}

static void assign(int t, int v, dmc_aexpr *rhs) { assign_m(t, v, rhs, 0); }

static void send(int t, dmc_aexpr *chan, dmc_aexpr *msg)
{
	trans[t].certain = 0;
	trans[t].sync = DMC_SYNC_SEND;
	trans[t].chan = chan;
	trans[t].msg = &msgs[nmsgs];
	msgs[nmsgs++] = msg;
	trans[t].nmsg = 1;
}

static void recv(int t, dmc_aexpr *chan, int into)
{
	trans[t].certain = 0;
	trans[t].sync = DMC_SYNC_RECV;
	trans[t].chan = chan;
	trans[t].recv_var = &recvs[nrecvs];
	recvs[nrecvs++] = into;
	trans[t].nmsg = 1;
}

static void goal(dmc_aexpr *formula, int p, int loc, int extra)
{
	int g = M.ngoals++;
	goals[g].formula = formula;
	goals[g].extra_steps = extra;
	goals[g].proc = gproc[g];
	goals[g].loc = gloc[g];
	if (p >= 0) {
		gproc[g][0] = p;
		gloc[g][0] = loc;
		goals[g].nlocs = 1;
	}
}

static dmc_pdb *build(size_t max_states)
{
	char err[128];
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, max_states, 0, NULL, 0, NULL, NULL, 0, 0 };
	dmc_pdb *p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	return p;
}

/* The initial state as the ATG's layer 0 (every variable and automaton). */
static int s0_proc[8], s0_loc[8], s0_var[8];
static long s0_val[8];
static dmc_astate s0;

static const dmc_astate *initial(void)
{
	for (int q = 0; q < M.nprocs; q++) {
		s0_proc[q] = q;
		s0_loc[q] = init_loc[q];
	}
	for (int v = 0; v < M.nvars; v++) {
		s0_var[v] = v;
		s0_val[v] = init_val[v];
	}
	s0 = (dmc_astate){ M.nprocs, s0_proc, s0_loc, M.nvars, s0_var, s0_val };
	return &s0;
}

/* With downward pattern refinement (hU's accuracy measure). */
static dmc_pdb *build_dpr(size_t max_states)
{
	char err[128];
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, max_states, 0, initial(), 0, NULL, NULL, 0, 0 };
	dmc_pdb *p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	return p;
}

/* The predicate abstractions' tables (relaxation refinement). */
static int build_pred(size_t max_states, dmc_pdb **out)
{
	char err[128];
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, max_states, 0, NULL, 0, NULL, NULL, 0, 0 };
	int n = dmc_pdb_pred_build(&in, out, err, sizeof err);
	CHECK(n >= 1);
	return n;
}

/* The table's distance for model values (vals[v] per model variable,
 * locs[q] per automaton), whatever the pattern. */
static int h_of(const dmc_pdb *p, const long *vals, const int *locs)
{
	long pv[8];
	int pl[8];
	for (int i = 0; i < dmc_pdb_nvars(p); i++)
		pv[i] = vals[dmc_pdb_var(p, i)];
	for (int i = 0; i < dmc_pdb_nprocs(p); i++)
		pl[i] = locs[dmc_pdb_proc(p, i)];
	return dmc_pdb_lookup(p, pv, pl);
}

/* ---- distances worked out by hand ---- */

/* x < 5 -> x++; goal x == 5: 5 - x steps. */
static void test_counter(void)
{
	reset();
	int P = proc("P", 1);
	int x = var("x", 0, 255, 0);
	int t = tr(P, 0, 0, B(DMC_AE_LT, V(x), C(5)));
	assign(t, x, B(DMC_AE_ADD, V(x), C(1)));
	goal(EQ(V(x), C(5)), -1, 0, 0);
	dmc_pdb *p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->states, 6);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 5);
	long v[1] = { 3 };
	int l[1] = { 0 };
	CHECK_EQ_LONG(h_of(p, v, l), 2);
	v[0] = 5;
	CHECK_EQ_LONG(h_of(p, v, l), 0);
	v[0] = 7;                     /* never reached from x = 0 */
	CHECK_EQ_LONG(h_of(p, v, l), DMC_PDB_MISS);
	dmc_pdb_free(p);
}

/* Up: y == 0 && x < 3 -> x++, y = 1; Down: y == 1 -> y = 0; goal x == 3.
 * From x = 0, y = 0: up, down, up, down, up = 5 steps.  Without y in the
 * pattern the guards on y may hold: 3. */
static int lockstep(void)
{
	reset();
	int U = proc("Up", 1), D = proc("Down", 1);
	int x = var("x", 0, 255, 0), y = var("y", 0, 1, 0);
	int t = tr(U, 0, 0, B(DMC_AE_AND, EQ(V(y), C(0)), B(DMC_AE_LT, V(x), C(3))));
	assign(t, x, B(DMC_AE_ADD, V(x), C(1)));
	assign(t, y, C(1));
	t = tr(D, 0, 0, EQ(V(y), C(1)));
	assign(t, y, C(0));
	goal(EQ(V(x), C(3)), -1, 0, 0);
	return y;
}

static void test_lockstep(void)
{
	int y = lockstep();
	dmc_pdb *p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 5);
	long v[2] = { 1, 1 };         /* after the first up: down, up, down, up */
	int l[2] = { 0, 0 };
	CHECK_EQ_LONG(h_of(p, v, l), 4);
	v[0] = 0;                     /* y = 1 with x = 0: never reached */
	CHECK_EQ_LONG(h_of(p, v, l), DMC_PDB_MISS);
	v[0] = 2;
	CHECK_EQ_LONG(h_of(p, v, l), 2);
	dmc_pdb_free(p);
	var_ok[y] = 0;
	p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_nvars(p), 1);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 3);
	dmc_pdb_free(p);
}

/* x counts 0..5 and back to 0; the goal x == 7 is a dead end. */
static void test_dead_end(void)
{
	reset();
	int P = proc("P", 1);
	int x = var("x", 0, 255, 0);
	int t = tr(P, 0, 0, B(DMC_AE_LT, V(x), C(5)));
	assign(t, x, B(DMC_AE_ADD, V(x), C(1)));
	t = tr(P, 0, 0, EQ(V(x), C(5)));
	assign(t, x, C(0));
	goal(EQ(V(x), C(7)), -1, 0, 0);
	dmc_pdb *p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, INF);
	dmc_pdb_free(p);
	/* without x in the pattern nothing is proved: x may be 7 */
	var_ok[x] = 0;
	p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 0);
	dmc_pdb_free(p);
}

/* cone_only (pdb-cone): the dead-end model's table of everything
 * relevant (x: 6 abstract states) where it fits, the same table as the
 * selection's; none, with the reason, where it does not (no smaller
 * pattern is tried). */
static void test_cone_only(void)
{
	char err[160] = "";
	reset();
	int P = proc("P", 1);
	int x = var("x", 0, 255, 0);
	int t = tr(P, 0, 0, B(DMC_AE_LT, V(x), C(5)));
	assign(t, x, B(DMC_AE_ADD, V(x), C(1)));
	t = tr(P, 0, 0, EQ(V(x), C(5)));
	assign(t, x, C(0));
	goal(EQ(V(x), C(7)), -1, 0, 0);
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, 6, 0, initial(), 0, NULL, NULL, 0, 1 };
	dmc_pdb *p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	if (p) {
		CHECK_EQ_LONG(dmc_pdb_stats_of(p)->states, 6);
		CHECK_EQ_LONG(dmc_pdb_stats_of(p)->rounds, 1);
		CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, INF);
		dmc_pdb_free(p);
	}
	in.max_states = 5;            /* x's 6 values do not fit */
	p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p == NULL);
	CHECK(strstr(err, "outgrows the limit of abstract states") != NULL);
	dmc_pdb_free(p);
	/* the selection instead shrinks the pattern: the empty one fits */
	in.cone_only = 0;
	p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	if (p)
		CHECK(dmc_pdb_stats_of(p)->states < 6);
	dmc_pdb_free(p);
}

/* Dense clocks (pdb_zone.c): P resets clock 1 and enters location 1
 * (lv = 1), where the invariant is x <= inv; time passes; the test x > 3
 * leads to the error at location 3.  With inv = 2 no run reaches it
 * (the zone proves it), with inv = 4 it is 3 steps away; without the
 * clocks' tables (a model without clocks) the test may pass. */
static dmc_aclk clk_items[4];
static dmc_aclkprog clk_progs[3];
static dmc_aclkloc clk_at[1];
static long clk_max[2];

static void clock_model(long inv, int clocks)
{
	reset();
	int P = proc("P", 4);
	int lv = var("lv", 0, 3, 0);
	int t0 = tr(P, 0, 1, NULL), t1 = tr(P, 1, 2, NULL), t2 = tr(P, 2, 3, NULL);
	assign(t0, lv, C(1));
	clk_items[0] = (dmc_aclk){ 'r', 1, DMC_AE_EQ, 0 };
	clk_items[1] = (dmc_aclk){ 'c', 1, DMC_AE_GT, 3 };
	clk_items[2] = (dmc_aclk){ 'c', 1, DMC_AE_LE, inv };
	clk_progs[0] = (dmc_aclkprog){ DMC_CLK_RUN, 1, &clk_items[0] };
	clk_progs[1] = (dmc_aclkprog){ DMC_CLK_POST, 0, NULL };
	clk_progs[2] = (dmc_aclkprog){ DMC_CLK_TEST, 1, &clk_items[1] };
	clk_at[0] = (dmc_aclkloc){ lv, 1, 0, 1, &clk_items[2] };
	clk_max[1] = inv > 3 ? inv : 3;
	if (clocks) {
		trans[t0].clk = &clk_progs[0];
		trans[t1].clk = &clk_progs[1];
		trans[t2].clk = &clk_progs[2];
		M.nclocks = 1;
		M.clock_max = clk_max;
		M.nclk_at = 1;
		M.clk_at = clk_at;
	}
	goal(NULL, P, 3, 0);
}

static void test_clocks(void)
{
	clock_model(2, 1);
	dmc_pdb *p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, INF);
	CHECK_EQ_LONG(dmc_pdb_nclocks(p), 1);
	long val[1] = { 0 };
	int loc[1] = { 0 };
	CHECK_EQ_LONG(dmc_pdb_lookup(p, val, loc), INF);
	dmc_pdb_free(p);
	clock_model(4, 1);
	if (!(p = build(1000)))
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 3);
	CHECK_EQ_LONG(dmc_pdb_lookup(p, val, loc), 3);
	/* at location 2 (lv = 1): with x in [0, 4] the test is 1 step away;
	 * no abstract state there has x >= 5 (DBM: x_0 - x_1 <= -5, x_1 -
	 * x_0 unbounded) */
	long v1[1] = { 1 };
	int l2[1] = { 2 };
	const int early[4] = { 0, 0, 8, 0 }, late[4] = { 0, -10, 0x3fffffff, 0 };
	CHECK_EQ_LONG(dmc_pdb_lookup_zone(p, v1, l2, early, 2), 1);
	CHECK_EQ_LONG(dmc_pdb_lookup_zone(p, v1, l2, late, 2), DMC_PDB_MISS);
	CHECK_EQ_LONG(dmc_pdb_lookup_zone(p, v1, l2, late, 0), 1);
	dmc_pdb_free(p);
	clock_model(2, 0);
	if (!(p = build(1000)))
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 3);
	CHECK_EQ_LONG(dmc_pdb_nclocks(p), 0);
	dmc_pdb_free(p);
	/* the location variable left out: its invariant does not count */
	clock_model(2, 1);
	var_ok[0] = 0;
	if (!(p = build(1000)))
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 3);
	dmc_pdb_free(p);
	var_ok[0] = 1;
}

/* Growing a pattern toward a proof: a and b count 0..199 together (a ==
 * b always), w counts 0..9 and z copies it; goal a != b && z == 3.
 * Everything relevant (a, b, z, w) has 200 * 10 * 10 abstract states,
 * more than both limits below; {a, b, z} (what the goal reads) has
 * 200 * 10 and no error path: the table that proves it.  Without the
 * growth the selection shrinks to 1000 states by leaving out a or b
 * (the most distinct values), and then proves nothing. */
static void grow_model(void)
{
	reset();
	int P = proc("P", 1), R = proc("R", 1), Q = proc("Q", 1);
	int a = var("a", 0, 199, 0), b = var("b", 0, 199, 0);
	int w = var("w", 0, 9, 0), z = var("z", 0, 9, 0);
	int t = tr(P, 0, 0, B(DMC_AE_LT, V(a), C(199)));
	assign(t, a, B(DMC_AE_ADD, V(a), C(1)));
	assign(t, b, B(DMC_AE_ADD, V(b), C(1)));
	t = tr(P, 0, 0, EQ(V(a), C(199)));
	assign(t, a, C(0));
	assign(t, b, C(0));
	t = tr(R, 0, 0, B(DMC_AE_LT, V(w), C(9)));
	assign(t, w, B(DMC_AE_ADD, V(w), C(1)));
	t = tr(Q, 0, 0, NULL);
	assign(t, z, V(w));
	goal(B(DMC_AE_AND, B(DMC_AE_NE, V(a), V(b)), EQ(V(z), C(3))), -1, 0, 0);
}

static void test_grow_proof(void)
{
	char err[128];
	grow_model();
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, 1000, 0, NULL, 0, NULL, NULL, 5000, 0 };
	dmc_pdb *p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, INF);
	CHECK_EQ_LONG(dmc_pdb_nvars(p), 3);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->states, 200 * 10);
	CHECK(dmc_pdb_stats_of(p)->grow_rounds >= 2);   /* everything relevant, then {a, b, z} */
	dmc_pdb_free(p);
	/* everything relevant fits the proof's budget: that table */
	in.prove_states = 500000;
	p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, INF);
	CHECK_EQ_LONG(dmc_pdb_nvars(p), 4);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->grow_rounds, 1);
	dmc_pdb_free(p);
	/* no growth: a pattern within 1000 states, no proof */
	in.prove_states = 0;
	p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	if (!p)
		return;
	CHECK(dmc_pdb_stats_of(p)->h_init != INF);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->grow_rounds, 0);
	dmc_pdb_free(p);
}

/* P: x = 4, then c!x; Q: c?y; goal y == 4 at Q's location 1, plus the
 * assert's step: 1 + 2 (the rendezvous pair) + 1. */
static void test_rendezvous(void)
{
	reset();
	int P = proc("P", 3), Q = proc("Q", 2);
	int x = var("x", 0, 255, 0), y = var("y", 0, 255, 0);
	int t = tr(P, 0, 1, NULL);
	assign(t, x, C(4));
	send(tr(P, 1, 2, NULL), C(1), V(x));
	recv(tr(Q, 0, 1, NULL), C(1), y);
	goal(EQ(V(y), C(4)), Q, 1, 1);
	dmc_pdb *p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 4);
	/* a send on another channel never pairs: a dead end */
	trans[1].chan = C(2);
	dmc_pdb_free(p);
	p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, INF);
	dmc_pdb_free(p);
}

/* A merged effect runs after the own statement (it reads the values the
 * sequence made) or not at all: own x = 1, merged y = x + 1 leave y in
 * {0, 2} -- 2 one step away, 1 never (which reading x before the
 * sequence would give). */
static void test_merged(void)
{
	reset();
	int P = proc("P", 2);
	int x = var("x", 0, 255, 0), y = var("y", 0, 3, 0);
	int t = tr(P, 0, 1, NULL);
	assign(t, x, C(1));
	assign_m(t, y, B(DMC_AE_ADD, V(x), C(1)), 1);
	goal(EQ(V(y), C(2)), -1, 0, 0);
	goal(EQ(V(y), C(1)), -1, 0, 5);
	dmc_pdb *p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 1);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->states, 3);     /* (0,0), (1,0), (1,2) */
	dmc_pdb_free(p);
	M.ngoals = 1;
	goals[0].formula = EQ(V(y), C(1));
	p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, INF);
	dmc_pdb_free(p);
}

/* Stores wrap as pan's: x in 0..3, x = x + 1 from 3 gives 0. */
static void test_wrap(void)
{
	reset();
	int P = proc("P", 2);
	int x = var("x", 0, 3, 3), z = var("z", 0, 1, 0);
	int t = tr(P, 0, 1, NULL);
	assign(t, x, B(DMC_AE_ADD, V(x), C(1)));
	t = tr(P, 1, 1, EQ(V(x), C(0)));
	assign(t, z, C(1));
	goal(EQ(V(z), C(1)), -1, 0, 0);
	dmc_pdb *p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 2);
	dmc_pdb_free(p);
}

/* ---- admissibility against the whole model's exact table ---- */

/* Every state of the full table: each smaller pattern's h of its
 * projection is at most its exact distance. */
static void check_below(const dmc_pdb *full, const dmc_pdb *sub)
{
	long val[8], vals[8];
	int loc[8], locs[8], bad = 0;
	for (size_t i = 0; i < dmc_pdb_nstates(full); i++) {
		int d = dmc_pdb_state(full, i, val, loc);
		for (int j = 0; j < dmc_pdb_nvars(full); j++)
			vals[dmc_pdb_var(full, j)] = val[j];
		for (int j = 0; j < dmc_pdb_nprocs(full); j++)
			locs[dmc_pdb_proc(full, j)] = loc[j];
		int h = h_of(sub, vals, locs);
		if (h == DMC_PDB_MISS || (d != INF && (h == INF || h > d)))
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
}

/* The lock-step gate with noise and a second process reading x. */
static void test_admissible_subpatterns(void)
{
	lockstep();
	int N = proc("N", 2);
	int n = var("n", 0, 7, 0);
	int t = tr(N, 0, 1, B(DMC_AE_LT, V(n), C(7)));
	assign(t, n, B(DMC_AE_ADD, V(n), C(1)));
	t = tr(N, 1, 0, NULL);
	t = tr(N, 1, 0, B(DMC_AE_GT, V(0), C(1)));
	assign(t, n, C(0));
	/* Up reads n too (always true): every component is relevant */
	trans[0].guard = B(DMC_AE_AND, trans[0].guard, B(DMC_AE_LT, V(n), C(8)));
	dmc_pdb *full = build(100000);
	if (!full)
		return;
	CHECK_EQ_LONG(dmc_pdb_nvars(full) + dmc_pdb_nprocs(full), M.nvars + M.nprocs);
	/* every pattern that drops some of the 6 components */
	for (int mask = 0; mask < 63; mask++) {
		for (int v = 0; v < M.nvars; v++)
			var_ok[v] = (mask >> v) & 1;
		for (int q = 0; q < M.nprocs; q++)
			proc_ok[q] = (mask >> (M.nvars + q)) & 1;
		dmc_pdb *sub = build(100000);
		if (!sub)
			break;
		check_below(full, sub);
		dmc_pdb_free(sub);
	}
	/* and the patterns the size limit selects, then those downward
	 * refinement selects */
	dmc_pdb *(*const builders[])(size_t) = { build, build_dpr };
	for (int b = 0; b < 2; b++)
		for (size_t lim = 1; lim < 200; lim = lim * 2 + 1) {
			memset(var_ok, 1, sizeof var_ok);
			memset(proc_ok, 1, sizeof proc_ok);
			dmc_pdb *sub = builders[b](lim);
			if (!sub)
				break;
			CHECK(dmc_pdb_stats_of(sub)->states <= lim);
			check_below(full, sub);
			dmc_pdb_free(sub);
		}
	/* the predicate abstractions relaxation refinement selects */
	for (size_t lim = 1; lim < 400; lim = lim * 2 + 1) {
		dmc_pdb *t[DMC_PDB_PRED_TABLES];
		int n = build_pred(lim, t);
		for (int i = 0; i < n; i++) {
			CHECK(dmc_pdb_stats_of(t[i])->states <= lim);
			check_below(full, t[i]);
			dmc_pdb_free(t[i]);
		}
	}
	dmc_pdb_free(full);
}

/* Downward refinement leaves out what no goal depends on and what keeps
 * hU(initial): in the lock-step model with an unrelated noise counter,
 * the noise goes; x and y stay (without y, hU drops from 5 to 3). */
static void test_dpr_pattern(void)
{
	lockstep();
	int N = proc("N", 1);
	int n = var("n", 0, 7, 0);
	int t = tr(N, 0, 0, B(DMC_AE_LT, V(n), C(7)));
	assign(t, n, B(DMC_AE_ADD, V(n), C(1)));
	dmc_pdb *p = build_dpr(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 5);
	int has_n = 0, has_y = 0;
	for (int i = 0; i < dmc_pdb_nvars(p); i++) {
		has_n |= dmc_pdb_var(p, i) == n;
		has_y |= dmc_pdb_var(p, i) == 1;
	}
	for (int i = 0; i < dmc_pdb_nprocs(p); i++)
		has_n |= dmc_pdb_proc(p, i) == N;
	CHECK(!has_n);
	CHECK(has_y);
	dmc_pdb_free(p);
}

/* Predicate classes: the cuts of x < 5 and x == 5 give [0,4] [5] [6,255];
 * x++ from [0,4] may reach [5] at once, so h = 1 (coarse, a lower bound). */
static void test_pred_classes(void)
{
	reset();
	int P = proc("P", 1);
	int x = var("x", 0, 255, 0);
	int t = tr(P, 0, 0, B(DMC_AE_LT, V(x), C(5)));
	assign(t, x, B(DMC_AE_ADD, V(x), C(1)));
	goal(EQ(V(x), C(5)), -1, 0, 0);
	int ncut[1] = { 2 }, nmark[1] = { 0 }, outgrew = 0;
	long cuts[2] = { 5, 6 };
	const long *cut[1] = { cuts };
	int marks[1] = { 0 };
	const int *mark[1] = { marks };
	dmc_pdb_preds pr = { ncut, cut, nmark, mark };
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, 1000, 0, NULL, 0, NULL, NULL, 0, 0 };
	char err[128];
	dmc_pdb *p = dmc_pdb_build_preds(&in, &pr, &outgrew, err, sizeof err);
	CHECK(p != NULL);
	if (!p)
		return;
	CHECK_EQ_LONG(outgrew, 0);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->states, 2);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 1);
	long v[1] = { 3 };
	int l[1] = { 0 };
	CHECK_EQ_LONG(h_of(p, v, l), 1);
	v[0] = 5;
	CHECK_EQ_LONG(h_of(p, v, l), 0);
	dmc_pdb_free(p);
	/* relaxation refinement carries x == 5 back through x++ (x == 4, 3,
	 * ...) until the abstraction is exact: 5 steps */
	dmc_pdb *t2[DMC_PDB_PRED_TABLES];
	int k = build_pred(1000, t2);
	CHECK_EQ_LONG(k, 1);
	if (k < 1)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(t2[0])->h_init, 5);
	CHECK(dmc_pdb_stats_of(t2[0])->rounds > 1);
	dmc_pdb_free(t2[0]);
}

/* A location predicate: P goes 0 -> 1 -> 2 -> 3, the goal is P at 3.
 * Only loc(P) == 3 at first: the other locations are one class, from
 * which 2 -> 3 may fire at once (h = 1); the refinement tells the
 * locations the path passes apart until h = 3. */
static void test_pred_locations(void)
{
	reset();
	int P = proc("P", 4);
	tr(P, 0, 1, NULL);
	tr(P, 1, 2, NULL);
	tr(P, 2, 3, NULL);
	goal(NULL, P, 3, 0);
	dmc_pdb *t[DMC_PDB_PRED_TABLES];
	int k = build_pred(1000, t);
	CHECK_EQ_LONG(k, 1);
	if (k < 1)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(t[0])->h_init, 3);
	long v[1] = { 0 };
	int l[1] = { 1 };
	CHECK_EQ_LONG(dmc_pdb_lookup(t[0], v, l), 2);
	dmc_pdb_free(t[0]);
}

/* ---- atomic sequences against pan's semantics ----
 * An interpreter of the hand-built models with pan's rules (bfs() in
 * pan.c, SPIN 6.5.2): after a move whose transition ends inside an
 * atomic sequence (after a rendezvous: the receiver's) that process
 * moves alone -- its moves and the rendezvous it offers -- while it has
 * one; without one every process may move.  When its offers all fail
 * pan -DBFS also expands the state again without atomicity (the glue
 * drops that, SPIN's DFS has no such step): the interpreter keeps those
 * moves too, the more permissive of the two.  A rendezvous costs 2
 * steps.  Values are exact (the models use no approximation). */

#define RMAX 4096
#define RW (8 + 8 + 1)                /* vals, locs, alone */
static long rst[RMAX][RW];
static int rn, rdist[RMAX];
typedef struct { int from, to, cost; } redge_t;
static redge_t redge[RMAX * 8];
static int rne;

static int rfind(const long *s)
{
	for (int i = 0; i < rn; i++)
		if (memcmp(rst[i], s, sizeof rst[i]) == 0)
			return i;
	return -1;
}

static int radd(const long *s)
{
	int i = rfind(s);
	if (i >= 0)
		return i;
	CHECK(rn < RMAX);
	if (rn >= RMAX)
		return -1;
	memcpy(rst[rn], s, sizeof rst[rn]);
	return rn++;
}

static long reval(const dmc_aexpr *e, const long *s)
{
	dmc_vset v[8], x;
	const dmc_vset *vp[8];
	if (!e)
		return 1;
	for (int i = 0; i < M.nvars; i++) {
		dmc_vs_set(&v[i], s[i], s[i]);
		vp[i] = &v[i];
	}
	dmc_vs_eval(e, vp, &x);
	CHECK(x.n == 1 && x.iv[0].lo == x.iv[0].hi);
	return x.iv[0].lo;
}

static int renabled(int t, const long *s)
{
	return s[8 + trans[t].proc] == trans[t].from && reval(trans[t].guard, s) != 0;
}

/* s after transition t (and its partner r, or -1) */
static void rstep(const long *s, int t, int r, long *out)
{
	long nv[8];
	memcpy(out, s, sizeof rst[0]);
	for (int v = 0; v < M.nvars; v++)
		nv[v] = s[v];
	for (int k = 0; k < 2; k++) {
		int u = k ? r : t;
		if (u < 0)
			continue;
		for (int a = 0; a < trans[u].nassign; a++)
			nv[trans[u].assign[a].var] = reval(trans[u].assign[a].rhs, s);
		out[8 + trans[u].proc] = trans[u].to;
	}
	if (r >= 0)
		nv[trans[r].recv_var[0]] = reval(trans[t].msg[0], s);
	for (int v = 0; v < M.nvars; v++) {
		dmc_vset x;
		dmc_vs_set(&x, nv[v], nv[v]);
		dmc_vs_fit(&x, vars[v].lo, vars[v].hi, 1);
		out[v] = x.iv[0].lo;
	}
	int last = r >= 0 ? r : t;
	out[16] = trans[last].atomic ? trans[last].proc : -1;
}

static int rpair(int t, int r, const long *s)
{
	return trans[t].sync == DMC_SYNC_SEND && trans[r].sync == DMC_SYNC_RECV
	       && trans[t].proc != trans[r].proc && renabled(t, s) && renabled(r, s)
	       && reval(trans[t].chan, s) == reval(trans[r].chan, s);
}

/* The moves of process q (q < 0: every process): 1 per move added;
 * *offers, *taken: q's rendezvous offers, those some receiver takes. */
static int rmoves(int from, int q, int *offers, int *taken)
{
	const long *s = rst[from];
	long succ[RW];
	int n = 0;
	for (int t = 0; t < M.ntrans; t++) {
		if ((q >= 0 && trans[t].proc != q) || !renabled(t, s) || trans[t].sync == DMC_SYNC_RECV)
			continue;
		if (trans[t].sync == DMC_SYNC_SEND) {
			int any = 0;
			++*offers;
			for (int r = 0; r < M.ntrans; r++)
				if (rpair(t, r, s)) {
					rstep(s, t, r, succ);
					redge[rne++] = (redge_t){ from, radd(succ), 2 };
					any = 1;
					n++;
				}
			*taken += any;
			continue;
		}
		rstep(s, t, -1, succ);
		redge[rne++] = (redge_t){ from, radd(succ), 1 };
		n++;
	}
	return n;
}

static int rgoal(const long *s)
{
	int best = INF;
	for (int g = 0; g < M.ngoals; g++) {
		int ok = reval(goals[g].formula, s) != 0;
		for (int l = 0; l < goals[g].nlocs; l++)
			ok &= s[8 + goals[g].proc[l]] == goals[g].loc[l];
		if (ok && (best == INF || goals[g].extra_steps < best))
			best = goals[g].extra_steps;
	}
	return best;
}

/* Every reachable state and its true distance (Bellman-Ford backwards:
 * the graphs are tiny). */
static void reference(void)
{
	long s0r[RW] = { 0 };
	rn = rne = 0;
	for (int v = 0; v < M.nvars; v++)
		s0r[v] = init_val[v];
	for (int q = 0; q < M.nprocs; q++)
		s0r[8 + q] = init_loc[q];
	s0r[16] = -1;
	radd(s0r);
	for (int i = 0; i < rn && rne + 64 < RMAX * 8; i++) {
		int q = (int) rst[i][16], offers = 0, taken = 0;
		if (q >= 0) {
			int moved = rmoves(i, q, &offers, &taken);
			if (moved > 0 && (offers == 0 || taken > 0))
				continue;
		}
		offers = taken = 0;
		rmoves(i, -1, &offers, &taken);
	}
	for (int i = 0; i < rn; i++)
		rdist[i] = rgoal(rst[i]);
	for (int changed = 1; changed;) {
		changed = 0;
		for (int e = 0; e < rne; e++)
			if (rdist[redge[e].to] != INF
			    && (rdist[redge[e].from] == INF || rdist[redge[e].to] + redge[e].cost < rdist[redge[e].from])) {
				rdist[redge[e].from] = rdist[redge[e].to] + redge[e].cost;
				changed = 1;
			}
	}
}

/* Every pattern (each subset of the components), and the patterns the
 * size limits and downward refinement select: every reachable state's
 * h is at most its true distance, infinite only at a dead end; and the
 * abstract state that knows who moves alone is in the table too (the
 * look-up's minimum does not hide it). */
static void check_reference(void)
{
	reference();
	int ncomp = M.nvars + M.nprocs, bad = 0, missing = 0;
	for (int mask = 0; mask < (1 << ncomp) + 2 * 8; mask++) {
		dmc_pdb *p;
		if (mask < (1 << ncomp)) {
			for (int v = 0; v < M.nvars; v++)
				var_ok[v] = (mask >> v) & 1;
			for (int q = 0; q < M.nprocs; q++)
				proc_ok[q] = (mask >> (M.nvars + q)) & 1;
			p = build(100000);
		} else {
			int k = mask - (1 << ncomp);
			memset(var_ok, 1, sizeof var_ok);
			memset(proc_ok, 1, sizeof proc_ok);
			p = k < 8 ? build((size_t) 1 << k) : build_dpr((size_t) 1 << (k - 8));
		}
		if (!p)
			return;
		long val[8], pv[8];
		int loc[8], pl[8];
		for (int i = 0; i < rn; i++) {
			for (int v = 0; v < M.nvars; v++)
				val[v] = rst[i][v];
			for (int q = 0; q < M.nprocs; q++)
				loc[q] = (int) rst[i][8 + q];
			int h = h_of(p, val, loc);
			if (h == DMC_PDB_MISS || (h == INF && rdist[i] != INF) || (h != INF && rdist[i] != INF && h > rdist[i]))
				bad++;
			/* the table's state for s with who moves alone (if in the pattern) */
			int alone = (int) rst[i][16], found = 0;
			for (int j = 0; j < dmc_pdb_nprocs(p); j++)
				pl[j] = loc[dmc_pdb_proc(p, j)];
			for (int j = 0; j < dmc_pdb_nvars(p); j++)
				pv[j] = val[dmc_pdb_var(p, j)];
			for (size_t a = 0; a < dmc_pdb_nstates(p) && !found; a++) {
				long tv[8];
				int tl[8], d = dmc_pdb_state(p, a, tv, tl), x = dmc_pdb_alone(p, a), in = 0;
				for (int j = 0; j < dmc_pdb_nprocs(p); j++)
					in |= dmc_pdb_proc(p, j) == alone;
				if ((in ? alone : -1) != x || memcmp(tv, pv, sizeof *pv * (size_t) dmc_pdb_nvars(p))
				    || memcmp(tl, pl, sizeof *pl * (size_t) dmc_pdb_nprocs(p)))
					continue;
				found = 1;
				if (rdist[i] != INF && (d == INF || d > rdist[i]))
					bad++;
			}
			missing += !found;
		}
		dmc_pdb_free(p);
	}
	CHECK_EQ_LONG(bad, 0);
	CHECK_EQ_LONG(missing, 0);
}

/* P: atomic { x = 1; y == 1 -> x = 2 }, x = 0.  Q: y = 1.  R: x == 1 ->
 * goal.  P blocks inside its sequence while y == 0: then everyone moves,
 * and R sees x == 1 (3 steps with the goal's extra step).  Once Q has set
 * y, P inside the sequence with a move it surely has does not hold the
 * exclusive right (the last move was Q's): R still may move. */
static int atomic_blocking(void)
{
	reset();
	int P = proc("P", 4), Q = proc("Q", 2), R = proc("R", 2);
	int x = var("x", 0, 3, 0), y = var("y", 0, 1, 0);
	assign(tra(P, 0, 1, NULL), x, C(1));
	assign(tr(P, 1, 2, EQ(V(y), C(1))), x, C(2));
	assign(tr(P, 2, 3, NULL), x, C(0));
	assign(tr(Q, 0, 1, NULL), y, C(1));
	tr(R, 0, 1, EQ(V(x), C(1)));
	goal(NULL, R, 1, 1);
	return y;
}

static void test_atomic_blocking(void)
{
	int y = atomic_blocking();
	dmc_pdb *p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 3);
	dmc_pdb_free(p);
	check_reference();
	/* Q sets y first (y = 1 before P's sequence): P's whole sequence is
	 * atomic and R never sees x == 1 -- a dead end the abstraction
	 * proves only because it knows P moves alone */
	init_val[y] = 1;
	trans[3].guard = EQ(V(y), C(2));
	p = build(1000);
	if (!p)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, INF);
	dmc_pdb_free(p);
	check_reference();
	CHECK_EQ_LONG(rdist[0], INF);
}

/* P: atomic { x = 1; c!x; x = 0 }.  Q: atomic { c?y; z = y + 1 }, then
 * y = 0.  The rendezvous ends P's exclusive right, and Q holds it: it
 * moves alone until it leaves its sequence, so R's goal y == 1 && z == 0
 * is a dead end; x == 1 && z == 2 is not (P does not move alone after
 * the pair). */
static void test_atomic_rendezvous(void)
{
	for (int variant = 0; variant < 2; variant++) {
		reset();
		int P = proc("P", 4), Q = proc("Q", 4), R = proc("R", 2);
		int x = var("x", 0, 3, 0), y = var("y", 0, 3, 0), z = var("z", 0, 3, 0);
		assign(tra(P, 0, 1, NULL), x, C(1));
		send(tra(P, 1, 2, NULL), C(1), V(x));
		assign(tr(P, 2, 3, NULL), x, C(0));
		recv(tra(Q, 0, 1, NULL), C(1), y);
		assign(tr(Q, 1, 2, NULL), z, B(DMC_AE_ADD, V(y), C(1)));
		assign(tr(Q, 2, 3, NULL), y, C(0));
		if (variant == 0)
			tr(R, 0, 1, B(DMC_AE_AND, EQ(V(y), C(1)), EQ(V(z), C(0))));
		else
			tr(R, 0, 1, B(DMC_AE_AND, EQ(V(x), C(1)), EQ(V(z), C(2))));
		goal(NULL, R, 1, 1);
		dmc_pdb *p = build(1000);
		if (!p)
			return;
		/* variant 1: x = 1, the pair (2), Q's z = 2, R, its extra step */
		CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, variant == 0 ? INF : 6);
		dmc_pdb_free(p);
		check_reference();
		CHECK_EQ_LONG(rdist[0], variant == 0 ? INF : 6);
	}
}

/* ---- the build's limits ---- */

/* Four counters 0..255, each up and down by one; the goal all of them at
 * 200: the whole pattern has 2^32 abstract states, far more than a
 * build may explore here. */
static void counters(void)
{
	reset();
	dmc_aexpr *all = NULL;
	for (int i = 0; i < 4; i++) {
		static const char *names[4] = { "x0", "x1", "x2", "x3" };
		int P = proc(names[i], 1), x = var(names[i], 0, 255, 0);
		assign(tr(P, 0, 0, B(DMC_AE_LT, V(x), C(255))), x, B(DMC_AE_ADD, V(x), C(1)));
		assign(tr(P, 0, 0, B(DMC_AE_GT, V(x), C(0))), x, B(DMC_AE_SUB, V(x), C(1)));
		dmc_aexpr *at = EQ(V(x), C(200));
		all = all ? B(DMC_AE_AND, all, at) : at;
	}
	goal(all, -1, 0, 0);
}

/* a stop that says "now" at its n-th question */
typedef struct { int calls, at; } stopper;

static int stop_at(void *ctx)
{
	stopper *s = ctx;
	return ++s->calls >= s->at;
}

/* A stop is asked inside the exploration (every WORK_CHECK units of
 * work, not between explorations): at its third question the build ends
 * with the empty pattern (one state, timed out), having asked no more,
 * long before the first exploration (200000 states) could have ended. */
static void test_stop_inside_exploration(void)
{
	counters();
	char err[128];
	stopper st = { 0, 3 };
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, 200000, 0, initial(), 0,
	                     stop_at, &st, 0, 0 };
	dmc_pdb *p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	if (!p)
		return;
	CHECK_EQ_LONG(st.calls, 3);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->timed_out, 1);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->pattern, 0);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->states, 1);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->rounds, 2);   /* the one cut short, the empty one */
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->h_init, 0);   /* no bound: admissible */
	dmc_pdb_free(p);
	/* without a stop the same build runs on (its first exploration alone
	 * asks much more than three times) */
	stopper never = { 0, 1 << 30 };
	in.stop_ctx = &never;
	in.max_states = 20000;
	p = dmc_pdb_build(&in, err, sizeof err);
	CHECK(p != NULL);
	CHECK(never.calls > 3);
	dmc_pdb_free(p);
}

/* max_seconds is checked inside the exploration too: a pattern whose
 * exploration would take far longer ends within a small fraction of a
 * second past it. */
static void test_time_inside_exploration(void)
{
	counters();
	char err[128];
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, 50000000, 0.05, NULL, 0,
	                     NULL, NULL, 0, 0 };
	double t0 = dmc_pdb_clock();
	dmc_pdb *p = dmc_pdb_build(&in, err, sizeof err);
	double secs = dmc_pdb_clock() - t0;
	CHECK(p != NULL);
	if (!p)
		return;
	CHECK(secs < 0.5);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->timed_out, 1);
	CHECK_EQ_LONG(dmc_pdb_stats_of(p)->states, 1);
	dmc_pdb_free(p);
}

/* pdb-pred: a stop at once gives one table (no further abstraction is
 * begun; two would be built, one per variable the goal reads: here
 * four, at most DMC_PDB_PRED_TABLES), the empty abstraction's, timed
 * out; a deadline already past (0 s left of a tiny max_seconds) the
 * same, not a failure. */
static void test_pred_stop(void)
{
	counters();
	char err[128];
	dmc_pdb *t[DMC_PDB_PRED_TABLES];
	stopper st = { 0, 1 };
	dmc_pdb_input in = { &M, var_ok, proc_ok, init_val, init_loc, 200000, 0, NULL, 0,
	                     stop_at, &st, 0, 0 };
	int n = dmc_pdb_pred_build(&in, t, err, sizeof err);
	CHECK_EQ_LONG(n, 1);
	if (n < 1)
		return;
	CHECK_EQ_LONG(dmc_pdb_stats_of(t[0])->timed_out, 1);
	CHECK_EQ_LONG(dmc_pdb_stats_of(t[0])->states, 1);
	dmc_pdb_free(t[0]);
	in.stop = NULL;
	in.max_seconds = 1e-9;
	n = dmc_pdb_pred_build(&in, t, err, sizeof err);
	CHECK(n >= 1);
	for (int i = 0; i < n; i++) {
		CHECK_EQ_LONG(dmc_pdb_stats_of(t[i])->timed_out, 1);
		dmc_pdb_free(t[i]);
	}
	/* with time enough the refinement runs: more than the empty table */
	in.max_seconds = 0;
	n = dmc_pdb_pred_build(&in, t, err, sizeof err);
	CHECK_EQ_LONG(n, 4);
	for (int i = 0; i < n; i++) {
		CHECK_EQ_LONG(dmc_pdb_stats_of(t[i])->timed_out, 0);
		CHECK(dmc_pdb_stats_of(t[i])->states > 1);
		dmc_pdb_free(t[i]);
	}
}

CHECK_MAIN("pdb",
	CASE(test_counter), CASE(test_lockstep), CASE(test_dead_end), CASE(test_cone_only), CASE(test_clocks), CASE(test_grow_proof), CASE(test_rendezvous),
	CASE(test_merged), CASE(test_wrap), CASE(test_admissible_subpatterns), CASE(test_dpr_pattern),
	CASE(test_pred_classes), CASE(test_pred_locations), CASE(test_atomic_blocking),
	CASE(test_atomic_rendezvous), CASE(test_stop_inside_exploration),
	CASE(test_time_inside_exploration), CASE(test_pred_stop))
