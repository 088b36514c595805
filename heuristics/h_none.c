/*
 * h_none.c -- h = 0: blind search (A* becomes uniform-cost = BFS order).
 */
#include "heuristic.h"

static int init(const dmc_targets *tg, char *err, size_t errlen)
{
	(void)tg;
	(void)err;
	(void)errlen;
	return 0;
}

static int eval(void) { return 0; }
static void done(void) {}

const dmc_heuristic dmc_h_none = {
	"none", "h = 0 (uninformed)", 1, 0, init, eval, done, NULL
};
