#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# json_schema.sh -- every kind of --json output validates against
# docs/dmc.schema.json (python3-jsonschema): search results of every
# verdict, searches and heuristics with their optional objects (hcache,
# ut, lua, anytime, liveness), compact stores and a distributed run
# (its ranks: one object a rank, adding up to the totals),
# pan --json run by hand, UPPAAL and ANMLite models, dmc plan --json
# (plan, no plan, incomplete, a plan file validated or rejected) and
# error objects (bad options, missing files, syntax errors with file,
# line and column).  Objects that break
# the schema are rejected, so the check is not vacuous.
e2e_name=json_schema
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

schema=$top/docs/dmc.schema.json
py=$(jsonschema_python)
if [ -z "$py" ]; then
	echo "FAIL json_schema.sh needs python3-jsonschema (./configure --install-deps)"
	exit 1
fi
validate() { "$py" "$top/tests/e2e/json_validate.py" "$schema" "$@"; }

models=$top/tests/models
contrib=$top/contrib
cp "$models/buf_overflow_bad.pml" "$models/deadlock_ordered_ok.pml" "$models/live_ltl_bad.pml" \
   "$models/live_np_bad.pml" "$models/live_accept_ok.pml" "$contrib/models/counter_noise.pml" .
cp "$contrib/anml/ex1.anml" "$contrib/anml/rover.anml" .
cp "$models/uppaal/gate_queue.xml" "$models/uppaal/fischer2_bad.xta" "$models/uppaal/fischer2_ok.xta" .
cp "$contrib/models/fischer_A_5.xta" "$contrib/models/fischer_A_5.q" .
cat > w.lua <<'LUA'
heuristics = { "hL" }
function priority(s) return s.hL end
LUA

n=0
# run WANT NAME -- dmc args...: the run's standard output is NAME.json
run() {
	want=$1; name=$2; shift 3
	"$@" > "$name.json" 2> "$name.err"
	rc=$?
	n=$((n + 1))
	[ "$rc" = "$want" ] || fail "$name: exit status $rc, expected $want: $(head -c 300 "$name.err")"
}

# ---- search results ----
run 1 viol_default    -- "$dmc" check buf_overflow_bad.pml --json
# the portfolio (the default): SPIN's pan answers for this correct
# model (its object: search spin-dfs, with checked), the guided search
# alone with --portfolio off
run 0 ok_default      -- "$dmc" check deadlock_ordered_ok.pml --json
run 0 ok_single       -- "$dmc" check deadlock_ordered_ok.pml --portfolio off --json
run 1 preset_short  -- "$dmc" check buf_overflow_bad.pml --preset short --json
run 0 ok_bfs        -- "$dmc" check deadlock_ordered_ok.pml --search bfs --json
run 3 incomplete    -- "$dmc" check counter_noise.pml --search bfs --max-depth 5 --json
run 1 greedy_hl     -- "$dmc" check buf_overflow_bad.pml --search greedy --heuristic hL --json
run 1 wastar_hu     -- "$dmc" check buf_overflow_bad.pml --search wastar --heuristic hU --hcache exact:1024 --json
run 1 beam          -- "$dmc" check buf_overflow_bad.pml --search beam --beam 50 --heuristic hL --json
run 1 ut            -- "$dmc" check buf_overflow_bad.pml --search ut --heuristic hL --json
run 1 lua           -- "$dmc" check buf_overflow_bad.pml --search greedy --lua w.lua --json
run 1 anytime       -- "$dmc" check buf_overflow_bad.pml --search greedy --heuristic hL --anytime --json
run 1 astar_dl      -- "$dmc" check buf_overflow_bad.pml --search astar --heuristic dL --json
run 1 astar_por     -- "$dmc" check buf_overflow_bad.pml --search astar --por --json
run 1 ltl           -- "$dmc" check live_ltl_bad.pml --ltl live --json
run 1 np            -- "$dmc" check live_np_bad.pml -l --json
run 1 store_hc4     -- "$dmc" check buf_overflow_bad.pml --store hc4 --search greedy --heuristic hL --json
run 3 store_bits    -- "$dmc" check deadlock_ordered_ok.pml --store bitstate --search bfs --json
if command -v mpirun > /dev/null 2>&1; then
	run 1 ranks     -- "$dmc" check buf_overflow_bad.pml --ranks 2 --search astar --heuristic hL --json
