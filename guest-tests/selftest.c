// SPDX-License-Identifier: GPL-2.0
/*
 * Proves the pipeline end to end on every arch: that the guest can tell how
 * a child ended, that core dumps land where the forced-exit tests will look
 * for them, with the siginfo they read there, and that a blocked signal is
 * blocked (the debugger tests rely on it). If these fail, no other result
 * from the cell means much.
 */
#include "harness.h"

#define KTAP_PREFIX "selftest_"

KTAP_TEST(child_exit_status_seen)
{
	int status = 0;
	kmx_pid_t pid = sys_fork();

	if (pid == 0)
		sys_exit_group(3);
	KTAP_FAIL_IF(pid < 0, "fork: %d", pid);
	KTAP_ASSERT_EQ(pid, sys_wait4(pid, &status, 0), "wait4");
	KTAP_FAIL_IF(!WIFEXITED(status), "status 0x%x is not an exit", status);
	KTAP_ASSERT_EQ(3, WEXITSTATUS(status), "exit status");
	return KMX_PASS;
}

/*
 * A child that sends itself sig (blocked first, if block) and then exits 0;
 * its pid, reaped, with its wait status in *status.
 */
static kmx_pid_t child_sends_itself(int sig, int block, int *status)
{
	kmx_pid_t pid = sys_fork();

	if (pid == 0) {
		if (block)
			k_block_signal(sig);
		sys_kill(sys_getpid(), sig);
		sys_exit_group(0);
	}
	if (pid > 0 && sys_wait4(pid, status, 0) != pid)
		return -ECHILD;
	return pid;
}

/* Did the child child_sends_itself() made die by sig? KMX_PASS, or the failure. */
static int died_by(int sig, kmx_pid_t pid, int status)
{
	KTAP_FAIL_IF(pid < 0, "fork or wait4: %d", pid);
	KTAP_FAIL_IF(!WIFSIGNALED(status), "status 0x%x is not a death by signal", status);
	KTAP_ASSERT_EQ(sig, WTERMSIG(status), "terminating signal");
	return KMX_PASS;
}

KTAP_TEST(child_killed_by_signal_seen)
{
	int status = 0;
	kmx_pid_t pid = child_sends_itself(SIGKILL, 0, &status);

	return died_by(SIGKILL, pid, status);
}

/* A core-dumping signal must set the core flag and leave /tmp/core.<comm>.<pid>. */
KTAP_TEST(core_dump_written)
{
	int status = 0;
	kmx_pid_t pid = child_sends_itself(SIGQUIT, 0, &status);
	int ret = died_by(SIGQUIT, pid, status);

	if (ret != KMX_PASS)
		return ret;
	KTAP_FAIL_IF(!WCOREDUMP(status), "no core flag in status 0x%x (RLIMIT_CORE, core_pattern?)", status);
	KTAP_FAIL_IF(!harness_core_exists(pid), "no /tmp/core.selftest.%d", pid);
	return KMX_PASS;
}

/*
 * The core's NT_SIGINFO note, as the forced-exit tests read it
 * (FORCED_EXIT_BY_KERNEL), holds what kill(2) sent: SI_USER from the
 * child's own pid. So a kernel's signal read as SI_KERNEL there is a value
 * read, not a field the reader missed.
 */
KTAP_TEST(core_siginfo_read)
{
	int status = 0;
	kmx_pid_t pid = child_sends_itself(SIGQUIT, 0, &status);
	int ret = died_by(SIGQUIT, pid, status);
	const char *why;
	siginfo_t si;

	if (ret != KMX_PASS)
		return ret;
	why = harness_core_siginfo(pid, &si);
	KTAP_FAIL_IF(why, "the core's siginfo: %s", why);
	/* Each field said, whichever are wrong. */
	KTAP_EXPECT_EQ(SIGQUIT, si.si_signo, "si_signo in the core");
	KTAP_EXPECT_EQ(SI_USER, si.si_code, "si_code in the core");
	KTAP_EXPECT_EQ(pid, si.si_pid, "si_pid in the core");
	return KMX_PASS;
}

/* A blocked SIGUSR1 stays pending instead of killing: the sigset layout is right. */
KTAP_TEST(blocked_signal_stays_pending)
{
	int status = 0;
	kmx_pid_t pid = child_sends_itself(SIGUSR1, 1, &status);

	KTAP_FAIL_IF(pid < 0, "fork or wait4: %d", pid);
	KTAP_FAIL_IF(WIFSIGNALED(status), "killed by signal %d: SIGUSR1 was not blocked "
		     "(is the sigset word layout right for this arch?)", WTERMSIG(status));
	KTAP_ASSERT_EQ(0, WEXITSTATUS(status), "exit status");
	return KMX_PASS;
}

KTAP_MAIN
