// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * targets.c -- derive the search targets from pan's transition tables.
 *
 *   assert    every "assert(E)" transition, in every proctype and in the
 *             claim: reach its source state with !E holding, then take
 *             the assert (extra_steps 1).
 *   claim     the claim's asserts (SPIN compiles safety ltl formulas
 *             into them) and the claim's end states: pan reports "end
 *             state in claim reached" as soon as the claim stands in a
 *             state it marks as a stop state, so reaching it is the
 *             error (extra_steps 0).
 *   deadlock  invalid end states: no location, a flag for the runtime.
 * Only states reachable from the start state (guards ignored) count:
 * pan's tables keep unreachable code, such as the end of an ltl claim.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "dstep_scan.h"
#include "expr.h"
#include "stmt.h"
#include "targets.h"

/* --target's kinds, in the order dmc_targets_kinds_name writes them */
static const struct { const char *name; int kind; } kind_names[] = {
	{"assert", DMC_TGT_ASSERT}, {"claim", DMC_TGT_CLAIM}, {"deadlock", DMC_TGT_DEADLOCK}
};

int dmc_targets_parse_kinds(const char *list)
{
	int kinds = 0;
	if (!list)
		return -1;
	for (const char *p = list;; p++) {
		size_t n = strcspn(p, ",");
		const char *s = p, *e = p + n;
		int kind = 0;
		while (s < e && *s == ' ')
			s++;
		while (e > s && e[-1] == ' ')
			e--;
		for (size_t i = 0; i < sizeof kind_names / sizeof kind_names[0]; i++)
			if ((size_t)(e - s) == strlen(kind_names[i].name)
			    && strncmp(s, kind_names[i].name, e - s) == 0)
				kind = kind_names[i].kind;
		if (!kind)
			return -1;
		kinds |= kind;
		p += n;
		if (*p == '\0')
			return kinds;
	}
}

static char *copy_str(const char *s)
{
	char *p = malloc(strlen(s) + 1);
	if (p)
		strcpy(p, s);
	return p;
}

static void free_goal(dmc_goal *g)
{
	free(g->locs);
	dmc_expr_free(g->formula);
	free(g->text);
}

/* Append a one-location goal; takes ownership of formula. */
static int add_goal(dmc_targets *t, int kind, int type, int state, dmc_expr *formula,
                    int extra, int line, const char *text)
{
	dmc_goal *g, *more = realloc(t->goals, (t->ngoals + 1) * sizeof *more);
	if (!more) {
		dmc_expr_free(formula);
		return -1;
	}
	t->goals = more;
	g = &t->goals[t->ngoals];
	memset(g, 0, sizeof *g);
	g->kind = kind;
	g->formula = formula;
	g->extra_steps = extra;
	g->line = line;
	g->locs = malloc(sizeof *g->locs);
	g->text = copy_str(text);
	if (!g->locs || !g->text) {
		free_goal(g);
		return -1;
	}
	g->nlocs = 1;
	g->locs[0].type = type;
	g->locs[0].state = state;
	g->locs[0].pid = -1;
	t->ngoals++;
	return 0;
}

/* The states reachable from type's start state, guards ignored (pan's
 * tables also hold unreachable code, which pan -d does not show).
 * NULL when out of memory. */
static unsigned char *reachable(int type)
{
	dmc_trans tr;
	int n = dmc_br_nstates(type), start = dmc_br_start_state(type), top = 0;
	unsigned char *seen = calloc((size_t)n + 1, 1);
	int *stack = malloc(((size_t)n + 1) * sizeof *stack);
	if (!seen || !stack) {
		free(seen);
		free(stack);
		return NULL;
	}
	if (start >= 0 && start < n) {
		seen[start] = 1;
		stack[top++] = start;
	}
	while (top > 0) {
		int s = stack[--top];
		for (int k = 0; k < dmc_br_ntrans(type, s); k++) {
			dmc_br_trans(type, s, k, &tr);
			if (tr.to >= 0 && tr.to < n && !seen[tr.to]) {
				seen[tr.to] = 1;
				stack[top++] = tr.to;
			}
		}
	}
	free(stack);
	return seen;
}

