/*
 * check.c -- `dmc check MODEL.pml [options] [-- pan options]`: Promela to
 * verdict.
 *
 *   1. spin -a MODEL (plus --spin-opts) in a build directory keyed by
 *      everything that goes into pan (cache.h), unless pan is there;
 *   2. dmc cc -O2 (plus --cflags) there: pan keeps SPIN's partial-order
 *      reduction (runtime/por.h) unless the model uses what SPIN allows
 *      only with -DNOREDUCE (then that is added);
 *   3. pan in the model's directory, so the trail is MODEL.pml.trail
 *      beside the model;
 *   4. with --replay and a violation, spin -t -p MODEL.
 * Exit status: 0 no violation (complete search), 1 violation, 2 bad input
 * or usage, 3 incomplete search without a violation.
 */
#include "cache.h"
#include "translate.h"
#include "cmd.h"
#include "fs.h"
#include "path.h"
#include "run.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
	const char *model, *search, *heur, *spin_opts, *cflags;
	const char *query;   /* UPPAAL models: a .q file or 'E<> ...' */
	const char *lua;     /* --lua FILE: given to pan as an absolute path */
	int replay, portable, keep, json;
	int no_por;          /* --no-por: a -DNOREDUCE pan, as before POR */
	drv_strv rt_opts;    /* options for the runtime (--weight=W ...) */
	drv_strv pan_opts;   /* after "--" */
} check_opts;

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int is_one_of(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(s, *list) == 0)
			return 1;
	return 0;
}

/* the runtime's options with a value */
static const char *const rt_value_opts[] = {
	"--weight", "--beam", "--target", "--memlim", "--max-depth", "--time-limit", "--hcache",
	"--por-proviso", "--guide", NULL
};

static int has_value_prefix(const char *a)
{
	for (const char *const *o = rt_value_opts; *o; o++) {
		size_t n = strlen(*o);
		if (strncmp(a, *o, n) == 0 && a[n] == '=')
			return 1;
	}
	return 0;
}

/* 0 parsed, 2 usage error (said), DRV_SHOW_USAGE for -h/--help */
static int parse(check_opts *o, int argc, char **argv)
{
	static const char *const value_opts[] = {
		"--search", "--heuristic", "--weight", "--beam", "--target", "--memlim",
		"--max-depth", "--time-limit", "--hcache", "--lua", "--por-proviso", "--ltl", "--guide",
		NULL
	};
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++)
				drv_strv_push(&o->pan_opts, argv[i]);
			break;
		} else if (is_one_of(a, value_opts)) {
			if (i + 1 >= argc) {
				drv_msg("check: %s needs a value", a);
				return 2;
			}
			const char *v = argv[++i];
			if (strcmp(a, "--search") == 0)
				o->search = v;
			else if (strcmp(a, "--heuristic") == 0)
				o->heur = v;
			else if (strcmp(a, "--lua") == 0)
				o->lua = v;
			else if (strcmp(a, "--ltl") == 0) {
				/* an ltl formula's claim: acceptance cycles, pan -N */
				drv_strv_push(&o->rt_opts, "-a");
				drv_strv_push(&o->rt_opts, "-N");
				drv_strv_push(&o->rt_opts, v);
			}
			else {
				char *opt = drv_printf("%s=%s", a, v);
				drv_strv_push(&o->rt_opts, opt);
				free(opt);
			}
		} else if (starts_with(a, "--search="))
			o->search = a + strlen("--search=");
		else if (starts_with(a, "--heuristic="))
			o->heur = a + strlen("--heuristic=");
		else if (starts_with(a, "--lua="))
			o->lua = a + strlen("--lua=");
		else if (has_value_prefix(a))
			drv_strv_push(&o->rt_opts, a);
		else if (strcmp(a, "--json") == 0) {
			o->json = 1;
			drv_strv_push(&o->rt_opts, a);
		} else if (strcmp(a, "--show-targets") == 0 || strcmp(a, "--show-model") == 0
		           || strcmp(a, "--no-prune") == 0 || strcmp(a, "--no-por") == 0) {
			if (strcmp(a, "--no-por") == 0)
				o->no_por = 1;
			drv_strv_push(&o->rt_opts, a);
		}
		else if (strcmp(a, "--query") == 0 && i + 1 < argc)
			o->query = argv[++i];
		else if (strcmp(a, "-a") == 0 || strcmp(a, "-l") == 0 || strcmp(a, "-f") == 0)
			drv_strv_push(&o->rt_opts, a);   /* liveness: the runtime's nested DFS */
		else if (strcmp(a, "--replay") == 0)
			o->replay = 1;
		else if (strcmp(a, "--portable") == 0)
			o->portable = 1;
		else if (strcmp(a, "--keep") == 0)
			o->keep = 1;
		else if (strcmp(a, "--spin-opts") == 0 || strcmp(a, "--cflags") == 0) {
			if (i + 1 >= argc) {
				drv_msg("check: %s needs a value", a);
				return 2;
			}
			if (strcmp(a, "--spin-opts") == 0)
				o->spin_opts = argv[++i];
			else
				o->cflags = argv[++i];
		} else if (starts_with(a, "--spin-opts="))
			o->spin_opts = a + strlen("--spin-opts=");
		else if (starts_with(a, "--cflags="))
			o->cflags = a + strlen("--cflags=");
		else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
			return DRV_SHOW_USAGE;
		else if (a[0] == '-') {
			drv_msg("check: unknown option '%s' (see dmc help)", a);
			return 2;
		} else {
			if (o->model && *o->model) {
				drv_msg("check: more than one model given ('%s', '%s')", o->model, a);
				return 2;
			}
			o->model = a;
		}
	}
	return 0;
}

