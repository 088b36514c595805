#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# cli.sh -- end-to-end tests of the user-facing edges: bad input, usage
# errors, limits, --json, exit statuses, the plugin's refusal.
e2e_name=cli
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

cat > bad.pml <<'EOF'
active proctype P() {
	int x;
	x = = 3
}
EOF
cat > counter.pml <<'EOF'
/* a counter with an assertion that fails at 40 */
int n;
active proctype C() { do :: n < 50 -> n++ :: n > 0 -> n-- od }
active proctype W() { assert(n < 40) }
EOF
cat > fine.pml <<'EOF'
int n;
active [3] proctype P() { do :: n < 5 -> n++ :: n >= 5 -> break od }
EOF

# several ltl formulas: the targets are the claim pan -N runs, no other
cp "$top/tests/models/ltl_second_claim.pml" two.pml
expect 1 "claim  *b state" "-N b: the targets are formula b's" -- "$dmc" check two.pml --show-targets -- -N b
if grep -q "x!=6" out.txt; then fail "-N b: formula a (not running) is among the targets"; else ok "-N b: formula a is no target"; fi
expect 1 "claim  *a state" "-N a: the targets are formula a's" -- "$dmc" check two.pml --show-targets -- -N a

expect 2 'bad.pml:3' "a model SPIN rejects: SPIN's message with file:line, exit 2" -- "$dmc" check bad.pml
expect 2 'no such file' "a missing model: exit 2" -- "$dmc" check nosuch.pml
expect 2 'valid: bfs, dfs, astar, wastar, greedy, beam' "unknown search lists the valid ones" -- "$dmc" check fine.pml --search best
expect 2 'valid: none' "unknown heuristic lists the valid ones" -- "$dmc" check fine.pml --heuristic hX
# every heuristic applies to every model: with nothing to aim at but
# invalid end states, the deadlock heuristic guides, and the results say so
expect 0 'dL has nothing to aim at (the targets are invalid end states): guided by the deadlock heuristic' \
	"dL without target locations: the deadlock heuristic instead, SPIN's verdict" -- "$dmc" check fine.pml --heuristic dL
cat > stuck.pml <<'EOF'
int n;
active [2] proctype P() { do :: n < 3 -> n++ :: n == 3 -> (n > 5) od }
EOF
for h in hL hU hUc dL dU hf; do
	expect 1 "invalid end state" "$h on a deadlock without asserts: found (guided by deadlock)" -- \
		"$dmc" check stuck.pml --search greedy --heuristic $h
done
"$dmc" check stuck.pml --heuristic hL --json -- -E > hn.json 2>/dev/null
note=$(json_str heuristic_note hn.json)
if [ "$note" = "hL has nothing to aim at (no assert, never claim or checked end state): no guidance (h = 0)" ]; then
	ok "-E and no asserts: no guidance, said in the JSON"
else
	fail "-E and no asserts: heuristic_note is '$note'"
fi
expect 2 'unknown target' "unknown --target" -- "$dmc" check fine.pml --target nothing
expect 2 'unknown option' "unknown dmc option" -- "$dmc" check fine.pml --frobnicate
expect 2 'unknown command' "unknown dmc command" -- "$dmc" frob

