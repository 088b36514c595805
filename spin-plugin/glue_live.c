// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_live.c -- liveness: the runtime's nested DFS (runtime/ndfs.c) on
 * pan, the claim's steps in trails, the stutter step (see glue.h).
 *
 * pan -DBFS is a safety verifier; the runtime searches for cycles on top
 * of it, much as SPIN's own nested DFS does:
 *   - a state of the nested (inner) search carries bit 1 in now._a_t, as
 *     in SPIN, so SPIN's exact store keeps the inner search's visited set
 *     apart from the outer one (a_cycles = 1 keeps _a_t in the store);
 *   - -l: SPIN's non-progress claim (never { do :: true :: np_ -> break
 *     od; accept: do :: np_ od }) cannot be combined with -DBFS, so the
 *     glue runs its two phases itself: bit 4 of _a_t is "committed"; a
 *     committed state's successors must be non-progress states, and an
 *     uncommitted non-progress successor also gets a committed copy;
 *   - -a: a state where no process can move (after timeout) has a
 *     stutter successor (the claim moves alone), as in SPIN's DFS;
 *   - a successor of an inner state equal to the seed (ignoring bit 1)
 *     closes the cycle: uerror() writes the trail with SPIN's -1:-1:-1
 *     marker after the seed's step.
 */
#include "glue.h"

int dmc_br_set_cycles(int mode)
{
#if ACCEPT_LAB==0
	if (mode == 1) {              /* SPIN's words and behaviour: a safety search */
		fprintf(stderr, "warning: no accept labels are defined, "
		        "so option -a has no effect (ignored)\n");
		mode = 0;
	}
#endif
	glue()->live = mode;
	a_cycles = mode != 0;         /* SPIN's -a: no invalid-end-state errors, _a_t stored */
	return mode;
}

/* No process at a progress label (SPIN's np_). */
static int np_now(void)
{
	for (int pid = 0; pid < (int) now._nr_pr; pid++) {
		P0 *p = (P0 *) pptr(pid);
		if (progstate[p->_t] && progstate[p->_t][p->_p])
			return 0;
	}
	return 1;
}

int dmc_br_live_accepting(void)
{
	if (glue()->live == 2)
		return (now._a_t & LIVE_COMMIT) != 0;
	for (int pid = 0; pid < (int) now._nr_pr; pid++) {
		P0 *p = (P0 *) pptr(pid);
		if (accpstate[p->_t] && accpstate[p->_t][p->_p])
			return 1;
	}
	return 0;
}

static size_t vec_size(const State *s, size_t cap)
{
#ifndef NOVSZ
	return (size_t) s->_vsz < cap ? (size_t) s->_vsz : cap;
#else
	(void) s;
	return cap;
#endif
}

/* A copy of now (its own size: a reused queue slot may be larger) with
 * the _a_t bits in clear off: the state the nested search's copy and the
 * outer search's share.  *n: its size.  Valid until the next call. */
const uchar *glue_now_without(uchar clear, size_t *n)
{
	dmc_glue *g = glue();
	*n = vec_size(&now, vsize);
	DMC_NEED(g->vec, g->vec_cap, *n, "nested search");
	memcpy(g->vec, &now, *n);
	g->vec[A_T_AT] &= (uchar) ~clear;
	return g->vec;
}

static int same_as_seed(const dmc_glue *g, const char *v, size_t n)
{
	if (!g->seed_sv || n != g->seed_n)
		return 0;
	if (memcmp(v, g->seed_sv, A_T_AT) != 0
	    || memcmp(v + A_T_AT + 1, g->seed_sv + A_T_AT + 1, n - A_T_AT - 1) != 0)
		return 0;
	return ((uchar) v[A_T_AT] & ~LIVE_INNER) == (g->seed_sv[A_T_AT] & ~LIVE_INNER);
}

/* The type of the claim that runs (pid 0): with several claims (ltl
 * formulas), pan's -N chose it. */
