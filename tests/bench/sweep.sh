#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# sweep.sh -- every configuration of `make bench` and the default against
# SPIN on a directory of public Promela models, each of a model's `ltl`
# formulas on its own (issue 37: "every answer means what it says").
# Public models are never committed: `make bench SWEEP_DIR=DIR` runs this
# on DIR, docs/corpus-sources.md says where the swept models came from.
#
#   sh tests/bench/sweep.sh DIR [LIMIT]
#
# For every *.pml and *.prom below DIR (LIMIT seconds per run, default 10;
# the files a model #includes are taken from beside it) the properties:
#   - "safety": SPIN's `spin -search` without -a: one `spin -a`,
#     `gcc -O2 -DMEMLIM`, `./pan -mDEPTH` (depth-first, partial-order
#     reduction on: pan's defaults; assertions and invalid end states, or
#     the first never claim's safety part when the model has claims);
#   - one per `ltl` formula NAME: `./pan -a -N NAME -mDEPTH`; an unnamed
#     never claim beside them (pan's never_0, which -N cannot select) where
#     it is pan's default claim: `./pan -a -mDEPTH`, and dmc's `-a`;
#   - "-a", for a model without ltl formulas but with accept labels (a
#     never claim's or a process's): `./pan -a -mDEPTH`.
# pan's own advice when its reduction does not apply (a claim that polls
# an xr/xs channel) is followed: that pan is built again -DNOREDUCE.
# Then dmc, `dmc check MODEL --json --time-limit LIMIT --memlim MEMLIM`:
#   - the safety property with every configuration tests/bench/run.sh
#     (`make bench`) runs: its CONFIGS list (search/heuristic, with
#     --no-por), A* and greedy hf with partial-order reduction ("+POR"),
#     greedy/deadlock --target deadlock where SPIN reports an invalid end
#     state;
#   - each ltl formula (or -a) with the nested DFS's guides of
#     tests/bench/liveness.sh (`--ltl NAME --guide G`);
#   - the default, `dmc check MODEL` with no option, once per model.  Its
#     JSON objects are matched to the properties: an object that names a
#     formula (SWEEP_FORMULA_JQ) answers that formula, another liveness
#     search answers -a (or the model's only formula), a safety search the
#     safety property; with several objects the exit status must be 1
#     when one is violated, else 3 when one is not complete, else 0.
#     A formula the default does not answer (today's default checks
#     safety only) is checked by `dmc check MODEL --ltl NAME` (or -a),
#     shown as "default --ltl".
# A verdict is compared only where both searches are complete (SPIN's and
# dmc's: violation or no-violation); a different verdict is a finding.
# Every violation dmc reports is replayed with `spin -t -k TRAIL` (the
# results' trail_file): every step must replay and the replay must show
# the error the results name (an assertion violation, the start of an
# acceptance cycle).  dmc's exit status must match its verdict (0, 1, 3).
#
# Output: a markdown report on standard output (the findings, then a
# table a property kind: model, property, SPIN's verdict, each
# configuration's verdict/states stored/trail steps, and whether every
# trail of the row replays), and a summary line: runs, complete (both
# searches complete), disagreements, replay failures.
# Environment:
#   SWEEP_OUT          also write the report to this file
#   SWEEP_CONFIGS      the safety configurations, separated by blanks: run.sh's
#                      search/heuristic words, "X/Y+POR" (with reduction),
#                      greedy/deadlock, and "default" (default: default, run.sh's
#                      CONFIGS, astar/none+POR greedy/hf+POR greedy/deadlock)
#   SWEEP_LIVE_CONFIGS the ltl/-a configurations: default and liveness.sh's
#                      guides fsm, hamming, none, fsm-stack, fsm-nopor (default:
#                      all of them)
#   SWEEP_LTL_SAFETY   SPIN's safety property of a model with ltl formulas:
#                      "claim" (pan without -a: its first claim's safety part,
#                      what dmc check without -a searches today), "noclaim"
#                      (pan -DNOCLAIM: assertions and invalid end states), or
#                      "skip" (no safety row for them); default claim
#   SWEEP_FORMULA_JQ   the jq expression naming the formula a JSON object of the
#                      default run answers (default: .query.name // .checked.claim
#                      // empty); a liveness answer without a formula's name is
#                      the -a property's, or the only formula's
#   SWEEP_MEMLIM       megabytes for pan and dmc (default 2048)
#   SWEEP_DEPTH        SPIN's -m (default 1000000)
#   SWEEP_KEEP         a directory keeping the raw results (results.tsv,
#                      props.tsv, findings.txt), written as the run goes
#   SWEEP_FROM         SWEEP_KEEP directories of earlier (possibly stopped or
#                      partial) runs, separated by blanks: write the report from
#                      their results together, run nothing
e2e_name=bench-sweep
. "$(dirname "$0")/../e2e/lib.sh"

