/*
 * anml.c -- ANMLite planning models into Promela, plans by directed
 * search.  Not implemented yet (issue 5): the commands say so and fail.
 */
#include "translate.h"
#include "util.h"

static int not_yet(void)
{
	drv_msg("ANMLite models are not supported yet (issue 5)");
	return 2;
}

int prom_anml_translate(const drv_env *e, int argc, char **argv)
{
	(void) e; (void) argc; (void) argv;
	return not_yet();
}

int prom_cmd_plan(const drv_env *e, int argc, char **argv)
{
	(void) e; (void) argc; (void) argv;
	return not_yet();
}

int prom_cmd_gen_anml(const drv_env *e, int argc, char **argv)
{
	(void) e; (void) argc; (void) argv;
	return not_yet();
}
