// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_open_list.c -- unit tests of runtime/open_list.c.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "open_list.h"

static uint64_t rng_state;

static uint64_t rng(void)          /* splitmix64: deterministic and good */
{
	uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* items are fake handles: the open list never dereferences them */
static void *item(uintptr_t id)
{
	return (void *)(id + 1);
}

static dmc_open_entry mk(uint64_t prio, int g, uintptr_t id)
{
	dmc_open_entry e;
	memset(&e, 0, sizeof e);
	e.prio = prio;
	e.seq = 999999;               /* overwritten by push */
	e.item = item(id);
	e.key = item(id);
	e.g = g;
	e.h = (int)id;
	return e;
}

static int push(dmc_open *o, uint64_t prio, int g, uintptr_t id)
{
	dmc_open_entry e = mk(prio, g, id), ev;
	return dmc_open_push(o, &e, &ev);
}

static int entry_less(const dmc_open_entry *a, const dmc_open_entry *b)
{
	return a->prio < b->prio || (a->prio == b->prio && a->seq < b->seq);
}


static void test_fifo_order(void)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_FIFO, 0);
	dmc_open_entry e;
	uintptr_t next_in = 0, next_out = 0;
	int round;
	CHECK(o != NULL);
	/* push more than pop in each round, so the ring grows while wrapped */
	for (round = 0; round < 50; round++) {
		int i;
		for (i = 0; i < 37; i++) {
			CHECK_EQ_LONG(push(o, 100 - next_in % 7, 0, next_in), 0);
			next_in++;
		}
		for (i = 0; i < 23; i++) {
			CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
			CHECK(e.item == item(next_out));
			CHECK_EQ_LONG(e.seq, next_out);
			next_out++;
		}
		CHECK_EQ_LONG(dmc_open_size(o), next_in - next_out);
	}
	while (dmc_open_pop(o, &e)) {
		CHECK(e.item == item(next_out));
		CHECK_EQ_LONG(e.h, (long)next_out);
		next_out++;
	}
	CHECK_EQ_LONG(next_out, next_in);
	CHECK_EQ_LONG(dmc_open_size(o), 0);
	dmc_open_free(o);
}

static void test_lifo_order(void)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_LIFO, 0);
	dmc_open_entry e;
	uintptr_t i;
	CHECK(o != NULL);
	for (i = 0; i < 1000; i++)
		CHECK_EQ_LONG(push(o, i % 3, (int)i, i), 0);
	CHECK_EQ_LONG(dmc_open_size(o), 1000);
	for (i = 1000; i-- > 500;) {
		CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
		CHECK(e.item == item(i));
		CHECK_EQ_LONG(e.g, (long)i);
	}
	CHECK_EQ_LONG(push(o, 0, 0, 5000), 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(5000));
	CHECK_EQ_LONG(e.seq, 1000);
	for (i = 500; i-- > 0;) {
		CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
		CHECK(e.item == item(i));
	}
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	dmc_open_free(o);
}

static void test_heap_ties(void)
{
	static const uint64_t prio[] = { 5, 1, 5, 3, 1, 0, 5, 3, 1, 9 };
	/* by prio, then push order */
	static const uintptr_t want[] = { 5, 1, 4, 8, 3, 7, 0, 2, 6, 9 };
	dmc_open *o = dmc_open_new(DMC_OPEN_HEAP, 0);
	dmc_open_entry e;
	uintptr_t i;
	CHECK(o != NULL);
	for (i = 0; i < 10; i++)
		CHECK_EQ_LONG(push(o, prio[i], 0, i), 0);
	for (i = 0; i < 10; i++) {
		CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
		CHECK(e.item == item(want[i]));
		CHECK_EQ_LONG(e.seq, (long)want[i]);
		CHECK_EQ_LONG(e.prio, (long)prio[want[i]]);
	}
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	dmc_open_free(o);
}

static int cmp_entry(const void *a, const void *b)
{
	const dmc_open_entry *x = a, *y = b;
	return entry_less(x, y) ? -1 : entry_less(y, x) ? 1 : 0;
}

