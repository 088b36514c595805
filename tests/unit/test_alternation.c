// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_alternation.c -- unit tests of runtime/alternation.c: lists taken
 * in turn, every state handed out once, boosting, discards; and of the
 * lists an alternation keeps when the model has nothing to aim at
 * (dmc_combo_retarget).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "alternation.h"
#include "combine.h"
#include "heuristic.h"

static void *item(uintptr_t id) { return (void *) (id + 1); }
static uintptr_t id_of(void *p) { return (uintptr_t) p - 1; }

static int discarded[64];
static void discard(void *p) { discarded[id_of(p)]++; }

/* push id with list priorities a (list 0) and b (list 1), h = priority */
static void push2(dmc_alt *a, uintptr_t id, uint64_t p0, uint64_t p1)
{
	uint64_t prio[2] = { p0, p1 };
	int h[2] = { (int) p0, (int) p1 };
	CHECK(dmc_alt_push(a, item(id), item(id), (int) id, 0, prio, h) == 0);
}

/* Two lists with opposite orders, no progress after the first push:
 * pops alternate between the lists' bests, and each state comes out once. */
static void test_turns_and_once(void)
{
	dmc_alt *a = dmc_alt_new(2);
	CHECK(a != NULL);
	/* the first push sets each list's best: no boost from it; later ones
	 * get worse in both lists is impossible with opposite orders, so
	 * push the best of both first */
	push2(a, 0, 0, 0);
	for (uintptr_t i = 1; i <= 5; i++)
		push2(a, i, 10 + i, 20 - i);   /* list 0: 1 first; list 1: 5 first */
	CHECK_EQ_LONG(dmc_alt_size(a), 6);
	int g, list, seen[6] = { 0 };
	const void *key;
	void *p;
	uintptr_t order[6];
	int n = 0, lists[6];
	while ((p = dmc_alt_pop(a, &g, &key, &list, NULL, NULL))) {
		CHECK(key == p);
		CHECK_EQ_LONG(g, (long) id_of(p));
		seen[id_of(p)]++;
		lists[n] = list;
		order[n++] = id_of(p);
	}
	CHECK_EQ_LONG(n, 6);
	for (int i = 0; i < 6; i++)
		CHECK_EQ_LONG(seen[i], 1);
	/* 0 (list 0), 5 (list 1), 1 (list 0), 4 (list 1), 2, 3 */
	static const uintptr_t want[6] = { 0, 5, 1, 4, 2, 3 };
	for (int i = 0; i < 6; i++)
		CHECK_EQ_LONG((long) order[i], (long) want[i]);
	CHECK_EQ_LONG(lists[0], 0);
	CHECK_EQ_LONG(lists[1], 1);
	CHECK_EQ_LONG(dmc_alt_size(a), 0);
	CHECK(dmc_alt_pops(a, 0) + dmc_alt_pops(a, 1) == 6);
	dmc_alt_free(a, discard);
	for (int i = 0; i < 6; i++)
		CHECK_EQ_LONG(discarded[i], 0);      /* all handed out */
}

/* A list whose heuristic reaches a new best value is served the next
 * DMC_ALT_BOOST pops (while it has states), before the other list. */
static void test_boost(void)
{
	dmc_alt *a = dmc_alt_new(2);
	push2(a, 0, 5, 5);
	for (uintptr_t i = 1; i <= 10; i++)
		push2(a, i, 5, 100 + i);        /* list 0 flat at 5; list 1 worse */
	push2(a, 11, 6, 1);                     /* list 1 improves: 5 -> 1 */
	int g, list;
	const void *key;
	for (int k = 0; k < 12; k++) {
		void *p = dmc_alt_pop(a, &g, &key, &list, NULL, NULL);
		CHECK(p != NULL);
		CHECK_EQ_LONG(list, 1);          /* the boosted list, until empty */
		if (k == 0)
			CHECK_EQ_LONG((long) id_of(p), 11);
	}
	CHECK(dmc_alt_pop(a, &g, &key, &list, NULL, NULL) == NULL);
	dmc_alt_free(a, NULL);
}

/* What was never handed out goes to discard exactly once, whatever the
 * number of lists that still hold it. */
static void test_free_discards_once(void)
{
	memset(discarded, 0, sizeof discarded);
	dmc_alt *a = dmc_alt_new(3);
	for (uintptr_t i = 0; i < 8; i++) {
		uint64_t prio[3] = { i, 8 - i, i % 3 };
		int h[3] = { 0, 0, 0 };
		CHECK(dmc_alt_push(a, item(i), item(i), 0, 0, prio, h) == 0);
	}
	int g;
	const void *key;
	void *p = dmc_alt_pop(a, &g, &key, NULL, NULL, NULL);
	CHECK(p != NULL);
	CHECK(dmc_alt_bytes(a) > 0);
	dmc_alt_free(a, discard);
	for (uintptr_t i = 0; i < 8; i++)
		CHECK_EQ_LONG(discarded[i], item(i) == p ? 0 : 1);
}

