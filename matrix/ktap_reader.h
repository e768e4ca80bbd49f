/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The KTAP reader (the guest writes with ktap_writer.h) for one console: feed it lines, it collects the results of
 * the guest's init (a document whose subtests are the test programs). Lines
 * that are not KTAP (kernel messages) are ignored, as the spec allows.
 * A program's subtests are named as they print themselves, or, after a
 * "# Subtest: <program>" line (the kernel's selftests), "<program>.<name>".
 * A name a program prints twice gets "#2", "#3"...: results are keyed by
 * name, never by number, and two results never merge. A selftest may speak
 * subunit v1 instead (powerpc's harness: "success: NAME", "failure: NAME
 * [DETAIL]", "skip: NAME", "error: NAME"); its results are named the same way.
 */
#ifndef KMX_KTAP_PARSE_H
#define KMX_KTAP_PARSE_H

#include <stddef.h>

#include "vocab.h"

struct ktap_test_result {
	char *name;
	enum kmx_test_status status;
	char *reason;		/* may be "" */
	char *diag;		/* the `# ` lines before the result, '\n'-separated */
};

struct ktap_state {
	int seen_version;	/* the top-level "KTAP version 1" */
	int top_plan;		/* -1 until seen */
	int top_results;	/* program result lines seen */
	int sub_plan;		/* of the current program, -1 until seen */
	int sub_results;
	char *pending_diag;	/* diagnostics waiting for their result */
	char prefix[128];	/* "<program>." of a "# Subtest: <program>" (the kernel's selftests), or "" */
	size_t program_first;	/* the current program's first entry in tests */
	char last_program[128];	/* the name on the last program result line */
	char last_output[256];	/* a selftest's last line that was neither KTAP nor subunit */
	struct ktap_test_result *tests;
	size_t ntests, cap;
};

void ktap_init(struct ktap_state *k);
void ktap_feed(struct ktap_state *k, const char *line);
void ktap_free(struct ktap_state *k);
/* A status name of vocab.h (as cell.tsv and the expectations write it). */
int ktap_parse_status(const char *s, enum kmx_test_status *out);

#endif
