#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# rendezvous.sh -- blocked states, against SPIN's default (depth-first)
# pan: states blocked on rendezvous offers (tests/models/rendezvous/), and
# with a never claim the claim's stutter steps at a state where no process
# can move (tests/models/stutter/: pan -DBFS has none, SPIN's DFS lets the
# claim move alone and reports "end state in claim reached").
#
# pan -DBFS counts a rendezvous offer as a move and learns only later
# whether a receiver takes it, so it misses invalid end states (SPIN warns
# "use of rendezvous with BFS does not preserve all invalid endstates"),
# never tries timeout there, and breaks an atomic sequence as soon as one
# offer fails.  SPIN's DFS is the oracle.  For every model in those
# directories (pan options from a "pan-options:" comment),
# each search with POR on and off must:
#   - give the verdict (and exit status) of SPIN's depth-first pan;
#   - write a trail that spin -t replays for all its steps;
#   - for an invalid end state or the claim's end, end in the state SPIN's
#     DFS trail ends in (the processes' and the claim's final locations in
#     spin -t), and for an assertion, show it violated.
# RV_ONLY=REGEX restricts the models to those whose name matches.
e2e_name=rendezvous
. "$(dirname "$0")/lib.sh"

[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }

# greedy/dL prunes proved dead ends when every error pan checks is a
# target (the -E models): a mid-rendezvous state must never be pruned
# (timeout_prune_E_bad); greedy/deadlock aims at invalid end states
configs="astar/none greedy/dU bfs/none dfs/none beam/dU greedy/dL"

# the final locations of the processes after spin -t (sorted, one a line)
final_locations() {
	sed -n '/^#processes:/,$p' "$1" | sed -n 's/^ *-*[0-9]*:[ \t]*\(proc .*(state [0-9]*)\).*/\1/p' | sort
}

# reference DIR MODEL OPTS: SPIN's DFS pan; ref.verdict, ref.kind, ref.final
reference() {
	d=$1; m=$2; opts=$3
	mkdir -p "$d/ref"
	cp "$d/$m" "$d/ref/"
	spin_ref "$d/ref" "$m" -O0 60 "$opts" || return 1
	errs=$sr_errors
	[ -n "$errs" ] || return 1
	if [ "$errs" -gt 0 ]; then echo violation; else echo no-violation; fi > "$d/ref.verdict"
	case $(grep -m1 '^pan:1:' "$d/ref/pan.out") in
	*"invalid end state"*) echo deadlock ;;
	*"end state in claim"*) echo claim ;;
	*"assertion violated"*) echo assert ;;
	*) echo other ;;
	esac > "$d/ref.kind"
	if [ -f "$d/ref/$m.trail" ]; then
		(cd "$d/ref" && timeout 60 spin -t -p "$m" > replay.out 2>&1)
		final_locations "$d/ref/replay.out" > "$d/ref.final"
	fi
	return 0
}

check() { # dir model name search heuristic por opts [dmc options]
	d=$1; m=$2; name=$3; s=$4; h=$5; por=$6; opts=$7; shift 7
	tag=$s-$h-$por
	what="$name $s/$h POR $por"
	set -- "$@" --search "$s" --heuristic "$h"
	[ "$s" = beam ] && set -- "$@" --beam 1000000
	# pan's own --no-por searches the -DNOREDUCE graph without a second
	# build (por.sh checks that it equals dmc check --no-por)
	[ "$por" = off ] && opts="$opts --no-por"
	rm -f "$d/$m.trail"
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check "$m" --json "$@" -- $opts > "$tag.json" 2> "$tag.err")
	rc=$?
	if [ $rc = 2 ] && grep -q 'need.*target\|has no\|no goals' "$d/$tag.err"; then
		skipped=$((skipped + 1))   # the heuristic does not apply
		return
	fi
	v=$(json_str verdict "$d/$tag.json")
	ref=$(cat "$d/ref.verdict")
	if [ "$v" != "$ref" ]; then
		fail "$what: verdict '$v' (rc $rc), SPIN's DFS says '$ref'"
		return
	fi
	ok "$what: $v"
	case $v in
	violation) [ $rc = 1 ] || fail "$what: exit status $rc for a violation" ;;
	*) [ $rc = 0 ] || fail "$what: exit status $rc for no violation" ;;
	esac
	[ "$v" = violation ] || return
	len=$(json_num trail_length "$d/$tag.json")
	if [ ! -f "$d/$m.trail" ]; then fail "$what: no trail"; return; fi
	(cd "$d" && timeout 60 spin -t -p "$m" > "$tag.replay" 2>&1)
	steps=$(sed -n 's/.*trail ends after \(-*[0-9]*\) steps.*/\1/p' "$d/$tag.replay")
	# an error in the initial state: SPIN says "trail ends after -4 steps"
	[ "$len" = 0 ] && [ "$steps" = -4 ] && steps=0
	if [ "$steps" = "$len" ]; then ok "$what: trail replays ($len steps)"
	else fail "$what: spin -t replayed '$steps' steps of a $len-step trail"; return; fi
	case $(cat "$d/ref.kind") in
	deadlock|claim)
		if [ "$(cat "$d/ref.kind")" = deadlock ]; then
			grep -q 'invalid end state' "$d/$tag.err" "$d/$tag.json" \
				|| fail "$what: not reported as an invalid end state"
		else
			grep -q 'end state in claim' "$d/$tag.err" "$d/$tag.json" \
				|| fail "$what: not reported as the claim's end"
		fi
		final_locations "$d/$tag.replay" > "$d/$tag.final"
		if [ -s "$d/$tag.final" ] && cmp -s "$d/$tag.final" "$d/ref.final"; then
			ok "$what: spin -t ends in the blocked state"
		else
			fail "$what: spin -t ends in $(tr '\n' ';' < "$d/$tag.final"), SPIN's DFS in $(tr '\n' ';' < "$d/ref.final")"
		fi ;;
	assert)
		if grep -q 'assertion violated' "$d/$tag.replay"; then ok "$what: replay violates the assertion"
		else fail "$what: replay shows no assertion violation"; fi ;;
	esac
}

for f in "$top"/tests/models/rendezvous/*.pml "$top"/tests/models/stutter/*.pml; do
	name=$(basename "$f" .pml)
	if [ -n "${RV_ONLY:-}" ] && ! echo "$name" | grep -Eq "$RV_ONLY"; then continue; fi
	opts=$(sed -n 's/.*pan-options: *//p' "$f" | head -n 1)
	d=$work/$name
	mkdir -p "$d"
	cp "$f" "$d/"
	if ! reference "$d" "$name.pml" "$opts"; then
		fail "$name: SPIN's DFS reference run failed"
		continue
	fi
	for cfg in $configs; do
		for por in on off; do
			check "$d" "$name.pml" "$name" "${cfg%/*}" "${cfg#*/}" "$por" "$opts"
		done
	done
	if [ "$(cat "$d/ref.kind")" = deadlock ]; then
		check "$d" "$name.pml" "$name" greedy deadlock on "$opts" --target deadlock
	fi
done

echo "rendezvous: $skipped checks not applicable (heuristic without targets)"
echo "rendezvous: $passed passed, $failed failed"
[ $failed = 0 ]
