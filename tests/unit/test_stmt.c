/* test_stmt.c -- splitting SPIN's statement text (heuristics/stmt.c). */
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

CHECK_MAIN("stmt", CASE(test_conditions), CASE(test_assignments), CASE(test_channels), CASE(test_others))
