// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_pictures.c -- what the pictures and plan files are made of: the
 * plan file's writer and reader (frontends/anml/anml_planfile.c, a round trip
 * and errors with file:line:column), the message sequence charts'
 * parsers (driver/msc_parse.c: FIFO pairing of buffered sends,
 * rendezvous, unreceived sends, UPPAAL synchronisations and
 * broadcasts), and that the SVG writers give well-formed documents.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "anml.h"
#include "driver/msc.h"
#include "uppaal_msc.h"
#include "runtime/svg.h"

static const char model[] =
	"PLAN p\n"
	"TYPES site = {a, b}\n"
	"TIMELINE R\n"
	"  ACTIONS\n"
	"    Park: [1,_]\n"
	"    Go(s: site): [2,3]\n"
	"    Done: [1,_]\n"
	"  TRANSITIONS\n"
	"    Park -> Go(_)\n"
	"    Go(_) -> Done\n"
	"END R\n"
	"INITIAL-STATE\n"
	"  |-> R.Park\n"
	"GOALS\n"
	"  R.Done\n"
	"END p\n";

static void load(anml_model *m)
{
	anml_err err;
	int rc = anml_parse("p.anml", model, m, &err);
	if (rc == 0)
		rc = anml_resolve(m, &err);
	if (rc != 0)
		fprintf(stderr, "%s\n", err.msg);
	CHECK(rc == 0);
}

/* text written to a memory buffer by f */
static char *written(void (*f)(FILE *, void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	f(out, arg);
	fclose(out);
	return buf;
}

struct plan_arg { const anml_model *m; const anml_plan *p; };
static void write_ipc(FILE *out, void *a)
{
	struct plan_arg *pa = a;
	anml_plan_write_ipc(out, pa->m, pa->p, 30);
}

static void test_planfile_round_trip(void)
{
	anml_model m;
	anml_plan p, q;
	anml_err err;
	load(&m);
	const char *text = "; a plan\n0: (R.Park) [1]\n1: (R.Go b) [3]\n4.000: (R.Done) [1]  ; the goal\n";
	CHECK(anml_plan_read_ipc("p.plan", text, &m, &p, &err) == 0);
	CHECK_EQ_LONG(p.lines[0].n, 3);
	CHECK_EQ_LONG(p.lines[0].steps[1].params[0], 1);
	CHECK_EQ_LONG(p.lines[0].steps[1].end, 4);
	CHECK_EQ_LONG(anml_plan_makespan(&p), 5);
	CHECK_EQ_LONG(anml_validate(&m, &p, NULL), 0);
	struct plan_arg pa = { &m, &p };
	char *out = written(write_ipc, &pa);
	CHECK(strstr(out, "1: (R.Go b) [3]\n") != NULL);
	CHECK(anml_plan_read_ipc("q.plan", out, &m, &q, &err) == 0);
	CHECK_EQ_LONG(q.lines[0].n, 3);
	for (int k = 0; k < 3 && q.lines[0].n == 3; k++) {
		CHECK_EQ_LONG(q.lines[0].steps[k].act, p.lines[0].steps[k].act);
		CHECK_EQ_LONG(q.lines[0].steps[k].start, p.lines[0].steps[k].start);
		CHECK_EQ_LONG(q.lines[0].steps[k].end, p.lines[0].steps[k].end);
	}
	/* a duration out of Go's [2,3]: read, but the validator rejects it */
	anml_plan bad;
	CHECK(anml_plan_read_ipc("bad.plan", "0: (R.Park) [1]\n1: (R.Go a) [9]\n10: (R.Done) [1]\n", &m, &bad,
	                         &err) == 0);
	CHECK(anml_validate(&m, &bad, NULL) > 0);
	anml_plan_free(&bad);
	free(out);
	anml_plan_free(&p);
	anml_plan_free(&q);
	anml_free(&m);
}

static void test_planfile_errors(void)
{
	static const struct { const char *text, *msg; } cases[] = {
		{ "0: (R.Fly) [1]\n", "x.plan:1:7: timeline R has no action 'Fly'" },
		{ "0: (R.Park) [1]\n1: (S.Go a) [2]\n", "x.plan:2:5: no timeline instance 'S' in the model" },
		{ "1: (R.Go c) [2]\n", "x.plan:1:10: 'c' is no value of type site" },
		{ "1: (R.Go) [2]\n", "x.plan:1:9: R.Go takes 1 argument" },
		{ "1: (R.Park) 2\n", "x.plan:1:13: '[DURATION]' expected" },
		{ "1.5: (R.Park) [2]\n", "x.plan:1:3: the start time: ANMLite's times are whole numbers" },
		{ "(R.Park) [2]\n", "x.plan:1:1: the start time: a whole number expected" },
		{ "0: (R.Park) [1] extra\n", "x.plan:1:17: unexpected text after the step" },
	};
	anml_model m;
	load(&m);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		anml_plan p;
		anml_err err;
		memset(&err, 0, sizeof err);
		CHECK(anml_plan_read_ipc("x.plan", cases[i].text, &m, &p, &err) == -1);
		CHECK_STR(err.msg, cases[i].msg);
	}
	anml_free(&m);
}

