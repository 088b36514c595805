// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * dmc_plugin.cc -- GCC plugin that hands SPIN's breadth-first search to
 * the spin-dmc runtime, leaving pan.c byte-for-byte as SPIN wrote it.
 *
 * In a translation unit that is SPIN's pan.c (it defines `main` and the
 * global state vector `now`), a GIMPLE pass rewrites a handful of calls:
 *
 *   in store_state():  h_store(..)  -> dmc_h_store(..)   the runtime's store
 *                      push_bfs(..) -> dmc_push_bfs(..)  the runtime's queue
 *   in bfs():          push_bfs(..) -> dmc_push_bfs(..)
 *                      pop_bfs()    -> dmc_pop_bfs()
 *                      store_state(..) -> dmc_store_state(..)  one per move
 *   in nuerror():      putter(..)   -> dmc_putter(..)    non-recursive trail writer
 *   in wrapup(), main(): printf, fprintf -> a filter of pan's lines that
 *                      are false for the runtime's search (glue_banner.c)
 *
 * and gives pan's main() the assembler name dmc_pan_main, so that the
 * glue's main() can take the runtime's options off the command line
 * first.  The original functions stay: the glue calls them.  Any other
 * translation unit is left alone.  If pan.c lacks one of these functions
 * (an old SPIN, or compiled without -DBFS) the plugin stops with an error.
 *
 * A model with xr/xs channel assertions (dmc cc passes -DDMC_XRXS): pan.h
 * defines XUSAFE under -DBFS, which compiles out pan's run-time checks of
 * those assertions (q_S_check, q_R_check) while SPIN's partial-order
 * reduction still trusts them.  The plugin undoes that one definition as
 * it is made (not under -DNOREDUCE, where SPIN itself does not check), in
 * every translation unit that includes pan.h, so that pan checks the
 * assertions and reports a violated one as SPIN's DFS does.
 *
 * With -DDMC_MEMORY_ONLY (SPIN's own pan in dmc check's portfolio,
 * compiled with glue_memory.c; a macro, as GCC cuts a plugin's name at
 * its first '-' in -fplugin-arg-NAME-KEY) only the memory redirects
 * (DMC_REDIRECT_MEMORY) are made: pan's search stays SPIN's, its hash
 * table is not written before the search starts.  A pan.c without those
 * calls is left as it is (no error: the redirect only saves time).
 */
/* The table comes before GCC's headers: they poison the C library's
 * allocation functions' names, which some redirects name */
namespace {

struct redirect {
	const char *caller;           /* function whose calls are rewritten */
	const char *callee;           /* pan's function */
	const char *replacement;      /* the runtime's function */
	int done;                     /* calls rewritten */
	bool optional;                /* done may stay 0 */
	bool memory;                  /* pan's allocation (memory-only keeps these) */
};

redirect redirects[] = {
#define DMC_REDIRECT(CALLER, CALLEE, REPLACEMENT, DECL) { #CALLER, #CALLEE, #REPLACEMENT, 0, false, false },
#define DMC_REDIRECT_OPTIONAL(CALLER, CALLEE, REPLACEMENT, DECL) { #CALLER, #CALLEE, #REPLACEMENT, 0, true, false },
#define DMC_REDIRECT_MEMORY(CALLER, CALLEE, REPLACEMENT, DECL) { #CALLER, #CALLEE, #REPLACEMENT, 0, false, true },
#include "redirects.def"
};
const int nredirects = sizeof redirects / sizeof redirects[0];

}

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "stringpool.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "cpplib.h"
#include "diagnostic-core.h"

#include <cstring>

int plugin_is_GPL_compatible;