int glue_running_claim(void)
{
	return dmc_br_claim_type() >= 0 && now._nr_pr > 0 ? ((P0 *) pptr(0))->_t : -1;
}

/* the claim's state in the state pan expands (its start before the first) */
static int claim_state_before(const dmc_glue *g, int ct)
{
	return g->claim_from >= 0 ? g->claim_from : dmc_br_start_state(ct);
}

/* The claim's transition from state `from` to `to` (stay: or one with
 * no target, which leaves it in `from`): the one store_state took
 * (g->claim_taken), else the first.  Several may lead there (SPIN's claim
 * for [] p has (1) and the guard with its assert, both back to T0_init):
 * the trail names the one taken, whose text spin -t -p prints. */
static Trans *claim_trans(const dmc_glue *g, int ct, int from, int to, int stay)
{
	Trans *first = NULL;
	for (Trans *t = trans[ct][from]; t; t = t->nxt)
		if (t->st == to || (stay && t->st == 0 && to == from)) {
			if (t == g->claim_taken)
				return t;
			if (!first)
				first = t;
		}
	return first;
}

/* The claim's transition from claim_from to its state in now, made by
 * store_state after the step in frame f (none inside atomic sequences
 * and rendezvous, where pan does not move the claim), or NULL. */
static Trans *claim_move(dmc_glue *g, Trail *f)
{
	int ct = glue_running_claim();
	if (ct < 0 || boq != -1 || (f->o_t && (f->o_t->atom & 2) && f != &g->stutter_frame))
		return NULL;
	return claim_trans(g, ct, claim_state_before(g, ct), ((P0 *) pptr(0))->_p, 0);
}

/* frame -> the claim's step after it (g->claim_step), for the frames of
 * a liveness search, and of a safety search with a claim: SPIN's DFS
 * trails list the claim's steps, and spin -t moves the claim only on
 * those lines (without them the replay of an error the claim finds
 * never reaches it) */
static uint64_t frame_key(const Trail *f)
{
	return (uint64_t) (uintptr_t) f;
}

static void claim_step_put(dmc_glue *g, Trail *f, Trans *t)
{
	Trans **v = dmc_hmap_put(&g->claim_step, frame_key(f), NULL);
	if (!v)
		dmc_rt_out_of_memory("claim steps", dmc_hmap_bytes(&g->claim_step));
	*v = t;
}

Trans *glue_claim_step_of(Trail *f)
{
	dmc_glue *g = glue();
	if ((!g->live && !g->claim_steps) || !f)
		return NULL;
	Trans **v = dmc_hmap_get(&g->claim_step, frame_key(f));
	return v ? *v : NULL;
}

/* pan queued t (now = its state): remember the claim's move into it */
void glue_claim_pushed(BFS_State *t)
{
	dmc_glue *g = glue();
	if (g->in_stutter)
		return;               /* the stutter frame's step is the claim's */
	Trans *c = claim_move(g, t->frame);
	if (c)
		claim_step_put(g, t->frame, c);
}

static void live_cycle(dmc_glue *g)
{
	if (g->in_stutter && dmc_br_claim_type() < 0) {
		/* no claim: a blocked accepting state, SPIN's "accept stutter"
		 * (an error at that state, no cycle in the trail) */
		uerror("accept stutter");
		return;
	}
	/* pan's uerror moves trpt one frame down for errors named "... cycle"
	 * (its DFS is then a step further): undo that, and report the depth
	 * where the cycle starts, as SPIN does */
	g->cycle_frame = g->seed_frame;
	depthfound = g->seed_frame->o_tt;
	/* the closing step and the claim's move after it: dmc_putter writes
	 * them (nuerror would write the step alone) */
	Trans *keep = ntrpt->o_t;
	g->closing_t = ntrpt->o_t;
	g->closing_pr = ntrpt->pr;
	g->closing_claim = g->in_stutter ? NULL : claim_move(g, ntrpt);
	ntrpt->o_t = NULL;
	if (depth > 1)
		trpt++;
	uerror(g->live == 2 ? "non-progress cycle" : "acceptance cycle");
	if (depth > 1)
		trpt--;
	ntrpt->o_t = keep;
	g->closing_t = g->closing_claim = NULL;
	g->cycle_frame = NULL;        /* pan goes on with -e / -c0 */
}