static int is_assert(const char *text)
{
	while (*text == ' ')
		text++;
	return strncmp(text, "assert", 6) == 0 && (text[6] == '(' || text[6] == ' ');
}

/* Does statement text change nothing (a condition, else, skip, ...)? */
static int no_effect(const char *text)
{
	dmc_stmt st;
	dmc_stmt_split(text, &st);
	dmc_stmt_free(&st);
	return st.kind == DMC_ST_COND || st.kind == DMC_ST_ELSE || st.kind == DMC_ST_NOP
	       || st.kind == DMC_ST_TIMEOUT;
}

/* An assert that statement merging folded into the transition before
 * it sits at an unreachable state s whose only entry goes nowhere
 * (to == 0), after its carrier: spin -a numbers a merged sequence's
 * states consecutively (pan.t: "trans[t][c] = ...; m: c+1 -> ...").
 * Returns the carrier's transition id (-1: not found); *pure when
 * nothing in the sequence before the assert assigns, so the assert
 * reads the state the carrier starts from.  pan moves a carrier that
 * follows an if/do into the if/do's state (same id): the goals are the
 * reachable states with a transition of that id. */
static int merge_carrier(int type, int s, int *pure)
{
	dmc_trans tr;
	int c = s - 1;
	*pure = 1;
	for (; c > 0; c--) {
		if (dmc_br_ntrans(type, c) != 1)
			return -1;
		dmc_br_trans(type, c, 0, &tr);
		*pure &= no_effect(tr.text);
		if (tr.to != 0)
			return tr.id;
	}
	return -1;
}

/* One goal for an assert of type at state at (+1 step); carrier: the
 * statement it was merged into, or NULL. */
static int assert_goal(dmc_targets *t, int kind, int type, int at, int pure, const dmc_trans *tr,
                       const dmc_trans *carrier)
{
	char err[256], text[512];
	/* an assert whose condition we cannot parse still has a location;
	 * merged after an assignment: only the location */
	dmc_expr *e = pure ? dmc_expr_parse_assert(tr->text, type, err, sizeof err) : NULL;
	if (e)
		e = dmc_expr_not(e);
	else if (pure)
		t->unparsed++;        /* the location alone: permissive */
	if (carrier) {
		/* a carrier that is a condition must hold too (NULL: true) */
		if (pure && e)
			e = dmc_expr_and(dmc_expr_guard_of(carrier->text, type), e);
		snprintf(text, sizeof text, "%s (merged into the step from state %d: %s)", tr->text, at,
		         carrier->text);
	} else
		snprintf(text, sizeof text, "%s", tr->text);
	return add_goal(t, kind, type, at, e, 1, tr->line, text);
}

/* The steps of a proctype that go nowhere (to == 0), but asserts: the
 * statements statement merging folded into the step before them (and
 * -end-). */
typedef struct {
	int n;
	dmc_trans *step;
} nowhere_steps;

/* Does assert text `a` check the value store text `st` writes:
 * "assert(((" lo "<=" E ")&&(" E "<=" hi ")))" and "x = E"? */
static int checks_store(const char *a, const char *st)
{
	dmc_stmt s;
	int ok = 0;
	dmc_stmt_split(st, &s);
	if (s.kind == DMC_ST_ASSIGN && !s.embedded_c && s.rhs && *s.rhs) {
		const char *p = a + strspn(a, " ");
		size_t n = strlen(s.rhs);
		if (strncmp(p, "assert(((", 9) == 0 && (p = strstr(p + 9, "<=")) != NULL
		    && strncmp(p + 2, s.rhs, n) == 0 && strncmp(p + 2 + n, ")&&(", 4) == 0
		    && strncmp(p + 6 + n, s.rhs, n) == 0 && strncmp(p + 6 + 2 * n, "<=", 2) == 0) {
			const char *end = strstr(p + 8 + 2 * n, ")))");
			ok = end && end[3] == '\0' && end > p + 8 + 2 * n;
		}
	}
	dmc_stmt_free(&s);
	return ok;
}

