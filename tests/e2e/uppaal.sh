#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# uppaal.sh -- end-to-end tests of the UPPAAL translator: small networks
# (tests/models/uppaal) translated with `dmc translate` and checked by
# SPIN itself (the oracle): a location the source model reaches is
# reached (pan reports the query's assertion), one it cannot reach is not
# (pan finds no error in the full state space).  Then `dmc check` on the
# contrib Fischer family (5 processes) with several searches, the
# counterexample in the model's terms, and malformed input (exit 2).
e2e_name=uppaal
. "$(dirname "$0")/lib.sh"
models=$top/tests/models/uppaal
contrib=$top/contrib/models
cd "$work" || exit 2

n=0
# spin_run MODEL QUERY CFLAGS PANOPTS: translate into a new directory $d
# and run SPIN's own pan there (lib.sh's spin_ref); $errs is pan's error
# count.  Status 1: the translation failed, 2: spin, gcc or pan did.
spin_run() {
	n=$((n + 1))
	d=$work/s$n
	errs=
	mkdir -p "$d"
	"$dmc" translate "$1" --target "$2" -o "$d/m.pml" 2> "$d/tr.err" || return 1
	spin_ref "$d" m.pml "$3" 0 "$4" && [ "$sr_rc" = 0 ] || return 2
	errs=$sr_errors
}

# spin_says MODEL QUERY reach|unreach: translate, then SPIN's own full search
spin_says() {
	spin_run "$1" "$2" "-O0 -DSAFETY" -m100000
	case $? in
	1) fail "$(basename "$1") '$2': translation failed: $(cat "$d/tr.err")"; return ;;
	2) fail "$(basename "$1") '$2': spin/gcc/pan failed: $(tail -n 3 "$d/spin.out" "$d/pan.out" 2> /dev/null)"; return ;;
	esac
	case $3/$errs in
	reach/1|unreach/0) ok "$(basename "$1") '$2': $3" ;;
	*) fail "$(basename "$1") '$2': expected $3, SPIN says errors: $errs" ;;
	esac
	# a deadlock is an invalid end state: the replay ends with no step left
	case $2 in *deadlock*) replayed='trail ends after' ;; *) replayed='assertion violated' ;; esac
	if [ "$3/$errs" = reach/1 ] && ! (cd "$d" && spin -t m.pml > replay.out 2>&1 && grep -q "$replayed" replay.out \
	   && ! grep -q 'transition failed' replay.out); then
		fail "$(basename "$1") '$2': the trail does not replay with spin -t"
	fi
}

# arrays of structs: per-field arrays, indices of the struct and the field
spin_says "$models/struct_array.xta" 'E<> P.d' reach
spin_says "$models/struct_array.xta" 'E<> s[0].n == 5 && s[1].n == 5 && s[2].b' reach
spin_says "$models/struct_array.xta" 'E<> s[1].n == 9' unreach
spin_says "$models/struct_array.xta" 'E<> q[0].w[0] == 3' unreach

# binary synchronisation: the sender's update runs before the receiver's
spin_says "$models/sync_order.xta" 'E<> S.s2' reach
spin_says "$models/sync_order.xta" 'E<> S.s1 && v == 7' unreach
spin_says "$models/sync_order.xta" 'E<> R.r2 && v == 7' reach
spin_says "$models/sync_order.xta" 'A[] v != 2' reach
# the state between the sender's and the receiver's update is not a state
spin_says "$models/sync_order.xta" 'A[] v != 1' unreach
# Fischer with x >= k is wrong, with x > k right
spin_says "$models/fischer2_bad.xta" 'E<> incs >= 2' reach
spin_says "$models/fischer2_bad.xta" 'E<> P(1).cs && P(2).cs' reach
spin_says "$models/fischer2_ok.xta" 'E<> incs >= 2' unreach
spin_says "$models/fischer2_ok.xta" 'A[] incs <= 1' unreach
spin_says "$models/fischer2_ok.xta" 'E<> P(2).cs' reach
# urgent locations stop time; invariants bound it
spin_says "$models/urgent_time.xta" 'E<> U.c' unreach
spin_says "$models/urgent_time.xta" 'E<> V.c' unreach
spin_says "$models/urgent_time.xta" 'E<> W.c' reach
spin_says "$models/urgent_time.xta" 'E<> W.b && W.z == 2' reach
spin_says "$models/urgent_time.xta" 'E<> W.b && W.z == 3' unreach
# a constant only the query compares a clock with raises its cap
spin_says "$models/urgent_time.xta" 'E<> W.c && W.z == 6' reach
# a committed location blocks the others
spin_says "$models/committed_block.xta" 'E<> O.seen' unreach
spin_says "$models/committed_block.xta" 'E<> C.c && v == 2' reach
# select over an array of channels
spin_says "$models/select_chan.xta" 'E<> got == 2' reach
spin_says "$models/select_chan.xta" 'E<> got == 1' unreach
spin_says "$models/select_chan.xta" 'E<> R1.r1 && got == 3' unreach
# broadcast: every enabled receiver, guards before updates, none needed
spin_says "$models/broadcast.xta" 'E<> cnt == 5' reach
spin_says "$models/broadcast.xta" 'E<> cnt == 3' unreach
spin_says "$models/broadcast.xta" 'E<> R(0).r1 && R(1).r0' unreach
spin_says "$models/broadcast.xta" 'E<> Late.l2' reach
spin_says "$models/broadcast.xta" 'E<> S.s1 && Late.l0' reach
# user functions, inlined
spin_says "$models/functions.xta" 'E<> P.d' reach
spin_says "$models/functions.xta" 'E<> P.c && list[0] == 0' unreach
spin_says "$models/function_args.xta" 'E<> m == 1' reach
spin_says "$models/function_args.xta" 'E<> m == 5' unreach
# return; in void functions: what follows a return taken does not run
spin_says "$models/void_return.xta" 'E<> P.s1 && k == 0 && a == 0 && b == 0 && c == 0' reach
spin_says "$models/void_return.xta" 'E<> P.s1 && k == 0 && a + b + c != 0' unreach
spin_says "$models/void_return.xta" 'E<> P.s1 && k == 1 && a == 1 && b == 1 && c == 0' reach
spin_says "$models/void_return.xta" 'E<> P.s1 && k == 1 && (b != 1 || c != 0)' unreach
spin_says "$models/void_return.xta" 'E<> P.s1 && k == 2 && a == 1 && b == 2 && c == 2' reach
spin_says "$models/void_return.xta" 'E<> P.s1 && k == 3 && a == 1 && b == 2 && c == 3' reach
spin_says "$models/void_return.xta" 'E<> P.s2 && a == 5' reach
spin_says "$models/void_return.xta" 'E<> a == 9' unreach
spin_says "$models/void_return.xta" 'A[] P.s3 imply (k < 2 && d == 1) || (k == 2 && d == 2) || (k == 3 && d == 3)' unreach
spin_says "$models/void_return.xta" 'E<> P.s3 && k == 3 && d == 3' reach
printf 'int v;\nvoid f() { for (i : int[0,2]) { if (v == i) return; } }\nprocess P() { state a; init a; trans a -> a { assign f(); }; }\nsystem P;\n' > ret_loop.xta
expect 2 "ret_loop.xta:2:12: 'return' inside a loop" "return in a loop of a void function" -- "$dmc" translate ret_loop.xta
printf 'int v;\nvoid f() { v = 1; return 2; }\nprocess P() { state a; init a; trans a -> a { assign f(); }; }\nsystem P;\n' > ret_val.xta
expect 2 "ret_val.xta:2:19: 'return' with a value in a void function" "return with a value in a void function" -- \
	"$dmc" translate ret_val.xta
# range checks: an update that leaves the range is an error (an assert)
spin_says "$models/range_bad.xta" 'E<> P.never' reach
grep -q 'assertion violated.*<=3)' "$work/s$n/pan.out" && ok "range_bad.xta: the range assert" \
	|| fail "range_bad.xta: not the range assert: $(grep assertion "$work/s$n/pan.out")"
