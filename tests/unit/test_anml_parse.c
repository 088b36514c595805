// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_anml_parse.c -- the ANMLite front end (frontends/anml/anml_lex.c,
 * anml_parse.c, anml_sema.c): each construct, and each kind of error
 * with its line, column and what was expected.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "anml_ast.h"

static int load(const char *text, anml_model *m, anml_err *err)
{
	int rc = anml_parse("t.anml", text, m, err);
	if (rc == 0)
		rc = anml_resolve(m, err);
	return rc;
}

/* the error message of text, or "" */
static const char *error_of(const char *text)
{
	static anml_err err;
	anml_model m;
	err.msg[0] = 0;
	if (load(text, &m, &err) == 0)
		strcpy(err.msg, "");
	anml_free(&m);
	return err.msg;
}

static const char ex1[] =
	"PLAN ex1\n"
	"TIMELINE A\n ACTIONS\n  A0: [2,_]\n  A1\n  A2\n TRANSITIONS\n  A0 -> A1 -> A2\nEND A\n"
	"TIMELINE B\n ACTIONS\n  B0: [2,_]\n  B1: [1,10]\n TRANSITIONS\n  B0 -> B1\nEND B\n"
	"INITIAL-STATE\n |-> A.A0\n |-> B.B0\n"
	"GOALS\n A.A2\n B.B1\n"
	"END ex1\n";

static void test_ex1(void)
{
	anml_model m;
	anml_err err;
	CHECK(load(ex1, &m, &err) == 0);
	CHECK_STR(m.name, "ex1");
	CHECK_EQ_LONG(m.ntls, 2);
	CHECK_EQ_LONG(m.tls[0].nacts, 3);
	CHECK_EQ_LONG(m.tls[0].acts[0].min, 2);
	CHECK_EQ_LONG(m.tls[0].acts[0].max, ANML_UNBOUNDED);
	CHECK_EQ_LONG(m.tls[0].acts[1].min, 1);      /* no duration: [1,_] */
	CHECK_EQ_LONG(m.tls[1].acts[1].max, 10);
	CHECK_EQ_LONG(m.tls[0].ntrans, 2);
	CHECK_EQ_LONG(m.tls[0].trans[1].from.act, 1);
	CHECK_EQ_LONG(m.tls[0].trans[1].to.act, 2);
	/* no VARIABLES: one instance per timeline, named after it */
	CHECK_EQ_LONG(m.ninsts, 2);
	CHECK_STR(m.insts[1].name, "B");
	CHECK(m.insts[1].implicit);
	CHECK_EQ_LONG(anml_initial_action(&m, 0), 0);
	CHECK(anml_is_goal(&m, 0, 2));
	CHECK(!anml_is_goal(&m, 0, 1));
	CHECK_EQ_LONG(anml_inst_goal_count(&m, 1), 1);
	anml_free(&m);
}

static void test_chain_with_alternatives(void)
{
	anml_model m;
	anml_err err;
	const char *t = "PLAN p TIMELINE A ACTIONS A0 A1 A2 A3 TRANSITIONS\n"
	                "A0 -> A1 -> A2 -> (A0 | A1 | A3)\n A3 -> A2\nEND A END p";
	CHECK(load(t, &m, &err) == 0);
	/* A0->A1, A1->A2, A2->A0, A2->A1, A2->A3, A3->A2 */
	CHECK_EQ_LONG(m.tls[0].ntrans, 6);
	CHECK_EQ_LONG(m.tls[0].trans[4].from.act, 2);
	CHECK_EQ_LONG(m.tls[0].trans[4].to.act, 3);
	CHECK_EQ_LONG(m.tls[0].trans[5].from.act, 3);
	anml_free(&m);
}

