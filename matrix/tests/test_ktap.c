// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the KTAP reader: feed it consoles, check what it found. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ktap_reader.h"

static int passed, failed;

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

static void feed_all(struct ktap_state *k, const char *text)
{
	char line[1024];

	ktap_init(k);
	while (*text) {
		size_t n = strcspn(text, "\n");

		snprintf(line, sizeof(line), "%.*s", (int)n, text);
		ktap_feed(k, line);
		text += n + (text[n] == '\n');
	}
}

static const struct ktap_test_result *find(const struct ktap_state *k, const char *name)
{
	for (size_t i = 0; i < k->ntests; i++)
		if (!strcmp(k->tests[i].name, name))
			return &k->tests[i];
	return NULL;
}

static void expect(const struct ktap_state *k, const char *name,
		   enum kmx_test_status st, const char *reason)
{
	const struct ktap_test_result *t = find(k, name);

	CHECK(t, "no result named %s", name);
	if (!t)
		return;
	CHECK(t->status == st, "%s: expected %s, got %s", name,
	      kmx_test_status_name[st], kmx_test_status_name[t->status]);
	if (reason)
		CHECK(!strcmp(t->reason, reason), "%s: expected reason '%s', got '%s'",
		      name, reason, t->reason);
}

/* Index of the result NAME, or -1. */
static long position(const struct ktap_state *k, const char *name)
{
	const struct ktap_test_result *t = find(k, name);

	return t ? t - k->tests : -1;
}

/* A plan not met, at the top (ktap_finish) and in a program, is an error of its own. */
static void test_plans(void)
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
	CHECK(find(&k, "prog_a") && !strcmp("the last words", find(&k, "prog_a")->diag),
	      "diagnostics of prog_a: '%s'", find(&k, "prog_a") ? find(&k, "prog_a")->diag : "");
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
	CHECK(find(&k, "kst") && !strcmp("Oops", find(&k, "kst")->diag),
	      "diagnostics of kst: '%s'", find(&k, "kst") ? find(&k, "kst")->diag : "");
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
static void test_nesting(void)
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
	CHECK(find(&k, "suite.case_b.param_1") &&
	      !strcmp("inner words", find(&k, "suite.case_b.param_1")->diag),
	      "diagnostics of param_1: '%s'",
	      find(&k, "suite.case_b.param_1") ? find(&k, "suite.case_b.param_1")->diag : "");
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
	expect(&k, "outer.x", KMX_PASS, "");
	expect(&k, "outer", KMX_ERROR, "setup");
	CHECK(position(&k, "outer.x") < position(&k, "outer"), "children come before their parent");
	expect(&k, "short.y", KMX_PASS, "");
	expect(&k, "short", KMX_ERROR, "1 of 3 results, then: the test ended");
	expect(&k, "broke.z", KMX_PASS, "");
	expect(&k, "broke", KMX_FAIL, "teardown");
	expect(&k, "rep.w", KMX_PASS, "");
	expect(&k, "rep.w#2", KMX_PASS, "");
	expect(&k, "a.b.c.deep", KMX_PASS, "");
	CHECK(9 == k.ntests, "expected 9 results, got %zu", k.ntests);
	ktap_free(&k);

	/*
	 * A subtest cut short by the end: named by its "# Subtest:" line;
	 * one nothing named leaves its children their own names.
	 */
	feed_all(&k, "KTAP version 1\n1..1\n"
		 "  # Subtest: kst\n  1..2\n  ok 1 first\n"
		 "    # Subtest: grp\n    1..3\n    ok 1 t\n"
		 "      ok 1 orphan\n");
	ktap_finish(&k);
	expect(&k, "kst.first", KMX_PASS, "");
	expect(&k, "kst.grp.t", KMX_PASS, "");
	expect(&k, "kst.grp.orphan", KMX_PASS, "");
	expect(&k, "kst.grp", KMX_ERROR, "1 of 3 results, then: no result line");
	expect(&k, "kst", KMX_ERROR, "1 of 2 results, then: no result line");
	expect(&k, KTAP_PLAN_RESULT, KMX_ERROR, "plan 1..1, 0 results");
	CHECK(6 == k.ntests, "expected 6 results, got %zu", k.ntests);
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

