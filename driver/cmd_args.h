// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cmd_args.h -- a command's arguments read by commands.def's table: what
 * options a command has and which take a value is declared there once,
 * so that `dmc COMMAND --help`, the man page and the parser agree.
 *
 *   for (int i = 0; i < argc; i++) {
 *       const char *opt, *v;
 *       switch (drv_command_arg(DRV_CMD_X, argc, argv, &i, &opt, &v)) {
 *       case DRV_ARG_OPTION:  opt is a declared name, v its value or NULL
 *       case DRV_ARG_OPERAND: argv[i]
 *       case DRV_ARG_UNKNOWN: return drv_command_unknown(DRV_CMD_X, argv[i]);
 *       case DRV_ARG_ERROR:   return 2;   (said)
 *       }
 *   }
 *
 * A command's handling of the names it gets ends with
 * drv_command_unhandled, so that an option declared and not handled is
 * an error, not silence (tests/e2e/cli.sh gives every declared option).
 */
#ifndef DRV_CMD_ARGS_H
#define DRV_CMD_ARGS_H

#include "help.h"

enum { DRV_ARG_OPTION, DRV_ARG_OPERAND, DRV_ARG_UNKNOWN, DRV_ARG_ERROR };

/* argv[*i] (*i < argc) as an argument of command id: an option it
 * declares (NAME, NAME V, or NAME=V for a long option: *name the
 * declared name, *value V or NULL for a flag, *i at the last argument
 * used), an operand (no leading '-', or "-" alone), an option it does not
 * declare, or an error after a message (a value missing, or given to a
 * flag). */
int drv_command_arg(drv_cmd_id id, int argc, char **argv, int *i, const char **name,
                    const char **value);

/* "COMMAND: unknown option 'a' ..." said; returns 2. */
int drv_command_unknown(drv_cmd_id id, const char *a);

/* The command's one model: *model set to a, 0; or, when it was set
 * before, "COMMAND: more than one model given" said and 2. */
int drv_command_model(drv_cmd_id id, const char **model, const char *a);

/* An option commands.def declares for id that its parser does not
 * handle (an internal error) said; returns 2. */
int drv_command_unhandled(drv_cmd_id id, const char *name);

#endif
