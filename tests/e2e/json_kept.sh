#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# json_kept.sh DIR -- the JSON the end-to-end scripts read (tests/json.sh
# keeps each file once in DIR when make sets DMC_E2E_JSON) validates
# against docs/dmc.schema.json: dmc check, pan, dmc plan and their error
# objects, as the suites produced them.  json_schema.sh covers each kind
# on purpose; this covers what the other scripts happened to run.
dir=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/json.sh"
py=$(jsonschema_python)
if [ -z "$py" ]; then
	echo "FAIL json_kept.sh needs python3-jsonschema (./configure --install-deps)"
	exit 1
fi
set -- "$dir"/*.json
if [ ! -f "$1" ]; then
	echo "json kept: no JSON was read by the scripts"
	exit 0
fi
"$py" "$top/tests/e2e/json_validate.py" "$top/docs/dmc.schema.json" "$@" > "$dir.log" 2>&1
rc=$?
grep '^FAIL' "$dir.log" | head -20
echo "json kept: $(grep -c '^ok' "$dir.log") outputs of the suites validate, $(grep -c '^FAIL' "$dir.log") do not ($dir.log)"
exit $rc
