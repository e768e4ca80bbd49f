// SPDX-License-Identifier: GPL-2.0
/*
 * summary.md: the arch x point grid, every test x cell, and the flips.
 * Every field from a run goes through md_printf()/md_code(), so that a `|`
 * or a newline in it cannot end a cell or a row.
 */
#include <stdlib.h>
#include <string.h>

#include "out.h"

void md_head(FILE *f, const char *rule, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		md_printf(f, " %s |", names[i]);
	fprintf(f, "\n%s", rule);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "---|");
	fputc('\n', f);
}

static void grid_cell(FILE *f, const struct cell *c)
{
	const char *bold = cell_ok(c) ? "" : "**";

	if (c->verdict == CELL_PENDING) {
		fprintf(f, " pending |");
		return;
	}
	md_printf(f, " %s%s%s", bold, cell_status(c), bold);
	if (c->verdict == CELL_INFRA)
		md_printf(f, " (could not be judged: %s)", c->infra_cause);
	if (c->verdict == CELL_KNOWN_BREAK)
		md_printf(f, " (a known break of this tree: %s)", c->known_break);
	fprintf(f, ": %u pass, %u fail, %u skip", c->counts[KMX_PASS],
		c->counts[KMX_FAIL] + c->counts[KMX_ERROR], c->counts[KMX_SKIP]);
	if (c->counts[KMX_FLAKY])
		fprintf(f, ", %u flaky", c->counts[KMX_FLAKY]);
	if (c->unjudged)
		fprintf(f, ", %u unjudged", c->unjudged);
	if (cell_offers_reproducer(c))
		md_printf(f, " ([reproduce](%s/reproduce.sh))", c->dir);
	fprintf(f, " |");
}

static void result(FILE *f, const struct test *t)
{
	if (!t)
		fprintf(f, " |");
	else if (t->unexpected && t->vs_base != BASE_NONE)
		md_printf(f, " **%s** (%s at base%s%s) |", status_name(t->status),
			  t->at_base ? status_name(t->at_base->status) : "none",
			  t->first_bad ? "; regressed by " : "", t->first_bad ? t->first_bad : "");
	else if (t->unexpected)
		fprintf(f, " **%s** (exp. %s) |", status_name(t->status),
			t->judged ? status_name(t->expected) : "pass");
	else if (t->vs_base == BASE_PRE_EXISTING || (t->vs_base == BASE_BASELINE && t->status != KMX_PASS &&
							t->status != KMX_SKIP))
		fprintf(f, " %s (pre-existing) |", status_name(t->status));
	else if (t->unjudged)
		fprintf(f, " %s (unjudged) |", status_name(t->status));
	else
		fprintf(f, " %s |", status_name(t->status));
}

/* One row per test name, in the order the names are first seen over all cells. */
static void tests_table(FILE *f, const struct run *r)
{
	struct name_index seen = { 0 };
	size_t rows = 0;
	unsigned unjudged = 0;

	struct run_totals t;

	run_totals(r, &t);
	for (size_t i = 0; i < r->ncells; i++)
		unjudged += r->cells[i].unjudged;
	fprintf(f, "\nA result in **bold** is unexpected; `(exp. X)` gives the expectation.%s%s\n\n| test |",
		t.against_base ? " `(X at base)`: the same result at the arch's base, which judges a result no "
				 "expectation names; `(pre-existing)`: it fails at base too, and fails nothing." : "",
		unjudged ? " `(unjudged)`: no expectation names the result, or it is not as expected in a cell that could not be judged (shown, not judged)." : "");
	for (size_t i = 0; i < r->ncells; i++)
		md_printf(f, " %s %s |", r->cells[i].arch, r->cells[i].point);
	fprintf(f, "\n|---|");
	for (size_t i = 0; i < r->ncells; i++)
		fprintf(f, "---|");
	fputc('\n', f);
	for (size_t i = 0; i < r->ncells; i++)
		for (size_t j = 0; j < r->cells[i].ntests; j++) {
			const char *name = r->cells[i].tests[j].name;

			if (name_index_add(&seen, name, rows) != rows)
				continue;	/* a row of its own already */
			rows++;
			fprintf(f, "| ");
			md_code(f, name);
			fprintf(f, " |");
			for (size_t k = 0; k < r->ncells; k++)
				result(f, cell_find_test(&r->cells[k], name));
			fputc('\n', f);
		}
	name_index_free(&seen);
}

/* make coverage's cells: per patch, the changed lines run (coverage.md has each line). */
static void coverage_table(FILE *f, const struct run *r)
{
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		const struct coverage_tally *a = &c->coverage_all;

		if (!c->has_coverage)
			continue;
		md_printf(f, "\n## Series coverage on %s at %s\n\nLines run: %u/%u, branch directions taken: %u/%u "
			  "(%u lines cannot run here); each line in [coverage.md](%s/coverage.md).\n\n"
			  "| patch | lines run | branch directions | cannot run here |\n|---|---|---|---|\n",
			  c->arch, c->point, a->run, a->code, a->br_taken, a->br_total, a->elsewhere, c->dir);
		for (size_t p = 0; p < c->ncoverage; p++) {
			const struct coverage_tally *t = &c->coverage[p];

			md_printf(f, "| %s | %u/%u | %u/%u | %u |\n", t->patch, t->run, t->code, t->br_taken,
				  t->br_total, t->elsewhere);
		}
	}
}

int write_markdown(const struct run *r)
{
	struct out o;
	FILE *f = out_open(&o, r->dir, "summary.md");
	char subject[1024];

	if (!f)
		return -1;
	run_subject(r, subject, sizeof(subject));
	md_printf(f, "# kmatrix run %s\n\n%s.\n\n", r->id, subject);
	put_list(f, md_printf, "The series met this tree with offsets (no fuzz):\n\n", "- %s\n", "\n", r->offsets,
		 r->noffsets);
	put_list(f, md_printf, "", "Note: %s\n", "\n", r->notes, r->nnotes);
	fprintf(f, "| arch |");
	md_head(f, "|---|", r->points, r->npoints);
	for (size_t a = 0; a < r->narchs; a++) {
		md_printf(f, "| %s |", r->archs[a]);
		for (size_t p = 0; p < r->npoints; p++) {
			const struct cell *c = run_find_cell(r, r->archs[a], r->points[p]);

			if (c)
				grid_cell(f, c);
			else
				fprintf(f, " |");
		}
		fputc('\n', f);
	}
	tests_table(f, r);
	coverage_table(f, r);
	if (r->nflips)
		fputc('\n', f);
	write_flips_md(f, r, NULL);
	return out_commit(&o);
}

/* "Where results change along the points", of one arch or (NULL) all; 0 if none changes. */
int write_flips_md(FILE *f, const struct run *r, const char *arch)
{
	int n = 0;

	for (size_t i = 0; i < r->nflips; i++) {
		const struct flip *x = &r->flips[i];

		if (arch && strcmp(x->to->arch, arch))
			continue;
		if (!n++)
			fprintf(f, "## Where results change along the points\n\n"
				"| arch | test | from | to | at point |\n|---|---|---|---|---|\n");
		md_printf(f, "| %s | ", x->to->arch);
		md_code(f, x->now->name);
		md_printf(f, " | %s | %s | %s (after %s) |\n", status_name(x->was->status),
			  status_name(x->now->status), x->to->point, x->from->point);
	}
	return n;
}
