// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cc.c -- `dmc cc [options] [compiler args] pan.c [-o pan]`: compile
 * SPIN's pan.c with the runtime (its options: commands.def).
 *
 * Generates the model's variable accessors beside pan.c (dmc_vars.h),
 * then runs
 *   $CC -DBFS -fcommon [-DDMC_SEARCH=S] [-DDMC_HEURISTIC=H] ARGS
 *       -fplugin=LIBDIR/dmc-gcc.so -IPANDIR -ISHARE [-x c FILE.h -x none]
 *       pan.c SHARE/glue_*.c -LLIBDIR -ldmc LUA_LIBS -lm -o OUT
 * (the glue's files: spin-plugin/glue_sources.def).  FILE.h is a front
 * end's generated header of the model's metadata (an ANMLite model's
 * timeline data, model/timeline_data.h), compiled as a C file of
 * its own.
 * With --mpi (the distributed search, docs/distributed.md) also
 * -DDMC_MPI, MPI's flags, SHARE/glue_dist.c and -ldmc_mpi.
 * With --jobs N, each source is compiled on its own (-c, pan.c first:
 * it takes as long as all the glue's files together), N compilers at a
 * time, then the objects are linked: dmc check's first run of a model
 * has its pan a compile of pan.c sooner on two cores.
 * Or, with --portable, the same without the plugin on a rewritten copy
 * of pan.c (PANDIR/pan_dmc_portable.c).  -fcommon: pan.h defines SPIN's
 * hidden variables, and both pan.c and the glue include it (the plugin
 * turns it on by itself).  The exit status is the compiler's.
 */
#include "cmd.h"
#include "cmd_args.h"
#include "fs.h"
#include "path.h"
#include "portable.h"
#include "run.h"
#include "util.h"
#include "../runtime/options_table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#ifndef DMC_LUA_LIBS
#define DMC_LUA_LIBS "-llua5.4"       /* the Makefile passes configure's */
#endif
#ifndef DMC_MPI_LIBS
#define DMC_MPI_CFLAGS ""             /* configure's, from mpicc; "": no MPI */
#define DMC_MPI_LIBS ""
#endif

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The model SPIN generated pan.c from: pan.h's
 * `#define PanSource "model.pml"` ("" if none). */
static char *pan_source(const char *panh)
{
	static const char key[] = "#define PanSource";
	size_t len;
	char *text = drv_read_file(panh, &len), *found = NULL;
	if (!text)
		return drv_strdup("");
	for (char *line = text; line && *line && !found; ) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (starts_with(line, key)) {
			char *p = line + sizeof key - 1;
			size_t n;
			while (*p == ' ' || *p == '\t')
				p++;
			n = strlen(p);
			if (*p == '"' && n >= 2 && p[n - 1] == '"') {
				p[n - 1] = '\0';
				found = drv_strdup(p + 1);
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	free(text);
	return found ? found : drv_strdup("");
}

/* Rewrite pan_c into src for the portable build; 0 on success. */
static int rewrite(const char *pan_c, const char *src)
{
	FILE *in = fopen(pan_c, "r"), *out;
	int rc;
	if (!in) {
		drv_msg("cannot read %s: %s", pan_c, strerror(errno));
		return -1;
	}
	out = fopen(src, "w");
	if (!out) {
		drv_msg("cannot write %s: %s", src, strerror(errno));
		fclose(in);
		return -1;
	}
	rc = drv_portable_rewrite(in, out, stderr);
	if (ferror(in))
		rc = -1;
	fclose(in);
	if (fclose(out) != 0)
		rc = -1;
	return rc;
}

/* A compile, in parts: the compiler and its flags, the sources (the
 * front end's header first, if any, then pan.c and the glue's), and
 * what follows them on a link (libraries, -o OUT) */
typedef struct {
	drv_strv flags, srcs, tail;
	int meta;            /* srcs.v[0] is a header compiled as C */
	int jobs;            /* --jobs */
	char *out;
} cc_parts;

static void cc_parts_free(cc_parts *p)
{
	drv_strv_free(&p->flags);
	drv_strv_free(&p->srcs);
	drv_strv_free(&p->tail);
	free(p->out);
}

static int cc_parts_build(const drv_env *e, int argc, char **argv, cc_parts *p)
{
	const char *search = "", *heur = "", *preset = "", *out = NULL, *pan_c = NULL, *meta = NULL;
	int portable = 0, mpi = 0, jobs = 1, rc;
	drv_strv args = { 0 }, cmd = { 0 }, srcs = { 0 }, tail = { 0 };
	char *pandir = NULL, *panh = NULL, *model = NULL, *outbuf = NULL, *src = NULL;

	if ((rc = drv_need_build(e)) != 0)
		return rc;
	rc = 2;
	/* commands.def declares cc's options; any other argument is the
	 * compiler's, but for the first .c file, pan.c */
	for (int i = 0; i < argc; i++) {
		const char *o, *v;
		switch (drv_command_arg(DRV_CMD_CC, argc, argv, &i, &o, &v)) {
		case DRV_ARG_ERROR:
			goto done;
		case DRV_ARG_OPERAND:
		case DRV_ARG_UNKNOWN:
			if (ends_with(argv[i], ".c") && !pan_c)
				pan_c = argv[i];
			else
				drv_strv_push(&args, argv[i]);
			break;
		case DRV_ARG_OPTION:
			if (strcmp(o, "--portable") == 0)
				portable = 1;
			else if (strcmp(o, "--mpi") == 0)
				mpi = 1;
			else if (strcmp(o, "--search") == 0)
				search = v;
			else if (strcmp(o, "--heuristic") == 0)
				heur = v;
			else if (strcmp(o, "--preset") == 0)
				preset = v;
			else if (strcmp(o, "--meta") == 0)
				meta = v;
			else if (strcmp(o, "-o") == 0)
				out = v;
			else if (strcmp(o, "--jobs") == 0) {
				char *end;
				long n = strtol(v, &end, 10);
				if (*v == '\0' || *end != '\0' || n < 1 || n > 64) {
					drv_msg("cc: --jobs %s: expected a number of compilers, 1 to 64", v);
					goto done;
				}
				jobs = (int) n;
			} else {
				drv_command_unhandled(DRV_CMD_CC, o);
				goto done;
			}
			break;
		}
	}
	/* compiled in as pan's defaults: a bad name would only show when pan runs */
	const struct { dmc_opt_id id; const char *v; } named[] = {
		{ DMC_OPT_SEARCH, search }, { DMC_OPT_HEURISTIC, heur }, { DMC_OPT_PRESET, preset }
	};
	for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
		char err[512];
		if (*named[k].v && dmc_opt_check(&dmc_opt_table[named[k].id], named[k].v, err, sizeof err) < 0) {
			drv_msg("cc: %s", err);
			goto done;
		}
	}
	/* the heuristic is compiled in, but pan's default search is then
	 * bfs, which never evaluates it */
	if (*heur && !*search && strcmp(heur, "none") != 0)
		fprintf(stderr, "dmc: warning: cc: --heuristic %s without --search: pan's default search is "
		        "bfs, which ignores the heuristic (give --search astar here, or to pan)\n", heur);
	if (mpi && !*DMC_MPI_LIBS) {
		drv_msg("cc: --mpi: spin-dmc was configured without Open MPI (apt-get install libopenmpi-dev "
		        "openmpi-bin, then ./configure && make)");
		goto done;
	}
	if (!pan_c) {
		drv_msg("cc: no pan.c given (usage: dmc cc [compiler args] pan.c)");
		goto done;
	}
	if (!drv_is_file(pan_c) || !(pandir = drv_abs_dir_of(pan_c))) {
		drv_msg("cc: %s: no such file", pan_c);
		goto done;
	}
	if (meta && !drv_is_file(meta)) {
		drv_msg("cc: --meta %s: no such file", meta);
		goto done;
	}
	panh = drv_printf("%s/pan.h", pandir);
	if (!drv_is_file(panh)) {
		drv_msg("cc: %s missing: generate pan.c with spin -a", panh);
		goto done;
	}
	if (!out)
		out = outbuf = drv_printf("%s/pan", pandir);

	/* variable accessors from the model SPIN generated pan.c from: a
	 * relative name is run from pan.c's directory, as spin -a was (spin
	 * hands the name to a shell: pandir must not be part of it) */
	model = pan_source(panh);
	char *found = model[0] == '/' ? drv_strdup(model) : drv_printf("%s/%s", pandir, model);
	char *vars_h = drv_printf("%s/dmc_vars.h", pandir);
	if (drv_is_file(found)) {
		if (drv_gen_vars(e, model[0] == '/' ? NULL : pandir, model, panh, vars_h) != 0)
			fprintf(stderr, "dmc: warning: no variable accessors (spin -d %s failed); "
			        "hf is unavailable\n", found);
	} else {
		unlink(vars_h);
		fprintf(stderr, "dmc: warning: model %s not found; no variable accessors, "
		        "hf is unavailable\n", found);
	}
	free(found);
	free(vars_h);

	drv_strv_push(&cmd, e->cc);
	drv_strv_push(&cmd, "-DBFS");
	drv_strv_push(&cmd, "-fcommon");
	/* SPIN's partial-order reduction trusts xr/xs channel assertions
	 * (their accesses are marked safe) and checks them at run time, but
	 * pan.h compiles the check out under -DBFS: with DMC_XRXS the plugin
	 * keeps it (dmc_plugin.cc), the portable build turns POR off (the
	 * glue).  A process declares one when pan.c's addproc calls
	 * setq_claim. */
	static const char *const xrxs[] = { "\tsetq_claim(", NULL };
	if (drv_file_contains(pan_c, xrxs))
		drv_strv_push(&cmd, "-DDMC_XRXS");
	if (mpi) {
		drv_strv_push(&cmd, "-DDMC_MPI");
		drv_strv_push_words(&cmd, DMC_MPI_CFLAGS);
	}
	if (*search) {
		char *d = drv_printf("-DDMC_SEARCH=%s", search);
		drv_strv_push(&cmd, d);
		free(d);
	}
	if (*heur) {
		char *d = drv_printf("-DDMC_HEURISTIC=%s", heur);
		drv_strv_push(&cmd, d);
		free(d);
	}
	if (*preset) {
		char *d = drv_printf("-DDMC_PRESET=%s", preset);
		drv_strv_push(&cmd, d);
		free(d);
	}
	for (size_t i = 0; i < args.n; i++)
		drv_strv_push(&cmd, args.v[i]);
	if (portable) {
		src = drv_printf("%s/pan_dmc_portable.c", pandir);
		if (rewrite(pan_c, src) != 0) {
			drv_msg("cc: cannot rewrite %s", pan_c);
			goto done;
		}
	} else {
		char *plugin = drv_printf("-fplugin=%s/dmc-gcc.so", e->libdir);
		drv_strv_push(&cmd, plugin);
		free(plugin);
	}
	char *opt = drv_printf("-I%s", pandir);
	drv_strv_push(&cmd, opt);
	free(opt);
	opt = drv_printf("-I%s", e->share);
	drv_strv_push(&cmd, opt);
	free(opt);
	if (meta)
		drv_strv_push(&srcs, meta);
	drv_strv_push(&srcs, portable ? src : pan_c);
#define DMC_GLUE_SOURCE(f) \
	opt = drv_printf("%s/%s", e->share, f); \
	drv_strv_push(&srcs, opt); \
	free(opt);
#include "glue_sources.def"
	if (mpi) {
		opt = drv_printf("%s/glue_dist.c", e->share);
		drv_strv_push(&srcs, opt);
		free(opt);
	}
	opt = drv_printf("-L%s", e->libdir);
	drv_strv_push(&tail, opt);
	free(opt);
	if (mpi)
		drv_strv_push(&tail, "-ldmc_mpi");
	drv_strv_push(&tail, "-ldmc");
	drv_strv_push_words(&tail, DMC_LUA_LIBS);    /* the runtime's Lua binding */
	drv_strv_push(&tail, "-lm");                 /* and its pictures (svg.c) */
	if (mpi)
		drv_strv_push_words(&tail, DMC_MPI_LIBS);
	drv_strv_push(&tail, "-o");
	drv_strv_push(&tail, out);
	*p = (cc_parts) { cmd, srcs, tail, meta != NULL, jobs, drv_strdup(out) };
	cmd = srcs = tail = (drv_strv) { 0 };
	rc = 0;
done:
	drv_strv_free(&args);
	drv_strv_free(&cmd);
	drv_strv_free(&srcs);
	drv_strv_free(&tail);
	free(pandir);
	free(panh);
	free(model);
	free(outbuf);
	free(src);
	return rc;
}

/* the compile as one compiler command */
static void cc_one_command(const cc_parts *p, drv_strv *cmd)
{
	for (size_t i = 0; i < p->flags.n; i++)
		drv_strv_push(cmd, p->flags.v[i]);
	for (size_t i = 0; i < p->srcs.n; i++) {
		int header = p->meta && i == 0;
		if (header) {
			/* a header by its name: compiled as C, not precompiled */
			drv_strv_push(cmd, "-x");
			drv_strv_push(cmd, "c");
		}
		drv_strv_push(cmd, p->srcs.v[i]);
		if (header) {
			drv_strv_push(cmd, "-x");
			drv_strv_push(cmd, "none");
		}
	}
	for (size_t i = 0; i < p->tail.n; i++)
		drv_strv_push(cmd, p->tail.v[i]);
}

int drv_cc_command(const drv_env *e, int argc, char **argv, drv_strv *cmd_out)
{
	cc_parts p;
	int rc = cc_parts_build(e, argc, argv, &p);
	if (rc != 0)
		return rc;
	*cmd_out = (drv_strv) { 0 };
	cc_one_command(&p, cmd_out);
	cc_parts_free(&p);
	return 0;
}

/* One compiler, started in this process's group (a stop of the group
 * stops it too); its pid, or -1 after a message */
static pid_t cc_start(const drv_strv *cmd)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		execvp(cmd->v[0], cmd->v);
		fprintf(stderr, "dmc: cannot run %s: %s\n", cmd->v[0], strerror(errno));
		_exit(127);
	}
	if (pid < 0)
		drv_msg("cc: cannot start %s: %s", cmd->v[0], strerror(errno));
	return pid;
}

/* A child's end: its pid and exit status (128 + a signal), or -1 when
 * none is left */
static pid_t cc_wait(int *status)
{
	int st;
	pid_t pid;
	while ((pid = wait(&st)) < 0 && errno == EINTR)
		;
	if (pid > 0)
		*status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return pid;
}

/* --jobs: each source compiled to an object beside OUT, p->jobs
 * compilers at a time, then one link; the objects removed after it */
static int cc_run_jobs(const cc_parts *p)
{
	size_t n = p->srcs.n, next = 0;
	char **obj = calloc(n, sizeof *obj);
	int rc = 0, running = 0, st;
	if (!obj) {
		drv_msg("out of memory");
		return 2;
	}
	for (size_t i = 0; i < n; i++) {
		char *base = drv_basename(p->srcs.v[i]);
		obj[i] = drv_printf("%s-%zu-%s.o", p->out, i, base);
		free(base);
	}
	/* pan.c first: it takes as long as the rest together */
	size_t pan = p->meta ? 1 : 0;
	while (next < n || running > 0) {
		while (rc == 0 && next < n && running < p->jobs) {
			size_t i = next == 0 ? pan : next == pan ? 0 : next;
			drv_strv cmd = { 0 };
			next++;
			for (size_t k = 0; k < p->flags.n; k++)
				drv_strv_push(&cmd, p->flags.v[k]);
			if (p->meta && i == 0) {
				drv_strv_push(&cmd, "-x");
				drv_strv_push(&cmd, "c");
			}
			drv_strv_push(&cmd, "-c");
			drv_strv_push(&cmd, p->srcs.v[i]);
			drv_strv_push(&cmd, "-o");
			drv_strv_push(&cmd, obj[i]);
			if (cc_start(&cmd) > 0)
				running++;
			else
				rc = 2;
			drv_strv_free(&cmd);
		}
		if (running == 0)
			break;
		if (cc_wait(&st) < 0)
			break;
		running--;
		if (st != 0 && rc == 0)
			rc = st;
	}
	if (rc == 0) {
		drv_strv cmd = { 0 };
		for (size_t k = 0; k < p->flags.n; k++)
			drv_strv_push(&cmd, p->flags.v[k]);
		for (size_t i = 0; i < n; i++)
			drv_strv_push(&cmd, obj[i]);
		for (size_t k = 0; k < p->tail.n; k++)
			drv_strv_push(&cmd, p->tail.v[k]);
		rc = cc_start(&cmd) > 0 && cc_wait(&st) > 0 ? st : 2;
		drv_strv_free(&cmd);
	}
	for (size_t i = 0; i < n; i++) {
		unlink(obj[i]);
		free(obj[i]);
	}
	free(obj);
	return rc;
}

int drv_cmd_cc(const drv_env *e, int argc, char **argv)
{
	cc_parts p;
	int rc = cc_parts_build(e, argc, argv, &p);
	if (rc != 0)
		return rc;
	if (p.jobs > 1)
		rc = cc_run_jobs(&p);
	else {
		drv_strv cmd = { 0 };
		cc_one_command(&p, &cmd);
		rc = drv_run(cmd.v, NULL);
		drv_strv_free(&cmd);
	}
	cc_parts_free(&p);
	return rc;
}
