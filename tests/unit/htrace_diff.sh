#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# htrace_diff.sh OLD NEW [SECONDS] -- do two source trees' hL, hU and hUc
# agree on every state?  OLD and NEW are trees built with
#   make CFLAGS='-O2 -g -DDMC_HTRACE'
# (heuristics/h_relax.c then writes every value it computes to
# $DMC_HTRACE).  Each model of tests/models (with subdirectories) and
# contrib/models (Promela, and UPPAAL .xta/.xml with their .q) is searched
# once per tree in FIFO order (a Lua priority that is always 0, tie fifo,
# --no-prune --hcache off --no-por: the states and their order do not
# depend on h), evaluating hL, hU and hUc on every state, for at most
# SECONDS (default 10); the traces must agree on the states both reached.
# Prints one line per model and exits 1 on any difference.
old=$(readlink -f "$1"); new=$(readlink -f "$2"); secs=${3:-10}
top=$(cd "$(dirname "$0")/../.." && pwd)
w=$(mktemp -d); fail=0; runs=0; evals=0
trap 'rm -rf "$w"' EXIT
printf '%s\n' 'search = "greedy"' 'tie = "fifo"' 'heuristics = { "hL", "hU", "hUc" }' \
	'function priority(s) return 0 end' > "$w/three.lua"
trace() { # tree model-dir file args... -> $w/trace
	tree=$1; d=$2; f=$3; shift 3
	rm -f "$w/trace"
	(cd "$d" && DMC_HTRACE="$w/trace" timeout $((secs + 60)) "$tree/build/dmc" check "$f" "$@" \
		--lua "$w/three.lua" --no-prune --hcache off --no-por \
		--time-limit "$secs" >/dev/null 2>&1)
	touch "$w/trace"
}
for m in $(find "$top/tests/models" "$top/contrib/models" -name '*.pml' -o -name '*.xta' -o -name '*.xml' | sort); do
	d=$w/m; rm -rf "$d"; mkdir -p "$d"; cp "$(dirname "$m")"/* "$d/" 2>/dev/null
	f=$(basename "$m"); q=${f%.*}.q
	set --
	case $f in *.xta|*.xml) [ -f "$d/$q" ] && set -- --query "$q";; esac
	trace "$old" "$d" "$f" "$@"; mv "$w/trace" "$w/old"
	trace "$new" "$d" "$f" "$@"; mv "$w/trace" "$w/new"
	n=$(wc -l < "$w/old"); k=$(wc -l < "$w/new"); [ "$k" -lt "$n" ] && n=$k
	runs=$((runs + 1)); evals=$((evals + n))
	head -n "$n" "$w/new" > "$w/new.cut"
	if head -n "$n" "$w/old" | cmp -s - "$w/new.cut"; then
		echo "same $n ${m#$top/}"
	else
		echo "DIFF ${m#$top/}: first at line $(head -n "$n" "$w/old" | cmp - "$w/new.cut" | sed 's/.*line //')"
		fail=1
	fi
done
echo "$runs models, $evals values compared, $([ $fail = 0 ] && echo all equal || echo DIFFERENCES)"
exit $fail
