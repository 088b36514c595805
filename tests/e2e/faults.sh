#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# faults.sh -- end-to-end tests of searches that cannot finish: out of
# memory (ulimit -v, a hash table pan cannot allocate), SIGINT, SIGTERM
# and SIGHUP to pan, pan killed by SIGKILL or SIGSEGV (one of several
# UPPAAL queries too), with --ranks 2 (pan under mpirun) SIGINT, SIGTERM
# and SIGHUP to dmc and a rank killed, a time limit, a state vector
# larger than VECTORSZ, pan's usage errors, -a with -l, NaN and
# out-of-range option values, Lua scripts that would run forever.  None may exit 0; an incomplete
# search exits 3 and --json still prints its results with the reason.
# Prints "N passed, N failed"; VERBOSE=1 prints every check.
e2e_name=faults
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

cp "$top/contrib/models/counter_noise.pml" noise.pml
cat > fine.pml <<'EOF'
int n;
active [3] proctype P() { do :: n < 5 -> n++ :: n >= 5 -> break od }
EOF
# about 16 million states and no violation: no search here finishes
cat > big.pml <<'EOF'
active [3] proctype P() { byte x; do :: x < 250 -> x++ :: x > 0 -> x-- od }
EOF
# a state vector of about 4,400 bytes: more than the VECTORSZ dmc check
# compiles pan with (4096); 1,200 bytes (SPIN's default is 1024) fit
cat > wide.pml <<'EOF'
int a[1100];
active proctype P() { a[1] = 1; assert(a[1] == 1) }
EOF
cat > cycles.pml <<'EOF'
byte x;
active proctype P() { do :: x = 1 - x od }
EOF

# incomplete WHAT REASON RC: dmc's exit status RC was 3 and r.json holds
# exactly one JSON object with verdict incomplete and REASON in
# incomplete_reason
incomplete() {
	what=$1; reason=$2; rc=$3
	v=$(json_str verdict r.json)
	r=$(json_str incomplete_reason r.json)
	if [ "$rc" = 3 ] && [ "$v" = incomplete ] && [ "$(wc -l < r.json)" = 1 ] \
	   && echo "$r" | grep -q -e "$reason"; then
		ok "$what"
	else
		fail "$what: exit status $rc (expected 3), verdict '$v', reason '$r' (expected '$reason'): $(tail -c 300 r.err)"
	fi
}

# --- out of memory ---
# pan's allocator refuses: pan prints "out of memory" and stops (pan
# is built first, without the limit; the limit leaves room for spin -a,
# which dmc runs every time; --memlim above it, or the default limit,
# 90% of it, stops the search first)
"$dmc" check noise.pml --search bfs --no-por --max-depth 1 > /dev/null 2>&1
(ulimit -v 100000; "$dmc" check noise.pml --search bfs --no-por --memlim 1000 --json -- -w16 > r.json 2> r.err)
incomplete "ulimit -v: pan out of memory is incomplete, not no-violation" "out of memory" $?
# without --memlim the search stops cleanly at 90% of what ulimit -v
# allows, before pan's allocator refuses, and says so
(ulimit -v 100000; "$dmc" check noise.pml --search bfs --no-por --json -- -w16 > r.json 2> r.err)
incomplete "ulimit -v, no --memlim: the default limit stops the search" "90% of the memory available" $?
lim=$(json_num memlim_mb r.json)
if [ -n "$lim" ] && [ "$lim" -ge 80 ] && [ "$lim" -le 88 ]; then
	ok "the default limit is 90% of ulimit -v (memlim_mb $lim)"
else
	fail "the default limit under ulimit -v 100000: memlim_mb '$lim', expected 80-88"
