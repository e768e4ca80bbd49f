// SPDX-License-Identifier: GPL-2.0
/* report's usage: every command, what it does, and its exit status. */
#include <stdio.h>

#include "report.h"

static const char usage_text[] =
	"usage: report [--expect FILE] summary [--previous RUN] [--table] [--quiet] RUN\n"
	"       report [--expect FILE] cell CELL_DIR[/cell.tsv]\n"
	"       report [--expect FILE] reproduced CELL_DIR NEW_CELL_DIR\n"
	"       report [--expect FILE] compare [--by-test] RUN_A RUN_B\n"
	"       report [--expect FILE] history OUT_DIR [RUN...]\n"
	"       report runs [--except RUN] [--series NAME] [--kind matrix|mutants] RESULTS_DIR\n"
	"       report order RUN\n"
	"       report [--expect FILE] again RUN\n"
	"       report [--expect FILE] regressions RUN\n"
	"       report [--expect FILE] flips [--arch ARCH] RUN\n"
	"       report vocab\n"
	"       report [--expect FILE] query CELL_DIR build|boot|qemu|tests|probe TEST [KEY]\n"
	"\n"
	"  summary  write RUN's summary.json, junit.xml, summary.md and index.html (and\n"
	"           mutants.json and mutants.md for a `make mutants` run);\n"
	"           --previous (default: the run's own `previous` line) adds what changed\n"
	"  cell     one cell's line; exit 0 only if the cell is ok\n"
	"  reproduced  whether NEW_CELL_DIR (a cell's reproduce.sh) came out as\n"
	"           CELL_DIR did: each failed result again, no other one failing;\n"
	"           exit 0 if so\n"
	"  compare  what changed from RUN_A to RUN_B; exit 1 if RUN_B is worse\n"
	"  history  OUT_DIR/history.html over the runs (default: the runs in OUT_DIR)\n"
	"  runs     the runs in RESULTS_DIR (folders with a cells.list), oldest first\n"
	"  order    the cells of RUN's cells.list as make goals (cell/ARCH/POINT), in\n"
	"           the order the cells' make starts them: the arches by their cells'\n"
	"           time in RUN's previous run, longest first (one it did not have\n"
	"           first of all), each arch's cells in their given order\n"
	"  again    ARCH/POINT of each cell a matrix boots again alone at its end: a\n"
	"           time limit ran out (a boot timeout, an unexpected TIMEOUT, or infra:\n"
	"           host overloaded)\n"
	"  regressions  ARCH, POINT, TEST, KEY, KIND of each result that regressed\n"
	"           against base (KIND regression) or fails and is new (KIND new), at\n"
	"           the first point of its arch where it did (TSV; KEY: a selftest's\n"
	"           PROGRAM#N, what stays when its message changes)\n"
	"  flips    the results that change along the points (of ARCH), as\n"
	"           summary.md's section; exit 0 if there are some\n"
	"  vocab    the status and outcome names and the end marker, for scripts\n"
	"  query    what a script needs of one cell's record, so that no script\n"
	"           parses it: build, boot (STATUS SECONDS REASON), qemu (the\n"
	"           command), tests (NAME STATUS a line), probe TEST (the judged\n"
	"           cell: build-STATUS, boot-STATUS, TEST's status, else the status\n"
	"           of the result with KEY, or missing)\n"
	"\n"
	"Exit status: 0 when every cell built, booted, reported and nothing was\n"
	"unexpected (for a mutants run: when no mutant survived, is invalid or\n"
	"unjudged); 1 otherwise; 2 for bad usage or a run that is not a run.\n";

int usage(void)
{
	fputs(usage_text, stderr);
	return 2;
}
