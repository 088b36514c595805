#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# driver.sh -- end-to-end tests of what dmc check does around pan: the
# build cache (its key, its verification, its ownership, concurrent
# builds), SPIN's shell never seeing the model's directory, the trails
# beside the model, and signals passed on to pan.  Some need root (a
# read-only or full file system is a small tmpfs); without it they are
# skipped, with a note.
e2e_name=driver
. "$(dirname "$0")/lib.sh"
mounts=""
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
cd "$work" || exit 2
skip() { skipped=$((skipped + 1)); echo "skip $*"; }

# the entry dmc used (--keep)
entry_of() { sed -n 's/^dmc: build directory //p' "$1" | tail -n 1; }
# pan processes of this script's cache
pans() { pgrep -f "$DMC_CACHE/" 2>/dev/null; }
# wait (up to 20 s) until pan runs, then a second more
wait_pan() {
	i=0
	while [ -z "$(pans)" ] && [ $i -lt 100 ]; do sleep 0.2; i=$((i + 1)); done
	sleep 1
}

cat > counter.pml <<'EOF'
int n;
active proctype C() { do :: n < 50 -> n++ :: n > 0 -> n-- od }
active proctype W() { assert(n < 40) }
EOF
cat > fine.pml <<'EOF'
int n;
active [3] proctype P() { do :: n < 5 -> n++ :: n >= 5 -> break od }
EOF

# ---- 4: the key covers everything the build depends on ----
mkdir inc inc/sub abs
cat > inc/m.pml <<'EOF'
#include "a.h"
byte n;
active proctype P() { do :: n < 5 -> n++ :: else -> break od; assert(n < LIMIT) }
EOF
echo '#include "sub/b.h"' > inc/a.h
echo '#define LIMIT 3' > inc/sub/b.h
expect 1 'assertion violated' "include closure: the violation with LIMIT 3" -- "$dmc" check inc/m.pml
echo '#define LIMIT 10' > inc/sub/b.h
expect 0 'no-violation' "an edit in an include of an include is seen (no stale verdict)" -- "$dmc" check inc/m.pml
printf '#include "%s/abs/c.h"\nbyte n;\nactive proctype P() { do :: n < 5 -> n++ :: else -> break od; assert(n < LIMIT2) }\n' "$work" > absinc.pml
echo '#define LIMIT2 10' > abs/c.h
expect 0 'no-violation' "an absolute #include" -- "$dmc" check absinc.pml
echo '#define LIMIT2 4' > abs/c.h
expect 1 'assertion violated' "an edit in an absolute #include is seen" -- "$dmc" check absinc.pml
mkdir sys
echo '#define LIMIT3 3' > sys/d.h
printf '#include <d.h>\nbyte n;\nactive proctype P() { do :: n < 5 -> n++ :: else -> break od; assert(n < LIMIT3) }\n' > sysinc.pml
expect 1 'assertion violated' "a <...> include (--spin-opts -E-I)" -- "$dmc" check sysinc.pml --spin-opts "-E-I$work/sys"
echo '#define LIMIT3 9' > sys/d.h
expect 0 'no-violation' "an edit in a <...> include is seen" -- "$dmc" check sysinc.pml --spin-opts "-E-I$work/sys"

# $CC and $SPIN: another program is another build (each wrapper leaves a mark)
printf '#!/bin/sh\ntouch "%s/cc.used"\nexec gcc "$@"\n' "$work" > cc_wrap
printf '#!/bin/sh\ntouch "%s/spin.used"\nexec spin "$@"\n' "$work" > spin_wrap
chmod +x cc_wrap spin_wrap
"$dmc" check fine.pml --keep > k0.txt 2>&1
CC=$work/cc_wrap "$dmc" check fine.pml --keep > k1.txt 2>&1
[ -f cc.used ] && [ "$(entry_of k0.txt)" != "$(entry_of k1.txt)" ] \
	&& ok "another \$CC: pan is rebuilt with it" || fail "\$CC not in the key: $(cat k1.txt | tail -n 3)"
