// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_cmd_args.c -- unit tests of driver/cmd_args.c: a command's
 * arguments read by the option table of driver/commands.def (dmc cc's,
 * dmc plan's, dmc gen-anml's).
 */
#include "check.h"
#include "driver/cmd_args.h"

/* the kind of argv[0] for command id, with its name, value and the
 * index it ends at */
static int arg(drv_cmd_id id, int argc, char **argv, int *end, const char **name, const char **value)
{
	int i = 0;
	int k = drv_command_arg(id, argc, argv, &i, name, value);
	*end = i;
	return k;
}

static void test_value_forms(void)
{
	const char *n, *v;
	int end;
	char *sep[] = { "--search", "astar", "pan.c" };
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 3, sep, &end, &n, &v), DRV_ARG_OPTION);
	CHECK_STR(n, "--search");
	CHECK_STR(v, "astar");
	CHECK_EQ_LONG(end, 1);
	char *eq[] = { "--heuristic=hL" };
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 1, eq, &end, &n, &v), DRV_ARG_OPTION);
	CHECK_STR(n, "--heuristic");
	CHECK_STR(v, "hL");
	CHECK_EQ_LONG(end, 0);
	/* a short option's value is the next argument, '=' and all */
	char *shrt[] = { "-o", "a=b" };
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 2, shrt, &end, &n, &v), DRV_ARG_OPTION);
	CHECK_STR(n, "-o");
	CHECK_STR(v, "a=b");
	char *gen[] = { "-T", "4" };
	CHECK_EQ_LONG(arg(DRV_CMD_GEN_ANML, 2, gen, &end, &n, &v), DRV_ARG_OPTION);
	CHECK_STR(v, "4");
}

static void test_flags(void)
{
	const char *n, *v;
	int end;
	char *mpi[] = { "--mpi", "pan.c" };
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 2, mpi, &end, &n, &v), DRV_ARG_OPTION);
	CHECK_STR(n, "--mpi");
	CHECK(v == NULL);
	CHECK_EQ_LONG(end, 0);
	/* plan's --keep is options.def's flag, --json its own */
	char *keep[] = { "--keep" }, *json[] = { "--json" };
	CHECK_EQ_LONG(arg(DRV_CMD_PLAN, 1, keep, &end, &n, &v), DRV_ARG_OPTION);
	CHECK(v == NULL);
	CHECK_EQ_LONG(arg(DRV_CMD_PLAN, 1, json, &end, &n, &v), DRV_ARG_OPTION);
	CHECK(v == NULL);
	char *flag_eq[] = { "--portable=1" };
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 1, flag_eq, &end, &n, &v), DRV_ARG_ERROR);
}

static void test_errors_and_others(void)
{
	const char *n, *v;
	int end;
	char *missing[] = { "--search" };
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 1, missing, &end, &n, &v), DRV_ARG_ERROR);
	/* options of no declaration: a compiler's, or another command's */
	char *cflag[] = { "-O2" }, *ddef[] = { "-DDMC_LUA=w.lua" }, *gantt[] = { "--gantt", "x.svg" };
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 1, cflag, &end, &n, &v), DRV_ARG_UNKNOWN);
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 1, ddef, &end, &n, &v), DRV_ARG_UNKNOWN);
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 2, gantt, &end, &n, &v), DRV_ARG_UNKNOWN);
	CHECK_EQ_LONG(arg(DRV_CMD_PLAN, 2, gantt, &end, &n, &v), DRV_ARG_OPTION);
	/* dmc check's options are not cc's unless commands.def says so */
	char *weight[] = { "--weight", "2" };
	CHECK_EQ_LONG(arg(DRV_CMD_CC, 2, weight, &end, &n, &v), DRV_ARG_UNKNOWN);
	CHECK_EQ_LONG(arg(DRV_CMD_PLAN, 2, weight, &end, &n, &v), DRV_ARG_OPTION);
	char *model[] = { "m.anml" }, *dash[] = { "-" };
	CHECK_EQ_LONG(arg(DRV_CMD_PLAN, 1, model, &end, &n, &v), DRV_ARG_OPERAND);
	CHECK_EQ_LONG(arg(DRV_CMD_PLAN, 1, dash, &end, &n, &v), DRV_ARG_OPERAND);
}

CHECK_MAIN("cmd_args", CASE(test_value_forms), CASE(test_flags), CASE(test_errors_and_others))
