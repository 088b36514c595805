// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cmd.h -- the driver's commands.  Each takes the arguments after its
 * name and returns dmc's exit status.
 */
#ifndef DRV_CMD_H
#define DRV_CMD_H

#include "env.h"
#include "util.h"

/* drv_cmd_check's answer to -h/--help: the caller prints the usage. */
#define DRV_SHOW_USAGE (-1)

int drv_cmd_check(const drv_env *e, int argc, char **argv);   /* check.c */
/* dmc check, and when the model was translated (frontend.h) *pml the
 * Promela model it checked, newly allocated (its trail is beside it);
 * *pml is left alone otherwise */
int drv_check_translated(const drv_env *e, int argc, char **argv, char **pml);
int drv_cmd_cc(const drv_env *e, int argc, char **argv);      /* cc.c */
/* dmc cc's preparations (the variable accessors beside pan.c, the
 * portable rewrite) and the compiler's command it would run, into *cmd
 * (to be freed): 0, else 2 after a message (cc.c) */
int drv_cc_command(const drv_env *e, int argc, char **argv, drv_strv *cmd);
int drv_cmd_trail(const drv_env *e, int argc, char **argv);   /* msc_check.c */
int drv_cmd_vars(const drv_env *e, int argc, char **argv);    /* accessors.c */
int drv_cmd_model(const drv_env *e, int argc, char **argv);   /* model.c */
int drv_cmd_cache(const drv_env *e, int argc, char **argv);   /* cache_cmd.c */
int drv_cmd_help(const drv_env *e, int argc, char **argv);    /* help.c */

/* Write dmc_vars.h for model (pan.h at panh) to out_path (NULL: standard
 * output): runs `spin -d model` in cwd (NULL: ours).  0 on success, 1 when
 * spin -d failed or the header could not be written (accessors.c). */
int drv_gen_vars(const drv_env *e, const char *cwd, const char *model, const char *panh,
                 const char *out_path);

#endif