SPIN=./spin_wrap "$dmc" check fine.pml --keep > k2.txt 2>&1   # relative: spin runs elsewhere
[ -f spin.used ] && [ "$(entry_of k2.txt)" != "$(entry_of k0.txt)" ] \
	&& ok "another \$SPIN (a relative path): pan is rebuilt with it" || fail "\$SPIN not in the key: $(tail -n 3 k2.txt)"
# the plugin, libdmc.a and share/'s headers: a copy of the library directory
mkdir lib
cp -r "$top/build/libdmc.a" "$top/build/dmc-gcc.so" "$top/build/share" lib/
DMC_LIBDIR=$work/lib "$dmc" check fine.pml --keep > k3.txt 2>&1
echo '/* edited */' >> lib/share/runtime.h
DMC_LIBDIR=$work/lib "$dmc" check fine.pml --keep > k4.txt 2>&1
[ -n "$(entry_of k3.txt)" ] && [ "$(entry_of k3.txt)" != "$(entry_of k4.txt)" ] \
	&& ok "an edit in share/'s headers: pan is rebuilt" || fail "share/ headers not in the key: $(tail -n 3 k4.txt)"

# ---- 5 and 11: only a pan this driver built and verified runs ----
# (a model's first run keeps SPIN's trail and stops dmc's pan's build:
# the second builds it)
"$dmc" check counter.pml --keep > /dev/null 2>&1
"$dmc" check counter.pml --keep > k5.txt 2>&1
e=$(entry_of k5.txt)
corrupt() {   # HOW DESCRIPTION
	case $1 in
	empty) : > "$e/pan" ;;
	half) head -c 4096 "$e/pan" > pan.half && cat pan.half > "$e/pan" ;;
	planted) printf '#!/bin/sh\necho verdict no-violation\nexit 0\n' > "$e/pan" ;;
	nodigest) rm -f "$e/pan.digest" ;;
	groupw) chmod g+w "$e/pan" ;;
	esac
	expect 1 'rebuilding' "$2: rebuilt (and said so), the violation found" -- "$dmc" check counter.pml
	grep -q 'assertion violated' out.txt || fail "$2: no assertion violation after the rebuild"
	expect 1 'assertion violated' "$2: the rebuilt pan is used from then on" -- "$dmc" check counter.pml
}
corrupt empty "an empty cached pan"
corrupt half "a truncated cached pan"
corrupt planted "a planted cached pan"
corrupt nodigest "a cached pan without its digest"
corrupt groupw "a group-writable cached pan"

