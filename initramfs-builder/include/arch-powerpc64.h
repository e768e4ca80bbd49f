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
