// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/* test_stmt.c -- splitting SPIN's statement text (model/stmt.c). */
#include <string.h>
#include "check.h"
#include "stmt.h"

static dmc_stmt st;

/* st := the split of text (the previous split released) */
static void split(const char *text)
{
	dmc_stmt_free(&st);
	dmc_stmt_split(text, &st);
}

static void test_conditions(void)
{
	split("((i<3))");
	CHECK_EQ_LONG(st.kind, DMC_ST_COND);
	CHECK_STR(st.rhs, "((i<3))");
	split("(1)");
	CHECK_EQ_LONG(st.kind, DMC_ST_COND);
	split("((a==b)&&(c!=d))");
	CHECK_EQ_LONG(st.kind, DMC_ST_COND);      /* == and != are not assignments or sends */
	split("else");
	CHECK_EQ_LONG(st.kind, DMC_ST_ELSE);
	split("timeout");
	CHECK_EQ_LONG(st.kind, DMC_ST_TIMEOUT);
}

static void test_assignments(void)
{
	split("x = (x+i)");
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_STR(st.lhs, "x");
	CHECK_STR(st.rhs, "(x+i)");
	split("arr[(_pid+1)] = (a<=b)");
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_STR(st.lhs, "arr[(_pid+1)]");
	CHECK_STR(st.rhs, "(a<=b)");
	split("flag[i] = (x==1)");
	CHECK_STR(st.lhs, "flag[i]");
	CHECK_STR(st.rhs, "(x==1)");
}

static void test_channels(void)
{
	split("c!ack,3");
	CHECK_EQ_LONG(st.kind, DMC_ST_SEND);
	CHECK_STR(st.chan, "c");
	CHECK_EQ_LONG(st.nfields, 2);
	CHECK_STR(st.field[0], "ack");
	CHECK_STR(st.field[1], "3");
	split("ch[(_pid%2)]?req,loc[1]");
	CHECK_EQ_LONG(st.kind, DMC_ST_RECV);
	CHECK_STR(st.chan, "ch[(_pid%2)]");
	CHECK_STR(st.field[1], "loc[1]");
	split("c??x");
	CHECK_EQ_LONG(st.kind, DMC_ST_RECV);
	CHECK_STR(st.field[0], "x");
	split("c!!f(1),2");
	CHECK_EQ_LONG(st.kind, DMC_ST_SEND);
	CHECK_EQ_LONG(st.nfields, 2);
	CHECK_STR(st.field[0], "f(1)");
	split("c?<x,y>");
	CHECK_EQ_LONG(st.kind, DMC_ST_RECV);
	CHECK_EQ_LONG(st.nfields, 2);
	CHECK_STR(st.field[1], "y");
	split("c?[ack]");             /* a poll is a condition */
	CHECK_EQ_LONG(st.kind, DMC_ST_COND);
}

static void test_others(void)
{
	split("(run Q(a,b))");
	CHECK_EQ_LONG(st.kind, DMC_ST_RUN);
	CHECK_STR(st.proctype, "Q");
	split("printf('x = %d, y != %d\\n',x,y)");
	CHECK_EQ_LONG(st.kind, DMC_ST_NOP);
	split("assert(((x!=7)&&(y==0)))");
	CHECK_EQ_LONG(st.kind, DMC_ST_NOP);
	split("-end-");
	CHECK_EQ_LONG(st.kind, DMC_ST_NOP);
	split("D_STEP9");
	CHECK_EQ_LONG(st.kind, DMC_ST_OTHER);
	split("c_code2");
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
		split(texts[i]);
		CHECK_EQ_LONG(st.kind, DMC_ST_OTHER);
		CHECK_EQ_LONG(st.embedded_c, 1);
	}
	split("c_codes = 1");          /* a variable, not embedded C */
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_EQ_LONG(st.embedded_c, 0);
	split("printf('{c_code1}')");  /* inside a string */
	CHECK_EQ_LONG(st.kind, DMC_ST_NOP);
	CHECK_EQ_LONG(st.embedded_c, 0);
}

