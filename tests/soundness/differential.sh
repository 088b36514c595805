#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# differential.sh -- random differential testing of dmc against SPIN.
#
#   tests/soundness/differential.sh N [SEED]
#
# For each of the N seeds SEED, SEED+1, ... (SEED defaults to 1):
#   1. tests/soundness/gen_pml.py writes a random model;
#   2. SPIN decides it: spin -a, gcc -O2 -DNOREDUCE, ./pan -m100000 (an
#      exhaustive depth-first search without reduction), and again with
#      -E (assertions only: there dead-end pruning is on in dmc).  A model
#      SPIN rejects, or whose search does not finish (time, depth), is
#      skipped and counted;
#   3. every configuration below runs `dmc check` on it with
#      --time-limit, and is compared with SPIN:
#        - exit 0 (a complete search, no violation) where SPIN found one:
#          "unsound", the worst kind;
#        - exit 1 where SPIN found none: "false violation";
#        - exit 1: the trail must replay with spin -t for all its steps
#          and end in a violation: the replay shows an assertion
#          violated, or, in a model with a never claim or ltl formula,
#          the claim at its end, or else (not under -E) an invalid end
#          state: some process is not at a valid end state in
#          the replay's final listing, and the state the trail ends in
#          has no move.  The last is decided by SPIN's own pan: a copy
#          of the reference pan.c, built with -DHAS_CODE (for pan -r),
#          replays the trail and, where pan would stop, searches from
#          the trail's last state to depth 1 (pan -r -m2), which reports
#          an invalid end state only when that state is one (the
#          configurations with --target deadlock are not run on models
#          with a claim: dmc refuses them there, pan checks no end state);
#        - exit 3 (incomplete: a time limit, a beam that dropped states)
#          agrees with anything; exit 2 (dmc refused the model) is counted
#          apart and kept for inspection; any other exit status (a crash,
#          the outer timeout) is a mismatch;
#        - the JSON verdict must say what the exit status says.
# Prints a line per mismatch as it is found and, at the end, one line per
# configuration: agree, incomplete, refused, mismatch.  Every mismatching
# model is kept with dmc's output under $DIFF_OUT/mismatch/SEED-CONFIG/.
#
# Environment: DIFF_OUT (kept results, default ./differential.out),
# DIFF_TIME (dmc's --time-limit, default 20), DIFF_SPIN_TIME (SPIN's pan,
# default 30), DIFF_JOBS (seeds checked in parallel, default 1),
# DIFF_CONFIGS (names of the configurations to run, blank-separated;
# default all), DIFF_DMC (the dmc to test, default this tree's),
# DIFF_CFLAGS (dmc's --cflags: -O0 builds pan about three times faster).
# Exit status 0 when nothing mismatched, 1 otherwise, 2 on bad usage.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
dmc=${DIFF_DMC:-$top/dmc}
out=${DIFF_OUT:-$PWD/differential.out}
tlimit=${DIFF_TIME:-20}
spin_time=${DIFF_SPIN_TIME:-30}
jobs=${DIFF_JOBS:-1}
cflags=${DIFF_CFLAGS:-}

case ${1:-} in
''|*[!0-9]*) echo "usage: differential.sh N [SEED]" >&2; exit 2 ;;
esac
count=$1
first=${2:-1}
case $first in
''|*[!0-9]*) echo "usage: differential.sh N [SEED]" >&2; exit 2 ;;
esac
command -v jq > /dev/null || { echo "differential.sh: jq is needed" >&2; exit 2; }

# The configurations: name, E (pan -E: assertions only) or - , options.
# beam is not complete: it must end incomplete (exit 3) or agree.
configs='default - 
default-E E 
bfs - --search bfs
astar-hL - --search astar --heuristic hL
astar-hL-E E --search astar --heuristic hL
astar-hU - --search astar --heuristic hU
greedy-hU - --search greedy --heuristic hU
greedy-hU-E E --search greedy --heuristic hU
greedy-hf - --search greedy --heuristic hf
greedy-hf-E E --search greedy --heuristic hf
greedy-dL - --search greedy --heuristic dL
greedy-dL-E E --search greedy --heuristic dL
ut-hL - --search ut --heuristic hL
astar-pdb - --search astar --heuristic pdb --pdb-time 5
astar-pdb-E E --search astar --heuristic pdb --pdb-time 5
beam - --search beam --heuristic dL --beam 20
greedy-hU-nopor - --search greedy --heuristic hU --no-por
astar-hL-nopor-E E --search astar --heuristic hL --no-por
greedy-hUc-E E --search greedy --heuristic hUc
greedy-dU-E E --search greedy --heuristic dU
astar-pdbpred-E E --search astar --heuristic pdb-pred --pdb-time 5
greedy-deadlock - --search greedy --heuristic deadlock --target deadlock
dfs - --search dfs
prove - --preset prove
prove-E E --preset prove
short - --preset short'
names=$(echo "$configs" | awk '{ print $1 }')
# shellcheck disable=SC2086
want=" $(printf '%s ' ${DIFF_CONFIGS:-$names})"

