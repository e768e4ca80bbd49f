/* SPDX-License-Identifier: GPL-2.0 */
/*
 * debugger_check(): a tracer must get the signal-delivery-stops of a real
 * fault or trap, and may suppress the signal (see harness.h).
 */
#ifndef KMX_HARNESS_DEBUGGER_H
#define KMX_HARNESS_DEBUGGER_H

#include "tracer.h"

/*
 * setup_and_trigger runs in the tracee (blocking or ignoring the signal,
 * then faulting); the tracer wants want_stops signal-delivery-stops.
 * STOP_SUPPRESS_AND_RESUME (the tracer moves the pc to harness_resume) or
 * STOP_SUPPRESS (the trigger carries on by itself): the tracee must exit 0.
 * STOP_DELIVER: the tracee must then die by the signal.
 * last_info, if not NULL, gets the siginfo the tracer read at the last stop.
 */
static int debugger_check_info(int sig, void (*setup_and_trigger)(void), int want_stops,
			       enum on_stop action, siginfo_t *last_info)
{
	struct trace_outcome o;
	kmx_pid_t pid;

	KTAP_FAIL_IF(harness_init(), "mmap of the shared page failed");
	pid = sys_fork();
	if (pid == 0) {
		harness_become_tracee();
		setup_and_trigger();
		sys_exit_group(STATUS_TRIGGER_RETURNED);
	}
	KTAP_FAIL_IF(pid < 0, "fork: %d", pid);
	trace_until_end(pid, sig, 0, action, &o);
	if (!o.ended) {
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &o.status, __WALL);
		return ktap_fail(KMX_TIMEOUT ": the tracee neither ended nor stopped within %d ms (%d stops so far)",
				 HARNESS_WAIT_MS, o.stops);
	}
	if (WIFEXITED(o.status) && WEXITSTATUS(o.status) == STATUS_TRIGGER_RETURNED)
		return ktap_error("the trigger raised no signal");
	KTAP_ASSERT_EQ(want_stops, o.stops, "signal-delivery-stops for the signal");
	if (action != STOP_DELIVER)
		KTAP_FAIL_IF(!WIFEXITED(o.status) || WEXITSTATUS(o.status) != STATUS_RESUMED,
			     "the tracee did not carry on after the suppressed signal: wait status 0x%x",
			     o.status);
	else
		KTAP_FAIL_IF(!WIFSIGNALED(o.status) || WTERMSIG(o.status) != sig,
			     "the tracee did not die by signal %d: wait status 0x%x", sig, o.status);
	if (last_info)
		*last_info = o.info;
	return KMX_PASS;
}

static int debugger_check(int sig, void (*setup_and_trigger)(void), int want_stops,
			  enum on_stop action)
{
	return debugger_check_info(sig, setup_and_trigger, want_stops, action, NULL);
}

#endif
