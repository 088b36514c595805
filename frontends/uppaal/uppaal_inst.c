// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_inst.c -- the network: the system line's processes as instances
 * of templates (parameters bound, bounded parameters left open in the
 * system line enumerated), template locals made into Promela globals
 * named INSTANCE_var, constants evaluated.
 */
#include "uppaal.h"
#include "pml_text.h"

#include <math.h>
#include <string.h>

/* names the translation itself uses; a model name like these, or like a
 * word of Promela or C (pml_is_reserved), is prefixed with v_ */
static const char *const translation_words[] = {
	"Tick", "Clock", "Monitor", "ncommit", "dmc_eid", "dmc_tick", "dmc_query", NULL
};

/* a name's Promela name: v_NAME where NAME could be read as Promela's,
 * SPIN's, the translation's own, or one of also (NULL-terminated) */
static const char *pname_of(up_ctx *c, const char *name, const char *const also[])
{
	int bad = name[0] == '_' || strncmp(name, "at_", 3) == 0 || strncmp(name, "loc_", 4) == 0
		|| strncmp(name, "v_", 2) == 0 || strncmp(name, "dmc_", 4) == 0 || pml_is_reserved(name);
	for (int i = 0; !bad && translation_words[i]; i++)
		bad = strcmp(name, translation_words[i]) == 0;
	for (int i = 0; !bad && also[i]; i++)
		bad = strcmp(name, also[i]) == 0;
	if (!bad)
		return name;
	char *s = up_alloc(c, strlen(name) + 3);
	strcpy(s, "v_");
	strcat(s, name);
	return s;
}

/* a global's Promela name: also not one of the temporal operators SPIN's
 * ltl formulas (liveness queries) read as letters */
static const char *const ltl_letters[] = { "U", "V", "W", "X", NULL };
/* an instance's Promela name (its proctype; loc_NAME its location, and
 * NAME_var its locals): also not loc, at, v or dmc, whose locals would
 * read like the translation's own names (loc_x) */
static const char *const translation_prefixes[] = { "loc", "at", "v", "dmc", NULL };

/* ---- every Promela name once ----
 * Names are joined with '_' (instance A's local b_c is A_b_c, as is
 * global A_b_c or instance A_b's local c), so two may meet: the later
 * one gets a suffix _2, _3 ... (the trail reads the model's names from
 * the declarations' comments, not from the Promela names). */
typedef struct {
	const char **slot;
	size_t cap, n;
} name_set;

static size_t name_hash(const char *s)
{
	size_t h = 5381;
	for (; *s; s++)
		h = h * 33 + (unsigned char) *s;
	return h;
}

static int name_present(const name_set *set, const char *name)
{
	if (!set->cap)
		return 0;
	for (size_t i = name_hash(name) & (set->cap - 1); set->slot[i]; i = (i + 1) & (set->cap - 1))
		if (strcmp(set->slot[i], name) == 0)
			return 1;
	return 0;
}

static void name_add(up_ctx *c, name_set *set, const char *name)
{
	if (name_present(set, name))
		return;
	if (2 * (set->n + 1) > set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 256;
		name_set big = { up_alloc(c, sizeof(char *) * cap), cap, 0 };
		for (size_t i = 0; i < set->cap; i++)
			if (set->slot[i])
				name_add(c, &big, set->slot[i]);
		*set = big;
	}
	size_t i = name_hash(name) & (set->cap - 1);
	while (set->slot[i])
		i = (i + 1) & (set->cap - 1);
	set->slot[i] = name;
	set->n++;
}

/* name, or name_K with the least K >= 2 such that name_K, and loc_name_K
 * for an instance, are not in set; added to it */
static const char *unique_name(up_ctx *c, name_set *set, const char *name, int inst)
{
	char *s = up_alloc(c, strlen(name) + 24), *loc = up_alloc(c, strlen(name) + 28);
	strcpy(s, name);
	for (long k = 2;; k++) {
		sprintf(loc, "loc_%s", s);
		if (!name_present(set, s) && !(inst && name_present(set, loc)))
			break;
		sprintf(s, "%s_%ld", name, k);
	}
	name_add(c, set, s);
	if (inst)
		name_add(c, set, loc);
	return s;
}

static void unique_pnames(up_net *n)
{
	up_ctx *c = n->m->c;
	name_set set = { 0 };
	for (int i = 0; translation_words[i]; i++)
		name_add(c, &set, translation_words[i]);
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		in->pname = unique_name(c, &set, in->pname, 1);
	}
	for (int i = 0; i < n->vars.n; i++) {
		up_var *v = n->vars.v[i];
		v->pname = unique_name(c, &set, v->pname, 0);
	}
}

static up_expr *num(up_ctx *c, long v, int line);
/* the parameters of `Name(const id_t i, ...) = T(...);` */
#define UP_MAX_INST_PARAMS 4

static up_bind *find_bind(up_vec *v, const char *name)
{
	for (int i = v->n - 1; i >= 0; i--) {
		up_bind *b = v->v[i];
		if (strcmp(b->name, name) == 0)
			return b;
	}
	return NULL;
}

up_bind *up_lookup(up_net *n, up_inst *in, const char *name)
{
	up_bind *b = NULL;
	if (in && (b = find_bind(&in->sel, name)))
		return b;
	if (in && (b = find_bind(&in->binds, name)))
		return b;
	return find_bind(&n->gbinds, name);
}

up_inst *up_find_inst(up_net *n, const char *name)
{
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *in = n->insts.v[i];
		if (strcmp(in->name, name) == 0)
			return in;
	}
	return NULL;
}

/* UPPAAL's int arithmetic: 32 bits, and a constant expression that
 * leaves them, divides by zero or shifts by less than 0 or more than 31
 * is an error at the expression (never a wrapped or undefined value) */