spin_says "$models/range_ok.xta" 'E<> Q.never' unreach
spin_says "$models/range_ok.xta" 'A[] m >= -2 && m <= 2 && k <= 3' unreach
# loops in functions: for (k : int[a,b]) unrolled, C-style for and while
spin_says "$models/loops.xta" 'E<> P.s3 && total == 4' reach
spin_says "$models/loops.xta" 'E<> P.s2 && total != 16' unreach
spin_says "$models/loops.xta" 'E<> P.s1 && (a[0] != 1 || a[3] != 7)' unreach
spin_says "$models/loops.xta" 'E<> P.s3 && i != 4' unreach
# structs: a variable per field, a struct by reference in a function
spin_says "$models/structs.xta" 'E<> P.s2 && pair.b == 9 && r.count == 0 && r.busy' reach
spin_says "$models/structs.xta" 'E<> P.s2 && pair.b != 9' unreach
spin_says "$models/structs.xta" 'E<> P.s1 && !r.busy' unreach
# two-dimensional arrays (one flat Promela array, row-major)
spin_says "$models/array2d.xta" 'E<> P.stop && total == 12' reach
spin_says "$models/array2d.xta" 'E<> P.stop && total != 12' unreach
spin_says "$models/array2d.xta" 'E<> done[0][1] || m[0][2] == 5' unreach
spin_says "$models/array2d.xta" 'E<> m[1][1] == 4 && m[0][2] == 2' reach
# functions with local variables (the train-gate queue), symbolic
# functions with a result, list[len++]
spin_says "$models/queue_locals.xta" 'E<> P.s4' reach
spin_says "$models/queue_locals.xta" 'E<> P.s3 && len != 2' unreach
spin_says "$models/queue_locals.xta" 'E<> P.s2 && (list[0] != 2 || list[1] != 1 || list[2] != 2)' unreach
# forall / exists / sum; arrays indexed by a typedef'd range from 1
spin_says "$models/quantifiers.xta" 'E<> Obs.o1' reach
spin_says "$models/quantifiers.xta" 'E<> P(2).fin && !P(1).fin' unreach
spin_says "$models/quantifiers.xta" 'A[] forall (i : pid_t) P(i).busy imply w[i] == 2 * i' unreach
spin_says "$models/quantifiers.xta" 'E<> exists (i : pid_t) P(i).fin && w[i] != 2 * i' unreach
# deadlock: SPIN's invalid end state (spin_says counts pan's errors)
spin_says "$models/deadlock.xta" 'A[] not deadlock' reach
spin_says "$models/deadlock.xta" 'E<> deadlock' reach
spin_says "$models/no_deadlock.xta" 'A[] not deadlock' unreach
spin_says "$models/no_deadlock.xta" 'E<> deadlock' unreach
spin_says "$models/queue_locals.xta" 'A[] !deadlock' reach
# a two-dimensional channel array sized by typedefs
spin_says "$models/chan2d.xta" 'E<> got[0][1] == 1 && got[1][0] == 1' reach
spin_says "$models/chan2d.xta" 'E<> got[0][0] == 1 && got[0][1] == 1' unreach
spin_says "$models/chan2d.xta" 'E<> R(1,1).r1 && S(1).s0' unreach
# 32-bit constants; UPPAAL 3.x syntax (untyped const, :=, guard lists)
spin_says "$models/big_const.xta" 'E<> P.c' reach
spin_says "$models/big_const.xta" 'E<> m == 0 && P.b' unreach
spin_says "$models/old_syntax.xta" 'E<> P.c' reach
spin_says "$models/old_syntax.xta" 'E<> P.b && n != 1' unreach
# clock arrays: a clock per element, constant / parameter / select indices
spin_says "$models/clock_array.xta" 'E<> P(0).c && P(1).c && done == 2' reach
spin_says "$models/clock_array.xta" 'E<> P(1).b && P(0).a' unreach
spin_says "$models/clock_array.xta" 'E<> P(0).c && P(1).a && t[1] == 0' reach
spin_says "$models/clock_array.xta" 'E<> P(0).b && t[0] == 3' reach
spin_says "$models/clock_array.xta" 'E<> P(0).b && t[0] >= 4' unreach
spin_says "$models/clock_array.xta" 'A[] P(1).c imply done >= 1' unreach
# an element picked by a variable on an edge: a select of the index (the
# index read before the updates); in an invariant it stays refused
spin_says "$models/clock_rtindex.xta" 'E<> P.D' reach
spin_says "$models/clock_rtindex.xta" 'E<> P.C' unreach
spin_says "$models/clock_rtindex.xta" 'E<> P.B && i == 0' unreach
printf 'int[0,1] j;\nclock x[2];\nprocess P() { state a {x[j] <= 2}; init a; trans a -> a { guard x[j] >= 1; }; }\nsystem P;\n' > clock_var_index.xta
expect 2 "clock_var_index.xta:3:25: clock array 'x': the index must be a constant" "a clock array indexed by a variable in an invariant" -- \
	"$dmc" translate clock_var_index.xta
printf 'int[0,1] j;\nclock x[2];\nprocess P() { state a; init a; trans a -> a { assign j = 1 - j, x[j] = 0; }; }\nsystem P;\n' > clock_idx_upd.xta
expect 2 "clock_idx_upd.xta:3:66: clock array 'x': the index 'j' is known only at run time and an earlier update" \
	"a clock array index changed by an earlier update of the edge" -- "$dmc" translate clock_idx_upd.xta
# arrays by reference: clocks and ints (ref_arrays.xta says why)
spin_says "$models/ref_arrays.xta" 'E<> a[0] == 1 && a[1] == 2' reach
spin_says "$models/ref_arrays.xta" 'E<> a[1] == 1' unreach
spin_says "$models/ref_arrays.xta" 'E<> P0.B && P1.A' reach
spin_says "$models/ref_arrays.xta" 'E<> P1.B && P0.A' unreach
printf 'int a[3];\nprocess P(int &v[2]) { state q; init q; }\nQ = P(a);\nsystem Q;\n' > ref_shape.xta
expect 2 "ref_shape.xta:3:1: argument 1 of 'Q': 'a' is not an array of the type and shape of parameter 'v'" \
	"an array by reference of another shape" -- "$dmc" translate ref_shape.xta