# every value is checked against runtime/options.def before spin or the
# compiler runs: with neither reachable and a fresh cache, a bad value is
# refused (exit 2, the valid values named) and no cache directory appears
nobuild() { # pattern description dmc-check-arguments...
	pat=$1; what=$2; shift 2
	expect 2 "$pat" "$what: refused before spin and gcc" -- \
		env PATH=/nonexistent SPIN=/nonexistent/spin CC=/nonexistent/gcc DMC_CACHE="$work/nobuild" \
		"$dmc" check fine.pml "$@"
	[ -e "$work/nobuild" ] && fail "$what: the build cache was created" || ok "$what: no build started"
}
nobuild 'unknown search .gredy. (valid: bfs, dfs, astar, wastar, greedy, beam, ut)' "--search gredy" --search gredy
# every registered heuristic, in heuristics.def's order
hnames=$(sed -n 's/^DMC_HEURISTIC([^,]*, *"\([^"]*\)").*/\1/p' "$top/heuristics/heuristics.def" | paste -sd, - | sed 's/,/, /g')
nobuild "unknown heuristic .hX. (valid: $hnames; several, comma-separated, alternate; H:T orders" "--heuristic=hX" --heuristic=hX
nobuild '--weight: expected a finite number' "--weight nan" --weight nan
nobuild "--weight: '0' is out of range (valid: 1..1e+06)" "--weight 0" --weight 0
nobuild "--beam: '2.5' is not a whole number" "--beam 2.5" --beam 2.5
nobuild "--max-depth: '-3' is out of range" "--max-depth -3" --max-depth -3
nobuild "--time-limit: expected a finite number, got 'inf'" "--time-limit=inf" --time-limit=inf
nobuild "--memlim: expected a finite number, got 'lots'" "--memlim lots" --memlim lots
nobuild "--target: unknown target 'nothing'" "--target nothing" --target nothing
nobuild "--hcache: expected off, exact, exact:N or N" "--hcache lots" --hcache lots
nobuild "--guide: expected fsm, hamming or none, got 'best'" "--guide best" --guide best
nobuild "--por-proviso: expected c2c, c2cl or stack, got 'c3'" "--por-proviso c3" --por-proviso c3
nobuild "--weight needs a value" "--weight without a value" --weight
nobuild "unknown option '--json=1'" "a flag with a value" --json=1
nobuild "unknown search 'gredy'" "the runtime's option after --" -- --search gredy
expect 2 "cc: unknown search 'gredy'" "dmc cc --search gredy: refused before the compiler" -- \
	env PATH=/nonexistent CC=/nonexistent/gcc "$dmc" cc --search gredy pan.c
# dmc plan: the planner of the model's language (ANMLite's, PDDL's)
expect 2 "plan: no model given (usage: dmc plan MODEL.anml | DOMAIN.pddl" "dmc plan without a model" -- "$dmc" plan
expect 2 "plan: fine.pml: a Promela model has no planner" "dmc plan on a Promela model" -- "$dmc" plan fine.pml

# every command parses its options by commands.def's table (and check,
# model and trail by options.def's): each option `dmc COMMAND --help` lists
# is one the command parses and handles -- given alone, and with a value
# when it needs one, it is never an unknown or unhandled option -- and an
# option it does not list is unknown.  (No model is given: nothing runs.)
"$dmc" --help | sed -n '/^commands/,/^models/s/^  \([a-z-]*\) .*/\1/p' > commands.txt
[ "$(wc -l < commands.txt)" -ge 8 ] && ok "dmc --help lists $(wc -l < commands.txt) commands" \
	|| fail "dmc --help lists too few commands: $(tr '\n' ' ' < commands.txt)"
while read -r cmd; do
	"$dmc" "$cmd" --help | sed -n '/^options:$/,/^[a-z]/s/^  \(-[^ ]*\).*/\1/p' > "opts_$cmd.txt"
	while read -r opt; do
		DMC_CACHE="$work/noopts" "$dmc" "$cmd" "$opt" < /dev/null > opt.out 2>&1
		if grep -q 'needs a value' opt.out; then
			DMC_CACHE="$work/noopts" "$dmc" "$cmd" "$opt" 1 < /dev/null > opt.out 2>&1
		fi
		if grep -q -e 'unknown option' -e 'internal error' -e 'not handled' opt.out; then
			fail "dmc $cmd $opt: its --help lists it, its parser refuses it: $(head -c 300 opt.out)"
		else
			ok "dmc $cmd $opt: declared and parsed"
		fi
	done < "opts_$cmd.txt"
	case $cmd in
	cc|vars|cache|help) ;;   # cc passes other options to the compiler; vars, cache, help take none
	trail) expect 2 "unknown option '--no-such-option'" "dmc $cmd: an option it does not declare is unknown" -- \
		"$dmc" "$cmd" --msc x.svg --no-such-option ;;
	*) expect 2 "unknown option '--no-such-option'" "dmc $cmd: an option it does not declare is unknown" -- \
		"$dmc" "$cmd" --no-such-option ;;
	esac
