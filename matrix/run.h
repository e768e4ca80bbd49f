/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The model of a run: what report loads from a run's folder, once, and
 * what every view (JSON, JUnit, Markdown, HTML, history, the terminal table,
 * compare) formats. Nothing here prints.
 *
 * A run is a folder under results/ with a cells.list (`ARCH POINT` lines, in
 * run order); run_is_run() is the one test of that, and run_list() the one
 * way to find and order runs. A cell is RUN/<arch>-<point>/cell.tsv,
 * tab-separated: `arch`, `point`, `build STATUS SECONDS REASON`, `boot
 * STATUS SECONDS REASON`, `qemu COMMAND`, `test NAME STATUS REASON`, `diag
 * NAME LINE`. A cell that was booted twice (a retry) keeps its first attempt
 * in RUN/<arch>-<point>/attempt1/cell.tsv. RUN/run.tsv says what the run is
 * of, and has an `ended` line once the run is over.
 */
#ifndef KMX_RUN_H
#define KMX_RUN_H

#include <stddef.h>

#include "vocab.h"

/* How a cell came out, worst first; the names are those of the reports. */
enum cell_verdict {
	CELL_PENDING,		/* not run yet: the run is still going */
	CELL_INFRA,		/* could not be judged: the machine, not the kernel */
	CELL_BUILD,		/* the build failed (or its record is broken) */
	CELL_BOOT,		/* the boot did not end with results */
	CELL_NO_RESULTS,	/* booted, but reported nothing */
	CELL_UNEXPECTED,	/* at least one unexpected result */
	CELL_OK,
};

struct test {
	char *name, *reason, *diag;
	enum kmx_test_status status;
	int judged;			/* an expectation applied */
	enum kmx_test_status expected;	/* when judged */
	int unexpected;
	int retried;			/* the cell was booted twice and this test ran in both */
	enum kmx_test_status first;	/* the first attempt's status, when retried */
	char *first_reason;
};

struct cell {
	char *dir;			/* <arch>-<point>, relative to the run */
	char *arch, *point;
	char *build_status, *boot_status;	/* vocab.h's outcome names */
	double build_s, boot_s;
	char *build_reason, *boot_reason, *qemu;
	char *retry;			/* why the cell was booted a second time, or NULL */
	struct test *tests;
	size_t ntests;
	unsigned counts[KMX_NTEST_STATUS];
	unsigned unexpected;
	enum cell_verdict verdict;
	const char *infra_cause;	/* with CELL_INFRA */
};

/* A change of one test's result from one cell to the next. */
struct flip {
	const struct cell *from, *to;
	const struct test *was, *now;
};

enum change_kind {
	CHANGE_NEW_CELL,	/* `now` only */
	CHANGE_CELL,		/* build, boot or verdict differ */
	CHANGE_APPEARED,	/* a test the earlier cell did not report */
	CHANGE_NEW_FAILURE,	/* unexpected now, not before */
	CHANGE_FIXED,		/* unexpected before, not now */
	CHANGE_CHANGED,		/* another change of status */
	CHANGE_VANISHED,	/* a test the later cell no longer reports */
	CHANGE_VANISHED_CELL,	/* `was` only */
};

struct change {
	enum change_kind kind;
	const struct cell *was, *now;
	const struct test *was_test, *now_test;
	int worse;		/* counts against the later run */
};

struct run {
	char *dir, *id;
	char *started, *kernel, *series_name, *series_source, *ended, *ccache;
	char **patch_points, **patch_subjects;
	size_t npatches;
	struct cell *cells;
	size_t ncells;
	struct flip *flips;	/* along the points, per arch, in run order */
	size_t nflips;
	const char *archs[64], *points[64];	/* the grid's axes, in run order */
	size_t narchs, npoints;
};

struct comparison {
	const struct run *a, *b;
	struct change *changes;
	size_t nchanges;
	int worse;
};

/* The expectations (expect.c); none loaded: every fail and error is unexpected. */
int expectations_load(const char *path);
int expectations_given(void);
/* 1 and *st set when an expectation names this result. */
int expectation_for(const char *arch, const char *point, const char *test, enum kmx_test_status *st);

int run_is_run(const char *dir);
/* The value of run DIR's run.tsv line KEY (allocated), or NULL. */
char *run_tsv_line(const char *dir, const char *key);
/* Fills *runs with the runs under results_dir, oldest first; returns how many. */
size_t run_list(const char *results_dir, char ***runs);
/* Loads and judges a run; a run that is not a folder is fatal, broken cells are not. */
void run_load(struct run *r, const char *dir);
void run_load_cell(struct cell *c, const char *run_dir, const char *name, int run_over);
void cell_judge(struct cell *c);
/* Built, booted, reported, nothing unexpected. */
static inline int cell_ok(const struct cell *c) { return c->verdict == CELL_OK; }
/* The cell's short status for grids: ok, unexpected, failed, timeout, infra, pending... */
const char *cell_status(const struct cell *c);
const struct cell *run_find_cell(const struct run *r, const char *arch, const char *point);
const struct test *cell_find_test(const struct cell *c, const char *name);
/* What changed from run a to run b. */
void run_compare(struct comparison *cmp, const struct run *a, const struct run *b);

/* Totals over a run, for the closing lines. */
struct run_totals {
	unsigned results, unexpected, flaky, failed_cells, infra_cells, pending_cells;
};
void run_totals(const struct run *r, struct run_totals *t);

const char *status_name(enum kmx_test_status s);
char *xstrdup(const char *s);
void *xrealloc(void *p, size_t n);

#endif
