// SPDX-License-Identifier: GPL-2.0
/*
 * report: load runs into the model (run.h) and write its views (out.h).
 * The command line only picks the runs and the views.
 *
 * --expect FILE: the expectations (matrix/expectations/SERIES.tsv) mark each
 * result expected or unexpected; without it every fail and error is
 * unexpected.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "out.h"
#include "report.h"
#include "usage.h"

const char *progname = "report";

/* A RUN argument that is not a run is the caller's mistake: say so, change nothing. */
const char *need_run(const char *dir)
{
	if (!run_is_run(dir)) {
		error("%s: not a run (a run is a folder with a cells.list)", dir);
		exit(2);
	}
	return dir;
}

static int cmd_summary(int argc, char **argv, const struct expectations *x)
{
	int table = 0, quiet = 0, i, rc;
	const char *previous = NULL;
	struct run r, p;
	struct comparison cmp;

	for (i = 0; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--table"))
			table = 1;
		else if (!strcmp(argv[i], "--quiet"))
			quiet = 1;
		else if (!strcmp(argv[i], "--previous") && i + 1 < argc)
			previous = argv[++i];
		else
			return usage();
	}
	if (i + 1 != argc)
		return usage();
	/* The reports go into RUN: never into a folder that is not one. */
	run_load(&r, need_run(argv[i]), x);
	if (!previous)
		previous = run_tsv_line(r.dir, "previous");	/* the run's own */
	if (previous && !run_is_run(previous)) {
		warning("--previous %s is not a run: no \"changes since the previous run\"", previous);
		previous = NULL;
	}
	if (previous) {
		run_load(&p, previous, x);
		run_compare(&cmp, &p, &r);
	}
	if (write_json(&r) || write_junit(&r) || write_markdown(&r) || write_kcidb(&r) ||
	    write_html(&r, previous ? &cmp : NULL) || write_mutants_json(&r) || write_mutants_md(&r))
		return 1;
	if (table && r.mutants.n) {
		print_mutants(&r);
	} else if (table) {
		print_table(&r);
		print_flips_text(&r);
	}
	if (quiet)
		rc = !r.ncells;
	else {
		rc = print_closing(&r);
		/* Unexpected results are what a mutants run looks for: its own line decides. */
		if (r.mutants.n)
			rc = print_mutants_closing(&r);
	}
	for (size_t j = 0; quiet && j < r.ncells; j++)
		rc |= !cell_ok(&r.cells[j]);
	return rc;
}

static int cmd_compare(int argc, char **argv, const struct expectations *x)
{
	struct run a, b;
	struct comparison cmp;
	int by_test = argc == 3 && !strcmp(argv[0], "--by-test");

	if (by_test)
		argv++, argc--;
	if (argc != 2)
		return usage();
	run_load(&a, need_run(argv[0]), x);
	run_load(&b, need_run(argv[1]), x);
	run_compare(&cmp, &a, &b);
	if (by_test)
		print_transitions(&cmp);
	else
		print_comparison(&cmp);
	return cmp.worse;
}

static int cmd_history(int argc, char **argv, const struct expectations *x)
{
	char **dirs = argv + 1;
	size_t n = argc - 1;
	struct run *runs;

	if (argc < 1)
		return usage();
	if (!n)
		n = run_list(argv[0], &dirs);
	runs = xrealloc(NULL, n * sizeof(*runs));
	for (size_t q = 0; q < n; q++)
		run_load(&runs[q], need_run(dirs[q]), x);
	return write_history(argv[0], runs, n) ? 1 : 0;
}

static int cmd_runs(int argc, char **argv, const struct expectations *x)
{
	const char *except = NULL, *series = NULL, *kind = NULL;
	char **runs, a[4096], b[4096];
	size_t n;

	(void)x;
	while (argc >= 3 && argv[0][0] == '-') {
		if (!strcmp(argv[0], "--except"))
			except = argv[1];
		else if (!strcmp(argv[0], "--series"))
			series = argv[1];
		else if (!strcmp(argv[0], "--kind"))
			kind = argv[1];
		else
			return usage();
		argv += 2, argc -= 2;
	}
	if (argc != 1)
		return usage();
	n = run_list(argv[0], &runs);
	for (size_t i = 0; i < n; i++) {
		if (except && realpath(except, a) && realpath(runs[i], b) && !strcmp(a, b))
			continue;
		if (run_is_of(runs[i], series, kind))
			printf("%s\n", runs[i]);
	}
	return 0;
}

/* The one RUN argument a command takes, loaded; 0 for bad usage. */
static int load_one_run(int argc, char **argv, const struct expectations *x, struct run *r)
{
	if (argc != 1)
		return 0;
	run_load(r, need_run(argv[0]), x);
	return 1;
}

/*
 * The order the cells' make starts a run's cells in: each cell by its
 * arch's time in the previous run, longest first (an arch it did not have
 * before any), ties in the run's order, so that the longest chain of one
 * arch's cells (they share its tree) does not start last.
 */
