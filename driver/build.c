// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * build.c -- pan for a model: SPIN in a private directory, the cache
 * entry verified or built and renamed into place (see build.h).
 */
#include "build.h"
#include "cache_trim.h"
#include "cache.h"
#include "cmd.h"
#include "fs.h"
#include "path.h"
#include "run.h"
#include "spin_proofs.h"
#include "util.h"
#include "../runtime/options_table.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#define DRV_DEFAULT_VECTORSZ "4096"   /* bytes; SPIN's own default is 1024 */

const char *drv_unsafe_model_name(const char *base)
{
	/* SPIN runs `gcc -E -x c "NAME" > "pan.pre"` through sh: inside
	 * double quotes only these keep a meaning */
	if (strpbrk(base, "$`\"\\\n"))
		return "it contains one of $ ` \" \\ or a newline, which SPIN passes to a shell";
	return NULL;
}

char *drv_spin_view(const char *cache, const char *kind, const char *mdir)
{
	char *dir = drv_printf("%s/%s-XXXXXX", cache, kind);
	if (!mkdtemp(dir)) {
		drv_msg("cannot create a directory in the build cache %s: %s", cache, strerror(errno));
		free(dir);
		return NULL;
	}
	char *src = drv_printf("%s/src", dir);
	int rc = symlink(mdir, src);
	free(src);
	if (rc != 0) {
		drv_msg("cannot create a link in %s: %s", dir, strerror(errno));
		drv_rm_rf(dir);
		free(dir);
		return NULL;
	}
	return dir;
}

/* spin -a's echo of an ltl block, or its advice on choosing one of
 * several claims ("the model contains 3 never claims: ..." and the three
 * lines after it): dmc check checks every claim itself (check.c) */
static int echo_line(const char *line, size_t n)
{
	static const char *const advice[] = {
		"  the model contains ", "  only one claim is used in a verification run",
		"  choose which one with ", "  or use e.g.: spin -search ", NULL
	};
	if (n >= 4 && memcmp(line, "ltl ", 4) == 0)
		return 1;
	for (const char *const *a = advice; *a; a++)
		if (n >= strlen(*a) && memcmp(line, *a, strlen(*a)) == 0)
			return 1;
	return 0;
}

void drv_show_renamed(const char *path, const char *given, const char *shown, int skip_ltl, FILE *out)
{
	size_t len, glen = strlen(given);
	char *text = drv_read_file(path, &len);
	if (!text)
		return;
	for (size_t pos = 0; pos < len; ) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		if (!(skip_ltl && echo_line(line, n))) {
			for (size_t i = 0; i < n; ) {
				if (n - i >= glen && memcmp(line + i, given, glen) == 0) {
					fputs(shown, out);
					i += glen;
				} else
					fputc(line[i++], out);
			}
			if (nl)
				fputc('\n', out);
		}
		pos += n + (nl ? 1 : 0);
	}
	fflush(out);
	free(text);
}

/* Whether spin.out says more than the ltl echo lines */
static int has_messages(const char *path)
{
	size_t len;
	char *text = drv_read_file(path, &len);
	int any = 0;
	for (size_t pos = 0; text && pos < len && !any; ) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		any = n > 0 && !echo_line(line, n);
		pos += n + (nl ? 1 : 0);
	}
	free(text);
	return any;
}

/* SPIN's first error ("spin: MODEL:LINE, Error: ...") as the last
 * message, for --json's error object (json_error.h) */
static void note_spin_error(const char *path, const char *given, const char *shown)
{
	char *text = NULL, *line;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return;
	drv_show_renamed(path, given, shown, 1, mem);
	fclose(mem);
	for (line = text; line && *line; ) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (strstr(line, ", Error: ")) {
			drv_msg_note(strncmp(line, "spin: ", 6) == 0 ? line + 6 : line);
			break;
		}
		line = nl ? nl + 1 : NULL;
	}
	free(text);
}

