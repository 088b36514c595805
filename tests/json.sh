# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# json.sh -- read dmc's --json results in the shell scripts (tests,
# benchmarks, the demo) with a real JSON parser (jq).  Lines of FILE that
# are not a JSON object (pan's own output, when it is mixed in) are
# skipped; the last object wins.
#
#   json_get PATH FILE   a member by jq path (.states_stored, .hcache.hits);
#                        empty when absent or null
#   json_str KEY FILE    a top-level member (string, number or boolean)
#   json_num KEY FILE    the same (kept apart for the reader: a number)
#
# With DMC_E2E_JSON set (make e2e, make check), every FILE read is also
# kept there, its JSON objects only, once per content, for
# tests/e2e/json_kept.sh to validate against docs/dmc.schema.json.
json_get() {
	json_keep "$2"
	jq -rR "fromjson? | objects | $1 | select(. != null) | tostring" "$2" 2>/dev/null | tail -n 1
}
# json_stable FILE [PATHS]: FILE's JSON objects, one per line, less what
# depends on the machine and the moment (times, memory, what the store
# takes per state, the heuristic's cost per evaluation) and less PATHS
# (", .hcache"): two runs of the same search print the same lines
json_stable() {
	jq -cR "fromjson? | objects | del(.time_s, .memory_mb, .peak_rss_mb, .bytes_per_state, .h_us_per_eval, .h_cpu_us_per_eval,
		.h_time_share, .cpu_s, .store.entry_bytes, .store.bytes_per_state${2:-})" "$1" 2>/dev/null
}
# jsonschema_python: the python3 that imports jsonschema (Debian's
# python3-jsonschema; the system's first), or nothing
jsonschema_python() {
	for _p in /usr/bin/python3 python3; do
		if "$_p" -c 'import jsonschema' 2>/dev/null; then echo "$_p"; return; fi
	done
}
json_keep() {
	[ -n "${DMC_E2E_JSON:-}" ] && [ -d "$DMC_E2E_JSON" ] && [ -s "$1" ] || return 0
	_k=$DMC_E2E_JSON/$(cksum < "$1" | tr ' ' -).json
	[ -f "$_k" ] || jq -cR 'fromjson? | objects' "$1" > "$_k" 2>/dev/null
	[ -s "$_k" ] || rm -f "$_k"
}
json_str() { json_get ".\"$1\"" "$2"; }
json_num() { json_str "$@"; }
