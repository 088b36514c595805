// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fake_bridge.c -- runtime/bridge.h implemented over fixed arrays that a
 * unit test fills in through fake_bridge.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "fake_bridge.h"

#define TEXT_LEN 160

typedef struct { char name[32]; int nstates, start; int labels[FB_MAX_STATES]; } fb_type_t;
typedef struct { int type; dmc_trans t; char text[TEXT_LEN]; } fb_trans_t;
typedef struct { char name[32]; int type, size, is_chan; long lo, hi; } fb_var_t;

static struct {
	int ntypes, claim;
	fb_type_t types[FB_MAX_TYPES];
	int ntrans;
	fb_trans_t trans[FB_MAX_TRANS];
	int nprocs;
	int proc_type[FB_MAX_PROCS], proc_state[FB_MAX_PROCS];
	int nvars;
	fb_var_t vars[FB_MAX_VARS];
	long gval[FB_MAX_VARS][FB_MAX_ELEMS];
	long lval[FB_MAX_VARS][FB_MAX_PROCS][FB_MAX_ELEMS];
	int nmtypes;
	char mname[FB_MAX_MTYPES][32];
	long mval[FB_MAX_MTYPES];
	int nchans;
	int chan_len[FB_MAX_CHANS], chan_cap[FB_MAX_CHANS], chan_nf[FB_MAX_CHANS];
	long chan_msg[FB_MAX_CHANS][8][4];       /* [id-1][slot][field] */
	int has_vars, checks_deadlocks, checks_asserts;
	int rv_pid, rv_state;             /* a pending rendezvous, rv_pid -1: none */
	int step_pid, step_from, step_id; /* dmc_br_step's move, step_pid -1: none */
} M;

static void need(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fake_bridge: %s\n", what);
		abort();
	}
}

static void copy_name(char *dst, size_t n, const char *src)
{
	need(strlen(src) < n, "name too long");
	strcpy(dst, src);
}

void fb_reset(void)
{
	memset(&M, 0, sizeof M);
	M.claim = -1;
	M.rv_pid = -1;
	M.step_pid = -1;
	M.has_vars = M.checks_deadlocks = M.checks_asserts = 1;
}

int fb_type(const char *name, int nstates, int start)
{
	need(M.ntypes < FB_MAX_TYPES && nstates <= FB_MAX_STATES, "too many types or states");
	fb_type_t *t = &M.types[M.ntypes];
	copy_name(t->name, sizeof t->name, name);
	t->nstates = nstates;
	t->start = start;
	return M.ntypes++;
}

void fb_claim(int type) { M.claim = type; }

int fb_trans(int type, int from, int to, int line, const char *text)
{
	need(M.ntrans < FB_MAX_TRANS && type >= 0 && type < M.ntypes, "too many transitions");
	need(from >= 0 && from < M.types[type].nstates && to >= 0 && to < M.types[type].nstates,
	     "transition state out of range");
	fb_trans_t *r = &M.trans[M.ntrans];
	copy_name(r->text, sizeof r->text, text);
	r->type = type;
	r->t.from = from;
	r->t.to = to;
	r->t.id = M.ntrans;
	r->t.line = line;
	r->t.atomic = strncmp(text, "D_STEP", 6) == 0 ? DMC_TR_DSTEP : DMC_TR_PLAIN;
	r->t.text = r->text;
	return M.ntrans++;
}

void fb_trans_id(int t, int id) { M.trans[t].t.id = id; }
void fb_trans_zone(int t, const char *note, int guard)
{
	M.trans[t].t.zone_note = note;
	M.trans[t].t.zone_guard = guard;
}

void fb_label(int type, int state, int labels) { M.types[type].labels[state] = labels; }

int fb_proc(int type, int state)
{
	need(M.nprocs < FB_MAX_PROCS, "too many processes");
	M.proc_type[M.nprocs] = type;
	M.proc_state[M.nprocs] = state;
	return M.nprocs++;
}

void fb_move(int pid, int state) { M.proc_state[pid] = state; }

static int add_var(int type, const char *name, int size, int is_chan)
{
	need(M.nvars < FB_MAX_VARS && size >= 1 && size <= FB_MAX_ELEMS, "too many variables");
	fb_var_t *v = &M.vars[M.nvars];
	copy_name(v->name, sizeof v->name, name);
	v->type = type;
	v->size = size;
	v->is_chan = is_chan;
	v->lo = -2147483647L - 1;         /* ints unless fb_var_range says */
	v->hi = 2147483647L;
	return M.nvars++;
}

