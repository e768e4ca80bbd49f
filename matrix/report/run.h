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
 * of (`note` lines: what the reports say once), and has an `ended` line
 * once the run is over.
 */
#ifndef KMX_RUN_H
#define KMX_RUN_H

#include <stddef.h>

#include "util.h"
#include "vocab.h"

/*
 * How a cell came out, worst first, and the reports' names for it. A cell
 * whose build or boot failed is called by that outcome (vocab.h): NULL here.
 */
#define CELL_VERDICTS(X)					\
	X(CELL_PENDING,     "pending")	/* not run yet: the run is still going */	\
	X(CELL_INFRA,       "infra")	/* could not be judged: the machine, not the kernel */	\
	X(CELL_BUILD,       NULL)	/* the build failed (or its record is broken) */	\
	X(CELL_BOOT,        NULL)	/* the boot did not end with results */	\
	X(CELL_NO_RESULTS,  "no-results")	/* booted, but reported nothing */	\
	X(CELL_UNEXPECTED,  "unexpected")	/* at least one unexpected result */	\
	X(CELL_KNOWN_BREAK, "known-break")	/* did not build or boot, as the tree's known breaks say */	\
	X(CELL_OK,          "ok")
KMX_ENUM(CELL_VERDICTS, cell_verdict, CELL_NVERDICTS, cell_verdict_name);

/* A kernel tree's known breaks (expect.c): a cell that fails there is shown so, not as a failure. */
struct known_break {
	char *arch, *point, *stage, *match, *reason;
};
struct known_breaks {
	struct known_break *b;
	size_t n;
};

/*
 * A result no expectation names, in a run with the arch's `base` cell,
 * judged against the same result there: a regression (passed at base,
 * fails now, or a new result that fails) fails the run; a failure at base
 * too is pre-existing, shown apart, and fails nothing. The base cell's own
 * failures are the baseline, pre-existing by definition, where the run has
 * other points of its arch to judge against it (a run of base alone judges
 * it as any cell).
 */
#define BASE_RELATIONS(X) \
	X(BASE_NONE, "") X(BASE_BASELINE, "baseline") X(BASE_SAME, "as at base") \
	X(BASE_REGRESSION, "regression") X(BASE_PRE_EXISTING, "pre-existing") \
	X(BASE_FIXED, "fixed") X(BASE_NEW, "new")
KMX_ENUM(BASE_RELATIONS, base_relation, BASE_NRELATIONS, base_relation_name);

struct test {
	char *name, *reason, *diag;
	char *key;			/* a selftest's PROGRAM#N, what stays when its name does not; "" if none */
	enum kmx_test_status status;
	int judged;			/* an expectation applied */
	enum kmx_test_status expected;	/* when judged */
	int unexpected;
	int unjudged;			/* no expectation names it, or not as expected in an infra cell */
	enum base_relation vs_base;	/* when judged against base instead */
	const struct test *at_base;	/* the same result at base (by name, else by key), or NULL */
	unsigned char boots, failed_boots;	/* the cell's boots that reported it, and those where it failed */
	const char *first_bad;		/* a regression: the first patch where it regressed (first-bad.sh), or NULL */
	const char *first_bad_note;	/* how that was found, or why it was not */
	int retried;			/* the cell was booted twice and this test ran in both */
	enum kmx_test_status first;	/* the first attempt's status, when retried */
	char *first_reason;
	int first_only;			/* a failure of the first attempt the second did not report */
};

/* make coverage's figures of a cell (its coverage.tsv): per patch, and in all. */
struct coverage_tally {
	char *patch;			/* NULL in the total */
	unsigned run, code;		/* changed lines run, of those with code */
	unsigned br_taken, br_total;	/* their branch directions */
	unsigned elsewhere;		/* lines that cannot run on this arch or config */
};

/*
 * A cell's kernel config as its cell kept it (CELL_DIR/kernel.config,
 * cellrun's copy of the .config it was built with): the options set.
 */
struct kconfig {
	int known;			/* the cell kept one */
	struct name_index set;		/* CONFIG_X=y or =m, names in names[] */
	char **names;
	size_t n;
};
/* 1 if the kernel has every option of LIST (CONFIG_ names, comma-separated), 0 if it lacks one, -1 if not known. */
int kconfig_has(const struct kconfig *k, const char *list);

