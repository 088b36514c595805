// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * util.h -- the driver's small helpers: messages, memory, argument
 * vectors.  Every name starts with drv_ (the runtime's are dmc_).
 */
#ifndef DRV_UTIL_H
#define DRV_UTIL_H

#include <stddef.h>

/* "dmc: MESSAGE\n" on standard error. */
void drv_msg(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
/* "MESSAGE\n" on standard error, as it is (a message that names its
 * file:line:col first). */
void drv_msg_plain(const char *s);
/* The last message is s, said by another program (pan) already. */
void drv_msg_note(const char *s);
/* The last message of any of these (without "dmc: "), "" before the first. */
const char *drv_last_msg(void);

/* Allocation that ends the program (status 2) when memory runs out. */
void *drv_alloc(size_t n);
void *drv_realloc(void *p, size_t n);
char *drv_strdup(const char *s);
char *drv_printf(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* A NULL-terminated argument vector that owns its strings. */
typedef struct {
	char **v;
	size_t n, cap;
} drv_strv;

void drv_strv_push(drv_strv *a, const char *s);
/* Push the words of s, split on blanks (space, tab, newline), as the
 * shell splits an unquoted variable. */
void drv_strv_push_words(drv_strv *a, const char *s);
void drv_strv_free(drv_strv *a);

#endif
