/* SPDX-License-Identifier: GPL-2.0 */
/*
 * forced_exit_check() and its variants: the verdict on a forced exit, from
 * what the tracer saw, /proc, the core and the tracee's shared page (see
 * harness.h for the criteria).
 */
#ifndef KMX_HARNESS_FORCED_EXIT_H
#define KMX_HARNESS_FORCED_EXIT_H

#include "tracer.h"

/*
 * The flags of forced_exit_check_flags() and forced_exit_check_after_stops(),
 * which any test may combine, but for FORCED_EXIT_IMMUTABLE with
 * FORCED_EXIT_PIDNS_INIT (an error: see forced_exit_check_after_stops()).
 * FORCED_EXIT_IMMUTABLE	one more criterion: the signal's action stays
 *				immutable (harness_ask_sharer())
 * FORCED_EXIT_PIDNS_INIT	the tracee is the init of a new PID namespace,
 *				which the kernel makes SIGNAL_UNKILLABLE
 *				(copy_process()): get_signal() drops a signal
 *				with the default action for it, unless the
 *				sender cleared the flag, as a forced exit must
 * FORCED_EXIT_UNTRACED		no tracer at all: the same criteria, less the
 *				stops (an exit of one thread then shows as a
 *				process that does not end: no PTRACE_EVENT_EXIT
 *				to tell it sooner)
 * FORCED_EXIT_BY_KERNEL	the signal is the kernel's own (force_exit_sig()):
 *				the core's siginfo must say so, SI_KERNEL with
 *				no errno and no sender (harness_check_core_siginfo())
 */
#define FORCED_EXIT_IMMUTABLE	0x1
#define FORCED_EXIT_PIDNS_INIT	0x2
#define FORCED_EXIT_UNTRACED	0x4
#define FORCED_EXIT_BY_KERNEL	0x8

/*
 * FORCED_EXIT_TESTS(fn): a forced exit checked twice, as two tests: fn
 * runs fn_flags(0), fn_action_immutable runs
 * fn_flags(FORCED_EXIT_IMMUTABLE). FORCED_EXIT_TESTS_NAMED gives the
 * first test's name; the second's adds "_action_immutable".
 */
#define FORCED_EXIT_TESTS_NAMED(fn, name)					\
	KTAP_TEST_NAMED(fn, name, KTAP_TEST_TIMEOUT_MS)				\
	{									\
		return fn##_flags(0);						\
	}									\
	KTAP_TEST_NAMED(fn##_action_immutable, name "_action_immutable",	\
			KTAP_TEST_TIMEOUT_MS)					\
	{									\
		return fn##_flags(FORCED_EXIT_IMMUTABLE);			\
	}
#define FORCED_EXIT_TESTS(fn) FORCED_EXIT_TESTS_NAMED(fn, KTAP_PREFIX #fn)

/* Appends ", what" to a reason. */
static void reason_add(char *r, size_t size, const char *what)
{
	size_t n = k_strlen(r);

	k_snprintf(r + n, size - n, "%s%s", n ? "; " : "", what);
}

/*
 * The siginfo the core recorded for the signal that killed pid. A
 * HANDLER_EXIT signal reaches no tracer and no handler, so its core's
 * NT_SIGINFO note is the only place its siginfo shows: the kernel's own
 * signal is SI_KERNEL, with no errno and no sender (force_exit_sig(), and
 * force_sig() before the series).
 */
static void harness_check_core_siginfo(kmx_pid_t pid, int expected_sig, char *r, size_t size)
{
	siginfo_t si;
	const char *why = harness_core_siginfo(pid, &si);
	char what[160];

	if (why)
		k_snprintf(what, sizeof(what), "the core's siginfo: %s", why);
	else if (si.si_signo != expected_sig || si.si_code != SI_KERNEL || si.si_errno ||
		 si.si_pid || si.si_uid)
		k_snprintf(what, sizeof(what), "the core's siginfo: signo %d code %d errno %d pid %d uid %d, "
			   "expected signo %d code %d (SI_KERNEL) and the rest 0",
			   si.si_signo, si.si_code, si.si_errno, (int)si.si_pid, (int)si.si_uid,
			   expected_sig, SI_KERNEL);
	else
		return;
	reason_add(r, size, what);
}