namespace {


/* pan functions that must be defined for the bridge to work. */
const char *required[] = {
	"main", "bfs", "store_state", "push_bfs", "pop_bfs", "h_store",
	"nuerror", "putter", "getsv", "freesv", 0
};

bool defined_fn[sizeof required / sizeof required[0]];
bool saw_now;                 /* global `now`: the TU is pan.c */
bool renamed_main;
bool verbose;                 /* -DDMC_PLUGIN_VERBOSE: say what was redirected */
bool memory_only;             /* -DDMC_MEMORY_ONLY, known once a function is parsed */

/* the redirects this compilation makes */
bool applies(const redirect &r)
{
	return r.memory || !memory_only;
}
/* -DBITSTATE: store_state calls pan's bit-array store through its
 * pointer b_store (which the glue hooks when the search starts,
 * glue_store.c), and never h_store */
bool store_reads_b_store;

bool is_var(tree t, const char *name)
{
	return t && TREE_CODE(t) == VAR_DECL && DECL_NAME(t)
	       && strcmp(IDENTIFIER_POINTER(DECL_NAME(t)), name) == 0;
}

const char *fn_name(tree decl)
{
	tree id = DECL_NAME(decl);
	return id ? IDENTIFIER_POINTER(id) : "";
}

void note_definition(const char *name)
{
	for (int i = 0; required[i]; i++)
		if (strcmp(required[i], name) == 0)
			defined_fn[i] = true;
}

tree replacement_decl(const char *name, tree like)
{
	tree decl = build_fn_decl(name, TREE_TYPE(like));
	DECL_EXTERNAL(decl) = 1;
	TREE_PUBLIC(decl) = 1;
	DECL_ARTIFICIAL(decl) = 1;
	return decl;
}

const pass_data dmc_pass_data = {
	GIMPLE_PASS, "dmc_bridge", OPTGROUP_NONE, TV_NONE,
	PROP_gimple_any | PROP_cfg, 0, 0, 0, 0
};

class dmc_pass : public gimple_opt_pass {
public:
	explicit dmc_pass(gcc::context *ctx) : gimple_opt_pass(dmc_pass_data, ctx) {}

	unsigned int execute(function *fun) final override
	{
		const char *caller = fn_name(fun->decl);
		bool any = false;
		for (int i = 0; i < nredirects; i++)
			if (applies(redirects[i]) && strcmp(redirects[i].caller, caller) == 0)
				any = true;
		if (!any)
			return 0;
		basic_block bb;
		FOR_EACH_BB_FN(bb, fun) {
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
				gimple *stmt = gsi_stmt(gsi);
				if (strcmp(caller, "store_state") == 0
				    && ((is_gimple_assign(stmt) && is_var(gimple_assign_rhs1(stmt), "b_store"))
				        || (is_gimple_call(stmt) && is_var(gimple_call_fn(stmt), "b_store"))))
					store_reads_b_store = true;
				gcall *call = dyn_cast<gcall *>(stmt);
				if (!call)
					continue;
				tree callee = gimple_call_fndecl(call);
				if (!callee)
					continue;
				const char *name = fn_name(callee);
				for (int i = 0; i < nredirects; i++) {
					redirect &r = redirects[i];
					if (!applies(r) || strcmp(r.caller, caller) != 0 || strcmp(r.callee, name) != 0)
						continue;
					gimple_call_set_fndecl(call, replacement_decl(r.replacement, callee));
					r.done++;
				}
			}
		}
		return 0;
	}
};

void on_finish_parse_function(void *gcc_data, void *)
{
	tree decl = (tree) gcc_data;
	if (!decl || TREE_CODE(decl) != FUNCTION_DECL)
		return;
	const char *name = fn_name(decl);
	if (parse_in && cpp_defined(parse_in, (const unsigned char *) "DMC_MEMORY_ONLY", 15))
		memory_only = true;
	note_definition(name);
	if (strcmp(name, "main") == 0 && saw_now && !memory_only) {   /* pan.c defines now first */
		SET_DECL_ASSEMBLER_NAME(decl, get_identifier("dmc_pan_main"));
		renamed_main = true;
	}
}

void on_finish_decl(void *gcc_data, void *)
{
	tree decl = (tree) gcc_data;
	if (decl && TREE_CODE(decl) == VAR_DECL && DECL_FILE_SCOPE_P(decl) && !DECL_EXTERNAL(decl)
	    && strcmp(fn_name(decl), "now") == 0)
		saw_now = true;
}

