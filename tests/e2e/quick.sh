#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# quick.sh -- make check's end-to-end tier: the models and runs of
# quick.list, against SPIN's results committed in tests/oracle/ (make
# oracle writes them; see tests/oracle/generate.sh).  For every run:
#   - a complete search gives SPIN's verdict, exit status and error kind;
#     beam's violation is a real one, its no-violation is flagged
#     incomplete;
#   - bfs and astar (heuristic none, dL or hL, and dL/hL only where the
#     error is an assertion or a claim) without reduction find a trail
#     as long as SPIN's breadth-first search's (without a never claim:
#     dmc's trails then list the claim's steps, SPIN's BFS trails not);
#   - without reduction, bfs/none stores as many states as SPIN's BFS (at most
#     as many on a UPPAAL translation with zones: zone inclusion; fewer
#     where states inside atomic sequences were queued without being
#     stored: runtime/chains.c),
#     and a search that finds nothing (heuristic none) as many as the
#     whole state space; a liveness run that finds nothing, as many outer
#     states as SPIN's nested DFS stored;
#   - every trail replays with spin -t for as many steps as it has, to an
#     assertion violation or into its cycle.
# All runs share one build cache: a model's pan is built once (twice for
# -l); --no-por is pan's run-time option.  Reads dmc's --json with jq.
# Prints failures (every check with VERBOSE=1) and "N passed, N failed".
e2e_name=quick
. "$(dirname "$0")/lib.sh"
oracle_dir=$top/tests/oracle
[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }
command -v jq > /dev/null || { echo "quick.sh needs jq (apt-get install jq)" >&2; exit 2; }

# key's value in the current model's oracle
ora() { sed -n "s/^$1	//p" "$oracle"; }
# a field of the run's JSON result ("null" when absent)
js() { jq -r "$1" "$d/$tag.json"; }

model_ok=0; model_name=""
# model NAME PATH [key=value...]: stage it and find its oracle
model() {
	model_ok=0; model_name=$1
	quick_model "$@" > "$work/stage.err" 2>&1 || { fail "$1: cannot stage: $(head -c 300 "$work/stage.err")"; return; }
	oracle=$oracle_dir/$qm_name.tsv
	if [ ! -f "$oracle" ]; then fail "$qm_name: no oracle $oracle (make oracle)"; return; fi
	if [ "$(ora promela_sum)" != "$(file_sum "$qm_dir/$qm_pml")" ] || [ "$(ora pan_options)" != "$qm_pan" ]; then
		fail "$qm_name: the model (or its translation) is not the one $oracle was made from: run make oracle"
		return
	fi
	model_ok=1
	n=0
}

# ready NAME: a run's model line came before it and was staged (the
# runs of a model that failed are skipped: the failure is reported once)
ready() {
	if [ "$1" != "$model_name" ]; then fail "quick.list: a run of $1 not after its model line"; return 1; fi
	[ "$model_ok" = 1 ] || { skipped=$((skipped + 1)); return 1; }
}

# the dmc options a run takes from the model line
mode_opts() {
	case $qm_mode in a) echo "-a${qm_ltl:+ --ltl $qm_ltl}" ;; l) echo -l ;; esac
	[ -z "$qm_spin" ] || echo "--spin-opts=$qm_spin"
	[ -z "$qm_meta" ] || echo "--meta=$qm_meta"
}

