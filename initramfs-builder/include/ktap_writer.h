/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest's KTAP writer, in the shape of kselftest.h, and the runner of a
 * test program. Every KTAP line the guest prints comes from here: a test
 * program's document, and init's, in which each program is a subtest
 * (ktap_print_subtest_line() indents the program's lines). The host's
 * matrix/ktap_reader.c reads it; Documentation/dev-tools/ktap.rst is the
 * format. The statuses are vocab.h's, shared with the host.
 *
 * A test program defines its tests with KTAP_TEST(fn) { ... } and ends
 * with KTAP_MAIN, as kselftest_harness.h's TEST() and TEST_HARNESS_MAIN.
 * ktap_run() runs each test in its own forked child with a timeout, so a
 * hang or a crash costs one result, not the program; the tests' time
 * limits must fit in the program's (see "The time limits" below). A test
 * returns KMX_PASS, or what KTAP_FAIL_IF(), KTAP_ASSERT_EQ(), ktap_fail(),
 * ktap_error() or KTAP_SKIP() return: they carry the reason back across
 * the fork.
 */
#ifndef KMX_KTAP_WRITER_H
#define KMX_KTAP_WRITER_H

#include "helpers.h"
#include "vocab.h"

/* Arguments checked as printf's (k_vsnprintf() knows a subset of it). */
#define KTAP_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))

/* ---- The writer ------------------------------------------------------ */

/* A subtest's lines stand this far in under its parent's. */
#define KTAP_SUBTEST_INDENT	"  "
/* The longest line ktap_print_subtest_line() passes on in one piece. */
#define KTAP_LINE_MAX		512
#define KTAP_REASON_MAX		200

static unsigned ktap_count, ktap_totals[KMX_NTEST_STATUS];

static void ktap_print_header(void)
{
	k_printf("KTAP version 1\n");
}

static void ktap_set_plan(unsigned plan)
{
	k_printf("1..%u\n", plan);
}

KTAP_PRINTF(1, 2) static void ktap_diag(const char *fmt, ...)
{
	char b[400];
	va_list ap;

	va_start(ap, fmt);
	k_vsnprintf(b, sizeof(b), fmt, ap);
	va_end(ap);
	k_printf("# %s\n", b);
}

/* The next result line; reason may be NULL or "" (a SKIP must say why: KTAP_SKIP). */
static void ktap_result(enum kmx_test_status status, const char *name, const char *reason)
{
	static const char *const fmt[KMX_NTEST_STATUS] = {
		[KMX_PASS]  = "ok %u %s%s%s\n",
		[KMX_FAIL]  = "not ok %u %s%s%s\n",
		[KMX_SKIP]  = "ok %u %s # SKIP%s%s\n",
		[KMX_XFAIL] = "ok %u %s # XFAIL%s%s\n",
		[KMX_ERROR] = "not ok %u %s # ERROR%s%s\n",
	};
	int directive = status == KMX_SKIP || status == KMX_XFAIL || status == KMX_ERROR;
	const char *sep = !reason || !*reason ? "" : directive ? " " : " # ";

	ktap_totals[status]++;
	k_printf(fmt[status], ++ktap_count, name, sep, reason && *reason ? reason : "");
}

KTAP_PRINTF(3, 4) static void ktap_resultf(enum kmx_test_status status, const char *name,
					   const char *fmt, ...)
{
	char reason[KTAP_REASON_MAX];
	va_list ap;

	va_start(ap, fmt);
	k_vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	ktap_result(status, name, reason);
}

/*
 * A test or program that did not end in time: a failure, under KTAP's
 * TIMEOUT directive, which the host keeps at the head of the reason.
 */
static void ktap_result_timeout(const char *name, unsigned long after, const char *unit)
{
	ktap_resultf(KMX_FAIL, name, KMX_TIMEOUT " after %lu %s", after, unit);
}

/* One line of a subtest's own document, indented under its parent, in one write. */
static void ktap_print_subtest_line(const char *line, size_t len)
{
	char out[sizeof(KTAP_SUBTEST_INDENT) + KTAP_LINE_MAX];
	size_t indent = sizeof(KTAP_SUBTEST_INDENT) - 1;

	if (len > KTAP_LINE_MAX)
		len = KTAP_LINE_MAX;
	memcpy(out, KTAP_SUBTEST_INDENT, indent);
	memcpy(out + indent, line, len);
	out[indent + len] = '\n';
	sys_write(1, out, indent + len + 1);
}

/* Ends a test program: exit status 0 only if nothing failed. */
static int ktap_finish(void)
{
	k_printf("# Totals: pass:%u fail:%u xfail:%u xpass:0 skip:%u error:%u\n",
		 ktap_totals[KMX_PASS], ktap_totals[KMX_FAIL],
		 ktap_totals[KMX_XFAIL], ktap_totals[KMX_SKIP],
		 ktap_totals[KMX_ERROR]);
	return ktap_totals[KMX_FAIL] || ktap_totals[KMX_ERROR] ? 1 : 0;
}

/* ---- What a test returns -------------------------------------------- */

/*
 * A test body's status and reason live in a shared page, so a forked test
 * can explain a SKIP or a failure in words.
 */
struct ktap_outcome {
	int status;
	char reason[KTAP_REASON_MAX];
};
static struct ktap_outcome *ktap_cur;

/* Through ktap_fail(), ktap_error() and KTAP_SKIP(), which name the status. */
KTAP_PRINTF(2, 3) static int __ktap_set(enum kmx_test_status status, const char *fmt, ...)
{
	va_list ap;

	ktap_cur->status = status;
	va_start(ap, fmt);
	k_vsnprintf(ktap_cur->reason, sizeof(ktap_cur->reason), fmt, ap);
	va_end(ap);
	return status;
}

#define ktap_fail(...)	__ktap_set(KMX_FAIL, __VA_ARGS__)
#define ktap_error(...)	__ktap_set(KMX_ERROR, __VA_ARGS__)

/*
 * `return KTAP_SKIP("why", ...);`. The reason must be a string literal
 * (anything else does not compile) and not "": a SKIP without one tells
 * the reader of the results nothing.
 */
#define KTAP_SKIP(reason, ...) ({					\
	_Static_assert(sizeof("" reason) > 1, "KTAP_SKIP needs a reason"); \
	__ktap_set(KMX_SKIP, reason, ##__VA_ARGS__);			\
})

