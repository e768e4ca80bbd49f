// SPDX-License-Identifier: GPL-2.0
/*
 * One boot: QEMU started, its console copied to the log and read line by
 * line (the kernel's lines, the guest's KTAP), its time limits kept, QEMU
 * ended, the boot classified and its record written. bootrun's command
 * line and the cell program (cellrun) both boot through boot_run().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bootrun.h"
#include "usage.h"

volatile sig_atomic_t boot_stop_signal;

static void on_signal(int sig)
{
	boot_stop_signal = sig;
}

void boot_catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	/* No SA_RESTART: a wait or a read returns, and the caller sees the flag. */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The record of a boot that did not start: its outcome and why. */
int boot_record_only(const char *out, const struct cell_head *h, enum kmx_boot_outcome status,
		     const char *why)
{
	struct boot b = { .status = status };

	snprintf(b.reason, sizeof(b.reason), "%s", why);
	return write_record(out, h, &b, NULL, NULL, NULL) ? 2 : 1;
}

/* What one boot watches while QEMU runs. */
struct watch {
	const struct boot_opts *o;
	struct boot b;
	struct ktap_state k;
	FILE *log;
	pid_t pid;
	int fd, exited;
	double start, last_output, marker_at, panic_at, limit_from;
	/* The program running now: since when, and from which result on. */
	double program_start;
	size_t program_first_test;
	int programs_seen;
	/* What QEMU had run and waited by then (the boot's start: none). */
	struct cpu_time at_start, at_program_start, at_last_output;
	char line[4096];
	size_t line_len;
};

