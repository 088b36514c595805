// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * anml_pml_expr.c -- Promela expressions for the ANMLite writer: names
 * of instances, actions and recorded timepoints, and the conditions
 * under which an occurrence matches a reference's arguments.
 */
#include "anml_pml.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

unsigned char *anml_rec_at(writer *w, int inst, int act, int point)
{
	return &w->rec[((size_t) inst * (size_t) w->maxacts + (size_t) act) * 2 + (size_t) point];
}

int anml_arg_val(const anml_ref *r, int k)
{
	return r && k < r->nargs && r->args[k].kind == ANML_ARG_VALUE ? r->args[k].val : -1;
}

int anml_has_filter(const anml_ref *r)
{
	for (int k = 0; r && k < r->nargs; k++)
		if (r->args[k].kind == ANML_ARG_VALUE)
			return 1;
	return 0;
}

int anml_same_filter(const anml_ref *a, const anml_ref *b)
{
	for (int k = 0; k < 8; k++)
		if (anml_arg_val(a, k) != anml_arg_val(b, k))
			return 0;
	return 1;
}

/* ---- expressions ---- */


void anml_sb_printf(sbuf *b, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if (b->s && b->len + (size_t) n < b->cap) {
			b->len += (size_t) n;
			return;
		}
		b->cap = (b->cap + (size_t) n + 1) * 2;
		b->s = drv_realloc(b->s, b->cap);
	}
}

const char *anml_iname(writer *w, int inst)
{
	return w->m->insts[inst].name;
}

const char *anml_aname(writer *w, int inst, int act)
{
	return w->m->tls[w->m->insts[inst].tl].acts[act].name;
}

const char *anml_tname(writer *w, int inst)
{
	return w->m->tls[w->m->insts[inst].tl].name;
}

/* ---- occurrences with arguments ---- */

/* Lifted arguments: in the instances of a constraint with variables
 * (anml_cons_expand), an argument that replaced a variable (lvar > 0)
 * indexes an array of recorded timepoints, one element per value,
 * instead of naming a variable of its own (t1_Load_f0_v_s[2], not
 * t1_Load_f0_2_s).  While the writer writes one guard for all the
 * instances of a constraint (anml_pml.c, constraint_guards), the index
 * is an expression -- the parameter of the universal event the variable
 * is bound to -- set here by anml_lift_set. */
static const char *lift_expr[ANML_MAX_CVARS];

void anml_lift_set(const char *const *exprs)
{
	for (int v = 0; v < ANML_MAX_CVARS; v++)
		lift_expr[v] = exprs ? exprs[v] : NULL;
}

int anml_lifted(const anml_ref *r, int k)
{
	return r && k < r->nargs && r->args[k].kind == ANML_ARG_VALUE && r->args[k].lvar > 0;
}

/* the expression a lifted argument stands for now, or NULL (its value) */
static const char *lifted_expr(const anml_ref *r, int k)
{
	if (!anml_lifted(r, k) || r->args[k].lvar > ANML_MAX_CVARS)
		return NULL;
	return lift_expr[r->args[k].lvar - 1];
}

int anml_same_rec(const anml_ref *a, const anml_ref *b)
{
	for (int k = 0; k < 8; k++) {
		int la = anml_lifted(a, k), lb = anml_lifted(b, k);
		if (la != lb || (!la && anml_arg_val(a, k) != anml_arg_val(b, k)))
			return 0;
	}
	return 1;
}

/* "_f1_x": the suffix of a recorded timepoint for arguments (1, _);
 * "_f1_v": (1, a lifted argument) */
static void filter_suffix(const anml_ref *r, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = 0;
	if (!anml_has_filter(r))
		return;
	len += (size_t) snprintf(buf, n, "_f");
	for (int k = 0; k < r->nargs && len < n; k++) {
		int v = anml_arg_val(r, k);
		if (anml_lifted(r, k))
			len += (size_t) snprintf(buf + len, n - len, "%sv", k ? "_" : "");
		else if (v >= 0)
			len += (size_t) snprintf(buf + len, n - len, "%s%d", k ? "_" : "", v);
		else
			len += (size_t) snprintf(buf + len, n - len, "%sx", k ? "_" : "");
	}
}

