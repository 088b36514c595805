// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_xml.c -- UPPAAL's XML format (<nta>, as UPPAAL 4.x/5.x saves it)
 * read with expat.  The texts (declarations, labels, system) go to the
 * parsers of uppaal_decl.c with the line they start on, so that errors
 * name the XML file's line.
 */
#include "uppaal.h"
#include "pml_text.h"

#include <expat.h>
#include <setjmp.h>
#include <string.h>

typedef struct {
	up_model *m;
	XML_Parser p;
	char *text;             /* character data of the current element */
	size_t n, cap;
	int text_line, text_col; /* where the character data starts */
	const char *label_kind;
	up_template *t;         /* current template */
	up_loc *loc;            /* current location */
	up_edge *edge;          /* current transition */
	const char *src, *dst;  /* its source/target ids */
	up_expr *weight;        /* its probability label (a branch's weight), or NULL */
	up_vec bps;             /* branchpoint*: the current template's branchpoints */
	up_vec bp_edges;        /* bp_edge*: its transitions into or out of one */
	int depth_tmpl;
	int root_seen;          /* the document's root element was read */
	up_vec queries;         /* formula texts */
	up_vec qlines;
	int failed;             /* a handler caught an error: expat was stopped */
} xml_st;

/* UPPAAL's probabilistic branching: a transition into a branchpoint, then
 * one of the transitions out of it (chosen by their weights).  The
 * symbolic semantics knows no probabilities: every branch of positive
 * weight may be taken, so the pair is one edge per branch (expand_bps). */
typedef struct {
	const char *id;
	int line, col;
} branchpoint;

typedef struct {
	up_edge *ed;
	const char *src, *dst;  /* ids, one of them a branchpoint's */
	up_expr *weight;
} bp_edge;

static const char *attr(const char **a, const char *name)
{
	for (int i = 0; a[i]; i += 2)
		if (strcmp(a[i], name) == 0)
			return a[i + 1];
	return NULL;
}

static int line_of(xml_st *s)
{
	return (int) XML_GetCurrentLineNumber(s->p);
}

static int col_of(xml_st *s)
{
	return (int) XML_GetCurrentColumnNumber(s->p) + 1;
}

/* XML text (an attribute) for a message: printable, cut */
static const char *safe_text(up_model *m, const char *t)
{
	char buf[64];
	pml_comment_text(buf, sizeof buf, t ? t : "");
	return up_strdup(m->c, buf);
}

