#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# pdb.sh -- the pattern-database heuristics (--heuristic pdb and pdb-pred) against
# SPIN's breadth-first search (-DBFS -DNOREDUCE), on the pdb models
# (tests/models/pdb/, pan options from a "pan-options:" comment, spin's
# from a "spin-options:" comment, e.g. -o3 without statement merging) and the
# safety models of tests/models/ listed below.  For every model:
#   - A* with pdb (and with pdb-pred) and --no-por gives SPIN's verdict and exit status; its
#     trail replays with spin -t for all its steps and, for an assertion,
#     is exactly as long as SPIN's BFS trail (pdb is admissible, and the
#     dead ends it prunes have no path to an error);
#   - greedy with pdb (POR on) gives SPIN's verdict and a trail that
#     replays;
#   - with -E (every error pan checks is a target, so dead ends are
#     pruned) the same for A*;
# and on the correct pdb models whose h(initial) is infinite the search
# stores just the initial state.  PDB_ONLY=REGEX restricts the models.
e2e_name=pdb
. "$(dirname "$0")/lib.sh"

[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }
command -v jq > /dev/null || { echo "pdb.sh needs jq" >&2; exit 2; }

# reference DIR MODEL OPTS: SPIN's BFS: ref.verdict, ref.len, ref.kind;
# status 2 when SPIN's BFS cannot check the model
reference() {
	d=$1; m=$2; opts=$3
	mkdir -p "$d/ref"
	cp "$d/$m" "$d/ref/"
	# shellcheck disable=SC2086
	(cd "$d/ref" && spin $spinopts -a "$m" > spin.out 2>&1 && gcc -O2 -w -DBFS -DNOREDUCE -o pan pan.c) || return 1
	# shellcheck disable=SC2086
	(cd "$d/ref" && timeout 120 ./pan $opts > pan.out 2>&1)
	grep -q 'not supported in BFS\|VECTORSZ is too small' "$d/ref/pan.out" && return 2
	errs=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$d/ref/pan.out")
	[ -n "$errs" ] || return 1
	# with rendezvous SPIN's BFS may miss errors: not an oracle here
	# (tests/e2e/rendezvous.sh checks those models against SPIN's DFS)
	grep -q "rendezvous with BFS does not preserve" "$d/ref/pan.out" && return 2
	if [ "$errs" -gt 0 ]; then
		echo violation > "$d/ref.verdict"
		trail_system_steps "$d/ref/$m.trail" > "$d/ref.len"
	else
		echo no-violation > "$d/ref.verdict"
		echo 0 > "$d/ref.len"
	fi
	pan_error "$d/ref/pan.out" > "$d/ref.kind"
	return 0
}

check() { # dir model name tag search opts panopts
	d=$1; m=$2; name=$3; tag=$4; s=$5; opts=$6; pan=$7
	what="$name $s/$heur $pan"
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check "$m" ${spinopts:+--spin-opts "$spinopts"} --json --search "$s" --heuristic "$heur" -- $pan $opts \
		> "$tag.json" 2> "$tag.err")
	rc=$?
	if [ "$rc" = 2 ] && grep -q 'needs target locations' "$d/$tag.err"; then
		skipped=$((skipped + 1))
		return
	fi
	v=$(json_str verdict "$d/$tag.json")
	ref=$(cat "$d/ref.verdict")
	if [ "$v" != "$ref" ]; then
		fail "$what: verdict '$v', SPIN says '$ref' (rc $rc): $(head -c 300 "$d/$tag.err")"
		return
	fi
	ok "$what: verdict $v"
	case $v in
	violation) [ "$rc" = 1 ] || fail "$what: exit status $rc for a violation" ;;
	no-violation) [ "$rc" = 0 ] || fail "$what: exit status $rc for no violation" ;;
	esac
	if [ "$v" = no-violation ]; then
		case $(json_str h_initial "$d/$tag.json")/$(json_num states_pruned "$d/$tag.json") in
		inf/0) ;;                 # pruning is off (pan checks more than the targets)
		inf/*) stored=$(json_num states_stored "$d/$tag.json")
			if [ "$stored" = 1 ]; then ok "$what: proved by the abstraction (1 state stored)"
			else fail "$what: h(initial) is infinite but $stored states were stored"; fi ;;
		esac
		return
	fi
	len=$(json_num trail_length "$d/$tag.json")
	# shellcheck disable=SC2086
	(cd "$d" && timeout 60 spin $spinopts -t -p "$m" > "$tag.replay" 2>&1)
	steps=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$d/$tag.replay")
	if [ "$steps" = "$len" ]; then ok "$what: trail replays ($len steps)"
	else fail "$what: spin -t replayed '$steps' steps of a $len-step trail"; fi
	if [ "$s" = astar ] && [ "$(cat "$d/ref.kind")" = assert ]; then
		sys=$(trail_system_steps "$d/$m.trail")
		if [ "$sys" = "$(cat "$d/ref.len")" ]; then ok "$what: shortest trail ($sys steps, as SPIN's BFS)"
		else fail "$what: A* trail has $sys steps, SPIN's BFS $(cat "$d/ref.len")"; fi
	fi
	rm -f "$d/$m.trail"
}

# the suite's models pdb runs on besides its own: buffered and rendezvous
# channels, d_step, run, mtype, arrays, a never claim
suite="array_pid_bad buf_fifo_ok buf_overflow_bad deadlock_ordered_ok dstep_swap_bad
mtype_light_bad mtype_proto_ok never_claim_bad race_counter_bad relax_chain_bad
relax_cycle_bad run_spawn_bad rv_select_bad"
for f in "$top"/tests/models/pdb/*.pml $(for n in $suite; do echo "$top/tests/models/$n.pml"; done); do
	name=$(basename "$f" .pml)
	if [ -n "${PDB_ONLY:-}" ] && ! echo "$name" | grep -Eq "$PDB_ONLY"; then continue; fi
	opts=$(sed -n 's/.*pan-options: *//p' "$f" | head -n 1)
	spinopts=$(sed -n 's/.*spin-options: *//p' "$f" | head -n 1)
	for pass in plain E; do
		popts=$opts
		if [ $pass = E ]; then
			case " $opts " in *" -E "*) continue ;; esac
			popts="$opts -E"
		fi
		d=$work/$name-$pass
		stage_model "$f" "$d"
		reference "$d" "$name.pml" "$popts"
		case $? in
		0) ;;
		2) skipped=$((skipped + 1)); continue ;;
		*) fail "$name: SPIN's BFS reference run failed"; continue ;;
		esac
		heur=pdb
		check "$d" "$name.pml" "$name" a astar "$popts" --no-por
		[ $pass = plain ] && check "$d" "$name.pml" "$name" g greedy "$popts" ""
		heur=pdb-pred
		check "$d" "$name.pml" "$name" ap astar "$popts" --no-por
	done