die() { echo "bench-sweep: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: sh tests/bench/sweep.sh DIR [LIMIT]"
dir=${1%/}
limit=${2:-10}
[ -n "${SWEEP_FROM:-}" ] || [ -d "$dir" ] || die "$dir: not a directory"
memlim=${SWEEP_MEMLIM:-2048}
depth=${SWEEP_DEPTH:-1000000}
ltl_safety=${SWEEP_LTL_SAFETY:-claim}
formula_jq=${SWEEP_FORMULA_JQ:-'.query.name // .checked.claim // empty'}
# run.sh's configurations, read from it: one list for both
bench_configs=$(sed -n 's/^CONFIGS=\${BENCH_CONFIGS:-"\(.*\)"}$/\1/p' "$top/tests/bench/run.sh")
[ -n "$bench_configs" ] || die "tests/bench/run.sh: no CONFIGS line"
configs=${SWEEP_CONFIGS:-"default $bench_configs astar/none+POR greedy/hf+POR greedy/deadlock"}
live_configs=${SWEEP_LIVE_CONFIGS:-"default fsm hamming none fsm-stack fsm-nopor"}
command -v spin > /dev/null 2>&1 || die "spin not found"
command -v gcc > /dev/null 2>&1 || die "gcc not found"
command -v timeout > /dev/null 2>&1 || die "timeout (coreutils) not found"
command -v jq > /dev/null 2>&1 || die "jq not found"
[ -x "$dmc" ] || die "spin-dmc is not built (./configure && make)"

keep=${SWEEP_KEEP:-$work/keep}
# a report from kept results reads them, never writes over them
[ -n "${SWEEP_FROM:-}" ] && keep=$work/keep
mkdir -p "$keep"
results=$keep/results.tsv; props=$keep/props.tsv; findings=$keep/findings.txt
: > "$results"; : > "$props"; : > "$findings"
for f in ${SWEEP_FROM:-}; do
	[ -f "$f/props.tsv" ] || die "$f: no props.tsv (not a SWEEP_KEEP directory)"
	cat "$f/results.tsv" >> "$results"; cat "$f/props.tsv" >> "$props"; cat "$f/findings.txt" >> "$findings"
done
started=$(date +%s)
# SPIN's pans get the VECTORSZ dmc check compiles pan with (as run.sh's)
spin_cc="gcc -O2 -w -DMEMLIM=$memlim -DVECTORSZ=4096"

# record PROP CONFIG VERDICT STATES TRAIL TIME REPLAY NOTE: one run
record() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$cur" "$1" "$2" "${3:--}" "${4:--}" \
		"${5:--}" "${6:--}" "${7:--}" "${8:--}" >> "$results"
}
finding() { echo "- \`$cur\` $*" >> "$findings"; }

# an unnamed never claim beside ltl formulas (pan's never_0): pan's -N
# cannot select it, so it is a property only where it is pan's default
# claim (spin -a: "defaults to -N never_0"), searched by pan -a (set per
# model by sweep_model)
unnamed_default=
# pan_opts PROP: pan's options for a property
pan_opts() {
	case $1 in
	safety) echo "-m$depth" ;;
	-a) echo "-a -m$depth" ;;
	"ltl $unnamed_default") echo "-a -m$depth" ;;
	*) echo "-a -N ${1#ltl } -m$depth" ;;
	esac
}
# dmc_prop_opts PROP: dmc's options for a property
dmc_prop_opts() {
	case $1 in
	safety) echo "" ;;
	-a|"ltl $unnamed_default") printf '%s\n' -a ;;
	*) echo "--ltl ${1#ltl }" ;;
	esac
}

