/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For a forced exit whose path QEMU's emulation may not reach: run the
 * trigger once untraced with handlers on the signals it could raise. If it
 * dies by expected_sig without any handler running, the kernel path was
 * reached (only a forced exit, or base's do_exit, bypasses a handler), and
 * the real forced-exit check runs. Otherwise the test SKIPs, saying what
 * the emulator did instead. Never a pass that did not reach the path.
 */
#ifndef KMX_UNREACHED_PATH_H
#define KMX_UNREACHED_PATH_H

#include "harness.h"

static int probe_signals[] = { SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP };

static void probe_handler(int sig)
{
	harness->handler_ran = sig;
	sys_exit_group(STATUS_HANDLER_RAN);
}

static int check_if_reached(int expected_sig, void (*trigger)(void), const char *what,
			    const char *why_unreached)
{
	int status = 0;
	kmx_pid_t pid;

	KTAP_FAIL_IF(harness_init(), "mmap of the shared page failed");
	harness->handler_ran = 0;
	pid = sys_fork();
	if (pid == 0) {
		for (unsigned i = 0; i < KTAP_ARRAY_SIZE(probe_signals); i++)
			k_signal(probe_signals[i], probe_handler, 0);
		trigger();
		sys_exit_group(STATUS_TRIGGER_RETURNED);
	}
	KTAP_FAIL_IF(pid < 0, "fork: %d", pid);
	sys_wait4(pid, &status, 0);
	if (WIFSIGNALED(status) && WTERMSIG(status) == expected_sig && !harness->handler_ran)
		return forced_exit_check(expected_sig, trigger);
	if (harness->handler_ran)
		return KTAP_SKIP("%s raised an ordinary signal %d (its handler ran): %s",
				 what, harness->handler_ran, why_unreached);
	if (WIFEXITED(status) && WEXITSTATUS(status) == STATUS_TRIGGER_RETURNED)
		return KTAP_SKIP("%s raised no exception at all: %s", what, why_unreached);
	return KTAP_SKIP("%s ended the probe with wait status 0x%x: %s",
			 what, status, why_unreached);
}

#endif
