// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_rv.c -- rendezvous offers: when a state whose moves are all offers
 * is blocked, as SPIN's DFS sees it (see glue.h).
 *
 * pan -DBFS makes a rendezvous offer a move into a mid-rendezvous state
 * and learns whether a receiver takes it only when it expands that
 * state.  A state whose moves are all offers that fail has no move in
 * SPIN's DFS.  The glue keeps each mid-rendezvous state's outcome by
 * fingerprint (g->rv: of its vector without the search bits of _a_t, the
 * outcome depends on the vector alone), counts the moves of the state
 * being expanded (cur_real: moves that are not offers; cur_offer: its
 * offers, mid-rendezvous successors; cur_rv: the mid-rendezvous state
 * being expanded), and decides once every offer's outcome is known.
 */
#include "glue.h"

/* ---- the outcomes ---- */

uint64_t glue_rv_fp(void)
{
	size_t n;
	const uchar *v = glue_now_without(LIVE_INNER | LIVE_COMMIT, &n);
	uint64_t k = dmc_fingerprint(v, n);
	return k ? k : 1;
}

/* The safety searches' key of a mid-rendezvous state: its vector and
 * its sender (the sender cannot take its own offer, so two senders whose
 * offers give the same vector are two states with different outcomes). */
static uint64_t rv_fp_from(int sender)
{
	uint64_t k = glue_rv_fp() ^ ((uint64_t) (sender + 1) * 0x9E3779B97F4A7C15ull);
	return k ? k : 1;
}

int glue_rv_get(uint64_t k)
{
	const uchar *v = dmc_hmap_get(&glue()->rv, k);
	return v ? *v : 0;
}

void glue_rv_set(uint64_t k, int outcome)
{
	dmc_glue *g = glue();
	uchar *v = dmc_hmap_put(&g->rv, k, NULL);
	if (!v)
		dmc_rt_out_of_memory("rendezvous outcomes", dmc_hmap_bytes(&g->rv));
	*v = (uchar) outcome;
}

double glue_rv_bytes(void)
{
	dmc_glue *g = glue();
	return (double) dmc_hmap_bytes(&g->rv) + (double) dmc_hmap_bytes(&g->waiting)
	       + (double) g->cur_offer_cap * sizeof *g->cur_offer;
}

/* What the current state's rendezvous offers came to: RV_TAKEN when one
 * was taken, RV_FAIL when all failed, 0 while one is still undecided. */
int glue_offers_outcome(void)
{
	dmc_glue *g = glue();
	int unknown = 0;
	for (size_t i = 0; i < g->cur_noffer; i++) {
		int r = glue_rv_get(g->cur_offer[i]);
		if (r == RV_TAKEN)
			return RV_TAKEN;
		unknown |= r == 0;
	}
	return unknown ? 0 : RV_FAIL;
}

/* pan made a move from the state it expands (before the claim's move,
 * which may block it: a move the claim cannot follow is still a move):
 * an offer (now is mid-rendezvous) or another move */
void glue_rv_count(void)
{
	dmc_glue *g = glue();
	if (g->live == 2)
		return;
	if (boq == -1) {
		g->cur_real++;
		return;
	}
	DMC_NEED(g->cur_offer, g->cur_offer_cap, g->cur_noffer + 1, "rendezvous offers");
	g->cur_offer[g->cur_noffer++] = g->live ? glue_rv_fp() : rv_fp_from(ntrpt->pr);
}

/* ---- liveness: the stutter rule ----
 * A state whose moves are all offers that fail is blocked and gets the
 * stutter successor too (glue_live.c).  The decision comes at once, or
 * when the runtime's node of the state has tried all its successors
 * (they include the offers; an inner-search offer whose outcome is
 * unknown is queued again even when SPIN's store has it, so that it is
 * expanded there). */

typedef struct rv_cand {          /* a state blocked unless one of its offers is taken */
	struct rv_cand *next;
	Trail *frame;
	size_t n, noffer;
	uchar *sv;
	uint64_t offer[];
} rv_cand;

