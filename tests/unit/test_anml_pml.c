// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_anml_pml.c -- the Promela writer (frontends/anml/anml_pml.c): the shape
 * of the translation (processes, clock, goal assertion, guards, recorded
 * timepoints only where read).  Whether SPIN and dmc agree on the
 * translations is tested end to end (tests/e2e/anml.sh).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "anml.h"
#include "runtime/options_table.h"

static int lazy_enc;   /* translate_meta's encoding: 0 eager, 1 lazy */

/* the translation, and with meta its timeline data (a C header) in *meta */
static char *translate_meta(const char *text, int horizon, char **meta)
{
	anml_model m;
	anml_err err;
	char *out = NULL;
	size_t len = 0, mlen = 0;
	CHECK(anml_parse("t.anml", text, &m, &err) == 0);
	CHECK(anml_resolve(&m, &err) == 0);
	FILE *f = open_memstream(&out, &len), *mf = meta ? open_memstream(meta, &mlen) : NULL;
	CHECK(anml_write_translation_enc(f, mf, &m, horizon, lazy_enc, &err) == 0);
	fclose(f);
	if (mf)
		fclose(mf);
	anml_free(&m);
	return out;
}

static char *translate(const char *text, int horizon)
{
	return translate_meta(text, horizon, NULL);
}

