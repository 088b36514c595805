#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# default.sh -- dmc's default, `dmc check MODEL` with no option, against
# SPIN's own searches on a directory of public Promela models: wall time,
# processor time, states stored and trail steps side by side, and issue
# 38's goals ("never slower than SPIN") measured.  Public models are never
# committed: `make bench DEFAULT_DIR=DIR` runs this on DIR.
#
#   sh tests/bench/default.sh DIR [LIMIT]
#
# For every *.pml and *.prom below DIR (LIMIT seconds a run, default 60;
# the files a model #includes are taken from beside it), one at a time:
#   - SPIN: one `spin -a`, pan.c compiled three times with
#     `gcc -O2 -w -DVECTORSZ=4096 -DMEMLIM=MB`: SPIN DFS+POR (pan's defaults: depth
#     first, partial-order reduction), SPIN DFS (-DNOREDUCE) and SPIN BFS
#     (-DNOREDUCE -DBFS); each pan run `./pan -mDEPTH` (pan's own -m10000
#     cuts searches short) under `timeout LIMIT`.  Where pan says its
#     reduction is invalid because a never claim polls an xr/xs channel,
#     SPIN DFS+POR is the -DNOREDUCE build (a process breaking its own
#     xr/xs declaration is pan's error, kept), as tests/bench/sweep.sh does.  Measured
#     with /usr/bin/time: the pan run only (compilation excluded), its
#     wall and CPU (user + system) seconds and peak RSS; from pan's output
#     the verdict and states stored, from its trail the steps (the never
#     claim's own steps left out, as lib.sh's trail_system_steps).  The
#     first run, `spin -a && gcc && ./pan` (DFS+POR), is timed as a whole.
#   - dmc: `dmc check MODEL --json` and no other option (DEFAULT_DMC_OPTS
#     adds some), under `timeout LIMIT+DEFAULT_BUILD_S`: once with an empty
#     cache for the model (a new DMC_CACHE entry: the first run, timed as a
#     whole), then DEFAULT_WARM runs more with that cache (SPIN's pan's
#     recorded proofs removed before each: driver/spin_proofs.h), the one of
#     least wall time kept: its /usr/bin/time wall and CPU (children
#     included), and from its JSON the verdict, states_stored,
#     trail_length, time_s and, when present, `portfolio` (answered_by,
#     trail_from, wall_s, members.*.wall_s; docs/json.md).  dmc's search
#     wall (compilation excluded) is portfolio.wall_s, else time_s; its
#     time to the first counterexample is the least wall_s of the members
#     that report a violation, else time_s.
#   - /proc/loadavg before and after each model.
# A model whose default answers with several JSON objects (one per ltl
# formula) or with a liveness search (an ltl formula or accept labels) is
# listed but not compared: SPIN's pan without -a checks safety only.
# Where SPIN DFS+POR and dmc are both complete, their verdicts must agree;
# a disagreement is a finding, listed first.
#
# Output: a markdown report on standard output and in DEFAULT_OUT: the
# run, the findings, a table of correct models (SPIN DFS+POR complete, no
# violation), one of buggy models (SPIN DFS+POR found a violation), one of
# the rest, and the summary against issue 38's goals.
# Environment:
#   DEFAULT_OUT       also write the report to this file (default
#                     docs/benchmarks-default.md; empty: standard output only)
#   DEFAULT_DMC_OPTS  options added to every dmc check (default none), e.g.
#                     "--portfolio on" or "--portfolio off"
#   DEFAULT_DEPTH     SPIN's -m (default 1000000)
#   DEFAULT_MEMLIM    megabytes for SPIN's pans (-DMEMLIM; default 90% of the
#                     memory available at the start, the bound dmc check
#                     sets itself without --memlim): a pan that would outgrow
#                     the machine stops ("oom") instead of being killed
#   DEFAULT_WARM      warm dmc runs, the best kept (default 2)
#   DEFAULT_BUILD_S   seconds dmc's runs get beyond LIMIT for spin -a and
#                     the compiler (default 30)
#   DEFAULT_NOISE_S   the summary is given again for the models on which
#                     SPIN DFS+POR's search takes at least this long (pan's
#                     own elapsed time, start-up excluded; default 0.2)
#   DEFAULT_KEEP      a directory keeping the raw results (results.tsv,
#                     findings.txt), written as the run goes
#   DEFAULT_FROM      a DEFAULT_KEEP directory of an earlier (possibly
#                     stopped) run: write the report from it, run nothing
e2e_name=bench-default
. "$(dirname "$0")/../e2e/lib.sh"

