// SPDX-License-Identifier: GPL-2.0
/*
 * The cases of one console's lines: kernel noise, statuses and their
 * reasons, diagnostics, the kernel's selftests' TAP 13 and subunit.
 */
#include <stdio.h>
#include <string.h>

#include "test_ktap.h"

void test_lines(void)
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
	/*
	 * Nothing before the version line; prog_a printed all its results (no
	 * entry of its own); prog_b crashed after 1 of 3: the crash is a
	 * result of its own.
	 */
	expect_results(&k,
		"a_pass pass\n"
		"a_fail fail: expected 11, got 5\n"
		"a_skip skip: no CONFIG_SECCOMP_FILTER\n"
		"a_timeout fail: TIMEOUT after 5000 ms\n"
		"b_pass pass\n"
		"prog_b error: 1 of 3 results, then: killed by signal 11\n");
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
	expect_diag(&k, "x", "first\nsecond");
	ktap_free(&k);
}

/* The kernel's own selftests: their TAP 13, bare results and subunit. */
void test_lines_kselftests(void)
{
	struct ktap_state k;

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
	/* What stays when a selftest's name does not: its place among its program's results. */
	CHECK(!strcmp(find(&k, "seccomp_bpf.TRACE_syscall.ptrace.kill_after")->key, "seccomp_bpf#1") &&
	      !strcmp(find(&k, "seccomp_bpf.global.dup#2")->key, "seccomp_bpf#4"),
	      "the selftests' keys: %s, %s", find(&k, "seccomp_bpf.TRACE_syscall.ptrace.kill_after")->key,
	      find(&k, "seccomp_bpf.global.dup#2")->key);
	CHECK(!strcmp(find(&k, "dup")->key, "") && !strcmp(find(&k, "peeksiginfo")->key, ""),
	      "ours and a program's own result have no key");
	ktap_free(&k);

	/*
	 * kselftest.h's results are named by their message, which changes with
	 * the outcome (sas: "sigaltstack is disabled in sighandler" when it
	 * passes): the key is the same either way.
	 */
	feed_all(&k, "KTAP version 1\n1..1\n  # Subtest: sas\n  1..2\n"
		 "  ok 1 Initial sigaltstack state was SS_DISABLE\n"
		 "  not ok 2 tss_flags=80000000, should be SS_DISABLE\nnot ok 1 sas\n");
	CHECK(!strcmp(find(&k, "sas.tss_flags=80000000, should be SS_DISABLE")->key, "sas#2"),
	      "a failing message keyed by its place: %s", find(&k, "sas.tss_flags=80000000, should be SS_DISABLE")->key);
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
	/* No harness around test_vsyscall_64 (kselftest.h): the skip's message is its name. */
	expect_results(&k,
		"seccomp_bpf.global.kcmp skip: Kernel does not support kcmp() (missing CONFIG_KCMP?)\n"
		"seccomp_bpf.global.next pass\n"
		"test_vsyscall_64.vdso_getcpu skip: vdso_getcpu\n");
	ktap_free(&k);

	/* powerpc's selftests speak subunit v1, not KTAP. */
	feed_all(&k, "KTAP version 1\n1..1\n"
		 "  # Subtest: signal_tm\n  test: signal_tm\n  tags: git_version:kmatrix\n"
		 "  [SKIP] Test skipped on line 42\n  skip: signal_tm\n"
		 "  test: other\n  [FAIL] Test FAILED on line 7\n  failure: other\n"
		 "  failure: detailed [bad context]\n  success: fine\n"
		 "ok 1 signal_tm\n");
	expect_results(&k,
		"signal_tm.signal_tm skip: [SKIP] Test skipped on line 42\n"
		"signal_tm.other fail: [FAIL] Test FAILED on line 7\n"
		"signal_tm.detailed fail: bad context\n"
		"signal_tm.fine pass\n");
	ktap_free(&k);
}