# a value parameter the template updates: a variable per instance
spin_says "$models/param_update.xta" 'E<> P(1).B && P(1).pid == 2' reach
spin_says "$models/param_update.xta" 'E<> P(3).B' unreach
spin_says "$models/param_update.xta" 'E<> P(1).pid == 3' unreach
spin_says "$models/param_update.xta" 'E<> P(2).B && P(2).pid == 3 && P(1).B' reach
# array typedefs, array copies, struct array fields (array_typedef.xta)
spin_says "$models/array_typedef.xta" 'E<> Q1.B && Q1.k == 5' reach
spin_says "$models/array_typedef.xta" 'E<> Q0.k == 4' unreach
spin_says "$models/array_typedef.xta" 'E<> g[0][1] != 2 || g[1][0] != 3' unreach
spin_says "$models/array_typedef.xta" 'E<> d.reg[0] == 5 && d.reg[1] == 2 && d.st == 1' reach
spin_says "$models/array_typedef.xta" 'E<> d.st == 2' unreach
# a function with a result whose loop is bounded by the state
spin_says "$models/func_state_loop.xta" 'E<> P.B' reach
spin_says "$models/func_state_loop.xta" 'E<> P.C' unreach
spin_says "$models/func_state_loop.xta" 'E<> P.B && size == 1' unreach
spin_says "$models/func_state_loop.xta" 'E<> P.D && size == 2' reach
spin_says "$models/func_state_loop.xta" 'E<> P.D && size == 3' unreach
# branchpoints: every branch of positive weight, in one step
spin_says "$models/branchpoint.xml" 'E<> P.b && w == 1' reach
spin_says "$models/branchpoint.xml" 'E<> P.c && w == 2' reach
spin_says "$models/branchpoint.xml" 'E<> P.b && w == 2' unreach
spin_says "$models/branchpoint.xml" 'E<> v == 1 && w == 0' unreach
spin_says "$models/branchpoint.xml" 'E<> Q.q2 && R.r2' reach
spin_says "$models/branchpoint.xml" 'E<> Q.q1 && R.r1' unreach
sed 's|<label kind="probability">0.5</label>|<label kind="probability">0</label>|' "$models/branchpoint.xml" > bp0.xml
expect 2 "bp0.xml:26:114: branch weight '0': only positive numbers" "a branch of weight 0 is refused" -- "$dmc" translate bp0.xml
# CSP synchronisation (`sync a;`, IO alphabets; docs/uppaal.md "CSP
# synchronisation"): the participants take an event together, their
# guards read before the updates, the updates in process order
spin_says "$models/csp.xta" 'E<> P.p1 && Q.q0' unreach
spin_says "$models/csp.xta" 'E<> P.p1 && R.r0' unreach
spin_says "$models/csp.xta" 'E<> v == 13' reach
spin_says "$models/csp.xta" 'E<> v == 3' unreach
spin_says "$models/csp.xta" 'E<> Q.q2' unreach
spin_says "$models/csp.xta" 'E<> P.p2' reach
spin_says "$models/csp.xta" 'E<> S.s1' unreach
spin_says "$models/csp_select.xta" 'E<> Client(0).done && Gate(0).open' reach
spin_says "$models/csp_select.xta" 'E<> Client(0).done && Gate(1).open && Client(1).idle' unreach
spin_says "$models/csp_select.xta" 'E<> served == 3' reach
spin_says "$models/csp_select.xta" 'E<> Client(1).done && !Gate(1).open' unreach
# the witness in the model's terms shows every edge of the joint step
"$dmc" check "$models/csp.xta" --query 'E<> v == 13' > csp_check.out 2>&1
csp_rc=$?
if [ "$csp_rc" = 1 ] && grep -q 'P: p0 -> p1 a (.*csp.xta:23)' csp_check.out && grep -q 'Q: q0 -> q1 a (.*csp.xta:29)' csp_check.out \
   && grep -q 'R: r0 -> r1 a (.*csp.xta:37)' csp_check.out && grep -q "'S' synchronises with 'sync a;' (CSP) but has no IO" csp_check.out; then
	ok "csp.xta: the witness shows P's, Q's and R's a edges; S's never-taken edge is warned about"
else
	fail "csp.xta: dmc check exits $csp_rc: $(cat csp_check.out)"
fi
# what dmc does not translate: refused by name
printf 'chan a;\nint v;\nprocess P() { state A, B; init A; trans A -> B { sync a[v]; }; }\nsystem P;\nIO P {a}\n' > csp.xta
sed -i 's/^chan a;/chan a[2];/' csp.xta
expect 2 "csp.xta:3:55: CSP synchronisation on an element of 'a' chosen by the state is not supported" \
	"CSP on an element chosen by the state refused" -- "$dmc" translate csp.xta
printf 'chan a, b;\nprocess P() { state A, B; init A; trans A -> B { sync a; }, B -> A { sync b!; }; }\nsystem P;\n' > cspmix.xta
expect 2 "cspmix.xta:2:55: CSP synchronisation ('a') and binary or broadcast synchronisation ('b!', line 2)" \
	"CSP mixed with binary synchronisation: an error, as in utap" -- "$dmc" translate cspmix.xta
printf 'chan a;\nprocess P() { state A, B; init A; trans A -> B { sync a; }; }\nsystem P;\nIO P {a?}\n' > cspio.xta
expect 2 "cspio.xta:4:8: IO declarations of inputs and outputs ('a?') are not supported" \
	"IO inputs and outputs refused by name" -- "$dmc" translate cspio.xta
printf 'chan a;\nprocess P() { state A, B; init A; trans A -> B { sync a; }; }\nsystem P;\nIO Q {a}\n' > cspq.xta
expect 2 "cspq.xta:4:4: IO declaration: no process 'Q' in the system" "IO of an unknown process" -- \
	"$dmc" translate cspq.xta
printf 'process P() { state a; init a; }\nQ = P();\nsystem P, Q;\n' > pprio.xta
sed -i 's/system P, Q;/system P < Q;/' pprio.xta
expect 2 "pprio.xta:3:10: process priorities ('system A < B;') are not supported" "process priorities refused, not ignored" -- \
	"$dmc" translate pprio.xta
printf 'process P() {\n}\nsystem P;\n' > empty_tmpl.xta
expect 2 "empty_tmpl.xta:1:9: template 'P' has no locations" "a template without locations" -- "$dmc" translate empty_tmpl.xta
# UPPAAL 3.x parameter lists: `(const id; const d, w; int &s)`
spin_says "$models/old_params.xta" 'E<> P1.done && P2.done && total == 25' reach
spin_says "$models/old_params.xta" 'E<> P2.done && P1.wait' unreach
spin_says "$models/old_params.xta" 'A[] P2.done imply last == 2' unreach
spin_says "$models/old_params.xta" 'E<> total == 20' unreach
# constant arrays with different values, indexed by variables
spin_says "$models/const_array.xta" 'E<> P.t && paid == 21' reach
spin_says "$models/const_array.xta" 'E<> at == 2 && paid == 16' reach
spin_says "$models/const_array.xta" 'E<> at == 2 && paid == 12' unreach
# a clock compared with bounded expressions; i = j = v
spin_says "$models/clock_bound.xta" 'E<> P.u' reach
spin_says "$models/clock_bound.xta" 'E<> P.t && a == 9 && b == 9' reach
spin_says "$models/clock_bound.xta" 'E<> P.t && a != b' unreach
spin_says "$models/clock_bound.xta" 'E<> P.s && x > 6' unreach
# an XML model written like UPPAAL's train-gate demo: its own queries
spin_says "$models/gate_queue.xml" 'E<> Car(2).Pass and (forall (i : id_t) i != 2 imply Car(i).Wait)' reach
spin_says "$models/gate_queue.xml" 'A[] forall (i : id_t) forall (j : id_t) Car(i).Pass && Car(j).Pass imply i == j' unreach
spin_says "$models/gate_queue.xml" 'A[] Ctl.list[N] == 0' unreach
spin_says "$models/gate_queue.xml" 'A[] not deadlock' unreach
# every stored query in one run, answered as verifyta answers; sup is
# skipped with the reason; exit 1: a query's search found a trail
expect 1 '' "gate_queue.xml: its stored queries" -- "$dmc" check "$models/gate_queue.xml"
answers() { sed -n 's/^ -- Formula \(is satisfied\|is NOT satisfied\|is skipped\|is not decided\).*/\1/p' "$1" | tr '\n' ','; }
[ "$(answers out.txt)" = "is skipped,is satisfied,is satisfied,is satisfied,is satisfied,is satisfied," ] \
	&& ok "gate_queue.xml: every stored query answered in order" || fail "gate_queue.xml answers: $(answers out.txt)"
grep -q "^Verifying formula 1 at .*gate_queue.xml:56:17" out.txt && grep -q '^ -- Formula is skipped: not a kind dmc checks' out.txt \
	&& ok "gate_queue.xml: sup skipped with the reason" || fail "gate_queue.xml: sup not named: $(head -n 3 out.txt)"
grep -q "source model's terms" out.txt && fail "gate_queue.xml: a trace without --replay" || ok "gate_queue.xml: no trace unless asked"
"$dmc" check "$models/gate_queue.xml" --json > q.json 2> q.err
[ "$(jq -r '.query.answer' q.json | tr '\n' ,)" = "skipped,satisfied,satisfied,satisfied,satisfied,satisfied," ] \
	&& [ "$(jq -r '.verdict' q.json | tr '\n' ,)" = "skipped,violation,no-violation,no-violation,no-violation,violation," ] \
	&& [ "$(jq -r '.query.index' q.json | tr '\n' ,)" = "1,2,3,4,5,6," ] \
	&& ok "gate_queue.xml --json: one object per query" || fail "gate_queue.xml --json: $(head -c 400 q.json)"