int anml_rec_base(writer *w, int inst, int act, const anml_ref *ref, int point, char *buf, size_t n)
{
	const anml_action *a = &w->m->tls[w->m->insts[inst].tl].acts[act];
	char suf[64];
	int slot, f = anml_fam_store(w, inst, act, ref, &slot);
	filter_suffix(ref, suf, sizeof suf);
	if (f >= 0) {   /* a family's array: a slot per member (anml_pml_family.c) */
		snprintf(buf, n, "%s_%s%s_%c_m%d", anml_tname(w, inst), a->name, suf, point == ANML_START ? 's' : 'e', f);
		return w->fam[f].nvals * w->fam[f].nelem;
	}
	snprintf(buf, n, "%s_%s%s_%c", w->m->insts[inst].name, a->name, suf, point == ANML_START ? 's' : 'e');
	int nelem = 0;
	for (int k = 0; ref && k < ref->nargs && k < a->nparams; k++)
		if (anml_lifted(ref, k))
			nelem = (nelem ? nelem : 1) * w->m->types[a->ptype[k]].nvals;
	return nelem;
}

/* the element of a lifted recorded timepoint: its index, a number or
 * (with lifted expressions set, or parameters p given) an expression */
static void rec_index(writer *w, int inst, int act, const anml_ref *ref, const tparam *p, char *buf, size_t n)
{
	const anml_action *a = &w->m->tls[w->m->insts[inst].tl].acts[act];
	long cval = 0, mult = 1;
	size_t len = 0;
	buf[0] = 0;
	for (int k = 0; k < ref->nargs && k < a->nparams; k++) {
		if (!anml_lifted(ref, k))
			continue;
		const char *e = p ? (p[k].is_const ? NULL : p[k].expr) : lifted_expr(ref, k);
		long v = p && p[k].is_const ? p[k].val : ref->args[k].val;
		if (e && mult == 1)
			len += (size_t) snprintf(buf + len, len < n ? n - len : 0, "%s%s", len ? " + " : "", e);
		else if (e)
			len += (size_t) snprintf(buf + len, len < n ? n - len : 0, "%s%ld*%s", len ? " + " : "", mult, e);
		else
			cval += v * mult;
		mult *= w->m->types[a->ptype[k]].nvals;
	}
	if (len && cval)
		snprintf(buf + len, len < n ? n - len : 0, " + %ld", cval);
	else if (!len)
		snprintf(buf, n, "%ld", cval);
}

void anml_rec_elem(writer *w, int inst, int act, const anml_ref *ref, int point, const tparam *p, char *buf, size_t n)
{
	char base[160], idx[200];
	anml_rec_base(w, inst, act, ref, point, base, sizeof base);
	rec_index(w, inst, act, ref, p, idx, sizeof idx);
	int slot, f = anml_fam_store(w, inst, act, ref, &slot);
	if (f < 0) {
		snprintf(buf, n, "%s[%s]", base, idx);
		return;
	}
	/* the member's slot: its number, or the selecting parameter while
	 * the family is written as one guard */
	const char *sel;
	int k = w->fam[f].nelem;
	char *end;
	long v = strtol(idx, &end, 10);
	int numeric = *idx && !*end;
	if (anml_fam_selected(&sel) == f) {
		char off[100];
		if (k == 1)
			snprintf(off, sizeof off, "%s", sel);
		else
			snprintf(off, sizeof off, "%s*%d", sel, k);
		if (numeric && v == 0)
			snprintf(buf, n, "%s[%s]", base, off);
		else
			snprintf(buf, n, "%s[%s + %s]", base, off, idx);
	} else if (numeric)
		snprintf(buf, n, "%s[%ld]", base, (long) slot * k + v);
	else if (slot == 0)
		snprintf(buf, n, "%s[%s]", base, idx);
	else
		snprintf(buf, n, "%s[%ld + %s]", base, (long) slot * k, idx);
}

