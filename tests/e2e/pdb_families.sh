#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# pdb_families.sh -- the pattern database's proofs and dead ends on two
# generated families (tests/models/pdb_families): the token chain of N
# links (gen_chain.sh N ok|bad, Promela, rendezvous) and Fischer-style
# timed mutual exclusion of N processes (gen_mutex.sh N ok|bad, UPPAAL
# XML, translated with dmc translate so that SPIN and dmc read the same
# Promela).  For every model:
#   - SPIN's own depth-first pan (the oracle; -DBFS is none with
#     rendezvous) gives the verdict;
#   - A* with pdb (--no-por, with and without -E), greedy with pdb and
#     the default (dmc check without search options) give SPIN's verdict
#     and exit status, and every trail replays with spin -t to its
#     assertion;
#   - on the correct models with -E (every error pan checks is a target,
#     so dead ends are pruned) pdb proves it before the search:
#     h(initial) infinite, one state stored, its table's h_initial "inf";
#   - on the buggy chains with -E pdb finds dead ends (a link that kept the
#     token) and prunes them, and A* with pdb stores fewer states than A*
#     with hL;
#   - on the buggy chains of 8 and 10 links the default's guided search
#     stores at most 0.05x SPIN DFS's states (issue 40).
# The timed models are translated with zones: the patterns keep their
# automata's clocks as a zone (heuristics/pdb_zone.c), from the notes the
# translation writes beside its zone code.  The mutual exclusion of 5
# processes (whose everything-relevant table outgrows --pdb-states) is
# proved by the pattern grown toward a proof (--pdb-prove-states).
e2e_name=pdb_families
. "$(dirname "$0")/lib.sh"

[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }
command -v jq > /dev/null || { echo "pdb_families.sh needs jq" >&2; exit 2; }
gen=$top/tests/models/pdb_families
# spin's options for the model at hand (replay_trail reads qm_spin): the
# UPPAAL translations are checked as dmc check checks the XML, without
# statement merging (-o3, uppaal_trail.c)
qm_spin=

# run DIR TAG WHAT -- dmc check options: dmc check on DIR/m.pml, its
# verdict against DIR/ref.verdict, its exit status, its trail replayed
run() {
	d=$1; tag=$2; what=$3; shift 4
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check m.pml ${qm_spin:+--spin-opts "$qm_spin"} --json "$@" > "$tag.json" 2> "$tag.err")
	rc=$?
	v=$(json_str verdict "$d/$tag.json")
	ref=$(cat "$d/ref.verdict")
	if [ "$v" != "$ref" ]; then
		fail "$what: verdict '$v', SPIN says '$ref' (rc $rc): $(head -c 300 "$d/$tag.err")"
		return
	fi
	case $v/$rc in
	violation/1) ok "$what: violation, as SPIN" ;;
	no-violation/0) ok "$what: no violation, as SPIN"; return ;;
	*) fail "$what: exit status $rc for '$v'"; return ;;
	esac
	replay_trail "$what" "$d" m.pml "$tag" assert "$(json_num trail_length "$d/$tag.json")"
}

# family NAME FILE: stage FILE (Promela) as $work/NAME/m.pml with SPIN's
# verdict in ref.verdict; status 1 when SPIN cannot check it
family() {
	d=$work/$1
	mkdir -p "$d"
	cp "$2" "$d/m.pml"
	spin_ref "$d" m.pml "-O2 -DSAFETY" 300 "-m10000000" pan "$qm_spin" || { fail "$1: spin/gcc failed"; return 1; }
	case $sr_errors in
	0) echo no-violation > "$d/ref.verdict" ;;
	1) echo violation > "$d/ref.verdict" ;;
	*) fail "$1: SPIN's pan did not finish: $(tail -n 3 "$d/pan.out")"; return 1 ;;
	esac
	rm -f "$d/m.pml.trail"
}

check_model() { # NAME: the searches on $work/NAME
	name=$1; d=$work/$name
	run "$d" astar "$name A*/pdb" -- --search astar --heuristic pdb --no-por
	run "$d" greedy "$name greedy/pdb" -- --search greedy --heuristic pdb
	run "$d" default "$name default" --
	run "$d" astarE "$name A*/pdb -E" -- --search astar --heuristic pdb --no-por -- -E
	if [ "$(cat "$d/ref.verdict")" = no-violation ]; then
		hi=$(json_str h_initial "$d/astarE.json")/$(json_num states_stored "$d/astarE.json")
		t0=$(json_get '.pdb.patterns[0].h_initial' "$d/astarE.json")
		if [ "$hi/$t0" = inf/1/inf ]; then ok "$name: proved by the pattern database (1 state stored)"
		else fail "$name: h(initial)/stored/table's h(initial) $hi/$t0, expected inf/1/inf"; fi
	fi
}

