// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * vars.c -- write dmc_vars.h from `spin -d` and pan.h (see vars.h).
 *
 * The matching rules are those of the former spin-plugin/gen_vars.awk,
 * with the same regular expressions (POSIX EREs, leftmost-longest):
 *   spin -d, tab-separated: TYPE NAME VALUE <SCOPE> KIND ...
 *     mtype ... <constant>   an mtype constant NAME = VALUE
 *     chan ... NF T1 T2 ...  SCOPE/NAME is a channel with NF message
 *                            fields of types T1 ... (dmc_chan_fields)
 *   pan.h:
 *     "typedef struct State {"          globals follow (owner -1)
 *     "typedef struct P<k> { /\* name *\/" locals of proctype k follow
 *     an indented "TYPE NAME[N] : B;"   a variable, when TYPE is one of
 *                                        Promela's basic C types and NAME
 *                                        does not start with '_'
 *     "}"                                 end of the struct
 */
#include "vars.h"
#include "util.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	char *name, *sname;   /* field, struct (State, P<k>) */
	long owner, size;     /* -1 global, else the proctype; array size */
	int array;            /* an array (of size 1 too: read with [i], never written) */
	long long lo, hi;     /* values the C field can hold (it wraps there) */
} var_t;

/* The range of pan's storage type: Promela's bit/bool/unsigned are
 * bitfields ("unsigned b : 1"), byte is uchar, short and int are C's.
 * The abstraction needs it because stores wrap (a byte at 255, plus one,
 * is 0). */
static void storage_range(const char *type, const char *decl, int bits, long long *lo, long long *hi)
{
	if (strcmp(type, "unsigned") == 0 && strstr(decl, "short"))
		type = "ushort";
	else if (strcmp(type, "unsigned") == 0 && strstr(decl, "char"))
		type = "uchar";
	int is_unsigned = strcmp(type, "unsigned") == 0 || strcmp(type, "uint") == 0
	                  || strcmp(type, "uchar") == 0 || strcmp(type, "ushort") == 0
	                  || strcmp(type, "ulong") == 0;
	if (bits > 0 && bits < 63) {
		*lo = is_unsigned ? 0 : -(1LL << (bits - 1));
		*hi = *lo == 0 ? (1LL << bits) - 1 : (1LL << (bits - 1)) - 1;
	} else if (strcmp(type, "uchar") == 0) {
		*lo = 0; *hi = 255;
	} else if (strcmp(type, "char") == 0) {
		*lo = -128; *hi = 127;
	} else if (strcmp(type, "short") == 0) {
		*lo = -32768; *hi = 32767;
	} else if (strcmp(type, "ushort") == 0) {
		*lo = 0; *hi = 65535;
	} else if (strcmp(type, "unsigned") == 0 || strcmp(type, "uint") == 0) {
		*lo = 0; *hi = 4294967295LL;
	} else {                      /* int; long and ulong do not occur */
		*lo = -2147483648LL; *hi = 2147483647LL;
	}
}

typedef struct {
	char *name, *value;
} pair_t;

typedef struct {
	var_t *vars;
	size_t nv, cv;
	pair_t *mtypes;       /* name -> value, in order of first appearance */
	size_t nm, cm;
	char **chans;         /* "scope/name" */
	char **chan_types;    /* its field types, "byte short" */
	size_t nc, cc;
	pair_t *pnames;       /* proctype number (as text) -> proctype name */
	size_t np, cp;
	regex_t re_decl, re_ptype_head, re_ptype_tail;
	int zone_cells;               /* the UPPAAL translation's zone (c_state dmc_z):
	                               * its DBM's ints, 0 when the model has none */
} vstate;

#define GROW(arr, n, cap) do { if ((n) == (cap)) { \
	(cap) = (cap) ? 2 * (cap) : 16; \
	(arr) = drv_realloc((arr), (cap) * sizeof *(arr)); } } while (0)

