/*
 * translate.c -- `dmc translate`: picks the translator by the model's
 * file name (.xml/.xta: networks of automata, .anml: ANMLite).
 */
#include "translate.h"
#include "util.h"

#include <string.h>
#include <sys/stat.h>

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* 1 when the output file (-o OUT) is the model itself (the same file
 * under any name): the translation would replace the model */
static int output_is_model(int argc, char **argv, const char *model)
{
	struct stat m, o;
	if (stat(model, &m) != 0)
		return 0;
	for (int i = 0; i + 1 < argc; i++)
		if (strcmp(argv[i], "-o") == 0 && stat(argv[i + 1], &o) == 0
		    && o.st_dev == m.st_dev && o.st_ino == m.st_ino) {
			drv_msg("translate: -o %s is the model %s itself; choose another output file",
			        argv[i + 1], model);
			return 1;
		}
	return 0;
}

int prom_cmd_translate(const drv_env *e, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] == '-')
			continue;
		if ((ends_with(a, ".xml") || ends_with(a, ".xta") || ends_with(a, ".anml"))
		    && output_is_model(argc, argv, a))
			return 2;
		if (ends_with(a, ".xml") || ends_with(a, ".xta"))
			return prom_uppaal_translate(e, argc, argv);
		if (ends_with(a, ".anml"))
			return prom_anml_translate(e, argc, argv);
	}
	drv_msg("translate: expected a model file MODEL.xml, MODEL.xta or MODEL.anml");
	return 2;
}