done

# the results' pdb member (docs/json.md), and a proof by the abstraction
if [ -z "${PDB_ONLY:-}" ] || echo deadend_ok | grep -Eq "$PDB_ONLY"; then
	d=$work/json-deadend
	stage_model "$top/tests/models/pdb/deadend_ok.pml" "$d"
	for heur in pdb pdb-pred; do
		(cd "$d" && "$dmc" check deadend_ok.pml --json --search astar --heuristic $heur -- -E > $heur.json 2> $heur.err)
		got=$(jq -r '[.pdb.tables >= 1, .pdb.pattern_size >= 1, .pdb.abstract_states >= 1, .pdb.h_initial, .pdb.build_s >= 0, .states_stored] | map(tostring) | join(" ")' "$d/$heur.json" 2> /dev/null)
		if [ "$got" = "true true true inf true 1" ]; then ok "deadend_ok $heur: JSON pdb member, proved with 1 state"
		else fail "deadend_ok $heur: JSON says '$got'"; fi
	done
	(cd "$d" && "$dmc" check deadend_ok.pml --json --heuristic hL > hL.json 2> /dev/null)
	if [ "$(jq -c .pdb "$d/hL.json")" = null ]; then ok "hL: JSON pdb is null"
	else fail "hL: JSON pdb is $(jq -c .pdb "$d/hL.json")"; fi
fi

# a UPPAAL translation: A* with pdb and pdb-pred finds a trail as short as
# breadth-first search's (A* with none)
if [ -z "${PDB_ONLY:-}" ] || echo fischer | grep -Eq "$PDB_ONLY"; then
	d=$work/fischer
	mkdir -p "$d"
	cp "$top/contrib/models/fischer_B_5.xta" "$top/contrib/models/fischer_B_5.q" "$d/"
	for heur in none pdb pdb-pred; do
		(cd "$d" && "$dmc" check fischer_B_5.xta --query fischer_B_5.q --json --search astar --heuristic $heur \
			--no-por -- -E > $heur.json 2> $heur.err)
	done
	want=$(jq -r .trail_length "$d/none.json")
	for heur in pdb pdb-pred; do
		got=$(jq -r '.verdict + " " + (.trail_length | tostring)' "$d/$heur.json" 2> /dev/null)
		if [ "$got" = "violation $want" ]; then ok "fischer_B_5 astar/$heur: shortest trail ($want steps)"
		else fail "fischer_B_5 astar/$heur: '$got', breadth-first: $want steps"; fi
	done
fi

# correct UPPAAL translations, whose edges are atomic sequences: the
# abstraction that knows who moves alone proves them (h(initial)
# infinite, 1 state stored; the Fischer variant's whole relevant
# abstraction, about 120000 abstract states, needs a larger table than
# the default), verdicts as SPIN's BFS; the erroneous arbiter tree gets
# a shortest trail
# uppaal_case NAME SRC SED MORE: contrib/models/SRC.xta edited by SED,
# translated, checked with A* and pdb (dmc options MORE) against SPIN's BFS
uppaal_case() {
	name=$1; d=$work/$1
	mkdir -p "$d"
	sed "$3" "$top/contrib/models/$2.xta" > "$d/$name.xta"
	cp "$top/contrib/models/$2.q" "$d/$name.q"
	if ! "$dmc" translate "$d/$name.xta" --query "$d/$name.q" -o "$d/$name.pml" 2> "$d/translate.err"; then
		fail "$name: cannot translate: $(head -c 300 "$d/translate.err")"
		return
	fi
	reference "$d" "$name.pml" "-E"
	case $? in
	0) ;;
	2) skipped=$((skipped + 1)); return ;;
	*) fail "$name: SPIN's BFS reference run failed"; return ;;
	esac
	heur=pdb
	check "$d" "$name.pml" "$name" a astar "-E" "--no-por $4"
}
if [ -z "${PDB_ONLY:-}" ] || echo uppaal_atomic | grep -Eq "$PDB_ONLY"; then
	spinopts=-o3
	uppaal_case arbiter_2_ok arbiter_2 's/^const int BUG = .*;/const int BUG = 0;/' ""
	uppaal_case arbiter_2_err arbiter_2 's/^//' ""
	uppaal_case fischer_C_5_ok fischer_C_5 's/x >= k/x > k/' "--pdb-states 400000"
	spinopts=""
fi

echo "pdb: $skipped checks not applicable"
echo "pdb: $passed passed, $failed failed"
[ $failed = 0 ]