static double seconds(void)
{
	struct timespec ts;

	/* The process's own CPU time: a busy host must not fail a test of cost. */
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * 100,000 results in one program, some names again and again, 100,000
 * children waiting for their parent's name, 100,000 diagnostics: linear
 * cost. The bound is loose (a busy machine passes); quadratic would not.
 */
static void test_linear(void)
{
	const int n = 100000;
	struct ktap_state k;
	char line[100];
	double t0 = seconds(), took;

	ktap_init(&k);
	ktap_feed(&k, "KTAP version 1");
	ktap_feed(&k, "1..2");
	ktap_feed(&k, "  ok 1 dup#3");	/* taken before "dup" comes a third time */
	for (int i = 1; i <= n; i++) {
		if (i % 10)
			snprintf(line, sizeof(line), "  ok %d t%d", i, i);
		else
			snprintf(line, sizeof(line), "  not ok %d dup", i);
		ktap_feed(&k, line);
	}
	for (int i = 1; i <= n; i++) {
		snprintf(line, sizeof(line), "    ok %d c%d", i, i % 1000);
		ktap_feed(&k, line);
	}
	ktap_feed(&k, "  ok 1 parent");
	for (int i = 1; i <= n; i++) {
		snprintf(line, sizeof(line), "  # diagnostic line %d", i);
		ktap_feed(&k, line);
	}
	ktap_feed(&k, "  not ok 1 last");
	ktap_feed(&k, "ok 1 many");
	ktap_feed(&k, "  ok 1 t5");	/* a new program: names start afresh */
	ktap_feed(&k, "ok 2 next");
	ktap_finish(&k);
	took = seconds() - t0;
	CHECK((size_t)2 * n + 3 == k.ntests, "expected %d results, got %zu", 2 * n + 3, k.ntests);
	CHECK(took < 2.0, "%d results took %.2f s", 2 * n, took);
	CHECK(0 == position(&k, "dup#3"), "the name printed first keeps it: at %ld",
	      position(&k, "dup#3"));
	expect(&k, "dup", KMX_FAIL, NULL);
	expect(&k, "dup#2", KMX_FAIL, NULL);
	expect(&k, "dup#4", KMX_FAIL, NULL);
	expect(&k, "dup#10001", KMX_FAIL, NULL);
	CHECK(!find(&k, "dup#10002"), "one dup too many");
	expect(&k, "t99999", KMX_PASS, "");
	expect(&k, "parent.c0", KMX_PASS, "");
	expect(&k, "parent.c999#100", KMX_PASS, "");
	CHECK(!find(&k, "parent.c1#101"), "c1 came 100 times");
	CHECK(k.ntests && !strcmp("t5", k.tests[k.ntests - 1].name),
	      "the next program's t5: '%s'", k.ntests ? k.tests[k.ntests - 1].name : "");
	{
		const struct ktap_test_result *t = find(&k, "last");

		const char *head = "diagnostic line 1\ndiagnostic line 2\n";

		/* Past KTAP_DIAG_MAX, the head, a count and the last line. */
		CHECK(t && !strncmp(head, t->diag, strlen(head)),
		      "diagnostics of last begin '%.40s'", t ? t->diag : "");
		CHECK(t && strlen(t->diag) < KTAP_DIAG_MAX + 100, "diagnostics of last: %zu bytes",
		      t ? strlen(t->diag) : 0);
		CHECK(t && strstr(t->diag, " more lines, not kept)\ndiagnostic line 100000"),
		      "diagnostics of last end '%s'", t ? t->diag + strlen(t->diag) - 60 : "");
		CHECK(t && !strcmp("diagnostic line 100000", t->reason), "reason of last: '%s'",
		      t ? t->reason : "");
	}
	ktap_free(&k);
}

/* Any bytes, any length: no crash, no overrun; a name never holds a tab or a line end. */
static void test_odd_bytes(void)
{
	static const char *const heads[] = {
		"ok 1 ", "not ok 2 ", "# Subtest: ", "# ", "1..", "success: ", "failure: ",
		"ok 3 # SKIP ", "not ok 4 x # TIMEOUT ", "KTAP version 1", "",
	};
	size_t big = 300000, bad = 0;
	char *line = malloc(big + 1);
	unsigned seed = 12345;
	struct ktap_state k;

	if (!line)
		abort();
	ktap_init(&k);
	ktap_feed(&k, "KTAP version 1");
	ktap_feed(&k, "1..3");
	ktap_feed(&k, "  # Subtest: tab\there");
	ktap_feed(&k, "  ok 1 a\tb\rc");
	ktap_feed(&k, "  not ok 2\t# SKIP\t");
	for (int i = 0; i < 20000; i++) {
		size_t indent, len, pos = 0;
		const char *h;

		seed = seed * 1103515245 + 12345;
		indent = (seed >> 8) % 12;
		h = heads[(seed >> 16) % (sizeof(heads) / sizeof(*heads))];
		len = i % 997 == 0 ? big - 40 : (seed >> 4) % 300;
		memset(line, ' ', indent);
		pos = indent + snprintf(line + indent, 40, "%s", h);
		for (size_t j = 0; j < len && pos < big; j++) {
			seed = seed * 1103515245 + 12345;
			line[pos++] = 1 + (seed >> 16) % 255;	/* any byte but NUL */
		}
		line[pos] = 0;
		ktap_feed(&k, line);
	}
	memset(line, ' ', big);
	snprintf(line + big - 10, 11, "ok 1 far");
	ktap_feed(&k, line);
	memset(line, '9', big);
	memcpy(line, "1..", 3);
	line[big] = 0;
	ktap_feed(&k, line);
	ktap_finish(&k);
	for (size_t i = 0; i < k.ntests; i++)
		bad += strpbrk(k.tests[i].name, "\t\r\n") != NULL || !k.tests[i].reason || !k.tests[i].diag;
	CHECK(0 == bad, "%zu of %zu results with a tab or a line end in the name", bad, k.ntests);
	CHECK(k.ntests > 0, "no results read");
	expect(&k, "tab here.a b", KMX_PASS, "");
	ktap_free(&k);
	free(line);
}

int main(void)
{
	struct ktap_state k;

	/* Kernel noise around and between the lines is ignored. */
	feed_all(&k,
		"[    0.1] Linux version 6.1\n"
		"ok 1 not_a_result_before_the_version_line\n"
		"KTAP version 1\n"
		"1..2\n"
		"# running prog_a\n"
		"  KTAP version 1\n"
		"  1..4\n"
		"  ok 1 a_pass\n"
		"[    1.2] random: crng init done\n"
		"  # expected 11, got 5\n"
		"  not ok 2 a_fail\n"
		"  ok 3 a_skip # SKIP no CONFIG_SECCOMP_FILTER\n"
		"  not ok 4 a_timeout # TIMEOUT after 5000 ms\n"
		"  # Totals: pass:1 fail:2 xfail:0 xpass:0 skip:1 error:0\n"
		"not ok 1 prog_a # exit status 1\n"
		"# running prog_b\n"
		"  KTAP version 1\n"
		"  1..3\n"
		"  ok 1 b_pass\n"
		"not ok 2 prog_b # ERROR killed by signal 11\n");
	CHECK(k.ntests == 6, "expected 6 results, got %zu", k.ntests);
	CHECK(!find(&k, "not_a_result_before_the_version_line"), "a line before KTAP version was taken");
	expect(&k, "a_pass", KMX_PASS, "");
	expect(&k, "a_fail", KMX_FAIL, "expected 11, got 5");
	expect(&k, "a_skip", KMX_SKIP, "no CONFIG_SECCOMP_FILTER");
	expect(&k, "a_timeout", KMX_FAIL, "TIMEOUT after 5000 ms");
	expect(&k, "b_pass", KMX_PASS, "");
	/* prog_b crashed after 1 of 3: the crash is a result of its own. */
	expect(&k, "prog_b", KMX_ERROR, "1 of 3 results, then: killed by signal 11");
	CHECK(!find(&k, "prog_a"), "prog_a printed all its results; no extra entry expected");
	ktap_free(&k);

	/* A program with no subtests at all is its own result. */
	feed_all(&k, "KTAP version 1\n1..1\nnot ok 1 hung_prog # TIMEOUT after 30 s\n");
	expect(&k, "hung_prog", KMX_FAIL, "TIMEOUT after 30 s");
	ktap_free(&k);

	/* XFAIL, ERROR, and diagnostics kept with their result. */
	feed_all(&k, "KTAP version 1\n1..1\n  KTAP version 1\n  1..2\n"
		 "  # first\n  # second\n  ok 1 x # XFAIL known\n  not ok 2 y # ERROR setup\nok 1 p\n");
	expect(&k, "x", KMX_XFAIL, "known");
	expect(&k, "y", KMX_ERROR, "setup");
	CHECK(find(&k, "x") && !strcmp(find(&k, "x")->diag, "first\nsecond"),
	      "diagnostics of x: '%s'", find(&k, "x") ? find(&k, "x")->diag : "");
	ktap_free(&k);

	/*
	 * The kernel's selftests: kselftest_harness's TAP 13 under a
	 * "# Subtest:" line. Names get the program's; a name printed twice
	 * stays two results; numbers (restarting, repeated) name nothing.
	 * Our own program after it keeps its names as they are.
	 */
	feed_all(&k, "KTAP version 1\n1..3\n"
		 "  # Subtest: seccomp_bpf\n  TAP version 13\n  1..4\n"
		 "  # Starting 4 tests from 2 test cases.\n"
		 "  #  RUN           TRACE_syscall.ptrace.kill_after ...\n"
		 "  # kill_after: Test terminated unexpectedly by signal 9\n"
		 "  #          FAIL  TRACE_syscall.ptrace.kill_after\n"
		 "  not ok 1 TRACE_syscall.ptrace.kill_after\n"
		 "  ok 1 TRACE_syscall.ptrace.kill_immediate\n"
		 "  ok 3 global.dup\n  not ok 3 global.dup\n"
		 "  # FAILED: 2 / 4 tests passed.\n"
		 "ok 1 seccomp_bpf\n"
		 "  KTAP version 1\n  1..1\n  ok 1 dup\n"
		 "ok 2 ours\n"
		 "  # Subtest: peeksiginfo\n  # no TAP of its own\n"
		 "ok 3 peeksiginfo # SKIP KSFT_SKIP: no /proc\n");
	CHECK(k.ntests == 6, "expected 6 results, got %zu", k.ntests);
	expect(&k, "seccomp_bpf.TRACE_syscall.ptrace.kill_after", KMX_FAIL,
	       "kill_after: Test terminated unexpectedly by signal 9");
	expect(&k, "seccomp_bpf.TRACE_syscall.ptrace.kill_immediate", KMX_PASS, "");
	expect(&k, "seccomp_bpf.global.dup", KMX_PASS, "");
	expect(&k, "seccomp_bpf.global.dup#2", KMX_FAIL, NULL);
	expect(&k, "dup", KMX_PASS, "");
	expect(&k, "peeksiginfo", KMX_SKIP, "KSFT_SKIP: no /proc");
	CHECK(!find(&k, "seccomp_bpf"), "seccomp_bpf printed all its results; no extra entry expected");
	ktap_free(&k);

	/*
	 * 6.1's kselftest_harness names no skipped test on its result line
	 * ("ok 1 # SKIP reason"): the name is the harness's "OK  name" before
	 * it, and the line is a skip, not a pass named "# SKIP ...".
	 */
	feed_all(&k, "KTAP version 1\n1..1\n"
		 "  # Subtest: seccomp_bpf\n  TAP version 13\n  1..2\n"
		 "  # Starting 2 tests from 1 test cases.\n"
		 "  #  RUN           global.kcmp ...\n"
		 "  # seccomp_bpf.c:329:kcmp:Expected ret (-1) == 0 (0)\n"
		 "  #      SKIP      Kernel does not support kcmp() (missing CONFIG_KCMP?)\n"
		 "  #            OK  global.kcmp\n"
		 "  ok 1 # SKIP Kernel does not support kcmp() (missing CONFIG_KCMP?)\n"
		 "  #  RUN           global.next ...\n"
		 "  #            OK  global.next\n"
		 "  ok 2 global.next\n"
		 "ok 1 seccomp_bpf\n"
		 "  # Subtest: test_vsyscall_64\n  TAP version 13\n  1..1\n"
		 "  # failed to force CPU 1\n"
		 "  ok 8 # SKIP vdso_getcpu\n"
		 "ok 2 test_vsyscall_64\n");
	CHECK(k.ntests == 3, "expected 3 results, got %zu", k.ntests);
	expect(&k, "seccomp_bpf.global.kcmp", KMX_SKIP, "Kernel does not support kcmp() (missing CONFIG_KCMP?)");
	expect(&k, "seccomp_bpf.global.next", KMX_PASS, "");
	/* No harness around it (kselftest.h): the skip's message is its name. */
	expect(&k, "test_vsyscall_64.vdso_getcpu", KMX_SKIP, "vdso_getcpu");
	ktap_free(&k);

	/* powerpc's selftests speak subunit v1, not KTAP. */
	feed_all(&k, "KTAP version 1\n1..1\n"
		 "  # Subtest: signal_tm\n  test: signal_tm\n  tags: git_version:kmatrix\n"
		 "  [SKIP] Test skipped on line 42\n  skip: signal_tm\n"
		 "  test: other\n  [FAIL] Test FAILED on line 7\n  failure: other\n"
		 "  failure: detailed [bad context]\n  success: fine\n"
		 "ok 1 signal_tm\n");
	CHECK(k.ntests == 4, "expected 4 results, got %zu", k.ntests);
	expect(&k, "signal_tm.signal_tm", KMX_SKIP, "[SKIP] Test skipped on line 42");
	expect(&k, "signal_tm.other", KMX_FAIL, "[FAIL] Test FAILED on line 7");
	expect(&k, "signal_tm.detailed", KMX_FAIL, "bad context");
	expect(&k, "signal_tm.fine", KMX_PASS, "");
	ktap_free(&k);

	test_plans();
	test_nesting();
	test_linear();
	test_odd_bytes();

	printf("test_ktap: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