static void start_el(xml_st *s, const char *el, const char **a)
{
	up_model *m = s->m;
	s->n = 0;
	s->text_line = line_of(s);
	s->text_col = 0;
	/* a model is an <nta>; UPPAAL also writes traces (<trace>) and other
	 * documents in XML */
	if (!s->root_seen && strcmp(el, "nta") != 0)
		up_fail_at(m->c, m->file, line_of(s), col_of(s), "<%s>: not an UPPAAL model (a model is an <nta> "
			   "document)", safe_text(m, el));
	s->root_seen = 1;
	/* the reader keeps one current template, location and edge: one
	 * inside another of its kind (or a location inside an edge) would
	 * leave them pointing at the wrong, or no, template */
	if ((strcmp(el, "template") == 0 && s->depth_tmpl) ||
	    ((strcmp(el, "location") == 0 || strcmp(el, "transition") == 0) && (s->loc || s->edge)))
		up_fail_at(m->c, m->file, line_of(s), col_of(s), "<%s> inside a <%s>", el,
			   s->loc ? "location" : s->edge ? "transition" : "template");
	if (strcmp(el, "template") == 0) {
		s->t = NULL;
		s->loc = NULL;
		s->edge = NULL;
		s->bps.n = s->bp_edges.n = 0;
		s->depth_tmpl = 1;
	} else if (strcmp(el, "location") == 0 && s->t) {
		up_loc *lc = up_alloc(m->c, sizeof *lc);
		const char *id = attr(a, "id");
		lc->id = up_strdup(m->c, id ? id : "");
		lc->line = line_of(s);
		lc->col = col_of(s);
		up_push(m->c, &s->t->locs, lc);
		s->loc = lc;
	} else if (strcmp(el, "branchpoint") == 0 && s->t) {
		branchpoint *b = up_alloc(m->c, sizeof *b);
		const char *id = attr(a, "id");
		b->id = up_strdup(m->c, id ? id : "");
		b->line = line_of(s);
		b->col = col_of(s);
		up_push(m->c, &s->bps, b);
	} else if (strcmp(el, "urgent") == 0 && s->loc) {
		s->loc->urgent = 1;
	} else if (strcmp(el, "committed") == 0 && s->loc) {
		s->loc->committed = 1;
	} else if (strcmp(el, "init") == 0 && s->t) {
		const char *r = attr(a, "ref");
		int i = r ? up_find_loc(s->t, r) : -1;
		if (i < 0)
			up_fail_at(m->c, m->file, line_of(s), col_of(s), "<init>: unknown location '%s'", safe_text(m, r));
		s->t->init = i;
	} else if (strcmp(el, "transition") == 0 && s->t) {
		s->edge = up_alloc(m->c, sizeof *s->edge);
		s->edge->line = line_of(s);
		s->edge->col = col_of(s);
		s->src = s->dst = NULL;
		s->weight = NULL;
	} else if (strcmp(el, "source") == 0 && s->edge) {
		const char *r = attr(a, "ref");
		s->src = up_strdup(m->c, r ? r : "");
	} else if (strcmp(el, "target") == 0 && s->edge) {
		const char *r = attr(a, "ref");
		s->dst = up_strdup(m->c, r ? r : "");
	} else if (strcmp(el, "label") == 0) {
		const char *k = attr(a, "kind");
		s->label_kind = up_strdup(m->c, k ? k : "");
	}
}

/* a location without a <name> is called by its id in the Promela (a
 * label at_ID) when the id is an identifier no other location is named;
 * else L<index>, made unique.  The id is any text of the XML file. */
static void name_unnamed(up_model *m, up_template *t)
{
	for (int k = 0; k < t->locs.n; k++) {
		up_loc *lc = t->locs.v[k];
		if (lc->name)
			continue;
		int clash = !pml_is_ident(lc->id);
		for (int i = 0; i < t->locs.n && !clash; i++) {
			up_loc *o = t->locs.v[i];
			clash = i != k && o->name && strcmp(o->name, lc->id) == 0;
		}
		if (!clash)
			continue;
		char *nm = up_alloc(m->c, 32 + (size_t) t->locs.n);
		int len = sprintf(nm, "L%d", k);
		while (up_find_loc(t, nm) >= 0)
			nm[len++] = '_';
		lc->name = nm;
	}
}

static branchpoint *find_bp(xml_st *s, const char *id)
{
	for (int i = 0; i < s->bps.n; i++)
		if (strcmp(((branchpoint *) s->bps.v[i])->id, id) == 0)
			return s->bps.v[i];
	return NULL;
}

/* a && b (either may be NULL: the other) */
static up_expr *and_expr(up_ctx *c, up_expr *a, up_expr *b)
{
	if (!a || !b)
		return a ? a : b;
	up_expr *x = up_alloc(c, sizeof *x);
	x->kind = X_BIN;
	strcpy(x->op, "&&");
	x->a = a;
	x->b = b;
	x->file = b->file;
	x->line = b->line;
	x->col = b->col;
	x->height = 1 + (a->height > b->height ? a->height : b->height);
	return x;
}

/* a branch's weight must be a positive number: the symbolic semantics
 * takes every such branch as possible; one of weight 0 (or of a weight
 * that depends on the state) is refused rather than guessed at */
static void check_weight(xml_st *s, const up_expr *w)
{
	if (!w)
		return;
	if ((w->kind == X_NUM && w->val > 0) || (w->kind == X_DBL && w->dval > 0))
		return;
	char buf[120];
	up_expr_text(w, buf, sizeof buf);
	up_fail_at(s->m->c, w->file ? w->file : s->m->file, w->line, w->col, "branch weight '%s': only positive "
		   "numbers are supported (a branch of weight 0, or of a weight computed from the state, is not)", buf);
}

