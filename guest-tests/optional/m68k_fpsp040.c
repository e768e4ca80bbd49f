// SPDX-License-Identifier: GPL-2.0
/*
 * m68k's fpsp040_die: the 68040 floating-point software package emulates
 * what the chip leaves out (packed decimal among it) and ends the task
 * with SIGSEGV when it cannot copy its operand to user memory. A packed
 * decimal store to an unmapped page is the way in on a real 68040; QEMU's
 * 68040 may execute the instruction itself instead.
 */
#include "unreached_path.h"

static void packed_store_to_unmapped_page(void)
{
	void *p = harness_map(4096, PROT_NONE);

	__asm__ volatile("move.l %0, %%a0\n"
			 "	fmove.p %%fp0, (%%a0){#0}\n" :: "g"(p) : "a0", "memory");
}

static int fpsp040_die(void)
{
	return check_if_reached(SIGSEGV, packed_store_to_unmapped_page, "fmove.p to an unmapped page",
				"fpsp040_die is reached only when the FPSP's copyout faults, "
				"and QEMU does not trap to the FPSP for this");
}

static const struct ktap_test tests[] = {
	{ "m68k_fpsp040_die", fpsp040_die, 15000 },
};

int main(int argc, char **argv, char **envp)
{
	(void)argc, (void)argv, (void)envp;
	return ktap_run(tests, KTAP_ARRAY_SIZE(tests));
}
