// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal.c -- `dmc translate MODEL.xml|MODEL.xta [--query FILE.q |
 * --target 'E<> phi'] [-o OUT.pml]`: reads the model, the query, and
 * writes the Promela network (uppaal_emit.c).  The output is written only
 * when the whole translation succeeded.
 */
#include "translate.h"
#include "uppaal.h"
#include "util.h"

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

int up_translate_text(up_ctx *c, const char *file, const char *text, size_t len,
		      const char *query_text, const char *query_file, FILE *out)
{
	jmp_buf jb;
	c->on_error = &jb;
	if (setjmp(jb))
		return 2;
	up_model *m = up_alloc(c, sizeof *m);
	m->c = c;
	m->file = file;
	up_check_no_nul(c, file, text, len);
	if (ends_with(file, ".xml"))
		up_parse_xml(m, text, len);
	else
		up_parse_xta(m, text);
	up_query *q = NULL;
	if (query_text && !query_file) {
		q = up_parse_query(m, query_text, "--target", 1);
	} else {
		/* a .q file's or the model's stored queries: the first one dmc
		 * can check (the stored ones are not parsed when --query
		 * replaces them) */
		up_vec src = { 0 };
		if (query_text)
			up_split_query_file(m, query_text, query_file, &src);
		else
			src = m->queries;
		if (query_text && !src.n)
			up_fail(c, query_file, 0, "no query in the file");
		q = pick_query(m, &src);
	}
	up_net *n = up_alloc(c, sizeof *n);
	up_instantiate(n, m);
	up_clock_caps(n, q);
	up_clock_liveness(n, q);
	up_emit_opts op = { q ? q->text : NULL, q };
	up_emit(n, out, &op);
	return 0;
}

int prom_uppaal_to_file(const char *model, const char *query_file, const char *target,
			const char *out_path, int quiet)
{
	size_t len, qlen;
	char *text = slurp(model, &len), *qtext = NULL;
	if (!text) {
		drv_msg("translate: %s: cannot read the model", model);
		return 2;
	}
	if (query_file && !(qtext = slurp(query_file, &qlen))) {
		drv_msg("translate: %s: cannot read the query file", query_file);
		free(text);
		return 2;
	}
	int nl, nc;
	if (qtext && up_find_nul(qtext, qlen, &nl, &nc)) {
		fprintf(stderr, "dmc: %s:%d:%d: a NUL byte (the file is not text)\n", query_file, nl, nc);
		free(text);
		free(qtext);
		return 2;
	}
	up_ctx c;
	memset(&c, 0, sizeof c);
	c.warn = quiet ? NULL : stderr;
	char *buf = NULL;
	size_t blen = 0;
	FILE *mem = open_memstream(&buf, &blen);
	int rc = up_translate_text(&c, model, text, len, target ? target : qtext,
				   target ? NULL : query_file, mem);
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

int prom_uppaal_translate(const drv_env *e, int argc, char **argv)
{
	const char *model = NULL, *query = NULL, *target = NULL, *out = NULL;
	(void) e;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if ((!strcmp(a, "--query") || !strcmp(a, "--target") || !strcmp(a, "-o")) && i + 1 >= argc) {
			drv_msg("translate: %s needs an argument", a);
			return 2;
		}
		if (!strcmp(a, "--query"))
			query = argv[++i];
		else if (!strcmp(a, "--target"))
			target = argv[++i];
		else if (!strcmp(a, "-o"))
			out = argv[++i];
		else if (a[0] == '-') {
			drv_msg("translate: unknown option %s", a);
			return 2;
		} else if (model) {
			drv_msg("translate: more than one model given ('%s', '%s')", model, a);
			return 2;
		} else
			model = a;
	}
	if (query && target) {
		drv_msg("translate: give --query or --target, not both");
		return 2;
	}
	return prom_uppaal_to_file(model, query, target, out, 0);
}
