#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# lua.sh -- end-to-end tests of Lua scripts (--lua, -DDMC_LUA): a
# declarative script searches exactly as the equivalent command-line
# options (same statistics, same trail) for every search and heuristic;
# a priority(s) script orders the search as written; every kind of
# script error is reported with the script's file:line and exit 2.
# Prints "N passed, N failed"; VERBOSE=1 prints every check.
e2e_name=lua
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

# A counter to 6 among two noise processes; the assertion fails at 6.
# Every heuristic applies: asserts give target locations and a formula.
cat > m.pml <<'PML'
byte count;
active proctype C() {
	do
	:: count < 9 -> count++
	:: count > 0 -> count--
	od
}
active [2] proctype N() {
	byte phase;
	do
	:: phase = (phase + 1) % 3
	:: phase == 2 -> phase = 0
	od
}
active proctype W() { assert(count != 6) }
PML

# The search's fingerprint: verdict, state counts, open-list peak, trail
# length (not the labels: a script's heuristic is named by its terms),
# and the trail itself.
outcome() { # tag
	for k in verdict states_stored states_expanded states_generated states_reopened \
	         states_pruned states_dropped open_peak trail_length incomplete_reason; do
		printf '%s=' "$k"
		sed -n "s/.*\"$k\": \"*\([^,\"]*\).*/\1/p" "$1.json"
	done
	[ -f m.pml.trail ] && cat m.pml.trail
	return 0
}

# run TAG [dmc check options]: outcome in TAG.out, exit status in TAG.rc
run() {
	tag=$1; shift
	rm -f m.pml.trail
	"$dmc" check m.pml --json "$@" > "$tag.json" 2> "$tag.err"
	echo $? > "$tag.rc"
	outcome "$tag" > "$tag.out"
}

# same WHAT TAG1 TAG2: identical outcomes, and a search that ran
same() {
	what=$1
	if [ "$(cat "$2.rc")" = 2 ] || [ "$(cat "$3.rc")" = 2 ]; then
		fail "$what: exit 2: $(head -c 300 "$2.err") $(head -c 300 "$3.err")"
	elif cmp -s "$2.out" "$3.out"; then
		ok "$what"
	else
		fail "$what: outcomes differ: $(diff "$2.out" "$3.out" | head -c 600)"
	fi
}

# ---- 1. declarative scripts = command-line options ----
for s in bfs dfs astar wastar greedy beam; do
	for h in none dL dU hf deadlock hL hU; do
		{
			echo "search = \"$s\""
			echo "heuristic = \"$h\""
			[ "$s" = wastar ] && echo "weight = 3"
			[ "$s" = beam ] && echo "beam = 4"
			[ "$h" = deadlock ] && echo 'target = "assert,deadlock"'
		} > decl.lua
		extra=""
		[ "$s" = wastar ] && extra="--weight 3"
		[ "$s" = beam ] && extra="--beam 4"
		[ "$h" = deadlock ] && extra="$extra --target assert,deadlock"
		# shellcheck disable=SC2086
		run cl --search "$s" --heuristic "$h" $extra
		run lua --lua decl.lua
		same "declarative $s/$h = --search $s --heuristic $h $extra" cl lua
	done
done

# The native combination path (weights, tie, schedule) against the same
# order on the command line.
for h in none dL dU hf hL hU; do
	printf 'search = "astar"\nweights = { g = 1, %s = 2 }\n' "$h" > w.lua
	# astar runs unreduced unless --por, wastar reduces: compared unreduced
	run cl --search wastar --weight 2 --heuristic "$h" --no-por
	run lua --lua w.lua --no-por
	same "weights {g=1,$h=2} under astar = wastar W=2 $h" cl lua
	printf 'search = "greedy"\nheuristic = "%s"\ntie = "g"\n' "$h" > t.lua
	run cl --search greedy --heuristic "$h"
	run lua --lua t.lua
	same "greedy $h with tie = \"g\" (native combination) = greedy $h" cl lua
	printf 'search = "beam"\nweights = { %s = 1 }\ncombine = "max"\nbeam = { [0] = 3 }\n' "$h" > b.lua
	run cl --search beam --heuristic "$h" --beam 3
	run lua --lua b.lua
	same "beam: max of {$h}, schedule {[0]=3} = --beam 3 $h" cl lua
	printf 'search = "beam"\nheuristic = "%s"\nbeam = function(depth) return 3 end\n' "$h" > bf.lua
	run lua --lua bf.lua
	same "beam: width function returning 3 = --beam 3 $h" cl lua
done

# priority(s) returning what the command line computes
cat > p.lua <<'LUA'
search = "astar"
heuristics = { "hf" }
function priority(s) return s.g + 2 * s.hf end
LUA
run cl --search wastar --weight 2 --heuristic hf --no-por
run lua --lua p.lua --no-por
same "priority(s) = g + 2*hf under astar = wastar W=2 hf" cl lua

