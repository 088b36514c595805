#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# ut.sh -- the transition-based search (--search ut, seed 002): it never
# changes a complete search's verdict, and every trail it writes replays
# with spin -t.  The safety models of the quick tier (quick.list, against
# SPIN's results in tests/oracle/) are searched with ut and every kind of
# heuristic: with reduced systems (hL, hU) and without (none, dL);
# quick.sh's run checks verdict, error kind, exit status and the replay.
# Then an arbiter tree (contrib/models/gen_arbiter.sh, the paper's A_3):
# ut with hU finds the violation, calls some moves useless and reports
# its reduced-system evaluations; A_3 and A_4 on their counter query with
# and without partial-order reduction within a bound on the states; A_5's
# pan builds in seconds (at -O0) and its transitions stay within a bound;
# and what ut cannot be combined with is refused.
e2e_name=ut
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2
command -v jq > /dev/null || { echo "ut.sh needs jq (apt-get install jq)" >&2; exit 2; }

# the quick tier's safety models, each searched by ut
grep '^model ' "$top/tests/e2e/quick.list" | grep -v ' mode=\| ltl=' | while read -r _ name rest; do
	echo "model $name $rest"
	for h in none dL hL; do echo "run $name ut $h"; done
	echo "run $name ut hU --hcache off -- --no-por"
done > ut.list
E2E_LIST=$work/ut.list VERBOSE=${VERBOSE:-} sh "$top/tests/e2e/quick.sh" > quick.out 2>&1
rc=$?
grep -v '^quick: [0-9]* passed' quick.out
q=$(sed -n 's/^quick: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' quick.out)
if [ -z "$q" ]; then fail "the quick tier's runner gave no result (exit $rc)"
else
	passed=$((passed + ${q% *}))
	failed=$((failed + ${q#* }))
	[ "$rc" = 0 ] || [ "${q#* }" != 0 ] || fail "the quick tier's runner: exit $rc"
fi

# an arbiter tree of height 3: ut with hU, on its Promela translation
sh "$top/contrib/models/gen_arbiter.sh" "$work" > /dev/null
"$dmc" translate arbiter_3.xta --query arbiter_3.q -o arb.pml > /dev/null 2>&1
"$dmc" check arb.pml --spin-opts=-o3 --search ut --heuristic hU --time-limit 120 --json \
	> arb.json 2> arb.err
v=$(json_str verdict arb.json)
if [ "$v" != violation ] || [ ! -f arb.pml.trail ]; then
	fail "arbiter_3 ut/hU: verdict '$v': $(tail -c 300 arb.err)"
else
	ok "arbiter_3 ut/hU: violation"
	r=$(json_get .ut.reduced_evaluations arb.json); u=$(json_get .ut.useless_moves arb.json)
	j=$(json_get .ut.judged_moves arb.json); s=$(json_num states_stored arb.json)
	[ "${r:-0}" -gt 0 ] && [ "${u:-0}" -gt 0 ] && [ "$u" -le "$j" ] && [ "$r" -le "$s" ] \
		&& ok "arbiter_3 ut/hU: $r reduced-system evaluations, $u of $j judged moves useless, $s states" \
		|| fail "arbiter_3 ut/hU: reduced evaluations '$r', useless moves '$u' of '$j', states '$s'"
	steps=$(trail_steps arb.pml.trail)
	spin -o3 -t arb.pml > replay.out 2>&1
	ends=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' replay.out)
	[ "$ends" = "$steps" ] && grep -q 'assertion violated' replay.out \
		&& ok "arbiter_3 ut/hU: spin -t replays its $steps steps to the violation" \
		|| fail "arbiter_3 ut/hU: spin -t replays '$ends' of $steps steps: $(tail -c 300 replay.out)"
fi
# issue 40: the arbiter trees A_3 and A_4 on their counter query
# (arbiter_N.q, E<> incs >= 2), with and without partial-order reduction:
# ut with hU finds SPIN's violation within a bound on the states, and the
# trail replays with spin -t.  The bounds: a rendezvous offer judged on
# the state half-way (its h one below its parent's, so no offer was ever
# useless) stored 4,865 states on A_3 and more than 1,100,000 in 120 s
# on A_4; judged at its receive, 173 and 1,988 (docs/heuristics.md, "The
# arbiter trees (issue 40)").
for n in 3 4; do
	case $n in 3) bound=1000 ;; 4) bound=10000 ;; esac
	d=$work/arb$n; mkdir -p "$d"
	"$dmc" translate arbiter_$n.xta --query arbiter_$n.q -o "$d/m.pml" > /dev/null 2>&1
	if spin_ref "$d" m.pml "-O2 -DNOREDUCE -DVECTORSZ=4096" 120 -m1000000 pan -o3 \
	   && [ "${sr_errors:-0}" -gt 0 ]; then
		ok "arbiter_$n.q: SPIN's DFS finds a violation"
	else
		fail "arbiter_$n.q: SPIN's DFS: errors '$sr_errors' (exit $sr_rc)"
	fi
	rm -f "$d/m.pml.trail"
	for por in por no-por; do
		case $por in por) extra= ;; no-por) extra="-- --no-por" ;; esac
		# shellcheck disable=SC2086
		"$dmc" check "$d/m.pml" --spin-opts=-o3 --search ut --heuristic hU --time-limit 120 --json \
			$extra > "$d/$por.json" 2> "$d/$por.err"
		v=$(json_str verdict "$d/$por.json"); s=$(json_num states_stored "$d/$por.json")
		if [ "$v" != violation ] || [ ! -f "$d/m.pml.trail" ]; then
			fail "arbiter_$n.q ut/hU $por: verdict '$v': $(tail -c 300 "$d/$por.err")"
			continue
		fi
		[ -n "$s" ] && [ "$s" -le $bound ] && ok "arbiter_$n.q ut/hU $por: violation, $s states (at most $bound)" \
			|| fail "arbiter_$n.q ut/hU $por: $s states stored, more than $bound"
		steps=$(trail_steps "$d/m.pml.trail")
		(cd "$d" && spin -o3 -t m.pml > replay.out 2>&1)
		ends=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$d/replay.out")
		[ "$ends" = "$steps" ] && grep -q 'assertion violated' "$d/replay.out" \
			&& ok "arbiter_$n.q ut/hU $por: spin -t replays its $steps steps to the violation" \
			|| fail "arbiter_$n.q ut/hU $por: spin -t replays '$ends' of $steps steps"
		rm -f "$d/m.pml.trail"
	done
