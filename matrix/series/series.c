// SPDX-License-Identifier: GPL-2.0
/*
 * series: the one reader of a patch series (series.h). The Makefile and the
 * scripts ask it, each answer one item a line:
 *
 *   series patches SERIES WORKDIR   its patch files, in order
 *   series problem SERIES           why it cannot be run, or nothing
 *   series arches [--why] SERIES "ARCH:KARCH ..."
 *                                   the arches it touches (--why: the patch and file)
 *   series touched "ARCH:KARCH ..." the arches the paths on stdin touch: ARCH<tab>PATH
 *   series arch-files KARCH         of the paths on stdin, those that arch builds
 *   series points SERIES            its default points: base, named, last
 *   series named SERIES             NAME<tab>NUMBER of its named points
 *   series check-points SERIES POINT...
 *                                   each a point of it, none twice
 *   series title SERIES             the cover letter's subject
 *   series files PATCH              the paths a patch changes
 *   series subject PATCH            a patch's subject (its file name if none)
 *   series slug N PATCH             the name of the point after patch N
 *   series check-name KIND VALUE    a name a series gives (KIND: series, point)
 *
 * Exit status 2 and `kmatrix: why` on stderr for a bad series or name.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "series.h"
#include "usage.h"
#include "util.h"

const char *progname = "series";

static char workdir_made[4096];

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(p);
}

static void rm_workdir(void)
{
	if (workdir_made[0])
		nftw(workdir_made, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static const char *temp_workdir(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(workdir_made, sizeof(workdir_made), "%s/kmatrix-series.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(workdir_made))
		die("cannot make a temporary folder in %s", t && *t ? t : "/tmp");
	atexit(rm_workdir);
	return workdir_made;
}

static int complain(void)
{
	fprintf(stderr, "kmatrix: %s\n", series_why);
	return 2;
}

static int load(struct series *s, const char *path, const char *workdir, int points)
{
	if (series_read(s, path, workdir ? workdir : temp_workdir()))
		return -1;
	return points ? series_read_points(s) : 0;
}

struct arch_pick {
	int argc;
	char **arch, **karch, **patch, **file;
	const char *current;
};

/* arch/KARCH/... picks that arch; any other path but Documentation/ picks all. */
static void pick_file(const char *file, void *arg)
{
	struct arch_pick *a = arg;
	int generic = strncmp(file, "arch/", 5) && strncmp(file, "Documentation/", 14);

	for (int i = 0; i < a->argc; i++) {
		size_t l = strlen(a->karch[i]);

		if (a->patch[i])
			continue;
		if (generic || (!strncmp(file + 5, a->karch[i], l) && !strncmp(file, "arch/", 5) &&
				file[5 + l] == '/')) {
			a->patch[i] = xstrdup(a->current);
			a->file[i] = xstrdup(file);
		}
	}
}

/* "ARCH:KARCH ..." into a. */
static void parse_arches(struct arch_pick *a, const char *arg)
{
	char *list = xstrdup(arg), *save, *w;

	for (w = strtok_r(list, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		char *colon = strchr(w, ':');

		if (!colon)
			die("'%s': not ARCH:KARCH", w);
		*colon = '\0';
		a->arch = xgrow(a->arch, a->argc, sizeof(char *));
		a->karch = xgrow(a->karch, a->argc, sizeof(char *));
		a->arch[a->argc] = w, a->karch[a->argc++] = colon + 1;
	}
	a->patch = calloc(a->argc + 1, sizeof(char *));
	a->file = calloc(a->argc + 1, sizeof(char *));
}

/* Each arch picked, in the order given: ARCH, or with why ARCH<tab>[PATCH<tab>]FILE. */
static void print_picks(const struct arch_pick *a, int why, int with_patch)
{
	for (int i = 0; i < a->argc; i++)
		if (!a->patch[i])
			continue;
		else if (why && with_patch)
			printf("%s\t%s\t%s\n", a->arch[i], a->patch[i], a->file[i]);
		else if (why)
			printf("%s\t%s\n", a->arch[i], a->file[i]);
		else
			printf("%s\n", a->arch[i]);
}

static int cmd_arches(int argc, char **argv)
{
	int why = argc > 0 && !strcmp(argv[0], "--why");
	struct arch_pick a = { 0 };
	struct series s;

	if (why)
		argc--, argv++;
	if (argc != 2)
		die("usage: series arches [--why] SERIES \"ARCH:KARCH ...\"");
	if (access(argv[0], F_OK) || load(&s, argv[0], NULL, 0))
		return 0;	/* make series says what is wrong with it */
	parse_arches(&a, argv[1]);
	for (size_t i = 0; i < s.npatches; i++) {
		a.current = base_name(s.patch[i]);
		patch_files(s.patch[i], pick_file, &a);
	}
	print_picks(&a, why, 1);
	return 0;
}

/*
 * The arches a change touches, from its paths on stdin (git diff
 * --name-only): ARCH<tab>the first path that picked it. With one KARCH
 * alone (arch-files), the paths that arch builds.
 */
static int cmd_touched(const char *arches, const char *karch)
{
	struct arch_pick a = { 0 };
	char line[4096];

	if (arches)
		parse_arches(&a, arches);
	a.current = "-";
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0])
			continue;
		if (arches) {
			pick_file(line, &a);
		} else {
			struct arch_pick one = { 1, (char *[]){ "" }, (char *[]){ (char *)karch },
						 (char *[]){ NULL }, (char *[]){ NULL }, "-" };

			pick_file(line, &one);
			if (one.patch[0])
				printf("%s\n", line);
		}
	}
	if (arches)
		print_picks(&a, 1, 0);
	return 0;
}