static void test_parameters_and_patterns(void)
{
	anml_model m;
	anml_err err;
	const char *t = "PLAN p TYPES animal = {cat, dog, cow}\n"
	                "TIMELINE A ACTIONS A1(x,y: animal): [10,_] A2(z: animal; w: animal)\n"
	                "TRANSITIONS A1(cat,u) -> A2(u,_)\nEND A END p";
	CHECK(load(t, &m, &err) == 0);
	const anml_action *a1 = &m.tls[0].acts[0];
	CHECK_EQ_LONG(a1->nparams, 2);
	CHECK_EQ_LONG(a1->ptype[1], 0);
	CHECK_EQ_LONG(a1->min, 10);
	CHECK_EQ_LONG(m.tls[0].maxparams, 2);
	const anml_trans *tr = &m.tls[0].trans[0];
	CHECK_EQ_LONG(tr->from.args[0].kind, ANML_ARG_VALUE);
	CHECK_EQ_LONG(tr->from.args[0].val, 0);
	CHECK_EQ_LONG(tr->from.args[1].kind, ANML_ARG_VAR);
	CHECK_EQ_LONG(tr->to.args[0].kind, ANML_ARG_VAR);
	CHECK_EQ_LONG(tr->to.args[0].val, tr->from.args[1].val);
	CHECK_EQ_LONG(tr->to.args[1].kind, ANML_ARG_ANY);
	CHECK_EQ_LONG(tr->nvars, 1);
	anml_free(&m);
}

static void test_variables_initial_goals(void)
{
	anml_model m;
	anml_err err;
	const char *t = "PLAN p TIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> A1 END A\n"
	                "TIMELINE B ACTIONS B0 B1 TRANSITIONS B0 -> B1 END B\n"
	                "VARIABLES t1, t2: A  t3, t4: B\n"
	                "INITIAL-STATE |-> t1.A0 |-> t2.A1 |-> B.B0\n"
	                "GOALS t1.A1, B1\nEND p";
	CHECK(load(t, &m, &err) == 0);
	CHECK_EQ_LONG(m.ninsts, 4);
	CHECK_EQ_LONG(m.insts[3].tl, 1);
	CHECK_EQ_LONG(anml_initial_action(&m, 0), 0);
	CHECK_EQ_LONG(anml_initial_action(&m, 1), 1);
	CHECK_EQ_LONG(anml_initial_action(&m, 3), 0);   /* generic |-> B.B0 */
	CHECK_EQ_LONG(anml_inst_goal_count(&m, 0), 1);
	CHECK_EQ_LONG(anml_inst_goal_count(&m, 1), 0);  /* goal t1.A1 only */
	CHECK(anml_is_goal(&m, 2, 1) && anml_is_goal(&m, 3, 1));  /* bare B1: every B */
	CHECK_EQ_LONG(m.goals[0].inst, 0);
	CHECK_EQ_LONG(m.goals[1].inst, -1);
	anml_free(&m);
}

static void test_constraints(void)
{
	anml_model m;
	anml_err err;
	const char *t = "PLAN p TIMELINE A ACTIONS A1 A2 TRANSITIONS A1 -> A2 END A\n"
	                "TIMELINE B ACTIONS B1 B2 TRANSITIONS B1 -> B2 END B\n"
	                "VARIABLES t1, t2: A  t3, t4: B\n"
	                "CONSTRAINTS\n"
	                "  A1.end + 5 < B1.start\n"
	                "  t1.A1.start < t4.B2.end <= A.A2.start - 2\n"
	                "  B2.start > A1.end >= 3\n"
	                "  A1.end < 20\n"
	                "  t1.A1 contains B1\n"
	                "  A2 before t3.B2\n"
	                "END p";
	CHECK(load(t, &m, &err) == 0);
	CHECK_EQ_LONG(m.ncons, 6);
	const anml_constraint *c = &m.cons[0];
	CHECK_EQ_LONG(c->allen, -1);
	CHECK_EQ_LONG(c->nterms, 2);
	CHECK_EQ_LONG(c->terms[0].k, 5);
	CHECK_EQ_LONG(c->terms[0].point, ANML_END);
	CHECK_EQ_LONG(c->terms[0].ref.inst, -1);       /* type level */
	CHECK_EQ_LONG(c->ops[0], ANML_LT);
	c = &m.cons[1];
	CHECK_EQ_LONG(c->nterms, 3);
	CHECK_EQ_LONG(c->terms[0].ref.inst, 0);
	CHECK_EQ_LONG(c->terms[1].ref.inst, 3);
	CHECK_EQ_LONG(c->terms[2].ref.inst, -1);
	CHECK_EQ_LONG(c->terms[2].k, -2);
	CHECK_EQ_LONG(c->ops[1], ANML_LE);
	/* a descending chain is read right to left: 3 <= A1.end < B2.start */
	c = &m.cons[2];
	CHECK(c->terms[0].is_const && c->terms[0].k == 3);
	CHECK_EQ_LONG(c->ops[0], ANML_LE);
	CHECK_EQ_LONG(c->terms[2].ref.tl, 1);
	CHECK_EQ_LONG(c->ops[1], ANML_LT);
	CHECK(m.cons[3].terms[1].is_const);
	CHECK_EQ_LONG(m.cons[4].allen, ANML_CONTAINS);
	CHECK_EQ_LONG(m.cons[4].x.inst, 0);
	CHECK_EQ_LONG(m.cons[4].y.inst, -1);
	CHECK_EQ_LONG(m.cons[5].allen, ANML_BEFORE);
	CHECK_EQ_LONG(m.cons[5].y.inst, 2);
	anml_free(&m);
}

