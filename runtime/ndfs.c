// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * ndfs.c -- liveness by nested depth-first search (Courcoubetis, Vardi,
 * Wolper and Yannakakis) over pan's expansion interface.
 *
 * pan expands the state the runtime pops and offers every successor to
 * the store; the runtime keeps
 *   - a DFS stack of nodes, each owning the segment of `kids` (its
 *     successors still to be tried) above its kid_begin: a state is
 *     entered when it is popped, and finished (post-order) when its
 *     segment is empty;
 *   - the outer search's visited set: a state counts as visited when it is
 *     entered, not when pan first generates it (pan's store marks states
 *     at generation, which is a breadth-first notion and would break the
 *     post-order the nested search relies on).  SPIN's exact store says
 *     whether a successor was ever generated; the runtime's table says,
 *     by a 64-bit fingerprint, whether it was entered.  A fingerprint
 *     shared by two states is seen when SPIN calls the second one new: it
 *     is then resolved exactly (the later states keep a copy of their
 *     vector), so the search stays exact.
 * When an accepting state (stable: not inside atomic, not mid-rendezvous)
 * finishes, a nested search starts from a copy of it that carries SPIN's
 * nested-search bit (_a_t & 1): SPIN's store keeps its visited set apart
 * from the outer one, shared by all nested searches as in CVWY.  The
 * glue closes the cycle when a successor equals the seed, and writes the
 * lasso with SPIN's -1:-1:-1 cycle marker.
 *
 * Partial-order reduction (on unless --no-por): both searches explore ONE
 * fixed reduced graph.  The outer search decides each state's expansion
 * once, when it enters it, with the C2cl proviso against its visited set
 * (a candidate process may be expanded alone only if none of its
 * successors was entered before: then every cycle of the reduced graph
 * has a fully expanded state -- the cycle's state entered last), or with
 * --por-proviso stack against its DFS stack (none on the stack: the
 * cycle's first-entered state is on the stack when its predecessor on
 * the cycle is expanded); the decision (the process expanded alone, or every process) is kept in the
 * state's record, and the glue makes the nested search replay it
 * (dmc_rt_live_choice).  pan stores and queues the successors of every
 * candidate it tries before the proviso is known: the successors of the
 * candidates it rejected are dropped here when the expansion ends, so the
 * state's successors are exactly those of its decision.
 *
 * Successors are tried best first (ndfs_guide.c): toward an accepting
 * state in the outer search, toward the seed in the nested one; with
 * --guide none in pan's generation order, which is SPIN's DFS order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ndfs.h"
#include "search.h"
#include "run_context.h"
#include "runtime.h"
#include "bridge.h"
#include "state_table.h"
#include "por.h"
#include "report.h"
#include "faults.h"
#include "grow.h"

enum { K_ACCEPT = 1, K_REPUSH = 2 };
#define ENTERED 1u
#define CLASHED 2u
#define DECIDED 4u                /* the reduction decision is in bits 8.. (choice + 1) */
#define ONSTACK 8u                /* on the outer DFS stack (entered, not finished) */
#define KEY(k) ((const void *) (uintptr_t) (k))

typedef struct kid {
	void *item;                   /* pan's queued state */
	uint64_t key;                 /* outer: fingerprint */
	int h1, h2;                   /* guidance, smaller first */
	unsigned seq;                 /* generation order */
	unsigned flags;               /* K_* */
	int cand;                     /* POR: from the candidate process expanded alone, -1 full */
} kid;

typedef struct node {
	size_t kid_begin;             /* its successors: kids[kid_begin..] */
	void *seed;                   /* nested-search copy (accepting state), or NULL */
	uint64_t key;                 /* outer: its record (stack proviso) by fingerprint, */
	long clash;                   /* ...or clashes[clash] when >= 0; -2 none */
	void *blocked;                /* the glue's record: blocked unless an offer succeeds */
} node;

typedef struct clash {            /* a state whose fingerprint an earlier one has */
	uint64_t key;
	unsigned status;
	size_t n;
	unsigned char *v;
} clash;

/* the nested DFS's part of the run (R->ndfs) */
typedef struct dmc_ndfs {
	dmc_live_stats st;
	kid *kids;
	size_t nkids, kids_cap;
	node *nodes;
	size_t nnodes, nodes_cap;
	int inner;                    /* a nested search runs */
	size_t inner_base;            /* nodes below it are the outer search's */
	int order_top;                /* the top node's successors are to be ordered */
	unsigned seq;
	uint64_t last_key;            /* fingerprint of the state the next push is for */
	dmc_state_table *visited;
	clash *clashes;
	size_t nclash, clash_cap;
	int guide_mode;               /* 0 none, 1 fsm, 2 hamming */
	int next_cand;                /* the next push: dmc_rt_live_origin */
	int last_on_stack;            /* the outer state stored last is on the DFS stack */
	dmc_por *por;                 /* the run's reduction (its decisions are kept here) */
	dmc_guide *guide;             /* the successors' order (ndfs_guide.c) */
	struct {                      /* the expansion pan is doing (the last item popped) */
		int open, inner, repush;
		size_t begin;         /* its successors: kids[begin..] */
		int has_rec;          /* the state's record: */
		uint64_t key;         /* ...by fingerprint, */
		long clash;           /* ...or clashes[clash] when >= 0 */
	} exp_cur;
} dmc_ndfs;

int dmc_rt_live(const dmc_run *R)
{
	return R->opt.cycles;
}

/* pan's -N NAME / -NNAME (not -N<number>): the claim's name, or NULL */
static const char *claim_option(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strncmp(a, "-N", 2) != 0)
			continue;
		if (a[2] >= '0' && a[2] <= '9')
			return NULL;
		if (a[2])
			return a + 2;
		if (i + 1 < argc && argv[i + 1][0] != '-')
			return argv[i + 1];
	}
	return NULL;
}

