#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# default_bench.sh -- tests/bench/default.sh (issue 38's table of dmc's
# default against SPIN) on three of the test models: a correct one, a
# buggy one (in a subdirectory) and one with an ltl formula.  Each lands in
# its table with SPIN's verdict and dmc's, the verdicts agree (no
# finding), the summary has its lines, DEFAULT_OUT holds the report,
# DEFAULT_FROM writes the same tables again, and DEFAULT_DMC_OPTS reaches
# dmc (--portfolio on: the row names the member that answered).
e2e_name=default_bench
. "$(dirname "$0")/lib.sh"

d=$work/corpus
mkdir -p "$d/sub"
cp "$top/tests/models/deadlock_ordered_ok.pml" "$top/tests/models/ltl_safety_ok.pml" "$d/"
cp "$top/tests/models/race_counter_bad.pml" "$d/sub/"
DEFAULT_WARM=1 DEFAULT_OUT=$work/table.md DEFAULT_KEEP=$work/keep \
	sh "$top/tests/bench/default.sh" "$d" 20 > "$work/out.md" 2> "$work/err.txt"
rc=$?
[ $rc = 0 ] && ok "default.sh exits 0" || fail "default.sh exit status $rc: $(tail -n 3 "$work/err.txt")"
cmp -s "$work/out.md" "$work/table.md" && ok "DEFAULT_OUT holds the report" || fail "DEFAULT_OUT differs from the output"

for pat in "^# dmc's default against SPIN" "^- machine: .* cores" "load average [0-9.]* to [0-9.]*" \
	"^None: where both are complete" "^## Correct models" "^## Buggy models" "^## Other models"; do
	grep -q -e "$pat" "$work/out.md" && ok "report: '$pat'" || fail "report lacks '$pat'"
done
[ ! -s "$work/keep/findings.txt" ] && ok "no finding" || fail "findings: $(cat "$work/keep/findings.txt")"

# cell MODEL COLUMN: a table's cell (1: the model, 2: SPIN DFS+POR, 5: dmc)
cell() { grep "^| $1 | " "$work/out.md" | cut -d '|' -f $(($2 + 1)) | sed 's/^ *//; s/ *$//'; }
for p in "deadlock_ordered_ok.pml|ok" "sub/race_counter_bad.pml|viol"; do
	m=${p%|*}; want=${p#*|}
	case $(cell "$m" 2) in
	"$want "*) ok "$m: SPIN DFS+POR $want" ;;
	*) fail "$m: SPIN's cell '$(cell "$m" 2)', expected $want" ;;
	esac
	case $(cell "$m" 5) in
	"$want "*"; search "*"; whole "*) ok "$m: dmc $want" ;;
	*) fail "$m: dmc's cell '$(cell "$m" 5)', expected $want" ;;
	esac
done
case $(cell sub/race_counter_bad.pml 5) in
*" steps"*) ok "the buggy model: dmc's trail steps" ;;
*) fail "the buggy model: no trail in '$(cell sub/race_counter_bad.pml 5)'" ;;
esac
case $(cell ltl_safety_ok.pml 2) in
"1 ltl formula: not compared") ok "the ltl model is not compared" ;;
*) fail "ltl_safety_ok.pml: '$(cell ltl_safety_ok.pml 2)'" ;;
esac

# the summary, all models and SPIN's longer runs: each goal has its line
for pat in '^- \*\*correct models\*\* (1 with both complete): .* geometric mean [0-9.]*x, worst' \
	'^- \*\*buggy models\*\* (1 with both complete): .* geometric mean [0-9.]*x, worst' \
	'^  - trail / SPIN BFS trail (1 where BFS found one): geometric mean [0-9.]*x' \
	'^- \*\*first run\*\* (2): .* geometric mean [0-9.]*x, worst'; do
	n=$(grep -c -e "$pat" "$work/out.md")
	[ "$n" -ge 1 ] && ok "summary: '$pat'" || fail "summary lacks '$pat'"
done
n=$(grep -c '^  - goal (' "$work/out.md")
[ "$n" = 6 ] && ok "summary: 6 goal lines" || fail "summary: $n goal lines, expected 6"

# the report again from the kept results: the same tables
DEFAULT_OUT='' DEFAULT_FROM=$work/keep sh "$top/tests/bench/default.sh" "$d" 20 > "$work/from.md" 2> /dev/null
sed -n '/^## Findings/,$p' "$work/out.md" > "$work/out.tail"
sed -n '/^## Findings/,$p' "$work/from.md" > "$work/from.tail"
if [ -s "$work/from.tail" ] && cmp -s "$work/out.tail" "$work/from.tail"; then
	ok "DEFAULT_FROM: the same report"
else
	fail "DEFAULT_FROM: another report: $(diff "$work/out.tail" "$work/from.tail" | head -n 5)"
fi

# DEFAULT_DMC_OPTS: the portfolio's answer on the buggy model
mkdir -p "$work/one"
cp "$top/tests/models/race_counter_bad.pml" "$work/one/"
DEFAULT_WARM=1 DEFAULT_OUT='' DEFAULT_DMC_OPTS="--portfolio on" \
	sh "$top/tests/bench/default.sh" "$work/one" 20 > "$work/pf.md" 2> /dev/null
grep -q 'dmc options: `--portfolio on`' "$work/pf.md" && ok "DEFAULT_DMC_OPTS: in the header" ||
	fail "DEFAULT_DMC_OPTS: not in the header"
r=$(grep '^| race_counter_bad.pml | ' "$work/pf.md" | cut -d '|' -f 6)
case $r in
" viol "*"; by "*", trail "*) ok "--portfolio on: the member that answered" ;;
*) fail "--portfolio on: dmc's cell '$r'" ;;
esac
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