# the cache itself: never /tmp/.cache without HOME; never a directory others can write
for home in unset empty; do
	if [ $home = unset ]; then
		env -u DMC_CACHE -u XDG_CACHE_HOME -u HOME "$dmc" check fine.pml --keep > home.txt 2>&1
	else
		env -u DMC_CACHE -u XDG_CACHE_HOME HOME= "$dmc" check fine.pml --keep > home.txt 2>&1
	fi
	d=$(entry_of home.txt)
	case $d in
	/tmp/.cache/*|"") fail "HOME $home: the build cache is '$d': $(tail -n 2 home.txt)" ;;
	*) ok "HOME $home: the build cache is a directory of the user's ($(dirname "$d"))"
	   rm -rf "$d" "$d.lock"
	   rmdir "$(dirname "$d")" 2>/dev/null ;;   # when it was made for this test
	esac
done
mkdir -m 777 shared
expect 2 'writable by group or others' "a cache others can write is refused" -- env DMC_CACHE="$work/shared" "$dmc" check fine.pml
if [ "$(id -u)" = 0 ] && id nobody > /dev/null 2>&1; then
	mkdir -m 700 theirs && chown nobody theirs
	expect 2 'owned by another user' "a cache of another user is refused" -- env DMC_CACHE="$work/theirs" "$dmc" check fine.pml
else
	skip "a cache of another user (needs root to create one)"
fi

# ---- 7: a model SPIN accepts with a warning ----
cat > dub.pml <<'EOF'
chan c = [1] of { byte };
active proctype P() {
	byte x;
	do
	:: c?x -> skip
	:: else -> break
	od;
	assert(x == 0)
}
active proctype Q() { c!1 }
EOF
expect 1 'dubious use of' "SPIN's warning is shown, the model checked (violation, as SPIN)" -- "$dmc" check dub.pml
"$dmc" check dub.pml --json > dub.json 2> /dev/null
[ "$(json_str verdict dub.json)" = "violation" ] && ok "--json for a model SPIN warns about" || fail "dub --json: $(cat dub.json)"
# ... but not else beside a rendezvous: SPIN's DFS takes the else when the
# offer fails (assertion violated even with -E), pan's BFS code never does
cat > dubrv.pml <<'EOF'
chan c = [0] of { byte };
active proctype P() { if :: c!0 :: else -> assert(false) fi }
EOF
expect 2 'rendezvous channel is not supported' "else beside a rendezvous offer is refused, not a wrong no-violation" -- "$dmc" check dubrv.pml -- -E
# what SPIN's DFS checks but pan's BFS code refuses to compile: named at
# the model's line and column, not as a compiler error in pan.h
cat > hidden.pml <<'EOF'
byte x;
/* hidden in a comment is not a use, */
/* "hidden" */ hidden byte h;    // nor in a string or after //
active proctype A() { h = 1; x = h + 1; assert(x != 2) }
EOF
expect 2 'hidden.pml:3:16: variables declared hidden are not supported' "hidden variables: refused at the declaration" -- "$dmc" check hidden.pml
cat > last.pml <<'EOF'
byte x;
active proctype A() { x = 1; x = 2 }
active proctype B() { (x == 2 && _last == 0) -> assert(false) }
EOF
expect 2 'last.pml:3:34: _last is not supported' "_last: refused at its use" -- "$dmc" check last.pml

# pan's modes that print its tables or replay a trail give no verdict: refused
for m in -d -D -C -r -r2 -S -g; do
	expect 2 'does not search' "pan's $m (no search, no verdict) is refused, not exit 0" -- "$dmc" check dub.pml -- $m
done

# ---- 10: the model's directory never reaches SPIN's shell ----
for d in '$(touch pwned)' 'a$HOME"b' 'with space' "new
line"; do
	mkdir -p "$work/$d" && cp counter.pml "$work/$d/"
	expect 1 'assertion violated' "a model in directory '$d': checked" -- "$dmc" check "$work/$d/counter.pml"
	[ -s "$work/$d/counter.pml.trail" ] && (cd "$work/$d" && spin -t counter.pml 2>&1 | grep -q 'assertion violated') \
		&& ok "directory '$d': the trail beside the model replays with spin -t" \
		|| fail "directory '$d': no trail beside the model, or it does not replay"
done
[ -e pwned ] || [ -e "$work/\$(touch pwned)/pwned" ] || [ -e "$top/pwned" ] \
	&& fail "a directory name ran a command" || ok "no command from a directory name"
# the cache's own path goes to spin too (UPPAAL translations, their witness)
mkdir -m 700 'h$o:me'
cp "$top/contrib/models/arbiter_2.xta" "$top/contrib/models/arbiter_2.q" .
expect 1 'witness in the source model' "a cache under a HOME with \$ and : (UPPAAL model, its witness)" -- \
	env -u DMC_CACHE -u XDG_CACHE_HOME HOME="$work/h\$o:me" "$dmc" check arbiter_2.xta --query arbiter_2.q