int dmc_live_check_options(dmc_options *o, int argc, char **argv, char *err, size_t errlen)
{
	const char *claim = claim_option(argc, argv);
	if (claim && !dmc_br_claim_named(claim)) {
		snprintf(err, errlen, "-N %s: the model has no ltl formula or never claim named '%s'",
		         claim, claim);
		return -1;
	}
	if (o->fair && !o->cycles) {
		snprintf(err, errlen, "-f (weak fairness) needs -a or -l");
		return -1;
	}
	if (o->fair) {
		snprintf(err, errlen, "weak fairness (-f) is not supported: the nested DFS would "
		         "need SPIN's fairness counters, which pan -DBFS does not keep "
		         "(check fair cycles with SPIN's own pan -a -f)");
		return -1;
	}
	if (!o->cycles) {
		if (o->por_proviso == DMC_POR_STACK) {
			snprintf(err, errlen, "--por-proviso stack is for the nested DFS of -a and -l "
			         "(safety searches have no DFS stack: c2c or c2cl)");
			return -1;
		}
		return 0;
	}
	if ((o->given & DMC_GIVEN_SEARCH) && strcmp(o->search_name, "dfs") != 0) {
		snprintf(err, errlen, "%s searches by nested DFS: --search %s is for safety properties",
		         o->cycles == 1 ? "-a" : "-l", o->search_name);
		return -1;
	}
	if ((o->given & DMC_GIVEN_HEURISTIC) && strcmp(o->heuristic, "none") != 0) {
		snprintf(err, errlen, "%s orders the nested DFS with --guide (fsm, hamming, none); "
		         "--heuristic %s is for safety properties", o->cycles == 1 ? "-a" : "-l",
		         o->heuristic);
		return -1;
	}
	if (o->lua_file) {
		snprintf(err, errlen, "--lua scripts steer safety searches, not the nested DFS of %s",
		         o->cycles == 1 ? "-a" : "-l");
		return -1;
	}
	if ((o->given & DMC_GIVEN_PROVISO) && o->por_proviso == DMC_POR_C2C) {
		snprintf(err, errlen, "--por-proviso c2c does not preserve cycles: the nested DFS "
		         "of %s reduces with c2cl or stack (or --no-por)", o->cycles == 1 ? "-a" : "-l");
		return -1;
	}
	o->cycles = dmc_br_set_cycles(o->cycles);
	if (o->cycles) {
		o->search_name = "nested-dfs";
		if (!(o->given & DMC_GIVEN_PROVISO))
			o->por_proviso = DMC_POR_C2CL;    /* the liveness proviso (ndfs.c, por.h) */
	} else if (o->por_proviso == DMC_POR_STACK)
		o->por_proviso = DMC_POR_C2C;         /* -a without accept labels: a safety search */
	return 0;
}

