// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_lua.c -- libFuzzer harness: the Lua settings loader
 * (runtime/lua_load.c, lua_settings.c) and, when the script defines
 * priority(s), one call of it (lua_priority.c, lua_model.c) over a small
 * fake model (tests/unit/fake_bridge.c).  The input is the script; it
 * is written to a file because dmc_lua_load reads a file, as pan does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "combine.h"
#include "fake_bridge.h"
#include "fuzz_mutate.h"
#include "lua_script.h"
#include "options.h"

const char *const fuzz_nest_pairs[][2] = {
	{ "(", ")" }, { "{", "}" }, { "-", "" }, { "not ", "" }, { "function() return ", " end" },
	{ "{ x = ", " }" }, { "[[", "]]" }, { NULL, NULL },
};

static void model(void)
{
	fb_reset();
	int tP = fb_type("P", 4, 1);
	fb_trans(tP, 1, 2, 11, "(1)");
	fb_trans(tP, 2, 3, 12, "n = (n+1)");
	fb_has_vars(1);
	fb_global("n", 1);
	fb_global("a", 4);
	fb_local(tP, "i", 1);
	fb_proc(tP, 1);
	fb_proc(tP, 2);
	fb_set("n", 0, 5);
	fb_set_local(1, "i", 0, 9);
	fb_mtype("ack", 3);
	fb_chan_var(-1, "q", 1);
	int q = fb_chan(4);
	fb_chan_len(q, 2);
	fb_set("q", 0, q);
}

static char path[64];

static void remove_script(void)
{
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!path[0]) {
		snprintf(path, sizeof path, "/tmp/dmc-fuzz-lua-%d.lua", (int) getpid());
		atexit(remove_script);
	}
	FILE *f = fopen(path, "w");
	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);

	char *argv[] = { "pan", NULL };
	int argc = 1;
	char err[512] = "loaded";
	dmc_options o;
	model();
	if (dmc_options_parse(&argc, argv, "bfs", "none", &o, err, sizeof err) < 0)
		abort();
	dmc_lua *X = dmc_lua_load(path, &o, err, sizeof err);
	if (X && dmc_lua_has_priority(X) && dmc_lua_start(X, &o.combo, err, sizeof err) == 0) {
		int hv[DMC_COMBO_MAX] = { 4, 2 };
		double out;
		if (dmc_lua_priority(X, 3, hv, 4.0, &out, err, sizeof err) == 0)
			snprintf(err, sizeof err, "priority %g", out);
	}
	if (getenv("FUZZ_VERBOSE"))      /* to see what a seed does */
		fprintf(stderr, "fuzz_lua: %s\n", err);
	dmc_lua_free(X);
	return 0;
}
