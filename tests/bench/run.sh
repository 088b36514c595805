#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# run.sh -- benchmark spin-dmc against SPIN's own depth-first and
# breadth-first search (run by `make bench` from the repository root).
#
# For every model in contrib/models (or the files named in $BENCH_MODELS):
#   1. SPIN's reference: one `spin -a`, compiled twice (-O2 -DNOREDUCE, and
#      -O2 -DNOREDUCE -DBFS) in a temporary directory, run with `timeout`;
#   2. `dmc check` with each configuration below, with --time-limit and
#      --no-por (the graph SPIN's -DNOREDUCE pans explore), and once more
#      A* and greedy hf with partial-order reduction ("dmc astar/none+POR",
#      "dmc greedy/hf+POR").
# For each run it records the verdict, states stored, search time, memory,
# peak resident set size and trail length, prints one table per model on
# stdout and writes them all to docs/benchmarks.md, with a description of
# the machine and a throughput comparison (dmc's breadth-first search vs
# SPIN's -DBFS pan on the largest model without a violation).
#
# A configuration that runs out of time is recorded as "timeout"; one that
# does not apply to the model (a heuristic without targets) as "n/a".
# Neither makes the script fail: it exits non-zero only when it cannot run
# at all (no spin, no gcc, dmc not built).
#
# Environment:
#   BENCH_TIME_LIMIT  seconds per run (default 60)
#   BENCH_MEMLIM      megabytes per dmc run (--memlim, default 2048)
#   BENCH_MODELS      space-separated model files (default contrib/models/*.pml)
#   BENCH_OUT         the report (default docs/benchmarks.md)
#   BENCH_REPEAT      runs per side of the throughput comparison (default 3)
#   BENCH_DFS_DEPTH   largest pan -m for SPIN's DFS (default 10000000)
#   BENCH_UPPAAL      networks of automata (.xta/.xml, each with its .q beside
#                     it), translated by `dmc translate` and then run like the
#                     Promela models, with `spin -o3 -a` on both sides
#                     (default: contrib/models/fischer_{A,B,C}_{5,10}.xta,
#                     arbiter_{2,3,4}.xta, train_gate_{3,4}.xta, and the
#                     arbiter trees of BENCH_ARBITERS; "none" for none)
#   BENCH_CONFIGS     the dmc configurations (search/heuristic, separated by
#                     blanks; default the list below)
#   BENCH_ARBITERS    heights of the arbiter trees gen_arbiter.sh writes for
#                     the default list beyond 2-4 (default "5 6": seed 002's
#                     A_5 and A_6, where A* and greedy search run out)
#   BENCH_QUERY       a suffix: a network's query is MODEL$BENCH_QUERY.q where
#                     that file exists, else MODEL.q (tests/bench/ut.sh: _mutex)
#   BENCH_DMC_OPTS    further `dmc check` options for every dmc run
#   BENCH_EXTRAS      0: only SPIN and BENCH_CONFIGS, without the rows with
#                     partial-order reduction, the throughput comparison and
#                     the Lua scripts' costs (default 1)
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
dmc=$top/dmc
limit=${BENCH_TIME_LIMIT:-60}
memlim=${BENCH_MEMLIM:-2048}
out=${BENCH_OUT:-$top/docs/benchmarks.md}
repeat=${BENCH_REPEAT:-3}
dfs_depth=${BENCH_DFS_DEPTH:-10000000}
query_suffix=${BENCH_QUERY:-}
dmc_opts=${BENCH_DMC_OPTS:-}
extras=${BENCH_EXTRAS:-1}
# SPIN's pans get the VECTORSZ dmc check compiles pan with (driver/build.c;
# the translated arbiter trees need more than SPIN's default of 1024)
spin_vsz=-DVECTORSZ=4096
models=${BENCH_MODELS:-}
if [ -z "$models" ]; then
	for f in "$top"/contrib/models/*.pml; do
		[ -f "$f" ] && models="$models $f"
	done
fi
uppaal=${BENCH_UPPAAL:-}
if [ -z "$uppaal" ]; then
	for v in A B C; do
		for k in 5 10; do
			uppaal="$uppaal $top/contrib/models/fischer_${v}_$k.xta"
		done
	done
	for k in 2 3 4; do uppaal="$uppaal $top/contrib/models/arbiter_$k.xta"; done
	gen_arbiters=1              # the larger ones, once $work exists
	for k in 3 4; do uppaal="$uppaal $top/contrib/models/train_gate_$k.xta"; done
fi
[ "$uppaal" = none ] && uppaal=""

# dmc configurations: search/heuristic.  Models whose violation SPIN
# reports as an invalid end state also get greedy/deadlock --target deadlock.
# ut/*: seed 002's transition-based search, beside astar and greedy with
# the same heuristic (its Tables 1-3: hL, hU and the graph distance dL).
CONFIGS=${BENCH_CONFIGS:-"bfs/none astar/none astar/dL astar/hL astar/pdb wastar/dU greedy/dU greedy/hf greedy/hL greedy/hU greedy/hUc beam/dL astar/hU greedy/dL ut/dL ut/hL ut/hU"}

die() { echo "bench: $*" >&2; exit 2; }
command -v spin > /dev/null 2>&1 || die "spin not found"
command -v gcc > /dev/null 2>&1 || die "gcc not found"
[ -f "$top/build/libdmc.a" ] || die "spin-dmc is not built (./configure && make)"
[ -n "$models" ] || die "no models (contrib/models/*.pml)"

# `timeout` (coreutils) bounds SPIN's runs; without it they are unbounded.
if command -v timeout > /dev/null 2>&1; then have_timeout=1; else have_timeout=0; fi
# GNU time measures SPIN's peak resident set size; without it: "-".
gnutime=""
if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2> /dev/null; then
	gnutime=/usr/bin/time
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/dmc-bench.XXXXXX") || die "cannot create a temporary directory"
DMC_CACHE=$work/cache
if [ "${gen_arbiters:-0}" = 1 ] && [ -n "${BENCH_ARBITERS-5 6}" ]; then
	mkdir -p "$work/arbiters"
	sh "$top/contrib/models/gen_arbiter.sh" "$work/arbiters" "${BENCH_ARBITERS-5 6}"
	for k in ${BENCH_ARBITERS-5 6}; do uppaal="$uppaal $work/arbiters/arbiter_$k.xta"; done
fi
export DMC_CACHE
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
report=$work/report.md        # the tables, collected as we go
started=$(date +%s)
: > "$report"

# ---- small helpers ----

# bounded GRACE CMD...: run CMD with the per-run limit plus GRACE seconds
# (dmc compiles pan first); status 124 on timeout, as timeout(1) gives.
# timeout(1) signals its whole process group, so pan dies with dmc.
bounded() {
	g=$1; shift
	if [ $have_timeout = 1 ]; then
		timeout $((limit + g)) "$@"
	else
		"$@"
	fi
}

# awk arithmetic on decimals: calc EXPR (variables a, b)
calc() { # a b expr
	awk -v a="$1" -v b="$2" "BEGIN { $3 }"
}

# ratio A B: "A / B" with one decimal, "-" when undefined
ratio() {
	case "$1$2" in *[!0-9.]*|"") echo "-"; return ;; esac
	calc "$1" "$2" 'if (b + 0 > 0) printf "%.1f\n", a / b; else print "-"'
}

# steps in a SPIN trail file (lines that start with a step number)
trail_steps() { grep -c '^[0-9]' "$1" 2> /dev/null || echo 0; }

# json_str KEY FILE / json_num KEY FILE / json_get PATH FILE: dmc's results
. "$top/tests/json.sh"

# A result is one line of tab-separated fields, appended to $rows:
#   label verdict states time_s mem_mb rss_mb trail hcost
# hcost: the heuristic's microseconds per evaluation, its share of the
# search time and the cache's hit rate (dmc runs only)
# (empty fields become "-": read would merge adjacent tabs)
rows=$work/rows
row() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${1:--}" "${2:--}" "${3:--}" \
		"${4:--}" "${5:--}" "${6:--}" "${7:--}" "${8:--}" >> "$rows"
}

# pan_options MODEL: the model's "// pan-options: ..." line, if any
pan_options() { sed -n 's/^\/\/ *pan-options: *//p' "$1" | head -n 1; }

