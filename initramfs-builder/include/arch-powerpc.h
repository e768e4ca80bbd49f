/* SPDX-License-Identifier: GPL-2.0 */
/*
 * powerpc syscall ABI (64-bit and 32-bit): number in r0, arguments in r3-r8,
 * `sc`; the kernel sets cr0.SO on error and then r3 holds the positive errno.
 * r0, r4-r12, cr0, ctr and xer are clobbered.
 * 64-bit big-endian uses ELFv1: _start is a function descriptor in .opd and
 * the kernel loads r2 (the TOC) from it. At _start, r1 points at argc.
 */
#ifndef KMX_ARCH_POWERPC_H
#define KMX_ARCH_POWERPC_H

#ifdef __powerpc64__
#define KMX_ARCH_NAME "powerpc64"
#else
#define KMX_ARCH_NAME "powerpc"
#endif

#define my_syscall6(num, a1, a2, a3, a4, a5, a6) ({			\
	register long _r0 __asm__("r0") = (long)(num);			\
	register long _r3 __asm__("r3") = (long)(a1);			\
	register long _r4 __asm__("r4") = (long)(a2);			\
	register long _r5 __asm__("r5") = (long)(a3);			\
	register long _r6 __asm__("r6") = (long)(a4);			\
	register long _r7 __asm__("r7") = (long)(a5);			\
	register long _r8 __asm__("r8") = (long)(a6);			\
	__asm__ volatile("sc\n"						\
		"	bns+ 1f\n"					\
		"	neg  %1, %1\n"					\
		"1:\n"							\
		: "+r"(_r0), "+r"(_r3), "+r"(_r4), "+r"(_r5), "+r"(_r6), \
		  "+r"(_r7), "+r"(_r8)					\
		:							\
		: "memory", "cr0", "ctr", "xer", "r9", "r10", "r11", "r12"); \
	_r3;								\
})

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

#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF != 2)
__asm__(".section \".opd\",\"aw\"\n"
	".align 3\n"
	".global _start\n"
	"_start:\n"
	"	.quad .L._start, .TOC.@tocbase, 0\n"
	".text\n"
	".L._start:\n"
	"	mr     3, 1\n"		/* argc, argv, envp */
	"	clrrdi 1, 1, 4\n"
	"	li     0, 0\n"
	"	stdu   0, -112(1)\n"	/* a minimal frame, back chain 0 */
	"	bl     _start_c\n"
	"	nop\n"
	"	trap\n");
#elif defined(__powerpc64__)
__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	addis  2, 12, .TOC.-_start@ha\n"
	"	addi   2, 2, .TOC.-_start@l\n"
	"	mr     3, 1\n"
	"	clrrdi 1, 1, 4\n"
	"	li     0, 0\n"
	"	stdu   0, -32(1)\n"
	"	bl     _start_c\n"
	"	nop\n"
	"	trap\n");
#else
__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	mr     3, 1\n"
	"	clrrwi 1, 1, 4\n"
	"	li     0, 0\n"
	"	stwu   0, -16(1)\n"
	"	bl     _start_c\n"
	"	trap\n");
#endif

#endif
