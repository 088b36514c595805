// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * memlim.h -- the memory limit of a run without --memlim.
 *
 * Without a limit a search that outgrows the machine is killed by the
 * kernel and reports nothing; with one it stops cleanly (verdict
 * incomplete) and reports what it did.  The default is 90 % of what
 * this process may use: the machine's memory, less under a cgroup
 * limit or `ulimit -v`, shared among the ranks of a distributed run
 * that Open MPI started on this machine.
 */
#ifndef DMC_MEMLIM_H
#define DMC_MEMLIM_H

/* The default limit in MB; 0 when nothing could be measured. */
double dmc_memlim_default_mb(void);

/* The text of a cgroup limit file (memory.max: "max" or a number of
 * bytes) as bytes; -1 for no limit or text that is not a limit. */
double dmc_memlim_parse(const char *text);

#endif
