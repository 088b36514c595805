/*
 * uppaal_query.c -- UPPAAL queries: "E<> phi" (reachability) and
 * "A[] phi" (invariance); phi over locations (P.l), variables and clocks.
 * A .q file holds queries separated by newlines, with // and block
 * comments; the first one is used.
 */
#include "uppaal.h"

#include <ctype.h>
#include <string.h>

/* 1 when e names `deadlock` (a query keyword in UPPAAL) */
static int mentions_deadlock(const up_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == X_ID && strcmp(e->name, "deadlock") == 0)
		return 1;
	return mentions_deadlock(e->a) || mentions_deadlock(e->b) || mentions_deadlock(e->c);
}

up_query *up_parse_query(up_model *m, const char *text, const char *file, int line)
{
	while (isspace((unsigned char) *text)) {
		if (*text == '\n')
			line++;
		text++;
	}
	up_query *q = up_alloc(m->c, sizeof *q);
	q->file = file;
	q->line = line;
	q->text = up_strdup(m->c, text);
	char *end = (char *) q->text + strlen(q->text);
	while (end > q->text && isspace((unsigned char) end[-1]))
		*--end = 0;
	const char *rest;
	if (strncmp(text, "E<>", 3) == 0) {
		q->kind = 'E';
		rest = text + 3;
	} else if (strncmp(text, "A[]", 3) == 0) {
		q->kind = 'A';
		rest = text + 3;
	} else if (strncmp(text, "A<>", 3) == 0 || strncmp(text, "E[]", 3) == 0 || strstr(text, "-->")) {
		up_fail(m->c, file, line, "query '%s': only E<> and A[] (reachability and safety) are supported; "
			"A<>, E[] and --> are liveness properties", q->text);
	} else {
		up_fail(m->c, file, line, "query: expected 'E<>' or 'A[]', found '%.20s'", text);
	}
	up_lex l;
	up_lex_init(&l, m->c, file, rest, line);
	q->phi = up_parse_cond_expr(&l);
	if (mentions_deadlock(q->phi))
		up_fail(m->c, file, line, "query '%s': 'deadlock' is not supported", q->text);
	if (l.t.kind != T_EOF)
		up_lex_fail(&l, "the end of the query");
	return q;
}

up_query *up_read_query_file(up_model *m, const char *text, const char *file)
{
	/* blank out comments, keep newlines (line numbers) */
	char *s = up_strdup(m->c, text);
	for (char *p = s; *p; p++) {
		if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
			if (!*p)
				break;
		} else if (p[0] == '/' && p[1] == '*') {
			while (*p && !(p[0] == '*' && p[1] == '/')) {
				if (*p != '\n')
					*p = ' ';
				p++;
			}
			if (!*p)
				up_fail(m->c, file, 0, "unterminated comment");
			p[0] = p[1] = ' ';
			p++;
		}
	}
	int line = 1;
	for (char *p = s; *p; ) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		const char *t = p;
		while (isspace((unsigned char) *t))
			t++;
		if (*t)
			return up_parse_query(m, t, file, line);
		if (!nl)
			break;
		p = nl + 1;
		line++;
	}
	up_fail(m->c, file, 0, "no query in the file");
}
