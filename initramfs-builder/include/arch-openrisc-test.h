/* SPDX-License-Identifier: GPL-2.0 */
/*
 * openrisc: what the tests need of the arch beyond the syscall ABI (see
 * arch-test.h): a breakpoint, where a tracer finds the pc, and a thread
 * that only waits.
 */
#ifndef KMX_ARCH_OPENRISC_TEST_H
#define KMX_ARCH_OPENRISC_TEST_H

/* l.trap: do_trap() forces SIGTRAP (TRAP_BRKPT); the pc stays on it. */
#define ARCH_BREAKPOINT() __asm__ volatile("l.trap 0")

/*
 * No PEEKUSER/POKEUSER and no GETREGS: the pc is only in the NT_PRSTATUS
 * regset, struct user_regs_struct (r0-r31, pc, sr; genregs_get()).
 */
#define ARCH_PRSTATUS_NREGS	(sizeof(struct user_regs_struct) / sizeof(unsigned long))
#define ARCH_PRSTATUS_PC	(offsetof(struct user_regs_struct, pc) / sizeof(unsigned long))

/*
 * clone(flags, stack) for a thread that only waits; no C runs in it. There
 * is no pause: ppoll with no fds, no timeout and no mask waits the same.
 * l.bnf and l.j have a delay slot.
 */
static long arch_spawn_idle_thread(unsigned long flags, void *stack_top)
{
	register long r11 __asm__("r11") = __NR_clone;
	register long r3 __asm__("r3") = (long)flags;
	register long r4 __asm__("r4") = (long)stack_top;
	register long r5 __asm__("r5") = 0;
	register long r6 __asm__("r6") = 0;
	register long r7 __asm__("r7") = 0;

	__asm__ volatile("l.sys  1\n"
		"	l.nop\n"
		"	l.sfeqi r11, 0\n"
		"	l.bnf  1f\n"
		"	 l.nop\n"
		"2:	l.ori  r11, r0, %[ppoll]\n"
		"	l.ori  r3, r0, 0\n"
		"	l.ori  r4, r0, 0\n"
		"	l.ori  r5, r0, 0\n"
		"	l.ori  r6, r0, 0\n"
		"	l.ori  r7, r0, 0\n"
		"	l.sys  1\n"
		"	l.nop\n"
		"	l.j    2b\n"
		"	 l.nop\n"
		"1:\n"
		: "+r"(r11), "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7)
		: [ppoll] "i"(__NR_ppoll_time64)
		: "r8", "r12", "r13", "r15", "r17", "r19", "r21", "r23",
		  "r25", "r27", "r29", "r31", "memory", "cc");
	return r11;
}

#endif
