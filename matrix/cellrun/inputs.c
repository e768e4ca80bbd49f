// SPDX-License-Identifier: GPL-2.0
/*
 * CELL_DIR/cell.in: what a cell's boot needs, as its build's make knows it
 * (mk/cells.mk's cell-env). Data, never sourced: a KEY, a tab and its
 * value a line; the QEMU command one `qemu` line per argument, so that no
 * argument is ever split or quoted again.
 *   qemu ARG           (once per argument, in order)
 *   qemu-pkg PKG       the Debian package of QEMU, for a missing one
 *   boot-timeout S     boot-silence S     host-max-wait PERCENT
 *   kselftests-unbuilt FILE   (may be empty)
 *   packages PKG...    config FILE    commit SHA   (for the reproducer)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "cellrun.h"

static int number(const char *v, double *out)
{
	char *end;

	*out = strtod(v, &end);
	return end != v && !*end && *out >= 0 && *out <= 1e9;
}

/* One KEY and its value into in; 0 if the key is known and its value good. */
static int input_set(struct cell_inputs *in, const char *key, const char *value)
{
	static const struct {
		const char *key;
		size_t offset;
	} texts[] = {
		{ "qemu-pkg", offsetof(struct cell_inputs, qemu_pkg) },
		{ "kselftests-unbuilt", offsetof(struct cell_inputs, unbuilt) },
		{ "packages", offsetof(struct cell_inputs, packages) },
		{ "config", offsetof(struct cell_inputs, config) },
		{ "commit", offsetof(struct cell_inputs, commit) },
	};

	if (!strcmp(key, "qemu")) {
		in->qemu = xrealloc(in->qemu, (in->nqemu + 2) * sizeof(*in->qemu));
		in->qemu[in->nqemu++] = xstrdup(value);
		in->qemu[in->nqemu] = NULL;
		return 0;
	}
	if (!strcmp(key, "boot-timeout"))
		return !number(value, &in->boot_timeout);
	if (!strcmp(key, "boot-silence"))
		return !number(value, &in->boot_silence);
	if (!strcmp(key, "host-max-wait"))
		return !number(value, &in->max_wait);
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (!strcmp(key, texts[i].key)) {
			xset((char **)((char *)in + texts[i].offset), value);
			return 0;
		}
	return 1;
}

int cell_inputs_read(const char *path, struct cell_inputs *in, char *why, size_t size)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, n = 0;
	ssize_t len;
	int bad = 0;

	memset(in, 0, sizeof(*in));
	in->boot_timeout = in->boot_silence = in->max_wait = -1;
	if (!f) {
		snprintf(why, size, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (!bad && (len = getline(&line, &cap, f)) >= 0) {
		char *key = line, *tab;

		n++;
		if (len && line[len - 1] == '\n')
			line[len - 1] = 0;
		if (!*key)
			continue;
		tab = strchr(key, '\t');
		if (tab)
			*tab = 0;
		bad = !tab || input_set(in, key, tab + 1);
	}
	free(line);
	fclose(f);
	if (bad)
		snprintf(why, size, "%s:%zu: not a KEY<tab>VALUE line this program knows", path, n);
	else if (!in->nqemu || in->boot_timeout < 0 || in->boot_silence < 0 || in->max_wait < 0)
		snprintf(why, size, "%s: no %s line", path, !in->nqemu ? "qemu" : in->boot_timeout < 0 ?
			 "boot-timeout" : in->boot_silence < 0 ? "boot-silence" : "host-max-wait");
	else
		return 0;
	return -1;
}