/* queue an offer again whose outcome is not known (see above) */
int glue_rv_requeue(void)
{
	dmc_glue *g = glue();
	return g->live == 1 && boq != -1 && !g->in_stutter && !glue_rv_get(glue_rv_fp());
}

int dmc_br_live_blocked(void *p)
{
	int any = 0;
	for (rv_cand *c = p, *nx; c; c = nx) {
		nx = c->next;
		int blocked = 1;          /* an unknown outcome (depth bound): not blocked */
		for (size_t i = 0; i < c->noffer; i++)
			blocked &= glue_rv_get(c->offer[i]) == RV_FAIL;
		if (blocked) {
			memcpy((char *) &now, c->sv, c->n);
			vsize = (int) c->n;
			boq = -1;
			memcpy((char *) trpt, (char *) c->frame, sizeof(Trail));
			glue_stutter_from(c->frame);
			any = 1;
		}
		free(c->sv);
		free(c);
	}
	return any;
}

/* After pan expanded a state: a mid-rendezvous state's outcome, or the
 * stutter successor of a state without a move (after timeout) or whose
 * moves are offers that all fail.  -l: SPIN's np_ is false on a stutter
 * step (a blocked system makes no non-progress cycle). */
void glue_live_stutter(void)
{
	dmc_glue *g = glue();
	if (g->live != 1 || !g->last_frame || !g->last_expanded)
		return;
	g->last_expanded = 0;
	if (g->last_boq != -1) {
		glue_rv_set(g->cur_rv, ntrpt->ostate ? RV_TAKEN : RV_FAIL);
		return;
	}
	if (!ntrpt->ostate) {
		glue_stutter_from(g->last_frame);
		return;
	}
	/* inside atomic pan itself expands the state again when an offer
	 * fails (atomicity is lost): that expansion decides */
	if (g->cur_real > 0 || g->cur_noffer == 0 || (g->last_frame->tau & 8))
		return;
	int outcome = glue_offers_outcome();
	if (outcome == RV_TAKEN)
		return;
	int unknown = outcome == 0;
	if (!unknown) {
		glue_stutter_from(g->last_frame);
		return;
	}
	rv_cand *c = glue_alloc(sizeof *c + g->cur_noffer * sizeof c->offer[0], "rendezvous offers");
	c->sv = glue_alloc((size_t) vsize, "rendezvous offers");
	memcpy(c->sv, (char *) &now, (size_t) vsize);
	c->n = (size_t) vsize;
	c->frame = g->last_frame;
	c->noffer = g->cur_noffer;
	memcpy(c->offer, g->cur_offer, g->cur_noffer * sizeof c->offer[0]);
	c->next = dmc_rt_live_blocked_candidate(dmc_glue_run, c);
}

/* ---- rendezvous offers in the safety searches ----
 * The same gap, without a claim: SPIN's DFS counts an offer as a move
 * only when a receiver takes it, so a state whose moves are all offers
 * that fail has no move there, and pan's DFS then does what it does for
 * any state without a move: an atomic sequence loses atomicity (every
 * process may move), else timeout is tried, else the state is checked as
 * an end state ("invalid end state").  pan -DBFS does none of this, and
 * breaks atomicity as soon as one offer fails, even when the process has
 * another move (a counterexample SPIN's DFS does not have).  So the glue
 * drops pan's re-push after a failed offer (dmc_push_bfs) and, for a state
 * whose moves were all offers, waits for their outcomes (each recorded
 * when pan expands the mid-rendezvous state, glue_rv_set); when every
 * offer failed, it queues the state again as SPIN's DFS goes on --
 * without atomicity, or with timeout -- or reports the invalid end state.
 * The runtime never prunes a mid-rendezvous state (search.c), so every
 * offer queued is expanded unless the search stops or a beam drops it. */

typedef struct sf_cand {          /* a state blocked unless an offer is taken */
	BFS_State *t;             /* saved as push_bfs saves a state (its frame's
	                           * tau: atomic, timeout as expanded) */
	int g;                    /* its g (runtime/cost.c) */
	int unknown, taken;
} sf_cand;
typedef struct sf_wait {          /* c waits for the outcome of an offer (g->waiting) */
	sf_cand *c;
	struct sf_wait *next;     /* the next state waiting for the same offer */
} sf_wait;

