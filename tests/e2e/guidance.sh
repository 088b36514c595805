#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# guidance.sh -- directed search on models whose heuristic is flat where
# the error is not (tests/models/guidance/): a flawed mutex beside workers
# whose moves no heuristic aims at.  Alternation over several heuristics
# (--heuristic H1,H2,..., one open list each, expanded in turn) must find
# the violation where a single flat heuristic wanders, within twice the
# states SPIN's breadth-first search stores, with a trail spin -t replays.
e2e_name=guidance
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

# spin_bfs DIR MODEL: states SPIN's -DBFS pan (no reduction) stores
# before it reports the first error
spin_bfs() {
	spin_ref "$1" "$2" "-O2 -DBFS -DNOREDUCE" 0 -m1000000 pan_bfs
	rm -f "$1/$2.trail"
	echo "$sr_states"
}

# run_opts DIR MODEL LIMIT WHAT [OPTIONS...]: dmc check MODEL OPTIONS
# finds the violation storing at most LIMIT states, and its trail replays
run_opts() {
	d=$1; m=$2; limit=$3; what=$4; shift 4
	rm -f "$d/$m.trail"
	(cd "$d" && "$dmc" check "$m" "$@" --time-limit 60 --json > out.json 2> err.txt)
	v=$(json_str verdict "$d/out.json"); s=$(json_num states_stored "$d/out.json")
	if [ "$v" != violation ]; then
		fail "$m $what: verdict '$v' ($(tail -c 300 "$d/err.txt"))"
		return
	fi
	[ "$s" -le "$limit" ] && ok "$m $what: $s states (at most $limit)" \
		|| fail "$m $what: $s states stored, more than $limit"
	(cd "$d" && spin -t "$m" > replay.out 2>&1)
	grep -q "assertion violated" "$d/replay.out" && ok "$m $what: spin -t replays it" \
		|| fail "$m $what: spin -t does not reach the violation: $(tail -c 300 "$d/replay.out")"
}

# run DIR MODEL HEURISTICS LIMIT: a greedy alternation
run() {
	run_opts "$1" "$2" "$4" "greedy $3" --search greedy --heuristic "$3"
}

m=hyman_workers_bad.pml
d=$work/hyman
stage_model "$top/tests/models/guidance/$m" "$d"
bfs=$(spin_bfs "$d" "$m")
if [ -z "$bfs" ]; then
	fail "$m: SPIN's BFS gave no state count: $(tail -c 300 "$d/pan_bfs.out")"
else
	for h in hf,none hf,hU,dL,none hf,hU,dL,none,none:deep; do run "$d" "$m" "$h" $((2 * bfs)); done
	# no option at all: dmc check's default preset, within twice BFS's states
	run_opts "$d" "$m" $((2 * bfs)) "no options (the default preset)"
	p=$(json_str preset "$d/out.json")
	[ "$p" = fast ] && ok "$m: the default is preset fast" || fail "$m: preset '$p', expected fast"
	# an option given replaces only its own field of the default preset
	# (greedy dL wanders on this model's plateau: only the options count here)
	(cd "$d" && "$dmc" check "$m" --heuristic dL --time-limit 2 --json > dl.json 2> /dev/null)
	[ "$(json_str search "$d/dl.json")" = greedy ] && [ "$(json_str heuristic "$d/dl.json")" = dL ] \
	&& [ "$(json_str preset "$d/dl.json")" = fast ] && [ "$(json_get '.preset_overrides | join(" ")' "$d/dl.json")" = --heuristic ] \
		&& ok "--heuristic dL alone: fast's greedy with dL" || fail "--heuristic dL alone: $(head -c 300 "$d/dl.json")"
	# --preset short: the first trail, then shorter ones, each replayed
	run_opts "$d" "$m" $((50 * bfs)) "--preset short" --preset short
	# an explicit option wins over the preset's
	(cd "$d" && "$dmc" check "$m" --preset fast --search astar --time-limit 60 --json > pa.json 2> /dev/null)
	[ "$(json_str search "$d/pa.json")" = astar ] && [ "$(json_str preset "$d/pa.json")" = fast ] \
	&& [ "$(json_str heuristic "$d/pa.json")" = dL ] && [ "$(json_str shortest "$d/pa.json")" = true ] \
		&& ok "--preset fast --search astar: the explicit search wins, with fast's first admissible heuristic (dL): shortest" \
		|| fail "--preset fast --search astar: $(head -c 300 "$d/pa.json")"
	# the single flat heuristic does wander (why alternation exists)
	(cd "$d" && "$dmc" check "$m" --search greedy --heuristic hf --max-depth 100000 --json \
		--memlim 400 > flat.json 2> /dev/null)
	s=$(json_num states_stored "$d/flat.json")
	[ "$s" -gt $((20 * bfs)) ] && ok "$m greedy hf alone: $s states (plateau)" \
		|| fail "$m greedy hf alone stored only $s states: the model no longer tests a plateau"
fi