/*
 * After the tracee's group is gone, the sharer tries sigaction() on the
 * forced signal. A HANDLER_EXIT signal left its action SA_IMMUTABLE in the
 * table the sharer still holds, and do_sigaction() refuses such an action
 * with EINVAL (kernel/signal.c). A success means a task sharing the
 * handlers could install one and catch the next forced signal.
 */
static void harness_ask_sharer(char *r, size_t size)
{
	kmx_pid_t pid = harness->sharer_pid;
	char what[160];
	int status = 0;

	if (!pid)
		return;		/* the tracee died before it made one: found already */
	sys_kill(pid, HARNESS_SHARER_ASK_SIG);
	if (ktap_wait_timeout(pid, &status, HARNESS_WAIT_MS) != pid) {
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &status, __WALL);
		k_snprintf(what, sizeof(what), KMX_TIMEOUT ": the process sharing the handlers did not answer within %d ms",
			   HARNESS_WAIT_MS);
	} else if (harness->sharer_ret == SHARER_NOT_ASKED)
		k_snprintf(what, sizeof(what), "the process sharing the handlers ended before it asked: "
			   "wait status 0x%x", status);
	else if (harness->sharer_ret != -EINVAL)
		k_snprintf(what, sizeof(what), "sigaction(%d) from a process sharing the handlers: "
			   "expected %d (EINVAL, SA_IMMUTABLE), got %d",
			   harness->sharer_sig, -EINVAL, harness->sharer_ret);
	else
		return;
	reason_add(r, size, what);
}

/* Not a status: the check goes on (its stages return a status to end it). */
#define FORCED_EXIT_GO_ON (-1)

/* The shared page reset, and the tracee's PID namespace if asked for. */
static int forced_exit_prepare(unsigned flags)
{
	/*
	 * No sharer for the init of a PID namespace: copy_process() refuses
	 * it CLONE_PARENT (EINVAL), and its death kills every process of its
	 * namespace (zap_pid_ns_processes()), so a child sharing its handlers
	 * could not outlive it either.
	 */
	if ((flags & FORCED_EXIT_IMMUTABLE) && (flags & FORCED_EXIT_PIDNS_INIT))
		return ktap_error("FORCED_EXIT_IMMUTABLE and FORCED_EXIT_PIDNS_INIT do not combine: "
				  "nothing outlives the init of a PID namespace to share its handlers");
	KTAP_FAIL_IF(harness_init(), "mmap of the shared page failed");
	harness->handler_ran = 0;
	harness->thread_tid = 0;
	harness->sharer_pid = 0;
	harness->tracee_self = 0;
	harness->trigger_returned = 0;
	harness->init_checked = 0;
	if (flags & FORCED_EXIT_PIDNS_INIT) {
		/* Our next child, the tracee, is the init of a new namespace; we stay outside. */
		long e = sys_unshare(CLONE_NEWPID);

		if (e == -EINVAL)
			return KTAP_SKIP("no PID namespaces in this kernel: unshare(CLONE_NEWPID) "
					 "fails with EINVAL (CONFIG_PID_NS is not set)");
		if (e)
			return ktap_error("unshare(CLONE_NEWPID): %ld", e);
	}
	return FORCED_EXIT_GO_ON;
}

