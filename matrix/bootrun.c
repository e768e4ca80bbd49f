// SPDX-License-Identifier: GPL-2.0
/*
 * bootrun: boot one cell in QEMU and say how it went.
 *
 *   bootrun --log FILE --out FILE --timeout S --silence S
 *           [--marker TEXT] [--unbuilt FILE] [--max-wait PERCENT]
 *           -- qemu-system-... ARGS...
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
 *               CPU for more than --max-wait percent of that time (default
 *               50): the host's load, not the kernel, decided the outcome
 * --out gets a tab-separated record: a `boot` line (status, seconds, reason),
 * a `qemu` line (the command), a `host` line (the seconds QEMU ran and
 * waited for a CPU) and a `test` line per KTAP result, written atomically,
 * so a reader never sees half of it.
 *
 * Only kernel lines can make a boot a panic or a warning: the guest's own
 * output comes through its init, whose every line is KTAP (a version, a
 * plan, a result, a `#` diagnostic, or a program's line indented under it;
 * see is_guest_line()), so a test that prints "# Oops" is no panic.
 * --unbuilt names the guest programs known before the boot not to be there
 * (the kernel selftests that did not build at this point: lines of
 * PROGRAM, the first error, the build log); each is a failed result
 * PROGRAM.build, the log its diagnostics, whatever the boot gives.
 * Exit status: 0 if the boot is ok, 1 otherwise, 2 for bad usage.
 */
#include <dirent.h>
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

#include "ktap_reader.h"
#include "usage.h"

const char *progname = "bootrun";

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	interrupted = sig;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Appends argv shell-quoted: 'it'\''s' for anything not plainly safe. */
static void shell_quote(char *out, size_t size, char **argv)
{
	size_t n = 0;

#define PUT(c) do { if (n + 1 < size) out[n++] = (c); } while (0)
	for (; *argv; argv++) {
		const char *a = *argv;
		int plain = *a != 0;

		for (const char *p = a; *p; p++)
			if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789-_./=:,+@%", *p))
				plain = 0;
		if (n)
			PUT(' ');
		if (plain) {
			for (; *a; a++)
				PUT(*a);
			continue;
		}
		PUT('\'');
		for (; *a; a++) {
			if (*a == '\'') {
				PUT('\'');
				PUT('\\');
				PUT('\'');
			}
			PUT(*a);
		}
		PUT('\'');
	}
#undef PUT
	out[n] = 0;
}

static const char *const panic_patterns[] = {
	"Kernel panic", "Oops", "BUG:", "Internal error",
};

/*
 * A WARN is not the end of the boot (some tests provoke one on purpose, like
 * seccomp's SECCOMP_MODE_DEAD at the base point): it is a result of its own,
 * `kernel_warning.<test>`, failed, with the WARNING line as its reason and
 * the trace as its diagnostics, so that the expectations say where one is
 * expected. <test> is the test that was running: the next result the guest
 * prints (its result line comes after what the kernel printed while it
 * ran), or the program, when the program ends first; `boot` before the
 * guest's KTAP began, `end` when nothing followed.
 */
static int is_warning_line(const char *line)
{
	return strstr(line, "[ cut here ]") != NULL;
}

#define WARNING_RESULT	"kernel_warning."
#define MAX_WARNINGS	32
#define WARNING_DIAG	4096

struct kernel_warning {
	char first[256];	/* the "WARNING: ..." line */
	char diag[WARNING_DIAG];	/* the lines after it, up to the end of the trace */
	size_t ntests_at;	/* results the reader had when it began */
	int programs_at;
	int before_ktap;
	int in_trace;
	char test[300];		/* the test it is charged to, once known */
};

static struct kernel_warning warnings[MAX_WARNINGS];
static unsigned nwarnings;

/*
 * A console line: a kernel line may open a warning; any line may belong to
 * the one open (a trace's lines are indented like the guest's).
 */
