#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# anytime.sh -- --anytime: after the first counterexample the search goes
# on for shorter ones.  On models with violations, from searches whose
# first trail is long (dfs, greedy): the trails get shorter, every one
# written replays with spin -t as long as reported, and when the run
# says the last is proven shortest (no partial-order reduction: --anytime
# turns it off unless --por) it is
# exactly as long as SPIN's breadth-first trail (pan -DBFS -DNOREDUCE).
e2e_name=anytime
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

# spin_bfs_steps DIR MODEL: steps of SPIN's breadth-first trail; with
# rendezvous channels, where -DBFS does not preserve all invalid end
# states, of SPIN's DFS shortening its trail iteratively (-i)
spin_bfs_steps() {
	if grep -q '\[0\] of' "$1/$2"; then
		spin_ref "$1" "$2" "-O2 -DNOREDUCE" 0 "-i -m1000000" pan_dfs
	else
		spin_ref "$1" "$2" "-O2 -DBFS -DNOREDUCE" 0 -m1000000 pan_bfs
	fi
	[ -f "$1/$2.trail" ] && trail_steps "$1/$2.trail"
	rm -f "$1/$2.trail"
}

# Every trail a run writes: each shorter trail replaces MODEL.pml.trail
# by a rename, which this preloaded wrapper copies first to
# $KEEP_TRAILS/N.trail (N = 1, 2, ... in the order written).
cat > keep.c <<'EOF2'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int rename(const char *from, const char *to)
{
	static int n;
	int (*real)(const char *, const char *) = (int (*)(const char *, const char *)) dlsym(RTLD_NEXT, "rename");
	const char *dir = getenv("KEEP_TRAILS");
	size_t k = strlen(from);
	if (dir && k > 10 && strcmp(from + k - 10, ".trail.tmp") == 0) {
		char dst[4096], buf[4096];
		snprintf(dst, sizeof dst, "%s/%d.trail", dir, ++n);
		FILE *a = fopen(from, "r"), *b = fopen(dst, "w");
		size_t m;
		while (a && b && (m = fread(buf, 1, sizeof buf, a)) > 0)
			fwrite(buf, 1, m, b);
		if (a) fclose(a);
		if (b) fclose(b);
	}
	return real(from, to);
}
EOF2
gcc -shared -fPIC -o keep.so keep.c -ldl || exit 2

# run SRC SEARCH-OPTIONS: the anytime run from SRC's model
run() {
	src=$1; shift
	m=$(basename "$src")
	what="$m $*"
	d=$work/$(basename "$m" .pml)
	if [ ! -d "$d" ]; then
		stage_model "$src" "$d"
		spin_bfs_steps "$d" "$m" > "$d/bfs.steps"
	fi
	bfs=$(cat "$d/bfs.steps")
	if [ -z "$bfs" ]; then
		fail "$m: SPIN's BFS wrote no trail: $(tail -c 300 "$d"/pan_*.out)"
		return
	fi
	rm -f "$d/$m.trail"
	rm -rf "$d/kept"
	mkdir -p "$d/kept"
	(cd "$d" && KEEP_TRAILS="$d/kept" LD_PRELOAD="$work/keep.so" \
		"$dmc" check "$m" "$@" --anytime --time-limit 60 --json > out.json 2> err.txt)
	v=$(json_str verdict "$d/out.json")
	len=$(json_num trail_length "$d/out.json")
	proven=$(json_get .anytime.proven_shortest "$d/out.json")
	lens=$(json_get '.anytime.improvements | map(.length) | join(" ")' "$d/out.json")
	if [ "$v" != violation ]; then
		fail "$what: verdict '$v' ($(tail -c 300 "$d/err.txt"))"
		return
	fi
	# each improvement is shorter than the one before; the last is the trail
	prev=
	dec=1
	for l in $lens; do
		[ -n "$prev" ] && [ "$l" -ge "$prev" ] && dec=0
		prev=$l
	done
	[ $dec = 1 ] && [ "$prev" = "$len" ] && ok "$what: trails of $lens steps" \
		|| fail "$what: improvements '$lens' are not decreasing to the trail's $len steps"
	[ "$proven" = true ] && [ "$len" = "$bfs" ] && ok "$what: proven shortest, $len steps as SPIN's shortest (BFS, or DFS -i with rendezvous)" \
		|| fail "$what: proven '$proven', $len steps, SPIN's shortest $bfs"
	[ "$(trail_steps "$d/$m.trail")" = "$len" ] || fail "$what: $m.trail does not have $len steps"
	[ -e "$d/$m.trail.tmp" ] && fail "$what: the temporary trail was left behind"
	(cd "$d" && spin -t "$m" > replay.out 2>&1)
	grep -q "trail ends after $len steps" "$d/replay.out" && ok "$what: spin -t replays it" \
		|| fail "$what: spin -t does not replay $len steps: $(tail -c 300 "$d/replay.out")"
	# every trail written on the way replays too, as long as reported
	i=0
	for l in $lens; do
		i=$((i + 1))
		if [ ! -f "$d/kept/$i.trail" ]; then
			fail "$what: trail $i ($l steps) was not written"
			continue
		fi
		cp "$d/kept/$i.trail" "$d/$m.trail"
		(cd "$d" && spin -t "$m" > replay$i.out 2>&1)
		grep -q "trail ends after $l steps" "$d/replay$i.out" \
			&& ok "$what: trail $i ($l steps) replays" \
			|| fail "$what: trail $i does not replay $l steps: $(tail -c 300 "$d/replay$i.out")"
	done
	[ -f "$d/kept/$((i + 1)).trail" ] && fail "$what: more trails written than reported"
}