static char *dup_n(const char *s, size_t n)
{
	char *d = drv_alloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static pair_t *find_pair(pair_t *p, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(p[i].name, name) == 0)
			return &p[i];
	return NULL;
}

/* map[name] = value, as an awk array assignment */
static void set_pair(pair_t **p, size_t *n, size_t *cap, const char *name, const char *value)
{
	pair_t *e = find_pair(*p, *n, name);
	if (e) {
		free(e->value);
		e->value = drv_strdup(value);
		return;
	}
	GROW(*p, *n, *cap);
	(*p)[*n].name = drv_strdup(name);
	(*p)[*n].value = drv_strdup(value);
	(*n)++;
}

/* ---- spin -d ---- */

/* The field types after the KIND column of a chan line: "2\tbyte  \tshort \t{scope _}"
 * gives "byte short" (blank-separated, as many as the count says). */
static char *chan_field_types(const char *rest, size_t n)
{
	char *buf = dup_n(rest, n), *out = drv_alloc(n + 1), *save = NULL;
	size_t o = 0;
	long want = -1, got = 0;
	out[0] = '\0';
	for (char *w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (want < 0) {
			want = strtol(w, NULL, 10);
			continue;
		}
		if (got == want || w[0] == '{')
			break;
		o += (size_t) sprintf(out + o, "%s%s", got ? " " : "", w);
		got++;
	}
	free(buf);
	if (got != want) {            /* not what we expect: no types */
		free(out);
		return NULL;
	}
	return out;
}

static void symtab_line(vstate *st, const char *line, size_t len)
{
	const char *f[5] = { "", "", "", "", "" };
	size_t fl[5] = { 0, 0, 0, 0, 0 };
	size_t start = 0;
	int k = 0;
	for (size_t i = 0; i <= len && k < 5; i++)
		if (i == len || line[i] == '\t') {
			f[k] = line + start;
			fl[k] = i - start;
			k++;
			start = i + 1;
		}
	/* type: spaces removed; name: from '[' on removed; scope: < > removed */
	char *type = drv_alloc(fl[0] + 1), *scope = drv_alloc(fl[3] + 1);
	size_t t = 0, s = 0;
	for (size_t i = 0; i < fl[0]; i++)
		if (f[0][i] != ' ')
			type[t++] = f[0][i];
	type[t] = '\0';
	for (size_t i = 0; i < fl[3]; i++)
		if (f[3][i] != '<' && f[3][i] != '>')
			scope[s++] = f[3][i];
	scope[s] = '\0';
	size_t nl = 0;
	while (nl < fl[1] && f[1][nl] != '[')
		nl++;
	char *name = dup_n(f[1], nl);
	if (strcmp(type, "mtype") == 0 && fl[4] == 10 && memcmp(f[4], "<constant>", 10) == 0) {
		char *value = dup_n(f[2], fl[2]);
		set_pair(&st->mtypes, &st->nm, &st->cm, name, value);
		free(value);
	} else if (strcmp(type, "chan") == 0) {
		size_t rest = (size_t) (f[4] - line) + fl[4];
		GROW(st->chans, st->nc, st->cc);
		st->chan_types = drv_realloc(st->chan_types, st->cc * sizeof *st->chan_types);
		st->chan_types[st->nc] = rest < len ? chan_field_types(line + rest, len - rest) : NULL;
		st->chans[st->nc++] = drv_printf("%s/%s", scope, name);
	}
	free(type);
	free(scope);
	free(name);
}

/* ---- pan.h ---- */

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int is_basic_type(const char *w)
{
	static const char *const types[] = {
		"uchar", "char", "short", "int", "unsigned", "ushort", "uint", "long", "ulong"
	};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strcmp(w, types[i]) == 0)
			return 1;
	return 0;
}

static int is_sep(char c)            /* awk's split(decl, w, /[ \t*]+/) */
{
	return c == ' ' || c == '\t' || c == '*';
}

