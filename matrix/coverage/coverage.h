/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of coverage share: the series' changed lines, each with
 * what gcov said of it. coverage.c is the command line; each job is a file
 * of its own, named below.
 */
#ifndef KMX_COVERAGE_H
#define KMX_COVERAGE_H

#include <stdio.h>

#define MAX_PROFILES 128

struct branch {
	char graph[128];	/* the object (its .gcno): a header's line is in several */
	int index;
	unsigned long taken;
};

struct cline {
	char *file, *patch, *text;
	int line;
	int seen, executable;
	unsigned long count;
	unsigned char ran_in[MAX_PROFILES];
	struct branch *br;
	size_t nbr;
	const char *state, *reason;	/* the file's */
	const char *excuse;		/* why no test can run it (--unreachable), or NULL */
	const char *no_mutant;		/* why no mutant can change it (--no-mutant), or NULL */
	char mutants[96];		/* the mutants that change it, space-separated */
};

/* The changed lines (coverage_lines.c); find_line() needs them sorted by cmp_line(). */
extern struct cline *lines;
extern size_t nlines;

/* coverage_extract.c: coverage extract. */
int cmd_extract(int argc, char **argv);

/* coverage_lines.c: the series' lists. */
FILE *open_or_die(const char *path);
void load_files(const char *path);
void load_lines(const char *path);
/*
 * A list of lines the series has a word on: FILE, TEXT (a part of the
 * line's code), ARCHES (`*` for all), REASON a line.
 */
struct excuse {
	char *file, *text, *arches, *reason;
};
struct excuses {
	struct excuse *e;
	size_t n;
};
void load_excuses(struct excuses *ex, const char *path, const char *arch);
const char *excuse_for(const struct excuses *ex, const char *file, const char *text);
int cmp_line(const void *a, const void *b);
struct cline *find_line(const char *file, int line);
void load_mutants(const char *path);

/* coverage_gcov.c: one profile's gcov text, into the lines (ran_in[prof]). */
void load_gcov(const char *path, unsigned prof, const char *tree, const char *prof_dir);

/* coverage_report.c: coverage report. */
int cmd_report(int argc, char **argv);

#endif
