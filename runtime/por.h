// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * por.h -- partial-order reduction for every search: the proviso, decided
 * against the runtime's open and closed sets.
 *
 * The ample sets themselves are SPIN's.  pan compiled without -DNOREDUCE
 * marks, per control state, whether all of a process's transitions there
 * are "safe" (they touch only the process's own variables, or a channel
 * it owns exclusively per xr/xs, under q_cond; no atomic sequence, remote
 * reference or assert is safe).  At each expansion pan's bfs() tries those
 * processes one at a time, highest pid first ("preselection"): it expands
 * the candidate alone, and keeps that reduced expansion only if a bit in
 * the expanded state's frame says the proviso holds; otherwise it tries
 * the next candidate and finally expands fully.  The glue
 * (spin-plugin/glue_*.c) reports each successor of a candidate here and
 * sets or clears that bit with the answer:
 *
 *   C2c  (safety; the default): some successor of the candidate is not in
 *        Closed: queued now (new, or re-opened by A*), or queued before and
 *        not yet expanded;
 *   C2cl (liveness): every successor of the candidate is such a state.
 *
 * Closed is the set of expanded states (and of states the search threw
 * away unexpanded: pruned, dropped by beam, superseded; counting them as
 * closed only makes the proviso stronger).  "Queued and not yet expanded"
 * is SPIN's own queue tag: h_store answers 2 ("match on stack") for a
 * state pan's push_bfs queued that has not gone through pop_bfs, and the
 * glue untags what the runtime discards.  The provisos do not depend on
 * the order in which states are expanded (seed 003, section 6), so they
 * hold for every search.
 *
 * The nested DFS (-a, -l; runtime/ndfs.c) always uses C2cl (set where
 * the options are checked; the glue then also makes every move into or
 * out of an accept or progress state unsafe, as SPIN's retrans() does
 * under -a / -l).  Its Closed is the outer search's visited set (states
 * entered), so the glue reports "queued" = not entered; ndfs.c asks
 * dmc_por_chosen() which candidate an outer expansion kept and records
 * it, and the nested search replays that decision without asking here.
 */
#ifndef DMC_POR_H
#define DMC_POR_H

#include <stdint.h>

/* DMC_POR_STACK: the nested DFS only (ndfs.c): like C2cl, with Closed =
 * the states on the outer DFS stack (SPIN's stack proviso) */
typedef enum { DMC_POR_C2C, DMC_POR_C2CL, DMC_POR_STACK } dmc_por_proviso;

/* The reduction's state for one run (the run owns it: dmc_rt_por). */
typedef struct dmc_por dmc_por;
dmc_por *dmc_por_new(void);       /* NULL when out of memory */
void dmc_por_free(dmc_por *P);

typedef struct dmc_por_stats {
	double reduced;               /* expansions kept to one process (ample) */
	double proviso_full;          /* full expansions because every candidate failed the proviso */
	double candidates_failed;     /* candidate processes rejected by the proviso */
	double candidates_no_progress;  /* ...of them: proviso held, no successor had a better h */
} dmc_por_stats;

/* Whether the run wants reduction (options.h's dmc_options_settle) and,
 * when not, why ("off (--no-por)"); set before the search starts, read
 * by the glue, which then reports whether it is on. */
void dmc_por_set_wanted(dmc_por *P, int wanted, const char *off_note);
int dmc_por_wanted(const dmc_por *P);
const char *dmc_por_off_note(const dmc_por *P);
void dmc_por_set_status(dmc_por *P, int on, const char *note);
/* 1 when pan reduces; *note says why not ("off (--no-por)", ...) */
int dmc_por_status(const dmc_por *P, const char **note);

void dmc_por_set_proviso(dmc_por *P, dmc_por_proviso p);
dmc_por_proviso dmc_por_proviso_kind(const dmc_por *P);
const char *dmc_por_proviso_name(dmc_por_proviso p);
/* "c2c", "c2cl" or "stack": 0, else -1 */
int dmc_por_proviso_parse(const char *name, dmc_por_proviso *out);

/* in_open(ctx, key): 1 when the old state with that fingerprint (0 when the
 * search keeps no fingerprints) is not in Closed.  NULL (the default):
 * SPIN's queue tag decides (in_queue below). */
void dmc_por_set_closed_query(dmc_por *P, int (*in_open)(void *ctx, uint64_t key), void *ctx);

/* The expansion of a popped state begins: ends the bookkeeping of the
 * previous one. */
void dmc_por_expansion_begin(dmc_por *P);

