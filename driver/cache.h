/*
 * cache.h -- where `dmc check` builds pan, and under which name.
 *
 * The build directory is $DMC_CACHE/KEY (default
 * ${XDG_CACHE_HOME:-$HOME/.cache}/spin-dmc/KEY), KEY being 16 hex digits
 * of a hash of everything that goes into pan: the model's absolute path,
 * --spin-opts, --cflags, --portable, the model's text, the files it
 * #includes (beside the model), libdmc.a and dmc_glue.c.  Same inputs,
 * same directory: a second check of the same model does not rebuild.
 *
 * The hash (drv_hash) is not cryptographic: it only has to tell build
 * inputs apart, not resist an adversary.  It is a 64-bit MurmurHash3-style
 * hash: murmur3's block mix over 8-byte little-endian words (constants
 * c1 = 0x87c37b91114253d5, c2 = 0x4cf5ad432745937f, rotations 31 and 27),
 * the length folded in and murmur3's fmix64 finalizer; seed
 * 0x5350494e2d444d43 ("SPIN-DMC").  Each input is followed by its length
 * (8 bytes), so the concatenation cannot be cut two ways.  Two different
 * builds share a directory with probability about 2^-64 per pair.
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

/* The files a model includes: for each line `#include "NAME"`, NAME
 * (everything up to the line's last '"', blanks trimmed), in order. */
void drv_model_includes(const char *text, size_t len, drv_strv *out);

/* $DMC_CACHE, else $XDG_CACHE_HOME/spin-dmc, else $HOME/.cache/spin-dmc,
 * else /tmp/.cache/spin-dmc. */
char *drv_cache_dir(void);

/* The key (16 hex digits) for the model at mabs in mdir; files: libdmc.a
 * and dmc_glue.c, NULL-terminated.  NULL if the model cannot be read. */
char *drv_cache_key(const char *mabs, const char *mdir, const char *spin_opts,
                    const char *cflags, int portable, const char *const files[]);

#endif
