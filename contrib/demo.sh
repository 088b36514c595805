#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# demo.sh -- the README's first command ends here: SPIN's own searches and
# spin-dmc's directed searches on one bundled model, side by side.
#   sh contrib/demo.sh [MODEL.pml]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/json.sh"    # json_get: dmc's results, read with jq
model=${1:-$top/contrib/models/counter_noise.pml}
work=$(mktemp -d "${TMPDIR:-/tmp}/dmc-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cp "$model" "$work/"
m=$(basename "$model")
cd "$work" || exit 2

echo "model: $model"
echo
printf '%-28s %12s %10s %10s %8s\n' "search" "states" "time (s)" "mem (MB)" "trail"

spin -a "$m" > /dev/null || exit 2
gcc -O2 -w -DBFS -DNOREDUCE -o pan_bfs pan.c || exit 2
./pan_bfs > bfs.out 2>&1
states=$(sed -n 's/^ *\([0-9][0-9e+.]*\) states, stored.*/\1/p' bfs.out)
t=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\).*/\1/p' bfs.out)
mem=$(sed -n 's/^ *\([0-9.]*\)[ \t]*total actual memory usage.*/\1/p' bfs.out)
len=$(grep -c '^[0-9]' "$m.trail" 2>/dev/null || echo -)
printf '%-28s %12s %10s %10s %8s\n' "SPIN BFS (pan -DBFS)" "$states" "$t" "$mem" "$len"
rm -f "$m.trail"

# without partial-order reduction (--no-por): here the only process that
# can reach the error touches the global counter, so POR would make every
# search take the noise processes' local steps first (the last row)
for cfg in "astar dL" "greedy hf" "greedy hUc" "greedy dU" "beam dL" "greedy hf POR"; do
	set -- $cfg
	por=--no-por; [ "${3:-}" = POR ] && por=""
	"$top/dmc" check "$m" --search "$1" --heuristic "$2" $por --json > r.json 2> r.err
	rc=$?
	if [ $rc = 2 ]; then cat r.err; exit 2; fi
	get() { json_get ".$1" r.json; }
	printf '%-28s %12s %10s %10s %8s  %s\n' "spin-dmc $1 + $2${3:+ + POR}" "$(get states_stored)" \
		"$(get time_s)" "$(get memory_mb)" "$(get trail_length)" "$(get verdict)"
	rm -f "$m.trail"
done
echo
echo "states = states stored; trail = steps in the counterexample (spin -t replays it)"
