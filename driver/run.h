/*
 * run.h -- running spin, the compiler and pan: fork, execvp, waitpid, an
 * argument vector each (no shell), with an optional working directory and
 * output redirected to files.
 */
#ifndef DRV_RUN_H
#define DRV_RUN_H

#include <stddef.h>

typedef struct {
	const char *cwd;    /* run in this directory (NULL: ours) */
	int out_fd;         /* the child's standard output (-1: ours) */
	int err_fd;         /* the child's standard error (-1: ours) */
} drv_run_io;

/* Run argv[0] (looked up in $PATH) and wait.  The result is what the
 * shell's $? would be: the exit status, 128 + N for signal N, 127 when
 * the program was not found, 126 when it could not be executed. */
int drv_run(char *const argv[], const drv_run_io *io);

/* Run and collect its standard output in *out (NUL-terminated, *len
 * bytes); its standard error goes to /dev/null. */
int drv_run_capture(char *const argv[], char **out, size_t *len);

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
