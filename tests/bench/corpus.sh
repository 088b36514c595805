#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# corpus.sh -- every heuristic and the default on a directory of public
# Promela models, against SPIN's verdict (issue 15: "hL, hU, hf, dL and the
# default run on every model of a public corpus ... with SPIN's verdict").
# Public models are never committed: `make bench CORPUS_DIR=DIR` runs this
# on DIR, docs/benchmarks-corpus.md says where the measured models came from.
#
#   sh tests/bench/corpus.sh DIR [LIMIT]
#
# For every *.pml and *.prom below DIR (LIMIT seconds per run, default 10):
#   - SPIN: one `spin -a`, compiled with `gcc -O2 -DMEMLIM=MEMLIM` twice:
#     DFS (pan's defaults: partial-order reduction on, invalid end states
#     checked; `./pan -mDEPTH`) and BFS (`-DBFS`, reduction on as well).
#     Both keep SPIN's partial-order reduction because dmc check keeps it
#     on by default; SPIN's verdict is the DFS's (SPIN's BFS "does not
#     preserve all invalid endstates" with rendezvous), or a violation the
#     BFS found when the DFS did not decide, otherwise "undecided";
#   - dmc: `dmc check MODEL --json --time-limit LIMIT --memlim MEMLIM`
#     with no search option (the default, preset fast: a greedy
#     alternation) and with `--search greedy --heuristic H` for H = hL, hU,
#     hf, dL (greedy: the search the default runs its heuristics with);
#   - every violation dmc reports is replayed with `spin -t`: all of the
#     trail's steps must replay, an assertion violation must show
#     "assertion violated";
#   - dmc's exit status must match its verdict (0 no violation, 1
#     violation, 3 incomplete): a run that did not finish never exits 0.
# Findings (each one a bug): a complete dmc verdict other than SPIN's, a
# trail that does not replay, an exit status that does not match the
# verdict, a run that fails (no results), a wall-clock kill.
#
# Output: a markdown report on standard output (the summary, the findings,
# one table row per model) and, with CORPUS_OUT=FILE, the same in FILE.
# Environment:
#   CORPUS_JOBS     models run at once (default 1)
#   CORPUS_MEMLIM   megabytes for pan and dmc (default 2048)
#   CORPUS_DEPTH    SPIN DFS's -m (default 1000000)
#   CORPUS_CONFIGS  dmc configurations separated by ';' (default below;
#                   "default" means no option)
#   CORPUS_KEEP     a directory keeping the raw results (results.tsv.*,
#                   models.tsv.*, findings.txt.*), written as the run goes
#   CORPUS_FROM     a CORPUS_KEEP directory of an earlier (possibly stopped)
#                   run: write the report from it, run nothing
#   CORPUS_OUT      also write the report to this file
e2e_name=bench-corpus
. "$(dirname "$0")/../e2e/lib.sh"

die() { echo "bench-corpus: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: sh tests/bench/corpus.sh DIR [LIMIT]"
dir=$1
limit=${2:-10}
[ -n "${CORPUS_FROM:-}" ] || [ -d "$dir" ] || die "$dir: not a directory"
jobs=${CORPUS_JOBS:-1}
memlim=${CORPUS_MEMLIM:-2048}
depth=${CORPUS_DEPTH:-1000000}
configs=${CORPUS_CONFIGS:-default;\
--search greedy --heuristic hL;\
--search greedy --heuristic hU;\
--search greedy --heuristic hf;\
--search greedy --heuristic dL}
command -v spin > /dev/null 2>&1 || die "spin not found"
command -v gcc > /dev/null 2>&1 || die "gcc not found"
command -v timeout > /dev/null 2>&1 || die "timeout (coreutils) not found"
command -v jq > /dev/null 2>&1 || die "jq not found"
[ -x "$dmc" ] || die "spin-dmc is not built (./configure && make)"

keep=${CORPUS_FROM:-${CORPUS_KEEP:-$work/keep}}
mkdir -p "$keep"
started=$(date +%s)
load_start=$(cut -d ' ' -f 1-3 /proc/loadavg 2> /dev/null)

# record MODEL CONFIG VERDICT STATES TRAIL TIME NOTE: one run
record() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$idx" "$1" "$2" "${3:--}" "${4:--}" \
		"${5:--}" "${6:--}" "${7:--}" >> "$keep/results.tsv.$job"
}
finding() { echo "$idx - \`$cur\`, $*" >> "$keep/findings.txt.$job"; }

