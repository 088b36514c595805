# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# lib.sh -- what every end-to-end script (and tests/bench/liveness.sh) shares (sourced, not run): the
# paths, a scratch directory holding dmc's build cache, the counters with
# ok/fail, readers for dmc's JSON results and SPIN's trail files, and the
# models of the quick tier (quick.list) as SPIN and dmc see them.
# The sourcing script sets e2e_name first: its scratch directory's tag.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dmc=$top/dmc
examples=/usr/share/doc/spin/examples/Examples
work=$(mktemp -d "${TMPDIR:-/tmp}/dmc-$e2e_name.XXXXXX")
DMC_CACHE=$work/cache
export DMC_CACHE
# a stopped run cleans up and stops (128 + the signal's number): exit
# runs the EXIT trap
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

passed=0
failed=0
skipped=0
ok()   { passed=$((passed + 1)); [ -n "${VERBOSE:-}" ] && echo "ok   $*"; return 0; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# expect STATUS PATTERN DESCRIPTION -- command...: the command's exit
# status and a pattern in its combined output (kept in out.txt); the
# failure shows the output's start and end
expect() {
	want=$1; pat=$2; what=$3; shift 4
	"$@" > out.txt 2>&1
	rc=$?
	if [ "$rc" != "$want" ]; then
		fail "$what: exit status $rc, expected $want: $(head -c 300 out.txt) ... $(tail -c 300 out.txt)"
	elif [ -n "$pat" ] && ! grep -q -e "$pat" out.txt; then
		fail "$what: output lacks '$pat': $(head -c 300 out.txt) ... $(tail -c 300 out.txt)"
	else
		ok "$what"
	fi
}

# json_str KEY FILE, json_num KEY FILE, json_get PATH FILE: dmc's results, read with jq
. "$top/tests/json.sh"

# find_pan PID: the pid of the pan that dmc (process PID) started, in $pan
# ("" when none started within 5 s)
find_pan() {
	pan=""
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		pan=$(pgrep -P "$1" -x pan) && break
		sleep 0.25
	done
}

# Steps in a SPIN trail file (lines that start with a step number).
trail_steps() { grep -c '^[0-9]' "$1"; }

# The processes' steps in a SPIN trail: with a never claim (a "-2:" line)
# the claim's own steps (pid 0) are left out, so that trails which list
# them (SPIN's DFS, spin-dmc) compare with those that do not (-DBFS).
trail_system_steps() {
	awk -F: '/^-2:/ { claim = 1 } /^[0-9]/ && !(claim && $2 == 0) { n++ } END { print n + 0 }' "$1"
}

# pan_run DIR BINARY LIMIT OPTS: run one of SPIN's pans in DIR (LIMIT
# seconds, OPTS split into words) and read its output: sr_rc (the exit
# status, 124/137 on a timeout), sr_o (the output file), sr_errors,
# sr_states, sr_t (pan's elapsed seconds) and sr_len (the trail's
# processes' steps, "-" without a trail; the trail is removed).
pan_run() {
	rm -f "$1"/*.trail
	# shellcheck disable=SC2086
	(cd "$1" && timeout "$3" "./$2" $4 < /dev/null > "$2.out" 2>&1)
	sr_rc=$?
	pan_read "$1" "$2"
}
# pan_read DIR BINARY [keep]: pan_run's reading of DIR/BINARY.out and the
# trail (removed unless "keep" is given)
pan_read() {
	sr_o=$1/$2.out
	sr_errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$sr_o" | head -n 1)
	sr_states=$(sed -n 's/^ *\([0-9][0-9.e+]*\) states, stored.*/\1/p' "$sr_o" | head -n 1)
	sr_t=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$sr_o" | head -n 1)
	sr_len=-
	for sr_tf in "$1"/*.trail; do
		[ -f "$sr_tf" ] && sr_len=$(trail_system_steps "$sr_tf")
	done
	[ "${3:-}" = keep ] || rm -f "$1"/*.trail
}

# spin_ref DIR MODEL CFLAGS LIMIT PANOPTS [NAME [SPINOPTS]]: SPIN's own
# pan, the oracle the scripts compare with.  In DIR, which holds MODEL
# (and the files it includes): spin SPINOPTS -a MODEL (its output in
# DIR/spin.out), gcc -w CFLAGS -o NAME pan.c (NAME default pan; the
# compiler's output in DIR/NAME.cc) -- both again only when MODEL, CFLAGS
# or SPINOPTS changed since NAME was built -- then NAME PANOPTS (words)
# for at most LIMIT seconds (0: no limit), read as pan_run reads it:
# sr_rc, sr_o (DIR/NAME.out), sr_errors ("" when pan gave no count),
# sr_states, sr_t and sr_len (DIR/MODEL.trail's steps, "-" without it).
# The trail pan wrote is left in DIR.  Status 1, no DIR/NAME.out and
# those empty, when spin -a or gcc failed; else 0.
spin_ref() {
	sf_name=${6:-pan}
	sr_rc=; sr_o=$1/$sf_name.out; sr_errors=; sr_states=; sr_t=; sr_len=-
	sf_key="$(file_sum "$1/$2") $2 ${7:-} / $3"
	rm -f "$1/$sf_name.out" "$1/$2.trail"
	if [ ! -x "$1/$sf_name" ] || [ "$(cat "$1/$sf_name.key" 2> /dev/null)" != "$sf_key" ]; then
		rm -f "$1/$sf_name" "$1/$sf_name.key"
		# shellcheck disable=SC2086
		(cd "$1" && spin ${7:-} -a "$2" > spin.out 2>&1 \
		 && gcc -w $3 -o "$sf_name" pan.c > "$sf_name.cc" 2>&1) || return 1
		echo "$sf_key" > "$1/$sf_name.key"
	fi
	# shellcheck disable=SC2086
	(cd "$1" && timeout "$4" "./$sf_name" $5 < /dev/null > "$sf_name.out" 2>&1)
	sr_rc=$?
	pan_read "$1" "$sf_name" keep
	sr_len=-
	[ -f "$1/$2.trail" ] && sr_len=$(trail_system_steps "$1/$2.trail")
	return 0
}

# pan_verdict: the verdict of the pan run pan_run just read, in pv_v
# (violation, no-violation, incomplete: pan's depth bound cut the search,
# timeout, error: pan could not search, e.g. VECTORSZ too small or out of
# memory) and a remark in pv_note (pan's first error, or why it failed;
# "-" without one).
pan_verdict() {
	pv_note=-
	if [ "$sr_rc" = 124 ] || [ "$sr_rc" = 137 ]; then pv_v=timeout
	elif grep -q 'VECTORSZ is too small\|not supported in BFS\|out of memory\|pan: reached -DMEMLIM' "$sr_o"; then
		pv_v=error; pv_note=$(grep -m1 'VECTORSZ\|not supported\|memory\|MEMLIM' "$sr_o" | sed 's/ *(at depth.*//')
	elif [ -z "$sr_errors" ]; then pv_v=error; pv_note=$(tail -n 1 "$sr_o")
	elif [ "$sr_errors" -gt 0 ]; then
		pv_v=violation; pv_note=$(grep -m1 '^pan:1:' "$sr_o" | sed 's/^pan:1: //; s/ (at depth.*//')
	elif grep -q 'max search depth too small' "$sr_o"; then pv_v=incomplete
	else pv_v=no-violation
	fi
}

# replay_why DIR MODEL TRAIL KIND OUT: spin -t replays TRAIL (a file in
# DIR) of MODEL into DIR/OUT and pv_why says what is wrong with the
# replay, empty when it is right: every step of the trail must replay,
# and the replay must show the error KIND (pan's words, e.g. the results'
# "error"): an assertion violation "assertion violated", an acceptance or
# non-progress cycle the start of its cycle.  SPIN picks the trail's
# never claim itself (its first line, -2:N:-2).
replay_why() {
	rw_steps=$(trail_steps "$1/$3")
	(cd "$1" && timeout 120 spin -t -p -k "$3" "$2" < /dev/null > "$5" 2>&1)
	rw_ends=$(sed -n 's/.*trail ends after \([0-9-]*\) steps.*/\1/p' "$1/$5" | head -n 1)
	# an error in the initial state: spin -t says "after -4 steps"
	[ "$rw_steps" = 0 ] && rw_ends=0
	pv_why=
	if [ "$rw_ends" != "$rw_steps" ]; then
		pv_why="spin -t replays '$rw_ends' of $rw_steps steps"
		return
	fi
	case $4 in
	*assert*) grep -q 'assertion violated' "$1/$5" || pv_why="the replay shows no assertion violation" ;;
	*acceptance*|*non-progress*) grep -q 'START OF CYCLE' "$1/$5" || pv_why="the replay shows no cycle" ;;
	esac
}

