// SPDX-License-Identifier: GPL-2.0
/*
 * Loading a run into the model of run.h: what the run is of, its cells (a
 * cell's record is cell.c's) judged in order (judge.c's: the base cells
 * first), the first bad patches, the grid's axes and the flips along the
 * points, and the run's totals.
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

const char *run_tree(const struct run *r)
{
	return r->tree ? r->tree : r->kernel ? r->kernel : "unknown";
}

void run_subject(const struct run *r, char *buf, size_t n)
{
	snprintf(buf, n, "kernel %s (%s), series %s%s%s%s%s%s", r->kernel ? r->kernel : "unknown",
		 r->tree_source ? r->tree_source : r->tree ? r->tree : "tree not recorded",
		 r->series_name ? r->series_name : "none recorded", r->series_title ? " (\"" : "",
		 r->series_title ? r->series_title : "", r->series_title ? "\")" : "",
		 r->series_error ? ", which does not apply to this tree: " : "",
		 r->series_error ? r->series_error : "");
}

const struct cell *run_find_cell(const struct run *r, const char *arch, const char *point)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (!strcmp(r->cells[i].arch, arch) && !strcmp(r->cells[i].point, point))
			return &r->cells[i];
	return NULL;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The cells to read: cells.list in run order, else every cell folder. */
static size_t list_cells(const char *run_dir, char ***names)
{
	char path[4200], line[512], arch[128], point[128];
	size_t n = 0;
	FILE *in;
	DIR *d;
	struct dirent *e;

	*names = NULL;
	in = fopen_in(run_dir, "cells.list");
	if (in) {
		while (fgets(line, sizeof(line), in)) {
			char name[300];

			if (sscanf(line, "%127s %127s", arch, point) != 2)
				continue;
			snprintf(name, sizeof(name), "%s-%s", arch, point);
			*names = xrealloc(*names, (n + 1) * sizeof(char *));
			(*names)[n++] = xstrdup(name);
		}
		fclose(in);
		return n;
	}
	d = opendir(run_dir);
	if (!d)
		die("%s: %s", run_dir, strerror(errno));
	while ((e = readdir(d))) {
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s/cell.tsv", run_dir, e->d_name);
		if (e->d_name[0] == '.' || stat(path, &st))
			continue;
		*names = xrealloc(*names, (n + 1) * sizeof(char *));
		(*names)[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	qsort(*names, n, sizeof(char *), by_name);
	return n;
}

int run_lists_other_point(const char *run_dir, const char *arch, const char *point)
{
	char a[256], p[256];
	int found = 0;
	FILE *in = fopen_in(run_dir, "cells.list");

	while (in && !found && fscanf(in, "%255s %255s", a, p) == 2)
		found = !strcmp(a, arch) && strcmp(p, point);
	if (in)
		fclose(in);
	return found;
}

/* s, copied, at the end of a list of *n strings. */
static void push(char ***list, size_t *n, const char *s)
{
	*list = xgrow(*list, *n, sizeof(char *));
	(*list)[(*n)++] = xstrdup(s);
}

/*
 * run.tsv: `started`, `kernel VERSION`, `tree NAME SOURCE`, `series NAME SOURCE`,
 * `patch POINT SUBJECT`, `offset PATCH GIT-LINE`, `note TEXT`, `series-error WHAT`,
 * `patchfile PATH`, `patchset SHA256`, `title COVER-LETTER-SUBJECT`, `kind matrix|mutants`, `ended HOW`.
 */
static void load_run_info(struct run *r)
{
	/* The lines that set one of the run's strings, or two (a name and its source). */
	const struct {
		const char *key;
		char **one, **two;
	} strings[] = {
		{ "started", &r->started, NULL }, { "kernel", &r->kernel, NULL },
		{ "series-error", &r->series_error, NULL }, { "patchset", &r->patchset_hash, NULL },
		{ "ended", &r->ended, NULL }, { "tree", &r->tree, &r->tree_source },
		{ "series", &r->series_name, &r->series_source }, { "title", &r->series_title, NULL },
	};
	char p[4200], line[1024], **f;
	struct tsv t;
	FILE *in;
	int n;

	in = fopen_in(r->dir, "ccache.txt");
	if (in) {
		if (fgets(line, sizeof(line), in) && (line[strcspn(line, "\n")] = 0, line[0]))
			r->ccache = xstrdup(line);
		fclose(in);
	}
	if (!tsv_open(&t, r->dir, "run.tsv"))
		return;
	f = t.f;
	while ((n = tsv_next(&t, 3)) >= 0) {
		if (n == 3 && !strcmp(f[0], "patch")) {
			r->patch_points = xrealloc(r->patch_points, (r->npatches + 1) * sizeof(char *));
			r->patch_subjects = xrealloc(r->patch_subjects, (r->npatches + 1) * sizeof(char *));
			r->patch_points[r->npatches] = xstrdup(f[1]);
			r->patch_subjects[r->npatches++] = xstrdup(f[2]);
		} else if (n == 3 && !strcmp(f[0], "offset")) {
			snprintf(p, sizeof(p), "%s: %s", f[1], f[2]);
			push(&r->offsets, &r->noffsets, p);
		} else if (n >= 2 && !strcmp(f[0], "note")) {
			push(&r->notes, &r->nnotes, f[1]);
		} else if (n >= 2 && !strcmp(f[0], "patchfile")) {
			push(&r->patch_files, &r->npatch_files, f[1]);
		}
		for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++) {
			if (n < (strings[i].two ? 3 : 2) || strcmp(f[0], strings[i].key))
				continue;
			xset(strings[i].one, f[1]);
			if (strings[i].two)
				xset(strings[i].two, f[2]);
		}
	}
	/*
	 * No `ended` line, but a cell a signal stopped said so: the run's make
	 * died with the signal before it could close the run (cellrun's
	 * mark_interrupted).
	 */
	if (!r->ended && (in = fopen_in(r->dir, ".interrupted"))) {
		if (fgets(line, sizeof(line), in) && (line[strcspn(line, "\n")] = 0, line[0]))
			r->ended = xstrdup(line);
		fclose(in);
	}
}

static void add_axis(const char ***axis, size_t *n, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*axis)[i], name))
			return;
	*axis = xgrow(*axis, *n, sizeof(**axis));
	(*axis)[(*n)++] = name;
}