static void test_all_allen_relations(void)
{
	const char *rels[] = { "before", "meets", "overlaps", "during", "starts", "finishes", "equals", "contains" };
	for (int i = 0; i < 8; i++) {
		char t[400];
		anml_model m;
		anml_err err;
		snprintf(t, sizeof t, "PLAN p TIMELINE A ACTIONS A1 A2 TRANSITIONS A1 -> A2 END A\n"
		         "CONSTRAINTS A1 %s A2 END p", rels[i]);
		CHECK(load(t, &m, &err) == 0);
		CHECK_EQ_LONG(m.cons[0].allen, i);
		anml_free(&m);
	}
}

static void test_comments(void)
{
	CHECK_STR(error_of("// a plan\nPLAN p // the name\nTIMELINE A ACTIONS A0 // one\nEND A END p\n"), "");
}

static void test_syntax_errors(void)
{
	CHECK_STR(error_of("PLAN"), "t.anml:1:5: expected the plan's name, found end of file");
	CHECK_STR(error_of("PLANX p END p"), "t.anml:1:1: expected 'PLAN', found 'PLANX'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0: [2 _] END A END p"),
	          "t.anml:1:34: expected ',', found '_'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0: [5,2] END A END p"),
	          "t.anml:1:32: the duration of A0 is empty: [5,2]");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 A1\nTRANSITIONS A0 -> END A END p"),
	          "t.anml:2:19: expected an action name, found the keyword 'END'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 A1\nTRANSITIONS A0 A1 END A END p"),
	          "t.anml:2:16: expected '->' and a successor, found 'A1'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> (A1 A0) END A END p"),
	          "t.anml:1:55: expected '|' or ')' in the list of successors, found 'A0'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 END B END p"),
	          "t.anml:1:34: expected END A, found 'B'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 END A END q"),
	          "t.anml:1:40: expected END p, found 'q'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 A1 END A CONSTRAINTS A0.end < END p"),
	          "t.anml:1:60: expected a timepoint or a number, found 'END'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 A1 END A CONSTRAINTS A0.middle < A1.start END p"),
	          "t.anml:1:61: expected '.start' or '.end', found '<'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 A1 END A CONSTRAINTS A0.end END p"),
	          "t.anml:1:58: expected '<', '<=', '=', '>=' or '>', found 'END'");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 A1 END A CONSTRAINTS A0.end < A1.start > 3 END p"),
	          "t.anml:1:69: expected a chain in one direction: all of '<', '<=', '=' or all of '>', '>=', '='");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 $ END A END p"),
	          "t.anml:1:30: expected END A, found '$'");
	CHECK_STR(error_of("PLAN p END p trailing"), "t.anml:1:14: expected the end of the file after END, found 'trailing'");
	CHECK_STR(error_of("PLAN p GOALS A.A0 END p"), "t.anml:1:6: plan p declares no TIMELINE");
}

