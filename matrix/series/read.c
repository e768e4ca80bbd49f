// SPDX-License-Identifier: GPL-2.0
/*
 * A series in the forms the list uses: a folder of `git format-patch`
 * files (a --cover-letter one too), a quilt folder or series file, an mbox
 * as `b4 am` writes it (split by git's own mailsplit), or one patch. The
 * cover letter is no patch: its subject is the series' title. A patch
 * saved with CRLF line ends is read through a copy without them.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "series.h"
#include "util.h"

char series_why[1024];

int series_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(series_why, sizeof(series_why), fmt, ap);
	va_end(ap);
	return -1;
}

char *path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = xrealloc(NULL, n);

	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

static int is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

static int is_file(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode);
}

/* Every list of the scripts is a line a path: a name with a control character is refused. */
static int check_path(const char *series, const char *p)
{
	for (const unsigned char *c = (const unsigned char *)p; *c; c++)
		if (*c < 0x20 || *c == 0x7f)
			return series_fail("%s: the file name '%s' holds the control character 0x%02x",
					   series, p, *c);
	return 0;
}

void add_patch(struct series *s, char *path)
{
	s->patch = xgrow(s->patch, s->npatches, sizeof(*s->patch));
	s->patch[s->npatches++] = path;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of dir whose names end in suffix (any when ""), in C order. */
char **dir_files(const char *dir, const char *suffix, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t ls = strlen(suffix);

	*n = 0;
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (e->d_name[0] == '.' || l < ls || strcmp(e->d_name + l - ls, suffix))
			continue;
		names = xgrow(names, *n, sizeof(*names));
		names[(*n)++] = path_join(dir, e->d_name);
	}
	closedir(d);
	qsort(names, *n, sizeof(*names), cmp_names);
	return names;
}

void add_patches_in(struct series *s, const char *dir, const char *suffix)
{
	size_t n;
	char **p = dir_files(dir, suffix, &n);

	for (size_t i = 0; i < n; i++)
		if (take_cover_letter(s, p[i]))
			free(p[i]);
		else
			add_patch(s, p[i]);
	free(p);
}

/* A name a quilt series file gives: a file in its folder, not above it. */
static int check_quilt_name(const char *file, int line, const char *name)
{
	if (name[0] == '/' || !strcmp(name, "..") || !strncmp(name, "../", 3) || strstr(name, "/../"))
		return series_fail("%s:%d: '%s' is outside the series' folder", file, line, name);
	return 0;
}

/*
 * A quilt series file: a patch a line, `#` comments, options after the
 * name. git applies at -p1, as quilt does by default: another -p is
 * refused with what would make it work, and so is any other option.
 */
static int read_quilt(struct series *s, const char *file, const char *dir)
{
	FILE *in = fopen(file, "r");
	char line[4096];
	int nr = 0;

	if (!in)
		return series_fail("%s: cannot be read", file);
	while (fgets(line, sizeof(line), in)) {
		char *hash = strchr(line, '#'), *name, *opt, *save;

		nr++;
		if (hash)
			*hash = '\0';
		name = strtok_r(line, " \t\r\n", &save);
		if (!name)
			continue;
		while ((opt = strtok_r(NULL, " \t\r\n", &save)))
			if (strcmp(opt, "-p1")) {
				fclose(in);
				if (!strncmp(opt, "-p", 2))
					return series_fail("%s:%d: %s is applied with %s; kmatrix applies "
							   "patches at -p1, as git does (`quilt refresh -p1` "
							   "rewrites it so)", file, nr, name, opt);
				return series_fail("%s:%d: %s: the quilt option %s is not supported",
						   file, nr, name, opt);
			}
		if (check_quilt_name(file, nr, name) || check_path(s->path, name)) {
			fclose(in);
			return -1;
		}
		add_patch(s, path_join(dir, name));
	}
	fclose(in);
	return 0;
}

