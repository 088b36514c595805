#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# uppaal_zones.sh -- dense time: the timed models of tests/models/uppaal/
# zones, each with its queries and UPPAAL's answers in its comments
# (`// expect QUERY: satisfied` or `NOT satisfied`, with the reason), are
# translated with zones (the Promela says so) and answered three times:
# by SPIN's own pan on the translation (full search), by `dmc check`
# (zone inclusion in the store) and by greedy hU with dead-end pruning,
# by breadth-first with and without zone inclusion and by greedy hU with
# --por (no inclusion).  All must give UPPAAL's answer; a witness's A*
# trail is as short as breadth-first's.  Then zone inclusion on Fischer
# F^A_5 and its correct variant: strictly fewer states, the same answers.  Then each model's queries as one .q file: one shared
# translation with zones, one pan build, the same answers.  Then the
# choice of semantics: a query zones cannot read keeps its own discrete
# translation, a stopwatch keeps discrete time and says why.
e2e_name=uppaal_zones
. "$(dirname "$0")/lib.sh"
models=$top/tests/models/uppaal/zones
cd "$work" || exit 2

# a model's "QUERY: ANSWER" lines (the reason after the answer cut off;
# a query may hold ": " and " (")
expected() { sed -n 's|^// expect \(.*: \(NOT \)\{0,1\}satisfied\).*|\1|p' "$1"; }

n=0
for m in "$models"/*.xta; do
	b=$(basename "$m")
	expected "$m" > "$work/expect.txt"
	[ -s "$work/expect.txt" ] || fail "$b: no expected answers"
	while IFS= read -r line; do
		q=${line%: *satisfied}
		ans=${line##*: }
		n=$((n + 1))
		d=$work/z$n
		mkdir -p "$d"
		if ! "$dmc" translate "$m" --target "$q" -o "$d/m.pml" 2> "$d/tr.err"; then
			fail "$b '$q': translation failed: $(cat "$d/tr.err")"
			continue
		fi
		grep -q 'clocks as zones, dense time' "$d/m.pml" || fail "$b '$q': not translated with zones"
		# a violation of the Monitor's assertion is a witness of E<>, a
		# counterexample of A[]
		case $q/$ans in
		E*/satisfied|A*/NOT\ satisfied) want=1 ;;
		*) want=0 ;;
		esac
		if spin_ref "$d" m.pml "-O0 -DSAFETY" 0 -m100000 && [ "$sr_rc" = 0 ]; then
			[ "$sr_errors" = "$want" ] && ok "$b '$q': SPIN's pan: $ans" \
				|| fail "$b '$q': expected $ans, SPIN's pan has $sr_errors errors"
		else
			fail "$b '$q': spin/gcc/pan failed: $(tail -n 3 "$d/spin.out" "$d/pan.out" 2> /dev/null)"
		fi
		"$dmc" check "$m" --query "$q" > "$d/check.out" 2>&1
		rc=$?
		[ "$rc" = "$want" ] && ok "$b '$q': dmc check: $ans" \
			|| fail "$b '$q': expected $ans (exit $want), dmc check exits $rc: $(tail -n 3 "$d/check.out")"
		# the relaxed heuristics read the zone test as true (never
		# false): with their dead-end pruning the answer is the same
		"$dmc" check "$m" --query "$q" --search greedy --heuristic hU -- -E > "$d/hu.out" 2>&1
		rc=$?
		[ "$rc" = "$want" ] && ok "$b '$q': greedy hU with pruning: $ans" \
			|| fail "$b '$q': expected $ans (exit $want), greedy hU exits $rc: $(tail -n 3 "$d/hu.out")"
		# pdb keeps the clocks as a zone but leaves a constraint between
		# two clocks out (the note's "?"): an over-approximation, so its
		# dead-end pruning keeps the answer
		case $b in
		differences.xta|difference_loop.xta|invariant_bounds.xta)
			"$dmc" check "$m" --query "$q" --search astar --heuristic pdb -- -E > "$d/pdb.out" 2>&1
			rc=$?
			[ "$rc" = "$want" ] && ok "$b '$q': A* pdb with pruning: $ans" \
				|| fail "$b '$q': expected $ans (exit $want), A* pdb exits $rc: $(tail -n 3 "$d/pdb.out")" ;;
		esac
		# zone inclusion (glue_zone.c) changes what is stored, never the
		# answer: breadth-first with and without it, and greedy hU with
		# --por (reduction, so no inclusion), give UPPAAL's answer;
		# breadth-first stores no more with it, and its trail is as short
		"$dmc" check "$m" --query "$q" --search bfs --json > "$d/bfs.json" 2> /dev/null
		rc=$?
		"$dmc" check "$m" --query "$q" --search bfs --no-zone-inclusion --json > "$d/bfs_all.json" 2> /dev/null
		rc_all=$?
		si=$(json_get .states_stored "$d/bfs.json"); sa=$(json_get .states_stored "$d/bfs_all.json")
		[ "$rc" = "$want" ] && [ "$rc_all" = "$want" ] && [ -n "$si" ] && [ -n "$sa" ] && [ "$si" -le "$sa" ] \
			&& [ "$(json_get .trail_length "$d/bfs.json")" = "$(json_get .trail_length "$d/bfs_all.json")" ] \
			&& [ -n "$(json_get .zone_inclusion.covered "$d/bfs.json")" ] \
			&& [ -z "$(json_get .zone_inclusion "$d/bfs_all.json")" ] \
			&& ok "$b '$q': bfs with zone inclusion: $ans, $si states (without: $sa), the same trail length" \
			|| fail "$b '$q': bfs exits $rc ($si states) with zone inclusion, $rc_all ($sa) without, expected $want"
		"$dmc" check "$m" --query "$q" --search greedy --heuristic hU --por --json > "$d/por.json" 2> /dev/null
		rc=$?
		[ "$rc" = "$want" ] && [ "$(json_get .por "$d/por.json")" = true ] \
			&& [ -z "$(json_get .zone_inclusion "$d/por.json")" ] \
			&& ok "$b '$q': greedy hU --por (no zone inclusion): $ans" \
			|| fail "$b '$q': expected $ans (exit $want), greedy hU --por exits $rc (por $(json_get .por "$d/por.json"))"
		# A* keeps a zone covered by a stored one reached at a larger
		# depth, and subsumes only from a depth no larger (glue_zone.c):
		# its trail is as short as breadth-first's, as "guaranteed
		# shortest" says (in pan steps, as breadth-first counts: hL
		# bounds steps, not the moves dmc check counts on UPPAAL models
		# by default, tests/e2e/uppaal_cost.sh)
		[ "$want" = 1 ] || continue
		"$dmc" check "$m" --query "$q" --search astar --heuristic hL --cost steps --json > "$d/astar.json" 2> /dev/null
		la=$(json_get .trail_length "$d/astar.json")
		lb=$(json_get .trail_length "$d/bfs.json")
		[ -n "$la" ] && [ "$la" = "$lb" ] && [ "$(json_get .shortest "$d/astar.json")" = true ] \
			&& ok "$b '$q': A* hL's trail is breadth-first's length ($la) and guaranteed shortest" \
			|| fail "$b '$q': A* hL trail $la (shortest: $(json_get .shortest "$d/astar.json")), bfs $lb"
	done < "$work/expect.txt"
