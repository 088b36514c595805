// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_pml_ref.c -- constraints with a reference point ('at', 'next';
 * docs/anmlite.md, "Repeated actions"): per binding, whether a reference
 * occurrence has happened and snapshots of the occurrences there, kept up to date by every
 * transition, and the values the universal event's guard reads.
 */
#include "anml_pml.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* ---- constraints with a reference point ('at', 'next') ----
 *
 * For binding bi of chain c, the flag k<c>_<bi>_r (NEVER until the first
 * reference occurrence, then 1: the guards never read the time itself,
 * and a constant keeps the states apart less) and, per variable v, a
 * snapshot of its occurrences at the reference point, only the slots a
 * guard reads (tchain.need): k<c>_<bi>_<v>_cs/_ce (the current
 * occurrence's start and end: NEVER when there is none or it has not
 * ended yet) and _ns/_ne (the next occurrence's, filled as it happens;
 * _ns is a flag 1 when only its having started matters).
 */

void anml_slot(const tchain *c, int bi, int v, const char *what, char *buf, size_t n)
{
	if (v < 0)
		snprintf(buf, n, "k%d_%d_r", c->id, bi);
	else
		snprintf(buf, n, "k%d_%d_%d_%s", c->id, bi, v, what);
}

/* The value of term i at the universal event of binding bi (see term_value) */
int anml_ref_term_value(const tchain *c, int bi, int i, const tevents *ev, sbuf *val, sbuf *cond)
{
	const tterm *t = &c->t[i];
	if (t->is_const) {
		anml_sb_printf(val, "%d", t->k);
		return 1;
	}
	const tterm *u = &c->t[c->uterm];
	const int *b = &c->binds[bi * c->nvars];
	char cs[64], ce[64], ns[64], ne[64];
	anml_slot(c, bi, t->var, "cs", cs, sizeof cs);
	anml_slot(c, bi, t->var, "ce", ce, sizeof ce);
	anml_slot(c, bi, t->var, "ns", ns, sizeof ns);
	anml_slot(c, bi, t->var, "ne", ne, sizeof ne);
	if (t->var == u->var) {
		/* the reference occurrence q and, with U.next, the universal o */
		if ((t->next || !c->unext) && t->point == u->point) {
			anml_sb_printf(val, "time");
			return 1;
		}
		if (t->next) {
			if (t->point == ANML_START) {      /* o's start, before its end */
				anml_sb_printf(val, "%s", ns);
				anml_sb_printf(cond, " && %s != NEVER", ns);
				return 1;
			}
			return 0;
		}
		anml_sb_printf(val, "%s", t->point == ANML_START ? cs : ce);
		anml_sb_printf(cond, " && %s != NEVER", t->point == ANML_START ? cs : ce);
		return 1;
	}
	int j = b[t->var], z = c->v[t->var].act;
	const anml_ref *ref = c->v[t->var].ref;
	/* an event of this very step on the variable's instance */
	int evk = 0, mm = 0;
	sbuf mb = { 0 };
	if (j == ev->inst && t->point == ANML_END && z == ev->x) {
		evk = 1;
		mm = anml_match(ref, ev->xp, &mb);
	} else if (j == ev->inst && t->point == ANML_START && z == ev->y && t->next) {
		evk = 1;
		mm = anml_match(ref, ev->yp, &mb);
	}
	int now = evk && mm != 0;
	const char *m = mm == 1 ? "true" : mb.s;
	const char *sl = !t->next ? (t->point == ANML_START ? cs : ce) : (t->point == ANML_START ? ns : ne);
	char a[300], bc[200];
	if (!t->next && t->point == ANML_START)
		now = 0;
	if (now) {
		/* the occurrence's timepoint is now if it has not happened yet:
		 * an end now is the current one's if no next one has started */
		if (!t->next)
			snprintf(a, sizeof a, "(%s == NEVER && %s == NEVER && %s)", ce, ns, m);
		else if (t->point == ANML_END)
			snprintf(a, sizeof a, "(%s == NEVER && %s != NEVER && %s)", ne, ns, m);
		else
			snprintf(a, sizeof a, "(%s == NEVER && %s)", ns, m);
		snprintf(bc, sizeof bc, "%s != NEVER", sl);
		anml_pick(val, cond, a, "time", sl, bc);
	} else {
		anml_sb_printf(val, "%s", sl);
		anml_sb_printf(cond, " && %s != NEVER", sl);
	}
	free(mb.s);
	return 1;
}