grep -q 'arbiter_2.xta:[0-9]' out.txt && ok "the witness's steps name the .xta's lines" || fail "witness: $(tail -n 5 out.txt)"
cp counter.pml 'bad$name.pml'
expect 2 'rename the file' "a model file name SPIN's shell would expand: refused, exit 2" -- "$dmc" check 'bad$name.pml'
cp counter.pml 'my model.pml'
expect 1 'assertion violated' "a model file name with a space" -- "$dmc" check 'my model.pml' --replay
[ -s 'my model.pml.trail' ] && ok "its trail beside it" || fail "no 'my model.pml.trail'"
grep -q 'src/' out.txt && fail "--replay shows the build's own name src/...: $(grep src/ out.txt | head -n 2)" \
	|| ok "--replay names the model as given"

# ---- 12: concurrent runs on a cold cache ----
mkdir conc
cp counter.pml conc/
bad=0
for trial in 1 2; do
	DMC_CACHE=$work/conc/cache$trial
	export DMC_CACHE
	for k in 1 2 3; do
		"$dmc" check conc/counter.pml > conc/out$k.txt 2>&1 &
		eval "p$k=\$!"
	done
	for k in 1 2 3; do
		eval "wait \$p$k"
		rc=$?
		[ $rc = 1 ] || { bad=$((bad + 1)); echo "trial $trial run $k: exit $rc: $(tail -n 3 conc/out$k.txt)"; }
	done
	ls -d "$DMC_CACHE"/build-* "$DMC_CACHE"/run-* > /dev/null 2>&1 && { bad=$((bad + 1)); echo "temporary directories left"; }
done
DMC_CACHE=$work/cache
export DMC_CACHE
[ $bad = 0 ] && ok "3 concurrent runs on a cold cache, 2 trials: all find the violation" \
	|| fail "concurrent runs on a cold cache: $bad failures"
(cd conc && spin -t counter.pml 2>&1 | grep -q 'assertion violated') && ok "the concurrent runs' trail replays" \
	|| fail "the concurrent runs' trail does not replay"

# ---- 15: trails ----
cat > e.pml <<'EOF'
byte n;
active proctype C() { do :: n < 6 -> n++ :: n > 0 -> n-- od }
active proctype W() { do :: assert(n != 3 && n != 5) od }
EOF
echo stale > e.pml7.trail
expect 1 'assertion violated' "pan -e: numbered trails, --replay replays the first" -- "$dmc" check e.pml --search bfs --replay -- -e -c3
[ ! -e e.pml7.trail ] && [ -s e.pml1.trail ] && [ -s e.pml3.trail ] && [ ! -e e.pml4.trail ] \
	&& ok "pan -e: the stale numbered trail removed, this run's three beside the model" \
	|| fail "pan -e trails: $(ls e.pml*)"
cp counter.pml suf.pml
echo stale > suf.pml.trail
expect 1 'assertion violated' "pan -tSUF: --replay replays suf.pml.SUF" -- "$dmc" check suf.pml --replay -- -tmine
[ -s suf.pml.mine ] && [ ! -e suf.pml.trail ] && ok "pan -tSUF: the trail beside the model, the old one gone" \
	|| fail "pan -tSUF: $(ls suf.pml*)"
cp counter.pml stale.pml
echo stale > stale.pml.trail
echo stale > stale.pml2.trail
sed -i 's/n < 40/n < 99/' stale.pml
expect 0 'no-violation' "no violation" -- "$dmc" check stale.pml
ls stale.pml*.trail > /dev/null 2>&1 && fail "old trails stay beside a model without a violation" \
	|| ok "no violation: no old trail stays beside the model"