fi
# the runtime's own limit (the portfolio halves it for each member:
# portfolio.sh)
"$dmc" check fine.pml --portfolio off --memlim 500 --json > r.json 2> r.err
lim=$(json_num memlim_mb r.json)
[ "$lim" = 500 ] && ok "--memlim 500: memlim_mb 500" || fail "--memlim 500: memlim_mb '$lim'"
# a hash table pan cannot allocate (2^40 slots): out of memory too, before the search
"$dmc" check fine.pml --json -- -w40 > r.json 2> r.err
incomplete "-w40: the hash table cannot be allocated: incomplete" "out of memory" $?
expect 2 'N <= 60' "-w64 (a size pan cannot even compute): usage error, no crash" -- "$dmc" check fine.pml -- -w64

# --- signals to pan ---
"$dmc" check big.pml --search bfs --no-por --max-depth 1 > /dev/null 2>&1   # build pan first
for sig in INT TERM HUP; do
	"$dmc" check big.pml --search bfs --no-por --json > r.json 2> r.err &
	dpid=$!
	find_pan "$dpid"
	sleep 1
	if [ -n "$pan" ]; then kill -"$sig" "$pan"; else fail "SIG$sig: pan did not start"; fi
	wait "$dpid"
	incomplete "SIG$sig to pan: incomplete, exit 3, JSON printed" "interrupted by SIG$sig" $?
done

# child_of PID NAME: the pids of PID's children called NAME, once one
# runs (waits up to 20 s), else nothing
child_of() {
	for i in $(seq 1 80); do
		pgrep -P "$1" -x "$2" && return 0
		sleep 0.25
	done
	return 1
}

# killed WHAT SIGNAL RC: pan died of SIGNAL: exit status RC 3, the signal
# named on standard error (r.err) and in the one JSON object of r.json,
# verdict incomplete
killed() {
	what=$1; sig=$2; rc=$3
	v=$(json_str verdict r.json)
	m=$(json_str message r.json)
	if [ "$rc" = 3 ] && [ "$v" = incomplete ] && [ "$(wc -l < r.json)" = 1 ] \
	   && echo "$m" | grep -q "pan was killed by SIG$sig" && grep -q "pan was killed by SIG$sig" r.err; then
		ok "$what"
	else
		fail "$what: exit status $rc (expected 3), verdict '$v', message '$m': $(tail -c 300 r.err)"
	fi
}

# --- pan killed by a signal it cannot catch: no verdict, incomplete ---
# (SIGKILL is the OOM killer's): exit 3, not 2 ("bad input")
for sig in KILL SEGV; do
	"$dmc" check big.pml --search bfs --no-por --json > r.json 2> r.err &
	dpid=$!
	pan=$(child_of "$dpid" pan)
	sleep 1
	if [ -n "$pan" ]; then kill -"$sig" "$pan"; else fail "SIG$sig: pan did not start"; fi
	wait "$dpid"
	killed "pan killed by SIG$sig: exit 3, the signal named, JSON incomplete" "$sig" $?
done
"$dmc" check big.pml --search bfs --no-por > r.out 2> r.err &
dpid=$!
pan=$(child_of "$dpid" pan)
sleep 1
[ -n "$pan" ] && kill -KILL "$pan"
wait "$dpid"
rc=$?
if [ "$rc" = 3 ] && grep -q "pan was killed by SIGKILL (out of memory?)" r.err; then
	ok "pan killed by SIGKILL, no --json: exit 3, 'out of memory?'"
else
	fail "pan killed by SIGKILL, no --json: exit status $rc: $(tail -c 300 r.err)"
fi

