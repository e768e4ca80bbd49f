/* SPDX-License-Identifier: GPL-2.0 */
/*
 * i386: what the tests need of the arch beyond the syscall ABI (see
 * arch-test.h): a breakpoint, where a tracer finds the pc and the
 * syscall number, and a thread that only waits.
 */
#ifndef KMX_ARCH_I386_TEST_H
#define KMX_ARCH_I386_TEST_H

/* A breakpoint: the trap that raises SIGTRAP. */
#define ARCH_BREAKPOINT() __asm__ volatile("int3")

/* Where PTRACE_POKEUSER finds the registers a tracer changes. */
#define ARCH_USER_PC_OFFSET	(12 * 4)	/* eip in struct user_regs_struct */
#define ARCH_USER_SYSCALL_NR_OFFSET (11 * 4)	/* orig_eax */

/*
 * clone(flags, stack) for a thread that only waits, in pause(), until the
 * thread group dies: it runs no C, so it needs nothing of the parent's
 * stack. i386's clone takes (flags, stack, parent_tid, tls, child_tid).
 */
static long arch_spawn_idle_thread(unsigned long flags, void *stack_top)
{
	long eax = __NR_clone;

	__asm__ volatile("int  $0x80\n"
		"	test %%eax, %%eax\n"
		"	jnz  1f\n"
		"2:	movl %[pause], %%eax\n"
		"	int  $0x80\n"
		"	jmp  2b\n"
		"1:\n"
		: "+a"(eax)
		: "b"(flags), "c"(stack_top), "d"(0), "S"(0), "D"(0), [pause] "i"(__NR_pause)
		: "memory", "cc");
	return eax;
}

#endif
