// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/* test_stmt.c -- splitting SPIN's statement text (heuristics/stmt.c). */
#include <string.h>
#include "check.h"
#include "stmt.h"

static dmc_stmt st;

static void test_conditions(void)
{
	dmc_stmt_split("((i<3))", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_COND);
	CHECK_STR(st.rhs, "((i<3))");
	dmc_stmt_split("(1)", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_COND);
	dmc_stmt_split("((a==b)&&(c!=d))", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_COND);      /* == and != are not assignments or sends */
	dmc_stmt_split("else", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_ELSE);
	dmc_stmt_split("timeout", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_TIMEOUT);
}

static void test_assignments(void)
{
	dmc_stmt_split("x = (x+i)", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_STR(st.lhs, "x");
	CHECK_STR(st.rhs, "(x+i)");
	dmc_stmt_split("arr[(_pid+1)] = (a<=b)", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_STR(st.lhs, "arr[(_pid+1)]");
	CHECK_STR(st.rhs, "(a<=b)");
	dmc_stmt_split("flag[i] = (x==1)", &st);
	CHECK_STR(st.lhs, "flag[i]");
	CHECK_STR(st.rhs, "(x==1)");
}

static void test_channels(void)
{
	dmc_stmt_split("c!ack,3", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_SEND);
	CHECK_STR(st.chan, "c");
	CHECK_EQ_LONG(st.nfields, 2);
	CHECK_STR(st.field[0], "ack");
	CHECK_STR(st.field[1], "3");
	dmc_stmt_split("ch[(_pid%2)]?req,loc[1]", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_RECV);
	CHECK_STR(st.chan, "ch[(_pid%2)]");
	CHECK_STR(st.field[1], "loc[1]");
	dmc_stmt_split("c??x", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_RECV);
	CHECK_STR(st.field[0], "x");
	dmc_stmt_split("c!!f(1),2", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_SEND);
	CHECK_EQ_LONG(st.nfields, 2);
	CHECK_STR(st.field[0], "f(1)");
	dmc_stmt_split("c?<x,y>", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_RECV);
	CHECK_EQ_LONG(st.nfields, 2);
	CHECK_STR(st.field[1], "y");
	dmc_stmt_split("c?[ack]", &st);             /* a poll is a condition */
	CHECK_EQ_LONG(st.kind, DMC_ST_COND);
}

static void test_others(void)
{
	dmc_stmt_split("(run Q(a,b))", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_RUN);
	CHECK_STR(st.proctype, "Q");
	dmc_stmt_split("printf('x = %d, y != %d\\n',x,y)", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_NOP);
	dmc_stmt_split("assert(((x!=7)&&(y==0)))", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_NOP);
	dmc_stmt_split("-end-", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_NOP);
	dmc_stmt_split("D_STEP9", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_OTHER);
	dmc_stmt_split("c_code2", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_OTHER);
}

/* Embedded C as pan's tables write it: c_code {...} and c_code [g] {...}
 * are "{c_codeN}", c_expr {...} is "({c_codeN})": effects unknown. */
static void test_embedded_c(void)
{
	static const char *const texts[] = {
		"{c_code2}", "({c_code3})", " {c_code12} ", "c_code", "c_expr", "x = ({c_code4})"
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		dmc_stmt_split(texts[i], &st);
		CHECK_EQ_LONG(st.kind, DMC_ST_OTHER);
		CHECK_EQ_LONG(st.embedded_c, 1);
	}
	dmc_stmt_split("c_codes = 1", &st);          /* a variable, not embedded C */
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_EQ_LONG(st.embedded_c, 0);
	dmc_stmt_split("printf('{c_code1}')", &st);  /* inside a string */
	CHECK_EQ_LONG(st.kind, DMC_ST_NOP);
	CHECK_EQ_LONG(st.embedded_c, 0);
}

/* A run anywhere in the text starts its proctype. */
static void test_runs_anywhere(void)
{
	dmc_stmt_split("p = run Q()", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_EQ_LONG(st.nruns, 1);
	CHECK_STR(st.runs[0], "Q");
	dmc_stmt_split("p = (run Q(5)+run Q(5))", &st);
	CHECK_EQ_LONG(st.nruns, 1);                   /* each proctype once */
	dmc_stmt_split("p = (run A(1)*run B_2 (x))", &st);
	CHECK_EQ_LONG(st.nruns, 2);
	CHECK_STR(st.runs[0], "A");
	CHECK_STR(st.runs[1], "B_2");
	CHECK_EQ_LONG(st.runs_unknown, 0);
	dmc_stmt_split("(run Q(a,b))", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_RUN);
	CHECK_EQ_LONG(st.nruns, 1);
	dmc_stmt_split("printf('%d',run Q())", &st);
	CHECK_EQ_LONG(st.nruns, 1);
	dmc_stmt_split("c!run Q(),1", &st);
	CHECK_EQ_LONG(st.kind, DMC_ST_SEND);
	CHECK_STR(st.runs[0], "Q");
	dmc_stmt_split("printf('run Q()')", &st);    /* inside a string */
	CHECK_EQ_LONG(st.nruns, 0);
	dmc_stmt_split("x = (rerun+runs)", &st);     /* names containing run */
	CHECK_EQ_LONG(st.nruns, 0);
	CHECK_EQ_LONG(st.runs_unknown, 0);
	dmc_stmt_split("x = run", &st);              /* cannot tell what it starts */
	CHECK_EQ_LONG(st.runs_unknown, 1);
}

/* The rest of what pan's tables hold (spin -a of a model with every
 * construct): each is classified, nothing starts a process. */
static void test_pan_texts(void)
{
	static const struct { const char *text; int kind; } cases[] = {
		{ "(timeout)", DMC_ST_TIMEOUT }, { "else", DMC_ST_ELSE },
		{ "printm(2, 0)", DMC_ST_NOP }, { ".(goto)", DMC_ST_NOP }, { "goto :b0", DMC_ST_NOP },
		{ "goto done", DMC_ST_NOP }, { "break", DMC_ST_NOP }, { "-end-", DMC_ST_NOP },
		{ "D_STEP24", DMC_ST_OTHER },
		{ "(c?[eval(x),1])", DMC_ST_COND }, { "c?<i,p>", DMC_ST_RECV }, { "c??i,_", DMC_ST_RECV },
		{ "c?eval(x),p", DMC_ST_RECV }, { "c!!x,2", DMC_ST_SEND },
		{ "(((Q[1]._p==L)||(Q[1].k==1)))", DMC_ST_COND },
		{ "((enabled(0)&&(pc_value(0)>0)))", DMC_ST_COND },
		{ "((((_pid==0)&&(_nr_pr>0))&&(_last==0)))", DMC_ST_COND },
		{ "((((((len(c)>0)&&empty(c))||full(c))||nempty(c))||nfull(c)))", DMC_ST_COND },
		{ "arr[( (flag) ? (1) : (0) )] = 2", DMC_ST_ASSIGN },
		{ "x = ( (flag) -> (1) : (0) )", DMC_ST_ASSIGN },
		{ "assert(((arr[( (flag) ? (1) : (0) )]==2)||(x==( (y) -> (2) : (3) ))))", DMC_ST_NOP },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		dmc_stmt_split(cases[i].text, &st);
		CHECK_EQ_LONG(st.kind, cases[i].kind);
		CHECK_EQ_LONG(st.nruns + st.runs_unknown + st.embedded_c, 0);
	}
	dmc_stmt_split("arr[( (flag) ? (1) : (0) )] = 2", &st);
	CHECK_STR(st.lhs, "arr[( (flag) ? (1) : (0) )]");
	dmc_stmt_split("c?eval(x),p", &st);
	CHECK_STR(st.field[0], "eval(x)");
}

/* A text longer than the buffer: its parts are not known. */
static void test_truncated(void)
{
	char big[4096];
	memset(big, 0, sizeof big);
	strcpy(big, "x = (");
	for (size_t n = strlen(big); n < 3000; n += 2)
		strcat(big, "1+");
	strcat(big, "run Q())");
	dmc_stmt_split(big, &st);
	CHECK_EQ_LONG(st.truncated, 1);
	CHECK_EQ_LONG(st.kind, DMC_ST_OTHER);
	CHECK_EQ_LONG(st.nruns, 1);                   /* read from the whole text */
}

CHECK_MAIN("stmt", CASE(test_conditions), CASE(test_assignments), CASE(test_channels), CASE(test_others),
           CASE(test_embedded_c), CASE(test_runs_anywhere), CASE(test_truncated), CASE(test_pan_texts))