/* SPIN's complaints: spin.out without its "ltl ..." echo lines */
static void show_spin_output(const char *path)
{
	size_t len;
	char *text = drv_read_file(path, &len);
	if (!text)
		return;
	for (size_t pos = 0; pos < len; ) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		if (!(n >= 4 && memcmp(line, "ltl ", 4) == 0)) {
			fwrite(line, 1, n, stderr);
			fputc('\n', stderr);
		}
		pos += n + (nl ? 1 : 0);
	}
	free(text);
}

static int contains(const char *text, size_t len, const char *needle)
{
	size_t m = strlen(needle);
	for (size_t i = 0; i + m <= len; i++)
		if (memcmp(text + i, needle, m) == 0)
			return 1;
	return 0;
}

/* spin -a in bdir; 0 if SPIN accepted the model */
static int run_spin(const drv_env *e, const check_opts *o, const char *bdir, const char *mabs)
{
	char *out_path = drv_printf("%s/spin.out", bdir);
	char *pan_c = drv_printf("%s/pan.c", bdir);
	drv_strv argv = { 0 };
	int fd = drv_open_out(out_path), ok = 0;
	if (fd >= 0) {
		drv_run_io io = { bdir, fd, fd };
		size_t len = 0;
		char *text;
		drv_strv_push(&argv, e->spin);
		drv_strv_push_words(&argv, o->spin_opts);
		drv_strv_push(&argv, "-a");
		drv_strv_push(&argv, mabs);
		ok = drv_run(argv.v, &io) == 0;
		close(fd);
		text = drv_read_file(out_path, &len);
		ok = ok && drv_is_file(pan_c) && text && !contains(text, len, "Error:");
		free(text);
	}
	if (!ok)
		show_spin_output(out_path);
	drv_strv_free(&argv);
	free(out_path);
	free(pan_c);
	return ok ? 0 : -1;
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
	size_t len = 0;
	char *text = drv_read_file(panh, &len);
	int need = 0;
	for (const char *const *m = macros; text && *m && !need; m++)
		need = contains(text, len, *m);
	free(text);
	free(panh);
	return need;
}

