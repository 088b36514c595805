// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * run.h -- running spin, the compiler and pan: fork, execvp, waitpid, an
 * argument vector each (no shell), with an optional working directory and
 * output redirected to files.
 *
 * Each child runs in a process group of its own.  SIGINT, SIGTERM and
 * SIGHUP sent to dmc (the terminal's ^C too) while a child runs are
 * passed on to that group, and dmc waits for the child: nothing it
 * started is left running behind it (on Linux the child also gets
 * SIGTERM if dmc itself is killed).  ^Z (SIGTSTP) stops the child's
 * group with dmc, and it continues when dmc does.
 * The caller asks drv_interrupted() after each step and stops.  A signal
 * that was ignored when dmc started (nohup, `cmd &` in a script) stays
 * ignored, for dmc and its children alike.
 */
#ifndef DRV_RUN_H
#define DRV_RUN_H

#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

typedef struct {
	const char *cwd;    /* run in this directory (NULL: ours) */
	int out_fd;         /* the child's standard output (-1: ours) */
	int err_fd;         /* the child's standard error (-1: ours) */
	const char *env_name, *env_value;   /* set in the child's environment (NULL: none) */
	int nice;           /* > 0: the child runs this much nicer than dmc (nice(2)) */
} drv_run_io;

/* Run argv[0] (looked up in $PATH) and wait.  The result is what the
 * shell's $? would be: the exit status, 128 + N for signal N, 127 when
 * the program was not found, 126 when it could not be executed. */
int drv_run(char *const argv[], const drv_run_io *io);

/* Start argv[0] like drv_run, without waiting: several may run at once
 * (the portfolio's members, a compiler beside another), each in a group
 * of its own that gets the signals passed on; as_mb > 0: its address
 * space at most (RLIMIT_AS, in MB).  The pid (the group's id), or -1
 * after a message. */
pid_t drv_spawn(char *const argv[], const drv_run_io *io, double as_mb);

/* Whether the spawned child pid ended (1, *status as drv_run's result
 * and *ru its resource usage when ru is not NULL) or runs still (0);
 * block: wait until it ends (a signal's EINTR is waited through). */
int drv_spawned_wait(pid_t pid, int block, int *status, struct rusage *ru);

/* Run in cwd (NULL: ours) and collect its standard output in *out
 * (NUL-terminated, *len bytes); its standard error goes to /dev/null. */
int drv_run_capture(char *const argv[], const char *cwd, char **out, size_t *len);

/* The signal (SIGINT, SIGTERM, SIGHUP) dmc received since it started
 * running children, or 0.  The first one counts. */
int drv_interrupted(void);

/* "SIGINT", "SIGKILL", "SIGSEGV" ...: the signal's name, or "signal N" */
const char *drv_signal_name(int sig);

/* Catch SIGINT, SIGTERM and SIGHUP from now on (drv_run does it by
 * itself); for the waits between children, e.g. on a lock. */
void drv_catch_signals(void);

/* Open PATH for writing (created or truncated); -1 on error. */
int drv_open_out(const char *path);

/* Send our own standard output and standard error to PATH until
 * drv_redirect_end: `cmd > PATH 2>&1` for a piece of the driver. */
typedef struct {
	int saved_out, saved_err;
} drv_redirect;
int drv_redirect_begin(drv_redirect *r, const char *path);
void drv_redirect_end(drv_redirect *r);

#endif
