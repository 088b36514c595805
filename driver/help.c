// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * help.c -- dmc's commands as a table (commands.def), and every help
 * text: `dmc help`, `dmc COMMAND --help`, `dmc help --man` (docs/dmc.1),
 * `dmc --version`.  The options come from runtime/options.def, the
 * searches and heuristics from their tables, the input languages from
 * the front ends': nothing here lists them by hand.
 */
#include "help.h"
#include "cmd.h"
#include "cmd_args.h"
#include "frontend.h"
#include "util.h"
#include "../runtime/options_table.h"
#include "../runtime/version.h"

#include <string.h>

/* every command's function, declared from the table: a front end's
 * (dmc translate, dmc plan) is defined in its folder under frontends/ */
#define DRV_COMMAND(ID, NAME, FUNC, SYNOPSIS, OPTS, HELP) int FUNC(const drv_env *e, int argc, char **argv);
#define DRV_COMMAND_OPTION(ID, NAME, ARG, HELP)
#include "commands.def"

const drv_command drv_commands[DRV_CMD_COUNT] = {
#define DRV_COMMAND(ID, NAME, FUNC, SYNOPSIS, OPTS, HELP) { DRV_CMD_##ID, NAME, FUNC, SYNOPSIS, OPTS, HELP },
#define DRV_COMMAND_OPTION(ID, NAME, ARG, HELP)
#include "commands.def"
};

typedef struct {
	drv_cmd_id cmd;
	const char *name, *arg, *help;   /* arg, help NULL: options.def's option */
} cmd_option;

static const cmd_option cmd_options[] = {
#define DRV_COMMAND(ID, NAME, FUNC, SYNOPSIS, OPTS, HELP)
#define DRV_COMMAND_OPTION(ID, NAME, ARG, HELP) { DRV_CMD_##ID, NAME, ARG, HELP },
#include "commands.def"
	{ DRV_CMD_COUNT, NULL, NULL, NULL }
};

const drv_command *drv_command_named(const char *name)
{
	for (int i = 0; i < DRV_CMD_COUNT; i++)
		if (strcmp(drv_commands[i].name, name) == 0)
			return &drv_commands[i];
	return NULL;
}

static const dmc_opt *table_option(const char *name)
{
	for (int i = 0; i < DMC_OPT_COUNT; i++)
		if (strcmp(dmc_opt_table[i].name, name) == 0)
			return &dmc_opt_table[i];
	return NULL;
}

int drv_command_takes(const drv_command *c, const char *name)
{
	const dmc_opt *t = table_option(name);
	if (c->opts)
		return t && (t->where & c->opts);
	for (const cmd_option *o = cmd_options; o->name; o++)
		if (o->cmd == c->id && strcmp(o->name, name) == 0)
			return 1;
	return 0;
}

const char *drv_command_option(const drv_command *c, const char *name, int *takes_value)
{
	const dmc_opt *t = table_option(name);
	if (c->opts) {
		if (!t || !(t->where & c->opts))
			return NULL;
		*takes_value = t->kind != DMC_OPTK_FLAG;
		return t->name;
	}
	for (const cmd_option *o = cmd_options; o->name; o++)
		if (o->cmd == c->id && strcmp(o->name, name) == 0) {
			if (o->help)
				*takes_value = o->arg && *o->arg;
			else if (t)
				*takes_value = t->kind != DMC_OPTK_FLAG;
			else
				return NULL;      /* names no option of options.def: help says so */
			return o->name;
		}
	return NULL;
}

int drv_command_check_option(const drv_command *c, const char *name)
{
	const dmc_opt *t = table_option(name);
	if (!t)
		return 0;
	if (c->opts)
		return (t->where & c->opts) != 0;
	for (const cmd_option *o = cmd_options; o->name; o++)
		if (o->cmd == c->id && !o->help && strcmp(o->name, name) == 0)
			return 1;
	return 0;
}

/* the input languages dmc check takes (frontend.h): "Promela (any other
 * file), UPPAAL (.xml .xta), ..." */
static void languages(FILE *out)
{
	fputs("models: ", out);
	const drv_frontend *const *all = drv_frontend_all();
	for (size_t k = 0; all[k]; k++)
		fprintf(out, "%s%s (%s)", k ? ", " : "", all[k]->name, *all[k]->suffixes ? all[k]->suffixes
		        : "any other file");
	fputs("\n", out);
}