done < commands.txt
grep -q -x -e '--mpi' opts_cc.txt && ok "dmc cc --help lists --mpi" || fail "dmc cc --help lacks --mpi"
grep -q -x -F '.B \-\-mpi' "$top/docs/dmc.1" && ok "docs/dmc.1 lists dmc cc --mpi" || fail "docs/dmc.1 lacks --mpi"
# and the other way: every option name a command's parser compares with
# (strcmp of the name drv_command_arg gave) is in that command's --help
for f in $(grep -rl --include='*.c' 'drv_command_arg(DRV_CMD_' "$top/driver" "$top/promela" "$top/frontends" 2>/dev/null); do
	for id in $(grep -o 'drv_command_arg(DRV_CMD_[A-Z_]*' "$f" | sed 's/.*DRV_CMD_//' | sort -u); do
		cmd=$(echo "$id" | tr 'A-Z_' 'a-z-')
		for opt in $(grep -o 'strcmp([a-z], "-[^"]*")' "$f" | sed 's/.*"\(.*\)")/\1/' | sort -u); do
			grep -q -x -e "$opt" "opts_$cmd.txt" && ok "${f#"$top"/}: $opt is declared for dmc $cmd" \
				|| fail "${f#"$top"/}: compares with $opt, which dmc $cmd --help does not list (driver/commands.def)"
		done
	done
done

# one table (runtime/options.def): dmc check's help lists every option,
# search and heuristic; docs/options.md is what it generates
expect 0 '--por-proviso P' "dmc check --help lists the options" -- "$dmc" check --help
for o in --search --heuristic --weight --beam --target --hcache --lua --json --memlim --max-depth \
         --time-limit --show-targets --show-model --no-prune --no-chains --no-por --por-proviso --ltl --guide \
         --query --replay --spin-opts --cflags --portable --keep; do
	grep -q -e "^  $o" out.txt && ok "dmc check --help lists $o" || fail "dmc check --help lacks $o"
done
grep -q 'bfs, dfs, astar, wastar, greedy, beam' out.txt && grep -q 'none, dL, dU, hf, deadlock, hL, hU, hUc, htime' out.txt \
	&& ok "dmc check --help lists every search and heuristic" || fail "dmc check --help: $(cat out.txt)"
"$dmc" help --markdown > options.md
cmp -s options.md "$top/docs/options.md" && ok "docs/options.md is what dmc help --markdown generates" \
	|| fail "docs/options.md is stale: run make docs ($(diff options.md "$top/docs/options.md" | head -5))"
expect 0 'no-violation' "a correct model: exit 0" -- "$dmc" check fine.pml --search astar
expect 1 'violation' "a violation: exit 1" -- "$dmc" check counter.pml --search greedy --heuristic hf
[ -f counter.pml.trail ] && ok "the trail is written beside the model" || fail "no counter.pml.trail"
expect 1 'assertion violated' "--replay replays with spin -t" -- "$dmc" check counter.pml --search greedy --heuristic hf --replay
expect 3 'incomplete' "--max-depth below the error: incomplete, exit 3" -- "$dmc" check counter.pml --search bfs --max-depth 20
expect 3 'beam search dropped states' "beam that drops states: incomplete, exit 3" -- "$dmc" check fine.pml --search beam --beam 1
expect 1 'violation' "beam wide enough: the violation" -- "$dmc" check counter.pml --search beam --beam 4 --heuristic hf

# --json: stdout is exactly one JSON object with the documented keys
"$dmc" check counter.pml --search astar --heuristic dL --no-por --json > json.out 2> json.err
rc=$?
if [ $rc = 1 ] && [ "$(wc -l < json.out)" = 1 ] && grep -q '^{.*}$' json.out; then
	ok "--json prints one JSON object on stdout"
else
	fail "--json: status $rc, stdout: $(head -c 400 json.out)"
fi
for k in verdict search heuristic h_initial states_stored states_expanded states_generated \
         states_reopened open_peak trail_length memory_mb time_s trail_file; do
	grep -q "\"$k\": " json.out && ok "json key $k" || fail "json lacks key $k"
done
# SPIN's own breadth-first search gives the shortest trail
mkdir ref && cp counter.pml ref/ && spin_ref ref counter.pml "-O2 -DBFS -DNOREDUCE" 0 ""
bfs_len=$(grep -c '^[0-9]' ref/counter.pml.trail)
[ "$(json_num trail_length json.out)" = "$bfs_len" ] && ok "A* with dL: the shortest trail ($bfs_len steps, as SPIN's BFS)" \
	|| fail "A* trail length: trail_length $(json_num trail_length json.out), SPIN's BFS $bfs_len"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' json.out \
		&& ok "--json output parses as JSON" || fail "--json output is not valid JSON"
