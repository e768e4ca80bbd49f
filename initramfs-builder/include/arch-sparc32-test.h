/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sparc32: what the tests need of the arch beyond the syscall ABI (see
 * arch-test.h): a breakpoint, where a tracer finds the pc, and a thread
 * that only waits.
 */
#ifndef KMX_ARCH_SPARC32_TEST_H
#define KMX_ARCH_SPARC32_TEST_H

/* Software trap 1 is the breakpoint trap: SIGTRAP. */
#define ARCH_BREAKPOINT() __asm__ volatile("ta 1")

/* sparc32 has no PEEKUSER: a tracer moves the pc with GETREGS/SETREGS. */
#define ARCH_PTRACE_GETREGS	12
#define ARCH_PTRACE_SETREGS	13
struct arch_ptrace_regs {
	unsigned long psr, pc, npc, y, u_regs[16];
};

/*
 * clone(flags, stack) for a thread that only waits in pause(); o1 is 1 in
 * the child. The stack gets the 96 bytes a window save needs.
 */
static long arch_spawn_idle_thread(unsigned long flags, void *stack_top)
{
	register long g1 __asm__("g1") = __NR_clone;
	register long o0 __asm__("o0") = (long)flags;
	register long o1 __asm__("o1") = (long)stack_top - 96;
	register long o2 __asm__("o2") = 0;
	register long o3 __asm__("o3") = 0;
	register long o4 __asm__("o4") = 0;

	__asm__ volatile("ta 0x10\n"
		"	bcc  3f\n"
		"	 nop\n"
		"	sub  %%g0, %%o0, %%o0\n"
		"	ba   1f\n"
		"	 nop\n"
		"3:	cmp  %%o1, 0\n"
		"	be   1f\n"
		"	 nop\n"
		"2:	mov  %[pause], %%g1\n"
		"	ta   0x10\n"
		"	ba   2b\n"
		"	 nop\n"
		"1:\n"
		: "+r"(g1), "+r"(o0), "+r"(o1), "+r"(o2), "+r"(o3), "+r"(o4)
		: [pause] "i"(__NR_pause)
		: "memory", "cc", "o5");
	return o0;
}

#endif
