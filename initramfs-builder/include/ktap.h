/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP output for a guest test program, in the shape of kselftest.h: named
 * result codes, one function that turns a code into a KTAP line, a closing
 * `# Totals:` line. ktap_run() runs each test in its own forked child with
 * a timeout, so a hang or a crash costs one result, not the program.
 * Documentation/dev-tools/ktap.rst is the format.
 */
#ifndef KMX_KTAP_H
#define KMX_KTAP_H

#include "libk.h"

enum ktap_code { KTAP_PASS, KTAP_FAIL, KTAP_SKIP, KTAP_XFAIL, KTAP_ERROR, KTAP_NCODES };

static unsigned ktap_count, ktap_totals[KTAP_NCODES];

static void ktap_print_header(unsigned plan)
{
	k_printf("KTAP version 1\n1..%u\n", plan);
}

/* reason may be NULL; a SKIP must say why (the caller's job). */
static void ktap_result(enum ktap_code code, const char *name, const char *reason)
{
	static const char *const fmt[KTAP_NCODES] = {
		[KTAP_PASS]  = "ok %u %s%s%s\n",
		[KTAP_FAIL]  = "not ok %u %s%s%s\n",
		[KTAP_SKIP]  = "ok %u %s # SKIP%s%s\n",
		[KTAP_XFAIL] = "ok %u %s # XFAIL%s%s\n",
		[KTAP_ERROR] = "not ok %u %s # ERROR%s%s\n",
	};
	int directive = code == KTAP_SKIP || code == KTAP_XFAIL || code == KTAP_ERROR;
	const char *sep = !reason || !*reason ? "" : directive ? " " : " # ";

	ktap_totals[code]++;
	k_printf(fmt[code], ++ktap_count, name, sep, reason && *reason ? reason : "");
}

#define ktap_diag(...) do {						\
	char _b[400];							\
	k_snprintf(_b, sizeof(_b), __VA_ARGS__);			\
	k_printf("# %s\n", _b);						\
} while (0)

/* Ends the program: exit status 0 only if nothing failed. */
static int ktap_finish(void)
{
	k_printf("# Totals: pass:%u fail:%u xfail:%u xpass:0 skip:%u error:%u\n",
		 ktap_totals[KTAP_PASS], ktap_totals[KTAP_FAIL],
		 ktap_totals[KTAP_XFAIL], ktap_totals[KTAP_SKIP],
		 ktap_totals[KTAP_ERROR]);
	return ktap_totals[KTAP_FAIL] || ktap_totals[KTAP_ERROR] ? 1 : 0;
}

/*
 * What a test body reports back across fork: its code and reason live in a
 * shared page, so a child can explain a SKIP or a failure in words.
 */
struct ktap_outcome {
	int code;
	char reason[200];
};
static struct ktap_outcome *ktap_cur;

static int ktap_set(enum ktap_code code, const char *fmt, ...)
{
	va_list ap;

	ktap_cur->code = code;
	va_start(ap, fmt);
	k_vsnprintf(ktap_cur->reason, sizeof(ktap_cur->reason), fmt, ap);
	va_end(ap);
	return code;
}

#define KTAP_FAIL_IF(cond, ...) do {					\
	if (cond) {							\
		ktap_diag(__VA_ARGS__);					\
		return ktap_set(KTAP_FAIL, __VA_ARGS__);		\
	}								\
} while (0)

/* Expected value first, both printed on a mismatch (as kselftest does). */
#define KTAP_EXPECT_EQ(expected, seen, what) do {			\
	long _e = (long)(expected), _s = (long)(seen);			\
	if (_e != _s) {							\
		ktap_diag("%s: expected %ld (%s), got %ld (%s)", what,	\
			  _e, #expected, _s, #seen);			\
		return ktap_set(KTAP_FAIL, "%s: expected %ld, got %ld", what, _e, _s); \
	}								\
} while (0)

typedef int (*ktap_test_fn)(void);

struct ktap_test {
	const char *name;
	ktap_test_fn fn;
	unsigned timeout_ms;
};

/* Waits for pid up to timeout_ms; returns the pid, 0 on timeout, or -errno. */
static kmx_pid_t ktap_wait_timeout(kmx_pid_t pid, int *status, unsigned timeout_ms)
{
	for (unsigned waited = 0;; waited += 10) {
		kmx_pid_t r = sys_wait4(pid, status, WNOHANG | __WALL);

		if (r != 0)
			return r;
		if (waited >= timeout_ms)
			return 0;
		sys_sleep_ms(10);
	}
}

static void ktap_run_one(const struct ktap_test *t)
{
	kmx_pid_t pid;
	int status = 0;

	ktap_cur->code = KTAP_ERROR;
	ktap_cur->reason[0] = 0;
	pid = sys_fork();
	if (pid < 0) {
		ktap_result(KTAP_ERROR, t->name, "fork failed");
		return;
	}
	if (pid == 0) {
		sys_setpgid(0, 0);
		ktap_cur->code = t->fn();
		sys_exit_group(0);
	}
	if (ktap_wait_timeout(pid, &status, t->timeout_ms) != pid) {
		char r[64];

		/* The test's whole process group: tracees and threads too. */
		sys_kill(-pid, SIGKILL);
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &status, __WALL);
		k_snprintf(r, sizeof(r), "# TIMEOUT after %u ms", t->timeout_ms);
		ktap_totals[KTAP_FAIL]++;
		k_printf("not ok %u %s %s\n", ++ktap_count, t->name, r);
		return;
	}
	sys_kill(-pid, SIGKILL);	/* leftovers of the test, if any */
	if (WIFSIGNALED(status)) {
		char r[64];

		k_snprintf(r, sizeof(r), "the test itself died by signal %d", WTERMSIG(status));
		ktap_result(KTAP_ERROR, t->name, r);
		return;
	}
	ktap_result(ktap_cur->code, t->name, ktap_cur->reason);
}

static int ktap_run(const struct ktap_test *tests, unsigned n)
{
	ktap_cur = sys_mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sys_is_err(ktap_cur)) {
		ktap_print_header(0);
		ktap_diag("mmap of the shared result page failed: %ld", (long)ktap_cur);
		return 1;
	}
	ktap_print_header(n);
	for (unsigned i = 0; i < n; i++)
		ktap_run_one(&tests[i]);
	return ktap_finish();
}

#define KTAP_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