mkdir -p "$out/mismatch" "$out/refused" "$out/results" "$out/work"
DMC_CACHE=$out/cache
export DMC_CACHE

# spin_ref DIR OPTS: SPIN's verdict on DIR/m.pml ("violation:KIND",
# "no-violation" or "skip:WHY"), pan built in DIR/ref
spin_ref() {
	# shellcheck disable=SC2086
	(cd "$1/ref" && nice -n 10 timeout "$spin_time" ./pan -m100000 $2 > "pan$2.out" 2>&1)
	rc=$?
	o=$1/ref/pan$2.out
	[ "$rc" = 124 ] && { echo skip:timeout; return; }
	grep -q 'max search depth too small' "$o" && { echo skip:depth; return; }
	errs=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$o" | head -n 1)
	case $errs in
	'') echo skip:no-result ;;
	0) echo no-violation ;;
	*)
		if grep -q 'assertion violated' "$o"; then echo violation:assert
		elif grep -q 'invalid end state' "$o"; then echo violation:end
		else echo violation:other
		fi ;;
	esac
}

# keep SEED CONFIG DIR WHY KIND: save the model and dmc's output under KIND/
keep() {
	k=$out/$5/$1-$2
	mkdir -p "$k"
	cp "$3/m.pml" "$3/run.json" "$3/run.err" "$k/" 2> /dev/null
	[ -f "$3/m.pml.trail" ] && cp "$3/m.pml.trail" "$k/"
	[ -f "$3/replay.txt" ] && cp "$3/replay.txt" "$k/"
	[ -f "$3/endchk/out.txt" ] && cp "$3/endchk/out.txt" "$k/endchk.txt"
	echo "$4" > "$k/why"
}

# run_config SEED DIR NAME E OPTS...: one dmc run, compared with SPIN;
# prints "NAME RESULT"
run_config() {
	seed=$1; d=$2; name=$3; e=$4; shift 4
	[ -n "$cflags" ] && set -- "$@" --cflags "$cflags"
	if [ "$e" = E ]; then ref=$refE; set -- "$@" -- -E; else ref=$ref0; fi
	rm -rf "$d/m.pml.trail" "$d/replay.txt" "$d/endchk"
	(cd "$d" && nice -n 10 timeout $((tlimit * 3 + 60)) "$dmc" check m.pml --quiet --json \
		--time-limit "$tlimit" "$@" > run.json 2> run.err)
	rc=$?
	verdict=$(jq -r .verdict "$d/run.json" 2> /dev/null)
	why=
	case $rc in
	0) [ "$verdict" = no-violation ] || why="exit 0 with verdict '$verdict'"
	   case $ref in violation*) why="unsound: no violation, SPIN: $ref" ;; esac ;;
	1) if [ "$verdict" != violation ]; then why="exit 1 with verdict '$verdict'"
	   elif [ "$ref" = no-violation ]; then why="false violation, SPIN: no violation"
	   else why=$(check_trail "$d" "$e"); fi ;;
	2) echo "$name refused"; keep "$seed" "$name" "$d" "$(head -c 300 "$d/run.err")" refused; return ;;
	3) [ "$verdict" = incomplete ] || why="exit 3 with verdict '$verdict'"
	   [ -z "$why" ] && { echo "$name incomplete"; return; } ;;
	*) why="exit status $rc: $(tail -c 200 "$d/run.err")" ;;
	esac
	if [ -n "$why" ]; then
		echo "$name mismatch"
		echo "MISMATCH seed $seed $name (dmc check $*): $why" >&2
		keep "$seed" "$name" "$d" "$why" mismatch
	else
		echo "$name agree"
	fi
}

# check_trail DIR E: empty when dmc's trail replays with spin -t and ends
# in a violation
check_trail() {
	len=$(grep -c '^[0-9]' "$1/m.pml.trail" 2> /dev/null)
	if [ -z "$len" ] || [ "$len" = 0 ]; then echo "no trail"; return; fi
	(cd "$1" && nice -n 10 timeout 60 spin -t -p m.pml > replay.txt 2>&1)
	steps=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$1/replay.txt")
	if [ "$steps" != "$len" ]; then
		echo "spin -t replayed '$steps' steps of a $len-step trail"
	elif grep -q 'assertion violated' "$1/replay.txt"; then
		:
	elif grep -q '^ *\(never\|ltl\) ' "$1/m.pml"; then
		# the claim (process "-") listed at its end after the trail
		sed '1,/trail ends after/d' "$1/replay.txt" | grep -q 'proc  - .*<valid end state>' \
			|| echo "the replay shows neither an assertion violation nor the claim at its end"
	elif [ "$2" = E ]; then
		echo "under -E the replay shows no assertion violation"
	else
		check_end_state "$1"
	fi
}