static void searches(FILE *out)
{
	fputs("searches (--search):\n", out);
	for (int i = 0; dmc_search_names[i]; i++)
		fprintf(out, "  %-18s %s\n", dmc_search_names[i], dmc_search_help[i]);
	fputs("heuristics (--heuristic; docs/heuristics.md): ", out);
	for (int i = 0; dmc_heuristic_names[i]; i++)
		fprintf(out, "%s%s", i ? ", " : "", dmc_heuristic_names[i]);
	fputs("\n", out);
}

static const char exit_status[] =
	"exit status: 0 no violation (complete search), 1 violation, 2 bad input or usage, "
	"3 incomplete search\n";
static const char plan_exit_status[] =
	"exit status: 0 a valid plan, 1 no plan within the horizon (complete search) or, with "
	"--validate, an invalid plan, 2 bad input or usage, 3 incomplete search\n";

/* the options of c, one or two lines each */
static int command_options(FILE *out, const drv_command *c)
{
	int n = 0;
	if (c->opts) {
		dmc_opt_usage(out, c->opts);
		return 1;
	}
	for (const cmd_option *o = cmd_options; o->name; o++) {
		if (o->cmd != c->id)
			continue;
		const dmc_opt *t = o->help ? NULL : table_option(o->name);
		if (t)
			dmc_opt_usage_one(out, t);
		else {
			char head[64];
			snprintf(head, sizeof head, "%s%s%s", o->name, o->arg && *o->arg ? " " : "",
			         o->arg ? o->arg : "");
			fprintf(out, "  %-18s %s\n", head, o->help ? o->help : "(not in runtime/options.def)");
		}
		n++;
	}
	return n;
}

void drv_command_usage(FILE *out, const drv_command *c)
{
	fprintf(out, "usage: dmc %s %s\n%s\n", c->name, c->synopsis, c->help);
	if (c->id == DRV_CMD_CHECK || c->id == DRV_CMD_MODEL)
		languages(out);
	fputs("options:\n", out);
	if (!command_options(out, c))
		fputs("  (none)\n", out);
	if (c->id == DRV_CMD_CHECK || c->id == DRV_CMD_MODEL || c->id == DRV_CMD_CC)
		searches(out);
	if (c->id == DRV_CMD_CHECK)
		fputs(exit_status, out);
	else if (c->id == DRV_CMD_PLAN)
		fputs(plan_exit_status, out);
	fflush(out);
}

void drv_usage(FILE *out)
{
	for (int i = 0; i < DRV_CMD_COUNT; i++)
		fprintf(out, "%s dmc %s %s\n", i ? "      " : "usage:", drv_commands[i].name,
		        drv_commands[i].synopsis);
	fputs("       dmc --version\n", out);
	fputs("commands (dmc COMMAND --help: its options):\n", out);
	for (int i = 0; i < DRV_CMD_COUNT; i++)
		fprintf(out, "  %-18s %s\n", drv_commands[i].name, drv_commands[i].help);
	languages(out);
	fputs("options of dmc check (docs/options.md):\n", out);
	dmc_opt_usage(out, DMC_OPTW_PAN | DMC_OPTW_DMC);
	searches(out);
	fputs(exit_status, out);
	fflush(out);
}

void drv_version(FILE *out)
{
	fprintf(out, "dmc (spin-dmc) %s\n", dmc_version);
	fflush(out);
}

/* s as man(7) text: backslashes and hyphens escaped, no line starting
 * a request */
static void roff(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else
			fputc(*s, out);
	}
}

static void man_option(FILE *out, const char *name, const char *arg, const char *help,
                       const dmc_opt *t)
{
	char values[512] = "";
	fputs(arg && *arg ? ".TP\n.BI \"" : ".TP\n.B ", out);
	roff(out, name);
	if (arg && *arg) {
		fputs(" \" \"", out);
		roff(out, arg);
		fputs("\"", out);
	}
	fputs("\n", out);
	roff(out, help);
	if (t) {
		dmc_opt_values(t, values, sizeof values);
		if (*values) {
			fputs(" (", out);
			roff(out, values);
			if (*t->def) {
				fputs("; default ", out);
				roff(out, t->def);
			}
			fputs(")", out);
		} else if (*t->def) {
			fputs(" (default ", out);
			roff(out, t->def);
			fputs(")", out);
		}
		if (t->where & DMC_OPTW_PAN)
			fputs("; pan takes it too", out);
	}
	fputs("\n", out);
}

