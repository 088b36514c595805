// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_trail.c -- UPPAAL behind the front-end interface
 * (driver/frontend.h): `dmc check MODEL.xml|.xta --query Q` translates
 * into the build cache and prints the counterexample in the source
 * model's terms.  The trail is replayed with `spin -t -p`; each step's Promela
 * line carries the comment "edge INST: SRC -> DST ... (FILE:LINE)" the
 * writer put there, the Tick process is time passing, and the final
 * values are renamed with the declaration comments of the generated
 * model ("clock P(1).x", "location of P(1): 0=A 1=req").
 */
#include "uppaal_msc.h"
#include "uppaal_ztrail.h"
#include "uppaal.h"
#include "cache.h"
#include "frontend.h"
#include "fs.h"
#include "path.h"
#include "run.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a job's query when it is one of several sharing a translation */
typedef struct {
	int k;                  /* dmc_query's value: the query's number (0: the
				 * translation's one query) */
	int witness;            /* its trail is a witness (E<>) */
} shared_query;

/* stored query k (from 1) of query (a .q file) or of the model, when it
 * shares the one translation of all E<> and A[] queries: 1, and their
 * numbers in *ks (malloc'd, *nk of them); else 0 */
static int shared_queries(const char *model, const char *query, int k, int **ks, int *nk, int *witness)
{
	up_query_info *qi;
	*ks = NULL;
	*nk = 0;
	if (k < 1 || (query && !drv_is_file(query)))
		return 0;
	int n = prom_uppaal_queries(model, query, 1, &qi);
	if (n < k || !qi[k - 1].shared) {
		prom_uppaal_free_queries(qi, n);
		return 0;
	}
	*ks = drv_alloc((size_t) n * sizeof **ks);
	for (int i = 0; i < n; i++)
		if (qi[i].shared)
			(*ks)[(*nk)++] = i + 1;
	*witness = qi[k - 1].witness;
	prom_uppaal_free_queries(qi, n);
	return 1;
}

/* the translation in the build cache; *liveness: the query is A<>, E[]
 * or --> (an ltl formula, checked with pan -a).  Stored query k of
 * several, an E<> or A[] one: the translation of all of them (one
 * build), *sq says which one pan checks (sq->k 0 otherwise) */
static char *translate_into_cache(const char *model, const char *query, int k, const char *cache,
				  int *liveness, shared_query *sq)
{
	drv_hash h;
	char *dir0 = drv_abs_dir_of(model), *b0 = drv_basename(model);
	char *abs = dir0 && b0 ? drv_printf("%s/%s", dir0, b0) : NULL;
	free(dir0);
	free(b0);
	if (!abs) {
		drv_msg("check: %s: no such file", model);
		return NULL;
	}
	int *ks = NULL, nk = 0;
	sq->k = 0;
	if (shared_queries(model, query, k, &ks, &nk, &sq->witness))
		sq->k = k;
	drv_hash_init(&h);
	drv_hash_item(&h, abs, strlen(abs));
	drv_hash_item(&h, query ? query : "", query ? strlen(query) : 0);
	/* the shared translation is one for all its queries: no k in its key */
	if (sq->k)
		drv_hash_item(&h, "shared", 6);
	else if (k > 0)
		drv_hash_item(&h, &k, sizeof k);
	if (drv_hash_file(&h, abs) != 0) {
		free(abs);
		free(ks);
		drv_msg("check: %s: cannot read", model);
		return NULL;
	}
	int qfile = query && drv_is_file(query);
	if (qfile)
		drv_hash_file(&h, query);
	free(abs);
	char *dir = drv_printf("%s/uppaal-%016llx", cache, (unsigned long long) drv_hash_final(&h));
	if (drv_mkdir_p(dir) != 0) {
		drv_msg("cannot create build directory %s", dir);
		free(dir);
		free(ks);
		return NULL;
	}
	const char *base = strrchr(model, '/');
	base = base ? base + 1 : model;
	char *pml = drv_printf("%s/%.*s.pml", dir, (int) strlen(base) - 4, base);
	free(dir);
	/* stored query k: its warnings were given when the queries were listed */
	int rc = sq->k ? prom_uppaal_shared_to_file(model, qfile ? query : NULL, ks, nk, pml)
		: prom_uppaal_query_to_file(model, qfile ? query : NULL, qfile ? NULL : query, k, pml, k > 0);
	free(ks);
	if (rc != 0) {
		free(pml);
		return NULL;
	}
	/* without a query there is nothing to check */
	size_t len;
	char *text = drv_read_file(pml, &len);
	int has_monitor = text && strstr(text, "active proctype Monitor()") != NULL;
	*liveness = text && strstr(text, "\nltl dmc_query {") != NULL;
	/* A[] not deadlock, E<> deadlock: SPIN's invalid end states */
	has_monitor |= text && strstr(text, "an invalid end state (a deadlock) is a") != NULL;
	free(text);
	if (!has_monitor && !*liveness) {
		drv_msg("check: %s has no query: give --query FILE.q or --query 'E<> ...'", model);
		free(pml);
		return NULL;
	}
	return pml;
}