# ---- SPIN's reference runs ----
# (sh has no local variables: each function prefixes its own)

SHORT_RUNS=10

# spin_mean DIR BINARY T OPTS...: the mean of T (a first run's time) and
# SHORT_RUNS - 1 more runs' "elapsed time", with three decimals
spin_mean() {
	sm_d=$1; sm_bin=$2; sm_sum=$3; shift 3
	sm_i=1
	while [ $sm_i -lt $SHORT_RUNS ]; do
		sm_t=$(cd "$sm_d" && bounded 0 "./$sm_bin" "$@" 2>&1 \
			| sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' | head -n 1)
		rm -f "$sm_d"/*.trail
		sm_sum=$(calc "$sm_sum" "${sm_t:-0}" 'printf "%.6f\n", a + b')
		sm_i=$((sm_i + 1))
	done
	calc "$sm_sum" $SHORT_RUNS 'printf "%.3f\n", a / b'
}

# spin_run DIR BINARY LABEL OPTS...: run SPIN's pan, append a row;
# leaves the verdict in $sp_verdict
spin_run() {
	sp_d=$1; sp_bin=$2; sp_label=$3; shift 3
	rm -f "$sp_d"/*.trail "$sp_d/$sp_bin.rss"
	if [ -n "$gnutime" ] && [ $have_timeout = 1 ]; then
		# GNU time outside, so that it reports pan's peak RSS even on a timeout
		(cd "$sp_d" && "$gnutime" -f %M -o "$sp_bin.rss" timeout "$limit" "./$sp_bin" "$@") \
			> "$sp_d/$sp_bin.out" 2>&1
	elif [ -n "$gnutime" ]; then
		(cd "$sp_d" && "$gnutime" -f %M -o "$sp_bin.rss" "./$sp_bin" "$@") > "$sp_d/$sp_bin.out" 2>&1
	else
		(cd "$sp_d" && bounded 0 "./$sp_bin" "$@") > "$sp_d/$sp_bin.out" 2>&1
	fi
	sp_rc=$?
	sp_o=$sp_d/$sp_bin.out
	sp_errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$sp_o" | head -n 1)
	sp_states=$(sed -n 's/^ *\([0-9][0-9.e+]*\) states, stored.*/\1/p' "$sp_o" | head -n 1)
	sp_t=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$sp_o" | head -n 1)
	sp_mem=$(sed -n 's/^ *\([0-9.]*\)[ \t]*total actual memory usage.*/\1/p' "$sp_o" | head -n 1)
	sp_rss=-
	if [ -s "$sp_d/$sp_bin.rss" ]; then
		sp_kb=$(tail -n 1 "$sp_d/$sp_bin.rss")   # GNU time puts a status line first on failure
		case $sp_kb in *[!0-9]*|"") ;; *) sp_rss=$(calc "$sp_kb" 0 'printf "%.1f\n", a / 1024') ;; esac
	fi
	sp_len=-
	for sp_tf in "$sp_d"/*.trail; do
		[ -f "$sp_tf" ] && sp_len=$(trail_steps "$sp_tf")
	done
	rm -f "$sp_d"/*.trail
	# pan counts its time in clock ticks (times(), 10 ms): a run under
	# 0.1 s is repeated, SHORT_RUNS in all, and the mean time kept
	case $sp_t in
	0|0.0[0-9]*|[0-9]*e-*)
		[ $sp_rc = 0 ] && sp_t=$(spin_mean "$sp_d" "$sp_bin" "$sp_t" "$@") ;;
	esac
	if [ $sp_rc = 124 ] || [ $sp_rc = 137 ]; then
		sp_verdict=timeout
	elif grep -q 'not supported in BFS\|VECTORSZ is too small' "$sp_o"; then
		sp_verdict=unsupported
	elif [ -z "$sp_errors" ]; then
		sp_verdict=error
	elif [ "$sp_errors" -gt 0 ]; then
		sp_verdict=violation
	elif grep -q 'max search depth too small' "$sp_o"; then
		sp_verdict=incomplete
	else
		sp_verdict=no-violation
	fi
	row "$sp_label" "$sp_verdict" "$sp_states" "$sp_t" "$sp_mem" "$sp_rss" "$sp_len"
}

# ---- dmc runs ----

# dmc_run DIR MODEL LABEL SEARCH HEURISTIC PANOPTS [dmc options]
# Without partial-order reduction (--no-por: the state graph SPIN's
# -DNOREDUCE pans explore) unless LABEL ends in "+POR".
dmc_run() {
	dm_d=$1; dm_m=$2; dm_label=$3; dm_s=$4; dm_h=$5; dm_popts=$6; shift 6
	dm_tag=$dm_d/dmc-$dm_s-$dm_h
	dm_por=--no-por
	case $dm_label in *+POR) dm_por=--por; dm_tag=$dm_tag-por ;; esac
	rm -f "$dm_d/$dm_m.trail"
	# the outer bound leaves time for spin -a and compiling pan
	# shellcheck disable=SC2086
	(cd "$dm_d" && bounded 120 "$dmc" check "$dm_m" --json --search "$dm_s" --heuristic "$dm_h" \
		--time-limit "$limit" --memlim "$memlim" $dm_por $dmc_opts "$@" -- $dm_popts) > "$dm_tag.out" 2> "$dm_tag.err"
	dm_rc=$?
	grep '^{' "$dm_tag.out" | tail -n 1 > "$dm_tag.json"
	rm -f "$dm_d/$dm_m.trail"
	if [ $dm_rc = 124 ] || [ $dm_rc = 137 ]; then
		row "$dm_label" timeout - - - - -
		return
	fi
	if [ $dm_rc = 2 ] || [ ! -s "$dm_tag.json" ]; then
		# a heuristic that has nothing to aim at in this model
		if grep -q 'need.*target\|has no\|needs variable\|only with deadlock\|no goals' "$dm_tag.err"; then
			row "$dm_label" n/a - - - - -
		else
			row "$dm_label" error - - - - -
			echo "bench: $dm_label: dmc failed (status $dm_rc): $(tail -n 2 "$dm_tag.err" | tr '\n' ' ')" >&2
		fi
		return
	fi
	dm_v=$(json_str verdict "$dm_tag.json")
	if [ "$dm_v" = incomplete ]; then
		case $(json_str incomplete_reason "$dm_tag.json") in
		*time*) dm_v=timeout ;;
		*mem*) dm_v=memlim ;;
		esac
	fi
	dm_len=-
	[ "$dm_v" = violation ] && dm_len=$(json_num trail_length "$dm_tag.json")
	dm_hc=-
	if [ "$dm_h" != none ]; then
		dm_hc=$(awk -v u="$(json_num h_us_per_eval "$dm_tag.json")" -v s="$(json_num h_time_share "$dm_tag.json")" \
			'BEGIN { printf "%.2f (%.0f%%)", u, 100 * s }')
		# cheap heuristics are not cached: hcache is null
		dm_hits=$(json_get '.hcache // empty | "\(.hits) \(.lookups)"' "$dm_tag.json")
		[ -n "$dm_hits" ] && dm_hc="$dm_hc, cache $(echo "$dm_hits" | awk '{ printf "%.0f%%", ($2 > 0 ? 100 * $1 / $2 : 0) }')"
	fi
	row "$dm_label" "$dm_v" "$(json_num states_stored "$dm_tag.json")" "$(json_num time_s "$dm_tag.json")" \
		"$(json_num memory_mb "$dm_tag.json")" "$(json_num peak_rss_mb "$dm_tag.json")" "$dm_len" "$dm_hc"
}

# ---- one model ----

# num FORMAT VALUE: VALUE printed with FORMAT if it is a number, else as is
num() {
	case $2 in
	*[!0-9.e+-]*|"") echo "$2" ;;
	*[0-9]*) awk -v v="$2" -v f="$1" 'BEGIN { printf f "\n", v }' ;;
	*) echo "$2" ;;
	esac
}

# table NAME: the markdown table of $rows.  The SPIN BFS row gives the
# reference: its state count for the ratio column, and its verdict, which
# every complete dmc search must reproduce (a different one is marked
# WRONG: a bug in spin-dmc, not a matter of speed).
table() {
	echo "### $1"
	echo
	echo "| configuration | verdict | states stored | SPIN BFS states / states | time (s) | memory (MB) | peak RSS (MB) | trail | h: µs/eval (share of time), cache hits |"
	echo "|---|---|--:|--:|--:|--:|--:|--:|--:|"
	tb_ref=$(awk -F '\t' '$1 == "SPIN BFS" && ($2 == "violation" || $2 == "no-violation") { print $3 }' "$rows")
	tb_refv=$(awk -F '\t' '$1 == "SPIN BFS" { print $2 }' "$rows")
	while IFS='	' read -r tb_label tb_v tb_st tb_t tb_mem tb_rss tb_len tb_hc; do
		tb_r=-
		case $tb_v in violation|no-violation) [ -n "$tb_ref" ] && tb_r=$(ratio "$tb_ref" "$tb_st") ;; esac
		case $tb_label/$tb_v/$tb_refv in
		dmc*/violation/no-violation|dmc*/no-violation/violation) tb_v="$tb_v (WRONG)" ;;
		esac
		echo "| $tb_label | $tb_v | $tb_st | $tb_r | $(num %.3f "$tb_t") | $(num %.1f "$tb_mem") | $(num %.1f "$tb_rss") | $tb_len | $tb_hc |"
	done < "$rows"
	echo
}

