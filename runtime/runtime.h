// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * runtime.h -- what the glue (spin-plugin/glue_*.c) calls in the runtime,
 * and the few glue functions the runtime calls back besides bridge.h.
 */
#ifndef DMC_RUNTIME_H
#define DMC_RUNTIME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct dmc_run dmc_run;       /* run_context.h: the run context */

typedef struct dmc_build_info {
	const char *search;           /* -DDMC_SEARCH default */
	const char *heuristic;        /* -DDMC_HEURISTIC default */
	const char *spin_version;
	const char *model;            /* PanSource */
	size_t state_header;          /* bytes of State before the vector */
	size_t frame_bytes;           /* SPIN's per-queued-state bookkeeping */
	long *pan_maxdepth;           /* pan's -m, which the runtime may raise */
	const char *lua;              /* -DDMC_LUA script, or "" */
	dmc_run **run;                /* set to the run before pan's main runs */
	/* the glue's state: made with the run (dmc_rt_glue; NULL: none; a
	 * NULL result is out of memory), freed by dmc_rt_free */
	void *(*glue_new)(void);
	void (*glue_free)(void *glue);
	const char *preset;           /* -DDMC_PRESET: applied when no option chooses (options.h); NULL or "" none */
} dmc_build_info;

/* Create the run, take the runtime's options off argv, then run pan's
 * main.  Every call below takes the run it handed out. */
int dmc_rt_main(int argc, char **argv, int (*pan_main)(int, char **),
                const dmc_build_info *info);
/* What dmc_rt_main does before pan's main, on a run the caller made
 * (zeroed): the runtime's options off argv, a Lua script's settings, the
 * liveness and POR set-up, pan's depth bound.  0, 1 for --help, or -1
 * with a message (tests/unit/fake_pan.c drives the runtime this way). */
int dmc_rt_setup(dmc_run *R, int *argc, char **argv, const dmc_build_info *info,
                 char *err, size_t errlen);

/* The glue's state (dmc_build_info.glue_new), or NULL. */
void *dmc_rt_glue(const dmc_run *R);
/* The run's partial-order reduction bookkeeping (runtime/por.h), which
 * the glue reports each preselected expansion to. */
struct dmc_por *dmc_rt_por(dmc_run *R);
/* Set the search up, once pan's tables exist (the glue's first hook).
 * 0: search; 1: nothing to search (the run printed what --show-model
 * asks for): end pan with status 0.  Exits 2 on an error. */
int dmc_rt_start(dmc_run *R);
/* 1 when the search needs state identities (A*, weighted A* re-open). */
int dmc_rt_wants_keys(const dmc_run *R);
/* 1 when the search re-opens a state reached again at a smaller g. */
int dmc_rt_reopens(const dmc_run *R);
/* 1 when the search's trails are shortest by depth (bfs, astar) or it
 * re-opens states: a state may then stand for another only from a
 * depth no larger (zone inclusion, spin-plugin/glue_zone.c). */
int dmc_rt_depth_matters(const dmc_run *R);
/* 1 when --por was on the command line (not only a preset's): the glue
 * then keeps reduction on a UPPAAL zone translation, which otherwise goes
 * without it in favour of zone inclusion (spin-plugin/glue_zone.c) */
int dmc_rt_por_given(const dmc_run *R);
/* 0 with --no-zone-inclusion: the glue stores every zone */
int dmc_rt_zone_inclusion(const dmc_run *R);
/* 64-bit fingerprint of a state vector; never 0. */
uint64_t dmc_fingerprint(const void *bytes, size_t n);

/* A successor with depth g and fingerprint key (0 when keys are not
 * wanted) was offered to SPIN's store, which said it is old (nonzero) or
 * new (0).  Returns 1 when the state must be queued (new, or re-opened
 * with a smaller g), else 0. */
int dmc_rt_store(dmc_run *R, uint64_t key, int g, int spin_old);

/* Queue SPIN's saved state `item` (now = that state) at depth g, with the
 * identity key the last dmc_rt_store was given; repush is DMC_PUSH_AGAIN
 * for pan's re-expansion of a state after a failed rendezvous (no store
 * call), DMC_PUSH_CHAIN for a chain state (below; no store call). */
enum { DMC_PUSH_NEW, DMC_PUSH_AGAIN, DMC_PUSH_CHAIN };
void dmc_rt_push(dmc_run *R, void *item, uint64_t key, int g, int repush);
/* Chains of atomic steps (runtime/chains.c): 1 when a successor of the
 * state being expanded that is inside an atomic sequence or a rendezvous
 * handshake may be queued as a chain state -- not offered to SPIN's
 * store nor to dmc_rt_store, pushed with DMC_PUSH_CHAIN. */