# several UPPAAL queries: the one whose pan was killed is not decided
# (answer unknown, an object with verdict incomplete), the next one runs
# (the first query searches about 16 million states, the second finds a
# counterexample at once)
cat > big.xta <<'EOF'
int[0,250] x, y, z;
process P() {
  state a;
  init a;
  trans
    a -> a { guard x < 250; assign x = x + 1; },
    a -> a { guard x > 0; assign x = x - 1; },
    a -> a { guard y < 250; assign y = y + 1; },
    a -> a { guard y > 0; assign y = y - 1; },
    a -> a { guard z < 250; assign z = z + 1; },
    a -> a { guard z > 0; assign z = z - 1; };
}
system P;
EOF
printf 'A[] x + y + z <= 750\nA[] x <= 1\n' > big.q
"$dmc" check big.xta --query big.q --json > r.json 2> r.err &
dpid=$!
pan=$(child_of "$dpid" pan)
sleep 1
if [ -n "$pan" ]; then kill -KILL "$pan"; else fail "queries: pan did not start"; fi
wait "$dpid"
rc=$?
json_keep r.json
answers=$(jq -r .query.answer r.json | tr '\n' ,)
first=$(head -n 1 r.json | jq -r '.verdict + " " + (.exit_status | tostring) + " " + .message')
if [ "$rc" = 1 ] && [ "$answers" = "unknown,not-satisfied," ] \
   && [ "$first" = "incomplete 3 pan was killed by SIGKILL (out of memory?): no verdict" ]; then
	ok "queries: a killed pan's query is unknown (verdict incomplete), the next one runs"
else
	fail "queries: a killed pan: exit status $rc (expected 1), answers '$answers', first '$first'"
fi

# --- signals with --ranks 2: pan under mpirun ---
# mpirun, signalled, exits 1 whatever its ranks said: dmc takes pan's
# status from the reporting rank (3: interrupted), never 1 (a violation)
if [ -f "$top/build/libdmc_mpi.a" ] && command -v mpirun > /dev/null; then
	"$dmc" check big.pml --ranks 2 --search bfs --no-por --max-depth 1 > /dev/null 2>&1   # build pan
	for sig in INT TERM HUP; do
		# a script's background job ignores SIGINT, and a run under nohup
		# (make check-full started so) SIGHUP; dmc keeps a signal it was
		# started ignoring ignored (run.c), and the runtime's pan catches
		# it regardless: env gives dmc the default back (and execs it,
		# same pid), which dmc then catches
		dflt="env --default-signal=$sig"
		$dflt "$dmc" check big.pml --ranks 2 --search bfs --no-por --json > r.json 2> r.err &
		dpid=$!
		mpi=$(child_of "$dpid" mpirun)
		pan=$([ -n "$mpi" ] && child_of "$mpi" pan)
		sleep 1
		if [ -n "$pan" ]; then kill -"$sig" "$dpid"; else fail "--ranks 2 SIG$sig: pan did not start"; fi
		wait "$dpid"
		incomplete "--ranks 2, SIG$sig to dmc: incomplete, exit 3, one JSON object" "interrupted by SIG\|another rank stopped (a limit or a signal)" $?
		grep -q "dmc: interrupted by SIG$sig" r.err && ok "--ranks 2, SIG$sig: dmc names it" \
			|| fail "--ranks 2, SIG$sig: not named: $(tail -c 200 r.err)"
	done
	# a rank killed by SIGKILL: mpirun exits 137, no verdict
	"$dmc" check big.pml --ranks 2 --search bfs --no-por --json > r.json 2> r.err &
	dpid=$!
	mpi=$(child_of "$dpid" mpirun)
	pan=$([ -n "$mpi" ] && child_of "$mpi" pan | head -n 1)
	sleep 1
	if [ -n "$pan" ]; then kill -KILL "$pan"; else fail "--ranks 2 SIGKILL: pan did not start"; fi
	wait "$dpid"
	killed "--ranks 2, a rank killed by SIGKILL: exit 3, the signal named, JSON incomplete" KILL $?
fi

# the soft processor-time limit (ulimit -t) sends SIGXCPU
(ulimit -S -t 2; "$dmc" check big.pml --search bfs --no-por --json > r.json 2> r.err)
incomplete "ulimit -S -t: SIGXCPU: incomplete" "interrupted by SIGXCPU" $?

# --- time limit ---
"$dmc" check big.pml --search bfs --no-por --json --time-limit 1 > r.json 2> r.err
incomplete "--time-limit: incomplete" "time limit" $?

