// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * msc_parse.c -- message sequence charts (msc.h) from the texts that
 * describe a counterexample:
 *
 *   spin -t -p -s -r MODEL: every step names its process (each gets a
 *     lifeline); the steps that send or receive also print
 *     "  4:\tproc  1 (Sender:1) m.pml:8 Send 3\t-> queue 1 (ch)" and
 *     "  5:\tproc  2 (Recv:1) m.pml:14 Recv 3\t<- queue 1 (ch)";
 *     each receive takes the oldest send still in its queue (a
 *     channel is FIFO; a rendezvous's send is taken at once), sends
 *     left over are pending;
 *   dmc check's UPPAAL witness: "  3  P(2): req -> wait c! (m.xta:13)"
 *     per edge, "  4  delay 2" for time passing; an edge with NAME! and
 *     the edges right after it with NAME? (its receivers, several for a
 *     broadcast channel) are one synchronisation.
 */
#include "msc.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int lifeline(drv_msc *m, const char *name)
{
	for (int i = 0; i < m->nlines; i++)
		if (strcmp(m->lines[i], name) == 0)
			return i;
	m->lines = drv_realloc(m->lines, ((size_t) m->nlines + 1) * sizeof *m->lines);
	m->lines[m->nlines] = drv_strdup(name);
	return m->nlines++;
}

static drv_msc_event *event(drv_msc *m, int kind, int from, int row, const char *label)
{
	m->ev = drv_realloc(m->ev, ((size_t) m->nev + 1) * sizeof *m->ev);
	drv_msc_event *e = &m->ev[m->nev++];
	e->kind = kind;
	e->from = e->to = from;
	e->row = e->row_to = row;
	e->label = drv_strdup(label);
	e->label_to = NULL;
	if (row + 1 > m->rows)
		m->rows = row + 1;
	return e;
}

void drv_msc_free(drv_msc *m)
{
	for (int i = 0; i < m->nlines; i++)
		free(m->lines[i]);
	for (int i = 0; i < m->nev; i++) {
		free(m->ev[i].label);
		free(m->ev[i].label_to);
	}
	free(m->lines);
	free(m->ev);
	free(m->title);
	free(m->end);
	memset(m, 0, sizeof *m);
}

/* the next line of text into buf (without its newline); NULL at the end */
static const char *next_line(const char *p, char *buf, size_t n)
{
	if (!p || !*p)
		return NULL;
	const char *nl = strchr(p, '\n');
	size_t len = nl ? (size_t) (nl - p) : strlen(p);
	snprintf(buf, n, "%.*s", (int) (len < n ? len : n - 1), p);
	return nl ? nl + 1 : p + len;
}

/* the lifelines "NAME:PID" in the order of their pids, as SPIN numbers
 * the processes (they appear in the order they first move) */
static int pid_of(const char *line)
{
	const char *c = strrchr(line, ':');
	return c ? atoi(c + 1) : 0;
}

static void by_pid(drv_msc *m)
{
	int *order = drv_alloc(((size_t) m->nlines + 1) * sizeof *order);
	int *where = drv_alloc(((size_t) m->nlines + 1) * sizeof *where);
	char **lines = drv_alloc(((size_t) m->nlines + 1) * sizeof *lines);
	for (int i = 0; i < m->nlines; i++)
		order[i] = i;
	for (int i = 1; i < m->nlines; i++)   /* insertion sort: a few processes */
		for (int k = i; k > 0 && pid_of(m->lines[order[k - 1]]) > pid_of(m->lines[order[k]]); k--) {
			int t = order[k];
			order[k] = order[k - 1];
			order[k - 1] = t;
		}
	for (int i = 0; i < m->nlines; i++) {
		where[order[i]] = i;
		lines[i] = m->lines[order[i]];
	}
	for (int i = 0; i < m->nev; i++) {
		m->ev[i].from = where[m->ev[i].from];
		m->ev[i].to = where[m->ev[i].to];
	}
	free(m->lines);
	m->lines = lines;
	free(order);
	free(where);
}

int drv_msc_from_spin(const char *text, drv_msc *m)
{
	char line[4096];
	int row = 0;
	memset(m, 0, sizeof *m);
	for (const char *p = text; (p = next_line(p, line, sizeof line)); ) {
		/* "  4:\tproc  1 (Sender:1) FILE:LINE Send V\t-> queue Q (NAME)" */
		int pid, q;
		char pname[256], what[8], vals[512], chan[256];
		const char *s = strstr(line, "proc ");
		if (s && sscanf(s, "proc %d (%255[^:)]", &pid, pname) == 2) {
			/* "Sent" for a rendezvous, "Send" into a buffer */
			const char *op = strstr(s, " Send ");
			if (!op)
				op = strstr(s, " Sent ");
			if (!op)
				op = strstr(s, " Recv ");
			const char *qp = op ? strstr(op, "queue ") : NULL;
			char who[300];
			snprintf(who, sizeof who, "%s:%d", pname, pid);
			int l = lifeline(m, who);     /* every process of the trail has one */
			if (op && qp && sscanf(op, " %7s %511[^\t]", what, vals) == 2
			    && sscanf(qp, "queue %d (%255[^)])", &q, chan) == 2) {
				char label[800];
				snprintf(label, sizeof label, "%s!%s", chan, vals);
				if (strcmp(what, "Recv") != 0) {
					drv_msc_event *e = event(m, DRV_MSC_PENDING, l, row++, label);
					e->to = q;        /* the queue, until a receive takes it */
					if (strcmp(what, "Sent") == 0)
						e->row_to = -1;   /* a rendezvous: received in the same row */
				} else {
					drv_msc_event *send = NULL;
					for (int i = 0; i < m->nev && !send; i++)
						if (m->ev[i].kind == DRV_MSC_PENDING && m->ev[i].to == q)
							send = &m->ev[i];
					if (send) {
						send->kind = DRV_MSC_MESSAGE;
						send->to = l;
						send->row_to = send->row_to < 0 ? send->row : row++;
					} else {
						snprintf(label, sizeof label, "%s?%s", chan, vals);
						event(m, DRV_MSC_LOCAL, l, row++, label);
					}
				}
			}
		}
		if (!m->end && (strstr(line, "assertion violated") || strstr(line, "Error:")
		                || strstr(line, "invalid end state") || strstr(line, "acceptance cycle")))
			m->end = drv_strdup(line + strspn(line, " \t"));
		if (!m->end && strstr(line, "<<<<<START OF CYCLE>>>>>"))
			event(m, DRV_MSC_DELAY, 0, row++, "start of the cycle");
	}
	for (int i = 0; i < m->nev; i++)
		if (m->ev[i].kind == DRV_MSC_PENDING) {
			m->ev[i].to = m->ev[i].from;
			m->ev[i].row_to = m->ev[i].row;
		}
	by_pid(m);
	return m->nlines ? 0 : -1;
}

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

int drv_msc_from_uppaal(const char *text, drv_msc *m)
{
	char line[4096];
	int row = 0, in_witness = 0;
	int sync = -1;                   /* the last sender's event, for the receivers after it */
	char sync_chan[256] = "";
	memset(m, 0, sizeof *m);
	for (const char *p = text; (p = next_line(p, line, sizeof line)); ) {
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
			event(m, DRV_MSC_DELAY, 0, row++, s);
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
		int l = lifeline(m, s), dir;
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
				drv_msc_event *b = event(m, DRV_MSC_MESSAGE, from, row++, label);
				b->to = l;
				free(label);
			}
			m->ev[m->nev - 1].label_to = drv_strdup(edge);   /* the receiver's edge */
			continue;
		}
		if (dir == '!') {
			event(m, DRV_MSC_PENDING, l, row++, edge);
			sync = m->nev - 1;
			snprintf(sync_chan, sizeof sync_chan, "%s", chan);
		} else {
			event(m, DRV_MSC_LOCAL, l, row++, edge);
			sync = -1;
		}
	}
	/* a broadcast nobody received */
	for (int i = 0; i < m->nev; i++)
		if (m->ev[i].kind == DRV_MSC_PENDING)
			m->ev[i].kind = DRV_MSC_LOCAL;
	return m->nlines ? 0 : -1;
}
