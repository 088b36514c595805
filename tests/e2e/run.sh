#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# run.sh -- end-to-end tests: real spin, real pan, SPIN as the oracle.
#
# For every model (tests/models/*.pml and the SPIN examples listed in
# examples.list) build SPIN's own breadth-first pan from the same
# `spin -a` output (-DBFS -DNOREDUCE) and run it: that is the reference
# verdict and the shortest trail length.  Then run `dmc check` with each
# search and heuristic and check:
#   - a complete search gives SPIN's verdict;
#   - every counterexample replays with spin -t, for as many steps as the
#     trail has, and shows the same kind of error;
#   - A* with an admissible heuristic finds a trail exactly as long as
#     SPIN's breadth-first search;
#   - the plugin and the portable build give identical searches.
# A* runs with --no-por (its trails are shortest in the unreduced graph);
# the other searches with dmc's default, partial-order reduction on.
# Prints one line per check and closes with "N passed, N failed".
# E2E_ONLY=REGEX restricts the models to those whose name matches.
e2e_name=e2e
. "$(dirname "$0")/lib.sh"

# The kind of error pan reported (first line "pan:1: ...").
error_kind() {
	if grep -q '^	never claim *	+' "$1"; then echo claim; return; fi
	case $(grep -m1 '^pan:1:' "$1") in
	*"assertion violated"*) echo assert ;;
	*"invalid end state"*) echo deadlock ;;
	*"claim"*) echo claim ;;
	"") echo none ;;
	*) echo other ;;
	esac
}

# reference MODELDIR MODEL PANOPTS: SPIN's BFS (in MODELDIR/ref, its
# output ref/pan.out), writes ref.verdict ref.len ref.kind
reference() {
	d=$1; m=$2; opts=$3
	stage_model "$d/$m" "$d/ref"
	spin_ref "$d/ref" "$m" "-O2 -DBFS -DNOREDUCE" 120 "$opts" || return 1
	if grep -q 'not supported in BFS\|VECTORSZ is too small' "$sr_o"; then
		return 2
	fi
	errs=$sr_errors
	[ -n "$errs" ] || return 1
	if [ "$errs" -gt 0 ]; then
		echo violation > "$d/ref.verdict"
		[ "$sr_len" = - ] && echo 0 > "$d/ref.len" || echo "$sr_len" > "$d/ref.len"
		rm -f "$d/ref/$m.trail"
	else
		echo no-violation > "$d/ref.verdict"
		echo 0 > "$d/ref.len"
	fi
	error_kind "$d/ref/pan.out" > "$d/ref.kind"
	if [ "$errs" = 0 ] && grep -q 'rendezvous with BFS does not preserve' "$d/ref/pan.out" \
	   && spin_dfs_deadlock "$d/ref" "$m" "$opts"; then
		# SPIN's DFS finds an invalid end state behind rendezvous
		# offers: its verdict (no shortest length known)
		echo violation > "$d/ref.verdict"
		echo -1 > "$d/ref.len"
		echo deadlock > "$d/ref.kind"
	fi
	if [ "$(cat "$d/ref.verdict")" = no-violation ] && grep -q '^	never claim *	+' "$d/ref/pan.out" \
	   && spin_dfs_claim_end "$d/ref" "$m" "$opts"; then
		# SPIN's DFS lets the claim stutter at a blocked state and reaches
		# its end: its verdict (no shortest length known)
		echo violation > "$d/ref.verdict"
		echo -1 > "$d/ref.len"
		echo claim > "$d/ref.kind"
	fi
	return 0
}

# run_dmc DIR MODEL TAG SEARCH HEURISTIC [extra dmc options] -- pan options
run_dmc() {
	d=$1; m=$2; tag=$3; shift 3
	(cd "$d" && "$dmc" check "$m" --json "$@" > "$tag.json" 2> "$tag.err")
	echo $? > "$d/$tag.rc"
}

