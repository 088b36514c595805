#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# banner.sh -- only true words on screen: pan -DBFS's summary lines that
# are false for the runtime's search are replaced (spin-plugin/
# glue_banner.c), SPIN's advice to choose one of several claims is
# dropped (dmc checks each: driver/build.c), and pan's true lines and warnings stay.  Each check
# runs with the GCC plugin and with --portable.  The rendezvous note
# claims what SPIN's depth-first pan confirms here: the invalid end state
# pan -DBFS misses is found.
# Prints "N passed, N failed"; VERBOSE=1 prints every check.
e2e_name=banner
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

cp "$top/contrib/models/filter_mutex_bug.pml" mutex.pml
cat > rv.pml <<'EOF2'
chan c = [0] of { byte };
chan d = [0] of { byte };
active proctype A() { c!1; d!2 }
active proctype B() { c?_; c?_ }
EOF2
cat > fine.pml <<'EOF2'
int n;
active [2] proctype P() { do :: n < 5 -> n++ :: n >= 5 -> break od }
EOF2
cat > two_ltl.pml <<'EOF2'
int x;
active proctype P() { do :: x < 3 -> x++ :: x >= 3 -> x = 0 od }
ltl p1 { [] (x < 5) }
ltl p2 { <> (x == 2) }
EOF2
head -3 two_ltl.pml > one_ltl.pml
cat > np.pml <<'EOF2'
byte x;
active proctype P() { do :: x = 1 - x; progress: skip od }
EOF2
cat > big.pml <<'EOF2'
active [3] proctype P() { byte x; do :: x < 250 -> x++ :: x > 0 -> x-- od }
EOF2
cat > beam.pml <<'EOF2'
byte a, b;
active proctype P() { end: do :: a < 20 -> a++ :: b < 20 -> b++ :: a == 30 -> assert(false) od }
EOF2

# absent TEXT WHAT: out.txt (the last expect's output) lacks TEXT
absent() {
	if grep -q -F -e "$1" out.txt; then
		fail "$2: the output has '$1': $(grep -F -e "$1" out.txt | head -3)"
	else
		ok "$2"
	fi
}
tab=$(printf '\t')

# the oracle for the rendezvous note: SPIN's depth-first pan finds the
# invalid end state, pan -DBFS does not
mkdir spin && cp rv.pml spin/
spin_ref spin rv.pml "" 0 "" dfs
spin_ref spin rv.pml -DBFS 0 "" bfs
if grep -q 'invalid end state' spin/dfs.out && grep -q 'errors: 0' spin/bfs.out \
   && grep -q 'does not preserve all invalid endstates' spin/bfs.out; then
	ok "SPIN: DFS finds rv.pml's invalid end state, -DBFS misses it and warns"
else
	fail "SPIN on rv.pml: $(cat spin/dfs.out spin/bfs.out | head -20)"
fi

for p in "" --portable; do
	w=${p:-plugin}
	# the runtime's banner: a single run of dmc's pan (the portfolio
	# would show SPIN's own pan's report where it answers first)
	[ -n "$p" ] || p="--portfolio off"
	expect 1 "${tab}+ spin-dmc search greedy (greedy best-first: f = h)" "$w: greedy named" \
		-- "$dmc" check mutex.pml $p --search greedy
	absent "Breadth-First Search" "$w: greedy is no Breadth-First Search"
	grep -q "^Warning: Search not completed" out.txt && ok "$w: stopped at the error: not completed" \
		|| fail "$w: a search stopped at its error lacks 'Search not completed'"
	grep -q "cycle checks       ${tab}- (disabled by -DSAFETY)" out.txt && ok "$w: safety: no cycle checks" \
		|| fail "$w: a safety search lacks pan's 'cycle checks -' line"
	expect 1 "${tab}+ spin-dmc search astar (A\*: f = g + h" "$w: astar named" \
		-- "$dmc" check mutex.pml $p --search astar
	absent "Breadth-First Search" "$w: astar is no Breadth-First Search"
	expect 1 "${tab}+ Breadth-First Search" "$w: bfs keeps pan's line" \
		-- "$dmc" check mutex.pml $p --search bfs
	absent "spin-dmc search" "$w: bfs is named once"

	expect 1 "note: spin-dmc decides rendezvous offers as SPIN's depth-first search does" \
		"$w: rendezvous: the note" -- "$dmc" check rv.pml $p
	absent "does not preserve all invalid endstates" "$w: rendezvous: pan's warning replaced"
	grep -q "^pan:1: invalid end state" out.txt && ok "$w: rendezvous: the invalid end state is found" \
		|| fail "$w: rendezvous: rv.pml's invalid end state not found"

	expect 0 "" "$w: a complete search" -- "$dmc" check fine.pml $p
	absent "Search not completed" "$w: a complete search is completed"

	expect 0 "${tab}acceptance   cycles ${tab}+ (fairness disabled)" "$w: -a: acceptance cycles checked" \
		-- "$dmc" check two_ltl.pml $p --ltl p2
	absent "disabled by -DSAFETY" "$w: -a: cycle checks not disabled"
	absent "Breadth-First Search" "$w: -a is no Breadth-First Search"
	grep -q "${tab}+ spin-dmc search nested-dfs (nested depth-first search for acceptance cycles)" out.txt \
		&& ok "$w: -a: nested-dfs named" || fail "$w: -a: nested-dfs not named"
	absent "choose which one" "$w: several claims: no advice to choose one (dmc checks each)"
	absent "./pan -a -N" "$w: several claims: pan's -N not advised"
	absent "spin -search" "$w: several claims: spin -search not advised"

	expect 0 "never claim         ${tab}+ (p1)" "$w: --ltl p1 of one formula" \
		-- "$dmc" check one_ltl.pml $p --ltl p1
	absent "-N ignored" "$w: --ltl p1 of one formula is not ignored"

	expect 0 "${tab}non-progress cycles ${tab}+ (fairness disabled)" "$w: -l: non-progress cycles checked" \
		-- "$dmc" check np.pml $p -l
	absent "disabled by -DSAFETY" "$w: -l: cycle checks not disabled"

	expect 3 "^Warning: Search not completed" "$w: --time-limit: not completed" \
		-- "$dmc" check big.pml $p --search bfs --time-limit 0.3
	expect 3 "^Warning: Search not completed" "$w: beam dropped states: not completed" \
		-- "$dmc" check beam.pml $p --search beam --beam 2

	# pan's own warnings stay (main's fprintf passes through the filter)
	expect 0 "warning: no accept labels are defined, so option -a has no effect" \
		"$w: pan's -a warning kept" -- "$dmc" check fine.pml $p -a
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
