/*
 * uppaal_emit_expr.c -- UPPAAL expressions and updates as Promela text,
 * names resolved in an instance: select values and parameters become
 * their values, template locals the globals INSTANCE_var, P.l in a query
 * (loc_P == index of l).
 */
#include "uppaal_emit.h"

#include <string.h>

static void fail_at(up_emit_st *s, const up_expr *e, const char *fmt, const char *arg)
{
	up_fail(s->n->m->c, s->file, e ? e->line : 0, fmt, arg);
}

/* the instance an expression before '.' names: P1, P(1) */
static up_inst *inst_of(up_emit_st *s, const up_expr *e)
{
	char name[200];
	if (e->kind == X_ID) {
		snprintf(name, sizeof name, "%s", e->name);
	} else if (e->kind == X_CALL) {
		const up_expr *args[3] = { e->a, e->b, e->c };
		size_t k = (size_t) snprintf(name, sizeof name, "%s(", e->name);
		for (int i = 0; i < e->val && k < sizeof name; i++) {
			long v = up_eval_const_or_fail(s->n, NULL, args[i], "process argument");
			k += (size_t) snprintf(name + k, sizeof name - k, "%s%ld", i ? "," : "", v);
		}
		if (k < sizeof name)
			snprintf(name + k, sizeof name - k, ")");
	} else {
		fail_at(s, e, "expected a process name before '.'%s", "");
	}
	up_inst *in = up_find_inst(s->n, name);
	if (!in)
		fail_at(s, e, "unknown process '%s'", name);
	return in;
}

static void emit(up_emit_st *s, up_inst *in, const up_expr *e);

static void emit_var_name(up_emit_st *s, up_inst *in, const up_expr *e)
{
	up_bind *b = up_lookup(s->n, in, e->name);
	if (!b)
		fail_at(s, e, "unknown name '%s'", e->name);
	if (b->var) {
		for (int i = 0; i < s->subst.n; i += 2)
			if (s->subst.v[i] == b->var) {
				emit(s, NULL, s->subst.v[i + 1]);
				return;
			}
		fprintf(s->out, "%s", b->var->pname);
		return;
	}
	/* a value: parameters and select values are bound in the system's scope */
	if (b->value->kind == X_NUM)
		fprintf(s->out, "%ld", b->value->val);
	else
		emit(s, NULL, b->value);
}

static void emit(up_emit_st *s, up_inst *in, const up_expr *e)
{
	FILE *o = s->out;
	switch (e->kind) {
	case X_NUM:
		fprintf(o, "%ld", e->val);
		break;
	case X_ID:
		if (e->line == -2)      /* a Promela name made by the writer */
			fputs(e->name, o);
		else
			emit_var_name(s, in, e);
		break;
	case X_INDEX: {
		if (e->a->kind != X_ID)
			fail_at(s, e, "only one-dimensional arrays are supported%s", "");
		up_var *v = up_var_of(s->n, in, e->a);
		if (!v || !v->nsize)
			fail_at(s, e, "'%s' is not an array", e->a->name);
		emit(s, in, e->a);
		fputc('[', o);
		emit(s, in, e->b);
		fputc(']', o);
		break;
	}
	case X_DOT: {
		up_inst *p = inst_of(s, e->a);
		int k = up_find_loc(p->t, e->name);
		if (k >= 0) {
			fprintf(o, "(loc_%s == %d)", p->pname, k);
			break;
		}
		up_expr id = { .kind = X_ID, .name = e->name, .line = e->line };
		up_bind *b = up_lookup(s->n, p, e->name);
		if (!b || (b->var && b->var->owner != p && !(b->value)))
			fail_at(s, e, "'%s' is neither a location nor a variable of the process", e->name);
		emit(s, p, &id);
		break;
	}
	case X_CALL:
		fail_at(s, e, "call of '%s': user functions are not supported", e->name);
		break;
	case X_UN:
		fprintf(o, "(%s", e->op);
		emit(s, in, e->a);
		fputc(')', o);
		break;
	case X_COND:
		fputc('(', o);
		emit(s, in, e->a);
		fputs(" -> ", o);
		emit(s, in, e->b);
		fputs(" : ", o);
		emit(s, in, e->c);
		fputc(')', o);
		break;
	case X_BIN:
		fputc('(', o);
		if (strcmp(e->op, "=>") == 0) {
			fputs("!", o);
			emit(s, in, e->a);
			fputs(" || ", o);
		} else {
			emit(s, in, e->a);
			fprintf(o, " %s ", e->op);
		}
		emit(s, in, e->b);
		fputc(')', o);
		break;
	case X_ASSIGN:
	case X_INCDEC:
		fail_at(s, e, "assignment inside an expression%s", "");
		break;
	}
}

void up_emit_expr_st(up_emit_st *s, up_inst *in, const up_expr *e)
{
	if (!e)
		fputs("1", s->out);
	else
		emit(s, in, e);
}

void up_emit_update(up_emit_st *s, up_inst *in, const up_expr *e)
{
	FILE *o = s->out;
	if (e->kind == X_ASSIGN) {
		up_var *v = up_var_of(s->n, in, e->a);
		if (!v)
			fail_at(s, e, "cannot assign to '%s': not a variable", e->a->kind == X_ID ? e->a->name : "?");
		if (v->type.is_const)
			fail_at(s, e, "cannot assign to constant '%s'", v->name);
		emit(s, in, e->a);
		fputs(" = ", o);
		if (strcmp(e->op, "=") == 0) {
			emit(s, in, e->b);
		} else {
			char op[4];
			snprintf(op, sizeof op, "%.*s", (int) strlen(e->op) - 1, e->op);
			fputc('(', o);
			emit(s, in, e->a);
			fprintf(o, " %s ", op);
			emit(s, in, e->b);
			fputc(')', o);
		}
	} else if (e->kind == X_INCDEC) {
		if (!up_var_of(s->n, in, e->a))
			fail_at(s, e, "'%s' needs a variable", e->op);
		emit(s, in, e->a);
		fprintf(o, " = ");
		emit(s, in, e->a);
		fprintf(o, " %c 1", e->op[0]);
	} else {
		/* an expression without effect: UPPAAL allows it, evaluate nothing */
		fputs("skip", o);
	}
}