static void test_name_errors(void)
{
	const char *tl = "PLAN p TIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> A1 END A\n";
	char t[512];
	snprintf(t, sizeof t, "%sGOALS A.A9 END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:7: undefined action 'A9' (timeline A has no such action)");
	snprintf(t, sizeof t, "%sGOALS Z.A0 END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:7: undefined timeline or instance 'Z'");
	snprintf(t, sizeof t, "%sGOALS Q END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:7: undefined action 'Q'");
	snprintf(t, sizeof t, "%sVARIABLES t1: Nope END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:11: undefined timeline 'Nope' (type of instance t1)");
	snprintf(t, sizeof t, "%sVARIABLES t1: A t1: A END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:17: instance 't1' is declared twice");
	snprintf(t, sizeof t, "%sTIMELINE A ACTIONS B0 END A END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:10: timeline 'A' is declared twice");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 A0 END A END p"),
	          "t.anml:1:30: timeline 'A' declares the action 'A0' twice");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0 TRANSITIONS A0 -> A7 END A END p"),
	          "t.anml:1:48: undefined action 'A7' (timeline A has no such action)");
	CHECK_STR(error_of("PLAN p TIMELINE A ACTIONS A0(x: colour) END A END p"),
	          "t.anml:1:27: undefined type 'colour' (parameter x of action A0)");
	CHECK_STR(error_of("PLAN p TYPES c = {r, g} TIMELINE A ACTIONS A0(x: c) A1 TRANSITIONS A0(r, g) -> A1 END A END p"),
	          "t.anml:1:68: action A0 has 1 parameter, the pattern gives 2");
	snprintf(t, sizeof t, "%sTIMELINE B ACTIONS A0 END B CONSTRAINTS A0.end < A1.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:41: action 'A0' is ambiguous (timelines A and B): write TIMELINE.A0");
	snprintf(t, sizeof t, "%sINITIAL-STATE |-> A.A0 |-> A.A1 END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:28: instance A gets two initial actions (A0 and A1)");
	snprintf(t, sizeof t, "%sCONSTRAINTS 3 < 4 END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:13: a constraint between constants only: expected a timepoint ACTION.start|end");
	snprintf(t, sizeof t, "%sCONSTRAINTS A0 before A END p", tl);
	CHECK_STR(error_of(t), "t.anml:2:23: 'A' is a timeline or instance: expected an action (A.ACTION)");
}

/* 'at' and 'next': the reference point (docs/anmlite.md, "Repeated actions") */
static void test_at_and_next(void)
{
	anml_model m;
	anml_err err;
	const char *t = "PLAN p TIMELINE A ACTIONS W R TRANSITIONS W -> R -> W END A\n"
	                "TIMELINE B ACTIONS P Q TRANSITIONS P -> Q -> P END B\n"
	                "CONSTRAINTS\n"
	                "  W.end + 2 <= W.next.start\n"             /* next without at: the occurrence before */
	                "  at R.end: Q.next.end <= R.next.start\n"
	                "  at W.start: P.end < W.end\n"
	                "  at W.end: P.end < W.end\n"                /* 'at' the universal point: plain */
	                "  A.W.next.start > A.W.end\n"              /* descending: the universal is W.next.start */
	                "END p";
	CHECK(load(t, &m, &err) == 0);
	CHECK_EQ_LONG(m.ncons, 5);
	const anml_constraint *c = &m.cons[0];
	CHECK(!c->has_at && c->referenced && c->terms[1].next && !c->terms[0].next);
	CHECK_EQ_LONG(c->refpoint, ANML_START);                /* default: the universal point */
	c = &m.cons[1];
	CHECK(c->has_at && c->referenced && c->terms[0].next);
	CHECK_EQ_LONG(c->at.point, ANML_END);
	CHECK_EQ_LONG(c->refpoint, ANML_END);
	CHECK_EQ_LONG(c->at.ref.act, 1);
	c = &m.cons[2];
	CHECK(c->referenced && !c->terms[1].next);
	CHECK_EQ_LONG(c->refpoint, ANML_START);
	CHECK(!m.cons[3].referenced);
	c = &m.cons[4];
	CHECK(c->referenced && c->terms[1].next && c->terms[1].point == ANML_START);
	anml_free(&m);
}