/* all bindings of a chain with a reference point, in bind()'s order */
void anml_list_bindings(writer *w, tchain *c, int *b, int k)
{
	if (anml_spend(w))
		return;
	if (k == c->nvars) {
		c->binds = drv_realloc(c->binds, ((size_t) c->nb + 1) * (size_t) c->nvars * sizeof *c->binds);
		memcpy(&c->binds[c->nb * c->nvars], b, (size_t) c->nvars * sizeof *b);
		c->nb++;
		return;
	}
	const tvar *v = &c->v[k];
	for (int i = 0; i < w->m->ninsts; i++)
		if ((v->inst >= 0 && i == v->inst) || (v->inst < 0 && w->m->insts[i].tl == v->tl)) {
			b[k] = i;
			anml_list_bindings(w, c, b, k + 1);
		}
}


static void snapshot_var(writer *w, const tchain *c, int bi, int v, sbuf *s)
{
	int j = c->binds[bi * c->nvars + v], z = c->v[v].act;
	const anml_ref *ref = c->v[v].ref;
	unsigned need = c->need[v];
	char sl[64], rn[160];
	if (need & S_CS) {
		anml_slot(c, bi, v, "cs", sl, sizeof sl);
		anml_rec_name(w, j, z, ref, ANML_START, rn, sizeof rn);
		anml_sb_printf(s, "; %s = %s", sl, rn);
	}
	if (need & S_CE) {
		tparam cur[8];
		sbuf mb = { 0 };
		anml_current_params(w, j, cur);
		int mm = anml_match(ref, cur, &mb);
		anml_slot(c, bi, v, "ce", sl, sizeof sl);
		anml_rec_name(w, j, z, ref, ANML_END, rn, sizeof rn);
		anml_sb_printf(s, "; %s = (%s_act == %s_%s%s%s -> NEVER : %s)", sl, anml_iname(w, j), anml_tname(w, j),
		          anml_aname(w, j, z), mm < 0 ? " && " : "", mm < 0 ? mb.s : "", rn);
		free(mb.s);
	}
	if (need & S_NS) {
		anml_slot(c, bi, v, "ns", sl, sizeof sl);
		anml_sb_printf(s, "; %s = NEVER", sl);
	}
	if (need & S_NE) {
		anml_slot(c, bi, v, "ne", sl, sizeof sl);
		anml_sb_printf(s, "; %s = NEVER", sl);
	}
}

