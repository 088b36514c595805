#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# soundness.sh -- models the heuristics once misread (issue 13): embedded
# C, runs inside expressions, channels passed around, asserts in d_steps,
# array indices out of bounds, conditionals in indices, xr/xs channel
# assertions that do not hold (partial-order reduction trusts them, and
# pan reports the violated declaration as SPIN's depth-first pan does),
# never claims and ltl formulas whose error the claim's own move raises
# (tests/models/soundness/*.pml).  Each is checked with every heuristic
# that may prune (hL, hU, hUc, dL, dU, pdb) and with hf, greedy, with and
# without -E (a model's "// only: -E" line keeps it to -E; its "// also:
# OPTIONS" line checks hL, hU and hUc with those dmc options too), against SPIN's
# own pan (depth-first, the default build) with the same options:
#   - the verdict and exit code equal SPIN's;
#   - a trail replays with spin -t for as many steps as it has and shows
#     the assertion violation (a "// replay: steps" line: only the steps,
#     for models whose C code spin -t cannot run or whose error is an
#     index out of bounds; "// replay: claim": the never claim at its end).
# Last, a short fixed-seed run of the random differential tester
# (tests/soundness/differential.sh; SOUNDNESS_DIFF_SEEDS models, default 6).
# SOUNDNESS_DMC=path runs another dmc (e.g. to see the checks fail on an
# older build).  Prints a line per failed check and "N passed, N failed".
e2e_name=soundness
. "$(dirname "$0")/lib.sh"
dmc=${SOUNDNESS_DMC:-$dmc}
models=$top/tests/models/soundness

# spin_verdict DIR MODEL PANOPTS: SPIN's own pan (in DIR/ref, its output
# ref/pan.out), "violation", "no-violation" or "unknown"
spin_verdict() {
	mkdir -p "$1/ref" && cp "$1/$2" "$1/ref/"
	spin_ref "$1/ref" "$2" "" 60 "$3"
	case $sr_errors in
	"") echo unknown ;;
	0) echo no-violation ;;
	*) echo violation ;;
	esac
}

# check DIR MODEL HEURISTIC PANOPTS REF REPLAY [DMCOPTS]
check() {
	d=$1; m=$2; h=$3; opts=$4; ref=$5; replay=$6; xopts=${7:-}
	what="$m $h ${xopts:+$xopts }${opts:-(no options)}"
	rm -f "$d/$m.trail"
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check "$m" --search greedy --heuristic "$h" $xopts --json -- $opts > out.json 2> err.txt)
	rc=$?
	if [ "$rc" = 2 ] && [ "$h" = pdb ] && grep -q 'needs target locations' "$d/err.txt"; then
		skipped=$((skipped + 1))      # no assert, no never claim: no table
		return
	fi
	verdict=$(json_str verdict "$d/out.json")
	want_rc=0
	[ "$ref" = violation ] && want_rc=1
	if [ "$verdict" != "$ref" ] || [ "$rc" != "$want_rc" ]; then
		fail "$what: verdict '$verdict' exit $rc, SPIN says $ref (states pruned: $(json_num states_pruned "$d/out.json")) $(grep -m1 "dmc:\|spin-dmc:" "$d/err.txt")"
		return
	fi
	ok "$what: $verdict"
	[ "$ref" = violation ] || return
	len=$(trail_steps "$d/$m.trail" 2>/dev/null)
	(cd "$d" && timeout 60 spin -t -p "$m" > replay.txt 2>&1)
	steps=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$d/replay.txt")
	if [ -z "$len" ] || [ "$steps" != "$len" ]; then
		fail "$what: spin -t replayed '$steps' steps of a '$len'-step trail"
	elif [ "$replay" = claim ] && ! sed '1,/trail ends after/d' "$d/replay.txt" \
		| grep -q 'proc  - .*<valid end state>'; then
		fail "$what: the replay does not end with the claim at its end"
	elif [ "$replay" != steps ] && [ "$replay" != claim ] && ! grep -q 'assertion violated' "$d/replay.txt"; then
		fail "$what: the replay shows no assertion violation"
	else
		ok "$what: the trail replays ($len steps)"
	fi
}

[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }

for f in "$models"/*.pml; do
	m=$(basename "$f")
	d=$work/${m%.pml}
	mkdir -p "$d"
	cp "$f" "$d/"
	replay=$(sed -n 's/^\/\/ *replay: *//p' "$f" | head -n 1)
	only=$(sed -n 's/^\/\/ *only: *//p' "$f" | head -n 1)
	also=$(sed -n 's/^\/\/ *also: *//p' "$f" | head -n 1)
	if [ -n "$only" ]; then set -- "$only"; else set -- "" "-E"; fi
	for opts in "$@"; do
		ref=$(spin_verdict "$d" "$m" "$opts")
		if [ "$ref" = unknown ]; then
			fail "$m ${opts:-(no options)}: SPIN's pan gave no verdict: $(head -c 300 "$d/ref/pan.out" "$d/ref/spin.out")"
			continue
		fi
		for h in hL hU hUc dL dU pdb hf; do
			check "$d" "$m" "$h" "$opts" "$ref" "$replay"
		done
		# a model's "// also: OPTIONS" line: hL, hU and hUc once more with them
		[ -z "$also" ] || for h in hL hU hUc; do
			check "$d" "$m" "$h" "$opts" "$ref" "$replay" "$also"
		done
	done
done