void fb_var_range(int var, long lo, long hi)
{
	need(var >= 0 && var < M.nvars, "fb_var_range: no such variable");
	M.vars[var].lo = lo;
	M.vars[var].hi = hi;
}

int fb_global(const char *name, int size) { return add_var(-1, name, size, 0); }
int fb_local(int type, const char *name, int size) { return add_var(type, name, size, 0); }
int fb_chan_var(int type, const char *name, int size) { return add_var(type, name, size, 1); }

static int var_index(const char *name, int type)
{
	for (int i = 0; i < M.nvars; i++)
		if (M.vars[i].type == type && strcmp(M.vars[i].name, name) == 0)
			return i;
	return -1;
}

void fb_set(const char *name, long index, long val)
{
	int i = var_index(name, -1);
	need(i >= 0 && index >= 0 && index < M.vars[i].size, "fb_set: no such global element");
	M.gval[i][index] = val;
}

void fb_set_local(int pid, const char *name, long index, long val)
{
	need(pid >= 0 && pid < M.nprocs, "fb_set_local: no such process");
	int i = var_index(name, M.proc_type[pid]);
	need(i >= 0 && index >= 0 && index < M.vars[i].size, "fb_set_local: no such local element");
	M.lval[i][pid][index] = val;
}

void fb_mtype(const char *name, long val)
{
	need(M.nmtypes < FB_MAX_MTYPES, "too many mtypes");
	copy_name(M.mname[M.nmtypes], sizeof M.mname[0], name);
	M.mval[M.nmtypes++] = val;
}

int fb_chan(int cap)
{
	need(M.nchans < FB_MAX_CHANS, "too many channels");
	M.chan_cap[M.nchans] = cap;
	M.chan_nf[M.nchans] = 1;
	return ++M.nchans;
}

void fb_chan_len(int id, int len) { M.chan_len[id - 1] = len; }
void fb_chan_fields(int id, int nf) { M.chan_nf[id - 1] = nf; }
void fb_chan_msg(int id, int slot, int fld, long val) { M.chan_msg[id - 1][slot][fld] = val; }
void fb_has_vars(int on) { M.has_vars = on; }
void fb_checks(int deadlocks, int asserts)
{
	M.checks_deadlocks = deadlocks;
	M.checks_asserts = asserts;
}

/* ---- runtime/bridge.h ---- */

int dmc_br_ntypes(void) { return M.ntypes; }
const char *dmc_br_type_name(int type) { return type >= 0 && type < M.ntypes ? M.types[type].name : "?"; }
int dmc_br_claim_type(void) { return M.claim; }
int dmc_br_is_claim(int type) { return type == M.claim; }
int dmc_br_nstates(int type) { return M.types[type].nstates; }
int dmc_br_start_state(int type) { return M.types[type].start; }
int dmc_br_labels(int type, int state) { return M.types[type].labels[state]; }

int dmc_br_ntrans(int type, int state)
{
	int n = 0;
	for (int i = 0; i < M.ntrans; i++)
		n += M.trans[i].type == type && M.trans[i].t.from == state;
	return n;
}

void dmc_br_trans(int type, int state, int k, dmc_trans *out)
{
	for (int i = 0; i < M.ntrans; i++)
		if (M.trans[i].type == type && M.trans[i].t.from == state && k-- == 0) {
			*out = M.trans[i].t;
			return;
		}
	need(0, "dmc_br_trans: no such transition");
}

int dmc_br_nprocs(void) { return M.nprocs; }
int dmc_br_zone(const int **d) { (void) d; return 0; }
int dmc_br_subsumed(void *item) { (void) item; return 0; }
int dmc_br_zone_inclusion(double *covered) { *covered = 0; return 0; }

int dmc_br_rendezvous_pending(int *pid, int *state)
{
	if (M.rv_pid < 0)
		return 0;
	*pid = M.rv_pid;
	*state = M.rv_state;
	return 1;
}

int dmc_br_step(int *pid, int *from, int *id)
{
	if (M.step_pid < 0)
		return -1;
	*pid = M.step_pid;
	*from = M.step_from;
	*id = M.step_id;
	return 0;
}

/* the fake pan always lets every process move */
int dmc_br_step_forced(void) { return 0; }

void fb_step(int pid, int from, int id)
{
	M.step_pid = pid;
	M.step_from = from;
	M.step_id = id;
}

