/*
 * heuristic.c -- the table of heuristics, looked up by name.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>

#include "heuristic.h"

#define DMC_HEURISTIC(SYM, NAME) extern const dmc_heuristic SYM;
#include "heuristics.def"

static const dmc_heuristic *const all[] = {
#define DMC_HEURISTIC(SYM, NAME) &SYM,
#include "heuristics.def"
	NULL
};

/* Names match without regard to case: "dl" finds dL. */
static int same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
	return *a == *b;
}

const dmc_heuristic *dmc_heuristic_find(const char *name)
{
	for (int i = 0; name && all[i]; i++)
		if (same_name(all[i]->name, name))
			return all[i];
	return NULL;
}

const dmc_heuristic *const *dmc_heuristic_all(void)
{
	return all;
}

static char veto[320];

void dmc_heuristic_set_prune_veto(const char *why)
{
	if (!why)
		veto[0] = '\0';
	else if (!veto[0])
		snprintf(veto, sizeof veto, "%s", why);
}

const char *dmc_heuristic_prune_veto(const dmc_targets *tg)
{
	if (tg && tg->prune_veto[0])
		return tg->prune_veto;
	return veto[0] ? veto : NULL;
}