# spin_run DIR BINARY LABEL OPTS: one of SPIN's pans
spin_run() {
	sr_d=$1; sr_bin=$2; sr_label=$3
	pan_run "$sr_d" "$sr_bin" "$limit" "$4"
	pan_verdict
	sr_v=$pv_v; sr_note=$pv_note
	[ "$sr_v" = violation ] || sr_len=-
	record "$cur" "$sr_label" "$sr_v" "$sr_states" "$sr_len" "$sr_t" "$sr_note"
	spin_verdict=$sr_v
}

# dmc_run DIR MODEL CONFIG: one dmc configuration, its trail replayed
dmc_run() {
	dr_d=$1; dr_m=$2; dr_cfg=$3
	dr_opts=$dr_cfg; [ "$dr_cfg" = default ] && dr_opts=
	dr_tag=$dr_d/dmc$(echo "$dr_cfg" | tr -c 'A-Za-z0-9\n' '_')
	rm -f "$dr_d/$dr_m.trail"
	# dmc stops itself at the limit; the wall clock is a safety net for
	# building pan and precomputing a heuristic
	# shellcheck disable=SC2086
	(cd "$dr_d" && timeout $((limit * 4 + 120)) "$dmc" check "$dr_m" --json --time-limit "$limit" \
		--memlim "$memlim" $dr_opts < /dev/null > "$dr_tag.out" 2> "$dr_tag.err")
	dr_rc=$?
	grep '^{' "$dr_tag.out" | tail -n 1 > "$dr_tag.json"
	if [ $dr_rc = 124 ] || [ $dr_rc = 137 ]; then
		record "$cur" "$dr_cfg" killed - - - "no result after $((limit * 4 + 120)) s"
		finding "\`$dr_cfg\`: killed by the wall-clock limit ($((limit * 4 + 120)) s)"
		return
	fi
	if [ ! -s "$dr_tag.json" ] || [ -z "$(json_str verdict "$dr_tag.json")" ]; then
		dr_why=$(tail -n 1 "$dr_tag.err" | cut -c 1-160)
		record "$cur" "$dr_cfg" error - - - "exit $dr_rc: $dr_why"
		[ "$spin_ok" = 1 ] && finding "\`$dr_cfg\`: dmc failed (exit $dr_rc): $dr_why"
		return
	fi
	dr_v=$(json_str verdict "$dr_tag.json")
	dr_note=-
	case $dr_v in
	violation) dr_want=1 ;;
	no-violation) dr_want=0 ;;
	error) dr_want=2; dr_note=$(grep -m1 'pan:1:\|error' "$dr_tag.err" | cut -c 1-120) ;;
	*) dr_want=3; dr_note=$(json_str incomplete_reason "$dr_tag.json") ;;
	esac
	if [ "$dr_rc" != "$dr_want" ]; then
		finding "\`$dr_cfg\`: verdict $dr_v but exit status $dr_rc (expected $dr_want)"
		dr_note="EXIT $dr_rc"
	fi
	dr_len=-
	if [ "$dr_v" = violation ]; then
		if [ ! -f "$dr_d/$dr_m.trail" ]; then
			finding "\`$dr_cfg\`: a violation without a trail file"
			dr_note=REPLAY-FAILS
		else
			dr_len=$(trail_system_steps "$dr_d/$dr_m.trail")
			dr_kind=$(json_str error "$dr_tag.json")
			[ -n "$dr_kind" ] || dr_kind=$(grep -m1 'pan:1:' "$dr_tag.out" "$dr_tag.err" | sed 's/.*pan:1: //')
			replay_why "$dr_d" "$dr_m" "$dr_m.trail" "$dr_kind" "$(basename "$dr_tag").replay"
			dr_why=$pv_why
			if [ -n "$dr_why" ]; then
				finding "\`$dr_cfg\`: the trail does not replay ($dr_why; dmc: $dr_kind)"
				dr_note=REPLAY-FAILS
			fi
		fi
	fi
	rm -f "$dr_d/$dr_m.trail"
	# the heuristic that ran (a heuristic with nothing to aim at falls
	# back on another, named in the results), then any remark
	dr_h="h=$(json_str heuristic "$dr_tag.json")"
	[ "$dr_note" = - ] || dr_h="$dr_h; $dr_note"
	record "$cur" "$dr_cfg" "$dr_v" "$(json_num states_stored "$dr_tag.json")" "$dr_len" \
		"$(json_num time_s "$dr_tag.json")" "$dr_h"
}

