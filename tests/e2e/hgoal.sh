#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# hgoal.sh -- the goal-count heuristic (heuristics/h_goal.c): it never
# changes a complete search's verdict, and every trail it writes replays
# with spin -t.  The safety models of the quick tier (quick.list, against
# SPIN's results in tests/oracle/) are searched by greedy and wastar
# with hgoal (at its default --hgoal-weight and at 5); quick.sh's run
# checks verdict, error kind, exit status and the replay.  Then its
# option and its results member: --hgoal-weight is taken and checked, as
# is its Lua setting hgoal_weight, the results' hgoal object counts the
# states found at a goal, and it is null for another heuristic.
e2e_name=hgoal
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2
command -v jq > /dev/null || { echo "hgoal.sh needs jq (apt-get install jq)" >&2; exit 2; }

grep '^model ' "$top/tests/e2e/quick.list" | grep -v ' mode=\| ltl=' | while read -r _ name rest; do
	echo "model $name $rest"
	echo "run $name greedy hgoal"
	echo "run $name wastar hgoal --hgoal-weight 5 -- --no-por"
done > hgoal.list
E2E_LIST=$work/hgoal.list VERBOSE=${VERBOSE:-} sh "$top/tests/e2e/quick.sh" > quick.out 2>&1
rc=$?
grep -v '^quick: [0-9]* passed' quick.out
q=$(sed -n 's/^quick: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' quick.out)
if [ -z "$q" ]; then fail "the quick tier's runner gave no result (exit $rc)"
else
	passed=$((passed + ${q% *}))
	failed=$((failed + ${q#* }))
	[ "$rc" = 0 ] || [ "${q#* }" != 0 ] || fail "the quick tier's runner: exit $rc"
fi

# its option and its statistic
m=$top/tests/models/buf_overflow_bad.pml
cp "$m" .
"$dmc" check buf_overflow_bad.pml --search greedy --heuristic hgoal --hgoal-weight 3 --json \
	> g.json 2> g.err
a=$(json_get .hgoal.at_goal g.json)
[ "$(json_str verdict g.json)" = violation ] && [ "${a:-0}" -gt 0 ] \
	&& ok "hgoal --hgoal-weight 3: violation, $a evaluations at a goal" \
	|| fail "hgoal: verdict '$(json_str verdict g.json)', at_goal '$a': $(tail -c 300 g.err)"
"$dmc" check buf_overflow_bad.pml --search greedy --heuristic dL --json > d.json 2> d.err
[ "$(jq -c .hgoal d.json)" = null ] && ok "dL: the hgoal member is null" \
	|| fail "dL: hgoal member '$(jq -c .hgoal d.json)'"
expect 2 'hgoal-weight' "--hgoal-weight 0: refused" -- \
	"$dmc" check buf_overflow_bad.pml --heuristic hgoal --hgoal-weight 0
# its option's Lua setting (the option's Lua name, from its DMC_DESCRIBE
# block): the script sets it, the command line wins, a bad value or a
# typo is refused with the script's line
printf 'search = "greedy"\nheuristic = "hgoal"\nhgoal_weight = 4\n' > w.lua
"$dmc" check buf_overflow_bad.pml --lua w.lua > w.out 2>&1
grep -q 'goal count .* weight 4$' w.out && grep -q 'verdict  *violation' w.out \
	&& ok "hgoal_weight = 4 in a script: weight 4, violation" \
	|| fail "hgoal_weight in a script: $(tail -c 300 w.out)"
"$dmc" check buf_overflow_bad.pml --lua w.lua --hgoal-weight 2 > w2.out 2>&1
grep -q 'goal count .* weight 2$' w2.out && ok "--hgoal-weight 2 wins over the script's 4" \
	|| fail "--hgoal-weight with a script: $(tail -c 300 w2.out)"
printf 'heuristic = "hgoal"\nhgoal_weight = 0\n' > bad.lua
expect 2 'bad.lua:2: hgoal_weight: expected a whole number 1..1e+06, got 0' \
	"hgoal_weight = 0: refused" -- "$dmc" check buf_overflow_bad.pml --lua bad.lua
printf 'heuristic = "hgoal"\nhgoal_wieght = 2\n' > typo.lua
expect 2 "did you mean 'hgoal_weight'" "hgoal_wieght: a typo refused" -- \
	"$dmc" check buf_overflow_bad.pml --lua typo.lua

echo "hgoal: $passed passed, $failed failed"
[ $failed = 0 ]