# range_fallback_bad's assert is a range check although SPIN's statement
# merging folded its store into the assert's step
cd "$work" || exit 2
expect 1 'range check, a fallback goal' "range_fallback_bad: the merged range check is a fallback goal" -- \
	"$dmc" check "$work/range_fallback_bad/range_fallback_bad.pml" --heuristic hL --range-checks fallback \
	--show-targets

# a never claim that enters an atomic sequence: pan's BFS stops there
# ("atomic in claim not supported in BFS"), no violation of the model
# (SPIN's depth-first pan: errors 0); a single run refuses it and writes no trail
d=$work/claim_atomic_ok
mkdir -p "$d"
cp "$models/refused/claim_atomic_ok.pml" "$d/"
cd "$d" || exit 2
for opts in "--search greedy --heuristic hL" "--portfolio off -a"; do
	# shellcheck disable=SC2086
	expect 2 'atomic sequence' "claim_atomic_ok ${opts:-(no options)}: refused, no violation" -- \
		"$dmc" check claim_atomic_ok.pml $opts
	[ ! -f claim_atomic_ok.pml.trail ] || fail "claim_atomic_ok ${opts:-(no options)}: a trail was written"
done
# the default's SPIN pan answers as SPIN does (errors 0), whichever
# member ends first
for opts in "" "-a"; do
	# shellcheck disable=SC2086
	expect 0 'errors: 0' "claim_atomic_ok ${opts:-(no options)}: the portfolio gives SPIN's answer" -- \
		"$dmc" check claim_atomic_ok.pml $opts
	[ ! -f claim_atomic_ok.pml.trail ] || fail "claim_atomic_ok ${opts:-(no options)}: a trail was written"
done

# xr/xs used as declared: partial-order reduction stays on (pan checks
# the declarations, spin-plugin/dmc_plugin.cc) and bfs stores what SPIN's
# -DBFS pan with reduction stores (bfs reduces only with --por)
d=$work/xr_owned_ok
(cd "$d/ref" && gcc -w -DBFS -o pan_bfs pan.c > /dev/null 2>&1 && ./pan_bfs > bfs.out 2>&1)
ss=$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' "$d/ref/bfs.out")
(cd "$d" && "$dmc" check xr_owned_ok.pml --search bfs --por --no-chains --json > bfs.json 2> bfs.err)
[ "$(json_get .por "$d/bfs.json")" = true ] && [ "$(json_str verdict "$d/bfs.json")" = no-violation ] \
	&& [ "$(json_num states_stored "$d/bfs.json")" = "$ss" ] \
	&& ok "xr_owned_ok: bfs with POR on stores $ss states, as SPIN's -DBFS with reduction" \
	|| fail "xr_owned_ok bfs: SPIN -DBFS $ss states; dmc $(head -c 300 "$d/bfs.json")"

# a violated xr declaration where nothing else fails: SPIN's default pan
# reports "partial order reduction invalid", its -DNOREDUCE pan checks
# no declaration and finds no error; dmc without reduction (A* without
# --por) answers as the -DNOREDUCE pan, with reduction as the default pan
d=$work/xr_unreduced
mkdir -p "$d"
cat > "$d/xr_unreduced.pml" <<'PML'
chan c = [1] of { bit };
active proctype Sender() { c!1 }
active proctype B() { end: c?1 }
active proctype A() { xr c; end: c?1 }
PML
[ "$(spin_verdict "$d" xr_unreduced.pml "")" = violation ] && grep -q "reduction invalid" "$d/ref/pan.out" \
	&& ok "xr_unreduced: SPIN's default pan reports the declaration" || fail "xr_unreduced: SPIN's default pan: $(tail -c 300 "$d/ref/pan.out")"
spin_ref "$d/ref" xr_unreduced.pml -DNOREDUCE 0 "" pan_nr
grep -q "errors: 0" "$d/ref/pan_nr.out" && ok "xr_unreduced: SPIN's -DNOREDUCE pan: no error" || fail "xr_unreduced: -DNOREDUCE: $(tail -c 300 "$d/ref/pan_nr.out")"
(cd "$d" && "$dmc" check xr_unreduced.pml --search astar --heuristic none --json > astar.json 2> astar.err)
[ "$(json_get .por "$d/astar.json")" = false ] && [ "$(json_str verdict "$d/astar.json")" = no-violation ] \
	&& ok "xr_unreduced: A* without reduction checks no declaration, as -DNOREDUCE" \
	|| fail "xr_unreduced astar: $(head -c 300 "$d/astar.json") $(head -c 200 "$d/astar.err")"
(cd "$d" && "$dmc" check xr_unreduced.pml --search astar --heuristic none --por --json > por.json 2> por.err)
[ "$(json_str verdict "$d/por.json")" = violation ] && json_str error "$d/por.json" | grep -q "reduction invalid" \
	&& ok "xr_unreduced: A* with --por reports the declaration, as SPIN's default pan" \
	|| fail "xr_unreduced astar --por: $(head -c 300 "$d/por.json")"

# a short random differential run against SPIN (tests/soundness/
# differential.sh, docs/contributing.md): fixed seeds, every configuration
seeds=${SOUNDNESS_DIFF_SEEDS:-6}
if DIFF_OUT=$work/differential DIFF_DMC=$dmc DIFF_CFLAGS=-O0 \
	sh "$top/tests/soundness/differential.sh" "$seeds" 5000 > "$work/differential.txt" 2>&1; then
	ok "differential: $seeds random models agree with SPIN under every configuration"
else
	fail "differential: $(grep -m3 'MISMATCH\|usage\|needed' "$work/differential.txt") $(tail -n 20 "$work/differential.txt")"
fi

echo "soundness: $passed passed, $failed failed"
[ "$failed" = 0 ]