# bench_model SRC: every run on one model
bench_model() {
	bm_src=$1
	bm_m=$(basename "$bm_src")
	cur=${bm_src#"$dir"/}
	bm_d=$work/m$idx
	bm_note=-
	stage_model "$bm_src" "$bm_d"
	echo "bench-corpus: $cur" >&2
	if ! (cd "$bm_d" && spin -a "$bm_m" < /dev/null > spin.out 2>&1); then
		printf '%s\t%s\trefused\t%s\n' "$idx" "$cur" "spin -a: $(grep -m1 -i 'error\|expected\|syntax' "$bm_d/spin.out" | cut -c 1-120)" >> "$keep/models.tsv.$job"
		return
	fi
	if ! (cd "$bm_d" && gcc -O2 -w -DMEMLIM="$memlim" -o pan_dfs pan.c > cc.out 2>&1 \
	    && gcc -O2 -w -DMEMLIM="$memlim" -DBFS -o pan_bfs pan.c >> cc.out 2>&1); then
		printf '%s\t%s\trefused\t%s\n' "$idx" "$cur" "gcc: $(grep -m1 'error' "$bm_d/cc.out" | cut -c 1-120)" >> "$keep/models.tsv.$job"
		return
	fi
	# pan's own advice when its reduction does not apply (a never claim
	# that polls an xr/xs channel): both pans again with -DNOREDUCE, as
	# dmc check searches such a model unreduced
	if (cd "$bm_d" && timeout "$limit" ./pan_dfs -m"$depth" < /dev/null 2>&1 | grep -q 'partial order reduction invalid'); then
		(cd "$bm_d" && gcc -O2 -w -DMEMLIM="$memlim" -DNOREDUCE -o pan_dfs pan.c >> cc.out 2>&1 \
		    && gcc -O2 -w -DMEMLIM="$memlim" -DNOREDUCE -DBFS -o pan_bfs pan.c >> cc.out 2>&1)
		bm_note=-DNOREDUCE
	fi
	spin_run "$bm_d" pan_dfs "SPIN DFS" "-m$depth"
	bm_dfs=$spin_verdict
	spin_run "$bm_d" pan_bfs "SPIN BFS" ""
	bm_bfs=$spin_verdict
	case $bm_dfs in
	violation|no-violation) bm_sv=$bm_dfs ;;
	*) if [ "$bm_bfs" = violation ]; then bm_sv=violation; else bm_sv=undecided; fi ;;
	esac
	spin_ok=1
	if [ "$bm_dfs" = error ]; then
		bm_sv=pan-error; spin_ok=0
	fi
	printf '%s\t%s\t%s\t%s\n' "$idx" "$cur" "$bm_sv" "$bm_note" >> "$keep/models.tsv.$job"
	echo "$configs" | tr ';' '\n' | while IFS= read -r bm_cfg; do
		bm_cfg=$(echo "$bm_cfg" | sed 's/^ *//; s/ *$//')
		[ -n "$bm_cfg" ] || continue
		dmc_run "$bm_d" "$bm_m" "$bm_cfg"
	done
	rm -f "$bm_d"/pan_* "$bm_d"/pan.?
}

# run_job K: the models whose place modulo $jobs is K
run_job() {
	job=$1
	: > "$keep/results.tsv.$job"; : > "$keep/models.tsv.$job"; : > "$keep/findings.txt.$job"
	idx=0
	while read -r src; do
		idx=$((idx + 1))
		[ $((idx % jobs)) = "$job" ] || continue
		bench_model "$src"
	done < "$work/models"
}
if [ -z "${CORPUS_FROM:-}" ]; then
	find "$dir" \( -name '*.pml' -o -name '*.prom' \) -type f | sort > "$work/models"
	[ -s "$work/models" ] || die "$dir: no *.pml or *.prom file"
	k=0
	while [ $k -lt "$jobs" ]; do run_job $k & k=$((k + 1)); done
	wait
fi
results=$work/results.tsv; models=$work/models.tsv; findings=$work/findings.txt
sort -s -n -k1,1 "$keep"/results.tsv.* | cut -f 2- > "$results"
sort -s -n -k1,1 "$keep"/models.tsv.* | cut -f 2- > "$models"
sort -s -n -k1,1 "$keep"/findings.txt.* | cut -d ' ' -f 2- > "$findings"

