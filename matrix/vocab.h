/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vocabulary of a run, defined once for the guest (freestanding C), the
 * host tools and, through `report vocab`, the scripts and the HTML check.
 * Each list is an X-macro: X(ENUM_SUFFIX, "name").
 *
 * Nothing here may need a C library: the guest includes it too.
 */
#ifndef KMX_VOCAB_H
#define KMX_VOCAB_H

/*
 * A test's result, as KTAP carries it ("ok", "not ok", and the SKIP, XFAIL
 * and ERROR directives) and as cell.tsv, summary.json and the expectations
 * name it. FLAKY is the host's verdict on a result that differed between a
 * cell's two attempts; the guest never prints it.
 */
#define KMX_TEST_STATUSES(X)	\
	X(PASS,  "pass")	\
	X(FAIL,  "fail")	\
	X(SKIP,  "skip")	\
	X(XFAIL, "xfail")	\
	X(ERROR, "error")	\
	X(FLAKY, "flaky")

enum kmx_test_status {
#define KMX_X(e, s) KMX_##e,
	KMX_TEST_STATUSES(KMX_X)
#undef KMX_X
	KMX_NTEST_STATUS
};

static const char *const kmx_test_status_name[] = {
#define KMX_X(e, s) [KMX_##e] = s,
	KMX_TEST_STATUSES(KMX_X)
#undef KMX_X
};

/* How a cell's kernel build ended (cell.tsv `build` line). */
#define KMX_BUILD_OUTCOMES(X)	\
	X(OK,     "ok")		\
	X(FAILED, "failed")	\
	X(INFRA,  "infra")	\
	X(ERROR,  "error")

/* How a boot ended (bootrun's classification, cell.tsv `boot` line). */
#define KMX_BOOT_OUTCOMES(X)		\
	X(OK,          "ok")		\
	X(TIMEOUT,     "timeout")	\
	X(PANIC,       "panic")		\
	X(NO_RESULTS,  "no-results")	\
	X(QEMU_ERROR,  "qemu-error")	\
	X(QEMU_ABORT,  "qemu-abort")	\
	X(INTERRUPTED, "interrupted")	\
	X(NOT_RUN,     "not-run")	\
	X(INFRA,       "infra")		\
	X(ERROR,       "error")

enum kmx_build_outcome {
#define KMX_X(e, s) KMX_BUILD_##e,
	KMX_BUILD_OUTCOMES(KMX_X)
#undef KMX_X
	KMX_NBUILD_OUTCOME
};

static const char *const kmx_build_outcome_name[] = {
#define KMX_X(e, s) [KMX_BUILD_##e] = s,
	KMX_BUILD_OUTCOMES(KMX_X)
#undef KMX_X
};

enum kmx_boot_outcome {
#define KMX_X(e, s) KMX_BOOT_##e,
	KMX_BOOT_OUTCOMES(KMX_X)
#undef KMX_X
	KMX_NBOOT_OUTCOME
};

static const char *const kmx_boot_outcome_name[] = {
#define KMX_X(e, s) [KMX_BOOT_##e] = s,
	KMX_BOOT_OUTCOMES(KMX_X)
#undef KMX_X
};

/*
 * The guest's last line: init prints it after the last program's result,
 * and the boot runner ends QEMU when it sees it (some machines, sparc32's
 * SS-5 among them, do not power off by themselves).
 */
#define KMX_END_MARKER "kmatrix: all tests done"

/*
 * How bootrun's reason for an `infra` boot begins when the host's load,
 * not the kernel, ran a time limit out (report overloaded finds them).
 */
#define KMX_HOST_OVERLOADED "host overloaded: "

/*
 * Coverage on the console (make coverage; init with kmatrix_gcov=1): after
 * the boot and after each program, init writes the kernel's gcov data
 * files (debugfs) and resets them, so the host learns which program ran
 * each line. The console is the one channel every arch has. As KTAP
 * diagnostics of the top level, the lines are the guest's own and no
 * result's (the KTAP reader passes over them):
 *   # kmx-gcov: profile NAME      what ran since the one before ("boot": the
 *                                 boot up to the first program)
 *   # kmx-gcov: file PATH SIZE    a .gcda file, PATH as debugfs names it
 *   # kmx-gcov: data TEXT         its bytes: two hex digits each, a run of
 *                                 zero bytes as z<count in hex>;
 *   # kmx-gcov: end SUM           FNV-1a (32 bits, hex) of the file's bytes
 *   # kmx-gcov: error TEXT        what could not be read
 */
#define KMX_GCOV "# kmx-gcov: "
#define KMX_GCOV_LINE_MAX 256

#endif
