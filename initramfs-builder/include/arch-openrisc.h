/* SPDX-License-Identifier: GPL-2.0 */
/*
 * openrisc (or1k, 32-bit, big-endian) syscall ABI: number in r11,
 * arguments in r3-r8, `l.sys 1`, the result (or -errno) in r11. The kernel
 * may clobber r12, r13 and the odd registers r15-r31 (the clobbers glibc's
 * or1k port gives). At _start, r1 (sp) points at argc.
 * The syscall table is asm-generic's 32-bit one: no fcntl, pause or fork
 * (sys.h falls back to fcntl64, ppoll and clone).
 */
#ifndef KMX_ARCH_OPENRISC_H
#define KMX_ARCH_OPENRISC_H

#define KMX_ARCH_NAME "openrisc"

#define my_syscall6(num, a1, a2, a3, a4, a5, a6) ({			\
	register long _r11 __asm__("r11") = (long)(num);		\
	register long _r3 __asm__("r3") = (long)(a1);			\
	register long _r4 __asm__("r4") = (long)(a2);			\
	register long _r5 __asm__("r5") = (long)(a3);			\
	register long _r6 __asm__("r6") = (long)(a4);			\
	register long _r7 __asm__("r7") = (long)(a5);			\
	register long _r8 __asm__("r8") = (long)(a6);			\
	__asm__ volatile("l.sys 1\n\tl.nop"				\
		: "+r"(_r11), "+r"(_r3), "+r"(_r4), "+r"(_r5),		\
		  "+r"(_r6), "+r"(_r7), "+r"(_r8)			\
		:							\
		: "r12", "r13", "r15", "r17", "r19", "r21", "r23",	\
		  "r25", "r27", "r29", "r31", "memory", "cc");		\
	_r11;								\
})

/*
 * No SA_RESTORER: the kernel's struct sigaction is handler, flags, mask
 * (the signal frame carries its own l.sys trampoline).
 */
#define ARCH_SIGACTION_NO_RESTORER 1
/* mmap2 is sys_mmap_pgoff: its offset counts 8 KiB pages (PAGE_SHIFT 13). */
#define ARCH_MMAP2_SHIFT 13

__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	l.ori  r3, r1, 0\n"	/* argc, argv, envp */
	"	l.jal  _start_c\n"
	"	 l.nop\n"
	"	l.trap 0\n");

#endif
