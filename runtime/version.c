// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * version.c -- the version string; build/gen/version_string.h is written
 * by make from version.sh, and only this file is compiled again when it
 * changes.
 */
#include "version.h"
#include "version_string.h"

const char dmc_version[] = DMC_VERSION_STRING;