fi
run 0 accept_ok     -- "$dmc" check live_accept_ok.pml -a --json
cp "$contrib/models/philosophers_deadlock.pml" .
run 1 deadlock      -- "$dmc" check philosophers_deadlock.pml --json
# pan built by hand and run with --json
mkdir -p hand && cp buf_overflow_bad.pml hand/ \
	&& (cd hand && spin -a buf_overflow_bad.pml > /dev/null && "$dmc" cc --search astar pan.c > /dev/null 2>&1)
run 1 pan_by_hand   -- sh -c 'cd hand && ./pan --heuristic hL --json'
# ---- UPPAAL and ANMLite models ----
run 1 uppaal_xml    -- "$dmc" check gate_queue.xml --json
run 1 uppaal_bad    -- "$dmc" check fischer2_bad.xta --query 'E<> P(1).cs && P(2).cs' --json
run 0 uppaal_ok     -- "$dmc" check fischer2_ok.xta --query 'E<> incs >= 2' --json
run 1 uppaal_qfile  -- "$dmc" check fischer_A_5.xta --query fischer_A_5.q --search greedy --heuristic hL --json
printf 'E<> incs >= 2\nE<> P(1).cs && P(2).cs\n' > two.q
run 1 uppaal_query  -- "$dmc" check fischer2_bad.xta --query two.q --json
run 1 anml_check    -- "$dmc" check ex1.anml --json
# ---- dmc plan --json ----
run 0 plan          -- "$dmc" plan ex1.anml --json
[ -f ex1.plan ] && ok "dmc plan writes NAME.plan in the working directory" || fail "no ex1.plan"
run 1 plan_none     -- "$dmc" plan ex1.anml --horizon 3 --json
run 3 plan_incompl  -- "$dmc" plan rover.anml --search beam --beam 1 --heuristic none --json
run 0 plan_valid    -- "$dmc" plan ex1.anml --validate ex1.plan --json
awk '/^[0-9]/ && !done { sub(/\[[0-9]+\]/, "[999]"); done = 1 } { print }' ex1.plan > long.plan
run 1 plan_invalid  -- "$dmc" plan ex1.anml --validate long.plan --json
pd=$contrib/pddl
run 0 pddl_plan     -- "$dmc" plan "$pd/gripper-domain.pddl" "$pd/gripper-4.pddl" --json
run 0 pddl_valid    -- "$dmc" plan "$pd/gripper-domain.pddl" "$pd/gripper-4.pddl" --validate gripper-4.plan --json
head -2 gripper-4.plan > short.plan
run 1 pddl_invalid  -- "$dmc" plan "$pd/gripper-domain.pddl" "$pd/gripper-4.pddl" --validate short.plan --json
run 1 pddl_none     -- "$dmc" plan "$top/tests/models/pddl/toggle-domain.pddl" "$top/tests/models/pddl/toggle-both.pddl" --json
run 1 pddl_relaxed  -- "$dmc" plan "$top/tests/models/pddl/toggle-domain.pddl" "$top/tests/models/pddl/toggle-r.pddl" --json
run 0 pddl_temporal -- "$dmc" plan "$top/tests/models/pddl/cellar-domain.pddl" "$top/tests/models/pddl/cellar-2.pddl" --json
# ---- errors ----
printf 'active proctype p() { int x; x = ; }\n' > syntax.pml
printf '<nta><declaration>int x;</declaration><template><name>P</name>\n<location id="a"/><init ref="zz"/></template><system>system P;</system></nta>\n' > bad.xml
run 2 err_nofile    -- "$dmc" check nosuch.pml --json
run 2 err_option    -- "$dmc" check buf_overflow_bad.pml --search best --json
run 2 err_value     -- "$dmc" check buf_overflow_bad.pml --weight 0 --json
run 2 err_spin      -- "$dmc" check syntax.pml --json
run 2 err_uppaal    -- "$dmc" check bad.xml --json
run 2 err_pan_opt   -- "$dmc" check buf_overflow_bad.pml --json -- -Z
run 2 err_plan      -- "$dmc" plan nosuch.anml --json
run 2 err_pddl      -- "$dmc" plan "$contrib/pddl/gripper-domain.pddl" nosuch.pddl --json
run 2 err_planfile  -- sh -c "printf '0: (Nope.A1) [1]\n' > bad.plan; \"$dmc\" plan ex1.anml --validate bad.plan --json"