# --preferred: the successors hU's helpful moves make get a list of their
# own; on Peterson's flawed mutex beside workers greedy hU alone wanders
# on the workers' plateau (millions of states), with it the violation
# comes within twice SPIN BFS's states
m2=peterson_workers_bad.pml
d2=$work/peterson
stage_model "$top/contrib/corpus/$m2" "$d2"
bfs2=$(spin_bfs "$d2" "$m2")
if [ -z "$bfs2" ]; then
	fail "$m2: SPIN's BFS gave no state count: $(tail -c 300 "$d2/pan_bfs.out")"
else
	run_opts "$d2" "$m2" $((2 * bfs2)) "greedy hU --preferred" --search greedy --heuristic hU --preferred
	h=$(json_get .preferred.helpful_successors "$d2/out.json"); x=$(json_get .preferred.expanded "$d2/out.json")
	[ "${h:-0}" -gt 0 ] && [ "${x:-0}" -gt 0 ] && [ "$x" -le "$(json_num states_expanded "$d2/out.json")" ] \
		&& ok "$m2 --preferred: $h helpful successors, $x expanded from their list" \
		|| fail "$m2 --preferred: JSON preferred member '$h' '$x'"
	run_opts "$d2" "$m2" $((2 * bfs2)) "the default preset with --preferred" --preferred
	(cd "$d2" && "$dmc" check "$m2" --search greedy --heuristic hU --time-limit 2 --json > plain.json 2> /dev/null)
	[ "$(json_get '.preferred == null' "$d2/plain.json")" = true ] && ok "$m2 without --preferred: preferred is null" \
		|| fail "$m2 without --preferred: $(head -c 300 "$d2/plain.json")"
fi
expect 2 'needs --search greedy, astar or wastar' "--preferred with bfs: refused" -- \
	"$dmc" check "$d/$m" --search bfs --heuristic hU --preferred
expect 2 'needs relaxed plans' "--preferred without hL, hU or hUc: refused" -- \
	"$dmc" check "$d/$m" --search greedy --heuristic hf,dL --preferred

# an alternation with nothing to aim at but invalid end states orders its
# goal-directed lists by the deadlock heuristic, as a single heuristic
# does, and keeps its lists of none (each pair once)
cat > stuck.pml <<'EOF2'
int n;
active [2] proctype P() { do :: n < 3 -> n++ :: n == 3 -> (n > 5) od }
EOF2
expect 1 "guided by the deadlock heuristic instead, as alt(deadlock, none)" \
	"alternation on a deadlock-only model: deadlock and none lists" -- \
	"$dmc" check stuck.pml --search greedy --heuristic hf,hU,dL,none
expect 1 "guided by the deadlock heuristic instead\$" "an alternation of goal-directed lists only: the deadlock heuristic" -- \
	"$dmc" check stuck.pml --search greedy --heuristic hf,hU
# the default keeps its depth-first list: a deadlock at the end of a long
# chain of independent steps (BEEM's planning models have this shape) is
# found in about three times the states SPIN's DFS stores, not by
# breadth-first search over every interleaving
cat > chain.pml <<'EOF2'
byte a, b, c;
active proctype A() { do :: a < 20 -> a++ :: a == 20 -> break od }
active proctype B() { do :: b < 20 -> b++ :: b == 20 -> break od }
active proctype C() { do :: c < 20 -> c++ :: c == 20 -> break od; (a > 30) }
EOF2
(cd "$work" && "$dmc" check chain.pml --json --portfolio off > chain.json 2> /dev/null)
s=$(json_num states_stored "$work/chain.json")
[ "$(json_str verdict "$work/chain.json")" = violation ] && [ "${s:-999999}" -lt 1000 ] \
	&& ok "default on a deadlock after independent chains: $s states (BFS 74,088, the deadlock heuristic alone 13,247)" \
	|| fail "default on chain.pml: $(json_str verdict "$work/chain.json"), $s states"

# an alternation is a greedy, astar or wastar search, without a priority script
expect 2 'needs --search greedy, astar or wastar' "alternation with beam: refused" -- \
	"$dmc" check "$d/$m" --search beam --heuristic hf,dL
expect 2 'hf given twice' "alternation: a heuristic twice is refused" -- \
	"$dmc" check "$d/$m" --heuristic hf,hf
expect 2 "unknown heuristic 'hX'" "alternation: an unknown name is refused" -- \
	"$dmc" check "$d/$m" --heuristic hf,hX
expect 2 'hf given twice with the same tie-breaking' "alternation: H:T twice is refused" -- \
	"$dmc" check "$d/$m" --heuristic hf:g,hf:g
expect 2 'for one heuristic use --tie' "H:T on a single heuristic: refused" -- \
	"$dmc" check "$d/$m" --heuristic hf:deep
expect 2 "unknown tie-breaking 'up'" "H:T with an unknown tie-breaking: refused" -- \
	"$dmc" check "$d/$m" --heuristic hf,none:up
expect 2 "unknown preset 'quick' (valid: fast, short, prove)" "an unknown preset: refused" -- \
	"$dmc" check "$d/$m" --preset quick

echo "guidance: $passed passed, $failed failed"
[ $failed = 0 ]
