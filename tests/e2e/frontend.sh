#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# frontend.sh -- the translators under hostile and extreme input (issue 13,
# items 9, 14 and 16): a UPPAAL query that tried to close the comment it
# was copied into and compile a c_decl, the same through the model's
# directory name, deep nesting, 32-bit overflow, NUL bytes and ANMLite
# numbers past 2^31-1 give exit 2 with FILE:LINE:COL (never a crash or
# code run); duplicated synchronising edges translate in linear size and
# SPIN agrees with the expected verdicts on the result.
e2e_name=frontend
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

# a constructor in a c_decl: it would create $1 when pan (or spin) runs
payload() {
	printf '// */ c_decl { __attribute__((constructor)) static void dmc_f(void) { system("touch %s"); } } /*' "$1"
}

# ---- item 9: the query of an XML model (the issue's reproduction) ----
cat > inj.xml <<XML
<?xml version="1.0" encoding="utf-8"?>
<nta>
<declaration>int[0,3] n;</declaration>
<template><name>T</name>
<location id="id0"><name>idle</name></location>
<location id="id1"><name>done</name></location>
<init ref="id0"/>
<transition><source ref="id0"/><target ref="id1"/><label kind="assignment">n = 2</label></transition>
</template>
<system>system T;</system>
<queries><query><formula>E&lt;&gt; T.done $(payload "$work/pwned_query")</formula></query></queries>
</nta>
XML
expect 1 'verdict *violation' "XML query with a comment terminator and a c_decl: checked as E<> T.done" -- \
	"$dmc" check inj.xml
[ -e "$work/pwned_query" ] && fail "the c_decl of the XML query ran" || ok "the c_decl of the XML query did not run"
"$dmc" translate inj.xml > inj.pml 2> /dev/null
grep -q 'c_decl' inj.pml && ! grep -q '/\* the query E<> T.done (' inj.pml \
	&& fail "the c_decl is in the Promela outside a comment" || ok "the query in the Promela is its parsed form"

# the same text in a .q file and as --target
printf 'process P() { state a, b; init a; trans a -> b {}; }\nsystem P;\n' > m.xta
printf 'E<> P.b %s\n' "$(payload "$work/pwned_q")" > m.q
expect 1 'verdict *violation' ".q file with a c_decl after //" -- "$dmc" check m.xta --query m.q
expect 2 '--target:1:' "--target with a comment terminator is an error with its position" -- \
	"$dmc" check m.xta --query "E<> P.b */ c_decl { int x; } /*"
[ -e "$work/pwned_q" ] && fail "the c_decl of the .q file ran" || ok "the c_decl of the .q file did not run"

# the model's directory name goes into comments too
dir="$work/x*/ c_decl { __attribute__((constructor)) static void dmc_g(void) { system(\"touch pwned_dir\"); } } /*"
if mkdir -p "$dir" 2> /dev/null; then
	cp m.xta "$dir/m.xta"
	expect 1 'verdict *violation' "a directory name that closes a comment" -- "$dmc" check "$dir/m.xta" --query 'E<> P.b'
	[ -n "$(find "$work" -name pwned_dir)" ] && fail "the c_decl of the directory name ran" \
		|| ok "the c_decl of the directory name did not run"
else
	skipped=$((skipped + 1))
fi

# an XML location id that is not an identifier is not a Promela label
sed 's|<location id="id1"><name>done</name></location>|<location id="x: c_code { abort(); } L"/>|; s|<target ref="id1"/>|<target ref="x: c_code { abort(); } L"/>|; s|<formula>.*</formula>|<formula>E\&lt;\&gt; n == 2</formula>|' inj.xml > ids.xml
expect 1 'verdict *violation' "XML location ids that are not identifiers" -- "$dmc" check ids.xml

# a variable named "witness" in the query's comment does not make an A[]
# counterexample a witness
printf 'int witness;\nprocess P() { state a, b; init a; trans a -> b { assign witness = 1; }; }\nsystem P;\n' > w.xta
expect 1 '^counterexample in the source model' "A[] counterexample with a variable named witness" -- \
	"$dmc" check w.xta --query 'A[] witness == 0'

# globals named like SPIN's ltl operators (U, V, W, X) in a liveness query
printf 'int X, U;\nprocess P() { state a, b; init a; trans a -> b { assign X = 1, U = 1; }; }\nsystem P;\n' > ltl.xta
expect 0 'verdict *no-violation' "globals X and U in an A<> query" -- "$dmc" check ltl.xta --query 'A<> X == 1 && U == 1'

# ---- item 14: constant overflow, deep nesting, duplicated edges ----
printf 'const int K = (1<<30)*(1<<30)*8 / -1;\nprocess P() { state a; init a; }\nsystem P;\n' > ovf.xta
expect 2 'ovf.xta:1:22: integer overflow' "(1<<30)*(1<<30)*8 / -1: overflow at its position" -- \
	"$dmc" check ovf.xta --query 'E<> P.a'
printf 'int a[1 %% 0];\nprocess P() { state a; init a; }\nsystem P;\n' > div.xta
expect 2 'div.xta:1:9: division by zero' "an array size 1 %% 0" -- "$dmc" translate div.xta
parens=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "("; printf "x"; for (i = 0; i < 10000; i++) printf ")" }')
printf 'int x;\nprocess P() { state a; init a; trans a -> a { guard %s > 0; }; }\nsystem P;\n' "$parens" > deep.xta
expect 2 'deep.xta:2:[0-9]*: nested more than 256 levels' "10,000 parentheses in a guard" -- \
	"$dmc" check deep.xta --query 'E<> P.a'
