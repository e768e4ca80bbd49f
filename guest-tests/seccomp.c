// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp's two sides of SA_IMMUTABLE. A SECCOMP_RET_KILL_PROCESS kill must
 * not be suppressible by a tracer (the hole SA_IMMUTABLE closed: fails at
 * base). A SECCOMP_RET_TRAP SIGSYS that the tracee ignores must still stop
 * the tracer (what SA_IMMUTABLE broke: fails at rc1). The kill is
 * HANDLER_EXIT (force_sig_seccomp(..., true)), so SIGSYS's action must stay
 * immutable for a process that shares the handlers (no SA_IMMUTABLE at base).
 * And a kill must end the init of a PID namespace, which the kernel makes
 * unkillable, traced or not.
 */
#include "harness.h"

#define KTAP_PREFIX "seccomp_"

/* The filter: the chosen syscall gets `action`, all others are allowed. */
static int install_filter(long nr, unsigned int action)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),	/* seccomp_data.nr */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, action),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = KTAP_ARRAY_SIZE(insns), .filter = insns };

	return k_seccomp_filter(&prog);
}

/* Whether this kernel has seccomp filters at all, tried in a child. */
static int seccomp_filter_missing(void)
{
	int status = 0;
	kmx_pid_t pid = sys_fork();

	if (pid == 0)
		sys_exit_group(install_filter(__NR_getppid, SECCOMP_RET_ALLOW) ? 1 : 0);
	sys_wait4(pid, &status, 0);
	return !WIFEXITED(status) || WEXITSTATUS(status) != 0;
}

#define SKIP_WITHOUT_SECCOMP() do {					\
	if (seccomp_filter_missing())					\
		return KTAP_SKIP("this kernel has no seccomp filter: "	\
				 "PR_SET_SECCOMP fails (the arch has no " \
				 "HAVE_ARCH_SECCOMP_FILTER in this kernel)");			\
} while (0)

static void killed_syscall(void)
{
	if (install_filter(__NR_getppid, SECCOMP_RET_KILL_PROCESS))
		sys_exit_group(4);
	my_syscall0(__NR_getppid);
}

KTAP_TEST(kill_not_interceptable)
{
	SKIP_WITHOUT_SECCOMP();
	return forced_exit_check(SIGSYS, killed_syscall);
}

KTAP_TEST(kill_action_immutable)
{
	SKIP_WITHOUT_SECCOMP();
	return forced_exit_check_flags(SIGSYS, killed_syscall, FORCED_EXIT_IMMUTABLE);
}

/*
 * The init of a PID namespace of its own is SIGNAL_UNKILLABLE: get_signal()
 * drops a default-action SIGSYS for it unless force_sig_info_to_task()
 * cleared the flag. Under a tracer it must clear it too (`|| sigdfl` at
 * base and rc1, `|| handler == HANDLER_EXIT` at fixed: Kees Cook's fix,
 * which 6.1 carries): the kill skips the tracer (SA_IMMUTABLE), so with
 * v5.16-rc2's `!t->ptrace` alone nothing ends the init, and it runs on.
 */
KTAP_TEST(kill_pidns_init_traced)
{
	SKIP_WITHOUT_SECCOMP();
	return forced_exit_check_flags(SIGSYS, killed_syscall, FORCED_EXIT_PIDNS_INIT);
}

/* The same untraced: `!t->ptrace` clears the flag at every point, base too. */
KTAP_TEST(kill_pidns_init_untraced)
{
	SKIP_WITHOUT_SECCOMP();
	return forced_exit_check_flags(SIGSYS, killed_syscall, FORCED_EXIT_PIDNS_INIT | FORCED_EXIT_UNTRACED);
}

static void trapped_syscall_with_sigsys_ignored(void)
{
	k_signal(SIGSYS, SIG_IGN, 0);
	if (install_filter(__NR_getppid, SECCOMP_RET_TRAP))
		sys_exit_group(4);
	my_syscall0(__NR_getppid);
	/* Here only if the tracer suppressed SIGSYS: carry on, as it meant. */
	sys_exit_group(STATUS_RESUMED);
}

KTAP_TEST(trap_ignored_visible)
{
	SKIP_WITHOUT_SECCOMP();
	return debugger_check(SIGSYS, trapped_syscall_with_sigsys_ignored, 1, STOP_SUPPRESS);
}

KTAP_MAIN
