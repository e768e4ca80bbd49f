/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracer: follows the tracee from its first SIGSTOP to its end, acting
 * on each signal-delivery-stop, and can move a stopped tracee's pc.
 */
#ifndef KMX_HARNESS_TRACER_H
#define KMX_HARNESS_TRACER_H

#include <linux/uio.h>
#include "proc.h"

/*
 * Only a guard against a hang: verdicts come from what the kernel reports
 * (wait statuses, and the exit code at PTRACE_EVENT_EXIT), never from a
 * timer running out, so a loaded emulator cannot turn a pass into a fail.
 * A tracee's next stop takes milliseconds under TCG; the guard and the
 * grace after it end within the test's own limit, so that a hang gets the
 * harness's reason, not a bare TIMEOUT.
 */
#define HARNESS_WAIT_MS		3000	/* for the tracee to stop or end */
#define HARNESS_THREAD_GRACE_MS	1000	/* for a dying group's threads to go */
#define HARNESS_MAX_STOPS	8	/* a tracee that keeps raising the signal */
_Static_assert(HARNESS_WAIT_MS + HARNESS_THREAD_GRACE_MS < KTAP_TEST_TIMEOUT_MS,
	       "a hang must be the harness's finding before the test's TIMEOUT");

struct trace_outcome {
	int status;		/* the final wait status */
	int ended;		/* the tracee was reaped */
	int stops;		/* signal-delivery-stops for the signal */
	int first_stops;	/* stops for first_sig (see below), suppressed */
	int other_stops;
	int thread_exit;	/* the leader's exit was its own, not the group's */
	unsigned long exit_code; /* at PTRACE_EVENT_EXIT (PTRACE_O_TRACEEXIT) */
	siginfo_t info;		/* PTRACE_GETSIGINFO at the last stop for the signal */
};

enum on_stop { STOP_SUPPRESS_AND_RESUME, STOP_SUPPRESS, STOP_DELIVER };

/* The tracer sends a stopped tracee on to fn (ELFv1: to fn's code, not its descriptor). */
static long harness_set_pc(kmx_pid_t pid, void (*fn)(void))
{
#ifdef ARCH_FN_ENTRY
	unsigned long pc = ARCH_FN_ENTRY(fn);
#else
	unsigned long pc = (unsigned long)fn;
#endif
#ifdef ARCH_PTRACE_GETREGS
	struct arch_ptrace_regs r;
	long e = sys_ptrace(ARCH_PTRACE_GETREGS, pid, &r, NULL);

	if (e)
		return e;
	r.pc = pc;
	r.npc = pc + 4;
	return sys_ptrace(ARCH_PTRACE_SETREGS, pid, &r, NULL);
#elif defined(ARCH_PRSTATUS_PC)
	unsigned long regs[ARCH_PRSTATUS_NREGS];
	struct iovec iov = { .iov_base = regs, .iov_len = sizeof(regs) };
	long e = sys_ptrace(PTRACE_GETREGSET, pid, (void *)NT_PRSTATUS, &iov);

	if (e)
		return e;
	regs[ARCH_PRSTATUS_PC] = pc;
	return sys_ptrace(PTRACE_SETREGSET, pid, (void *)NT_PRSTATUS, &iov);
#else
	return sys_ptrace(PTRACE_POKEUSR, pid, (void *)ARCH_USER_PC_OFFSET, (void *)pc);
#endif
}

/* More ptrace options, and what the tracer does at a ptrace event stop. */
static unsigned long harness_ptrace_options;
static void (*harness_on_event)(kmx_pid_t pid, int event);

/*
 * The tracer: waits for the tracee's first SIGSTOP, then follows it until
 * it ends, acting on each signal-delivery-stop for sig as `action` says.
 * Stops for first_sig (0: none), a different signal the trigger raises
 * before the forced exit, are counted apart and always suppressed.
 */
static void trace_until_end(kmx_pid_t pid, int sig, int first_sig, enum on_stop action,
			    struct trace_outcome *o)
{
	int status, started = 0;

	o->ended = o->stops = o->first_stops = o->other_stops = o->thread_exit = 0;
	o->status = 0;
	o->exit_code = 0;
	memset(&o->info, 0, sizeof(o->info));
	for (;;) {
		kmx_pid_t r = ktap_wait_timeout(pid, &status, HARNESS_WAIT_MS);

		if (r != pid)
			return;		/* a hang: the caller reports it */
		if (!WIFSTOPPED(status)) {
			o->ended = 1;
			o->status = status;
			return;
		}
		if (!started && WSTOPSIG(status) == SIGSTOP) {
			started = 1;
			sys_ptrace(PTRACE_SETOPTIONS, pid, NULL,
				   (void *)(PTRACE_O_EXITKILL | harness_ptrace_options));
			sys_ptrace(PTRACE_CONT, pid, NULL, NULL);
			continue;
		}
		if ((status >> 16) == PTRACE_EVENT_EXIT) {
			sys_ptrace(PTRACE_GETEVENTMSG, pid, NULL, &o->exit_code);
			harness_thread(pid);	/* looked up while the tracee is there */
			/*
			 * Death by a signal without a core dump, while the
			 * second thread lives on: do_exit() of this thread
			 * alone (a group exit dumps core, if at all, and kills
			 * the other threads before any thread exits). Say so
			 * now instead of waiting for an end that never comes.
			 */
			if ((o->exit_code & 0x7f) && !(o->exit_code & 0x80) &&
			    harness_thread_lives_on(pid, harness_thread(pid))) {
				o->thread_exit = 1;
				return;
			}
		} else if (status >> 16) {	/* another ptrace event stop */
			if (harness_on_event)
				harness_on_event(pid, status >> 16);
			sys_ptrace(PTRACE_CONT, pid, NULL, NULL);
			continue;
		}
		if (first_sig && WSTOPSIG(status) == first_sig) {
			if (++o->first_stops > HARNESS_MAX_STOPS)
				return;
			sys_ptrace(PTRACE_CONT, pid, NULL, NULL);
			continue;
		}
		if (WSTOPSIG(status) == sig) {
			if (++o->stops > HARNESS_MAX_STOPS)
				return;	/* it raises the signal again and again */
			if (sys_ptrace(PTRACE_GETSIGINFO, pid, NULL, &o->info))
				o->info.si_signo = 0;
			if (action == STOP_SUPPRESS_AND_RESUME)
				harness_set_pc(pid, harness_resume);
			sys_ptrace(PTRACE_CONT, pid, NULL,
				   (void *)(long)(action == STOP_DELIVER ? sig : 0));
			continue;
		}
		o->other_stops++;
		sys_ptrace(PTRACE_CONT, pid, NULL, (void *)(long)WSTOPSIG(status));
	}
}

#endif
