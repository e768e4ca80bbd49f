// SPDX-License-Identifier: GPL-2.0
/*
 * The QEMU command of a boot: whether it can be run at all (a missing QEMU
 * is the machine's fault, said before anything starts), and how a person
 * runs it again (the record's `qemu` line).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bootrun.h"

/* Appends argv shell-quoted: 'it'\''s' for anything not plainly safe. */
void shell_quote(char *out, size_t size, char **argv)
{
	size_t n = 0;

#define PUT(c) do { if (n + 1 < size) out[n++] = (c); } while (0)
	for (; *argv; argv++) {
		const char *a = *argv;
		int plain = *a != 0;

		for (const char *p = a; *p; p++)
			if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789-_./=:,+@%", *p))
				plain = 0;
		if (n)
			PUT(' ');
		if (plain) {
			for (; *a; a++)
				PUT(*a);
			continue;
		}
		PUT('\'');
		for (; *a; a++) {
			if (*a == '\'') {
				PUT('\'');
				PUT('\\');
				PUT('\'');
			}
			PUT(*a);
		}
		PUT('\'');
	}
#undef PUT
	out[n] = 0;
}

/* Whether PROG (a path, or a name looked up in PATH) can be run. */
int can_run(const char *prog)
{
	const char *path = getenv("PATH");
	char full[4096];

	if (strchr(prog, '/'))
		return !access(prog, X_OK);
	while (path && *path) {
		size_t n = strcspn(path, ":");

		snprintf(full, sizeof(full), "%.*s/%s", (int)n, n ? path : ".", prog);
		if (!access(full, X_OK))
			return 1;
		path += n + (path[n] == ':');
	}
	return 0;
}
