#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# distributed.sh -- the distributed search (dmc check --ranks N,
# docs/distributed.md) against one process on this machine (run by
# `make bench`, or alone: sh tests/bench/distributed.sh).
#
# One model, contrib/models/counter_noise.pml with -DGOAL=$DIST_BENCH_GOAL
# (default 10: 0.7 M states, so that the whole script takes a few
# minutes; docs/distributed.md's figures are GOAL=60, 5.6 M states),
# --no-por, with bfs/none, astar/hL and greedy/hf ($DIST_BENCH_RUNS;
# greedy's stored states against one process's measure its guidance
# across ranks); each without
# --ranks ("1 proc"), then with --ranks N for each N of $DIST_BENCH_RANKS
# (default "1 2 4": 4 ranks oversubscribe a 2-core machine).  Every pan
# is built before it is timed (a run with --time-limit 0.001).
#
# For each run (from its --json results; with --ranks, their `ranks`):
# the verdict and trail length (which must not change), states stored
# and expanded, the search time (pan's, on the rank that reports) and
# states expanded per second; CPU: the processor time of every rank per
# expanded state (the ranks' cpu_s; one process: its cpu_s), steadier
# than the time when other jobs share the machine; the ranks' seconds
# idle and at the level gate (greedy: waiting for the guidance); the
# hash balance (the largest rank's states stored over the mean: 1 is an
# even split); the largest rank's peak resident set size
# and its ratio to one process's; the state records, the messages they
# went in (batches) and their bytes, per stored state, summed over the
# ranks; the load average (1 minute) before and after the run; and the
# cores the other processes of the machine used during the run (its
# processor time from /proc/stat less the run's own CPU, over its wall
# time: mpirun's own is in it): the times and rates measure the
# machine's load as much as the search.  The table goes to stdout.
#
# Skipped (exit 0) when spin-dmc was configured without Open MPI.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dmc=$top/dmc
goal=${DIST_BENCH_GOAL:-10}
ranks=${DIST_BENCH_RANKS:-1 2 4}
runs=${DIST_BENCH_RUNS:-bfs/none astar/hL greedy/hf}
[ -x "$dmc" ] || { echo "distributed.sh: build dmc first (make)" >&2; exit 2; }
if [ ! -f "$top/build/libdmc_mpi.a" ] || ! command -v mpirun > /dev/null; then
	echo "distributed bench: skipped (no Open MPI: apt-get install libopenmpi-dev openmpi-bin, ./configure)"
	exit 0
fi
command -v jq > /dev/null || { echo "distributed.sh: needs jq" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/dmc-dbench.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
DMC_CACHE=$work/cache
export DMC_CACHE
cp "$top/contrib/models/counter_noise.pml" "$work/m.pml" || exit 2
cd "$work" || exit 2
load() { cut -d' ' -f1 /proc/loadavg; }
# the machine's busy processor time in clock ticks, the time in seconds
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
hz=$(getconf CLK_TCK)
now() { date +%s.%N; }

echo "counter_noise.pml -DGOAL=$goal --no-por on $(nproc) cores; load average at the start $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| search | run | verdict | trail | stored | expanded | time s | states/s | CPU us/state | idle s | gate s | balance | max rank RSS MB | RSS / 1 proc | records/state | messages/state | bytes/state | load before, after | other cores |"
echo "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
for sh in $runs; do
	s=${sh%/*}; h=${sh#*/}
	rss1=0
	for r in 0 $ranks; do
		set -- m.pml --spin-opts="-DGOAL=$goal" --search "$s" --heuristic "$h" --no-por --json
		[ "$r" -gt 0 ] && set -- "$@" --ranks "$r"
		"$dmc" check "$@" --time-limit 0.001 > /dev/null 2>&1     # the build, not timed
		rm -f m.pml.trail
		l0=$(load); b0=$(busy); t0=$(now)
		"$dmc" check "$@" > out.json 2> err.txt
		l1=$(load); b1=$(busy); t1=$(now)
		others=$(awk -v b="$((b1 - b0))" -v hz="$hz" -v w="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" \
			'BEGIN { printf "{\"busy_s\": %.3f, \"wall_s\": %.3f}", b / hz, w }')
		what=$([ "$r" -gt 0 ] && echo "--ranks $r" || echo "1 proc")
		jq -r --arg what "$what" --arg load "$l0, $l1" --argjson rss1 "$rss1" --argjson o "$others" '
			(if .ranks then .ranks else [{cpu_s, peak_rss_mb, idle_s: 0, gate_s: 0, records_sent: 0,
			 batches_sent: 0, bytes_sent: 0, states_stored}] end) as $k
			| ($k | map(.peak_rss_mb) | max) as $rss
			| def r(x; d): (x * d | round) / d;
			  def per(x): if .states_stored > 0 and x > 0 then x / .states_stored else null end;
			"| \(.search)/\(.heuristic) | \($what) | \(.verdict) | \(.trail_length) | \(.states_stored) | \(.states_expanded) | \(r(.time_s; 100)) | \(if .time_s > 0 then .states_expanded / .time_s | round else "-" end) | \(r(($k | map(.cpu_s) | add) * 1e6 / .states_expanded; 10)) | \(r($k | map(.idle_s) | add; 100)) | \(r($k | map(.gate_s) | add; 100)) | \(if .states_stored > 0 then r(($k | map(.states_stored) | max) * ($k | length) / .states_stored; 1000) else "-" end) | \($rss | round) | \(if $rss1 > 0 then r($rss / $rss1; 100) else "-" end) | \(per($k | map(.records_sent) | add) // "-" | if type == "number" then r(.; 100) else . end) | \(per($k | map(.batches_sent) | add) // "-" | if type == "number" then r(.; 10000) else . end) | \(per($k | map(.bytes_sent) | add) // "-" | if type == "number" then round else . end) | \($load) | \(r(($o.busy_s - ($k | map(.cpu_s) | add)) / $o.wall_s; 100)) |"' out.json \
		   || echo "| $s/$h | $what | no result (see $(head -c 200 err.txt)) |"
		if [ "$r" = 0 ]; then rss1=$(jq -r '.peak_rss_mb // 0' out.json 2> /dev/null || echo 0); fi
	done
done
