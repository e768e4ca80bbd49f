// SPDX-License-Identifier: GPL-2.0
/*
 * Runs side by side: which folders are runs and in what order, and what
 * changed from one run to another (computed once here; compare's text and
 * index.html's "changes since the previous run" are views of it).
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "run.h"
#include "usage.h"

int run_is_run(const char *dir)
{
	char p[4200];
	struct stat st;

	snprintf(p, sizeof(p), "%s/cells.list", dir);
	return !stat(dir, &st) && S_ISDIR(st.st_mode) && !stat(p, &st) && S_ISREG(st.st_mode);
}

int run_is_of(const char *dir, const char *series, const char *kind)
{
	char *name = series ? run_tsv_line(dir, "series") : NULL;
	char *k = kind ? run_tsv_line(dir, "kind") : NULL;
	int yes = 1;

	if (series)	/* `series NAME<tab>SOURCE` */
		yes = name && !strncmp(name, series, strlen(series)) &&
		      (name[strlen(series)] == '\t' || !name[strlen(series)]);
	/* A run from before run.tsv had a `kind` was a matrix run. */
	if (kind)
		yes = yes && !strcmp(k ? k : "matrix", kind);
	free(name);
	free(k);
	return yes;
}

char *run_tsv_line(const char *dir, const char *key)
{
	char line[4200];
	FILE *in = fopen_in(dir, "run.tsv");
	char *value = NULL;
	size_t n = strlen(key);

	while (in && !value && fgets(line, sizeof(line), in))
		if (!strncmp(line, key, n) && line[n] == '\t') {
			line[strcspn(line, "\r\n")] = 0;
			value = xstrdup(line + n + 1);
		}
	if (in)
		fclose(in);
	return value;
}

struct run_key {
	char *path, *started;
};

static int by_start(const void *pa, const void *pb)
{
	const struct run_key *a = pa, *b = pb;
	int d = strcmp(a->started, b->started);

	return d ? d : strcmp(a->path, b->path);
}

size_t run_list(const char *results_dir, char ***runs)
{
	struct run_key *keys = NULL;
	size_t n = 0;
	DIR *d = opendir(results_dir);
	struct dirent *e;

	*runs = NULL;
	if (!d)
		return errno == ENOENT ? 0 : (die("%s: %s", results_dir, strerror(errno)), 0);
	while ((e = readdir(d))) {
		char p[4200];

		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", results_dir, e->d_name);
		/* A link (results/latest) names a run that is listed already. */
		if (e->d_type == DT_LNK || !run_is_run(p))
			continue;
		keys = xrealloc(keys, (n + 1) * sizeof(*keys));
		keys[n].path = xstrdup(p);
		keys[n].started = run_tsv_line(p, "started");
		if (!keys[n].started)
			keys[n].started = xstrdup("");
		n++;
	}
	closedir(d);
	qsort(keys, n, sizeof(*keys), by_start);
	*runs = xrealloc(NULL, n * sizeof(char *));
	for (size_t i = 0; i < n; i++) {
		(*runs)[i] = keys[i].path;
		free(keys[i].started);
	}
	free(keys);
	return n;
}

static void add(struct comparison *cmp, enum change_kind kind, const struct cell *was,
		const struct cell *now, const struct test *wt, const struct test *nt, int worse)
{
	cmp->changes = xgrow(cmp->changes, cmp->nchanges, sizeof(*cmp->changes));
	cmp->changes[cmp->nchanges++] = (struct change){ kind, was, now, wt, nt, worse };
	cmp->worse |= worse;
}

/* 6.1.158 and 6.1.159 are one tree (a point release), 6.1.x and 6.12.y two. */
static int same_major_minor(const char *a, const char *b)
{
	const char *dot = strchr(a, '.');
	size_t n = dot ? (size_t)(dot - a) + 1 + strcspn(dot + 1, ".") : strlen(a);

	return !strncmp(a, b, n) && (b[n] == '.' || b[n] == 0);
}

/* A cell that built and booted before and now does not, for a kernel reason. */
static int stopped(const struct cell *a, const struct cell *b)
{
	if (b->verdict == CELL_INFRA || b->verdict == CELL_PENDING || b->verdict == CELL_KNOWN_BREAK)
		return 0;	/* not judged, or the tree's known break: no news about the kernel */
	return (a->build == KMX_BUILD_OK && b->build != KMX_BUILD_OK) ||
	       (a->boot == KMX_BOOT_OK && b->boot != KMX_BOOT_OK);
}

/*
 * From a to b: new and vanished cells and tests, changes of build, boot and
 * verdict, and each test's change of status. Worse: a new unexpected result,
 * or a cell that no longer builds or boots.
 */