void drv_man(FILE *out)
{
	fputs(".\\\" generated by `dmc help --man` (make docs) from driver/commands.def,\n"
	      ".\\\" runtime/options.def, runtime/searches.def and heuristics/heuristics.def\n"
	      ".TH DMC 1 \"\" \"spin-dmc\" \"User Commands\"\n"
	      ".SH NAME\ndmc \\- directed model checking with SPIN\n.SH SYNOPSIS\n", out);
	for (int i = 0; i < DRV_CMD_COUNT; i++) {
		fputs(".B dmc ", out);
		roff(out, drv_commands[i].name);
		fputs("\n", out);
		roff(out, drv_commands[i].synopsis);
		fputs("\n.br\n", out);
	}
	fputs(".B dmc \\-\\-version\n"
	      ".SH DESCRIPTION\n"
	      "dmc checks SPIN models (and UPPAAL and ANMLite models, translated into\n"
	      "Promela) with directed searches: A*, weighted A*, greedy and beam search\n"
	      "guided by heuristics, in pan's place.  It builds pan with spin\\-dmc's\n"
	      "runtime, runs it and reports the verdict and a trail SPIN replays.\n"
	      "Every step can be run by hand (\\fBdmc cc\\fR, \\fBdmc vars\\fR).\n"
	      ".SH COMMANDS\n", out);
	for (int i = 0; i < DRV_CMD_COUNT; i++) {
		const drv_command *c = &drv_commands[i];
		fputs(".SS dmc ", out);
		roff(out, c->name);
		fputs("\n", out);
		roff(out, c->help);
		fputs(".\n", out);
		if (c->opts) {
			fputs("It takes the options of\n.B OPTIONS\n(", out);
			fputs(c->opts & DMC_OPTW_DMC ? "all of them" : "those pan takes", out);
			fputs(").\n", out);
			continue;
		}
		for (const cmd_option *o = cmd_options; o->name; o++) {
			if (o->cmd != c->id)
				continue;
			const dmc_opt *t = o->help ? NULL : table_option(o->name);
			man_option(out, o->name, t ? t->arg : o->arg, t ? t->help : o->help ? o->help : "", t);
		}
	}
	fputs(".SH OPTIONS\nThe options of \\fBdmc check\\fR and \\fBdmc model\\fR; a value\n"
	      "follows as \\fB\\-\\-name=\\fIV\\fR or \\fB\\-\\-name \\fIV\\fR.\n", out);
	for (int i = 0; i < DMC_OPT_COUNT; i++)
		man_option(out, dmc_opt_table[i].name, dmc_opt_table[i].arg, dmc_opt_table[i].help,
		           &dmc_opt_table[i]);
	fputs(".SH SEARCHES\n", out);
	for (int i = 0; dmc_search_names[i]; i++)
		man_option(out, dmc_search_names[i], NULL, dmc_search_help[i], NULL);
	fputs(".SH HEURISTICS\n", out);
	for (int i = 0; dmc_heuristic_names[i]; i++) {
		fputs(i ? ", " : "", out);
		fputs("\\fB", out);
		roff(out, dmc_heuristic_names[i]);
		fputs("\\fR", out);
	}
	fputs("\n(several, comma-separated, alternate; docs/heuristics.md describes them).\n"
	      ".SH EXIT STATUS\n"
	      "0 no violation (complete search), 1 violation, 2 bad input or usage,\n"
	      "3 incomplete search without a violation.\n"
	      ".SH ENVIRONMENT\n"
	      ".TP\n.B DMC_CACHE\nthe build cache (default $XDG_CACHE_HOME/spin\\-dmc or ~/.cache/spin\\-dmc)\n"
	      ".TP\n.B DMC_CACHE_MAX_MB\nthe cache's size bound; least recently used builds go first\n"
	      ".TP\n.B DMC_LIBDIR\nthe runtime library, plugin and glue\n"
	      ".TP\n.B SPIN, CC\nthe programs dmc runs (default spin, gcc)\n"
	      ".SH SEE ALSO\n.BR spin (1),\n"
	      ".BR pkg\\-config (1);\n"
	      "docs/usage.md, docs/options.md, docs/json.md\n", out);
	fflush(out);
}

