#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# generate.sh -- make oracle: SPIN's own results for every model of the
# quick tier (tests/e2e/quick.list), one tests/oracle/NAME.tsv each
# (key TAB value), which tests/e2e/quick.sh compares dmc with:
#   verdict, error    SPIN's depth-first pan (-DNOREDUCE -m1000000; pan -a
#                     [-N F] or, with -DNP, pan -l for liveness): violation
#                     or no-violation, and the kind of its first error
#   states            liveness: the states SPIN's nested DFS stored
#   bfs_verdict, bfs_length, bfs_states
#                     safety: SPIN's breadth-first pan (-DBFS -DNOREDUCE):
#                     its verdict, the shortest trail's steps and the
#                     states stored ("-" where SPIN's BFS cannot say)
#   never_claim       yes when pan searched with a never claim (dmc's
#                     trails then list the claim's steps, as SPIN's DFS
#                     trails do and its BFS trails do not)
#   promela_sum       the checksum of the Promela SPIN read (a model's
#                     copy or its translation): quick.sh flags a stale
#                     oracle
# Run from make oracle after make; prints one line per model.
e2e_name=oracle
. "$(dirname "$0")/../e2e/lib.sh"
out=$top/tests/oracle
[ -x "$dmc" ] || { echo "run make first" >&2; exit 2; }

stored() { sed -n 's/^ *\([0-9.e+]*\) states, stored.*/\1/p' "$1" | head -n 1; }
errors() { sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$1"; }

# oracle: SPIN's runs for the model quick_model staged; writes the file
oracle() {
	d=$qm_dir; m=$qm_pml
	# shellcheck disable=SC2086
	(cd "$d" && spin $qm_spin -a "$m" > spin.out 2>&1) || { echo "$qm_name: spin -a failed: $(cat "$d/spin.out")" >&2; return 1; }
	f=$d/oracle.tsv
	{
		echo "# SPIN's results for $qm_name (written by make oracle: tests/oracle/generate.sh)"
		printf 'source\t%s\n' "${qm_src#"$top"/}"
		printf 'promela_sum\t%s\n' "$(file_sum "$d/$m")"
		printf 'mode\t%s\n' "$qm_mode${qm_ltl:+ $qm_ltl}"
		printf 'pan_options\t%s\n' "$qm_pan"
	} > "$f"
	np=""; run=""
	case $qm_mode in
	a) run="-a${qm_ltl:+ -N $qm_ltl}" ;;
	l) run=-l; np=-DNP ;;
	esac
	# shellcheck disable=SC2086
	(cd "$d" && gcc -O2 -w -DNOREDUCE $np -o pan_dfs pan.c && timeout 600 ./pan_dfs $run -m1000000 $qm_pan > dfs.out 2>&1)
	e=$(errors "$d/dfs.out")
	if [ -z "$e" ] || grep -q 'max search depth too small' "$d/dfs.out"; then
		echo "$qm_name: SPIN's DFS gave no complete verdict: $(tail -n 5 "$d/dfs.out")" >&2; return 1
	fi
	if [ "$e" -gt 0 ]; then v=violation; else v=no-violation; fi
	printf 'verdict\t%s\nerror\t%s\n' "$v" "$(pan_error "$d/dfs.out")" >> "$f"
	c=no; grep -q '^	never claim *	+' "$d/dfs.out" && c=yes
	printf 'never_claim\t%s\n' "$c" >> "$f"
	if [ "$qm_mode" != safety ]; then
		s=-; [ "$v" = no-violation ] && s=$(stored "$d/dfs.out")
		printf 'states\t%s\n' "$s" >> "$f"
	else
		rm -f "$d/$m.trail"
		# shellcheck disable=SC2086
		(cd "$d" && gcc -O2 -w -DBFS -DNOREDUCE -o pan_bfs pan.c && timeout 600 ./pan_bfs $qm_pan > bfs.out 2>&1)
		e=$(errors "$d/bfs.out")
		if [ -z "$e" ] || grep -q 'not supported in BFS\|VECTORSZ is too small' "$d/bfs.out"; then
			printf 'bfs_verdict\t-\nbfs_length\t-\nbfs_states\t-\n' >> "$f"
		elif [ "$e" -gt 0 ]; then
			printf 'bfs_verdict\tviolation\nbfs_length\t%s\nbfs_states\t%s\n' \
				"$(trail_steps "$d/$m.trail")" "$(stored "$d/bfs.out")" >> "$f"
		else
			printf 'bfs_verdict\tno-violation\nbfs_length\t-\nbfs_states\t%s\n' "$(stored "$d/bfs.out")" >> "$f"
		fi
	fi
	printf 'spin\t%s\n' "$(spin -V | head -n 1)" >> "$f"
	cp "$f" "$out/$qm_name.tsv"
	echo "$qm_name: $(sed -n 's/^verdict\t//p' "$f") ($(sed -n 's/^error\t//p' "$f"))"
}

rc=0
grep '^model ' "$top/tests/e2e/quick.list" > "$work/models"
while read -r _ name path rest; do
	# shellcheck disable=SC2086
	if quick_model "$name" "$path" $rest < /dev/null; then
		oracle < /dev/null || rc=1
	else
		rc=1
	fi
done < "$work/models"
exit $rc
