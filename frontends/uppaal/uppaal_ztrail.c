// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_ztrail.c -- the concrete trace of a zone trail (docs/uppaal.md
 * "Clocks: zones"), for the trail printed in the model's terms
 * (uppaal_trail.c).  spin's replay (-t -p -g) prints each embedded C
 * fragment it passes: the steps' zone programs (dmc_zrun), the end of
 * each step (dmc_zpost: time may pass in the state it enters) and the
 * Monitor's zone tests (dmc_zok, the query's clock constraints); -g
 * prints the processes' locations as they change.  The translation's
 * tables (c_decl) give each location's invariant and whether it is
 * urgent or committed.  uppaal_concrete.c then finds the delays.
 */
#include "uppaal_ztrail.h"
#include "uppaal.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	int *v;
	int n, cap;
} ivec;

static void ipush(ivec *a, int x)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 64;
		a->v = drv_realloc(a->v, sizeof *a->v * (size_t) a->cap);
	}
	a->v[a->n++] = x;
}

/* the ints of "{a,b,...}" from p (at its '{'): 1, or 0 when not there */
static int ints(const char *p, ivec *out)
{
	if (!p || !(p = strchr(p, '{')))
		return 0;
	for (p++;;) {
		char *end;
		while (*p == ' ' || *p == '\n' || *p == ',')
			p++;
		if (*p == '}')
			return 1;
		long x = strtol(p, &end, 10);
		if (end == p)
			return 0;
		ipush(out, (int) x);
		p = end;
	}
}

/* a table of the c_decl: "NAME[...] = {...}" */
static int table(const char *ptext, const char *name, ivec *out)
{
	const char *p = strstr(ptext, name);
	return p && ints(strstr(p, "= {"), out);
}

typedef struct {
	int dim, np, nl;
	ivec prog, at, urgent;
	char pname[64][64];     /* the location variables, in the zone's process order */
	int loc[64];
	int ok;
} tables;

static void read_tables(const char *ptext, tables *t)
{
	memset(t, 0, sizeof *t);
	const char *e = strstr(ptext, "enum { DMC_ZDIM = ");
	const char *post = strstr(ptext, "(const int[DMC_ZNP]){");
	if (!e || sscanf(e, "enum { DMC_ZDIM = %d, DMC_ZNP = %d, DMC_ZNL = %d", &t->dim, &t->np, &t->nl) != 3
	    || t->np > 64 || t->np < 1 || t->nl < 1 || !post)
		return;
	if (!table(ptext, "dmc_zloc_prog[]", &t->prog) || !table(ptext, "dmc_zloc_at[", &t->at)
	    || !table(ptext, "dmc_zurgent[", &t->urgent)
	    || t->at.n != 2 * t->np * t->nl || t->urgent.n != t->np * t->nl)
		return;
	/* "{ now.loc_P_1, now.loc_P_2 }": the order of dmc_zpost's locations */
	const char *p = post + strlen("(const int[DMC_ZNP]){");
	for (int i = 0; i < t->np; i++) {
		while (*p == ' ' || *p == ',')
			p++;
		if (strncmp(p, "now.", 4) != 0 || sscanf(p + 4, "%63[A-Za-z0-9_]", t->pname[i]) != 1)
			return;
		p += 4 + strlen(t->pname[i]);
		/* its initial value: the declaration "byte loc_P_1 = 0;" */
		char decl[80];
		snprintf(decl, sizeof decl, " %s = ", t->pname[i]);
		const char *d = strstr(ptext, decl);
		if (!d || sscanf(d + strlen(decl), "%d", &t->loc[i]) != 1)
			return;
	}
	t->ok = 1;
}

/* the invariants of the locations t->loc into inv; 1 when time may pass */
static int state_of(const tables *t, ivec *inv)
{
	int delay = 1;
	for (int p = 0; p < t->np; p++) {
		int l = t->loc[p];
		if (l < 0 || l >= t->nl)
			continue;
		int k = p * t->nl + l, a = t->at.v[2 * k], n = t->at.v[2 * k + 1];
		for (int i = 0; i < n && a + i < t->prog.n; i++)
			ipush(inv, t->prog.v[a + i]);
		delay = delay && !t->urgent.v[k];
	}
	return delay;
}

/* the program of a zone c_code/c_expr text: its "(const int[]){...}" */
static int program_of(const char *text, ivec *out)
{
	return ints(strstr(text, "(const int[]){"), out);
}

static void free_steps(up_zstep *st, int n)
{
	for (int s = 0; s < n; s++) {
		free((void *) st[s].run);
		free((void *) st[s].inv);
	}
	free(st);
}

