// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * pml_text.h -- the only ways user text (names, queries, file names from
 * a UPPAAL or ANMLite model or the command line) reaches the Promela the
 * translators write: inside a comment, escaped (pml_comment*), or as a
 * checked identifier (pml_is_ident, pml_is_reserved).  SPIN compiles
 * c_code/c_decl blocks and runs the C preprocessor on the model, so text
 * that could end a comment or start a directive would run someone
 * else's code on `dmc check`.
 */
#ifndef PROM_PML_TEXT_H
#define PROM_PML_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* text made safe for the inside of a Promela/C comment, into buf (always
 * terminated, "..." when cut): printable ASCII only (anything else is
 * '?'), no backslash, and no "*" "/" pair, "/" "/" pair or "??" (a
 * trigraph) in the output -- a space goes in between, and before a first
 * '*', '/' or '?', so that pieces written one after the other are safe too */
void pml_comment_text(char *buf, size_t n, const char *text);
/* printf into a comment body: the whole formatted text is escaped */
void pml_commentf(FILE *out, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* [A-Za-z_][A-Za-z0-9_]* */
int pml_is_ident(const char *s);
/* words that may not be a Promela name as they are: Promela and C
 * keywords (c_code, c_decl, inline, ...), names the C preprocessor
 * predefines (unix, linux), names pan.c's own code uses for everything */
int pml_is_reserved(const char *s);

/* a character for a message: "'c'" or "byte 0x1b" */
void pml_char_text(char *buf, size_t n, int ch);

#endif
