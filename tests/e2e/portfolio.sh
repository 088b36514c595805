#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# portfolio.sh -- end-to-end tests of dmc check's default, the portfolio
# (driver/portfolio.h; docs/usage.md): SPIN's own depth-first pan and the
# guided search at once.  SPIN is the oracle:
#   - a correct model where pan's partial-order reduction leaves a few
#     hundred states and the guided search tens of thousands: verdict
#     no-violation, answered by spin-dfs with SPIN's own state count;
#   - buggy models: exit 1, the trail kept is the shortest of the
#     members' (the anytime search's shortening included), within 1.2x
#     breadth-first's, and replays with spin -t;
#   - a model's first run (SPIN's pan compiled in it) is bounded: when
#     dmc's pan is not built in time, SPIN's trail is kept and the text
#     and JSON say it was not shortened; the next run shortens it;
#   - what spin-dfs checked is what a single run with the same options
#     says it checked (checked / not checked, JSON checked);
#   - liveness (-a, -l, --ltl): SPIN's verdicts, cycles that replay;
#   - a model with several ltl formulas: a portfolio each;
#   - an option that chooses the search, and --portfolio off: a single
#     run as before; --time-limit and --memlim keep the portfolio;
#   - on one core (taskset) the members take turns, same verdicts;
#   - SIGTERM during the portfolio: exit status 3, no pan left running.
# Prints one line per failure and closes with "N passed, N failed".
e2e_name=portfolio
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2
models=$top/tests/models

# portfolio_ref MODEL CFLAGS: SPIN's own verdict and states for MODEL
# (lib.sh's spin_ref in ./ref): ref_errors, ref_states
portfolio_ref() {
	rm -rf ref && mkdir ref && cp "$1" ref/
	spin_ref ref "$(basename "$1")" "-O2 $2" 0 -m1000000
	ref_errors=$sr_errors
	ref_states=$sr_states
}

# ---- a correct model: spin-dfs answers with SPIN's state count ----
cp "$models/portfolio/por_indep_ok.pml" .
portfolio_ref por_indep_ok.pml -DVECTORSZ=4096
"$dmc" check --json por_indep_ok.pml > ok.json 2> ok.err
rc=$?
[ "$rc" = 0 ] && [ "$(json_str verdict ok.json)" = no-violation ] && [ "$ref_errors" = 0 ] \
	&& ok "correct model: no-violation, as SPIN" || fail "correct model: exit $rc, $(head -c 300 ok.json) $(tail -3 ok.err)"
[ "$(json_get .portfolio.answered_by ok.json)" = spin-dfs ] && [ "$(json_str search ok.json)" = spin-dfs ] \
	&& ok "correct model: SPIN's depth-first pan answered" || fail "correct model: answered by $(json_get .portfolio.answered_by ok.json)"
[ "$(json_str states_stored ok.json)" = "$ref_states" ] && ok "spin-dfs stored SPIN's $ref_states states" \
	|| fail "spin-dfs stored $(json_str states_stored ok.json), SPIN $ref_states"
