// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cache_trim.h -- the build cache's size bound (cache_cmd.c).
 */
#ifndef DRV_CACHE_TRIM_H
#define DRV_CACHE_TRIM_H

/* Remove the least recently used entries of cache but keep until it
 * holds at most $DMC_CACHE_MAX_MB megabytes. */
void drv_cache_trim(const char *cache, const char *keep);
/* An entry was used: it is the most recently used now. */
void drv_cache_touch(const char *entry_dir);

#endif
