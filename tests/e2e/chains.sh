#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# chains.sh -- chains of atomic steps (runtime/chains.c): the states inside
# an atomic sequence or a rendezvous handshake are queued, not stored.
# On the models of tests/models/chains and a few others with atomic
# sequences, for bfs, A*, weighted A*, greedy and beam:
#   - the verdict and exit status equal SPIN's own (depth-first) pan's;
#   - a trail replays with spin -t for as many steps as it has;
#   - bfs and A* (heuristic none; hL on an assertion) find a trail as long
#     as SPIN's breadth-first search's (-DBFS -DNOREDUCE);
#   - bfs stores fewer states than with --no-chains where chain states
#     were queued, and with --no-chains as many as SPIN's BFS when
#     nothing is found;
# and on a UPPAAL model (Fischer's protocol, zones), the same verdict with
# fewer states stored.  Prints failures (every check with VERBOSE=1) and
# "N passed, N failed".
e2e_name=chains
. "$(dirname "$0")/lib.sh"
[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }
command -v jq > /dev/null || { echo "chains.sh needs jq" >&2; exit 2; }

# run DIR MODEL TAG SEARCH HEURISTIC [dmc options]: dmc check, its JSON in
# DIR/TAG.json, exit status in rc, verdict in v
run() {
	d=$1; m=$2; tag=$3; s=$4; h=$5; shift 5
	rm -f "$d/$m.trail"
	(cd "$d" && "$dmc" check "$m" --json --search "$s" --heuristic "$h" "$@" > "$tag.json" 2> "$tag.err")
	rc=$?
	json_keep "$d/$tag.json"
	v=$(json_str verdict "$d/$tag.json" 2> /dev/null)
}

# check DIR MODEL SEARCH HEURISTIC REF BFS_LEN: one search against SPIN
check() {
	d=$1; m=$2; s=$3; h=$4; ref=$5; bfs_len=$6
	what="$m $s/$h"
	run "$d" "$m" "$s$h" "$s" "$h"
	want_rc=0
	[ "$ref" = violation ] && want_rc=1
	if [ "$s" = beam ] && [ "$v" = incomplete ] && [ "$ref" = no-violation ]; then
		ok "$what: beam incomplete"
	elif [ "$v" != "$ref" ] || [ "$rc" != "$want_rc" ]; then
		fail "$what: verdict '$v' exit $rc, SPIN says $ref: $(head -c 300 "$d/$s$h.err")"; return
	else
		ok "$what: $v"
	fi
	on=$(json_get .chains.on "$d/$s$h.json")
	[ "$on" = true ] || fail "$what: chains $on ($(json_get .chains.note "$d/$s$h.json"))"
	[ "$v" = violation ] || return
	len=$(json_num trail_length "$d/$s$h.json")
	# shortest: bfs and A* without a heuristic, A* hL on an assertion
	# (the errors it aims at)
	kind=$s/$h
	case $(json_str error "$d/$s$h.json") in *"assertion violated"*) ;; *) [ "$kind" = astar/hL ] && kind=other ;; esac
	# (pan -DBFS breaks atomicity at a failed rendezvous offer, which
	# SPIN's DFS and dmc do not: rendezvous models compare with
	# --no-chains below instead)
	grep -q '\[0\]' "$d/$m" && kind=rendezvous
	case $kind in
	bfs/none|astar/none)
		if [ "$len" = "$bfs_len" ]; then ok "$what: shortest trail ($len, as SPIN's BFS)"
		else fail "$what: trail of $len steps, SPIN's BFS $bfs_len"; fi ;;
	astar/hL)
		# as long as without chains (hL's own trail: statement merging
		# can make it longer than SPIN BFS's, chains or not)
		(cd "$d" && "$dmc" check "$m" --json --search astar --heuristic hL --no-chains > ahL_off.json 2> /dev/null)
		want=$(json_num trail_length "$d/ahL_off.json")
		if [ "$len" = "$want" ]; then ok "$what: trail of $len steps, as without chains"
		else fail "$what: trail of $len steps, $want with --no-chains"; fi
		rm -f "$d/$m.trail"
		(cd "$d" && "$dmc" check "$m" --json --search astar --heuristic hL > /dev/null 2>&1) ;;
	esac
	(cd "$d" && timeout 60 spin -t -p "$m" > "$s$h.replay" 2>&1)
	steps=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$d/$s$h.replay")
	if [ "$steps" = "$len" ]; then ok "$what: spin -t replays its $len steps"
	else fail "$what: spin -t replayed '$steps' steps of a $len-step trail"; fi
}