# check_end_state DIR: empty when dmc's trail ends in an invalid end state
# (the replay in DIR/replay.txt; SPIN's pan.c in DIR/ref)
check_end_state() {
	# the final listing: a process line without <valid end state>
	if ! sed '1,/trail ends after/d' "$1/replay.txt" | grep 'proc ' | grep -vq 'valid end state'; then
		echo "the replay ends with every process at a valid end state"; return
	fi
	r=$1/ref
	if [ ! -x "$r/endchk" ]; then
		# getrail() ends by printing the trail and exiting: return instead,
		# so that pan searches from the replayed state
		sed 's|^\twrap_trail();$|\tdepth = 0; trpt->tau = 0; return; /* differential.sh */|' \
			"$r/pan.c" > "$r/endchk.c"
		if ! grep -q 'differential.sh' "$r/endchk.c" \
		|| ! (cd "$r" && nice -n 10 gcc -w -O0 -DNOREDUCE -DHAS_CODE -o endchk endchk.c > /dev/null 2>&1); then
			echo "could not build the end-state check from pan.c"; return
		fi
	fi
	rm -rf "$1/endchk"
	mkdir -p "$1/endchk"
	cp "$1/m.pml.trail" "$1/endchk/"
	# -m2: the replayed state is expanded, its successors are not
	(cd "$1/endchk" && nice -n 10 timeout 60 ../ref/endchk -r -m2 > out.txt 2>&1)
	grep -q 'invalid end state (at depth' "$1/endchk/out.txt" \
		|| echo "SPIN's pan finds a move in the state the trail ends in"
}

# check_seed SEED: writes $out/results/SEED
check_seed() {
	seed=$1
	d=$out/work/$seed
	rm -rf "$d"
	mkdir -p "$d/ref"
	res=$out/results/$seed.tmp
	python3 "$here/gen_pml.py" "$seed" > "$d/m.pml"
	cp "$d/m.pml" "$d/ref/"
	if ! (cd "$d/ref" && spin -a m.pml > spin.out 2>&1 && [ -f pan.c ]); then
		echo "spin rejected" > "$res"
		cp "$d/m.pml" "$out/refused/spin-$seed.pml"
	elif ! (cd "$d/ref" && nice -n 10 gcc -w -O2 -DNOREDUCE -o pan pan.c > gcc.out 2>&1); then
		echo "spin gcc" > "$res"
	else
		ref0=$(spin_ref "$d" "")
		refE=$(spin_ref "$d" "-E")
		case $ref0$refE in
		*skip*) echo "spin $ref0 $refE" > "$res" ;;
		*)
			echo "spin decided $ref0 $refE" > "$res"
			claim=$(grep -l '^ *\(never\|ltl\) ' "$d/m.pml")
			echo "$configs" | while read -r name e opts; do
				case $want in *" $name "*) ;; *) continue ;; esac
				# dmc refuses --target deadlock where pan checks no end states
				case $opts in *'--target deadlock'*) [ -n "$claim" ] && continue ;; esac
				# shellcheck disable=SC2086
				run_config "$seed" "$d" "$name" "$e" $opts
			done >> "$res" ;;
		esac
	fi
	mv "$res" "$out/results/$seed"
	grep -q mismatch "$out/results/$seed" || rm -rf "$d"
}

# job J: the seeds whose offset modulo $jobs is J
job() {
	i=$1
	while [ "$i" -lt "$count" ]; do
		check_seed $((first + i))
		i=$((i + jobs))
	done
}

j=0
while [ "$j" -lt "$jobs" ]; do
	job "$j" &
	j=$((j + 1))
done
wait

# the summary: over the result files of this run's seeds
files=
i=0
while [ "$i" -lt "$count" ]; do
	files="$files $out/results/$((first + i))"
	i=$((i + 1))
done
# shellcheck disable=SC2086
cat $files | awk -v n="$count" '
	$1 == "spin" && $2 == "decided" { decided++; if ($3 ~ /^violation/) viol++; if ($4 ~ /^violation/) violE++; next }
	$1 == "spin" { skipped[$2 " " $3 " " $4]++; next }
	{ seen[$1] = 1; r[$1, $2]++ }
	END {
		printf "models %d, SPIN decided %d (violation %d, with -E %d)\n", n, decided, viol, violE
		for (s in skipped) printf "  skipped: %s: %d\n", s, skipped[s]
		printf "%-18s %6s %6s %6s %6s\n", "configuration", "agree", "incompl", "refused", "MISMATCH"
		for (c in seen) { printf "%-18s %6d %6d %6d %6d\n", c, r[c, "agree"], r[c, "incomplete"], r[c, "refused"], r[c, "mismatch"]; bad += r[c, "mismatch"] }
		exit bad > 0
	}'
