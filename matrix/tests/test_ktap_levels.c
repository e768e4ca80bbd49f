// SPDX-License-Identifier: GPL-2.0
/* The cases of levels: plans met or not, subtests of subtests. */
#include <stdio.h>
#include <string.h>

#include "test_ktap.h"

/* A plan not met, at the top (ktap_finish) and in a program, is an error of its own. */
void test_plans(void)
{
	struct ktap_state k;

	/* 1..5 and 2 programs, then the console ended. */
	feed_all(&k, "KTAP version 1\n1..5\n"
		 "  1..1\n  ok 1 a\nok 1 prog_a\n"
		 "ok 2 prog_b\n");
	CHECK(2 == k.ntests, "expected 2 results before the end, got %zu", k.ntests);
	ktap_finish(&k);
	ktap_finish(&k);	/* once */
	CHECK(3 == k.ntests, "expected 3 results after ktap_finish, got %zu", k.ntests);
	expect(&k, KTAP_PLAN_RESULT, KMX_ERROR, "plan 1..5, 2 results");
	ktap_free(&k);

	/* A plan met adds nothing; neither does a document with no plan. */
	feed_all(&k, "KTAP version 1\n1..1\nok 1 p\n");
	ktap_finish(&k);
	CHECK(1 == k.ntests && !find(&k, KTAP_PLAN_RESULT), "a plan met gave %zu results", k.ntests);
	ktap_free(&k);
	feed_all(&k, "KTAP version 1\nok 1 p\n");
	ktap_finish(&k);
	CHECK(1 == k.ntests, "no plan: expected 1 result, got %zu", k.ntests);
	ktap_free(&k);

	/* A program's plan not met: an error named after it, whatever its line says. */
	feed_all(&k, "KTAP version 1\n1..3\n"
		 "  1..5\n  ok 1 a1\n  ok 2 a2\n  # the last words\nnot ok 1 prog_a # exit status 1\n"
		 "  1..2\n  ok 1 b1\nok 2 prog_b\n"
		 "  1..2\n  ok 1 c1\n  ok 2 c2\nok 3 prog_c # SKIP nothing to do\n");
	ktap_finish(&k);
	expect(&k, "prog_a", KMX_ERROR, "2 of 5 results, then: exit status 1");
	expect_diag(&k, "prog_a", "the last words");
	expect(&k, "prog_b", KMX_ERROR, "1 of 2 results, then: the program ended");
	CHECK(!find(&k, "prog_c"), "prog_c: a skip after all its results is no news");
	CHECK(!find(&k, KTAP_PLAN_RESULT), "the top plan was met");
	ktap_free(&k);

	/* Not ok while every result it printed passed: news of its own. */
	feed_all(&k, "KTAP version 1\n1..2\n"
		 "  1..2\n  ok 1 a\n  ok 2 b # SKIP no\nnot ok 1 leaky # exit status 1\n"
		 "  ok 1 c\nnot ok 2 quiet\n");
	expect(&k, "leaky", KMX_FAIL, "exit status 1");
	expect(&k, "quiet", KMX_FAIL, "not ok, though no result under it failed");
	ktap_free(&k);

	/*
	 * Programs cut short: a selftest named by its "# Subtest:" line, ours
	 * by init's "# running" line, one nothing named.
	 */
	feed_all(&k, "KTAP version 1\n1..4\n"
		 "  # Subtest: kst\n# running kst\n  1..5\n  ok 1 t1\n  ok 2 t2\n"
		 "  # Oops\n");
	ktap_finish(&k);
	expect(&k, "kst.t2", KMX_PASS, "");
	expect(&k, "kst", KMX_ERROR, "2 of 5 results, then: no result line");
	expect_diag(&k, "kst", "Oops");
	expect(&k, KTAP_PLAN_RESULT, KMX_ERROR, "plan 1..4, 0 results");
	ktap_free(&k);
	feed_all(&k, "KTAP version 1\n1..2\nok 1 first\n# running ours\n  1..3\n  ok 1 o1\n");
	ktap_finish(&k);
	expect(&k, "ours", KMX_ERROR, "1 of 3 results, then: no result line");
	expect(&k, KTAP_PLAN_RESULT, KMX_ERROR, "plan 1..2, 1 result");
	ktap_free(&k);
	feed_all(&k, "KTAP version 1\n1..1\n  1..3\n  ok 1 o1\n");
	ktap_finish(&k);
	expect(&k, KTAP_UNNAMED_RESULT, KMX_ERROR, "1 of 3 results, then: no result line");
	ktap_free(&k);
}