/* the stack proviso's Closed: the outer state just stored (the glue asks
 * right after dmc_rt_live_store; the key is not used) is on the stack */
static int stack_open(void *ctx, uint64_t key)
{
	const dmc_ndfs *N = ctx;
	(void) key;
	return !N->last_on_stack;
}

static int guide_mode_of(const char *g)
{
	return strcmp(g, "none") == 0 ? 0 : strcmp(g, "hamming") == 0 ? 2 : 1;
}

void dmc_live_start(dmc_run *R)
{
	dmc_ndfs *N = calloc(1, sizeof *N);
	if (!N)
		dmc_rt_out_of_memory("setting up the nested DFS", sizeof *N);
	R->ndfs = N;
	N->next_cand = -1;
	N->guide_mode = guide_mode_of(R->opt.guide);
	if (R->opt.cycles == 2 && dmc_br_claim_type() >= 0)
		dmc_search_fail(R, "-l with a never claim (or ltl formula): SPIN's -DNP replaces the claim by its "
		     "non-progress claim; compile pan with -DNOCLAIM for -l (dmc check -l does)");
	/* the nested DFS takes SPIN's store's answer as "generated" and
	 * keeps one visited set for all nested searches in it (design.md):
	 * with a compressed or lossy store those answers loop */
	if (dmc_br_store_kind() != DMC_STORE_EXACT)
		dmc_search_fail(R, "-a and -l need SPIN's exact store: pan was built with -DCOLLAPSE, -DHC or "
		                "-DBITSTATE (dmc check --store exact)");
	if (!(N->guide = dmc_guide_new(N->guide_mode, R->opt.cycles)))
		dmc_rt_out_of_memory("setting up the nested DFS", 0);
	N->visited = dmc_st_new(1u << 16);
	DMC_NEED(N->nodes, N->nodes_cap, 1, "nested DFS stack");
	N->nodes[0].kid_begin = 0;       /* the outer search's root: the initial states */
	N->nodes[0].seed = NULL;
	N->nodes[0].clash = -2;
	N->nodes[0].blocked = NULL;
	N->nnodes = 1;
	if (!N->visited)
		dmc_rt_out_of_memory("setting up the nested DFS", 0);
	N->por = R->por;
	if (dmc_por_proviso_kind(R->por) == DMC_POR_STACK)
		dmc_por_set_closed_query(R->por, stack_open, N);
}

const char *dmc_live_guide_note(const dmc_run *R)
{
	switch (guide_mode_of(R->opt.guide)) {
	case 0: return "none (SPIN's DFS order)";
	case 2: return "hamming (outer: claim distance to accept; inner: bytes differing from the seed)";
	default: return "fsm (outer: automaton distance to accept; inner: automaton distance to the seed)";
	}
}

/* The entered flag of a state (its vector v when known), or NULL. */
static unsigned *status(dmc_ndfs *N, uint64_t key, const void *v, size_t n, void *item)
{
	dmc_state_rec *r = dmc_st_find(N->visited, KEY(key));
	if (!r)
		return NULL;
	if (r->closed & CLASHED) {
		if (!v)
			v = dmc_br_item_vector(item, &n);
		for (size_t i = 0; i < N->nclash; i++)
			if (N->clashes[i].key == key && N->clashes[i].n == n && memcmp(N->clashes[i].v, v, n) == 0)
				return &N->clashes[i].status;
	}
	return &r->closed;            /* the first state with this fingerprint */
}

