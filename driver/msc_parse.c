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
 * and the builders a front end reads its own counterexample with
 * (frontends/uppaal/uppaal_msc.c: a UPPAAL witness).
 */
#include "msc.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

int drv_msc_lifeline(drv_msc *m, const char *name)
{
	for (int i = 0; i < m->nlines; i++)
		if (strcmp(m->lines[i], name) == 0)
			return i;
	m->lines = drv_realloc(m->lines, ((size_t) m->nlines + 1) * sizeof *m->lines);
	m->lines[m->nlines] = drv_strdup(name);
	return m->nlines++;
}

drv_msc_event *drv_msc_event_add(drv_msc *m, int kind, int from, int row, const char *label)
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
const char *drv_msc_next_line(const char *p, char *buf, size_t n)
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
	for (const char *p = text; (p = drv_msc_next_line(p, line, sizeof line)); ) {
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
			int l = drv_msc_lifeline(m, who);     /* every process of the trail has one */
			if (op && qp && sscanf(op, " %7s %511[^\t]", what, vals) == 2
			    && sscanf(qp, "queue %d (%255[^)])", &q, chan) == 2) {
				char label[800];
				snprintf(label, sizeof label, "%s!%s", chan, vals);
				if (strcmp(what, "Recv") != 0) {
					drv_msc_event *e = drv_msc_event_add(m, DRV_MSC_PENDING, l, row++, label);
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
						drv_msc_event_add(m, DRV_MSC_LOCAL, l, row++, label);
					}
				}
			}
		}
		if (!m->end && (strstr(line, "assertion violated") || strstr(line, "Error:")
		                || strstr(line, "invalid end state") || strstr(line, "acceptance cycle")))
			m->end = drv_strdup(line + strspn(line, " \t"));
		if (!m->end && strstr(line, "<<<<<START OF CYCLE>>>>>"))
			drv_msc_event_add(m, DRV_MSC_DELAY, 0, row++, "start of the cycle");
	}
	for (int i = 0; i < m->nev; i++)
		if (m->ev[i].kind == DRV_MSC_PENDING) {
			m->ev[i].to = m->ev[i].from;
			m->ev[i].row_to = m->ev[i].row;
		}
	by_pid(m);
	return m->nlines ? 0 : -1;
}
