// SPDX-License-Identifier: GPL-2.0
/* summary.md: the arch x point grid, every test x cell, and the flips. */
#include <string.h>

#include "out.h"

static void grid_cell(FILE *f, const struct cell *c)
{
	const char *bold = cell_ok(c) ? "" : "**";

	if (c->verdict == CELL_PENDING) {
		fprintf(f, " pending |");
		return;
	}
	fprintf(f, " %s%s%s", bold, cell_status(c), bold);
	if (c->verdict == CELL_INFRA)
		fprintf(f, " (could not be judged: %s)", c->infra_cause);
	if (c->verdict == CELL_KNOWN_BREAK)
		fprintf(f, " (a known break of this tree: %s)", c->known_break);
	fprintf(f, ": %u pass, %u fail, %u skip", c->counts[KMX_PASS],
		c->counts[KMX_FAIL] + c->counts[KMX_ERROR], c->counts[KMX_SKIP]);
	if (c->counts[KMX_FLAKY])
		fprintf(f, ", %u flaky", c->counts[KMX_FLAKY]);
	fprintf(f, " |");
}

/* A test's row, the first time its name is seen over all cells. */
static int seen_before(const struct run *r, size_t i, size_t j)
{
	const char *name = r->cells[i].tests[j].name;

	for (size_t k = 0; k <= i; k++)
		for (size_t m = 0; m < (k < i ? r->cells[k].ntests : j); m++)
			if (!strcmp(r->cells[k].tests[m].name, name))
				return 1;
	return 0;
}

int write_markdown(const struct run *r)
{
	struct out o;
	FILE *f = out_open(&o, r->dir, "summary.md");
	char subject[1024];

	if (!f)
		return -1;
	run_subject(r, subject, sizeof(subject));
	fprintf(f, "# kmatrix run %s\n\n%s.\n\n", r->id, subject);
	if (r->noffsets)
		fprintf(f, "The series met this tree with offsets (no fuzz):\n\n");
	for (size_t i = 0; i < r->noffsets; i++)
		fprintf(f, "- %s\n%s", r->offsets[i], i + 1 == r->noffsets ? "\n" : "");
	for (size_t i = 0; i < r->nnotes; i++)
		fprintf(f, "Note: %s\n%s", r->notes[i], i + 1 == r->nnotes ? "\n" : "");
	fprintf(f, "| arch |");
	for (size_t p = 0; p < r->npoints; p++)
		fprintf(f, " %s |", r->points[p]);
	fprintf(f, "\n|---|");
	for (size_t p = 0; p < r->npoints; p++)
		fprintf(f, "---|");
	fputc('\n', f);
	for (size_t a = 0; a < r->narchs; a++) {
		fprintf(f, "| %s |", r->archs[a]);
		for (size_t p = 0; p < r->npoints; p++) {
			const struct cell *c = run_find_cell(r, r->archs[a], r->points[p]);

			if (c)
				grid_cell(f, c);
			else
				fprintf(f, " |");
		}
		fputc('\n', f);
	}
	fprintf(f, "\nA result in **bold** is unexpected; `(exp. X)` gives the expectation.\n\n| test |");
	for (size_t i = 0; i < r->ncells; i++)
		fprintf(f, " %s %s |", r->cells[i].arch, r->cells[i].point);
	fprintf(f, "\n|---|");
	for (size_t i = 0; i < r->ncells; i++)
		fprintf(f, "---|");
	fputc('\n', f);
	for (size_t i = 0; i < r->ncells; i++)
		for (size_t j = 0; j < r->cells[i].ntests; j++) {
			const char *name = r->cells[i].tests[j].name;

			if (seen_before(r, i, j))
				continue;
			fprintf(f, "| `%s` |", name);
			for (size_t k = 0; k < r->ncells; k++) {
				const struct test *t = cell_find_test(&r->cells[k], name);

				if (!t)
					fprintf(f, " |");
				else if (t->unexpected)
					fprintf(f, " **%s** (exp. %s) |", status_name(t->status),
						t->judged ? status_name(t->expected) : "pass");
				else
					fprintf(f, " %s |", status_name(t->status));
			}
			fputc('\n', f);
		}
	if (r->nflips)
		fprintf(f, "\n## Where results change along the points\n\n"
			"| arch | test | from | to | at point |\n|---|---|---|---|---|\n");
	for (size_t i = 0; i < r->nflips; i++) {
		const struct flip *x = &r->flips[i];

		fprintf(f, "| %s | `%s` | %s | %s | %s (after %s) |\n", x->to->arch, x->now->name,
			status_name(x->was->status), status_name(x->now->status), x->to->point, x->from->point);
	}
	return out_commit(&o);
}
