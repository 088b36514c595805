#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# package.sh -- end-to-end tests of what a user installs and lives with:
# the version, every command's --help (from driver/commands.def and
# runtime/options.def), the man page, --json's error object and the JSON
# documentation, make install/uninstall with DESTDIR and PREFIX, a pan
# built by hand with pkg-config, installing again to another prefix (and
# make deb after it), the build cache's clean command and
# size bound.  (make install runs as a make of its own: MAKEFLAGS of a
# make e2e around it are not its.)
e2e_name=package
. "$(dirname "$0")/lib.sh"
cd "$work" || exit 2

# ---- the version ----
# version.sh's at build time: the number of VERSION or of a tag vX.Y.Z
version=$("$dmc" --version | sed -n 's/^dmc (spin-dmc) //p')
expect 0 "^dmc (spin-dmc) [0-9][0-9.]*" "dmc --version: a version number" -- "$dmc" --version
expect 0 "^dmc (spin-dmc) $version\$" "dmc check --version" -- "$dmc" check --version

# ---- every command's --help: exit 0, its options from the tables ----
commands=$(sed -n 's/^DRV_COMMAND([A-Z_]*, "\([^"]*\)".*/\1/p' "$top/driver/commands.def")
[ "$(echo $commands | wc -w)" -ge 9 ] && ok "commands.def lists the commands" || fail "commands.def: '$commands'"
"$dmc" help > help.txt 2>&1 || fail "dmc help: exit status $?"
for c in $commands; do
	grep -q "^  $c " help.txt && ok "dmc help lists $c" || fail "dmc help lacks $c"
	for h in --help -h; do
		expect 0 "^usage: dmc $c " "dmc $c $h: its usage, exit 0" -- "$dmc" $c $h
	done
	"$dmc" help $c > h_$c.txt 2>&1 && cmp -s out.txt h_$c.txt && ok "dmc help $c is dmc $c -h" \
		|| fail "dmc help $c differs from dmc $c -h"
	id=$(sed -n "s/^DRV_COMMAND(\([A-Z_]*\), \"$c\".*/\1/p" "$top/driver/commands.def")
	for o in $(sed -n "s/^DRV_COMMAND_OPTION($id, \"\([^\"]*\)\".*/\1/p" "$top/driver/commands.def"); do
		grep -q -e "^  $o" out.txt && ok "dmc $c --help lists $o" || fail "dmc $c --help lacks $o: $(cat out.txt)"
	done
done
# check's and model's: every option of options.def
for o in $(sed -n 's/^DMC_OPT([A-Z_]*, "\([^"]*\)".*/\1/p' "$top/runtime/options.def"); do
	for c in check model; do
		"$dmc" $c --help | grep -q -e "^  $o" && ok "dmc $c --help lists $o" || fail "dmc $c --help lacks $o"
	done
	grep -q -e "^  $o" help.txt && ok "dmc help lists $o" || fail "dmc help lacks $o"
done
# the global help: every search with its line, every heuristic
for s in $(sed -n 's/^DMC_SEARCH([A-Z]*, *"\([^"]*\)".*/\1/p' "$top/runtime/searches.def"); do
	grep -q "^  $s  " help.txt && ok "dmc help describes search $s" || fail "dmc help lacks search $s"
done
hs=$(sed -n 's/^DMC_HEURISTIC([a-zA-Z_]*, *"\([^"]*\)").*/\1/p' "$top/heuristics/heuristics.def" | paste -sd, | sed 's/,/, /g')
grep -q "^heuristics.*: $hs\$" help.txt && ok "dmc help lists every heuristic ($hs)" || fail "dmc help lacks heuristics $hs"
expect 2 'unknown command' "dmc help of no command: exit 2" -- "$dmc" help frob
# the man page is generated from the same tables
"$dmc" help --man > dmc.1
cmp -s dmc.1 "$top/docs/dmc.1" && ok "docs/dmc.1 is what dmc help --man generates" \
	|| fail "docs/dmc.1 is stale: run make docs"
if command -v man >/dev/null 2>&1; then
	man -l dmc.1 > man.txt 2> man.err
	grep -q 'dmc cache' man.txt && ! grep -q 'warning' man.err && ok "man -l docs/dmc.1 renders without warnings" \
		|| fail "man -l docs/dmc.1: $(head -5 man.err)"
fi