/* ---- names of the generated model ---- */
typedef struct {
	char pname[80], name[120];
	char locs[64][48];      /* location names of a loc_ variable */
	int nlocs, is_loc, is_clock;
} pname_map;

static char **split_lines(char *text, size_t *n)
{
	size_t cap = 256;
	char **v = drv_alloc(cap * sizeof *v);
	*n = 0;
	for (char *p = text; p && *p; ) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		if (*n == cap)
			v = drv_realloc(v, (cap *= 2) * sizeof *v);
		v[(*n)++] = p;
		p = nl ? nl + 1 : NULL;
	}
	return v;
}

/* a delay of d steps of Tick, in the model's time units */
static void print_delay(int n, int d, long scale)
{
	if (scale > 1)
		printf("  %3d  delay %g\n", n, (double) d / (double) scale);
	else
		printf("  %3d  delay %d\n", n, d);
}

/* "byte P_1_x;\t/ * clock P(1).x, ..." and "byte loc_P_1 = 0;\t/ * location of P(1): 0=A ..." */
static int read_names(char **lines, size_t n, pname_map *map, int max)
{
	int k = 0;
	for (size_t i = 0; i < n && k < max; i++) {
		char *l = lines[i];
		if (strncmp(l, "active proctype", 15) == 0)
			break;
		char *c = strstr(l, "/* ");
		char *semi = strchr(l, ';');
		if (!c || !semi || semi > c)
			continue;
		char decl[200];
		snprintf(decl, sizeof decl, "%.*s", (int) (semi - l), l);
		char *eq = strchr(decl, '=');
		if (eq)
			*eq = 0;
		char *sp = strrchr(decl, ' ');
		while (sp && sp[1] == 0) {
			*sp = 0;
			sp = strrchr(decl, ' ');
		}
		if (!sp)
			continue;
		pname_map *m = &map[k];
		memset(m, 0, sizeof *m);
		snprintf(m->pname, sizeof m->pname, "%s", sp + 1);
		char *br = strchr(m->pname, '[');
		if (br)
			*br = 0;
		c += 3;
		if (strncmp(c, "location of ", 12) == 0) {
			c += 12;
			char *colon = strstr(c, ": ");
			if (!colon)
				continue;
			snprintf(m->name, sizeof m->name, "%.*s", (int) (colon - c), c);
			m->is_loc = 1;
			for (char *t = strtok(colon + 2, " "); t && m->nlocs < 64; t = strtok(NULL, " ")) {
				char *q = strchr(t, '=');
				if (q)
					snprintf(m->locs[m->nlocs++], sizeof m->locs[0], "%s", q + 1);
			}
		} else {
			if (strncmp(c, "clock ", 6) == 0) {
				c += 6;
				m->is_clock = 1;
			} else if (!strstr(c, " in ["))
				continue;       /* channels, ncommit, dmc_eid */
			char *end = c + strcspn(c, " ,");
			snprintf(m->name, sizeof m->name, "%.*s", (int) (end - c), c);
			if (strncmp(c, "chan", 4) == 0)
				continue;
		}
		k++;
	}
	return k;
}

/* a delay of num/den steps of Tick (zones: of the concrete trace), in
 * the model's time units */
static void print_zdelay(int n, long long num, long long den, long scale)
{
	char b[64];
	up_ztrace_format(num, den * scale, b, sizeof b);
	printf("  %3d  delay %s\n", n, b);
}

/* zones: the clocks' values at the end of the concrete trace, named by
 * the translation's comments "zone clock K: NAME (line L)" (pl[0..np):
 * its lines) */
static void print_zclocks(char **pl, size_t np, const up_ztrace *zt, long scale)
{
	for (size_t i = 0; i < np; i++) {
		char name[128];
		int k;
		if (sscanf(pl[i], "/* zone clock %d: %127s (line", &k, name) != 2 || k < 1 || k > zt->nclocks)
			continue;
		char b[64];
		up_ztrace_format(zt->clocks[k], zt->den * scale, b, sizeof b);
		printf(" %s=%s", name, b);
	}
}