struct cell {
	char *dir;			/* <arch>-<point>, relative to the run */
	char *arch, *point;
	const char *judged_as;		/* the point whose expectations apply: a mutant's base */
	enum kmx_build_outcome build;	/* NO_BUILD: the record has no build line (yet) */
	enum kmx_boot_outcome boot;	/* NO_BOOT: nor a boot line */
	double build_s, boot_s;
	double qemu_ran_s, qemu_waited_s;	/* the boot's host load (bootrun's `host` line) */
	int has_host;				/* the record has that line */
	char *alone;				/* why it was booted again alone at the run's end, or NULL */
	char *build_reason, *boot_reason, *qemu;
	char *retry;			/* why the cell was booted a second time, or NULL */
	struct test *tests;
	size_t ntests;
	struct name_index names;	/* the tests by name, for cell_find_test() */
	unsigned counts[KMX_NTEST_STATUS];
	unsigned unexpected, unjudged;
	enum cell_verdict verdict;
	const char *infra_cause;	/* with CELL_INFRA */
	const struct known_breaks *known_breaks;	/* the run's, set before cell_judge() */
	const struct expectations *expectations;	/* likewise, or NULL: none */
	const char *known_break;	/* with CELL_KNOWN_BREAK: why */
	struct coverage_tally *coverage;	/* per patch, in the series' order */
	size_t ncoverage;
	struct coverage_tally coverage_all;
	int has_coverage;
	int has_reproducer;		/* its reproduce.sh (matrix/reproducer.sh) is there */
	const struct cell *base;	/* the arch's base cell its results are judged against, or NULL */
	int is_reference;		/* a base cell the run's other points of its arch are judged against */
	unsigned regressions, pre_existing;	/* results judged against base (and the baseline's failures) */
	unsigned gone;			/* results of the base cell this one does not report */
	struct kconfig kconfig;		/* its kernel's options, if it kept them */
};
/* A cell whose reproducer the reports offer: it has one, and failed or has a failed result. */
int cell_offers_reproducer(const struct cell *c);
/* The outcome of a step its record has no line for (a cell not done), named "" (cell.c). */
#define NO_BUILD KMX_NBUILD_OUTCOME
#define NO_BOOT KMX_NBOOT_OUTCOME
const char *build_name(enum kmx_build_outcome o);
const char *boot_name(enum kmx_boot_outcome o);

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

/*
 * make mutants: RUN/mutants.tsv says what each mutant is (run-mutants.sh
 * writes it from the catalogue's trailers); mutants.c says how it fared.
 * A mutant is killed on an arch when its cell there has an unexpected
 * result against the base point's expectations, survived when it has none,
 * invalid when it did not build or boot. A survival on an arch its
 * catalogue entry excuses (Invisible-on, Unreachable-under-QEMU,
 * Equivalent) is shown as that excuse, not as a survival.
 */
#define MUTANT_VERDICTS(X) \
	X(MUT_NOT_RUN, "-") X(MUT_PENDING, "pending") X(MUT_INFRA, "infra") \
	X(MUT_INVALID, "invalid") X(MUT_INVISIBLE, "invisible") \
	X(MUT_UNREACHABLE, "unreachable under QEMU") X(MUT_EQUIVALENT, "equivalent") \
	X(MUT_SURVIVED, "survived") X(MUT_KILLED, "killed")
KMX_ENUM(MUTANT_VERDICTS, mutant_verdict, MUT_NVERDICTS, mutant_verdict_name);

struct mutant_cell {
	const char *arch;
	char *why;			/* the path that made the arch run it */
	const struct cell *cell;	/* NULL while not run */
	enum mutant_verdict verdict;
	char *killers;			/* the unexpected tests, comma-separated */
	const char *excuse;		/* the reason, with MUT_INVISIBLE/UNREACHABLE/EQUIVALENT */
};

struct mutant {
	char *point, *corrupts, *file, *subject;
	char *invisible_arches, *invisible_why;
	char *needs, *needs_why;	/* Needs: the kernel options it can show without, and why */
	char *unreachable_arches, *unreachable_why;
	char *equivalent;		/* the reason, or NULL */
	struct mutant_cell *cells;	/* one per arch it touches, in run order */
	size_t ncells;
	enum mutant_verdict verdict;	/* over its arches: survived anywhere wins, then killed */
};

struct mutants {
	char *catalogue, *base;
	struct mutant *m;
	size_t n;
};

