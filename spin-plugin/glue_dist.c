// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * glue_dist.c -- pan's side of the hash-distributed search (runtime/
 * dist.h, docs/distributed.md): only in a pan built by `dmc cc --mpi`
 * (-DDMC_MPI); empty otherwise, so the single-process pan is unchanged.
 *
 * A successor whose fingerprint belongs to another rank is not stored
 * here: its record (the fingerprint, the state vector, its trail frame's
 * fields, the parent frame's id, and SPIN's compression mask and
 * process/queue offsets when they changed) goes to the owner, and pan is
 * told the state is old.  The owner
 * restores it into `now` as pop_bfs would, offers it to SPIN's store and
 * the runtime, and queues it with push_bfs, as if pan had generated it;
 * its frame remembers the sender and the parent (a link), which is how a
 * trail crosses ranks (dmc_putter asks for the segments).  States inside
 * an atomic sequence or a rendezvous stay on the rank that generated
 * them (the glue's rendezvous bookkeeping is per rank): such a state may
 * be stored on two ranks, which costs time, never soundness.
 */
#include "glue.h"

#ifdef DMC_MPI
#include "dist.h"

extern int trcnt;
#if !defined(NOCOMP) && !defined(HC)
extern uchar *Mask;
#endif
extern uchar *proc_skip, *q_skip;

/* A record: this head, the state vector, then (REC_LAYOUT) the layout:
 * SPIN's compression mask and the process and queue offsets.  The layout
 * changes only when processes or queues are made or deleted, so it goes
 * only when it differs from the last record's to the same rank; the
 * receiver keeps the last one from each rank (MPI keeps the order of the
 * messages between two ranks, and the runtime takes them in order). */
typedef struct {
	uint64_t fp;                  /* dmc_fingerprint of the vector */
	uint64_t parent;              /* the sender's frame of the parent */
	int32_t vsz, depth, t_id, st;
	uint8_t pr, tau, o_pm, o_m;
	uint16_t nr_pr, nr_qs;
	int32_t parent_h;             /* the expanded state's h and plateau count */
	uint16_t parent_stall;        /* (saturated: past it the reduction is SPIN's anyway) */
	uint8_t flags;
} rec_head;
_Static_assert(sizeof(rec_head) == 48, "a record's head: docs/distributed.md's 48 bytes");
enum { REC_LAYOUT = 1 };

/* a layout: its sizes, then the bytes (mask, offsets, skips).  The glue
 * keeps the last one sent to each rank and received from each rank
 * (g->dist.sent, recv), and which rank's received layout is in pan's
 * globals now (layout_in_globals, -1: none; pan changes them when it
 * expands a state, glue_dist_pop). */
typedef struct glue_dist_layout {
	int vsz, nr_pr, nr_qs;
	size_t n, cap;
	unsigned char *b;
} layout;

/* The link of a received state's frame to its parent on the sender is
 * kept in the frame itself, in place of the parent pointer (ostate, NULL
 * in a root frame of this rank's chains): the sender's rank above the
 * parent frame's address (user-space addresses have 47 bits), and bit 0
 * set, which no frame's address has.  pan reads a frame's ostate only
 * for a state in the middle of a rendezvous, which never crosses ranks;
 * the trail's walks stop at a link (glue_dist_parent).  (A hash map from
 * frame to link cost 32 to 64 bytes per received state.) */
#define LINK_RANK_SHIFT 48
static uint64_t link_of(int rank, uint64_t parent)
{
	if (parent >> LINK_RANK_SHIFT || (parent & 1)) {
		fprintf(stderr, "pan: spin-dmc: a frame address above 2^48: the distributed search cannot link it\n");
		exit(2);
	}
	return (uint64_t) rank << LINK_RANK_SHIFT | parent | 1;
}
static int is_link(const Trail *f) { return ((uintptr_t) f->ostate & 1) != 0; }
static int link_rank(uint64_t l) { return (int) (l >> LINK_RANK_SHIFT); }
static uint64_t link_parent(uint64_t l) { return l & ((1ull << LINK_RANK_SHIFT) - 2); }

Trail *glue_dist_parent(Trail *f)
{
	return is_link(f) || f == (Trail *) f->ostate ? NULL : (Trail *) f->ostate;
}

/* transitions by t_id (a record names its step by the id) */
static Trans *trans_by_id(dmc_glue *g, int id)
{
	if (!g->dist.trans) {
		int max = 0;
		for (int tp = 0; tp < dmc_br_ntypes(); tp++)
			for (int s = 0; trans[tp] && s < dmc_br_nstates(tp); s++)
				for (Trans *t = trans[tp][s]; t; t = t->nxt)
					max = t->t_id > max ? t->t_id : max;
		g->dist.trans = calloc((size_t) max + 1, sizeof *g->dist.trans);
		if (!g->dist.trans)
			dmc_rt_out_of_memory("the distributed search's transition table", 0);
		g->dist.ntrans = max + 1;
		for (int tp = 0; tp < dmc_br_ntypes(); tp++)
			for (int s = 0; trans[tp] && s < dmc_br_nstates(tp); s++)
				for (Trans *t = trans[tp][s]; t; t = t->nxt)
					if (t->t_id >= 0 && !g->dist.trans[t->t_id])
						g->dist.trans[t->t_id] = t;
	}
	return id >= 0 && id < g->dist.ntrans ? g->dist.trans[id] : NULL;
}

/* the bytes of a layout with these sizes */
static size_t layout_bytes(int vsz, int nr_pr, int nr_qs)
{
	size_t n = (size_t) nr_pr * (sizeof proc_offset[0] + 1) + (size_t) nr_qs * (sizeof q_offset[0] + 1);
#if !defined(NOCOMP) && !defined(HC)
	n += (size_t) vsz;
#else
	(void) vsz;
#endif
	return n;
}

/* pan's layout of the state in now, to p */
static void layout_pack(unsigned char *p, int vsz, int nr_pr, int nr_qs)
{
	size_t po = (size_t) nr_pr * sizeof proc_offset[0], qo = (size_t) nr_qs * sizeof q_offset[0];
#if !defined(NOCOMP) && !defined(HC)
	memcpy(p, Mask, (size_t) vsz);
	p += vsz;
#else
	(void) vsz;
#endif
	memcpy(p, proc_offset, po);
	p += po;
	memcpy(p, proc_skip, (size_t) nr_pr);
	p += nr_pr;
	memcpy(p, q_offset, qo);
	p += qo;
	memcpy(p, q_skip, (size_t) nr_qs);
}

/* ...and back into pan's globals */
static void layout_unpack(const unsigned char *p, int vsz, int nr_pr, int nr_qs)
{
	size_t po = (size_t) nr_pr * sizeof proc_offset[0], qo = (size_t) nr_qs * sizeof q_offset[0];
#if !defined(NOCOMP) && !defined(HC)
	memcpy(Mask, p, (size_t) vsz);
	p += vsz;
#else
	(void) vsz;
#endif
	memcpy(proc_offset, p, po);
	p += po;
	memcpy(proc_skip, p, (size_t) nr_pr);
	p += nr_pr;
	memcpy(q_offset, p, qo);
	p += qo;
	memcpy(q_skip, p, (size_t) nr_qs);
}

static void layout_keep(layout *l, const unsigned char *p, size_t n, int vsz, int nr_pr, int nr_qs)
{
	DMC_NEED(l->b, l->cap, n, "a state layout");
	memcpy(l->b, p, n);
	l->n = n;
	l->vsz = vsz;
	l->nr_pr = nr_pr;
	l->nr_qs = nr_qs;
}

/* A state another rank sent: stored and queued here as pan would. */
static void take(const unsigned char *rec, size_t n, int from)
{
	dmc_glue *g = glue();
	rec_head h;
	if (n < sizeof h)
		return;
	memcpy(&h, rec, sizeof h);
	const unsigned char *p = rec + sizeof h;
	size_t ln = layout_bytes(h.vsz, h.nr_pr, h.nr_qs);
	layout *l = &g->dist.recv[from];
	if (n < sizeof h + (size_t) h.vsz + (h.flags & REC_LAYOUT ? ln : 0)
	    || (!(h.flags & REC_LAYOUT) && !(l->b && l->n == ln && l->vsz == h.vsz
	                                     && l->nr_pr == h.nr_pr && l->nr_qs == h.nr_qs))) {
		fprintf(stderr, "pan: spin-dmc: a state record from rank %d does not fit its layout\n", from);
		exit(2);
	}
	memcpy((uchar *) &now, p, (size_t) h.vsz);
	vsize = (ulong) h.vsz;
	if (h.flags & REC_LAYOUT) {
		layout_keep(l, p + h.vsz, ln, h.vsz, h.nr_pr, h.nr_qs);
		g->dist.layout_in_globals = -1;
	}
	if (g->dist.layout_in_globals != from) {
		layout_unpack(l->b, h.vsz, h.nr_pr, h.nr_qs);
		g->dist.layout_in_globals = from;
	}
	boq = -1;

	int old = glue_pan_store((char *) &now, (int) vsize);
	uint64_t key = dmc_rt_wants_keys(dmc_glue_run) ? h.fp : 0;
	int push = dmc_rt_store(dmc_glue_run, key, h.depth, old);
	if (!old)
		nstates++;
	else
		truncs++;
	if (!push)
		return;
#if !defined(NOREDUCE) && !defined(BITSTATE)
	if (old && Lstate)
		Lstate->tagged = 1;           /* queued again (por.h) */
#endif
	Trail f;
	memset(&f, 0, sizeof f);
	f.st = h.st;
	f.pr = h.pr;
	f.tau = h.tau;
	f.o_pm = h.o_pm;
	f.o_m = h.o_m;
	f.o_t = trans_by_id(g, h.t_id);
	f.ostate = (H_el *) (uintptr_t) link_of(from, h.parent);   /* the parent is on rank `from` */
	push_bfs(&f, h.depth);
	BFS_State *t = bfs_bot;
	bfs_trail = bfs_bot = NULL;
	t->nxt = NULL;
	dmc_rt_push_child(dmc_glue_run, t, key, h.depth, h.parent_h, h.parent_stall);
}

/* a record's level for bfs's exact levels: its state's depth */
static long level(const unsigned char *rec, size_t n)
{
	rec_head h;
	if (n < sizeof h)
		return 0;
	memcpy(&h, rec, sizeof h);
	return h.depth;
}

/* The steps from the first frame of this rank's chain to frame id. */
static int *segment(uint64_t id, size_t *n, int *rank, uint64_t *next)
{
	size_t k = 0, cap = 0;
	int *steps = NULL;
	Trail *top = NULL;
	for (Trail *p = (Trail *) (uintptr_t) id; p; p = glue_dist_parent(p)) {
		top = p;
		if (p->o_t) {
			DMC_NEED(steps, cap, 2 * k + 2, "a trail segment");
			steps[2 * k] = p->pr;
			steps[2 * k + 1] = p->o_t->t_id;
			k++;
		}
	}
	for (size_t i = 0; i < k / 2; i++) {      /* root first */
		int a = steps[2 * i], b = steps[2 * i + 1];
		steps[2 * i] = steps[2 * (k - 1 - i)];
		steps[2 * i + 1] = steps[2 * (k - 1 - i) + 1];
		steps[2 * (k - 1 - i)] = a;
		steps[2 * (k - 1 - i) + 1] = b;
	}
	*n = k;
	uint64_t l = top && is_link(top) ? (uint64_t) (uintptr_t) top->ostate : 0;
	*rank = l ? link_rank(l) : -1;
	*next = l ? link_parent(l) : 0;
	return steps;
}

/* With the glue's state, before pan reads its options. */
void glue_dist_init(dmc_glue *g)
{
	static const dmc_dist_glue hooks = { take, segment, level };
	if (!(g->dist.ctx = dmc_dist_init(NULL, NULL, &hooks)))
		exit(2);
	g->dist.nranks = dmc_dist_size(g->dist.ctx);
	g->dist.rank = dmc_dist_rank(g->dist.ctx);
	g->dist.layout_in_globals = -1;
	g->dist.keys = -1;
	g->dist.trail_len = -1;
	size_t nr = (size_t) g->dist.nranks;
	g->dist.sent = calloc(nr, sizeof *g->dist.sent);
	g->dist.recv = calloc(nr, sizeof *g->dist.recv);
	if (!g->dist.sent || !g->dist.recv)
		dmc_rt_out_of_memory("the distributed search's layouts", 2 * nr * sizeof(layout));
	/* each rank stores about 1/N of the states: pan's default hash table
	 * (bits with -DBITSTATE) is shared out likewise, rounded to a power
	 * of 2; pan's -w, parsed later, is per rank */
	for (int k = 1; k < g->dist.nranks && ssize > 16; k *= 2)
		ssize--;
}

void glue_dist_bound(dmc_glue *g, long steps)
{
	dmc_dist_bound(g->dist.ctx, steps);
}

void glue_dist_begin(dmc_glue *g)
{
	dmc_dist *dist = g->dist.ctx;
	if (g->live)
		dmc_dist_refuse(dmc_glue_run, "--ranks: -a and -l are not distributed (docs/distributed.md)");
	if (glue_running_claim() >= 0)
		dmc_dist_refuse(dmc_glue_run, "--ranks: a model with a never claim (or ltl formula) is not distributed "
		                  "(docs/distributed.md)");
	dmc_dist_setup(dist, dmc_glue_run, SYNC > 0);
	if (dmc_dist_rank(dist) > 0) {
		/* every rank writes its own trail; the one that reports renames
		 * its file to pan's name at the end */
		snprintf(g->dist.tprefix, sizeof g->dist.tprefix, "rank%d.%s", dmc_dist_rank(dist), tprefix);
		tprefix = g->dist.tprefix;
	}
}

/* the 8 bytes at p, as a word */
static uint64_t word_at(const unsigned char *p)
{
	uint64_t w;
	memcpy(&w, p, sizeof w);
	return w;
}

/* Which rank owns a successor when the runtime wants no fingerprint
 * (bfs: dmc_rt_wants_keys): a hash of the vector in four independent
 * lanes, a few times cheaper than dmc_fingerprint's one chain of
 * multiplications (which costs about a tenth of a bfs rank's time);
 * only its spread over the ranks matters. */
static uint64_t owner_hash(const unsigned char *p, size_t n)
{
	const uint64_t k0 = 0x87C37B91114253D5ull, k1 = 0x4CF5AD432745937Full,
	               k2 = 0xC2B2AE3D27D4EB4Full, k3 = 0x9E3779B97F4A7C15ull;
	uint64_t a = n, b = k0, c = k1, d = k2;
	size_t i = 0;
	for (; i + 32 <= n; i += 32) {
		a = (a ^ word_at(p + i)) * k0;
		b = (b ^ word_at(p + i + 8)) * k1;
		c = (c ^ word_at(p + i + 16)) * k2;
		d = (d ^ word_at(p + i + 24)) * k3;
	}
	if (i + 8 <= n)
		a = (a ^ word_at(p + i)) * k1;
	if (i + 16 <= n)
		b = (b ^ word_at(p + i + 8)) * k2;
	if (i + 24 <= n)
		c = (c ^ word_at(p + i + 16)) * k3;
	if (n % 8 && n >= 8)          /* the last bytes: the last word, overlapping */
		d = (d ^ word_at(p + n - 8)) * k0;
	else if (n % 8) {
		uint64_t w = 0;
		memcpy(&w, p, n);
		d = (d ^ w) * k0;
	}
	uint64_t h = (a ^ a >> 29) + (b ^ b >> 31) * k3 + (c ^ c >> 27) + (d ^ d >> 33) * k2;
	h ^= h >> 32;
	h *= 0xD6E8FEB86659FD93ull;
	h ^= h >> 32;
	return h;
}

/* Is the layout last sent (l) pan's layout of the state in now?  Read in
 * place: packing it for every record would cost as much as the rest of
 * the record. */
static int layout_is_now(const layout *l, int vsz, int nr_pr, int nr_qs)
{
	if (!l->b || l->vsz != vsz || l->nr_pr != nr_pr || l->nr_qs != nr_qs)
		return 0;
	const unsigned char *p = l->b;
	size_t po = (size_t) nr_pr * sizeof proc_offset[0], qo = (size_t) nr_qs * sizeof q_offset[0];
#if !defined(NOCOMP) && !defined(HC)
	if (memcmp(p, Mask, (size_t) vsz) != 0)
		return 0;
	p += vsz;
#endif
	if (memcmp(p, proc_offset, po) != 0 || memcmp(p + po, proc_skip, (size_t) nr_pr) != 0)
		return 0;
	p += po + (size_t) nr_pr;
	return memcmp(p, q_offset, qo) == 0 && memcmp(p + qo, q_skip, (size_t) nr_qs) == 0;
}

/* dmc_h_store's successor in `now` (v, n) belongs to another rank: sent
 * there; 1 when it was (pan then takes it for an old state).  *fp: the
 * vector's fingerprint (the runtime's key too), 0 if not computed.  The
 * owner (dmc_dist_owner) is picked by the fingerprint when the runtime
 * wants it, else by owner_hash (every rank runs the same search, so every
 * rank picks the same owner). */
int glue_dist_elsewhere(dmc_glue *g, char *v, int n, uint64_t *fp)
{
	*fp = 0;
	if (g->dist.nranks == 1 || g->in_stutter || boq != -1 || (ntrpt->tau & 8))
		return 0;
	if (g->dist.keys < 0)         /* the search is set up before the first store */
		g->dist.keys = dmc_rt_wants_keys(dmc_glue_run);
	int keys = g->dist.keys;
	uint64_t own = keys ? dmc_fingerprint(v, (size_t) n) : owner_hash((const unsigned char *) v, (size_t) n);
	*fp = keys ? own : 0;
	dmc_dist *dist = g->dist.ctx;
	int to = dmc_dist_owner(dist, own, g->dist.nranks);
	if (to == g->dist.rank)
		return 0;
	rec_head h;
	memset(&h, 0, sizeof h);      /* the padding too: the bytes go out */
	h.fp = *fp;
	h.parent = (uint64_t) (uintptr_t) ntrpt->ostate;
	h.vsz = (int32_t) vsize;
	h.depth = trpt->o_tt + 1;
	h.t_id = ntrpt->o_t ? ntrpt->o_t->t_id : -1;
	h.st = ntrpt->st;
	h.pr = ntrpt->pr;
	h.tau = ntrpt->tau;
	h.o_pm = ntrpt->o_pm;
	h.o_m = ntrpt->o_m;
	h.nr_pr = now._nr_pr;
	h.nr_qs = now._nr_qs;
	unsigned stall;
	int ph;
	dmc_rt_expanded(dmc_glue_run, &ph, &stall);
	h.parent_h = ph;
	h.parent_stall = (uint16_t) (stall < UINT16_MAX ? stall : UINT16_MAX);
	layout *l = &g->dist.sent[to];
	size_t ln = layout_is_now(l, h.vsz, h.nr_pr, h.nr_qs) ? 0 : layout_bytes(h.vsz, h.nr_pr, h.nr_qs);
	unsigned char *p = dmc_dist_reserve(dist, to, sizeof h + vsize + ln);
	memcpy(p + sizeof h, &now, vsize);
	if (ln) {
		unsigned char *lp = p + sizeof h + vsize;
		h.flags |= REC_LAYOUT;
		layout_pack(lp, h.vsz, h.nr_pr, h.nr_qs);
		layout_keep(l, lp, ln, h.vsz, h.nr_pr, h.nr_qs);
	}
	memcpy(p, &h, sizeof h);
	dmc_dist_reserved(dist, to);
	return 1;
}

/* The next state to expand: from the runtime, after what arrived; when
 * this rank has none, wait for states or the end of the search. */
void *glue_dist_pop(void)
{
	dmc_glue *g = glue();
	dmc_dist *dist = g->dist.ctx;
	for (;;) {
		if (dmc_dist_poll(dist, 32) || dmc_dist_guide(dist))
			return NULL;
		BFS_State *t = dmc_rt_pop(dmc_glue_run);
		if (t) {
			if (dmc_dist_gate(dist, dmc_dist_level_of(dmc_glue_run, t->frame->o_tt)))
				return NULL;
			g->dist.layout_in_globals = -1;   /* pan restores and expands t */
			return t;
		}
		const char *why = dmc_dist_run_stopped(dmc_glue_run);
		if (why) {
			dmc_dist_stop(dist, why);     /* a limit: every rank stops */
			return NULL;
		}
		if (dmc_dist_idle(dist))
			return NULL;
	}
}

/* The steps before frame top (the first of this rank's chain), from the
 * ranks that hold them; 0 when the chain starts here. */
size_t glue_dist_prefix(Trail *top, int **steps)
{
	size_t n = 0, cap = 0;
	*steps = NULL;
	if (is_link(top)) {
		uint64_t l = (uint64_t) (uintptr_t) top->ostate;
		dmc_dist_trail(glue()->dist.ctx, link_rank(l), link_parent(l), steps, &n, &cap);
	}
	return n;
}

/* pan ends: every rank ends together; the one that reports prints the
 * results (its trail renamed to pan's name), every rank exits with its
 * status. */
_Noreturn void glue_dist_exit(int status)
{
	dmc_glue *g = glue();
	dmc_dist *dist = g->dist.ctx;
	long len = errors > 0 && g->dist.trail_len >= 0 ? g->dist.trail_len : -1;
	int rep = dmc_dist_end(dist, dmc_glue_run, len);
	/* the other ranks' trails go before the reported one takes pan's name */
	if (len >= 0 && !rep)
		unlink(fnm);
	dmc_dist_barrier(dist);
	if (len >= 0) {
		if (rep && dmc_dist_rank(dist) > 0) {
			/* pan's name: rank N's prefix off */
			char want[512];
			const char *dot = strstr(fnm, ".rank");
			const char *rest = dot ? strchr(dot + 5, '.') : NULL;
			if (dot && rest) {
				snprintf(want, sizeof want, "%.*s%s", (int) (dot - fnm), fnm, rest);
				if (rename(fnm, want) == 0)
					snprintf(fnm, 512, "%s", want);
			}
		}
	}
	int code = dmc_rt_finish(dmc_glue_run, status);
	pan_exit(dmc_dist_finish(dist, code, rep));
	exit(code);
}
#endif
