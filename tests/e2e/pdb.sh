#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# pdb.sh -- the pattern-database heuristics (--heuristic pdb and pdb-pred) against
# SPIN's breadth-first search (-DBFS -DNOREDUCE), on the pdb models
# (tests/models/pdb/, pan options from a "pan-options:" comment, spin's
# from a "spin-options:" comment, e.g. -o3 without statement merging) and the
# safety models of tests/models/ listed below.  For every model:
#   - A* with pdb (and with pdb-pred) and --no-por gives SPIN's verdict and exit status; its
#     trail replays with spin -t for all its steps and, for an assertion,
#     is exactly as long as SPIN's BFS trail (pdb is admissible, and the
#     dead ends it prunes have no path to an error);
#   - greedy with pdb (POR on) gives SPIN's verdict and a trail that
#     replays;
#   - with -E (every error pan checks is a target, so dead ends are
#     pruned) the same for A*;
# and on the correct pdb models whose h(initial) is infinite the search
# stores just the initial state; and the build's limits (--pdb-time,
# --time-limit, signals: "limits").  PDB_ONLY=REGEX restricts the models.
e2e_name=pdb
. "$(dirname "$0")/lib.sh"

[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }
command -v jq > /dev/null || { echo "pdb.sh needs jq" >&2; exit 2; }

# reference DIR MODEL OPTS: SPIN's BFS: ref.verdict, ref.len, ref.kind;
# status 2 when SPIN's BFS cannot check the model
reference() {
	d=$1; m=$2; opts=$3
	mkdir -p "$d/ref"
	cp "$d/$m" "$d/ref/"
	spin_ref "$d/ref" "$m" "-O2 -DBFS -DNOREDUCE" 120 "$opts" pan "$spinopts" || return 1
	grep -q 'not supported in BFS\|VECTORSZ is too small' "$d/ref/pan.out" && return 2
	errs=$sr_errors
	[ -n "$errs" ] || return 1
	# with rendezvous SPIN's BFS may miss errors: not an oracle here
	# (tests/e2e/rendezvous.sh checks those models against SPIN's DFS)
	grep -q "rendezvous with BFS does not preserve" "$d/ref/pan.out" && return 2
	if [ "$errs" -gt 0 ]; then
		echo violation > "$d/ref.verdict"
		trail_system_steps "$d/ref/$m.trail" > "$d/ref.len"
	else
		echo no-violation > "$d/ref.verdict"
		echo 0 > "$d/ref.len"
	fi
	pan_error "$d/ref/pan.out" > "$d/ref.kind"
	return 0
}