fi

# an option given replaces only its own field of the preset in force
# (fast by default): --no-por keeps fast's greedy alternation, and the
# results name the preset and the field given
"$dmc" check counter.pml --no-por --json > np.json 2> np.err
{ [ "$(json_str search np.json)" = greedy ] && [ "$(json_str heuristic np.json)" = "alt(hf, dL, pdb-cone, hU, none, none:deep)" ] \
  && [ "$(json_str preset np.json)" = fast ] && [ "$(json_get '.preset_overrides | join(" ")' np.json)" = --no-por ] \
  && [ "$(json_str por np.json)" = false ] && [ "$(json_str por_proviso np.json)" = "off (--no-por)" ]; } \
	&& ok "--no-por: fast's search and heuristics stay, reduction off, preset_overrides [--no-por]" \
	|| fail "--no-por: $(head -c 400 np.json)"
expect 1 'search greedy, heuristic alt(hf, dL, pdb-cone, hU, none, none:deep) (preset fast, --no-por)' \
	"--no-por: the results line names the preset and the option given" -- "$dmc" check counter.pml --no-por
grep -q 'trail not guaranteed shortest: greedy search does not look for the shortest trail' out.txt \
	&& ok "greedy: the trail is not guaranteed shortest, and the results say why" \
	|| fail "greedy: no 'not guaranteed shortest' line: $(grep -i shortest out.txt)"
# another search: the preset's list gives way to its first admissible
# heuristic (dL), said in the results; astar does not reduce
"$dmc" check counter.pml --search astar --json > sa.json 2> sa.err
{ [ "$(json_str search sa.json)" = astar ] && [ "$(json_str heuristic sa.json)" = dL ] \
  && [ "$(json_str preset sa.json)" = fast ] && [ "$(json_get '.preset_overrides | join(" ")' sa.json)" = --search ] \
  && json_str preset_note sa.json | grep -q 'first admissible heuristic, dL' \
  && [ "$(json_str por sa.json)" = false ] && [ "$(json_str shortest sa.json)" = true ] \
  && [ "$(json_num trail_length sa.json)" = "$bfs_len" ]; } \
	&& ok "--search astar: dL (fast's first admissible), no reduction, shortest ($bfs_len steps, as SPIN's BFS)" \
	|| fail "--search astar: $(head -c 600 sa.json)"
expect 2 'ask for opposite things' "--por with --no-por: refused" -- "$dmc" check counter.pml --por --no-por
# A* means shortest: on the demo model (two noise processes) A* with dL
# and no reduction gives SPIN BFS's trail; --por reduces and says the
# trail is not guaranteed shortest (it is not: the noise goes first)
mkdir -p cn && cp "$top/contrib/models/counter_noise.pml" cn/
spin_ref cn counter_noise.pml "-O2 -DBFS -DNOREDUCE" 0 "" pan -DNOISE=2
cn_bfs=$(trail_steps cn/counter_noise.pml.trail)
rm -f cn/counter_noise.pml.trail
(cd cn && "$dmc" check counter_noise.pml --spin-opts=-DNOISE=2 --search astar --heuristic dL --json > a.json 2> a.err)
{ [ -n "$cn_bfs" ] && [ "$(json_num trail_length cn/a.json)" = "$cn_bfs" ] && [ "$(json_str shortest cn/a.json)" = true ] \
  && [ "$(json_str shortest_reason cn/a.json)" = "" ] && [ "$(json_str por cn/a.json)" = false ] \
  && [ "$(json_str por_proviso cn/a.json)" = "off (astar looks for the shortest trail; --por reduces)" ]; } \
	&& ok "counter_noise: astar dL without reduction, $cn_bfs steps as SPIN's BFS, guaranteed shortest" \
	|| fail "counter_noise: astar dL: SPIN's BFS $cn_bfs steps; $(head -c 600 cn/a.json)"