/* A member line of State or P<k> (starts with a blank). */
static void member_line(vstate *st, char *line, long owner, const char *sname)
{
	const char *p = line;
	regmatch_t m[1];
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '#' || strstr(line, "VECTORSZ") || strstr(line, "MAXPROC"))
		return;
	char *comment = strstr(line, "/*");
	if (comment)
		*comment = '\0';
	if (!strchr(line, ';'))
		return;
	/* size: the first [digits] */
	long size = 1;
	int array = 0;
	for (const char *b = strchr(line, '['); b; b = strchr(b + 1, '[')) {
		size_t d = strspn(b + 1, "0123456789");
		if (d > 0 && b[1 + d] == ']') {
			size = strtol(b + 1, NULL, 10);
			array = 1;
			break;
		}
	}
	/* a bitfield's width: ": B" before the ';' */
	int bits = 0;
	const char *colon = strchr(line, ':');
	if (colon && colon < strchr(line, ';'))
		bits = atoi(colon + 1);
	/* decl: the line without "[N] : B; ..." */
	if (regexec(&st->re_decl, line, 1, m, 0) == 0)
		line[m[0].rm_so] = '\0';
	/* its words: the last is the field, the first the type */
	const char *words[3] = { NULL, NULL, NULL };   /* w[1], w[2], w[n] */
	size_t wlen[3] = { 0, 0, 0 };
	size_t nw = 0, len = strlen(line), start = 0;
	if (len > 0) {
		for (size_t i = 0; ; ) {
			if (i == len || is_sep(line[i])) {
				nw++;
				if (nw <= 2) {
					words[nw - 1] = line + start;
					wlen[nw - 1] = i - start;
				}
				words[2] = line + start;
				wlen[2] = i - start;
				if (i == len)
					break;
				while (i < len && is_sep(line[i]))
					i++;
				start = i;
				continue;
			}
			i++;
		}
	}
	if (nw == 0 || wlen[2] == 0 || words[2][0] == '_')
		return;
	char *field = dup_n(words[2], wlen[2]);
	char *first = wlen[0] == 0 ? (nw >= 2 ? dup_n(words[1], wlen[1]) : drv_strdup(""))
	                           : dup_n(words[0], wlen[0]);
	if (!is_basic_type(first)) {
		free(field);
		free(first);
		return;
	}
	GROW(st->vars, st->nv, st->cv);
	storage_range(first, line, bits, &st->vars[st->nv].lo, &st->vars[st->nv].hi);
	free(first);
	st->vars[st->nv].name = field;
	st->vars[st->nv].owner = owner;
	st->vars[st->nv].size = size;
	st->vars[st->nv].array = array;
	st->vars[st->nv].sname = drv_strdup(sname);
	st->nv++;
}

/* The fields of a line split on blanks (awk's default): field k (1-based). */
static char *awk_field(const char *line, int k)
{
	const char *p = line;
	for (int i = 1; ; i++) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return drv_strdup("");
		size_t len = strcspn(p, " \t");
		if (i == k)
			return dup_n(p, len);
		p += len;
	}
}

/* "typedef struct P<k> {": digits, a blank, an opening brace */
static int is_proc_struct(const char *line)
{
	const char *p = line + strlen("typedef struct P");
	if (!starts_with(line, "typedef struct P"))
		return 0;
	size_t d = strspn(p, "0123456789");
	return d > 0 && p[d] == ' ' && p[d + 1] == '{';
}

