// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/* test_absmodel.c -- the abstract model built from pan's tables
 * (model/absmodel_build.c), over the fake bridge. */
#include <stdlib.h>
#include "check.h"
#include "fake_bridge.h"
#include "absmodel_build.h"
#include "clock_note.h"
#include "atg.h"
#include "targets.h"
#include "heuristic.h"
#include "heuristic_helpers.h"
#include <string.h>

/* P: 1 -((x<3))-> 2 -x = (x+1)-> 1, 1 -(x>=3)-> 3 -assert((x!=3))-> 4;
 * R: 1 -c!x-> 2, with c a rendezvous channel; S: 1 -c?y-> 2 -(run P())-> 3 */
static int tP, tR, tS;

static void model(void)
{
	fb_reset();
	fb_has_vars(1);
	tP = fb_type("P", 5, 1);
	fb_trans(tP, 1, 2, 3, "((x<3))");
	fb_trans(tP, 2, 1, 3, "x = (x+1)");
	fb_trans(tP, 1, 3, 4, "((x>=3))");
	fb_trans(tP, 3, 4, 5, "assert((x!=3))");
	tR = fb_type("R", 3, 1);
	fb_trans(tR, 1, 2, 7, "c!x");
	tS = fb_type("S", 4, 1);
	fb_trans(tS, 1, 2, 9, "c?y");
	fb_trans(tS, 2, 3, 10, "(run P())");
	fb_global("x", 1);
	fb_chan_var(-1, "c", 1);
	fb_local(tS, "y", 1);
	int ch = fb_chan(0);
	fb_set("c", 0, ch);
	fb_proc(tP, 1);
	fb_proc(tR, 1);
	fb_proc(tS, 1);
	fb_set("x", 0, 1);
	fb_set_local(2, "y", 0, 5);
}

static const dmc_atrans *find(const dmc_amodel *m, int proc, int from, int to)
{
	for (int i = 0; i < m->ntrans; i++)
		if (m->trans[i].proc == proc && m->trans[i].from == from && m->trans[i].to == to)
			return &m->trans[i];
	return NULL;
}

/* The UPPAAL translation's zone notes (model/clock_note.c): P's test,
 * reset and successor as the notes say, the location variable named in
 * the post's tables; a statement whose note is not understood drops
 * every clock (its effect on the zone is unknown), a test's does not, nor
 * a constraint between clocks ("?"), which is left out. */
static void clock_model(const char *run_note)
{
	fb_reset();
	fb_has_vars(1);
	tP = fb_type("P", 5, 1);
	fb_trans_zone(fb_trans(tP, 1, 2, 3, "((x<3)&&1)"), "test , c 1 > 2 , ?", 1);
	fb_trans_zone(fb_trans(tP, 2, 3, 3, "skip"), run_note, 0);
	fb_trans_zone(fb_trans(tP, 3, 1, 3, "skip"), "post , m 1 2 , m 2 7 , at loc_P 1 , c 1 <= 2 , ? , u , at loc_P 3 , f 2", 0);
	fb_global("x", 1);
	fb_global("loc_P", 1);
	fb_proc(tP, 1);
}

