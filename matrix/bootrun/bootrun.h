/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What bootrun's files share. bootrun.c is its command line;
 * bootrun_boot.c runs QEMU, watches its console and its time limits; bootrun_qemu.c checks and quotes its command;
 * bootrun_console.c tells the console's lines apart;
 * bootrun_load.c says what the host's load took of a time limit;
 * bootrun_record.c decides how the boot ended and writes its record.
 */
#ifndef KMX_BOOTRUN_H
#define KMX_BOOTRUN_H

#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

#include "ktap_reader.h"

/* ---- bootrun_boot.c ------------------------------------------------------ */

/* The monotonic clock, in seconds. */
double now(void);

/*
 * The signal (INT, TERM, HUP) that asked the boot, or the cell around it,
 * to stop; 0 if none. boot_catch_signals() sets it, without SA_RESTART.
 */
extern volatile sig_atomic_t boot_stop_signal;
void boot_catch_signals(void);

/* ---- bootrun_qemu.c ----------------------------------------------------- */

void shell_quote(char *out, size_t size, char **argv);
int can_run(const char *prog);

/* ---- bootrun_console.c -------------------------------------------------- */

int is_guest_line(const char *line);
int is_panic_line(const char *line);
int is_warning_line(const char *line);
void warning_line(const char *line, int kernel_line, const struct ktap_state *k);
void warnings_attribute(const struct ktap_state *k, int at_end);
void warnings_put(FILE *f);

/* ---- bootrun_load.c ----------------------------------------------------- */

#define MAX_THREADS 512

/*
 * What QEMU's threads ran and waited, in all and per thread (by their
 * index in bootrun_load.c's threads[]): a window's wait is its most
 * waiting thread's, so that threads runnable at once do not add up past
 * the wall clock.
 */
struct cpu_time {
	double ran, waited;
	unsigned n;
	double thread_waited[MAX_THREADS];
};

/*
 * The worst time limit the host decided: a program (or the boot) whose
 * limit ran out while QEMU waited for a CPU more than max_wait of the time.
 */
struct overload {
	double share;		/* waited / wall over the window, 0 if none ran out */
	char what[300];
};

struct cpu_time qemu_cpu_time(pid_t pid);
double waited_since(const struct cpu_time *from, const struct cpu_time *to);
void overload_note(struct overload *o, double waited, double wall, double max_wait,
		   const char *what);
int timed_out_since(const struct ktap_state *k, size_t from);

/* ---- bootrun_record.c --------------------------------------------------- */

/* What bootrun saw of the boot, and then how it ended. */
struct boot {
	enum kmx_boot_outcome status;	/* KMX_NBOOT_OUTCOME until decided */
	char reason[512];
	double seconds;
	char first_panic[256];	/* the first panic line, "" if none */
	int marker_seen;
	int warnings;
	int guest_started;	/* the kernel printed its banner */
	int qemu_failed_exec;	/* QEMU could not be started */
	int wait_status;	/* QEMU's, from waitpid() */
	int stopped_by;		/* the signal that stopped bootrun, 0 if none */
	struct cpu_time qemu;	/* what QEMU ran and waited in all */
	struct overload overload;
};

/*
 * What cell.tsv says before and beside the boot: the cell (--cell) and
 * why it was booted alone (--alone). All NULL: the boot's record only.
 */
struct cell_head {
	const char *arch, *point, *build, *alone;
};

/* One boot, as bootrun's options or the cell program give it. */
struct boot_opts {
	const char *log_path, *out_path, *marker, *unbuilt, *qemu_pkg;
	const char *prefix;	/* before each line printed: "" or "  [arch point] " */
	double timeout, silence;	/* seconds: the boot in all, the console's silence */
	double max_wait;	/* HOST_MAX_WAIT, as a fraction */
	struct cell_head head;
	char **qemu;		/* the QEMU command, NULL-terminated */
};

/* Boots, writes the record: 0 ok, 1 not ok or no record, 130 stopped by a signal. */
int boot_run(const struct boot_opts *o);
/* The record of a boot that did not start (1; 2 if it cannot be written). */
int boot_record_only(const char *out, const struct cell_head *h, enum kmx_boot_outcome status,
		     const char *why);

void boot_classify(struct boot *b, const struct ktap_state *k);
/* A `test` line (NAME STATUS REASON [KEY]) and its `diag` lines. */
void put_result(FILE *f, const char *name, enum kmx_test_status status,
		const char *reason, const char *diag, const char *key);
int write_record(const char *out, const struct cell_head *h, const struct boot *b,
		 const char *cmd, const struct ktap_state *k, const char *unbuilt);

#endif