static void test_heap_random_sorted(void)
{
	enum { N = 100000 };
	dmc_open *o = dmc_open_new(DMC_OPEN_HEAP, 0);
	dmc_open_entry *ref = malloc(N * sizeof *ref), e;
	size_t i, bad = 0;
	CHECK(o != NULL && ref != NULL);
	if (o == NULL || ref == NULL)
		return;
	rng_state = 42;
	for (i = 0; i < N; i++) {
		/* half from a narrow range to force many ties */
		uint64_t p = (i & 1) ? rng() % 64 : rng();
		ref[i] = mk(p, 0, i);
		ref[i].seq = i;
		CHECK_EQ_LONG(push(o, p, 0, i), 0);
	}
	CHECK_EQ_LONG(dmc_open_size(o), N);
	CHECK(dmc_open_bytes(o) >= N * sizeof(dmc_open_entry));
	qsort(ref, N, sizeof *ref, cmp_entry);
	for (i = 0; i < N; i++) {
		if (dmc_open_pop(o, &e) != 1 || e.seq != ref[i].seq ||
		    e.prio != ref[i].prio || e.item != ref[i].item)
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	free(ref);
	dmc_open_free(o);
}

/* interleaved pushes and pops against a linear-scan reference */
static void test_heap_random_mixed(void)
{
	enum { OPS = 20000 };
	dmc_open *o = dmc_open_new(DMC_OPEN_HEAP, 0);
	dmc_open_entry *ref = malloc(OPS * sizeof *ref), e;
	size_t n = 0, i, bad = 0;
	uint64_t seq = 0;
	CHECK(o != NULL && ref != NULL);
	if (o == NULL || ref == NULL)
		return;
	rng_state = 7;
	for (i = 0; i < OPS; i++) {
		if (n == 0 || rng() % 3 != 0) {
			uint64_t p = rng() % 100;
			ref[n] = mk(p, 0, seq);
			ref[n++].seq = seq++;
			CHECK_EQ_LONG(push(o, p, 0, seq - 1), 0);
		} else {
			size_t j, m = 0;
			for (j = 1; j < n; j++)
				if (entry_less(&ref[j], &ref[m]))
					m = j;
			if (dmc_open_pop(o, &e) != 1 || e.seq != ref[m].seq || e.item != ref[m].item)
				bad++;
			ref[m] = ref[--n];
		}
		if (dmc_open_size(o) != n)
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
	free(ref);
	dmc_open_free(o);
}

static void test_empty_pop(void)
{
	dmc_open_kind k;
	for (k = DMC_OPEN_FIFO; k <= DMC_OPEN_BEAM; k++) {
		dmc_open *o = dmc_open_new(k, 4);
		dmc_open_entry e;
		CHECK(o != NULL);
		CHECK_EQ_LONG(dmc_open_size(o), 0);
		CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
		CHECK_EQ_LONG(push(o, 1, 0, 0), 0);
		CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
		CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
		CHECK_EQ_LONG(dmc_open_size(o), 0);
		dmc_open_free(o);
	}
	dmc_open_free(NULL);
}

static void test_beam_layers(void)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_BEAM, 0);
	dmc_open_entry e;
	CHECK(o != NULL);
	CHECK_EQ_LONG(push(o, 50, 0, 0), 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK_EQ_LONG(e.g, 0);
	/* layer 1 pops before layer 2 even though layer 2 has better prio */
	CHECK_EQ_LONG(push(o, 30, 1, 1), 0);
	CHECK_EQ_LONG(push(o, 1, 2, 2), 0);
	CHECK_EQ_LONG(push(o, 10, 1, 3), 0);
	CHECK_EQ_LONG(push(o, 0, 2, 4), 0);
	CHECK_EQ_LONG(push(o, 10, 1, 5), 0);
	CHECK_EQ_LONG(dmc_open_size(o), 5);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(3) && e.g == 1);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(5) && e.g == 1);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(1) && e.g == 1);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(4) && e.g == 2);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(2) && e.g == 2);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	dmc_open_free(o);
}