# SPIN's examples the e2e corpus takes (examples.list): "path options"
# per line, comments and blank lines left out.
example_list() {
	grep -v '^#' "$top/tests/e2e/examples.list" | while read -r rel opts; do
		[ -n "$rel" ] && echo "$rel ${opts:-}"
	done
}

# stage_model SRC DIR: a copy of the model in DIR, with the files it
# #includes from beside it (SPIN resolves them from the working directory).
stage_model() {
	mkdir -p "$2"
	cp "$1" "$2/"
	for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\(.*\)".*/\1/p' "$1"); do
		cp "$(dirname "$1")/$inc" "$2/" 2>/dev/null
	done
}

# spin_dfs_run DIR MODEL PANOPTS: SPIN's default depth-first pan of MODEL
# in DIR (spin_ref's pan_dfs), run once for all errors (-c0) into
# DIR/pan_dfs.out.  SPIN's DFS is the oracle where pan -DBFS is not: with
# rendezvous -DBFS "does not preserve all invalid endstates", and it has
# no stutter step for a never claim at a blocked state
# (tests/e2e/rendezvous.sh).
spin_dfs_run() {
	if [ ! -f "$1/pan_dfs.out" ]; then
		spin_ref "$1" "$2" "-O0 -DNOREDUCE" 120 "$3 -c0" pan_dfs
		rm -f "$1/$2.trail"
	fi
}
# spin_dfs_deadlock / spin_dfs_claim_end DIR MODEL PANOPTS: SPIN's DFS
# reports an invalid end state / the never claim's end
spin_dfs_deadlock() { spin_dfs_run "$@"; grep -q '^pan:[0-9]*: invalid end state' "$1/pan_dfs.out"; }
spin_dfs_claim_end() { spin_dfs_run "$@"; grep -q '^pan:[0-9]*: end state in claim reached' "$1/pan_dfs.out"; }

