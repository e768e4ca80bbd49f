// SPDX-License-Identifier: GPL-2.0
/*
 * PID 1 of the test initramfs. It mounts what the tests need, turns on core
 * dumps into /tmp, then runs every program in /tests, then every program in
 * /kselftests (each folder sorted by name), each in its own child and
 * process group with a timeout, and prints one KTAP document in which each
 * program is a subtest: the program's own KTAP, indented two spaces, then
 * the program's result line (all through ktap_writer.h). Then the end
 * marker the host waits for (vocab.h), and a reboot (QEMU runs with
 * -no-reboot, so that ends it).
 *
 * /kselftests holds the kernel's own selftests (a second cpio archive the
 * host adds per point). Their test names are the harness's ("TRACE_syscall.
 * ptrace.kill_after"), not unique across programs, so each gets a
 * "# Subtest: <program>" line first, as KUnit writes it, and the host names
 * its results "<program>.<test>". Ours need no such line: their names are
 * unique, and the expectations key on them as they are.
 *
 * The kernel command line must carry kmatrix_timeout=<seconds per program>:
 * wall-clock seconds from the program's start, whatever it prints, passed
 * on to the program in its environment (ktap_writer.h: its tests' limits
 * must fit in it). Without a valid one no program runs: each is an error
 * result that says why, since any number here would be a second owner of
 * the host's. It may carry kmatrix_gcov=1 (make coverage): the kernel's
 * gcov counters written to the console after the boot and after each
 * program (vocab.h, KMX_GCOV); and kmatrix_only=NAME[,NAME...]
 * (GUEST_ONLY, a cell's reproduce.sh): only those programs, of either
 * folder; NAME:TEST runs only that test of one of ours (its -t TEST). A
 * name that is no program is an error result of its own, and a test it
 * does not have is one of the program's, so a mistyped name never reads
 * as a clean run.
 */
#include "init_cmdline.h"
#include "init_gcov.h"
#include "init_relay.h"

#define MAX_TESTS	64
/* KSFT_SKIP of tools/testing/selftests/kselftest.h: the whole program skipped. */
#define KSFT_SKIP	4

static const struct test_dir {
	const char *path;
	int kselftest;		/* the kernel's selftests: named subtests, KSFT_SKIP */
} test_dirs[] = {
	{ "/tests", 0 },
	{ "/kselftests", 1 },
};
/*
 * %P, the pid in the initial namespace, which is the pid the tests know: a
 * process that is the init of a PID namespace of its own is 1 to %p.
 */
#define CORE_PATTERN	"/tmp/core.%e.%P"

static struct program {
	char name[64];
	const struct test_dir *dir;
} progs[MAX_TESTS];
static unsigned ntests;

static void diag(const char *what, long err)
{
	ktap_diag("init: %s: error %ld", what, err);
}

static void setup(void)
{
	static const struct { const char *type, *dir; } mounts[] = {
		{ "proc", "/proc" }, { "devtmpfs", "/dev" }, { "tmpfs", "/tmp" },
	};
	struct kmx_rlimit64 unlimited = { ~0ULL, ~0ULL };
	long r;

	for (unsigned i = 0; i < sizeof(mounts) / sizeof(mounts[0]); i++) {
		sys_mkdir(mounts[i].dir, 0755);
		r = sys_mount(mounts[i].type, mounts[i].dir, mounts[i].type, 0, NULL);
		if (r < 0 && r != -EBUSY)
			diag(mounts[i].dir, r);
	}
	/* Core dumps: the forced-exit tests check that one is written. */
	r = k_write_file("/proc/sys/kernel/core_pattern", CORE_PATTERN);
	if (r < 0)
		diag("core_pattern", r);
	r = sys_prlimit64(0, RLIMIT_CORE, &unlimited, NULL);
	if (r < 0)
		diag("RLIMIT_CORE", r);
}

