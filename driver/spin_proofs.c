// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * spin_proofs.c -- what SPIN's own pan proved before (spin_proofs.h).
 */
#include "spin_proofs.h"
#include "cache.h"
#include "fs.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *drv_spin_proof_key(const drv_strv *spin_opts)
{
	char *key = drv_strdup("pan");
	for (size_t i = 0; i < spin_opts->n; i++) {
		/* one line: an option with a newline is no key */
		if (strchr(spin_opts->v[i], '\n')) {
			free(key);
			return NULL;
		}
		char *k = drv_printf("%s %s", key, spin_opts->v[i]);
		free(key);
		key = k;
	}
	return key;
}

int drv_spin_proved(const char *entry, const char *key)
{
	char *path = drv_printf("%s/proofs", entry), *text;
	size_t len, n = key ? strlen(key) : 0;
	int yes = 0;
	if (key && drv_untrusted(path, 0) == NULL && (text = drv_read_file(path, &len))) {
		for (char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
			if (strncmp(l, key, n) == 0 && (l[n] == '\n' || l[n] == '\0')) {
				yes = 1;
				break;
			}
		free(text);
	}
	free(path);
	return yes;
}

void drv_spin_proof_record(const char *entry, const char *key)
{
	if (!key || drv_spin_proved(entry, key))
		return;
	char *path = drv_printf("%s/proofs", entry), *line = drv_printf("%s\n", key);
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0) {
		ssize_t w = write(fd, line, strlen(line));
		(void) w;
		close(fd);
	}
	free(path);
	free(line);
}