# wrong verdicts: a complete dmc verdict other than SPIN's
awk -F '\t' 'NR == FNR { sv[$1] = $2; next }
$2 !~ /^SPIN/ && ($3 == "violation" || $3 == "no-violation") \
    && (sv[$1] == "violation" || sv[$1] == "no-violation") && $3 != sv[$1] {
	printf "- `%s`, `%s`: dmc says %s, SPIN %s%s\n", $1, $2, $3, sv[$1],
		($3 == "no-violation" ? " (SOUNDNESS)" : "")
}' "$models" "$results" >> "$findings"

# ---- the report ----
n_all=$(wc -l < "$models" | tr -d ' ')
n_in=$(awk -F '\t' '$2 != "refused" && $2 != "pan-error"' "$models" | wc -l | tr -d ' ')
n_dec=$(awk -F '\t' '$2 == "violation" || $2 == "no-violation"' "$models" | wc -l | tr -d ' ')
n_bad=$(awk -F '\t' '$2 == "violation"' "$models" | wc -l | tr -d ' ')

# summary: per configuration, over the models in the corpus (SPIN's DFS
# runs them): verdicts that agree with SPIN's, disagree, are incomplete
# where SPIN decides; the geometric mean of states stored / min(SPIN BFS,
# SPIN DFS) over the models where the run and both SPIN searches decided;
# the models where the run stores more than twice SPIN BFS's states, over
# those where both decided and BFS agrees with SPIN's verdict (with
# rendezvous SPIN's BFS may miss an invalid end state)
summary() {
	echo "| configuration | decided (of $n_in) | violations found (of $n_bad) | agrees with SPIN | disagrees | incomplete where SPIN decides | failed | geo. mean states / min(SPIN BFS, DFS) | models compared | > 2x SPIN BFS |"
	echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
	awk -F '\t' 'NR == FNR { sv[$1] = $2; next }
	!(sv[$1] == "violation" || sv[$1] == "no-violation" || sv[$1] == "undecided") { next }
	{ if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 } v[$1, $2] = $3; st[$1, $2] = $4 }
	!($1 in mseen) { mseen[$1] = 1; ms[++nm] = $1 }
	function decided(x) { return x == "violation" || x == "no-violation" }
	END {
		for (i = 1; i <= n; i++) {
			c = order[i]; dec = agr = dis = inc = fl = viol = ls = nc = w2 = nw = 0
			for (j = 1; j <= nm; j++) {
				m = ms[j]; x = v[m, c]; s = sv[m]
				if (decided(x)) {
					dec++
					if (s == x) agr++; else if (s != "undecided") dis++
					if (x == "violation") viol++
				} else if (x == "error" || x == "killed") fl++
				else if (s != "undecided") inc++
				b = v[m, "SPIN BFS"]; d = v[m, "SPIN DFS"]
				if (decided(x) && decided(b) && decided(d) && st[m, c] > 0) {
					r = st[m, "SPIN BFS"] + 0; if (st[m, "SPIN DFS"] + 0 < r) r = st[m, "SPIN DFS"] + 0
					if (r > 0) { ls += log(st[m, c] / r); nc++ }
				}
				if (decided(x) && b == s && st[m, "SPIN BFS"] > 0) { nw++; if (st[m, c] > 2 * st[m, "SPIN BFS"]) w2++ }
			}
			printf "| %s | %d | %d | %s | %s | %s | %d | %s | %d | %s |\n", c, dec, viol,
				(c ~ /^SPIN/ ? "-" : agr), (c ~ /^SPIN/ ? "-" : dis), (c ~ /^SPIN/ ? "-" : inc), fl,
				(nc ? sprintf("%.3f", exp(ls / nc)) : "-"), nc, (c == "SPIN BFS" ? "-" : w2 " of " nw)
		}
	}' "$models" "$results"
}