# SPIN's member is SPIN's pan with the plugin's memory redirects only
# (redirects.def): its search SPIN's, its hash table not written at start
spin_member=
for f in "$DMC_CACHE"/*/pan; do
	nm "$f" 2> /dev/null | grep -q dmc_zero_malloc && ! nm "$f" | grep -q dmc_pan_main && spin_member=$f
done
if [ -n "$spin_member" ]; then
	(cd "$(dirname "$spin_member")" && /usr/bin/time -f '%M' -o rss.txt ./pan -m1000000 > member.out 2>&1)
	rss=$(tail -n 1 "$(dirname "$spin_member")/rss.txt")
	grep -q "^ *$ref_states states, stored" "$(dirname "$spin_member")/member.out" && [ "$rss" -lt 65536 ] \
		&& ok "SPIN's member: SPIN's $ref_states states, peak RSS $rss KB (pan's 128 MB table untouched)" \
		|| fail "SPIN's member: RSS $rss KB, $(grep 'states, stored' "$(dirname "$spin_member")/member.out")"
else
	fail "SPIN's member: no cached pan with the memory redirects only"
fi
# the first run: SPIN's pan starts once compiled, beside dmc's compiler,
# which its verdict stops when dmc's pan is not built yet
gv=$(json_get '.portfolio.members.guided.verdict' ok.json)
[ "$gv" = stopped ] || [ "$gv" = not-started ] && ok "the guided member was stopped or not started ($gv)" \
	|| fail "guided member: $(json_get '.portfolio.members.guided' ok.json)"
pgrep -f "cc1.*$DMC_CACHE" > /dev/null && fail "a compiler still runs after dmc check" \
	|| ok "no compiler left running"
expect 0 'portfolio: SPIN.s depth-first search .* answered first: no-violation' "the text report says who answered" -- \
	"$dmc" check por_indep_ok.pml
expect 0 'portfolio: SPIN.s depth-first search .* answered first: no-violation' "--quiet keeps the portfolio" -- \
	"$dmc" check --quiet por_indep_ok.pml
# the preset prove: dmc's breadth-first search with reduction beside
# SPIN's depth-first one (the proof recorded above removed: both run)
rm -f "$DMC_CACHE"/*/proofs
"$dmc" check --json --preset prove por_indep_ok.pml > prove.json 2> prove.err
[ "$(json_str verdict prove.json)" = no-violation ] && [ -n "$(json_get '.portfolio.answered_by' prove.json)" ] \
	&& ok "--preset prove is a portfolio: $(json_get '.portfolio.answered_by' prove.json) answered no-violation" \
	|| fail "--preset prove: $(head -c 400 prove.json) $(tail -n 3 prove.err)"
[ "$(json_get '.portfolio.answered_by' prove.json)" != guided ] || [ "$(json_str search prove.json)" = bfs ] \
	&& ok "--preset prove's guided member runs the preset's breadth-first search" \
	|| fail "--preset prove's guided member: search $(json_str search prove.json)"
ls "$DMC_CACHE"/*/pan > pans.txt 2>/dev/null
[ "$(wc -l < pans.txt)" -ge 1 ] && ok "the build cache holds SPIN's pan" || fail "build cache: $(cat pans.txt)"
# SPIN's pan proved this model with these options: the next run starts
# neither guided nor dmc's compiler (spin_proofs.h); other options do
grep -qx 'pan' "$DMC_CACHE"/*/proofs 2>/dev/null && ok "the proof is recorded beside SPIN's pan" \
	|| fail "no proof recorded: $(cat "$DMC_CACHE"/*/proofs 2>&1)"
"$dmc" check --json por_indep_ok.pml > again.json 2> again.err
[ "$(json_str verdict again.json)" = no-violation ] && [ "$(json_get '.portfolio.members.guided.verdict' again.json)" = not-started ] \
	&& ok "proved before: no-violation again, guided not started" || fail "proved before: $(head -c 400 again.json)"
expect 0 'guided .*not-started .*proved this model with these options before' "the text says why guided did not start" -- \
	"$dmc" check por_indep_ok.pml

# dmc's pan does not compile (a compiler that refuses the plugin):
# SPIN's pan answers, and says so
cat > nocc.sh <<'EOS'
#!/bin/sh
for a in "$@"; do case $a in -fplugin=*) echo "nocc: no plugins here" >&2; exit 1;; esac; done
exec gcc "$@"
EOS
chmod +x nocc.sh
CC=$PWD/nocc.sh "$dmc" check por_indep_ok.pml > nocc.out 2> nocc.err
rc=$?
[ "$rc" = 0 ] && grep -q 'answered first: no-violation' nocc.out && grep -q "dmc's pan did not compile" nocc.err \
	&& grep -q 'nocc: no plugins here' nocc.err && grep -q 'guided    error' nocc.out \
	&& ok "dmc's pan does not compile: SPIN's pan answers, the compiler's message shown" \
	|| fail "dmc's pan does not compile: exit $rc, $(tail -3 nocc.out) $(cat nocc.err)"

