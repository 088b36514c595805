#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# layout.sh -- the project's shape (issue 43), cheap enough for make
# check: no source file over 2,000 lines; each input language one folder
# frontends/LANGUAGE/ defining the one front end frontends.def lists for
# it, and no list of a front end's files anywhere else (the Makefile
# finds them by wildcard, the driver names no language).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
max=2000
passed=0
failed=0
ok()   { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL layout: $*"; }

# the sources: every C, C++, table, shell, Lua and Python file outside the build
files=$(find . -path ./build -prune -o -path ./.git -prune -o -type f \
	\( -name '*.c' -o -name '*.h' -o -name '*.cc' -o -name '*.def' -o -name '*.sh' \
	   -o -name '*.lua' -o -name '*.py' \) -print | sort)
for f in $files; do
	n=$(wc -l < "$f")
	[ "$n" -le "$max" ] && ok || fail "$f has $n lines (at most $max: split it by job)"
done

# every front end of frontends.def is defined in a folder of its own
def=frontends/common/frontends.def
syms=$(sed -n 's/^DMC_FRONTEND(\([A-Za-z_0-9]*\)).*/\1/p' "$def")
[ -n "$syms" ] && ok || fail "$def lists no front end"
seen=
for s in $syms; do
	where=$(grep -l "^const drv_frontend $s = " frontends/*/*.c 2> /dev/null)
	dir=$(dirname "$where" 2> /dev/null)
	if [ "$(echo "$where" | wc -w)" -ne 1 ]; then
		fail "front end $s is defined in '$where', not in one file under frontends/"
	elif [ "$dir" = frontends/common ]; then
		fail "front end $s is defined in frontends/common/, not in its language's folder"
	else
		case " $seen " in
		*" $dir "*) fail "$dir defines two front ends" ;;
		*) seen="$seen $dir"; ok ;;
		esac
	fi
done
# and every language folder holds a front end of the list
for d in frontends/*/; do
	d=${d%/}
	[ "$d" = frontends/common ] && continue
	case " $seen " in
	*" $d "*) ok ;;
	*) fail "$d defines no front end listed in $def" ;;
	esac
done

# no front end's file is named in the build's lists, and the driver names
# no language: its front end's descriptor says what differs
for f in frontends/*/*; do
	b=$(basename "$f")
	for g in Makefile configure contrib/*.sh spin-plugin/glue_sources.def; do
		grep -v '^[[:space:]]*#' "$g" | grep -q -F "$b" \
			&& echo "FAIL layout: $g names $f (let the wildcard find it)"
	done
done | grep . && failed=$((failed + 1)) || ok
for fe in $(sed -n 's/.*\.name = "\([^"]*\)".*/\1/p' frontends/*/*.c); do
	# (outside comments)
	grep -h "\"$fe\"" driver/*.c driver/*.h | grep -v '^[[:space:]]*/\?\*' | grep -q -v '/\*.*"'"$fe"'"' \
		&& fail "the driver names the front end \"$fe\"" || ok
done

echo "layout.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
