// SPDX-License-Identifier: GPL-2.0
/*
 * A fault to inject, not a test: a program that starts its KTAP document,
 * then prints a diagnostic every 20 ms, forever. init must end it at its
 * timeout (kmatrix_timeout=) with "not ok N print_forever # TIMEOUT after
 * N s" and go on with the next program. 20 ms is under init's 100 ms poll,
 * so no poll is idle (when init counted only idle polls, this never timed
 * out), and the console log stays small. Never in the default set: see
 * guest-tests/README.md.
 */
#include "ktap_writer.h"

int main(int argc, char **argv, char **envp)
{
	(void)argc, (void)argv, (void)envp;
	ktap_print_header();
	ktap_set_plan(1);
	for (unsigned long n = 1;; n++) {
		ktap_diag("print_forever: line %lu", n);
		k_sleep_ms(20);
	}
}
