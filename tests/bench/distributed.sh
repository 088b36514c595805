#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# distributed.sh -- the distributed search (dmc check --ranks N,
# docs/distributed.md) against one process on this machine (run by
# `make bench`, or alone: sh tests/bench/distributed.sh).
#
# One model, contrib/models/counter_noise.pml with -DGOAL=$DIST_BENCH_GOAL
# (default 10: 0.7 M states, so that the whole script takes a
# few minutes; docs/distributed.md's figures are GOAL=60, 5.6 M states),
# --no-por, with bfs/none and astar/hL; each without --ranks ("1 proc"),
# then with --ranks N for each N of $DIST_BENCH_RANKS (default "1 2").
# Every pan is built before it is timed (a run with --time-limit 0.001).
# For each run: the verdict and trail length (which must not change),
# states stored and expanded, the search time (pan's, on the rank that
# reports), states expanded per second, the CPU time of every process of
# the run per expanded state (a better measure than the time when other
# jobs share the machine), the largest process's peak resident set size
# (with --ranks: the largest rank's), and records and bytes sent per
# stored state (DMC_DIST_STATS).  The table goes to stdout.
#
# Skipped (exit 0) when spin-dmc was configured without Open MPI.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dmc=$top/dmc
goal=${DIST_BENCH_GOAL:-10}
ranks=${DIST_BENCH_RANKS:-1 2}
runs=${DIST_BENCH_RUNS:-bfs/none astar/hL}
[ -x "$dmc" ] || { echo "distributed.sh: build dmc first (make)" >&2; exit 2; }
if [ ! -f "$top/build/libdmc_mpi.a" ] || ! command -v mpirun > /dev/null; then
	echo "distributed bench: skipped (no Open MPI: apt-get install libopenmpi-dev openmpi-bin, ./configure)"
	exit 0
fi
for t in jq /usr/bin/time; do
	command -v "$t" > /dev/null || { echo "distributed.sh: needs $t" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/dmc-dbench.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
DMC_CACHE=$work/cache
export DMC_CACHE
cp "$top/contrib/models/counter_noise.pml" "$work/m.pml" || exit 2
cd "$work" || exit 2

echo "counter_noise.pml -DGOAL=$goal --no-por on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| search | run | verdict | trail | stored | expanded | time s | states/s | CPU us/state | max RSS MB | records/state | bytes/state |"
echo "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
for sh in $runs; do
	s=${sh%/*}; h=${sh#*/}
	for r in 0 $ranks; do
		set -- m.pml --spin-opts="-DGOAL=$goal" --search "$s" --heuristic "$h" --no-por --json
		[ "$r" -gt 0 ] && set -- "$@" --ranks "$r"
		"$dmc" check "$@" --time-limit 0.001 > /dev/null 2>&1     # the build, not timed
		rm -f m.pml.trail
		DMC_DIST_STATS=1 /usr/bin/time -f "%U %S %M" -o time.txt "$dmc" check "$@" > out.json 2> err.txt
		# (time's last line: a failing run's status comes first)
		cpu=$(tail -n 1 time.txt | awk '{print $1 + $2}')
		rss=$(tail -n 1 time.txt | awk '{print $3}')
		what=$([ "$r" -gt 0 ] && echo "--ranks $r" || echo "1 proc")
		jq -r --arg what "$what" --argjson cpu "$cpu" --argjson rss "$rss" \
		   --argjson recs "$(grep -o '[0-9]* records sent' err.txt | awk '{s += $1} END {print s + 0}')" \
		   --argjson bytes "$(grep -o '[0-9.]* MB (' err.txt | awk '{s += $1} END {print s * 1048576}')" \
		   '"| \(.search)/\(.heuristic) | \($what) | \(.verdict) | \(.trail_length // "-") | \(.states_stored) | \(.states_expanded) | \(.time_s * 100 | round / 100) | \(if .time_s > 0 then .states_expanded / .time_s | round else "-" end) | \($cpu * 1e6 / .states_expanded * 10 | round / 10) | \($rss / 1024 | round) | \(if $recs > 0 then $recs / .states_stored * 100 | round / 100 else "-" end) | \(if $recs > 0 then $bytes / .states_stored | round else "-" end) |"' out.json \
		   || echo "| $s/$h | $what | no result (see $(head -c 200 err.txt)) |"
	done
done
