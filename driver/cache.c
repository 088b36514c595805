/*
 * cache.c -- the build cache's directory and key (see cache.h).
 */
#include "cache.h"
#include "fs.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C1 UINT64_C(0x87c37b91114253d5)
#define C2 UINT64_C(0x4cf5ad432745937f)
#define SEED UINT64_C(0x5350494e2d444d43)

static uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static uint64_t mix_k(uint64_t k)
{
	k *= C1;
	k = rotl(k, 31);
	return k * C2;
}

static void block(drv_hash *s, const unsigned char *p)
{
	uint64_t k = 0;
	for (int i = 7; i >= 0; i--)
		k = (k << 8) | p[i];                       /* little-endian */
	s->h ^= mix_k(k);
	s->h = rotl(s->h, 27);
	s->h = s->h * 5 + 0x52dce729;
}

void drv_hash_init(drv_hash *s)
{
	memset(s, 0, sizeof *s);
	s->h = SEED;
}

void drv_hash_update(drv_hash *s, const void *data, size_t len)
{
	const unsigned char *p = data;
	s->total += len;
	if (s->nbuf > 0) {
		while (len > 0 && s->nbuf < 8) {
			s->buf[s->nbuf++] = *p++;
			len--;
		}
		if (s->nbuf < 8)
			return;
		block(s, s->buf);
		s->nbuf = 0;
	}
	for (; len >= 8; p += 8, len -= 8)
		block(s, p);
	memcpy(s->buf, p, len);
	s->nbuf = len;
}

uint64_t drv_hash_final(const drv_hash *s)
{
	uint64_t h = s->h, k = 0;
	if (s->nbuf > 0) {
		for (size_t i = s->nbuf; i-- > 0; )
			k = (k << 8) | s->buf[i];
		h ^= mix_k(k);
	}
	h ^= s->total;
	h ^= h >> 33;                                   /* fmix64 */
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	h *= UINT64_C(0xc4ceb9fe1a85ec53);
	h ^= h >> 33;
	return h;
}

static void hash_length(drv_hash *s, uint64_t len)
{
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(len >> (8 * i));
	drv_hash_update(s, b, 8);
}

void drv_hash_item(drv_hash *s, const void *data, size_t len)
{
	drv_hash_update(s, data, len);
	hash_length(s, len);
}

int drv_hash_file(drv_hash *s, const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char buf[65536];
	size_t got;
	uint64_t len = 0;
	int rc = 0;
	if (!f)
		return -1;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		drv_hash_update(s, buf, got);
		len += got;
	}
	if (ferror(f))
		rc = -1;
	fclose(f);
	hash_length(s, len);
	return rc;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

void drv_model_includes(const char *text, size_t len, drv_strv *out)
{
	size_t pos = 0;
	while (pos < len) {
		const char *line = text + pos;
		const char *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos, i = 0;
		pos += n + (nl ? 1 : 0);
		/* ^[ \t]*#[ \t]*include[ \t]*"\(.*\)".* */
		while (i < n && is_blank(line[i]))
			i++;
		if (i >= n || line[i] != '#')
			continue;
		i++;
		while (i < n && is_blank(line[i]))
			i++;
		if (n - i < 7 || memcmp(line + i, "include", 7) != 0)
			continue;
		i += 7;
		while (i < n && is_blank(line[i]))
			i++;
		if (i >= n || line[i] != '"')
			continue;
		size_t start = ++i, end = n;
		while (end > start && line[end - 1] != '"')
			end--;
		if (end == start)
			continue;                 /* no closing quote */
		end--;                        /* the closing quote */
		/* read -r trims blanks */
		while (start < end && is_blank(line[start]))
			start++;
		while (end > start && is_blank(line[end - 1]))
			end--;
		char *name = drv_alloc(end - start + 1);
		memcpy(name, line + start, end - start);
		name[end - start] = '\0';
		drv_strv_push(out, name);
		free(name);
	}
}

char *drv_cache_dir(void)
{
	const char *v = getenv("DMC_CACHE");
	if (v && *v)
		return drv_strdup(v);
	v = getenv("XDG_CACHE_HOME");
	if (v && *v)
		return drv_printf("%s/spin-dmc", v);
	v = getenv("HOME");
	return drv_printf("%s/.cache/spin-dmc", v && *v ? v : "/tmp");
}

char *drv_cache_key(const char *mabs, const char *mdir, const char *spin_opts,
                    const char *cflags, int portable, const char *const files[])
{
	drv_hash s;
	size_t len;
	char *model = drv_read_file(mabs, &len), *head;
	drv_strv inc = { 0 };
	if (!model)
		return NULL;
	drv_hash_init(&s);
	head = drv_printf("%s|%s|%s|%d\n", mabs, spin_opts, cflags, portable);
	drv_hash_item(&s, head, strlen(head));
	free(head);
	drv_hash_item(&s, model, len);
	drv_model_includes(model, len, &inc);
	for (size_t i = 0; i < inc.n; i++) {
		char *path = drv_printf("%s/%s", mdir, inc.v[i]);
		if (drv_is_file(path))
			drv_hash_file(&s, path);
		free(path);
	}
	drv_strv_free(&inc);
	free(model);
	for (size_t i = 0; files[i]; i++)
		drv_hash_file(&s, files[i]);
	return drv_printf("%016" PRIx64, drv_hash_final(&s));
}
