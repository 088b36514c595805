#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# liveness.sh -- end-to-end tests of the nested DFS (-a, -l): SPIN's own
# nested DFS is the oracle.
#
# For every model in liveness.list (SPIN's examples with ltl formulas,
# never claims, accept or progress labels, and the project's live_*.pml):
#   - SPIN's reference pan (no -DBFS, -DNOREDUCE; -DNP for -l) runs
#     pan -a [-N formula] or pan -l: its verdict is the reference;
#   - dmc check runs the same check with each guide (fsm, hamming, none)
#     with partial-order reduction (the default: C2cl, one reduced graph
#     for both searches), with --guide none and the stack proviso, and
#     with --guide fsm without reduction (pan's own --no-por and
#     --por-proviso: the same build); every run must give SPIN's verdict;
#   - POR is on unless the model rules it out (then the results say
#     why), and without a violation the search with POR stores no more
#     states than without;
#   - every counterexample replays with spin -t for as many steps as the
#     trail has, and a cycle's replay shows <<<<<START OF CYCLE>>>>>; any
#     other error's replay reaches the error pan reported (the assertion
#     violated, the claim at its end): safety errors of the claim or of a
#     process that the outer search finds, with and without reduction,
#     and once more for the live_claim_*_bad / live_proc_*_bad models from
#     a -DNOREDUCE build (dmc check --no-por);
#   - -f (weak fairness) is refused with exit status 2.
# A model with several ltl formulas is checked once per formula.
# LIVE_LARGE=1 adds the larger examples of liveness_large.list;
# LIVE_TIME=S is the time limit per run (default 60 s).
# LIVE_ONLY=REGEX checks only the list entries whose path matches it
# (grep -E; the closing checks after the list still run).
# Prints one line per failure and closes with "N passed, N failed".
e2e_name=live
. "$(dirname "$0")/lib.sh"
limit=${LIVE_TIME:-60}

# reference DIR MODEL MODE FORMULA: SPIN's nested DFS (in DIR/ref, its
# output ref/pan.out); writes DIR/ref.verdict and DIR/ref.stored
reference() {
	d=$1; m=$2; mode=$3; f=$4
	np=""; [ "$mode" = l ] && np=-DNP
	nopt=""; [ -n "$f" ] && nopt="-N $f"
	stage_model "$d/$m" "$d/ref"
	spin_ref "$d/ref" "$m" "-O2 -DNOREDUCE $np" "$limit" "-$mode $nopt -m1000000" || return 1
	errs=$sr_errors
	[ -n "$errs" ] || return 2
	if [ "$errs" -gt 0 ]; then
		echo violation > "$d/ref.verdict"
	elif grep -q 'max search depth too small' "$sr_o"; then
		return 2
	else
		echo no-violation > "$d/ref.verdict"
	fi
	echo "$sr_states" > "$d/ref.stored"
	rm -f "$d/ref/$m.trail"
	return 0
}

# reaches_error DIR: nothing when spin -t's replay (DIR/replay.out) shows
# the error pan reported in DIR/dmc.err, else what is wrong: for an
# assertion, its violation with the same expression (pan prints
# "assertion violated E", spin -t "text of failed assertion: assert(E)",
# blanks differ); for "end state in claim reached", the claim at a valid
# end state in the final dump.  Other errors are not checked here.
reaches_error() {
	msg=$(sed -n 's/^pan:1: \(.*\) (at depth [0-9]*)$/\1/p' "$1/dmc.err" | head -1)
	case $msg in
	"assertion violated "*)
		want=$(printf '%s' "${msg#assertion violated }" | tr -d ' \t')
		got=$(sed -n 's/^spin: text of failed assertion: assert(\(.*\))$/\1/p' "$1/replay.out" \
			| head -1 | tr -d ' \t')
		if ! grep -q 'Error: assertion violated' "$1/replay.out"; then
			echo "spin -t shows no assertion violated (pan: $msg)"
		elif [ "$got" != "$want" ]; then
			echo "spin -t violates assert($got), pan reported $want"
		fi ;;
	"end state in claim reached")
		# the claim's line in the final dump: "proc  - (NAME:1) ..."
		if ! sed -n '/^#processes/,$p' "$1/replay.out" | grep -q 'proc  - (.*<valid end state>'; then
			echo "spin -t does not end with the claim at its end (pan: $msg)"
		fi ;;
	esac
}

