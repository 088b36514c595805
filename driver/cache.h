// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * cache.h -- where `dmc check` keeps the pan it builds, under which name,
 * and whether a directory there can be trusted.
 *
 * The cache is $DMC_CACHE, else $XDG_CACHE_HOME/spin-dmc, else
 * $HOME/.cache/spin-dmc, else the same under the home directory the
 * password database gives, else /tmp/spin-dmc-UID.  Directories dmc
 * creates there are 0700, and dmc refuses a cache (or an entry in it)
 * that is not the user's own or that others may write: whoever can write
 * there chooses the program dmc runs.
 *
 * An entry is $CACHE/KEY, KEY being 16 hex digits of a hash of everything
 * the build depends on: SPIN's output for the model (every pan.* file,
 * so the model's whole include closure and --spin-opts are in it), the
 * identity (resolved path, size, modification time) of $SPIN, $CC and
 * dmc itself, --cflags, --portable, the contents of the front end's
 * generated header of the model's metadata (dmc cc --meta), the
 * environment variables the
 * compiler reads, and the contents of libdmc.a, the plugin and every
 * file of share/.  Same inputs, same entry: a second check of the same
 * model does not recompile (spin -a runs every time: it is cheap).
 *
 * The hash (drv_hash) is not cryptographic: it only has to tell build
 * inputs apart, not resist an adversary (the cache's ownership checks
 * do that).  It is a 64-bit MurmurHash3-style hash: murmur3's block mix
 * over 8-byte little-endian words (constants c1 = 0x87c37b91114253d5,
 * c2 = 0x4cf5ad432745937f, rotations 31 and 27), the length folded in and
 * murmur3's fmix64 finalizer; seed 0x5350494e2d444d43 ("SPIN-DMC").  Each
 * input is followed by its length (8 bytes), so the concatenation cannot
 * be cut two ways.  Two different builds share an entry with probability
 * about 2^-64 per pair.
 */
#ifndef DRV_CACHE_H
#define DRV_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

typedef struct {
	uint64_t h, total;
	unsigned char buf[8];
	size_t nbuf;
} drv_hash;

void drv_hash_init(drv_hash *s);
void drv_hash_update(drv_hash *s, const void *data, size_t len);
uint64_t drv_hash_final(const drv_hash *s);
/* One framed input: the bytes, then their length. */
void drv_hash_item(drv_hash *s, const void *data, size_t len);
/* A file's contents as one framed input; -1 if it cannot be read. */
int drv_hash_file(drv_hash *s, const char *path);

/* The default cache directory (see above); not created. */
char *drv_cache_dir(void);

/* The cache directory, absolute, created (0700) when missing, and
 * checked; NULL after a message saying what is wrong. */
char *drv_cache_open(void);

/* NULL when path is a directory (dir = 1) or regular file (dir = 0) of
 * ours, not a symbolic link, that group and others cannot write; else
 * why not (a static string). */
const char *drv_untrusted(const char *path, int dir);

/* What goes into a build besides SPIN's output. */
typedef struct {
	const char *spin, *cc;           /* as given: looked up in $PATH */
	const char *spin_opts, *cflags;
	int portable;
	const char *libdir, *share;      /* libdmc.a, dmc-gcc.so; share/ */
	const char *meta;                /* a front end's generated header (dmc cc --meta), or NULL */
} drv_build_inputs;

/* The key (16 hex digits) for SPIN's pan.* files in gendir and in. */
char *drv_build_key(const char *gendir, const drv_build_inputs *in);

/* A digest of a file's contents ("SIZE HASH"); NULL if it cannot be read. */
char *drv_file_digest(const char *path);

#endif