static void test_limits(void)
{
	CHECK(dmc_alt_new(0) == NULL);
	CHECK(dmc_alt_new(DMC_ALT_MAX + 1) == NULL);
	dmc_alt *a = dmc_alt_new(1);
	int g;
	const void *key;
	CHECK(dmc_alt_pop(a, &g, &key, NULL, NULL, NULL) == NULL);
	dmc_alt_free(a, NULL);
	dmc_alt_free(NULL, NULL);
}

/* The fast preset's lists on a model whose only errors are invalid end
 * states: the goal-directed lists become one deadlock list, the lists of
 * none stay with their tie-breaking; a list of goal-directed heuristics
 * only becomes one list. */
/* A priority of DMC_ALT_SKIP leaves the state out of that list only
 * (--preferred's list holds the successors of helpful moves alone). */
static void test_skip(void)
{
	memset(discarded, 0, sizeof discarded);
	dmc_alt *a = dmc_alt_new(2);
	CHECK(a != NULL);
	push2(a, 0, 5, DMC_ALT_SKIP);
	push2(a, 1, 7, 1);
	CHECK_EQ_LONG(dmc_alt_size(a), 2);
	int g, list, n = 0;
	const void *key;
	void *p;
	uintptr_t order[2];
	while ((p = dmc_alt_pop(a, &g, &key, &list, NULL, NULL)) && n < 2)
		order[n++] = id_of(p);
	CHECK_EQ_LONG(n, 2);
	CHECK_EQ_LONG((long) order[0], 0);            /* list 0's best */
	CHECK_EQ_LONG((long) order[1], 1);            /* list 1 holds 1 alone */
	CHECK(dmc_alt_pops(a, 1) == 1);
	push2(a, 2, 3, DMC_ALT_SKIP);
	dmc_alt_free(a, discard);
	CHECK_EQ_LONG(discarded[2], 1);               /* discarded once */
	CHECK_EQ_LONG(discarded[0] + discarded[1], 0);
}

static void test_retarget(void)
{
	static const char *const names[] = { "hf", "hU", "dL", "none", "none" };
	static const dmc_tie_kind ties[] = { DMC_TIE_DEFAULT, DMC_TIE_DEFAULT, DMC_TIE_DEFAULT,
	                                     DMC_TIE_DEFAULT, DMC_TIE_DEEP };
	const dmc_heuristic *deadlock = dmc_heuristic_find("deadlock");
	char err[160];
	dmc_combo c;
	dmc_combo_clear(&c);
	c.active = 1;
	c.kind = DMC_COMB_ALT;
	for (int i = 0; i < 5; i++)
		CHECK_EQ_LONG(dmc_combo_add_list(&c, names[i], ties[i], err, sizeof err), 0);
	CHECK_EQ_LONG(dmc_combo_retarget(&c, deadlock), 3);
	CHECK(c.active && c.kind == DMC_COMB_ALT);
	CHECK(c.h[0] == deadlock && c.list_tie[0] == DMC_TIE_DEFAULT);
	CHECK(strcmp(c.h[1]->name, "none") == 0 && c.list_tie[1] == DMC_TIE_DEFAULT);
	CHECK(strcmp(c.h[2]->name, "none") == 0 && c.list_tie[2] == DMC_TIE_DEEP);
	CHECK_EQ_LONG(c.same_as[1], -1);
	CHECK_EQ_LONG(c.same_as[2], 1);
	CHECK_STR(dmc_combo_finish(&c)->name, "alt(deadlock, none, none:deep)");

	dmc_combo_clear(&c);
	c.active = 1;
	c.kind = DMC_COMB_ALT;
	CHECK_EQ_LONG(dmc_combo_add_list(&c, "hL", DMC_TIE_DEFAULT, err, sizeof err), 0);
	CHECK_EQ_LONG(dmc_combo_add_list(&c, "hU", DMC_TIE_DEFAULT, err, sizeof err), 0);
	CHECK_EQ_LONG(dmc_combo_retarget(&c, deadlock), 1);
	CHECK(c.h[0] == deadlock);
}

CHECK_MAIN("alternation",
	CASE(test_turns_and_once),
	CASE(test_boost),
	CASE(test_free_discards_once),
	CASE(test_limits),
	CASE(test_retarget), CASE(test_skip))
