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
 * The kernel command line may carry kmatrix_timeout=<seconds per program>:
 * wall-clock seconds from the program's start, whatever it prints; and
 * kmatrix_gcov=1 (make coverage): the kernel's gcov counters written to the
 * console after the boot and after each program (vocab.h, KMX_GCOV); and
 * kmatrix_only=NAME[,NAME...] (GUEST_ONLY, a cell's reproduce.sh): only
 * those programs, of either folder. A name that is no program is an error
 * result of its own, so a mistyped name never reads as a clean run.
 */
#include "ktap_writer.h"

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

static int write_file(const char *path, const char *text)
{
	int fd = sys_open(path, O_WRONLY, 0);
	long r;

	if (fd < 0)
		return fd;
	r = sys_write(fd, text, k_strlen(text));
	sys_close(fd);
	return r < 0 ? r : 0;
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
	r = write_file("/proc/sys/kernel/core_pattern", CORE_PATTERN);
	if (r < 0)
		diag("core_pattern", r);
	r = sys_prlimit64(0, RLIMIT_CORE, &unlimited, NULL);
	if (r < 0)
		diag("RLIMIT_CORE", r);
}

/* kmatrix_only=: the programs to run, comma-separated (empty: all). */
static char only[256];
static int only_found[16];
#define ONLY_MAX	(sizeof(only_found) / sizeof(only_found[0]))

/* The value of KEY on the kernel command line, up to a space or control character, or "". */
static void cmdline_word(const char *key, char *out, size_t size)
{
	char buf[1024];
	const char *p;
	size_t n = 0;

	out[0] = 0;
	if (k_read_file("/proc/cmdline", buf, sizeof(buf)) < 0 || !(p = k_strstr(buf, key)))
		return;
	for (p += k_strlen(key); (unsigned char)*p > ' ' && n + 1 < size; p++)
		out[n++] = *p;
	out[n] = 0;
}

/* The index of name in kmatrix_only's list, or -1 (not listed; always -1 when no list). */
static int only_index(const char *name)
{
	size_t len = k_strlen(name);
	int i = 0;

	for (const char *p = only; *p; i++) {
		const char *end = p;

		while (*end && *end != ',')
			end++;
		if ((size_t)(end - p) == len && !k_strncmp(p, name, len))
			return i;
		p = *end ? end + 1 : end;
	}
	return -1;
}

/* A number the kernel command line gives, or dflt. */
static long cmdline_number(const char *key, long dflt)
{
	char word[32];

	cmdline_word(key, word, sizeof(word));
	return k_atol(word) > 0 ? k_atol(word) : dflt;
}

/* ---- coverage (kmatrix_gcov=1) ------------------------------------------ */

#define GCOV_DIR	"/debug/gcov"
/* The largest .gcda read whole; a bigger one is reported, not cut. */
#define GCOV_FILE_MAX	(1L << 20)

static int gcov_on;

static void gcov_line(const char *text)
{
	k_printf(KMX_GCOV "%s\n", text);
}

/* Writes one file's bytes in the form vocab.h gives, then its sum. */
static void gcov_send(const char *path)
{
	static unsigned char data[GCOV_FILE_MAX];
	char line[KMX_GCOV_LINE_MAX];
	static const char hex[] = "0123456789abcdef";
	unsigned sum = 2166136261u;
	long size = 0, n;
	unsigned len;
	int fd = sys_open(path, O_RDONLY, 0);

	if (fd < 0) {
		k_snprintf(line, sizeof(line), "error %s: open: %d", path, fd);
		gcov_line(line);
		return;
	}
	while (size < GCOV_FILE_MAX && (n = sys_read(fd, data + size, GCOV_FILE_MAX - size)) > 0)
		size += n;
	sys_close(fd);
	if (size == GCOV_FILE_MAX || n < 0) {
		k_snprintf(line, sizeof(line), "error %s: %s", path, n < 0 ? "read failed" : "over 1 MiB");
		gcov_line(line);
		return;
	}
	k_snprintf(line, sizeof(line), "file %s %ld", path, size);
	gcov_line(line);
	len = 0;
	for (long i = 0; i < size;) {
		long run = 0;

		while (i + run < size && !data[i + run])
			run++;
		/* Room for the longest token: "z" 8 hex digits ";". */
		if (len > sizeof(line) - 16) {
			line[len] = 0;
			gcov_line(line);
			len = 0;
		}
		if (!len) {
			memcpy(line, "data ", 5);
			len = 5;
		}
		if (run >= 3) {
			len += k_snprintf(line + len, sizeof(line) - len, "z%x;", (unsigned)run);
			for (long j = 0; j < run; j++)
				sum = (sum ^ 0) * 16777619u;
			i += run;
			continue;
		}
		line[len++] = hex[data[i] >> 4];
		line[len++] = hex[data[i] & 15];
		sum = (sum ^ data[i]) * 16777619u;
		i++;
	}
	if (len) {
		line[len] = 0;
		gcov_line(line);
	}
	k_snprintf(line, sizeof(line), "end %x", sum);
	gcov_line(line);
}

/* Every .gcda under dir (debugfs mirrors the build tree's folders). */
static void gcov_walk(char *dir, unsigned dir_len, unsigned cap)
{
	char buf[4096];
	int fd = sys_open(dir, O_RDONLY | O_DIRECTORY, 0);
	long n;

	if (fd < 0)
		return;
	while ((n = sys_getdents64(fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct kmx_dirent64 *d = (void *)(buf + off);
			unsigned len = k_strlen(d->name);

			off += d->reclen;
			if (d->name[0] == '.' || dir_len + 1 + len >= cap)
				continue;
			dir[dir_len] = '/';
			memcpy(dir + dir_len + 1, d->name, len + 1);
			if (d->type == DT_DIR)
				gcov_walk(dir, dir_len + 1 + len, cap);
			else if (d->type == DT_REG && len > 5 && !k_strcmp(d->name + len - 5, ".gcda"))
				gcov_send(dir);
			dir[dir_len] = 0;
		}
	}
	sys_close(fd);
}

/* What ran since the last profile, named NAME; then the counters start again. */
static void gcov_profile(const char *name)
{
	char path[512] = GCOV_DIR, line[KMX_GCOV_LINE_MAX];
	long r;

	if (!gcov_on)
		return;
	k_snprintf(line, sizeof(line), "profile %s", name);
	gcov_line(line);
	gcov_walk(path, k_strlen(path), sizeof(path));
	r = write_file(GCOV_DIR "/reset", "1");
	if (r < 0) {
		k_snprintf(line, sizeof(line), "error reset: %ld", r);
		gcov_line(line);
	}
}

static void gcov_setup(void)
{
	char line[KMX_GCOV_LINE_MAX];
	long r;

	gcov_on = cmdline_number("kmatrix_gcov=", 0) == 1;
	if (!gcov_on)
		return;
	sys_mkdir("/debug", 0755);
	r = sys_mount("debugfs", "/debug", "debugfs", 0, NULL);
	if (r < 0 && r != -EBUSY) {
		k_snprintf(line, sizeof(line), "error debugfs: mount: %ld", r);
		gcov_line(line);
	}
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

/* Copies the child's output to the console, each line indented. */
struct relay {
	char line[KTAP_LINE_MAX];
	unsigned len;
	char last[KTAP_LINE_MAX];	/* the last line that was not empty: why a selftest skipped */
};

/*
 * How much of the child's output one poll passes on: a child that writes
 * faster than the console takes it keeps the pipe full, and an unbounded
 * drain would never get back to the clock.
 */
#define RELAY_BURST	16384
/* After the child's end: at most what a pipe holds (16 pages of up to 64 KiB). */
#define RELAY_REST	(1L << 20)

static void relay_flush(struct relay *r)
{
	if (!r->len)
		return;
	ktap_print_subtest_line(r->line, r->len);
	memcpy(r->last, r->line, r->len);
	r->last[r->len] = 0;
	r->len = 0;
}

/* Stops at EOF, at -EAGAIN (nothing left for now), or after max bytes. */
static void relay_drain(struct relay *r, int fd, long max)
{
	char buf[512];
	long n;

	for (; max > 0 && (n = sys_read(fd, buf, sizeof(buf))) > 0; max -= n)
		for (long i = 0; i < n; i++) {
			if (buf[i] == '\n' || r->len == sizeof(r->line) - 1)
				relay_flush(r);
			if (buf[i] != '\n')
				r->line[r->len++] = buf[i];
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

/* Runs one program and prints its result line, whatever happens. */
static void run_test(const struct program *prog, unsigned timeout_s)
{
	char path[96], *argv[2] = { path, NULL }, *envp[1] = { NULL };
	static struct relay relay;
	const char *name = prog->name;
	int fds[2], status = 0, exited = 0;
	unsigned long start, now;
	long clock_err;
	kmx_pid_t pid;

	relay.len = 0;
	relay.last[0] = 0;
	k_snprintf(path, sizeof(path), "%s/%s", prog->dir->path, name);
	if (prog->dir->kselftest) {
		char subtest[96];

		k_snprintf(subtest, sizeof(subtest), "# Subtest: %s", name);
		ktap_print_subtest_line(subtest, k_strlen(subtest));
	}
	if (sys_pipe2(fds, O_CLOEXEC) < 0) {
		ktap_result(KMX_ERROR, name, "pipe failed");
		return;
	}
	pid = sys_fork();
	if (pid == 0) {
		sys_setpgid(0, 0);
		sys_dup3(fds[1], 1, 0);
		sys_dup3(fds[1], 2, 0);
		sys_execve(path, argv, envp);
		ktap_diag("exec %s failed", path);
		sys_exit_group(127);
	}
	sys_close(fds[1]);
	if (pid < 0) {
		sys_close(fds[0]);
		ktap_resultf(KMX_ERROR, name, "fork failed: %d", pid);
		return;
	}
	sys_fcntl(fds[0], F_SETFL, O_NONBLOCK);
	ktap_diag("running %s", name);
	/*
	 * The timeout is wall-clock time: counting only the polls that saw no
	 * output let a program that keeps printing run forever. Without a
	 * clock the program is ended at once, not left to run unbounded.
	 */
	clock_err = k_monotonic_ms(&start);
	now = start;
	while (!exited && !clock_err && now - start < timeout_s * 1000UL) {
		struct pollfd pfd = { .fd = fds[0], .events = POLLIN };
		struct kmx_timespec ts = { 0, 100 * 1000000L };
		kmx_pid_t r;

		sys_ppoll(&pfd, 1, &ts);
		relay_drain(&relay, fds[0], RELAY_BURST);
		r = sys_wait4(pid, &status, WNOHANG | __WALL);
		exited = r == pid;
		if ((r == 0 || r == pid) && reap_others(pid, &status))
			exited = 1;
		/* EOF before exit: the child closed its output; keep waiting. */
		if (pfd.revents & POLLHUP)
			k_sleep_ms(50);
		clock_err = k_monotonic_ms(&now);
	}
	if (clock_err)
		diag("clock_gettime(CLOCK_MONOTONIC)", clock_err);
	/* Its descendants may still hold the pipe: end the whole group. */
	sys_kill(-pid, SIGKILL);
	if (!exited) {
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &status, __WALL);
	}
	relay_drain(&relay, fds[0], RELAY_REST);
	relay_flush(&relay);
	sys_close(fds[0]);
	reap_others(pid, &status);

	if (!exited && clock_err)
		ktap_resultf(KMX_ERROR, name, "no monotonic clock (%ld): the program was ended unjudged", clock_err);
	else if (!exited)
		ktap_result_timeout(name, timeout_s, "s");
	else if (WIFSIGNALED(status))
		ktap_resultf(KMX_ERROR, name, "killed by signal %d", WTERMSIG(status));
	else if (prog->dir->kselftest && WEXITSTATUS(status) == KSFT_SKIP)
		ktap_resultf(KMX_SKIP, name, "KSFT_SKIP: %s", relay.last[0] ? relay.last : "(no output)");
	else if (WEXITSTATUS(status))
		ktap_resultf(KMX_FAIL, name, "exit status %d", WEXITSTATUS(status));
	else
		ktap_result(KMX_PASS, name, NULL);
}

/* kmatrix_only= names that are no program (or past ONLY_MAX): each an error result. */
static unsigned only_missing(int report)
{
	char name[64];
	unsigned missing = 0;
	int i = 0;

	for (const char *p = only; *p; i++) {
		size_t n = 0;

		for (; *p && *p != ','; p++)
			if (n + 1 < sizeof(name))
				name[n++] = *p;
		name[n] = 0;
		if (*p)
			p++;
		/* A name given twice is found, or missing, once. */
		if (n && only_index(name) == i && ((unsigned)i >= ONLY_MAX || !only_found[i])) {
			missing++;
			if (report)
				ktap_resultf(KMX_ERROR, name, "kmatrix_only=%s: no such program in /tests or /kselftests%s",
					     only, (unsigned)i >= ONLY_MAX ? " (or past the first 16 names)" : "");
		}
	}
	return missing;
}

int main(int argc, char **argv, char **envp)
{
	unsigned timeout_s;

	(void)argc, (void)argv, (void)envp;
	setup();
	timeout_s = cmdline_number("kmatrix_timeout=", 30);
	cmdline_word("kmatrix_only=", only, sizeof(only));
	gcov_setup();
	for (unsigned i = 0; i < sizeof(test_dirs) / sizeof(test_dirs[0]); i++)
		list_dir(&test_dirs[i]);
	ktap_print_header();
	ktap_diag("kmatrix init on %s: %u test programs, %u s each at most",
		  KMX_ARCH_NAME, ntests, timeout_s);
	if (only[0])
		ktap_diag("kmatrix_only=%s: only these programs run", only);
	ktap_set_plan(ntests + only_missing(0));
	gcov_profile("boot");
	for (unsigned i = 0; i < ntests; i++) {
		run_test(&progs[i], timeout_s);
		gcov_profile(progs[i].name);
	}
	only_missing(1);
	k_printf(KMX_END_MARKER "\n");
	sys_reboot(LINUX_REBOOT_CMD_RESTART);
	for (;;)		/* PID 1 must not exit: that panics */
		k_sleep_ms(1000);
}
