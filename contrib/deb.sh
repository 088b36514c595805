#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# deb.sh STAGE OUT.deb -- a Debian package of the tree make install staged
# in STAGE (PREFIX=/usr): its control file, the copyright file Debian
# wants, then dpkg-deb.  make deb runs it.
set -eu
stage=$1
out=$2
top=$(cd "$(dirname "$0")/.." && pwd)
version=$(sh "$top/version.sh")
arch=$(dpkg --print-architecture)
gcc_major=$(${CC:-gcc} -dumpversion | cut -d. -f1)
mkdir -p "$stage/DEBIAN" "$stage/usr/share/doc/spin-dmc"
cp "$top/LICENSE" "$stage/usr/share/doc/spin-dmc/copyright"
gzip -9nf "$stage/usr/share/man/man1/dmc.1"
size=$(du -sk "$stage/usr" | cut -f1)
# built with Open MPI (libdmc_mpi.a staged): dmc check --ranks and dmc cc
# --mpi compile with mpicc and start with mpirun, optional as in configure
recommends=
[ -n "$(find "$stage/usr" -name libdmc_mpi.a)" ] && recommends="Recommends: libopenmpi-dev, openmpi-bin
"
# the plugin is built for this gcc's plugin interface; pan links Lua
cat > "$stage/DEBIAN/control" <<EOC
Package: spin-dmc
Version: $version
Architecture: $arch
Maintainer: the spin-dmc authors <spin-dmc@localhost>
Installed-Size: $size
Depends: spin, gcc-$gcc_major, liblua5.4-dev, libexpat1, libcjson1
${recommends}Section: devel
Priority: optional
Description: directed model checking for SPIN
 A* and weighted A*, greedy and beam search guided by heuristics derived
 from the model, in SPIN's generated verifier pan: short counterexamples
 that spin -t replays.  Also checks UPPAAL and ANMLite models.
EOC
dpkg-deb --root-owner-group --build "$stage" "$out"