# check_one DIR MODEL MODE FORMULA GUIDE [nopor|stack]
check_one() {
	d=$1; m=$2; mode=$3; f=$4; g=$5; por=${6:-}
	case $por in
	nopor) name="$m${f:+ ($f)} -$mode --guide $g --no-por" ;;
	stack) name="$m${f:+ ($f)} -$mode --guide $g --por-proviso stack" ;;
	*) name="$m${f:+ ($f)} -$mode --guide $g" ;;
	esac
	if [ -n "$f" ]; then set -- --ltl "$f"; else set -- "-$mode"; fi
	[ "$por" = nopor ] && set -- "$@" -- --no-por
	[ "$por" = stack ] && set -- "$@" -- --por-proviso stack
	rm -f "$d/$m.trail"
	(cd "$d" && "$dmc" check "$m" --json --guide "$g" --time-limit "$limit" "$@" \
		> dmc.json 2> dmc.err)
	rc=$?
	v=$(json_str verdict "$d/dmc.json")
	ref=$(cat "$d/ref.verdict")
	if [ "$rc" = 3 ] || [ "$v" = incomplete ]; then
		skipped=$((skipped + 1))
		echo "skip $name: incomplete ($(json_str incomplete_reason "$d/dmc.json"))"
		return
	fi
	if [ "$v" != "$ref" ]; then
		fail "$name: verdict '$v' (exit $rc), SPIN's pan -$mode says $ref"
		return
	fi
	ok "$name: $v"
	# POR: on (c2cl) unless the model rules it out; off with --no-por.
	# -a without accept labels is a safety search (C2c); an error in the
	# initial state comes before any expansion.
	pp=$(json_str por_proviso "$d/dmc.json")
	sn=$(json_str search "$d/dmc.json")
	if [ "$por" = nopor ]; then
		case $pp in
		"off (--no-por)"|"off (no expansion yet)") ;;
		*) fail "$name: POR status '$pp', expected off (--no-por)" ;;
		esac
	else
		want=c2cl; [ "$por" = stack ] && want=stack
		case $pp in
		"$want"|"off (the model"*|"off (process priorities)"|"off (no expansion yet)") ;;
		c2c) [ "$sn" = nested-dfs ] && fail "$name: the nested DFS reduces with c2c" ;;
		*) fail "$name: POR status '$pp', expected c2cl or a reason from the model" ;;
		esac
	fi
	# the nested search replays the outer search's decisions: a state
	# whose outer copy has none recorded is expanded fully (a superset;
	# docs/usage.md lists where it happens): a note, not a failure
	und=$(json_get .liveness.por_inner_undecided "$d/dmc.json")
	if [ "${und:-0}" != 0 ]; then
		echo "note $name: $und nested expansions had no recorded decision (expanded fully)"
	fi
	json_get .liveness.por_inner_reduced "$d/dmc.json" >> "$work/replayed"
	stored=$(json_num states_stored "$d/dmc.json")
	if [ "$v" = no-violation ]; then
		if [ "$por" = nopor ]; then
			for x in por stack; do
				if [ -s "$d/$x.stored" ] && [ "$(cat "$d/$x.stored")" -gt "$stored" ]; then
					fail "$name: POR ($x) stores $(cat "$d/$x.stored") states, more than $stored without"
				fi
			done
			echo "$m${f:+ ($f)} -$mode no-violation: POR $(cat "$d/por.stored" 2>/dev/null), stack $(cat "$d/stack.stored" 2>/dev/null), --no-por $stored, SPIN $(cat "$d/ref.stored")" >> "$work/por_summary"
		elif [ "$por" = stack ]; then
			echo "$stored" > "$d/stack.stored"
		elif [ "$g" = fsm ]; then
			echo "$stored" > "$d/por.stored"
		fi
	fi
	[ "$v" = violation ] || return
	steps=$(grep -c '^[0-9]' "$d/$m.trail")
	(cd "$d" && timeout 60 spin -t -p "$m" > replay.out 2>&1)
	ends=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$d/replay.out")
	# a trail of no steps (an error in the initial state): spin -t says
	# "trail ends after -4 steps" for SPIN's own trail too
	[ "$steps" = 0 ] && ends=0
	if [ "$ends" != "$steps" ]; then
		fail "$name: spin -t replays '$ends' of $steps steps"
		return
	fi
	if grep -q '^pan:1: .*cycle' "$d/dmc.err"; then
		clen=$(json_get .liveness.cycle_length "$d/dmc.json")
		if ! grep -q '^-1:-1:-1$' "$d/$m.trail" || ! grep -q 'START OF CYCLE' "$d/replay.out"; then
			fail "$name: the cycle's trail has no marker, or spin -t does not reach it"
			return
		fi
		# the replay returns to the state at the marker: spin -t -uN stops
		# before step N; compare its final dump (global variables, channels,
		# every process's and the claim's control state) with the full
		# replay's.  Not the locals: pan resets dead local variables (SPIN's
		# data-flow optimisation), a simulation does not.
		stem=$(json_get .liveness.stem_length "$d/dmc.json")
		(cd "$d" && timeout 60 spin -t -u$((stem + 1)) -g "$m" 2>&1 \
			| sed -n '/^#processes/,$p' | sed 's/^ *[0-9]*://' > at_mark.out)
		(cd "$d" && timeout 60 spin -t -g "$m" 2>&1 | sed -n '/^#processes/,$p' \
			| sed 's/^ *[0-9]*://' > at_end.out)
		if [ ! -s "$d/at_end.out" ] || ! cmp -s "$d/at_mark.out" "$d/at_end.out"; then
			fail "$name: the replay's state at the end differs from the state at the cycle marker"
			diff "$d/at_mark.out" "$d/at_end.out" | head -6
			return
		fi
		ok "$name: lasso replays ($steps steps, cycle $clen, back to the marker's state)"
	else
		why=$(reaches_error "$d")
		if [ -n "$why" ]; then
			fail "$name: $why"
			return
		fi
		ok "$name: trail replays to the error ($steps steps, $(grep -m1 '^pan:1:' "$d/dmc.err"))"
	fi
}

