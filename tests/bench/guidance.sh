#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# guidance.sh -- the guidance benchmark (issue 15, item 6): SPIN's own
# searches and a list of dmc configurations on a corpus of models with a
# safety violation that no heuristic was tuned for; run by `make bench`
# from the repository's top.
#
# Corpus: the entries of tests/bench/guidance.list (models the project
# wrote: contrib/corpus, contrib/models, the test suites' bad models, the
# UPPAAL families), plus every *.pml under $CORPUS_EXTRA when it is set
# (public models used for measuring, never committed; docs/corpus-
# sources.md lists where they come from).
#
# For every model:
#   - SPIN: one `spin [OPTS] -a`, compiled three times: BFS (-DBFS
#     -DNOREDUCE), DFS (-DNOREDUCE) and DFS with SPIN's default partial-
#     order reduction; each run bounded by the time limit;
#   - dmc: `dmc check MODEL --json --time-limit L CONFIG` for each
#     configuration (dmc's defaults otherwise: partial-order reduction on
#     unless the configuration says --no-por);
#   - every violation dmc reports is replayed with `spin -t`: all of the
#     trail's steps must replay, and an assertion (or LTL safety) violation
#     must show "assertion violated"; failures are bugs and are listed.
# Per model and configuration: verdict, states stored, time, trail length
# (the processes' steps, a never claim's own left out, as SPIN's BFS
# trails count them).  Per configuration: models solved within the limit,
# the geometric mean of states stored relative to the fewest any SPIN
# search stored on the same model (over models both solve), and of trail
# length relative to the shortest (SPIN BFS's when it finished).
#
# Environment:
#   BENCH_TIME_LIMIT          seconds per run (default 60)
#   BENCH_MEMLIM              megabytes per dmc run (default 2048)
#   BENCH_GUIDANCE_CONFIGS    dmc configurations separated by ';' (default
#                             below); each is a list of dmc check options
#   BENCH_GUIDANCE_LIST       the corpus list (default tests/bench/guidance.list)
#   BENCH_GUIDANCE_ONLY       a regular expression: only the models whose
#                             entry matches it
#   CORPUS_EXTRA              a directory of further models (*.pml, found
#                             recursively), e.g. /work/corpus-public
#   BENCH_GUIDANCE_OUT        the report (default docs/benchmarks-guidance.md)
#   BENCH_GUIDANCE_JOBS       models run at once (default 1; more makes the
#                             times less comparable, not the states)
#   BENCH_GUIDANCE_FROM       a copy of an earlier (possibly interrupted) run's
#                             scratch directory: write the report from the
#                             results it holds (results.tsv.*, models.tsv.*,
#                             bugs.txt.*) instead of running anything
e2e_name=bench-guidance
. "$(dirname "$0")/../e2e/lib.sh"

limit=${BENCH_TIME_LIMIT:-60}
memlim=${BENCH_MEMLIM:-2048}
list=${BENCH_GUIDANCE_LIST:-$top/tests/bench/guidance.list}
only=${BENCH_GUIDANCE_ONLY:-}
out=${BENCH_GUIDANCE_OUT:-$top/docs/benchmarks-guidance.md}
jobs=${BENCH_GUIDANCE_JOBS:-1}
default_configs="--preset fast;\
--preset short;\
--search greedy --heuristic hf;\
--search greedy --heuristic hf,none;\
--search greedy --heuristic hf,hU,dL,none;\
--search astar --heuristic none;\
--search greedy --heuristic hL;\
--search greedy --heuristic hf --tie g;\
--search greedy --heuristic hf --tie deep;\
--search greedy --heuristic hf --tie fifo;\
--search greedy --heuristic hf --tie lifo;\
--search greedy --heuristic hf --tie random"
configs=${BENCH_GUIDANCE_CONFIGS:-$default_configs}

die() { echo "bench-guidance: $*" >&2; exit 2; }
command -v spin > /dev/null 2>&1 || die "spin not found"
command -v gcc > /dev/null 2>&1 || die "gcc not found"
command -v timeout > /dev/null 2>&1 || die "timeout (coreutils) not found"
command -v jq > /dev/null 2>&1 || die "jq not found"
[ -x "$dmc" ] || die "spin-dmc is not built (./configure && make)"
[ -f "$list" ] || die "$list: no such file"