/* When a step failed: was it the cache's file system running full? */
static int cache_full(const char *dir)
{
	struct statvfs vs;
	return statvfs(dir, &vs) == 0 && (double) vs.f_bavail * (double) vs.f_frsize < 1e6;
}

/* SPIN's depth-first pan takes an `else` beside a rendezvous operation
 * once the offer fails; pan's breadth-first code, which the runtime
 * drives, never does, so such a model could get a wrong "no violation".
 * It is refused when SPIN warned about `else` with i/o and the model has
 * a rendezvous channel type (pan.c's q_zero answers 1 for one). */
static int else_beside_rendezvous(const char *spin_out, const char *pan_c)
{
	size_t n;
	char *out = drv_read_file(spin_out, &n), *pan = NULL;
	int yes = 0;
	if (out && strstr(out, "dubious use of 'else' combined with i/o")
	    && (pan = drv_read_file(pan_c, &n)) != NULL) {
		char *q = strstr(pan, "\nq_zero(int from)");
		char *end = q ? strstr(q, "bad queue q-zero") : NULL;
		char *one = q ? strstr(q, ": return 1;") : NULL;
		yes = one && end && one < end;
	}
	free(out);
	free(pan);
	return yes;
}

/* spin -a src/BASE in bdir.  SPIN's exit status and pan.c decide:
 * warnings (even those SPIN words "Error: dubious use of 'else'") are
 * shown, and the model accepted, but for else beside a rendezvous.  0, 2 or 128 + signal. */
static int run_spin(const drv_env *e, const drv_build_req *r, const char *bdir)
{
	char *out_path = drv_printf("%s/spin.out", bdir);
	char *pan_c = drv_printf("%s/pan.c", bdir);
	char *given = drv_printf("src/%s", r->mbase);
	drv_strv argv = { 0 };
	int fd = drv_open_out(out_path), rc = 2, sig;
	if (fd < 0)
		drv_msg("cannot write %s: %s", out_path, strerror(errno));
	else {
		drv_run_io io = { bdir, fd, fd, NULL, NULL, 0 };
		drv_strv_push(&argv, e->spin);
		drv_strv_push_words(&argv, r->spin_opts);
		drv_strv_push(&argv, "-a");
		drv_strv_push(&argv, given);
		int st = drv_run(argv.v, &io);
		close(fd);
		if ((sig = drv_interrupted()))
			rc = 128 + sig;
		else if (st == 0 && drv_is_file(pan_c)) {
			rc = 0;
			if (!r->quiet && has_messages(out_path))
				drv_show_renamed(out_path, given, r->shown, 1, stderr);
			if (else_beside_rendezvous(out_path, pan_c)) {
				drv_msg("%s: 'else' beside an operation on a rendezvous channel is not "
				        "supported: SPIN's depth-first pan takes the else when the offer "
				        "fails, the breadth-first code spin-dmc drives never does (use a "
				        "buffered channel, or a guard such as timeout)", r->shown);
				rc = 2;
			} else {
				char *model = drv_printf("%s/%s", bdir, given);
				rc = drv_bfs_unsupported(bdir, model, r->shown);
				free(model);
			}
		} else {
			drv_show_renamed(out_path, given, r->shown, 1, stderr);
			if (cache_full(bdir))
				drv_msg("the build cache's file system (%s) is full", bdir);
			else if (st == 127)
				drv_msg("cannot run spin ('%s'): set SPIN or PATH", e->spin);
			drv_msg("spin rejected %s", r->shown);
			note_spin_error(out_path, given, r->shown);
		}
	}
	drv_strv_free(&argv);
	free(out_path);
	free(pan_c);
	free(given);
	return rc;
}

/* pan.c refuses to compile without -DNOREDUCE when the model uses
 * enabled(), pcvalue(), _last or an 'else' beside i/o (pan.h's HAS_*
 * macros); SPIN also wants it with priorities.  1 when pan.h says so. */