/* Per arch, along its cells in run order: each test whose result changes (paired by name, else by key). */
static void find_flips(struct run *r)
{
	for (size_t a = 0; a < r->narchs; a++) {
		const struct cell *prev = NULL;

		for (size_t j = 0; j < r->ncells; j++) {
			const struct cell *c = &r->cells[j];

			/* A cell the machine decided, or not done, says nothing of the kernel. */
			if (strcmp(c->arch, r->archs[a]) || c->verdict == CELL_INFRA || c->verdict == CELL_PENDING)
				continue;
			for (size_t m = 0; prev && m < c->ntests; m++) {
				const struct test *now = &c->tests[m], *was = cell_counterpart(prev, now);

				if (!was || was->status == now->status)
					continue;
				r->flips = xgrow(r->flips, r->nflips, sizeof(*r->flips));
				r->flips[r->nflips++] = (struct flip){ prev, c, was, now };
			}
			prev = c;
		}
	}
}

/*
 * RUN/first-bad.tsv: ARCH, TEST, the first bad patch (or empty), a note.
 * Each regression of that test on that arch, at every point, names it.
 */
static void load_first_bad(struct run *r)
{
	char *line = NULL, *f[4];
	size_t size = 0;
	FILE *in = fopen_in(r->dir, "first-bad.tsv");

	while (in && getline(&line, &size, in) >= 0) {
		struct first_bad *b;

		if (split_tabs(line, f, 4) != 4)
			continue;
		r->first_bad = xgrow(r->first_bad, r->nfirst_bad, sizeof(*r->first_bad));
		b = &r->first_bad[r->nfirst_bad++];
		*b = (struct first_bad){ xstrdup(f[0]), xstrdup(f[1]), xstrdup(f[2]), xstrdup(f[3]) };
		for (size_t j = 0; j < r->ncells; j++) {
			struct cell *c = &r->cells[j];
			size_t i = name_index_find(&c->names, b->test);

			if (strcmp(c->arch, b->arch) || i == NO_ITEM ||
			    (c->tests[i].vs_base != BASE_REGRESSION && c->tests[i].vs_base != BASE_NEW))
				continue;
			c->tests[i].first_bad = b->patch[0] ? b->patch : NULL;
			c->tests[i].first_bad_note = b->note;
		}
	}
	free(line);
	if (in)
		fclose(in);
}

