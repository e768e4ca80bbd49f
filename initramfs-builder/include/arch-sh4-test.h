/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sh4: what the tests need of the arch beyond the syscall ABI (see
 * arch-test.h): a breakpoint, where a tracer finds the pc, and a thread
 * that only waits.
 */
#ifndef KMX_ARCH_SH4_TEST_H
#define KMX_ARCH_SH4_TEST_H

/*
 * trapa #0xc3 (0xc3c3, the breakpoint gdb and gdbserver insert on sh): a
 * trap number above 0x1f is a debug trap, whose low four bits pick the
 * handler; 3 is debug_trap_handler, which forces SIGTRAP (arch/sh/kernel/
 * traps.c). Not trapa #0x3c: that one only notifies the UBC and kgdb.
 */
#define ARCH_BREAKPOINT() __asm__ volatile("trapa #0xc3")

/* pc is struct pt_regs' word 16 (REG_PC, asm/ptrace_32.h), which PEEKUSR/POKEUSR address by byte. */
#define ARCH_USER_PC_OFFSET	(16 * 4)

/*
 * clone(flags, stack) for a thread that only waits in pause(); no C runs
 * in it. The child starts with the parent's registers, so the pause
 * number waits for it in r2.
 */
static long arch_spawn_idle_thread(unsigned long flags, void *stack_top)
{
	register long r3 __asm__("r3") = __NR_clone;
	register long r4 __asm__("r4") = (long)flags;
	register long r5 __asm__("r5") = (long)stack_top;
	register long r6 __asm__("r6") = 0;
	register long r7 __asm__("r7") = 0;
	register long r0 __asm__("r0") = 0;
	register long r1 __asm__("r1") = 0;
	register long r2 __asm__("r2") = __NR_pause;

	__asm__ volatile(KMX_SH4_SYSCALL
		"	tst   r0, r0\n"
		"	bf    1f\n"
		"2:	mov   r2, r3\n"
		"	" KMX_SH4_SYSCALL
		"	bra   2b\n"
		"	 nop\n"
		"1:\n"
		: "+r"(r0), "+r"(r3)
		: "r"(r4), "r"(r5), "r"(r6), "r"(r7), "r"(r1), "r"(r2)
		: "memory", "t");
	return r0;
}

#endif
