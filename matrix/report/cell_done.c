// SPDX-License-Identifier: GPL-2.0
/*
 * A cell as its run judges it, for the cell program (cellrun) and report's
 * commands on one cell: the cell loaded and judged, whether it is worth a
 * second boot at once, and what follows its record (the run's reports, the
 * cell's line, the run's progress).
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "out.h"
#include "run.h"
#include "usage.h"

/*
 * Loads the cell at ARG (CELL_DIR or CELL_DIR/cell.tsv) and judges it as its
 * run does: by the run's known breaks, and a mutant by its base's
 * expectations (kb and ms hold them, for as long as the cell is used).
 */
void cell_load_judged(const char *arg, const struct expectations *x, struct cell *c,
		      struct known_breaks *kb, struct mutants *ms)
{
	char real[4096], *slash;
	size_t n;

	if (!realpath(arg, real))
		die("%s: no such cell", arg);
	n = strlen(real);
	if (n > 9 && !strcmp(real + n - 9, "/cell.tsv"))
		real[n - 9] = 0;
	slash = strrchr(real, '/');
	if (!slash || slash == real)
		die("%s: a cell is a folder inside a run", arg);
	*slash = 0;
	run_load_cell(c, real, slash + 1, 1);
	known_breaks_load(kb, real);
	c->known_breaks = kb;
	c->expectations = x;
	mutants_load(ms, real);
	c->judged_as = mutants_base_of(ms, c->point);
	/* As in the run: its results against those of the arch's base cell there. */
	if (cell_is_base(c))
		c->is_reference = !ms->n && run_lists_other_point(real, c->arch, c->point);
	else if (!c->judged_as) {
		struct cell *base = xrealloc(NULL, sizeof(*base));
		char name[512], path[4700];

		snprintf(name, sizeof(name), "%s-base", c->arch);
		snprintf(path, sizeof(path), "%s/%s/cell.tsv", real, name);
		if (!access(path, F_OK)) {
			run_load_cell(base, real, name, 1);
			base->known_breaks = kb;
			base->expectations = x;
			base->is_reference = 1;
			cell_judge(base);
			cell_set_base(c, base);
		}
	}
	cell_judge(c);
}

/* Whether the cell at CELL_DIR is booted again at once (judge.c's cell_wants_retry()). */
int cell_retry_wanted(const char *cell_dir, int in_matrix, const struct expectations *x)
{
	struct known_breaks kb;
	struct mutants ms;
	struct cell c;

	cell_load_judged(cell_dir, x, &c, &kb, &ms);
	return cell_wants_retry(&c, in_matrix);
}

/*
 * The run's progress when a cell ends: cells done, and the time to go if
 * the cells still to run take as long as those that ran did on average.
 * The cells at the points of not_run (" p q ": the series does not apply)
 * end at once, so they count as neither.
 */
static void print_progress(const struct run *r, const char *run_dir, const char *not_run)
{
	size_t done = 0, ran = 0, to_run = 0;
	char path[4200];
	struct stat st;
	long elapsed, left;

	for (size_t j = 0; j < r->ncells; j++) {
		const struct cell *c = &r->cells[j];
		char word[600];
		int runs;

		snprintf(word, sizeof(word), " %s ", c->point);
		runs = !strstr(not_run, word);
		to_run += runs;
		if (c->verdict == CELL_PENDING)
			continue;
		done++;
		ran += runs;
	}
	snprintf(path, sizeof(path), "%s/cells.list", run_dir);
	if (stat(path, &st))
		return;
	elapsed = (long)(time(NULL) - st.st_mtime);
	left = elapsed * (long)(to_run - ran) / (long)(ran ? ran : 1);
	printf("  [%zu/%zu cells done, %zu left, %ldm%02lds so far, about %ldm%02lds to go]\n", done, r->ncells,
	       r->ncells - done, elapsed / 60, elapsed % 60, left / 60, left % 60);
}

/*
 * A cell's record is written: the run's reports, the cell's line, the run's
 * progress (not_run: the points whose cells will not run, space-separated).
 */
int cell_done(const char *cell_dir, const char *not_run_points, const struct expectations *x)
{
	char real[4096], not_run[4096], *slash;
	const struct cell *c;
	struct run r;

	snprintf(not_run, sizeof(not_run), " %s ", not_run_points ? not_run_points : "");
	if (!realpath(cell_dir, real) || !(slash = strrchr(real, '/')) || slash == real)
		die("%s: no such cell", cell_dir);
	*slash = 0;
	if (!run_is_run(real))
		die("%s: not a run (a run is a folder with a cells.list)", real);
	run_load(&r, real, x);
	if (write_json(&r) || write_junit(&r) || write_markdown(&r) || write_kcidb(&r) ||
	    write_html(&r, NULL) || write_mutants_json(&r) || write_mutants_md(&r))
		return 1;
	for (c = r.cells; c < r.cells + r.ncells; c++)
		if (!strcmp(c->dir, slash + 1))
			break;
	if (c == r.cells + r.ncells)
		die("%s/%s: not a cell of its run's cells.list", real, slash + 1);
	print_cell_line(c);
	if (r.ncells > 1)
		print_progress(&r, real, not_run);
	return cell_ok(c) ? 0 : 1;
}