bench_model() { # path
	bm_src=$1
	bm_name=$(basename "$bm_src" .pml)
	bm_m=$(basename "$bm_src")
	bm_d=$work/$bm_name
	mkdir -p "$bm_d/spin"
	cp "$bm_src" "$bm_d/"
	cp "$bm_src" "$bm_d/spin/"
	bm_popts=$(pan_options "$bm_src")
	# translated networks of automata: unmerged statements on both sides
	bm_spin=""
	case $bm_src in "$work"/uppaal/*) bm_spin=-o3 ;; esac
	: > "$rows"
	echo "bench: $bm_name" >&2

	# SPIN: one spin -a, two compilations
	# shellcheck disable=SC2086
	if ! (cd "$bm_d/spin" && spin $bm_spin -a "$bm_m" > spin.out 2>&1 \
	      && gcc -O2 -w -DNOREDUCE $spin_vsz -o pan_dfs pan.c \
	      && gcc -O2 -w -DNOREDUCE $spin_vsz -DBFS -o pan_bfs pan.c); then
		echo "bench: $bm_name: spin -a or gcc failed" >&2
		row "SPIN DFS" error - - - - -
		row "SPIN BFS" error - - - - -
	else
		# DFS: pan's stack is allocated for the whole depth bound (and
		# counted in its memory), so start at 10^5 and raise the bound
		# tenfold while the search is cut off without finding an error.
		bm_depth=100000
		rows=$work/rows.dfs
		while :; do
			: > "$rows"
			# shellcheck disable=SC2086
			spin_run "$bm_d/spin" pan_dfs "SPIN DFS -m$bm_depth" -m"$bm_depth" $bm_popts
			if [ "$sp_verdict" != incomplete ] || [ "$bm_depth" -ge "$dfs_depth" ]; then
				break
			fi
			bm_depth=$((bm_depth * 10))
		done
		rows=$work/rows
		cat "$work/rows.dfs" >> "$rows"
		# shellcheck disable=SC2086
		spin_run "$bm_d/spin" pan_bfs "SPIN BFS" $bm_popts
	fi
	bm_deadlock=0
	grep -q '^pan:1: invalid end state' "$bm_d/spin/pan_bfs.out" "$bm_d/spin/pan_dfs.out" 2> /dev/null \
		&& bm_deadlock=1

	for bm_cfg in $CONFIGS; do
		dmc_run "$bm_d" "$bm_m" "dmc $bm_cfg" "${bm_cfg%/*}" "${bm_cfg#*/}" "$bm_popts" \
			${bm_spin:+--spin-opts=$bm_spin}
	done
	if [ $bm_deadlock = 1 ]; then
		dmc_run "$bm_d" "$bm_m" "dmc greedy/deadlock" greedy deadlock "$bm_popts" --target deadlock
	fi
	# partial-order reduction (C2c): A* with it, against "dmc astar/none"
	# without; greedy hf with the guided reduction (por.h, --por-plateau)
	# against "dmc greedy/hf" without
	[ "$extras" = 0 ] || dmc_run "$bm_d" "$bm_m" "dmc astar/none+POR" astar none "$bm_popts" \
		${bm_spin:+--spin-opts=$bm_spin}
	[ "$extras" = 0 ] || dmc_run "$bm_d" "$bm_m" "dmc greedy/hf+POR" greedy hf "$bm_popts" \
		${bm_spin:+--spin-opts=$bm_spin}

	table "$bm_name" | tee -a "$report"
	# keep the rows for the throughput section
	cp "$rows" "$work/$bm_name.rows"
}