/* the trail of pml replayed by spin in the model's terms; sq: the model
 * and the query of a shared translation (k 0: the translation's one
 * query) */
static void show_counterexample(const drv_env *e, const char *pml, const shared_query *sq)
{
	const shared_query none = { 0, 0 };
	if (!sq)
		sq = &none;
	size_t plen, olen;
	char *ptext = drv_read_file(pml, &plen), *out = NULL;
	if (!ptext)
		return;
	/* from the model's directory: spin hands the name to a shell, and
	 * the steps' "file:line" then has no directory (no ':' in it) */
	char *dir = drv_dirname(pml), *base = drv_basename(pml);
	/* a shared translation replays with the query pan checked; zones:
	 * -g shows the locations as they change (the concrete trace) */
	char *def = sq->k ? drv_printf("-DDMC_QUERY=%d", sq->k) : NULL;
	int zones = strstr(ptext, "clocks as zones, dense time") != NULL;
	char *argv[7] = { (char *) e->spin, "-t", "-p" }, **a = argv + 3;
	if (zones)
		*a++ = "-g";
	if (def)
		*a++ = def;
	*a++ = base;
	*a = NULL;
	int st = drv_run_capture(argv, dir, &out, &olen);
	free(def);
	free(dir);
	free(base);
	if (st != 0 || !out) {
		drv_msg("cannot replay the trail of %s", pml);
		free(ptext);
		free(out);
		return;
	}
	size_t np, no;
	/* (before split_lines cuts the text) the query's comment says what a trail is: "... is a witness" */
	const char *qc = strstr(ptext, "/* the query ");
	const char *qe = qc ? strstr(qc, " */") : NULL;
	/* the comment's end (its text cannot hold a "*" "/" pair, pml_text.c);
	 * a name in the query may be "witness" too */
	int witness = sq->k ? sq->witness : qc && qe && qe - qc > 13 && strncmp(qe - 13, " is a witness", 13) == 0;
	/* clocks compared with decimal constants: Tick counts 1/scale units */
	const char *ts = strstr(ptext, "/* time scale: ");
	long scale = 1;
	if (ts)
		sscanf(ts, "/* time scale: %ld", &scale);
	/* zones: the concrete delays, from the translation's text before its
	 * lines are cut up */
	up_ztrace zt = { 0 };
	char **ol = split_lines(out, &no);
	if (zones)
		up_ztrace_compute(ptext, ol, no, &zt);
	char **pl = split_lines(ptext, &np);
	static pname_map map[512];
	int nmap = read_names(pl, np, map, 512);

	printf("%s in the source model's terms:\n", witness ? "witness" : "counterexample");
	int delay = 0, n = 0, last_line = 0;
	int zstate = 0, zshown = -1;    /* zones: the state reached, the last delay shown */
	for (size_t i = 0; i < no; i++) {
		int step, pid, line;
		char proc[80], file[512];
		if (strncmp(ol[i], "#processes:", 11) == 0)
			break;
		if (strncmp(ol[i], "c_code", 6) == 0 && strstr(ol[i], "dmc_zpost("))
			zstate++;
		if (strstr(ol[i], "<<<<<START OF CYCLE>>>>>")) {
			if (delay) {
				print_delay(++n, delay, scale);
				delay = 0;
			}
			printf("       -- the cycle: the steps from here on repeat forever --\n");
			continue;
		}
		if (sscanf(ol[i], " %d: proc %d (%79[^:]:%*d) %511[^:]:%d", &step, &pid, proc, file, &line) != 5)
			continue;
		if (strcmp(proc, "Monitor") == 0)
			continue;
		/* a trail of an invalid end state may end with a step that
		 * cannot be taken (the deadlock): not a step of the run */
		if (i + 1 < no && strstr(ol[i + 1], "transition failed"))
			continue;
		/* a step starts with its guard (a condition) or, for a
		 * synchronisation, the receive; its updates follow as further
		 * lines (one per statement with spin -o3, fewer when merged) */
		const char *stmt = strchr(ol[i], '[');
		int starts = stmt && (stmt[1] == '(' || strstr(stmt, "?dmc_eid"));
		/* a delay: Tick's offer, whose line says how long (Clock's
		 * receive is its other half) */
		if (strcmp(proc, "Tick") == 0 || strcmp(proc, "Clock") == 0) {
			const char *dl = line >= 1 && (size_t) line <= np ? strstr(pl[line - 1], "/* delay ") : NULL;
			int d = 1;
			if (dl)
				sscanf(dl, "/* delay %d", &d);
			/* the offer, or (deadlock queries) the atomic delay's guard */
			if (strcmp(proc, "Tick") == 0 && stmt && (strstr(stmt, "dmc_tick!") || (dl && stmt[1] == '(')))
				delay += d;
			continue;
		}
		if (line < 1 || (size_t) line > np)
			continue;
		const char *src = pl[line - 1];
		/* inside a d_step (liveness queries) spin -p prints no guards:
		 * a receiver's edge starts with the first statement of its line */
		/* a CSP synchronisation's further edges: one line each */
		int partner = strstr(src, "/* csp partner */") != NULL;
		if (!starts && line != last_line && (strstr(src, "dmc_eid ==") || strstr(src, ":: dmc_b") || partner))
			starts = 1;
		last_line = line;
		if (!starts)
			continue;
		const char *c = strstr(src, "/* edge ");
		if (!c || !(strstr(src, "atomic {") || strstr(src, "dmc_eid ==") || strstr(src, ":: dmc_b") || partner))
			continue;
		if (delay) {
			print_delay(++n, delay, scale);
			delay = 0;
		}
		if (zt.ok && zstate > zshown && zstate < zt.nstates) {
			zshown = zstate;
			if (zt.delay[zstate] > 0)
				print_zdelay(++n, zt.delay[zstate], zt.den, scale);
		}
		const char *end = strstr(c, " */");
		printf("  %3d  %.*s\n", ++n, (int) (end ? end - c - 8 : (long) strlen(c + 8)), c + 8);
	}
	if (delay)
		print_delay(++n, delay, scale);
	if (zt.ok && zt.nstates - 1 > zshown && zt.delay[zt.nstates - 1] > 0)
		print_zdelay(++n, zt.delay[zt.nstates - 1], zt.den, scale);
	/* an assert on an edge's line is a range check, one on Tick's a rate
	 * check (the query's is the Monitor's): the model's error */
	for (size_t i = 0; i + 1 < no; i++) {
		int aline;
		char afile[512];
		if (sscanf(ol[i], "spin: %511[^:]:%d, Error: assertion violated", afile, &aline) != 2
		    || aline < 1 || (size_t) aline > np)
			continue;
		int rate = strstr(pl[aline - 1], "/* rate check: ") != NULL;
		if (!rate && !strstr(pl[aline - 1], "/* edge "))
			continue;
		const char *t = strstr(ol[i + 1], "text of failed assertion: ");
		printf("error: %s%s%s\n", rate ? "a clock rate is neither 0 nor 1 where time could pass"
		       : "the last edge's update leaves a variable's range", t ? ": " : "", t ? t + 26 : "");
		break;
	}
	/* the final values: spin lists the globals after "#processes:" (arrays
	 * element by element); scalars it leaves out are 0 */
	static long val[512];
	static char arr[512][512];
	memset(val, 0, sizeof val);
	for (int k = 0; k < nmap; k++)
		arr[k][0] = 0;
	int in_dump = 0;
	for (size_t i = 0; i < no; i++) {
		char name[120];
		long v;
		if (strncmp(ol[i], "#processes:", 11) == 0)
			in_dump = 1;
		if (!in_dump || ol[i][0] != '\t' || sscanf(ol[i], " %119s = %ld", name, &v) != 2)
			continue;
		char *br = strchr(name, '[');
		for (int k = 0; k < nmap; k++) {
			if (strncmp(map[k].pname, name, br ? (size_t) (br - name) : strlen(name)) != 0
			    || map[k].pname[br ? br - name : (long) strlen(name)] != 0)
				continue;
			if (br) {
				size_t u = strlen(arr[k]);
				snprintf(arr[k] + u, sizeof arr[k] - u, "%s%s=%ld", u ? " " : "", br, v);
			} else {
				val[k] = v;
			}
		}
	}
	printf("final state:");
	for (int k = 0; k < nmap; k++)
		if (map[k].is_loc)
			printf(" %s.%s", map[k].name, val[k] >= 0 && val[k] < map[k].nlocs ? map[k].locs[val[k]] : "?");
	printf("\n ");
	for (int k = 0; k < nmap; k++) {
		if (map[k].is_loc)
			continue;
		if (arr[k][0])
			printf(" %s: %s;", map[k].name, arr[k]);
		else if (map[k].is_clock && scale > 1)
			printf(" %s=%g", map[k].name, (double) val[k] / (double) scale);
		else
			printf(" %s=%ld", map[k].name, val[k]);
	}
	if (zt.ok)
		print_zclocks(pl, np, &zt, scale);
	printf("\n");
	up_ztrace_free(&zt);
	free(pl);
	free(ol);
	free(ptext);
	free(out);
}

