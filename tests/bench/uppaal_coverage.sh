#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# uppaal_coverage.sh -- how many public UPPAAL files translate (issue 39:
# "≥ 95 % of public UPPAAL files you fetch translate"), and why the others
# do not.  Public files are never committed: docs/corpus-sources.md says
# where the measured ones came from, docs/uppaal.md has the figures.
#
#   sh tests/bench/uppaal_coverage.sh DIR [LIMIT]
#
# For every *.xml and *.xta below DIR (LIMIT seconds per command, default
# 20): `dmc translate FILE -o OUT.pml` with the file's own stored queries,
# then `spin -a OUT.pml` on a translation.  Each file gets one outcome:
#   translates  dmc translate exits 0 and spin -a accepts the Promela
#   network     the file's stored queries are refused, UPPAAL rejects them
#               too (listed as `query` in the expectation file), and the
#               network translates with --target 'E<> true'
#   lenient     listed as `invalid` (UPPAAL rejects it), and dmc translates it
#   invalid     dmc refuses it (exit 2) and UPPAAL rejects it too, or it is
#               no model (a trace, not well-formed XML, no initial state):
#               listed as `invalid` or `nomodel` with the reason
#   feature     dmc refuses it (exit 2) naming a feature it does not check
#               (the patterns below: stopwatches and other clock rates,
#               doubles, CSP synchronisation, branch weights of 0): "not a
#               model dmc can check exactly"
#   fails       any other refusal: a gap of the translator
#   FINDING     a crash (a signal, an exit status other than 0 and 2), a
#               hang (killed after LIMIT s), a refusal without
#               FILE:LINE:, a translation spin rejects, or a file listed
#               as `nomodel` or `query` that translates (the list is stale)
# The expectation file (tests/bench/uppaal_coverage.expect) lists files by
# name: NAME<TAB>KIND<TAB>why, KIND one of query, invalid, nomodel.
# A translation with clocks is counted as zones or discrete time (the
# Promela's header says which, and why zones are not used).
# Output: the counts and one row per file (outcome, dmc's first message,
# or the clocks' semantics) on standard output.  Exit status 1 when there are findings.
# Environment: UPPAAL_COVERAGE_EXPECT another expectation file,
# UPPAAL_COVERAGE_DMC another dmc binary (an earlier build, for a "before").
e2e_name=bench-uppaal-coverage
. "$(dirname "$0")/../e2e/lib.sh"

