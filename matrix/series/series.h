/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one reader of a patch series: what a series is (its patch files in
 * order, its title, its named points), what each patch changes, and the
 * names a series may give things. A series comes from strangers: its data
 * reaches git and the scripts only as argument vectors and files, never as
 * a shell, sed or awk program.
 */
#ifndef KMX_SERIES_H
#define KMX_SERIES_H

#include <stddef.h>

/* Why the last call failed, one line (for `kmatrix: ...` and `make series`). */
extern char series_why[1024];
int series_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

struct point {
	char *name;
	int number;	/* the patch it is after, 1..npatches */
	int line;	/* in the points file */
};

struct series {
	const char *path;	/* as given */
	char **patch;		/* the files to apply, in order */
	size_t npatches;
	char *title;		/* the cover letter's subject, or NULL */
	char *points_file;	/* where its named points are, or NULL */
	struct point *point;	/* the named points, in the file's order */
	size_t npoints;
};

/* The series at path; workdir holds what it needs to write (an mbox split, CRLF undone). */
int series_read(struct series *s, const char *path, const char *workdir);
/* Its named points (s->points_file, or SERIES_POINTS), checked. */
int series_read_points(struct series *s);

/* read.c's helpers, for mail.c. */
char *path_join(const char *dir, const char *name);
void add_patch(struct series *s, char *path);
/* The files of dir whose names end in suffix (any when ""), in C order. */
char **dir_files(const char *dir, const char *suffix, size_t *n);
/* Those files as s's patches, less a cover letter (its subject s's title). */
void add_patches_in(struct series *s, const char *dir, const char *suffix);

/* mail.c: what mail does to a series. */
/* 1 when p is a cover letter (taken as s's title), not a patch. */
int take_cover_letter(struct series *s, const char *p);
/* A copy of p in workdir without the \r of its CRLF line ends, or p itself. */
char *undo_crlf(const char *p, const char *workdir, size_t index);
/* The messages of the mbox s->path, split into workdir/mbox. */
int read_mbox(struct series *s, const char *workdir);

/* patch.c: one patch file. */
/* Calls fn for each path the patch changes (once each, less the a/ or b/). */
int patch_files(const char *patch, void (*fn)(const char *file, void *arg), void *arg);
/* The subject, less its [PATCH n/m], a folded line joined; "" when none. */
void patch_subject(const char *patch, char *out, size_t size);
/* 1 when it holds a diff (git's or a plain ---/+++ pair). */
int patch_has_diff(const char *patch);
/* The subject, or the file name less .patch/.diff (a plain diff has none). */
void subject_or_name(const char *patch, char *out, size_t size);
/* The name of the point after patch n: NN-area-first-words. */
void slug(int n, const char *patch, char *out, size_t size);
/* What follows the last '/' of p. */
const char *base_name(const char *p);
/* 1 when the file holds a NUL byte or gzip's magic in its first block. */
int file_is_binary(const char *path);

/* names.c: what a name of the series may be, where it becomes a tag, a folder or a make word. */
/* 0, or -1 with series_why naming the kind, the value and the character. */
int check_name(const char *kind, const char *value);
/* A named point's name: a name that begins with a letter, and not base or pristine. */
int check_point_name(const char *value);

#endif
