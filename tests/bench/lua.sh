#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# lua.sh -- what Lua scripts cost (docs/lua.md); run by tests/bench/run.sh,
# which puts its Markdown output into docs/benchmarks.md, or alone.
#
# One model (counter_noise.pml with NOISE=4 unless $BENCH_LUA_MODEL and
# $BENCH_LUA_SPIN_OPTS say otherwise) searched with A* and dU:
#   - the command line, and the same settings from a declarative script;
#   - weighted A* (W = 2) on the command line, and the native combination
#     a script's `weights = { g = 1, dU = 2 }` gives (a different code
#     path, the same search);
#   - priority(s) returning g + dU (the same search order as A*/dU), and
#     one that also reads a global variable by name.
# states/s = states stored / processor time of pan (cpu_s: steadier than
# the wall-clock time_s on a shared machine; it includes pan's start-up), best of $BENCH_LUA_REPEAT (5)
# interleaved runs;
# µs per call = the runtime's lua_us_per_call (every 16th call timed), from the
# run with the best states/s.  Each pair must search the same states; a mismatch is shown.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dmc=$top/dmc
repeat=${BENCH_LUA_REPEAT:-5}
model=${BENCH_LUA_MODEL:-$top/contrib/models/counter_noise.pml}
sopts=${BENCH_LUA_SPIN_OPTS:--DNOISE=4}

[ -x "$dmc" ] || { echo "bench lua: dmc is not built" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/dmc-bench-lua.XXXXXX") || exit 2
DMC_CACHE=${DMC_CACHE:-$work/cache}
export DMC_CACHE
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
cp "$model" "$work/m.pml"
cd "$work" || exit 2

cat > decl.lua <<'LUA'
search = "astar"
heuristic = "dU"
LUA
cat > weights.lua <<'LUA'
search = "astar"
weights = { g = 1, dU = 2 }
LUA
cat > prio.lua <<'LUA'
search = "astar"
heuristics = { "dU" }
function priority(s) return s.g + s.dU end
LUA
cat > prio_var.lua <<'LUA'
search = "astar"
heuristics = { "dU" }
function priority(s) return s.g + s.dU + 0 * s.var.count end
LUA

. "$top/tests/json.sh"
num() { json_num "$1" "$2"; }

# run TAG ARGS...: one run; keeps in TAG.best the "stored seconds calls"
# of the fastest run so far.  The configurations are interleaved round by
# round, so a change in the machine's load hits them all alike.
run() {
	tag=$1; shift
	"$dmc" check m.pml --spin-opts="$sopts" --json "$@" > "$tag.json" 2> "$tag.err"
	st=$(num states_stored "$tag.json"); t=$(num cpu_s "$tag.json")
	c=$(num lua_us_per_call "$tag.json"); [ -n "$c" ] || c=-
	if [ -z "$st" ] || [ -z "$t" ]; then
		echo "bench lua: $tag failed: $(head -c 200 "$tag.err")" >&2
		return
	fi
	echo "$t" >> "$tag.all"
	if [ ! -f "$tag.best" ] || awk -v a="$t" -v b="$(cut -d' ' -f2 "$tag.best")" 'BEGIN { exit !(a < b) }'; then
		echo "$st $t $c" > "$tag.best"
	fi
}
best() { if [ -f "$1.best" ]; then cat "$1.best"; else echo "- - -"; fi; }

rate() { awk -v s="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.0f", s / t; else printf "-" }'; }
cost() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%+.1f%%", 100 * (b / a - 1); else printf "-" }'; }

echo "bench: lua scripts on $(basename "$model") ($sopts), $repeat rounds" >&2
i=0
while [ "$i" -lt "$repeat" ]; do
	i=$((i + 1))
	run cl --search astar --heuristic dU
	run decl --lua decl.lua
	run wcl --search wastar --weight 2 --heuristic dU
	run w --lua weights.lua
	run p --lua prio.lua
	run pv --lua prio_var.lua
done
set -- $(best cl);   cl_s=$1 cl_t=$2
set -- $(best decl); de_s=$1 de_t=$2
set -- $(best wcl);  wc_s=$1 wc_t=$2
set -- $(best w);    w_s=$1 w_t=$2
set -- $(best p);    p_s=$1 p_t=$2 p_c=$3
set -- $(best pv);   pv_s=$1 pv_t=$2 pv_c=$3

same() { [ "$1" = "$2" ] && echo "" || echo " (states differ: $1 vs $2)"; }
r_cl=$(rate "$cl_s" "$cl_t"); r_de=$(rate "$de_s" "$de_t")
r_wc=$(rate "$wc_s" "$wc_t"); r_w=$(rate "$w_s" "$w_t")
r_p=$(rate "$p_s" "$p_t"); r_pv=$(rate "$pv_s" "$pv_t")
echo "Model: \`$(basename "$model")\` with \`$sopts\`; processor time of pan (\`cpu_s\`),"
echo "best of $repeat interleaved runs each; states/s = states stored / time.  Cost per"
echo "state: states/s change against the command line (negative = slower);"
echo "µs per call: the runtime's own measurement of priority(s) (lua_us_per_call:"
echo "every 16th call timed, setting up \`s\` and checking the result included)."
echo
echo "| configuration | states stored | states/s | cost |"
echo "|---|--:|--:|--:|"
echo "| \`--search astar --heuristic dU\` | $cl_s | $r_cl | |"
echo "| declarative script (search, heuristic) | $de_s | $r_de | $(cost "$r_cl" "$r_de")$(same "$cl_s" "$de_s") |"
echo "| \`--search wastar --weight 2 --heuristic dU\` | $wc_s | $r_wc | |"
echo "| script \`weights = { g = 1, dU = 2 }\` (native combination) | $w_s | $r_w | $(cost "$r_wc" "$r_w")$(same "$wc_s" "$w_s") |"
echo "| \`priority(s)\` = g + dU | $p_s | $r_p | $(cost "$r_cl" "$r_p")$(same "$cl_s" "$p_s"); $p_c µs per call |"
echo "| \`priority(s)\` = g + dU + 0 * s.var.count | $pv_s | $r_pv | $(cost "$r_cl" "$r_pv")$(same "$cl_s" "$pv_s"); $pv_c µs per call |"
spread() { [ -f "$1.all" ] && sort -n "$1.all" | awk 'NR == 1 { lo = $1 } { hi = $1 }
	END { if (lo > 0) printf "%.1f%%", 100 * (hi / lo - 1); else printf "-" }'; }
echo
echo "Target: a declarative script within 5% of the command line's states/s."
echo "A script that only sets search and heuristic leaves no Lua state behind"
echo "and runs exactly the command line's code, so its row shows the"
echo "measurement's own noise; for comparison, the slowest of the $repeat"
echo "command-line runs took $(spread cl) longer than the fastest."