void anml_ref_updates(writer *w, const tevents *ev, int phase, sbuf *s)
{
	for (int i = 0; i < w->nch; i++) {
		const tchain *c = &w->ch[i];
		if (!c->referenced)
			continue;
		const tterm *u = &c->t[c->uterm];
		for (int bi = 0; bi < c->nb && !anml_spend(w); bi++) {
			const int *b = &c->binds[bi * c->nvars];
			char r[64];
			anml_slot(c, bi, -1, NULL, r, sizeof r);
			if (phase == PH_END || phase == PH_START) {
				int act = phase == PH_END ? ev->x : ev->y;
				for (int v = 0; v < c->nvars && act >= 0; v++) {
					if (b[v] != ev->inst || c->v[v].act != act)
						continue;
					char cs[64], ce[64], ns[64], ne[64];
					anml_slot(c, bi, v, "cs", cs, sizeof cs);
					anml_slot(c, bi, v, "ce", ce, sizeof ce);
					anml_slot(c, bi, v, "ns", ns, sizeof ns);
					anml_slot(c, bi, v, "ne", ne, sizeof ne);
					tparam cur[8];
					sbuf mb = { 0 };
					anml_current_params(w, ev->inst, cur);
					int mm = anml_match(c->v[v].ref, cur, &mb);
					unsigned need = c->need[v];
					const char *mc = mm < 0 ? mb.s : "true";
					if (mm != 0 && phase == PH_END && (need & (S_CE | S_NE))) {
						anml_sb_printf(s, ";\n\t\t   if :: %s != NEVER && %s ->\n\t\t\t  if", r, mc);
						if (need & S_CE)
							anml_sb_printf(s, " :: %s == NEVER && %s == NEVER -> %s = time", ns, ce, ce);
						if (need & S_NE)
							anml_sb_printf(s, " :: %s != NEVER && %s == NEVER -> %s = time", ns, ne, ne);
						anml_sb_printf(s, " :: else fi\n\t\t   :: else fi");
					} else if (mm != 0 && phase == PH_START && (need & S_NS))
						anml_sb_printf(s, ";\n\t\t   if :: %s != NEVER && %s == NEVER && %s -> %s = %s :: else fi",
						          r, ns, mc, ns, need & S_NSV ? "time" : "1");
					free(mb.s);
				}
				continue;
			}
			if (b[u->var] != ev->inst)
				continue;
			int uact = c->v[u->var].act;
			if (phase == PH_UREF && !(c->refpoint == ANML_END && ev->x == uact))
				continue;
			if (phase == PH_SNAP && !((c->refpoint == ANML_START && ev->y == uact)
			                          || (c->refpoint == ANML_END && ev->x == uact)))
				continue;
			/* does the reference occurrence match U's arguments?  (the
			 * parameters are the current ones at this point of the step) */
			tparam cur[8];
			sbuf mb = { 0 };
			anml_current_params(w, ev->inst, cur);
			int mm = anml_match(c->v[u->var].ref, cur, &mb);
			if (mm == 0) {
				free(mb.s);
				continue;
			}
			sbuf body = { 0 };
			char cs[64], ce[64], ns[64], ne[64], rs[160];
			anml_slot(c, bi, u->var, "cs", cs, sizeof cs);
			anml_slot(c, bi, u->var, "ce", ce, sizeof ce);
			anml_slot(c, bi, u->var, "ns", ns, sizeof ns);
			anml_slot(c, bi, u->var, "ne", ne, sizeof ne);
			unsigned un = c->need[u->var];
			if (phase == PH_UREF) {
				/* the reference occurrence ends now: it is the current one */
				anml_sb_printf(&body, "%s = 1", r);
				if (un & S_CS) {
					anml_rec_name(w, ev->inst, uact, NULL, ANML_START, rs, sizeof rs);
					anml_sb_printf(&body, "; %s = %s", cs, rs);
				}
				if (un & S_CE)
					anml_sb_printf(&body, "; %s = time", ce);
				if (un & S_NS)
					anml_sb_printf(&body, "; %s = NEVER", ns);
				if (un & S_NE)
					anml_sb_printf(&body, "; %s = NEVER", ne);
				anml_sb_printf(&body, "; k%d_%d_t = 1", c->id, bi);
			} else {
				if (c->refpoint == ANML_START) {
					anml_sb_printf(&body, "%s = 1", r);
					if (un & S_CS)
						anml_sb_printf(&body, "; %s = time", cs);
					if (un & S_CE)
						anml_sb_printf(&body, "; %s = NEVER", ce);
					if (un & S_NS)
						anml_sb_printf(&body, "; %s = NEVER", ns);
					if (un & S_NE)
						anml_sb_printf(&body, "; %s = NEVER", ne);
				}
				for (int v = 0; v < c->nvars; v++)
					if (v != u->var)
						snapshot_var(w, c, bi, v, &body);
				if (c->refpoint == ANML_END)
					anml_sb_printf(&body, "; k%d_%d_t = 0", c->id, bi);
			}
			const char *text = body.s[0] == ';' ? body.s + 2 : body.s;
			if (phase == PH_SNAP && c->refpoint == ANML_END)
				/* the match was decided before the parameters changed */
				anml_sb_printf(s, ";\n\t\t   if :: k%d_%d_t -> %s :: else fi", c->id, bi, text);
			else if (mm < 0)
				anml_sb_printf(s, ";\n\t\t   if :: %s -> %s :: else fi", mb.s, text);
			else
				anml_sb_printf(s, ";\n\t\t   %s", text);
			free(body.s);
			free(mb.s);
		}
	}
}
