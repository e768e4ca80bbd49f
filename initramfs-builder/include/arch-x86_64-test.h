/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64: what the tests need of the arch beyond the syscall ABI (see
 * arch-test.h): a breakpoint, where a tracer finds the pc and the
 * syscall number, and a thread that only waits.
 */
#ifndef KMX_ARCH_X86_64_TEST_H
#define KMX_ARCH_X86_64_TEST_H

/* A breakpoint: the trap that raises SIGTRAP. */
#define ARCH_BREAKPOINT() __asm__ volatile("int3")

/* Where PTRACE_POKEUSER finds the registers a tracer changes. */
#define ARCH_USER_PC_OFFSET	(16 * 8)	/* rip in struct user_regs_struct */
#define ARCH_USER_SYSCALL_NR_OFFSET (15 * 8)	/* orig_rax */

/*
 * clone(flags, stack) for a thread that only waits, in pause(), until the
 * thread group dies: it runs no C, so it needs nothing of the parent's stack.
 */
static long arch_spawn_idle_thread(unsigned long flags, void *stack_top)
{
	register long rax __asm__("rax") = __NR_clone;
	register long rdi __asm__("rdi") = (long)flags;
	register long rsi __asm__("rsi") = (long)stack_top;
	register long rdx __asm__("rdx") = 0;
	register long r10 __asm__("r10") = 0;
	register long r8  __asm__("r8")  = 0;

	__asm__ volatile("syscall\n"
		"	test %%rax, %%rax\n"
		"	jnz  1f\n"
		"2:	mov  %[pause], %%eax\n"
		"	syscall\n"
		"	jmp  2b\n"
		"1:\n"
		: "+r"(rax)
		: "r"(rdi), "r"(rsi), "r"(rdx), "r"(r10), "r"(r8), [pause] "i"(__NR_pause)
		: "rcx", "r11", "memory", "cc");
	return rax;
}

#endif