# ---- buggy models: the shorter trail kept, replayed by spin -t ----
cp "$models/race_counter_bad.pml" prove_bad.pml
"$dmc" check --json --preset prove prove_bad.pml > prove_bad.json 2> prove_bad.err
rc=$?
spin -t -p prove_bad.pml > prove_replay.txt 2>&1
[ "$rc" = 1 ] && [ "$(json_str verdict prove_bad.json)" = violation ] \
	&& grep -q "trail ends after $(trail_steps prove_bad.pml.trail) steps" prove_replay.txt \
	&& ok "--preset prove on a buggy model: a violation, its trail replayed by spin -t" \
	|| fail "--preset prove, buggy: exit $rc, $(head -c 300 prove_bad.json) $(tail -n 3 prove_replay.txt)"
for m in "$top/contrib/corpus/bakery_bad.pml" "$models/race_counter_bad.pml" "$models/deadlock_locks_bad.pml"; do
	b=$(basename "$m")
	cp "$m" .
	# its first run (SPIN's pan compiled in it): bounded, its trail
	# shortened in that time or SPIN's as it is, said so; it replays
	"$dmc" check --json "$b" > first.json 2> first.err
	rc=$?
	steps=$(trail_steps "$b.trail" 2> /dev/null)
	spin -t -p "$b" > replay.txt 2>&1
	[ "$rc" = 1 ] && [ "$(json_get .portfolio.first_run first.json)" = true ] \
		&& [ "$(json_str trail_length first.json)" = "$steps" ] && grep -q "trail ends after $steps steps" replay.txt \
		&& ok "$b: first run, exit 1, its trail of $steps steps ($(json_get .portfolio.trail_from first.json)'s) replayed" \
		|| fail "$b: first run: exit $rc, $(head -c 400 first.json) $(tail -n 3 replay.txt)"
	ns=$(json_get .portfolio.not_shortened first.json)
	[ "$(json_get .portfolio.trail_shortest first.json)" = true ] || [ -n "$ns" ] \
		|| [ -n "$(json_get .portfolio.members.anytime first.json)" ] \
		&& ok "$b: first run: the trail shortest, shortened, or why not said (${ns:-shortened})" \
		|| fail "$b: first run: neither shortest nor shortened, and no reason: $(head -c 400 first.json)"
	# the runs after it: shortened as the cache allows
	rm -f "$b.trail"
	"$dmc" check --json "$b" > bad.json 2> bad.err
	rc=$?
	from=$(json_get .portfolio.trail_from bad.json)
	if [ "$rc" != 1 ] || [ ! -f "$b.trail" ]; then
		fail "$b: exit $rc, $(head -c 300 bad.json) $(tail -3 bad.err)"
		continue
	fi
	ok "$b: violation, trail from $from"
	steps=$(trail_steps "$b.trail")
	dfs=$(json_get '.portfolio.members."spin-dfs".trail_length' bad.json)
	guided=$(json_get '.portfolio.members.guided.trail_length' bad.json)
	[ "$(json_get ".portfolio.members.\"$from\".trail_length" bad.json)" = "$steps" ] \
		&& ok "$b: the trail beside the model is $from's ($steps steps)" || fail "$b: trail of $steps steps, members $dfs/$guided, from $from"
	[ -z "$dfs" ] || [ -z "$guided" ] || [ "$steps" -le "$dfs" ] && [ "$steps" -le "${guided:-$steps}" ] \
		&& ok "$b: the shorter trail kept" || fail "$b: $steps steps kept of $dfs (spin-dfs) and $guided (guided)"
	[ "$(json_str trail_length bad.json)" = "$steps" ] && ok "$b: trail_length is the trail's" \
		|| fail "$b: trail_length $(json_str trail_length bad.json), the file has $steps steps"
	spin -t -p "$b" > replay.txt 2>&1
	grep -q "trail ends after $steps steps" replay.txt && ok "$b: spin -t replays the $steps steps" \
		|| fail "$b: replay: $(tail -5 replay.txt)"
	# a trail neither member guarantees shortest is shortened (--anytime):
	# at most 1.2x the shortest (breadth-first's), and as long when the
	# portfolio says it is proven shortest
	rm -f "$b.trail"
	"$dmc" check --portfolio off --search bfs --json "$b" > bfs.json 2> /dev/null
	bfs=$(json_str trail_length bfs.json)
	proven=$(json_get .portfolio.trail_shortest bad.json)
	[ -n "$bfs" ] && [ "$((steps * 5))" -le "$((bfs * 6))" ] && { [ "$proven" = false ] || [ "$steps" = "$bfs" ]; } \
		&& ok "$b: the kept trail, $steps steps, is within 1.2x the shortest ($bfs; proven shortest: $proven)" \
		|| fail "$b: kept $steps steps from $from, proven shortest $proven, bfs $bfs"
	[ "$from" != anytime ] || [ "$(json_get .portfolio.members.anytime.trail_length bad.json)" = "$steps" ] \
		&& ok "$b: the anytime member's trail, when kept, is the one reported" \
		|| fail "$b: anytime member $(json_get .portfolio.members.anytime bad.json)"