static void arith_fail(up_net *n, const up_expr *e, const char *what)
{
	char buf[200];
	up_expr_text(e, buf, sizeof buf);
	up_fail_at(n->m->c, e->file ? e->file : n->m->file, e->line, e->col, "%s in '%s'", what, buf);
}

static long int32_result(up_net *n, const up_expr *e, long long v)
{
	if (v < -2147483648LL || v > 2147483647LL)
		arith_fail(n, e, "integer overflow (UPPAAL's int is 32 bits)");
	return (long) v;
}

static int eval_bin(up_net *n, const up_expr *e, long long a, long long b, long *out)
{
	const char *o = e->op;
	if (!strcmp(o, "+")) *out = int32_result(n, e, a + b);
	else if (!strcmp(o, "-")) *out = int32_result(n, e, a - b);
	else if (!strcmp(o, "*")) *out = int32_result(n, e, a * b);
	else if (!strcmp(o, "/") || !strcmp(o, "%")) {
		if (b == 0)
			arith_fail(n, e, "division by zero");
		*out = int32_result(n, e, o[0] == '/' ? a / b : a % b);
	}
	else if (!strcmp(o, "<")) *out = a < b;
	else if (!strcmp(o, "<=")) *out = a <= b;
	else if (!strcmp(o, ">")) *out = a > b;
	else if (!strcmp(o, ">=")) *out = a >= b;
	else if (!strcmp(o, "==")) *out = a == b;
	else if (!strcmp(o, "!=")) *out = a != b;
	else if (!strcmp(o, "&")) *out = (long) (a & b);
	else if (!strcmp(o, "|")) *out = (long) (a | b);
	else if (!strcmp(o, "^")) *out = (long) (a ^ b);
	else if (!strcmp(o, "<?")) *out = (long) (a < b ? a : b);
	else if (!strcmp(o, ">?")) *out = (long) (a > b ? a : b);
	else if (!strcmp(o, "**")) {
		if (b < 0)
			arith_fail(n, e, "a negative exponent");
		long long v = 1;
		if (a == 0 || a == 1)
			v = b == 0 ? 1 : a;
		else if (a == -1)
			v = b % 2 ? -1 : 1;
		else    /* |a| >= 2: beyond 2^31 after at most 32 factors */
			for (long long i = 0; i < b && v >= -2147483648LL && v <= 2147483647LL; i++)
				v *= a;
		*out = int32_result(n, e, v);
	}
	else if (!strcmp(o, "<<") || !strcmp(o, ">>")) {
		if (b < 0 || b > 31)
			arith_fail(n, e, "shift by less than 0 or more than 31 bits");
		*out = o[0] == '<' ? int32_result(n, e, a * (1LL << b)) : (long) (a >> b);
	}
	else return 0;
	return 1;
}

int up_eval_const(up_net *n, up_inst *in, const up_expr *e, long *out)
{
	long a, b;
	if (!e)
		return 0;
	switch (e->kind) {
	case X_NUM:
		*out = e->val;
		return 1;
	case X_ID: {
		up_bind *bd = up_lookup(n, in, e->name);
		if (!bd || !bd->value)
			return 0;
		/* parameters and select values are bound in the system's scope */
		return up_eval_const(n, NULL, bd->value, out);
	}
	case X_DOT:
		/* a field of a constant struct: bound to its value as "s.f" */
		if (e->a && e->a->kind == X_ID) {
			char name[256];
			snprintf(name, sizeof name, "%s.%s", e->a->name, e->name);
			up_bind *bd = up_lookup(n, in, name);
			if (bd && bd->value)
				return up_eval_const(n, NULL, bd->value, out);
		}
		/* s[i].f of a constant array of structs: the constant array
		 * "s.f" at [i] */
		if (e->a && e->a->kind == X_INDEX && up_index_base(e->a)->kind == X_ID) {
			const up_expr *idx[UP_MAX_DIMS + 1], *base = e->a;
			int ni = 0;
			while (base->kind == X_INDEX && ni <= UP_MAX_DIMS) {
				idx[ni++] = base->b;
				base = base->a;
			}
			char name[256];
			snprintf(name, sizeof name, "%s.%s", base->name, e->name);
			up_expr fid = { .kind = X_ID, .name = name, .line = e->line, .col = e->col, .file = e->file };
			up_expr chain[UP_MAX_DIMS + 1];
			const up_expr *at = &fid;
			for (int k = ni - 1; k >= 0; k--) {
				chain[k] = (up_expr) { .kind = X_INDEX, .a = (up_expr *) at, .b = (up_expr *) idx[k],
						       .line = e->line, .col = e->col, .file = e->file };
				at = &chain[k];
			}
			up_bind *bd = up_lookup(n, in, name);
			if (bd && bd->var && bd->var->cvals)
				return up_eval_const(n, in, at, out);
		}
		return 0;
	case X_UN:
		if (!up_eval_const(n, in, e->a, &a))
			return 0;
		*out = e->op[0] == '-' ? int32_result(n, e, -(long long) a) : e->op[0] == '!' ? !a
			: e->op[0] == '~' ? ~a : a;
		return 1;
	case X_COND:
		/* only the branch taken, as at run time */
		if (!up_eval_const(n, in, e->a, &a))
			return 0;
		return up_eval_const(n, in, a ? e->b : e->c, out);
	case X_BIN:
		if (!up_eval_const(n, in, e->a, &a))
			return 0;
		/* && || imply: the right side only when it decides */
		if ((!strcmp(e->op, "&&") && !a) || (!strcmp(e->op, "||") && a) || (!strcmp(e->op, "=>") && !a)) {
			*out = e->op[0] != '&';
			return 1;
		}
		if (!up_eval_const(n, in, e->b, &b))
			return 0;
		if (!strcmp(e->op, "&&") || !strcmp(e->op, "||") || !strcmp(e->op, "=>")) {
			*out = b != 0;
			return 1;
		}
		return eval_bin(n, e, a, b, out);
	case X_INDEX: {
		/* an element of a constant array at constant indices */
		long flat;
		up_var *v = up_var_of(n, in, e);
		if (!v || !v->cvals || !up_const_index(n, in, e, v, &flat))
			return 0;
		*out = v->cvals[flat];
		return 1;
	}
	case X_QUANT: {
		long lo, hi, acc = e->op[0] == 'A';
		if (!up_quant_range(n, in, e, &lo, &hi))
			return 0;
		up_vec *scope = in ? &in->sel : &n->gbinds;
		int ok = 1;
		for (long v = lo; v <= hi && ok; v++) {
			up_bind b = { e->name, num(n->m->c, v, e->line), NULL };
			up_push(n->m->c, scope, &b);
			ok = up_eval_const(n, in, e->c, &a);
			scope->n--;
			if (!ok)
				break;
			if (e->op[0] == 'A')
				acc = acc && a;
			else if (e->op[0] == 'E')
				acc = acc || a;
			else
				acc = int32_result(n, e, (long long) acc + a);
		}
		*out = acc;
		return ok;
	}
	default:
		return 0;
	}
}

