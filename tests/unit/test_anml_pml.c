/*
 * test_anml_pml.c -- the Promela writer (promela/anml_pml.c): the shape
 * of the translation (processes, clock, goal assertion, guards, recorded
 * timepoints only where read).  Whether SPIN and dmc agree on the
 * translations is tested end to end (tests/e2e/anml.sh).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "promela/anml.h"

static char *translate(const char *text, int horizon)
{
	anml_model m;
	anml_err err;
	char *out = NULL;
	size_t len = 0;
	CHECK(anml_parse("t.anml", text, &m, &err) == 0);
	CHECK(anml_resolve(&m, &err) == 0);
	FILE *f = open_memstream(&out, &len);
	CHECK(anml_write_promela(f, &m, horizon, &err) == 0);
	fclose(f);
	anml_free(&m);
	return out;
}

static int count(const char *s, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* the @@TL block for htime: instances, actions, transitions, goal bits,
 * ground chains per binding of type-level references; constraints with
 * 'next' or with arguments on the universal term are left out */
static void test_timeline_data(void)
{
	char *p = translate("PLAN d TYPES k = {a, b}\n"
	                    "TIMELINE A ACTIONS X: [2,_] Y(q: k) TRANSITIONS X -> Y -> X END A\n"
	                    "TIMELINE B ACTIONS P Q: [3,4] TRANSITIONS P -> Q END B\n"
	                    "VARIABLES a1, a2: A\n"
	                    "INITIAL-STATE |-> A.X GOALS A.Y a1.X B.Q\n"
	                    "CONSTRAINTS\n  A.X.end + 2 < B.Q.start\n  X.end + 1 <= X.next.start\n"
	                    "  B.P.end < Y(a).start\n  B.Q.end <= 20\n"
	                    "END d\n", 25);
	CHECK(strstr(p, "@@TL htime 1 horizon 25 never 255 insts 3\n") != NULL);
	CHECK(strstr(p, "@@TL inst 0 a1_act a1_e acts 2\n") != NULL);
	CHECK(strstr(p, "@@TL act 0 0 min 2 max -1 first 1 finish 1 s - e a1_X_e\n") != NULL);
	CHECK(strstr(p, "@@TL act 1 0 min 2 max -1 first 1 finish 0 s - e a2_X_e\n") != NULL);
	/* B has no initial action: any may come first; B.Q.end is read by no guard */
	CHECK(strstr(p, "@@TL act 2 1 min 3 max 4 first 1 finish 1 s - e -\n") != NULL);
	CHECK(strstr(p, "@@TL act 2 0 min 1 max -1 first 1 finish 0 s - e B_P_e\n") != NULL);
	CHECK(strstr(p, "@@TL trans 0 1 0\n") != NULL);
	/* a1 has two goals (A.Y and a1.X): their bits */
	CHECK(strstr(p, "@@TL goals 0 a1_goals\n") != NULL);
	CHECK_EQ_LONG(count(p, "@@TL goal 0 "), 2);
	CHECK(strstr(p, "@@TL goals 1 ") == NULL);
	/* A.X.end + 2 < B.Q.start: one chain per instance of A */
	CHECK(strstr(p, "@@TL chain 7 1 0.0.e+2 < 2.1.s+0\n") != NULL);
	CHECK(strstr(p, "@@TL chain 7 1 1.0.e+2 < 2.1.s+0\n") != NULL);
	CHECK(strstr(p, "@@TL chain 10 0 2.1.e+0 <= c20\n") != NULL);
	CHECK(strstr(p, "@@TL chain 8 ") == NULL);   /* next */
	CHECK(strstr(p, "@@TL chain 9 ") == NULL);   /* Y(a) universal */
	CHECK(strstr(p, "@@TL end\n */\n") != NULL);
	free(p);
}

static void test_ex1_shape(void)
{
	char *p = translate("PLAN ex1\nTIMELINE A ACTIONS A0: [2,_] A1 A2 TRANSITIONS A0 -> A1 -> A2 END A\n"
	                    "TIMELINE B ACTIONS B0: [2,_] B1: [1,10] TRANSITIONS B0 -> B1 END B\n"
	                    "INITIAL-STATE |-> A.A0 |-> B.B0 GOALS A.A2 B.B1 END ex1\n", 12);
	CHECK(strstr(p, "#define H 12") != NULL);
	CHECK(strstr(p, "active proctype P_A()") != NULL);
	CHECK(strstr(p, "active proctype P_B()") != NULL);
	CHECK(strstr(p, "active proctype clock()") != NULL);
	CHECK(strstr(p, "assert(!(A_act == A_null && B_act == B_null))") != NULL);
	/* A0 starts first with a duration of 2..10 (A1 and A2 need 2 more
	 * before the horizon 12): 9 choices, its guard time + d + 2 <= H */
	CHECK_EQ_LONG(count(p, "A_act == A_none && time + "), 9);
	CHECK(strstr(p, "A_act == A_none && time + 12 <= H ->") != NULL);
	CHECK(strstr(p, "A_act == A_none && time + 13 <= H ->") == NULL);
	CHECK_EQ_LONG(count(p, "B_act == B_B0 && time == B_e && time + "), 10);
	/* only the goal action finishes the timeline */
	CHECK_EQ_LONG(count(p, "A_act = A_null"), 1);
	CHECK(strstr(p, "A_act == A_A2 && time == A_e ->") != NULL);
	/* comments link to the source lines */
	CHECK(strstr(p, "/* A0 -> A1, t.anml:2 */") != NULL);
	/* no constraint: no recorded timepoints */
	CHECK(strstr(p, "NEVER;") == NULL);
	CHECK(strstr(p, "byte time;") != NULL);
	free(p);
}