static void warning_line(const char *line, int kernel_line, const struct ktap_state *k)
{
	struct kernel_warning *w = nwarnings ? &warnings[nwarnings - 1] : NULL;

	if (kernel_line && is_warning_line(line)) {
		if (nwarnings == MAX_WARNINGS)
			return;
		w = &warnings[nwarnings++];
		memset(w, 0, sizeof(*w));
		w->ntests_at = k->ntests;
		w->programs_at = k->top_results;
		w->before_ktap = !k->seen_version;
		w->in_trace = 1;
		return;
	}
	if (!w || !w->in_trace)
		return;
	if (strstr(line, "---[ end trace")) {
		w->in_trace = 0;
	} else if (!w->first[0] && strstr(line, "WARNING:")) {
		snprintf(w->first, sizeof(w->first), "%s", strstr(line, "WARNING:"));
	} else {
		size_t len = strlen(w->diag);

		snprintf(w->diag + len, sizeof(w->diag) - len, "%s%s", len ? "\n" : "", line);
	}
}

/* After each line the reader took: charges open warnings to a test. */
static void warnings_attribute(const struct ktap_state *k, int at_end)
{
	for (unsigned i = 0; i < nwarnings; i++) {
		struct kernel_warning *w = &warnings[i];

		if (w->test[0])
			continue;
		if (w->before_ktap)
			snprintf(w->test, sizeof(w->test), "boot");
		else if (k->ntests > w->ntests_at)
			snprintf(w->test, sizeof(w->test), "%s", k->tests[w->ntests_at].name);
		else if (k->top_results > w->programs_at)
			snprintf(w->test, sizeof(w->test), "%s", k->last_program);
		else if (at_end)
			snprintf(w->test, sizeof(w->test), "end");
	}
}

/*
 * A line of the guest's user space: init writes nothing else (ktap_writer.h),
 * and every program's output reaches the console through init, indented.
 * The rest is the kernel's (or the firmware's, or QEMU's).
 */
static int is_guest_line(const char *line)
{
	static const char *const starts[] = {
		" ", "\t", "#", "ok ", "not ok ", "KTAP version ", "TAP version ", "1..",
	};

	line += strspn(line, "\r");
	for (size_t i = 0; i < sizeof(starts) / sizeof(*starts); i++)
		if (!strncmp(line, starts[i], strlen(starts[i])))
			return 1;
	return 0;
}

static int is_panic_line(const char *line)
{
	for (size_t i = 0; i < sizeof(panic_patterns) / sizeof(*panic_patterns); i++)
		if (strstr(line, panic_patterns[i]))
			return 1;
	return 0;
}

