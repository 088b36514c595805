// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * plan_cmd.c -- `dmc plan`: the planner of the front end that takes the
 * first model file named (driver/frontend.h's plan, frontends.def).
 */
#include "cmd_args.h"
#include "frontend.h"
#include "translate.h"
#include "util.h"

#define PLAN_USAGE "(usage: dmc plan MODEL.anml | DOMAIN.pddl PROBLEM.pddl [options]; dmc plan --help lists them)"

int prom_cmd_plan_any(const drv_env *e, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		const char *a, *v;
		int k = drv_command_arg(DRV_CMD_PLAN, argc, argv, &i, &a, &v);
		if (k == DRV_ARG_OPERAND) {
			const drv_frontend *fe = drv_frontend_for(argv[i]);
			if (fe->plan)
				return fe->plan(e, argc, argv);
			drv_msg("plan: %s: a %s model has no planner %s", argv[i], fe->name, PLAN_USAGE);
			return 2;
		}
		if (k == DRV_ARG_ERROR)
			return 2;
	}
	drv_msg("plan: no model given %s", PLAN_USAGE);
	return 2;
}
