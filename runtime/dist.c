// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * dist.c -- hash-distributed search over MPI: batches of states, Safra's
 * termination detection, stops, trail segments, the end of a run
 * (dist.h).  Compiled only into libdmc_mpi.a (-DDMC_MPI, with MPI's
 * headers); in libdmc.a this file is empty.
 */
#ifdef DMC_MPI
#include "dist.h"
#include "run_context.h"
#include "faults.h"
#include "search.h"
#include "runtime.h"
#include "por.h"

#include <mpi.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { TAG_STATES = 1, TAG_TOKEN, TAG_STOP, TAG_TREQ, TAG_TRESP, TAG_LEVEL, TAG_BOUND };
#define LEVEL_IDLE LONG_MAX
enum { STOP_DONE, STOP_VIOLATION, STOP_LIMIT };
/* A batch goes when it has BATCH_BYTES, when its oldest record has
 * waited FLUSH_NS (at a poll: every 32 expansions), and when the rank
 * runs out of work.  Fewer, larger messages cost less per state than one
 * every poll; the wait bounds how long another rank may starve. */
#define BATCH_BYTES 65536
#define FLUSH_NS 1000000L

typedef struct { unsigned char *b; size_t n, cap; } buf;
typedef struct { MPI_Request req; unsigned char *b; } pending;

struct dmc_dist {
	int rank, size;
	dmc_dist_glue glue;
	dmc_run *run;                 /* set by dmc_dist_setup */
	buf *out;                     /* a batch per rank */
	pending *sends;               /* Isends not known complete */
	size_t nsends, sends_cap;
	long *sent_to, *recv_from;    /* messages of every kind, for the final drain */
	unsigned polls;
	long last_flush;              /* ns (monotonic) of the last flush of every batch */
	/* what went where, for DMC_DIST_STATS (docs/distributed.md) */
	int stats;
	long batches, records;
	double bytes, idle_s;
	/* Safra: batches sent minus received, colour, the token */
	long count;
	int black;
	int have_token, token_out;
	long tok_count;
	int tok_black;
	int stop;                     /* STOP_* received (or sent), or -1 */
	unsigned delay;               /* DMC_DIST_DELAY set: a random state for delays */
	const char *why;              /* another rank stopped this one */
	/* batches that arrived while the glue could not take them (a trail
	 * being assembled in the middle of an expansion) */
	unsigned char **later;
	int *later_n, *later_from;
	size_t nlater, later_cap;
	/* the level gate (dmc_dist_gate): the deepest level each rank has
	 * expanded (LEVEL_IDLE: none, it is idle), and this rank's; with
	 * exact levels (bfs), the level each rank is done with (-1: none)
	 * and whether it holds states */
	long *level, my_level;
	double gated_s;
	/* greedy's guidance (dmc_dist_guide): level and my_level are then
	 * the best h each rank holds, this rank's as last announced */
	int guide;
	long guides;                  /* announcements sent */
	int exact;
	long done;
	int *busy, busy_sent;
	/* exact levels: records that arrived before every rank was done
	 * with the levels below theirs (take_batch) */
	struct deferred { unsigned char *rec; size_t n; long level; int from; } *def;
	size_t ndef, def_cap;
	/* deferred records from each rank; whether one of them must still
	 * wait (take_later) */
	size_t *ndef_from;
	unsigned char *blocked;
	/* a trail segment being waited for */
	int waiting;
	unsigned char *resp;
	int resp_len;
};

static long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* An idle rank sleeps between polls, leaving its core to the others
 * (oversubscribed ranks share cores): 50 us; at the level gate the sleep
 * doubles while nothing arrives, up to NAP_MAX_NS.  When another process
 * has a rank's core, the wait at the gate is long, and every wake-up of
 * the waiting rank takes a core from the rank it waits for, or from the
 * other process, and empties caches; a wait on free cores is short and
 * stays at the shortest sleeps. */
#define NAP_NS 50000L
#define NAP_MAX_NS 500000L

static void nap_for(long ns)
{
	struct timespec ts = { 0, ns };
	nanosleep(&ts, NULL);
}

static void nap(void)
{
	nap_for(NAP_NS);
}

static void *need(void *p, size_t n)
{
	if (!p && n)
		dmc_rt_out_of_memory("the distributed search's buffers", n);
	return p;
}