done

# --shorten 0: the first violation's trail at once, no shortening member
cp "$top/contrib/corpus/bakery_bad.pml" shorten0.pml
"$dmc" check --json --shorten 0 shorten0.pml > shorten0.json 2> shorten0.err
rc=$?
spin -t -p shorten0.pml > shorten0_replay.txt 2>&1
[ "$rc" = 1 ] && [ -z "$(json_get .portfolio.members.anytime shorten0.json)" ] \
	&& [ -z "$(json_get .portfolio.members.bfs shorten0.json)" ] \
	&& grep -q "trail ends after $(trail_steps shorten0.pml.trail) steps" shorten0_replay.txt \
	&& ok "--shorten 0: the first trail kept ($(json_get .portfolio.trail_from shorten0.json)'s), no shortening, replayed" \
	|| fail "--shorten 0: exit $rc, $(head -c 400 shorten0.json) $(tail -n 3 shorten0_replay.txt)"

# a first run whose dmc pan still compiles when SPIN's pan finds the
# violation (its compiler made slow): SPIN's trail at once, said so in
# the text and the JSON, no compiler left running; the next run (SPIN's
# pan cached) waits for dmc's pan and shortens the trail
cat > slowcc.sh <<'EOS'
#!/bin/sh
case " $* " in *" -DDMC_MEMORY_ONLY "*) ;; *" -fplugin="*) sleep 15;; esac
exec gcc "$@"
EOS
chmod +x slowcc.sh
cp "$top/contrib/corpus/bakery_bad.pml" slow1.pml
# another model (one variable more: spin -a's output, so the key, differs)
{ cat "$top/contrib/corpus/bakery_bad.pml"; echo 'byte another_model;'; } > slow2.pml
t_start=$(date +%s)
CC=$PWD/slowcc.sh "$dmc" check --json slow1.pml > slow1.json 2> slow1.err
rc=$?
t_took=$(($(date +%s) - t_start))
spin -t -p slow1.pml > slow1_replay.txt 2>&1
[ "$rc" = 1 ] && [ "$(json_get .portfolio.first_run slow1.json)" = true ] \
	&& [ "$(json_get .portfolio.trail_from slow1.json)" = spin-dfs ] \
	&& [ "$(json_get .portfolio.trail_shortest slow1.json)" = false ] \
	&& [ "$(json_get .portfolio.members.guided.verdict slow1.json)" = not-started ] \
	&& json_get .portfolio.not_shortened slow1.json | grep -q "^first run: dmc's pan was still compiling" \
	&& [ -z "$(json_get .portfolio.members.anytime slow1.json)" ] \
	&& grep -q "trail ends after $(trail_steps slow1.pml.trail) steps" slow1_replay.txt \
	&& ok "first run, dmc's pan not built in time: SPIN's trail kept, said so, replayed ($t_took s)" \
	|| fail "first run, dmc's pan slow: exit $rc, $(head -c 600 slow1.json) $(tail -n 3 slow1.err)"