/* SPIN's store, then the runtime's decision; 1 when the state is queued */
static int live_store_one(dmc_glue *g, char *v, int n, int *old)
{
	if ((now._a_t & LIVE_INNER) && same_as_seed(g, v, (size_t) n))
		live_cycle(g);
	*old = glue_pan_store(v, n);
	return dmc_rt_live_store(dmc_glue_run, v, (size_t) n, *old, now._a_t & LIVE_INNER);
}

/* A stutter step: the claim's transition is the step's (a "N:0:id"
 * trail line, as SPIN writes claim steps), so that spin -t replays it. */
void glue_stutter_step(void)
{
	dmc_glue *g = glue();
	int ct = glue_running_claim();
	g->stutter_frame.o_t = NULL;
	if (ct < 0)
		return;
	Trans *t = claim_trans(g, ct, g->stutter_claim_from, ((P0 *) pptr(0))->_p, 1);
	if (t) {
		g->stutter_frame.o_t = t;
		g->stutter_frame.pr = 0;
	}
}

/* POR in the nested DFS (runtime/ndfs.c): the proviso's answer for the
 * successor just stored (push: the runtime queued it).  The outer search
 * asks por.c (C2cl: no successor of a process expanded alone was entered
 * before); a state of the nested search replays the outer search's
 * decision (g->live_choice, dmc_rt_live_choice), so both explore the
 * same reduced graph. */
static void live_por_answer(dmc_glue *g, int push)
{
#ifndef NOREDUCE
	g->por_sel = g->por_on && (trpt->tau & 32);
	if (!g->por_sel)
		return;
	if (now._a_t & LIVE_INNER)
		g->por_ok = ntrpt->pr == g->live_choice;
	else {
		dmc_por *por = dmc_rt_por(dmc_glue_run);
		g->por_ok = dmc_por_successor(por, 1, ntrpt->pr, 0, push, 0);
		if (boq != -1) {
			/* a rendezvous offer: pan -DBFS does not expand a
			 * preselected state again when its offers fail (the
			 * frame it checks lacks the preselection bit), so such
			 * a reduced expansion could lose every move */
			dmc_por_reject_candidate(por);
			g->por_ok = 0;
		}
	}
	if (g->por_ok)
		trpt->tau |= 64;
	else {
		trpt->tau &= ~64;
		if (!push)
			Lstate = NULL;        /* pan must not set bit 64 for SPIN's queue tag */
	}
#else
	(void) g;
	(void) push;
#endif
}

/* the origin of the state pan queues next: a candidate process expanded
 * alone, or a full expansion (-1) */
void glue_live_origin(void)
{
#ifndef NOREDUCE
	dmc_rt_live_origin(dmc_glue_run, glue()->por_on && (trpt->tau & 32) ? (int) ntrpt->pr : -1);
#else
	dmc_rt_live_origin(dmc_glue_run, -1);
#endif
}