static void panh_lines(vstate *st, const char *text, size_t n)
{
	int in_struct = 0;
	long owner = -1;
	char *sname = drv_strdup("");
	size_t pos = 0;
	while (pos < n) {
		const char *nl = memchr(text + pos, '\n', n - pos);
		size_t len = nl ? (size_t)(nl - (text + pos)) : n - pos;
		char *line = dup_n(text + pos, len);
		pos += len + (nl ? 1 : 0);
		if (starts_with(line, "typedef struct State {")) {
			in_struct = 1;
			owner = -1;
			free(sname);
			sname = drv_strdup("State");
		} else if (is_proc_struct(line)) {
			regmatch_t m[1];
			in_struct = 1;
			free(sname);
			sname = awk_field(line, 3);
			owner = strtol(sname + 1, NULL, 10);
			const char *ptype = line;
			if (regexec(&st->re_ptype_head, ptype, 1, m, 0) == 0)
				ptype += m[0].rm_eo;
			char *name = drv_strdup(ptype);
			if (regexec(&st->re_ptype_tail, name, 1, m, 0) == 0)
				name[m[0].rm_so] = '\0';
			char *key = drv_printf("%ld", owner);
			set_pair(&st->pnames, &st->np, &st->cp, key, name);
			free(key);
			free(name);
		} else if (in_struct && line[0] == '}') {
			in_struct = 0;
		} else if (in_struct && (line[0] == ' ' || line[0] == '\t')) {
			/* the zone, "struct { int set; int d[K]; } dmc_z ;": a
			 * struct, no variable; its size for the glue's inclusion
			 * test (docs/uppaal.md "Clocks: zones") */
			const char *zd = strstr(line, "struct { int set; int d[");
			if (owner < 0 && zd && strstr(line, "} dmc_z ;"))
				st->zone_cells = atoi(zd + strlen("struct { int set; int d["));
			else
				member_line(st, line, owner, sname);
		}
		free(line);
	}
	free(sname);
}

static void symtab_lines(vstate *st, const char *text, size_t n)
{
	size_t pos = 0;
	while (pos < n) {
		const char *nl = memchr(text + pos, '\n', n - pos);
		size_t len = nl ? (size_t)(nl - (text + pos)) : n - pos;
		symtab_line(st, text + pos, len);
		pos += len + (nl ? 1 : 0);
	}
}

/* 1 and *types (its field types, or NULL) when SCOPE/NAME is a channel */
static int is_chan(const vstate *st, const char *scope, const char *name, const char **types)
{
	char *key = drv_printf("%s/%s", scope, name);
	int found = 0;
	*types = NULL;
	for (size_t i = 0; i < st->nc && !found; i++)
		if ((found = strcmp(st->chans[i], key) == 0))
			*types = st->chan_types[i];
	free(key);
	return found;
}

/* The scope spin -d names v's declaration in: ":global:" or its proctype. */
static const char *scope_of(const vstate *st, const var_t *v)
{
	if (v->owner < 0)
		return ":global:";
	char *key = drv_printf("%ld", v->owner);
	pair_t *p = find_pair(st->pnames, st->np, key);
	free(key);
	return p ? p->value : "";
}