[ "$t_took" -lt 15 ] && ok "the first run did not wait for dmc's pan (${t_took} s)" \
	|| fail "the first run took $t_took s: it waited for dmc's pan"
# (killed compilers this container's init does not reap are zombies: not running)
left=$(ps -eo stat=,args= | awk '$1 !~ /^Z/ && /slowcc[.]sh/')
[ -n "$left" ] && fail "dmc's compiler still runs after the first run: $left" \
	|| ok "dmc's half-built pan stopped with the run"
CC=$PWD/slowcc.sh "$dmc" check slow2.pml > slow2.out 2> slow2.err
rc=$?
[ "$rc" = 1 ] && grep -q "^	trail not shortened  *first run: dmc's pan was still compiling" slow2.out \
	&& grep -q "^	trail shortest  *not guaranteed" slow2.out && grep -q "guided  *not-started" slow2.out \
	&& ok "first run: the text says the trail was not shortened, and why" \
	|| fail "first run, text: exit $rc, $(tail -n 12 slow2.out) $(tail -n 3 slow2.err)"
CC=$PWD/slowcc.sh "$dmc" check --json slow1.pml > slow1b.json 2> slow1b.err
rc=$?
spin -t -p slow1.pml > slow1b_replay.txt 2>&1
s1=$(json_get '.portfolio.members."spin-dfs".trail_length' slow1.json)
s2=$(trail_steps slow1.pml.trail)
[ "$rc" = 1 ] && [ "$(json_get .portfolio.first_run slow1b.json)" = false ] \
	&& [ -z "$(json_get .portfolio.not_shortened slow1b.json)" ] && [ "$s2" -le "$s1" ] \
	&& [ -n "$(json_get .portfolio.members.anytime slow1b.json)$(json_get .portfolio.members.guided.trail_length slow1b.json)" ] \
	&& grep -q "trail ends after $s2 steps" slow1b_replay.txt \
	&& ok "the next run waits for dmc's pan and shortens the trail ($s1 to $s2 steps, $(json_get .portfolio.trail_from slow1b.json)'s)" \
	|| fail "the run after the first: exit $rc, $s1 to $s2 steps, $(head -c 600 slow1b.json)"

# a first run whose trail has one step (a shortest one) does not wait for
# dmc's pan at all
printf 'byte x;\nactive proctype slow() { assert(x == 2) }\n' > slow3.pml
CC=$PWD/slowcc.sh "$dmc" check --json slow3.pml > slow3.json 2> slow3.err
rc=$?
[ "$rc" = 1 ] && [ "$(json_get .portfolio.trail_shortest slow3.json)" = true ] \
	&& [ -z "$(json_get .portfolio.shortening_s slow3.json)" ] && [ -z "$(json_get .portfolio.not_shortened slow3.json)" ] \
	&& [ "$(json_get .portfolio.members.guided.verdict slow3.json)" = not-started ] \
	&& ok "first run, a one-step trail: kept at once, dmc's pan not waited for" \
	|| fail "first run, a one-step trail: exit $rc, $(head -c 500 slow3.json)"

# a one-step trail is a shortest one: kept at once, no shortening member
cat > onestep.pml <<'PML'
byte x;
active proctype first() { assert(x == 1) }
PML
"$dmc" check --json onestep.pml > onestep.json 2> onestep.err
rc=$?
[ "$rc" = 1 ] && [ "$(trail_steps onestep.pml.trail)" = 1 ] && [ "$(json_get .portfolio.trail_shortest onestep.json)" = true ] \
	&& [ -z "$(json_get .portfolio.members.anytime onestep.json)" ] && [ -z "$(json_get .portfolio.members.bfs onestep.json)" ] \
	&& ok "a one-step trail: guaranteed shortest, not shortened" \
	|| fail "one-step trail: exit $rc, $(head -c 400 onestep.json) $(tail -n 3 onestep.err)"

