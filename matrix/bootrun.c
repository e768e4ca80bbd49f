// SPDX-License-Identifier: GPL-2.0
/*
 * bootrun: boot one cell in QEMU and say how it went.
 *
 *   bootrun --log FILE --out FILE --timeout S --silence S
 *           [--cell ARCH POINT BUILD-LINE] [--alone WHY] [--qemu-pkg PKG]
 *           --max-wait PERCENT [--marker TEXT] [--unbuilt FILE]
 *           -- qemu-system-... ARGS...
 *   bootrun --out FILE [--cell ARCH POINT BUILD-LINE] --not-run WHY | --error WHY | --interrupted WHY
 *
 * With --cell, --out is the cell's whole record (cell.tsv): its arch, point
 * and build outcome (a TAB-separated line, as run-cell.sh typed it) before
 * the boot's, so that one program writes every cell's record, whatever
 * happened: --not-run, --error and --interrupted write it for a boot that does not start
 * (the build failed; the build step left nothing), and a QEMU that is not
 * there is a qemu-error naming its Debian package (--qemu-pkg). --alone
 * says why the cell was booted again alone at its run's end.
 *
 * It prints the QEMU command shell-quoted (so a person can rerun it), copies
 * the console to --log, ends QEMU once the guest prints the end marker (some
 * machines do not end on the guest's reboot), and cuts off a boot that is
 * silent too long (--silence) or runs too long (--timeout): the two limits
 * have no default here, the Makefile's BOOT_SILENCE and BOOT_TIMEOUT are
 * their one home. The outcome is one of
 *   ok          the end marker and at least one KTAP result
 *   timeout     silence or total time ran out
 *   panic       Kernel panic, Oops, BUG:, Internal error (a WARN's "cut here"
 *               is counted in the reason, not a failure)
 *   no-results  the guest ran but gave no KTAP results or no end marker
 *   qemu-error  QEMU failed to start, or ended with an error before the
 *               kernel printed its banner (the machine's fault: infra)
 *   qemu-abort  QEMU died or failed after the kernel started (the guest's
 *               doing, e.g. cpu_abort() on a CPU state it gives up on)
 *   interrupted bootrun was stopped (Ctrl-C) before the boot ended
 *   infra       a time limit ran out while the host kept QEMU waiting for a
 *               CPU for more than --max-wait percent of that time (the
 *               Makefile's HOST_MAX_WAIT): the host's load, not the
 *               kernel, decided the outcome
 * --out gets a tab-separated record: a `boot` line (status, seconds, reason),
 * a `qemu` line (the command), a `host` line (the seconds QEMU ran and
 * waited for a CPU) and a `test` line per KTAP result, written atomically,
 * so a reader never sees half of it.
 *
 * Only kernel lines can make a boot a panic or a warning: the guest's own
 * output comes through its init, whose every line is KTAP (a version, a
 * plan, a result, a `#` diagnostic, or a program's line indented under it;
 * see is_guest_line() in bootrun_console.c), so a test that prints
 * "# Oops" is no panic.
 * --unbuilt names the guest programs known before the boot not to be there
 * (the kernel selftests that did not build at this point: lines of
 * PROGRAM, the first error, the build log); each is a failed result
 * PROGRAM.build, the log its diagnostics, whatever the boot gives.
 * Exit status: 0 if the boot is ok, 1 otherwise, 2 for bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bootrun.h"
#include "usage.h"

const char *progname = "bootrun";

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	interrupted = sig;
}

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void usage(void)
{
	fprintf(stderr, "usage: bootrun --log FILE --out FILE --timeout S --silence S "
		"[--cell ARCH POINT BUILD-LINE] [--alone WHY] [--qemu-pkg PKG] "
		"--max-wait PERCENT [--marker TEXT] [--unbuilt FILE] -- QEMU ARGS...\n"
		"       bootrun --out FILE [--cell ARCH POINT BUILD-LINE] --not-run WHY | --error WHY |\n"
		"               --interrupted WHY\n");
	exit(2);
}

/* The record of a boot that did not start: its outcome and why. */
static int record_only(const char *out, const struct cell_head *h, enum kmx_boot_outcome status,
		       const char *why)
{
	struct boot b = { .status = status };

	snprintf(b.reason, sizeof(b.reason), "%s", why);
	return write_record(out, h, &b, NULL, NULL, NULL) ? 2 : 1;
}