# --- a lossy store: hash compaction may miss states, never "complete" ---
"$dmc" check fine.pml --cflags -DHC4 --json > r.json 2> r.err
incomplete "-DHC: hash compaction is incomplete, not no-violation" "hash compaction" $?

# --- pan aborts that are not violations ---
expect 2 'VECTORSZ' "VECTORSZ too small: exit 2 saying so, not a violation" -- "$dmc" check wide.pml
[ -f wide.pml.trail ] && fail "VECTORSZ too small: a trail was left" || ok "VECTORSZ too small: no trail"
expect 0 'no-violation' "-DVECTORSZ large enough: the search runs" -- "$dmc" check wide.pml --cflags -DVECTORSZ=8192
cat > wide1200.pml <<'EOF'
int a[300];
active proctype P() { a[1] = 1; assert(a[1] == 1) }
EOF
expect 0 'no-violation' "a 1,200-byte state vector fits dmc check's default VECTORSZ" -- "$dmc" check wide1200.pml
expect 2 'VECTORSZ' "--cflags naming VECTORSZ decides (1024: too small)" -- "$dmc" check wide1200.pml --cflags -DVECTORSZ=1024
expect 2 'refused its options' "pan usage error -Z: exit 2" -- "$dmc" check fine.pml -- -Z
expect 2 'refused its options' "pan usage error -m0: exit 2" -- "$dmc" check fine.pml -- -m0
expect 2 'cannot be combined' "-a -l: refused" -- "$dmc" check cycles.pml -a -l
expect 2 'cannot be combined' "-l -a: refused" -- "$dmc" check cycles.pml -l -a

# --- option values ---
for o in weight max-depth memlim time-limit beam; do
	for v in nan inf -inf 1e300; do
		[ "$o" = max-depth ] || [ "$v" != 1e300 ] || continue
		expect 2 "--$o" "--$o $v: refused" -- "$dmc" check fine.pml --search wastar --$o "$v"
	done
done

# --- Lua scripts that would run forever ---
printf 'search = "greedy"\nxpcall(function() while true do end end, function(e) while true do end end)\n' > xp_load.lua
printf 'search = "greedy"\nfunction priority(s)\n  xpcall(function() while true do end end,\n         function(e) while true do end end)\n  return 0\nend\n' > xp_prio.lua
printf 'search = "greedy"\nlocal s = string.rep("a", 3000)\nlocal r = s:match(".-.-.-.-.-.-b")\n' > pattern.lua
printf 'search = "greedy"\nlocal r = string.rep("", 1 << 60)\n' > rep.lua
printf 'beam = 1e300\n' > beam.lua
printf 'search = "greedy"\n\nbudget = 1e300\n' > budget.lua
printf 'search = "greedy"\nweights = { hf = 0/0 }\n' > nanweight.lua
expect 2 'xp_load.lua:2: instruction budget' "xpcall's handler at load time: bounded, file:line" -- timeout 120 "$dmc" check fine.pml --lua xp_load.lua
expect 2 'xp_prio.lua:4: instruction budget' "xpcall's handler in priority(s): bounded, file:line" -- timeout 120 "$dmc" check fine.pml --lua xp_prio.lua
expect 2 'pattern.lua:3: .*processor time' "a backtracking string.match: stopped, file:line" -- timeout 120 "$dmc" check fine.pml --lua pattern.lua
expect 2 'rep.lua:2: .*processor time' "string.rep of 2^60 empty strings: stopped, file:line" -- timeout 120 "$dmc" check fine.pml --lua rep.lua
expect 2 'beam.lua:1: beam' "beam = 1e300: refused" -- "$dmc" check fine.pml --lua beam.lua
expect 2 'budget.lua:3: budget' "budget = 1e300: refused" -- "$dmc" check fine.pml --lua budget.lua
expect 2 'nanweight.lua:2: weights' "a NaN weight: refused" -- "$dmc" check fine.pml --lua nanweight.lua

echo "faults: $passed passed, $failed failed"
[ "$failed" = 0 ]