# stopwatches (x' == 0 in an invariant): the stopped clock keeps its value
spin_says "$models/stopwatch.xta" 'E<> Job.done && t == 5' reach
spin_says "$models/stopwatch.xta" 'E<> Job.done && t <= 4' unreach
spin_says "$models/stopwatch.xta" 'A[] Job.done imply t >= 5' unreach
spin_says "$models/stopwatch.xta" 'A[] Pre.b imply Job.e == 2' unreach
spin_says "$models/stopwatch.xta" 'E<> Job.work && Pre.c && Job.e == 2 && t == 4' reach
spin_says "$models/stopwatch.xta" 'A[] not deadlock' reach
# its .q file in one run: the same answers, sup and Pr skipped
expect 1 'Formula is satisfied' "stopwatch.q: every query" -- \
	"$dmc" check "$models/stopwatch.xta" --query "$models/stopwatch.q"
[ "$(answers out.txt)" = "is satisfied,is NOT satisfied,is satisfied,is skipped,is satisfied,is satisfied,is skipped,is NOT satisfied," ] \
	&& ok "stopwatch.q: the answers in order" || fail "stopwatch.q answers: $(answers out.txt)"
grep -q "warning: stopwatch" out.txt && grep -q "note: strict clock constraints or stopwatches" out.txt \
	&& grep -q "Formula is NOT satisfied (not exact: see the note)" out.txt \
	&& ok "stopwatch.q: the warning and the note on answers without a trail" || fail "stopwatch.q: no warning or note"
[ "$(grep -c 'warning: stopwatch' out.txt)" = 1 ] && ok "stopwatch.q: each warning once" \
	|| fail "stopwatch.q: the warning $(grep -c 'warning: stopwatch' out.txt) times"
expect 1 'witness in the source model' "stopwatch.q --replay: the traces" -- \
	"$dmc" check "$models/stopwatch.xta" --query "$models/stopwatch.q" --replay