# ---- interrupted searches: the results so far, incomplete (exit 3) ----
cat > big.pml <<'PML'
byte a, b, c, d;
active proctype P() { do :: a++ :: b++ :: c++ :: d++ od }
active proctype Q() { assert(a + b + c + d < 2000) }
PML
"$dmc" check big.pml --search bfs --max-depth 2 > /dev/null 2>&1   # built: the next runs search at once
for sig in INT TERM; do
	# a script's background job ignores SIGINT: give dmc the default back
	env --default-signal=INT "$dmc" check big.pml --search bfs --json > "sig$sig.json" 2> "sig$sig.err" &
	pid=$!
	sleep 2
	kill -$sig $pid
	wait $pid
	rc=$?
	n=$((n + 1))
	[ $rc = 3 ] && [ "$(jq -r .incomplete_reason "sig$sig.json")" = "interrupted by SIG$sig" ] \
		&& ok "SIG$sig during the search: exit 3, the results say why" \
		|| fail "SIG$sig during the search: exit $rc: $(head -c 300 "sig$sig.json") $(tail -c 300 "sig$sig.err")"
done

# every output: one object (a UPPAAL query file may give one per line)
for f in *.json; do
	case "$f" in uppaal_query.json|uppaal_xml.json) ;;
	*) [ "$(grep -c . "$f")" = 1 ] || fail "$f: not exactly one line of JSON: $(head -c 300 "$f")" ;;
	esac
done
validate *.json > validate.out 2>&1
while read -r verdict file rest; do
	case "$verdict" in
	ok) ok "$file validates" ;;
	*) fail "$file: $rest" ;;
	esac
done < validate.out
[ "$(grep -c '^ok' validate.out)" = "$n" ] || fail "validated $(grep -c '^ok' validate.out) of $n outputs: $(cat validate.out)"
for f in err_spin err_uppaal err_planfile; do
	[ "$(jq -r '.file != null and .line != null' $f.json)" = true ] && ok "$f: the error names file and line" \
		|| fail "$f: no file and line: $(cat $f.json)"
done
[ "$(jq -r .verdict plan_invalid.json)" = invalid-plan ] && ok "an invalid plan file is invalid-plan" \
	|| fail "plan_invalid: $(cat plan_invalid.json)"

# ---- the schema rejects what breaks it ----
reject() {   # NAME JQ-FILTER SOURCE: SOURCE.json changed by the filter must not validate
	jq -c "$2" "$3.json" > "broken_$1.json"
	if validate "broken_$1.json" > /dev/null 2>&1; then
		fail "the schema takes a broken object ($1): $(head -c 300 broken_$1.json)"
	else
		ok "the schema rejects $1"
	fi
}
reject unknown_member '. + {"states_kept": 3}'          viol_default
reject store_kind     '.store.kind = "disk"'          store_hc4
reject missing_member 'del(.states_stored)'            viol_default
reject bad_verdict    '.verdict = "maybe"'             viol_default
reject violation_without_trail '.trail_file = null'    viol_default
reject bad_schema_version '.schema_version = 2'        ok_bfs
reject preset_number  '.preset = 3'                    preset_short
reject liveness_member '.liveness.cycles = "fair"'     ltl
reject error_without_message 'del(.message)'           err_nofile
reject plan_step_without_end 'del(.timelines[0].steps[0].end)' plan
reject plan_without_file '.plan_file = null'           plan
reject error_without_violation '.error = "invalid end state"' ok_bfs
reject shortest_text  '.shortest = "yes"'               astar_dl
reject shortest_without_reason '.shortest = false'      astar_dl
reject shortest_with_reason '.shortest_reason = "why"'  astar_dl
reject shortest_without_trail '.shortest = true'        ok_bfs
reject overrides_text '.preset_overrides = "--por"'     astar_por
reject overrides_without_preset '.preset = null'        astar_por

