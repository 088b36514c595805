// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * portable.c -- rewrite pan.c's calls into the runtime (see portable.h).
 */
#include "portable.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* The redirects: in function FN, calls to CALLEE become calls to REPL. */
static const struct {
	const char *fn, *callee, *repl, *decl;
	int optional;                 /* pan.c may make no such call */
} redirects[] = {
#define DMC_REDIRECT(CALLER, CALLEE, REPLACEMENT, DECL) { #CALLER, #CALLEE, #REPLACEMENT, DECL, 0 },
#define DMC_REDIRECT_OPTIONAL(CALLER, CALLEE, REPLACEMENT, DECL) { #CALLER, #CALLEE, #REPLACEMENT, DECL, 1 },
#include "redirects.def"
};
#define NREDIRECTS (sizeof redirects / sizeof redirects[0])

static int is_word(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* Replace every call "callee(" not preceded by a word character by
 * "repl(".  Returns the new line (or NULL: no such call), *n_out the
 * number of calls replaced. */
static char *replace_calls(const char *line, size_t len, const char *callee,
                           const char *repl, size_t *len_out, size_t *n_out)
{
	size_t cl = strlen(callee), rl = strlen(repl), n = 0;
	char *out = NULL;
	size_t o = 0, copied = 0;
	for (size_t i = 0; i + cl < len; i++) {
		if (line[i + cl] != '(' || memcmp(line + i, callee, cl) != 0)
			continue;
		if (i > 0 && is_word(line[i - 1]))
			continue;
		size_t need = o + (i - copied) + rl + (len - i) + 1;
		out = drv_realloc(out, need);
		memcpy(out + o, line + copied, i - copied);
		o += i - copied;
		memcpy(out + o, repl, rl);
		o += rl;
		copied = i + cl;
		i += cl - 1;
		n++;
	}
	if (!out)
		return NULL;
	out = drv_realloc(out, o + (len - copied) + 1);
	memcpy(out + o, line + copied, len - copied);
	o += len - copied;
	out[o] = '\0';
	*len_out = o;
	*n_out = n;
	return out;
}

/* A function definition's first line: an identifier, then '(' */
static size_t function_name_len(const char *line, size_t len)
{
	size_t i = 0;
	if (len == 0 || !(is_word(line[0]) && !(line[0] >= '0' && line[0] <= '9')))
		return 0;
	while (i < len && is_word(line[i]))
		i++;
	return i < len && line[i] == '(' ? i : 0;
}

/* ^#include "pan.h" (the '.' matching any character, as portable.awk did) */
static int includes_pan_h(const char *line, size_t len)
{
	static const char pat[] = "#include \"pan.h\"";
	if (len < sizeof pat - 1)
		return 0;
	for (size_t i = 0; i < sizeof pat - 1; i++)
		if (pat[i] != '.' && line[i] != pat[i])
			return 0;
	return 1;
}

int drv_portable_rewrite(FILE *in, FILE *out, FILE *err)
{
	char *buf = NULL, *current = drv_strdup("");
	size_t cap = 0, count[NREDIRECTS] = { 0 };
	int declared = 0, renamed = 0, bad = 0;
	ssize_t got;
	while ((got = getline(&buf, &cap, in)) >= 0) {
		size_t len = (size_t)got;
		if (len > 0 && buf[len - 1] == '\n')
			len--;
		char *line = drv_alloc(len + 1);
		memcpy(line, buf, len);
		line[len] = '\0';
		size_t fl = function_name_len(line, len);
		if (fl > 0) {
			free(current);
			current = drv_alloc(fl + 1);
			memcpy(current, line, fl);
			current[fl] = '\0';
			if (strcmp(current, "main") == 0) {
				static const char pm[] = "dmc_pan_main";
				char *r = drv_alloc(len - 4 + sizeof pm);
				memcpy(r, pm, sizeof pm - 1);
				memcpy(r + sizeof pm - 1, line + 4, len - 4 + 1);
				free(line);
				line = r;
				len += sizeof pm - 1 - 4;
				renamed = 1;
			}
		}
		if (includes_pan_h(line, len)) {
			/* declare the runtime's replacements once pan's types exist */
			fwrite(line, 1, len, out);
			fputc('\n', out);
			for (size_t k = 0; k < NREDIRECTS; k++) {
				size_t j = 0;   /* each replacement once */
				while (strcmp(redirects[j].repl, redirects[k].repl) != 0)
					j++;
				if (j == k)
					fprintf(out, "%s\n", redirects[k].decl);
			}
			declared = 1;
			free(line);
			continue;
		}
		for (size_t k = 0; k < NREDIRECTS; k++) {
			size_t nlen, n;
			if (strcmp(current, redirects[k].fn) != 0)
				continue;
			char *r = replace_calls(line, len, redirects[k].callee, redirects[k].repl, &nlen, &n);
			if (r) {
				free(line);
				line = r;
				len = nlen;
				count[k] += n;
			}
		}
		fwrite(line, 1, len, out);
		fputc('\n', out);
		free(line);
	}
	free(buf);
	free(current);
	for (size_t k = 0; k < NREDIRECTS; k++)
		if (count[k] == 0 && !redirects[k].optional) {
			fprintf(err, "spin-dmc: pan.c has no call to %s in %s(); not the SPIN 6.x "
			        "-DBFS code spin-dmc expects\n", redirects[k].callee, redirects[k].fn);
			bad = 1;
		}
	if (!declared) {
		fputs("spin-dmc: pan.c does not include pan.h\n", err);
		bad = 1;
	}
	if (!renamed) {
		fputs("spin-dmc: pan.c has no main() definition\n", err);
		bad = 1;
	}
	fflush(out);
	return bad;
}