static void add_clash(dmc_ndfs *N, uint64_t key, const void *v, size_t n)
{
	DMC_NEED(N->clashes, N->clash_cap, N->nclash + 1, "nested DFS stack");
	clash *c = &N->clashes[N->nclash];
	c->v = malloc(n);
	if (!c->v)
		dmc_rt_out_of_memory("nested DFS, fingerprint clash", n);
	memcpy(c->v, v, n);
	c->n = n;
	c->key = key;
	c->status = 0;
	N->nclash++;
	N->st.clashes++;
}

int dmc_rt_live_store(dmc_run *R, const void *v, size_t n, int spin_old, int in)
{
	dmc_ndfs *N = R->ndfs;
	R->st.generated++;
	N->last_key = 0;
	if (in) {                     /* SPIN's store is exact for nested states */
		if (!spin_old) {
			N->st.inner_stored++;
			R->st.stored++;
		}
		return !spin_old;
	}
	uint64_t key = dmc_fingerprint(v, n);
	N->last_key = key;
	N->last_on_stack = 0;
	if (!spin_old) {
		int inserted;
		N->st.outer_stored++;
		R->st.stored++;
		dmc_state_rec *r = dmc_st_insert(N->visited, KEY(key), 0, &inserted);
		if (!r)
			dmc_rt_out_of_memory("the nested DFS's state table", 0);
		if (!inserted) {
			r->closed |= CLASHED;
			add_clash(N, key, v, n);
		}
		return 1;
	}
	/* generated before: queued again unless already entered (the DFS
	 * enters it from the deepest node that reaches it) */
	unsigned *st = status(N, key, v, n, NULL);
	N->last_on_stack = st && (*st & ONSTACK);
	return !st || !(*st & ENTERED);
}

void dmc_live_push(dmc_run *R, void *item, int g, int repush)
{
	dmc_ndfs *N = R->ndfs;
	(void) g;
	kid k = { item, repush ? 0 : N->last_key, 0, 0, N->seq++, repush ? K_REPUSH : 0, N->next_cand };
	N->last_key = 0;
	N->next_cand = -1;
	if (!repush) {
		if (!N->inner && dmc_br_item_stable(item) && dmc_br_live_accepting())
			k.flags |= K_ACCEPT;
		if (N->guide_mode)
			k.h1 = N->inner ? dmc_guide_inner(N->guide, &k.h2) : dmc_guide_outer(N->guide);
	}
	DMC_NEED(N->kids, N->kids_cap, N->nkids + 1, "nested DFS stack");
	N->kids[N->nkids++] = k;
	N->order_top = 1;
	if ((double) N->nkids > N->st.pending_peak)
		R->st.open_peak = N->st.pending_peak = (double) N->nkids;
}

/* Ordering: the best successor last (it is taken first). */
static int worse_first(const void *pa, const void *pb)
{
	const kid *a = pa, *b = pb;
	int ra = (a->flags & K_REPUSH) != 0, rb = (b->flags & K_REPUSH) != 0;
	if (ra != rb)
		return ra - rb;
	if (a->h1 != b->h1)
		return a->h1 < b->h1 ? 1 : -1;
	if (a->h2 != b->h2)
		return a->h2 < b->h2 ? 1 : -1;
	return a->seq < b->seq ? 1 : a->seq > b->seq ? -1 : 0;
}

static void push_node(dmc_ndfs *N, size_t kid_begin, void *seed)
{
	DMC_NEED(N->nodes, N->nodes_cap, N->nnodes + 1, "nested DFS stack");
	N->nodes[N->nnodes].kid_begin = kid_begin;
	N->nodes[N->nnodes].seed = seed;
	N->nodes[N->nnodes].clash = -2;
	N->nodes[N->nnodes].blocked = NULL;
	N->nnodes++;
	if ((double) N->nnodes > N->st.stack_peak)
		N->st.stack_peak = (double) N->nnodes;
}