/* Adds the programs of one folder, sorted by name, after those before it. */
static void list_dir(const struct test_dir *dir)
{
	char buf[4096];
	int fd = sys_open(dir->path, O_RDONLY | O_DIRECTORY, 0);
	unsigned first = ntests;
	long n;

	if (fd < 0) {
		/* Only /tests must be there: an arch may have no selftests. */
		if (!dir->kselftest || fd != -ENOENT)
			diag(dir->path, fd);
		return;
	}
	while ((n = sys_getdents64(fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct kmx_dirent64 *d = (void *)(buf + off);

			off += d->reclen;
			if (d->name[0] == '.' || k_strlen(d->name) >= sizeof(progs[0].name))
				continue;
			if (only[0]) {
				int i = only_index(d->name);

				if (i < 0)
					continue;
				if ((unsigned)i < ONLY_MAX)
					only_found[i] = 1;
			}
			if (ntests == MAX_TESTS) {
				ktap_diag("init: more than %d programs: %s not run", MAX_TESTS, d->name);
				continue;
			}
			memcpy(progs[ntests].name, d->name, k_strlen(d->name) + 1);
			progs[ntests++].dir = dir;
		}
	}
	sys_close(fd);
	/* Insertion sort: the run order must not depend on the directory. */
	for (unsigned i = first + 1; i < ntests; i++)
		for (unsigned j = i; j > first && k_strcmp(progs[j - 1].name, progs[j].name) > 0; j--) {
			struct program t = progs[j];

			progs[j] = progs[j - 1];
			progs[j - 1] = t;
		}
}

/*
 * Reaps the orphans that became init's children. The program itself may end
 * between its own wait4() and this one: then its status is kept here and
 * 1 returned, or its end would be lost and the program taken for hung (seen
 * with powerpc's signal selftest, which prints its result and exits at once).
 */
static int reap_others(kmx_pid_t pid, int *pid_status)
{
	int status, reaped = 0;
	kmx_pid_t r;

	while ((r = sys_wait4(-1, &status, WNOHANG | __WALL)) > 0)
		if (r == pid) {
			*pid_status = status;
			reaped = 1;
		}
	return reaped;
}

/* The most words of a program's command line: its name, kmatrix_only='s -t TESTs, the end. */
#define PROGRAM_ARGS	34

/*
 * Starts a program (argv, with the tests kmatrix_only= names of it), its
 * output into fds[1], in a process group of its own; its pid, or < 0.
 */
static kmx_pid_t start_program(const struct program *prog, char **argv, unsigned long timeout_s,
			       const int fds[2])
{
	char limit[sizeof(KTAP_LIMIT_KEY) + 24];
	char *envp[2] = { limit, NULL };
	static char tests[sizeof(only)];
	int n = only_test_args(prog->name, argv + 1, PROGRAM_ARGS - 2, tests, sizeof(tests));
	kmx_pid_t pid;

	/* The kernel's selftests of this tree take no test names (kselftest_harness.h has no -t). */
	if (n && prog->dir->kselftest) {
		ktap_diag("kmatrix_only=%s: %s runs whole: the kernel's selftests here take no test names",
			  only, prog->name);
		n = 0;
	}
	argv[n + 1] = NULL;

	k_snprintf(limit, sizeof(limit), KTAP_LIMIT_KEY "%lu", timeout_s);
	pid = sys_fork();
	if (pid == 0) {
		sys_setpgid(0, 0);
		sys_dup3(fds[1], 1, 0);
		sys_dup3(fds[1], 2, 0);
		sys_execve(argv[0], argv, envp);
		ktap_diag("exec %s failed", argv[0]);
		sys_exit_group(127);
	}
	return pid;
}

/* How a program ran: whether it exited, its status, its limit, a clock error. */
struct program_end {
	int exited, status;
	unsigned long limit_ms;
	long clock_err;
};

/*
 * Relays the program's output until it exits or its limit runs out. The
 * limit is wall-clock time: counting only the polls that saw no output
 * let a program that keeps printing run forever. Without a clock the
 * program is ended at once, not left to run unbounded.
 */
static void watch_program(kmx_pid_t pid, int fd, struct relay *relay, unsigned long timeout_s,
			  struct program_end *e)
{
	unsigned long start, now;

	e->limit_ms = timeout_s * 1000UL;
	e->clock_err = k_monotonic_ms(&start);
	now = start;
	while (!e->exited && !e->clock_err && now - start < e->limit_ms) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		struct kmx_timespec ts = { 0, 100 * 1000000L };
		kmx_pid_t r;

		sys_ppoll(&pfd, 1, &ts);
		relay_drain(relay, fd, RELAY_BURST);
		/* As long as its tests need, up to KTAP_NEEDS_MAX of its limit (ktap_limits.h). */
		if (relay->needs_ms > e->limit_ms)
			e->limit_ms = relay->needs_ms < timeout_s * 1000UL * KTAP_NEEDS_MAX ?
				      relay->needs_ms : timeout_s * 1000UL * KTAP_NEEDS_MAX;
		r = sys_wait4(pid, &e->status, WNOHANG | __WALL);
		e->exited = r == pid;
		if ((r == 0 || r == pid) && reap_others(pid, &e->status))
			e->exited = 1;
		/* EOF before exit: the child closed its output; keep waiting. */
		if (pfd.revents & POLLHUP)
			k_sleep_ms(50);
		e->clock_err = k_monotonic_ms(&now);
	}
	if (e->clock_err)
		diag("clock_gettime(CLOCK_MONOTONIC)", e->clock_err);
}