void on_finish_unit(void *, void *)
{
	if (!saw_now || !defined_fn[0])       /* not pan.c: nothing to check */
		return;
	if (parse_in && cpp_defined(parse_in, (const unsigned char *) "DMC_PLUGIN_VERBOSE", 18))
		verbose = true;
	if (memory_only) {
		if (verbose)
			inform(UNKNOWN_LOCATION, "spin-dmc: the memory allocation of %<pan.c%> redirected");
		return;
	}
	for (int i = 0; required[i]; i++)
		if (!defined_fn[i])
			error("spin-dmc: this pan.c has no function %qs; spin-dmc needs SPIN 6.x "
			      "output compiled with %<-DBFS%> (and without %<-DBFS_PAR%>, %<-DMA%>)",
			      required[i]);
	for (int i = 0; i < nredirects; i++)
		if (redirects[i].done == 0 && !redirects[i].optional
		    && !(store_reads_b_store && strcmp(redirects[i].caller, "store_state") == 0
		         && strcmp(redirects[i].callee, "h_store") == 0))
			error("spin-dmc: found no call to %qs in %qs to redirect; "
			      "this pan.c is not the SPIN 6.x breadth-first code spin-dmc expects",
			      redirects[i].callee, redirects[i].caller);
	if (verbose)
		inform(UNKNOWN_LOCATION, "spin-dmc: search queue and state store "
		       "of %<pan.c%> redirected to the spin-dmc runtime");
}

/* XUSAFE, when pan.h defines it for a model with xr/xs assertions: the
 * definition is undone at the next line of code (not inside the
 * directive that makes it, where cpp still holds the macro) */
void (*next_define)(cpp_reader *, location_t, cpp_hashnode *);
void (*next_line_change)(cpp_reader *, const cpp_token *, int);
bool undo_xusafe;

bool defined_macro(cpp_reader *pfile, const char *name)
{
	return cpp_defined(pfile, (const unsigned char *) name, (int) strlen(name));
}

void on_define(cpp_reader *pfile, location_t loc, cpp_hashnode *node)
{
	if (next_define)
		next_define(pfile, loc, node);
	if (strcmp((const char *) NODE_NAME(node), "XUSAFE") == 0
	    && defined_macro(pfile, "DMC_XRXS") && !defined_macro(pfile, "NOREDUCE"))
		undo_xusafe = true;
}

void on_line_change(cpp_reader *pfile, const cpp_token *tok, int parsing_args)
{
	if (undo_xusafe) {
		undo_xusafe = false;
		cpp_undef(pfile, "XUSAFE");
	}
	if (next_line_change)
		next_line_change(pfile, tok, parsing_args);
}

void on_start_unit(void *, void *)
{
	if (!parse_in)
		return;
	cpp_callbacks *cb = cpp_get_callbacks(parse_in);
	if (cb->define != on_define) {
		next_define = cb->define;
		cb->define = on_define;
		next_line_change = cb->line_change;
		cb->line_change = on_line_change;
	}
}

} // namespace

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("spin-dmc plugin was built for GCC %s, not this compiler; "
		      "rebuild spin-dmc with %<./configure%> and %<make%>", gcc_version.basever);
		return 1;
	}
	/* pan.h defines SPIN's hidden variables (tentative definitions) and
	 * both pan.c and the glue include it: let the linker merge them, as
	 * compilers did by default before GCC 10 */
	flag_no_common = 0;

	/* GCC folds the calls of library functions it knows while it
	 * gimplifies, before the pass below sees them (a printf of a constant
	 * line becomes puts, an fprintf fwrite): a callee the table
	 * redirects is no builtin here, as with -fno-builtin-NAME */
	for (int i = 0; i < nredirects; i++)
		disable_builtin_function(redirects[i].callee);

	struct register_pass_info pass;
	pass.pass = new dmc_pass(g);
	pass.reference_pass_name = "cfg";
	pass.ref_pass_instance_number = 1;
	pass.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
	register_callback(info->base_name, PLUGIN_FINISH_PARSE_FUNCTION, on_finish_parse_function, NULL);
	register_callback(info->base_name, PLUGIN_FINISH_DECL, on_finish_decl, NULL);
	register_callback(info->base_name, PLUGIN_FINISH_UNIT, on_finish_unit, NULL);
	register_callback(info->base_name, PLUGIN_START_UNIT, on_start_unit, NULL);
	return 0;
}
