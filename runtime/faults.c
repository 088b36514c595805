// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * faults.c -- signals and exhausted memory end the search as incomplete
 * (faults.h).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "faults.h"
#include "runtime.h"

static volatile sig_atomic_t caught;  /* the first terminating signal */
/* Process state, as the signal is: an allocation failure ends the process
 * (dmc_rt_out_of_memory is called from code that has no run at hand). */
static char oom_reason[128];

/* Only a note: the search loop sees it at its next step.  SA_RESETHAND
 * gives the signal back its default action, so a second one ends pan at
 * once (no results). */
static void on_signal(int sig)
{
	if (!caught)
		caught = sig;
}

static void handle(int sig)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

static void sigint_mask(int how)
{
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigprocmask(how, &s, NULL);
}

void dmc_faults_install(void)
{
	handle(SIGTERM);
	handle(SIGHUP);
	handle(SIGXCPU);                      /* ulimit -t: the soft limit */
	/* pan's main sets SIGINT to its stopped(), which prints the
	 * statistics from the handler and exits 0: hold SIGINT back until
	 * the runtime's own handler is in place */
	sigint_mask(SIG_BLOCK);
}

void dmc_faults_take_sigint(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	handle(SIGINT);
	sigint_mask(SIG_UNBLOCK);
}

static const char *reason(int sig)
{
	switch (sig) {
	case SIGINT: return "interrupted by SIGINT";
	case SIGTERM: return "interrupted by SIGTERM";
	case SIGHUP: return "interrupted by SIGHUP";
	case SIGXCPU: return "interrupted by SIGXCPU (processor time limit, ulimit -t)";
	default: return "interrupted by a signal";
	}
}

const char *dmc_faults_signal(void)
{
	return caught ? reason(caught) : NULL;
}

const char *dmc_faults_interrupted(void)
{
	if (caught)
		return reason(caught);
	sigset_t pending;
	if (sigpending(&pending) == 0 && sigismember(&pending, SIGINT))
		return reason(SIGINT);       /* held back: pan ended before the search */
	return NULL;
}

/* the reason; the first one is kept */
static void record_oom(const char *what, size_t bytes)
{
	if (oom_reason[0])
		return;
	if (bytes > 0)
		snprintf(oom_reason, sizeof oom_reason, "out of memory (%s: %.0f more bytes refused)",
		         what, (double) bytes);
	else
		snprintf(oom_reason, sizeof oom_reason, "out of memory (%s)", what);
}

const char *dmc_faults_oom(void)
{
	return oom_reason[0] ? oom_reason : NULL;
}

/* The one way an allocation failure ends pan (runtime.h). */
_Noreturn void dmc_rt_out_of_memory(const char *what, size_t bytes)
{
	record_oom(what, bytes);
	fprintf(stderr, "pan: spin-dmc: %s\n", oom_reason);
	exit(3);                              /* the results report it (report.c) */
}
