#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# anml.sh -- end-to-end tests of the ANMLite commands (dmc translate
# MODEL.anml, dmc plan, dmc gen-anml) with real spin and pan:
#   - malformed models: file:line:column, what was expected, exit 2;
#   - the contrib examples give plans that pass the validator (dmc plan
#     exits 2 when its validator rejects a plan, so status 0 is a
#     validated plan) and replay with spin -t;
#   - plan existence agrees with SPIN's own breadth-first search
#     (spin -a; gcc -DBFS -DNOREDUCE; ./pan) on the translation, for
#     generated models and for models with and without a plan, with
#     'at', 'next' and arguments in references;
#   - the same with the htime heuristic, which prunes states it proves
#     are dead ends (and the timeline data it reads); ANML_HTIME_SEEDS=N
#     adds generated models 1..N at two horizons.
e2e_name=anml
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

# ---- errors ----
printf 'PLAN p\nTIMELINE A\n  ACTIONS\n    A0: [2 _]\nEND A\nEND p\n' > bad1.anml
expect 2 "bad1.anml:4:12: expected ',', found '_'" "malformed duration: file:line:col and what was expected" \
	-- "$dmc" translate bad1.anml
printf 'PLAN p\nTIMELINE A ACTIONS A0 A1 TRANSITIONS A0 -> A1 END A\nGOALS A.A7\nEND p\n' > bad2.anml
expect 2 "bad2.anml:3:7: undefined action 'A7'" "undefined action is named" -- "$dmc" plan bad2.anml
printf 'PLAN p\nTIMELINE A ACTIONS A0 END A\nVARIABLES t1: Q\nEND p\n' > bad3.anml
expect 2 "undefined timeline 'Q'" "undefined timeline is named" -- "$dmc" translate bad3.anml
printf 'PLAN p\nTIMELINE A ACTIONS A0(x: colour) END A\nEND p\n' > bad4.anml
expect 2 "undefined type 'colour'" "undefined type is named" -- "$dmc" translate bad4.anml
printf 'PLAN p\nTIMELINE A ACTIONS A0 A1 END A\nINITIAL-STATE |-> t9.A0\nEND p\n' > bad5.anml
expect 2 "undefined timeline or instance 't9'" "undefined instance is named" -- "$dmc" translate bad5.anml
# 'at', 'next' and arguments: errors name the file, line and column
printf 'PLAN p TIMELINE A ACTIONS W R TRANSITIONS W -> R -> W END A\nCONSTRAINTS\n  at W.end: R.end < W.start\nEND p\n' > bad6.anml
expect 2 "bad6.anml:3:6: the reference point W.end comes after the universal timepoint W.start" \
	"'at' after the universal timepoint" -- "$dmc" translate bad6.anml
printf 'PLAN p TIMELINE A ACTIONS W R TRANSITIONS W -> R -> W END A\nCONSTRAINTS\n  R.next.end < W.start\nEND p\n' > bad7.anml
expect 2 "bad7.anml:3:3: 'next' needs a reference point before the universal timepoint W.start" \
	"'next' without a reference point" -- "$dmc" plan bad7.anml
printf 'PLAN p TYPES c = {r, g}\nTIMELINE A ACTIONS W(x: c) R TRANSITIONS W(_) -> R END A\nGOALS A.W(b)\nEND p\n' > bad8.anml
expect 2 "bad8.anml:3:11: 'b' is not a value of type c" "a goal argument outside the type" -- "$dmc" plan bad8.anml
expect 2 "cannot read" "a missing model" -- "$dmc" plan nosuch.anml
expect 2 "horizon" "a bad horizon" -- "$dmc" translate "$top/contrib/anml/ex1.anml" --horizon 0
expect 2 "unknown option" "an unknown plan option" -- "$dmc" plan "$top/contrib/anml/ex1.anml" --frob
expect 2 "from 5 (the backbone)" "gen-anml: impossible -R" -- "$dmc" gen-anml -A 6 -R 99

# ---- translation: SPIN accepts it ----
expect 0 "" "translate ex1" -- "$dmc" translate "$top/contrib/anml/ex1.anml" -o ex1.pml
if spin -a ex1.pml > spin.txt 2>&1; then ok "spin -a accepts the translation"; else fail "spin -a: $(cat spin.txt)"; fi
grep -q 'ex1.anml:9' ex1.pml && ok "comments link to the source lines" || fail "no source-line comments in ex1.pml"

