#include "translate.h"
int prom_cmd_gen_anml(const drv_env *e, int argc, char **argv) { (void) e; (void) argc; (void) argv; return 2; }
