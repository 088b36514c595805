/*
 * translate.c -- `dmc translate`: picks the translator by the model's
 * file name (.xml/.xta: networks of automata, .anml: ANMLite).
 */
#include "translate.h"
#include "util.h"

#include <string.h>

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

int prom_cmd_translate(const drv_env *e, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] == '-')
			continue;
		if (ends_with(a, ".xml") || ends_with(a, ".xta"))
			return prom_uppaal_translate(e, argc, argv);
		if (ends_with(a, ".anml"))
			return prom_anml_translate(e, argc, argv);
	}
	drv_msg("translate: expected a model file MODEL.xml, MODEL.xta or MODEL.anml");
	return 2;
}