# ---- plans for the examples: found, validated, replayed ----
for m in "$top"/contrib/anml/*.anml; do
	name=$(basename "$m")
	case $name in
	*noplan*) expect 1 "no plan exists within the horizon 30" "dmc plan $name: no plan" -- "$dmc" plan "$m" ;;
	*) expect 0 "^validated" "dmc plan $name: a validated plan" -- "$dmc" plan "$m" ;;
	esac
done
expect 0 "A2  *start  *[0-9]* *end" "the plan lists actions with start and end" -- "$dmc" plan "$top/contrib/anml/ex1.anml"
expect 0 "states stored" "the plan comes with search statistics" -- "$dmc" plan "$top/contrib/anml/ex1.anml" --search astar --heuristic none
# ex1 needs 4 time units on timeline A (A0 >= 2, A1, A2 >= 1)
expect 1 "no plan exists within the horizon 3" "a complete search without a plan" -- "$dmc" plan "$top/contrib/anml/ex1.anml" --horizon 3
expect 0 "^validated" "... and with the horizon 4 there is one" -- "$dmc" plan "$top/contrib/anml/ex1.anml" --horizon 4
expect 3 "incomplete" "a beam search that drops states: incomplete" -- "$dmc" plan "$top/contrib/anml/rover.anml" --search beam --beam 1 --heuristic none

# ---- gen-anml: the same seed gives the same model ----
"$dmc" gen-anml -T 2 -A 4 -C 2 --seed 5 > g1.anml && "$dmc" gen-anml -T 2 -A 4 -C 2 --seed 5 > g2.anml
cmp -s g1.anml g2.anml && ok "gen-anml is deterministic per seed" || fail "gen-anml differs for one seed"

# ---- plan existence: dmc plan vs SPIN's BFS ----
spin_bfs() {   # MODEL HORIZON -> plan | noplan | other
	rm -rf sb && mkdir sb
	"$dmc" translate "$1" --horizon "$2" ${enc:+--encoding "$enc"} -o sb/m.pml || { echo other; return; }
	spin_ref sb m.pml "-O2 -DBFS -DNOREDUCE" 0 "" || { echo other; return; }
	if grep -q "assertion violated" sb/pan.out; then echo plan
	elif grep -q "errors: 0" sb/pan.out && ! grep -q "MEMLIM\|out of memory" sb/pan.out; then echo noplan
	else echo other; fi
}
agree() {   # MODEL HORIZON [plan options]
	m=$1; h=$2; shift 2
	s=$(spin_bfs "$m" "$h")
	"$dmc" plan "$m" --horizon "$h" "$@" > plan.txt 2>&1
	rc=$?
	case "$s/$rc" in
	plan/0|noplan/1) ok "$(basename "$m") H=$h $*: SPIN BFS and dmc agree ($s)" ;;
	*) fail "$(basename "$m") H=$h $*: SPIN BFS says $s, dmc plan exits $rc: $(head -c 600 plan.txt)" ;;
	esac
}
plans=0
noplans=0
for seed in 1 2 3 4 5 6 7 8 9; do
	"$dmc" gen-anml -T 2 -A 4 -C 2 --seed $seed > gen$seed.anml
	agree gen$seed.anml 14
	case "$s" in plan) plans=$((plans + 1)) ;; noplan) noplans=$((noplans + 1)) ;; esac
done
[ $plans -gt 0 ] && [ $noplans -gt 0 ] && ok "the generated set has models with and without plans" \
	|| fail "generated models: $plans with a plan, $noplans without"
for seed in 1 2; do
	"$dmc" gen-anml -T 3 -A 4 -R 5 -C 3 --seed $seed > gen3_$seed.anml
	agree gen3_$seed.anml 10 --search astar --heuristic none
done
agree "$top/contrib/anml/ex1.anml" 3
# a constraint with a variable (one constraint per site): the shortest
# plan ends at 10
agree "$top/contrib/anml/survey.anml" 9 --search astar --heuristic none
agree "$top/contrib/anml/survey.anml" 10
# type-level constraints over two instances, several goals per instance,
# 'next' and 'at', arguments in goals, constraints and INITIAL-STATE
agree "$top/contrib/anml/crew.anml" 10
agree "$top/contrib/anml/crew.anml" 12
# repeated actions: 'next' without 'at' (the occurrence before), 'at R.end',
# a goal and an initial action with arguments
cat > rep.anml <<'EOF'
PLAN rep
TYPES phase = {one, two, three}
TIMELINE A
  ACTIONS
    Work(p: phase): [1,3]
    Rest(p: phase): [1,3]
  TRANSITIONS
    Work(one) -> Rest(one) -> Work(two) -> Rest(two) -> Work(three)
END A
TIMELINE B
  ACTIONS
    Idle: [1,_]
    Ping: [1,1]
  TRANSITIONS
    Idle -> Ping -> Idle
END B
INITIAL-STATE |-> A.Work(one) |-> B.Idle
GOALS A.Work(three) B.Idle
CONSTRAINTS
  Work.end + 2 <= Work.next.start
  at Rest.end: Ping.next.end + K <= Rest.next.start
  Ping.end < Work(three).start
END rep
EOF
sed 's/ + K//' rep.anml > rep_plan.anml
# the Ping after Rest(one) ends at least 1 later: 1 + 3 > Work(two)'s 3
sed 's/ + K/ + 3/' rep.anml > rep_noplan.anml
agree rep_plan.anml 20
agree rep_noplan.anml 20
agree rep_plan.anml 20 --search astar --heuristic none
# the tightest horizon: the plan ends at 7 (the horizon bound must not cut it)
agree rep_plan.anml 6
agree rep_plan.anml 7
# at W.start: the P current when each W starts has ended by W's end
cat > atstart.anml <<'EOF'
PLAN atstart
TIMELINE A ACTIONS W: [1,4] R: [1,2] TRANSITIONS W -> R -> W END A
TIMELINE B ACTIONS P: [3,5] Q: [1,1] TRANSITIONS P -> Q -> P END B
INITIAL-STATE |-> A.W |-> B.P
GOALS A.R B.Q
CONSTRAINTS
  at W.start: P.end < W.end
  W.end + 1 < W.next.start
END atstart
EOF
agree atstart.anml 8
agree atstart.anml 14
sed 's/W: \[1,4\]/W: [1,2]/' atstart.anml > atstart2.anml
agree atstart2.anml 14
# parameters, patterns, Allen contains, chains with constants
agree "$top/contrib/anml/rover.anml" 14
agree "$top/contrib/anml/rover.anml" 16
agree "$top/contrib/anml/ex1.anml" 6 --search bfs --heuristic none
agree "$top/contrib/anml/ex1.anml" 6 --search wastar --heuristic hf

# ---- the lazy translation and hplan (docs/anmlite.md) ----
# dmc plan searches the lazy translation by default (the agreements above
# compare it with SPIN's BFS on the eager one); SPIN's BFS on the lazy
# translation agrees with dmc on the eager one too
enc=lazy
agree "$top/contrib/anml/survey.anml" 9 --encoding eager --search astar --heuristic none
agree "$top/contrib/anml/survey.anml" 10 --encoding eager
agree "$top/contrib/anml/crew.anml" 10 --encoding eager
agree rep_noplan.anml 20 --encoding eager
agree rep_plan.anml 7 --encoding eager --search astar --heuristic none
agree atstart.anml 8 --encoding eager
enc=
# the horizon does not multiply the lazy translation's text
"$dmc" translate "$top/contrib/anml/rover.anml" --encoding lazy --horizon 30 -o lz30.pml
"$dmc" translate "$top/contrib/anml/rover.anml" --encoding lazy --horizon 300 -o lz300.pml
[ "$(grep -c d_step lz30.pml)" = "$(grep -c d_step lz300.pml)" ] \
	&& ok "lazy translation: as many d_steps at horizon 300 as at 30 ($(grep -c d_step lz30.pml))" \
	|| fail "lazy translation: $(grep -c d_step lz30.pml) d_steps at horizon 30, $(grep -c d_step lz300.pml) at 300"
# planning-style models (tests/anml/): validated plans, few states
for name in rover3 kitchen logistics-1x1x2; do
	"$dmc" plan "$top/tests/anml/$name.anml" -o "$name.plan" --json > "$name.json" 2> /dev/null
	rc=$?
	st=$(json_get .check.states_stored "$name.json")
	[ $rc -eq 0 ] && [ -n "$st" ] && [ "$st" -lt 100000 ] \
		&& ok "dmc plan $name (lazy, greedy/hplan): a validated plan, $st states" \
		|| fail "dmc plan $name: exit $rc, '$st' states"
done
# hplan's helpful moves (--preferred, on by default for greedy and wastar):
# logistics 2x4x3 gets a validated plan in few states; --no-preferred and
# dmc check's --tie are plan options (passed on by the option table)
"$dmc" plan "$top/tests/anml/logistics-2x4x3.anml" -o l243.plan --json > l243.json 2> l243.txt
rc=$?
st=$(json_get .check.states_stored l243.json)
hs=$(json_get .check.preferred.helpful_successors l243.json)
[ $rc -eq 0 ] && [ -n "$st" ] && [ "$st" -lt 5000 ] && [ -n "$hs" ] && [ "$hs" -gt 0 ] \
	&& grep -q 'heuristic hplan, helpful moves preferred' l243.txt \
	&& ok "dmc plan logistics-2x4x3 (greedy/hplan, helpful moves preferred): a validated plan, $st states" \
	|| fail "dmc plan logistics-2x4x3: exit $rc, '$st' states (fewer than 5000 expected), '$hs' helpful successors"
"$dmc" plan "$top/tests/anml/rover3.anml" -o r3np.plan --no-preferred --tie fifo > r3np.txt 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q 'heuristic hplan$' r3np.txt \
	&& ok "dmc plan --no-preferred --tie fifo: options of the plan command and of dmc check, a validated plan" \
	|| fail "dmc plan --no-preferred --tie fifo: exit $rc: $(head -c 600 r3np.txt)"
expect 2 "unknown option '--tie-break'" "dmc plan with an option nobody declares: unknown" \
	-- "$dmc" plan "$top/tests/anml/rover3.anml" --tie-break fifo
# lifted constraints (docs/anmlite.md, "Translation"): logistics' place
# variable indexes arrays of recorded timepoints and each constraint is
# one guard per transition, not one per place; SPIN's BFS on the lifted
# translation agrees with dmc on a small logistics model with and
# without a plan
"$dmc" translate "$top/tests/anml/logistics-2x4x3.anml" --encoding lazy -o l243.pml
sz=$(wc -c < l243.pml)
grep -q 'byte Pkg_In_f0_v_s_m[0-9]*\[12\] = NEVER;' l243.pml && ! grep -q 'k1_In_f0_0_s' l243.pml \
	&& grep -q 'Pkg_In_f0_v_s_m[0-9]*\[t1_p0\*3 + t1_p1\]' l243.pml && [ "$sz" -lt 100000 ] \
	&& ok "lifted translation: logistics 2x4x3 in $sz bytes, arrays indexed by parameters" \
	|| fail "lifted translation: logistics 2x4x3 in $sz bytes (at most 100000 expected), or no arrays"
# families (anml_pml_family.c): the constraints written once per package
# (kI.In(tr1, x).start <= t1.Load(pI, x).end for each I) are one guard
# indexed by the truck's parameter, so the text grows with the packages,
# not with packages x the transitions out of Load (a choice per package):
# four times the packages, at most five times the text (linear: the
# model itself grows 3.5 times; one guard per package gave 6.5 times)
sh "$top/tests/anml/gen-logistics.sh" 3 6 4 > l364.anml
sh "$top/tests/anml/gen-logistics.sh" 3 24 4 > l3244.anml
"$dmc" translate l364.anml --encoding lazy -o l364.pml
"$dmc" translate l3244.anml --encoding lazy -o l3244.pml
s6=$(wc -c < l364.pml); s24=$(wc -c < l3244.pml)
[ "$s6" -gt 0 ] && [ $((s24 * 10)) -le $((s6 * 50)) ] \
	&& [ "$(grep -c 't1_Load_f\|(!(t1_p0 == ' l364.pml)" = 0 ] \
	&& ok "families: logistics 3x24x4 in $s24 bytes of Promela, 3x6x4 in $s6 (at most 5x)" \
	|| fail "families: logistics 3x24x4 in $s24 bytes of Promela, 3x6x4 in $s6 (more than 5x, or guards per package)"
# the families' arrays hold the same timepoints as the arrays per
# instance did: SPIN's BFS explores the same state space (88565 states
# for logistics 2x2x3 at horizon 5, no plan, as with the translation
# member by member), and dmc agrees with it with and without a plan
sh "$top/tests/anml/gen-logistics.sh" 2 2 3 > l223.anml
enc=lazy
s=$(spin_bfs l223.anml 5)
st=$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' sb/pan.out)
[ "$s" = noplan ] && [ "$st" = 88565 ] && grep -q 'Pkg_In_f0_v_s_m[0-9]*\[t1_p0\*3 + t1_p1\]' sb/m.pml \
	&& ok "families: SPIN BFS on logistics 2x2x3 H=5 stores the same 88565 states" \
	|| fail "families: SPIN BFS on logistics 2x2x3 H=5 says $s with '$st' states (88565, no plan expected)"
agree l223.anml 5
enc=
expect 0 "^validated" "families: dmc plan logistics 2x2x3 (the default horizon): a validated plan" \
	-- "$dmc" plan l223.anml -o l223.plan
sh "$top/tests/anml/gen-logistics.sh" 1 1 3 > l113.anml
enc=lazy
agree l113.anml 6
agree l113.anml 5
enc=
grep -q '"minimised":"none"' rover3.json && grep -q '"encoding":"lazy"' rover3.json \
	&& grep -q '"translation_bytes":[1-9]' rover3.json \
	&& ok "dmc plan --json says what is minimised, the encoding and the translation's size" \
	|| fail "dmc plan --json lacks minimised/encoding/translation_bytes"
expect 0 "optimal: makespan 10 is the least" "--optimal makespan proves the kitchen's makespan 10 optimal" \
	-- "$dmc" plan "$top/tests/anml/kitchen.anml" --optimal makespan -o k.plan
expect 2 "not with --json" "--optimal makespan with --json: refused" \
	-- "$dmc" plan "$top/tests/anml/kitchen.anml" --optimal makespan --json
expect 2 "expected 'makespan'" "--optimal with another value: refused" \
	-- "$dmc" plan "$top/tests/anml/kitchen.anml" --optimal steps
"$dmc" translate "$top/contrib/anml/ex1.anml" --encoding lazy -o ex1lazy.pml
expect 2 "hplan: the model has no planning graph" "hplan on a translation checked without its --meta header" \
	-- "$dmc" check ex1lazy.pml --search greedy --heuristic hplan -- -E

# ---- htime: the temporal relaxation proves dead ends (docs/heuristics.md) ----
# plan existence agrees with SPIN BFS on generated models with and without
# plans (dead-end pruning must never lose a plan; every plan is validated)
for seed in 3 5 11 12 13 14; do
	"$dmc" gen-anml -T 2 -A 5 -C 2 --seed $seed > ht$seed.anml
	agree ht$seed.anml 10 --heuristic htime
done
agree ht14.anml 14 --heuristic htime --search astar
agree gen3_1.anml 10 --heuristic htime
agree "$top/contrib/anml/rover.anml" 14 --heuristic htime
agree "$top/contrib/anml/rover.anml" 16 --heuristic htime
# several goals per instance, type-level constraints, 'at'/'next' (left out
# of the relaxation), arguments
agree "$top/contrib/anml/crew.anml" 10 --heuristic htime
agree rep_plan.anml 7 --heuristic htime
agree rep_noplan.anml 20 --heuristic htime
agree atstart.anml 8 --heuristic htime
agree "$top/contrib/anml/ex1.anml" 3 --heuristic htime
agree "$top/contrib/anml/ex1.anml" 4 --heuristic htime --search astar
# more of the same on request: ANML_HTIME_SEEDS=40 sh tests/e2e/anml.sh
# compares seeds 1..40 (T = 2, A = 5, C = 2) at horizons 10 and 14
seed=1
while [ "$seed" -le "${ANML_HTIME_SEEDS:-0}" ]; do
	"$dmc" gen-anml -T 2 -A 5 -C 2 --seed $seed > hx$seed.anml
	agree hx$seed.anml 10 --heuristic htime
	agree hx$seed.anml 14 --heuristic htime
	seed=$((seed + 1))
done
# the timeline data htime reads is a generated C header (--meta), not part
# of the Promela; dmc check compiles it into pan with --meta
"$dmc" translate gen3_1.anml --horizon 10 -o gen3_1.pml --meta gen3_1.h
grep -q 'DMC_TIMELINE_VERSION, 10, 255, ' gen3_1.h && grep -q '^static const dmc_tl_chain dmc_tl_chains' gen3_1.h \
	&& ! grep -q 'dmc_tl\|@@TL' gen3_1.pml \
	&& ok "translate --meta writes the timeline data as a C header" || fail "no timeline data in gen3_1.h"
"$dmc" check gen3_1.pml --meta gen3_1.h --heuristic htime --search greedy --json -- -E > m1.json 2> /dev/null
"$dmc" check gen3_1.anml --horizon 10 --heuristic htime --search greedy --json > m2.json 2> /dev/null
m1=$(json_num states_stored m1.json); m2=$(json_num states_stored m2.json)
[ -n "$m1" ] && [ "$m1" = "$m2" ] && [ "$(json_str verdict m1.json)" = "$(json_str verdict m2.json)" ] \
	&& ok "htime with translate --meta and check --meta searches as check MODEL.anml ($m1 states)" \
	|| fail "check --meta: '$m1' states, check MODEL.anml: '$m2'"
expect 2 "htime: the model has no timeline data" "a translation checked without its --meta header" \
	-- "$dmc" check gen3_1.pml --heuristic htime -- -E
expect 2 "--meta nosuch.h: no such file" "check --meta with a missing header" \
	-- "$dmc" check gen3_1.pml --meta nosuch.h --heuristic htime
expect 2 "--meta is for a translation checked as Promela" "check --meta on an ANMLite model" \
	-- "$dmc" check gen3_1.anml --meta gen3_1.h

# ---- dmc check MODEL.anml: the ANMLite front end ----
# a violation of "the goal is unreachable" is a plan, printed as dmc plan
# prints it (exit 1: a violation); none within the horizon: exit 0
expect 1 "^validated: durations, transitions" "dmc check ex1.anml: the plan, validated" \
	-- "$dmc" check "$top/contrib/anml/ex1.anml" --horizon 4 --search greedy --heuristic htime
# (dmc plan's greedy takes ties last in, first out: dmc check --tie lifo)
"$dmc" check "$top/contrib/anml/ex1.anml" --horizon 4 --search greedy --heuristic htime --tie lifo > c.txt 2>&1
"$dmc" plan "$top/contrib/anml/ex1.anml" --horizon 4 --search greedy --heuristic htime > p.txt 2>&1
sed -n '/^timeline /,/^validated/p' c.txt > c_plan.txt
sed -n '/^timeline /,/^validated/p' p.txt > p_plan.txt
[ -s c_plan.txt ] && cmp -s c_plan.txt p_plan.txt && grep -q "^plan ex1 (" c.txt \
	&& ok "dmc check prints the plan as dmc plan does" || fail "check's plan differs from plan's: $(head -c 400 c.txt)"
expect 0 "verdict *no-violation" "dmc check ex1.anml --horizon 3: no plan" \
	-- "$dmc" check "$top/contrib/anml/ex1.anml" --horizon 3
expect 1 "^validated" "dmc check rover.anml (the default horizon, A* without a heuristic)" \
	-- "$dmc" check "$top/contrib/anml/rover.anml" --heuristic hf --search greedy
expect 2 "bad8.anml:3:11: 'b' is not a value of type c" "dmc check: a bad ANMLite model" -- "$dmc" check bad8.anml
expect 2 "--horizon is for ANMLite models (.anml)" "--horizon on a Promela model" \
	-- "$dmc" check gen3_1.pml --horizon 5
expect 2 "--horizon: '0' is out of range" "a bad --horizon for dmc check" \
	-- "$dmc" check "$top/contrib/anml/ex1.anml" --horizon 0
expect 2 "a Promela model has no planner" "dmc plan on a Promela model" -- "$dmc" plan gen3_1.pml
# a no-plan proof at the initial state: one state stored, SPIN BFS stores more
expect 1 "^search: 1 states stored" "htime proves the no-plan example at its initial state" \
	-- "$dmc" plan "$top/contrib/anml/gen-T2-A5-C2-s12-noplan.anml" --heuristic htime
"$dmc" plan ht5.anml --horizon 10 --heuristic htime > ht.txt 2>&1
hs=$(sed -n 's/^search: \([0-9]*\) states stored.*/\1/p' ht.txt)
"$dmc" plan ht5.anml --horizon 10 --heuristic hf > hf.txt 2>&1
fs=$(sed -n 's/^search: \([0-9]*\) states stored.*/\1/p' hf.txt)
[ -n "$hs" ] && [ -n "$fs" ] && [ "$hs" -lt "$fs" ] && grep -q "^no plan" ht.txt \
	&& ok "htime prunes dead ends: no plan for gen seed 5 with $hs states (hf: $fs)" \
	|| fail "htime on gen seed 5: '$hs' states, hf '$fs': $(head -c 300 ht.txt)"
# not an ANMLite translation: a clear error
printf 'active proctype p() { assert(false) }\n' > plain.pml
expect 2 "htime: the model has no timeline data" "htime on a model without timeline data" \
	-- "$dmc" check plain.pml --heuristic htime

echo "anml: $passed passed, $failed failed"
[ $failed -eq 0 ]
