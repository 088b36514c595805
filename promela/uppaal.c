/*
 * uppaal.c -- networks of automata (UPPAAL .xml/.xta) into Promela.
 * Not implemented yet (issue 4): the command says so and fails.
 */
#include "translate.h"
#include "util.h"

int prom_uppaal_translate(const drv_env *e, int argc, char **argv)
{
	(void) e; (void) argc; (void) argv;
	drv_msg("translate: UPPAAL models are not supported yet (issue 4)");
	return 2;
}
