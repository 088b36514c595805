/*
 * por.c -- the C2c / C2cl proviso for pan's preselected (ample) expansions.
 * See por.h for how pan, the glue and this file share the work.
 */
#include <string.h>
#include "por.h"

static dmc_por_proviso proviso = DMC_POR_C2C;
static int (*in_open)(void *ctx, uint64_t key);
static void *in_open_ctx;
static dmc_por_stats stats, counted;
static int wanted = 1, on;
static const char *status_note = "off (no expansion yet)";

/* the expansion in progress */
static struct {
	int attempted;                /* a candidate process was tried */
	int full;                     /* ...and then every process was expanded */
	int pid;                      /* the candidate being tried, -1 none */
	int some_ok, some_bad;        /* its successors: not closed / closed */
} cur = { 0, 0, -1, 0, 0 };

void dmc_por_set_wanted(int w) { wanted = w; }
int dmc_por_wanted(void) { return wanted; }

void dmc_por_set_status(int is_on, const char *note)
{
	on = is_on;
	status_note = note;
}

int dmc_por_status(const char **note)
{
	if (note)
		*note = status_note;
	return on;
}

void dmc_por_set_proviso(dmc_por_proviso p) { proviso = p; }
dmc_por_proviso dmc_por_proviso_kind(void) { return proviso; }

const char *dmc_por_proviso_name(dmc_por_proviso p)
{
	return p == DMC_POR_C2CL ? "c2cl" : p == DMC_POR_STACK ? "stack" : "c2c";
}

int dmc_por_proviso_parse(const char *name, dmc_por_proviso *out)
{
	if (strcmp(name, "c2c") == 0)
		*out = DMC_POR_C2C;
	else if (strcmp(name, "c2cl") == 0)
		*out = DMC_POR_C2CL;
	else if (strcmp(name, "stack") == 0)
		*out = DMC_POR_STACK;
	else
		return -1;
	return 0;
}

void dmc_por_set_closed_query(int (*q)(void *ctx, uint64_t key), void *ctx)
{
	in_open = q;
	in_open_ctx = ctx;
}

/* the verdict on the candidate so far */
static int candidate_ok(void)
{
	if (proviso != DMC_POR_C2C)
		return cur.some_ok && !cur.some_bad;
	return cur.some_ok;
}

/* the outcome of the expansion in progress, into counted (stats + it) */
static void count_current(void)
{
	counted = stats;
	if (!cur.attempted)
		return;
	if (cur.full)
		counted.proviso_full++;
	else if (cur.pid >= 0 && candidate_ok())
		counted.reduced++;
}

void dmc_por_expansion_begin(void)
{
	count_current();
	stats = counted;
	cur.attempted = cur.full = 0;
	cur.pid = -1;
	cur.some_ok = cur.some_bad = 0;
}

int dmc_por_successor(int preselected, int pid, uint64_t key, int queued, int in_queue)
{
	if (!preselected) {
		/* pan expands every process: after a tried candidate, that is
		 * because no candidate satisfied the proviso */
		if (cur.attempted && !cur.full) {
			cur.full = 1;
			if (cur.pid >= 0 && !candidate_ok())
				stats.candidates_failed++;
			cur.pid = -1;
		}
		return 0;
	}
	if (pid != cur.pid) {             /* pan moved on to the next candidate */
		if (cur.pid >= 0 && !candidate_ok())
			stats.candidates_failed++;
		cur.pid = pid;
		cur.some_ok = cur.some_bad = 0;
		cur.attempted = 1;
	}
	int not_closed = queued || (in_open ? in_open(in_open_ctx, key) : in_queue);
	if (not_closed)
		cur.some_ok = 1;
	else
		cur.some_bad = 1;
	return candidate_ok();
}

void dmc_por_reject_candidate(void)
{
	if (cur.pid >= 0)
		cur.some_bad = 1;
}

int dmc_por_chosen(void)
{
	return cur.attempted && !cur.full && cur.pid >= 0 && candidate_ok() ? cur.pid : -1;
}

const dmc_por_stats *dmc_por_get_stats(void)
{
	count_current();
	return &counted;
}

void dmc_por_reset(void)
{
	memset(&stats, 0, sizeof stats);
	memset(&counted, 0, sizeof counted);
	proviso = DMC_POR_C2C;
	in_open = NULL;
	wanted = 1;
	on = 0;
	status_note = "off (no expansion yet)";
	cur.attempted = cur.full = 0;
	cur.pid = -1;
	cur.some_ok = cur.some_bad = 0;
}
