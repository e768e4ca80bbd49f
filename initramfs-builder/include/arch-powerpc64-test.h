/* SPDX-License-Identifier: GPL-2.0 */
/*
 * powerpc (64-bit and 32-bit): what the tests need of the arch beyond the
 * syscall ABI (see arch-test.h): a breakpoint, where a tracer finds the pc
 * and a function's code, and a thread that only waits.
 */
#ifndef KMX_ARCH_POWERPC_TEST_H
#define KMX_ARCH_POWERPC_TEST_H

/* An unconditional trap (tw 31,0,0): SIGTRAP. */
#define ARCH_BREAKPOINT() __asm__ volatile("trap")

/* PT_NIP in the ptrace user area. */
#define ARCH_USER_PC_OFFSET	(32 * sizeof(long))

#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF != 2)
/* ELFv1: a function pointer is a descriptor; its first word is the code. */
#define ARCH_FN_ENTRY(fn)	(*(unsigned long *)(void *)(fn))
#endif

/* clone(flags, stack) for a thread that only waits in pause(); no C runs in it. */
static long arch_spawn_idle_thread(unsigned long flags, void *stack_top)
{
	register long r0 __asm__("r0") = __NR_clone;
	register long r3 __asm__("r3") = (long)flags;
	register long r4 __asm__("r4") = (long)stack_top;
	register long r5 __asm__("r5") = 0;
	register long r6 __asm__("r6") = 0;
	register long r7 __asm__("r7") = 0;

	__asm__ volatile("sc\n"
		"	bns+ 3f\n"
		"	neg  %1, %1\n"
		"	b    1f\n"
		"3:	cmpwi %1, 0\n"
		"	bne  1f\n"
		"2:	li   0, %[pause]\n"
		"	sc\n"
		"	b    2b\n"
		"1:\n"
		: "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7)
		: [pause] "i"(__NR_pause)
		: "memory", "cr0", "ctr", "xer", "r8", "r9", "r10", "r11", "r12");
	return r3;
}

#endif