int up_ztrace_compute(const char *ptext, char **ol, size_t no, up_ztrace *zt)
{
	memset(zt, 0, sizeof *zt);
	tables t;
	read_tables(ptext, &t);
	int rc = -1, n = 0, cap = 16;
	up_zstep *st = drv_alloc(sizeof *st * (size_t) cap);
	memset(st, 0, sizeof *st * (size_t) cap);
	ivec run = { 0 }, inv = { 0 };
	/* the zone tests since the last step, and the Monitor's (the query's
	 * cases: fin, each starting at fstart) */
	ivec pend = { 0 }, pstart = { 0 }, fin = { 0 }, fstart = { 0 };
	int mline = 0;          /* the Monitor's assert's line */
	if (!t.ok)
		goto out;
	st[0].delay = state_of(&t, &inv);
	st[0].inv = inv.v;
	st[0].ninv = inv.n;
	inv = (ivec) { 0 };
	for (size_t i = 0; i < no; i++) {
		const char *l = ol[i];
		char name[80];
		int v, step, pid;
		if (strncmp(l, "#processes:", 11) == 0)
			break;
		if (l[0] == '\t' && l[1] == '\t' && sscanf(l, " %79s = %d", name, &v) == 2) {
			for (int p = 0; p < t.np; p++)
				if (strcmp(name, t.pname[p]) == 0)
					t.loc[p] = v;
			continue;
		}
		if (strncmp(l, "c_code", 6) == 0) {
			const char *text = strchr(l, ':');
			if (!text)
				continue;
			if (strstr(text, "dmc_zrun(")) {
				if (!program_of(text, &run))
					goto out;
			} else if (strstr(text, "dmc_zpost(")) {
				if (++n == cap) {
					st = drv_realloc(st, sizeof *st * (size_t) (cap *= 2));
					memset(st + n, 0, sizeof *st * (size_t) (cap - n));
				}
				/* the successor's variant where an urgent
				 * synchronisation is enabled: no delay */
				st[n].delay = state_of(&t, &inv) && !strstr(text, "now.dmc_z.d), 1, (const");
				st[n].run = run.v;
				st[n].nrun = run.n;
				st[n].inv = inv.v;
				st[n].ninv = inv.n;
				run = (ivec) { 0 };
				inv = (ivec) { 0 };
			} else if (strstr(text, "(dmc_zok)")) {
				ipush(&pstart, pend.n);
				if (!program_of(text, &pend))
					goto out;
			}
			continue;
		}
		if (sscanf(l, " %d: proc %d (%79[^:]:", &step, &pid, name) == 3) {
			int line;
			if (strcmp(name, "Monitor") == 0 && sscanf(l, " %*d: proc %*d (%*[^)]) %*[^:]:%d", &line) == 1)
				mline = line;
			if (strcmp(name, "Monitor") == 0 && pstart.n) {
				ivec a = fin, b = fstart;
				fin = pend;
				fstart = pstart;
				pend = a;
				pstart = b;
			}
			pend.n = pstart.n = 0;
		}
	}
	zt->nstates = n + 1;
	zt->delay = drv_alloc(sizeof *zt->delay * (size_t) (n + 1));
	zt->nclocks = t.dim - 1;
	zt->clocks = drv_alloc(sizeof *zt->clocks * (size_t) t.dim);
	/* spin reads a zone test as true: it printed the cases up to the
	 * first whose data part held.  Should that case's clock constraints
	 * have no times (another case's held in the zone), every case of the
	 * assert's line follows (their data parts are not known here) */
	int printed = fstart.n;
	for (const char *p = mline > 0 ? ptext : NULL; p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (--mline == 0) {
			const char *end = strchr(p, '\n');
			for (const char *q = strstr(p, "(const int[]){"); q && (!end || q < end);
			     q = strstr(q + 1, "(const int[]){")) {
				ipush(&fstart, fin.n);
				if (!ints(q, &fin))
					goto out;
			}
			break;
		}
	if (!printed)
		rc = up_concrete_delays(t.dim, st, n, NULL, 0, zt->delay, zt->clocks, &zt->den);
	/* the first of the Monitor's cases whose constraints some times meet
	 * (a case whose data part held: the assert failed there) */
	for (int c = 0; c < fstart.n && rc != 0; c++) {
		int a = fstart.v[c], b = c + 1 < fstart.n ? fstart.v[c + 1] : fin.n;
		rc = up_concrete_delays(t.dim, st, n, fin.v + a, b - a, zt->delay, zt->clocks, &zt->den);
	}
out:
	free(run.v);
	free(inv.v);
	free(pend.v);
	free(pstart.v);
	free(fin.v);
	free(fstart.v);
	free(t.prog.v);
	free(t.at.v);
	free(t.urgent.v);
	free_steps(st, n + 1);
	if (rc != 0)
		up_ztrace_free(zt);
	zt->ok = rc == 0;
	return rc;
}

void up_ztrace_free(up_ztrace *zt)
{
	free(zt->delay);
	free(zt->clocks);
	memset(zt, 0, sizeof *zt);
}

/* num/den as a decimal when it has a finite one (a power of two or five
 * below), else as a fraction */
void up_ztrace_format(long long num, long long den, char *buf, size_t n)
{
	long long a = num < 0 ? -num : num, b = den, g = a, h = b;
	while (h) {
		long long r = g % h;
		g = h;
		h = r;
	}
	if (g > 1) {
		a /= g;
		b /= g;
	}
	long long rest = b;
	int twos = 0, fives = 0;
	while (rest % 2 == 0) {
		rest /= 2;
		twos++;
	}
	while (rest % 5 == 0) {
		rest /= 5;
		fives++;
	}
	int digits = twos > fives ? twos : fives;
	if (rest != 1 || digits > 15) {
		snprintf(buf, n, "%s%lld/%lld", num < 0 ? "-" : "", a, b);
		return;
	}
	long long scale = 1;
	for (int i = 0; i < digits; i++)
		scale *= 10;
	long long frac = a % b * (scale / b);
	if (!digits)
		snprintf(buf, n, "%s%lld", num < 0 ? "-" : "", a / b);
	else
		snprintf(buf, n, "%s%lld.%0*lld", num < 0 ? "-" : "", a / b, digits, frac);
	/* no trailing zeros: 1.50 is 1.5 */
	char *dot = strchr(buf, '.');
	if (dot) {
		char *e = buf + strlen(buf);
		while (e > dot + 1 && e[-1] == '0')
			*--e = 0;
		if (e == dot + 1)
			*dot = 0;
	}
}
