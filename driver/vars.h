// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * vars.h -- dmc_vars.h, the model's variable accessors (what `dmc vars`
 * prints), from SPIN's symbol table and pan.h.
 *
 * SPIN's symbol table (`spin -d`) says which names are channels and gives
 * the mtype constants; pan.h says which variables made it into the state
 * vector (SPIN drops unused ones) and in which struct: State for globals,
 * P<k> for the locals of proctype k.  Promela bit/bool variables are
 * bitfields, so each variable gets a small function rather than an offset.
 */
#ifndef DRV_VARS_H
#define DRV_VARS_H

#include <stddef.h>
#include <stdio.h>

/* Write dmc_vars.h to out.  symtab: the output of `spin -d MODEL`;
 * panh: the text of pan.h.  0 on success, -1 on an internal error. */
int drv_vars_write(const char *symtab, size_t symtab_len,
                   const char *panh, size_t panh_len, FILE *out);

#endif
