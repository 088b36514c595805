// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * promela.c -- the front end of Promela itself (driver/frontend.h): the
 * last of frontends.def, it takes every file no other front end does.
 * The model is checked as it is, its trail is in its own terms, and
 * --msc charts SPIN's replay of the trail (driver/msc_check.c).
 */
#include "frontend.h"
#include "msc.h"

const drv_frontend drv_fe_promela = {
	.name = "Promela", .suffixes = "", .msc = drv_msc_of_spin_trail,
};
