// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_csp.h -- CSP synchronisation (utap's `sync a;` with `IO P {a}`
 * alphabets): which process takes which of its `sync a;` edges alone,
 * with others, or never (uppaal_csp.c; the semantics is in docs/uppaal.md
 * "CSP synchronisation").
 */
#ifndef PROM_UPPAAL_CSP_H
#define PROM_UPPAAL_CSP_H

#include "uppaal.h"

/* the most processes that take one event together, and the most
 * combinations of their edges on it (one Promela option each) */
#define UP_CSP_MAX_PARTS 16
#define UP_CSP_MAX_COMBOS 4096

enum {
	UP_CSP_BLOCKED,         /* its process has no IO declaration: never taken */
	UP_CSP_ALONE,           /* the event is not in its process's alphabet, or no
				 * other process takes part in it: taken alone */
	UP_CSP_JOINT            /* taken with one edge of every other participant */
};

typedef struct up_csp_event up_csp_event;

/* a `sync a;` edge of an instance with its select values */
typedef struct {
	up_inst *in;
	up_edge *ed;
	long sel[4];
	up_var *ch;             /* the event: channel and element (0 for a scalar) */
	long el;
	int role;               /* UP_CSP_* */
	up_csp_event *ev;       /* UP_CSP_JOINT: the event */
} up_csp_edge;

/* an event that several processes take together */
struct up_csp_event {
	up_var *ch;
	long el;
	int nparts;
	up_inst *parts[UP_CSP_MAX_PARTS];  /* the participants in process order */
	up_vec edges[UP_CSP_MAX_PARTS];    /* up_csp_edge*: each one's edges on it */
};

typedef struct {
	up_net *n;
	up_vec edges;           /* up_csp_edge*: every `sync a;` edge instance */
	up_vec events;          /* up_csp_event*: the joint events */
	unsigned char *has_io;  /* per pid: an IO declaration names the process */
	up_vec *alpha;          /* per pid: its alphabet, pairs (up_var*, element
				 * as a long in a pointer; -1: every element) */
	int nbinary;            /* edges with '!' or '?' (utap refuses a mix) */
	const up_edge *binary;  /* the first of them */
	up_inst *binary_in;
} up_csp;

/* the plan of network n: the IO declarations resolved (errors naming
 * what is wrong with them) */
up_csp *up_csp_new(up_net *n);
/* edge ed of in, its select values sel bound in in->sel: a `sync a;`
 * edge is noted, another synchronisation counted */
void up_csp_add(up_csp *p, up_inst *in, up_edge *ed, const long *sel);
/* after every edge is added: the roles and joint events (errors for
 * what dmc does not translate, warnings for edges never taken) */
void up_csp_finish(up_csp *p);
/* the note of a `sync a;` edge with these select values (NULL: none) */
up_csp_edge *up_csp_find(const up_csp *p, const up_inst *in, const up_edge *ed, const long *sel);
/* pid takes part in a joint event other than as its first participant
 * (its location is set by another process's step) */
int up_csp_follower(const up_csp *p, int pid);

#endif
