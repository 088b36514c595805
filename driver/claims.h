// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * claims.h -- a Promela model's own properties, as SPIN compiled them:
 * its never claims (one per `ltl` block) and whether it has accept or
 * progress labels, read from a build of it (the cache entry holding
 * spin -a's output, pan.h and pan.c).  dmc check's default checks each
 * claim (with -a when the model has accept labels, as spin -search
 * does), so that a model's `ltl` blocks are never left unsearched.
 */
#ifndef DRV_CLAIMS_H
#define DRV_CLAIMS_H

typedef struct {
	char *name;               /* pan -N's name; NULL for the one unnamed never claim */
	char *text;               /* the formula as SPIN echoed it ("[] (x<5)"), or NULL */
	int line, col;            /* where its `ltl NAME` is in the model, or 0 */
} drv_claim;

typedef struct {
	drv_claim *v;             /* in the model's order */
	int n;                    /* pan.h's NCLAIMS (0 without a claim) */
	int accept_labels;        /* pan.h's ACCEPT_LAB: the model has accept labels */
	int progress_labels;      /* pan.h's PROG_LAB */
	int pan_default;          /* the claim pan runs without -N (spin -a's "defaults to
	                           * -N NAME"), or -1: pan cannot select an unnamed never
	                           * claim beside ltl blocks by -N, so it runs without */
} drv_claims;

/* The claims of the build in entry (spin.out, pan.h, pan.c there) of
 * the model at model_path (for the formulas' lines); 0, or -1 when the
 * build says nothing readable (no pan.h). */
int drv_claims_read(const char *entry, const char *model_path, drv_claims *c);

/* The same from the texts themselves (unit tests): spin -a's output,
 * pan.h, pan.c and the model's text; any may be NULL. */
int drv_claims_parse(const char *spin_out, const char *pan_h, const char *pan_c, const char *model,
                     drv_claims *c);

void drv_claims_free(drv_claims *c);

#endif
