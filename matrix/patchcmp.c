// SPDX-License-Identifier: GPL-2.0
/*
 * patchcmp OURS SEED: does a ported patch change the same lines as the
 * patch it ports? For each file, the removed and the added lines of both
 * (context and line numbers aside) are compared in order. A difference is
 * accepted when OURS documents it in a trailer of its message:
 *
 *   Port-dropped: PATH -- why    the seed's hunks for PATH (a file, or a
 *                                folder ending in /) are not carried
 *   Port-changed: PATH -- why    the changed lines of PATH differ
 *
 * Every difference is printed, marked "documented" or "UNDOCUMENTED".
 * Exit status: 0 if all differences are documented, 1 if not, 2 on bad use.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usage.h"

const char *progname = "patchcmp";

struct file_change {
	char path[512];
	char **lines;		/* "-text" / "+text", in patch order */
	size_t n;
};

struct patch {
	struct file_change *files;
	size_t nfiles;
	char **dropped, **changed;	/* trailer paths */
	size_t ndropped, nchanged;
};

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

static void push(char ***v, size_t *n, const char *s)
{
	*v = realloc(*v, (*n + 1) * sizeof(**v));
	if (!*v)
		die("out of memory");
	(*v)[(*n)++] = xstrdup(s);
}

/* "Port-dropped: arch/nds32/ -- reason" -> "arch/nds32/" */
static void trailer_path(const char *line, const char *key, char ***v, size_t *n)
{
	char path[512];
	size_t len = strlen(key);

	if (strncmp(line, key, len))
		return;
	line += len;
	while (*line == ' ')
		line++;
	snprintf(path, sizeof(path), "%s", line);
	path[strcspn(path, " \n")] = 0;
	if (path[0])
		push(v, n, path);
}

static int load(const char *name, struct patch *p)
{
	char line[8192];
	FILE *f = fopen(name, "r");
	int in_diff = 0;
	long old_left = 0, new_left = 0;	/* lines the current hunk still has */
	struct file_change *cur = NULL;

	memset(p, 0, sizeof(*p));
	if (!f)
		return error("%s: %s", name, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (!strncmp(line, "diff --git a/", 13)) {
			char *sp = strstr(line + 13, " b/");

			in_diff = 1;
			old_left = new_left = 0;
			p->files = realloc(p->files, (p->nfiles + 1) * sizeof(*p->files));
			if (!p->files)
				die("out of memory");
			cur = &p->files[p->nfiles++];
			memset(cur, 0, sizeof(*cur));
			snprintf(cur->path, sizeof(cur->path), "%.*s",
				 sp ? (int)(sp - line - 13) : (int)strlen(line + 13), line + 13);
			continue;
		}
		if (!in_diff) {
			trailer_path(line, "Port-dropped:", &p->dropped, &p->ndropped);
			trailer_path(line, "Port-changed:", &p->changed, &p->nchanged);
			continue;
		}
		if (!old_left && !new_left) {
			long a, b = 1, c, d = 1;

			/* "@@ -a[,b] +c[,d] @@": the counts end the hunk, not a "-- " */
			if (!strncmp(line, "@@ -", 4) &&
			    (sscanf(line, "@@ -%ld,%ld +%ld,%ld", &a, &b, &c, &d) == 4 ||
			     sscanf(line, "@@ -%ld +%ld,%ld", &a, &c, &d) == 3 ||
			     sscanf(line, "@@ -%ld,%ld +%ld", &a, &b, &c) == 3)) {
				old_left = b;
				new_left = d;
			}
			continue;	/* index, ---, +++ lines, or after the diff */
		}
		if (line[0] == '-')
			old_left--;
		else if (line[0] == '+')
			new_left--;
		else if (line[0] == ' ' || line[0] == 0)
			old_left--, new_left--;
		if ((line[0] == '-' || line[0] == '+') && cur)
			push(&cur->lines, &cur->n, line);
	}
	fclose(f);
	return 0;
}

static int listed(char **v, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(v[i]);

		if (!strcmp(v[i], path) || (len && v[i][len - 1] == '/' && !strncmp(v[i], path, len)))
			return 1;
	}
	return 0;
}

static const struct file_change *find(const struct patch *p, const char *path)
{
	for (size_t i = 0; i < p->nfiles; i++)
		if (!strcmp(p->files[i].path, path))
			return &p->files[i];
	return NULL;
}

/* Prints the lines in which two files' changes differ (a plain LCS diff). */
static void print_line_diff(const struct file_change *a, const struct file_change *b)
{
	size_t n = a->n, m = b->n;
	unsigned *t = calloc((n + 1) * (m + 1), sizeof(*t));

	if (!t)
		die("out of memory");
#define T(i, j) t[(i) * (m + 1) + (j)]
	for (size_t i = n; i-- > 0;)
		for (size_t j = m; j-- > 0;)
			T(i, j) = !strcmp(a->lines[i], b->lines[j]) ? T(i + 1, j + 1) + 1 :
				  T(i + 1, j) > T(i, j + 1) ? T(i + 1, j) : T(i, j + 1);
	for (size_t i = 0, j = 0; i < n || j < m;) {
		if (i < n && j < m && !strcmp(a->lines[i], b->lines[j])) {
			i++, j++;
		} else if (j < m && (i == n || T(i, j + 1) >= T(i + 1, j))) {
			printf("      seed only: %s\n", b->lines[j++]);
		} else {
			printf("      ours only: %s\n", a->lines[i++]);
		}
	}
#undef T
	free(t);
}

static int same(const struct file_change *a, const struct file_change *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->lines[i], b->lines[i]))
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	struct patch ours, seed;
	int undocumented = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: patchcmp OURS.patch SEED.patch\n");
		return 2;
	}
	if (load(argv[1], &ours) || load(argv[2], &seed))
		return 2;
	for (size_t i = 0; i < seed.nfiles; i++) {
		const struct file_change *s = &seed.files[i], *o = find(&ours, s->path);
		int dropped = listed(ours.dropped, ours.ndropped, s->path);
		int changed = listed(ours.changed, ours.nchanged, s->path);

		if (!o) {
			printf("  %s %s: in the seed, not carried\n",
			       dropped ? "documented  " : "UNDOCUMENTED", s->path);
			undocumented += !dropped;
		} else if (!same(o, s)) {
			printf("  %s %s: changed lines differ\n",
			       changed ? "documented  " : "UNDOCUMENTED", s->path);
			print_line_diff(o, s);
			undocumented += !changed;
		}
	}
	for (size_t i = 0; i < ours.nfiles; i++) {
		const char *path = ours.files[i].path;

		if (find(&seed, path))
			continue;
		int changed = listed(ours.changed, ours.nchanged, path);

		printf("  %s %s: not in the seed\n", changed ? "documented  " : "UNDOCUMENTED", path);
		undocumented += !changed;
	}
	return undocumented ? 1 : 0;
}