static void isend(dmc_dist *D, int to, int tag, unsigned char *b, int n)
{
	if (D->nsends == D->sends_cap) {
		D->sends_cap = D->sends_cap ? 2 * D->sends_cap : 64;
		D->sends = need(realloc(D->sends, D->sends_cap * sizeof *D->sends), D->sends_cap * sizeof *D->sends);
	}
	pending *p = &D->sends[D->nsends++];
	p->b = b;
	MPI_Isend(b, n, MPI_BYTE, to, tag, MPI_COMM_WORLD, &p->req);
	D->sent_to[to]++;
}

/* a small message: copied, sent without blocking */
static void send_small(dmc_dist *D, int to, int tag, const void *m, int n)
{
	unsigned char *b = need(malloc((size_t) n), (size_t) n);
	memcpy(b, m, (size_t) n);
	isend(D, to, tag, b, n);
}

/* free the buffers of the sends that completed */
static void reap(dmc_dist *D)
{
	size_t k = 0;
	for (size_t i = 0; i < D->nsends; i++) {
		int done = 0;
		MPI_Test(&D->sends[i].req, &done, MPI_STATUS_IGNORE);
		if (done)
			free(D->sends[i].b);
		else
			D->sends[k++] = D->sends[i];
	}
	D->nsends = k;
}

static void flush_to(dmc_dist *D, int to)
{
	buf *o = &D->out[to];
	if (o->n == 0)
		return;
	isend(D, to, TAG_STATES, o->b, (int) o->n);
	D->count++;
	D->batches++;
	D->bytes += (double) o->n;
	o->b = NULL;
	o->n = o->cap = 0;
}

static void flush_all(dmc_dist *D)
{
	for (int r = 0; r < D->size; r++)
		flush_to(D, r);
	reap(D);
	D->last_flush = now_ns();
}