/* Tabs and newlines would break the record's fields. */
static void put_field(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

/*
 * The time QEMU's threads ran, and waited runnable for a CPU, as the host's
 * scheduler counts them (/proc/PID/task/TID/schedstat: ns on the CPU, ns
 * on a run queue). TCG's guest clock follows the host's, so a guest that a
 * busy host holds back sees its time limits run out as if it had hung: the
 * wait says how much of a limit the host took.
 */
#define MAX_THREADS 512
static struct qemu_thread {
	long tid;
	double ran, waited;
	/*
	 * The scheduler adds a wait to the count when it ends: a thread held
	 * off the CPU right now has none of its current wait counted (seen: a
	 * starved stand-in counted 1.3 s of a 5 s boot). So between two
	 * samples that both find it runnable, the time it neither ran nor
	 * had counted as waiting is taken as waiting (`pending`), until the
	 * count catches up.
	 */
	double sampled_at, pending;
	int runnable;
} threads[MAX_THREADS];
static unsigned nthreads;

/*
 * What QEMU's threads ran and waited, in all and per thread (by their
 * index in threads[]): a window's wait is its most waiting thread's, so
 * that threads runnable at once do not add up past the wall clock.
 */
struct cpu_time {
	double ran, waited;
	unsigned n;
	double thread_waited[MAX_THREADS];
};

/* The seconds the most waiting thread waited from `from` to `to`. */
static double waited_since(const struct cpu_time *from, const struct cpu_time *to)
{
	double most = 0;

	for (unsigned i = 0; i < to->n; i++) {
		double w = to->thread_waited[i] - (i < from->n ? from->thread_waited[i] : 0);

		if (w > most)
			most = w;
	}
	return most;
}

/* Whether the thread is runnable (state R in /proc/PID/task/TID/stat). */
static int is_runnable(const char *task_dir, long tid)
{
	char path[128], buf[512], *paren;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%ld/stat", task_dir, tid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	paren = strrchr(buf, ')');	/* the name may hold spaces and parentheses */
	return paren && paren[1] == ' ' && paren[2] == 'R';
}

static void thread_sample(struct qemu_thread *th, double ran, double waited, int runnable, double t_now)
{
	if (th->sampled_at >= 0) {
		double counted = (ran - th->ran) + (waited - th->waited);
		double unaccounted = t_now - th->sampled_at - counted;

		/* The count caught up with a wait already taken as pending. */
		th->pending -= waited - th->waited;
		if (th->pending < 0)
			th->pending = 0;
		if (runnable && th->runnable && unaccounted > 0)
			th->pending += unaccounted;
	}
	th->ran = ran;
	th->waited = waited;
	th->runnable = runnable;
	th->sampled_at = t_now;
}

/* Reads every live thread of pid; a thread that ended keeps its last figures. */
static struct cpu_time qemu_cpu_time(pid_t pid)
{
	double t_now = now();
	struct cpu_time t = { 0 };
	char path[64];
	struct dirent *e;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	while (d && (e = readdir(d))) {
		char stat_path[128];
		unsigned long long ran, waited;
		long tid = atol(e->d_name);
		unsigned i;
		FILE *f;

		if (tid <= 0)
			continue;
		snprintf(stat_path, sizeof(stat_path), "%s/%ld/schedstat", path, tid);
		f = fopen(stat_path, "r");
		if (!f)
			continue;
		if (fscanf(f, "%llu %llu", &ran, &waited) == 2) {
			for (i = 0; i < nthreads && threads[i].tid != tid; i++)
				;
			if (i == nthreads && nthreads < MAX_THREADS) {
				threads[nthreads].tid = tid;
				threads[nthreads++].sampled_at = -1;
			}
			if (i < nthreads)
				thread_sample(&threads[i], ran / 1e9, waited / 1e9, is_runnable(path, tid), t_now);
		}
		fclose(f);
	}
	if (d)
		closedir(d);
	for (unsigned i = 0; i < nthreads; i++) {
		t.ran += threads[i].ran;
		t.waited += threads[i].waited + threads[i].pending;
		t.thread_waited[i] = threads[i].waited + threads[i].pending;
	}
	t.n = nthreads;
	return t;
}

/*
 * The worst time limit the host decided: a program (or the boot) whose
 * limit ran out while QEMU waited for a CPU more than max_wait of the time.
 */
struct overload {
	double share;		/* waited / wall over the window, 0 if none ran out */
	char what[300];
};

static void overload_note(struct overload *o, double waited, double wall, double max_wait,
			  const char *what)
{
	double share = wall > 0 ? waited / wall : 0;

	/* A limit of seconds cannot have run out in less than one: such a
	 * window (a program that reports its own TIMEOUT at once) says
	 * nothing of the host. */
	if (wall < 1.0 || share <= max_wait || share <= o->share)
		return;
	o->share = share;
	snprintf(o->what, sizeof(o->what),
		 KMX_HOST_OVERLOADED "QEMU waited for a CPU %.1f s of the %.1f s in which %s (over %.0f%%)",
		 waited, wall, what, max_wait * 100);
}

/*
 * Whether a result the reader took since index `from` ran out of time: a
 * TIMEOUT of init or of our harness (ktap_writer.h), or a test that the
 * kernel's kselftest_harness.h ended ("Test terminated by timeout").
 */
static int timed_out_since(const struct ktap_state *k, size_t from)
{
	for (size_t i = from; i < k->ntests; i++) {
		const struct ktap_test_result *t = &k->tests[i];

		if (t->status != KMX_FAIL && t->status != KMX_ERROR)
			continue;
		if (ktap_timed_out(t->reason, t->diag))
			return 1;
	}
	return 0;
}

struct boot {
	enum kmx_boot_outcome status;	/* KMX_NBOOT_OUTCOME until decided */
	char reason[512];
	double seconds;
	char first_panic[256];
	int marker_seen;
	int warnings;
	int guest_started;	/* the kernel printed its banner */
	struct cpu_time qemu;	/* what QEMU ran and waited in all */
};

/* A result of the record: its `test` line and one `diag` line per line of DIAG. */
static void put_result(FILE *f, const char *name, enum kmx_test_status status,
		       const char *reason, const char *diag)
{
	fprintf(f, "test\t");
	put_field(f, name);
	fprintf(f, "\t%s\t", kmx_test_status_name[status]);
	put_field(f, reason);
	fputc('\n', f);
	while (*diag) {
		size_t len = strcspn(diag, "\n");
		char line[1024];

		snprintf(line, sizeof(line), "%.*s", (int)len, diag);
		fprintf(f, "diag\t");
		put_field(f, name);
		fputc('\t', f);
		put_field(f, line);
		fputc('\n', f);
		diag += len + (diag[len] == '\n');
	}
}

/* The programs that did not build (--unbuilt): PROGRAM.build, failed. */
#define UNBUILT_LOG_LINES 40
static int put_unbuilt(FILE *f, const char *path)
{
	char line[2048];
	FILE *in = fopen(path, "r");

	if (!in)
		return errno == ENOENT ? 0 : error("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), in)) {
		char *prog = strtok(line, "\t\n"), *why = strtok(NULL, "\t\n");
		char *log_path = strtok(NULL, "\t\n");
		char name[300], reason[600], diag[UNBUILT_LOG_LINES * 160] = "", l[160];
		FILE *log = log_path ? fopen(log_path, "r") : NULL;
		size_t used = 0;

		if (!prog)
			continue;
		snprintf(name, sizeof(name), "%s.build", prog);
		snprintf(reason, sizeof(reason), "did not build at this point: %s",
			 why ? why : "(no error line in its log)");
		for (int n = 0; log && n < UNBUILT_LOG_LINES && fgets(l, sizeof(l), log); n++)
			used += snprintf(diag + used, sizeof(diag) - used, "%s", l);
		if (log)
			fclose(log);
		else if (log_path)
			snprintf(diag, sizeof(diag), "%s: %s", log_path, strerror(errno));
		put_result(f, name, KMX_FAIL, reason, diag);
	}
	fclose(in);
	return 0;
}

static const struct cpu_time no_time;

static int write_record(const char *out, const struct boot *b, const char *cmd,
			const struct ktap_state *k, const char *unbuilt)
{
	char tmp[4096];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", out);
	f = fopen(tmp, "w");
	if (!f)
		return error("%s: %s", tmp, strerror(errno));
	fprintf(f, "boot\t%s\t%.1f\t", kmx_boot_outcome_name[b->status], b->seconds);
	put_field(f, b->reason);
	fprintf(f, "\nqemu\t");
	put_field(f, cmd);
	/* CPU time over all threads; the wait of the most waiting one, as the
	 * overload check counts it (threads wait side by side). */
	fprintf(f, "\nhost\t%.1f\t%.1f\n", b->qemu.ran, waited_since(&no_time, &b->qemu));
	if (unbuilt && put_unbuilt(f, unbuilt)) {
		fclose(f);
		return -1;
	}
	for (size_t i = 0; i < k->ntests; i++) {
		const struct ktap_test_result *t = &k->tests[i];

		put_result(f, t->name, t->status, t->reason, t->diag);
	}
	for (unsigned i = 0; i < nwarnings; i++) {
		const struct kernel_warning *w = &warnings[i];
		char name[340];
		unsigned same = 0;

		for (unsigned j = 0; j < i; j++)
			same += !strcmp(warnings[j].test, w->test);
		if (same)
			snprintf(name, sizeof(name), WARNING_RESULT "%s#%u", w->test, same + 1);
		else
			snprintf(name, sizeof(name), WARNING_RESULT "%s", w->test);
		put_result(f, name, KMX_FAIL,
			   w->first[0] ? w->first : "a kernel warning (no WARNING: line)", w->diag);
	}
	if (fclose(f) || rename(tmp, out))
		return error("%s: %s", out, strerror(errno));
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: bootrun --log FILE --out FILE --timeout S --silence S "
		"[--marker TEXT] [--unbuilt FILE] [--max-wait PERCENT] -- QEMU ARGS...\n");
	exit(2);
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
	double timeout = -1, silence = -1, start, last_output, marker_at = 0, panic_at = 0;
	double max_wait = 0.5, program_start;
	/* static: each holds a figure per thread */
	static struct cpu_time at_start, at_program_start, at_last_output;
	double limit_from = 0;
	struct overload overload = { 0, "" };
	size_t program_first_test = 0;
	int programs_seen = 0;
	static char cmd[16384], line[4096];
	struct boot b = { .status = KMX_NBOOT_OUTCOME };
	struct ktap_state k;
	size_t line_len = 0;
	int i, pipefd[2], status = 0, exited = 0, qemu_failed_exec = 0;
	FILE *log;
	pid_t pid;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--log"))
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
	if (!log_path || !out_path || i + 1 >= argc)
		usage();
	/* -1: not given (number_arg() takes no negative number) */
	if (timeout < 0 || silence < 0) {
		fprintf(stderr, "bootrun: %s missing: the time limits are the Makefile's "
			"(BOOT_TIMEOUT, BOOT_SILENCE)\n", timeout < 0 ? "--timeout" : "--silence");
		exit(2);
	}
	argv += i + 1;

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
					qemu_failed_exec = 1;
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
					overload_note(&overload, waited_since(&at_program_start, &q),
						      now() - program_start, max_wait, what);
				program_start = now();
				at_program_start = q;
				program_first_test = k.ntests;
			}
		}
		if (eof) {
			waitpid(pid, &status, 0);
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
			if (waitpid(pid, &status, WNOHANG) == pid)
				exited = 1;
			else
				usleep(100000);
		}
		if (!exited) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
		}
	}
	b.seconds = (marker_at ? marker_at : now()) - start;
	fclose(log);
	/* The boot's own limits: over the whole boot, or the console's silence. */
	if (b.status == KMX_BOOT_TIMEOUT)
		overload_note(&overload, waited_since(limit_from == start ? &at_start : &at_last_output, &b.qemu),
			      now() - limit_from, max_wait, "the boot ran out of time");

	if (interrupted) {
		b.status = KMX_BOOT_INTERRUPTED;
		snprintf(b.reason, sizeof(b.reason), "stopped by signal %d", (int)interrupted);
	} else if (panic_at) {
		b.status = KMX_BOOT_PANIC;
		snprintf(b.reason, sizeof(b.reason), "%s", b.first_panic);
	} else if (b.status == KMX_BOOT_TIMEOUT) {
		/* already explained */
	} else if (marker_at) {
		if (k.ntests == 0) {
			b.status = KMX_BOOT_NO_RESULTS;
			snprintf(b.reason, sizeof(b.reason), "end marker but no KTAP results");
		} else {
			b.status = KMX_BOOT_OK;
			if (b.warnings)
				snprintf(b.reason, sizeof(b.reason), "%d kernel warning(s) on the console", b.warnings);
		}
	} else if (b.guest_started && !qemu_failed_exec &&
		   ((WIFEXITED(status) && WEXITSTATUS(status) != 0) || WIFSIGNALED(status))) {
		/*
		 * After the kernel started, QEMU giving up is the guest's doing
		 * (sparc32's "Error state" and m68k's "DOUBLE MMU FAULT" end in
		 * cpu_abort()): a result about the kernel, not the machine.
		 */
		b.status = KMX_BOOT_QEMU_ABORT;
		if (WIFEXITED(status))
			snprintf(b.reason, sizeof(b.reason), "QEMU exited with status %d while the kernel ran (see console log)", WEXITSTATUS(status));
		else
			snprintf(b.reason, sizeof(b.reason), "QEMU died by signal %d while the kernel ran (see console log)", WTERMSIG(status));
	} else if (qemu_failed_exec || (WIFEXITED(status) && WEXITSTATUS(status) != 0) ||
		   WIFSIGNALED(status)) {
		b.status = KMX_BOOT_QEMU_ERROR;
		if (WIFEXITED(status))
			snprintf(b.reason, sizeof(b.reason), "QEMU exited with status %d before the end marker (see console log)", WEXITSTATUS(status));
		else
			snprintf(b.reason, sizeof(b.reason), "QEMU died by signal %d", WTERMSIG(status));
	} else {
		b.status = KMX_BOOT_NO_RESULTS;
		snprintf(b.reason, sizeof(b.reason), "QEMU exited before the end marker, %zu KTAP results", k.ntests);
	}
	/*
	 * A limit that ran out on a busy host judges the host, not the kernel:
	 * the cell is infra (and booted again), its results kept as they came.
	 * A guest that hangs idle makes QEMU wait for nothing, so a real hang
	 * stays a timeout however busy the host is.
	 */
	if (overload.share > 0 && (b.status == KMX_BOOT_OK || b.status == KMX_BOOT_TIMEOUT)) {
		b.status = KMX_BOOT_INFRA;
		snprintf(b.reason, sizeof(b.reason), "%s", overload.what);
	}
	ktap_finish(&k);
	warnings_attribute(&k, 1);
	if (write_record(out_path, &b, cmd, &k, unbuilt))
		return 1;
	ktap_free(&k);
	if (interrupted)
		return 130;
	return b.status != KMX_BOOT_OK;
}