done

# zone inclusion where it matters (docs/uppaal.md "Zone inclusion"):
# contrib's Fischer F^A_5 (a violation) and the correct protocol (x > k:
# the property holds, a full search).  Strictly fewer states with
# inclusion, queued states subsumed (not expanded), the same answers and
# shortest trails; greedy's default turns reduction off for it and says
# so, --por keeps reduction and stores every zone
cp "$top/contrib/models/fischer_A_5.xta" "$top/contrib/models/fischer_A_5.q" .
sed 's/x >= k && id == pid/x > k \&\& id == pid/' fischer_A_5.xta > fischer_ok_5.xta
grep -q 'x > k && id == pid' fischer_ok_5.xta || fail "fischer_ok_5.xta: the guard was not corrected"
for f in fischer_A_5 fischer_ok_5; do
	case $f in fischer_A_5) want=1 ;; *) want=0 ;; esac
	# every state stored (--no-chains), as SPIN's BFS stores them: the
	# states inside an edge's atomic step are where most zones are covered
	"$dmc" check $f.xta --query fischer_A_5.q --search bfs --no-chains --json > $f.in.json 2> /dev/null
	rc=$?
	"$dmc" check $f.xta --query fischer_A_5.q --search bfs --no-chains --no-zone-inclusion --json > $f.all.json 2> /dev/null
	rc_all=$?
	# with the chains (the default) inclusion still never stores more
	"$dmc" check $f.xta --query fischer_A_5.q --search bfs --json > $f.ch.json 2> /dev/null
	rc_ch=$?
	"$dmc" check $f.xta --query fischer_A_5.q --search bfs --no-zone-inclusion --json > $f.chall.json 2> /dev/null
	rc_chall=$?
	sc=$(json_get .states_stored $f.ch.json); sca=$(json_get .states_stored $f.chall.json)
	[ "$rc_ch" = $want ] && [ "$rc_chall" = $want ] && [ -n "$sc" ] && [ -n "$sca" ] && [ "$sc" -le "$sca" ] \
		&& ok "$f bfs with chains: exit $rc_ch, $sc states with zone inclusion, $sca without" \
		|| fail "$f bfs with chains: exit $rc_ch/$rc_chall (want $want), $sc states with inclusion, $sca without"
	si=$(json_get .states_stored $f.in.json); sa=$(json_get .states_stored $f.all.json)
	sub=$(json_get .zone_inclusion.subsumed $f.in.json); cov=$(json_get .zone_inclusion.covered $f.in.json)
	[ "$rc" = $want ] && [ "$rc_all" = $want ] && [ -n "$si" ] && [ -n "$sa" ] && [ "$si" -lt "$sa" ] \
		&& [ "${sub:-0}" -gt 0 ] && [ "${cov:-0}" -gt 0 ] \
		&& [ "$(json_get .states_expanded $f.in.json)" -lt "$(json_get .states_expanded $f.all.json)" ] \
		&& ok "$f bfs: exit $rc, $si states with zone inclusion ($cov covered, $sub subsumed), $sa without" \
		|| fail "$f bfs: exit $rc/$rc_all (want $want), $si states with inclusion ($cov covered, $sub subsumed), $sa without"
	if [ $want = 1 ]; then
		lb=$(json_get .trail_length $f.in.json)
		[ "$lb" = "$(json_get .trail_length $f.all.json)" ] && [ "$(json_get .shortest $f.in.json)" = true ] \
			&& ok "$f bfs: the shortest trail ($lb steps) with and without zone inclusion" \
			|| fail "$f bfs: trail $lb with inclusion, $(json_get .trail_length $f.all.json) without"
		# (in pan steps: hL bounds steps, not moves)
		"$dmc" check $f.xta --query fischer_A_5.q --search astar --heuristic hL --cost steps --json > $f.astar.json 2> /dev/null
		[ "$(json_get .trail_length $f.astar.json)" = "$lb" ] && [ "$(json_get .shortest $f.astar.json)" = true ] \
			&& ok "$f A* hL: the shortest trail ($lb steps), guaranteed" \
			|| fail "$f A* hL: trail $(json_get .trail_length $f.astar.json), bfs $lb"
	fi
	"$dmc" check $f.xta --query fischer_A_5.q --search greedy --heuristic hL --json > $f.greedy.json 2> /dev/null
	rc=$?
	"$dmc" check $f.xta --query fischer_A_5.q --search greedy --heuristic hL --por --json > $f.por.json 2> /dev/null
	rc_por=$?
	sg=$(json_get .states_stored $f.greedy.json); sp=$(json_get .states_stored $f.por.json)
	[ "$rc" = $want ] && [ "$rc_por" = $want ] && [ "$(json_get .por $f.greedy.json)" = false ] \
		&& json_get .por_proviso $f.greedy.json | grep -q 'zone translation: zone inclusion instead' \
		&& [ -n "$(json_get .zone_inclusion.covered $f.greedy.json)" ] \
		&& [ "$(json_get .por $f.por.json)" = true ] && [ -z "$(json_get .zone_inclusion $f.por.json)" ] \
		&& [ -n "$sg" ] && [ -n "$sp" ] && [ "$sg" -le "$sp" ] \
		&& ok "$f greedy hL: exit $rc, no reduction and $sg states with zone inclusion, $sp with --por" \
		|| fail "$f greedy hL: exit $rc/$rc_por (want $want), por $(json_get .por $f.greedy.json) ($(json_get .por_proviso $f.greedy.json)), $sg states, --por $sp"