/* A successor was offered to the store during the current expansion.
 * preselected: pan is expanding one candidate process alone (pid);
 * queued: the runtime queued it now; in_queue: it was queued before and
 * not yet expanded (SPIN's tag); key: its fingerprint (0 when the search
 * keeps none).  For a preselected successor, returns 1 when the
 * candidate's successors so far satisfy the proviso, else 0; for the
 * others (a full expansion) returns 0. */
int dmc_por_successor(dmc_por *P, int preselected, int pid, uint64_t key, int queued, int in_queue);

/* The candidate of the last dmc_por_successor() call fails whatever its
 * other successors are (a rendezvous offer). */
void dmc_por_reject_candidate(dmc_por *P);

/* Guided reduction (best-first searches ordered by a heuristic): a
 * reduced expansion that moves only a process the heuristic does not see
 * defers the moves that approach the target; on a plateau the search
 * then walks the rest of the model first (contrib/models/counter_noise.pml:
 * greedy hf stores 8,870 states unreduced, 2.9 M reduced).  Forbidding
 * such expansions outright loses what reduction gains elsewhere
 * (philosophers_deadlock: 63 states reduced, 5,478 not).  So a candidate
 * is kept, besides the proviso, when one of its successors was queued
 * with a better h than the state expanded (dmc_por_progress), or when
 * the path to the state has not yet spent its plateau budget: fewer than
 * --por-plateau expansions, reduced or full, since h last dropped (the
 * search keeps the count per queued state and says so with
 * dmc_por_set_plateau_ok before each expansion).  Rejecting a candidate
 * only ever means a fuller expansion: sound under any proviso. */
void dmc_por_set_guided(dmc_por *P, int on, unsigned budget);
int dmc_por_guided(const dmc_por *P);
void dmc_por_set_plateau_ok(dmc_por *P, int ok);
/* Where guidance has stopped paying, the budget grows: each time the
 * search has made DMC_POR_WINDOW expansions without any of its open lists
 * reaching a lower h than before, the budget doubles, and the reduction
 * tends to SPIN's.  A correct model has to be searched whole, and h
 * cannot shorten that: there the guided reduction only cost states
 * (LTL_leader: 1,973,885 with the budget fixed at 4, 15,580 growing,
 * 14,509 with SPIN's reduction).  A search that keeps finding lower h
 * keeps its budget.  The window: of 128, 256 and 1,024, measured on
 * contrib/ (docs/usage.md), 128 stored least and 1,024 most; 256 is the
 * middle.
 * Before each expansion from open list `list` (alternation.h's index, 0
 * without alternation; one out of range counts as the last list) of
 * a state with h and the plateau count `stall`: sets what
 * dmc_por_set_plateau_ok would. */
#define DMC_POR_WINDOW 256
#define DMC_POR_PLATEAU_TOP 1048576   /* past --por-plateau's largest: SPIN's reduction */
void dmc_por_expanding(dmc_por *P, int list, int h, unsigned stall);
unsigned dmc_por_plateau_budget(const dmc_por *P);
/* A distributed search: another rank reached a state of heuristic value
 * h (list 0's).  Progress anywhere is progress: a rank that is not the
 * one reaching the lower values would otherwise grow its budget to
 * SPIN's reduction while the search as a whole is well guided (greedy
 * hf on a needle-like model, 2 ranks: 25 times one process's states). */
void dmc_por_progress_elsewhere(dmc_por *P, int h);
/* The expansions without a lower h that double the budget, instead of
 * DMC_POR_WINDOW.  A distributed greedy search (docs/distributed.md)
 * uses 8 N times one process's: its ranks expand a plateau together,
 * each more of it than its share (the reduced expansions differ where
 * a successor lives on another rank), and a budget that grows on one
 * rank grows the plateaus of all -- with N times the window, greedy hf
 * on tests/models/needle_bad.pml -DNOISE=4 -DLEN=30 -DHAY=255 on 2
 * ranks still grew to SPIN's reduction and stored 25 times one
 * process's states; with 8 N, 3.4 to 4.1 times. */
void dmc_por_set_window(dmc_por *P, unsigned window);
/* The successor just reported by dmc_por_successor was queued with an h
 * below the expanded state's; nothing when that successor came from a
 * full expansion. */
void dmc_por_progress(dmc_por *P);
/* 1 when the current candidate (if any) satisfies everything so far */
int dmc_por_candidate_ok(const dmc_por *P);

/* The candidate process the current expansion kept (its reduced
 * expansion satisfied the proviso), or -1 (full expansion, or no
 * candidate). */
int dmc_por_chosen(const dmc_por *P);

/* Statistics, with the current expansion counted. */
const dmc_por_stats *dmc_por_get_stats(dmc_por *P);

/* Forget everything (tests). */
void dmc_por_reset(dmc_por *P);

#endif