# a read-only directory, a full disk: a tmpfs (root), or chmod (others)
fs=$work/fs
mkdir "$fs"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=1m tmpfs "$fs" 2>/dev/null; then
	mounts="$fs $mounts"
	cp counter.pml fine.pml "$fs/"
	echo old > "$fs/counter.pml.trail"
	mount -o remount,ro "$fs"
	expect 2 "$fs/counter.pml.trail" "read-only directory with an old trail: exit 2, the trail named" -- "$dmc" check "$fs/counter.pml"
	rm -f "$fs/counter.pml.trail" 2>/dev/null
	mount -o remount,rw "$fs" && rm -f "$fs/counter.pml.trail" && mount -o remount,ro "$fs"
	expect 2 "cannot write the trail $fs/counter.pml.trail" "read-only directory: exit 2, where the trail could not be written" -- "$dmc" check "$fs/counter.pml" --json
	grep -q 'trail -1 steps' out.txt && fail "read-only directory: 'trail -1 steps'" || ok "read-only directory: no 'trail -1 steps'"
	expect 0 'no-violation' "read-only directory, no violation: exit 0" -- "$dmc" check "$fs/fine.pml"
	mount -o remount,rw "$fs"
	# full: the model's file system
	dd if=/dev/zero of="$fs/fill" bs=4k > /dev/null 2>&1
	expect 2 "cannot write the trail $fs/counter.pml.trail" "full disk: exit 2, where the trail could not be written" -- "$dmc" check "$fs/counter.pml"
	[ -e "$fs/counter.pml.trail" ] && fail "full disk: a trail file beside the model ($(wc -c < "$fs/counter.pml.trail") bytes)" \
		|| ok "full disk: no empty or partial trail beside the model"
	ls -a "$fs" | grep -q dmc-trail && fail "full disk: a temporary trail left" || ok "full disk: no temporary trail left"
	# full: the cache's file system
	expect 2 'file system .* is full\|No space left' "a full cache disk: exit 2, said so" -- env DMC_CACHE="$fs/cache" "$dmc" check "$work/fine.pml"
	umount "$fs" && mounts=""
elif [ "$(id -u)" != 0 ]; then
	mkdir "$fs/ro"
	cp counter.pml "$fs/ro/"
	chmod 555 "$fs/ro"
	expect 2 "cannot write the trail $fs/ro/counter.pml.trail" "read-only directory: exit 2, where the trail could not be written" -- "$dmc" check "$fs/ro/counter.pml"
	chmod 755 "$fs/ro"
	skip "full disk (needs root for a small tmpfs)"
else
	skip "read-only directory and full disk (root, and no tmpfs can be mounted)"
fi

# ---- 16: the driver's errors ----
cp arbiter_2.xta keep.xta
expect 2 'is the input' "dmc translate M.xta -o M.xta: refused" -- "$dmc" translate arbiter_2.xta -o ./arbiter_2.xta
cmp -s arbiter_2.xta keep.xta && ok "the model is unchanged" || fail "translate -o replaced the model"
cp "$top/tests/models/pddl/toggle-domain.pddl" "$top/tests/models/pddl/toggle-r.pddl" .
cp toggle-r.pddl keep.pddl
expect 2 'is the input' "dmc translate DOMAIN PROBLEM -o PROBLEM: refused" -- "$dmc" translate toggle-domain.pddl toggle-r.pddl -o toggle-r.pddl
cmp -s toggle-r.pddl keep.pddl && ok "the problem is unchanged" || fail "translate -o replaced the PDDL problem"
mkdir dir.pml dir.xta qdir
expect 2 'dir.pml: is a directory' "a directory as the model" -- "$dmc" check dir.pml
expect 2 'dir.xta: is a directory' "a directory as the (UPPAAL) model" -- "$dmc" check dir.xta
expect 2 '--query qdir: is a directory' "--query DIR" -- "$dmc" check arbiter_2.xta --query qdir
expect 2 '--query needs a value' "--query without a value" -- "$dmc" check arbiter_2.xta --query
for opt in --weight --beam --memlim --max-depth --time-limit; do
	expect 2 'finite number' "$opt nan refused" -- "$dmc" check fine.pml $opt nan
	expect 2 'finite number' "$opt=inf refused" -- "$dmc" check fine.pml $opt=inf
done