(cd cn && "$dmc" check counter_noise.pml --spin-opts=-DNOISE=2 --search astar --heuristic dL --por > p.txt 2>&1)
grep -q 'trail not guaranteed shortest: partial-order reduction (--por)' cn/p.txt \
	&& grep -q 'partial-order reduction *on' cn/p.txt \
	&& ok "counter_noise: astar --por reduces and says the trail is not guaranteed shortest" \
	|| fail "counter_noise: astar --por: $(grep -i 'shortest\|partial' cn/p.txt)"

# limits end the search cleanly, with statistics
cat > big.pml <<'EOF'
byte a, b, c, d;
active proctype P() { do :: a++ :: b++ :: c++ :: d++ od }
active proctype Q() { assert(a + b + c + d < 2000) }
EOF
expect 3 'time limit' "--time-limit ends the search cleanly: incomplete, exit 3" -- "$dmc" check big.pml --search bfs --time-limit 1
expect 3 'memory limit' "--memlim ends the search cleanly: incomplete, exit 3" -- "$dmc" check big.pml --search bfs --memlim 200 -- -w20
grep -q 'states stored' out.txt && ok "a limited search still reports its statistics" || fail "no statistics after --memlim"

# pan --help lists the runtime's options next to pan's
bdir=$(ls -d "$DMC_CACHE"/*/ | head -n 1)
expect 1 '--heuristic H' "pan --help lists the runtime's options" -- "$bdir/pan" --help
grep -q 'hashtable' out.txt && ok "pan --help lists pan's own options" || fail "pan --help lacks pan's options"
grep -q 'none, dL, dU, hf, deadlock, hL, hU, hUc, htime' out.txt && ok "pan --help lists every heuristic" \
	|| fail "pan --help lacks heuristics: $(grep -A1 -e '--heuristic' out.txt)"
grep -q -e '^  --query' out.txt && fail "pan --help lists dmc check's own --query" || ok "pan --help lists no option of dmc check alone"
expect 2 "unknown option '--replay'" "pan refuses dmc check's own options" -- "$bdir/pan" --replay

# the plugin refuses a pan.c without the breadth-first code
spin -a fine.pml > /dev/null 2>&1
expect 1 'has no function' "the plugin refuses pan.c compiled without -DBFS" -- \
	gcc -fplugin="$top/build/dmc-gcc.so" -c pan.c -o pan.o
# dmc cc builds a working pan by hand
expect 0 '' "dmc cc builds pan from SPIN's pan.c" -- "$dmc" cc -O2 -DNOREDUCE pan.c -o pan_cc
expect 0 'verdict' "that pan runs" -- ./pan_cc --search greedy
expect 0 '' "dmc cc --portable builds pan without the plugin" -- "$dmc" cc --portable -O2 -DNOREDUCE pan.c -o pan_port
expect 0 'verdict' "the portable pan runs" -- ./pan_port --search greedy
# pan's hash table (128 MB at -w24) is zeroed by the system as it is
# written, not page by page before the search (glue_memory.c)
./pan_cc --json > mem.json 2>/dev/null
awk -v m="$(json_num memory_mb mem.json)" -v r="$(json_num peak_rss_mb mem.json)" \
	'BEGIN { exit !(m >= 128 && r > 0 && r < 32) }' \
	&& ok "pan's 128 MB hash table is not written at start-up (peak RSS $(json_num peak_rss_mb mem.json) MB)" \
	|| fail "pan's memory $(json_num memory_mb mem.json) MB, peak RSS $(json_num peak_rss_mb mem.json) MB"
./pan_port --json > memp.json 2>/dev/null
awk -v r="$(json_num peak_rss_mb memp.json)" 'BEGIN { exit !(r > 0 && r < 32) }' \
	&& ok "the portable pan's neither" || fail "portable pan: peak RSS $(json_num peak_rss_mb memp.json) MB"
# --jobs: each file compiled on its own, then linked; the same pan
expect 0 '' "dmc cc --jobs 2 builds pan" -- "$dmc" cc --jobs 2 -O2 -DNOREDUCE pan.c -o pan_jobs
./pan_cc --search greedy > cc1.out 2>&1
./pan_jobs --search greedy > cc2.out 2>&1
[ "$(grep -E 'states stored|verdict' cc1.out)" = "$(grep -E 'states stored|verdict' cc2.out)" ] \
	&& ok "the --jobs pan searches as the one-command pan" || fail "--jobs pan differs: $(tail -n 5 cc2.out)"
[ -z "$(ls pan_jobs-*.o 2>/dev/null)" ] && ok "--jobs leaves no object files" || fail "--jobs left $(ls pan_jobs-*.o)"
expect 2 "cc: --jobs x: expected a number of compilers, 1 to 64" "dmc cc --jobs x: refused" -- "$dmc" cc --jobs x pan.c
expect 1 'error' "dmc cc --jobs 2: a compile error is the compiler's status" -- "$dmc" cc --jobs 2 -DVECTORSZ=nonsense pan.c -o pan_bad

# hL and hU on the seed paper's Fig. 2 and Fig. 3 (tests/models/relax_*)
cp "$top/tests/models/relax_chain_bad.pml" "$top/tests/models/relax_cycle_bad.pml" .
json_int() { sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p" "$2"; }
for h in hL hU; do
	"$dmc" check relax_chain_bad.pml --search greedy --heuristic $h --json -- -E > chain.json 2>/dev/null
	[ "$(json_int h_initial chain.json)" = 7 ] && ok "Fig. 2: $h of the initial state is the exact distance (7 pan steps)" \
		|| fail "Fig. 2: $h h_initial $(json_int h_initial chain.json), expected 7"
	[ "$(json_int states_pruned chain.json)" = 6 ] && ok "Fig. 2: $h prunes the 6 dead-end states" \
		|| fail "Fig. 2: $h pruned $(json_int states_pruned chain.json) states, expected 6"
	[ "$(json_str verdict chain.json)" = "violation" ] && ok "Fig. 2: $h finds the violation" || fail "Fig. 2: $h: $(cat chain.json)"
done
"$dmc" check relax_chain_bad.pml --search greedy --heuristic dL --json -- -E > chain_dL.json 2>/dev/null
[ "$(json_int states_stored chain.json)" -lt "$(json_int states_stored chain_dL.json)" ] \
	&& ok "Fig. 2: hU stores fewer states than dL" || fail "Fig. 2: hU does not beat dL"
"$dmc" check relax_cycle_bad.pml --search greedy --heuristic hL --json > cycle.json 2>/dev/null
hl=$(json_int h_initial cycle.json)
len=$(json_int trail_length cycle.json)
# the known weakness: one round of the cycle looks like enough
[ -n "$hl" ] && [ "$hl" -le 10 ] && [ "$len" = 141 ] \
	&& ok "Fig. 3: hL underestimates a repeated cycle ($hl for a 141-step trail)" \
	|| fail "Fig. 3: hL $hl, trail $len"

# hUc charges the rounds of the cycle hL and hU take as one
"$dmc" check relax_cycle_bad.pml --search greedy --heuristic hUc --json > cycle_c.json 2>/dev/null
hc=$(json_int h_initial cycle_c.json)
[ -n "$hc" ] && [ "$hc" -ge 60 ] && [ "$(json_str verdict cycle_c.json)" = "violation" ] \
	&& ok "Fig. 3: hUc counts the rounds ($hc; shortest trail 61)" || fail "Fig. 3: hUc $hc"

# Fig. 2 at scale (contrib/models/signal_chain.pml, 8 automata): greedy
# with hL and hU stores 100x fewer states than SPIN's BFS and DFS, A* with
# hL fewer than BFS with a trail as short
mkdir -p chain && cp "$top/contrib/models/signal_chain.pml" chain/
spin_ref chain signal_chain.pml "-O2 -DNOREDUCE -DBFS" 0 -E pbfs
bfs_states=$sr_states
bfs_len=$(sed -n 's/.*depth reached \([0-9]*\).*/\1/p' chain/pbfs.out | head -n 1)
spin_ref chain signal_chain.pml "-O2 -DNOREDUCE" 0 -E pdfs
dfs_states=$sr_states
for h in hL hU; do
	(cd chain && "$dmc" check signal_chain.pml --search greedy --heuristic $h --json -- -E > g$h.json 2>/dev/null)
	st=$(json_int states_stored chain/g$h.json)
	[ -n "$st" ] && [ -n "$bfs_states" ] && [ -n "$dfs_states" ] && [ $((st * 100)) -le "$bfs_states" ] \
		&& [ $((st * 100)) -le "$dfs_states" ] && [ "$(json_str verdict chain/g$h.json)" = "violation" ] \
		&& ok "signal_chain: greedy $h stores $st states (SPIN BFS $bfs_states, DFS $dfs_states)" \
		|| fail "signal_chain: greedy $h stores $st states (SPIN BFS $bfs_states, DFS $dfs_states)"
done
(cd chain && "$dmc" check signal_chain.pml --search astar --heuristic hL --no-por --json -- -E > ahL.json 2>/dev/null)
st=$(json_int states_stored chain/ahL.json)
len=$(json_int trail_length chain/ahL.json)
[ -n "$st" ] && [ "$st" -lt "$bfs_states" ] && [ "$len" = $((bfs_len + 1)) ] \
	&& ok "signal_chain: A* hL stores $st states (SPIN BFS $bfs_states), trail $len as SPIN BFS's" \
	|| fail "signal_chain: A* hL stores $st states, trail $len (SPIN BFS $bfs_states, depth $bfs_len)"

# the heuristic-value cache: exact gives the same search as none at all
# (here with hits: a channel of channels, whose contents hL does not
# see); seed 000's hashed table may not; a bad --hcache is refused
cat > cached.pml <<'EOF'
chan a = [1] of { byte };
chan b = [1] of { byte };
chan q = [3] of { chan };
byte n;
active proctype S() { do :: q!a :: q!b od }
active proctype R() { chan c; do :: q?c -> n++ :: n > 3 -> assert(n < 5) od }
EOF
for hc in off exact 16; do
	"$dmc" check cached.pml --search astar --heuristic hL --hcache $hc --json -- -E > hc_$hc.json 2>/dev/null
done
strip_hc() { json_stable "$1" ", .hcache"; }
hits=$(json_get .hcache.hits hc_exact.json)
[ "$(strip_hc hc_off.json)" = "$(strip_hc hc_exact.json)" ] && [ -n "$hits" ] && [ "$hits" -gt 0 ] \
	&& ok "--hcache exact: $hits hits, the same search as --hcache off" \
	|| fail "--hcache exact differs from off (hits $hits): $(cat hc_exact.json) vs $(cat hc_off.json)"
{ [ "$(json_get .hcache.mode hc_16.json)" = hashed ] && [ "$(json_get .hcache.entries hc_16.json)" = 16 ]; } && [ "$(json_str verdict hc_16.json)" = "violation" ] \
	&& ok "--hcache 16: seed 000's hashed table, the violation found" || fail "--hcache 16: $(cat hc_16.json)"
# the hashed table makes A*'s trail not guaranteed shortest where the
# heuristic keeps one (hL), and only there: dL has no value cache, so
# --hcache changes nothing of its search and its trail stays shortest
[ "$(json_get .shortest hc_16.json)" = false ] \
	&& json_str shortest_reason hc_16.json | grep -q 'without collision check' \
	&& ok "--hcache 16 with hL: the trail is not guaranteed shortest (a hashed cache)" \
	|| fail "--hcache 16 with hL: shortest '$(json_get .shortest hc_16.json)'"
for hc in exact 16; do
	"$dmc" check cached.pml --search astar --heuristic dL --hcache $hc --json -- -E > dl_$hc.json 2>/dev/null
done
{ [ "$(json_get .shortest dl_16.json)" = true ] && [ -z "$(json_get .hcache dl_16.json)" ] \
  && [ "$(json_stable dl_exact.json ", .memlim_mb")" = "$(json_stable dl_16.json ", .memlim_mb")" ]; } \
	&& ok "--hcache 16 with dL (no cache): the same search, the trail guaranteed shortest" \
	|| fail "--hcache 16 with dL: $(cat dl_16.json)"
expect 2 'expected off, exact, exact:N or N' "a bad --hcache is refused" -- "$dmc" check cached.pml --heuristic hL --hcache lots

expect 0 'abstract model: ' "dmc model prints the abstract model hL/hU use" -- "$dmc" model relax_chain_bad.pml
grep -q 'rendezvous' out.txt && ok "dmc model shows the rendezvous synchronisation" || fail "dmc model: $(head -c 300 out.txt)"

echo "cli: $passed passed, $failed failed"
[ $failed = 0 ]