/* Is the assert tr of type a range check: `assert(lo <= E && E <= hi)`
 * whose only successor stores E (`x = E`), as dmc translate writes
 * before every store into a bounded UPPAAL integer?  Such an assert
 * guards the value a store writes, not a property of the model: with
 * --range-checks fallback hL/hU aim at it only where nothing else can
 * be reached.  Matched on SPIN's text ("assert(((0<=(x+1))&&((x+1)<=4)))",
 * "x = (x+1)"); a miss only keeps the assert an ordinary goal.  The
 * store is the only step from tr->to, or, when statement merging folded
 * it into the assert's step, a step of the same id that goes nowhere
 * (pan.t: "m: 2 -> 0,4"; merge_carrier). */
static int is_range_check(int type, const dmc_trans *tr, const nowhere_steps *nw)
{
	dmc_trans st;
	if (tr->to > 0 && tr->to < dmc_br_nstates(type) && dmc_br_ntrans(type, tr->to) == 1) {
		dmc_br_trans(type, tr->to, 0, &st);
		if (checks_store(tr->text, st.text))
			return 1;
	}
	for (int i = 0; i < nw->n; i++)
		if (nw->step[i].id == tr->id && nw->step[i].text != tr->text)
			return checks_store(tr->text, nw->step[i].text);
	return 0;
}

/* Type's steps that go nowhere (to == 0) and are no assert, in one pass:
 * where a merged store may be.  NULL steps with n = 0 when out of memory
 * (range checks folded into their assert are then ordinary goals). */
static void find_nowhere_steps(int type, nowhere_steps *nw)
{
	dmc_trans tr;
	int cap = 0;
	nw->n = 0;
	nw->step = NULL;
	for (int s = 0; s < dmc_br_nstates(type); s++)
		for (int k = 0; k < dmc_br_ntrans(type, s); k++) {
			dmc_br_trans(type, s, k, &tr);
			if (tr.to != 0 || is_assert(tr.text))
				continue;
			if (nw->n == cap) {
				dmc_trans *more = realloc(nw->step, (size_t) (cap = cap ? 2 * cap : 16) * sizeof *more);
				if (!more) {
					free(nw->step);
					nw->step = NULL;
					nw->n = 0;
					return;
				}
				nw->step = more;
			}
			nw->step[nw->n++] = tr;
		}
}

/* The goal added last is a range check. */
static void mark_range_check(dmc_targets *t)
{
	t->goals[t->ngoals - 1].range_check = 1;
	t->nrange_checks++;
}

/* Every assert of type (claim asserts get kind CLAIM), reachable or
 * merged into a reachable transition.  Counts them in *n; merged ones
 * whose carrier is not found in *hidden. */
static int add_asserts(dmc_targets *t, int type, int *n, int *hidden)
{
	int kind = type == dmc_br_claim_type() ? DMC_TGT_CLAIM : DMC_TGT_ASSERT;
	dmc_trans tr, ct;
	unsigned char *live = reachable(type);
	nowhere_steps nw = { 0, NULL };
	int rc = 0;
	if (!live)
		return -1;
	if (kind == DMC_TGT_ASSERT)
		find_nowhere_steps(type, &nw);
	for (int s = 0; s < dmc_br_nstates(type) && rc == 0; s++)
		for (int k = 0; k < dmc_br_ntrans(type, s) && rc == 0; k++) {
			int pure, cid, found = 0;
			dmc_br_trans(type, s, k, &tr);
			if (!is_assert(tr.text))
				continue;
			if (live[s]) {
				rc = assert_goal(t, kind, type, s, 1, &tr, NULL);
				if (rc == 0 && kind == DMC_TGT_ASSERT && is_range_check(type, &tr, &nw))
					mark_range_check(t);
				(*n)++;
				continue;
			}
			/* unreachable code, not merged; the claim's merged
			 * asserts: add_claim_guards */
			if (tr.to != 0 || kind == DMC_TGT_CLAIM)
				continue;
			if ((cid = merge_carrier(type, s, &pure)) >= 0)
				for (int c = 0; c < dmc_br_nstates(type) && rc == 0; c++)
					for (int j = 0; j < dmc_br_ntrans(type, c) && live[c]; j++) {
						dmc_br_trans(type, c, j, &ct);
						if (ct.id == cid) {
							found = 1;
							rc = assert_goal(t, kind, type, c, pure, &tr, &ct);
							if (rc == 0 && pure && is_range_check(type, &tr, &nw))
								mark_range_check(t);
							break;
						}
					}
			if (found)
				(*n)++;
			else
				(*hidden)++;
		}
	free(live);
	free(nw.step);
	return rc;
}