/* Fails the test, saying why in a diagnostic and in the reason. */
#define KTAP_FAIL_IF(cond, ...) do {					\
	if (cond) {							\
		ktap_diag(__VA_ARGS__);					\
		return ktap_fail(__VA_ARGS__);				\
	}								\
} while (0)

KTAP_PRINTF(5, 6) static int ktap_eq_failed(long expected, long actual, const char *expected_src,
					    const char *actual_src, const char *fmt, ...)
{
	char what[100];
	va_list ap;

	va_start(ap, fmt);
	k_vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	ktap_diag("%s: expected %ld (%s), got %ld (%s)", what, expected, expected_src,
		  actual, actual_src);
	return ktap_fail("%s: expected %ld, got %ld", what, expected, actual);
}

/*
 * Fails the test unless actual == expected; both are printed, expected
 * first, as kselftest's ASSERT_EQ (the test ends here: an ASSERT).
 */
#define KTAP_ASSERT_EQ(expected, actual, ...) do {			\
	long _e = (long)(expected), _a = (long)(actual);		\
	if (_e != _a)							\
		return ktap_eq_failed(_e, _a, #expected, #actual, __VA_ARGS__); \
} while (0)

/* ---- The time limits ------------------------------------------------ */

/*
 * init gives each program kmatrix_timeout= seconds of wall clock (the
 * host's CELL_TEST_TIMEOUT, the one owner of that number), and passes the
 * same word on in the program's environment. Each test has a limit of its
 * own within it (KTAP_TEST_NAMED's, or KTAP_TEST_TIMEOUT_MS). A program
 * whose tests' limits, with KTAP_RUN_OVERHEAD_MS, add up to more than the
 * program's runs none of them (ktap_run()): were its tests all to hang,
 * init would end it before their own TIMEOUTs said which.
 */
