#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# components.sh -- what a change of one component touches stays what
# docs/contributing.md says (no spin, no pan: a few seconds).
#  - an option a heuristic declares in its DMC_DESCRIBE block is named
#    (as --NAME or DMC_OPT_ID) in no source file but the heuristic's own;
#  - a results member it declares (DMC_RESULT) is written by no source
#    file but its own, and docs/dmc.schema.json and docs/json.md
#    describe it (the schema's description is the declaration's);
#  - a heuristic's name is in no source file but its own and
#    heuristics.def (tests and docs aside);
#  - no source file asks for a search by its id (DMC_SEARCH_BFS, ...):
#    they read its row of searches.def.
# Source files: the C sources, headers and .def files of the runtime,
# the heuristics, the model, the driver, the front ends and the glue.
e2e_name=components
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2

src_files() {
	for d in runtime heuristics model driver promela frontends spin-plugin; do
		[ -d "$d" ] && find "$d" -name '*.[ch]' -o -name '*.def' -o -name '*.cc'
	done | sort
}
src_files > "$work/src.list"
# the files of list $1 whose text has the fixed string $2
mentions() { xargs grep -lF -e "$2" < "$1" 2>/dev/null | sort -u; }

# the DMC_DESCRIBE blocks: FILE<TAB>LINE for each declaration
for f in $(cat "$work/src.list"); do
	awk -v f="$f" '/^#ifdef DMC_DESCRIBE/ { on = 1; next } on && /^#endif/ { on = 0 }
		on && /^DMC_(OPT|RESULT)\(/ { print f "\t" $0 }' "$f"
done > "$work/desc.list"
[ -s "$work/desc.list" ] && ok "DMC_DESCRIBE blocks: $(wc -l < "$work/desc.list") declarations" \
	|| fail "no DMC_DESCRIBE block found"

while IFS='	' read -r f decl; do
	case $decl in
	DMC_OPT*)
		id=$(echo "$decl" | sed 's/^DMC_OPT(\([A-Z0-9_]*\), *"\([^"]*\)".*/\1/')
		name=$(echo "$decl" | sed 's/^DMC_OPT(\([A-Z0-9_]*\), *"\([^"]*\)".*/\2/')
		others=$( (mentions "$work/src.list" "\"$name\""; mentions "$work/src.list" "DMC_OPT_$id") \
		          | sort -u | grep -vx "$f")
		[ -z "$others" ] && ok "option $name: only in $f" \
			|| fail "option $name ($f) is named in other source files too: $(echo $others)"
		;;
	DMC_RESULT*)
		name=$(echo "$decl" | sed 's/^DMC_RESULT([A-Z0-9_]*, *"\([^"]*\)".*/\1/')
		others=$(mentions "$work/src.list" "\"$name\"" | grep -vx "$f" | grep -vx heuristics/heuristics.def \
		         | grep -vx runtime/searches.def)
		[ -z "$others" ] && ok "results member $name: only in $f" \
			|| fail "results member $name ($f) is written by other source files too: $(echo $others)"
		help=$(echo "$decl" | sed 's/^DMC_RESULT([A-Z0-9_]*, *"[^"]*", *"\(.*\)")$/\1/')
		desc=$(grep -A1 "^        \"$name\": {" docs/dmc.schema.json \
		       | sed -n 's/^ *"description": "\(.*\)",$/\1/p')
		[ -n "$desc" ] && grep -q "^| \`$name\` |" docs/json.md \
			&& ok "results member $name: in docs/dmc.schema.json and docs/json.md" \
			|| fail "results member $name: not described in docs/dmc.schema.json and docs/json.md"
		[ "$desc" = "$help" ] && ok "results member $name: the schema's description is its declaration's" \
			|| fail "results member $name: the schema says '$desc', $f declares '$help'"
		;;
	esac
done < "$work/desc.list"

# a heuristic's name: its own file and its registration line
sed -n 's/^DMC_HEURISTIC(\([A-Za-z0-9_]*\), *"\([^"]*\)").*/\1 \2/p' heuristics/heuristics.def |
while read -r sym name; do
	own=$(xargs grep -l "^const dmc_heuristic $sym = " < "$work/src.list")
	others=$(mentions "$work/src.list" "\"$name\"" | grep -vx "$own" | grep -vx heuristics/heuristics.def)
	echo "$name $own $(echo $others)"
done > "$work/names.out"
# the heuristics other files still name (each a known coupling, listed
# here so that the list can only shrink): none may be added
# hplan: ANMLite's dmc plan's default; hff: PDDL's (a planner's default
# heuristic, named by the front end that plans)
known='none deadlock hff htime hplan'
while read -r name own others; do
	if [ -z "$others" ]; then ok "heuristic $name: only in $own and heuristics.def"
	else
		case " $known " in
		*" $name "*) ok "heuristic $name: also named in $others (known)" ;;
		*) fail "heuristic $name ($own) is named in other source files too: $others" ;;
		esac
	fi
done < "$work/names.out"

ids=$(sed -n 's/^DMC_SEARCH(\([A-Z0-9_]*\),.*/DMC_SEARCH_\1/p' runtime/searches.def)
for id in $ids; do
	users=$(mentions "$work/src.list" "$id" | grep -v '^runtime/searches.def$')
	[ -z "$users" ] && ok "$id: no source file asks for it" \
		|| fail "$id: asked for by $(echo $users) (read the search's row of searches.def)"
done

echo "components: $passed passed, $failed failed"
[ $failed = 0 ]