# formulas MODELDIR MODEL: the names of the model's ltl formulas
formulas() {
	(cd "$1" && spin -a "$2" 2>/dev/null | sed -n 's/^ltl \([A-Za-z_0-9]*\):.*/\1/p'; rm -f pan.*)
}

n=0
lists=$top/tests/e2e/liveness.list
[ -n "${LIVE_LARGE:-}" ] && lists="$lists $top/tests/e2e/liveness_large.list"
# shellcheck disable=SC2086
cat $lists | grep -v '^#' | while read -r path mode; do
	[ -n "$path" ] || continue
	if [ -n "${LIVE_ONLY:-}" ] && ! echo "$path" | grep -Eq "$LIVE_ONLY"; then
		continue
	fi
	case $path in
	/*|tests/*|contrib/*) src=$path; [ "${path#/}" = "$path" ] && src=$top/$path ;;
	*) src=$examples/$path ;;
	esac
	[ -f "$src" ] || { echo "skip $path: not found"; continue; }
	n=$((n + 1))
	d=$work/m$n
	mkdir -p "$d"
	cp "$(dirname "$src")"/* "$d"/ 2>/dev/null
	m=$(basename "$src")
	fl=""
	[ "$mode" = a ] && fl=$(formulas "$d" "$m")
	for f in ${fl:-""}; do
		reference "$d" "$m" "$mode" "$f"
		r=$?
		if [ $r != 0 ]; then
			echo "skip $m${f:+ ($f)} -$mode: SPIN's reference did not finish ($r)"
			continue
		fi
		rm -f "$d/por.stored" "$d/stack.stored"
		for g in fsm hamming none; do
			check_one "$d" "$m" "$mode" "$f" "$g"
		done
		check_one "$d" "$m" "$mode" "$f" none stack
		check_one "$d" "$m" "$mode" "$f" fsm nopor
		echo "$m${f:+ ($f)} -$mode: SPIN $(cat "$d/ref.verdict"), stored $(cat "$d/ref.stored")" >> "$work/summary"
	done
	echo "$passed $failed $skipped" > "$work/counts"
done

# the nested searches did replay reduced expansions somewhere
read -r passed failed skipped < "$work/counts"
rep=$(awk '{ s += $1 } END { print s + 0 }' "$work/replayed" 2>/dev/null)
if [ "${rep:-0}" -gt 0 ] || [ -n "${LIVE_ONLY:-}" ]; then
	ok "nested searches replayed ${rep:-0} reduced expansions"
else
	fail "no nested search replayed a reduced expansion (is POR on in liveness runs?)"
fi
echo "$passed $failed $skipped" > "$work/counts"

# weak fairness is refused, clearly
d=$work/fair
mkdir -p "$d"
cp "$top/tests/models/live_accept_bad.pml" "$d/"
(cd "$d" && "$dmc" check live_accept_bad.pml -a -f > out 2> err)
rc=$?
read -r passed failed skipped < "$work/counts"
if [ $rc = 2 ] && grep -q 'weak fairness' "$d/err"; then
	ok "-f refused"
else
	fail "-f: exit $rc, expected 2 with a message"
fi
# the plugin and the portable build search identically
for pm in live_rv_bad.pml live_atomic_bad.pml live_np_bad.pml live_por_noise_bad.pml; do
	cp "$top/tests/models/$pm" "$d/"
	mode=-a; [ "$pm" = live_np_bad.pml ] && mode=-l
	(cd "$d" && "$dmc" check "$pm" $mode --json --portfolio off > plugin.json 2>/dev/null; cp "$pm.trail" plugin.trail)
	(cd "$d" && "$dmc" check "$pm" $mode --json --portable > portable.json 2>/dev/null)
	sp=$(json_num states_stored "$d/plugin.json"); sq=$(json_num states_stored "$d/portable.json")
	if [ -n "$sp" ] && [ "$sp" = "$sq" ] && cmp -s "$d/plugin.trail" "$d/$pm.trail"; then
		ok "$pm $mode: plugin and --portable identical ($sp states)"
	else
		fail "$pm $mode: plugin stores '$sp', --portable '$sq' (or the trails differ)"
	fi
done

# dmc check --no-por (a -DNOREDUCE build) searches as pan's --no-por in
# a reducing build; with reduction the noise is gone
cp "$top/tests/models/live_por_noise_ok.pml" "$d/"
(cd "$d" && "$dmc" check live_por_noise_ok.pml -a --no-por --json > nr.json 2>/dev/null)
(cd "$d" && "$dmc" check live_por_noise_ok.pml -a --json -- --no-por > pn.json 2>/dev/null)
(cd "$d" && "$dmc" check live_por_noise_ok.pml -a --json --portfolio off > po.json 2>/dev/null)
snr=$(json_num states_stored "$d/nr.json"); spn=$(json_num states_stored "$d/pn.json")
spo=$(json_num states_stored "$d/po.json")
if [ -n "$snr" ] && [ "$snr" = "$spn" ] && [ -n "$spo" ] && [ $((spo * 10)) -lt "$snr" ]; then
	ok "live_por_noise_ok -a: -DNOREDUCE $snr states = pan --no-por $spn; POR $spo"
else
	fail "live_por_noise_ok -a: -DNOREDUCE '$snr', pan --no-por '$spn', POR '$spo' states"
fi

# safety errors that the nested DFS finds replay to the error from a
# -DNOREDUCE build too (the list's runs use pan's --no-por)
for pm in "$top"/tests/models/live_claim_*_bad.pml "$top"/tests/models/live_proc_*_bad.pml; do
	b=$(basename "$pm")
	rm -f "$d"/*.trail
	cp "$pm" "$d/"
	(cd "$d" && "$dmc" check "$b" -a --no-por --json > dmc.json 2> dmc.err)
	rc=$?
	if [ $rc != 1 ] || [ ! -f "$d/$b.trail" ]; then
		fail "$b -a --no-por: exit $rc, expected 1 and a trail"
		continue
	fi
	(cd "$d" && timeout 60 spin -t -p "$b" > replay.out 2>&1)
	why=$(reaches_error "$d")
	if [ -n "$why" ]; then
		fail "$b -a --no-por (-DNOREDUCE): $why"
	else
		ok "$b -a --no-por (-DNOREDUCE): the replay reaches $(sed -n 's/^pan:1: //p' "$d/dmc.err" | head -1)"
	fi
done

# issue 37's model has one path to its error: dmc's trail is SPIN's pan
# -a trail line for line, the claim's steps naming the transitions taken
# ((1) back to T0_init; at x == 5 the guard with its assert, which also
# leads there)
mkdir -p "$d/spin37"
cp "$top/tests/models/live_claim_assert_bad.pml" "$d/spin37/"
cp "$top/tests/models/live_claim_assert_bad.pml" "$d/"
(cd "$d/spin37" && spin -a live_claim_assert_bad.pml > /dev/null 2>&1 \
 && gcc -O2 -w -DNOREDUCE -o pan pan.c && ./pan -a > pan.out 2>&1)
rm -f "$d/live_claim_assert_bad.pml.trail"
(cd "$d" && "$dmc" check live_claim_assert_bad.pml -a --quiet > out 2> err)
if [ -s "$d/spin37/live_claim_assert_bad.pml.trail" ] \
   && cmp -s "$d/spin37/live_claim_assert_bad.pml.trail" "$d/live_claim_assert_bad.pml.trail"; then
	ok "live_claim_assert_bad -a: the trail is SPIN's pan -a trail"
else
	fail "live_claim_assert_bad -a: the trail differs from SPIN's pan -a trail: $(tr '\n' ' ' < "$d/live_claim_assert_bad.pml.trail" 2>/dev/null)"
fi

# limits end the nested DFS cleanly: exit status 3, statistics so far
cp "$top/contrib/models/live_noise.pml" "$d/"
for lim in "--max-depth 100" "--memlim 129" "--time-limit 0.001"; do
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check live_noise.pml -a --guide none $lim --json > lim.json 2>/dev/null)
	rc=$?
	if [ $rc = 3 ] && [ "$(json_str verdict "$d/lim.json")" = incomplete ] \
	   && [ -n "$(json_get .liveness.outer_states "$d/lim.json")" ]; then
		ok "$lim: incomplete ($(json_str incomplete_reason "$d/lim.json"))"
	else
		fail "$lim: exit $rc, verdict '$(json_str verdict "$d/lim.json")', expected 3 and incomplete"
	fi
done

# bad liveness requests: exit status 2 and a message naming the problem
cp "$top/tests/models/live_multi.pml" "$top/tests/models/buf_overflow_bad.pml" "$d/"
bad() { # expected-message dmc-arguments...
	msg=$1; shift
	(cd "$d" && "$dmc" check "$@" > out 2> err)
	rc=$?
	if [ $rc = 2 ] && grep -q "$msg" "$d/err"; then
		ok "$*: refused"
	else
		fail "$*: exit $rc, expected 2 and '$msg'"
	fi
}
bad "no ltl formula or never claim named 'nosuch'" live_multi.pml --ltl nosuch
bad "searches by nested DFS" live_accept_bad.pml -a --search astar
bad "is for safety properties" live_accept_bad.pml -a --heuristic dL
bad "needs -a or -l" buf_overflow_bad.pml -f
bad "weak fairness (-f) is not supported" live_accept_bad.pml -f
bad "expected fsm, hamming or none" live_accept_bad.pml -a --guide best
bad "does not preserve cycles" live_accept_bad.pml -a --por-proviso c2c
bad "is for the nested DFS" buf_overflow_bad.pml --por-proviso stack
# a model with accept labels is checked with -a by default: the nested DFS's proviso applies
(cd "$d" && "$dmc" check live_accept_bad.pml --por-proviso stack > out 2> err)
[ $? = 1 ] && grep -q "acceptance cycle" "$d/out" && ok "live_accept_bad.pml --por-proviso stack: the default's -a" \
	|| fail "live_accept_bad.pml --por-proviso stack: $(tail -3 "$d/out" "$d/err")"
[ -n "${VERBOSE:-}" ] && cat "$work/summary" "$work/por_summary" 2>/dev/null
echo "liveness: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