/* the words a command takes, space-separated */
static void words_of(FILE *out, const drv_command *c)
{
	for (int i = 0; c->opts && i < DMC_OPT_COUNT; i++)
		if (dmc_opt_table[i].where & c->opts)
			fprintf(out, " %s", dmc_opt_table[i].name);
	for (const cmd_option *o = cmd_options; o->name; o++)
		if (o->cmd == c->id)
			fprintf(out, " %s", o->name);
	fputs(" --help", out);
}

void drv_bash_completion(FILE *out)
{
	fputs("# bash completion of dmc, generated by `dmc help --bash-completion` from\n"
	      "# driver/commands.def and runtime/options.def\n"
	      "_dmc() {\n"
	      "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} words=\n"
	      "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\twords=\"", out);
	for (int i = 0; i < DRV_CMD_COUNT; i++)
		fprintf(out, "%s ", drv_commands[i].name);
	fputs("--version --help\"\n\telse\n\t\tcase $prev in\n", out);
	fprintf(out, "\t\t--search) words=\"");
	for (int i = 0; dmc_search_names[i]; i++)
		fprintf(out, "%s%s", i ? " " : "", dmc_search_names[i]);
	fprintf(out, "\" ;;\n\t\t--heuristic) words=\"");
	for (int i = 0; dmc_heuristic_names[i]; i++)
		fprintf(out, "%s%s", i ? " " : "", dmc_heuristic_names[i]);
	fputs("\" ;;\n\t\tesac\n\t\tif [ -z \"$words\" ]; then\n\t\t\tcase ${COMP_WORDS[1]} in\n", out);
	for (int i = 0; i < DRV_CMD_COUNT; i++) {
		fprintf(out, "\t\t\t%s) words=\"", drv_commands[i].name);
		words_of(out, &drv_commands[i]);
		fputs("\" ;;\n", out);
	}
	fputs("\t\t\tesac\n\t\t\tcase $cur in -*) ;; *) words= ;; esac\n\t\tfi\n\tfi\n"
	      "\tCOMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
	      "}\n"
	      "complete -o default -F _dmc dmc\n", out);
	fflush(out);
}

int drv_cmd_help(const drv_env *e, int argc, char **argv)
{
	const char *o, *v;
	int i = 0;
	(void) e;
	if (argc == 0) {
		drv_usage(stdout);
		fflush(stdout);
		return 0;
	}
	if (argc > 1) {
		drv_msg("help: expected one command or option, found %d arguments (usage: dmc help %s)", argc,
		        drv_commands[DRV_CMD_HELP].synopsis);
		return 2;
	}
	if (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
		drv_command_usage(stdout, &drv_commands[DRV_CMD_HELP]);
		return 0;
	}
	switch (drv_command_arg(DRV_CMD_HELP, argc, argv, &i, &o, &v)) {
	case DRV_ARG_ERROR:
		return 2;
	case DRV_ARG_UNKNOWN:
		return drv_command_unknown(DRV_CMD_HELP, argv[0]);
	case DRV_ARG_OPERAND:
		if (!drv_command_named(argv[0])) {
			drv_msg("help: unknown command '%s' (dmc help lists them)", argv[0]);
			return 2;
		}
		drv_command_usage(stdout, drv_command_named(argv[0]));
		break;
	case DRV_ARG_OPTION:
		if (strcmp(o, "--markdown") == 0)
			dmc_opt_markdown(stdout);      /* docs/options.md (make docs) */
		else if (strcmp(o, "--bash-completion") == 0)
			drv_bash_completion(stdout);   /* installed by make install */
		else if (strcmp(o, "--man") == 0)
			drv_man(stdout);               /* docs/dmc.1 (make docs) */
		else
			return drv_command_unhandled(DRV_CMD_HELP, o);
		break;
	}
	fflush(stdout);
	return 0;
}
