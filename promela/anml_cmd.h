/*
 * anml_cmd.h -- pieces the ANMLite commands share (translate, plan).
 */
#ifndef PROM_ANML_CMD_H
#define PROM_ANML_CMD_H

/* --horizon's value: 0, or 2 after a message */
int anml_parse_horizon(const char *v, int *h);
/* load MODEL, write its Promela to out_path (NULL: standard output);
 * dmc's exit status (0, or 2 after a message) */
int anml_translate_file(const char *model, const char *out_path, int horizon);

#endif