# the command line wins over the script
run cl --search greedy --heuristic dU
run lua --search greedy --lua decl.lua --heuristic dU
same "--search/--heuristic given on the command line win over the script" cl lua

# ---- 2. priority(s) orders the search as written ----
# Two assertions; BFS (and A*) reach A's first.  The script drives B's
# local counter up, so the search must end at B's assertion.
cat > two.pml <<'PML'
active proctype A() {
	byte a;
	do
	:: a < 2 -> a++
	:: a == 2 -> break
	od;
	assert(false)	/* A's assertion: line 7 */
}
active proctype B() {
	byte b;
	do
	:: b < 12 -> b++
	:: b == 12 -> break
	od;
	assert(b == 0)	/* B's assertion: line 15 */
}
PML
cat > toB.lua <<'LUA'
search = "greedy"
-- fewer remaining increments of B's counter first; A's moves are last
function priority(s)
	local B = s.proc.B
	if B == nil then return 0 end
	return (12 - B.b) * 10 + (s.proc.A and s.proc.A.a or 0)
end
LUA
rm -f two.pml.trail
# (--no-por: with partial-order reduction A and B, all local steps, would
# not interleave freely, and the test is about the script's order)
"$dmc" check two.pml --search astar --no-por > bfs.txt 2>&1
spin -t -p two.pml > bfs.replay 2>&1
rm -f two.pml.trail
"$dmc" check two.pml --lua toB.lua --no-por > toB.txt 2>&1
rc=$?
spin -t -p two.pml > toB.replay 2>&1
if grep -q 'two.pml:7, Error: assertion violated' bfs.replay; then
	ok "without the script A* ends at A's assertion"
else fail "A* without a script: $(grep -m1 'assertion' bfs.replay)"; fi
if [ "$rc" = 1 ] && grep -q 'two.pml:15, Error: assertion violated' toB.replay; then
	ok "priority(s) on s.proc.B.b ends at B's assertion (trail replays with spin -t)"
else fail "priority script: rc $rc, replay: $(grep -m1 'assertion' toB.replay) $(head -c 300 toB.txt)"; fi