# run NAME SEARCH HEURISTIC [dmc options] [-- pan options]
run() {
	ready "$1" || return
	s=$2; h=$3; shift 3
	dopts=""; popts=$qm_pan; inpan=0; nopor=0; lua=0
	# "-": not given (a Lua script's settings choose)
	[ "$s" = - ] || dopts="--search $s"
	[ "$h" = - ] || dopts="$dopts --heuristic $h"
	for a in "$@"; do
		case $a in contrib/*|tests/*) a=$top/$a ;; esac
		case $a in --no-por) nopor=1 ;; --lua) lua=1 ;; esac
		if [ "$a" = -- ]; then inpan=1
		elif [ $inpan = 1 ]; then popts="$popts $a"
		else dopts="$dopts $a"; fi
	done
	n=$((n + 1)); tag=r$n; d=$qm_dir; m=$qm_pml
	what="$qm_name $s/$h$(echo "$*" | sed "s|$top/||g; s/^./ &/")"
	rm -f "$d/$m.trail"
	# shellcheck disable=SC2046,SC2086
	(cd "$d" && "$dmc" check "$m" --json $(mode_opts) $dopts \
		${popts:+-- $popts} > "$tag.json" 2> "$tag.err")
	rc=$?
	json_keep "$d/$tag.json"
	if ! v=$(js .verdict 2> /dev/null) || [ -z "$v" ]; then
		fail "$what: exit status $rc, no JSON result: $(head -c 300 "$d/$tag.err")"; return
	fi
	ref=$(ora verdict)
	if [ "$s" = beam ]; then
		if [ "$v" = no-violation ] && [ "$(js .states_dropped)" != 0 ]; then
			fail "$what: beam dropped states but claimed a complete search"
		elif [ "$v" = violation ] && [ "$ref" != violation ]; then
			fail "$what: beam found a violation SPIN does not"
		else ok "$what: $v"; fi
	elif [ "$v" = "$ref" ]; then ok "$what: verdict $v"
	else fail "$what: verdict '$v', SPIN says '$ref' (exit $rc)"; return; fi
	case $v/$rc in
	violation/1|no-violation/0|incomplete/3) ;;
	*) fail "$what: exit status $rc for '$v'" ;;
	esac
	case $popts in *--no-por*) nopor=1 ;; esac
	# states: only without reduction, and where the search order cannot matter
	if [ $nopor = 1 ] && [ $lua = 0 ] && [ "$qm_mode" = safety ]; then
		want=""
		if [ "$s/$h" = bfs/none ] && [ "$(ora bfs_verdict)" = "$v" ]; then want=$(ora bfs_states)
		elif [ "$h" = none ] && [ "$v" = no-violation ]; then want=$(ora bfs_states); fi
		if [ -n "$want" ] && [ "$want" != - ]; then
			got=$(js .states_stored)
			if [ "$got" = "$want" ]; then ok "$what: $got states, as SPIN's BFS"
			elif grep -q 'dmc_zclose' "$qm_dir/$qm_pml" && [ "$got" -le "$want" ] && [ "$got" -gt 0 ]; then
				# a UPPAAL translation with zones: the glue leaves out a
				# state whose zone a stored one covers (glue_zone.c), SPIN
				# stores it
				ok "$what: $got states, at most SPIN's BFS's $want (zone inclusion)"
			elif [ "$(js '.chains.states_not_stored // 0')" -gt 0 ] && [ "$got" -lt "$want" ] && [ "$got" -gt 0 ]; then
				# chains of atomic steps (runtime/chains.c): the states
				# inside an atomic sequence or a handshake are not stored
				ok "$what: $got states, fewer than SPIN's BFS's $want (chain states not stored)"
			else fail "$what: $got states stored, SPIN's BFS $want"; fi
		fi
	elif [ $nopor = 1 ] && [ "$v" = no-violation ]; then
		got=$(js .liveness.outer_states); want=$(ora states)
		if [ "$got" = "$want" ]; then ok "$what: $got states, as SPIN's nested DFS"
		else fail "$what: $got outer states, SPIN's nested DFS stored $want"; fi
	fi
	[ "$v" = violation ] || return
	kind=$(pan_error "$d/$tag.err")
	[ "$kind" = "$(ora error)" ] || fail "$what: error '$kind', SPIN's first error '$(ora error)'"
	len=$(js .trail_length)
	# shortest: the errors the heuristic aims at (a deadlock on the way to
	# an assertion may be longer)
	case $nopor/$lua/$qm_mode/$s/$h/$kind in
	1/0/safety/bfs/none/*|1/0/safety/astar/none/*|1/0/safety/astar/[dh]L/assert|1/0/safety/astar/[dh]L/claim)
		want=$(ora bfs_length)
		if [ "$want" = - ] || [ "$(ora bfs_verdict)" != violation ] || [ "$(ora never_claim)" = yes ]; then :
		elif [ "$len" = "$want" ]; then ok "$what: shortest trail ($len, as SPIN's BFS)"
		else fail "$what: trail of $len steps, SPIN's BFS $want"; fi ;;
	esac
	replay_trail "$what" "$d" "$m" "$tag" "$kind" "$len"
}

# native NAME SEARCH HEURISTIC [dmc options]: dmc check on the UPPAAL or
# ANMLite file itself, its front end's verdict
native() {
	ready "$1" || return
	s=$2; h=$3; shift 3
	n=$((n + 1)); tag=n$n; d=$qm_dir
	what="$qm_name (${qm_src##*/}) $s/$h"
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check "$qm_src" ${qm_query:+--query "$qm_query"} ${qm_horizon:+--horizon "$qm_horizon"} \
		--json --search "$s" --heuristic "$h" "$@" \
		> "$tag.json" 2> "$tag.err")
	rc=$?
	json_keep "$d/$tag.json"
	v=$(js .verdict 2> /dev/null)
	case $v/$rc/$(ora verdict) in
	violation/1/violation|no-violation/0/no-violation) ok "$what: verdict $v" ;;
	*) fail "$what: verdict '$v' (exit $rc), SPIN says '$(ora verdict)': $(head -c 300 "$d/$tag.err")" ;;
	esac
}

# E2E_LIST=FILE: another list of the same form (tests/e2e/ut.sh)
grep -v '^#' "${E2E_LIST:-$top/tests/e2e/quick.list}" | grep . > "$work/list"
while read -r kind rest; do
	# E2E_ONLY=REGEX: only the models whose name matches
	if [ -n "${E2E_ONLY:-}" ] && ! echo "${rest%% *}" | grep -Eq "$E2E_ONLY"; then continue; fi
	# shellcheck disable=SC2086
	case $kind in
	model|run|native) $kind $rest < /dev/null ;;
	*) fail "quick.list: unknown line '$kind $rest'" ;;
	esac
done < "$work/list"

[ "$skipped" = 0 ] || echo "quick: $skipped runs skipped (their model failed)"
echo "quick: $passed passed, $failed failed"
[ "$failed" = 0 ]
