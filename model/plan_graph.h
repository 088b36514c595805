// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * plan_graph.h -- the planning graph of an ANMLite translation, which
 * the hplan heuristic (heuristics/h_plan.c) evaluates.
 *
 * Written by the ANMLite front end (frontends/anml/anml_pml_pgraph.c)
 * into the same generated header as the timeline data (timeline_data.h),
 * which defines dmc_plan_graph_meta() returning it.  It is the model at
 * the planning level, not reverse-engineered from the Promela: a node
 * is an action of an instance with its parameter values; an edge a
 * transition the patterns allow; a requirement says that entering (or
 * leaving) a node needs an occurrence of one of a set of nodes first --
 * a term of a constraint whose universal timepoint is that node's start
 * (end), which the constraint needs to have happened.  Variables are
 * named as the Promela model declares them.
 */
#ifndef DMC_PLAN_GRAPH_H
#define DMC_PLAN_GRAPH_H

#define DMC_PLAN_GRAPH_VERSION 1

typedef struct {
	const char *act_var;          /* INST_act */
	int nparams;
	const char *const *param_var; /* INST_p0 ... */
	const char *goals_var;        /* INST_goals with several goals, else NULL */
	int nacts;                    /* INST_act: nacts is null, nacts + 1 none */
	int first_node;               /* nodes of this instance: [first_node, next's) */
	const int *act_base;          /* per action, its first node (params mixed radix) */
	const int *act_radix;         /* per action and parameter (8 each): the type sizes */
} dmc_pg_inst;

typedef struct {
	int inst, act;
} dmc_pg_node;

/* a set of nodes: list[off[k]] .. list[off[k+1]-1] */
typedef struct {
	int n;
	const int *off, *list;
} dmc_pg_sets;

typedef struct {
	int version;                  /* DMC_PLAN_GRAPH_VERSION */
	int never;                    /* a recorded timepoint before it occurs */
	int ninsts;
	const dmc_pg_inst *insts;
	int nnodes;
	const dmc_pg_node *nodes;
	int nedges;
	const int *edge_from, *edge_to;   /* from -1 - i: instance i's start */
	/* requirements: the node (and whether on entering, 0, or leaving, 1),
	 * the recorded timepoint that says it has happened (or NULL), and
	 * the nodes that meet it (set k of req_nodes) */
	int nreqs;
	const int *req_node, *req_leave;
	const char *const *req_var;
	dmc_pg_sets req_nodes;
	/* goals: the instance, its bit in goals_var (-1: one goal), the nodes */
	int ngoals;
	const int *goal_inst, *goal_bit;
	dmc_pg_sets goal_nodes;
} dmc_plan_graph;

/* The model's planning graph; the generated header defines it. */
const dmc_plan_graph *dmc_plan_graph_meta(void);

#endif
