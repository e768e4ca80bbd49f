/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vocabulary of a run, defined once for the guest (freestanding C), the
 * host tools and, through `report vocab`, the scripts and the HTML check.
 * Each list is an X-macro: X(ENUM, "name").
 *
 * Nothing here may need a C library: the guest includes it too.
 */
#ifndef KMX_VOCAB_H
#define KMX_VOCAB_H

/*
 * An X-list's enum, ending in COUNT, and NAMES, each value's name: one
 * macro for every list (run.h's too), so that no list's names can fall out
 * of step with its enum.
 */
#define KMX_ENUM_VALUE(e, s) e,
#define KMX_ENUM_NAME(e, s) [e] = s,
#define KMX_ENUM(list, tag, count, names) \
	enum tag { list(KMX_ENUM_VALUE) count }; \
	static const char *const names[count] = { list(KMX_ENUM_NAME) }

/*
 * A test's result, as KTAP carries it ("ok", "not ok", and the SKIP, XFAIL
 * and ERROR directives) and as cell.tsv, summary.json and the expectations
 * name it. FLAKY is the host's verdict on a result that differed between a
 * cell's two attempts; the guest never prints it.
 */
#define KMX_TEST_STATUSES(X)	\
	X(KMX_PASS,  "pass")	\
	X(KMX_FAIL,  "fail")	\
	X(KMX_SKIP,  "skip")	\
	X(KMX_XFAIL, "xfail")	\
	X(KMX_ERROR, "error")	\
	X(KMX_FLAKY, "flaky")
KMX_ENUM(KMX_TEST_STATUSES, kmx_test_status, KMX_NTEST_STATUS, kmx_test_status_name);

/* How a cell's kernel build ended (cell.tsv `build` line). */
#define KMX_BUILD_OUTCOMES(X)		\
	X(KMX_BUILD_OK,     "ok")	\
	X(KMX_BUILD_FAILED, "failed")	\
	X(KMX_BUILD_INFRA,  "infra")	\
	X(KMX_BUILD_ERROR,  "error")
KMX_ENUM(KMX_BUILD_OUTCOMES, kmx_build_outcome, KMX_NBUILD_OUTCOME, kmx_build_outcome_name);

/* How a boot ended (bootrun's classification, cell.tsv `boot` line). */
#define KMX_BOOT_OUTCOMES(X)			\
	X(KMX_BOOT_OK,          "ok")		\
	X(KMX_BOOT_TIMEOUT,     "timeout")	\
	X(KMX_BOOT_PANIC,       "panic")	\
	X(KMX_BOOT_NO_RESULTS,  "no-results")	\
	X(KMX_BOOT_QEMU_ERROR,  "qemu-error")	\
	X(KMX_BOOT_QEMU_ABORT,  "qemu-abort")	\
	X(KMX_BOOT_INTERRUPTED, "interrupted")	\
	X(KMX_BOOT_NOT_RUN,     "not-run")	\
	X(KMX_BOOT_INFRA,       "infra")	\
	X(KMX_BOOT_ERROR,       "error")
KMX_ENUM(KMX_BOOT_OUTCOMES, kmx_boot_outcome, KMX_NBOOT_OUTCOME, kmx_boot_outcome_name);

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
/*
 * What a result's reason says when a time limit of the guest decided it (a
 * test's own limit in ktap_limits.h, or one of the harness's waits): the
 * host then knows the limit may be its load's doing (ktap_timed_out()).
 */
#define KMX_TIMEOUT "TIMEOUT"

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