static int count(const char *s, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* dmc check's --horizon (options.def) is the translator's */
static void test_horizon_option(void)
{
	const dmc_opt *t = &dmc_opt_table[DMC_OPT_HORIZON];
	CHECK_EQ_LONG((long) t->hi, ANML_MAX_HORIZON);
	CHECK_EQ_LONG(atol(t->def), ANML_DEFAULT_HORIZON);
}

/* the section of the generated header that starts with head, up to
 * the end of its initializer (a copy) */
static char *section(const char *h, const char *head)
{
	const char *p = strstr(h, head), *e = p ? strstr(p, "};") : NULL;
	CHECK(p && e);
	if (!p || !e)
		return strdup("");
	return strndup(p, (size_t) (e - p));
}

/* the timeline data for htime (a C header of tables): instances,
 * actions, transitions, goal bits, ground chains per binding of
 * type-level references; constraints with 'next' or with arguments on
 * the universal term are left out; the Promela carries none of it */
static void test_timeline_data(void)
{
	char *h = NULL;
	char *p = translate_meta("PLAN d TYPES k = {a, b}\n"
	                         "TIMELINE A ACTIONS X: [2,_] Y(q: k) TRANSITIONS X -> Y -> X END A\n"
	                         "TIMELINE B ACTIONS P Q: [3,4] TRANSITIONS P -> Q END B\n"
	                         "VARIABLES a1, a2: A\n"
	                         "INITIAL-STATE |-> A.X GOALS A.Y a1.X B.Q\n"
	                         "CONSTRAINTS\n  A.X.end + 2 < B.Q.start\n  X.end + 1 <= X.next.start\n"
	                         "  B.P.end < Y(a).start\n  B.Q.end <= 20\n"
	                         "END d\n", 25, &h);
	CHECK(strstr(p, "@@TL") == NULL && strstr(p, "dmc_tl") == NULL);
	CHECK(strstr(h, "#include \"timeline_data.h\"\n") != NULL);
	CHECK(strstr(h, "dmc_timeline dmc_tl = {\n\tDMC_TIMELINE_VERSION, 25, 255, 3, dmc_tl_insts, 3, dmc_tl_chains\n};")
	      != NULL);
	CHECK(strstr(h, "const dmc_timeline *dmc_timeline_meta(void)\n{\n\treturn &dmc_tl;\n}\n") != NULL);
	char *insts = section(h, "dmc_tl_insts[] = {");
	/* a1 has two goals (A.Y and a1.X): their bits; a2 and B one */
	CHECK(strstr(insts, "{ \"a1_act\", \"a1_e\", 2, dmc_tl_acts_0, 2, dmc_tl_trans_0, \"a1_goals\", 2, dmc_tl_goals_0 }")
	      != NULL);
	CHECK(strstr(insts, "{ \"a2_act\", \"a2_e\", 2, dmc_tl_acts_1, 2, dmc_tl_trans_1, NULL, 0, NULL }") != NULL);
	CHECK(strstr(insts, "{ \"B_act\", \"B_e\", 2, dmc_tl_acts_2, 1, dmc_tl_trans_2, NULL, 0, NULL }") != NULL);
	char *a0 = section(h, "dmc_tl_acts_0[] = {"), *a1 = section(h, "dmc_tl_acts_1[] = {");
	char *a2 = section(h, "dmc_tl_acts_2[] = {"), *t0 = section(h, "dmc_tl_trans_0[] = {");
	char *g0 = section(h, "dmc_tl_goals_0[] = {"), *ch = section(h, "dmc_tl_chains[] = {");
	CHECK(strstr(a0, "{\n\t{ 2, -1, 1, 1, { NULL, \"a1_X_e\" } },\n") != NULL);
	CHECK(strstr(a1, "{\n\t{ 2, -1, 1, 0, { NULL, \"a2_X_e\" } },\n") != NULL);
	/* B has no initial action: any may come first; B.Q.end is read by no guard */
	CHECK(strstr(a2, "{\n\t{ 1, -1, 1, 0, { NULL, \"B_P_e\" } },\n\t{ 3, 4, 1, 1, { NULL, NULL } },\n") != NULL);
	CHECK(strstr(t0, "{ 0, 1 }, { 1, 0 }") != NULL);
	CHECK(strstr(g0, "= { 1, 0 ") != NULL);        /* Y, X */
	CHECK(strstr(h, "dmc_tl_goals_1") == NULL);
	/* A.X.end + 2 < B.Q.start: one chain per instance of A; B.Q.end <= 20 */
	CHECK(strstr(h, "dmc_tl_terms_0[] = { { 0, 2, 0, 0, 1, 0 }, { 0, 0, 2, 1, 0, 0 } };\n"
	                "static const int dmc_tl_ops_0[] = { DMC_TL_LT };\n") != NULL);
	CHECK(strstr(h, "dmc_tl_terms_1[] = { { 0, 2, 1, 0, 1, 0 }, { 0, 0, 2, 1, 0, 0 } };\n") != NULL);
	CHECK(strstr(h, "dmc_tl_terms_2[] = { { 0, 0, 2, 1, 1, 0 }, { 1, 20, 0, 0, 0, 0 } };\n"
	                "static const int dmc_tl_ops_2[] = { DMC_TL_LE };\n") != NULL);
	CHECK(strstr(ch, "\t{ 7, 1, 2, dmc_tl_terms_0, dmc_tl_ops_0 },\n\t{ 7, 1, 2, dmc_tl_terms_1, dmc_tl_ops_1 },\n"
	                 "\t{ 10, 0, 2, dmc_tl_terms_2, dmc_tl_ops_2 },\n") != NULL);
	CHECK(strstr(ch, "{ 8, ") == NULL);   /* next */
	CHECK(strstr(ch, "{ 9, ") == NULL);   /* Y(a) universal */
	free(insts);
	free(a0);
	free(a1);
	free(a2);
	free(t0);
	free(g0);
	free(ch);
	free(h);
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
	CHECK(strstr(p, "(k0_0_r == NEVER || (k0_0_0_ce != NEVER && k0_0_0_ce + 2 <= time))") != NULL);
	CHECK(strstr(p, "k0_0_r = 1; k0_0_0_ce = NEVER; k0_0_0_ns = NEVER") != NULL);
	/* at R.end: the reference is taken as R ends, Q's snapshot after the step */
	CHECK(strstr(p, "bit k1_0_t;") != NULL);
	CHECK(strstr(p, "k1_0_r = 1; k1_0_t = 1") != NULL);
	CHECK(strstr(p, "if :: k1_0_t -> k1_0_0_ns = NEVER; k1_0_0_ne = NEVER; k1_0_t = 0 :: else fi") != NULL);
	/* the argument: W(r)'s start is universal only for W with x = r: R -> W
	 * with x = r (2 durations) carries the guard, x = g none */
	CHECK_EQ_LONG(count(p, "/* constraint t.anml:7 */"), 2);
	CHECK(strstr(p, "(B_Q_e != NEVER && B_act != B_Q && B_Q_e < time)") != NULL);
	/* INITIAL-STATE W(g): the first W gets x = 1 only (2 durations) */
	CHECK_EQ_LONG(count(p, "A_act == A_none &&"), 2);
	CHECK_EQ_LONG(count(p, "A_p0 = 1;\n\t\t   A_act = A_W"), 2 + 2);   /* and R -> W(g) */
	CHECK_EQ_LONG(count(p, "A_p0 = 0;\n\t\t   A_act = A_W"), 2);       /* R -> W(r) only */
	/* the goal W(r): finishing after W needs x = r */
	CHECK(strstr(p, "A_act == A_W && time == A_e && ((A_p0 == 0)) ->") != NULL);
	free(p);
}

/* the lazy translation: one d_step per transition and parameter choice
 * whatever the horizon, ends printed when they happen, a ticking clock
 * that forgets what no guard can tell; and the planning graph for hplan */
static const char *lz_model =
	"PLAN p TYPES s = {a, b}\n"
	"TIMELINE T ACTIONS At(x: s): [1,_] Go(x, y: s): [2,3] TRANSITIONS At(x) -> Go(x,_) Go(_,y) -> At(y) END T\n"
	"TIMELINE U ACTIONS Idle: [1,_] Use(x: s): [1,1] TRANSITIONS Idle -> Use(_) -> Idle END U\n"
	"INITIAL-STATE |-> T.At(a) |-> U.Idle\n"
	"GOALS T.At(b) U.Use(b)\n"
	"CONSTRAINTS\n"
	"  T.At(x).start <= U.Use(x).start\n"
	"END p\n";

static void test_lazy(void)
{
	char *meta = NULL;
	lazy_enc = 1;
	char *p30 = translate_meta(lz_model, 30, &meta), *p300 = translate(lz_model, 300);
	lazy_enc = 0;
	CHECK_EQ_LONG(count(p30, "d_step"), count(p300, "d_step"));
	/* start (1) + At(x) -> Go(x,_) (2) + Go -> At (1) + finish (1) on T;
	 * start, Idle -> Use(_) (2), Use -> Idle, finish on U; the clock */
	CHECK_EQ_LONG(count(p30, "d_step"), 5 + 5 + 1);
	CHECK(strstr(p30, "T_act == T_Go && time >= T_s + 2 && time <= T_s + 3") != NULL);
	CHECK(strstr(p30, "printf(\"@@ANMLEND 0 %d\\n\", time)") != NULL);
	CHECK(strstr(p30, "time++") != NULL);
	CHECK(strstr(p30, "T_s = (T_act == T_At && T_s + 1 <= time -> 0 : T_s)") != NULL);
	/* the recorded start of At(a), read only against the step's time */
	CHECK(strstr(p30, "T_At_fv_s[0] = (T_At_fv_s[0] != NEVER && T_At_fv_s[0] + 1 < time -> 0 : T_At_fv_s[0])") != NULL);
	CHECK(strstr(p30, "T_At_fv_s[1] = (T_At_fv_s[1] != NEVER && T_At_fv_s[1] + 1 < time -> 0 : T_At_fv_s[1])") != NULL);
	/* the graph: At(a), At(b), Go(4), Idle, Use(a), Use(b) = 9 nodes; a
	 * requirement per Use(x) on At(x); the goals At(b) and Use(b) */
	CHECK(strstr(meta, "#include \"plan_graph.h\"") != NULL);
	CHECK(strstr(meta, "DMC_PLAN_GRAPH_VERSION, 255, 2, dmc_pg_insts, 9, dmc_pg_nodes") != NULL);
	CHECK(strstr(meta, "static const char *const dmc_pg_rv[] = { \"T_At_fv_s[0]\", \"T_At_fv_s[1]\" };") != NULL);
	free(p30);
	free(p300);
	free(meta);
}

/* lifted constraints: the instances of a constraint with a variable
 * read one array of recorded timepoints indexed by the parameter the
 * variable is bound to (docs/anmlite.md, "Lifted constraints") */
static void test_lifted(void)
{
	static const char *model =
		"PLAN p TYPES s = {a, b, c}\n"
		"TIMELINE T ACTIONS At(x: s): [1,_] Go(x, y: s): [2,3] TRANSITIONS At(x) -> Go(x,_) Go(_,y) -> At(y) END T\n"
		"TIMELINE U ACTIONS Idle: [1,_] Use(x: s): [1,1] TRANSITIONS Idle -> Use(_) -> Idle END U\n"
		"INITIAL-STATE |-> T.At(a) |-> U.Idle\n"
		"GOALS T.At(b) U.Use(b)\n"
		"CONSTRAINTS\n"
		"  U.Use(x).start <= T.At(x).end\n"
		"END p\n";
	for (lazy_enc = 0; lazy_enc < 2; lazy_enc++) {
		char *p = translate(model, 20);
		/* one array for Use(x)'s start, written at the element of Use's parameter */
		CHECK(strstr(p, "byte U_Use_fv_s[3] = NEVER;") != NULL);
		CHECK(strstr(p, "U_Use_f0_s") == NULL && strstr(p, "U_Use_f1_s") == NULL);
		CHECK(count(p, "; U_Use_fv_s[0] = time") + count(p, "; U_Use_fv_s[1] = time")
		      + count(p, "; U_Use_fv_s[2] = time") > 0);
		/* leaving At(x) (x not known when the text is written): one guard
		 * per transition, indexed by T's parameter, not one per value */
		CHECK(strstr(p, "(U_Use_fv_s[T_p0] != NEVER && U_Use_fv_s[T_p0] <= time)") != NULL);
		CHECK(strstr(p, "!(T_p0 ==") == NULL);
		CHECK_EQ_LONG(count(p, "/* constraint t.anml:7 */"), count(p, "T_act == T_At && time "));
		CHECK(count(p, "T_act == T_At && time ") >= 4);
		free(p);
	}
	lazy_enc = 0;
}

/* families (anml_pml_family.c): one constraint per value of Load's
 * parameter, each on another instance, are one guard indexed by the
 * parameter and one array with a slot per value; without a member for
 * every value they stay one guard each */
static void test_families(void)
{
	const char *head =
		"PLAN p TYPES k = {a, b}\n u = {u0}\n"
		"TIMELINE Tr ACTIONS Load(x: k): [1,1] TRANSITIONS Load -> Load END Tr\n"
		"TIMELINE Pk ACTIONS Idle: [1,_] In(y: u): [1,_] TRANSITIONS Idle -> In END Pk\n"
		"VARIABLES t: Tr\n k1, k2: Pk\n"
		"CONSTRAINTS\n"
		"  k1.In(u0).start <= t.Load(a).end\n";
	char model[1024];
	for (lazy_enc = 0; lazy_enc < 2; lazy_enc++) {
		snprintf(model, sizeof model, "%s  k2.In(u0).start <= t.Load(b).end\nEND p\n", head);
		char *p = translate(model, 10);
		CHECK(strstr(p, "byte Pk_In_f0_s_m0[2] = NEVER;") != NULL);
		CHECK(strstr(p, "(Pk_In_f0_s_m0[t_p0] != NEVER && Pk_In_f0_s_m0[t_p0] <= time)") != NULL);
		CHECK(strstr(p, "!(t_p0 ==") == NULL && strstr(p, "k1_In_f0_s") == NULL);
		/* each member's start writes its own slot */
		CHECK(strstr(p, "Pk_In_f0_s_m0[0] = time") != NULL && strstr(p, "Pk_In_f0_s_m0[1] = time") != NULL);
		free(p);
		/* k2's constraint reads In at its end (k2's current action): not a member */
		snprintf(model, sizeof model, "%s  k2.In(u0).end <= t.Load(b).end\nEND p\n", head);
		p = translate(model, 10);
		CHECK(strstr(p, "_m0") == NULL && strstr(p, "!(t_p0 == 0)") != NULL);
		free(p);
	}
	lazy_enc = 0;
}

CHECK_MAIN("anml_pml",
	CASE(test_families),
	CASE(test_lifted),
	CASE(test_lazy),
	CASE(test_reference_points),
	CASE(test_timeline_data),
	CASE(test_horizon_option),
	CASE(test_ex1_shape),
	CASE(test_constraint_guards),
	CASE(test_parameters))