/* RUN/first-bad.tsv (matrix/first-bad.sh): per arch and regressed test, its first bad patch. */
struct first_bad {
	char *arch, *test, *patch, *note;
};

struct run {
	char *dir, *id;
	struct first_bad *first_bad;
	size_t nfirst_bad;
	char *started, *kernel, *series_name, *series_source, *series_title, *ended, *ccache;
	char *tree, *tree_source;	/* the tree's name (tarball), and package and version */
	char *series_error;		/* the series does not apply to this tree: the patch, file and hunk */
	char **offsets;			/* `PATCH: git apply's offset line`, where the series moved */
	size_t noffsets;
	char **notes;			/* what the reports say once (an arch without kernel selftests, and why) */
	size_t nnotes;
	struct known_breaks known_breaks;
	char **patch_points, **patch_subjects;
	size_t npatches;
	char **patch_files;		/* the series' files (an mbox: itself), in order */
	size_t npatch_files;
	char *patchset_hash;		/* KCIDB's patchset_hash of them */
	struct cell *cells;
	size_t ncells;
	struct flip *flips;	/* along the points, per arch, in run order */
	size_t nflips;
	const char **archs, **points;	/* the grid's axes, in run order */
	size_t narchs, npoints;
	struct mutants mutants;	/* make mutants; n == 0 for other runs */
	const struct expectations *expectations;	/* what its cells were judged by, or NULL */
};

struct comparison {
	const struct run *a, *b;
	struct change *changes;
	size_t nchanges;
	int worse;		/* never for runs of different trees or series */
	int other_tree;		/* the runs are of different kernel trees */
	int other_series;	/* the runs are of different series */
};

/* The test-level changes of a comparison, by test and transition. */
struct transition {
	const char *test;
	char what[64];		/* "pass -> fail", "new -> pass", "fail -> gone" */
	int worse;
	const struct cell **cells;	/* where it happened, in the comparison's order */
	size_t ncells;
};
/* Groups cmp's test-level changes; returns how many (free with transitions_free()). */
size_t comparison_transitions(const struct comparison *cmp, struct transition **out);
void transitions_free(struct transition *t, size_t n);

/*
 * A series' expectations (expect.c), loaded once and shared by the runs
 * judged by them; none loaded (or NULL): every fail and error is unexpected.
 */
struct expectation_need;
struct expectations {
	struct expectation *e;
	size_t n;
	struct expectation_need *needs;	/* `needs TEST CONFIG...` lines */
	size_t nneeds;
	int given;		/* a file was loaded */
};
/* Adds PATH's lines to x (zeroed, or loaded before). */
int expectations_load(struct expectations *x, const char *path);
int expectations_given(const struct expectations *x);
/* Forgets them (as if none were loaded). */
void expectations_clear(struct expectations *x);
/* 1 and *st set when an expectation of x names this result. */
int expectation_for(const struct expectations *x, const char *arch, const char *point, const char *test,
		    enum kmx_test_status *st);
/*
 * The option a `needs` line of x gives test that kernel k lacks (the
 * result is then expected to skip), or NULL. When k is not known, a skip
 * is taken as that lack: a run whose cells kept no config is judged as
 * before.
 */
const char *expectation_unmet_need(const struct expectations *x, const char *test, const struct kconfig *k,
				   enum kmx_test_status status);


/* The known breaks: loads RUN/known-breaks.tsv (none: no known breaks). */
void known_breaks_load(struct known_breaks *kb, const char *run_dir);
/* The reason when STAGE (build, boot) of this cell, failed with FIRST_ERROR, is a known break; or NULL. */
const char *known_break_for(const struct known_breaks *kb, const char *arch, const char *point,
			    const char *stage, const char *first_error);

