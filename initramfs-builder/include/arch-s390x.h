/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s390x syscall ABI: number in r1, arguments in r2-r7, `svc 0`, the result
 * (or -errno) in r2. mmap takes one pointer to its six arguments.
 * At _start, r15 points at argc; a C call needs a 160-byte save area.
 */
#ifndef KMX_ARCH_S390X_H
#define KMX_ARCH_S390X_H

#define KMX_ARCH_NAME "s390x"

#define my_syscall6(num, a1, a2, a3, a4, a5, a6) ({			\
	register long _r1 __asm__("1") = (long)(num);			\
	register long _r2 __asm__("2") = (long)(a1);			\
	register long _r3 __asm__("3") = (long)(a2);			\
	register long _r4 __asm__("4") = (long)(a3);			\
	register long _r5 __asm__("5") = (long)(a4);			\
	register long _r6 __asm__("6") = (long)(a5);			\
	register long _r7 __asm__("7") = (long)(a6);			\
	__asm__ volatile("svc 0"					\
		: "+d"(_r2)						\
		: "d"(_r1), "d"(_r3), "d"(_r4), "d"(_r5), "d"(_r6), "d"(_r7) \
		: "memory", "cc");					\
	_r2;								\
})

/* mmap's arguments go in memory (the old_mmap convention). */
#define ARCH_MMAP_ARGS_IN_MEMORY 1

__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	lgr   %r2, %r15\n"		/* argc, argv, envp */
	"	aghi  %r15, -160\n"
	"	xc    0(8,%r15), 0(%r15)\n"	/* back chain 0 */
	"	brasl %r14, _start_c\n"
	"	.hword 0\n");

#endif
