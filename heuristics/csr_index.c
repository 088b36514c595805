// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * csr_index.c -- keys to entries, compressed rows (csr_index.h).
 */
#include "csr_index.h"

#include <stdlib.h>

int dmc_csr_index(int nkeys, int n, const int *keys, int **off, int **list)
{
	*off = calloc((size_t) nkeys + 1, sizeof **off);
	*list = calloc((size_t) n + 1, sizeof **list);
	int *fill = calloc((size_t) nkeys + 1, sizeof *fill);
	if (!*off || !*list || !fill) {
		free(fill);
		return -1;
	}
	for (int k = 0; k < n; k++)
		if (keys[k] >= 0)
			(*off)[keys[k] + 1]++;
	for (int i = 0; i < nkeys; i++)
		(*off)[i + 1] += (*off)[i];
	for (int k = 0; k < n; k++)
		if (keys[k] >= 0)
			(*list)[(*off)[keys[k]] + fill[keys[k]]++] = k;
	free(fill);
	return 0;
}
