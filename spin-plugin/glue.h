// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue.h -- the glue's private header: what pan.c defines, the glue's
 * state, and the calls between the glue's files.
 *
 * The glue is the bridge between SPIN's pan and the spin-dmc runtime.
 * Its files (the list: glue_sources.def) are compiled once per model,
 * beside pan.c and with the same -D flags (SPIN's types depend on them):
 *
 *   gcc -DBFS -fplugin=dmc-gcc.so pan.c glue_store.c glue_model.c \
 *       glue_live.c glue_rv.c -ldmc
 *
 * They are the only spin-dmc files that see pan's types:
 *   glue_store.c  main(), and the replacements the plugin (or the
 *                 portable rewrite) routes pan's calls to: the store, the
 *                 queue, trail writing; partial-order reduction's set-up
 *   glue_model.c  runtime/bridge.h: the read-only view of the model the
 *                 search algorithms and heuristics use
 *   glue_live.c   liveness (the runtime's nested DFS), claim steps in
 *                 trails, the stutter step
 *   glue_rv.c     rendezvous offers: when a state whose moves are all
 *                 offers is blocked, as SPIN's DFS sees it
 *   glue_banner.c pan's summary lines that are false for the runtime's
 *                 search, and what is printed instead
 *   glue_memory.c pan's memory zeroed by the system (calloc), not by
 *                 pan's emalloc page by page at start-up
 *   glue_zone.c   zone inclusion for the UPPAAL translation's dense time
 *
 * Their state is one struct dmc_glue, made with the run (runtime.h's
 * dmc_build_info.glue_new) and reached through the run -- the
 * distributed search's too (its member dist, glue_dist.c): the one
 * mutable file-scope variable is the run pointer pan's fixed hook
 * signatures force on the glue (and, in a -DBITSTATE build with pan's
 * FULLSTACK, glue_store.c's lifted_depth, whose address the build
 * information hands the runtime before the run exists).  Every allocation failure ends the run through
 * dmc_rt_out_of_memory (glue_alloc, DMC_NEED).
 */
#ifndef DMC_GLUE_H
#define DMC_GLUE_H

#ifdef SC
	#define _FILE_OFFSET_BITS	64
#endif
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <limits.h>
#include <fcntl.h>
#include <stdint.h>
#include <stddef.h>
#define Offsetof(X, Y)	((ulong)(&(((X *)0)->Y)))
#ifndef max
#define max(a,b) (((a)<(b)) ? (b) : (a))
#endif
#ifndef PRINTF
int Printf(const char *fmt, ...);
#endif
#include "pan.h"

#include "runtime.h"
#include "bridge.h"
#include "por.h"
#include "grow.h"
#include "hash_map.h"

#ifndef BFS
#error "spin-dmc: compile pan.c and the glue with -DBFS (the runtime drives pan's breadth-first engine)"
#endif
#if defined(BFS_PAR) || defined(MA) || defined(TRIX) || defined(BFS_DISK)
#error "spin-dmc: -DBFS_PAR, -DMA, -DTRIX and -DBFS_DISK are not supported: the runtime needs SPIN's hash store (exact, -DCOLLAPSE, -DHC, or -DBITSTATE) and in-memory queue"
#endif
#if defined(BITSTATE) && (defined(HC) || defined(COLLAPSE))
#error "spin-dmc: -DBITSTATE cannot be combined with -DHC or -DCOLLAPSE (pan refuses them too)"
#endif
#if NCORE>1
#error "spin-dmc: -DNCORE is not supported"
#endif

/* ---- what pan.c defines (pan.h declares only part of it) ---- */
extern State now;
extern ulong vsize;
extern Trail *trpt, *ntrpt;
extern short boq;
extern BFS_State *bfs_trail, *bfs_bot, *bfs_free;
extern Trans ***trans;
#if VECTORSZ>32000
extern int *proc_offset, *q_offset;
#else
extern short *proc_offset, *q_offset;
#endif
extern uchar *accpstate[], *progstate[], *stopstate[], *visstate[];
extern char *procname[];
extern int Btypes[];
extern struct { int tp; short *src; } src_all[];
extern double nstates, truncs, memcnt;
extern long maxdepth;
extern int ssize;
extern uchar noasserts, noends, warned;
extern ulong errors;
extern int trcnt;
extern char snap[], fnm[];
extern short q_max[], q_flds[];
extern int a_cycles, upto;
extern uchar every_error;
extern char *TrailFile, *tprefix;
extern long depthfound, depth;
extern void (*uerror)(char *);
extern int done, state_tables;
extern double quota;
#ifdef HAS_CODE
extern int readtrail;
#endif
#ifndef NOREDUCE
extern H_el *Lstate;
#endif
#ifdef BITSTATE
extern int (*b_store)(char *, int);   /* pan's bitstate store: a pointer it sets in main */
#endif
extern int dmc_pan_main(int, char **);   /* pan's main, renamed */
int h_store(char *, int);
void push_bfs(Trail *, int);
Trail *pop_bfs(void);
void freesv(SV_Hold *);
int q_len(int);
int q_zero(int);
void store_state(Trail *, int, short);
BFS_State *get_bfs_frame(void);
SV_Hold *getsv(int);
int endstate(void);
uchar do_transit(Trans *, short);

/* The replacements of pan's calls (spin-plugin/redirects.def). */
int dmc_h_store(char *, int);
void dmc_push_bfs(Trail *, int);
Trail *dmc_pop_bfs(void);
void dmc_store_state(Trail *, int, short);
void dmc_putter(Trail *, int);

/* _a_t bits of the liveness search (glue_live.c) */
#define LIVE_INNER  1             /* a state of the nested search (SPIN's bit) */
#define LIVE_COMMIT 4             /* -l, the non-progress phase */
#define A_T_AT      ((size_t) offsetof(State, _a_t))

/* rendezvous offers' outcomes (glue_rv.c) */
enum { RV_FAIL = 1, RV_TAKEN = 2, RV_SEEN = 3 };

typedef struct dmc_glue {
	/* the store and the queue (glue_store.c) */
	int ready;                    /* POR and the search are set up */
	int pending;                  /* the next push is for a stored state */
	uint64_t pending_key;         /* ...with this fingerprint */
	int pending_chain;            /* ...a chain state (runtime/chains.c): not stored */
	int pending_g;                /* ...its g (runtime/cost.c: pan's depth, or moves) */
	int err_g;                    /* the g of the state an error ends the trail at,
	                               * when it is not the expanded state's step: + 1 */
	struct glue_chain_memo *memo; /* recent chain states (glue_store.c), or NULL */
	int live;                     /* liveness search: 1 -a, 2 -l (glue_live.c) */
	int por_on;                   /* partial-order reduction is on */
	struct glue_zone_index *zones;/* glue_zone.c (models with zones) */
	int por_sel, por_ok;          /* the last store: preselected, proviso */
	int safe_rv_pid;              /* POR: the candidate process that made an offer */
	int claim_steps;              /* safety search with a claim: trails list its steps */
	int in_store;                 /* pan's store_state for a move of the search */
	int in_stutter;               /* the glue's stutter step is being stored */
#ifdef BITSTATE
	int (*pan_b_store)(char *, int);   /* pan's b_store, under the glue's */
#endif
	double store_alloc;           /* bytes pan allocated inside its store calls */
#ifdef DMC_MPI
	/* the distributed search (glue_dist.c) */
	struct {
		struct dmc_dist *ctx;         /* the process's MPI side (runtime/dist.h) */
		int nranks, rank;
		/* the last layout sent to each rank, received from each rank */
		struct glue_dist_layout *sent, *recv;
		int layout_in_globals;        /* the rank whose received layout is in pan's globals, or -1 */
		int keys;                     /* the runtime keeps fingerprints (-1: not asked yet) */
		Trans **trans;                /* transitions by t_id */
		int ntrans;
		long trail_len;               /* steps dmc_putter wrote, -1: none */
		char tprefix[64];             /* pan's trail suffix for this rank (rank > 0) */
	} dist;
#endif

	/* trails (glue_store.c's dmc_putter) */
	Trail *cycle_frame;           /* a lasso's cycle starts after this frame's step */
	Trail *last_frame;            /* the frame of the state pan expands (trpt copies it) */
	Trans *closing_t, *closing_claim;   /* a lasso's last step */
	int closing_pr;
	Trans *claim_trying;          /* store_state's claim move under way, or done
	                               * and its state not yet stored (an error then
	                               * is the claim's: claim_uerror) */
	Trans *claim_taken;           /* the claim's move into the state being stored
	                               * (NULL: none, or a re-push without a store) */

	/* liveness (glue_live.c) */
	uchar *seed_sv;               /* the nested search's seed: vector, size, frame */
	size_t seed_n;
	Trail *seed_frame;
	int last_expanded, last_boq;  /* the state pan expands: expanded, its boq */
	Trail stutter_frame;
	int stutter_claim_from;       /* the claim's state before the stutter step */
	int claim_from;               /* the claim's state in the state pan expands */
	int live_choice;              /* the nested search: the decision to replay */
	uchar *vec;                   /* glue_now_without's copy of now */
	size_t vec_cap;
	dmc_hmap claim_step;          /* Trail * -> the claim's Trans * after it */
	void (*pan_uerror)(char *);   /* pan's uerror, under glue_live.c's */
	void (*any_uerror)(char *);   /* pan's uerror, under --anytime's (glue_store.c) */
	void (*noted_uerror)(char *); /* the uerror under the one that notes the message */

	/* rendezvous offers (glue_rv.c) */
	int cur_real;                 /* the expanded state's moves that are not offers */
	size_t cur_noffer;            /* ...its offers (mid-rendezvous successors) */
	uint64_t *cur_offer;
	size_t cur_offer_cap;
	uint64_t cur_rv;              /* the mid-rendezvous state being expanded */
	dmc_hmap rv;                  /* offer's key -> RV_* (one byte) */
	dmc_hmap waiting;             /* offer's key -> the states waiting for it */
} dmc_glue;

/* The run (glue_store.c): the one pointer pan's fixed hook signatures
 * make the glue keep; every runtime call gets it. */
extern dmc_run *dmc_glue_run;

static inline dmc_glue *glue(void)
{
	return dmc_rt_glue(dmc_glue_run);
}

/* SPIN's store, whichever pan was compiled with (exact, -DCOLLAPSE and
 * -DHC: h_store; -DBITSTATE: pan's b_store): 0 new, else old (2: old and
 * still queued, Q_PROVISO) */
int glue_pan_store(char *v, int n);
/* The g of a successor of the state pan expands (runtime/cost.c): a
 * step inside an atomic sequence or a rendezvous handshake is free. */
int glue_step_g(void);

/* n bytes, or the run ends (out of memory, for what) */
void *glue_alloc(size_t n, const char *what);

/* ---- glue_live.c ---- */
/* the type of the claim that runs (pid 0), or -1 */
int glue_running_claim(void);
/* a copy of now without the _a_t bits in clear; valid until the next call */
const uchar *glue_now_without(uchar clear, size_t *n);
int glue_live_h_store(char *v, int n);
void glue_live_popped(void);
void glue_live_stutter(void);
void glue_live_origin(void);
void glue_stutter_step(void);
void glue_stutter_from(Trail *f);
void glue_claim_pushed(BFS_State *t);
Trans *glue_claim_step_of(Trail *frame);
void glue_claim_uerror_hook(void);

/* ---- glue_zone.c ---- */
/* the state in `now` (vector v of n bytes, at g as the search counts
 * it) has a zone inside a stored state's zone with the same discrete
 * part (then it is not stored); else it is indexed.  Always 0 for
 * models without zones. */
int glue_zone_covered(const char *v, int n, int g);
/* Why partial-order reduction is off on this zone translation (so that
 * zone inclusion is on), or NULL: the model has no zone, the command
 * line asked for --por, or a liveness search. */
const char *glue_zone_por_off(const dmc_por *por);

/* ---- glue_rv.c ---- */
uint64_t glue_rv_fp(void);
int glue_rv_get(uint64_t key);
void glue_rv_set(uint64_t key, int outcome);
int glue_offers_outcome(void);
void glue_rv_count(void);
int glue_rv_requeue(void);
int glue_safe_offer_first(int old);
void glue_safe_popped(Trail *f);
void glue_safe_after_expansion(void);
double glue_rv_bytes(void);

/* ---- glue_dist.c (dmc cc --mpi) ---- */
#ifdef DMC_MPI
void glue_dist_init(dmc_glue *g);
void glue_dist_begin(dmc_glue *g);
void glue_dist_bound(dmc_glue *g, long steps);
int glue_dist_elsewhere(dmc_glue *g, char *v, int n, uint64_t *fp);
void *glue_dist_pop(void);
size_t glue_dist_prefix(Trail *top, int **steps);
/* a frame's parent on this rank: NULL at the root and at a received
 * state (its frame links to the sender's) */
Trail *glue_dist_parent(Trail *f);
_Noreturn void glue_dist_exit(int status);
#endif

#endif
