// SPDX-License-Identifier: GPL-2.0
/*
 * sparc32's register windows: when the kernel cannot write a user window
 * back to the user stack (a misaligned or kernel-space %sp), or cannot
 * place a signal frame, it ends the process with SIGILL (windows.c,
 * signal_32.c). At base those were do_exit(SIGILL): only the thread.
 */
#include "harness.h"

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

static void signal_on_kernel_space_altstack(void)
{
	struct kmx_stack ss = { .ss_sp = (void *)SPARC32_PAGE_OFFSET, .ss_flags = 0, .ss_size = 65536 };

	if (sys_sigaltstack(&ss, NULL))
		sys_exit_group(6);
	sys_signal(SIGUSR1, usr1_handler, SA_ONSTACK | SA_SIGINFO);
	sys_tgkill(sys_getpid(), sys_gettid(), SIGUSR1);
}

/*
 * SIGILL blocked, %sp misaligned, then eight windows deep: the window
 * overflow trap finds the stack misaligned, buffers the window and raises
 * SIGILL (window_overflow_fault), which a tracer must see; suppressed, the
 * return path should then fail to empty the window buffer and end the
 * process (try_to_clear_window_buffer). Under QEMU 7.2 that second part
 * does not happen at any point: after each suppression the trap raises
 * SIGILL again (see matrix/expectations/forced-exit.tsv).
 */
static void overflow_windows_on_misaligned_sp(void)
{
	sys_block_signal(SIGILL);
	__asm__ volatile("add   %%sp, 1, %%sp\n"
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
			 "	sub   %%sp, 1, %%sp\n" ::: "memory");
}

static int window_buffer_bad_sp(void)
{
	return forced_exit_check(SIGILL, flush_window_to_misaligned_sp);
}

static int signal_frame_bad_sp(void)
{
	return forced_exit_check(SIGILL, signal_on_kernel_space_altstack);
}

static int window_overflow_traced(void)
{
	return forced_exit_check_action(SIGILL, overflow_windows_on_misaligned_sp, 1,
					STOP_SUPPRESS);
}

static const struct ktap_test tests[] = {
	{ "sparc32_window_buffer_bad_sp", window_buffer_bad_sp, 15000 },
	{ "sparc32_signal_frame_bad_sp", signal_frame_bad_sp, 15000 },
	{ "sparc32_window_overflow_traced", window_overflow_traced, 15000 },
};

int main(int argc, char **argv, char **envp)
{
	(void)argc, (void)argv, (void)envp;
	return ktap_run(tests, KTAP_ARRAY_SIZE(tests));
}