int run_is_run(const char *dir);
/* The value of run DIR's run.tsv line KEY (allocated), or NULL. */
char *run_tsv_line(const char *dir, const char *key);
/* 1 when the run at dir is of series (NULL: any) and of kind (NULL: any; run.tsv's `kind`). */
int run_is_of(const char *dir, const char *series, const char *kind);
/* Fills *runs with the runs under results_dir, oldest first; returns how many. */
size_t run_list(const char *results_dir, char ***runs);
/* Loads a run and judges it by x (NULL: none); a run that is not a folder is fatal, broken cells are not. */
void run_load(struct run *r, const char *dir, const struct expectations *x);
/* Only what the run is of (run.tsv): its series, tree, start and end. */
void run_load_info(struct run *r, const char *dir);
void run_load_cell(struct cell *c, const char *run_dir, const char *name, int run_over);
/* Frees what run_load_cell() allocated. */
void cell_clear(struct cell *c);
int cell_wants_alone_boot(const struct cell *c);
int cell_wants_retry(const struct cell *c, int in_matrix);
/* Whether c is at its arch's base: the point `base`, not a mutant. */
int cell_is_base(const struct cell *c);
/* Whether the run of RUN_DIR lists a cell of ARCH at another point than POINT (its cells.list). */
int run_lists_other_point(const char *run_dir, const char *arch, const char *point);
/* Makes base the cell c's results are judged against, if it can be (booted, with results). */
void cell_set_base(struct cell *c, const struct cell *base);
void cell_judge(struct cell *c);
/*
 * cell_done.c: the cell at ARG (CELL_DIR or its cell.tsv) judged as its run
 * judges it (kb and ms hold its run's known breaks and mutants while c is
 * used); whether it is booted again at once; once its record is written,
 * the run's reports, the cell's line and the run's progress (0: the cell
 * is ok).
 */
struct known_breaks;
struct mutants;
void cell_load_judged(const char *arg, const struct expectations *x, struct cell *c,
		      struct known_breaks *kb, struct mutants *ms);
int cell_retry_wanted(const char *cell_dir, int in_matrix, const struct expectations *x);
int cell_done(const char *cell_dir, const char *not_run_points, const struct expectations *x);
/* Built, booted, reported, nothing unexpected; or a known break of the tree. */
static inline int cell_ok(const struct cell *c)
{
	return c->verdict == CELL_OK || c->verdict == CELL_KNOWN_BREAK;
}
/* The cell's short status for grids: ok, unexpected, failed, timeout, infra, pending... */
const char *cell_status(const struct cell *c);
const struct cell *run_find_cell(const struct run *r, const char *arch, const char *point);
const struct test *cell_find_test(const struct cell *c, const char *name);
/* The result of c with that key (a selftest's PROGRAM#N), or NULL. */
const struct test *cell_find_key(const struct cell *c, const char *key);
/* t's counterpart in c: by name, else by key (a selftest whose message changed with its outcome). */
const struct test *cell_counterpart(const struct cell *c, const struct test *t);
/* What changed from run a to run b. */
void run_compare(struct comparison *cmp, const struct run *a, const struct run *b);

/* mutants.c: loads RUN/mutants.tsv (none: no mutants); the base of a mutant point, or NULL. */
void mutants_load(struct mutants *ms, const char *run_dir);
const char *mutants_base_of(const struct mutants *ms, const char *point);
/* Each mutant's verdict per arch and over all, from the run's judged cells. */
void mutants_judge(struct run *r);
struct mutant_totals {
	unsigned n, killed, survived, invalid, excused, pending;
	unsigned elsewhere;	/* no cell: the mutant touches none of the run's arches */
};
void mutant_totals(const struct run *r, struct mutant_totals *t);
/* Per arch: mutants killed there, and those that could have been (not excused). */
void mutant_arch_totals(const struct run *r, const char *arch, unsigned *killed, unsigned *of);

/*
 * Totals over a run, for the closing lines. Each result is one of passed
 * (as expected), unexpected, flaky, unjudged (expectations were given and
 * none names it, or it is not as expected in an infra cell) or
 * pre-existing (failed at base too, or is base's own failure):
 * passed = results - unexpected - flaky - unjudged - pre_existing.
 */
struct run_totals {
	unsigned results, unexpected, flaky, unjudged, failed_cells, infra_cells, pending_cells, known_breaks;
	unsigned against_base, regressions, pre_existing;	/* results judged against base */
	unsigned gone;			/* results of a base cell a cell of its arch does not report */
};
void run_totals(const struct run *r, struct run_totals *t);

/* Which tree a run is of: the tree's name, else (older runs) the kernel version. */
const char *run_tree(const struct run *r);
/* What a run is of, for people: "kernel 6.12.118 (linux-source-6.12 6.12.118-1~deb12u1), series forced-exit". */
void run_subject(const struct run *r, char *buf, size_t n);

const char *status_name(enum kmx_test_status s);
/* A status that fails a result (flaky is the host's verdict on two that differ). */
static inline int status_fails(enum kmx_test_status st)
{
	return st == KMX_FAIL || st == KMX_ERROR;
}

#endif
