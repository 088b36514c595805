// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cmd_args.c -- a command's arguments read by the option table of
 * commands.def (cmd_args.h).
 */
#include "cmd_args.h"
#include "util.h"

#include <string.h>

int drv_command_arg(drv_cmd_id id, int argc, char **argv, int *i, const char **name,
                    const char **value)
{
	const drv_command *c = &drv_commands[id];
	const char *a = argv[*i];
	/* only a long option's value may follow '=' (-DX=1 is a compiler's) */
	const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
	char head[64];
	size_t n = eq ? (size_t) (eq - a) : strlen(a);
	int takes = 0;

	*name = *value = NULL;
	if (a[0] != '-' || !a[1])
		return DRV_ARG_OPERAND;
	if (n >= sizeof head)
		return DRV_ARG_UNKNOWN;
	memcpy(head, a, n);
	head[n] = '\0';
	if (!(*name = drv_command_option(c, head, &takes)))
		return DRV_ARG_UNKNOWN;
	if (eq && !takes) {
		drv_msg("%s: %s takes no value (found '%s')", c->name, *name, a);
		return DRV_ARG_ERROR;
	}
	if (eq)
		*value = eq + 1;
	else if (takes) {
		if (*i + 1 >= argc) {
			drv_msg("%s: %s needs a value (dmc %s --help)", c->name, *name, c->name);
			return DRV_ARG_ERROR;
		}
		*value = argv[++*i];
	}
	return DRV_ARG_OPTION;
}

int drv_command_unknown(drv_cmd_id id, const char *a)
{
	drv_msg("%s: unknown option '%s' (dmc %s --help lists its options)", drv_commands[id].name, a,
	        drv_commands[id].name);
	return 2;
}

int drv_command_model(drv_cmd_id id, const char **model, const char *a)
{
	if (*model) {
		drv_msg("%s: more than one model given ('%s', '%s')", drv_commands[id].name, *model, a);
		return 2;
	}
	*model = a;
	return 0;
}

int drv_command_unhandled(drv_cmd_id id, const char *name)
{
	drv_msg("internal error: %s: option %s is declared in driver/commands.def but not handled",
	        drv_commands[id].name, name);
	return 2;
}