/* arguments in constraint, goal and initial-state references */
static void test_reference_arguments(void)
{
	anml_model m;
	anml_err err;
	const char *t = "PLAN p TYPES site = {crater, ridge} task = {dig, look}\n"
	                "TIMELINE R ACTIONS Go(s: site) Drill(s: site; t: task)\n"
	                "TRANSITIONS Go(x) -> Drill(x, _) -> Go(_) END R\n"
	                "INITIAL-STATE |-> R.Go(ridge)\n"
	                "GOALS R.Drill(crater, _) Drill(ridge, look)\n"
	                "CONSTRAINTS Go(crater).end + 1 < Drill(crater, _).next.start\n"
	                "  Go(ridge) before Drill(_, dig)\n"
	                "END p";
	CHECK(load(t, &m, &err) == 0);
	CHECK(m.inits[0].has_args && m.inits[0].args[0].kind == ANML_ARG_VALUE && m.inits[0].args[0].val == 1);
	CHECK_EQ_LONG(m.goals[0].nargs, 2);
	CHECK_EQ_LONG(m.goals[0].args[0].val, 0);
	CHECK_EQ_LONG(m.goals[0].args[1].kind, ANML_ARG_ANY);
	CHECK_EQ_LONG(m.goals[1].args[1].val, 1);
	CHECK_EQ_LONG(anml_inst_goal_count(&m, 0), 2);
	const anml_constraint *c = &m.cons[0];
	CHECK(c->terms[0].ref.has_args && c->terms[0].ref.args[0].val == 0);
	CHECK(c->terms[1].next && c->terms[1].ref.nargs == 2 && c->referenced);
	CHECK_EQ_LONG(m.cons[1].allen, ANML_BEFORE);
	CHECK_EQ_LONG(m.cons[1].x.args[0].val, 1);
	CHECK_EQ_LONG(m.cons[1].y.args[1].val, 0);
	anml_free(&m);
	/* the same goal twice counts once */
	CHECK(load("PLAN p TIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> A1 END A VARIABLES t1: A\n"
	           "GOALS A.A1 t1.A1 END p", &m, &err) == 0);
	CHECK_EQ_LONG(anml_inst_goal_count(&m, 0), 1);
	anml_free(&m);
}

/* a variable shared by references quantifies the constraint over its
 * type: one constraint per value (anml_cons_expand.c) */
static void test_constraint_variables(void)
{
	anml_model m;
	anml_err err;
	const char *t = "PLAN p TYPES site = {crater, ridge, plain} task = {dig, look}\n"
	                "TIMELINE R ACTIONS Go(s: site) Drill(s: site; t: task) Rest\n"
	                "TRANSITIONS Go(_) -> Drill(_, _) -> (Go(_) | Rest) END R\n"
	                "CONSTRAINTS Rest.end < Go(plain).start\n"
	                "  Go(x).end + 2 < Drill(x, k).start < Drill(x, k).end\n"
	                "  Rest.start < Go(crater).start\n"
	                "END p";
	CHECK(load(t, &m, &err) == 0);
	CHECK_EQ_LONG(m.ncons, 1 + 3 * 2 + 1);
	CHECK_EQ_LONG(m.cons[0].terms[1].ref.args[0].val, 2);       /* unchanged, in order */
	for (int i = 1; i <= 6; i++) {
		const anml_constraint *c = &m.cons[i];
		int x = (i - 1) % 3, k = (i - 1) / 3;                  /* x varies first */
		CHECK_EQ_LONG(c->nvars, 0);
		CHECK_EQ_LONG(c->terms[0].ref.args[0].kind, ANML_ARG_VALUE);
		CHECK_EQ_LONG(c->terms[0].ref.args[0].val, x);
		CHECK_EQ_LONG(c->terms[1].ref.args[0].val, x);
		CHECK_EQ_LONG(c->terms[1].ref.args[1].val, k);
		CHECK_EQ_LONG(c->terms[0].k, 2);
		CHECK_EQ_LONG(c->loc.line, 5);
	}
	CHECK_STR(m.cons[6].terms[1].ref.args[0].name, "plain");
	CHECK_STR(m.cons[6].terms[1].ref.args[1].name, "look");
	CHECK_EQ_LONG(m.cons[7].terms[1].ref.args[0].val, 0);
	anml_free(&m);
	/* Allen relations and 'at' take variables too */
	CHECK(load("PLAN p TYPES c = {r, g} TIMELINE A ACTIONS W(x: c) V(x: c) TRANSITIONS W(_) -> V(_) -> W(_) END A\n"
	           "CONSTRAINTS W(y) before V(y)\n at V(z).start: W(z).end < V(z).end END p", &m, &err) == 0);
	CHECK_EQ_LONG(m.ncons, 4);
	CHECK_EQ_LONG(m.cons[1].x.args[0].val, 1);
	CHECK_EQ_LONG(m.cons[1].y.args[0].val, 1);
	CHECK_EQ_LONG(m.cons[3].at.ref.args[0].val, 1);
	CHECK(m.cons[3].referenced);
	anml_free(&m);
	const char *tl = "PLAN p TYPES c = {r, g} d = {u} TIMELINE A ACTIONS W(x: c) V(x: d) R "
	                 "TRANSITIONS W(_) -> V(_) -> R -> W(_) END A\n";
	char e[600];
	snprintf(e, sizeof e, "%sCONSTRAINTS W(y).end < V(y).start END p", tl);
	CHECK_STR(error_of(e), "t.anml:2:26: variable 'y' stands for values of type d here and of type c before");
	snprintf(e, sizeof e, "%sCONSTRAINTS W(y).end < R.start END p", tl);
	CHECK_STR(error_of(e), "t.anml:2:15: 'y' is not a value of type c, and no other reference of the constraint "
	                       "names it: expected a value, '_', or a variable that two references share");
}