/* A run anywhere in the text starts its proctype. */
static void test_runs_anywhere(void)
{
	split("p = run Q()");
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_EQ_LONG(st.nruns, 1);
	CHECK_STR(st.runs[0], "Q");
	split("p = (run Q(5)+run Q(5))");
	CHECK_EQ_LONG(st.nruns, 1);                   /* each proctype once */
	split("p = (run A(1)*run B_2 (x))");
	CHECK_EQ_LONG(st.nruns, 2);
	CHECK_STR(st.runs[0], "A");
	CHECK_STR(st.runs[1], "B_2");
	CHECK_EQ_LONG(st.runs_unknown, 0);
	split("(run Q(a,b))");
	CHECK_EQ_LONG(st.kind, DMC_ST_RUN);
	CHECK_EQ_LONG(st.nruns, 1);
	split("printf('%d',run Q())");
	CHECK_EQ_LONG(st.nruns, 1);
	split("c!run Q(),1");
	CHECK_EQ_LONG(st.kind, DMC_ST_SEND);
	CHECK_STR(st.runs[0], "Q");
	split("printf('run Q()')");    /* inside a string */
	CHECK_EQ_LONG(st.nruns, 0);
	split("x = (rerun+runs)");     /* names containing run */
	CHECK_EQ_LONG(st.nruns, 0);
	CHECK_EQ_LONG(st.runs_unknown, 0);
	split("x = run");              /* cannot tell what it starts */
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
		split(cases[i].text);
		CHECK_EQ_LONG(st.kind, cases[i].kind);
		CHECK_EQ_LONG(st.nruns + st.runs_unknown + st.embedded_c, 0);
	}
	split("arr[( (flag) ? (1) : (0) )] = 2");
	CHECK_STR(st.lhs, "arr[( (flag) ? (1) : (0) )]");
	split("c?eval(x),p");
	CHECK_STR(st.field[0], "eval(x)");
}

/* A text of any length is split whole (a UPPAAL delay with 15 clocks
 * is a 2,096-character send). */
static void test_long_text(void)
{
	char big[4096];
	memset(big, 0, sizeof big);
	strcpy(big, "x = (");
	for (size_t n = strlen(big); n < 3000; n += 2)
		strcat(big, "1+");
	strcat(big, "run Q())");
	split(big);
	CHECK_EQ_LONG(st.truncated, 0);
	CHECK_EQ_LONG(st.kind, DMC_ST_ASSIGN);
	CHECK_STR(st.lhs, "x");
	CHECK_EQ_LONG((long) strlen(st.rhs), (long) strlen(big) - 4);
	CHECK_EQ_LONG(st.nruns, 1);                   /* read from the whole text */
}

/* Every field of a message, however many: a receive's 18th field is
 * written like its first (the abstract model missed it beyond 16). */
static void test_many_fields(void)
{
	char text[512] = "c?a0";
	for (int i = 1; i < 40; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text), ",a%d", i);
	split(text);
	CHECK_EQ_LONG(st.kind, DMC_ST_RECV);
	CHECK_EQ_LONG(st.nfields, 40);
	CHECK_STR(st.field[0], "a0");
	CHECK_STR(st.field[17], "a17");
	CHECK_STR(st.field[39], "a39");
	split("c!0,(x+1),y");
	CHECK_EQ_LONG(st.kind, DMC_ST_SEND);
	CHECK_EQ_LONG(st.nfields, 3);
	CHECK_STR(st.field[2], "y");
}

CHECK_MAIN("stmt", CASE(test_conditions), CASE(test_assignments), CASE(test_channels), CASE(test_others),
           CASE(test_embedded_c), CASE(test_runs_anywhere), CASE(test_long_text), CASE(test_many_fields), CASE(test_pan_texts))