static void test_beam_out_of_order_g(void)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_BEAM, 0);
	dmc_open_entry e;
	CHECK(o != NULL);
	/* before any pop, every g has its own layer, popped by increasing g */
	CHECK_EQ_LONG(push(o, 1, 5, 0), 0);
	CHECK_EQ_LONG(push(o, 1, 2, 1), 0);
	CHECK_EQ_LONG(push(o, 1, 9, 2), 0);
	CHECK_EQ_LONG(push(o, 0, 2, 3), 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(3) && e.g == 2);
	/* current layer is 2: a smaller g joins it and keeps its own g */
	CHECK_EQ_LONG(push(o, 7, 1, 4), 0);
	CHECK_EQ_LONG(push(o, 3, 7, 5), 0);     /* between 5 and 9 */
	CHECK_EQ_LONG(push(o, 0, 5, 6), 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(1) && e.g == 2);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(4) && e.g == 1);
	/* layer 2 is drained but still current: g 0 joins it */
	CHECK_EQ_LONG(push(o, 9, 0, 7), 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(7) && e.g == 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(6) && e.g == 5);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(0) && e.g == 5);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(5) && e.g == 7);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(2) && e.g == 9);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	dmc_open_free(o);
}

static void test_beam_evict(void)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_BEAM, 3);
	dmc_open_entry e, ev;
	CHECK(o != NULL);
	CHECK_EQ_LONG(push(o, 5, 1, 0), 0);
	CHECK_EQ_LONG(push(o, 3, 1, 1), 0);
	CHECK_EQ_LONG(push(o, 7, 1, 2), 0);
	CHECK_EQ_LONG(push(o, 100, 2, 3), 0);   /* other layer: not counted */
	CHECK_EQ_LONG(dmc_open_size(o), 4);
	/* better than the worst: the worst (prio 7) goes */
	e = mk(4, 1, 4);
	CHECK_EQ_LONG(dmc_open_push(o, &e, &ev), 1);
	CHECK(ev.item == item(2) && ev.prio == 7 && ev.seq == 2 && ev.g == 1);
	CHECK_EQ_LONG(dmc_open_size(o), 4);
	/* worse than all: the pushed entry itself comes back, seq assigned */
	e = mk(9, 1, 5);
	CHECK_EQ_LONG(dmc_open_push(o, &e, &ev), 1);
	CHECK(ev.item == item(5) && ev.prio == 9 && ev.seq == 5);
	/* layer holds 3, 4, 5; a new 4 beats 5 */
	e = mk(4, 1, 6);
	CHECK_EQ_LONG(dmc_open_push(o, &e, &ev), 1);
	CHECK(ev.item == item(0) && ev.prio == 5);
	/* layer holds 3, 4 (seq 4), 4 (seq 6): a newer 4 is the worst */
	e = mk(4, 1, 7);
	CHECK_EQ_LONG(dmc_open_push(o, &e, &ev), 1);
	CHECK(ev.item == item(7) && ev.seq == 7);
	/* a 3 evicts the newest 4 */
	e = mk(3, 1, 8);
	CHECK_EQ_LONG(dmc_open_push(o, &e, &ev), 1);
	CHECK(ev.item == item(6) && ev.seq == 6);
	CHECK_EQ_LONG(dmc_open_size(o), 4);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(1));
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(8));
	/* the current layer has room again: push into it (g 0 <= 1) */
	CHECK_EQ_LONG(push(o, 50, 0, 9), 0);
	CHECK_EQ_LONG(push(o, 60, 1, 10), 0);
	e = mk(55, 1, 11);                      /* full: 4, 50, 60 */
	CHECK_EQ_LONG(dmc_open_push(o, &e, &ev), 1);
	CHECK(ev.item == item(10));
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(4));
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(9) && e.g == 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(11));
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(3) && e.g == 2);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	dmc_open_free(o);
}

static void test_beam_width_one(void)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_BEAM, 1);
	dmc_open_entry e, ev;
	uintptr_t i;
	CHECK(o != NULL);
	for (i = 0; i < 10; i++) {
		e = mk(10 - i % 4, 3, i);
		CHECK_EQ_LONG(dmc_open_push(o, &e, &ev), i == 0 ? 0 : 1);
	}
	CHECK_EQ_LONG(dmc_open_size(o), 1);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.item == item(3) && e.prio == 7);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	dmc_open_free(o);
}

/* a beam-width schedule: each layer's width asked once, at its creation,
 * with the context given (here: a count of the calls) */
static size_t width_by_depth(void *ctx, int g)
{
	++*(int *) ctx;
	return g < 2 ? 3 : 1;
}