static void test_msc_spin_fifo(void)
{
	/* two buffered sends on queue 1, received in order; one left over */
	const char *text =
		"  1:\tproc  0 (prod:1) m.pml:5 Send 7\t-> queue 1 (q)\n"
		"  1:\tproc  0 (prod:1) m.pml:5 (state 1)\t[q!7]\n"
		"  2:\tproc  0 (prod:1) m.pml:5 Send 8\t-> queue 1 (q)\n"
		"  3:\tproc  1 (cons:1) m.pml:9 Recv 7\t<- queue 1 (q)\n"
		"  4:\tproc  0 (prod:1) m.pml:5 Send 9\t-> queue 1 (q)\n"
		"  5:\tproc  1 (cons:1) m.pml:9 Recv 8\t<- queue 1 (q)\n"
		"spin: m.pml:12, Error: assertion violated\n";
	drv_msc m;
	CHECK(drv_msc_from_spin(text, &m) == 0);
	CHECK_EQ_LONG(m.nlines, 2);
	CHECK_STR(m.lines[0], "prod:0");
	CHECK_EQ_LONG(m.nev, 3);
	CHECK_EQ_LONG(m.ev[0].kind, DRV_MSC_MESSAGE);
	CHECK_STR(m.ev[0].label, "q!7");
	CHECK_EQ_LONG(m.ev[0].to, 1);
	CHECK(m.ev[0].row_to > m.ev[0].row);
	CHECK_EQ_LONG(m.ev[1].kind, DRV_MSC_MESSAGE);
	CHECK_STR(m.ev[1].label, "q!8");
	CHECK_EQ_LONG(m.ev[2].kind, DRV_MSC_PENDING);
	CHECK_STR(m.ev[2].label, "q!9");
	CHECK(m.end && strstr(m.end, "assertion violated"));
	drv_msc_free(&m);
}

static void test_msc_spin_rendezvous(void)
{
	/* processes appear out of pid order; a rendezvous is level */
	const char *text =
		"  1:\tproc  2 (s:1) r.pml:3 Sent 2\t-> queue 1 (c)\n"
		"  2:\tproc  0 (r:1) r.pml:7 Recv 2\t<- queue 1 (c)\n";
	drv_msc m;
	CHECK(drv_msc_from_spin(text, &m) == 0);
	CHECK_EQ_LONG(m.nlines, 2);
	CHECK_STR(m.lines[0], "r:0");
	CHECK_STR(m.lines[1], "s:2");
	CHECK_EQ_LONG(m.nev, 1);
	CHECK_EQ_LONG(m.ev[0].kind, DRV_MSC_MESSAGE);
	CHECK_EQ_LONG(m.ev[0].from, 1);
	CHECK_EQ_LONG(m.ev[0].to, 0);
	CHECK_EQ_LONG(m.ev[0].row, m.ev[0].row_to);
	drv_msc_free(&m);
	CHECK(drv_msc_from_spin("no steps here\n", &m) == -1);
	drv_msc_free(&m);
}