# ---- JSON: versions, every member documented, errors ----
cat > counter.pml <<'EOF2'
int n;
active proctype C() { do :: n < 50 -> n++ :: n > 0 -> n-- od }
active proctype W() { assert(n < 40) }
EOF2
cat > live.pml <<'EOF2'
int n;
active proctype P() { do :: n < 3 -> n++ :: n >= 3 -> n = 0 od }
ltl p2 { <> (n == 7) }
EOF2
printf 'weights = { g = 1, hL = 2 }\n' > w.lua
"$dmc" check counter.pml --heuristic hL --json > s1.json 2>/dev/null
"$dmc" check counter.pml --lua w.lua --json > s2.json 2>/dev/null
"$dmc" check live.pml --ltl p2 --json > s3.json 2>/dev/null
[ "$(json_str schema_version s1.json)" = 1 ] && [ "$(json_str version s1.json)" = "$version" ] \
	&& ok "the JSON results carry schema_version 1 and the version" || fail "JSON versions: $(head -c 200 s1.json)"
printf 'int x = ;\n' > bad.pml
printf '<nta><declaration>int x = ;</declaration></nta>\n' > bad.xml
"$dmc" check bad.xml --json > e1.json 2>e1.err; rc1=$?
"$dmc" check bad.pml --json > e2.json 2>/dev/null; rc2=$?
"$dmc" check counter.pml --search best --json > e3.json 2>/dev/null; rc3=$?
"$dmc" check nosuch.pml --json > e4.json 2>/dev/null
"$dmc" check counter.pml --json -- -Z > e5.json 2>/dev/null
for f in e1 e2 e3 e4 e5; do
	[ "$(wc -l < $f.json)" = 1 ] && [ "$(jq -r .verdict $f.json)" = error ] \
		&& [ "$(jq -r .exit_status $f.json)" = 2 ] && [ "$(jq -r .schema_version $f.json)" = 1 ] \
		&& [ -n "$(jq -r .message $f.json)" ] \
		&& ok "--json on an error ($f): one error object" || fail "--json on an error ($f): $(cat $f.json)"
done
[ $rc1 = 2 ] && [ $rc2 = 2 ] && [ $rc3 = 2 ] && ok "errors with --json: exit status 2" || fail "exit $rc1 $rc2 $rc3"
[ "$(jq -r '[.file, .line, .column] | map(tostring) | join(" ")' e1.json)" = "bad.xml 1 27" ] \
	&& grep -q 'bad.xml:1:27' e1.err && ok "UPPAAL error: file, line, column in the object, the message on stderr" \
	|| fail "UPPAAL error object: $(cat e1.json)"
jq -r '[.file, .line, .column] | map(tostring) | join(" ")' e2.json | grep -q '^bad.pml [12] null$' \
	&& ok "SPIN's error: file and line" || fail "SPIN error object: $(cat e2.json)"
jq -r '.message' e3.json | grep -q "unknown search 'best'" && ok "a bad option value: the message" \
	|| fail "bad option object: $(cat e3.json)"
for f in s1 s2 s3 e1; do
	for k in $(jq -r '[paths(scalars, nulls)] | map(.[-1] | select(type == "string")) | .[]' $f.json; jq -r 'paths(objects) | .[-1]' $f.json); do
		grep -q "\`$k\`" "$top/docs/json.md" && ok "docs/json.md documents $k" || fail "docs/json.md lacks $k ($f)"
	done
done

# ---- progress: pan's line at most once a second (the nested DFS printed
# one every ten levels of depth), the runtime's after it ----
cp "$top/contrib/models/live_noise.pml" .
"$dmc" check live_noise.pml -a --json --portfolio off > ln.json 2> ln.err
lines=$(grep -c 'Depth=' ln.err)
secs=$(json_str time_s ln.json)
awk -v n="$lines" -v s="$secs" 'BEGIN { exit !(n <= s + 1) }' \
	&& ok "nested DFS progress: $lines lines in $secs s" || fail "nested DFS progress: $lines lines in $secs s"
[ "$(grep -c '^spin-dmc: .* states stored' ln.err)" = "$lines" ] && ok "each progress line has the runtime's line" \
	|| fail "progress: $(grep -A1 Depth= ln.err | head -4)"

# ---- bash completion, from the same tables ----
"$dmc" help --bash-completion > dmc.bash
if command -v bash >/dev/null 2>&1; then
	got=$(bash -c '. ./dmc.bash; COMP_WORDS=(dmc check --heuristic h); COMP_CWORD=3; _dmc; echo "${COMPREPLY[*]}"')
	# the expected list is heuristics.def's names that begin with h, in its order
	want=$(sed -n 's/^DMC_HEURISTIC([^,]*, *"\(h[^"]*\)").*/\1/p' "$top/heuristics/heuristics.def" | tr '\n' ' ' | sed 's/ $//')
	[ -n "$want" ] && [ "$got" = "$want" ] && ok "bash completion of --heuristic h: $got" || fail "bash completion: '$got'"
	got=$(bash -c '. ./dmc.bash; COMP_WORDS=(dmc plan --ho); COMP_CWORD=2; _dmc; echo "${COMPREPLY[*]}"')
	[ "$got" = "--horizon" ] && ok "bash completion of dmc plan --ho" || fail "bash completion of plan: '$got'"