check() { # dir model name tag search opts panopts
	d=$1; m=$2; name=$3; tag=$4; s=$5; opts=$6; pan=$7
	what="$name $s/$heur $pan"
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check "$m" ${spinopts:+--spin-opts "$spinopts"} --json --search "$s" --heuristic "$heur" -- $pan $opts \
		> "$tag.json" 2> "$tag.err")
	rc=$?
	if [ "$rc" = 2 ] && grep -q 'needs target locations' "$d/$tag.err"; then
		skipped=$((skipped + 1))
		return
	fi
	v=$(json_str verdict "$d/$tag.json")
	ref=$(cat "$d/ref.verdict")
	if [ "$v" != "$ref" ]; then
		fail "$what: verdict '$v', SPIN says '$ref' (rc $rc): $(head -c 300 "$d/$tag.err")"
		return
	fi
	ok "$what: verdict $v"
	case $v in
	violation) [ "$rc" = 1 ] || fail "$what: exit status $rc for a violation" ;;
	no-violation) [ "$rc" = 0 ] || fail "$what: exit status $rc for no violation" ;;
	esac
	if [ "$v" = no-violation ]; then
		case $(json_str h_initial "$d/$tag.json")/$(json_num states_pruned "$d/$tag.json") in
		inf/0) ;;                 # pruning is off (pan checks more than the targets)
		inf/*) stored=$(json_num states_stored "$d/$tag.json")
			if [ "$stored" = 1 ]; then ok "$what: proved by the abstraction (1 state stored)"
			else fail "$what: h(initial) is infinite but $stored states were stored"; fi ;;
		esac
		return
	fi
	len=$(json_num trail_length "$d/$tag.json")
	# shellcheck disable=SC2086
	(cd "$d" && timeout 60 spin $spinopts -t -p "$m" > "$tag.replay" 2>&1)
	steps=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$d/$tag.replay")
	if [ "$steps" = "$len" ]; then ok "$what: trail replays ($len steps)"
	else fail "$what: spin -t replayed '$steps' steps of a $len-step trail"; fi
	if [ "$s" = astar ] && [ "$(cat "$d/ref.kind")" = assert ]; then
		sys=$(trail_system_steps "$d/$m.trail")
		if [ "$sys" = "$(cat "$d/ref.len")" ]; then ok "$what: shortest trail ($sys steps, as SPIN's BFS)"
		else fail "$what: A* trail has $sys steps, SPIN's BFS $(cat "$d/ref.len")"; fi
	fi
	rm -f "$d/$m.trail"
}

# the suite's models pdb runs on besides its own: buffered and rendezvous
# channels, d_step, run, mtype, arrays, a never claim
suite="array_pid_bad buf_fifo_ok buf_overflow_bad deadlock_ordered_ok dstep_swap_bad
mtype_light_bad mtype_proto_ok never_claim_bad race_counter_bad relax_chain_bad
relax_cycle_bad run_spawn_bad rv_select_bad"
for f in "$top"/tests/models/pdb/*.pml $(for n in $suite; do echo "$top/tests/models/$n.pml"; done); do
	name=$(basename "$f" .pml)
	if [ -n "${PDB_ONLY:-}" ] && ! echo "$name" | grep -Eq "$PDB_ONLY"; then continue; fi
	opts=$(sed -n 's/.*pan-options: *//p' "$f" | head -n 1)
	spinopts=$(sed -n 's/.*spin-options: *//p' "$f" | head -n 1)
	for pass in plain E; do
		popts=$opts
		if [ $pass = E ]; then
			case " $opts " in *" -E "*) continue ;; esac
			popts="$opts -E"
		fi
		d=$work/$name-$pass
		stage_model "$f" "$d"
		reference "$d" "$name.pml" "$popts"
		case $? in
		0) ;;
		2) skipped=$((skipped + 1)); continue ;;
		*) fail "$name: SPIN's BFS reference run failed"; continue ;;
		esac
		heur=pdb
		check "$d" "$name.pml" "$name" a astar "$popts" --no-por
		[ $pass = plain ] && check "$d" "$name.pml" "$name" g greedy "$popts" ""
		heur=pdb-pred
		check "$d" "$name.pml" "$name" ap astar "$popts" --no-por
	done
done

# the results' pdb member (docs/json.md), and a proof by the abstraction
if [ -z "${PDB_ONLY:-}" ] || echo deadend_ok | grep -Eq "$PDB_ONLY"; then
	d=$work/json-deadend
	stage_model "$top/tests/models/pdb/deadend_ok.pml" "$d"
	for heur in pdb pdb-pred; do
		(cd "$d" && "$dmc" check deadend_ok.pml --json --search astar --heuristic $heur -- -E > $heur.json 2> $heur.err)
		got=$(jq -r '[.pdb.tables >= 1, .pdb.pattern_size >= 1, .pdb.abstract_states >= 1, .pdb.h_initial, .pdb.build_s >= 0, .states_stored] | map(tostring) | join(" ")' "$d/$heur.json" 2> /dev/null)
		if [ "$got" = "true true true inf true 1" ]; then ok "deadend_ok $heur: JSON pdb member, proved with 1 state"
		else fail "deadend_ok $heur: JSON says '$got'"; fi
	done
	(cd "$d" && "$dmc" check deadend_ok.pml --json --heuristic hL > hL.json 2> /dev/null)
	if [ "$(jq -c .pdb "$d/hL.json")" = null ]; then ok "hL: JSON pdb is null"
	else fail "hL: JSON pdb is $(jq -c .pdb "$d/hL.json")"; fi
