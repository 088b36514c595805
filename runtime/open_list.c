// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * open_list.c -- the search frontier (see open_list.h).
 *
 * FIFO is a ring buffer, LIFO a stack and HEAP a binary min-heap, all in
 * one growable array.  BEAM keeps one min-max heap per g-layer: its min
 * end is the layer's next entry and its max end the entry to evict, both
 * reached in O(log width).  The layers sit in a short array sorted by g;
 * pops take layers[0].
 *
 * BEAM and out-of-order g: once a pop has happened, the layer it came
 * from is current, and a push whose g is not above the current g joins
 * the current layer (the entry keeps its own g).  Larger g go to their
 * own layer, created on demand, and layers are popped in increasing g.
 * Before the first pop every g has its own layer.  `width` bounds the
 * entries a layer holds at one time, not how many it ever admitted.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "open_list.h"

typedef dmc_open_entry entry;

typedef struct layer {
	int g;
	size_t n, cap;
	size_t width;                 /* entries this layer keeps, 0 = unbounded */
	entry *h;                     /* min-max heap of this layer */
} layer;

struct dmc_open {
	dmc_open_kind kind;
	size_t width;                 /* BEAM: entries per layer, 0 = unbounded */
	size_t (*width_of)(void *ctx, int g);   /* BEAM: per-layer width, or NULL */
	void *width_ctx;              /* width_of's context */
	uint64_t seq;                 /* next push counter */
	size_t n;                     /* entries held, all layers together */
	/* FIFO, LIFO, HEAP */
	entry *a;
	size_t cap;
	size_t head;                  /* FIFO: ring start */
	/* BEAM */
	layer *layers;                /* sorted by g */
	size_t nlayers, laycap;
	int cur_g;                    /* g of the layer popped last ... */
	int started;                  /* ... once there has been a pop */
	entry *spare;                 /* buffer of a drained layer, for reuse */
	size_t sparecap;
};


/* smaller (prio, seq) first */
static int less(const entry *a, const entry *b)
{
	return a->prio < b->prio || (a->prio == b->prio && a->seq < b->seq);
}

/* ---------------------------------------------------------- binary heap */

static void heap_push(entry *h, size_t n, const entry *x)
{
	size_t i = n;
	while (i > 0) {
		size_t p = (i - 1) / 2;
		if (!less(x, &h[p]))
			break;
		h[i] = h[p];
		i = p;
	}
	h[i] = *x;
}

/* Take the root of a heap of n + 1 entries, leaving n. */
static void heap_pop(entry *h, size_t n, entry *out)
{
	entry x = h[n];
	size_t i = 0;
	*out = h[0];
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && less(&h[c + 1], &h[c]))
			c++;
		if (!less(&h[c], &x))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = x;
}


/* ------------------------------------------------------- min-max heap */

/*
 * Levels alternate: even levels (the root's) hold minima of their
 * subtrees, odd levels maxima.  `max` below names the kind of level a
 * node is on, and above(a, b, max) says a belongs nearer the top than b
 * on such a level.
 */
static int on_max_level(size_t i)
{
	int lv = 0;
	for (i++; i > 1; i >>= 1)
		lv++;
	return lv & 1;
}

static int above(const entry *a, const entry *b, int max)
{
	return max ? less(b, a) : less(a, b);
}

static void swap(entry *h, size_t i, size_t j)
{
	entry t = h[i];
	h[i] = h[j];
	h[j] = t;
}

static void mm_up(entry *h, size_t i)
{
	int max = on_max_level(i);
	if (i > 0) {
		size_t p = (i - 1) / 2;
		if (above(&h[i], &h[p], !max)) {  /* it belongs on p's kind */
			swap(h, i, p);
			i = p;
			max = !max;
		}
	}
	while (i >= 3) {                      /* climb by grandparents */
		size_t gp = ((i - 1) / 2 - 1) / 2;
		if (!above(&h[i], &h[gp], max))
			break;
		swap(h, i, gp);
		i = gp;
	}
}