fi

# ---- make install DESTDIR= PREFIX=, the pkg-config file, make uninstall ----
stage=$work/stage
if MAKEFLAGS= MFLAGS= make -s -C "$top" install DESTDIR="$stage" PREFIX=/usr > install.log 2>&1; then
	ok "make install DESTDIR PREFIX=/usr"
else
	fail "make install: $(tail -5 install.log)"
fi
for f in usr/bin/dmc usr/lib/spin-dmc/libdmc.a usr/lib/spin-dmc/dmc-gcc.so usr/lib/spin-dmc/share/glue.h \
         usr/lib/pkgconfig/spin-dmc.pc usr/share/man/man1/dmc.1 usr/share/doc/spin-dmc/LICENSE \
         usr/share/doc/spin-dmc/json.md usr/share/bash-completion/completions/dmc; do
	[ -f "$stage/$f" ] && ok "installed $f" || fail "make install did not stage $f"
done
grep -q '^libdir=/usr/lib/spin-dmc$' "$stage/usr/lib/pkgconfig/spin-dmc.pc" && ok "spin-dmc.pc names PREFIX, not DESTDIR" \
	|| fail "spin-dmc.pc: $(cat "$stage/usr/lib/pkgconfig/spin-dmc.pc")"
export DMC_LIBDIR="$stage/usr/lib/spin-dmc"
expect 0 "^dmc (spin-dmc) $version\$" "the installed dmc --version" -- "$stage/usr/bin/dmc" --version
expect 1 'violation' "the installed dmc checks a model" -- "$stage/usr/bin/dmc" check counter.pml --heuristic dL
# the README's by-hand build, with pkg-config (the staged library directory)
mkdir hand && cp counter.pml hand/ && cd hand || exit 2
pc="pkg-config --define-variable=libdir=$stage/usr/lib/spin-dmc"
if spin -a counter.pml > spin.out 2>&1 && "$stage/usr/bin/dmc" vars counter.pml pan.h > dmc_vars.h \
   && gcc -O2 -DNOREDUCE -DDMC_SEARCH=astar -DDMC_HEURISTIC=hL -I. pan.c \
          $(PKG_CONFIG_PATH="$stage/usr/lib/pkgconfig" $pc --cflags --libs spin-dmc) -o pan > cc.log 2>&1; then
	ok "pan.c built by hand with pkg-config --cflags --libs spin-dmc"
	expect 1 'verdict  *violation' "the pan built by hand finds the violation" -- ./pan
	[ -f counter.pml.trail ] && spin -t counter.pml > replay.txt 2>&1 && grep -q 'assertion violated' replay.txt \
		&& ok "spin -t replays its trail" || fail "the hand-built pan's trail: $(tail -3 replay.txt)"
	expect 0 "^pan (spin-dmc) $version\$" "pan --version" -- ./pan --version
	expect 0 'warning: cc: --heuristic hL without --search' "dmc cc --heuristic without --search warns" -- \
		"$stage/usr/bin/dmc" cc --heuristic hL pan.c -o pan2
else
	fail "by-hand build with pkg-config: $(tail -5 cc.log)"
fi
cd "$work" || exit 2
unset DMC_LIBDIR
MAKEFLAGS= MFLAGS= make -s -C "$top" uninstall DESTDIR="$stage" PREFIX=/usr > uninstall.log 2>&1 \
	&& [ -z "$(find "$stage" -type f)" ] && ok "make uninstall removes every installed file" \
	|| fail "make uninstall left: $(find "$stage" -type f | head -5)"

# ---- installing again, to another prefix: every file made for it ----
# (the second install used to copy the dmc and spin-dmc.pc made for the
# first prefix: "spin-dmc is not built" once that one was gone)
pa=$work/prefix-a pb=$work/prefix-b
MAKEFLAGS= MFLAGS= make -s -C "$top" install PREFIX="$pa" > install_a.log 2>&1 \
	|| fail "make install PREFIX=A: $(tail -5 install_a.log)"
MAKEFLAGS= MFLAGS= make -s -C "$top" install PREFIX="$pb" > install_b.log 2>&1 \
	|| fail "make install PREFIX=B: $(tail -5 install_b.log)"
rm -rf "$pa"
grep -q "^libdir=$pb/lib/spin-dmc\$" "$pb/lib/pkgconfig/spin-dmc.pc" && ok "B's spin-dmc.pc names B" \
	|| fail "B's spin-dmc.pc: $(grep libdir= "$pb/lib/pkgconfig/spin-dmc.pc")"
