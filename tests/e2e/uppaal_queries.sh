#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# uppaal_queries.sh -- one build for a UPPAAL file's queries: dmc check
# translates a file's E<> and A[] queries into one model whose Monitor
# checks the query pan's --initial dmc_query=K selects; the file's 13
# queries (tests/models/uppaal/train_gate.q) cost one pan build, and each
# answer equals the answer of the query checked alone (its own build).
# Then pan's --initial on a Promela model, a single query's verifyta
# answer, and channel arrays beyond pan's 255 channels (one Promela
# channel per array: many_channels.xta, the arbiter tree A_6).
e2e_name=uppaal_queries
. "$(dirname "$0")/lib.sh"
models=$top/tests/models/uppaal
cd "$work" || exit 2

answers() { sed -n 's/^ -- Formula \(is satisfied\|is NOT satisfied\|is skipped\|is not decided\).*/\1/p' "$1" | tr '\n' ','; }
# the pan builds in a cache (uppaal-* are the translations)
builds() { find "$1" -mindepth 1 -maxdepth 1 -type d ! -name 'uppaal-*' | wc -l; }

# every query of the file, one build
DMC_CACHE=$work/all expect 1 'Formula is NOT satisfied' "train_gate.q: 13 queries" -- \
	"$dmc" check "$models/train_gate.xta" --query "$models/train_gate.q"
cp out.txt all.txt
s="is satisfied"; n="is NOT satisfied"
answers_all="$s,$s,$s,$s,$n,$s,$s,$s,$s,$s,$n,$n,$n,"
[ "$(answers all.txt)" = "$answers_all" ] && ok "train_gate.q: the answers the model's semantics gives" \
	|| fail "train_gate.q answers: $(answers all.txt)"
[ "$(builds "$work/all")" = 1 ] && ok "train_gate.q: one pan build for 13 queries" \
	|| fail "train_gate.q: $(builds "$work/all") pan builds"
grep -q '^byte dmc_query = DMC_QUERY;' "$work"/all/uppaal-*/train_gate.pml \
	&& [ "$(grep -c ':: assert(dmc_query != ' "$work"/all/uppaal-*/train_gate.pml)" = 13 ] \
	&& ok "train_gate.q: one Monitor assert per query, chosen by dmc_query" \
	|| fail "train_gate.q: the shared translation has no dmc_query or not 13 asserts"
# the same file again: its build is in the cache
DMC_CACHE=$work/all expect 1 '' "train_gate.q again" -- \
	"$dmc" check "$models/train_gate.xta" --query "$models/train_gate.q"
[ "$(answers out.txt)" = "$answers_all" ] && [ "$(builds "$work/all")" = 1 ] \
	&& ok "train_gate.q again: the cached build, the same answers" \
	|| fail "train_gate.q again: $(answers out.txt) $(ls "$work/all")"

# each query alone (its own translation and build): the same answer
k=0
grep -v '^//' "$models/train_gate.q" | while read -r q; do
	k=$((k + 1))
	case $k in 2|5|6|11|12) ;; *) continue ;; esac
	"$dmc" check "$models/train_gate.xta" --query "$q" > one.txt 2>&1
	a=$(answers one.txt)
	b=$(answers all.txt | cut -d, -f$k),
	[ "$a" = "$b" ] && echo "ok query $k '$q': $a" || echo "FAIL query $k '$q': alone $a, with the others $b"
done > each.txt
while read -r r rest; do
	case $r in ok) ok "$rest" ;; *) fail "$rest" ;; esac
done < each.txt
[ "$(grep -c '' each.txt)" = 5 ] || fail "5 queries checked alone: $(cat each.txt)"
grep -q "^Verifying formula 1 at --query:1:1" one.txt && ok "a single query: answered as verifyta answers" \
	|| fail "a single query: no verifyta answer: $(tail -n 3 one.txt)"

# the witness of a query of the shared build, replayed with its dmc_query
DMC_CACHE=$work/all expect 1 'witness in the source model' "train_gate.q --replay: the witnesses" -- \
	"$dmc" check "$models/train_gate.xta" --query "$models/train_gate.q" --replay
grep -q 'counterexample in the source model' out.txt && ok "train_gate.q --replay: A[] Gate.len < N's counterexample" \
	|| fail "train_gate.q --replay: no counterexample"

# pan --initial NAME=V on a Promela model
cat > sel.pml <<'PML'
byte sel;
byte x;
active proctype P() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
active proctype M() { do :: assert(sel != 1 || x != 2) od }
PML
expect 0 '' "--initial: without it, sel is 0" -- "$dmc" check sel.pml
expect 1 'assertion violated' "--initial sel=1: the assert checks" -- "$dmc" check sel.pml --initial sel=1
expect 2 "no global scalar variable 'nosuch'" "--initial nosuch=1: refused" -- "$dmc" check sel.pml --initial nosuch=1
expect 2 "300 is outside 'sel'" "--initial sel=300: refused" -- "$dmc" check sel.pml --initial sel=300
expect 2 "expected NAME=VALUE" "--initial sel: refused" -- "$dmc" check sel.pml --initial sel

# channel arrays beyond pan's 255 channels: the element is a field
expect 1 '' "many_channels.q: 300 + 10 channels" -- \
	"$dmc" check "$models/many_channels.xta" --query "$models/many_channels.q"
[ "$(answers out.txt)" = "$s,$s,$n,$s," ] && ok "many_channels.q: the element decides who meets" \
	|| fail "many_channels.q: $(answers out.txt)"
# the arbiter tree A_6 (127 arbiters and clients, 381 channels): spin takes it
sh "$top/contrib/models/gen_arbiter.sh" "$work" 6 > /dev/null
"$dmc" translate arbiter_6.xta --query arbiter_6.q -o arbiter_6.pml 2> a6.err \
	&& spin -a arbiter_6.pml > a6.spin 2>&1 && [ -f pan.c ] \
	&& ok "arbiter_6: spin -a takes the translation (3 channels)" \
	|| fail "arbiter_6: $(cat a6.err a6.spin | tail -n 3)"

echo "uppaal_queries: $passed passed, $failed failed"
[ $failed = 0 ]