fi

# a UPPAAL translation: A* with pdb and pdb-pred finds a trail as short as
# breadth-first search's (A* with none), in pan steps (--cost steps: pdb
# bounds steps; dmc check counts moves on UPPAAL models by default)
if [ -z "${PDB_ONLY:-}" ] || echo fischer | grep -Eq "$PDB_ONLY"; then
	d=$work/fischer
	mkdir -p "$d"
	cp "$top/contrib/models/fischer_B_5.xta" "$top/contrib/models/fischer_B_5.q" "$d/"
	for heur in none pdb pdb-pred; do
		(cd "$d" && "$dmc" check fischer_B_5.xta --query fischer_B_5.q --json --search astar --heuristic $heur \
			--cost steps --no-por -- -E > $heur.json 2> $heur.err)
	done
	want=$(jq -r .trail_length "$d/none.json")
	for heur in pdb pdb-pred; do
		got=$(jq -r '.verdict + " " + (.trail_length | tostring)' "$d/$heur.json" 2> /dev/null)
		if [ "$got" = "violation $want" ]; then ok "fischer_B_5 astar/$heur: shortest trail ($want steps)"
		else fail "fischer_B_5 astar/$heur: '$got', breadth-first: $want steps"; fi
	done
fi

# correct UPPAAL translations, whose edges are atomic sequences: the
# abstraction that knows who moves alone proves them (h(initial)
# infinite, 1 state stored; the Fischer variant's whole relevant
# abstraction, about 120000 abstract states, needs a larger table than
# the default), verdicts as SPIN's BFS; the erroneous arbiter tree gets
# a shortest trail
# uppaal_case NAME SRC SED MORE: contrib/models/SRC.xta edited by SED,
# translated, checked with A* and pdb (dmc options MORE) against SPIN's BFS
uppaal_case() {
	name=$1; d=$work/$1
	mkdir -p "$d"
	sed "$3" "$top/contrib/models/$2.xta" > "$d/$name.xta"
	cp "$top/contrib/models/$2.q" "$d/$name.q"
	if ! "$dmc" translate "$d/$name.xta" --query "$d/$name.q" -o "$d/$name.pml" 2> "$d/translate.err"; then
		fail "$name: cannot translate: $(head -c 300 "$d/translate.err")"
		return
	fi
	reference "$d" "$name.pml" "-E"
	case $? in
	0) ;;
	2) skipped=$((skipped + 1)); return ;;
	*) fail "$name: SPIN's BFS reference run failed"; return ;;
	esac
	heur=pdb
	check "$d" "$name.pml" "$name" a astar "-E" "--no-por $4"
}
if [ -z "${PDB_ONLY:-}" ] || echo uppaal_atomic | grep -Eq "$PDB_ONLY"; then
	spinopts=-o3
	uppaal_case arbiter_2_ok arbiter_2 's/^const int BUG = .*;/const int BUG = 0;/' ""
	uppaal_case arbiter_2_err arbiter_2 's/^//' ""
	uppaal_case fischer_C_5_ok fischer_C_5 's/x >= k/x > k/' "--pdb-states 400000"
	spinopts=""
fi