static void mm_down(entry *h, size_t n, size_t i)
{
	int max = on_max_level(i);
	for (;;) {
		size_t c = 2 * i + 1, m = c, k;
		if (c >= n)
			break;
		/* m: the best of i's children and grandchildren */
		if (c + 1 < n && above(&h[c + 1], &h[m], max))
			m = c + 1;
		for (k = 2 * c + 1; k < n && k <= 2 * c + 4; k++)
			if (above(&h[k], &h[m], max))
				m = k;
		if (!above(&h[m], &h[i], max))
			break;
		swap(h, i, m);
		if (m <= c + 1)                   /* a child: nothing below it */
			break;
		/* a grandchild: its parent is of the other kind */
		if (above(&h[(m - 1) / 2], &h[m], max))
			swap(h, m, (m - 1) / 2);
		i = m;
	}
}

static size_t mm_maxpos(const entry *h, size_t n)
{
	if (n <= 2)
		return n - 1;
	return less(&h[1], &h[2]) ? 2 : 1;
}

/* Remove h[i], which must be the root or the max position. */
static void mm_remove(entry *h, size_t *n, size_t i)
{
	h[i] = h[--*n];
	if (i < *n)
		mm_down(h, *n, i);
}


/* --------------------------------------------------------------- beam */

/* The layer for g, created (empty) when absent; NULL on failure. */
static layer *get_layer(dmc_open *o, int g)
{
	size_t lo = 0, hi = o->nlayers;
	layer *L;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (o->layers[mid].g < g)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < o->nlayers && o->layers[lo].g == g)
		return &o->layers[lo];
	if (DMC_GROW(o->layers, o->laycap, o->nlayers + 1) < 0)
		return NULL;
	memmove(&o->layers[lo + 1], &o->layers[lo], (o->nlayers - lo) * sizeof(layer));
	o->nlayers++;
	L = &o->layers[lo];
	L->g = g;
	L->n = 0;
	L->width = o->width_of ? o->width_of(o->width_ctx, g) : o->width;
	L->h = o->spare;
	L->cap = o->sparecap;
	o->spare = NULL;
	o->sparecap = 0;
	return L;
}

/* Drop the (empty) first layer, keeping the larger buffer as spare. */
static void drop_first_layer(dmc_open *o)
{
	layer *L = &o->layers[0];
	if (L->cap > o->sparecap) {
		free(o->spare);
		o->spare = L->h;
		o->sparecap = L->cap;
	} else
		free(L->h);
	o->nlayers--;
	memmove(&o->layers[0], &o->layers[1], o->nlayers * sizeof(layer));
}

static int beam_push(dmc_open *o, const entry *e, entry *evicted)
{
	int g = (o->started && e->g < o->cur_g) ? o->cur_g : e->g;
	layer *L = get_layer(o, g);
	entry x;
	if (L == NULL)
		return -1;
	if (L->width && L->n >= L->width) {
		size_t m = mm_maxpos(L->h, L->n);
		x = *e;
		x.seq = o->seq++;
		/* x is the newest, so on equal prio it is the worse one */
		if (!less(&x, &L->h[m])) {
			if (evicted)
				*evicted = x;
			return 1;
		}
		if (evicted)
			*evicted = L->h[m];
		mm_remove(L->h, &L->n, m);
		L->h[L->n] = x;
		mm_up(L->h, L->n++);
		return 1;
	}
	/* a layer holds at most width entries */
	if (dmc_grow(&L->h, &L->cap, L->n + 1, sizeof *L->h, L->width) < 0)
		return -1;
	x = *e;
	x.seq = o->seq++;
	L->h[L->n] = x;
	mm_up(L->h, L->n++);
	o->n++;
	return 0;
}

