// SPDX-License-Identifier: GPL-2.0
/*
 * bootrun: boot one cell in QEMU and say how it went: the boot alone, on
 * the command line (its tests, a person rerunning a boot). A matrix's
 * cells boot through the same code (bootrun_boot.c's boot_run()) inside
 * the cell program, cellrun.
 *
 *   bootrun --log FILE --out FILE --timeout S --silence S
 *           [--cell ARCH POINT BUILD-LINE] [--alone WHY] [--qemu-pkg PKG]
 *           --max-wait PERCENT [--marker TEXT] [--unbuilt FILE]
 *           -- qemu-system-... ARGS...
 *   bootrun --out FILE [--cell ARCH POINT BUILD-LINE] --not-run WHY | --error WHY | --interrupted WHY
 *
 * With --cell, --out is the cell's whole record (cell.tsv): its arch, point
 * and build outcome (a TAB-separated line, as cellrun has it) before the
 * boot's, so that one piece of code writes every cell's record, whatever
 * happened: --not-run, --error and --interrupted write it for a boot that
 * does not start (the build failed; the build step left nothing), and a
 * QEMU that is not there is a qemu-error naming its Debian package
 * (--qemu-pkg). --alone says why the cell was booted again alone at its
 * run's end.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootrun.h"
#include "usage.h"

const char *progname = "bootrun";

static void usage(void)
{
	fprintf(stderr, "usage: bootrun --log FILE --out FILE --timeout S --silence S "
		"[--cell ARCH POINT BUILD-LINE] [--alone WHY] [--qemu-pkg PKG] "
		"--max-wait PERCENT [--marker TEXT] [--unbuilt FILE] -- QEMU ARGS...\n"
		"       bootrun --out FILE [--cell ARCH POINT BUILD-LINE] --not-run WHY | --error WHY |\n"
		"               --interrupted WHY\n");
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

/* A record with no boot: --not-run, --error or --interrupted. */
struct no_boot {
	const char *not_run, *error, *interrupted;
};

/* The options before "--"; the index of the "--" (argc if none). */
static int parse_options(int argc, char **argv, struct boot_opts *o, struct no_boot *nb)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--cell") && i + 3 < argc) {
			o->head.arch = argv[++i];
			o->head.point = argv[++i];
			o->head.build = argv[++i];
		} else if (!strcmp(argv[i], "--alone"))
			o->head.alone = argv[++i];
		else if (!strcmp(argv[i], "--not-run"))
			nb->not_run = argv[++i];
		else if (!strcmp(argv[i], "--error"))
			nb->error = argv[++i];
		else if (!strcmp(argv[i], "--interrupted"))
			nb->interrupted = argv[++i];
		else if (!strcmp(argv[i], "--qemu-pkg"))
			o->qemu_pkg = argv[++i];
		else if (!strcmp(argv[i], "--log"))
			o->log_path = argv[++i];
		else if (!strcmp(argv[i], "--out"))
			o->out_path = argv[++i];
		else if (!strcmp(argv[i], "--timeout"))
			o->timeout = number_arg(argv[i], argv[i + 1]), i++;
		else if (!strcmp(argv[i], "--silence"))
			o->silence = number_arg(argv[i], argv[i + 1]), i++;
		else if (!strcmp(argv[i], "--marker"))
			o->marker = argv[++i];
		else if (!strcmp(argv[i], "--unbuilt"))
			o->unbuilt = argv[++i];
		else if (!strcmp(argv[i], "--max-wait"))
			o->max_wait = number_arg(argv[i], argv[i + 1]) / 100, i++;
		else
			usage();
	}
	return i;
}

int main(int argc, char **argv)
{
	/* -1: not given (number_arg() takes no negative number) */
	struct boot_opts o = { .marker = KMX_END_MARKER, .prefix = "", .timeout = -1, .silence = -1,
			       .max_wait = -1 };
	struct no_boot nb = { 0 };
	int i = parse_options(argc, argv, &o, &nb);
	int no_boot = nb.not_run || nb.error || nb.interrupted;

	if (o.out_path && no_boot && i >= argc)
		return boot_record_only(o.out_path, &o.head,
					nb.not_run ? KMX_BOOT_NOT_RUN :
					nb.interrupted ? KMX_BOOT_INTERRUPTED : KMX_BOOT_ERROR,
					nb.not_run ? nb.not_run : nb.interrupted ? nb.interrupted : nb.error);
	if (!o.log_path || !o.out_path || i + 1 >= argc || no_boot)
		usage();
	if (o.timeout < 0 || o.silence < 0 || o.max_wait < 0) {
		fprintf(stderr, "bootrun: %s missing: the time limits are the Makefile's "
			"(BOOT_TIMEOUT, BOOT_SILENCE, HOST_MAX_WAIT)\n",
			o.timeout < 0 ? "--timeout" : o.silence < 0 ? "--silence" : "--max-wait");
		exit(2);
	}
	o.qemu = argv + i + 1;
	return boot_run(&o);
}
