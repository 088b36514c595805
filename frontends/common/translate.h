// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * translate.h -- dmc translate MODEL [-o OUT.pml]: the translator into
 * Promela of the front end that takes the model (driver/frontend.h,
 * frontends.def), e.g.
 *
 *   dmc translate MODEL.xml|MODEL.xta [--query Q | --target 'E<> ...'] [-o OUT.pml]
 *   dmc translate MODEL.anml [-o OUT.pml] [--meta OUT.h] [--horizon H]
 *
 * Each language's own translate (and commands such as dmc plan) is
 * declared in its folder's header (uppaal/uppaal.h, anml/anml_cmd.h).
 */
#ifndef PROM_TRANSLATE_H
#define PROM_TRANSLATE_H

#include "env.h"

/* dmc translate: the translator of the front end that takes the model. */
int prom_cmd_translate(const drv_env *e, int argc, char **argv);   /* translate.c */
/* dmc plan: the planner of the front end that takes the first model. */
int prom_cmd_plan_any(const drv_env *e, int argc, char **argv);    /* plan_cmd.c */

#endif