for n in 4 6; do
	for kind in ok bad; do
		sh "$gen/gen_chain.sh" "$n" "$kind" > "$work/chain.pml"
		family "chain${n}_$kind" "$work/chain.pml" || continue
		check_model "chain${n}_$kind"
	done
	d=$work/chain${n}_bad
	[ -f "$d/astarE.json" ] || continue
	run "$d" greedyE "chain${n}_bad greedy/pdb -E" -- --search greedy --heuristic pdb -- -E
	dead=$(json_get '.pdb.patterns[0].dead_ends' "$d/greedyE.json")
	pruned=$(json_num states_pruned "$d/greedyE.json")
	if [ "${dead:-0}" -gt 0 ] && [ "${pruned:-0}" -gt 0 ]; then
		ok "chain${n}_bad: pdb finds $dead dead end(s), $pruned pruned"
	else fail "chain${n}_bad: dead ends '$dead', pruned '$pruned'"; fi
	run "$d" hL "chain${n}_bad A*/hL" -- --search astar --heuristic hL --no-por
	a=$(json_num states_stored "$d/astar.json"); b=$(json_num states_stored "$d/hL.json")
	if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]; then ok "chain${n}_bad: A* pdb stores $a states, A* hL $b"
	else fail "chain${n}_bad: A* pdb stores '$a' states, A* hL '$b'"; fi
done

# issue 40: the default's guided search (greedy, preset fast, whose
# alternation has pdb-cone: the exact table of everything the assert
# depends on) stores at most 0.05x the states of SPIN's own depth-first
# pan (partial-order reduction on, invalid end states checked, as dmc
# check) on the buggy chains of 8 and 10 links: the pdb-cone list walks
# past the links that kept the token, which hf, hU and dL cannot see
for n in 8 10; do
	name=chain${n}_bad
	sh "$gen/gen_chain.sh" "$n" bad > "$work/chain.pml"
	family "$name" "$work/chain.pml" || continue
	spin_states=$sr_states
	run "$work/$name" guided "$name default (guided member)" -- --portfolio off
	st=$(json_num states_stored "$work/$name/guided.json")
	h=$(json_str heuristic "$work/$name/guided.json")
	if [ -n "$st" ] && [ -n "$spin_states" ] && [ $((st * 20)) -le "$spin_states" ]; then
		ok "$name: the default ($h) stores $st states, SPIN DFS $spin_states (<= 0.05x)"
	else fail "$name: the default ($h) stores '$st' states, SPIN DFS '$spin_states': more than 0.05x"; fi
done

qm_spin=-o3
for m in 3:ok 3:bad 4:ok 5:ok; do
	n=${m%:*}; kind=${m#*:}; name=mutex${n}_$kind
	sh "$gen/gen_mutex.sh" "$n" "$kind" > "$work/$name.xml"
	if ! "$dmc" translate "$work/$name.xml" -o "$work/$name.pml" 2> "$work/$name.err"; then
		fail "$name: dmc translate failed: $(head -c 300 "$work/$name.err")"
		continue
	fi
	family "$name" "$work/$name.pml" || continue
	if [ "$n" = 5 ]; then
		# SPIN's pan is the oracle; A* with pdb proves it
		run "$work/$name" astarE "$name A*/pdb -E" -- --search astar --heuristic pdb --no-por -- -E
		hi=$(json_str h_initial "$work/$name/astarE.json")/$(json_num states_stored "$work/$name/astarE.json")
		if [ "$hi" = inf/1 ]; then ok "$name: proved by the grown pattern (1 state stored)"
		else fail "$name: h(initial)/stored $hi, expected inf/1"; fi
		continue
	fi
	check_model "$name"
done

# the UPPAAL model itself: dmc check reads the XML's stored query
"$dmc" check "$work/mutex4_ok.xml" --search astar --heuristic pdb --no-por --json -- -E \
	> "$work/xml.json" 2> "$work/xml.err"
rc=$?
if [ "$rc/$(json_str verdict "$work/xml.json")/$(json_num states_stored "$work/xml.json")" = 0/no-violation/1 ]; then
	ok "mutex4_ok.xml: proved with zones (1 state stored)"
else fail "mutex4_ok.xml: rc $rc, $(tail -c 300 "$work/xml.err")"; fi

echo "pdb_families: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