# replay_trail WHAT DIR MODEL TAG KIND [LEN]: MODEL's trail in DIR exists,
# has LEN steps (when given: the results' trail_length), and spin -t
# ($qm_spin) replays every step of it up to the KIND error (pan_error's
# names); the trail is then kept as DIR/TAG.trail.
replay_trail() {
	if [ ! -f "$2/$3.trail" ]; then fail "$1: no trail file $3.trail"; return; fi
	_steps=$(trail_steps "$2/$3.trail")
	[ -z "${6:-}" ] || [ "$_steps" = "$6" ] || fail "$1: trail_length $6, the file has $_steps steps"
	# shellcheck disable=SC2086
	(cd "$2" && timeout 60 spin $qm_spin -t -p "$3" > "$4.replay" 2>&1)
	_ends=$(sed -n 's/.*trail ends after \([0-9]*\) steps.*/\1/p' "$2/$4.replay")
	# an error in the initial state: spin -t says "after -4 steps"
	[ "$_steps" = 0 ] && _ends=0
	case $5 in
	assert) _sign='assertion violated' ;;
	acceptance|non-progress) _sign='START OF CYCLE' ;;
	*) _sign='' ;;
	esac
	if [ "$_ends" != "$_steps" ]; then fail "$1: spin -t replays '$_ends' of $_steps steps"
	elif [ -n "$_sign" ] && ! grep -q "$_sign" "$2/$4.replay"; then
		fail "$1: spin -t's replay does not reach the $5 error ('$_sign')"
	else ok "$1: spin -t replays its $_steps steps"; fi
	mv "$2/$3.trail" "$2/$4.trail"
}

