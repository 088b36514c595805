// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * timeline_data.h -- the timeline data of an ANMLite translation, which
 * the htime heuristic (h_time.c) evaluates.
 *
 * The ANMLite front end (frontends/anml/anml_pml_tdata.c) writes it as a
 * generated C header of static tables (`dmc translate MODEL.anml --meta
 * OUT.h`; dmc check and dmc plan put it beside the translation) that
 * defines dmc_timeline_meta() returning them; dmc cc --meta compiles it
 * into pan.  A pan built without it has no timeline data: the runtime
 * declares dmc_timeline_meta weak, so its address is then NULL.
 *
 * The data relaxes the translation (docs/heuristics.md, "htime"):
 * parameters and transition patterns are left out, and so are the
 * constraints htime cannot bound soundly.  Variables are named as the
 * Promela model declares them; htime looks them up when it starts.
 */
#ifndef DMC_TIMELINE_DATA_H
#define DMC_TIMELINE_DATA_H

#define DMC_TIMELINE_VERSION 1

/* an action of a timeline instance */
typedef struct {
	int min, max;                 /* duration; max -1: unbounded */
	int first;                    /* may be the instance's first action */
	int finish;                   /* the instance may finish after it */
	const char *var[2];           /* its recorded start / end time's variable, or NULL */
} dmc_tl_act;

typedef struct {
	int from, to;                 /* action indices */
} dmc_tl_trans;

typedef struct {
	const char *act_var, *end_var;   /* the current action, its end (INST_act, INST_e) */
	int nacts;
	const dmc_tl_act *acts;
	int ntrans;
	const dmc_tl_trans *trans;
	/* several goals: the variable of their bits (bit k: goal k done) and
	 * each goal's action; NULL and 0 otherwise */
	const char *goals_var;
	int ngoals;
	const int *goal_act;
} dmc_tl_inst;

enum { DMC_TL_LT, DMC_TL_LE, DMC_TL_EQ };

/* a term of a ground constraint chain: the constant k, or timepoint
 * (inst, act, point: 0 start, 1 end) + k; filtered: it counts only the
 * occurrences with given arguments */
typedef struct {
	int is_const, k;
	int inst, act, point, filtered;
} dmc_tl_term;

/* t[0] ops[0] t[1] ops[1] ... t[nterms-1]; t[uterm] is the universal
 * timepoint; line: the constraint's line in the ANMLite model */
typedef struct {
	int line, uterm, nterms;
	const dmc_tl_term *t;
	const int *ops;               /* nterms - 1 of DMC_TL_LT, _LE, _EQ */
} dmc_tl_chain;

typedef struct {
	int version;                  /* DMC_TIMELINE_VERSION */
	int horizon;                  /* every action ends by it */
	int never;                    /* a recorded timepoint's value before it occurs */
	int ninsts;
	const dmc_tl_inst *insts;
	int nchains;
	const dmc_tl_chain *chains;
} dmc_timeline;

/* The model's timeline data; the generated header defines it. */
const dmc_timeline *dmc_timeline_meta(void);

#endif
