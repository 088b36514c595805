// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_por.c -- unit tests of runtime/por.c: the C2c / C2cl proviso over
 * the successors pan reports for one expansion, and its statistics.
 */
#include <stdint.h>

#include "check.h"
#include "alternation.h"
#include "por.h"

/* the reduction under test (dmc_por_reset starts each case afresh) */
static dmc_por *por(void)
{
	static dmc_por *p;
	if (!p)
		p = dmc_por_new();
	return p;
}

/* successor arguments: preselected, pid, key, queued now, queued before */
#define SEL 1
#define FULL 0

static void c2c_one_new_successor_is_enough(void)
{
	dmc_por_reset(por());
	dmc_por_expansion_begin(por());
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 3, 0, 0, 0), 0);   /* old, expanded */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 3, 0, 1, 0), 1);   /* new */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 3, 0, 0, 0), 1);   /* stays satisfied */
	const dmc_por_stats *s = dmc_por_get_stats(por());
	CHECK_EQ_LONG(s->reduced, 1);
	CHECK_EQ_LONG(s->proviso_full, 0);
}

static void c2c_a_queued_old_state_is_not_closed(void)
{
	dmc_por_reset(por());
	dmc_por_expansion_begin(por());
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 2, 0, 0, 1), 1);
}

static void c2cl_needs_every_successor_open(void)
{
	dmc_por_reset(por());
	dmc_por_set_proviso(por(), DMC_POR_C2CL);
	dmc_por_expansion_begin(por());
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 1, 0, 1, 0), 1);
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 1, 0, 0, 1), 1);   /* queued before: open */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 1, 0, 0, 0), 0);   /* closed: fails */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 1, 0, 1, 0), 0);   /* and stays failed */
	CHECK_STR(dmc_por_proviso_name(dmc_por_proviso_kind(por())), "c2cl");
}

static void failed_candidates_then_full_expansion_are_counted(void)
{
	dmc_por_reset(por());
	dmc_por_expansion_begin(por());
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 4, 0, 0, 0), 0);   /* candidate 4 fails */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 2, 0, 0, 0), 0);   /* candidate 2 fails */
	CHECK_EQ_LONG(dmc_por_successor(por(), FULL, 4, 0, 0, 0), 0);  /* every process */
	CHECK_EQ_LONG(dmc_por_successor(por(), FULL, 2, 0, 1, 0), 0);
	dmc_por_expansion_begin(por());                               /* next state: no candidate */
	CHECK_EQ_LONG(dmc_por_successor(por(), FULL, 1, 0, 1, 0), 0);
	dmc_por_expansion_begin(por());                               /* next: candidate 2 after 4 */
	dmc_por_successor(por(), SEL, 4, 0, 0, 0);
	dmc_por_successor(por(), SEL, 2, 0, 1, 0);
	const dmc_por_stats *s = dmc_por_get_stats(por());
	CHECK_EQ_LONG(s->proviso_full, 1);
	CHECK_EQ_LONG(s->reduced, 1);
	CHECK_EQ_LONG(s->candidates_failed, 3);
	/* asking twice does not count the current expansion twice */
	s = dmc_por_get_stats(por());
	CHECK_EQ_LONG(s->reduced, 1);
}

/* the nested DFS records which candidate an expansion kept (ndfs.c) */
static void the_kept_candidate_is_reported(void)
{
	dmc_por_reset(por());
	dmc_por_set_proviso(por(), DMC_POR_C2CL);
	dmc_por_expansion_begin(por());
	CHECK_EQ_LONG(dmc_por_chosen(por()), -1);                     /* nothing tried */
	dmc_por_successor(por(), SEL, 3, 0, 1, 0);
	CHECK_EQ_LONG(dmc_por_chosen(por()), 3);
	dmc_por_successor(por(), SEL, 3, 0, 0, 0);                      /* a closed successor */
	CHECK_EQ_LONG(dmc_por_chosen(por()), -1);
	dmc_por_successor(por(), SEL, 1, 0, 1, 0);                      /* the next candidate */
	CHECK_EQ_LONG(dmc_por_chosen(por()), 1);
	dmc_por_expansion_begin(por());
	dmc_por_successor(por(), SEL, 2, 0, 0, 0);                      /* fails, then every process */
	dmc_por_successor(por(), FULL, 2, 0, 1, 0);
	dmc_por_successor(por(), FULL, 1, 0, 1, 0);
	CHECK_EQ_LONG(dmc_por_chosen(por()), -1);
	dmc_por_reset(por());
}

/* the stack proviso: every successor must be open, as with C2cl; the
 * nested DFS answers "open" with its closed query (not on its stack) */
static int not_on_stack(void *ctx, uint64_t key) { (void) ctx; return key != 9; }

