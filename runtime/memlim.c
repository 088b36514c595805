// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * memlim.c -- the memory limit of a run without --memlim (memlim.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "memlim.h"

#define SHARE 0.9                     /* of what the process may use */

double dmc_memlim_parse(const char *text)
{
	char *end;
	unsigned long long n;
	if (!text || *text < '0' || *text > '9')
		return -1;                /* "max", empty */
	n = strtoull(text, &end, 10);
	while (*end == '\n' || *end == ' ')
		end++;
	return *end || n == 0 ? -1 : (double) n;
}

/* The limit in the cgroup file path, or -1. */
static double cgroup_limit(const char *path)
{
	char buf[64];
	FILE *f = fopen(path, "r");
	size_t n;
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	return dmc_memlim_parse(buf);
}

static double smaller(double have, double x)
{
	return x > 0 && (have <= 0 || x < have) ? x : have;
}

double dmc_memlim_default_mb(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	double bytes = pages > 0 && size > 0 ? (double) pages * (double) size : -1;
	struct rlimit rl;
	const char *local;
	bytes = smaller(bytes, cgroup_limit("/sys/fs/cgroup/memory.max"));                 /* v2 */
	bytes = smaller(bytes, cgroup_limit("/sys/fs/cgroup/memory/memory.limit_in_bytes"));  /* v1 */
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		bytes = smaller(bytes, (double) rl.rlim_cur);
	if (bytes <= 0)
		return 0;
	/* the ranks mpirun started on this machine share it */
	if ((local = getenv("OMPI_COMM_WORLD_LOCAL_SIZE")) && atoi(local) > 1)
		bytes /= atoi(local);
	return SHARE * bytes / 1048576.0;
}