/* What a run is of (its run.tsv) and nothing more: for lists of runs. */
void run_load_info(struct run *r, const char *dir)
{
	memset(r, 0, sizeof(*r));
	r->dir = xstrdup(dir);
	load_run_info(r);
}

void run_load(struct run *r, const char *dir, const struct expectations *x)
{
	char real[4096], **names;
	struct stat st;
	int over;

	memset(r, 0, sizeof(*r));
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		die("%s: not a run (no such folder)", dir);
	r->dir = xstrdup(dir);
	r->expectations = x;
	/* results/latest is a link: the run id is where it points. */
	if (!realpath(dir, real))
		snprintf(real, sizeof(real), "%s", dir);
	r->id = xstrdup(strrchr(real, '/') ? strrchr(real, '/') + 1 : real);
	load_run_info(r);
	known_breaks_load(&r->known_breaks, dir);
	mutants_load(&r->mutants, dir);
	/* A run that says when it started and not that it ended is still going. */
	over = !r->started || r->ended ? 1 : 0;
	if (r->ended && !strncmp(r->ended, "interrupted", 11))
		over = -1;
	r->ncells = list_cells(dir, &names);
	r->cells = xrealloc(NULL, r->ncells * sizeof(*r->cells));
	for (size_t j = 0; j < r->ncells; j++) {
		run_load_cell(&r->cells[j], dir, names[j], over);
		r->cells[j].known_breaks = &r->known_breaks;
		r->cells[j].expectations = x;
		r->cells[j].judged_as = mutants_base_of(&r->mutants, r->cells[j].point);
		add_axis(&r->archs, &r->narchs, r->cells[j].arch);
		add_axis(&r->points, &r->npoints, r->cells[j].point);
		free(names[j]);
	}
	free(names);
	/* The base cells first: the others' results are judged against theirs. */
	for (size_t j = 0; j < r->ncells; j++)
		if (cell_is_base(&r->cells[j])) {
			r->cells[j].is_reference = !r->mutants.n &&
				run_lists_other_point(dir, r->cells[j].arch, r->cells[j].point);
			cell_judge(&r->cells[j]);
		}
	for (size_t j = 0; j < r->ncells; j++)
		if (!cell_is_base(&r->cells[j])) {
			cell_set_base(&r->cells[j], run_find_cell(r, r->cells[j].arch, "base"));
			cell_judge(&r->cells[j]);
		}
	load_first_bad(r);
	/* Mutants are each their own change of one base: nothing flips between them. */
	if (!r->mutants.n)
		find_flips(r);
	mutants_judge(r);
}

void run_totals(const struct run *r, struct run_totals *t)
{
	memset(t, 0, sizeof(*t));
	for (size_t j = 0; j < r->ncells; j++) {
		const struct cell *c = &r->cells[j];

		t->results += c->ntests;
		t->unexpected += c->unexpected;
		t->flaky += c->counts[KMX_FLAKY];
		t->unjudged += c->unjudged;
		t->regressions += c->regressions;
		t->pre_existing += c->pre_existing;
		t->gone += c->gone;
		for (size_t i = 0; i < c->ntests; i++)
			t->against_base += c->tests[i].vs_base != BASE_NONE;
		t->infra_cells += c->verdict == CELL_INFRA;
		t->pending_cells += c->verdict == CELL_PENDING;
		t->known_breaks += c->verdict == CELL_KNOWN_BREAK;
		t->failed_cells += c->verdict == CELL_BUILD || c->verdict == CELL_BOOT ||
				   c->verdict == CELL_NO_RESULTS;
	}
}