/* dmc cc ... > bdir/cc.out 2>&1; 0 on success */
static int compile(const drv_env *e, const check_opts *o, const char *bdir)
{
	char *cc_out = drv_printf("%s/cc.out", bdir);
	char *pan = drv_printf("%s/pan", bdir), *pan_c = drv_printf("%s/pan.c", bdir);
	drv_strv argv = { 0 };
	drv_redirect r;
	int rc = 2;
	if (o->portable)
		drv_strv_push(&argv, "--portable");
	drv_strv_push(&argv, "-O2");
	if (needs_noreduce(bdir))
		drv_strv_push(&argv, "-DNOREDUCE");
	/* dmc check's defaults, compiled in: --search/--heuristic are passed
	 * only when given, so a --lua script's settings can apply */
	drv_strv_push(&argv, "--search=astar");
	drv_strv_push(&argv, "--heuristic=none");
	drv_strv_push_words(&argv, o->cflags);
	drv_strv_push(&argv, "-o");
	drv_strv_push(&argv, pan);
	drv_strv_push(&argv, pan_c);
	if (drv_redirect_begin(&r, cc_out) == 0) {
		rc = drv_cmd_cc(e, (int)argv.n, argv.v);
		drv_redirect_end(&r);
	}
	if (rc != 0)
		drv_cat(cc_out, stderr);
	drv_strv_free(&argv);
	free(cc_out);
	free(pan);
	free(pan_c);
	return rc == 0 ? 0 : -1;
}

/* An absolute path for the cache (a relative $DMC_CACHE would otherwise
 * name a different place once pan runs in the model's directory). */
static char *absolute(char *dir)
{
	if (dir[0] == '/')
		return dir;
	char *probe = drv_printf("%s/x", dir), *abs = drv_abs_dir_of(probe);
	free(probe);
	if (!abs) {
		char cwd[4096];
		if (getcwd(cwd, sizeof cwd))
			abs = drv_printf("%s/%s", cwd, dir);
	}
	if (!abs)
		return dir;
	free(dir);
	return abs;
}

static int check(const drv_env *e, check_opts *o)
{
	char *mdir = NULL, *mbase = NULL, *mabs = NULL, *cache = NULL, *key = NULL;
	char *bdir = NULL, *pan = NULL, *trail = NULL, *lib = NULL, *glue = NULL;
	drv_strv argv = { 0 };
	int rc = 2;

	if (!o->model || !*o->model) {
		drv_msg("check: no model given (usage: dmc check MODEL.pml [options])");
		return 2;
	}
	if (!drv_is_file(o->model) || !(mdir = drv_abs_dir_of(o->model))) {
		drv_msg("check: %s: no such file", o->model);
		return 2;
	}
	/* a network of automata: check its translation (promela/uppaal_trail.c) */
	char *upml = NULL;
	if (prom_uppaal_is_model(o->model)) {
		char *c = absolute(drv_cache_dir());
		int liveness = 0;
		upml = prom_uppaal_prepare(o->model, o->query, c, &liveness);
		free(c);
		/* A<>, E[], -->: the translation's ltl formula, by the nested DFS */
		int has_a = 0;
		for (size_t i = 0; i < o->rt_opts.n; i++)
			has_a |= strcmp(o->rt_opts.v[i], "-a") == 0;
		if (liveness && !has_a)
			drv_strv_push(&o->rt_opts, "-a");
		free(mdir);
		if (!upml || !(mdir = drv_abs_dir_of(upml))) {
			free(upml);
			return 2;
		}
		o->model = upml;
		/* unmerged statements: the heuristics then see every update of the
		 * translation's atomic edges (docs/uppaal.md) */
		if (!*o->spin_opts)
			o->spin_opts = "-o3";
	} else if (o->query) {
		drv_msg("check: --query is for UPPAAL models (.xml, .xta); Promela models carry their own asserts");
		free(mdir);
		return 2;
	}
	mbase = drv_basename(o->model);
	mabs = drv_printf("%s/%s", strcmp(mdir, "/") == 0 ? "" : mdir, mbase);

	/* the build directory is keyed by everything that goes into pan */
	cache = absolute(drv_cache_dir());
	lib = drv_printf("%s/libdmc.a", e->libdir);
	glue = drv_printf("%s/dmc_glue.c", e->share);
	const char *files[] = { lib, glue, NULL };
	key = drv_cache_key(mabs, mdir, o->spin_opts, o->cflags, o->portable, files);
	if (!key) {
		drv_msg("check: %s: no such file", o->model);
		goto done;
	}
	bdir = drv_printf("%s/%s", cache, key);
	pan = drv_printf("%s/pan", bdir);
	if (!drv_is_exec(pan)) {
		if (drv_mkdir_p(bdir) != 0) {
			drv_msg("cannot create build directory %s", bdir);
			goto done;
		}
		/* spin's messages name the model file and line; show them as they are */
		if (run_spin(e, o, bdir, mabs) != 0) {
			drv_rm_rf(bdir);
			drv_msg("spin rejected %s", o->model);
			goto done;
		}
		if (compile(e, o, bdir) != 0) {
			/* the model as pan.h names it: its absolute path */
			drv_rm_rf(bdir);
			drv_msg("compiling pan for %s failed", mabs);
			goto done;
		}
	}
	if (o->keep)
		drv_msg("build directory %s", bdir);
	/* pan writes MODEL.pml.trail beside the model (spin -a was given its path) */
	trail = drv_printf("%s.trail", mabs);
	unlink(trail);

	drv_strv_push(&argv, pan);
	if (o->search) {
		char *s = drv_printf("--search=%s", o->search);
		drv_strv_push(&argv, s);
		free(s);
	}
	if (o->heur) {
		char *h = drv_printf("--heuristic=%s", o->heur);
		drv_strv_push(&argv, h);
		free(h);
	}
	if (o->lua) {
		/* pan runs in the model's directory */
		char *dir = drv_abs_dir_of(o->lua), *base = drv_basename(o->lua);
		if (!drv_is_file(o->lua) || !dir) {
			drv_msg("check: --lua %s: no such file", o->lua);
			free(dir);
			free(base);
			goto done;
		}
		char *l = drv_printf("--lua=%s/%s", strcmp(dir, "/") == 0 ? "" : dir, base);
		drv_strv_push(&argv, l);
		free(l);
		free(dir);
		free(base);
	}
	for (size_t i = 0; i < o->rt_opts.n; i++)
		drv_strv_push(&argv, o->rt_opts.v[i]);
	for (size_t i = 0; i < o->pan_opts.n; i++)
		drv_strv_push(&argv, o->pan_opts.v[i]);
	drv_run_io in_mdir = { mdir, -1, -1 };
	rc = drv_run(argv.v, &in_mdir);
	drv_strv_free(&argv);
	if (rc == 2)
		goto done;
	if (rc != 0 && rc != 1 && rc != 3) {
		drv_msg("pan ended abnormally (status %d)", rc);
		rc = 2;
		goto done;
	}
	if (rc == 1 && o->replay) {
		drv_run_io io = { mdir, o->json ? 2 : -1, -1 };
		drv_strv_push(&argv, e->spin);
		drv_strv_push(&argv, "-t");
		drv_strv_push(&argv, "-p");
		drv_strv_push(&argv, mbase);
		drv_run(argv.v, &io);
		drv_strv_free(&argv);
	}
	if (rc == 1 && upml && !o->json)
		prom_uppaal_show_trail(e, upml);
done:
	free(upml);
	free(mdir);
	free(mbase);
	free(mabs);
	free(cache);
	free(key);
	free(bdir);
	free(pan);
	free(trail);
	free(lib);
	free(glue);
	return rc;
}

