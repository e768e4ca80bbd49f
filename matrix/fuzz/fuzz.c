// SPDX-License-Identifier: GPL-2.0
/* The harnesses' shared helpers (fuzz.h). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#define FUZZ_MAX_SUBDIRS 4
#define FUZZ_MAX_FILES 8

static char dir[4096];
static const char *const *subdirs;
static const char *files[FUZZ_MAX_FILES];	/* what fuzz_put() wrote, for the cleanup */
static size_t nfiles;

void fuzz_fail(const char *file, int line, const char *what)
{
	fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
	abort();
}

const char *fuzz_path(const char *name, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s", dir, name);
	return buf;
}

/* Only what we made: no recursive removal of a path built from $TMPDIR. */
static void fuzz_cleanup(void)
{
	char p[4200];
	size_t n = 0;

	for (size_t i = 0; i < nfiles; i++)
		unlink(fuzz_path(files[i], p, sizeof(p)));
	while (subdirs && subdirs[n])
		n++;
	while (n--)
		rmdir(fuzz_path(subdirs[n], p, sizeof(p)));
	rmdir(dir);
}

const char *fuzz_dir(const char *const *subs)
{
	const char *tmp = getenv("TMPDIR");
	char p[4200];

	if (dir[0])
		return dir;
	snprintf(dir, sizeof(dir), "%s/kmatrix-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror(dir);
		exit(2);
	}
	subdirs = subs;
	for (size_t i = 0; subs && subs[i] && i < FUZZ_MAX_SUBDIRS; i++)
		if (mkdir(fuzz_path(subs[i], p, sizeof(p)), 0700)) {
			perror(p);
			exit(2);
		}
	atexit(fuzz_cleanup);
	return dir;
}

void fuzz_put(const char *name, const void *data, size_t len)
{
	char p[4200];
	FILE *f;
	size_t i;

	fuzz_path(name, p, sizeof(p));
	for (i = 0; i < nfiles && strcmp(files[i], name); i++)
		;
	if (i == nfiles && nfiles < FUZZ_MAX_FILES)
		files[nfiles++] = name;
	if (!data) {
		unlink(p);
		return;
	}
	f = fopen(p, "w");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
		perror(p);
		exit(2);
	}
}

size_t fuzz_split(const uint8_t *data, size_t size, uint8_t sep, struct fuzz_part *parts, size_t max)
{
	size_t n = 0;

	while (n + 1 < max && size) {
		const uint8_t *end = memchr(data, sep, size);

		if (!end)
			break;
		parts[n++] = (struct fuzz_part){ data, (size_t)(end - data) };
		size -= end - data + 1;
		data = end + 1;
	}
	parts[n++] = (struct fuzz_part){ data, size };
	return n;
}