static int const_index(up_net *n, up_inst *in, const up_expr *e, const up_var *v, long *flat, int strict)
{
	const up_expr *idx[UP_MAX_DIMS + 1];
	int ni = 0;
	while (e->kind == X_INDEX && ni <= UP_MAX_DIMS) {
		idx[ni++] = e->b;
		e = e->a;
	}
	if (ni != v->ndims)
		return 0;
	long f = 0;
	for (int k = 0; k < ni; k++) {
		long x;
		if (!up_eval_const(n, in, idx[ni - 1 - k], &x))
			return 0;
		x -= v->dimlo[k];
		if (x < 0 || x >= v->dimsz[k]) {
			if (!strict)
				return 0;
			up_fail_at(n->m->c, e->file ? e->file : n->m->file, e->line, e->col,
				   "index %ld of '%s' is outside the array", x + v->dimlo[k], v->name);
		}
		f = f * v->dimsz[k] + x;
	}
	*flat = f;
	return 1;
}

int up_const_index(up_net *n, up_inst *in, const up_expr *e, const up_var *v, long *flat)
{
	return const_index(n, in, e, v, flat, 1);
}

int up_const_element(up_net *n, up_inst *in, const up_expr *e, const up_var *v, long *flat)
{
	return const_index(n, in, e, v, flat, 0);
}

int up_quant_range(up_net *n, up_inst *in, const up_expr *e, long *lo, long *hi)
{
	if (e->b) {
		*lo = up_eval_const_or_fail(n, in, e->a, "range");
		*hi = up_eval_const_or_fail(n, in, e->b, "range");
	} else if (!up_typedef_range(n, in, e->a->name, lo, hi)) {
		up_fail_at(n->m->c, e->file ? e->file : n->m->file, e->line, e->col,
			   "'%s' is not a bounded int type", e->a->name);
	}
	if (*hi - *lo > 255)
		up_fail_at(n->m->c, e->file ? e->file : n->m->file, e->line, e->col,
			   "the range of '%s' has more than 256 values", e->name);
	return 1;
}

long up_eval_const_or_fail(up_net *n, up_inst *in, const up_expr *e, const char *what)
{
	long v;
	if (!up_eval_const(n, in, e, &v)) {
		up_no_double(n->m->c, n->m->file, e);
		char buf[200];
		up_expr_text(e, buf, sizeof buf);
		up_fail_at(n->m->c, e && e->file ? e->file : n->m->file, e ? e->line : 0, e ? e->col : 0,
			   "%s: '%s' is not a constant expression", what, buf);
	}
	return v;
}

static up_expr *num(up_ctx *c, long v, int line)
{
	up_expr *e = up_alloc(c, sizeof *e);
	e->kind = X_NUM;
	e->val = v;
	e->line = line;
	return e;
}

int up_typedef_range(up_net *n, up_inst *in, const char *name, long *lo, long *hi)
{
	if (up_lookup(n, in, name))
		return 0;
	up_model *m = n->m;
	for (int i = m->typedefs.n - 1; i >= 0; i--) {
		up_typedef *t = m->typedefs.v[i];
		if (strcmp(t->name, name) != 0)
			continue;
		if (t->type.kind != TY_INT || !t->type.lo || t->type.adims)
			return 0;
		*lo = up_eval_const_or_fail(n, in, t->type.lo, "range");
		*hi = up_eval_const_or_fail(n, in, t->type.hi, "range");
		return 1;
	}
	return 0;
}

/* a variable of the network: range, size, Promela name */
/* v's array dimensions, evaluated into v->dimsz; the element count */
static long add_shape(up_net *n, up_inst *in, up_var *v)
{
	up_ctx *c = n->m->c;
	/* arrays are bounded to keep the translation's size sane (beyond
	 * pan's 255 channels, an array of binary channels is one Promela
	 * channel: uppaal_emit.c's must_merge) */
	long max = UP_MAX_ARRAY;
	const char *why = "";
	v->ndims = 1 + v->dims.n;
	v->nsize = 1;
	for (int k = 0; k < v->ndims; k++) {
		const up_expr *sz = k ? v->dims.v[k - 1] : v->size;
		long lo, hi, d;
		v->dimlo[k] = 0;
		if (sz->kind == X_ID && up_typedef_range(n, in, sz->name, &lo, &hi)) {
			/* a[id_t]: indexed by the range's values */
			d = hi - lo + 1;
			v->dimlo[k] = lo;
		} else {
			d = up_eval_const_or_fail(n, in, sz, "array size");
		}
		if (d <= 0 || d > max)
			up_fail_at(c, v->file, v->line, v->col, "'%s': array size %ld out of 1..%ld%s", v->name, d, max, why);
		v->dimsz[k] = d;
		v->nsize *= d;
	}
	if (v->nsize > max)
		up_fail_at(c, v->file, v->line, v->col, "'%s': %ld elements, more than %ld%s", v->name, v->nsize, max, why);
	return v->nsize;
}

