// SPDX-License-Identifier: GPL-2.0
/*
 * What coverage report reads of the series: its changed lines (LINES),
 * the state of each file they are in (FILES), the lines it says no test
 * can run (--unreachable) or no mutant can change (--no-mutant), and the
 * mutants that change each (--mutants).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "usage.h"
#include "util.h"

struct cline *lines;
size_t nlines;

struct cfile {
	char *file, *state, *reason;
};
static struct cfile *files;
static size_t nfiles;

FILE *open_or_die(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		die("%s: %s", path, strerror(errno));
	return f;
}

static int arch_listed(const char *arches, const char *arch)
{
	size_t n = strlen(arch);

	if (!strcmp(arches, "*"))
		return 1;
	for (const char *p = arches; (p = strstr(p, arch)); p += n)
		if ((p == arches || p[-1] == ' ' || p[-1] == ',') && (!p[n] || p[n] == ' ' || p[n] == ','))
			return 1;
	return 0;
}

void load_excuses(struct excuses *ex, const char *path, const char *arch)
{
	char buf[8192], *f[4];
	FILE *in = open_or_die(path);
	int lineno = 0;

	while (fgets(buf, sizeof(buf), in)) {
		lineno++;
		if (buf[0] == '#' || buf[strspn(buf, " \t\r\n")] == 0)
			continue;
		if (split_tabs(buf, f, 4) != 4 || !f[1][0])
			die("%s:%d: not FILE<tab>TEXT<tab>ARCHES<tab>REASON", path, lineno);
		if (!arch_listed(f[2], arch))
			continue;
		ex->e = xrealloc(ex->e, (ex->n + 1) * sizeof(*ex->e));
		ex->e[ex->n++] = (struct excuse){ xstrdup(f[0]), xstrdup(f[1]), xstrdup(f[2]), xstrdup(f[3]) };
	}
	fclose(in);
}

/*
 * Does a line's code hold TEXT? `^TEXT$` must be the whole line, blanks
 * around it aside: a short one (`^}$`) then names no longer line.
 */
static int text_matches(const char *code, const char *text)
{
	size_t n = strlen(text), len;

	if (n < 2 || text[0] != '^' || text[n - 1] != '$')
		return strstr(code, text) != NULL;
	code += strspn(code, " \t");
	len = strlen(code);
	while (len && strchr(" \t\r\n", code[len - 1]))
		len--;
	return len == n - 2 && !strncmp(code, text + 1, len);
}

const char *excuse_for(const struct excuses *ex, const char *file, const char *text)
{
	for (size_t i = 0; i < ex->n; i++)
		if (!strcmp(ex->e[i].file, file) && text_matches(text, ex->e[i].text))
			return ex->e[i].reason;
	return NULL;
}

void load_files(const char *path)
{
	char buf[8192], *f[3];
	FILE *in = open_or_die(path);

	while (fgets(buf, sizeof(buf), in)) {
		int n = split_tabs(buf, f, 3);

		if (n < 2)
			continue;
		files = xrealloc(files, (nfiles + 1) * sizeof(*files));
		files[nfiles++] = (struct cfile){ xstrdup(f[0]), xstrdup(f[1]), xstrdup(n > 2 ? f[2] : "") };
	}
	fclose(in);
}

static struct cfile *find_file(const char *name)
{
	for (size_t i = 0; i < nfiles; i++)
		if (!strcmp(files[i].file, name))
			return &files[i];
	return NULL;
}

void load_lines(const char *path)
{
	char buf[8192], *f[4];
	FILE *in = open_or_die(path);

	while (fgets(buf, sizeof(buf), in)) {
		struct cline *l;
		struct cfile *cf;

		if (split_tabs(buf, f, 4) < 4)
			continue;
		lines = xrealloc(lines, (nlines + 1) * sizeof(*lines));
		l = &lines[nlines++];
		memset(l, 0, sizeof(*l));
		l->file = xstrdup(f[0]);
		l->line = atoi(f[1]);
		l->patch = xstrdup(f[2]);
		l->text = xstrdup(f[3]);
		cf = find_file(l->file);
		l->state = cf ? cf->state : "not-built";
		l->reason = cf ? cf->reason : "not in the list of the series' files";
	}
	fclose(in);
}

/* The changed line FILE:LINE, by bisection: LINES is sorted by file, then line. */
int cmp_line(const void *a, const void *b)
{
	const struct cline *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

struct cline *find_line(const char *file, int line)
{
	struct cline key = { .file = (char *)file, .line = line };

	return bsearch(&key, lines, nlines, sizeof(*lines), cmp_line);
}

void load_mutants(const char *path)
{
	char buf[4096], *f[3];
	FILE *in = open_or_die(path);

	while (fgets(buf, sizeof(buf), in)) {
		struct cline *l;
		size_t n;

		if (split_tabs(buf, f, 3) != 3 || !(l = find_line(f[0], atoi(f[1]))))
			continue;
		n = strlen(l->mutants);
		if (!strstr(l->mutants, f[2]) && n + strlen(f[2]) + 2 < sizeof(l->mutants))
			snprintf(l->mutants + n, sizeof(l->mutants) - n, "%s%s", n ? " " : "", f[2]);
	}
	fclose(in);
}