done
# the full search's answer is SPIN's too (its own pan stores every zone)
d=$work/fok; mkdir -p "$d"
if "$dmc" translate fischer_ok_5.xta --query fischer_A_5.q -o "$d/m.pml" 2> /dev/null \
	&& spin_ref "$d" m.pml "-O0 -DSAFETY" 0 -m100000 && [ "$sr_rc" = 0 ]; then
	[ "$sr_errors" = 0 ] && ok "fischer_ok_5: SPIN's pan finds no error either" \
		|| fail "fischer_ok_5: SPIN's pan has $sr_errors errors"
else
	fail "fischer_ok_5: spin/gcc/pan failed"
fi

# every model's queries as one file: one translation with zones and one
# pan build for all of them (pan --initial dmc_query=K picks the query),
# each answer UPPAAL's, as above
answers() { sed -n 's/^ -- Formula \(is satisfied\|is NOT satisfied\|is skipped\|is not decided\).*/\1/p' "$1" | tr '\n' ','; }
for m in "$models"/*.xta; do
	b=$(basename "$m" .xta)
	expected "$m" | sed 's|: *\(NOT \)\{0,1\}satisfied$||' > "$b.q"
	want=$(expected "$m" | sed 's|.*: *satisfied$|is satisfied|; s|.*: *NOT satisfied$|is NOT satisfied|' | tr '\n' ',')
	DMC_CACHE=$work/mq_$b "$dmc" check "$m" --query "$b.q" > "$b.out" 2>&1
	[ "$(answers "$b.out")" = "$want" ] && ok "$b.q: $(grep -c '' "$b.q") queries in one run, UPPAAL's answers" \
		|| fail "$b.q: answers $(answers "$b.out"), expected $want: $(tail -n 3 "$b.out")"
	grep -q 'not exact' "$b.out" && fail "$b.q: an answer says it is not exact"
	pml=$(ls "$work/mq_$b"/uppaal-*/*.pml 2> /dev/null)
	[ "$(echo "$pml" | grep -c .)" = 1 ] && grep -q 'clocks as zones, dense time' "$pml" \
		&& [ "$(grep -c ':: assert(dmc_query != ' "$pml")" = "$(grep -c '' "$b.q")" ] \
		&& ok "$b.q: one shared translation, with zones" \
		|| fail "$b.q: not one shared translation with zones: $pml"
	nb=$(find "$work/mq_$b" -mindepth 1 -maxdepth 1 -type d ! -name 'uppaal-*' | wc -l)
	[ "$nb" = 1 ] && ok "$b.q: one pan build" || fail "$b.q: $nb pan builds"
