#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# version.sh -- spin-dmc's version, as `make` bakes it into dmc and pan:
# `git describe` of this checkout (a tag vX.Y.Z gives X.Y.Z[-N-gHASH]; no
# tag: the VERSION file's number with -gHASH), or the VERSION file alone
# outside a git checkout (a release tarball).  -dirty: uncommitted edits.
cd "$(dirname "$0")" || exit 1
base=$(sed -n 1p VERSION 2>/dev/null)
[ -n "$base" ] || base=unknown
top=$(git rev-parse --show-toplevel 2>/dev/null)
# a checkout of its own, not a tarball unpacked inside another repository
if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(pwd -P)" ]; then
	if v=$(git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
		echo "${v#v}"
		exit 0
	fi
	if h=$(git describe --always --dirty --abbrev=7 2>/dev/null); then
		echo "$base-g$h"
		exit 0
	fi
fi
echo "$base"