static int prepare(const drv_env *e, const drv_fe_request *rq, drv_fe_job *job)
{
	int liveness = 0;
	(void) e;
	shared_query sq;
	if (!(job->pml = translate_into_cache(rq->model, rq->query, rq->query_index, rq->cache, &liveness, &sq)))
		return 2;
	if (sq.k) {
		/* one build for the file's E<> and A[] queries: pan checks query k */
		char *set = drv_printf("--initial=dmc_query=%d", sq.k);
		drv_strv_push(&job->rt_opts, set);
		free(set);
	}
	job->model = drv_alloc(sizeof sq);
	*(shared_query *) job->model = sq;
	/* A<>, E[], -->: the translation's ltl formula, by the nested DFS */
	if (liveness)
		drv_strv_push(&job->rt_opts, "-a");
	else
		/* g counts UPPAAL transitions, as the seeds do: an edge is one
		 * atomic sequence of several pan steps (docs/uppaal.md, "What
		 * g counts") */
		drv_strv_push(&job->rt_defaults, "--cost=moves");
	/* unmerged statements: the heuristics then see every update of the
	 * translation's atomic edges (docs/uppaal.md) */
	job->spin_opts = "-o3";
	return 0;
}

/* the stored queries of the .q file rq->query, or of the model; a
 * formula given with --query is one query */
