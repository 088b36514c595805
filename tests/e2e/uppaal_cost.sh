#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# uppaal_cost.sh -- what g counts (runtime/cost.c, --cost steps|moves).
# A Promela model whose shortest trail in moves is not its shortest in
# pan steps: breadth-first and A* with --cost steps find the one, A*
# with h = 0 and --cost moves the other, each "guaranteed shortest" in
# its own unit, with or without chains; an admissible heuristic in steps
# loses the claim in moves.  Then Fischer's F^A_5 (issue 39): dmc check
# counts moves on UPPAAL models by default (the user's --cost stays), A*
# hL stores at most 200 states (with --cost steps it stores more), its
# trail replays with spin -t, its length in moves is the witness's
# transitions, and the moves claim is checked against A* with h = 0 and
# breadth-first.
e2e_name=uppaal_cost
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2
command -v jq > /dev/null || { echo "uppaal_cost.sh needs jq (apt-get install jq)" >&2; exit 2; }

# one atomic sequence of 5 statements (one move, 6 steps with the
# assert) or two plain statements (3 moves, 3 steps)
cat > moves.pml <<'EOF'
byte x;
active proctype P() {
	if
	:: atomic { x = 1; x = 2; x = 3; x = 4; x = 5 }
	:: x = 10; x = 5
	fi;
	assert(x != 5)
}
EOF
run() { # TAG OPTIONS...: dmc check moves.pml, its JSON in TAG.json, the trail kept as TAG.trail
	tag=$1; shift
	"$dmc" check moves.pml --spin-opts=-o3 "$@" --json > "$tag.json" 2> "$tag.err"
	[ -f moves.pml.trail ] && mv moves.pml.trail "$tag.trail"
}
run bfs --search bfs
run steps --search astar --heuristic none --cost steps
run moves --search astar --heuristic none --cost moves
run nochain --search astar --heuristic none --cost moves --no-chains
run dl --search astar --heuristic dL --cost moves
run bfsm --search bfs --cost moves
[ "$(json_get .trail_length bfs.json)" = 3 ] && [ "$(json_get .shortest bfs.json)" = true ] \
	&& [ "$(json_get .cost.unit bfs.json)" = steps ] && [ "$(json_get .trail_length steps.json)" = 3 ] \
	&& [ "$(json_get .shortest steps.json)" = true ] \
	&& ok "bfs and astar --cost steps: the 3-step trail, guaranteed shortest in steps" \
	|| fail "steps: bfs trail $(json_get .trail_length bfs.json), astar $(json_get .trail_length steps.json) (want 3)"
for t in moves nochain; do
	[ "$(json_get .trail_length $t.json)" = 6 ] && [ "$(json_get .cost.trail_moves $t.json)" = 2 ] \
		&& [ "$(json_get .cost.unit $t.json)" = moves ] && [ "$(json_get .shortest $t.json)" = true ] \
		&& ok "astar none --cost moves ($t): the atomic sequence, 6 steps = 2 moves, guaranteed shortest in moves" \
		|| fail "astar none --cost moves ($t): trail $(json_get .trail_length $t.json) steps, $(json_get .cost.trail_moves $t.json) moves, shortest $(json_get .shortest $t.json) (want 6, 2, true)"
done
"$dmc" check moves.pml --spin-opts=-o3 --search astar --heuristic none --cost moves 2>&1 \
	| grep -q 'trail guaranteed shortest in moves' \
	&& ok "the text says the unit: 'trail guaranteed shortest in moves'" \
	|| fail "the text does not say 'trail guaranteed shortest in moves'"
replay_why "$work" moves.pml moves.trail assert moves.replay
[ -z "$pv_why" ] && ok "astar --cost moves: spin -t replays the 6-step trail" || fail "astar --cost moves: $pv_why"
[ "$(json_get .shortest dl.json)" = false ] && json_get .shortest_reason dl.json | grep -q 'bounds pan steps, not moves' \
	&& ok "astar dL --cost moves: dL bounds steps, so the trail is not claimed shortest" \
	|| fail "astar dL --cost moves: shortest $(json_get .shortest dl.json) ($(json_get .shortest_reason dl.json))"
[ "$(json_get .cost.unit bfsm.json)" = steps ] && json_get .cost.note bfsm.json | grep -q bfs \
	&& [ "$(json_get .trail_length bfsm.json)" = 3 ] \
	&& ok "bfs --cost moves: SPIN's order, g in steps, and the results say why" \
	|| fail "bfs --cost moves: unit $(json_get .cost.unit bfsm.json) ($(json_get .cost.note bfsm.json))"

