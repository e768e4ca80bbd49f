// SPDX-License-Identifier: GPL-2.0
/*
 * Not a test of the kernel: a check of the runner's time limits. Twelve
 * tests, each taking about a second of its own two-second limit: the
 * program runs longer than a small kmatrix_timeout= (TEST_TIMEOUT=5), so
 * it passes only if init gives it what it says its tests need
 * (ktap_limits.h's `# kmatrix_needs_ms=`), and each test is still ended
 * at its own limit. Never in the default set: see guest-tests/README.md.
 */
#include "ktap_harness.h"

#define KTAP_PREFIX "many_tests_"
/* Each test's own limit, and what it sleeps of it. */
#define MANY_LIMIT_MS	2000
#define MANY_SLEEP_MS	1000

static int sleep_then_pass(void)
{
	k_sleep_ms(MANY_SLEEP_MS);
	return KMX_PASS;
}

#define MANY_TEST(n) KTAP_TEST_NAMED(t##n, KTAP_PREFIX #n, MANY_LIMIT_MS) { return sleep_then_pass(); }
MANY_TEST(01)
MANY_TEST(02)
MANY_TEST(03)
MANY_TEST(04)
MANY_TEST(05)
MANY_TEST(06)
MANY_TEST(07)
MANY_TEST(08)
MANY_TEST(09)
MANY_TEST(10)
MANY_TEST(11)
MANY_TEST(12)

KTAP_MAIN
