/* SPDX-License-Identifier: GPL-2.0 */
/*
 * i386 syscall ABI: number in eax, arguments in ebx, ecx, edx, esi, edi,
 * ebp, `int $0x80`; every register but eax is preserved, the result (or
 * -errno) comes back in eax. ebp may be the frame pointer, which GCC will
 * not give to an asm operand: the sixth argument goes through the stack
 * into ebp around the call (as nolibc's i386 does).
 * At _start, esp points at argc.
 */
#ifndef KMX_ARCH_I386_H
#define KMX_ARCH_I386_H

#define KMX_ARCH_NAME "i386"

#define my_syscall6(num, a1, a2, a3, a4, a5, a6) ({			\
	long _eax = (long)(num);					\
	long _a6 = (long)(a6);						\
	__asm__ volatile("pushl %[arg6]\n"				\
		"	pushl %%ebp\n"					\
		"	movl  4(%%esp), %%ebp\n"			\
		"	int   $0x80\n"					\
		"	popl  %%ebp\n"					\
		"	addl  $4, %%esp\n"				\
		: "+a"(_eax)						\
		: "b"((long)(a1)), "c"((long)(a2)), "d"((long)(a3)),	\
		  "S"((long)(a4)), "D"((long)(a5)), [arg6] "m"(_a6)	\
		: "memory", "cc");					\
	_eax;								\
})

#define KMX_I386_STR_(x) #x
#define KMX_I386_STR(x) KMX_I386_STR_(x)

/*
 * The kernel would return from a handler through the vDSO's
 * __kernel_rt_sigreturn; a restorer of our own needs no vDSO.
 */
#define ARCH_SA_RESTORER	0x04000000
void kmx_restore_rt(void);
__asm__(".text\n"
	"kmx_restore_rt:\n"
	"	movl $" KMX_I386_STR(__NR_rt_sigreturn) ", %eax\n"
	"	int  $0x80\n");

/* The ABI wants esp 16-byte aligned at the call: 12 bytes of pad, then sp. */
__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	xor  %ebp, %ebp\n"	/* outermost frame */
	"	mov  %esp, %eax\n"	/* argc, argv, envp */
	"	and  $-16, %esp\n"
	"	sub  $12, %esp\n"
	"	push %eax\n"
	"	call _start_c\n"
	"	hlt\n");

#endif