/* The nested search from an accepting state that just finished. */
static void start_inner(dmc_ndfs *N, void *seed)
{
	N->inner = 1;
	N->inner_base = N->nnodes;
	N->st.seeds++;
	dmc_br_set_seed(seed);
	dmc_guide_set_seed(N->guide, seed);
	push_node(N, N->nkids, NULL);       /* its root: the seed's copy is its one successor */
	DMC_NEED(N->kids, N->kids_cap, N->nkids + 1, "nested DFS stack");
	N->kids[N->nkids++] = (kid) { seed, 0, 0, 0, N->seq++, 0, -1 };
}

void dmc_rt_live_origin(dmc_run *R, int cand)
{
	dmc_ndfs *N = R->ndfs;
	N->next_cand = cand;
}

int dmc_rt_live_choice(dmc_run *R, uint64_t key, const void *v, size_t n)
{
	dmc_ndfs *N = R->ndfs;
	unsigned *st = status(N, key, v, n, NULL);
	if (!st || !(*st & DECIDED)) {
		N->st.por_inner_undecided++;
		return -2;
	}
	int choice = (int) (*st >> 8) - 1;
	if (choice >= 0)
		N->st.por_inner_reduced++;
	return choice;
}

/* A state's flags: clashes[clash] when clash >= 0, else the table's
 * record for key (pointers into either move when they grow). */
static unsigned *record_at(dmc_ndfs *N, uint64_t key, long clash)
{
	if (clash >= 0)
		return &N->clashes[clash].status;
	dmc_state_rec *r = dmc_st_find(N->visited, KEY(key));
	return r ? &r->closed : NULL;
}

/* The expansion of the item popped last is over: keep the successors of
 * its reduction decision (an outer state's: the process whose
 * candidacy pan kept, or all), and record that decision. */
static void finish_expansion(dmc_ndfs *N)
{
	N->exp_cur.open = 0;
	if (N->exp_cur.inner)
		return;                   /* the glue replayed the recorded decision */
	int choice = dmc_por_status(N->por, NULL) ? dmc_por_chosen(N->por) : -1;
	size_t w = N->exp_cur.begin;
	for (size_t i = N->exp_cur.begin; i < N->nkids; i++) {
		kid k = N->kids[i];
		if ((k.flags & K_REPUSH) || (choice >= 0 ? k.cand == choice : k.cand < 0))
			N->kids[w++] = k;
		else {
			dmc_br_discard(k.item);
			N->st.por_dropped++;
		}
	}
	N->nkids = w;
	if (N->exp_cur.repush || !N->exp_cur.has_rec)
		return;
	unsigned *st = record_at(N, N->exp_cur.key, N->exp_cur.clash);
	if (st)
		*st = (*st & 0xffu) | DECIDED | ((unsigned) (choice + 1) << 8);
}

/* pan is about to expand k (after its removal from kids); st: its record */
static void begin_expansion(dmc_ndfs *N, const kid *k, unsigned *st)
{
	N->exp_cur.open = 1;
	N->exp_cur.inner = N->inner;
	N->exp_cur.repush = (k->flags & K_REPUSH) != 0;
	N->exp_cur.begin = N->nkids;
	N->exp_cur.has_rec = st != NULL;
	N->exp_cur.key = k->key;
	N->exp_cur.clash = -1;           /* the state's own record: a clash's, or the table's */
	for (size_t i = 0; st && i < N->nclash; i++)
		if (st == &N->clashes[i].status)
			N->exp_cur.clash = (long) i;
}