/* A claim state where pan stops with "end state in claim reached".
 * live: the reachable states. */
static int is_claim_end(int type, int s, const unsigned char *live, int *line)
{
	dmc_trans tr;
	int end = (dmc_br_labels(type, s) & DMC_LBL_END) != 0;
	*line = 0;
	for (int k = 0; k < dmc_br_ntrans(type, s); k++) {
		dmc_br_trans(type, s, k, &tr);
		*line = tr.line;
		if (strcmp(tr.text, "-end-") == 0)
			end = 1;
	}
	if (end && *line == 0)            /* no outgoing transition: use an incoming one */
		for (int f = 0; f < dmc_br_nstates(type) && *line == 0; f++)
			for (int k = 0; k < dmc_br_ntrans(type, f) && live[f]; k++) {
				dmc_br_trans(type, f, k, &tr);
				if (tr.to == s)
					*line = tr.line;
			}
	return end;
}

static int add_claim_ends(dmc_targets *t, int claim, int *n)
{
	char text[256];
	int line;
	unsigned char *live = reachable(claim);
	if (!live)
		return -1;
	snprintf(text, sizeof text, "end state of never claim %s", dmc_br_type_name(claim));
	for (int s = 0; s < dmc_br_nstates(claim); s++)
		if (live[s] && is_claim_end(claim, s, live, &line)) {
			if (add_goal(t, DMC_TGT_CLAIM, claim, s, NULL, 0, line, text) < 0) {
				free(live);
				return -1;
			}
			(*n)++;
		}
	free(live);
	return 0;
}

/* With statement merging (spin -a's default) SPIN folds the assert it
 * puts into a safety claim ("goto accept_all; accept_all: skip") into
 * the guard before it, so the tables show only "(!((x<5)))".  Any
 * non-trivial guard of the claim may then be the violating step: each
 * becomes a goal (reach its state with the guard true, one more step).
 * Extra goals only lower h, so dL stays admissible. */
static int add_claim_guards(dmc_targets *t, int claim, int *n)
{
	dmc_trans tr;
	unsigned char *live = reachable(claim);
	if (!live)
		return -1;
	for (int s = 0; s < dmc_br_nstates(claim); s++)
		for (int k = 0; k < dmc_br_ntrans(claim, s) && live[s]; k++) {
			dmc_br_trans(claim, s, k, &tr);
			if (strcmp(tr.text, "(1)") == 0 || strcmp(tr.text, "else") == 0
			    || strcmp(tr.text, "-end-") == 0 || strstr(tr.text, "goto"))
				continue;
			dmc_expr *e = dmc_expr_guard_of(tr.text, claim);
			if (!e)
				continue;
			if (add_goal(t, DMC_TGT_CLAIM, claim, s, e, 1, tr.line, tr.text) < 0) {
				free(live);
				return -1;
			}
			(*n)++;
		}
	free(live);
	return 0;
}

/* ---- errors pan reports that no goal locates ---- */

/* 1 when some run may start a process of type (or any: unknown run). */
static int spawnable(int type)
{
	dmc_trans tr;
	dmc_stmt st;
	for (int t = 0; t < dmc_br_ntypes(); t++)
		for (int s = 0; s < dmc_br_nstates(t); s++)
			for (int k = 0; k < dmc_br_ntrans(t, s); k++) {
				dmc_br_trans(t, s, k, &tr);
				if (!strstr(tr.text, "run"))
					continue;
				dmc_stmt_split(tr.text, &st);
				dmc_stmt_free(&st);       /* runs[] is not in the parts */
				if (st.runs_unknown)
					return 1;
				for (int i = 0; i < st.nruns; i++)
					if (strcmp(st.runs[i], dmc_br_type_name(type)) == 0)
						return 1;
			}
	return 0;
}

