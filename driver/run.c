// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * run.c -- child processes without a shell, and the signals dmc passes
 * on to them.
 */
#define _DEFAULT_SOURCE        /* wait4: a member's CPU time (portfolio.c) */
#include "run.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP };
#define NFORWARDED (sizeof forwarded / sizeof forwarded[0])

static volatile sig_atomic_t got_signal;    /* the first one dmc received */
static volatile sig_atomic_t running_child; /* its pid while one runs, else 0 */
/* the children started by drv_spawn and not yet reaped (0: a free slot) */
#define NSPAWNED 4
static volatile sig_atomic_t spawned[NSPAWNED];
static int catching, catching_tstp;

/* The child and what it starts (gcc's cc1, as, ld) are a process group
 * of their own: the signal goes to all of them, once (the terminal's ^C
 * reaches only dmc's group). */
static void on_signal(int sig, siginfo_t *si, void *ctx)
{
	(void) ctx;
	(void) si;
	if (!got_signal)
		got_signal = sig;
	pid_t c = (pid_t) running_child;
	if (c > 0)
		kill(-c, sig);
	for (int i = 0; i < NSPAWNED; i++)
		if (spawned[i] > 0)
			kill(-(pid_t) spawned[i], sig);
}

/* ^Z: the child's group stops with dmc, and continues with it (it does
 * not get the terminal's SIGTSTP itself) */
static void on_stop(int sig)
{
	int saved = errno;
	pid_t c = (pid_t) running_child;
	struct sigaction dfl, ours;
	sigset_t s;
	if (c > 0)
		kill(-c, SIGSTOP);
	for (int i = 0; i < NSPAWNED; i++)
		if (spawned[i] > 0)
			kill(-(pid_t) spawned[i], SIGSTOP);
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, &ours);
	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_UNBLOCK, &s, NULL);
	raise(sig);                         /* dmc stops here until SIGCONT */
	sigprocmask(SIG_BLOCK, &s, NULL);
	sigaction(sig, &ours, NULL);
	if (c > 0)
		kill(-c, SIGCONT);
	for (int i = 0; i < NSPAWNED; i++)
		if (spawned[i] > 0)
			kill(-(pid_t) spawned[i], SIGCONT);
	errno = saved;
}