die() { echo "uppaal-coverage: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: sh tests/bench/uppaal_coverage.sh DIR [LIMIT]"
dir=$1
limit=${2:-20}
[ -d "$dir" ] || die "$dir: not a directory"
expect_file=${UPPAAL_COVERAGE_EXPECT:-$top/tests/bench/uppaal_coverage.expect}
[ -f "$expect_file" ] || die "$expect_file: no such file"
dmc=${UPPAAL_COVERAGE_DMC:-$dmc}
command -v spin > /dev/null 2>&1 || die "spin not found"
command -v timeout > /dev/null 2>&1 || die "timeout (coreutils) not found"
[ -x "$dmc" ] || die "spin-dmc is not built (./configure && make)"

# features dmc refuses because it cannot check them exactly (one
# extended regular expression, matched against dmc's message)
feature_re='stopwatch|clock rate|type .double|double function|CSP synchronisation|branch weight'

rows=$work/rows
: > "$rows"
nt=0 nn=0 nl=0 ni=0 nx=0 nf=0 nfind=0 total=0
find "$dir" -type f \( -name '*.xml' -o -name '*.xta' \) | LC_ALL=C sort > "$work/files"
# translate FILE [ARGS]: dmc translate into $d/m.pml, then spin -a; $rc, $msg
translate() {
	rm -f "$d/m.pml"
	timeout "$limit" "$dmc" translate "$@" -o "$d/m.pml" > "$d/out" 2> "$d/err" < /dev/null
	rc=$?
	# dmc's error (not a warning), else its first line
	msg=$(grep -v -i 'warning' "$d/err" | head -n 1)
	[ -n "$msg" ] || msg=$(head -n 1 "$d/err")
	msg=$(printf '%s' "$msg" | sed 's/^dmc: //' | tr '|' '/' | cut -c 1-220)
	if [ "$rc" = 0 ] && ! (cd "$d" && timeout "$limit" spin -a m.pml > spin.out 2>&1); then
		rc=spin
		msg="spin -a rejects the translation: $(grep -m 1 -i 'error' "$d/spin.out" | cut -c 1-160)"
	fi
}
# a translation's clocks (its header comment): zones, or discrete time
# and why zones are not used; counted in nz, nd and said in $msg
nz=0 nd=0
clocks() {
	hdr=$(head -n 4 "$d/m.pml")
	case $hdr in *" 0 clocks "*) return 0 ;; esac
	if printf '%s' "$hdr" | grep -q 'clocks as zones, dense time'; then
		nz=$((nz + 1)) msg=zones
		return 0
	fi
	printf '%s' "$hdr" | grep -q 'clocks in discrete time' || return 0
	why=$(printf '%s' "$hdr" | sed -n 's/.*clocks in discrete time (zones are not used: \(.*\)) (docs.*/\1/p')
	nd=$((nd + 1)) msg="discrete time${why:+: $why}"
}
while IFS= read -r f; do
	total=$((total + 1))
	rel=${f#"$dir"/}
	base=$(basename "$f")
	d=$work/f$total
	mkdir -p "$d"
	listed=$(awk -F '\t' -v b="$base" '$1 == b { print $2 "\t" $3; exit }' "$expect_file")
	kind=${listed%%	*}
	why=${listed#*	}
	translate "$f"
	retried=
	if [ "$rc" = 2 ] && [ "$kind" = query ]; then
		retried=1
		translate "$f" --target 'E<> true'
		[ "$rc" = 0 ] && msg="$why"
		[ "$rc" = 2 ] && kind=
	fi
	outcome=
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		outcome=FINDING msg="killed after $limit s"
	elif [ "$rc" = spin ]; then
		outcome=FINDING
	elif [ "$rc" = 0 ] && [ -n "$retried" ]; then
		outcome=network
	elif [ "$rc" = 0 ] && [ "$kind" = invalid ]; then
		outcome=lenient msg="UPPAAL rejects it ($why), dmc translates it"
	elif [ "$rc" = 0 ] && [ -n "$kind" ]; then
		outcome=FINDING msg="translates, but $(basename "$expect_file") lists it ($why)"
	elif [ "$rc" = 0 ]; then
		outcome=translates msg=
		clocks
	elif [ "$rc" != 2 ]; then
		outcome=FINDING msg="exit status $rc: $msg"
	elif ! printf '%s' "$msg" | grep -q '^[^:]*:[0-9][0-9]*:'; then
		outcome=FINDING msg="no FILE:LINE: in the message: $msg"
	elif [ "$kind" = invalid ] || [ "$kind" = nomodel ]; then
		outcome=invalid msg="$why -- dmc: $msg"
	elif printf '%s' "$msg" | grep -q -E "$feature_re"; then
		outcome=feature
	else
		outcome=fails
	fi
	case $outcome in
	translates) nt=$((nt + 1)) ;;
	network) nn=$((nn + 1)) ;;
	lenient) nl=$((nl + 1)) ;;
	invalid) ni=$((ni + 1)) ;;
	feature) nx=$((nx + 1)) ;;
	fails) nf=$((nf + 1)) ;;
	*) nfind=$((nfind + 1)) ;;
	esac
	# the message without the corpus directory
	msg=$(printf '%s' "$msg" | sed "s|$dir/||g")
	printf '| %s | %s | %s |\n' "$rel" "$outcome" "$msg" >> "$rows"
done < "$work/files"

[ "$total" -gt 0 ] || die "no .xml or .xta file below $dir"
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f %%", 100 * a / b; else print "-" }'; }
models=$((total - ni - nl))
echo "# UPPAAL coverage: $dir ($(date -u +%Y-%m-%d), $("$dmc" --version 2> /dev/null | head -n 1))"
echo
echo "| | files |"
echo "|---|---|"
echo "| files | $total |"
echo "| translate | $nt ($(pct "$nt" "$total") of all files) |"
echo "| the network translates, its stored queries are invalid (UPPAAL rejects them too) | $nn |"
echo "| refused: UPPAAL rejects them too, or no models | $ni |"
echo "| translate, though UPPAAL rejects them (dmc is more lenient: no answer for a model UPPAAL checks) | $nl |"
echo "| refused: a feature dmc does not check, named (not a model dmc can check exactly) | $nx |"
echo "| refused: the translator's gaps | $nf |"
echo "| findings (crash, hang, message without a place, Promela spin rejects, stale list) | $nfind |"
echo "| translate with their stored queries and have clocks: as zones (dense time) | $nz |"
echo "| translate with their stored queries and have clocks: in discrete time (why: the rows) | $nd |"
echo "| translate (networks included), of the $models models UPPAAL accepts | $((nt + nn)) ($(pct $((nt + nn)) "$models")) |"
echo "| translate, or refused by name as not checkable exactly, of the $models | $((nt + nn + nx)) ($(pct $((nt + nn + nx)) "$models")) |"
echo
echo "| file | outcome | dmc's message |"
echo "|---|---|---|"
cat "$rows"
[ "$nfind" = 0 ]