/* Which variables some statement writes (for an index that is never
 * written, its current value is its value for good). */
typedef struct {
	int nvars;
	unsigned char *written;       /* by bridge variable id */
	unsigned char *type_havoc;    /* per proctype: a d_step or C may write its locals */
	int global_havoc;             /* ... or any global */
} writes;

static void mark_written(writes *w, const char *lv, int type)
{
	char name[128];
	dmc_var v;
	size_t n = strcspn(lv, "[ .(");
	if (n == 0 || n >= sizeof name)
		return;
	memcpy(name, lv, n);
	name[n] = '\0';
	if (dmc_br_var_find(name, type, &v) == 0 && v.id >= 0 && v.id < w->nvars)
		w->written[v.id] = 1;
}

static int find_writes(writes *w)
{
	dmc_trans tr;
	dmc_stmt st;
	int nt = dmc_br_ntypes();
	w->nvars = dmc_br_nvars();
	w->global_havoc = 0;
	w->written = calloc((size_t) w->nvars + 1, 1);
	w->type_havoc = calloc((size_t) nt + 1, 1);
	if (!w->written || !w->type_havoc)
		return -1;
	for (int t = 0; t < nt; t++)
		for (int s = 0; s < dmc_br_nstates(t); s++)
			for (int k = 0; k < dmc_br_ntrans(t, s); k++) {
				dmc_br_trans(t, s, k, &tr);
				dmc_stmt_split(tr.text, &st);
				if (st.embedded_c)
					memset(w->type_havoc, 1, (size_t) nt);
				if (st.kind == DMC_ST_OTHER)
					w->global_havoc = w->type_havoc[t] = 1;
				else if (st.kind == DMC_ST_ASSIGN)
					mark_written(w, st.lhs, t);
				else if (st.kind == DMC_ST_RECV)
					for (int f = 0; f < st.nfields; f++)
						mark_written(w, st.field[f], t);
				dmc_stmt_free(&st);
			}
	return 0;
}

static int never_written(void *ctx, const dmc_var *v)
{
	const writes *w = ctx;
	if (v->id < 0 || v->id >= w->nvars || w->written[v->id])
		return 0;
	return v->local_type < 0 ? !w->global_havoc : !w->type_havoc[v->local_type];
}

/* Parse part (NULL: nothing to check) and ask whether an index in it
 * may be out of bounds; a part that does not parse may. */
static int part_may_fail(const char *part, int type, const int *pids, int npids, writes *w)
{
	char err[64];
	dmc_expr *e;
	int r;
	if (!part || !strchr(part, '['))
		return 0;
	if (!(e = dmc_expr_parse(part, type, err, sizeof err)))
		return 1;
	r = dmc_expr_index_may_fail(e, pids, npids, never_written, w);
	dmc_expr_free(e);
	return r;
}

/* The arguments of the call whose '(' is at open (a run, printf,
 * printm): may one index out of bounds?  Quoted arguments (a printf
 * format) are skipped; text of another shape may. */
static int args_may_fail(const char *open, int type, const int *pids, int npids, writes *w)
{
	char buf[1024];
	int depth = 0, r = 0;
	char *arg;
	size_t n = 0;
	if (!open || *open != '(')
		return 1;
	for (const char *p = open; *p; p++) {     /* the matching ')' */
		if (*p == '\'' || *p == '"') {
			p = dmc_text_skip_quoted(p);
			continue;
		}
		depth += *p == '(';
		depth -= *p == ')';
		if (depth == 0) {
			n = (size_t) (p - open - 1);
			break;
		}
	}
	if (depth != 0 || n >= sizeof buf)
		return 1;
	memcpy(buf, open + 1, n);
	buf[n] = '\0';
	arg = buf;
	char quote = 0;   /* here an unterminated quote is an answer (1) */
	for (char *p = buf;; p++) {
		if (quote) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == quote)
				quote = 0;
			else if (!*p)
				return 1;
			continue;
		}
		if (*p == '\'' || *p == '"')
			quote = *p;
		depth += *p == '(' || *p == '[';
		depth -= *p == ')' || *p == ']';
		if (*p && (*p != ',' || depth > 0))
			continue;
		int last = !*p;
		*p = '\0';
		while (*arg == ' ')
			arg++;
		if (*arg != '\'' && *arg != '"' && *arg)
			r = r || part_may_fail(arg, type, pids, npids, w);
		if (last)
			return r;
		arg = p + 1;
	}
}

