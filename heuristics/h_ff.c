// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_ff.c -- hff: FF's relaxed plan on the grounded task of a PDDL
 * translation (model/pddl_task.h), which the PDDL front end writes from
 * the grounding itself, not from the Promela; and its helpful actions
 * for --preferred.
 *
 * A state's facts are the bits of the Promela array the tables name
 * (before the process's first step, which sets them, the initial state's
 * are used).  Deletes are ignored -- except that a formula reading a fact
 * false reads the literal "fact false", which holds when the fact is
 * false now and which the action deleting the fact makes true -- and
 * hadd's costs are found by a Dijkstra-like sweep over the and/or nodes
 * of the formulas in negation normal form (an and costs the sum of its
 * kids, an or its cheapest kid, a literal 0 when it holds now, else the
 * least of 1 + its achievers' preconditions).  From the goal the relaxed
 * plan is followed back, an or along its cheapest kid, a literal along
 * its cheapest achiever; h is the number of distinct ground actions on
 * it (FF's hFF).  The relaxation over-approximates what a plan can
 * reach, so a goal it cannot reach is a proved dead end (DMC_H_INF).
 * Not admissible: meant for greedy search (dmc plan's default on PDDL).
 *
 * Helpful actions (FF's; Fast Downward's preferred operators): the
 * relaxed plan's actions whose precondition holds in the state.  Each
 * ground action is one d_step of the Promela's loop; pan's transition is
 * matched to it by the d_step's source line, which pan's name for it
 * says ("D_STEP37") and the tables give for each action.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "csr_index.h"
#include "heuristic.h"
#include "pddl_task.h"
#include "runtime.h"

#define FF_INF 0x3fffffff

typedef struct {
	int cost, ref;
} hitem;

typedef struct {
	const dmc_pddl_task *T;
	int nlits, nrefs;             /* literals: 2 * nfacts; refs: literals and nodes */
	dmc_var fvar;
	int type, start;              /* the proctype that sets the facts, its start state */
	/* per reference: the nodes it is a kid of, the ops it is the precondition of */
	int *par_off, *par_list, *use_off, *use_list;
	int *free_ops, nfree;         /* ops whose precondition is true */
	/* per evaluation */
	int *cost, *left, *best, *closed;   /* best: a literal's op, an or's kid */
	long *sum;
	hitem *heap;
	int nheap, capheap;
	dmc_var *vs;                  /* the facts' reads: the array, element by element */
	int *pid_of, *mark, *stack;
	long *idx, *val;
	unsigned char *ok;
	int epoch;
	int *inplan, *plan;           /* the relaxed plan's actions (inplan: per action, the epoch) */
	/* helpful actions: per action the epoch of the plan it is helpful in */
	int *help, help_epoch;
	int *act_of_id, nids;         /* pan's transition id -> ground action, -1 */
} hff;

static void free_hff(void *self)
{
	hff *H = self;
	if (!H)
		return;
	free(H->par_off);
	free(H->par_list);
	free(H->use_off);
	free(H->use_list);
	free(H->free_ops);
	free(H->cost);
	free(H->left);
	free(H->best);
	free(H->closed);
	free(H->sum);
	free(H->heap);
	free(H->vs);
	free(H->inplan);
	free(H->plan);
	free(H->pid_of);
	free(H->idx);
	free(H->mark);
	free(H->stack);
	free(H->val);
	free(H->ok);
	free(H->help);
	free(H->act_of_id);
	free(H);
}

static int valid_ref(const hff *H, int r)
{
	return r >= -1 && r < H->nrefs;
}

/* the tables' references in range (they come from a generated header) */
static int check_tables(const hff *H)
{
	const dmc_pddl_task *T = H->T;
	for (int k = 0; k < T->nnodes; k++)
		if (T->node_off[k] < 0 || T->node_off[k] > T->node_off[k + 1])
			return -1;
	for (int i = 0; i < T->node_off[T->nnodes]; i++)
		if (T->node_kids[i] < 0 || T->node_kids[i] >= H->nrefs)
			return -1;
	for (int a = 0; a < T->nacts; a++)
		if (!valid_ref(H, T->act_pre[a]))
			return -1;
	for (int o = 0; o < T->nops; o++)
		if (T->op_act[o] < 0 || T->op_act[o] >= T->nacts || !valid_ref(H, T->op_pre[o]) || T->op_lit[o] < 0
		    || T->op_lit[o] >= H->nlits)
			return -1;
	return valid_ref(H, H->T->goal) ? 0 : -1;
}

/* pan's transitions of the loop matched to the ground actions by line */
static int map_transitions(hff *H)
{
	const dmc_pddl_task *T = H->T;
	int maxline = 0;
	for (int a = 0; a < T->nacts; a++)
		if (T->act_line[a] > maxline)
			maxline = T->act_line[a];
	int *act_at = malloc(((size_t) maxline + 1) * sizeof *act_at);
	if (!act_at)
		return -1;
	for (int l = 0; l <= maxline; l++)
		act_at[l] = -1;
	for (int a = 0; a < T->nacts; a++)
		if (T->act_line[a] > 0)
			act_at[T->act_line[a]] = a;
	int ns = dmc_br_nstates(H->type);
	H->nids = 0;
	for (int s = 0; s < ns; s++)
		for (int k = 0; k < dmc_br_ntrans(H->type, s); k++) {
			dmc_trans tr;
			dmc_br_trans(H->type, s, k, &tr);
			if (tr.id + 1 > H->nids)
				H->nids = tr.id + 1;
		}
	H->act_of_id = malloc(((size_t) H->nids + 1) * sizeof *H->act_of_id);
	if (!H->act_of_id) {
		free(act_at);
		return -1;
	}
	for (int i = 0; i < H->nids; i++)
		H->act_of_id[i] = -1;
	for (int s = 0; s < ns; s++)
		for (int k = 0; k < dmc_br_ntrans(H->type, s); k++) {
			dmc_trans tr;
			dmc_br_trans(H->type, s, k, &tr);
			/* pan names a d_step by its source line (the transition's own
			 * line is the loop's) */
			int line = 0;
			if (tr.id >= 0 && (tr.atomic & DMC_TR_DSTEP) && tr.text && sscanf(tr.text, "D_STEP%d", &line) == 1
			    && line > 0 && line <= maxline)
				H->act_of_id[tr.id] = act_at[line];
		}
	free(act_at);
	return 0;
}

/* weak: a pan built without the generated header has no task */
const dmc_pddl_task *dmc_pddl_task_meta(void) __attribute__((weak));

static void *create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	(void) opts;
	const dmc_pddl_task *T = dmc_pddl_task_meta ? dmc_pddl_task_meta() : NULL;
	if (tg->deadlock || dmc_br_claim_type() >= 0 || !(tg->kinds & DMC_TGT_ASSERT)) {
		snprintf(err, errlen, "hff: its target is the goal assertion of a PDDL translation");
		return NULL;
	}
	if (!T) {
		snprintf(err, errlen, "hff: the model has no grounded PDDL task (hff is for models translated "
		         "from PDDL by dmc plan, dmc check FILE.pddl, or dmc translate --meta)");
		return NULL;
	}
	if (T->version != DMC_PDDL_TASK_VERSION || T->nfacts < 0 || T->nnodes < 0 || T->nacts < 0 || T->nops < 0) {
		snprintf(err, errlen, "hff: malformed PDDL task in the model");
		return NULL;
	}
	if (!dmc_br_has_vars()) {
		snprintf(err, errlen, "hff needs the model's variable accessors");
		return NULL;
	}
	hff *H = calloc(1, sizeof *H);
	if (!H)
		goto oom;
	H->T = T;
	H->nlits = 2 * T->nfacts;
	H->nrefs = H->nlits + T->nnodes;
	if (check_tables(H) != 0) {
		snprintf(err, errlen, "hff: malformed PDDL task in the model");
		goto fail;
	}
	H->type = -1;
	for (int t = 0; t < dmc_br_ntypes(); t++)
		if (strcmp(dmc_br_type_name(t), T->proc) == 0)
			H->type = t;
	if (H->type < 0 || (T->nfacts > 0 && (dmc_br_var_find(T->fact_var, -1, &H->fvar) != 0
	                                       || H->fvar.local_type >= 0 || H->fvar.size < T->nfacts))) {
		snprintf(err, errlen, "hff: the model does not declare the PDDL task's process '%s' and facts '%s[%d]'",
		         T->proc, T->fact_var, T->nfacts);
		goto fail;
	}
	H->start = dmc_br_start_state(H->type);
	/* who uses each reference */
	int nk = T->node_off[T->nnodes];
	int *owner = malloc(((size_t) nk + 1) * sizeof *owner);
	if (!owner)
		goto oom;
	for (int k = 0; k < T->nnodes; k++)
		for (int i = T->node_off[k]; i < T->node_off[k + 1]; i++)
			owner[i] = k;
	int rc = dmc_csr_index(H->nrefs, nk, T->node_kids, &H->par_off, &H->par_list);
	for (int i = 0; rc == 0 && i < nk; i++)
		H->par_list[i] = owner[H->par_list[i]];
	free(owner);
	if (rc != 0 || dmc_csr_index(H->nrefs, T->nops, T->op_pre, &H->use_off, &H->use_list) != 0)
		goto oom;
	H->free_ops = malloc(((size_t) T->nops + 1) * sizeof *H->free_ops);
	H->cost = malloc(((size_t) H->nrefs + 1) * sizeof *H->cost);
	H->left = malloc(((size_t) T->nnodes + 1) * sizeof *H->left);
	H->sum = malloc(((size_t) T->nnodes + 1) * sizeof *H->sum);
	H->best = malloc(((size_t) H->nrefs + 1) * sizeof *H->best);
	H->closed = calloc((size_t) H->nrefs + 1, sizeof *H->closed);
	H->mark = calloc((size_t) H->nrefs + 1, sizeof *H->mark);
	H->stack = malloc(((size_t) H->nrefs + 1) * sizeof *H->stack);
	H->help = calloc((size_t) T->nacts + 1, sizeof *H->help);
	H->inplan = calloc((size_t) T->nacts + 1, sizeof *H->inplan);
	H->plan = malloc(((size_t) T->nacts + 1) * sizeof *H->plan);
	H->vs = malloc(((size_t) T->nfacts + 1) * sizeof *H->vs);
	H->pid_of = calloc((size_t) T->nfacts + 1, sizeof *H->pid_of);
	H->idx = malloc(((size_t) T->nfacts + 1) * sizeof *H->idx);
	H->val = malloc(((size_t) T->nfacts + 1) * sizeof *H->val);
	H->ok = malloc((size_t) T->nfacts + 1);
	H->capheap = 64;
	H->heap = malloc((size_t) H->capheap * sizeof *H->heap);
	if (!H->free_ops || !H->cost || !H->left || !H->sum || !H->best || !H->closed || !H->mark || !H->stack
	    || !H->help || !H->inplan || !H->plan || !H->vs || !H->pid_of || !H->idx || !H->val || !H->ok
	    || !H->heap || map_transitions(H) != 0)
		goto oom;
	for (int o = 0; o < T->nops; o++)
		if (T->op_pre[o] < 0)
			H->free_ops[H->nfree++] = o;
	for (int f = 0; f < T->nfacts; f++) {
		H->idx[f] = f;
		H->vs[f] = H->fvar;
	}
	return H;
oom:
	snprintf(err, errlen, "hff: out of memory");
fail:
	free_hff(H);
	return NULL;
}

/* ---- the queue: a binary heap of (cost, reference), stale entries skipped ---- */
static void heap_push(hff *H, int cost, int ref)
{
	if (H->nheap == H->capheap) {
		hitem *h = realloc(H->heap, (size_t) H->capheap * 2 * sizeof *h);
		if (!h)
			dmc_rt_out_of_memory("hff's queue", 0);
		H->heap = h;
		H->capheap *= 2;
	}
	int i = H->nheap++;
	while (i > 0 && H->heap[(i - 1) / 2].cost > cost) {
		H->heap[i] = H->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	H->heap[i] = (hitem) { cost, ref };
}

static hitem heap_pop(hff *H)
{
	hitem top = H->heap[0], last = H->heap[--H->nheap];
	int i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= H->nheap)
			break;
		if (c + 1 < H->nheap && H->heap[c + 1].cost < H->heap[c].cost)
			c++;
		if (H->heap[c].cost >= last.cost)
			break;
		H->heap[i] = H->heap[c];
		i = c;
	}
	if (H->nheap > 0)
		H->heap[i] = last;
	return top;
}

static void lower(hff *H, int ref, int cost, int best)
{
	if (cost < H->cost[ref]) {
		H->cost[ref] = cost;
		H->best[ref] = best;
		heap_push(H, cost, ref);
	}
}

/* op o fired at cost c of its precondition */
static void fire(hff *H, int o, int c)
{
	int n = c + 1 < FF_INF ? c + 1 : FF_INF - 1;
	lower(H, H->T->op_lit[o], n, o);
}

/* hadd's costs from the state's facts, up to the goal's */
static void costs(hff *H, const dmc_state_view *sv)
{
	const dmc_pddl_task *T = H->T;
	int N = T->nfacts, pid = -1;
	for (int p = 0; p < dmc_view_nprocs(sv); p++)
		if (dmc_view_proc_type(sv, p) == H->type)
			pid = p;
	int initial = pid < 0 || dmc_view_proc_state(sv, pid) == H->start;
	if (N > 0 && !initial)
		dmc_view_vars_read(sv, N, H->vs, H->pid_of, H->idx, H->val, H->ok);
	for (int r = 0; r < H->nrefs; r++)
		H->cost[r] = FF_INF;
	for (int k = 0; k < T->nnodes; k++) {
		H->left[k] = T->node_off[k + 1] - T->node_off[k];
		H->sum[k] = 0;
	}
	if (++H->epoch == 0x3fffffff) {
		memset(H->closed, 0, (size_t) H->nrefs * sizeof *H->closed);
		memset(H->mark, 0, (size_t) H->nrefs * sizeof *H->mark);
		H->epoch = 1;
	}
	H->nheap = 0;
	for (int f = 0; f < N; f++) {
		if (!initial && !H->ok[f]) {
			lower(H, f, 0, -1);       /* not read: either, never a dead end by it */
			lower(H, N + f, 0, -1);
			continue;
		}
		int on = initial ? T->init[f] != 0 : H->val[f] != 0;
		lower(H, on ? f : N + f, 0, -1);
	}
	for (int i = 0; i < H->nfree; i++)
		fire(H, H->free_ops[i], 0);
	while (H->nheap > 0) {
		hitem it = heap_pop(H);
		int r = it.ref;
		if (H->closed[r] == H->epoch || it.cost > H->cost[r])
			continue;
		H->closed[r] = H->epoch;
		if (r == T->goal)
			break;                /* what the relaxed plan needs is final */
		for (int i = H->par_off[r]; i < H->par_off[r + 1]; i++) {
			int k = H->par_list[i], node = H->nlits + k;
			if (T->node_or[k])
				lower(H, node, it.cost, r);
			else {
				H->sum[k] += it.cost;
				if (--H->left[k] == 0)
					lower(H, node, H->sum[k] < FF_INF ? (int) H->sum[k] : FF_INF - 1, -1);
			}
		}
		for (int i = H->use_off[r]; i < H->use_off[r + 1]; i++)
			fire(H, H->use_list[i], it.cost);
	}
}

static void push_ref(hff *H, int r, int *sp)
{
	if (H->mark[r] != H->epoch) {
		H->mark[r] = H->epoch;
		H->stack[(*sp)++] = r;
	}
}

/* the relaxed plan from the goal back (H->cost set): its distinct
 * actions into H->plan, their number returned */
static int relaxed_plan(hff *H)
{
	const dmc_pddl_task *T = H->T;
	int sp = 0, n = 0;
	if (T->goal < 0)
		return 0;
	push_ref(H, T->goal, &sp);
	while (sp > 0) {
		int r = H->stack[--sp];
		if (H->cost[r] == 0)
			continue;
		if (r < H->nlits) {
			int o = H->best[r], a = T->op_act[o];
			if (H->inplan[a] != H->epoch) {
				H->inplan[a] = H->epoch;
				H->plan[n++] = a;
			}
			if (T->op_pre[o] >= 0)
				push_ref(H, T->op_pre[o], &sp);
			continue;
		}
		int k = r - H->nlits;
		if (T->node_or[k])
			push_ref(H, H->best[r], &sp);
		else
			for (int i = T->node_off[k]; i < T->node_off[k + 1]; i++)
				push_ref(H, T->node_kids[i], &sp);
	}
	return n;
}

static int eval(void *self, const dmc_state_view *sv)
{
	hff *H = self;
	costs(H, sv);
	int g = H->T->goal;
	if (g >= 0 && H->cost[g] >= FF_INF)
		return DMC_H_INF;
	return relaxed_plan(H);
}

/* ---- helpful actions (--preferred): plan, helpful ---- */

/* the relaxed plan's actions applicable in sv: a precondition that
 * holds costs 0, and every reference of cost 0 is final before the
 * goal's (of a larger cost: else the plan is empty) */
static void plan_of(void *self, const dmc_state_view *sv)
{
	hff *H = self;
	const dmc_pddl_task *T = H->T;
	if (++H->help_epoch == 0x3fffffff) {
		memset(H->help, 0, (size_t) T->nacts * sizeof *H->help);
		H->help_epoch = 1;
	}
	costs(H, sv);
	if (T->goal >= 0 && H->cost[T->goal] >= FF_INF)
		return;
	int n = relaxed_plan(H);
	for (int i = 0; i < n; i++) {
		int a = H->plan[i], p = T->act_pre[a];
		if (p < 0 || H->cost[p] == 0)
			H->help[a] = H->help_epoch;
	}
}

static int helpful(void *self, int pid, int from, int id)
{
	const hff *H = self;
	(void) pid;
	(void) from;
	if (id < 0 || id >= H->nids)
		return 0;
	int a = H->act_of_id[id];
	return a >= 0 && H->help[a] == H->help_epoch;
}

const dmc_heuristic dmc_h_ff = {
	.name = "hff",
	.summary = "PDDL translations: FF's relaxed plan on the grounded task, its helpful actions for "
	           "--preferred (not admissible)",
	.admissible = 0, .proves_dead_ends = 1,
	.create = create, .eval = eval, .free = free_hff,
	.plan = plan_of, .helpful = helpful
};
