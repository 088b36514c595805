// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_atg.c -- the abstract transition graph, hL and hU, on abstract
 * models built by hand (the seed paper's examples among them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absmodel.h"
#include "atg.h"
#include "check.h"

#define INF DMC_ATG_INF
#define NEG DMC_AV_NEG_INF
#define POS DMC_AV_POS_INF
#define INT_LO (-2147483647L - 1)
#define INT_HI 2147483647L

/* ---- a model in static pools ---- */

static dmc_aproc procs[16];
static dmc_atrans trans[64];
static dmc_avar vars[16];
static dmc_agoal goals[4];
static int gproc[4][8], gloc[4][8];
static dmc_amodel M;
static dmc_aexpr pool[512];
static dmc_assign assigns[128];
static dmc_aexpr *msgs[64];
static int recvs[64];
static dmc_amatch matches[64];
static int npool, nassigns, nmsgs, nrecvs, nmatches;

static void reset(void)
{
	memset(procs, 0, sizeof procs);
	memset(trans, 0, sizeof trans);
	memset(vars, 0, sizeof vars);
	memset(goals, 0, sizeof goals);
	memset(assigns, 0, sizeof assigns);
	memset(&M, 0, sizeof M);
	npool = nassigns = nmsgs = nrecvs = nmatches = 0;
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

static int proc(const char *name, int nlocs, int start)
{
	int p = M.nprocs++;
	procs[p].name = (char *)name;
	procs[p].nlocs = nlocs;
	procs[p].start = start;
	return p;
}

static int var(const char *name, long lo, long hi)
{
	int v = M.nvars++;
	vars[v].name = (char *)name;
	vars[v].lo = lo;
	vars[v].hi = hi;
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
	return t;
}

/* Assignments of one transition must be added together. */
static void assign(int t, int v, dmc_aexpr *rhs)
{
	if (!trans[t].nassign)
		trans[t].assign = &assigns[nassigns];
	assigns[nassigns].var = v;
	assigns[nassigns++].rhs = rhs;
	trans[t].nassign++;
}

static void send(int t, dmc_aexpr *chan, dmc_aexpr *msg)
{
	trans[t].sync = DMC_SYNC_SEND;
	trans[t].chan = chan;
	if (msg) {
		trans[t].msg = &msgs[nmsgs];
		msgs[nmsgs++] = msg;
		trans[t].nmsg = 1;
	}
}

static void recv(int t, dmc_aexpr *chan, int into)
{
	trans[t].sync = DMC_SYNC_RECV;
	trans[t].chan = chan;
	if (into != -2) {
		trans[t].recv_var = &recvs[nrecvs];
		recvs[nrecvs++] = into;
		trans[t].nmsg = 1;
	}
}

/* A receive of one field that must equal value (a field of type lo..hi). */
static void recv_match(int t, dmc_aexpr *chan, dmc_aexpr *value, long lo, long hi)
{
	trans[t].sync = DMC_SYNC_RECV;
	trans[t].chan = chan;
	trans[t].recv_var = &recvs[nrecvs];
	recvs[nrecvs++] = -1;
	trans[t].match = &matches[nmatches];
	matches[nmatches].value = value;
	matches[nmatches].lo = lo;
	matches[nmatches++].hi = hi;
	trans[t].nmsg = 1;
}

static int goal(dmc_aexpr *formula, int extra)
{
	int g = M.ngoals++;
	goals[g].formula = formula;
	goals[g].extra_steps = extra;
	goals[g].proc = gproc[g];
	goals[g].loc = gloc[g];
	return g;
}

static void goal_loc(int g, int p, int l)
{
	gproc[g][goals[g].nlocs] = p;
	gloc[g][goals[g].nlocs++] = l;
}

/* ---- a state ---- */

static int sp[32], sl[32], sv[32];
static long sval[32];
static dmc_astate S;

static void st(void)
{
	memset(&S, 0, sizeof S);
	S.loc_proc = sp;
	S.loc_loc = sl;
	S.val_var = sv;
	S.val_val = sval;
}

static void at(int p, int l)
{
	sp[S.nlocs] = p;
	sl[S.nlocs++] = l;
}

/* A new state with processes 0..n-1 at their location 0. */
static void all_at0(int n)
{
	st();
	for (int p = 0; p < n; p++)
		at(p, 0);
}

static void val(int v, long x)
{
	sv[S.nvals] = v;
	sval[S.nvals++] = x;
}

/* hL and hU of the state, also checking dmc_atg_hL / dmc_atg_hU agree. */
static int hL, hU;

static void eval(dmc_atg *g)
{
	dmc_atg_eval(g, &S, &hL, &hU);
	CHECK_EQ_LONG(dmc_atg_hL(g, &S), hL);
	CHECK_EQ_LONG(dmc_atg_hU(g, &S), hU);
}

/* A fresh graph gives the last eval's hL and hU on S (with transitions
 * off[0..noff) disabled); 0 if it cannot be made. */
static int like_fresh(const int *off, int noff)
{
	int l, u;
	dmc_atg *fresh = dmc_atg_new(&M);
	CHECK(fresh != NULL);
	if (!fresh)
		return 0;
	dmc_atg_set_disabled(fresh, off, noff);
	dmc_atg_eval(fresh, &S, &l, &u);
	CHECK_EQ_LONG(hL, l);
	CHECK_EQ_LONG(hU, u);
	dmc_atg_free(fresh);
	return 1;
}

/* ---- (a) Fig. 2: a chain of n automata with dead ends ---- */

/*
 * Automaton i has locations 0 (bottom), 1 (top left), 2 (top right).
 * Automaton 0 steps 0 -> 1 by itself.  Automaton i > 0 either receives
 * automaton i-1's signal (channel i-1) and goes 0 -> 1, or goes 0 -> 2,
 * a dead end: from 2 it never gets to 1, so automaton i+1 never gets its
 * signal.  At 1, automaton i < n-1 offers its signal forever (1 -> 1).
 * Target: automaton n-1 at 1.  From "automata 0..j-1 at 1, the others at
 * 0" the distance is n - j with the paper's count (a rendezvous is one
 * step), and pan's 2(n - j), or 2n - 1 for j = 0 (a rendezvous is two
 * steps: the send, then the receive).
 */
static void fig2(int n)
{
	reset();
	for (int i = 0; i < n; i++)
		proc(NULL, 3, 0);
	tr(0, 0, 1, NULL);
	for (int i = 1; i < n; i++) {
		recv(tr(i, 0, 1, NULL), C(i - 1), -2);
		tr(i, 0, 2, NULL);
	}
	for (int i = 0; i + 1 < n; i++)
		send(tr(i, 1, 1, NULL), C(i), NULL);
	goal_loc(goal(NULL, 0), n - 1, 1);
}

static void fig2_check(int n, int sync_steps)
{
	dmc_atg *g;
	fig2(n);
	g = dmc_atg_new(&M);
	CHECK(g != NULL);
	if (!g)
		return;
	dmc_atg_set_sync_steps(g, sync_steps);
	for (int j = 0; j <= n; j++) {       /* on the way: exact */
		long d = sync_steps == 1 ? n - j : j == 0 ? 2 * n - 1 : 2 * (n - j);
		st();
		for (int i = 0; i < n; i++)
			at(i, i < j ? 1 : 0);
		eval(g);
		CHECK_EQ_LONG(hL, d);
		CHECK_EQ_LONG(hU, d);
	}
	for (int j = 1; j < n; j++) {        /* automaton j took the wrong branch */
		st();
		for (int i = 0; i < n; i++)
			at(i, i < j ? 1 : i == j ? 2 : 0);
		eval(g);
		CHECK_EQ_LONG(hL, INF);
		CHECK_EQ_LONG(hU, INF);
		if (j + 1 < n) {             /* ... or a later one did */
			st();
			for (int i = 0; i < n; i++)
				at(i, i < j ? 1 : i == n - 1 ? 2 : 0);
			eval(g);
			CHECK_EQ_LONG(hL, INF);
		}
	}
	dmc_atg_free(g);
}

static void test_fig2_n3(void) { fig2_check(3, 2); }
static void test_fig2_n6(void) { fig2_check(6, 2); }
static void test_fig2_paper_count(void) { fig2_check(3, 1); fig2_check(6, 1); }

/* ---- (b) Fig. 3: a loop that must be repeated ---- */

/*
 * One automaton cycles 0 -> 1 -> 2 -> 0 and increments c on 2 -> 0;
 * target: back at 0 with c == k.  The real distance is 3k.  Under the
 * monotonicity abstraction one round suffices: location 2 stays
 * reachable and the increment shortcut gives c every value at once, so
 * hL = 3 (one loop).  hU counts the k increments but the loop's other
 * two edges once: k + 2.  Both underestimate 3k: the known weakness
 * ("everything needs to be done at most once").  hUc (cycle costs)
 * charges the k - 1 further rounds back to the increment: 3k.
 */
static void test_fig3_repeated_loop(void)
{
	const int k = 5;
	dmc_atg *g;
	int c;
	reset();
	proc("P", 3, 0);
	c = var("c", 0, 255);
	tr(0, 0, 1, NULL);
	tr(0, 1, 2, NULL);
	assign(tr(0, 2, 0, NULL), c, B(DMC_AE_ADD, V(c), C(1)));
	goal_loc(goal(EQ(V(c), C(k)), 0), 0, 0);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(c, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 3);
	CHECK_EQ_LONG(hU, k + 2);
	CHECK(hL < 3 * k && hU < 3 * k);
	st();                                 /* one round done: still 3 and k+1 */
	at(0, 0);
	val(c, 1);
	eval(g);
	CHECK_EQ_LONG(hL, 3);
	CHECK_EQ_LONG(hU, k - 1 + 2);
	/* hUc: each further round also goes 0 -> 1 -> 2 again: exact */
	dmc_atg_set_cycle_costs(g, 1);
	all_at0(1);
	val(c, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 3);
	CHECK_EQ_LONG(hU, 3 * k);
	st();
	at(0, 1);                             /* one step into the first round */
	val(c, 0);
	eval(g);
	CHECK_EQ_LONG(hU, 3 * k - 1);
	all_at0(1);
	val(c, 1);
	eval(g);
	CHECK_EQ_LONG(hU, 3 * (k - 1));
	dmc_atg_free(g);
}

/* ---- (c) section 3.1: guard v == 0, effect v := v + 1, target v == 2 ---- */

static void test_paper_3_1(void)
{
	dmc_atg *g;
	int v;
	reset();
	proc("P", 1, 0);
	v = var("v", 0, 255);
	assign(tr(0, 0, 0, EQ(V(v), C(0))), v, B(DMC_AE_ADD, V(v), C(1)));
	goal(EQ(V(v), C(2)), 0);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(v, 0);
	/* No real solution (v == 0 is false after one step), but an
	 * abstract one: the guard is "exists c in s(v): c == 0".  With the
	 * shortcut, layer 1 already has v in [1, 255]. */
	eval(g);
	CHECK_EQ_LONG(hL, 1);
	CHECK_EQ_LONG(hU, 2);
	dmc_atg_set_wrap(g, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 1);
	CHECK_EQ_LONG(hU, 2);
	dmc_atg_free(g);

	/* v := 1 + v*1 is not recognised as an increment: the paper's
	 * layer-by-layer story, {0}, {0,1}, {0,1,2}. */
	trans[0].assign[0].rhs = B(DMC_AE_ADD, C(1), B(DMC_AE_MUL, V(v), C(1)));
	g = dmc_atg_new(&M);
	eval(g);
	CHECK_EQ_LONG(hL, 2);
	CHECK_EQ_LONG(hU, 2);
	CHECK_EQ_LONG(dmc_atg_top(g), 2);
	dmc_atg_free(g);
}

/* ---- (d) the increment shortcut ---- */

static void test_increment_shortcut(void)
{
	dmc_atg *g;
	int x;
	reset();
	proc("P", 2, 0);
	x = var("x", INT_LO, INT_HI);
	assign(tr(0, 0, 0, B(DMC_AE_LT, V(x), C(1000))), x, B(DMC_AE_ADD, V(x), C(1)));
	tr(0, 0, 1, EQ(V(x), C(1000)));
	goal_loc(goal(NULL, 0), 0, 1);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(x, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 2);                 /* x in [1, +inf) at layer 1, then the exit */
	CHECK_EQ_LONG(dmc_atg_top(g), 2);
	CHECK_EQ_LONG(hU, 1001);              /* 1000 increments and the exit: exact */
	all_at0(1);
	val(x, 990);
	eval(g);
	CHECK_EQ_LONG(hU, 11);
	dmc_atg_free(g);

	/* decrements by 3: 10 -> -5 takes 5 */
	reset();
	proc("P", 1, 0);
	x = var("x", INT_LO, INT_HI);
	assign(tr(0, 0, 0, NULL), x, B(DMC_AE_SUB, V(x), C(3)));
	goal(EQ(V(x), C(-5)), 0);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(x, 10);
	eval(g);
	CHECK_EQ_LONG(hL, 1);
	CHECK_EQ_LONG(hU, 5);
	dmc_atg_free(g);
}

/* A guard comparing two variables: the witness for x > y picks y's
 * current value and the smallest x above it, so hU counts the
 * increments exactly. */
static void test_guard_two_vars(void)
{
	dmc_atg *g;
	int x, y;
	reset();
	proc("P", 2, 0);
	x = var("x", 0, 255);
	y = var("y", 0, 255);
	assign(tr(0, 0, 0, NULL), x, B(DMC_AE_ADD, C(1), V(x)));
	tr(0, 0, 1, B(DMC_AE_GT, V(x), V(y)));
	goal_loc(goal(NULL, 0), 0, 1);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(x, 0);
	val(y, 5);
	eval(g);
	CHECK_EQ_LONG(hL, 2);
	CHECK_EQ_LONG(hU, 7);
	dmc_atg_free(g);
}

/* Wrap-around: a byte counter from 1 reaches 0 only by overflowing. */
static void test_wrap(void)
{
	dmc_atg *g;
	int b;
	reset();
	proc("P", 1, 0);
	b = var("b", 0, 255);
	assign(tr(0, 0, 0, NULL), b, B(DMC_AE_ADD, V(b), C(1)));
	goal(EQ(V(b), C(0)), 0);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(b, 1);
	eval(g);                              /* pan wraps: reachable */
	CHECK_EQ_LONG(hL, 1);
	CHECK_EQ_LONG(hU, 255);
	dmc_atg_set_wrap(g, 0);               /* the paper's semantics: not */
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	CHECK_EQ_LONG(hU, INF);
	dmc_atg_free(g);
}

/* A store bounded by its range assert (dmc_assign.bounded, dmc
 * translate's `assert(0 <= n - 1 && n - 1 <= 8); n = n - 1`): the
 * shortcut's (-inf, 0] from n = 1 wraps to all of byte's 0..255, so
 * `n >= 2` "may hold" one step later; bounded, only 0 is added. */
/* One process, n a byte: n := n op 1 from n = start, a loop (to = 0) or
 * one step (to = 1); the store bounded by [0, 8] when bounded; goals
 * n >= each of ge[0..ngoals).  Evaluated on that state. */
static dmc_atg *counter_model(int to, dmc_ae_op op, long start, int bounded, const long *ge,
                              int ngoals)
{
	dmc_atg *g;
	int n;
	reset();
	proc("P", to + 1, 0);
	n = var("n", 0, 255);
	assign(tr(0, 0, to, NULL), n, B(op, V(n), C(1)));
	assigns[0].bounded = bounded;
	assigns[0].lo = 0;
	assigns[0].hi = bounded ? 8 : 0;
	for (int i = 0; i < ngoals; i++)
		goal(B(DMC_AE_GE, V(n), C(ge[i])), 0);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(n, start);
	eval(g);
	return g;
}

static void test_bounded_store(void)
{
	static const long two[] = { 2 }, two_nine[] = { 2, 9 }, nine[] = { 9 };
	dmc_atg *g = counter_model(1, DMC_AE_SUB, 1, 0, two, 1);
	CHECK_EQ_LONG(hL, 1);                 /* unbounded: n - 1 wraps */
	dmc_atg_free(g);
	g = counter_model(1, DMC_AE_SUB, 1, 1, two, 1);
	CHECK_EQ_LONG(hL, INF);               /* bounded: n in {0, 1} */
	CHECK_EQ_LONG(hU, INF);
	dmc_atg_free(g);
	/* an increment bounded by [0, 8] still reaches 2 (the shortcut:
	 * repeated), and hU counts the repetitions, but never 9 */
	g = counter_model(0, DMC_AE_ADD, 0, 1, two_nine, 2);
	CHECK_EQ_LONG(hL, 1);
	CHECK_EQ_LONG(hU, 2);
	dmc_atg_free(g);
	g = counter_model(0, DMC_AE_ADD, 0, 1, nine, 1);
	CHECK_EQ_LONG(hL, INF);               /* unbounded it would wrap: 255 */
	dmc_atg_free(g);
}

/* ---- (e) over-approximated guards and right-hand sides ---- */

static void test_unknowns(void)
{
	dmc_atg *g;
	int y, z;
	reset();
	proc("P", 3, 0);
	y = var("y", 0, 100);
	z = var("z", 0, 100);
	assign(tr(0, 0, 0, NULL), y, NULL);                      /* y := anything */
	tr(0, 0, 1, EQ(V(y), C(77)));
	assign(tr(0, 1, 2, NULL), z, node(DMC_AE_ANY, NULL, NULL));   /* z := ANY */
	goal_loc(goal(EQ(V(z), C(42)), 0), 0, 2);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(y, 0);
	val(z, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 3);                 /* y anything, guard, then z */
	CHECK_EQ_LONG(hU, 3);
	st();                                 /* no value for z: unknown, any value */
	at(0, 2);
	val(y, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 0);
	CHECK_EQ_LONG(hU, 0);
	/* y's domain stops at 100: y == 177 cannot be made */
	dmc_atg_free(g);
	trans[1].guard = EQ(V(y), C(177));
	g = dmc_atg_new(&M);
	all_at0(1);
	val(y, 0);
	val(z, 0);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	dmc_atg_free(g);
}

/* ---- (f) spawned processes ---- */

static void test_spawn(void)
{
	dmc_atg *g;
	int t;
	reset();
	proc("init", 2, 0);
	proc("Q", 3, 0);
	t = tr(0, 0, 1, NULL);
	trans[t].spawn = 1;
	tr(1, 0, 1, NULL);
	tr(1, 1, 2, NULL);
	goal_loc(goal(NULL, 0), 1, 2);
	g = dmc_atg_new(&M);
	st();
	at(0, 0);                             /* Q not running yet */
	eval(g);
	CHECK_EQ_LONG(hL, 3);
	CHECK_EQ_LONG(hU, 3);
	st();
	at(0, 1);
	at(1, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 2);
	CHECK_EQ_LONG(hU, 2);
	st();                                 /* spawned already, Q gone: dead */
	at(0, 1);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	CHECK_EQ_LONG(hU, INF);
	dmc_atg_free(g);
}

/* ---- (g) fixpoints ---- */

static void test_fixpoint_unreachable(void)
{
	dmc_atg *g;
	int x;
	reset();
	proc("P", 3, 0);
	x = var("x", 0, 255);
	assign(tr(0, 0, 0, NULL), x, B(DMC_AE_SUB, C(10), V(x)));   /* x := 10 - x */
	tr(0, 1, 2, NULL);                    /* location 1 has no way in */
	goal(EQ(V(x), C(5)), 0);              /* x stays in {0, 10} */
	goal_loc(goal(NULL, 0), 0, 2);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(x, 0);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	CHECK_EQ_LONG(hU, INF);
	CHECK_EQ_LONG(dmc_atg_top(g), 1);
	dmc_atg_free(g);

	/* x := x * 4 on a byte: {1}, {1, 4}, ..., {1, 4, 16, 64}; 256 is
	 * dropped (wrap off), the fixpoint has no 3. */
	assigns[0].rhs = B(DMC_AE_MUL, V(x), C(4));
	goals[0].formula = EQ(V(x), C(3));
	g = dmc_atg_new(&M);
	dmc_atg_set_wrap(g, 0);
	all_at0(1);
	val(x, 1);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	CHECK_EQ_LONG(dmc_atg_top(g), 3);
	/* With wrap-around 256 is 0, {0} and {1} merge into [0, 1], and
	 * [0, 1] * 4 = [0, 4] holds 3: intervals cost precision, not
	 * soundness. */
	dmc_atg_set_wrap(g, 1);
	eval(g);
	CHECK_EQ_LONG(hL, 5);
	dmc_atg_free(g);
}

/* Growth without a fixpoint must stop.  x := x * 3 on a 32-bit int
 * never makes 2 (3^k is odd): the set gains 3^k at layer k; the 17th
 * value exceeds DMC_VS_MAX intervals, the closest neighbours 1 and 3
 * merge into [1, 3], and x == 2 "may" hold at layer 16 (and had the cap
 * not struck, widening at WIDEN_DIR growths and the wrap-around would
 * have given the whole domain soon after).  Imprecise but terminating
 * and sound. */
static void test_widening(void)
{
	dmc_atg *g;
	int x;
	reset();
	proc("P", 1, 0);
	x = var("x", INT_LO, INT_HI);
	assign(tr(0, 0, 0, NULL), x, B(DMC_AE_MUL, V(x), C(3)));
	goal(EQ(V(x), C(2)), 0);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(x, 1);
	eval(g);
	CHECK_EQ_LONG(hL, 16);
	CHECK(hU != INF && hU >= hL);
	dmc_atg_free(g);

	/* x := x * 4 from 4 on [0, 2^62] without wrap: 4, 16, ..., 4^16;
	 * the 17th value merges 4 and 16 into [4, 16], and at the 16th growth
	 * the directional widening adds [4^16, 2^62] (so 2^40 + 1, which x
	 * never has, appears at layer 16).  [4, 16] * 4 = [16, 64] keeps
	 * filling gaps until the hull step at growth 24 makes it [4, 2^62]:
	 * a true fixpoint, still without 3. */
	vars[x].lo = 0;
	vars[x].hi = 1L << 62;
	assigns[0].rhs = B(DMC_AE_MUL, V(x), C(4));
	goals[0].formula = EQ(V(x), C(3));
	g = dmc_atg_new(&M);
	dmc_atg_set_wrap(g, 0);
	all_at0(1);
	val(x, 4);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	CHECK_EQ_LONG(dmc_atg_top(g), 24);
	dmc_atg_free(g);
	goals[0].formula = EQ(V(x), C((1L << 40) + 1));
	g = dmc_atg_new(&M);
	dmc_atg_set_wrap(g, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 16);
	dmc_atg_free(g);
}

/* ---- rendezvous, goals, misc ---- */

/* Three automata P0, P1, P2 of two locations, bytes x and ch. */
static void three_with_x_ch(int *x, int *ch)
{
	reset();
	proc("P0", 2, 0);
	proc("P1", 2, 0);
	proc("P2", 2, 0);
	*x = var("x", 0, 255);
	*ch = var("ch", 0, 255);
}

/* P0 sends 42 on channel 3; P1 receives into x on channel ch, which is 2
 * until P2 sets it to 3.  Target x == 42. */
static void test_rendezvous_message(void)
{
	dmc_atg *g;
	int x, ch;
	three_with_x_ch(&x, &ch);
	send(tr(0, 0, 1, NULL), C(3), C(42));
	recv(tr(1, 0, 1, NULL), V(ch), x);
	assign(tr(2, 0, 1, NULL), ch, C(3));
	goal(EQ(V(x), C(42)), 0);
	g = dmc_atg_new(&M);
	all_at0(3);
	val(x, 0);
	val(ch, 2);
	eval(g);
	CHECK_EQ_LONG(hL, 3);                 /* ch := 3, then the rendezvous (2 steps) */
	CHECK_EQ_LONG(hU, 3);
	st();                                 /* channel already right */
	at(0, 0);
	at(1, 0);
	at(2, 1);
	val(x, 0);
	val(ch, 3);
	eval(g);
	CHECK_EQ_LONG(hL, 2);
	CHECK_EQ_LONG(hU, 2);
	st();                                 /* the channel never matches */
	at(0, 0);
	at(1, 0);
	at(2, 1);
	val(x, 0);
	val(ch, 2);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	dmc_atg_free(g);
}

/* A receive that matches a field (pan's c?eval(e)) fires only with a
 * send whose value may equal it: P1 receives on channel 0 only when
 * x >= 2 makes (x >= 2 -> 1 : 2) equal P0's 1; P2 counts x up. */
static void test_rendezvous_match(void)
{
	dmc_atg *g;
	dmc_aexpr *cond, *sent;
	int x;
	reset();
	proc("P0", 2, 0);
	proc("P1", 2, 0);
	proc("P2", 1, 0);
	x = var("x", 0, 255);
	send(tr(0, 0, 1, NULL), C(0), C(1));
	cond = node(DMC_AE_COND, B(DMC_AE_GE, V(x), C(2)), C(1));
	cond->c = C(2);
	recv_match(tr(1, 0, 1, NULL), C(0), cond, 0, 1);
	assign(tr(2, 0, 0, NULL), x, B(DMC_AE_ADD, V(x), C(1)));
	goal_loc(goal(NULL, 0), 1, 1);
	g = dmc_atg_new(&M);
	all_at0(3);
	val(x, 2);
	eval(g);
	CHECK_EQ_LONG(hL, 2);                 /* the guard holds: the pair (2 steps) */
	CHECK_EQ_LONG(hU, 2);
	all_at0(3);
	val(x, 0);
	eval(g);
	CHECK_EQ_LONG(hL, 3);                 /* x := x + 1 first (one layer: widening) */
	CHECK_EQ_LONG(hU, 4);                 /* twice, as in pan */
	st();                                 /* nothing changes x: never */
	at(0, 0);
	at(1, 0);
	val(x, 0);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	dmc_atg_free(g);

	/* constants: 1 never equals 0, no pair; 2 is truncated to a bit
	 * field's 0 by pan, so it must be let through */
	reset();
	proc("P0", 2, 0);
	proc("P1", 2, 0);
	sent = C(1);
	send(tr(0, 0, 1, NULL), C(0), sent);
	recv_match(tr(1, 0, 1, NULL), C(0), C(0), 0, 1);
	goal_loc(goal(NULL, 0), 1, 1);
	g = dmc_atg_new(&M);
	all_at0(2);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	dmc_atg_free(g);
	sent->value = 2;
	g = dmc_atg_new(&M);
	all_at0(2);
	eval(g);
	CHECK_EQ_LONG(hL, 2);
	dmc_atg_free(g);
}

/* A sent "c ? 1 : 0" matched against 1 (the UPPAAL translation's delay
 * offer) fires exactly when c may hold, conjunct by conjunct: P1 meets
 * P0 when x >= 2 && y == 0; P2 counts x up, nothing writes y.  With 2
 * for 0, out of the bit field, the send matches whatever c is (pan lets
 * it through), so c is not the condition then. */
static void test_rendezvous_cond_sent(void)
{
	dmc_atg *g;
	dmc_aexpr *sent;
	int x, y;
	for (int out = 0; out < 2; out++) {
		reset();
		proc("P0", 2, 0);
		proc("P1", 2, 0);
		proc("P2", 1, 0);
		x = var("x", 0, 255);
		y = var("y", 0, 255);
		sent = node(DMC_AE_COND, B(DMC_AE_AND, B(DMC_AE_GE, V(x), C(2)),
		                              B(DMC_AE_EQ, V(y), C(0))), C(1));
		sent->c = C(out ? 2 : 0);
		send(tr(0, 0, 1, NULL), C(0), sent);
		recv_match(tr(1, 0, 1, NULL), C(0), C(1), 0, 1);
		assign(tr(2, 0, 0, NULL), x, B(DMC_AE_ADD, V(x), C(1)));
		goal_loc(goal(NULL, 0), 1, 1);
		g = dmc_atg_new(&M);
		for (int xv = 0; xv <= 2; xv += 2)
			for (int yv = 0; yv <= 1; yv++) {
				all_at0(3);
				val(x, xv);
				val(y, yv);
				eval(g);
				if (out || (xv == 2 && yv == 0)) {
					CHECK_EQ_LONG(hL, 2);
					CHECK_EQ_LONG(hU, 2);
				} else if (yv == 0) {
					CHECK_EQ_LONG(hL, 3);
					CHECK_EQ_LONG(hU, 4);
				} else
					CHECK_EQ_LONG(hL, INF);
			}
		dmc_atg_free(g);
	}
}

/* A pair whose channel is a variable no effect writes is dead while the
 * channels differ, and its other atoms are not evaluated then: x
 * changes while the pair is dead (state 1), and the pair's match on x
 * must be seen to hold when it comes back to life (state 2).  P2 could
 * write x but never does.  One graph over the states gives what a fresh
 * graph gives for each. */
static void test_pair_revived(void)
{
	static const long chs[] = { 1, 1, 0, 1, 0 }, xs[] = { 0, 1, 1, 0, 0 };
	static const int want[] = { INF, INF, 2, INF, INF };
	dmc_atg *g;
	int x, ch;
	three_with_x_ch(&x, &ch);
	send(tr(0, 0, 1, NULL), C(0), C(1));
	recv_match(tr(1, 0, 1, NULL), V(ch), V(x), 0, 255);
	assign(tr(2, 1, 0, NULL), x, C(0));
	goal_loc(goal(NULL, 0), 1, 1);
	g = dmc_atg_new(&M);
	CHECK(g != NULL);
	if (!g)
		return;
	for (int i = 0; i < 5; i++) {
		all_at0(3);
		val(x, xs[i]);
		val(ch, chs[i]);
		eval(g);
		CHECK_EQ_LONG(hL, want[i]);
		if (!like_fresh(NULL, 0))
			break;
	}
	dmc_atg_free(g);
}

/* A live pair's atoms that read only variables nothing writes (its
 * channel here) are counted once, where the pairs are sorted live and
 * dead, instead of at every layer 0; a pair with only such atoms whose
 * transitions are enabled at layer 0 is pushed where its atoms come.
 * P0 sends 7 on channel ch, P1 receives on 0 into x, P2 on 1 into y;
 * target x == 7.  As ch moves the pairs between live and dead, and P1
 * between its receive and past it, one graph gives the hand-counted
 * values and what a fresh graph gives. */
static void test_folded_pairs(void)
{
	static const long chs[] = { 0, 1, 0, 0, 1, 0 };
	static const int p1[] = { 0, 0, 0, 1, 1, 0 };
	static const int want[] = { 2, INF, 2, INF, INF, 2 };
	dmc_atg *g;
	int x, ch, y;
	three_with_x_ch(&x, &ch);
	y = var("y", 0, 255);
	send(tr(0, 0, 1, NULL), V(ch), C(7));
	recv(tr(1, 0, 1, NULL), C(0), x);
	recv(tr(2, 0, 1, NULL), C(1), y);
	goal(EQ(V(x), C(7)), 0);
	g = dmc_atg_new(&M);
	CHECK(g != NULL);
	if (!g)
		return;
	for (int i = 0; i < 6; i++) {
		st();
		at(0, 0);
		at(1, p1[i]);
		at(2, 0);
		val(x, 0);
		val(ch, chs[i]);
		val(y, 0);
		eval(g);
		CHECK_EQ_LONG(hL, want[i]);
		CHECK_EQ_LONG(hU, want[i]);
		if (!like_fresh(NULL, 0))
			break;
	}
	dmc_atg_free(g);
}

/* A pair on two different constant channels is dropped at build, its
 * atoms taken back: the pairs after it must keep their own conditions.
 * P0 sends 5 on channel 2 (no receiver: the pair with P1's receive on
 * channel 1 is dropped), then P2 sends 7 and P0 (after a step) 9 on
 * channel ch; target x == 9.  The same model without P0's first send
 * gives the same values. */
static void drop_model(int with_dropped, int *x, int *ch)
{
	three_with_x_ch(x, ch);
	if (with_dropped)
		send(tr(0, 0, 0, NULL), C(2), C(5));
	recv(tr(1, 0, 1, NULL), C(1), *x);
	send(tr(2, 0, 1, NULL), V(*ch), C(7));
	tr(0, 0, 1, NULL);
	send(tr(0, 1, 0, NULL), V(*ch), C(9));
	goal(EQ(V(*x), C(9)), 0);
}

static void test_dropped_pair(void)
{
	int L[2], U[2], x, ch;
	for (int with = 0; with < 2; with++) {
		dmc_atg *g;
		drop_model(with, &x, &ch);
		g = dmc_atg_new(&M);
		CHECK(g != NULL);
		if (!g)
			return;
		all_at0(3);
		val(x, 0);
		val(ch, 1);
		eval(g);
		L[with] = hL;
		U[with] = hU;
		dmc_atg_free(g);
	}
	CHECK_EQ_LONG(L[0], 3);                /* P0's step, then the pair (2 steps) */
	CHECK_EQ_LONG(L[1], L[0]);
	CHECK_EQ_LONG(U[1], U[0]);
}

/* A process does not synchronise with itself; but an automaton that is
 * spawned may stand for several instances, which can. */
static void test_self_rendezvous(void)
{
	dmc_atg *g;
	int t;
	reset();
	proc("P", 3, 0);
	send(tr(0, 0, 1, NULL), C(0), NULL);
	recv(tr(0, 0, 2, NULL), C(0), -2);
	goal_loc(goal(NULL, 0), 0, 2);
	g = dmc_atg_new(&M);
	all_at0(1);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	dmc_atg_free(g);

	proc("init", 2, 0);                   /* init runs P (twice, say) */
	t = tr(1, 0, 1, NULL);
	trans[t].spawn = 0;
	tr(1, 1, 0, NULL);
	g = dmc_atg_new(&M);
	st();
	at(1, 0);                             /* no instance of P yet */
	eval(g);
	CHECK_EQ_LONG(hL, 3);                 /* run, then two instances meet (2 steps) */
	CHECK_EQ_LONG(hU, 3);
	dmc_atg_free(g);
}

/* Goals: the smallest layer + extra_steps over all goals, not just the
 * first goal to hold (that keeps hL admissible); a goal holding in the
 * state itself gives its extra_steps. */
static void test_goals(void)
{
	dmc_atg *g;
	int a, b;
	reset();
	proc("P", 4, 0);
	tr(0, 0, 1, NULL);
	tr(0, 1, 2, NULL);
	tr(0, 2, 3, NULL);
	a = goal(NULL, 5);
	goal_loc(a, 0, 1);                    /* layer 1 + 5 */
	b = goal(NULL, 0);
	goal_loc(b, 0, 3);                    /* layer 3 + 0 */
	g = dmc_atg_new(&M);
	all_at0(1);
	eval(g);
	CHECK_EQ_LONG(hL, 3);
	CHECK_EQ_LONG(hU, 3);
	st();
	at(0, 1);
	eval(g);
	CHECK_EQ_LONG(hL, 2);
	st();
	at(0, 3);
	eval(g);
	CHECK_EQ_LONG(hL, 0);
	CHECK_EQ_LONG(hU, 0);
	dmc_atg_free(g);
	goals[a].nlocs = 0;                   /* goal a: no condition, holds now */
	goals[a].extra_steps = 2;
	g = dmc_atg_new(&M);
	all_at0(1);
	eval(g);
	CHECK_EQ_LONG(hL, 2);
	CHECK_EQ_LONG(hU, 2);
	CHECK_EQ_LONG(dmc_atg_top(g), 1);     /* by layer 1, goal b cannot beat 2 */
	dmc_atg_free(g);
	/* no goals at all: nothing to reach */
	reset();
	proc("P", 2, 0);
	tr(0, 0, 1, NULL);
	g = dmc_atg_new(&M);
	all_at0(1);
	eval(g);
	CHECK_EQ_LONG(hL, INF);
	dmc_atg_free(g);
}

static void test_malformed(void)
{
	reset();
	proc("P", 2, 0);
	tr(0, 0, 2, NULL);                    /* no location 2 */
	CHECK(dmc_atg_new(&M) == NULL);
	reset();
	proc("P", 2, 0);
	tr(0, 0, 1, EQ(V(3), C(0)));          /* no variable 3 */
	CHECK(dmc_atg_new(&M) == NULL);
	reset();
	proc("P", 2, 0);
	goal_loc(goal(NULL, 0), 1, 0);        /* no process 1 */
	CHECK(dmc_atg_new(&M) == NULL);
	CHECK(dmc_atg_new(NULL) == NULL);
}

/* ---- what matters to a goal, and evaluations that carry state ---- */

/* P counts x up to 3 when y is 1; Q sets y; N toggles n, sharing
 * nothing with them: N's locations and n do not matter, and states that
 * differ only there have the same hL and hU. */
static void relevance_model(int *x, int *y, int *n)
{
	reset();
	proc("P", 2, 0);
	proc("Q", 2, 0);
	proc("N", 2, 0);
	*x = var("x", 0, 9);
	*y = var("y", 0, 1);
	*n = var("n", 0, 1);
	assign(tr(0, 0, 1, EQ(V(*y), C(1))), *x, B(DMC_AE_ADD, V(*x), C(1)));
	assign(tr(0, 1, 0, NULL), *x, V(*x));
	assign(tr(1, 0, 1, NULL), *y, C(1));
	assign(tr(2, 0, 1, NULL), *n, C(1));
	assign(tr(2, 1, 0, NULL), *n, C(0));
	goal(EQ(V(*x), C(3)), 0);
}

static void test_relevance(void)
{
	int x, y, n, h0L = 0, h0U = 0;
	dmc_atg *g;
	relevance_model(&x, &y, &n);
	g = dmc_atg_new(&M);
	CHECK(g != NULL);
	if (!g)
		return;
	CHECK(dmc_atg_relevant_var(g, x) && dmc_atg_relevant_var(g, y));
	CHECK(!dmc_atg_relevant_var(g, n));
	CHECK(dmc_atg_relevant_loc(g, 0, 0) && dmc_atg_relevant_loc(g, 0, 1));
	CHECK(dmc_atg_relevant_loc(g, 1, 0));
	CHECK(!dmc_atg_relevant_loc(g, 2, 0) && !dmc_atg_relevant_loc(g, 2, 1));
	CHECK(dmc_atg_relevant_loc(g, 7, 0) && dmc_atg_relevant_var(g, 99));   /* out of range */
	for (int k = 0; k < 4; k++) {
		all_at0(2);
		at(2, k % 2);
		val(x, 0);
		val(y, 0);
		val(n, k / 2);
		eval(g);
		if (k == 0) {
			h0L = hL;
			h0U = hU;
			CHECK(hL > 0 && hL != INF && hU >= hL);
		}
		CHECK_EQ_LONG(hL, h0L);
		CHECK_EQ_LONG(hU, h0U);
	}
	dmc_atg_free(g);
}

/* v == key atoms are found through a lookup table when their keys lie
 * close together and by bisection when not: a chain "v == k_i -> v :=
 * k_i+1" to the goal v == k_N takes N layers either way, and values
 * written below, between and above the keys (by Q) make no atom hold. */
static void eq_chain(long step, const long *junk, int njunk)
{
	enum { N = 6 };
	dmc_atg *g;
	int v;
	reset();
	proc("P", 1, 0);
	proc("Q", 1, 0);
	v = var("v", INT_LO, INT_HI);
	for (int i = 0; i < N; i++)
		assign(tr(0, 0, 0, EQ(V(v), C(i * step))), v, C((i + 1) * step));
	for (int j = 0; j < njunk; j++)
		assign(tr(1, 0, 0, NULL), v, C(junk[j]));
	goal(EQ(V(v), C(N * step)), 0);
	g = dmc_atg_new(&M);
	all_at0(2);
	val(v, 0);
	eval(g);
	CHECK_EQ_LONG(hL, N);
	CHECK_EQ_LONG(hU, N);
	val(v, 3 * step);             /* a second value: the goal is 3 steps away */
	eval(g);
	CHECK_EQ_LONG(hL, N - 3);
	CHECK_EQ_LONG(hU, N - 3);
	dmc_atg_free(g);
}

static void test_eq_keys(void)
{
	static const long near[] = { -5, 3, 7, 100 }, far[] = { -5, 1500, 3500, 100000 };
	eq_chain(2, near, 4);         /* keys 0, 2, .., 12: the table */
	eq_chain(1000, far, 4);       /* keys 0, 1000, .., 6000: bisection */
}

/* A dmc_atg keeps things from one evaluation to the next (layer 0's
 * atoms, the remembered results of programs, the live rendezvous
 * pairs): the same states in another order give the same values. */
static void test_order_independent(void)
{
	enum { N = 6, NS = 2 * N + 1 };
	int L1[NS], U1[NS];
	for (int pass = 0; pass < 2; pass++) {
		dmc_atg *g;
		fig2(N);
		g = dmc_atg_new(&M);
		CHECK(g != NULL);
		if (!g)
			return;
		for (int q = 0; q < NS; q++) {
			int i = pass ? NS - 1 - q : q, j = i / 2;
			st();
			for (int p = 0; p < N; p++)
				at(p, p < j ? 1 : i % 2 && p == j ? 2 : 0);
			eval(g);
			if (!pass) {
				L1[i] = hL;
				U1[i] = hU;
			} else {
				CHECK_EQ_LONG(hL, L1[i]);
				CHECK_EQ_LONG(hU, U1[i]);
			}
		}
		dmc_atg_free(g);
	}
}

/* The values of a state in the order dmc_abuild_state lists them (by
 * variable) or any other, on one graph over a sequence of states (the
 * same state again after its layers grew x; y with two values; x with
 * none, unknown), give what a fresh graph gives. */
static void test_state_order(void)
{
	static const int nx[] = { 1, 1, 1, 0, 1, 1 }, ny[] = { 1, 1, 2, 1, 1, 2 };
	static const long xs[] = { 0, 0, 3, 0, 0, 2 };
	dmc_atg *g[2];
	int x, y;
	reset();
	proc("P", 3, 0);
	x = var("x", 0, 20);
	y = var("y", 0, 20);
	assign(tr(0, 0, 1, NULL), x, B(DMC_AE_ADD, V(x), C(1)));
	tr(0, 1, 2, EQ(V(y), C(6)));
	assign(tr(0, 0, 0, EQ(V(x), C(3))), y, C(6));
	goal(EQ(V(x), C(7)), 0);
	goal_loc(goal(NULL, 0), 0, 2);
	g[0] = dmc_atg_new(&M);
	g[1] = dmc_atg_new(&M);
	CHECK(g[0] && g[1]);
	if (!g[0] || !g[1])
		return;
	for (int i = 0; i < 6; i++)
		for (int order = 0; order < 2; order++) {
			all_at0(1);
			if (order)            /* y before x */
				for (int k = ny[i] - 1; k >= 0; k--)
					val(y, 5 + k);
			for (int k = 0; k < nx[i]; k++)
				val(x, xs[i]);
			if (!order)
				for (int k = 0; k < ny[i]; k++)
					val(y, 5 + k);
			eval(g[order]);
			if (!like_fresh(NULL, 0))
				break;
		}
	dmc_atg_free(g[0]);
	dmc_atg_free(g[1]);
}

/* Evaluations with transitions disabled (dmc_atg_set_disabled), and
 * without, one after the other on one graph, give what a fresh graph
 * gives for each: what one evaluation changed is put back for the next
 * (the counters of disabled transitions too).  Disabling automaton
 * N-1's receive leaves the target unreachable. */
static void test_disabled_then_all(void)
{
	enum { N = 4 };
	dmc_atg *g;
	int off[1];
	fig2(N);
	g = dmc_atg_new(&M);
	CHECK(g != NULL);
	if (!g)
		return;
	for (int round = 0; round < 2; round++)
		for (int t = -1; t < M.ntrans; t++)
			for (int j = 0; j < N; j++) {
				st();
				for (int p = 0; p < N; p++)
					at(p, p < j ? 1 : 0);
				off[0] = t;
				dmc_atg_set_disabled(g, off, t >= 0);
				eval(g);
				dmc_atg_set_disabled(g, NULL, 0);
				if (!like_fresh(off, t >= 0))
					break;
				if (t == 2 * (N - 1) - 1 && j < N - 1)   /* N-1's receive */
					CHECK_EQ_LONG(hL, INF);
			}
	dmc_atg_free(g);
}

/* Helpful transitions (--preferred): those hU's plan applies at layer 0,
 * both halves of a rendezvous; none after an hL-only evaluation or when
 * no goal is reachable. */
static int helpful_has(const int *h, int n, int t)
{
	for (int i = 0; i < n; i++)
		if (h[i] == t)
			return 1;
	return 0;
}

static void test_helpful(void)
{
	int h[64], n, x, t0, t1, t2, t3, gl;
	dmc_atg *g;
	reset();
	proc("P", 3, 0);
	proc("Q", 2, 0);
	proc("R", 2, 0);
	x = var("x", 0, 1);
	t0 = tr(0, 0, 1, NULL);
	t1 = tr(0, 1, 2, NULL);
	t2 = tr(1, 0, 1, NULL);              /* noise: the goal never needs it */
	t3 = tr(2, 0, 1, NULL);
	assign(t3, x, C(1));
	gl = goal(EQ(V(x), C(1)), 0);
	goal_loc(gl, 0, 2);
	g = dmc_atg_new(&M);
	CHECK(g != NULL);
	if (!g)
		return;
	all_at0(3);
	val(x, 0);
	eval(g);
	CHECK_EQ_LONG(hU, 3);
	n = dmc_atg_helpful(g, h, 64);
	CHECK_EQ_LONG(n, 2);
	CHECK(helpful_has(h, n, t0) && helpful_has(h, n, t3));
	CHECK(!helpful_has(h, n, t1) && !helpful_has(h, n, t2));
	CHECK_EQ_LONG(dmc_atg_helpful(g, h, 1), 1);   /* at most max */
	dmc_atg_hL(g, &S);                            /* no plan extracted */
	CHECK_EQ_LONG(dmc_atg_helpful(g, h, 64), 0);
	st();                                          /* P past the goal's location */
	at(0, 2);
	at(1, 0);
	at(2, 1);
	val(x, 1);
	eval(g);
	CHECK_EQ_LONG(hU, 0);
	CHECK_EQ_LONG(dmc_atg_helpful(g, h, 64), 0);
	dmc_atg_free(g);

	/* a rendezvous: S sends on channel 0, T receives and reaches the goal */
	reset();
	proc("S", 2, 0);
	proc("T", 2, 0);
	t0 = tr(0, 0, 1, NULL);
	send(t0, C(0), NULL);
	t1 = tr(1, 0, 1, NULL);
	recv(t1, C(0), -2);
	gl = goal(NULL, 0);
	goal_loc(gl, 1, 1);
	g = dmc_atg_new(&M);
	CHECK(g != NULL);
	if (!g)
		return;
	all_at0(2);
	eval(g);
	n = dmc_atg_helpful(g, h, 64);
	CHECK_EQ_LONG(n, 2);
	CHECK(helpful_has(h, n, t0) && helpful_has(h, n, t1));
	dmc_atg_free(g);
}

/* hU's witness memo (atg_extract.c): a goal reading five variables
 * (how many of them are 2, at least two) is witnessed again from the
 * values chosen before when the variables' logged sets repeat, whatever
 * the layers they were logged at.  Client i reaches c_i = 2 in len[i]
 * steps, so which two clients the witness chooses decides hU.  States
 * visited in one order, then again in another, on one graph: every hL
 * and hU is a fresh graph's, and the second pass repeats the first. */
static void test_witness_memo(void)
{
	enum { N = 5, NS = 64 };
	static const int len[N] = { 3, 2, 4, 2, 3 };
	int c[N], pos[NS][N], L1[NS], U1[NS];
	dmc_aexpr *sum = NULL;
	unsigned r = 12345;
	dmc_atg *g;
	reset();
	for (int i = 0; i < N; i++) {
		int p = proc(NULL, len[i] + 1, 0);
		dmc_aexpr *term = node(DMC_AE_COND, EQ(V(c[i] = var("c", 0, 2)), C(2)), C(1));
		term->c = C(0);
		for (int k = 0; k < len[i]; k++) {
			int t = tr(p, k, k + 1, NULL);
			if (k == 0 || k == len[i] - 1)
				assign(t, c[i], C(k == 0 ? 1 : 2));
		}
		sum = sum ? B(DMC_AE_ADD, sum, term) : term;
	}
	goal(B(DMC_AE_GE, sum, C(2)), 0);
	for (int q = 0; q < NS; q++)          /* a few clients under way */
		for (int i = 0; i < N; i++) {
			r = r * 1103515245u + 12345u;
			pos[q][i] = (r >> 16) % 3 == 0 ? (int)((r >> 8) % (unsigned)(len[i] + 1)) : 0;
		}
	g = dmc_atg_new(&M);
	CHECK(g != NULL);
	if (!g)
		return;
	for (int pass = 0; pass < 2; pass++)
		for (int q = 0; q < NS; q++) {
			int i = pass ? (q * 7) % NS : q;   /* 7 is prime to NS */
			st();
			for (int p = 0; p < N; p++)
				at(p, pos[i][p]);
			for (int p = 0; p < N; p++)
				val(c[p], pos[i][p] == 0 ? 0 : pos[i][p] < len[p] ? 1 : 2);
			eval(g);
			like_fresh(NULL, 0);
			if (!pass) {
				L1[i] = hL;
				U1[i] = hU;
			} else {
				CHECK_EQ_LONG(hL, L1[i]);
				CHECK_EQ_LONG(hU, U1[i]);
			}
		}
	st();                                 /* nothing under way: the two shortest */
	for (int p = 0; p < N; p++)
		at(p, 0);
	for (int p = 0; p < N; p++)
		val(c[p], 0);
	eval(g);
	CHECK_EQ_LONG(hU, 4);
	dmc_atg_free(g);
}

static void test_print(void)
{
	char out[4096];
	size_t n;
	FILE *f = tmpfile();
	dmc_atg *g;
	int x;
	reset();
	proc("P", 2, 0);
	x = var("x", 0, 9);
	assign(tr(0, 0, 1, NULL), x, B(DMC_AE_ADD, V(x), C(1)));
	goal(EQ(V(x), C(9)), 0);
	g = dmc_atg_new(&M);
	all_at0(1);
	val(x, 0);
	CHECK(f != NULL);
	if (!f || !g)
		return;
	dmc_atg_print(g, f);
	eval(g);
	dmc_atg_print(g, f);
	rewind(f);
	n = fread(out, 1, sizeof out - 1, f);
	out[n] = '\0';
	fclose(f);
	CHECK(strstr(out, "ATG: not built") != NULL);
	CHECK(strstr(out, "ATG: 2 layers, hL 1") != NULL);
	CHECK(strstr(out, "layer 0:\n  P @ 0\n  x = {0}\n  enabled t0 P 0->1\n") != NULL);
	CHECK(strstr(out, "layer 1:\n  P @ 1\n  x = {0..9}\n  goal 0 holds\n") != NULL);
	dmc_atg_free(g);
}

CHECK_MAIN("atg",
	CASE(test_fig2_n3), CASE(test_fig2_n6), CASE(test_fig2_paper_count), CASE(test_fig3_repeated_loop),
	CASE(test_paper_3_1), CASE(test_increment_shortcut), CASE(test_guard_two_vars),
	CASE(test_wrap), CASE(test_bounded_store), CASE(test_unknowns), CASE(test_spawn),
	CASE(test_fixpoint_unreachable), CASE(test_widening),
	CASE(test_rendezvous_message), CASE(test_rendezvous_match), CASE(test_rendezvous_cond_sent), CASE(test_pair_revived),
	CASE(test_folded_pairs),
	CASE(test_dropped_pair),
	CASE(test_eq_keys),
	CASE(test_self_rendezvous),
	CASE(test_goals),
	CASE(test_malformed), CASE(test_print), CASE(test_relevance), CASE(test_order_independent),
	CASE(test_state_order), CASE(test_disabled_then_all), CASE(test_helpful),
	CASE(test_witness_memo))