static void test_constraint_guards(void)
{
	char *p = translate("PLAN p TIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> A1 END A\n"
	                    "TIMELINE B ACTIONS B0 B1 TRANSITIONS B0 -> B1 END B\n"
	                    "GOALS A.A1 B.B1 CONSTRAINTS A0.end + 5 < B1.start END p\n", 20);
	/* the universal B1.start guards B0 -> B1 and the start with B1;
	 * A0.end is recorded where A0 ends, read with "has ended" */
	CHECK(strstr(p, "byte A_A0_e = NEVER;") != NULL);
	CHECK(strstr(p, "B_B1_s") == NULL);
	CHECK(strstr(p, "A_A0_e != NEVER && A_act != A_A0 && A_A0_e + 5 < time") != NULL);
	CHECK(strstr(p, "; A_A0_e = time") != NULL);
	CHECK(strstr(p, "/* constraint t.anml:3 */") != NULL);
	free(p);
	/* a wide horizon uses short */
	p = translate("PLAN p TIMELINE A ACTIONS A0: [1,2] END A END p\n", 300);
	CHECK(strstr(p, "short time;") != NULL);
	CHECK(strstr(p, "#define NEVER 32767") != NULL);
	free(p);
}

static void test_parameters(void)
{
	char *p = translate("PLAN p TYPES c = {r, g}\n"
	                    "TIMELINE A ACTIONS P(x, y: c): [1,1] Q(x, y: c): [1,1]\n"
	                    "TRANSITIONS P(u, v) -> Q(v, u) END A END p\n", 5);
	/* the swap goes through tmp_ */
	CHECK(strstr(p, "tmp_0 = A_p1; tmp_1 = A_p0; A_p0 = tmp_0; tmp_0 = 0; A_p1 = tmp_1; tmp_1 = 0") != NULL);
	/* no INITIAL-STATE: P or Q first, 4 parameter choices each, 1 duration */
	CHECK_EQ_LONG(count(p, "A_act == A_none && time + 1 <= H"), 8);
	free(p);
}

/* 'next', 'at' and arguments: snapshot slots only where read, fills,
 * vacuity without a reference occurrence, filtered recorded timepoints */
static void test_reference_points(void)
{
	char *p = translate("PLAN p TYPES c = {r, g}\n"
	                    "TIMELINE A ACTIONS W(x: c): [1,2] R: [1,1] TRANSITIONS W(_) -> R -> W(_) END A\n"
	                    "TIMELINE B ACTIONS P: [1,3] Q: [1,1] TRANSITIONS P -> Q -> P END B\n"
	                    "INITIAL-STATE |-> A.W(g) GOALS A.W(r) B.P\n"
	                    "CONSTRAINTS W.end + 2 <= W.next.start\n"
	                    "  at R.end: Q.next.end <= R.next.start\n"
	                    "  Q.end < W(r).start\n"
	                    "END p\n", 10);
	/* W.next: the previous W's end (ce) and the flag that W started again */
	CHECK(strstr(p, "byte k0_0_r = NEVER; byte k0_0_0_ce = NEVER; byte k0_0_0_ns = NEVER;\n") != NULL);
	CHECK(strstr(p, "(k0_0_r == NEVER || (true && k0_0_0_ce != NEVER && k0_0_0_ce + 2 <= time))") != NULL);
	CHECK(strstr(p, "k0_0_r = 1; k0_0_0_ce = NEVER; k0_0_0_ns = NEVER") != NULL);
	/* at R.end: the reference is taken as R ends, Q's snapshot after the step */
	CHECK(strstr(p, "bit k1_0_t;") != NULL);
	CHECK(strstr(p, "k1_0_r = 1; k1_0_t = 1") != NULL);
	CHECK(strstr(p, "if :: k1_0_t -> k1_0_0_ns = NEVER; k1_0_0_ne = NEVER; k1_0_t = 0 :: else fi") != NULL);
	/* the argument: W(r)'s start is universal only for W with x = r: R -> W
	 * with x = r (2 durations) carries the guard, x = g none */
	CHECK_EQ_LONG(count(p, "/* constraint t.anml:7 */"), 2);
	CHECK(strstr(p, "(true && B_Q_e != NEVER && B_act != B_Q && B_Q_e < time)") != NULL);
	/* INITIAL-STATE W(g): the first W gets x = 1 only (2 durations) */
	CHECK_EQ_LONG(count(p, "A_act == A_none &&"), 2);
	CHECK_EQ_LONG(count(p, "A_p0 = 1;\n\t\t   A_act = A_W"), 2 + 2);   /* and R -> W(g) */
	CHECK_EQ_LONG(count(p, "A_p0 = 0;\n\t\t   A_act = A_W"), 2);       /* R -> W(r) only */
	/* the goal W(r): finishing after W needs x = r */
	CHECK(strstr(p, "A_act == A_W && time == A_e && ((A_p0 == 0)) ->") != NULL);
	free(p);
}

CHECK_MAIN("anml_pml",
	CASE(test_reference_points),
	CASE(test_timeline_data),
	CASE(test_ex1_shape),
	CASE(test_constraint_guards),
	CASE(test_parameters))
