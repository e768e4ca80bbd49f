// SPDX-License-Identifier: GPL-2.0
/*
 * Not a test of the kernel: a check of the harness's non-fatal
 * expectations (KTAP_EXPECT_EQ, kselftest's EXPECT_*) and of a program's
 * -t selection, which make check's check-faults.sh runs with
 * GUEST_ONLY=expectations:NAME,... Never in the default set: see
 * guest-tests/README.md.
 */
#include "ktap_harness.h"

#define KTAP_PREFIX "expectations_"

/* Two expectations fail, and the test goes on to its end: it fails with the first's reason. */
KTAP_TEST(two_failed)
{
	KTAP_EXPECT_EQ(1, 2, "first");
	KTAP_EXPECT_EQ(3, 4, "second");
	ktap_diag("went on past both");
	return KMX_PASS;
}

/* Every expectation met: a pass. */
KTAP_TEST(all_met)
{
	KTAP_EXPECT_EQ(5, 5, "five");
	return KMX_PASS;
}

/* An expectation fails, then an assertion: the assertion's reason, the test ended there. */
KTAP_TEST(then_assert)
{
	KTAP_EXPECT_EQ(1, 2, "expected");
	KTAP_ASSERT_EQ(6, 7, "asserted");
	ktap_diag("not reached");
	return KMX_PASS;
}

KTAP_MAIN
