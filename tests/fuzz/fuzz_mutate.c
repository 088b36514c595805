// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * fuzz_mutate.c -- the structure-aware mutator (fuzz_mutate.h).
 */
#include "fuzz_mutate.h"

#include <stdlib.h>
#include <string.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

/* numbers at the edges of int, long, double and what a parser might
 * read them into */
static const char *const extremes[] = {
	"2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295",
	"4294967296", "9223372036854775807", "9223372036854775808",
	"-9223372036854775808", "18446744073709551616",
	"99999999999999999999999999999999999999", "1e300", "-1e300", "1e-300",
	"1e309", "NaN", "nan", "-nan", "inf", "-inf", "0x7fffffff", "0xffffffff",
	"0x8000000000000000", "-0", "0.5", "1<<31", "(1<<30)*(1<<30)*8",
	"-2147483648 / -1", "-2147483648 % -1", "0/0", "1%0", "255", "256",
	"65535", "65536", "32767", "32768", "-32769", "1.7976931348623157e308",
	"2^63", "math.huge", "-math.huge", "0/0.0", "math.maxinteger",
	"math.mininteger", "math.mininteger // -1",
};
#define NEXTREMES (sizeof extremes / sizeof extremes[0])

static const size_t depths[] = { 2, 10, 100, 255, 256, 257, 1000, 2000, 2001, 5000, 10000, 30000 };
#define NDEPTHS (sizeof depths / sizeof depths[0])

/* replace [at, at+cut) of data (size bytes) with rep; 0 if it would not fit */
static size_t splice(uint8_t *data, size_t size, size_t max, size_t at, size_t cut,
		     const char *rep, size_t rlen)
{
	if (at > size || cut > size - at || size - cut + rlen > max)
		return 0;
	memmove(data + at + rlen, data + at + cut, size - at - cut);
	memcpy(data + at, rep, rlen);
	return size - cut + rlen;
}

/* k copies of the opening text at a, and of the closing text at b */
static size_t nest(uint8_t *data, size_t size, size_t max, unsigned r)
{
	size_t np = 0;
	while (fuzz_nest_pairs[np][0])
		np++;
	if (np == 0)
		return 0;
	const char *open = fuzz_nest_pairs[r % np][0], *close = fuzz_nest_pairs[r % np][1];
	size_t lo = strlen(open), lc = strlen(close);
	size_t k = depths[(r >> 8) % NDEPTHS];
	while (k > 1 && size + k * (lo + lc) > max)
		k /= 2;
	if (size + k * (lo + lc) > max)
		return 0;
	/* around a stretch of text without line breaks: usually an
	 * expression or a part of one */
	size_t a = size ? (size_t) rand() % (size + 1) : 0, b = a;
	while (b < size && data[b] != '\n' && data[b] != ';' && data[b] != ',' && (size_t) rand() % 8)
		b++;
	memmove(data + b + k * (lo + lc), data + b, size - b);
	for (size_t i = 0; i < k; i++)
		memcpy(data + b + k * lo + i * lc, close, lc);
	memmove(data + a + k * lo, data + a, b - a);
	for (size_t i = 0; i < k; i++)
		memcpy(data + a + i * lo, open, lo);
	return size + k * (lo + lc);
}

/* an extreme number in place of a number of the input, else anywhere */
static size_t extreme(uint8_t *data, size_t size, size_t max, unsigned r)
{
	const char *x = extremes[r % NEXTREMES];
	size_t start = size ? (size_t) rand() % size : 0, at = start, cut = 0;
	while (at < size && !(data[at] >= '0' && data[at] <= '9'))
		at++;
	if (at == size)
		at = start;
	else
		while (at + cut < size && ((data[at + cut] >= '0' && data[at + cut] <= '9') ||
					   data[at + cut] == '.' || data[at + cut] == 'x'))
			cut++;
	return splice(data, size, max, at, cut, x, strlen(x));
}

/* one line of the input repeated many times (quadratic translations) */
static size_t repeat_line(uint8_t *data, size_t size, size_t max, unsigned r)
{
	if (size == 0)
		return 0;
	size_t a = (size_t) rand() % size;
	while (a > 0 && data[a - 1] != '\n')
		a--;
	size_t b = a;
	while (b < size && data[b] != '\n')
		b++;
	if (b < size)
		b++;
	size_t len = b - a, n = 2 + (r % 500);
	if (len == 0)
		return 0;
	while (n > 1 && size + n * len > max)
		n /= 2;
	if (size + n * len > max)
		return 0;
	memmove(data + b + n * len, data + b, size - b);
	for (size_t i = 0; i < n; i++)
		memcpy(data + b + i * len, data + a, len);
	return size + n * len;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	srand(seed);
	unsigned r = (unsigned) rand();
	size_t out = 0;
	switch (r % 16) {
	case 0: case 1:
		out = nest(data, size, max_size, (unsigned) rand());
		break;
	case 2: case 3:
		out = extreme(data, size, max_size, (unsigned) rand());
		break;
	case 4:
		out = repeat_line(data, size, max_size, (unsigned) rand());
		break;
	default:
		break;
	}
	return out ? out : LLVMFuzzerMutate(data, size, max_size);
}