# networks of automata: translated with their query (MODEL.q beside them)
mkdir -p "$work/uppaal"
for f in $uppaal; do
	u_name=$(basename "$f" | sed 's/\.[^.]*$//')
	u_q=$(dirname "$f")/$u_name$query_suffix.q
	[ -f "$u_q" ] || u_q=$(dirname "$f")/$u_name.q
	if [ -f "$u_q" ] && "$dmc" translate "$f" --query "$u_q" -o "$work/uppaal/$u_name.pml" 2> /dev/null; then
		models="$models $work/uppaal/$u_name.pml"
	else
		echo "bench: $f: cannot translate (is $u_q there?)" >&2
	fi
done

for f in $models; do
	[ -f "$f" ] || { echo "bench: $f: no such file" >&2; continue; }
	bench_model "$f"
done

# ---- throughput: the largest model without a violation ----

# field LABEL COLUMN FILE: a column of the row with that label
field() { awk -F '\t' -v l="$1" -v c="$2" '$1 == l { print $c; exit }' "$3"; }

# rate_of STATES SECONDS: states per second, "-" when not measurable
rate_of() {
	case "$1$2" in *[!0-9.e+-]*|"") echo "-"; return ;; esac
	calc "$1" "$2" 'if (b + 0 > 0) printf "%.0f\n", a / b; else print "-"'
}
# best RATE...: the largest number among the arguments (empty if none)
best() { printf '%s\n' "$@" | grep '^[0-9]' | sort -n | tail -n 1; }

