// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal.c -- `dmc translate MODEL.xml|MODEL.xta [--query FILE.q |
 * --target 'E<> phi'] [-o OUT.pml]`: reads the model, the query, and
 * writes the Promela network (uppaal_emit.c).  The output is written only
 * when the whole translation succeeded.
 */
#include "uppaal.h"
#include "uppaal_zone.h"
#include "util.h"
#include "cmd_args.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t n = 0, cap = 4096;
	char *s = drv_alloc(cap);
	for (;;) {
		if (n + 1024 > cap)
			s = drv_realloc(s, cap *= 2);
		size_t k = fread(s + n, 1, cap - n - 1, f);
		if (!k)
			break;
		n += k;
	}
	fclose(f);
	s[n] = 0;
	*len = n;
	return s;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* the first query of src that dmc can check; the others are named in
 * warnings (dmc translate writes one query).  When none can be checked
 * and one of them is malformed, its error. */
static up_query *pick_query(up_model *m, const up_vec *src)
{
	up_query *q = NULL;
	char why[sizeof m->c->err], first_err[sizeof m->c->err] = "";
	int nskip = 0;
	for (int i = 0; i < src->n; i++) {
		const up_query_src *s = src->v[i];
		if (q) {
			up_warn(m->c, s->file, s->line, "query %d of %d is not in this translation (it holds one "
				"query; give that one with --target to check it)", i + 1, src->n);
			continue;
		}
		up_query *t = up_try_query(m, s, why, sizeof why);
		if (t) {
			q = t;
			continue;
		}
		up_warn(m->c, NULL, 0, "%s", why);
		nskip++;
		if (!first_err[0] && !strstr(why, "not a kind dmc checks"))
			memcpy(first_err, why, sizeof why);
	}
	if (!q && first_err[0]) {
		memcpy(m->c->err, first_err, sizeof first_err);
		longjmp(*m->c->on_error, 1);
	}
	return q;
}

/* query k (from 1) of src and nothing else: its error when it cannot be
 * checked */
static up_query *query_k(up_model *m, const up_vec *src, int k)
{
	if (k > src->n)
		up_fail(m->c, m->file, 0, "there is no query %d (%d stored)", k, src->n);
	char why[sizeof m->c->err];
	up_query *q = up_try_query(m, src->v[k - 1], why, sizeof why);
	if (!q) {
		memcpy(m->c->err, why, sizeof why);
		longjmp(*m->c->on_error, 1);
	}
	return q;
}

/* the model, and the stored queries (query_text with query_file: a .q
 * file's; without: the model's own) into src */
static up_model *read_model(up_ctx *c, const char *file, const char *text, size_t len,
			    const char *query_text, const char *query_file, up_vec *src)
{
	up_model *m = up_alloc(c, sizeof *m);
	m->c = c;
	m->file = file;
	up_check_no_nul(c, file, text, len);
	if (ends_with(file, ".xml"))
		up_parse_xml(m, text, len);
	else
		up_parse_xta(m, text);
	/* the stored ones are not parsed when --query replaces them */
	if (query_text && query_file) {
		up_split_query_file(m, query_text, query_file, src);
		if (!src->n)
			up_fail(c, query_file, 0, "no query in the file");
	} else if (!query_text) {
		*src = m->queries;
	}
	return m;
}

int up_translate_query(up_ctx *c, const char *file, const char *text, size_t len,
		       const char *query_text, const char *query_file, int k, FILE *out)
{
	jmp_buf jb;
	c->on_error = &jb;
	if (setjmp(jb))
		return 2;
	up_vec src = { 0 };
	up_model *m = read_model(c, file, text, len, query_text, query_file, &src);
	up_query *q = NULL;
	if (query_text && !query_file)
		q = up_parse_query(m, query_text, "--target", 1);
	else if (k > 0)
		q = query_k(m, &src, k);
	else
		q = pick_query(m, &src);
	up_net *n = up_alloc(c, sizeof *n);
	up_instantiate(n, m);
	up_clock_caps(n, q);
	up_zone_plan(n, q);
	up_clock_strict_warn(n);
	up_clock_liveness(n, q);
	up_emit_opts op = { q ? q->text : NULL, q, NULL, NULL };
	up_emit(n, out, &op);
	return 0;
}

int up_translate_shared(up_ctx *c, const char *file, const char *text, size_t len,
			const char *query_text, const char *query_file, const int *ks, int nk, FILE *out)
{
	jmp_buf jb;
	c->on_error = &jb;
	if (setjmp(jb))
		return 2;
	up_vec src = { 0 }, qs = { 0 };
	up_model *m = read_model(c, file, text, len, query_text, query_file, &src);
	if (nk < 1)
		up_fail(c, m->file, 0, "no query to translate");
	/* the clocks' caps and liveness as for one query that names what
	 * every query names: the disjunction of their conditions */
	up_query *all = up_alloc(c, sizeof *all);
	for (int i = 0; i < nk; i++) {
		up_query *q = query_k(m, &src, ks[i]);
		if (up_query_is_liveness(q) || up_query_deadlock(q))
			up_fail_at(c, q->file, q->line, q->col, "query '%s' cannot share a translation", q->text);
		up_push(c, &qs, q);
		if (i == 0) {
			*all = *q;
			continue;
		}
		up_expr *or = up_alloc(c, sizeof *or);
		or->kind = X_BIN;
		strcpy(or->op, "||");
		or->a = all->phi;
		or->b = q->phi;
		or->height = 1 + (or->a->height > or->b->height ? or->a->height : or->b->height);
		all->phi = or;
	}
	up_net *n = up_alloc(c, sizeof *n);
	up_instantiate(n, m);
	up_clock_caps(n, all);
	/* zones when the network takes them; every query then reads its
	 * clocks in the zone (a query zones cannot read is not given here:
	 * prom_uppaal_queries) */
	if (up_zone_plan(n, NULL))
		for (int i = 0; i < qs.n; i++) {
			const up_query *q = qs.v[i];
			const char *why = up_zone_query_why(n, q);
			if (why)
				up_fail_at(c, q->file, q->line, q->col, "query '%s' cannot share the translation "
					   "with zones: %s", q->text, why);
		}
	up_clock_strict_warn(n);
	up_clock_liveness(n, all);
	up_emit_opts op = { NULL, NULL, &qs, ks };
	up_emit(n, out, &op);
	return 0;
}

int up_translate_text(up_ctx *c, const char *file, const char *text, size_t len,
		      const char *query_text, const char *query_file, FILE *out)
{
	return up_translate_query(c, file, text, len, query_text, query_file, 0, out);
}

/* the model's and the query file's text (qtext NULL without a file):
 * 0, or 2 after a message */
static int read_inputs(const char *model, const char *query_file, char **text, size_t *len, char **qtext)
{
	size_t qlen;
	*qtext = NULL;
	if (!(*text = slurp(model, len))) {
		drv_msg("translate: %s: cannot read the model", model);
		return 2;
	}
	if (query_file && !(*qtext = slurp(query_file, &qlen))) {
		drv_msg("translate: %s: cannot read the query file", query_file);
		free(*text);
		return 2;
	}
	int nl, nc;
	if (*qtext && up_find_nul(*qtext, qlen, &nl, &nc)) {
		fprintf(stderr, "dmc: %s:%d:%d: a NUL byte (the file is not text)\n", query_file, nl, nc);
		free(*text);
		free(*qtext);
		return 2;
	}
	return 0;
}

/* query k's translation (ks NULL), or the shared one of ks[0..nk), into
 * out_path (NULL: standard output) */
static int to_file(const char *model, const char *query_file, const char *target, int k, const int *ks,
		   int nk, const char *out_path, int quiet)
{
	size_t len;
	char *text, *qtext;
	if (read_inputs(model, query_file, &text, &len, &qtext) != 0)
		return 2;
	up_ctx c;
	memset(&c, 0, sizeof c);
	c.warn = quiet ? NULL : stderr;
	char *buf = NULL;
	size_t blen = 0;
	FILE *mem = open_memstream(&buf, &blen);
	int rc = ks ? up_translate_shared(&c, model, text, len, qtext, query_file, ks, nk, mem)
		: up_translate_query(&c, model, text, len, target ? target : qtext, target ? NULL : query_file, k, mem);
	fclose(mem);
	if (rc != 0) {
		drv_msg("%s", c.err);
	} else {
		FILE *o = out_path ? fopen(out_path, "w") : stdout;
		if (!o) {
			drv_msg("translate: cannot write %s", out_path);
			rc = 2;
		} else {
			fwrite(buf, 1, blen, o);
			if (out_path && fclose(o) != 0) {
				drv_msg("translate: cannot write %s", out_path);
				rc = 2;
			}
		}
	}
	up_ctx_free(&c);
	free(buf);
	free(text);
	free(qtext);
	return rc;
}

int prom_uppaal_query_to_file(const char *model, const char *query_file, const char *target, int k,
			      const char *out_path, int quiet)
{
	return to_file(model, query_file, target, k, NULL, 0, out_path, quiet);
}

int prom_uppaal_shared_to_file(const char *model, const char *query_file, const int *ks, int nk,
			       const char *out_path)
{
	return to_file(model, query_file, NULL, 0, ks, nk, out_path, 1);
}

int prom_uppaal_to_file(const char *model, const char *query_file, const char *target,
			const char *out_path, int quiet)
{
	return prom_uppaal_query_to_file(model, query_file, target, 0, out_path, quiet);
}

/* the query's text on one line: white space runs as one blank, other
 * control characters as '?' */
static char *one_line(const char *t)
{
	char *s = drv_alloc(strlen(t) + 1), *o = s;
	while (*t == ' ' || (*t >= '\t' && *t <= '\r'))
		t++;
	for (; *t; t++) {
		unsigned char ch = (unsigned char) *t;
		if (ch == ' ' || (ch >= '\t' && ch <= '\r')) {
			if (o > s && o[-1] != ' ')
				*o++ = ' ';
		} else {
			*o++ = ch < 32 || ch == 127 ? '?' : (char) ch;
		}
	}
	while (o > s && o[-1] == ' ')
		o--;
	*o = 0;
	return s;
}

/* warnings of the trial translations, each distinct one printed once */
static void warn_once(up_vec *seen, up_ctx *c, const char *text)
{
	for (const char *p = text; p && *p; ) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t) (nl - p) : strlen(p);
		int dup = 0;
		for (int i = 0; i < seen->n && !dup; i++)
			dup = strlen(seen->v[i]) == n && strncmp(seen->v[i], p, n) == 0;
		if (!dup && n) {
			up_push(c, seen, up_strndup(c, p, n));
			fprintf(stderr, "%.*s\n", (int) n, p);
		}
		p = nl ? nl + 1 : NULL;
	}
}

int prom_uppaal_queries(const char *model, const char *query_file, int quiet, up_query_info **out)
{
	size_t len;
	char *text, *qtext;
	*out = NULL;
	if (read_inputs(model, query_file, &text, &len, &qtext) != 0)
		return -1;
	up_ctx c;
	memset(&c, 0, sizeof c);
	jmp_buf jb;
	c.on_error = &jb;
	up_query_info *volatile info = NULL;
	volatile int n = -1;
	if (setjmp(jb)) {
		drv_msg("%s", c.err);
		prom_uppaal_free_queries(info, n);
		info = NULL;
		n = -1;
		goto done;
	}
	up_vec src = { 0 }, seen = { 0 };
	up_model *m = read_model(&c, model, text, len, qtext, query_file, &src);
	info = drv_alloc((size_t) (src.n ? src.n : 1) * sizeof *info);
	memset((void *) info, 0, (size_t) (src.n ? src.n : 1) * sizeof *info);
	n = src.n;
	for (int k = 0; k < src.n; k++) {
		const up_query_src *s = src.v[k];
		up_query_info *qi = &info[k];
		char why[sizeof c.err];
		qi->text = one_line(s->text);
		qi->file = drv_strdup(s->file);
		qi->line = s->line;
		qi->col = s->col;
		up_query *q = up_try_query(m, s, why, sizeof why);
		if (!q) {
			const char *sk = strstr(why, "' skipped: ");
			qi->skip = drv_strdup(sk ? sk + 11 : why);
			continue;
		}
		qi->witness = q->kind == 'E' || q->kind == 'G';
		/* a query can fail where the translation resolves its names */
		up_ctx t;
		memset(&t, 0, sizeof t);
		char *wbuf = NULL, *obuf = NULL;
		size_t wlen = 0, olen = 0;
		t.warn = open_memstream(&wbuf, &wlen);
		FILE *o = open_memstream(&obuf, &olen);
		int rc = up_translate_query(&t, model, text, len, qtext, query_file, k + 1, o);
		fclose(o);
		fclose(t.warn);
		if (rc != 0)
			qi->skip = drv_strdup(t.err);
		else if (!quiet)
			warn_once(&seen, &c, wbuf);
		/* a query zones cannot read where the network takes them keeps
		 * its own translation (discrete time), the others share one */
		qi->shared = rc == 0 && !up_query_is_liveness(q) && !up_query_deadlock(q) && !t.zone_query_refused;
		qi->inexact = t.inexact;
		up_ctx_free(&t);
		free(wbuf);
		free(obuf);
	}
done:
	up_ctx_free(&c);
	free(text);
	free(qtext);
	*out = info;
	return n;
}

void prom_uppaal_free_queries(up_query_info *q, int n)
{
	for (int i = 0; q && i < n; i++) {
		free(q[i].text);
		free(q[i].file);
		free(q[i].skip);
	}
	free(q);
}

int prom_uppaal_translate(const drv_env *e, int argc, char **argv)
{
	const char *model = NULL, *query = NULL, *target = NULL, *out = NULL;
	(void) e;
	for (int i = 0; i < argc; i++) {
		const char *a, *v;
		switch (drv_command_arg(DRV_CMD_TRANSLATE, argc, argv, &i, &a, &v)) {
		case DRV_ARG_ERROR:
			return 2;
		case DRV_ARG_UNKNOWN:
			return drv_command_unknown(DRV_CMD_TRANSLATE, argv[i]);
		case DRV_ARG_OPERAND:
			if (drv_command_model(DRV_CMD_TRANSLATE, &model, argv[i]) != 0)
				return 2;
			break;
		case DRV_ARG_OPTION:
			if (!strcmp(a, "--query"))
				query = v;
			else if (!strcmp(a, "--target"))
				target = v;
			else if (!strcmp(a, "-o"))
				out = v;
			else {
				/* translate's options of the other languages */
				drv_msg("translate: %s is not an option for UPPAAL models (dmc translate --help)", a);
				return 2;
			}
			break;
		}
	}
	if (query && target) {
		drv_msg("translate: give --query or --target, not both");
		return 2;
	}
	return prom_uppaal_to_file(model, query, target, out, 0);
}
