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
 */
#ifndef KMX_HARNESS_H
#define KMX_HARNESS_H

#include <linux/elf.h>
#include <linux/uio.h>
#include "ktap_writer.h"
#include "arch-test.h"

/*
 * Only a guard against a hang: verdicts come from what the kernel reports
 * (wait statuses, and the exit code at PTRACE_EVENT_EXIT), never from a
 * timer running out, so a loaded emulator cannot turn a pass into a fail.
 */
#define HARNESS_WAIT_MS		10000	/* for the tracee to stop or end */
#define HARNESS_THREAD_GRACE_MS	1000	/* for a dying group's threads to go */
#define HARNESS_MAX_STOPS	8	/* a tracee that keeps raising the signal */
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
 */
#define FORCED_EXIT_IMMUTABLE	0x1
#define FORCED_EXIT_PIDNS_INIT	0x2
#define FORCED_EXIT_UNTRACED	0x4

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

/*
 * The tracee's second thread by its tid in the tracer's PID namespace, or
 * 0 when it is gone. The tracee stores the tid clone() gave it, which is
 * in the tracee's namespace; when that is not the tracer's (the tracee's
 * own pid, stored too, is not the one the tracer knows), the tracer finds
 * the thread once in /proc/<pid>/task/, by the last number of its NSpid.
 */
static int harness_thread(kmx_pid_t pid)
{
	char path[64], buf[2048], status[1024];
	int fd, found = 0;
	long n;

	if (!harness->thread_tid || harness->tracee_self == pid)
		return harness->thread_tid;
	k_snprintf(path, sizeof(path), "/proc/%d/task", pid);
	fd = sys_open(path, O_RDONLY | O_DIRECTORY, 0);
	while (fd >= 0 && !found && (n = sys_getdents64(fd, buf, sizeof(buf))) > 0)
		for (long off = 0; off < n && !found;) {
			struct kmx_dirent64 *d = (void *)(buf + off);
			char *p, *last = NULL;

			off += d->reclen;
			k_snprintf(path, sizeof(path), "/proc/%d/task/%s/status", pid, d->name);
			if (d->name[0] < '1' || d->name[0] > '9' || k_read_file(path, status, sizeof(status)) <= 0 ||
			    !(p = k_strstr(status, "NSpid:")))
				continue;
			for (; *p && *p != '\n'; p++)
				if (*p == '\t')
					last = p + 1;
			if (last && k_atol(last) == harness->thread_tid)
				found = k_atol(d->name);
		}
	if (fd >= 0)
		sys_close(fd);
	harness->thread_tid = found;	/* not found: it has exited, for good */
	harness->tracee_self = pid;	/* in the tracer's terms from now on */
	return found;
}

/* Does /tmp hold a core of pid (core_pattern: /tmp/core.<comm>.<pid in the initial namespace>)? */
static int harness_core_exists(kmx_pid_t pid)
{
	char buf[2048], suffix[24];
	int fd = sys_open("/tmp", O_RDONLY | O_DIRECTORY, 0), found = 0;
	long n;

	if (fd < 0)
		return 0;
	k_snprintf(suffix, sizeof(suffix), ".%d", pid);
	while (!found && (n = sys_getdents64(fd, buf, sizeof(buf))) > 0)
		for (long off = 0; off < n;) {
			struct kmx_dirent64 *d = (void *)(buf + off);
			size_t l = k_strlen(d->name), sl = k_strlen(suffix);

			if (!k_strncmp(d->name, "core.", 5) && l > sl && !k_strcmp(d->name + l - sl, suffix))
				found = 1;
			off += d->reclen;
		}
	sys_close(fd);
	return found;
}

/*
 * Whether the tracee's second thread lives on by itself: present, not a
 * zombie, and no SIGKILL pending (a group exit sends every other thread
 * one before the dying thread reaches its exit). Read from /proc, so the
 * answer does not depend on how long anything takes.
 */
static int harness_thread_lives_on(kmx_pid_t pid, int tid)
{
	char path[64], buf[1024], *p;

	k_snprintf(path, sizeof(path), "/proc/%d/task/%d/status", pid, tid);
	if (!tid || k_read_file(path, buf, sizeof(buf)) <= 0)
		return 0;
	p = k_strstr(buf, "State:\t");
	if (!p || p[7] == 'Z' || p[7] == 'X')
		return 0;
	for (int k = 0; k < 2; k++) {
		unsigned long mask = 0;

		p = k_strstr(buf, k ? "SigPnd:\t" : "ShdPnd:\t");
		if (!p)
			return 0;
		p += 8;
		/* SIGKILL is bit 8: the last three hex digits are enough. */
		for (int i = 0; p[i] && p[i] != '\n'; i++)
			mask = (mask << 4 | (unsigned long)(p[i] <= '9' ? p[i] - '0' : p[i] - 'a' + 10)) & 0xfff;
		if (mask & 0x100)
			return 0;
	}
	return 1;
}

