/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracee's side of the checks: the page it shares with the tracer (a
 * fork's memory is its own), its exit statuses, its handler, and what it
 * starts before the trigger: its second thread, and the process that
 * shares its handlers (FORCED_EXIT_IMMUTABLE).
 */
#ifndef KMX_HARNESS_TRACEE_H
#define KMX_HARNESS_TRACEE_H

#include "ktap_harness.h"
#include "arch-test.h"

#define STATUS_TRIGGER_RETURNED	77
#define STATUS_NO_THREAD	3	/* the tracee could not start its second thread */
#define STATUS_NO_SHARER	8	/* nor its process sharing the handlers */
#define STATUS_NOT_PIDNS_INIT	78	/* FORCED_EXIT_PIDNS_INIT: the tracee is not PID 1 */
#define STATUS_HANDLER_RAN	99
#define STATUS_RESUMED		0

struct harness_shared {
	volatile int handler_ran;	/* the signal a handler saw, or 0 */
	volatile int thread_tid;	/* the tracee's second thread (see harness_thread()) */
	volatile int tracee_self;	/* the tracee's pid as it sees it */
	volatile int trigger_returned;	/* the tracee ran on past the trigger */
	volatile int init_checked;	/* FORCED_EXIT_PIDNS_INIT: PID 1, its own SIGTERM dropped */
	volatile int sharer_pid;	/* FORCED_EXIT_IMMUTABLE: see harness_spawn_sharer() */
	volatile int sharer_sig;	/* the signal whose action it tries to change */
	volatile int sharer_ret;	/* what its sigaction() returned */
};
static struct harness_shared *harness;

static int harness_init(void)
{
	if (harness)
		return 0;
	harness = sys_mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (k_is_err(harness)) {
		harness = NULL;
		return -1;
	}
	return 0;
}

static void harness_handler(int sig)
{
	harness->handler_ran = sig;
	sys_exit_group(STATUS_HANDLER_RAN);
}

/* Where the tracer sends a tracee whose signal it suppressed. */
static void harness_resume(void)
{
	sys_exit_group(STATUS_RESUMED);
}

static void *harness_map(size_t len, int prot)
{
	void *p = sys_mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return k_is_err(p) ? NULL : p;
}

/* In the tracee: be traced, then stop until the tracer is ready. */
static void harness_become_tracee(void)
{
	sys_ptrace(PTRACE_TRACEME, 0, NULL, NULL);
	sys_kill(sys_getpid(), SIGSTOP);
}

/* In the tracee: a second thread of the group, idle until the group dies. */
static int harness_spawn_thread(void)
{
	char *stack = harness_map(65536, PROT_READ | PROT_WRITE);
	long tid;

	if (!stack)
		return -1;
	tid = arch_spawn_idle_thread(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
				     CLONE_THREAD | CLONE_SYSVSEM, stack + 65536 - 64);
	if (tid <= 0)
		return -1;
	harness->thread_tid = tid;
	return 0;
}

/*
 * The sharer asks when it gets this signal: a handler is how the tracer
 * makes a task that waits in pause() run C (on its own stack). No trigger
 * uses it.
 */
#define HARNESS_SHARER_ASK_SIG	SIGUSR2
#define SHARER_NOT_ASKED	1	/* sharer_ret before it asked: not an errno */

/* In the sharer: try to install a handler for the forced signal again. */
static void harness_sharer_ask(int sig)
{
	(void)sig;
	harness->sharer_ret = k_signal(harness->sharer_sig, harness_handler, 0);
	sys_exit_group(0);
}

/*
 * In the tracee: a process that shares the signal handler table
 * (CLONE_SIGHAND, which needs CLONE_VM) but not the thread group, so the
 * forced exit leaves it alive and holding the table. CLONE_PARENT makes it
 * the tracer's child (with the tracee's exit signal), for the tracer to
 * reap. It waits in pause() until the tracer sends HARNESS_SHARER_ASK_SIG.
 */
static int harness_spawn_sharer(int sig)
{
	char *stack = harness_map(65536, PROT_READ | PROT_WRITE);
	long pid;

	if (!stack)
		return -1;
	harness->sharer_sig = sig;
	harness->sharer_ret = SHARER_NOT_ASKED;
	if (k_signal(HARNESS_SHARER_ASK_SIG, harness_sharer_ask, 0))
		return -1;
	pid = arch_spawn_idle_thread(CLONE_VM | CLONE_SIGHAND | CLONE_PARENT, stack + 65536 - 64);
	if (pid <= 0)
		return -1;
	harness->sharer_pid = pid;
	return 0;
}

/*
 * In the tracee that is to be the init of a new PID namespace, before any
 * tracer: it must be PID 1 there, and SIGNAL_UNKILLABLE, so that its own
 * SIGTERM is dropped when sent (sig_task_ignored()). Otherwise the test
 * cannot tell anything about the flag, and says so (an error).
 */
static void harness_check_unkillable_init(void)
{
	if (sys_getpid() != 1)
		sys_exit_group(STATUS_NOT_PIDNS_INIT);
	k_signal(SIGTERM, SIG_DFL, 0);
	sys_kill(1, SIGTERM);
	harness->init_checked = 1;
}

#endif