# ---- liveness: SPIN's verdicts, cycles that replay ----
live() {
	want=$1; m=$2; shift 2
	cp "$models/$m" .
	"$dmc" check --json "$m" "$@" > live.json 2> live.err
	rc=$?
	[ "$rc" = "$want" ] && [ -n "$(json_get .portfolio.answered_by live.json)" ] && ok "$m $*: exit $rc" \
		|| fail "$m $*: exit $rc, expected $want: $(head -c 300 live.json) $(tail -3 live.err)"
	if [ "$want" = 1 ]; then
		spin -t "$m" > replay.txt 2>&1
		grep -q 'START OF CYCLE' replay.txt && ok "$m $*: spin -t replays the cycle" \
			|| fail "$m $*: replay: $(tail -5 replay.txt)"
	fi
}
live 1 live_accept_bad.pml -a
live 0 live_accept_ok.pml -a
live 1 live_np_bad.pml -l
live 0 live_np_ok.pml -l
live 1 live_ltl_bad.pml --ltl live
live 0 live_ltl_ok.pml --ltl fair_turns

# ---- several ltl formulas: a portfolio each, the single runs' answers,
# each trail replayed ----
cp "$models/live_multi.pml" .
expect 1 '4 formulas: 3 violated, 1 hold, 0 not decided' "several formulas: a portfolio each, the answers of single runs" \
	-- "$dmc" check live_multi.pml
grep -q '(spin-dfs: ' out.txt && ok "several formulas: SPIN's pan answered some" || ok "several formulas: the guided search answered each"
for f in unfair bad1 bad2; do
	spin -t -k "live_multi.pml.$f.trail" live_multi.pml 2>&1 | grep -q 'START OF CYCLE' \
		&& ok "several formulas: $f's cycle replays" || fail "several formulas: $f: $(ls live_multi.pml*)"
done
"$dmc" check live_multi.pml --json > multi.json 2> /dev/null
[ "$(jq -r '.query.answer' multi.json | grep -c '^not-satisfied$')" = 3 ] \
	&& [ "$(jq -r '.query.answer' multi.json | grep -c '^satisfied$')" = 1 ] \
	&& ok "several formulas --json: one object each, 3 not-satisfied, 1 satisfied" \
	|| fail "several formulas --json: $(jq -c '[.query.answer, .search]' multi.json | tr '\n' ' ')"

# ---- what was checked: spin-dfs's answer says what a single run with
# the same options says ----
same_checked() {
	m=$1; shift
	cp "$models/$m" .
	"$dmc" check --json "$m" "$@" > pf.json 2> /dev/null
	"$dmc" check --portfolio off --json "$m" "$@" > single.json 2> /dev/null
	if [ "$(json_str search pf.json)" != spin-dfs ]; then
		ok "$m $*: checked (the guided search answered: its own report)"
	elif [ "$(jq -cS .checked pf.json)" = "$(jq -cS .checked single.json)" ] && [ "$(jq -c .checked pf.json)" != null ]; then
		ok "$m $*: spin-dfs's checked is a single run's: $(json_get .checked.not_checked pf.json)"
	else
		fail "$m $*: checked $(jq -c .checked pf.json), a single run's $(jq -c .checked single.json)"
	fi
}
same_checked portfolio/por_indep_ok.pml
same_checked live_accept_ok.pml -a
same_checked live_np_ok.pml -l
same_checked live_ltl_ok.pml --ltl fair_turns
same_checked never_claim_ok.pml
expect 0 'not checked  *acceptance cycles (no accept labels), non-progress cycles (-l)' \
	"spin-dfs's text report says what was not checked" -- "$dmc" check por_indep_ok.pml

# ---- options that choose the search: a single run, as before ----
"$dmc" check --json --portfolio on --search dfs por_indep_ok.pml > single.json 2>&1
[ "$(json_str search single.json)" = dfs ] && [ -z "$(json_get .portfolio single.json)" ] \
	&& ok "--search: no portfolio" || fail "--search: $(head -c 300 single.json)"
"$dmc" check --json --portfolio off por_indep_ok.pml > off.json 2>&1
[ "$(json_str search off.json)" = greedy ] && [ -z "$(json_get .portfolio off.json)" ] \
	&& ok "--portfolio off: the guided search alone" || fail "--portfolio off: $(head -c 300 off.json)"
