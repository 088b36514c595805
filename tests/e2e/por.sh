#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# por.sh -- end-to-end tests of partial-order reduction (runtime/por.h).
#
# For every safety model of the e2e corpus (tests/models/*.pml and the
# SPIN examples in examples.list, as tests/e2e/run.sh) and the searches
# astar, greedy (dU) and dfs:
#   - the verdict with POR (C2c) equals the verdict with --no-por and
#     SPIN's (pan -DBFS -DNOREDUCE);
#   - with POR no more states are stored than without, when the search is
#     complete (no violation); when it stops at a violation, POR may
#     store more (listed in a note at the end, not a failure);
#   - every counterexample found with POR replays with spin -t;
# and once per model:
#   - --search bfs with POR stores exactly as many states as SPIN's own
#     -DBFS pan with its partial-order reduction (same queue order, same
#     ample sets, the queue proviso), with the same verdict;
#   - astar with the C2cl proviso gives the same verdict.
# astar and bfs reduce only when --por asks (they look for the shortest
# trail): the runs with reduction give --por.  (--heuristic none where
# the search alone is meant: fast's first admissible heuristic, dL, would
# otherwise guide them.)
# Then: pan --no-por searches exactly as a -DNOREDUCE build (dmc check
# --no-por builds with -DNOREDUCE), the results say so; a model that
# needs -DNOREDUCE (enabled()) is built with it; and on the contrib models
# with concurrency A* with POR stores at least 2x fewer states than
# without on at least three of them.
# E2E_ONLY=REGEX restricts the corpus to the model names matching it;
# POR_FULL=1 takes the whole corpus (by default: see below).
# The corpus is compiled with -O0 (the models are small; compiling is
# most of the time).
e2e_name=por
. "$(dirname "$0")/lib.sh"

more=""

# reference DIR MODEL PANOPTS: SPIN's BFS without and with reduction (in
# DIR/ref: pan.out, and pan_por.out when pan_por compiled)
reference() {
	d=$1; m=$2; opts=$3
	stage_model "$d/$m" "$d/ref"
	spin_ref "$d/ref" "$m" "-O0 -DBFS -DNOREDUCE" 120 "$opts" || return 1
	if grep -q 'not supported in BFS\|VECTORSZ is too small' "$sr_o"; then
		return 2
	fi
	errs=$sr_errors
	[ -n "$errs" ] || return 1
	[ "$errs" -gt 0 ] && echo violation > "$d/ref.verdict" || echo no-violation > "$d/ref.verdict"
	rm -f "$d/ref/$m.trail"
	# an invalid end state behind rendezvous offers: SPIN's DFS verdict
	if [ "$errs" = 0 ] && grep -q 'rendezvous with BFS does not preserve' "$d/ref/pan.out" \
	   && spin_dfs_deadlock "$d/ref" "$m" "$opts"; then
		echo violation > "$d/ref.verdict"
	fi
	spin_ref "$d/ref" "$m" "-O0 -DBFS" 120 "$opts" pan_por
	rm -f "$d/ref/$m.trail"
	return 0
}

# run DIR MODEL TAG [dmc options] -- pan options
run() {
	r_d=$1; r_m=$2; r_tag=$3; shift 3
	(cd "$r_d" && timeout 300 "$dmc" check "$r_m" --json "$@" > "$r_tag.json" 2> "$r_tag.err")
	echo $? > "$r_d/$r_tag.rc"
	[ -f "$r_d/$r_m.trail" ] && mv "$r_d/$r_m.trail" "$r_d/$r_tag.trail"
	return 0
}

# replay DIR MODEL TAG WHAT: the trail of run TAG replays with spin -t
replay() {
	d=$1; m=$2; tag=$3; what=$4
	len=$(json_num trail_length "$d/$tag.json")
	cp "$d/$tag.trail" "$d/$m.trail"
	(cd "$d" && timeout 60 spin -t -p "$m" > "$tag.replay" 2>&1)
	rm -f "$d/$m.trail"
	steps=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$d/$tag.replay")
	[ -n "$steps" ] && [ "$steps" = "$len" ] && ok "$what: trail replays ($len steps)" \
		|| fail "$what: spin -t replayed '$steps' steps of a $len-step trail"
}