void fb_rendezvous_pending(int pid, int state)
{
	M.rv_pid = pid;
	M.rv_state = state;
}
int dmc_br_proc_type(int pid) { return pid >= 0 && pid < M.nprocs ? M.proc_type[pid] : -1; }
int dmc_br_proc_state(int pid) { return pid >= 0 && pid < M.nprocs ? M.proc_state[pid] : -1; }

int dmc_br_var_find(const char *name, int type, dmc_var *out)
{
	if (!M.has_vars)
		return -1;
	int i = type >= 0 ? var_index(name, type) : -1;
	if (i < 0)
		i = var_index(name, -1);
	if (i < 0)
		return -1;
	out->id = i;
	out->size = M.vars[i].size;
	out->local_type = M.vars[i].type;
	out->is_chan = M.vars[i].is_chan;
	out->lo = M.vars[i].lo;
	out->hi = M.vars[i].hi;
	return 0;
}

int dmc_br_var_read(const dmc_var *v, int pid, long index, long *val)
{
	if (v->id < 0 || v->id >= M.nvars || index < 0 || index >= v->size)
		return -1;
	if (v->local_type < 0) {
		*val = M.gval[v->id][index];
		return 0;
	}
	if (pid < 0 || pid >= M.nprocs || M.proc_type[pid] != v->local_type)
		return -1;
	*val = M.lval[v->id][pid][index];
	return 0;
}

void dmc_br_vars_read(int n, const dmc_var *vs, const int *pid, const long *idx, long *val,
                      unsigned char *ok)
{
	for (int i = 0; i < n; i++)
		ok[i] = dmc_br_var_read(&vs[i], pid[i], idx[i], &val[i]) == 0;
}

int dmc_br_var_write_global(const dmc_var *v, long val)
{
	if (v->id < 0 || v->id >= M.nvars || v->local_type >= 0 || v->size != 1)
		return -1;
	M.gval[v->id][0] = val;
	return 0;
}

int dmc_br_has_vars(void) { return M.has_vars; }

int dmc_br_nvars(void) { return M.has_vars ? M.nvars : 0; }

int dmc_br_var_at(int i, const char **name, dmc_var *out)
{
	if (!M.has_vars || i < 0 || i >= M.nvars)
		return -1;
	*name = M.vars[i].name;
	out->id = i;
	out->size = M.vars[i].size;
	out->local_type = M.vars[i].type;
	out->is_chan = M.vars[i].is_chan;
	out->lo = M.vars[i].lo;
	out->hi = M.vars[i].hi;
	return 0;
}

int dmc_br_mtype(const char *name, long *val)
{
	for (int i = 0; i < M.nmtypes; i++)
		if (strcmp(M.mname[i], name) == 0) {
			*val = M.mval[i];
			return 0;
		}
	return -1;
}

int dmc_br_chan(long chan_id, int *len, int *cap)
{
	if (chan_id < 1 || chan_id > M.nchans)
		return -1;
	*len = M.chan_len[chan_id - 1];
	*cap = M.chan_cap[chan_id - 1];
	return 0;
}

int dmc_br_chan_field_range(long chan_id, int fld, long *lo, long *hi)
{
	if (chan_id < 1 || chan_id > M.nchans || fld < 0 || fld >= M.chan_nf[chan_id - 1])
		return -1;
	*lo = 0;                      /* the fake's messages are bytes */
	*hi = 255;
	return 0;
}

int dmc_br_chan_nfields(long chan_id)
{
	return chan_id < 1 || chan_id > M.nchans ? -1 : M.chan_nf[chan_id - 1];
}

int dmc_br_chan_field(long chan_id, int slot, int fld, long *val)
{
	if (chan_id < 1 || chan_id > M.nchans || slot < 0 || slot >= M.chan_len[chan_id - 1]
	    || slot >= 8 || fld < 0 || fld >= M.chan_nf[chan_id - 1] || fld >= 4)
		return -1;
	*val = M.chan_msg[chan_id - 1][slot][fld];
	return 0;
}

static const char *model_file = "fake.pml";
void fb_model_file(const char *path) { model_file = path ? path : "fake.pml"; }
const char *dmc_br_model_file(void) { return model_file; }
int dmc_br_statement_merging(void) { return 0; }
int dmc_br_checks_deadlocks(void) { return M.checks_deadlocks; }
int dmc_br_checks_asserts(void) { return M.checks_asserts; }
int dmc_br_restricts_processes(void) { return 0; }
