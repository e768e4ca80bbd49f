/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What cellrun's files share. cellrun.c is its command line and what
 * follows a cell's record; build_step.c and boot_step.c are its steps;
 * job.c runs the cell's make in a session of its own; build_log.c reads
 * what a build or a series left; inputs.c reads what the boot needs
 * (CELL_DIR/cell.in).
 */
#ifndef KMX_CELLRUN_H
#define KMX_CELLRUN_H

#include <stddef.h>

#include "run.h"

/* ---- job.c ---------------------------------------------------------------- */

/*
 * A command in a session of its own, waited for, its output appended to
 * log (and copied to stdout with tee). With lock, the job's processes hold
 * that file locked (flock) while they run, after saying what they wait for
 * (lock_what) and for whom (the lock's .owner file, which owner fills).
 */
struct job {
	char **argv;
	const char *log;
	int tee;
	const char *lock, *lock_what, *owner;
};

/* The job's exit status (128 + N for signal N); 130 when stopped before it ran; 125 if it cannot start. */
int job_run(const struct job *j);
/* The folder PATH and those above it, as mkdir -p. */
int mkdir_p(const char *path);
/* PATH and everything under it, gone (rm -rf). */
void remove_tree(const char *path);

/* ---- build_log.c ---------------------------------------------------------- */

#define ONE_LINE_MAX 300	/* a reason in a record's field, as the tables show it */

/*
 * The build's line of a cell's record: STATUS, SECONDS, REASON (tabs),
 * from its log and its make's exit status; stopped: a signal cut it off.
 */
void build_outcome(const char *log, int rc, int stopped, double secs, char *out, size_t size);
/* A series that did not apply, in one line: its first two lines (patch; file and hunk). */
void series_error_line(const char *path, char *out, size_t size);

/* ---- inputs.c ------------------------------------------------------------- */

/* What the boot of a cell needs: its build's make writes it, in CELL_DIR/cell.in. */
struct cell_inputs {
	char **qemu;		/* the QEMU command, NULL-terminated */
	size_t nqemu;
	char *qemu_pkg, *unbuilt, *packages, *config, *commit;
	double boot_timeout, boot_silence, max_wait;
};

/* 0 when read; else why not in WHY (the file, the line). */
int cell_inputs_read(const char *path, struct cell_inputs *in, char *why, size_t size);

/* ---- cellrun.c, build_step.c, boot_step.c -------------------------------- */

/* A cell, as its options give it, and what its steps learn. */
struct cellrun {
	const char *arch, *point, *step, *run_dir, *run_id, *locks;
	const char *series_error, *not_run_points, *reproducer;
	int in_matrix, retries, verbose;
	struct expectations x;
	char dir[4096], name[300], prefix[320], owner[300];
	char build[1024];	/* the build's line: STATUS, SECONDS, REASON (tabs) */
	struct cell_inputs in;
	int have_inputs;
};

/* A line about the cell: "  [arch point] ...". */
void say(const struct cellrun *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* CELL_DIR/NAME. */
void path_of(const struct cellrun *c, char *out, size_t size, const char *name);
int exists(const char *path);
/* PATH holds TEXT, written under another name, then renamed. */
int write_file(const char *path, const char *text);
/* RUN_DIR/.interrupted: the reports take the run as ended interrupted (in a matrix). */
void mark_interrupted(const struct cellrun *c);
/* Whether the cell's build line says outcome o. */
int build_is(const struct cellrun *c, enum kmx_build_outcome o);
/* The steps: build (0, or 130 if a signal cut it off), and boot. */
int step_build(struct cellrun *c);
void step_boot(struct cellrun *c);

#endif