void *dmc_live_pop(dmc_run *R)
{
	dmc_ndfs *N = R->ndfs;
	if (N->exp_cur.open)
		finish_expansion(N);
	if (N->order_top) {
		size_t b = N->nodes[N->nnodes - 1].kid_begin;
		if (N->nkids - b > 1)
			qsort(N->kids + b, N->nkids - b, sizeof *N->kids, worse_first);
		N->order_top = 0;
	}
	for (;;) {
		node *top = &N->nodes[N->nnodes - 1];
		if (N->nkids > top->kid_begin) {
			kid k = N->kids[--N->nkids];
			/* pan re-expands the state before a failed rendezvous: its
			 * successors join the current node's */
			if (k.flags & K_REPUSH) {
				begin_expansion(N, &k, NULL);
				return k.item;
			}
			unsigned *st = NULL;
			if (!N->inner) {
				st = status(N, k.key, NULL, 0, k.item);
				if (st && (*st & ENTERED)) {
					dmc_br_discard(k.item);
					continue;
				}
				if (st)
					*st |= ENTERED | ONSTACK;
				N->st.outer_expanded++;
			} else
				N->st.inner_expanded++;
			push_node(N, N->nkids, (k.flags & K_ACCEPT) ? dmc_br_clone_inner(k.item) : NULL);
			begin_expansion(N, &k, st);
			if (st) {
				N->nodes[N->nnodes - 1].key = k.key;
				N->nodes[N->nnodes - 1].clash = N->exp_cur.clash;
			}
			R->st.expanded++;
			return k.item;
		}
		if (top->blocked) {           /* its offers are resolved: blocked? */
			void *c = top->blocked;
			top->blocked = NULL;
			if (dmc_br_live_blocked(c))
				continue;     /* the stutter successor is its kid */
		}
		node done = N->nodes[--N->nnodes];  /* finished: all successors tried */
		if (N->inner) {
			if (N->nnodes == N->inner_base) {   /* the nested search failed */
				N->inner = 0;
				dmc_br_set_seed(NULL);
			}
			continue;
		}
		if (done.clash != -2) {   /* off the stack */
			unsigned *st = record_at(N, done.key, done.clash);
			if (st)
				*st &= ~ONSTACK;
		}
		if (N->nnodes == 0)
			return NULL;          /* the outer search is complete */
		if (done.seed)
			start_inner(N, done.seed);
	}
}

void *dmc_rt_live_blocked_candidate(dmc_run *R, void *c)
{
	dmc_ndfs *N = R->ndfs;
	void *prev = N->nodes[N->nnodes - 1].blocked;
	N->nodes[N->nnodes - 1].blocked = c;
	return prev;
}

double dmc_live_bytes(const dmc_run *R)
{
	const dmc_ndfs *N = R->ndfs;
	if (!N)
		return dmc_br_glue_bytes();
	double b = (double) N->kids_cap * sizeof *N->kids + (double) N->nodes_cap * sizeof *N->nodes
	         + (double) N->clash_cap * sizeof *N->clashes + dmc_guide_bytes(N->guide)
	         + dmc_br_glue_bytes();
	if (N->visited)
		b += (double) dmc_st_bytes(N->visited);
	for (size_t i = 0; i < N->nclash; i++)
		b += (double) N->clashes[i].n;
	return b;
}

const dmc_live_stats *dmc_live_get_stats(const dmc_run *R)
{
	static const dmc_live_stats none;
	return R->ndfs ? &R->ndfs->st : &none;
}

void dmc_live_free(dmc_run *R)
{
	dmc_ndfs *N = R->ndfs;
	if (!N)
		return;
	for (size_t i = 0; i < N->nkids; i++)
		dmc_br_discard(N->kids[i].item);
	for (size_t i = 0; i < N->nnodes; i++)
		if (N->nodes[i].seed)
			dmc_br_discard(N->nodes[i].seed);
	for (size_t i = 0; i < N->nclash; i++)
		free(N->clashes[i].v);
	free(N->clashes);
	free(N->kids);
	free(N->nodes);
	dmc_st_free(N->visited);
	dmc_guide_free(N->guide);
	free(N);
	R->ndfs = NULL;
}

static int nested_start(dmc_run *R)
{
	R->heur = dmc_heuristic_find(R->opt.heuristic);
	R->opt.search_name = "nested-dfs";
	R->prune_note = "off (liveness)";
	dmc_live_start(R);
	return 0;
}

static void nested_push(dmc_run *R, void *item, uint64_t key, int g, int repush)
{
	(void) key;                   /* dmc_rt_live_store keeps the identities */
	dmc_live_push(R, item, g, repush);
}

static void *nested_pop(dmc_run *R)
{
	return dmc_search_limit_reached(R) ? NULL : dmc_live_pop(R);
}

const dmc_search_ops dmc_nested_dfs = { nested_start, nested_push, nested_pop, dmc_live_bytes,
                                        dmc_live_free };