tp_model=""
tp_states=0
for f in $models; do
	tp_r=$work/$(basename "$f" .pml).rows
	[ -f "$tp_r" ] || continue
	[ "$(field "SPIN BFS" 2 "$tp_r")" = no-violation ] || continue
	tp_st=$(field "SPIN BFS" 3 "$tp_r")
	if [ "$(calc "$tp_st" "$tp_states" 'print ((a + 0 > b + 0) ? 1 : 0)')" = 1 ]; then
		tp_model=$f
		tp_states=$tp_st
	fi
done

throughput=$work/throughput.md
if [ "$extras" = 0 ]; then
	echo "Not measured in this run (BENCH_EXTRAS=0)." > "$throughput"
elif [ -z "$tp_model" ]; then
	echo "No model without a violation completed under SPIN's BFS; no throughput comparison." > "$throughput"
else
	tp_name=$(basename "$tp_model" .pml)
	tp_m=$(basename "$tp_model")
	tp_d=$work/$tp_name
	tp_popts=$(pan_options "$tp_model")
	echo "bench: throughput on $tp_name ($repeat runs each)" >&2
	tp_spin=""
	tp_dmc=""
	rows=$work/rows.tp
	i=0
	while [ $i -lt "$repeat" ]; do
		i=$((i + 1))
		: > "$rows"
		# shellcheck disable=SC2086
		spin_run "$tp_d/spin" pan_bfs "SPIN BFS" $tp_popts
		dmc_run "$tp_d" "$tp_m" "dmc bfs/none" bfs none "$tp_popts"
		if [ "$(field "SPIN BFS" 2 "$rows")" = no-violation ]; then
			tp_spin="$tp_spin $(rate_of "$(field "SPIN BFS" 3 "$rows")" "$(field "SPIN BFS" 4 "$rows")")"
		fi
		if [ "$(field "dmc bfs/none" 2 "$rows")" = no-violation ]; then
			tp_dmc="$tp_dmc $(rate_of "$(field "dmc bfs/none" 3 "$rows")" "$(field "dmc bfs/none" 4 "$rows")")"
		fi
	done
	rows=$work/rows
	# shellcheck disable=SC2086
	tp_sr=$(best $tp_spin)
	# shellcheck disable=SC2086
	tp_dr=$(best $tp_dmc)
	tp_pct=-
	[ -n "$tp_sr" ] && [ -n "$tp_dr" ] && tp_pct=$(calc "$tp_dr" "$tp_sr" 'printf "%.0f%%\n", 100 * a / b')
	{
		echo "Model: \`$tp_m\`, the largest model without a violation ($tp_states states"
		echo "stored by SPIN's BFS).  Both sides run the same \`spin -a\` output compiled"
		echo "with \`gcc -O2 -DNOREDUCE $spin_vsz -DBFS\`: SPIN's pan alone, and dmc's with the"
		echo "runtime (\`dmc check --search bfs --heuristic none\`).  States per second ="
		echo "states stored / search time (pan's \"elapsed time\", dmc's \`time_s\`),"
		echo "best of $repeat runs each."
		echo
		echo "| | states/s |"
		echo "|---|--:|"
		echo "| SPIN \`-DBFS\` pan | ${tp_sr:--} |"
		echo "| dmc bfs/none | ${tp_dr:--} |"
		echo "| dmc / SPIN | $tp_pct |"
		echo
		echo "Target: dmc at 70% of SPIN's rate or better."
	} > "$throughput"