int dmc_rt_chain_step(const dmc_run *R);
/* A chain state the glue dropped: a copy of it is queued (counted as
 * generated, not queued). */
void dmc_rt_chain_again(dmc_run *R);
/* The glue cannot queue chain states in this run (why: "off (...)"). */
void dmc_rt_chains_off(dmc_run *R, const char *why);
/* What g counts (runtime/cost.c, --cost).  dmc_rt_cost_moves: 1 when
 * moves (a step from a state inside an atomic sequence or half-way
 * through a rendezvous costs 0, every other step 1), 0 when pan's steps
 * (g is pan's depth).  dmc_rt_step_g: the g of a successor at pan depth
 * `depth` of the state being expanded, whose step is free (1) or not
 * (0); the initial state's (depth 0) is 0.  dmc_rt_expanded_g: the g of
 * the state being expanded.  dmc_rt_cost_steps: the glue cannot count
 * moves in this run (why: "steps (...)").  dmc_rt_trail_moves: the
 * error's trail is g moves long. */
int dmc_rt_cost_moves(const dmc_run *R);
int dmc_rt_step_g(const dmc_run *R, int depth, int free_step);
int dmc_rt_expanded_g(const dmc_run *R);
void dmc_rt_cost_steps(dmc_run *R, const char *why);
void dmc_rt_trail_moves(dmc_run *R, int g);
/* A distributed search (docs/distributed.md): a successor sent to its
 * owner carries the h and plateau count (por.h) of the state whose
 * expansion made it, which dmc_rt_push reads from this rank's expanded
 * state; the owner pushes it with them (between expansions), so the
 * guided reduction sees the same plateaus as one process. */
void dmc_rt_expanded(const dmc_run *R, int *h, unsigned *stall);
void dmc_rt_push_child(dmc_run *R, void *item, uint64_t key, int g, int parent_h, unsigned parent_stall);

/* Pan is about to expand the state now current (restored by the last
 * pop), at depth g. */
void dmc_rt_expanding(dmc_run *R, int g);

/* The next state to expand, or NULL to end the search. */
void *dmc_rt_pop(dmc_run *R);
/* pan's wrapup ends the search with pan_exit(status): the glue calls this
 * first.  Prints the results once and returns the status pan must exit
 * with (report.h says which). */
int dmc_rt_finish(dmc_run *R, int status);

/* pan's report (runtime/banner.c, for spin-plugin/glue_banner.c): the
 * search in words, "NAME (what it is)", when pan's "Breadth-First
 * Search" is not the one (1; 0: it is, buf untouched); and whether the
 * runtime ended the search before its state space was done (a limit,
 * beam search's dropped states), where pan's own search would say
 * "Search not completed". */
int dmc_rt_search_words(const dmc_run *R, char *buf, size_t n);
int dmc_rt_cut_short(const dmc_run *R);

/* --anytime (anytime.h): the search goes on after an error.  pan's
 * error is a trail of `steps` steps: shorter than the best so far?  Then
 * the glue writes it (atomically) and reports it with
 * dmc_rt_anytime_improved, which re-prioritises the search. */
int dmc_rt_anytime(const dmc_run *R);
int dmc_rt_anytime_shorter(const dmc_run *R, long steps);
void dmc_rt_anytime_improved(dmc_run *R, long steps);
/* Another rank of a distributed search found a trail of `steps` steps
 * (docs/distributed.md): from now on this rank drops the states that
 * cannot lead to a shorter one, as if it had found it (but it keeps no
 * trail, so it reports none). */
void dmc_rt_anytime_bound(dmc_run *R, long steps);
/* The heuristic value and depth of the state the next pop expands; 0
 * when they are not known (an empty or alternating open list, a beam,
 * an urgent state): a distributed greedy search compares them with the
 * other ranks' (docs/distributed.md, guidance). */
int dmc_rt_next(const dmc_run *R, int *h, int *g);

/* pan reported an error (its uerror's message, "assertion violated
 * ...", "invalid end state", "acceptance cycle"): the one whose trail
 * the run keeps, the last one written.  The results' `error`. */
void dmc_rt_error_found(dmc_run *R, const char *why);

/* End a run: the states still queued go back to pan (dmc_br_discard),
 * and everything the run owns is freed.  pan itself never calls it (it
 * ends its process); a process that runs several searches does. */
void dmc_rt_free(dmc_run *R);

/* The one out-of-memory policy of pan's process: the runtime or the glue
 * could not allocate `bytes` (0: not known) for `what`.  The run ends
 * as incomplete, "out of memory (what ...)", exit status 3, with the
 * results written as usual (runtime/faults.h); does not return. */
_Noreturn void dmc_rt_out_of_memory(const char *what, size_t bytes);