# The kind of error a pan run reported (its first "pan:1:" line in FILE).
pan_error() {
	case $(grep -m1 '^pan:1:' "$1") in
	*"assertion violated"*) echo assert ;;
	*"invalid end state"*) echo deadlock ;;
	*"acceptance cycle"*) echo acceptance ;;
	*"non-progress cycle"*) echo non-progress ;;
	*claim*) echo claim ;;
	"") echo none ;;
	*) echo other ;;
	esac
}

# quick_model NAME PATH [key=value...]: a "model" line of quick.list
# (its keys are described there).  Stages the model as $work/NAME/NAME.pml
# -- a UPPAAL or ANMLite model translated by dmc translate -- and sets
# qm_name, qm_src (absolute), qm_dir, qm_pml, qm_front (pml, uppaal,
# anml), qm_query (the UPPAAL query file, or empty), qm_meta (an ANMLite
# translation's timeline data beside it, for dmc check --meta, or empty),
# qm_horizon, qm_mode (safety, a, l), qm_ltl, qm_spin (spin -a options)
# and qm_pan (pan options).
# Status 1 (after a message) when the model cannot be staged.
quick_model() {
	qm_name=$1; qm_rel=$2; qm_src=$top/$2; shift 2
	qm_dir=$work/$qm_name; qm_pml=$qm_name.pml; qm_query=""
	qm_mode=safety; qm_ltl=""; qm_spin=""; qm_pan=""; qm_horizon=""; qm_meta=""
	for kv in "$@"; do
		case $kv in
		mode=*) qm_mode=${kv#mode=} ;;
		ltl=*) qm_ltl=${kv#ltl=}; qm_mode=a ;;
		pan=*) qm_pan="$qm_pan ${kv#pan=}" ;;
		spin=*) qm_spin="$qm_spin ${kv#spin=}" ;;
		horizon=*) qm_horizon=${kv#horizon=} ;;
		*) echo "quick.list: $qm_name: unknown key '$kv'" >&2; return 1 ;;
		esac
	done
	mkdir -p "$qm_dir"
	case $qm_src in
	*.pml)
		qm_front=pml
		stage_model "$qm_src" "$qm_dir"
		cp "$qm_src" "$qm_dir/$qm_pml"
		qm_pan="$(sed -n 's/^.*pan-options: *//p' "$qm_src" | head -n 1)$qm_pan" ;;
	*.xta|*.xml)
		qm_front=uppaal
		# unmerged statements, as dmc check gives a UPPAAL model
		qm_spin="-o3$qm_spin"
		[ -f "${qm_src%.*}.q" ] && qm_query=${qm_src%.*}.q
		# translated from the checkout's top with relative names: the
		# translation names its source, and the oracle's checksum must
		# not depend on where the checkout is
		(cd "$top" && "$dmc" translate "$qm_rel" ${qm_query:+--query "${qm_rel%.*}.q"} -o "$qm_dir/$qm_pml") ;;
	*.anml)
		qm_front=anml
		qm_meta=$qm_name.h      # the timeline data htime reads
		(cd "$top" && "$dmc" translate "$qm_rel" ${qm_horizon:+--horizon "$qm_horizon"} -o "$qm_dir/$qm_pml" \
			--meta "$qm_dir/$qm_meta") ;;
	*) echo "quick.list: $qm_name: no front end for $qm_src" >&2; return 1 ;;
	esac || return 1
	# shellcheck disable=SC2086
	qm_pan=$(echo $qm_pan); qm_spin=$(echo $qm_spin)
}

# The checksum of a file (cksum's CRC and length).
file_sum() { cksum < "$1" | awk '{ print $1 "-" $2 }'; }
