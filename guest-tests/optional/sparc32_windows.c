// SPDX-License-Identifier: GPL-2.0
/*
 * sparc32's register windows: when the kernel cannot write a user window
 * back to the user stack (a misaligned or kernel-space %sp), or cannot
 * place a signal frame, it ends the process with SIGILL (windows.c,
 * signal_32.c). At base those were do_exit(SIGILL): only the thread. All
 * three are force_exit_sig() at fixed, so SIGILL's action must also stay
 * immutable. The signal frame's force_exit_sig() must also end the init of
 * a PID namespace, which the kernel makes unkillable, under a tracer.
 */
#include "harness.h"

#define KTAP_PREFIX "sparc32_"

#define SPARC32_PAGE_OFFSET 0xf0000000UL

/*
 * Misalign %sp, open one more window, and flush: the older window must go
 * to the misaligned stack, cannot, and waits in the kernel's window buffer,
 * which try_to_clear_window_buffer() then fails to empty.
 */
static void flush_window_to_misaligned_sp(void)
{
	__asm__ volatile("add   %%sp, 1, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	ta    3\n"		/* flush windows */
			 "	restore\n"
			 "	sub   %%sp, 1, %%sp\n" ::: "memory");
}

/* A signal handler on an alternate stack in kernel space: no frame fits. */
static void usr1_handler(int sig)
{
	(void)sig;
	sys_exit_group(STATUS_HANDLER_RAN);
}

/*
 * handle_signal() builds the frame of an SA_SIGINFO handler in
 * setup_rt_frame(), and of any other in setup_frame(): each has its own
 * check of the frame pointer, so each gets a trigger.
 */
static void signal_on_kernel_space_altstack_flags(unsigned long sa_flags)
{
	struct kmx_stack ss = { .ss_sp = (void *)SPARC32_PAGE_OFFSET, .ss_flags = 0, .ss_size = 65536 };

	if (sys_sigaltstack(&ss, NULL))
		sys_exit_group(6);
	k_signal(SIGUSR1, usr1_handler, SA_ONSTACK | sa_flags);
	sys_tgkill(sys_getpid(), sys_gettid(), SIGUSR1);
}

static void signal_on_kernel_space_altstack(void)
{
	signal_on_kernel_space_altstack_flags(SA_SIGINFO);
}

static void signal_on_kernel_space_altstack_non_rt(void)
{
	signal_on_kernel_space_altstack_flags(0);
}

/*
 * SIGSEGV blocked, %sp in kernel space, then eight windows deep: the
 * window overflow trap cannot store that window, buffers it and raises
 * SIGSEGV (window_overflow_fault), which a tracer must see even though it
 * is blocked. The tracer suppresses it; the buffered window still cannot
 * be written (copy_to_user fails on a kernel address, so the
 * synchronize_user_stack() of the ptrace stop keeps it), and the return
 * to user space fails to empty the buffer (try_to_clear_window_buffer):
 * the forced exit by SIGILL.
 *
 * Why not a misaligned %sp, the obvious trigger: the stop's
 * synchronize_user_stack() writes a window even to a misaligned mapped
 * %sp and empties the buffer, so the next save traps again, SIGILL after
 * SIGILL, and the window-buffer path is never reached.
 */
static void overflow_windows_on_kernel_space_sp(void)
{
	k_block_signal(SIGSEGV);
	__asm__ volatile("mov   %%sp, %%g2\n"	/* globals survive the windows */
			 "	set   %0, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	save  %%sp, -96, %%sp\n"
			 "	restore\n	restore\n	restore\n	restore\n"
			 "	restore\n	restore\n	restore\n	restore\n"
			 "	mov   %%g2, %%sp\n"
			 :: "i"(SPARC32_PAGE_OFFSET + 0x10000) : "g2", "memory");
}

KTAP_TEST(window_buffer_bad_sp)
{
	return forced_exit_check_flags(SIGILL, flush_window_to_misaligned_sp, FORCED_EXIT_BY_KERNEL);
}

KTAP_TEST(signal_frame_bad_sp)
{
	return forced_exit_check_flags(SIGILL, signal_on_kernel_space_altstack, FORCED_EXIT_BY_KERNEL);
}

KTAP_TEST(signal_frame_bad_sp_non_rt)
{
	return forced_exit_check_flags(SIGILL, signal_on_kernel_space_altstack_non_rt, FORCED_EXIT_BY_KERNEL);
}

KTAP_TEST(window_buffer_bad_sp_action_immutable)
{
	return forced_exit_check_flags(SIGILL, flush_window_to_misaligned_sp,
				       FORCED_EXIT_IMMUTABLE | FORCED_EXIT_BY_KERNEL);
}

KTAP_TEST(signal_frame_bad_sp_action_immutable)
{
	return forced_exit_check_flags(SIGILL, signal_on_kernel_space_altstack,
				       FORCED_EXIT_IMMUTABLE | FORCED_EXIT_BY_KERNEL);
}

KTAP_TEST(window_overflow_traced)
{
	return forced_exit_check_after_stops(SIGILL, overflow_windows_on_kernel_space_sp, SIGSEGV, 1,
					     FORCED_EXIT_BY_KERNEL);
}

/*
 * The init of a PID namespace of its own is SIGNAL_UNKILLABLE. The frame's
 * force_exit_sig(SIGILL) (HANDLER_EXIT) must clear that flag under a
 * tracer too, or get_signal() drops the SIGILL, and the SIGSEGV of
 * signal_setup_done() after it, and the init runs on past the trigger.
 * rc1's force_fatal_sig(SIGILL) clears it as well (`|| sigdfl`).
 */
KTAP_TEST(signal_frame_pidns_init_traced)
{
	return forced_exit_check_flags(SIGILL, signal_on_kernel_space_altstack,
				       FORCED_EXIT_PIDNS_INIT | FORCED_EXIT_BY_KERNEL);
}

KTAP_MAIN