void drv_catch_signals(void)
{
	if (catching)
		return;
	catching = 1;
	struct sigaction old, sa;
	if (sigaction(SIGTSTP, NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_stop;
		sigemptyset(&sa.sa_mask);
		catching_tstp = sigaction(SIGTSTP, &sa, NULL) == 0;
	}
	for (size_t i = 0; i < NFORWARDED; i++) {
		struct sigaction old, sa;
		/* ignored when we started (nohup, `cmd &`): stays ignored */
		if (sigaction(forwarded[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_signal;
		sa.sa_flags = SA_SIGINFO;       /* no SA_RESTART: waits see EINTR */
		sigemptyset(&sa.sa_mask);
		sigaction(forwarded[i], &sa, NULL);
	}
}

int drv_interrupted(void)
{
	return (int) got_signal;
}

const char *drv_signal_name(int sig)
{
	static const struct { int sig; const char *name; } names[] = {
		{ SIGINT, "SIGINT" }, { SIGTERM, "SIGTERM" }, { SIGHUP, "SIGHUP" }, { SIGKILL, "SIGKILL" },
		{ SIGSEGV, "SIGSEGV" }, { SIGBUS, "SIGBUS" }, { SIGABRT, "SIGABRT" }, { SIGFPE, "SIGFPE" },
		{ SIGILL, "SIGILL" }, { SIGQUIT, "SIGQUIT" }, { SIGXCPU, "SIGXCPU" }, { SIGXFSZ, "SIGXFSZ" },
		{ SIGPIPE, "SIGPIPE" }, { SIGALRM, "SIGALRM" }, { SIGUSR1, "SIGUSR1" }, { SIGUSR2, "SIGUSR2" },
		{ SIGTRAP, "SIGTRAP" }, { SIGSYS, "SIGSYS" },
	};
	static char other[32];
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].sig == sig)
			return names[i].name;
	snprintf(other, sizeof other, "signal %d", sig);
	return other;
}

/* fork with the forwarded signals blocked until running_child is set, so
 * that none falls between the two; -1 on failure.  The child gets the
 * mask back and, on Linux, SIGTERM when dmc dies. */
static pid_t start_child(int slot)
{
	sigset_t block, old;
	pid_t parent = getpid(), pid;
	drv_catch_signals();
	sigemptyset(&block);
	for (size_t i = 0; i < NFORWARDED; i++)
		sigaddset(&block, forwarded[i]);
	sigprocmask(SIG_BLOCK, &block, &old);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(128 + SIGTERM);
#else
		(void) parent;
#endif
		/* until exec, a signal must act on the child as it will after */
		for (size_t i = 0; i < NFORWARDED; i++) {
			struct sigaction cur;
			if (sigaction(forwarded[i], NULL, &cur) == 0 && cur.sa_handler != SIG_IGN)
				signal(forwarded[i], SIG_DFL);
		}
		if (catching_tstp)
			signal(SIGTSTP, SIG_DFL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		return 0;
	}
	if (pid > 0) {
		setpgid(pid, pid);        /* whichever of the two runs first */
		if (slot < 0)
			running_child = pid;
		else
			spawned[slot] = pid;
		/* a signal that came before the child existed: it gets it too */
		if (got_signal)
			kill(-pid, (int) got_signal);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return pid;
}

static int wait_status(pid_t pid)
{
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			running_child = 0;
			return 127;
		}
	running_child = 0;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return 127;
}

/* In the child: set up and exec; never returns. */
static void child(char *const argv[], const char *cwd, int out_fd, int err_fd, const drv_run_io *io,
                  double as_mb)
{
	if (io && io->env_name && setenv(io->env_name, io->env_value, 1) != 0)
		_exit(127);
	if (io && io->nice > 0) {
		errno = 0;
		if (nice(io->nice) == -1 && errno != 0)
			fprintf(stderr, "dmc: cannot lower %s's priority: %s\n", argv[0], strerror(errno));
	}
	if (as_mb > 0) {
		struct rlimit rl;
		if (getrlimit(RLIMIT_AS, &rl) == 0) {
			rlim_t want = (rlim_t) (as_mb * 1048576.0);
			if (rl.rlim_max == RLIM_INFINITY || want < rl.rlim_max)
				rl.rlim_cur = want;
			setrlimit(RLIMIT_AS, &rl);
		}
	}
	if (out_fd >= 0 && out_fd != 1 && dup2(out_fd, 1) < 0)
		_exit(127);
	if (err_fd >= 0 && err_fd != 2 && dup2(err_fd, 2) < 0)
		_exit(127);
	if (cwd && chdir(cwd) != 0) {
		fprintf(stderr, "dmc: cannot change to directory %s: %s\n", cwd, strerror(errno));
		_exit(2);
	}
	execvp(argv[0], argv);
	int e = errno;
	fprintf(stderr, "dmc: cannot run %s: %s\n", argv[0], strerror(e));
	_exit(e == ENOENT ? 127 : 126);
}

int drv_run(char *const argv[], const drv_run_io *io)
{
	pid_t pid = start_child(-1);
	if (pid < 0) {
		drv_msg("cannot start %s: %s", argv[0], strerror(errno));
		return 127;
	}
	if (pid == 0)
		child(argv, io ? io->cwd : NULL, io ? io->out_fd : -1, io ? io->err_fd : -1, io, 0);
	return wait_status(pid);
}

pid_t drv_spawn(char *const argv[], const drv_run_io *io, double as_mb)
{
	int slot = 0;
	while (slot < NSPAWNED && spawned[slot] != 0)
		slot++;
	if (slot == NSPAWNED) {
		drv_msg("cannot start %s: %d children run already", argv[0], NSPAWNED);
		return -1;
	}
	pid_t pid = start_child(slot);
	if (pid < 0) {
		drv_msg("cannot start %s: %s", argv[0], strerror(errno));
		return -1;
	}
	if (pid == 0)
		child(argv, io ? io->cwd : NULL, io ? io->out_fd : -1, io ? io->err_fd : -1, io, as_mb);
	return pid;
}

int drv_spawned_wait(pid_t pid, int block, int *status, struct rusage *ru)
{
	int st;
	pid_t got;
	while ((got = wait4(pid, &st, block ? 0 : WNOHANG, ru)) < 0 && errno == EINTR)
		if (!block)
			return 0;
	if (got == 0)
		return 0;
	for (int i = 0; i < NSPAWNED; i++)
		if (spawned[i] == pid)
			spawned[i] = 0;
	if (got < 0)
		*status = 127;
	else
		*status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 127;
	return 1;
}

int drv_run_capture(char *const argv[], const char *cwd, char **out, size_t *len)
{
	int fds[2], null_fd;
	pid_t pid;
	size_t n = 0, cap = 65536;
	char *buf;
	*out = NULL;
	*len = 0;
	if (pipe(fds) != 0) {
		drv_msg("cannot create a pipe: %s", strerror(errno));
		return 127;
	}
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	pid = start_child(-1);
	if (pid < 0) {
		drv_msg("cannot start %s: %s", argv[0], strerror(errno));
		close(fds[0]);
		close(fds[1]);
		if (null_fd >= 0)
			close(null_fd);
		return 127;
	}
	if (pid == 0) {
		close(fds[0]);
		child(argv, cwd, fds[1], null_fd, NULL, 0);
	}
	close(fds[1]);
	if (null_fd >= 0)
		close(null_fd);
	buf = drv_alloc(cap);
	for (;;) {
		if (cap - n < 4096) {
			cap *= 2;
			buf = drv_realloc(buf, cap);
		}
		ssize_t got = read(fds[0], buf + n, cap - n - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	close(fds[0]);
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return wait_status(pid);
}

int drv_open_out(const char *path)
{
	return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
}

int drv_redirect_begin(drv_redirect *r, const char *path)
{
	int fd = drv_open_out(path);
	r->saved_out = r->saved_err = -1;
	if (fd < 0)
		return -1;
	fflush(NULL);
	r->saved_out = fcntl(1, F_DUPFD_CLOEXEC, 3);
	r->saved_err = fcntl(2, F_DUPFD_CLOEXEC, 3);
	if (r->saved_out < 0 || r->saved_err < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0) {
		close(fd);
		drv_redirect_end(r);
		return -1;
	}
	close(fd);
	return 0;
}

void drv_redirect_end(drv_redirect *r)
{
	fflush(NULL);
	if (r->saved_out >= 0) {
		dup2(r->saved_out, 1);
		close(r->saved_out);
	}
	if (r->saved_err >= 0) {
		dup2(r->saved_err, 2);
		close(r->saved_err);
	}
	r->saved_out = r->saved_err = -1;
}