# process control states and globals by name
cat > st.lua <<'LUA'
search = "greedy"
function priority(s)
	assert(s.proc[0].type == "C" and s.proc.N.type == "N" and s.proc.N.pid == 1, "process names")
	assert(type(s.proc[1].state) == "number" and s.proc[1].pid == 1, "control state")
	assert(#s.proc == s.nprocs, "process count")
	assert(type(s.proc.N.phase) == "number", "a local of N")
	return 9 - s.var.count          -- up the counter
end
LUA
run cl --search greedy --heuristic hf
run lua --lua st.lua
if [ "$(cat lua.rc)" = 1 ]; then
	e_cl=$(sed -n 's/.*"states_expanded": \([0-9]*\).*/\1/p' cl.json)
	e_lua=$(sed -n 's/.*"states_expanded": \([0-9]*\).*/\1/p' lua.json)
	ok "priority on s.var.count finds the violation ($e_lua states expanded; greedy hf $e_cl)"
else fail "priority on s.var.count: rc $(cat lua.rc): $(head -c 300 lua.err)"; fi

# ---- 3. script errors: file:line, exit 2 ----
# expect_err DESCRIPTION PATTERN SCRIPT-TEXT
expect_err() {
	printf '%s\n' "$3" > err.lua
	"$dmc" check m.pml --lua err.lua > err.txt 2>&1
	rc=$?
	if [ "$rc" != 2 ]; then fail "$1: exit status $rc, expected 2: $(head -c 300 err.txt)"
	elif ! grep -q -e "$2" err.txt; then fail "$1: output lacks '$2': $(head -c 300 err.txt)"
	else ok "$1"; fi
}
expect_err "syntax error" 'err.lua:2: .*near' 'search = "astar"
x = = 1'
expect_err "runtime error while loading" 'err.lua:2: attempt to index a nil value' 'local t
print(t.x)'
expect_err "sandbox: no io" "err.lua:1: .*global 'io'" 'io.open("/etc/passwd")'
expect_err "sandbox: no os" "err.lua:1: .*global 'os'" 'os.execute("true")'
expect_err "sandbox: no require" "err.lua:1: .*global 'require'" 'require("io")'
expect_err "sandbox: no dofile" "err.lua:1: .*global 'dofile'" 'dofile("/etc/passwd")'
expect_err "sandbox: no loadfile" "err.lua:1: .*global 'loadfile'" 'loadfile("/etc/passwd")'
expect_err "sandbox: no load" "err.lua:1: .*global 'load'" 'load("return 1")'
expect_err "sandbox: no finalizers (they would run outside the budget)" 'err.lua:1: __gc metamethods are not allowed' 'setmetatable({}, { __gc = function() while true do end end })'
expect_err "budget while loading" 'err.lua:1: instruction budget exceeded' 'while true do end'
expect_err "budget per priority call" 'err.lua:3: instruction budget exceeded' 'search = "greedy"
function priority(s)
	while true do end
end'
expect_err "budget: pcall cannot catch it" 'err.lua:.*instruction budget exceeded' 'search = "greedy"
function priority(s)
	while true do pcall(function() while true do end end) end
end'
expect_err "unknown search" "err.lua:2: search: unknown search 'best'" '
search = "best"'
expect_err "unknown heuristic in weights" "err.lua:1: weights: 'hX' is neither" 'weights = { g = 1, hX = 2 }'
expect_err "misspelt setting" "err.lua:1: wieghts: not a setting; did you mean 'weights'" 'wieghts = { g = 1 }'
expect_err "bad combine" "err.lua:1: combine: expected" 'combine = "avg"'
expect_err "bad beam" "err.lua:1: beam: expected a whole number" 'beam = 0.5'
expect_err "priority with bfs" "err.lua:1: priority: search bfs" 'search = "bfs"; function priority(s) return 0 end'
expect_err "priority returns nil" 'err.lua:2: priority(s) returned nil.*expected a number >= 0' 'search = "greedy"
function priority(s) return nil end'
expect_err "priority returns a string" 'err.lua:2: priority(s) returned string' 'search = "greedy"
function priority(s) return "1" end'
expect_err "priority returns NaN" 'err.lua:2: priority(s) returned NaN' 'search = "greedy"
function priority(s) return 0/0 end'
expect_err "priority returns a negative value" 'err.lua:2: priority(s) returned -1 (negative)' 'search = "greedy"
function priority(s) return -1 end'
expect_err "unknown variable" "err.lua:3: the model has no global variable 'nosuch'" 'search = "greedy"
function priority(s)
	return s.var.nosuch
end'
expect_err "writing the model" 'err.lua:2: the model is read-only' 'search = "greedy"
function priority(s) s.var.count = 1; return 0 end'
expect_err "beam width function returning 0" 'err.lua:3: beam(0) returned a number out of range; expected a whole number >= 1' 'search = "beam"
heuristic = "hf"
beam = function(depth)
	return 0
end'
expect_err "memory cap" 'err.lua: out of memory' 'local t = {} for i = 1, 1e9 do t[i] = i end'
"$dmc" check m.pml --lua nosuch.lua > err.txt 2>&1
[ $? = 2 ] && grep -q 'nosuch.lua: no such file' err.txt && ok "missing script: exit 2" \
	|| fail "missing script: $(head -c 300 err.txt)"

# ---- 4. -DDMC_LUA at compile time, ./pan --lua ----
mkdir -p cc && cp m.pml cc/ && cp decl.lua w.lua cc/
if (cd cc && spin -a m.pml > /dev/null 2>&1 && "$dmc" cc -O2 -DNOREDUCE -DDMC_LUA=w.lua pan.c > cc.out 2>&1); then
	(cd cc && ./pan --json > a.json 2>/dev/null; ./pan --lua decl.lua --json > b.json 2>/dev/null)
	if [ "$(json_str heuristic cc/a.json)" = "hU" ] 2>/dev/null || [ "$(json_str heuristic cc/a.json)" = "2*hU" ]; then
		ok "-DDMC_LUA=w.lua: the compiled-in script applies"
	else fail "-DDMC_LUA: $(head -c 300 cc/a.json)"; fi
	[ "$(json_str search cc/b.json)" = "beam" ] && ok "./pan --lua FILE replaces the compiled-in script" \
		|| fail "./pan --lua: $(head -c 300 cc/b.json)"
else fail "dmc cc -DDMC_LUA: $(head -c 300 cc/cc.out)"; fi

# ---- 5. the commented examples in contrib/lua run ----
for f in "$top"/contrib/lua/*.lua; do
	n=$(basename "$f")
	rm -f cn.pml.trail
	cp "$top/contrib/models/counter_noise.pml" cn.pml
	# --no-por: on counter_noise reduction makes the noise go first
	# (docs/usage.md, "Partial-order reduction"); the examples are about
	# the heuristics
	"$dmc" check cn.pml --spin-opts=-DNOISE=2 --lua "$f" --no-por --json > ex.json 2> ex.err
	rc=$?
	if [ "$rc" = 1 ] && [ "$(json_str trail_length ex.json)" = "90" ]; then
		ok "contrib/lua/$n on counter_noise (NOISE=2): the 90-step violation"
	else fail "contrib/lua/$n: rc $rc: $(head -c 300 ex.err) $(head -c 200 ex.json)"; fi
done

echo "lua.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
