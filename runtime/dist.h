// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * dist.h -- hash-distributed search over MPI (HDA*; docs/distributed.md):
 * the transport, the termination detection and the end of a run.  Only
 * in a pan built by `dmc cc --mpi` (-DDMC_MPI, linked with libdmc_mpi.a);
 * the glue's spin-plugin/glue_dist.c knows pan's states, this file knows
 * MPI and nothing of pan.
 *
 * Every rank runs pan.  A state belongs to rank fingerprint % ranks; a
 * successor owned by another rank is appended to a batch for it (one
 * record: bytes the glue packs), and batches go out with MPI_Isend when
 * they are full or the rank runs out of work.  Termination: Safra's
 * token algorithm (each rank counts batches sent minus received and turns
 * black when it receives one; rank 0 sends a token round the ring when
 * idle, and declares termination when it comes back white with a zero
 * sum).  A rank that finds a violation (or stops at a limit) tells every
 * rank to stop.  Trails: a state received from another rank keeps that
 * rank and its parent's id; the violating rank asks for the segments
 * back to the initial state (dmc_dist_segment).
 */
#ifndef DMC_DIST_H
#define DMC_DIST_H

#include <stddef.h>
#include <stdint.h>

typedef struct dmc_run dmc_run;
typedef struct dmc_dist dmc_dist;

/* One rank's share of the search: the results' "ranks" (docs/json.md),
 * gathered into the rank that reports (run_context.h's ranks) */
typedef struct dmc_dist_rank_stats {
	double stored, expanded, generated;
	double records, batches, bytes;   /* sent to the other ranks */
	double memory_mb, peak_rss_mb, cpu_s;
	double idle_s, gate_s;            /* with nothing to expand; at the level gate */
} dmc_dist_rank_stats;

/* What the glue does with what arrives. */
typedef struct dmc_dist_glue {
	/* a state record another rank packed (dmc_dist_reserve) */
	void (*take)(const unsigned char *rec, size_t n, int from);
	/* the steps (2 ints each: pid, transition id) from the start of this
	 * rank's chain to frame id, root first (malloc'd, *n steps), and
	 * where the chain goes on (*rank -1: it starts at the initial state) */
	int *(*segment)(uint64_t id, size_t *n, int *rank, uint64_t *next);
	/* the level of a record: its state's depth (bfs's exact levels) */
	long (*level)(const unsigned char *rec, size_t n);
} dmc_dist_glue;

/* MPI_Init; the ranks and this rank.  NULL with a message on failure. */
dmc_dist *dmc_dist_init(int *argc, char ***argv, const dmc_dist_glue *glue);
int dmc_dist_rank(const dmc_dist *D);
int dmc_dist_size(const dmc_dist *D);
/* The rank that owns a state with this hash: its top 32 bits scaled to
 * [0, size) (a multiplication: a 64-bit division costs a tenth of the
 * packing of a record). */
static inline int dmc_dist_owner(const dmc_dist *D, uint64_t fp, int size)
{
	(void) D;
	return (int) ((fp >> 32) * (uint64_t) size >> 32);
}

/* A record for rank `to`, packed by the glue in place: room for n bytes
 * at the end of the batch for `to` (valid until the next call for that
 * batch), then dmc_dist_reserved once it is filled (the batch goes when
 * it is full). */
void *dmc_dist_reserve(dmc_dist *D, int to, size_t n);
void dmc_dist_reserved(dmc_dist *D, int to);
/* Receive what has arrived (states go to glue->take); every `every`
 * calls only.  Returns 1 when the search must stop. */
int dmc_dist_poll(dmc_dist *D, unsigned every);
/* The rank has nothing to expand: flush its batches and wait for states
 * or the end.  Returns 0 when states arrived (pop again), 1 when the
 * search is over (global termination or a stop). */
int dmc_dist_idle(dmc_dist *D);
/* The level gate of bfs and astar: a rank expands a state of level L
 * (bfs: its depth; astar: f = g + h) only when no other busy rank has
 * expanded only lower levels: the ranks go through the levels together,
 * as one process would, instead of a rank racing ahead on the states it
 * owns and reaching states by longer paths first (which the re-opening
 * then repairs, at the cost of expanding them again, and the open lists
 * of the ranks behind fill up).  Waits (receiving, sending) until the
 * state may be expanded; returns 1 when the search must stop. */
long dmc_dist_level_of(const dmc_run *R, int g);   /* -1: no gate for this search */
int dmc_dist_gate(dmc_dist *D, long level);
/* The search is known (before it starts): bfs runs with exact levels
 * (dist.c's exact_advance), which reach every state first by a shortest
 * path, so --anytime needs no re-opening table -- unless the model has
 * rendezvous (a failed offer re-expands a state of a lower level). */
void dmc_dist_setup(dmc_dist *D, dmc_run *R, int rendezvous);
/* Greedy's guidance: before a pop, wait (receiving) while another rank
 * holds a state of lower h than this rank's best (the next pop's);
 * announces this rank's best when it changed.  Returns 1 when the
 * search must stop. */
int dmc_dist_guide(dmc_dist *D);
/* This rank found a trail of `steps` steps (--anytime): every other
 * rank drops the states that cannot lead to a shorter one (A*'s and
 * bfs's bound; the search then ends when no rank holds a state below
 * it). */
void dmc_dist_bound(dmc_dist *D, long steps);
/* This rank ends its search early: a violation, or a limit (why). */
void dmc_dist_stop(dmc_dist *D, const char *why);
/* Why another rank stopped this one, or NULL. */
const char *dmc_dist_stopped(const dmc_dist *D);

/* The whole trail to `id` (a frame of this rank whose chain starts at
 * another rank's `rank`/`next`, or at the initial state: rank -1): the
 * steps before it, from the ranks that hold them, root first, appended to
 * *steps (2 ints a step, *n steps, *cap allocated). */
int dmc_dist_trail(dmc_dist *D, int rank, uint64_t next, int **steps, size_t *n, size_t *cap);

/* The runtime stopped the search at a limit (why), or NULL. */
const char *dmc_dist_run_stopped(const dmc_run *R);
/* A model or mode the distributed search does not take: exit 2. */
_Noreturn void dmc_dist_refuse(dmc_run *R, const char *msg);

/* The end of the run on every rank: stop the others if this rank found a
 * violation (trail_len >= 0: its length), wait for every rank, sum the
 * statistics into the rank that reports (the shortest violation's, else
 * rank 0).  Returns 1 on the rank that reports, 0 elsewhere (the run then
 * prints nothing). */
int dmc_dist_end(dmc_dist *D, dmc_run *R, long trail_len);
/* Every rank waits for the others. */
void dmc_dist_barrier(dmc_dist *D);
/* The reporting rank's exit status to every rank; MPI_Finalize.  The
 * reporting rank also writes it, as a line, to $DMC_STATUS_FILE when that
 * is set (dmc check --ranks reads it). */
int dmc_dist_finish(dmc_dist *D, int status, int reporter);

#endif
