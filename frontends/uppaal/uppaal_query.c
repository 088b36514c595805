// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_query.c -- UPPAAL queries: "E<> phi" (reachability), "A[] phi"
 * (invariance), and the liveness queries "A<> phi" (inevitability),
 * "E[] phi" (a path where phi always holds) and "phi --> psi" (leads
 * to); phi and psi over locations (P.l), variables and clocks.
 * `deadlock` (no edge can be taken now or after any delay) is checked
 * as SPIN's invalid end state, in the two forms `A[] not deadlock` and
 * `E<> deadlock`.
 * A .q file holds queries separated by newlines (a backslash at the
 * end of a line continues the query), with // and block comments.  Stored queries (a .q file's, the XML's <queries>) are kept
 * as text and parsed when used: one that cannot be checked (sup, Pr,
 * simulate, ...) is skipped with the reason.
 */
#include "uppaal.h"
#include "pml_text.h"

#include <ctype.h>
#include <string.h>

/* the first `deadlock` (a query keyword in UPPAAL) in e, or NULL */
static const up_expr *find_deadlock(const up_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == X_ID && strcmp(e->name, "deadlock") == 0)
		return e;
	const up_expr *d = find_deadlock(e->a);
	if (!d)
		d = find_deadlock(e->b);
	return d ? d : find_deadlock(e->c);
}

static int mentions_deadlock(const up_expr *e)
{
	return find_deadlock(e) != NULL;
}

/* one condition of a query: all of text */
static up_expr *parse_side(up_model *m, const char *file, int line, int col, const char *text)
{
	up_lex l;
	up_lex_init_at(&l, m->c, file, text, line, col);
	up_expr *e = up_parse_cond_expr(&l);
	if (l.t.kind != T_EOF)
		up_lex_fail(&l, "the end of the query");
	return e;
}

/* a side's text without the parentheses around the whole */
static void side_text(const up_expr *e, char *buf, size_t n)
{
	up_expr_text(e, buf, n);
	size_t k = strlen(buf);
	if ((e->kind == X_BIN || e->kind == X_COND) && k >= 2 && buf[0] == '(' && buf[k - 1] == ')') {
		memmove(buf, buf + 1, k - 2);
		buf[k - 2] = 0;
	}
}

up_query *up_parse_query(up_model *m, const char *text, const char *file, int line)
{
	return up_parse_query_at(m, text, file, line, 1);
}

