/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The two kinds of test the forced-exit series needs, as reusable checks.
 *
 * forced_exit_check(): the kernel must end the process the way the series
 * intends. The tracee installs a handler for the signal, starts a second
 * thread, and runs a trigger, all under ptrace. It passes when the whole
 * thread group dies by the expected signal, a core dump is written, the
 * handler never ran, and the tracer saw no signal-delivery-stop for the
 * signal (which it would use to suppress it). Each failed criterion is
 * named in the result.
 *
 * forced_exit_check_flags(), with FORCED_EXIT_* flags (see below), checks
 * more or changes the tracee. FORCED_EXIT_IMMUTABLE also checks that the
 * signal's action stays immutable (SA_IMMUTABLE) after the exit, for the
 * HANDLER_EXIT paths (force_exit_sig(), a seccomp kill): a process that
 * shares the handler table and outlives the group must get EINVAL from
 * sigaction() for it. FORCED_EXIT_PIDNS_INIT makes the tracee the init of
 * a PID namespace of its own, and FORCED_EXIT_UNTRACED leaves it untraced.
 *
 * debugger_check(): a tracer must see a signal-delivery-stop for each
 * signal a real fault or trap raises, even when the tracee blocks or
 * ignores it, and must be able to suppress it: the tracer then moves the
 * tracee's pc to a function that exits 0, so the tracee carries on.
 *
 * Its parts, each including those it builds on, as initramfs-builder's
 * include/ does: harness/tracee.h (what runs in the tracee, and the page
 * it shares with the tracer), harness/proc.h (what the tracer reads of
 * the tracee in /proc and /tmp), harness/tracer.h (following it through
 * its stops), then the checks, harness/forced_exit.h and
 * harness/debugger.h.
 */
#ifndef KMX_HARNESS_H
#define KMX_HARNESS_H

#include "harness/tracee.h"
#include "harness/proc.h"
#include "harness/tracer.h"
#include "harness/forced_exit.h"
#include "harness/debugger.h"

#endif