int drv_cmd_check(const drv_env *e, int argc, char **argv)
{
	check_opts o;
	int rc;
	if ((rc = drv_need_build(e)) != 0)
		return rc;
	memset(&o, 0, sizeof o);
	/* defaults astar/none are compiled into pan (see compile) */
	o.spin_opts = "";
	o.cflags = "";
	rc = parse(&o, argc, argv);
	/* --no-por builds pan exactly as before partial-order reduction
	 * (-DNOREDUCE; pan --no-por in a reducing build searches the same
	 * graph, with one more pointer per queued state) */
	char *cflags = NULL;
	if (rc == 0 && o.no_por)
		o.cflags = cflags = drv_printf("%s -DNOREDUCE", o.cflags);
	/* -l: SPIN's -DNP replaces the never claim by its non-progress
	 * claim; the runtime's nested DFS does the same on a pan without it */
	char *np_cflags = NULL;
	for (size_t i = 0; rc == 0 && i < o.rt_opts.n; i++)
		if (strcmp(o.rt_opts.v[i], "-l") == 0 && !np_cflags)
			o.cflags = np_cflags = drv_printf("%s%s-DNOCLAIM", o.cflags, *o.cflags ? " " : "");
	if (rc == 0)
		rc = check(e, &o);
	free(np_cflags);
	free(cflags);
	drv_strv_free(&o.rt_opts);
	drv_strv_free(&o.pan_opts);
	return rc;
}
