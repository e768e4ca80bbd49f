// SPDX-License-Identifier: GPL-2.0
/*
 * A cell's build step: the cell's own make under the arch's lock (or, for
 * a series that does not apply, only what the boot needs), its outcome
 * classified and left in CELL_DIR/build.tsv for the boot step.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bootrun.h"
#include "out.h"
#include "run.h"
#include "usage.h"
#include "cellrun.h"

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec - t0->tv_sec + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* The cell's own make, with GOALS (a NULL-terminated list) after its variables. */
static char **cell_make_argv(const struct cellrun *c, const char *const *goals)
{
	static char *argv[64], vars[4][4300];
	char *make = strdup(getenv("MAKE") && *getenv("MAKE") ? getenv("MAKE") : "make");
	int n = 0;

	/* MAKE is a command line (make's own $(MAKE)): its words. */
	for (char *w = strtok(make, " "); w && n < 40; w = strtok(NULL, " "))
		argv[n++] = w;
	argv[n++] = "--no-print-directory";
	snprintf(vars[0], sizeof(vars[0]), "ARCH=%s", c->arch);
	snprintf(vars[1], sizeof(vars[1]), "POINT=%s", c->point);
	snprintf(vars[2], sizeof(vars[2]), "RUN_ID=%s", c->run_id);
	snprintf(vars[3], sizeof(vars[3]), "RUN_DIR=%s", c->run_dir);
	for (int i = 0; i < 4; i++)
		argv[n++] = vars[i];
	while (*goals && n < 62)
		argv[n++] = (char *)*goals++;
	argv[n] = NULL;
	return argv;
}

/* A series that did not apply: the cell is not run, and says why. */
static void build_not_run(struct cellrun *c, const char *log)
{
	static const char *const goals[] = { "cell-env", NULL };
	char why[ONE_LINE_MAX + 1], copy[8192];
	struct job j = { .argv = cell_make_argv(c, goals), .log = log };
	FILE *in = fopen(c->series_error, "r"), *out = fopen(log, "w");
	size_t n;

	while (in && out && (n = fread(copy, 1, sizeof(copy), in)) > 0)
		fwrite(copy, 1, n, out);
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	say(c, "not run: the series does not apply to this tree (log: %s)", log);
	job_run(&j);
	series_error_line(c->series_error, why, sizeof(why));
	snprintf(c->build, sizeof(c->build), "%s\t0\tnot run: %s", kmx_build_outcome_name[KMX_BUILD_ERROR], why);
}

/* The kernel and initramfs under the arch's lock; the outcome classified from the log. */
static void build_kernel(struct cellrun *c, const char *log)
{
	static const char *const goals[] = { "cell-env", "kernel", "initrd", NULL };
	static const char *const goals_v[] = { "cell-env", "kernel", "initrd", "V=1", NULL };
	char lock[4200], what[300];
	struct job j = { .argv = cell_make_argv(c, c->verbose ? goals_v : goals), .log = log,
			 .tee = c->verbose, .lock = lock, .lock_what = what, .owner = c->owner };
	struct timespec t0;
	int rc;

	snprintf(lock, sizeof(lock), "%s/%s", c->locks, c->arch);
	snprintf(what, sizeof(what), "the %s tree and build", c->arch);
	unlink(log);
	say(c, "building kernel and initramfs (log: %s)", log);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = job_run(&j);
	build_outcome(log, rc, boot_stop_signal != 0, seconds_since(&t0), c->build, sizeof(c->build));
}

/*
 * CELL_DIR/kernel.config: the .config the cell's kernel was built with
 * (cell.in's `config`), kept while the arch's build directory is still
 * this cell's, for what the expectations and mutants say a test needs.
 */
static void keep_kernel_config(const struct cellrun *c)
{
	char path[4200], why[4400], buf[8192];
	struct cell_inputs in;
	FILE *from, *to;
	size_t n;

	path_of(c, path, sizeof(path), "cell.in");
	if (cell_inputs_read(path, &in, why, sizeof(why)) || !in.config || !(from = fopen(in.config, "r")))
		return;
	path_of(c, path, sizeof(path), "kernel.config");
	if ((to = fopen(path, "w"))) {
		while ((n = fread(buf, 1, sizeof(buf), from)) > 0)
			fwrite(buf, 1, n, to);
		fclose(to);
	}
	fclose(from);
}

/* `make series` left its complaint: the series does not apply, and this point needs it. */
static int series_failed(const struct cellrun *c)
{
	struct stat st;

	return c->series_error && *c->series_error && !stat(c->series_error, &st) && st.st_size > 0;
}

/* The build step: its outcome in CELL_DIR/build.tsv; 130 if a signal cut it off. */
int step_build(struct cellrun *c)
{
	char path[4200], log[4200], line[1100];
	struct cell_head h = { c->arch, c->point, c->build, NULL };

	for (const char *const *f = (const char *const[]){ "cell.tsv", "build.tsv", "cell.in", "kernel.config", NULL };
	     *f; f++) {
		path_of(c, path, sizeof(path), *f);
		unlink(path);
	}
	path_of(c, log, sizeof(log), "build.log");
	if (series_failed(c))
		build_not_run(c, log);
	else
		build_kernel(c, log);
	if (build_is(c, KMX_BUILD_OK))
		keep_kernel_config(c);
	path_of(c, path, sizeof(path), "build.tsv");
	snprintf(line, sizeof(line), "%s\n", c->build);
	if (write_file(path, line))
		die("%s: %s", path, strerror(errno));
	if (!boot_stop_signal)
		return 0;
	/* Cut off by a signal: the cell ends here, and no boot runs. */
	path_of(c, path, sizeof(path), "cell.tsv");
	boot_record_only(path, &h, KMX_BOOT_NOT_RUN, "the build was interrupted");
	mark_interrupted(c);
	return 130;
}