static int cmd_order(int argc, char **argv, const struct expectations *x)
{
	struct order_cell {
		char *target, *arch;
		double secs;	/* the arch's seconds in the previous run; -1: not known */
	} *cells = NULL, key;
	size_t n = 0;
	char *prev_dir;
	struct run prev;
	struct tsv t;

	if (argc != 1)
		return usage();
	if (!tsv_open(&t, need_run(argv[0]), "cells.list"))
		die("%s: no cells.list", argv[0]);
	while (tsv_next(&t, 1) >= 0) {
		char arch[128], point[128], target[300];

		if (sscanf(t.f[0], "%127s %127s", arch, point) != 2)
			continue;
		snprintf(target, sizeof(target), "cell/%s/%s", arch, point);
		cells = xgrow(cells, n, sizeof(*cells));
		cells[n].target = xstrdup(target);
		cells[n].arch = xstrdup(arch);
		cells[n++].secs = -1;
	}
	prev_dir = run_tsv_line(argv[0], "previous");
	if (prev_dir && run_is_run(prev_dir)) {
		run_load(&prev, prev_dir, x);
		for (size_t j = 0; j < prev.ncells; j++)
			for (size_t i = 0; i < n; i++)
				if (prev.cells[j].build != NO_BUILD && !strcmp(prev.cells[j].arch, cells[i].arch))
					cells[i].secs = (cells[i].secs < 0 ? 0 : cells[i].secs) +
							prev.cells[j].build_s + prev.cells[j].boot_s;
	}
	/* A stable insertion sort: not known first, then the longest. */
	for (size_t i = 1; i < n; i++) {
		size_t k = i;

		key = cells[i];
		for (; k > 0 && (key.secs < 0 ? cells[k - 1].secs >= 0 :
				 cells[k - 1].secs >= 0 && cells[k - 1].secs < key.secs); k--)
			cells[k] = cells[k - 1];
		cells[k] = key;
	}
	for (size_t i = 0; i < n; i++)
		printf("%s\n", cells[i].target);
	return 0;
}

/* The cells a matrix boots again alone at its end (cell_wants_alone_boot()). */
static int cmd_again(int argc, char **argv, const struct expectations *x)
{
	struct run r;

	if (!load_one_run(argc, argv, x, &r))
		return usage();
	for (size_t j = 0; j < r.ncells; j++)
		if (cell_wants_alone_boot(&r.cells[j]))
			printf("%s/%s\n", r.cells[j].arch, r.cells[j].point);
	return 0;
}

/* Each result that regressed against base, at the first point of its arch (in run order) where it did. */
static int cmd_regressions(int argc, char **argv, const struct expectations *x)
{
	struct name_index seen = { 0 };
	char **keys = NULL;
	size_t nkeys = 0;
	struct run r;

	if (!load_one_run(argc, argv, x, &r))
		return usage();
	for (size_t j = 0; j < r.ncells; j++) {
		const struct cell *c = &r.cells[j];

		for (size_t i = 0; i < c->ntests; i++) {
			const struct test *t = &c->tests[i];
			char key[1024];

			/* A regression, or a failure new at this point: each has a first bad patch. */
			if (!t->unexpected || (t->vs_base != BASE_REGRESSION && t->vs_base != BASE_NEW))
				continue;
			snprintf(key, sizeof(key), "%s\t%s", c->arch, t->name);
			keys = xgrow(keys, nkeys, sizeof(*keys));
			keys[nkeys] = xstrdup(key);
			if (name_index_add(&seen, keys[nkeys], nkeys) == nkeys)
				printf("%s\t%s\t%s\t%s\t%s\n", c->arch, c->point, t->name, t->key ? t->key : "",
				       base_relation_name[t->vs_base]);
			nkeys++;
		}
	}
	return 0;
}

/* Where results change along the points, of one arch (arch-view.sh) or all. */
static int cmd_flips(int argc, char **argv, const struct expectations *x)
{
	const char *arch = NULL;
	struct run r;

	if (argc == 3 && !strcmp(argv[0], "--arch")) {
		arch = argv[1];
		argc -= 2;
		argv += 2;
	}
	if (!load_one_run(argc, argv, x, &r))
		return usage();
	return !write_flips_md(stdout, &r, arch);
}

static int cmd_vocab(int argc, char **argv, const struct expectations *x)
{
	(void)x, (void)argv;
	if (argc)
		return usage();
#define KMX_X(e, s) " " s
	printf("test%s\n", KMX_TEST_STATUSES(KMX_X));
	printf("build%s\n", KMX_BUILD_OUTCOMES(KMX_X));
	printf("boot%s\n", KMX_BOOT_OUTCOMES(KMX_X));
#undef KMX_X
	/* A cell's status: its own verdicts' names, a build outcome or a boot outcome. */
	printf("cell");
	for (int v = 0; v < CELL_NVERDICTS; v++)
		if (cell_verdict_name[v])
			printf(" %s", cell_verdict_name[v]);
	for (int o = 0; o < KMX_NBUILD_OUTCOME; o++)
		printf(" %s", kmx_build_outcome_name[o]);
	for (int o = 0; o < KMX_NBOOT_OUTCOME; o++)
		printf(" %s", kmx_boot_outcome_name[o]);
	printf("\n");
	printf("end-marker %s\n", KMX_END_MARKER);
	return 0;
}

/* The commands by name, each given the expectations (runs and vocab have no use for them). */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv, const struct expectations *x);
} commands[] = {
	{ "summary", cmd_summary }, { "cell", cmd_cell },
	{ "reproduced", cmd_reproduced }, { "compare", cmd_compare },
	{ "history", cmd_history }, { "runs", cmd_runs }, { "order", cmd_order }, { "again", cmd_again },
	{ "regressions", cmd_regressions }, { "flips", cmd_flips }, { "vocab", cmd_vocab },
	{ "query", cmd_query },
};

int main(int argc, char **argv)
{
	struct expectations x = { 0 };
	int i = 1;

	if (i + 1 < argc && !strcmp(argv[i], "--expect")) {
		if (expectations_load(&x, argv[i + 1]))
			return 2;
		i += 2;
	}
	if (i >= argc)
		return usage();
	argc -= i + 1;
	argv += i + 1;
	for (size_t c = 0; c < sizeof(commands) / sizeof(commands[0]); c++)
		if (!strcmp(argv[-1], commands[c].name))
			return commands[c].run(argc, argv, &x);
	return usage();
}