/* A quilt series file: its first name is a file beside it. */
static int looks_like_quilt(const char *file, const char *dir)
{
	FILE *in = fopen(file, "r");
	char line[4096], *name, *save, *p;
	int yes = 0;

	while (in && fgets(line, sizeof(line), in)) {
		if (strchr(line, '#'))
			*strchr(line, '#') = '\0';
		name = strtok_r(line, " \t\r\n", &save);
		if (!name)
			continue;
		p = path_join(dir, name);
		yes = !check_quilt_name(file, 1, name) && is_file(p);
		free(p);
		break;
	}
	if (in)
		fclose(in);
	return yes;
}

static int read_folder(struct series *s, const char *dir)
{
	char *quilt = path_join(dir, "series");
	int rc = 0;

	s->points_file = path_join(dir, "points");
	if (is_file(quilt)) {
		rc = read_quilt(s, quilt, dir);
		free(quilt);
		return rc;
	}
	free(quilt);
	add_patches_in(s, dir, ".patch");
	return 0;
}

static int starts_with_from(const char *path)
{
	FILE *in = fopen(path, "r");
	char line[8];
	int yes;

	if (!in)
		return 0;
	yes = fgets(line, sizeof(line), in) && !strncmp(line, "From ", 5);
	fclose(in);
	return yes;
}

/* Every patch there, each a text file with a diff. */
static int check_patches(struct series *s)
{
	if (!s->npatches)
		return series_fail("%s: no patches in it (a folder of *.patch files, a quilt series file, "
				   "an mbox or one patch)", s->path);
	for (size_t i = 0; i < s->npatches; i++) {
		const char *p = s->patch[i];

		if (check_path(s->path, p))
			return -1;
		if (!is_file(p))
			return series_fail("%s names %s, which does not exist", s->path, p);
		if (file_is_binary(p))
			return series_fail("%s: not a patch (a binary or compressed file)", p);
		if (!patch_has_diff(p)) {
			const char *msg = strstr(p, "/mbox/");

			if (msg)
				return series_fail("%s, message %s: not a patch (no 'diff --git' and no "
						   "'---'/'+++' lines)", s->path, msg + 6);
			return series_fail("%s: not a patch (no 'diff --git' and no '---'/'+++' lines)", p);
		}
	}
	return 0;
}

static char *abs_path(const char *p)
{
	char *r = realpath(p, NULL);

	return r ? r : xstrdup(p);
}

int series_read(struct series *s, const char *path, const char *workdir)
{
	char *full, *dir;
	int rc;

	memset(s, 0, sizeof(*s));
	s->path = path;
	mkdir(workdir, 0700);	/* what the reader writes (an mbox split, CRLF undone) */
	if (check_path("SERIES", path))
		return -1;
	if (access(path, F_OK))
		return series_fail("SERIES=%s: no such file or folder", path);
	full = abs_path(path);
	if (is_dir(full)) {
		rc = read_folder(s, full);
	} else if (!is_file(full)) {
		rc = series_fail("SERIES=%s: neither a folder nor a file", path);
	} else if (file_is_binary(full)) {
		rc = series_fail("SERIES=%s: a binary or compressed file, not a series (a folder of patches, "
				 "a quilt series file, an mbox or one patch)", path);
	} else if (starts_with_from(full)) {
		rc = read_mbox(s, workdir);
	} else {
		char *copy = xstrdup(full);

		dir = dirname(copy);
		s->points_file = path_join(dir, "points");
		rc = 0;
		if (patch_has_diff(full))
			add_patch(s, xstrdup(full));	/* one patch: a series of itself */
		else if (looks_like_quilt(full, dir))
			rc = read_quilt(s, full, dir);
		else
			rc = series_fail("SERIES=%s: not a series: no diff in it, not an mbox, and its first "
					 "line names no patch beside it (a quilt series file)", path);
		free(copy);
	}
	free(full);
	if (!rc)
		rc = check_patches(s);
	for (size_t i = 0; !rc && i < s->npatches; i++) {
		char *copy = undo_crlf(s->patch[i], workdir, i + 1);

		free(s->patch[i]);
		s->patch[i] = copy;
	}
	return rc;
}
