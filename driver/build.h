// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * build.h -- pan for a model, from the build cache (cache.h) or built.
 *
 *   1. spin -a in a private directory of the cache (mkdtemp), on the
 *      name src/MODEL, src being a symbolic link to the model's
 *      directory: SPIN hands the name to the preprocessor through a
 *      shell, so the model's directory never appears in that command,
 *      and `#include "..."` still resolves beside the model;
 *   2. the key of SPIN's output and everything else the build depends
 *      on; an entry under that key is used when it is verified (ours,
 *      and pan matching the digest written beside it when it was built);
 *   3. else, holding a lock on the key (a concurrent build of the same
 *      key waits, then uses it): dmc cc in the private directory, the
 *      digest, and one rename() puts the entry in place.
 */
#ifndef DRV_BUILD_H
#define DRV_BUILD_H

#include "env.h"

#include <stdio.h>

typedef struct {
	const char *shown;       /* the model as the user named it, for messages */
	const char *mdir, *mbase;
	const char *spin_opts, *cflags;
	int portable;
	const char *meta;        /* a front end's generated header (dmc cc --meta), or NULL */
	int quiet;               /* SPIN's warnings were shown by an earlier build of this run */
	/* not NULL: also SPIN's own pan, compiled from the same pan.c as
	 * SPIN's users compile it (gcc -O2 pan.c, no runtime: pan's
	 * depth-first search and its partial-order reduction) with these
	 * flags added ("" or "-DNP"), for the portfolio (portfolio.h); it
	 * is a cache entry of its own, compiled beside dmc's pan */
	const char *spin_pan_cflags;
	/* drv_build_start: the options SPIN's pan will run with
	 * (drv_spin_proof_key), or NULL.  When SPIN's cached pan proved them
	 * before (spin_proofs.h), dmc's pan waits for drv_build_resume; when
	 * SPIN's pan compiles, dmc's compiler starts beside it, or after it
	 * (drv_build_sched) */
	const char *spin_proof;
} drv_build_req;

/* How dmc's pan compiles beside SPIN's (drv_build_start) */
typedef struct {
	int nice;          /* this much nicer than dmc (run.h) */
	int jobs;          /* compilers at a time (dmc cc --jobs) */
	int after_spin;    /* not until SPIN's pan is built (at the first
	                    * drv_build_poll of DRV_PAN_DMC after it) */
} drv_build_sched;

/* The optimisation level dmc compiles bdir's pan.c at: -O2, but -O1
 * when its transitions (pan.m) pass DRV_PAN_M_BIG bytes -- gcc -O2 on
 * the one large function they form grows much faster than the text (a
 * 530 KB pan.m: 15 s at -O2, 4.6 s at -O1, docs/anmlite.md), and such a
 * model's search is usually over before the difference in speed would
 * pay back -- and -O0 past DRV_PAN_M_HUGE, where -O1 takes minutes too
 * (the arbiter tree A_6's 2 MB pan.m: about 8 minutes of gcc's CPU,
 * docs/uppaal.md "The arbiter tree A_6") while -O0's time grows with the
 * text.  The runtime and its heuristics are a library compiled at -O2
 * either way: -O0 slows pan's own step code and the glue only.  A
 * --cflags -O given by the user comes after it and wins. */
#define DRV_PAN_M_BIG (256L << 10)
#define DRV_PAN_M_HUGE (768L << 10)
const char *drv_pan_opt_level(const char *bdir);

/* Status 0 with *entry (the cache entry: pan, pan.c, ...) newly
 * allocated; 2 after a message; 128 + N when signal N interrupted it. */
int drv_build_pan(const drv_env *e, const char *cache, const drv_build_req *r, char **entry);

/* A build whose compilers run while the caller goes on: the portfolio
 * starts SPIN's own pan as soon as it is compiled, and dmc's when it is
 * (portfolio.h). */
typedef struct drv_build drv_build;
enum { DRV_PAN_DMC, DRV_PAN_SPIN };

/* spin -a, and the compilers of the pans not in the cache started,
 * dmc's as sched says; 0 with *b, *entry and (with
 * r->spin_pan_cflags) *spin_entry, the entries the pans will be in
 * (newly allocated); else as drv_build_pan, and *b is NULL. */
int drv_build_start(const drv_env *e, const char *cache, const drv_build_req *r, drv_build_sched sched, char **entry,
                    char **spin_entry, drv_build **b);

/* Whether SPIN's own pan was not in the cache and this build compiles
 * it (the model's first run, as far as the portfolio can tell) */
int drv_build_compiles_spin(const drv_build *b);

/* Where spin -a's output (pan.c, pan.h ...) is now: the build's own
 * directory until dmc's pan is put in its entry, then the entry. */
const char *drv_build_files(const drv_build *b);

/* Whether pan which (DRV_PAN_DMC, DRV_PAN_SPIN) is in its entry: 0; 2
 * after a message, 128 + N after signal N; -1 while it compiles (block:
 * wait for it).  DRV_PAN_SPIN without r->spin_pan_cflags: 0. */
int drv_build_poll(drv_build *b, int which, int block);

/* Whether dmc's pan waits for drv_build_resume (SPIN's pan proved
 * r->spin_proof before), and its look-up (the cache, else its compiler)
 * started now: drv_build_poll(DRV_PAN_DMC) is -1 until then, and with
 * block it starts it itself. */
int drv_build_deferred(const drv_build *b);
void drv_build_resume(drv_build *b);

/* Stop the compilers still running (no message), clean up, free b
 * (NULL: nothing). */
void drv_build_end(drv_build *b);

/* bfs_limits.c: 0, or 2 after a message at the construct's line and
 * column in model, when pan.h (in bdir) says the model uses what pan's
 * breadth-first code refuses: hidden variables, _last, c_track
 * "UnMatched" */
int drv_bfs_unsupported(const char *bdir, const char *model, const char *shown);

/* NULL when SPIN can be given the file name base (no character the
 * shell it uses would expand), else why not. */
const char *drv_unsafe_model_name(const char *base);

/* A private directory in the cache with src -> mdir, for running spin
 * on src/BASE; NULL after a message. */
char *drv_spin_view(const char *cache, const char *kind, const char *mdir);

/* The file at path on out, each occurrence of given (the name spin was
 * given, src/BASE) replaced by shown; without SPIN's "ltl ..." echo
 * lines (and its advice on choosing one of several claims) when skip_ltl. */
void drv_show_renamed(const char *path, const char *given, const char *shown, int skip_ltl, FILE *out);

#endif
