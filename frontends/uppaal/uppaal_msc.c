// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_msc.c -- dmc check --msc FILE.svg on a UPPAAL model (the front
 * end's msc, driver/frontend.h): the chart of the witness in the model's
 * own terms (its edges and synchronisations, not the translation's
 * channels), printed as without --msc and read back.
 *
 * The witness: "  3  P(2): req -> wait c! (m.xta:13)" per edge, "  4
 * delay 2" for time passing; an edge with NAME! and the edges right
 * after it with NAME? (its receivers, several for a broadcast channel)
 * are one synchronisation.
 */
#include "uppaal_msc.h"
#include "fs.h"
#include "run.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* NAME in "NAME[...]!" or "NAME?": the channel of a synchronisation
 * label in the text of an edge, and its direction ('!' or '?'), or 0 */
static int sync_of(const char *edge, char *chan, size_t n)
{
	for (const char *p = edge; *p; p++) {
		if (*p != '!' && *p != '?')
			continue;
		if (p[1] && p[1] != ' ' && p[1] != '(')
			continue;                /* "!=" and the like */
		const char *q = p;
		int depth = 0;
		while (q > edge && (depth || isalnum((unsigned char) q[-1]) || q[-1] == '_' || q[-1] == ']'
		                    || q[-1] == '[')) {
			if (q[-1] == ']')
				depth++;
			else if (q[-1] == '[' && depth)
				depth--;
			else if (q[-1] == '[')
				break;
			q--;
		}
		size_t len = 0;
		while (q + len < p && q[len] != '[')
			len++;
		if (!len)
			continue;
		snprintf(chan, n, "%.*s", (int) len, q);
		return *p;
	}
	return 0;
}

int prom_uppaal_msc_of_witness(const char *text, drv_msc *m)
{
	char line[4096];
	int row = 0, in_witness = 0;
	int sync = -1;                   /* the last sender's event, for the receivers after it */
	char sync_chan[256] = "";
	memset(m, 0, sizeof *m);
	for (const char *p = text; (p = drv_msc_next_line(p, line, sizeof line)); ) {
		if (strstr(line, "in the source model's terms")) {
			in_witness = 1;
			continue;
		}
		if (!in_witness)
			continue;
		if (strncmp(line, "final state:", 12) == 0) {
			m->end = drv_strdup(line);
			break;
		}
		char *s = line;
		while (*s == ' ')
			s++;
		if (!isdigit((unsigned char) *s))
			continue;
		while (isdigit((unsigned char) *s))
			s++;
		while (*s == ' ')
			s++;
		if (strncmp(s, "delay", 5) == 0) {
			drv_msc_event_add(m, DRV_MSC_DELAY, 0, row++, s);
			sync = -1;
			continue;
		}
		/* "INST: SRC -> DST [sel] LABELS (FILE:LINE)" */
		char *colon = strstr(s, ": ");
		if (!colon)
			continue;
		*colon = 0;
		char *edge = colon + 2, *src = strrchr(edge, '(');
		if (src && src > edge)
			src[-1] = 0;               /* the source position is in the title, not the chart */
		int l = drv_msc_lifeline(m, s), dir;
		char chan[256];
		if ((dir = sync_of(edge, chan, sizeof chan)) == '?' && sync >= 0 && strcmp(chan, sync_chan) == 0) {
			drv_msc_event *e = &m->ev[sync];
			if (e->kind == DRV_MSC_PENDING) {
				e->kind = DRV_MSC_MESSAGE;
				e->to = l;
			} else {
				/* another receiver of a broadcast: one more arrow,
				 * its label below the first one's */
				char *label = drv_strdup(e->label);
				int from = e->from;
				drv_msc_event *b = drv_msc_event_add(m, DRV_MSC_MESSAGE, from, row++, label);
				b->to = l;
				free(label);
			}
			m->ev[m->nev - 1].label_to = drv_strdup(edge);   /* the receiver's edge */
			continue;
		}
		if (dir == '!') {
			drv_msc_event_add(m, DRV_MSC_PENDING, l, row++, edge);
			sync = m->nev - 1;
			snprintf(sync_chan, sizeof sync_chan, "%s", chan);
		} else {
			drv_msc_event_add(m, DRV_MSC_LOCAL, l, row++, edge);
			sync = -1;
		}
	}
	/* a broadcast nobody received */
	for (int i = 0; i < m->nev; i++)
		if (m->ev[i].kind == DRV_MSC_PENDING)
			m->ev[i].kind = DRV_MSC_LOCAL;
	return m->nlines ? 0 : -1;
}

int prom_uppaal_msc(const drv_env *e, const drv_msc_req *rq, const char *svg)
{
	char *path = drv_printf("%s/msc-%ld.out", rq->mdir, (long) getpid());
	drv_redirect r;
	int rc = 2;
	if (drv_redirect_begin(&r, path) == 0) {
		rc = rq->fe->show_trail(e, rq->job);
		drv_redirect_end(&r);
	}
	size_t len;
	char *text = drv_read_file(path, &len);
	if (text) {
		fputs(text, rq->json ? stderr : stdout);
		fflush(NULL);
	}
	drv_msc m;
	if (rc == 1 && text) {
		if (prom_uppaal_msc_of_witness(text, &m) != 0) {
			drv_msg("check: --msc: no witness of %s to draw", rq->model);
			rc = 2;
		} else {
			int syncs = 0;
			for (int i = 0; i < m.nev; i++)
				syncs += m.ev[i].kind == DRV_MSC_MESSAGE;
			m.title = drv_printf("%s: counterexample, %d synchronisation%s between %d process%s",
			                     rq->model, syncs, syncs == 1 ? "" : "s", m.nlines,
			                     m.nlines == 1 ? "" : "es");
			rc = drv_msc_write_svg(svg, &m);
			drv_msc_free(&m);
		}
	}
	unlink(path);
	free(path);
	free(text);
	return rc;
}
