// SPDX-License-Identifier: GPL-2.0
/*
 * The series reader on any series: the input, cut at NUL bytes, is a
 * patch, a `points` file and a quilt `series` file of a folder; a second
 * read takes the patch alone as the series (one patch, a quilt file or an
 * mbox, which git mailsplit splits). The reader may refuse anything, but
 * must not crash, must say why when it refuses, must list only names the
 * scripts can read a line at a time, must check every named point's name,
 * and must run nothing: a payload that ran would leave a canary file in
 * the harness's folder (kmxcanary, the name the seeds' payloads touch).
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "series.h"

const char *progname = "fuzz-series";

static void check(struct series *s, int rc)
{
	char p[4096];

	FUZZ_ASSERT(rc == 0 || series_why[0]);
	for (size_t i = 0; !rc && i < s->npatches; i++)
		FUZZ_ASSERT(!s->patch[i][strcspn(s->patch[i], "\n\r\t")]);
	for (size_t i = 0; !rc && i < s->npoints; i++)
		FUZZ_ASSERT(!check_point_name(s->point[i].name));
	FUZZ_ASSERT(access(fuzz_path("kmxcanary", p, sizeof(p)), F_OK));
	FUZZ_ASSERT(access("kmxcanary", F_OK));
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag;
	return ftw->level ? remove(p) : 0;
}

/* What the last read wrote (an mbox's messages, CRLF copies) goes: each read starts empty. */
static void empty(const char *dir)
{
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}

static void forget(struct series *s)
{
	for (size_t i = 0; i < s->npatches; i++)
		free(s->patch[i]);
	for (size_t i = 0; i < s->npoints; i++)
		free(s->point[i].name);
	free(s->patch);
	free(s->point);
	free(s->title);
	free(s->points_file);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const subdirs[] = { "s", "w", NULL };
	const char *dir = fuzz_dir(subdirs);
	struct fuzz_part part[3] = { 0 };
	char p[4096], w[4096];
	struct series s;
	int rc;

	fuzz_split(data, size, 0, part, 3);
	fuzz_put("s/0001-a.patch", part[0].p, part[0].len);
	fuzz_put("s/points", part[1].p, part[1].len);
	fuzz_put("s/series", part[2].len ? part[2].p : NULL, part[2].len);
	fuzz_path("w", w, sizeof(w));
	empty(w);
	series_why[0] = '\0';
	rc = series_read(&s, fuzz_path("s", p, sizeof(p)), w);
	if (!rc)
		rc = series_read_points(&s);
	check(&s, rc);
	forget(&s);
	empty(w);
	series_why[0] = '\0';
	rc = series_read(&s, fuzz_path("s/0001-a.patch", p, sizeof(p)), w);
	check(&s, rc);
	forget(&s);
	empty(w);
	(void)dir;
	return 0;
}