# the build's limits (docs/usage.md): one pattern whose exploration is
# long (eight byte counters the goal reads, and a process of 100 moves
# every abstract state tries) keeps the build busy for --pdb-time (10 s by
# default); the run's --time-limit counts the build, and SIGINT or
# SIGTERM during it ends the run within a fraction of a second, before
# the search starts (states_expanded 0): exit 3 with the reason, never 0
if [ -z "${PDB_ONLY:-}" ] || echo limits | grep -Eq "$PDB_ONLY"; then
	d=$work/limits
	mkdir -p "$d"
	{
		echo "byte a, b, c, d, e, f, g, h, t;"
		for v in a:b b:c c:d d:e e:f f:g g:h; do
			x=${v%:*} y=${v#*:}
			echo "active proctype C$x() { do :: $x < 250 -> $x++ :: $x > 0 -> $x = $x - ($y % 3) od }"
		done
		echo "active proctype Ch() { do :: h < 250 -> h++ :: h > 0 -> h-- od }"
		echo "active proctype W() { a == 7 && b == 9 && c == 11 && d == 13 && e == 15 && f == 17 && g == 19 && h == 21 -> assert(false) }"
		printf 'active proctype N() { do'
		i=1
		while [ $i -le 100 ]; do printf ' :: t = %d' $i; i=$((i + 1)); done
		echo ' od }'
	} > "$d/slow.pml"
	now() { date +%s.%N; }
	# within WHAT T0 MAX: less than MAX seconds since T0
	within() { awk -v a="$2" -v b="$(now)" -v m="$3" 'BEGIN { exit !(b - a < m) }'; }
	# ended WHAT RC REASON: exit 3, incomplete for REASON, the search not begun
	ended() {
		got=$(jq -r '[.verdict, .incomplete_reason, .states_expanded, .pdb.time_limit] | map(tostring) | join("|")' "$d/r.json" 2> /dev/null)
		case "$2|$got" in
		"3|incomplete|$3"*"|0|true") ok "$1: incomplete ($3), exit 3, during the build" ;;
		*) fail "$1: exit status $2, '$got', expected 3|incomplete|$3...|0|true: $(tail -c 300 "$d/r.err")" ;;
		esac
	}
	# build pan first (the limit ends the build at once)
	(cd "$d" && "$dmc" check slow.pml --heuristic pdb --time-limit 0.001 > /dev/null 2>&1)
	for o in "pdb --pdb-time 1 --time-limit 1" "pdb --time-limit 1" "pdb-pred --time-limit 1" \
		 "pdb --search ut --time-limit 1"; do
		t0=$(now)
		# shellcheck disable=SC2086
		(cd "$d" && "$dmc" check slow.pml --json --heuristic $o > r.json 2> r.err)
		rc=$?
		if within "$o" "$t0" 3; then ok "--heuristic $o: ended within 3 s"
		else fail "--heuristic $o: took more than 3 s"; fi
		case $o in
		pdb-pred*) # its refinement ends early here: the search is cut
			v=$(jq -r '.verdict + "|" + .incomplete_reason' "$d/r.json" 2> /dev/null)
			if [ "$rc|$v" = "3|incomplete|time limit (--time-limit)" ]; then ok "--heuristic $o: incomplete, exit 3"
			else fail "--heuristic $o: exit status $rc, '$v'"; fi ;;
		*) ended "--heuristic $o" "$rc" "time limit (--time-limit)" ;;
		esac
	done
	# SIGINT to pan (dmc itself ignores it in a background job), SIGTERM
	# to dmc, which passes it on; --pdb-time 30: the build still runs
	for sig in INT TERM; do
		(cd "$d" && exec "$dmc" check slow.pml --json --heuristic pdb --pdb-time 30 --time-limit 60 > r.json 2> r.err) &
		dpid=$!
		find_pan "$dpid"
		sleep 1
		t0=$(now)
		if [ -z "$pan" ]; then fail "SIG$sig: pan did not start"; kill "$dpid"
		elif [ $sig = INT ]; then kill -INT "$pan"
		else kill -TERM "$dpid"; fi
		wait "$dpid"
		rc=$?
		if within "SIG$sig" "$t0" 2; then ok "SIG$sig during the build: ended within 2 s"
		else fail "SIG$sig during the build: ended more than 2 s later"; fi
		ended "SIG$sig during the build" "$rc" "interrupted by SIG$sig"
	done
fi

echo "pdb: $skipped checks not applicable"
echo "pdb: $passed passed, $failed failed"
[ $failed = 0 ]
