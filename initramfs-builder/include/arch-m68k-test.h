/* SPDX-License-Identifier: GPL-2.0 */
/*
 * m68k: what the tests need of the arch beyond the syscall ABI (see
 * arch-test.h): a breakpoint, where a tracer finds the pc, and a thread
 * that only waits.
 */
#ifndef KMX_ARCH_M68K_TEST_H
#define KMX_ARCH_M68K_TEST_H

/* trap #15 is the breakpoint trap: SIGTRAP. */
#define ARCH_BREAKPOINT() __asm__ volatile("trap #15")

/* PT_PC (register 18) in the ptrace user area. */
#define ARCH_USER_PC_OFFSET	(18 * 4)

/* clone(flags, stack) for a thread that only waits in pause(); no C runs in it. */
static long arch_spawn_idle_thread(unsigned long flags, void *stack_top)
{
	register long d0 __asm__("d0") = __NR_clone;
	register long d1 __asm__("d1") = (long)flags;
	register long d2 __asm__("d2") = (long)stack_top;
	register long d3 __asm__("d3") = 0;
	register long d4 __asm__("d4") = 0;
	register long d5 __asm__("d5") = 0;

	__asm__ volatile("trap #0\n"
		"	tst.l %%d0\n"
		"	jne   1f\n"
		"2:	move.l %[pause], %%d0\n"
		"	trap  #0\n"
		"	jra   2b\n"
		"1:\n"
		: "+r"(d0)
		: "r"(d1), "r"(d2), "r"(d3), "r"(d4), "r"(d5), [pause] "i"(__NR_pause)
		: "memory", "cc");
	return d0;
}

#endif
