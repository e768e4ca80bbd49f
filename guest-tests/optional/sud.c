// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall user dispatch (GENERIC_ENTRY arches: x86_64, s390x, i386). With
 * dispatch on, every syscall first reads the selector byte: if the read
 * faults, or the byte is neither ALLOW nor BLOCK, the kernel ends the
 * process (SIGSEGV, SIGSYS). At base that was do_exit(): only the thread.
 * Both are force_exit_sig(), so the signal's action must also stay immutable.
 * The syscall that met the bad selector must not run either: the kernel
 * skips it (syscall_user_dispatch() returns true), so the write(2) it is
 * leaves the probe pipe empty.
 */
#include "harness.h"

#define KTAP_PREFIX "sud_"

static volatile char *selector;
static int probe[2];

static void dispatch_on_then_syscall(void)
{
	if (sys_prctl(PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON, 0, 0,
		      (unsigned long)selector))
		sys_exit_group(5);
	sys_write(probe[1], "x", 1);
}

static int bad_selector_check(int sig, unsigned flags)
{
	char byte;
	int ret;
	long n;

	KTAP_FAIL_IF(sys_pipe2(probe, O_NONBLOCK), "pipe2 failed");
	ret = forced_exit_check_flags(sig, dispatch_on_then_syscall, flags | FORCED_EXIT_BY_KERNEL);
	n = sys_read(probe[0], &byte, 1);
	sys_close(probe[0]);
	sys_close(probe[1]);
	if (ret == KMX_PASS)
		KTAP_ASSERT_EQ(-EAGAIN, n,
			       "read of the probe pipe (-EAGAIN: the write(2) that met the bad selector was skipped)");
	return ret;
}

static int bad_selector_ptr_flags(unsigned flags)
{
	selector = harness_map(4096, PROT_NONE);
	KTAP_FAIL_IF(!selector, "mmap failed");
	return bad_selector_check(SIGSEGV, flags);
}

static int bad_selector_value_flags(unsigned flags)
{
	selector = harness_map(4096, PROT_READ | PROT_WRITE);
	KTAP_FAIL_IF(!selector, "mmap failed");
	*selector = 2;	/* neither SYSCALL_DISPATCH_FILTER_ALLOW nor _BLOCK */
	return bad_selector_check(SIGSYS, flags);
}

FORCED_EXIT_TESTS(bad_selector_ptr)

FORCED_EXIT_TESTS(bad_selector_value)

KTAP_MAIN