test_model() { # source-path panopts
	src=$1; opts=$2
	name=$(basename "$src" .pml)
	if [ -n "${E2E_ONLY:-}" ] && ! echo "$name" | grep -Eq "$E2E_ONLY"; then return; fi
	d=$work/$name
	stage_model "$src" "$d"
	m=$(basename "$src")
	reference "$d" "$m" "$opts"
	case $? in
	0) ;;
	2) skipped=$((skipped + 1)); return ;;
	*) fail "$name: SPIN reference run failed"; return ;;
	esac
	ref=$(cat "$d/ref.verdict")
	# (--no-chains: the state counts compare SPIN's full store; with
	# chains a rendezvous offer a preselected expansion makes is stored,
	# the same offer is a chain state without reduction: runtime/chains.c)
	for cfg in astar/none greedy/dU dfs/none; do
		s=${cfg%/*}; h=${cfg#*/}; what="$name $s/$h"
		# shellcheck disable=SC2086
		run "$d" "$m" por --search "$s" --heuristic "$h" --por --no-chains --cflags -O0 -- $opts
		# shellcheck disable=SC2086
		run "$d" "$m" nopor --search "$s" --heuristic "$h" --no-por --no-chains --cflags -O0 -- $opts
		if [ "$(cat "$d/por.rc")" = 2 ] || [ "$(cat "$d/nopor.rc")" = 2 ]; then
			if grep -q 'need.*target\|has no\|needs variable\|no goals' "$d/por.err"; then
				skipped=$((skipped + 1)); continue
			fi
			fail "$what: dmc exited 2: $(head -c 300 "$d/por.err")"; continue
		fi
		vp=$(json_str verdict "$d/por.json"); vn=$(json_str verdict "$d/nopor.json")
		[ "$vp" = "$ref" ] && [ "$vn" = "$ref" ] && ok "$what: verdict $vp with and without POR" \
			|| { fail "$what: verdict with POR '$vp', without '$vn', SPIN '$ref'"; continue; }
		[ "$(json_str por "$d/por.json")" = "true" ] || { [ "$(json_str por "$d/por.json")" = false ] && [ "$(json_str por_proviso "$d/por.json")" = "off (pan built with -DNOREDUCE)" ]; } \
			|| case "$(json_str por_proviso "$d/por.json")" in "off (the model"* | "off (xr/xs"*) true ;; *) false ;; esac \
			|| fail "$what: POR is not on: $(json_str por_proviso "$d/por.json")"
		sp=$(json_num states_stored "$d/por.json"); sn=$(json_num states_stored "$d/nopor.json")
		# a complete search stores the reduced graph, a subgraph of the
		# full one; a search that stops at a violation may find it later
		# in the reduced graph (the ample process is not the heuristic's
		# choice): counted and listed, not a failure
		if [ "$sp" -le "$sn" ]; then
			ok "$what: $sp states stored with POR, $sn without"
		elif [ "$vp" = violation ]; then
			more="$more $what ($sp > $sn);"
		else
			fail "$what: POR stores more states ($sp) than no reduction ($sn)"
		fi
		[ "$vp" = violation ] && replay "$d" "$m" por "$what (POR)"
	done
	# bfs with POR is SPIN's own -DBFS search with reduction
	[ -f "$d/ref/pan_por.out" ] && pan_read "$d/ref" pan_por keep
	if [ -f "$d/ref/pan_por.out" ] && [ -n "$sr_states" ]; then
		ss=$sr_states; es=$sr_errors
		# (--no-chains: SPIN's store has every state, runtime/chains.c)
		# shellcheck disable=SC2086
		run "$d" "$m" bfs --search bfs --heuristic none --por --no-chains --cflags -O0 -- $opts
		sb=$(json_num states_stored "$d/bfs.json")
		vs=no-violation; [ "$es" -gt 0 ] && vs=violation
		vb=$(json_str verdict "$d/bfs.json")
		if grep -q 'max search depth too small' "$d/ref/pan_por.out"; then
			skipped=$((skipped + 1))
		elif [ "$sb" = "$ss" ] && [ "$vb" = "$vs" ]; then
			ok "$name: bfs with POR stores $sb states and says $vb, as SPIN's -DBFS with reduction"
		elif case "$(json_str por_proviso "$d/bfs.json")" in "off (xr/xs"*) true ;; *) false ;; esac \
		     && [ "$vb" = "$(cat "$d/ref.verdict")" ] && [ "$sb" -ge "$ss" ]; then
			# xr/xs: SPIN's -DBFS reduces trusting assertions nobody
			# checks; spin-dmc does not reduce (soundness.sh's xr models)
			ok "$name: bfs stores $sb states unreduced (xr/xs), says $vb as SPIN; SPIN's -DBFS reduces to $ss"
		elif grep -q 'rendezvous with BFS does not preserve' "$d/ref/pan_por.out" \
		     && [ "$vb" = "$(cat "$d/ref.verdict")" ] && { [ "$vb" = violation ] || [ "$sb" -ge "$ss" ]; }; then
			# with rendezvous, SPIN's -DBFS misses what its DFS finds:
			# invalid end states, states after offers that give the
			# same vector from two senders (tests/e2e/rendezvous.sh)
			ok "$name: bfs with POR stores $sb states and says $vb (SPIN's -DBFS with reduction: $ss, $vs; rendezvous)"
		else
			fail "$name: bfs with POR: $sb states, $vb; SPIN's -DBFS with reduction: $ss, $vs"
		fi
	else
		skipped=$((skipped + 1))        # SPIN's reduced BFS does not compile or run
	fi
	# shellcheck disable=SC2086
	run "$d" "$m" c2cl --search astar --heuristic none --por --por-proviso c2cl --cflags -O0 -- $opts
	v=$(json_str verdict "$d/c2cl.json")
	[ "$v" = "$ref" ] && ok "$name: astar with C2cl: verdict $v" \
		|| fail "$name: astar with C2cl: verdict '$v', SPIN '$ref'"
	[ "$v" = violation ] && replay "$d" "$m" c2cl "$name astar C2cl"
	return 0
}

