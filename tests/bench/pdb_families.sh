#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# pdb_families.sh -- the pattern database on the generated families of
# tests/models/pdb_families (the token chain of N links, Fischer-style
# mutual exclusion of N processes), beside SPIN's own DFS (its partial-order
# reduction on) and BFS (-DBFS) in the same run: states stored and seconds
# per configuration, as a markdown table on stdout (docs/heuristics.md,
# "pdb on the generated families", holds one run's table).
#
# Configurations (pan -E everywhere: the assertion is the property, and
# dead ends are pruned): A* with pdb and with hL (--no-por), greedy with
# pdb and with the default's heuristics (--preset fast: greedy alternating
# hf, hU, dL, breadth- and depth-first lists, POR on).  The UPPAAL models
# are translated once (dmc translate) and both sides run with spin -o3.
# Time: the run's search time, the pattern database's construction
# included (SPIN: pan's elapsed time; neither counts compiling).
#
# Environment: BENCH_TIME_LIMIT seconds per run (default 60),
# CHAIN_NS (default "4 6 8 10"), MUTEX_NS (default "3 4 5").
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dmc=$top/dmc
gen=$top/tests/models/pdb_families
limit=${BENCH_TIME_LIMIT:-60}
[ -x "$dmc" ] || { echo "pdb_families bench: run make first" >&2; exit 2; }
command -v spin > /dev/null && command -v jq > /dev/null || { echo "pdb_families bench: needs spin and jq" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/dmc-pdbf-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
DMC_CACHE=$work/cache
export DMC_CACHE
. "$top/tests/json.sh"

: > "$work/list"
for n in ${CHAIN_NS:-4 6 8 10}; do
	for k in ok bad; do
		sh "$gen/gen_chain.sh" "$n" "$k" > "$work/chain${n}_$k.pml"
		echo "chain${n}_$k" >> "$work/list"
	done
done
for n in ${MUTEX_NS:-3 4 5}; do
	for k in ok bad; do
		sh "$gen/gen_mutex.sh" "$n" "$k" > "$work/mutex${n}_$k.xml"
		"$dmc" translate "$work/mutex${n}_$k.xml" -o "$work/mutex${n}_$k.pml" 2> /dev/null \
			|| { echo "pdb_families bench: cannot translate mutex${n}_$k" >&2; continue; }
		echo "mutex${n}_$k -o3" >> "$work/list"
	done
done

# spin_side NAME SPINOPTS CFLAGS TAG: SPIN's pan; prints "states seconds errors"
spin_side() {
	d=$work/$1.$4
	mkdir -p "$d"
	cp "$work/$1.pml" "$d/m.pml"
	# shellcheck disable=SC2086
	(cd "$d" && spin $2 -a m.pml > /dev/null 2>&1 && gcc -w -O2 -DSAFETY $3 -o pan pan.c \
	 && timeout "$limit" ./pan -E -m10000000 > pan.out 2>&1)
	if [ $? = 124 ]; then echo "timeout - -"; return; fi
	st=$(sed -n 's/^ *\([0-9][0-9]*\) states, stored.*/\1/p' "$d/pan.out" | head -n 1)
	t=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$d/pan.out" | head -n 1)
	e=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$d/pan.out" | head -n 1)
	echo "${st:--} ${t:--} ${e:--}"
}

# dmc_side NAME SPINOPTS TAG OPTIONS...: prints "states seconds verdict build abstract h0"
dmc_side() {
	m=$1; so=$2; tag=$3; shift 3
	# shellcheck disable=SC2086
	(cd "$work" && timeout $((limit + 30)) "$dmc" check "$m.pml" ${so:+--spin-opts "$so"} --json \
		--time-limit "$limit" "$@" -- -E > "$m.$tag.json" 2> "$m.$tag.err")
	f=$work/$m.$tag.json
	st=$(json_num states_stored "$f"); t=$(json_num time_s "$f"); v=$(json_str verdict "$f")
	[ "$v" = violation ] || [ "$v" = no-violation ] || st=">${st:-?}"
	echo "${st:--} ${t:--} ${v:--} $(json_get .pdb.build_s "$f" | sed 's/^$/-/') $(json_get .pdb.abstract_states "$f" | sed 's/^$/-/') $(json_get .pdb.h_initial "$f" | sed 's/^$/-/')"
}

r2() { case $1 in -|timeout|\>*) echo "$1" ;; *) printf '%.2f' "$1" ;; esac; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| model | SPIN verdict | SPIN DFS states | s | SPIN BFS states | s | A* pdb states | s | pdb build s | abstract states | pdb h(init) | A* hL states | s | greedy pdb states | s | greedy fast states | s | fast / DFS |"
echo "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
while read -r m so; do
	set -- $(spin_side "$m" "${so:-}" "" dfs); dfs_s=$1; dfs_t=$2; errs=$3
	set -- $(spin_side "$m" "${so:-}" "-DBFS" bfs); bfs_s=$1; bfs_t=$2
	case $errs in 0) sv="no violation" ;; -) sv="-" ;; *) sv=violation ;; esac
	set -- $(dmc_side "$m" "${so:-}" apdb --search astar --heuristic pdb --no-por); ap_s=$1; ap_t=$2; ap_b=$4; ap_a=$5; ap_h=$6; vs=$3
	set -- $(dmc_side "$m" "${so:-}" ahl --search astar --heuristic hL --no-por); ah_s=$1; ah_t=$2; vs="$vs $3"
	set -- $(dmc_side "$m" "${so:-}" gpdb --search greedy --heuristic pdb); gp_s=$1; gp_t=$2; vs="$vs $3"
	set -- $(dmc_side "$m" "${so:-}" fast --preset fast); gf_s=$1; gf_t=$2; vs="$vs $3"
	# a finished dmc run whose verdict is not SPIN's: said, loudly
	for v in $vs; do
		case $v/$sv in violation/violation|no-violation/"no violation"|-/*|incomplete/*|*/-) ;;
		*) echo "pdb_families bench: $m: dmc says $v, SPIN $sv" >&2 ;; esac
	done
	ratio=-
	case $gf_s$dfs_s in *[!0-9]*) ;; *) ratio=$(awk -v a="$gf_s" -v b="$dfs_s" 'BEGIN { printf "%.3f", a / b }') ;; esac
	echo "| $m | $sv | $dfs_s | $(r2 "$dfs_t") | $bfs_s | $(r2 "$bfs_t") | $ap_s | $(r2 "$ap_t") | $(r2 "$ap_b") | $ap_a | $ap_h | $ah_s | $(r2 "$ah_t") | $gp_s | $(r2 "$gp_t") | $gf_s | $(r2 "$gf_t") | $ratio |"
done < "$work/list"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