/* the template's transitions through branchpoints as edges: for each
 * transition into a branchpoint and each branch out of it, one edge with
 * the first one's select, guard and synchronisation, the branch's added
 * (UPPAAL puts none on a branch), the first one's updates then the
 * branch's */
static void expand_bps(xml_st *s)
{
	up_model *m = s->m;
	for (int i = 0; i < s->bp_edges.n; i++) {
		bp_edge *in = s->bp_edges.v[i];
		if (!in->src || !in->dst || find_bp(s, in->src))
			continue;
		int from = up_find_loc(s->t, in->src);
		if (from < 0)
			up_fail_at(m->c, m->file, in->ed->line, in->ed->col, "transition: unknown source location");
		int branches = 0;
		for (int k = 0; k < s->bp_edges.n; k++) {
			bp_edge *out = s->bp_edges.v[k];
			if (!out->src || strcmp(out->src, in->dst) != 0)
				continue;
			branches++;
			if (!out->dst || find_bp(s, out->dst))
				up_fail_at(m->c, m->file, out->ed->line, out->ed->col, "a transition from a branchpoint "
					   "to a branchpoint (UPPAAL's branches end in locations)");
			int to = up_find_loc(s->t, out->dst);
			if (to < 0)
				up_fail_at(m->c, m->file, out->ed->line, out->ed->col, "transition: unknown target location");
			check_weight(s, out->weight);
			if (in->ed->sync && out->ed->sync)
				up_fail_at(m->c, m->file, out->ed->line, out->ed->col, "a branch with a synchronisation "
					   "after a transition with one (one synchronisation per step)");
			up_edge *ed = up_alloc(m->c, sizeof *ed);
			*ed = *in->ed;
			ed->src = from;
			ed->dst = to;
			memset(&ed->selects, 0, sizeof ed->selects);
			memset(&ed->assigns, 0, sizeof ed->assigns);
			for (int j = 0; j < in->ed->selects.n; j++)
				up_push(m->c, &ed->selects, in->ed->selects.v[j]);
			for (int j = 0; j < out->ed->selects.n; j++)
				up_push(m->c, &ed->selects, out->ed->selects.v[j]);
			ed->guard = and_expr(m->c, in->ed->guard, out->ed->guard);
			if (out->ed->sync) {
				ed->sync = out->ed->sync;
				ed->sync_dir = out->ed->sync_dir;
			}
			for (int j = 0; j < in->ed->assigns.n; j++)
				up_push(m->c, &ed->assigns, in->ed->assigns.v[j]);
			for (int j = 0; j < out->ed->assigns.n; j++)
				up_push(m->c, &ed->assigns, out->ed->assigns.v[j]);
			up_push(m->c, &s->t->edges, ed);
		}
		if (!branches)
			up_fail_at(m->c, m->file, in->ed->line, in->ed->col, "a transition into a branchpoint that "
				   "has no branch");
	}
	for (int k = 0; k < s->bp_edges.n; k++) {
		bp_edge *e = s->bp_edges.v[k];
		if (!e->src || !e->dst)
			up_fail_at(m->c, m->file, e->ed->line, e->ed->col, "transition: no %s",
				   !e->src ? "<source>" : "<target>");
		if (!find_bp(s, e->src) && up_find_loc(s->t, e->src) < 0)
			up_fail_at(m->c, m->file, e->ed->line, e->ed->col, "transition: unknown source location");
	}
	s->bps.n = s->bp_edges.n = 0;
}

static const char *text_of(xml_st *s)
{
	return up_strndup(s->m->c, s->text ? s->text : "", s->n);
}