# oracle DIR MODEL PROP: SPIN's verdict of PROP, a line of props.tsv
# (model, property, verdict, states, trail, time, pan's error, -DNOREDUCE
# or "-", the verdict with reduction when it differs, else "-"); sets
# or_v and or_kind (pan's error).  Where pan says its reduction is invalid
# (a claim polls an xr/xs channel) SPIN's verdict is the -DNOREDUCE
# pan's, and its default pan's ("error, partial order reduction
# invalid") is kept for the dmc runs with reduction
oracle() {
	or_d=$1; or_bin=pan
	[ "$3" = safety ] && [ "$ltl_safety" = noclaim ] && [ -n "$formulas" ] && or_bin=pan_noclaim
	pan_run "$or_d" "$or_bin" "$limit" "$(pan_opts "$3")"
	or_red=-; or_por=-
	if grep -q 'partial order reduction invalid' "$sr_o"; then
		pan_verdict
		or_por=$pv_v
		[ -x "$or_d/${or_bin}_noreduce" ] || (cd "$or_d" && $spin_cc -DNOREDUCE -o "${or_bin}_noreduce" pan.c > /dev/null 2>&1)
		pan_run "$or_d" "${or_bin}_noreduce" "$limit" "$(pan_opts "$3")"
		or_red=-DNOREDUCE
	fi
	pan_verdict
	or_v=$pv_v; or_kind=$pv_note
	[ "$or_v" = violation ] || sr_len=-
	[ "$or_por" = "$or_v" ] && or_por=-
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$cur" "$3" "$or_v" "$sr_states" "$sr_len" "$sr_t" "$or_kind" "$or_red" "$or_por" >> "$props"
}

# verdict_of VERDICT: violation and no-violation, the rest incomplete
complete() { [ "$1" = violation ] || [ "$1" = no-violation ]; }

# judge DIR MODEL PROP LABEL JSON RC TAG: one dmc answer (a JSON object in
# the file JSON; RC the run's exit status, "-" for one of several
# objects) against SPIN's: the exit status, the verdict, the trail's replay
judge() {
	jd_d=$1; jd_m=$2; jd_p=$3; jd_l=$4; jd_j=$5; jd_rc=$6; jd_tag=$7
	jd_v=$(json_str verdict "$jd_j")
	jd_note=-; jd_rep=-; jd_len=-
	case $jd_v in
	violation) jd_want=1 ;;
	no-violation) jd_want=0 ;;
	incomplete) jd_want=3; jd_note=$(json_str incomplete_reason "$jd_j") ;;
	*) jd_want=2; jd_note=$(json_str message "$jd_j" | cut -c 1-120) ;;
	esac
	if [ "$jd_rc" != - ] && [ "$jd_rc" != "$jd_want" ]; then
		finding "$jd_p, \`$jd_l\`: verdict $jd_v but exit status $jd_rc (expected $jd_want)"
		jd_note="EXIT $jd_rc"
	fi
	# SPIN's verdict; with reduction, that of SPIN's pan with reduction
	sv=$(awk -F '\t' -v m="$cur" -v p="$jd_p" -v por="$(json_str por "$jd_j")" \
		'$1 == m && $2 == p { print ((por == "true" && $9 != "" && $9 != "-") ? $9 : $3) }' "$props")
	if complete "$jd_v" && complete "$sv" && [ "$jd_v" != "$sv" ]; then
		finding "$jd_p, \`$jd_l\`: dmc says $jd_v, SPIN $sv$( [ "$jd_v" = no-violation ] && echo ' (SOUNDNESS)')"
		jd_note="WRONG"
	fi
	if [ "$jd_v" = violation ]; then
		jd_kind=$(json_str error "$jd_j")
		jd_tf=$(json_str trail_file "$jd_j")
		[ -n "$jd_tf" ] || jd_tf=$jd_m.trail
		if [ ! -f "$jd_d/$jd_tf" ]; then
			finding "$jd_p, \`$jd_l\`: a violation without its trail file $jd_tf"
			jd_rep=FAILS
		else
			jd_len=$(trail_steps "$jd_d/$jd_tf")
			replay_why "$jd_d" "$jd_m" "$jd_tf" "$jd_kind" "$jd_tag.replay"
			if [ -n "$pv_why" ]; then
				finding "$jd_p, \`$jd_l\`: the trail does not replay ($pv_why; dmc: $jd_kind; \`cd $(dirname "$dir/$cur") && dmc check $jd_m $(cat "$jd_d/$jd_tag.cmd") && spin -t -p -k $jd_tf $jd_m\`)"
				jd_rep=FAILS
			else
				jd_rep=ok
			fi
		fi
	fi
	record "$jd_p" "$jd_l" "$jd_v" "$(json_num states_stored "$jd_j")" "$jd_len" \
		"$(json_num time_s "$jd_j")" "$jd_rep" "$jd_note"
}

