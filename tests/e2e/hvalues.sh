#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# hvalues.sh -- hL and hU keep their values when their evaluation is
# made cheaper (issue 40).  A best-first search's states and trail
# depend on every h it computes (ties included), so a greedy, A* or ut
# search that stores exactly as many states and finds a trail of exactly
# the same length as before is evidence that the heuristic gave the same
# values on the states it met.  The figures below are what main gave at
# 2ccff2c (5 December 2026), before issue 40's changes to the ATG's
# memo; each run has --hcache off, so that every value is computed, and
# --h-budget off, so that no heuristic is switched off on a plateau.
# They change only when hL/hU's values are meant to change: then the
# commit that changes them says why and updates them here.  (The
# stronger check, every value of a FIFO search compared between two
# builds, is tests/unit/htrace_diff.sh.)  The Fischer rows were
# re-recorded when UPPAAL clocks became zones (the translation changed,
# not hL/hU; the memo's equality on them was checked on integer clocks),
# and the train-gate rows when urgent channels took zones (issue 39,
# branch i39-clockdiff: 125 and 16674 states, trails of 55, in discrete
# time).  Each run has --no-chains: chains (issue 40) store fewer states
# for the same h values, and --cost steps: the figures were recorded with
# g in pan steps (dmc check counts moves on UPPAAL models by default
# since issue 39's --cost, which changes A*'s order, not h).  The ut row went from 266 to 267 states when
# UT judged a rendezvous offer at the receive (branch i40-ut: which
# transitions are useless changed, not hL/hU; 266 at 84333e7^1).
e2e_name=hvalues
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2
command -v jq > /dev/null || { echo "hvalues.sh needs jq (apt-get install jq)" >&2; exit 2; }
m=$top/contrib/models

# model query search heuristic states trail (query "-": none, Promela)
while read -r model q search h states trail; do
	[ -z "$model" ] && continue
	set --
	[ "$q" != - ] && set -- --query "$m/$q"
	what="$model $search/$h"
	"$dmc" check "$m/$model" "$@" --search "$search" --heuristic "$h" --hcache off --h-budget off --no-chains --cost steps \
		--time-limit 300 --json --quiet > run.json 2> run.err
	s=$(json_num states_stored run.json); t=$(json_num trail_length run.json)
	[ "$(json_str verdict run.json)" = violation ] && [ "$s" = "$states" ] && [ "$t" = "$trail" ] \
		&& ok "$what: $s states, trail $t, as before" \
		|| fail "$what: $s states, trail $t (before: $states, $trail): $(tail -c 300 run.err)"
done <<EOF
arbiter_3.xta arbiter_3_mutex.q greedy hU 267 75
arbiter_3.xta arbiter_3_mutex.q astar hL 44030 61
arbiter_3.xta arbiter_3_mutex.q ut hU 267 75
arbiter_4.xta arbiter_4_mutex.q greedy hU 76722 110
arbiter_4.xta arbiter_4_mutex.q astar hU 33933 82
fischer_B_5.xta fischer_B_5.q astar hL 3005 33
fischer_B_5.xta fischer_B_5.q greedy hU 49 33
fischer_C_5.xta fischer_C_5.q greedy hL 106 37
fischer_C_5.xta fischer_C_5.q ut hU 141 37
train_gate_4.xta train_gate_4.q greedy hU 96 45
train_gate_4.xta train_gate_4.q astar hL 1401 45
signal_chain.pml - greedy hU 57 29
filter_mutex_bug.pml - greedy hL 16610 57
EOF

echo "hvalues: $passed passed, $failed failed"
[ $failed = 0 ]