expect 2 '^dmc: --target:1:[0-9]*: nested more than 256' "10,000 parentheses in a query" -- \
	"$dmc" translate m.xta --target "E<> $parens"

# N sender edges and N receiver edges on one channel: x == y after every
# synchronisation, and the receiver's update sees the sender's (z == x)
dup_model() {
	awk -v n="$1" 'BEGIN {
		printf "chan c;\nint[0,%d] x, y, z;\nprocess S() { state a; init a; trans\n", n + 1
		for (i = 0; i < n; i++) printf "  a -> a { guard x == %d; sync c!; assign x = x + 1; }%s\n", i, i < n - 1 ? "," : ";"
		printf "}\nprocess R() { state r; init r; trans\n"
		for (i = 0; i < n; i++) printf "  r -> r { guard y == %d; sync c?; assign y = y + 1, z = x; }%s\n", i, i < n - 1 ? "," : ";"
		printf "}\nsystem S, R;\n"
	}'
}
dup_model 300 > dup300.xta
"$dmc" translate dup300.xta --target 'E<> x == 300' -o dup300.pml 2> /dev/null
size=$(wc -c < dup300.pml)
[ "$size" -lt 1500000 ] && ok "300 x 300 synchronising edges: $size bytes of Promela" \
	|| fail "300 x 300 synchronising edges: $size bytes of Promela (quadratic)"
dup_model 30 > dup30.xta
spin_says() {
	rm -rf s && mkdir s
	errs=
	"$dmc" translate dup30.xta --target "$1" -o s/m.pml 2> s/tr.err \
		&& spin_ref s m.pml "-O0 -DSAFETY" 0 -m100000 && errs=$sr_errors
	case $2/$errs in
	reach/1|unreach/0) ok "duplicated edges '$1': $2 (SPIN)" ;;
	*) fail "duplicated edges '$1': expected $2, SPIN says errors: $errs $(cat s/tr.err 2> /dev/null)" ;;
	esac
}
spin_says 'E<> x == 30 && y == 30' reach
spin_says 'E<> x != y' unreach
spin_says 'E<> x > 0 && z != x' unreach
spin_says 'E<> x == 30 && z == 30' reach
expect 1 'verdict *violation' "dmc check on duplicated edges" -- "$dmc" check dup30.xta --query 'E<> x == 30 && z == 30'
expect 0 'verdict *no-violation' "dmc check on duplicated edges, unreachable" -- "$dmc" check dup30.xta --query 'E<> x > 0 && z != x'

# ---- item 16: NUL bytes, numbers ----
printf 'process P() { state a; init a; }\nsystem P;\n\000 system Q;\n' > nul.xta
expect 2 'nul.xta:3:1: a NUL byte' "a NUL byte in an XTA file" -- "$dmc" translate nul.xta
printf 'E<> P.a\000 junk\n' > nul.q
expect 2 'nul.q:1:8: a NUL byte' "a NUL byte in a .q file" -- "$dmc" translate m.xta --query nul.q
printf 'const int K = 2000000000;\nint[0,1] x;\nprocess P() { state a; init a; }\nsystem P;\n' > big.xta
expect 0 '' "an int above 10^9" -- "$dmc" translate big.xta --target 'E<> x < K'
printf 'PLAN p\nTIMELINE T\n ACTIONS\n  A: [1,2147483648]\n TRANSITIONS\n  A -> A\nEND T\nGOALS\n T.A\nEND p\n' > big.anml
expect 2 'big.anml:4:9: number too large' "an ANMLite number past 2^31-1" -- "$dmc" translate big.anml
printf 'PLAN p\nTIMELINE T\n ACTIONS\n  A: [1,2]\n\000 TRANSITIONS\nEND T\nEND p\n' > nul.anml
expect 2 'nul.anml:5:1: a NUL byte' "a NUL byte in an ANMLite file" -- "$dmc" translate nul.anml

# ---- each front end behind driver/frontend.h: its own options and chart ----
# (issue 43) --query is the UPPAAL front end's option, --horizon the
# ANMLite one's: another language's model says which front ends take it
expect 2 '--horizon is for ANMLite models (.anml), not for a UPPAAL model' \
	"--horizon on a UPPAAL model: the ANMLite front end's option" -- "$dmc" check m.xta --horizon 5
expect 2 '--query is for UPPAAL models (.xml .xta), not for a ANMLite model' \
	"--query on an ANMLite model: the UPPAAL front end's option" -- "$dmc" check big.anml --query 'E<> x'
# --msc is drawn by the model's front end: UPPAAL charts its witness (an
# arrow per synchronisation), ANMLite has none (its chart is dmc plan --gantt)
cp "$top/tests/models/uppaal/gate_queue.xml" gq.xml
expect 1 'witness in the source model' "--msc on a UPPAAL model: its witness, charted" -- \
	"$dmc" trail gq.xml --query 'E<> Ctl.len == N and Ctl.Busy' --msc gq.svg
grep -q 'synchronisation' gq.svg 2> /dev/null && grep -q '<line' gq.svg \
	&& ok "the UPPAAL chart has its synchronisations" || fail "no UPPAAL chart in gq.svg"
printf 'PLAN p\nTIMELINE T\n ACTIONS\n  A: [1,2]\n TRANSITIONS\n  A -> A\nEND T\nGOALS\n T.A\nEND p\n' > small.anml
expect 1 'no messages to chart (ANMLite: dmc plan --gantt' "--msc on an ANMLite model: the front end says so" -- \
	"$dmc" check small.anml --msc small.svg

echo "frontend.sh: $passed passed, $failed failed${skipped:+, $skipped skipped}"
[ "$failed" -eq 0 ]