# dmc_call DIR MODEL TAG OPTS...: one dmc check; its output in DIR/TAG.out
# (JSON objects only in TAG.json), the exit status in dc_rc
dmc_call() {
	dc_d=$1; dc_m=$2; dc_tag=$3; shift 3
	rm -f "$dc_d"/*.trail
	echo "--json --time-limit $limit --memlim $memlim $*" > "$dc_d/$dc_tag.cmd"
	# dmc stops itself at the limit; the wall clock is a safety net for
	# building pan and precomputing a heuristic
	(cd "$dc_d" && timeout $((limit * 4 + 120)) "$dmc" check "$dc_m" --json --time-limit "$limit" \
		--memlim "$memlim" "$@" < /dev/null > "$dc_tag.out" 2> "$dc_tag.err")
	dc_rc=$?
	jq -cR 'fromjson? | objects' "$dc_d/$dc_tag.out" > "$dc_d/$dc_tag.json" 2> /dev/null
}

# dmc_run DIR MODEL PROP LABEL OPTS...: one configuration on one property
dmc_run() {
	dr_d=$1; dr_m=$2; dr_p=$3; dr_l=$4; shift 4
	dr_tag=r$(echo "$dr_p-$dr_l" | tr -c 'A-Za-z0-9\n' '_')
	dmc_call "$dr_d" "$dr_m" "$dr_tag" "$@"
	if [ $dc_rc = 124 ] || [ $dc_rc = 137 ]; then
		record "$dr_p" "$dr_l" killed - - - - "no result after $((limit * 4 + 120)) s"
		finding "$dr_p, \`$dr_l\`: killed by the wall-clock limit"
		return
	fi
	tail -n 1 "$dr_d/$dr_tag.json" > "$dr_d/$dr_tag.last"
	if [ ! -s "$dr_d/$dr_tag.last" ] || [ -z "$(json_str verdict "$dr_d/$dr_tag.last")" ]; then
		record "$dr_p" "$dr_l" error - - - - "exit $dc_rc: $(tail -n 1 "$dr_d/$dr_tag.err" | cut -c 1-120)"
		finding "$dr_p, \`$dr_l\`: dmc failed (exit $dc_rc): $(tail -n 1 "$dr_d/$dr_tag.err" | cut -c 1-120)"
		return
	fi
	judge "$dr_d" "$dr_m" "$dr_p" "$dr_l" "$dr_d/$dr_tag.last" "$dc_rc" "$dr_tag"
	rm -f "$dr_d"/*.trail
}

# safety_opts CONFIG: dmc's options for one of run.sh's configurations
safety_opts() {
	case $1 in
	default) echo "" ;;
	greedy/deadlock) echo "--search greedy --heuristic deadlock --target deadlock --no-por" ;;
	*+POR) so_c=${1%+POR}; echo "--search ${so_c%/*} --heuristic ${so_c#*/} --por" ;;
	*/*) echo "--search ${1%/*} --heuristic ${1#*/} --no-por" ;;
	*) echo "bench-sweep: unknown configuration $1" >&2; echo "--unknown-config" ;;
	esac
}
# live_opts CONFIG: dmc's options for one of liveness.sh's guides
live_opts() {
	case $1 in
	fsm-stack) echo "--guide fsm -- --por-proviso stack" ;;
	fsm-nopor) echo "--guide fsm -- --no-por" ;;
	*) echo "--guide $1" ;;
	esac
}

