// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * main.c -- dmc, spin-dmc's driver: directed model checking with SPIN.
 *
 *   dmc check MODEL [options] [-- pan options]       a model to verdict
 *   dmc cc [--portable] [compiler args] pan.c        compile pan with the runtime
 *   dmc vars MODEL.pml pan.h > dmc_vars.h            variable accessors
 *   dmc translate MODEL.xml|.xta|.anml [-o OUT.pml]   into Promela (frontends/)
 *   dmc plan MODEL.anml, dmc gen-anml ...             ANMLite planning
 *   dmc cache clean|size|path                        the build cache
 *   dmc help [COMMAND] [--markdown|--man]            usage; docs/options.md, docs/dmc.1
 *   dmc --version
 * (the commands and their options: commands.def, runtime/options.def)
 *
 * A driver in the manner of mpicc: every step it takes can be run by hand
 * (see docs/usage.md).  Exit status of `dmc check`: 0 no violation
 * (complete search), 1 violation, 2 bad input or usage, 3 incomplete
 * search without a violation, and also when a signal (SIGINT, SIGTERM,
 * SIGHUP) stopped a run before it decided anything, or pan died of one
 * (SIGKILL, SIGSEGV): every command exits
 * 0 to 3, a run that did not finish never 0 (run.h passes the signal
 * on to spin, the compiler or pan and waits for them).
 */
#include "cmd.h"
#include "env.h"
#include "help.h"
#include "json_error.h"
#include "run.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* -h, --help or --version among a command's own arguments (pan's, after
 * "--", are pan's) */
static const char *asks(int argc, char **argv)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0
		    || strcmp(argv[i], "--version") == 0)
			return argv[i];
	return NULL;
}

int main(int argc, char **argv)
{
	drv_env env;
	const drv_command *c;
	const char *a;
	int rc;

	drv_env_init(&env, argv[0]);
	if (argc < 2) {
		drv_usage(stderr);
		rc = 2;
	} else if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
		drv_version(stdout);
		rc = 0;
	} else if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		drv_usage(stdout);
		rc = 0;
	} else if (!(c = drv_command_named(argv[1]))) {
		char names[256] = "";
		for (int i = 0; i < DRV_CMD_COUNT; i++)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
			         drv_commands[i].name);
		drv_msg("unknown command '%s' (valid: %s; dmc --version)", argv[1], names);
		rc = 2;
	} else if (c->id != DRV_CMD_HELP && (a = asks(argc - 2, argv + 2))) {
		if (strcmp(a, "--version") == 0)
			drv_version(stdout);
		else
			drv_command_usage(stdout, c);
		rc = 0;
	} else {
		rc = c->run(&env, argc - 2, argv + 2);
		if (rc == DRV_SHOW_USAGE) {
			drv_command_usage(stdout, c);
			rc = 0;
		}
		/* a signal before the run had a verdict: not decided, as an
		 * interrupted search is (the commands say 128 + N; when dmc got
		 * none, pan died of signal N and check.c said so) */
		int stopped = rc >= 128;
		if (stopped) {
			if (drv_interrupted())
				drv_msg("interrupted by %s before the run finished: no verdict",
				        drv_signal_name(drv_interrupted()));
			rc = 3;
		}
		/* --json: one object on standard output, an error's too */
		if ((rc == 2 || stopped) && drv_json_wanted(c, argc - 2, argv + 2))
			drv_json_error(stdout, rc);
	}
	free(env.libdir);
	free(env.share);
	free(env.top);
	fflush(stdout);
	return rc;
}