# the default against SPIN: the models either SPIN search decides that the
# default does not, and the other way round
default_vs_spin() {
	awk -F '\t' 'NR == FNR { sv[$1] = $2; next }
	{ v[$1, $2] = $3 } !($1 in mseen) { mseen[$1] = 1; ms[++nm] = $1 }
	function decided(x) { return x == "violation" || x == "no-violation" }
	END {
		for (j = 1; j <= nm; j++) {
			m = ms[j]; sp = decided(v[m, "SPIN BFS"]) || decided(v[m, "SPIN DFS"]); de = decided(v[m, "default"])
			if (sv[m] == "refused" || sv[m] == "pan-error") continue
			if (sp) nsp++
			if (sp && de) both++
			if (sp && !de) lost = lost " `" m "`"
			if (!sp && de) won = won " `" m "`"
		}
		printf "- SPIN (BFS or DFS) decides %d models; the default decides %d of them.\n", nsp, both
		printf "- Decided by SPIN (BFS or DFS) but not by the default:%s\n", (lost == "" ? " none" : lost)
		printf "- Decided by the default but by neither SPIN search:%s\n", (won == "" ? " none" : won)
	}' "$models" "$results"
}

# one row per model: SPIN's verdict, then each run's verdict, states,
# trail and time
per_model() {
	awk -F '\t' 'NR == FNR { sv[$1] = $2; why[$1] = $3; mo[++nm] = $1; next }
	{ if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
	  short = ($3 == "violation" ? "viol" : ($3 == "no-violation" ? "ok" : $3))
	  c = short; if ($4 != "-") c = c " " $4; if ($5 != "-") c = c " /" $5; if ($6 != "-") c = c " " sprintf("%.2f", $6) "s"
	  if ($7 ~ /REPLAY|EXIT/) c = c " **" $7 "**"
	  if ($2 !~ /^SPIN/ && ($3 == "violation" || $3 == "no-violation") && (sv[$1] == "violation" || sv[$1] == "no-violation") && $3 != sv[$1]) c = c " **WRONG**"
	  cell[$1, $2] = c; if ($2 == "SPIN DFS" && $3 == "violation") kind[$1] = $7 }
	END {
		printf "| model | SPIN verdict |"; for (i = 1; i <= n; i++) { h = order[i]; sub(/^--search greedy --heuristic /, "greedy ", h); printf " %s |", h }; printf "\n"
		printf "|---|---|"; for (i = 1; i <= n; i++) printf "---|"; printf "\n"
		for (j = 1; j <= nm; j++) {
			m = mo[j]
			if (sv[m] == "refused") { printf "| %s | refused: %s |", m, why[m]; for (i = 1; i <= n; i++) printf " |"; printf "\n"; continue }
			s = sv[m]; if (m in kind) s = s " (" kind[m] ")"; if (why[m] != "-" && why[m] != "") s = s ", SPIN with " why[m]
			printf "| %s | %s |", m, s
			for (i = 1; i <= n; i++) printf " %s |", ((m, order[i]) in cell) ? cell[m, order[i]] : ""
			printf "\n"
		}
	}' "$models" "$results"
}

report() {
	echo "## Run"
	echo
	echo "- \`sh tests/bench/corpus.sh $dir $limit\`: $n_all files, $n_in in the corpus (spin -a and gcc accept them"
	echo "  and SPIN's DFS runs them), SPIN decides $n_dec ($n_bad with a violation)"
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(spin -V 2>&1 | head -n 1); $(gcc --version 2>&1 | head -n 1)"
	echo "- $(uname -srm), $(getconf _NPROCESSORS_ONLN 2> /dev/null || echo '?') cores shared with other jobs"
	echo "  (times are indicative), models run at once: $jobs; limit $limit s a run, --memlim/-DMEMLIM $memlim MB,"
	echo "  SPIN DFS -m$depth; load average $(cut -d ' ' -f 1-3 /proc/loadavg 2> /dev/null)"
	[ -n "${CORPUS_FROM:-}" ] && echo "- written from the kept results of a run (CORPUS_FROM)"
	[ -z "${CORPUS_FROM:-}" ] && echo "- whole run: $(( $(date +%s) - started )) s; load average at the start: $load_start"
	echo
	echo "## Summary"
	echo
	summary
	echo
	default_vs_spin
	echo
	echo "## Findings"
	echo
	if [ -s "$findings" ]; then cat "$findings"; else echo "No wrong verdict, no trail that fails to replay, no exit status that contradicts the verdict."; fi
	echo
	echo "## Per model"
	echo
	echo "Each cell: verdict (viol / ok / timeout / incomplete / error), states stored, /trail length, time."
	echo
	per_model
}
report > "$work/report.md"
cat "$work/report.md"
[ -n "${CORPUS_OUT:-}" ] && cp "$work/report.md" "$CORPUS_OUT"
exit 0
