/* SPDX-License-Identifier: GPL-2.0 */
/*
 * m68k syscall ABI: number in d0, arguments in d1-d5 and a0, `trap #0`, the
 * result (or -errno) in d0. At _start, sp points at argc.
 */
#ifndef KMX_ARCH_M68K_H
#define KMX_ARCH_M68K_H

#define KMX_ARCH_NAME "m68k"

#define my_syscall6(num, a1, a2, a3, a4, a5, a6) ({			\
	register long _d0 __asm__("d0") = (long)(num);			\
	register long _d1 __asm__("d1") = (long)(a1);			\
	register long _d2 __asm__("d2") = (long)(a2);			\
	register long _d3 __asm__("d3") = (long)(a3);			\
	register long _d4 __asm__("d4") = (long)(a4);			\
	register long _d5 __asm__("d5") = (long)(a5);			\
	register long _a0 __asm__("a0") = (long)(a6);			\
	__asm__ volatile("trap #0"					\
		: "+r"(_d0)						\
		: "r"(_d1), "r"(_d2), "r"(_d3), "r"(_d4), "r"(_d5), "r"(_a0) \
		: "memory", "cc");					\
	_d0;								\
})

__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	move.l %sp, %a0\n"	/* argc, argv, envp */
	"	move.l %a0, -(%sp)\n"
	"	jsr    _start_c\n"
	"	illegal\n");

#endif
