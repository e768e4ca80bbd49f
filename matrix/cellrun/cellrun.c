// SPDX-License-Identifier: GPL-2.0
/*
 * cellrun: one cell of the matrix, or one step of it, as the Makefile's
 * cell targets run it (mk/cells.mk's run_cell).
 *
 *   cellrun [--expect FILE] --run RUN_DIR RUN_ID --locks DIR [--retries N]
 *           [--in-matrix] [--verbose] [--series-error FILE]
 *           [--not-run-points "P..."] [--reproducer SCRIPT]
 *           --cell ARCH POINT all|build|boot|again
 *   cellrun --classify-build LOG EXIT_STATUS   (the build's line, for tests)
 *
 *   all    build, then boot.
 *   build  the kernel and the initramfs, by the cell's own make (`make
 *          cell-env kernel initrd`) under the arch's lock; that make also
 *          writes what the boot needs, CELL_DIR/cell.in. The build's
 *          outcome, classified here, waits in CELL_DIR/build.tsv.
 *   boot   boots what the build left and writes the cell's record,
 *          CELL_DIR/cell.tsv, whatever happened: a failed build is a result
 *          of the cell (boot not-run), not an error of the matrix.
 *   again  boots a cell once more, alone (run-close.sh's first step, once
 *          the other cells are done), keeping the boot before.
 *
 * Whether a boot is worth a second one at once is the model's to say
 * (judge.c's cell_wants_retry(): no results, a limit the host's load
 * decided, or an unexpected result; in a matrix, not a time limit, which
 * waits for `again`); the first attempt is kept in CELL_DIR/attempt1/, and
 * the reports call a result that differs between the two flaky. Once the
 * record is written, the reproducer writes CELL_DIR/reproduce.sh, and the
 * run's reports are rewritten, the cell's line and the run's progress
 * printed. What the machine caused (a full disk, a missing compiler or
 * QEMU, a signal) is `infra`, never a kernel's failure.
 *
 * A signal (Ctrl-C, SIGTERM from the cells' make, or the death of that
 * make: the Makefile starts cellrun with setpriv --pdeathsig) stops the
 * step that is running (the build's whole session; the boot's QEMU), and
 * the cell's record says so, and in a matrix RUN_DIR/.interrupted, since
 * the run's own make may die before its closing step. A cell of a matrix
 * holds a shared lock on the run while it goes, so that run-close.sh and
 * the run's guard wait for cells still stopping.
 *
 * Exit status: alone, 0 if the cell is ok; in a matrix 0 (the final report
 * decides, so one failed cell does not stop the others); 130 if stopped by
 * a signal; 2 for bad usage.
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

const char *progname = "cellrun";

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

static void __attribute__((noreturn)) usage(void)
{
	fprintf(stderr, "usage: cellrun [--expect FILE] --run RUN_DIR RUN_ID --locks DIR [--retries N]\n"
		"               [--in-matrix] [--verbose] [--series-error FILE] [--not-run-points \"P...\"]\n"
		"               [--reproducer SCRIPT] --cell ARCH POINT all|build|boot|again\n"
		"       cellrun --classify-build LOG EXIT_STATUS\n");
	exit(2);
}

/* A line about the cell: "  [arch point] ...". */
static void __attribute__((format(printf, 2, 3))) say(const struct cellrun *c, const char *fmt, ...)
{
	va_list ap;

	fputs(c->prefix, stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void path_of(const struct cellrun *c, char *out, size_t size, const char *name)
{
	snprintf(out, size, "%s/%s", c->dir, name);
}

static int exists(const char *path)
{
	return !access(path, F_OK);
}

static void parse_options(int argc, char **argv, struct cellrun *c)
{
	for (int i = 1; i < argc; i++) {
		const char *o = argv[i];

		if (!strcmp(o, "--in-matrix"))
			c->in_matrix = 1;
		else if (!strcmp(o, "--verbose"))
			c->verbose = 1;
		else if (!strcmp(o, "--run") && i + 2 < argc)
			c->run_dir = argv[++i], c->run_id = argv[++i];
		else if (!strcmp(o, "--cell") && i + 3 == argc - 1)
			c->arch = argv[++i], c->point = argv[++i], c->step = argv[++i];
		else if (i + 1 >= argc)
			usage();
		else if (!strcmp(o, "--expect")) {
			if (expectations_load(&c->x, argv[++i]))
				exit(2);
		} else if (!strcmp(o, "--locks"))
			c->locks = argv[++i];
		else if (!strcmp(o, "--retries"))
			c->retries = atoi(argv[++i]);
		else if (!strcmp(o, "--series-error"))
			c->series_error = argv[++i];
		else if (!strcmp(o, "--not-run-points"))
			c->not_run_points = argv[++i];
		else if (!strcmp(o, "--reproducer"))
			c->reproducer = argv[++i];
		else
			usage();
	}
	if (!c->arch || !c->run_dir || !c->locks || (strcmp(c->step, "all") && strcmp(c->step, "build") &&
						     strcmp(c->step, "boot") && strcmp(c->step, "again")))
		usage();
	snprintf(c->dir, sizeof(c->dir), "%s/%s-%s", c->run_dir, c->arch, c->point);
	snprintf(c->name, sizeof(c->name), "%s %s", c->arch, c->point);
	snprintf(c->prefix, sizeof(c->prefix), "  [%s] ", c->name);
	snprintf(c->owner, sizeof(c->owner), "run %s", c->run_id);
}

/* RUN_DIR/.interrupted: the reports take the run as ended interrupted (lib.sh's mark_interrupted). */
static void mark_interrupted(const struct cellrun *c)
{
	char path[4200], when[32];
	time_t t = time(NULL);
	FILE *f;

	snprintf(path, sizeof(path), "%s/.interrupted", c->run_dir);
	if (!c->in_matrix || exists(path) || !(f = fopen(path, "w")))
		return;
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	fprintf(f, "interrupted %s\n", when);
	fclose(f);
}

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

static int write_file(const char *path, const char *text)
{
	char tmp[4200];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (!(f = fopen(tmp, "w")))
		return -1;
	fputs(text, f);
	return fclose(f) || rename(tmp, path) ? -1 : 0;
}

/* `make series` left its complaint: the series does not apply, and this point needs it. */
static int series_failed(const struct cellrun *c)
{
	struct stat st;

	return c->series_error && *c->series_error && !stat(c->series_error, &st) && st.st_size > 0;
}

/* The build step: its outcome in CELL_DIR/build.tsv; 130 if a signal cut it off. */
static int step_build(struct cellrun *c)
{
	char path[4200], log[4200], line[1100];
	struct cell_head h = { c->arch, c->point, c->build, NULL };

	for (const char *const *f = (const char *const[]){ "cell.tsv", "build.tsv", "cell.in", NULL }; *f; f++) {
		path_of(c, path, sizeof(path), *f);
		unlink(path);
	}
	path_of(c, log, sizeof(log), "build.log");
	if (series_failed(c))
		build_not_run(c, log);
	else
		build_kernel(c, log);
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

/* The build's line from the cell's record (again): its `build` fields. */
static void build_from_record(struct cellrun *c)
{
	struct tsv t;
	int n;

	c->build[0] = 0;
	if (!tsv_open(&t, c->dir, "cell.tsv"))
		die("%s: no cell record to boot again", c->dir);
	while ((n = tsv_next(&t, TSV_MAX_FIELDS)) >= 0) {
		size_t used = 0;

		if (strcmp(t.f[0], "build") || c->build[0])
			continue;
		for (int i = 1; i < n; i++)
			used += snprintf(c->build + used, used < sizeof(c->build) ? sizeof(c->build) - used : 0,
					 "%s%s", i > 1 ? "\t" : "", t.f[i]);
	}
	if (!c->build[0])
		die("%s: no build line in its cell record to boot again", c->dir);
}

/* The build's line as the build step left it (build.tsv, then gone), and the attempts of a boot before. */
static void build_from_step(struct cellrun *c)
{
	char path[4200];
	FILE *f;

	path_of(c, path, sizeof(path), "build.tsv");
	c->build[0] = 0;
	if ((f = fopen(path, "r"))) {
		if (fgets(c->build, sizeof(c->build), f))
			c->build[strcspn(c->build, "\n")] = 0;
		fclose(f);
	}
	if (!c->build[0])
		snprintf(c->build, sizeof(c->build), "%s\t0\tthe cell's build step left no outcome (%s)",
			 kmx_build_outcome_name[KMX_BUILD_ERROR], path);
	unlink(path);
	path_of(c, path, sizeof(path), "attempt1");
	remove_tree(path);
	path_of(c, path, sizeof(path), "attempt2");
	remove_tree(path);
}

static int build_is(const struct cellrun *c, enum kmx_build_outcome o)
{
	size_t n = strlen(kmx_build_outcome_name[o]);

	return !strncmp(c->build, kmx_build_outcome_name[o], n) && (c->build[n] == '\t' || !c->build[n]);
}

/* What the boot needs (cell.in); a built cell without it could not be built. */
static void read_inputs(struct cellrun *c)
{
	char path[4200], why[4400];

	path_of(c, path, sizeof(path), "cell.in");
	c->have_inputs = exists(path) && !cell_inputs_read(path, &c->in, why, sizeof(why));
	if (c->have_inputs || !build_is(c, KMX_BUILD_OK))
		return;
	if (!exists(path))
		snprintf(why, sizeof(why), "the cell's build step left no boot inputs (%s)", path);
	snprintf(c->build, sizeof(c->build), "%s\t0\t%.300s", kmx_build_outcome_name[KMX_BUILD_ERROR], why);
}

/* One boot, whose record is cell.tsv whatever happens. */
static void boot_once(const struct cellrun *c, const char *alone)
{
	char out[4200], log[4200];
	struct boot_opts o = {
		.log_path = log, .out_path = out, .marker = KMX_END_MARKER, .prefix = c->prefix,
		.unbuilt = c->in.unbuilt && *c->in.unbuilt ? c->in.unbuilt : NULL,
		.qemu_pkg = c->in.qemu_pkg && *c->in.qemu_pkg ? c->in.qemu_pkg : NULL,
		.timeout = c->in.boot_timeout, .silence = c->in.boot_silence, .max_wait = c->in.max_wait / 100,
		.head = { c->arch, c->point, c->build, alone }, .qemu = c->in.qemu,
	};

	path_of(c, out, sizeof(out), "cell.tsv");
	path_of(c, log, sizeof(log), "console.log");
	say(c, "booting (console: %s)", log);
	/* Stopped before QEMU started: the machine's (a person's) doing, not the kernel's. */
	if (boot_stop_signal)
		boot_record_only(out, &o.head, KMX_BOOT_INTERRUPTED, "stopped by a signal before the boot");
	else
		boot_run(&o);
	if (!exists(out))
		boot_record_only(out, &o.head, KMX_BOOT_ERROR, "the boot left no record");
}

/* The cell's verdict in one line, as its run judges it. */
static void verdict(const struct cellrun *c, char *out, size_t size)
{
	struct known_breaks kb;
	struct mutants ms;
	struct cell cell;

	cell_load_judged(c->dir, &c->x, &cell, &kb, &ms);
	cell_headline(&cell, out, size);
	for (char *p = out; *p; p++)
		if (*p == '\t' || *p == '\n')
			*p = ' ';
}

/* The boot before, kept: as attempt1/, or beside it as attempt2/. */
static void keep_attempt(const struct cellrun *c)
{
	char aside[4200], from[4200], to[4400];

	path_of(c, aside, sizeof(aside), "attempt1");
	if (exists(aside))
		path_of(c, aside, sizeof(aside), "attempt2");
	remove_tree(aside);
	mkdir(aside, 0777);
	for (const char *const *f = (const char *const[]){ "cell.tsv", "console.log", NULL }; *f; f++) {
		path_of(c, from, sizeof(from), *f);
		snprintf(to, sizeof(to), "%s/%s", aside, *f);
		rename(from, to);
	}
}

/* The boot step: the record, and a second boot when the model wants one. */
static void step_boot(struct cellrun *c)
{
	static char v[8192];

	if (!strcmp(c->step, "again")) {
		build_from_record(c);
		read_inputs(c);
		if (!c->have_inputs)
			die("%s: no cell.in to boot it again with (its build step writes it)", c->dir);
		verdict(c, v, sizeof(v));
		v[ONE_LINE_MAX] = 0;	/* the record's `alone` reason */
		term_printf("%sbooting again, alone: %s\n", c->prefix, v);
		keep_attempt(c);
		boot_once(c, v);
		return;
	}
	build_from_step(c);
	read_inputs(c);
	if (build_is(c, KMX_BUILD_OK))
		boot_once(c, NULL);
	else {
		char out[4200];
		struct cell_head h = { c->arch, c->point, c->build, NULL };

		path_of(c, out, sizeof(out), "cell.tsv");
		boot_record_only(out, &h, KMX_BOOT_NOT_RUN, build_is(c, KMX_BUILD_ERROR) ?
				 "the cell could not be built" : "the build failed");
	}
	if (boot_stop_signal || c->retries <= 0 || !cell_retry_wanted(c->dir, c->in_matrix, &c->x))
		return;
	verdict(c, v, sizeof(v));
	term_printf("%sbooting again: %s\n", c->prefix, v);
	fflush(stdout);
	keep_attempt(c);
	boot_once(c, NULL);
}

/* CELL_DIR/reproduce.sh, by the reproducer script; 0 if it wrote it. */
static int write_reproducer(const struct cellrun *c)
{
	int status;
	pid_t pid;

	if (!c->reproducer)
		return 0;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setenv("ARCH", c->arch, 1);
		setenv("POINT", c->point, 1);
		setenv("CELL_DIR", c->dir, 1);
		setenv("RUN_DIR", c->run_dir, 1);
		setenv("CELL_PKGS", c->in.packages ? c->in.packages : "", 1);
		setenv("CELL_CONFIG", c->in.config ? c->in.config : "", 1);
		setenv("CELL_REV", c->in.commit ? c->in.commit : "", 1);
		execl(c->reproducer, c->reproducer, (char *)NULL);
		_exit(127);
	}
	if (pid < 0)
		return -1;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

/* Once the record is written: the reproducer, the run's reports, the cell's line and the progress. */
static int finish(const struct cellrun *c)
{
	char path[4200];
	int status;

	if (write_reproducer(c))
		fprintf(stderr, "kmatrix: %s: no reproduce.sh was written\n", c->name);
	/* A cell made alone (make cell) is a run of one cell: cells.list makes its folder a run. */
	snprintf(path, sizeof(path), "%s/cells.list", c->run_dir);
	if (!c->in_matrix && !exists(path)) {
		char line[300];

		snprintf(line, sizeof(line), "%s %s\n", c->arch, c->point);
		write_file(path, line);
	}
	if (boot_stop_signal)
		mark_interrupted(c);
	status = cell_done(c->dir, c->not_run_points, &c->x);
	fflush(stdout);
	if (boot_stop_signal)
		return 130;
	return c->in_matrix ? 0 : status;
}

int main(int argc, char **argv)
{
	struct cellrun c = { .retries = 1, .not_run_points = "" };
	int rc;

	/* The build's classification alone, for its tests: LOG and the make's exit status. */
	if (argc == 4 && !strcmp(argv[1], "--classify-build")) {
		build_outcome(argv[2], atoi(argv[3]), 0, 0, c.build, sizeof(c.build));
		printf("%s\n", c.build);
		return 0;
	}
	parse_options(argc, argv, &c);
	boot_catch_signals();
	if (mkdir_p(c.dir))
		die("%s: %s", c.dir, strerror(errno));
	if (c.in_matrix) {
		char path[4200];
		int fd;

		snprintf(path, sizeof(path), "%s/.cells.lock", c.run_dir);
		fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
		while (fd >= 0 && flock(fd, LOCK_SH) && errno == EINTR)
			;
	}
	if (!strcmp(c.step, "build") || !strcmp(c.step, "all")) {
		rc = step_build(&c);
		if (rc || !strcmp(c.step, "build"))
			return rc;
	}
	step_boot(&c);
	return finish(&c);
}