static void spawn_qemu(struct watch *w)
{
	int pipefd[2];
	pid_t parent = getpid();

	if (pipe(pipefd))
		die("pipe: %s", strerror(errno));
	w->pid = fork();
	if (w->pid < 0)
		die("fork: %s", strerror(errno));
	if (w->pid == 0) {
		int devnull = open("/dev/null", O_RDONLY);

		/* Its own process group: a Ctrl-C reaches us, and we end it.
		 * Our death ends it too, however we die. */
		setpgid(0, 0);
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(127);
		dup2(devnull, 0);
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		/* No fd of ours (a run's lock among them) lives on in QEMU. */
		for (int fd = 3; fd < 1024; fd++)
			close(fd);
		execvp(w->o->qemu[0], w->o->qemu);
		fprintf(stderr, "bootrun: cannot run %s: %s\n", w->o->qemu[0], strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	w->fd = pipefd[0];
}

/* A program ended: did its time limit run out on a busy host? */
static void program_ended(struct watch *w)
{
	struct cpu_time q = qemu_cpu_time(w->pid);
	char what[200];

	w->programs_seen = w->k.top_results;
	snprintf(what, sizeof(what), "%.150s timed out", w->k.last_program);
	if (timed_out_since(&w->k, w->program_first_test))
		overload_note(&w->b.overload, waited_since(&w->at_program_start, &q),
			      now() - w->program_start, w->o->max_wait, what);
	w->program_start = now();
	w->at_program_start = q;
	w->program_first_test = w->k.ntests;
}

/*
 * Only kernel lines can make a boot a panic or a warning: the guest's
 * own lines are KTAP (is_guest_line()), so a test that prints "# Oops" is
 * no panic.
 */
static void console_line(struct watch *w, const char *line)
{
	int kernel_line = !is_guest_line(line);

	if (strstr(line, w->o->marker) && !w->marker_at)
		w->marker_at = now();
	if (kernel_line) {
		if (is_panic_line(line) && !w->panic_at) {
			w->panic_at = now();
			snprintf(w->b.first_panic, sizeof(w->b.first_panic), "%s", line);
		}
		w->b.warnings += is_warning_line(line);
		if (strstr(line, "Linux version "))
			w->b.guest_started = 1;
		if (strstr(line, "bootrun: cannot run"))
			w->b.qemu_failed_exec = 1;
	}
	warning_line(line, kernel_line, &w->k);
	ktap_feed(&w->k, line);
	warnings_attribute(&w->k, 0);
	if (w->k.top_results != w->programs_seen)
		program_ended(w);
}

/* What the console has now, into the log and by line; 1 once it closed. */
static int read_console(struct watch *w)
{
	struct pollfd pfd = { .fd = w->fd, .events = POLLIN };
	char buf[4096];
	ssize_t n;

	if (poll(&pfd, 1, 200) <= 0)
		return 0;
	n = read(w->fd, buf, sizeof(buf));
	if (n <= 0)
		return !(n < 0 && errno == EINTR);
	fwrite(buf, 1, n, w->log);
	fflush(w->log);
	w->last_output = now();
	/* Sampled anew: a wait is counted when it ends, and the one that
	 * ended with this output came before it. */
	w->at_last_output = qemu_cpu_time(w->pid);
	for (ssize_t j = 0; j < n; j++) {
		if (buf[j] != '\n') {
			if (w->line_len < sizeof(w->line) - 1)
				w->line[w->line_len++] = buf[j];
			continue;	/* an overlong line: keep its head */
		}
		w->line[w->line_len] = 0;
		w->line_len = 0;
		console_line(w, w->line);
	}
	return 0;
}

/* Whether a limit ended the boot: its status and reason set if a time limit did. */
static int limit_reached(struct watch *w)
{
	double t = now();

	if (w->marker_at)
		return 1;
	/* A panic prints its trace and then QEMU ends; do not wait long. */
	if (w->panic_at && t - w->panic_at > 10)
		return 1;
	if (t - w->start > w->o->timeout) {
		w->limit_from = w->start;
		w->b.status = KMX_BOOT_TIMEOUT;
		snprintf(w->b.reason, sizeof(w->b.reason), "no end marker after %.0f s in all", w->o->timeout);
		return 1;
	}
	if (t - w->last_output > w->o->silence) {
		/* Only the silence is the host's or the guest's: a guest that
		 * went quiet on an idle CPU hangs, however busy the boot was. */
		w->limit_from = w->last_output;
		w->b.status = KMX_BOOT_TIMEOUT;
		snprintf(w->b.reason, sizeof(w->b.reason), "console silent for %.0f s", w->o->silence);
		return 1;
	}
	return 0;
}

/* SIGTERM lets QEMU exit cleanly; SIGKILL if it will not. */
static void stop_qemu(struct watch *w)
{
	if (w->exited)
		return;
	kill(w->pid, SIGTERM);
	for (int i = 0; i < 30; i++) {
		if (waitpid(w->pid, &w->b.wait_status, WNOHANG) == w->pid)
			return;
		usleep(100000);
	}
	kill(w->pid, SIGKILL);
	while (waitpid(w->pid, &w->b.wait_status, 0) < 0 && errno == EINTR)
		;
}

static void watch_console(struct watch *w)
{
	while (!boot_stop_signal) {
		w->b.qemu = qemu_cpu_time(w->pid);
		if (read_console(w)) {
			while (waitpid(w->pid, &w->b.wait_status, 0) < 0 && errno == EINTR)
				;
			w->exited = 1;
			return;
		}
		if (limit_reached(w))
			return;
	}
}

/* A QEMU that is not there: the machine's fault, naming its package. */
static int qemu_missing(const struct boot_opts *o)
{
	char why[600];

	snprintf(why, sizeof(why), "%.300s not found%s%.100s%s", o->qemu[0],
		 o->qemu_pkg ? " (Debian package " : "", o->qemu_pkg ? o->qemu_pkg : "",
		 o->qemu_pkg ? ")" : "");
	printf("%s%s\n", o->prefix, why);
	fflush(stdout);
	return boot_record_only(o->out_path, &o->head, KMX_BOOT_QEMU_ERROR, why);
}

int boot_run(const struct boot_opts *o)
{
	static struct watch w;	/* static: its CPU times hold a figure per thread */
	static char cmd[16384];
	int rc;

	if (!can_run(o->qemu[0]))
		return qemu_missing(o);
	memset(&w, 0, sizeof(w));
	w.o = o;
	w.b.status = KMX_NBOOT_OUTCOME;
	shell_quote(cmd, sizeof(cmd), o->qemu);
	printf("%s  QEMU    %s\n", o->prefix, cmd);
	fflush(stdout);
	w.log = fopen(o->log_path, "w");
	if (!w.log)
		die("%s: %s", o->log_path, strerror(errno));
	ktap_init(&w.k);
	boot_catch_signals();
	w.start = w.last_output = w.program_start = now();
	spawn_qemu(&w);
	watch_console(&w);
	stop_qemu(&w);
	close(w.fd);
	w.b.seconds = (w.marker_at ? w.marker_at : now()) - w.start;
	w.b.marker_seen = w.marker_at != 0;
	fclose(w.log);
	/* The boot's own limits: over the whole boot, or the console's silence. */
	if (w.b.status == KMX_BOOT_TIMEOUT)
		overload_note(&w.b.overload,
			      waited_since(w.limit_from == w.start ? &w.at_start : &w.at_last_output, &w.b.qemu),
			      now() - w.limit_from, o->max_wait, "the boot ran out of time");
	w.b.stopped_by = boot_stop_signal;
	boot_classify(&w.b, &w.k);
	ktap_finish(&w.k);
	warnings_attribute(&w.k, 1);
	rc = write_record(o->out_path, &o->head, &w.b, cmd, &w.k, o->unbuilt) ? 1 :
	     boot_stop_signal ? 130 : w.b.status != KMX_BOOT_OK;
	ktap_free(&w.k);
	return rc;
}