[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }

# make check keeps under its time budget: by default the liveness models
# (run as safety models by run.sh) are left out and one SPIN example in
# three is taken; POR_FULL=1 runs the whole corpus.
for f in "$top"/tests/models/*.pml; do
	[ -f "$f" ] || continue
	case "${POR_FULL:-}:$f" in :*/live_*) continue ;; esac
	opts=$(sed -n 's/^\/\/ *pan-options: *//p' "$f" | head -n 1)
	test_model "$f" "$opts"
done
if [ -d "$examples" ]; then
	example_list | awk -v full="${POR_FULL:-}" 'full != "" || NR % 3 == 1' > "$work/list"
	while read -r rel opts; do
		test_model "$examples/$rel" "${opts:-}"
	done < "$work/list"
else
	echo "note: $examples not found (Debian package spin); SPIN's examples not tested"
fi

# pan --no-por (a reducing build) is the -DNOREDUCE search: identical
# results; dmc check --no-por builds with -DNOREDUCE
d=$work/same; mkdir -p "$d"
strip() { json_stable "$1" ", .por_proviso"; }
for m in race_counter_bad philosophers_deadlock; do
	mkdir -p "$d/$m"
	cp "$top/tests/models/$m.pml" "$top/contrib/models/$m.pml" "$d/$m/" 2>/dev/null
	if ! (cd "$d/$m" && spin -a $m.pml > /dev/null 2>&1 && "$dmc" cc -O2 pan.c -o pan_r > cc.out 2>&1 \
	      && "$dmc" cc -O2 -DNOREDUCE pan.c -o pan_n >> cc.out 2>&1); then
		fail "$m: dmc cc: $(head -c 300 "$d/$m/cc.out")"; continue
	fi
	for s in astar greedy dfs; do
		(cd "$d/$m" && ./pan_r --search $s --no-por --json > a.json 2>/dev/null; rm -f $m.pml.trail
		 ./pan_n --search $s --json > b.json 2>/dev/null; rm -f $m.pml.trail)
		ra=$(strip "$d/$m/a.json"); rb=$(strip "$d/$m/b.json")
		if [ -n "$ra" ] && [ "$ra" = "$rb" ]; then
			ok "$m $s: pan --no-por searches exactly as a -DNOREDUCE pan"
		else
			fail "$m $s: --no-por differs from -DNOREDUCE: $ra vs $rb"
		fi
	done
	[ "$(json_str por_proviso "$d/$m/a.json")" = "off (--no-por)" ] && [ "$(json_str por_proviso "$d/$m/b.json")" = "off (pan built with -DNOREDUCE)" ] \
		&& ok "$m: the results say why POR is off" || fail "$m: the results do not say why POR is off"
	(cd "$d/$m" && ./pan_r --search astar --por > text.out 2>&1; rm -f $m.pml.trail)
	grep -q 'partial-order reduction *on (proviso c2c): [0-9]* expansions reduced, [0-9]* full because of the proviso' "$d/$m/text.out" \
		&& ok "$m: the results block reports the reduction" || fail "$m: no POR line in the results: $(grep -i 'partial' "$d/$m/text.out")"
