#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# distributed.sh -- the hash-distributed search (dmc check --ranks N,
# docs/distributed.md) on the safety models of the quick tier
# (quick.list), against SPIN's results in tests/oracle/.  With 2 and 3
# ranks (oversubscribed on this machine):
#   - bfs/none, astar/none, astar/hL and greedy/hL give SPIN's verdict,
#     exit status and error kind;
#   - without reduction, bfs and astar (none; hL where the error is an
#     assertion) give a trail as long as SPIN's breadth-first search's:
#     no rank accepts a trail while another holds a state that could
#     lead to a shorter one;
#   - a search that finds nothing stores every state (bfs/none, no
#     reduction: at least SPIN's BFS count; states inside atomic
#     sequences or rendezvous may be stored on two ranks);
#   - bfs/none without reduction gives the verdict and trail length of
#     the same search in one process (dmc check without --ranks);
#   - the states are spread over the ranks: on a model of 1,000 states
#     or more every rank stores at least half of its share;
#   - every trail replays with spin -t for as many steps as it has;
#   - with DMC_DIST_DELAY (messages kept in flight at random) the
#     termination detection never ends a search early: the same verdicts
#     and state counts;
#   - a needle in a haystack (tests/models/needle_bad.pml), 1, 2 and 4
#     ranks: astar/hL ends by itself with SPIN's BFS trail length,
#     proven shortest; greedy/hf stores at most 2N times one process's
#     states (4 times with 2 ranks); a needle never found is searched
#     whole; a signal or a time limit in a guided run: exit 3;
#   - what is not distributed (a never claim, -a) is refused, exit 2.
# Skipped (exit 0) when spin-dmc was configured without Open MPI.
e2e_name=distributed
. "$(dirname "$0")/lib.sh"
[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }
cd "$work" || exit 2
if [ ! -f "$top/build/libdmc_mpi.a" ] || ! command -v mpirun > /dev/null; then
	echo "distributed: skipped (no Open MPI: apt-get install libopenmpi-dev openmpi-bin, ./configure)"
	exit 0
fi
oracle_dir=$top/tests/oracle
models="${DIST_MODELS:-race_counter_bad dstep_swap_bad run_spawn_bad deadlock_locks_bad deadlock_locks_E atomic_counter_ok mtype_light_bad rv_select_bad rv_handshake_ok counter_noise_2}"

