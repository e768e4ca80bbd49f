// SPDX-License-Identifier: GPL-2.0
/*
 * coverage: which lines of a series the guest's programs ran (make coverage).
 *
 *   coverage extract CONSOLE BUILD OUTDIR
 *       The gcov data a coverage boot wrote on its console (vocab.h,
 *       KMX_GCOV) as files: OUTDIR/PROFILE/<path in BUILD>.gcda, one folder
 *       per profile ("boot", then each program), and OUTDIR/profiles.tsv
 *       (PROFILE, files kept, files damaged). A file whose sum or size does
 *       not match (a kernel message cut into its lines, say) is left out and
 *       counted as damaged. Exit 1 when the console holds no profile.
 *
 *   coverage report --arch A --point P --lines LINES --files FILES
 *                   --tree TREE --out DIR [--unreachable FILE]
 *                   [--mutants FILE [--no-mutant FILE]] COVDIR
 *       LINES: FILE, LINE, PATCH, TEXT per line the series changed (git
 *       blame BASE..POINT at POINT). FILES: FILE, STATE, REASON per file it
 *       changed; STATE is `profiled` (a .c built with gcov), `header`
 *       (reached through the objects that include it), or a reason the file
 *       cannot run here (`other-arch`, `not-built`). COVDIR: what extract
 *       wrote, plus PROFILE.gcov (gcov -b -c -t of that profile's files).
 *       --unreachable: the series' own word on lines no test can run
 *       (FILE, TEXT, ARCHES, REASON a line: a changed line of FILE whose
 *       code holds TEXT, or is it when TEXT is `^...$`, on ARCHES, `*` for
 *       all): such a line, not run, is
 *       `unreachable` with the reason and not counted; run, it is counted
 *       run and the report says the reason is wrong.
 *       --mutants: FILE, LINE, MUTANT per line a mutant of the catalogue
 *       changes: the report names them beside each line, and lists the
 *       lines run that no mutant changes (the tests' checks of those are
 *       unmeasured). --no-mutant: the series' word on lines no mutant
 *       can change (the --unreachable form): the list gives each its
 *       reason.
 *       Writes DIR/coverage.md and DIR/coverage.tsv, and prints the closing
 *       line: lines run of the executable changed lines, branch directions
 *       taken of theirs.
 *
 * gcov itself reads the counters (it knows the compiler's notes format);
 * this tool only joins its text output to the series' lines. A changed
 * line gcov shows as `-` holds no code (a declaration, a brace, a
 * comment) and is not counted.
 *
 * Here only the command line; the jobs are coverage_extract.c,
 * coverage_lines.c (the series' lists), coverage_gcov.c (gcov's text) and
 * coverage_report.c, joined by coverage.h.
 */
#include <stdio.h>
#include <string.h>

#include "coverage.h"

const char *progname = "coverage";

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "extract"))
		return cmd_extract(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_report(argc - 1, argv + 1);
	fprintf(stderr, "usage: coverage extract CONSOLE BUILD OUTDIR\n"
		"       coverage report --arch A --point P --lines LINES --files FILES --tree TREE --out DIR\n"
		"                       [--unreachable FILE] [--mutants FILE [--no-mutant FILE]] COVDIR\n");
	return 2;
}