static int needs_noreduce(const char *bdir)
{
	static const char *const macros[] = {
		"\n#define HAS_ENABLED", "\n#define HAS_PCVALUE", "\n#define HAS_BADELSE",
		"\n#define HAS_LAST", "\n#define HAS_PRIORITY", NULL
	};
	char *panh = drv_printf("%s/pan.h", bdir);
	int need = drv_file_contains(panh, macros);
	free(panh);
	return need;
}

/* The optimisation level for bdir's pan.c (build.h) */
const char *drv_pan_opt_level(const char *bdir)
{
	char *panm = drv_printf("%s/pan.m", bdir);
	struct stat st;
	off_t size = stat(panm, &st) == 0 ? st.st_size : 0;
	free(panm);
	return size > DRV_PAN_M_HUGE ? "-O0" : size > DRV_PAN_M_BIG ? "-O1" : "-O2";
}

/* dmc cc's arguments for bdir's pan.c */
static void compile_args(const drv_build_req *r, const char *bdir, drv_strv *argv)
{
	if (r->portable)
		drv_strv_push(argv, "--portable");
	drv_strv_push(argv, drv_pan_opt_level(bdir));
	if (needs_noreduce(bdir))
		drv_strv_push(argv, "-DNOREDUCE");
	/* dmc check's defaults (options.def), compiled in: --search and
	 * --heuristic are passed only when given, so a --lua script's
	 * settings can apply; the default preset applies unless a script,
	 * -a or -l is given, each option given replacing its own field
	 * (options.h) */
	static const dmc_opt_id compiled_in[] = { DMC_OPT_SEARCH, DMC_OPT_HEURISTIC, DMC_OPT_PRESET };
	for (size_t k = 0; k < sizeof compiled_in / sizeof compiled_in[0]; k++) {
		const dmc_opt *t = &dmc_opt_table[compiled_in[k]];
		char *d = drv_printf("%s=%s", t->name, t->def);
		drv_strv_push(argv, d);
		free(d);
	}
	/* SPIN's default of 1024 bytes is too small for many translated
	 * networks (contrib/models/arbiter_4.xta: 1028); more costs pan a few
	 * static arrays, not memory per state.  The user's --cflags decide
	 * when they name VECTORSZ. */
	if (!r->cflags || !strstr(r->cflags, "VECTORSZ"))
		drv_strv_push(argv, "-DVECTORSZ=" DRV_DEFAULT_VECTORSZ);
	if (r->meta) {
		drv_strv_push(argv, "--meta");
		drv_strv_push(argv, r->meta);
	}
	drv_strv_push_words(argv, r->cflags);
	char *pan = drv_printf("%s/pan", bdir), *pan_c = drv_printf("%s/pan.c", bdir);
	drv_strv_push(argv, "-o");
	drv_strv_push(argv, pan);
	drv_strv_push(argv, pan_c);
	free(pan);
	free(pan_c);
}

/* Start `dmc cc ... > bdir/cc.out 2>&1` nicer than dmc (the
 * portfolio's SPIN pan and search come first): with one job, its
 * preparations here and its compiler spawned; with more, this very
 * executable's `cc --jobs N` spawned (it compiles the files apart); 0
 * with *pid, or a status as compile_finish's */
