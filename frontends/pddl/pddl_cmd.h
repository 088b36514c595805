// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pddl_cmd.h -- the PDDL front end's commands and the pieces they share
 * (pddl_frontend.c, pddl_plan.c).
 */
#ifndef PROM_PDDL_CMD_H
#define PROM_PDDL_CMD_H

#include "env.h"
#include "pddl.h"

/* the most ground actions dmc plan translates */
#define PDDL_MAX_ACTIONS 200000

/* the PDDL front end (driver/frontend.h) */
extern const struct drv_frontend prom_fe_pddl;

/* dmc plan DOMAIN.pddl PROBLEM.pddl [options]: the arguments after "plan" */
int pddl_cmd_plan(const drv_env *e, int argc, char **argv);
/* dmc translate DOMAIN.pddl PROBLEM.pddl [-o OUT.pml] */
int pddl_cmd_translate(const drv_env *e, int argc, char **argv);

/* a loaded and grounded problem */
typedef struct {
	pddl_model m;
	pddl_task t;
	double ground_s;         /* the grounding's time */
} pddl_job;

/* files (1 or 2) loaded and grounded into *j, the grounding's figures
 * on info (NULL: none); 0, or 2 after a message (pddl_job_free either way) */
int pddl_job_load(pddl_job *j, const char *const *files, int nfiles, FILE *info);
void pddl_job_free(pddl_job *j);
/* the translation into the build cache $cache/pddl/NAME-HASH/NAME.pml
 * and the grounded task for hff beside it (NAME.meta.h), their paths
 * into *pml and *meta, the translation's size into *bytes (may be
 * NULL); 0, or 2 after a message */
int pddl_write_cached(const pddl_job *j, const char *cache, char **pml, char **meta, size_t *bytes);
/* the plan of the trail beside pml (spin -t) into *p; 0, or 2 after a message */
int pddl_replay_plan(const drv_env *e, const pddl_job *j, const char *pml, pddl_plan *p);
/* the validator on p: "validated: ..." on out and 0, or the violations on
 * standard error and their number */
int pddl_check_plan(const pddl_model *m, const pddl_plan *p, FILE *out);

#endif
