/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sh4 syscall ABI (arch/sh/kernel/entry-common.S): number in r3, arguments
 * in r4-r7, r0 and r1, `trapa #0x1f` (any trap number up to 0x1f is a
 * syscall; 0x1f is the one the kernel calls preferred). The result (or
 * -errno) comes back in r0; the kernel restores every other register, and
 * to restart a call it puts the fifth argument back in r0 and the pc on
 * the trapa. The five `or r0,r0` after the trap are the padding glibc,
 * musl and the kernel's own sigreturn trampoline put there (an erratum of
 * some SH parts); on SH-4 they are no-ops.
 * At _start, r15 points at argc.
 */
#ifndef KMX_ARCH_SH4_H
#define KMX_ARCH_SH4_H

#define KMX_ARCH_NAME "sh4"

#define KMX_SH4_SYSCALL							\
	"trapa #0x1f\n"							\
	"	or r0, r0\n"						\
	"	or r0, r0\n"						\
	"	or r0, r0\n"						\
	"	or r0, r0\n"						\
	"	or r0, r0\n"

#define my_syscall6(num, a1, a2, a3, a4, a5, a6) ({			\
	register long _r3 __asm__("r3") = (long)(num);			\
	register long _r4 __asm__("r4") = (long)(a1);			\
	register long _r5 __asm__("r5") = (long)(a2);			\
	register long _r6 __asm__("r6") = (long)(a3);			\
	register long _r7 __asm__("r7") = (long)(a4);			\
	register long _r0 __asm__("r0") = (long)(a5);			\
	register long _r1 __asm__("r1") = (long)(a6);			\
	__asm__ volatile(KMX_SH4_SYSCALL				\
		: "+r"(_r0)						\
		: "r"(_r3), "r"(_r4), "r"(_r5), "r"(_r6), "r"(_r7), "r"(_r1) \
		: "memory");						\
	_r0;								\
})

/*
 * No restorer of our own: without SA_RESTORER the kernel returns from a
 * handler through the vDSO's __kernel_rt_sigreturn (VSYSCALL, on by
 * default with the MMU), or else through a trampoline in the frame.
 */

/* The ABI wants r15 4-byte aligned; 8 keeps doubles aligned too. */
__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	mov    r15, r4\n"	/* argc, argv, envp */
	"	mov    #-8, r0\n"
	"	and    r0, r15\n"
	"	mov    #0, r14\n"	/* outermost frame */
	"	mov.l  1f, r0\n"
	"	jsr    @r0\n"
	"	 nop\n"
	"	trapa  #0xc3\n"		/* not reached: _start_c exits */
	"	.balign 4\n"
	"1:	.long  _start_c\n");

#endif
