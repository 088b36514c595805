#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# readme.sh -- every command of the ```sh blocks of README.md and
# docs/getting-started.md runs as written
# (from a scratch copy of the tree's models, so that trails land there):
# exit status 0, or 1 where a violation is found.  Lines that run make or
# configure are the build's own (make check runs them) and left out.
e2e_name=readme
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2
ln -s "$top/dmc" dmc
ln -s "$top/build" build
mkdir -p contrib tests
cp -r "$top/contrib/models" "$top/contrib/anml" "$top/contrib/pddl" contrib/
cp -r "$top/tests/models" tests/

# README's tables of searches, heuristics and presets name exactly what
# the registries hold (runtime/searches.def, heuristics/heuristics.def,
# runtime/presets.def), as dmc --help prints them
"$top/dmc" --help > help.txt
# readme_names HEAD: the `names` of the first column of README's table
# whose header's first cell is HEAD, one a line, sorted
readme_names() {
	awk -v head="$1" '/^\|/ { split($0, c, "|"); cell = c[2]; gsub(/ /, "", cell)
	                          if (cell == head) { on = 1; next }
	                          if (on && cell !~ /^-+$/) print cell; next }
	                  { on = 0 }' "$top/README.md" \
		| tr ',' '\n' | sed -n 's/^`\([^`]*\)`$/\1/p' | sort
}
sed -n '/^searches (--search):$/,/^heuristics/s/^  \([a-z]*\) .*/\1/p' help.txt | sort > search.reg
sed -n 's/^heuristics (--heuristic[^:]*): //p' help.txt | tr -d ' ' | tr ',' '\n' | sort > heuristic.reg
sed -n '/^  --preset /,/^  --/s/^ *P: \([^;]*\);.*/\1/p' help.txt | tr -d ' ' | tr ',' '\n' | sort > preset.reg
for t in search heuristic preset; do
	readme_names "$t" > "$t.readme"
	if [ ! -s "$t.reg" ]; then
		fail "README's $t table: dmc --help lists no ${t}s"
	elif cmp -s "$t.reg" "$t.readme"; then
		ok "README's $t table names every $t of the registry: $(tr '\n' ' ' < "$t.reg")"
	else
		fail "README's $t table differs from the registry (< registry, > README): $(diff "$t.reg" "$t.readme" | grep '^[<>]' | tr '\n' ' ')"
	fi
done

# the blocks' commands, one per line (continuations joined)
awk '/^```sh$/ { on = 1; next } /^```$/ { on = 0; next }
     on { if (sub(/\\$/, "")) { part = part $0; next } print part $0; part = "" }' \
	"$top/README.md" "$top/docs/getting-started.md" \
	| grep -v -e '^make ' -e 'configure' > commands.txt
n=$(wc -l < commands.txt)
[ "$n" -ge 20 ] && ok "README.md and getting-started.md have $n commands to run" || fail "only $n commands found"
while IFS= read -r line; do
	sh -c "$line" > out.txt 2>&1 < /dev/null
	rc=$?
	case $rc in
	0|1) ok "README: $line (exit $rc)" ;;
	*) fail "README: $line: exit $rc: $(tail -c 400 out.txt)" ;;
	esac
done < commands.txt

echo "readme: $passed passed, $failed failed"
[ $failed = 0 ]
