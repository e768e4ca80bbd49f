/* SPDX-License-Identifier: GPL-2.0 */
/* What the KTAP reader's unit tests share: the counts, CHECK, the helpers. */
#ifndef TEST_KTAP_H
#define TEST_KTAP_H

#include <stdio.h>

#include "ktap_reader.h"

extern int passed, failed;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		passed++;						\
	} else {							\
		failed++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

void feed_all(struct ktap_state *k, const char *text);
const struct ktap_test_result *find(const struct ktap_state *k, const char *name);
void expect(const struct ktap_state *k, const char *name,
	    enum kmx_test_status st, const char *reason);
/*
 * All of k's results, in their order, as "NAME STATUS[: REASON]" lines:
 * none missing, none more, children before their parent.
 */
void expect_results_at(const struct ktap_state *k, const char *want, const char *file, int line);
#define expect_results(k, want) expect_results_at(k, want, __FILE__, __LINE__)
/* The diagnostics kept with the result NAME: one check. */
void expect_diag(const struct ktap_state *k, const char *name, const char *diag);
long position(const struct ktap_state *k, const char *name);

/* The cases, by topic: test_ktap_lines.c, _levels.c, _limits.c. */
void test_lines(void);
void test_lines_kselftests(void);
void test_plans(void);
void test_nesting(void);
void test_nesting_deep(void);
void test_linear(void);
void test_odd_bytes(void);

#endif