/* the recorded timepoint of the occurrences of act on inst that match
 * ref's arguments (all occurrences when ref has none): its name (an
 * element of an array for lifted arguments), and it is marked as
 * recorded */
void anml_rec_name(writer *w, int inst, int act, const anml_ref *ref, int point, char *buf, size_t n)
{
	int nelem = anml_rec_base(w, inst, act, ref, point, buf, n);
	if (!anml_has_filter(ref)) {
		*anml_rec_at(w, inst, act, point) = 1;
		return;
	}
	int slot;
	if (nelem || anml_fam_store(w, inst, act, ref, &slot) >= 0)
		anml_rec_elem(w, inst, act, ref, point, NULL, buf, n);
	for (int i = 0; i < w->nfrec; i++)
		if (w->frec[i].inst == inst && w->frec[i].act == act && w->frec[i].point == point
		    && anml_same_rec(w->frec[i].ref, ref))
			return;
	w->frec = drv_realloc(w->frec, ((size_t) w->nfrec + 1) * sizeof *w->frec);
	w->frec[w->nfrec].inst = inst;
	w->frec[w->nfrec].act = act;
	w->frec[w->nfrec].point = point;
	w->frec[w->nfrec].ref = ref;
	w->frec[w->nfrec].nelem = nelem;
	w->nfrec++;
}

/* the parameters of inst's current action as expressions */
void anml_current_params(writer *w, int inst, tparam *p)
{
	for (int k = 0; k < 8; k++) {
		p[k].is_const = 0;
		snprintf(p[k].expr, sizeof p[k].expr, "%s_p%d", w->m->insts[inst].name, k);
	}
}

/* do parameters p match ref's arguments?  1 always, 0 never, -1 it
 * depends: then the condition is appended to b.  A lifted argument
 * with an expression set (anml_lift_set) compares the parameter with
 * that expression (always true for the parameter the expression is) */
int anml_match(const anml_ref *ref, const tparam *p, sbuf *b)
{
	int dyn = 0;
	for (int k = 0; ref && k < ref->nargs && k < 8; k++) {
		int v = anml_arg_val(ref, k);
		const char *e = lifted_expr(ref, k);
		if (v < 0 || (e && !p[k].is_const && strcmp(e, p[k].expr) == 0))
			continue;
		if (p[k].is_const && !e) {
			if (p[k].val != v)
				return 0;
			continue;
		}
		dyn = 1;
	}
	if (!dyn)
		return 1;
	const char *sep = "(";
	for (int k = 0; k < ref->nargs && k < 8; k++) {
		int v = anml_arg_val(ref, k);
		const char *e = lifted_expr(ref, k);
		if (v < 0 || (e && !p[k].is_const && strcmp(e, p[k].expr) == 0) || (p[k].is_const && !e))
			continue;
		if (!e)
			anml_sb_printf(b, "%s%s == %d", sep, p[k].expr, v);
		else if (p[k].is_const)
			anml_sb_printf(b, "%s%s == %d", sep, e, p[k].val);
		else
			anml_sb_printf(b, "%s%s == %s", sep, p[k].expr, e);
		sep = " && ";
	}
	anml_sb_printf(b, ")");
	return -1;
}

/* val = (M -> a : b), cond = (M || cond_b) for a dynamic match M */
void anml_pick(sbuf *val, sbuf *cond, const char *m, const char *a, const char *bval, const char *bcond)
{
	anml_sb_printf(val, "(%s -> %s : %s)", m, a, bval);
	anml_sb_printf(cond, " && (%s || (%s))", m, bcond);
}