/* base, the named points by patch number, and the last patch unless one is named. */
static int cmd_points(const char *path)
{
	struct series s;
	int last_named = 0;

	if (load(&s, path, NULL, 1))
		return complain();
	printf("base");
	for (size_t n = 1; n <= s.npatches; n++)
		for (size_t i = 0; i < s.npoints; i++)
			if ((size_t)s.point[i].number == n) {
				printf(" %s", s.point[i].name);
				last_named |= n == s.npatches;
			}
	if (s.npatches && !last_named)
		printf(" %zu", s.npatches);
	printf("\n");
	return 0;
}

static int is_number(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

/* 0 when point is one of s's: pristine, base, N, NN-slug, a named point, a mutant's. */
static int known_point(struct series *s, const char *point)
{
	char want[1200];
	long n = strtol(point, NULL, 10);

	if (!strcmp(point, "pristine") || !strcmp(point, "base"))
		return 0;
	if (is_number(point))
		return n >= 1 && (size_t)n <= s->npatches ? 0 : -1;
	for (size_t i = 0; i < s->npoints; i++)
		if (!strcmp(point, s->point[i].name))
			return 0;
	if (isdigit((unsigned char)point[0]) && n >= 1 && (size_t)n <= s->npatches) {
		slug((int)n, s->patch[n - 1], want, sizeof(want));
		return strcmp(point, want) ? -1 : 0;
	}
	/* A mutant's point (make mutants' catalogue): its tag says whether it exists. */
	return point[0] == 'm' && isdigit((unsigned char)point[1]) ? 0 : -1;
}

static int cmd_check_points(const char *path, int argc, char **argv)
{
	struct series s;

	if (load(&s, path, NULL, 1))
		return complain();
	for (int i = 0; i < argc; i++) {
		if (check_name("point", argv[i]))
			return complain();
		for (int j = 0; j < i; j++)
			if (!strcmp(argv[i], argv[j])) {
				series_fail("POINTS names %s twice", argv[i]);
				return complain();
			}
		if (known_point(&s, argv[i])) {
			fprintf(stderr, "kmatrix: '%s' is not a point of %s; its points: pristine base 1..%zu",
				argv[i], path, s.npatches);
			for (size_t k = 0; k < s.npoints; k++)
				fprintf(stderr, " %s", s.point[k].name);
			fprintf(stderr, " (or NN-slug: make series lists them)\n");
			return 2;
		}
	}
	return 0;
}

static int cmd_series(const char *verb, const char *path, const char *workdir)
{
	struct series s;
	int named = !strcmp(verb, "named");

	if (load(&s, path, workdir, named || !strcmp(verb, "problem"))) {
		if (!strcmp(verb, "problem")) {
			printf("%s\n", series_why);
			return 0;
		}
		return complain();
	}
	if (!strcmp(verb, "patches"))
		for (size_t i = 0; i < s.npatches; i++)
			printf("%s\n", s.patch[i]);
	else if (named)
		for (size_t i = 0; i < s.npoints; i++)
			printf("%s\t%d\n", s.point[i].name, s.point[i].number);
	else if (!strcmp(verb, "title") && s.title)
		printf("%s\n", s.title);
	return 0;
}

static void print_file(const char *file, void *arg)
{
	(void)arg;
	printf("%s\n", file);
}

int main(int argc, char **argv)
{
	const char *verb = argc > 1 ? argv[1] : "";
	char buf[1200];

	if (argc == 3 && (!strcmp(verb, "problem") || !strcmp(verb, "title") || !strcmp(verb, "named")))
		return cmd_series(verb, argv[2], NULL);
	if (argc == 4 && !strcmp(verb, "patches"))
		return cmd_series(verb, argv[2], argv[3]);
	if (!strcmp(verb, "arches"))
		return cmd_arches(argc - 2, argv + 2);
	if (argc == 3 && !strcmp(verb, "touched"))
		return cmd_touched(argv[2], NULL);
	if (argc == 3 && !strcmp(verb, "arch-files"))
		return cmd_touched(NULL, argv[2]);
	if (argc == 3 && !strcmp(verb, "points"))
		return cmd_points(argv[2]);
	if (argc >= 3 && !strcmp(verb, "check-points"))
		return cmd_check_points(argv[2], argc - 3, argv + 3);
	if (argc == 3 && !strcmp(verb, "files"))
		return patch_files(argv[2], print_file, NULL) ? complain() : 0;
	if (argc == 3 && !strcmp(verb, "subject")) {
		subject_or_name(argv[2], buf, sizeof(buf));
		printf("%s\n", buf);
		return 0;
	}
	if (argc == 4 && !strcmp(verb, "slug") && is_number(argv[2])) {
		slug(atoi(argv[2]), argv[3], buf, sizeof(buf));
		printf("%s\n", buf);
		return 0;
	}
	if (argc == 4 && !strcmp(verb, "check-name")) {
		int bad = !strcmp(argv[2], "point") ? check_point_name(argv[3]) : check_name(argv[2], argv[3]);

		if (!bad && !strcmp(argv[2], "series") && !strcmp(argv[3], "pristine"))
			bad = series_fail("series name 'pristine': the name of the tree itself");
		return bad ? complain() : 0;
	}
	die("usage: series patches|problem|arches|touched|arch-files|points|named|check-points|title|files|subject|slug|check-name ...");
}