static int compile_start(const drv_env *e, const drv_build_req *r, const char *bdir, drv_build_sched sched,
                         pid_t *pid)
{
	char *cc_out = drv_printf("%s/cc.out", bdir), *self = NULL;
	drv_strv argv = { 0 }, cmd = { 0 };
	drv_redirect rd;
	int rc = 2, sig, fd, nice = sched.nice;
	*pid = 0;
	compile_args(r, bdir, &argv);
	if (sched.jobs > 1 && (self = drv_exe_path(NULL))) {
		char *jobs = drv_printf("%d", sched.jobs);
		drv_strv_push(&cmd, self);
		drv_strv_push(&cmd, "cc");
		drv_strv_push(&cmd, "--jobs");
		drv_strv_push(&cmd, jobs);
		for (size_t i = 0; i < argv.n; i++)
			drv_strv_push(&cmd, argv.v[i]);
		free(jobs);
		free(self);
		rc = 0;
	} else if (drv_redirect_begin(&rd, cc_out) == 0) {
		rc = drv_cc_command(e, (int) argv.n, argv.v, &cmd);
		drv_redirect_end(&rd);
	}
	if ((sig = drv_interrupted()))
		rc = 128 + sig;
	else if (rc == 0) {
		rc = 2;
		if ((fd = open(cc_out, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644)) < 0)
			drv_msg("cannot write %s: %s", cc_out, strerror(errno));
		else {
			drv_run_io io = { NULL, fd, fd, NULL, NULL, nice };
			if ((*pid = drv_spawn(cmd.v, &io, 0)) > 0)
				rc = 0;
			else
				*pid = 0;
			close(fd);
		}
	}
	drv_strv_free(&argv);
	drv_strv_free(&cmd);
	free(cc_out);
	return rc;
}

/* The compile's end: 0, or 2 after its messages, or 128 + signal */
static int compile_finish(const drv_build_req *r, const char *bdir, int rc)
{
	int sig;
	if ((sig = drv_interrupted()))
		return 128 + sig;
	if (rc != 0) {
		char *cc_out = drv_printf("%s/cc.out", bdir);
		drv_cat(cc_out, stderr);
		free(cc_out);
		if (cache_full(bdir))
			drv_msg("the build cache's file system (%s) is full", bdir);
		drv_msg("compiling pan for %s failed", r->shown);
		rc = 2;
	}
	return rc;
}

/* NULL when entry holds a pan of ours that matches its digest; else why
 * not ("missing" when there is no entry at all). */
static const char *unverified(const char *entry)
{
	static char why[160];
	struct stat st;
	if (lstat(entry, &st) != 0 && errno == ENOENT)
		return "missing";
	const char *bad = drv_untrusted(entry, 1);
	if (bad)
		return bad;
	char *pan = drv_printf("%s/pan", entry), *dpath = drv_printf("%s/pan.digest", entry);
	char *want = NULL, *have = NULL;
	if ((bad = drv_untrusted(pan, 0)) != NULL)
		snprintf(why, sizeof why, "pan: %s", bad);
	else if ((want = drv_read_file(dpath, NULL)) == NULL || drv_untrusted(dpath, 0))
		snprintf(why, sizeof why, "no digest of pan (an unfinished or foreign entry)");
	else if (!(have = drv_file_digest(pan)) || strcmp(want, have) != 0)
		snprintf(why, sizeof why, "pan does not match its digest (truncated or replaced)");
	else
		why[0] = '\0';
	free(pan);
	free(dpath);
	free(want);
	free(have);
	return why[0] ? why : NULL;
}

/* The digest of bdir/pan into bdir/pan.digest; 0 on success. */
static int write_digest(const char *bdir)
{
	char *pan = drv_printf("%s/pan", bdir), *dpath = drv_printf("%s/pan.digest", bdir);
	char *d = drv_file_digest(pan);
	int fd = d ? open(dpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600) : -1, rc = -1;
	if (fd >= 0) {
		size_t n = strlen(d);
		rc = write(fd, d, n) == (ssize_t) n ? 0 : -1;
		if (close(fd) != 0)
			rc = -1;
	}
	if (rc != 0)
		drv_msg("cannot write %s: %s", dpath, strerror(errno));
	free(pan);
	free(dpath);
	free(d);
	return rc;
}

/* Hold cache/KEY.lock (flock, released when fd closes); -1 on failure or
 * interruption, after a message. */