static void stack_needs_every_successor_off_the_stack(void)
{
	dmc_por_reset(por());
	dmc_por_set_proviso(por(), DMC_POR_STACK);
	dmc_por_set_closed_query(por(), not_on_stack, NULL);
	dmc_por_expansion_begin(por());
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 2, 5, 0, 0), 1);   /* entered, finished: open */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 2, 6, 1, 0), 1);   /* new */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 2, 9, 0, 0), 0);   /* on the stack: fails */
	CHECK_EQ_LONG(dmc_por_chosen(por()), -1);
	dmc_por_reset(por());
}

static int open_keys(void *ctx, uint64_t key) { return key == *(const uint64_t *) ctx; }

static void a_closed_query_replaces_the_queue_tag(void)
{
	dmc_por_reset(por());
	static const uint64_t open_key = 7;
	dmc_por_set_closed_query(por(), open_keys, (void *) &open_key);
	dmc_por_expansion_begin(por());
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 1, 5, 0, 1), 0);   /* tagged, but closed */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 1, 7, 0, 0), 1);   /* open per the query */
	dmc_por_reset(por());
}

/* guided reduction: the proviso is not enough, a successor with a
 * better h must show up (the search reports it after the successor) */
static void guided_candidate_needs_progress(void)
{
	dmc_por_reset(por());
	dmc_por_set_guided(por(), 1, 0);
	dmc_por_expansion_begin(por());
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 3, 0, 1, 0), 0);   /* new, no better h */
	CHECK_EQ_LONG(dmc_por_candidate_ok(por()), 0);
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 3, 0, 1, 0), 0);
	dmc_por_progress(por());                                       /* ...this one is better */
	CHECK_EQ_LONG(dmc_por_candidate_ok(por()), 1);
	CHECK_EQ_LONG(dmc_por_chosen(por()), 3);
	/* the next state: candidate 3 makes no progress, candidate 2 does */
	dmc_por_expansion_begin(por());
	dmc_por_successor(por(), SEL, 3, 0, 1, 0);
	dmc_por_successor(por(), SEL, 2, 0, 1, 0);
	CHECK_EQ_LONG(dmc_por_candidate_ok(por()), 0);               /* progress is per candidate */
	dmc_por_progress(por());
	CHECK_EQ_LONG(dmc_por_chosen(por()), 2);
	/* the next: progress after a full expansion's successor counts for nothing */
	dmc_por_expansion_begin(por());
	dmc_por_successor(por(), SEL, 1, 0, 1, 0);
	dmc_por_successor(por(), FULL, 1, 0, 1, 0);
	dmc_por_progress(por());
	CHECK_EQ_LONG(dmc_por_chosen(por()), -1);
	const dmc_por_stats *s = dmc_por_get_stats(por());
	CHECK_EQ_LONG(s->reduced, 2);
	CHECK_EQ_LONG(s->candidates_failed, 2);
	CHECK_EQ_LONG(s->candidates_no_progress, 2);
	dmc_por_reset(por());
}

/* progress never overrides the proviso, nor a rejected candidate */
static void guided_progress_does_not_override_the_proviso(void)
{
	dmc_por_reset(por());
	dmc_por_set_guided(por(), 1, 0);
	dmc_por_set_proviso(por(), DMC_POR_C2CL);
	dmc_por_expansion_begin(por());
	dmc_por_successor(por(), SEL, 2, 0, 1, 0);
	dmc_por_progress(por());
	CHECK_EQ_LONG(dmc_por_candidate_ok(por()), 1);
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 2, 0, 0, 0), 0);   /* closed: C2cl fails */
	CHECK_EQ_LONG(dmc_por_candidate_ok(por()), 0);
	dmc_por_reset(por());
	dmc_por_expansion_begin(por());
	dmc_por_successor(por(), SEL, 2, 0, 1, 0);
	dmc_por_reject_candidate(por());                               /* a rendezvous offer */
	CHECK_EQ_LONG(dmc_por_successor(por(), SEL, 2, 0, 1, 0), 0);   /* C2c too */
	CHECK_EQ_LONG(dmc_por_chosen(por()), -1);
	dmc_por_reset(por());
}

/* the plateau budget: kept while some list finds a lower h, doubled after
 * DMC_POR_WINDOW expansions that found none */