started=$(date +%s)
load_start=$(cut -d ' ' -f 1-3 /proc/loadavg 2> /dev/null)
results=$work/results.tsv	# model config verdict states time trail replay
models=$work/models.tsv		# model source kind pan-options
bugs=$work/bugs.txt		# replay failures and wrong verdicts, with commands

# pan_options MODEL: the model's "// pan-options: ..." line, if any
pan_options() { sed -n 's/^\/\/ *pan-options: *//p' "$1" | head -n 1; }

# (each model's lines carry its place in the corpus, $idx, so that the
# results of parallel jobs merge in the corpus's order)
record() { # model config verdict states time trail replay
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$idx" "$1" "$2" "${3:--}" "${4:--}" "${5:--}" "${6:--}" "${7:--}" >> "$results.$job"
}

# spin_run DIR BINARY LABEL PANOPTS: run one of SPIN's pans, record it
spin_run() {
	sr_d=$1; sr_bin=$2; sr_label=$3
	pan_run "$sr_d" "$sr_bin" "$limit" "$4"
	if [ $sr_rc = 124 ] || [ $sr_rc = 137 ]; then sr_v=timeout
	elif grep -q 'not supported in BFS\|VECTORSZ is too small' "$sr_o"; then sr_v=unsupported
	elif [ -z "$sr_errors" ]; then sr_v=error
	elif [ "$sr_errors" -gt 0 ]; then sr_v=violation
	elif grep -q 'max search depth too small' "$sr_o"; then sr_v=incomplete
	else sr_v=no-violation
	fi
	[ "$sr_v" = violation ] || sr_len=-
	record "$cur" "$sr_label" "$sr_v" "$sr_states" "$sr_t" "$sr_len" -
}

# dmc_run DIR MODEL LABEL SPINOPTS PANOPTS CONFIG: one dmc configuration,
# recorded with its trail's replay
dmc_run() {
	dr_d=$1; dr_m=$2; dr_label=$3; dr_sopts=$4; dr_popts=$5; dr_cfg=$6
	dr_tag=$dr_d/dmc.$(printf '%s' "$dr_cfg" | tr -c 'A-Za-z0-9,' '_')
	rm -f "$dr_d/$dr_m.trail"
	# shellcheck disable=SC2086
	(cd "$dr_d" && timeout $((limit + 120)) "$dmc" check "$dr_m" --json --time-limit "$limit" \
		--memlim "$memlim" ${dr_sopts:+--spin-opts="$dr_sopts"} $dr_cfg -- $dr_popts) \
		< /dev/null > "$dr_tag.out" 2> "$dr_tag.err"
	dr_rc=$?
	grep '^{' "$dr_tag.out" | tail -n 1 > "$dr_tag.json"
	if [ $dr_rc = 124 ] || [ $dr_rc = 137 ]; then
		record "$cur" "$dr_label" timeout; rm -f "$dr_d/$dr_m.trail"; return
	fi
	if [ ! -s "$dr_tag.json" ]; then
		record "$cur" "$dr_label" error
		echo "$idx - \`$cur\`, \`$dr_label\`: dmc failed (status $dr_rc): $(tail -n 2 "$dr_tag.err" | tr '\n' ' ')" >> "$bugs.$job"
		rm -f "$dr_d/$dr_m.trail"; return
	fi
	dr_v=$(json_str verdict "$dr_tag.json")
	if [ "$dr_v" = incomplete ]; then
		case $(json_str incomplete_reason "$dr_tag.json") in
		*time*) dr_v=timeout ;;
		*mem*) dr_v=memlim ;;
		esac
	fi
	dr_len=-; dr_replay=-
	if [ "$dr_v" = violation ]; then
		if [ -f "$dr_d/$dr_m.trail" ]; then
			dr_len=$(trail_system_steps "$dr_d/$dr_m.trail")
			dr_all=$(json_num trail_length "$dr_tag.json")
			# shellcheck disable=SC2086
			(cd "$dr_d" && timeout 120 spin -t $dr_sopts "$dr_m" < /dev/null > "$dr_tag.replay" 2>&1)
			dr_steps=$(sed -n 's/.*trail ends after \(-*[0-9]*\) steps.*/\1/p' "$dr_tag.replay" | head -n 1)
			# an error pan finds before the first step (an xs declaration
			# on a rendezvous channel) leaves SPIN's trail "-4:-4:-4", no
			# step; spin -t says "trail ends after -4 steps" (for SPIN's own
			# pan's trail as well)
			case $dr_all:$dr_steps in 0:-[0-9]*) dr_steps=0 ;; esac
			# the error of the trail left: the last "pan:N:" before pan's
			# last "wrote ... trail" (--anytime writes a shorter trail to a
			# later error, possibly of another kind), else pan:1
			dr_kind=$(cat "$dr_tag.out" "$dr_tag.err" | awk '
				/^pan:[0-9]+: / { last = $0; if (first == "") first = $0 }
				/^pan: wrote .*trail/ { kind = last }
				END { print (kind != "" ? kind : first) }' | sed 's/^pan:[0-9]*: //')
			dr_replay=ok
			if [ "$dr_steps" != "$dr_all" ]; then
				dr_replay=FAIL
				dr_why="spin -t replayed '$dr_steps' of $dr_all steps"
			else
				case $dr_kind in
				*"assertion violated"*)
					grep -q 'assertion violated' "$dr_tag.replay" \
						|| { dr_replay=FAIL; dr_why="the replay shows no assertion violation"; } ;;
				esac
			fi
			if [ $dr_replay = FAIL ]; then
				echo "$idx - \`$cur\`, \`$dr_label\`: trail does not replay ($dr_why; pan said: $dr_kind). Reproduce: \`dmc check $dr_m ${dr_sopts:+--spin-opts=\"$dr_sopts\" }$dr_cfg && spin -t $dr_sopts $dr_m\`" >> "$bugs.$job"
			fi
		else
			dr_replay=FAIL
			echo "$idx - \`$cur\`, \`$dr_label\`: violation without a trail file" >> "$bugs.$job"
		fi
	fi
	rm -f "$dr_d/$dr_m.trail"
	record "$cur" "$dr_label" "$dr_v" "$(json_num states_stored "$dr_tag.json")" \
		"$(json_num time_s "$dr_tag.json")" "$dr_len" "$dr_replay"
}