static int queries(const drv_env *e, const drv_fe_request *rq, drv_fe_query **list)
{
	(void) e;
	*list = NULL;
	if (rq->query && !drv_is_file(rq->query)) {
		/* the formula itself: answered after its run as a stored one */
		const char *t = rq->query;
		while (*t == ' ' || *t == '\t' || *t == '\n')
			t++;
		drv_fe_query *l = drv_alloc(sizeof *l);
		memset(l, 0, sizeof *l);
		/* on one line, printable: white space runs as one blank */
		char *o = l->text = drv_alloc(strlen(t) + 1);
		for (const char *p = t; *p; p++) {
			unsigned char ch = (unsigned char) *p;
			if (ch == ' ' || (ch >= '\t' && ch <= '\r')) {
				if (o > l->text && o[-1] != ' ')
					*o++ = ' ';
			} else {
				*o++ = ch < 32 || ch == 127 ? '?' : (char) ch;
			}
		}
		while (o > l->text && o[-1] == ' ')
			o--;
		*o = 0;
		l->file = drv_strdup("--query");
		l->line = l->col = 1;
		l->witness = strncmp(t, "E<>", 3) == 0 || strncmp(t, "E[]", 3) == 0;
		*list = l;
		return 1;
	}
	up_query_info *qi;
	int n = prom_uppaal_queries(rq->model, rq->query, 0, &qi);
	if (n < 0)
		return -1;
	drv_fe_query *l = drv_alloc((size_t) (n ? n : 1) * sizeof *l);
	for (int i = 0; i < n; i++) {
		l[i].text = qi[i].text;
		l[i].file = qi[i].file;
		l[i].line = qi[i].line;
		l[i].col = qi[i].col;
		l[i].skip = qi[i].skip;
		l[i].witness = qi[i].witness;
		l[i].note = qi[i].inexact ? drv_strdup("strict clock constraints or stopwatches where zones are not used: discrete time may "
			"lose behaviours of the dense-time model, so without a trail the answer may be the opposite "
			"of UPPAAL's (docs/uppaal.md, Clocks)") : NULL;
		qi[i].text = qi[i].skip = qi[i].file = NULL;
	}
	prom_uppaal_free_queries(qi, n);
	*list = l;
	return n;
}

static int show_trail(const drv_env *e, const drv_fe_job *job)
{
	show_counterexample(e, job->pml, job->model);
	return 1;
}

static void release(drv_fe_job *job)
{
	free(job->model);
	job->model = NULL;
}

const drv_frontend prom_fe_uppaal = {
	.name = "UPPAAL", .suffixes = ".xml .xta", .options = "--query",
	.translate = prom_uppaal_translate, .prepare = prepare, .show_trail = show_trail,
	.queries = queries, .msc = prom_uppaal_msc, .release = release,
};
