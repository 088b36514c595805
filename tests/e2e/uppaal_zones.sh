#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# uppaal_zones.sh -- dense time: the timed models of tests/models/uppaal/
# zones, each with its queries and UPPAAL's answers in its comments
# (`// expect QUERY: satisfied` or `NOT satisfied`, with the reason), are
# translated with zones (the Promela says so) and answered three times:
# by SPIN's own pan on the translation (full search), by `dmc check`
# (zone inclusion in the store) and by greedy hU with dead-end pruning.
# Both must give UPPAAL's answer; a witness's A* trail is as short as
# breadth-first's.  Then the choice of semantics: a
# stopwatch keeps discrete time and says why.
e2e_name=uppaal_zones
. "$(dirname "$0")/lib.sh"
models=$top/tests/models/uppaal/zones
cd "$work" || exit 2

n=0
for m in "$models"/*.xta; do
	b=$(basename "$m")
	grep '^// expect ' "$m" | sed 's|^// expect ||; s|  *(.*||' > "$work/expect.txt"
	[ -s "$work/expect.txt" ] || fail "$b: no expected answers"
	while IFS= read -r line; do
		q=${line%%: *}
		ans=${line#*: }
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
		# A* keeps a zone covered by a stored one reached at a larger
		# depth (glue_zone.c): its trail is as short as breadth-first's,
		# as "guaranteed shortest" says
		[ "$want" = 1 ] || continue
		"$dmc" check "$m" --query "$q" --search astar --heuristic hL --json > "$d/astar.json" 2> /dev/null
		"$dmc" check "$m" --query "$q" --search bfs --json > "$d/bfs.json" 2> /dev/null
		la=$(json_get .trail_length "$d/astar.json")
		lb=$(json_get .trail_length "$d/bfs.json")
		[ -n "$la" ] && [ "$la" = "$lb" ] && [ "$(json_get .shortest "$d/astar.json")" = true ] \
			&& ok "$b '$q': A* hL's trail is breadth-first's length ($la) and guaranteed shortest" \
			|| fail "$b '$q': A* hL trail $la (shortest: $(json_get .shortest "$d/astar.json")), bfs $lb"
	done < "$work/expect.txt"
done

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
