// SPDX-License-Identifier: GPL-2.0
/*
 * The cell record loader on any record: the input is up to five files cut
 * at form feeds ('\f'): the cell's cell.tsv, its first attempt's
 * (attempt1/cell.tsv: the cell was booted twice), the run's
 * known-breaks.tsv, the expectations, and a boot set aside
 * (attempt2/cell.tsv: the cell was booted again alone at the run's end). A part that is not there is no
 * file; a cell.tsv of just "-" is none either (a cell that did not finish:
 * loaded as the run is over, going on, and interrupted). Loaded as report
 * loads a cell, judged twice (a judgement must hold however often it is
 * made), then freed.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "run.h"

const char *progname = "fuzz-cell";

static const char *const subdirs[] = { "m68k-base", "m68k-base/attempt1", "m68k-base/attempt2", NULL };
static const char *const files[] = {
	"m68k-base/cell.tsv", "m68k-base/attempt1/cell.tsv", "known-breaks.tsv", "expect.tsv",
	"m68k-base/attempt2/cell.tsv",
};
#define NFILES (sizeof(files) / sizeof(*files))

static void known_breaks_free(struct known_breaks *kb)
{
	for (size_t i = 0; i < kb->n; i++) {
		struct known_break *b = &kb->b[i];

		free(b->arch), free(b->point), free(b->stage), free(b->match), free(b->reason);
	}
	free(kb->b);
}

static void check(const struct cell *c)
{
	unsigned sum = 0;

	FUZZ_ASSERT(c->verdict <= CELL_OK);
	FUZZ_ASSERT(cell_status(c) && c->arch && c->point);
	FUZZ_ASSERT(c->unexpected <= c->ntests);
	for (size_t i = 0; i < c->ntests; i++) {
		const struct test *t = &c->tests[i];

		FUZZ_ASSERT(t->status < KMX_NTEST_STATUS);
		FUZZ_ASSERT(t->name && t->reason && t->diag);
		FUZZ_ASSERT(cell_find_test(c, t->name));
	}
	for (size_t s = 0; s < KMX_NTEST_STATUS; s++)
		sum += c->counts[s];
	FUZZ_ASSERT(sum == c->ntests);
	FUZZ_ASSERT((c->verdict == CELL_INFRA) == !!c->infra_cause);
	FUZZ_ASSERT((c->verdict == CELL_KNOWN_BREAK) == !!c->known_break);
	/* A cell booted alone once is never asked for again. */
	FUZZ_ASSERT(!(c->alone && cell_wants_alone_boot(c)));
	for (size_t i = 0; i < c->ntests; i++)
		FUZZ_ASSERT(!(c->tests[i].unexpected && c->tests[i].unjudged));
}

static void load_and_judge(const char *dir, const struct known_breaks *kb, const struct expectations *x,
			   int run_over)
{
	struct cell c;

	run_load_cell(&c, dir, "m68k-base", run_over);
	c.known_breaks = kb;
	c.expectations = x;
	cell_judge(&c);
	check(&c);
	cell_judge(&c);
	check(&c);
	cell_clear(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_part part[NFILES];
	size_t n = fuzz_split(data, size, '\f', part, NFILES);
	const char *dir = fuzz_dir(subdirs);
	int none = part[0].len == 1 && part[0].p[0] == '-';
	struct known_breaks kb;
	struct expectations x = { 0 };
	char path[4200];

	for (size_t i = 0; i < NFILES; i++)
		fuzz_put(files[i], i < n && !(i == 0 && none) ? part[i].p : NULL, i < n ? part[i].len : 0);
	if (n > 3)
		expectations_load(&x, fuzz_path(files[3], path, sizeof(path)));
	known_breaks_load(&kb, dir);
	load_and_judge(dir, &kb, &x, 1);
	if (none) {
		load_and_judge(dir, &kb, &x, 0);
		load_and_judge(dir, &kb, &x, -1);
	}
	known_breaks_free(&kb);
	expectations_clear(&x);
	return 0;
}
