// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * help.h -- dmc's commands (commands.def) as a table, and the texts
 * printed from it and from the option tables: the usage, each command's
 * --help, the man page.
 */
#ifndef DRV_HELP_H
#define DRV_HELP_H

#include "env.h"

#include <stdio.h>

typedef enum {
#define DRV_COMMAND(ID, NAME, FUNC, SYNOPSIS, OPTS, HELP) DRV_CMD_##ID,
#define DRV_COMMAND_OPTION(ID, NAME, ARG, HELP)
#include "commands.def"
	DRV_CMD_COUNT
} drv_cmd_id;

typedef struct {
	drv_cmd_id id;
	const char *name;
	int (*run)(const drv_env *e, int argc, char **argv);
	const char *synopsis;
	int opts;                     /* DMC_OPTW_* of options.def's options it takes */
	const char *help;
} drv_command;

extern const drv_command drv_commands[DRV_CMD_COUNT];

/* The command called name, or NULL. */
const drv_command *drv_command_named(const char *name);

/* Whether command c takes option name (its options.def mask or its own
 * list in commands.def). */
int drv_command_takes(const drv_command *c, const char *name);

/* Command c's declaration of option name (its options.def mask, or its
 * own list in commands.def): the declared name, with *takes_value 1 when
 * the option takes a value, 0 for a flag; NULL when c declares no such
 * option.  The commands' parsers ask it (cmd_args.h). */
const char *drv_command_option(const drv_command *c, const char *name, int *takes_value);

/* Whether command c declares option name as one of runtime/options.def
 * (its options.def mask, or a DRV_COMMAND_OPTION line with ARG and HELP
 * NULL): dmc check's own option, which a command that runs dmc check
 * (dmc plan) passes on unless it reads it itself. */
int drv_command_check_option(const drv_command *c, const char *name);

/* dmc's usage: every command, the models, the options of dmc check, the
 * searches and heuristics. */
void drv_usage(FILE *out);
/* One command's: its synopsis and options. */
void drv_command_usage(FILE *out, const drv_command *c);
/* The man page dmc(1) in man(7) markup. */
void drv_man(FILE *out);
/* A bash completion script of the commands, options, searches and
 * heuristics. */
void drv_bash_completion(FILE *out);
/* "dmc (spin-dmc) VERSION" */
void drv_version(FILE *out);

#endif
