#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# stores.sh -- SPIN's compact stores with directed search (dmc check
# --store collapse|hc4|bitstate, docs/usage.md "Stores").  On the models
# of the quick tier (quick.list), for every store and every search:
#   - the verdict is SPIN's with the same store flag (SPIN's own
#     depth-first pan built with -DCOLLAPSE, -DHC4 or -DBITSTATE): a
#     violation both ways, with the same error kind; where SPIN finds
#     none, dmc says no-violation (exit 0) with collapse and incomplete
#     (exit 3, the store named as the reason) with hc4 and bitstate,
#     which may miss states -- never exit 0;
#   - the results name the store and its memory per stored state;
#     astar/wastar with bitstate say they ran without re-opening;
#   - every trail replays with spin -t for as many steps as it has;
#   - -a / -l (the nested DFS needs the exact store) are refused, exit 2;
#   - a model that does not fit with the exact store (--memlim) is
#     searched with the bit array, and greedy hL finds its violation.
# STORES_MODELS (a regular expression) picks quick.list's models; the
# default is a set that covers assertions, deadlocks, claims,
# rendezvous, atomic sequences, POR and a UPPAAL translation.
# Prints failures (every check with VERBOSE=1) and "N passed, N failed".
e2e_name=stores
. "$(dirname "$0")/lib.sh"
[ -f "$top/build/libdmc.a" ] || { echo "run make first" >&2; exit 2; }
cd "$work" || exit 2
command -v jq > /dev/null || { echo "stores.sh needs jq (apt-get install jq)" >&2; exit 2; }

flag_of() { case $1 in collapse) echo -DCOLLAPSE ;; hc4) echo -DHC4 ;; bitstate) echo -DBITSTATE ;; esac; }

# store_ref STORE: SPIN's depth-first pan with the store's flag on the
# staged model (lib.sh's spin_ref, pan_STORE): sets ref (violation /
# none) and ref_kind
store_ref() {
	out=$qm_dir/pan_$1.out
	if [ ! -f "$out" ]; then
		np=""; popt=""
		case $qm_mode in a) popt="-a${qm_ltl:+ -N $qm_ltl}" ;; l) np=-DNP; popt=-l ;; esac
		spin_ref "$qm_dir" "$qm_pml" "-O0 $(flag_of "$1") $np" 120 "$popt $qm_pan" "pan_$1" "$qm_spin"
		rm -f "$qm_dir/$qm_pml.trail"
	fi
	if grep -q '^pan:1:' "$out"; then ref=violation; else ref=none; fi
	ref_kind=$(pan_error "$out")
}

# one STORE SEARCH HEURISTIC: dmc check on the staged model
one() {
	st=$1; s=$2; h=$3
	n=$((n + 1)); tag=$st.$n; d=$qm_dir; m=$qm_pml
	what="$qm_name --store $st $s/$h"
	store_ref "$st"
	rm -f "$d/$m.trail"
	modeopt=""
	case $qm_mode in a) modeopt="-a${qm_ltl:+ --ltl $qm_ltl}" ;; l) modeopt=-l ;; esac
	# shellcheck disable=SC2086
	(cd "$d" && "$dmc" check "$m" --json --store "$st" --search "$s" --heuristic "$h" $modeopt \
		${qm_spin:+--spin-opts="$qm_spin"} ${qm_meta:+--meta="$qm_meta"} ${qm_pan:+-- $qm_pan} \
		> "$tag.json" 2> "$tag.err")
	rc=$?
	js() { json_keep "$d/$tag.json"; jq -r "$1" "$d/$tag.json"; }
	if ! v=$(js .verdict 2> /dev/null) || [ -z "$v" ]; then
		fail "$what: exit status $rc, no JSON result: $(head -c 300 "$d/$tag.err")"; return
	fi
	lossy=$(js .store.lossy)
	[ "$(js .store.kind)" = "$st" ] || fail "$what: results name the store '$(js .store.kind)'"
	case $(js .store.bytes_per_state) in ''|null) fail "$what: no memory per stored state" ;; esac
	if [ "$st" = bitstate ] && { [ "$s" = astar ] || [ "$s" = wastar ]; } && [ "$qm_mode" = safety ] \
	   && [ "$(js .store.reopen_off)" != true ]; then
		fail "$what: A* on a bit array must say it did not re-open states"
	fi
	case $ref/$v/$rc in
	violation/violation/1) ok "$what: violation, as SPIN's -D store" ;;
	none/no-violation/0)
		if [ "$lossy" = true ]; then fail "$what: a lossy store gave exit 0"
		else ok "$what: no-violation, as SPIN's"; fi ;;
	none/incomplete/3)
		if [ "$lossy" = true ] || [ "$s" = beam ]; then ok "$what: incomplete ($(js .incomplete_reason))"
		else fail "$what: incomplete with an exact store: $(js .incomplete_reason)"; fi ;;
	violation/incomplete/3)
		# a beam may drop the states on the way to the error
		if [ "$s" = beam ] && [ "$(js .states_dropped)" != 0 ]; then ok "$what: beam dropped states"
		else fail "$what: incomplete ($(js .incomplete_reason)), SPIN finds a violation"; fi ;;
	*) fail "$what: verdict '$v' (exit $rc), SPIN with $(flag_of "$st"): $ref"; return ;;
	esac
	[ "$v" = violation ] || return
	kind=$(pan_error "$d/$tag.err")
	[ "$kind" = "$ref_kind" ] || fail "$what: error '$kind', SPIN's '$ref_kind'"
	replay_trail "$what" "$d" "$m" "$tag" "$kind"
}

