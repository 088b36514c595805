# portable.awk -- the plugin's rewrite, done on a copy of pan.c's text,
# for compilers without GCC plugin support:
#   awk -f portable.awk pan.c > pan_dmc.c
# Inside store_state(), bfs() and nuerror() the calls to h_store,
# push_bfs, pop_bfs and putter go to the runtime's dmc_* functions, and
# pan's main() becomes dmc_pan_main().  SPIN writes every function name
# at the start of a line, which is what tells us where we are.
function rewrite(fn, callee, repl,    n) {
	if (fn != current)
		return
	n = gsub("(^|[^A-Za-z0-9_])" callee "[(]", "&", $0)
	if (n == 0)
		return
	# keep the character before the name, swap the name
	$0 = gensub_compat($0, callee, repl)
	count[fn "/" callee] += n
}
# replace whole-word calls "callee(" by "repl(" (portable awk, no gensub)
function gensub_compat(s, callee, repl,    out, i, pre) {
	out = ""
	while ((i = index(s, callee "(")) > 0) {
		pre = (i > 1) ? substr(s, i - 1, 1) : ""
		if (pre ~ /[A-Za-z0-9_]/) {
			out = out substr(s, 1, i + length(callee) - 1)
		} else {
			out = out substr(s, 1, i - 1) repl
		}
		s = substr(s, i + length(callee))
	}
	return out s
}
/^[A-Za-z_][A-Za-z0-9_]*[(]/ {
	current = $0
	sub(/[(].*/, "", current)
	if (current == "main") {
		sub(/^main[(]/, "dmc_pan_main(")
		renamed = 1
	}
}
# declare the runtime's replacements once pan's types exist
/^#include "pan.h"/ {
	print
	print "int dmc_h_store(char *, int);"
	print "void dmc_push_bfs(Trail *, int);"
	print "Trail *dmc_pop_bfs(void);"
	print "void dmc_putter(Trail *, int);"
	declared = 1
	next
}
{
	rewrite("store_state", "h_store", "dmc_h_store")
	rewrite("store_state", "push_bfs", "dmc_push_bfs")
	rewrite("bfs", "push_bfs", "dmc_push_bfs")
	rewrite("bfs", "pop_bfs", "dmc_pop_bfs")
	rewrite("nuerror", "putter", "dmc_putter")
	print
}
END {
	split("store_state/h_store store_state/push_bfs bfs/push_bfs bfs/pop_bfs nuerror/putter", need, " ")
	for (k in need)
		if (!count[need[k]]) {
			split(need[k], p, "/")
			printf("spin-dmc: pan.c has no call to %s in %s(); not the SPIN 6.x -DBFS code spin-dmc expects\n", p[2], p[1]) > "/dev/stderr"
			bad = 1
		}
	if (!declared) {
		print "spin-dmc: pan.c does not include pan.h" > "/dev/stderr"
		bad = 1
	}
	if (!renamed) {
		print "spin-dmc: pan.c has no main() definition" > "/dev/stderr"
		bad = 1
	}
	exit bad
}
