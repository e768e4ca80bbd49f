/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sparc32 syscall ABI: number in g1, arguments in o0-o5, `ta 0x10`; the
 * kernel sets the carry bit on error and then o0 holds the positive errno.
 * fork and clone return the parent's pid in the child too (o1 tells them
 * apart): the generic fork helper compares with its own tid.
 * At _start, sp points at the 64-byte window save area, argc at sp+64.
 */
#ifndef KMX_ARCH_SPARC32_H
#define KMX_ARCH_SPARC32_H

#define KMX_ARCH_NAME "sparc32"

#define my_syscall6(num, a1, a2, a3, a4, a5, a6) ({			\
	register long _g1 __asm__("g1") = (long)(num);			\
	register long _o0 __asm__("o0") = (long)(a1);			\
	register long _o1 __asm__("o1") = (long)(a2);			\
	register long _o2 __asm__("o2") = (long)(a3);			\
	register long _o3 __asm__("o3") = (long)(a4);			\
	register long _o4 __asm__("o4") = (long)(a5);			\
	register long _o5 __asm__("o5") = (long)(a6);			\
	__asm__ volatile("ta 0x10\n"					\
		"	bcc 1f\n"					\
		"	 nop\n"						\
		"	sub %%g0, %%o0, %%o0\n"				\
		"1:\n"							\
		: "+r"(_g1), "+r"(_o0), "+r"(_o1), "+r"(_o2), "+r"(_o3), \
		  "+r"(_o4), "+r"(_o5)					\
		:							\
		: "memory", "cc");					\
	_o0;								\
})

#define ARCH_FORK_RETURNS_PARENT_PID 1
/* rt_sigaction takes the restorer as an extra argument before sigsetsize. */
#define ARCH_RT_SIGACTION_HAS_RESTORER_ARG 1

__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	mov  0, %fp\n"
	"	add  %sp, 64, %o0\n"	/* argc, argv, envp */
	"	sub  %sp, 96, %sp\n"	/* our frame: save area, args */
	"	andn %sp, 7, %sp\n"
	"	call _start_c\n"
	"	 nop\n"
	"	unimp 0\n");

#endif