/* c waits for offer key: the newest waiting state first */
static void sf_wait_add(dmc_glue *g, uint64_t key, sf_cand *c)
{
	sf_wait **head = dmc_hmap_put(&g->waiting, key, NULL);
	if (!head)
		dmc_rt_out_of_memory("rendezvous offers", dmc_hmap_bytes(&g->waiting));
	sf_wait *w = glue_alloc(sizeof *w, "rendezvous offers");
	w->c = c;
	w->next = *head;
	*head = w;
	c->unknown++;
}

/* the state just expanded (now, trpt), saved for a later expansion;
 * its g as the search counts it */
static BFS_State *sf_save(int *sg)
{
	*sg = dmc_rt_cost_moves(dmc_glue_run) ? dmc_rt_expanded_g(dmc_glue_run) : trpt->o_tt;
	push_bfs(trpt, trpt->o_tt);       /* SPIN saves now, mask, offsets, frame */
	BFS_State *t = bfs_bot;
	bfs_trail = bfs_bot = NULL;
	t->nxt = NULL;
#if defined(Q_PROVISO) && !defined(NOREDUCE)
	t->lstate = NULL;                 /* not SPIN's queue: no POR tag */
#endif
	t->frame->o_pm &= ~(4|8);
	return t;
}

/* With a never claim, SPIN's DFS lets the claim move alone at a state
 * where no process can move (a deadlock, or every process ended): the
 * stutter extension of the run, which may still reach the claim's end or
 * an assertion in it ("end state in claim reached").  pan -DBFS has no
 * such step; the glue stores the stutter successors of blocked state t
 * (its vector, frame and the globals pan keeps beside them are restored
 * afterwards: the decision may come while pan holds another state). */
static int safe_stutter(dmc_glue *g, BFS_State *t)
{
#if defined(VERI) && !defined(NOSTUTTER)
	if (dmc_br_claim_type() < 0 || t->onow->sv->_nr_pr == 0)
		return 0;
	int keep_vsize = vsize;
	short keep_boq = boq;
	Trail keep_trpt;
	memcpy((char *) &keep_trpt, (char *) trpt, sizeof(Trail));
	uchar *keep_now = glue_alloc((size_t) vsize, "rendezvous offers");
	memcpy(keep_now, (char *) &now, (size_t) vsize);
	t->nxt = NULL;
	bfs_trail = bfs_bot = t;
	Trail *f = pop_bfs();                 /* restores now, mask, offsets */
	memcpy((char *) trpt, (char *) f, sizeof(Trail));
	trpt->tau &= ~32;                     /* the claim's move: no preselection */
	Trail *keep_last = g->last_frame;
	int keep_claim_from = g->claim_from;
	g->last_frame = f;
	g->claim_from = glue_running_claim() >= 0 ? ((P0 *) pptr(0))->_p : -1;
	glue_stutter_from(f);
	g->last_frame = keep_last;
	g->claim_from = keep_claim_from;
	memcpy((char *) trpt, (char *) &keep_trpt, sizeof(Trail));
	memcpy((char *) &now, keep_now, (size_t) keep_vsize);
	vsize = keep_vsize;
	boq = keep_boq;
	free(keep_now);
	return 1;
#else
	(void) g;
	(void) t;
	return 0;
#endif
}

/* pan's DFS on blocked state t: the atomic sequence loses atomicity, or
 * timeout is tried, or the state is checked as an end state (with a
 * never claim: the claim stutters) */
static void safe_blocked(dmc_glue *g, BFS_State *t, int sg)
{
	Trail *f = t->frame;
	if ((f->tau & 8) || !(f->tau & 1)) {
		if (f->tau & 8)
			f->tau &= ~(1|8);
		else
			f->tau |= 1;
		dmc_rt_push(dmc_glue_run, t, 0, sg, 1);    /* expanded next, never pruned */
		return;
	}
#ifndef VERI
	if (!noends && !a_cycles) {
		t->nxt = NULL;
		bfs_trail = bfs_bot = t;
		Trail *r = pop_bfs();           /* restores now, mask, offsets */
		memcpy((char *) trpt, (char *) r, sizeof(Trail));
		if (!endstate()) {
			Trans *keep = ntrpt->o_t;
			ntrpt->o_t = NULL;      /* nuerror would add a step after the state */
			depth = r->o_tt;
			g->err_g = sg + 1;      /* the trail ends at t */
			uerror("invalid end state");
			g->err_g = 0;
			ntrpt->o_t = keep;
		}
		return;
	}
#else
	(void) sg;
	if (safe_stutter(g, t))
		return;
#endif
	dmc_br_discard(t);
}