static void test_msc_uppaal(void)
{
	const char *text =
		"pan: wrote m.pml.trail\n"
		"witness in the source model's terms:\n"
		"    1  Car(2): Idle -> Wait ask[id]! (g.xml:19)\n"
		"    2  Ctl: Free -> Grant [e=2] ask[e]? (g.xml:48)\n"
		"    3  Ctl: Grant -> Free (g.xml:50)\n"
		"    4  delay 2\n"
		"    5  S: s0 -> s1 go! (b.xta:7)\n"
		"    6  R(0): r0 -> r1 go? (b.xta:12)\n"
		"    7  R(1): r0 -> r1 go? (b.xta:12)\n"
		"    8  P: a -> b x != 1 (b.xta:20)\n"
		"final state: Car(2).Wait Ctl.Free\n";
	drv_msc m;
	CHECK(prom_uppaal_msc_of_witness(text, &m) == 0);
	CHECK_EQ_LONG(m.nlines, 6);
	CHECK_EQ_LONG(m.nev, 6);
	CHECK_EQ_LONG(m.ev[0].kind, DRV_MSC_MESSAGE);
	CHECK_STR(m.ev[0].label, "Idle -> Wait ask[id]!");
	CHECK_STR(m.ev[0].label_to, "Free -> Grant [e=2] ask[e]?");
	CHECK_STR(m.lines[m.ev[0].to], "Ctl");
	CHECK_EQ_LONG(m.ev[1].kind, DRV_MSC_LOCAL);
	CHECK_EQ_LONG(m.ev[2].kind, DRV_MSC_DELAY);
	/* a broadcast: an arrow to each receiver */
	CHECK_EQ_LONG(m.ev[3].kind, DRV_MSC_MESSAGE);
	CHECK_EQ_LONG(m.ev[4].kind, DRV_MSC_MESSAGE);
	CHECK_STR(m.lines[m.ev[3].to], "R(0)");
	CHECK_STR(m.lines[m.ev[4].to], "R(1)");
	CHECK_EQ_LONG(m.ev[3].from, m.ev[4].from);
	/* "!=" in a guard is no synchronisation */
	CHECK_EQ_LONG(m.ev[5].kind, DRV_MSC_LOCAL);
	CHECK(m.end && strncmp(m.end, "final state", 11) == 0);
	drv_msc_free(&m);
}

static void draw_msc(FILE *out, void *a) { drv_msc_svg(out, a); }
struct gantt_arg { const anml_model *m; const anml_plan *p; };
static void draw_gantt(FILE *out, void *a)
{
	struct gantt_arg *g = a;
	anml_plan_gantt(out, g->m, g->p, 30);
}

/* an SVG document: one root, tags balanced (no attribute holds '<') */
static int well_formed(const char *svg)
{
	int depth = 0, roots = 0;
	for (const char *p = strchr(svg, '<'); p; p = strchr(p + 1, '<')) {
		if (p[1] == '?')
			continue;
		const char *gt = strchr(p, '>');
		if (!gt)
			return 0;
		if (p[1] == '/')
			depth--;
		else if (gt[-1] != '/') {
			if (depth == 0)
				roots++;
			depth++;
		} else if (depth == 0)
			return 0;
		if (depth < 0)
			return 0;
	}
	return depth == 0 && roots == 1;
}

static void test_svg_documents(void)
{
	drv_msc m;
	CHECK(drv_msc_from_spin("  1:\tproc  0 (a&b:1) m.pml:5 Send 7\t-> queue 1 (q<1>)\n", &m) == 0);
	m.title = strdup("a \"quoted\" <title> & more");
	char *svg = written(draw_msc, &m);
	CHECK(strncmp(svg, "<?xml", 5) == 0);
	CHECK(well_formed(svg));
	CHECK(strstr(svg, "&lt;title&gt; &amp; more") != NULL);
	CHECK(strstr(svg, "a&amp;b:0") != NULL);
	free(svg);
	drv_msc_free(&m);

	anml_model am;
	anml_plan p;
	anml_err err;
	load(&am);
	CHECK(anml_plan_read_ipc("p.plan", "0: (R.Park) [1]\n1: (R.Go b) [3]\n4: (R.Done) [1]\n", &am, &p, &err) == 0);
	struct gantt_arg g = { &am, &p };
	svg = written(draw_gantt, &g);
	CHECK(well_formed(svg));
	CHECK(strstr(svg, ">Go(b)</text>") != NULL);
	CHECK(strstr(svg, "R.Go(b): start 1, end 4, duration 3") != NULL);
	free(svg);
	anml_plan_free(&p);
	anml_free(&am);
	CHECK(dmc_svg_tick(15, 12) == 2);
	CHECK(dmc_svg_tick(3e6, 8) == 500000);
}

CHECK_MAIN("pictures", CASE(test_planfile_round_trip), CASE(test_planfile_errors), CASE(test_msc_spin_fifo),
           CASE(test_msc_spin_rendezvous), CASE(test_msc_uppaal), CASE(test_svg_documents))
