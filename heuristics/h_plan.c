// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * h_plan.c -- hplan: the relaxed plan (planning's hFF, over hadd's
 * costs) on the planning graph of an ANMLite model (model/plan_graph.h),
 * which the ANMLite front end writes from the model itself, not from the
 * Promela.
 *
 * A node is an action of a timeline instance with parameter values.  In
 * a state (read through the bridge) each instance's current node costs
 * 0; a node reached by an edge from node f costs
 *
 *   cost(f) + 1 + sum of the requirements of leaving f and entering it,
 *
 * where a requirement (a term of a constraint whose universal timepoint
 * is that start or end: it must have happened first) costs 0 once its
 * recorded timepoint has happened, else the least cost of a node that
 * meets it.  Costs are found by a label-correcting queue (costs()).
 * From each goal not yet
 * completed, its cheapest node, the relaxed plan is followed back along
 * each node's best edge in and its requirements' cheapest nodes to the
 * current nodes; h is the number of nodes on it (each once, so a load
 * two packages need counts once, unlike hadd's sum).  Time, durations,
 * the horizon and the order the constraints ask for are left out: hplan
 * is goal-aware but not admissible, and proves no dead end; it is meant
 * for greedy search (dmc plan's default on ANMLite models).
 *
 * Helpful moves (--preferred, FF's helpful actions): the relaxed plan's
 * nodes entered by an edge from a current node (or from an instance's
 * start).  A move that puts an instance at another node is helpful when
 * that node is one of them; so is an instance's start when the relaxed
 * plan does not start it (every instance starts before the clock
 * ticks), and an instance with goals finishing (its guard says its
 * goals are done).  A move that changes no instance's node (the clock's
 * tick: durative plans need time to pass, and pan's clock ticks only
 * when no instance is due) is helpful, and every move is once h is 0
 * (what is left is finishing and time).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "csr_index.h"
#include "heuristic.h"
#include "plan_graph.h"

#define PINF 0x3fffffff
#define PBIG 1000000      /* a goal the relaxation cannot reach */

typedef struct {
	const dmc_plan_graph *g;
	dmc_var *act, *params, *goals;   /* params: 8 per instance */
	unsigned char *has_goals;
	dmc_var *req_var;
	long *req_idx;                   /* the element, for an array's */
	unsigned char *req_has;
	int *cost, *req_cost, *cur, *done_bits;
	int *in_off, *in_list, *out_off, *out_list;   /* requirements per node: entering, leaving */
	int *eo_off, *eo_list, *ei_off, *ei_list;     /* edges per node: out of it, into it */
	int *mem_off, *mem_list;                      /* per node, the requirements it meets */
	int *queue, *inq;
	int *pred, *req_best, *mark, *stack;   /* the relaxed plan: best edge in, best node */
	int epoch;
	/* --preferred: per node the epoch of the plan it is helpful in; the
	 * expanded state's nodes per instance */
	int *help, help_epoch, *pcur, ph;
	int *start_help;              /* per instance: the epoch of a plan that starts it */
	unsigned char *goal_any;      /* per instance: it has goals */
} hplan;

static void free_hplan(void *self)
{
	hplan *P = self;
	if (!P)
		return;
	free(P->act);
	free(P->params);
	free(P->goals);
	free(P->has_goals);
	free(P->req_var);
	free(P->req_idx);
	free(P->req_has);
	free(P->cost);
	free(P->req_cost);
	free(P->cur);
	free(P->done_bits);
	free(P->in_off);
	free(P->in_list);
	free(P->out_off);
	free(P->out_list);
	free(P->eo_off);
	free(P->eo_list);
	free(P->ei_off);
	free(P->ei_list);
	free(P->mem_off);
	free(P->mem_list);
	free(P->queue);
	free(P->inq);
	free(P->pred);
	free(P->req_best);
	free(P->mark);
	free(P->stack);
	free(P->help);
	free(P->pcur);
	free(P->start_help);
	free(P->goal_any);
	free(P);
}

static int find_var(const char *name, dmc_var *v, char *err, size_t errlen)
{
	if (name && dmc_br_var_find(name, -1, v) == 0 && v->local_type < 0)
		return 0;
	snprintf(err, errlen, "hplan: the planning graph names '%s', which the model does not declare",
	         name ? name : "(null)");
	return -1;
}

/* a recorded timepoint's variable: a global scalar "x" or an array's
 * element "x[3]" (the front end's lifted timepoints, anml_pml_expr.c);
 * 0 when the model declares it */
static int find_elem(const char *name, dmc_var *v, long *idx)
{
	char base[256];
	size_t n = strcspn(name, "[");
	*idx = 0;
	if (n >= sizeof base)
		return -1;
	memcpy(base, name, n);
	base[n] = 0;
	if (name[n] == '[') {
		char *end;
		*idx = strtol(name + n + 1, &end, 10);
		if (end == name + n + 1 || *end != ']' || end[1] != 0)
			return -1;
	}
	if (dmc_br_var_find(base, -1, v) != 0 || v->local_type >= 0 || *idx < 0 || *idx >= v->size)
		return -1;
	return 0;
}

/* requirement lists per node (CSR) for entering (leave 0) or leaving (1) */
static int index_reqs(const dmc_plan_graph *g, int leave, int **off, int **list)
{
	*off = calloc((size_t) g->nnodes + 1, sizeof **off);
	*list = calloc((size_t) g->nreqs + 1, sizeof **list);
	if (!*off || !*list)
		return -1;
	for (int r = 0; r < g->nreqs; r++)
		if (g->req_leave[r] == leave)
			(*off)[g->req_node[r] + 1]++;
	for (int n = 0; n < g->nnodes; n++)
		(*off)[n + 1] += (*off)[n];
	int *fill = calloc((size_t) g->nnodes + 1, sizeof *fill);
	if (!fill)
		return -1;
	for (int r = 0; r < g->nreqs; r++)
		if (g->req_leave[r] == leave) {
			int n = g->req_node[r];
			(*list)[(*off)[n] + fill[n]++] = r;
		}
	free(fill);
	return 0;
}

/* the edge, node and membership indexes eval walks */
static int index_graph(hplan *P)
{
	const dmc_plan_graph *g = P->g;
	int rc = dmc_csr_index(g->nnodes, g->nedges, g->edge_from, &P->eo_off, &P->eo_list)
	         || dmc_csr_index(g->nnodes, g->nedges, g->edge_to, &P->ei_off, &P->ei_list);
	/* membership: the pairs (set member, requirement) */
	int nm = g->req_nodes.off[g->nreqs];
	int *member = calloc((size_t) nm + 1, sizeof *member), *owner = calloc((size_t) nm + 1, sizeof *owner);
	if (rc || !member || !owner) {
		free(member);
		free(owner);
		return -1;
	}
	for (int r = 0; r < g->nreqs; r++)
		for (int k = g->req_nodes.off[r]; k < g->req_nodes.off[r + 1]; k++) {
			member[k] = g->req_nodes.list[k];
			owner[k] = r;
		}
	rc = dmc_csr_index(g->nnodes, nm, member, &P->mem_off, &P->mem_list);
	for (int k = 0; !rc && k < P->mem_off[g->nnodes]; k++)
		P->mem_list[k] = owner[P->mem_list[k]];
	free(member);
	free(owner);
	P->queue = calloc((size_t) g->nnodes + 1, sizeof *P->queue);
	P->inq = calloc((size_t) g->nnodes + 1, sizeof *P->inq);
	P->pred = calloc((size_t) g->nnodes + 1, sizeof *P->pred);
	P->req_best = calloc((size_t) g->nreqs + 1, sizeof *P->req_best);
	P->mark = calloc((size_t) g->nnodes + 1, sizeof *P->mark);
	/* a node is marked when pushed: at most once on the stack */
	P->stack = calloc((size_t) g->nnodes + 1, sizeof *P->stack);
	return rc || !P->queue || !P->inq || !P->pred || !P->req_best || !P->mark || !P->stack ? -1 : 0;
}

const dmc_plan_graph *dmc_plan_graph_meta(void) __attribute__((weak));

static void *create(const dmc_targets *tg, const dmc_heuristic_opts *opts, char *err, size_t errlen)
{
	(void) opts;
	const dmc_plan_graph *g = dmc_plan_graph_meta ? dmc_plan_graph_meta() : NULL;
	if (tg->deadlock || dmc_br_claim_type() >= 0 || !(tg->kinds & DMC_TGT_ASSERT)) {
		snprintf(err, errlen, "hplan: its target is the goal assertion of an ANMLite translation");
		return NULL;
	}
	if (!g) {
		snprintf(err, errlen, "hplan: the model has no planning graph (hplan is for models translated "
		         "from ANMLite by dmc plan or dmc translate --meta; or the model has too many grounded actions)");
		return NULL;
	}
	if (g->version != DMC_PLAN_GRAPH_VERSION || g->ninsts <= 0 || g->nnodes <= 0) {
		snprintf(err, errlen, "hplan: malformed planning graph in the model");
		return NULL;
	}
	if (!dmc_br_has_vars()) {
		snprintf(err, errlen, "hplan needs the model's variable accessors");
		return NULL;
	}
	hplan *P = calloc(1, sizeof *P);
	if (!P)
		goto oom;
	P->g = g;
	P->act = calloc((size_t) g->ninsts, sizeof *P->act);
	P->params = calloc((size_t) g->ninsts * 8, sizeof *P->params);
	P->goals = calloc((size_t) g->ninsts, sizeof *P->goals);
	P->has_goals = calloc((size_t) g->ninsts, 1);
	P->cur = calloc((size_t) g->ninsts, sizeof *P->cur);
	P->done_bits = calloc((size_t) g->ninsts, sizeof *P->done_bits);
	P->req_var = calloc((size_t) g->nreqs + 1, sizeof *P->req_var);
	P->req_idx = calloc((size_t) g->nreqs + 1, sizeof *P->req_idx);
	P->req_has = calloc((size_t) g->nreqs + 1, 1);
	P->req_cost = calloc((size_t) g->nreqs + 1, sizeof *P->req_cost);
	P->cost = calloc((size_t) g->nnodes, sizeof *P->cost);
	P->help = calloc((size_t) g->nnodes, sizeof *P->help);
	P->pcur = calloc((size_t) g->ninsts, sizeof *P->pcur);
	P->start_help = calloc((size_t) g->ninsts, sizeof *P->start_help);
	P->goal_any = calloc((size_t) g->ninsts, 1);
	if (!P->help || !P->pcur || !P->start_help || !P->goal_any || !P->act || !P->params || !P->goals
	    || !P->has_goals || !P->cur || !P->done_bits || !P->req_var || !P->req_idx || !P->req_has || !P->req_cost || !P->cost || index_reqs(g, 0, &P->in_off, &P->in_list)
	    || index_reqs(g, 1, &P->out_off, &P->out_list) || index_graph(P))
		goto oom;
	for (int i = 0; i < g->ninsts; i++) {
		const dmc_pg_inst *in = &g->insts[i];
		if (find_var(in->act_var, &P->act[i], err, errlen) != 0)
			goto fail;
		for (int k = 0; k < in->nparams && k < 8; k++)
			if (find_var(in->param_var[k], &P->params[i * 8 + k], err, errlen) != 0)
				goto fail;
		if (in->goals_var) {
			if (find_var(in->goals_var, &P->goals[i], err, errlen) != 0)
				goto fail;
			P->has_goals[i] = 1;
		}
	}
	for (int q = 0; q < g->ngoals; q++)
		if (g->goal_inst[q] >= 0 && g->goal_inst[q] < g->ninsts)
			P->goal_any[g->goal_inst[q]] = 1;
	/* a recorded timepoint no guard reads is hidden by SPIN (written,
	 * never read): its requirement is then costed from its nodes alone */
	for (int r = 0; r < g->nreqs; r++)
		P->req_has[r] = g->req_var[r] && find_elem(g->req_var[r], &P->req_var[r], &P->req_idx[r]) == 0;
	return P;
oom:
	snprintf(err, errlen, "hplan: out of memory");
fail:
	free_hplan(P);
	return NULL;
}

static long rd(const dmc_state_view *sv, const dmc_var *v)
{
	long x = 0;
	dmc_view_var_read(sv, v, 0, 0, &x);
	return x;
}

static long rd_elem(const dmc_state_view *sv, const dmc_var *v, long idx)
{
	long x = 0;
	dmc_view_var_read(sv, v, 0, idx, &x);
	return x;
}

/* the cost of a node's requirements (PINF if one cannot be met) */
static int reqs_cost(const hplan *P, const int *off, const int *list, int n)
{
	long s = 0;
	for (int k = off[n]; k < off[n + 1]; k++) {
		int c = P->req_cost[list[k]];
		if (c >= PINF)
			return PINF;
		s += c;
	}
	return s >= PINF ? PINF : (int) s;
}

/* a FIFO of nodes whose cost went down (each at most once in it) */
typedef struct {
	hplan *P;
	int head, n, cap;
} fifo;

static void push(fifo *q, int node)
{
	if (q->P->inq[node])
		return;
	q->P->inq[node] = 1;
	q->P->queue[(q->head + q->n++) % q->cap] = node;
}

/* edge e relaxed: cost(from) + leaving it + 1 + entering to */
static void relax(fifo *q, int e)
{
	hplan *P = q->P;
	const dmc_plan_graph *g = P->g;
	int f = P->g->edge_from[e], t = g->edge_to[e];
	long c = 0;
	if (f < 0) {
		if (P->cur[-1 - f] != -1)
			return;
	} else {
		if (P->cost[f] >= PINF)
			return;
		int l = reqs_cost(P, P->out_off, P->out_list, f);
		if (l >= PINF)
			return;
		c = (long) P->cost[f] + l;
	}
	int en = reqs_cost(P, P->in_off, P->in_list, t);
	if (en >= PINF)
		return;
	c += 1 + en;
	if (c < P->cost[t]) {
		P->cost[t] = (int) c;
		P->pred[t] = e;
		push(q, t);
	}
}

/* The costs, label-correcting: a node whose cost goes down relaxes its
 * edges out, and lowers the requirements it meets, whose node then
 * relaxes its edges out (leaving) or in (entering). */
static void costs(hplan *P)
{
	const dmc_plan_graph *g = P->g;
	fifo q = { P, 0, 0, g->nnodes + 1 };
	for (int i = 0; i < g->ninsts; i++)
		if (P->cur[i] >= 0)
			push(&q, P->cur[i]);
	for (int e = 0; e < g->nedges; e++)
		if (g->edge_from[e] < 0)
			relax(&q, e);
	while (q.n > 0) {
		int n = P->queue[q.head];
		q.head = (q.head + 1) % q.cap;
		q.n--;
		P->inq[n] = 0;
		for (int k = P->eo_off[n]; k < P->eo_off[n + 1]; k++)
			relax(&q, P->eo_list[k]);
		for (int k = P->mem_off[n]; k < P->mem_off[n + 1]; k++) {
			int r = P->mem_list[k];
			if (P->cost[n] >= P->req_cost[r])
				continue;
			P->req_cost[r] = P->cost[n];
			P->req_best[r] = n;
			int m = g->req_node[r];
			if (g->req_leave[r])
				for (int x = P->eo_off[m]; x < P->eo_off[m + 1]; x++)
					relax(&q, P->eo_list[x]);
			else
				for (int x = P->ei_off[m]; x < P->ei_off[m + 1]; x++)
					relax(&q, P->ei_list[x]);
		}
	}
}

/* instance i's current node in sv: -2 finished, -1 not started */
static int node_of(const hplan *P, const dmc_state_view *sv, int i)
{
	const dmc_pg_inst *in = &P->g->insts[i];
	int a = (int) rd(sv, &P->act[i]);
	if (a < 0 || a >= in->nacts)
		return a == in->nacts ? -2 : -1;
	int ix = 0, mul = 1;
	for (int k = 0; k < in->nparams && k < 8; k++) {
		int radix = in->act_radix[a * 8 + k];
		int v = (int) rd(sv, &P->params[i * 8 + k]);
		if (v < 0 || v >= radix)
			v = 0;
		ix += v * mul;
		mul *= radix;
	}
	return in->act_base[a] + ix;
}

/* h of sv; with help, the relaxed plan's nodes entered from a current
 * node (or an instance's start) are marked helpful */
static int relaxed_plan(hplan *P, const dmc_state_view *sv, int help)
{
	const dmc_plan_graph *g = P->g;
	for (int n = 0; n < g->nnodes; n++)
		P->cost[n] = PINF;
	for (int i = 0; i < g->ninsts; i++) {
		P->done_bits[i] = P->has_goals[i] ? (int) rd(sv, &P->goals[i]) : 0;
		P->cur[i] = node_of(P, sv, i);
		if (P->cur[i] >= 0)
			P->cost[P->cur[i]] = 0;
	}
	for (int r = 0; r < g->nreqs; r++)
		P->req_cost[r] = P->req_has[r] && rd_elem(sv, &P->req_var[r], P->req_idx[r]) != g->never ? 0 : PINF;
	/* a requirement the current nodes meet costs nothing */
	for (int i = 0; i < g->ninsts; i++)
		if (P->cur[i] >= 0)
			for (int k = P->mem_off[P->cur[i]]; k < P->mem_off[P->cur[i] + 1]; k++)
				P->req_cost[P->mem_list[k]] = 0;
	for (int n = 0; n < g->nnodes; n++)
		P->pred[n] = -1;
	costs(P);
	/* the relaxed plan (as FF's): from each open goal's cheapest node
	 * back along the best edges and the requirements' best nodes; h is
	 * the number of nodes on it not yet reached, each counted once */
	if (++P->epoch == 0x3fffffff) {
		memset(P->mark, 0, (size_t) g->nnodes * sizeof *P->mark);
		P->epoch = 1;
	}
	int sp = 0, unreached = 0;
	long h = 0;
#define PUSH(x) do { int x_ = (x); if (P->mark[x_] != P->epoch) { P->mark[x_] = P->epoch; P->stack[sp++] = x_; } } while (0)
	for (int q = 0; q < g->ngoals; q++) {
		int i = g->goal_inst[q];
		if (P->cur[i] == -2 || (g->goal_bit[q] >= 0 && (P->done_bits[i] >> g->goal_bit[q]) & 1))
			continue;
		int best = PINF, bn = -1;
		for (int k = g->goal_nodes.off[q]; k < g->goal_nodes.off[q + 1]; k++)
			if (P->cost[g->goal_nodes.list[k]] < best) {
				best = P->cost[g->goal_nodes.list[k]];
				bn = g->goal_nodes.list[k];
			}
		if (bn < 0)
			unreached++;
		else
			PUSH(bn);
	}
	while (sp > 0) {
		int n = P->stack[--sp];
		int e = P->pred[n];
		if (P->cost[n] == 0 || e < 0)
			continue;         /* a current node */
		h++;
		int f = g->edge_from[e];
		if (help && (f < 0 || P->cost[f] == 0)) {
			P->help[n] = P->help_epoch;
			if (f < 0)
				P->start_help[-1 - f] = P->help_epoch;
		}
		if (f >= 0)
			PUSH(f);
		const int *offs[2] = { P->in_off, P->out_off }, *lists[2] = { P->in_list, P->out_list };
		int at[2] = { n, f };
		for (int s = 0; s < 2; s++) {
			if (at[s] < 0)
				continue;
			for (int k = offs[s][at[s]]; k < offs[s][at[s] + 1]; k++) {
				int r = lists[s][k];
				if (P->req_cost[r] > 0 && P->req_cost[r] < PINF)
					PUSH(P->req_best[r]);
			}
		}
	}
#undef PUSH
	h += (long) unreached * PBIG;
	return h > PBIG ? PBIG : (int) h;
}

static int eval(void *self, const dmc_state_view *sv)
{
	return relaxed_plan(self, sv, 0);
}

/* ---- helpful moves (--preferred): plan, helpful ---- */

static void plan_of(void *self, const dmc_state_view *sv)
{
	hplan *P = self;
	if (++P->help_epoch == 0x3fffffff) {
		memset(P->help, 0, (size_t) P->g->nnodes * sizeof *P->help);
		memset(P->start_help, 0, (size_t) P->g->ninsts * sizeof *P->start_help);
		P->help_epoch = 1;
	}
	P->ph = relaxed_plan(P, sv, 1);
	memcpy(P->pcur, P->cur, (size_t) P->g->ninsts * sizeof *P->pcur);
}

/* pan's current state is the successor the move made (the search asks
 * as it stores it) */
static int helpful(void *self, int pid, int from, int id)
{
	const hplan *P = self;
	const dmc_state_view *now = dmc_view_now();
	(void) pid;
	(void) from;
	(void) id;
	if (P->ph == 0)
		return 1;
	for (int i = 0; i < P->g->ninsts; i++) {
		int n = node_of(P, now, i);
		if (n == P->pcur[i])
			continue;
		if (n == -2)
			return P->goal_any[i];
		return n >= 0 && (P->help[n] == P->help_epoch
		                  || (P->pcur[i] == -1 && P->start_help[i] != P->help_epoch));
	}
	return 1;
}

const dmc_heuristic dmc_h_plan = {
	.name = "hplan",
	.summary = "ANMLite translations: relaxed plan (FF) on the model's planning graph, its helpful moves for "
	           "--preferred (goal-aware; not admissible)",
	.admissible = 0, .proves_dead_ends = 0,
	.create = create, .eval = eval, .free = free_hplan,
	.plan = plan_of, .helpful = helpful
};