corpus=$top/contrib/corpus
run "$corpus/bakery_bad.pml" --search dfs
run "$corpus/bakery_bad.pml" --search greedy --heuristic hL
run "$corpus/peterson_workers_bad.pml" --search dfs
run "$corpus/lock_order_deadlock.pml" --search dfs
run "$corpus/lock_order_deadlock.pml" --search greedy --heuristic hL
run "$corpus/rv_servers_deadlock.pml" --search dfs
run "$corpus/rv_servers_deadlock.pml" --search greedy --heuristic hL
run "$top/tests/models/guidance/hyman_workers_bad.pml" --search dfs
run "$top/tests/models/guidance/hyman_workers_bad.pml" --search wastar --heuristic hL

# --anytime alone (no --no-por, no search): the preset fast's search with
# its first admissible heuristic (dL: one open list), no reduction, and
# SPIN BFS's shortest trail, proven
for m in bakery_bad lock_order_deadlock; do
	d=$work/$m
	rm -f "$d/$m.pml.trail"
	(cd "$d" && "$dmc" check $m.pml --anytime --time-limit 120 --json > alone.json 2> alone.err)
	bfs=$(cat "$d/bfs.steps")
	# (dL, or the deadlock heuristic where dL has nothing to aim at)
	{ [ "$(json_str search "$d/alone.json")" = greedy ] \
	  && json_str preset_note "$d/alone.json" | grep -q 'first admissible heuristic, dL$' \
	  && [ "$(json_str por "$d/alone.json")" = false ] && [ "$(json_get .anytime.proven_shortest "$d/alone.json")" = true ] \
	  && [ "$(json_str shortest "$d/alone.json")" = true ] && [ "$(json_num trail_length "$d/alone.json")" = "$bfs" ]; } \
		&& ok "$m.pml --anytime alone: greedy dL without reduction, proven shortest, $bfs steps as SPIN's BFS" \
		|| fail "$m.pml --anytime alone: SPIN's BFS $bfs; $(head -c 600 "$d/alone.json")"
done

# with partial-order reduction (--por) the shortest trail of the reduced
# graph need not be the shortest: the run says so
d=$work/bakery_bad
(cd "$d" && "$dmc" check bakery_bad.pml --search dfs --anytime --por --time-limit 60 --json > por.json 2> /dev/null)
case $(json_get .anytime.not_proven "$d/por.json")/$(json_str shortest "$d/por.json")/$(json_str shortest_reason "$d/por.json") in
*partial-order*/false/*partial-order*) ok "bakery_bad.pml with --por: not proven shortest, not guaranteed shortest" ;;
*) fail "bakery_bad.pml with --por: not_proven is '$(json_get .anytime.not_proven "$d/por.json")', shortest '$(json_str shortest "$d/por.json")'" ;;
esac

# a time limit ends the improvement: the best trail so far is the verdict
# (the text results say how many trails and why the last is not proven)
expect 1 "^anytime: a trail of" "--anytime: each trail is reported" -- \
	"$dmc" check "$d/bakery_bad.pml" --search dfs --anytime
expect 2 "cannot be combined with -a or -l" "--anytime with -a: refused" -- \
	"$dmc" check "$d/bakery_bad.pml" --anytime -a
expect 2 "cannot be used with alternation" "--anytime with an alternation: refused" -- \
	"$dmc" check "$d/bakery_bad.pml" --anytime --search greedy --heuristic hf,hL

echo "anytime: $passed passed, $failed failed"
[ $failed = 0 ]
