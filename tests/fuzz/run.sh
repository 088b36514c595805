#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# run.sh -- build the seed corpora and run the libFuzzer harnesses
# (docs/fuzzing.md).  Called by make fuzz-run / fuzz-replay / check-full:
#
#   sh tests/fuzz/run.sh fuzz SECONDS H...   fuzz each harness H for SECONDS
#   sh tests/fuzz/run.sh replay 0 H...       run every corpus input and every
#                                            regression input once
#   sh tests/fuzz/run.sh campaign SECONDS H... fuzz each H for SECONDS in
#                                            libFuzzer's fork mode, going on
#                                            after crashes and timeouts (all
#                                            are kept in build/fuzz/crash/H/)
#   sh tests/fuzz/run.sh corpus 0 H...       only (re)build the seed corpora
#
# The working corpus of H is build/fuzz/corpus/H: seeds copied from tests/,
# contrib/ and tests/fuzz/seeds/H, plus what earlier runs found.  Crashes
# go to build/fuzz/crash/H/; the script exits 1 when a harness failed.
# FUZZ_NICE (default 15) is the niceness; FUZZ_ARGS extra libFuzzer flags.
set -u
mode=$1
secs=$2
shift 2
top=$(cd "$(dirname "$0")/../.." && pwd)
B=$top/build/fuzz
nice=${FUZZ_NICE:-15}

# copy the files given into corpus directory $1, named by content
seed() {
	dir=$1
	shift
	mkdir -p "$dir"
	for f in "$@"; do
		[ -f "$f" ] || continue
		sum=$(cksum < "$f" | cut -d' ' -f1)
		cp "$f" "$dir/seed-$sum"
	done
}

# pan's statement texts: the strings of SPIN's transition tables (pan.t)
# for every Promela model of the tests, one file each
stmt_seeds() {
	dir=$1
	command -v spin >/dev/null 2>&1 || return 0
	tmp=$(mktemp -d)
	n=0
	for m in "$top"/tests/models/*.pml "$top"/contrib/models/*.pml; do
		n=$((n + 1))
		mkdir -p "$tmp/$n"
		cp "$m" "$tmp/$n/m.pml"
		(cd "$tmp/$n" && spin -a m.pml >/dev/null 2>&1) || continue
		sed -n 's/.*settr([^"]*"\(.*\)", [0-9]*, [0-9]*, [0-9]*);.*/\1/p' "$tmp/$n/pan.t" |
			sed 's/\\"/"/g' | sort -u > "$tmp/$n/texts"
		i=0
		while IFS= read -r line; do
			i=$((i + 1))
			printf '%s' "$line" > "$tmp/$n/s$i"
		done < "$tmp/$n/texts"
		seed "$dir" "$tmp/$n"/s*
	done
	rm -rf "$tmp"
}

corpus() {
	h=$1
	dir=$B/corpus/$h
	mkdir -p "$dir"
	case $h in
	xta)   seed "$dir" "$top"/contrib/models/*.xta "$top"/tests/models/uppaal/*.xta ;;
	xml)   seed "$dir" "$top"/tests/models/uppaal/*.xml ;;
	query) seed "$dir" "$top"/contrib/models/*.q "$top"/tests/models/uppaal/*.q ;;
	anml)  seed "$dir" "$top"/contrib/anml/*.anml "$top"/tests/models/*/*.anml ;;
	pddl)  for d in "$top"/contrib/pddl/*-domain.pddl; do   # a domain and each of its problems, one file
	           for p in "${d%-domain.pddl}"-*.pddl; do
	               [ "$p" = "$d" ] && continue
	               cat "$d" "$p" > "$dir/seed-$(basename "$p")"
	           done
	       done
	       seed "$dir" "$top"/tests/models/pddl/onefile.pddl ;;
	stmt)  [ -n "$(ls "$dir")" ] || stmt_seeds "$dir" ;;
	lua)   seed "$dir" "$top"/contrib/lua/*.lua "$top"/tests/models/*.lua "$top"/tests/models/*/*.lua ;;
	esac
	seed "$dir" "$top"/tests/fuzz/seeds/"$h"/*
}

status=0
for h in "$@"; do
	bin=$B/fuzz_$h
	[ -x "$bin" ] || { echo "run.sh: $bin missing (make fuzz)" >&2; exit 2; }
	corpus "$h"
	dict=
	[ -f "$top/tests/fuzz/$h.dict" ] && dict=-dict=$top/tests/fuzz/$h.dict
	mkdir -p "$B/crash/$h" "$B/log"
	case $mode in
	corpus) ;;
	replay)
		# corpus directories and regression files, each input once
		regress=
		[ -d "$top/tests/fuzz/regress/$h" ] && regress=$(ls -d "$top/tests/fuzz/regress/$h"/* 2>/dev/null)
		echo "fuzz replay $h: $(ls "$B/corpus/$h" | wc -l) corpus inputs, $(echo $regress | wc -w) regression inputs"
		if ! nice -n "$nice" "$bin" -runs=0 -timeout=30 -rss_limit_mb=2048 "$B/corpus/$h" \
			> "$B/log/replay-$h.log" 2>&1; then
			echo "fuzz replay $h: FAILED on the corpus (build/fuzz/log/replay-$h.log)"
			tail -30 "$B/log/replay-$h.log"
			status=1
		fi
		if [ -n "$regress" ] && ! nice -n "$nice" "$bin" -timeout=30 -rss_limit_mb=2048 $regress \
			> "$B/log/regress-$h.log" 2>&1; then
			echo "fuzz replay $h: FAILED on a regression input (build/fuzz/log/regress-$h.log)"
			tail -30 "$B/log/regress-$h.log"
			status=1
		fi ;;
	campaign)
		log=$B/log/campaign-$h.log
		echo "campaign $h: $secs s (log $log)"
		# shellcheck disable=SC2086
		nice -n "$nice" /usr/bin/time -f "cpu_user %U cpu_sys %S wall %e maxrss_kb %M" \
			"$bin" "$B/corpus/$h" $dict -max_total_time="$secs" -timeout=10 \
			-rss_limit_mb=2048 -max_len=65536 -fork=1 \
			-ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
			-artifact_prefix="$B/crash/$h/" ${FUZZ_ARGS:-} > "$log" 2>&1
		grep -E "^#[0-9]+: cov" "$log" | tail -1
		grep -E "^cpu_user" "$log"
		echo "campaign $h: $(ls "$B/crash/$h" | wc -l) crash/timeout inputs in build/fuzz/crash/$h/" ;;
	fuzz)
		log=$B/log/fuzz-$h.log
		echo "fuzz $h: $secs s (log $log)"
		# shellcheck disable=SC2086
		if ! nice -n "$nice" /usr/bin/time -f "cpu_user %U cpu_sys %S wall %e maxrss_kb %M" \
			"$bin" "$B/corpus/$h" $dict -max_total_time="$secs" -timeout=10 \
			-rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
			-artifact_prefix="$B/crash/$h/" ${FUZZ_ARGS:-} > "$log" 2>&1; then
			echo "fuzz $h: FAILED, crash input in build/fuzz/crash/$h/:"
			grep -E "^(==|SUMMARY|artifact_prefix|.*runtime error)" "$log" | head -20
			status=1
		fi
		grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|cpu_user|Done)" "$log" | tr '\n' ' '
		echo ;;
	*) echo "run.sh: unknown mode '$mode' (fuzz, replay, corpus)" >&2; exit 2 ;;
	esac
done
exit $status
