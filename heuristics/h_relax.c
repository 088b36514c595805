/*
 * h_relax.c -- hL and hU, the relaxed-planning heuristics of seed 000:
 * build the abstract transition graph (atg.c) of the abstract model
 * (absmodel_build.c) from the current state.  hL is the layer at which a
 * target first holds (admissible); hU the length of an abstract plan
 * extracted backwards from the graph (not admissible, often sharper).
 * Both are infinity when the graph reaches its fixpoint without a
 * target: a proved dead end.
 */
#include <stdio.h>
#include "heuristic.h"
#include "absmodel_build.h"
#include "atg.h"

static dmc_abuild model;
static dmc_atg *graph;
static int deadlocks;                 /* a deadlock may be one step away */

static void relax_done(void)
{
	dmc_atg_free(graph);
	graph = NULL;
	dmc_abuild_free(&model);
}

static int relax_init(const dmc_targets *tg, char *err, size_t errlen)
{
	int located = 0;
	relax_done();                     /* a second init replaces the first */
	for (int i = 0; i < tg->ngoals; i++)
		located += tg->goals[i].nlocs > 0;
	if (!located) {
		snprintf(err, errlen, "hL/hU need target locations (asserts or a never claim); the model has none");
		return -1;
	}
	if (dmc_abuild_make(&model, tg, err, errlen) < 0)
		return -1;
	if (!(graph = dmc_atg_new(&model.m))) {
		dmc_abuild_free(&model);
		snprintf(err, errlen, "out of memory building the abstract transition graph");
		return -1;
	}
	deadlocks = tg->deadlock;
	return 0;
}

static int eval_L(void)
{
	dmc_astate s;
	if (deadlocks)
		return 0;
	dmc_abuild_state(&model, &s);
	return dmc_atg_hL(graph, &s);
}

static int eval_U(void)
{
	dmc_astate s;
	if (deadlocks)
		return 0;
	dmc_abuild_state(&model, &s);
	return dmc_atg_hU(graph, &s);
}

const dmc_heuristic dmc_h_hL = {
	"hL", "relaxed planning: first layer of the abstract transition graph with a target (admissible)",
	1, 1, relax_init, eval_L, relax_done
};

const dmc_heuristic dmc_h_hU = {
	"hU", "relaxed planning: length of an abstract plan extracted from the graph",
	0, 1, relax_init, eval_U, relax_done
};
