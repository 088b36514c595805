// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * uppaal_msc.h -- a UPPAAL counterexample as a message sequence chart
 * (driver/msc.h): the UPPAAL front end's msc (uppaal_msc.c).
 */
#ifndef PROM_UPPAAL_MSC_H
#define PROM_UPPAAL_MSC_H

#include "msc.h"

/* the chart of dmc check's UPPAAL witness ("witness in the source
 * model's terms:" and its steps); 0, or -1 when the text has no step */
int prom_uppaal_msc_of_witness(const char *text, drv_msc *m);
/* the front end's msc: its counterexample printed (on standard error
 * with --json) and charted into svg; 1, or 2 after a message */
int prom_uppaal_msc(const drv_env *e, const drv_msc_req *rq, const char *svg);

#endif
