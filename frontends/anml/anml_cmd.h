// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_cmd.h -- pieces the ANMLite commands share (translate, plan).
 */
#ifndef PROM_ANML_CMD_H
#define PROM_ANML_CMD_H

#include "anml.h"
#include "env.h"

/* dmc translate MODEL.anml (the front end's translate), dmc plan and
 * dmc gen-anml (driver/commands.def): the arguments after the command */
int prom_anml_translate(const drv_env *e, int argc, char **argv);   /* anml_translate.c */
int prom_cmd_plan(const drv_env *e, int argc, char **argv);         /* anml_plan.c */
int prom_cmd_gen_anml(const drv_env *e, int argc, char **argv);     /* anml_gen.c */

/* --horizon's value: 0, or 2 after a message */
int anml_parse_horizon(const char *v, int *h);
/* load MODEL, write its Promela to out_path (NULL: standard output) and,
 * when meta_path is not NULL, its timeline data for htime there (a C
 * header); dmc's exit status (0, or 2 after a message) */
int anml_translate_file(const char *model, const char *out_path, const char *meta_path, int horizon, int lazy);

/* anml_frontend.c: the ANMLite front end (driver/frontend.h) */
extern const struct drv_frontend prom_fe_anml;
/* the translation of m into the cache, *pml and its
 * timeline data *meta beside it (both newly allocated); 0, or 2 after a
 * message */
int anml_write_cached(const anml_model *m, int horizon, int lazy, const char *cache, char **pml, char **meta);
/* the plan in the trail beside pml (spin -t), printed per instance on
 * standard output and re-checked by the validator; 0, or 2 after a
 * message (a plan the validator rejects is an internal error) */
int anml_show_plan(const drv_env *e, const anml_model *m, const char *pml);
/* the plan in the trail beside pml into *p (anml_plan_free); 0, or 2
 * after a message */
int anml_replay_plan(const drv_env *e, const anml_model *m, const char *pml, anml_plan *p);
/* the validator on p: its violations on standard error and their
 * number, or 0 after "validated: ..." on out */
int anml_check_plan(const anml_model *m, const anml_plan *p, FILE *out);

#endif