done
cp "$top/tests/models/race_counter_bad.pml" "$d/"
run "$d" race_counter_bad.pml c --search astar --no-por
{ [ "$(json_str por "$d/c.json")" = false ] && [ "$(json_str por_proviso "$d/c.json")" = "off (--no-por)" ]; } && ok "dmc check --no-por: POR off" \
	|| fail "dmc check --no-por: $(head -c 300 "$d/c.json")"
# astar, bfs and --anytime look for the shortest trail: no reduction
# unless --por, the results say why; --por turns it on, and the trail is
# then not guaranteed shortest; greedy reduces by default
for s in astar bfs; do
	run "$d" race_counter_bad.pml d$s --search $s
	{ [ "$(json_str por "$d/d$s.json")" = false ] \
	  && [ "$(json_str por_proviso "$d/d$s.json")" = "off ($s looks for the shortest trail; --por reduces)" ] \
	  && [ "$(json_str shortest "$d/d$s.json")" = true ]; } \
		&& ok "dmc check --search $s: no reduction by default, the trail guaranteed shortest" \
		|| fail "dmc check --search $s: $(head -c 400 "$d/d$s.json")"
	run "$d" race_counter_bad.pml p$s --search $s --por
	{ [ "$(json_str por "$d/p$s.json")" = true ] && [ "$(json_str shortest "$d/p$s.json")" = false ] \
	  && json_str shortest_reason "$d/p$s.json" | grep -q 'partial-order reduction (--por)'; } \
		&& ok "dmc check --search $s --por: reduction on, the trail not guaranteed shortest" \
		|| fail "dmc check --search $s --por: $(head -c 400 "$d/p$s.json")"
done
run "$d" race_counter_bad.pml dg --search greedy --heuristic dU
[ "$(json_str por "$d/dg.json")" = true ] && ok "dmc check --search greedy: reduction on by default" \
	|| fail "dmc check --search greedy: $(head -c 300 "$d/dg.json")"

# a model SPIN reduces only with -DNOREDUCE: dmc check adds it
cat > "$d/en.pml" <<'EOF'
byte g;
active proctype P() { byte x; x = 1; g = 1 }
active proctype Q() { enabled(0) -> g = 2; assert(g != 2) }
EOF
run "$d" en.pml en --search astar --por
[ "$(cat "$d/en.rc")" = 1 ] && [ "$(json_str por_proviso "$d/en.json")" = "off (pan built with -DNOREDUCE)" ] \
	&& ok "enabled(): built with -DNOREDUCE, POR off, violation found" \
	|| fail "enabled(): status $(cat "$d/en.rc"), $(head -c 300 "$d/en.err")"

# the done-when: A* stores at least 2x fewer states with POR on >= 3 contrib models
d=$work/contrib; mkdir -p "$d"
n2=0
for m in leader_ring_ok philosophers_deadlock filter_mutex_bug signal_chain; do
	cp "$top/contrib/models/$m.pml" "$d/"
	run "$d" $m.pml p --search astar --heuristic none --por
	run "$d" $m.pml n --search astar --heuristic none --no-por
	sp=$(json_num states_stored "$d/p.json"); sn=$(json_num states_stored "$d/n.json")
	vp=$(json_str verdict "$d/p.json"); vn=$(json_str verdict "$d/n.json")
	[ "$vp" = "$vn" ] && ok "$m: astar verdict $vp with and without POR" \
		|| fail "$m: astar verdict $vp with POR, $vn without"
	if [ -n "$sp" ] && [ -n "$sn" ] && [ $((sp * 2)) -le "$sn" ]; then
		n2=$((n2 + 1)); ok "$m: astar stores $sp states with POR, $sn without"
	else
		echo "note: $m: astar stores $sp states with POR, $sn without"
	fi
done
[ $n2 -ge 3 ] && ok "POR halves A*'s stored states on $n2 contrib models" \
	|| fail "POR halves A*'s stored states on only $n2 contrib models"

[ -n "$more" ] && echo "note: violation found after storing more states with POR than without:$more"
echo "por: $skipped checks not applicable"
echo "por: $passed passed, $failed failed"
[ $failed = 0 ]