up_query *up_parse_query_at(up_model *m, const char *text, const char *file, int line, int col)
{
	while (isspace((unsigned char) *text)) {
		if (*text == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
		text++;
	}
	up_query *q = up_alloc(m->c, sizeof *q);
	q->file = file;
	q->line = line;
	q->col = col;
	q->text = up_strdup(m->c, text);
	char *end = (char *) q->text + strlen(q->text);
	while (end > q->text && isspace((unsigned char) end[-1]))
		*--end = 0;
	static const struct { const char *op; int kind; } quant[] = {
		{ "E<>", 'E' }, { "A[]", 'A' }, { "A<>", 'F' }, { "E[]", 'G' },
	};
	const char *rest = NULL, *arrow = strstr(text, "-->");
	for (size_t k = 0; k < sizeof quant / sizeof quant[0]; k++)
		if (strncmp(text, quant[k].op, 3) == 0) {
			q->kind = quant[k].kind;
			rest = text + 3;
		}
	char shown[48];       /* the raw text, for the messages: printable, cut */
	pml_comment_text(shown, sizeof shown, text);
	if (rest && arrow)
		up_fail_at(m->c, file, line, col, "query '%s': '-->' stands alone (p --> q), without %.3s", shown, text);
	if (!rest && !arrow)
		up_fail_at(m->c, file, line, col, "query: expected 'E<>', 'A[]', 'A<>', 'E[]' or 'p --> q', found '%.20s'",
			   shown);
	if (arrow) {
		q->kind = 'L';
		q->phi = parse_side(m, file, line, col, up_strndup(m->c, text, (size_t) (arrow - text)));
		q->psi = parse_side(m, file, line, col + (int) (arrow + 3 - text), arrow + 3);
	} else
		q->phi = parse_side(m, file, line, col + 3, rest);
	/* from here on the query is its parsed tree printed again, never the
	 * raw text (which could hold anything after a // the lexer skipped) */
	char a[400], b[400], *t = up_alloc(m->c, sizeof a + sizeof b + 16);
	side_text(q->phi, a, sizeof a);
	if (q->kind == 'L') {
		side_text(q->psi, b, sizeof b);
		sprintf(t, "%s --> %s", a, b);
	} else {
		sprintf(t, "%.3s %s", text, a);
	}
	q->text = t;
	if (mentions_deadlock(q->phi) || mentions_deadlock(q->psi)) {
		const up_expr *p = q->phi;
		int ok = (q->kind == 'A' && p->kind == X_UN && p->op[0] == '!' && p->a->kind == X_ID
			  && strcmp(p->a->name, "deadlock") == 0)
			|| (q->kind == 'E' && p->kind == X_ID && strcmp(p->name, "deadlock") == 0);
		/* deadlock is SPIN's invalid end state: whether one is reachable.
		 * Elsewhere (E<> not deadlock, deadlock && P.b, under -->) it
		 * would be a predicate of the state, which the translation does
		 * not write: refused, never answered otherwise */
		const up_expr *d = find_deadlock(q->phi);
		if (!d)
			d = find_deadlock(q->psi);
		if (!ok)
			up_fail_at(m->c, file, d->line > 0 ? d->line : line, d->line > 0 ? d->col : col,
				   "query '%s': 'deadlock' here is not supported: dmc checks 'A[] not deadlock' "
				   "and 'E<> deadlock' only (expected one of them)", q->text);
	}
	return q;
}

int up_query_deadlock(const up_query *q)
{
	return q && mentions_deadlock(q->phi);
}

/* the kinds of query dmc checks: E<>, A[], A<>, E[] and p --> q */
static int checkable_kind(const char *t)
{
	while (*t == ' ' || *t == '\t' || *t == '\n' || *t == '\r')
		t++;
	static const char *const other[] = { "Pr", "simulate", "sup", "inf", "strategy", "control",
		"saveStrategy", "loadStrategy", "bounds", "E2<>", "A2<>", NULL };
	if (!strncmp(t, "E<>", 3) || !strncmp(t, "A[]", 3) || !strncmp(t, "A<>", 3) || !strncmp(t, "E[]", 3))
		return 1;
	for (int i = 0; other[i]; i++)
		if (!strncmp(t, other[i], strlen(other[i])))
			return 0;
	return strstr(t, "-->") != NULL;
}

up_query *up_try_query(up_model *m, const up_query_src *src, char *why, size_t n)
{
	up_ctx *c = m->c;
	if (!checkable_kind(src->text)) {
		char shown[48];
		pml_comment_text(shown, sizeof shown, src->text);
		snprintf(why, n, "%s:%d:%d: query '%s' skipped: not a kind dmc checks (E<>, A[], A<>, E[], -->)",
			 src->file, src->line, src->col, shown);
		return NULL;
	}
	jmp_buf jb, *outer = c->on_error;
	c->on_error = &jb;
	if (setjmp(jb)) {
		c->on_error = outer;
		snprintf(why, n, "%s", c->err);
		return NULL;
	}
	up_query *q = up_parse_query_at(m, src->text, src->file, src->line, src->col);
	c->on_error = outer;
	return q;
}

int up_query_is_liveness(const up_query *q)
{
	return q && (q->kind == 'F' || q->kind == 'G' || q->kind == 'L');
}

/* the text with comments blanked out (newlines kept) */
static char *strip_comments(up_model *m, const char *text, const char *file)
{
	/* blank out comments, keep newlines (line numbers) */
	char *s = up_strdup(m->c, text);
	int cline = 1;
	char *line_start = s;
	for (char *p = s; *p; ) {
		if (*p == '\n') {
			cline++;
			line_start = ++p;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
		} else if (p[0] == '/' && p[1] == '*') {
			int sline = cline, scol = (int) (p - line_start) + 1;
			p[0] = p[1] = ' ';
			p += 2;
			while (*p && !(p[0] == '*' && p[1] == '/')) {
				if (*p == '\n') {
					cline++;
					line_start = p + 1;
				} else {
					*p = ' ';
				}
				p++;
			}
			if (!*p)
				up_fail_at(m->c, file, sline, scol, "unterminated comment");
			p[0] = p[1] = ' ';
			p += 2;
		} else {
			p++;
		}
	}
	return s;
}

/* 1 when the line from p to end (not included) ends with a backslash
 * (then blanked out), white space after it allowed */
static int continues(char *p, char *end)
{
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		end--;
	if (end == p || end[-1] != '\\')
		return 0;
	end[-1] = ' ';
	return 1;
}

/* one query per line; a backslash at the end of a line continues the
 * query on the next (as verifyta reads it), the query's text keeps the
 * newline so that the lexer's lines and columns stay the file's */
void up_split_query_file(up_model *m, const char *text, const char *file, up_vec *out)
{
	char *s = strip_comments(m, text, file);
	int line = 1;
	for (char *p = s; *p; ) {
		char *nl = strchr(p, '\n');
		int first = line;
		while (nl && continues(p, nl)) {
			line++;
			nl = strchr(nl + 1, '\n');
		}
		if (!nl)
			continues(p, p + strlen(p));
		if (nl)
			*nl = 0;
		const char *t = p;
		int tline = first;
		const char *tstart = p;   /* the start of t's line */
		while (isspace((unsigned char) *t)) {
			if (*t == '\n') {
				tline++;
				tstart = t + 1;
			}
			t++;
		}
		if (*t) {
			up_query_src *q = up_alloc(m->c, sizeof *q);
			q->text = t;
			q->file = file;
			q->line = tline;
			q->col = (int) (t - tstart) + 1;
			up_push(m->c, out, q);
		}
		if (!nl)
			break;
		p = nl + 1;
		line++;
	}
}

up_query *up_read_query_file(up_model *m, const char *text, const char *file)
{
	up_vec src = { 0 };
	up_split_query_file(m, text, file, &src);
	if (src.n == 0)
		up_fail(m->c, file, 0, "no query in the file");
	const up_query_src *q = src.v[0];
	return up_parse_query_at(m, q->text, q->file, q->line, q->col);
}
