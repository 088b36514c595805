# lib.sh -- what every end-to-end script (and tests/bench/liveness.sh) shares (sourced, not run): the
# paths, a scratch directory holding dmc's build cache, the counters with
# ok/fail, and readers for dmc's JSON results and SPIN's trail files.
# The sourcing script sets e2e_name first: its scratch directory's tag.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dmc=$top/dmc
examples=/usr/share/doc/spin/examples/Examples
work=$(mktemp -d "${TMPDIR:-/tmp}/dmc-$e2e_name.XXXXXX")
DMC_CACHE=$work/cache
export DMC_CACHE
trap 'rm -rf "$work"' EXIT INT TERM

passed=0
failed=0
skipped=0
ok()   { passed=$((passed + 1)); [ -n "${VERBOSE:-}" ] && echo "ok   $*"; return 0; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# expect STATUS PATTERN DESCRIPTION -- command...: the command's exit
# status and a pattern in its combined output (kept in out.txt); the
# failure shows the output's start and end
expect() {
	want=$1; pat=$2; what=$3; shift 4
	"$@" > out.txt 2>&1
	rc=$?
	if [ "$rc" != "$want" ]; then
		fail "$what: exit status $rc, expected $want: $(head -c 300 out.txt) ... $(tail -c 300 out.txt)"
	elif [ -n "$pat" ] && ! grep -q -e "$pat" out.txt; then
		fail "$what: output lacks '$pat': $(head -c 300 out.txt) ... $(tail -c 300 out.txt)"
	else
		ok "$what"
	fi
}

json_str() { sed -n "s/.*\"$1\": \"\\([^\"]*\\)\".*/\\1/p" "$2"; }
json_num() { sed -n "s/.*\"$1\": \\([0-9.]*\\).*/\\1/p" "$2"; }

# Steps in a SPIN trail file (lines that start with a step number).
trail_steps() { grep -c '^[0-9]' "$1"; }

# SPIN's examples the e2e corpus takes (examples.list): "path options"
# per line, comments and blank lines left out.
example_list() {
	grep -v '^#' "$top/tests/e2e/examples.list" | while read -r rel opts; do
		[ -n "$rel" ] && echo "$rel ${opts:-}"
	done
}

# stage_model SRC DIR: a copy of the model in DIR, with the files it
# #includes from beside it (SPIN resolves them from the working directory).
stage_model() {
	mkdir -p "$2"
	cp "$1" "$2/"
	for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\(.*\)".*/\1/p' "$1"); do
		cp "$(dirname "$1")/$inc" "$2/" 2>/dev/null
	done
}

# spin_dfs_deadlock DIR MODEL PANOPTS: SPIN's default depth-first pan,
# built in DIR from the pan.c there, reports an invalid end state (all
# errors, -c0).  With rendezvous pan -DBFS "does not preserve all invalid
# endstates"; spin-dmc follows SPIN's DFS there (tests/e2e/rendezvous.sh).
spin_dfs_deadlock() {
	if [ ! -f "$1/dfs.out" ]; then
		# shellcheck disable=SC2086
		(cd "$1" && gcc -O0 -w -DNOREDUCE -o pan_dfs pan.c && timeout 120 ./pan_dfs $3 -c0 > dfs.out 2>&1)
		rm -f "$1/$2.trail"
	fi
	grep -q '^pan:[0-9]*: invalid end state' "$1/dfs.out"
}
