/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest's KTAP writer, in the shape of kselftest.h. Every KTAP line the
 * guest prints comes from here: a test program's document, and init's, in
 * which each program is a subtest (ktap_print_subtest_line() indents the
 * program's lines). The host's matrix/ktap/ktap_reader.c reads it;
 * Documentation/dev-tools/ktap.rst is the format. The statuses are
 * vocab.h's, shared with the host. The runner of a test program is
 * ktap_harness.h (as kselftest_harness.h stands beside kselftest.h); the
 * time limits init and the runner share are ktap_limits.h.
 *
 * A test returns KMX_PASS, or what KTAP_FAIL_IF(), KTAP_ASSERT_EQ(),
 * ktap_fail(), ktap_error() or KTAP_SKIP() return: they carry the reason
 * back across the runner's fork.
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
	unsigned expect_failed;	/* KTAP_EXPECT_*s that failed: the test fails, whatever it returns */
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
 * A KTAP_EXPECT_EQ that failed: said now, and the test goes on (kselftest's
 * EXPECT_*); the runner fails it when it returns, with the first failed
 * expectation's reason unless the test gave one of its own.
 */
KTAP_PRINTF(5, 6) static void ktap_expect_failed(long expected, long actual, const char *expected_src,
					       const char *actual_src, const char *fmt, ...)
{
	char what[100];
	va_list ap;

	va_start(ap, fmt);
	k_vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	ktap_diag("%s: expected %ld (%s), got %ld (%s)", what, expected, expected_src,
		  actual, actual_src);
	if (!ktap_cur->expect_failed++)
		k_snprintf(ktap_cur->reason, sizeof(ktap_cur->reason), "%s: expected %ld, got %ld",
			   what, expected, actual);
}

/* Checks actual == expected, expected first, and goes on either way (kselftest's EXPECT_EQ). */
#define KTAP_EXPECT_EQ(expected, actual, ...) do {			\
	long _e = (long)(expected), _a = (long)(actual);		\
	if (_e != _a)							\
		ktap_expect_failed(_e, _a, #expected, #actual, __VA_ARGS__); \
} while (0)

/*
 * Fails the test unless actual == expected; both are printed, expected
 * first, as kselftest's ASSERT_EQ (the test ends here: an ASSERT).
 */
#define KTAP_ASSERT_EQ(expected, actual, ...) do {			\
	long _e = (long)(expected), _a = (long)(actual);		\
	if (_e != _a)							\
		return ktap_eq_failed(_e, _a, #expected, #actual, __VA_ARGS__); \
} while (0)

#endif