/* May executing (or trying) statement text index an array out of its
 * bounds?  pan's Boundcheck reports that as an assertion violation. */
static int stmt_index_may_fail(const char *text, int type, const int *pids, int npids, writes *w)
{
	char err[64];
	dmc_stmt st;
	int r = 0;
	if (!strchr(text, '['))
		return 0;
	if (is_assert(text)) {
		dmc_expr *e = dmc_expr_parse_assert(text, type, err, sizeof err);
		r = !e || dmc_expr_index_may_fail(e, pids, npids, never_written, w);
		dmc_expr_free(e);
		return r;
	}
	dmc_stmt_split(text, &st);
	switch (st.kind) {
	case DMC_ST_COND:
		r = part_may_fail(st.rhs ? st.rhs : text, type, pids, npids, w);
		break;
	case DMC_ST_ASSIGN:
		r = part_may_fail(st.lhs, type, pids, npids, w) || part_may_fail(st.rhs, type, pids, npids, w);
		break;
	case DMC_ST_SEND:
	case DMC_ST_RECV:
		r = part_may_fail(st.chan, type, pids, npids, w);
		for (int f = 0; f < st.nfields && !r; f++) {
			const char *fld = st.field[f];
			if (strncmp(fld, "eval(", 5) == 0)
				fld += 4;
			r = part_may_fail(fld, type, pids, npids, w);
		}
		break;
	case DMC_ST_RUN:                  /* "(run P(args))" */
		r = args_may_fail(strchr(strstr(text, "run") + 3, '('), type, pids, npids, w);
		break;
	case DMC_ST_NOP:                  /* printf('...',args), printm(e) */
		r = args_may_fail(strchr(text, '('), type, pids, npids, w);
		break;
	default:
		r = 1;
		break;
	}
	dmc_stmt_free(&st);
	return r;
}

/* The first reachable statement that may index out of bounds: its line
 * and text into why; 0 when there is none. */
static int index_may_fail(char *why, size_t whylen)
{
	dmc_trans tr;
	int claim = dmc_br_claim_type(), np = dmc_br_nprocs(), found = 0;
	int *pids = malloc(((size_t) np + 1) * sizeof *pids);
	writes w = { 0, NULL, NULL, 0 };
	if (!pids || find_writes(&w) < 0) {
		free(pids);
		free(w.written);
		free(w.type_havoc);
		snprintf(why, whylen, "out of memory checking array indices");
		return 1;
	}
	for (int t = 0; t < dmc_br_ntypes() && !found; t++) {
		int npids = 0;
		unsigned char *live;
		if (dmc_br_is_claim(t) && t != claim)
			continue;
		for (int p = 0; p < np; p++)
			if (dmc_br_proc_type(p) == t)
				pids[npids++] = p;
		if (spawnable(t))
			npids = -1;
		if (!(live = reachable(t))) {
			snprintf(why, whylen, "out of memory checking array indices");
			found = 1;
			break;
		}
		for (int s = 0; s < dmc_br_nstates(t) && !found; s++)
			for (int k = 0; k < dmc_br_ntrans(t, s) && live[s] && !found; k++) {
				dmc_br_trans(t, s, k, &tr);
				if (stmt_index_may_fail(tr.text, t, pids, npids, &w)) {
					snprintf(why, whylen, "line %d: %.80s may index an array out of its bounds, "
					         "an assertion violation for pan that no target locates", tr.line, tr.text);
					found = 1;
				}
			}
		free(live);
	}
	free(pids);
	free(w.written);
	free(w.type_havoc);
	return found;
}

/* 1 when some reachable statement is a d_step (whose body pan's tables
 * do not show). */