/* The program's result line, from how it ended. */
static void program_result(const struct program *prog, const struct program_end *e, const struct relay *relay)
{
	const char *name = prog->name;

	if (!e->exited && e->clock_err)
		ktap_resultf(KMX_ERROR, name, "no monotonic clock (%ld): the program was ended unjudged", e->clock_err);
	else if (!e->exited)
		ktap_result_timeout(name, e->limit_ms % 1000 ? e->limit_ms : e->limit_ms / 1000,
				    e->limit_ms % 1000 ? "ms" : "s");
	else if (WIFSIGNALED(e->status))
		ktap_resultf(KMX_ERROR, name, "killed by signal %d", WTERMSIG(e->status));
	else if (prog->dir->kselftest && WEXITSTATUS(e->status) == KSFT_SKIP)
		ktap_resultf(KMX_SKIP, name, "KSFT_SKIP: %s", relay->last[0] ? relay->last : "(no output)");
	else if (WEXITSTATUS(e->status))
		ktap_resultf(KMX_FAIL, name, "exit status %d", WEXITSTATUS(e->status));
	else
		ktap_result(KMX_PASS, name, NULL);
}

/* Runs one program and prints its result line, whatever happens. */
static void run_test(const struct program *prog, unsigned long timeout_s)
{
	static struct relay relay;
	struct program_end e = { 0 };
	char path[96], *argv[PROGRAM_ARGS] = { path, NULL };
	int fds[2];
	kmx_pid_t pid;

	relay.len = 0;
	relay.last[0] = 0;
	relay.needs_ms = 0;
	k_snprintf(path, sizeof(path), "%s/%s", prog->dir->path, prog->name);
	if (prog->dir->kselftest) {
		char subtest[96];

		k_snprintf(subtest, sizeof(subtest), "# Subtest: %s", prog->name);
		ktap_print_subtest_line(subtest, k_strlen(subtest));
	}
	if (sys_pipe2(fds, O_CLOEXEC) < 0) {
		ktap_result(KMX_ERROR, prog->name, "pipe failed");
		return;
	}
	pid = start_program(prog, argv, timeout_s, fds);
	sys_close(fds[1]);
	if (pid < 0) {
		sys_close(fds[0]);
		ktap_resultf(KMX_ERROR, prog->name, "fork failed: %d", pid);
		return;
	}
	sys_fcntl(fds[0], F_SETFL, O_NONBLOCK);
	ktap_diag("running %s", prog->name);
	watch_program(pid, fds[0], &relay, timeout_s, &e);
	/* Its descendants may still hold the pipe: end the whole group. */
	sys_kill(-pid, SIGKILL);
	if (!e.exited) {
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &e.status, __WALL);
	}
	relay_drain(&relay, fds[0], RELAY_REST);
	relay_flush(&relay);
	sys_close(fds[0]);
	reap_others(pid, &e.status);
	program_result(prog, &e, &relay);
}

int main(int argc, char **argv, char **envp)
{
	char limit[32], no_limit[KTAP_REASON_MAX] = "";
	unsigned long timeout_s;

	(void)argc, (void)argv, (void)envp;
	setup();
	cmdline_word(KTAP_LIMIT_KEY, limit, sizeof(limit));
	timeout_s = ktap_limit_seconds(limit);
	if (!timeout_s && limit[0])
		k_snprintf(no_limit, sizeof(no_limit), "%s%s on the kernel command line "
			   "is no whole number of seconds from 1", KTAP_LIMIT_KEY, limit);
	else if (!timeout_s)
		k_snprintf(no_limit, sizeof(no_limit), "no %s<seconds> on the kernel command line",
			   KTAP_LIMIT_KEY);
	cmdline_word("kmatrix_only=", only, sizeof(only));
	gcov_setup();
	for (unsigned i = 0; i < sizeof(test_dirs) / sizeof(test_dirs[0]); i++)
		list_dir(&test_dirs[i]);
	ktap_print_header();
	if (timeout_s)
		ktap_diag("kmatrix init on %s: %u test programs, %lu s each at most",
			  KMX_ARCH_NAME, ntests, timeout_s);
	else
		ktap_diag("kmatrix init on %s: %u test programs, none run: %s", KMX_ARCH_NAME, ntests, no_limit);
	if (only[0])
		ktap_diag("kmatrix_only=%s: only these programs run", only);
	ktap_set_plan(ntests + only_missing(0));
	gcov_profile("boot");
	for (unsigned i = 0; i < ntests; i++) {
		if (timeout_s)
			run_test(&progs[i], timeout_s);
		else
			ktap_resultf(KMX_ERROR, progs[i].name, "not run: %s", no_limit);
		gcov_profile(progs[i].name);
	}
	only_missing(1);
	k_printf(KMX_END_MARKER "\n");
	sys_reboot(LINUX_REBOOT_CMD_RESTART);
	for (;;)		/* PID 1 must not exit: that panics */
		k_sleep_ms(1000);
}