# bench_model SRC SPINOPTS SOURCE: every run on one model
bench_model() {
	bm_src=$1; bm_sopts=$2; bm_from=$3
	bm_m=$(basename "$bm_src")
	cur=$(basename "$bm_src" .pml)${bm_sopts:+ $bm_sopts}
	bm_d=$work/m$idx
	stage_model "$bm_src" "$bm_d"
	bm_popts=$(pan_options "$bm_src")
	echo "bench-guidance: $cur" >&2
	# shellcheck disable=SC2086
	if (cd "$bm_d" && spin $bm_sopts -a "$bm_m" < /dev/null > spin.out 2>&1 \
	    && gcc -O2 -w -DNOREDUCE -DBFS -o pan_bfs pan.c \
	    && gcc -O2 -w -DNOREDUCE -o pan_dfs pan.c \
	    && gcc -O2 -w -o pan_por pan.c); then
		spin_run "$bm_d" pan_bfs "SPIN BFS" "$bm_popts"
		bm_kind=$(grep -m1 '^pan:1:' "$bm_d/pan_bfs.out" | sed 's/^pan:1: \(.*\) (at depth.*/\1/')
		spin_run "$bm_d" pan_dfs "SPIN DFS" "-m1000000 $bm_popts"
		[ -n "$bm_kind" ] || bm_kind=$(grep -m1 '^pan:1:' "$bm_d/pan_dfs.out" | sed 's/^pan:1: \(.*\) (at depth.*/\1/')
		spin_run "$bm_d" pan_por "SPIN DFS+POR" "-m1000000 $bm_popts"
	else
		bm_kind=-
		for l in "SPIN BFS" "SPIN DFS" "SPIN DFS+POR"; do record "$cur" "$l" error; done
		echo "bench-guidance: $cur: spin -a or gcc failed: $(tail -n 2 "$bm_d/spin.out")" >&2
	fi
	printf '%s\t%s\t%s\t%s\t%s\n' "$idx" "$cur" "$bm_from" "${bm_kind:--}" "$bm_popts" >> "$models.$job"
	echo "$configs" | tr ';' '\n' | while IFS= read -r bm_cfg; do
		bm_cfg=$(echo "$bm_cfg" | sed 's/^ *//; s/ *$//')
		[ -n "$bm_cfg" ] || continue
		dmc_run "$bm_d" "$bm_m" "$bm_cfg" "$bm_sopts" "$bm_popts" "$bm_cfg"
	done
}