dmc_dist *dmc_dist_init(int *argc, char ***argv, const dmc_dist_glue *glue)
{
	int provided;
	if (MPI_Init_thread(argc, argv, MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS) {
		fprintf(stderr, "pan: spin-dmc: MPI_Init failed\n");
		return NULL;
	}
	dmc_dist *D = calloc(1, sizeof *D);
	if (!D)
		return NULL;
	MPI_Comm_rank(MPI_COMM_WORLD, &D->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &D->size);
	D->glue = *glue;
	D->out = calloc((size_t) D->size, sizeof *D->out);
	D->sent_to = calloc((size_t) D->size, sizeof *D->sent_to);
	D->recv_from = calloc((size_t) D->size, sizeof *D->recv_from);
	D->level = calloc((size_t) D->size, sizeof *D->level);
	D->busy = calloc((size_t) D->size, sizeof *D->busy);
	D->ndef_from = calloc((size_t) D->size, sizeof *D->ndef_from);
	D->blocked = calloc((size_t) D->size, 1);
	if (!D->out || !D->sent_to || !D->recv_from || !D->level || !D->busy || !D->ndef_from || !D->blocked)
		return NULL;
	D->stop = -1;
	D->stats = getenv("DMC_DIST_STATS") != NULL;
	D->last_flush = now_ns();
	if (getenv("DMC_DIST_DELAY"))
		D->delay = 2u * (unsigned) D->rank + 1u;
	return D;
}

int dmc_dist_rank(const dmc_dist *D) { return D->rank; }
int dmc_dist_size(const dmc_dist *D) { return D->size; }
const char *dmc_dist_stopped(const dmc_dist *D) { return D->why; }

void *dmc_dist_reserve(dmc_dist *D, int to, size_t n)
{
	buf *o = &D->out[to];
	uint32_t len = (uint32_t) n;
	if (o->n + sizeof len + n > o->cap) {
		size_t cap = o->cap ? o->cap : BATCH_BYTES + 4096;
		while (cap < o->n + sizeof len + n)
			cap *= 2;
		o->b = need(realloc(o->b, cap), cap);
		o->cap = cap;
	}
	memcpy(o->b + o->n, &len, sizeof len);
	void *rec = o->b + o->n + sizeof len;
	o->n += sizeof len + n;
	D->records++;
	return rec;
}

void dmc_dist_reserved(dmc_dist *D, int to)
{
	if (D->out[to].n >= BATCH_BYTES)
		flush_to(D, to);
}

static void serve_segment(dmc_dist *D, int to, const unsigned char *m)
{
	uint64_t id, next = 0;
	memcpy(&id, m, sizeof id);
	size_t n = 0;
	int rank = -1;
	int *steps = D->glue.segment(id, &n, &rank, &next);
	size_t len = sizeof(int) + sizeof next + sizeof(int) + 2 * n * sizeof(int);
	unsigned char *b = need(malloc(len), len);
	int ni = (int) n;
	memcpy(b, &rank, sizeof rank);
	memcpy(b + sizeof rank, &next, sizeof next);
	memcpy(b + sizeof rank + sizeof next, &ni, sizeof ni);
	if (n)
		memcpy(b + sizeof rank + sizeof next + sizeof ni, steps, 2 * n * sizeof(int));
	free(steps);
	isend(D, to, TAG_TRESP, b, (int) len);
}

/* the lowest level every other rank is done with (exact levels) */
static long low_done(const dmc_dist *D)
{
	long low = LEVEL_IDLE;
	for (int r = 0; r < D->size; r++)
		if (r != D->rank && D->level[r] < low)
			low = D->level[r];
	return low;
}

/* Exact levels: a record of level L (a state at depth L) is stored only
 * when every rank is done with L - 2, so that every record of a lower
 * level for the same state (made by an expansion of level L - 2 or
 * less) has arrived and was stored first.  The sender was at level
 * L - 1, so this rank is done with L - 2 already; another rank's
 * report that it is done may still be on its way (3 ranks or more). */
static int may_take(const dmc_dist *D, long level)
{
	return !D->exact || level - 2 <= low_done(D);
}

static void defer(dmc_dist *D, const unsigned char *rec, size_t n, long level, int from)
{
	if (D->ndef == D->def_cap) {
		D->def_cap = D->def_cap ? 2 * D->def_cap : 256;
		D->def = need(realloc(D->def, D->def_cap * sizeof *D->def), D->def_cap * sizeof *D->def);
	}
	struct deferred *d = &D->def[D->ndef++];
	d->rec = need(malloc(n ? n : 1), n);
	memcpy(d->rec, rec, n);
	d->n = n;
	d->level = level;
	d->from = from;
	D->ndef_from[from]++;
}

static void take_batch(dmc_dist *D, const unsigned char *m, int n, int from)
{
	for (size_t at = 0; at + 4 <= (size_t) n; ) {
		uint32_t len;
		memcpy(&len, m + at, sizeof len);
		const unsigned char *rec = m + at + sizeof len;
		long level = D->exact ? D->glue.level(rec, len) : 0;
		/* a rank's records are taken in the order it sent them: a
		 * record may rely on the layout an earlier one carried */
		if (may_take(D, level) && !D->ndef_from[from])
			D->glue.take(rec, len, from);
		else
			defer(D, rec, len, level, from);
		at += sizeof len + len;
	}
}

/* the batches kept for later, and the deferred records that may be
 * stored now, to the glue */
static int take_later(dmc_dist *D)
{
	size_t n = D->nlater, k = 0, took = 0;
	for (size_t i = 0; i < n; i++) {
		take_batch(D, D->later[i], D->later_n[i], D->later_from[i]);
		free(D->later[i]);
	}
	D->nlater = 0;
	for (size_t i = 0; i < D->ndef; i++) {
		struct deferred *d = &D->def[i];
		if (!D->blocked[d->from] && may_take(D, d->level)) {
			D->glue.take(d->rec, d->n, d->from);
			D->ndef_from[d->from]--;
			free(d->rec);
			took++;
		} else {
			D->blocked[d->from] = 1;      /* in order: the rest of its records wait too */
			D->def[k++] = *d;
		}
	}
	D->ndef = k;
	memset(D->blocked, 0, (size_t) D->size);
	return n > 0 || took > 0;
}

static void keep_later(dmc_dist *D, unsigned char *m, int n, int from)
{
	if (D->nlater == D->later_cap) {
		D->later_cap = D->later_cap ? 2 * D->later_cap : 16;
		D->later = need(realloc(D->later, D->later_cap * sizeof *D->later), 1);
		D->later_n = need(realloc(D->later_n, D->later_cap * sizeof *D->later_n), 1);
		D->later_from = need(realloc(D->later_from, D->later_cap * sizeof *D->later_from), 1);
	}
	D->later[D->nlater] = m;
	D->later_n[D->nlater] = n;
	D->later_from[D->nlater++] = from;
}

/* One message, if any has arrived: 1 if one was handled.  take: 1 states
 * go to the glue, 0 they are kept for later (a trail is being written),
 * -1 they are dropped (the search is over). */
static int receive_one(dmc_dist *D, int take, int *took)
{
	int flag = 0, n;
	MPI_Status st;
	if (D->delay) {
		/* the test of termination detection (tests/e2e/distributed.sh):
		 * half of the time a message that arrived stays in flight a while */
		D->delay = D->delay * 1103515245u + 12345u;
		if ((D->delay >> 16) & 1) {
			struct timespec ts = { 0, (long) ((D->delay >> 8) % 200) * 1000 };
			nanosleep(&ts, NULL);
			return 0;
		}
	}
	MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
	if (!flag)
		return 0;
	MPI_Get_count(&st, MPI_BYTE, &n);
	unsigned char *m = need(malloc(n > 0 ? (size_t) n : 1), 1);
	MPI_Recv(m, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	D->recv_from[st.MPI_SOURCE]++;
	switch (st.MPI_TAG) {
	case TAG_STATES:
		D->count--;
		D->black = 1;
		if (take == 0) {
			keep_later(D, m, n, st.MPI_SOURCE);
			return 1;
		}
		if (take > 0)
			take_batch(D, m, n, st.MPI_SOURCE);
		if (took)
			*took = 1;
		break;
	case TAG_TOKEN:
		memcpy(&D->tok_count, m, sizeof D->tok_count);
		memcpy(&D->tok_black, m + sizeof D->tok_count, sizeof D->tok_black);
		D->have_token = 1;
		break;
	case TAG_STOP: {
		int kind;
		memcpy(&kind, m, sizeof kind);
		if (D->stop < 0) {
			D->stop = kind;
			D->why = kind == STOP_VIOLATION ? "another rank found a violation"
			       : kind == STOP_LIMIT ? "another rank stopped (a limit or a signal)" : NULL;
		}
		break;
	}
	case TAG_BOUND: {
		/* another rank's trail: no state at or beyond its length is
		 * searched any more here (the runtime drops them at the pop) */
		long len;
		memcpy(&len, m, sizeof len);
		if (D->run)
			dmc_rt_anytime_bound(D->run, len);
		break;
	}
	case TAG_LEVEL:
		memcpy(&D->level[st.MPI_SOURCE], m, sizeof(long));
		if (D->guide && D->level[st.MPI_SOURCE] != LEVEL_IDLE)
			dmc_por_progress_elsewhere(D->run->por, (int) (D->level[st.MPI_SOURCE] >> 32));
		memcpy(&D->busy[st.MPI_SOURCE], m + sizeof(long), sizeof(int));
		break;
	case TAG_TREQ:
		serve_segment(D, st.MPI_SOURCE, m);
		break;
	case TAG_TRESP:
		if (D->waiting) {
			D->resp = m;
			D->resp_len = n;
			D->waiting = 0;
			return 1;
		}
		break;
	}
	free(m);
	return 1;
}

int dmc_dist_poll(dmc_dist *D, unsigned every)
{
	if (++D->polls % every != 0 && !D->nlater && !D->ndef)
		return D->stop >= 0;
	take_later(D);
	while (receive_one(D, 1, NULL))
		;
	if (now_ns() - D->last_flush >= FLUSH_NS)
		flush_all(D);
	else if (D->nsends)
		reap(D);                      /* MPI progresses the sends under way */
	return D->stop >= 0;
}

static void send_stop(dmc_dist *D, int kind)
{
	for (int r = 0; r < D->size; r++)
		if (r != D->rank)
			send_small(D, r, TAG_STOP, &kind, sizeof kind);
}

void dmc_dist_stop(dmc_dist *D, const char *why)
{
	if (D->stop >= 0)
		return;
	D->stop = why ? STOP_LIMIT : STOP_VIOLATION;
	send_stop(D, D->stop);
}

static void send_token(dmc_dist *D, long c, int black)
{
	unsigned char m[sizeof(long) + sizeof(int)];
	memcpy(m, &c, sizeof c);
	memcpy(m + sizeof c, &black, sizeof black);
	send_small(D, (D->rank + 1) % D->size, TAG_TOKEN, m, sizeof m);
}

static int idle_wait(dmc_dist *D);

/* A signal (^C, SIGTERM from mpirun or dmc) while this rank waits for
 * the others: the run stops, incomplete, on every rank (the waits below
 * do not reach the runtime's pop, which checks it otherwise). */
static int interrupted(dmc_dist *D)
{
	const char *sig = dmc_faults_signal();
	if (!sig || !D->run)
		return 0;
	if (!D->run->stopped)
		D->run->stopped = sig;
	dmc_dist_stop(D, sig);
	return 1;
}

/* A level (and whether this rank holds states) to every other rank;
 * after every batch (MPI keeps the order between two ranks: a rank that
 * learns this level has the states this rank made below it) */
static void send_level(dmc_dist *D, long level, int busy)
{
	unsigned char m[sizeof level + sizeof busy];
	flush_all(D);
	memcpy(m, &level, sizeof level);
	memcpy(m + sizeof level, &busy, sizeof busy);
	for (int r = 0; r < D->size; r++)
		if (r != D->rank)
			send_small(D, r, TAG_LEVEL, m, sizeof m);
}

/* This rank's level to every other rank, when it changed */
static void report_level(dmc_dist *D, long level)
{
	if (level == D->my_level)
		return;
	D->my_level = level;
	send_level(D, level, 1);
}

/* Exact levels (bfs).  A rank is done with level L when it holds no
 * state of depth L or less (held: the lowest level it holds, LEVEL_IDLE
 * none) and every other rank is done with L - 1: every record of depth
 * L or less for it has arrived then (each rank sends its records before
 * the report that it is done), so it will never hold such a state, nor
 * send a record of depth L + 1 or less.  A rank expands a state of
 * depth L only when every other rank is done with L - 1, and stores a
 * record of depth L only when every rank is done with L - 2 (may_take):
 * so no state is reached by a longer path first, and bfs needs no
 * re-opening (run_context.h's exact_levels).  A rank that holds nothing
 * says it is done with each level as the others finish theirs -- but
 * only while some rank holds states: when none does, the ranks wait for
 * the termination detection instead of reporting levels to each other
 * for ever. */
static void exact_advance(dmc_dist *D, long held)
{
	for (size_t i = 0; i < D->ndef; i++)
		if (D->def[i].level < held)
			held = D->def[i].level;
	int busy = held != LEVEL_IDLE, others = 0;
	for (int r = 0; r < D->size; r++)
		others |= r != D->rank && D->busy[r];
	long low = low_done(D), to = held == LEVEL_IDLE ? low + 1 : (low + 1 < held - 1 ? low + 1 : held - 1);
	if (!busy && !others)
		to = D->done;
	if (to <= D->done && busy == D->busy_sent)
		return;
	if (to > D->done)
		D->done = to;
	D->busy_sent = busy;
	send_level(D, D->done, busy);
}

void dmc_dist_bound(dmc_dist *D, long steps)
{
	for (int r = 0; r < D->size; r++)
		if (r != D->rank)
			send_small(D, r, TAG_BOUND, &steps, sizeof steps);
}

void dmc_dist_setup(dmc_dist *D, dmc_run *R, int rendezvous)
{
	D->run = R;
	const dmc_search_row *row = &dmc_searches[R->opt.search];
	/* greedy's guidance kept across ranks: a heap ordered by h alone */
	D->guide = D->size > 1 && row->open == DMC_SOPEN_HEAP && row->order == DMC_SORDER_H && !R->alt;
	if (D->guide) {
		/* nobody holds a state until it says so (rank 0 the first) */
		for (int r = 0; r < D->size; r++)
			D->level[r] = LEVEL_IDLE;
		D->my_level = -1;
		dmc_por_set_window(R->por, DMC_POR_WINDOW * 8u * (unsigned) D->size);
	}
	D->exact = D->size > 1 && (row->flags & DMC_SF_LEVELS);
	if (!D->exact)
		return;
	D->done = -1;
	D->busy_sent = 1;
	for (int r = 0; r < D->size; r++) {
		D->level[r] = -1;
		D->busy[r] = 1;           /* until it says otherwise */
	}
	/* a failed rendezvous offer expands its state's parent again, after
	 * states of the next level: the re-opening repairs that */
	R->exact_levels = !rendezvous;
}

long dmc_dist_level_of(const dmc_run *R, int g)
{
	const dmc_search_row *s = &dmc_searches[R->opt.search];
	if (s->flags & DMC_SF_LEVELS)
		return g;
	if (s->order == DMC_SORDER_F && s->weight == DMC_SWEIGHT_ONE && !R->alt)
		return R->exp_h == INT_MAX ? g : (long) g + R->exp_h;
	return -1;
}

/* One round of a wait: the records that came taken; without any, a nap
 * twice as long as the last (at most NAP_MAX_NS).  The next nap's length. */
static long wait_step(dmc_dist *D, long sleep_ns)
{
	int any = take_later(D);
	while (receive_one(D, 1, NULL))
		any = 1;
	if (any)
		return NAP_NS;
	nap_for(sleep_ns);
	return 2 * sleep_ns < NAP_MAX_NS ? 2 * sleep_ns : NAP_MAX_NS;
}

int dmc_dist_gate(dmc_dist *D, long level)
{
	if (D->size == 1 || level < 0)
		return D->stop >= 0;
	if (!D->exact && (D->my_level == LEVEL_IDLE || level > D->my_level))
		report_level(D, level);
	long t0 = 0, sleep_ns = NAP_NS;
	for (;;) {
		if (D->exact)
			exact_advance(D, level);
		long low = low_done(D);
		if ((D->exact ? level - 1 <= low : level <= low) || D->stop >= 0) {
			/* the deferred records of this level or lower may be taken
			 * now (may_take): stored before an expansion could reach
			 * their states by a longer path */
			if (D->ndef)
				take_later(D);
			break;
		}
		if (interrupted(D))
			break;
		if (!t0) {
			t0 = now_ns();
			flush_all(D);             /* what the others wait for */
		}
		sleep_ns = wait_step(D, sleep_ns);
	}
	if (t0)
		D->gated_s += (double) (now_ns() - t0) * 1e-9;
	return D->stop >= 0;
}

/* Greedy's guidance.  Each rank orders its own open list, and a rank
 * that does not hold the globally best state expands its own worse ones
 * meanwhile: on a needle-like model (the best state moves from rank to
 * rank along the trail) greedy on 2 ranks stored 30 times the states of
 * one process.  So every rank announces the best h it holds whenever it
 * changes (after flushing its batches: a rank that learns the value
 * already has the records the announcing rank made before), and a rank
 * whose best h is above GUIDE_SLACK plus the lowest announced by another
 * busy rank waits (receiving) instead of expanding.  It never drops a
 * state, so the search stays complete; and it cannot deadlock: once the
 * announcements have arrived, the rank holding the lowest h of all does
 * not wait, and a waiting rank has announced its own value. */
#define GUIDE_SLACK 0

/* What the ranks compare: h first, then the depth.  Within a plateau of
 * equal h one process expands states in the order they were queued, by
 * depth from where the plateau began; a rank whose own successors of the
 * plateau stay on it (half of them, with 2 ranks) would otherwise go
 * deep into the plateau while the state that leaves it waits on the
 * other rank. */
static long guide_value(int h, int g)
{
	long hh = h < 0 ? 0 : h > (1 << 30) ? (1 << 30) : h;
	return hh << 32 | (long) (g < 0 ? 0 : g);
}

/* the least value a rank may expand beside another's lowest, low */
static long guide_value_up(long low)
{
	return low == LEVEL_IDLE ? LEVEL_IDLE : low + ((long) GUIDE_SLACK << 32);
}

/* The records for a rank that waits (its best is worse than this
 * rank's, v) or is idle go now, not when the batch is full or old: they
 * may be the work it waits for, and it does nothing else meanwhile.  A
 * rank at the same value as this one gets its batches as usual. */
static void flush_behind(dmc_dist *D, long v)
{
	for (int r = 0; r < D->size; r++)
		if (r != D->rank && D->level[r] > v && D->out[r].n)
			flush_to(D, r);
}

int dmc_dist_guide(dmc_dist *D)
{
	if (!D->guide)
		return D->stop >= 0;
	while (receive_one(D, 1, NULL))   /* the others' values, as fresh as they come */
		;
	long t0 = 0, sleep_ns = NAP_NS;
	for (;;) {
		int h, g;
		if (!dmc_rt_next(D->run, &h, &g) || D->stop >= 0)
			break;                    /* nothing to compare (idle: dmc_dist_idle says so) */
		long v = guide_value(h, g);
		if (v != D->my_level) {
			D->my_level = v;
			D->guides++;
			send_level(D, v, 1);
		} else
			flush_behind(D, v);
		if (v <= guide_value_up(low_done(D)) || dmc_dist_run_stopped(D->run) || interrupted(D))
			break;
		if (!t0)
			t0 = now_ns();
		sleep_ns = wait_step(D, sleep_ns);
	}
	if (t0)
		D->gated_s += (double) (now_ns() - t0) * 1e-9;
	return D->stop >= 0;
}

int dmc_dist_idle(dmc_dist *D)
{
	if (D->size == 1)
		return 1;
	long t0 = now_ns();
	if (!D->exact)
		report_level(D, LEVEL_IDLE);
	int r = idle_wait(D);
	D->idle_s += (double) (now_ns() - t0) * 1e-9;
	return r;
}

static int idle_wait(dmc_dist *D)
{
	for (;;) {
		int took = take_later(D), any = 0;
		flush_all(D);
		while (receive_one(D, 1, &took))
			any = 1;
		if (D->stop >= 0 || interrupted(D))
			return 1;
		if (took)
			return 0;
		if (D->exact) {
			exact_advance(D, LEVEL_IDLE);
			if (D->ndef) {            /* not passive: states to store */
				nap();
				continue;
			}
		}
		/* passive, every batch sent: Safra's rules */
		if (D->rank == 0) {
			if (D->have_token) {
				D->have_token = 0;
				D->token_out = 0;
				if (!D->tok_black && !D->black && D->tok_count + D->count == 0) {
					D->stop = STOP_DONE;
					send_stop(D, STOP_DONE);
					flush_all(D);
					return 1;
				}
			}
			if (!D->token_out) {
				D->black = 0;
				D->token_out = 1;
				send_token(D, 0, 0);
				any = 1;
			}
		} else if (D->have_token) {
			D->have_token = 0;
			send_token(D, D->tok_count + D->count, D->tok_black || D->black);
			D->black = 0;
			any = 1;
		}
		if (!any)
			nap();
	}
}

int dmc_dist_trail(dmc_dist *D, int rank, uint64_t next, int **steps, size_t *n, size_t *cap)
{
	while (rank >= 0) {
		D->waiting = 1;
		send_small(D, rank, TAG_TREQ, &next, sizeof next);
		flush_all(D);
		while (D->waiting)
			if (!receive_one(D, 0, NULL))
				nap();
		unsigned char *m = D->resp;
		int ni;
		memcpy(&rank, m, sizeof rank);
		memcpy(&next, m + sizeof rank, sizeof next);
		memcpy(&ni, m + sizeof rank + sizeof next, sizeof ni);
		/* this segment comes before everything so far */
		size_t k = (size_t) ni;
		if (*n + k > *cap) {
			*cap = 2 * (*n + k) + 16;
			*steps = need(realloc(*steps, *cap * 2 * sizeof(int)), *cap * 2 * sizeof(int));
		}
		memmove(*steps + 2 * k, *steps, *n * 2 * sizeof(int));
		memcpy(*steps, m + sizeof rank + sizeof next + sizeof ni, k * 2 * sizeof(int));
		*n += k;
		free(m);
	}
	return 0;
}

/* Every rank is here: stop serving, receive what is still in flight
 * (every rank's count of messages to each), finish the sends. */
static void quiesce(dmc_dist *D)
{
	MPI_Request bar;
	int done = 0;
	flush_all(D);
	MPI_Ibarrier(MPI_COMM_WORLD, &bar);
	while (!done) {
		if (!receive_one(D, -1, NULL))
			nap();
		MPI_Test(&bar, &done, MPI_STATUS_IGNORE);
	}
	long *expect = need(calloc((size_t) D->size, sizeof *expect), (size_t) D->size);
	MPI_Alltoall(D->sent_to, 1, MPI_LONG, expect, 1, MPI_LONG, MPI_COMM_WORLD);
	for (int r = 0; r < D->size; r++)
		while (D->recv_from[r] < expect[r])
			if (!receive_one(D, -1, NULL))
				nap();
	free(expect);
	for (size_t i = 0; i < D->nsends; i++) {
		MPI_Wait(&D->sends[i].req, MPI_STATUS_IGNORE);
		free(D->sends[i].b);
	}
	D->nsends = 0;
}

const char *dmc_dist_run_stopped(const dmc_run *R)
{
	return R->stopped;
}

_Noreturn void dmc_dist_refuse(dmc_run *R, const char *msg)
{
	dmc_search_fail(R, msg);
}

/* this rank's share of the search */
static dmc_dist_rank_stats my_stats(const dmc_dist *D, const dmc_run *R)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	dmc_dist_rank_stats k = {
		R->st.stored, R->st.expanded, R->st.generated,
		(double) D->records, (double) D->batches, D->bytes,
		(dmc_br_pan_memory() + dmc_runtime_bytes(R)) / 1048576.0, (double) ru.ru_maxrss / 1024.0,
		(double) ru.ru_utime.tv_sec + (double) ru.ru_stime.tv_sec
		+ 1e-6 * (double) (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec),
		D->idle_s, D->gated_s
	};
	return k;
}

/* Seconds this process was ready to run but waited for a core (Linux's
 * /proc/self/schedstat, its second field, in ns), or -1: when another
 * process takes a rank's core, the other ranks wait for it at the level
 * gate, and this says so. */
static double runnable_wait_s(void)
{
	FILE *f = fopen("/proc/self/schedstat", "r");
	unsigned long long run, wait;
	int n = f ? fscanf(f, "%llu %llu", &run, &wait) : 0;
	if (f)
		fclose(f);
	return n == 2 ? (double) wait * 1e-9 : -1;
}

/* DMC_DIST_STATS: one line a rank, on stderr */
static void print_stats(const dmc_dist *D, const dmc_dist_rank_stats *k)
{
	char ready[64] = "";
	double w = runnable_wait_s();
	if (w >= 0)
		snprintf(ready, sizeof ready, ", waiting for a core %.2f s", w);
	fprintf(stderr, "spin-dmc: rank %d: %.0f states stored, %.0f expanded, %.0f records sent in %.0f batches, "
	        "%.1f MB (%.1f bytes a record), idle %.2f s, waiting at the level gate %.2f s, CPU %.2f s%s, "
	        "peak RSS %.1f MB, %ld guidance announcements\n",
	        D->rank, k->stored, k->expanded, k->records, k->batches, k->bytes / 1048576.0,
	        k->records > 0 ? k->bytes / k->records : 0.0, k->idle_s, k->gate_s, k->cpu_s, ready, k->peak_rss_mb, D->guides);
}

int dmc_dist_end(dmc_dist *D, dmc_run *R, long trail_len)
{
	if (trail_len >= 0)
		dmc_dist_stop(D, NULL);
	else if (R->stopped)
		dmc_dist_stop(D, R->stopped);
	quiesce(D);
	/* the rank that reports: the shortest trail's, else rank 0 */
	struct { long len; int rank; } mine = { trail_len >= 0 ? trail_len : 0x7fffffffL, D->rank }, best;
	MPI_Allreduce(&mine, &best, 1, MPI_LONG_INT, MPI_MINLOC, MPI_COMM_WORLD);
	int reporter = best.len == 0x7fffffffL ? 0 : best.rank;
	/* every rank's share, before the sums replace the reporter's */
	dmc_dist_rank_stats mine_k = my_stats(D, R), *all = NULL;
	if (D->stats)
		print_stats(D, &mine_k);
	int nk = (int) (sizeof mine_k / sizeof(double));
	if (D->rank == reporter)
		all = need(malloc((size_t) D->size * sizeof *all), (size_t) D->size * sizeof *all);
	MPI_Gather(&mine_k, nk, MPI_DOUBLE, all, nk, MPI_DOUBLE, reporter, MPI_COMM_WORLD);
	if (all) {
		R->ranks = all;
		R->nranks = D->size;
	}
	dmc_stats *s = &R->st;
	double sums[] = { s->expanded, s->generated, s->stored, s->reopened, s->pruned, s->dropped,
	                  s->stale, s->repushed, s->clashes, s->open_peak, s->hcalls, s->htimed,
	                  s->hseconds };
	double tot[sizeof sums / sizeof sums[0]];
	int nsum = (int) (sizeof sums / sizeof sums[0]);
	MPI_Reduce(sums, tot, nsum, MPI_DOUBLE, MPI_SUM, reporter, MPI_COMM_WORLD);
	int hmin = s->h_min, hmin_all = hmin;
	MPI_Reduce(&hmin, &hmin_all, 1, MPI_INT, MPI_MIN, reporter, MPI_COMM_WORLD);
	if (D->rank != reporter) {
		R->cancelled = 1;             /* the reporting rank prints the results */
		return 0;
	}
	double *t = tot;
	s->expanded = *t++; s->generated = *t++; s->stored = *t++; s->reopened = *t++;
	s->pruned = *t++; s->dropped = *t++; s->stale = *t++; s->repushed = *t++;
	s->clashes = *t++; s->open_peak = *t++; s->hcalls = *t++; s->htimed = *t++;
	s->hseconds = *t++;
	s->h_min = hmin_all;
	if (D->why && !R->stopped)
		R->stopped = D->why;          /* not complete, not proven shortest */
	return 1;
}

void dmc_dist_barrier(dmc_dist *D)
{
	(void) D;
	MPI_Barrier(MPI_COMM_WORLD);
}

int dmc_dist_finish(dmc_dist *D, int status, int reporter)
{
	/* for dmc check: mpirun's own exit status replaces the ranks' when
	 * mpirun was signalled (Open MPI's is 1, a violation's); written
	 * first, as mpirun may kill the ranks in what follows */
	const char *path = getenv("DMC_STATUS_FILE");
	FILE *f = reporter && path && *path ? fopen(path, "w") : NULL;
	if (f) {
		fprintf(f, "%d\n", status);
		fclose(f);
	}
	/* the reporting rank is the one whose `reporter` is 1 */
	int who = reporter ? D->rank : -1, from;
	MPI_Allreduce(&who, &from, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	MPI_Bcast(&status, 1, MPI_INT, from, MPI_COMM_WORLD);
	MPI_Finalize();
	return status;
}
#endif