static void test_at_next_argument_errors(void)
{
	const char *tl = "PLAN p TYPES c = {r, g} TIMELINE A ACTIONS W(x: c) R TRANSITIONS W(_) -> R -> W(_) END A\n"
	                 "TIMELINE B ACTIONS P Q TRANSITIONS P -> Q -> P END B\n";
	char t[700];
	snprintf(t, sizeof t, "%sCONSTRAINTS at P.end: Q.end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:16: the reference point of 'at' must be a timepoint of the universal action R "
	                       "(the last timepoint of the chain)");
	snprintf(t, sizeof t, "%sCONSTRAINTS at R.end: Q.end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:16: the reference point R.end comes after the universal timepoint R.start");
	snprintf(t, sizeof t, "%sCONSTRAINTS at R.start: Q.end < R.next.end END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:16: 'at R.start' with the last term R.next.end is not supported "
	                       "(end the chain at R.next.start, or write 'at R.end')");
	snprintf(t, sizeof t, "%sCONSTRAINTS Q.next.end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:13: 'next' needs a reference point before the universal timepoint R.start: "
	                       "end the chain at R.end, or at R.next.start (the reference is then the R before)");
	snprintf(t, sizeof t, "%sCONSTRAINTS Q.next.end < R.end END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:13: 'next' needs a reference point before the universal timepoint R.end: "
	                       "write 'at R.start:'");
	snprintf(t, sizeof t, "%sCONSTRAINTS at R.start: R.next.start < R.end END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:25: R.next comes after the universal occurrence of R: it cannot have occurred");
	snprintf(t, sizeof t, "%sCONSTRAINTS at R.start: R.next.end < R.next.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:25: R.next.end comes after the universal timepoint R.next.start");
	snprintf(t, sizeof t, "%sCONSTRAINTS at R.start: P contains R END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:16: 'at' with an Allen relation: write the relation as a chain of inequalities");
	snprintf(t, sizeof t, "%sCONSTRAINTS at R.next.start: P.end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:16: expected a timepoint ACTION.start|end (no 'next', no constant) as the reference point");
	snprintf(t, sizeof t, "%sCONSTRAINTS at R.start P.end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:24: expected ':' after the reference point, found 'P'");
	snprintf(t, sizeof t, "%sCONSTRAINTS W(b).end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:15: 'b' is not a value of type c, and no other reference of the constraint "
	                       "names it: expected a value, '_', or a variable that two references share");
	snprintf(t, sizeof t, "%sCONSTRAINTS W(r, g).end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:13: action W has 1 parameter, the reference gives 2");
	snprintf(t, sizeof t, "%sCONSTRAINTS W(r.end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:16: expected ',' or ')' after the arguments, found '.'");
	snprintf(t, sizeof t, "%sCONSTRAINTS W(r).next(g).end < R.start END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:22: expected '.start' or '.end', found '('");
	snprintf(t, sizeof t, "%sGOALS A.W(x) END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:11: 'x' is not a value of type c (parameter x of W): expected a value or '_' "
	                       "(variables are allowed in constraints only)");
	snprintf(t, sizeof t, "%sINITIAL-STATE |-> A.W(r) |-> A.W(g) END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:30: instance A gets two initial actions (W and W)");
	snprintf(t, sizeof t, "%sINITIAL-STATE |-> A.R(r) END p", tl);
	CHECK_STR(error_of(t), "t.anml:3:19: action R has 0 parameters, the reference gives 1");
}

CHECK_MAIN("anml_parse",
	CASE(test_at_and_next),
	CASE(test_reference_arguments),
	CASE(test_at_next_argument_errors),
	CASE(test_constraint_variables),
	CASE(test_ex1),
	CASE(test_chain_with_alternatives),
	CASE(test_parameters_and_patterns),
	CASE(test_variables_initial_goals),
	CASE(test_constraints),
	CASE(test_all_allen_relations),
	CASE(test_comments),
	CASE(test_syntax_errors),
	CASE(test_name_errors))
