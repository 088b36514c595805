// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * banner.c -- what pan's report may say about the runtime's search.
 *
 * pan is compiled with -DBFS, which implies -DSAFETY, so its report
 * (wrapup) names the search "Breadth-First Search" and says "cycle
 * checks - (disabled by -DSAFETY)" whatever the runtime searched; and
 * the runtime, not pan, ends a search at a limit, so pan does not say
 * "Search not completed" then.  The glue (spin-plugin/glue_banner.c)
 * asks these when pan prints those lines.
 */
#include <stdio.h>

#include "runtime.h"
#include "run_context.h"

int dmc_rt_search_words(const dmc_run *R, char *buf, size_t n)
{
	if (R->opt.cycles) {
		snprintf(buf, n, "nested-dfs (nested depth-first search for %s cycles)",
		         R->opt.cycles == 1 ? "acceptance" : "non-progress");
		return 1;
	}
	if (dmc_searches[R->opt.search].flags & DMC_SF_LEVELS)
		return 0;
	snprintf(buf, n, "%s (%s)", R->opt.search_name, dmc_search_help[R->opt.search]);
	return 1;
}

int dmc_rt_cut_short(const dmc_run *R)
{
	return R->stopped != NULL || R->st.dropped > 0;
}
