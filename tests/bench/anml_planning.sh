#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# anml_planning.sh -- the planning-style ANMLite models of tests/anml/
# (logistics, a rover with durative actions, a kitchen), each with the
# old configuration (eager translation, greedy/hf: dmc plan's default
# before the lazy translation), SPIN-style BFS on the eager translation,
# and dmc plan's default (lazy translation, greedy/hplan).  Prints a
# markdown table: translation size, verdict, states stored, makespan,
# wall seconds including the build (a fresh build cache: the first run of
# a translation builds pan, the next reuses it), the build's seconds,
# and the load.
#   ANML_LIMIT=S (default 30) seconds per search, 4 S per run with the
#   build (a run stopped then is an error); ANML_MODELS="a b" to choose
#   models, ANML_CONFIGS="lazy:greedy:hplan ..." configurations
#   (ENCODING:SEARCH:HEURISTIC[:OPTION], e.g. lazy:greedy:hplan:--no-preferred);
#   DMC=path another build of dmc (e.g. the
#   main branch's, for a before/after comparison).
top=$(cd "$(dirname "$0")/../.." && pwd)
dmc=${DMC:-$top/dmc}
limit=${ANML_LIMIT:-30}
models=${ANML_MODELS:-"logistics-2x4x3 logistics-3x6x4 rover3 kitchen"}
configs=${ANML_CONFIGS:-"eager:greedy:hf eager:bfs:none lazy:greedy:hplan"}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# a build cache of its own: the first run of each translation builds pan
export DMC_CACHE="$tmp/cache"
echo "| model | configuration | translation bytes | verdict | states | makespan | wall s | build s | load |"
echo "|-------|---------------|-------------------|---------|--------|----------|--------|---------|------|"
for name in $models; do
	m=$top/tests/anml/$name.anml
	for cfg in $configs; do
		set -- $(echo "$cfg" | tr ':' ' ')
		extra=${4:-}
		load=$(cut -d' ' -f1 /proc/loadavg)
		t0=$(date +%s.%N)
		timeout "$((limit * 4))" "$dmc" plan "$m" --encoding "$1" --search "$2" --heuristic "$3" --time-limit "$limit" \
			$extra -o "$tmp/p.plan" --json > "$tmp/out.json" 2> "$tmp/err.txt"
		t1=$(date +%s.%N)
		python3 - "$tmp/out.json" "$name" "$1 $2/$3${extra:+ $extra}" "$t0" "$t1" "$load" <<'PY'
import json, sys
path, name, cfg, t0, t1, load = sys.argv[1:]
try:
    j = json.load(open(path))
except Exception:
    print(f"| {name} | {cfg} | - | error | - | - | {float(t1)-float(t0):.1f} | - | {load} |")
    sys.exit(0)
c = j.get("check") or {}
st = c.get("states_stored")
print(f"| {name} | {cfg} | {j.get('translation_bytes')} | {j['verdict']} | {st if st is not None else '-'} | "
      f"{j.get('makespan') if j.get('makespan') is not None else '-'} | {float(t1)-float(t0):.1f} | "
      f"{j.get('build_s') or 0:.1f} | {load} |")
PY
	done
done