/* clock x[N]: one clock per element, x_0 ... (named x[0] ... in the
 * model's terms); the array itself is no Promela variable, and x[i]
 * names its element where i is constant (up_var_of) */
static up_var *clock_array(up_net *n, up_var *a)
{
	up_ctx *c = n->m->c;
	if (a->ndims != 1)
		up_fail_at(c, a->file, a->line, a->col, "clock '%s': clock arrays of more than one dimension are not supported",
			   a->name);
	a->celem = up_alloc(c, sizeof *a->celem * (size_t) a->nsize);
	for (long k = 0; k < a->nsize; k++) {
		up_var *el = up_alloc(c, sizeof *el);
		*el = *a;
		el->size = NULL;
		memset(&el->dims, 0, sizeof el->dims);
		el->nsize = el->ndims = 0;
		el->celem = NULL;
		el->carr = a;
		char *name = up_alloc(c, strlen(a->name) + 24), *pn = up_alloc(c, strlen(a->pname) + 24);
		sprintf(name, "%s[%ld]", a->name, a->dimlo[0] + k);
		sprintf(pn, "%s_%ld", a->pname, k);
		el->name = name;
		el->pname = pn;
		el->clock = n->clocks.n;
		up_push(c, &n->clocks, el);
		up_push(c, &n->vars, el);
		a->celem[k] = el;
	}
	return a;
}

static up_var *add_var(up_net *n, up_inst *in, up_var *src, const char *pname)
{
	up_ctx *c = n->m->c;
	up_var *v = up_local_var(n, in, src, pname);
	if (v->type.kind == TY_CLOCK) {
		if (v->size)
			return clock_array(n, v);
		v->clock = n->clocks.n;
		up_push(c, &n->clocks, v);
	}
	up_push(c, &n->vars, v);
	return v;
}

up_var *up_local_var(up_net *n, up_inst *in, const up_var *src, const char *pname)
{
	up_ctx *c = n->m->c;
	up_var *v = up_alloc(c, sizeof *v);
	*v = *src;
	v->pname = pname;
	v->owner = in;
	v->clock = -1;
	v->lo = -32768;
	v->hi = 32767;
	if (v->type.kind == TY_BOOL) {
		v->lo = 0;
		v->hi = 1;
	} else if (v->type.lo) {
		v->lo = up_eval_const_or_fail(n, in, v->type.lo, "range");
		v->hi = up_eval_const_or_fail(n, in, v->type.hi, "range");
		if (v->lo > v->hi)
			up_fail_at(c, v->file, v->line, v->col, "'%s': empty range [%ld,%ld]", v->name, v->lo, v->hi);
	}
	if (v->size)
		add_shape(n, in, v);
	return v;
}

static void bind(up_ctx *c, up_vec *to, const char *name, up_expr *value, up_var *var)
{
	up_bind *b = up_alloc(c, sizeof *b);
	b->name = name;
	b->value = value;
	b->var = var;
	up_push(c, to, b);
}

/* a declaration of a scope: constants become values, the rest variables */
static void declare(up_net *n, up_inst *in, up_var *d, up_vec *scope, const char *pname);

/* a struct variable s: one variable per field, named "s.f" (bound under
 * that name: s.f in an expression finds it) and s_f in Promela; the
 * initialiser {a, b} gives the fields in order.  An array of structs
 * s[N] gives one array per field, s_f[N] (s[i].f is s_f[i]; a field that
 * is itself an array adds its dimensions after the struct array's), and
 * its initialiser {{a, b}, {c, d}} gives the structs in order. */
static void declare_struct(up_net *n, up_inst *in, up_var *d, up_vec *scope, const char *pname)
{
	up_ctx *c = n->m->c;
	up_vec *fs = d->type.fields;
	if (d->type.is_ref)
		up_fail_at(c, d->file, d->line, d->col, "reference structs outside a function's parameters are not "
			   "supported ('%s')", d->name);
	long count = 1;                   /* structs in the variable */
	if (d->size) {
		up_var shape = *d;        /* the array's dimensions, evaluated */
		shape.type.kind = TY_INT;
		shape.type.lo = NULL;
		count = add_shape(n, in, &shape);
	}
	if (d->init || (d->init_list.n && d->init_list.n != fs->n * count))
		up_fail_at(c, d->file, d->line, d->col, "'%s': the initialiser needs one value per field (%d)%s", d->name,
			fs->n, d->size ? " of every struct, in braces per struct" : "");
	for (int k = 0; k < fs->n; k++) {
		up_var *f = fs->v[k];
		up_var *fv = up_alloc(c, sizeof *fv);
		*fv = *f;
		/* a constant struct: constant fields (a constant array per field) */
		fv->type.is_const |= d->type.is_const;
		fv->file = d->file;
		fv->line = d->line;
		fv->col = d->col;
		memset(&fv->init_list, 0, sizeof fv->init_list);
		fv->init = !d->size && d->init_list.n ? d->init_list.v[k] : NULL;
		if (d->size) {
			if (f->size && (f->dims.n || d->dims.n))
				up_fail_at(c, d->file, d->line, d->col, "'%s': an array field of an array of structs has one "
					"dimension and the struct array one", d->name);
			fv->size = d->size;
			memset(&fv->dims, 0, sizeof fv->dims);
			for (int j = 0; j < d->dims.n; j++)
				up_push(c, &fv->dims, d->dims.v[j]);
			if (f->size)
				up_push(c, &fv->dims, f->size);
			if (d->init_list.n && f->size)
				up_fail_at(c, d->file, d->line, d->col, "'%s': initialisers of arrays of structs with "
					"array fields are not supported", d->name);
			for (long i = 0; i < count && d->init_list.n; i++)
				up_push(c, &fv->init_list, d->init_list.v[i * fs->n + k]);
		}
		char *name = up_alloc(c, strlen(d->name) + strlen(f->name) + 2);
		sprintf(name, "%s.%s", d->name, f->name);
		fv->name = name;
		char *pn = up_alloc(c, strlen(pname) + strlen(f->name) + 2);
		sprintf(pn, "%s_%s", pname, f->name);
		declare(n, in, fv, scope, pn);
	}
}