# ---- shortest: whether the trail is guaranteed shortest, and why not ----
[ "$(jq -r '[.shortest, .shortest_reason, .preset, (.preset_overrides | join(" ")), .heuristic] | map(tostring) | join("/")' astar_dl.json)" \
  = "true/null/fast/--search --heuristic/dL" ] && ok "astar dL: shortest true, no reason, the fields given listed" \
	|| fail "astar dL: $(jq -c '[.shortest, .shortest_reason, .preset, .preset_overrides]' astar_dl.json)"
jq -r .shortest_reason astar_por.json | grep -q '^partial-order reduction (--por)' && [ "$(jq -r .shortest astar_por.json)" = false ] \
	&& [ "$(jq -r .preset_note astar_por.json)" != null ] \
	&& ok "astar --por: shortest false, the reason; the preset's heuristic list replaced, said" \
	|| fail "astar --por: $(jq -c '[.shortest, .shortest_reason, .preset_note]' astar_por.json)"
[ "$(jq -r '[.shortest, .shortest_reason] | map(tostring) | join("/")' ok_bfs.json)" = "null/null" ] \
	&& ok "no trail: shortest and shortest_reason null" || fail "no trail: $(jq -c '[.shortest, .shortest_reason]' ok_bfs.json)"

# ---- error: pan's message for the error the trail shows ----
# has_error NAME TEXT: NAME.json's error is TEXT
has_error() {
	e=$(jq -r .error "$1.json")
	[ "$e" = "$2" ] && ok "$1: error \"$2\"" || fail "$1: error '$e', expected '$2'"
}
has_error viol_default "assertion violated (q_len(q)<4)"
has_error anytime "assertion violated (q_len(q)<4)"
has_error pan_by_hand "assertion violated (q_len(q)<4)"
has_error deadlock "invalid end state"
has_error ltl "acceptance cycle"
has_error np "non-progress cycle"
has_error ok_bfs null
has_error incomplete null
[ -f ranks.json ] && has_error ranks "assertion violated (q_len(q)<4)"

# ---- a distributed run's ranks: one object a rank, the sums at the top ----
if [ -f ranks.json ]; then
	[ "$(jq -r '(.ranks | length) == 2 and ([.ranks[].rank] == [0, 1])
	            and ([.ranks[].states_stored] | add) == .states_stored
	            and ([.ranks[].states_expanded] | add) == .states_expanded
	            and ([.ranks[].records_sent] | add) > 0 and ([.ranks[].bytes_sent] | add) > 0
	            and all(.ranks[]; .peak_rss_mb > 0 and .cpu_s > 0)' ranks.json)" = true ] \
		&& ok "--ranks 2: ranks has both ranks, their states add up to the totals" \
		|| fail "--ranks 2: ranks: $(jq -c .ranks ranks.json)"
	reject rank_member '.ranks[0].states_kept = 3'     ranks
	reject rank_count  '.ranks[1].bytes_sent = -1'      ranks
	(cd hand && "$dmc" check buf_overflow_bad.pml --ranks 2 --search astar --heuristic hL > ranks.txt 2> /dev/null)
	[ "$(grep -c '^	rank  *[01]: [0-9]* stored, [0-9]* expanded, [0-9]* records sent' hand/ranks.txt)" = 2 ] \
		&& ok "--ranks 2: the text results have a line a rank" \
		|| fail "--ranks 2: no line a rank in the text results: $(grep rank hand/ranks.txt)"
fi
[ "$(jq -r 'has("ranks")' viol_default.json)" = false ] && ok "one process: no ranks member" \
	|| fail "one process prints ranks: $(jq -c .ranks viol_default.json)"

echo "json_schema.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
