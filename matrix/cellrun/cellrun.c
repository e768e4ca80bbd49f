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

static void __attribute__((noreturn)) usage(void)
{
	fprintf(stderr, "usage: cellrun [--expect FILE] --run RUN_DIR RUN_ID --locks DIR [--retries N]\n"
		"               [--in-matrix] [--verbose] [--series-error FILE] [--not-run-points \"P...\"]\n"
		"               [--reproducer SCRIPT] --cell ARCH POINT all|build|boot|again\n"
		"       cellrun --classify-build LOG EXIT_STATUS\n");
	exit(2);
}

/* A line about the cell: "  [arch point] ...". */
void say(const struct cellrun *c, const char *fmt, ...)
{
	va_list ap;

	fputs(c->prefix, stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void path_of(const struct cellrun *c, char *out, size_t size, const char *name)
{
	snprintf(out, size, "%s/%s", c->dir, name);
}

int exists(const char *path)
{
	return !access(path, F_OK);
}

/* Whether the build's line says outcome o. */
int build_is(const struct cellrun *c, enum kmx_build_outcome o)
{
	size_t n = strlen(kmx_build_outcome_name[o]);

	return !strncmp(c->build, kmx_build_outcome_name[o], n) && (c->build[n] == '\t' || !c->build[n]);
}

/* RUN_DIR/.interrupted: the reports take the run as ended interrupted (lib.sh's mark_interrupted). */
void mark_interrupted(const struct cellrun *c)
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

int write_file(const char *path, const char *text)
{
	char tmp[4200];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (!(f = fopen(tmp, "w")))
		return -1;
	fputs(text, f);
	return fclose(f) || rename(tmp, path) ? -1 : 0;
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
	int status;

	if (write_reproducer(c))
		fprintf(stderr, "kmatrix: %s: no reproduce.sh was written\n", c->name);
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
	/* A cell is a cell of a run, which run-open.sh opened (make matrix, make cell). */
	if (!run_is_run(c.run_dir))
		die("%s: not a run (no cells.list): matrix/run-open.sh opens a run, and make cell and "
		    "make matrix call it", c.run_dir);
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