# Fischer F^A_5 (contrib/models): the front end's default is moves
contrib=$top/contrib/models
cp "$contrib/fischer_A_5.xta" "$contrib/fischer_A_5.q" .
fa() { # TAG OPTIONS...
	tag=$1; shift
	"$dmc" check fischer_A_5.xta --query fischer_A_5.q "$@" --json > "$tag.json" 2> "$tag.err"
}
fa hl --search astar --heuristic hL
fa hls --search astar --heuristic hL --cost steps
fa none --search astar --heuristic none
fa nones --search astar --heuristic none --cost steps
fa fbfs --search bfs
s=$(json_get .states_stored hl.json); ss=$(json_get .states_stored hls.json)
[ "$(json_get .verdict hl.json)" = violation ] && [ "$(json_get .cost.unit hl.json)" = moves ] \
	&& [ -n "$s" ] && [ "$s" -le 200 ] \
	&& ok "F^A_5 A* hL: moves by default, $s states stored (at most 200)" \
	|| fail "F^A_5 A* hL: verdict $(json_get .verdict hl.json), cost $(json_get .cost.unit hl.json), $s states (want at most 200)"
[ "$(json_get .cost.unit hls.json)" = steps ] && [ -n "$ss" ] && [ "$ss" -gt 200 ] \
	&& ok "F^A_5 A* hL --cost steps: the user's choice stays, $ss states (more than 200)" \
	|| fail "F^A_5 A* hL --cost steps: cost $(json_get .cost.unit hls.json), $ss states"
[ "$(json_get .shortest hl.json)" = false ] && json_get .shortest_reason hl.json | grep -q 'not moves' \
	&& ok "F^A_5 A* hL in moves: not claimed shortest (hL bounds steps)" \
	|| fail "F^A_5 A* hL in moves: shortest $(json_get .shortest hl.json)"
# the claim in moves against A* with h = 0 (uniform cost over moves),
# and in steps against breadth-first
mn=$(json_get .cost.trail_moves none.json); mh=$(json_get .cost.trail_moves hl.json)
[ "$(json_get .shortest none.json)" = true ] && [ -n "$mn" ] && [ -n "$mh" ] && [ "$mn" -le "$mh" ] \
	&& [ "$(json_get .trail_length fbfs.json)" -le "$(json_get .trail_length none.json)" ] \
	&& [ "$(json_get .trail_length nones.json)" = "$(json_get .trail_length fbfs.json)" ] \
	&& [ "$(json_get .shortest nones.json)" = true ] \
	&& ok "F^A_5: A* none shortest in moves ($mn, A* hL $mh); in steps A* none = bfs ($(json_get .trail_length fbfs.json))" \
	|| fail "F^A_5: A* none $mn moves (shortest $(json_get .shortest none.json)), A* hL $mh; steps: bfs $(json_get .trail_length fbfs.json), A* none $(json_get .trail_length nones.json)"
# the trail in moves is the witness's transitions (a synchronisation,
# shown as its two edges, is one; delays are none) and the Monitor's
# check of the query
"$dmc" check fischer_A_5.xta --query fischer_A_5.q --search astar --heuristic hL > hl.out 2>&1
edges=$(sed -n '/in the source model.s terms/,/^final state/p' hl.out | grep -E '^ +[0-9]+  ' \
	| grep -v -e ' delay ' -e '?' | wc -l)
[ "$mh" = $((edges + 1)) ] \
	&& ok "F^A_5 A* hL: $mh moves = the witness's $edges transitions and the Monitor's check" \
	|| fail "F^A_5 A* hL: $mh moves, the witness shows $edges transitions"
# the trail replays with spin -t (the translation checked as Promela)
if "$dmc" translate fischer_A_5.xta --query fischer_A_5.q -o fa.pml 2> tr.err; then
	"$dmc" check fa.pml --spin-opts=-o3 --search astar --heuristic hL --cost moves --json > fap.json 2> fap.err
	[ "$(json_get .states_stored fap.json)" = "$s" ] && [ -f fa.pml.trail ] \
		&& (spin -o3 -t fa.pml 2>&1 | grep -q 'assertion violated') \
		&& ok "F^A_5 A* hL --cost moves on the translation: $s states, the trail replays with spin -t" \
		|| fail "F^A_5 on the translation: $(json_get .states_stored fap.json) states (the .xta: $s), or no trail spin -t replays"
else
	fail "F^A_5: translation failed: $(cat tr.err)"
fi

echo "uppaal_cost: $passed passed, $failed failed"
[ $failed = 0 ]