int glue_live_h_store(char *v, int n)
{
	dmc_glue *g = glue();
#ifndef NOREDUCE
	if (g->por_on && (trpt->tau & 32) && (now._a_t & LIVE_INNER) && ntrpt->pr != g->live_choice) {
		/* a candidate the outer search did not keep: no successor
		 * (not even stored, so the nested search's store stays exact) */
		g->por_sel = 1;
		g->por_ok = 0;
		trpt->tau &= ~64;
		Lstate = NULL;
		return 1;
	}
#endif
	if (g->live == 2) {
		int np = np_now();
		if ((now._a_t & LIVE_COMMIT) && !np)
			return 1;             /* the np_ claim blocks: no successor */
		if (!(now._a_t & LIVE_COMMIT) && np) {
			now._a_t |= LIVE_COMMIT;          /* the claim commits here */
			int old, q = live_store_one(g, v, n, &old);
			live_por_answer(g, q);
			if (q) {
				if (!old)
					nstates++;        /* store_state counts the other copy */
				g->pending = 1;
				g->pending_key = 0;
				dmc_push_bfs(ntrpt, trpt->o_tt + 1);
			}
			now._a_t &= ~LIVE_COMMIT;
		}
	}
	int old, push = live_store_one(g, v, n, &old);
	live_por_answer(g, push);         /* an offer queued again below is closed */
	if (!push && glue_rv_requeue())
		push = 1;
	g->pending = push;
	g->pending_key = 0;
	if (push && old)
		nstates--;                    /* queued again, not new: store_state counts it */
	return push ? 0 : 1;
}

/* pan popped the state it expands now (glue_store.c recorded its frame):
 * bfs() sets ntrpt->ostate on every move, which tells whether it had one */
void glue_live_popped(void)
{
	dmc_glue *g = glue();
	ntrpt->ostate = NULL;
#ifndef NOREDUCE
	g->live_choice = -2;
	if (g->por_on && (now._a_t & LIVE_INNER)) {
		/* the nested search replays the decision recorded for the
		 * outer search's copy of this state (the same vector without
		 * SPIN's nested-search bit); none recorded: every process */
		size_t n;
		const uchar *v = glue_now_without(LIVE_INNER, &n);
		g->live_choice = dmc_rt_live_choice(dmc_glue_run, dmc_fingerprint(v, n), v, n);
	}
#endif
	if (g->live == 1 && boq != -1)
		g->cur_rv = glue_rv_fp();
}

/* The stutter successor of the blocked state in now (its frame f): as
 * SPIN's DFS, the claim moves alone (a stutter step, no trail line). */
void glue_stutter_from(Trail *f)
{
	dmc_glue *g = glue();
	Trail *keep = ntrpt;
	memset(&g->stutter_frame, 0, sizeof g->stutter_frame);
	g->stutter_frame.ostate = (H_el *) f;
	ntrpt = &g->stutter_frame;
	g->in_stutter = 1;
	g->stutter_claim_from = glue_running_claim() >= 0 ? ((P0 *) pptr(0))->_p : 0;
	store_state(ntrpt, 0, -1);
	g->in_stutter = 0;
	ntrpt = keep;
}

/* An error raised by the claim's move in store_state (the claim reached
 * its end, or an assertion in it failed), after a process's step, in the
 * initial state or (-a) in a stutter step: the trail ends with the step,
 * if any, and then the claim's move (dmc_claim_transit), as SPIN's DFS
 * writes it.  pan's BFS writes the step alone: spin -t then never shows
 * the error, and an error in the initial state has a trail without a
 * step.  The same in the nested DFS of -a, whose outer search finds the
 * claim's safety errors (SPIN's pan -a too): the frames' claim steps
 * (glue_claim_step_of) are those of moves whose state was stored, never
 * this one. */
static void claim_uerror(char *why)
{
	dmc_glue *g = glue();
	Trans *c = NULL;
	/* store_state moves the claim one step per step of the system: pan's
	 * BFS stops where the claim enters an atomic sequence, an error of
	 * pan, not of the model (SPIN's depth-first pan follows it) */
	if (strcmp(why, "atomic in claim not supported in BFS") == 0)
		dmc_rt_refuse(dmc_glue_run, "the never claim enters an atomic sequence, which pan's "
		              "breadth-first code cannot follow (\"atomic in claim not supported in BFS\"); "
		              "check the model with SPIN's own pan");
	if ((g->live || g->claim_steps) && (g->in_store || g->in_stutter))
		c = g->claim_trying;
	if (!c) {
		g->pan_uerror(why);
		return;
	}
	Trans *keep = ntrpt->o_t;
	g->closing_t = keep;
	g->closing_pr = ntrpt->pr;
	g->closing_claim = c;
	ntrpt->o_t = NULL;                /* nuerror would write the step alone */
	g->pan_uerror(why);
	ntrpt->o_t = keep;
	g->closing_t = g->closing_claim = NULL;
}