# one NAME RANKS SEARCH HEURISTIC [dmc options]
one() {
	name=$1; ranks=$2; s=$3; h=$4; shift 4
	n=$((n + 1)); tag=r$n; d=$qm_dir; m=$qm_pml
	what="$name --ranks $ranks $s/$h${*:+ $*}"
	rm -f "$d/$m.trail" "$d"/*.rank*.trail
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check "$m" --json --ranks "$ranks" --search "$s" --heuristic "$h" "$@" \
		${qm_spin:+--spin-opts="$qm_spin"} ${qm_pan:+-- $qm_pan} > "$tag.json" 2> "$tag.err")
	rc=$?
	js() { json_keep "$d/$tag.json"; jq -r "$1" "$d/$tag.json"; }
	if ! v=$(js .verdict 2> /dev/null) || [ -z "$v" ]; then
		fail "$what: exit status $rc, no JSON result: $(grep -v '^-\|^ \|^$' "$d/$tag.err" | head -c 300)"; return
	fi
	ref=$(ora verdict)
	if [ "$v" = "$ref" ]; then ok "$what: verdict $v"
	else fail "$what: verdict '$v', SPIN says '$ref' (exit $rc)"; return; fi
	case $v/$rc in
	violation/1|no-violation/0) ;;
	*) fail "$what: exit status $rc for '$v'" ;;
	esac
	case "$*" in *--no-por*) nopor=1 ;; *) nopor=0 ;; esac
	if [ "$v" = no-violation ] && [ "$s/$h/$nopor" = bfs/none/1 ]; then
		got=$(js .states_stored); want=$(ora bfs_states)
		if [ "$got" -ge "$want" ]; then ok "$what: $got states (SPIN's BFS $want)"
		else fail "$what: $got states stored, SPIN's BFS $want: states were lost"; fi
	fi
	if [ "$s/$h/$nopor" = bfs/none/1 ]; then
		if [ "$v" = "$one_v" ] && [ "$(js '.trail_length // "-"')" = "$one_len" ]; then
			ok "$what: as one process's bfs ($one_v, trail $one_len)"
		else fail "$what: $v, trail $(js '.trail_length // "-"'); one process's bfs: $one_v, trail $one_len"; fi
	fi
	spread "$what" "$d/$tag.json"
	ls "$d"/*.rank*.trail > /dev/null 2>&1 && fail "$what: a rank's own trail file was left behind"
	[ "$v" = violation ] || return
	kind=$(dist_error "$d/$tag.err")
	[ "$kind" = "$(ora error)" ] || fail "$what: error '$kind', SPIN's first error '$(ora error)'"
	len=$(js .trail_length)
	case $nopor/$s/$h/$kind in
	1/bfs/none/*|1/astar/none/*|1/astar/hL/assert)
		want=$(ora bfs_length)
		if [ "$want" = - ] || [ "$(ora bfs_verdict)" != violation ]; then :
		elif [ "$len" = "$want" ]; then ok "$what: shortest trail ($len, as SPIN's BFS)"
		else fail "$what: trail of $len steps, SPIN's BFS $want"; fi ;;
	esac
	replay_trail "$what" "$d" "$m" "$tag" "$kind" "$len"
}

ora() { sed -n "s/^$1	//p" "$oracle"; }

# The kind of error of a distributed run (FILE: its output).  Every rank
# prints the errors it finds, and a rank may find a longer error of
# another kind before the reported trail's length reaches it (the bound
# is broadcast, but not at once: docs/distributed.md), so SPIN's kind
# when some rank found it (the replay then checks that the reported
# trail reaches it), else the first.
dist_error() {
	grep '^pan:1:' "$1" > "$work/errors.txt"
	while read -r line; do
		printf '%s\n' "$line" > "$work/error.txt"
		[ "$(pan_error "$work/error.txt")" = "$(ora error)" ] && { ora error; return; }
	done < "$work/errors.txt"
	pan_error "$1"
}

# spread WHAT JSON: on 1,000 states or more, every rank stores at least
# half of its share (the owner is picked by a hash of the state)
spread() {
	_n=$(jq -r '.ranks | length' "$2" 2> /dev/null)
	_total=$(jq -r '.states_stored' "$2" 2> /dev/null)
	[ "${_n:-0}" -ge 2 ] && [ "${_total:-0}" -ge 1000 ] || return
	_least=$(jq -r '[.ranks[].states_stored] | min' "$2")
	if [ $((_least * _n * 2)) -ge "$_total" ]; then ok "$1: spread over the ranks (least $_least of $_total)"
	else fail "$1: a rank stores $_least of $_total states: less than half of its share"; fi
}

# one process's bfs/none without reduction: its verdict and trail length
one_bfs() {
	# shellcheck disable=SC2086
	(cd "$qm_dir" && "$dmc" check "$qm_pml" --json --search bfs --heuristic none --no-por \
		${qm_spin:+--spin-opts="$qm_spin"} ${qm_pan:+-- $qm_pan} > one.json 2> one.err)
	one_v=$(jq -r '.verdict // "none"' "$qm_dir/one.json" 2> /dev/null)
	one_len=$(jq -r '.trail_length // "-"' "$qm_dir/one.json" 2> /dev/null)
	rm -f "$qm_dir/$qm_pml.trail"
}

for name in $models; do
	line=$(grep "^model $name " "$top/tests/e2e/quick.list")
	# shellcheck disable=SC2086
	quick_model ${line#model } > "$work/stage.err" 2>&1 < /dev/null \
		|| { fail "$name: cannot stage: $(head -c 300 "$work/stage.err")"; continue; }
	oracle=$oracle_dir/$name.tsv
	n=0
	one_bfs < /dev/null
	for ranks in 2 3; do
		one "$name" "$ranks" bfs none --no-por < /dev/null
		one "$name" "$ranks" astar none --no-por < /dev/null
		one "$name" "$ranks" astar hL --no-por < /dev/null
		one "$name" "$ranks" greedy hL < /dev/null
	done
	DMC_DIST_DELAY=1 one "$name" 3 bfs none --no-por < /dev/null
	DMC_DIST_DELAY=1 one "$name" 2 greedy hL < /dev/null
done

# ---- a needle in a haystack: tests/models/needle_bad.pml ----
# With 1, 2 and 4 ranks: astar/hL ends by itself (the trail's length is
# broadcast, every rank prunes by it, Safra's termination ends the run)
# with SPIN's BFS trail length and says it is proven shortest; greedy/hf
# keeps its guidance (stores at most 4 times one process's states with 2
# ranks, 8 times with 4); every trail replays.  A needle that is never
# found (LEN past pos's range) is searched whole: as many states as
# SPIN's BFS, "no violation".  A signal or a time limit in the middle of
# a guided greedy run: exit 3, incomplete.
nd=$work/needle
mkdir -p "$nd" && cp "$top/tests/models/needle_bad.pml" "$nd/" || exit 2
qm_spin=""
# SPIN's BFS: the verdict, the shortest trail; and the state count of a
# needle never found
(cd "$nd" && spin -a needle_bad.pml > /dev/null && gcc -O2 -w -DBFS -DNOREDUCE -o pan pan.c \
	&& ./pan > spin.out 2>&1)
if grep -q 'assertion violated' "$nd/spin.out" && [ -f "$nd/needle_bad.pml.trail" ]; then
	spin_len=$(trail_steps "$nd/needle_bad.pml.trail"); ok "needle: SPIN's BFS: violation, $spin_len steps"
else fail "needle: SPIN's BFS found no violation: $(tail -c 300 "$nd/spin.out")"; spin_len=-; fi
rm -f "$nd/needle_bad.pml.trail"
lost="-DLEN=300 -DNOISE=1 -DHAY=6"
(cd "$nd" && spin $lost -a needle_bad.pml > /dev/null && gcc -O2 -w -DBFS -DNOREDUCE -o pan pan.c \
	&& ./pan -m100000 > spin_lost.out 2>&1)
lost_states=$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' "$nd/spin_lost.out")
hay="-DNOISE=4 -DLEN=20 -DHAY=100"     # greedy's haystack: large enough to get lost in

# nrun TAG [dmc check options]: needle_bad.pml in $nd, JSON in TAG.json
nrun() {
	_t=$1; shift
	rm -f "$nd"/needle_bad.pml.trail "$nd"/*.rank*.trail
	(cd "$nd" && "$dmc" check needle_bad.pml --json "$@" > "$_t.json" 2> "$_t.err")
	nrc=$?
}
nj() { jq -r "$1" "$nd/$2.json" 2> /dev/null; }

greedy1=$(cd "$nd" && "$dmc" check needle_bad.pml --json --spin-opts="$hay" --search greedy --heuristic hf 2> /dev/null \
	| jq -r .states_stored); rm -f "$nd/needle_bad.pml.trail"
for r in 1 2 4; do
	what="needle --ranks $r astar/hL"
	nrun a$r --ranks $r --search astar --heuristic hL --no-por --time-limit 100
	v=$(nj .verdict a$r); len=$(nj .trail_length a$r)
	if [ "$v/$nrc" = violation/1 ] && [ "$len" = "$spin_len" ]; then ok "$what: ends by itself, violation, $len steps (SPIN's BFS)"
	else fail "$what: exit $nrc, $v, trail $len (SPIN's BFS $spin_len): $(nj .incomplete_reason a$r)"; fi
	if [ "$(nj .shortest a$r)" = true ] && { [ "$r" = 1 ] || [ "$(nj .anytime.proven_shortest a$r)" = true ]; }; then
		ok "$what: proven shortest"
	else fail "$what: not proven shortest ($(nj .shortest_reason a$r))"; fi
	[ "$v" = violation ] && replay_trail "$what" "$nd" needle_bad.pml a$r assert "$len"

	what="needle --ranks $r greedy/hf"
	nrun g$r --ranks $r --spin-opts="$hay" --search greedy --heuristic hf
	v=$(nj .verdict g$r); st=$(nj .states_stored g$r)
	bound=$((greedy1 * (r == 1 ? 1 : 2 * r)))
	if [ "$v/$nrc" != violation/1 ]; then fail "$what: exit $nrc, verdict $v"
	elif [ "$st" -le "$bound" ]; then ok "$what: $st states stored, one process $greedy1 (at most $bound)"
	else fail "$what: $st states stored, one process $greedy1: guidance lost (more than $bound)"; fi
	qm_spin="$hay"
	[ "$v" = violation ] && replay_trail "$what" "$nd" needle_bad.pml g$r assert "$(nj .trail_length g$r)"
	qm_spin=""

	what="needle never found --ranks $r greedy/hf"
	nrun l$r --ranks $r --spin-opts="$lost" --search greedy --heuristic hf --no-por
	v=$(nj .verdict l$r); st=$(nj .states_stored l$r)
	if [ "$v/$nrc" = no-violation/0 ] && [ "$st" -ge "${lost_states:-1}" ]; then
		ok "$what: no violation after $st states (SPIN's BFS $lost_states)"
	else fail "$what: exit $nrc, $v after $st states, SPIN's BFS stores $lost_states"; fi
done

# stopped in the middle of a guided run (ranks waiting for each other):
# incomplete, exit 3
long="-DLEN=300 -DNOISE=5 -DHAY=255"
(cd "$nd" && "$dmc" check needle_bad.pml --ranks 2 --spin-opts="$long" --search greedy --heuristic hf --max-depth 1 \
	> /dev/null 2>&1)   # built
for sig in INT TERM; do
	(cd "$nd" && exec env --default-signal=INT "$dmc" check needle_bad.pml --json --ranks 2 --spin-opts="$long" \
		--search greedy --heuristic hf > s.json 2> s.err) &
	spid=$!
	sleep 4
	kill -"$sig" "$spid"
	wait "$spid"; rc=$?
	if [ "$rc" = 3 ] && [ "$(jq -r .verdict "$nd/s.json" 2> /dev/null)" = incomplete ]; then
		ok "needle --ranks 2 greedy, SIG$sig: incomplete, exit 3"
	else fail "needle --ranks 2 greedy, SIG$sig: exit $rc, $(head -c 200 "$nd/s.json")"; fi
done
nrun t --ranks 2 --spin-opts="$long" --search greedy --heuristic hf --time-limit 2
if [ "$nrc" = 3 ] && [ "$(nj .verdict t)" = incomplete ]; then ok "needle --ranks 2 greedy, --time-limit 2: incomplete, exit 3"
else fail "needle --ranks 2 greedy, --time-limit 2: exit $nrc, $(nj .verdict t) ($(nj .incomplete_reason t))"; fi

# not distributed: refused before any search
line=$(grep "^model never_claim_bad " "$top/tests/e2e/quick.list")
# shellcheck disable=SC2086
quick_model ${line#model } > /dev/null 2>&1 < /dev/null
expect 2 "never claim" "never claim with --ranks 2: refused" -- \
	sh -c "cd '$qm_dir' && '$dmc' check '$qm_pml' --ranks 2"
expect 2 "" "--ranks 0: usage error" -- "$dmc" check "$qm_dir/$qm_pml" --ranks 0

echo "distributed: $passed passed, $failed failed"
[ "$failed" = 0 ]