static void test_clock_notes(void)
{
	dmc_targets tg;
	dmc_abuild b;
	char err[256];
	clock_model("run , r 1 0 , c 2 >= 1");
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	const dmc_amodel *m = &b.m;
	CHECK_EQ_LONG(m->nclocks, 2);
	CHECK_EQ_LONG(m->clock_max[1], 2);
	CHECK_EQ_LONG(m->clock_max[2], 7);
	CHECK_EQ_LONG(m->nclk_at, 2);
	CHECK(!strcmp(m->vars[m->clk_at[0].var].name, "loc_P"));
	CHECK_EQ_LONG(m->clk_at[0].loc, 1);
	CHECK_EQ_LONG(m->clk_at[0].urgent, 1);
	CHECK_EQ_LONG(m->clk_at[0].n, 1);
	CHECK_EQ_LONG(m->clk_at[0].item[0].op, DMC_AE_LE);
	CHECK_EQ_LONG(m->clk_at[1].item[0].kind, 'f');
	const dmc_atrans *t = find(m, 0, 1, 2);
	CHECK(t && t->clk && t->clk->kind == DMC_CLK_TEST && t->clk->n == 1);   /* "?" left out */
	if (t && t->clk && t->clk->n == 1) {
		CHECK_EQ_LONG(t->clk->item[0].clock, 1);
		CHECK_EQ_LONG(t->clk->item[0].op, DMC_AE_GT);
		CHECK_EQ_LONG(t->clk->item[0].value, 2);
		CHECK(t->guard != NULL);      /* x < 3: the data part stays */
	}
	t = find(m, 0, 2, 3);
	CHECK(t && t->clk && t->clk->kind == DMC_CLK_RUN && t->clk->n == 2);
	if (t && t->clk && t->clk->n == 2) {
		CHECK_EQ_LONG(t->clk->item[0].kind, 'r');
		CHECK_EQ_LONG(t->clk->item[1].op, DMC_AE_GE);
	}
	t = find(m, 0, 3, 1);
	CHECK(t && t->clk && t->clk->kind == DMC_CLK_POST);
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
	/* a constraint between clocks ("?") is left out, the rest kept */
	clock_model("run , r 1 0 , ? , c 2 >= 1");
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	t = find(&b.m, 0, 2, 3);
	CHECK(b.m.nclocks == 2 && t && t->clk && t->clk->kind == DMC_CLK_RUN && t->clk->n == 2);
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
	const char *unknown[] = { "run , r 1", "test , r 1 0", "run , c 3 > 1", "run , x", NULL };
	for (int i = 0; unknown[i]; i++) {
		clock_model(unknown[i]);
		CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
		CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
		CHECK_EQ_LONG(b.m.nclocks, 0);
		for (int k = 0; k < b.m.ntrans; k++)
			CHECK(b.m.trans[k].clk == NULL);
		dmc_abuild_free(&b);
		dmc_targets_free(&tg);
	}
	/* the tables alone */
	dmc_amodel mm;
	memset(&mm, 0, sizeof mm);
	CHECK(dmc_clk_tables("post , m 2 5", &mm, NULL, NULL) < 0);     /* clock 1 first */
	CHECK(dmc_clk_tables("run , m 1 5", &mm, NULL, NULL) < 0);
	CHECK_EQ_LONG(mm.nclocks, 0);
	dmc_aclkprog pr;
	CHECK(dmc_clk_note("?", &pr) < 0);
	CHECK(dmc_clk_note("test , c 1 == 4", &pr) == 0 && pr.n == 1 && pr.item[0].op == DMC_AE_EQ);
	free(pr.item);
}

static void test_structure(void)
{
	dmc_targets tg;
	dmc_abuild b;
	char err[256];
	model();
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	/* three running processes plus a spawn automaton for P */
	CHECK_EQ_LONG(b.m.nprocs, 4);
	CHECK_EQ_LONG(b.spawn_of[tP], 3);
	/* x, c, y of S's instance */
	CHECK_EQ_LONG(b.m.nvars, 3);
	const dmc_atrans *t = find(&b.m, 0, 1, 2);
	CHECK(t && t->guard && t->guard->op == DMC_AE_LT);
	t = find(&b.m, 0, 2, 1);
	CHECK(t && t->nassign == 1 && t->assign[0].rhs && t->assign[0].rhs->op == DMC_AE_ADD);
	t = find(&b.m, 1, 1, 2);
	CHECK(t && t->sync == DMC_SYNC_SEND && t->nmsg == 1 && t->msg[0]->op == DMC_AE_VAR);
	t = find(&b.m, 2, 1, 2);
	CHECK(t && t->sync == DMC_SYNC_RECV && t->recv_var[0] >= 0);
	t = find(&b.m, 2, 2, 3);
	CHECK(t && t->spawn == 3);
	/* the assert is a goal for P's instance and for instances run later */
	CHECK_EQ_LONG(b.m.ngoals, 2);
	const dmc_aexpr *f = b.m.goals[0].formula;   /* !(x != 3) */
	CHECK(f && (f->op == DMC_AE_EQ || (f->op == DMC_AE_NOT && f->a && f->a->op == DMC_AE_NE)));
	CHECK_EQ_LONG(b.m.goals[0].extra_steps, 1);
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}

