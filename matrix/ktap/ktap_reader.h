/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The KTAP reader (the guest writes with ktap_writer.h) for one console: feed it lines, it collects the results of
 * the guest's init (a document whose subtests are the test programs). Lines
 * that are not KTAP (kernel messages) are ignored, as the spec allows.
 * A program's subtests are named as they print themselves, or, after a
 * "# Subtest: <program>" line (the kernel's selftests), "<program>.<name>".
 * Deeper subtests (indent 4, 6...) are "<parent>.<name>", the parent's full
 * name from its "# Subtest:" line, else from its result line (its children
 * wait for it).
 * A name a program prints twice gets "#2", "#3"...: results are keyed by
 * name, never by number, and two results never merge. A selftest may speak
 * subunit v1 instead (powerpc's harness: "success: NAME", "failure: NAME
 * [DETAIL]", "skip: NAME", "error: NAME"); its results are named the same way.
 * A name never holds a tab, a newline or a carriage return; other bytes are
 * kept as they came (the views escape them).
 */
#ifndef KMX_KTAP_PARSE_H
#define KMX_KTAP_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"
#include "vocab.h"

/* ktap_finish()'s error when the document gave fewer programs than its plan. */
#define KTAP_PLAN_RESULT	"ktap.plan"
/* The error of a subtest cut short that no line named. */
#define KTAP_UNNAMED_RESULT	"ktap.unnamed"
/* Levels read below the top (indent 2 * KTAP_MAX_DEPTH); deeper lines are ignored. */
#define KTAP_MAX_DEPTH		16
/* Diagnostics kept per result; past it only the last line (a program printing forever). */
#define KTAP_DIAG_MAX		(1 << 20)

struct ktap_test_result {
	char *name;
	enum kmx_test_status status;
	char *reason;		/* may be "" */
	char *diag;		/* the `# ` lines before the result, '\n'-separated */
	/*
	 * What stays when the name does not: a kernel selftest's result as
	 * PROGRAM#N, its place among the program's results (kselftest.h's
	 * messages change with the outcome); "" for ours, named to last.
	 */
	char *key;
};

/* The lines at one indent below the top: a parent's children. */
struct ktap_level {
	int open;		/* a line seen since its parent's last result */
	int plan;		/* -1 until seen */
	int results;		/* result lines */
	int failed;		/* a result here or deeper failed or erred */
	char *name;		/* the parent's, from "# Subtest: NAME" (levels 2 and deeper), or NULL */
	char *diag;		/* diagnostics waiting for their result, '\n'-separated */
	size_t diag_len, diag_cap;
	size_t dropped;		/* lines past KTAP_DIAG_MAX */
	char *tail;		/* the last of them */
	size_t held_from;	/* held[held_from..] wait for this level's parent's name */
};

struct ktap_state {
	int seen_version;	/* the top-level "KTAP version 1" */
	int top_plan;		/* -1 until seen */
	int top_results;	/* program result lines seen */
	int finished;		/* ktap_finish() was called */
	char prefix[128];	/* "<program>." of a "# Subtest: <program>" (the kernel's selftests), or "" */
	char program[128];	/* the running program, from "# Subtest:" or init's "# running NAME" */
	char last_program[128];	/* the name on the last program result line */
	char last_output[256];	/* a selftest's last line that was neither KTAP nor subunit */
	struct ktap_level level[KTAP_MAX_DEPTH];	/* [d - 1]: the lines at indent 2 * d */
	struct ktap_test_result *held;	/* results waiting for a parent's name, names relative */
	size_t nheld, held_cap;
	struct name_index names;	/* the names taken in the current program (results' in tests) */
	unsigned program_results;	/* the current selftest program's results so far (their keys) */
	unsigned *name_count;	/* by the names' items: the last "#N" tried for it as a base */
	size_t nnames;
	struct ktap_test_result *tests;
	size_t ntests, cap;
};

void ktap_init(struct ktap_state *k);
void ktap_feed(struct ktap_state *k, const char *line);
/*
 * After the last line: what the end left undone becomes results. A program
 * cut short after fewer subtests than its plan is an error named after it
 * ("2 of 5 results, then: no result line"), and a top-level plan not met is
 * an error of its own, KTAP_PLAN_RESULT ("plan 1..5, 2 results"). Once.
 */
void ktap_finish(struct ktap_state *k);
void ktap_free(struct ktap_state *k);
/*
 * Whether a failed result's reason says a time limit ran out: init's or
 * our harness's "TIMEOUT after 30 s", a program cut off ("93 of 95
 * results, then: TIMEOUT"), or kselftest_harness.h's "Test terminated by
 * timeout" (in the reason or the diagnostics; diag may be NULL).
 */
int ktap_timed_out(const char *reason, const char *diag);

/* A status name of vocab.h (as cell.tsv and the expectations write it). */
int ktap_parse_status(const char *s, enum kmx_test_status *out);

#endif
