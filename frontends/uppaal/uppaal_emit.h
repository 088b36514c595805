// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_emit.h -- state shared by the Promela writer's files
 * (uppaal_emit.c: the model; uppaal_emit_expr.c: expressions).
 */
#ifndef PROM_UPPAAL_EMIT_H
#define PROM_UPPAAL_EMIT_H

#include "uppaal.h"

typedef struct {
	up_net *n;
	FILE *out;
	const char *file;       /* for messages */
	up_vec subst;           /* pairs (up_var*, up_expr*): values to print instead */
	int in_func;            /* inside an inlined function body */
	int ntemp, maxtemp;     /* dmc_argK: value arguments of void functions */
	up_vec locs;            /* up_var*: functions' locals in use (dmc_locK, dmc_locK_N
				 * for an array of N) */
	up_vec locdecl;         /* up_var*: one per Promela name the locals used */
	long unrolled;          /* for-loop bodies emitted so far (UP_MAX_UNROLLED) */
	FILE *body;             /* the processes' text being written (its size is bounded) */
	int zone;               /* clocks are a zone: a clock comparison is 1 in the
				 * Promela, its zone test a c_expr (uppaal_zone.c) */
} up_emit_st;

/* nested for loops multiply: 12 loops of 4 values are 16 million copies
 * of the body, so the copies of the whole translation are bounded */
#define UP_MAX_UNROLLED 100000L

/* the most Promela a translation may write: synchronisations with many
 * partners (broadcasts, urgent channels) and functions calling functions
 * can multiply the text */
#define UP_MAX_PROMELA (32L << 20)
/* an error at file:line:col when the text written so far is too large */
void up_check_size(up_emit_st *s, const char *file, int line, int col);

void up_emit_expr_st(up_emit_st *s, up_inst *in, const up_expr *e);  /* NULL: 1 */
void up_emit_update(up_emit_st *s, up_inst *in, const up_expr *e);
/* a function with a body beyond `return e;` (uppaal_func.c): its value
 * as Promela text on s->out, its arguments bound in in */
void up_func_value(up_emit_st *s, up_inst *in, const up_func *f);
/* a function's local variable d as dmc_locK, bound in in (void functions) */
up_var *up_local_slot(up_emit_st *s, up_inst *in, const up_var *d);
/* the element number (row-major, from 0) a[i][j]... names in its array */
void up_emit_flat_index(up_emit_st *s, up_inst *in, const up_expr *e);

#endif
