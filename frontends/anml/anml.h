// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml.h -- the ANMLite back ends: the Promela writer, plan extraction
 * from a replayed trail, the plan validator and the random generator.
 * The front end (lexer, parser, name resolution) is anml_ast.h.
 */
#ifndef PROM_ANML_H
#define PROM_ANML_H

#include "anml_ast.h"

#include <stdio.h>

#define ANML_DEFAULT_HORIZON 30
#define ANML_MAX_HORIZON 30000
#define ANML_MAX_PML_BYTES ((size_t) 256 << 20)  /* a translation's size */

/* anml_pml.c: the model as Promela on out and, when meta is not NULL,
 * its timeline data for htime as a C header on meta (anml_pml_tdata.c);
 * 0, or -1 with err set (a model the translator cannot handle, e.g. too
 * many combinations, or processes of more than ANML_MAX_PML_BYTES).
 * anml_write_promela: the Promela alone; anml_write_promela_max: with
 * max_bytes instead of ANML_MAX_PML_BYTES (the fuzz harness). */
int anml_write_translation(FILE *out, FILE *meta, const anml_model *m, int horizon, anml_err *err);
/* the same with the encoding chosen: lazy 1 (docs/anmlite.md, "The lazy
 * translation") or 0 (eager, as anml_write_translation) */
int anml_write_translation_enc(FILE *out, FILE *meta, const anml_model *m, int horizon, int lazy, anml_err *err);
/* "lazy" or "eager" (--encoding) as 1 or 0; -1 for anything else */
int anml_encoding(const char *name);
int anml_write_promela(FILE *out, const anml_model *m, int horizon, anml_err *err);
int anml_write_promela_max(FILE *out, const anml_model *m, int horizon, size_t max_bytes, anml_err *err);

/* A plan: per instance, its actions in order. */
typedef struct {
	int act, start, end;
	int params[8];
} anml_step;

typedef struct {
	anml_step *steps;
	int n;
} anml_line;

typedef struct {
	anml_line *lines;    /* one per instance of the model */
	int ninsts;
} anml_plan;

/* anml_schedule.c: the plan from the "@@ANML" lines the Promela model
 * prints during `spin -t`; 0, or -1 with err set. */
int anml_plan_from_replay(const anml_model *m, const char *text, anml_plan *plan, anml_err *err);
void anml_plan_print(FILE *out, const anml_model *m, const anml_plan *plan);
void anml_plan_free(anml_plan *plan);

/* anml_planfile.c: the plan in the IPC's format, "START: (INST.ACTION
 * ARG ...) [DURATION]" a line, ordered by start; read back from text
 * (named file in messages): 0, or -1 with err set (FILE:LINE:COL). */
void anml_plan_write_ipc(FILE *out, const anml_model *m, const anml_plan *plan, int horizon);
int anml_plan_read_ipc(const char *file, const char *text, const anml_model *m, anml_plan *plan,
                       anml_err *err);
/* the latest end of a step */
int anml_plan_makespan(const anml_plan *plan);

/* anml_gantt.c: the plan as an SVG Gantt chart, a row per instance;
 * 0, or -1 when out could not be written */
int anml_plan_gantt(FILE *out, const anml_model *m, const anml_plan *plan, int horizon);

/* anml_validate.c: check a plan against the model's durations,
 * transitions, initial state, goals and constraints, independently of
 * the translator.  Returns the number of violations; each is written
 * (one line) to report when it is not NULL. */
int anml_validate(const anml_model *m, const anml_plan *plan, FILE *report);

/* anml_gen.c: a random model (section 6.2 of the ANMLite paper). */
typedef struct {
	int timelines, actions, transitions, constraints;
	unsigned long seed;
} anml_gen_opts;
/* 0, or -1 with err set for impossible settings */
int anml_generate(FILE *out, const anml_gen_opts *o, anml_err *err);

#endif