static void emit(const vstate *st, FILE *out)
{
	const char *types;
	fputs("/* generated by dmc vars (driver/vars.c) -- do not edit */\n", out);
	fputs("#define DMC_HAVE_VARS 1\n", out);
	if (st->zone_cells > 0)
		fprintf(out, "#define DMC_ZONE_CELLS %d\n", st->zone_cells);
	for (size_t i = 0; i < st->nv; i++) {
		const var_t *v = &st->vars[i];
		const char *idx = v->array ? "[i]" : "";
		if (v->owner < 0)
			fprintf(out, "static long dmc_rd%zu(int pid, long i) { (void) pid; (void) i; "
			        "return (long) now.%s%s; }\n", i + 1, v->name, idx);
		else
			fprintf(out, "static long dmc_rd%zu(int pid, long i) { (void) i; "
			        "return (long) ((%s *) pptr(pid))->%s%s; }\n", i + 1, v->sname, v->name, idx);
		/* a global scalar can be set before the search (--initial) */
		if (v->owner < 0 && !v->array)
			fprintf(out, "static void dmc_wr%zu(long x) { now.%s = x; }\n", i + 1, v->name);
	}
	fputs("static const struct { const char *name; int type; int size; int is_chan; "
	      "long long lo, hi; long (*read)(int, long); void (*write)(long); } dmc_vars[] = {\n", out);
	for (size_t i = 0; i < st->nv; i++) {
		const var_t *v = &st->vars[i];
		const char *scope = scope_of(st, v);
		fprintf(out, "\t{ \"%s\", %ld, %ld, %d, %lldLL, %lldLL, dmc_rd%zu, ", v->name, v->owner,
		        v->size, is_chan(st, scope, v->name, &types), v->lo, v->hi, i + 1);
		if (v->owner < 0 && !v->array)
			fprintf(out, "dmc_wr%zu },\n", i + 1);
		else
			fputs("0 },\n", out);
	}
	fputs("\t{ \"\", -2, 0, 0, 0, 0, 0, 0 }\t/* sentinel: matches no scope */\n", out);
	fputs("};\n", out);
	/* a channel variable's message field types, by dmc_vars index */
	fputs("static const char *const dmc_chan_fields[] = {\n", out);
	for (size_t i = 0; i < st->nv; i++) {
		const var_t *v = &st->vars[i];
		const char *scope = scope_of(st, v);
		if (is_chan(st, scope, v->name, &types) && types)
			fprintf(out, "\t\"%s\",\n", types);
		else
			fputs("\t0,\n", out);
	}
	fputs("\t0\n};\n", out);
	fputs("static const struct { const char *name; long value; } dmc_mtypes[] = {\n", out);
	for (size_t i = 0; i < st->nm; i++)
		fprintf(out, "\t{ \"%s\", %s },\n", st->mtypes[i].name, st->mtypes[i].value);
	fputs("\t{ 0, 0 }\n", out);
	fputs("};\n", out);
}

static void free_state(vstate *st)
{
	for (size_t i = 0; i < st->nv; i++) {
		free(st->vars[i].name);
		free(st->vars[i].sname);
	}
	free(st->vars);
	for (size_t i = 0; i < st->nm; i++) {
		free(st->mtypes[i].name);
		free(st->mtypes[i].value);
	}
	free(st->mtypes);
	for (size_t i = 0; i < st->nc; i++) {
		free(st->chans[i]);
		free(st->chan_types[i]);
	}
	free(st->chans);
	free(st->chan_types);
	for (size_t i = 0; i < st->np; i++) {
		free(st->pnames[i].name);
		free(st->pnames[i].value);
	}
	free(st->pnames);
}

int drv_vars_write(const char *symtab, size_t symtab_len,
                   const char *panh, size_t panh_len, FILE *out)
{
	vstate st;
	memset(&st, 0, sizeof st);
	/* the tail of a member declaration: [N], a bitfield width, ';' on */
	if (regcomp(&st.re_decl, "[ \t]*(\\[[0-9]+\\])?[ \t]*(:[ \t]*[0-9]+)?[ \t]*;.*",
	            REG_EXTENDED) != 0)
		return -1;
	/* the proctype's name in "typedef struct P3 { /\* name *\/" */
	if (regcomp(&st.re_ptype_head, ".*/\\* *", REG_EXTENDED) != 0) {
		regfree(&st.re_decl);
		return -1;
	}
	if (regcomp(&st.re_ptype_tail, " *\\*/.*", REG_EXTENDED) != 0) {
		regfree(&st.re_decl);
		regfree(&st.re_ptype_head);
		return -1;
	}
	symtab_lines(&st, symtab, symtab_len);
	panh_lines(&st, panh, panh_len);
	emit(&st, out);
	regfree(&st.re_decl);
	regfree(&st.re_ptype_head);
	regfree(&st.re_ptype_tail);
	free_state(&st);
	return ferror(out) ? -1 : 0;
}