done

# concrete traces (docs/uppaal.md "Concrete traces"): the witness or
# counterexample of a zone trail with its delays and the clocks' real
# values at the end, computed from the symbolic trail; each check is
# what the model's guards, invariants and the query demand of them
# trace MODEL QUERY: the trail's delays in delays.txt (one per line, in
# order), the final values line in final.txt
trace() {
	"$dmc" check "$models/$1" --query "$2" > trace.out 2>&1
	sed -n 's/^ *[0-9]*  delay \([0-9.]*\)$/\1/p' trace.out > delays.txt
	sed -n '/^final state:/{n;p;}' trace.out > final.txt
}
# awk over the delays d[1..n] and the final values v["x"]: 0 or 1
holds() {
	awk -v cond="$1" 'BEGIN { n = 0 }
		FNR == NR { d[++n] = $1; next }
		{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] + 0 } }
		END { exit !('"$1"') }' delays.txt final.txt
}
trace open_interval.xta 'E<> P.B'
holds 'n == 1 && d[1] > 1 && d[1] < 2 && v["x"] >= d[1]' \
	&& ok "concrete trace: open_interval E<> P.B waits 1 < d < 2 in A ($(cat delays.txt))" \
	|| fail "concrete trace: open_interval E<> P.B: $(cat trace.out)"
trace two_clocks.xta 'E<> P.C'
holds 'n == 2 && d[1] == 1 && d[2] > 0 && 1 + d[2] < 2 && v["x"] == 1 + v["y"] && v["y"] >= d[2]' \
	&& ok "concrete trace: two_clocks E<> P.C: x == 1, then 0 < y and x < 2 ($(cat delays.txt | tr '\n' ' '))" \
	|| fail "concrete trace: two_clocks E<> P.C: $(cat trace.out)"
# a counterexample ends where the query fails: in B with x < 2
trace clock_queries.xta 'A[] P.B imply x >= 2'
holds 'd[1] > 1 && d[1] <= 2 && v["x"] < 2 && v["x"] > 1 && v["x"] - v["y"] == d[1]' \
	&& ok "concrete trace: clock_queries A[] P.B imply x >= 2 ends with 1 < x < 2 ($(cat final.txt))" \
	|| fail "concrete trace: clock_queries A[] P.B imply x >= 2: $(cat trace.out)"