static void guided_plateau_budget_grows_without_progress(void)
{
	dmc_por_reset(por());
	dmc_por_set_guided(por(), 1, 4);
	dmc_por_expanding(por(), 0, 10, 3);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 4);
	dmc_por_expansion_begin(por());
	dmc_por_successor(por(), SEL, 3, 0, 1, 0);
	CHECK_EQ_LONG(dmc_por_candidate_ok(por()), 1);                 /* stall 3 < 4 */
	dmc_por_expanding(por(), 0, 10, 4);
	dmc_por_expansion_begin(por());
	dmc_por_successor(por(), SEL, 3, 0, 1, 0);
	CHECK_EQ_LONG(dmc_por_candidate_ok(por()), 0);                 /* spent */
	/* lower h on list 0, then on list 1, keep the budget */
	for (int i = 0; i < 2 * DMC_POR_WINDOW; i++)
		dmc_por_expanding(por(), i % 2, 1000 - i, 0);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 4);
	/* a plateau: after DMC_POR_WINDOW expansions the budget doubles, twice after twice as many */
	for (int i = 0; i < DMC_POR_WINDOW - 1; i++)
		dmc_por_expanding(por(), 0, 1000, 0);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 4);
	dmc_por_expanding(por(), 0, 1000, 4);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 8);
	dmc_por_expansion_begin(por());
	dmc_por_successor(por(), SEL, 3, 0, 1, 0);
	CHECK_EQ_LONG(dmc_por_candidate_ok(por()), 1);                 /* stall 4 < 8 now */
	for (int i = 0; i < DMC_POR_WINDOW; i++)
		dmc_por_expanding(por(), 1, 1000, 0);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 16);
	/* it stops at DMC_POR_PLATEAU_TOP; a budget of 0 grows too */
	for (int i = 0; i < 40 * DMC_POR_WINDOW; i++)
		dmc_por_expanding(por(), 1, 1000, 0);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), DMC_POR_PLATEAU_TOP);
	dmc_por_set_guided(por(), 1, 0);
	for (int i = 0; i < DMC_POR_WINDOW + 1; i++)
		dmc_por_expanding(por(), 0, 1000, 0);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 1);
	/* a list number out of range is counted as the last list */
	dmc_por_expanding(por(), DMC_ALT_MAX + 90, 5, 0);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 1);
	dmc_por_reset(por());
}

/* a distributed search: another rank's lower h is progress too, and the
 * window can be set */
static void guided_progress_elsewhere_and_window(void)
{
	dmc_por_reset(por());
	dmc_por_set_guided(por(), 1, 4);
	dmc_por_set_window(por(), 2 * DMC_POR_WINDOW);
	dmc_por_expanding(por(), 0, 100, 0);
	/* a lower h elsewhere every so often: the budget stays */
	for (int i = 0; i < 8 * DMC_POR_WINDOW; i++) {
		if (i % DMC_POR_WINDOW == 0)
			dmc_por_progress_elsewhere(por(), 99 - i / DMC_POR_WINDOW);
		dmc_por_expanding(por(), 0, 100, 0);
	}
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 4);
	/* the same h elsewhere is no progress; the window is twice the default */
	for (int i = 0; i < 2 * DMC_POR_WINDOW - 1; i++) {
		dmc_por_progress_elsewhere(por(), 50);
		dmc_por_expanding(por(), 0, 100, 0);
	}
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 4);
	dmc_por_expanding(por(), 0, 100, 0);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 8);
	dmc_por_set_window(por(), 0);         /* back to DMC_POR_WINDOW */
	for (int i = 0; i < DMC_POR_WINDOW; i++)
		dmc_por_expanding(por(), 0, 100, 0);
	CHECK_EQ_LONG(dmc_por_plateau_budget(por()), 16);
	dmc_por_reset(por());
}

static void proviso_names_and_status(void)
{
	dmc_por_proviso p;
	dmc_por_reset(por());
	CHECK_EQ_LONG(dmc_por_proviso_parse("c2c", &p), 0);
	CHECK_EQ_LONG(p, DMC_POR_C2C);
	CHECK_EQ_LONG(dmc_por_proviso_parse("c2cl", &p), 0);
	CHECK_EQ_LONG(p, DMC_POR_C2CL);
	CHECK_EQ_LONG(dmc_por_proviso_parse("stack", &p), 0);
	CHECK_EQ_LONG(p, DMC_POR_STACK);
	CHECK_STR(dmc_por_proviso_name(p), "stack");
	CHECK_EQ_LONG(dmc_por_proviso_parse("c3", &p), -1);
	const char *note;
	CHECK_EQ_LONG(dmc_por_wanted(por()), 1);
	dmc_por_set_status(por(), 0, "off (--no-por)");
	CHECK_EQ_LONG(dmc_por_status(por(), &note), 0);
	CHECK_STR(note, "off (--no-por)");
}

CHECK_MAIN("por",
	CASE(c2c_one_new_successor_is_enough),
	CASE(c2c_a_queued_old_state_is_not_closed),
	CASE(c2cl_needs_every_successor_open),
	CASE(failed_candidates_then_full_expansion_are_counted),
	CASE(the_kept_candidate_is_reported),
	CASE(stack_needs_every_successor_off_the_stack),
	CASE(a_closed_query_replaces_the_queue_tag),
	CASE(guided_candidate_needs_progress),
	CASE(guided_progress_does_not_override_the_proviso),
	CASE(guided_plateau_budget_grows_without_progress),
	CASE(guided_progress_elsewhere_and_window),
	CASE(proviso_names_and_status))
