/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 syscall ABI: number in rax, arguments in rdi, rsi, rdx, r10, r8, r9,
 * `syscall` clobbers rcx and r11, the result (or -errno) comes back in rax.
 * At _start, rsp points at argc and is 16-byte aligned.
 */
#ifndef KMX_ARCH_X86_64_H
#define KMX_ARCH_X86_64_H

#define KMX_ARCH_NAME "x86_64"

#define my_syscall6(num, a1, a2, a3, a4, a5, a6) ({			\
	register long _rax __asm__("rax") = (long)(num);		\
	register long _rdi __asm__("rdi") = (long)(a1);			\
	register long _rsi __asm__("rsi") = (long)(a2);			\
	register long _rdx __asm__("rdx") = (long)(a3);			\
	register long _r10 __asm__("r10") = (long)(a4);			\
	register long _r8  __asm__("r8")  = (long)(a5);			\
	register long _r9  __asm__("r9")  = (long)(a6);			\
	__asm__ volatile("syscall"					\
		: "+r"(_rax)						\
		: "r"(_rdi), "r"(_rsi), "r"(_rdx), "r"(_r10), "r"(_r8), "r"(_r9) \
		: "rcx", "r11", "memory", "cc");			\
	_rax;								\
})

/* x86_64 has no kernel-provided signal trampoline: SA_RESTORER is a must. */
#define ARCH_SA_RESTORER	0x04000000
void kmx_restore_rt(void);
__asm__(".text\n"
	"kmx_restore_rt:\n"
	"	mov  $15, %eax\n"	/* rt_sigreturn */
	"	syscall\n");

__asm__(".text\n"
	".global _start\n"
	"_start:\n"
	"	xor  %ebp, %ebp\n"	/* outermost frame */
	"	mov  %rsp, %rdi\n"	/* argc, argv, envp */
	"	and  $-16, %rsp\n"
	"	call _start_c\n"
	"	hlt\n");

#endif