"$dmc" check --json por_indep_ok.pml > dflt.json 2>&1
[ -n "$(json_get .portfolio.answered_by dflt.json)" ] \
	&& ok "no option: the portfolio (the default)" || fail "default: $(head -c 300 dflt.json)"
expect 2 "portfolio" "--portfolio takes on or off" -- "$dmc" check --portfolio maybe por_indep_ok.pml

# ---- the limits change the limits only: still the portfolio; at
# --time-limit both members stop (SPIN's pan has no limit of its own) ----
cat > big.pml <<'PML'
byte a, b, c;
active proctype P() { do :: a = a + 1 :: b = b + 1 :: c = c + 1 od }
PML
start=$(date +%s)
"$dmc" check --json --time-limit 2 --memlim 1024 big.pml > lim.json 2> lim.err
rc=$?
end=$(date +%s)
[ $rc = 3 ] && [ "$(json_str verdict lim.json)" = incomplete ] && [ -n "$(json_get .portfolio.answered_by lim.json)" ] \
	&& [ "$(json_get '.portfolio.members["spin-dfs"].verdict' lim.json)" = stopped ] && [ $((end - start)) -lt 20 ] \
	&& ok "--time-limit 2 --memlim 1024: the portfolio, both members stopped in time (exit 3)" \
	|| fail "--time-limit with the portfolio: exit $rc, $((end - start)) s, $(head -c 400 lim.json)"

# ---- one core: the members take turns ----
if command -v taskset > /dev/null 2>&1; then
	taskset -c 0 "$dmc" check --json por_indep_ok.pml > one.json 2> one.err
	rc=$?
	[ "$rc" = 0 ] && [ "$(json_get .portfolio.time_sliced one.json)" = true ] && [ "$(json_get .portfolio.cores one.json)" = 1 ] \
		&& ok "one core: time slices, no-violation" || fail "one core: exit $rc, $(head -c 300 one.json)"
	taskset -c 0 "$dmc" check race_counter_bad.pml > /dev/null 2>&1
	rc=$?
	[ "$rc" = 1 ] && spin -t race_counter_bad.pml 2>&1 | grep -q 'assertion violated' \
		&& ok "one core: the violation, replayed" || fail "one core: race_counter_bad exit $rc"
fi

# ---- a signal while both members search: exit 3, nothing left running
# (SIGTERM: a job a script starts with & ignores SIGINT, and dmc keeps a
# signal ignored) ----
cat > huge.pml <<'PML'
/* two counters with no bound worth reaching, and a wide state: more
 * states than a test run stores, slowly */
int x, y;
byte pad[1000];
active proctype p()
{
	do
	:: x < 2000000 -> x++; pad[x % 1000] = x % 256
	:: y < 2000000 -> y++; pad[y % 1000] = y % 256
	od
}
PML
pans() { ps -eo args | grep -c "^$DMC_CACHE/.*/pan"; }
"$dmc" check huge.pml > huge.out 2>&1 &
pid=$!
n=0
for i in $(seq 1 1200); do
	n=$(pans)
	[ "$n" -ge 2 ] && break
	sleep 0.1
done
[ "$n" -ge 2 ] && ok "both members run ($n pans)" || fail "the members did not start: $n, $(tail -3 huge.out)"
kill -TERM "$pid"
for i in $(seq 1 300); do
	kill -0 "$pid" 2> /dev/null || break
	sleep 0.1
done
if kill -0 "$pid" 2> /dev/null; then
	fail "SIGTERM: dmc still runs after 30 s"
	kill -KILL "$pid"
fi
wait "$pid"
rc=$?
[ "$rc" = 3 ] && ok "SIGTERM: exit status 3" || fail "SIGTERM: exit status $rc: $(tail -5 huge.out)"
left=$(pans)
[ "$left" = 0 ] && ok "SIGTERM: no pan left running" || fail "SIGTERM: $left pans left: $(ps -eo pid,args | grep "$DMC_CACHE")"

echo "portfolio: $passed passed, $failed failed"
[ "$failed" = 0 ]