[ "$(grep -c "in the source model's terms" out.txt)" = 3 ] && ok "stopwatch.q --replay: a trace per trail" \
	|| fail "stopwatch.q --replay: $(grep -c "in the source model's terms" out.txt) traces"
printf 'process P() { clock x; state a { x <= 2 && x\047 == 2 }; init a; }\nsystem P;\n' > rate2.xta
expect 2 "rate2.xta:1:47: a clock rate of 2: only 0 and 1" "a rate other than 0 and 1" -- "$dmc" translate rate2.xta
# a rate of a plain int (its type allows other values than 0 and 1):
# the same answers as stopwatch.xta; an array with different initial values
spin_says "$models/stopwatch_int.xta" 'E<> Job.done && t == 5' reach
spin_says "$models/stopwatch_int.xta" 'E<> Job.done && t <= 4' unreach
spin_says "$models/stopwatch_int.xta" 'A[] Pre.b imply Job.e == 2' unreach
spin_says "$models/stopwatch_int.xta" 'E<> Blip.m && run[0] == 3' reach
spin_says "$models/stopwatch_int.xta" 'E<> Pre.a && run[1] == 1' unreach
spin_says "$models/stopwatch_int.xta" 'A[] Pre.a imply run[0] == 1 || Blip.m' unreach
spin_says "$models/stopwatch_int.xta" 'A[] Pre.b imply run[1] == 1' unreach
grep -q 'v_run\[2\] = { 1, 0 }' "$work/s$n/m.pml" && ok "stopwatch_int.xta: the initialiser list" \
	|| fail "stopwatch_int.xta: no initialiser list: $(grep 'run\[2\]' "$work/s$n/m.pml")"
# ... and where it is 2 while time can pass: the model's error (an assert
# in Tick), the only error there is for a query that is never satisfied
spin_says "$models/stopwatch_rate2.xta" 'E<> Job.work && Job.e == 7' reach
grep -qF 'assertion violated ((r==0)||(r==1))' "$work/s$n/pan.out" && grep -q 'rate check' "$work/s$n/m.pml" \
	&& ok "stopwatch_rate2.xta: the rate assert" \
	|| fail "stopwatch_rate2.xta: not the rate assert: $(grep assertion "$work/s$n/pan.out")"
expect 1 "a clock rate is neither 0 nor 1 where time could pass" "dmc check stopwatch_rate2: the rate error" -- \
	"$dmc" check "$models/stopwatch_rate2.xta" --query 'E<> Job.work && Job.e == 7' --search bfs
printf 'int r = 1;\nprocess P() { clock x; state a { x <= 2 && x\047 == r }; init a; }\nsystem P;\n' > stored_r.xta
printf 'E<> P.a && P.x == 2\nA[] P.x <= 1\n' > stored_r.q
expect 1 'Formula is satisfied' "a rate of a plain int, every query" -- \
	"$dmc" check stored_r.xta --query stored_r.q
[ "$(answers out.txt)" = "is satisfied,is NOT satisfied," ] && ok "a rate of a plain int: the answers" \
	|| fail "a rate of a plain int: $(answers out.txt)"
printf 'process P() { clock x; state a; init a; trans a -> a { guard x\047 == 0; }; }\nsystem P;\n' > rate_guard.xta
expect 2 "rate_guard.xta:1:63: a clock rate (x') belongs in a location's invariant" "a rate in a guard" -- \
	"$dmc" translate rate_guard.xta
# scalar sets: the values 0..N-1
spin_says "$models/scalar_mutex.xta" 'A[] forall (i : id_t) P(i).cs imply owner == i' unreach
spin_says "$models/scalar_mutex.xta" 'E<> (sum (i : id_t) P(i).cs) == 2' unreach
spin_says "$models/scalar_mutex.xta" 'E<> exists (i : id_t) P(i).cs && owner == 2' reach
# ** (power), <? and >? (minimum, maximum)
spin_says "$models/power_minmax.xta" 'E<> P.b && w == 9' reach
spin_says "$models/power_minmax.xta" 'E<> P.b && w != 9' unreach
printf 'int[0,3] v;\nprocess P() { state a, b; init a; trans a -> b { guard v ** v == 1; }; }\nsystem P;\n' > pow.xta
expect 2 "pow.xta:2:58: '\*\*' needs a constant exponent" "** with a variable exponent" -- \
	"$dmc" translate pow.xta --target 'E<> P.b'
printf 'int v;\nprocess P() { clock x; state a, b; init a; trans a -> b { guard x < 1.5; assign v = 2.5; }; }\nsystem P;\n' > dbl.xta
expect 2 "dbl.xta:2:85: '2.5': double values are not supported" "a double literal outside a clock comparison" -- \
	"$dmc" translate dbl.xta
# clocks compared with decimal constants: every clock constant times 2
spin_says "$models/decimal_clock.xta" 'E<> P.c' reach
spin_says "$models/decimal_clock.xta" 'E<> P.late' reach
spin_says "$models/decimal_clock.xta" 'E<> P.b && y == 2 && x == 0.5' reach
spin_says "$models/decimal_clock.xta" 'E<> P.b && x > 1' unreach
spin_says "$models/decimal_clock.xta" 'A[] P.b imply y >= 1.5 && y <= 2.5' unreach
spin_says "$models/decimal_clock.xta" 'E<> P.b && y == 2.5 && x == 1' reach
grep -q 'time scale: 2 steps' "$work/s$n/m.pml" && grep -q 'x <= 3' "$work/s$n/m.pml" \
	&& ok "decimal_clock.xta: the constants times 2" || fail "decimal_clock.xta: not scaled"
# E<> P.c is checked with zones (dense time; the query reads no clock):
# the witness is a concrete trace computed from the zone trail
# (docs/uppaal.md "Concrete traces"): a leaves at x == 1.5 exactly
# (x <= 1.5, x >= 1.5), b -> c only at x == 0.5, y == 2 (above), so the
# delays are 1.5 and 0.5, in the model's units
expect 1 "P: b -> c" "decimal_clock.xta: the witness's edges (zones)" -- \
	"$dmc" check "$models/decimal_clock.xta" --query 'E<> P.c' --search bfs
grep -q '^    1  delay 1.5$' out.txt && grep -q '^    3  delay 0.5$' out.txt \
	&& ok "decimal_clock.xta: the concrete delays 1.5 and 0.5" || fail "decimal_clock.xta: delays: $(cat out.txt)"
grep -q '^  n=1 x=0.5 y=2$' out.txt && ok "decimal_clock.xta: the final values, real clock values" \
	|| fail "decimal_clock.xta: final values: $(tail -n 2 out.txt)"
grep -q 'warning: clocks compared with decimal constants: every clock constant is multiplied by 2' out.txt \
	&& ok "decimal_clock.xta: the warning" || fail "decimal_clock.xta: no warning"
# const double: read and checked, an error wherever the model uses one
spin_says "$models/const_double.xta" 'E<> v == 3' reach
spin_says "$models/const_double.xta" 'E<> v == 2' unreach
printf 'const double D = 1.5;\nint[0,3] v;\nprocess P() { state a; init a; trans a -> a { guard v < D; }; }\nsystem P;\n' > dbl_use.xta
expect 2 "dbl_use.xta:3:57: 'D' is a 'const double': double values are not supported" "a const double used" -- \
	"$dmc" translate dbl_use.xta
expect 2 "--target:1:5: 'RATE' is a 'const double'" "a const double in the query" -- \
	"$dmc" translate "$models/const_double.xta" --target 'E<> RATE > 1'
printf 'int[0,3] v;\nconst double D = 1.5 * v;\nprocess P() { state a; init a; }\nsystem P;\n' > dbl_init.xta
expect 2 "dbl_init.xta:2:24: 'D': a 'const double' is computed from numbers and constants" "a const double of a variable" -- \
	"$dmc" translate dbl_init.xta
printf 'double d;\nprocess P() { state a; init a; }\nsystem P;\n' > dbl_var.xta
expect 2 "dbl_var.xta:1:1: type 'double' is not supported" "a double variable" -- "$dmc" translate dbl_var.xta
# channel priorities: a transition is enabled only when no higher one is
spin_says "$models/chan_priority.xta" 'E<> v == 1' unreach
spin_says "$models/chan_priority.xta" 'E<> mode == 0 && v == 3' reach
spin_says "$models/chan_priority.xta" 'E<> mode == 0 && v == 4' reach
spin_says "$models/chan_priority.xta" 'E<> mode == 0 && (v == 2 || v == 5)' unreach
spin_says "$models/chan_priority.xta" 'E<> mode == 1 && v == 2' reach
spin_says "$models/chan_priority.xta" 'E<> mode == 1 && v == 5' reach
spin_says "$models/chan_priority.xta" 'E<> mode == 1 && (v == 3 || v == 4)' unreach
spin_says "$models/chan_priority.xta" 'E<> mode == 0 && T.t1 && S.s0' unreach
spin_says "$models/chan_priority.xta" 'E<> mode == 1 && T.t1 && S.s0' reach
spin_says "$models/chan_priority_default.xta" 'E<> v == 1' reach
spin_says "$models/chan_priority_default.xta" 'E<> v == 2 || v == 3 || v == 5' unreach
spin_says "$models/chan_priority_default.xta" 'E<> P.p1 && v == 4' reach
expect 0 'verdict  *no-violation' "channel priorities: A<> by the nested DFS" -- \
	"$dmc" check "$models/chan_priority_default.xta" --query 'A<> P.p2 && v == 1'
expect 1 'T: t0 -> t1' "channel priorities: dmc check finds the witness" -- \
	"$dmc" check "$models/chan_priority.xta" --query 'E<> mode == 1 && T.t1 && S.s0' --search bfs
printf 'chan a, b;\nchan priority a < c;\nprocess P() { state s; init s; }\nsystem P;\n' > prio.xta
expect 2 "prio.xta:2:19: channel priority: 'c' is not a global channel" "channel priorities: an unknown channel" -- \
	"$dmc" translate prio.xta
printf 'chan a, b;\nchan priority a < b;\nchan priority b < a;\nprocess P() { state s; init s; }\nsystem P;\n' > prio2.xta
expect 2 "prio2.xta:3:1: a second channel priority declaration" "channel priorities: one declaration" -- \
	"$dmc" translate prio2.xta
printf 'int k;\nchan c[2];\nchan priority c[0] < c[1];\nprocess P() { state s; init s; trans s -> s { sync c[k]!; }; }\nsystem P;\n' > prio3.xta
expect 2 "prio3.xta:4:" "channel priorities: an element chosen at run time" -- "$dmc" translate prio3.xta
printf 'process P() { state s; init s; }\nsystem P;\ngantt { P: P.s -> 1; }\n' > gantt.xta
expect 0 "'gantt' chart ignored" "a gantt chart is ignored" -- "$dmc" translate gantt.xta
# --query replaces the stored queries without parsing them
sed 's|n == 2</formula>|(((</formula>|' "$models/xml_basic.xml" > badq.xml
expect 1 'verdict *violation' "--query replaces a malformed stored query" -- "$dmc" check badq.xml --query 'E<> n == 2'
expect 2 "badq.xml:28:" "the malformed stored query alone: its error" -- "$dmc" check badq.xml
# a loop that depends on the state through value parameters: one case
# per value; struct assignment field by field
spin_says "$models/ring_next.xta" 'E<> P.s1 && cur == 2 && found == 4' reach
spin_says "$models/ring_next.xta" 'E<> P.s1 && cur == 0 && found != 1' unreach
spin_says "$models/ring_next.xta" 'E<> P.s1 && cur == 1 && found == 1' reach
spin_says "$models/ring_next.xta" 'E<> P.s2 && copy.src == found && copy.hops == 2' reach
spin_says "$models/ring_next.xta" 'E<> P.s2 && copy.src != shared.src' unreach
spin_says "$models/ring_next.xta" 'E<> P.s3' reach
spin_says "$models/ring_next.xta" 'E<> P.s3 && cur != 3' unreach
# constant structs and arrays of them
spin_says "$models/const_struct.xta" 'E<> P.t && pick == 2 && load == 14' reach
spin_says "$models/const_struct.xta" 'E<> P.t && pick == 1 && load != 10' unreach
spin_says "$models/const_struct.xta" 'E<> P.u && load == 13' reach
spin_says "$models/const_struct.xta" 'E<> P.u && load == 10' unreach
# a value parameter the function assigns is a copy; arrays beyond 255
spin_says "$models/value_params.xta" 'E<> P.s1 && total == 8 && n == 5' reach
spin_says "$models/value_params.xta" 'E<> P.s1 && (total != 8 || n != 5)' unreach
spin_says "$models/value_params.xta" 'E<> P.s2 && mark[299] == 2 && mark[294] == 1 && mark[0] == 0' reach
spin_says "$models/value_params.xta" 'E<> P.s2 && (mark[299] != 2 || mark[294] != 1)' unreach
# more channel elements than pan's 255 channels: each array one Promela
# channel (its answers: uppaal_queries.sh); beyond 4096, the arrays' limit
printf 'chan c[256];\nprocess P() { state s; init s; }\nsystem P;\n' > chan256.xta
expect 0 '' "256 binary channels: translated" -- "$dmc" translate chan256.xta -o chan256.pml
grep -q '^chan c = \[0\] of { byte, byte, bit, bit }' chan256.pml && ok "256 binary channels: one Promela channel" \
	|| fail "256 binary channels: $(grep '^chan' chan256.pml)"
printf 'chan c[4097];\nprocess P() { state s; init s; }\nsystem P;\n' > chan4097.xta
expect 2 "chan4097.xta:1:6: 'c': array size 4097 out of 1..4096" "binary channels: the arrays' limit" -- \
	"$dmc" translate chan4097.xta
# instances with parameters of their own: Adder(const id_t i) = Add(total, w[i]),
# and one used as a template (T5 = Twice(total, 500))
spin_says "$models/inst_params.xta" 'E<> total == 1111' reach
spin_says "$models/inst_params.xta" 'E<> total == 1112' unreach
spin_says "$models/inst_params.xta" 'E<> Adder(2).done && total == 100' reach
spin_says "$models/inst_params.xta" 'E<> T5.done && total == 1000' reach
spin_says "$models/inst_params.xta" 'E<> Adder(1).done && total == 1' unreach
# instances named like Promela keywords (exit, run, timeout, init): renamed
# in the Promela, the model's names in the trail
spin_says "$models/keyword_names.xta" 'E<> run.u && A.x == 1' reach
spin_says "$models/keyword_names.xta" 'E<> run.u && exit.s' unreach
spin_says "$models/keyword_names.xta" 'E<> timeout.t && A_x == 3 && init.i' reach
spin_says "$models/keyword_names.xta" 'A[] A.x == 1 imply A.d' unreach
expect 1 'verdict *violation' "keyword instance names: dmc check" -- \
	"$dmc" check "$models/keyword_names.xta" --query 'E<> run.u && A.x == 1' --replay
grep -q '^ *[0-9]*  run: t -> u go! (.*keyword_names.xta:10)' out.txt && grep -q '^final state: exit.[tu] run.u timeout.s A.d init.i' out.txt \
	&& grep -q ' A_x=2 .*A.x=1' out.txt && ok "keyword instance names: the trail in the model's names" \
	|| fail "keyword instance names: the trail: $(tail -n 12 out.txt)"
# the XML format
spin_says "$models/xml_basic.xml" 'E<> n == 2' reach
spin_says "$models/xml_basic.xml" 'E<> n == 3' unreach

# dmc check on the contrib family, every search finds the violation
for v in A B C; do
	m=$contrib/fischer_${v}_5.xta
	cfgs="bfs/none greedy/hL"
	[ $v = A ] && cfgs="bfs/none astar/hL greedy/hL greedy/hU"
	for cfg in $cfgs; do
		expect 1 'verdict *violation' "dmc check fischer_${v}_5 $cfg" -- \
			"$dmc" check "$m" --query "$contrib/fischer_${v}_5.q" --search "${cfg%/*}" --heuristic "${cfg#*/}"
	done
done
# issue 17: with 15 processes the tick's send (one field per clock,
# 2,096 bytes of text) was read as "effects unknown", so hL and hU were
# 1 to 3 on every state and no search solved fischer_{A,B}_15; greedy hU needs
# about a hundred states (B) and a few hundred (A), as on 10 processes
for v in A B; do
	m=fischer_${v}_15
	"$dmc" check "$contrib/$m.xta" --query "$contrib/$m.q" --search greedy --heuristic hU \
		--time-limit 60 --json > "$m.json" 2> "$m.err"
	h0=$(json_num h_initial "$m.json"); s=$(json_num states_stored "$m.json")
	if [ "$(json_str verdict "$m.json")" = violation ] && [ "${h0:-0}" -ge 20 ] && [ "${s:-0}" -le 5000 ]; then
		ok "$m greedy/hU: h of the initial state $h0, $s states"
	else
		fail "$m greedy/hU: verdict $(json_str verdict "$m.json"), h of the initial state '$h0', $s states"
	fi
done
# more clocks than 16 fields: the receive of the tick kept only its first
# 16, so the 17th clock never advanced in the abstraction, hU was
# infinite on the initial state and dead-end pruning (-E: nothing but the
# query to check) gave a complete search without the violation
{
	printf 'process P() { clock x; state A, B; init A; trans A -> B { guard x >= 1; }; }\n'
	for i in $(seq 1 17); do printf 'P%d = P();\n' "$i"; done
	printf 'system P1'; for i in $(seq 2 17); do printf ', P%d' "$i"; done; printf ';\n'
} > clocks17.xta
for h in hL hU; do
	expect 1 'verdict *violation' "17 clocks, P17.B by greedy/$h with pruning" -- \
		"$dmc" check clocks17.xta --query 'E<> P17.B' --search greedy --heuristic $h -- -E
done
# issue 4's target on F^A_10: greedy with hL (and hU) finds a trail at
# least 10x shorter than SPIN's own DFS (pan -m100000, as make bench),
# and it replays with spin -t
d=$work/fa10
mkdir -p "$d"
if "$dmc" translate "$contrib/fischer_A_10.xta" --query "$contrib/fischer_A_10.q" -o "$d/m.pml" 2> "$d/tr.err" \
   && spin_ref "$d" m.pml "-O2 -DNOREDUCE" 0 -m100000 pan -o3 && [ -f "$d/m.pml.trail" ]; then
	dfs=$(trail_steps "$d/m.pml.trail")
	rm -f "$d/m.pml.trail"
	for h in hL hU; do
		(cd "$d" && "$dmc" check m.pml --spin-opts=-o3 --search greedy --heuristic $h --json > $h.json 2> $h.err)
		len=$(json_num trail_length "$d/$h.json")
		if [ -n "$len" ] && [ "$len" -gt 0 ] && [ $((len * 10)) -le "$dfs" ]; then
			ok "fischer_A_10 greedy/$h: trail $len, SPIN DFS $dfs"
		else
			fail "fischer_A_10 greedy/$h: trail '$len' is not 10x shorter than SPIN DFS's $dfs"
		fi
		if [ -f "$d/m.pml.trail" ] && (cd "$d" && spin -o3 -t m.pml 2>&1 | grep -q 'assertion violated'); then
			ok "fischer_A_10 greedy/$h: the trail replays with spin -t"
		else
			fail "fischer_A_10 greedy/$h: no trail that replays with spin -t"
		fi
		rm -f "$d/m.pml.trail"
	done
else
	fail "fischer_A_10: translation or SPIN's DFS failed: $(cat "$d/tr.err"; tail -n 3 "$d/pan.out" 2> /dev/null)"
fi
# the other families: arbiter trees and the train-gate controller
for m in arbiter_2 arbiter_3 train_gate_3; do
	for cfg in bfs/none greedy/hL; do
		expect 1 'verdict *violation' "dmc check $m $cfg" -- \
			"$dmc" check "$contrib/$m.xta" --query "$contrib/$m.q" --search "${cfg%/*}" --heuristic "${cfg#*/}"
	done
done
expect 1 'Obs: one -> err enter? (' "counterexample in the model's terms" -- \
	"$dmc" check "$contrib/fischer_A_5.xta" --query "$contrib/fischer_A_5.q" --search bfs
grep -q '^final state:.* Obs\.err' out.txt && ok "final state in the model's terms" \
	|| fail "final state in the model's terms: $(tail -n 3 out.txt)"
# Fischer's clocks are zones: the counterexample is a concrete trace
# computed from the zone trail: a process waits k = 2 in wait before it
# enters (x >= k), so the trace has delays, and real clock values at the end
grep -q '^ *[0-9]*  delay [0-9]' out.txt && grep -q '^ .* P([0-9])\.x=[0-9]' out.txt \
	&& ok "zones: a concrete trace (delays, clock values)" || fail "zones: no concrete trace: $(cat out.txt)"
# each edge once, in order: sender's edge, then the receiver's
expect 1 'verdict *violation' "dmc check sync_order" -- "$dmc" check "$models/sync_order.xta" --query 'E<> S.s2'
if sed -n '/^witness/,$p' out.txt | grep -c ' -> ' | grep -q '^3$' \
   && sed -n '/^witness/,$p' out.txt | sed -n 2p | grep -q 'S: s0 -> s1 a!' \
   && sed -n '/^witness/,$p' out.txt | sed -n 3p | grep -q 'R: r0 -> r1 a?'; then
	ok "counterexample lists each edge once"
else
	fail "counterexample lists each edge once: $(sed -n '/^witness/,$p' out.txt | head -6)"
fi
# a range violation is named in the counterexample
expect 1 "leaves a variable's range: assert" "dmc check range_bad: range violation" -- \
	"$dmc" check "$models/range_bad.xta" --query 'E<> P.never' --search bfs
# A store range-checked by its assert (a target) adds only values inside
# the range to the abstraction (absmodel_build.c, issue 17): the range
# violation is still found by the heuristic searches, with dead-end
# pruning on (-E) too.
for cfg in greedy/hL greedy/hU astar/hL ut/hU; do
	expect 1 "leaves a variable's range: assert" "dmc check range_bad $cfg -E: range violation" -- \
		"$dmc" check "$models/range_bad.xta" --query 'E<> P.never' --search "${cfg%/*}" --heuristic "${cfg#*/}" -- -E
done
# --range-checks fallback: hL/hU aim at the query first; P.never is
# unreachable in the relaxation (n is bounded by its range check), so h
# is the range check's distance behind every other, never infinity:
# still found with dead-end pruning on
for cfg in greedy/hL greedy/hU astar/hL ut/hU; do
	expect 1 "leaves a variable's range: assert" "range_bad $cfg --range-checks fallback -E: range violation" -- \
		"$dmc" check "$models/range_bad.xta" --query 'E<> P.never' --search "${cfg%/*}" \
		--heuristic "${cfg#*/}" --range-checks fallback -- -E
done
expect 1 'range check, a fallback goal' "arbiter_2 --range-checks fallback: the range checks are fallback goals" -- \
	"$dmc" check "$contrib/arbiter_2.xta" --query "$contrib/arbiter_2.q" --heuristic hU --range-checks fallback \
	--show-targets --time-limit 30
# every range-checked store of the translation, and nothing else
"$dmc" translate "$contrib/arbiter_2.xta" -o arb2.pml
nstores=$(grep -o 'assert(0 <= ' arb2.pml | wc -l)
[ "$(grep -c '(range check' out.txt)" = "$nstores" ] && [ "$nstores" -gt 0 ] && ok "arbiter_2: $nstores range checks" \
	|| fail "arbiter_2: $(grep -c '(range check' out.txt) range checks, expected the $nstores range-checked stores"
# A receiving edge on another constant element of a channel array can
# never meet a sender: its option is not written into the sender's
# block.  Root sends on grant[1] and grant[2]; the receivers on grant[1]
# are Arbiter(1)'s two edges, so Root's first block has two options.
blk=$(awk '/grant\[1\]\?dmc_eid/ { on = 1; n = 0; next } on && /^\t\t:: dmc_eid ==/ { n++ } on && /^\t\tfi;/ { print n; exit }' arb2.pml)
[ "$blk" = 2 ] && ! grep -A6 'grant\[1\]?dmc_eid' arb2.pml | grep -q 'loc_Client_' \
	&& ok "arbiter_2: a sender's block lists only the receivers on its channel element" \
	|| fail "arbiter_2: Root's grant[1] block has ${blk:-no} options, expected 2"
# train_gate_3: aimed at the query, greedy hU stores about a tenth of the
# states it stores aiming at the range checks too (docs/heuristics.md)
"$dmc" check "$contrib/train_gate_3.xta" --query "$contrib/train_gate_3.q" --search greedy --heuristic hU \
	--range-checks fallback --json > tg3.json 2> tg3.err
s=$(json_num states_stored tg3.json)
if [ "$(json_str verdict tg3.json)" = violation ] && [ "${s:-0}" -gt 0 ] && [ "$s" -le 1000 ] \
   && [ "$(json_get .admissible tg3.json)" = false ]; then
	ok "train_gate_3 greedy/hU --range-checks fallback: $s states"
else
	fail "train_gate_3 greedy/hU --range-checks fallback: $(head -c 300 tg3.json) $(head -c 200 tg3.err)"
fi
"$dmc" check "$contrib/train_gate_3.xta" --query "$contrib/train_gate_3.q" --search astar --heuristic hL \
	--range-checks fallback --json > tg3a.json 2> tg3a.err
[ "$(json_get .admissible tg3a.json)" = false ] && [ "$(json_str verdict tg3a.json)" = violation ] \
	&& ok "train_gate_3 astar/hL --range-checks fallback: a violation, hL not called admissible" \
	|| fail "train_gate_3 astar/hL --range-checks fallback: $(head -c 300 tg3a.json)"
expect 0 'range-checked: [1-9][0-9]* assignments' "arbiter_2: the range-checked stores are found" -- \
	"$dmc" check "$contrib/arbiter_2.xta" --query "$contrib/arbiter_2.q" --heuristic hU --show-model
# Promela: the same pattern, and without the atomic sequence (another
# process could change n between the assert and the store): not bounded
# (-o3: SPIN's statement merging would fold the store into the assert)
printf 'byte n = 1;\nactive proctype Dec() { n > 0; atomic { n > 0 -> assert(0 <= (n - 1) && (n - 1) <= 3); n = (n - 1) } }\nactive proctype Mon() { n >= 2 -> assert(false) }\n' > bounded.pml
expect 0 'range-checked: 1 assignments' "Promela: an atomic range assert before its store" -- \
	"$dmc" check bounded.pml --heuristic hL --show-model --spin-opts -o3
printf 'byte n = 1;\nactive proctype Dec() { n > 0; n > 0 -> assert(0 <= (n - 1) && (n - 1) <= 3); n = (n - 1) }\nactive proctype Mon() { n >= 2 -> assert(false) }\n' > unbounded.pml
expect 0 'over-approximated' "Promela: a range assert outside an atomic sequence bounds nothing" -- \
	"$dmc" check unbounded.pml --heuristic hL --show-model --spin-opts -o3
grep -q 'range-checked' out.txt && fail "unbounded.pml: a store bounded without atomicity" \
	|| ok "unbounded.pml: no store bounded without atomicity"
# the atomic version: n >= 2 is unreachable in the abstraction now, and
# with pruning greedy search proves it (the range assert holds: n ends at 0)
expect 0 'verdict *no-violation' "bounded.pml: no violation, with pruning" -- \
	"$dmc" check bounded.pml --search greedy --heuristic hL --spin-opts -o3 -- -E
expect 0 'verdict *no-violation' "unbounded.pml: no violation, with pruning" -- \
	"$dmc" check unbounded.pml --search greedy --heuristic hL --spin-opts -o3 -- -E
# a property that holds: complete search, no violation
expect 0 'verdict *no-violation' "dmc check fischer2_ok A[] incs <= 1" -- \
	"$dmc" check "$models/fischer2_ok.xta" --query 'A[] incs <= 1' --search astar --heuristic hL
# the XML model's own query
expect 1 'verdict *violation' "dmc check xml_basic.xml (its own query)" -- "$dmc" check "$models/xml_basic.xml"

# ---- liveness queries: A<>, E[] and --> by the nested DFS ----
# The oracle: SPIN's own nested DFS (pan -a) on the same translation,
# and the verdict UPPAAL gives (the train-gate controller of the UPPAAL
# tutorial, with its gate's Stopping committed as there, satisfies
# Train(0).Appr --> Train(0).Cross).  An E[] query "holds" when a
# witness (a violation of its ltl formula) exists.
sed 's/state Free, Occ, Stopping;/state Free, Occ, Stopping;\n  commit Stopping;/' \
	"$contrib/train_gate_3.xta" > tg_ok.xta
live() {   # MODEL QUERY holds|fails
	m=$1; q=$2; want=$3
	spin_run "$m" "$q" -O2 "-a -m1000000"
	"$dmc" check "$m" --query "$q" > "$d/dmc.out" 2>&1
	rc=$?
	case $q in E\[\]*) found=holds; none=fails ;; *) found=fails; none=holds ;; esac
	case $errs in 1) spin=$found ;; 0) spin=$none ;; *) spin="no verdict: $(cat "$d/tr.err")" ;; esac
	case $rc in 1) ours=$found ;; 0) ours=$none ;; *) ours="exit $rc: $(head -c 300 "$d/dmc.out")" ;; esac
	if [ "$spin" = "$want" ] && [ "$ours" = "$want" ]; then ok "$(basename "$m") '$q': $want (SPIN pan -a agrees)"
	else fail "$(basename "$m") '$q': expected $want, SPIN pan -a: $spin, dmc check: $ours"; fi
	[ "$rc" = 1 ] || return 0
	grep -q "^$([ $found = holds ] && echo witness || echo counterexample) in the source model's terms" "$d/dmc.out" \
		&& ok "$(basename "$m") '$q': the trail in the model's terms" \
		|| fail "$(basename "$m") '$q': no trail in the model's terms: $(tail -n 5 "$d/dmc.out")"
}
live tg_ok.xta 'Train(0).Appr --> Train(0).Cross' holds
live tg_ok.xta 'Train(1).Stop --> Train(1).Cross' holds
live tg_ok.xta 'A<> Train(0).Cross' fails
live tg_ok.xta 'E[] Train(0).Safe' holds
live tg_ok.xta 'E[] Train(0).Appr' fails
grep -q -- '-- the cycle' "$work/s$((n - 1))/dmc.out" && ok "E[] witness: the cycle is marked" \
	|| fail "E[] witness: no cycle marked: $(tail -n 8 "$work/s$((n - 1))/dmc.out")"
