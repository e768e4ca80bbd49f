// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 vsyscall emulation under seccomp: gettimeofday through the legacy
 * vsyscall page, a RET_TRACE filter, and a tracer that changes the syscall
 * number at the seccomp stop. The emulation cannot honour that and ends
 * the process with SIGSYS (vsyscall_64.c); at base it was do_exit(). It is
 * force_exit_sig(), so SIGSYS's action must also stay immutable.
 */
#include "harness.h"

#define KTAP_PREFIX "x86_vsyscall_"

#define VSYSCALL_GETTIMEOFDAY 0xffffffffff600000UL

static void change_nr_at_seccomp_stop(kmx_pid_t pid, int event)
{
	if (event == PTRACE_EVENT_SECCOMP)
		sys_ptrace(PTRACE_POKEUSR, pid, (void *)ARCH_USER_SYSCALL_NR_OFFSET,
			   (void *)(long)__NR_getpid);
}

static void traced_vsyscall(void)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_gettimeofday, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = KTAP_ARRAY_SIZE(insns), .filter = insns };
	long tv[2];

	if (k_seccomp_filter(&prog))
		sys_exit_group(4);
	((long (*)(long *, void *))VSYSCALL_GETTIMEOFDAY)(tv, NULL);
}

static int seccomp_changed_nr_flags(unsigned flags)
{
	harness_ptrace_options = PTRACE_O_TRACESECCOMP;
	harness_on_event = change_nr_at_seccomp_stop;
	return forced_exit_check_flags(SIGSYS, traced_vsyscall, flags | FORCED_EXIT_BY_KERNEL);
}

FORCED_EXIT_TESTS(seccomp_changed_nr)

KTAP_MAIN
