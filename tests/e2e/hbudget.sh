#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# hbudget.sh -- --h-budget (runtime/hbudget.h, issue 40): a heuristic
# whose evaluations take most of the search time without paying is
# switched off, the results say so, and the verdict does not change;
# where it pays (the default alternation on arbiter_4, whose hU list
# leaves a long plateau to lead to the error) it stays on.
e2e_name=hbudget
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2
command -v jq > /dev/null || { echo "hbudget.sh needs jq (apt-get install jq)" >&2; exit 2; }
m=$top/contrib/models
a3="$m/arbiter_3.xta --query $m/arbiter_3_mutex.q"
a4="$m/arbiter_4.xta --query $m/arbiter_4_mutex.q"

# run NAME ARGS...: dmc check's JSON in NAME.json
run() {
	name=$1; shift
	# shellcheck disable=SC2086
	"$dmc" check "$@" --json --quiet > "$name.json" 2> "$name.err"
}
off_list() { jq -r '[.h_budget.switched_off[].heuristic] | join(",")' "$1"; }

# 1. greedy hL on arbiter_4 with every state evaluated (--no-chains: the
# chains' states take h from their parent, which halves hL's share): a
# plateau at 3 from about the 400th evaluation, 90 % of the time in hL;
# switched off, the search finds the error blind (with hL kept it runs
# past 1.6 M states in 60 s)
# shellcheck disable=SC2086
run greedy_hL $a4 --search greedy --heuristic hL --no-chains --time-limit 120
s=$(json_num states_stored greedy_hL.json)
[ "$(json_str verdict greedy_hL.json)" = violation ] && [ "$(off_list greedy_hL.json)" = hL ] \
	&& [ "$s" -lt 1000000 ] \
	&& ok "greedy hL on arbiter_4: hL switched off, the violation in $s states" \
	|| fail "greedy hL on arbiter_4: $(jq -c '{verdict, states_stored, h_budget}' greedy_hL.json) $(tail -c 300 greedy_hL.err)"
"$dmc" check $a4 --search greedy --heuristic hL --no-chains --time-limit 120 > text.out 2>&1
grep -q "heuristic budget  *on: hL switched off after [0-9]* evaluations ([0-9]*% of the search time; smallest value" text.out \
	&& grep -q "the search went on blind (h = 0)" text.out \
	&& ok "the text results say what was switched off" \
	|| fail "the text results lack the budget's line: $(grep -i budget text.out)"

# 2. breadth-first search ignores h: without pruning hU only costs (88 %
# of the time on arbiter_4 with every state evaluated); switched off, no
# verdict before the limit
# shellcheck disable=SC2086
run bfs_hU $a4 --search bfs --heuristic hU --no-prune --no-por --no-chains --hcache off --time-limit 20
[ "$(off_list bfs_hU.json)" = hU ] && [ "$(json_str verdict bfs_hU.json)" = incomplete ] \
	&& ok "bfs hU --no-prune on arbiter_4: hU switched off" \
	|| fail "bfs hU --no-prune on arbiter_4: $(jq -c '{verdict, h_time_share, h_budget}' bfs_hU.json)"

# 3. the verdict, states and trail of a complete breadth-first search are
# those without the budget, whatever it switches off
# shellcheck disable=SC2086
run bfs_on $a3 --search bfs --heuristic hU --no-prune --hcache off --time-limit 300
# shellcheck disable=SC2086
run bfs_off $a3 --search bfs --heuristic hU --no-prune --hcache off --time-limit 300 --h-budget off
for k in verdict states_stored trail_length; do
	a=$(json_get ".$k" bfs_on.json); b=$(json_get ".$k" bfs_off.json)
	[ "$a" = "$b" ] && [ -n "$a" ] && ok "bfs hU on arbiter_3: $k $a either way" \
		|| fail "bfs hU on arbiter_3: $k $a with the budget, $b without"
done
[ "$(jq -r '.h_budget.applied' bfs_off.json)" = false ] \
	&& [ "$(jq -r '.h_budget.note' bfs_off.json)" = "--h-budget off" ] \
	&& ok "--h-budget off: not applied, said so" \
	|| fail "--h-budget off: $(jq -c .h_budget bfs_off.json)"

# 4. the default alternation on arbiter_4 keeps hU (its list leads to the
# error after a plateau 25 times as long as its descent)
# shellcheck disable=SC2086
run fast $a4 --portfolio off --time-limit 300
[ "$(json_str verdict fast.json)" = violation ] && [ "$(jq -r '.h_budget.applied' fast.json)" = true ] \
	&& [ -z "$(off_list fast.json)" ] && [ "$(json_num states_stored fast.json)" -lt 200000 ] \
	&& ok "the default on arbiter_4: every heuristic kept, $(json_num states_stored fast.json) states" \
	|| fail "the default on arbiter_4: $(jq -c '{verdict, states_stored, h_budget}' fast.json)"

# 5. A* is left alone (its trail's promise depends on h)
# shellcheck disable=SC2086
run astar $a3 --search astar --heuristic hL --time-limit 300
case "$(jq -r '.h_budget.note' astar.json)" in
*astar*) ok "astar: not applied, said so" ;;
*) fail "astar: $(jq -c .h_budget astar.json)" ;;
esac

echo "hbudget: $passed passed, $failed failed"
[ $failed = 0 ]