live "$contrib/train_gate_3.xta" 'Train(0).Appr --> Train(0).Cross' fails
live "$models/fischer2_ok.xta" 'P(1).req --> P(1).cs' fails
live "$models/fischer2_ok.xta" 'A<> incs <= 1' holds
live "$models/live_progress.xta" 'A<> P.b' holds
live "$models/live_progress.xta" 'P.a --> P.b' holds
live "$models/live_progress.xta" 'A<> Q.d' fails
live "$models/live_progress.xta" 'Q.c --> Q.d' fails
live "$models/live_timelock.xta" 'A<> R.f' fails
live "$models/live_timelock.xta" 'E[] R.e' holds
expect 2 'conditional expression' "a conditional in a liveness query" -- \
	"$dmc" translate "$models/live_progress.xta" --target 'A<> (P.b ? 1 : 0) == 1'
expect 2 "'-->' stands alone" "--> under a quantifier" -- \
	"$dmc" translate "$models/live_progress.xta" --target 'A[] P.a --> P.b'

# deadlock with dmc check: the counterexample ends where nothing moves
expect 1 'verdict *violation' "dmc check deadlock.xta A[] not deadlock" -- \
	"$dmc" check "$models/deadlock.xta" --query 'A[] not deadlock' --search bfs
grep -q '^final state: P.b' out.txt && ok "deadlock: the final state is the deadlock" \
	|| fail "deadlock: final state: $(tail -n 3 out.txt)"
