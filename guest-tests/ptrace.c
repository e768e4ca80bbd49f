// SPDX-License-Identifier: GPL-2.0
/*
 * The debugger cases that SA_IMMUTABLE broke in 5.15.3 (v5.16-rc1): a real
 * trap or fault whose signal the tracee ignores or blocks must still give
 * the tracer a signal-delivery-stop it can suppress. rr and gdb depend on
 * it; rr's own tests of this are blocked_sigsegv and stack_overflow_altstack.
 * Expected: pass at base and fixed, fail at rc1.
 */
#include "harness.h"

#define KTAP_PREFIX "ptrace_"

static void *inaccessible_page(void)
{
	return harness_map(4096, PROT_NONE);
}

static void breakpoint_with_sigtrap_ignored(void)
{
	k_signal(SIGTRAP, SIG_IGN, 0);
	ARCH_BREAKPOINT();
}

static void breakpoint_with_sigtrap_blocked(void)
{
	k_block_signal(SIGTRAP);
	ARCH_BREAKPOINT();
}

static void bad_write_with_sigsegv_blocked(void)
{
	volatile int *p = inaccessible_page();

	k_block_signal(SIGSEGV);
	if (p)
		*p = 1;
}

/*
 * A SIGSEGV handler on an inaccessible alternate stack: delivering the
 * first SIGSEGV fails to build the frame, and the kernel forces a second
 * SIGSEGV (force_sigsegv). A tracer must see both.
 */
static void bad_write_with_handler_on_bad_altstack(void)
{
	struct kmx_stack ss = { .ss_sp = harness_map(65536, PROT_NONE), .ss_flags = 0, .ss_size = 65536 };
	volatile int *p = inaccessible_page();

	if (!ss.ss_sp || !p || sys_sigaltstack(&ss, NULL))
		sys_exit_group(3);
	k_signal(SIGSEGV, harness_handler, SA_ONSTACK);
	*p = 1;
}

KTAP_TEST(sigtrap_ignored)
{
	return debugger_check(SIGTRAP, breakpoint_with_sigtrap_ignored, 1, STOP_SUPPRESS_AND_RESUME);
}

KTAP_TEST(sigtrap_blocked)
{
	return debugger_check(SIGTRAP, breakpoint_with_sigtrap_blocked, 1, STOP_SUPPRESS_AND_RESUME);
}

KTAP_TEST(sigsegv_blocked)
{
	return debugger_check(SIGSEGV, bad_write_with_sigsegv_blocked, 1, STOP_SUPPRESS_AND_RESUME);
}

KTAP_TEST(double_sigsegv)
{
	return debugger_check(SIGSEGV, bad_write_with_handler_on_bad_altstack, 2, STOP_DELIVER);
}

/*
 * The second SIGSEGV of ptrace_double_sigsegv is the kernel's own:
 * force_sigsegv(), which is force_fatal_sig() since the series and
 * force_sig() before it. Either way the tracer must read it as sent by the
 * kernel (SI_KERNEL), with no errno and no sender.
 */
KTAP_TEST(double_sigsegv_siginfo)
{
	siginfo_t si;
	int ret = debugger_check_info(SIGSEGV, bad_write_with_handler_on_bad_altstack, 2,
				      STOP_DELIVER, &si);

	if (ret != KMX_PASS)
		return ret;
	KTAP_ASSERT_EQ(SIGSEGV, si.si_signo, "si_signo of the forced SIGSEGV");
	KTAP_ASSERT_EQ(SI_KERNEL, si.si_code, "si_code of the forced SIGSEGV");
	KTAP_ASSERT_EQ(0, si.si_errno, "si_errno of the forced SIGSEGV");
	KTAP_ASSERT_EQ(0, si.si_pid, "si_pid of the forced SIGSEGV");
	KTAP_ASSERT_EQ(0, si.si_uid, "si_uid of the forced SIGSEGV");
	return KMX_PASS;
}

KTAP_MAIN
