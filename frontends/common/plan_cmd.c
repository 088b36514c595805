// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * plan_cmd.c -- `dmc plan`: the planner of the front end that takes the
 * first model file named (driver/frontend.h's plan, frontends.def).  A
 * front end without one gets ANMLite's dmc plan, which was the only
 * planner before PDDL's and refuses what is not an ANMLite model; once
 * the ANMLite descriptor names its planner, that fallback can go.
 */
#include "anml_cmd.h"
#include "cmd_args.h"
#include "frontend.h"
#include "translate.h"
#include "util.h"

int prom_cmd_plan_any(const drv_env *e, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		const char *a, *v;
		int k = drv_command_arg(DRV_CMD_PLAN, argc, argv, &i, &a, &v);
		if (k == DRV_ARG_OPERAND) {
			const drv_frontend *fe = drv_frontend_for(argv[i]);
			return fe->plan ? fe->plan(e, argc, argv) : prom_cmd_plan(e, argc, argv);
		}
		if (k == DRV_ARG_ERROR)
			return 2;
	}
	return prom_cmd_plan(e, argc, argv);   /* says what is missing */
}