static void test_beam_schedule(void)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_BEAM, 100);
	dmc_open_entry e;
	int evicted = 0, width_calls = 0;
	CHECK(o != NULL);
	dmc_open_set_width_of(o, width_by_depth, &width_calls);
	for (uintptr_t i = 0; i < 5; i++) {
		evicted += push(o, 10 + i, 1, i);     /* layer 1 keeps 3 */
		evicted += push(o, 10 + i, 2, 10 + i);  /* layer 2 keeps 1 */
	}
	CHECK_EQ_LONG(evicted, 2 + 4);
	CHECK_EQ_LONG(width_calls, 2);
	CHECK_EQ_LONG(dmc_open_size(o), 4);
	for (int k = 0; k < 3; k++) {
		CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
		CHECK(e.g == 1 && e.prio == (uint64_t) (10 + k));
	}
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK(e.g == 2 && e.prio == 10);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	dmc_open_free(o);
}

static void test_beam_unbounded(void)
{
	enum { N = 20000 };
	dmc_open *o = dmc_open_new(DMC_OPEN_BEAM, 0);
	dmc_open_entry e, ev, prev = mk(0, -1, 0);
	size_t i, bad = 0;
	CHECK(o != NULL);
	rng_state = 3;
	for (i = 0; i < N; i++) {
		e = mk(rng() % 1000, (int)(i % 2), i);
		if (dmc_open_push(o, &e, &ev) != 0)
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
	CHECK_EQ_LONG(dmc_open_size(o), N);
	for (i = 0; i < N; i++) {
		if (dmc_open_pop(o, &e) != 1)
			bad++;
		else if (e.g != (i < N / 2 ? 0 : 1))
			bad++;
		else if (i > 0 && e.g == prev.g && !entry_less(&prev, &e))
			bad++;
		prev = e;
	}
	CHECK_EQ_LONG(bad, 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 0);
	dmc_open_free(o);
}

/*
 * Random BEAM operations against a naive model: a flat array of
 * (layer, entry) scanned for the best or worst entry of a layer.
 */
typedef struct { int layer; dmc_open_entry e; } model_ent;

static size_t model_find(const model_ent *m, size_t n, int layer, int worst)
{
	size_t i, k = n;
	for (i = 0; i < n; i++) {
		if (m[i].layer != layer)
			continue;
		if (k == n || (worst ? entry_less(&m[k].e, &m[i].e) : entry_less(&m[i].e, &m[k].e)))
			k = i;
	}
	return k;
}

static void beam_random(size_t width, uint64_t seed)
{
	enum { OPS = 30000 };
	dmc_open *o = dmc_open_new(DMC_OPEN_BEAM, width);
	model_ent *m = malloc(OPS * sizeof *m);
	size_t n = 0, i, bad = 0, evictions = 0;
	uint64_t seq = 0;
	int cur = 0, started = 0;
	CHECK(o != NULL && m != NULL);
	if (o == NULL || m == NULL)
		return;
	rng_state = seed;
	for (i = 0; i < OPS; i++) {
		dmc_open_entry e, ev, got;
		if (n == 0 || rng() % 5 < 3) {
			/* mostly cur + 1, sometimes cur, below it, or far ahead */
			int r = (int)(rng() % 16);
			int g = r < 11 ? cur + 1 : r < 13 ? cur : r < 14 ? cur - 2 : cur + 2 + r;
			int layer = (started && g < cur) ? cur : g;
			int rc, want = 0;
			size_t count = 0, j;
			dmc_open_entry out;          /* the entry that must come back */
			e = mk(rng() % 50, g, seq);
			e.seq = seq++;
			out = e;
			for (j = 0; j < n; j++)
				count += m[j].layer == layer;
			if (width && count >= width) {
				size_t w = model_find(m, n, layer, 1);
				want = 1;
				if (entry_less(&e, &m[w].e)) {
					out = m[w].e;
					m[w].e = e;
				}
			} else {
				m[n].layer = layer;
				m[n++].e = e;
			}
			rc = dmc_open_push(o, &e, &ev);
			if (rc != want)
				bad++;
			else if (want) {
				evictions++;
				if (ev.seq != out.seq || ev.item != out.item || ev.g != out.g)
					bad++;
			}
		} else {
			int low = m[0].layer;
			size_t j;
			for (j = 1; j < n; j++)
				if (m[j].layer < low)
					low = m[j].layer;
			j = model_find(m, n, low, 0);
			if (dmc_open_pop(o, &got) != 1 || got.seq != m[j].e.seq ||
			    got.item != m[j].e.item || got.g != m[j].e.g)
				bad++;
			cur = low;
			started = 1;
			m[j] = m[--n];
		}
		if (dmc_open_size(o) != n)
			bad++;
	}
	CHECK_EQ_LONG(bad, 0);
	if (width)
		CHECK(evictions > 0);
	free(m);
	dmc_open_free(o);
}

static void test_beam_random(void)
{
	beam_random(0, 11);
	beam_random(1, 12);
	beam_random(4, 13);
	beam_random(37, 14);
	beam_random(1000, 15);
}

static void test_seq_monotonic(void)
{
	dmc_open *o = dmc_open_new(DMC_OPEN_BEAM, 2);
	dmc_open_entry e, ev;
	long i;
	CHECK(o != NULL);
	for (i = 0; i < 10; i++) {
		e = mk(0, 1, (uintptr_t)i);
		if (dmc_open_push(o, &e, &ev) == 1)
			CHECK_EQ_LONG(ev.seq, i);       /* equal prio: newest goes */
	}
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK_EQ_LONG(e.seq, 0);
	CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
	CHECK_EQ_LONG(e.seq, 1);
	dmc_open_free(o);
}

static void test_sizes_bytes(void)
{
	dmc_open_kind k;
	for (k = DMC_OPEN_FIFO; k <= DMC_OPEN_BEAM; k++) {
		dmc_open *o = dmc_open_new(k, 0);
		dmc_open_entry e;
		size_t b0, i;
		CHECK(o != NULL);
		b0 = dmc_open_bytes(o);
		CHECK(b0 > 0);
		for (i = 0; i < 5000; i++)
			CHECK_EQ_LONG(push(o, i % 17, (int)(i % 3), i), 0);
		CHECK_EQ_LONG(dmc_open_size(o), 5000);
		CHECK(dmc_open_bytes(o) >= b0 + 5000 * sizeof(dmc_open_entry));
		CHECK(dmc_open_bytes(o) <= b0 + 4 * 5000 * sizeof(dmc_open_entry) + 4096);
		for (i = 0; i < 2000; i++)
			CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
		CHECK_EQ_LONG(dmc_open_size(o), 3000);
		dmc_open_free(o);
	}
	CHECK(dmc_open_new((dmc_open_kind)99, 0) == NULL);
}

/* peek shows what the next pop returns, and leaves it */
static void test_peek(void)
{
	static const dmc_open_kind kinds[] = { DMC_OPEN_FIFO, DMC_OPEN_LIFO, DMC_OPEN_HEAP };
	static const uint64_t prio[] = { 5, 1, 5, 3, 1, 0, 5, 3, 1, 9 };
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		dmc_open *o = dmc_open_new(kinds[k], 0);
		dmc_open_entry e;
		CHECK(o != NULL);
		CHECK(dmc_open_peek(o) == NULL);
		for (uintptr_t i = 0; i < 10; i++)
			CHECK_EQ_LONG(push(o, prio[i], (int) i, i), 0);
		for (int i = 0; i < 10; i++) {
			const dmc_open_entry *p = dmc_open_peek(o);
			CHECK(p != NULL);
			void *it = p->item;
			int g = p->g;
			CHECK_EQ_LONG(dmc_open_size(o), 10 - i);
			CHECK_EQ_LONG(dmc_open_pop(o, &e), 1);
			CHECK(e.item == it);
			CHECK_EQ_LONG(e.g, g);
		}
		CHECK(dmc_open_peek(o) == NULL);
		dmc_open_free(o);
	}
	dmc_open *b = dmc_open_new(DMC_OPEN_BEAM, 4);
	CHECK(b != NULL);
	CHECK_EQ_LONG(push(b, 1, 0, 0), 0);
	CHECK(dmc_open_peek(b) == NULL);      /* a beam decides at the pop */
	dmc_open_free(b);
}

CHECK_MAIN("open_list",
	CASE(test_peek),
	CASE(test_fifo_order),
	CASE(test_lifo_order),
	CASE(test_heap_ties),
	CASE(test_heap_random_sorted),
	CASE(test_heap_random_mixed),
	CASE(test_empty_pop),
	CASE(test_beam_layers),
	CASE(test_beam_out_of_order_g),
	CASE(test_beam_evict),
	CASE(test_beam_width_one),
	CASE(test_beam_unbounded),
	CASE(test_beam_schedule),
	CASE(test_beam_random),
	CASE(test_seq_monotonic),
	CASE(test_sizes_bytes))
