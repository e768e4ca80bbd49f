/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The runner of a guest test program, in the shape of kselftest_harness.h:
 * a program defines its tests with KTAP_TEST(fn) { ... } and ends with
 * KTAP_MAIN, as TEST() and TEST_HARNESS_MAIN. ktap_run() runs each test in
 * its own forked child with its own time limit, so a hang or a crash costs
 * one result, not the program; what the program may take in all is
 * ktap_limits.h's. It writes through ktap_writer.h.
 */
#ifndef KMX_KTAP_HARNESS_H
#define KMX_KTAP_HARNESS_H

#include "ktap_limits.h"
#include "ktap_writer.h"

/* ---- The runner ----------------------------------------------------- */

typedef int (*ktap_test_fn)(void);

struct ktap_test {
	const char *name;
	ktap_test_fn fn;
	unsigned timeout_ms;	/* KTAP_TEST_TIMEOUT_MS, unless the test needs more */
	unsigned order;		/* where it stands in its file: the tests run in that order */
};

/*
 * KTAP_TEST(fn) { ... }: the test named KTAP_PREFIX "fn" (the program
 * defines KTAP_PREFIX), with KTAP_TEST_TIMEOUT_MS. It is found by its
 * pointer in the section ktap_tests, as the kernel finds its initcalls
 * and KUnit suites, not by a constructor as kselftest_harness.h does: a
 * freestanding program's _start runs none. GNU ld defines the section's
 * __start_ and __stop_ symbols; __COUNTER__ keeps the file's order.
 */
#define KTAP_TEST_NAMED(fn, name, limit_ms)					\
	static int fn(void);							\
	static const struct ktap_test ktap_test_##fn =				\
		{ name, fn, limit_ms, __COUNTER__ };				\
	static const struct ktap_test *const ktap_entry_##fn			\
		__attribute__((used, section("ktap_tests"), aligned(sizeof(void *)))) = \
		&ktap_test_##fn;						\
	static int fn(void)
#define KTAP_TEST(fn) KTAP_TEST_NAMED(fn, KTAP_PREFIX #fn, KTAP_TEST_TIMEOUT_MS)

extern const struct ktap_test *const __start_ktap_tests[], *const __stop_ktap_tests[];
/* The most tests a program may define: a bound for the runner's table, not a time. */
#define KTAP_MAX_TESTS	256

/*
 * Waits for pid up to timeout_ms; returns the pid, 0 on timeout, or -errno.
 * Wall-clock time, as init's limit of the program is, so that the tests'
 * limits add up to what the program may take; counted sleeps ran long.
 * Without a clock the sleeps are counted still.
 */
static kmx_pid_t ktap_wait_timeout(kmx_pid_t pid, int *status, unsigned timeout_ms)
{
	unsigned long start, now, waited = 0;
	int clock = !k_monotonic_ms(&start);

	for (;;) {
		kmx_pid_t r = sys_wait4(pid, status, WNOHANG | __WALL);

		if (r != 0)
			return r;
		if (waited >= timeout_ms)
			return 0;
		k_sleep_ms(10);
		clock = clock && !k_monotonic_ms(&now);
		waited = clock ? now - start : waited + 10;
	}
}

static void ktap_run_one(const struct ktap_test *t)
{
	kmx_pid_t pid;
	int status = 0;

	ktap_cur->status = KMX_ERROR;
	ktap_cur->reason[0] = 0;
	ktap_cur->expect_failed = 0;
	pid = sys_fork();
	if (pid < 0) {
		ktap_result(KMX_ERROR, t->name, "fork failed");
		return;
	}
	if (pid == 0) {
		int st;

		sys_setpgid(0, 0);
		st = t->fn();
		/* A failed expectation fails the test; an error or a failure of its own stays. */
		if (ktap_cur->expect_failed && st != KMX_ERROR && st != KMX_FAIL)
			st = KMX_FAIL;
		ktap_cur->status = st;
		sys_exit_group(0);
	}
	if (ktap_wait_timeout(pid, &status, t->timeout_ms) != pid) {
		/* The test's whole process group: tracees and threads too. */
		sys_kill(-pid, SIGKILL);
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &status, __WALL);
		ktap_result_timeout(t->name, t->timeout_ms, "ms");
		return;
	}
	sys_kill(-pid, SIGKILL);	/* leftovers of the test, if any */
	if (WIFSIGNALED(status)) {
		ktap_resultf(KMX_ERROR, t->name, "the test itself died by signal %d", WTERMSIG(status));
		return;
	}
	ktap_result(ktap_cur->status, t->name, ktap_cur->reason);
}

/* The value of KTAP_LIMIT_KEY in the program's environment (init puts it there), or NULL. */
static const char *ktap_given_limit(char **envp)
{
	for (; envp && *envp; envp++)
		if (!k_strncmp(*envp, KTAP_LIMIT_KEY, sizeof(KTAP_LIMIT_KEY) - 1))
			return *envp + sizeof(KTAP_LIMIT_KEY) - 1;
	return NULL;
}

/*
 * Whether the tests' limits fit in what init gives the program: its
 * kmatrix_timeout, or as much as the program says it needs (the
 * `# kmatrix_needs_ms=` line, printed here), up to KTAP_NEEDS_MAX times
 * that (ktap_limits.h); if not, why, in reason. Run by hand, with no
 * limit given, nothing can be checked: say so.
 */