static void end_el(xml_st *s, const char *el)
{
	up_model *m = s->m;
	const char *txt = text_of(s);
	if (strcmp(el, "name") == 0) {
		if (s->loc) {
			up_lex l;
			up_lex_init_at(&l, m->c, m->file, txt, s->text_line, s->text_col);
			s->loc->name = up_expect_id(&l, "a location name");
			if (l.t.kind != T_EOF)
				up_lex_fail(&l, "the end of the location name");
			for (int i = 0; i < s->t->locs.n - 1; i++) {
				up_loc *o = s->t->locs.v[i];
				if (o->name && strcmp(o->name, s->loc->name) == 0)
					up_fail_at(m->c, m->file, s->text_line, s->text_col,
						   "location '%s' declared twice in template '%s'",
						s->loc->name, s->t->name);
			}
		} else if (s->depth_tmpl && !s->t) {
			up_lex l;
			up_lex_init_at(&l, m->c, m->file, txt, s->text_line, s->text_col);
			const char *n = up_expect_id(&l, "a template name");
			if (l.t.kind != T_EOF)
				up_lex_fail(&l, "the end of the template name");
			s->t = up_new_template(m, n, s->text_line, s->text_col);
		}
	} else if (strcmp(el, "parameter") == 0 && s->t) {
		up_parse_params(m, s->t, txt, s->text_line, s->text_col);
	} else if (strcmp(el, "declaration") == 0) {
		up_lex l;
		up_lex_init_at(&l, m->c, m->file, txt, s->text_line, s->text_col);
		up_parse_decls(m, &l, s->t ? &s->t->vars : &m->globals, s->t ? &s->t->funcs : &m->funcs, 0);
		if (l.t.kind != T_EOF)
			up_lex_fail(&l, "a declaration");
	} else if (strcmp(el, "system") == 0) {
		up_lex l;
		up_lex_init_at(&l, m->c, m->file, txt, s->text_line, s->text_col);
		up_parse_decls(m, &l, &m->globals, &m->funcs, 1);
		if (l.t.kind != T_EOF)
			up_lex_fail(&l, "a declaration or the system line");
	} else if (strcmp(el, "label") == 0) {
		if (s->edge && strcmp(s->label_kind, "probability") == 0) {
			up_lex l;
			up_lex_init_at(&l, m->c, m->file, txt, s->text_line, s->text_col);
			if (l.t.kind != T_EOF)
				s->weight = up_parse_cond_expr(&l);
			if (l.t.kind != T_EOF)
				up_lex_fail(&l, "the end of the weight");
		} else if (s->edge) {
			up_parse_label(m, s->edge, s->label_kind, txt, s->text_line, s->text_col);
		} else if (s->loc && strcmp(s->label_kind, "invariant") == 0) {
			up_lex l;
			up_lex_init_at(&l, m->c, m->file, txt, s->text_line, s->text_col);
			if (l.t.kind != T_EOF) {
				s->loc->inv = up_parse_cond_expr(&l);
				up_split_rates(m, s->loc);
			}
			if (l.t.kind != T_EOF)
				up_lex_fail(&l, "the end of the invariant");
		}
	} else if (strcmp(el, "location") == 0) {
		if (s->loc && !s->loc->name)
			s->loc->name = NULL;
		s->loc = NULL;
	} else if (strcmp(el, "transition") == 0 && s->edge) {
		if ((s->src && find_bp(s, s->src)) || (s->dst && find_bp(s, s->dst))) {
			bp_edge *be = up_alloc(m->c, sizeof *be);
			be->ed = s->edge;
			be->src = s->src;
			be->dst = s->dst;
			be->weight = s->weight;
			up_push(m->c, &s->bp_edges, be);
			s->edge = NULL;
			s->n = 0;
			return;
		}
		int a = s->src ? up_find_loc(s->t, s->src) : -1;
		int b = s->dst ? up_find_loc(s->t, s->dst) : -1;
		if (a < 0 || b < 0)
			up_fail_at(m->c, m->file, s->edge->line, s->edge->col, "transition: unknown %s location",
				a < 0 ? "source" : "target");
		s->edge->src = a;
		s->edge->dst = b;
		up_push(m->c, &s->t->edges, s->edge);
		s->edge = NULL;
	} else if (strcmp(el, "template") == 0) {
		if (!s->t)
			up_fail_at(m->c, m->file, line_of(s), col_of(s), "template without a name");
		name_unnamed(m, s->t);
		expand_bps(s);
		if (s->t->init < 0 && s->t->locs.n)
			up_fail_at(m->c, m->file, s->t->line, s->t->col, "template '%s' has no <init>", s->t->name);
		s->t = NULL;
		s->loc = NULL;
		s->edge = NULL;
		s->depth_tmpl = 0;
	} else if (strcmp(el, "formula") == 0) {
		const char *f = txt;
		while (*f == ' ' || *f == '\n' || *f == '\t')
			f++;
		if (*f) {
			up_query_src *q = up_alloc(m->c, sizeof *q);
			q->text = up_strdup(m->c, txt);
			q->file = m->file;
			q->line = s->text_line;
			q->col = s->text_col;
			up_push(m->c, &m->queries, q);
		}
	}
	s->n = 0;
}

