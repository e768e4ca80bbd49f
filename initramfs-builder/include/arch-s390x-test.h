/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s390x: what the tests need of the arch beyond the syscall ABI (see
 * arch-test.h): a breakpoint, where a tracer finds the pc, and a thread
 * that only waits.
 */
#ifndef KMX_ARCH_S390X_TEST_H
#define KMX_ARCH_S390X_TEST_H

/* 0x0001 is the breakpoint the kernel turns into SIGTRAP (only when traced). */
#define ARCH_BREAKPOINT() __asm__ volatile(".hword 0x0001")

/* The PSW address in the ptrace user area (PT_PSWADDR). */
#define ARCH_USER_PC_OFFSET	8

/* clone(stack, flags) (s390 passes the stack first) for a thread that only waits. */
static long arch_spawn_idle_thread(unsigned long flags, void *stack_top)
{
	register long r1 __asm__("1") = __NR_clone;
	register long r2 __asm__("2") = (long)stack_top;
	register long r3 __asm__("3") = (long)flags;
	register long r4 __asm__("4") = 0;
	register long r5 __asm__("5") = 0;
	register long r6 __asm__("6") = 0;

	__asm__ volatile("svc 0\n"
		"	ltgr %%r2, %%r2\n"
		"	jnz  1f\n"
		"2:	lghi %%r1, %[pause]\n"
		"	svc  0\n"
		"	j    2b\n"
		"1:\n"
		: "+d"(r2), "+d"(r1)
		: "d"(r3), "d"(r4), "d"(r5), "d"(r6), [pause] "i"(__NR_pause)
		: "memory", "cc");
	return r2;
}

#endif