static int lock_key(const char *cache, const char *key)
{
	char *path = drv_printf("%s/%s.lock", cache, key);
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		drv_msg("cannot create the lock %s: %s", path, strerror(errno));
	else {
		drv_catch_signals();
		while (flock(fd, LOCK_EX) != 0) {
			if (errno != EINTR || drv_interrupted()) {
				if (!drv_interrupted())
					drv_msg("cannot lock %s: %s", path, strerror(errno));
				close(fd);
				fd = -1;
				break;
			}
		}
	}
	free(path);
	return fd;
}

/* SPIN's own pan being compiled (or found) beside dmc's */
typedef struct {
	char *entry;        /* its cache entry */
	char *dir;          /* where it is compiled, renamed to entry after */
	int lock, cc_fd;
	pid_t pid;          /* the compiler, or 0 */
	drv_strv plain;     /* while the compiler with the plugin runs: the
	                     * words without it, tried when it fails */
	const char *bdir;
} spin_pan_build;

/* The plugin, when it is built (configure may leave it out) */
static char *plugin_path(const drv_env *e)
{
	char *p = drv_printf("%s/dmc-gcc.so", e->libdir);
	if (access(p, R_OK) == 0)
		return p;
	free(p);
	return NULL;
}

/* The compiler's words for SPIN's own pan: SPIN's users' gcc -O2 pan.c,
 * with dmc's vector size and -DNOREDUCE where pan.c demands it; with
 * plugin, the plugin's memory redirects and glue_memory.c beside it
 * (pan's search unchanged, its hash table not written before the search:
 * redirects.def) */
static void spin_pan_argv(const drv_env *e, const drv_build_req *r, const char *bdir, const char *out,
                          const char *plugin, drv_strv *argv)
{
	drv_strv_push(argv, e->cc);
	drv_strv_push(argv, "-O2");
	drv_strv_push(argv, "-w");
	if (needs_noreduce(bdir))
		drv_strv_push(argv, "-DNOREDUCE");
	drv_strv_push(argv, "-DVECTORSZ=" DRV_DEFAULT_VECTORSZ);
	drv_strv_push_words(argv, r->spin_pan_cflags);
	drv_strv_push(argv, "-o");
	drv_strv_push(argv, out);
	drv_strv_push(argv, "pan.c");
	if (plugin) {
		char *w = drv_printf("-fplugin=%s", plugin);
		drv_strv_push(argv, w);
		free(w);
		drv_strv_push(argv, "-DDMC_MEMORY_ONLY");
		w = drv_printf("%s/glue_memory.c", e->share);
		drv_strv_push(argv, w);
		free(w);
	}
}

/* Start compiling SPIN's own pan for bdir's pan.c unless its entry is
 * in the cache already; 0, or 2 after a message. */
static int spin_pan_start(const drv_env *e, const char *cache, const drv_build_req *r, const char *bdir,
                          drv_build_inputs in, spin_pan_build *b)
{
	char *plugin = plugin_path(e);
	char *cflags = drv_printf("spin-pan%s %s", plugin ? " memory" : "", r->spin_pan_cflags);
	in.cflags = cflags;
	char *key = drv_build_key(bdir, &in);
	const char *why;
	int rc = 2;
	free(cflags);
	b->entry = drv_printf("%s/%s", cache, key);
	if (unverified(b->entry) == NULL) {
		drv_cache_touch(b->entry);
		free(key);
		free(plugin);
		return 0;
	}
	if ((b->lock = lock_key(cache, key)) < 0)
		goto done;
	if (!(why = unverified(b->entry))) {
		rc = 0;                              /* a concurrent run built it */
		goto done;
	}
	if (strcmp(why, "missing") != 0 && drv_rm_rf(b->entry) != 0) {
		drv_msg("cannot remove %s: %s", b->entry, strerror(errno));
		goto done;
	}
	b->dir = drv_printf("%s/build-XXXXXX", cache);
	if (!mkdtemp(b->dir)) {
		drv_msg("cannot create a directory in the build cache %s: %s", cache, strerror(errno));
		free(b->dir);
		b->dir = NULL;
		goto done;
	}
	char *cc_out = drv_printf("%s/cc.out", b->dir), *pan = drv_printf("%s/pan", b->dir);
	drv_strv argv = { 0 };
	spin_pan_argv(e, r, bdir, pan, plugin, &argv);
	if (plugin) {
		spin_pan_argv(e, r, bdir, pan, NULL, &b->plain);
		b->bdir = bdir;
	}
	if ((b->cc_fd = drv_open_out(cc_out)) < 0)
		drv_msg("cannot write %s: %s", cc_out, strerror(errno));
	else {
		drv_run_io io = { bdir, b->cc_fd, b->cc_fd, NULL, NULL, 0 };
		if ((b->pid = drv_spawn(argv.v, &io, 0)) > 0)
			rc = 0;
		else
			b->pid = 0;
	}
	drv_strv_free(&argv);
	free(cc_out);
	free(pan);
done:
	free(key);
	free(plugin);
	return rc;
}

