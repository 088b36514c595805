// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * claims.c -- a model's never claims and labels from SPIN's output
 * (claims.h).  SPIN names them in two places: spin -a echoes each `ltl`
 * block as "ltl NAME: FORMULA" in the model's order, and pan.c sets
 * "spin_c_typ[i] = T; /\* NAME *\/" for every claim when there are
 * several (named never claims among them).  pan.h's NCLAIMS, ACCEPT_LAB
 * and PROG_LAB say how many there are and which labels the model has.
 */
#include "claims.h"
#include "fs.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* the value of pan.h's "#define NAME N" (the last one: pan.h repeats
 * some under #ifndef), or -1 */
static int define_value(const char *pan_h, const char *name)
{
	int v = -1;
	size_t n = strlen(name);
	for (const char *p = pan_h; p && (p = strstr(p, "#define")) != NULL; p += 7) {
		const char *q = p + 7;
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, name, n) != 0 || (q[n] != ' ' && q[n] != '\t'))
			continue;
		q += n;
		while (*q == ' ' || *q == '\t')
			q++;
		if (isdigit((unsigned char) *q))
			v = atoi(q);
	}
	return v;
}

/* the index of the claim named name[0..len), or -1 */
static int find(const drv_claims *c, const char *name, size_t len)
{
	for (int k = 0; k < c->n; k++)
		if (c->v[k].name && strlen(c->v[k].name) == len && memcmp(c->v[k].name, name, len) == 0)
			return k;
	return -1;
}

static drv_claim *add(drv_claims *c, const char *name, size_t len)
{
	drv_claim *v = realloc(c->v, (size_t)(c->n + 1) * sizeof *v);
	if (!v)
		return NULL;
	c->v = v;
	drv_claim *cl = &c->v[c->n++];
	memset(cl, 0, sizeof *cl);
	cl->name = name ? drv_printf("%.*s", (int) len, name) : NULL;
	return cl;
}

static int ident_char(int ch)
{
	return isalnum(ch) || ch == '_';
}

/* where "ltl NAME" starts in the model's text (a word, outside //
 * comments at least), as line and column from 1 */
static void locate(const char *model, drv_claim *cl)
{
	size_t n = strlen(cl->name);
	int line = 1;
	const char *bol = model;
	for (const char *p = model; p && *p; p++) {
		if (*p == '\n') {
			line++;
			bol = p + 1;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			while (p[1] && p[1] != '\n')
				p++;
			continue;
		}
		if (strncmp(p, "ltl", 3) != 0 || (p > model && ident_char((unsigned char) p[-1])))
			continue;
		const char *q = p + 3;
		if (!isspace((unsigned char) *q))
			continue;
		while (isspace((unsigned char) *q))
			q++;
		if (strncmp(q, cl->name, n) == 0 && !ident_char((unsigned char) q[n])) {
			cl->line = line;
			cl->col = (int)(p - bol) + 1;
			return;
		}
	}
}

int drv_claims_parse(const char *spin_out, const char *pan_h, const char *pan_c, const char *model,
                     drv_claims *c)
{
	memset(c, 0, sizeof *c);
	if (!pan_h)
		return -1;
	/* every pan.h has a fallback "#ifndef NCLAIMS / #define NCLAIMS 1";
	 * a model with claims has "#ifndef NOCLAIM / #define NCLAIMS N" */
	const char *blk = strstr(pan_h, "#ifndef NOCLAIM\n");
	int nclaims = 0;
	if (blk) {
		const char *line = blk + strlen("#ifndef NOCLAIM\n");
		while (*line == ' ' || *line == '\t')
			line++;
		if (strncmp(line, "#define NCLAIMS", 15) == 0)
			nclaims = atoi(line + 15);
	}
	c->accept_labels = define_value(pan_h, "ACCEPT_LAB") > 0;
	c->progress_labels = define_value(pan_h, "PROG_LAB") > 0;
	/* the ltl blocks, as spin -a echoed them */
	for (const char *p = spin_out; p && *p; ) {
		const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
		if (strncmp(p, "ltl ", 4) == 0) {
			const char *name = p + 4, *colon = memchr(name, ':', (size_t)(end - name));
			size_t len = colon ? (size_t)(colon - name) : 0;
			if (len > 0 && find(c, name, len) < 0) {
				drv_claim *cl = add(c, name, len);
				const char *f = colon + 1;
				while (f < end && *f == ' ')
					f++;
				if (cl)
					cl->text = drv_printf("%.*s", (int)(end - f), f);
			}
		}
		p = nl ? nl + 1 : end;
	}
	/* every claim pan knows by name (named never claims too), when
	 * there are several: pan.c's "spin_c_typ[i] = T; \/\* NAME *\/" */
	for (const char *p = pan_c; nclaims > 1 && p && (p = strstr(p, "spin_c_typ[")) != NULL; p++) {
		const char *cm = strstr(p, "/* "), *nl = strchr(p, '\n');
		if (!cm || (nl && cm > nl) || !strstr(p, "] = ") || strstr(p, "] = ") > cm)
			continue;
		const char *name = cm + 3;
		size_t len = 0;
		while (ident_char((unsigned char) name[len]))
			len++;
		if (len > 0 && find(c, name, len) < 0)
			add(c, name, len);
	}
	/* the claim pan runs without -N */
	c->pan_default = -1;
	const char *dflt = spin_out ? strstr(spin_out, "(defaults to -N ") : NULL;
	if (dflt) {
		const char *name = dflt + strlen("(defaults to -N ");
		c->pan_default = find(c, name, strcspn(name, ")\n"));
	}
	if (nclaims == 1 && c->n == 0)
		add(c, NULL, 0);        /* one never claim, chosen without -N */
	if (nclaims == 1 && c->n > 1)
		c->n = 1;
	for (int k = 0; model && k < c->n; k++)
		if (c->v[k].name)
			locate(model, &c->v[k]);
	return 0;
}

int drv_claims_read(const char *entry, const char *model_path, drv_claims *c)
{
	size_t len;
	char *p_out = drv_printf("%s/spin.out", entry), *p_h = drv_printf("%s/pan.h", entry);
	char *p_c = drv_printf("%s/pan.c", entry);
	char *out = drv_read_file(p_out, &len), *h = drv_read_file(p_h, &len), *pc = drv_read_file(p_c, &len);
	char *model = model_path ? drv_read_file(model_path, &len) : NULL;
	int rc = drv_claims_parse(out, h, pc, model, c);
	free(p_out);
	free(p_h);
	free(p_c);
	free(out);
	free(h);
	free(pc);
	free(model);
	return rc;
}

void drv_claims_free(drv_claims *c)
{
	for (int k = 0; k < c->n; k++) {
		free(c->v[k].name);
		free(c->v[k].text);
	}
	free(c->v);
	memset(c, 0, sizeof *c);
}