void run_compare(struct comparison *cmp, const struct run *a, const struct run *b)
{
	memset(cmp, 0, sizeof(*cmp));
	cmp->a = a;
	cmp->b = b;
	for (size_t i = 0; i < b->ncells; i++) {
		const struct cell *cb = &b->cells[i], *ca = run_find_cell(a, cb->arch, cb->point);

		if (!ca) {
			add(cmp, CHANGE_NEW_CELL, NULL, cb, NULL, NULL, 0);
			continue;
		}
		if (ca->build != cb->build || ca->boot != cb->boot ||
		    ca->verdict != cb->verdict)
			add(cmp, CHANGE_CELL, ca, cb, NULL, NULL, stopped(ca, cb));
		/* A cell the machine decided is no baseline: its results are as if absent. */
		int a_judged = ca->verdict != CELL_INFRA && ca->verdict != CELL_PENDING;

		for (size_t m = 0; m < cb->ntests; m++) {
			const struct test *tb = &cb->tests[m], *ta = a_judged ? cell_counterpart(ca, tb) : NULL;

			if (!ta)
				add(cmp, CHANGE_APPEARED, ca, cb, NULL, tb, tb->unexpected);
			else if (ta->status == tb->status)
				continue;
			else if (tb->unexpected && !ta->unexpected)
				add(cmp, CHANGE_NEW_FAILURE, ca, cb, ta, tb, 1);
			else if (!tb->unexpected && ta->unexpected)
				add(cmp, CHANGE_FIXED, ca, cb, ta, tb, 0);
			else
				add(cmp, CHANGE_CHANGED, ca, cb, ta, tb, 0);
		}
		for (size_t m = 0; a_judged && cb->verdict != CELL_INFRA && cb->ntests && m < ca->ntests; m++)
			if (!cell_counterpart(cb, &ca->tests[m]))
				add(cmp, CHANGE_VANISHED, ca, cb, &ca->tests[m], NULL, 0);
	}
	for (size_t i = 0; i < a->ncells; i++)
		if (!run_find_cell(b, a->cells[i].arch, a->cells[i].point))
			add(cmp, CHANGE_VANISHED_CELL, &a->cells[i], NULL, NULL, NULL, 0);
	/* Between trees a change is the trees' difference, not a regression. */
	/* (Runs from before run.tsv named the tree have only the kernel version.) */
	cmp->other_tree = a->tree && b->tree ? strcmp(a->tree, b->tree) != 0 :
			  a->kernel && b->kernel && !same_major_minor(a->kernel, b->kernel);
	/* Between series too: another series' cells are not this one's. */
	cmp->other_series = a->series_name && b->series_name && strcmp(a->series_name, b->series_name);
	if (cmp->other_tree || cmp->other_series) {
		cmp->worse = 0;
		for (size_t i = 0; i < cmp->nchanges; i++)
			cmp->changes[i].worse = 0;
	}
}

/* A test-level change as "from -> to": new and gone for one side only. */
static void transition_name(const struct change *x, char *buf, size_t n)
{
	snprintf(buf, n, "%s -> %s", x->was_test ? status_name(x->was_test->status) : "new",
		 x->now_test ? status_name(x->now_test->status) : "gone");
}

static int is_test_change(const struct change *x)
{
	return x->kind == CHANGE_APPEARED ? x->was->ntests > 0 :
	       x->kind == CHANGE_NEW_FAILURE || x->kind == CHANGE_FIXED || x->kind == CHANGE_CHANGED ||
	       x->kind == CHANGE_VANISHED;
}

static const char *change_test(const struct change *x)
{
	return x->now_test ? x->now_test->name : x->was_test ? x->was_test->name : NULL;
}

/*
 * One group per test and transition, with every cell it happened in (a test
 * failing anew on five arches is one group of five), as KernelCI's tree
 * compare shows them. Groups come in the order of their first change.
 */
size_t comparison_transitions(const struct comparison *cmp, struct transition **out)
{
	unsigned char *done = calloc(cmp->nchanges ? cmp->nchanges : 1, 1);
	struct transition *t = NULL;
	size_t n = 0;

	if (!done)
		die("out of memory");
	for (size_t i = 0; i < cmp->nchanges; i++) {
		const struct change *x = &cmp->changes[i];
		struct transition *g;

		if (done[i] || !is_test_change(x) || !change_test(x))
			continue;
		t = xgrow(t, n, sizeof(*t));
		g = &t[n++];
		memset(g, 0, sizeof(*g));
		g->test = change_test(x);
		transition_name(x, g->what, sizeof(g->what));
		for (size_t j = i; j < cmp->nchanges; j++) {
			const struct change *y = &cmp->changes[j];
			char what[64];

			if (done[j] || !is_test_change(y) || strcmp(change_test(y), g->test))
				continue;
			transition_name(y, what, sizeof(what));
			if (strcmp(what, g->what))
				continue;
			done[j] = 1;
			g->worse |= y->worse;
			g->cells = xgrow(g->cells, g->ncells, sizeof(*g->cells));
			g->cells[g->ncells++] = y->now ? y->now : y->was;
		}
	}
	free(done);
	*out = t;
	return n;
}

void transitions_free(struct transition *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(t[i].cells);
	free(t);
}