void glue_claim_uerror_hook(void)
{
	dmc_glue *g = glue();
	g->claim_steps = !g->live && dmc_br_claim_type() >= 0;
	/* with every claim: claim_uerror also turns pan's refusal of an
	 * atomic claim move into dmc's */
	if (dmc_br_claim_type() >= 0 && uerror != claim_uerror) {
		g->pan_uerror = uerror;
		uerror = claim_uerror;
	}
}

/* ---- the nested search's items (runtime/ndfs.c) ---- */

void *dmc_br_clone_inner(void *item)
{
	BFS_State *t = item, *c = get_bfs_frame();
	memcpy((char *) c->frame, (char *) t->frame, sizeof(Trail));
	c->frame->o_pm &= ~(4|8);
	c->boq = t->boq;
	c->omask = t->omask;
#if defined(Q_PROVISO) && !defined(NOREDUCE)
	c->lstate = NULL;
#endif
	c->onow = getsv(t->onow->sz);
	memcpy((char *) c->onow->sv, (char *) t->onow->sv, t->onow->sz);
	c->onow->sv->_a_t |= LIVE_INNER;
	c->nxt = NULL;
	Trans *cs = glue_claim_step_of(t->frame);
	if (cs)
		claim_step_put(glue(), c->frame, cs);   /* the copy's frame is the one in the lasso */
	return c;
}

void dmc_br_set_seed(void *item)
{
	dmc_glue *g = glue();
	BFS_State *t = item;
	free(g->seed_sv);
	g->seed_sv = NULL;
	g->seed_frame = NULL;
	if (!t)
		return;
	g->seed_n = vec_size(t->onow->sv, t->onow->sz);
	g->seed_sv = glue_alloc(g->seed_n, "nested search");
	memcpy(g->seed_sv, t->onow->sv, g->seed_n);
	g->seed_frame = t->frame;
}

int dmc_br_item_stable(void *item)
{
	BFS_State *t = item;
	return t->boq == -1 && !(t->frame->tau & 8);
}

const void *dmc_br_item_vector(void *item, size_t *n)
{
	BFS_State *t = item;
	*n = vec_size(t->onow->sv, t->onow->sz);
	return t->onow->sv;
}

int dmc_br_item_proc_state(void *item, int pid)
{
	BFS_State *t = item;
	if (pid < 0 || pid >= t->onow->sv->_nr_pr || !t->omask || !t->omask->po)
		return -1;
#ifndef TRIX
#if VECTORSZ>32000
	int off = ((int *) t->omask->po)[pid];
#else
	int off = ((short *) t->omask->po)[pid];
#endif
	return ((P0 *) ((char *) t->onow->sv + off))->_p;
#else
	return -1;
#endif
}

/* Bytes of now that differ from the seed (the inner search's Hamming
 * distance), ignoring _a_t. */
int dmc_br_hamming_to_seed(void)
{
	dmc_glue *g = glue();
	if (!g->seed_sv)
		return 0;
	size_t n = vec_size(&now, vsize), m = n < g->seed_n ? n : g->seed_n;
	int d = (int) (n > m ? n - m : g->seed_n - m);
	const uchar *a = (const uchar *) &now;
	for (size_t i = 0; i < m; i++)
		if (i != A_T_AT && a[i] != g->seed_sv[i])
			d++;
	return d;
}