/* `int b[3] = a;` with a constant array a of the same shape: b's
 * initialiser is a's values (a copy of the declaration d) */
static up_var *array_copy_init(up_net *n, up_inst *in, up_var *d)
{
	up_ctx *c = n->m->c;
	up_bind *b = up_lookup(n, in, d->init->name);
	up_var *a = b ? b->var : NULL;
	if (!a || !a->cvals)
		up_fail_at(c, d->file, d->line, d->col, "'%s': an array's initialiser is a list of values or a constant "
			   "array, '%s' is neither", d->name, d->init->name);
	up_var shape = *d;
	shape.type.kind = TY_INT;
	shape.type.lo = NULL;
	add_shape(n, in, &shape);
	int same = shape.ndims == a->ndims;
	for (int k = 0; same && k < shape.ndims; k++)
		same = shape.dimsz[k] == a->dimsz[k];
	if (!same)
		up_fail_at(c, d->file, d->line, d->col, "'%s': initialised from '%s', an array of another shape",
			   d->name, a->name);
	up_var *copy = up_alloc(c, sizeof *copy);
	*copy = *d;
	copy->init = NULL;
	memset(&copy->init_list, 0, sizeof copy->init_list);
	for (long k = 0; k < a->nsize; k++)
		up_push(c, &copy->init_list, num(c, a->cvals[k], d->line));
	return copy;
}

static void declare(up_net *n, up_inst *in, up_var *d, up_vec *scope, const char *pname)
{
	up_ctx *c = n->m->c;
	/* UPPAAL: a name is declared once in a scope (a template's parameters
	 * and locals are one scope); a local may hide a global */
	if (find_bind(scope, d->name))
		up_fail_at(c, d->file, d->line, d->col, "'%s' is declared twice in the same scope%s", d->name,
			   in ? " (a template's parameters and local declarations)" : " (the global declarations)");
	if (d->type.kind == TY_STRUCT) {
		declare_struct(n, in, d, scope, pname);
		return;
	}
	if (d->size && d->init && d->init->kind == X_ID)
		d = array_copy_init(n, in, d);
	if (d->type.is_const) {
		if (d->size) {
			/* a constant array: its values, read where it is indexed */
			up_var *v = up_local_var(n, in, d, d->name);
			v->cvals = up_alloc(c, sizeof *v->cvals * (size_t) v->nsize);
			if (d->init || (d->init_list.n && d->init_list.n != v->nsize))
				up_fail_at(c, d->file, d->line, d->col, "'%s': %d values for %ld elements", d->name,
					   d->init_list.n, v->nsize);
			for (long k = 0; k < v->nsize && d->init_list.n; k++) {
				v->cvals[k] = up_eval_const_or_fail(n, in, d->init_list.v[k], "constant");
				if (v->type.kind == TY_INT && (v->cvals[k] < v->lo || v->cvals[k] > v->hi))
					up_fail_at(c, d->file, d->line, d->col, "'%s': value %ld is outside its range [%ld,%ld]",
						   d->name, v->cvals[k], v->lo, v->hi);
			}
			bind(c, scope, d->name, NULL, v);
			return;
		}
		long v = up_eval_const_or_fail(n, in, d->init, "constant");
		bind(c, scope, d->name, num(c, v, d->line), NULL);
		return;
	}
	up_var *v = add_var(n, in, d, pname);
	bind(c, scope, d->name, NULL, v);
}

/* does e assign name (x = ..., x++, x[i] = ..., x.f = ...) */
static int expr_assigns(const up_expr *e, const char *name)
{
	if (!e)
		return 0;
	if (e->kind == X_ASSIGN || e->kind == X_INCDEC) {
		const up_expr *t = up_index_base(e->a);
		while (t && t->kind == X_DOT)
			t = up_index_base(t->a);
		if (t && t->kind == X_ID && strcmp(t->name, name) == 0)
			return 1;
	}
	return expr_assigns(e->a, name) || expr_assigns(e->b, name) || expr_assigns(e->c, name);
}

static int stmt_assigns(const up_stmt *st, const char *name)
{
	if (!st)
		return 0;
	if (expr_assigns(st->e, name))
		return 1;
	for (int i = 0; st->kind == S_BLOCK && i < st->body.n; i++)
		if (stmt_assigns(st->body.v[i], name))
			return 1;
	return stmt_assigns(st->then, name) || stmt_assigns(st->els, name);
}

/* does template t (its edges' updates, its own functions) assign name */
static int template_assigns(const up_template *t, const char *name)
{
	for (int i = 0; i < t->edges.n; i++) {
		const up_edge *ed = t->edges.v[i];
		for (int j = 0; j < ed->assigns.n; j++)
			if (expr_assigns(ed->assigns.v[j], name))
				return 1;
	}
	for (int i = 0; i < t->funcs.n; i++)
		if (stmt_assigns(((const up_func *) t->funcs.v[i])->body, name))
			return 1;
	return 0;
}

/* `T(int &a[N])` given argument arg: an array of the same element type
 * and shape (UPPAAL's type check), which a[i] then indexes */