check_config() { # dir model name tag search heuristic panopts [dmc opts]
	d=$1; m=$2; name=$3; tag=$4; s=$5; h=$6; opts=$7; shift 7
	# A*'s trails are compared with SPIN's -DNOREDUCE BFS: the same graph,
	# without partial-order reduction (the other searches keep it on;
	# tests/e2e/por.sh compares POR with no reduction).  pan's --no-por
	# searches the -DNOREDUCE graph (por.sh checks it) without a second build.
	cc_pan=$opts
	[ "$s" = astar ] && cc_pan="$opts --no-por"
	# shellcheck disable=SC2086
	run_dmc "$d" "$m" "$tag" --search "$s" --heuristic "$h" "$@" -- $cc_pan
	rc=$(cat "$d/$tag.rc")
	what="$name $s/$h"
	if [ "$rc" = 2 ]; then
		if grep -q 'need.*target\|has no\|needs variable\|only with deadlock\|no goals' "$d/$tag.err"; then
			skipped=$((skipped + 1))   # heuristic does not apply to this model
			return
		fi
		fail "$what: dmc exited 2: $(head -c 300 "$d/$tag.err")"
		return
	fi
	v=$(json_str verdict "$d/$tag.json")
	ref=$(cat "$d/ref.verdict")
	case $s in
	beam) # incomplete: a violation must be real, no-violation must be flagged
		if [ "$v" = no-violation ] && [ "$(json_num states_dropped "$d/$tag.json")" != 0 ]; then
			fail "$what: beam dropped states but claimed a complete search"
		elif [ "$v" = violation ] && [ "$ref" != violation ]; then
			fail "$what: beam found a violation SPIN does not"
		else ok "$what: $v"; fi ;;
	*)
		if [ "$v" = "$ref" ]; then ok "$what: verdict $v"
		else fail "$what: verdict '$v', SPIN says '$ref' (rc $rc)"; return; fi ;;
	esac
	case $v in
	violation) [ "$rc" = 1 ] || fail "$what: exit status $rc for a violation" ;;
	no-violation) [ "$rc" = 0 ] || fail "$what: exit status $rc for no violation" ;;
	incomplete) [ "$rc" = 3 ] || fail "$what: exit status $rc for an incomplete search" ;;
	esac
	[ "$v" = violation ] || return
	len=$(json_num trail_length "$d/$tag.json")
	trail=$d/$m.trail
	if [ ! -f "$trail" ]; then fail "$what: no trail file $trail"; return; fi
	[ "$(trail_steps "$trail")" = "$len" ] || fail "$what: trail_length $len but the file has $(trail_steps "$trail") steps"
	(cd "$d" && timeout 60 spin -t -p "$m" > "$tag.replay" 2>&1)
	steps=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$d/$tag.replay")
	if [ "$steps" = "$len" ]; then ok "$what: trail replays ($len steps)"
	else fail "$what: spin -t replayed '$steps' steps of a $len-step trail"; fi
	if [ "$(cat "$d/ref.kind")" = assert ]; then
		if grep -q 'assertion violated' "$d/$tag.replay"; then ok "$what: replay violates the assertion"
		elif grep -q '^pan:1: invalid end state' "$d/$tag.err" && spin_dfs_deadlock "$d/ref" "$m" "$opts"; then
			ok "$what: found an invalid end state behind rendezvous offers first (SPIN's DFS has it too)"
		else fail "$what: replay shows no assertion violation"; fi
	fi
	# shortest for the errors the heuristic aims at: with the default
	# targets (asserts, claim) a deadlock found on the way may be longer
	case $s/$h/$(cat "$d/ref.kind") in
	astar/none/*|astar/dL/assert|astar/dL/claim|astar/hL/assert|astar/hL/claim)
		# (the processes' steps: SPIN's BFS trails leave the claim's out)
		sys=$(trail_system_steps "$trail")
		if [ "$(cat "$d/ref.len")" = -1 ]; then :   # SPIN's BFS does not find it
		elif [ "$sys" = "$(cat "$d/ref.len")" ]; then ok "$what: shortest trail ($sys steps, as SPIN's BFS)"
		else fail "$what: A* trail has $sys steps, SPIN's BFS $(cat "$d/ref.len")"; fi ;;
	esac
	mv "$trail" "$d/$tag.trail"
}

# the same search through the plugin and through the portable rewrite
check_portable() { # dir model name panopts
	d=$1; m=$2; name=$3; opts=$4
	# shellcheck disable=SC2086
	run_dmc "$d" "$m" plug --search greedy --heuristic dU -- $opts
	# shellcheck disable=SC2086
	run_dmc "$d" "$m" port --portable --search greedy --heuristic dU -- $opts
	rm -f "$d/$m.trail"
	strip() { json_stable "$1"; }
	if [ "$(cat "$d/plug.rc")" = 2 ] && [ "$(cat "$d/port.rc")" = 2 ]; then
		skipped=$((skipped + 1))
	elif [ -n "$(strip "$d/plug.json")" ] && [ "$(strip "$d/plug.json")" = "$(strip "$d/port.json")" ]; then
		ok "$name: plugin and portable builds search identically"
	else
		fail "$name: plugin and portable builds differ: $(strip "$d/plug.json") vs $(strip "$d/port.json")"
	fi
}

test_model() { # source-path panopts [suffix configs]
	src=$1; opts=$2; suffix=${3:-}
	configs=${4:-"bfs/none dfs/none astar/none astar/dL wastar/dU greedy/dU greedy/hf beam/dL astar/hL greedy/hU greedy/hUc"}
	name=$(basename "$src" .pml)$suffix
	# E2E_ONLY=REGEX: only the models whose name matches
	if [ -n "${E2E_ONLY:-}" ] && ! echo "$name" | grep -Eq "$E2E_ONLY"; then return 0; fi
	d=$work/$name
	stage_model "$src" "$d"
	m=$(basename "$src")
	reference "$d" "$m" "$opts"
	case $? in
	0) ;;
	2) skipped=$((skipped + 1)); [ -n "${VERBOSE:-}" ] && echo "skip $name: SPIN's BFS cannot check it ($(grep -m1 'pan:1:' "$d/ref/pan.out"))"; return ;;
	*) fail "$name: SPIN reference run failed"; return ;;
	esac
	i=0
	for cfg in $configs; do
		i=$((i + 1))
		check_config "$d" "$m" "$name" "c$i" "${cfg%/*}" "${cfg#*/}" "$opts"
	done
	[ -z "$suffix" ] || return 0
	if [ "$(cat "$d/ref.kind")" = deadlock ]; then
		check_config "$d" "$m" "$name" cdl greedy deadlock "$opts" --target deadlock
	fi
	[ "${PORTABLE_ALL:-}" ] || case $name in peterson|p312|hajek|for_select_example|sat) ;; *) return ;; esac
	check_portable "$d" "$m" "$name" "$opts"
}