/* The tracee: its handler, its second thread (and sharer), then the trigger. */
static void __attribute__((noreturn)) forced_exit_tracee(int expected_sig, void (*trigger)(void), unsigned flags)
{
	harness->tracee_self = sys_getpid();
	if (flags & FORCED_EXIT_PIDNS_INIT)
		harness_check_unkillable_init();
	if (!(flags & FORCED_EXIT_UNTRACED))
		harness_become_tracee();
	k_signal(expected_sig, harness_handler, 0);
	if (harness_spawn_thread())
		sys_exit_group(STATUS_NO_THREAD);
	if ((flags & FORCED_EXIT_IMMUTABLE) && harness_spawn_sharer(expected_sig))
		sys_exit_group(STATUS_NO_SHARER);
	trigger();
	/*
	 * In the shared page too: a seccomp-killed task that runs on dies at
	 * its next syscall (SECCOMP_MODE_DEAD), so its exit status cannot say
	 * so.
	 */
	harness->trigger_returned = 1;
	sys_exit_group(STATUS_TRIGGER_RETURNED);
}

/* A tracee that did not die whole: what lives is said (in r) and ended. */
static void forced_exit_not_dead(kmx_pid_t pid, struct trace_outcome *o, int first_sig, char *r, size_t size)
{
	char what[160];

	if (o->thread_exit) {
		k_snprintf(what, sizeof(what), "only the thread exited: exit code 0x%lx (signal %lu, no core dump) "
			   "and the second thread lives on", o->exit_code, o->exit_code & 0x7f);
		reason_add(r, size, what);
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &o->status, __WALL);
		harness->thread_tid = 0;	/* killed with its group: not a finding of its own */
	} else if (!o->ended) {
		/* Whatever it is doing, it is not dying: say what lives, end it. */
		int tid = harness_thread(pid), alive = tid && sys_tgkill(pid, tid, 0) == 0;

		if (o->first_stops > HARNESS_MAX_STOPS)
			k_snprintf(what, sizeof(what), "the tracee raised signal %d again after each of %d suppressions",
				   first_sig, HARNESS_MAX_STOPS);
		else if (o->stops > HARNESS_MAX_STOPS)
			k_snprintf(what, sizeof(what), "the tracee raised the signal again after each of %d suppressions",
				   HARNESS_MAX_STOPS);
		else
			k_snprintf(what, sizeof(what), KMX_TIMEOUT ": the process did not end within %d ms%s", HARNESS_WAIT_MS,
				   alive ? ": its second thread was still running (only one thread exited?)" : "");
		reason_add(r, size, what);
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &o->status, __WALL);
	}
}

/* The second thread, once the group should be gone: alive, it is said (in r) and ended. */
static void forced_exit_thread_left(kmx_pid_t pid, char *r, size_t size)
{
	int thread_alive = 0;

	/* The tracer may reap the leader before its group is gone: look again. */
	for (int waited = 0; harness_thread(pid) && waited < HARNESS_THREAD_GRACE_MS; waited += 50) {
		thread_alive = sys_tgkill(pid, harness->thread_tid, 0) == 0;
		if (!thread_alive)
			break;
		k_sleep_ms(50);
	}
	if (thread_alive) {
		reason_add(r, size, "only the thread exited: the second thread survived");
		sys_tgkill(pid, harness->thread_tid, SIGKILL);
	}
}

/* How the tracee died, against harness.h's criteria, into r. */
static void forced_exit_findings(kmx_pid_t pid, const struct trace_outcome *o, int expected_sig, int first_sig,
				 int want_stops, unsigned flags, char *r, size_t size)
{
	char what[160];

	if (!harness->trigger_returned && o->ended &&
	    !(WIFSIGNALED(o->status) && WTERMSIG(o->status) == expected_sig)) {
		k_snprintf(what, sizeof(what), "wait status 0x%x, expected death by signal %d",
			   o->status, expected_sig);
		reason_add(r, size, what);
	}
	if (o->ended && WIFSIGNALED(o->status) && (!WCOREDUMP(o->status) || !harness_core_exists(pid)))
		reason_add(r, size, "no core dump");
	else if (o->ended && WIFSIGNALED(o->status) && (flags & FORCED_EXIT_BY_KERNEL))
		harness_check_core_siginfo(pid, expected_sig, r, size);
	if (harness->handler_ran)
		reason_add(r, size, "the installed handler ran");
	if (o->stops) {
		k_snprintf(what, sizeof(what), "the tracer got %d signal-delivery-stop(s) and suppressed the signal", o->stops);
		reason_add(r, size, what);
	}
	if (first_sig && o->first_stops != want_stops && o->first_stops <= HARNESS_MAX_STOPS) {
		k_snprintf(what, sizeof(what), "the tracer got %d signal-delivery-stop(s) for signal %d, expected %d",
			   o->first_stops, first_sig, want_stops);
		reason_add(r, size, what);
	}
	if (flags & FORCED_EXIT_IMMUTABLE)
		harness_ask_sharer(r, size);
}