done
# issue 40: the arbiter tree A_5 builds in seconds.  Its transitions
# (pan.m, 1.0 MB) pass build.c's DRV_PAN_M_HUGE (768 KB), so pan is
# compiled at -O0: 3.6 s of gcc's CPU, against 86 s at -O1 (A_6's 2 MB:
# 6.7 s, about 8 minutes at -O1; docs/uppaal.md "The arbiter tree A_6").
# The translation must not grow past 1.2 MB of pan.m unnoticed, and the
# build with a 1-second search ends within UT_A5_BUILD_LIMIT seconds of
# wall-clock time (default 150: a loaded machine's -O0 build, where -O1
# took 255 s at a load of 12).
sh "$top/contrib/models/gen_arbiter.sh" "$work" 5 > /dev/null
t0=$(date +%s)
"$dmc" check arbiter_5.xta --query arbiter_5_mutex.q --search ut --heuristic hU --time-limit 1 --keep \
	--json > a5.json 2> a5.err
rc=$?; t1=$(date +%s)
bdir=$(sed -n 's/^dmc: build directory //p' a5.err)
size=$(stat -c %s "$bdir/pan.m" 2> /dev/null)
limit=${UT_A5_BUILD_LIMIT:-150}
if [ "$rc" != 3 ] || [ -z "$size" ]; then
	fail "arbiter_5 build: exit $rc (expected 3: incomplete after 1 s), pan.m '$size': $(tail -c 300 a5.err)"
else
	[ "$size" -gt $((768 * 1024)) ] && [ "$size" -le 1200000 ] \
		&& ok "arbiter_5: pan.m has $size bytes (past -O0's 786432, at most 1200000)" \
		|| fail "arbiter_5: pan.m has $size bytes (expected 786433..1200000)"
	[ $((t1 - t0)) -le "$limit" ] && ok "arbiter_5: built and searched in $((t1 - t0)) s (at most $limit)" \
		|| fail "arbiter_5: built and searched in $((t1 - t0)) s, more than UT_A5_BUILD_LIMIT=$limit"
fi
# issue 17's bound: steps inside an atomic sequence and rendezvous
# receives are not judged (ut.h), so ut stores at most twice the states
# of greedy search with the same heuristic on the translated networks
for m in arbiter_3 fischer_B_10; do
	cp "$top/contrib/models/$m.xta" "$top/contrib/models/$m.q" .
	"$dmc" check $m.xta --query $m.q --search ut --heuristic hU --time-limit 120 --json > u.json 2> /dev/null
	"$dmc" check $m.xta --query $m.q --search greedy --heuristic hU --time-limit 120 --json > g.json 2> /dev/null
	su=$(json_num states_stored u.json); sg=$(json_num states_stored g.json)
	if [ -n "$su" ] && [ -n "$sg" ] && [ "$su" -le $((2 * sg)) ]; then
		ok "$m: ut/hU stores $su states, greedy/hU $sg (at most 2x)"
	else
		fail "$m: ut/hU stores '$su' states, greedy/hU '$sg' (more than 2x)"
	fi
done
# the statistics of a search other than ut
"$dmc" check "$top/tests/models/race_counter_bad.pml" --search greedy --heuristic hL --json > g.json 2> /dev/null
[ "$(jq -r 'fromjson? | objects | .ut' -R g.json | tail -n 1)" = null ] && ok "greedy: \"ut\": null" \
	|| fail "greedy: the ut statistics are not null"

# what ut cannot be combined with
expect 2 'needs --search greedy, astar or wastar' "ut with an alternation: refused" -- \
	"$dmc" check "$top/tests/models/race_counter_bad.pml" --search ut --heuristic hL,dL
cat > prio.lua <<'EOF2'
search = "ut"
heuristic = "hL"
function priority(s) return s.h end
EOF2
expect 2 'cannot add its penalty' "ut with a priority(s) script: refused" -- \
	"$dmc" check "$top/tests/models/race_counter_bad.pml" --lua prio.lua

echo "ut: $passed passed, $failed failed"
[ $failed = 0 ]