/* the outcome of offer key is known: decide the states waiting for it */
static void sf_outcome(dmc_glue *g, uint64_t key, int outcome)
{
	if (glue_rv_get(key))
		return;
	glue_rv_set(key, outcome);
	sf_wait **head = dmc_hmap_get(&g->waiting, key);
	if (!head)
		return;
	sf_wait *w = *head;
	*head = NULL;                     /* the outcome is known: nobody waits again */
	while (w) {
		sf_wait *next = w->next;
		sf_cand *c = w->c;
		free(w);
		w = next;
		c->taken |= outcome == RV_TAKEN;
		if (--c->unknown > 0)
			continue;
		if (c->taken)
			dmc_br_discard(c->t);
		else
			safe_blocked(g, c->t, c->g);
		free(c);
	}
}

/* SPIN's store knows a mid-rendezvous state by its vector, which does
 * not say who made the offer: when two processes' offers give the same
 * vector (both send the same message and stay where they are), pan
 * -DBFS expands the first and drops the second as old, so the first
 * sender never receives the second's offer (a violation SPIN's DFS
 * finds is missed).  The glue queues an offer SPIN's store calls old
 * once per sender (its key marked with RV_SEEN). */
#define RV_SEEN_SALT 0xC2B2AE3D27D4EB4Full
int glue_safe_offer_first(int old)
{
	if (boq == -1)
		return 0;
	uint64_t k = rv_fp_from(ntrpt->pr) ^ RV_SEEN_SALT;
	if (!k || glue_rv_get(k))
		return 0;
	glue_rv_set(k, RV_SEEN);
	return old != 0;
}

/* pan popped frame f, the state it expands now (glue_store.c recorded it) */
void glue_safe_popped(Trail *f)
{
	dmc_glue *g = glue();
	g->safe_rv_pid = -1;
	if (boq != -1) {
		g->cur_rv = rv_fp_from(f->pr);
		if (!g->last_expanded)
			sf_outcome(g, g->cur_rv, RV_TAKEN);   /* not known (depth bound): not blocked */
	}
}

/* after pan expanded a state: a mid-rendezvous state's outcome, or a
 * state whose moves were all offers (the frame's tau tells how it was
 * expanded: inside atomic, with timeout) */
void glue_safe_after_expansion(void)
{
	dmc_glue *g = glue();
	if (!g->last_frame || !g->last_expanded)
		return;
	g->last_expanded = 0;
	if (g->last_boq != -1) {
		sf_outcome(g, g->cur_rv, g->cur_real + g->cur_noffer > 0 ? RV_TAKEN : RV_FAIL);
		return;
	}
	if (g->cur_real > 0)
		return;
	if (g->cur_noffer == 0) {
		/* no move at all, after pan tried timeout and broke atomicity */
		if (glue_running_claim() >= 0) {
			int sg;
			BFS_State *t = sf_save(&sg);
			if (!safe_stutter(g, t))
				dmc_br_discard(t);
		}
		return;
	}
	int outcome = glue_offers_outcome();
	if (outcome == RV_TAKEN)
		return;
	int unknown = outcome == 0;
	int sg;
	BFS_State *t = sf_save(&sg);
	if (!unknown) {
		safe_blocked(g, t, sg);
		return;
	}
	sf_cand *c = glue_alloc(sizeof *c, "rendezvous offers");
	c->t = t;
	c->g = sg;
	c->unknown = c->taken = 0;
	for (size_t i = 0; i < g->cur_noffer; i++)
		if (!glue_rv_get(g->cur_offer[i]))
			sf_wait_add(g, g->cur_offer[i], c);
}
