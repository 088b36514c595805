// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * portfolio.h -- dmc check's default: two searches of the same model at
 * once, the first verdict wins (docs/usage.md, "The default: a
 * portfolio"; docs/design.md).
 *
 *   spin-dfs  SPIN's own pan (pan.c compiled as SPIN's users compile it,
 *             no runtime: build.h), its depth-first search and
 *             partial-order reduction with pan's defaults: the smallest
 *             state space for a proof;
 *   guided    dmc's pan as a single run starts it (the preset fast):
 *             the fewest states to a counterexample, and short trails.
 *
 * Each starts as soon as its pan is built -- on a model's first run
 * SPIN's pan is compiled first, dmc's beside SPIN's search (on one core
 * nicer), and a no-violation verdict from spin-dfs before dmc's pan is
 * built stops that compiler; when SPIN's same pan proved the model with
 * the same options before (spin_proofs.h) guided is not started unless
 * spin-dfs fails to answer so -- each in a process group of its own (run.h passes
 * dmc's signals on to both); on one core they take turns (SIGSTOP /
 * SIGCONT, a slice each).  A verdict of either that is complete -- no
 * violation, or a violation -- ends the run and the other is killed
 * (SIGKILL to its group, reaped).  When spin-dfs finds the violation
 * first, guided gets as much time again as the run has taken (10 s at
 * most) to find a shorter trail; the shorter of the two is kept (a
 * one-step trail, or a cycle's on two cores, at once).  A model's first
 * run (SPIN's pan compiled in it) is bounded instead: what follows the
 * first answer -- waiting for dmc's pan, the shortening -- gets a fifth
 * of the time that answer took since dmc check began, and a trail dmc's
 * pan could not shorten by then is SPIN's, said so.  An
 * incomplete search or an error of one member leaves the verdict to the
 * other.  Each gets half of the memory a single run would have
 * (runtime/memlim.h): guided as --memlim, spin-dfs as its address
 * space's limit.
 */
#ifndef DRV_PORTFOLIO_H
#define DRV_PORTFOLIO_H

#include "build.h"
#include "util.h"

#include <stddef.h>

/* How much nicer than dmc the guided member and dmc's pan's compiler run
 * (SPIN's member keeps its CPU on a busy machine: what guided takes from
 * it is ~10% of its share, nothing on an idle core) */
#define DRV_PORTFOLIO_NICE 10

typedef struct {
	char *const *guided_argv;  /* dmc's pan and its options (NULL-terminated) */
	const char *spin_pan;      /* SPIN's own pan */
	const drv_strv *spin_opts; /* its options: -a, -l, -N NAME */
	const char *rundir;        /* guided's directory; the trail kept ends there */
	const char *cache;         /* where spin-dfs's directory is made */
	const char *build;         /* dmc's pan's build (spin -a's pan.h: the model's labels) */
	const char *mbase;         /* the model's file name (its trail: BASE.SUFFIX) */
	const char *suffix;        /* "trail", or pan -tSUFFIX's (one formula of several) */
	const char *shown;         /* the model as the user named it */
	int json;                  /* --json: one object on standard output */
	int out_fd, err_fd;        /* the standard output and error for the report (-1: ours) */
	/* the pans' build when they still compile (drv_build_start), else
	 * NULL: each member starts when its pan is built */
	struct drv_build *pending;
	double shorten_s;          /* --shorten: the shortening's time, or -1: derived */
	/* the model's first run: SPIN's pan is compiled in it
	 * (drv_build_compiles_spin), and the run is compared with SPIN's
	 * own spin -a, gcc and pan */
	int first_run;
	double began;              /* when dmc check began (drv_portfolio_clock) */
} drv_portfolio;

/* A monotonic clock's seconds (drv_portfolio.began) */
double drv_portfolio_clock(void);

/* How dmc's pan compiles beside SPIN's pan (drv_build_start), always
 * DRV_PORTFOLIO_NICE nicer than dmc, so that SPIN's compiler and search
 * come first (most runs are proofs): on one core after SPIN's pan is
 * built; on more at once, its files compiled apart on the cores (at
 * most 4), so that guided's pan is there soon when spin-dfs finds a
 * violation (its trail is then shortened) */
drv_build_sched drv_portfolio_build_sched(void);

/* Whether the portfolio can honour dmc check's runtime options (the
 * options a single run passes to pan, rt_opts): 1 with SPIN's pan's
 * options pushed into spin_opts and its extra compiler flags in
 * *spin_cflags ("" or "-DNP"), else 0 (a single run). */
int drv_portfolio_takes(char *const rt_opts[], size_t n, drv_strv *spin_opts, const char **spin_cflags);

/* Run the two members; the result as drv_run's of a single run of dmc's
 * pan would be (0, 1, 3, 2, 128 + N after signal N), the winner's
 * report printed, and the trail kept (if any) in p->rundir as
 * BASE.SUFFIX. */
int drv_portfolio_run(const drv_portfolio *p);

/* The steps of a SPIN trail file (lines starting with a digit); -1 when
 * it cannot be read */
long drv_trail_steps(const char *path);

#endif
