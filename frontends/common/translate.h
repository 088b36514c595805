// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * translate.h -- the translators from other modelling languages into
 * Promela (issues 4 and 5), as commands of the dmc driver; each is a
 * front end (driver/frontend.h, frontends.def).
 *
 *   dmc translate MODEL.xml|MODEL.xta [--query Q | --target 'E<> ...'] [-o OUT.pml]
 *   dmc translate MODEL.anml [-o OUT.pml] [--meta OUT.h] [--horizon H]
 *   dmc plan MODEL.anml [--search S] [--heuristic H]
 *   dmc gen-anml -T timelines -A actions -R transitions -C constraints --seed N
 *
 * Each takes the arguments after its name and returns dmc's exit status.
 */
#ifndef PROM_TRANSLATE_H
#define PROM_TRANSLATE_H

#include "env.h"

/* dmc translate: the translator of the front end that takes the model. */
int prom_cmd_translate(const drv_env *e, int argc, char **argv);   /* translate.c */

int prom_uppaal_translate(const drv_env *e, int argc, char **argv); /* uppaal*.c */
/* translate MODEL (.xml/.xta) into out_path; the query from query_file,
 * else the target text ('E<> ...'), else the model's first query.
 * Messages name the model's file and line; returns 0 or 2. */
int prom_uppaal_to_file(const char *model, const char *query_file, const char *target,
			const char *out_path, int quiet);
int prom_anml_translate(const drv_env *e, int argc, char **argv);   /* anml*.c */
int prom_cmd_plan(const drv_env *e, int argc, char **argv);         /* anml*.c */
int prom_cmd_gen_anml(const drv_env *e, int argc, char **argv);     /* anml*.c */

#endif