fi

# ---- Lua scripts: what a declarative script and priority(s) cost ----
luamd=$work/lua.md
if [ "$extras" = 0 ]; then
	echo "Not measured in this run (BENCH_EXTRAS=0)." > "$luamd"
else
	sh "$top/tests/bench/lua.sh" > "$luamd" || echo "tests/bench/lua.sh failed." > "$luamd"
fi

# ---- the machine ----

cpu=$(sed -n 's/^model name[ \t]*: *//p' /proc/cpuinfo 2> /dev/null | head -n 1)
[ -n "$cpu" ] || cpu=$(uname -p)
cores=$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo "?")
memkb=$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo 2> /dev/null)
if [ -n "$memkb" ]; then mem=$(calc "$memkb" 0 'printf "%.1f GB\n", a / 1048576'); else mem="?"; fi
spinv=$(spin -V 2>&1 | head -n 1)
gccv=$(gcc --version 2>&1 | head -n 1)

tmp_out=$work/benchmarks.md
{
	echo "# Benchmarks"
	echo
	echo "Generated by \`make bench\` (tests/bench/run.sh); do not edit by hand."
	echo
	echo "## Machine"
	echo
	echo "- system: $(uname -srm)"
	echo "- CPU: $cpu"
	echo "- cores: $cores"
	echo "- memory: $mem"
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "- SPIN: $spinv"
	echo "- compiler: $gccv"
	echo
	echo "## Method"
	echo
	if [ -n "${BENCH_MODELS:-}" ]; then
		echo "Models: the Promela files given in BENCH_MODELS (here: ${BENCH_MODELS:-none}).  For each"
	else
		echo "Models: \`contrib/models/*.pml\` (see contrib/models/README.md).  For each"
	fi
	echo "model, SPIN's reference is one \`spin -a\` compiled twice with"
	echo "\`gcc -O2 -DNOREDUCE $spin_vsz\`: depth-first and breadth-first (\`-DBFS\`).  The"
	echo "depth-first search starts with \`./pan -m100000\` and raises the depth bound"
	echo "tenfold (up to $dfs_depth) while the search is cut off without an error;"
	echo "the row is labelled with the bound used.  spin-dmc runs"
	echo "\`dmc check MODEL --search S --heuristic H\`"
	echo "(pan built with the same flags plus the runtime).  Runs are sequential."
	echo
	echo "Networks of automata (UPPAAL models: Fischer, arbiter trees, train-gate,"
	echo "see docs/uppaal.md) are translated by \`dmc translate MODEL --query MODEL.q\`"
	echo "first; both sides then use \`spin -o3 -a\` (and \`dmc check --spin-opts=-o3\`),"
	echo "so every statement of an edge is a step of the trail and the heuristics see"
	echo "every update.  The comparison with the seed papers is in docs/uppaal_bench.md."
	[ -z "$query_suffix" ] || echo "Query: \`MODEL$query_suffix.q\` where it exists, else \`MODEL.q\`."
	[ -z "$dmc_opts" ] || echo "Every dmc run also has \`$dmc_opts\`."
	echo
	echo "- **verdict**: violation / no-violation; \`timeout\` when the run hit the"
	echo "  limit of $limit s (SPIN: \`timeout\`; dmc: \`--time-limit\`), \`memlim\` when"
	echo "  dmc stopped at \`--memlim $memlim\`, \`incomplete\` for a search that may miss"
	echo "  states (beam search, or SPIN's DFS hitting its depth bound), \`n/a\` when"
	echo "  the heuristic has no target in this model.  A dmc verdict that"
	echo "  contradicts SPIN's complete BFS is marked WRONG (a bug, not a speed-up)."
	echo "- **states stored**: SPIN's \"states, stored\"; dmc's \`states_stored\`."
	echo "- **SPIN BFS states / states**: how many times fewer states than SPIN's"
	echo "  breadth-first search the configuration stored (complete verdicts only)."
	echo "- **time (s)**: search time measured inside pan (SPIN: \"pan: elapsed"
	echo "  time\"; dmc: \`time_s\`); excludes \`spin -a\` and compiling.  SPIN's"
	echo "  pan counts clock ticks (10 ms): a SPIN run under 0.1 s is repeated,"
	echo "  $SHORT_RUNS runs in all, and the mean of their times is shown."
	echo "- **memory (MB)**: memory as pan accounts for it: SPIN's \"total actual"
	echo "  memory usage\" (hash table included), dmc's \`memory_mb\` (pan's count"
	echo "  plus the runtime's)."
	echo "- **peak RSS (MB)**: the process's peak resident set size: GNU time's"
	echo "  %M for SPIN, dmc's \`peak_rss_mb\`.  The two memory columns measure"
	echo "  different things: compare SPIN and dmc within one column."
	echo "- **trail**: steps in the counterexample trail (lines of the .trail file)."
	echo "- **h**: the heuristic's cost: microseconds per evaluation (one in 16"
	echo "  evaluations is timed), its share of the search time, and for hL, hU and"
	echo "  hUc the hit rate of the exact heuristic-value cache (\`--hcache\`, default)."
	echo
	echo "## Results"
	echo
	echo "Whole benchmark: $(( $(date +%s) - started )) s of wall-clock time."
	echo
	cat "$report"
	echo "## Throughput"
	echo
	cat "$throughput"
	echo
	echo "## Lua scripts"
	echo
	cat "$luamd"
} > "$tmp_out"

echo
echo "## Throughput"
echo
cat "$throughput"
echo
echo "## Lua scripts"
echo
cat "$luamd"

mkdir -p "$(dirname "$out")"
cp "$tmp_out" "$out" && echo "bench: wrote $out" >&2
exit 0
