// SPDX-License-Identifier: GPL-2.0
/*
 * Proves the pipeline end to end on every arch: that the guest can tell how
 * a child ended, and that core dumps land where the forced-exit tests will
 * look for them, and that a blocked signal is blocked (the debugger tests
 * rely on it). If these fail, no other result from the cell means much.
 */
#include "ktap_writer.h"

static int child_exit_status_seen(void)
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

static int child_killed_by_signal_seen(void)
{
	int status = 0;
	kmx_pid_t pid = sys_fork();

	if (pid == 0) {
		sys_kill(sys_getpid(), SIGKILL);
		sys_exit_group(0);
	}
	KTAP_FAIL_IF(pid < 0, "fork: %d", pid);
	KTAP_ASSERT_EQ(pid, sys_wait4(pid, &status, 0), "wait4");
	KTAP_FAIL_IF(!WIFSIGNALED(status), "status 0x%x is not a death by signal", status);
	KTAP_ASSERT_EQ(SIGKILL, WTERMSIG(status), "terminating signal");
	return KMX_PASS;
}

/* A core-dumping signal must set the core flag and leave /tmp/core.<comm>.<pid>. */
static int core_dump_written(void)
{
	char path[64];
	int status = 0, fd;
	kmx_pid_t pid = sys_fork();

	if (pid == 0) {
		sys_kill(sys_getpid(), SIGQUIT);
		sys_exit_group(0);
	}
	KTAP_FAIL_IF(pid < 0, "fork: %d", pid);
	KTAP_ASSERT_EQ(pid, sys_wait4(pid, &status, 0), "wait4");
	KTAP_FAIL_IF(!WIFSIGNALED(status), "status 0x%x is not a death by signal", status);
	KTAP_ASSERT_EQ(SIGQUIT, WTERMSIG(status), "terminating signal");
	KTAP_FAIL_IF(!WCOREDUMP(status), "no core flag in status 0x%x (RLIMIT_CORE, core_pattern?)", status);
	k_snprintf(path, sizeof(path), "/tmp/core.selftest.%d", pid);
	fd = sys_open(path, O_RDONLY, 0);
	KTAP_FAIL_IF(fd < 0, "%s: open failed: %d", path, fd);
	sys_close(fd);
	return KMX_PASS;
}

/* A blocked SIGUSR1 stays pending instead of killing: the sigset layout is right. */
static int blocked_signal_stays_pending(void)
{
	int status = 0;
	kmx_pid_t pid = sys_fork();

	if (pid == 0) {
		k_block_signal(SIGUSR1);
		sys_kill(sys_getpid(), SIGUSR1);
		sys_exit_group(0);
	}
	KTAP_FAIL_IF(pid < 0, "fork: %d", pid);
	KTAP_ASSERT_EQ(pid, sys_wait4(pid, &status, 0), "wait4");
	KTAP_FAIL_IF(WIFSIGNALED(status), "killed by signal %d: SIGUSR1 was not blocked "
		     "(is the sigset word layout right for this arch?)", WTERMSIG(status));
	KTAP_ASSERT_EQ(0, WEXITSTATUS(status), "exit status");
	return KMX_PASS;
}

static const struct ktap_test tests[] = {
	{ "selftest_child_exit_status_seen", child_exit_status_seen, KTAP_TEST_TIMEOUT_MS },
	{ "selftest_child_killed_by_signal_seen", child_killed_by_signal_seen, KTAP_TEST_TIMEOUT_MS },
	{ "selftest_core_dump_written", core_dump_written, KTAP_TEST_TIMEOUT_MS },
	{ "selftest_blocked_signal_stays_pending", blocked_signal_stays_pending, KTAP_TEST_TIMEOUT_MS },
};

KTAP_MAIN(tests)