/* Wait for SPIN's own pan's compiler (before bdir, which it reads, is
 * renamed or removed) and put the entry in place; 0, 2 after a message,
 * 128 + N after signal N; -1 while it runs and block is 0.  Again: 0,
 * the first result stands. */
static int spin_pan_finish(const drv_build_req *r, spin_pan_build *b, int block)
{
	int st, rc = 0;
	while (b->pid > 0) {
		if (!drv_spawned_wait(b->pid, block, &st, NULL))
			return -1;
		b->pid = 0;
		if (st != 0 && b->plain.n > 0 && !drv_interrupted() && b->cc_fd >= 0
		    && lseek(b->cc_fd, 0, SEEK_SET) == 0 && ftruncate(b->cc_fd, 0) == 0) {
			/* the compiler refused the plugin: SPIN's pan as its users
			 * compile it */
			drv_run_io io = { b->bdir, b->cc_fd, b->cc_fd, NULL, NULL, 0 };
			b->pid = drv_spawn(b->plain.v, &io, 0);
			drv_strv_free(&b->plain);
			if (b->pid > 0)
				continue;
			b->pid = 0;
		}
		drv_strv_free(&b->plain);
		if (drv_interrupted())
			rc = 128 + drv_interrupted();
		else if (st != 0) {
			char *cc_out = drv_printf("%s/cc.out", b->dir);
			drv_cat(cc_out, stderr);
			free(cc_out);
			drv_msg("compiling SPIN's own pan for %s failed", r->shown);
			rc = 2;
		} else if (write_digest(b->dir) != 0)
			rc = 2;
		else if (rename(b->dir, b->entry) != 0) {
			drv_msg("cannot move %s to %s: %s", b->dir, b->entry, strerror(errno));
			rc = 2;
		} else {
			free(b->dir);
			b->dir = NULL;
		}
	}
	if (b->cc_fd >= 0)
		close(b->cc_fd);
	b->cc_fd = -1;
	if (b->dir)
		drv_rm_rf(b->dir);
	free(b->dir);
	b->dir = NULL;
	if (b->lock >= 0)
		close(b->lock);
	b->lock = -1;
	return rc;
}


struct drv_build {
	const drv_env *e;
	drv_build_req r;
	drv_build_sched sched;  /* dmc's pan's compiler's */
	int deferred;        /* dmc's pan not looked at yet (drv_build_resume) */
	int after_spin;      /* and then when SPIN's pan is compiled */
	char *cache, *key;
	char *bdir;          /* spin -a's output (and dmc's pan while it compiles) until
	                      * renamed into the entry, then NULL */
	char *entry;         /* dmc's pan's entry */
	int lock;            /* on key while dmc's pan compiles, else -1 */
	pid_t cc;            /* its compiler, or 0 */
	int cc_status;       /* the compiler's, once it ended (cc is 0 then) */
	int dmc_rc;          /* -1 while it compiles, then its result */
	spin_pan_build sb;   /* SPIN's own pan's */
	int spin_rc;         /* -1 while it compiles (or none asked), then its result */
	int spin_compiled;   /* SPIN's own pan was not in the cache: compiled here */
};

