#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# sweep.sh -- tests/bench/sweep.sh (issue 37's sweep against SPIN) on
# three of the test models, two configurations a property: the table has
# one row per property (safety, each ltl formula, -a), SPIN's verdicts are
# the ones the models' comments give, every run is recorded, the summary
# counts them and no verdict disagrees.
e2e_name=sweep
. "$(dirname "$0")/lib.sh"

d=$work/corpus
mkdir -p "$d/sub"
cp "$top/tests/models/live_multi.pml" "$top/tests/models/deadlock_locks_bad.pml" "$d/"
cp "$top/tests/models/live_never_bad.pml" "$d/sub/"
# does the default answer each formula (one JSON object per formula)?
# Then it gives no safety answer on a model with accept labels
(cd "$d" && "$dmc" check live_multi.pml --json > "$work/multi.json" 2> /dev/null)
per_formula=0
[ "$(grep -c '^{' "$work/multi.json")" -gt 1 ] && per_formula=1
SWEEP_CONFIGS="default bfs/none greedy/deadlock" SWEEP_LIVE_CONFIGS="default fsm" \
	SWEEP_OUT=$work/table.md SWEEP_KEEP=$work/keep sh "$top/tests/bench/sweep.sh" "$d" 20 > "$work/out.md" 2> "$work/err.txt"
rc=$?
[ $rc = 0 ] && ok "sweep.sh exits 0" || fail "sweep.sh exit status $rc: $(tail -n 3 "$work/err.txt")"
cmp -s "$work/out.md" "$work/table.md" && ok "SWEEP_OUT holds the report" || fail "SWEEP_OUT differs from the output"

# row MODEL PROPERTY: the table's row of one property
row() { grep "^| $1 | $2 | " "$work/out.md"; }
for p in "live_multi.pml|safety|ok" "live_multi.pml|ltl ok1|ok" "live_multi.pml|ltl unfair|viol" \
	"live_multi.pml|ltl bad1|viol" "live_multi.pml|ltl bad2|viol" \
	"deadlock_locks_bad.pml|safety|viol" "sub/live_never_bad.pml|safety|ok" \
	"sub/live_never_bad.pml|-a|viol"; do
	m=${p%%|*}; rest=${p#*|}; prop=${rest%|*}; want=${rest#*|}
	r=$(row "$m" "$prop")
	if [ -z "$r" ]; then fail "$m $prop: no row"; continue; fi
	spin_cell=$(echo "$r" | cut -d '|' -f 4 | sed 's/^ *//')
	case $spin_cell in
	"$want "*) ok "$m $prop: SPIN $want" ;;
	*) fail "$m $prop: SPIN's cell '$spin_cell', expected $want" ;;
	esac
	# every configuration of the row has a cell
	cells=$(echo "$r" | awk -F '|' '{ n = 0; for (i = 5; i < NF - 1; i++) if ($i ~ /[a-z]/) n++; print n }')
	case $prop in
	safety) want_cells=2; [ "$m" = deadlock_locks_bad.pml ] && want_cells=3
		[ "$m" != deadlock_locks_bad.pml ] && [ $per_formula = 1 ] && want_cells=1 ;;
	*) want_cells=2 ;;
	esac
	[ "$cells" = "$want_cells" ] && ok "$m $prop: $cells runs" || fail "$m $prop: $cells runs, expected $want_cells: $r"
done
# summary: 8 properties; runs: 3 + 2 + 2 safety (3 + 1 + 1 when the
# default answers each formula), 2 a formula or -a (5)
runs=17; [ $per_formula = 1 ] && runs=15
sum=$(grep '^runs ' "$work/out.md")
case $sum in
"runs $runs, complete "*", disagreements 0, "*) ok "summary: $sum" ;;
*) fail "summary: '$sum'" ;;
esac
# the report again from the kept results: the same findings and tables
SWEEP_FROM=$work/keep sh "$top/tests/bench/sweep.sh" "$d" 20 > "$work/from.md" 2> /dev/null
sed -n '/^## Findings/,$p' "$work/out.md" > "$work/out.tail"
sed -n '/^## Findings/,$p' "$work/from.md" > "$work/from.tail"
if [ -s "$work/from.tail" ] && cmp -s "$work/out.tail" "$work/from.tail"; then
	ok "SWEEP_FROM: the same report"
else
	fail "SWEEP_FROM: another report: $(diff "$work/out.md" "$work/from.md" | head -n 5)"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