static int ktap_limits_fit(const struct ktap_test *const *tests, unsigned n, const char *path,
			   char **envp, char *reason, size_t size)
{
	const char *given = ktap_given_limit(envp), *prog = path ? path : "the program";
	unsigned long given_s = given ? ktap_limit_seconds(given) : 0, sum_ms = KTAP_RUN_OVERHEAD_MS;

	for (const char *p = prog; *p; p++)
		if (*p == '/' && p[1])
			prog = p + 1;
	for (unsigned i = 0; i < n; i++)
		sum_ms += tests[i]->timeout_ms;
	if (!given) {
		ktap_diag("no %s in the environment: the tests' limits (%lu ms) are not checked",
			  KTAP_LIMIT_KEY, sum_ms);
		return 1;
	}
	if (!given_s) {
		k_snprintf(reason, size, "not run: %s%s in the environment is no whole number of seconds from 1",
			   KTAP_LIMIT_KEY, given);
		return 0;
	}
	if (sum_ms <= given_s * 1000UL)
		return 1;
	if (sum_ms <= given_s * 1000UL * KTAP_NEEDS_MAX) {
		ktap_diag(KTAP_NEEDS_KEY "%lu", sum_ms);
		return 1;
	}
	k_snprintf(reason, size, "not run: the limits of %s's %u tests, +%u ms to run them, add up to %lu ms, "
		   "over %u times its %s%lu s", prog, n, KTAP_RUN_OVERHEAD_MS, sum_ms,
		   KTAP_NEEDS_MAX, KTAP_LIMIT_KEY, given_s);
	return 0;
}

/* The program's tests in the order they stand in its file; how many, or -1 when too many. */
static int ktap_tests_in_order(const struct ktap_test **tests)
{
	unsigned n = 0;

	for (const struct ktap_test *const *t = __start_ktap_tests; t < __stop_ktap_tests; t++) {
		unsigned i = n++;

		if (n > KTAP_MAX_TESTS)
			return -1;
		for (; i > 0 && tests[i - 1]->order > (*t)->order; i--)
			tests[i] = tests[i - 1];
		tests[i] = *t;
	}
	return n;
}

#define KTAP_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* What a program's command line asks for (ktap_select()). */
struct ktap_selection {
	int list;			/* -l: the tests' names, and none run */
	const char *unknown[16];	/* names that are no test of the program, and anything else given */
	int nunknown;
};

/*
 * The command line, as kselftest_harness.h's: -l lists the tests' names,
 * one a line, and runs none; -t NAME (again for more) runs only those
 * tests (init passes kmatrix_only=PROGRAM:NAME so). Keeps in tests those
 * to run, in the file's order, and returns how many. A name that is no
 * test of the program, or any other word, is kept in sel->unknown: each
 * is an error result, and the tests named rightly still run.
 */
static int ktap_select(int argc, char **argv, const struct ktap_test **tests, int n, struct ktap_selection *sel)
{
	int keep[KTAP_MAX_TESTS] = { 0 }, picked = 0, m = 0;

	for (int a = 1; a < argc; a++) {
		int found = 0;

		if (!k_strcmp(argv[a], "-l")) {
			sel->list = 1;
			continue;
		}
		if (!k_strcmp(argv[a], "-t") && a + 1 < argc) {
			picked = 1;
			a++;
			for (int i = 0; i < n; i++)
				if (!k_strcmp(tests[i]->name, argv[a]))
					keep[i] = found = 1;
		}
		if (!found && sel->nunknown < (int)KTAP_ARRAY_SIZE(sel->unknown))
			sel->unknown[sel->nunknown++] = argv[a];
	}
	for (int i = 0; i < n; i++)
		if (!picked || keep[i])
			tests[m++] = tests[i];
	return m;
}

/* Each word of the command line that names nothing: an error result. */
static void ktap_unknown_results(const struct ktap_selection *sel, const char *path)
{
	for (int i = 0; i < sel->nunknown; i++)
		ktap_resultf(KMX_ERROR, sel->unknown[i], "no test or option %s in %s (-l lists the tests; "
			     "-t NAME runs one)", sel->unknown[i], path ? path : "the program");
}

static int ktap_run(int argc, char **argv, char **envp)
{
	const struct ktap_test *tests[KTAP_MAX_TESTS];
	struct ktap_selection sel = { 0 };
	char reason[KTAP_REASON_MAX];
	const char *path = argc > 0 ? argv[0] : NULL;
	int n = ktap_tests_in_order(tests);

	if (n >= 0)
		n = ktap_select(argc, argv, tests, n, &sel);
	if (n >= 0 && sel.list) {
		for (int i = 0; i < n; i++)
			k_printf("%s\n", tests[i]->name);
		return 0;
	}
	ktap_print_header();
	if (n < 0) {
		ktap_set_plan(0);
		ktap_diag("more than KTAP_MAX_TESTS (%d) tests: none run", KTAP_MAX_TESTS);
		return 1;
	}
	if (!ktap_limits_fit(tests, n, path, envp, reason, sizeof(reason))) {
		ktap_set_plan(n + sel.nunknown);
		ktap_diag("%s", reason);
		for (int i = 0; i < n; i++)
			ktap_result(KMX_ERROR, tests[i]->name, reason);
		ktap_unknown_results(&sel, path);
		return ktap_finish();
	}
	ktap_cur = sys_mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (k_is_err(ktap_cur)) {
		ktap_set_plan(0);
		ktap_diag("mmap of the shared result page failed: %ld", (long)ktap_cur);
		return 1;
	}
	ktap_set_plan(n + sel.nunknown);
	for (int i = 0; i < n; i++)
		ktap_run_one(tests[i]);
	ktap_unknown_results(&sel, path);
	return ktap_finish();
}

/* The main() of a test program: runs every KTAP_TEST of its file, in order (or those -t names). */
#define KTAP_MAIN							\
int main(int argc, char **argv, char **envp)				\
{									\
	return ktap_run(argc, argv, envp);				\
}

#endif
