#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# properties.sh -- dmc check answers for a model's own properties, as
# spin -search does: each ltl formula (never claim) is checked, with -a
# where the model has accept labels; several formulas get one answer
# each (text and JSON, each its own trail file), and every run says what
# it checked and what it did not.  SPIN's pan -a (-N NAME) is the oracle
# of each formula's verdict; every trail replays with spin -t.
e2e_name=properties
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2
d=$work/m
mkdir -p "$d"
cp "$top"/tests/models/properties/*.pml "$top/tests/models/live_multi.pml" "$top/tests/models/buf_overflow_bad.pml" "$d/"

# spin_errors MODEL [PAN OPTIONS]: pan's error count (SPIN's DFS, pan's defaults)
spin_errors() {
	m=$1; shift
	s=$work/spin_$(basename "$m" .pml)
	mkdir -p "$s" && cp "$d/$m" "$s/"
	spin_ref "$s" "$m" -O2 0 "-m100000 $*"
	echo "$sr_errors"
}

# replays TRAIL MODEL PATTERN: spin -t -k TRAIL reaches PATTERN
replays() {
	if (cd "$d" && spin -t -k "$1" -p "$2" 2>&1) | grep -q -e "$3"; then ok "$1 replays ($3)"
	else fail "$1: spin -t -k $1 $2 does not show '$3'"; fi
}

# one liveness formula: the default searches acceptance cycles
want=$(spin_errors ltl_served_bad.pml -a)
[ "$want" = 1 ] && ok "SPIN: served fails with -a" || fail "SPIN's pan -a on ltl_served_bad: errors $want"
expect 1 "acceptance cycle" "one ltl formula: the default finds its acceptance cycle" -- \
	"$dmc" check "$d/ltl_served_bad.pml"
grep -q "checked .*acceptance cycles of never claim served" out.txt && ok "text: acceptance cycles checked" \
	|| fail "the results do not say acceptance cycles were checked: $(grep checked out.txt)"
replays ltl_served_bad.pml.trail ltl_served_bad.pml "START OF CYCLE"
"$dmc" check "$d/ltl_served_bad.pml" --json > one.json 2> /dev/null
[ "$(json_get .checked.acceptance_cycles one.json)" = true ] && [ "$(json_get .checked.claim one.json)" = served ] \
	&& ok "json: checked.acceptance_cycles, checked.claim" || fail "json checked: $(json_get .checked one.json)"

# a safety search chosen by the user: said, never a silent "no violation"
expect 0 "acceptance cycles are not searched" "--search greedy: a note that acceptance cycles are not searched" -- \
	"$dmc" check "$d/ltl_served_bad.pml" --search greedy
grep -q "not checked .*acceptance cycles (the model has accept labels" out.txt && ok "text: acceptance cycles not checked" \
	|| fail "the results do not say acceptance cycles were not checked: $(grep checked out.txt)"
"$dmc" check "$d/ltl_served_bad.pml" --search greedy --json > safety.json 2> /dev/null
[ "$(json_get .checked.acceptance_cycles safety.json)" = false ] && [ "$(json_get .checked.accept_labels safety.json)" = true ] \
	&& ok "json: acceptance cycles not checked, accept labels present" || fail "json checked: $(json_get .checked safety.json)"

# an unnamed never claim with an accept label
want=$(spin_errors never_accept_bad.pml -a)
expect 1 "acceptance cycle" "unnamed never claim with accept: the default uses -a (SPIN -a: $want error)" -- \
	"$dmc" check "$d/never_accept_bad.pml"
replays never_accept_bad.pml.trail never_accept_bad.pml "START OF CYCLE"

# no claim: assertions and invalid end states, acceptance cycles not needed
expect 1 "checked .*assertions, invalid end states" "no claim: assertions and invalid end states checked" -- \
	"$dmc" check "$d/buf_overflow_bad.pml"

# several formulas: each checked, each answered, each its own trail
"$dmc" check "$d/live_multi.pml" > multi.txt 2>&1
rc=$?
[ $rc = 1 ] && ok "live_multi: exit 1 (a formula fails)" || fail "live_multi: exit $rc: $(cat multi.txt)"
grep -q "^4 formulas: 3 violated, 1 hold, 0 not decided" multi.txt && ok "live_multi: the summary line" \
	|| fail "live_multi summary: $(tail -3 multi.txt)"
"$dmc" check "$d/live_multi.pml" --json > multi.json 2> /dev/null
[ "$(wc -l < multi.json)" = 4 ] && ok "live_multi --json: one object per formula" || fail "live_multi --json: $(wc -l < multi.json) lines"
for f in ok1 unfair bad1 bad2; do
	spin_n=$(spin_errors live_multi.pml -a -N $f)
	answer=$(jq -r "select(.query.name == \"$f\") | .query.answer" multi.json)
	case "$spin_n:$answer" in
	0:satisfied|1:not-satisfied) ok "live_multi $f: $answer, as SPIN's pan -a -N $f" ;;
	*) fail "live_multi $f: dmc $answer, SPIN's pan -a -N $f errors $spin_n" ;;
	esac
	grep -q "ltl $f (.*live_multi.pml:[0-9]*:1)" multi.txt && ok "live_multi $f: its own line" \
		|| fail "live_multi $f: no line of its own"
	if [ "$answer" = not-satisfied ]; then
		tf=$(jq -r "select(.query.name == \"$f\") | .trail_file" multi.json)
		[ "$tf" = "live_multi.pml.$f.trail" ] && [ -f "$d/$tf" ] && ok "live_multi $f: trail $tf" \
			|| fail "live_multi $f: trail file '$tf'"
		replays "$tf" live_multi.pml "START OF CYCLE"
	fi
done
[ ! -f "$d/live_multi.pml.ok1.trail" ] && ok "live_multi ok1: no trail" || fail "live_multi ok1: a trail"

# a safety formula's violation under -a: its trail replays to the claim's assertion
expect 1 "^2 formulas: 1 violated, 1 hold, 0 not decided" "ltl_mixed_bad: one formula fails, one holds" -- \
	"$dmc" check "$d/ltl_mixed_bad.pml"
[ "$(spin_errors ltl_mixed_bad.pml -a -N below5)" = 1 ] && [ "$(spin_errors ltl_mixed_bad.pml -a -N atmost5)" = 0 ] \
	&& ok "SPIN: below5 fails, atmost5 holds" || fail "SPIN disagrees on ltl_mixed_bad"
replays ltl_mixed_bad.pml.below5.trail ltl_mixed_bad.pml "assertion violated"

# an unnamed never claim beside an ltl block: checked as pan's default claim
expect 1 "^2 formulas: 1 violated, 1 hold, 0 not decided" "never_beside_ltl: the ltl block fails, the never claim holds" -- \
	"$dmc" check "$d/never_beside_ltl.pml"
grep -q "never claim never_0" out.txt && ok "never_beside_ltl: the never claim answered" || fail "never_beside_ltl: $(cat out.txt)"
[ "$(spin_errors never_beside_ltl.pml -a)" = 0 ] && [ "$(spin_errors never_beside_ltl.pml -a -N reaches4)" = 1 ] \
	&& ok "SPIN: never_0 (pan's default) holds, reaches4 fails" || fail "SPIN disagrees on never_beside_ltl"

# formulas that all hold: exit 0, every one answered
expect 0 "^3 formulas: 0 violated, 3 hold, 0 not decided" "ltl_all_ok: three formulas hold" -- \
	"$dmc" check "$d/ltl_all_ok.pml"
for f in bounded returns steps; do
	[ "$(spin_errors ltl_all_ok.pml -a -N $f)" = 0 ] && ok "SPIN: $f holds" || fail "SPIN: $f fails"
done

# a safety search with several formulas: one run of pan's default claim, the others named as not checked
expect 0 "claim ok1 only (pan.s default); not checked: unfair, bad1, bad2" "live_multi --search bfs: ok1 (holds), the others named" -- \
	"$dmc" check "$d/live_multi.pml" --search bfs --heuristic none
grep -q "^Formula" out.txt && fail "--search bfs ran every formula" || ok "--search bfs: one run"

# one formula named: one run, as before
expect 1 "acceptance cycle" "--ltl bad1: that formula only" -- "$dmc" check "$d/live_multi.pml" --ltl bad1
grep -q "^Formula" out.txt && fail "--ltl bad1 checked other formulas" || ok "--ltl bad1: one run"

# SPIN's advice on choosing a claim is not repeated (dmc checks each)
grep -q "choose which one" multi.txt && fail "spin's 'choose which one' advice shown" || ok "no 'choose which one' advice"

# the claims are read from the build the run uses: one spin -a a check
# (two formulas: one build, then each formula's run on it)
mkdir -p spinlog
printf '#!/bin/sh\necho "$*" >> %s/spinlog/calls\nexec spin "$@"\n' "$PWD" > spinlog/spin
chmod +x spinlog/spin
for m in ltl_served_bad ltl_mixed_bad; do
	: > spinlog/calls
	SPIN=$PWD/spinlog/spin "$dmc" check "$d/$m.pml" > /dev/null 2>&1
	n=$(grep -c -- '^-a' spinlog/calls)
	[ "$n" = 1 ] && ok "$m: spin -a runs once" || fail "$m: spin -a ran $n times: $(cat spinlog/calls)"
done

echo "properties: $passed passed, $failed failed"
[ $failed = 0 ]
