#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# generate.sh -- the pictures of docs/pictures.md, from bundled models
# (make pictures).  Each model is copied into a scratch directory first:
# dmc check writes its trail beside the model.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/docs/pictures
dmc=$top/dmc
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dmc-pictures.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp "$top/contrib/models/philosophers_deadlock.pml" "$top/tests/models/relax_chain_bad.pml" \
   "$top/tests/models/uppaal/gate_queue.xml" "$top/contrib/anml/rover.anml" "$tmp/"
cd "$tmp"
"$dmc" check philosophers_deadlock.pml --search astar --heuristic hL --quiet \
	--plot-progress "$out/progress-philosophers.svg" > /dev/null || [ $? = 1 ]
"$dmc" trail relax_chain_bad.pml --msc "$out/msc-relax-chain.svg" > /dev/null || [ $? = 1 ]
"$dmc" trail gate_queue.xml --msc "$out/msc-gate-queue.svg" > /dev/null 2>&1 || [ $? = 1 ]
"$dmc" plan rover.anml --gantt "$out/gantt-rover.svg" > /dev/null
ls "$out"/*.svg