/* The glue found a model pan's breadth-first code cannot search: the
 * run ends with msg, exit status 2 and no results (as for a bad
 * option); does not return. */
_Noreturn void dmc_rt_refuse(dmc_run *R, const char *msg);

/* ---- callbacks into the glue (besides bridge.h) ---- */
void dmc_br_discard(void *item);     /* drop a queued state never expanded */
double dmc_br_pan_memory(void);      /* bytes pan has allocated */
double dmc_br_hashtable_bytes(void); /* of which SPIN's hash table */
double dmc_br_pan_nstates(void);
int dmc_br_errors(void);
int dmc_br_depth_truncated(void);
const char *dmc_br_trail_name(void);
/* How pan ended (report.c): the phase it was in, whether its search
 * finished (pan's `done`), its -Q time limit in seconds (0: none), and
 * the state vector's size when addproc() stopped because it reached
 * VECTORSZ (else 0). */
enum { DMC_PAN_OPTIONS, DMC_PAN_SEARCH, DMC_PAN_OTHER };   /* OTHER: -d, a replay */
int dmc_br_pan_phase(void);
int dmc_br_search_done(void);
double dmc_br_pan_quota(void);
long dmc_br_vector_overflow(void);
long dmc_br_vectorsz(void);
/* 1 when pan's store may take two states for one (-DHC, -DBITSTATE) */
int dmc_br_lossy_store(void);
/* SPIN's store pan was compiled with; its name ("exact", "collapse",
 * "hc0".."hc4", "bitstate"); its bytes: the hash table or bit array and
 * what pan allocated inside its store calls (the entries) */
enum { DMC_STORE_EXACT, DMC_STORE_COLLAPSE, DMC_STORE_HC, DMC_STORE_BITSTATE };
int dmc_br_store_kind(void);
const char *dmc_br_store_name(void);
double dmc_br_store_bytes(void);

/* ---- liveness (runtime/ndfs.c): nested DFS for -a and -l ---- */

/* 0: safety search; 1: acceptance cycles (-a); 2: non-progress cycles (-l). */
/* Progress: 1 when a line is due (at most one a second); the runtime's
 * line (states, rate, open list, best h, memory, time) to f. */
int dmc_rt_progress_due(const dmc_run *R);
void dmc_rt_progress(const dmc_run *R, FILE *f);

int dmc_rt_live(const dmc_run *R);
/* A successor in now (vector v, n bytes) was offered to SPIN's store,
 * which said old (nonzero) or new; inner: it belongs to the nested
 * search.  Returns 1 when the state must be queued. */
int dmc_rt_live_store(dmc_run *R, const void *v, size_t n, int spin_old, int inner);
/* Partial-order reduction in the nested DFS (ndfs.c): the next queued
 * state comes from candidate process cand expanded alone (pan's
 * preselection), or from a full expansion (-1). */
void dmc_rt_live_origin(dmc_run *R, int cand);
/* The reduction decision the outer search recorded for the state with
 * this vector (without the nested-search bit) and fingerprint: the pid
 * of the process expanded alone, -1 every process, -2 none recorded. */
int dmc_rt_live_choice(dmc_run *R, uint64_t key, const void *v, size_t n);

/* callbacks into the glue for the nested DFS */
int dmc_br_set_cycles(int mode);             /* before pan's main: SPIN's a_cycles; the mode in effect */
int dmc_br_claim_named(const char *name);    /* a never claim / ltl formula has this name */
int dmc_br_live_accepting(void);             /* now is accepting (-a) / committed (-l) */
void *dmc_br_clone_inner(void *item);        /* the nested search's copy of a queued state */
void dmc_br_set_seed(void *item);            /* the state that closes a cycle; NULL: none */
int dmc_br_item_stable(void *item);          /* not inside atomic, not mid-rendezvous */
const void *dmc_br_item_vector(void *item, size_t *n);
int dmc_br_item_proc_state(void *item, int pid);
int dmc_br_hamming_to_seed(void);            /* bytes of now that differ from the seed */
double dmc_br_glue_bytes(void);              /* the glue's tables: claim steps, rendezvous outcomes */
/* A state whose only moves are rendezvous offers, not all resolved yet:
 * the glue hands its record c to the node being expanded (the runtime's
 * top node; c keeps the record it replaces, so a node may hold a chain);
 * when the node's successors are done, the runtime calls
 * dmc_br_live_blocked(c), which queues the stutter successor of every
 * state in the chain whose offers all failed (1 if any) and frees it. */
void *dmc_rt_live_blocked_candidate(dmc_run *R, void *c);   /* returns the record it replaces */
int dmc_br_live_blocked(void *c);

#endif