static void beam_pop(dmc_open *o, entry *out)
{
	layer *L;
	while (o->layers[0].n == 0)     /* o->n > 0: some layer is not empty */
		drop_first_layer(o);
	L = &o->layers[0];
	*out = L->h[0];
	mm_remove(L->h, &L->n, 0);
	o->n--;
	o->cur_g = L->g;
	o->started = 1;
}


/* ---------------------------------------------------------- interface */

dmc_open *dmc_open_new(dmc_open_kind kind, size_t beam_width)
{
	dmc_open *o;
	if (kind != DMC_OPEN_FIFO && kind != DMC_OPEN_LIFO &&
	    kind != DMC_OPEN_HEAP && kind != DMC_OPEN_BEAM)
		return NULL;
	o = calloc(1, sizeof *o);
	if (o == NULL)
		return NULL;
	o->kind = kind;
	o->width = kind == DMC_OPEN_BEAM ? beam_width : 0;
	return o;
}

void dmc_open_free(dmc_open *o)
{
	size_t i;
	if (o == NULL)
		return;
	for (i = 0; i < o->nlayers; i++)
		free(o->layers[i].h);
	free(o->layers);
	free(o->spare);
	free(o->a);
	free(o);
}

int dmc_open_push(dmc_open *o, const dmc_open_entry *e, dmc_open_entry *evicted)
{
	entry x;
	if (o->kind == DMC_OPEN_BEAM)
		return beam_push(o, e, evicted);
	if (o->n == o->cap) {
		size_t old = o->cap;
		if (DMC_GROW(o->a, o->cap, o->n + 1) < 0)
			return -1;
		/* FIFO: the ring was full; unwrap its tail into the new half */
		if (o->kind == DMC_OPEN_FIFO && o->head + o->n > old)
			memcpy(o->a + old, o->a, (o->head + o->n - old) * sizeof(entry));
	}
	x = *e;
	x.seq = o->seq++;
	switch (o->kind) {
	case DMC_OPEN_FIFO:
		o->a[(o->head + o->n) & (o->cap - 1)] = x;
		break;
	case DMC_OPEN_HEAP:
		heap_push(o->a, o->n, &x);
		break;
	default:
		o->a[o->n] = x;
		break;
	}
	o->n++;
	return 0;
}

int dmc_open_pop(dmc_open *o, dmc_open_entry *out)
{
	if (o->n == 0)
		return 0;
	switch (o->kind) {
	case DMC_OPEN_FIFO:
		*out = o->a[o->head];
		o->head = (o->head + 1) & (o->cap - 1);
		o->n--;
		break;
	case DMC_OPEN_LIFO:
		*out = o->a[--o->n];
		break;
	case DMC_OPEN_HEAP:
		heap_pop(o->a, --o->n, out);
		break;
	case DMC_OPEN_BEAM:
		beam_pop(o, out);
		break;
	}
	return 1;
}

const dmc_open_entry *dmc_open_peek(const dmc_open *o)
{
	if (o->n == 0)
		return NULL;
	switch (o->kind) {
	case DMC_OPEN_FIFO:
		return &o->a[o->head];
	case DMC_OPEN_LIFO:
		return &o->a[o->n - 1];
	case DMC_OPEN_HEAP:
		return &o->a[0];
	case DMC_OPEN_BEAM:
		break;
	}
	return NULL;
}

size_t dmc_open_size(const dmc_open *o)
{
	return o->n;
}

size_t dmc_open_bytes(const dmc_open *o)
{
	size_t b = sizeof *o + (o->cap + o->sparecap) * sizeof(entry) +
	           o->laycap * sizeof(layer);
	size_t i;
	for (i = 0; i < o->nlayers; i++)
		b += o->layers[i].cap * sizeof(entry);
	return b;
}

void dmc_open_set_width_of(dmc_open *o, size_t (*width_of)(void *ctx, int g), void *ctx)
{
	o->width_of = width_of;
	o->width_ctx = ctx;
}