/*
 * trigger runs in the tracee (traced, unless FORCED_EXIT_UNTRACED) after
 * the handler and the second thread are in place; it must end the process
 * by expected_sig. want_stops is the number of signal-delivery-stops for
 * first_sig the tracer must get first (and suppresses): 0 (and first_sig
 * 0) for a plain forced exit. A stop for expected_sig itself is always a
 * failure: the tracer could have suppressed the forced exit with it.
 * flags: FORCED_EXIT_*.
 */
static int forced_exit_check_after_stops(int expected_sig, void (*trigger)(void), int first_sig,
					 int want_stops, unsigned flags)
{
	struct trace_outcome o;
	char r[sizeof(ktap_cur->reason)] = "";
	int st = forced_exit_prepare(flags);
	kmx_pid_t pid;

	if (st != FORCED_EXIT_GO_ON)
		return st;
	pid = sys_fork();
	if (pid == 0)
		forced_exit_tracee(expected_sig, trigger, flags);
	KTAP_FAIL_IF(pid < 0, "fork: %d", pid);
	harness_ptrace_options |= PTRACE_O_TRACEEXIT;
	trace_until_end(pid, expected_sig, first_sig, STOP_SUPPRESS, &o);
	if ((flags & FORCED_EXIT_PIDNS_INIT) && o.ended && WIFEXITED(o.status) &&
	    WEXITSTATUS(o.status) == STATUS_NOT_PIDNS_INIT)
		return ktap_error("the tracee is not PID 1 of a new PID namespace");
	if ((flags & FORCED_EXIT_PIDNS_INIT) && o.ended && !harness->init_checked)
		return ktap_error("the init of the new PID namespace did not survive its own SIGTERM "
				  "(wait status 0x%x): not SIGNAL_UNKILLABLE, the test cannot tell", o.status);
	/* First and short, so that how it ended and the stops fit the reason too. */
	if (harness->trigger_returned)
		reason_add(r, sizeof(r), "ran on past the trigger");
	forced_exit_not_dead(pid, &o, first_sig, r, sizeof(r));
	forced_exit_thread_left(pid, r, sizeof(r));
	if (o.ended && WIFEXITED(o.status) && WEXITSTATUS(o.status) == STATUS_NO_THREAD)
		return ktap_error("the tracee could not start its second thread");
	if (o.ended && WIFEXITED(o.status) && WEXITSTATUS(o.status) == STATUS_NO_SHARER)
		return ktap_error("the tracee could not start a process sharing its signal handlers");
	forced_exit_findings(pid, &o, expected_sig, first_sig, want_stops, flags, r, sizeof(r));
	if (r[0]) {
		ktap_diag("%s", r);
		return ktap_fail("%s", r);
	}
	return KMX_PASS;
}

static int forced_exit_check_flags(int expected_sig, void (*trigger)(void), unsigned flags)
{
	return forced_exit_check_after_stops(expected_sig, trigger, 0, 0, flags);
}

static int forced_exit_check(int expected_sig, void (*trigger)(void))
{
	return forced_exit_check_flags(expected_sig, trigger, 0);
}

#endif
