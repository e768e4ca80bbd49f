/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The time limits of a guest program, which init and the runner
 * (ktap_harness.h) share.
 *
 * init gives each program kmatrix_timeout= seconds of wall clock (the
 * host's CELL_TEST_TIMEOUT, the one owner of that number), and passes the
 * same word on in the program's environment. Each test of a program has a
 * limit of its own (KTAP_TEST_NAMED's, or KTAP_TEST_TIMEOUT_MS), and the
 * runner ends a test that outlives it. A program whose tests' limits, with
 * KTAP_RUN_OVERHEAD_MS, add up to more than kmatrix_timeout says so before
 * its first test, on a line `# kmatrix_needs_ms=N`, and init gives it that
 * long, up to KTAP_NEEDS_MAX times kmatrix_timeout: so a program may hold
 * as many tests as it needs, each bounded by its own limit, and a program
 * that prints no such line (a kernel selftest) has kmatrix_timeout. The
 * host's console silence limit outlasts kmatrix_timeout, and every test
 * prints its result within its own limit, which is less.
 */
#ifndef KMX_KTAP_LIMITS_H
#define KMX_KTAP_LIMITS_H

#define KTAP_LIMIT_KEY		"kmatrix_timeout="
#define KTAP_NEEDS_KEY		"kmatrix_needs_ms="
/* The most a program may ask for, in kmatrix_timeouts: a bound on one that lies. */
#define KTAP_NEEDS_MAX		10
/*
 * A test's limit unless its row needs another. Each test waits for a
 * child, a signal or a tracee's stop, which take milliseconds under TCG.
 */
#define KTAP_TEST_TIMEOUT_MS	5000
/* A program's time besides its tests' limits: its start, a fork per test, the kills. */
#define KTAP_RUN_OVERHEAD_MS	2000

/*
 * The number a KEY value gives: digits only, at least 1, and few enough
 * that times 1000 it fits an unsigned long (32-bit arches). 0 for anything
 * else: there is no limit to fall back on.
 */
static unsigned long ktap_limit_seconds(const char *word)
{
	unsigned long s = 0;

	if (!*word)
		return 0;
	for (; *word; word++) {
		unsigned d = (unsigned char)*word - '0';

		if (d > 9 || s > (~0UL / 1000 - d) / 10)
			return 0;
		s = s * 10 + d;
	}
	return s;
}

#endif
