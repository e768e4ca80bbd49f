// SPDX-License-Identifier: GPL-2.0
/*
 * m68k's fpsp040_die: the 68040 floating-point software package emulates
 * what the chip leaves out (packed decimal among it) and ends the task
 * with SIGSEGV when it cannot copy its operand to user memory. A packed
 * decimal store to an unmapped page is the way in on a real 68040.
 * Tried under QEMU 7.2 with the 6.1 kernel: QEMU does trap to the FPSP for
 * fmove.p, but the FPSP then oopses (a jump to 0x4a) when the page is
 * mapped, and the whole guest hangs when it is not, before any signal.
 * So by default the test SKIPs with that finding; kmatrix_risky=1 on the
 * kernel command line makes it try again (the cell may then time out).
 */
#include "unreached_path.h"

#define KTAP_PREFIX "m68k_"

static void packed_store_to_unmapped_page(void)
{
	void *p = harness_map(4096, PROT_NONE);

	__asm__ volatile("move.l %0, %%a0\n"
			 "	fmove.p %%fp0, (%%a0){#0}\n" :: "g"(p) : "a0", "memory");
}

/* The attempt can crash the guest kernel, so it runs only when asked for. */
static int risky_attempts_allowed(void)
{
	char buf[1024];

	return k_read_file("/proc/cmdline", buf, sizeof(buf)) >= 0 &&
	       k_strstr(buf, "kmatrix_risky=1") != NULL;
}

KTAP_TEST(fpsp040_die)
{
	if (!risky_attempts_allowed())
		return KTAP_SKIP("not reachable under QEMU: its 68040 hands fmove.p to the "
				 "kernel's FPSP, which then oopses (PC 0x4a) on a mapped page and hangs "
				 "the guest on an unmapped one (QEMU 7.2, 6.1.192); "
				 "make ... GUEST_APPEND=kmatrix_risky=1 tries again");
	return check_if_reached(SIGSEGV, packed_store_to_unmapped_page, "fmove.p to an unmapped page",
				"fpsp040_die is reached only when the FPSP's copyout faults, "
				"and QEMU does not trap to the FPSP for this");
}

KTAP_MAIN