# ---- 3: signals to dmc alone reach pan; dmc exits 3 (never 0, and
# only 0-3: not the shell's 128 + N) ----
cat > big.pml <<'EOF'
byte a, b, c, d;
active proctype P() { do :: a++ :: b++ :: c++ :: d++ od }
active proctype Q() { assert(a + b + c + d < 2000) }
EOF
"$dmc" check big.pml --search bfs --max-depth 2 > /dev/null 2>&1   # built
for sig in TERM INT HUP; do
	# a script's background job ignores SIGINT, and one started under
	# nohup SIGHUP (dmc keeps what it inherits ignored): give dmc the
	# defaults back
	env --default-signal=INT,HUP "$dmc" check big.pml --search bfs --json > sig.json 2> sig.err &
	pid=$!
	wait_pan
	kill -$sig $pid
	wait $pid
	rc=$?
	sleep 0.3
	left=$(pans)
	if [ -n "$left" ]; then
		fail "SIG$sig to dmc: pan left running ($left)"
		kill $left 2>/dev/null
	else
		ok "SIG$sig to dmc: no pan left"
	fi
	[ $rc = 3 ] && ok "SIG$sig to dmc: exit 3" || fail "SIG$sig to dmc: exit $rc, expected 3"
done
# ^Z (SIGTSTP) stops pan with dmc, and SIGCONT continues both
# state_of PID WANT TRIES: its state once it starts with WANT (T, or R for
# running), polled TRIES times 0.2 s apart
state_of() {
	i=0
	while [ $i -lt $3 ]; do
		st=$(ps -o stat= -p "$1" 2>/dev/null)
		case "$2/$st" in T/T*|R/[RSD]*) break ;; esac
		sleep 0.2
		i=$((i + 1))
	done
	echo "$st"
}
# in an orphaned process group (the starting shell gone) the kernel
# discards SIGTSTP: nothing stops there, dmc included
sleep 30 &
sp=$!
sleep 0.5                       # sleep itself, not the shell before exec
kill -TSTP $sp
st0=$(state_of $sp T 10)
kill -CONT $sp
kill $sp
wait $sp 2>/dev/null
case "$st0" in
T*)
	env --default-signal=INT "$dmc" check big.pml --search bfs > tstp.out 2>&1 &
	pid=$!
	wait_pan
	p=$(pans | head -n 1)
	kill -TSTP $pid
	st1=$(state_of "$p" T 100)
	kill -CONT $pid
	st2=$(state_of "$p" R 100)
	kill -TERM $pid
	wait $pid
	case "$st1/$st2" in
	T*/[RS]*) ok "SIGTSTP to dmc stops pan, SIGCONT continues it" ;;
	*) fail "SIGTSTP/SIGCONT to dmc: pan's state '$st1' then '$st2'" ;;
	esac ;;
*) skip "SIGTSTP (this script's process group is orphaned: the kernel discards it)" ;;
esac
# while compiling (a cold cache): nothing left behind either
DMC_CACHE=$work/cold "$dmc" check big.pml --json > cold.json 2> cold.txt &
pid=$!
sleep 0.8
kill -TERM $pid
wait $pid
rc=$?
sleep 0.3
if [ $rc = 3 ] && grep -q "interrupted by SIGTERM" cold.txt \
   && [ "$(json_str verdict cold.json)/$(json_str exit_status cold.json)" = incomplete/3 ]; then
	ok "SIGTERM while building: exit 3, says so, JSON verdict incomplete"
else
	fail "SIGTERM while building: exit $rc: $(cat cold.txt) $(cat cold.json)"
fi
ls -d "$work"/cold/build-* > /dev/null 2>&1 && fail "SIGTERM while building: its build directory left" \
	|| ok "SIGTERM while building: no build directory left"
left=$(pgrep -f "$work/cold/" 2>/dev/null)
[ -z "$left" ] && ok "SIGTERM while building: no compiler left" || { fail "SIGTERM while building: left $left"; kill $left 2>/dev/null; }

echo "driver: $passed passed, $failed failed, $skipped skipped"
[ $failed = 0 ]
