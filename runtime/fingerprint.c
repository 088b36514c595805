// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fingerprint.c -- a 64-bit hash of a byte string: state vectors for the
 * re-opening searches, abstract states for the heuristic-value cache.
 */
#include <stdint.h>
#include <string.h>

#include "runtime.h"

/* Word-at-a-time multiply-xorshift hash; the state vector is hashed
 * only by the searches that re-open. */
uint64_t dmc_fingerprint(const void *bytes, size_t n)
{
	const unsigned char *p = bytes;
	uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xC2B2AE3D27D4EB4Full);
	while (n >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		h = (h ^ (w * 0x87C37B91114253D5ull)) * 0x4CF5AD432745937Full;
		h ^= h >> 29;
		p += 8;
		n -= 8;
	}
	uint64_t w = 0;
	memcpy(&w, p, n);
	h = (h ^ (w * 0x87C37B91114253D5ull)) * 0x4CF5AD432745937Full;
	h ^= h >> 32;
	h *= 0xD6E8FEB86659FD93ull;
	h ^= h >> 32;
	return h ? h : 1;
}