static void test_state(void)
{
	dmc_targets tg;
	dmc_abuild b;
	dmc_astate s;
	char err[256];
	model();
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	fb_set("x", 0, 2);
	fb_move(0, 2);
	dmc_abuild_state(&b, dmc_view_now(), &s);
	CHECK_EQ_LONG(s.nlocs, 3);
	CHECK_EQ_LONG(s.loc_proc[0], 0);
	CHECK_EQ_LONG(s.loc_loc[0], 2);
	CHECK_EQ_LONG(s.nvals, 3);                    /* x, c, S's y */
	CHECK_EQ_LONG(s.val_val[0], 2);
	/* a process started later is read into P's spawn automaton */
	fb_proc(tP, 1);
	dmc_abuild_state(&b, dmc_view_now(), &s);
	CHECK_EQ_LONG(s.nlocs, 4);
	CHECK_EQ_LONG(s.loc_proc[3], 3);
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}

static void test_overapproximation(void)
{
	dmc_targets tg;
	dmc_abuild b;
	char err[256];
	model();
	fb_trans(tP, 2, 1, 3, "D_STEP4");                  /* effects unknown */
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	CHECK_EQ_LONG(b.approx_stmts, 2);                   /* P's instance and P[run] */
	int havoc = 0;
	for (int i = 0; i < b.m.ntrans; i++)
		if (b.m.trans[i].proc == 0 && b.m.trans[i].nassign >= 2)
			havoc = 1;
	CHECK(havoc);                                      /* x and c may change */
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}

static void test_buffered_channel(void)
{
	dmc_targets tg;
	dmc_abuild b;
	dmc_astate s;
	char err[256];
	fb_reset();
	fb_has_vars(1);
	int t = fb_type("B", 4, 1);
	fb_trans(t, 1, 2, 2, "q!1");
	fb_trans(t, 2, 3, 3, "q?v");
	fb_trans(t, 3, 1, 4, "assert((len(q)<2))");
	fb_chan_var(-1, "q", 1);
	fb_local(t, "v", 1);
	int id = fb_chan(2);
	fb_set("q", 0, id);
	fb_chan_len(id, 1);
	fb_chan_msg(id, 0, 0, 7);
	fb_proc(t, 1);
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	int len = b.chan_len[id];
	CHECK(len >= 0);
	CHECK_EQ_LONG(b.m.vars[len].hi, 2);
	const dmc_atrans *send = find(&b.m, 0, 1, 2), *recv = find(&b.m, 0, 2, 3);
	CHECK(send && send->guard && send->guard->op == DMC_AE_LT && send->nassign == 2
	      && send->assign[0].var == len && send->assign[0].rhs->op == DMC_AE_ADD);
	CHECK(recv && recv->guard && recv->guard->op == DMC_AE_GT);
	CHECK(recv && recv->nassign == 2);              /* len - 1, and v gets the contents */
	int cv = b.chan_content[id];
	CHECK(cv >= 0 && b.m.vars[cv].empty_ok);
	CHECK(send && send->nassign == 2 && send->assign[1].var == cv
	      && send->assign[1].rhs && send->assign[1].rhs->op == DMC_AE_CONST
	      && send->assign[1].rhs->value == 1);     /* the contents get 1 */
	CHECK(recv && recv->nassign == 2 && recv->assign[1].rhs
	      && recv->assign[1].rhs->op == DMC_AE_VAR && recv->assign[1].rhs->var == cv);
	/* the target formula len(q) >= 2 is a condition on the length */
	const dmc_aexpr *f = b.m.goals[0].formula;
	CHECK(f && f->op == DMC_AE_NOT && f->a->op == DMC_AE_LT && f->a->a->op == DMC_AE_VAR && f->a->a->var == len);
	dmc_abuild_state(&b, dmc_view_now(), &s);
	int found = 0, contents = 0;
	for (int i = 0; i < s.nvals; i++) {
		if (s.val_var[i] == len && s.val_val[i] == 1)
			found = 1;
		if (s.val_var[i] == cv && s.val_val[i] == 7)
			contents++;
	}
	CHECK(found);
	CHECK_EQ_LONG(contents, 1);                     /* the message in the channel */
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}

/* A rendezvous receive that matches fields (pan's c?v,eval(e),_) fires
 * only with a send whose values may equal them: R offers 7,1,0 and S
 * takes it only when x >= 2 (the way dmc translate puts a UPPAAL edge's
 * guard into eval()).  With x = 0 and nothing changing x, S's assert is
 * a proved dead end. */