strings "$pb/bin/dmc" | grep -q "$pa" && fail "B's dmc names A's library directory" || ok "B's dmc does not name A"
mkdir reinstall && cp counter.pml reinstall/ && cd reinstall || exit 2
# (a model's first run: SPIN's pan answers and its report stands alone)
expect 1 'answered first: violation\|verdict  *violation' "A removed: B's dmc checks a model" -- "$pb/bin/dmc" check counter.pml
[ -f counter.pml.trail ] && spin -t counter.pml 2>&1 | grep -q 'assertion violated' \
	&& ok "B's dmc: its trail replays with spin -t" || fail "B's dmc: no trail that replays"
cd "$work" || exit 2
# make deb after an install elsewhere: the package's dmc is /usr's
if command -v dpkg-deb > /dev/null 2>&1; then
	if MAKEFLAGS= MFLAGS= make -s -C "$top" deb > deb.log 2>&1; then
		dpkg-deb -x "$top/build/spin-dmc.deb" deb
		strings deb/usr/bin/dmc | grep -q '^/usr/lib/spin-dmc$' && ! strings deb/usr/bin/dmc | grep -q "$pb" \
			&& ok "make deb after an install to B: its dmc names /usr/lib/spin-dmc" \
			|| fail "make deb after an install to B: the package's dmc names $(strings deb/usr/bin/dmc | grep 'lib/spin-dmc')"
		grep -q '^libdir=/usr/lib/spin-dmc$' deb/usr/lib/pkgconfig/spin-dmc.pc && ok "the package's spin-dmc.pc names /usr" \
			|| fail "the package's spin-dmc.pc: $(grep libdir= deb/usr/lib/pkgconfig/spin-dmc.pc)"
		# Open MPI, optional as in configure: recommended where the build has it
		ctl=$(dpkg-deb -f "$top/build/spin-dmc.deb" Recommends)
		if [ -f "$top/build/libdmc_mpi.a" ]; then
			[ "$ctl" = "libopenmpi-dev, openmpi-bin" ] && ok "the package recommends Open MPI (the build has it)" \
				|| fail "the package's Recommends: '$ctl', the build has libdmc_mpi.a"
		else
			[ -z "$ctl" ] && ok "the package recommends nothing (built without Open MPI)" \
				|| fail "the package's Recommends: '$ctl' without Open MPI"
		fi
	else
		fail "make deb: $(tail -5 deb.log)"
	fi
fi
# an installed dmc without its library says what to do, not "run make"
rm -rf "$pb/lib/spin-dmc"
expect 2 "library directory $pb/lib/spin-dmc lacks libdmc.a" "an installed dmc whose library is gone: make install again" -- \
	"$pb/bin/dmc" check counter.pml
rm -rf "$pb"

# ---- the build cache: size, LRU bound, clean ----
export DMC_CACHE="$work/cache2"
# one pan a check: the guided search alone (the portfolio builds two, below)
"$dmc" check counter.pml --portfolio off > /dev/null 2>&1
old=$(ls "$DMC_CACHE" | grep -E '^[0-9a-f]{16}$')
expect 0 'in 1 builds' "dmc cache size: one build" -- "$dmc" cache size
touch -d '2 hours ago' "$DMC_CACHE/$old"
DMC_CACHE_MAX_MB=0 "$dmc" check live.pml --portfolio off > /dev/null 2>&1
new=$(ls "$DMC_CACHE" | grep -E '^[0-9a-f]{16}$')
[ -n "$new" ] && [ "$new" != "$old" ] && [ ! -d "$DMC_CACHE/$old" ] \
	&& ok "DMC_CACHE_MAX_MB: the least recently used build goes, the new one stays" \
	|| fail "cache bound: before $old, after $new"
expect 0 'removed 1 builds' "dmc cache clean" -- "$dmc" cache clean
[ -z "$(ls "$DMC_CACHE" | grep -E '^[0-9a-f]{16}')" ] && ok "dmc cache clean leaves no build" || fail "cache clean left $(ls "$DMC_CACHE")"
# the first run stops dmc's pan's build once SPIN's pan has answered; the
# second (not a first run) builds it
"$dmc" check counter.pml --portfolio on > /dev/null 2>&1
"$dmc" check counter.pml --portfolio on > /dev/null 2>&1
expect 0 'in 2 builds' "dmc cache size: the portfolio's two pans (dmc's, SPIN's own)" -- "$dmc" cache size
expect 0 "^$DMC_CACHE\$" "dmc cache path" -- "$dmc" cache path
expect 2 'expected clean, size or path' "dmc cache of no subcommand: exit 2" -- "$dmc" cache frob

echo "package: $passed passed, $failed failed"
[ $failed = 0 ]