expect 0 'verdict *no-violation' "dmc check no_deadlock.xta A[] not deadlock" -- \
	"$dmc" check "$models/no_deadlock.xta" --query 'A[] not deadlock'
# a .q file: every query; sup/Pr are skipped, not errors
printf 'sup: P.x\nE<> P.c\nA[] not deadlock\n' > stored.q
expect 1 'Formula is satisfied' "a .q file: every query" -- \
	"$dmc" check "$models/old_syntax.xta" --query stored.q
grep -q "^Verifying formula 1 at stored.q:1:1" out.txt && grep -q "Formula is skipped: not a kind" out.txt \
	&& ok "a query dmc cannot check is skipped with the reason" || fail "skipped query not named: $(head -n 5 out.txt)"
# a backslash at the end of a line continues the query (verifyta), comments anywhere
printf '/* continued\n   queries */ E<> P.c \\\n  && n == 1 // the end\nA[] \\\r\n  n <= 0\nE<> P.b \\\n  && n = 1\n' > cont.q
expect 1 'Formula is NOT satisfied' "a .q file with continued lines" -- \
	"$dmc" check "$models/old_syntax.xta" --query cont.q
[ "$(answers out.txt)" = "is satisfied,is NOT satisfied,is skipped," ] && grep -q "^Verifying formula 2 at cont.q:4:1" out.txt \
	&& grep -q "cont.q:7:8: expected the end of the query" out.txt \
	&& ok "a .q file with continued lines: the answers and the lines" || fail "continued lines: $(cat out.txt)"