static void test_rendezvous_match(void)
{
	dmc_targets tg;
	dmc_abuild b;
	dmc_astate s;
	dmc_atg *g;
	char err[256];
	fb_reset();
	fb_has_vars(1);
	int tR = fb_type("R", 3, 1), tS = fb_type("S", 4, 1);
	fb_trans(tR, 1, 2, 2, "c!7,1,0");
	fb_trans(tS, 1, 2, 3, "c?v,eval(((x>=2) -> 1 : 2)),_");
	fb_trans(tS, 2, 3, 4, "assert((v!=7))");
	fb_global("x", 1);
	fb_chan_var(-1, "c", 1);
	fb_local(tS, "v", 1);
	int id = fb_chan(0);
	fb_chan_fields(id, 3);
	fb_set("c", 0, id);
	fb_proc(tR, 1);
	fb_proc(tS, 1);
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	const dmc_atrans *recv = find(&b.m, 1, 1, 2);
	CHECK(recv && recv->sync == DMC_SYNC_RECV && recv->nmsg == 3 && recv->match);
	CHECK(recv && recv->recv_var[0] >= 0 && !recv->match[0].value);
	CHECK(recv && recv->match[1].value && recv->match[1].value->op == DMC_AE_COND
	      && recv->match[1].lo == 0 && recv->match[1].hi == 255);
	CHECK(recv && recv->recv_var[2] < 0 && !recv->match[2].value);   /* _ */
	CHECK_EQ_LONG(b.approx_exprs, 0);
	g = dmc_atg_new(&b.m);
	CHECK(g != NULL);
	fb_set("x", 0, 0);
	dmc_abuild_state(&b, dmc_view_now(), &s);
	CHECK_EQ_LONG(dmc_atg_hL(g, &s), DMC_ATG_INF);
	fb_set("x", 0, 2);
	dmc_abuild_state(&b, dmc_view_now(), &s);
	CHECK_EQ_LONG(dmc_atg_hL(g, &s), 3);          /* the pair (2 steps), the assert */
	dmc_atg_free(g);
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}

/* A receive that matches a constant needs the channel to may hold it:
 * with only 1s ever sent, "q?2" never fires and its target is a proved
 * dead end; "q?1" is reached. */
static void test_channel_contents(void)
{
	dmc_targets tg;
	dmc_abuild b;
	dmc_astate s;
	char err[256];
	fb_reset();
	fb_has_vars(1);
	int t = fb_type("B", 6, 1);
	fb_trans(t, 1, 2, 2, "q!1");
	fb_trans(t, 2, 3, 3, "q?2");
	fb_trans(t, 3, 4, 4, "assert(0)");
	fb_trans(t, 2, 5, 5, "q?1");
	fb_chan_var(-1, "q", 1);
	int id = fb_chan(2);
	fb_set("q", 0, id);
	fb_chan_len(id, 0);
	fb_proc(t, 1);
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	dmc_atg *g = dmc_atg_new(&b.m);
	CHECK(g != NULL);
	if (g) {
		dmc_abuild_state(&b, dmc_view_now(), &s);
		CHECK_EQ_LONG(dmc_atg_hL(g, &s), DMC_ATG_INF);
		dmc_atg_free(g);
	}
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
	/* the same with 2 sent: reachable, q!2, q?2, assert */
	fb_reset();
	fb_has_vars(1);
	t = fb_type("B", 6, 1);
	fb_trans(t, 1, 2, 2, "q!2");
	fb_trans(t, 2, 3, 3, "q?2");
	fb_trans(t, 3, 4, 4, "assert(0)");
	fb_chan_var(-1, "q", 1);
	id = fb_chan(2);
	fb_set("q", 0, id);
	fb_chan_len(id, 0);
	fb_proc(t, 1);
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	g = dmc_atg_new(&b.m);
	CHECK(g != NULL);
	if (g) {
		dmc_abuild_state(&b, dmc_view_now(), &s);
		CHECK_EQ_LONG(dmc_atg_hL(g, &s), 3);
		dmc_atg_free(g);
	}
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}

/* With statement merging pan's table shows only the first statement of a
 * merged sequence; the rest sit at states no edge reaches.  Their effects
 * must not get lost: a guard on them could never hold, and hL would
 * prove a false dead end. */
