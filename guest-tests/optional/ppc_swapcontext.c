// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc swapcontext: once it has begun to load a new context it cannot
 * return an error to the caller, so a fault there ends the process with
 * SIGSEGV (signal_64.c, signal_32.c). At base that was do_exit(SIGSEGV).
 * It is force_exit_sig(), so SIGSEGV's action must also stay immutable.
 * Built twice: 64-bit, and -m32 for a 32-bit task on the 64-bit kernel.
 */
#include <stddef.h>
#include <asm/ucontext.h>
#include "harness.h"

static struct ucontext uc;
static void *bad;

#ifdef __powerpc64__
#define TEST_NAME "ppc_swapcontext_bad_ctx_64"
/* v_regs (CONFIG_ALTIVEC) at an unmapped address: the VRSAVE read faults. */
static void corrupt(void)
{
	uc.uc_mcontext.v_regs = bad;
}
#else
#define TEST_NAME "ppc_swapcontext_bad_ctx_32"
/*
 * uc_regs 136 bytes before an inaccessible page: the syscall first reads
 * mc_gregs[PT_MSR] (bytes 132-135; a fault there is a plain -EFAULT, no
 * forced exit, which is what 64 bytes before the page gives), then
 * restore_user_regs() faults on the general registers after the MSR.
 */
static void corrupt(void)
{
	uc.uc_regs = (void *)((char *)bad - 136);
}
#endif

static void swap_to_bad_context(void)
{
	if (my_syscall3(__NR_swapcontext, &uc, NULL, sizeof(uc)))
		sys_exit_group(7);
	corrupt();
	long r = my_syscall3(__NR_swapcontext, NULL, &uc, sizeof(uc));

	/* Here only if the kernel did not end the process: say what it did. */
	k_printf("# swapcontext to the bad context returned %ld (context size %lu)\n", r, (unsigned long)sizeof(uc));
}

static int bad_ctx_flags(unsigned flags)
{
	/* A readable page, then an inaccessible one. */
	char *two = harness_map(8192, PROT_READ | PROT_WRITE);

	KTAP_FAIL_IF(!two || sys_mprotect(two + 4096, 4096, PROT_NONE), "mmap/mprotect failed");
	bad = two + 4096;
	return forced_exit_check_flags(SIGSEGV, swap_to_bad_context, flags | FORCED_EXIT_BY_KERNEL);
}

FORCED_EXIT_TESTS_NAMED(bad_ctx, TEST_NAME)

KTAP_MAIN