expect 2 "<> deadlock' only" "E<> not deadlock: refused, not answered" -- \
	"$dmc" check "$models/deadlock.xta" --query 'E<> not deadlock'
expect 2 "only" "deadlock under another operator" -- \
	"$dmc" translate "$models/deadlock.xta" --target 'E<> deadlock && P.b'
printf 'int v = 40000;\nprocess P() { state a; init a; }\nsystem P;\n' > range_init.xta
expect 2 "range_init.xta:1:5: 'v': initial value 40000 is outside its range" "an initial value outside the range" -- \
	"$dmc" translate range_init.xta
printf 'int f() { int i = 0; while (i < g) i++; return i; }\nint g;\nprocess P() { state a; init a; trans a -> a { guard f() > 0; }; }\nsystem P;\n' > loopvar.xta
expect 2 "loopvar.xta:1:22: function 'f': a loop whose condition depends on the state" "a loop bound that is not known" -- \
	"$dmc" translate loopvar.xta

# a sender on a channel nobody receives on: the edge is never taken (the
# translation declares what its receive reads: spin -a rejected it before)
printf 'clock x;\nchan C;\nprocess P() { state a, b; init a; trans a -> b { guard x < 10; sync C!; assign x = 0; }; }\nsystem P;\n' > norecv.xta
spin_says norecv.xta 'E<> P.a' reach
spin_says norecv.xta 'E<> P.b' unreach
# UPPAAL's built-in functions on doubles, a trace instead of a model: refused by name
printf 'int v;\nprocess P() { state a; init a; trans a -> a { assign v = fint(v + 1); }; }\nsystem P;\n' > fint.xta
expect 2 "fint.xta:2:62: call of 'fint', UPPAAL's built-in function on doubles" "a double built-in function named" -- \
	"$dmc" translate fint.xta
printf '<?xml version="1.0"?>\n<trace initial_node="S1"><system/></trace>\n' > trace.xml
expect 2 "trace.xml:2:1: <trace>: not an UPPAAL model" "an XML trace is no model" -- "$dmc" translate trace.xml
# tests/bench/uppaal_coverage.sh (issue 39's measure) on four files: one
# translates, one is refused by name (CSP on an element the state
# chooses), one is listed as invalid, one fails (a syntax error): each
# counted where it belongs
mkdir -p cov
printf 'process P() { state a; init a; }\nsystem P;\n' > cov/ok.xta
cp csp.xta cov/csp.xta
printf 'process P() { state a; init a; }\nsystem Q;\n' > cov/listed.xta
printf 'int x\nprocess P() { state a; init a; }\nsystem P;\n' > cov/gap.xta
printf 'listed.xta\tinvalid\tno template Q\n' > cov.expect
UPPAAL_COVERAGE_EXPECT=$work/cov.expect sh "$top/tests/bench/uppaal_coverage.sh" cov 20 > cov.out 2>&1
cov_rc=$?
if [ "$cov_rc" = 0 ] && grep -q '^| translate | 1 (25.0 % of all files) |' cov.out \
   && grep -q '^| refused: UPPAAL rejects them too, or no models | 1 |' cov.out \
   && grep -q '^| refused: a feature dmc does not check, named.* | 1 |' cov.out \
   && grep -q "^| refused: the translator's gaps | 1 |" cov.out \
   && grep -q '^| gap.xta | fails | gap.xta:2:1: expected' cov.out; then
	ok "uppaal_coverage.sh: the outcomes counted"
else
	fail "uppaal_coverage.sh (exit $cov_rc): $(cat cov.out)"
fi

# malformed input: file, line, exit 2
printf 'int x\nprocess P() { state a; init a; }\nsystem P;\n' > bad.xta
expect 2 'bad.xta:2:1: expected' "translate: syntax error names file, line and column" -- "$dmc" translate bad.xta
expect 2 'bad.xta:2:1: expected' "check: syntax error names file, line and column" -- "$dmc" check bad.xta --query 'E<> P.a'
printf 'process P() { state a; init a; }\nsystem P;\n' > good.xta
expect 2 "expected 'E<>', 'A\[\]'" "unsupported query" -- "$dmc" translate good.xta --target 'A() P.a'
expect 2 'cannot read the query file' "missing query file" -- "$dmc" translate good.xta --query nosuch.q
expect 2 'query is for UPPAAL models' "--query on a Promela model" -- "$dmc" check "$top/tests/models/atomic_counter_ok.pml" --query 'E<> x'
expect 0 'active proctype P()' "translate to standard output" -- "$dmc" translate good.xta
expect 2 'has no query' "check without a query" -- "$dmc" check good.xta

echo "uppaal.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