# spin reads the query's zone tests as true: it stops at the first case
# whose data part holds (x > 7, which the zone does not meet); the trace
# still ends in the case that holds, 1 < x < 1.5
trace clock_queries.xta 'E<> (P.B && x > 7) || (P.B && x < 1.5)'
holds 'v["x"] > 1 && v["x"] < 1.5' \
	&& ok "concrete trace: the query's second case ($(cat final.txt))" \
	|| fail "concrete trace: the query's second case: $(cat trace.out)"
trace forall_clocks.xta 'E<> forall (i : id_t) Q(i).T && Q(i).x < 2'
holds 'd[1] > 0 && d[1] <= 1 && d[1] + d[2] > 1 && d[1] + d[2] < 2 && v["Q(0).x"] == v["Q(1).x"] && v["Q(0).x"] < 2' \
	&& ok "concrete trace: forall_clocks: Q(0) leaves by 1, Q(1) after 1, both x < 2 at the end" \
	|| fail "concrete trace: forall_clocks: $(cat trace.out)"

# a clock difference: the reset at 3 < x < 4 leaves x - y > 3 for the
# guard of B -> E (read with x < 4)
trace differences.xta 'E<> P.E'
holds 'd[1] > 3 && d[1] < 4 && v["x"] - v["y"] == d[1]' \
	&& ok "concrete trace: differences E<> P.E: y reset at 3 < x < 4 ($(cat delays.txt | tr '\n' ' ')$(cat final.txt))" \
	|| fail "concrete trace: differences E<> P.E: $(cat trace.out)"
# an urgent channel: no delay once go is enabled, so x == 2 in B means
# S entered B at 0 and T set ready at 2
trace urgent_channel.xta 'E<> S.B && x == 2'
holds 'v["x"] == 2 && v["y"] == 2' \
	&& ok "concrete trace: urgent_channel E<> S.B && x == 2 ($(cat final.txt))" \
	|| fail "concrete trace: urgent_channel E<> S.B && x == 2: $(cat trace.out)"

# a query zones cannot read (a clock compared with a variable) where the
# network takes zones: it keeps its own translation, in discrete time
# (and says it is not exact), the other query shares the zone one
cat > mixed.xta <<'XTA'
clock x;
int[0,3] k = 2;
process P() { state A { x <= 3 }, B; init A; trans A -> B { guard x > 1; }; }
system P;
XTA
printf 'E<> P.B\nE<> P.A && x > k\n' > mixed.q
DMC_CACHE=$work/mq_mixed expect 1 'Formula is satisfied' "mixed.q: zones and discrete time" -- \
	"$dmc" check mixed.xta --query mixed.q
[ "$(answers out.txt)" = "is satisfied,is satisfied," ] && ok "mixed.q: both answers UPPAAL's" \
	|| fail "mixed.q: $(answers out.txt)"
grep -l 'clocks as zones, dense time' "$work"/mq_mixed/uppaal-*/*.pml > zoned.txt
grep -l 'clocks in discrete time' "$work"/mq_mixed/uppaal-*/*.pml > discrete.txt
[ "$(grep -c . zoned.txt)" = 1 ] && [ "$(grep -c . discrete.txt)" = 1 ] \
	&& ok "mixed.q: one translation with zones, one in discrete time" \
	|| fail "mixed.q: zones in $(cat zoned.txt), discrete time in $(cat discrete.txt)"

# discrete time has no clock differences: where zones are refused, an
# error names the difference and why zones are not used
cat > swd.xta <<'XTA'
clock x, y;
process P() { state A { x' == 0 }, B; init A; trans A -> B { guard x - y > 1; }; }
system P;
XTA
expect 2 'swd.xta:2:.*clock differences.*zones are not used: a clock rate' \
	"a clock difference in discrete time: an error with the reason" -- \
	"$dmc" translate swd.xta --target 'E<> P.B' -o swd.pml

# zones are refused where they cannot be exact yet: a stopwatch keeps
# discrete time, the Promela says so and the strict constraint's warning
# names why zones are not used
cat > sw.xta <<'XTA'
clock x;
process P() { state A { x' == 0 && x < 2 }, B; init A; trans A -> B { guard x > 1; }; }
system P;
XTA
expect 0 'zones are not used: a clock rate' "a stopwatch: discrete time, and why" -- \
	"$dmc" translate sw.xta --target 'E<> P.B' -o sw.pml
grep -q 'clocks in discrete time' sw.pml && ok "a stopwatch: the Promela says discrete time" \
	|| fail "a stopwatch: the Promela does not say discrete time"

echo "uppaal_zones.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