/* A compiler still running stopped (its group killed, reaped): no message */
static void stop_compiler(pid_t *pid)
{
	int st;
	if (*pid <= 0)
		return;
	kill(-*pid, SIGKILL);
	drv_spawned_wait(*pid, 1, &st, NULL);
	*pid = 0;
}

static void build_free(drv_build *b)
{
	stop_compiler(&b->cc);
	stop_compiler(&b->sb.pid);
	spin_pan_finish(&b->r, &b->sb, 1);
	if (b->bdir)
		drv_rm_rf(b->bdir);
	if (b->lock >= 0)
		close(b->lock);
	free(b->sb.entry);
	free(b->bdir);
	free(b->entry);
	free(b->key);
	free(b->cache);
	free(b);
}

/* dmc's pan compiled (cc's status rc): its digest, the entry in place */
static int dmc_pan_finish(drv_build *b, int rc)
{
	if ((rc = compile_finish(&b->r, b->bdir, rc)) != 0)
		return rc;
	if (write_digest(b->bdir) != 0)
		return 2;
	/* the entry must not point at this model's directory */
	char *src = drv_printf("%s/src", b->bdir);
	unlink(src);
	free(src);
	if (rename(b->bdir, b->entry) != 0) {
		drv_msg("cannot move %s to %s: %s", b->bdir, b->entry, strerror(errno));
		return 2;
	}
	free(b->bdir);
	b->bdir = NULL;
	close(b->lock);
	b->lock = -1;
	drv_cache_trim(b->cache, b->key);
	return 0;
}

/* dmc's pan: its entry used when it is there, else its compiler
 * started (b->dmc_rc -1), holding the lock on its key; 0, else a status
 * after a message */
static int dmc_pan_begin(drv_build *b)
{
	const char *why;
	int rc;
	b->dmc_rc = 0;
	if (unverified(b->entry) == NULL) {
		drv_cache_touch(b->entry);           /* built before */
		return 0;
	}
	if ((b->lock = lock_key(b->cache, b->key)) < 0)
		return 2;
	if (!(why = unverified(b->entry))) {
		close(b->lock);                      /* a concurrent run built it */
		b->lock = -1;
		return 0;
	}
	if (strcmp(why, "missing") != 0) {
		drv_msg("the cached pan in %s cannot be used (%s): rebuilding it", b->entry, why);
		if (drv_rm_rf(b->entry) != 0) {
			drv_msg("cannot remove %s: %s", b->entry, strerror(errno));
			return 2;
		}
	}
	if ((rc = compile_start(b->e, &b->r, b->bdir, b->sched, &b->cc)) != 0)
		return compile_finish(&b->r, b->bdir, rc);
	b->dmc_rc = -1;
	return 0;
}

