// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pml_text.c -- user text in the generated Promela: escaped comment
 * bodies, identifier checks (see pml_text.h).
 */
#include "pml_text.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void pml_comment_text(char *buf, size_t n, const char *text)
{
	size_t k = 0;
	char last = 0;
	if (!n)
		return;
	const char *p = text ? text : "";
	for (; *p; p++) {
		char ch = *p;
		if ((unsigned char) ch < 0x20 || (unsigned char) ch > 0x7e || ch == '\\')
			ch = '?';
		/* the pairs that could end the comment, start another, or (a
		 * trigraph ??/ is a backslash) splice lines: a space between */
		int pair = (last == '*' && ch == '/') || (last == '/' && (ch == '*' || ch == '/'))
			|| (last == '?' && ch == '?')
			/* at the start: the text before it is not known */
			|| (!last && (ch == '*' || ch == '/' || ch == '?'));
		/* room for this character, its space, and "..." with the NUL */
		if (k + 2 + 4 > n)
			break;
		if (pair)
			buf[k++] = ' ';
		buf[k++] = ch;
		last = ch;
	}
	if (*p && n >= 5) {
		/* cut: "..." cannot pair with what precedes it */
		while (k + 4 > n)
			k--;
		memcpy(buf + k, "...", 3);
		k += 3;
	}
	buf[k < n ? k : n - 1] = 0;
}

void pml_commentf(FILE *out, const char *fmt, ...)
{
	va_list ap;
	char small[512];
	va_start(ap, fmt);
	int len = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (len < 0)
		return;
	char *text = small;
	if ((size_t) len >= sizeof small) {
		text = malloc((size_t) len + 1);
		if (!text) {
			fputs("dmc: out of memory\n", stderr);
			exit(2);
		}
		va_start(ap, fmt);
		vsnprintf(text, (size_t) len + 1, fmt, ap);
		va_end(ap);
	}
	/* every character may gain a space before it; room for "..." */
	size_t cap = 2 * (size_t) len + 8;
	char *safe = malloc(cap);
	if (!safe) {
		fputs("dmc: out of memory\n", stderr);
		exit(2);
	}
	pml_comment_text(safe, cap, text);
	fputs(safe, out);
	free(safe);
	if (text != small)
		free(text);
}

int pml_is_ident(const char *s)
{
	if (!s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
		return 0;
	for (s++; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')
		      || *s == '_'))
			return 0;
	return 1;
}

int pml_is_reserved(const char *s)
{
	static const char *const words[] = {
		/* Promela */
		"active", "assert", "atomic", "bit", "bool", "break", "byte", "c_code", "c_decl",
		"c_expr", "c_state", "c_track", "chan", "d_proctype", "d_step", "do", "else",
		"empty", "enabled", "eval", "false", "fi", "full", "get_priority", "goto",
		"hidden", "if", "init", "int", "len", "local", "mtype", "nempty", "never",
		"nfull", "notrace", "np_", "od", "of", "pc_value", "pid", "print", "printf",
		"printm", "priority", "proctype", "provided", "run", "select", "set_priority",
		"short", "show", "skip", "timeout", "trace", "true", "typedef", "unless",
		"unsigned", "xr", "xs", "ltl", "for", "in", "inline", "now", "uint",
		"_pid", "_nr_pr", "_last", "_priority", "STDIN",
		/* temporal operators SPIN reads in ltl formulas */
		"always", "eventually", "until", "weakuntil", "stronguntil", "release",
		"implies", "equivalent",
		/* C (pan.c compiles the names) */
		"auto", "case", "char", "const", "continue", "default", "double", "enum",
		"extern", "float", "long", "register", "restrict", "return", "signed",
		"sizeof", "static", "struct", "switch", "union", "void", "volatile", "while",
		"asm", "inline", "_Bool", "_Complex", "_Imaginary", "typeof",
		/* the C preprocessor's predefined names (gcc -E without -ansi) */
		"unix", "linux", "i386",
		/* pan.c */
		"main", "abort", "exit", "assertion", "Uerror", "Nrprocs", "Maxbody",
		NULL
	};
	for (int i = 0; words[i]; i++)
		if (strcmp(s, words[i]) == 0)
			return 1;
	return 0;
}

void pml_char_text(char *buf, size_t n, int ch)
{
	unsigned char c = (unsigned char) ch;
	if (c >= 0x20 && c <= 0x7e && c != '\'')
		snprintf(buf, n, "'%c'", c);
	else
		snprintf(buf, n, "byte 0x%02x", c);
}