static int has_dstep(void)
{
	dmc_trans tr;
	int claim = dmc_br_claim_type();
	for (int t = 0; t < dmc_br_ntypes(); t++) {
		unsigned char *live;
		if (dmc_br_is_claim(t) && t != claim)
			continue;
		if (!(live = reachable(t)))
			return 1;
		for (int s = 0; s < dmc_br_nstates(t); s++)
			for (int k = 0; k < dmc_br_ntrans(t, s) && live[s]; k++) {
				dmc_br_trans(t, s, k, &tr);
				if (strncmp(tr.text, "D_STEP", 6) == 0) {
					free(live);
					return 1;
				}
			}
		free(live);
	}
	return 0;
}

/* Asserts are targets: may pan report an assertion violation that no
 * goal locates (an assert in a d_step, an array index out of bounds)?
 * Then dead-end pruning would be unsound: t->prune_veto says why. */
static void find_unlocated_errors(dmc_targets *t)
{
	char why[sizeof t->prune_veto];
	if (has_dstep() && dmc_dstep_file_may_hide(dmc_br_model_file(), why, sizeof why))
		snprintf(t->prune_veto, sizeof t->prune_veto, "%s", why);
	else if (index_may_fail(why, sizeof why))
		snprintf(t->prune_veto, sizeof t->prune_veto, "%s", why);
}

static int failed(dmc_targets *t, char *err, size_t errlen, const char *msg)
{
	snprintf(err, errlen, "%s", msg);
	dmc_targets_free(t);
	return -1;
}

int dmc_targets_build(int kinds, dmc_targets *out, char *err, size_t errlen)
{
	const int all = DMC_TGT_ASSERT | DMC_TGT_CLAIM | DMC_TGT_DEADLOCK;
	int claim = dmc_br_claim_type();
	int want = kinds ? kinds : DMC_TGT_ASSERT | DMC_TGT_CLAIM;
	int asserts_on = dmc_br_checks_asserts();
	int nasserts = 0, nclaim_asserts = 0, nends = 0;
	char msg[256];

	memset(out, 0, sizeof *out);
	if (kinds & ~all)
		return failed(out, err, errlen, "--target: unknown target kind");
	if ((kinds & DMC_TGT_ASSERT) && !asserts_on)
		return failed(out, err, errlen, "--target assert: pan does not check assertions (run without -A)");
	if ((kinds & DMC_TGT_DEADLOCK) && !dmc_br_checks_deadlocks())
		return failed(out, err, errlen, "--target deadlock: pan does not check invalid end states "
		              "(disabled by -E or by a never claim)");
	if ((kinds & DMC_TGT_CLAIM) && claim < 0)
		return failed(out, err, errlen, "--target claim: the model has no never claim or ltl formula");

	/* asserts pan ignores (pan -A also silences the claim's) are no targets */
	for (int t = 0; t < dmc_br_ntypes() && asserts_on; t++) {
		if (dmc_br_is_claim(t) && t != claim)
			continue;     /* a claim -N did not choose, or none with -DNOCLAIM */
		int wanted = t == claim ? (want & (DMC_TGT_ASSERT | DMC_TGT_CLAIM)) : (want & DMC_TGT_ASSERT);
		if (wanted && add_asserts(out, t, t == claim ? &nclaim_asserts : &nasserts,
		                          &out->hidden_asserts) < 0)
			return failed(out, err, errlen, "out of memory building the targets");
	}
	if (claim >= 0 && (want & DMC_TGT_CLAIM) && add_claim_ends(out, claim, &nends) < 0)
		return failed(out, err, errlen, "out of memory building the targets");
	if (claim >= 0 && (want & DMC_TGT_CLAIM) && asserts_on && nclaim_asserts == 0
	    && dmc_br_statement_merging() && add_claim_guards(out, claim, &nclaim_asserts) < 0)
		return failed(out, err, errlen, "out of memory building the targets");

	if ((kinds & DMC_TGT_ASSERT) && nasserts + nclaim_asserts == 0)
		return failed(out, err, errlen, "--target assert: the model has no assert statements");
	if ((kinds & DMC_TGT_CLAIM) && nclaim_asserts + nends == 0) {
		snprintf(msg, sizeof msg, "--target claim: the never claim %s has no assert and no end state "
		         "(acceptance cycles are liveness properties, not targets)", dmc_br_type_name(claim));
		return failed(out, err, errlen, msg);
	}
	if (asserts_on && (want & (DMC_TGT_ASSERT | DMC_TGT_CLAIM)))
		find_unlocated_errors(out);
	out->kinds = kinds;
	out->deadlock = (kinds & DMC_TGT_DEADLOCK) != 0;
	if (kinds == 0) {                 /* the default */
		if (out->ngoals > 0)
			out->kinds = DMC_TGT_ASSERT | DMC_TGT_CLAIM;
		else if (dmc_br_checks_deadlocks()) {
			out->kinds = DMC_TGT_DEADLOCK;
			out->deadlock = 1;
		}                         /* else nothing pan reports can be aimed at */
	}
	return 0;
}

