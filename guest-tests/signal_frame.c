// SPDX-License-Identifier: GPL-2.0
/*
 * force_sigsegv() for a signal other than SIGSEGV: when the kernel cannot
 * write the frame of a handler (here SIGUSR1's, on an inaccessible
 * alternate stack), signal_setup_done() calls force_sigsegv(SIGUSR1).
 * Only a failed SIGSEGV frame is a forced exit (force_fatal_sig, patch
 * 13); for any other signal the SIGSEGV is an ordinary one (force_sig),
 * which a handler on the normal stack still catches. make coverage found
 * that branch run by no test (kernel/signal.c, `force_sig(SIGSEGV)` in
 * force_sigsegv). Expected: the SIGSEGV handler runs, at every point.
 */
#include "harness.h"

#define KTAP_PREFIX "signal_frame_"

/* SIGUSR1's handler on an inaccessible altstack, SIGSEGV's on the normal stack. */
static void usr1_frame_fails(void)
{
	struct kmx_stack ss = { .ss_sp = harness_map(65536, PROT_NONE), .ss_flags = 0, .ss_size = 65536 };

	if (!ss.ss_sp || sys_sigaltstack(&ss, NULL))
		sys_exit_group(3);
	k_signal(SIGUSR1, harness_handler, SA_ONSTACK);
	k_signal(SIGSEGV, harness_handler, 0);
	sys_kill(sys_getpid(), SIGUSR1);
	sys_exit_group(STATUS_TRIGGER_RETURNED);
}

KTAP_TEST(other_sig_sigsegv_catchable)
{
	int status = 0;
	kmx_pid_t pid;

	KTAP_FAIL_IF(harness_init(), "mmap of the shared page failed");
	harness->handler_ran = 0;
	pid = sys_fork();
	if (pid == 0)
		usr1_frame_fails();
	KTAP_FAIL_IF(pid < 0, "fork: %d", pid);
	sys_wait4(pid, &status, 0);
	KTAP_FAIL_IF(WIFEXITED(status) && WEXITSTATUS(status) == 3, "no alternate stack could be set up");
	KTAP_FAIL_IF(WIFSIGNALED(status), "killed by signal %d: the SIGSEGV for SIGUSR1's failed frame was forced "
		     "fatal, not ordinary", WTERMSIG(status));
	KTAP_ASSERT_EQ(STATUS_HANDLER_RAN, WIFEXITED(status) ? WEXITSTATUS(status) : -1,
		       "exit status (99: a handler ran; 77: the kill returned with no signal delivered)");
	KTAP_ASSERT_EQ(SIGSEGV, harness->handler_ran, "the signal whose handler ran");
	return KMX_PASS;
}

KTAP_MAIN