grep '^model ' "$top/tests/e2e/quick.list" > "$work/list"
while read -r _ name rest; do
	echo "$name" | grep -Eq "${STORES_MODELS:-^(race_counter_bad|dstep_swap_bad|deadlock_locks_bad|deadlock_locks_E|atomic_counter_ok|never_claim_bad|rv_select_bad|rv_handshake_ok|live_np_bad|fischer_A_5)\$}" || continue
	# shellcheck disable=SC2086
	quick_model "$name" $rest > "$work/stage.err" 2>&1 < /dev/null \
		|| { fail "$name: cannot stage: $(head -c 300 "$work/stage.err")"; continue; }
	n=0
	for st in collapse hc4 bitstate; do
		if [ "$qm_mode" = safety ]; then
			for sh in bfs/none astar/hL wastar/hL greedy/hL beam/hL; do
				one "$st" "${sh%/*}" "${sh#*/}" < /dev/null
			done
		else
			modeopt=-l; [ "$qm_mode" = a ] && modeopt="-a${qm_ltl:+ --ltl $qm_ltl}"
			# shellcheck disable=SC2086
			expect 2 "need SPIN's exact store" "$qm_name $modeopt --store $st: refused" -- \
				sh -c "cd '$qm_dir' && '$dmc' check '$qm_pml' --store $st $modeopt"
		fi
	done
done < "$work/list"

# the bitstate's size is pan's -wN, as with SPIN
d=$work/wsize; mkdir -p "$d"; cp "$top/tests/models/deadlock_ordered_ok.pml" "$d/"
(cd "$d" && "$dmc" check deadlock_ordered_ok.pml --store bitstate --json -- -w20 > w.json 2> w.err)
rc=$?
if [ "$rc" = 3 ] && [ "$(jq -r .store.table_bytes "$d/w.json")" = 131072 ]; then
	ok "bitstate -w20: a bit array of 2^20 bits, incomplete"
else fail "bitstate -w20: exit $rc, table_bytes $(jq -r .store.table_bytes "$d/w.json" 2>&1)"; fi

# a model that does not fit with the exact store: counter_noise (4 noise
# processes, GOAL=40) under --memlim 36.  Greedy hL stores about 480 K
# states on the way to the violation: with the exact store (and a hash
# table of 2^18 slots) that is about 48 MB (pan's and the runtime's
# memory, what --memlim bounds), so the search stops at the limit; with
# the bit array (2^22 bits) about 28 MB, and greedy hL finds the violation.
# (hc4 keeps a hash entry per state, about as large as this model's
# 52-byte vector: no smaller here.)
d=$work/nofit; mkdir -p "$d"; cp "$top/contrib/models/counter_noise.pml" "$d/"
qm_spin="-DNOISE=4 -DGOAL=40"
for st in exact bitstate; do
	w=-w18; [ "$st" = bitstate ] && w=-w22
	(cd "$d" && "$dmc" check counter_noise.pml --spin-opts="$qm_spin" --store "$st" --search greedy --heuristic hL \
		--memlim 36 --json -- $w > "$st.json" 2> "$st.err")
	echo $? > "$d/$st.rc"
done
if [ "$(cat "$d/exact.rc")" = 3 ] && [ "$(jq -r .incomplete_reason "$d/exact.json")" = "memory limit (--memlim)" ]; then
	ok "counter_noise --memlim 36, exact store: does not fit ($(jq -r .memory_mb "$d/exact.json") MB at the limit)"
else fail "counter_noise --memlim 36, exact store: exit $(cat "$d/exact.rc"), $(head -c 300 "$d/exact.json")"; fi
if [ "$(cat "$d/bitstate.rc")" = 1 ] && [ "$(jq -r .verdict "$d/bitstate.json")" = violation ]; then
	ok "counter_noise --memlim 36, --store bitstate: greedy hL finds the violation in $(jq -r .memory_mb "$d/bitstate.json") MB"
	replay_trail "counter_noise --store bitstate --memlim 36" "$d" counter_noise.pml bitstate assert \
		"$(jq -r .trail_length "$d/bitstate.json")"
else fail "counter_noise --memlim 36, --store bitstate: exit $(cat "$d/bitstate.rc"), $(head -c 300 "$d/bitstate.json")"; fi

# a bad --store is a usage error before anything is built
expect 2 "expected exact, collapse, hc4 or bitstate" "--store nonsense: usage error" -- \
	"$dmc" check "$d/deadlock_ordered_ok.pml" --store nonsense

echo "stores: $passed passed, $failed failed"
[ "$failed" = 0 ]