static void test_merged_statements(void)
{
	dmc_targets tg;
	dmc_abuild b;
	char err[256];
	fb_reset();
	fb_has_vars(1);
	int t = fb_type("W", 6, 1);
	fb_trans(t, 1, 2, 3, "x = (x+1)");      /* shown: the sequence's first statement */
	fb_trans(t, 4, 0, 3, "done = 1");       /* merged into it: state 4 is unreachable */
	fb_trans(t, 2, 3, 4, "((done==1))");
	fb_trans(t, 3, 5, 5, "assert((x<1))");
	fb_global("x", 1);
	fb_global("done", 1);
	fb_proc(t, 1);
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	CHECK_EQ_LONG(b.approx_merged, 1);
	const dmc_atrans *first = find(&b.m, 0, 1, 2);
	int sets_done = 0;
	for (int a = 0; first && a < first->nassign; a++)
		if (strcmp(b.m.vars[first->assign[a].var].name, "done") == 0)
			sets_done = 1;
	CHECK(sets_done);
	CHECK(find(&b.m, 0, 4, 0) == NULL);     /* not a transition of its own */
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}

/* pan copies an if/do option's first statement into the if/do state (same
 * t_id); the original stays at a state nothing reaches and is not a
 * merged statement: its effect comes with its copy only.  A statement
 * merged into another may keep an entry that goes somewhere (a jump
 * target); with no copy at a reachable state it still counts as merged. */
static void test_copied_options(void)
{
	dmc_targets tg;
	dmc_abuild b;
	char err[256];
	fb_reset();
	fb_has_vars(1);
	int t = fb_type("W", 8, 1);
	int copy = fb_trans(t, 1, 3, 3, "y = 1");   /* the if state: option 1's copy */
	fb_trans(t, 1, 4, 4, "z = 1");              /* option 2's copy */
	int orig = fb_trans(t, 2, 3, 3, "y = 1");   /* option 1's original: state 2 unreachable */
	fb_trans_id(copy, 40);                      /* pan's t_id, kept by the copy */
	fb_trans_id(orig, 40);
	fb_trans(t, 5, 6, 5, "done = 1");           /* merged into z = 1, kept as a jump target */
	fb_trans(t, 3, 6, 6, "((done==1))");
	fb_trans(t, 4, 6, 6, "((x==0))");
	fb_trans(t, 6, 7, 7, "assert((y<1))");
	fb_global("x", 1);
	fb_global("y", 1);
	fb_global("z", 1);
	fb_global("done", 1);
	fb_proc(t, 1);
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	CHECK_EQ_LONG(b.approx_merged, 1);          /* done = 1 only */
	const dmc_atrans *z = find(&b.m, 0, 1, 4);
	int sets_y = 0, sets_done = 0;
	for (int a = 0; z && a < z->nassign; a++) {
		sets_y |= strcmp(b.m.vars[z->assign[a].var].name, "y") == 0;
		sets_done |= strcmp(b.m.vars[z->assign[a].var].name, "done") == 0;
	}
	CHECK(z && !sets_y);                        /* the copied option's effect stays with it */
	CHECK(sets_done);
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}


/* h of the current state with the relaxed-planning heuristic `name`
 * (h_relax.c) for the default targets; sets *veto to the pruning veto. */
static int relax_h(const char *name, const char **veto)
{
	static char why[400];
	dmc_targets tg;
	char err[256];
	int h = -1;
	const dmc_heuristic *hh = dmc_heuristic_find(name);
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	h = th_eval_once(hh, &tg, err, sizeof err, veto, why, sizeof why);
	dmc_targets_free(&tg);
	return h;
}

/* x changes only in embedded C: "{c_code1}" (c_code) or "({c_code2})"
 * (c_expr).  Read as a condition without effect, the assert's x==3 was
 * a false dead end (issue 13 item 1). */
static void ccode_model(const char *text)
{
	fb_reset();
	fb_has_vars(1);
	int t = fb_type("P", 5, 1);
	fb_trans(t, 1, 2, 3, text);
	fb_trans(t, 2, 1, 3, "(1)");
	fb_trans(t, 1, 3, 4, "((x>=3))");
	fb_trans(t, 3, 4, 5, "assert((x<3))");
	fb_global("x", 1);
	fb_proc(t, 1);
}