/* Errors must not longjmp through expat (it would leak the parser's
 * buffers): a handler catches them, stops the parser, and
 * up_parse_xml raises them again once expat has returned. */
static void handle(xml_st *s, const char *el, const char **a)
{
	jmp_buf here, *outer = s->m->c->on_error;
	if (s->failed)
		return;
	s->m->c->on_error = &here;
	if (setjmp(here) == 0) {
		if (a)
			start_el(s, el, a);
		else
			end_el(s, el);
	} else {
		s->failed = 1;
		XML_StopParser(s->p, XML_FALSE);
	}
	s->m->c->on_error = outer;
}

static void start(void *ud, const char *el, const char **a)
{
	handle(ud, el, a);
}

static void end(void *ud, const char *el)
{
	handle(ud, el, NULL);
}

static void chars(void *ud, const char *t, int len)
{
	xml_st *s = ud;
	if (s->n + (size_t) len + 1 > s->cap) {
		size_t cap = (s->n + (size_t) len + 1) * 2;
		char *nt = up_alloc(s->m->c, cap);
		if (s->n)
			memcpy(nt, s->text, s->n);
		s->text = nt;
		s->cap = cap;
	}
	if (s->n == 0) {
		s->text_line = line_of(s);
		s->text_col = (int) XML_GetCurrentColumnNumber(s->p) + 1;
	}
	memcpy(s->text + s->n, t, (size_t) len);
	s->n += (size_t) len;
}

/* expat does not load external DTDs; UPPAAL's DOCTYPE names one */
void up_parse_xml(up_model *m, const char *text, size_t len)
{
	xml_st s;
	if (len > 256u << 20)       /* expat takes an int length */
		up_fail(m->c, m->file, 0, "the file is larger than 256 MB");
	memset(&s, 0, sizeof s);
	s.m = m;
	s.p = XML_ParserCreate(NULL);
	if (!s.p)
		up_fail(m->c, m->file, 0, "cannot create the XML parser");
	XML_SetUserData(s.p, &s);
	XML_SetElementHandler(s.p, start, end);
	XML_SetCharacterDataHandler(s.p, chars);
	if (XML_Parse(s.p, text, (int) len, 1) != XML_STATUS_OK && s.failed) {
		XML_ParserFree(s.p);              /* a handler's error: its message is in c->err */
		longjmp(*m->c->on_error, 1);
	}
	if (XML_GetErrorCode(s.p) != XML_ERROR_NONE) {
		int line = (int) XML_GetCurrentLineNumber(s.p);
		int col = (int) XML_GetCurrentColumnNumber(s.p) + 1;
		const char *msg = XML_ErrorString(XML_GetErrorCode(s.p));
		char buf[256];
		snprintf(buf, sizeof buf, "%s", msg);
		XML_ParserFree(s.p);
		up_fail_at(m->c, m->file, line, col, "XML: %s", buf);
	}
	XML_ParserFree(s.p);
	if (!m->system.n)
		up_fail(m->c, m->file, 0, "no 'system' line in <system>");
}