static void ref_array_arg(up_net *n, up_inst *in, const up_var *p, const up_expr *arg, int i, const char *name,
			  int line, int col)
{
	up_ctx *c = n->m->c;
	up_var *a = arg->kind == X_ID ? up_var_of(n, NULL, arg) : NULL;
	if (!a || !(a->nsize || a->celem))
		up_fail_at(c, n->m->file, line, col, "argument %d of '%s': parameter '%s' is an array, the argument "
			   "is not a whole array", i + 1, name, p->name);
	up_var shape = *p;
	shape.type.kind = TY_INT;
	shape.type.lo = NULL;
	add_shape(n, in, &shape);
	int same = shape.ndims == a->ndims && p->type.kind == a->type.kind;
	for (int k = 0; same && k < shape.ndims; k++)
		same = shape.dimsz[k] == a->dimsz[k] && shape.dimlo[k] == a->dimlo[k];
	if (!same)
		up_fail_at(c, n->m->file, line, col, "argument %d of '%s': '%s' is not an array of the type and "
			   "shape of parameter '%s'", i + 1, name, a->name, p->name);
}

static void make_inst(up_net *n, up_template *t, const char *name, const char *pname,
		      up_vec *args, int line, int col)
{
	up_ctx *c = n->m->c;
	if (args->n != t->params.n)
		up_fail_at(c, n->m->file, line, col, "'%s': template '%s' takes %d arguments, %d given",
			name, t->name, t->params.n, args->n);
	if (t->init < 0)
		up_fail_at(c, t->file, t->line, t->col, "template '%s' has no initial location", t->name);
	up_inst *in = up_alloc(c, sizeof *in);
	pname = pname_of(c, pname, translation_prefixes);
	in->name = name;
	in->pname = pname;
	in->t = t;
	in->pid = n->insts.n;
	in->line = line;
	in->col = col;
	for (int i = 0; i < t->params.n; i++) {
		up_var *p = t->params.v[i];
		up_expr *a = args->v[i];
		if (p->type.is_ref) {
			if (a->kind != X_ID && a->kind != X_INDEX)
				up_fail_at(c, n->m->file, line, col, "argument %d of '%s': a reference parameter needs a variable", i + 1, name);
			if (p->size)
				ref_array_arg(n, in, p, a, i, name, line, col);
			bind(c, &in->binds, p->name, a, NULL);
		} else {
			long v = up_eval_const_or_fail(n, NULL, a, "argument");
			if (p->type.lo) {
				long lo = up_eval_const_or_fail(n, NULL, p->type.lo, "range");
				long hi = up_eval_const_or_fail(n, NULL, p->type.hi, "range");
				if (v < lo || v > hi)
					up_fail_at(c, n->m->file, line, col, "argument %ld of '%s' is outside [%ld,%ld]", v, name, lo, hi);
			}
			if (!p->type.is_const && template_assigns(t, p->name)) {
				/* a value parameter the template changes is a local
				 * variable starting at the argument (UPPAAL) */
				up_var *d = up_alloc(c, sizeof *d);
				*d = *p;
				d->init = num(c, v, line);
				char *pn = up_alloc(c, strlen(pname) + strlen(p->name) + 2);
				sprintf(pn, "%s_%s", pname, p->name);
				bind(c, &in->binds, p->name, NULL, add_var(n, in, d, pn));
				continue;
			}
			bind(c, &in->binds, p->name, num(c, v, line), NULL);
		}
	}
	for (int i = 0; i < t->vars.n; i++) {
		up_var *d = t->vars.v[i];
		char *pn = up_alloc(c, strlen(pname) + strlen(d->name) + 2);
		sprintf(pn, "%s_%s", pname, d->name);
		declare(n, in, d, &in->binds, pn);
	}
	up_push(c, &n->insts, in);
}

static up_template *find_tmpl(up_model *m, const char *name)
{
	for (int i = 0; i < m->templates.n; i++)
		if (strcmp(((up_template *) m->templates.v[i])->name, name) == 0)
			return m->templates.v[i];
	return NULL;
}

/* enumerate the open (unbound) trailing parameters of t */
static void enumerate(up_net *n, up_template *t, const char *name, const char *pname, up_vec *args,
		      int line, int col)
{
	up_ctx *c = n->m->c;
	if (args->n == t->params.n) {
		/* each open parameter is bounded, their product is not: pan
		 * runs at most 255 processes, so more instances cannot be
		 * checked anyway (and k open parameters would make 4^k) */
		if (n->insts.n >= 255)
			up_fail_at(c, n->m->file, line, col,
				   "'%s': too many instances (more than 255 processes in the network)", name);
		size_t len = strlen(name) + 1;
		for (int i = 0; i < args->n; i++)
			len += 24;
		char *src = up_alloc(c, len + 4), *pn = up_alloc(c, strlen(pname) + len + 4);
		strcpy(src, name);
		strcpy(pn, pname);
		int open = 0;
		for (int i = 0; i < args->n; i++)
			if (((up_expr *) args->v[i])->line == -1)
				open++;
		if (open) {
			strcat(src, "(");
			for (int i = 0, k = 0; i < args->n; i++) {
				up_expr *a = args->v[i];
				if (a->line != -1)
					continue;
				sprintf(src + strlen(src), "%s%ld", k++ ? "," : "", a->val);
				sprintf(pn + strlen(pn), "_%ld", a->val);
			}
			strcat(src, ")");
		}
		up_vec copy = { 0 };
		for (int i = 0; i < args->n; i++)
			up_push(c, &copy, args->v[i]);
		make_inst(n, t, src, pn, &copy, line, col);
		return;
	}
	up_var *p = t->params.v[args->n];
	if (p->type.is_ref || p->type.kind != TY_INT || !p->type.lo)
		up_fail_at(c, n->m->file, line, col,
			"'%s': parameter '%s' of template '%s' is not given and is not a bounded int",
			name, p->name, t->name);
	long lo = up_eval_const_or_fail(n, NULL, p->type.lo, "range");
	long hi = up_eval_const_or_fail(n, NULL, p->type.hi, "range");
	if (hi - lo > 255)
		up_fail_at(c, n->m->file, line, col, "'%s': too many instances", name);
	for (long v = lo; v <= hi; v++) {
		up_expr *a = num(c, v, -1);     /* line -1: an enumerated value */
		up_push(c, args, a);
		enumerate(n, t, name, pname, args, line, col);
		args->n--;
	}
}