static void test_embedded_c(void)
{
	static const char *const texts[] = { "{c_code1}", "({c_code2})" };
	static const char *const heurs[] = { "hL", "hU", "hUc" };
	for (size_t i = 0; i < 2; i++) {
		dmc_targets tg;
		dmc_abuild b;
		char err[256];
		ccode_model(texts[i]);
		CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
		CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
		const dmc_atrans *c = find(&b.m, 0, 1, 2);
		CHECK(c != NULL && c->guard == NULL && c->nassign == 1 && c->assign[0].rhs == NULL);
		CHECK(strstr(b.gave_up, "embedded C") != NULL);
		dmc_abuild_free(&b);
		dmc_targets_free(&tg);
		for (size_t k = 0; k < 3; k++) {
			const char *veto = NULL;
			int h = relax_h(heurs[k], &veto);
			CHECK(h >= 0 && h < DMC_H_INF);
			CHECK(veto != NULL && strstr(veto, "embedded C") != NULL);
		}
	}
	/* without embedded C nothing is vetoed */
	ccode_model("x = (x+1)");
	const char *veto = "";
	int h = relax_h("hL", &veto);
	CHECK(h > 0 && h < DMC_H_INF);
	CHECK(veto == NULL);
}

/* Q is started only by a run inside an assignment (and by two runs in
 * one expression): Q's automaton must exist and be startable there. */
static void test_run_in_expression(void)
{
	static const char *const texts[] = {
		"p = run Q()", "p = (run Q(5)+run Q(5))", "p = (run R()+run Q())", "printf('%d',run Q())"
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		dmc_targets tg;
		dmc_abuild b;
		char err[256];
		fb_reset();
		fb_has_vars(1);
		int p = fb_type("P", 4, 1), q = fb_type("Q", 3, 1), r = fb_type("R", 2, 1);
		fb_trans(p, 1, 2, 3, texts[i]);
		fb_trans(p, 2, 3, 4, "((x==1))");
		fb_trans(p, 3, 0, 5, "assert(0)");
		fb_trans(q, 1, 2, 1, "x = 1");
		fb_trans(r, 1, 0, 1, "-end-");
		fb_global("x", 1);
		fb_local(p, "p", 1);
		fb_local(q, "k", 1);
		fb_proc(p, 1);
		CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
		CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
		CHECK(b.spawn_of[q] >= 0);
		int starts_q = 0;
		for (int k = 0; k < b.m.ntrans; k++)
			if (b.m.trans[k].proc == 0 && b.m.trans[k].from == 1 && b.m.trans[k].spawn == b.spawn_of[q])
				starts_q = 1;
		CHECK(starts_q);
		CHECK_EQ_LONG(b.gave_up[0], 0);
		dmc_abuild_free(&b);
		dmc_targets_free(&tg);
		const char *veto = NULL;
		/* the run, Q's x = 1, the guard, the assert */
		CHECK_EQ_LONG(relax_h("hL", &veto), 4);
		CHECK(veto == NULL);
	}
}

/* A run whose proctype cannot be read: everything is startable, and the
 * model gives up. */
static void test_unknown_run(void)
{
	dmc_targets tg;
	dmc_abuild b;
	char err[256];
	fb_reset();
	fb_has_vars(1);
	int p = fb_type("P", 4, 1), q = fb_type("Q", 3, 1);
	fb_trans(p, 1, 2, 3, "p = run");
	fb_trans(p, 2, 0, 4, "-end-");
	fb_trans(q, 1, 2, 1, "assert(0)");
	fb_local(p, "p", 1);
	fb_proc(p, 1);
	CHECK(dmc_targets_build(0, &tg, err, sizeof err) == 0);
	CHECK(dmc_abuild_make(&b, &tg, DMC_GOALS_ALL, err, sizeof err) == 0);
	CHECK(b.spawn_of[q] >= 0 && b.spawn_of[p] >= 0);
	CHECK(strstr(b.gave_up, "run") != NULL);
	dmc_abuild_free(&b);
	dmc_targets_free(&tg);
}

CHECK_MAIN("absmodel", CASE(test_clock_notes), CASE(test_embedded_c), CASE(test_run_in_expression), CASE(test_unknown_run), CASE(test_buffered_channel), CASE(test_rendezvous_match), CASE(test_channel_contents), CASE(test_merged_statements), CASE(test_copied_options), CASE(test_structure), CASE(test_state), CASE(test_overapproximation))
