#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# liveness.sh -- the nested DFS (-a, -l) against SPIN's own nested DFS:
# states stored until the verdict, lasso lengths, time.
#
# For each model: SPIN's pan -a (or -l with -DNP), compiled without -DBFS,
# once with its partial-order reduction and once -DNOREDUCE; then dmc
# check with each --guide (with partial-order reduction, the default:
# C2cl, one reduced graph for the outer and the nested search), and with
# --guide fsm once with the stack proviso and once without reduction
# (pan's --por-proviso stack and --no-por: the same build).  Prints a table (markdown): states stored
# until the verdict (both count the nested search's states), the trail's
# steps and its cycle's (both list the claim's steps), and the search time
# (pan's "elapsed time"; spin-dmc's time_s).
# LIVE_BENCH_MODELS overrides the model list ("path check ..." pairs).
e2e_name=livebench
. "$(dirname "$0")/../e2e/lib.sh"    # paths, scratch directory, JSON readers
ex=$examples

models=${LIVE_BENCH_MODELS:-"$top/contrib/models/live_noise.pml a $ex/LTL/salesman1.pml a $ex/LTL/zune.pml a $ex/Book_1991/p123.pml a $ex/loops.pml l $top/tests/models/live_por_noise_ok.pml a $top/tests/models/live_por_np.pml l"}

cycle_len() { awk '/^-1:-1:-1/ { c = 0; next } /^[0-9]/ { if (c >= 0) c++ } BEGIN { c = -1 } END { print (c < 0 ? "-" : c) }' "$1"; }

echo "| model | check | search | verdict | states stored | trail steps (cycle) | time (s) |"
echo "|---|---|---|---|--:|--:|--:|"
set -- $models
while [ $# -ge 2 ]; do
	src=$1; mode=$2; shift 2
	m=$(basename "$src")
	d=$work/${m%.pml}-$mode
	mkdir -p "$d"
	cp "$(dirname "$src")"/* "$d"/ 2>/dev/null
	np=""; [ "$mode" = l ] && np=-DNP
	for red in por noreduce; do
		flag=""; [ $red = noreduce ] && flag=-DNOREDUCE
		# SPIN's pan (lib.sh's spin_ref), its output in pan_$red.out
		spin_ref "$d" "$m" "-O2 $np $flag" 600 "-$mode -m1000000" "pan_$red" \
			|| { echo "| $m | -$mode | SPIN DFS ($red): spin -a or gcc failed | | | | |"; continue; }
		v=no-violation; [ "${sr_errors:-0}" -gt 0 ] && v=violation
		tr="-"; [ -f "$d/$m.trail" ] && tr="$(grep -c '^[0-9]' "$d/$m.trail") ($(cycle_len "$d/$m.trail"))"
		echo "| $m | -$mode | SPIN DFS ($red) | $v | $sr_states | $tr | $sr_t |"
	done
	for g in fsm hamming none fsm-stack fsm-nopor; do
		rm -f "$d/$m.trail"
		what="guide $g"; pan=""
		[ $g = fsm-nopor ] && what="guide fsm, --no-por" && pan="-- --no-por"
		[ $g = fsm-stack ] && what="guide fsm, --por-proviso stack" && pan="-- --por-proviso stack"
		# shellcheck disable=SC2086
		(cd "$d" && "$dmc" check "$m" -$mode --guide ${g%-*} --json --time-limit 600 $pan > dmc_$g.json 2> dmc_$g.err)
		tr="-"; [ -f "$d/$m.trail" ] && tr="$(grep -c '^[0-9]' "$d/$m.trail") ($(cycle_len "$d/$m.trail"))"
		echo "| $m | -$mode | dmc nested DFS, $what | $(json_str verdict "$d/dmc_$g.json") | $(json_num states_stored "$d/dmc_$g.json") | $tr | $(json_num time_s "$d/dmc_$g.json") |"
	done
done