/* Subtests of subtests: "<parent>.<child>", the parent's name from wherever it comes first. */
void test_nesting(void)
{
	struct ktap_state k;

	feed_all(&k, "KTAP version 1\n1..2\n"
		 "  KTAP version 1\n  1..2\n"
		 "    KTAP version 1\n    # Subtest: suite\n    1..2\n    ok 1 case_a\n"
		 "      KTAP version 1\n      1..2\n      # inner words\n      ok 1 param_1\n"
		 "      not ok 2 param_2\n"
		 "    not ok 2 case_b\n"
		 "  not ok 1 suite\n  ok 2 plain\n"
		 "ok 1 prog\n"
		 "  # Subtest: kst\n  1..1\n    # Subtest: grp\n    ok 1 t\n  ok 1 grp\n"
		 "ok 2 kst\n");
	ktap_finish(&k);
	CHECK(5 == k.ntests, "expected 5 results, got %zu", k.ntests);
	expect(&k, "suite.case_a", KMX_PASS, "");
	expect(&k, "suite.case_b.param_1", KMX_PASS, "");
	expect(&k, "suite.case_b.param_2", KMX_FAIL, NULL);
	expect_diag(&k, "suite.case_b.param_1", "inner words");
	expect(&k, "plain", KMX_PASS, "");
	expect(&k, "kst.grp.t", KMX_PASS, "");
	CHECK(!find(&k, "suite") && !find(&k, "suite.case_b") && !find(&k, "prog") && !find(&k, "kst.grp"),
	      "a parent whose children all reported added an entry");
	ktap_free(&k);

	/*
	 * No "# Subtest:" line: the children wait for their parent's result
	 * line, and come before it. A parent with news: an error, its plan
	 * not met, not ok after passes. A name printed again: "#2".
	 */
	feed_all(&k, "KTAP version 1\n1..1\n"
		 "    ok 1 x\n  not ok 1 outer # ERROR setup\n"
		 "    1..3\n    ok 1 y\n  ok 2 short\n"
		 "    ok 1 z\n  not ok 3 broke # teardown\n"
		 "    ok 1 w\n  ok 4 rep\n    ok 1 w\n  ok 5 rep\n"
		 "        ok 1 deep\n      ok 1 c\n    ok 1 b\n  ok 6 a\n"
		 "ok 1 prog\n");
	ktap_finish(&k);
	expect_results(&k,
		"outer.x pass\n"
		"outer error: setup\n"
		"short.y pass\n"
		"short error: 1 of 3 results, then: the test ended\n"
		"broke.z pass\n"
		"broke fail: teardown\n"
		"rep.w pass\n"
		"rep.w#2 pass\n"
		"a.b.c.deep pass\n");
	ktap_free(&k);
}

/* Subtests cut short, and the deepest level read. */
void test_nesting_deep(void)
{
	struct ktap_state k;

	/*
	 * A subtest cut short by the end: named by its "# Subtest:" line;
	 * one nothing named leaves its children their own names.
	 */
	feed_all(&k, "KTAP version 1\n1..1\n"
		 "  # Subtest: kst\n  1..2\n  ok 1 first\n"
		 "    # Subtest: grp\n    1..3\n    ok 1 t\n"
		 "      ok 1 orphan\n");
	ktap_finish(&k);
	expect_results(&k,
		"kst.first pass\n"
		"kst.grp.t pass\n"
		"kst.grp.orphan pass\n"
		"kst.grp error: 1 of 3 results, then: no result line\n"
		"kst error: 1 of 2 results, then: no result line\n"
		"ktap.plan error: plan 1..1, 0 results\n");
	ktap_free(&k);

	/* As deep as KTAP_MAX_DEPTH; deeper lines are not read. */
	{
		char line[200];

		ktap_init(&k);
		ktap_feed(&k, "KTAP version 1");
		for (int d = KTAP_MAX_DEPTH + 1; d >= 1; d--) {
			snprintf(line, sizeof(line), "%*sok 1 n%d", 2 * d, "", d);
			ktap_feed(&k, line);
		}
		ktap_feed(&k, "ok 1 prog");
		ktap_finish(&k);
		CHECK(1 == k.ntests, "expected 1 result, got %zu", k.ntests);
		CHECK(k.ntests && !strncmp(k.tests[0].name, "n1.n2.n3.", 9) &&
		      strstr(k.tests[0].name, ".n16") && !strstr(k.tests[0].name, "n17"),
		      "deep name: '%s'", k.ntests ? k.tests[0].name : "");
		ktap_free(&k);
	}
}