int dmc_targets_range_mode(const char *name)
{
	return strcmp(name, "fallback") == 0 ? DMC_RANGE_FALLBACK
	       : strcmp(name, "auto") == 0 ? DMC_RANGE_AUTO : DMC_RANGE_GOAL;
}

int dmc_targets_tiered(const dmc_targets *t)
{
	if (t->nrange_checks == 0)
		return 0;
	for (int i = 0; i < t->ngoals; i++)
		if (!t->goals[i].range_check && t->goals[i].nlocs > 0)
			return 1;
	return 0;
}

const char *dmc_targets_kinds_name(int kinds, char *buf, size_t n)
{
	size_t len = 0;
	if (n > 0)
		buf[0] = '\0';
	for (size_t i = 0; i < sizeof kind_names / sizeof kind_names[0] && len < n; i++)
		if (kinds & kind_names[i].kind)
			len += (size_t) snprintf(buf + len, n - len, "%s%s", len ? "," : "", kind_names[i].name);
	return buf;
}

void dmc_targets_print(const dmc_targets *t, int fallback, void *file)
{
	FILE *f = file;
	char kinds[32];
	int tiered = fallback && dmc_targets_tiered(t);
	fprintf(f, "targets (%s): %d goal%s%s\n", dmc_targets_kinds_name(t->kinds, kinds, sizeof kinds),
	        t->ngoals, t->ngoals == 1 ? "" : "s",
	        t->deadlock ? " + invalid end states" : "");
	if (t->unparsed)
		fprintf(f, "  note: %d assert condition%s not understood: only the location counts\n",
		        t->unparsed, t->unparsed == 1 ? "" : "s");
	if (t->prune_veto[0])
		fprintf(f, "  note: no dead-end pruning: %s\n", t->prune_veto);
	for (int i = 0; i < t->ngoals; i++) {
		const dmc_goal *g = &t->goals[i];
		fprintf(f, "  %-6s ", g->kind == DMC_TGT_CLAIM ? "claim" : g->kind == DMC_TGT_ASSERT ? "assert" : "other");
		for (int k = 0; k < g->nlocs; k++) {
			const dmc_loc *l = &g->locs[k];
			fprintf(f, "%s%s", k ? " & " : "", dmc_br_type_name(l->type));
			if (l->pid >= 0)
				fprintf(f, "[%d]", l->pid);
			fprintf(f, " state %d", l->state);
		}
		fprintf(f, ", line %d: %s", g->line, g->text ? g->text : "");
		if (g->range_check)
			fprintf(f, " (range check%s)", tiered ? ", a fallback goal" : "");
		if (g->formula) {
			fprintf(f, "; formula ");
			dmc_expr_print(g->formula, f);
		}
		if (g->extra_steps)
			fprintf(f, "; +%d step%s", g->extra_steps, g->extra_steps == 1 ? "" : "s");
		fputc('\n', f);
	}
	if (t->deadlock)
		fprintf(f, "  deadlock: a state where no process can move and some process is not at a valid end state\n");
}

void dmc_targets_free(dmc_targets *t)
{
	for (int i = 0; i < t->ngoals; i++)
		free_goal(&t->goals[i]);
	free(t->goals);
	memset(t, 0, sizeof *t);
}