int drv_build_start(const drv_env *e, const char *cache, const drv_build_req *r, drv_build_sched sched, char **entry_out,
                    char **spin_entry, drv_build **out)
{
	drv_build *b = calloc(1, sizeof *b);
	int rc;
	*out = NULL;
	if (!b) {
		drv_msg("out of memory");
		return 2;
	}
	b->e = e;
	b->r = *r;
	b->sched = sched;
	b->cache = drv_strdup(cache);
	b->lock = -1;
	b->sb = (spin_pan_build) { NULL, NULL, -1, -1, 0, { 0 }, NULL };
	if (!(b->bdir = drv_spin_view(cache, "build", r->mdir))) {
		rc = 2;
		goto fail;
	}
	if ((rc = run_spin(e, r, b->bdir)) != 0)
		goto fail;
	drv_build_inputs in = { e->spin, e->cc, r->spin_opts, r->cflags, r->portable, e->libdir, e->share,
	                        r->meta };
	if (r->spin_pan_cflags && spin_entry) {
		if ((rc = spin_pan_start(e, cache, r, b->bdir, in, &b->sb)) != 0)
			goto fail;
		b->spin_rc = -1;
		b->spin_compiled = b->sb.pid > 0;
	}
	b->key = drv_build_key(b->bdir, &in);
	b->entry = drv_printf("%s/%s", cache, b->key);
	if (b->spin_rc == -1 && b->sb.pid == 0 && drv_spin_proved(b->sb.entry, r->spin_proof)) {
		/* SPIN's cached pan proved these options: dmc's pan only if
		 * it does not this time */
		b->deferred = 1;
		b->dmc_rc = -1;
	} else if (b->spin_rc == -1 && b->sb.pid > 0 && r->spin_proof && sched.after_spin) {
		/* SPIN's pan compiles: dmc's after it, so that SPIN's search
		 * starts as soon as on its own (most runs are proofs) */
		b->deferred = b->after_spin = 1;
		b->dmc_rc = -1;
	} else if ((rc = dmc_pan_begin(b)) != 0)
		goto fail;
	*entry_out = drv_strdup(b->entry);
	if (spin_entry)
		*spin_entry = b->sb.entry ? drv_strdup(b->sb.entry) : NULL;
	*out = b;
	return 0;
fail:
	if ((rc == 0 || rc == 2) && drv_interrupted())
		rc = 128 + drv_interrupted();
	build_free(b);
	return rc;
}

int drv_build_deferred(const drv_build *b)
{
	return b->deferred && !b->after_spin;
}

void drv_build_resume(drv_build *b)
{
	if (!b->deferred)
		return;
	b->deferred = b->after_spin = 0;
	int rc = dmc_pan_begin(b);
	if (rc != 0)
		b->dmc_rc = rc;
}

int drv_build_compiles_spin(const drv_build *b)
{
	return b->spin_compiled;
}

const char *drv_build_files(const drv_build *b)
{
	return b->bdir ? b->bdir : b->entry;
}

int drv_build_poll(drv_build *b, int which, int block)
{
	if (which == DRV_PAN_SPIN) {
		if (b->spin_rc == -1) {
			b->spin_rc = spin_pan_finish(&b->r, &b->sb, block);
		}
		return b->spin_rc;
	}
	if (b->deferred && b->after_spin && drv_build_poll(b, DRV_PAN_SPIN, block) != -1)
		drv_build_resume(b);
	if (b->deferred && block)
		drv_build_resume(b);
	if (b->deferred)
		return -1;
	if (b->dmc_rc == -1) {
		if (b->cc > 0) {
			if (!drv_spawned_wait(b->cc, block, &b->cc_status, NULL))
				return -1;
			b->cc = 0;
		}
		/* SPIN's compiler reads bdir's pan.c: done with it first */
		if (drv_build_poll(b, DRV_PAN_SPIN, block) == -1)
			return -1;
		b->dmc_rc = dmc_pan_finish(b, b->cc_status);
	}
	return b->dmc_rc;
}

void drv_build_end(drv_build *b)
{
	if (b)
		build_free(b);
}

int drv_build_pan(const drv_env *e, const char *cache, const drv_build_req *r, char **entry_out)
{
	drv_build *b;
	drv_build_req plain = *r;
	plain.spin_pan_cflags = NULL;
	*entry_out = NULL;
	int rc = drv_build_start(e, cache, &plain, (drv_build_sched) { 0, 1, 0 }, entry_out, NULL, &b);
	if (rc != 0)
		return rc;
	rc = drv_build_poll(b, DRV_PAN_DMC, 1);
	if (drv_interrupted())
		rc = 128 + drv_interrupted();
	drv_build_end(b);
	if (rc != 0) {
		free(*entry_out);
		*entry_out = NULL;
	}
	return rc;
}
