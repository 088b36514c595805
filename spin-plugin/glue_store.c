// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_store.c -- pan's hooks: the store, the queue and trail writing,
 * and main() (see glue.h for the glue's files).
 *
 * How the queue is taken over: dmc_push_bfs lets SPIN's own push_bfs copy
 * the state and its trail frame onto SPIN's FIFO, then unlinks that entry
 * and gives it to the runtime; dmc_pop_bfs puts the entry the runtime
 * chose back as the FIFO's only element and lets SPIN's pop_bfs restore
 * it.  So states are saved and restored exactly as SPIN does it, and
 * trail frames keep their parent links: any pop order writes a trail that
 * spin -t replays.
 */
#include "glue.h"

#ifndef DMC_SEARCH
#define DMC_SEARCH bfs
#endif
#ifndef DMC_HEURISTIC
#define DMC_HEURISTIC none
#endif
#define DMC_STR_(x) #x
#define DMC_STR(x) DMC_STR_(x)
#ifdef DMC_LUA
#define DMC_LUA_FILE DMC_STR(DMC_LUA)
#else
#define DMC_LUA_FILE ""
#endif
#ifdef DMC_PRESET
#define DMC_PRESET_NAME DMC_STR(DMC_PRESET)
#else
#define DMC_PRESET_NAME ""
#endif

dmc_run *dmc_glue_run;

/* The glue's state, made with the run (dmc_build_info.glue_new). */
static void *glue_new(void)
{
	dmc_glue *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->safe_rv_pid = -1;
	g->claim_from = -1;
	g->live_choice = -2;
	dmc_hmap_init(&g->claim_step, sizeof(Trans *));
	dmc_hmap_init(&g->rv, 1);
	dmc_hmap_init(&g->waiting, sizeof(void *));
#ifdef DMC_MPI
	glue_dist_init(g);                /* MPI, before pan reads its options */
#endif
	return g;
}

static void chain_memo_free(dmc_glue *g);

static void glue_free(void *p)
{
	dmc_glue *g = p;
	if (!g)
		return;
	chain_memo_free(g);
	free(g->seed_sv);
	free(g->vec);
	free(g->cur_offer);
	dmc_hmap_free(&g->claim_step);
	dmc_hmap_free(&g->rv);
	dmc_hmap_free(&g->waiting);   /* its waiting states are pan's: gone with it */
#ifdef DMC_MPI
	free(g->dist.trans);
#endif
	free(g);
}

#if defined(BITSTATE) && defined(FULLSTACK)
/* pan -DBITSTATE allocates maxdepth pointers for its DFS stack's table
 * (onstack_init) before the search, which the runtime's unbounded
 * default depth would make gigabytes: the depth the runtime sets goes
 * here, and into pan's maxdepth when the search starts (begin) */
static long lifted_depth;
#define DMC_PAN_MAXDEPTH (&lifted_depth)
#else
#define DMC_PAN_MAXDEPTH (&maxdepth)
#endif

int main(int argc, char **argv)
{
	static const dmc_build_info info = {
		DMC_STR(DMC_SEARCH), DMC_STR(DMC_HEURISTIC), SpinVersion, PanSource,
		sizeof(State) - VECTORSZ, sizeof(BFS_State) + sizeof(Trail) + sizeof(SV_Hold) + sizeof(H_el),
		DMC_PAN_MAXDEPTH, DMC_LUA_FILE, &dmc_glue_run, glue_new, glue_free, DMC_PRESET_NAME
	};
	return dmc_rt_main(argc, argv, dmc_pan_main, &info);
}

void *glue_alloc(size_t n, const char *what)
{
	void *p = malloc(n);
	if (!p)
		dmc_rt_out_of_memory(what, n);
	return p;
}

/* ---- the store: SPIN's h_store decides identity, the runtime keeps g ----
 * The runtime knows a state by a 64-bit fingerprint of its vector (pan
 * does not expose its hash entry in -DNOREDUCE builds); SPIN's exact
 * answer new/old lets the runtime detect the rare fingerprint clash. */

/* ---- partial-order reduction (runtime/por.h) ----
 * Without -DNOREDUCE pan's bfs() expands, where it can, one process whose
 * transitions SPIN marked safe (Trans.atom bit 8, uniform per control
 * state) and keeps that reduced expansion if the frame's tau bit 64 is set
 * afterwards (bit 32: such a candidate is being expanded).  pan itself
 * sets bit 64 when the store calls a successor new, or old but still in
 * its queue (Q_PROVISO: h_store answers 2 for a tagged state); the glue
 * sets and clears it with the runtime's C2c / C2cl answer, and hides the
 * tag (Lstate = NULL) from pan when that answer is no.  Off, the safe
 * marks are cleared and pan never preselects: the -DNOREDUCE search. */
#ifndef NOREDUCE
static void por_mark_unsafe(Trans *t)
{
	for (; t; t = t->nxt)
		t->atom &= ~8;
}

/* Moves into, out of or through state st of proctype tp are visible:
 * remotely referenced labels always; accept and progress labels for a
 * liveness search (C2cl), as SPIN's retrans() does under -a / -l. */
static int por_visible(int tp, int st, int liveness)
{
	if (visstate[tp] && visstate[tp][st])
		return 1;
	return liveness && ((accpstate[tp] && accpstate[tp][st])
	                    || (progstate[tp] && progstate[tp][st]));
}

static void por_setup(dmc_glue *g)
{
	const char *off = NULL;
#if defined(REM_VARS)
	off = "off (the model reads a process's local variable remotely, P[i]:x)";
#elif defined(HAS_PRIORITY)
	off = "off (process priorities)";
#elif defined(DMC_XRXS) && defined(XUSAFE)
	/* dmc cc found an xr/xs declaration and pan's checks of it are
	 * compiled out (the portable build: see spin-plugin/dmc_plugin.cc) */
	off = "off (xr/xs channel assertions: pan checks them only in the plugin build)";
#endif
	dmc_por *por = dmc_rt_por(dmc_glue_run);
	if (!dmc_por_wanted(por))
		off = dmc_por_off_note(por);
	if (!off)
		off = glue_zone_por_off(por);
	int liveness = g->live || dmc_por_proviso_kind(por) != DMC_POR_C2C;
	for (int tp = 0; tp < dmc_br_ntypes(); tp++) {
		if (!trans[tp])
			continue;
		int nst = dmc_br_nstates(tp);
		for (int st = 0; st < nst; st++) {
			if (off || por_visible(tp, st, liveness))
				por_mark_unsafe(trans[tp][st]);
			else
				for (Trans *t = trans[tp][st]; t; t = t->nxt)
					if (t->st > 0 && t->st < nst && por_visible(tp, t->st, liveness))
						por_mark_unsafe(trans[tp][st]);
		}
	}
	g->por_on = !off;
	dmc_por_set_status(por, g->por_on, off ? off : "on");
}
#endif

#if defined(DMC_XRXS) && !defined(XUSAFE)
/* pan checks a model's xr/xs channel assertions (q_S_check, q_R_check,
 * and setq_claim when a process declares one: "partial order reduction
 * invalid", "xs chans cannot be used for rv") because its reduction
 * trusts them; SPIN's -DNOREDUCE pan compiles the checks out.  A run
 * that does not reduce (--no-por, A* without --por) skips them alike:
 * no error about a reduction it does not make.  The choice is the
 * options' (runtime/main.c), made before pan creates a process. */
void setq_claim(int, int, char *, int, char *);

static int xrxs_checked(void)
{
	return dmc_por_wanted(dmc_rt_por(dmc_glue_run));
}

int dmc_q_S_check(int x, int who)
{
	return xrxs_checked() ? q_S_check(x, who) : 1;
}

int dmc_q_R_check(int x, int who)
{
	return xrxs_checked() ? q_R_check(x, who) : 1;
}

void dmc_setq_claim(int x, int m, char *s, int y, char *p)
{
	if (xrxs_checked())
		setq_claim(x, m, s, y, p);
}
#endif

/* Once, at the first store or pop (pan's tables exist by then; the
 * options were given to por.h in runtime/main.c): POR, then the search.
 * A run that only shows the abstract model ends pan here. */
static void anytime_uerror(char *why);

/* The run keeps the message of the error whose trail it keeps: the last
 * one, or with --anytime the last shorter one (anytime_uerror). */
static void noted_uerror(char *why)
{
	dmc_glue *g = glue();
	if (!dmc_rt_anytime(dmc_glue_run))
		dmc_rt_error_found(dmc_glue_run, why);
	/* the trail's last state: the error's step from the state pan
	 * expands, or that state itself (no step), or the blocked state
	 * the glue reports (err_g) */
	if (dmc_rt_cost_moves(dmc_glue_run))
		dmc_rt_trail_moves(dmc_glue_run, g->err_g ? g->err_g - 1 : ntrpt->o_t ? glue_step_g()
		                                 : dmc_rt_expanded_g(dmc_glue_run));
	g->noted_uerror(why);
}

static void begin(dmc_glue *g)
{
	if (g->ready)
		return;
	g->ready = 1;
#if defined(BITSTATE) && defined(FULLSTACK)
	if (lifted_depth > 0)
		maxdepth = lifted_depth;
#endif
	if (dmc_rt_anytime(dmc_glue_run) && uerror != anytime_uerror) {
		/* pan counts and prints every error and goes on (-c0): the
		 * glue writes the trails (under the claim's hook, which adds
		 * the claim's closing step) */
		g->any_uerror = uerror;
		uerror = anytime_uerror;
		upto = 0;
		every_error = 0;
	}
	glue_claim_uerror_hook();
	if (uerror != noted_uerror) {     /* outermost: pan's message as it was */
		g->noted_uerror = uerror;
		uerror = noted_uerror;
	}
#ifdef DMC_MPI
	glue_dist_begin(g);
#endif
#ifndef NOREDUCE
	por_setup(g);
#else
	dmc_por *por = dmc_rt_por(dmc_glue_run);
	dmc_por_set_status(por, 0, dmc_por_wanted(por) ? "off (pan built with -DNOREDUCE)" : dmc_por_off_note(por));
#endif
	if (dmc_rt_start(dmc_glue_run) == 1)
		exit(0);
#ifdef DMC_MPI
	/* a chain state would have to go to its owner with its chain */
	dmc_rt_chains_off(dmc_glue_run, "off (distributed search)");
	/* a successor sent to its owner is pushed at pan's depth */
	dmc_rt_cost_steps(dmc_glue_run, "steps (distributed search)");
#endif
}

/* ---- what g counts (runtime/cost.c) ----
 * A step from the state pan expands is free in moves when that state is
 * inside an atomic sequence (its frame's tau bit 8: pan expands the same
 * process alone; pan clears it where the sequence blocks, and then every
 * process's step is a move) or half-way through a rendezvous (its boq:
 * the receive completes the offer's move): dmc_br_step_forced, the
 * steps ut never judges. */
int glue_step_g(void)
{
	return dmc_rt_step_g(dmc_glue_run, trpt->o_tt + 1, dmc_br_step_forced());
}

/* ---- chains of atomic steps (runtime/chains.c) ----
 * A successor inside an atomic sequence (its frame's tau bit 8: pan
 * expands the same process alone next) or in the middle of a rendezvous
 * (boq != -1: a receiver must take the offer next) is a chain state:
 * queued, not stored.  Not in a preselected expansion (partial-order
 * reduction decides its proviso on what the store says of the
 * successors), nor the glue's stutter step. */
static int chain_successor(const dmc_glue *g)
{
	if (g->in_stutter || (trpt->tau & 32))
		return 0;
	if (boq == -1 && !(ntrpt->tau & 8))
		return 0;
	return dmc_rt_chain_step(dmc_glue_run);
}

/* A chain state is in no store, so one reached again would be expanded
 * again (a sequence that branches and merges, a cycle inside it).  The
 * last CHAIN_MEMO chain states are kept, exactly (vector, the process
 * holding atomicity or making the offer, the channel): a chain state
 * equal to one of them queued at a g no larger is dropped as SPIN's
 * store drops an old state -- that copy's expansion is the same, its
 * trail no longer.  A slot overwritten costs only a second expansion. */
#define CHAIN_MEMO 4096
typedef struct glue_chain_memo {
	uint64_t fp;
	int g, who, n;
	size_t cap;
	uchar *v;
} glue_chain_memo;

static void chain_memo_free(dmc_glue *g)
{
	for (size_t i = 0; g->memo && i < CHAIN_MEMO; i++)
		free(g->memo[i].v);
	free(g->memo);
	g->memo = NULL;
}

/* 1: the chain state (vector v of n bytes, at g d) has a copy queued */
static int chain_memo_seen(dmc_glue *g, const char *v, int n, int d)
{
	if (!g->memo && !(g->memo = calloc(CHAIN_MEMO, sizeof *g->memo)))
		dmc_rt_out_of_memory("the chain states' memo", CHAIN_MEMO * sizeof *g->memo);
	int who = ntrpt->pr * 512 + boq + 1;
	uint64_t fp = dmc_fingerprint(v, (size_t) n) ^ ((uint64_t) who * 0x9E3779B97F4A7C15ull);
	glue_chain_memo *m = &g->memo[fp % CHAIN_MEMO];
	if (m->v && m->fp == fp && m->who == who && m->n == n && memcmp(m->v, v, (size_t) n) == 0) {
		if (m->g <= d)
			return 1;
		m->g = d;
		return 0;
	}
	if (m->cap < (size_t) n) {
		free(m->v);
		m->v = glue_alloc((size_t) n, "the chain states' memo");
		m->cap = (size_t) n;
	}
	memcpy(m->v, v, (size_t) n);
	m->fp = fp;
	m->who = who;
	m->n = n;
	m->g = d;
	return 0;
}

static int chain_store(dmc_glue *g, const char *v, int n, int sg)
{
#ifndef NOREDUCE
	Lstate = NULL;                    /* no hash entry: no POR tag on it (Q_PROVISO) */
	if (g->por_on)                    /* pan expands every process (por.c's bookkeeping) */
		dmc_por_successor(dmc_rt_por(dmc_glue_run), 0, ntrpt->pr, 0, 1, 0);
#endif
	g->por_sel = 0;
	if (chain_memo_seen(g, v, n, sg)) {
		dmc_rt_chain_again(dmc_glue_run);
		g->pending = 0;
		return 1;                     /* old: pan does not queue it */
	}
	g->pending = 1;
	g->pending_key = 0;
	g->pending_chain = 1;
	g->pending_g = sg;
	nstates--;                        /* pan counts a new state: this one is not stored */
	return 0;
}

int glue_pan_store(char *v, int n)
{
	dmc_glue *g = glue();
	double before = memcnt;           /* what the store keeps per state: its entries */
#ifdef BITSTATE
	int old = g->pan_b_store(v, n);
#else
	int old = h_store(v, n);
#endif
	g->store_alloc += memcnt - before;
	return old;
}

int dmc_h_store(char *v, int n)
{
	dmc_glue *g = glue();
	g->claim_taken = g->claim_trying;
	g->claim_trying = NULL;           /* the claim has moved without an error */
	begin(g);
	if (g->in_stutter)
		glue_stutter_step();
	if (g->live)
		return glue_live_h_store(v, n);
	int sg = glue_step_g();               /* g of the successor in `now` */
	if (chain_successor(g))
		return chain_store(g, v, n, sg);
	if (glue_zone_covered(v, n, sg)) {
		g->pending = 0;               /* a zone inside a stored one: nothing new */
		return 1;
	}
#ifdef DMC_MPI
	/* a successor sent to its owner is old here; the owner counts it */
	uint64_t fp;
	int sent = glue_dist_elsewhere(g, v, n, &fp);
	int old = sent ? 1 : glue_pan_store(v, n);
	uint64_t key = !dmc_rt_wants_keys(dmc_glue_run) ? 0 : fp ? fp : dmc_fingerprint(v, (size_t) n);
	int push = sent ? 0 : dmc_rt_store(dmc_glue_run, key, sg, old);
#else
	int old = glue_pan_store(v, n);
	uint64_t key = dmc_rt_wants_keys(dmc_glue_run) ? dmc_fingerprint(v, (size_t) n) : 0;
	int push = dmc_rt_store(dmc_glue_run, key, sg, old);
#endif
	if (glue_safe_offer_first(old) && !push) {
		push = 1;                     /* another sender's offer: see glue_safe_offer_first */
		key = 0;                      /* not the runtime's record of the vector */
	}
	g->pending = push;
	g->pending_key = key;
	g->pending_g = sg;
	if (push && old)
		nstates--;                    /* a re-opened state is not a new one */
#if !defined(NOREDUCE) && !defined(BITSTATE)
	if (push && old && Lstate)
		Lstate->tagged = 1;           /* a re-opened state is queued again */
#endif
#ifndef NOREDUCE
	if (g->por_on) {
		dmc_por *por = dmc_rt_por(dmc_glue_run);
		g->por_sel = (trpt->tau & 32) != 0;
		g->por_ok = dmc_por_successor(por, g->por_sel, ntrpt->pr, key, push, old == 2);
		if (g->por_sel && boq != -1)
			g->safe_rv_pid = ntrpt->pr;
		if (g->por_sel && ntrpt->pr == g->safe_rv_pid) {
			/* a rendezvous offer: a process expanded alone cannot
			 * complete it, and pan -DBFS never expands the state
			 * again when it fails (the frame it checks lacks the
			 * preselection bit): every process is expanded */
			dmc_por_reject_candidate(por);
			g->por_ok = 0;
		}
		if (g->por_sel && g->por_ok)
			trpt->tau |= 64;
		else if (g->por_sel) {
			trpt->tau &= ~64;
			if (!push)
				Lstate = NULL;        /* pan must not set bit 64 for the tag */
		}
	}
#endif
	return push ? 0 : 1;
}

/* ---- the queue ---- */

void dmc_push_bfs(Trail *f, int d)
{
	dmc_glue *g = glue();
	BFS_State *t;
	if (!g->live && !g->pending)
		return;   /* pan's re-push after a failed offer: the glue decides (glue_rv.c) */
#ifndef NOREDUCE
	/* store_state set bit 64 for a queued successor; C2cl may still say no */
	if (g->pending && g->por_on && g->por_sel && !g->por_ok)
		trpt->tau &= ~64;
#endif
	push_bfs(f, d);                       /* SPIN saves now, mask and frame */
	t = bfs_bot;
	if (g->live) {
		glue_claim_pushed(t);
		glue_live_origin();
	} else if (g->claim_steps)
		glue_claim_pushed(t);
	bfs_trail = bfs_bot = NULL;           /* ...the runtime owns the entry */
	t->nxt = NULL;
	/* A push without a preceding store call is pan re-expanding the
	 * pre-rendezvous state after a failed rendezvous (see bfs()). */
	dmc_rt_push(dmc_glue_run, t, g->pending_key, g->live ? d : g->pending_g,
	            g->pending_chain ? DMC_PUSH_CHAIN : g->pending ? DMC_PUSH_NEW : DMC_PUSH_AGAIN);
#ifndef NOREDUCE
	/* guided reduction (por.h): the push may have shown the candidate's
	 * progress, which is what it waited for */
	if (g->pending && g->por_on && g->por_sel && !g->por_ok
	    && dmc_por_candidate_ok(dmc_rt_por(dmc_glue_run))) {
		g->por_ok = 1;
		trpt->tau |= 64;
	}
#endif
	g->pending = g->pending_chain = 0;
	g->claim_taken = NULL;
}

Trail *dmc_pop_bfs(void)
{
	dmc_glue *g = glue();
	if (g->live)
		glue_live_stutter();          /* the state just expanded may be blocked */
	else
		glue_safe_after_expansion();  /* ...on rendezvous offers */
	begin(g);                          /* no store at all when the claim cannot start */
#ifdef DMC_MPI
	BFS_State *t = glue_dist_pop();
#else
	BFS_State *t = dmc_rt_pop(dmc_glue_run);
#endif
	if (!t)
		return NULL;
	dmc_por_expansion_begin(dmc_rt_por(dmc_glue_run));
	t->nxt = NULL;
	bfs_trail = bfs_bot = t;
	Trail *f = pop_bfs();                 /* restores now, returns the frame */
	dmc_rt_expanding(dmc_glue_run, f->o_tt);
	/* the state pan expands now: whether it is expanded (to see later
	 * whether it had a move), the claim's state in it; its moves are
	 * counted from here on (glue_rv.c) */
	g->last_frame = f;
	g->last_boq = boq;
	g->claim_from = glue_running_claim() >= 0 ? ((P0 *) pptr(0))->_p : -1;
	g->last_expanded = !(f->o_pm & 4) && f->o_tt < maxdepth;
	g->cur_real = 0;
	g->cur_noffer = 0;
	if (g->live)
		glue_live_popped();
	else
		glue_safe_popped(f);
	return f;
}

void dmc_br_discard(void *item)
{
	BFS_State *t = item;
#if defined(Q_PROVISO) && !defined(BITSTATE) && !defined(NOREDUCE)
	if (t->lstate)                        /* not queued any more (por.h) */
		t->lstate->tagged = 0;
#endif
	freesv(t->onow);
	t->nxt = bfs_free;
	bfs_free = t;
}

/* bfs() stores each move's state (and the initial one) through here */
void dmc_store_state(Trail *f, int shortcut, short oboq)
{
	dmc_glue *g = glue();
#ifdef BITSTATE
	/* store_state calls the bitstate store through pan's pointer b_store
	 * (set in pan's main, so not before the first store): the glue's
	 * hook goes in front of it, as dmc_h_store does for h_store */
	if (b_store != dmc_h_store) {
		g->pan_b_store = b_store;
		b_store = dmc_h_store;
	}
#endif
	glue_rv_count();
	/* the error hooks before the initial state's claim move, which may
	 * raise one (the claim ends at once) */
	begin(g);
	g->in_store = 1;
	store_state(f, shortcut, oboq);
	g->in_store = 0;
}

double dmc_br_glue_bytes(void)
{
	dmc_glue *g = glue();
	return (double) dmc_hmap_bytes(&g->claim_step) + glue_rv_bytes();
}

/* ---- trail writing without recursion (greedy trails can be very long) ---- */

static void put_step(int pr, Trans *t, int fd)
{
	int len = sprintf(snap, "%d:%d:%d\n", trcnt++, pr, t->t_id);
	if (write(fd, snap, len) != len) {
		printf("pan: error writing %s\n", fnm);
		pan_exit(1);
	}
}

/* store_state's claim move (after the step into a new state, or in the
 * initial state): the move pan tries is the one an error raised then
 * belongs to (the claim at its end, an assert in the claim, as SPIN's
 * ltl translation has them), which the trail must end with
 * (glue_live.c's claim_uerror).  dmc_h_store forgets it. */
uchar dmc_claim_transit(Trans *t, short II)
{
	dmc_glue *g = glue();
	g->claim_trying = t;
	uchar m = do_transit(t, II);
	if (!m)
		g->claim_trying = NULL;
	return m;
}

/* SPIN's cycle marker in a trail (spin -t: <<<<<START OF CYCLE>>>>>) */
static void put_cycle_mark(const dmc_glue *g, Trail *p, Trail *tr, int fd)
{
	if (!g->cycle_frame || (p != g->cycle_frame && !(p == tr && g->last_frame == g->cycle_frame)))
		return;
	if (write(fd, "-1:-1:-1\n", 9) != 9) {
		printf("pan: error writing %s\n", fnm);
		pan_exit(1);
	}
}

/* wrapup's pan_exit: the results first, then pan's own ending (its
 * timer, a model's C_EXIT) with the status they decide */
void dmc_pan_exit(int status)
{
#ifdef DMC_MPI
	glue_dist_exit(status);
#endif
	pan_exit(dmc_rt_finish(dmc_glue_run, status));
}

void dmc_putter(Trail *tr, int fd)
{
	dmc_glue *g = glue();
	/* nuerror writes the stutter step (the claim's) after the chain, but
	 * where the closing steps are set: they end the trail, the stutter
	 * step among them */
	if (g->in_stutter && !g->closing_t && !g->closing_claim)
		glue_stutter_step();
	size_t n = 0, cap = 0;
	Trail **chain = NULL;
#ifdef DMC_MPI
	for (Trail *p = tr; p; p = glue_dist_parent(p)) {
#else
	for (Trail *p = tr; p; p = (p == (Trail *) p->ostate) ? NULL : (Trail *) p->ostate) {
#endif
		DMC_NEED(chain, cap, n + 1, "writing the trail");
		chain[n++] = p;
	}
#ifdef DMC_MPI
	/* the steps before this rank's part of the trail, from the others */
	int *pre = NULL;
	/* (tr is pan's copy of the expanded state's frame, last_frame) */
	size_t npre = n ? glue_dist_prefix(chain[n - 1] == tr ? g->last_frame : chain[n - 1], &pre) : 0;
	long written = trcnt;
	for (size_t i = 0; i < npre; i++) {
		int len = sprintf(snap, "%d:%d:%d\n", trcnt++, pre[2 * i], pre[2 * i + 1]);
		if (write(fd, snap, len) != len) {
			printf("pan: error writing %s\n", fnm);
			pan_exit(1);
		}
	}
	free(pre);
#endif
	while (n-- > 0) {
		Trail *p = chain[n];
		if (p->o_t)
			put_step(p->pr, p->o_t, fd);
		/* a lasso lists the claim's steps too, as SPIN's DFS trails do:
		 * spin -t then shows the claim's state pan had at the marker */
		Trans *c = glue_claim_step_of(p == tr ? g->last_frame : p);
		if (c)
			put_step(0, c, fd);
		put_cycle_mark(g, p, tr, fd);
	}
	if (g->closing_t)
		put_step(g->closing_pr, g->closing_t, fd);
	if (g->closing_claim)
		put_step(0, g->closing_claim, fd);
#ifdef DMC_MPI
	if (!dmc_rt_anytime(dmc_glue_run))
		g->dist.trail_len = trcnt - written;   /* --anytime: the trail it keeps (below) */
#endif
	free(chain);
}

/* ---- --anytime: each shorter trail replaces MODEL.trail atomically ---- */

/* pan's trail name (make_trail's first one): the model's base name */
static void anytime_trail_name(char *buf, size_t n)
{
	const char *q = strrchr(TrailFile, '/');
	snprintf(buf, n, "%s.%s", q ? q + 1 : TrailFile, tprefix);
}

/* The trail nuerror would write for this error, into fd; its steps. */
static long anytime_put(int fd)
{
#ifdef VERI
	sprintf(snap, "-2:%d:-2\n", (uchar) ((P0 *) pptr(0))->_t);
	if (write(fd, snap, strlen(snap)) != (ssize_t) strlen(snap))
		return -1;
#endif
#ifdef MERGED
	if (write(fd, "-4:-4:-4\n", 9) != 9)
		return -1;
#endif
	trcnt = 1;
	/* pan's uerror hands nuerror the frame one up at depth 0 */
	dmc_putter(depth > 0 ? trpt : trpt + 1, fd);
	if (ntrpt->o_t)
		put_step(ntrpt->pr, ntrpt->o_t, fd);
	return trcnt - 1;
}

static void anytime_uerror(char *why)
{
	dmc_glue *g = glue();
	g->any_uerror(why);               /* counted and printed; upto = 0: no trail */
	if (!dmc_rt_anytime_shorter(dmc_glue_run, depth))
		return;                       /* its steps so far are no fewer */
	dmc_rt_error_found(dmc_glue_run, why);
	char name[512], tmp[530];
	anytime_trail_name(name, sizeof name);
	snprintf(tmp, sizeof tmp, "%s.tmp", name);
	int fd = open(tmp, O_CREAT | O_WRONLY | O_TRUNC, 0666);
	if (fd < 0) {
		printf("pan: cannot create %s\n", tmp);
		pan_exit(1);
	}
	long steps = anytime_put(fd);
	if (close(fd) != 0 || steps < 0) {
		printf("pan: error writing %s\n", tmp);
		pan_exit(1);
	}
	if (!dmc_rt_anytime_shorter(dmc_glue_run, steps)) {
		unlink(tmp);
		return;
	}
	if (rename(tmp, name) != 0) {
		printf("pan: cannot rename %s to %s\n", tmp, name);
		pan_exit(1);
	}
	snprintf(fnm, 512, "%s", name);   /* the trail the results name */
#ifdef DMC_MPI
	g->dist.trail_len = steps;
#endif
	printf("pan: wrote %s\n", name);
	dmc_rt_anytime_improved(dmc_glue_run, steps);
#ifdef DMC_MPI
	glue_dist_bound(g, steps);        /* the other ranks prune by it too */
#endif
}