struct trace_outcome {
	int status;		/* the final wait status */
	int ended;		/* the tracee was reaped */
	int stops;		/* signal-delivery-stops for the signal */
	int first_stops;	/* stops for first_sig (see below), suppressed */
	int other_stops;
	int thread_exit;	/* the leader's exit was its own, not the group's */
	unsigned long exit_code; /* at PTRACE_EVENT_EXIT (PTRACE_O_TRACEEXIT) */
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

/* Appends ", what" to a reason. */
static void reason_add(char *r, size_t size, const char *what)
{
	size_t n = k_strlen(r);

	k_snprintf(r + n, size - n, "%s%s", n ? "; " : "", what);
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
		k_snprintf(what, sizeof(what), "the process sharing the handlers did not answer within %d ms",
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
	char r[sizeof(ktap_cur->reason)] = "", what[160];
	kmx_pid_t pid;
	int thread_alive = 0;

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
	pid = sys_fork();
	if (pid == 0) {
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
		 * In the shared page too: a seccomp-killed task that runs on
		 * dies at its next syscall (SECCOMP_MODE_DEAD), so its exit
		 * status cannot say so.
		 */
		harness->trigger_returned = 1;
		sys_exit_group(STATUS_TRIGGER_RETURNED);
	}
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
	if (o.thread_exit) {
		k_snprintf(what, sizeof(what), "only the thread exited: exit code 0x%lx (signal %lu, no core dump) "
			   "and the second thread lives on", o.exit_code, o.exit_code & 0x7f);
		reason_add(r, sizeof(r), what);
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &o.status, __WALL);
		harness->thread_tid = 0;	/* killed with its group: not a finding of its own */
	} else if (!o.ended) {
		/* Whatever it is doing, it is not dying: say what lives, end it. */
		int tid = harness_thread(pid), alive = tid && sys_tgkill(pid, tid, 0) == 0;

		if (o.first_stops > HARNESS_MAX_STOPS)
			k_snprintf(what, sizeof(what), "the tracee raised signal %d again after each of %d suppressions",
				   first_sig, HARNESS_MAX_STOPS);
		else if (o.stops > HARNESS_MAX_STOPS)
			k_snprintf(what, sizeof(what), "the tracee raised the signal again after each of %d suppressions",
				   HARNESS_MAX_STOPS);
		else
			k_snprintf(what, sizeof(what), "the process did not end within %d ms%s", HARNESS_WAIT_MS,
				   alive ? ": its second thread was still running (only one thread exited?)" : "");
		reason_add(r, sizeof(r), what);
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &o.status, __WALL);
	}
	/* The tracer may reap the leader before its group is gone: look again. */
	for (int waited = 0; harness_thread(pid) && waited < HARNESS_THREAD_GRACE_MS; waited += 50) {
		thread_alive = sys_tgkill(pid, harness->thread_tid, 0) == 0;
		if (!thread_alive)
			break;
		k_sleep_ms(50);
	}
	if (thread_alive) {
		reason_add(r, sizeof(r), "only the thread exited: the second thread survived");
		sys_tgkill(pid, harness->thread_tid, SIGKILL);
	}
	if (o.ended && WIFEXITED(o.status) && WEXITSTATUS(o.status) == STATUS_NO_THREAD)
		return ktap_error("the tracee could not start its second thread");
	if (o.ended && WIFEXITED(o.status) && WEXITSTATUS(o.status) == STATUS_NO_SHARER)
		return ktap_error("the tracee could not start a process sharing its signal handlers");
	if (!harness->trigger_returned && o.ended &&
	    !(WIFSIGNALED(o.status) && WTERMSIG(o.status) == expected_sig)) {
		k_snprintf(what, sizeof(what), "wait status 0x%x, expected death by signal %d",
			   o.status, expected_sig);
		reason_add(r, sizeof(r), what);
	}
	if (o.ended && WIFSIGNALED(o.status) && (!WCOREDUMP(o.status) || !harness_core_exists(pid)))
		reason_add(r, sizeof(r), "no core dump");
	if (harness->handler_ran)
		reason_add(r, sizeof(r), "the installed handler ran");
	if (o.stops) {
		k_snprintf(what, sizeof(what), "the tracer got %d signal-delivery-stop(s) and suppressed the signal", o.stops);
		reason_add(r, sizeof(r), what);
	}
	if (first_sig && o.first_stops != want_stops && o.first_stops <= HARNESS_MAX_STOPS) {
		k_snprintf(what, sizeof(what), "the tracer got %d signal-delivery-stop(s) for signal %d, expected %d",
			   o.first_stops, first_sig, want_stops);
		reason_add(r, sizeof(r), what);
	}
	if (flags & FORCED_EXIT_IMMUTABLE)
		harness_ask_sharer(r, sizeof(r));
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

/*
 * setup_and_trigger runs in the tracee (blocking or ignoring the signal,
 * then faulting); the tracer wants want_stops signal-delivery-stops.
 * STOP_SUPPRESS_AND_RESUME (the tracer moves the pc to harness_resume) or
 * STOP_SUPPRESS (the trigger carries on by itself): the tracee must exit 0.
 * STOP_DELIVER: the tracee must then die by the signal.
 */
static int debugger_check(int sig, void (*setup_and_trigger)(void), int want_stops,
			  enum on_stop action)
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
		return ktap_fail("the tracee neither ended nor stopped within %d ms (%d stops so far)",
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
	return KMX_PASS;
}

#endif