#define KTAP_LIMIT_KEY		"kmatrix_timeout="
/*
 * A test's limit unless its row needs another. Each test waits for a
 * child, a signal or a tracee's stop, which take milliseconds under TCG;
 * five of them, with KTAP_RUN_OVERHEAD_MS, fit in the Makefile's default
 * TEST_TIMEOUT.
 */
#define KTAP_TEST_TIMEOUT_MS	5000
/* A program's time besides its tests' limits: its start, a fork per test, the kills. */
#define KTAP_RUN_OVERHEAD_MS	2000

/*
 * The seconds a kmatrix_timeout= value gives: digits only, at least 1,
 * and few enough that their milliseconds fit an unsigned long (32-bit
 * arches). 0 for anything else: there is no limit to fall back on.
 */
static unsigned long ktap_limit_seconds(const char *word)
{
	unsigned long s = 0;

	if (!*word)
		return 0;
	for (; *word; word++) {
		unsigned d = (unsigned char)*word - '0';

		if (d > 9 || s > (~0UL / 1000 - d) / 10)
			return 0;
		s = s * 10 + d;
	}
	return s;
}

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
/* The most tests a program may define. */
#define KTAP_MAX_TESTS	32

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
	pid = sys_fork();
	if (pid < 0) {
		ktap_result(KMX_ERROR, t->name, "fork failed");
		return;
	}
	if (pid == 0) {
		sys_setpgid(0, 0);
		ktap_cur->status = t->fn();
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
 * Whether the tests' limits fit in the program's; if not, why, in reason.
 * Run by hand, with no limit given, nothing can be checked: say so.
 */
static int ktap_limits_fit(const struct ktap_test *const *tests, unsigned n, const char *path,
			   char **envp, char *reason, size_t size)
{
	const char *given = ktap_given_limit(envp), *prog = path ? path : "the program";
	unsigned long given_s = given ? ktap_limit_seconds(given) : 0, sum_ms = 0;

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
	if (sum_ms + KTAP_RUN_OVERHEAD_MS <= given_s * 1000UL)
		return 1;
	k_snprintf(reason, size, "not run: the limits of %s's %u tests add up to %lu ms, "
		   "+%u ms to run them, over its %s%lu s", prog, n, sum_ms,
		   KTAP_RUN_OVERHEAD_MS, KTAP_LIMIT_KEY, given_s);
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

static int ktap_run(const char *path, char **envp)
{
	const struct ktap_test *tests[KTAP_MAX_TESTS];
	char reason[KTAP_REASON_MAX];
	int n = ktap_tests_in_order(tests);

	ktap_print_header();
	if (n < 0) {
		ktap_set_plan(0);
		ktap_diag("more than KTAP_MAX_TESTS (%d) tests: none run", KTAP_MAX_TESTS);
		return 1;
	}
	if (!ktap_limits_fit(tests, n, path, envp, reason, sizeof(reason))) {
		ktap_set_plan(n);
		ktap_diag("%s", reason);
		for (int i = 0; i < n; i++)
			ktap_result(KMX_ERROR, tests[i]->name, reason);
		return ktap_finish();
	}
	ktap_cur = sys_mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (k_is_err(ktap_cur)) {
		ktap_set_plan(0);
		ktap_diag("mmap of the shared result page failed: %ld", (long)ktap_cur);
		return 1;
	}
	ktap_set_plan(n);
	for (int i = 0; i < n; i++)
		ktap_run_one(tests[i]);
	return ktap_finish();
}

#define KTAP_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The main() of a test program: runs every KTAP_TEST of its file, in order. */
#define KTAP_MAIN							\
int main(int argc, char **argv, char **envp)				\
{									\
	return ktap_run(argc > 0 ? argv[0] : NULL, envp);		\
}

#endif