/* the value of a `const double` initialiser: decimal literals, integer
 * and double constants, + - * / ** (computed in C doubles) */
static double eval_double(up_net *n, const up_var *d, const up_expr *e, int depth)
{
	up_ctx *c = n->m->c;
	const char *file = e->file ? e->file : d->file;
	long k;
	double a, b;
	if (depth > UP_MAX_NESTING)
		up_fail_at(c, file, e->line, e->col, "'%s': the value nests too deep", d->name);
	switch (e->kind) {
	case X_DBL:
		return e->dval;
	case X_ID: {
		up_bind *bd = up_lookup(n, NULL, e->name);
		if (bd && bd->value && bd->value->kind == X_DBL)
			return bd->value->dval;
		break;
	}
	case X_UN:
		if (e->op[0] == '-' || e->op[0] == '+') {
			a = eval_double(n, d, e->a, depth + 1);
			return e->op[0] == '-' ? -a : a;
		}
		break;
	case X_BIN:
		if (!strchr("+-*/", e->op[0]) || (e->op[1] && strcmp(e->op, "**") != 0))
			break;
		a = eval_double(n, d, e->a, depth + 1);
		b = eval_double(n, d, e->b, depth + 1);
		switch (e->op[0]) {
		case '+': return a + b;
		case '-': return a - b;
		case '/': return a / b;
		default: return e->op[1] ? pow(a, b) : a * b;
		}
	default:
		break;
	}
	if (up_eval_const(n, NULL, e, &k))
		return (double) k;
	up_fail_at(c, file, e->line, e->col, "'%s': a 'const double' is computed from numbers and constants "
		   "with + - * / ** only", d->name);
	return 0;
}

/* e with the parameters params bound to the expressions vals (a copy
 * where it names one) */
static up_expr *bind_params(up_ctx *c, const up_vec *params, up_expr *const *vals, const up_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == X_ID)
		for (int k = 0; k < params->n; k++)
			if (strcmp(((up_var *) params->v[k])->name, e->name) == 0)
				return vals[k];
	up_expr *x = up_alloc(c, sizeof *x);
	*x = *e;
	x->a = bind_params(c, params, vals, e->a);
	x->b = bind_params(c, params, vals, e->b);
	x->c = bind_params(c, params, vals, e->c);
	return x;
}

/* `Name(const id_t i, ...) = T(args);`: an instance Name(v, ...) of T for
 * every combination of the parameters' values (each a bounded int by
 * value), vals[0..k) chosen so far */
static void inst_params(up_net *n, up_template *t, const up_instdecl *d, const up_vec *targs, int k,
			up_expr **vals)
{
	up_ctx *c = n->m->c;
	if (k == d->params.n) {
		up_vec args = { 0 };
		for (int i = 0; i < targs->n; i++)
			up_push(c, &args, bind_params(c, &d->params, vals, targs->v[i]));
		if (args.n > t->params.n)
			up_fail_at(c, n->m->file, d->line, d->col, "'%s': template '%s' takes %d arguments, %d given",
				   d->name, t->name, t->params.n, args.n);
		size_t len = strlen(d->name) + 24 * (size_t) d->params.n + 4;
		char *name = up_alloc(c, len), *pname = up_alloc(c, len);
		strcpy(name, d->name);
		strcpy(pname, d->name);
		strcat(name, "(");
		for (int i = 0; i < d->params.n; i++) {
			sprintf(name + strlen(name), "%s%ld", i ? "," : "", vals[i]->val);
			sprintf(pname + strlen(pname), "_%ld", vals[i]->val);
		}
		strcat(name, ")");
		enumerate(n, t, name, pname, &args, d->line, d->col);
		return;
	}
	const up_var *p = d->params.v[k];
	if (k >= UP_MAX_INST_PARAMS || p->type.is_ref || p->type.kind != TY_INT || !p->type.lo)
		up_fail_at(c, n->m->file, p->line, p->col, "'%s': parameter '%s' is not a bounded int by value "
			   "(at most %d of them)", d->name, p->name, UP_MAX_INST_PARAMS);
	long lo = up_eval_const_or_fail(n, NULL, p->type.lo, "range");
	long hi = up_eval_const_or_fail(n, NULL, p->type.hi, "range");
	if (hi - lo > 255)
		up_fail_at(c, n->m->file, p->line, p->col, "'%s': too many instances", d->name);
	for (long v = lo; v <= hi; v++) {
		vals[k] = num(c, v, d->line);
		inst_params(n, t, d, targs, k + 1, vals);
	}
}

static up_instdecl *find_instdecl(const up_model *m, const char *name)
{
	for (int k = 0; k < m->instdecls.n; k++)
		if (strcmp(((up_instdecl *) m->instdecls.v[k])->name, name) == 0)
			return m->instdecls.v[k];
	return NULL;
}

/* d's template and arguments, through declarations with parameters used
 * as templates (`Q(int &x, const int i) = P(x, i + 1); Q1 = Q(v, 0);` is
 * Q1 = P(v, 0 + 1)): *args the template's arguments */