die() { echo "bench-default: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: sh tests/bench/default.sh DIR [LIMIT]"
dir=${1%/}
limit=${2:-60}
[ -n "${DEFAULT_FROM:-}" ] || [ -d "$dir" ] || die "$dir: not a directory"
out_file=${DEFAULT_OUT-$top/docs/benchmarks-default.md}
dmc_opts=${DEFAULT_DMC_OPTS:-}
depth=${DEFAULT_DEPTH:-1000000}
warm=${DEFAULT_WARM:-2}
build_s=${DEFAULT_BUILD_S:-30}
noise=${DEFAULT_NOISE_S:-0.2}
for tool in spin gcc timeout jq /usr/bin/time; do
	command -v "$tool" > /dev/null 2>&1 || die "$tool not found"
done
[ -x "$dmc" ] || die "spin-dmc is not built (./configure && make)"

keep=${DEFAULT_KEEP:-$work/keep}
[ -n "${DEFAULT_FROM:-}" ] && keep=$DEFAULT_FROM
[ -n "${DEFAULT_FROM:-}" ] && { [ -f "$keep/results.tsv" ] || die "$keep: no results.tsv (not a DEFAULT_KEEP directory)"; }
mkdir -p "$keep"
results=$keep/results.tsv; findings=$keep/findings.txt
[ -n "${DEFAULT_FROM:-}" ] || { : > "$results"; : > "$findings"; }
memlim=${DEFAULT_MEMLIM:-$(awk '/^MemAvailable:/ { printf "%d", $2 * 0.9 / 1024 }' /proc/meminfo 2> /dev/null)}
spin_cc="gcc -O2 -w -DVECTORSZ=4096${memlim:+ -DMEMLIM=$memlim}"
started=$(date +%s)

load() { cut -d ' ' -f 1-3 /proc/loadavg 2> /dev/null | tr ' ' '/'; }

# timed_fields FILE: /usr/bin/time's last line (-f '%e %U %S %M': GNU
# time puts "Command exited with non-zero status N" before it) as
# "wall cpu rss_kb"
timed_fields() {
	tail -n 1 "$1" 2> /dev/null | awk 'NF == 4 { printf "%s %.2f %s\n", $1, $2 + $3, $4; next } { print "- - -" }'
}

# pan_timed DIR BINARY: one of SPIN's pans under timeout and /usr/bin/time;
# sets sr_rc, sr_o, sr_errors, sr_states, sr_len (lib.sh's pan_run's
# names, for pan_verdict) and sp_time ("wall cpu rss_kb")
pan_timed() {
	rm -f "$1"/*.trail
	(cd "$1" && /usr/bin/time -f '%e %U %S %M' -o "$2.time" timeout "$limit" "./$2" "-m$depth" \
		< /dev/null > "$2.out" 2>&1)
	sr_rc=$?
	pan_timed_read "$1" "$2"
}
# pan_timed_read DIR BINARY: lib.sh's pan_read, and sp_time
pan_timed_read() {
	pan_read "$1" "$2"
	sp_time=$(timed_fields "$1/$2.time")
}

# spin_verdict: pan_verdict's verdict in one word: viol, ok, timeout,
# depth (pan's -m cut the search), oom (out of memory), error
spin_verdict() {
	pan_verdict
	case $pv_v in
	violation) echo viol ;;
	no-violation) echo ok ;;
	incomplete) echo depth ;;
	timeout) echo timeout ;;
	*) if grep -q 'out of memory\|reached -DMEMLIM' "$sr_o"; then echo oom; else echo error; fi ;;
	esac
}

# spin_fields: "verdict states wall cpu rss_kb trail" of the last pan run
spin_fields() {
	sf_v=$(spin_verdict)
	[ "$sf_v" = viol ] || sr_len=-
	echo "$sf_v ${sr_states:--} $sp_time $sr_len"
}

# spin_model DIR MODEL: SPIN's three searches; sets sm_por, sm_dfs, sm_bfs
# (spin_fields), sm_total (the first run's wall seconds) and sm_note
spin_model() {
	sm_note=-
	sm_el=-; sm_por="error - - - - -"; sm_dfs=$sm_por; sm_bfs=$sm_por; sm_total=-
	(cd "$1" && /usr/bin/time -f '%e %U %S %M' -o total.time sh -c \
		"spin -a '$2' > spin.out 2>&1 && $spin_cc -o pan pan.c > cc.out 2>&1 && \
		/usr/bin/time -f '%e %U %S %M' -o pan.time timeout $limit ./pan -m$depth < /dev/null > pan.out 2>&1")
	sr_rc=$(sed -n 's/^Command exited with non-zero status \([0-9]*\)$/\1/p' "$1/pan.time" 2> /dev/null)
	sr_rc=${sr_rc:-0}
	sm_total=$(timed_fields "$1/total.time" | cut -d ' ' -f 1)
	if [ ! -f "$1/pan.c" ]; then
		sm_note="spin -a: $(grep -m1 -i 'error\|expected\|syntax' "$1/spin.out" | cut -c 1-100)"
		sm_total=-
		return
	fi
	if [ ! -x "$1/pan" ]; then
		# pan.c may demand -DNOREDUCE; any other compile error is the row's note
		if grep -q NOREDUCE "$1/cc.out" && (cd "$1" && $spin_cc -DNOREDUCE -o pan pan.c > cc.out 2>&1); then
			sm_note=-DNOREDUCE; sm_total=-
			pan_timed "$1" pan
		else
			sm_note="gcc: $(grep -m1 'error' "$1/cc.out" | cut -c 1-100)"
			sm_total=-
			return
		fi
	else
		pan_timed_read "$1" pan
	fi
	# a never claim polling an xr/xs channel makes pan refuse its own
	# reduction (SPIN's answer is then -DNOREDUCE's); a process breaking
	# its xr/xs declaration is an error of the model, pan's verdict
	if grep -q 'partial order reduction invalid' "$sr_o" && grep -q 'x[rs] assertion violated' "$sr_o" &&
		grep -A1 'x[rs] assertion violated' "$sr_o" | grep -q 'never'; then
		(cd "$1" && $spin_cc -DNOREDUCE -o pan pan.c > /dev/null 2>&1)
		pan_timed "$1" pan
		sm_note=-DNOREDUCE
		sm_total=-
	fi
	sm_por=$(spin_fields)
	# pan's own "elapsed time": its search, start-up (the hash table) excluded
	sm_el=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$sr_o" | head -n 1)
	if [ "$sm_note" = -DNOREDUCE ]; then
		sm_dfs=$sm_por
	elif (cd "$1" && $spin_cc -DNOREDUCE -o pan_dfs pan.c > /dev/null 2>&1); then
		pan_timed "$1" pan_dfs
		sm_dfs=$(spin_fields)
	fi
	if (cd "$1" && $spin_cc -DNOREDUCE -DBFS -o pan_bfs pan.c > /dev/null 2>&1); then
		pan_timed "$1" pan_bfs
		sm_bfs=$(spin_fields)
	fi
}

# dmc_once DIR MODEL TAG: one dmc check (no option but DEFAULT_DMC_OPTS)
# under timeout and /usr/bin/time; its JSON objects in DIR/TAG.json, the
# exit status in dc_rc, "wall cpu rss_kb" in dc_time
dmc_once() {
	rm -f "$1"/*.trail
	# shellcheck disable=SC2086
	(cd "$1" && /usr/bin/time -f '%e %U %S %M' -o "$3.time" timeout $((limit + build_s)) \
		"$dmc" check "$2" --json $dmc_opts < /dev/null > "$3.out" 2> "$3.err")
	dc_rc=$?
	dc_time=$(timed_fields "$1/$3.time")
	jq -cR 'fromjson? | objects' "$1/$3.out" > "$1/$3.json" 2> /dev/null
	rm -f "$1"/*.trail
}

# dmc_fields JSON RC: "verdict states trail time_s search_wall ttfc
# answered_by trail_from members objects" of one run's results; members is
# "name:verdict:wall_s" joined with commas, "-" without a portfolio
dmc_fields() {
	df_n=$(wc -l < "$1" | tr -d ' ')
	if [ "$df_n" = 0 ]; then
		case $2 in 124|137|143) echo "timeout - - - - - - - - 0" ;; *) echo "error - - - - - - - - 0" ;; esac
		return
	fi
	# the first object answers a safety model; several are counted
	head -n 1 "$1" | jq -r --arg n "$df_n" --arg rc "$2" '
		def num: if . == null then "-" else tostring end;
		def word: if .verdict == "violation" then "viol" elif .verdict == "no-violation" then "ok"
			elif ($rc == "124" or $rc == "137" or $rc == "143") then "timeout"
			elif .verdict == "incomplete" then "incomplete" else "error" end;
		(.portfolio // null) as $p
		| (if $p then [$p.members | to_entries[] | select(.value.verdict == "violation") | .value.wall_s] | min
		   else null end) as $first
		| [ (if .liveness then "live:" else "" end) + word,
		    (.states_stored | num), (.trail_length | num), (.time_s | num),
		    (if $p then $p.wall_s else .time_s end | num),
		    (if .verdict != "violation" then null elif $first then $first else .time_s end | num),
		    (if $p then $p.answered_by else "-" end),
		    (if $p then $p.trail_from else "-" end),
		    (if $p then [$p.members | to_entries[] | "\(.key):\(.value.verdict):\(.value.wall_s)"] | join(",") else "-" end),
		    $n ] | join(" ")'
}

# dmc_model DIR MODEL: the cold run and DEFAULT_WARM warm runs; sets dm_cold
# ("verdict wall"), dm_best (dmc_fields of the best warm run) and
# dm_time ("wall cpu rss_kb" of that run)
dmc_model() {
	dmc_once "$1" "$2" cold
	dm_cold="$(dmc_fields "$1/cold.json" "$dc_rc" | cut -d ' ' -f 1) $(echo "$dc_time" | cut -d ' ' -f 1)"
	dm_best=$(dmc_fields "$1/cold.json" "$dc_rc"); dm_time=$dc_time
	dm_w=0
	while [ "$dm_w" -lt "$warm" ]; do
		dm_w=$((dm_w + 1))
		# the portfolio as a model's first proof runs it: a re-run of a
		# model SPIN's pan proved is SPIN's pan alone (driver/spin_proofs.h)
		rm -f "$DMC_CACHE"/*/proofs
		dmc_once "$1" "$2" warm$dm_w
		if [ "$dm_w" = 1 ] || awk -v a="${dc_time%% *}" -v b="${dm_time%% *}" 'BEGIN { exit !(a + 0 < b + 0) }'; then
			dm_best=$(dmc_fields "$1/warm$dm_w.json" "$dc_rc"); dm_time=$dc_time
		fi
	done
}

decided() { [ "$1" = ok ] || [ "$1" = viol ]; }

# bench_model SRC: one row of results.tsv, its columns: 1 model, 2 its
# ltl formulas (spin -a's count), 3 SPIN's note (-DNOREDUCE, or why SPIN
# refused it), 4 SPIN's first-run wall, 5-6 dmc's cold run (verdict,
# wall); 7-12 SPIN DFS+POR, 13-18 DFS, 19-24 BFS (verdict states wall cpu
# rss_kb trail each); 25-34 dmc's best warm run (verdict states trail
# time_s search_wall ttfc answered_by trail_from members objects), 35-37
# its wall cpu rss_kb; 38-39 the load before and after; 40 SPIN DFS+POR
# pan's own elapsed time
bench_model() {
	bm_src=$1; bm_m=$(basename "$bm_src"); cur=${bm_src#"$dir"/}
	echo "bench-default: $cur" >&2
	bm_load0=$(load)
	stage_model "$bm_src" "$work/m$idx/spin"
	stage_model "$bm_src" "$work/m$idx/dmc"
	spin_model "$work/m$idx/spin" "$bm_m"
	if [ "$sm_total" = - ] && [ "$sm_note" != -DNOREDUCE ]; then
		dm_cold="- -"; dm_best="- - - - - - - - - 0"; dm_time="- - -"
	else
		dmc_model "$work/m$idx/dmc" "$bm_m"
	fi
	bm_load1=$(load)
	bm_ltl=$(grep -c '^ltl [A-Za-z_][A-Za-z0-9_]*: ' "$work/m$idx/spin/spin.out" 2> /dev/null)
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$cur" "${bm_ltl:-0}" "$sm_note" "$sm_total" \
		"$dm_cold" "$sm_por" "$sm_dfs" "$sm_bfs" "$dm_best" "$dm_time" "$bm_load0" "$bm_load1" "${sm_el:--}" \
		| awk -F '\t' -v OFS='\t' '{ for (i = 5; i <= 10; i++) gsub(/ /, "\t", $i); print }' >> "$results"
	# the verdicts, where both are complete and the model is compared
	# (no ltl formula, one safety answer): SPIN DFS+POR's and dmc's, and
	# dmc's cold and warm runs'
	bm_sv=${sm_por%% *}; bm_dv=${dm_best%% *}; bm_cv=${dm_cold%% *}
	if [ "${bm_ltl:-0}" = 0 ] && [ "${dm_best##* }" = 1 ] && decided "$bm_dv"; then
		if decided "$bm_sv" && [ "$bm_sv" != "$bm_dv" ]; then
			echo "- \`$cur\`: dmc's default says $bm_dv, SPIN DFS+POR $bm_sv$( [ "$bm_dv" = ok ] && echo ' (SOUNDNESS)')" >> "$findings"
		fi
		if decided "$bm_cv" && [ "$bm_cv" != "$bm_dv" ]; then
			echo "- \`$cur\`: dmc's first (cold) run says $bm_cv, its warm run $bm_dv" >> "$findings"
		fi
	fi
	rm -rf "$work/m$idx"
}

if [ -z "${DEFAULT_FROM:-}" ]; then
	find -L "$dir" \( -name '*.pml' -o -name '*.prom' \) -type f | sort > "$work/models"
	[ -s "$work/models" ] || die "$dir: no *.pml or *.prom file"
	idx=0
	while read -r src; do
		idx=$((idx + 1))
		bench_model "$src"
	done < "$work/models"
fi
[ -s "$results" ] || die "no results"

# ---- the report ----
# tables: the summary against issue 38's goals and the three tables, from
# results.tsv (bench_model's columns).  Ratios are taken where both sides
# are complete; a time under 0.01 s counts as 0.01 s
tables() {
	awk -F '\t' -v noise="$noise" '
	function has(x) { return x != "-" && x != "" }
	function decided(v) { return v == "ok" || v == "viol" }
	function fl(x) { return x + 0 < 0.01 ? 0.01 : x + 0 }
	function ratio(a, b) { return fl(a) / fl(b) }
	function x(r) { return sprintf("%.2fx", r) }
	function commas(n,   s) {
		if (n !~ /^[0-9]+$/) return n
		s = ""; while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) }
		return n s
	}
	function mb(kb) { return has(kb) ? sprintf("%d MB", kb / 1024 + 0.5) : "-" }
	function secs(t) { return has(t) ? sprintf("%.2f", t) : "-" }
	# SPIN cell: fields b (verdict) to b+5 (trail)
	function spin_cell(i, b,   c) {
		c = F[i, b]; if (has(F[i, b + 1])) c = c " " commas(F[i, b + 1])
		if (has(F[i, b + 2])) c = c "; " secs(F[i, b + 2]) "/" secs(F[i, b + 3]) " s; " mb(F[i, b + 4])
		if (has(F[i, b + 5])) c = c "; " F[i, b + 5] " steps"
		if (b == 7 && has(F[i, 40])) c = c "; pan " secs(F[i, 40]) " s"
		return c
	}
	function dmc_cell(i,   c) {
		c = F[i, 25]; if (has(F[i, 26])) c = c " " commas(F[i, 26])
		if (has(F[i, 29])) c = c "; search " secs(F[i, 29]) " s"
		if (F[i, 25] == "viol" && has(F[i, 30])) c = c "; first " secs(F[i, 30]) " s"
		if (has(F[i, 35])) c = c "; whole " secs(F[i, 35]) "/" secs(F[i, 36]) " s; " mb(F[i, 37])
		if (F[i, 25] == "viol" && has(F[i, 27])) c = c "; " F[i, 27] " steps"
		if (F[i, 31] != "-") c = c "; by " F[i, 31] (F[i, 25] == "viol" ? ", trail " F[i, 32] : "")
		return c
	}
	function first_run(i) {
		if (!has(F[i, 4]) || !has(F[i, 6])) return "-"
		return secs(F[i, 6]) " / " secs(F[i, 4]) " s = " x(ratio(F[i, 6], F[i, 4]))
	}
	function load(i) { return F[i, 38] " → " F[i, 39] }
	function gm(sum, n) { return n ? x(exp(sum / n)) : "-" }
	function goal(n, met) { return !n ? "no model to judge" : met ? "met" : "**not met**" }
	function add(list, item) { return list == "" ? item : list ", " item }
	# the summary of the models on which SPIN DFS+POR takes at least lim s
	function summary(lim,   i, n, nf, sl, se, ne, sw, sc, wr, wm, over, unf, r, rw, rc, nb, sf, swb, wf, wfm, overf, nt, st, wt, wtm, overt, nr, sr, wr1, wrm, over1, unfb, bfs, nrk, srk) {
		n = 0; sl = sw = sc = se = ne = 0; wr = 0; over = unf = ""
		nb = 0; sf = swb = 0; wf = 0; overf = unfb = ""
		nt = 0; st = 0; wt = 0; overt = ""
		nr = 0; sr = 0; wr1 = 0; over1 = ""; nrk["correct"] = nrk["buggy"] = 0; srk["correct"] = srk["buggy"] = 0
		for (i = 1; i <= rows; i++) {
			if (kind[i] != "correct" && kind[i] != "buggy") continue
			if ((has(F[i, 40]) ? F[i, 40] : F[i, 9]) + 0 < lim) continue
			if (decided(F[i, 5]) && has(F[i, 4]) && has(F[i, 6])) {
				r = ratio(F[i, 6], F[i, 4]); nr++; sr += log(r); nrk[kind[i]]++; srk[kind[i]] += log(r)
				if (r > wr1) { wr1 = r; wrm = F[i, 1] }
				if (r > 1.3) over1 = add(over1, "`" F[i, 1] "` " x(r))
			}
			if (!decided(F[i, 25])) {
				if (kind[i] == "correct") unf = add(unf, "`" F[i, 1] "` (" F[i, 25] ")")
				else unfb = add(unfb, "`" F[i, 1] "` (" F[i, 25] ")")
				continue
			}
			if (kind[i] == "correct" && F[i, 25] == "ok") {
				r = ratio(F[i, 29], F[i, 9]); rw = ratio(F[i, 35], F[i, 9]); rc = ratio(F[i, 36], F[i, 10])
				n++; sl += log(r); sw += log(rw); sc += log(rc)
				if (has(F[i, 40])) { ne++; se += log(ratio(F[i, 29], F[i, 40])) }
				if (r > wr) { wr = r; wm = F[i, 1] }
				if (r > 1.2) over = add(over, "`" F[i, 1] "` " x(r))
			}
			if (kind[i] == "buggy" && F[i, 25] == "viol") {
				r = ratio(F[i, 30], F[i, 9]); rw = ratio(F[i, 35], F[i, 9])
				nb++; sf += log(r); swb += log(rw)
				if (r > wf) { wf = r; wfm = F[i, 1] }
				if (r > 1.2) overf = add(overf, "`" F[i, 1] "` " x(r))
				bfs = F[i, 24]
				if (F[i, 19] == "viol" && has(bfs) && has(F[i, 27])) {
					r = (F[i, 27] + 0) / (bfs + 0 < 1 ? 1 : bfs + 0); nt++; st += log(r < 0.01 ? 0.01 : r)
					if (r > wt) { wt = r; wtm = F[i, 1] }
					if (r > 1.2) overt = add(overt, "`" F[i, 1] "` " F[i, 27] "/" bfs)
				}
			}
		}
		printf "- **correct models** (%d with both complete): dmc search wall / SPIN DFS+POR pan wall: geometric mean %s, worst %s%s; ", n, gm(sl, n), n ? x(wr) : "-", n ? " (`" wm "`)" : ""
		printf "above 1.2x: %s\n", over == "" ? "none" : over
		printf "  - whole warm `dmc check` wall / SPIN pan wall: geometric mean %s; CPU (whole dmc check / pan): geometric mean %s\n", gm(sw, n), gm(sc, n)
		printf "  - dmc search wall / pan'"'"'s own elapsed time (its search, start-up excluded): geometric mean %s\n", gm(se, ne)
		if (unf != "") printf "  - dmc did not finish where SPIN DFS+POR did (each fails the goal, no ratio): %s\n", unf
		printf "  - goal (≤ 1.2x on every model): %s\n", goal(n + (unf != ""), over == "" && unf == "")
		printf "- **buggy models** (%d with both complete): dmc time to the first counterexample / SPIN DFS+POR pan wall: geometric mean %s, worst %s%s; ", nb, gm(sf, nb), nb ? x(wf) : "-", nb ? " (`" wfm "`)" : ""
		printf "above 1.2x: %s\n", overf == "" ? "none" : overf
		printf "  - whole warm `dmc check` wall / SPIN pan wall: geometric mean %s\n", gm(swb, nb)
		if (unfb != "") printf "  - dmc did not finish where SPIN DFS+POR did (each fails the goal, no ratio): %s\n", unfb
		printf "  - goal (geometric mean ≤ 0.5x, none above 1.2x): %s\n", goal(nb + (unfb != ""), (!nb || exp(sf / nb) <= 0.5) && overf == "" && unfb == "")
		printf "  - trail / SPIN BFS trail (%d where BFS found one): geometric mean %s, worst %s%s; above 1.2x: %s\n", nt, gm(st, nt), nt ? x(wt) : "-", nt ? " (`" wtm "`)" : "", overt == "" ? "none" : overt
		printf "- **first run** (%d): dmc cold `dmc check` wall / SPIN `spin -a && gcc && ./pan` wall: geometric mean %s, worst %s%s; above 1.3x: %s\n", nr, gm(sr, nr), nr ? x(wr1) : "-", nr ? " (`" wrm "`)" : "", over1 == "" ? "none" : over1
		printf "  - correct models (%d): geometric mean %s; buggy models (%d): %s (a violation waits for the guided pan, which shortens the trail)\n", nrk["correct"], gm(srk["correct"], nrk["correct"]), nrk["buggy"], gm(srk["buggy"], nrk["buggy"])
		printf "  - goal (≤ 1.3x): %s\n", goal(nr, over1 == "")
	}
	{
		rows++
		for (k = 1; k <= NF; k++) F[rows, k] = $k
		if ($2 > 0) { kind[rows] = "other"; why[rows] = $2 " ltl formula" ($2 > 1 ? "s" : "") ": not compared" }
		else if ($34 > 1 || $25 ~ /^live:/) { kind[rows] = "other"; why[rows] = "liveness answer: not compared" }
		else if ($7 == "ok") kind[rows] = "correct"
		else if ($7 == "viol") kind[rows] = "buggy"
		else { kind[rows] = "other"; why[rows] = "SPIN DFS+POR: " $7 ($3 != "-" ? " (" $3 ")" : "") }
	}
	END {
		print "## Summary against issue 38'"'"'s goals"
		print ""
		print "Ratios only where SPIN DFS+POR and dmc are both complete (no violation or a violation); a model"
		print "where SPIN finished and dmc did not (timeout, incomplete) is listed and fails the goal; a model"
		print "where SPIN DFS+POR did not finish is in the third table, outside the summary."
		print ""
		print "All models:"
		print ""
		summary(0)
		print ""
		printf "Models where SPIN DFS+POR'"'"'s search takes at least %s s (pan'"'"'s own elapsed time; its start-up, about 0.2 s\n", noise
		print "allocating its hash table, is in every pan wall: below that, the ratios measure start-ups):"
		print ""
		summary(noise)
		print ""
		print "## Correct models (SPIN DFS+POR complete, no violation)"
		print ""
		print "Cells: verdict, states stored; wall/CPU seconds, peak RSS; SPIN DFS+POR: pan = pan'"'"'s own elapsed"
		print "time (its search, start-up excluded).  dmc: search = its search wall"
		print "(compilation excluded); whole = the warm `dmc check` wall/CPU; by = the portfolio member that"
		print "answered.  search/POR and whole/POR: dmc'"'"'s wall over SPIN DFS+POR'"'"'s pan wall; first run:"
		print "dmc'"'"'s cold run over SPIN'"'"'s spin -a + gcc + pan (wall)."
		print ""
		print "| model | SPIN DFS+POR | SPIN DFS | SPIN BFS | dmc default | search/POR | whole/POR | first run | load |"
		print "|---|---|---|---|---|---|---|---|---|"
		for (i = 1; i <= rows; i++) if (kind[i] == "correct")
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", F[i, 1], spin_cell(i, 7), spin_cell(i, 13), spin_cell(i, 19),
				dmc_cell(i), (F[i, 25] == "ok" ? x(ratio(F[i, 29], F[i, 9])) : "-"), (F[i, 25] == "ok" ? x(ratio(F[i, 35], F[i, 9])) : "-"), first_run(i), load(i)
		print ""
		print "## Buggy models (SPIN DFS+POR found a violation)"
		print ""
		print "As above, and: first = dmc'"'"'s time to its first counterexample (the earliest portfolio member to"
		print "report one, else time_s); steps = the trail'"'"'s; first/POR: that over SPIN DFS+POR'"'"'s pan wall;"
		print "trail/BFS: dmc'"'"'s trail over SPIN BFS'"'"'s."
		print ""
		print "| model | SPIN DFS+POR | SPIN DFS | SPIN BFS | dmc default | first/POR | whole/POR | trail/BFS | first run | load |"
		print "|---|---|---|---|---|---|---|---|---|---|"
		for (i = 1; i <= rows; i++) if (kind[i] == "buggy") {
			tr = "-"
			if (F[i, 25] == "viol" && F[i, 19] == "viol" && has(F[i, 24]) && has(F[i, 27]))
				tr = x((F[i, 27] + 0) / (F[i, 24] + 0 < 1 ? 1 : F[i, 24] + 0))
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", F[i, 1], spin_cell(i, 7), spin_cell(i, 13), spin_cell(i, 19),
				dmc_cell(i), (F[i, 25] == "viol" ? x(ratio(F[i, 30], F[i, 9])) : "-"), (F[i, 25] == "viol" ? x(ratio(F[i, 35], F[i, 9])) : "-"), tr, first_run(i), load(i)
		}
		print ""
		print "## Other models (not compared)"
		print ""
		print "| model | why | SPIN DFS+POR | SPIN DFS | SPIN BFS | dmc default | load |"
		print "|---|---|---|---|---|---|---|"
		for (i = 1; i <= rows; i++) if (kind[i] == "other")
			printf "| %s | %s | %s | %s | %s | %s%s | %s |\n", F[i, 1], why[i], spin_cell(i, 7), spin_cell(i, 13), spin_cell(i, 19),
				dmc_cell(i), (F[i, 34] > 1 ? " (first of " F[i, 34] " answers)" : ""), load(i)
	}' "$results"
}
tables > "$work/tables.md" || die "the report failed"
n_models=$(wc -l < "$results" | tr -d ' ')
loads=$(awk -F '\t' '{ for (i = 38; i <= 39; i++) { split($i, l, "/"); if (min == "" || l[1] < min) min = l[1]; if (l[1] > max) max = l[1] } }
	END { printf "%s to %s", min, max }' "$results")
report() {
	echo "# dmc's default against SPIN"
	echo
	echo "Generated by \`make bench DEFAULT_DIR=DIR\` (tests/bench/default.sh); do not edit by hand."
	echo
	echo "- \`sh tests/bench/default.sh $dir $limit\`: $n_models models${dmc_opts:+; dmc options: \`$dmc_opts\`}"
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(spin -V 2>&1 | head -n 1); $("$dmc" --version 2>&1 | head -n 1)"
	echo "- machine: $(uname -srm), $(getconf _NPROCESSORS_ONLN 2> /dev/null || echo '?') cores (shared with other jobs);"
	echo "  1-minute load average $loads over the run (each model's before/after in its row)"
	echo "- SPIN: \`spin -a\`, \`$spin_cc\` (DFS+POR), + -DNOREDUCE (DFS), + -DNOREDUCE -DBFS (BFS);"
	echo "  every pan \`./pan -m$depth\` (pan's default -m10000 cuts searches short), else pan's defaults,"
	echo "  under \`timeout $limit\`; its wall and CPU are the pan run's (/usr/bin/time; compilation excluded,"
	echo "  pan's start-up, e.g. allocating its hash table, included)"
	echo "- dmc: \`dmc check MODEL --json${dmc_opts:+ $dmc_opts}\` under \`timeout $((limit + build_s))\`: one run with"
	echo "  an empty cache (first run), then the best of $warm with the cache (wall and CPU of the whole"
	echo "  \`dmc check\`, children included; \"search\": portfolio.wall_s, else time_s: compilation excluded),"
	echo "  SPIN's pan's recorded proofs removed before each (a re-run of a proved model is SPIN's pan alone)"
	if [ -n "${DEFAULT_FROM:-}" ]; then echo "- written from the kept results in $DEFAULT_FROM (DEFAULT_FROM)"
	else echo "- whole run $(( $(date +%s) - started )) s"; fi
	echo
	echo "## Findings"
	echo
	if [ -s "$findings" ]; then cat "$findings"; else echo "None: where both are complete, dmc's verdict is SPIN DFS+POR's."; fi
	echo
	cat "$work/tables.md"
}
report > "$work/report.md"
cat "$work/report.md"
[ -n "$out_file" ] && cp "$work/report.md" "$out_file"
exit 0