# Dead-end pruning is sound only when every error pan reports is a
# target; with -E (no invalid-end-state check) the assert and claim
# models are searched again with the heuristics that prune (dL, hL, hU),
# against SPIN's own verdict with -E.
pruning_pass() { # source-path panopts
	case " $2 " in *" -E "*) return ;; esac
	test_model "$1" "$2 -E" _E "astar/dL greedy/dL astar/hL greedy/hL greedy/hU greedy/hUc"
}

[ -x "$top/build/libdmc.a" ] || [ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }

for f in "$top"/tests/models/*.pml; do
	[ -f "$f" ] || continue
	opts=$(sed -n 's/^\/\/ *pan-options: *//p' "$f" | head -n 1)
	test_model "$f" "$opts"
	pruning_pass "$f" "$opts"
done
if [ -d "$examples" ]; then
	example_list > "$work/list"
	while read -r rel opts; do
		test_model "$examples/$rel" "${opts:-}"
		pruning_pass "$examples/$rel" "${opts:-}"
	done < "$work/list"
else
	echo "note: $examples not found (Debian package spin); SPIN's examples not tested"
fi

echo "e2e: $skipped checks not applicable (heuristic without targets, or a model SPIN's BFS cannot check)"
echo "e2e: $passed passed, $failed failed"
[ $failed = 0 ]