static const char *resolve_tmpl(up_net *n, const up_instdecl *d, up_vec *args)
{
	up_ctx *c = n->m->c;
	const char *tname = d->tmpl;
	for (int depth = 0; !find_tmpl(n->m, tname); depth++) {
		const up_instdecl *via = find_instdecl(n->m, tname);
		if (!via || !via->params.n)
			break;
		if (depth > 16)
			up_fail_at(c, n->m->file, d->line, d->col, "'%s': declarations used as templates nest too deep", d->name);
		if (args->n != via->params.n)
			up_fail_at(c, n->m->file, d->line, d->col, "'%s': '%s' takes %d arguments, %d given",
				   d->name, via->name, via->params.n, args->n);
		up_expr **vals = up_alloc(c, sizeof *vals * (size_t) args->n);
		for (int i = 0; i < args->n; i++)
			vals[i] = args->v[i];
		args->n = 0;
		for (int i = 0; i < via->args.n; i++)
			up_push(c, args, bind_params(c, &via->params, vals, via->args.v[i]));
		tname = via->tmpl;
	}
	return tname;
}

void up_instantiate(up_net *n, up_model *m)
{
	up_ctx *c = m->c;
	memset(n, 0, sizeof *n);
	n->m = m;
	for (int i = 0; i < m->globals.n; i++) {
		up_var *d = m->globals.v[i];
		declare(n, NULL, d, &n->gbinds, pname_of(c, d->name, ltl_letters));
	}
	/* `const double`: a name bound to its value, which no expression of
	 * the model may use (emit_var_name and the evaluators refuse it) */
	for (int i = 0; i < m->dconsts.n; i++) {
		up_var *d = m->dconsts.v[i];
		if (up_lookup(n, NULL, d->name))
			up_fail_at(c, d->file, d->line, d->col, "'%s' is declared twice", d->name);
		up_bind *b = up_alloc(c, sizeof *b);
		b->name = d->name;
		b->value = up_alloc(c, sizeof *b->value);
		b->value->kind = X_DBL;
		b->value->dval = eval_double(n, d, d->init, 0);
		b->value->file = d->file;
		b->value->line = d->line;
		b->value->col = d->col;
		up_push(c, &n->gbinds, b);
	}
	for (int i = 0; i < m->system.n; i++) {
		const char *name = m->system.v[i];
		const up_pos *at = m->system_pos.v[i];
		up_instdecl *d = find_instdecl(m, name);
		up_vec args = { 0 };
		if (d)
			for (int k = 0; k < d->args.n; k++)
				up_push(c, &args, d->args.v[k]);
		const char *tname = d ? resolve_tmpl(n, d, &args) : name;
		up_template *t = find_tmpl(m, tname);
		if (!t)
			up_fail_at(c, m->file, d ? d->line : at->line, d ? d->col : at->col, "unknown template '%s'",
				   tname);
		for (int k = 0; k < n->insts.n; k++)
			if (((up_inst *) n->insts.v[k])->t == t && !d)
				up_fail_at(c, m->file, at->line, at->col, "'%s' appears twice in the system line", name);
		if (args.n > t->params.n && !(d && d->params.n))
			up_fail_at(c, m->file, d ? d->line : at->line, d ? d->col : at->col,
				   "'%s': template '%s' takes %d arguments, %d given", name, t->name, t->params.n, args.n);
		if (d && d->params.n) {
			up_expr *vals[UP_MAX_INST_PARAMS];
			inst_params(n, t, d, &args, 0, vals);
		} else {
			enumerate(n, t, name, name, &args, d ? d->line : at->line, d ? d->col : at->col);
		}
	}
	for (int i = 0; i < n->insts.n; i++) {
		up_inst *a = n->insts.v[i];
		if (!pml_is_ident(a->pname))
			up_fail_at(c, m->file, a->line, a->col, "instance name '%s' is not an identifier", a->pname);
		if (up_lookup(n, NULL, a->name))
			up_fail_at(c, m->file, a->line, a->col,
				"process name '%s' is also a global name; rename one of them", a->name);
		for (int k = 0; k < i; k++)
			if (strcmp(a->name, ((up_inst *) n->insts.v[k])->name) == 0)
				up_fail_at(c, m->file, a->line, a->col, "process '%s' appears twice", a->name);
	}
	unique_pnames(n);
	n->cap = up_alloc(c, sizeof(long) * (size_t)(n->clocks.n + 1));
	up_rt_clock_indices(n);
}

const up_expr *up_index_base(const up_expr *e)
{
	while (e && e->kind == X_INDEX)
		e = e->a;
	return e;
}

up_var *up_var_of(up_net *n, up_inst *in, const up_expr *e)
{
	const up_expr *indexed = e && e->kind == X_INDEX ? e : NULL;
	e = up_index_base(e);
	if (indexed) {
		up_var *a = up_var_of(n, in, e);
		if (!a || !a->celem)
			return a;
		long flat;
		if (!up_const_index(n, in, indexed, a, &flat))
			up_fail_at(n->m->c, indexed->file ? indexed->file : n->m->file, indexed->line, indexed->col,
				   "clock array '%s': the index must be a constant (a constant, a template parameter "
				   "or a select value); an index known only at run time is not supported", a->name);
		return a->celem[flat];
	}
	if (e && e->kind == X_DOT)
		return up_field_of(n, in, e);
	if (!e || e->kind != X_ID)
		return NULL;
	up_bind *b = up_lookup(n, in, e->name);
	if (!b)
		return NULL;
	if (b->var)
		return b->var;
	if (b->value && (b->value->kind == X_ID || b->value->kind == X_INDEX))
		return up_var_of(n, NULL, b->value);     /* a reference parameter */
	return NULL;
}

/* s.f: the variable of field f of struct s, or NULL */
up_var *up_field_of(up_net *n, up_inst *in, const up_expr *e)
{
	if (!e || e->kind != X_DOT || !e->a)
		return NULL;
	const up_expr *base = e->a;       /* s.f, or s[i].f in an array of structs */
	while (base->kind == X_INDEX && base->a)
		base = base->a;
	if (base->kind != X_ID)
		return NULL;
	char name[256];
	snprintf(name, sizeof name, "%s.%s", base->name, e->name);
	up_bind *b = up_lookup(n, in, name);
	return b ? b->var : NULL;
}