/* A number of seconds or a percent: anything else would be 0 to atof. */
static double number_arg(const char *opt, const char *value)
{
	char *end;
	double v = value ? strtod(value, &end) : 0;

	if (!value || end == value || *end || !(v >= 0) || v > 1e9) {
		fprintf(stderr, "bootrun: %s '%s': not a number\n", opt, value ? value : "");
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	const char *log_path = NULL, *out_path = NULL, *marker = KMX_END_MARKER, *unbuilt = NULL;
	const char *not_run = NULL, *error_why = NULL, *interrupted_why = NULL, *qemu_pkg = NULL;
	struct cell_head h = { 0 };
	double timeout = -1, silence = -1, start, last_output, marker_at = 0, panic_at = 0;
	double max_wait = -1, program_start;
	/* static: each holds a figure per thread */
	static struct cpu_time at_start, at_program_start, at_last_output;
	double limit_from = 0;
	size_t program_first_test = 0;
	int programs_seen = 0;
	static char cmd[16384], line[4096];
	struct boot b = { .status = KMX_NBOOT_OUTCOME };
	struct ktap_state k;
	size_t line_len = 0;
	int i, pipefd[2], exited = 0;
	FILE *log;
	pid_t pid;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--cell") && i + 3 < argc) {
			h.arch = argv[++i];
			h.point = argv[++i];
			h.build = argv[++i];
		} else if (!strcmp(argv[i], "--alone"))
			h.alone = argv[++i];
		else if (!strcmp(argv[i], "--not-run"))
			not_run = argv[++i];
		else if (!strcmp(argv[i], "--error"))
			error_why = argv[++i];
		else if (!strcmp(argv[i], "--interrupted"))
			interrupted_why = argv[++i];
		else if (!strcmp(argv[i], "--qemu-pkg"))
			qemu_pkg = argv[++i];
		else if (!strcmp(argv[i], "--log"))
			log_path = argv[++i];
		else if (!strcmp(argv[i], "--out"))
			out_path = argv[++i];
		else if (!strcmp(argv[i], "--timeout"))
			timeout = number_arg(argv[i], argv[i + 1]), i++;
		else if (!strcmp(argv[i], "--silence"))
			silence = number_arg(argv[i], argv[i + 1]), i++;
		else if (!strcmp(argv[i], "--marker"))
			marker = argv[++i];
		else if (!strcmp(argv[i], "--unbuilt"))
			unbuilt = argv[++i];
		else if (!strcmp(argv[i], "--max-wait"))
			max_wait = number_arg(argv[i], argv[i + 1]) / 100, i++;
		else
			usage();
	}
	if (out_path && (not_run || error_why || interrupted_why) && i >= argc)
		return record_only(out_path, &h,
				   not_run ? KMX_BOOT_NOT_RUN : interrupted_why ? KMX_BOOT_INTERRUPTED : KMX_BOOT_ERROR,
				   not_run ? not_run : interrupted_why ? interrupted_why : error_why);
	if (!log_path || !out_path || i + 1 >= argc || not_run || error_why || interrupted_why)
		usage();
	/* -1: not given (number_arg() takes no negative number) */
	if (timeout < 0 || silence < 0 || max_wait < 0) {
		fprintf(stderr, "bootrun: %s missing: the time limits are the Makefile's "
			"(BOOT_TIMEOUT, BOOT_SILENCE, HOST_MAX_WAIT)\n",
			timeout < 0 ? "--timeout" : silence < 0 ? "--silence" : "--max-wait");
		exit(2);
	}
	argv += i + 1;
	if (!can_run(argv[0])) {
		char why[600];

		snprintf(why, sizeof(why), "%.300s not found%s%.100s%s", argv[0],
			 qemu_pkg ? " (Debian package " : "", qemu_pkg ? qemu_pkg : "", qemu_pkg ? ")" : "");
		printf("%s\n", why);
		return record_only(out_path, &h, KMX_BOOT_QEMU_ERROR, why);
	}

	shell_quote(cmd, sizeof(cmd), argv);
	printf("  QEMU    %s\n", cmd);
	fflush(stdout);

	log = fopen(log_path, "w");
	if (!log)
		die("%s: %s", log_path, strerror(errno));
	ktap_init(&k);
	if (pipe(pipefd))
		die("pipe: %s", strerror(errno));
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	start = last_output = program_start = now();
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDONLY);

		/* Its own process group: a Ctrl-C reaches bootrun, which ends it. */
		setpgid(0, 0);
		dup2(devnull, 0);
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		close(pipefd[1]);
		/* No fd of ours (a run's lock among them) lives on in QEMU. */
		for (int fd = 3; fd < 1024; fd++)
			close(fd);
		execvp(argv[0], argv);
		fprintf(stderr, "bootrun: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);

	for (;;) {
		struct pollfd pfd = { .fd = pipefd[0], .events = POLLIN };
		char buf[4096];
		double t;
		ssize_t n = 0;
		int eof = 0;

		if (interrupted)
			break;
		b.qemu = qemu_cpu_time(pid);
		if (poll(&pfd, 1, 200) > 0) {
			n = read(pipefd[0], buf, sizeof(buf));
			eof = n <= 0 && !(n < 0 && errno == EINTR);
			if (n > 0) {
				fwrite(buf, 1, n, log);
				fflush(log);
				last_output = now();
				/* Sampled anew: a wait is counted when it ends, and
				 * the one that ended with this output came before it. */
				at_last_output = qemu_cpu_time(pid);
			}
		}
		for (ssize_t j = 0; j < n; j++) {
			if (buf[j] != '\n' && line_len < sizeof(line) - 1) {
				line[line_len++] = buf[j];
				continue;
			}
			if (buf[j] != '\n')
				continue;	/* an overlong line: keep its head */
			line[line_len] = 0;
			line_len = 0;
			if (strstr(line, marker) && !marker_at)
				marker_at = now();
			if (!is_guest_line(line)) {
				if (is_panic_line(line) && !panic_at) {
					panic_at = now();
					snprintf(b.first_panic, sizeof(b.first_panic), "%s", line);
				}
				b.warnings += is_warning_line(line);
				if (strstr(line, "Linux version "))
					b.guest_started = 1;
				if (strstr(line, "bootrun: cannot run"))
					b.qemu_failed_exec = 1;
			}
			warning_line(line, !is_guest_line(line), &k);
			ktap_feed(&k, line);
			warnings_attribute(&k, 0);
			/* A program ended: did its time limit run out on a busy host? */
			if (k.top_results != programs_seen) {
				struct cpu_time q = qemu_cpu_time(pid);
				char what[200];

				programs_seen = k.top_results;
				snprintf(what, sizeof(what), "%.150s timed out", k.last_program);
				if (timed_out_since(&k, program_first_test))
					overload_note(&b.overload, waited_since(&at_program_start, &q),
						      now() - program_start, max_wait, what);
				program_start = now();
				at_program_start = q;
				program_first_test = k.ntests;
			}
		}
		if (eof) {
			waitpid(pid, &b.wait_status, 0);
			exited = 1;
			break;
		}
		if (marker_at)
			break;
		t = now();
		/* A panic prints its trace and then QEMU ends; do not wait long. */
		if (panic_at && t - panic_at > 10)
			break;
		if (t - start > timeout) {
			limit_from = start;
			b.status = KMX_BOOT_TIMEOUT;
			snprintf(b.reason, sizeof(b.reason), "no end marker after %.0f s in all", timeout);
			break;
		}
		if (t - last_output > silence) {
			/* Only the silence is the host's or the guest's: a guest
			 * that went quiet on an idle CPU hangs, however busy the
			 * boot was before. */
			limit_from = last_output;
			b.status = KMX_BOOT_TIMEOUT;
			snprintf(b.reason, sizeof(b.reason), "console silent for %.0f s", silence);
			break;
		}
	}
	if (!exited) {
		/* SIGTERM lets QEMU exit cleanly; SIGKILL if it will not. */
		kill(pid, SIGTERM);
		for (int w = 0; w < 30 && !exited; w++) {
			if (waitpid(pid, &b.wait_status, WNOHANG) == pid)
				exited = 1;
			else
				usleep(100000);
		}
		if (!exited) {
			kill(pid, SIGKILL);
			waitpid(pid, &b.wait_status, 0);
		}
	}
	b.seconds = (marker_at ? marker_at : now()) - start;
	b.marker_seen = marker_at != 0;
	fclose(log);
	/* The boot's own limits: over the whole boot, or the console's silence. */
	if (b.status == KMX_BOOT_TIMEOUT)
		overload_note(&b.overload, waited_since(limit_from == start ? &at_start : &at_last_output, &b.qemu),
			      now() - limit_from, max_wait, "the boot ran out of time");

	b.stopped_by = interrupted;
	boot_classify(&b, &k);
	ktap_finish(&k);
	warnings_attribute(&k, 1);
	if (write_record(out_path, &h, &b, cmd, &k, unbuilt))
		return 1;
	ktap_free(&k);
	if (interrupted)
		return 130;
	return b.status != KMX_BOOT_OK;
}