for f in "$top"/tests/models/chains/*.pml "$top"/tests/models/race_counter_bad.pml \
	"$top"/tests/models/atomic_counter_ok.pml "$top"/tests/models/rendezvous/atomic_bad.pml \
	"$top"/tests/models/rendezvous/atomic_select_ok.pml "$top"/tests/models/dstep_swap_bad.pml; do
	m=$(basename "$f")
	d=$work/${m%.pml}
	mkdir -p "$d/ref" "$d/bfs"
	cp "$f" "$d/"; cp "$f" "$d/ref/"; cp "$f" "$d/bfs/"
	spin_ref "$d/ref" "$m" "" 60 ""
	case $sr_errors in
	"") fail "$m: SPIN's pan gave no verdict"; continue ;;
	0) ref=no-violation ;;
	*) ref=violation ;;
	esac
	spin_ref "$d/bfs" "$m" "-DBFS -DNOREDUCE" 60 ""
	bfs_len=$sr_len
	bfs_states=$sr_states; bfs_errors=$sr_errors
	for sh in bfs/none astar/none astar/hL wastar/hL greedy/hL beam/hL; do
		check "$d" "$m" "${sh%/*}" "${sh#*/}" "$ref" "$bfs_len"
	done
	# states: chains against --no-chains, and --no-chains against SPIN's BFS
	run "$d" "$m" nochains bfs none --no-chains
	a=$(json_num states_stored "$d/bfsnone.json"); b=$(json_num states_stored "$d/nochains.json")
	c=$(json_get .chains.states_not_stored "$d/bfsnone.json")
	if [ "$(json_get .chains.on "$d/nochains.json")" != false ] || [ "$(json_get .chains.states_not_stored "$d/nochains.json")" != 0 ]; then
		fail "$m --no-chains: chains $(jq -c .chains "$d/nochains.json")"
	elif [ "$c" -gt 0 ] && [ "$a" -lt "$b" ]; then ok "$m bfs: $a states stored, $b with --no-chains ($c chain states)"
	elif [ "$c" = 0 ] && [ "$a" = "$b" ]; then ok "$m bfs: no chain states, $a states stored either way"
	else fail "$m bfs: $a states stored ($c chain states), $b with --no-chains"; fi
	la=$(json_num trail_length "$d/bfsnone.json"); lb=$(json_num trail_length "$d/nochains.json")
	[ "$la" = "$lb" ] && ok "$m bfs: a trail of $la steps either way" \
		|| fail "$m bfs: a trail of $la steps, $lb with --no-chains"
	if [ "$v" = no-violation ] && [ "$bfs_errors" = 0 ] && [ "$b" != "$bfs_states" ]; then
		fail "$m bfs --no-chains: $b states stored, SPIN's BFS $bfs_states"
	fi
done

# a chain that would be a cycle inside atomic is cut (runtime/chains.h):
# the search ends, and the model has chain states
c=$(json_get .chains.states_not_stored "$work/atomic_branch_ok/greedyhL.json")
[ "${c:-0}" -gt 0 ] && ok "atomic_branch_ok: $c chain states, the search ended" \
	|| fail "atomic_branch_ok: chain states '$c'"

# UPPAAL: Fischer's protocol (zones), the query's violation, fewer states
d=$work/fischer
mkdir -p "$d"
cp "$top/contrib/models/fischer_A_5.xta" "$top/contrib/models/fischer_A_5.q" "$d/"
for sh in greedy/hL astar/hL; do
	s=${sh%/*}; h=${sh#*/}
	run "$d" fischer_A_5.xta "$s" "$s" "$h" --query fischer_A_5.q
	run "$d" fischer_A_5.xta "${s}_off" "$s" "$h" --query fischer_A_5.q --no-chains
	a=$(json_num states_stored "$d/$s.json"); b=$(json_num states_stored "$d/${s}_off.json")
	va=$(json_str verdict "$d/$s.json"); vb=$(json_str verdict "$d/${s}_off.json")
	if [ "$va/$vb" = violation/violation ] && [ "$a" -lt "$b" ]; then
		ok "fischer_A_5 $sh: violation, $a states stored ($b with --no-chains)"
	else fail "fischer_A_5 $sh: $va with $a states, $vb with $b with --no-chains"; fi
done

echo "chains: $passed passed, $failed failed"
[ "$failed" = 0 ]