# the corpus: list entries, then $CORPUS_EXTRA
entries=$work/entries
grep -v '^#' "$list" | grep -v '^ *$' > "$entries"
if [ -n "${CORPUS_EXTRA:-}" ]; then
	[ -d "$CORPUS_EXTRA" ] || die "CORPUS_EXTRA=$CORPUS_EXTRA: not a directory"
	find "$CORPUS_EXTRA" -name '*.pml' | sort >> "$entries"
fi
[ -n "$only" ] && { grep -E -e "$only" "$entries" > "$entries.only"; mv "$entries.only" "$entries"; }
mkdir -p "$work/uppaal"
# run_job K: the corpus entries whose place modulo $jobs is K
run_job() {
job=$1
: > "$results.$job"; : > "$models.$job"; : > "$bugs.$job"
idx=0
while read -r e_path e_opts; do
	idx=$((idx + 1))
	[ $((idx % jobs)) = "$job" ] || continue
	case $e_path in /*) e_src=$e_path; e_from="CORPUS_EXTRA: ${e_path#"$CORPUS_EXTRA"/}" ;;
	*) e_src=$top/$e_path; e_from=$e_path ;; esac
	[ -f "$e_src" ] || { echo "bench-guidance: $e_src: no such file" >&2; continue; }
	case $e_src in
	*.xta|*.xml)
		e_name=$(basename "$e_src" | sed 's/\.[^.]*$//')
		if ! "$dmc" translate "$e_src" --query "${e_src%.*}.q" -o "$work/uppaal/$e_name.pml" 2> /dev/null; then
			echo "bench-guidance: $e_src: cannot translate" >&2; continue
		fi
		e_src=$work/uppaal/$e_name.pml; e_opts="-o3${e_opts:+ $e_opts}" ;;
	esac
	bench_model "$e_src" "${e_opts:-}" "$e_from"
done < "$entries"
}
if [ -n "${BENCH_GUIDANCE_FROM:-}" ]; then
	for f in "$BENCH_GUIDANCE_FROM"/results.tsv.* "$BENCH_GUIDANCE_FROM"/models.tsv.* "$BENCH_GUIDANCE_FROM"/bugs.txt.*; do
		[ -f "$f" ] && cp "$f" "$work/"
	done
	# a model interrupted before all its runs were recorded is left out
	nruns=$(( 3 + $(echo "$configs" | tr ';' '\n' | grep -c '[^ ]') ))
	for r in "$work"/results.tsv.*; do
		k=${r##*.}
		awk -F '\t' -v n="$nruns" '{ c[$1]++ } END { for (i in c) if (c[i] == n) print i }' "$r" > "$work/complete.$k"
		for f in "$r" "$work/models.tsv.$k"; do
			awk -F '\t' 'NR == FNR { ok[$1] = 1; next } ($1 in ok)' "$work/complete.$k" "$f" > "$f.x" && mv "$f.x" "$f"
		done
		awk 'NR == FNR { ok[$1] = 1; next } ($1 in ok)' "$work/complete.$k" "$work/bugs.txt.$k" > "$work/b.x" \
			&& mv "$work/b.x" "$work/bugs.txt.$k"
	done
else
	k=0
	while [ $k -lt "$jobs" ]; do run_job $k & k=$((k + 1)); done
	wait
fi
# merged in the corpus's order, without the places
sort -s -n -k1,1 "$results".* | cut -f 2- > "$results"
sort -s -n -k1,1 "$models".* | cut -f 2- > "$models"
sort -s -n -k1,1 "$bugs".* | cut -d ' ' -f 2- > "$bugs"


# ---- the report ----

# per model, the reference: fewest states any SPIN search stored with a
# violation, and the shortest trail (SPIN BFS's when it found one,
# otherwise the shortest any run found); SPIN's verdict: violation when one
# of its searches found one, no-violation when one completed without
awk -F '\t' '
$2 ~ /^SPIN/ {
	if ($3 == "violation") {
		sv[$1] = "violation"
		if (!($1 in ref) || $4 + 0 < ref[$1]) ref[$1] = $4 + 0
		if ($2 == "SPIN BFS") bfslen[$1] = $6
	} else if ($3 == "no-violation" && sv[$1] != "violation") sv[$1] = "no-violation"
}
$3 == "violation" && $6 != "-" && $6 > 0 { if (!($1 in short) || $6 + 0 < short[$1]) short[$1] = $6 + 0 }
END {
	for (m in sv) {
		s = (m in bfslen) ? bfslen[m] : ((m in short) ? short[m] : "-")
		printf "%s\t%s\t%s\t%s\n", m, sv[m], ((m in ref) ? ref[m] : "-"), s
	}
}' "$results" > "$work/ref.tsv"

# wrong verdicts: a dmc violation where a complete SPIN search found none,
# or a complete dmc search without one where SPIN found one
awk -F '\t' 'NR == FNR { sv[$1] = $2; next }
$2 !~ /^SPIN/ && (($3 == "violation" && sv[$1] == "no-violation") || ($3 == "no-violation" && sv[$1] == "violation")) {
	printf "- `%s`, `%s`: dmc says %s, SPIN %s\n", $1, $2, $3, sv[$1]
}' "$work/ref.tsv" "$results" >> "$bugs"

# the summary: one line per configuration, in the order of the runs
summary() {
	echo "| configuration | solved (of $nmodels) | geo. mean states / min SPIN | models compared | geo. mean trail / shortest | worse than 2x min SPIN | replay failures |"
	echo "|---|--:|--:|--:|--:|--:|--:|"
	awk -F '\t' 'NR == FNR { ref[$1] = $3; short[$1] = $4; next }
	!($2 in seen) { seen[$2] = 1; order[++n] = $2 }
	$3 == "violation" {
		solved[$2]++
		if (ref[$1] != "-" && ref[$1] > 0 && $4 > 0) { ls[$2] += log($4 / ref[$1]); ns[$2]++; if ($4 > 2 * ref[$1]) worse[$2]++ }
		if (short[$1] != "-" && short[$1] > 0 && $6 != "-" && $6 > 0) { lt[$2] += log($6 / short[$1]); nt[$2]++ }
		if ($7 == "FAIL") rf[$2]++
	}
	END {
		for (i = 1; i <= n; i++) {
			c = order[i]
			printf "| %s | %d | %s | %d | %s | %d | %d |\n", c, solved[c] + 0,
				(ns[c] ? sprintf("%.3f", exp(ls[c] / ns[c])) : "-"), ns[c] + 0,
				(nt[c] ? sprintf("%.2f", exp(lt[c] / nt[c])) : "-"), worse[c] + 0, rf[c] + 0
		}
	}' "$work/ref.tsv" "$results"
}

# per model: one table row per model, one column per configuration (states)
per_model() { # FIELD TITLE
	pm_f=$1
	awk -F '\t' -v f="$pm_f" '
	!($2 in seen) { seen[$2] = 1; order[++n] = $2 }
	!($1 in mseen) { mseen[$1] = 1; morder[++nm] = $1 }
	{ v = $3; if ($3 == "violation") v = $f; else if ($3 == "no-violation") v = "no-viol."; if ($7 == "FAIL") v = v " (REPLAY FAILS)"; cell[$1, $2] = v }
	END {
		printf "| model |"; for (i = 1; i <= n; i++) printf " %d |", i; printf "\n"
		printf "|---|"; for (i = 1; i <= n; i++) printf "--:|"; printf "\n"
		for (j = 1; j <= nm; j++) {
			m = morder[j]; printf "| %s |", m
			for (i = 1; i <= n; i++) printf " %s |", cell[m, order[i]]
			printf "\n"
		}
	}' "$results"
}

config_key() {
	awk -F '\t' '!($2 in seen) { seen[$2] = 1; printf "%d. `%s`\n", ++n, $2 }' "$results"
}

nmodels=$(wc -l < "$models" | tr -d ' ')
cpu=$(sed -n 's/^model name[ \t]*: *//p' /proc/cpuinfo 2> /dev/null | head -n 1)
cores=$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo "?")
memkb=$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo 2> /dev/null)
mem=$(awk -v k="${memkb:-0}" 'BEGIN { printf "%.1f GB", k / 1048576 }')
tmp_out=$work/report.md
{
	echo "# Guidance benchmark"
	echo
	echo "Generated by \`sh tests/bench/guidance.sh\` (part of \`make bench\`); do not edit"
	echo "by hand.  Issue 15, item 6: a corpus of models with a safety violation that no"
	echo "heuristic was tuned for, SPIN's searches and dmc configurations on each."
	echo
	echo "## Machine"
	echo
	echo "- system: $(uname -srm); CPU: ${cpu:-?}; cores: $cores (shared with other jobs"
	echo "  while this ran: times are indicative); memory: $mem"
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(spin -V 2>&1 | head -n 1); $(gcc --version 2>&1 | head -n 1)"
	echo "- time limit per run: $limit s (SPIN: \`timeout\`; dmc: \`--time-limit\`), dmc \`--memlim $memlim\`;"
	echo "  models run at once: $jobs; load average when the report was written: $(cut -d ' ' -f 1-3 /proc/loadavg 2> /dev/null)"
	echo "- corpus: \`$(echo "$list" | sed "s|^$top/||")\`${CORPUS_EXTRA:+ and \`CORPUS_EXTRA=$CORPUS_EXTRA\`} ($nmodels models)"
	if [ -n "${BENCH_GUIDANCE_FROM:-}" ]; then
		echo "- written from the recorded results of a run (\`BENCH_GUIDANCE_FROM\`): models"
		echo "  whose runs were not all recorded when it stopped are left out"
	else
		echo "  whole run: $(( $(date +%s) - started )) s; load average at the start: $load_start"
	fi
	echo
	echo "## Method"
	echo
	echo "For each model one \`spin [OPTS] -a\`, compiled three times with \`gcc -O2\`:"
	echo "**SPIN BFS** (\`-DBFS -DNOREDUCE\`), **SPIN DFS** (\`-DNOREDUCE\`, \`-m1000000\`) and"
	echo "**SPIN DFS+POR** (pan's defaults: partial-order reduction on, \`-m1000000\`)."
	echo "The dmc configurations run \`dmc check MODEL --json --time-limit $limit CONFIG\`"
	echo "with dmc's other defaults (partial-order reduction on unless CONFIG says"
	echo "\`--no-por\`).  A model's \`// pan-options:\` line goes to every pan."
	echo
	echo "- **solved**: the run reported the violation within the limit."
	echo "- **geo. mean states / min SPIN**: geometric mean, over the models both"
	echo "  solve, of states stored divided by the fewest states any of the three SPIN"
	echo "  searches stored when it found the violation (below 1: fewer than SPIN)."
	echo "- **geo. mean trail / shortest**: trail length (the processes' steps; a"
	echo "  never claim's own steps are left out, as SPIN's BFS trails do) divided by"
	echo "  SPIN BFS's trail when BFS found the violation, else by the shortest trail"
	echo "  any run found; a trail file without a step is left out."
	echo "- **worse than 2x min SPIN**: solved models where the run stored more than"
	echo "  twice the states of the best SPIN search."
	echo "- **replay failures**: violations whose trail \`spin -t\` does not replay"
	echo "  (every step, and \"assertion violated\" for an assertion or LTL safety"
	echo "  violation).  Each is a bug, listed under Findings."
	echo
	echo "## Summary"
	echo
	summary
	echo
	echo "## Findings"
	echo
	if [ -s "$bugs" ]; then cat "$bugs"; else echo "No wrong verdict, no trail that fails to replay."; fi
	echo
	echo "## Per model"
	echo
	echo "Configurations (columns):"
	echo
	config_key
	echo
	echo "### States stored (or the verdict when not a violation)"
	echo
	per_model 4
	echo
	echo "### Trail length"
	echo
	per_model 6
	echo
	echo "### Search time (s)"
	echo
	per_model 5
	echo
	echo "## Corpus"
	echo
	echo "| model | source | SPIN's verdict | error (SPIN's pan) | states (fewest, SPIN) | shortest trail |"
	echo "|---|---|---|---|--:|--:|"
	awk -F '\t' 'NR == FNR { sv[$1] = $2; ref[$1] = $3; sh[$1] = $4; next }
	{ printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, sv[$1], $3, ref[$1], sh[$1] }' "$work/ref.tsv" "$models"
	echo
	echo "Models written for spin-dmc are committed (contrib/corpus, contrib/models,"
	echo "tests/models); public models (\`CORPUS_EXTRA\`) are not, see"
	echo "docs/corpus-sources.md for where each comes from."
	echo
	echo "## Raw results"
	echo
	echo "model, configuration, verdict, states stored, time (s), trail, replay:"
	echo
	echo '```'
	cat "$results"
	echo '```'
} > "$tmp_out"

echo
summary
echo
[ -s "$bugs" ] && { echo "Findings:"; cat "$bugs"; }
mkdir -p "$(dirname "$out")"
cp "$tmp_out" "$out" && echo "bench-guidance: wrote $out" >&2
exit 0