# the_default DIR MODEL: dmc check MODEL with no option; each of its JSON
# objects answers the property it names (SWEEP_FORMULA_JQ), or -a / the
# safety property; a liveness property it leaves unanswered is checked
# with --ltl NAME (-a)
the_default() {
	df_d=$1; df_m=$2
	dmc_call "$df_d" "$df_m" default
	if [ $dc_rc = 124 ] || [ $dc_rc = 137 ]; then
		record safety default killed - - - - "no result"
		finding "\`default\`: killed by the wall-clock limit"
	fi
	df_n=$(wc -l < "$df_d/default.json" | tr -d ' ')
	# several objects, one per formula: the run's exit status is 1 when
	# one is violated, else 3 when one is not complete, else 0
	df_rc=$dc_rc
	if [ "$df_n" -gt 1 ]; then
		df_rc=-
		df_want=$(jq -rs 'if any(.[]; .verdict == "violation") then 1
			elif all(.[]; .verdict == "no-violation") then 0 else 3 end' "$df_d/default.json")
		[ "$dc_rc" = "$df_want" ] || finding "\`default\`: $df_n answers, exit status $dc_rc (expected $df_want)"
	fi
	df_k=0
	: > "$df_d/default.answered"
	while [ "$df_k" -lt "$df_n" ]; do
		df_k=$((df_k + 1))
		sed -n "${df_k}p" "$df_d/default.json" > "$df_d/default.$df_k.json"
		df_name=$(jq -r "$formula_jq" "$df_d/default.$df_k.json" 2> /dev/null | head -n 1)
		# a cycle search: the runtime's liveness member, or what SPIN's
		# pan checked (the portfolio's spin-dfs answer has no liveness)
		df_live=$(jq -r 'if .liveness != null or .checked.acceptance_cycles == true
			or .checked.non_progress_cycles == true then "yes" else empty end' "$df_d/default.$df_k.json" 2> /dev/null)
		if [ -n "$df_name" ] && grep -qxF -e "ltl $df_name" "$df_d/props"; then df_p="ltl $df_name"
		elif [ -z "$df_live" ]; then df_p=safety
		elif grep -qxF -e -a "$df_d/props"; then df_p=-a
		elif [ "$(grep -c '^ltl ' "$df_d/props")" = 1 ]; then df_p=$(grep '^ltl ' "$df_d/props")
		else df_p="ltl ${df_name:-?}"
		fi
		if ! grep -qxF -e "$df_p" "$df_d/props"; then
			if [ "$df_p" = safety ] && [ "$ltl_safety" = skip ]; then continue; fi
			finding "\`default\`: an answer for $df_p, which SPIN's run has not (object $df_k of $df_n)"
			continue
		fi
		echo "$df_p" >> "$df_d/default.answered"
		if [ -z "$(json_str verdict "$df_d/default.$df_k.json")" ]; then
			record "$df_p" default error - - - - "exit $dc_rc"
			continue
		fi
		judge "$df_d" "$df_m" "$df_p" default "$df_d/default.$df_k.json" "$df_rc" default
	done
	[ "$df_n" -gt 0 ] || { record safety default error - - - - "exit $dc_rc: $(tail -n 1 "$df_d/default.err" | cut -c 1-120)"
		finding "\`default\`: dmc failed (exit $dc_rc): $(tail -n 1 "$df_d/default.err" | cut -c 1-120)"; }
	rm -f "$df_d"/*.trail
	while read -r df_p; do
		[ "$df_p" = safety ] && continue
		grep -qxF -e "$df_p" "$df_d/default.answered" && continue
		# shellcheck disable=SC2046
		dmc_run "$df_d" "$df_m" "$df_p" "default --ltl" $(dmc_prop_opts "$df_p")
	done < "$df_d/props"
}

# sweep_model SRC: every run on one model
sweep_model() {
	sm_src=$1
	sm_m=$(basename "$sm_src")
	cur=${sm_src#"$dir"/}
	sm_d=$work/m$idx
	stage_model "$sm_src" "$sm_d"
	echo "bench-sweep: $cur" >&2
	if ! (cd "$sm_d" && spin -a "$sm_m" < /dev/null > spin.out 2>&1); then
		printf '%s\t%s\trefused\t-\t-\t-\t%s\t-\n' "$cur" - "spin -a: $(grep -m1 -i 'error\|expected\|syntax' "$sm_d/spin.out" | cut -c 1-120)" >> "$props"
		return
	fi
	formulas=$(sed -n 's/^ltl \([A-Za-z_][A-Za-z0-9_]*\): .*/\1/p' "$sm_d/spin.out")
	unnamed_default=$(sed -n 's/.*(defaults to -N \(never_[0-9]*\)).*/\1/p' "$sm_d/spin.out")
	[ -n "$formulas" ] && [ -n "$unnamed_default" ] && formulas="$formulas $unnamed_default"
	if ! (cd "$sm_d" && $spin_cc -o pan pan.c > cc.out 2>&1); then
		printf '%s\t%s\trefused\t-\t-\t-\t%s\t-\n' "$cur" - "gcc: $(grep -m1 'error' "$sm_d/cc.out" | cut -c 1-120)" >> "$props"
		return
	fi
	: > "$sm_d/props"
	if [ -z "$formulas" ] || [ "$ltl_safety" != skip ]; then echo safety >> "$sm_d/props"; fi
	if [ -n "$formulas" ]; then
		for f in $formulas; do echo "ltl $f" >> "$sm_d/props"; done
		if [ "$ltl_safety" = noclaim ]; then
			(cd "$sm_d" && $spin_cc -DNOCLAIM -o pan_noclaim pan.c >> cc.out 2>&1)
		fi
	elif awk '/^\tcase [0-9]+:\t\/\* / { proc = $4 } /^\t\tbreak;/ { proc = "" }
	    /accpstate\[[0-9]+\]\[[0-9]+\] = 1/ && proc != "np_" { f = 1 } END { exit !f }' "$sm_d/pan.c"; then
		# accept labels (pan.c marks them per process; SPIN's own
		# non-progress claim np_ has one)
		printf '%s\n' -a >> "$sm_d/props"
	fi
	while read -r p; do oracle "$sm_d" "$sm_m" "$p"; done < "$sm_d/props"
	case " $configs $live_configs " in *" default "*) the_default "$sm_d" "$sm_m" ;; esac
	sm_dead=0
	awk -F '\t' -v m="$cur" '$1 == m && $2 == "safety" && $7 ~ /invalid end state/ { f = 1 } END { exit !f }' "$props" && sm_dead=1
	if grep -qxF safety "$sm_d/props"; then
		for c in $configs; do
			[ "$c" = default ] && continue
			[ "$c" = greedy/deadlock ] && [ $sm_dead = 0 ] && continue
			# shellcheck disable=SC2046
			dmc_run "$sm_d" "$sm_m" safety "$c" $(safety_opts "$c")
		done
	fi
	while read -r p; do
		[ "$p" = safety ] && continue
		for c in $live_configs; do
			[ "$c" = default ] && continue
			# shellcheck disable=SC2046
			dmc_run "$sm_d" "$sm_m" "$p" "$c" $(dmc_prop_opts "$p") $(live_opts "$c")
		done
	done < "$sm_d/props"
	rm -f "$sm_d"/pan "$sm_d"/pan_* "$sm_d"/pan.?
}

if [ -n "${SWEEP_FROM:-}" ]; then
	cut -f 1 "$props" | uniq > "$work/models"
else
	find -L "$dir" \( -name '*.pml' -o -name '*.prom' \) -type f | sort > "$work/models"
fi
[ -s "$work/models" ] || die "$dir: no *.pml or *.prom file"
idx=0
[ -n "${SWEEP_FROM:-}" ] || while read -r src; do
	idx=$((idx + 1))
	sweep_model "$src"
done < "$work/models"

# ---- the report ----

# table KIND: one row per property of that kind (safety, or ltl and -a):
# SPIN's verdict, each configuration's cell, the replays
table() {
	awk -F '\t' -v kind="$1" -v order="$2" '
	function short(v) { return v == "violation" ? "viol" : (v == "no-violation" ? "ok" : v) }
	function mine(p) { return kind == "safety" ? p == "safety" : p != "safety" }
	BEGIN { n = split(order, cols, " ") }
	NR == FNR { if ($3 == "refused" || !mine($2)) next
		key = $1 SUBSEP $2; rows[++nr] = key; sv[key] = $3; skind[key] = $7; sst[key] = $4; red[key] = $8; porv[key] = $9; next }
	{ key = $1 SUBSEP $2; if (!mine($2)) next
	  c = $3
	  lab = c; if (c == "default --ltl") lab = "default"
	  x = short($4); if ($5 != "-") x = x " " $5; if ($6 != "-") x = x " /" $6
	  if ($9 ~ /WRONG|EXIT/) x = x " **" $9 "**"
	  if ($8 == "FAILS") x = x " **REPLAY-FAILS**"
	  if (c == "default --ltl") x = x " (--ltl)"
	  cell[key, lab] = x; ran[lab] = 1
	  if ($8 == "ok") rok[key]++; if ($8 == "FAILS") rbad[key]++ }
	END {
		# the configurations that ran, in the order given
		m = 0; for (i = 1; i <= n; i++) if (cols[i] in ran) cols[++m] = cols[i]; n = m
		printf "| model | property | SPIN |"; for (i = 1; i <= n; i++) printf " %s |", cols[i]; printf " replay |\n"
		printf "|---|---|---|"; for (i = 1; i <= n; i++) printf "---|"; printf "---|\n"
		for (j = 1; j <= nr; j++) {
			key = rows[j]; split(key, mp, SUBSEP)
			s = short(sv[key]); if (sst[key] != "-") s = s " " sst[key]
			if (skind[key] != "-" && sv[key] == "violation") s = s " (" skind[key] ")"
			if (red[key] != "-") s = s ", " red[key]
			if (porv[key] != "-" && porv[key] != "") s = s " (with reduction: " short(porv[key]) ")"
			printf "| %s | %s | %s |", mp[1], mp[2], s
			for (i = 1; i <= n; i++) printf " %s |", ((key, cols[i]) in cell) ? cell[key, cols[i]] : ""
			r = "-"; if (rbad[key]) r = "**" rbad[key] " FAIL**"; else if (rok[key]) r = "ok (" rok[key] ")"
			printf " %s |\n", r
		}
	}' "$props" "$results"
}

n_models=$(wc -l < "$work/models" | tr -d ' ')
n_refused=$(awk -F '\t' '$3 == "refused"' "$props" | wc -l | tr -d ' ')
n_props=$(awk -F '\t' '$3 != "refused"' "$props" | wc -l | tr -d ' ')
n_ltl=$(awk -F '\t' '$2 ~ /^ltl / || $2 == "-a"' "$props" | wc -l | tr -d ' ')
summary=$(awk -F '\t' 'NR == FNR { sv[$1 SUBSEP $2] = $3; next }
	function complete(v) { return v == "violation" || v == "no-violation" }
	{ runs++; s = sv[$1 SUBSEP $2]; if (complete($4) && complete(s)) both++; if ($9 == "WRONG") dis++
	  if ($8 == "FAILS") rf++; if ($8 == "ok") ro++ }
	END { printf "runs %d, complete %d (both SPIN and dmc), disagreements %d, trails replayed %d, replay failures %d\n",
		runs, both, dis, ro, rf }' "$props" "$results")

report() {
	echo "## Run"
	echo
	echo "- \`sh tests/bench/sweep.sh $dir $limit\`: $n_models files, $n_refused refused by spin -a or gcc;"
	echo "  $n_props properties ($n_ltl ltl formulas or -a)"
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(spin -V 2>&1 | head -n 1); dmc $("$dmc" --version 2>&1 | head -n 1)"
	echo "- $(uname -srm), $(getconf _NPROCESSORS_ONLN 2> /dev/null || echo '?') cores shared with other jobs;"
	echo "  limit $limit s a run, --memlim/-DMEMLIM $memlim MB, SPIN -m$depth; safety of models with ltl: $ltl_safety;"
	if [ -n "${SWEEP_FROM:-}" ]; then echo "  written from the kept results of: $SWEEP_FROM (SWEEP_FROM)"
	else echo "  whole run $(( $(date +%s) - started )) s, load average $(cut -d ' ' -f 1-3 /proc/loadavg 2> /dev/null)"; fi
	echo "- safety configurations: $configs"
	echo "- ltl/-a configurations: $live_configs"
	echo
	echo "**Summary:** $summary"
	echo
	echo "## Findings"
	echo
	if [ -s "$findings" ]; then cat "$findings"; else echo "No disagreement, no trail that fails to replay, no exit status that contradicts the verdict."; fi
	echo
	echo "## Safety (assertions, invalid end states)"
	echo
	echo "Each cell: verdict (viol / ok / incomplete / timeout / error), states stored, /trail steps;"
	echo "SPIN's cell: its verdict, states stored and error."
	echo
	table safety "$configs"
	echo
	echo "## ltl formulas and accept labels (pan -a [-N NAME])"
	echo
	echo "\"default\" is the default run's answer for the formula, or, marked (--ltl), \`dmc check MODEL --ltl NAME\`'s."
	echo
	table live "$live_configs"
	echo
	echo "$summary"
}
report > "$work/report.md"
cat "$work/report.md"
[ -n "${SWEEP_OUT:-}" ] && cp "$work/report.md" "$SWEEP_OUT"
exit 0
